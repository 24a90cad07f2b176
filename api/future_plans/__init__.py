"""Future plans: income growth and dated changes to income and expenses."""
