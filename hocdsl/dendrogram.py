"""A clustering tree (:class:`hocdsl.upgma.Tree`) drawn: in the terminal, and on a matplotlib Axes.

The tree lies on its side: the names down the left, one a line, in the tree's order; each
merge is a vertical bar at its height on the scale running left to right from 0, joined to
the two clusters it merges by horizontal lines. Two names joined near the left are close;
a bar far to the right joins clusters far apart. Both drawings share one geometry
(:func:`segments`), so the terminal and the HTML report show the same tree.

>>> from hocdsl.upgma import upgma
>>> tree = upgma(("a", "b", "c"), [[0, 1, 4], [1, 0, 4], [4, 4, 0]])
>>> print(ascii_tree(tree, width=30, label="distance"))
a ───────┬───────────────────┐
b ───────┘                   │
c ───────────────────────────┘
  ┴──────┴──────┴─────┴──────┴
  0      1      2     3      4
  distance
"""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import TYPE_CHECKING

from .upgma import Tree

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

__all__ = ["segments", "leaf_rows", "ascii_tree", "draw_tree", "nice_ticks", "WIDTH"]

#: The widest line :func:`ascii_tree` draws by default (a terminal of 100 columns).
WIDTH = 100

#: A segment: (x0, y0, x1, y1), x a height on the scale, y a row (the first name is row 0).
Segment = tuple[float, float, float, float]


def leaf_rows(tree: Tree) -> dict[str, int]:
    """Each name's row: its place in the tree's order."""
    return {name: i for i, name in enumerate(tree.order)}


def _rows(tree: Tree, whole: bool) -> dict[int, float]:
    """Every cluster's row: a name's from :func:`leaf_rows`; a merge's midway between its two
    clusters' rows (``whole``: rounded down to a whole row, for the terminal)."""
    by_name = leaf_rows(tree)
    rows: dict[int, float] = {i: float(by_name[name]) for i, name in enumerate(tree.names)}
    n = len(tree.names)
    for k, m in enumerate(tree.merges):
        mid = (rows[m.left] + rows[m.right]) / 2
        rows[n + k] = float(math.floor(mid)) if whole else mid
    return rows


def segments(tree: Tree, whole: bool = False) -> list[Segment]:
    """The lines of the drawing: for each merge, one horizontal line from each of its two
    clusters (at their rows, from their heights to the merge's) and the vertical bar at the
    merge's height between them. ``whole``: rows rounded to whole lines (the terminal)."""
    rows = _rows(tree, whole)
    out: list[Segment] = []
    for m in tree.merges:
        for child in (m.left, m.right):
            out.append((tree.cluster_height(child), rows[child], m.height, rows[child]))
        out.append((m.height, rows[m.left], m.height, rows[m.right]))
    return out


def nice_ticks(top: float, most: int = 6) -> list[float]:
    """Round values from 0 to ``top`` at a step of 1, 2, 2.5 or 5 times a power of ten, at
    most ``most`` steps (``top`` itself when it falls on the step).

    >>> nice_ticks(0.62), nice_ticks(4), nice_ticks(0)
    ([0.0, 0.2, 0.4, 0.6], [0.0, 1.0, 2.0, 3.0, 4.0], [0.0])
    """
    if not top > 0:
        return [0.0]
    power = 10.0 ** math.floor(math.log10(top))
    for mult in (0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10):
        step = mult * power
        if top / step <= most:
            break
    count = int(math.floor(top / step + 1e-9))
    return [round(k * step, 12) for k in range(count + 1)]


def _tick_text(x: float) -> str:
    return f"{x:g}"


# box-drawing characters by the directions a cell joins: left, right, up, down
_L, _R, _U, _D = 1, 2, 4, 8
_GLYPHS = {
    _L: "─", _R: "─", _L | _R: "─", _U: "│", _D: "│", _U | _D: "│",
    _L | _D: "┐", _L | _U: "┘", _R | _D: "┌", _R | _U: "└",
    _L | _R | _D: "┬", _L | _R | _U: "┴", _L | _U | _D: "┤", _R | _U | _D: "├", _L | _R | _U | _D: "┼",
}


def ascii_tree(tree: Tree, *, width: int = WIDTH, label: str = "", top: float | None = None,
               marks: dict[str, str] | None = None) -> str:
    """The tree in box-drawing characters, at most ``width`` columns wide: a line per name,
    the names on the left (each followed by ``marks[name]`` where given), the scale under
    the tree with round values, and ``label`` under the scale. ``top``: the value at the right
    end of the scale (default: the last merge's height, so the tree fills the width)."""
    marks = marks or {}
    names = [name + marks.get(name, "") for name in tree.order]
    pad = max(len(s) for s in names) + 1
    cols = width - pad
    if cols < 10:
        raise ValueError(f"{width} columns leave no room for the tree beside names {pad - 1} wide")
    top = tree.height if top is None else top
    scale = (cols - 1) / top if top > 0 else 0.0

    def col(x: float) -> int:
        return int(round(x * scale))

    grid = [[0] * cols for _ in names]
    for x0, y0, x1, y1 in segments(tree, whole=True):
        r0, r1 = int(y0), int(y1)
        c0, c1 = col(x0), col(x1)
        if r0 == r1:  # horizontal, left to right
            if x0 == 0:
                grid[r0][c0] |= _L  # joins the name
            for c in range(c0, c1 + 1):
                grid[r0][c] |= (_R if c < c1 else 0) | (_L if c > c0 else 0)
        else:  # vertical, top to bottom
            lo, hi = min(r0, r1), max(r0, r1)
            for r in range(lo, hi + 1):
                grid[r][c0] |= (_D if r < hi else 0) | (_U if r > lo else 0)
    lines = [f"{name:<{pad}}" + "".join(_GLYPHS.get(bits, " ") for bits in row).rstrip()
             for name, row in zip(names, grid)]
    axis = ["─"] * cols
    under = [" "] * cols
    free = 0  # the first column a tick's text may start at
    for x in nice_ticks(top):
        c = col(x)
        if c >= cols:
            continue
        axis[c] = "┴"
        text = _tick_text(x)
        start = min(c, cols - len(text))
        if start >= free:
            under[start:start + len(text)] = list(text)
            free = start + len(text) + 1
    lines.append(" " * pad + "".join(axis).rstrip("─"))
    lines.append(" " * pad + "".join(under).rstrip())
    if label:
        lines.append(" " * pad + label)
    return "\n".join(line.rstrip() for line in lines)


def draw_tree(ax: Axes, tree: Tree, *, label: str = "", marked: Collection[str] = (),
              colour: str = "#2f6ea5") -> None:
    """The tree on a matplotlib Axes, as :func:`ascii_tree` lays it out: the names as the
    tick labels on the left (those in ``marked`` in bold), the scale along the bottom."""
    for x0, y0, x1, y1 in segments(tree):
        ax.plot([x0, x1], [y0, y1], color=colour, linewidth=1.6, solid_capstyle="butt")
    order = tree.order
    ax.set_yticks(range(len(order)), list(order))
    for text in ax.get_yticklabels():
        if text.get_text() in marked:
            text.set_fontweight("bold")
    ax.set_ylim(len(order) - 0.5, -0.5)  # the first name on top
    ax.set_xlim(0, tree.height * 1.03 if tree.height > 0 else 1)
    ax.spines[["top", "right", "left"]].set_visible(False)
    ax.tick_params(axis="y", length=0)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    if label:
        ax.set_xlabel(label)
