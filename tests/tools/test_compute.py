"""Compute tools: numbers equal the calculators' service and the plan for the same inputs, inputs default
from saved data, and provenance says what was read and assumed."""

from __future__ import annotations

import uuid
from datetime import date
from decimal import Decimal

import pytest

from api.calc import schemas as s
from api.calc import service as calc
from api.core.db import user_session
from api.core.errors import Invalid
from api.snapshot.service import get_snapshot
from tests.tools.helpers import call
from tools.base import ToolContext


def test_savings_rate_equals_the_snapshot(demo: ToolContext, demo_user: uuid.UUID) -> None:
    with user_session(demo_user) as session:
        snapshot = get_snapshot(session=session, user_id=demo_user)
    out = call(demo, "savings_rate")
    assert snapshot.savings_rate is not None and out.savings_rate == float(snapshot.savings_rate)
    assert out.monthly_surplus == snapshot.monthly_surplus and out.budgeted_savings_share == 0.35
    given = call(demo, "savings_rate", monthly_income=10000, monthly_expenses=7500)
    assert given.savings_rate == 0.25 and given.annual_savings == 30000


def test_tax_rrsp_vs_tfsa_and_room_default_from_the_profile_and_income(demo: ToolContext) -> None:
    tax = call(demo, "tax_estimate")
    expected = calc.income_tax(data=s.TaxIn(year=2026, province="ON", employment_income=Decimal(118000)))
    assert tax.result == expected and tax.provenance.tax_year == 2026
    assert tax.provenance.assumptions["province"] == "ON"
    quebec = call(demo, "tax_estimate", province="QC", employment_income=80000, year=2025)
    assert quebec.result == calc.income_tax(data=s.TaxIn(year=2025, province="QC",
                                                         employment_income=Decimal(80000)))
    versus = call(demo, "rrsp_vs_tfsa")
    assert versus.result == calc.rrsp_vs_tfsa(data=s.RrspVsTfsaIn(
        pre_tax_amount=Decimal(1000), years=52 - 34, annual_return=0.06, province="ON", year=2026,
        income_now=Decimal(118000), income_retirement=Decimal("94284.00")))
    assert versus.provenance.tax_year == 2026
    room = call(demo, "contribution_room")
    assert room.rrsp == calc.rrsp_room(data=s.RrspRoomIn(year=2026, previous_year_earned_income=Decimal(118000),
                                                         age=34))
    assert room.tfsa == calc.tfsa_room(data=s.TfsaRoomIn(birth_year=2026 - 34, year=2026, contributions=[
        s.YearAmount(year=2026, amount=Decimal(0))]))
    assert room.fhsa is not None and float(room.fhsa.room) == 8000
    only = call(demo, "contribution_room", account="tfsa", tfsa_contributed=50000)
    assert only.rrsp is None and only.tfsa is not None and only.tfsa.room == room.tfsa.room - 50000


def test_a_new_user_gets_stated_assumptions(empty: ToolContext) -> None:
    tax = call(empty, "tax_estimate", employment_income=60000)
    assert any("Province assumed ON" in n for n in tax.provenance.notes)
    room = call(empty, "contribution_room", account="rrsp")
    assert float(room.rrsp.available) == 0 and any("Age assumed 30" in n for n in room.provenance.notes)
    fire = call(empty, "fire_number")
    assert fire.fire_number == 0 and "No FIRE number yet" in fire.summary
    assert any(n.startswith("Assumed: expenses") for n in fire.provenance.notes)
    assert call(empty, "savings_rate").savings_rate is None
    assert call(empty, "debt_payoff").result is None
    with pytest.raises(Invalid, match="No mortgage is saved"):
        call(empty, "mortgage_payment")


def test_mortgage_and_debt_payoff_use_the_saved_balances(demo: ToolContext) -> None:
    mortgage = call(demo, "mortgage_payment", annual_rate=0.045)
    assert mortgage.result == calc.mortgage_calc(data=s.MortgageIn(principal=Decimal(612000), annual_rate=0.045))
    assumed = call(demo, "mortgage_payment")
    assert any("assumed 5%" in n for n in assumed.provenance.notes)
    debts = call(demo, "debt_payoff", extra_monthly=100)
    assert {d.name for d in debts.debts} == {"Aeroplan Visa Infinite", "Cobalt"}  # the line of credit is at 0
    minimums = sum((d.minimum_payment for d in debts.debts), Decimal(0))
    assert debts.result == calc.debt_payoff(data=s.DebtPayoffIn(debts=debts.debts, monthly_payment=minimums + 100))
    given = call(demo, "debt_payoff", debts=[{"name": "Car loan", "balance": 12000, "annual_rate": 0.07,
                                              "minimum_payment": 300}], monthly_payment=500)
    assert given.result.avalanche.paid_off and given.result.avalanche.monthly_payment == 500
















def test_room_for_next_year_keeps_the_birth_year_from_todays_age(demo: ToolContext) -> None:
    """'How much RRSP room will I have next year?' said 'Birth year taken as 1993' for a 34-year-old in 2026."""

    this_year = date.today().year
    now = call(demo, "contribution_room", account="tfsa")
    later = call(demo, "contribution_room", account="tfsa", year=this_year + 1)
    assert now.provenance.assumptions["birth_year"] == later.provenance.assumptions["birth_year"] == this_year - 34



def test_figures_from_the_question_are_said_apart_from_the_saved_ones(demo: ToolContext) -> None:
    """Numbers the person states win for that question, and the result (and the offline answer) says which came
    from the question; with none stated, nothing claims to."""
    from agent.coach.offline_answers import provenance_lines

    saved = call(demo, "fire_number")
    assert saved.provenance.stated == {}
    stated = call(demo, "fire_number", annual_spending=60000, withdrawal_rate=0.035)
    assert stated.provenance.stated == {"annual_spending": 60000.0, "withdrawal_rate": 0.035}
    assert stated.annual_spending == 60000 and stated.fire_number != saved.fire_number
    lines = provenance_lines(stated.model_dump(mode="json"))
    assert lines[0].startswith("From your question: annual spending $60,000; withdrawal rate 3.5%. The rest from "
                               "your saved data (")
    what_if = call(demo, "what_if", extra_monthly_savings=1000)
    assert what_if.provenance.stated == {"extra_monthly_savings": 1000.0}
    assert not any(line.startswith("Note: Your figures changed") for line in
                   provenance_lines(what_if.model_dump(mode="json")))
