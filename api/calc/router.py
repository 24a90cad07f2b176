"""/api/v1/calc/...: stateless calculators (no sign-in). Routes are thin; api.calc.service does the work, and each
answer's own words (assumption notes, tax lines) follow the request's language (api.calc.language)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool

from api.calc import schemas as s
from api.calc import service
from api.calc.language import said_in
from api.core.errors import ErrorBody
from api.core.i18n import AnswerLanguage
from api.planning.projection import PlanInputs, PlanResult

ERRORS: dict[int | str, dict[str, Any]] = {
    422: {"model": ErrorBody, "description": "Invalid input; the message names the field"}}
router = APIRouter(prefix="/api/v1/calc", tags=["calc"], responses=ERRORS)


@router.post("/fire", operation_id="calc-fire", response_model=s.FireOut)
async def fire(data: s.FireIn, language: AnswerLanguage) -> s.FireOut:
    """FIRE number, savings rate and time to FI."""
    return said_in(await run_in_threadpool(service.fire_summary, data=data), language)


@router.post("/fire-variants", operation_id="calc-fire-variants", response_model=s.FireVariantsOut)
async def fire_variants(data: s.FireVariantsIn, language: AnswerLanguage) -> s.FireVariantsOut:
    """Lean, Fat, Coast and Barista FIRE numbers."""
    return said_in(await run_in_threadpool(service.fire_variants, data=data), language)


@router.post("/projection", operation_id="calc-projection", response_model=PlanResult)
async def projection(data: PlanInputs, language: AnswerLanguage) -> PlanResult:
    """Month-by-month projection of net worth from plain plan inputs (nominal and today's dollars)."""
    return said_in(await run_in_threadpool(service.projection, data=data), language)


@router.post("/monte-carlo", operation_id="calc-monte-carlo", response_model=s.MonteCarloOut)
async def monte_carlo(data: s.MonteCarloIn, language: AnswerLanguage) -> s.MonteCarloOut:
    """Monte Carlo success rate, percentile bands, FI-date distribution and the spending solve-for."""
    return said_in(await run_in_threadpool(service.monte_carlo, data=data), language)


@router.post("/backtest", operation_id="calc-backtest", response_model=s.BacktestOut)
async def backtest(data: s.BacktestIn, language: AnswerLanguage) -> s.BacktestOut:
    """Historical backtest over every start year (Shiller US data, 1871-2025)."""
    return said_in(await run_in_threadpool(service.backtest, data=data), language)


@router.post("/tax", operation_id="calc-tax", response_model=s.TaxOut)
async def tax(data: s.TaxIn, language: AnswerLanguage) -> s.TaxOut:
    """Federal and provincial income tax, CPP/CPP2/EI, marginal and average rates, RRSP effect."""
    return said_in(await run_in_threadpool(service.income_tax, data=data), language)


@router.post("/rrsp-vs-tfsa", operation_id="calc-rrsp-vs-tfsa", response_model=s.RrspVsTfsaOut)
async def rrsp_vs_tfsa(data: s.RrspVsTfsaIn, language: AnswerLanguage) -> s.RrspVsTfsaOut:
    """RRSP versus TFSA by marginal rate now and in retirement."""
    return said_in(await run_in_threadpool(service.rrsp_vs_tfsa, data=data), language)


@router.post("/tfsa-room", operation_id="calc-tfsa-room", response_model=s.TfsaRoomOut)
async def tfsa_room(data: s.TfsaRoomIn, language: AnswerLanguage) -> s.TfsaRoomOut:
    """TFSA contribution room on January 1 of a year."""
    return said_in(await run_in_threadpool(service.tfsa_room, data=data), language)


@router.post("/rrsp-room", operation_id="calc-rrsp-room", response_model=s.RrspRoomOut)
async def rrsp_room(data: s.RrspRoomIn, language: AnswerLanguage) -> s.RrspRoomOut:
    """RRSP deduction limit for a year."""
    return said_in(await run_in_threadpool(service.rrsp_room, data=data), language)


@router.post("/fhsa-room", operation_id="calc-fhsa-room", response_model=s.FhsaRoomOut)
async def fhsa_room(data: s.FhsaRoomIn, language: AnswerLanguage) -> s.FhsaRoomOut:
    """FHSA participation room and the 15-year rule."""
    return said_in(await run_in_threadpool(service.fhsa_room, data=data), language)


@router.post("/contribution-order", operation_id="calc-contribution-order", response_model=s.ContributionOrderOut)
async def contribution_order(data: s.ContributionOrderIn, language: AnswerLanguage) -> s.ContributionOrderOut:
    """An order of contributions across accounts for a yearly budget."""
    return said_in(await run_in_threadpool(service.contribution_order, data=data), language)


@router.post("/cpp", operation_id="calc-cpp", response_model=s.CppOut)
async def cpp(data: s.CppIn, language: AnswerLanguage) -> s.CppOut:
    """CPP retirement pension started at 60 to 70."""
    return said_in(await run_in_threadpool(service.cpp, data=data), language)


@router.post("/oas", operation_id="calc-oas", response_model=s.OasOut)
async def oas(data: s.OasIn, language: AnswerLanguage) -> s.OasOut:
    """OAS from 65 to 70 and its recovery tax."""
    return said_in(await run_in_threadpool(service.oas, data=data), language)


@router.post("/rrif", operation_id="calc-rrif", response_model=s.RrifOut)
async def rrif(data: s.RrifIn, language: AnswerLanguage) -> s.RrifOut:
    """RRIF minimum withdrawals by age."""
    return said_in(await run_in_threadpool(service.rrif, data=data), language)


@router.post("/mortgage", operation_id="calc-mortgage", response_model=s.MortgageOut)
async def mortgage(data: s.MortgageIn, language: AnswerLanguage) -> s.MortgageOut:
    """Canadian mortgage payment, amortization, prepayments, CMHC premium and stress test."""
    return said_in(await run_in_threadpool(service.mortgage_calc, data=data), language)


@router.post("/investment", operation_id="calc-investment", response_model=s.InvestmentOut)
async def investment(data: s.InvestmentIn, language: AnswerLanguage) -> s.InvestmentOut:
    """Future value with contributions, fees (MER) and inflation."""
    return said_in(await run_in_threadpool(service.investment_calc, data=data), language)


@router.post("/debt-payoff", operation_id="calc-debt-payoff", response_model=s.DebtPayoffOut)
async def debt_payoff(data: s.DebtPayoffIn, language: AnswerLanguage) -> s.DebtPayoffOut:
    """Avalanche and snowball payoff plans."""
    return said_in(await run_in_threadpool(service.debt_payoff, data=data), language)


@router.post("/tvm", operation_id="calc-tvm", response_model=s.TvmOut)
async def tvm(data: s.TvmIn, language: AnswerLanguage) -> s.TvmOut:
    """Time value of money: solve for n, rate, PV, PMT or FV; the interest/principal split of one period."""
    return said_in(await run_in_threadpool(service.tvm_calc, data=data), language)


@router.post("/cash-flows", operation_id="calc-cash-flows", response_model=s.CashFlowsOut)
async def cash_flows(data: s.CashFlowsIn, language: AnswerLanguage) -> s.CashFlowsOut:
    """NPV and IRR of periodic cash flows; XNPV and XIRR of dated ones."""
    return said_in(await run_in_threadpool(service.cash_flows_calc, data=data), language)


@router.post("/pension-split", operation_id="calc-pension-split", response_model=s.PensionSplitOut)
async def pension_split(data: s.PensionSplitIn, language: AnswerLanguage) -> s.PensionSplitOut:
    """The pension income split between spouses that keeps their combined tax lowest."""
    return said_in(await run_in_threadpool(service.pension_split, data=data), language)
