"""The user and session JSON of GoTrue's wire format (what auth-js and supabase-auth parse)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.auth.models import Identity, User


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def user_json(session: Session, user: User, **extra: Any) -> dict[str, Any]:
    identities = session.scalars(select(Identity).where(Identity.user_id == user.id)
                                 .order_by(Identity.created_at)).all()
    return {
        "id": str(user.id),
        "aud": "authenticated",
        "role": "authenticated",
        "email": user.email,
        "email_confirmed_at": _iso(user.email_confirmed_at),
        "confirmed_at": _iso(user.email_confirmed_at),
        "phone": "",
        "last_sign_in_at": _iso(user.last_sign_in_at),
        "app_metadata": user.app_metadata,
        "user_metadata": user.user_metadata,
        "identities": [
            {
                "identity_id": str(i.id),
                "id": i.provider_id,
                "user_id": str(user.id),
                "identity_data": i.identity_data,
                "provider": i.provider,
                "email": i.email,
                "last_sign_in_at": _iso(i.last_sign_in_at),
                "created_at": _iso(i.created_at),
                "updated_at": _iso(i.updated_at),
            }
            for i in identities
        ],
        "created_at": _iso(user.created_at),
        "updated_at": _iso(user.updated_at),
        "is_anonymous": False,
        **extra,
    }
