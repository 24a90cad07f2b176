"""The figures of canada_tax.json and canada_accounts.json as (year, jurisdiction, item) -> value, in the
vocabulary of the independent transcription in data/official_figures.csv (see data/README.md)."""

from __future__ import annotations

from typing import Any

from api.planning.tables import account_tables, tax_tables

Key = tuple[str, str, str]


def _brackets(out: dict[Key, float], year: str, juris: str, brackets: list[list[Any]]) -> None:
    for n, (up_to, rate) in enumerate(brackets, start=1):
        if up_to is not None:
            out[(year, juris, f"bracket_{n}_upto")] = up_to
        out[(year, juris, f"bracket_{n}_rate")] = rate


def _credits(out: dict[Key, float], year: str, juris: str, t: dict[str, Any]) -> None:
    bpa = t["bpa"]
    if isinstance(bpa, dict):
        out[(year, juris, "bpa")] = bpa["max"]
        out[(year, juris, "bpa_min")] = bpa["min"]
        out[(year, juris, "bpa_phase_out_start")] = bpa["phase_out_start"]
        out[(year, juris, "bpa_phase_out_end")] = bpa["phase_out_end"]
    else:
        out[(year, juris, "bpa")] = bpa
    if "bpa_phase_out" in t:
        out[(year, juris, "bpa_phase_out_start")] = t["bpa_phase_out"]["start"]
        out[(year, juris, "bpa_phase_out_end")] = t["bpa_phase_out"]["end"]
    if "bpa_supplement" in t:
        for k in ("max", "threshold", "rate"):
            out[(year, juris, f"bpa_supplement_{k}")] = t["bpa_supplement"][k]
    age = t.get("age_amount")
    if age:
        out[(year, juris, "age_amount")] = age["max"]
        if "threshold" in age:
            out[(year, juris, "age_amount_threshold")] = age["threshold"]
            out[(year, juris, "age_amount_reduction_rate")] = age["rate"]
    if "age_supplement" in t:
        for k in ("max", "threshold", "rate"):
            out[(year, juris, f"age_supplement_{k}")] = t["age_supplement"][k]
    if "age_pension_reduction" in t:
        out[(year, juris, "age_amount_threshold")] = t["age_pension_reduction"]["threshold"]
        out[(year, juris, "age_amount_reduction_rate")] = t["age_pension_reduction"]["rate"]
    if "pension_income_amount" in t:
        out[(year, juris, "pension_income_amount")] = t["pension_income_amount"]
    if "dividend_credit" in t:
        out[(year, juris, "dividend_eligible_credit_rate")] = t["dividend_credit"]["eligible"]
        out[(year, juris, "dividend_non_eligible_credit_rate")] = t["dividend_credit"]["non_eligible"]


def tax_figures() -> dict[Key, float]:
    out: dict[Key, float] = {}
    for year, table in tax_tables()["years"].items():
        fed = table["federal"]
        _brackets(out, year, "CA", fed["brackets"])
        _credits(out, year, "CA", fed)
        out[(year, "CA", "credit_rate")] = fed["credit_rate"]
        out[(year, "CA", "canada_employment_amount")] = fed["canada_employment_amount"]
        out[(year, "CA", "quebec_abatement")] = fed["quebec_abatement"]
        if "dividend_gross_up" in fed:
            out[(year, "CA", "dividend_eligible_gross_up")] = fed["dividend_gross_up"]["eligible"]
            out[(year, "CA", "dividend_non_eligible_gross_up")] = fed["dividend_gross_up"]["non_eligible"]
        if "capital_gains_inclusion_rate" in fed:
            out[(year, "CA", "capital_gains_inclusion_rate")] = fed["capital_gains_inclusion_rate"]
        for item, value in table["payroll"].items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                out[(year, "PAYROLL", item)] = value
        for code, prov in table["provinces"].items():
            _brackets(out, year, code, prov["brackets"])
            _credits(out, year, code, prov)
            for n, (threshold, rate) in enumerate(prov.get("surtax", []), start=1):
                out[(year, code, f"surtax_{n}_threshold")] = threshold
                out[(year, code, f"surtax_{n}_rate")] = rate
            if "tax_reduction_basic" in prov:
                out[(year, code, "tax_reduction_basic")] = prov["tax_reduction_basic"]
            if "low_income_reduction" in prov:
                r = prov["low_income_reduction"]
                out[(year, code, "tax_reduction_max")] = r["max"]
                out[(year, code, "tax_reduction_threshold")] = r["threshold"]
                out[(year, code, "tax_reduction_rate")] = r["rate"]
    return out


def account_figures() -> dict[Key, float]:
    t = account_tables()
    out: dict[Key, float] = {}
    for year, limit in t["tfsa"]["annual_limits"].items():
        out[(year, "ACCOUNTS", "tfsa_limit")] = limit
    for year, limit in t["rrsp"]["dollar_limits"].items():
        out[(year, "ACCOUNTS", "rrsp_dollar_limit")] = limit
    f = t["fhsa"]
    for item in ("annual_limit", "lifetime_limit", "carry_forward_max"):
        out[("", "ACCOUNTS", f"fhsa_{item}")] = f[item]
    for year, amount in t["cpp"]["max_monthly_at_65"].items():
        out[(year, "ACCOUNTS", "cpp_max_monthly_at_65")] = amount
    oas = t["oas"]
    for year, amounts in oas["max_monthly"].items():
        out[(year, "ACCOUNTS", "oas_max_monthly_65_74")] = amounts["65_74"]
        out[(year, "ACCOUNTS", "oas_max_monthly_75_plus")] = amounts["75_plus"]
    for year, amount in oas["recovery_threshold"].items():
        out[(year, "ACCOUNTS", "oas_recovery_threshold")] = amount
    for year, amounts in oas.get("full_recovery_threshold", {}).items():
        out[(year, "ACCOUNTS", "oas_full_recovery_65_74")] = amounts["65_74"]
        out[(year, "ACCOUNTS", "oas_full_recovery_75_plus")] = amounts["75_plus"]
    for year, limits in t["gis"]["income_limit"].items():
        out[(year, "ACCOUNTS", "gis_income_limit_single")] = limits["single"]
        out[(year, "ACCOUNTS", "gis_income_limit_couple_both_oas")] = limits["couple_both_oas"]
    for age, factor in t["rrif"]["factors"].items():
        out[("", "ACCOUNTS", f"rrif_factor_{age}")] = factor
    for ltv, rate in t["mortgage"]["cmhc_premiums"]:
        out[("", "ACCOUNTS", f"cmhc_premium_ltv_{round(ltv * 100)}")] = rate
    out[("", "ACCOUNTS", "osfi_stress_buffer")] = t["mortgage"]["stress_test"]["buffer"]
    out[("", "ACCOUNTS", "osfi_stress_floor")] = t["mortgage"]["stress_test"]["floor"]
    return out
