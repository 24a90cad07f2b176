"""Error reports from the client's error screen: stored for admins, private to whoever sent them."""

from __future__ import annotations

import uuid

from fastapi.testclient import TestClient
from sqlalchemy import select

from api.core.db import privileged_session
from api.reports.models import ErrorReport
from tests.support.members import join

URL = "/api/v1/error-reports"


def test_a_signed_in_report_is_kept_and_readable_only_by_its_sender(api: TestClient) -> None:
    me, other = join(api), join(api)
    sent = api.post(URL, headers={**me.headers, "User-Agent": "Mozilla/5.0 test"},
                    json={"feedback": "I clicked Save on the budget", "route": "/settings/budgeting",
                          "error_summary": "TypeError: cannot read properties of undefined"})
    assert sent.status_code == 201, sent.text
    report = sent.json()
    assert report["route"] == "/settings/budgeting" and report["resolved_at"] is None
    with privileged_session() as s:
        row = s.scalar(select(ErrorReport).where(ErrorReport.id == uuid.UUID(report["id"])))
        assert row is not None and row.user_id == me.id and row.user_agent == "Mozilla/5.0 test"
    assert [r["id"] for r in api.get(URL, headers=me.headers).json()] == [report["id"]]
    assert api.get(f"{URL}/{report['id']}", headers=me.headers).json()["feedback"] == "I clicked Save on the budget"
    assert api.get(f"{URL}/{report['id']}", headers=other.headers).status_code == 404
    assert api.get(URL, headers=other.headers).json() == []
    assert api.get(f"{URL}/{uuid.uuid4()}", headers=me.headers).status_code == 404


def test_signed_out_visitors_may_report_but_not_read(api: TestClient) -> None:
    sent = api.post(URL, json={"error_summary": "ChunkLoadError", "route": "/about"})
    assert sent.status_code == 201
    with privileged_session() as s:
        row = s.get(ErrorReport, uuid.UUID(sent.json()["id"]))
        assert row is not None and row.user_id is None
    assert api.get(URL).status_code == 401
    assert api.get(f"{URL}/{sent.json()['id']}").status_code == 401


def test_report_bounds_are_422_naming_the_field(api: TestClient) -> None:
    me = join(api)
    cases = [
        ({"route": "/x", "feedback": "It broke"}, "error_summary"),
        ({"feedback": "ok", "error_summary": "   "}, "error_summary"),
        ({"error_summary": "e", "feedback": "f" * 5001}, "feedback"),
        ({"error_summary": "e", "route": "/" * 501}, "route"),
        ({"error_summary": "e" * 5001}, "error_summary"),
        ({"error_summary": "e", "stack": "..."}, "stack"),
    ]
    for body, field in cases:
        response = api.post(URL, headers=me.headers, json=body)
        assert response.status_code == 422, (field, response.text)
        assert response.json()["message"].startswith(f"{field}:")
