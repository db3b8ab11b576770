"""Bots at Piquet: the heuristic bot discards to keep its point, runs and sets, and calls and
answers truly; a simulated deal conserves the 32 cards (hands, discards, the stock left)."""

from __future__ import annotations

import random

from hocdsl.bots import make_bot
from hocdsl.engine import Game
from hocdsl.engine.declare import DeclareResult
from hocdsl.engine.exchange import ExchangeResult
from hocdsl.pack import pack_of
from hocdsl.rules import load_ruleset

PIQUET = load_ruleset("piquet")


def _deal(seed: int, stage: str | None = None) -> Game:
    """A deal played by two heuristic bots, to its end or (``stage``) until that stage is over."""
    rng = random.Random(seed)
    g = Game(PIQUET, 2, dealer=seed % 2, rng=rng)
    bots = [make_bot("heuristic", PIQUET, s, random.Random(seed + s)) for s in range(2)]
    seen = False
    while not g.is_over:
        seen = seen or g.stage == stage
        if seen and g.stage != stage:
            break
        s = g.to_act
        assert s is not None
        g.apply(bots[s].choose(g.view(s)))
    return g


def test_every_card_is_in_a_hand_a_discard_or_the_stock() -> None:
    mask = pack_of(PIQUET).mask
    for seed in range(40):
        g = _deal(seed, "exchange")  # after the exchange, before the play
        ex = g.result_of(ExchangeResult)
        assert ex is not None
        parts = [g.hands[0], g.hands[1], ex.discard[0], ex.discard[1], g.out_of_play]
        union = 0
        for p in parts:
            assert not union & p  # no card twice
            union |= p
        assert union == mask
        assert bin(g.hands[0]).count("1") == bin(g.hands[1]).count("1") == 12


def test_the_bot_keeps_what_it_calls() -> None:
    # truthful calls: every combination counted is one the winner holds after the exchange,
    # and the eldest, who must exchange one card at least, always does (hoyle-piq §Discarding)
    for seed in range(40):
        g = _deal(seed)
        ex = g.result_of(ExchangeResult)
        assert ex is not None and ex.exchanged[g.eldest] >= 1
        r = g.result_of(DeclareResult)
        assert r is not None
        assert sum(g.points) >= sum(r.counted)


def test_the_heuristic_discards_low_unconnected_cards() -> None:
    from hocdsl.bots.discard import discard
    from hocdsl.cards import hand_str, parse_hand

    hand = parse_hand("AS KS QS JS 9S AH AD 7H 8C 9D 10C KC")
    assert hand_str(sum(1 << c for c in discard(hand, 5, 1, PIQUET))) == "7H 8C 9D 10C KC"
