"""`hoc play` of the test game examples/rulesets/board-game.yaml (no vie, board
boxes, a wild principal hoc, settled by points) at four players: one seat at
the terminal, driven by pexpect, against heuristic bots, for a whole hand,
with one wrong input that is refused with its rule while the game goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pexpect")

from terminal_play import assert_settled, play_a_hand  # noqa: E402  (after the skip)

BOARD_GAME = Path(__file__).resolve().parent.parent / "examples" / "rulesets" / "board-game.yaml"


def test_pexpect_plays_a_whole_board_game_hand_refusing_a_wrong_input():
    text, chosen = play_a_hand(
        ["play", str(BOARD_GAME), "--players", "4", "--seed", "3"], lambda options: options[0])
    # a whole hand at four seats: the others' names, a hand over, payments, the end
    assert chosen
    assert "board-game" in text and "Denise" in text
    assert_settled(text, players=4)  # chips conserved
