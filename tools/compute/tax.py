"""Accounts and tax: RRSP or TFSA, contribution room, the income-tax estimate."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, Literal

from pydantic import Field

from api.calc import schemas as s
from api.calc import service as calc
from api.planning.canada import Province
from api.planning.projection import MoneyIn
from api.planning.tables import account_tables
from tools.base import ToolOutput
from tools.common import NoExtra, cents, fmt_money, fmt_rate, tax_year_for
from tools.compute.common import Rate, assumption_notes, assumption_values
from tools.facts import Facts

# --- rrsp_vs_tfsa -----------------------------------------------------------------------------------------


class RrspVsTfsaInput(NoExtra):
    """Compare putting the same pre-tax dollars in an RRSP or a TFSA."""

    amount: MoneyIn = Field(default=Decimal(1000), description="Pre-tax dollars to compare (results scale with it)")
    years: int | None = Field(default=None, ge=0, le=100, description="Years invested; default: until the "
                                                                      "retirement age in preferences")
    province: Province | None = Field(default=None, description="Two-letter code; default: the profile's")
    income_now: MoneyIn | None = Field(default=None, description="Employment income this year; default: saved "
                                                                 "annual salary")
    income_retirement: MoneyIn | None = Field(default=None, description="Yearly taxable income in retirement, "
                                                                        "today's dollars; default: annual spending")
    marginal_rate_now: float | None = Field(default=None, ge=0, lt=1)
    marginal_rate_retirement: float | None = Field(default=None, ge=0, lt=1)
    expected_return: Rate | None = Field(default=None, description="Default: preferences")


class RrspVsTfsaOutput(ToolOutput):
    result: s.RrspVsTfsaOut
    summary: str


def rrsp_vs_tfsa(facts: Facts, data: RrspVsTfsaInput, today: date) -> RrspVsTfsaOutput:
    notes: list[str] = []
    province = data.province or facts.province(notes)
    year = tax_year_for(today.year)
    retire = facts.retirement_age or 65
    years = data.years if data.years is not None else max(retire - facts.current_age, 0)
    if data.years is None:
        facts.age_note(notes)
    income_now = data.income_now if data.income_now is not None else (facts.annual_salary or Decimal(0))
    if data.income_now is None and facts.annual_salary is None and data.marginal_rate_now is None:
        notes.append("No salary saved: today's income assumed 0, so the RRSP deduction is worth little.")
    retirement = data.income_retirement if data.income_retirement is not None else cents(facts.annual_spending)
    if data.income_retirement is None and data.marginal_rate_retirement is None:
        notes.append(f"Retirement income taken as your yearly spending, {fmt_money(retirement)}.")
    expected = data.expected_return if data.expected_return is not None else facts.expected_return
    result = calc.rrsp_vs_tfsa(data=s.RrspVsTfsaIn(
        pre_tax_amount=data.amount, years=years, annual_return=expected, province=province, year=year,
        income_now=income_now, income_retirement=retirement, marginal_rate_now=data.marginal_rate_now,
        marginal_rate_retirement=data.marginal_rate_retirement))
    rates = (f"marginal rate {fmt_rate(result.marginal_rate_now)} now, {fmt_rate(result.marginal_rate_retirement)} "
             "in retirement")
    if result.better == "equal":
        summary = f"The RRSP and the TFSA end up the same on {fmt_money(data.amount)} over {years} years ({rates})."
    else:
        better = "RRSP" if result.better == "rrsp" else "TFSA"
        summary = (f"The {better} comes out ahead by {fmt_money(result.advantage)} on {fmt_money(data.amount)} over "
                   f"{years} years ({rates}).")
    return RrspVsTfsaOutput(result=result, summary=summary, provenance=facts.provenance(
        "profile", "income", "expenses", "preferences", assumptions=assumption_values(result.assumptions)
        | {"province": province, "years": years}, notes=notes + assumption_notes(result.assumptions), tax_year=year))


# --- contribution_room ------------------------------------------------------------------------------------


class ContributionRoomInput(NoExtra):
    """TFSA, RRSP and FHSA room. The app does not track past contributions: give them for an exact figure."""

    account: Literal["tfsa", "rrsp", "fhsa", "all"] = "all"
    year: int | None = Field(default=None, ge=2009, le=2200, description="Default: this year")
    birth_year: int | None = Field(default=None, ge=1900, le=2200, description="Default: from the profile's age")
    tfsa_contributed: MoneyIn = Field(default=Decimal(0), description="All TFSA contributions ever made")
    tfsa_withdrawn: MoneyIn = Field(default=Decimal(0), description="TFSA withdrawals made before this year "
                                                                    "(they come back as room)")
    previous_year_earned_income: MoneyIn | None = Field(default=None, description="For RRSP room; default: saved "
                                                                                  "annual salary")
    rrsp_unused_room: MoneyIn = Field(default=Decimal(0), description="Unused RRSP room carried forward (on the "
                                                                      "CRA notice of assessment)")
    pension_adjustment: MoneyIn = Decimal(0)
    rrsp_contributed_this_year: MoneyIn = Decimal(0)
    fhsa_year_opened: int | None = Field(default=None, ge=2023, le=2200, description="Default: this year")
    fhsa_contributed_this_year: MoneyIn = Decimal(0)


class ContributionRoomOutput(ToolOutput):
    year: int
    tfsa: s.TfsaRoomOut | None
    rrsp: s.RrspRoomOut | None
    fhsa: s.FhsaRoomOut | None
    summary: str


def _table_year(table: dict[str, Any], year: int) -> int:
    years = sorted(int(y) for y in table)
    return min(max(year, years[0]), years[-1])


def contribution_room(facts: Facts, data: ContributionRoomInput, today: date) -> ContributionRoomOutput:
    notes: list[str] = []
    year = data.year or today.year
    birth = data.birth_year or today.year - facts.current_age  # the age is today's, whatever year is asked
    if data.birth_year is None:
        notes.append(f"Birth year taken as {birth} (this year less the profile's age).")
        facts.age_note(notes)
    t = account_tables()
    want = {"tfsa", "rrsp", "fhsa"} if data.account == "all" else {data.account}
    parts: list[str] = []
    tfsa = rrsp = fhsa = None
    assumptions: dict[str, str | float | int] = {"year": year, "birth_year": birth}
    if "tfsa" in want:
        ty = _table_year(t["tfsa"]["annual_limits"], year)
        if ty != year:
            notes.append(f"TFSA limits are known to {ty}; room is as of {ty}.")
        tfsa = calc.tfsa_room(data=s.TfsaRoomIn(
            birth_year=birth, year=ty, contributions=[s.YearAmount(year=ty, amount=data.tfsa_contributed)],
            withdrawals=[s.YearAmount(year=ty - 1, amount=data.tfsa_withdrawn)] if data.tfsa_withdrawn else []))
        if not data.tfsa_contributed:
            notes.append("TFSA: no past contributions given, so this is the total room since eligibility.")
        parts.append(f"TFSA room {fmt_money(tfsa.room)}")
    if "rrsp" in want:
        ry = _table_year(t["rrsp"]["dollar_limits"], year)
        earned = (data.previous_year_earned_income if data.previous_year_earned_income is not None
                  else facts.annual_salary or Decimal(0))
        if data.previous_year_earned_income is None:
            notes.append("RRSP: last year's earned income taken as the saved annual salary"
                         + ("" if facts.annual_salary else " (none saved: 0)") + ".")
        rrsp = calc.rrsp_room(data=s.RrspRoomIn(
            year=ry, previous_year_earned_income=earned, pension_adjustment=data.pension_adjustment,
            unused_room=data.rrsp_unused_room, contributions=data.rrsp_contributed_this_year,
            age=facts.current_age))
        assumptions["previous_year_earned_income"] = float(earned)
        parts.append(f"RRSP room {fmt_money(rrsp.available)}")
    if "fhsa" in want:
        opened = data.fhsa_year_opened or (year if year >= 2023 else 2023)
        if data.fhsa_year_opened is None:
            has = "fhsa" in facts.account_types
            notes.append("FHSA: " + ("you have an FHSA saved but no opening year; " if has else "")
                         + f"assumed opened in {opened}.")
        fhsa = calc.fhsa_room(data=s.FhsaRoomIn(
            year_opened=opened, year=max(year, opened), birth_year=birth,
            contributions=[s.YearAmount(year=max(year, opened), amount=data.fhsa_contributed_this_year)]))
        parts.append(f"FHSA room {fmt_money(fhsa.room)}")
    return ContributionRoomOutput(year=year, tfsa=tfsa, rrsp=rrsp, fhsa=fhsa, summary="; ".join(parts) + ".",
                                  provenance=facts.provenance("profile", "income", "accounts",
                                                              assumptions=assumptions, notes=notes, tax_year=year))


# --- tax_estimate -----------------------------------------------------------------------------------------


class TaxInput(NoExtra):
    """Income tax, CPP and EI for a year in a province."""

    province: Province | None = Field(default=None, description="Two-letter code; default: the profile's")
    employment_income: MoneyIn | None = Field(default=None, description="Yearly, before tax; default: saved "
                                                                        "annual salary")
    other_income: MoneyIn = Field(default=Decimal(0), description="Other taxable income (interest, rent, RRSP "
                                                                   "withdrawals...)")
    pension_income: MoneyIn = Field(default=Decimal(0), description="Workplace pension; RRIF/annuity income from 65")
    cpp_income: MoneyIn = Field(default=Decimal(0), description="CPP/QPP received this year")
    oas_income: MoneyIn = Field(default=Decimal(0), description="OAS received this year")
    eligible_dividends: MoneyIn = Field(default=Decimal(0), description="Cash eligible dividends")
    non_eligible_dividends: MoneyIn = Field(default=Decimal(0), description="Cash other-than-eligible dividends")
    capital_gains: MoneyIn = Field(default=Decimal(0), description="Capital gains realized (the whole gain)")
    self_employment_income: MoneyIn = Field(default=Decimal(0), description="Net self-employment income")
    rrsp_deduction: MoneyIn = Field(default=Decimal(0), description="RRSP contributions deducted this year")
    age: int | None = Field(default=None, ge=0, le=120, description="Age at the end of the year; default: the "
                                                                      "profile's")
    year: s.TaxYear | None = Field(default=None, description="Tax year; default: this year (or the latest with "
                                                             "tables)")


class TaxOutput(ToolOutput):
    result: s.TaxOut
    summary: str


# Income the question states: when it gives any, the saved salary is not added to it (a hypothetical never mixes
# saved figures in silently; "on my salary plus 5k of dividends" gives the salary too).
_OTHER_INCOMES = ("other_income", "pension_income", "cpp_income", "oas_income", "eligible_dividends",
                  "non_eligible_dividends", "capital_gains", "self_employment_income")


def tax_estimate(facts: Facts, data: TaxInput, today: date) -> TaxOutput:
    notes: list[str] = []
    province = data.province or facts.province(notes)
    year = data.year if data.year is not None else tax_year_for(today.year)
    stated = [name for name in _OTHER_INCOMES if getattr(data, name)]
    income = data.employment_income if data.employment_income is not None else (
        None if stated else facts.annual_salary)
    if income is None:
        income = Decimal(0)
        notes.append("Employment income taken as 0: the question gave the income to tax "
                     f"({', '.join(n.replace('_', ' ') for n in stated)})." if stated
                     else "No annual salary saved: employment income taken as 0.")
    age = data.age if data.age is not None else facts.age
    result = calc.income_tax(data=s.TaxIn(
        year=year, province=province, employment_income=income, other_income=data.other_income,
        pension_income=data.pension_income, cpp_income=data.cpp_income, oas_income=data.oas_income,
        eligible_dividends=data.eligible_dividends, non_eligible_dividends=data.non_eligible_dividends,
        capital_gains=data.capital_gains, self_employment_income=data.self_employment_income,
        rrsp_deduction=data.rrsp_deduction, age=age))
    recovery = (f", OAS recovery tax {fmt_money(result.oas_recovery_tax)}" if result.oas_recovery_tax > 0 else "")
    summary = (f"On {fmt_money(result.total_income)} in {province} ({year}): income tax "
               f"{fmt_money(result.income_tax)}{recovery}, "
               f"CPP and EI {fmt_money(result.cpp + result.cpp2 + result.ei)}, "
               f"take-home {fmt_money(result.after_tax_income)}; marginal rate {fmt_rate(result.marginal_rate)}, "
               f"average {fmt_rate(result.average_rate)}.")
    return TaxOutput(result=result, summary=summary, provenance=facts.provenance(
        "profile", "income", assumptions=assumption_values(result.assumptions) | {"province": province},
        notes=notes + assumption_notes(result.assumptions), tax_year=year))


