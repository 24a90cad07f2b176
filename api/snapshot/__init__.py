"""The dashboard snapshot: every headline number in one answer."""
