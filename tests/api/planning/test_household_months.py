"""The household plan month by month: each flow in its months, the yearly figures their sums, and the month-end
balances ending every year where the yearly run does."""

from __future__ import annotations

from datetime import date

import numpy as np
import numpy.typing as npt
import pytest

from api.planning.household import (
    MONTHLY,
    Engine,
    HouseholdInputs,
    Lanes,
    Mortgage,
    Person,
    PlanEvent,
    constant_market,
    find_fi,
)

START = date(2026, 1, 1)
BALANCES = ("rrsp", "tfsa", "fhsa", "non_registered", "cash", "investable", "net_worth")


def run(h: HouseholdInputs) -> tuple[Engine, Lanes]:
    engine = Engine(h)
    return engine, engine.run(np.array([1e9]), constant_market(h), by_month=True)


def month(lanes: Lanes, key: str) -> npt.NDArray[np.float64]:
    assert lanes.months is not None
    return lanes.months[key][:, 0]


def couple(**changes: object) -> HouseholdInputs:
    h = HouseholdInputs(
        start=START, province="QC", spending=84_000, non_registered=150_000, non_registered_cost=90_000, cash=40_000,
        home_equity=300_000, debts=12_000, split={"tfsa": 40, "rrsp": 40, "non_registered": 20},
        people=[Person(name="A", age=47, retirement_age=55.5, employment_income=140_000, rrsp=310_000, tfsa=95_000,
                       cpp_start_age=63.75, death_age=88),
                Person(name="B", age=45, retirement_age=58.25, employment_income=72_000, rrsp=120_000, tfsa=60_000,
                       pension=18_000, pension_start_age=60, oas_start_age=67.5, fhsa=8_000)],
        events=[PlanEvent(kind="one_off", start=date(2030, 7, 1), amount=60_000),
                PlanEvent(kind="spending", start=date(2029, 4, 1), end=date(2036, 9, 1), amount=-9_000),
                PlanEvent(kind="income", start=date(2027, 3, 1), end=date(2031, 1, 1), amount=15_000, person=1),
                PlanEvent(kind="pause_saving", start=date(2028, 2, 1), end=date(2028, 6, 1), amount=0)],
        mortgages=[Mortgage(balance=180_000, rate=0.049, payment=1_900)], meltdown_income=60_000)
    return h.model_copy(update=changes)


def test_the_yearly_figures_are_the_sums_of_the_months_and_balances_end_each_year_alike() -> None:
    """Retirements, CPP and OAS starts inside a year, a one-off, a dated change, a pause, a mortgage paid off,
    a meltdown and a death: every flow's months add up to the year, and the December balances are the year's."""
    engine, r = run(couple())
    years = engine.years
    yearly = {"tax": r.tax[:, 0] + r.oas_recovery[:, 0]}
    for key in MONTHLY:
        values = month(r, key).reshape(years, 12)
        if key in BALANCES:
            np.testing.assert_allclose(values[:, 11], getattr(r, key)[:, 0], atol=0.01, err_msg=key)
        else:
            expected = yearly.get(key, getattr(r, key)[:, 0])
            np.testing.assert_allclose(values.sum(axis=1), expected, atol=0.01, err_msg=key)


def test_asking_for_the_months_changes_nothing_in_the_plan() -> None:
    h = couple()
    engine = Engine(h)
    plain = engine.run(np.array([1e9]), constant_market(h))
    _, monthly = run(h)
    for key in ("investable", "tax", "spending", "contributions", "rrsp_withdrawal", "estate"):
        np.testing.assert_array_equal(getattr(plain, key), getattr(monthly, key))


def test_pay_stops_in_the_month_of_retirement() -> None:
    """Retiring at 45.5 from 40: 66 months of pay, nothing after; that year's surplus is saved in the months paid and
    the next year's spending drawn in its months."""
    h = HouseholdInputs(start=START, province="ON", spending=30_000,
                        people=[Person(age=40, retirement_age=45.5, employment_income=120_000)])
    _, r = run(h)
    pay = month(r, "employment")
    assert pay[:66] == pytest.approx(np.full(66, 10_000.0))
    assert not pay[66:].any()
    saved = month(r, "contributions")
    drawn = month(r, "non_registered_withdrawal") + month(r, "rrsp_withdrawal") + month(r, "tfsa_withdrawal")
    assert saved[60:66].min() > 0 and not saved[66:].any()
    assert not drawn[:72].any() and drawn[72:84].min() > 0


def test_cpp_and_oas_start_in_the_month_of_their_start_age() -> None:
    """CPP at 65.5 and OAS at 66.25 for a 64-year-old: the first payments in months 18 and 27."""
    h = HouseholdInputs(start=START, province="ON", spending=30_000, non_registered=500_000,
                        people=[Person(age=64, retirement_age=60, cpp_at_65=1_000, cpp_start_age=65.5,
                                       oas_start_age=66.25)])
    _, r = run(h)
    cpp, oas = month(r, "cpp"), month(r, "oas")
    assert not cpp[:18].any() and cpp[18] == pytest.approx(1_000 * (1 + 0.007 * 6))
    assert not oas[:27].any() and oas[27] > 700
    assert np.ptp(cpp[18:36]) == pytest.approx(0.0, abs=1e-9)  # the same payment every month once started


def test_a_one_off_is_spent_in_its_month() -> None:
    h = HouseholdInputs(start=START, province="ON", spending=48_000, cash=100_000,
                        people=[Person(age=60, retirement_age=55, cpp_at_65=0, oas_residence_years=0)],
                        events=[PlanEvent(kind="one_off", start=date(2026, 8, 1), amount=25_000)])
    _, r = run(h)
    spending = month(r, "spending")
    assert spending[7] == pytest.approx(4_000 + 25_000)
    assert spending[:7] == pytest.approx(np.full(7, 4_000.0))
    assert month(r, "cash_withdrawal")[7] == pytest.approx(29_000, rel=1e-6)


def test_a_balance_compounds_month_by_month() -> None:
    """No flows: each month-end is the start grown by (1 + g) ** (m / 12), in today's dollars."""
    h = HouseholdInputs(start=START, province="ON", spending=0, return_rate=0.0712, inflation=0.02,
                        people=[Person(age=40, tfsa=100_000, tfsa_room=0)])
    _, r = run(h)
    real = 1.0712 / 1.02
    np.testing.assert_allclose(month(r, "tfsa")[:24], 100_000 * real ** (np.arange(1, 25) / 12), rtol=1e-12)


def test_the_fi_month_is_unchanged_by_the_monthly_view() -> None:
    h = couple()
    assert find_fi(Engine(h)).month is not None


def test_part_time_work_after_retiring_is_paid_in_its_months() -> None:
    """Retired at 50, part-time from July of 55 to 60 at $30,000 a year: paid $2,500 a month then, taxed as pay
    (CPP and EI), and nothing before or after; a raise while working (an `income` change) ends with the job."""
    h = HouseholdInputs(start=START, province="ON", spending=40_000, non_registered=2_000_000,
                        people=[Person(age=45, retirement_age=50, employment_income=100_000)],
                        events=[PlanEvent(kind="earnings", start=date(2036, 7, 1), end=date(2041, 1, 1), amount=30_000),
                                PlanEvent(kind="income", start=date(2029, 1, 1), amount=10_000)])
    _, r = run(h)
    pay = month(r, "employment")
    assert pay[36:60] == pytest.approx(np.full(24, 110_000 / 12))  # the raise, until retiring
    assert not pay[60:126].any()
    assert pay[126:180] == pytest.approx(np.full(54, 2_500.0))
    assert not pay[180:].any()
    assert float(r.payroll[10, 0]) > 0 and float(r.payroll[9, 0]) == 0


def test_rental_income_is_taxed_as_the_owners_and_paid_to_the_horizon() -> None:
    """$18,000 a year of net rent: in every year and month, in retirement too, and taxed like other income (the
    tax rises by the marginal rate on it, split between a couple)."""
    base = HouseholdInputs(start=START, province="ON", spending=60_000, non_registered=1_500_000,
                           people=[Person(age=58, retirement_age=60, employment_income=90_000)])
    _, without = run(base)
    engine, rented = run(base.model_copy(update={"rental_income": 18_000}))
    assert (rented.rental_income[:, 0] == 18_000).all()
    assert month(rented, "rental_income") == pytest.approx(np.full(engine.years * 12, 1_500.0))
    assert 0.2 * 18_000 < float(rented.tax[0, 0] - without.tax[0, 0]) < 0.5 * 18_000
    assert float(rented.estate[0]) > float(without.estate[0])


def test_the_fi_search_stops_work_begun_before_it_and_keeps_work_planned_for_after() -> None:
    """'If every earner stopped working then': a side business already running stops at the FI month tried, so it
    cannot make an earlier date look affordable; part-time work planned to start after that month still happens."""
    h = HouseholdInputs(start=START, province="ON", spending=45_000, non_registered=400_000,
                        people=[Person(age=40, retirement_age=60, employment_income=110_000)])
    side = h.model_copy(update={"events": [PlanEvent(kind="earnings", start=date(2026, 1, 1), end=date(2046, 1, 1),
                                                     amount=30_000)]})
    later = h.model_copy(update={"events": [PlanEvent(kind="earnings", start=date(2045, 1, 1), end=date(2050, 1, 1),
                                                      amount=30_000)]})
    base, with_side, with_later = (find_fi(Engine(x)).month for x in (h, side, later))
    assert base is not None and with_side is not None and with_later is not None
    assert with_side <= base  # it is saved from while working, so it may bring FI nearer...
    lanes = Engine(side).run(np.array([60.0]), constant_market(side), exact=True, by_month=True)
    pay = month(lanes, "employment")
    assert pay[59] > 0 and not pay[60:].any()  # ...but it stops with the job in the lane that stops at month 60
    kept = Engine(later).run(np.array([60.0]), constant_market(later), exact=True, by_month=True)
    assert month(kept, "employment")[19 * 12] == pytest.approx(2_500)  # work planned for after still pays
    assert with_later < base
