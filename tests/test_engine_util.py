"""Helpers shared by the engine tests (no tests here).

Seats: 0 Anne, 1 Blaise, 2 Colette, in the direction of play. With the dealer
at seat 2 the eldest is Anne (Lalanne 002 §2: the dealer's right).
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from hocdsl.actions import PASS
from hocdsl.engine import Game
from hocdsl.engine.events import ChipMove
from hocdsl.rules import load_ruleset

ANNE, BLAISE, COLETTE = 0, 1, 2
NAMES = ["Anne", "Blaise", "Colette"]


@lru_cache(maxsize=None)
def rules(name: str = "hoc-mazarin", *ext: str):
    return load_ruleset(name, ext)


def variant(base, section: str, **changes):
    """``base`` with knobs of one section changed (a what-if reading)."""
    return base.with_knobs({f"{section}.{k}": v for k, v in changes.items()})


def game(hands, ruleset=None, dealer=COLETTE, **kw) -> Game:
    return Game(ruleset or rules(), NAMES, dealer=dealer, hands=hands, **kw)


def play(g: Game, *actions) -> None:
    for a in actions:
        g.apply(a)


def moves(g: Game, reason: str | None = None, chance: str | None = "*"):
    """Chip moves as (payer, payee, amount), filtered by reason and chance."""
    out = []
    for e in g.events:
        if isinstance(e, ChipMove) and (reason is None or e.reason == reason) and (
                chance == "*" or e.chance == chance):
            payer = e.payer if isinstance(e.payer, int) else str(e.payer)
            payee = e.payee if isinstance(e.payee, int) else str(e.payee)
            out.append((payer, payee, e.amount))
    return out


def net_for(g: Game, chance: str) -> list[int]:
    """Each seat's chips won/lost on one chance (antes, raises, pool, payments)."""
    net = [0] * g.n
    for e in g.events:
        if isinstance(e, ChipMove) and e.chance == chance:
            if isinstance(e.payer, int):
                net[e.payer] -= e.amount
            if isinstance(e.payee, int):
                net[e.payee] += e.amount
    return net


def pass_chance(g: Game) -> None:
    """Everyone passes the chance being bid (nobody raises)."""
    for _ in range(g.n):
        g.apply(PASS)


def to_cards(g: Game) -> None:
    """Pass every chance and every blank-hand question: on to the card game."""
    while g.stage != "cards":
        g.apply(PASS)


def of_type(g: Game, cls) -> list:
    return [e for e in g.events if isinstance(e, cls)]
