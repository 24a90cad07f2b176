"""/api/v1/future-plans: the dated plans (/items, as many as the user adds) and the original one-of-each record."""

from __future__ import annotations

import uuid

from fastapi import APIRouter, Response

from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.future_plans import service
from api.future_plans.schemas import (
    FuturePlanGrowthIn,
    FuturePlanIn,
    FuturePlanItemIn,
    FuturePlanItemRead,
    FuturePlanRead,
)

router = APIRouter(prefix="/api/v1/future-plans", tags=["future-plans"], responses=ERRORS)


@router.get("", operation_id="future-plans-get", response_model=FuturePlanRead | None)
def get_plan(user: CurrentUser, session: SessionDep) -> object:
    """The income growth and, as the original API had them, an income target, an expense change and a side hustle
    (the dated plans of /items that this record wrote)."""
    return service.get_plan(session=session, user_id=user.user_id)


@router.put("", operation_id="future-plans-save", response_model=FuturePlanRead)
def save_plan(user: CurrentUser, session: SessionDep, data: FuturePlanIn) -> object:
    return service.save_plan(session=session, user_id=user.user_id, data=data)


@router.patch("", operation_id="future-plans-growth", response_model=FuturePlanRead)
def save_growth(user: CurrentUser, session: SessionDep, data: FuturePlanGrowthIn) -> object:
    """The income growth alone, leaving every dated plan as it is."""
    return service.save_growth(session=session, user_id=user.user_id, data=data)


@router.get("/items", operation_id="future-plans-items-list", response_model=list[FuturePlanItemRead])
def list_items(user: CurrentUser, session: SessionDep) -> object:
    """The dated plans the household plan counts: spending changes, extra income, new take-home pay, one-offs and
    pauses in saving, soonest first."""
    return service.list_items(session=session, user_id=user.user_id)


@router.post("/items", operation_id="future-plans-items-add", response_model=FuturePlanItemRead, status_code=201)
def add_item(user: CurrentUser, session: SessionDep, data: FuturePlanItemIn) -> object:
    return service.add_item(session=session, user_id=user.user_id, data=data)


@router.put("/items/{item_id}", operation_id="future-plans-items-update", response_model=FuturePlanItemRead)
def update_item(user: CurrentUser, session: SessionDep, item_id: uuid.UUID, data: FuturePlanItemIn) -> object:
    return service.update_item(session=session, user_id=user.user_id, item_id=item_id, data=data)


@router.delete("/items/{item_id}", operation_id="future-plans-items-delete", status_code=204)
def delete_item(user: CurrentUser, session: SessionDep, item_id: uuid.UUID) -> Response:
    service.delete_item(session=session, user_id=user.user_id, item_id=item_id)
    return Response(status_code=204)
