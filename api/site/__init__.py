"""Public facts about this deployment that the web client shows (the contact address)."""
