"""Financial goals."""
