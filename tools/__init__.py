"""Typed tools the coach calls, each a thin wrapper over an `api` service, bound to one user."""
