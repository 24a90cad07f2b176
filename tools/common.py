"""Helpers every tool module shares: running a service in the user's transaction, money formatting, the
user's province as a tax-table code, the tax year in force, and per-user name enumerations."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field, WithJsonSchema, create_model
from sqlalchemy.orm import Session

from api.planning.canada import Province
from api.planning.tables import tax_years
from tools.base import ToolContext

T = TypeVar("T")
DEFAULT_PROVINCE: Province = "ON"
CENT = Decimal("0.01")
def in_session(context: ToolContext, work: Callable[[Session], T]) -> T:
    """Run `work` in one short transaction bound to the context's user (committed when it returns)."""
    with context.session() as session:
        return work(session)


def fmt_money(value: Decimal | float | int | None) -> str:
    """Money as people write it: whole dollars from $1,000 up ($1,235), cents below only when there are any
    ($12.50, $12); negative as -$1,235; 'n/a' for None."""
    if value is None:
        return "n/a"
    amount = Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_UP)
    sign = "-" if amount < 0 else ""
    magnitude = abs(amount)
    if magnitude >= 1000 or magnitude == magnitude.to_integral_value():
        return f"{sign}${magnitude.quantize(Decimal(1), rounding=ROUND_HALF_UP):,}"
    return f"{sign}${magnitude:,.2f}"


def fmt_rate(value: Decimal | float | None) -> str:
    """0.0425 as 4.3%, 0.05 as 5%: percentages to one decimal, as people read them."""
    if value is None:
        return "n/a"
    return f"{float(value) * 100:.1f}".rstrip("0").rstrip(".") + "%"


def cents(value: Decimal | float | int) -> Decimal:
    return Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_UP)


def tax_year_for(year: int) -> int:
    """The tax year whose tables apply to `year`: itself when shipped, else the nearest shipped year."""
    years = tax_years()
    return min(max(year, years[0]), years[-1])


def unique(names: Sequence[str]) -> list[str]:
    """Names in order, without blanks or repeats (an enumeration cannot hold the same value twice)."""
    seen: list[str] = []
    for name in names:
        if name and name not in seen:
            seen.append(name)
    return seen


def name_choice(names: Sequence[str]) -> Any:
    """A `Literal` of the user's own names, or `str` when they have none (so the schema stays valid)."""
    values = unique(names)
    if not values:
        return str
    # An explicit enum: pydantic writes a one-value Literal as "const", which not every model reads.
    return Annotated[Literal[tuple(values)], WithJsonSchema({"type": "string", "enum": values})]


def optional_name_input(model_name: str, field: str, names: Sequence[str], description: str,
                        doc: str) -> type[BaseModel]:
    """An input model with one optional field whose values are the user's own names."""
    choice = name_choice(names)
    listed = ", ".join(repr(n) for n in unique(names)) or "none saved yet"
    text = f"{description} Saved: {listed}."
    fields: dict[str, Any] = {field: (choice | None, Field(default=None, description=text))}
    return create_model(model_name, __doc__=doc, __base__=NoExtra, **fields)


class NoExtra(BaseModel):
    """Base of tool inputs: unknown arguments are refused, so a typo in a field name is a clear error."""

    model_config = {"extra": "forbid"}


def label_of(value: object) -> str:
    return str(value).replace("_", " ")


def as_json(model: BaseModel | None) -> dict[str, Any] | None:
    return None if model is None else model.model_dump(mode="json")


def diff(before: dict[str, Any] | None, after: dict[str, Any],
         labels: dict[str, str]) -> list[tuple[str, str, Any, Any]]:
    """(field, label, before, after) for each field whose value changes."""
    out = []
    for key, value in after.items():
        old = None if before is None else before.get(key)
        if old != value:
            out.append((key, labels.get(key, label_of(key).capitalize()), old, value))
    return out
