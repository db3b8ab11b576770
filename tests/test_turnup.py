"""The turnup and holding stage kinds, played: a card turned up from the talon names trumps
and gives the dealer the pool it marks (enc-poque1), pools marked by a rank of trumps are
taken when laid, a pool is taken by holding the king and queen of trumps (said, or without
a word), and a pool nobody takes stays on the board (enc-poque2 ¶2). The test game is
tests/data/trump-board.yaml, a ruleset written in YAML alone; each outcome below is worked
out by hand from its rules."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from hocdsl.actions import PASS, PLAY, WITHOUT, Hold, TurnUp
from hocdsl.cards import FULL_PACK, parse_card, parse_hand
from hocdsl.engine import Game, Partie
from hocdsl.engine.errors import IllegalAction
from hocdsl.engine.holding import HoldingResult
from hocdsl.engine.turnup import TurnUpResult
from hocdsl.narrate import Narrator
from hocdsl.pack import pack_of
from hocdsl.rules import load_ruleset
from hocdsl.rules.model import HoldingClaim

DATA = Path(__file__).parent / "data"
TRUMP_BOARD = load_ruleset(str(DATA / "trump-board.yaml"))
#: the same game dealt two cards each, so that a whole hand is short enough to work by hand
SMALL = TRUMP_BOARD.with_knobs({"deal.hand_size": {3: 2}})
NAMES = ["Anne", "Blaise", "Colette"]
#: Colette deals; Anne is eldest. Blaise holds the king and queen of hearts.
HANDS = ["5S 9C", "KH QH", "7D 8D"]


def told(g: Game) -> list[str]:
    n = Narrator(g.names, g.rules)
    return [w for w in (n.event(e, over=False) for e in g.events) if w]


def play_out(g: Game) -> None:
    """Anne leads 5S; nobody holds 6S (the talon has it): three "without"s, an accidental hoc;
    Anne leads 9C, her last card, and is out."""
    g.apply(PLAY[parse_card("5S")])
    for _ in range(3):
        g.apply(WITHOUT[6])
    g.apply(PLAY[parse_card("9C")])


def test_the_pack_of_51_and_a_rank_taken_out():
    p = pack_of(TRUMP_BOARD)
    assert p.size == 51 and not p.mask >> parse_card("2C") & 1
    assert p.next_rank[2] == 3  # the twos stay in the order: 2S, 2H, 2D are still played
    eights_out = load_ruleset("lindor").with_knobs({"pack.removed_ranks": (8,)})
    q = pack_of(eights_out)
    assert q.size == 48 and q.next_rank[7] == 9 and q.position[8] == -1
    assert not q.mask & parse_hand("8S 8H 8D 8C")


def test_a_hand_worked_by_hand_the_dealer_takes_the_ace_pool_and_blaise_the_mariage():
    g = Game(SMALL, NAMES, dealer=2, hands=HANDS)
    # four pools, each staked 1 by each of three players
    assert g.pools == {"ace": 3, "king": 3, "queen": 3, "mariage": 3}
    # Colette turns up; given hands, she may turn up any card of the talon (51 - 6 = 45)
    assert g.stage == "turnup" and g.to_act == 2 and len(g.legal_actions()) == 45
    g.apply(TurnUp(parse_card("AH")))
    # hearts are trumps; the ace of hearts marks the ace pool: Colette takes its 3
    assert g.result_of(TurnUpResult).trumps == 1
    assert g.pools["ace"] == 0 and g.net == (-4, -4, -1)
    # Blaise alone holds the king and queen of trumps: he is asked, and says so
    assert g.stage == "holding" and g.to_act == 1
    assert g.legal_actions() == (Hold(trumps=(13, 12)), PASS)
    g.apply(Hold.of(trumps=(12, 13)))  # said in either order, the same words
    assert g.pools["mariage"] == 0 and g.net == (-4, -1, -1)
    assert g.result_of(HoldingResult).taker == [1]
    play_out(g)
    # Anne is out; Blaise and Colette keep two cards each: a chip a card to Anne. KH and QH
    # were never laid: the king and queen pools stay on the board for the next deal.
    assert g.is_over and g.net == (0, -3, -3)
    carry = g.carry_out
    assert carry is not None and carry.pools == (0, 3, 3, 0)
    assert sum(g.net) + sum(carry.pools) == 0
    lines = told(g)
    assert "Colette turns up AH: hearts are trumps" in lines
    assert "Colette takes the ace pool: 3 (the card turned up marks it)" in lines
    assert "Blaise takes the mariage pool: 3 (holding QH KH)" in lines


def test_an_unclaimed_holding_pool_is_carried_and_a_trump_honour_laid_takes_its_pool():
    # Blaise keeps quiet: the mariage stays. Colette turns up 3H (hearts, no pool marked).
    g = Game(SMALL, NAMES, dealer=2, hands=["5S 9C", "KH QH", "7D 8D"])
    g.apply(TurnUp(parse_card("3H")))
    assert g.pools == {"ace": 3, "king": 3, "queen": 3, "mariage": 3}
    g.apply(PASS)
    assert g.stage == "cards" and g.pools["mariage"] == 3
    play_out(g)
    assert g.net == (0 + 4 - 4, -4 - 2, -4 - 2)
    assert g.carry_out is not None and g.carry_out.pools == (3, 3, 3, 3)
    # the next deal: every pool staked again (ante_when_carried) on top of what stays
    nxt = Game(SMALL, NAMES, dealer=0, hands=["QH KH", "7C 8C", "4S 6D"], carry=g.carry_out)
    assert nxt.pools == {"ace": 6, "king": 6, "queen": 6, "mariage": 6}
    nxt.apply(TurnUp(parse_card("5H")))  # hearts again, nothing marked
    nxt.apply(Hold.of(trumps=(13, 12)))  # Anne (the dealer is Anne; Blaise is eldest) says it
    assert nxt.pools["mariage"] == 0 and nxt.net[0] == -4 + 6
    # Blaise leads 7C 8C, runs in suit: nobody has 9C... he is out at once
    nxt.apply(PLAY[parse_card("7C")])
    nxt.apply(PLAY[parse_card("8C")])
    assert nxt.is_over and nxt.pools["king"] == 6 and nxt.pools["queen"] == 6
    # and had Anne laid QH, it would have taken the queen pool (board_laid: takes-pool)
    lay = Game(SMALL, NAMES, dealer=1, hands=["QH 4C", "7C 8C", "4S 6D"], carry=g.carry_out)
    lay.apply(TurnUp(parse_card("5H")))  # (no holding claim: nobody holds KH and QH)
    assert lay.stage == "cards" and lay.to_act == 2
    lay.apply(PLAY[parse_card("4S")])  # Colette leads 4S; 5S nobody: three withouts
    for _ in range(3):
        lay.apply(WITHOUT[5])
    lay.apply(PLAY[parse_card("6D")])  # her last card: out
    assert lay.is_over and lay.pools["queen"] == 6
    lay2 = Game(SMALL, NAMES, dealer=2, hands=["QH 4C", "7C 8C", "4S 6D"], carry=g.carry_out)
    lay2.apply(TurnUp(parse_card("5H")))
    lay2.apply(PLAY[parse_card("QH")])  # Anne, eldest, leads the queen of trumps
    assert lay2.pools["queen"] == 0 and lay2.net[0] == -4 + 6


def test_holding_without_a_word_and_a_pair_shared_by_nobody():
    quiet = SMALL.with_knobs({"holding.say": False})
    g = Game(quiet, NAMES, dealer=2, hands=HANDS)
    g.apply(TurnUp(parse_card("2H")))
    # taken at once: no one is asked
    assert g.stage == "cards" and g.pools["mariage"] == 0 and g.net == (-4, -1, -4)
    pairs = SMALL.with_knobs({"holding.say": False, "holding.ties": "nobody",
                              "holding.claims": (HoldingClaim(pool="mariage", pair=True),)})
    one = Game(pairs, NAMES, dealer=2, hands=["5S 5C", "KH QH", "7D 8D"])
    one.apply(TurnUp(parse_card("2H")))
    assert one.pools["mariage"] == 0 and one.net[0] == -1  # Anne alone holds a pair
    two = Game(pairs, NAMES, dealer=2, hands=["5S 5C", "KH KD", "7D 8D"])
    two.apply(TurnUp(parse_card("2H")))
    assert two.pools["mariage"] == 3  # two pairs, ties: nobody
    eldest = pairs.with_knobs({"holding.ties": "eldest"})
    three = Game(eldest, NAMES, dealer=0, hands=["5S 5C", "KH KD", "7D 8D"])
    three.apply(TurnUp(parse_card("2H")))
    assert three.net == (-4, -1, -4)  # Blaise is eldest (Anne deals): the first in turn


def test_the_turn_up_comes_from_the_generator_and_a_wrong_card_is_refused():
    g = Game(TRUMP_BOARD, NAMES, dealer=0, rng=random.Random(4))
    (only,) = g.legal_actions()
    assert isinstance(only, TurnUp) and g.out_of_play >> only.card & 1
    again = Game(TRUMP_BOARD, NAMES, dealer=0, rng=random.Random(4))
    assert again.legal_actions() == (only,)  # the same seed, the same card
    other = next(c for c in range(52) if g.out_of_play >> c & 1 and c != only.card)
    with pytest.raises(IllegalAction, match="turnup.trumps"):
        g.apply(TurnUp(other))
    dealt = Game(SMALL, NAMES, dealer=2, hands=HANDS)
    with pytest.raises(IllegalAction, match="KH is not in the talon"):
        dealt.apply(TurnUp(parse_card("KH")))
    with pytest.raises(IllegalAction, match="2C is not in the talon"):  # taken out of the pack
        dealt.apply(TurnUp(parse_card("2C")))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_parties_at_3_to_8_players_keep_the_chips_and_the_51_cards(players):
    pack = pack_of(TRUMP_BOARD).mask
    p = Partie(TRUMP_BOARD, players, rng=random.Random(players), max_hands=6, auto_forced=True)
    rng = random.Random(0)
    turned = 0
    for g, _ in p.play([lambda v: rng.choice(v.legal_actions())] * players):
        union = g.out_of_play
        for h in g.dealt:
            assert not union & h
            union |= h
        assert union == pack and union.bit_count() == 51 and not union & ~FULL_PACK
        r = g.result_of(TurnUpResult)
        assert r is not None and g.out_of_play >> r.card & 1
        turned += 1
        assert sum(g.net) + sum(g.carry_out.pools) - sum(g.carry_in.pools) == 0
    assert turned == 6
    assert sum(p.balances) + sum(p.carry.pools) == players * TRUMP_BOARD.table.starting_stake


def test_simulate_keeps_the_chips_at_3_and_8_players():
    from hocdsl.sim import simulate

    for players in (3, 8):
        r = simulate(TRUMP_BOARD, hands=40, players=players, seed=2)
        assert r.chips_conserved and r.hands == 40
        assert "turnup_take_rate" in r.metrics and "holding_takes" in r.metrics


def test_a_hand_in_hoc_play_against_bots_and_its_record_replays():
    sys.path.insert(0, str(Path(__file__).parent))
    from test_play import Script, session

    from hocdsl.play import play_record_text
    from hocdsl.records import parse_record, replay_record, to_json

    sc = Script()
    # seed 7: You deal the first hand and turn up JH; Blaise deals the second and turns up
    # AH, taking the ace pool: 3 staked in each of the two hands (the first hand's carried)
    result = session(sc, rules=TRUMP_BOARD, players=3, seat=0, seed=7, hands=2, bots=("heuristic",)).run()
    text = sc.text()
    assert result.hands_completed == 2
    assert "I turn up JH" in sc.typed
    assert "→ You turn up JH: hearts are trumps" in text
    assert "→ Blaise takes the ace pool: 6 (the card turned up marks it)" in text
    record = play_record_text(result, TRUMP_BOARD, ruleset=str(DATA / "trump-board.yaml"), lang="fr")
    assert '"You: je retourne JH"' in record
    replay = to_json(replay_record(parse_record(record), rules=TRUMP_BOARD))
    assert [d["net"] for d in replay["deals"]] == [dict(zip(result.names, d.net)) for d in result.deals]
    assert sum(result.balances) + sum(replay["pools"].values()) == 3 * TRUMP_BOARD.table.starting_stake


def test_odds_of_holding_an_honour_of_the_suit_turned_up():
    from fractions import Fraction

    from hocdsl.odds import hand_odds, odds_report

    odds = hand_odds(TRUMP_BOARD, 3)
    # The card turned up is any of the 51 alike; given it, the 15 cards of a hand are any 15 of
    # the other 50. The king of its suit is in the pack for every card (2C alone is out), and is
    # the card turned up itself for the 4 kings: P = (51 - 4)/51 x 15/50 = 47/170.
    assert odds.trumps_held[(13,)] == Fraction(47, 51) * Fraction(15, 50) == Fraction(47, 170)
    assert odds.trumps_held[(1,)] == odds.trumps_held[(12,)] == Fraction(47, 170)
    # the king and queen together: 51 - 8 cards turned up leave both to be dealt, then
    # C(48, 13)/C(50, 15) = 15 x 14/(50 x 49)
    assert odds.trumps_held[(13, 12)] == Fraction(43, 51) * Fraction(15 * 14, 50 * 49) == Fraction(43, 595)
    assert hand_odds(TRUMP_BOARD, 8).trumps_held[(13,)] == Fraction(47, 51) * Fraction(6, 50)
    assert odds_report(TRUMP_BOARD, 3)["trumps_held"]["K Q"] == Fraction(43, 595)
    # a pack with a card out still counts its hands whole: every longest suit adds up to C(51, 15)
    assert sum(odds.longest_suit.values()) == 1
    assert "trumps_held" not in odds_report(load_ruleset("lindor"), 3)


def test_the_heuristic_lays_a_trump_honour_for_its_pool_and_keeps_one_whose_holding_pays():
    from dataclasses import replace

    from hocdsl.bots.heuristic import HeuristicBot

    three = TRUMP_BOARD.with_knobs({"deal.hand_size": {3: 3}})
    turnup, holding, cards, settle = three.stages
    # the same game, but the king of trumps held when the card game is over takes the king pool
    kept = replace(three, stages=(turnup, cards, replace(holding, claims=(HoldingClaim(pool="king", trumps=(13,)),),
                                                          say=False), settle))
    hands = ["KH 5S 9C", "4D 6D 8D", "7C 10C JC"]
    led = {}
    for name, rules in (("laid", three), ("kept", kept)):
        g = Game(rules, NAMES, dealer=2, hands=hands)
        g.apply(TurnUp(parse_card("3H")))  # hearts are trumps: KH is the king of trumps
        assert g.stage == "cards" and g.to_act == 0
        led[name] = HeuristicBot(rules, 0, random.Random(0)).choose(g.view(0))
    assert led["laid"] == PLAY[parse_card("KH")]  # laid, it takes the king pool at once
    assert led["kept"] != PLAY[parse_card("KH")] and led["kept"] in (PLAY[parse_card("5S")], PLAY[parse_card("9C")])
    # kept to the end, it takes the king pool there
    g = Game(kept, NAMES, dealer=2, hands=hands)
    g.apply(TurnUp(parse_card("3H")))
    bots = [HeuristicBot(kept, s, random.Random(s)) for s in range(3)]
    while not g.is_over:
        g.apply(bots[g.to_act].choose(g.view(g.to_act)))
    # Anne leads 5S (nobody follows), then 9C: Colette covers with 10C JC and, after "without Q"
    # all round, goes out on 7C; Anne is left with KH alone
    assert g.hand(0) == parse_hand("KH") and g.result_of(HoldingResult).taker == [0]
    # Anne: -4 staked, +3 the king pool, -1 a card left; Blaise -4 and 3 cards; Colette out, +4
    assert g.net == (-4 + 3 - 1, -4 - 3, -4 + 4) and g.pools["king"] == 0
