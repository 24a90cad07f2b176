"""The plan summary: the headline figures every surface shows, read from the household plan and cached until an
input changes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.plan.household import ASSUMPTIONS, month_date

SignUp = Callable[..., dict[str, str]]


def _saver(api: TestClient, me: dict[str, str], retirement_age: int = 50) -> None:
    api.put("/api/v1/profile", headers=me, json={"age": 35, "province": "ON"})
    api.put("/api/v1/household", headers=me, json={"members": [{"role": "self", "birth_date": "1991-06-01",
                                                                "employment_income": 95000,
                                                                "retirement_age": retirement_age}]})
    api.put("/api/v1/income", headers=me, json={"annual_salary": 95000, "monthly_take_home": 5900})
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 1700,
                                                  "items": [{"category": "Food", "amount": 900}]})
    api.post("/api/v1/accounts", headers=me, json={"account_name": "TFSA", "account_type": "tfsa",
                                                   "balance": 60000})


def test_the_summary_is_the_household_plans_figures(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    _saver(api, me)
    s = api.get("/api/v1/plan/summary", headers=me).json()
    plan = api.get("/api/v1/plan/household", headers=me).json()["summary"]
    risk = api.get("/api/v1/plan/household/risk", headers=me).json()["monte_carlo"]
    for key in ("fi_date", "months_to_fi", "fire_number", "rule_of_thumb", "net_worth_today", "plan_lasts"):
        assert s[key] == plan[key], key
    assert s["success_rate"] == risk["success_rate"]
    assert s["fi_date"] is not None and s["headline"].startswith("Financially independent in ")
    assert s["years"][0] >= 2026 and len(s["years"]) == len(s["net_worth"]) == len(s["investable"])
    assert any(m["kind"] == "fi" for m in s["milestones"])
    assert any(m["kind"] == "cpp" for m in s["milestones"])


def test_a_target_not_met_says_what_closes_it(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    _saver(api, me, retirement_age=43)
    s = api.get("/api/v1/plan/summary", headers=me).json()
    target = s["target"]
    assert target["age"] == 43 and target["met"] is False
    assert target["extra_monthly"] > 0 and target["shortfall"] > 0
    assert target["sentence"].endswith("a month more reaches it.")
    assert any(a["title"].startswith("Save $") for a in s["next_actions"])
    # Saving that much more (spending that much less until the target) does make the plan independent by then.
    extra = target["extra_monthly"]
    api.put("/api/v1/household", headers=me, json={"members": [{"role": "self", "birth_date": "1991-06-01",
                                                                "employment_income": 95000, "retirement_age": 43}]})
    assert api.get("/api/v1/plan/summary", headers=me).json()["target"]["extra_monthly"] == pytest.approx(extra)


def test_any_write_to_an_input_gives_a_fresh_plan(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    _saver(api, me)
    first = api.get("/api/v1/plan/summary", headers=me).json()
    assert api.get("/api/v1/plan/summary", headers=me).json() == first  # cached: the same figures
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 1700,
                                                  "items": [{"category": "Food", "amount": 1900}]})
    after = api.get("/api/v1/plan/summary", headers=me).json()
    assert after["spending"] > first["spending"]
    assert after["fi_date"] > first["fi_date"]
    assert api.get("/api/v1/plan/household", headers=me).json()["summary"]["fi_date"] == after["fi_date"]
    account = api.post("/api/v1/accounts", headers=me, json={"account_name": "RRSP", "account_type": "rrsp",
                                                             "balance": 100000}).json()
    richer = api.get("/api/v1/plan/summary", headers=me).json()
    assert richer["net_worth_today"] == pytest.approx(after["net_worth_today"] + 100000)
    moved = api.put(f"/api/v1/accounts/{account['id']}", headers=me, json={"account_name": "RRSP",
                                                                           "account_type": "rrsp", "balance": 90000})
    assert moved.status_code == 200, moved.text  # an update in place: the same rows, a newer version
    assert api.get("/api/v1/plan/summary", headers=me).json()["net_worth_today"] == pytest.approx(
        after["net_worth_today"] + 90000)
    api.delete(f"/api/v1/accounts/{account['id']}", headers=me)
    assert api.get("/api/v1/plan/summary", headers=me).json()["net_worth_today"] == after["net_worth_today"]


def test_an_empty_household_gets_actions_not_figures_it_cannot_know(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    s = api.get("/api/v1/plan/summary", headers=me).json()
    assert s["missing"]
    assert [a["route"] for a in s["next_actions"]][:2] == ["/settings/expenses", "/settings/household"]


def test_a_low_income_retiree_is_told_about_the_guaranteed_income_supplement(api: TestClient,
                                                                           sign_up: SignUp) -> None:
    """GIS is flagged, not paid: the years in which income other than OAS is under the limit (canada.ca, April to
    June 2025: $22,056 for a single person) are listed, with a next action that says the plan leaves it out."""
    me = sign_up()
    api.put("/api/v1/profile", headers=me, json={"age": 70, "province": "NB"})
    api.put("/api/v1/household", headers=me, json={"members": [{"role": "self", "employment_income": 0,
                                                                "retirement_age": 62, "cpp_at_65": 450}]})
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 900,
                                                  "items": [{"category": "Food", "amount": 500}]})
    api.post("/api/v1/accounts", headers=me, json={"account_name": "TFSA", "account_type": "tfsa",
                                                   "balance": 60000})
    s = api.get("/api/v1/plan/summary", headers=me).json()
    assert s["gis_years"] and s["gis_years"][0] == s["years"][0]
    action = next(a for a in s["next_actions"] if "Guaranteed Income Supplement" in a["title"])
    assert "does not count GIS" in action["detail"]
    plan = api.get("/api/v1/plan/household", headers=me).json()
    first = plan["years"][0]
    assert first["cpp"] + first["rrsp_withdrawal"] + first["employment"] < 22056


def test_a_burst_of_reads_builds_the_plan_once(api: TestClient, sign_up: SignUp,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Reads that arrive while a user's plan is being built wait for that build instead of each running the
    Monte Carlo again (a dashboard opened after a save sends several at once)."""
    import threading
    import uuid

    from api.core.db import user_session
    from api.plan import summary

    me = sign_up()
    _saver(api, me)
    user_id = uuid.UUID(api.get("/auth/v1/user", headers=me).json()["id"])
    summary.clear_cache()
    builds: list[int] = []
    real = summary._build

    def counted(*args: object, **kwargs: object) -> summary.PlanBundle:
        builds.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(summary, "_build", counted)
    results: list[summary.PlanBundle] = []

    def read() -> None:
        with user_session(user_id) as session:
            results.append(summary.plan_bundle(session=session, user_id=user_id))

    threads = [threading.Thread(target=read) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 6 and len(builds) == 1
    assert all(r is results[0] for r in results)


def test_the_snapshot_is_cached_on_the_same_fingerprint_and_follows_every_write(api: TestClient,
                                                                                sign_up: SignUp) -> None:
    me = sign_up()
    _saver(api, me)
    first = api.get("/api/v1/snapshot", headers=me).json()
    assert api.get("/api/v1/snapshot", headers=me).json() == first
    account = api.get("/api/v1/accounts", headers=me).json()[0]
    api.put(f"/api/v1/accounts/{account['id']}", headers=me, json={"account_name": "TFSA", "account_type": "tfsa",
                                                                   "balance": 61000})
    moved = api.get("/api/v1/snapshot", headers=me).json()
    assert moved["net_worth"]["net_worth"] == pytest.approx(first["net_worth"]["net_worth"] + 1000)
    api.put("/api/v1/expenses", headers=me, json={"rent_mortgage": 1700,
                                                  "items": [{"category": "Food", "amount": 1000}]})
    assert api.get("/api/v1/snapshot", headers=me).json()["expenses"]["total"] == first["expenses"]["total"] + 100
    api.post("/api/v1/goals", headers=me, json={"name": "Trip", "category": "travel", "target_amount": 5000})
    assert (api.get("/api/v1/snapshot", headers=me).json()["completion"]["overall"]
            > first["completion"]["overall"])


def test_every_input_table_raises_the_users_plan_version(api: TestClient, sign_up: SignUp) -> None:
    """Each table the plan reads has the trigger of migration 0016, so any insert, change or delete, by any server,
    raises the user's version; the async read path (a cached read's only query) sees what the sync one does."""
    import asyncio
    import uuid

    from api.core.db import privileged_session, user_session
    from api.core.reads import close_pools
    from api.plan import summary

    with privileged_session() as session:
        tables = session.execute(text("SELECT c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid "
                                      "WHERE g.tgname = 'plan_version'")).scalars().all()
    assert sorted(tables) == sorted(summary.INPUT_TABLES)
    me = sign_up()
    user_id = uuid.UUID(api.get("/auth/v1/user", headers=me).json()["id"])
    with user_session(user_id) as session:
        before = summary.fingerprint(session, user_id)
    _saver(api, me)
    with user_session(user_id) as session:
        sync = summary.fingerprint(session, user_id)
    assert int(sync) > int(before)
    async def read_async() -> str:
        try:
            return await summary.read_fingerprint(user_id)
        finally:
            await close_pools()  # this loop's pool, so the loop closes with nothing left running

    assert asyncio.run(read_async()) == sync
    goal = api.post("/api/v1/goals", headers=me, json={"name": "Trip", "category": "travel", "target_amount": "5000"})
    api.delete(f"/api/v1/goals/{goal.json()['id']}", headers=me)
    with user_session(user_id) as session:
        assert int(summary.fingerprint(session, user_id)) == int(sync) + 2  # the insert and the delete


def test_a_mortgage_is_paid_off_in_the_plan(api: TestClient, sign_up: SignUp) -> None:
    """A saved mortgage rate and payment: the plan marks the payoff, lowers spending from then on, and counts the
    balance paid down in net worth; not saved, the plan says what it assumed."""
    me = sign_up()
    _saver(api, me)
    before = api.get("/api/v1/plan/summary", headers=me).json()
    saved = api.post("/api/v1/properties", headers=me, json={
        "type": "condo", "description": "Condo in Ottawa", "market_value": "450000", "mortgage_balance": "150000",
        "mortgage_rate": "0.0479", "mortgage_payment": "1700"})
    assert saved.status_code == 201, saved.text
    assert saved.json()["mortgage_rate"] == 0.0479 and saved.json()["mortgage_payment"] == 1700
    plan = api.get("/api/v1/plan/household", headers=me).json()
    assert plan["inputs"]["mortgages"] == [{"balance": 150000.0, "rate": 0.0479, "payment": 1700.0,
                                            "in_spending": 20400.0}]
    after = api.get("/api/v1/plan/summary", headers=me).json()
    payoff = [m for m in after["milestones"] if m["kind"] == "mortgage"]
    assert len(payoff) == 1 and payoff[0]["label"] == "Mortgage paid off"
    # $150,000 at 4.79% (compounded twice a year) paid $1,700 a month: the 109th payment clears it.
    assert payoff[0]["date"] == month_date(date.fromisoformat(plan["inputs"]["start"]), 109).isoformat()
    assert after["fi_date"] < before["fi_date"]  # the housing cost ends, so independence comes sooner
    assert not any("mortgage" in m for m in plan["missing"])
    # Without a rate or payment saved, the plan assumes them and says so.
    prop = saved.json()["id"]
    api.put(f"/api/v1/properties/{prop}", headers=me, json={"type": "condo", "description": "Condo in Ottawa",
                                                            "market_value": "450000", "mortgage_balance": "150000"})
    missing = api.get("/api/v1/plan/household", headers=me).json()["missing"]
    assert "mortgage rate of Condo in Ottawa (assumed 5%)" in missing
    assert "mortgage payment of Condo in Ottawa (assumed your housing cost, $1,700 a month)" in missing


def test_mortgage_inputs_are_checked(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    for bad in ({"mortgage_rate": "4.79"}, {"mortgage_rate": "-0.01"}, {"mortgage_payment": "-5"}):
        response = api.post("/api/v1/properties", headers=me, json={"type": "house", **bad})
        assert response.status_code == 422, bad
        assert response.json()["code"] == "validation_error"
    assert api.get("/api/v1/properties", headers=me).json() == []


def test_the_summary_is_said_in_french_when_asked_and_stays_english_otherwise(api: TestClient,
                                                                               sign_up: SignUp) -> None:
    """The plan's own sentences (headline, target, milestones, next actions, what it assumed, the success question)
    follow Accept-Language; the figures are the same plan's, and English clients get exactly what they got."""
    me = sign_up()
    _saver(api, me)
    english = api.get("/api/v1/plan/summary", headers=me)
    french = api.get("/api/v1/plan/summary", headers={**me, "Accept-Language": "fr-CA"})
    assert french.headers["content-language"] == "fr-CA" and english.headers["content-language"] == "en-CA"
    en, fr = english.json(), french.json()
    assert {k: fr[k] for k in ("fi_date", "fire_number", "success_rate", "net_worth", "years")} == {
        k: en[k] for k in ("fi_date", "fire_number", "success_rate", "net_worth", "years")}
    assert en["headline"].startswith("Financially independent in ")
    assert fr["headline"].startswith("Indépendance financière en ") and fr["headline"].endswith("ans.")
    assert "à quelle fréquence" in fr["success_question"].lower()
    labels = {m["kind"]: m["label"] for m in fr["milestones"]}
    assert labels["fi"] == "Indépendance financière" and labels["retirement"].startswith("retraite à ")
    assert all(not a["title"].startswith(("Pay down", "Try the", "Add your")) for a in fr["next_actions"])
    assert api.get("/api/v1/plan/summary", headers=me).json() == en  # the English reading is unchanged


def test_the_risk_cards_are_said_in_french_when_asked(api: TestClient, sign_up: SignUp) -> None:
    """The Monte Carlo and backtest cards' questions, the FI-date distributions' and where the markets come from
    follow Accept-Language; the figures are the same runs'."""
    me = sign_up()
    _saver(api, me)
    english = api.get("/api/v1/plan/household/risk", headers=me)
    french = api.get("/api/v1/plan/household/risk", headers={**me, "Accept-Language": "fr-CA"})
    assert english.status_code == french.status_code == 200
    assert french.headers["content-language"] == "fr-CA" and english.headers["content-language"] == "en-CA"
    en, fr = english.json(), french.json()
    for card in ("monte_carlo", "backtest"):
        figures = ("success_rate", "runs", "bands", "median_estate", "fi_dates", "fi_runs")
        assert {k: fr[card][k] for k in figures} == {k: en[card][k] for k in figures}
    mc, bt = fr["monte_carlo"], fr["backtest"]
    assert mc["question"].startswith("À quelle fréquence le plan paie-t-il ses dépenses")
    assert bt["question"].startswith("Le plan aurait-il payé ses dépenses jusqu\u2019à")
    assert en["backtest"]["question"].startswith("Would the plan have paid its spending")
    assert mc["fi_question"].startswith("Quand pourriez-vous cesser de travailler?")
    assert mc["fi_question"].endswith("marchés simulés") and bt["fi_question"].endswith("années de départ historiques")
    assert mc["source"].endswith("(volatilité d\u2019un portefeuille 60/40, après inflation)")
    assert bt["source"].endswith("(portefeuille 60/40, rééquilibré chaque année)")
    assert api.get("/api/v1/plan/household/risk", headers=me).json() == en  # the English reading is unchanged


def test_without_a_header_the_summary_follows_the_saved_locale(api: TestClient, sign_up: SignUp) -> None:
    """No Accept-Language: the saved preference decides (read in the summary's own query); the header still wins."""
    me = sign_up()
    _saver(api, me)
    assert api.get("/api/v1/plan/summary", headers=me).headers["content-language"] == "en-CA"
    assert api.patch("/api/v1/preferences", headers=me, json={"locale": "fr-CA"}).status_code == 200
    french = api.get("/api/v1/plan/summary", headers=me)
    assert french.headers["content-language"] == "fr-CA"
    assert french.json()["headline"].startswith("Indépendance financière en ")
    english = api.get("/api/v1/plan/summary", headers={**me, "Accept-Language": "en-CA"})
    assert english.headers["content-language"] == "en-CA" and english.json()["headline"].startswith("Financially")


def test_the_household_plan_says_what_it_assumes_and_misses_in_french(api: TestClient, sign_up: SignUp) -> None:
    """GET /plan/household: its assumption notes and what the plan is missing follow Accept-Language (else the saved
    locale); the plan itself is the same, and English clients get exactly what they got."""
    me = sign_up()  # nothing saved: the province, household, age and expenses are assumed
    english = api.get("/api/v1/plan/household", headers=me)
    french = api.get("/api/v1/plan/household", headers={**me, "Accept-Language": "fr-CA"})
    assert french.headers["content-language"] == "fr-CA" and english.headers["content-language"] == "en-CA"
    en, fr = english.json(), french.json()
    assert {k: fr[k] for k in ("summary", "years", "balances", "inputs")} == {
        k: en[k] for k in ("summary", "years", "balances", "inputs")}
    assert en["assumptions"] == ASSUMPTIONS and "expenses" in en["missing"]
    assert fr["assumptions"][0].startswith("Les montants sont en dollars d\u2019aujourd\u2019hui.")
    assert any("REER/FERR, puis les CELI" in a for a in fr["assumptions"])
    assert fr["assumptions"][-1].startswith("Non modélisés\u00a0: la prestation de décès du RPC")
    assert len(fr["assumptions"]) == len(ASSUMPTIONS) and not set(fr["assumptions"]) & set(ASSUMPTIONS)
    assert "dépenses" in fr["missing"] and "province (présumée\u00a0: ON)" in fr["missing"]
    assert "âge (présumé\u00a0: 30 ans)" in fr["missing"]
    assert api.get("/api/v1/plan/household", headers=me).json() == en  # the English reading is unchanged
    assert api.patch("/api/v1/preferences", headers=me, json={"locale": "fr-CA"}).status_code == 200
    assert api.get("/api/v1/plan/household", headers=me).json()["assumptions"] == fr["assumptions"]


def test_savings_needed_says_its_target_and_what_is_missing_in_french(api: TestClient, sign_up: SignUp) -> None:
    """The target in words ("within 15 years") and what the plan is missing follow Accept-Language."""
    me = sign_up()
    _saver(api, me)
    api.put("/api/v1/household", headers=me, json={"members": [{"role": "self", "birth_date": "1991-06-01",
                                                                "retirement_age": 50}]})
    api.put("/api/v1/income", headers=me, json={"monthly_take_home": 5900})  # the gross pay is worked out from it
    for query, en_target, fr_target in (("years=15", "within 15 years", "d\u2019ici 15 ans"),
                                        ("by_year=2045", "by January 2045", "d\u2019ici janvier 2045"),
                                        ("fi_age=52.5", "by age 52.5", "d\u2019ici l\u2019âge de 52,5 ans")):
        english = api.get(f"/api/v1/plan/savings-needed?{query}", headers=me).json()
        french = api.get(f"/api/v1/plan/savings-needed?{query}", headers={**me, "Accept-Language": "fr-CA"}).json()
        assert english["target"] == en_target and french["target"] == fr_target
        assert french["monthly_savings_needed"] == english["monthly_savings_needed"]
        assert "gross salary (worked out from your take-home pay)" in english["missing"]
        assert "salaire brut (calculé à partir de votre salaire net)" in french["missing"]
