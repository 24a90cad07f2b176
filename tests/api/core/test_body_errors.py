"""A body that cannot be read as a JSON object is a 4xx naming the body, not a bogus field: FastAPI reports the
offset of a JSON syntax error as the field ("19: JSON decode error"), and another media type as a model error."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

SignUp = Callable[..., dict[str, str]]


@pytest.mark.parametrize(("raw", "where"), [(b"{bad json", 1), (b'{"rent_mortgage":1,}', 19),
                                            (b'{"items":[{"category":"x","amount":1},]}', 38)])
def test_malformed_json_names_the_body_and_where(api: TestClient, sign_up: SignUp, raw: bytes, where: int) -> None:
    me = sign_up()
    response = api.put("/api/v1/expenses", content=raw, headers={**me, "Content-Type": "application/json"})
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "validation_error"
    assert body["message"].startswith("body: the request body is not valid JSON (")
    assert body["message"].endswith(f" at character {where})")
    assert body["details"][0]["field"] == "body"


@pytest.mark.parametrize("media", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_body_that_is_not_json_is_415(api: TestClient, sign_up: SignUp, media: str | None) -> None:
    me = sign_up()
    headers = {**me, **({"Content-Type": media} if media else {})}
    response = api.post("/api/v1/accounts", content=b'{"account_name":"A","account_type":"tfsa"}', headers=headers)
    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"
    assert response.json()["message"].startswith("body: send the body as JSON (Content-Type: application/json)")


@pytest.mark.parametrize("raw", [b"null", b"[]", b'"text"', b""])
def test_a_json_body_that_is_not_an_object_names_the_body(api: TestClient, sign_up: SignUp, raw: bytes) -> None:
    me = sign_up()
    response = api.put("/api/v1/expenses", content=raw, headers={**me, "Content-Type": "application/json"})
    assert response.status_code == 422 and response.json()["message"].startswith("body: ")


def test_json_with_a_charset_is_read(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    response = api.post("/api/v1/accounts", content=b'{"account_name":"A","account_type":"tfsa"}',
                        headers={**me, "Content-Type": "application/json; charset=utf-8"})
    assert response.status_code == 201
