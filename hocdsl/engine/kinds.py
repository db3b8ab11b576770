"""The stage kinds, by the name a ruleset's ``stages[].kind`` gives them.

Each kind is a module of its own: its :class:`~.table.Stage` (the state, the
legal actions and their check, what a seat may see), its
:class:`~.table.Result` (what it reports of a hand), its
:class:`~.tally.Tally` (what the simulator counts of it), its words (how the
narrator tells its events) and, if it has any, its part of what a hand hands on
to the next (:attr:`Kind.carry`). Adding one is its module plus a line here:
:class:`~hocdsl.engine.game.Game`, the simulator and the narrator find the kind
through this table and name no kind themselves.

The order of the table is the order in which the kinds' metrics come within
each section of the simulator's report (:mod:`.tally`).

>>> list(KINDS)
['claims', 'vie', 'stops', 'settle', 'turnup', 'holding', 'exchange', 'declare', 'tricks']
>>> KINDS["settle"].stage.__name__
'Settlement'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .bidding import ChanceBidding, ChanceTally, ChanceWords, carry_stakes
from .blank import BlankHands, BlankTally, BlankWords
from .cardgame import CardGame, CardsTally, CardWords
from .declare import DeclareStage, DeclareTally, DeclareWords
from .exchange import ExchangeStage, ExchangeTally, ExchangeWords
from .holding import HoldingStage, HoldingTally, HoldingWords
from .settle import Settlement, SettleTally, SettleWords
from .table import Stage, Table
from .tally import Tally
from .tricks import TricksStage, TricksTally, TricksWords
from .turnup import TurnUpStage, TurnUpTally, TurnUpWords
from .words import Words


#: A kind's part of what a finished hand hands on to the next: ``hook(g, multipliers,
#: passes)`` reads the hand's reports (``g.results``) and changes, per pool, the multiplier
#: its stake is played at and the count of consecutive all-passes (the hand's carry-in,
#: copied); the pools' chips are the ledger's, carried by :class:`~.game.Game` itself.
CarryHook = Callable[[Table, list[int], list[int]], None]


class Kind:
    """One stage kind: ``stage``, the class that plays a stage of it (made as
    ``stage(table, stage rules)``); ``tally``, what the simulator counts of it
    (``tally.of(rules, players)``; its ``legend`` documents its metrics); ``words``,
    how the narrator tells its events (``words(names, rules, lang)``); ``carry``, its
    part of what a hand hands on to the next (a :data:`CarryHook`, or None: the kind
    changes no stake's multiplier), which :class:`~.game.Game` calls once per hand a
    ruleset with a stage of the kind asks it (``Game.carry_out``); ``scores``: its
    stages may score points (:meth:`~.table.Table.score`), so that a ruleset with one
    has its points counted by the simulator (:class:`~.scores.PointsTally`)."""

    __slots__ = ("name", "stage", "tally", "words", "carry", "scores")

    def __init__(self, name: str, stage: type[Stage], tally: type[Tally], words: type[Words],
                 carry: CarryHook | None = None, scores: bool = False) -> None:
        self.name = name
        self.stage = stage
        self.tally = tally
        self.words = words
        self.carry = carry
        self.scores = scores


#: kind name -> the kind (the order: see the module's docstring)
KINDS: Final[dict[str, Kind]] = {
    "claims": Kind("claims", BlankHands, BlankTally, BlankWords),
    "vie": Kind("vie", ChanceBidding, ChanceTally, ChanceWords, carry_stakes),
    "stops": Kind("stops", CardGame, CardsTally, CardWords),
    "settle": Kind("settle", Settlement, SettleTally, SettleWords),
    "turnup": Kind("turnup", TurnUpStage, TurnUpTally, TurnUpWords),
    "holding": Kind("holding", HoldingStage, HoldingTally, HoldingWords),
    "exchange": Kind("exchange", ExchangeStage, ExchangeTally, ExchangeWords),
    "declare": Kind("declare", DeclareStage, DeclareTally, DeclareWords, scores=True),
    "tricks": Kind("tricks", TricksStage, TricksTally, TricksWords, scores=True),
}
