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


def test_tfsa_room_from_a_cra_notice_matches_the_full_history() -> None:
    """The CRA's "TFSA room available on January 1, 2025" (here 102,000 - 95,000 contributed in 2024 + 10,000
    withdrawn in 2024 = 17,000) carried forward gives the same room as the whole history since 2009."""
    history = accounts.tfsa_room(birth_year=1980, year=2026, contributions={2024: 95_000, 2025: 3_000},
                                 withdrawals={2024: 10_000})
    notice = accounts.tfsa_room(birth_year=1980, year=2026, notice_year=2025, notice_room=17_000,
                                contributions={2025: 3_000})
    assert notice.room == history.room == 17_000 - 3_000 + 7_000
    same_year = accounts.tfsa_room(birth_year=1980, year=2025, notice_year=2025, notice_room=17_000,
                                   contributions={2025: 20_000})
    assert same_year.over_contribution == 3_000 and same_year.monthly_penalty == 30  # 1% a month (CRA)


def test_tfsa_notice_refuses_history_it_already_counts() -> None:
    with pytest.raises(PlanningInputError) as err:
        accounts.tfsa_room(birth_year=1980, year=2026, notice_year=2025, notice_room=5_000,
                           contributions={2024: 1_000})
    assert err.value.field == "contributions"
    with pytest.raises(PlanningInputError) as late:
        accounts.tfsa_room(birth_year=1980, year=2025, notice_year=2026, notice_room=5_000)
    assert late.value.field == "notice.year"


def test_rrsp_limit_is_reached_at_the_published_earned_income() -> None:
    # ipcc.ca money facts: the 2026 limit of $33,810 needs $187,833 of 2025 earned income (33,810 / 18%).
    assert accounts.rrsp_room(year=2026, previous_year_earned_income=0).earned_income_for_max == pytest.approx(
        187_833.33, abs=0.01)
    assert accounts.rrsp_room(year=2025, previous_year_earned_income=0).earned_income_for_max == pytest.approx(
        180_500.00, abs=0.01)


def test_fhsa_excess_costs_one_percent_a_month_until_new_room_absorbs_it() -> None:
    """CRA 'Excess FHSA amount': contributions above the participation room are taxed at 1% a month; the
    room that arrives on January 1 eliminates the excess."""
    over = accounts.fhsa_room(year_opened=2024, year=2024, birth_year=1995, contributions={2024: 10_000})
    assert over.over_contribution == 2_000 and over.monthly_penalty == 20
    next_year = accounts.fhsa_room(year_opened=2024, year=2025, birth_year=1995, contributions={2024: 10_000})
    assert next_year.over_contribution == 0
    assert next_year.room == 6_000  # 8,000 of new room less the 2,000 it absorbed, nothing carried forward


def test_fhsa_room_from_a_cra_notice() -> None:
    """Participation room for 2025 on the notice (8,000 + 3,000 unused in 2024), 5,000 contributed in 2024."""
    notice = accounts.fhsa_room(year_opened=2024, year=2026, birth_year=1995, notice_year=2025, notice_room=11_000,
                                lifetime_contributed_before_notice=5_000, contributions={2025: 11_000})
    history = accounts.fhsa_room(year_opened=2024, year=2026, birth_year=1995,
                                 contributions={2024: 5_000, 2025: 11_000})
    assert notice.room == history.room == 8_000
    assert notice.lifetime_contributed == history.lifetime_contributed == 16_000
    near_the_end = accounts.fhsa_room(year_opened=2024, year=2026, birth_year=1995, notice_year=2026,
                                      notice_room=16_000, lifetime_contributed_before_notice=30_000,
                                      contributions={2026: 12_000})
    # The room can never pass the $40,000 lifetime limit: 10,000 were left, so 2,000 of the 12,000 are excess.
    assert near_the_end.over_contribution == 2_000 and near_the_end.lifetime_remaining == 0
