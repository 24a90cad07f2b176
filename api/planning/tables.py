"""Year tables read from `api/planning/data/` (one place to update each January)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Final

from api.planning.canada import PROVINCE_CODES
from api.planning.errors import PlanningInputError

PROVINCES: Final = PROVINCE_CODES


def _load(name: str) -> Any:
    return json.loads(resources.files("api.planning").joinpath("data", name).read_text(encoding="utf-8"))


@lru_cache
def tax_tables() -> dict[str, Any]:
    data: dict[str, Any] = _load("canada_tax.json")
    return data


@lru_cache
def account_tables() -> dict[str, Any]:
    data: dict[str, Any] = _load("canada_accounts.json")
    return data


def tax_years() -> list[int]:
    return sorted(int(y) for y in tax_tables()["years"])


def tax_year(year: int, field: str = "year") -> dict[str, Any]:
    """The federal, payroll and provincial tables of one tax year."""
    years = tax_tables()["years"]
    if str(year) not in years:
        raise PlanningInputError(field, f"no tax tables for {year}; available: {', '.join(map(str, tax_years()))}")
    table: dict[str, Any] = years[str(year)]
    return table


def province_table(year: int, province: str, field: str = "province") -> dict[str, Any]:
    table = tax_year(year)
    code = province.upper()
    if code not in table["provinces"]:
        raise PlanningInputError(field, f"unknown province or territory {province!r}; "
                                        f"use one of {', '.join(PROVINCES)}")
    prov: dict[str, Any] = table["provinces"][code]
    return prov


def year_value(table: dict[str, Any], year: int, field: str, what: str) -> Any:
    """A figure keyed by year in a data table, or a 422-style error naming `field`."""
    if str(year) not in table:
        known = ", ".join(sorted(table))
        raise PlanningInputError(field, f"no {what} for {year}; available: {known}")
    return table[str(year)]
