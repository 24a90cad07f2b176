"""Auth records, shaped after GoTrue's so its clients' fields map one to one."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, CheckConstraint, DateTime, ForeignKey, Index, String, Text, text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from api.core.db import Base
from api.core.models import CreatedMixin, IdMixin, OwnedMixin, OwnedOnceMixin, TimestampsMixin

ROLES = ("user", "moderator", "admin")


class User(IdMixin, TimestampsMixin, Base):
    __tablename__ = "users"
    __table_args__ = (Index("uq_users_email_lower", text("lower(email)"), unique=True),)

    email: Mapped[str] = mapped_column(String(320), nullable=False)
    encrypted_password: Mapped[str | None] = mapped_column(String(255))
    email_confirmed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    last_sign_in_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    banned_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    app_metadata: Mapped[dict[str, Any]] = mapped_column(JSONB, nullable=False, default=dict,
                                                         server_default="{}")
    user_metadata: Mapped[dict[str, Any]] = mapped_column(JSONB, nullable=False, default=dict,
                                                          server_default="{}")


class Identity(IdMixin, OwnedMixin, TimestampsMixin, Base):
    """A way to sign in (email, google) linked to a user; one user may have several."""

    __tablename__ = "auth_identities"
    __table_args__ = (Index("uq_auth_identities_provider", "provider", "provider_id", unique=True),)

    provider: Mapped[str] = mapped_column(String(32), nullable=False)
    provider_id: Mapped[str] = mapped_column(String(255), nullable=False)
    email: Mapped[str | None] = mapped_column(String(320))
    identity_data: Mapped[dict[str, Any]] = mapped_column(JSONB, nullable=False, default=dict,
                                                          server_default="{}")
    last_sign_in_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class AuthSession(IdMixin, OwnedMixin, TimestampsMixin, Base):
    """A signed-in session; access tokens carry its id and die with it."""

    __tablename__ = "auth_sessions"

    refreshed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    not_after: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    aal: Mapped[str] = mapped_column(String(8), nullable=False, default="aal1", server_default="aal1")
    user_agent: Mapped[str | None] = mapped_column(Text)
    ip: Mapped[str | None] = mapped_column(String(64))


class RefreshToken(OwnedMixin, TimestampsMixin, Base):
    """One link of a session's refresh-token family; only the hash of the token is kept."""

    __tablename__ = "auth_refresh_tokens"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=True)
    session_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("auth_sessions.id", ondelete="CASCADE"),
                                                  index=True, nullable=False)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, nullable=False)
    parent_hash: Mapped[str | None] = mapped_column(String(64))
    revoked: Mapped[bool] = mapped_column(nullable=False, default=False, server_default="false")


class OneTimeToken(IdMixin, OwnedMixin, CreatedMixin, Base):
    """Confirmation, recovery and e-mail-change links; hashed, expiring, single use."""

    __tablename__ = "auth_one_time_tokens"
    __table_args__ = (
        CheckConstraint("token_type IN ('confirmation', 'recovery', 'email_change', 'magiclink')",
                        name="token_type"),
    )

    token_type: Mapped[str] = mapped_column(String(32), nullable=False)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, nullable=False)
    relates_to: Mapped[str | None] = mapped_column(String(320))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class UserRole(IdMixin, OwnedOnceMixin, TimestampsMixin, Base):
    __tablename__ = "user_roles"
    __table_args__ = (CheckConstraint("role IN ('user', 'moderator', 'admin')", name="role"),)

    role: Mapped[str] = mapped_column(String(16), nullable=False, default="user", server_default="user")


class AccountDeletion(IdMixin, CreatedMixin, Base):
    """Why someone left. Deliberately holds no user id or other personal data."""

    __tablename__ = "account_deletions"

    reason: Mapped[str | None] = mapped_column(Text)


class FlowState(IdMixin, CreatedMixin, Base):
    """One OAuth sign-in in progress (Google): the provider's state, the client's PKCE challenge, and,
    after the provider's callback, the one-time auth code the client exchanges for a session."""

    __tablename__ = "auth_flow_states"
    __table_args__ = (
        CheckConstraint("code_challenge_method IS NULL OR code_challenge_method IN ('s256', 'plain')",
                        name="code_challenge_method"),
    )

    provider: Mapped[str] = mapped_column(String(32), nullable=False)
    state_hash: Mapped[str] = mapped_column(String(64), unique=True, nullable=False)
    nonce: Mapped[str | None] = mapped_column(String(128))
    code_challenge: Mapped[str | None] = mapped_column(String(128))
    code_challenge_method: Mapped[str | None] = mapped_column(String(8))
    redirect_to: Mapped[str] = mapped_column(Text, nullable=False)
    user_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    auth_code_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class RateLimitHit(Base):
    """Requests counted per key (e.g. 'signin:ip:1.2.3.4') and fixed window, shared by every process."""

    __tablename__ = "auth_rate_limits"

    key: Mapped[str] = mapped_column(String(400), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True), primary_key=True)
    count: Mapped[int] = mapped_column(nullable=False, default=0, server_default="0")
