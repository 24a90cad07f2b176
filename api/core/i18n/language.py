"""The language of a request: an explicit `Accept-Language` wins (fr, fr-CA, fr-FR... -> French, anything else ->
English; in a list, the most wanted of the two), else the signed-in user's saved preference locale, else English.

The header is read on every request (a cheap parse, kept in `header_language` for the amount parser); the saved
locale costs a query, so it is looked up only when a message is rendered for a request without the header.
"""

from __future__ import annotations

import logging
from contextvars import ContextVar
from typing import Annotated, Literal

from fastapi import Depends, Request, Response
from fastapi.concurrency import run_in_threadpool

log = logging.getLogger(__name__)

Language = Literal["en", "fr"]
DEFAULT: Language = "en"
# What `Content-Language` (responses, e-mails) and a saved locale call each language.
LOCALES: dict[Language, str] = {"en": "en-CA", "fr": "fr-CA"}

# The language the request's Accept-Language names, or None without one; set per request by the middleware.
header_language: ContextVar[Language | None] = ContextVar("header_language", default=None)


def language_of_header(value: str | None) -> Language | None:
    """The language an `Accept-Language` value asks for: the most wanted range (highest q, first among equals) that
    the server speaks, `fr` and its regions being French and `en` (or `*`) English, as the knowledge base reads it
    (`de, fr;q=0.9` -> French); English when it names neither; None when the header is absent or empty."""
    if value is None or not value.strip():
        return None
    if "fr" not in value.lower():  # the common case, without parsing
        return "en"
    offers: list[tuple[float, int, Language]] = []
    for position, item in enumerate(value.split(",")):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, number = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(number)
                except ValueError:
                    q = 0.0
        primary = tag.strip().lower().split("-")[0]
        if q > 0 and primary in ("fr", "en", "*"):
            offers.append((-q, position, "fr" if primary == "fr" else "en"))
    return min(offers)[2] if offers else "en"


def language_of_locale(locale: str | None) -> Language:
    """A saved locale ("fr-CA", "en-CA", "fr") as one of the languages the server speaks."""
    return "fr" if locale and locale.lower().split("-")[0] == "fr" else "en"


def saved_language(authorization: str | None) -> Language | None:
    """The saved preference locale of the bearer token's user, or None (no valid token, nothing saved, or a database
    that does not answer: a message in English is better than no answer). Runs a query: call it off the event loop."""
    if not authorization:
        return None
    from api.auth import sessions
    from api.core.config import get_settings
    from api.core.db import privileged_session
    from api.preferences.service import saved_locale

    try:
        claims = sessions.verify_bearer(settings=get_settings(), authorization=authorization)
    except sessions.NotAuthenticated:
        return None
    try:
        with privileged_session() as session:
            locale = saved_locale(session=session, user_id=claims.user_id)
    except Exception:  # the language of an error must never become an error itself
        log.warning("saved locale unavailable; answering in English", exc_info=True)
        return None
    return None if locale is None else language_of_locale(locale)


async def resolve_language(accept_language: str | None, authorization: str | None, *, saved: bool = True) -> Language:
    """The language to answer in: the header's, else (when `saved`) the user's saved locale, else English."""
    language = language_of_header(accept_language)
    if language is None and saved and authorization:
        language = await run_in_threadpool(saved_language, authorization)
    return language or DEFAULT


async def request_language(request: Request, *, saved: bool = True) -> Language:
    """`resolve_language` for a request, remembered on it so a second message costs nothing."""
    known = getattr(request.state, "language", None)
    if known in LOCALES:
        return known  # type: ignore[no-any-return]
    header = request.headers.get("accept-language")
    language = await resolve_language(header, request.headers.get("authorization"), saved=saved)
    if saved or language_of_header(header) is not None:  # a guess made without the saved locale is not kept
        request.state.language = language
    return language


async def answer_language(request: Request, response: Response) -> Language:
    """A route's dependency: the request's language (`request_language`), said in the answer's `Content-Language`
    with `Vary: Accept-Language`, so a cache never hands one language's answer to a reader of the other."""
    language = await request_language(request)
    response.headers["Content-Language"] = LOCALES[language]
    response.headers["Vary"] = "Accept-Language"
    return language


AnswerLanguage = Annotated[Language, Depends(answer_language)]
