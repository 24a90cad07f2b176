"""The FI coach's server side: threads, approved changes with undo, the daily model-call budget, the stream."""
