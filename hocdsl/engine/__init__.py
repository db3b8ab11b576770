"""The engine: one hand (:class:`Game`) and a sequence of hands (:class:`Partie`)
played exactly as a :class:`~hocdsl.rules.model.Ruleset` says.

>>> import random
>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.engine import Partie
>>> p = Partie(load_ruleset("hoc-mazarin"), 3, rng=random.Random(5), max_hands=3)
>>> rng = random.Random(6)
>>> while not p.is_over:
...     g = p.deal()
...     while not g.is_over:
...         g.apply(rng.choice(g.legal_actions()))
>>> sum(p.balances) + p.carry.total == 3 * 100
True
"""

from __future__ import annotations

from .carry import NO_CARRY, Carry, next_multiplier
from .errors import IllegalAction
from .events import Pool, pools_of
from .game import Game
from .partie import Partie
from .setup import DRAW_TIES, deal_hands, draw_dealer
from .view import SeatView

__all__ = [
    "Game", "Partie", "Carry", "NO_CARRY", "IllegalAction", "SeatView", "Pool", "pools_of",
    "draw_dealer", "deal_hands", "next_multiplier", "DRAW_TIES",
]
