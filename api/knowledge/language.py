"""The language a knowledge-base request is answered in: the `lang` parameter, else the Accept-Language header,
else English. The response says which (`lang` in the body, `Content-Language`), and `Vary: Accept-Language`
keeps a cache from handing one language's page to a reader of the other."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Depends, Query, Request, Response

from knowledge.content import DEFAULT_LANG, Lang, language

LangParam = Literal["en", "fr", "en-CA", "fr-CA"]
CONTENT_LANGUAGE: dict[str, str] = {"en": "en-CA", "fr": "fr-CA"}


def from_accept_language(header: str | None) -> Lang:
    """The most wanted language we have, by the header's weights (`fr-CA,fr;q=0.9,en;q=0.8` -> fr); else English."""
    offers: list[tuple[float, int, Lang]] = []
    for position, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        found = language(tag)
        if found is not None and weight > 0:
            offers.append((-weight, position, found))
    return min(offers)[2] if offers else DEFAULT_LANG


def request_language(request: Request, response: Response, lang: Annotated[LangParam | None, Query(
        description="The language to answer in (en, fr; en-CA and fr-CA too). Without it, the Accept-Language "
                    "header decides, else English.")] = None) -> Lang:
    chosen = language(lang) or from_accept_language(request.headers.get("accept-language"))
    response.headers["Content-Language"] = CONTENT_LANGUAGE[chosen]
    response.headers["Vary"] = "Accept-Language"
    return chosen


LanguageDep = Annotated[Lang, Depends(request_language)]
