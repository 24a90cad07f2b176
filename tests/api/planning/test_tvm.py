"""Time value of money against the worked examples of spreadsheet documentation (Microsoft Excel's PMT, PV, FV,
NPER, RATE, IPMT, PPMT, NPV, IRR, XNPV and XIRR help pages) and numpy-financial's own docstring examples, to
the cent."""

from __future__ import annotations

from datetime import date

import numpy_financial as npf
import pytest

from api.planning import tvm
from api.planning.errors import PlanningInputError


def test_pmt_matches_the_spreadsheet_example() -> None:
    # Excel PMT help: PMT(8%/12, 10, 10000) = -1,037.03.
    assert tvm.solve(solve_for="pmt", n=10, annual_rate=0.08, pv=10_000).pmt == pytest.approx(-1_037.03, abs=0.005)
    # numpy-financial pmt docstring: pmt(0.075/12, 12*15, 200000) = -1854.02.
    assert tvm.solve(solve_for="pmt", n=180, annual_rate=0.075, pv=200_000).pmt == pytest.approx(-1_854.02,
                                                                                                  abs=0.005)


def test_pv_and_fv_match_the_spreadsheet_examples() -> None:
    # Excel PV help: PV(8%/12, 12*20, 500, , 0) = -59,777.15.
    assert tvm.solve(solve_for="pv", n=240, annual_rate=0.08, pmt=500).pv == pytest.approx(-59_777.15, abs=0.005)
    # Excel FV help: FV(6%/12, 10, -200, -500, 1) = 2,581.40 (payments at the start of each month).
    fv = tvm.solve(solve_for="fv", n=10, annual_rate=0.06, pmt=-200, pv=-500, timing="begin").fv
    assert fv == pytest.approx(2_581.40, abs=0.005)
    # numpy-financial fv docstring: fv(0.05/12, 10*12, -100, -100) = 15692.93.
    assert tvm.solve(solve_for="fv", n=120, annual_rate=0.05, pmt=-100, pv=-100).fv == pytest.approx(15_692.93,
                                                                                                      abs=0.005)


@pytest.mark.parametrize(("timing", "fv", "expected"), [("begin", 10_000, 59.6738657), ("end", 10_000, 60.0821229),
                                                        ("end", 0, -9.5785940)])
def test_nper_matches_the_spreadsheet_examples(timing: str, fv: float, expected: float) -> None:
    # Excel NPER help: NPER(12%/12, -100, -1000, 10000, 1) = 59.6738657; type 0: 60.0821229; without fv: -9.5785940.
    n = tvm.solve(solve_for="n", annual_rate=0.12, pmt=-100, pv=-1_000, fv=fv, timing=timing).n  # type: ignore[arg-type]
    assert n == pytest.approx(expected, abs=1e-7)


def test_rate_matches_the_spreadsheet_example() -> None:
    # Excel RATE help: RATE(4*12, -200, 8000) = 0.77% a month, 9.24% a year.
    r = tvm.solve(solve_for="annual_rate", n=48, pmt=-200, pv=8_000)
    assert r.periodic_rate == pytest.approx(0.0077014725, abs=1e-10)
    assert round(r.annual_rate, 4) == 0.0924
    # The solved rate gives back the payment.
    assert tvm.solve(solve_for="pmt", n=48, annual_rate=r.annual_rate, pv=8_000).pmt == pytest.approx(-200, abs=1e-6)


def test_rate_is_found_where_newton_alone_fails() -> None:
    # A rate far from numpy-financial's starting guess: 100 paid now, 10,000 back after 5 periods (151% a period).
    r = tvm.solve(solve_for="annual_rate", n=5, pv=-100, fv=10_000, periods_per_year=1)
    assert r.periodic_rate == pytest.approx(100 ** (1 / 5) - 1, rel=1e-9)


@pytest.mark.parametrize(("kwargs", "period", "interest", "principal"), [
    # Excel IPMT help: IPMT(10%/12, 1, 3*12, 8000) = -66.67; IPMT(10%, 3, 3, 8000) = -292.45.
    ({"n": 36, "annual_rate": 0.10, "pv": 8_000}, 1, -66.67, None),
    ({"n": 3, "annual_rate": 0.10, "pv": 8_000, "periods_per_year": 1}, 3, -292.45, None),
    # Excel PPMT help: PPMT(10%/12, 1, 2*12, 2000) = -75.62; PPMT(8%, 10, 10, 200000) = -27,598.05.
    ({"n": 24, "annual_rate": 0.10, "pv": 2_000}, 1, None, -75.62),
    ({"n": 10, "annual_rate": 0.08, "pv": 200_000, "periods_per_year": 1}, 10, None, -27_598.05),
])
def test_interest_and_principal_of_a_period(kwargs: dict[str, float], period: int, interest: float | None,
                                            principal: float | None) -> None:
    r = tvm.solve(solve_for="pmt", period=period, **kwargs)  # type: ignore[arg-type]
    assert r.split is not None
    if interest is not None:
        assert r.split.interest == pytest.approx(interest, abs=0.005)
    if principal is not None:
        assert r.split.principal == pytest.approx(principal, abs=0.005)
    assert r.split.interest + r.split.principal == pytest.approx(r.pmt)


def test_a_loan_is_paid_off_after_its_last_period() -> None:
    r = tvm.solve(solve_for="pmt", n=10, annual_rate=0.08, pv=200_000, periods_per_year=1, period=10)
    assert r.split is not None and r.split.balance == pytest.approx(0, abs=1e-6)


def test_canadian_mortgage_compounding_matches_the_mortgage_calculator() -> None:
    # C/Y = 2 (semi-annual), P/Y = 12: $300,000 at 4% over 25 years.
    r = tvm.solve(solve_for="pmt", n=300, annual_rate=0.04, pv=300_000, periods_per_year=12, compounding_per_year=2)
    assert r.pmt == pytest.approx(-1_578.06, abs=0.005)
    assert r.effective_annual_rate == pytest.approx(1.02 ** 2 - 1)


def test_npv_and_irr_match_the_spreadsheet_examples() -> None:
    # Excel NPV help: NPV(10%, -10000, 3000, 4200, 6800) = 1,188.44 (the first flow one period away).
    assert tvm.npv_spreadsheet(0.10, [-10_000, 3_000, 4_200, 6_800]) == pytest.approx(1_188.44, abs=0.005)
    # Excel IRR help: 8.66% after five years, -2.12% after four, -44.35% after two (guess -10%).
    flows = [-70_000, 12_000, 15_000, 18_000, 21_000, 26_000]
    assert tvm.irr(flows) == pytest.approx(0.0866, abs=0.00005)
    assert tvm.irr(flows[:5]) == pytest.approx(-0.0212, abs=0.00005)
    assert tvm.irr(flows[:3], guess=-0.1) == pytest.approx(-0.4435, abs=0.00005)
    # numpy-financial: npv(0.281, [-100, 39, 59, 55, 20]) = -0.0084785916; irr = 0.28095.
    assert tvm.npv(0.281, [-100, 39, 59, 55, 20]) == pytest.approx(float(npf.npv(0.281, [-100, 39, 59, 55, 20])))
    assert tvm.irr([-100, 39, 59, 55, 20]) == pytest.approx(0.28095, abs=0.000005)


def test_xnpv_and_xirr_match_the_spreadsheet_examples() -> None:
    # Excel XNPV and XIRR help: the same five dated flows give XNPV(9%) = 2,086.65 and XIRR = 0.373362535.
    dates = [date(2008, 1, 1), date(2008, 3, 1), date(2008, 10, 30), date(2009, 2, 15), date(2009, 4, 1)]
    flows = [-10_000, 2_750, 4_250, 3_250, 2_750]
    assert tvm.xnpv(0.09, flows, dates) == pytest.approx(2_086.65, abs=0.005)
    assert tvm.xirr(flows, dates) == pytest.approx(0.373362535, abs=1e-8)  # as many digits as the help page shows


def test_impossible_questions_name_the_field() -> None:
    with pytest.raises(PlanningInputError) as never:  # the payment does not cover the interest
        tvm.solve(solve_for="n", annual_rate=0.12, pv=10_000, pmt=-50)
    assert never.value.field == "pmt"
    with pytest.raises(PlanningInputError) as signs:
        tvm.solve(solve_for="annual_rate", n=10, pv=100, pmt=10, fv=10)
    assert signs.value.field == "pv"
    with pytest.raises(PlanningInputError) as missing:
        tvm.solve(solve_for="pmt", annual_rate=0.05, pv=100)
    assert missing.value.field == "n"
    with pytest.raises(PlanningInputError) as one_sign:
        tvm.irr([100, 200])
    assert one_sign.value.field == "cash_flows"
    with pytest.raises(PlanningInputError) as period:
        tvm.solve(solve_for="pmt", n=12, annual_rate=0.05, pv=100, period=13)
    assert period.value.field == "period"


def test_interest_overall_is_what_the_flows_add_up_to() -> None:
    loan = tvm.solve(solve_for="pmt", n=300, annual_rate=0.05, pv=500_000, compounding_per_year=2)
    assert loan.total_interest == pytest.approx(500_000 + 300 * loan.pmt) and loan.total_interest < 0  # paid
    saving = tvm.solve(solve_for="fv", n=120, annual_rate=0.05, pmt=-100, pv=-100)
    assert saving.total_interest == pytest.approx(saving.fv - 100 - 12_000) and saving.total_interest > 0  # earned
