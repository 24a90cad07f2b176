"""Product analytics: our own event store and feature usage."""
