"""The words the onboarding reader (`extract.py`) looks for, per language: what names an amount (rent, take-home,
salary, a goal), its period, ages, households, goals and their dates, where a person lives. English is the reader's
original wording; French is the same reader's for French speech and text (whisper writes "85 000 $", "2 100 $ par
mois", "j'ai 34 ans"; number words are made digits first by `agent.slots.digitise(text, "fr")`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Language = Literal["en", "fr"]
Pattern = re.Pattern[str]


@dataclass(frozen=True)
class Rules:
    language: Language
    month: Pattern
    year: Pattern
    biweek: Pattern
    week: Pattern
    # What before a period's word makes it a duration ("in a year", "dans 6 mois"), followed by that word.
    period_guard: str
    meanings: list[tuple[Pattern, str, float]]
    after_take_home: Pattern  # "salary ... after tax": the pay is take-home
    after_housing: Pattern  # "2,000 in rent"
    after_spending: Pattern  # "900 on groceries"
    goal_kinds: list[tuple[Pattern, str, str]]
    default_goal: tuple[str, str]
    marital: list[tuple[Pattern, str, float]]
    no_children: Pattern
    counted_children: Pattern
    pair_of_children: Pattern
    one_child: Pattern
    ages: list[tuple[str, float]]
    relative_before_age: Pattern
    not_an_amount_after: Pattern  # "35 years", "2 kids", "5 percent"
    year_word_before: Pattern  # "by" / "in" / "d'ici" just before a year
    year_phrase_before: Pattern  # "by the end of", "in June", "d'ici la fin de"
    and_word: Pattern
    goal_year: Pattern
    goal_the_year: Pattern
    goal_in_years: Pattern
    goal_next_year: Pattern
    goal_in_months: Pattern
    wants: Pattern  # "I want to ...": a goal said without an amount
    year_in_goal: Pattern
    said_amount: Pattern
    place_before: Pattern  # "live in", "j'habite au"
    code_before: str  # words before a two-letter province code, as an alternation


_MONTH_NAMES = "january|february|march|april|may|june|july|august|september|october|november|december"
_CHILDREN = r"(?:kids?|children|child|dependants?|dependents?|sons?|daughters?|boys?|girls?)"

ENGLISH = Rules(
    language="en",
    month=re.compile(r"\b(?:a|per|each|every|/)\s*month\b|\bmonthly\b|\ba mo\b|\bmonth\b"),
    year=re.compile(r"\b(?:a|per|each|every|/)\s*year\b|\b(?:yearly|annually|annual|per annum)\b|\byear\b"),
    biweek=re.compile(r"\bevery (?:2|two) weeks\b|\bbi-?weekly\b|\bevery other week\b"),
    week=re.compile(r"\b(?:a|per|each|every)\s*week\b|\bweekly\b"),
    period_guard=r"\b(?:in|by|within|for)\s+\d*\s*(?:a\s+)?",
    meanings=[
        (re.compile(r"\b(?:partner|wife|husband|spouse)\b.*\b(?:makes?|earns?|salary|income|brings?)\b"), "partner",
         0.8),
        (re.compile(r"\btake[- ]?home(?: pay)?\b|\bnet (?:pay|income)\b|\bbring home\b|\bafter tax(?:es)?\b"
                    r"|\bpaycheck|\bpaycheque"), "take_home", 0.9),
        (re.compile(r"\brent\b|\bmortgage\b|\bhousing\b"), "housing", 0.9),
        (re.compile(r"\bemergency fund\b|\bdown ?payment\b|\bsave\b|\bsaving\b|\bgoal\b|\bpay off\b|\bpay down\b"
                    r"|\bwant to\b|\bwould like\b|\bi'd like\b"), "goal", 0.75),
        (re.compile(r"\bspend\b|\bspending\b|\bexpenses\b|\bcosts?\b|\bgroceries\b|\bbills\b|\beverything else\b"),
         "spending", 0.75),
        (re.compile(r"\bsalary\b|\bgross\b|\bbefore tax(?:es)?\b"), "salary", 0.9),
        (re.compile(r"\bmake\b|\bmakes\b|\bearn\b|\bearns\b|\bincome\b|\bpaid\b|\bmy pay\b"), "earn", 0.65),
    ],
    after_take_home=re.compile(r"^\W*(?:\w+\W+){0,4}?(?:after tax(?:es)?|take[- ]home|net)\b"),
    after_housing=re.compile(r"^\W*(?:\w+\W+){0,3}?(?:in|for|on)\s+(?:the\s+)?(?:rent|mortgage|housing)\b"),
    after_spending=re.compile(r"^\W*(?:\w+\W+){0,3}?(?:on|for)\s+(?:groceries|food|bills|everything|other|spending)\b"),
    goal_kinds=[
        (re.compile(r"\bemergency\b|\brainy day\b"), "emergency-fund", "Emergency fund"),
        (re.compile(r"\bhouse\b|\bhome\b|\bcondo\b|\bdown ?payment\b"), "home", "Home down payment"),
        (re.compile(r"\bdebt\b|\bloan\b|\bcredit card\b|\bpay off\b|\bpay down\b"), "debt-payoff", "Pay off debt"),
        (re.compile(r"\beducation\b|\bschool\b|\bcollege\b|\buniversity\b|\bresp\b"), "education", "Education"),
        (re.compile(r"\btrip\b|\btravel\b|\bvacation\b|\bholiday\b"), "travel", "Travel"),
        (re.compile(r"\bretire\b|\bretirement\b|\bfinancially independent\b|\bfinancial independence\b"),
         "retirement", "Retirement"),
        (re.compile(r"\bcar\b|\btruck\b|\bvehicle\b"), "other", "Car"),
        (re.compile(r"\bwedding\b"), "other", "Wedding"),
    ],
    default_goal=("other", "Savings goal"),
    marital=[
        (re.compile(r"\bcommon[- ]law\b"), "common-law", 0.9),
        (re.compile(r"\bdivorced\b"), "divorced", 0.9),
        (re.compile(r"\bseparated\b"), "separated", 0.9),
        (re.compile(r"\bwidow(?:ed|er)?\b"), "widowed", 0.9),
        (re.compile(r"\bmarried\b|\bmy (?:wife|husband|spouse)\b|\b(?:wife|husband) and i\b"), "married", 0.85),
        (re.compile(r"\b(?:my|a) partner\b|\bpartner and i\b|\bgirlfriend\b|\bboyfriend\b"), "common-law", 0.5),
        (re.compile(r"\bsingle\b|\blive alone\b|\bnot married\b"), "single", 0.8),
    ],
    no_children=re.compile(rf"\b(?:no|zero|0|don't have any|do not have any)\s+{_CHILDREN}\b"),
    counted_children=re.compile(rf"\b(\d{{1,2}})\s+(?:little\s+|young\s+|grown\s+)?{_CHILDREN}\b"),
    pair_of_children=re.compile(r"\ba (?:son|boy) and a (?:daughter|girl)\b|\ba (?:daughter|girl) and a (?:son|boy)\b"),
    one_child=re.compile(r"\b(?:a|one|an only)\s+(?:son|daughter|child|kid|baby|boy|girl|dependant|dependent)\b"),
    ages=[
        (r"\b(?:i am|i'm|im|i m)\s+(\d{1,3})\s+(?:years?|yrs?)\s+old\b", 0.95),
        (r"\bmy age is\s+(\d{1,3})\b|\baged?\s+(\d{1,3})\b", 0.9),
        (r"\b(\d{1,3})\s+(?:years?|yrs?)\s+old\b", 0.85),
        (r"\b(?:i am|i'm|im|i just turned|i turned)\s+(\d{1,3})\b(?!\s*(?:dollars|\$|thousand|k\b|percent|%|kids|"
         r"children|years\s+(?:from|until|to|away)))", 0.7),
    ],
    relative_before_age=re.compile(r"\b(?:wife|husband|partner|son|daughter|kid|child)\b"),
    not_an_amount_after=re.compile(r"\s*(?:years?|yrs?|months?|weeks?|days?|kids?|children|percent|%)\b"),
    year_word_before=re.compile(r"\b(?:by|in|before|until)\s*$"),
    year_phrase_before=re.compile(rf"\b(?:by|in|before|until)(?:\s+the(?:\s+end\s+of)?(?:\s+year)?|\s+"
                                  rf"(?:{_MONTH_NAMES}))?\s*$"),
    and_word=re.compile(r"\band\b"),
    goal_year=re.compile(rf"\b(?:by|in|before|until|for)\s+(?:the\s+(?:end\s+of\s+)?(?:year\s+)?|(?:the\s+)?end\s+of\s+|"
                         rf"(?:{_MONTH_NAMES})\s+)?(20\d\d)\b"),
    goal_the_year=re.compile(r"\b(?:the|a)\s+year\s+(20\d\d)\b"),
    goal_in_years=re.compile(r"\bin\s+(\d{1,2})\s+years?\b"),
    goal_next_year=re.compile(r"\bnext year\b"),
    goal_in_months=re.compile(r"\bin\s+(\d{1,2})\s+months?\b"),
    wants=re.compile(r"\b(?:i want to|i'd like to|i would like to|my goal is to|we want to)\s+([^.!?]{3,80})"),
    year_in_goal=re.compile(r"\b(?:by|in)\s+20\d\d\b"),
    said_amount=re.compile(r"\$|\d{3,}|\bdollars\b"),
    place_before=re.compile(r"\b(?:live|living|in|from|moved)\b"),
    code_before=r"in|from",
)

_MOIS = "janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre"
_ENFANTS = (r"(?:enfants?|personnes?\s+à\s+charge|fils|filles?|garçons?|bébés?|petits?|petites?|jeunes|"
            r"ados|adolescents?)")
_CONJOINT = r"(?:conjointe?|partenaire|femme|mari|époux|épouse|chum|blonde|copine|copain)"

FRENCH = Rules(
    language="fr",
    month=re.compile(r"\b(?:par|chaque|tous les|au|le)\s+mois\b|/\s*mois\b|\bmensuel(?:le)?s?\b|\bmensuellement\b"
                     r"|\bmois\b"),
    year=re.compile(r"\b(?:par|chaque|l')\s*(?:année|annee|an)\b|/\s*(?:an|année)\b|\bannuel(?:le)?s?\b"
                    r"|\bannuellement\b|\bl'an\b|\bannée\b"),
    biweek=re.compile(r"\b(?:aux|toutes les|chaque|par)\s+(?:2|deux)\s+semaines\b|\bà la quinzaine\b"
                      r"|\baux quinze jours\b|\bbi-?hebdomadaire\b"),
    week=re.compile(r"\b(?:par|chaque|la)\s+semaine\b|\bhebdomadaires?\b|\bhebdo\b"),
    period_guard=r"(?:\bdans|\bd'ici|\bpendant|\bdepuis)\s+\d*\s*(?:un\s+|une\s+)?",
    meanings=[
        (re.compile(rf"\b{_CONJOINT}\b.*\b(?:gagne|gagnent|salaire|revenu|fait|rapporte|touche)\b"), "partner", 0.8),
        (re.compile(r"\b(?:salaire|revenu|paie|paye|rémunération)\s+(?:nets?|nettes?)\b|\baprès (?:les )?impôts?\b"
                    r"|\bnet d'impôts?\b|\bje (?:reçois|touche)\b|\bma paie\b|\bma paye\b|\bchèque de paie\b"
                    r"|\bdépôt de paie\b"), "take_home", 0.9),
        (re.compile(r"\bloyers?\b|\bhypothèques?\b|\bhypotheque\b|\bhypothécaire\b|\blogement\b"), "housing", 0.9),
        (re.compile(r"\bfonds d'urgence\b|\bmise de fonds\b|\bmises? de côté\b|\béconomiser\b|\bépargner\b"
                    r"|\bmettre de côté\b|\bobjectif\b|\bbut\b|\brembourser\b|\bje veux\b|\bje voudrais\b"
                    r"|\bj'aimerais\b|\bnous voulons\b|\bon veut\b|\bje souhaite\b"), "goal", 0.75),
        (re.compile(r"\bdépens\w*|\bcoûte\w*|\bcoût\w*|\bépicerie\b|\bfactures?\b|\ble reste\b|\btout le reste\b"
                    r"|\bfrais\b"), "spending", 0.75),
        (re.compile(r"\bsalaire\b|\bbrut\b|\bavant (?:les )?impôts?\b"), "salary", 0.9),
        (re.compile(r"\bgagne\b|\bgagnes\b|\bgagnons\b|\bgagnez\b|\brevenus?\b|\bje fais\b|\bpayée?\b"), "earn", 0.65),
    ],
    after_take_home=re.compile(r"^\W*(?:\w+\W+){0,4}?(?:nets?|nettes?|après (?:les )?impôts?)\b"),
    after_housing=re.compile(r"^\W*(?:\w+\W+){0,3}?(?:de|pour|en|sur)\s+(?:le\s+|mon\s+|notre\s+|l')?"
                             r"(?:loyer|hypothèque|logement)\b"),
    after_spending=re.compile(r"^\W*(?:\w+\W+){0,3}?(?:pour|en|sur|à)\s+(?:l'|le\s+|la\s+|les\s+|tout\s+le\s+)?"
                              r"(?:épicerie|nourriture|factures|reste|dépenses)\b"),
    goal_kinds=[
        (re.compile(r"\burgences?\b|\bimprévus\b|\bcoussin\b"), "emergency-fund", "Fonds d'urgence"),
        (re.compile(r"\bmaison\b|\bpropriété\b|\bcondo\b|\bmise de fonds\b|\bappartement\b|\bchez-nous\b"), "home",
         "Mise de fonds pour une maison"),
        (re.compile(r"\bdettes?\b|\bprêts?\b|\bcarte de crédit\b|\brembourser\b"), "debt-payoff",
         "Rembourser mes dettes"),
        (re.compile(r"\bétudes\b|\bécole\b|\bcégep\b|\buniversité\b|\breee\b"), "education", "Études"),
        (re.compile(r"\bvoyages?\b|\bvacances\b"), "travel", "Voyage"),
        (re.compile(r"\bretraite\b|\bindépendance financière\b|\bliberté financière\b"), "retirement", "Retraite"),
        (re.compile(r"\bvoiture\b|\bauto\b|\bcamion\b|\bvéhicule\b"), "other", "Voiture"),
        (re.compile(r"\bmariage\b|\bnoces\b"), "other", "Mariage"),
    ],
    default_goal=("other", "Objectif d'épargne"),
    marital=[
        (re.compile(r"\b(?:conjoints? de fait|union de fait|union libre)\b"), "common-law", 0.9),
        (re.compile(r"\bdivorcée?s?\b"), "divorced", 0.9),
        (re.compile(r"\bséparée?s?\b"), "separated", 0.9),
        (re.compile(r"\bveu(?:f|ve)\b"), "widowed", 0.9),
        (re.compile(r"\b(?:pas|jamais)\s+mariée?s?\b|\bcélibataire\b|\bje vis seule?\b|\bj'habite seule?\b"),
         "single", 0.8),
        (re.compile(r"\bmariée?s?\b|\bmon mari\b|\bma femme\b|\bmon époux\b|\bmon épouse\b"), "married", 0.85),
        (re.compile(r"\b(?:mon|ma|notre) (?:conjointe?|partenaire|chum|blonde|copine|copain)\b|\ben couple\b"),
         "common-law", 0.5),
    ],
    no_children=re.compile(rf"\b(?:pas d'|pas de |aucun |aucune |zéro |0 |sans )\s*{_ENFANTS}"),
    counted_children=re.compile(rf"\b(\d{{1,2}})\s+(?:jeunes\s+|petits\s+|grands\s+)?{_ENFANTS}\b"),
    pair_of_children=re.compile(r"\bun (?:fils|garçon) et une fille\b|\bune fille et un (?:fils|garçon)\b"),
    one_child=re.compile(r"\b(?:un|une|1|un seul|une seule)\s+(?:enfant|fils|fille|garçon|bébé|personne à charge)\b"),
    ages=[
        (r"\b(?:j'ai|j ai|jai)\s+(\d{1,3})\s+ans\b", 0.95),
        (r"\bmon âge est(?: de)?\s+(\d{1,3})\b|\bâgée? de\s+(\d{1,3})\b", 0.9),
        (r"(?<!dans )(?<!d'ici )(?<!depuis )(?<!à )(?<!en )(?<!pendant )(?<!pour )(?<!avant )(?<!après )"
         r"(?<!les )(?<!aux )\b(\d{1,3})\s+ans\b(?!\s*(?:de plus|plus tard|d'ici|avant))", 0.7),
    ],
    relative_before_age=re.compile(rf"\b(?:{_CONJOINT}|fils|fille|enfant|enfants)\b"),
    not_an_amount_after=re.compile(r"\s*(?:ans?|années?|mois|semaines?|jours?|enfants?|pour ?cent|%)(?!\w)"),
    year_word_before=re.compile(r"(?:\bd'ici|\ben|\bavant|\bpour|\bjusqu'en|\bvers)\s*$"),
    year_phrase_before=re.compile(rf"(?:\bd'ici|\ben|\bavant|\bpour|\bjusqu'en)(?:\s+la\s+fin\s+de(?:\s+l'année)?"
                                  rf"|\s+l'année|\s+(?:{_MOIS}))?\s*$"),
    and_word=re.compile(r"\bet\b"),
    goal_year=re.compile(rf"(?:\bd'ici|\ben|\bavant|\bpour|\bjusqu'en|\bvers)\s+(?:la\s+fin\s+(?:de\s+)?(?:l'année\s+)?"
                         rf"|l'année\s+|(?:{_MOIS})\s+)?(20\d\d)\b"),
    goal_the_year=re.compile(r"\bl'année\s+(20\d\d)\b"),
    goal_in_years=re.compile(r"(?:\bdans|\bd'ici)\s+(\d{1,2})\s+ans\b"),
    goal_next_year=re.compile(r"\bl'an prochain\b|\bl'année prochaine\b"),
    goal_in_months=re.compile(r"(?:\bdans|\bd'ici)\s+(\d{1,2})\s+mois\b"),
    wants=re.compile(r"\b(?:je veux|je voudrais|j'aimerais|mon objectif est de|mon but est de|nous voulons|on veut"
                     r"|je souhaite|nous aimerions)\s+([^.!?]{3,80})"),
    year_in_goal=re.compile(r"(?:\bd'ici|\ben|\bavant|\bpour)\s+20\d\d\b"),
    said_amount=re.compile(r"\$|\d{3,}|\bdollars\b"),
    place_before=re.compile(r"\b(?:habite|habitons|habitez|habitent|vis|vit|vivons|vivez|vivent|demeure|demeurons"
                            r"|reste|restons|déménagé|déménagés|au|en|à|de|du|dans)\b"),
    code_before=r"au|en|du",
)

RULES: dict[Language, Rules] = {"en": ENGLISH, "fr": FRENCH}
