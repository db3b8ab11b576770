"""`hoc play lindor --players 4` at the terminal, driven by pexpect, against heuristic
bots for a whole hand: the human lays a board card and takes its box (fr-nainjaune
§Règle du jeu: a board card laid takes its box), a wrong input is refused with the rule
it breaks while the game goes on, and the chips are conserved with the board."""

from __future__ import annotations

import os
import re
import sys

import pytest

pexpect = pytest.importorskip("pexpect")

PROMPT = r"\r\n> "
BOARD = {"10D": "ten", "JC": "jack", "QS": "queen", "KH": "king", "7D": "nain"}
WANTED = re.compile(r"the card wanted is an? (\w+)")


def wrong_without(prompt: str) -> str:
    """A "without" the rules refuse: of a rank other than the one wanted (or any
    "without" when the seat leads a new run)."""
    m = WANTED.search(prompt)
    return "without 3" if m and m.group(1) == "2" else "without 2"


def test_pexpect_plays_a_lindor_hand_taking_a_box_and_refusing_a_wrong_input():
    # Seed 3: the human (dealer) is dealt JC and may lay it on Blaise's 10C.
    child = pexpect.spawn(sys.executable, ["-m", "hocdsl.cli", "play", "lindor", "--players", "4",
                                           "--seed", "3"],
                          encoding="utf-8", timeout=30, dimensions=(50, 200),
                          env={**os.environ, "COLUMNS": "200"})
    seen: list[str] = []
    wrong: str | None = None
    refused = ""
    laid: list[str] = []
    while True:
        i = child.expect([PROMPT, pexpect.EOF])
        seen.append(child.before)
        if i == 1:
            break
        if wrong is None:
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
        board = [o for o in options if o.split()[0] in BOARD]  # a board card first
        choice = (board or options)[0]
        if board:
            laid.append(choice.split()[0])
        child.sendline(choice)
    child.close()
    text = "\n".join(seen)
    assert child.exitstatus == 0, text[-2000:]
    # the wrong input: refused with the rule cited, nothing laid for it
    assert re.search(r"Not allowed: .+\r?\n\s+rule: \S", refused), refused
    assert f"You: {wrong}" not in refused
    # every player stakes 1 to 5 on the boxes (fr-nainjaune §Mise des jetons): 4 players
    assert "Pools: ten 4, jack 8, queen 12, king 16, nain 20" in text
    # the human laid a board card and took its box, all of it
    assert laid, text[-2000:]
    card = laid[0]
    took = re.search(rf"You take the {BOARD[card]} pool: (\d+) \(board card laid: {card}\)", text)
    assert took and int(took.group(1)) >= 4 * (list(BOARD).index(card) + 1), text[-3000:]
    # a whole hand: over, paid, and the chips conserved with what stays on the board
    assert "the hand is over" in text and "Payments this hand:" in text
    net = re.search(r"Net this hand: ([^\r\n]*)", text)
    assert net and len(re.findall(r"[+-]?\d+", net.group(1))) == 4
    final = re.search(r"The partie is over\. Chips: ([^\r\n]*)", text)
    assert final, text[-2000:]
    chips = [int(v) for v in re.findall(r"\w+ (-?\d+)", final.group(1))]
    carried = re.search(r"Carried to the next hand: ([^\r\n]*)", text)
    pools = [int(v) for v in re.findall(r"\w+ (\d+)", carried.group(1))] if carried else []
    assert len(chips) == 4 and sum(chips) + sum(pools) == 4 * 100
