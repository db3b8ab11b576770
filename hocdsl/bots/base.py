"""What every bot is: a seat's player that chooses one legal action from its view.

A bot is given the ruleset, its seat and its own ``random.Random`` (or the seed
of one, made when the bot first draws: a bot that draws nothing, as the
heuristic, costs no generator) when it is made, and is asked :meth:`Bot.choose` with a :class:`~hocdsl.engine.SeatView`
each time its seat must act. It sees only what the view shows: its own hand,
what was said and shown, the cards laid, how many cards each seat holds, the
pools (never the other hands or the cards out of play).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from ..cards import Seat

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..engine import SeatView
    from ..rules.model import Ruleset


class BotError(ValueError):
    """A bot name or a ``--bots`` list that cannot be used (says why)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # a user's bot in plain Python subclasses it
class Bot:
    """Base of the bots: ``choose(view)`` returns one of ``view.legal_actions()``."""

    name = "bot"
    __slots__ = ("rules", "seat", "_rng", "_seed")

    def __init__(self, rules: Ruleset, seat: Seat, rng: random.Random | int | None = None) -> None:
        self.rules = rules
        self.seat = seat
        # a seed: the generator is made when first drawn from (``rng``), the same as if made now
        self._rng: random.Random | None = rng if isinstance(rng, random.Random) else None
        self._seed: int = seat if rng is None or isinstance(rng, random.Random) else rng

    @property
    def rng(self) -> random.Random:
        """The bot's own generator (``random.Random(seed)``, made when first asked for when the
        bot was given a seed; ``random.Random(seat)`` when it was given neither)."""
        r = self._rng
        if r is None:
            r = self._rng = random.Random(self._seed)
        return r

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    def choose(self, view: SeatView) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.__class__.__name__} seat={self.seat}>"
