"""A goal the extractor names with spaces only is dropped with the proposal's other invalid values, as an empty
name was: the data API refuses blank goal names, so it must not reach the save after the user confirmed."""

from __future__ import annotations

from agent.onboarding.graph import _valid_fields


def test_a_blank_goal_name_is_dropped_before_the_proposal() -> None:
    extracted = {"age": {"value": 34}, "goals": [{"name": "   ", "category": "travel", "target_amount": 5000,
                                                  "target_date": None}]}
    fields = _valid_fields(extracted)
    assert fields.age == 34 and fields.goals == []
