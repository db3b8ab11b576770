"""The stage kinds, by the name a ruleset's ``stages[].kind`` gives them.

Each kind is a :class:`~.table.Stage` in a module of its own; adding one is
its module plus a line here. :class:`~hocdsl.engine.game.Game` makes the stage
of each ``rules.stages`` entry from this table and names no kind itself.

>>> sorted(KINDS)
['claims', 'settle', 'stops', 'vie']
>>> KINDS["settle"].__name__
'Settlement'
"""

from __future__ import annotations

from typing import Final

from .bidding import ChanceBidding
from .blank import BlankHands
from .cardgame import CardGame
from .settle import Settlement
from .table import Stage

#: kind name -> the stage that plays it (made as ``KINDS[kind](table, stage rules)``)
KINDS: Final[dict[str, type[Stage]]] = {
    "vie": ChanceBidding,
    "claims": BlankHands,
    "stops": CardGame,
    "settle": Settlement,
}
