"""Government pensions and RRIF minimums: CPP from 60 to 70, OAS from 65 to 70 with its recovery tax,
and RRIF minimum withdrawals by age (canada_accounts.json names the sources)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from api.planning.errors import PlanningInputError, check_non_negative, check_rate
from api.planning.tables import account_tables, year_value


@dataclass(frozen=True)
class CppEstimate:
    start_age_months: int
    adjustment: float
    monthly_at_65: float
    monthly: float
    annual: float
    break_even_age_vs_65: float | None


def _age_months(age: float, field: str, lowest: int, highest: int) -> int:
    months = round(age * 12)
    if not lowest * 12 <= months <= highest * 12:
        raise PlanningInputError(field, f"must be between {lowest} and {highest}")
    return months


def cpp_pension(*, start_age: float, year: int, monthly_at_65: float | None = None) -> CppEstimate:
    """CPP retirement pension started at `start_age` (60 to 70, by month). Without an estimate at 65 (from
    the user's Service Canada statement), the year's maximum is used."""
    t = account_tables()["cpp"]
    months = _age_months(start_age, "start_age", t["earliest_age"], t["latest_age"])
    base = monthly_at_65 if monthly_at_65 is not None else float(
        year_value(t["max_monthly_at_65"], year, "year", "CPP maximum"))
    check_non_negative("monthly_at_65", base)
    delta = months - 65 * 12
    factor = 1 + (t["late_increase_per_month"] * delta if delta > 0 else t["early_reduction_per_month"] * delta)
    monthly = base * factor
    return CppEstimate(start_age_months=months, adjustment=factor, monthly_at_65=base, monthly=monthly,
                       annual=monthly * 12, break_even_age_vs_65=_break_even(months, factor))


def _break_even(start_months: int, factor: float) -> float | None:
    """Age at which a pension started at `start_months` (paying `factor` times 65's) catches up with, or is caught
    by, the same pension started at 65, counting payments received (indexed, so no discounting)."""
    if start_months == 65 * 12 or factor == 1:
        return None
    return (factor * start_months - 65 * 12) / (factor - 1) / 12


@dataclass(frozen=True)
class OasEstimate:
    start_age_months: int
    age_band: str  # "65_74" or "75_plus"
    deferral_increase: float
    residence_fraction: float
    monthly: float
    annual_gross: float
    recovery_threshold: float
    full_recovery_threshold: float  # the year's published income at which the maximum OAS is all recovered
    own_full_recovery_income: float  # the income at which this pension is all recovered
    recovery_tax: float
    annual_net: float
    break_even_age_vs_65: float | None  # when deferring has paid more in all than starting at 65 (before tax)


def oas_pension(*, start_age: float, year: int, net_income: float, years_in_canada_after_18: int = 40,
                age: int | None = None, age_75_or_over: bool = False) -> OasEstimate:
    """OAS started at `start_age` (65 to 70, +0.6% a month deferred), for a person of `age` in `year` (75 or
    over gets the 10% higher amount; without an age, `age_75_or_over` says so), and the recovery tax on
    `net_income`: 15% of net income above the year's threshold, up to the whole pension."""
    t = account_tables()["oas"]
    months = _age_months(start_age, "start_age", t["earliest_age"], t["latest_age"])
    check_non_negative("net_income", net_income)
    if not 10 <= years_in_canada_after_18 <= 70:
        raise PlanningInputError("years_in_canada_after_18", "OAS needs at least 10 years of residence after 18")
    if age is not None and not 0 <= age <= 120:
        raise PlanningInputError("age", "must be between 0 and 120")
    band = "75_plus" if (age >= 75 if age is not None else age_75_or_over) else "65_74"
    amounts = year_value(t["max_monthly"], year, "year", "OAS maximum")
    base = float(amounts[band])
    increase = t["deferral_increase_per_month"] * (months - 65 * 12)
    fraction = min(years_in_canada_after_18, 40) / 40
    monthly = base * (1 + increase) * fraction
    annual = monthly * 12
    rate = t["recovery_tax_rate"]
    threshold = float(year_value(t["recovery_threshold"], year, "year", "OAS recovery threshold"))
    published = t.get("full_recovery_threshold", {}).get(str(year), {}).get(band)
    full = float(published) if published is not None else float(math.ceil(threshold + 12 * base / rate))
    recovery = min(annual, max(net_income - threshold, 0.0) * rate)
    return OasEstimate(start_age_months=months, age_band=band, deferral_increase=increase,
                       residence_fraction=fraction, monthly=monthly, annual_gross=annual,
                       recovery_threshold=threshold, full_recovery_threshold=full,
                       own_full_recovery_income=threshold + annual / rate, recovery_tax=recovery,
                       annual_net=annual - recovery, break_even_age_vs_65=_break_even(months, 1 + increase))


def rrif_factor(age: int) -> float:
    """The prescribed minimum fraction for a RRIF holder aged `age` on January 1."""
    if age < 0:
        raise PlanningInputError("age", "must be zero or more")
    factors = account_tables()["rrif"]["factors"]
    if age >= 95:
        return float(factors["95"])
    if age >= 71:
        return float(factors[str(age)])
    return 1 / (90 - age)  # the prescribed formula under 71


@dataclass(frozen=True)
class RrifYear:
    age: int
    start_balance: float
    factor: float
    minimum: float
    end_balance: float


def rrif_schedule(*, age: int, balance: float, annual_return: float, years: int) -> list[RrifYear]:
    """Minimum withdrawals year by year, each taken at the start of the year, the rest growing."""
    check_non_negative("balance", balance)
    check_rate("annual_return", annual_return)
    if not 1 <= years <= 60:
        raise PlanningInputError("years", "must be between 1 and 60")
    rows: list[RrifYear] = []
    for i in range(years):
        factor = rrif_factor(age + i)
        minimum = balance * factor
        end = (balance - minimum) * (1 + annual_return)
        rows.append(RrifYear(age=age + i, start_balance=balance, factor=factor, minimum=minimum, end_balance=end))
        balance = end
    return rows
