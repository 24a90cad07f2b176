"""The one error the engine raises for bad input; the HTTP layer turns it into a 422 naming the field."""

from __future__ import annotations


class PlanningInputError(ValueError):
    """An input the engine cannot compute with; `field` names it (dotted for nested inputs)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def check_rate(field: str, value: float) -> float:
    """Rates are fractions between -100% and 100%."""
    if not -1.0 <= value <= 1.0:
        raise PlanningInputError(field, "must be a fraction between -1 and 1 (0.05 = 5%)")
    return value


def check_non_negative(field: str, value: float) -> float:
    if value < 0:
        raise PlanningInputError(field, "must be zero or more")
    return value
