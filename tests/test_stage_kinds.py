"""Stage kinds own what they report, count, and say (issue 20): the hand's shared
table holds nothing of one kind, the simulator's metrics and the narrator's words
come from the kinds registered in ``hocdsl.engine.kinds``."""

from __future__ import annotations

import random

from hocdsl.engine import Game, events
from hocdsl.engine.bidding import PASSED, WON, ChanceResult, carry_stakes, chance_outcomes, winners
from hocdsl.engine.blank import BlankClaims, BlankTally, blank_hands
from hocdsl.engine.cardgame import CardsResult, card_winner
from hocdsl.engine.kinds import KINDS
from hocdsl.engine.settle import Settled
from hocdsl.engine.table import TABLE_STATE, Table
from hocdsl.narrate import Narrator
from hocdsl.rules import bundled_rulesets, load_ruleset
from hocdsl.sim import metrics
from hocdsl.sim.metrics import Layout

MAZARIN = load_ruleset("hoc-mazarin")
# Two players, 15 cards each: seat 0 holds no king, queen or jack (a blank hand,
# Lalanne 002 §8), seat 1 holds all the diamonds' court cards.
BLANK = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S AH 2H 3H 4H 5H"
COURTS = "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 2C"


def _played_out(rules=MAZARIN, hands=(BLANK, COURTS)) -> Game:
    """A hand dealt ``hands`` (the dealer seat 1, so seat 0 is eldest), each seat taking
    its first legal action until the hand is over."""
    g = Game(rules, 2, dealer=1, hands=list(hands))
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    return g


def test_the_shared_table_holds_no_kind_s_outcome():
    for gone in ("card_winner", "pool_outcome", "hoc_counts", "end_owed", "swept", "_blank"):
        assert gone not in TABLE_STATE
    # nor does the hand look them up itself: each is a function of its kind's module
    for gone in ("card_winner", "winners", "hocs", "stake", "need", "blank_hands", "swept", "bidding_mode"):
        assert not hasattr(Game, gone), gone


def test_each_stage_reports_in_a_result_kept_after_the_hand():
    g = _played_out()
    kinds = [type(r) for r in g.results]
    assert kinds == [ChanceResult, ChanceResult, ChanceResult, BlankClaims, CardsResult, Settled]
    # the first legal action of the blank-hand holder is to declare it: he alone does, and is paid
    claims = g.results[3]
    assert isinstance(claims, BlankClaims)
    assert claims.declared == [0] and claims.paid and blank_hands(g) == (0,)
    out = g.results[4]
    assert isinstance(out, CardsResult) and out.winner == card_winner(g) is not None
    loser = 1 - out.winner
    settled = g.results[5]
    assert isinstance(settled, Settled)
    # the loser pays the schedule for his cards left (Lalanne 002 §9.3), the winner nothing
    assert settled.end_owed[out.winner] == 0
    assert settled.end_owed[loser] == MAZARIN.settle.owed(g.cards_left[loser])


def test_a_fork_copies_the_results_and_shares_none():
    rules = MAZARIN
    g = Game(rules, 3, rng=random.Random(4), auto_forced=True, auto_equivalent=True)
    pick = random.Random(4)
    while g.stage != "cards":
        g.apply(pick.choice(g.legal_actions()))
    twin = g.fork(list(g.hands))
    assert [type(r) for r in twin.results] == [type(r) for r in g.results]
    assert winners(twin) == winners(g) and chance_outcomes(twin) == chance_outcomes(g)
    while not twin.is_over:
        twin.apply(pick.choice(twin.legal_actions()))
    # the twin's card game ended; the original's has not: no result is shared
    assert card_winner(twin) is not None and card_winner(g) is None
    assert all(a is not b for a, b in zip(twin.results, g.results))


def test_the_claims_tally_counts_a_hand_worked_out_by_hand():
    g = _played_out()
    layout = Layout(MAZARIN, 2)
    (tally,) = [t for t in layout.tallies if isinstance(t, BlankTally)]
    y = [0] * layout.size
    tally.count(g, y)
    # one of the two dealt hands is blank, and it was paid
    assert y[layout.names.index("blank_dealt")] == 1
    assert y[layout.names.index("blank_paid")] == 1
    assert sum(y) == 2  # and the claims kind counts nothing else


def test_metrics_keep_their_sections_in_the_kinds_order():
    names = [m.name for m in Layout(MAZARIN, 2).metrics]
    # positions: each seat's net, then the card game's wins per position
    assert names[:4] == ["net_per_hand.eldest", "net_per_hand.dealer",
                         "card_win_rate.eldest", "card_win_rate.dealer"]
    # dealt hands: the claims kind before the vie kind (KINDS' order), then the shared longest suit
    at = names.index("blank_hand_rate")
    assert names[at:at + 3] == ["blank_hand_rate", "blank_paid_rate", "sequence_held_rate.3"]
    assert names.index("tricon_held_rate.4") + 1 == names.index("longest_suit_mean")
    # play: the card game's metrics, then the settle's, then the shared turns
    assert names[names.index("cards_left_share.15") + 1] == "end_payment"
    assert names[-3:] == ["turns_per_hand", "decisions_per_hand", "sd_net_per_hand"]
    assert list(KINDS) == ["claims", "vie", "stops", "settle", "turnup", "holding", "exchange", "declare", "tricks"]


def test_every_metric_is_documented_by_the_simulator_or_a_kind():
    doc = metrics.__doc__ or ""
    for name in bundled_rulesets():
        rules = load_ruleset(name)
        for players in rules.deal.hand_size:
            for m in Layout(rules, players).metrics:
                assert "``" + m.name.split(".")[0] in doc, (name, m.name)
    for kind in KINDS.values():
        assert kind.tally.legend in doc


def test_every_chip_reason_is_told_by_one_kind_or_the_narrator():
    reasons = {v for k, v in vars(events).items() if k.isupper() and isinstance(v, str)
               and k not in ("BLANK_STAGE", "CARDS_STAGE", "OVER_STAGE")}
    n = Narrator(("Anne", "Blaise"), MAZARIN)
    told = [r for w in n.words.values() for r in w.reasons]
    assert len(told) == len(set(told))  # no reason told by two kinds
    assert set(told) | {events.ANTE} == reasons


def test_a_layout_travels_to_a_worker_process() -> None:
    # --cluster sends the simulation's table to its workers with pickle; the kinds' tallies are
    # compiled classes pickle cannot copy, so the layout is sent as its ruleset and players
    import pickle

    from hocdsl.rules import load_ruleset
    from hocdsl.sim.metrics import Layout
    from hocdsl.sim.runner import Table as SimTable

    for name, players in (("hoc-mazarin", 3), ("lindor", 5), ("nain-jaune-1760", 3)):
        table = SimTable(load_ruleset(name), players, ("heuristic",) * players)
        copy = pickle.loads(pickle.dumps(table))
        assert isinstance(copy.layout, Layout)
        assert copy.layout.size == table.layout.size
        assert [type(t) for t in copy.layout.tallies] == [type(t) for t in table.layout.tallies]
        assert copy.play_block(7, 0, 3) == table.play_block(7, 0, 3)


def test_every_kind_words_its_own_reasons_and_the_records_take_them():
    from hocdsl.records.words import REASONS, reason_words
    for kind in KINDS.values():
        w = kind.words
        assert set(w.reason_words) == set(w.reasons), kind.name
        for reason, pair in w.reason_words.items():
            assert REASONS[reason] == pair
    # what is not a kind's: the antes, which the game takes before any stage, and the partie's
    # points settled in chips once it is over (engine/stakes.py)
    from hocdsl.engine.stakes import REASON_WORDS as STAKES
    assert set(REASONS) == ({events.ANTE} | set(STAKES)
                            | {r for k in KINDS.values() for r in k.words.reasons})
    assert reason_words("hoc", "fr") == "hoc" and reason_words("end-payment") == "cards left"


def test_what_a_seat_sees_is_its_kind_s_and_hides_the_other_hands():
    # the bidding: the stake and what each has put in; the card game: the rank wanted,
    # and only on its turn what it may lay
    from hocdsl.actions import RAISE
    from hocdsl.engine.bidding import BidSeen
    from hocdsl.engine.cardgame import CardsSeen
    g = Game(MAZARIN, 2, dealer=1, hands=[BLANK, COURTS])
    v0, v1 = g.view(0), g.view(1)
    seen = v1.seen()
    assert type(seen) is BidSeen and seen is v1.seen()  # the same while the stage is played
    assert seen.chance == g.stage == "point" and seen.mode == "open" and seen.declarations() == ()
    g.apply(RAISE[3])
    assert (seen.mode, seen.stake, seen.put_in(0), seen.put_in(1)) == ("raised", 3, 3, 0)
    assert seen.bid_state()[7] == g.dealt[1]  # its own deal, never the other's
    while g.stage != "cards":
        legal = g.legal_actions()
        g.apply(next((a for a in legal if type(a).__name__ == "Pass"), legal[0]))
    c0, c1 = v0.seen(), v1.seen()
    assert type(c0) is CardsSeen and type(c1) is CardsSeen and c0 is not seen
    assert g.to_act == 0 and c0.need == 0 and c0.last_player == 0
    cards, without = c0.options()
    assert cards and cards & ~g.hands[0] == 0 and not without
    assert c1.options() == (0, False) and c1.card_state()[2:4] == (0, False)  # not its turn
    assert c1.card_state()[0] == g.hands[1] and not c1.may_claim()


# ------------------------------------------------ what a hand hands on ----

def _carried(rules, outcomes, multipliers=(1, 1, 1), passes=(0, 0, 0)):
    """What the vie kind's carry hook makes of a hand whose three chances (point,
    sequence, tricon: the pools in order) ended with ``outcomes`` (0 not played)."""
    t = Table()
    t.rules = rules
    t.results = []
    for i, (chance, o) in enumerate(zip(("point", "sequence", "tricon"), outcomes)):
        r = ChanceResult(chance, i)
        r.outcome = o
        t.results.append(r)
    mult, done = list(multipliers), list(passes)
    carry_stakes(t, mult, done)
    return tuple(mult), tuple(done)


def test_each_stake_passed_by_all_is_played_double_on_its_own():
    # Lalanne 002 §6 (hoc-mazarin, double_when: own-pool-passed): the sequence passed by
    # all is doubled, the point won and the tricon passed at the cap (hold) stay as they are
    assert _carried(MAZARIN, (WON, PASSED, PASSED), (2, 1, 2), (1, 0, 1)) == ((1, 2, 2), (0, 1, 2))


def test_the_encyclopedie_doubles_only_when_all_three_were_passed():
    # encyclopedie ¶10 (double_when: all-passed): the next deal is double only when the
    # point, the sequence and the tricon were all passed; one chance won resets them all
    enc = load_ruleset("encyclopedie-hoc")
    assert _carried(enc, (PASSED, PASSED, PASSED)) == ((2, 2, 2), (1, 1, 1))
    assert _carried(enc, (WON, PASSED, PASSED), (2, 2, 2), (1, 1, 1)) == ((1, 1, 1), (0, 0, 0))


def test_the_game_asks_the_kinds_of_its_stages_for_the_carry():
    # the hooks a hand calls are the registered kinds' (the vie kind's, once, however many
    # vie stages), and a ruleset with no vie stage calls none
    from hocdsl.engine.game import _static
    assert _static(MAZARIN.at_players(3)).carries == (KINDS["vie"].carry,)
    assert _static(load_ruleset("lindor").at_players(3)).carries == ()
