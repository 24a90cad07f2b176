"""Bank and investment accounts."""
