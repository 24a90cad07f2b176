"""Accounts: list newest first, create, update, delete; plus the one-time import from a client's local copy."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from api.accounts.models import UserAccount
from api.accounts.schemas import AccountIn, AccountRead, ImportResult
from api.core import repository as repo
from api.core.reads import UserQuery
from api.properties.models import UserProperty
from api.properties.schemas import PropertyIn


def list_accounts(*, session: Session, user_id: uuid.UUID) -> Sequence[UserAccount]:
    return repo.list_for_user(session, UserAccount, user_id)


_LIST = UserQuery(UserAccount, columns=AccountRead.model_fields, newest_first=True)


async def read_accounts(*, user_id: uuid.UUID) -> Sequence[dict[str, Any]]:
    """`list_accounts` on the async read path (one pipelined round trip)."""
    return await _LIST.all(user_id)


def add_account(*, session: Session, user_id: uuid.UUID, data: AccountIn) -> UserAccount:
    return repo.create_for_user(session, UserAccount, user_id, data.model_dump())


def update_account(*, session: Session, user_id: uuid.UUID, account_id: uuid.UUID, data: AccountIn) -> UserAccount:
    return repo.update_for_user(session, UserAccount, user_id, account_id, data.model_dump(), label="Account")


def delete_account(*, session: Session, user_id: uuid.UUID, account_id: uuid.UUID) -> None:
    repo.delete_for_user(session, UserAccount, user_id, account_id, label="Account")


def import_local(*, session: Session, user_id: uuid.UUID, accounts: list[AccountIn],
                 properties: list[PropertyIn]) -> ImportResult:
    """Spec section 4: what a client kept in local storage moves to the database once, only while the user
    has none there; otherwise the local copy is ignored (the client then removes it). Two imports sent at once
    are taken one after the other, so the second finds the first's rows. Rows keep the order sent (the first is
    the newest, as the lists show them)."""
    repo.lock_for_user(session, "import_local", user_id)
    has_accounts = session.scalar(select(exists().where(UserAccount.user_id == user_id)))
    has_properties = session.scalar(select(exists().where(UserProperty.user_id == user_id)))
    imported_accounts = 0 if has_accounts else len(accounts)
    imported_properties = 0 if has_properties else len(properties)
    if not has_accounts:
        session.add_all(UserAccount(user_id=user_id, created_at=at, **a.model_dump())
                        for a, at in zip(accounts, reversed(repo.entry_times(len(accounts))), strict=True))
    if not has_properties:
        session.add_all(UserProperty(user_id=user_id, created_at=at, **p.model_dump())
                        for p, at in zip(properties, reversed(repo.entry_times(len(properties))), strict=True))
    session.flush()
    return ImportResult(accounts_imported=imported_accounts, properties_imported=imported_properties)
