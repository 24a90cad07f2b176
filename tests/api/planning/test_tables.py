"""The year tables: every table names its source, and the figures the issue pins down are the ones stored."""

from __future__ import annotations

from typing import Any

from api.planning.tables import PROVINCES, account_tables, tax_tables, tax_years


def test_every_tax_table_has_a_source_and_all_13_jurisdictions() -> None:
    assert tax_years() == [2024, 2025, 2026]
    for year in tax_years():
        table: dict[str, Any] = tax_tables()["years"][str(year)]
        assert table["federal"]["source"] and table["payroll"]["source"]
        assert sorted(table["provinces"]) == sorted(PROVINCES)
        for code, prov in table["provinces"].items():
            assert prov["source"], (year, code)
            brackets = prov["brackets"]
            assert brackets[-1][0] is None
            uppers = [b[0] for b in brackets[:-1]]
            assert uppers == sorted(uppers), (year, code)
            assert all(0 < rate < 0.3 for _, rate in brackets), (year, code)
    assert tax_tables()["ontario_health_premium"]["source"]


def test_every_account_table_has_a_source() -> None:
    tables = account_tables()
    for name in ("tfsa", "rrsp", "fhsa", "cpp", "oas", "rrif", "mortgage"):
        assert tables[name]["source"], name
    assert tables["fhsa"]["annual_limit"] == 8_000 and tables["fhsa"]["lifetime_limit"] == 40_000
    assert tables["cpp"]["early_reduction_per_month"] == 0.006 and tables["cpp"]["late_increase_per_month"] == 0.007
    assert tables["oas"]["deferral_increase_per_month"] == 0.006
    assert tables["rrsp"]["dollar_limits"]["2025"] == 32_490 and tables["rrsp"]["dollar_limits"]["2026"] == 33_810


def test_the_figures_corrected_against_t4127_2026() -> None:
    """T4127 January 2026: the Canada employment amount is 1,501 (Table 8.2); PEI's thresholds are 33,928 /
    65,820 / 106,890 / 142,250 and Nunavut's second is 111,602 (Table 8.1)."""
    y = tax_tables()["years"]["2026"]
    assert y["federal"]["canada_employment_amount"] == 1_501
    assert [b[0] for b in y["provinces"]["PE"]["brackets"]] == [33_928, 65_820, 106_890, 142_250, None]
    assert y["provinces"]["NU"]["brackets"][1][0] == 111_602
