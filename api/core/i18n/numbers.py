"""Numbers as each language writes them, and amounts typed the French way read back.

Canadian French (as CLDR's fr-CA and the browsers' Intl write it): a decimal comma, a no-break space between groups
of three digits, and a no-break space before % and $: 1 234,56 $, 12,5 %. English keeps the numbers as Python and
the old messages wrote them (1,234.56), so English answers do not change.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

NBSP = "\u00a0"
_TO_FRENCH = str.maketrans({",": NBSP, ".": ","})
# Spaces people put between thousands: a plain space, a no-break space, a narrow no-break space.
_GROUP = "[ \u00a0\u202f]"
_FRENCH_NUMBER = re.compile(rf"[-+]?(?:\d{{1,3}}(?:{_GROUP}\d{{3}})+|\d+)(?:,\d+)?", re.ASCII)
# "1,234" reads as 1234 in English and 1.234 in French: with a comma and exactly three digits after a whole part
# that could be a first group of thousands, the person's meaning cannot be known.
_AMBIGUOUS = re.compile(r"[-+]?[1-9]\d{0,2},\d{3}", re.ASCII)


def french_number(english: str) -> str:
    """A number written the English way ("1,433", "0.5") written the French way ("1 433", "0,5")."""
    return english.translate(_TO_FRENCH)


class AmbiguousNumber(ValueError):
    """Text that reads as two different numbers (in French, "1,234"; "1.234,5" mixes both ways)."""


def read_french_amount(text: str) -> Decimal | None:
    """The number in `text` written as fr-CA writes it ("12,5", "1 234,56", "-4 500"), None when it is not written
    that way (the caller reads it as usual: "12.5" stays valid for machine clients), or AmbiguousNumber."""
    value = text.strip()
    has_comma = "," in value
    if has_comma and "." in value:
        raise AmbiguousNumber(text)
    if not has_comma and not re.search(_GROUP, value):
        return None
    if _AMBIGUOUS.fullmatch(value):
        raise AmbiguousNumber(text)
    if not _FRENCH_NUMBER.fullmatch(value):
        return None
    try:
        return Decimal(re.sub(_GROUP, "", value).replace(",", "."))
    except InvalidOperation:
        return None
