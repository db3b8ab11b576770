"""The three chances evaluated on a hand: point, sequences, tricons; and the blank hand.

Everything here is a pure function of an ``int`` hand (see :mod:`hocdsl.cards`)
and a :class:`~hocdsl.rules.model.Ruleset`; every parameter comes from the
ruleset, nothing is settled in code. Keys compare with plain tuple comparison,
bigger is better. Any pack the model admits is evaluated (52, 44, 40, 36 or
32 cards, king high or ace high: :func:`hocdsl.pack.pack_of`); hands hold
cards of the pack only, and a rank not in the pack is never part of a run or
a set.

- **point** (Lalanne 002 §3.1): for each suit, how many cards and what they are
  worth (the pack's values: courts ``rules.pack.court_value``, ace
  ``rules.pack.ace_value``, pips their face); the best suit by
  ``rules.point.keys`` in order. ``["cards", "value"]``: most cards, ties by
  value; ``["value"]``: highest value.
- **sequences** (002 §3.2; Hoca 003 "La séquence"): every maximal run of
  ranks consecutive in the pack's order, in one suit, at least
  ``rules.sequence.min_length`` long. King high, aces low: A-2-3 is a minor
  tierce and K-A is no run; ace high: Q-K-A is a run to the top card. A
  stripped pack's order skips the ranks it lacks (32 cards, aces low: A-7-8).
  There is no wrap. A run longer than ``counts_up_to`` counts as that long
  for payment; for comparison it counts as that long too unless
  ``longer_ranks_higher``. The height of a run is its top card's place in the
  order. Major = to the top card (the king, or the ace ace-high); minor =
  from the lowest card.
- **tricons** (002 §3.3; 003 "Le tricon"): ``rules.tricon.min_size`` (3: a
  brelan) to 4 cards of a rank (2 counts pairs, below every brelan); a bigger
  set beats a smaller one, then the rank in the pack's order; major = kings,
  minor = aces.
- **blank hand** (002 §8): no king, queen or jack.

>>> from hocdsl.cards import parse_hand
>>> from hocdsl.rules import load_ruleset
>>> rules = load_ruleset("hoc-mazarin")
>>> best_point(parse_hand("JS 8S 7S AS 2H"), rules)
Point(cards=4, value=26, suit=0)
>>> best_sequence(parse_hand("10S JS QS 4H"), rules)
Run(suit=0, length=3, top=12)
>>> best_tricon(parse_hand("2S 2H 2D 2C KS KH KD"), rules)
Trio(rank=2, size=4)
>>> piquet = rules.with_knobs({"pack.cards": 32, "pack.order": "ace-high"})
>>> run = best_sequence(parse_hand("QS KS AS 7H"), piquet)
>>> run, run.bottom, is_major_run(run, piquet)
(Run(suit=0, length=3, top=1), 12, True)

Speed: each suit of a hand is a 13-bit pattern (:func:`hocdsl.cards.suit_bits`);
per ruleset, tables over all 8192 patterns hold the point score, the runs (as
interned :class:`Run` objects) and the best run's score, so evaluating a hand
is a few shifts, masks and list look-ups with no allocation, whatever the
pack. The ``*_score`` functions return a plain ``int`` ordered like the key,
for simulators.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from .cards import ACE, JACK, KING, QUEEN, RANK_MASKS, SUIT_MASK, Hand, Rank
from .pack import pack_of
from .rules.cache import per_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from .rules.model import Ruleset, VieOnPoint, VieOnRun, VieOnSet

__all__ = [
    "Point", "Run", "Trio", "point_of", "run_of", "trio_of",
    "best_point", "point_key", "point_score", "suit_points",
    "sequences", "run_key", "counted_length", "best_sequence", "sequence_score", "held_run",
    "is_major_run", "is_minor_run", "sequence_payment", "claimable_sequences", "sequence_name",
    "tricons", "tricon_key", "best_tricon", "tricon_score", "set_ranks",
    "makes_sets", "is_major_tricon", "is_minor_tricon", "tricon_payment", "claimable_tricons", "tricon_name",
    "is_blank", "COURT_CARDS", "hand_scores", "PLAIN_ORDER",
]

NPAT: Final = 1 << 13  # number of 13-bit suit patterns

#: The ranks of the 52-card pack, king high and aces low, lowest first.
PLAIN_ORDER: Final[tuple[Rank, ...]] = tuple(range(1, 14))

#: Sizes a set of one rank may have.
SET_SIZES: Final = (2, 3, 4)
#: Whether a ruleset counting pairs as sets has been seen (until then a hand with no
#: brelan holds no set, whatever the ruleset, and is known so without its tables).
_PAIRS_COUNT = False


# ------------------------------------------------------------ values ----


@dataclass(frozen=True, slots=True)
class Point:
    """A player's point: ``cards`` of ``suit`` worth ``value``.

    >>> Point(4, 26, 0)
    Point(cards=4, value=26, suit=0)
    """

    cards: int
    value: int
    suit: int


@dataclass(frozen=True, slots=True)
class Run:
    """A run of ranks consecutive in the pack's order, in one suit: ``length`` cards up to ``top``.

    ``length`` is the actual length (a run of 7 has length 7 even where it
    counts as a quinte); ``top`` is the rank of its highest card (13 king; 1
    the ace of an ace-high pack). ``order`` is the pack's order of ranks,
    lowest first (the 52-card king-high order unless given); it is not part
    of the run's identity.

    >>> Run(0, 3, 12).bottom, Run(0, 3, 12).cards
    (10, 3584)
    >>> Run(0, 3, 1, (7, 8, 9, 10, 11, 12, 13, 1)).ranks
    (12, 13, 1)
    """

    suit: int
    length: int
    top: Rank
    order: tuple[Rank, ...] = field(default=PLAIN_ORDER, repr=False, compare=False)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks of the run, lowest first."""
        o = self.order
        end = o.index(self.top) + 1
        return o[end - self.length:end]

    @property
    def bottom(self) -> Rank:
        """The rank of the run's lowest card."""
        if self.order is PLAIN_ORDER:
            return self.top - self.length + 1
        return self.ranks[0]

    @property
    def cards(self) -> Hand:
        """The run as a hand (bitset)."""
        if self.order is PLAIN_ORDER:
            return ((1 << self.length) - 1) << (self.suit * 13 + self.bottom - 1)
        base = self.suit * 13 - 1
        hand = 0
        for r in self.ranks:
            hand |= 1 << (base + r)
        return hand


@dataclass(frozen=True, slots=True)
class Trio:
    """A set of one rank (a tricon): ``size`` (2 pair, 3 brelan, 4 carré) cards of ``rank``.

    >>> Trio(13, 4)
    Trio(rank=13, size=4)
    """

    rank: Rank
    size: int

    @property
    def cards(self) -> Hand:
        """The cards of ``rank`` (all four suits; a brelan holds three of them)."""
        return RANK_MASKS[self.rank - 1]


# ------------------------------------------------- ruleset-free tables ----

_POPCOUNT: Final = [p.bit_count() for p in range(NPAT)]

_COURT_BITS: Final = (1 << (JACK - 1)) | (1 << (QUEEN - 1)) | (1 << (KING - 1))
#: The twelve courts (K, Q, J of each suit) as a hand.
COURT_CARDS: Final = _COURT_BITS | _COURT_BITS << 13 | _COURT_BITS << 26 | _COURT_BITS << 39

_TRIOS: Final = {(r, s): Trio(r, s) for r in range(1, 14) for s in SET_SIZES}

# Points and runs made once per value and shared (frozen values: two equal ones cannot be
# told apart). Compiled, a frozen dataclass is still made by its Python ``__init__`` (2,000
# to 4,000 instructions under callgrind); a look-up costs a tenth of that.
_POINTS: Final[dict[tuple[int, int, int], Point]] = {}
_RUNS: Final[dict[tuple[int, int, int], Run]] = {}
_INTERNED_MAX: Final = 4096  # (a few hundred values at most in any pack; a bound all the same)


def point_of(cards: int, value: int, suit: int) -> Point:
    """``Point(cards, value, suit)``, the same object each time it is asked.

    >>> point_of(4, 26, 0) is point_of(4, 26, 0) and point_of(4, 26, 0) == Point(4, 26, 0)
    True
    """
    key = (cards, value, suit)
    p = _POINTS.get(key)
    if p is None:
        if len(_POINTS) >= _INTERNED_MAX:
            _POINTS.clear()
        p = _POINTS[key] = Point(cards, value, suit)
    return p


def run_of(suit: int, length: int, top: Rank, order: tuple[Rank, ...] = PLAIN_ORDER) -> Run:
    """``Run(suit, length, top, order)``, the same object each time it is asked (of the same order).

    >>> run_of(1, 3, 12) is run_of(1, 3, 12) and run_of(1, 3, 12) == Run(1, 3, 12)
    True
    """
    key = (suit, length, top)
    r = _RUNS.get(key)
    if r is None or r.order is not order:  # (the order is no part of a run's equality)
        if len(_RUNS) >= _INTERNED_MAX:
            _RUNS.clear()
        r = _RUNS[key] = Run(suit, length, top, order)
    return r


def trio_of(rank: Rank, size: int) -> Trio:
    """``Trio(rank, size)``, the same object each time it is asked.

    >>> trio_of(13, 4) is trio_of(13, 4) and trio_of(13, 4) == Trio(13, 4)
    True
    """
    t = _TRIOS.get((rank, size))
    return t if t is not None else Trio(rank, size)


def is_blank(hand: Hand) -> bool:
    """True if ``hand`` holds no king, queen or jack (cartes blanches, 002 §8).

    >>> from hocdsl.cards import parse_hand
    >>> is_blank(parse_hand("10S 9H AD")), is_blank(parse_hand("10S JH"))
    (True, False)
    """
    return not hand & COURT_CARDS


@lru_cache(maxsize=None)
def _raw_runs(order: tuple[Rank, ...]) -> list[tuple[tuple[int, int], ...]]:
    """For each 13-bit pattern, its maximal runs in ``order`` as (length, height), lowest
    first; the height is the top card's place in the order, from 1. Ranks the order
    lacks break no run and make none."""
    out: list[tuple[tuple[int, int], ...]] = []
    n = len(order)
    for p in range(NPAT):
        held = [p >> (r - 1) & 1 for r in order]
        runs: list[tuple[int, int]] = []
        i = 0
        while i < n:
            if held[i]:
                start = i
                while i < n and held[i]:
                    i += 1
                runs.append((i - start, i))
            else:
                i += 1
        out.append(tuple(runs))
    return out


# --------------------------------------------- per-ruleset derived tables ----


def _fold(parts: list[tuple[int, int]]) -> int:
    """Fold (component, base) pairs into one int ordered like the tuple of components."""
    score = 0
    for comp, base in parts:
        score = score * base + comp
    return score


def _to_the_top(top_rank: Rank) -> Callable[[int, Rank], bool]:
    def major(length: int, top: Rank) -> bool:
        return top == top_rank
    return major


def _of_kings(rank: Rank) -> bool:
    return rank == KING


#: ``sequence.major`` -> given the pack's top rank, whether a run (length, top) is major.
_MAJOR_RUN: dict[str, Callable[[Rank], Callable[[int, Rank], bool]]] = {
    "to-the-king": _to_the_top,
}
_MAJOR_TRICON: dict[str, Callable[[Rank], bool]] = {
    "kings": _of_kings,
}


def _check_keys(rules: Ruleset, knob: str, keys: tuple[str, ...], allowed: tuple[str, ...]) -> None:
    for k in keys:
        if k not in allowed:
            raise ValueError(f"{rules.name}: {knob} has unknown key {k!r} "
                             f"(expected one of {', '.join(allowed)})")


def _run_len_for_key(length: int, counts_up_to: int, longer: bool) -> int:
    """The length a run compares by: actual if longer runs rank higher, else capped."""
    return length if longer or length < counts_up_to else counts_up_to


PointTables = tuple[list[int], list[int], list["Point | None"]]


@lru_cache(maxsize=None)
def _point_tables(values: tuple[int, ...], keys: tuple[str, ...]) -> PointTables:
    """(value, score, interned Points) per 13-bit pattern, for these card values
    (``values[rank]``) and keys."""
    value = [0] * NPAT
    for p in range(1, NPAT):
        low = p & -p
        value[p] = value[p ^ low] + values[low.bit_length()]
    comps = {"cards": (_POPCOUNT, 14), "value": (value, max(value) + 1)}
    # +1 so that any non-empty suit scores above an empty one, whatever the values
    score = [0] + [1 + _fold([(comps[k][0][p], comps[k][1]) for k in keys]) for p in range(1, NPAT)]
    points: list[Point | None] = [None] * (4 * NPAT)  # index suit << 13 | pattern, filled on use
    return value, score, points


RunTables = tuple[list[list[tuple[Run, ...]]], list[int], list[list["Run | None"]]]


@lru_cache(maxsize=None)
def _sequence_tables(min_length: int, counts_up_to: int, longer: bool, keys: tuple[str, ...],
                     order: tuple[Rank, ...]) -> RunTables:
    """(runs[suit][pattern] best first, best score[pattern], best run[suit][pattern])."""
    def score(length: int, height: int) -> int:
        return _fold([(_run_len_for_key(length, counts_up_to, longer), 14) if k == "length"
                      else (height, 14) for k in keys])

    raw = _raw_runs(order)
    scored: list[list[tuple[int, int, int]]] = []  # per pattern: [(score, length, height)] best first
    for p in range(NPAT):
        found = [(score(length, height), length, height)
                 for length, height in raw[p] if length >= min_length]
        found.sort(key=lambda x: -x[0])  # stable: equal keys keep rank order
        scored.append(found)
    best_score = [f[0][0] if f else -1 for f in scored]
    runs: list[list[tuple[Run, ...]]] = []
    best_run: list[list[Run | None]] = []
    n = len(order)
    for s in range(4):
        interned = {(length, height): Run(s, length, order[height - 1], order)
                    for length in range(1, n + 1) for height in range(length, n + 1)}
        per_suit = [tuple(interned[length, height] for _, length, height in f) for f in scored]
        runs.append(per_suit)
        best_run.append([r[0] if r else None for r in per_suit])
    return runs, best_score, best_run


@lru_cache(maxsize=None)
def _trio_scores(keys: tuple[str, ...], order: tuple[Rank, ...]) -> dict[tuple[Rank, int], int]:
    """The score of each set (rank, size) of the pack: its size, its rank's place in the order."""
    base = {"size": 5, "rank": 14}
    return {(r, s): _fold([((s if k == "size" else h), base[k]) for k in keys])
            for h, r in enumerate(order, 1) for s in SET_SIZES}


def _defaults() -> tuple[VieOnPoint, VieOnRun, VieOnSet]:
    from .rules.build import FrozenMap
    from .rules.model import Payment, VieOnPoint, VieOnRun, VieOnSet

    pay = FrozenMap({3: Payment(0, 0), 4: Payment(0, 0), 5: Payment(0, 0)})
    return (VieOnPoint(id="point", pool="", keys=("cards", "value")),
            VieOnRun(id="sequence", pool="", min_length=3, counts_up_to=5, longer_ranks_higher=False,
                     names=FrozenMap({3: ("tierce",), 4: ("quatrième",), 5: ("quinte",)}),
                     keys=("length", "height"), major="to-the-king", payments=pay,
                     claim="declared-only"),
            VieOnSet(id="tricon", pool="", names=FrozenMap({3: ("brelan",), 4: ("carré",)}),
                     keys=("size", "rank"), major="kings",
                     payments=FrozenMap({3: Payment(0, 0), 4: Payment(0, 0)}), claim="declared-only"))


_DEFAULT_POINT, _DEFAULT_RUN, _DEFAULT_SET = _defaults()


class _Tables:
    """Everything derived from one ruleset that evaluation needs.

    The big tables are shared between rulesets whose knobs they depend on agree
    (they are cached by knob values), so building one for a ruleset that differs
    only in, say, payments or claims costs next to nothing.
    """

    __slots__ = (
        "order", "height", "rank_bits", "set_bits", "low", "top",
        "point_keys", "pt_score", "pt_value", "pt_obj",
        "min_length", "counts_up_to", "longer", "seq_keys", "runs", "seq_best_score", "seq_best_run",
        "run_names", "set_names", "min_set",
        "tri_keys", "trio_score", "seq_pay", "tri_pay", "seq_claim", "tri_claim",
        "major_run", "major_tricon", "length_height",
    )

    def __init__(self, rules: Ruleset) -> None:
        # A game that declares its combinations for points (Piquet: a declare stage) reads
        # them from that stage; one that does not bid on a combination still evaluates
        # hands (the simulator's deal statistics, the bots): Lalanne's definitions stand in.
        pack = pack_of(rules)
        dc = rules.declare
        pr = rules.point or (dc.point_rules() if dc is not None else _DEFAULT_POINT)
        sr = rules.sequence or (dc.run_rules() if dc is not None else _DEFAULT_RUN)
        tr = rules.tricon or (dc.set_rules() if dc is not None else _DEFAULT_SET)

        # the 52-card king-high order is PLAIN_ORDER itself: Run takes its fast paths
        self.order: tuple[Rank, ...] = PLAIN_ORDER if pack.order == PLAIN_ORDER else tuple(pack.order)
        #: height[rank]: the rank's place in the order, from 1 (0: not in the pack)
        self.height: tuple[int, ...] = tuple(i + 1 for i in pack.position)
        self.rank_bits: int = 0  # the ranks of the pack, one bit each (bit rank - 1)
        for r in self.order:
            self.rank_bits |= 1 << (r - 1)
        #: the ranks whose cards make a set: every rank of the pack, or those from a declare
        #: stage's set_lowest_rank up in the pack's order (Piquet: tens and above)
        self.set_bits: int = self.rank_bits
        if dc is not None and rules.tricon is None:
            floor = self.height[dc.set_lowest_rank]
            self.set_bits = 0
            for r in self.order:
                if self.height[r] >= floor:
                    self.set_bits |= 1 << (r - 1)
        self.low: Rank = pack.low
        self.top: Rank = pack.top

        self.point_keys: tuple[str, ...] = tuple(pr.keys)
        _check_keys(rules, "point.keys", self.point_keys, ("cards", "value"))
        self.pt_value, self.pt_score, self.pt_obj = _point_tables(tuple(pack.values), self.point_keys)

        self.min_length: int = sr.min_length
        self.counts_up_to: int = sr.counts_up_to
        self.longer: bool = sr.longer_ranks_higher
        self.seq_keys: tuple[str, ...] = tuple(sr.keys)
        #: the keys are (length, height), the common order: run_key makes its pair directly
        self.length_height = self.seq_keys == ("length", "height")
        self.run_names = sr.names
        _check_keys(rules, "sequence.keys", self.seq_keys, ("length", "height"))
        if sr.major not in _MAJOR_RUN:
            raise ValueError(f"{rules.name}: sequence.major {sr.major!r} is not known "
                             f"(expected one of {sorted(_MAJOR_RUN)})")
        self.major_run: Callable[[int, Rank], bool] = _MAJOR_RUN[sr.major](pack.top)
        self.runs, self.seq_best_score, self.seq_best_run = _sequence_tables(
            sr.min_length, sr.counts_up_to, sr.longer_ranks_higher, self.seq_keys, self.order)

        self.min_set: int = tr.min_size
        if self.min_set not in SET_SIZES:
            raise ValueError(f"{rules.name}: tricon.min_size {self.min_set} is not 2, 3 or 4")
        if self.min_set < 3:
            global _PAIRS_COUNT
            _PAIRS_COUNT = True
        self.set_names = tr.names
        self.tri_keys: tuple[str, ...] = tuple(tr.keys)
        _check_keys(rules, "tricon.keys", self.tri_keys, ("size", "rank"))
        if tr.major not in _MAJOR_TRICON:
            raise ValueError(f"{rules.name}: tricon.major {tr.major!r} is not known "
                             f"(expected one of {sorted(_MAJOR_TRICON)})")
        self.major_tricon: Callable[[Rank], bool] = _MAJOR_TRICON[tr.major]
        self.trio_score = _trio_scores(self.tri_keys, self.order)

        self.seq_pay = {n: (p.plain, p.major) for n, p in sr.payments.items()}
        self.tri_pay = {n: (p.plain, p.major) for n, p in tr.payments.items()}
        for label, claim in (("sequence", sr.claim), ("tricon", tr.claim)):
            if claim not in ("declared-only", "lower-than-declared", "all-held"):
                raise ValueError(f"{rules.name}: {label}.claim {claim!r} is not known (expected "
                                 "declared-only, lower-than-declared or all-held)")
        self.seq_claim: str = sr.claim
        self.tri_claim: str = tr.claim

    def counted(self, length: int) -> int:
        return length if length < self.counts_up_to else self.counts_up_to

    def run_key(self, run: Run) -> tuple[int, ...]:
        n = _run_len_for_key(run.length, self.counts_up_to, self.longer)
        h = self.height[run.top]
        if self.length_height:
            return (n, h)
        return tuple(n if k == "length" else h for k in self.seq_keys)

    def sets(self, hand: Hand) -> tuple[int, int, int]:
        """(ranks held at least ``min_set`` times, ranks held 3 or more times, ranks held
        4 times) as 13-bit masks, ranks of the pack only."""
        a = hand & SUIT_MASK
        b = (hand >> 13) & SUIT_MASK
        c = (hand >> 26) & SUIT_MASK
        d = (hand >> 39) & SUIT_MASK
        ab, cd = a & b, c & d
        ge3 = (ab & (c | d)) | (cd & (a | b))
        four = ab & cd
        least = self.min_set
        if least == 3:
            counted = ge3
        elif least == 2:
            counted = ab | cd | ((a | b) & (c | d))
        else:
            counted = four
        return counted & self.set_bits, ge3, four


_tables = per_ruleset(_Tables)
_tables.__doc__ = "The derived tables of ``rules`` (made once per ruleset object)."


# ------------------------------------------------------------- point ----


def suit_points(hand: Hand, rules: Ruleset) -> tuple[Point, ...]:
    """Each suit's (cards, value) in ``hand``, spades to clubs, empty suits included.

    >>> from hocdsl.cards import parse_hand
    >>> from hocdsl.rules import load_ruleset
    >>> suit_points(parse_hand("JS 8S 7S AS KD"), load_ruleset("hoc-mazarin"))[0]
    Point(cards=4, value=26, suit=0)
    """
    t = _tables(rules)
    out = []
    for s in range(4):
        p = (hand >> (s * 13)) & SUIT_MASK
        out.append(Point(_POPCOUNT[p], t.pt_value[p], s))
    return tuple(out)


def point_score(hand: Hand, rules: Ruleset) -> int:
    """The best point of ``hand`` as one ``int`` ordered like :func:`point_key` (0: no cards).

    Suits with equal keys score equal; any card scores above no card.
    """
    sc = _tables(rules).pt_score
    a = sc[hand & SUIT_MASK]
    b = sc[(hand >> 13) & SUIT_MASK]
    c = sc[(hand >> 26) & SUIT_MASK]
    d = sc[(hand >> 39) & SUIT_MASK]
    if b > a:
        a = b
    if c > a:
        a = c
    return d if d > a else a


def best_point(hand: Hand, rules: Ruleset) -> Point | None:
    """The best suit of ``hand`` by ``rules.point.keys``; None for an empty hand.

    Suits with equal keys are equal for the chance; the first (spades first) is returned.
    """
    t = _tables(rules)
    sc = t.pt_score
    a = hand & SUIT_MASK
    b = (hand >> 13) & SUIT_MASK
    c = (hand >> 26) & SUIT_MASK
    d = (hand >> 39) & SUIT_MASK
    best, idx = sc[a], a
    if sc[b] > best:
        best, idx = sc[b], NPAT | b
    if sc[c] > best:
        best, idx = sc[c], 2 * NPAT | c
    if sc[d] > best:
        best, idx = sc[d], 3 * NPAT | d
    if not best:
        return None
    pt = t.pt_obj[idx]
    if pt is None:
        p = idx & SUIT_MASK
        pt = t.pt_obj[idx] = Point(_POPCOUNT[p], t.pt_value[p], idx >> 13)
    return pt


def point_key(p: Point, rules: Ruleset) -> tuple[int, ...]:
    """The comparison key of a point: its fields in ``rules.point.keys`` order.

    >>> from hocdsl.rules import load_ruleset
    >>> point_key(Point(4, 26, 0), load_ruleset("hoc-mazarin"))   # keys [cards, value]
    (4, 26)
    """
    return tuple(p.cards if k == "cards" else p.value for k in _tables(rules).point_keys)


# --------------------------------------------------------- sequences ----


def counted_length(run: Run, rules: Ruleset) -> int:
    """How long ``run`` counts for payment and naming: ``min(length, counts_up_to)``."""
    return _tables(rules).counted(run.length)


def run_key(run: Run, rules: Ruleset) -> tuple[int, ...]:
    """The comparison key of a run, in ``rules.sequence.keys`` order.

    ``length`` is the counted length, or the actual length when
    ``rules.sequence.longer_ranks_higher``; ``height`` is the top card's place
    in the pack's order (the top rank in the 52-card king-high pack).
    """
    return _tables(rules).run_key(run)


def sequences(hand: Hand, rules: Ruleset) -> tuple[Run, ...]:
    """Every maximal run of ``hand`` at least ``min_length`` long, best first.

    Runs with equal keys come in suit order (spades first), then lower first.
    """
    t = _tables(rules)
    runs = t.runs
    out: tuple[Run, ...] = ()
    for s in range(4):
        r = runs[s][(hand >> (s * 13)) & SUIT_MASK]
        if r:
            out += r
    if len(out) > 1:
        out = tuple(sorted(out, key=t.run_key, reverse=True))
    return out


def sequence_score(hand: Hand, rules: Ruleset) -> int:
    """The best run of ``hand`` as one ``int`` ordered like :func:`run_key`; -1 if none."""
    sc = _tables(rules).seq_best_score
    a = sc[hand & SUIT_MASK]
    b = sc[(hand >> 13) & SUIT_MASK]
    c = sc[(hand >> 26) & SUIT_MASK]
    d = sc[(hand >> 39) & SUIT_MASK]
    if b > a:
        a = b
    if c > a:
        a = c
    return d if d > a else a


def best_sequence(hand: Hand, rules: Ruleset) -> Run | None:
    """The best run of ``hand`` by :func:`run_key`; None if it holds none."""
    t = _tables(rules)
    sc = t.seq_best_score
    best_s, best_p, best = -1, 0, -1
    for s in range(4):
        p = (hand >> (s * 13)) & SUIT_MASK
        v = sc[p]
        if v > best:
            best_s, best_p, best = s, p, v
    if best_s < 0:
        return None
    return t.seq_best_run[best_s][best_p]


def held_run(hand: Hand, length: int, top: Rank | None, rules: Ruleset) -> Run | None:
    """A run of exactly ``length`` cards to ``top`` held in ``hand`` (the first suit that
    holds it), or with ``top`` None the highest such run (the first suit of the highest);
    None if the hand holds none. A run may lie within a longer one (a player may declare
    less than he holds).

    Raises ValueError if no run of ``length`` reaches ``top`` in the pack's order.

    >>> from hocdsl.cards import parse_hand
    >>> from hocdsl.rules import load_ruleset
    >>> rules = load_ruleset("hoc-mazarin")
    >>> held_run(parse_hand("9H 10H JH QH 2S 3S 4S"), 3, None, rules)
    Run(suit=1, length=3, top=12)
    >>> held_run(parse_hand("9H 10H JH QH"), 3, 11, rules), held_run(parse_hand("9H"), 3, 11, rules)
    (Run(suit=1, length=3, top=11), None)
    """
    t = _tables(rules)
    order = t.order
    if top is not None:
        h = t.height[top] if 1 <= top <= 13 else 0
        if not 1 <= length <= h:
            raise ValueError(f"no run of {length} reaches up to rank {top}")
    elif not 1 <= length <= len(order):
        raise ValueError(f"no run of {length} in a pack of {len(order)} ranks")
    window = (1 << length) - 1
    best_h, best_s = -1, -1
    for s in range(4):
        bits = (hand >> (s * 13)) & SUIT_MASK
        if order is not PLAIN_ORDER:  # the suit's cards by place in the order, lowest first
            q = 0
            for i, r in enumerate(order):
                q |= (bits >> (r - 1) & 1) << i
            bits = q
        if top is not None:
            if (bits >> (h - length)) & window == window:
                best_h, best_s = h, s
                break
        else:
            m = bits
            for i in range(1, length):
                m &= bits >> i
            if m:
                hs = m.bit_length() - 1 + length  # lowest card's place + length = top's height
                if hs > best_h:
                    best_h, best_s = hs, s
    if best_s < 0:
        return None
    return run_of(best_s, length, order[best_h - 1], order)


def is_major_run(run: Run, rules: Ruleset) -> bool:
    """True if ``run`` is major under ``rules.sequence.major`` (``to-the-king``: to the
    pack's top card)."""
    return _tables(rules).major_run(run.length, run.top)


def is_minor_run(run: Run) -> bool:
    """True if ``run`` starts at the lowest card of its order (002 §3.2 "mineure": the ace)."""
    return run.bottom == run.order[0]


def sequence_payment(run: Run, rules: Ruleset) -> int:
    """What one other player pays for ``run``, single game (002 §7.2; 003).

    ``rules.sequence.payments[counted length]``, major or plain.
    """
    t = _tables(rules)
    n = t.counted(run.length)
    try:
        plain, major = t.seq_pay[n]
    except KeyError:
        raise ValueError(f"{rules.name}: sequence.payments has no entry for a run of {n}") from None
    return major if t.major_run(run.length, run.top) else plain


def sequence_name(run: Run, rules: Ruleset) -> str:
    """The run's name: the first of ``rules.sequence.names[counted length]`` (``quinte``)."""
    t = _tables(rules)
    names = t.run_names.get(t.counted(run.length))
    return names[0] if names else f"sequence of {run.length}"


def _run_span(run: Run, t: _Tables) -> tuple[int, int]:
    """The places in the pack's order of the run's lowest and highest cards, from 1."""
    hi = t.height[run.top] if 1 <= run.top <= 13 else 0
    return hi - run.length + 1, hi


def _held_run(hand: Hand, run: Run, rules: Ruleset, t: _Tables) -> None:
    lo, hi = _run_span(run, t)
    if run.length < t.min_length or hi < 1 or lo < 1:
        raise ValueError(f"{run} is no sequence under {rules.name} "
                         f"(at least {t.min_length} cards, in the pack's order)")
    base = run.suit * 13 - 1
    for r in t.order[lo - 1:hi]:
        if not hand >> (base + r) & 1:
            raise ValueError(f"{run} is not held in this hand")


def claimable_sequences(hand: Hand, declared: Run, rules: Ruleset) -> tuple[Run, ...]:
    """The runs the winner may be paid for, ``declared`` first (002 §7.2; 003).

    By ``rules.sequence.claim``: ``declared-only`` -> ``(declared,)``;
    ``lower-than-declared`` -> also every other run of the hand whose key is
    strictly below the declared one's; ``all-held`` -> also every other run.
    ``declared`` must be held; it may be shorter than the maximal run it lies in
    (a player may declare less than he holds), and the run it lies in is then
    not claimed besides it.
    """
    t = _tables(rules)
    _held_run(hand, declared, rules, t)
    if t.seq_claim == "declared-only":
        return (declared,)
    out = [declared]
    dkey = t.run_key(declared)
    lo, hi = _run_span(declared, t)
    for r in sequences(hand, rules):
        r_lo, r_hi = _run_span(r, t)
        if r.suit == declared.suit and r_lo <= hi and r_hi >= lo:
            continue  # the run the declared one lies in
        if t.seq_claim == "all-held" or t.run_key(r) < dkey:
            out.append(r)
    return tuple(out)


# ----------------------------------------------------------- tricons ----


def _rank_sets(hand: Hand) -> tuple[int, int]:
    """(ranks held 3 or more times, ranks held 4 times) as 13-bit masks."""
    a = hand & SUIT_MASK
    b = (hand >> 13) & SUIT_MASK
    c = (hand >> 26) & SUIT_MASK
    d = (hand >> 39) & SUIT_MASK
    ab, cd = a & b, c & d
    return (ab & (c | d)) | (cd & (a | b)), ab & cd


_NO_SCORES: Final[dict[tuple[Rank, int], int]] = {}


def _counted_sets(hand: Hand, rules: Ruleset) -> tuple[int, int, int, dict[tuple[Rank, int], int]]:
    """(ranks held as a counted set, ranks held 3 or more times, ranks held 4 times, each
    set's score by (rank, size)): the sets ``hand`` holds at ``rules.tricon.min_size`` and
    up, for :func:`tricons`, :func:`tricon_score` and :func:`best_tricon`. The ruleset's
    tables are looked up only when a set is possible."""
    ge3, four = _rank_sets(hand)
    if not ge3 and not _PAIRS_COUNT:  # no brelan, and no ruleset counts pairs: nothing to look up
        # ... unless this ruleset counts pairs and its tables, which say so, are not built
        # yet: building them sets _PAIRS_COUNT (a hand's first look at the Poque's pairs)
        _tables(rules)
        if not _PAIRS_COUNT:
            return 0, 0, 0, _NO_SCORES
    t = _tables(rules)
    if t.min_set == 3:
        return ge3 & t.set_bits, ge3, four, t.trio_score
    counted, ge3, four = t.sets(hand)
    return counted, ge3, four, t.trio_score


def set_ranks(hand: Hand, rules: Ruleset) -> int:
    """The ranks of which ``hand`` holds a set (at least ``rules.tricon.min_size`` cards),
    as a 13-bit mask (bit ``rank - 1``).

    >>> from hocdsl.cards import parse_hand
    >>> from hocdsl.rules import load_ruleset
    >>> bin(set_ranks(parse_hand("KS KH KD 2S 2H"), load_ruleset("hoc-mazarin")))
    '0b1000000000000'
    """
    return _tables(rules).sets(hand)[0]


def tricons(hand: Hand, rules: Ruleset) -> tuple[Trio, ...]:
    """Every set of ``hand`` (ranks held ``min_size`` to 4 times), best first by :func:`tricon_key`."""
    counted, ge3, four, sc = _counted_sets(hand, rules)
    if not counted:
        return ()
    found = []
    while counted:
        low = counted & -counted
        counted ^= low
        r = low.bit_length()
        s = 4 if four & low else 3 if ge3 & low else 2
        found.append((sc[r, s], _TRIOS[r, s]))
    found.sort(key=lambda x: -x[0])
    return tuple(tr for _, tr in found)


def tricon_key(t: Trio, rules: Ruleset) -> tuple[int, ...]:
    """The comparison key of a set, in ``rules.tricon.keys`` order (size, rank); the rank
    counts by its place in the pack's order (aces above kings in an ace-high pack)."""
    tb = _tables(rules)
    h = tb.height[t.rank]
    return tuple(t.size if k == "size" else h for k in tb.tri_keys)


def tricon_score(hand: Hand, rules: Ruleset) -> int:
    """The best set of ``hand`` as one ``int`` ordered like :func:`tricon_key`; -1 if none."""
    counted, ge3, four, sc = _counted_sets(hand, rules)
    if not counted:
        return -1
    best = -1
    while counted:
        low = counted & -counted
        counted ^= low
        v = sc[low.bit_length(), 4 if four & low else 3 if ge3 & low else 2]
        if v > best:
            best = v
    return best


def best_tricon(hand: Hand, rules: Ruleset) -> Trio | None:
    """The best set of ``hand``; None if it holds none."""
    counted, ge3, four, sc = _counted_sets(hand, rules)
    if not counted:
        return None
    best, best_t = -1, None
    while counted:
        low = counted & -counted
        counted ^= low
        r = low.bit_length()
        s = 4 if four & low else 3 if ge3 & low else 2
        v = sc[r, s]
        if v > best:
            best, best_t = v, _TRIOS[r, s]
    return best_t


def makes_sets(rank: Rank, rules: Ruleset) -> bool:
    """Whether cards of ``rank`` make a set under ``rules``: a rank of the pack, and in a game
    that declares its combinations for points, one from its ``set_lowest_rank`` up (Piquet:
    tens and above, eb14-piq p. 2).

    >>> from hocdsl.rules import load_ruleset
    >>> makes_sets(9, load_ruleset("piquet")), makes_sets(10, load_ruleset("piquet"))
    (False, True)
    """
    return 1 <= rank <= 13 and bool(_tables(rules).set_bits >> (rank - 1) & 1)


def is_major_tricon(t: Trio, rules: Ruleset) -> bool:
    """True if ``t`` is major under ``rules.tricon.major`` (``kings``)."""
    return _tables(rules).major_tricon(t.rank)


def is_minor_tricon(t: Trio) -> bool:
    """True if ``t`` is of aces (002 §3.3 "mineur")."""
    return t.rank == ACE


def tricon_payment(t: Trio, rules: Ruleset) -> int:
    """What one other player pays for ``t``, single game: ``rules.tricon.payments[size]``."""
    tb = _tables(rules)
    try:
        plain, major = tb.tri_pay[t.size]
    except KeyError:
        raise ValueError(f"{rules.name}: tricon.payments has no entry for size {t.size}") from None
    return major if tb.major_tricon(t.rank) else plain


def tricon_name(t: Trio, rules: Ruleset) -> str:
    """The set's name: the first of ``rules.tricon.names[size]`` (``brelan``, ``carré``)."""
    names = _tables(rules).set_names.get(t.size)
    return names[0] if names else f"tricon of {t.size}"


def claimable_tricons(hand: Hand, declared: Trio, rules: Ruleset) -> tuple[Trio, ...]:
    """The sets the winner may be paid for, ``declared`` first (002 §7.3; 003).

    By ``rules.tricon.claim``: ``declared-only``, ``lower-than-declared``
    (other sets of the hand strictly below the declared one), ``all-held``
    (every other set of the hand). ``declared`` must be held (a carré
    holder may declare a brelan of that rank; the carré is then not claimed
    besides it).
    """
    t = _tables(rules)
    if not t.min_set <= declared.size <= 4 or not (1 <= declared.rank <= 13 and t.set_bits >> (declared.rank - 1) & 1):
        raise ValueError(f"{declared} is no tricon under {rules.name} "
                         f"({t.min_set} to 4 cards of a rank of the pack)")
    if (hand & RANK_MASKS[declared.rank - 1]).bit_count() < declared.size:
        raise ValueError(f"{declared} is not held in this hand")
    if t.tri_claim == "declared-only":
        return (declared,)
    out = [declared]
    dkey = tricon_key(declared, rules)
    for tr in tricons(hand, rules):
        if tr.rank == declared.rank:
            continue
        if t.tri_claim == "all-held" or tricon_key(tr, rules) < dkey:
            out.append(tr)
    return tuple(out)


# ----------------------------------------------------------- all at once ----


def _best4(a: int, b: int, c: int, d: int) -> int:
    """The greatest of four ints: ``max(a, b, c, d)`` without a generic call, compiled."""
    m = a if a > b else b
    if c > m:
        m = c
    return d if d > m else m


def hand_scores(hand: Hand, rules: Ruleset) -> tuple[int, int, int, bool]:
    """``(point_score, sequence_score, tricon_score, is_blank)`` in one call, for simulators.

    The same values as the four functions, with one table look-up.

    >>> from hocdsl.cards import parse_hand
    >>> from hocdsl.rules import load_ruleset
    >>> rules = load_ruleset("hoc-mazarin")
    >>> h = parse_hand("9S 10S JS 2H 2D 2C")
    >>> hand_scores(h, rules) == (point_score(h, rules), sequence_score(h, rules),
    ...                           tricon_score(h, rules), is_blank(h))
    True
    """
    t = _tables(rules)
    a = hand & SUIT_MASK
    b = (hand >> 13) & SUIT_MASK
    c = (hand >> 26) & SUIT_MASK
    d = (hand >> 39) & SUIT_MASK
    # the best of the four suits, compared inline (compiled, max() of four is a generic call)
    sc = t.pt_score
    pt = _best4(sc[a], sc[b], sc[c], sc[d])
    sc = t.seq_best_score
    sq = _best4(sc[a], sc[b], sc[c], sc[d])
    if t.min_set != 3:
        return pt, sq, tricon_score(hand, rules), not hand & COURT_CARDS
    ab, cd = a & b, c & d
    ge3 = ((ab & (c | d)) | (cd & (a | b))) & t.set_bits
    tri = -1
    if ge3:
        four = ab & cd
        ts = t.trio_score
        while ge3:
            low = ge3 & -ge3
            ge3 ^= low
            v = ts[low.bit_length(), 4 if four & low else 3]
            if v > tri:
                tri = v
    return pt, sq, tri, not hand & COURT_CARDS
