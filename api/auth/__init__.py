"""Authentication: users, identities, sessions, refresh tokens, one-time tokens and roles."""
