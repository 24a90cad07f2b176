"""E-mail addresses in one spelling per mailbox.

Sign-up compared addresses by lower case only, so Unicode composed and decomposed forms, or a Unicode domain and
its punycode, made two accounts for one mailbox. Addresses are now normalised before every check (NFC, the domain
as IDNA, lower case: `api.auth.service.normalise_email`); this rewrites the saved ones the same way. Where two
accounts already share a mailbox, the one already spelled the normalised way keeps it and the other keeps its own
spelling (nothing is merged or lost; an administrator can tell them apart).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-28 04:30:00
"""

import contextlib
import unicodedata
from collections.abc import Sequence

import idna
import sqlalchemy as sa
from alembic import op

revision: str = '0010'
down_revision: str | None = '0009'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _normalised(email: str) -> str:  # as api.auth.service.normalise_email on 2026-11-28
    text = unicodedata.normalize("NFC", email.strip())
    local, at, domain = text.rpartition("@")
    if not at:
        return text.lower()
    with contextlib.suppress(idna.IDNAError):
        domain = idna.encode(domain.rstrip("."), uts46=True).decode("ascii")
    return f"{local.lower()}@{domain.lower()}"


def upgrade() -> None:
    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT id, email FROM users ORDER BY created_at, id")).all()
    taken = {email.lower() for _, email in rows}
    for user_id, email in rows:
        new = _normalised(email)
        if new == email.lower() or new in taken:
            continue
        taken.add(new)
        bind.execute(sa.text("UPDATE users SET email = :e WHERE id = :u"), {"e": new, "u": user_id})
        bind.execute(sa.text("UPDATE auth_identities SET email = :e WHERE user_id = :u AND provider = 'email'"),
                     {"e": new, "u": user_id})


def downgrade() -> None:
    pass  # the old spellings are not kept; normalised addresses work with the old code
