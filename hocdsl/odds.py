"""Exact odds of a dealt hand, by counting (no simulation).

Under a ruleset's deal each player's hand is a uniform random set of
``n = rules.hand_size(players)`` cards out of 52, and the players' hands are
disjoint. Every probability here is a :class:`fractions.Fraction`: the number
of hands with the property over ``C(52, n)``.

How the counts are made:

- one suit's 13 cards take 8192 patterns; for each, its size and its longest
  run. A hand is four independent patterns whose sizes add up to ``n``, so the
  number of hands whose every suit passes a test is the ``x**n`` coefficient of
  the product of the four suits' polynomials ``sum(x**size)`` over the patterns
  that pass (polynomial convolution);
- tricons the same way over the 13 ranks: a rank contributes ``C(4, k) x**k``
  for ``k`` cards of it held;
- the table by inclusion-exclusion over the players: any ``j`` given players'
  hands together are a uniform set of ``j * n`` cards, all blank exactly when
  that set avoids the 12 courts.

>>> from hocdsl.rules import load_ruleset
>>> report = odds_report(load_ruleset("hoc-mazarin"), 3)
>>> report["blank_hand"] == Fraction(comb(40, 12), comb(52, 12))
True
>>> render_odds(report, "fraction")["sequence_at_least"]["5"]
'196395315/20637940687'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:  # pragma: no cover
    from .rules.model import Ruleset

__all__ = [
    "Odds", "hand_odds", "odds_report", "render_odds", "render_probability",
    "longest_suit_counts", "sequence_free_count", "tricon_free_count", "blank_table_odds",
]

PACK = 52
SUIT_SIZE = 13
SUITS = 4
COURTS = 12  # kings, queens and jacks: the cards a blank hand lacks (002 §8)
NPAT = 1 << SUIT_SIZE


# ------------------------------------------------------- polynomials ----


def _mul(a: list[int], b: list[int], cap: int) -> list[int]:
    """Product of two polynomials (coefficient lists), truncated above degree ``cap``."""
    out = [0] * min(len(a) + len(b) - 1, cap + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if i + j > cap:
                    break
                out[i + j] += x * y
    return out


def _power_coeff(poly: list[int], k: int, n: int) -> int:
    """The ``x**n`` coefficient of ``poly ** k``."""
    result = [1]
    for _ in range(k):
        result = _mul(result, poly, n)
    return result[n] if n < len(result) else 0


@lru_cache(maxsize=None)
def _suit_table() -> tuple[tuple[int, int], ...]:
    """(size, longest run) for each of the 8192 patterns of one suit (no wrap K-A)."""
    out = []
    for p in range(NPAT):
        longest = run = 0
        for r in range(SUIT_SIZE):
            run = run + 1 if p >> r & 1 else 0
            longest = max(longest, run)
        out.append((p.bit_count(), longest))
    return tuple(out)


def _suit_poly(test) -> list[int]:
    """``sum(x**size)`` over the suit patterns passing ``test(size, longest_run)``."""
    poly = [0] * (SUIT_SIZE + 1)
    for size, longest in _suit_table():
        if test(size, longest):
            poly[size] += 1
    return poly


# ---------------------------------------------------------- counts ----


@lru_cache(maxsize=None)
def longest_suit_counts(n: int) -> tuple[int, ...]:
    """``counts[L]``: hands of ``n`` cards whose longest suit has exactly ``L`` cards.

    >>> sum(longest_suit_counts(12)) == comb(52, 12)
    True
    """
    at_most = []
    for cap in range(SUIT_SIZE + 1):
        poly = [comb(SUIT_SIZE, k) for k in range(cap + 1)]
        at_most.append(_power_coeff(poly, SUITS, n))
    return tuple(at_most[0] if L == 0 else at_most[L] - at_most[L - 1]
                 for L in range(SUIT_SIZE + 1))


@lru_cache(maxsize=None)
def sequence_free_count(n: int, length: int) -> int:
    """Hands of ``n`` cards holding no run of ``length`` or more in any suit."""
    return _power_coeff(_suit_poly(lambda size, longest: longest < length), SUITS, n)


@lru_cache(maxsize=None)
def tricon_free_count(n: int, size: int) -> int:
    """Hands of ``n`` cards holding no rank ``size`` or more times."""
    poly = [comb(SUITS, k) for k in range(size)]
    return _power_coeff(poly, SUIT_SIZE, n)


def blank_table_odds(n: int, players: int) -> tuple[Fraction, ...]:
    """``p[m]``: probability that exactly ``m`` of ``players`` hands of ``n`` cards are blank.

    Inclusion-exclusion: with ``q[j] = C(40, j n) / C(52, j n)`` the probability
    that ``j`` given players are all blank, ``P(exactly m) = sum over j >= m of
    (-1)**(j - m) C(j, m) C(players, j) q[j]``.
    """
    if players * n > PACK:
        raise ValueError(f"{players} hands of {n} cards need more than {PACK} cards")
    plain = PACK - COURTS
    q = [Fraction(comb(plain, j * n), comb(PACK, j * n)) for j in range(players + 1)]
    return tuple(
        sum((Fraction((-1) ** (j - m) * comb(j, m) * comb(players, j)) * q[j]
             for j in range(m, players + 1)), Fraction(0))
        for m in range(players + 1)
    )


# ------------------------------------------------------------ report ----


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact odds for one player's dealt hand, and for the table, under one ruleset."""

    ruleset: str
    players: int
    hand_size: int
    blank_hand: Fraction
    longest_suit: dict[int, Fraction]  # L -> P(longest suit has exactly L cards)
    sequence_at_least: dict[int, Fraction]  # k -> P(a run of k or more), min_length..counts_up_to
    tricon_at_least: dict[int, Fraction]  # 3 -> P(brelan or better), 4 -> P(carré)
    blank_at_least_one: Fraction  # at least one blank hand at the table
    blank_two_or_more: Fraction  # two or more (they cancel, 002 §8)

    def as_dict(self) -> dict[str, Any]:
        """The issue-4 JSON shape, probabilities as Fractions (see :func:`render_odds`)."""
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "hand_size": self.hand_size,
            "blank_hand": self.blank_hand,
            "longest_suit": {str(k): v for k, v in self.longest_suit.items()},
            "sequence_at_least": {str(k): v for k, v in self.sequence_at_least.items()},
            "tricon_at_least": {str(k): v for k, v in self.tricon_at_least.items()},
            "table": {
                "blank_at_least_one": self.blank_at_least_one,
                "blank_two_or_more": self.blank_two_or_more,
            },
        }


def hand_odds(rules: Ruleset, players: int) -> Odds:
    """Exact odds of a hand dealt under ``rules`` to one of ``players``.

    Sequences are counted as the ruleset counts them: "at least k" for each k
    from ``rules.sequence.min_length`` to ``rules.sequence.counts_up_to``; a
    longer run counts (a run of 7 is at least a quinte).
    """
    n = rules.hand_size(players)
    total = comb(PACK, n)
    blank = Fraction(comb(PACK - COURTS, n), total)
    counts = longest_suit_counts(n)
    longest = {L: Fraction(c, total) for L, c in enumerate(counts) if c}
    seq = rules.sequence
    seqs = {k: 1 - Fraction(sequence_free_count(n, k), total)
            for k in range(seq.min_length, seq.counts_up_to + 1)}
    trios = {k: 1 - Fraction(tricon_free_count(n, k), total) for k in (3, 4)}
    table = blank_table_odds(n, players)
    return Odds(
        ruleset=rules.name,
        players=players,
        hand_size=n,
        blank_hand=blank,
        longest_suit=longest,
        sequence_at_least=seqs,
        tricon_at_least=trios,
        blank_at_least_one=1 - table[0],
        blank_two_or_more=1 - table[0] - table[1],
    )


def odds_report(rules: Ruleset, players: int) -> dict[str, Any]:
    """:func:`hand_odds` as the issue-4 dict, probabilities as exact Fractions.

    ``{"hand_size": n, "blank_hand": p, "longest_suit": {"3": p, ...},
    "sequence_at_least": {"3": p, "4": p, "5": p}, "tricon_at_least": {"3": p, "4": p},
    "table": {"blank_at_least_one": p, "blank_two_or_more": p}}`` plus ``ruleset``
    and ``players``. Pass it to :func:`render_odds` for JSON.
    """
    return hand_odds(rules, players).as_dict()


Mode = Literal["fraction", "float", "both"]


def render_probability(p: Fraction, mode: Mode = "both") -> Any:
    """One probability for output: ``"a/b"``, a float, or ``{"fraction": "a/b", "float": x}``.

    >>> render_probability(Fraction(1, 4))
    {'fraction': '1/4', 'float': 0.25}
    """
    if mode == "fraction":
        return f"{p.numerator}/{p.denominator}"
    if mode == "float":
        return float(p)
    if mode == "both":
        return {"fraction": f"{p.numerator}/{p.denominator}", "float": float(p)}
    raise ValueError(f"mode {mode!r}: expected 'fraction', 'float' or 'both'")


def render_odds(report: dict[str, Any], mode: Mode = "both") -> dict[str, Any]:
    """A copy of an :func:`odds_report` dict with every Fraction rendered by ``mode``.

    The result is plain JSON (``json.dumps`` takes it as is).

    >>> render_odds({"hand_size": 12, "blank_hand": Fraction(1, 3)}, "fraction")
    {'hand_size': 12, 'blank_hand': '1/3'}
    """
    def walk(v: Any) -> Any:
        if isinstance(v, Fraction):
            return render_probability(v, mode)
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        return v

    return walk(report)
