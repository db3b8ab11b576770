"""``hoc sweep`` output: the report of :func:`hocdsl.sweep.sweep` as tables on the
terminal, as markdown, or as one grid for CSV.

The text and markdown show one row per cell (the knobs' values, then each metric's
mean and 95% interval; ``*`` marks the ruleset's own value), the metrics in tables
of at most :data:`METRICS_PER_TABLE` columns; then, per metric, the knobs ranked by
their main effect (highest - lowest marginal mean, with its 95% interval).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import screen
from .diff import format_number
from .readings import _plain, yaml_of
from .readingsview import metric_label
from .sim.stats import NAN_STAT, Stat
from .sweep import EFFECT_WORDS, Axis, Effect, SweepReport

__all__ = ["print_report", "report_markdown", "sweep_grid", "METRICS_PER_TABLE", "OWN"]

#: Metric columns in one table (more metrics, with --all: more tables).
METRICS_PER_TABLE = 5
#: Marks the ruleset's own value of a knob.
OWN = "*"


def _label(report: SweepReport) -> str:
    r = report.rules
    return r.name + "".join(f" --with {e}" for e in r.extensions)


def _value(report: SweepReport, path: str, value: Any) -> str:
    """A value as ``--knob`` writes it (``20``, ``never``, ``[KS, JD]``)."""
    return " ".join(str(_plain(yaml_of(report.rules, path, value))).split())


def _knob_cell(report: SweepReport, axis: Axis, value: Any) -> str:
    return _value(report, axis.path, value) + (OWN if value == axis.own else "")


def _stat(s: Stat, sep: str = " ") -> str:
    """``-0.1234 [-0.2000, -0.0468]``."""
    if s.mean != s.mean:
        return "n/a"
    text = format_number(s.mean)
    if s.lo == s.lo:
        text += f"{sep}[{format_number(s.lo)}, {format_number(s.hi)}]"
    return text


def _diff(e: Effect, sep: str = " ") -> str:
    d = e.diff
    if d.mean != d.mean:
        return "n/a"
    text = format_number(d.mean, signed=True)
    if d.lo == d.lo:
        text += f"{sep}[{format_number(d.lo, signed=True)}, {format_number(d.hi, signed=True)}]"
    return text


def _settings(report: SweepReport) -> str:
    s = report.settings
    bots = s["bots"]
    who = f"{bots[0]} bots" if len(set(bots)) == 1 else "bots " + ", ".join(bots)
    n = len(report.cells)
    return (f"{s['hands']:,} hands in each of {n} cell{'s' if n != 1 else ''}, {s['players']} players, {who}, "
            f"seed {s['seed']}; every cell on the same deals (common random numbers). Means with 95% intervals; "
            f"{OWN} the ruleset's own value.")


def _chunks(names: Sequence[str]) -> list[Sequence[str]]:
    return [names[i:i + METRICS_PER_TABLE] for i in range(0, len(names), METRICS_PER_TABLE)] or [()]


def _moves(report: SweepReport, e: Effect) -> str:
    """``40 over 5``: the values with the highest and the lowest marginal mean."""
    if e.high is None or e.low is None:
        return "n/a"
    if e.diff.mean == 0 and len(set(e.means)) == 1:
        return "the same for every value"
    return f"{_value(report, e.path, e.high)} over {_value(report, e.path, e.low)}"


def _effect_rows(report: SweepReport) -> list[tuple[str, Effect]]:
    return [(k, e) for k in report.metrics for e in report.effects.get(k, ())]


def _warning(report: SweepReport) -> str | None:
    if report.chips_conserved:
        return None
    bad = [" ".join(f"{a.path}={_value(report, a.path, v)}" for a, v in zip(report.axes, c.values))
           for c in report.cells if not c.chips_conserved]
    return "Chips were not conserved in some hand (" + "; ".join(bad) + "): the figures are suspect."


# ------------------------------------------------------------ CSV ----


def sweep_grid(report: SweepReport) -> Any:
    """``hoc sweep --format csv``: one row per cell and metric: the knobs' values, the metric,
    its mean and 95% interval, whether chips were conserved in that cell."""
    from .tableview import Grid

    def num(x: float) -> float | None:
        return None if x != x or x in (float("inf"), float("-inf")) else x

    rows = []
    for c in report.cells:
        knobs = tuple(yaml_of(report.rules, a.path, v) for a, v in zip(report.axes, c.values))
        for k in report.metrics:
            s = c.metrics.get(k, NAN_STAT)
            rows.append((*knobs, k, num(s.mean), num(s.lo), num(s.hi), c.chips_conserved))
    return Grid((*(a.path for a in report.axes), "metric", "mean", "ci95_lo", "ci95_hi", "chips_conserved"),
                rows, title=f"Sweep of {_label(report)}")


# ------------------------------------------------------------ markdown ----


def _md(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def report_markdown(report: SweepReport) -> str:
    """GitHub-flavoured markdown: the cells' tables, then the knobs that move each metric most."""
    lines = [f"## Sweep of {_label(report)}", "", _settings(report), ""]
    for names in _chunks(report.metrics):
        head = [f"`{a.path}`" for a in report.axes] + [metric_label(k) for k in names]
        lines.append("| " + " | ".join(head) + " |")
        lines.append("| " + " | ".join(["---:"] * len(head)) + " |")
        for c in report.cells:
            row = [_md(_knob_cell(report, a, v)) for a, v in zip(report.axes, c.values)]
            row += [_stat(c.metrics.get(k, NAN_STAT)) for k in names]
            lines.append("| " + " | ".join(row) + " |")
        lines.append("")
    warning = _warning(report)
    if warning:
        lines += [f"**{_md(warning)}**", ""]
    rows = _effect_rows(report)
    if rows:
        lines += ["### What moves each outcome most", "", EFFECT_WORDS[0].upper() + EFFECT_WORDS[1:] + ".", "",
                  "| Metric | Rank | Knob | Highest over lowest | Main effect [95%] |",
                  "| --- | ---: | --- | --- | ---: |"]
        for k, e in rows:
            lines.append(f"| {metric_label(k)} | {e.rank} | `{e.path}` | {_md(_moves(report, e))} | {_diff(e)} |")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------ text ----


def print_report(report: SweepReport, console: Any = None) -> None:
    """The same report as rich tables on the terminal."""
    from rich.table import Table

    console = console or screen.console()
    console.print(f"[bold]hoc sweep {_label(report)}[/bold]")
    console.print(_settings(report))
    metrics = report.metrics

    def cells(cols: range, numbered: bool = False, axes: bool = True) -> Any:
        """The cells' table: their number, the knobs' values, the metrics in ``cols``."""
        table = Table(title_justify="left")
        if numbered:
            table.add_column("#", justify="right", no_wrap=True)
        for a in report.axes if axes else ():
            table.add_column(a.path, justify="right", no_wrap=True)
        for i in cols:
            table.add_column(screen.heading(metric_label(metrics[i]), 12), justify="right", no_wrap=True)
        for n, c in enumerate(report.cells, 1):
            table.add_row(*([str(n)] if numbered else []),
                          *[_knob_cell(report, a, v) for a, v in zip(report.axes, c.values) if axes],
                          *[_stat(c.metrics.get(metrics[i], NAN_STAT), sep="\n") for i in cols])
        return table

    def by_number() -> None:  # the cells numbered with their knobs' values, then their metrics by number
        screen.show(console, cells(range(0), numbered=True))
        for cols in screen.column_groups(console, lambda c: cells(c, numbered=True, axes=False), len(metrics)):
            console.print(cells(cols, numbered=True, axes=False))

    screen.show(console, cells(range(len(metrics))), otherwise=by_number)
    warning = _warning(report)
    if warning:
        console.print(f"[red]{warning}[/red]")
    rows = _effect_rows(report)
    if not rows:
        return
    effects = Table(title="What moves each outcome most (" + EFFECT_WORDS + ")", title_justify="left")
    effects.add_column("metric")
    effects.add_column("rank", justify="right")
    effects.add_column("knob")
    effects.add_column("highest over lowest")
    effects.add_column("main effect [95%]", justify="right", no_wrap=True)
    for k, e in rows:
        effects.add_row(metric_label(k), str(e.rank), e.path, _moves(report, e), _diff(e))
    screen.show(console, effects)
