"""Posts, comments, reactions and reports by signed-in users: who may read and change what, and bounds."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi.testclient import TestClient

from tests.support.members import Member, join

BASE = "/api/v1/community"


def _post(api: TestClient, who: Member, **fields: Any) -> dict[str, Any]:
    body = {"title": "My first year of FIRE", "body": "Savings rate 45%, TFSA maxed.", "category": "fire-journey",
            **fields}
    response = api.post(f"{BASE}/posts", headers=who.headers, json=body)
    assert response.status_code == 201, response.text
    return dict(response.json())


def _comment(api: TestClient, who: Member, post_id: str, body: str = "Congrats!") -> dict[str, Any]:
    response = api.post(f"{BASE}/posts/{post_id}/comments", headers=who.headers, json={"body": body})
    assert response.status_code == 201, response.text
    return dict(response.json())


def test_everyone_signed_in_reads_posts_and_only_the_author_changes_them(api: TestClient) -> None:
    author, reader = join(api), join(api)
    post = _post(api, author, title="  Hit coast FI  ")
    assert post["title"] == "Hit coast FI" and post["mine"] is True and post["author_id"] == str(author.id)
    assert post["comment_count"] == 0 and post["reactions"]["counts"] == {
        "like": 0, "helpful": 0, "insightful": 0, "celebrate": 0}

    seen = api.get(f"{BASE}/posts/{post['id']}", headers=reader.headers).json()
    assert seen["title"] == "Hit coast FI" and seen["mine"] is False
    assert api.get(f"{BASE}/posts/{post['id']}").status_code == 401

    # Someone else's post cannot be edited or deleted: a 404, as if it did not exist.
    assert api.patch(f"{BASE}/posts/{post['id']}", headers=reader.headers, json={"title": "hacked"}).status_code == 404
    assert api.delete(f"{BASE}/posts/{post['id']}", headers=reader.headers).status_code == 404

    edited = api.patch(f"{BASE}/posts/{post['id']}", headers=author.headers, json={"body": "Updated numbers."})
    assert edited.status_code == 200
    assert edited.json()["body"] == "Updated numbers." and edited.json()["title"] == "Hit coast FI"
    assert edited.json()["updated_at"] >= post["updated_at"]
    assert api.delete(f"{BASE}/posts/{post['id']}", headers=author.headers).status_code == 204
    assert api.get(f"{BASE}/posts/{post['id']}", headers=author.headers).status_code == 404
    assert api.delete(f"{BASE}/posts/{post['id']}", headers=author.headers).status_code == 404


def test_listing_filters_by_category_and_author_newest_first(api: TestClient) -> None:
    author, other = join(api), join(api)
    older = _post(api, author, category="tax", title="RRSP refund")
    newer = _post(api, author, category="tax", title="TFSA room")
    _post(api, other, category="investing", title="ETF picks")
    tax = api.get(f"{BASE}/posts", headers=author.headers, params={"category": "tax", "limit": 100}).json()
    ids = [p["id"] for p in tax]
    assert ids.index(newer["id"]) < ids.index(older["id"]) and all(p["category"] == "tax" for p in tax)
    mine = api.get(f"{BASE}/posts", headers=author.headers, params={"mine": True}).json()
    assert {p["id"] for p in mine} == {older["id"], newer["id"]}
    page = api.get(f"{BASE}/posts", headers=author.headers, params={"mine": True, "limit": 1, "offset": 1}).json()
    assert [p["id"] for p in page] == [older["id"]]
    for params, field in (({"category": "crypto"}, "category"), ({"limit": 101}, "limit"), ({"offset": -1}, "offset")):
        response = api.get(f"{BASE}/posts", headers=author.headers, params=params)
        assert response.status_code == 422 and response.json()["message"].startswith(f"{field}:")


def test_post_and_comment_bounds_are_422_naming_the_field(api: TestClient) -> None:
    me = join(api)
    post = _post(api, me)
    cases = [
        ({"title": "", "body": "b"}, "title"),
        ({"title": "t" * 201, "body": "b"}, "title"),
        ({"title": "   ", "body": "b"}, "title"),
        ({"title": "t", "body": "b" * 20001}, "body"),
        ({"title": "t", "body": "b", "category": "crypto"}, "category"),
        ({"title": "t", "body": "b", "pinned": True}, "pinned"),
        ({"body": "b"}, "title"),
    ]
    for body, field in cases:
        response = api.post(f"{BASE}/posts", headers=me.headers, json=body)
        assert response.status_code == 422, (field, response.text)
        assert response.json()["message"].startswith(f"{field}:")
    patched = api.patch(f"{BASE}/posts/{post['id']}", headers=me.headers, json={"title": "x" * 201})
    assert patched.status_code == 422 and patched.json()["message"].startswith("title:")
    for body, field in (({"body": ""}, "body"), ({"body": "c" * 5001}, "body"), ({}, "body")):
        response = api.post(f"{BASE}/posts/{post['id']}/comments", headers=me.headers, json=body)
        assert response.status_code == 422 and response.json()["message"].startswith(f"{field}:")
    assert api.get(f"{BASE}/posts/not-a-uuid", headers=me.headers).json()["message"].startswith("post_id:")


def test_comments_belong_to_their_author_and_go_with_their_post(api: TestClient) -> None:
    author, commenter = join(api), join(api)
    post = _post(api, author)
    first = _comment(api, commenter, post["id"], "Great progress")
    second = _comment(api, author, post["id"], "Thanks!")
    listed = api.get(f"{BASE}/posts/{post['id']}/comments", headers=author.headers).json()
    assert [c["id"] for c in listed] == [first["id"], second["id"]]  # oldest first
    assert [c["mine"] for c in listed] == [False, True]
    assert api.get(f"{BASE}/posts/{post['id']}", headers=author.headers).json()["comment_count"] == 2

    # Only the author edits or deletes a comment, even the post's author cannot.
    assert api.patch(f"{BASE}/comments/{first['id']}", headers=author.headers, json={"body": "x"}).status_code == 404
    assert api.delete(f"{BASE}/comments/{first['id']}", headers=author.headers).status_code == 404
    edited = api.patch(f"{BASE}/comments/{first['id']}", headers=commenter.headers, json={"body": "Great work"})
    assert edited.status_code == 200 and edited.json()["body"] == "Great work"
    assert api.delete(f"{BASE}/comments/{second['id']}", headers=author.headers).status_code == 204

    # Commenting on a post that does not exist is a 404; deleting the post removes everyone's comments.
    missing = api.post(f"{BASE}/posts/{uuid.uuid4()}/comments", headers=author.headers, json={"body": "hi"})
    assert missing.status_code == 404
    assert api.delete(f"{BASE}/posts/{post['id']}", headers=author.headers).status_code == 204
    assert api.patch(f"{BASE}/comments/{first['id']}", headers=commenter.headers,
                     json={"body": "still here?"}).status_code == 404


def test_reactions_are_one_per_kind_and_person(api: TestClient) -> None:
    author, fan, other = join(api), join(api), join(api)
    post = _post(api, author)
    url = f"{BASE}/posts/{post['id']}/reactions"
    assert api.put(f"{url}/like", headers=fan.headers).json() == {
        "counts": {"like": 1, "helpful": 0, "insightful": 0, "celebrate": 0}, "mine": ["like"]}
    again = api.put(f"{url}/like", headers=fan.headers).json()  # idempotent
    assert again["counts"]["like"] == 1
    api.put(f"{url}/celebrate", headers=fan.headers)
    theirs = api.put(f"{url}/like", headers=other.headers).json()
    assert theirs["counts"]["like"] == 2 and theirs["mine"] == ["like"]
    seen = api.get(f"{BASE}/posts/{post['id']}", headers=fan.headers).json()["reactions"]
    assert seen["counts"]["like"] == 2 and seen["counts"]["celebrate"] == 1
    assert sorted(seen["mine"]) == ["celebrate", "like"]
    # Removing takes back only one's own reaction.
    removed = api.delete(f"{url}/like", headers=other.headers).json()
    assert removed["counts"]["like"] == 1 and removed["mine"] == []
    assert api.delete(f"{url}/like", headers=other.headers).json()["counts"]["like"] == 1
    bad = api.put(f"{url}/love", headers=fan.headers)
    assert bad.status_code == 422 and bad.json()["message"].startswith("kind:")
    assert api.put(f"{BASE}/posts/{uuid.uuid4()}/reactions/like", headers=fan.headers).status_code == 404

    comment = _comment(api, author, post["id"])
    on_comment = api.put(f"{BASE}/comments/{comment['id']}/reactions/helpful", headers=fan.headers).json()
    assert on_comment["counts"]["helpful"] == 1 and on_comment["mine"] == ["helpful"]
    listed = api.get(f"{BASE}/posts/{post['id']}/comments", headers=author.headers).json()
    assert listed[0]["reactions"]["counts"]["helpful"] == 1 and listed[0]["reactions"]["mine"] == []
    assert api.delete(f"{BASE}/comments/{comment['id']}/reactions/helpful",
                      headers=fan.headers).json()["counts"]["helpful"] == 0


def test_reports_are_one_open_per_item_and_private(api: TestClient) -> None:
    author, reporter, other = join(api), join(api), join(api)
    post = _post(api, author)
    comment = _comment(api, author, post["id"])
    url = f"{BASE}/reports"
    report_post = f"{BASE}/posts/{post['id']}/reports"
    for body, field in (({"reason": ""}, "reason"), ({"reason": "  "}, "reason"), ({"reason": "r" * 1001}, "reason"),
                        ({}, "reason"), ({"reason": "spam", "comment_id": comment["id"]}, "comment_id")):
        response = api.post(report_post, headers=reporter.headers, json=body)
        assert response.status_code == 422 and response.json()["message"].startswith(f"{field}:")
    for kind in ("posts", "comments"):
        missing = api.post(f"{BASE}/{kind}/{uuid.uuid4()}/reports", headers=reporter.headers, json={"reason": "x"})
        assert missing.status_code == 404

    report = api.post(report_post, headers=reporter.headers, json={"reason": "Referral spam"})
    assert report.status_code == 201 and report.json()["status"] == "open"
    assert report.json()["post_id"] == post["id"] and report.json()["comment_id"] is None
    duplicate = api.post(report_post, headers=reporter.headers, json={"reason": "again"})
    assert duplicate.status_code == 409 and duplicate.json()["code"] == "already_reported"
    on_comment = api.post(f"{BASE}/comments/{comment['id']}/reports", headers=reporter.headers,
                          json={"reason": "rude"})
    assert on_comment.status_code == 201 and on_comment.json()["comment_id"] == comment["id"]
    # The second reporter may report the same post; reports are visible only to whoever made them.
    assert api.post(report_post, headers=other.headers, json={"reason": "spam"}).status_code == 201
    assert {r["id"] for r in api.get(url, headers=reporter.headers).json()} == {report.json()["id"],
                                                                                on_comment.json()["id"]}
    assert api.get(f"{url}/{report.json()['id']}", headers=reporter.headers).json()["reason"] == "Referral spam"
    assert api.get(f"{url}/{report.json()['id']}", headers=other.headers).status_code == 404
    assert api.get(f"{url}/{report.json()['id']}", headers=author.headers).status_code == 404
