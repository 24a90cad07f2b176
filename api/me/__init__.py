"""The signed-in user's account: role lookup and account deletion."""
