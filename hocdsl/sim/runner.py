"""Playing the simulated hands: blocks of consecutive hands, each a partie.

Block ``b`` of a simulation with seed ``s`` draws everything from seeds mixed
from ``(s, b)`` alone: its deals from one ``random.Random`` (used for nothing
else, so two variants compared on the same seed see the very same cards, hand
by hand, whatever their bots decide) and each seat's bot from another. A block
is one :class:`~hocdsl.engine.Partie` of up to :data:`BLOCK_HANDS` hands,
dealt from that rng (``dealing="draw"``) and played by the bots: balances
start at the ruleset's stake, pools and multipliers carry from hand to hand,
the deal passes by ``rules.deal.dealer_rotation`` (the first dealer of block
``b`` is seat ``b mod players``, so the seats take every position in turn).
When the partie stops on insolvency (``rules.table.insolvency: stop-partie``)
a new one starts in the same block, with the next dealer.

Nothing here depends on timing or on the process a block runs in: the blocks
are the same, and give the same numbers, for any ``jobs``.
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING, Any

from ..bots import make_bot
from ..engine.partie import draw_hands
from .block import Places, play_hands
from .metrics import Layout

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

BLOCK_HANDS = 20  # hands per block: one partie (and the unit of the variance)
CHUNK_BLOCKS = 10  # blocks per task handed to a worker process (results do not depend on it)

def block_seed(seed: int, block: int) -> int:
    """A 64-bit seed for block ``block`` of a simulation seeded ``seed``
    (a hash: the same on every platform and in every process)."""
    h = hashlib.blake2b(f"hocdsl-sim:{seed}:{block}".encode(), digest_size=8).digest()
    return int.from_bytes(h, "big")


#: The simulator's deal (each block's partie deals this way: ``dealing="draw"``).
deal = draw_hands


class Table:
    """What a simulation fixes: the ruleset, the players, the bots, the layout."""

    def __init__(self, rules: Ruleset, players: int, bots: tuple[str, ...],
                 layout: Layout | None = None) -> None:
        self.rules = rules
        self.n = players
        self.bots = bots
        self.layout = layout or Layout(rules, players)
        self.record = "montecarlo" in bots  # it reads what was said and shown
        self.stake = rules.table.starting_stake

    def warm(self) -> None:
        """Build the tables the bots and the engine use (hand-strength tables, chance
        evaluations) by playing one throw-away hand: done before the worker processes
        are forked, they inherit them instead of building them each."""
        self.play_block(-1, 0, 1)

    def play_block(self, seed: int, block: int, hands: int,
                   trace: list[tuple[int, int, tuple[int, ...]]] | None = None) -> tuple[list[int], bool]:
        """Play block ``block`` (``hands`` hands, in one partie or more); return its
        quantity totals and whether chips were conserved at every hand. (One
        function: it is the hot path, and each hand's counting reads locals bound
        once per block.)

        With ``trace``, a list, each hand appends ``(options, play, nets)``: a hash of the
        legal actions offered at every choice, a hash of the actions chosen and of how
        the hand ended (turns, cards left, pools), and each seat's net (followed, in a
        game that scores points, by each seat's points: what the hand decided). Two rulesets
        played on the same block differ first where one rule of theirs was reached
        (:mod:`hocdsl.readings` reads it so)."""
        L = self.layout
        n = self.n
        rules = self.rules
        y = [0] * L.size
        base = block_seed(seed, block)
        rng = random.Random(base)
        # each seat's generator by its seed, made if the bot draws (the heuristic never does)
        bots = [make_bot(self.bots[s], rules, s, base + 1 + s) for s in range(n)]
        choose = [b.choose for b in bots]
        acc = [0, 0]  # the trace of the hand being played: options offered, actions chosen
        if trace is not None:
            choose = [_traced(c, acc) for c in choose]
        places = Places(tuple(L.NET_POS), tuple(L.NET_SEAT), tuple(L.POOL_TAKEN), tuple(L.POOL_TAKE),
                        tuple(L.POOL_LEFT), L.LONGEST, L.NET_SUM, L.NET_SQ, L.TURNS, L.DECISIONS)
        ok, played = play_hands(rules, n, rng, choose, block % n, hands, self.record, self.stake,
                                places, L.tallies, y, trace, acc)
        y[L.HANDS] = played
        y[L.PLAYER_HANDS] = played * n
        return y, ok


def _traced(choose: Any, acc: list[int]) -> Any:
    """``choose`` that also folds the options offered and the action chosen into ``acc``."""
    def traced(view: Any) -> Any:
        action = choose(view)
        acc[0] = hash((acc[0], view.legal_actions()))
        acc[1] = hash((acc[1], action))
        return action
    return traced


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
