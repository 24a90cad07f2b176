"""The knowledge base's API: help search and topics, education articles, the guided tour (public)."""
