"""User accounts and roles: the pieces the CLI and the demo seed need (sign-in flows build on them)."""

from __future__ import annotations

import contextlib
import unicodedata
from datetime import UTC, datetime
from typing import Any

import idna
from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from api.auth.models import ROLES, Identity, User, UserRole
from api.core.errors import Conflict, Invalid, NotFound
from api.core.i18n import msg
from api.core.security import hash_password


def normalise_email(email: str) -> str:
    """One spelling per mailbox, before any uniqueness check or lookup: Unicode NFC, the domain as IDNA
    (punycode, so "bücher.example" and "xn--bcher-kva.example" are one domain), and lower case. Composed and
    decomposed accents, or a Unicode domain and its punycode, made two accounts for one mailbox."""
    text = unicodedata.normalize("NFC", email.strip())
    local, at, domain = text.rpartition("@")
    if not at:
        return text.lower()
    with contextlib.suppress(idna.IDNAError):  # not a valid domain name: validation refuses it where it matters
        domain = idna.encode(domain.rstrip("."), uts46=True).decode("ascii")
    return f"{local.lower()}@{domain.lower()}"


def find_user_by_email(*, session: Session, email: str) -> User | None:
    return session.scalar(select(User).where(func.lower(User.email) == normalise_email(email)))


def create_user(*, session: Session, email: str, password: str | None, user_metadata: dict[str, Any] | None = None,
                confirmed: bool = True, provider: str = "email", provider_id: str | None = None,
                identity_data: dict[str, Any] | None = None) -> User:
    """A user with one identity (e-mail by default) and the default role. The e-mail must be free."""
    email = normalise_email(email)
    if find_user_by_email(session=session, email=email) is not None:
        raise Conflict("A user with this email address has already been registered", code="email_exists")
    now = datetime.now(UTC)
    user = User(
        email=email,
        encrypted_password=hash_password(password) if password else None,
        email_confirmed_at=now if confirmed else None,
        app_metadata={"provider": provider, "providers": [provider]},
        user_metadata=dict(user_metadata or {}),
    )
    session.add(user)
    session.flush()
    session.add(Identity(user_id=user.id, provider=provider, provider_id=provider_id or str(user.id), email=email,
                         identity_data=identity_data or {"sub": str(user.id), "email": email,
                                                         "email_verified": confirmed}))
    session.add(UserRole(user_id=user.id, role="user"))
    session.flush()
    return user


def set_role(*, session: Session, email: str, role: str) -> User:
    """Give the user with `email` the role `role` (user, moderator, admin)."""
    if role not in ROLES:
        raise Invalid(msg("validation_error.role_one_of", roles=", ".join(ROLES)), details={"field": "role"})
    user = find_user_by_email(session=session, email=email)
    if user is None:
        raise NotFound(msg("not_found.user_email", email=normalise_email(email)))
    statement = insert(UserRole).values(user_id=user.id, role=role)
    session.execute(statement.on_conflict_do_update(index_elements=["user_id"],
                                                    set_={"role": role, "updated_at": func.now()}))
    return user
