"""Net worth: how it is computed and the nightly snapshots that chart it over time."""
