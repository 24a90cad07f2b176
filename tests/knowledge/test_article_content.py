"""Checks on the education articles shipped in knowledge/content/articles/.

The files are parsed here with yaml.safe_load alone, so the content is held to its agreed format
independently of the loader that serves it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ARTICLES_DIR = Path(__file__).resolve().parents[2] / "knowledge" / "content" / "articles"

CATEGORIES = {
    "FIRE Fundamentals",
    "Saving & Budgeting",
    "Registered Accounts",
    "Investing",
    "Retirement Income",
    "Tax",
    "Housing",
    "Debt & Credit",
}
LEVELS = {"beginner", "intermediate", "advanced"}
KEYS = {"id", "title", "category", "level", "summary", "tags", "related", "sources", "updated"}
ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def _split(path: Path) -> tuple[dict[str, Any], str]:
    text = path.read_text(encoding="utf-8")
    match = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.DOTALL)
    assert match, f"{path.name}: no front matter delimited by '---' lines"
    meta = yaml.safe_load(match.group(1))
    assert isinstance(meta, dict), f"{path.name}: front matter is not a mapping"
    return meta, match.group(2)


ARTICLE_FILES = sorted(ARTICLES_DIR.glob("*.md"))
ARTICLES = {path.stem: _split(path) for path in ARTICLE_FILES}


def test_there_are_at_least_forty_articles() -> None:
    assert len(ARTICLE_FILES) >= 40, f"only {len(ARTICLE_FILES)} articles"


def test_ids_match_file_names_and_are_unique() -> None:
    ids = [meta.get("id") for meta, _ in ARTICLES.values()]
    assert len(ids) == len(set(ids))
    for stem, (meta, _) in ARTICLES.items():
        assert meta.get("id") == stem, f"{stem}: id {meta.get('id')!r} differs from the file name"
        assert ID_PATTERN.match(stem), f"{stem}: not kebab-case"


@pytest.mark.parametrize("stem", sorted(ARTICLES))
def test_front_matter(stem: str) -> None:
    meta, _ = ARTICLES[stem]
    assert set(meta) == KEYS, f"{stem}: keys {sorted(set(meta) ^ KEYS)} missing or unexpected"
    assert meta["category"] in CATEGORIES, f"{stem}: category {meta['category']!r}"
    assert meta["level"] in LEVELS, f"{stem}: level {meta['level']!r}"
    assert isinstance(meta["title"], str) and meta["title"].strip()
    assert isinstance(meta["summary"], str) and len(meta["summary"].split()) >= 8, f"{stem}: summary too short"
    assert isinstance(meta["tags"], list) and meta["tags"], f"{stem}: no tags"
    sources = meta["sources"]
    assert isinstance(sources, list) and sources, f"{stem}: no sources"
    for source in sources:
        assert isinstance(source, dict) and str(source.get("title", "")).strip(), f"{stem}: source without title"
        assert str(source.get("url", "")).startswith("https://"), f"{stem}: source URL {source.get('url')!r}"


@pytest.mark.parametrize("stem", sorted(ARTICLES))
def test_related_articles_exist(stem: str) -> None:
    related = ARTICLES[stem][0]["related"]
    assert isinstance(related, list) and 2 <= len(related) <= 5, f"{stem}: needs 2 to 5 related ids"
    assert len(related) == len(set(related)), f"{stem}: duplicate related ids"
    for other in related:
        assert other != stem, f"{stem}: relates to itself"
        assert other in ARTICLES, f"{stem}: related article {other!r} does not exist"


@pytest.mark.parametrize("stem", sorted(ARTICLES))
def test_body_length_and_headings(stem: str) -> None:
    body = ARTICLES[stem][1]
    words = len(body.split())
    assert 500 <= words <= 1100, f"{stem}: body has {words} words"
    headings = [line for line in body.splitlines() if line.startswith("## ")]
    assert len(headings) >= 3, f"{stem}: {len(headings)} '## ' headings"


# Worked examples: each figure quoted in an article body is recomputed here from its stated inputs, so an edit
# to the prose cannot silently break the arithmetic.


def _money(value: float, step: int = 1) -> str:
    return f"${round(value / step) * step:,}"


def _grow(years: int, rate: float, start: float = 0.0, yearly: float = 0.0) -> float:
    balance = start
    for _ in range(years):
        balance = (balance + yearly) * (1 + rate)
    return balance


def _monthly_saving(years: int, monthly: float, annual_rate: float) -> float:
    rate = annual_rate / 12
    return monthly * ((1 + rate) ** (years * 12) - 1) / rate


def _withdrawing(returns: list[float], start: float, withdrawal: float) -> float:
    balance = start
    for ret in returns:
        balance = (balance - withdrawal) * (1 + ret)
    return balance


def _years_to_fi(savings_rate: float, real_return: float = 0.05, multiple: float = 25) -> int:
    balance, years = 0.0, 0
    while balance < multiple * (1 - savings_rate):
        balance = balance * (1 + real_return) + savings_rate
        years += 1
    return years


def _compound_growth() -> list[str]:
    quoted = [_money(10_000 * 1.05**years) for years in (10, 20, 30, 40)]
    quoted += [_money(_monthly_saving(years, 500, 0.05), 100) for years in (20, 30, 40)]
    early = _grow(10, 0.06, yearly=6_000) * 1.06**30
    late = _grow(30, 0.06, yearly=6_000)
    return [*quoted, _money(early, 1_000), _money(late, 1_000)]


def _sequence_of_returns() -> list[str]:
    returns = [-0.20, -0.10, 0.05, 0.12, 0.15, 0.10, 0.08, 0.12, 0.07, 0.11]
    no_withdrawals = 1_000_000.0
    for ret in returns:
        no_withdrawals *= 1 + ret
    bad_first = _withdrawing(returns, 1_000_000, 40_000)
    good_first = _withdrawing(returns[::-1], 1_000_000, 40_000)
    return [
        _money(bad_first, 100),
        _money(good_first, 1_000),
        _money(no_withdrawals, 100),
        f"more than {_money((good_first - bad_first) // 10_000 * 10_000)}",
    ]


def _savings_rate() -> list[str]:
    return [f"| {round(rate * 100)}% | {_years_to_fi(rate)} |" for rate in (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)]


def _investment_fees() -> list[str]:
    values = {fee: 100_000 * (1.06 * (1 - fee)) ** 30 for fee in (0.0, 0.0025, 0.01, 0.02)}
    share_lost = 1 - values[0.02] / values[0.0]
    return [
        *(_money(value, 100) for value in values.values()),
        f"about {round(share_lost * 100)}%",
        f"more than {_money((values[0.0025] - values[0.02]) // 1_000 * 1_000)}",
    ]


def _dividend_tax_credit() -> list[str]:
    grossed_up = 1_000 * 1.38
    credit = grossed_up * 0.150198
    rows = []
    for rate in (0.14, 0.205, 0.26, 0.29, 0.33):
        net = grossed_up * rate - credit
        sign = "-" if net < 0 else ""
        rows.append(f"${grossed_up * rate:,.2f} | ${credit:,.2f} | {sign}${abs(net):,.2f} |")
    return [*rows, f"${1_150 * 0.090301:,.2f} on $1,150", _money(40_000 * 1.38)]


def _fire_variants() -> list[str]:
    return [_money(1_000_000 / 1.04**30, 1_000), _money(25 * 36_000), _money(25 * 30_000)]


def _geographic_arbitrage() -> list[str]:
    # 2026 provincial tax on $50,000 with the basic personal amount only (facts P-ON and P-AB).
    ontario_basic = 0.0505 * (50_000 - 12_989)
    health_premium = min(600.0, 450 + 0.25 * (50_000 - 48_000))
    alberta = 0.08 * (50_000 - 22_769)
    return [_money(alberta), _money(ontario_basic), _money(health_premium), _money(ontario_basic + health_premium)]


def _inflation() -> list[str]:
    return [_money(50_000 * 1.02**25, 1_000), _money(50_000 * 1.03**25, 1_000), f"about {(1.07 / 1.03 - 1):.1%}"]


WORKED_EXAMPLES = {
    "compound-growth": _compound_growth,
    "sequence-of-returns-risk": _sequence_of_returns,
    "savings-rate": _savings_rate,
    "investment-fees-mer": _investment_fees,
    "dividend-tax-credit": _dividend_tax_credit,
    "fire-variants": _fire_variants,
    "geographic-arbitrage-canada": _geographic_arbitrage,
    "inflation-and-real-returns": _inflation,
}


@pytest.mark.parametrize("stem", sorted(WORKED_EXAMPLES))
def test_worked_examples_match_their_arithmetic(stem: str) -> None:
    body = " ".join(ARTICLES[stem][1].split())
    missing = [figure for figure in WORKED_EXAMPLES[stem]() if figure not in body]
    assert not missing, f"{stem}: figures not found in the text: {missing}"
