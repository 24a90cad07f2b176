"""What a voice onboarding session says it saved is said in the session's language: a French session's saved-change
summaries are the coach's French for its writers' English sentences; an English session's are the writers' own."""

from __future__ import annotations

from datetime import date
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command
from sqlalchemy.orm import Session

from agent.onboarding.fields import saved_summary
from agent.onboarding.graph import build_graph
from agent.onboarding.lexicon import Language
from agent.onboarding.state import OnboardingContext
from api.activity.service import list_activity
from api.core.i18n.numbers import NBSP
from tests.factories import make_user

CONFIG: RunnableConfig = {"configurable": {"thread_id": "saved-summaries"}}
# One of each write onboarding makes: profile, income, rent, other spending and a goal.
SAID: dict[Language, str] = {
    "fr": "J'ai 34 ans et j'habite au Québec. Mon salaire net est de 4 200 $ par mois, mon loyer est de 1 650 $ par "
          "mois et nous dépensons environ 1 200 $ par mois pour tout le reste. Je veux économiser 20 000 $ pour une "
          "maison d'ici 2030.",
    "en": "I'm 34 and I live in Quebec. My take-home pay is 4,200 a month, my rent is 1,650 a month and we spend "
          "about 1,200 a month on everything else. I want to save 20,000 for a house by 2030.",
}


def saved_summaries(session: Session, language: Language) -> tuple[list[str], list[str]]:
    """(the summaries the session returns, the activity log's descriptions of the same writes)."""
    user = make_user(session)
    context = OnboardingContext(user_id=user.id, session=session, today=date(2026, 11, 23), language=language)
    graph = build_graph(InMemorySaver())
    graph.invoke({"utterances": [SAID[language]], "languages": [language]}, CONFIG, context=context)
    result: dict[str, Any] = graph.invoke(Command(resume={"approved": True}), CONFIG, context=context)
    assert result["status"] == "saved"
    summaries = [change["summary"] for change in result["saved"]["changes"]]
    return summaries, [entry.description for entry in list_activity(session=session, user_id=user.id)]


def test_a_french_sessions_saved_changes_are_summarised_in_french(session: Session) -> None:
    summaries, logged = saved_summaries(session, "fr")
    assert len(summaries) == 5
    assert summaries[:3] == [
        f"Mettre à jour votre profil{NBSP}: Âge 34; Province ou territoire QC",
        f"Mettre à jour vos revenus{NBSP}: Salaire net mensuel 4{NBSP}200{NBSP}$",
        f"Changer votre loyer ou votre paiement hypothécaire{NBSP}: Loyer ou hypothèque 0{NBSP}$ → 1{NBSP}650{NBSP}$"]
    assert summaries[3].startswith(f"Ajouter la dépense «{NBSP}Autres dépenses{NBSP}»")  # the line named in French
    assert summaries[4].startswith(f"Ajouter l'objectif «{NBSP}Mise de fonds pour une maison{NBSP}»{NBSP}: ")
    assert f"Cible 20{NBSP}000{NBSP}$" in summaries[4]
    # the writers' choices too, as the web's French names them
    assert "Catégorie maison" in summaries[4] and "Priorité moyenne" in summaries[4]
    assert summaries[3].endswith("Besoin ou envie besoins")
    # each is the coach's French for what its writer said in English (the activity log keeps the English)
    english = {summary.split(":")[0] for summary in logged}
    assert english == {"Update your profile", "Update your income", "Change your rent or mortgage payment",
                       "Add the expense 'Autres dépenses'", "Add the goal 'Mise de fonds pour une maison'"}
    assert not any(summary.startswith(title) for summary in summaries for title in english)


def test_an_english_sessions_saved_changes_are_the_writers_own_summaries(session: Session) -> None:
    summaries, logged = saved_summaries(session, "en")
    assert len(summaries) == 5 and sorted(summaries) == sorted(logged)
    assert "Change your rent or mortgage payment: Rent or mortgage $0 → $1,650" in summaries


def test_a_summary_no_french_template_knows_stays_in_english() -> None:
    """Told what was saved in English rather than in no words at all."""
    assert saved_summary("Zorbled the frobnicator", "fr") == "Zorbled the frobnicator"
    assert saved_summary("Update your income: Monthly take-home pay $4,200", "en") == (
        "Update your income: Monthly take-home pay $4,200")


def test_the_other_spending_line_is_found_again_whichever_language_named_it(session: Session) -> None:
    from decimal import Decimal

    from agent.onboarding.fields import OnboardingFields, save, writes

    user = make_user(session)
    save(session=session, user_id=user.id, fields=OnboardingFields(other_monthly_spending=Decimal(1000)),
         language="en")
    [(_, _, data)] = writes(session, user.id, OnboardingFields(other_monthly_spending=Decimal(1200)), "fr")
    # the same line, not a second one
    assert data.model_dump(include={"name", "category"}) == {"name": "Other spending", "category": "Other spending"}
    fresh = make_user(session)
    [(_, _, data)] = writes(session, fresh.id, OnboardingFields(other_monthly_spending=Decimal(1200)), "fr")
    assert data.model_dump(include={"name", "category"}) == {"name": "Autres dépenses", "category": "Autres dépenses"}
