"""Request bodies of /auth/v1 (as the auth clients send them) and the user and session they receive."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator


def _storable(value: Any) -> Any:
    """PostgreSQL text cannot hold NUL characters nor lone surrogates ("\ud800", valid in JSON): both are refused
    here (a 400 in the auth clients' format) instead of failing in the database."""
    if isinstance(value, str):
        if "\x00" in value:
            raise ValueError("must not contain NUL characters")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("must be valid Unicode text") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            _storable(key)
            _storable(item)
    elif isinstance(value, list):
        for item in value:
            _storable(item)
    return value


class _Body(BaseModel):
    model_config = ConfigDict(extra="ignore")

    @field_validator("*", mode="after")
    @classmethod
    def _no_unstorable_text(cls, value: Any) -> Any:
        return _storable(value)


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
    current_password: str | None = None  # reauthentication for a new password or e-mail (see flows.update_user)


class RoleRead(BaseModel):
    """The signed-in user's role (spec: get_user_role)."""

    role: str = Field(description="user, moderator or admin")


class AccountDeletionIn(BaseModel):
    reason: str | None = Field(default=None, max_length=2000, description="Why the user is leaving (optional).")

    @field_validator("reason", mode="before")
    @classmethod
    def _without_nul(cls, value: Any) -> Any:
        """PostgreSQL text cannot hold NUL characters; the reason loses nothing without them."""
        return value.replace("\x00", "") if isinstance(value, str) else value


class AccountDeletionRead(BaseModel):
    status: str = Field(description="'scheduled': sessions are revoked and the data is being deleted.")
    requested_at: datetime
