"""/api/v1/properties"""

from __future__ import annotations

import uuid

from fastapi import APIRouter, Response

from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep
from api.properties import service
from api.properties.schemas import PropertyIn, PropertyRead

router = APIRouter(prefix="/api/v1/properties", tags=["properties"], responses=ERRORS)


@router.get("", operation_id="properties-list", response_model=list[PropertyRead])
def list_properties(user: CurrentUser, session: SessionDep) -> object:
    return service.list_properties(session=session, user_id=user.user_id)


@router.post("", operation_id="properties-add", response_model=PropertyRead, status_code=201)
def add_property(user: CurrentUser, session: SessionDep, data: PropertyIn) -> object:
    return service.add_property(session=session, user_id=user.user_id, data=data)


@router.put("/{property_id}", operation_id="properties-update", response_model=PropertyRead)
def update_property(user: CurrentUser, session: SessionDep, property_id: uuid.UUID, data: PropertyIn) -> object:
    return service.update_property(session=session, user_id=user.user_id, property_id=property_id, data=data)


@router.delete("/{property_id}", operation_id="properties-delete", status_code=204)
def delete_property(user: CurrentUser, session: SessionDep, property_id: uuid.UUID) -> Response:
    service.delete_property(session=session, user_id=user.user_id, property_id=property_id)
    return Response(status_code=204)
