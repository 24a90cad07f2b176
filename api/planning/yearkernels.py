"""The plan year's arithmetic on balances, compiled (numba, cached on disk): for one plan the arrays hold one or
two people and one lane, so each numpy call costs more in Python overhead than in arithmetic. Each kernel does what
the numpy expressions in its docstring did, element by element in the same order, so the figures are the same to
the bit (NaN included: `_max` and `_min` are numpy's maximum and minimum)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from api.planning.taxsystem import Array, _max, _min, _njit, household_lane, household_scratch


@_njit
def grow(rrsp: Array, tfsa: Array, fhsa: Array, fhsa_life: Array, tfsa_room: Array, rrsp_room: Array,
         restored: Array, nonreg: Array, cost: Array, cash: Array, growth: Array, inflation: Array, forced: Array,
         saved_rrsp: Array, saved_tfsa: Array, saved_fhsa: Array, saved_nonreg: Array, drawn_rrsp: Array,
         drawn_tfsa: Array, drawn_nonreg: Array, drawn_cash: Array, alive: npt.NDArray[np.bool_],
         employment: Array, even: Array, save: Array, draw: Array, cash_factor: Array, dividend_yield: float,
         tfsa_limit: float, rrsp_limit: float) -> tuple[Array, Array, Array, Array, Array, Array, Array, Array,
                                                        Array, Array]:
    """A year's flows and growth on the balances and room (`Engine._grow`), as new arrays: (rrsp, tfsa, fhsa,
    fhsa_life, tfsa_room, rrsp_room, restored, nonreg, cost, cash). Per person and lane (persons, lanes): the
    balances, room, `forced`, `saved_*` but `saved_nonreg`, `drawn_rrsp` (each person's RRSP withdrawal) and
    `employment`; per lane: the rest. `drawn_tfsa` is shared over the TFSAs by their balances."""
    persons, lanes = rrsp.shape
    out_rrsp, out_tfsa, out_fhsa = np.empty((persons, lanes)), np.empty((persons, lanes)), np.empty((persons, lanes))
    out_life, out_tfsa_room = np.empty((persons, lanes)), np.empty((persons, lanes))
    out_rrsp_room, out_restored = np.empty((persons, lanes)), np.empty((persons, lanes))
    out_nonreg, out_cost, out_cash = np.empty(lanes), np.empty(lanes), np.empty(lanes)
    for k in range(lanes):
        total = tfsa[0, k]
        for i in range(1, persons):
            total = total + tfsa[i, k]
        year = 1 + growth[k]
        for i in range(persons):
            tfsa_draw = drawn_tfsa[k] * (tfsa[i, k] / _max(total, 1e-9) if total > 0 else 0.0)
            out_rrsp[i, k] = _max(rrsp[i, k] * year - forced[i, k] * even[k] + saved_rrsp[i, k] * save[k]
                                  - drawn_rrsp[i, k] * draw[k], 0.0)
            out_tfsa[i, k] = _max(tfsa[i, k] * year + saved_tfsa[i, k] * save[k] - tfsa_draw * draw[k], 0.0)
            out_fhsa[i, k] = fhsa[i, k] * year + saved_fhsa[i, k] * save[k]
            out_life[i, k] = fhsa_life[i, k] + saved_fhsa[i, k]
            out_tfsa_room[i, k] = (tfsa_room[i, k] - saved_tfsa[i, k] + restored[i, k]
                                   + tfsa_limit * (1.0 if alive[i] else 0.0))
            out_restored[i, k] = tfsa_draw
            out_rrsp_room[i, k] = rrsp_room[i, k] - saved_rrsp[i, k] + _min(0.18 * employment[i, k], rrsp_limit)
        sold_cost = drawn_nonreg[k] * cost[k] / _max(nonreg[k], 1e-9) if nonreg[k] > 0 else 0.0
        out_nonreg[k] = _max(nonreg[k] * (year - dividend_yield * even[k]) + saved_nonreg[k] * save[k]
                             - drawn_nonreg[k] * draw[k], 0.0)
        out_cost[k] = (cost[k] - sold_cost + saved_nonreg[k]) / (1 + inflation[k])
        out_cash[k] = _max(cash[k] / (1 + inflation[k]) - drawn_cash[k] * cash_factor[k], 0.0)
    return (out_rrsp, out_tfsa, out_fhsa, out_life, out_tfsa_room, out_rrsp_room, out_restored, out_nonreg, out_cost,
            out_cash)


@_njit
def draw(need_in: Array, cash: Array, nonreg: Array, cost: Array, rrsp: Array, forced: Array, tfsa: Array,
         rrsp_first: npt.NDArray[np.bool_], draw_ratio: Array, draw_slope: Array, tax0: Array, rec0: Array,
         income: tuple[Array, ...], split: bool, rules: tuple[Any, ...], steps: int, cent: float
         ) -> tuple[Array, Array, Array, Array, Array, Array, Array, Array, Array, Array]:
    """A shortfall `need_in` drawn from cash, then non-registered, then RRSPs/RRIFs (or RRSPs/RRIFs first where
    `rrsp_first`), then TFSAs, grossed up for the tax the withdrawal itself costs: secant steps on the amount from
    last year's ratio and slope (`Engine._draw`), for each lane on its own. New arrays: (cash, non-registered,
    RRSP (lanes) and each person's RRSP (persons, lanes) drawn, TFSA drawn, tax, OAS recovery, the part left
    short, then next year's ratio and slope). `income`, `split` and `rules`: the year's taxes
    (`taxsystem.household_lane`)."""
    persons, lanes = rrsp.shape
    from_cash, from_nonreg, from_rrsp, from_tfsa = np.empty(lanes), np.zeros(lanes), np.zeros(lanes), np.zeros(lanes)
    rrsp_split = np.zeros((persons, lanes))
    tax, recovery, short = tax0.copy(), rec0.copy(), np.zeros(lanes)
    ratio, slope_out = draw_ratio.copy(), draw_slope.copy()
    scratch = household_scratch()
    weight = np.empty(persons)
    extra = np.empty((persons, 1))
    no_deduction = np.zeros((persons, 1))
    for k in range(lanes):
        from_cash[k] = _min(need_in[k], cash[k])
        need = need_in[k] - from_cash[k]
        if not need > cent:
            continue
        share = _min(_max(1 - cost[k] / _max(nonreg[k], 1e-9), 0.0), 1.0) if nonreg[k] > 0 else 0.0
        rrsp_total = 0.0
        for i in range(persons):
            left = _max(rrsp[i, k] - forced[i, k], 0.0)
            weight[i] = left
            rrsp_total = left if i == 0 else rrsp_total + left
        for i in range(persons):
            weight[i] = weight[i] / _max(rrsp_total, 1e-9)
        tfsa_total = tfsa[0, k]
        for i in range(1, persons):
            tfsa_total = tfsa_total + tfsa[i, k]
        base = tax0[k] + rec0[k]
        gross = _max(need * draw_ratio[k], need)
        got = 0.0
        tax_w = rec_w = 0.0
        slope = draw_slope[k]
        before_g = before_got = 0.0
        available = nonreg[k] + rrsp_total + tfsa_total
        for step in range(steps + 1):
            if step:  # is this lane there, or has it drawn everything it has and still falls short?
                if not (abs(need - got) >= cent / 5 and not (got < need and gross >= available)):
                    break
                if step > 1:
                    moved = gross - before_g
                    if abs(moved) > 1e-6:
                        slope = (got - before_got) / moved
                slope = _min(_max(slope, 0.05), 1.0)
                before_g, before_got = gross, got
                gross = _max(gross + (need - got) / slope, 0.0)
            # the withdrawal's accounts at `gross`, then what it nets after its tax
            nonreg_then, rrsp_then = _min(gross, nonreg[k]), _min(gross, rrsp_total)
            a_nonreg = _min(gross - rrsp_then, nonreg[k]) if rrsp_first[k] else nonreg_then
            a_rrsp = rrsp_then if rrsp_first[k] else _min(gross - nonreg_then, rrsp_total)
            a_tfsa = _min(gross - a_nonreg - a_rrsp, tfsa_total)
            for i in range(persons):
                extra[i, 0] = a_rrsp * weight[i]
            tax_w, rec_w = household_lane(k, income, extra, 0, a_nonreg * share, no_deduction, 0, split, rules,
                                          scratch)
            got = a_nonreg + a_rrsp + a_tfsa - (tax_w + rec_w - base)
        if abs(need - got) < 1.0:
            ratio[k] = gross / _max(need, cent)
            slope_out[k] = slope
        nonreg_then, rrsp_then = _min(gross, nonreg[k]), _min(gross, rrsp_total)
        from_nonreg[k] = _min(gross - rrsp_then, nonreg[k]) if rrsp_first[k] else nonreg_then
        from_rrsp[k] = rrsp_then if rrsp_first[k] else _min(gross - nonreg_then, rrsp_total)
        from_tfsa[k] = _min(gross - from_nonreg[k] - from_rrsp[k], tfsa_total)
        for i in range(persons):
            rrsp_split[i, k] = from_rrsp[k] * weight[i]
        tax[k], recovery[k], short[k] = tax_w, rec_w, _max(need - got, 0.0)
    return from_cash, from_nonreg, from_rrsp, rrsp_split, from_tfsa, tax, recovery, short, ratio, slope_out


@_njit
def save(surplus: Array, cash_in: Array, spending: Array, employment: Array, ages: Array,
         alive: npt.NDArray[np.bool_], rrsp_room: Array, tfsa_room: Array, fhsa_life: Array, tax0: Array,
         rec0: Array, shares: tuple[float, float, float], fhsa_limits: tuple[float, float], rounds: int,
         income: tuple[Array, ...], split: bool, rules: tuple[Any, ...]
         ) -> tuple[Array, Array, Array, Array, Array, Array, Array]:
    """A surplus saved by the budget's `shares` (RRSP, TFSA, FHSA) within each account's room, the rest
    non-registered (`Engine._save`); an RRSP contribution is deducted, so the saving is worked out again with the
    lower tax (`rounds` times). Each person's share is their part of the employment income (of those alive when
    nobody works). New arrays: (TFSA, RRSP, FHSA contributions (persons, lanes), non-registered, tax, OAS
    recovery, the total saved (lanes))."""
    persons, lanes = employment.shape
    tfsa_c, rrsp_c, fhsa_c = np.zeros((persons, lanes)), np.zeros((persons, lanes)), np.zeros((persons, lanes))
    nonreg_c, tax, recovery, total = np.zeros(lanes), tax0.copy(), rec0.copy(), np.zeros(lanes)
    share_rrsp, share_tfsa, share_fhsa = shares
    annual, lifetime = fhsa_limits
    living = 0
    for i in range(persons):
        living += 1 if alive[i] else 0
    scratch = household_scratch()
    weight = np.empty(persons)
    no_draw = np.zeros((persons, 1))
    for k in range(lanes):
        if not surplus[k] > 0:
            continue
        everyone = employment[0, k]
        for i in range(1, persons):
            everyone = everyone + employment[i, k]
        for i in range(persons):
            weight[i] = (employment[i, k] / _max(everyone, 1e-9) if everyone > 0
                         else (1.0 if alive[i] else 0.0) / max(living, 1))
        saving = surplus[k]
        tax_c, rec_c = tax0[k], rec0[k]
        for _ in range(rounds):
            for i in range(persons):
                rrsp_c[i, k] = _min(saving * share_rrsp * weight[i], rrsp_room[i, k]) if ages[i] < 72 else 0.0
            tax_c, rec_c = household_lane(k, income, no_draw, 0, 0.0, rrsp_c, k, split, rules, scratch)
            saving = _max(cash_in[k] - tax_c - rec_c - spending[k], 0.0)
        for i in range(persons):
            tfsa_c[i, k] = _min(saving * share_tfsa * weight[i], tfsa_room[i, k])
            fhsa_c[i, k] = _min(saving * share_fhsa * weight[i], _min(annual, _max(lifetime - fhsa_life[i, k], 0.0)))
        rest = saving
        for part in (rrsp_c, tfsa_c, fhsa_c):  # each account's contributions summed, then taken off in turn
            added = part[0, k]
            for i in range(1, persons):
                added = added + part[i, k]
            rest = rest - added
        nonreg_c[k] = _max(rest, 0.0)
        tax[k], recovery[k], total[k] = tax_c, rec_c, saving
    return tfsa_c, rrsp_c, fhsa_c, nonreg_c, tax, recovery, total
