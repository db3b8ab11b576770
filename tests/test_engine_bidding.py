"""Bidding on the three chances, worked by hand from Lalanne (002 §3-§7).

Every payment below is computed from the source's rules in the comments, not
from the engine. Antes are 1 chip per chance per player (002 §4).
"""

from __future__ import annotations

import pytest

from hocdsl.actions import (
    CALL, CONCEAL, CONCEDE, NOTHING, PASS, RAISE, SHOW, DeclarePoint, DeclareSequence,
    DeclareTricon,
)
from hocdsl.combos import Point, Run, Trio
from hocdsl.engine import Carry, IllegalAction
from hocdsl.engine.events import ChancePassed, ChanceWon, Declared, Shown
from hocdsl.engine.bidding import bidding_mode, put_in, stake, winners
from test_engine_util import (
    ANNE, BLAISE, COLETTE, game, moves, net_for, of_type, pass_chance, play, rules, variant,
)

# Deal 1. Anne: five spades A 3 5 7 9 = 25 (002 §3.1 values: ace 1, pips face);
# Blaise: six hearts 3 5 7 9 J K = 44; Colette: four clubs 3 5 7 9 = 24.
# Nobody holds a sequence or a tricon.
DEAL1 = [
    "AS 3S 5S 7S 9S 2H 4H 6H 8D 10D QC 2C",
    "3H 5H 7H 9H JH KH 2S 4S 6S AD 3D 4C",
    "3C 5C 7C 9C 8S 10S 5D 7D 9D 8H 10H QH",
]

# Deal 2. Blaise: quatrième major 10-J-Q-K of hearts and a tierce 5-6-7 of spades;
# Anne and Colette hold no run.
DEAL2 = [
    "AS 3S 9S JS 4H 6H 8H 2D 5D 7D 2C 4C",
    "10H JH QH KH 5S 6S 7S AD 3D 9C JC 2H",
    "2S 4S 8S QS 3H 5H 7H 9H 4D 6D 8D 10D",
]

# Deal 4. Anne: spades A 3 5 7 9 = 5 cards, 25; Blaise: hearts A 3 5 7 9 = 5 cards, 25,
# and brelans of threes and fives; Colette: a carré of eights, four spades (20).
DEAL4 = [
    "AS 3S 5S 7S 9S 2D 4D 2C 4C 6C QD KD",
    "AH 3H 5H 7H 9H 3D 5D 3C 5C 7C JS QS",
    "2S 4S 6S 8S 2H 4H 6H 8H 6D 8D 10D 8C",
]


def test_antes_one_chip_per_chance():
    # 002 §4: each player puts 1 chip on each of the three chances.
    g = game(DEAL1)
    assert g.pools == {"point": 3, "sequence": 3, "tricon": 3}
    assert g.net == (-3, -3, -3)
    assert g.stage == "point" and g.to_act == ANNE  # 002 §2: the eldest speaks first


def test_declaration_closes_bidding_and_forces_declarations():
    # 002 §5.1: Anne declares, so no one may raise; Blaise and Colette must declare
    # in turn; Colette, below Blaise's six cards, says "c'est bon". Blaise takes the pool.
    g = game(DEAL1)
    play(g, DeclarePoint(5))
    assert g.to_act == BLAISE
    assert RAISE[1] not in g.legal_actions() and not g.can_apply(RAISE[1])
    play(g, DeclarePoint(6))
    assert g.legal_actions() == (CONCEDE,)  # four clubs cannot beat six hearts
    play(g, CONCEDE)
    decl = [(e.seat, e.declaration, e.forced) for e in of_type(g, Declared)]
    assert decl == [(ANNE, DeclarePoint(5, 25), False), (BLAISE, DeclarePoint(6, 44), True)]
    assert moves(g, "pool", "point") == [("point pool", BLAISE, 3)]
    assert net_for(g, "point") == [-1, 2, -1]
    assert g.stage == "sequence"


def test_forced_declarations_include_those_who_passed():
    # 002 §5.1-5.2: Anne passes, Blaise declares; Colette then Anne (who passed) declare.
    g = game(DEAL1)
    play(g, PASS, DeclarePoint(6))
    assert g.to_act == COLETTE
    play(g, CONCEDE)
    assert g.to_act == ANNE
    play(g, CONCEDE)
    assert winners(g)["point"] == BLAISE


def test_declaration_checked_against_the_hand():
    # A player may declare less than he holds, never more (002 §5.1 he must show it).
    g = game(DEAL1)
    with pytest.raises(IllegalAction) as e:
        g.apply(DeclarePoint(6))  # Anne holds five spades at most
    assert e.value.rule == ("hoc-mazarin bidding.declaring_closes_bidding, lalanne §5.1: "
                            "a player may declare less than he holds, never more")
    assert not g.can_apply(DeclarePoint(5, 26))  # her five spades are worth 25
    assert g.can_apply(DeclarePoint(5, 20))  # less than held
    play(g, DeclarePoint(4))  # four of her spades: the best four are 3 5 7 9 = 24
    assert of_type(g, Declared)[0].declaration == DeclarePoint(4, 24)
    assert not g.can_apply(DeclareSequence(3))  # not the chance being bid


def test_raise_call_and_fold():
    # 002 §5.1: Anne raises 2, Blaise calls, Colette passes (folds, losing her ante);
    # back at Anne the raises end; Anne and Blaise declare; Blaise's six hearts win the
    # pool: 3 antes + 2 + 2 = 7.
    g = game(DEAL1)
    play(g, RAISE[2], CALL, PASS)
    assert bidding_mode(g) == "declaring" and g.to_act == ANNE
    play(g, DeclarePoint(5), DeclarePoint(6))
    assert moves(g, "raise", "point") == [(ANNE, "point pool", 2)]
    assert moves(g, "call", "point") == [(BLAISE, "point pool", 2)]
    assert moves(g, "pool", "point") == [("point pool", BLAISE, 7)]
    assert net_for(g, "point") == [-3, 4, -1]


def test_no_raising_on_oneself():
    # 002 §5.1: after Anne's raise, if nobody raises again, the bidding ends when the
    # word comes back to her: she is never asked to raise over herself.
    g = game(DEAL1)
    play(g, RAISE[3], CALL, CALL)
    assert bidding_mode(g) == "declaring" and g.to_act == ANNE
    assert not any(type(a).__name__ == "Raise" for a in g.legal_actions())
    with pytest.raises(IllegalAction) as e:
        g.apply(RAISE[1])
    assert e.value.rule == "hoc-mazarin bidding.raise_cap, lalanne §5.1: no raising on oneself"
    # a re-raise gives the word back to the first raiser
    g = game(DEAL1)
    play(g, RAISE[3], RAISE[2], CALL)
    assert g.to_act == ANNE and bidding_mode(g) == "raised"
    assert stake(g) == 5 and put_in(g, ANNE) == 3
    play(g, CALL)  # Anne puts in 2 more; back at Blaise, the last raiser: the raises end
    assert bidding_mode(g) == "declaring"
    assert moves(g, None, "point")[-1] == (ANNE, "point pool", 2)


def test_raise_cap():
    # 002 §5.1: no raise of more than 20 over the last stake.
    g = game(DEAL1)
    assert RAISE[20] in g.legal_actions() and RAISE[21] not in g.legal_actions()
    with pytest.raises(IllegalAction) as e:
        g.apply(RAISE[21])
    assert e.value.rule.startswith("hoc-mazarin bidding.raise_cap, lalanne §5.1:")
    # a reading with a cap of 5
    g = game(DEAL1, variant(rules(), "bidding", raise_cap=5))
    assert not g.can_apply(RAISE[6]) and g.can_apply(RAISE[5])
    play(g, RAISE[5], RAISE[5])
    assert stake(g) == 10 and not g.can_apply(RAISE[6])


def test_passer_comes_back_after_a_raise():
    # 002 §5.2: Anne passes; Blaise raises 3; Colette folds; Anne comes back and calls.
    g = game(DEAL1)
    play(g, PASS, RAISE[3], PASS)
    assert g.to_act == ANNE and CALL in g.legal_actions()
    play(g, CALL)
    assert bidding_mode(g) == "declaring" and g.to_act == ANNE
    play(g, DeclarePoint(5), DeclarePoint(6))
    assert moves(g, "pool", "point") == [("point pool", BLAISE, 3 + 3 + 3)]


def test_no_return_after_pass_when_the_ruleset_forbids_it():
    # The other reading (may_return_after_pass false): Anne's pass is final, so after
    # Colette folds Blaise is alone and wins without showing.
    r = variant(rules(), "bidding", may_return_after_pass=False)
    g = game(DEAL1, r)
    play(g, PASS, RAISE[3], PASS)
    assert bidding_mode(g) == "lone" and g.to_act == BLAISE
    assert g.legal_actions() == (SHOW, CONCEAL)
    play(g, CONCEAL)
    assert moves(g, "pool", "point") == [("point pool", BLAISE, 6)]


def test_first_declarer_takes_precedence():
    # 002 §5.2: Anne passes and Blaise forces the declarations; Anne's five cards worth
    # 25 tie Blaise's exactly, and the precedence is Blaise's: conceding is all she needs.
    g = game(DEAL4)
    play(g, PASS, DeclarePoint(5), CONCEDE)
    assert g.to_act == ANNE
    assert g.legal_actions() == (CONCEDE,)
    play(g, CONCEDE)
    assert winners(g)["point"] == BLAISE
    assert moves(g, "pool", "point") == [("point pool", BLAISE, 3)]


def test_an_equal_hand_may_be_declared_and_loses_the_tie():
    # 002 §5.1: only a hand *below* a predecessor's says "c'est bon"; an equal one is
    # declared and the tie goes by precedence (§3.1), here Blaise's (§5.2). A lower one
    # (four spades worth 20, Colette's) is still refused.
    g = game(DEAL4)
    play(g, PASS, DeclarePoint(5))
    with pytest.raises(IllegalAction, match="c'est bon"):
        g.apply(DeclarePoint(4))
    play(g, CONCEDE)
    play(g, DeclarePoint(5, 25))
    assert [(e.seat, e.declaration) for e in of_type(g, Declared)] == [
        (BLAISE, DeclarePoint(5, 25)), (ANNE, DeclarePoint(5, 25))]
    assert winners(g)["point"] == BLAISE
    assert moves(g, "pool", "point") == [("point pool", BLAISE, 3)]


def test_eldest_precedence_on_the_same_deal():
    # 002 §3.1 (and the Wikipedia/Hoca readings): the eldest wins an exact tie.
    for r in (variant(rules(), "bidding", precedence="eldest"), rules("hoc-mazarin-wikipedia")):
        g = game(DEAL4, r)
        play(g, PASS, DeclarePoint(5), CONCEDE)
        assert DeclarePoint(5, 25) in g.legal_actions()
        play(g, DeclarePoint(5))
        assert winners(g)["point"] == ANNE
        assert moves(g, "pool", "point") == [("point pool", ANNE, 3)]


def test_lone_winner_who_shows_is_paid_his_sequence_and_lower_ones():
    # 002 §5.1, §7.2: Blaise raises 1 on the sequence, the others fold; he shows his
    # quatrième major (3) and claims the lower tierce (1): 4 from each other player,
    # even those who folded; plus the pool 3 + 1.
    g = game(DEAL2)
    pass_chance(g)  # point
    play(g, PASS, RAISE[1], PASS, PASS)
    assert bidding_mode(g) == "lone" and g.to_act == BLAISE
    play(g, SHOW)
    shown = of_type(g, Shown)[0]
    assert shown.combinations == (Run(1, 4, 13), Run(0, 3, 7))
    assert moves(g, "sequence", "sequence") == [(ANNE, BLAISE, 4), (COLETTE, BLAISE, 4)]
    assert net_for(g, "sequence") == [-5, 10, -5]


def test_lone_winner_who_conceals_gets_the_pool_only():
    # 002 §7.2: not showing, he is paid only the pool (and the raises).
    g = game(DEAL2)
    pass_chance(g)
    play(g, PASS, RAISE[1], PASS, PASS, CONCEAL)
    assert moves(g, "sequence", "sequence") == []
    assert net_for(g, "sequence") == [-1, 2, -1]


def test_lone_winner_must_show_where_the_ruleset_says_so():
    g = game(DEAL2, variant(rules(), "bidding", lone_winner_must_show=True))
    pass_chance(g)
    play(g, PASS, RAISE[1], PASS, PASS)
    assert g.legal_actions() == (SHOW,)
    with pytest.raises(IllegalAction):
        g.apply(CONCEAL)


def test_double_game_doubles_the_sequence_payment():
    # 002 §6-7.2: the sequence passed by all last hand: its pool (3) stays and it is
    # played double; with the antes again (002 §6) the pool is 6. Shown, Blaise's
    # quatrième major + tierce pay (3 + 1) x 2 = 8 from each.
    carry = Carry(pools=(0, 3, 0), multipliers=(1, 2, 1), passes=(0, 1, 0))
    g = game(DEAL2, carry=carry)
    assert g.pools["sequence"] == 6 and g.multipliers["sequence"] == 2
    pass_chance(g)
    play(g, PASS, RAISE[1], PASS, PASS, SHOW)
    assert moves(g, "sequence", "sequence") == [(ANNE, BLAISE, 8), (COLETTE, BLAISE, 8)]
    assert moves(g, "pool", "sequence") == [("sequence pool", BLAISE, 7)]


def test_bluff_precedence_wins_the_pool_only():
    # 002 §7.4: Anne raises, Blaise calls, Colette folds; neither holds a sequence, so
    # both say "nothing" and precedence (the eldest) wins the pool, 3 + 1 + 1, and
    # nothing more.
    g = game(DEAL1)
    pass_chance(g)
    play(g, RAISE[1], CALL, PASS)
    assert g.legal_actions() == (NOTHING,)
    play(g, NOTHING, NOTHING)
    won = of_type(g, ChanceWon)[-1]
    assert (won.chance, won.seat, won.how, won.pool) == ("sequence", ANNE, "bluff", 5)
    assert net_for(g, "sequence") == [3, -2, -1]


def test_bluff_pool_carries_under_the_other_reading():
    g = game(DEAL1, variant(rules(), "bidding", bluff="pool-carries"))
    pass_chance(g)
    play(g, RAISE[1], CALL, PASS, NOTHING, NOTHING)
    passed = of_type(g, ChancePassed)[-1]
    assert (passed.chance, passed.how, passed.pool, passed.multiplier) == ("sequence", "bluff", 5, 2)


def test_all_pass_carries_the_pool_and_doubles():
    # 002 §5.1, §6: nobody declares the sequence or the tricon: their pools stay and
    # those chances are double next hand.
    g = game(DEAL1)
    play(g, DeclarePoint(5), DeclarePoint(6), CONCEDE)
    pass_chance(g)
    pass_chance(g)
    assert g.stage == "cards"
    while not g.is_over:  # the card game does not touch the pools
        g.apply(g.legal_actions()[0])
    assert g.carry_out == Carry(pools=(0, 3, 3), multipliers=(1, 2, 2), passes=(0, 1, 1))


def test_multiplier_steps_and_cap():
    # Passed again while double: stays double (hoc-mazarin past_cap hold); with the
    # triple-game extension (002 §6 proposal) it becomes triple, then holds.
    carry = Carry(pools=(0, 6, 0), multipliers=(1, 2, 1), passes=(0, 1, 0))
    for r, expect in ((rules(), 2), (rules("hoc-mazarin", "triple-game"), 3),
                      (variant(rules(), "bidding", past_cap="reset"), 1)):
        g = game(DEAL1, r, carry=carry)
        play(g, DeclarePoint(5), DeclarePoint(6), CONCEDE)
        pass_chance(g)
        passed = of_type(g, ChancePassed)[0]
        assert passed.chance == "sequence" and passed.pool == 9 and passed.multiplier == expect


# Deal 5: deal 4 with Colette's carré and brelan of sixes broken up (her 8S 8H 6S
# for Anne's QD KD 2D), so that nothing beats Blaise's brelans of fives and threes:
# Colette holds only a brelan of twos (2S 2H 2D), Anne pairs only (8, 6, 4).
DEAL5 = [
    "AS 3S 5S 7S 9S 8S 8H 6S 4D 2C 4C 6C",
    "AH 3H 5H 7H 9H 3D 5D 3C 5C 7C JS QS",
    "2S 4S 6H 2H 4H 2D 6D 8D 10D 8C QD KD",
]


def test_tricon_claims_lower_tricons():
    # 002 §3.3, §7.3: Blaise holds brelans of fives and threes. Declaring the fives
    # (the best), he also claims the lower threes: 2 + 2 from each. Declaring the
    # threes (less than he holds), the fives above are worth nothing: 2 from each.
    # Colette's brelan of twos is below either, Anne holds none: both say "c'est bon"
    # (002 §5.1).
    for decl, per in ((DeclareTricon(3), 4), (DeclareTricon(3, 3), 2)):
        g = game(DEAL5)
        pass_chance(g)
        pass_chance(g)
        play(g, PASS, decl, CONCEDE, CONCEDE)
        assert moves(g, "tricon", "tricon") == [(ANNE, BLAISE, per), (COLETTE, BLAISE, per)]
    # The Hoca (003 "il compte et fait payer tous les tricons qu'il peut avoir en main"):
    # every tricon held is paid, whatever was declared.
    g = game(DEAL5, rules("hoca"))
    pass_chance(g)
    pass_chance(g)
    play(g, PASS, DeclareTricon(3, 3), CONCEDE, CONCEDE)
    assert moves(g, "tricon", "tricon") == [(ANNE, BLAISE, 4), (COLETTE, BLAISE, 4)]


def test_carre_beats_brelan_and_is_paid_4():
    # 002 §3.3: Colette's carré of eights (and her brelan of sixes) beat Blaise's brelan
    # of fives; shown, the carré is paid 4 by each, and her lower brelan of sixes 2
    # more (002 §7.3: lower tricons held may be claimed).
    g = game(DEAL4)
    pass_chance(g)
    pass_chance(g)
    play(g, PASS, DeclareTricon(3))
    assert of_type(g, Declared)[-1].declaration == DeclareTricon(3, 5)  # completed: his best
    # 002 §5.1: her hand beats his, so she must declare: no "c'est bon" offered or taken
    assert g.legal_actions() == (DeclareTricon(4, 8), DeclareTricon(3, 6))
    assert not g.can_apply(CONCEDE)
    play(g, DeclareTricon(4), CONCEDE)
    assert of_type(g, Shown)[-1].combinations == (Trio(8, 4), Trio(6, 3))
    assert moves(g, "tricon", "tricon") == [(ANNE, COLETTE, 6), (BLAISE, COLETTE, 6)]


def test_no_declaration_before_the_raises_where_declaring_does_not_close():
    # The literal Hoca reading (003 §Le point: the points are made known when the raises
    # are over): the opener passes or raises; declarations come at the end.
    g = game(DEAL1, variant(rules("hoca"), "bidding", declaring_closes_bidding=False))
    assert all(type(a).__name__ in ("Pass", "Raise") for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(DeclarePoint(5))
    play(g, RAISE[1], CALL, PASS, DeclarePoint(5), DeclarePoint(6))
    assert winners(g)["point"] == BLAISE


def test_hoca_point_by_value_alone():
    # Hoca (003 §Le point): "le plus élevé l'emporte", by value: Colette's three hearts
    # 8 10 Q (28) beat Anne's five spades (25). Under Lalanne (002 §3.1) the number of
    # cards comes first and they do not. Blaise (six hearts, 44, better than both under
    # either reading) folds after Anne's raise, so the two are left to declare, Anne first
    # (002 §5.1); a hand that beats Anne's must be declared, not conceded.
    g = game(DEAL1, rules("hoca"))
    play(g, RAISE[1], PASS, CALL, DeclarePoint(5))
    assert DeclarePoint(3, 28) in g.legal_actions() and CONCEDE not in g.legal_actions()
    assert not g.can_apply(CONCEDE)
    play(g, DeclarePoint(3))
    assert winners(g)["point"] == COLETTE
    g = game(DEAL1)
    play(g, RAISE[1], PASS, CALL, DeclarePoint(5))
    assert g.legal_actions() == (CONCEDE,)
    assert not g.can_apply(DeclarePoint(3))
    play(g, CONCEDE)
    assert winners(g)["point"] == ANNE
