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
from hocdsl.cards import parse_card
from hocdsl.odds import (
    blank_table_odds, hand_odds, longest_suit_counts, named_card_roles, odds_report, render_odds,
    render_probability, sequence_free_count, set_free_count, tricon_free_count,
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


def with_stage(rules, stage):
    """``rules`` with the stage of the same id replaced by ``stage``."""
    return dataclasses.replace(rules, stages=tuple(stage if s.id == stage.id else s for s in rules.stages))


def test_sequence_keys_follow_the_ruleset(mazarin):
    seq = dataclasses.replace(mazarin.sequence, min_length=4, counts_up_to=6)
    other = with_stage(mazarin, seq)
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


def test_sets_of_one_rank_from_pairs_up(mazarin):
    o = hand_odds(mazarin, 3)
    assert list(o.set_at_least) == [2, 3, 4]
    # the sizes the tricon names are the same numbers as the sets of those sizes
    assert o.set_at_least[3] == o.tricon_at_least[3] and o.set_at_least[4] == o.tricon_at_least[4]
    # no pair among 12 cards: 12 different ranks of the 13, one suit each
    assert o.set_at_least[2] == 1 - Fraction(comb(13, 12) * 4 ** 12, comb(52, 12))
    # 15 cards from 13 ranks always hold a pair
    assert hand_odds(mazarin, 2).set_at_least[2] == 1
    assert set_free_count(5, 2) == comb(13, 5) * 4 ** 5


def test_named_cards_principal_hocs(mazarin):
    o = hand_odds(mazarin, 3)
    assert [c for c in o.named_cards] == [parse_card(c) for c in ("KS", "KH", "KD", "KC", "QS", "JD")]
    for card in o.named_cards.values():
        assert card.roles == ("principal hoc",)
        assert card.in_hand == Fraction(12, 52)  # a given card is in a given hand of 12
        assert card.at_the_table == Fraction(36, 52)  # 16 cards are out of play
    cards, p = o.named_groups["principal hocs"]
    assert len(cards) == 6 and p == 1 - Fraction(comb(46, 12), comb(52, 12))
    report = odds_report(mazarin, 3)
    assert report["named_cards"]["QS"]["roles"] == ["principal hoc"]
    assert report["named_groups"]["principal hocs"]["cards"] == ["KS", "KH", "KD", "KC", "QS", "JD"]
    assert json.loads(json.dumps(render_odds(report, "fraction")))["named_cards"]["KS"]["in_hand"] == "3/13"


def stripped(mazarin):
    """hoc-mazarin with a 32-card ace-high pack for 2 to 4, a board pool on QH,
    and neither a sequence nor a blank-hand stage (built in memory)."""
    from hocdsl.rules.model import PoolRules

    pack = dataclasses.replace(mazarin.pack, cards=32, order="ace-high")
    deal = dataclasses.replace(mazarin.deal, hand_size={2: 10, 3: 8, 4: 8})
    board = PoolRules(id="board", ante=1, ante_by="dealer", ante_when_carried=False, unclaimed="carries",
                      card=parse_card("QH"))
    stages = tuple(s for s in mazarin.stages if s.id not in ("sequence", "blank_hand"))
    pools = tuple(p for p in mazarin.pools if p.id != "sequence") + (board,)
    return dataclasses.replace(mazarin, name="stripped", pack=pack, deal=deal, stages=stages, pools=pools)


def test_a_stripped_pack_for_four_counted_exactly(mazarin):
    rules = stripped(mazarin)
    o = hand_odds(rules, 4)
    assert (o.pack, o.hand_size, o.players) == (32, 8, 4)
    assert sum(o.longest_suit.values()) == 1
    assert sum(longest_suit_counts(8, 8)) == comb(32, 8)
    # all 8 cards of one suit: 4 hands of C(32, 8)
    assert o.longest_suit[8] == Fraction(4, comb(32, 8))
    # a carré among 8 cards of 8 ranks: inclusion-exclusion over the ranks held four times
    carre = sum((-1) ** (j + 1) * comb(8, j) * comb(32 - 4 * j, 8 - 4 * j) for j in (1, 2))
    assert o.set_at_least[4] == o.tricon_at_least[4] == Fraction(carre, comb(32, 8))
    # what the ruleset does not play is left out, and the notes say so
    assert o.blank_hand is None and o.sequence_at_least == {} and o.blank_at_least_one is None
    report = odds_report(rules, 4)
    assert "blank_hand" not in report and "sequence_at_least" not in report and "table" not in report
    assert any("32 cards" in n and "7 8 9 10 J Q K A" in n for n in report["notes"])
    assert any("sequences are not counted" in n for n in report["notes"])
    # the board card: in one hand of 8 from 32; all 32 cards are dealt to four
    qh = o.named_cards[parse_card("QH")]
    assert qh.roles == ("board card of the board pool",)
    assert (qh.in_hand, qh.at_the_table) == (Fraction(1, 4), 1)
    assert hand_odds(rules, 3).named_cards[parse_card("QH")].at_the_table == Fraction(24, 32)
    assert named_card_roles(rules)[parse_card("QH")] == ["board card of the board pool"]
    with pytest.raises(ValueError):
        hand_odds(rules, 5)


def test_runs_of_a_stripped_pack_follow_its_order(mazarin):
    """In a 32-card pack kept ace low the ace is next to the seven (A 7 8 ... K): a suit
    of 8 ranks in a row, counted by brute force over one suit."""
    pack = dataclasses.replace(mazarin.pack, cards=32)
    deal = dataclasses.replace(mazarin.deal, hand_size={2: 10, 3: 8, 4: 8})
    rules = dataclasses.replace(mazarin, pack=pack, deal=deal)
    o = hand_odds(rules, 4)
    assert list(o.sequence_at_least) == [3, 4, 5]
    # 3 cards: a tierce is one of 6 runs of 3 in one of 4 suits
    assert comb(32, 3) - sequence_free_count(3, 3, 8) == 4 * 6
    # 5 cards: a quinte is one of 4 runs of 5 in one of 4 suits; a quatrième by brute force
    assert comb(32, 5) - sequence_free_count(5, 5, 8) == 4 * 4
    free = sum(1 for hand in combinations(range(32), 5)
               if not any(all((c + i) in hand and (c + i) // 8 == c // 8 for i in range(4)) for c in hand))
    assert sequence_free_count(5, 4, 8) == free
    assert o.sequence_at_least[5] == 1 - Fraction(sequence_free_count(8, 5, 8), comb(32, 8))
    # blank hands: the 12 courts are all in the 32-card pack
    assert o.blank_hand == Fraction(comb(20, 8), comb(32, 8))
    assert o.blank_two_or_more == 1 - sum(blank_table_odds(8, 4, 32)[:2])


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
