"""The planning engine: pure, vectorised NumPy functions behind the calculators, the user's plan, the
coach's tools and the FIRE report. Nothing here touches the database or the web framework; year tables
live in `api/planning/data/` with their sources."""
