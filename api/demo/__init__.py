"""The demo account: a realistic Toronto household across every resource."""
