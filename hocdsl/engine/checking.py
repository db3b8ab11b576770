"""Views of the :class:`~.game.Game` for the type checker only; never imported at run time.

Kept apart from the modules they describe so that those compile (mypyc does
not take a class defined inside ``if TYPE_CHECKING:``).
"""

from __future__ import annotations

from ..cards import Seat
from ..rules.model import Bidding, Ruleset
from .game import Game


class Playing(Game):
    """The :class:`Game` as its phases see it: a phase runs only while the hand is
    on, so ``to_act`` is a seat (it is None only before the first phase starts and
    once the hand is over). Each phase binds its game with ``cast("Playing", g)``."""

    to_act: Seat


class BiddingRules(Ruleset):
    """A ruleset with vie stages: its ``bidding`` is set (the semantic checks refuse
    vie stages without a ``bidding`` section)."""

    bidding: Bidding


class Bidding_(Playing):
    """The game as the bidding sees it."""

    rules: BiddingRules
