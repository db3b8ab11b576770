"""Exact odds (hocdsl.odds) against values counted by hand, and against a seeded simulation."""

from __future__ import annotations

import dataclasses
import json
import random
from fractions import Fraction
from itertools import combinations
from math import comb, sqrt

import pytest

from hocdsl import combos
from hocdsl.odds import (
    blank_table_odds, hand_odds, longest_suit_counts, odds_report, render_odds,
    render_probability, sequence_free_count, tricon_free_count,
)
from hocdsl.rules import load_ruleset


@pytest.fixture(scope="module")
def mazarin():
    return load_ruleset("hoc-mazarin")


@pytest.fixture(scope="module")
def hoca():
    return load_ruleset("hoca")


# ------------------------------------------------------ hand-checked values ----


def test_blank_hand_is_forty_plain_cards_out_of_fifty_two(mazarin):
    # 12 courts, 40 other cards: C(40, n) of the C(52, n) hands are blank.
    assert hand_odds(mazarin, 3).blank_hand == Fraction(comb(40, 12), comb(52, 12))
    assert hand_odds(mazarin, 2).blank_hand == Fraction(comb(40, 15), comb(52, 15))
    assert hand_odds(mazarin, 3).hand_size == 12 and hand_odds(mazarin, 2).hand_size == 15


def test_longest_suit_extremes_counted_by_hand(mazarin):
    o3, o2 = hand_odds(mazarin, 3), hand_odds(mazarin, 2)
    # 12 cards with no suit longer than 3: exactly three of each suit.
    assert o3.longest_suit[3] == Fraction(comb(13, 3) ** 4, comb(52, 12))
    # 15 cards holding a whole suit: which suit, then 2 of the other 39 cards.
    assert o2.longest_suit[13] == Fraction(4 * comb(39, 2), comb(52, 15))
    # 12 cards all of one suit.
    assert o3.longest_suit[12] == Fraction(4 * 13, comb(52, 12))
    assert 13 not in o3.longest_suit and 2 not in o3.longest_suit and 3 not in o2.longest_suit


@pytest.mark.parametrize("players", [2, 3])
def test_longest_suit_probabilities_sum_to_one(mazarin, players):
    assert sum(hand_odds(mazarin, players).longest_suit.values()) == 1


def test_longest_suit_counts_sum_to_all_hands():
    for n in (0, 1, 5, 12, 15, 52):
        assert sum(longest_suit_counts(n)) == comb(52, n)


def test_sequences_among_three_and_four_cards_counted_by_hand():
    # 3 cards: a tierce is one of 11 runs of 3 in one of 4 suits.
    assert comb(52, 3) - sequence_free_count(3, 3) == 4 * 11
    # 4 cards: 4 cards of one suit holding a run of 3 (counted by brute force over one
    # suit's ranks), or a tierce in one suit and any card of the 39 others.
    one_suit = sum(
        1 for ranks in combinations(range(13), 4)
        if any(r + 1 in ranks and r + 2 in ranks for r in ranks)
    )
    assert one_suit == 100  # 10 runs of 4; 11 runs of 3 with a card not touching them: 2*9 + 9*8
    assert comb(52, 4) - sequence_free_count(4, 3) == 4 * one_suit + 4 * 11 * 39
    assert comb(52, 4) - sequence_free_count(4, 4) == 4 * 10


def test_tricon_odds_counted_by_hand(mazarin):
    o = hand_odds(mazarin, 3)
    # no tricon: each rank held 0, 1 or 2 times; a ranks held twice, b once, 2a + b = 12.
    none = sum(comb(13, a) * comb(13 - a, 12 - 2 * a) * 6 ** a * 4 ** (12 - 2 * a)
               for a in range(7) if 12 - 2 * a <= 13 - a)
    assert tricon_free_count(12, 3) == none
    assert o.tricon_at_least[3] == 1 - Fraction(none, comb(52, 12))
    # a carré: inclusion-exclusion over the ranks held four times.
    carre = sum((-1) ** (j + 1) * comb(13, j) * comb(52 - 4 * j, 12 - 4 * j) for j in range(1, 4))
    assert o.tricon_at_least[4] == Fraction(carre, comb(52, 12))


@pytest.mark.parametrize("players", [2, 3])
def test_odds_are_monotone(mazarin, players):
    o = hand_odds(mazarin, players)
    assert list(o.sequence_at_least) == [3, 4, 5]
    s = o.sequence_at_least
    assert 1 > s[3] > s[4] > s[5] > 0
    assert 1 > o.tricon_at_least[3] > o.tricon_at_least[4] > 0
    assert 1 > o.blank_at_least_one > o.blank_two_or_more > 0


def test_sequence_keys_follow_the_ruleset(mazarin):
    seq = dataclasses.replace(mazarin.sequence, min_length=4, counts_up_to=6)
    other = dataclasses.replace(mazarin, sequence=seq)
    o, base = hand_odds(other, 3), hand_odds(mazarin, 3)
    assert list(o.sequence_at_least) == [4, 5, 6]
    assert o.sequence_at_least[4] == base.sequence_at_least[4]
    assert o.sequence_at_least[6] == 1 - Fraction(sequence_free_count(12, 6), comb(52, 12))


def test_table_blank_hands_two_players(mazarin):
    o = hand_odds(mazarin, 2)
    one = Fraction(comb(40, 15), comb(52, 15))
    # the second hand is 15 of the 37 cards left, of which 25 are plain
    both = one * Fraction(comb(25, 15), comb(37, 15))
    assert o.blank_two_or_more == both
    assert o.blank_at_least_one == 2 * one - both


def test_table_blank_hands_three_players(mazarin):
    o = hand_odds(mazarin, 3)
    a = Fraction(comb(40, 12), comb(52, 12))
    ab = a * Fraction(comb(28, 12), comb(40, 12))
    abc = ab * Fraction(comb(16, 12), comb(28, 12))
    assert o.blank_at_least_one == 3 * a - 3 * ab + abc
    # exactly two: 3 (ab - abc); all three: abc
    assert o.blank_two_or_more == 3 * (ab - abc) + abc
    p = blank_table_odds(12, 3)
    assert sum(p) == 1 and p[3] == abc


def test_report_shape_and_rendering(mazarin):
    report = odds_report(mazarin, 3)
    assert report["hand_size"] == 12
    assert set(report["sequence_at_least"]) == {"3", "4", "5"}
    assert set(report["tricon_at_least"]) == {"3", "4"}
    assert set(report["table"]) == {"blank_at_least_one", "blank_two_or_more"}
    assert "4" in report["longest_suit"]
    assert isinstance(report["blank_hand"], Fraction)
    both = render_odds(report)
    assert both["blank_hand"]["fraction"] == str(report["blank_hand"])
    assert both["blank_hand"]["float"] == pytest.approx(comb(40, 12) / comb(52, 12))
    assert json.loads(json.dumps(both)) == both
    assert render_odds(report, "float")["table"]["blank_at_least_one"] == float(
        report["table"]["blank_at_least_one"])
    assert render_probability(Fraction(2, 6), "fraction") == "1/3"
    with pytest.raises(ValueError):
        render_probability(Fraction(1, 2), "percent")


def test_odds_do_not_depend_on_how_sequences_are_ranked(mazarin, hoca):
    # hoca ranks a run of 7 above a quinte but counts sequences the same way.
    assert hand_odds(mazarin, 3).sequence_at_least == hand_odds(hoca, 3).sequence_at_least


# ------------------------------------------------------------ simulation ----


@pytest.mark.parametrize("name,players", [("hoc-mazarin", 3), ("hoca", 2)])
def test_exact_odds_agree_with_a_seeded_simulation(name, players):
    """20,000 seeded deals evaluated by hocdsl.combos agree within 4 standard errors."""
    rules = load_ruleset(name)
    o = hand_odds(rules, players)
    n, deals = o.hand_size, 20_000
    rng = random.Random(20240601)
    pack = list(range(52))
    hits: dict[str, int] = {}

    def hit(key: str, yes: bool) -> None:
        hits[key] = hits.get(key, 0) + bool(yes)

    for _ in range(deals):
        rng.shuffle(pack)
        hands = []
        for p in range(players):
            h = 0
            for c in pack[p * n:(p + 1) * n]:
                h |= 1 << c
            hands.append(h)
        h = hands[0]
        hit("blank", combos.is_blank(h))
        longest = max(pt.cards for pt in combos.suit_points(h, rules))
        for L in o.longest_suit:
            hit(f"longest{L}", longest == L)
        run = combos.best_sequence(h, rules)
        for k in o.sequence_at_least:
            hit(f"seq{k}", run is not None and max(r.length for r in combos.sequences(h, rules)) >= k)
        trio = combos.best_tricon(h, rules)
        for k in o.tricon_at_least:
            hit(f"tri{k}", trio is not None and trio.size >= k)
        blanks = sum(combos.is_blank(x) for x in hands)
        hit("table1", blanks >= 1)
        hit("table2", blanks >= 2)

    expected = {"blank": o.blank_hand, "table1": o.blank_at_least_one, "table2": o.blank_two_or_more}
    expected.update({f"longest{L}": p for L, p in o.longest_suit.items()})
    expected.update({f"seq{k}": p for k, p in o.sequence_at_least.items()})
    expected.update({f"tri{k}": p for k, p in o.tricon_at_least.items()})
    for key, p in expected.items():
        p = float(p)
        se = sqrt(p * (1 - p) / deals)
        got = hits.get(key, 0) / deals
        assert abs(got - p) <= 4 * se + 1.5 / deals, (key, got, p)
