"""`hoc play piquet` at the terminal, driven by pexpect, against a heuristic bot for a whole
deal: the discard and take-in, then the calling (the human answers or calls at each prompt),
a wrong input refused with the rule it breaks while the game goes on, and the points of the
deal told. Piquet is played by two (hoyle-piq §opening): no --players needed."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("pexpect")

from terminal_play import play_a_hand  # noqa: E402  (after the skip)


@pytest.mark.parametrize("seat", ["1", "2"])
def test_pexpect_plays_a_piquet_deal(seat: str) -> None:
    text, chosen = play_a_hand(["play", "piquet", "--hands", "1", "--seed", "4", "--seat", seat],
                               lambda options: options[0])
    # the exchange: the human laid out cards (the smallest discard listed first) and was told which
    assert any(c.startswith("I discard") for c in chosen), chosen
    assert re.search(r"your discard: [^;]+; taken in: \S", text), text[:3000]
    # the calling: the eldest calls each combination, the other answers
    assert "says: point of" in text or "You say: point of" in text, text[-3000:]
    # the deal ends, its points told
    assert re.search(r"the hand is over|The partie is over", text), text[-2000:]
