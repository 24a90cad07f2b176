"""FIRE Path's FastAPI core: auth, per-user resources, analytics, admin and the planning engine."""
