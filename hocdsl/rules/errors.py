"""Errors in ruleset files, worded for the historian who wrote the file.

Every error names the file, the line and column of the offending YAML node,
the knob's path, what was found, what was expected, and where it helps a
suggestion::

    rulesets/x.yaml:12:5: sequence.payments.6: found a payment for a 6-card sequence; expected lengths 3..5 (sequence.counts_up_to is 5)
        hint: remove the payment for 6, or raise sequence.counts_up_to

>>> e = RulesetError("x.yaml", 3, 1, "tricon.nmes", "an unknown knob `nmes`",
...                  "one of: names, keys", suggestion="names")
>>> print(e)
x.yaml:3:1: tricon.nmes: found an unknown knob `nmes`; expected one of: names, keys
    hint: did you mean `names`?
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from typing import Any

#: The most characters of one value a message quotes; a longer one is cut, with its length.
MAX_QUOTED = 200


def _long_values(most: int) -> re.Pattern[str]:
    """A quoted value (between backticks) or a run of characters without a space, longer than ``most``."""
    return re.compile(r"`([^`\n]{%d,})`|\S{%d,}" % (most + 1, most + 1))


_LONG = _long_values(MAX_QUOTED)


def shorten(message: str, most: int = MAX_QUOTED) -> str:
    """``message`` with every value longer than ``most`` characters cut, with "…" and its
    length: a quoted value (between backticks) and any run of characters without a space,
    so that an error about a value of 10,000 characters stays readable.

    >>> shorten("found `" + "x" * 300 + "`", 5)
    'found `xxxxx…` (300 characters)'
    >>> shorten("--bots " + "ab," * 100, 8)
    '--bots ab,ab,ab… (300 characters)'
    >>> shorten("a short message")
    'a short message'
    """
    if len(message) <= most:
        return message

    def cut(m: re.Match[str]) -> str:
        if m.group(1) is not None:
            return f"`{m.group(1)[:most]}…` ({len(m.group(1)):,} characters)"
        return f"{m.group(0)[:most]}… ({len(m.group(0)):,} characters)"

    return (_LONG if most == MAX_QUOTED else _long_values(most)).sub(cut, message)


class RulesetError(ValueError):
    """A ruleset (or extension) file that cannot be loaded, and why.

    ``file`` is the path as shown to the user; ``line`` and ``column`` are
    1-based (``None`` when the error has no place in a file, such as an unknown
    ruleset name on the command line); ``path`` is the dotted key path of the
    node (``"sequence.payments.6"``, ``""`` for the whole document).
    ``suggestion`` is a close match for a misspelt word; ``hint`` is any other
    advice. ``str(error)`` is the full message, hint line included.
    """

    def __init__(
        self,
        file: str | None,
        line: int | None,
        column: int | None,
        path: str,
        found: str,
        expected: str,
        suggestion: str | None = None,
        hint: str | None = None,
    ) -> None:
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.found = found
        self.expected = expected
        self.suggestion = suggestion
        self.hint = hint
        #: further errors found in the same file, when several were collected
        self.more: tuple[RulesetError, ...] = ()
        super().__init__(self.render())

    @property
    def where(self) -> str:
        """``file:line:column``, as much of it as is known."""
        if self.file is None:  # a name given on the command line, not a place in a file
            return "error"
        return place(self.file, self.line, self.column)

    @property
    def headline(self) -> str:
        """The first line of the message: place, key path, found and expected."""
        head = f"{self.where}: "
        if self.path:
            head += f"{self.path}: "
        head += f"found {self.found}"
        if self.expected:
            head += f"; expected {self.expected}"
        return head

    def hints(self) -> list[str]:
        """The advice lines: the suggestion first, then the hint."""
        out = []
        if self.suggestion:
            out.append(f"did you mean `{self.suggestion}`?")
        if self.hint:
            out.append(self.hint)
        return out

    def render(self) -> str:
        """The message: the headline, then a line per hint; a long value quoted in it cut
        (:func:`shorten`)."""
        lines = [shorten(self.headline)]
        lines += [f"    hint: {shorten(h)}" for h in self.hints()]
        return "\n".join(lines)

    def render_all(self) -> str:
        """This error and every further one collected from the same file."""
        return "\n".join(e.render() for e in (self, *self.more))

    def __reduce__(self) -> tuple[Callable[..., RulesetError], _Fields]:
        # picklable, for errors raised in worker processes
        return (_rebuild, (self.file, self.line, self.column, self.path, self.found,
                           self.expected, self.suggestion, self.hint))


#: RulesetError's arguments, in order (what pickling carries).
_Fields = tuple[str | None, int | None, int | None, str, str, str, str | None, str | None]


def _rebuild(*args: Any) -> RulesetError:
    return RulesetError(*args)


def place(file: str, line: int | None, column: int | None) -> str:
    """``file:line:column``, as much of it as is known.

    >>> place("x.yaml", 12, 5), place("x.yaml", 12, None), place("x.yaml", None, None)
    ('x.yaml:12:5', 'x.yaml:12', 'x.yaml')
    """
    if line is None:
        return file
    return f"{file}:{line}" if column is None else f"{file}:{line}:{column}"


def suggest(word: object, choices: Iterable[object]) -> str | None:
    """The choice closest to a misspelt ``word``, if one is close enough.

    >>> suggest("quinet", ["tierce", "quatrième", "quinte"])
    'quinte'
    >>> suggest("xyz", ["tierce", "quinte"]) is None
    True
    """
    options = [str(c) for c in choices]
    text = str(word)
    match = difflib.get_close_matches(text, options, n=1, cutoff=0.6)
    if match:
        return match[0]
    # a case slip or a hyphen/underscore swap counts as close
    norm = {o.lower().replace("-", "_"): o for o in options}
    return norm.get(text.lower().replace("-", "_"))
