"""Stateless calculators under /api/v1/calc: the planning engine over HTTP, no sign-in needed."""
