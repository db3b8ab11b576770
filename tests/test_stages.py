"""The generic stages on a game with none of Hoc's bidding (examples/rulesets/board-game.yaml):
board boxes taken when their card is laid, a wild card that carries the run on, payment
by points, a board card still held doubling its box, going out at once taking the board.

Every expected figure is worked out by hand from the ruleset file: each of 3 players
antes 1, 2, 3, 4, 5 on the boxes ten, jack, queen, king, seven (15 each; the boxes
then hold 3, 6, 9, 12, 15)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hocdsl.actions import PLAY, WITHOUT
from hocdsl.cards import parse_card, parse_hand
from hocdsl.engine import Game
from hocdsl.engine.events import ChipMove
from hocdsl.rules import load_ruleset
from hocdsl.rules.loader import validate_file
from hocdsl.engine.cardgame import card_winner, first_turn_out, need

BOARD = Path(__file__).resolve().parents[1] / "examples" / "rulesets" / "board-game.yaml"
ANNE, BLAISE, COLETTE = 0, 1, 2


def P(card: str):
    return PLAY[parse_card(card)]


@pytest.fixture(scope="module")
def board():
    return load_ruleset(str(BOARD))


def start(rules, anne: str, blaise: str, colette: str) -> Game:
    """A hand at the card game, the seats' hands then set as given (Colette deals)."""
    g = Game(rules, ["Anne", "Blaise", "Colette"], dealer=COLETTE, rng=random.Random(1))
    g.hands = [parse_hand(anne), parse_hand(blaise), parse_hand(colette)]
    g.left = [h.bit_count() for h in g.hands]  # the counts kept beside the hands
    return g


def moves(g: Game, reason: str) -> list[tuple[object, object, int]]:
    return [(e.payer, e.payee, e.amount) for e in g.events if isinstance(e, ChipMove) and e.reason == reason]


def test_the_worked_example_validates_and_admits_3_to_8_players(board):
    assert validate_file(str(BOARD)) == []
    assert board.players == (3, 4, 5, 6, 7, 8)
    assert board.bidding is None and [s.kind for s in board.stages] == ["stops", "settle"]


def test_antes_stake_the_board(board):
    g = start(board, "AS", "2S", "3S")
    assert g.pools == {"ten": 3, "jack": 6, "queen": 9, "king": 12, "seven": 15}
    assert g.net == (-15, -15, -15)


def test_laying_a_board_card_takes_its_box(board):
    g = start(board, "10D 2C 3C", "5S 6S", "7S 8S")
    g.apply(P("10D"))
    assert [(m[1], m[2]) for m in moves(g, "board")] == [(ANNE, 3)]
    assert g.pools["ten"] == 0 and g.net[ANNE] == -15 + 3


def test_the_wild_card_stands_for_the_card_wanted_and_the_run_goes_on(board):
    g = start(board, "7S 9D 2C", "5S 6S", "JS QH")
    g.apply(P("7S"))
    assert need(g) == 8 and PLAY[parse_card("9D")] in g.legal_actions()
    g.apply(P("9D"))  # as the eight
    assert need(g) == 9 and g.to_act == ANNE
    assert not moves(g, "hoc")  # the wild card is paid nothing here


def test_saying_without_is_not_playing_first_turn_out_and_points(board):
    # Blaise leads A, 2 (any suit); nobody has a three (Colette keeps her wild 9D back);
    # he leads again KH, takes the king box and is out. The others only said "without":
    # nobody else laid a card, so he went out in his first turn (the opéra).
    g = start(board, "2S 9C", "AS KH 2C", "9D 5S")
    g.to_act = BLAISE  # Blaise leads (the eldest passed the lead in this constructed hand)
    g.phase.cur = BLAISE
    g.apply(P("AS"))
    g.apply(P("2C"))
    g.apply(WITHOUT[3])  # Blaise has no three; Colette may keep 9D back
    assert g.to_act == COLETTE
    g.apply(WITHOUT[3])
    g.apply(WITHOUT[3])  # Anne: nobody follows, Blaise leads again
    assert g.to_act == BLAISE and need(g) == 0
    g.apply(P("KH"))  # the king box: Blaise takes it (12); the king ends the run
    assert (BLAISE, 12) in [(m[1], m[2]) for m in moves(g, "board")]
    assert g.is_over and card_winner(g) == BLAISE and first_turn_out(g)
    assert sorted(m[2] for m in moves(g, "opera")) == [3, 6, 9, 15]  # the king box is taken already
    # Anne pays 2 + 9 = 11 points, Colette 9 + 5 = 14; nobody holds a board card now
    assert sorted((m[0], m[2]) for m in moves(g, "end-payment")) == [(ANNE, 11), (COLETTE, 14)]
    assert moves(g, "doubling") == []


def test_losers_pay_the_points_of_their_cards(board):
    g = start(board, "AS 2S", "3C JC", "9D 5S 7H")
    g.to_act = BLAISE
    g.phase.cur = BLAISE
    g.apply(P("3C"))
    g.apply(WITHOUT[4])
    assert g.to_act == COLETTE
    g.apply(WITHOUT[4])  # Colette keeps 9D back
    g.apply(WITHOUT[4])  # Anne: nobody follows, Blaise leads
    g.apply(P("JC"))  # the jack box (6); Blaise is out
    assert g.is_over and card_winner(g) == BLAISE
    # Anne: AS 2S = 3 points; Colette: 9D 5S 7H = 21 points; no box card held
    assert sorted((m[0], m[2]) for m in moves(g, "end-payment")) == [(ANNE, 3), (COLETTE, 21)]


def test_going_out_at_once_takes_the_whole_board(board):
    # Anne leads AS 2S 3S and is out before anyone else laid a card: the grand opéra.
    g = start(board, "AS 2S 3S", "QS 5C", "KH 4C")
    for c in ("AS", "2S", "3S"):
        g.apply(P(c))
    assert g.is_over and first_turn_out(g)
    assert sorted(m[2] for m in moves(g, "opera")) == [3, 6, 9, 12, 15]
    # then the points: Blaise QS 5C = 15, Colette KH 4C = 14; the boxes are empty, so
    # holding QS and KH doubles nothing
    assert sorted((m[0], m[2]) for m in moves(g, "end-payment")) == [(BLAISE, 15), (COLETTE, 14)]
    assert moves(g, "doubling") == []
    assert g.net == (-15 + 45 + 15 + 14, -15 - 15, -15 - 14)


def test_board_held_doubles_when_the_box_still_holds_chips(board):
    rules = board.with_knobs({"settle.first_turn_out": "nothing"})
    g = start(rules, "AS 2S 3S", "QS 5C", "KH 4C")
    for c in ("AS", "2S", "3S"):
        g.apply(P(c))
    # no opéra: Blaise holds QS (queen box, 9) and Colette KH (king box, 12): each doubles
    assert sorted((m[0], m[2]) for m in moves(g, "doubling")) == [(BLAISE, 9), (COLETTE, 12)]
    assert g.pools == {"ten": 3, "jack": 6, "queen": 18, "king": 24, "seven": 15}
    assert sum(g.net) + sum(g.pools.values()) == 0


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_bots_play_the_board_game_with_chips_conserved(board, players):
    from hocdsl.bots import make_bot
    from hocdsl.engine import Partie

    p = Partie(board, players, rng=random.Random(players), max_hands=8)
    bots = [make_bot("heuristic", board, s, random.Random(s)) for s in range(players)]
    while not p.is_over:
        g = p.deal()
        while not g.is_over:
            assert g.legal_actions()
            s = g.to_act
            g.apply(bots[s].choose(g.view(s)))
    assert sum(p.balances) + p.carry.total == 100 * players
