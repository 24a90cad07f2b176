"""The API in English and French: the language of a request, the message catalogues and what says a message in a
language (README, "Languages in the API")."""

from api.core.i18n.catalog import Text, catalogue, localize, localize_details, msg
from api.core.i18n.language import (
    LOCALES,
    AnswerLanguage,
    Language,
    language_of_header,
    language_of_locale,
    request_language,
)

__all__ = ["LOCALES", "AnswerLanguage", "Language", "Text", "catalogue", "language_of_header", "language_of_locale",
           "localize", "localize_details", "msg", "request_language"]
