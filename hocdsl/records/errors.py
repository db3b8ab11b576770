"""RecordError: a game record that cannot be read or replayed, and where.

Every error names the record file, the line and column of the offending
YAML node (the announcement, the hand, the dealer...), and says in words
what was found and what was expected, or -- for an announcement the rules
refuse -- who said what and the rule it breaks::

    examples/x.yaml:14:9: Blaise said "raise 25": raise 25 is outside 1..20 (hoc-mazarin bidding.raise_cap, lalanne §5.1: a raise is 1 to 20 over the last stake)

An announcement that cannot be parsed carries the parser's caret block as
``detail``, shown indented under the headline.

>>> e = RecordError("x.yaml", 3, 5, "deals.0.dealer: found `Bob`; expected one of the players (Anne, Blaise)",
...                 hint="did you mean `Blaise`?")
>>> print(e)
x.yaml:3:5: deals.0.dealer: found `Bob`; expected one of the players (Anne, Blaise)
    hint: did you mean `Blaise`?
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.errors import place, shorten


class RecordError(ValueError):
    """A record that cannot be read, or an announcement in it that cannot be replayed.

    ``file`` is the record's path as shown to the user; ``line`` and
    ``column`` are 1-based (None when unknown); ``message`` is the headline
    after the place; ``detail`` is an optional block shown indented under it
    (an announcement with a caret); ``hint`` is advice. ``rule`` is the rule
    citation when an announcement broke a rule (``IllegalAction.rule``).
    """

    def __init__(
        self,
        file: str | None,
        line: int | None,
        column: int | None,
        message: str,
        *,
        detail: str | None = None,
        hint: str | None = None,
        rule: str | None = None,
    ) -> None:
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.detail = detail
        self.hint = hint
        self.rule = rule
        self.partial: object | None = None  # the Replay up to the error, when an announcement stopped it
        super().__init__(self.render())

    @property
    def where(self) -> str:
        """``file:line:column``, as much of it as is known."""
        return place(self.file or "<record>", self.line, self.column)

    def render(self) -> str:
        """The message; a long value quoted in the headline or the hint cut (the detail, a
        caret block, is cut around its caret already)."""
        lines = [f"{self.where}: {shorten(self.message)}"]
        if self.detail:
            lines += ["    " + d for d in self.detail.splitlines()]
        if self.hint:
            lines.append(f"    hint: {shorten(self.hint)}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()

    def __reduce__(self) -> tuple[Callable[..., RecordError], _Fields]:
        # picklable (errors raised in worker processes)
        return (_rebuild, (self.file, self.line, self.column, self.message, self.detail,
                           self.hint, self.rule))


#: RecordError's fields, in _rebuild's order (what pickling carries).
_Fields = tuple[str | None, int | None, int | None, str, str | None, str | None, str | None]


def _rebuild(file: str | None, line: int | None, column: int | None, message: str,
             detail: str | None, hint: str | None, rule: str | None) -> RecordError:
    return RecordError(file, line, column, message, detail=detail, hint=hint, rule=rule)
