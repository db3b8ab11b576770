"""The Encyclopédie's Hoc (1765, art. HOC ¶1-¶10; rulesets/encyclopedie-hoc.yaml) played:
the sequence paid only when nobody raised in a single game (¶9), the chip from each player
to the winner of a doubled chance (¶10), the length of a partie agreed first (¶7), a hand at
the terminal, simulation at two and three players; and the knobs the work brought along:
a refunded pool (a vie stage's) and the comète's claim open until a card is laid on it.

Every figure below is worked out by hand from the sources (the golden record
examples/encyclopedie-hoc-deals.yaml has the working in its comments; tests/test_records.py
replays it), not printed by the code and pasted.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hocdsl.actions import CLAIM, Play, Without
from hocdsl.cards import parse_card
from hocdsl.engine import Game, Partie
from hocdsl.engine.events import Forfeited
from hocdsl.records import RecordError, parse_record, read_record, replay_record, transcript
from hocdsl.rules import load_ruleset
from hocdsl.sim import simulate

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
ENC = load_ruleset("encyclopedie-hoc")
PLAYERS = ("Anne", "Blaise", "Colette")


def nets(replay) -> list[tuple[int, ...]]:
    return [tuple(d.net[p] for p in replay.record.players) for d in replay.deals]


def golden():
    return read_record(EXAMPLES / "encyclopedie-hoc-deals.yaml")


# The golden record's first deal with the sequence raised, said in the article's words:
# Blaise raises 1 "à la séquence" (encyclopedie ¶7), the others fold ("passe"), and he
# shows his quatrième and lesser tierce (lalanne §5.1, borrowed: a lone winner may show).
RAISED = """
title: the sequence raised
ruleset: encyclopedie-hoc
players: [Anne, Blaise, Colette]
deals:
  - dealer: Colette
    hands:
      Anne: AC 2D 3S 4C 5D 6S 7C 8D 9S 10C JC QH
      Blaise: 4H 5H 6H 7H 9D 10D JD 3C 8C QC AD KH
      Colette: 2H 2S 2C AS 4S 5S 7S 8S 10S JS 3D 6D
    announcements:
      - "Anne: pass"
      - "Blaise: pass"
      - "Colette: 8 cards, 47"
      - "Anne: that's fine"
      - "Blaise: that's fine"
      - "Anne: pass"
      - "Blaise: 1 à la séquence"
      - "Colette: passe"
      - "Anne: je passe"
      - "Blaise: montre"
      - "Anne: pass"
      - "Blaise: pass"
      - "Colette: brelan of twos"
      - "Anne: that's fine"
      - "Blaise: that's fine"
      - "Anne: AC 2D 3S 4C 5D 6S 7C 8D 9S 10C JC QH"
"""


def test_a_raised_sequence_wins_its_pool_alone():
    # encyclopedie ¶9: paid a chip a simple sequence only when nobody raised. Blaise takes
    # the pool, 3 antes + his raise of 1 = 4, and nothing more:
    #   Anne -3 -2 (tricon) +24 +24 = 43; Blaise -3 -1 +4 -2 -24 = -26;
    #   Colette -3 +3 (point) +3 +2 +2 (tricon) -24 = -17.
    rec = parse_record(RAISED, "raised.yaml")
    r = replay_record(rec)
    assert nets(r) == [(43, -26, -17)]
    assert "Blaise wins the sequence (left alone); what he shows is not paid: someone raised" in transcript(r)
    # paid whatever the bidding (Lalanne's rule, the knob's default): his two simple
    # sequences, a chip each, from each player: Anne 41, Blaise -22, Colette -19
    always = ENC.with_knobs({"sequence.payment_when": "always"})
    assert nets(replay_record(rec, rules=always)) == [(41, -22, -19)]


def test_the_double_deal_s_chip_and_the_sequence_unpaid_there():
    rec = golden()
    r = replay_record(rec)
    assert nets(r)[2] == (-35, -5, 49)
    assert "what he shows is not paid: the game is not single" in transcript(r)
    # without ¶10's chip from each player: Colette draws two and pays two (49); Anne pays
    # three (-32); Blaise draws four and pays one (-8)
    no_chip = ENC.with_knobs({"bidding.double_bonus": 0})
    assert nets(replay_record(rec, rules=no_chip))[2] == (-32, -8, 49)
    # ¶9's "simple" read as the hand's (the alternative): the tierce is paid double in the
    # double deal, 1 x 2 from each: Anne -37, Blaise -1, Colette 47
    unraised = ENC.with_knobs({"sequence.payment_when": "unraised"})
    assert nets(replay_record(rec, rules=unraised))[2] == (-37, -1, 47)


def test_the_double_game_s_chip_under_lalanne_s_own_double_game():
    # the knob is the bidding's, whatever makes a stake double: hoc-mazarin doubles a
    # chance passed alone (lalanne §6); with double_bonus 1, the doubled sequence Colette
    # wins in examples/double-game.yaml deal 2 draws her a chip from Anne and one from
    # Blaise (deal 2 was -4, 18, -11); deal 1 has no doubled chance
    rules = load_ruleset("hoc-mazarin").with_knobs({"bidding.double_bonus": 1})
    got = nets(replay_record(read_record(EXAMPLES / "double-game.yaml"), rules=rules))
    assert got == [(-8, -17, 22), (-5, 17, -9)]


def test_a_partie_ends_at_the_ruleset_s_length():
    # table.partie_deals: 12 (encyclopedie ¶7: agreed first; the number editorial)
    p = Partie(ENC, 3, rng=random.Random(1))
    first = lambda view: view.legal_actions()[0]  # noqa: E731
    played = sum(1 for _ in p.play([first] * 3))
    assert played == 12 and p.over_why() == "table.partie_deals"


def test_a_partie_ends_at_the_score_to_reach():
    # the golden record: after deal 1 Anne has won 41; after deal 3 nobody has won 50
    # (Anne -21, Blaise +18, Colette +3): a score of 41 or less ends the partie after deal
    # 1, and the record's second deal is refused, saying why
    rec = golden()
    for target in (10, 41):
        rules = ENC.with_knobs({"table.partie_deals": None, "table.partie_target": target})
        with pytest.raises(RecordError) as e:
            replay_record(rec, rules=rules)
        assert "deal 2: the partie is over before this deal" in str(e.value)
        assert "table.partie_target" in str(e.value)
    for target in (42, 50):
        rules = ENC.with_knobs({"table.partie_deals": None, "table.partie_target": target})
        assert nets(replay_record(rec, rules=rules)) == [(41, -22, -19), (-27, 45, -27), (-35, -5, 49)]
    # a partie of two deals: the third is refused
    with pytest.raises(RecordError, match="a partie of 2 deals"):
        replay_record(rec, rules=ENC.with_knobs({"table.partie_deals": 2}))


def test_hoc_play_follows_the_partie_of_the_ruleset():
    from hocdsl.play import PlaySession

    s = PlaySession(ENC, hands=None, input=lambda _p: "quit", output=lambda _l: None)
    assert s.hands == 12  # the ruleset's partie
    s = PlaySession(ENC, hands=3, input=lambda _p: "quit", output=lambda _l: None)
    assert s.hands == 3
    s = PlaySession(load_ruleset("hoc-mazarin"), hands=None, input=lambda _p: "quit", output=lambda _l: None)
    assert s.hands == 1  # no partie set: one hand, as before


@pytest.mark.parametrize("players", [2, 3])
def test_simulated_at_two_and_three_players_with_chips_conserved(players):
    r = simulate(ENC, hands=120, players=players, seed=3)
    assert r.hands == 120 and r.chips_conserved
    # the six hocs of ¶6 are laid: some principal hocs every few hands
    assert r.metrics["principal_hocs_per_hand"].mean > 0


def test_two_players_are_dealt_fifteen_and_three_twelve():
    # encyclopedie ¶2
    for n, size in ((2, 15), (3, 12)):
        g = Game(ENC, n, dealer=0, rng=random.Random(n))
        assert [h.bit_count() for h in g.dealt] == [size] * n


def test_pexpect_plays_an_encyclopedie_hand():
    pytest.importorskip("pexpect")
    from terminal_play import assert_settled, play_a_hand

    text, chosen = play_a_hand(["play", "encyclopedie-hoc", "--hands", "1", "--seed", "5"],
                               lambda options: options[0])
    assert "Hand 1 of 1 (encyclopedie-hoc)" in text
    assert_settled(text, players=3)


# --------------------------------------------------- knobs the work brought ----


def test_a_refunded_vie_pool_gives_its_antes_back_when_all_pass():
    # examples/double-game.yaml deal 1: the sequence is passed by all three; with
    # pools.sequence.unclaimed: refunded each gets his ante back (1): Anne -7, Blaise -16,
    # Colette +23, and nothing is left in the pool
    rules = load_ruleset("hoc-mazarin").with_knobs({"pools.sequence.unclaimed": "refunded"})
    r = replay_record(read_record(EXAMPLES / "double-game.yaml"), rules=rules)
    assert nets(r)[0] == (-7, -16, 23)
    carry = r.deals[0].game.carry_out
    assert carry is not None and carry.pool("sequence") == 0


COMETE = load_ruleset("comete")
# examples/comete-deals.yaml deal 1, with Blaise laying the comète (9D) for the ten
COMETE_HANDS = [
    "7S 8S 9S 10S JS QS KS 9C 9H 4D",     # Anne
    "10H 9D QD KD 8C 2C 3C 2H 5H 6H",     # Blaise
    "AS AH 2S 3S 4S 5S 6S 7H 8H JH",      # Colette
    "AD AC 2D 3H 4H 5D 6D 7D 8D JD",      # Dan
    "3D 4C 5C 6C 7C JC QH QC KH KC",      # Eve
]


def _comete_to_the_comete(rules) -> Game:
    g = Game(rules, ["Anne", "Blaise", "Colette", "Dan", "Eve"], dealer=4, hands=COMETE_HANDS)
    for c in "7S 8S 9S 10S JS QS KS".split():
        g.apply(Play(parse_card(c)))
    g.apply(Play(parse_card("9C")))
    g.apply(Without(10))
    g.apply(Play(parse_card("9D")))  # Blaise: the comète for the ten (wild), owed its fiche
    return g


def test_the_comete_may_be_claimed_until_a_card_is_laid_on_it():
    # enc-comete p. 695: claimed before another card is laid on it. Blaise has no jack:
    # his "without" leaves the claim open; Colette lays the jack of hearts on it: lost.
    g = _comete_to_the_comete(COMETE)
    assert CLAIM in g.legal_actions()
    g.apply(Without(11))
    assert g.to_act == 2 and CLAIM not in g.legal_actions()  # Colette's word: not her claim
    assert not any(isinstance(e, Forfeited) for e in g.events)
    g.apply(Play(parse_card("JH")))
    lost = [e for e in g.events if isinstance(e, Forfeited)]
    assert len(lost) == 1 and lost[0].seat == 1


def test_the_old_claim_window_closed_on_without():
    g = _comete_to_the_comete(COMETE.with_knobs({"card_game.claim_window": "next-card"}))
    g.apply(Without(11))
    lost = [e for e in g.events if isinstance(e, Forfeited)]
    assert len(lost) == 1 and lost[0].seat == 1
