"""The pack a ruleset plays with: which cards are in it, their order, their points.

Cards keep their numbers (:mod:`hocdsl.cards`: ``suit * 13 + rank - 1``) in
every pack; a stripped pack is a mask of the cards in play, and the order is
a tuple of ranks from lowest to highest. The card game, runs and sets read
the order from here, never from a fixed "king high". Packs shuffled together
(``pack.copies``) hold each card of the pack once per copy (:mod:`hocdsl.cards`:
copy ``k`` of a card is ``k * 52 + card``): ``mask`` and ``rank_masks`` hold
every copy, ``size`` counts them all.

>>> from hocdsl.rules import load_ruleset
>>> p = pack_of(load_ruleset("hoc-mazarin"))
>>> p.size, p.low, p.top, p.next_rank[13]
(52, 1, 13, 0)
>>> p32 = PackInfo.make(32, "ace-high", court=10, ace=11)
>>> [p32.next_rank[r] for r in (7, 10, 13, 1)]
[8, 11, 1, 0]
>>> p32.points(parse_hand("AS 7H KD"))
28
>>> by_rank = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)  # jack 11, queen 12, king 13
>>> PackInfo.make(52, "king-high-ace-low", 10, 1, by_rank).points(parse_hand("AS JH QD KC"))
37
>>> two = PackInfo.make(32, "ace-high", court=10, ace=11, copies=2)
>>> two.size, two.copies, two.points(parse_hand("AS AS 7H", copies=2))
(64, 2, 29)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import ACE, JACK, KING, NUM_CARDS, RANK_MASKS, Hand, Rank, all_copies, parse_hand  # noqa: F401
from .rules.cache import per_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from .rules.model import Ruleset

#: pack size -> the lowest pip kept (aces are always kept)
_LOWEST_PIP = {52: 2, 44: 4, 40: 5, 36: 6, 32: 7}


@dataclass(frozen=True, slots=True)
class PackInfo:
    """What the engine needs of a pack, derived once per ruleset."""

    size: int
    mask: Hand  # the cards in play
    order: tuple[Rank, ...]  # ranks, lowest first
    position: tuple[int, ...]  # position[rank] = index in order (-1 if not in the pack); index 0 unused
    next_rank: tuple[Rank, ...]  # next_rank[rank] = the rank after it, 0 after the top; index 0 unused
    low: Rank  # the lowest rank
    top: Rank  # the highest rank
    values: tuple[int, ...]  # values[rank] = points of a card of that rank; index 0 unused
    copies: int = 1  # packs shuffled together (pack.copies)
    rank_masks: tuple[Hand, ...] = RANK_MASKS  # rank_masks[rank - 1]: every card of the rank in play, every copy

    @staticmethod
    def make(size: int, order: str, court: int, ace: int,
             by_rank: tuple[int, ...] | None = None, removed: Hand = 0,
             removed_ranks: tuple[Rank, ...] = (), copies: int = 1) -> PackInfo:
        """The pack of ``size`` cards in ``order``; points: ``by_rank[rank]`` when given
        (``Pack.rank_values``), else courts ``court``, aces ``ace``, pips their face.
        ``removed``: cards taken out (``Pack.removed``: the rank stays in the order);
        ``removed_ranks``: ranks taken out of the pack and of the order
        (``Pack.removed_ranks``). ``size`` is then the cards left in play. ``copies``:
        packs of these cards shuffled together (``Pack.copies``), ``size`` counting all.

        >>> p51 = PackInfo.make(52, "king-high-ace-low", 10, 1, removed=parse_hand("2C"))
        >>> p51.size, p51.next_rank[2]
        (51, 3)
        >>> p48 = PackInfo.make(52, "king-high-ace-low", 10, 1, removed_ranks=(8,))
        >>> p48.size, p48.next_rank[7], p48.position[8]
        (48, 9, -1)
        """
        lowest = _LOWEST_PIP[size]
        pips = tuple(r for r in range(lowest, 11) if r not in removed_ranks)
        ranks: tuple[Rank, ...]
        if order == "ace-high":
            ranks = pips + (JACK, 12, KING, ACE)
        else:
            ranks = (ACE,) + pips + (JACK, 12, KING)
        mask = 0
        for r in ranks:
            mask |= RANK_MASKS[r - 1]
        mask &= ~removed
        position = [-1] * 14
        for i, r in enumerate(ranks):
            position[r] = i
        nxt = [0] * 14
        for a, b in zip(ranks, ranks[1:]):
            nxt[a] = b
        values = [0] * 14
        for r in range(1, 14):
            values[r] = by_rank[r] if by_rank is not None else ace if r == ACE else court if r >= JACK else r
        if copies > 1:
            mask = all_copies(mask, copies)
            masks = tuple(all_copies(m, copies) & mask for m in RANK_MASKS)
            return PackInfo(mask.bit_count(), mask, ranks, tuple(position), tuple(nxt), ranks[0], ranks[-1],
                            tuple(values), copies, masks)
        return PackInfo(mask.bit_count(), mask, ranks, tuple(position), tuple(nxt), ranks[0], ranks[-1],
                        tuple(values))

    def points(self, hand: Hand) -> int:
        """The points of the cards in ``hand`` (courts, aces and pips by the pack's values)."""
        total = 0
        for r in range(1, 14):
            k = (hand & RANK_MASKS[r - 1]).bit_count()
            if k:
                total += k * self.values[r]
        if hand >> NUM_CARDS:  # copies of another pack (pack.copies): counted as the first's
            total += self.points(hand >> NUM_CARDS)
        return total

    def higher(self, a: Rank, b: Rank) -> bool:
        """True if rank ``a`` is above rank ``b`` in this pack's order."""
        return self.position[a] > self.position[b]


def _make(rules: Ruleset) -> PackInfo:
    p = rules.pack
    removed = 0
    for c in p.removed:
        removed |= 1 << c
    return PackInfo.make(p.cards, p.order, p.court_value, p.ace_value, p.rank_values(), removed,
                         p.removed_ranks, p.copies)


pack_of = per_ruleset(_make)
