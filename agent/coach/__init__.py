"""The FI coach: a LangGraph agent over the typed tools in `tools/`, its prompts, model choice and number check."""
