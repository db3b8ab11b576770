"""Bots: players that choose among the legal actions from what their seat sees.

``make_bot(name, rules, seat, rng)`` makes one; ``Bot.choose(view)`` returns
one of ``view.legal_actions()`` for ``view = game.view(seat)``.

- ``random``: the kind of action at random, then an action of that kind;
- ``heuristic``: bids by the strength of its combinations and its position,
  declares truthfully, plays its longest runs first and keeps the principal
  hocs (:mod:`.heuristic`);
- ``montecarlo``: bids as the heuristic; in the card game samples the unseen
  cards and plays each choice out (:mod:`.montecarlo`).

>>> parse_bots("heuristic", 3)
['heuristic', 'heuristic', 'heuristic']
>>> parse_bots("heuristic, random", 2)
['heuristic', 'random']
>>> parse_bots("heuristic,random", 3)
Traceback (most recent call last):
...
hocdsl.bots.base.BotError: --bots heuristic,random names 2 bots for 3 players: give one name for all seats or one per seat
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..cards import Seat
from .base import Bot, BotError
from .heuristic import HeuristicBot
from .montecarlo import MonteCarloBot
from .random_bot import RandomBot

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

__all__ = ["Bot", "BotError", "BOT_NAMES", "make_bot", "parse_bots",
           "RandomBot", "HeuristicBot", "MonteCarloBot"]

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "montecarlo": MonteCarloBot,
}
BOT_NAMES: tuple[str, ...] = tuple(BOTS)


def make_bot(name: str, rules: Ruleset, seat: Seat, rng: random.Random | int | None = None) -> Bot:
    """The bot called ``name`` for ``seat``, drawing any randomness from ``rng`` (a seed: from
    ``random.Random(rng)``, made when the bot first draws)."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise BotError(f"unknown bot {name!r}: expected one of {', '.join(BOT_NAMES)}") from None
    return cls(rules, seat, rng if rng is not None else seat)


def parse_bots(spec: str | list[str] | tuple[str, ...], players: int) -> list[str]:
    """Bot names per seat from ``"heuristic,heuristic,random"`` (or a list):
    one name applies to every seat, otherwise one name per seat."""
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    names = [x.strip().lower() for x in names]
    text = ",".join(names)
    if not names or any(not x for x in names):
        raise BotError(f"--bots {spec!r}: empty bot name; expected names among "
                       f"{', '.join(BOT_NAMES)}, separated by commas")
    for x in names:
        if x not in BOTS:
            raise BotError(f"--bots {text}: unknown bot {x!r}; expected one of {', '.join(BOT_NAMES)}")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise BotError(f"--bots {text} names {len(names)} bots for {players} players: "
                       "give one name for all seats or one per seat")
    return names
