"""The declaring round (Lalanne 002 §5.1, §7.4) and the Wikipedia article's auction words.

§5.1: once a player declares, the others in turn must declare too; only a hand
lower than a predecessor's says "c'est bon". §7.4: the bluff case is for players
who stayed in and hold nothing of value. The Wikipedia article (001 §Stage 1
Auction): after the first hand, players hold, raise, or fold by saying "(it's)
good". Every outcome below is worked out by hand in the comments.
"""

from __future__ import annotations

import pytest

from hocdsl.actions import CALL, CONCEDE, NOTHING, PASS, RAISE, DeclarePoint, DeclareSequence, DeclareTricon
from hocdsl.engine import IllegalAction
from hocdsl.records import RecordError, parse_record, replay_record
from hocdsl.engine.bidding import bidding_mode, winners
from test_engine_util import ANNE, BLAISE, COLETTE, game, net_for, pass_chance, play, rules

# Anne: five spades A 4 10 J Q = 1+4+10+10+10 = 35 (002 §3.1), the tierce 10-J-Q of
#   spades and A-2-3 of diamonds, no tricon.
# Blaise: five hearts 2 9 10 J K = 2+9+10+10+10 = 41, the quatrième 4-5-6-7 of
#   diamonds and the tierce 9-10-J of hearts, no tricon.
# Colette: six clubs A 2 3 5 6 7 = 24, tierces A-2-3 and 5-6-7 of clubs, a brelan of
#   sixes (6C 6S 6H).
AUDIT = [
    "AS 4S 10S JS QS AD 2D 3D 3H 4H 8C 9C",
    "2H 9H 10H JH KH 2S 3S 5S 4D 5D 6D 7D",
    "AC 2C 3C 5C 6C 7C 6S 7S 5H 6H 8D 9D",
]


def test_a_hand_that_beats_the_declaration_is_declared():
    # The audit's case: Anne declares 5 cards, 35. Blaise's 5 cards, 41 beat it (same
    # count, more value, 002 §3.1): "c'est bon" is not his to say. Colette's 6 cards
    # beat his in turn. Colette takes the point pool, 3: Anne -1, Blaise -1, Colette +2.
    g = game(AUDIT)
    play(g, DeclarePoint(5))
    assert g.to_act == BLAISE
    assert g.legal_actions() == (DeclarePoint(5, 41),)
    assert not g.can_apply(CONCEDE)
    with pytest.raises(IllegalAction) as e:
        g.apply(CONCEDE)
    assert "§5.1" in e.value.rule
    assert "5 cards, 41 beats 5 cards, 35" in e.value.message
    play(g, DeclarePoint(5))
    assert g.legal_actions() == (DeclarePoint(6, 24),)
    assert not g.can_apply(CONCEDE)
    play(g, DeclarePoint(6))
    assert winners(g)["point"] == COLETTE
    assert net_for(g, "point") == [-1, -1, 2]


def test_a_lower_hand_still_says_cest_bon():
    # Blaise declares 5 cards, 41 first (Anne passed); Colette's six clubs beat it and
    # must be declared; then Anne's 5 cards, 35 are below both: "c'est bon" only.
    g = game(AUDIT)
    play(g, PASS, DeclarePoint(5))
    assert g.to_act == COLETTE and CONCEDE not in g.legal_actions()
    play(g, DeclarePoint(6))
    assert g.to_act == ANNE and g.legal_actions() == (CONCEDE,)
    assert not g.can_apply(DeclarePoint(5, 35))
    play(g, CONCEDE)
    assert winners(g)["point"] == COLETTE


def test_nothing_refused_to_a_player_with_a_sequence():
    # The sequence after raises: Anne raises 1, Blaise and Colette hold; the three
    # declare from the eldest (002 §5.1). Anne holds tierces: "nothing" is not hers to
    # say. Her tierce to the queen is beaten by Blaise's quatrième, which he must
    # declare; Colette's tierces are below it: "c'est bon".
    g = game(AUDIT)
    pass_chance(g)
    play(g, RAISE[1], CALL, CALL)
    assert bidding_mode(g) == "declaring" and g.to_act == ANNE
    assert NOTHING not in g.legal_actions()
    with pytest.raises(IllegalAction) as e:
        g.apply(NOTHING)
    assert "§5.1" in e.value.rule and "you hold a sequence of 3" in e.value.message
    play(g, DeclareSequence(3))
    assert g.legal_actions() == (DeclareSequence(4, 7),)
    play(g, DeclareSequence(4))
    assert g.legal_actions() == (CONCEDE,)
    play(g, CONCEDE)
    assert winners(g)["sequence"] == BLAISE


def test_the_bluff_case_only_when_nothing_is_held():
    # The tricon after raises: Anne raises 1, Blaise and Colette hold. Anne and Blaise
    # hold no tricon and say "nothing"; Colette holds a brelan of sixes and may not
    # (before issue 9 she could, and the bluff case gave Anne the pool). She declares
    # it and wins: pool 3 antes + 3 raised = 6, and a plain brelan paid 2 by each
    # (002 §7.3). Nets: Anne -1 -1 -2 = -4, Blaise -4, Colette -1 -1 +6 +4 = +8.
    g = game(AUDIT)
    pass_chance(g)
    pass_chance(g)
    play(g, RAISE[1], CALL, CALL)
    assert g.legal_actions() == (NOTHING,)
    play(g, NOTHING)
    assert g.legal_actions() == (NOTHING,)
    play(g, NOTHING)
    assert g.to_act == COLETTE and g.legal_actions() == (DeclareTricon(3, 6),)
    assert not g.can_apply(NOTHING)
    play(g, DeclareTricon(3))
    assert winners(g)["tricon"] == COLETTE
    assert net_for(g, "tricon") == [-4, -4, 8]


def test_bots_follow_the_rule():
    # The legal actions are the rule: a random bot, choosing among them, never says
    # "c'est bon" with a point that beats the standing declaration. The best points, by
    # hand (002 §3.1, cards then value): Anne (5, 35), Blaise (5, 41), Colette (6, 24).
    import random

    from hocdsl.bots import make_bot
    from hocdsl.engine.events import Conceded, Declared

    best = {ANNE: (5, 35), BLAISE: (5, 41), COLETTE: (6, 24)}
    conceded = 0
    for seed in range(60):
        g = game(AUDIT)
        bots = [make_bot("random", rules(), i, random.Random(seed * 3 + i)) for i in range(3)]
        while g.stage == "point":
            s = g.to_act
            a = bots[s].choose(g.view(s))
            assert g.can_apply(a)
            g.apply(a)
        standing = None
        for e in g.events:
            if isinstance(e, Declared):
                said = (e.declaration.cards, e.declaration.value)
                standing = said if standing is None else max(standing, said)
            elif isinstance(e, Conceded):
                conceded += 1
                assert standing is not None and best[e.seat] <= standing
    assert conceded  # the check above was reached


AUDIT_RECORD = """\
ruleset: hoc-mazarin
players: [Anne, Blaise, Colette]
deals:
  - dealer: Colette
    hands:
      Anne: AS 4S 10S JS QS AD 2D 3D 3H 4H 8C 9C
      Blaise: 2H 9H 10H JH KH 2S 3S 5S 4D 5D 6D 7D
      Colette: AC 2C 3C 5C 6C 7C 6S 7S 5H 6H 8D 9D
    announcements:
      - "Anne: 5 cards, 35"
      - "Blaise: c'est bon"
      - "Colette: c'est bon"
"""


@pytest.mark.parametrize("ruleset", ["hoc-mazarin", "hoc-mazarin-wikipedia", "hoca"])
def test_a_record_conceding_a_better_hand_is_refused_at_its_line(ruleset):
    # The replay the audit made: Anne won the point with 5 cards worth 35 while Blaise
    # held 5 worth 41 (and Colette 6 cards). Refused at Blaise's line (line 11).
    # Under the Hoca (points by value alone) his 41 beats her 35 as well.
    with pytest.raises(RecordError) as e:
        replay_record(parse_record(AUDIT_RECORD, "audit.yaml"), ruleset=ruleset)
    err = e.value
    assert err.line == 11
    assert "Blaise" in str(err) and "c'est bon" in str(err)
    assert "§5.1" in err.rule


# The Wikipedia article's auction (001 §Stage 1 Auction), two players, 15 cards each.
# Anne: ten spades A..10 (a point of 10 cards; a run of ten, declared as a quinte to the
#   10: a run of five or more is a quinte, §Stage 1 Stakes), JH QC KH AH 2H; no tricon.
# Blaise: diamonds and clubs 3 5 7 9 J K, 4H 8H QS: no run, no tricon.
WIKI_RECORD = """\
ruleset: hoc-mazarin-wikipedia
players: [Anne, Blaise]
deals:
  - dealer: Blaise
    hands:
      Anne: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JH QC KH AH 2H
      Blaise: 3D 5D 7D 9D JD KD 3C 5C 7C 9C JC KC 4H 8H QS
    announcements:
      - "Anne: raise 2"
      - "Blaise: it's good"
      - "Anne: pass"
      - "Blaise: raise 1"
      - "Anne: hold"
      - "Anne: quinte to the 10"
      - "Blaise: it's good"
      - "Anne: raise 1"
      - "Blaise: good"
      - "Anne: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JH QC KH hoc! AH 2H"
"""


def test_the_articles_words_replay_under_wikipedia():
    # Antes: 1 a chance each (pools of 2).
    # Point: Anne raises 2; Blaise folds by saying "it's good". Anne, alone, takes the
    #   pool 2 + 2 = 4 without showing: Anne -1 -2 +4 = +1, Blaise -1.
    # Sequence: Anne passes, Blaise raises 1, Anne holds (1 more). Declaring from the
    #   first hand: Anne's quinte to the 10; Blaise, with no run, says it is good (the
    #   declarations' "c'est bon", which the article leaves as in Lalanne). Anne takes
    #   2 + 1 + 1 = 4 and a quinte, 3 (§Stage 1 Winnings): Anne -1 -1 +4 +3 = +5,
    #   Blaise -1 -1 -3 = -5.
    # Tricon: Anne raises 1, Blaise says "good": Anne alone, 2 + 1 = 3: Anne +1, Blaise -1.
    # The card game: Anne lays A..10 of spades, JH, QC, then KH, a principal hoc (1 from
    #   Blaise, §Stage 2 Hocs), starts anew with AH 2H and is out. Blaise has 15 cards:
    #   2 a card, 30 (§Stage 2 Payment).
    # Anne +1 +5 +1 +1 +30 = +38; Blaise -38.
    r = replay_record(parse_record(WIKI_RECORD, "wiki.yaml"))
    assert r.deals[0].net == {"Anne": 38, "Blaise": -38}


def test_the_articles_good_is_no_fold_under_lalanne():
    # Lalanne (002 §5.1) folds by passing; "c'est bon" answers a declaration only.
    with pytest.raises(RecordError) as e:
        replay_record(parse_record(WIKI_RECORD, "wiki.yaml"), ruleset="hoc-mazarin")
    assert e.value.line == 10 and "it's good" in str(e.value)


def test_good_folds_is_the_wikipedia_articles_reading():
    assert rules("hoc-mazarin-wikipedia").bidding.good_folds is True
    assert rules("hoc-mazarin-wikipedia").provenance["bidding.good_folds"].cite() == \
        "wikipedia §Stage 1 Auction"
    for name in ("hoc-mazarin", "hoca", "hoca-literal"):
        assert rules(name).bidding.good_folds is False
    # Said before any raise it is a pass; the legal actions list the pass alone.
    g = game(AUDIT, rules("hoc-mazarin-wikipedia"))
    assert CONCEDE not in g.legal_actions()
    play(g, CONCEDE)
    assert g.to_act == BLAISE and bidding_mode(g) == "open"
    g = game(AUDIT)
    assert not g.can_apply(CONCEDE)


def test_the_wikipedia_blank_hand_claim_says_where_it_comes_from():
    p = rules("hoc-mazarin-wikipedia").provenance["blank_hand.optional"]
    assert p.kind == "borrowed" and p.source_id == "lalanne"
    assert [a.value for a in p.alternatives] == [False]
    assert p.alternatives[0].provenance.source_id == "wikipedia"
