"""``hoc simulate`` on a screen: each metric with its 95% interval, a legend of the rows
shown, and the rows that were 0 in every hand left out unless asked for.

A row 0 in every hand played says nothing of the game (a triple-game rate without the
triple game, a kind of hoc the ruleset has none of, an event too rare for the hands
played): it is counted, not printed, and ``--all`` prints it.
"""

from __future__ import annotations

from typing import Any

from . import screen
from .diff import legend_of, print_legend
from .sim import SimResult


def always_zero(result: SimResult) -> list[str]:
    """The metrics that were 0 in every hand played (mean and interval both 0)."""
    return [name for name, st in result.metrics.items() if st.mean == 0 and st.lo == 0 and st.hi == 0]


def print_result(result: SimResult, title: str, console: Any, all_rows: bool = False) -> None:
    """The table (``title`` above it), the legend of the rows shown, and a count of those left out."""
    from rich.table import Table
    from rich.text import Text

    hidden = set() if all_rows else set(always_zero(result))
    table = Table(title=title, title_justify="left")
    table.add_column("metric", no_wrap=True)
    table.add_column("mean", justify="right", no_wrap=True)
    table.add_column("95% interval", justify="right", no_wrap=True)
    shown = []
    for name, st in result.metrics.items():
        if name in hidden:
            continue
        shown.append(name)
        if st.mean != st.mean:
            table.add_row(name, "n/a", "")
            continue
        ci = "" if st.lo != st.lo else f"[{st.lo:.4f}, {st.hi:.4f}]"
        table.add_row(name, f"{st.mean:.4f}", ci)
    screen.show(console, table)
    print_legend(console, legend_of(shown))
    if hidden:
        n = len(hidden)
        console.print(Text(screen.wrap(
            f"{n} row{'s' if n != 1 else ''} left out (`--all` prints every row): 0 in every hand played "
            f"(impossible under these rules, or too rare for {result.hands} hands).", console.width), style="dim"))
