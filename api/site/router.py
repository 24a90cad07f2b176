"""GET /api/v1/site: what the public pages show about this deployment; no sign-in needed."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from api.core.config import get_settings
from api.site import service

router = APIRouter(prefix="/api/v1/site", tags=["site"])


class SiteRead(BaseModel):
    contact_email: str = Field(description="Where members write for support, privacy requests, security reports "
                                           "and job applications (FIREPATH_CONTACT_EMAIL or derived from the "
                                           "public URL or the mail sender)")


@router.get("", operation_id="site-get", response_model=SiteRead)
def get_site() -> SiteRead:
    return SiteRead(contact_email=service.contact_email(get_settings()))
