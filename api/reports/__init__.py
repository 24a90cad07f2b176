"""Error reports sent from the client's error screen."""
