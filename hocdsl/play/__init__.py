"""A person plays one seat against bots: the loop behind ``hoc play``.

The loop reads and writes only through the two functions it is given
(``input(prompt) -> str`` and ``output(text)``), so it runs the same at a
terminal and under a test feeding it lines; at a terminal :mod:`readline`
gives the line editing and the history of the lines typed. The engine is used
in human mode (``strict=False``): a false "without" is accepted and the
ruleset's penalty charged, and the player is told.

What the player sees: their hand grouped by suit, the pools and multipliers,
each bot's words in the announcement language (``--lang en|fr``, which also
gives the prompts and the help), and a prompt line that says what they may do
now, ending in ``"> "``::

    Point (pool 3) — you may: pass, raise 1..20, declare (e.g. '5 cards, 31')
    >

What they type is an announcement in the grammar of :mod:`hocdsl.announce`,
or one of the commands ``help``, ``hand``, ``pools``, ``history``, ``legal``
(every legal announcement now) and ``quit``, which work at any prompt. A
malformed announcement gets the parser's caret message; an illegal one why it
does not fit now, the rule, and what is allowed instead; then the prompt comes
back and nothing is lost.

A card-play turn may be typed as one line (``6H 7S without 8``). The line is
checked whole on a copy of the hand before anything is applied: if one part
is illegal, or comes after the turn has passed, *nothing* of the line is
played.

The jobs: :mod:`.session` (the loop, the turns, line checking), :mod:`.prompt`
(the prompt line, ``legal``), :mod:`.commands`, :mod:`.refuse` (refusals in
words), :mod:`.summary` (end of hand), :mod:`.record`, :mod:`.words` (the
table's phrases in English and French); events are told by
:class:`hocdsl.narrate.Narrator`, shared with ``hoc replay``.

>>> from hocdsl.rules import load_ruleset
>>> lines = iter(["pass"] * 3 + ["quit"])
>>> out = []
>>> s = PlaySession(load_ruleset("hoc-mazarin"), seed=3, input=lambda p: next(lines), output=out.append)
>>> result = s.run()
>>> result.quit, result.hands_completed
(True, 0)
"""

from __future__ import annotations

from .prompt import describe_legal, fold_raises
from .record import DealLog, PlayResult, RecordKeeper, play_record_text, write_play_record
from .session import PlaySession, line_editing, make_bots
from .words import COMMANDS, PROMPT, REASON_WORDS, chip_move_words, seat_names, stage_title

__all__ = ["PlaySession", "PlayResult", "DealLog", "RecordKeeper", "COMMANDS", "PROMPT", "REASON_WORDS",
           "describe_legal",
           "fold_raises", "chip_move_words", "make_bots", "line_editing", "play_record_text",
           "write_play_record", "seat_names", "stage_title"]
