"""The calculators: request models in, the planning engine, response models with their assumptions out.
Plain functions with keyword-only arguments; the engine's input errors become `Invalid` (422) naming the
field, so routes and coach tools get the same errors."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from typing import Any, ParamSpec, TypeVar

from api.calc import schemas as s
from api.core.errors import Invalid
from api.planning import accounts, debt, fire, history, investment, montecarlo, mortgage, pensions, tax, tvm
from api.planning import backtest as backtest_runs
from api.planning.assumptions import Assumptions
from api.planning.errors import PlanningInputError
from api.planning.projection import PlanInputs, PlanResult, build_plan, money
from api.planning.tables import account_tables, tax_year
from api.planning.withdrawal import WithdrawalRule

P = ParamSpec("P")
R = TypeVar("R")
TAX_SOURCE = "CRA T4127 payroll deductions formulas and canada.ca rate tables (api/planning/data/canada_tax.json)"
ACCOUNTS_SOURCE = "api/planning/data/canada_accounts.json"


def translated(func: Callable[P, R]) -> Callable[P, R]:
    """Turn the engine's input errors into 422s whose message names the field."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except PlanningInputError as exc:
            raise Invalid(str(exc), details=[{"field": exc.field, "message": exc.message}]) from None

    return wrapper


def _f(value: object) -> float:
    return float(value)  # type: ignore[arg-type]


# --- FIRE -------------------------------------------------------------------------------------------------


@translated
def fire_summary(*, data: s.FireIn) -> s.FireOut:
    real = fire.real_rate(data.annual_return, data.inflation)
    number = fire.fire_number(_f(data.annual_expenses), data.multiplier)
    months = fire.months_to_fi(current=_f(data.current_portfolio), monthly_savings=_f(data.annual_savings) / 12,
                               target=number, annual_real_return=real)
    rate = (fire.savings_rate(income=_f(data.annual_income), savings=_f(data.annual_savings))
            if data.annual_income is not None else None)
    return s.FireOut(
        fire_number=money(number), withdrawal_rate=1 / data.multiplier, savings_rate=rate, months_to_fi=months,
        years_to_fi=None if months is None else round(months / 12, 4),
        assumptions=Assumptions(
            rates={"annual_return": data.annual_return, "inflation": data.inflation, "real_return": round(real, 6),
                   "withdrawal_rate": 1 / data.multiplier},
            limits={"multiplier": data.multiplier},
            notes=["Time to FI is in today's dollars: savings stay level in real terms and grow at the real return.",
                   "FI is the end of the month whose balance first reaches the FIRE number."]))


@translated
def fire_variants(*, data: s.FireVariantsIn) -> s.FireVariantsOut:
    real = fire.real_rate(data.annual_return, data.inflation)
    v = fire.fire_variants(
        annual_expenses=_f(data.annual_expenses), multiplier=data.multiplier,
        lean_annual_expenses=None if data.lean_annual_expenses is None else _f(data.lean_annual_expenses),
        fat_annual_expenses=None if data.fat_annual_expenses is None else _f(data.fat_annual_expenses),
        barista_annual_income=_f(data.barista_annual_income), current_portfolio=_f(data.current_portfolio),
        current_age=data.current_age, retirement_age=data.retirement_age, annual_real_return=real)
    return s.FireVariantsOut(
        fire_number=money(v.fire_number), lean_fire_number=money(v.lean_fire_number),
        fat_fire_number=money(v.fat_fire_number), barista_fire_number=money(v.barista_fire_number),
        coast_fire_number=None if v.coast_fire_number is None else money(v.coast_fire_number),
        coast_reached=v.coast_reached,
        withdrawal_rate=v.withdrawal_rate, years_to_retirement=v.years_to_retirement,
        assumptions=Assumptions(
            rates={"real_return": round(real, 6), "withdrawal_rate": v.withdrawal_rate},
            limits={"multiplier": data.multiplier, "lean_share": fire.LEAN_SHARE, "fat_share": fire.FAT_SHARE},
            notes=["Lean and Fat default to 70% and 150% of expenses unless given.",
                   "Coast FIRE: the amount that grows at the real return, with no more savings, into the FIRE "
                   "number by the retirement age."]))


@translated
def projection(*, data: PlanInputs) -> PlanResult:
    return build_plan(data)


# --- Monte Carlo and backtests ----------------------------------------------------------------------------


def _rule(w: s.WithdrawalIn) -> WithdrawalRule:
    return WithdrawalRule(kind=w.kind, initial_rate=w.initial_rate,
                          initial_amount=None if w.initial_amount is None else _f(w.initial_amount),
                          floor=None if w.floor is None else _f(w.floor),
                          ceiling=None if w.ceiling is None else _f(w.ceiling),
                          guardrail_upper=w.guardrail_upper, guardrail_lower=w.guardrail_lower,
                          guardrail_adjustment=w.guardrail_adjustment, vpw_real_return=w.vpw_real_return)


def _bands(bands: dict[int, list[float]], offset: int = 0) -> list[s.Band]:
    count = len(bands[50])
    return [s.Band(year=i + offset, p10=money(bands[10][i]), p25=money(bands[25][i]), p50=money(bands[50][i]),
                   p75=money(bands[75][i]), p90=money(bands[90][i])) for i in range(count)]


def _withdrawal_assumptions(rule: WithdrawalRule) -> dict[str, float]:
    rates = {"initial_rate": rule.initial_rate}
    if rule.kind == "guyton_klinger":
        rates |= {"guardrail_upper": rule.guardrail_upper, "guardrail_lower": rule.guardrail_lower,
                  "guardrail_adjustment": rule.guardrail_adjustment}
    if rule.kind == "vpw":
        rates["vpw_real_return"] = rule.vpw_real_return
    return rates


def _consistent_rule(w: s.WithdrawalIn, notes: list[str]) -> WithdrawalRule:
    rule = _rule(w)
    if rule.floor is not None and rule.ceiling is not None and rule.ceiling < rule.floor:
        notes.append("The ceiling was below the floor; it was raised to the floor.")
        rule = replace(rule, ceiling=rule.floor)
    return rule


@translated
def monte_carlo(*, data: s.MonteCarloIn) -> s.MonteCarloOut:
    m = data.market
    adjusted: list[str] = []
    accumulation = data.accumulation_years
    if accumulation >= data.years:
        accumulation = data.years - 1
        adjusted.append(f"accumulation_years was not shorter than years; {accumulation} years were used.")
    inputs = montecarlo.SimulationInputs(
        initial_balance=_f(data.initial_balance), years=data.years, rule=_consistent_rule(data.withdrawal, adjusted),
        market=montecarlo.MarketAssumptions(
            model=m.model, stock_share=m.stock_share, stock_mean=m.stock_mean, stock_sd=m.stock_sd,
            bond_mean=m.bond_mean, bond_sd=m.bond_sd, correlation=m.correlation, inflation_mean=m.inflation_mean,
            inflation_sd=m.inflation_sd, fee=m.fee),
        paths=data.paths, steps_per_year=data.steps_per_year, seed=data.seed,
        accumulation_years=accumulation, annual_contribution=_f(data.annual_contribution),
        fi_target=None if data.fi_target is None else _f(data.fi_target), nominal_spending=True)
    result = montecarlo.simulate(inputs)
    solve = None
    if data.solve_for_success is not None and inputs.rule.kind in ("constant_dollar", "guyton_klinger"):
        steps = inputs.years * inputs.steps_per_year
        paths = min(inputs.paths, montecarlo.SOLVE_MAX_CELLS // steps)
        if paths < inputs.paths:
            adjusted.append(f"The solve-for ran on the first {paths:,} paths (it repeats the simulation about "
                            "20 times).")
        found = montecarlo.solve_spending(replace(inputs, paths=paths), data.solve_for_success)
        solve = s.SpendingSolve(target_success=found.target_success, initial_amount=money(found.initial_amount),
                                initial_rate=round(found.initial_amount / inputs.initial_balance, 6)
                                if inputs.initial_balance > 0 else None, success_rate=found.success_rate)
    elif data.solve_for_success is not None:
        adjusted.append("The solve-for applies to constant_dollar and guyton_klinger spending, not to "
                        f"{inputs.rule.kind}; it was skipped.")
    fi_dist = None
    if result.fi_reached_share is not None:
        p = result.fi_year_percentiles
        fi_dist = s.FiDistribution(reached_share=result.fi_reached_share, years_p10=p[10], years_p25=p[25],
                                   years_p50=p[50], years_p75=p[75], years_p90=p[90])
    mk = result.market
    rates = {k: float(v) for k, v in (("stock_share", mk.stock_share), ("stock_mean", mk.stock_mean),
                                      ("stock_sd", mk.stock_sd), ("bond_mean", mk.bond_mean),
                                      ("bond_sd", mk.bond_sd), ("correlation", mk.correlation),
                                      ("inflation_mean", mk.inflation_mean), ("inflation_sd", mk.inflation_sd),
                                      ("fee", mk.fee)) if v is not None}
    notes = [f"Return model: {mk.model}; withdrawal rule: {data.withdrawal.kind}.",
             "Balances and spending_bands are in today's dollars, spending_bands_nominal in the dollars of each "
             "year (after that path's inflation); a path succeeds when every planned withdrawal was paid in full.",
             "Normal-model parameters not given are estimated from the history (arithmetic means, sample SDs)."]
    if mk.model == "historical":
        notes.append("Historical sequences wrap around from 2025 to 1871.")
    notes += adjusted
    return s.MonteCarloOut(
        success_rate=result.success_rate, paths=result.paths, years=result.years,
        balance_bands=_bands(result.bands), spending_bands=_bands(result.spending_bands, data.accumulation_years + 1),
        spending_bands_nominal=_bands(result.spending_bands_nominal, data.accumulation_years + 1),
        median_ending_balance=money(result.median_ending_balance),
        median_ending_balance_nominal=money(result.median_ending_balance_nominal), fi_date=fi_dist, solve_for=solve,
        assumptions=Assumptions(rates=rates | _withdrawal_assumptions(inputs.rule),
                                limits={"paths": data.paths, "steps_per_year": data.steps_per_year,
                                        "years": data.years},
                                data_source=[history.SOURCE], notes=notes))


def _start_window(record: history.HistoricalSeries, data: s.BacktestIn, notes: list[str]) -> tuple[int, int] | tuple[
        None, None]:
    """The start-year window asked for, kept inside the years whose whole horizon the record holds (the notes say
    when it was moved)."""
    if data.first_start_year is None and data.last_start_year is None:
        return None, None
    low, high = int(record.years[0]), int(record.years[-1]) - data.years + 1
    if high < low:
        return None, None  # the horizon is longer than the record: the engine says so, naming `years`
    first = low if data.first_start_year is None else data.first_start_year
    last = high if data.last_start_year is None else data.last_start_year
    if first > last:
        first, last = last, first
        notes.append("The first start year came after the last; the two were swapped.")
    kept = (min(max(first, low), high), min(max(last, low), high))
    if kept != (first, last):
        notes.append(f"Start years with a whole {data.years}-year horizon in this record run from {low} to {high}; "
                     f"{kept[0]}-{kept[1]} were used instead of {first}-{last}.")
    return kept


@translated
def backtest(*, data: s.BacktestIn) -> s.BacktestOut:
    adjusted: list[str] = []
    inputs = montecarlo.SimulationInputs(
        initial_balance=_f(data.initial_balance), years=data.years, rule=_consistent_rule(data.withdrawal, adjusted),
        market=montecarlo.MarketAssumptions(model="historical", stock_share=data.stock_share, fee=data.fee),
        steps_per_year=data.steps_per_year, withdrawal_timing=data.withdrawal_timing)
    record = history.load_history(data.bond_series)
    first, last = _start_window(record, data, adjusted)
    r = backtest_runs.backtest(inputs, record, first_start_year=first, last_start_year=last)
    span = f"{int(record.years[0])}-{int(record.years[-1])}"
    return s.BacktestOut(
        success_rate=r.success_rate, start_years=r.start_years, first_start=r.first_start, last_start=r.last_start,
        worst_start_year=r.worst_start_year, worst_ending_balance=money(r.worst_ending_balance),
        median_ending_balance=money(r.median_ending_balance),
        results=[s.StartYear(start_year=y.start_year, success=y.success, ending_balance=money(y.ending_balance),
                             lowest_balance=money(y.lowest_balance),
                             first_year_withdrawal=money(y.first_year_withdrawal),
                             lowest_withdrawal=money(y.lowest_withdrawal)) for y in r.results],
        assumptions=Assumptions(
            rates={"stock_share": data.stock_share, "fee": data.fee} | _withdrawal_assumptions(inputs.rule),
            limits={"years": data.years, "start_years": r.start_years, "first_start_year": r.first_start,
                    "last_start_year": r.last_start},
            data_source=[r.source],
            notes=[f"Start years {r.first_start}-{r.last_start}, each with its whole horizon inside the record "
                   f"({span}); balances in start-year dollars; rebalanced to the stock share every year.",
                   f"Withdrawals at the {data.withdrawal_timing} of each "
                   f"{'year' if data.steps_per_year == 1 else 'month'}.",
                   "No Canadian return series long enough was found in public material; US series are used.",
                   *adjusted]))


# --- Tax and accounts -------------------------------------------------------------------------------------


def _tax_assumptions(year: int, province: str) -> Assumptions:
    table = tax_year(year)
    fed = table["federal"]
    prov = table["provinces"][province]
    pay = table["payroll"]
    notes = [f"Federal: {fed['source']}", f"{province}: {prov['source']}"]
    notes += [n for n in (fed.get("note"), prov.get("note")) if n]
    credits = table.get("credits_source")
    if credits:
        notes.append(f"Age, pension and dividend credits: {credits}")
    notes.append("Credits modelled: basic personal amounts (after any phase-out), the Canada employment amount, "
                 "base CPP/QPP, EI and QPIP premiums, the age amount, the pension income amount and dividend tax "
                 "credits. Not modelled: other credits (medical, donations, disability, tuition...), provincial "
                 "low-income reductions other than BC's and Ontario's, Quebec's deduction for workers, the "
                 "alternative minimum tax.")
    bpa = fed["bpa"]["max"] if isinstance(fed["bpa"], dict) else fed["bpa"]
    prov_bpa = prov["bpa"]["max"] if isinstance(prov["bpa"], dict) else prov["bpa"]
    return Assumptions(
        tax_year=year,
        rates={"federal_credit_rate": fed["credit_rate"], "provincial_lowest_rate": prov["brackets"][0][1],
               "cpp_rate": pay["qpp_rate"] if province == "QC" else pay["cpp_rate"], "cpp2_rate": pay["cpp2_rate"],
               "ei_rate": pay["ei_rate_qc"] if province == "QC" else pay["ei_rate"],
               "capital_gains_inclusion_rate": fed.get("capital_gains_inclusion_rate", 0.5)},
        limits={"federal_basic_personal_amount_max": bpa, "provincial_basic_personal_amount_max": prov_bpa,
                "ympe": pay["ympe"], "yampe": pay["yampe"], "ei_max_insurable": pay["ei_max_insurable"]},
        data_source=[TAX_SOURCE, pay["source"]], notes=notes)


DEDUCTION_LABELS = {"rrsp": "RRSP deduction", "cpp_enhanced_and_cpp2": "Enhanced CPP/QPP contributions and CPP2",
                    "cpp_self_employed_employer_half": "Employer half of self-employed CPP/QPP",
                    "pension_split_out": "Pension income split to a spouse",
                    "oas_repayment": "OAS repayment (social benefits repayment)"}


def _jurisdiction(j: tax.JurisdictionTax) -> s.JurisdictionTaxOut:
    return s.JurisdictionTaxOut(
        jurisdiction=j.jurisdiction, tax_before_credits=money(float(j.tax_before_credits)),
        credits=[s.CreditOut(code=c.code, label=c.label, amount=money(float(c.amount)), credit=money(float(c.credit)))
                 for c in j.credits if float(c.amount) > 0 or c.code == "basic_personal_amount"],
        total_credits=money(float(j.total_credits)), basic_tax=money(float(j.basic_tax)),
        adjustments=[s.AdjustmentOut(code=a.code, label=a.label, amount=money(float(a.amount)))
                     for a in j.adjustments],
        net_tax=money(float(j.net_tax)))


def _tax_kwargs(data: s.TaxIn | s.PensionSplitPerson) -> dict[str, Any]:
    names = ("employment_income", "self_employment_income", "pension_income", "cpp_income", "oas_income",
             "other_income", "eligible_dividends", "non_eligible_dividends", "capital_gains", "rrsp_deduction")
    return {name: _f(getattr(data, name)) for name in names} | {"age": data.age}


def _tax_out(b: tax.TaxBreakdown, *, data_kwargs: dict[str, Any], province: str, year: int,
             include_payroll: bool, saved: Decimal | None, assumptions: Assumptions) -> s.TaxOut:
    rates = tax.marginal_rates(**data_kwargs, province=province, year=year, include_payroll=include_payroll)
    total = float(b.total_income)
    amounts = {name: money(float(getattr(b, name))) for name in (
        "cash_income", "total_income", "net_income", "taxable_income", "federal_tax", "quebec_abatement",
        "provincial_tax", "ontario_surtax", "ontario_health_premium", "ontario_tax_reduction", "bc_tax_reduction",
        "income_tax", "oas_recovery_tax", "total_tax", "cpp", "cpp2", "ei", "qpip", "total_deductions")}
    assumptions.notes += b.notes
    return s.TaxOut(
        **amounts,
        deductions=[s.DeductionOut(code=k, label=DEDUCTION_LABELS[k], amount=money(float(v)))
                    for k, v in b.deductions.items() if float(v) > 0],
        federal=_jurisdiction(b.federal), provincial=_jurisdiction(b.provincial),
        after_tax_income=money(float(b.cash_income) - float(b.total_deductions)),
        marginal_rate=round(rates["other_income"], 6),
        marginal_rates=s.MarginalRatesOut(**{k: None if k not in rates else round(rates[k], 6)
                                             for k in tax.MARGINAL_KINDS}),
        average_rate=round(float(b.income_tax) / total, 6) if total else 0.0, rrsp_tax_saved=saved,
        assumptions=assumptions)


@translated
def income_tax(*, data: s.TaxIn) -> s.TaxOut:
    kwargs = _tax_kwargs(data) | {"pension_split_out": _f(data.pension_split_out),
                                  "pension_split_in": _f(data.pension_split_in),
                                  "capital_gains_inclusion_rate": data.capital_gains_inclusion_rate,
                                  "taxable_income": None if data.taxable_income is None else _f(data.taxable_income)}
    common: dict[str, Any] = {"province": data.province, "year": data.year, "include_payroll": data.include_payroll}
    b = tax.compute_tax(**kwargs, **common)
    saved = None
    if data.rrsp_deduction > 0:
        without = tax.compute_tax(**{**kwargs, "rrsp_deduction": 0.0}, **common)
        saved = money(float(without.total_tax - b.total_tax))
    return _tax_out(b, data_kwargs=kwargs, saved=saved, assumptions=_tax_assumptions(data.year, data.province),
                    province=data.province, year=data.year, include_payroll=data.include_payroll)


@translated
def pension_split(*, data: s.PensionSplitIn) -> s.PensionSplitOut:
    a, b = _tax_kwargs(data.spouse_a), _tax_kwargs(data.spouse_b)
    best = tax.best_pension_split(a, b, province_a=data.spouse_a.province, province_b=data.spouse_b.province,
                                  year=data.year)
    out_a = best.amount if best.transferor == "a" else 0.0
    out_b = best.amount if best.transferor == "b" else 0.0
    results = []
    for person, kwargs, out, into in ((data.spouse_a, a, out_a, out_b), (data.spouse_b, b, out_b, out_a)):
        k = kwargs | {"pension_split_out": out, "pension_split_in": into}
        breakdown = tax.compute_tax(**k, province=person.province, year=data.year)
        results.append(_tax_out(breakdown, data_kwargs=k, province=person.province, year=data.year,
                                include_payroll=True, saved=None,
                                assumptions=_tax_assumptions(data.year, person.province)))
    assumptions = _tax_assumptions(data.year, data.spouse_a.province)
    assumptions.notes.append("Every split of up to half of either spouse's eligible pension income was tried, to the "
                             "dollar; the one with the lowest combined income tax and OAS recovery tax is shown. "
                             "The receiving spouse claims the pension income amount on what is split to them.")
    return s.PensionSplitOut(transferor=best.transferor or "none", amount=money(best.amount),
                             tax_without=money(best.tax_without), tax_with=money(best.tax_with),
                             saving=money(best.saving), spouse_a=results[0], spouse_b=results[1],
                             assumptions=assumptions)


@translated
def rrsp_vs_tfsa(*, data: s.RrspVsTfsaIn) -> s.RrspVsTfsaOut:
    now, later = data.marginal_rate_now, data.marginal_rate_retirement
    if now is None:
        now = tax.marginal_rate(employment_income=_f(data.income_now), province=data.province, year=data.year)
    if later is None:
        later = tax.marginal_rate(employment_income=0.0, other_income=_f(data.income_retirement),
                                  province=data.province, year=data.year, include_payroll=False)
    assumptions = _tax_assumptions(data.year, data.province)
    assumptions.rates["annual_return"] = data.annual_return
    assumptions.limits["years"] = data.years
    assumptions.notes.append("Marginal rates not given come from the incomes in the tax tables; retirement income "
                             "is taxed as ordinary income in today's tables.")
    r = accounts.rrsp_vs_tfsa(pre_tax_amount=_f(data.pre_tax_amount), marginal_rate_now=now,
                              marginal_rate_retirement=later, years=data.years, annual_return=data.annual_return)
    assumptions.rates |= {"marginal_rate_now": round(now, 6), "marginal_rate_retirement": round(later, 6)}
    assumptions.notes.append("Same pre-tax dollars: the RRSP deducts now and is taxed on withdrawal; the TFSA "
                             "invests the after-tax amount. OAS recovery and benefit effects are not modelled.")
    return s.RrspVsTfsaOut(rrsp_after_tax=money(r.rrsp_after_tax), tfsa_after_tax=money(r.tfsa_after_tax),
                           advantage=money(r.advantage), better=r.better, marginal_rate_now=round(now, 6),
                           marginal_rate_retirement=round(later, 6),
                           break_even_retirement_rate=round(r.break_even_retirement_rate, 6), assumptions=assumptions)


def _by_year(rows: list[s.YearAmount]) -> dict[int, float]:
    out: dict[int, float] = {}
    for row in rows:
        out[row.year] = out.get(row.year, 0.0) + _f(row.amount)
    return out


@translated
def tfsa_room(*, data: s.TfsaRoomIn) -> s.TfsaRoomOut:
    r = accounts.tfsa_room(birth_year=data.birth_year, year=data.year, contributions=_by_year(data.contributions),
                           withdrawals=_by_year(data.withdrawals),
                           notice_year=None if data.notice is None else data.notice.year,
                           notice_room=None if data.notice is None else _f(data.notice.room))
    t = account_tables()["tfsa"]
    return s.TfsaRoomOut(
        first_eligible_year=r.first_eligible_year, cumulative_limit=money(r.cumulative_limit),
        contributions=money(r.contributions), withdrawals_restored=money(r.withdrawals_restored), room=money(r.room),
        over_contribution=money(r.over_contribution), monthly_penalty=money(r.monthly_penalty),
        assumptions=Assumptions(limits={f"limit_{y}": v for y, v in r.limits_used.items()},
                                rates={"over_contribution_penalty_per_month": t["over_contribution_penalty_per_month"]},
                                data_source=[t["source"], ACCOUNTS_SOURCE],
                                notes=["Room accrues from the later of 2009 and the year you turn 18; withdrawals "
                                       "come back on January 1 of the next year.",
                                       *(["Started from the CRA notice's room on January 1, "
                                          f"{data.notice.year}."] if data.notice else []),
                                       *(["Over-contributing costs 1% a month of the highest excess in the month "
                                          "until it is withdrawn or new room absorbs it."]
                                         if r.over_contribution > 0 else [])]))


@translated
def rrsp_room(*, data: s.RrspRoomIn) -> s.RrspRoomOut:
    r = accounts.rrsp_room(year=data.year, previous_year_earned_income=_f(data.previous_year_earned_income),
                           pension_adjustment=_f(data.pension_adjustment), unused_room=_f(data.unused_room),
                           contributions=_f(data.contributions), age=data.age)
    t = account_tables()["rrsp"]
    return s.RrspRoomOut(
        dollar_limit=money(r.dollar_limit), earned_income_limit=money(r.earned_income_limit),
        earned_income_for_max=money(r.earned_income_for_max),
        new_room=money(r.new_room), deduction_limit=money(r.deduction_limit), available=money(r.available),
        can_contribute=r.can_contribute,
        assumptions=Assumptions(rates={"earned_income_rate": t["earned_income_rate"]},
                                limits={"dollar_limit": r.dollar_limit,
                                        "last_contribution_age": t["last_contribution_age"]},
                                tax_year=data.year, data_source=[t["source"], ACCOUNTS_SOURCE]))


@translated
def fhsa_room(*, data: s.FhsaRoomIn) -> s.FhsaRoomOut:
    r = accounts.fhsa_room(year_opened=data.year_opened, year=data.year, birth_year=data.birth_year,
                           contributions=_by_year(data.contributions),
                           first_qualifying_withdrawal_year=data.first_qualifying_withdrawal_year,
                           notice_year=None if data.notice is None else data.notice.year,
                           notice_room=None if data.notice is None else _f(data.notice.room),
                           lifetime_contributed_before_notice=_f(data.lifetime_contributed_before_notice))
    t = account_tables()["fhsa"]
    return s.FhsaRoomOut(
        eligible=r.eligible, open=r.open, participation_period_ends=r.participation_period_ends, room=money(r.room),
        lifetime_contributed=money(r.lifetime_contributed), lifetime_remaining=money(r.lifetime_remaining),
        over_contribution=money(r.over_contribution), monthly_penalty=money(r.monthly_penalty),
        assumptions=Assumptions(rates={"over_contribution_penalty_per_month": t["over_contribution_penalty_per_month"]},
                                limits={k: t[k] for k in ("annual_limit", "lifetime_limit", "carry_forward_max",
                                                          "max_participation_years", "min_age", "max_age")},
                                data_source=[t["source"], ACCOUNTS_SOURCE],
                                notes=["Room accrues from the year the first FHSA is opened; contributions after "
                                       "the year asked about are not counted. Not eligible when opened before "
                                       "18 or after 71.",
                                       *([f"Started from the CRA's participation room for {data.notice.year}."]
                                         if data.notice else []),
                                       *(["Contributions beyond the participation room are an excess FHSA amount, "
                                          "taxed at 1% a month until withdrawn or absorbed by next January's "
                                          "new room."] if r.over_contribution > 0 else [])]))


@translated
def contribution_order(*, data: s.ContributionOrderIn) -> s.ContributionOrderOut:
    plan = accounts.contribution_order(
        annual_budget=_f(data.annual_budget), tfsa_room=_f(data.tfsa_room), rrsp_room=_f(data.rrsp_room),
        fhsa_room=_f(data.fhsa_room), first_time_home_buyer=data.first_time_home_buyer,
        employer_match_rate=data.employer_match_rate, employer_match_cap=_f(data.employer_match_cap),
        marginal_rate_now=data.marginal_rate_now, marginal_rate_retirement=data.marginal_rate_retirement,
        high_interest_debt=_f(data.high_interest_debt), high_interest_debt_rate=data.high_interest_debt_rate,
        expected_return=data.expected_return)
    return s.ContributionOrderOut(
        allocations=[s.AllocationOut(account=a.account, amount=money(a.amount), reason=a.reason) for a in plan],
        assumptions=Assumptions(rates={"marginal_rate_now": data.marginal_rate_now,
                                       "marginal_rate_retirement": data.marginal_rate_retirement,
                                       "expected_return": data.expected_return},
                                notes=["Order: employer match, debt dearer than the expected return, FHSA for a "
                                       "first home, then RRSP before TFSA when today's marginal rate is higher "
                                       "than retirement's (else TFSA first), then non-registered."]))


# --- Pensions ---------------------------------------------------------------------------------------------


@translated
def cpp(*, data: s.CppIn) -> s.CppOut:
    r = pensions.cpp_pension(start_age=data.start_age, year=data.year,
                             monthly_at_65=None if data.monthly_at_65 is None else _f(data.monthly_at_65))
    t = account_tables()["cpp"]
    return s.CppOut(adjustment=round(r.adjustment, 6), monthly_at_65=money(r.monthly_at_65), monthly=money(r.monthly),
                    annual=money(r.annual),
                    break_even_age_vs_65=None if r.break_even_age_vs_65 is None else round(r.break_even_age_vs_65, 2),
                    assumptions=Assumptions(
                        rates={"early_reduction_per_month": t["early_reduction_per_month"],
                               "late_increase_per_month": t["late_increase_per_month"]},
                        limits={"monthly_at_65": r.monthly_at_65}, tax_year=data.year,
                        data_source=[t["source"], ACCOUNTS_SOURCE],
                        notes=["Break-even ignores indexation and investment returns."]))


@translated
def oas(*, data: s.OasIn) -> s.OasOut:
    r = pensions.oas_pension(start_age=data.start_age, year=data.year, net_income=_f(data.net_income),
                             years_in_canada_after_18=data.years_in_canada_after_18, age=data.age,
                             age_75_or_over=data.age_75_or_over)
    t = account_tables()["oas"]
    band = "75 or over" if r.age_band == "75_plus" else "65 to 74"
    return s.OasOut(age_band=r.age_band, deferral_increase=round(r.deferral_increase, 6),
                    residence_fraction=r.residence_fraction, monthly=money(r.monthly),
                    annual_gross=money(r.annual_gross), recovery_threshold=money(r.recovery_threshold),
                    full_recovery_threshold=money(r.full_recovery_threshold),
                    own_full_recovery_income=money(r.own_full_recovery_income), recovery_tax=money(r.recovery_tax),
                    annual_net=money(r.annual_net),
                    assumptions=Assumptions(
                        rates={"deferral_increase_per_month": t["deferral_increase_per_month"],
                               "recovery_tax_rate": t["recovery_tax_rate"]},
                        limits={"recovery_threshold": r.recovery_threshold,
                                "full_recovery_threshold": r.full_recovery_threshold}, tax_year=data.year,
                        data_source=[t["source"], ACCOUNTS_SOURCE],
                        notes=[t["note"], f"Age band {band}: the recovery tax is 15% of net income above "
                                          f"{r.recovery_threshold:,.0f}; the maximum OAS of the band is all "
                                          f"recovered at {r.full_recovery_threshold:,.0f}."]))


@translated
def rrif(*, data: s.RrifIn) -> s.RrifOut:
    rows = pensions.rrif_schedule(age=data.age, balance=_f(data.balance), annual_return=data.annual_return,
                                  years=data.years)
    t = account_tables()["rrif"]
    return s.RrifOut(
        schedule=[s.RrifYearOut(age=r.age, start_balance=money(r.start_balance), factor=round(r.factor, 6),
                                minimum=money(r.minimum), end_balance=money(r.end_balance)) for r in rows],
        assumptions=Assumptions(rates={"annual_return": data.annual_return}, data_source=[t["source"], ACCOUNTS_SOURCE],
                                notes=["Minimum = January 1 balance x the factor for the age on January 1; "
                                       "withdrawn at the start of the year."]))


# --- Mortgage, investment, debt ---------------------------------------------------------------------------


# The compounding note, each whole so the catalogue says it in French.
_SEMI_ANNUAL = ("Interest compounds semi-annually, as the Interest Act requires of Canadian fixed-rate mortgages; "
                "accelerated payments are the monthly payment / 2 (or / 4) paid 26 (or 52) times a year.")
_MONTHLY = ("Interest compounds monthly (variable rates, HELOCs, US-style loans); accelerated payments are the monthly "
            "payment / 2 (or / 4) paid 26 (or 52) times a year.")


@translated
def mortgage_calc(*, data: s.MortgageIn) -> s.MortgageOut:
    r = mortgage.mortgage(
        principal=None if data.principal is None else _f(data.principal),
        price=None if data.price is None else _f(data.price),
        down_payment=None if data.down_payment is None else _f(data.down_payment), annual_rate=data.annual_rate,
        amortization_years=data.amortization_years, frequency=data.frequency, extra_payment=_f(data.extra_payment),
        annual_prepayment=_f(data.annual_prepayment), compounding=data.compounding)
    rules = account_tables()["mortgage"]
    cmhc = None if r.cmhc is None else s.CmhcOut(
        required=r.cmhc.required, insurable=r.cmhc.insurable, note=r.cmhc.note,
        loan_to_value=round(r.cmhc.loan_to_value, 6), premium_rate=r.cmhc.premium_rate,
        premium=money(r.cmhc.premium), minimum_down_payment=money(r.cmhc.minimum_down_payment))
    return s.MortgageOut(
        principal=money(r.principal), payment=money(r.payment), periods_per_year=r.periods_per_year,
        total_interest=money(r.total_interest), total_paid=money(r.total_paid), payoff_years=round(r.payoff_years, 4),
        schedule=[s.MortgageYearOut(year=y.year, payments=money(y.payments), principal=money(y.principal),
                                    interest=money(y.interest), prepayments=money(y.prepayments),
                                    ending_balance=money(y.ending_balance)) for y in r.schedule],
        cmhc=cmhc, qualifying_rate=round(r.qualifying_rate, 6),
        qualifying_monthly_payment=money(r.qualifying_monthly_payment),
        assumptions=Assumptions(
            rates={"annual_rate": data.annual_rate, "periodic_rate": round(r.periodic_rate, 10),
                   "stress_test_buffer": rules["stress_test"]["buffer"],
                   "stress_test_floor": rules["stress_test"]["floor"]},
            limits={"amortization_years": data.amortization_years, "insured_max_price": rules["insured_max_price"],
                    "compounding_per_year": mortgage.COMPOUNDING[data.compounding]},
            data_source=[rules["source"], ACCOUNTS_SOURCE],
            notes=[_SEMI_ANNUAL if data.compounding == "semi_annual" else _MONTHLY,
                   "Annual prepayments are made at the end of each mortgage year."]))


@translated
def investment_calc(*, data: s.InvestmentIn) -> s.InvestmentOut:
    r = investment.future_value(
        initial=_f(data.initial), contribution=_f(data.contribution), years=data.years,
        annual_return=data.annual_return, periods_per_year=data.periods_per_year,
        contribution_growth=data.contribution_growth, mer=data.mer, inflation=data.inflation, timing=data.timing,
        target=None if data.target is None else _f(data.target), nominal_rate=data.nominal_rate)
    return s.InvestmentOut(
        future_value=money(r.future_value), future_value_real=money(r.future_value_real),
        total_contributions=money(r.total_contributions), total_growth=money(r.total_growth),
        fees_cost=money(r.fees_cost),
        schedule=[s.InvestmentYearOut(year=y.year, contributions=money(y.contributions), balance=money(y.balance),
                                      balance_real=money(y.balance_real), fees=money(y.fees)) for y in r.schedule],
        required_contribution=None if r.required_contribution is None else money(r.required_contribution),
        periods_to_target=None if r.periods_to_target is None else round(r.periods_to_target, 4),
        assumptions=Assumptions(
            rates={"annual_return": data.annual_return, "mer": data.mer,
                   "net_annual_return": round(r.net_annual_return, 6),
                   "inflation": data.inflation, "contribution_growth": data.contribution_growth},
            limits={"periods_per_year": data.periods_per_year, "years": data.years},
            notes=["Fees are a share of assets each year: net growth = (1 + return) x (1 - MER); fees_cost is the "
                   "balance lost to them.",
                   "Contributions rise by contribution_growth once a year. Period rate = annual_return / periods."
                   if data.nominal_rate else
                   "Contributions rise by contribution_growth once a year. The annual return is an effective rate."]))


def _strategy(plan: debt.PayoffPlan) -> s.StrategyOut:
    return s.StrategyOut(strategy=plan.strategy, months=plan.months,
                         months_decimal=None if plan.months_decimal is None else round(plan.months_decimal, 4),
                         paid_off=plan.paid_off,
                         monthly_payment=money(plan.monthly_payment), total_interest=money(plan.total_interest),
                         total_paid=money(plan.total_paid), remaining_balance=money(plan.remaining_balance),
                         order=plan.order,
                         debts=[s.DebtResultOut(name=d.name, payoff_month=d.payoff_month if d.paid_off else None,
                                                interest_paid=money(d.interest_paid)) for d in plan.debts])


@translated
def debt_payoff(*, data: s.DebtPayoffIn) -> s.DebtPayoffOut:
    debts = [debt.Debt(name=d.name or f"Debt {n + 1}", balance=_f(d.balance), annual_rate=d.annual_rate,
                       minimum_payment=_f(d.minimum_payment)) for n, d in enumerate(data.debts)]
    avalanche = debt.payoff(debts=debts, monthly_payment=_f(data.monthly_payment), strategy="avalanche")
    snowball = debt.payoff(debts=debts, monthly_payment=_f(data.monthly_payment), strategy="snowball")
    return s.DebtPayoffOut(
        avalanche=_strategy(avalanche), snowball=_strategy(snowball),
        interest_saved_by_avalanche=money(snowball.total_interest - avalanche.total_interest),
        assumptions=Assumptions(rates={d.name: d.annual_rate for d in debts},
                                limits={"monthly_payment": _f(data.monthly_payment)},
                                notes=["Interest accrues monthly at rate / 12; minimums are paid first and the rest "
                                       "goes to the target debt; paid-off minimums roll over.",
                                       *(["The monthly payment was below the minimum payments; the minimums were "
                                          "used."] if avalanche.monthly_payment > _f(data.monthly_payment) else [])]))


# --- Time value of money ----------------------------------------------------------------------------------


@translated
def tvm_calc(*, data: s.TvmIn) -> s.TvmOut:
    r = tvm.solve(solve_for=data.solve_for, n=data.n, annual_rate=data.annual_rate, pv=_f(data.pv),
                  pmt=_f(data.pmt), fv=_f(data.fv), timing=data.timing, periods_per_year=data.periods_per_year,
                  compounding_per_year=data.compounding_per_year, period=data.period)
    split = None if r.split is None else s.PeriodSplitOut(
        period=r.split.period, payment=money(r.split.payment), interest=money(r.split.interest),
        principal=money(r.split.principal), balance=money(r.split.balance))
    return s.TvmOut(
        solved_for=r.solved_for, n=round(r.n, 8), annual_rate=round(r.annual_rate, 10),
        periodic_rate=round(r.periodic_rate, 12), effective_annual_rate=round(r.effective_annual_rate, 10),
        pv=money(r.pv), pmt=money(r.pmt), fv=money(r.fv), total_payments=money(r.total_payments),
        total_interest=money(r.total_interest), split=split,
        assumptions=Assumptions(
            rates={"annual_rate": round(r.annual_rate, 10), "periodic_rate": round(r.periodic_rate, 12)},
            limits={"periods_per_year": r.periods_per_year, "compounding_per_year": r.compounding_per_year},
            notes=["Spreadsheet signs: money paid out is negative, money received positive.",
                   f"Payments at the {'start' if r.timing == 'begin' else 'end'} of each period; periodic rate = "
                   "(1 + annual_rate / C/Y) ^ (C/Y / P/Y) - 1.",
                   "Results are rounded to the cent; n and rates to 8-12 decimals."]))


@translated
def cash_flows_calc(*, data: s.CashFlowsIn) -> s.CashFlowsOut:
    if not data.cash_flows and not data.dated_cash_flows:
        raise PlanningInputError("cash_flows", "give cash_flows (one a period) or dated_cash_flows")
    flows = [_f(v) for v in data.cash_flows]
    dated = sorted(data.dated_cash_flows, key=lambda f: f.on)
    values, dates = [_f(f.amount) for f in dated], [f.on for f in dated]
    npv = npv_sheet = xnpv = None
    irr = xirr = None
    notes: list[str] = []
    if flows:
        if data.rate is not None:
            npv, npv_sheet = money(tvm.npv(data.rate, flows)), money(tvm.npv_spreadsheet(data.rate, flows))
        irr = round(tvm.irr(flows, data.guess), 10)
        notes.append("npv discounts the first flow by nothing (it is now); npv_spreadsheet by one period, like "
                     "a spreadsheet's NPV().")
    if dated:
        if data.rate is not None:
            xnpv = money(tvm.xnpv(data.rate, values, dates))
        xirr = round(tvm.xirr(values, dates, data.guess), 10)
        notes.append("Dated flows are discounted by (1 + rate) ^ (days since the first flow / 365), like a "
                     "spreadsheet's XNPV() and XIRR().")
    if data.rate is None:
        notes.append("No rate was given, so only the internal rates of return were computed.")
    return s.CashFlowsOut(npv=npv, npv_spreadsheet=npv_sheet, irr=irr, xnpv=xnpv, xirr=xirr,
                          assumptions=Assumptions(rates={} if data.rate is None else {"rate": data.rate},
                                                  limits={"cash_flows": len(flows), "dated_cash_flows": len(dated)},
                                                  notes=notes))
