"""TFSA, RRSP and FHSA room against the CRA's published limits and rules; RRSP vs TFSA; contribution order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from api.planning import accounts
from api.planning.errors import PlanningInputError


@pytest.mark.parametrize(("year", "cumulative"), [(2009, 5_000), (2013, 25_500), (2015, 41_000), (2019, 63_500),
                                                  (2023, 88_000), (2024, 95_000), (2025, 102_000), (2026, 109_000)])
def test_tfsa_cumulative_room_matches_published_table(year: int, cumulative: float) -> None:
    room = accounts.tfsa_room(birth_year=1980, year=year)
    assert room.room == cumulative
    assert room.first_eligible_year == 2009


def test_tfsa_room_starts_the_year_you_turn_18() -> None:
    room = accounts.tfsa_room(birth_year=2000, year=2025)
    assert room.first_eligible_year == 2018
    assert room.room == 5_500 + 6_000 * 4 + 6_500 + 7_000 + 7_000


def test_tfsa_withdrawals_come_back_the_next_january() -> None:
    kwargs = {"birth_year": 1980, "contributions": {2024: 95_000}, "withdrawals": {2025: 10_000}}
    assert accounts.tfsa_room(year=2025, **kwargs).room == 7_000  # type: ignore[arg-type]
    assert accounts.tfsa_room(year=2026, **kwargs).room == 7_000 + 7_000 + 10_000  # type: ignore[arg-type]


def test_tfsa_over_contribution_costs_one_percent_a_month() -> None:
    room = accounts.tfsa_room(birth_year=1980, year=2025, contributions={2025: 105_000})
    assert room.room == 0
    assert room.over_contribution == 3_000
    assert room.monthly_penalty == 30


def test_tfsa_unknown_year_names_the_field() -> None:
    with pytest.raises(PlanningInputError) as err:
        accounts.tfsa_room(birth_year=1980, year=2030)
    assert err.value.field == "year"


@pytest.mark.parametrize(("year", "income", "limit"), [(2025, 180_500, 32_490), (2025, 100_000, 18_000),
                                                       (2026, 187_834, 33_810), (2026, 250_000, 33_810)])
def test_rrsp_room_is_18_percent_up_to_the_dollar_limit(year: int, income: float, limit: float) -> None:
    room = accounts.rrsp_room(year=year, previous_year_earned_income=income)
    assert room.new_room == pytest.approx(limit, abs=0.01)


def test_rrsp_room_less_pension_adjustment_plus_carry_forward_less_contributions() -> None:
    room = accounts.rrsp_room(year=2025, previous_year_earned_income=100_000, pension_adjustment=5_000,
                              unused_room=20_000, contributions=4_000)
    assert room.deduction_limit == 18_000 - 5_000 + 20_000
    assert room.available == 29_000
    assert accounts.rrsp_room(year=2025, previous_year_earned_income=100_000, age=72).available == 0


def test_fhsa_carry_forward_is_capped_at_8000() -> None:
    assert accounts.fhsa_room(year_opened=2023, year=2023, birth_year=1995).room == 8_000
    assert accounts.fhsa_room(year_opened=2023, year=2024, birth_year=1995).room == 16_000
    assert accounts.fhsa_room(year_opened=2023, year=2025, birth_year=1995).room == 16_000
    partial = accounts.fhsa_room(year_opened=2023, year=2024, birth_year=1995, contributions={2023: 5_000})
    assert partial.room == 8_000 + 3_000


def test_fhsa_lifetime_limit_and_15_year_rule() -> None:
    paid = {2023: 8_000, 2024: 8_000, 2025: 8_000, 2026: 8_000}
    room = accounts.fhsa_room(year_opened=2023, year=2027, birth_year=1995, contributions=paid)
    assert room.room == 8_000 and room.lifetime_remaining == 8_000
    full = accounts.fhsa_room(year_opened=2023, year=2028, birth_year=1995, contributions={**paid, 2027: 8_000})
    assert full.room == 0 and full.lifetime_remaining == 0
    assert accounts.fhsa_room(year_opened=2023, year=2038, birth_year=1995).open
    assert not accounts.fhsa_room(year_opened=2023, year=2039, birth_year=1995).open
    assert accounts.fhsa_room(year_opened=2023, year=2027, birth_year=1995,
                              first_qualifying_withdrawal_year=2025).participation_period_ends == 2026
    assert accounts.fhsa_room(year_opened=2023, year=2025, birth_year=1960).participation_period_ends == 2031


def test_rrsp_beats_tfsa_exactly_when_the_retirement_rate_is_lower() -> None:
    common = {"pre_tax_amount": 10_000, "years": 25, "annual_return": 0.05}
    assert accounts.rrsp_vs_tfsa(marginal_rate_now=0.43, marginal_rate_retirement=0.30, **common).better == "rrsp"
    assert accounts.rrsp_vs_tfsa(marginal_rate_now=0.20, marginal_rate_retirement=0.30, **common).better == "tfsa"
    same = accounts.rrsp_vs_tfsa(marginal_rate_now=0.3, marginal_rate_retirement=0.3, **common)
    assert same.better == "equal"
    assert same.rrsp_after_tax == pytest.approx(10_000 * 1.05 ** 25 * 0.7)


@given(budget=st.floats(0, 200_000), tfsa=st.floats(0, 110_000), rrsp=st.floats(0, 40_000),
       fhsa=st.floats(0, 16_000), home=st.booleans(), now=st.floats(0, 0.54), later=st.floats(0, 0.54))
def test_contribution_order_spends_the_budget_within_room(budget: float, tfsa: float, rrsp: float, fhsa: float,
                                                         home: bool, now: float, later: float) -> None:
    plan = accounts.contribution_order(annual_budget=budget, tfsa_room=tfsa, rrsp_room=rrsp, fhsa_room=fhsa,
                                       first_time_home_buyer=home, marginal_rate_now=now,
                                       marginal_rate_retirement=later)
    by = {a.account: a.amount for a in plan}
    assert sum(by.values()) == pytest.approx(budget)
    assert by.get("tfsa", 0) <= tfsa + 1e-6 and by.get("rrsp", 0) <= rrsp + 1e-6 and by.get("fhsa", 0) <= fhsa + 1e-6
    if not home:
        assert "fhsa" not in by
    registered = [a.account for a in plan if a.account in ("rrsp", "tfsa")]
    if len(registered) == 2:
        assert registered[0] == ("rrsp" if now > later else "tfsa")


def test_contribution_order_puts_the_match_and_dear_debt_first() -> None:
    plan = accounts.contribution_order(annual_budget=20_000, tfsa_room=7_000, rrsp_room=30_000,
                                       employer_match_rate=0.5, employer_match_cap=3_000, marginal_rate_now=0.3,
                                       marginal_rate_retirement=0.2, high_interest_debt=4_000,
                                       high_interest_debt_rate=0.2)
    assert [a.account for a in plan][:3] == ["rrsp_employer_match", "debt_repayment", "rrsp"]
    assert plan[2].amount == 13_000


def test_each_account_s_reason_fits_the_order_it_is_in() -> None:
    """The TFSA's reason must not contradict the RRSP's: after the RRSP it is the room left, not a lower rate."""
    rrsp_first = accounts.contribution_order(annual_budget=40_000, tfsa_room=7_000, rrsp_room=20_000,
                                             marginal_rate_now=0.3, marginal_rate_retirement=0.2)
    reasons = {a.account: a.reason for a in rrsp_first}
    assert "beats tax at 20.0%" in reasons["rrsp"]
    assert "not lower than today's" not in reasons["tfsa"] and "RRSP room used up" in reasons["tfsa"]
    tfsa_first = accounts.contribution_order(annual_budget=40_000, tfsa_room=7_000, rrsp_room=20_000,
                                             marginal_rate_now=0.2, marginal_rate_retirement=0.3)
    assert "not lower than today's" in {a.account: a.reason for a in tfsa_first}["tfsa"]
