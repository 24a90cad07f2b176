"""/api/v1/completion"""

from __future__ import annotations

from fastapi import APIRouter

from api.completion import service
from api.completion.schemas import CompletionRead
from api.core.i18n import AnswerLanguage
from api.core.openapi import ERRORS
from api.deps import CurrentUser, SessionDep

router = APIRouter(prefix="/api/v1/completion", tags=["completion"], responses=ERRORS)


@router.get("", operation_id="completion-get", response_model=CompletionRead)
def get_completion(user: CurrentUser, session: SessionDep, language: AnswerLanguage) -> CompletionRead:
    """Every section's score and badge, and the overall percent, in one answer."""
    # The section names are said in the request's language.
    return service.compute_completion(session=session, user_id=user.user_id, language=language)
