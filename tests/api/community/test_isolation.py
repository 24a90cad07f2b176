"""Two signed-in users, every endpoint of community, analytics, error reports and admin: neither can read,
change or delete the other's data. Another user's ids answer 404, as unknown ids do.

Community posts and comments are meant to be read by every signed-in user (a forum); for them the test
proves that the other can read but never change or delete them, and cannot read them once hidden.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from tests.support.members import Member, join

TAGS = {"community", "analytics", "error-reports", "admin"}
C = "/api/v1/community"


class Calls:
    """Records which operations the test exercised, to prove it covered every one."""

    def __init__(self, api: TestClient) -> None:
        self.api = api
        self.seen: set[str] = set()

    def __call__(self, operation: str, method: str, url: str, who: Member | None = None,
                 **kwargs: Any) -> Any:
        self.seen.add(operation)
        headers = who.headers if who else {}
        return self.api.request(method, url, headers=headers, **kwargs)


def _own_data(call: Calls, me: Member, tag: str) -> dict[str, Any]:
    post = call("community-create-post", "POST", f"{C}/posts", me, json={"title": f"{tag} post", "body": "b"})
    post_id = post.json()["id"]
    comment = call("community-create-comment", "POST", f"{C}/posts/{post_id}/comments", me, json={"body": tag})
    call("community-add-post-reaction", "PUT", f"{C}/posts/{post_id}/reactions/like", me)
    call("community-add-comment-reaction", "PUT", f"{C}/comments/{comment.json()['id']}/reactions/like", me)
    error = call("error-reports-create", "POST", "/api/v1/error-reports", me, json={"error_summary": f"{tag} crashed"})
    event = call("analytics-record-event", "POST", "/api/v1/analytics/events", me,
                 json={"event_type": "nav", "event_name": "page_view", "session_id": f"{tag}-session"})
    used = call("analytics-track-feature-usage", "POST", "/api/v1/analytics/feature-usage", me,
                json={"feature_name": f"{tag}-feature"})
    assert {post.status_code, comment.status_code, error.status_code, event.status_code, used.status_code} \
        == {201, 202}
    return {"post": post_id, "comment": comment.json()["id"], "error": error.json()["id"], "tag": tag}


def test_two_users_cannot_touch_each_others_data(api: TestClient) -> None:
    call = Calls(api)
    a, b = join(api, prefix="alice"), join(api, prefix="bob")
    data = {a.id: _own_data(call, a, f"a{uuid.uuid4().hex[:6]}"), b.id: _own_data(call, b, f"b{uuid.uuid4().hex[:6]}")}
    # Each reports the other's post; reports are private to whoever made them.
    for me, other in ((a, b), (b, a)):
        report = call("community-report-post", "POST", f"{C}/posts/{data[other.id]['post']}/reports", me,
                      json={"reason": "test"})
        on_comment = call("community-report-comment", "POST", f"{C}/comments/{data[other.id]['comment']}/reports",
                          me, json={"reason": "test"})
        assert report.status_code == on_comment.status_code == 201
        data[me.id]["report"] = report.json()["id"]
        data[me.id]["comment_report"] = on_comment.json()["id"]

    for me, other in ((a, b), (b, a)):
        mine, theirs = data[me.id], data[other.id]
        _check_analytics(call, me, mine, theirs)
        _check_error_reports(call, me, mine, theirs)
        _check_community(call, me, other, mine, theirs)
        _check_privileged_areas(call, me, theirs)

    # Hidden content is the author's alone: a moderator hides each post; the other user loses sight of it.
    moderator = join(api, role="moderator")
    for me, other in ((a, b), (b, a)):
        theirs = data[other.id]
        call("community-set-post-visibility", "PUT", f"{C}/moderation/posts/{theirs['post']}/visibility",
             moderator, json={"hidden": True})
        call("community-set-comment-visibility", "PUT", f"{C}/moderation/comments/{theirs['comment']}/visibility",
             moderator, json={"hidden": True})
        assert call("community-get-post", "GET", f"{C}/posts/{theirs['post']}", me).status_code == 404
        assert call("community-get-post", "GET", f"{C}/posts/{theirs['post']}", other).status_code == 200
        listed = call("community-list-posts", "GET", f"{C}/posts", me, params={"limit": 100}).json()
        assert theirs["post"] not in {p["id"] for p in listed}

    # Deleting one's own post leaves the other's alone.
    assert call("community-delete-post", "DELETE", f"{C}/posts/{data[a.id]['post']}", a).status_code == 204
    assert call("community-get-post", "GET", f"{C}/posts/{data[b.id]['post']}", b).status_code == 200
    assert call("community-list-reports", "GET", f"{C}/reports", b).json() == []  # b's reports went with a's post
    assert len(call("community-list-reports", "GET", f"{C}/reports", a).json()) == 2

    operations = {op["operationId"] for path in api.app.openapi()["paths"].values()  # type: ignore[attr-defined]
                  for op in path.values() if set(op.get("tags", [])) & TAGS}
    assert len(operations) > 30 and operations - call.seen == set(), "endpoints the isolation test misses"


def _check_analytics(call: Calls, me: Member, mine: dict[str, Any], theirs: dict[str, Any]) -> None:
    events = call("analytics-list-events", "GET", "/api/v1/analytics/events", me).json()
    assert {e["session_id"] for e in events} == {f"{mine['tag']}-session"}
    features = call("analytics-list-feature-usage", "GET", "/api/v1/analytics/feature-usage", me).json()
    assert [f["feature_name"] for f in features] == [f"{mine['tag']}-feature"]
    # Using the other's feature name counts for oneself only.
    used = call("analytics-track-feature-usage", "POST", "/api/v1/analytics/feature-usage", me,
                json={"feature_name": f"{theirs['tag']}-feature"}).json()
    assert used["usage_count"] == 1
    call("analytics-record-event", "POST", "/api/v1/analytics/events", me,
         json={"event_type": "nav", "event_name": "page_view", "session_id": f"{theirs['tag']}-session"})
    # Even an event sent with the other's session id is attributed to oneself, and not listed for them.
    events = call("analytics-list-events", "GET", "/api/v1/analytics/events", me).json()
    assert len(events) == 2


def _check_error_reports(call: Calls, me: Member, mine: dict[str, Any], theirs: dict[str, Any]) -> None:
    listed = call("error-reports-list", "GET", "/api/v1/error-reports", me).json()
    assert [r["id"] for r in listed] == [mine["error"]]
    assert call("error-reports-get", "GET", f"/api/v1/error-reports/{theirs['error']}", me).status_code == 404
    assert call("error-reports-get", "GET", f"/api/v1/error-reports/{mine['error']}", me).status_code == 200


def _check_community(call: Calls, me: Member, other: Member, mine: dict[str, Any], theirs: dict[str, Any]) -> None:
    post, comment = theirs["post"], theirs["comment"]
    # Readable (a forum), marked as not mine.
    seen = call("community-get-post", "GET", f"{C}/posts/{post}", me).json()
    assert seen["mine"] is False and seen["reactions"]["mine"] == []
    own = call("community-list-posts", "GET", f"{C}/posts", me, params={"mine": True}).json()
    assert [p["id"] for p in own] == [mine["post"]]
    comments = call("community-list-comments", "GET", f"{C}/posts/{post}/comments", me).json()
    assert [(c["id"], c["mine"]) for c in comments] == [(comment, False)]

    # Not changeable or deletable: 404, and nothing changed.
    assert call("community-update-post", "PATCH", f"{C}/posts/{post}", me, json={"title": "mine now"}).status_code \
        == 404
    assert call("community-delete-post", "DELETE", f"{C}/posts/{post}", me).status_code == 404
    assert call("community-update-comment", "PATCH", f"{C}/comments/{comment}", me,
                json={"body": "mine now"}).status_code == 404
    assert call("community-delete-comment", "DELETE", f"{C}/comments/{comment}", me).status_code == 404
    after = call("community-get-post", "GET", f"{C}/posts/{post}", other).json()
    assert after["title"].endswith(" post") and after["comment_count"] == 1
    # Their own edits still work.
    assert call("community-update-post", "PATCH", f"{C}/posts/{mine['post']}", me,
                json={"body": "edited"}).status_code == 200
    extra = call("community-create-comment", "POST", f"{C}/posts/{mine['post']}/comments", me, json={"body": "x"})
    assert call("community-update-comment", "PATCH", f"{C}/comments/{extra.json()['id']}", me,
                json={"body": "y"}).status_code == 200
    assert call("community-delete-comment", "DELETE", f"{C}/comments/{extra.json()['id']}", me).status_code == 204

    # Reacting and un-reacting on their items touches only one's own reaction.
    for kind, url in (("post", f"{C}/posts/{post}/reactions/like"),
                      ("comment", f"{C}/comments/{comment}/reactions/like")):
        added = call(f"community-add-{kind}-reaction", "PUT", url, me).json()
        assert added["counts"]["like"] == 2 and added["mine"] == ["like"]
        removed = call(f"community-remove-{kind}-reaction", "DELETE", url, me).json()
        assert removed["counts"]["like"] == 1 and removed["mine"] == []
    assert call("community-get-post", "GET", f"{C}/posts/{post}", other).json()["reactions"]["mine"] == ["like"]

    # Reports: each sees only their own.
    reports = call("community-list-reports", "GET", f"{C}/reports", me).json()
    assert {r["id"] for r in reports} == {mine["report"], mine["comment_report"]}
    assert call("community-get-report", "GET", f"{C}/reports/{theirs['report']}", me).status_code == 404
    assert call("community-get-report", "GET", f"{C}/reports/{mine['report']}", me).status_code == 200


def _check_privileged_areas(call: Calls, me: Member, theirs: dict[str, Any]) -> None:
    """Moderation and admin endpoints would reach the other's rows: plain users get 403 on every one."""
    checks: list[tuple[str, str, str, dict[str, Any] | None]] = [
        ("community-moderation-queue", "GET", f"{C}/moderation/reports", None),
        ("community-resolve-report", "POST", f"{C}/moderation/reports/{theirs['report']}/resolve",
         {"status": "dismissed"}),
        ("community-set-post-visibility", "PUT", f"{C}/moderation/posts/{theirs['post']}/visibility",
         {"hidden": True}),
        ("community-set-comment-visibility", "PUT", f"{C}/moderation/comments/{theirs['comment']}/visibility",
         {"hidden": True}),
        ("admin-list-users", "GET", "/api/v1/admin/users", None),
        ("admin-get-user", "GET", f"/api/v1/admin/users/{me.id}", None),
        ("admin-set-role", "PUT", f"/api/v1/admin/users/{me.id}/role", {"role": "admin"}),
        ("admin-analytics-summary", "GET", "/api/v1/admin/analytics/summary", None),
        ("admin-list-error-reports", "GET", "/api/v1/admin/error-reports", None),
        ("admin-resolve-error-report", "POST", f"/api/v1/admin/error-reports/{theirs['error']}/resolve",
         {"resolved": True}),
        ("admin-moderation-queue", "GET", "/api/v1/admin/moderation-queue", None),
    ]
    send: Callable[..., Any] = call
    for operation, method, url, body in checks:
        response = send(operation, method, url, me, json=body) if body is not None else send(operation, method, url, me)
        assert response.status_code == 403, (operation, response.text)
