"""Playing one seat of ``hoc play`` at a real terminal (pexpect) against bots, for the
tests that play a whole hand: a first line the rules refuse, then a legal choice at
every prompt, and the checks that the hand was settled with the chips conserved."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Sequence

import pexpect

PROMPT = r"\r\n> "
WANTED = re.compile(r"the card wanted is an? (\w+)")


def wrong_without(prompt: str) -> str:
    """A "without" the rules refuse: of a rank other than the one wanted (or any
    "without" when the seat leads a new run)."""
    m = WANTED.search(prompt)
    return "without 3" if m and m.group(1) == "2" else "without 2"


def play_a_hand(args: Sequence[str], pick: Callable[[list[str]], str]) -> tuple[str, list[str]]:
    """Run ``hoc ARGS``: at the first prompt a refused "without" (the same prompt must come
    back, refused with its rule and nothing laid for it), then at every prompt ``pick``
    among what ``legal`` lists. Returns the whole text and the choices made."""
    child = pexpect.spawn(sys.executable, ["-m", "hocdsl.cli", *args], encoding="utf-8", timeout=30,
                          dimensions=(50, 200), env={**os.environ, "COLUMNS": "200"})
    seen: list[str] = []
    wrong = ""
    refused = ""
    chosen: list[str] = []
    while True:
        i = child.expect([PROMPT, pexpect.EOF])
        seen.append(child.before)
        if i == 1:
            break
        if not wrong:  # the first prompt: a wrong input, then the same prompt again
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
        choice = pick(options)
        chosen.append(choice)
        child.sendline(choice)
    child.close()
    text = "\n".join(seen)
    assert child.exitstatus == 0, text[-2000:]
    # the wrong input: refused with the rule cited, and nothing laid for it
    assert re.search(r"Not allowed: .+\r?\n\s+rule: \S", refused), refused
    assert f"You: {wrong}" not in refused
    return text, chosen


def assert_settled(text: str, players: int, stake: int = 100) -> None:
    """A whole hand: over, paid, each seat's net, and the chips conserved with what the
    pools carry to the next hand."""
    assert "the hand is over" in text and "Payments this hand:" in text
    net = re.search(r"Net this hand: ([^\r\n]*)", text)
    assert net and len(re.findall(r"[+-]?\d+", net.group(1))) == players
    final = re.search(r"The partie is over\. Chips: ([^\r\n]*)", text)
    assert final, text[-2000:]
    chips = [int(v) for v in re.findall(r"\w+ (-?\d+)", final.group(1))]
    carried = re.search(r"Carried to the next hand: ([^\r\n]*)", text)
    pools = [int(v) for v in re.findall(r"\w+ (\d+)", carried.group(1))] if carried else []
    assert len(chips) == players and sum(chips) + sum(pools) == players * stake
