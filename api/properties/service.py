"""Properties: list newest first, create, update, delete."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from sqlalchemy.orm import Session

from api.core import repository as repo
from api.properties.models import UserProperty
from api.properties.schemas import PropertyIn


def list_properties(*, session: Session, user_id: uuid.UUID) -> Sequence[UserProperty]:
    return repo.list_for_user(session, UserProperty, user_id)


def add_property(*, session: Session, user_id: uuid.UUID, data: PropertyIn) -> UserProperty:
    return repo.create_for_user(session, UserProperty, user_id, data.model_dump())


def update_property(*, session: Session, user_id: uuid.UUID, property_id: uuid.UUID,
                    data: PropertyIn) -> UserProperty:
    return repo.update_for_user(session, UserProperty, user_id, property_id, data.model_dump(), label="Property")


def delete_property(*, session: Session, user_id: uuid.UUID, property_id: uuid.UUID) -> None:
    repo.delete_for_user(session, UserProperty, user_id, property_id, label="Property")
