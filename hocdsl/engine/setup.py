"""Before the first word: who deals, who is eldest, who holds what.

Seats are numbered 0..n-1 in the direction of play (Lalanne 002 §2: speech
and play go to the right, so seat ``k + 1`` sits at seat ``k``'s right). The
eldest ("premier en cartes") is the seat after the dealer (002 §2). The
dealer gives ``rules.hand_size(n)`` cards to each, one at a time, starting
with the eldest (002 §2 "distribue par la droite ... une par une"); the
cards left over are out of play and seen by no one. Packs shuffled together
(``pack.copies``) are one pack of every copy here: each copy is a card of its
own (:mod:`hocdsl.cards`), dealt once.

>>> import random
>>> from hocdsl.cards import count
>>> hands = deal_hands(12, 3, eldest=1, rng=random.Random(7))
>>> [count(h) for h in hands]
[12, 12, 12]
>>> from hocdsl.pack import PackInfo
>>> two = PackInfo.make(32, "ace-high", 10, 11, copies=2).mask
>>> hands = deal_hands(8, 2, eldest=1, rng=random.Random(7), pack=two)
>>> [count(h) for h in hands], hands[0] & hands[1], (hands[0] | hands[1]) & ~two
([8, 8], 0, 0)
>>> [count(h) for h in check_hands(["QS QS AS 7H", "QH JD JD#2 10C"], 4, 2, two)]
[4, 4]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..cards import FULL_PACK, NUM_CARDS, CardError, copy_of, hand_str, parse_hand

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

#: The values of ``table.draw_ties`` this engine knows (002 §2 is silent on ties).
DRAW_TIES: Final = ("redraw",)


def seat_count(players: int | Sequence[str]) -> int:
    """The number of seats from a count or a list of names."""
    return players if isinstance(players, int) else len(players)


def draw_dealer(rules: Ruleset, players: int | Sequence[str], rng: random.Random) -> int:
    """Draw for the first deal: each player takes a card; per
    ``rules.deal.first_dealer`` the lowest (002 §2) or the highest card deals.

    Ranks are compared (ace low, king high, 002 §1); players tied on the
    deciding rank draw again (``rules.deal.draw_ties``: ``redraw``).

    >>> from hocdsl.rules import load_ruleset
    >>> draw_dealer(load_ruleset("hoc-mazarin"), 3, random.Random(1)) in (0, 1, 2)
    True
    """
    from ..pack import pack_of

    n = seat_count(players)
    lowest = rules.deal.first_dealer == "lowest-card-deals"
    ties = rules.deal.draw_ties
    if ties not in DRAW_TIES:
        raise ValueError(f"deal.draw_ties {ties!r} is not known to the engine (expected 'redraw')")
    pack = pack_of(rules)
    deck = range(NUM_CARDS) if pack.size == NUM_CARDS else [c for c in range(pack.mask.bit_length())
                                                            if pack.mask >> c & 1]
    position = pack.position
    contenders = list(range(n))
    while True:
        cards = rng.sample(deck, len(contenders))
        ranks = [position[c % 13 + 1] for c in cards]
        target = min(ranks) if lowest else max(ranks)
        tied = [s for s, r in zip(contenders, ranks) if r == target]
        if len(tied) == 1:
            return tied[0]
        contenders = tied


def deal_hands(hand_size: int, players: int, eldest: int, rng: random.Random,
               pack: int = FULL_PACK) -> tuple[int, ...]:
    """Shuffle the cards of ``pack`` (a bitset; the full pack by default) with ``rng``
    and deal ``hand_size`` cards to each seat, one at a time from the eldest round
    to the dealer. Returns the hands as bitsets."""
    deck = list(range(NUM_CARDS)) if pack == FULL_PACK else [c for c in range(pack.bit_length()) if pack >> c & 1]
    rng.shuffle(deck)
    hands = [0] * players
    for k in range(players):
        seat = (eldest + k) % players
        h = 0
        for c in deck[k:players * hand_size:players]:
            h |= 1 << c
        hands[seat] = h
    return tuple(hands)


def check_hands(hands: Sequence[int | str], hand_size: int, players: int,
                pack: int = FULL_PACK) -> tuple[int, ...]:
    """Hands given explicitly (a record): one per seat, ``hand_size`` cards each,
    no card twice. Strings are parsed with :func:`hocdsl.cards.parse_hand`. With
    packs shuffled together (``pack``'s copies, ``pack.copies``), each copy is dealt
    once: a card named plainly in a string is the lowest copy not yet given to
    any seat (``QS`` in two hands: one queen each), a copy named (``QS#2``) that one."""
    if len(hands) != players:
        raise ValueError(f"{len(hands)} hands given for {players} players")
    copies = copy_of(pack.bit_length() - 1) + 1 if pack else 1
    out = []
    seen = 0
    for seat, h in enumerate(hands):
        if isinstance(h, str):
            try:
                h = parse_hand(h, copies, seen)
            except CardError as e:
                raise ValueError(f"hand of seat {seat}: {e}") from None
        if not isinstance(h, int) or h < 0 or h & ~(FULL_PACK if copies == 1 else pack | FULL_PACK):
            raise ValueError(f"hand of seat {seat} is not a set of cards: {h!r}")
        if h & ~pack:
            raise ValueError(f"seat {seat} holds cards that are not in this pack: {hand_str(h & ~pack)}")
        if h.bit_count() != hand_size:
            raise ValueError(f"seat {seat} holds {h.bit_count()} cards, the deal gives {hand_size}: "
                             f"{hand_str(h)}")
        if h & seen:
            raise ValueError(f"cards dealt twice (seat {seat}): {hand_str(h & seen)}")
        seen |= h
        out.append(h)
    return tuple(out)

