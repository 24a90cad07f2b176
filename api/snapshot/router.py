"""/api/v1/snapshot and /api/v1/net-worth/history"""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict

from api.core.i18n import LOCALES, language_of_header
from api.core.openapi import ERRORS
from api.core.schemas import Money, SignedMoney
from api.deps import CurrentUser, SessionDep
from api.networth.service import history
from api.snapshot import service
from api.snapshot.schemas import SnapshotRead

router = APIRouter(prefix="/api/v1", tags=["snapshot"], responses=ERRORS)


class NetWorthPoint(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    taken_on: date
    assets: Money
    liabilities: Money
    net_worth: SignedMoney


@router.get("/snapshot", operation_id="snapshot-get", response_model=SnapshotRead)
async def get_snapshot(user: CurrentUser, request: Request) -> Response:
    """Income, expenses, savings rate, net worth, FIRE number and completion in one answer."""
    # The completion's section names follow the request's language. Without a language in the header, the saved
    # locale is read in the snapshot's own query (no second round trip).
    asked = language_of_header(request.headers.get("accept-language"))
    body, language = await service.snapshot_body(user.user_id, asked)
    return Response(body, media_type="application/json",
                    headers={"Content-Language": LOCALES[language], "Vary": "Accept-Language"})


@router.get("/net-worth/history", operation_id="snapshot-net-worth-history", response_model=list[NetWorthPoint])
def net_worth_history(user: CurrentUser, session: SessionDep,
                      since: Annotated[date | None, Query(description="First day to include")] = None) -> object:
    """The nightly net-worth snapshots, oldest first, for progress charts."""
    return history(session=session, user_id=user.user_id, since=since)
