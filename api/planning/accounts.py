"""Registered accounts: TFSA, RRSP and FHSA room, RRSP versus TFSA, and an order of contributions.

Rules (canada_accounts.json names the sources): TFSA room accrues each year from the later of 2009 and
the year the holder turns 18, unused room carries forward, and withdrawals come back on January 1 of
the next year. RRSP room for a year is the lesser of 18% of the previous year's earned income and the
year's dollar limit, less the pension adjustment, plus unused room. FHSA room is 8,000 a year from the
year the first FHSA is opened, with at most 8,000 carried forward and 40,000 over a lifetime, until the
participation period ends (15th anniversary of opening, turning 71, or the year after the first
qualifying withdrawal).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from api.planning.errors import PlanningInputError, check_non_negative, check_rate
from api.planning.tables import account_tables, year_value


def _up_to(name: str, amounts: Mapping[int, float], last: int) -> dict[int, float]:
    """The amounts of the years up to `last` (later ones have not happened yet as of that year)."""
    for year, amount in amounts.items():
        check_non_negative(f"{name}.{year}", amount)
    return {year: amount for year, amount in amounts.items() if year <= last}


@dataclass(frozen=True)
class TfsaRoom:
    first_eligible_year: int
    cumulative_limit: float
    contributions: float
    withdrawals_restored: float
    room: float
    over_contribution: float
    monthly_penalty: float
    limits_used: dict[int, float]


def tfsa_room(*, birth_year: int, year: int, contributions: Mapping[int, float] | None = None,
              withdrawals: Mapping[int, float] | None = None, notice_year: int | None = None,
              notice_room: float | None = None) -> TfsaRoom:
    """Room available in `year` after that year's contributions (January 1 room plus withdrawals of earlier
    years, less contributions). From a full history since 2009, or from the room on a CRA notice ("TFSA room
    available on January 1, `notice_year`") plus what happened from that year on."""
    t = account_tables()["tfsa"]
    limits = {int(y): float(v) for y, v in t["annual_limits"].items()}
    if year not in limits:
        raise PlanningInputError("year", f"no TFSA limit for {year}; available {min(limits)}-{max(limits)}")
    contributions = _up_to("contributions", contributions or {}, year)
    withdrawals = _up_to("withdrawals", withdrawals or {}, year)
    # Someone not yet 18 in `year` has no room yet (first > year leaves nothing to add up).
    first = max(t["first_year"], birth_year + t["eligible_age"])
    if notice_room is not None:
        check_non_negative("notice.room", notice_room)
        if notice_year is None or not min(limits) <= notice_year <= year:
            raise PlanningInputError("notice.year", f"must be a year from {min(limits)} to {year} (the year asked)")
        for name, amounts in (("contributions", contributions), ("withdrawals", withdrawals)):
            early = sorted(y for y in amounts if y < notice_year)
            if early:
                raise PlanningInputError(name, f"{early[0]} is before the notice year {notice_year}; the room on "
                                               "the notice already counts it")
        used = {y: v for y, v in limits.items() if notice_year < y <= year and y >= first}
        cumulative = notice_room + sum(used.values())
    else:
        used = {y: v for y, v in limits.items() if first <= y <= year}
        cumulative = sum(used.values())
    contributed = sum(contributions.values())
    restored = sum(v for y, v in withdrawals.items() if y < year)
    room = cumulative - contributed + restored
    over = max(-room, 0.0)
    return TfsaRoom(first_eligible_year=first, cumulative_limit=cumulative, contributions=contributed,
                    withdrawals_restored=restored, room=max(room, 0.0), over_contribution=over,
                    monthly_penalty=over * t["over_contribution_penalty_per_month"], limits_used=used)


@dataclass(frozen=True)
class RrspRoom:
    dollar_limit: float
    earned_income_limit: float
    new_room: float
    deduction_limit: float
    available: float
    can_contribute: bool
    earned_income_for_max: float  # the previous year's earned income at which 18% reaches the dollar limit


def rrsp_room(*, year: int, previous_year_earned_income: float, pension_adjustment: float = 0.0,
              unused_room: float = 0.0, contributions: float = 0.0, age: int | None = None) -> RrspRoom:
    t = account_tables()["rrsp"]
    limit = float(year_value(t["dollar_limits"], year, "year", "RRSP dollar limit"))
    check_non_negative("previous_year_earned_income", previous_year_earned_income)
    check_non_negative("pension_adjustment", pension_adjustment)
    check_non_negative("unused_room", unused_room)
    check_non_negative("contributions", contributions)
    earned = t["earned_income_rate"] * previous_year_earned_income
    new_room = max(min(earned, limit) - pension_adjustment, 0.0)
    deduction_limit = new_room + unused_room
    can = age is None or age <= t["last_contribution_age"]
    return RrspRoom(dollar_limit=limit, earned_income_limit=earned, new_room=new_room,
                    deduction_limit=deduction_limit, available=max(deduction_limit - contributions, 0.0) if can else 0,
                    can_contribute=can, earned_income_for_max=limit / t["earned_income_rate"])


@dataclass(frozen=True)
class FhsaYear:
    year: int
    participation_room: float
    contributed: float
    carry_forward_out: float
    excess: float  # contributions beyond the participation room still outstanding at the end of the year


@dataclass(frozen=True)
class FhsaRoom:
    year: int
    eligible: bool
    open: bool
    participation_period_ends: int
    room: float
    lifetime_contributed: float
    lifetime_remaining: float
    over_contribution: float
    monthly_penalty: float
    history: list[FhsaYear] = field(default_factory=list)


def fhsa_room(*, year_opened: int, year: int, birth_year: int, contributions: Mapping[int, float] | None = None,
              first_qualifying_withdrawal_year: int | None = None, notice_year: int | None = None,
              notice_room: float | None = None, lifetime_contributed_before_notice: float = 0.0) -> FhsaRoom:
    """Participation room available in `year` after the contributions already made that year. An account
    opened by someone under 18 or over 71 that year is not eligible (no room); before the opening year there
    is no account yet (no room, not open). From the contributions since the opening year, or from the
    participation room on a CRA notice for `notice_year` (with what was contributed before that year, for the
    lifetime limit). Contributions beyond the room are an excess FHSA amount, taxed at 1% a month until the
    next year's new room absorbs it."""
    t = account_tables()["fhsa"]
    if year_opened < t["first_year"]:
        raise PlanningInputError("year_opened", f"FHSAs exist since {t['first_year']}")
    contributions = _up_to("contributions", contributions or {}, year)
    check_non_negative("lifetime_contributed_before_notice", lifetime_contributed_before_notice)
    eligible = t["min_age"] <= year_opened - birth_year <= t["max_age"]
    ends = min(year_opened + t["max_participation_years"], birth_year + t["max_age"])
    if first_qualifying_withdrawal_year is not None:
        ends = min(ends, first_qualifying_withdrawal_year + 1)
    first, lifetime = year_opened, 0.0
    if notice_room is not None:
        check_non_negative("notice.room", notice_room)
        if notice_year is None or not year_opened <= notice_year <= year:
            raise PlanningInputError("notice.year", f"must be a year from the opening year {year_opened} to {year}")
        early = sorted(y for y in contributions if y < notice_year)
        if early:
            raise PlanningInputError("contributions", f"{early[0]} is before the notice year {notice_year}; give "
                                                      "earlier contributions as lifetime_contributed_before_notice")
        first, lifetime = notice_year, lifetime_contributed_before_notice
    carry, excess, history = 0.0, 0.0, []
    for y in range(first, year + 1):
        if y == first and notice_room is not None:
            room = min(notice_room, max(t["lifetime_limit"] - lifetime, 0.0))
        else:
            new = t["annual_limit"]
            absorbed = min(excess, new)  # January's new room first cancels last year's excess
            excess -= absorbed
            room = min(new - absorbed + carry, max(t["lifetime_limit"] - lifetime, 0.0))
        paid = contributions.get(y, 0.0)
        lifetime += paid
        excess += max(paid - room, 0.0)
        carry = min(t["carry_forward_max"], max(room - paid, 0.0))
        history.append(FhsaYear(year=y, participation_room=room, contributed=paid, carry_forward_out=carry,
                                excess=excess))
    is_open = eligible and year_opened <= year <= ends
    available = max(history[-1].participation_room - history[-1].contributed, 0.0) if is_open else 0.0
    over = history[-1].excess if history else 0.0
    return FhsaRoom(year=year, eligible=eligible, open=is_open, participation_period_ends=ends, room=available,
                    lifetime_contributed=lifetime, lifetime_remaining=max(t["lifetime_limit"] - lifetime, 0.0),
                    over_contribution=over, monthly_penalty=over * t["over_contribution_penalty_per_month"],
                    history=history)


@dataclass(frozen=True)
class RrspVsTfsa:
    rrsp_after_tax: float
    tfsa_after_tax: float
    advantage: float
    better: Literal["rrsp", "tfsa", "equal"]
    break_even_retirement_rate: float


def rrsp_vs_tfsa(*, pre_tax_amount: float, marginal_rate_now: float, marginal_rate_retirement: float,
                 years: float, annual_return: float) -> RrspVsTfsa:
    """The same pre-tax dollars in an RRSP (deducted now, taxed on withdrawal) or a TFSA (taxed now)."""
    check_non_negative("pre_tax_amount", pre_tax_amount)
    check_non_negative("years", years)
    for name, value in (("marginal_rate_now", marginal_rate_now),
                        ("marginal_rate_retirement", marginal_rate_retirement)):
        if not 0 <= value < 1:
            raise PlanningInputError(name, "must be a fraction from 0 up to (not including) 1")
    check_rate("annual_return", annual_return)
    growth = (1 + annual_return) ** years
    rrsp = pre_tax_amount * growth * (1 - marginal_rate_retirement)
    tfsa = pre_tax_amount * (1 - marginal_rate_now) * growth
    better: Literal["rrsp", "tfsa", "equal"] = (
        "equal" if abs(rrsp - tfsa) < 0.005 else ("rrsp" if rrsp > tfsa else "tfsa"))
    return RrspVsTfsa(rrsp_after_tax=rrsp, tfsa_after_tax=tfsa, advantage=abs(rrsp - tfsa), better=better,
                      break_even_retirement_rate=marginal_rate_now)


@dataclass(frozen=True)
class Allocation:
    account: str
    amount: float
    reason: str


def contribution_order(*, annual_budget: float, tfsa_room: float, rrsp_room: float, fhsa_room: float = 0.0,
                       first_time_home_buyer: bool = False, employer_match_rate: float = 0.0,
                       employer_match_cap: float = 0.0, marginal_rate_now: float,
                       marginal_rate_retirement: float, high_interest_debt: float = 0.0,
                       high_interest_debt_rate: float = 0.0, expected_return: float = 0.05) -> list[Allocation]:
    """Split a year's savings budget across accounts in the order that usually keeps the most after tax:
    employer match, debt dearer than the expected return, FHSA for a first home, then RRSP or TFSA first
    depending on whether the marginal rate now beats the one expected in retirement, then non-registered."""
    for name, value in (("annual_budget", annual_budget), ("tfsa_room", tfsa_room), ("rrsp_room", rrsp_room),
                        ("fhsa_room", fhsa_room), ("employer_match_cap", employer_match_cap),
                        ("high_interest_debt", high_interest_debt)):
        check_non_negative(name, value)
    for name, value in (("employer_match_rate", employer_match_rate), ("marginal_rate_now", marginal_rate_now),
                        ("marginal_rate_retirement", marginal_rate_retirement),
                        ("high_interest_debt_rate", high_interest_debt_rate), ("expected_return", expected_return)):
        check_rate(name, value)
    left = annual_budget
    rrsp_left = rrsp_room
    out: list[Allocation] = []

    def take(account: str, cap: float, reason: str) -> float:
        nonlocal left
        amount = min(left, max(cap, 0.0))
        if amount > 0:
            out.append(Allocation(account=account, amount=amount, reason=reason))
            left -= amount
        return amount

    if employer_match_rate > 0 and employer_match_cap > 0:
        rrsp_left -= take("rrsp_employer_match", min(employer_match_cap, rrsp_left),
                          f"employer matches {employer_match_rate:.0%}: an immediate return")
    if high_interest_debt > 0 and high_interest_debt_rate > expected_return:
        take("debt_repayment", high_interest_debt,
             f"debt at {high_interest_debt_rate:.1%} costs more than the {expected_return:.1%} expected return")
    if first_time_home_buyer:
        take("fhsa", fhsa_room, "deductible now and tax-free out for a first home")
    rrsp_reason = (f"deduction at {marginal_rate_now:.1%} now beats tax at {marginal_rate_retirement:.1%} "
                   "expected in retirement")
    if marginal_rate_now > marginal_rate_retirement:
        rrsp_left -= take("rrsp", rrsp_left, rrsp_reason)
        take("tfsa", tfsa_room, "RRSP room used up; tax-free growth and withdrawals")
    else:
        take("tfsa", tfsa_room, "tax-free growth and withdrawals; retirement tax rate not lower than today's")
        rrsp_left -= take("rrsp", rrsp_left, "room left after the TFSA; the deduction still defers tax")
    take("non_registered", left, "registered room used up")
    return out
