"""Setup and the partie: dealing, the dealer and eldest, carried pools (002 §2, §4, §6)."""

from __future__ import annotations

import random

import pytest

from hocdsl.actions import CONCEDE, PASS, DeclarePoint
from hocdsl.cards import FULL_PACK
from hocdsl.engine import Carry, Game, IllegalAction, Partie, draw_dealer
from hocdsl.engine.events import Dealt, HandStarted
from test_engine_bidding import DEAL1
from test_engine_util import ANNE, BLAISE, COLETTE, NAMES, of_type, pass_chance, play, rules, variant


def test_deal_from_rng():
    # 002 §1-2: 12 cards each for three, 15 for two; the rest out of play.
    for n, size in ((3, 12), (2, 15)):
        g = Game(rules(), n, dealer=0, rng=random.Random(3))
        assert [h.bit_count() for h in g.hands] == [size] * n
        assert g.out_of_play.bit_count() == 52 - n * size
        union = g.out_of_play
        for h in g.hands:
            assert not union & h
            union |= h
        assert union == FULL_PACK
        assert g.eldest == 1 % n  # the seat after the dealer
    with pytest.raises(ValueError):
        Game(rules(), 4, dealer=0, rng=random.Random(3))


def test_hands_given_are_checked():
    with pytest.raises(ValueError, match="dealt twice"):
        Game(rules(), 3, dealer=2, hands=[DEAL1[0], DEAL1[0], DEAL1[2]])
    with pytest.raises(ValueError, match="holds 11 cards"):
        Game(rules(), 3, dealer=2, hands=[DEAL1[0], DEAL1[1], DEAL1[2].rsplit(" ", 1)[0]])


def test_seeded_hand_is_deterministic():
    def run(seed):
        g = Game(rules(), 3, rng=random.Random(seed))
        pick = random.Random(seed + 1)
        while not g.is_over:
            g.apply(pick.choice(g.legal_actions()))
        return g.events
    assert run(11) == run(11)
    assert run(11) != run(12)


def test_draw_dealer_lowest_card():
    # 002 §2: each draws a card, the lowest deals. Over many draws every seat deals
    # sometimes, and the drawn card decides: replay the rng to check one draw.
    seen = {draw_dealer(rules(), 3, random.Random(s)) for s in range(30)}
    assert seen == {0, 1, 2}
    rng = random.Random(4)
    cards = random.Random(4).sample(range(52), 3)
    ranks = [c % 13 for c in cards]
    if ranks.count(min(ranks)) == 1:
        assert draw_dealer(rules(), 3, rng) == ranks.index(min(ranks))
    hi = variant(rules(), "deal", first_dealer="highest-card-deals")
    cards = random.Random(5).sample(range(52), 3)
    ranks = [c % 13 for c in cards]
    if ranks.count(max(ranks)) == 1:
        assert draw_dealer(hi, 3, random.Random(5)) == ranks.index(max(ranks))


def test_wrong_seat_and_hand_over():
    g = Game(rules(), NAMES, dealer=2, hands=DEAL1)
    with pytest.raises(IllegalAction) as e:
        g.apply(PASS, seat=BLAISE)
    assert "Anne's turn" in e.value.message
    g.apply(PASS, seat=ANNE)
    assert g.to_act == BLAISE


def _finish(g):
    while not g.is_over:
        g.apply(g.legal_actions()[0])


def test_partie_carries_pools_and_rotates_the_deal():
    # Hand 1 (deal 1): Blaise wins the point; sequence and tricon are passed by all, so
    # their pools (3 each) stay and are double in hand 2 (002 §6), where everyone
    # antes again: 6 in each. The deal passes to the next seat (Anne), Blaise is eldest.
    p = Partie(rules(), NAMES, dealer=COLETTE, max_hands=2)
    g = p.deal(hands=DEAL1)
    play(g, DeclarePoint(5), DeclarePoint(6), CONCEDE)
    pass_chance(g)
    pass_chance(g)
    _finish(g)
    assert not p.is_over
    assert p.carry == Carry((0, 3, 3), (1, 2, 2), (0, 1, 1))
    assert sum(p.balances) + p.carry.total == 300
    assert p.balances == tuple(100 + v for v in g.net)
    assert p.next_dealer == ANNE
    g2 = p.deal(hands=DEAL1)
    assert (g2.dealer, g2.eldest) == (ANNE, BLAISE)
    assert g2.pools == {"point": 3, "sequence": 6, "tricon": 6}
    assert g2.multipliers == {"point": 1, "sequence": 2, "tricon": 2}
    started = of_type(g2, HandStarted)[0]
    assert started.pools == (0, 3, 3) and started.multipliers == (1, 2, 2)
    _finish(g2)
    assert p.is_over and p.hands_played == 2
    assert sum(p.balances) + p.carry.total == 300
    with pytest.raises(RuntimeError):
        p.deal()


def test_dealer_stays_where_the_ruleset_says_so():
    p = Partie(variant(rules(), "deal", dealer_rotation="stays"), 3, dealer=1, rng=random.Random(1))
    g = p.deal()
    _finish(g)
    assert p.next_dealer == 1


def test_partie_stops_when_a_player_cannot_pay():
    # A player starting with 3 chips goes below nothing within a hand or two.
    p = Partie(rules(), 3, rng=random.Random(8), balances=[3, 100, 100])
    pick = random.Random(9)
    hands = 0
    while not p.is_over:
        g = p.deal()
        while not g.is_over:
            g.apply(pick.choice(g.legal_actions()))
        hands += 1
        assert hands < 500
    assert p.insolvent
    # play-on: the ledger goes negative and the partie goes on to max_hands
    p = Partie(variant(rules(), "table", insolvency="play-on"), 3, rng=random.Random(8),
               balances=[3, 100, 100], max_hands=5)
    while not p.is_over:
        _finish(p.deal())
    assert p.hands_played == 5


def test_partie_draws_the_first_dealer_and_deals():
    p = Partie(rules(), 2, rng=random.Random(2), max_hands=3)
    first = p.next_dealer
    assert first in (0, 1)
    for k in range(3):
        g = p.deal()
        assert g.dealer == (first + k) % 2
        assert len(of_type(g, Dealt)) == 2
        _finish(g)
    assert p.is_over
