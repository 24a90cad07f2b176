"""The plan year's arithmetic on balances, compiled (numba, cached on disk): for one plan the arrays hold one or
two people and one lane, so each numpy call costs more in Python overhead than in arithmetic. Each kernel does what
the numpy expressions in its docstring did, element by element in the same order, so the figures are the same to
the bit (NaN included: `_max` and `_min` are numpy's maximum and minimum)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from api.planning.taxsystem import Array, _max, _min, _njit


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
