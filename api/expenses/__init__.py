"""Monthly expenses: housing plus itemised needs, wants and bad habits."""
