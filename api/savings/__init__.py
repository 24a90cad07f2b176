"""Savings items and the savings & investments summary."""
