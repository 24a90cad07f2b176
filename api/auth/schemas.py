"""Request bodies of /auth/v1 (as the auth clients send them) and the user and session they receive."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class _Body(BaseModel):
    model_config = ConfigDict(extra="ignore")


class SignUpIn(_Body):
    email: str | None = None
    password: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    code_challenge: str | None = None
    code_challenge_method: str | None = None


class PasswordGrantIn(_Body):
    email: str | None = None
    password: str | None = None


class RefreshGrantIn(_Body):
    refresh_token: str | None = None


class PkceGrantIn(_Body):
    auth_code: str | None = None
    code_verifier: str | None = None


class RecoverIn(_Body):
    email: str | None = None
    code_challenge: str | None = None
    code_challenge_method: str | None = None


class VerifyIn(_Body):
    type: str | None = None
    token: str | None = None
    token_hash: str | None = None
    email: str | None = None
    redirect_to: str | None = None


class UserUpdateIn(_Body):
    email: str | None = None
    password: str | None = None
    data: dict[str, Any] | None = None


class RoleRead(BaseModel):
    """The signed-in user's role (spec: get_user_role)."""

    role: str = Field(description="user, moderator or admin")


class AccountDeletionIn(BaseModel):
    reason: str | None = Field(default=None, max_length=2000, description="Why the user is leaving (optional).")


class AccountDeletionRead(BaseModel):
    status: str = Field(description="'scheduled': sessions are revoked and the data is being deleted.")
    requested_at: datetime
