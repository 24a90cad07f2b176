"""Moderators (and admins) hide posts and comments and resolve reports; nobody else may."""

from __future__ import annotations

import uuid

from fastapi.testclient import TestClient

from tests.support.members import join

BASE = "/api/v1/community"
MOD = f"{BASE}/moderation"


def test_plain_users_cannot_moderate(api: TestClient) -> None:
    user = join(api)
    post = api.post(f"{BASE}/posts", headers=user.headers, json={"title": "t", "body": "b"}).json()
    some = uuid.uuid4()
    calls = [
        api.get(f"{MOD}/reports", headers=user.headers),
        api.post(f"{MOD}/reports/{some}/resolve", headers=user.headers, json={"status": "resolved"}),
        api.put(f"{MOD}/posts/{post['id']}/visibility", headers=user.headers, json={"hidden": True}),
        api.put(f"{MOD}/comments/{some}/visibility", headers=user.headers, json={"hidden": True}),
    ]
    for response in calls:
        assert response.status_code == 403 and response.json()["code"] == "forbidden"
    assert api.get(f"{MOD}/reports").status_code == 401
    assert api.get(f"{BASE}/posts/{post['id']}", headers=user.headers).json()["is_hidden"] is False


def test_hidden_posts_and_comments_are_gone_for_all_but_their_author(api: TestClient) -> None:
    author, reader, moderator = join(api), join(api), join(api, role="moderator")
    post = api.post(f"{BASE}/posts", headers=author.headers, json={"title": "Buy my course", "body": "spam"}).json()
    comment = api.post(f"{BASE}/posts/{post['id']}/comments", headers=reader.headers, json={"body": "no"}).json()

    hidden = api.put(f"{MOD}/posts/{post['id']}/visibility", headers=moderator.headers, json={"hidden": True})
    assert hidden.status_code == 200
    assert hidden.json()["is_hidden"] is True and hidden.json()["hidden_at"] is not None
    assert hidden.json()["kind"] == "post" and hidden.json()["author_id"] == str(author.id)
    assert api.get(f"{BASE}/posts/{post['id']}", headers=reader.headers).status_code == 404
    assert api.get(f"{BASE}/posts/{post['id']}/comments", headers=reader.headers).status_code == 404
    assert api.put(f"{BASE}/posts/{post['id']}/reactions/like", headers=reader.headers).status_code == 404
    listed = api.get(f"{BASE}/posts", headers=reader.headers, params={"limit": 100}).json()
    assert post["id"] not in {p["id"] for p in listed}
    # The author still sees it, flagged, and cannot unhide it by editing.
    own = api.get(f"{BASE}/posts/{post['id']}", headers=author.headers).json()
    assert own["is_hidden"] is True
    assert api.patch(f"{BASE}/posts/{post['id']}", headers=author.headers,
                     json={"is_hidden": False}).status_code == 422

    shown = api.put(f"{MOD}/posts/{post['id']}/visibility", headers=moderator.headers, json={"hidden": False})
    assert shown.json()["is_hidden"] is False and shown.json()["hidden_at"] is None
    assert api.get(f"{BASE}/posts/{post['id']}", headers=reader.headers).status_code == 200

    api.put(f"{MOD}/comments/{comment['id']}/visibility", headers=moderator.headers, json={"hidden": True})
    assert api.get(f"{BASE}/posts/{post['id']}/comments", headers=author.headers).json() == []
    assert [c["is_hidden"] for c in api.get(f"{BASE}/posts/{post['id']}/comments", headers=reader.headers).json()] \
        == [True]
    assert api.get(f"{BASE}/posts/{post['id']}", headers=author.headers).json()["comment_count"] == 0
    for kind in ("posts", "comments"):
        missing = api.put(f"{MOD}/{kind}/{uuid.uuid4()}/visibility", headers=moderator.headers, json={"hidden": True})
        assert missing.status_code == 404
    bad = api.put(f"{MOD}/posts/{post['id']}/visibility", headers=moderator.headers, json={"hidden": "maybe"})
    assert bad.status_code == 422 and bad.json()["message"].startswith("hidden:")


def test_moderators_work_the_report_queue(api: TestClient) -> None:
    author, reporter, moderator = join(api), join(api), join(api, role="moderator")
    post = api.post(f"{BASE}/posts", headers=author.headers, json={"title": "Pump", "body": "Buy $SCAM"}).json()
    comment = api.post(f"{BASE}/posts/{post['id']}/comments", headers=author.headers, json={"body": "rude"}).json()
    on_post = api.post(f"{BASE}/posts/{post['id']}/reports", headers=reporter.headers,
                       json={"reason": "Scam"}).json()
    on_comment = api.post(f"{BASE}/comments/{comment['id']}/reports", headers=reporter.headers,
                          json={"reason": "Rude"}).json()

    queue = api.get(f"{MOD}/reports", headers=moderator.headers, params={"limit": 100}).json()
    ours = {r["id"]: r for r in queue if r["id"] in (on_post["id"], on_comment["id"])}
    assert set(ours) == {on_post["id"], on_comment["id"]} and all(r["status"] == "open" for r in queue)
    assert ours[on_post["id"]]["target"] == {
        "kind": "post", "id": post["id"], "post_id": post["id"], "author_id": str(author.id), "title": "Pump",
        "body": "Buy $SCAM", "is_hidden": False, "hidden_at": None}
    assert ours[on_post["id"]]["reporter_id"] == str(reporter.id)
    assert ours[on_comment["id"]]["target"]["kind"] == "comment"

    resolved = api.post(f"{MOD}/reports/{on_post['id']}/resolve", headers=moderator.headers,
                        json={"status": "resolved", "hide_target": True})
    assert resolved.status_code == 200
    body = resolved.json()
    assert body["status"] == "resolved" and body["resolved_by"] == str(moderator.id) and body["resolved_at"]
    assert body["target"]["is_hidden"] is True
    assert api.get(f"{BASE}/posts/{post['id']}", headers=reporter.headers).status_code == 404
    again = api.post(f"{MOD}/reports/{on_post['id']}/resolve", headers=moderator.headers, json={"status": "dismissed"})
    assert again.status_code == 409 and again.json()["code"] == "report_closed"

    dismissed = api.post(f"{MOD}/reports/{on_comment['id']}/resolve", headers=moderator.headers,
                         json={"status": "dismissed"}).json()
    assert dismissed["status"] == "dismissed" and dismissed["target"]["is_hidden"] is False
    # The reporter sees the outcome of their reports.
    mine = {r["id"]: r["status"] for r in api.get(f"{BASE}/reports", headers=reporter.headers).json()}
    assert mine == {on_post["id"]: "resolved", on_comment["id"]: "dismissed"}
    open_ids = {r["id"] for r in api.get(f"{MOD}/reports", headers=moderator.headers, params={"limit": 100}).json()}
    assert not open_ids & {on_post["id"], on_comment["id"]}
    closed = api.get(f"{MOD}/reports", headers=moderator.headers, params={"status": "dismissed", "limit": 100}).json()
    assert on_comment["id"] in {r["id"] for r in closed}

    for body_in, field in (({"status": "open"}, "status"), ({}, "status"),
                           ({"status": "resolved", "ban": True}, "ban")):
        response = api.post(f"{MOD}/reports/{on_comment['id']}/resolve", headers=moderator.headers, json=body_in)
        assert response.status_code == 422 and response.json()["message"].startswith(f"{field}:")
    assert api.post(f"{MOD}/reports/{uuid.uuid4()}/resolve", headers=moderator.headers,
                    json={"status": "resolved"}).status_code == 404


def test_admins_moderate_too(api: TestClient) -> None:
    author, admin = join(api), join(api, role="admin")
    post = api.post(f"{BASE}/posts", headers=author.headers, json={"title": "t", "body": "b"}).json()
    response = api.put(f"{MOD}/posts/{post['id']}/visibility", headers=admin.headers, json={"hidden": True})
    assert response.status_code == 200 and response.json()["is_hidden"] is True
    assert api.get(f"{MOD}/reports", headers=admin.headers).status_code == 200
