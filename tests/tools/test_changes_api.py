"""/api/v1/coach/changes over HTTP: the user's approved changes newest first, undo once, 404 for another
user's change, 401 without a session."""

from __future__ import annotations

import uuid

from fastapi.testclient import TestClient

from api.core.db import user_session
from tests.tools.helpers import call
from tools.base import ToolContext


def _user(api: TestClient) -> tuple[dict[str, str], uuid.UUID]:
    response = api.post("/auth/v1/signup", json={"email": f"user-{uuid.uuid4().hex[:12]}@example.com",
                                                 "password": "correct-horse-9"})
    assert response.status_code == 200, response.text
    body = response.json()
    return {"Authorization": f"Bearer {body['access_token']}"}, uuid.UUID(body["user"]["id"])


def test_list_and_undo_over_http(api: TestClient) -> None:
    headers, uid = _user(api)
    other_headers, _ = _user(api)
    context = ToolContext(user_id=uid, session=lambda: user_session(uid))
    assert api.put("/api/v1/budget", json={"needs_percentage": 50, "wants_percentage": 30, "savings_percentage": 20},
                   headers=headers).is_success
    first = call(context, "save_budget", needs_percentage=55, wants_percentage=25)
    second = call(context, "upsert_goal", name="Emergency fund", category="emergency-fund", target_amount=15000)

    listed = api.get("/api/v1/coach/changes", headers=headers)
    assert listed.status_code == 200
    rows = listed.json()
    assert [r["id"] for r in rows] == [str(second.change_id), str(first.change_id)]
    assert rows[1]["before"]["needs_percentage"] == 50 and rows[1]["after"]["needs_percentage"] == 55
    assert rows[0]["before"] is None and rows[0]["can_undo"] and "_ref" not in rows[0]["after"]
    assert api.get("/api/v1/coach/changes", headers=other_headers).json() == []

    assert api.post(f"/api/v1/coach/changes/{first.change_id}/undo", headers=other_headers).status_code == 404
    undone = api.post(f"/api/v1/coach/changes/{first.change_id}/undo", headers=headers)
    assert undone.status_code == 200 and undone.json()["undone_at"] and not undone.json()["can_undo"]
    assert api.get("/api/v1/budget", headers=headers).json()["needs_percentage"] == 50
    again = api.post(f"/api/v1/coach/changes/{first.change_id}/undo", headers=headers)
    assert again.status_code == 409 and again.json()["code"] == "already_undone"
    assert api.post(f"/api/v1/coach/changes/{second.change_id}/undo", headers=headers).status_code == 200
    assert api.get("/api/v1/goals", headers=headers).json() == []
    activity = [a["description"] for a in api.get("/api/v1/activity", headers=headers).json()]
    assert activity[:2] == [f"Undid: {second.summary}", f"Undid: {first.summary}"]

    assert api.post(f"/api/v1/coach/changes/{uuid.uuid4()}/undo", headers=headers).status_code == 404
    assert api.post("/api/v1/coach/changes/not-an-id/undo", headers=headers).status_code == 422
    assert api.get("/api/v1/coach/changes").status_code == 401
