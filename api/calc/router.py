"""/api/v1/calc/...: stateless calculators (no sign-in). Routes are thin; api.calc.service does the work."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool

from api.calc import schemas as s
from api.calc import service
from api.core.errors import ErrorBody
from api.planning.projection import PlanInputs, PlanResult

ERRORS: dict[int | str, dict[str, Any]] = {
    422: {"model": ErrorBody, "description": "Invalid input; the message names the field"}}
router = APIRouter(prefix="/api/v1/calc", tags=["calc"], responses=ERRORS)


@router.post("/fire", operation_id="calc-fire", response_model=s.FireOut)
async def fire(data: s.FireIn) -> s.FireOut:
    """FIRE number, savings rate and time to FI."""
    return await run_in_threadpool(service.fire_summary, data=data)


@router.post("/fire-variants", operation_id="calc-fire-variants", response_model=s.FireVariantsOut)
async def fire_variants(data: s.FireVariantsIn) -> s.FireVariantsOut:
    """Lean, Fat, Coast and Barista FIRE numbers."""
    return await run_in_threadpool(service.fire_variants, data=data)


@router.post("/projection", operation_id="calc-projection", response_model=PlanResult)
async def projection(data: PlanInputs) -> PlanResult:
    """Month-by-month projection of net worth from plain plan inputs (nominal and today's dollars)."""
    return await run_in_threadpool(service.projection, data=data)


@router.post("/monte-carlo", operation_id="calc-monte-carlo", response_model=s.MonteCarloOut)
async def monte_carlo(data: s.MonteCarloIn) -> s.MonteCarloOut:
    """Monte Carlo success rate, percentile bands, FI-date distribution and the spending solve-for."""
    return await run_in_threadpool(service.monte_carlo, data=data)


@router.post("/backtest", operation_id="calc-backtest", response_model=s.BacktestOut)
async def backtest(data: s.BacktestIn) -> s.BacktestOut:
    """Historical backtest over every start year (Shiller US data, 1871-2025)."""
    return await run_in_threadpool(service.backtest, data=data)


@router.post("/tax", operation_id="calc-tax", response_model=s.TaxOut)
async def tax(data: s.TaxIn) -> s.TaxOut:
    """Federal and provincial income tax, CPP/CPP2/EI, marginal and average rates, RRSP effect."""
    return await run_in_threadpool(service.income_tax, data=data)


@router.post("/rrsp-vs-tfsa", operation_id="calc-rrsp-vs-tfsa", response_model=s.RrspVsTfsaOut)
async def rrsp_vs_tfsa(data: s.RrspVsTfsaIn) -> s.RrspVsTfsaOut:
    """RRSP versus TFSA by marginal rate now and in retirement."""
    return await run_in_threadpool(service.rrsp_vs_tfsa, data=data)


@router.post("/tfsa-room", operation_id="calc-tfsa-room", response_model=s.TfsaRoomOut)
async def tfsa_room(data: s.TfsaRoomIn) -> s.TfsaRoomOut:
    """TFSA contribution room on January 1 of a year."""
    return await run_in_threadpool(service.tfsa_room, data=data)


@router.post("/rrsp-room", operation_id="calc-rrsp-room", response_model=s.RrspRoomOut)
async def rrsp_room(data: s.RrspRoomIn) -> s.RrspRoomOut:
    """RRSP deduction limit for a year."""
    return await run_in_threadpool(service.rrsp_room, data=data)


@router.post("/fhsa-room", operation_id="calc-fhsa-room", response_model=s.FhsaRoomOut)
async def fhsa_room(data: s.FhsaRoomIn) -> s.FhsaRoomOut:
    """FHSA participation room and the 15-year rule."""
    return await run_in_threadpool(service.fhsa_room, data=data)


@router.post("/contribution-order", operation_id="calc-contribution-order", response_model=s.ContributionOrderOut)
async def contribution_order(data: s.ContributionOrderIn) -> s.ContributionOrderOut:
    """An order of contributions across accounts for a yearly budget."""
    return await run_in_threadpool(service.contribution_order, data=data)


@router.post("/cpp", operation_id="calc-cpp", response_model=s.CppOut)
async def cpp(data: s.CppIn) -> s.CppOut:
    """CPP retirement pension started at 60 to 70."""
    return await run_in_threadpool(service.cpp, data=data)


@router.post("/oas", operation_id="calc-oas", response_model=s.OasOut)
async def oas(data: s.OasIn) -> s.OasOut:
    """OAS from 65 to 70 and its recovery tax."""
    return await run_in_threadpool(service.oas, data=data)


@router.post("/rrif", operation_id="calc-rrif", response_model=s.RrifOut)
async def rrif(data: s.RrifIn) -> s.RrifOut:
    """RRIF minimum withdrawals by age."""
    return await run_in_threadpool(service.rrif, data=data)


@router.post("/mortgage", operation_id="calc-mortgage", response_model=s.MortgageOut)
async def mortgage(data: s.MortgageIn) -> s.MortgageOut:
    """Canadian mortgage payment, amortization, prepayments, CMHC premium and stress test."""
    return await run_in_threadpool(service.mortgage_calc, data=data)


@router.post("/investment", operation_id="calc-investment", response_model=s.InvestmentOut)
async def investment(data: s.InvestmentIn) -> s.InvestmentOut:
    """Future value with contributions, fees (MER) and inflation."""
    return await run_in_threadpool(service.investment_calc, data=data)


@router.post("/debt-payoff", operation_id="calc-debt-payoff", response_model=s.DebtPayoffOut)
async def debt_payoff(data: s.DebtPayoffIn) -> s.DebtPayoffOut:
    """Avalanche and snowball payoff plans."""
    return await run_in_threadpool(service.debt_payoff, data=data)


@router.post("/tvm", operation_id="calc-tvm", response_model=s.TvmOut)
async def tvm(data: s.TvmIn) -> s.TvmOut:
    """Time value of money: solve for n, rate, PV, PMT or FV; the interest/principal split of one period."""
    return await run_in_threadpool(service.tvm_calc, data=data)


@router.post("/cash-flows", operation_id="calc-cash-flows", response_model=s.CashFlowsOut)
async def cash_flows(data: s.CashFlowsIn) -> s.CashFlowsOut:
    """NPV and IRR of periodic cash flows; XNPV and XIRR of dated ones."""
    return await run_in_threadpool(service.cash_flows_calc, data=data)


@router.post("/pension-split", operation_id="calc-pension-split", response_model=s.PensionSplitOut)
async def pension_split(data: s.PensionSplitIn) -> s.PensionSplitOut:
    """The pension income split between spouses that keeps their combined tax lowest."""
    return await run_in_threadpool(service.pension_split, data=data)
