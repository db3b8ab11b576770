"""The announcement language: what players say at the table, as action values.

English and French, case- and accent-insensitive; the ruleset supplies its
own names for sequences and tricons. The grammar is ``grammar.lark`` beside
this file; docs/announcements.md lists every form.

>>> from hocdsl.announce import parse_announcement, format_action, Vocabulary
>>> parse_announcement("Je renvie de 3")
[Raise(amount=3)]
>>> parse_announcement("tierce à la dame")
[DeclareSequence(length=3, top=12)]
>>> [format_action(a, lang="fr") for a in parse_announcement("2D 3C without 4")]
['2D', '3C', 'sans 4']
"""

from __future__ import annotations

from .errors import AnnouncementError
from .format import format_action, format_turn
from .parser import parse_announcement
from .vocabulary import Vocabulary

__all__ = [
    "AnnouncementError",
    "Vocabulary",
    "format_action",
    "format_turn",
    "parse_announcement",
]
