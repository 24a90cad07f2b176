"""The budget: needs / wants / savings / investments and the registered-account split."""
