"""The calculators' answers in the request's language: their own English (the assumption notes, the tax lines' labels,
the contribution order's reasons) said through the catalogue; figures, codes and cited sources stay as they are.

The engine words its text in English and the answers are built in English (the coach's tools read them so); a route
says an answer in French just before sending it. A sentence the catalogue does not know stays English (and is logged).
"""

from __future__ import annotations

from typing import TypeVar, cast

from pydantic import BaseModel

from api.calc import schemas as s
from api.core.i18n import Language, localize
from api.planning.assumptions import Assumptions

M = TypeVar("M", bound=BaseModel)


def said_in(out: M, language: Language) -> M:
    """`out` with its English sentences and labels said in `language` (English: `out` itself, unchanged)."""
    if language == "en":
        return out

    def say(text: str) -> str:
        return localize(text, language)[0]

    def jurisdiction(j: s.JurisdictionTaxOut) -> s.JurisdictionTaxOut:
        return j.model_copy(update={
            "credits": [c.model_copy(update={"label": say(c.label)}) for c in j.credits],
            "adjustments": [a.model_copy(update={"label": say(a.label)}) for a in j.adjustments]})

    def tax(t: s.TaxOut) -> s.TaxOut:
        return t.model_copy(update={
            "deductions": [d.model_copy(update={"label": say(d.label)}) for d in t.deductions],
            "federal": jurisdiction(t.federal), "provincial": jurisdiction(t.provincial),
            "assumptions": notes(t.assumptions)})

    def notes(a: Assumptions) -> Assumptions:
        return a.model_copy(update={"notes": [say(n) for n in a.notes]})

    if isinstance(out, s.TaxOut):
        return cast(M, tax(out))
    update: dict[str, object] = {}
    if isinstance(out, s.PensionSplitOut):
        update |= {"spouse_a": tax(out.spouse_a), "spouse_b": tax(out.spouse_b)}
    if isinstance(out, s.ContributionOrderOut):
        update["allocations"] = [a.model_copy(update={"reason": say(a.reason)}) for a in out.allocations]
    if isinstance(out, s.MortgageOut) and out.cmhc is not None and out.cmhc.note:
        update["cmhc"] = out.cmhc.model_copy(update={"note": say(out.cmhc.note)})
    assumptions = getattr(out, "assumptions", None)
    if isinstance(assumptions, Assumptions):
        update["assumptions"] = notes(assumptions)
    return out.model_copy(update=update)
