"""`hoc play` of the test game examples/rulesets/board-game.yaml (no vie, board
boxes, a wild principal hoc, settled by points) at four players: one seat at
the terminal, driven by pexpect, against heuristic bots, for a whole hand,
with one wrong input that is refused with its rule while the game goes on."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

BOARD_GAME = Path(__file__).resolve().parent.parent / "examples" / "rulesets" / "board-game.yaml"
PROMPT = r"\r\n> "
WANTED = re.compile(r"the card wanted is an? (\w+)")


def wrong_without(prompt: str) -> str:
    """A "without" the rules refuse here: of a rank other than the one wanted (or
    any "without" when the seat leads a new run)."""
    m = WANTED.search(prompt)
    return "without 3" if m and m.group(1) == "2" else "without 2"


def test_pexpect_plays_a_whole_board_game_hand_refusing_a_wrong_input():
    cmd = [sys.executable, "-m", "hocdsl.cli", "play", str(BOARD_GAME), "--players", "4",
           "--seed", "3"]
    child = pexpect.spawn(cmd[0], cmd[1:], encoding="utf-8", timeout=30, dimensions=(50, 200),
                          env={**os.environ, "COLUMNS": "200"})
    seen: list[str] = []
    wrong: str | None = None
    refused = ""
    turns = 0
    while True:
        i = child.expect([PROMPT, pexpect.EOF])
        seen.append(child.before)
        if i == 1:
            break
        if wrong is None:  # the first prompt: a wrong input, then the same prompt again
            prompt = child.before.splitlines()[-1]
            wrong = wrong_without(prompt)
            child.sendline(wrong)
            child.expect(PROMPT)
            refused = child.before
            seen.append(refused)
            assert refused.splitlines()[-1] == prompt  # asked again: the game goes on
        child.sendline("legal")
        child.expect(r"legal: ([^\r\n]*)\r\n")
        options = child.match.group(1).split(" | ")
        child.expect(PROMPT)
        child.sendline(options[0])
        turns += 1
    child.close()
    assert child.exitstatus == 0, "\n".join(seen)[-2000:]
    text = "\n".join(seen)
    # the wrong input: refused, with the rule cited, and nothing laid for it
    assert re.search(r"Not allowed: .+\r?\n\s+rule: \S", refused), refused
    assert f"You: {wrong}" not in refused
    # a whole hand at four seats: the others' names, a hand over, payments, the end
    assert turns >= 1
    assert "board-game" in text and "Denise" in text
    assert "the hand is over" in text
    assert "Payments this hand:" in text
    net = re.search(r"Net this hand: ([^\r\n]*)", text)
    assert net and len(re.findall(r"[+-]?\d+", net.group(1))) == 4
    final = re.search(r"The partie is over\. Chips: ([^\r\n]*)", text)
    assert final, text[-2000:]
    chips = [int(v) for v in re.findall(r"\w+ (-?\d+)", final.group(1))]
    carried = re.search(r"Carried to the next hand: ([^\r\n]*)", text)
    pools = [int(v) for v in re.findall(r"\w+ (\d+)", carried.group(1))] if carried else []
    assert len(chips) == 4 and sum(chips) + sum(pools) == 4 * 100  # chips conserved
