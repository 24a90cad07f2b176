"""The admin area: admins only; users with activity and completion, roles, analytics summaries, error
reports and the moderation queue."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from fastapi.testclient import TestClient

from api.core.db import privileged_session
from api.demo.service import seed_demo
from tests.support.members import Member, join

ADMIN = "/api/v1/admin"


def _admin_calls(api: TestClient, who: Member) -> list[Any]:
    some = uuid.uuid4()
    return [
        api.get(f"{ADMIN}/users", headers=who.headers),
        api.get(f"{ADMIN}/users/{some}", headers=who.headers),
        api.put(f"{ADMIN}/users/{who.id}/role", headers=who.headers, json={"role": "admin"}),
        api.get(f"{ADMIN}/analytics/summary", headers=who.headers),
        api.get(f"{ADMIN}/error-reports", headers=who.headers),
        api.post(f"{ADMIN}/error-reports/{some}/resolve", headers=who.headers, json={"resolved": True}),
        api.get(f"{ADMIN}/moderation-queue", headers=who.headers),
    ]


def test_only_admins_get_in(api: TestClient) -> None:
    for role in (None, "moderator"):
        outsider = join(api, role=role)
        for response in _admin_calls(api, outsider):
            assert response.status_code == 403, response.request.url
            assert response.json()["code"] == "forbidden"
        assert api.get("/api/v1/me/role", headers=outsider.headers).json()["role"] == (role or "user")
    assert api.get(f"{ADMIN}/users").status_code == 401


def test_users_come_with_sign_up_date_last_activity_and_completion(api: TestClient) -> None:
    admin, person = join(api, role="admin"), join(api, prefix="listed")
    profile = {"first_name": "Maya", "last_name": "Chen", "email": person.email, "age": 34, "country": "Canada",
               "province": "ON", "marital_status": "single"}
    assert api.put("/api/v1/profile", headers=person.headers, json=profile).status_code == 200
    before = datetime.now(UTC)
    api.post("/api/v1/analytics/events", headers=person.headers, json={"event_type": "nav", "event_name": "page_view"})

    page = api.get(f"{ADMIN}/users", headers=admin.headers, params={"search": person.email.upper()}).json()
    assert page["total"] == 1
    [row] = page["items"]
    assert row["id"] == str(person.id) and row["email"] == person.email and row["role"] == "user"
    assert row["completion"] == 9  # the profile is 1 of 11 sections: round(100 / 11)
    assert datetime.fromisoformat(row["last_activity_at"]) >= before
    assert datetime.fromisoformat(row["created_at"]) <= datetime.fromisoformat(row["last_activity_at"])
    assert api.get(f"{ADMIN}/users/{person.id}", headers=admin.headers).json() == row

    assert api.get(f"{ADMIN}/users", headers=admin.headers, params={"search": "%"}).json()["total"] == 0
    admins = api.get(f"{ADMIN}/users", headers=admin.headers, params={"role": "admin", "limit": 100}).json()
    assert str(admin.id) in {u["id"] for u in admins["items"]} and all(u["role"] == "admin" for u in admins["items"])
    newest = api.get(f"{ADMIN}/users", headers=admin.headers, params={"limit": 2}).json()["items"]
    assert [u["id"] for u in newest] == [str(person.id), str(admin.id)]
    assert api.get(f"{ADMIN}/users/{uuid.uuid4()}", headers=admin.headers).status_code == 404
    for params, field in (({"limit": 0}, "limit"), ({"role": "owner"}, "role"), ({"search": "x" * 321}, "search")):
        response = api.get(f"{ADMIN}/users", headers=admin.headers, params=params)
        assert response.status_code == 422 and response.json()["message"].startswith(f"{field}:")


def test_admins_manage_roles_but_cannot_drop_their_own(api: TestClient) -> None:
    admin, person = join(api, role="admin"), join(api)
    url = f"{ADMIN}/users/{person.id}/role"
    made = api.put(url, headers=admin.headers, json={"role": "moderator"})
    assert made.status_code == 200 and made.json()["role"] == "moderator"
    assert api.get("/api/v1/me/role", headers=person.headers).json() == {"role": "moderator"}
    assert api.get("/api/v1/community/moderation/reports", headers=person.headers).status_code == 200
    assert api.get(f"{ADMIN}/users", headers=person.headers).status_code == 403  # moderators do not manage roles

    own = api.put(f"{ADMIN}/users/{admin.id}/role", headers=admin.headers, json={"role": "user"})
    assert own.status_code == 409 and own.json()["message"].startswith("role:")
    assert api.put(f"{ADMIN}/users/{admin.id}/role", headers=admin.headers, json={"role": "admin"}).status_code == 200
    # Another admin may take the role away.
    api.put(url, headers=admin.headers, json={"role": "admin"})
    assert api.put(f"{ADMIN}/users/{admin.id}/role", headers=person.headers, json={"role": "user"}).status_code == 200
    assert api.get(f"{ADMIN}/users", headers=admin.headers).status_code == 403

    bad = api.put(url, headers=person.headers, json={"role": "owner"})
    assert bad.status_code == 422 and bad.json()["message"].startswith("role:")
    missing = api.put(f"{ADMIN}/users/{uuid.uuid4()}/role", headers=person.headers, json={"role": "user"})
    assert missing.status_code == 404


def _summary(api: TestClient, admin: Member, **params: Any) -> dict[str, Any]:
    response = api.get(f"{ADMIN}/analytics/summary", headers=admin.headers, params=params)
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_analytics_summary_counts_events_features_and_the_funnel(api: TestClient) -> None:
    admin = join(api, role="admin")
    funnel_before = _summary(api, admin, days=7, top=50)["funnel"]
    with privileged_session() as s:  # a household with every section filled in (and a few events of its own)
        seed_demo(session=s, email=f"demo-{uuid.uuid4().hex[:8]}@example.com", password="demo-password-9")
    before = _summary(api, admin, days=7, top=50)
    today = datetime.now(UTC).date().isoformat()
    assert len(before["events_per_day"]) == 7 and before["events_per_day"][-1]["day"] == today
    assert before["since"] == before["events_per_day"][0]["day"]

    person = join(api)
    event = {"event_type": "nav", "event_name": "page_view"}
    for session_id in ("sum-a", "sum-a"):
        api.post("/api/v1/analytics/events", headers=person.headers, json={**event, "session_id": session_id})
    api.post("/api/v1/analytics/events", json={**event, "session_id": f"anon-{uuid.uuid4()}"})
    api.post("/api/v1/analytics/events", headers=admin.headers, json={**event, "session_id": "admin-s"})  # dropped
    feature = f"feature-{uuid.uuid4().hex[:8]}"
    for _ in range(3):
        api.post("/api/v1/analytics/feature-usage", headers=person.headers, json={"feature_name": feature})
    api.post("/api/v1/analytics/feature-usage", headers=admin.headers, json={"feature_name": feature})  # dropped
    profile = {"first_name": "A", "last_name": "B", "email": person.email, "age": 40, "country": "Canada",
               "province": "BC", "marital_status": "married"}
    api.put("/api/v1/profile", headers=person.headers, json=profile)
    join(api)  # signs up, does nothing else

    after = _summary(api, admin, days=7, top=50)
    today_before, today_after = before["events_per_day"][-1], after["events_per_day"][-1]
    assert today_after["events"] - today_before["events"] == 3
    assert today_after["users"] - today_before["users"] == 1
    assert today_after["sessions"] - today_before["sessions"] == 2
    assert after["events_total"] - before["events_total"] == 3
    assert {"feature_name": feature, "users": 1, "uses": 3} in after["top_features"]

    steps_before = {s["step"]: s["users"] for s in funnel_before}
    steps_after = {s["step"]: s for s in after["funnel"]}
    assert [s["step"] for s in after["funnel"]] == ["signed_up", "started_setup", "completed_profile",
                                                    "completed_setup"]
    deltas = {step: steps_after[step]["users"] - steps_before[step] for step in steps_before}
    assert deltas == {"signed_up": 3, "started_setup": 2, "completed_profile": 2, "completed_setup": 1}
    signed_up = steps_after["signed_up"]["users"]
    assert steps_after["started_setup"]["share"] == round(steps_after["started_setup"]["users"] / signed_up, 4)
    assert steps_after["signed_up"]["share"] == 1.0

    for params, field in (({"days": 0}, "days"), ({"days": 366}, "days"), ({"top": 51}, "top")):
        response = api.get(f"{ADMIN}/analytics/summary", headers=admin.headers, params=params)
        assert response.status_code == 422 and response.json()["message"].startswith(f"{field}:")


def test_admins_read_and_resolve_error_reports(api: TestClient) -> None:
    admin, person = join(api, role="admin"), join(api)
    sent = api.post("/api/v1/error-reports", headers=person.headers,
                    json={"feedback": "Blank page", "route": "/progress", "error_summary": "RangeError"}).json()
    unresolved = api.get(f"{ADMIN}/error-reports", headers=admin.headers, params={"resolved": False, "limit": 100})
    found = {r["id"]: r for r in unresolved.json()}
    assert found[sent["id"]]["user_email"] == person.email and found[sent["id"]]["user_id"] == str(person.id)
    assert found[sent["id"]]["route"] == "/progress"

    done = api.post(f"{ADMIN}/error-reports/{sent['id']}/resolve", headers=admin.headers, json={})
    assert done.status_code == 200 and done.json()["resolved_at"] is not None
    resolved_ids = {r["id"] for r in api.get(f"{ADMIN}/error-reports", headers=admin.headers,
                                             params={"resolved": True, "limit": 100}).json()}
    open_ids = {r["id"] for r in api.get(f"{ADMIN}/error-reports", headers=admin.headers,
                                         params={"resolved": False, "limit": 100}).json()}
    assert sent["id"] in resolved_ids and sent["id"] not in open_ids
    assert api.get(f"/api/v1/error-reports/{sent['id']}", headers=person.headers).json()["resolved_at"] is not None
    reopened = api.post(f"{ADMIN}/error-reports/{sent['id']}/resolve", headers=admin.headers, json={"resolved": False})
    assert reopened.json()["resolved_at"] is None
    assert api.post(f"{ADMIN}/error-reports/{uuid.uuid4()}/resolve", headers=admin.headers,
                    json={}).status_code == 404


def test_the_moderation_queue_lists_open_reports(api: TestClient) -> None:
    admin, author, reporter = join(api, role="admin"), join(api), join(api)
    post = api.post("/api/v1/community/posts", headers=author.headers, json={"title": "t", "body": "b"}).json()
    report = api.post(f"/api/v1/community/posts/{post['id']}/reports", headers=reporter.headers,
                      json={"reason": "off topic"}).json()
    queue = api.get(f"{ADMIN}/moderation-queue", headers=admin.headers, params={"limit": 100}).json()
    listed = {r["id"]: r for r in queue}
    assert listed[report["id"]]["target"]["id"] == post["id"] and listed[report["id"]]["reason"] == "off topic"
    api.post(f"/api/v1/community/moderation/reports/{report['id']}/resolve", headers=admin.headers,
             json={"status": "dismissed"})
    queue = api.get(f"{ADMIN}/moderation-queue", headers=admin.headers, params={"limit": 100}).json()
    assert report["id"] not in {r["id"] for r in queue}
