"""When to start CPP and OAS: the coach's `cpp_oas_timing`, on the household plan's own CPP estimate.

CPP from 60 to 70 (0.6% less a month before 65, 0.7% more a month after) and OAS from 65 to 70 (0.6% more a month
deferred) come from `api.planning.pensions`, the engine the plan uses; the estimate at 65 is the plan's (your
Service Canada statement when saved, otherwise from your earnings). Amounts are in today's dollars: both pensions
are indexed to inflation, so a break-even age compares like with like.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from api.planning.household import Engine
from api.planning.pensions import cpp_pension, oas_pension
from api.planning.projection import Amount, MoneyIn
from tools.base import CoachTool, Provenance, ToolContext, ToolOutput
from tools.common import NoExtra, fmt_money
from tools.facts import Facts, load_facts

CPP_AGES = (60.0, 65.0, 70.0)
OAS_AGES = (65.0, 70.0)


class CppOasTimingInput(NoExtra):
    cpp_start_age: float | None = Field(default=None, ge=60, le=70, description="A CPP start age to compare with "
                                                                                 "60, 65 and 70")
    oas_start_age: float | None = Field(default=None, ge=65, le=70, description="An OAS start age to compare with "
                                                                                 "65 and 70")
    cpp_at_65_monthly: MoneyIn | None = Field(default=None, description="Monthly CPP at 65 from a Service Canada "
                                                                        "statement; default: your plan's estimate")


class StartOption(BaseModel):
    label: str = Field(description="e.g. CPP from 60")
    benefit: str = Field(description="CPP or OAS")
    start_age: float
    monthly: Amount = Field(description="Today's dollars")
    yearly: Amount
    break_even_age_vs_65: float | None = Field(description="The age from which starting here has paid more in all "
                                                           "than starting at 65 (or, before 65, until which it "
                                                           "has); null at 65")
    total_to_horizon: Amount = Field(description="Paid from the start age to the plan's horizon, today's dollars")


class CppOasTimingOutput(ToolOutput):
    options: list[StartOption]
    cpp_at_65_monthly: Amount
    horizon_age: int
    summary: str


def cpp_oas_timing(facts: Facts, data: CppOasTimingInput) -> CppOasTimingOutput:
    inputs = facts.plan.inputs
    you = inputs.people[0]
    engine = Engine(inputs)  # the plan's own CPP at 65 and tax-table year: the figures its projection pays
    year = engine.table_year
    at_65 = float(data.cpp_at_65_monthly) if data.cpp_at_65_monthly is not None else engine.cpp_monthly[0]
    horizon = inputs.horizon_age
    options: list[StartOption] = []

    def add(benefit: str, age: float, monthly: float, break_even: float | None) -> None:
        options.append(StartOption(label=f"{benefit} from {age:g}", benefit=benefit, start_age=age,
                                   monthly=round(monthly, 2), yearly=round(monthly * 12, 2),
                                   break_even_age_vs_65=None if break_even is None else round(break_even, 1),
                                   total_to_horizon=round(monthly * 12 * max(horizon - age, 0), 2)))

    for age in sorted({*CPP_AGES, *([data.cpp_start_age] if data.cpp_start_age is not None else [])}):
        cpp = cpp_pension(start_age=age, year=year, monthly_at_65=at_65)
        add("CPP", age, cpp.monthly, cpp.break_even_age_vs_65)
    oas_ok = you.oas_residence_years >= 10
    if oas_ok:
        for age in sorted({*OAS_AGES, *([data.oas_start_age] if data.oas_start_age is not None else [])}):
            oas = oas_pension(start_age=age, year=year, net_income=0,
                              years_in_canada_after_18=you.oas_residence_years)
            add("OAS", age, oas.monthly, oas.break_even_age_vs_65)
    cpp_rows = {o.start_age: o for o in options if o.benefit == "CPP"}
    late = cpp_rows[70.0]
    early = cpp_rows[60.0]
    summary = (f"Waiting for CPP pays more the longer you live: {fmt_money(early.monthly)} a month from 60, "
               f"{fmt_money(cpp_rows[65.0].monthly)} from 65 or {fmt_money(late.monthly)} from 70 (today's dollars). "
               f"Starting at 70 overtakes 65 from about age {late.break_even_age_vs_65:.0f}; starting at 60 stays "
               f"ahead of 65 until about {early.break_even_age_vs_65:.0f}.")
    oas_rows = [o for o in options if o.benefit == "OAS"]
    if oas_rows and oas_rows[-1].break_even_age_vs_65 is not None:
        summary += (f" OAS: {fmt_money(oas_rows[0].monthly)} a month from 65 or {fmt_money(oas_rows[-1].monthly)} "
                    f"from 70, ahead from about age {oas_rows[-1].break_even_age_vs_65:.0f}.")
    notes = ["Break-even ages ignore investment returns and tax: money received earlier could be invested, and "
             "a large income can lose OAS to the recovery tax."]
    if not oas_ok:
        notes.append("No OAS: it needs at least 10 years in Canada after 18.")
    source = "your Service Canada statement" if you.cpp_at_65 is not None else "an estimate from your earnings"
    if data.cpp_at_65_monthly is not None:
        source = "the amount you gave"
    return CppOasTimingOutput(options=options, cpp_at_65_monthly=round(at_65, 2), horizon_age=horizon,
                              summary=summary, provenance=Provenance(
                                  data=["household", "income"], tax_year=year,
                                  assumptions={"cpp_at_65": round(at_65, 2), "cpp_at_65_from": source,
                                               "horizon_age": horizon},
                                  notes=notes))


def benefit_tools(context: ToolContext) -> list[CoachTool[Any, Any]]:
    def run(data: BaseModel) -> Any:
        return cpp_oas_timing(load_facts(context), data)  # type: ignore[arg-type]

    return [CoachTool(name="cpp_oas_timing", description="When to start CPP (60 to 70) and OAS (65 to 70): the "
                      "monthly pension at each start age in today's dollars, from the user's own CPP estimate, with "
                      "the break-even age against starting at 65.", kind="compute",
                      input_model=CppOasTimingInput, output_model=CppOasTimingOutput, run=run)]
