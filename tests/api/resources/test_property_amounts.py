"""Property amounts typed as text: a comma is a thousands separator only where it groups thousands, and the
decimal mark where French-Canadian forms put it; before, every comma was dropped, so "450000,00" was saved as
45,000,000 and inflated net worth a hundredfold. Anything else is not a number and counts as 0 (spec section 5)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

SignUp = Callable[..., dict[str, str]]


@pytest.mark.parametrize(("typed", "stored"), [
    ("450000,00", 450000), ("1234,5", 1234.5), ("1 234 567,89", 1234567.89), ("1\u00a0234,50", 1234.5),
    ("1,234,567.89", 1234567.89), ("$450,000", 450000), ("1,234", 1234), ("12 345", 12345),
    ("12,34,567", 0), ("1,2,3", 0), ("1 2", 0), ("n/a", 0),
])
def test_typed_amounts(api: TestClient, sign_up: SignUp, typed: str, stored: float) -> None:
    me = sign_up()
    response = api.post("/api/v1/properties", headers=me, json={"type": "condo", "market_value": typed})
    assert response.status_code == 201, response.text
    assert response.json()["market_value"] == stored


def test_net_worth_uses_the_value_typed(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    api.post("/api/v1/properties", headers=me, json={"type": "house", "market_value": "450000,00",
                                                    "mortgage_balance": "300 000,00"})
    assert api.get("/api/v1/snapshot", headers=me).json()["net_worth"]["net_worth"] == 150000
