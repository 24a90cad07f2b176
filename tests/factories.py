"""Factories for test data. Users get no password (hashing is slow) unless a test needs one."""

from __future__ import annotations

import uuid

from sqlalchemy.orm import Session

from api.auth.models import User
from api.auth.service import create_user


def make_user(session: Session, *, email: str | None = None, password: str | None = None) -> User:
    return create_user(session=session, email=email or f"user-{uuid.uuid4().hex[:12]}@example.com",
                       password=password)
