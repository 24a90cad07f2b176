"""The user's income sources."""
