"""Streaming statistics for the simulator: exact sums over blocks of hands, and
95% intervals by linearisation.

Hands are simulated in *blocks* (a partie of consecutive hands: pools and
multipliers carry over inside a block, never across). Blocks are independent
and identically distributed, so they are the units of the variance (batch
means over parties): hands inside a partie are correlated through the carried
pools, and a per-hand variance would understate the uncertainty.

Every quantity counted per hand is an integer (chips, cards, hocs, 0/1
events), so a block's totals are integers and so are the sums kept across
blocks: ``S[i]`` (the sum of quantity ``i`` over all blocks) and ``C[i, k]``
(the sum over blocks of the product of the block totals of ``i`` and ``k``,
only for the pairs a metric needs). Integer sums are exact and do not depend
on the order they are added in, so chunks computed in other processes merge to
exactly the same numbers whatever the number of processes -- the same seed
gives the same figures with any ``--jobs``. Memory is a fixed number of sums:
it does not grow with the number of hands.

A metric is a smooth function of ratios of sums (``S[num] / S[den]``: a mean
per hand, per player-hand, per loser, per won chance...). Its standard error
comes from its influence per block (the delta method for ratio estimators):
``infl_j = sum_i w_i * y_ij`` with ``w`` the gradient, and
``var = m / (m - 1) * sum_j infl_j ** 2 = m / (m - 1) * w' C w``; the 95%
interval is the estimate plus or minus Student's t (``m - 1`` degrees of
freedom) times the standard error. A difference between two variants run on
the same deals (:func:`hocdsl.sim.compare`) is the same computation on the
pair of blocks, the weights of A negated: the paired interval.

>>> acc = Sums(2, [(0, 0), (0, 1), (1, 1)])
>>> for block in ([3, 10], [5, 10], [4, 10]):   # 3, 5, 4 wins in blocks of 10 hands
...     acc.add_block(block)
>>> st = ratio_stat(acc, 0, 1)
>>> round(st.mean, 4), st.lo < 0.4 < st.hi
(0.4, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# Student's t, 97.5% quantile, by degrees of freedom (df > 120: normal 1.96).
_T975 = {
    1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
    10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110,
    18: 2.101, 19: 2.093, 20: 2.086, 21: 2.080, 22: 2.074, 23: 2.069, 24: 2.064, 25: 2.060,
    26: 2.056, 27: 2.052, 28: 2.048, 29: 2.045, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980,
}


def t975(df: int) -> float:
    """Student's t 97.5% quantile for ``df`` degrees of freedom (1.96 for large df).

    >>> t975(10), t975(1000)
    (2.228, 1.96)
    """
    if df <= 0:
        return math.inf
    if df in _T975:
        return _T975[df]
    if df > 120:
        return 1.96
    keys = sorted(_T975)
    for lo, hi in zip(keys, keys[1:]):
        if lo < df < hi:  # interpolate in 1/df, the usual way
            f = (1 / df - 1 / hi) / (1 / lo - 1 / hi)
            return _T975[hi] + f * (_T975[lo] - _T975[hi])
    return 1.96  # pragma: no cover


@dataclass(frozen=True, slots=True)
class Stat:
    """A metric's estimate and its 95% interval ``[lo, hi]`` (NaN when undefined)."""

    mean: float
    lo: float
    hi: float

    @property
    def ci95(self) -> tuple[float, float]:
        return (self.lo, self.hi)

    def to_json(self) -> dict[str, float | None | list[float | None]]:
        """``{"mean": m, "ci95": [lo, hi]}``, with null for an undefined value."""
        return {"mean": _num(self.mean), "ci95": [_num(self.lo), _num(self.hi)]}


def _num(x: float) -> float | None:
    return None if x != x else x  # NaN -> None (JSON null)


NAN_STAT = Stat(math.nan, math.nan, math.nan)
_INDEX: dict[tuple[tuple[int, int], ...], dict[tuple[int, int], int]] = {}

#: :class:`Sums` as plain values, to send between processes: ``(S, C, m)``.
SumsState = tuple[Sequence[int], Sequence[int], int]


class Sums:
    """Exact integer sums over blocks: ``S[i]``, the pair sums ``C[(i, k)]`` and
    the number of blocks ``m``. Fixed size, whatever the number of hands."""

    __slots__ = ("size", "pairs", "S", "C", "m", "_first", "_second")

    def __init__(self, size: int, pairs: list[tuple[int, int]]) -> None:
        self.size = size
        self.pairs = tuple(sorted({(min(i, k), max(i, k)) for i, k in pairs}))
        self.S = [0] * size
        self.C = [0] * len(self.pairs)
        self.m = 0
        # each pair's two quantities apart, for the compiled fold (add_block)
        self._first = tuple(i for i, _ in self.pairs)
        self._second = tuple(k for _, k in self.pairs)

    def add_block(self, y: list[int]) -> None:
        """Fold one block's totals ``y`` (one int per quantity) into the sums (the work is
        :func:`hocdsl.sim.block.fold`'s, compiled with the hands it sums; imported here, as
        the reports that read this module need no engine)."""
        from .block import fold

        fold(self.S, self.C, self._first, self._second, y)
        self.m += 1

    def merge(self, other: Sums) -> None:
        """Add another set of sums (same layout) to these."""
        if other.pairs != self.pairs or other.size != self.size:
            raise ValueError("Sums.merge: different layouts")
        self.S = [a + b for a, b in zip(self.S, other.S)]
        self.C = [a + b for a, b in zip(self.C, other.C)]
        self.m += other.m

    def state(self) -> SumsState:
        """A plain picklable state (for sending between processes)."""
        return (self.S, self.C, self.m)

    @classmethod
    def from_state(cls, size: int, pairs: Iterable[tuple[int, int]], state: SumsState) -> Sums:
        s = cls(size, list(pairs))
        s.S, s.C, s.m = list(state[0]), list(state[1]), state[2]
        return s

    def _index(self) -> dict[tuple[int, int], int]:
        idx = _INDEX.get(self.pairs)
        if idx is None:
            if len(_INDEX) > 64:
                _INDEX.clear()
            idx = _INDEX[self.pairs] = {p: j for j, p in enumerate(self.pairs)}
        return idx

    def quad(self, w: dict[int, float]) -> float:
        """``sum_j (sum_i w_i y_ij) ** 2`` from the pair sums (every pair must be kept)."""
        index = self._index()
        C = self.C
        keys = sorted(w)
        total = 0.0
        size = 0.0  # the sum of the terms' magnitudes: what rounding is relative to
        for a, i in enumerate(keys):
            wi = w[i]
            for k in keys[a:]:
                c = C[index[(i, k)]]
                term = (wi * w[k] * c) if i == k else 2.0 * wi * w[k] * c
                total += term
                size += abs(term)
        # A sum that cancels to within rounding (a variant compared with itself: the
        # weights of A and B cancel) is zero, not a tiny positive or negative number.
        return 0.0 if total <= size * 1e-12 else total


def interval(sums: Sums, est: float, w: dict[int, float]) -> Stat:
    """The :class:`Stat` of an estimate with influence weights ``w``."""
    m = sums.m
    if est != est:
        return NAN_STAT
    if m < 2:
        return Stat(est, math.nan, math.nan)
    var = max(0.0, sums.quad(w)) * m / (m - 1)
    half = t975(m - 1) * math.sqrt(var)
    return Stat(est, est - half, est + half)


def ratio_parts(sums: Sums, num: int, den: int) -> tuple[float, dict[int, float]]:
    """``S[num] / S[den]`` and its influence weights (NaN if the denominator is 0)."""
    d = sums.S[den]
    if not d:
        return math.nan, {}
    r = sums.S[num] / d
    if num == den:
        return r, {num: 0.0}
    return r, {num: 1.0 / d, den: -r / d}


def sd_parts(sums: Sums, sq: int, tot: int, den: int) -> tuple[float, dict[int, float]]:
    """The standard deviation per unit of ``den`` of a quantity whose sum is ``tot``
    and sum of squares ``sq``: ``sqrt(S[sq]/S[den] - (S[tot]/S[den])**2)``, with weights."""
    d = sums.S[den]
    if not d:
        return math.nan, {}
    m2 = sums.S[sq] / d
    m1 = sums.S[tot] / d
    var = m2 - m1 * m1
    if var <= 0:
        return 0.0, {sq: 0.0}
    s = math.sqrt(var)
    k = 1.0 / (2.0 * s * d)
    return s, {sq: k, tot: -2.0 * m1 * k, den: (2.0 * m1 * m1 - m2) * k}


def ratio_stat(sums: Sums, num: int, den: int) -> Stat:
    """The :class:`Stat` of ``S[num] / S[den]``."""
    est, w = ratio_parts(sums, num, den)
    return interval(sums, est, w)
