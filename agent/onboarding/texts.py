"""What voice onboarding says, per language: the questions for what is still missing, the proposal's title and labels,
and the voice service's own notices. English is what onboarding always said; French is fr-CA (Quebec usage: no space
before "?", a no-break space before ":"). Kept here, beside the reader, rather than in the API's catalogues: these are
composed by field, never matched back from English text."""

from __future__ import annotations

from agent.onboarding.lexicon import Language

NBSP = "\u00a0"

# The questions, in the order a person would ask: the fields each one covers (answered when any is known) and the
# question in each language.
QUESTIONS: list[tuple[tuple[str, ...], dict[Language, str]]] = [
    (("age",), {"en": "How old are you?", "fr": "Quel âge avez-vous?"}),
    (("province",), {"en": "Which province or territory do you live in?",
                     "fr": "Dans quelle province ou quel territoire habitez-vous?"}),
    (("monthly_take_home", "annual_salary"), {
        "en": "What is your take-home pay per month, or your salary per year?",
        "fr": "Quel est votre salaire net par mois, ou votre salaire brut par année?"}),
    (("rent_mortgage",), {"en": "How much is your rent or mortgage payment each month?",
                          "fr": "Combien payez-vous de loyer ou d'hypothèque chaque mois?"}),
    (("other_monthly_spending",), {"en": "About how much do you spend each month besides housing?",
                                   "fr": "Environ combien dépensez-vous chaque mois en plus du logement?"}),
    (("marital_status",), {
        "en": "Are you single, married or living with a partner? Any children or other dependants?",
        "fr": "Êtes-vous célibataire, marié ou en couple? Avez-vous des enfants ou d'autres personnes à charge?"}),
    (("goals",), {"en": "What is one goal you are saving for, how much does it take, and by when?",
                  "fr": "Pour quel objectif épargnez-vous, combien vous faut-il et pour quand?"}),
]

LABELS: dict[Language, dict[str, str]] = {
    "en": {"age": "Age", "province": "Province or territory", "marital_status": "Household",
           "dependents": "Dependants", "monthly_take_home": "Take-home pay per month",
           "annual_salary": "Salary per year (before tax)", "partner_income": "Partner's income per month",
           "rent_mortgage": "Rent or mortgage per month", "other_monthly_spending": "Other spending per month"},
    "fr": {"age": "Âge", "province": "Province ou territoire", "marital_status": "Ménage",
           "dependents": "Personnes à charge", "monthly_take_home": "Salaire net par mois",
           "annual_salary": "Salaire par année (avant impôts)", "partner_income": "Revenu du conjoint par mois",
           "rent_mortgage": "Loyer ou hypothèque par mois", "other_monthly_spending": "Autres dépenses par mois"},
}

TITLE: dict[Language, str] = {"en": "Save what you told us", "fr": "Enregistrer ce que vous nous avez dit"}
NEW_GOAL: dict[Language, str] = {"en": "New goal: {name}", "fr": f"Nouvel objectif{NBSP}: {{name}}"}

# Said when a French session meets a recogniser that knows English only (PocketSphinx, the offline fallback).
SPEECH_LANGUAGE_UNSUPPORTED: dict[Language, str] = {
    "en": "Speech recognition on this server understands English only. Type your answer instead, or speak in "
          "English.",
    "fr": "La reconnaissance vocale de ce serveur ne comprend que l'anglais pour l'instant. Écrivez plutôt votre "
          "réponse, ou parlez en anglais.",
}


def questions(language: Language) -> list[tuple[tuple[str, ...], str]]:
    """The questions in `language`: (the fields each covers, the question)."""
    return [(names, said[language]) for names, said in QUESTIONS]


def question_for(field: str, language: Language) -> str | None:
    """The question that asks for `field` (its first field names it) in `language`."""
    return next((said[language] for names, said in QUESTIONS if names[0] == field), None)
