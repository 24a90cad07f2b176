"""Signed-in people for HTTP tests: sign up through /auth/v1, optionally with a role granted."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from fastapi.testclient import TestClient

from api.auth.service import set_role
from api.core.db import privileged_session


@dataclass(frozen=True)
class Member:
    id: uuid.UUID
    email: str
    headers: dict[str, str]


def join(api: TestClient, role: str | None = None, prefix: str = "member") -> Member:
    """A new user (with `role` granted when given) and the Authorization header of their session."""
    email = f"{prefix}-{uuid.uuid4().hex[:12]}@example.com"
    response = api.post("/auth/v1/signup", json={"email": email, "password": "correct-horse-9"})
    assert response.status_code == 200, response.text
    body = response.json()
    if role is not None:
        with privileged_session() as session:
            set_role(session=session, email=email, role=role)
    return Member(id=uuid.UUID(body["user"]["id"]), email=email,
                  headers={"Authorization": f"Bearer {body['access_token']}"})
