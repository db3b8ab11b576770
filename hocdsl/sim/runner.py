"""Playing the simulated hands: blocks of consecutive hands, each a partie.

Block ``b`` of a simulation with seed ``s`` draws everything from seeds mixed
from ``(s, b)`` alone: its deals from one ``random.Random`` (used for nothing
else, so two variants compared on the same seed see the very same cards, hand
by hand, whatever their bots decide) and each seat's bot from another. A block
is one partie of up to :data:`BLOCK_HANDS` hands: balances start at the
ruleset's stake, pools and multipliers carry from hand to hand, the deal
passes by ``rules.deal.dealer_rotation`` (the first dealer of block ``b`` is
seat ``b mod players``, so the seats take every position in turn). When the
partie stops on insolvency (``rules.table.insolvency: stop-partie``) a new one
starts in the same block, with the next dealer.

Nothing here depends on timing or on the process a block runs in: the blocks
are the same, and give the same numbers, for any ``jobs``.
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING, Any

from ..bots import make_bot
from ..cards import SUIT_MASK
from ..combos import COURT_CARDS
from ..engine import NO_CARRY, Game
from ..pack import pack_of
from .metrics import Layout

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

BLOCK_HANDS = 20  # hands per block: one partie (and the unit of the variance)
CHUNK_BLOCKS = 10  # blocks per task handed to a worker process (results do not depend on it)

# Longest run of consecutive ranks in each 13-bit suit pattern.
_LONGEST_RUN = [0] * (1 << 13)
for _p in range(1, 1 << 13):
    _x, _n = _p, 0
    while _x:
        _x &= _x >> 1
        _n += 1
    _LONGEST_RUN[_p] = _n
del _p, _x, _n


def block_seed(seed: int, block: int) -> int:
    """A 64-bit seed for block ``block`` of a simulation seeded ``seed``
    (a hash: the same on every platform and in every process)."""
    h = hashlib.blake2b(f"hocdsl-sim:{seed}:{block}".encode(), digest_size=8).digest()
    return int.from_bytes(h, "big")


_BITS = tuple(1 << c for c in range(52))


def deal(rand, players: int, size: int, eldest: int, cards: tuple[int, ...] = _BITS) -> list[int]:
    """Deal ``size`` cards to each of ``players`` from a shuffled pack (a partial
    Fisher-Yates shuffle drawing from ``rand``, a ``random.Random().random``),
    the eldest first. ``cards``: the pack, one bit per card (the full pack of
    52 by default; a stripped pack deals from its own cards alone)."""
    deck = list(cards)
    m = len(deck)
    hands = [0] * players
    seat = eldest
    for k in range(players):
        h = 0
        for i in range(k * size, (k + 1) * size):
            j = i + int(rand() * (m - i))
            c = deck[j]
            deck[j] = deck[i]
            h |= c
        hands[seat] = h
        seat = seat + 1 if seat + 1 < players else 0
    return hands


class Table:
    """What a simulation fixes: the ruleset, the players, the bots, the layout."""

    def __init__(self, rules: Ruleset, players: int, bots: tuple[str, ...],
                 layout: Layout | None = None) -> None:
        self.rules = rules
        self.n = players
        self.size = rules.hand_size(players)
        self.bots = bots
        self.layout = layout or Layout(rules, players)
        self.record = "montecarlo" in bots  # it reads what was said and shown
        self.stake = rules.table.starting_stake
        self.stop_on_insolvency = rules.table.insolvency == "stop-partie"
        self.rotate = rules.deal.dealer_rotation != "stays"
        mask = pack_of(rules).mask
        self.cards = tuple(b for b in _BITS if mask & b)
        self.seq_held = tuple(zip(self.layout.seq_lengths, self.layout.SEQ_HELD))

    def warm(self) -> None:
        """Build the tables the bots and the engine use (hand-strength tables, chance
        evaluations) by playing one throw-away hand: done before the worker processes
        are forked, they inherit them instead of building them each."""
        self.play_block(-1, 0, 1)

    def play_block(self, seed: int, block: int, hands: int) -> tuple[list[int], bool]:
        """Play block ``block`` (``hands`` hands); return its quantity totals and
        whether chips were conserved at every hand. (One function: it is the hot path,
        and each hand's counting reads locals bound once per block.)"""
        L = self.layout
        n = self.n
        rules = self.rules
        size = self.size
        cards = self.cards
        y = [0] * L.size
        base = block_seed(seed, block)
        rand = random.Random(base).random
        bots = [make_bot(self.bots[s], rules, s, random.Random(base + 1 + s)) for s in range(n)]
        choose = [b.choose for b in bots]
        record = self.record
        net_pos = L.NET_POS
        net_seat = L.NET_SEAT
        vie = L.vie
        pool_taken = L.POOL_TAKEN
        pool_take = L.POOL_TAKE
        blank_paid = L.BLANK_PAID
        blank_all_paid = L.blank_all_paid
        cg = L.cards
        blank_dealt = L.BLANK_DEALT
        longest_run = _LONGEST_RUN
        seq_held = self.seq_held
        tri_held = L.TRI_HELD
        longest = L.LONGEST
        stake = self.stake
        total = n * stake
        balances = [stake] * n
        carry = NO_CARRY
        dealer = block % n
        ok = True
        for _ in range(hands):
            eldest = dealer + 1 if dealer + 1 < n else 0
            dealt = deal(rand, n, size, eldest, cards)
            g = Game(rules, n, dealer=dealer, hands=dealt, carry=carry, record=record,
                     auto_forced=True, auto_equivalent=True)
            views = [g.view(s) for s in range(n)]
            apply = g.apply
            decisions = 0
            while not g.is_over:
                s = g.to_act
                apply(choose[s](views[s]))
                decisions += 1
            # -- chips: conserved within the hand and across the partie
            led = g.ledger
            net = led.net
            pools_in = carry.pools
            carry = g.carry_out
            if sum(net) + sum(led.pools) != sum(pools_in):
                ok = False
            for s in range(n):
                balances[s] += net[s]
            if sum(balances) + sum(carry.pools) != total:
                ok = False
            # -- per position and seat
            sq = 0
            for s in range(n):
                v = net[s]
                p = s - eldest if s >= eldest else s - eldest + n
                y[net_pos[p]] += v
                y[net_seat[s]] += v
                sq += v * v
            y[L.NET_SUM] += sum(net)
            y[L.NET_SQ] += sq
            # -- vie stages (in the ruleset's order) and pools
            if vie:
                mult = g.carry_in.multipliers
                for ch, o in zip(vie, g.chance_outcomes.values()):
                    i = ch.pool
                    if o == "won":
                        y[ch.won] += 1
                        y[ch.pool_won] += g.won_pool[i]
                        y[ch.pay_won] += g.won_pay[i]
                    elif o == "passed":
                        y[ch.passed] += 1
                    m = mult[i]
                    if m >= 2:
                        y[ch.double] += 1
                        if m >= 3:
                            y[ch.triple] += 1
            for i, t in enumerate(led.taken):
                if t:
                    y[pool_taken[i]] += 1
                    y[pool_take[i]] += t
            if blank_paid is not None:
                blank = g.blank_hands
                if blank and (len(blank) == 1 or blank_all_paid):
                    y[blank_paid] += 1
            # -- dealt hands: blank, runs, sets, longest suit
            for h in dealt:
                if blank_dealt is not None and not h & COURT_CARDS:
                    y[blank_dealt] += 1
                a = h & SUIT_MASK
                b = (h >> 13) & SUIT_MASK
                c = (h >> 26) & SUIT_MASK
                d = h >> 39
                if seq_held:
                    run = max(longest_run[a], longest_run[b], longest_run[c], longest_run[d])
                    for k, idx in seq_held:
                        if run >= k:
                            y[idx] += 1
                y[longest] += max(a.bit_count(), b.bit_count(), c.bit_count(), d.bit_count())
                if tri_held:
                    ab, cd = a & b, c & d
                    if (ab & (c | d)) | (cd & (a | b)):
                        y[tri_held[0]] += 1
                        if ab & cd:
                            y[tri_held[1]] += 1
            # -- card game: hocs by kind, the winner by position, each loser's cards and payment
            if cg is not None:
                y[cg.hocs] += g.hocs
                y[cg.principal] += g.principal_hocs
                y[cg.accidental] += g.hocs - g.principal_hocs
                for kind, k in g.hoc_kinds.items():
                    y[cg.kinds[kind]] += k
                if g.first_turn_out:
                    y[cg.first_turn_out] += 1
                w = g.card_winner
                if w is not None:
                    y[cg.win_pos[w - eldest if w >= eldest else w - eldest + n]] += 1
                    end_pay = cg.end_payment
                    for s in range(n):
                        if s != w:
                            k = g.hands[s].bit_count()
                            y[cg.losers] += 1
                            y[cg.cards_left] += k
                            y[cg.left_k[k]] += 1
                            if end_pay is not None:
                                y[end_pay] += g.end_owed[s]  # as the settle stage charged it
            y[L.TURNS] += g.turns
            y[L.DECISIONS] += decisions
            # -- next hand: same partie, or a new one after an insolvency
            if self.stop_on_insolvency and min(balances) < 0:
                balances = [stake] * n
                carry = NO_CARRY
            if self.rotate:
                dealer = eldest
        y[L.HANDS] = hands
        y[L.PLAYER_HANDS] = hands * n
        return y, ok


def blocks_of(hands: int) -> list[tuple[int, int]]:
    """``(block, hands in it)`` for a simulation of ``hands`` hands."""
    full, rest = divmod(hands, BLOCK_HANDS)
    out = [(b, BLOCK_HANDS) for b in range(full)]
    if rest:
        out.append((full, rest))
    return out


def chunks_of(hands: int) -> list[list[tuple[int, int]]]:
    """The blocks grouped in fixed chunks (tasks for the worker processes)."""
    blocks = blocks_of(hands)
    return [blocks[i:i + CHUNK_BLOCKS] for i in range(0, len(blocks), CHUNK_BLOCKS)]


# ----------------------------------------------------- worker processes ----

_WORKER: dict[str, Any] = {}


def _init_worker(job: Any) -> None:
    _WORKER["job"] = job


def _run_chunk(chunk: list[tuple[int, int]]) -> Any:
    return _WORKER["job"].run_chunk(chunk)
