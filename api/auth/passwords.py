"""What a password must be: at least 8 characters, not only spaces, and not one of the ~20,000 most common
passwords (a list shipped with the code, `data/common-passwords.txt.gz`, so the check works offline)."""

from __future__ import annotations

import gzip
from functools import cache
from pathlib import Path

from api.auth.errors import AuthApiError
from api.core.i18n import msg

MIN_PASSWORD_LENGTH = 8
COMMON = Path(__file__).resolve().parent / "data" / "common-passwords.txt.gz"


@cache
def common_passwords() -> frozenset[str]:
    with gzip.open(COMMON, "rt", encoding="utf-8") as lines:
        return frozenset(line.strip() for line in lines if line.strip())


def checked_password(password: str | None) -> str:
    """The password, or a GoTrue `weak_password` error saying why (its `reasons`: length, characters, pwned)."""
    if not password or len(password) < MIN_PASSWORD_LENGTH:
        raise AuthApiError(422, "weak_password", msg("weak_password.length", length=MIN_PASSWORD_LENGTH),
                           extra={"weak_password": {"reasons": ["length"]}})
    if not password.strip():
        raise AuthApiError(422, "weak_password", "Password should contain more than spaces.",
                           extra={"weak_password": {"reasons": ["characters"]}})
    if password.strip().lower() in common_passwords():
        raise AuthApiError(422, "weak_password",
                           "Password is known to be weak and easy to guess, please choose a different one.",
                           extra={"weak_password": {"reasons": ["pwned"]}})
    return password
