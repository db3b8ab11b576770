"""The three chances evaluated on a hand: point, sequences, tricons; and the blank hand.

Everything here is a pure function of an ``int`` hand (see :mod:`hocdsl.cards`)
and a :class:`~hocdsl.rules.model.Ruleset`; every parameter comes from the
ruleset, nothing is settled in code. Keys compare with plain tuple comparison,
bigger is better.

- **point** (Lalanne 002 §3.1): for each suit, how many cards and what they are
  worth (courts ``rules.pack.court_value``, ace ``rules.pack.ace_value``, pips
  their face); the best suit by ``rules.point.keys`` in order. ``["cards",
  "value"]``: most cards, ties by value; ``["value"]``: highest value.
- **sequences** (002 §3.2; Hoca 003 "La séquence"): every maximal run of
  consecutive ranks in one suit at least ``rules.sequence.min_length`` long.
  Aces are low (A-2-3 is a minor tierce) and there is no wrap (K-A is no run).
  A run longer than ``counts_up_to`` counts as that long for payment; for
  comparison it counts as that long too unless ``longer_ranks_higher``.
  Major = to the king; minor = from the ace.
- **tricons** (002 §3.3; 003 "Le tricon"): 3 or 4 cards of a rank (brelan,
  carré); major = kings, minor = aces.
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

Speed: each suit of a hand is a 13-bit pattern (:func:`hocdsl.cards.suit_bits`);
per ruleset, tables over all 8192 patterns hold the point score, the runs (as
interned :class:`Run` objects) and the best run's score, so evaluating a hand
is a few shifts, masks and list look-ups with no allocation. The ``*_score``
functions return a plain ``int`` ordered like the key, for simulators.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable

from .cards import ACE, JACK, KING, QUEEN, RANK_MASKS, SUIT_MASK
from .rules.cache import per_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from .rules.model import Ruleset

__all__ = [
    "Point", "Run", "Trio",
    "best_point", "point_key", "point_score", "suit_points",
    "sequences", "run_key", "counted_length", "best_sequence", "sequence_score",
    "is_major_run", "is_minor_run", "sequence_payment", "claimable_sequences", "sequence_name",
    "tricons", "tricon_key", "best_tricon", "tricon_score",
    "is_major_tricon", "is_minor_tricon", "tricon_payment", "claimable_tricons", "tricon_name",
    "is_blank", "COURT_CARDS", "hand_scores",
]

NPAT = 1 << 13  # number of 13-bit suit patterns


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
    """A run of consecutive ranks in one suit: ``length`` cards up to ``top``.

    ``length`` is the actual length (a run of 7 has length 7 even where it
    counts as a quinte); ``top`` is the rank of its highest card (13 king).

    >>> Run(0, 3, 12).bottom, Run(0, 3, 12).cards
    (10, 3584)
    """

    suit: int
    length: int
    top: int

    @property
    def bottom(self) -> int:
        """The rank of the run's lowest card."""
        return self.top - self.length + 1

    @property
    def cards(self) -> int:
        """The run as a hand (bitset)."""
        return ((1 << self.length) - 1) << (self.suit * 13 + self.bottom - 1)


@dataclass(frozen=True, slots=True)
class Trio:
    """A tricon: ``size`` (3 brelan, 4 carré) cards of ``rank``.

    >>> Trio(13, 4)
    Trio(rank=13, size=4)
    """

    rank: int
    size: int

    @property
    def cards(self) -> int:
        """The cards of ``rank`` (all four suits; a brelan holds three of them)."""
        return RANK_MASKS[self.rank - 1]


# ------------------------------------------------- ruleset-free tables ----

#: For each 13-bit pattern, its maximal runs (length >= 1) as (length, top), longest first.
_RAW_RUNS: list[tuple[tuple[int, int], ...]] = []
for _p in range(NPAT):
    _runs: list[tuple[int, int]] = []
    _r = 0
    while _r < 13:
        if _p >> _r & 1:
            _start = _r
            while _r < 13 and _p >> _r & 1:
                _r += 1
            _runs.append((_r - _start, _r))  # length, top rank (= index of last + 1)
        else:
            _r += 1
    _RAW_RUNS.append(tuple(_runs))
del _p, _runs, _r

_POPCOUNT = [p.bit_count() for p in range(NPAT)]

_COURT_BITS = (1 << (JACK - 1)) | (1 << (QUEEN - 1)) | (1 << (KING - 1))
#: The twelve courts (K, Q, J of each suit) as a hand.
COURT_CARDS = _COURT_BITS | _COURT_BITS << 13 | _COURT_BITS << 26 | _COURT_BITS << 39

_TRIOS = {(r, s): Trio(r, s) for r in range(1, 14) for s in (3, 4)}


def is_blank(hand: int) -> bool:
    """True if ``hand`` holds no king, queen or jack (cartes blanches, 002 §8).

    >>> from hocdsl.cards import parse_hand
    >>> is_blank(parse_hand("10S 9H AD")), is_blank(parse_hand("10S JH"))
    (True, False)
    """
    return not hand & COURT_CARDS


# --------------------------------------------- per-ruleset derived tables ----


def _pack(parts: list[tuple[int, int]]) -> int:
    """Fold (component, base) pairs into one int ordered like the tuple of components."""
    score = 0
    for comp, base in parts:
        score = score * base + comp
    return score


_MAJOR_RUN: dict[str, Callable[[int, int], bool]] = {
    "to-the-king": lambda length, top: top == KING,
}
_MAJOR_TRICON: dict[str, Callable[[int], bool]] = {
    "kings": lambda rank: rank == KING,
}


def _check_keys(rules: Ruleset, knob: str, keys: tuple[str, ...], allowed: tuple[str, ...]) -> None:
    for k in keys:
        if k not in allowed:
            raise ValueError(f"{rules.name}: {knob} has unknown key {k!r} "
                             f"(expected one of {', '.join(allowed)})")


def _run_len_for_key(length: int, counts_up_to: int, longer: bool) -> int:
    """The length a run compares by: actual if longer runs rank higher, else capped."""
    return length if longer or length < counts_up_to else counts_up_to


@lru_cache(maxsize=None)
def _point_tables(court: int, ace: int, keys: tuple[str, ...]) -> tuple[list[int], list[int], list]:
    """(value, score, interned Points) per 13-bit pattern, for these values and keys."""
    rank_value = [0] * 14
    for r in range(1, 14):
        rank_value[r] = court if r in (JACK, QUEEN, KING) else (ace if r == ACE else r)
    value = [0] * NPAT
    for p in range(1, NPAT):
        low = p & -p
        value[p] = value[p ^ low] + rank_value[low.bit_length()]
    comps = {"cards": (_POPCOUNT, 14), "value": (value, max(value) + 1)}
    # +1 so that any non-empty suit scores above an empty one, whatever the values
    score = [0] + [1 + _pack([(comps[k][0][p], comps[k][1]) for k in keys]) for p in range(1, NPAT)]
    points: list[Point | None] = [None] * (4 * NPAT)  # index suit << 13 | pattern, filled on use
    return value, score, points


@lru_cache(maxsize=None)
def _sequence_tables(min_length: int, counts_up_to: int, longer: bool, keys: tuple[str, ...]):
    """(runs[suit][pattern] best first, best score[pattern], best run[suit][pattern])."""
    def score(length: int, top: int) -> int:
        return _pack([(_run_len_for_key(length, counts_up_to, longer), 14) if k == "length"
                      else (top, 14) for k in keys])

    scored = []  # per pattern: [(score, length, top)] best first; suit-free
    for p in range(NPAT):
        found = [(score(length, top), length, top)
                 for length, top in _RAW_RUNS[p] if length >= min_length]
        found.sort(key=lambda x: -x[0])  # stable: equal keys keep rank order
        scored.append(found)
    best_score = [f[0][0] if f else -1 for f in scored]
    runs = []
    best_run = []
    for s in range(4):
        interned = {(length, top): Run(s, length, top)
                    for length in range(1, 14) for top in range(length, 14)}
        per_suit = [tuple(interned[length, top] for _, length, top in f) for f in scored]
        runs.append(per_suit)
        best_run.append([r[0] if r else None for r in per_suit])
    return runs, best_score, best_run


@lru_cache(maxsize=None)
def _trio_scores(keys: tuple[str, ...]) -> dict[tuple[int, int], int]:
    base = {"size": 5, "rank": 14}
    return {(r, s): _pack([((s if k == "size" else r), base[k]) for k in keys])
            for r in range(1, 14) for s in (3, 4)}


def _defaults() -> tuple[Any, Any, Any]:
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
        "point_keys", "pt_score", "pt_value", "pt_obj",
        "counts_up_to", "longer", "seq_keys", "runs", "seq_best_score", "seq_best_run",
        "tri_keys", "trio_score", "seq_pay", "tri_pay", "seq_claim", "tri_claim",
        "major_run", "major_tricon",
    )

    def __init__(self, rules: Ruleset) -> None:
        # A game that does not bid on a combination still evaluates hands (the
        # simulator's deal statistics, the bots): Lalanne's definitions stand in.
        t = rules.pack
        pr = rules.point or _DEFAULT_POINT
        sr = rules.sequence or _DEFAULT_RUN
        tr = rules.tricon or _DEFAULT_SET

        self.point_keys = tuple(pr.keys)
        _check_keys(rules, "point.keys", self.point_keys, ("cards", "value"))
        self.pt_value, self.pt_score, self.pt_obj = _point_tables(
            t.court_value, t.ace_value, self.point_keys)

        self.counts_up_to = sr.counts_up_to
        self.longer = sr.longer_ranks_higher
        self.seq_keys = tuple(sr.keys)
        _check_keys(rules, "sequence.keys", self.seq_keys, ("length", "height"))
        if sr.major not in _MAJOR_RUN:
            raise ValueError(f"{rules.name}: sequence.major {sr.major!r} is not known "
                             f"(expected one of {sorted(_MAJOR_RUN)})")
        self.major_run = _MAJOR_RUN[sr.major]
        self.runs, self.seq_best_score, self.seq_best_run = _sequence_tables(
            sr.min_length, sr.counts_up_to, sr.longer_ranks_higher, self.seq_keys)

        self.tri_keys = tuple(tr.keys)
        _check_keys(rules, "tricon.keys", self.tri_keys, ("size", "rank"))
        if tr.major not in _MAJOR_TRICON:
            raise ValueError(f"{rules.name}: tricon.major {tr.major!r} is not known "
                             f"(expected one of {sorted(_MAJOR_TRICON)})")
        self.major_tricon = _MAJOR_TRICON[tr.major]
        self.trio_score = _trio_scores(self.tri_keys)

        self.seq_pay = {n: (p.plain, p.major) for n, p in sr.payments.items()}
        self.tri_pay = {n: (p.plain, p.major) for n, p in tr.payments.items()}
        for label, claim in (("sequence", sr.claim), ("tricon", tr.claim)):
            if claim not in ("declared-only", "lower-than-declared", "all-held"):
                raise ValueError(f"{rules.name}: {label}.claim {claim!r} is not known (expected "
                                 "declared-only, lower-than-declared or all-held)")
        self.seq_claim = sr.claim
        self.tri_claim = tr.claim

    def counted(self, length: int) -> int:
        return length if length < self.counts_up_to else self.counts_up_to

    def run_key(self, run: Run) -> tuple[int, ...]:
        n = _run_len_for_key(run.length, self.counts_up_to, self.longer)
        return tuple(n if k == "length" else run.top for k in self.seq_keys)


_tables = per_ruleset(_Tables)
_tables.__doc__ = "The derived tables of ``rules`` (made once per ruleset object)."


# ------------------------------------------------------------- point ----


def suit_points(hand: int, rules: Ruleset) -> tuple[Point, ...]:
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


def point_score(hand: int, rules: Ruleset) -> int:
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


def best_point(hand: int, rules: Ruleset) -> Point | None:
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
    n = rules.sequence.counts_up_to
    return run.length if run.length < n else n


def run_key(run: Run, rules: Ruleset) -> tuple[int, ...]:
    """The comparison key of a run, in ``rules.sequence.keys`` order.

    ``length`` is the counted length, or the actual length when
    ``rules.sequence.longer_ranks_higher``; ``height`` is the top rank.
    """
    return _tables(rules).run_key(run)


def sequences(hand: int, rules: Ruleset) -> tuple[Run, ...]:
    """Every maximal run of ``hand`` at least ``min_length`` long, best first.

    Runs with equal keys come in suit order (spades first), then lower first.
    """
    runs = _tables(rules).runs
    out: tuple[Run, ...] = ()
    for s in range(4):
        r = runs[s][(hand >> (s * 13)) & SUIT_MASK]
        if r:
            out += r
    if len(out) > 1:
        rk = _tables(rules).run_key
        out = tuple(sorted(out, key=rk, reverse=True))
    return out


def sequence_score(hand: int, rules: Ruleset) -> int:
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


def best_sequence(hand: int, rules: Ruleset) -> Run | None:
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


def is_major_run(run: Run, rules: Ruleset) -> bool:
    """True if ``run`` is major under ``rules.sequence.major`` (``to-the-king``)."""
    return _tables(rules).major_run(run.length, run.top)


def is_minor_run(run: Run) -> bool:
    """True if ``run`` starts at the ace (002 §3.2 "mineure")."""
    return run.bottom == ACE


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
    names = rules.sequence.names.get(counted_length(run, rules))
    return names[0] if names else f"sequence of {run.length}"


def _held_run(hand: int, run: Run, rules: Ruleset) -> None:
    if run.length < rules.sequence.min_length or run.top > KING or run.bottom < ACE:
        raise ValueError(f"{run} is no sequence under {rules.name} "
                         f"(at least {rules.sequence.min_length} cards, ace to king)")
    if run.cards & ~hand:
        raise ValueError(f"{run} is not held in this hand")


def claimable_sequences(hand: int, declared: Run, rules: Ruleset) -> tuple[Run, ...]:
    """The runs the winner may be paid for, ``declared`` first (002 §7.2; 003).

    By ``rules.sequence.claim``: ``declared-only`` -> ``(declared,)``;
    ``lower-than-declared`` -> also every other run of the hand whose key is
    strictly below the declared one's; ``all-held`` -> also every other run.
    ``declared`` must be held; it may be shorter than the maximal run it lies in
    (a player may declare less than he holds), and the run it lies in is then
    not claimed besides it.
    """
    _held_run(hand, declared, rules)
    t = _tables(rules)
    if t.seq_claim == "declared-only":
        return (declared,)
    out = [declared]
    dkey = t.run_key(declared)
    lo, hi = declared.bottom, declared.top
    for r in sequences(hand, rules):
        if r.suit == declared.suit and r.bottom <= hi and r.top >= lo:
            continue  # the run the declared one lies in
        if t.seq_claim == "all-held" or t.run_key(r) < dkey:
            out.append(r)
    return tuple(out)


# ----------------------------------------------------------- tricons ----


def _rank_sets(hand: int) -> tuple[int, int]:
    """(ranks held 3 or more times, ranks held 4 times) as 13-bit masks."""
    a = hand & SUIT_MASK
    b = (hand >> 13) & SUIT_MASK
    c = (hand >> 26) & SUIT_MASK
    d = (hand >> 39) & SUIT_MASK
    ab, cd = a & b, c & d
    ge3 = (ab & (c | d)) | (cd & (a | b))
    return ge3, ab & cd


def tricons(hand: int, rules: Ruleset) -> tuple[Trio, ...]:
    """Every tricon of ``hand`` (ranks held 3 or 4 times), best first by :func:`tricon_key`."""
    ge3, four = _rank_sets(hand)
    if not ge3:
        return ()
    sc = _tables(rules).trio_score
    found = []
    while ge3:
        low = ge3 & -ge3
        ge3 ^= low
        r = low.bit_length()
        s = 4 if four & low else 3
        found.append((sc[r, s], _TRIOS[r, s]))
    found.sort(key=lambda x: -x[0])
    return tuple(t for _, t in found)


def tricon_key(t: Trio, rules: Ruleset) -> tuple[int, ...]:
    """The comparison key of a tricon, in ``rules.tricon.keys`` order (size, rank)."""
    return tuple(t.size if k == "size" else t.rank for k in _tables(rules).tri_keys)


def tricon_score(hand: int, rules: Ruleset) -> int:
    """The best tricon of ``hand`` as one ``int`` ordered like :func:`tricon_key`; -1 if none."""
    ge3, four = _rank_sets(hand)
    if not ge3:
        return -1
    sc = _tables(rules).trio_score
    best = -1
    while ge3:
        low = ge3 & -ge3
        ge3 ^= low
        r = low.bit_length()
        v = sc[r, 4 if four & low else 3]
        if v > best:
            best = v
    return best


def best_tricon(hand: int, rules: Ruleset) -> Trio | None:
    """The best tricon of ``hand``; None if it holds none."""
    ge3, four = _rank_sets(hand)
    if not ge3:
        return None
    sc = _tables(rules).trio_score
    best, best_t = -1, None
    while ge3:
        low = ge3 & -ge3
        ge3 ^= low
        r = low.bit_length()
        s = 4 if four & low else 3
        v = sc[r, s]
        if v > best:
            best, best_t = v, _TRIOS[r, s]
    return best_t


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
    """The tricon's name: the first of ``rules.tricon.names[size]`` (``brelan``, ``carré``)."""
    names = rules.tricon.names.get(t.size)
    return names[0] if names else f"tricon of {t.size}"


def claimable_tricons(hand: int, declared: Trio, rules: Ruleset) -> tuple[Trio, ...]:
    """The tricons the winner may be paid for, ``declared`` first (002 §7.3; 003).

    By ``rules.tricon.claim``: ``declared-only``, ``lower-than-declared``
    (other tricons of the hand strictly below the declared one), ``all-held``
    (every other tricon of the hand). ``declared`` must be held (a carré
    holder may declare a brelan of that rank; the carré is then not claimed
    besides it).
    """
    if declared.size not in (3, 4) or not 1 <= declared.rank <= 13:
        raise ValueError(f"{declared} is no tricon (3 or 4 cards of a rank)")
    if (hand & RANK_MASKS[declared.rank - 1]).bit_count() < declared.size:
        raise ValueError(f"{declared} is not held in this hand")
    t = _tables(rules)
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


def hand_scores(hand: int, rules: Ruleset) -> tuple[int, int, int, bool]:
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
    sc = t.pt_score
    pt = max(sc[a], sc[b], sc[c], sc[d])
    sc = t.seq_best_score
    sq = max(sc[a], sc[b], sc[c], sc[d])
    ab, cd = a & b, c & d
    ge3 = (ab & (c | d)) | (cd & (a | b))
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
