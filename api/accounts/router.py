"""/api/v1/accounts, and /api/v1/import/local for the one-time import of locally kept data."""

from __future__ import annotations

import uuid

from fastapi import APIRouter, Response
from pydantic import BaseModel, Field

from api.accounts import service
from api.accounts.schemas import AccountIn, AccountRead, ImportResult
from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.properties.schemas import PropertyIn

router = APIRouter(prefix="/api/v1", tags=["accounts"], responses=ERRORS)


class LocalData(BaseModel):
    accounts: list[AccountIn] = Field(default_factory=list, max_length=500)
    properties: list[PropertyIn] = Field(default_factory=list, max_length=500)


@router.get("/accounts", operation_id="accounts-list", response_model=list[AccountRead])
async def list_accounts(user: CurrentUser) -> object:
    """The user's accounts, newest first."""
    return await service.read_accounts(user_id=user.user_id)


@router.post("/accounts", operation_id="accounts-add", response_model=AccountRead, status_code=201)
def add_account(user: CurrentUser, session: SessionDep, data: AccountIn) -> object:
    return service.add_account(session=session, user_id=user.user_id, data=data)


@router.put("/accounts/{account_id}", operation_id="accounts-update", response_model=AccountRead)
def update_account(user: CurrentUser, session: SessionDep, account_id: uuid.UUID, data: AccountIn) -> object:
    return service.update_account(session=session, user_id=user.user_id, account_id=account_id, data=data)


@router.delete("/accounts/{account_id}", operation_id="accounts-delete", status_code=204)
def delete_account(user: CurrentUser, session: SessionDep, account_id: uuid.UUID) -> Response:
    service.delete_account(session=session, user_id=user.user_id, account_id=account_id)
    return Response(status_code=204)


@router.post("/import/local", operation_id="accounts-import-local", response_model=ImportResult)
def import_local(user: CurrentUser, session: SessionDep, data: LocalData) -> ImportResult:
    """Move accounts and properties a client kept locally into the database, once: each kind is taken only
    while the user has none saved."""
    return service.import_local(session=session, user_id=user.user_id, accounts=data.accounts,
                                properties=data.properties)
