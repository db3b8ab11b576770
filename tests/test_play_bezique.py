"""`hoc play bezique` at the terminal, driven by pexpect, against a heuristic bot for a whole
deal: a wrong input refused with the rule it breaks while the game goes on, the trick on the
table and the stock told at each prompt, a combination declared after a trick won ("I score
twenty for marriage: ..."), "pass" to draw without declaring, and the deal's points told.
Bézique is played by two (hoyle-bez ¶1): no --players needed."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("pexpect")

from terminal_play import play_a_hand  # noqa: E402  (after the skip)


def test_pexpect_plays_a_bezique_deal() -> None:
    def pick(options: list[str]) -> str:  # declare what may be declared, else the first choice
        melds = [o for o in options if o.startswith("I score")]
        return melds[0] if melds else options[0]

    text, chosen = play_a_hand(["play", "bezique", "--hands", "1", "--seed", "3"], pick)
    assert any(c.startswith("I score") for c in chosen), chosen
    assert re.search(r"Tricks \(trick 1: .*in the stock\)", text)
    assert "the last trick (trick 32)" in text
    points = re.search(r"Points this deal: You (\d+), Blaise (\d+)", text)
    assert points, text[-2000:]
    # every deal scores the sixteen brisques (160) and the last trick (10); the rest is what
    # the narration says each declaration scored (hoyle-bez ¶7, ¶12)
    declared = sum(int(n) for n in re.findall(
        r"scores? (\d+) for (?:the seven of trumps|marriage|royal marriage|sequence in trumps|bézique|"
        r"double bézique|four \w+)", text))
    assert int(points.group(1)) + int(points.group(2)) == 170 + declared
