"""Piquet's combinations counted exactly (hoc odds piquet), checked against counts made by hand.

Twelve cards from the 32 of the piquet pack (hoyle-piq §opening, §The Deal): C(32, 12) hands.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from hocdsl.odds import odds_report
from hocdsl.rules import load_ruleset

HANDS = comb(32, 12)


def _report() -> dict:
    return odds_report(load_ruleset("piquet"), 2)


def test_quatorze_of_aces_as_dealt() -> None:
    # all four aces and 8 of the other 28 cards
    assert _report()["declarations"]["quatorze of aces"] == Fraction(comb(28, 8), HANDS) == Fraction(99, 7192)


def test_carte_blanche_is_twelve_of_the_twenty_plain_cards() -> None:
    # no king, queen or knave: 12 of the 20 aces, tens, nines, eights and sevens
    assert _report()["declarations"]["carte blanche (no court dealt)"] == Fraction(comb(20, 12), HANDS)


def test_huitieme_is_a_whole_suit() -> None:
    # a sequence of eight is a whole suit: 4 suits, and 4 of the other 24 cards
    r = _report()
    assert r["sequence_at_least"]["8"] == Fraction(4 * comb(24, 4), HANDS) == r["longest_suit"]["8"]


def test_quatorze_after_the_exchange_is_a_larger_uniform_hand() -> None:
    # keeping every ace and taking five from the top of the stock, the eldest ends with the four
    # aces exactly when they are among the 17 cards he sees (12 dealt, 5 taken): a uniform 17 of
    # the 32 cards; the younger, taking the other three, sees a uniform 15
    d = _report()["declarations"]
    eldest = d["quatorze of aces after the exchange, the eldest keeping his aces and taking 5"]
    other = d["quatorze of aces after the exchange, the other keeping his aces and taking 3"]
    assert eldest == Fraction(comb(28, 13), comb(32, 17))
    assert other == Fraction(comb(28, 11), comb(32, 15))


def test_a_trio_counts_only_tens_and_above() -> None:
    # no rank from the ten up held three times or more: per counted rank 0, 1 or 2 of its
    # four cards, the sevens to nines free; counted by brute force over the rank counts
    from itertools import product

    free = 0
    for counts in product(range(5), repeat=8):
        if sum(counts) != 12 or any(c >= 3 for c in counts[3:]):
            continue
        ways = 1
        for c in counts:
            ways *= comb(4, c)
        free += ways
    assert _report()["declarations"]["trio or better (of a rank that makes sets)"] == 1 - Fraction(free, HANDS)
