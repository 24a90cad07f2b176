"""LangGraph graphs: the FI coach and voice onboarding (built in the coach issue)."""
