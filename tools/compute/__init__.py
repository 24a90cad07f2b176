"""Compute tools: the household plan (`api.plan.summary`, the figures every screen shows) and the calculators'
service (`api.calc.service`), with every input defaulted from the user's saved data.

Each result's provenance lists the records read, the figures assumed and the tax year used; inputs the
model gives override the saved figure and are listed as such.

One module per kind: `fire` (FIRE number, savings rate), `plan` (the household plan's tools), `tax` (RRSP or TFSA,
room, tax) and `debt` (mortgage, debt payoff); this module lists them for the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from tools.base import CoachTool, ToolContext, ToolOutput, stated_values
from tools.compute.debt import (
    DebtPayoffInput,
    DebtPayoffOutput,
    MortgageInput,
    MortgageOutput,
    debt_payoff,
    mortgage_payment,
)
from tools.compute.fire import (
    FireNumberInput,
    FireNumberOutput,
    SavingsRateInput,
    SavingsRateOutput,
    fire_number,
    savings_rate,
)
from tools.compute.plan import (
    CompareScenariosInput,
    CompareScenariosOutput,
    MonteCarloInput,
    MonteCarloOutput,
    PlanOverrides,
    ProjectionInput,
    ProjectionOutput,
    SavingsNeededInput,
    SavingsNeededOutput,
    WhatIfOutput,
    YearsToFiOutput,
    compare_scenarios,
    monte_carlo_summary,
    projection,
    savings_needed,
    what_if,
    years_to_fi,
)
from tools.compute.tax import (
    ContributionRoomInput,
    ContributionRoomOutput,
    RrspVsTfsaInput,
    RrspVsTfsaOutput,
    TaxInput,
    TaxOutput,
    contribution_room,
    rrsp_vs_tfsa,
    tax_estimate,
)
from tools.facts import Facts, load_facts

__all__ = [
    "CompareScenariosInput", "ContributionRoomInput", "DebtPayoffInput", "FireNumberInput", "MonteCarloInput",
    "MortgageInput", "PlanOverrides", "ProjectionInput", "RrspVsTfsaInput", "SavingsNeededInput",
    "SavingsRateInput", "TaxInput", "compute_tools",
]


def compute_tools(context: ToolContext) -> list[CoachTool[Any, Any]]:
    def tool(name: str, description: str, input_model: type[BaseModel], output_model: type[ToolOutput],
             compute: Callable[[Facts, Any], ToolOutput]) -> CoachTool[Any, Any]:
        def run(data: BaseModel) -> Any:
            out = compute(load_facts(context), data)
            out.provenance.stated = stated_values(data)  # the question's figures, said apart from the saved ones
            return out
        return CoachTool(name=name, description=description, kind="compute", input_model=input_model,
                         output_model=output_model, run=run)

    today = context.today
    return [
        tool("fire_number", "The user's FIRE number: their plan's (the savings needed at the FI date, taxes, CPP "
             "and OAS counted) beside the rule of thumb (annual spending x the multiplier, 25 = the 4% rule) and its "
             "Lean, Fat, Coast and Barista variants, with progress so far. All inputs default to saved data.",
             FireNumberInput, FireNumberOutput, fire_number),
        tool("years_to_fi", "Years, date and age at which the user reaches financial independence on their "
             "household plan (taxes, CPP, OAS, RRIF minimums), and the gap to their retirement age; optional "
             "overrides for this calculation only.",
             PlanOverrides, YearsToFiOutput, years_to_fi),
        tool("projection", "Year-by-year household plan: net worth (nominal and today's dollars), savings, "
             "income, tax, spending and withdrawals until the horizon.", ProjectionInput, ProjectionOutput,
             projection),
        tool("monte_carlo_summary", "Success rate of the user's household plan (cash flows and taxes included) "
             "over thousands of simulated markets, with savings percentiles.", MonteCarloInput, MonteCarloOutput,
             monte_carlo_summary),
        tool("what_if", "What-if: change monthly savings (save extra, or pause saving for some years), yearly "
             "spending, income, expected return "
             "or retirement age and compare the new FI date with the current one. Nothing is saved.",
             PlanOverrides, WhatIfOutput, what_if),
        tool("savings_needed", "How much to save per month to reach FI by an age, within a number of years or "
             "by a calendar year, found on the user's own plan; compared with what they save now.",
             SavingsNeededInput, SavingsNeededOutput, lambda f, d: savings_needed(f, d, context)),
        tool("compare_scenarios", "The user's saved scenarios (what-ifs on the household plan) beside the plan as "
             "saved: FI date, success rate, lifetime tax, retirement spending and estate.", CompareScenariosInput,
             CompareScenariosOutput, lambda f, d: compare_scenarios(f, d, context)),
        tool("savings_rate", "The user's savings rate: (income - expenses) / income per month, from saved data "
             "or given amounts.", SavingsRateInput, SavingsRateOutput, savings_rate),
        tool("rrsp_vs_tfsa", "RRSP or TFSA: after-tax value of the same pre-tax dollars in each, from marginal "
             "tax rates now and in retirement in the user's province.", RrspVsTfsaInput, RrspVsTfsaOutput,
             lambda f, d: rrsp_vs_tfsa(f, d, today)),
        tool("contribution_room", "TFSA, RRSP and FHSA contribution room for a year, from the user's age and "
             "salary and any past contributions given.", ContributionRoomInput, ContributionRoomOutput,
             lambda f, d: contribution_room(f, d, today)),
        tool("tax_estimate", "Canadian income tax (federal + provincial), CPP and EI, take-home pay and "
             "marginal and average rates for a province, income and year.", TaxInput, TaxOutput,
             lambda f, d: tax_estimate(f, d, today)),
        tool("mortgage_payment", "Mortgage payment, total interest, yearly schedule and CMHC insurance for a "
             "principal (default: the saved mortgage) or a price and down payment.", MortgageInput,
             MortgageOutput, mortgage_payment),
        tool("debt_payoff", "Debt payoff plans (avalanche vs snowball): months to debt-free and interest, for "
             "the user's cards, lines of credit and other debt or debts given.", DebtPayoffInput,
             DebtPayoffOutput, debt_payoff),
    ]


