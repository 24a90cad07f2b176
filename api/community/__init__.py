"""The community forum: posts, comments, reactions and reports."""
