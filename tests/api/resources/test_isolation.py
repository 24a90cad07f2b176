"""Two signed-in users: for every per-user endpoint, neither can read, change or delete the other's data.

Another user's ids answer 404 exactly like ids that do not exist.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

SignUp = Callable[..., dict[str, str]]

RESOURCE_TAGS = {"profile", "income", "expenses", "savings", "budget", "future-plans", "preferences", "accounts",
                 "goals", "properties", "credit", "activity", "completion", "snapshot", "me", "plan", "household"}

SINGLE = {  # path: (method, body)
    "/api/v1/profile": ("put", {"first_name": "Alice", "age": 40, "email": "alice@example.com"}),
    "/api/v1/income": ("put", {"annual_salary": 150000, "monthly_take_home": 8000}),
    "/api/v1/expenses": ("put", {"rent_mortgage": 2500, "items": [{"category": "Food", "amount": 900}]}),
    "/api/v1/savings/items": ("put", {"items": [{"category": "savings", "amount": 500}]}),
    "/api/v1/savings/summary": ("put", {"monthly_savings": 800, "emergency_fund": 30000}),
    "/api/v1/budget": ("put", {"needs_percentage": 100}),
    "/api/v1/future-plans": ("put", {"income_growth_rate": 0.04}),
    "/api/v1/preferences": ("patch", {"retirement_age": 50}),
    "/api/v1/credit": ("put", {"credit_score": 810}),
    "/api/v1/household": ("put", {"members": [{"role": "self", "name": "Alice", "employment_income": 150000}]}),
}
ITEMS = {  # path: body
    "/api/v1/accounts": {"account_name": "Alice TFSA", "account_type": "tfsa", "balance": 50000},
    "/api/v1/goals": {"name": "Alice house", "category": "home", "target_amount": 100000},
    "/api/v1/properties": {"type": "condo", "market_value": 700000},
    "/api/v1/credit/cards": {"name": "Alice Visa", "balance": 900},
    "/api/v1/credit/lines": {"name": "Alice LOC", "balance": 1000},
}


def _snapshot_of(api: TestClient, who: dict[str, str]) -> dict[str, Any]:
    state = {path: api.get(path, headers=who).json() for path in [*SINGLE, *ITEMS, "/api/v1/activity",
                                                                    "/api/v1/snapshot", "/api/v1/completion",
                                                                    "/api/v1/net-worth/history"]}
    return state


def test_every_resource_route_is_covered(api: TestClient) -> None:
    routes = [r for r in api.app.routes if isinstance(r, APIRoute) and set(r.tags) & RESOURCE_TAGS]  # type: ignore[attr-defined]
    covered = set(SINGLE) | set(ITEMS) | {f"{p}/{{{name}}}" for p in ITEMS for name in
                                          ("account_id", "goal_id", "property_id", "card_id", "line_id")}
    covered |= {"/api/v1/plan", "/api/v1/plan/savings-needed", "/api/v1/plan/household", "/api/v1/plan/household/risk",
                "/api/v1/plan/household/optimise", "/api/v1/plan/scenarios", "/api/v1/plan/scenarios/compare",
                "/api/v1/plan/scenarios/{scenario_id}", "/api/v1/activity",
                "/api/v1/snapshot",
                "/api/v1/completion", "/api/v1/net-worth/history", "/api/v1/import/local", "/api/v1/me/role",
                "/api/v1/me/delete"}
    assert {r.path for r in routes} <= covered


def test_neither_user_reaches_the_others_data(api: TestClient, sign_up: SignUp) -> None:
    alice, bob = sign_up(), sign_up()
    for path, (method, body) in SINGLE.items():
        assert getattr(api, method)(path, headers=alice, json=body).status_code == 200, path
    ids = {}
    for path, body in ITEMS.items():
        response = api.post(path, headers=alice, json=body)
        assert response.status_code == 201, path
        ids[path] = response.json()["id"]
    api.post("/api/v1/activity", headers=alice, json={"description": "Alice did something"})
    before = _snapshot_of(api, alice)

    # Bob reads: nothing of Alice's appears anywhere.
    bob_view = _snapshot_of(api, bob)
    for path in SINGLE:
        assert "Alice" not in str(bob_view[path]) and "150000" not in str(bob_view[path]), path
    for path in ITEMS:
        assert bob_view[path] == [], path
    assert bob_view["/api/v1/activity"] == []
    assert bob_view["/api/v1/snapshot"]["net_worth"]["net_worth"] == 0
    bob_household = api.get("/api/v1/plan/household", headers=bob).json()["inputs"]
    assert bob_household["people"][0]["tfsa"] == 0 and bob_household["people"][0]["employment_income"] == 0
    assert "Alice" not in str(bob_household)
    bob_needed = api.get("/api/v1/plan/savings-needed?years=10", headers=bob)  # Alice's spending is not his
    assert bob_needed.status_code == 422 and bob_needed.json()["details"]["field"] == "monthly_expenses"
    assert bob_view["/api/v1/completion"]["overall"] == round(100 / 11)  # only his preferences, made on his read

    # Bob changes and deletes by Alice's ids: 404, like ids that do not exist.
    for path, item_id in ids.items():
        changed = api.put(f"{path}/{item_id}", headers=bob, json=ITEMS[path])
        assert changed.status_code == 404 and changed.json()["code"] == "not_found", path
        assert api.delete(f"{path}/{item_id}", headers=bob).status_code == 404, path
    # Bob's own saves and clears touch only his rows.
    for path, (method, body) in SINGLE.items():
        assert getattr(api, method)(path, headers=bob, json=body).status_code == 200, path
    api.delete("/api/v1/activity", headers=bob)
    api.post("/api/v1/import/local", headers=bob, json={"accounts": [ITEMS["/api/v1/accounts"]]})

    after = _snapshot_of(api, alice)
    assert after == before
    # ...and Alice's view never includes Bob's.
    assert all(row["id"] != ids.get(path) for path in ITEMS for row in _snapshot_of(api, bob)[path])
