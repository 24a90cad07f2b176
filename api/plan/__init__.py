"""The signed-in user's plan: the planning engine fed with their saved data and preferences."""
