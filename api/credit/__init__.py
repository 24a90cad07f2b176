"""Credit: score and summary, credit cards, lines of credit."""
