"""How strong a hand is for each chance, as a quantile among dealt hands.

A bot bidding on the point, the sequence or the tricon needs to know how often
a hand like its own is beaten. :class:`Strength` answers from a table of the
chance scores (:func:`hocdsl.combos.hand_scores`) of random hands dealt under
the ruleset, drawn once per ruleset and player count from a fixed seed (so
every process builds the same table and simulations stay reproducible).

``quantiles(hand)`` gives, per chance, the share of random hands this hand
beats (ties count half): 0.5 is an average hand. Against ``k`` opponents the
chance of holding the best is about ``q ** k`` (hands are nearly independent).

>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.cards import parse_hand
>>> st = strength(load_ruleset("hoc-mazarin"), 3)
>>> qp, qs, qt = st.quantiles(parse_hand("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"))
>>> qp > 0.99 and qs > 0.99
True
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING, Final

from ..combos import hand_scores
from ..cards import NUM_CARDS, Hand
from ..pack import pack_of
from ..rules.cache import per_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

SAMPLES: Final = 4000  # hands in a table: quantiles to about 1%
TABLE_SEED: Final = 20090219  # fixed: every process draws the same table


class Strength:
    """Sorted chance scores of :data:`SAMPLES` random hands of one size."""

    __slots__ = ("rules", "hand_size", "point", "sequence", "tricon", "size", "_memo")
    point: list[int]
    sequence: list[int]
    tricon: list[int]
    size: float
    _memo: tuple[dict[int, float], dict[int, float], dict[int, float]]

    def __init__(self, rules: Ruleset, hand_size: int, like: Strength | None = None) -> None:
        self.rules = rules
        self.hand_size = hand_size
        if like is not None:  # another ruleset object with the same tables: share them
            self.size, self._memo = like.size, like._memo
            self.point, self.sequence, self.tricon = like.point, like.sequence, like.tricon
            return
        rng = random.Random(TABLE_SEED)
        mask = pack_of(rules).mask  # the pack's cards only (all 52: the same draws as ever)
        deck = [c for c in range(NUM_CARDS) if mask >> c & 1]
        pts, seqs, tris = [], [], []
        for _ in range(SAMPLES):
            h = 0
            for c in rng.sample(deck, hand_size):
                h |= 1 << c
            p, s, t, _blank = hand_scores(h, rules)
            pts.append(p)
            seqs.append(s)
            tris.append(t)
        self.point = sorted(pts)
        self.sequence = sorted(seqs)
        self.tricon = sorted(tris)
        self.size = 2.0 * SAMPLES
        self._memo = ({}, {}, {})

    def quantile(self, table: list[int], score: int) -> float:
        """The share of the table's hands below ``score``, ties counted half."""
        return (bisect_left(table, score) + bisect_right(table, score)) / self.size

    def quantiles(self, hand: Hand) -> tuple[float, float, float]:
        """(point, sequence, tricon) quantiles of ``hand``."""
        return self.scored(hand)[0]

    def scored(self, hand: Hand) -> tuple[tuple[float, float, float], tuple[int, int, int]]:
        """((point, sequence, tricon) quantiles, the three scores) of ``hand``."""
        p, s, t, _blank = hand_scores(hand, self.rules)
        mp, ms, mt = self._memo
        qp = mp.get(p)
        if qp is None:
            qp = mp[p] = self.quantile(self.point, p)
        qs = ms.get(s)
        if qs is None:
            qs = ms[s] = self.quantile(self.sequence, s)
        qt = mt.get(t)
        if qt is None:
            qt = mt[t] = self.quantile(self.tricon, t)
        return (qp, qs, qt), (p, s, t)


_CACHE: Final[dict[tuple[object, ...], Strength]] = {}


def _key(rules: Ruleset, hand_size: int) -> tuple[object, ...]:
    t = rules.pack
    from ..combos import _DEFAULT_POINT, _DEFAULT_RUN, _DEFAULT_SET

    sq = rules.sequence or _DEFAULT_RUN
    pt = rules.point or _DEFAULT_POINT
    tr = rules.tricon or _DEFAULT_SET
    return (t.cards, t.order, t.rank_values(), tuple(pt.keys), sq.min_length, sq.counts_up_to,
            sq.longer_ranks_higher, tuple(sq.keys), tuple(tr.keys), tr.min_size, hand_size)


@per_ruleset
def _of_ruleset(rules: Ruleset) -> dict[int, Strength]:
    """This ruleset object's tables, by hand size (bots are made anew for every block)."""
    return {}


def strength(rules: Ruleset, players: int) -> Strength:
    """The :class:`Strength` table for ``rules`` and ``players`` (built once per process)."""
    size = rules.hand_size(players)
    rules = rules.at_players(players)  # the pack at this number (pack.cards_by_players)
    mine = _of_ruleset(rules)
    st = mine.get(size)
    if st is not None:
        return st
    key = _key(rules, size)
    st = _CACHE.get(key)
    if st is None:
        st = _CACHE[key] = Strength(rules, size)
    elif st.rules is not rules:
        # same tables, another ruleset object: share the sorted scores
        st = Strength(rules, size, like=st)  # the same tables, shared
    mine[size] = st
    return st
