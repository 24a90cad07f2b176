"""The coach's `cpp_oas_timing` (on the household plan's CPP estimate) and `account_totals`."""

from __future__ import annotations

import uuid

import pytest

from api.core.db import user_session
from api.plan.summary import plan_bundle
from api.planning.household import Engine
from tests.tools.helpers import call
from tools.base import ToolContext


def test_cpp_and_oas_start_ages_with_their_break_even(demo: ToolContext, demo_user: uuid.UUID) -> None:
    with user_session(demo_user) as session:
        inputs = plan_bundle(session=session, user_id=demo_user).inputs
    at_65 = Engine(inputs).cpp_monthly[0]  # the CPP the plan itself pays Maya
    out = call(demo, "cpp_oas_timing")
    cpp = {o.start_age: o for o in out.options if o.benefit == "CPP"}
    assert float(out.cpp_at_65_monthly) == pytest.approx(at_65, abs=0.01)
    # 0.6% less a month before 65 (36% at 60), 0.7% more a month after (42% at 70): canada.ca's rules
    assert float(cpp[60].monthly) == pytest.approx(at_65 * 0.64, abs=0.01)
    assert float(cpp[70].monthly) == pytest.approx(at_65 * 1.42, abs=0.01)
    assert cpp[70].break_even_age_vs_65 == pytest.approx((70 * 1.42 - 65) / 0.42, abs=0.05)  # about 81.9
    assert cpp[60].break_even_age_vs_65 == pytest.approx((60 * 0.64 - 65) / -0.36, abs=0.05)  # about 73.9
    assert cpp[65].break_even_age_vs_65 is None
    oas = {o.start_age: o for o in out.options if o.benefit == "OAS"}
    assert float(oas[70].monthly) == pytest.approx(float(oas[65].monthly) * 1.36, abs=0.01)  # 0.6% a month
    assert oas[70].break_even_age_vs_65 == pytest.approx((70 * 1.36 - 65) / 0.36, abs=0.05)  # about 83.9
    assert "Starting at 70 overtakes 65 from about age 82" in out.summary
    statement = call(demo, "cpp_oas_timing", cpp_at_65_monthly=900, cpp_start_age=68)
    assert float(statement.cpp_at_65_monthly) == 900
    assert [o.start_age for o in statement.options if o.benefit == "CPP"] == [60, 65, 68, 70]
    assert statement.provenance.assumptions["cpp_at_65_from"] == "the amount you gave"


def test_account_totals_add_up_both_spouses_accounts_by_kind(demo: ToolContext) -> None:
    out = call(demo, "account_totals")
    totals = {t.kind: t for t in out.totals}
    assert float(totals["tfsa"].total) == 68_500 + 41_200
    assert float(totals["rrsp"].total) == 112_300 + 58_600
    assert sorted(totals["tfsa"].accounts) == ["Daniel's TFSA", "Maya's TFSA"]
    assert float(out.total) == 333_400  # every account, the RESP and the cash included
    tfsas = call(demo, "account_totals", account_type="tfsa")
    assert [t.kind for t in tfsas.totals] == ["tfsa"] and tfsas.summary.startswith("Your TFSAs add up to $109,700")


def test_account_totals_of_a_new_user_say_there_is_nothing(empty: ToolContext) -> None:
    out = call(empty, "account_totals", account_type="fhsa")
    assert out.totals == [] and float(out.total) == 0 and out.summary == "You have no FHSAs saved."
