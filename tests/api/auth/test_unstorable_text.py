"""Text PostgreSQL cannot store (a NUL character) in an auth body is a 400 in the auth clients' format naming
the field, not the data API's unnamed 422 from the database; the deletion reason simply loses it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

SignUp = Callable[..., dict[str, str]]
JSON = {"Content-Type": "application/json"}


@pytest.mark.parametrize(("path", "raw", "field"), [
    ("/auth/v1/signup", b'{"email":"nul-data@example.com","password":"correct-horse-9","data":{"x":"a\\u0000"}}',
     "data"),
    ("/auth/v1/signup", b'{"email":"a\\u0000b@example.com","password":"correct-horse-9"}', "email"),
    ("/auth/v1/token?grant_type=password", b'{"email":"a\\u0000b@example.com","password":"correct-horse-9"}',
     "email"),
    ("/auth/v1/recover", b'{"email":"a\\u0000b@example.com"}', "email"),
])
def test_nul_characters_are_a_named_400_in_the_auth_format(api: TestClient, path: str, raw: bytes,
                                                           field: str) -> None:
    response = api.post(path, content=raw, headers=JSON)
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["error_code"] == "validation_failed" and body["msg"] == f"{field}: must not contain NUL characters"


def test_user_update_with_nul_metadata_is_a_named_400(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    response = api.put("/auth/v1/user", content=b'{"data":{"nick\\u0000":"x"}}', headers={**me, **JSON})
    assert response.status_code == 400 and response.json()["msg"] == "data: must not contain NUL characters"


def test_the_deletion_reason_drops_nul_characters(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    response = api.post("/api/v1/me/delete", content=b'{"reason":"too\\u0000 slow"}', headers={**me, **JSON})
    assert response.status_code == 202, response.text
    assert api.get("/api/v1/me/role", headers=me).status_code == 401
