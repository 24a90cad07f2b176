"""Posts and comments carry their author's display name (from the profile, or the account's full name), never
the e-mail; text comes back exactly as written, markup and line breaks included."""

from __future__ import annotations

import uuid

from fastapi.testclient import TestClient

from tests.support.members import join

BASE = "/api/v1/community"


def _post(api: TestClient, headers: dict[str, str], body: str = "Hello") -> dict[str, object]:
    response = api.post(f"{BASE}/posts", headers=headers, json={"title": "Names", "body": body, "category": "general"})
    assert response.status_code == 201, response.text
    return dict(response.json())


def test_author_names_follow_the_profile_and_never_show_the_email(api: TestClient) -> None:
    named, first_only, anonymous, reader = join(api), join(api), join(api), join(api)
    assert api.put("/api/v1/profile", headers=named.headers,
                   json={"first_name": " Ada ", "last_name": "Lovelace"}).status_code == 200
    assert api.put("/api/v1/profile", headers=first_only.headers, json={"first_name": "Grace"}).status_code == 200
    posts = {who.id: _post(api, who.headers) for who in (named, first_only, anonymous)}
    assert posts[named.id]["author_name"] == "Ada Lovelace"

    listed = {p["author_id"]: p["author_name"]
              for p in api.get(f"{BASE}/posts", headers=reader.headers, params={"limit": 100}).json()}
    assert listed[str(named.id)] == "Ada Lovelace"
    assert listed[str(first_only.id)] == "Grace"
    assert listed[str(anonymous.id)] == "FIRE Path member"
    assert anonymous.email not in str(listed.values())

    # A later profile change shows on earlier posts and comments.
    comment = api.post(f"{BASE}/posts/{posts[named.id]['id']}/comments", headers=first_only.headers,
                       json={"body": "Nice"}).json()
    assert comment["author_name"] == "Grace"
    api.put("/api/v1/profile", headers=first_only.headers, json={"first_name": "Grace", "last_name": "Hopper"})
    comments = api.get(f"{BASE}/posts/{posts[named.id]['id']}/comments", headers=reader.headers).json()
    assert [c["author_name"] for c in comments] == ["Grace Hopper"]


def test_the_account_full_name_is_used_when_the_profile_has_no_first_name(api: TestClient) -> None:
    email = f"full-{uuid.uuid4().hex[:10]}@example.com"
    signed = api.post("/auth/v1/signup", json={"email": email, "password": "correct-horse-9",
                                               "data": {"full_name": "Mary Jackson"}})
    assert signed.status_code == 200, signed.text
    headers = {"Authorization": f"Bearer {signed.json()['access_token']}"}
    assert _post(api, headers)["author_name"] == "Mary Jackson"


def test_text_comes_back_as_written_markup_and_line_breaks_included(api: TestClient) -> None:
    author = join(api)
    text = "<b>bold</b> & <script>alert(1)</script>\nsecond line"
    post = _post(api, author.headers, body=text)
    assert api.get(f"{BASE}/posts/{post['id']}", headers=join(api).headers).json()["body"] == text


def test_the_name_lookup_answers_only_for_people_who_wrote_in_the_community(api: TestClient) -> None:
    """The database function behind the names bypasses the owner-only profiles, so it must not become a way to
    read anyone's name: a member who never posted or commented gets no name."""
    from sqlalchemy import text as sql

    from api.core.db import privileged_session

    silent = join(api)
    api.put("/api/v1/profile", headers=silent.headers, json={"first_name": "Quiet", "last_name": "Person"})
    with privileged_session() as session:
        assert session.scalar(sql("SELECT community_author_name(:u)"), {"u": silent.id}) is None
