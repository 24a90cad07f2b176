"""Evaluation cases and runners for the coach and the knowledge search."""
