"""The ``random`` bot: a legal action at random, the kind of action first.

What must be claimed (``must_claim``) it always claims, as every bot does.

Drawing uniformly among the legal actions would make raises dominate the
bidding (twenty raise sizes against one call and one pass) and give endless
raise wars. This bot first draws the kind of action (pass, call, raise, a
declaration, lay a card, "without"...) uniformly among the kinds on offer,
then an action of that kind uniformly.

>>> import random
>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.engine import Game
>>> rules = load_ruleset("hoc-mazarin")
>>> g = Game(rules, 3, dealer=2, rng=random.Random(1))
>>> bot = RandomBot(rules, 0, random.Random(2))
>>> bot.choose(g.view(0)) in g.legal_actions()
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import CLAIM
from ..engine.cardgame import CardsSeen
from .base import Bot

if TYPE_CHECKING:  # pragma: no cover
    from ..actions import Action
    from ..engine import SeatView


class RandomBot(Bot):
    """Uniform over the kinds of legal action, then uniform within the kind."""

    name = "random"
    __slots__ = ()

    def choose(self, view: SeatView) -> Action:
        seen = view.seen()
        if type(seen) is CardsSeen and seen.may_claim():
            return CLAIM  # random in its play, but it never forgets a claim
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rand = self.rng.random
        kinds: dict[type, list[Action]] = {}
        for a in legal:
            kinds.setdefault(a.__class__, []).append(a)
        groups = tuple(kinds.values())
        g = groups[int(rand() * len(groups))]
        return g[int(rand() * len(g))]
