"""Profile completion: the 11 section scores and the overall percent (spec section 5, "Progress rules")."""
