"""What the tools write in English under a French answer (their notes, summaries, the labels made from their
fields, the screens they suggest, their errors) is said in French from the catalogue: money as 6 822 $, months
as décembre 2041, rates as 12,5 %; the English is the tools' text exactly, as it always was."""

from __future__ import annotations

import json

import pytest
from langchain_core.messages import ToolMessage

from agent.coach import offline_language as words
from agent.coach.offline import compose_answer
from agent.coach.offline_answers import _label
from api.core.i18n import localize
from api.core.i18n.numbers import NBSP
from tools.navigation import SCREENS, SuggestScreenInput, _suggest

# (the tool's English, as the coach eval logged it, and its French)
SENTENCES = [
    ("You are on track to be independent within 15 years (December 2041) with what you save now, $6,822 a month.",
     "Vous êtes en bonne voie d'atteindre l'indépendance d\u2019ici 15 ans (décembre 2041) avec ce que vous épargnez "
     "maintenant, soit 6 822 $ par mois."),
    ("You are on track to be independent by age 50 (December 2042) with what you save now, $6,822 a month.",
     "Vous êtes en bonne voie d'atteindre l'indépendance d\u2019ici l\u2019âge de 50 ans (décembre 2042) avec ce "
     "que vous épargnez maintenant, soit 6 822 $ par mois."),
    ("You are on track to be independent by January 2042 (January 2042) with what you save now, $6,822 a month.",
     "Vous êtes en bonne voie d'atteindre l'indépendance d\u2019ici janvier 2042 (janvier 2042) avec ce que vous "
     "épargnez maintenant, soit 6 822 $ par mois."),
    ("To be independent by age 50 (December 2042) save about $8,100 a month: $1,278 more than the $6,822 you save "
     "now. That is 12% of your take-home pay.",
     "Pour atteindre l'indépendance d\u2019ici l\u2019âge de 50 ans (décembre 2042), épargnez environ 8 100 $ par "
     "mois : 1 278 $ de plus que les 6 822 $ que vous épargnez maintenant. C'est 12 % de votre salaire net."),
    ("Missing from your saved data: age (assumed 30), income, expenses.",
     "Il manque dans vos données enregistrées : âge (présumé : 30 ans), revenus, dépenses."),
    ("Missing from your saved data: expenses.", "Il manque dans vos données enregistrées : dépenses."),
    ("Birth year taken as 1992 (this year less the profile's age).",
     "Année de naissance prise comme 1992 (l'année en cours moins l'âge du profil)."),
    ("Retirement income taken as your yearly spending, $94,284.",
     "Revenu de retraite pris égal à vos dépenses annuelles, soit 94 284 $."),
    ("Age assumed 30 (no age saved in the profile).",
     "Âge présumé : 30 ans (aucun âge n'est enregistré dans le profil)."),
    ("TFSA: no past contributions given, so this is the total room since eligibility.",
     "CELI : aucune cotisation passée n'est donnée, ce sont donc tous les droits accumulés depuis l'admissibilité."),
    ("RRSP: last year's earned income taken as the saved annual salary.",
     "REER : le revenu gagné de l'an dernier est pris égal au salaire annuel enregistré."),
    ("FHSA: assumed opened in 2026.", "CELIAPP : ouverture présumée en 2026."),
    ("Interest rate assumed 5% (no rate given; the app does not store it).",
     "Taux d'intérêt présumé de 5 % (aucun taux n'est donné; l'application ne l'enregistre pas)."),
    ("Success rates: the plan over 2,000 simulated markets, seed 1.",
     "Taux de réussite : le plan sur 2 000 marchés simulés, graine 1."),
    ("Your plan: independent January 2034, 100% success, lifetime tax $2,563,478, estate $10,910,089; Both retire "
     "two years sooner: independent January 2034, 100% success, lifetime tax $2,187,361, estate $9,751,204.",
     "Votre plan : indépendance en janvier 2034, réussite de 100 %, impôt sur toute la vie de 2 563 478 $, "
     "succession de 10 910 089 $; Both retire two years sooner : indépendance en janvier 2034, réussite de 100 %, "
     "impôt sur toute la vie de 2 187 361 $, succession de 9 751 204 $."),
    ("Savings rate = (income - expenses) / income; FIRE number = annual expenses x the multiplier.",
     "Taux d'épargne = (revenus - dépenses) / revenus; nombre FIRE = dépenses annuelles x le multiplicateur."),
    ("The extra is saved (spent less) every month until the target; then everyone stops working.",
     "Le supplément est épargné (en dépensant moins) chaque mois jusqu'à la cible; ensuite, tout le monde cesse de "
     "travailler."),
    ("Minimum payments not given are taken as 3% of the balance, at least $10.",
     "Les paiements minimums non donnés sont pris à 3 % du solde, au moins 10 $."),
    ("Quebec tax is administered by Revenu Quebec; QPIP premiums and Quebec-only credits are not modelled.",
     "L'impôt du Québec est administré par Revenu Québec; les cotisations au RQAP et les crédits propres au Québec "
     "ne sont pas modélisés."),
    ("The lowest rate was cut from 15% to 14% on July 1, 2025; 14.5% is the full-year rate for the 2025 return.",
     "Le taux le plus bas est passé de 15 % à 14 % le 1er juillet 2025; 14,5 % est le taux de l'année entière pour "
     "la déclaration de 2025."),
    # the calculators' notes, said from the API's own keys (calc_text, tax_text)
    ("Annual prepayments are made at the end of each mortgage year.",
     "Les remboursements anticipés annuels sont faits à la fin de chaque année du prêt."),
    ("Lean and Fat default to 70% and 150% of expenses unless given.",
     "Lean et Fat valent 70 % et 150 % des dépenses, sauf s\u2019ils sont donnés."),
    ("There you can edit your monthly expenses.", "Vous pourrez y modifier vos dépenses mensuelles."),
    ("There you can see your FIRE dashboard.", "Vous pourrez y voir votre tableau de bord FIRE."),
    ("Monthly expenses", "Dépenses mensuelles"),
    ("Financial goals", "Objectifs financiers"),
]

# (a tool's field, the label the coach makes of it in English, and in French)
LABELS = [
    ("fi_age", "Fi age", "Âge d'indépendance financière"),
    ("fi_date", "Fi date", "Date d'indépendance financière"),
    ("tfsa_contributed", "Tfsa contributed", "Cotisé au CELI"),
    ("monthly_payment", "Monthly payment", "Paiement mensuel"),
    ("horizon_age", "Horizon age", "Âge à l'horizon"),
    ("account", "Account", "Compte"),
    ("tax_year", "Tax year", "Année d'imposition"),
    ("marginal_rate_retirement", "Marginal rate retirement", "Taux marginal à la retraite"),
    ("rrsp_unused_room", "Rrsp unused room", "Droits REER inutilisés"),
    ("non_registered_allocation", "Non registered allocation", "Répartition non enregistrée"),
    ("non_registered", "non-registered", "non enregistré"),
    ("side_hustle_income", "Side hustle income", "Revenu d'appoint"),
]


def fr(text: str) -> str:
    """The catalogue's French as it is shown: a no-break space before : % $ and between groups of digits."""
    return text.replace(" :", f"{NBSP}:").replace(" %", f"{NBSP}%").replace(" $", f"{NBSP}$").replace(
        "6 822", f"6{NBSP}822").replace("8 100", f"8{NBSP}100").replace("1 278", f"1{NBSP}278").replace(
        "94 284", f"94{NBSP}284").replace("2 000", f"2{NBSP}000").replace("2 563 478", f"2{NBSP}563{NBSP}478").replace(
        "10 910 089", f"10{NBSP}910{NBSP}089").replace("2 187 361", f"2{NBSP}187{NBSP}361").replace(
        "9 751 204", f"9{NBSP}751{NBSP}204")


@pytest.mark.parametrize(("english", "french"), SENTENCES)
def test_a_tools_sentence_is_said_in_french_and_stays_as_written_in_english(english: str, french: str) -> None:
    assert words.localized(english, "fr") == fr(french)
    assert words.localized(english, "en") == english


@pytest.mark.parametrize(("field", "english", "french"), LABELS)
def test_a_fields_label_is_said_in_french_and_is_the_field_in_english(field: str, english: str, french: str) -> None:
    assert _label(field) == english
    assert words.label(english, "fr") == french
    assert words.label(english, "en") == english


def test_a_tools_own_template_is_its_english_text() -> None:
    """The English template gives back the tools' sentence exactly (English answers do not change)."""
    said = words.say("coach.said.savings_on_track", "en", target="within 15 years", date="December 2041",
                     saved="$6,822")
    assert said == SENTENCES[0][0]
    assert words.say("coach.said.missing_data", "en", missing_list="expenses") == "Missing from your saved data: " \
        "expenses."


def test_a_scenario_name_is_kept_and_a_list_of_rows_is_not_one_name() -> None:
    four = ("Your plan: independent January 2034, lifetime tax $1,000, estate $2,000; A: not independent within "
            "the plan, 40% success, lifetime tax $3, estate $4; B: independent May 2040, 90% success, lifetime "
            "tax $5, estate $6; C: not independent within the plan, lifetime tax $7, estate $8.")
    said = words.localized(four, "fr")
    assert said is not None and said.startswith(f"Votre plan{NBSP}: indépendance en janvier 2034")
    assert f"; A{NBSP}: pas d'indépendance pendant le plan, réussite de 40{NBSP}%" in said
    assert f"; B{NBSP}: indépendance en mai 2040" in said and said.endswith(f"succession de 8{NBSP}$.")


def test_every_screen_and_reason_the_navigation_tool_gives_is_french() -> None:
    for path, name in SCREENS.items():
        out = _suggest(SuggestScreenInput.model_validate({"screen": path}))
        said = words.localized(out.label, "fr")
        assert said not in (None, name), name
        assert words.localized(out.why, "fr") == f"Ouvrez «{NBSP}{said}{NBSP}»."
        assert words.localized(out.why, "en") == f"Open {name}."


def test_a_navigation_answer_in_french() -> None:
    out = _suggest(SuggestScreenInput.model_validate({"screen": "/settings/income",
                                                      "why": "There you can update your income."}))
    message = ToolMessage(content=out.model_dump_json(), name="suggest_screen", tool_call_id="t1")
    french = compose_answer([message], lang="fr")
    assert "Sources de revenus" in french and "Vous pourrez y mettre à jour vos revenus." in french
    english = compose_answer([message], lang="en")
    assert "Income sources" in english and "There you can update your income." in english


def test_a_receipts_notes_and_labels_in_french_and_as_they_were_in_english() -> None:
    result = {"fi_age": 50, "tfsa_contributed": 12000, "provenance": {
        "data": ["profile", "future_plans", "credit_cards"], "assumptions": {},
        "notes": ["Birth year taken as 1996 (this year less the profile's age).",
                  "Age assumed 30 (no age saved in the profile)."]}}
    message = ToolMessage(content=json.dumps(result), name="contribution_room", tool_call_id="t1")
    french = compose_answer([message], lang="fr")
    assert f"Âge d'indépendance financière{NBSP}: 50" in french
    assert f"Cotisé au CELI{NBSP}: 12{NBSP}000{NBSP}$" in french
    assert "Année de naissance prise comme 1996" in french and "Âge présumé" in french
    english = compose_answer([message], lang="en")
    assert "- Fi age: 50" in english and "Tfsa contributed: $12,000" in english
    assert "Birth year taken as 1996 (this year less the profile's age)." in english


def test_the_tools_errors_are_said_in_french() -> None:
    over = ("Needs, wants, savings and investments would add up to 112.5% of take-home pay; give shares that add up "
            "to 100% at most")
    assert localize(over, "fr") == (f"Les besoins, les envies, l\u2019épargne et les placements totaliseraient "
                                    f"112,5{NBSP}% du salaire net; donnez des parts qui totalisent au plus "
                                    f"100{NBSP}%", "fr")
    assert localize(over, "en") == (over, "en")
    none = ("what_if needs at least one change: monthly_savings, extra_monthly_savings, annual_spending, "
            "monthly_spending_change, monthly_income, income_change, expected_return, retirement_age or "
            "pause_saving_years")
    said, language = localize(none, "fr")
    assert language == "fr" and said.startswith(f"what_if demande au moins un changement{NBSP}:")
