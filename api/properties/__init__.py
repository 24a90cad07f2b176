"""Real estate and other property."""
