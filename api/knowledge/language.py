"""The language a knowledge-base request is answered in: the `lang` parameter, else the Accept-Language header (read
as everywhere else, `api.core.i18n.language`), else English. These endpoints are public, so a signed-in user's saved
locale does not enter. The response says which (`lang` in the body, `Content-Language`), and `Vary: Accept-Language`
keeps a cache from handing one language's page to a reader of the other."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Depends, Query, Request, Response

from api.core.i18n.language import LOCALES, language_of_header
from knowledge.content import DEFAULT_LANG, Lang, language

LangParam = Literal["en", "fr", "en-CA", "fr-CA"]


def from_accept_language(header: str | None) -> Lang:
    """The most wanted language we have, by the header's weights (`fr-CA,fr;q=0.9,en;q=0.8` -> fr); else English."""
    return language_of_header(header) or DEFAULT_LANG


def request_language(request: Request, response: Response, lang: Annotated[LangParam | None, Query(
        description="The language to answer in (en, fr; en-CA and fr-CA too). Without it, the Accept-Language "
                    "header decides, else English.")] = None) -> Lang:
    chosen = language(lang) or from_accept_language(request.headers.get("accept-language"))
    response.headers["Content-Language"] = LOCALES[chosen]
    response.headers["Vary"] = "Accept-Language"
    return chosen


LanguageDep = Annotated[Lang, Depends(request_language)]
