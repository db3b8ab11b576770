"""The stock: the cards not dealt, face down (:attr:`~.table.Table.out_of_play`), as a stage
draws from it or takes them in.

The engine keeps the stock as a set of cards: nobody has seen it, so its order is the
order in which chance gives its cards. Dealt from a generator (:attr:`~.table.Table.rng`),
the card on top is any card of the stock, each as likely (the stock lies shuffled); a
hand given its deal (a record, a test) has no generator, and the action that takes a
card says which (a record: "I draw the nine of hearts").

A card turned up from the stock (a turnup stage: it lies face up beside it) is the
stock's last card: it is given only when no other is left (ordinary Bezique, source
004: 64 cards, 16 dealt, one turned up, and 24 tricks of two draws take all 48).

>>> import random
>>> from hocdsl.cards import parse_hand, card_name
>>> card_name(top_card(parse_hand("7S 8S 9S"), random.Random(1)))
'7S'
>>> card_name(top_card(parse_hand("7S 8S"), random.Random(1), last=parse_hand("7S").bit_length() - 1))
'8S'
"""

from __future__ import annotations

import random

from ..cards import Card, Hand, sorted_cards


def stock_cards(stock: Hand, last: Card = -1) -> list[Card]:
    """The stock's cards in the order the engine lists them (by card, ``last`` at the end):
    the order the legal actions offer them when the hand has no generator."""
    cards = [c for c in sorted_cards(stock) if c != last]
    if last >= 0 and stock >> last & 1:
        cards.append(last)
    return cards


def top_card(stock: Hand, rng: random.Random | None, last: Card = -1) -> Card:
    """The card on top of ``stock`` as chance gives it (one draw of ``rng``): any of its
    cards but ``last`` (a card turned up from it), each as likely; ``last`` when it is
    the only card left; -1 for an empty stock or a hand with no generator."""
    if not stock or rng is None:
        return -1
    cards = [c for c in sorted_cards(stock) if c != last]
    if not cards:
        return last
    return cards[int(rng.random() * len(cards))]
