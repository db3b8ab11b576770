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
from typing import Any

from ..bots import make_bot
from ..cards import SUIT_MASK
from ..combos import COURT_CARDS
from ..engine import NO_CARRY, Game
from ..engine.bidding import PASSED, WON
from .metrics import Layout

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


def deal(rand, players: int, size: int, eldest: int) -> list[int]:
    """Deal ``size`` cards to each of ``players`` from a shuffled pack (a partial
    Fisher-Yates shuffle drawing from ``rand``, a ``random.Random().random``),
    the eldest first."""
    deck = list(_BITS)
    hands = [0] * players
    seat = eldest
    for k in range(players):
        h = 0
        for i in range(k * size, (k + 1) * size):
            j = i + int(rand() * (52 - i))
            c = deck[j]
            deck[j] = deck[i]
            h |= c
        hands[seat] = h
        seat = seat + 1 if seat + 1 < players else 0
    return hands


class Table:
    """What a simulation fixes: the ruleset, the players, the bots, the layout."""

    def __init__(self, rules, players: int, bots: tuple[str, ...], layout: Layout | None = None) -> None:
        self.rules = rules
        self.n = players
        self.size = rules.hand_size(players)
        self.bots = bots
        self.layout = layout or Layout(rules, players)
        self.record = "montecarlo" in bots  # it reads what was said and shown
        self.stake = rules.table.starting_stake
        self.stop_on_insolvency = rules.table.insolvency == "stop-partie"
        self.rotate = rules.deal.dealer_rotation != "stays"

    def warm(self) -> None:
        """Build the tables the bots and the engine use (hand-strength tables, chance
        evaluations) by playing one throw-away hand: done before the worker processes
        are forked, they inherit them instead of building them each."""
        self.play_block(-1, 0, 1)

    def play_block(self, seed: int, block: int, hands: int) -> tuple[list[int], bool]:
        """Play block ``block`` (``hands`` hands); return its quantity totals and
        whether chips were conserved at every hand."""
        L = self.layout
        n = self.n
        rules = self.rules
        size = self.size
        y = [0] * L.size
        base = block_seed(seed, block)
        rand = random.Random(base).random
        bots = [make_bot(self.bots[s], rules, s, random.Random(base + 1 + s)) for s in range(n)]
        choose = [b.choose for b in bots]
        record = self.record
        owed = L.owed
        left_k = L.LEFT_K
        net_pos = L.NET_POS
        net_seat = L.NET_SEAT
        card_win = L.CARD_WIN_POS
        longest_run = _LONGEST_RUN
        seq_lengths = L.seq_lengths
        seq_held = L.SEQ_HELD
        stake = self.stake
        total = n * stake
        balances = [stake] * n
        carry = NO_CARRY
        dealer = block % n
        ok = True
        for _ in range(hands):
            eldest = dealer + 1 if dealer + 1 < n else 0
            dealt = deal(rand, n, size, eldest)
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
            # -- chances
            outcome = g._outcome
            mult = g.carry_in.multipliers
            for i in range(3):
                o = outcome[i]
                if o == WON:
                    y[L.WON[i]] += 1
                    y[L.POOL_WON[i]] += g.won_pool[i]
                    y[L.PAY_WON[i]] += g.won_pay[i]
                elif o == PASSED:
                    y[L.PASSED[i]] += 1
                m = mult[i]
                if m >= 2:
                    y[L.DOUBLE[i]] += 1
                    if m >= 3:
                        y[L.TRIPLE[i]] += 1
            if g._blank and (len(g._blank) == 1 or rules.blank_hand.ties == "all-paid"):
                y[L.BLANK_PAID] += 1
            # -- dealt hands
            for h in dealt:
                if not h & COURT_CARDS:
                    y[L.BLANK_DEALT] += 1
                a = h & SUIT_MASK
                b = (h >> 13) & SUIT_MASK
                c = (h >> 26) & SUIT_MASK
                d = h >> 39
                run = max(longest_run[a], longest_run[b], longest_run[c], longest_run[d])
                for k, idx in zip(seq_lengths, seq_held):
                    if run >= k:
                        y[idx] += 1
                y[L.LONGEST] += max(a.bit_count(), b.bit_count(), c.bit_count(), d.bit_count())
                ab, cd = a & b, c & d
                if (ab & (c | d)) | (cd & (a | b)):
                    y[L.TRI_HELD[0]] += 1
                    if ab & cd:
                        y[L.TRI_HELD[1]] += 1
            # -- card game
            y[L.HOCS] += g.hocs
            y[L.PRINCIPAL] += g.principal_hocs
            y[L.ACCIDENTAL] += g.hocs - g.principal_hocs
            w = g.card_winner
            if w is not None:
                y[card_win[w - eldest if w >= eldest else w - eldest + n]] += 1
                for s in range(n):
                    if s != w:
                        k = g.hands[s].bit_count()
                        y[L.LOSERS] += 1
                        y[L.CARDS_LEFT] += k
                        y[L.END_PAY] += owed[k]
                        y[left_k[k]] += 1
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
