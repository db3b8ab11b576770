"""One block of simulated hands, played and counted: the simulator's hot path, compiled.

:meth:`hocdsl.sim.runner.Table.play_block` sets a block up (its seeds, its bots) and
hands it here; :func:`play_hands` plays its parties and adds each finished hand to the
quantity totals ``y`` at the places the layout (:class:`~hocdsl.sim.metrics.Layout`)
gives: what every hand shares (nets by position and seat, pools, the longest suit, the
hand's length), then what each stage kind counts of its own result (its
:class:`~hocdsl.engine.tally.Tally`). It is a module of its own, typed throughout, so
that mypyc compiles it with the engine (:data:`hocdsl.compiled.MODULES`): the counting
of every hand, and the loop that deals and plays them, run as C; and so does
:func:`fold`, which adds a block's totals to the simulation's sums
(:meth:`hocdsl.sim.stats.Sums.add_block`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import SUIT_MASK
from ..combos import _POPCOUNT
from ..engine.game import Game
from ..engine.partie import Partie
from ..engine.scores import scores_points
from ..engine.tally import Tally
from ..rules.model import Ruleset

#: A seat's chooser: its view -> the action it takes (a bot's ``choose``).
Chooser = Callable[[Any], Any]
#: What a traced block appends per hand: (options offered, how the hand went, each seat's net,
#: then, in a game that scores points, each seat's points).
Trace = list[tuple[int, int, tuple[int, ...]]]


@dataclass(frozen=True, slots=True)
class Places:
    """Where in ``y`` each shared quantity is added (read from a Layout once per block)."""

    net_pos: tuple[int, ...]
    net_seat: tuple[int, ...]
    pool_taken: tuple[int, ...]
    pool_take: tuple[int, ...]
    pool_left: tuple[int, ...]
    longest: int
    net_sum: int
    net_sq: int
    turns: int
    decided: int


def play_hands(rules: Ruleset, n: int, rng: random.Random, choose: Sequence[Chooser], first_dealer: int,
               hands: int, record: bool, stake: int, places: Places, tallies: Sequence[Tally],
               y: list[int], trace: Trace | None = None, acc: list[int] | None = None) -> tuple[bool, int]:
    """Play ``hands`` hands (in one partie or more: another starts, with the next dealer, after
    one stops on insolvency or by its own length), adding each to ``y``; whether chips were
    conserved at every hand, and the hands played: ``hands``, or more where the last partie
    is played out (:func:`plays_out`). With ``trace``, each hand appends what
    :meth:`Table.play_block` says, from the hashes ``acc`` the traced choosers keep (and
    resets them)."""
    counting = list(tallies)
    total = n * stake
    # a game of points: what a hand decided is its points too (hocdsl.readings' reach)
    scored = trace is not None and scores_points(rules)
    out = PLAY_OUT if plays_out(rules) else 0
    dealer: int | None = first_dealer
    ok = True
    left = hands
    played = 0
    while left > 0:  # a partie; another after one stopped on insolvency or by its length
        partie = Partie(rules, n, rng=rng, dealer=dealer, max_hands=left + out, record=record,
                        auto_forced=True, dealing="draw")
        for g, decisions in partie.play(choose, auto_equivalent=True):
            ok = _count(g, decisions, partie, total, n, y, places, counting) and ok
            if trace is not None and acc is not None:
                carry = g.carry_out
                assert carry is not None  # the hand is over
                end = hash((acc[1], g.turns, tuple(g.hands), tuple(carry.pools)))
                nets = tuple(g.ledger.net)
                trace.append((acc[0], end, nets + tuple(g.points) if scored else nets))
                acc[0] = acc[1] = 0
        left -= partie.hands_played
        played += partie.hands_played
        dealer = partie.next_dealer  # the next partie's first dealer, by the rotation
    return ok, played


#: The most hands a block plays past its count to finish a partie it :func:`plays_out`
#: (table.partie_deals' own bound: only a partie_ties of another-deal, or a partie to
#: points nobody reaches, could go on longer; cut there, it stays unsettled).
PLAY_OUT = 1_000


def plays_out(rules: Ruleset) -> bool:
    """Whether a block plays its last partie out to the partie's own length rather than stop
    at the block's count of hands: where the partie's points are settled in chips at its end
    (``table.points_per_chip`` with ``table.partie_deals`` or ``table.partie_points``), a
    partie cut short would never be settled, and the chips by hand would come out low (Rubicon
    Piquet's six deals in blocks of 20 hands: 6 + 6 + 6 and 2 unsettled).

    >>> from hocdsl.rules import load_ruleset
    >>> from hocdsl.rules.model import Pick
    >>> from hocdsl.rules.variants import compose
    >>> piquet = load_ruleset("piquet")
    >>> plays_out(piquet), plays_out(compose(piquet, [Pick(reading="rubicon")]))
    (False, True)
    """
    t = rules.table
    return t.points_per_chip is not None and (t.partie_deals is not None or t.partie_points is not None)


def _count(g: Game, decisions: int, partie: Partie, total: int, n: int, y: list[int], at: Places,
           tallies: list[Tally]) -> bool:
    """Add one finished hand to ``y`` at the places ``at``; True when its chips (and the
    partie's) are all there."""
    net_pos, net_seat = at.net_pos, at.net_seat
    eldest = g.eldest
    led = g.ledger
    net = led.net
    carry = g.carry_out
    assert carry is not None  # the hand is over
    ok = True
    # -- chips: conserved within the hand and across the partie (summed in loops: compiled,
    # sum() is a generic call)
    pools_now = led.pools
    pools_in: tuple[int, ...] = g.carry_in.pools
    pools_out: tuple[int, ...] = carry.pools
    chips = 0
    for i in range(len(pools_now)):
        chips += pools_now[i]
    for i in range(len(pools_in)):
        chips -= pools_in[i]
    for s in range(n):
        chips += net[s]
    if chips != 0:
        ok = False
    chips = 0
    for b in partie.balances:
        chips += b
    for i in range(len(pools_out)):
        chips += pools_out[i]
    if chips != total:
        ok = False
    # -- per position and seat
    sq = 0
    whole = 0
    for s in range(n):
        v = net[s]
        p = s - eldest if s >= eldest else s - eldest + n
        _i = net_pos[p]
        y[_i] = y[_i] + v
        _i = net_seat[s]
        y[_i] = y[_i] + v
        sq += v * v
        whole += v
    y[at.net_sum] = y[at.net_sum] + whole
    y[at.net_sq] = y[at.net_sq] + sq
    # -- pools
    taken = led.taken
    for i in range(len(taken)):
        t = taken[i]
        if t:
            _i = at.pool_taken[i]
            y[_i] = y[_i] + 1
            _i = at.pool_take[i]
            y[_i] = y[_i] + t
    for i in range(len(pools_out)):
        _i = at.pool_left[i]
        y[_i] = y[_i] + pools_out[i]
    # -- dealt hands: the longest suit
    popcount = _POPCOUNT  # each suit's count from a table (compiled, bit_count() looks the method up)
    for h in g.dealt:
        if h >> 52:  # packs shuffled together (pack.copies): every copy counts in its suit
            a, b, c, d = _suit_counts(h)
        else:
            a = popcount[h & SUIT_MASK]
            b = popcount[(h >> 13) & SUIT_MASK]
            c = popcount[(h >> 26) & SUIT_MASK]
            d = popcount[h >> 39]
        m = a if a > b else b
        if c > m:
            m = c
        if d > m:
            m = d
        y[at.longest] = y[at.longest] + m
    # -- what each stage kind counts of the hand (its results)
    for tally in tallies:
        tally.count(g, y)
    y[at.turns] = y[at.turns] + g.turns
    y[at.decided] = y[at.decided] + decisions
    return ok


def _suit_counts(h: int) -> tuple[int, int, int, int]:
    """The cards of each suit in ``h``, every copy counted (``pack.copies``)."""
    a = b = c = d = 0
    while h:
        a += (h & SUIT_MASK).bit_count()
        b += ((h >> 13) & SUIT_MASK).bit_count()
        c += ((h >> 26) & SUIT_MASK).bit_count()
        d += ((h >> 39) & SUIT_MASK).bit_count()
        h >>= 52
    return a, b, c, d


def fold(S: list[int], C: list[int], first: tuple[int, ...], second: tuple[int, ...], y: list[int]) -> None:
    """Add one block's totals ``y`` to the sums ``S`` (one per quantity) and to the pair
    sums ``C``: ``C[j]`` gains ``y[first[j]] * y[second[j]]`` (the work of
    :meth:`~hocdsl.sim.stats.Sums.add_block`, here to be compiled: a block's quantities and
    their pairs number in the hundreds)."""
    for i in range(len(y)):
        v = y[i]
        if v != 0:
            S[i] = S[i] + v
    for j in range(len(first)):
        a = y[first[j]]
        if a != 0:
            b = y[second[j]]
            if b != 0:
                C[j] = C[j] + a * b
