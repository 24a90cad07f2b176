"""Shared plumbing: settings, database, errors, security, logging and background tasks."""
