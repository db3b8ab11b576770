"""A refused announcement, told in words: what was said, why it is not allowed, what is allowed now.

The engine's :class:`~hocdsl.engine.IllegalAction` names the rule broken; its
message is written for a record (and may name the action as a value). At the
table the player is told, in the words they typed, why that announcement does
not fit *this moment* (not that it "is not allowed before" something, which
reads as if it became legal later), and what they may say instead.

>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.engine import Game
>>> from hocdsl.actions import DeclareBlank
>>> import random
>>> g = Game(load_ruleset("hoc-mazarin"), 3, dealer=0, rng=random.Random(1))
>>> why_not_now(DeclareBlank(), g)
'a blank hand is shown in its own stage, after the bidding on the tricon'
"""

from __future__ import annotations

import re
from typing import Any

from ..actions import (
    Call, Conceal, Concede, DeclareBlank, DeclarePoint, DeclareSequence, DeclareTricon, HocMark, Nothing,
    Pass, Play, Raise, Show, Without,
)
from ..announce import Vocabulary, format_action
from ..engine import Game

_DECLARATION = (DeclarePoint, DeclareSequence, DeclareTricon)
_ON = {DeclarePoint: "point", DeclareSequence: "sequence", DeclareTricon: "tricon"}
#: A Python value in a message: ``DeclareSequence(length=5, top=13)``.
_VALUE = re.compile(r"\b[A-Z][A-Za-z]+\((?:\w+=[^()]*)?\)")


def _stage_before(game: Game, stage_id: str) -> str:
    """The stage before ``stage_id`` in the ruleset's order, for "after the bidding on the tricon"."""
    ids = [st.id for st in game.rules.stages]
    i = ids.index(stage_id) if stage_id in ids else 0
    return ids[i - 1] if i > 0 else ""


def why_not_now(a: Any, game: Game) -> str:
    """Why an announcement of ``a``'s kind has no place at this moment of the hand, in a few words."""
    stage = game.stage
    rules = game.rules
    if isinstance(a, (Play, Without)):
        return "cards are laid in the card game, once the bidding is over"
    if isinstance(a, HocMark):
        return "\"hoc!\" is said in the card game, right after the card that makes a hoc"
    if isinstance(a, DeclareBlank):
        claims = rules.blank_hand
        if claims is None:
            return f"{rules.name} has no blank hand"
        before = _stage_before(game, claims.id)
        return "a blank hand is shown in its own stage" + (f", after the bidding on the {before}" if before else "")
    if isinstance(a, _DECLARATION) and _ON[type(a)] != stage and game.bidding_mode is not None:
        return f"this is the bidding on the {stage}: a {_ON[type(a)]} is declared on the {_ON[type(a)]}"
    mode = game.bidding_mode
    if isinstance(a, Call):
        return f"nobody has raised on the {stage}, so there is no stake to call" if mode == "open" \
            else f"there is no raise to call on the {stage} now"
    if isinstance(a, (Show, Conceal)):
        return f"one shows (or conceals) once the {stage} is won, and only the winner"
    if isinstance(a, (Concede, Nothing)):
        return "\"that's fine\" and \"nothing\" answer a declaration that has been made"
    if isinstance(a, Raise):
        return f"no raise is taken on the {stage} now"
    if isinstance(a, Pass):
        return "there is nothing to pass now"
    if isinstance(a, _DECLARATION):
        return f"the {stage} is not declared now"
    return "it does not fit this moment of the hand"


def plain_message(message: str, a: Any, vocab: Vocabulary, lang: str) -> str:
    """``message`` with any Python value of an action in it written as said (``"quinte au roi"``)."""
    said = f"\"{format_action(a, vocab, lang)}\""
    message = message.replace(repr(a), said)
    return _VALUE.sub(said, message)


def kinds_now(game: Game) -> set[type]:
    """The kinds of announcement that are legal now."""
    return {type(x) for x in game.legal_actions()}


def refusal(a: Any, message: str, game: Game, vocab: Vocabulary, lang: str) -> str:
    """What the player is told for ``a`` refused with the engine's ``message``: the engine's reason when
    ``a``'s kind is allowed now (a raise too high, a declaration that is not the best), else why
    that kind has no place now."""
    said = format_action(a, vocab, lang)
    if game.stage == "cards" and isinstance(a, (Play, Without)):
        return plain_message(message, a, vocab, lang)  # the card game's reasons are specific already
    if type(a) in kinds_now(game) and not (isinstance(a, _DECLARATION) and _ON[type(a)] != game.stage):
        return plain_message(message, a, vocab, lang)
    return f"\"{said}\" does not fit now: {why_not_now(a, game)}"
