"""Outgoing e-mail: through SMTP when configured, else into an outbox folder for local use."""
