"""What every result carries so a client or the coach can show where a number came from."""

from __future__ import annotations

from pydantic import BaseModel, Field


class Assumptions(BaseModel):
    """Rates used (fractions), the tax year, limits used (dollars or counts), data sources and notes."""

    rates: dict[str, float] = Field(default_factory=dict)
    tax_year: int | None = None
    limits: dict[str, float] = Field(default_factory=dict)
    data_source: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
