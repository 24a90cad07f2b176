"""Requests and responses of the stateless calculators. MoneyIn is Decimal (a JSON number with two decimals),
rates are fractions (0.04 = 4%) between -1 and 1, and every response carries its `assumptions`."""

from __future__ import annotations

from datetime import date as date_
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, Field, WithJsonSchema

from api.core.schemas import Age, Input
from api.planning.assumptions import Assumptions
from api.planning.canada import Province
from api.planning.projection import Amount, MoneyIn, SignedMoneyIn
from api.planning.tables import account_tables, tax_years

# Growth and inflation rates: fractions above -1 (-100% would zero out every later value) up to 1.
Rate = Annotated[float, Field(gt=-1, le=1, description="A fraction above -1 and at most 1: 0.05 = 5%")]
UnitRate = Annotated[float, Field(ge=0, lt=1, description="A fraction from 0 up to 1")]
Inflation = Annotated[float, Field(ge=-0.5, le=1, description="A fraction; deflation beyond 50% a year is refused")]
Years = Annotated[int, Field(ge=1, le=100)]
CalendarYear = Annotated[int, Field(ge=1900, le=2200)]


def _years(table: dict[str, object] | list[int], what: str) -> Any:
    """An int limited to the years a data table covers: the schema tells clients the range, and a year outside
    it is refused with a message naming the years that exist."""
    years = sorted(int(y) for y in table)

    def check(value: int) -> int:
        if value not in years:
            listed = ", ".join(map(str, years)) if len(years) <= 6 else f"{years[0]} to {years[-1]}"
            raise ValueError(f"no {what} for {value}; available: {listed}")
        return value

    return (AfterValidator(check), WithJsonSchema({"type": "integer", "minimum": years[0], "maximum": years[-1],
                                                   "description": f"Years with {what}: {years[0]} to {years[-1]}"}))


_accounts = account_tables()
TaxYear = Annotated[int, *_years(tax_years(), "tax tables")]
TfsaYear = Annotated[int, *_years(_accounts["tfsa"]["annual_limits"], "TFSA limits")]
RrspYear = Annotated[int, *_years(_accounts["rrsp"]["dollar_limits"], "RRSP dollar limits")]
CppYear = Annotated[int, *_years(_accounts["cpp"]["max_monthly_at_65"], "CPP maximums")]
OasYear = Annotated[int, *_years(_accounts["oas"]["max_monthly"], "OAS amounts")]
FhsaYear = Annotated[int, Field(ge=_accounts["fhsa"]["first_year"], le=2200)]


class Result(BaseModel):
    assumptions: Assumptions


# --- FIRE -------------------------------------------------------------------------------------------------


class FireIn(Input):
    annual_expenses: MoneyIn
    multiplier: float = Field(default=25, ge=0.01, le=100, description="FIRE multiplier (25 = 4% withdrawal rate)")
    annual_income: MoneyIn | None = Field(default=None, description="After tax, for the savings rate")
    annual_savings: MoneyIn = Decimal(0)
    current_portfolio: MoneyIn = Decimal(0)
    annual_return: Rate = 0.07
    inflation: Inflation = 0.02


class FireOut(Result):
    fire_number: Amount
    withdrawal_rate: float
    savings_rate: float | None
    months_to_fi: int | None
    years_to_fi: float | None


class FireVariantsIn(Input):
    annual_expenses: MoneyIn
    multiplier: float = Field(default=25, ge=0.01, le=100)
    lean_annual_expenses: MoneyIn | None = None
    fat_annual_expenses: MoneyIn | None = None
    barista_annual_income: MoneyIn = Decimal(0)
    current_portfolio: MoneyIn = Decimal(0)
    current_age: Age
    retirement_age: Age
    annual_return: Rate = 0.07
    inflation: Inflation = 0.02


class FireVariantsOut(Result):
    fire_number: Amount
    lean_fire_number: Amount
    fat_fire_number: Amount
    barista_fire_number: Amount
    coast_fire_number: Amount | None = Field(description="Null when returns near -100% let nothing grow")
    coast_reached: bool
    withdrawal_rate: float
    years_to_retirement: int


# --- Monte Carlo and backtests ----------------------------------------------------------------------------


class WithdrawalIn(Input):
    kind: Literal["constant_dollar", "constant_percentage", "guyton_klinger", "vpw"] = "constant_dollar"
    initial_rate: float = Field(default=0.04, gt=0, le=1, description="First-year rate (or the fixed share)")
    initial_amount: MoneyIn | None = Field(default=None, description="First-year spending in today's dollars")
    floor: MoneyIn | None = Field(default=None, description="Lowest yearly spending, today's dollars")
    ceiling: MoneyIn | None = Field(default=None, description="Highest yearly spending, today's dollars")
    guardrail_upper: float = Field(default=0.2, ge=0, le=1)
    guardrail_lower: float = Field(default=0.2, ge=0, le=1)
    guardrail_adjustment: float = Field(default=0.1, ge=0, le=1)
    vpw_real_return: float = Field(default=0.04, gt=-1, le=1)


class MarketIn(Input):
    model: Literal["normal", "bootstrap", "historical"] = "normal"
    stock_share: float = Field(default=0.6, ge=0, le=1)
    stock_mean: Rate | None = None
    stock_sd: float | None = Field(default=None, ge=0, le=1)
    bond_mean: Rate | None = None
    bond_sd: float | None = Field(default=None, ge=0, le=1)
    correlation: Rate | None = None
    inflation_mean: Inflation | None = None
    inflation_sd: float | None = Field(default=None, ge=0, le=1)
    fee: float = Field(default=0, ge=0, lt=0.2, description="Yearly fees (MER) as a fraction")


class MonteCarloIn(Input):
    initial_balance: MoneyIn
    years: Years = 30
    paths: int = Field(default=10_000, ge=100, le=10_000)
    steps_per_year: Literal[1, 12] = 1
    seed: int | None = Field(default=None, ge=0)
    accumulation_years: int = Field(default=0, ge=0, le=99)
    annual_contribution: MoneyIn = Decimal(0)
    fi_target: MoneyIn | None = Field(default=None, description="Balance (today's dollars) that marks FI")
    withdrawal: WithdrawalIn = Field(default_factory=WithdrawalIn)
    market: MarketIn = Field(default_factory=MarketIn)
    solve_for_success: float | None = Field(default=None, gt=0, le=1,
                                            description="Also find the highest starting spending with this success")


class Band(BaseModel):
    year: int
    p10: Amount
    p25: Amount
    p50: Amount
    p75: Amount
    p90: Amount


class FiDistribution(BaseModel):
    reached_share: float
    years_p10: float | None
    years_p25: float | None
    years_p50: float | None
    years_p75: float | None
    years_p90: float | None


class SpendingSolve(BaseModel):
    target_success: float
    initial_amount: Amount
    initial_rate: float | None = Field(description="initial_amount / initial_balance; null for a zero balance")
    success_rate: float


class MonteCarloOut(Result):
    success_rate: float
    paths: int
    years: int
    balance_bands: list[Band]
    spending_bands: list[Band] = Field(description="Yearly spending in today's dollars")
    spending_bands_nominal: list[Band] = Field(description="Yearly spending in the dollars of each year")
    median_ending_balance: Amount
    median_ending_balance_nominal: Amount
    fi_date: FiDistribution | None
    solve_for: SpendingSolve | None


class BacktestIn(Input):
    initial_balance: MoneyIn
    years: Years = 30
    steps_per_year: Literal[1, 12] = 1
    stock_share: float = Field(default=0.6, ge=0, le=1)
    fee: float = Field(default=0, ge=0, lt=0.2)
    withdrawal: WithdrawalIn = Field(default_factory=WithdrawalIn)
    bond_series: Literal["treasury_10y", "treasury_10y_calendar", "corporate_baa", "treasury_bills"] = Field(
        default="treasury_10y",
        description="treasury_10y: Shiller's 10-year Treasuries, January to January, 1871-2025 (stocks and CPI "
                    "from the same record); the others are Damodaran's calendar-year series, 1928-2025, with his "
                    "S&P 500 and CPI: treasury_10y_calendar, corporate_baa (Moody's Baa), treasury_bills (3-month)")
    first_start_year: CalendarYear | None = Field(default=None, description="First start year to run (default: "
                                                                             "the record's first)")
    last_start_year: CalendarYear | None = Field(default=None, description="Last start year to run (default: the "
                                                                            "last whose whole horizon is recorded)")
    withdrawal_timing: Literal["start", "end"] = Field(default="start", description="Each period's withdrawal "
                                                                                     "before or after its return")


class StartYear(BaseModel):
    start_year: int
    success: bool
    ending_balance: Amount
    lowest_balance: Amount
    first_year_withdrawal: Amount
    lowest_withdrawal: Amount


class BacktestOut(Result):
    success_rate: float
    start_years: int
    first_start: int
    last_start: int
    worst_start_year: int
    worst_ending_balance: Amount
    median_ending_balance: Amount
    results: list[StartYear]


# --- Tax and accounts -------------------------------------------------------------------------------------


class TaxIn(Input):
    """One person's income for a year, by kind. Give `taxable_income` alone to tax a taxable income as it is
    (as published tax tables do), or the sources of income and let the calculator build it."""

    year: TaxYear
    province: Province
    taxable_income: MoneyIn | None = Field(default=None, description="Taxed as it is; no other income may be given")
    employment_income: MoneyIn = Decimal(0)
    self_employment_income: MoneyIn = Field(default=Decimal(0), description="Net business income (CPP both halves)")
    pension_income: MoneyIn = Field(default=Decimal(0), description="Income eligible for the pension income amount: "
                                                                     "a registered pension at any age; RRIF and "
                                                                     "annuity payments at 65 or older")
    cpp_income: MoneyIn = Field(default=Decimal(0), description="CPP/QPP benefits received")
    oas_income: MoneyIn = Field(default=Decimal(0), description="OAS received (the recovery tax is computed)")
    other_income: MoneyIn = Field(default=Decimal(0), description="Interest, RRSP withdrawals, rent and other "
                                                                   "ordinary income")
    eligible_dividends: MoneyIn = Field(default=Decimal(0), description="Cash eligible dividends (grossed up 38%)")
    non_eligible_dividends: MoneyIn = Field(default=Decimal(0), description="Cash other-than-eligible dividends "
                                                                             "(grossed up 15%)")
    capital_gains: MoneyIn = Field(default=Decimal(0), description="Net capital gains realized (the whole gain)")
    capital_gains_inclusion_rate: UnitRate | None = Field(default=None, description="Default: the year's rate (0.5)")
    rrsp_deduction: MoneyIn = Decimal(0)
    pension_split_out: MoneyIn = Field(default=Decimal(0), description="Pension income elected to a spouse "
                                                                        "(at most half of pension_income)")
    pension_split_in: MoneyIn = Field(default=Decimal(0), description="Pension income a spouse elected to you")
    age: Age | None = Field(default=None, description="Age at the end of the year: the age amount from 65")
    include_payroll: bool = Field(default=True, description="CPP/QPP, CPP2, EI and QPIP, and their credits")


class CreditOut(BaseModel):
    code: str
    label: str
    amount: Amount = Field(description="The amount claimed (for dividend credits, the grossed-up dividends)")
    credit: Amount = Field(description="What it takes off the tax: amount x the credit rate")


class AdjustmentOut(BaseModel):
    code: str
    label: str
    amount: Amount = Field(description="Added to the tax (surtax, premium) when positive, a reduction when negative")


class JurisdictionTaxOut(BaseModel):
    jurisdiction: str
    tax_before_credits: Amount
    credits: list[CreditOut]
    total_credits: Amount
    basic_tax: Amount = Field(description="Tax before credits less the credits, at least 0")
    adjustments: list[AdjustmentOut]
    net_tax: Amount


class DeductionOut(BaseModel):
    code: str
    label: str
    amount: Amount


class MarginalRatesOut(BaseModel):
    other_income: float = Field(description="On the next dollar of ordinary income")
    eligible_dividends: float | None = Field(description="On the next dollar of cash eligible dividends")
    non_eligible_dividends: float | None = Field(description="On the next dollar of cash other dividends")
    capital_gains: float | None = Field(description="On the next dollar of capital gain")


class TaxOut(Result):
    cash_income: Amount = Field(description="What was received: dividends and gains at their full amounts")
    total_income: Amount = Field(description="T1 line 15000: dividends grossed up, the taxable part of gains")
    deductions: list[DeductionOut]
    net_income: Amount
    taxable_income: Amount
    federal: JurisdictionTaxOut
    provincial: JurisdictionTaxOut
    federal_tax: Amount
    quebec_abatement: Amount
    provincial_tax: Amount
    ontario_surtax: Amount
    ontario_health_premium: Amount
    ontario_tax_reduction: Amount
    bc_tax_reduction: Amount
    income_tax: Amount
    oas_recovery_tax: Amount
    total_tax: Amount = Field(description="Income tax and the OAS recovery tax")
    cpp: Amount
    cpp2: Amount
    ei: Amount
    qpip: Amount
    total_deductions: Amount = Field(description="Total tax and payroll contributions")
    after_tax_income: Amount = Field(description="Cash income less total deductions")
    marginal_rate: float
    marginal_rates: MarginalRatesOut
    average_rate: float = Field(description="Income tax / total income")
    rrsp_tax_saved: Amount | None


class PensionSplitPerson(Input):
    province: Province
    employment_income: MoneyIn = Decimal(0)
    self_employment_income: MoneyIn = Decimal(0)
    pension_income: MoneyIn = Field(default=Decimal(0), description="Income eligible for pension splitting")
    cpp_income: MoneyIn = Decimal(0)
    oas_income: MoneyIn = Decimal(0)
    other_income: MoneyIn = Decimal(0)
    eligible_dividends: MoneyIn = Decimal(0)
    non_eligible_dividends: MoneyIn = Decimal(0)
    capital_gains: MoneyIn = Decimal(0)
    rrsp_deduction: MoneyIn = Decimal(0)
    age: Age | None = None


class PensionSplitIn(Input):
    year: TaxYear
    spouse_a: PensionSplitPerson
    spouse_b: PensionSplitPerson


class PensionSplitOut(Result):
    transferor: Literal["a", "b", "none"]
    amount: Amount = Field(description="Pension income the transferor elects to the other spouse")
    tax_without: Amount = Field(description="The couple's income and OAS recovery tax without splitting")
    tax_with: Amount
    saving: Amount
    spouse_a: TaxOut
    spouse_b: TaxOut


class RrspVsTfsaIn(Input):
    """Marginal rates come from the incomes in the province's tax tables, unless given."""

    pre_tax_amount: MoneyIn
    years: int = Field(ge=0, le=100)
    annual_return: Rate = 0.05
    province: Province
    year: TaxYear
    income_now: MoneyIn = Field(default=Decimal(0), description="Employment income this year")
    income_retirement: MoneyIn = Field(default=Decimal(0), description="Yearly retirement income, today's dollars")
    marginal_rate_now: UnitRate | None = Field(default=None, description="Overrides the rate from income_now")
    marginal_rate_retirement: UnitRate | None = Field(default=None,
                                                      description="Overrides the rate from income_retirement")


class RrspVsTfsaOut(Result):
    rrsp_after_tax: Amount
    tfsa_after_tax: Amount
    advantage: Amount
    better: Literal["rrsp", "tfsa", "equal"]
    marginal_rate_now: float
    marginal_rate_retirement: float
    break_even_retirement_rate: float


class YearAmount(Input):
    year: CalendarYear
    amount: MoneyIn


class Notice(Input):
    """Room as the CRA states it (My Account, or the notice of assessment)."""

    year: CalendarYear = Field(description="The year of the room figure (TFSA: 'available on January 1' of it)")
    room: MoneyIn


class TfsaRoomIn(Input):
    """Either the whole history since 2009 (contributions and withdrawals by year), or the room of a CRA
    notice and what happened from the notice's year on."""

    birth_year: CalendarYear
    year: TfsaYear
    contributions: list[YearAmount] = Field(default_factory=list)
    withdrawals: list[YearAmount] = Field(default_factory=list)
    notice: Notice | None = Field(default=None, description="TFSA room available on January 1 of notice.year")


class TfsaRoomOut(Result):
    first_eligible_year: int
    cumulative_limit: Amount
    contributions: Amount
    withdrawals_restored: Amount
    room: Amount
    over_contribution: Amount
    monthly_penalty: Amount


class RrspRoomIn(Input):
    year: RrspYear
    previous_year_earned_income: MoneyIn
    pension_adjustment: MoneyIn = Decimal(0)
    unused_room: MoneyIn = Decimal(0)
    contributions: MoneyIn = Decimal(0)
    age: Age | None = None


class RrspRoomOut(Result):
    dollar_limit: Amount
    earned_income_limit: Amount
    earned_income_for_max: Amount = Field(description="Previous-year earned income at which 18% reaches the "
                                                      "dollar limit")
    new_room: Amount
    deduction_limit: Amount
    available: Amount
    can_contribute: bool


class FhsaRoomIn(Input):
    year_opened: FhsaYear
    year: CalendarYear
    birth_year: CalendarYear
    contributions: list[YearAmount] = Field(default_factory=list)
    first_qualifying_withdrawal_year: CalendarYear | None = None
    notice: Notice | None = Field(default=None, description="FHSA participation room for notice.year, from the "
                                                           "CRA; contributions are then those from that year on")
    lifetime_contributed_before_notice: MoneyIn = Field(default=Decimal(0),
                                                        description="FHSA contributions before notice.year")


class FhsaRoomOut(Result):
    eligible: bool
    open: bool
    participation_period_ends: int
    room: Amount
    lifetime_contributed: Amount
    lifetime_remaining: Amount
    over_contribution: Amount = Field(description="Excess FHSA amount at the end of the year")
    monthly_penalty: Amount = Field(description="1% a month of the excess while it lasts")


class ContributionOrderIn(Input):
    annual_budget: MoneyIn
    tfsa_room: MoneyIn
    rrsp_room: MoneyIn
    fhsa_room: MoneyIn = Decimal(0)
    first_time_home_buyer: bool = False
    employer_match_rate: UnitRate = 0
    employer_match_cap: MoneyIn = Decimal(0)
    marginal_rate_now: UnitRate
    marginal_rate_retirement: UnitRate
    high_interest_debt: MoneyIn = Decimal(0)
    high_interest_debt_rate: UnitRate = 0
    expected_return: Rate = 0.05


class AllocationOut(BaseModel):
    account: str
    amount: Amount
    reason: str


class ContributionOrderOut(Result):
    allocations: list[AllocationOut]


# --- Pensions ---------------------------------------------------------------------------------------------


class CppIn(Input):
    start_age: float = Field(ge=60, le=70, description="Age the pension starts, 60 to 70 (by month: 62.5)")
    year: CppYear = 2026
    monthly_at_65: MoneyIn | None = Field(default=None, description="From the Service Canada statement")


class CppOut(Result):
    adjustment: float
    monthly_at_65: Amount
    monthly: Amount
    annual: Amount
    break_even_age_vs_65: float | None


class OasIn(Input):
    start_age: float = Field(ge=65, le=70, description="Age OAS starts, 65 to 70 (by month: 67.5)")
    year: OasYear = 2026
    age: Age | None = Field(default=None, description="Age in the year: 75 or over gets the 10% higher amount")
    net_income: MoneyIn = Field(default=Decimal(0), description="Net income for the year (line 23400)")
    years_in_canada_after_18: int = Field(default=40, ge=10, le=70)
    age_75_or_over: bool = Field(default=False, description="Used only when age is not given")


class OasOut(Result):
    age_band: Literal["65_74", "75_plus"]
    deferral_increase: float
    residence_fraction: float
    monthly: Amount
    annual_gross: Amount
    recovery_threshold: Amount = Field(description="Net income where the recovery tax (clawback) starts")
    full_recovery_threshold: Amount = Field(description="The year's net income at which the maximum OAS of the "
                                                        "age band is fully recovered")
    own_full_recovery_income: Amount = Field(description="Net income at which this pension is fully recovered")
    recovery_tax: Amount
    annual_net: Amount


class RrifIn(Input):
    age: Age
    balance: MoneyIn
    annual_return: Rate = 0.05
    years: int = Field(default=1, ge=1, le=60)


class RrifYearOut(BaseModel):
    age: int
    start_balance: Amount
    factor: float
    minimum: Amount
    end_balance: Amount


class RrifOut(Result):
    schedule: list[RrifYearOut]


# --- Mortgage, investment, debt ---------------------------------------------------------------------------


class MortgageIn(Input):
    principal: MoneyIn | None = Field(default=None, description="Loan amount; or give price and down_payment "
                                                                 "(with neither, nothing is borrowed)")
    price: MoneyIn | None = None
    down_payment: MoneyIn | None = None
    annual_rate: float = Field(ge=0, le=1, description="Posted/contract rate, compounded as `compounding` says")
    compounding: Literal["semi_annual", "monthly"] = Field(
        default="semi_annual", description="semi_annual: Canadian fixed rates (Interest Act); monthly: variable "
                                           "rates, HELOCs and US-style loans")
    amortization_years: int = Field(default=25, ge=1, le=40)
    frequency: Literal["monthly", "semi_monthly", "bi_weekly", "weekly", "accelerated_bi_weekly",
                       "accelerated_weekly"] = "monthly"
    extra_payment: MoneyIn = Decimal(0)
    annual_prepayment: MoneyIn = Decimal(0)


class CmhcOut(BaseModel):
    required: bool
    insurable: bool
    note: str | None
    loan_to_value: float
    premium_rate: float
    premium: Amount
    minimum_down_payment: Amount


class MortgageYearOut(BaseModel):
    year: int
    payments: Amount
    principal: Amount
    interest: Amount
    prepayments: Amount
    ending_balance: Amount


class MortgageOut(Result):
    principal: Amount
    payment: Amount
    periods_per_year: int
    total_interest: Amount
    total_paid: Amount
    payoff_years: float
    schedule: list[MortgageYearOut]
    cmhc: CmhcOut | None
    qualifying_rate: float
    qualifying_monthly_payment: Amount


class InvestmentIn(Input):
    initial: MoneyIn = Decimal(0)
    contribution: MoneyIn = Decimal(0)
    periods_per_year: Literal[1, 2, 4, 12, 24, 26, 52] = 12
    years: float = Field(ge=0.01, le=100)
    annual_return: Rate = 0.06
    contribution_growth: Rate = 0
    mer: float = Field(default=0, ge=0, lt=0.2)
    inflation: Inflation = 0.02
    timing: Literal["end", "begin"] = "end"
    nominal_rate: bool = Field(default=False, description="Period rate = annual_return / periods (spreadsheet)")
    target: MoneyIn | None = None


class InvestmentYearOut(BaseModel):
    year: int
    contributions: Amount
    balance: Amount
    balance_real: Amount
    fees: Amount


class InvestmentOut(Result):
    future_value: Amount
    future_value_real: Amount
    total_contributions: Amount
    total_growth: Amount
    fees_cost: Amount
    schedule: list[InvestmentYearOut]
    required_contribution: Amount | None
    periods_to_target: float | None


class DebtIn(Input):
    name: str = Field(default="", max_length=200, description="Shown in the results; blank becomes 'Debt N'")
    balance: MoneyIn
    annual_rate: float = Field(ge=0, le=1)
    minimum_payment: MoneyIn


class DebtPayoffIn(Input):
    debts: list[DebtIn] = Field(min_length=1, max_length=50)
    monthly_payment: MoneyIn


class DebtResultOut(BaseModel):
    name: str
    payoff_month: int | None = Field(description="Null when not paid off within 100 years")
    interest_paid: Amount


class StrategyOut(BaseModel):
    strategy: Literal["avalanche", "snowball"]
    months: int
    months_decimal: float | None = Field(description="The payoff time with the last month as a fraction (as NPER "
                                                     "counts it); null when not paid off within 100 years")
    paid_off: bool
    monthly_payment: Amount
    total_interest: Amount
    total_paid: Amount
    remaining_balance: Amount
    order: list[str]
    debts: list[DebtResultOut]


class DebtPayoffOut(Result):
    avalanche: StrategyOut
    snowball: StrategyOut
    interest_saved_by_avalanche: Amount


# --- Time value of money ----------------------------------------------------------------------------------


class TvmIn(Input):
    """The five keys of a financial calculator: give four of n, annual_rate, pv, pmt and fv and solve the fifth.
    Spreadsheet signs: money paid out is negative (a loan received is +pv, its payments -pmt)."""

    solve_for: Literal["n", "annual_rate", "pv", "pmt", "fv"]
    n: float | None = Field(default=None, gt=0, le=100_000, description="Number of payment periods")
    annual_rate: float | None = Field(default=None, gt=-1, le=10,
                                      description="Nominal annual rate as a fraction (0.06 = 6%), compounded "
                                                  "compounding_per_year times")
    pv: SignedMoneyIn = Field(default=Decimal(0), description="Present value (spreadsheet sign)")
    pmt: SignedMoneyIn = Field(default=Decimal(0), description="Payment each period (spreadsheet sign)")
    fv: SignedMoneyIn = Field(default=Decimal(0), description="Future value (spreadsheet sign)")
    timing: Literal["end", "begin"] = Field(default="end", description="Payments at the end (ordinary annuity) "
                                                                       "or the start (annuity due) of each period")
    periods_per_year: int = Field(default=12, ge=1, le=365, description="Payments per year (P/Y)")
    compounding_per_year: int | None = Field(default=None, ge=1, le=365,
                                             description="Compounding periods per year (C/Y); default P/Y. "
                                                         "2 for a Canadian fixed-rate mortgage")
    period: int | None = Field(default=None, ge=1, description="Also split this period's payment into interest "
                                                               "and principal (IPMT/PPMT)")


class PeriodSplitOut(BaseModel):
    period: int
    payment: Amount
    interest: Amount = Field(description="IPMT: the interest part of the payment (spreadsheet sign)")
    principal: Amount = Field(description="PPMT: the principal part of the payment (spreadsheet sign)")
    balance: Amount = Field(description="What is left after this period's payment, signed like pv")


class TvmOut(Result):
    solved_for: Literal["n", "annual_rate", "pv", "pmt", "fv"]
    n: float
    annual_rate: float = Field(description="Nominal annual rate, compounded compounding_per_year times")
    periodic_rate: float = Field(description="Rate per payment period")
    effective_annual_rate: float
    pv: Amount
    pmt: Amount
    fv: Amount
    total_payments: Amount = Field(description="pmt x n")
    total_interest: Amount = Field(description="pv + pmt x n + fv, every flow added up: interest earned (+) or "
                                               "paid (-) overall")
    split: PeriodSplitOut | None


class DatedFlow(Input):
    on: date_ = Field(description="The day of the flow")
    amount: SignedMoneyIn


class CashFlowsIn(Input):
    """Periodic flows (the first one now) for NPV and IRR, and/or dated flows for XNPV and XIRR."""

    rate: float | None = Field(default=None, gt=-1, le=10,
                               description="Discount rate for NPV (per period) and XNPV (per year of 365 days)")
    cash_flows: list[SignedMoneyIn] = Field(default_factory=list, max_length=1200,
                                            description="One flow per period, the first now")
    dated_cash_flows: list[DatedFlow] = Field(default_factory=list, max_length=1200)
    guess: float = Field(default=0.1, gt=-1, le=10, description="Starting point for the IRR searches")


class CashFlowsOut(Result):
    npv: Amount | None = Field(description="Net present value with the first flow now (numpy-financial's npv)")
    npv_spreadsheet: Amount | None = Field(description="A spreadsheet's NPV(): the first flow one period from now")
    irr: float | None = Field(description="Internal rate of return per period")
    xnpv: Amount | None
    xirr: float | None = Field(description="Annual internal rate of return of the dated flows")
