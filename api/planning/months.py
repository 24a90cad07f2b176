"""The months inside a plan year: when in the year each flow happens, and what growth it earns by the year end.

The household plan settles tax by the year, as the CRA does, but money moves month by month: pay stops in the
month someone retires, CPP and OAS start in the month of their start age, a one-off is spent in its month, and a
surplus is saved in the months that have one. Each flow of a year is spread over its months by a profile (weights
that sum to 1), and an account's year end is its start balance grown twelve months plus each month's flow grown
from the middle of its month:

    end = start * (1 + g) + sum over m of flow_m * r ** (11.5 - m),   r = (1 + g) ** (1 / 12)

so the yearly figures are the sums of the monthly ones, and the month-end balances (`balances`) end the year where
the yearly run does. For a flow spread evenly the sum has a closed form (`even_growth`); only the years in which a
phase changes need the twelve months (`powers`).

Shapes: months come first, then whatever the flow has (persons, lanes): (12, ...).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]

MONTHS = np.arange(12, dtype=np.float64)
_LEFT = (11.5 - MONTHS) / 12  # years of growth from the middle of month m to the year end


def _months_axis(ndim: int) -> Array:
    return MONTHS.reshape(12, *([1] * ndim))


def first_months(share: Array) -> Array:
    """The months of a year a flow runs when it runs for the first `share` of it (work until a retirement month):
    1 for each whole month, the part of the month it stops in, then 0."""
    return np.clip(12 * share[None] - _months_axis(share.ndim), 0.0, 1.0)


def last_months(share: Array) -> Array:
    """The months of a year a flow runs when it runs for the last `share` of it (a pension from its start month)."""
    return np.clip(_months_axis(share.ndim) + 1 - 12 * (1 - share[None]), 0.0, 1.0)


def profile(weights: Array) -> Array:
    """`weights` (12, ...) scaled to sum to 1 over the months; even where they are all 0."""
    total = weights.sum(axis=0)
    return np.where(total > 1e-12, weights / np.where(total > 1e-12, total, 1.0), 1 / 12)


def powers(growth: Array) -> Array:
    """(1 + g) ** ((11.5 - m) / 12) for each month m (12, lanes): the growth a flow in the middle of month m earns
    by the year end."""
    return np.power(1 + growth[None], _LEFT[:, None])


def even_growth(growth: Array) -> Array:
    """The growth by the year end of a flow spread evenly over the twelve months (the mean of `powers`), in closed
    form: r ** 0.5 * (r ** 12 - 1) / (12 * (r - 1)) with r = (1 + g) ** (1 / 12)."""
    r = np.power(1 + growth, 1 / 12)
    near = np.abs(r - 1) < 1e-9
    return np.where(near, 1 + growth / 2, np.sqrt(r) * growth / (12 * np.where(near, 1.0, r - 1)))


def balances(start: Array, flows: Array, growth: Array) -> Array:
    """Month-end balances (years, 12, lanes) of an account that starts each year at `start` (years, lanes),
    receives `flows` (years, 12, lanes; negative for withdrawals) in the middle of each month and grows at
    `growth` (years, lanes) over the year."""
    r = np.power(1 + growth, 1 / 12)[:, None, None, :]  # (years, 1, 1, lanes)
    step = (MONTHS[:, None] - MONTHS[None, :])[None, :, :, None]  # from flow j to the end of month m, less a half
    grow = np.where(step >= 0, np.power(r, np.maximum(step, 0.0) + 0.5), 0.0)
    moved: Array = np.einsum("ymjl,yjl->yml", grow, flows)
    return start[:, None] * np.power(r[:, :, 0], MONTHS[None, :, None] + 1) + moved


@dataclass(frozen=True)
class EventMonths:
    """The future plans month by month over the whole plan, (years, 12): spending changes, pay changes while
    working and pay for work of its own (part-time, a side business) per person (monthly amounts), one-off amounts
    in their month, and the share of each month saving is paused."""

    spend: Array
    income: Array  # (persons, years, 12)
    earnings: Array  # (persons, years, 12)
    jobs: tuple[tuple[int, int, int, float], ...]  # each earnings event: person, first month, end month, a month
    one_off: Array
    pause: Array
    even: npt.NDArray[np.bool_]  # (years,): every month of the year alike (no plan starts or ends inside it)
