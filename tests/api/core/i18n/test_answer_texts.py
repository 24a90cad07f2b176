"""The English words the API answers with (the plan's assumption notes, the profile's section names, the tax lines'
labels, the calculators' notes) all have French in the catalogue, so a fr-CA reader never meets a stray English
sentence, and an English reader gets the text as written."""

from __future__ import annotations

import typing

import pytest

from api.calc import schemas as s
from api.calc import service
from api.calc.language import said_in
from api.completion.service import SECTIONS
from api.core.i18n import localize
from api.plan.household import ASSUMPTIONS
from api.planning.canada import Province

PROVINCES = typing.get_args(Province)


def test_the_plan_assumptions_and_the_section_names_are_all_french() -> None:
    for text in [*ASSUMPTIONS, *(label for _, label, _, _ in SECTIONS)]:
        said, language = localize(text, "fr")
        assert language == "fr" and said != text, text
        assert localize(text, "en") == (text, "en")
    assert localize("Personal Profile", "fr")[0] == "Profil personnel"
    assert localize(ASSUMPTIONS[3], "fr")[0].startswith("Le RPC commence à l\u2019âge choisi")


@pytest.mark.parametrize("province", PROVINCES)
def test_every_tax_line_of_every_province_is_labelled_in_french(province: str) -> None:
    """A senior with every kind of income, so every credit, adjustment and deduction the province has appears."""
    data = s.TaxIn.model_validate({"year": 2026, "province": province, "age": 70, "employment_income": 45_000,
                                   "pension_income": 30_000, "eligible_dividends": 4_000,
                                   "non_eligible_dividends": 2_000, "oas_income": 8_000, "rrsp_deduction": 3_000})
    english = service.income_tax(data=data)
    french = said_in(english, "fr")
    lines = [(e.label, f.label) for part in ("federal", "provincial")
             for e, f in zip([*getattr(english, part).credits, *getattr(english, part).adjustments],
                             [*getattr(french, part).credits, *getattr(french, part).adjustments], strict=True)]
    lines += [(e.label, f.label) for e, f in zip(english.deductions, french.deductions, strict=True)]
    assert lines and all(fr != en for en, fr in lines), [en for en, fr in lines if fr == en]
    assert said_in(english, "en") is english
    basic = {c.code: c.label for c in french.federal.credits}["basic_personal_amount"]
    assert basic == "Montant personnel de base"


def test_the_mortgage_and_rrif_notes_are_french_and_english_is_as_written() -> None:
    data = s.MortgageIn.model_validate({"price": 700_000, "down_payment": 70_000, "annual_rate": 0.0439,
                                        "amortization_years": 25, "frequency": "bi_weekly"})
    english = service.mortgage_calc(data=data)
    french = said_in(english, "fr")
    assert english.assumptions.notes[0].startswith("Interest compounds semi-annually, as the Interest Act requires")
    assert french.assumptions.notes[0].startswith("Les intérêts sont composés semestriellement, comme la Loi sur "
                                                  "l\u2019intérêt l\u2019exige")
    assert french.assumptions.notes[1] == "Les remboursements anticipés annuels sont faits à la fin de chaque année " \
        "du prêt."
    assert french.model_dump(exclude={"assumptions", "cmhc"}) == english.model_dump(exclude={"assumptions", "cmhc"})
    rrif = said_in(service.rrif(data=s.RrifIn.model_validate({"age": 72, "balance": 400_000, "years": 5})), "fr")
    assert any(n.startswith("Minimum = solde au 1er janvier \u00d7 le facteur") for n in rrif.assumptions.notes)
