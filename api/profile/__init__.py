"""The user's personal profile."""
