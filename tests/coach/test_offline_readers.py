"""The offline coach's readers on the kinds of message the fresh development set (evals/coach/cases/fresh_*.yaml)
showed it missed: several debts in one message, budget shares said without "%", expense and goal names as people
say them, tax on more than a salary, mortgage frequencies, savings rates from stated figures and follow-ups that
replace one value (the guards they showed missing are in test_guards.py)."""

from __future__ import annotations

from typing import Any

import pytest

from agent.coach.offline_plan import plan_message
from tools.write import closest_name


def calls(text: str, *earlier: str) -> list[tuple[str, dict[str, Any]]]:
    return plan_message(text, list(earlier)).calls


@pytest.mark.parametrize(("text", "expected"), [
    ("Visa 4,200 at 19.99%, car loan 12,500 at 7.9%. I can pay 900 a month total.",
     [("debt_payoff", {"debts": [{"name": "Visa", "balance": 4200.0, "annual_rate": 0.1999},
                                 {"name": "Car loan", "balance": 12500.0, "annual_rate": 0.079}],
                       "monthly_payment": 900.0})]),
    ("student loan 18k @ 6.5% (min 210), mastercard 2.3k @ 21.99% (min 70). I can add 300/month on top",
     [("debt_payoff", {"debts": [{"name": "Student loan", "balance": 18000.0, "annual_rate": 0.065,
                                  "minimum_payment": 210.0},
                                 {"name": "Mastercard", "balance": 2300.0, "annual_rate": 0.2199,
                                  "minimum_payment": 70.0}], "extra_monthly": 300.0})]),
    ("if I throw 600 a month at my cards, when am I debt free?", [("debt_payoff", {"monthly_payment": 600.0})]),
    ("bump investments up to 30% and cut wants to 10", [("save_budget", {"investments_percentage": 30.0,
                                                                           "wants_percentage": 10.0})]),
    ("needs 55 wants 10 savings 10 investments 25", [("save_budget", {
        "needs_percentage": 55.0, "wants_percentage": 10.0, "savings_percentage": 10.0,
        "investments_percentage": 25.0})]),
    ("split my savings 50/50 between TFSA and RRSP, nothing to fhsa", [("save_budget", {
        "tfsa_allocation": 50.0, "rrsp_allocation": 50.0, "fhsa_allocation": 0.0,
        "non_registered_allocation": 0.0})]),  # shares that total 100: the accounts not named get none
    ("Add pet insurance as a new expense, $62 a month. It's a need, not a want.", [("upsert_expense_item", {
        "name": "Pet insurance", "amount": 62.0, "category": "Insurance", "needs_wants_category": "needs"})]),
    ("Bump the Japan trip goal to 11k.", [("upsert_goal", {"name": "japan trip", "target_amount": 11000.0})]),
    # An order on a kind of expense line, and a setting of the plan named with its new value: those writes.
    ("cut dining out to 150 a month", [("upsert_expense_item", {
        "name": "Dining out", "amount": 150.0, "category": "Food", "needs_wants_category": "wants"})]),
    ("ok lower the gym to 35", [("upsert_expense_item", {
        "name": "Gym memberships", "amount": 35.0, "category": "Health", "needs_wants_category": "wants"})]),
    ("put the expected return at 5% in my settings", [("update_preferences", {"investment_return_rate": 0.05})]),
    ("dorénavant je veux un âge de retraite de 57 ans", [("update_preferences", {"retirement_age": 57})]),
    ("update the emergency fund goal, we've got $26,500 saved in it now",
     [("upsert_goal", {"name": "emergency fund", "current_amount": 26500.0})]),
    ("I'm retired, 68, in New Brunswick. This year: $18,000 CPP, $8,500 OAS and $30,000 from my RRIF.",
     [("tax_estimate", {"age": 68, "cpp_income": 18000.0, "oas_income": 8500.0, "pension_income": 30000.0,
                        "employment_income": 0.0, "province": "NB"})]),  # the income stated is all of it
    ("$38/hr, 40 hours a week in Nova Scotia, how much income tax?",
     [("tax_estimate", {"employment_income": 79040.0, "province": "NS"})]),
    ("Accelerated bi-weekly payment on 420k at 4.25%, 25 yrs?", [("mortgage_payment", {
        "principal": 420000.0, "annual_rate": 0.0425, "amortization_years": 25,
        "frequency": "accelerated_bi_weekly"})]),
    ("We take home 96k a year after tax and spend about 6k a month. What's our savings rate?",
     [("savings_rate", {"monthly_income": 8000.0, "monthly_expenses": 6000.0})]),
    ("Earned 78k last year, my pension adjustment was 6,200, I have 12,400 of unused RRSP room and I've already "
     "contributed 3k this year. How much more can I put in?",
     [("contribution_room", {"account": "rrsp", "previous_year_earned_income": 78000.0, "pension_adjustment": 6200.0,
                             "rrsp_unused_room": 12400.0, "rrsp_contributed_this_year": 3000.0})]),
    ("What if I put away 250 more every paycheque? I'm paid bi-weekly.",
     [("what_if", {"extra_monthly_savings": 541.67})]),
    ("I'm thinking of going to 4 days a week, basically a 20% pay cut. What does that do to my FI date?",
     [("what_if", {"income_change": -0.2})]),
])
def test_what_a_message_says_is_read(text: str, expected: list[tuple[str, dict[str, Any]]]) -> None:
    assert calls(text) == expected


@pytest.mark.parametrize(("earlier", "text", "expected"), [
    ("520k mortgage at 4.39%, 25 year amortization, monthly payments - how much?", "what about accelerated biweekly?",
     ("mortgage_payment", {"principal": 520000.0, "annual_rate": 0.0439, "amortization_years": 25,
                           "frequency": "accelerated_bi_weekly"})),
    ("How much do I need to save monthly to be FI by 50?", "what about 55 instead?",
     ("savings_needed", {"fi_age": 55})),
    ("I have 5k on a card at 19.99% and I'm paying 250 a month. How long?", "and if I pay 400?",
     ("debt_payoff", {"debts": [{"balance": 5000.0, "annual_rate": 0.1999, "name": "Credit card"}],
                      "monthly_payment": 400.0})),
    ("What's the success rate of my plan?", "and if we spend 80k a year?",
     ("monte_carlo_summary", {"annual_spending": 80000.0})),
    ("Monthly payment on 500k at 5%?", "and at 4.5?",
     ("mortgage_payment", {"principal": 500000.0, "annual_rate": 0.045, "frequency": "monthly"})),
])
def test_a_follow_up_replaces_one_value(earlier: str, text: str, expected: tuple[str, dict[str, Any]]) -> None:
    assert calls(text, earlier) == [expected]


def test_a_tax_question_about_shares_sold_is_not_a_request_for_a_pick() -> None:
    assert calls("I sold some shares for a $40,000 gain on top of my 75k salary. I live in PEI. What's my tax?") == [
        ("tax_estimate", {"capital_gains": 40000.0, "employment_income": 75000.0, "province": "PE"})]


def test_a_saved_name_is_found_from_the_words_people_use() -> None:
    goals = ["Six-month emergency fund", "Leo's education (RESP)", "Family trip to Japan"]
    assert closest_name("the Japan trip", goals) == 2
    assert closest_name("emergency fund", goals) == 0
    assert closest_name("Travel", goals) is None  # no saved name holds it: a new goal
    items = ["Groceries", "Daily coffee shop", "Coffee"]
    assert closest_name("coffee shop", items) == 1
    assert closest_name("coffee", items) == 2  # the same name first


# A what-if named bare after "called" or "call it" keeps the whole name ("at" and numbers in it); a named what-if
# with no word "scenario" is still one, and a named goal is still a goal. (Phrasings of our own, not eval cases.)
@pytest.mark.parametrize(("text", "name"), [
    ("ok, keep this as a scenario called Work till 60 where I retire at 60", "Work till 60"),
    ("make a what-if where we buy a boat for 40k in 2031, call it Boat 2031", "Boat 2031"),
    ("save a scenario named Frugal where we spend 48k a year once retired", "Frugal"),
    ("we both retire at 57 with 5% returns, name it 'Both at 57'", "Both at 57"),
])
def test_a_scenario_keeps_the_name_it_was_given(text: str, name: str) -> None:
    [(tool, args)] = calls(text)
    assert (tool, args["name"]) == ("save_scenario", name)


def test_a_named_goal_is_not_a_scenario() -> None:
    assert [tool for tool, _ in calls("save a goal called 'Boat' for 40k by 2031")] == ["upsert_goal"]


# "it" after a question about one expense line is that line; said with its monthly amount, a new line is an expense
# (not a goal, not income). Phrasings of our own.
@pytest.mark.parametrize(("earlier", "text", "name", "amount"), [
    ("how much is the gym costing us?", "ok lower it to 40", "Gym memberships", 40.0),
    ("c'est combien l'épicerie par mois?", "mets ça à 1 100 $", "Groceries", 1100.0),
])
def test_it_is_the_expense_line_just_asked_about(earlier: str, text: str, name: str, amount: float) -> None:
    [(tool, args)] = calls(text, earlier)
    assert (tool, args["name"], args["amount"]) == ("upsert_expense_item", name, amount)


@pytest.mark.parametrize(("text", "name"), [
    ("add guitar lessons for Maya, 120 a month", "Guitar lessons"),
    ("add a $300 a month boat slip rental for the summer", "Boat slip rental"),
])
def test_a_new_line_said_with_its_monthly_amount_is_an_expense(text: str, name: str) -> None:
    [(tool, args)] = calls(text)
    assert (tool, args["name"]) == ("upsert_expense_item", name)


# Income: a partner named in lower case, two amounts for two fields in one order, "to zero" beside the amount it
# replaces. Phrasings of our own.
@pytest.mark.parametrize(("text", "expected"), [
    ("priya's take-home went up to 4,900 a month, update it", {"partner_income": 4900.0}),
    ("set my salary to 98k and my take-home pay to 5,900 a month", {"annual_salary": 98000.0,
                                                                    "monthly_take_home": 5900.0}),
    ("the 300 other income stopped when the tenant left, set it to 0", {"other_income": 0.0}),
])
def test_income_orders_read_whose_and_which(text: str, expected: dict[str, float]) -> None:
    assert calls(text) == [("update_income", expected)]


def test_a_month_s_pay_is_not_a_person_s() -> None:
    assert calls("this month's pay was 5,400, update my take-home") == [
        ("update_income", {"monthly_take_home": 5400.0})]


@pytest.mark.parametrize("text", ["how much earlier is FI if we're trimming 600 a month off our spending?",
                                  "what if we reduce spending by $600 a month?"])
def test_spending_cut_said_with_ing_is_a_change_not_a_budget(text: str) -> None:
    assert calls(text) == [("what_if", {"monthly_spending_change": -600.0})]


@pytest.mark.parametrize(("text", "expected"), [
    ("set retirement age 55", [("update_preferences", {"retirement_age": 55})]),
    ("drop the return assumption to four and a half percent", [("update_preferences",
                                                                 {"investment_return_rate": 0.045})]),
    ("lets just go classic 50 30 20 on the budget", [("save_budget", {
        "needs_percentage": 50.0, "wants_percentage": 30.0, "savings_percentage": 20.0})]),
    ("send all our savings to the TFSA from now on, 100%", [("save_budget", {
        "tfsa_allocation": 100.0, "rrsp_allocation": 0.0, "fhsa_allocation": 0.0, "non_registered_allocation": 0.0})]),
    ("rrsp 60 tfsa 40 no non-reg", [("save_budget", {"rrsp_allocation": 60.0, "tfsa_allocation": 40.0,
                                                     "non_registered_allocation": 0.0, "fhsa_allocation": 0.0})]),
    ("emergency fund goal now at 26,500", [("upsert_goal", {"name": "Emergency fund", "category": "emergency-fund",
                                                            "current_amount": 26500.0})]),
    ("new goal - pay off both credit cards, about 1,900 total, high priority", [("upsert_goal", {
        "name": "Pay off both credit cards", "target_amount": 1900.0, "priority": "high"})]),
    ("ajoute un objectif : chalet, 80 000 $, priorité basse", [("upsert_goal", {
        "name": "Chalet", "target_amount": 80000.0, "priority": "low"})]),
])
def test_settings_budgets_and_goals_said_as_people_say_them(text: str, expected: list[Any]) -> None:
    assert calls(text) == expected


@pytest.mark.parametrize("text", ["what's my budget split", "should I do rrsp 60 tfsa 40?",
                                  "what is my retirement age set to?"])
def test_questions_about_a_split_or_a_setting_change_nothing(text: str) -> None:
    assert not any(name in ("save_budget", "update_preferences") for name, _ in calls(text))


@pytest.mark.parametrize(("text", "digits"), [
    ("four and a half percent", "4.5 percent"), ("two and a half thousand a month", "2500 a month"),
    ("one and a half million", "1500000"), ("five point five percent", "5.5 percent"),
    ("two and a half years", "2 and a half years"),
])
def test_spoken_fractions_become_decimals(text: str, digits: str) -> None:
    from agent.slots import digitise

    assert digitise(text) == digits


@pytest.mark.parametrize("text", [
    "Is the 4% rule still valid for a 40-year retirement, or is that just for 30 years?",
    "What's the difference between the Monte Carlo simulation and the historical backtests in FIRE Path?",
    "explique-moi la règle du 4 %, c'est-tu encore bon si je prends ma retraite à 45 ans?",
    "Qu'arrive-t-il si je cotise trop à mon CELI?",
    "l'ordre de décaissement à la retraite, je vide quel compte en premier? REER, CELI ou non enregistré",
    "forgot my password for the app on my laptop, how do i reset it",
])
def test_how_a_rule_works_is_a_help_question(text: str) -> None:
    assert [name for name, _ in calls(text)] == ["search_knowledge_base"]


def test_names_that_look_like_orders_are_not_orders() -> None:
    from agent.coach.offline_plan import instructs_change

    assert not instructs_change("what are my Monte Carlo odds?")
    assert not instructs_change("combien j'ai dans le non enregistré?")
    assert instructs_change("monte les restos à 300 $")
    assert plan_message("my password is hunter2, log in to my questrade", []).intent == "refuse_account_access"


@pytest.mark.parametrize(("turns", "expected"), [
    (["what return am i assuming?", "change it to 5"], [("update_preferences", {"investment_return_rate": 0.05})]),
    (["what's my retirement age set to?", "make it 55"], [("update_preferences", {"retirement_age": 55})]),
    (["quel rendement tu prends pour mes placements?", "mets-le à 5,5 %"],
     [("update_preferences", {"investment_return_rate": 0.055})]),
    (["when do we hit FI if we save 500 more a month", "what about 1,000 more?"],
     [("what_if", {"extra_monthly_savings": 1000.0})]),
])
def test_follow_ups_set_what_the_question_before_named(turns: list[str], expected: list[Any]) -> None:
    assert calls(turns[-1], *turns[:-1]) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("mortgage payment is 3,650 now after renewal, change it",
     [("upsert_expense_item", {"name": "Mortgage payment", "amount": 3650.0})]),
    ("clothing for a growing kid isn't really a want, move clothing to needs",
     [("upsert_expense_item", {"name": "Clothing", "category": "Shopping", "needs_wants_category": "needs"})]),
])
def test_an_expense_line_changed_by_a_stated_amount_or_moved_to_needs(text: str, expected: list[Any]) -> None:
    assert calls(text) == expected


def test_a_setting_asked_about_is_read_not_written() -> None:
    assert calls("what's my retirement age set to?") == [("get_preferences", {})]
    assert calls("c'est quoi mon rendement prévu?") == [("get_preferences", {})]
    assert calls("taux de réussite de notre plan?") == [("monte_carlo_summary", {})]


@pytest.mark.parametrize(("text", "tool"), [
    ("put my 'Retire at 50' scenario next to the current plan", "compare_scenarios"),
    ("household net 11.5k/month, expenses 6.9k. rate?", "savings_rate"),
    ("Is snowball really that much worse? I have 10k at 12% and 2k at 24%, paying $500 a month in total.",
     "debt_payoff"),
    ("I need about 3,750 a month to live on. what do i need saved using the 4 percent rule?", "fire_number"),
    ("what's the shortfall if we tried to stop at 45 on our current pace", "savings_needed"),
])
def test_the_tool_a_question_with_its_own_figures_is_for(text: str, tool: str) -> None:
    assert [name for name, _ in calls(text)] == [tool]


@pytest.mark.parametrize(("turns", "expected"), [
    (["what if I retire at 55 instead?", "ok what about 50?"], {"retirement_age": 50}),
    (["what if we cut spending by 500 a month, how much sooner is FI", "make it 1,000"],
     {"monthly_spending_change": -1000.0}),
])
def test_a_what_if_asked_again_with_a_new_value(turns: list[str], expected: dict[str, Any]) -> None:
    assert calls(turns[-1], *turns[:-1])[0] == ("what_if", expected)


@pytest.mark.parametrize(("text", "tool"), [
    ("C'est où la page pour modifier mes préférences, genre le rendement pis l'âge de retraite?", "suggest_screen"),
    ("how much of my take-home is budgeted for investments", "get_budget"),
    ("mon impôt cette année?", "tax_estimate"),
    ("quel âge j'ai dans l'app?", "get_profile"),
])
def test_reads_and_screens_asked_in_either_language(text: str, tool: str) -> None:
    assert [name for name, _ in calls(text)] == [tool]


@pytest.mark.parametrize(("text", "expected"), [
    # "down" is the figure's before it, so the rate after it is the interest rate
    ("$450k condo, 10% down, 5.2% over 30 years, what's the monthly?",
     {"price": 450000.0, "down_payment": 45000.0, "annual_rate": 0.052, "amortization_years": 30,
      "frequency": "monthly"}),
    # a rate named by its kind ("4.49 variable"), and the amortization, not the term
    ("800k place, 160k down, 4.49 variable, 3 year term, 30 yr amortization. payment?",
     {"price": 800000.0, "down_payment": 160000.0, "annual_rate": 0.0449, "amortization_years": 30}),
    ("mortgage of 500k at 4.1 fixed for 5 years amortized over 25, payment?",
     {"principal": 500000.0, "annual_rate": 0.041, "amortization_years": 25}),
])
def test_a_mortgage_s_rate_and_amortization_as_people_say_them(text: str, expected: dict[str, Any]) -> None:
    assert calls(text) == [("mortgage_payment", expected)]


@pytest.mark.parametrize(("text", "expected"), [
    ("Calgary, 60k salary, same income in retirement probably. tfsa or rrsp?",
     {"income_now": 60000.0, "province": "AB", "income_retirement": 60000.0}),
    ("rrsp or tfsa: 120k now, 50k in retirement, 10,000 a year for 25 yrs at 5%, Ontario",
     {"income_now": 120000.0, "income_retirement": 50000.0, "amount": 10000.0, "province": "ON", "years": 25,
      "expected_return": 0.05}),
])
def test_rrsp_or_tfsa_reads_the_same_income_later_and_one_small_rate_as_growth(text: str,
                                                                                expected: dict[str, Any]) -> None:
    assert calls(text) == [("rrsp_vs_tfsa", expected)]


@pytest.mark.parametrize(("text", "expected"), [
    ("4% feels risky. what's my fire number on 80k a year using 3.5%?",
     {"annual_spending": 80000.0, "withdrawal_rate": 0.035}),  # the rate put in place of the other
    ("is 900k enough for 40k a year of spending?", {"annual_spending": 40000.0, "current_portfolio": 900000.0}),
])
def test_a_fire_number_reads_the_rate_used_instead_and_a_yearly_figure_as_spending(
        text: str, expected: dict[str, Any]) -> None:
    assert calls(text) == [("fire_number", expected)]


@pytest.mark.parametrize(("text", "expected"), [
    ("projection for the next 15 years in 3-year steps", {"every_years": 3, "years": 15}),
    ("show the projection in 5-year steps", {"every_years": 5}),
    ("projection over the next 20 years", {"years": 20}),
    ("projection prochaines 10 années, aux 2 ans", {"every_years": 2, "years": 10}),
])
def test_a_projection_s_span_and_step_are_kept_apart(text: str, expected: dict[str, Any]) -> None:
    assert calls(text) == [("projection", expected)]


@pytest.mark.parametrize(("text", "tools"), [
    ("my tfsa room and my savings rate please", ["contribution_room", "savings_rate"]),
    ("show my budget, then tell me my savings rate", ["get_budget", "savings_rate"]),
    ("how much tax do I pay this year + what's my rrsp room", ["tax_estimate", "contribution_room"]),
    # two things side by side stay one question unless each alone clearly is its own
    ("needs and wants", ["get_expenses"]),
    ("what's the difference between a TFSA and an RRSP", ["search_knowledge_base"]),
])
def test_two_things_asked_side_by_side_are_both_answered(text: str, tools: list[str]) -> None:
    assert sorted(name for name, _ in calls(text)) == sorted(tools)


@pytest.mark.parametrize(("turns", "expected"), [
    (["line up the Part-time scenario against my plan"], {"names": ["Part-time"]}),
    (["show me my scenarios", "only the Sabbatical 2031 one beside the plan"], {"names": ["Sabbatical 2031"]}),
    (["compare « Retraite à 55 » avec mon plan"], {"names": ["Retraite à 55"]}),
    (["compare my scenarios"], {}),
])
def test_a_comparison_names_the_scenarios_said(turns: list[str], expected: dict[str, Any]) -> None:
    assert calls(turns[-1], *turns[:-1]) == [("compare_scenarios", expected)]


@pytest.mark.parametrize(("text", "expected"), [
    ("put 70% of savings in the rrsp and 30% in the tfsa",
     {"rrsp_allocation": 70.0, "tfsa_allocation": 30.0, "fhsa_allocation": 0.0, "non_registered_allocation": 0.0}),
    ("change the savings split to 80% rrsp, 20% tfsa",  # the 80% is the RRSP's, not the savings line's
     {"rrsp_allocation": 80.0, "tfsa_allocation": 20.0, "fhsa_allocation": 0.0, "non_registered_allocation": 0.0}),
    ("everything we save goes to the FHSA now, 100%",
     {"fhsa_allocation": 100.0, "tfsa_allocation": 0.0, "rrsp_allocation": 0.0, "non_registered_allocation": 0.0}),
])
def test_account_shares_that_total_100_leave_the_other_accounts_none(text: str, expected: dict[str, Any]) -> None:
    assert calls(text) == [("save_budget", expected)]
