"""Every bracket, rate and amount of canada_tax.json and canada_accounts.json against a second, independent
transcription of the official tables (data/official_figures.csv, typed from the CRA, ESDC, provincial and
CMHC publications with the table and page of each figure, by someone who had not seen the JSON files). A
typo in either one shows up as a disagreement here.

Figures no source in reach could confirm a second time are listed, one key a line, in
data/not_transcribed.txt: a new figure in the JSON files must be transcribed or listed there, and a listed
one that gains a transcription must leave the list. A difference kept on purpose (the transcribed source
shows another definition or an outdated figure) is explained in data/accepted_differences.csv."""

from __future__ import annotations

import csv
import math
from pathlib import Path

import pytest

from tests.api.planning.tables_flat import Key, account_figures, tax_figures

DATA = Path(__file__).parent / "data"


def _transcription() -> dict[Key, tuple[float, str]]:
    rows: dict[Key, tuple[float, str]] = {}
    with (DATA / "official_figures.csv").open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            key = (row["year"], row["jurisdiction"], row["item"])
            assert key not in rows, f"{key} is transcribed twice"
            rows[key] = (float(row["value"]), f"{row['source']}, {row['where']}")
    return rows


def _accepted() -> dict[Key, tuple[float, float]]:
    lines = (DATA / "accepted_differences.csv").read_text(encoding="utf-8").splitlines()
    rows = csv.DictReader(line for line in lines if not line.startswith("#"))
    return {(r["year"], r["jurisdiction"], r["item"]): (float(r["data_value"]), float(r["transcribed_value"]))
            for r in rows if r["reason"].strip()}


def _not_transcribed() -> set[Key]:
    keys: set[Key] = set()
    for line in (DATA / "not_transcribed.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            year, juris, item = line.split(",")
            keys.add((year, juris, item))
    return keys


OURS = {**tax_figures(), **account_figures()}
THEIRS = _transcription()
ACCEPTED = _accepted()


def test_the_transcription_covers_most_figures() -> None:
    checked = [k for k in OURS if k in THEIRS]
    assert len(checked) >= 0.8 * len(OURS), f"only {len(checked)} of {len(OURS)} figures have a transcription"


@pytest.mark.parametrize("key", sorted(k for k in OURS if k in THEIRS), ids=lambda k: "/".join(filter(None, k)))
def test_figure_matches_the_independent_transcription(key: Key) -> None:
    value, where = THEIRS[key]
    if key in ACCEPTED:  # a documented difference: both sides must still hold the values it explains
        assert ACCEPTED[key] == (float(OURS[key]), value), f"{key}: update accepted_differences.csv"
        return
    assert math.isclose(float(OURS[key]), value, rel_tol=0, abs_tol=1e-9), (
        f"{key}: the data file has {OURS[key]}, the transcription {value} ({where})")


def test_every_figure_is_transcribed_or_listed_as_not() -> None:
    missing = {k for k in OURS if k not in THEIRS}
    listed = _not_transcribed()
    assert not missing - listed, f"figures with no transcription and not listed: {sorted(missing - listed)}"
    assert not listed - missing, f"listed as not transcribed but now transcribed or gone: {sorted(listed - missing)}"


def test_every_transcribed_figure_is_in_the_data_files() -> None:
    extra = sorted(k for k in THEIRS if k not in OURS)
    assert not extra, f"transcribed figures the data files do not hold: {extra}"
