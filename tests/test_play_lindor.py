"""`hoc play lindor --players 4` at the terminal, driven by pexpect, against heuristic
bots for a whole hand: the human lays a board card and takes its box (fr-nainjaune
§Règle du jeu: a board card laid takes its box), a wrong input is refused with the rule
it breaks while the game goes on, and the chips are conserved with the board."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("pexpect")

from terminal_play import assert_settled, play_a_hand  # noqa: E402  (after the skip)

BOARD = {"10D": "ten", "JC": "jack", "QS": "queen", "KH": "king", "7D": "nain"}


def test_pexpect_plays_a_lindor_hand_taking_a_box_and_refusing_a_wrong_input():
    # Seed 3: the human (dealer) is dealt JC and may lay it on Blaise's 10C.
    def board_card_first(options: list[str]) -> str:
        board = [o for o in options if o.split()[0] in BOARD]
        return (board or options)[0]

    text, chosen = play_a_hand(
        ["play", "lindor", "--players", "4", "--seed", "3"], board_card_first)
    laid = [c.split()[0] for c in chosen if c.split()[0] in BOARD]
    # every player stakes 1 to 5 on the boxes (fr-nainjaune §Mise des jetons): 4 players
    assert "Pools: ten 4, jack 8, queen 12, king 16, nain 20" in text
    # the human laid a board card and took its box, all of it
    assert laid, text[-2000:]
    card = laid[0]
    took = re.search(rf"You take the {BOARD[card]} pool: (\d+) \(board card laid: {card}\)", text)
    assert took and int(took.group(1)) >= 4 * (list(BOARD).index(card) + 1), text[-3000:]
    # a whole hand: over, paid, and the chips conserved with what stays on the board
    assert_settled(text, players=4)
