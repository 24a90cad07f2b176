"""The household plan engine: worked examples from the CRA and Service Canada, the accounting of every year, tax
equal to the tax calculator's, the FI date's definition, couples and survivors."""

from __future__ import annotations

from datetime import date

import numpy as np
import pytest

from api.planning.household import Engine, HouseholdInputs, Market, Person, constant_market, find_fi
from api.planning.tax import compute_tax

START = date(2026, 1, 1)


def run(h: HouseholdInputs, retire: float = 1e9):  # type: ignore[no-untyped-def]
    engine = Engine(h)
    return engine, engine.run(np.array([retire]), constant_market(h))


def retiree(**kwargs: object) -> HouseholdInputs:
    person = {"age": 72, "retirement_age": 60, "cpp_at_65": 0.0, "oas_residence_years": 0, **kwargs}
    return HouseholdInputs(start=START, province="ON", spending=0, people=[Person(**person)],
                           return_rate=0.02, inflation=0.02)


def test_rrif_minimum_follows_the_cra_example() -> None:
    """CRA: at 72 on January 1, the minimum is 5.40% of the RRIF's value; $100,000 gives $5,400."""
    _, r = run(retiree(rrsp=100_000))
    assert float(r.rrsp_withdrawal[0, 0]) == pytest.approx(5_400.00)
    younger = HouseholdInputs(start=START, province="ON", spending=0, return_rate=0.02, inflation=0.02,
                              people=[Person(age=70, retirement_age=60, cpp_at_65=0, rrsp=100_000)])
    _, r70 = run(younger)
    assert float(r70.rrsp_withdrawal[0, 0]) == 0  # no minimum before the year after 71


def test_oas_recovery_tax_and_income_tax_equal_the_tax_calculator() -> None:
    """A 70-year-old with a $120,000 pension and the full OAS: 15% of net income over $95,323 is recovered
    (canada.ca, income year 2026), and the plan's income tax is the tax calculator's."""
    h = HouseholdInputs(start=START, province="ON", spending=0, return_rate=0.02, inflation=0.02,
                        people=[Person(age=70, retirement_age=60, cpp_at_65=0, pension=120_000, pension_start_age=60)])
    _, r = run(h)
    oas = 742.31 * 12
    assert float(r.oas[0, 0]) == pytest.approx(oas)
    assert float(r.oas_recovery[0, 0]) == pytest.approx(0.15 * (120_000 + oas - 95_323))
    ref = compute_tax(pension_income=120_000, oas_income=oas, age=70, province="ON", year=2026)
    assert float(r.tax[0, 0]) == pytest.approx(float(ref.income_tax), abs=0.01)
    assert float(r.oas_recovery[0, 0]) == pytest.approx(float(ref.oas_recovery_tax), abs=0.01)


def test_every_year_balances_to_the_cent() -> None:
    """Money in (after payroll) plus money drawn, less income tax and OAS recovery, is spending plus saving."""
    h = HouseholdInputs(start=START, province="BC", spending=70_000, non_registered=200_000, other_net_income=6_000,
                        non_registered_cost=120_000, cash=30_000,
                        people=[Person(name="A", age=50, retirement_age=58, employment_income=130_000, rrsp=400_000,
                                       tfsa=90_000),
                                Person(name="B", age=48, retirement_age=60, employment_income=60_000, rrsp=150_000,
                                       tfsa=70_000, pension=20_000, pension_start_age=60)])
    _, r = run(h)
    inflow = (r.employment - r.payroll + r.cpp + r.oas + r.pension + r.dividends + r.other_income + r.rrsp_withdrawal
              + r.non_registered_withdrawal + r.tfsa_withdrawal + r.cash_withdrawal - r.tax - r.oas_recovery)
    np.testing.assert_allclose(inflow - r.shortfall, r.spending + r.contributions, atol=0.02)
    assert (r.failed_year == -1).all()


def test_spending_is_after_tax_so_rrsp_withdrawals_are_grossed_up() -> None:
    """A 66-year-old living on an RRSP alone: withdrawing W leaves W less its tax, which is the spending."""
    h = HouseholdInputs(start=START, province="AB", spending=50_000, return_rate=0.02, inflation=0.02,
                        people=[Person(age=66, retirement_age=60, cpp_at_65=0, oas_residence_years=0,
                                       rrsp=2_000_000)])
    _, r = run(h)
    drawn = float(r.rrsp_withdrawal[0, 0])
    tax = float(compute_tax(pension_income=drawn, age=66, province="AB", year=2026).income_tax)
    assert drawn - tax == pytest.approx(50_000, abs=0.05)


def test_pension_splitting_lowers_a_couples_tax() -> None:
    def couple(split: bool) -> float:
        h = HouseholdInputs(start=START, province="ON", spending=0, pension_splitting=split, return_rate=0.02,
                            inflation=0.02,
                            people=[Person(name="A", age=67, retirement_age=60, cpp_at_65=0, pension=100_000,
                                           pension_start_age=60),
                                    Person(name="B", age=66, retirement_age=60, cpp_at_65=0)])
        _, r = run(h)
        return float(r.tax[0, 0] + r.oas_recovery[0, 0])

    assert couple(True) < couple(False) - 5_000


def test_tfsa_room_never_ignores_money_already_in_it() -> None:
    h = HouseholdInputs(start=START, province="ON", spending=40_000, split={"tfsa": 100},
                        people=[Person(age=40, employment_income=100_000, tfsa=109_000)])
    _, r = run(h)
    assert float(r.tfsa[0, 0]) == pytest.approx(109_000 * 1.06 / 1.02, rel=1e-9)  # no room: nothing added
    assert float(r.non_registered[0, 0]) > 0  # the saving overflowed


def test_the_fi_date_is_the_first_month_the_plan_lasts() -> None:
    h = HouseholdInputs(start=START, province="ON", spending=50_000,
                        people=[Person(age=35, employment_income=120_000, rrsp=100_000, tfsa=60_000)])
    engine = Engine(h)
    fi = find_fi(engine)
    assert fi.month is not None and 0 < fi.month < 40 * 12
    market = constant_market(h, 2)
    lanes = engine.run(np.array([fi.month, fi.month - 1], dtype=np.float64), market)
    assert lanes.failed_year[0] == -1 and lanes.failed_year[1] >= 0
    richer = find_fi(Engine(h.model_copy(update={"cash": 300_000})))
    assert richer.month is not None and richer.month < fi.month
    already = find_fi(Engine(h.model_copy(update={"non_registered": 5_000_000})))
    assert already.month == 0
    never = find_fi(Engine(h.model_copy(update={"people": [Person(age=35, employment_income=40_000)]})))
    assert never.month is None


def test_the_fi_date_in_each_market_is_found_as_the_plan_finds_it() -> None:
    """The FI-date distribution searches each market as `find_fi` searches the plan: on a flat market at the
    plan's own return every run gives the plan's FI month; on real draws, the month each run gives is one from
    which that run lasts and the month before is not."""
    from api.planning.household_risk import fi_dates, fi_distributions

    h = HouseholdInputs(start=START, province="ON", spending=50_000,
                        people=[Person(age=35, employment_income=120_000, rrsp=100_000, tfsa=60_000)])
    engine = Engine(h)
    fi = find_fi(engine)
    flat = fi_dates(engine, constant_market(h, 3))
    assert flat.months == [fi.month] * 3 and set(flat.percentiles.values()) == {fi.month}
    simulated, history = fi_distributions(h, paths=300, seed=2, fi_paths=40)
    assert simulated.runs == 40 and history.runs > 80
    for found in (simulated, history):
        values = [found.percentiles[p] for p in (10, 25, 50, 75, 90)]
        known = [v for v in values if v is not None]
        assert known == sorted(known) and values[: len(known)] == known  # "never" only at the top
    from api.planning.household_risk import _simulated

    market = _simulated(h, engine.years, 300, 2)
    for lane in (0, 7, 19):
        month = simulated.months[lane]
        assert month is not None and month > 0
        one = Market(market.real_return[:, lane:lane + 1].repeat(2, axis=1),
                     market.inflation[:, lane:lane + 1].repeat(2, axis=1))
        runs = engine.run(np.array([month, month - 1], dtype=np.float64), one, exact=True)
        assert runs.failed_year[0] == -1 and runs.failed_year[1] >= 0
    never = fi_dates(Engine(h.model_copy(update={"people": [Person(age=35, employment_income=40_000)]})),
                     constant_market(h, 2))
    assert never.months == [None, None] and never.percentiles[50] is None


def test_a_survivor_keeps_the_registered_accounts_and_spends_less() -> None:
    h = HouseholdInputs(start=START, province="ON", spending=60_000, return_rate=0.02, inflation=0.02,
                        people=[Person(name="A", age=70, retirement_age=60, rrsp=300_000, tfsa=50_000, death_age=72),
                                Person(name="B", age=68, retirement_age=60, rrsp=100_000, tfsa=20_000)])
    _, r = run(h)
    assert float(r.spending[1, 0]) == 60_000 and float(r.spending[2, 0]) == pytest.approx(42_000)
    assert float(r.oas[2, 0]) == pytest.approx(742.31 * 12)  # one OAS left


def test_monte_carlo_and_backtest_run_the_same_plan() -> None:
    from api.planning.household_risk import backtest, monte_carlo

    h = HouseholdInputs(start=START, province="ON", spending=60_000,
                        people=[Person(age=45, retirement_age=60, employment_income=150_000, rrsp=300_000,
                                       tfsa=100_000)])
    first = monte_carlo(h, paths=300, seed=7)
    assert first == monte_carlo(h, paths=300, seed=7)  # a seed gives the same answer
    assert 0 <= first.success_rate <= 1 and first.lanes == 300 and "simulated markets" in first.question
    rich = monte_carlo(h.model_copy(update={"non_registered": 20_000_000}), paths=200, seed=1)
    broke = monte_carlo(h.model_copy(update={"people": [Person(age=45, retirement_age=46)]}), paths=200, seed=1)
    assert rich.success_rate == 1.0 and broke.success_rate == 0.0
    history = backtest(h)
    assert history.labels[0] == 1871 and history.lanes == len(history.labels) == len(history.succeeded)
    assert history.labels[-1] + (95 - 45) - 1 <= 2025  # every start year has its whole horizon recorded
    # With a flat market at the plan's own return, every path is the deterministic plan.
    _, plan = run(h)
    assert bool(plan.failed_year[0] < 0) == (monte_carlo(h.model_copy(update={"return_rate": 0.06}), paths=100,
                                                         seed=3).success_rate > 0)


def test_the_optimiser_beats_or_keeps_the_saved_plan() -> None:
    from api.planning.optimise import Choice, evaluate, optimise

    h = HouseholdInputs(start=START, province="ON", spending=55_000,
                        people=[Person(age=58, retirement_age=60, employment_income=90_000, rrsp=700_000,
                                       tfsa=100_000, cpp_at_65=1_100)])
    spending = optimise(h, "spending")
    assert spending.best.sustainable_spending >= spending.saved.sustainable_spending > 55_000
    assert spending.tried == 36
    # The sustainable spending is the edge: a little more fails, a little less lasts.
    best = spending.best
    planned = h.model_copy(update={"retirement_spending": best.sustainable_spending * 1.01, "meltdown_income":
                                   best.choice.meltdown_income,
                                   "people": [h.people[0].model_copy(update={
                                       k: v for k, v in (("cpp_start_age", best.choice.cpp_start_age),
                                                         ("oas_start_age", best.choice.oas_start_age))
                                       if v is not None})]})
    assert evaluate(planned, Choice(None, None, best.choice.meltdown_income), find_spending=False).lasts is False
    tax = optimise(h, "tax")
    assert tax.best.lasts and tax.gain >= 0
    assert tax.best.lifetime_tax + tax.best.estate_tax <= tax.saved.lifetime_tax + tax.saved.estate_tax


def test_choices_per_lane_give_the_plans_they_stand_for() -> None:
    """The optimiser runs every CPP/OAS/meltdown/withdrawal-order choice as a lane of one run: each lane must be the
    plan saved with that choice, run on its own, to the cent."""
    from api.planning.household import LaneChoices

    h = HouseholdInputs(start=START, province="BC", spending=70_000, non_registered=150_000,
                        people=[Person(age=55, retirement_age=58, employment_income=110_000, rrsp=600_000,
                                       tfsa=90_000, cpp_at_65=1_200, cpp_start_age=62),
                                Person(age=52, retirement_age=57, employment_income=60_000, rrsp=200_000,
                                       tfsa=70_000, oas_start_age=67)])
    picks = [(np.nan, np.nan, np.nan, np.nan), (70.0, 65.0, np.nan, np.nan), (60.0, 70.0, 57_000.0, np.nan),
             (65.0, np.nan, 110_000.0, np.nan), (np.nan, np.nan, np.nan, 1.0), (70.0, 70.0, np.nan, 1.0)]
    choices = LaneChoices(*(np.array(column) for column in zip(*picks, strict=True)))
    together = Engine(h).run(np.full(len(picks), 1e9), constant_market(h, len(picks)), choices=choices)
    assert len({round(float(together.tax[:, i].sum())) for i in range(len(picks))}) == len(picks)  # all differ
    for lane, (cpp, oas, melt, rrsp_first) in enumerate(picks):
        people = [p.model_copy(update={k: v for k, v in (("cpp_start_age", cpp), ("oas_start_age", oas))
                                       if not np.isnan(v)}) for p in h.people]
        alone_inputs = h.model_copy(update={"people": people, "meltdown_income": None if np.isnan(melt) else melt,
                                            "withdrawal_order": "rrsp_first" if rrsp_first == 1 else
                                            "non_registered_first"})
        _, alone = run(alone_inputs)
        for name in ("cpp", "oas", "tax", "oas_recovery", "rrsp_withdrawal", "net_worth"):
            np.testing.assert_allclose(getattr(together, name)[:, lane], getattr(alone, name)[:, 0], atol=0.01,
                                       err_msg=f"lane {lane}: {name}")
        assert together.estate[lane] == pytest.approx(alone.estate[0], abs=0.01)
        assert together.failed_year[lane] == alone.failed_year[0]


def test_every_lane_of_a_many_market_run_is_that_market_run_alone() -> None:
    """Lanes that differ only by their markets share one schedule and run through the compiled year together; each
    lane's figures are still those of its market run on its own (a couple who save, then draw, with a death)."""
    h = HouseholdInputs(start=START, province="QC", spending=70_000, non_registered=80_000, non_registered_cost=50_000,
                        people=[Person(age=50, retirement_age=58, employment_income=120_000, rrsp=250_000,
                                       tfsa=60_000, pension=15_000, death_age=88),
                                Person(age=48, retirement_age=58, employment_income=70_000, rrsp=90_000)],
                        split={"rrsp": 50, "tfsa": 30, "non_registered": 20})
    engine = Engine(h)
    rng = np.random.default_rng(5)
    lanes = 6
    market = Market(real_return=rng.normal(0.04, 0.1, (engine.years, lanes)),
                    inflation=rng.uniform(0.0, 0.04, (engine.years, lanes)))
    together = engine.run(np.full(lanes, 1e9), market)
    for k in range(lanes):
        alone = engine.run(np.array([1e9]), Market(market.real_return[:, k:k + 1], market.inflation[:, k:k + 1]))
        for key in ("investable", "tax", "oas_recovery", "shortfall", "rrsp_withdrawal", "contributions"):
            np.testing.assert_array_equal(getattr(together, key)[:, k], getattr(alone, key)[:, 0], err_msg=key)
        assert together.estate[k] == alone.estate[0] and together.failed_year[k] == alone.failed_year[0]
    assert len({float(x) for x in together.estate}) == lanes  # the markets did differ
