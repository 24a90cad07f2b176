"""The Canadian figures and worked examples quoted in the education articles agree with the planning
engine and its year tables (api/planning/data/), which carry the sources of each figure.

An article that drifts from the tables (a limit typed wrong, an example left stale after a table update)
fails here, as does an engine change that would make an article's example wrong.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from api.planning import debt, mortgage, pensions, tax
from api.planning.tables import account_tables

ARTICLES_DIR = Path(__file__).resolve().parents[2] / "knowledge" / "content" / "articles"


def _raw_body(article_id: str) -> str:
    text = (ARTICLES_DIR / f"{article_id}.md").read_text(encoding="utf-8")
    return text.split("\n---\n", 1)[1]


def _body(article_id: str) -> str:
    """The body with line breaks and runs of spaces folded, so a phrase wrapped across lines still matches."""
    return re.sub(r"\s+", " ", _raw_body(article_id))


def _amount(text: str) -> float:
    return float(text.replace("$", "").replace(",", ""))


def _dollars(value: float) -> str:
    return f"${round(value):,}"


def test_rrif_factor_table_matches_the_prescribed_factors() -> None:
    body = _body("rrif-minimums")
    quoted = {int(age): float(pct) / 100 for age, pct in re.findall(r"(\d\d)(?: and over)? \| (\d+\.\d\d)%", body)}
    factors = {int(age): factor for age, factor in account_tables()["rrif"]["factors"].items()}
    assert quoted == pytest.approx(factors)
    assert "$27,000" in body  # 5.40% of $500,000 at 72
    schedule = {row.age: row for row in pensions.rrif_schedule(age=72, balance=500_000, annual_return=0.05, years=20)}
    assert schedule[72].minimum == pytest.approx(27_000)
    assert f"about ${round(schedule[80].start_balance, -3):,.0f}" in body
    assert f"about ${round(schedule[90].start_balance, -3):,.0f}" in body


def test_tfsa_table_adds_up_to_the_cumulative_room() -> None:
    body = _body("tfsa-basics")
    limits = {int(y): v for y, v in account_tables()["tfsa"]["annual_limits"].items()}
    cumulative = 0.0
    for year in sorted(limits):
        cumulative += limits[year]
        if year in (2015, 2023, 2024, 2025, 2026):
            assert f"| {year} | {_dollars(limits[year])} | {_dollars(cumulative)} |" in body, year
    assert f"**{_dollars(cumulative)}**" in body


def test_rrsp_dollar_limits_and_income_needed() -> None:
    body = _body("rrsp-basics")
    table = account_tables()["rrsp"]
    for year, limit in table["dollar_limits"].items():
        if int(year) >= 2022:
            needed = round(limit / table["earned_income_rate"])
            assert f"| {year} | {_dollars(limit)} | {_dollars(needed)} |" in body, year


def test_provincial_comparison_table_matches_the_tax_engine() -> None:
    body = _raw_body("taxes-by-province")
    for income in (58_000, 100_000):
        row = re.search(rf"\| {re.escape(_dollars(income))} \| (.+) \|\n", body)
        assert row, income
        cells = [c.strip() for c in row.group(1).split("|")]
        quoted_on = re.match(r"(\$[\d,]+) \(\+ (\$[\d,]+) health premium\)", cells[0])
        assert quoted_on, cells[0]
        for province, cell in zip(("BC", "AB", "QC"), cells[1:], strict=True):
            result = tax.compute_tax(employment_income=0, other_income=income, province=province, year=2025,
                                     include_payroll=False)
            assert _amount(cell) == pytest.approx(float(result.income_tax), abs=1), (province, income)
        on = tax.compute_tax(employment_income=0, other_income=income, province="ON", year=2025,
                             include_payroll=False)
        premium = float(on.ontario_health_premium)
        assert _amount(quoted_on.group(1)) == pytest.approx(float(on.income_tax) - premium, abs=1)
        assert _amount(quoted_on.group(2)) == premium


def test_marginal_versus_average_worked_example() -> None:
    body = _body("marginal-vs-average-tax")
    result = tax.compute_tax(employment_income=0, other_income=80_000, province="ON", year=2025,
                             include_payroll=False)
    federal = re.search(r"Federal tax: \*\*(\$[\d,.]+)\*\*", body)
    ontario = re.search(r"gives \*\*(\$[\d,.]+)\*\*", body)
    assert federal and ontario
    assert _amount(federal.group(1)) == pytest.approx(float(result.federal_tax), abs=0.01)
    premium = float(result.ontario_health_premium)
    assert _amount(ontario.group(1)) == pytest.approx(float(result.provincial_tax) - premium, abs=0.01)
    assert f"${premium:,.0f} cap" in body
    rate = tax.marginal_rate(employment_income=0, other_income=80_000, province="ON", year=2025,
                             include_payroll=False)
    assert f"**{rate * 100:.2f}%**" in body


def test_mortgage_and_stress_test_examples() -> None:
    body = _body("mortgages-in-canada")
    result = mortgage.mortgage(principal=500_000, annual_rate=0.05, amortization_years=25,
                               frequency="accelerated_bi_weekly")
    assert f"about **{_dollars(mortgage.payment(500_000, 0.05, 25, 'monthly'))}**" in body
    assert f"to about {result.payoff_years}" in body
    assert f"to about ${round(result.total_interest, -3):,.0f}" in body

    body = _body("cmhc-and-stress-test")
    premium = mortgage.cmhc_premium(price=600_000, down_payment=35_000, amortization_years=25)
    assert f"**{_dollars(premium.minimum_down_payment)}**" in body
    assert f"{premium.premium_rate * 100:.2f}%, or {_dollars(premium.premium)}" in body
    assert f"mortgage to {_dollars(565_000 + premium.premium)}" in body
    assert mortgage.qualifying_rate(0.05) == pytest.approx(0.07)
    assert f"about {_dollars(mortgage.payment(500_000, 0.07, 25, 'monthly'))}." in body


def test_debt_payoff_comparison_matches_the_engine() -> None:
    body = _body("debt-payoff-avalanche-snowball")
    debts = [debt.Debt("card", 4_000, 0.20, 120), debt.Debt("line", 2_500, 0.10, 50),
             debt.Debt("car", 12_000, 0.07, 250)]
    avalanche = debt.payoff(debts=debts, monthly_payment=900, strategy="avalanche")
    snowball = debt.payoff(debts=debts, monthly_payment=900, strategy="snowball")
    assert avalanche.months == snowball.months
    assert f"| Debt-free | month {avalanche.months} | month {snowball.months} |" in body
    assert (f"| Total interest | about {_dollars(avalanche.total_interest)} | "
            f"about {_dollars(snowball.total_interest)} |") in body
    first = {plan.strategy: min(plan.debts, key=lambda d: d.payoff_month) for plan in (avalanche, snowball)}
    assert f"card, month {first['avalanche'].payoff_month}" in body
    assert f"line of credit, month {first['snowball'].payoff_month}" in body
    saved = snowball.total_interest - avalanche.total_interest
    assert f"saves about {_dollars(saved)}" in body


def test_cpp_and_oas_examples() -> None:
    body = _body("cpp-timing")
    at_60 = pensions.cpp_pension(start_age=60, year=2026)
    at_70 = pensions.cpp_pension(start_age=70, year=2026)
    assert f"about {_dollars(at_60.monthly)} a month at 60" in body
    assert f"about {_dollars(at_70.monthly)} at 70" in body
    assert f"${at_60.monthly_at_65:,.2f} a month" in body
    assert at_60.break_even_age_vs_65 is not None and at_70.break_even_age_vs_65 is not None
    assert f"**age {round(at_60.break_even_age_vs_65)}**" in body
    assert f"**age {round(at_70.break_even_age_vs_65)}**" in body

    body = _body("oas-timing")
    deferred = pensions.oas_pension(start_age=70, year=2026, net_income=0)
    assert f"about ${deferred.monthly:,.2f} a month" in body

    body = _body("oas-recovery-tax")
    clawed = pensions.oas_pension(start_age=68, year=2025, net_income=110_000)
    assert f"**${clawed.recovery_tax:,.2f}**" in body
    for year, threshold in account_tables()["oas"]["recovery_threshold"].items():
        assert f"| {year} | {_dollars(threshold)} |" in body, year
