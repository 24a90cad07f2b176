"""Free-form JSON of events and feature uses with a lone surrogate (valid JSON, not storable text) is a 422
naming the field, like every other field; before it reached the database and came back unnamed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

SignUp = Callable[..., dict[str, str]]


@pytest.mark.parametrize(("path", "raw", "field"), [
    ("/api/v1/analytics/events", b'{"event_type":"t","event_name":"n","session_id":"s","event_data":{"a":"\\ud800"}}',
     "event_data"),
    ("/api/v1/analytics/events", b'{"event_type":"t","event_name":"n","session_id":"s","event_data":{"\\udfff":1}}',
     "event_data"),
    ("/api/v1/analytics/feature-usage", b'{"feature_name":"calc","metadata":{"a":["\\ud83d"]}}', "metadata"),
])
def test_lone_surrogates_in_free_form_json_name_the_field(api: TestClient, sign_up: SignUp, path: str, raw: bytes,
                                                          field: str) -> None:
    me = sign_up()
    response = api.post(path, content=raw, headers={**me, "Content-Type": "application/json"})
    assert response.status_code == 422, response.text
    assert response.json()["message"].startswith(f"{field}: must be valid Unicode text")


def test_real_emoji_pairs_are_kept(api: TestClient, sign_up: SignUp) -> None:
    me = sign_up()
    raw = b'{"event_type":"t","event_name":"n","event_data":{"mood":"\\ud83d\\ude00"}}'
    assert api.post("/api/v1/analytics/events", content=raw, headers={**me, "Content-Type": "application/json"}
                    ).status_code == 202
    assert api.get("/api/v1/analytics/events", headers=me).json()[0]["event_data"] == {"mood": "\U0001F600"}
