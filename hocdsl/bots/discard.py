"""What to lay out at an exchange stage (Piquet's discard), by what a player keeps for.

A card is worth keeping for the point (a card of the longest suit), for a sequence
(a card next to another of its suit, more in a run of three or more), for a set (a
rank that makes sets, held twice or more) and for the tricks (a high card). The bot
lays out its least useful cards: as many as it may while they are weak (kept below
``KEEP``), at least as many as it must. So it keeps its longest suit, its runs and
its sets and throws its low unconnected cards, as the books advise (cav-treatise
§Discarding, in the Piquet notes: "discard to the point and the sequences").

>>> from hocdsl.cards import hand_str, parse_hand
>>> from hocdsl.rules import load_ruleset
>>> hand = parse_hand("AS KS QS JS 9S AH AD 7H 8C 9D 10C KC")
>>> hand_str(sum(1 << c for c in discard(hand, 5, 1, load_ruleset("piquet"))))
'7H 8C 9D 10C KC'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards import RANK_MASKS, SUIT_MASK, Card, Hand, sorted_cards
from ..combos import makes_sets
from ..pack import pack_of

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

#: A card worth this much or more is kept even where the bot might exchange it.
KEEP: Final = 3.0


def keep_worth(card: Card, hand: Hand, rules: Ruleset) -> float:
    """How much ``card`` of ``hand`` is worth keeping (see the module's docstring)."""
    pack = pack_of(rules)
    order = pack.order
    height = order.index(card % 13 + 1)  # 0 the lowest rank of the pack
    suit = card // 13
    bits = (hand >> (suit * 13)) & SUIT_MASK
    longest = max(((hand >> (s * 13)) & SUIT_MASK).bit_count() for s in range(4))
    worth = height / len(order)  # a high card wins tricks
    if bits.bit_count() == longest and longest >= 4:
        worth += KEEP  # the point: its cards are kept
    # neighbours in the suit, in the pack's order
    below = height > 0 and bits >> (order[height - 1] - 1) & 1
    above = height < len(order) - 1 and bits >> (order[height + 1] - 1) & 1
    run = 1
    i = height - 1
    while i >= 0 and bits >> (order[i] - 1) & 1:
        run, i = run + 1, i - 1
    i = height + 1
    while i < len(order) and bits >> (order[i] - 1) & 1:
        run, i = run + 1, i + 1
    if run >= 3:
        worth += 1.0 + run / 2
    elif below or above:
        worth += 0.75
    rank = card % 13 + 1
    if makes_sets(rank, rules):
        held = (hand & RANK_MASKS[rank - 1]).bit_count()
        worth += {2: 1.0, 3: 2.5, 4: 4.0}.get(held, 0.0)
    return worth


def discard(hand: Hand, most: int, least: int, rules: Ruleset) -> tuple[Card, ...]:
    """The cards to lay out of ``hand`` (between ``least`` and ``most``), ascending."""
    cards = sorted(sorted_cards(hand), key=lambda c: (keep_worth(c, hand, rules), c))
    weak = sum(1 for c in cards[:most] if keep_worth(c, hand, rules) < KEEP)
    k = max(least, min(most, weak))
    return tuple(sorted(cards[:k]))
