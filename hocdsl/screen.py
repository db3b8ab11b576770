"""What fits the screen: the width to print at, prose wrapped to it, wide tables split to fit.

Every command prints its tables at :func:`width` columns: ``COLUMNS`` when the
environment sets it (a user, a test, a notebook that knows its width), else the
terminal's width, else (piped to a file or a pager) a width wide enough for the
tables to stay whole. A table whose columns cannot all hold their longest word
at that width is not squeezed until its cells are cut (``bidding.pr…``) or its
columns vanish (:func:`show` sets the widths so that each word stays whole, or stacks
the table): :func:`column_groups` splits its many columns (metrics,
rulesets) into several tables that each fit, each repeating the columns that
say what a row is about.

>>> import os
>>> os.environ["COLUMNS"] = "64"
>>> width()
64
>>> wrap("  - a long line of words " + "and more words " * 3, 30)
'  - a long line of words and\\n    more words and more words\\n    and more words'
>>> del os.environ["COLUMNS"]
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Callable
from typing import Any

#: The narrowest and widest screens a width may say (COLUMNS outside them is ignored).
NARROWEST, WIDEST = 20, 1000
#: Piped to a file or a pager: wide enough for the widest table to stay whole.
PIPED = 120

_BULLET = re.compile(r"^(\s*(?:[-*•]|\d+[.)]|[A-Za-z][\w.\-]*:)?\s*)")


def width(piped: int = PIPED) -> int:
    """The width to print at: ``COLUMNS`` if set (and sensible), the terminal's width,
    else ``piped`` (standard output is not a terminal)."""
    env = os.environ.get("COLUMNS", "").strip()
    if env.isdigit() and NARROWEST <= int(env) <= WIDEST:
        return int(env)
    try:
        if sys.stdout.isatty():
            return max(NARROWEST, shutil.get_terminal_size().columns)
    except (AttributeError, ValueError, OSError):  # a closed or odd stdout
        pass
    return piped


def known_width() -> int | None:
    """The screen's width when there is one to fit (``COLUMNS`` set, or a terminal), else
    None: piped to a file, a line is best left whole for ``grep`` and ``diff``."""
    w = width(0)
    return w or None


def fold(text: str) -> str:
    """``text`` wrapped (:func:`wrap`) to the screen when it has a width, else as it is."""
    w = known_width()
    return text if w is None else wrap(text, w)


def console(piped: int = PIPED, **options: Any) -> Any:
    """A rich console on standard output, :func:`width` columns wide.

    A pipe whose reader has gone raises :class:`BrokenPipeError` as any other write does,
    so the command says it in one line (:mod:`hocdsl.faults`): rich's own handling ends
    the program with exit 1 and not a word."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    return _Console(width=width(piped), **options)


def wrap(text: str, columns: int) -> str:
    """``text`` with each line wrapped to ``columns``: a continued line keeps the
    line's indentation, past its bullet (``-``, ``1.``) or label (``eldest:``)."""
    out = []
    for line in text.split("\n"):
        if len(line) <= columns:
            out.append(line)
            continue
        lead = _BULLET.match(line)
        head = lead.group(1) if lead else ""
        hang = " " * min(len(head), columns // 2)
        out.append(textwrap.fill(line, columns, subsequent_indent=hang, break_long_words=True,
                                 break_on_hyphens=False))
    return "\n".join(out)


def _spans(on: Any, table: Any) -> list[tuple[int, int]]:
    """Each column's (fewest, most) columns of text: its longest word (its longest line
    when it does not wrap) and its longest line."""
    from rich.measure import Measurement

    options = on.options.update_width(WIDEST * 4)
    spans = []
    for column in table.columns:
        least = most = column.min_width or 0
        for cell in [column.header, *column.cells]:
            m = Measurement.get(on, options, cell)
            least = max(least, m.maximum if column.no_wrap else m.minimum)
            most = max(most, m.maximum)
        spans.append((least, most))
    return spans


def _frame(table: Any) -> int:
    """The columns a table's borders and padding take."""
    n = len(table.columns)
    frame = n * (table.padding[1] + table.padding[3])
    if table.box is not None:
        frame += (n - 1) + (2 if table.show_edge else 0)
    return int(frame)


def min_width(on: Any, renderable: Any) -> int:
    """The fewest columns ``renderable`` needs on console ``on`` without cutting a word
    (nor a line of a ``no_wrap`` column of a table)."""
    from rich.measure import Measurement
    from rich.table import Table

    if not isinstance(renderable, Table):
        return int(Measurement.get(on, on.options.update_width(WIDEST * 4), renderable).minimum)
    return sum(least for least, _ in _spans(on, renderable)) + _frame(renderable)


def fits(on: Any, renderable: Any) -> bool:
    """Whether ``renderable`` prints on ``on`` with every word whole."""
    return min_width(on, renderable) <= int(on.width)


def _fit(on: Any, table: Any) -> bool:
    """Set ``table``'s column widths so that it fits ``on`` with no word cut, and say whether it
    can: each column gets its longest word, then the room left is shared in proportion to what
    each would take more (rich, left to itself, cuts words with "…")."""
    spans = _spans(on, table)
    room = on.width - _frame(table)
    spare = room - sum(least for least, _ in spans)
    if spare < 0:
        return False
    if sum(most for _, most in spans) <= room:
        return True  # every line whole: rich lays it out as it likes
    wants = [most - least for least, most in spans]
    total = sum(wants) or 1
    widths = [least + spare * want // total for (least, _), want in zip(spans, wants)]
    for column, w in zip(table.columns, widths):
        column.width = w
        column.ratio = None  # the widths set here, not shared by ratio
    table.expand = False
    return True


def show(on: Any, table: Any, otherwise: Callable[[], None] | None = None) -> None:
    """Print ``table`` on ``on`` when it fits with every word whole; else call ``otherwise``,
    or, without it, print the table stacked: one paragraph per row, each cell after its
    column's name."""
    if _fit(on, table):
        on.print(table)
        return
    if otherwise is not None:
        otherwise()
        return
    from rich.text import Text

    title = _plain(table.title)
    if title:
        on.print(Text(wrap(title, on.width), style="italic"))
    heads = [" ".join(_plain(c.header).split()) for c in table.columns]
    rows = zip(*[[_plain(cell) for cell in c.cells] for c in table.columns])
    for row in rows:
        parts = [f"{h}: {' '.join(v.split())}" if h else " ".join(v.split())
                 for h, v in zip(heads, row) if v.strip()]
        if parts:
            on.print(Text(wrap("- " + "; ".join(parts), on.width)))


def _plain(cell: Any) -> str:
    """A cell's text (a str, a rich Text, or markup)."""
    from rich.text import Text

    if cell is None:
        return ""
    if isinstance(cell, Text):
        return cell.plain
    return Text.from_markup(str(cell)).plain


def heading(words: str, cells: int) -> str:
    """A column heading broken into lines no wider than its cells (``cells`` columns) or
    its longest word, so that a narrow column of numbers keeps its whole name."""
    longest = max((len(w) for w in words.split()), default=0)
    return textwrap.fill(words, max(cells, longest))


def column_groups(on: Any, build: Callable[[range], Any], count: int) -> list[range]:
    """Split ``count`` columns into runs of consecutive columns such that the table
    ``build(run)`` fits on ``on`` (a run of one where even one column does not fit).

    >>> from rich.console import Console
    >>> from rich.table import Table
    >>> def build(cols):
    ...     t = Table()
    ...     t.add_column("knob")
    ...     for c in cols:
    ...         t.add_column(f"column-number-{c}")
    ...     return t
    >>> [list(g) for g in column_groups(Console(width=60), build, 5)]
    [[0, 1], [2, 3], [4]]
    """
    groups: list[range] = []
    start = 0
    while start < count:
        end = count
        while end > start + 1 and not fits(on, build(range(start, end))):
            end -= 1
        groups.append(range(start, end))
        start = end
    return groups
