"""The user's activity log (newest 50 kept)."""
