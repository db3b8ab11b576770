"""`hoc play` of the trick game (tests/data/trick-game.yaml) at the terminal, driven by pexpect,
against a heuristic bot for a whole deal: a wrong input is refused with the rule it breaks while
the game goes on, each prompt says the trick on the table, the cards are played following suit,
and the deal ends with its points (the last trick's one, and ten for the most tricks unless they
are divided six and six)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pexpect")

from terminal_play import play_a_hand  # noqa: E402  (after the skip)

GAME = str(Path(__file__).parent / "data" / "trick-game.yaml")


def test_pexpect_plays_a_deal_of_tricks_and_ends_with_its_points():
    text, chosen = play_a_hand(["play", GAME, "--players", "2", "--seed", "5"], lambda options: options[-1])
    assert len(chosen) == 12  # one card a trick, twelve tricks (no draw: the stock stays)
    assert re.search(r"Tricks \(trick 1: (you lead|\S+ on the table); you hold 12 cards\)", text)
    assert "trick 12" in text and "the last trick (trick 12)" in text
    points = re.search(r"Points this deal: You (\d+), Blaise (\d+)", text)
    assert points, text[-2000:]
    you, bot = int(points.group(1)), int(points.group(2))
    # one point for the last trick; ten more for the most tricks, unless six each
    assert you + bot in (1, 11)
    assert re.search(r"Points in the partie: You (\d+), Blaise (\d+)", text)
    assert re.search(r"scores? 1 for the last trick", text)
