"""``hoc sweep``: a grid of knob values, every cell played on the same deals.

A sweep names some knobs and, for each, the values to try (``--knob
bidding.raise_cap=5,10,20,40``, paths as ``hoc knobs`` lists them). The grid
is every combination of those values (the first knob varies slowest); each
*cell* is the ruleset with its combination set. Every cell is played on the
very same deals with the very same bots (common random numbers: the
simulator seeds each block by the seed and the block alone), in one job of
:mod:`hocdsl.sim` -- the machinery of ``hoc readings``
(:class:`hocdsl.readings._ReadingsJob`, run by :func:`hocdsl.sim._run`), so
``jobs`` and ``cluster`` apply as they do to ``simulate``, and the same seed
gives the same numbers whatever ``jobs`` is, and on a cluster. A cell whose values equal the ruleset's own
gives exactly ``simulate()``'s numbers for the same seed and hands.

Per cell the report gives each metric with its 95% interval (the key metrics
of :func:`hocdsl.readings.key_metrics` by default, every metric with
``all_metrics``), and per metric the knobs that move it most: a knob's *main
effect* is the range of its marginal means -- the cell means averaged over
the other knobs' values, one per value of the knob -- i.e. the difference
*highest - lowest* marginal mean, with the 95% interval of that difference
(paired: the same deals in every cell). The knobs are ranked by it, per
metric. The interval is that of the difference between the two values named;
picking the two extremes out of several makes a small range look a little
larger than it is, so read an interval that reaches 0 as "no effect shown".

Every cell is checked as a ruleset file is (each value alone, and the
combination: ``bidding.raise_min`` at most ``bidding.raise_cap``...) before
anything is played; a refused cell raises :class:`~hocdsl.readings.KnobError`
with the words ``hoc readings`` uses for a bad ``--knob``. A grid has at most
:data:`MAX_CELLS` cells.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .readings import KnobError, _plain, _ReadingsJob, key_metrics, parse_knob, yaml_of
from .rules.describe import knob_title
from .rules.errors import RulesetError
from .rules.model import Ruleset
from .sim import _metrics, _parts, _run
from .sim.metrics import Layout
from .sim.runner import Table
from .sim.stats import NAN_STAT, Stat, Sums, interval

__all__ = ["MAX_CELLS", "SweepError", "Axis", "Cell", "Effect", "SweepReport", "parse_grid", "axes_of",
           "cell_rules", "sweep", "main_effects", "report_json", "EFFECT_WORDS"]

#: The most cells a sweep plays (each cell costs as much as a whole simulation).
MAX_CELLS = 64
#: What a main effect is, as the output says it.
EFFECT_WORDS = ("main effect: the range of a knob's marginal means (each the mean of the cells with that "
                "value, over the other knobs' values), highest - lowest, with its paired 95% interval")

Progress = Callable[[int, int], None]
Parts = tuple[float, dict[int, float]]


class SweepError(ValueError):
    """A grid that cannot be swept: no knob, a knob twice, a value twice, too many cells."""


# ------------------------------------------------------------ the grid ----


@dataclass(frozen=True)
class Axis:
    """One knob of the grid: its path, title, the values to try (model values) and the
    ruleset's own value."""

    path: str
    title: str
    values: tuple[Any, ...]
    own: Any


@dataclass(frozen=True)
class Cell:
    """One combination of the grid (one value per axis, in axis order) and what it gave."""

    values: tuple[Any, ...]
    metrics: dict[str, Stat]
    chips_conserved: bool


@dataclass(frozen=True)
class Effect:
    """A knob's main effect on one metric: its marginal mean per value (in the axis's
    order), the values with the highest and the lowest, and ``diff`` = highest - lowest
    with its 95% interval. ``rank`` 1 is the knob that moves the metric most."""

    metric: str
    path: str
    rank: int
    means: tuple[float, ...]
    high: Any
    low: Any
    diff: Stat
    se: float

    @property
    def excludes_zero(self) -> bool:
        lo, hi = self.diff.lo, self.diff.hi
        return bool(lo == lo and (lo > 0 or hi < 0))


@dataclass(frozen=True)
class SweepReport:
    """What ``hoc sweep`` shows: the axes, the cells (product order, first axis slowest),
    the metrics shown and, per metric, the knobs ranked by main effect."""

    rules: Ruleset
    settings: dict[str, Any]
    axes: tuple[Axis, ...]
    metrics: tuple[str, ...]
    cells: tuple[Cell, ...]
    effects: dict[str, tuple[Effect, ...]]
    chips_conserved: bool
    blocks: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def setting(self, cell: Cell) -> dict[str, Any]:
        """``{path: value}`` of a cell."""
        return {a.path: v for a, v in zip(self.axes, cell.values)}

    def to_frame(self) -> Any:
        """These numbers as a pandas DataFrame, one row per metric and statistic
        (:func:`hocdsl.tidy.to_frame`; ``pip install 'hocdsl[frames]'``)."""
        from .tidy import to_frame

        return to_frame(self)


def _text(rules: Ruleset, path: str, value: Any) -> str:
    """A value as ``--knob`` writes it: ``20``, ``never``, ``[KS, JD]``."""
    return str(_plain(yaml_of(rules, path, value)))


def _knob_words(rules: Ruleset, axes: Sequence[Axis], values: Sequence[Any]) -> str:
    """``--knob bidding.raise_cap=5 --knob bidding.raise_min=10``: a cell as options."""
    return " ".join(f"--knob {a.path}={_text(rules, a.path, v)}" for a, v in zip(axes, values))


def axes_of(rules: Ruleset, grid: Mapping[str, Sequence[Any]]) -> tuple[Axis, ...]:
    """The axes of ``{path: [model values]}`` (in the mapping's order). Raises
    :class:`KnobError` for a path that is no knob, :class:`SweepError` for no knob, a
    knob without values, a value given twice or more than :data:`MAX_CELLS` cells."""
    if not grid:
        raise SweepError("give at least one knob to sweep, as --knob PATH=V1,V2 (`hoc knobs` lists the paths)")
    knobs = rules.knobs()
    axes = []
    for path, values in grid.items():
        if path not in knobs:
            raise KnobError(f"--knob {path}: {rules.name} has no knob {path!r}; `hoc knobs` lists the knobs")
        values = tuple(values)
        if not values:
            raise SweepError(f"--knob {path}: give the values to try, as --knob {path}=V1,V2")
        for i, v in enumerate(values):
            if v in values[:i]:
                raise SweepError(f"--knob {path}: the value {_text(rules, path, v)} is given twice")
        axes.append(Axis(path, knob_title(rules, path), values, knobs[path]))
    size = math.prod(len(a.values) for a in axes)
    if size > MAX_CELLS:
        product = " × ".join(str(len(a.values)) for a in axes)
        raise SweepError(f"{product} = {size} cells: a sweep plays at most {MAX_CELLS} (each cell is a whole "
                         "simulation); give fewer values")
    return tuple(axes)


def parse_grid(rules: Ruleset, specs: Sequence[str]) -> tuple[Axis, ...]:
    """The axes of ``--knob PATH=V1,V2`` options, each value checked as ``hoc readings``
    checks it (:func:`hocdsl.readings.parse_knob`). A knob named twice is refused."""
    grid: dict[str, list[Any]] = {}
    for spec in specs:
        path, values = parse_knob(rules, spec)
        if path in grid:
            raise SweepError(f"--knob {path} is given twice: give all its values in one --knob {path}=V1,V2")
        grid[path] = values
    return axes_of(rules, grid)


def cell_rules(rules: Ruleset, axes: Sequence[Axis], values: Sequence[Any], players: int) -> Ruleset:
    """The ruleset of one cell, checked as a ruleset file is and for ``players`` seats.
    Raises :class:`KnobError` for a refused combination."""
    from .rules.render import load_ruleset_text, ruleset_yaml

    variant = rules.with_knobs({a.path: v for a, v in zip(axes, values)})
    try:
        load_ruleset_text(ruleset_yaml(variant))
        variant.hand_size(players)
    except RulesetError as e:
        where = f"{e.path}: " if e.path else ""
        expected = f"; expected {e.expected}" if e.expected else ""
        raise KnobError(f"{_knob_words(rules, axes, values)}: {where}found {e.found}{expected}") from None
    except ValueError as e:
        raise KnobError(f"{_knob_words(rules, axes, values)}: {e}") from None
    return variant


# ------------------------------------------------------------ playing ----


class _SweepJob(_ReadingsJob):
    """Every cell on the same blocks: :class:`~hocdsl.readings._ReadingsJob` with the first
    cell in the chosen's place, and the pair sums across *every* two cells for the metrics
    whose main effects are measured (a main effect weighs the cells of two values)."""

    def __init__(self, tables: Sequence[Table], seed: int, crossed: Sequence[str]) -> None:
        super().__init__(tables[0], tables[1:], seed)
        pairs = set(self.pairs)
        for name in crossed:
            idx = sorted({off + a for t, off in zip(self.tables, self.offsets)
                          for m in t.layout.metrics if m.name == name for a in m.args})
            pairs |= {(x, y) for i, x in enumerate(idx) for y in idx[i:]}
        self.pairs = sorted(pairs)


def _metric_names(layouts: Sequence[Layout], players: int, all_metrics: bool) -> tuple[str, ...]:
    """The metrics shown: the key metrics any cell has (by what the cells' rulesets are played
    for, :func:`hocdsl.keys.played_for`), or every metric (first seen first)."""
    seen: dict[str, None] = {}
    for layout in layouts:
        for m in layout.metrics:
            seen.setdefault(m.name)
    if all_metrics:
        return tuple(seen)
    return tuple(k for k in key_metrics(players, *(lay.rules for lay in layouts)) if k in seen)


def _cell_parts(sums: Sums, layout: Layout, offset: int, name: str) -> Parts:
    for m in layout.metrics:
        if m.name == name:
            return _parts(sums, m, offset)
    return math.nan, {}


def main_effects(sums: Sums, shape: Sequence[int], parts: Sequence[Parts], metric: str = "",
                 values: Sequence[Sequence[Any]] | None = None,
                 paths: Sequence[str] | None = None) -> tuple[Effect, ...]:
    """The main effect of each axis of a grid of ``shape`` (cells in product order, the
    first axis slowest) on one metric whose per-cell estimate and influence weights are
    ``parts`` (:func:`hocdsl.sim._parts`); ranked, the largest range first (an undefined
    one last; an axis of one value has no effect and is left out). ``values`` and
    ``paths`` name the axes' values and knobs (default: their indices)."""
    coords = list(itertools.product(*(range(n) for n in shape)))
    effects: list[tuple[int, tuple[float, ...], int, int, Stat, float]] = []
    for axis, n in enumerate(shape):
        if n < 2:
            continue
        means: list[float] = []
        weights: list[dict[int, float]] = []
        for v in range(n):
            mine = [parts[c] for c, xy in enumerate(coords) if xy[axis] == v]
            means.append(sum(est for est, _ in mine) / len(mine))
            w: dict[int, float] = {}
            for _, wc in mine:
                for i, x in wc.items():
                    w[i] = w.get(i, 0.0) + x / len(mine)
            weights.append(w)
        if any(m != m for m in means):
            effects.append((axis, tuple(means), 0, 0, NAN_STAT, math.nan))
            continue
        hi = max(range(n), key=lambda v: (means[v], -v))
        lo = min((v for v in range(n) if v != hi), key=lambda v: (means[v], v))
        w = dict(weights[hi])
        for i, x in weights[lo].items():
            w[i] = w.get(i, 0.0) - x
        se = math.sqrt(max(0.0, sums.quad(w)) * sums.m / (sums.m - 1)) if sums.m > 1 and w else math.nan
        effects.append((axis, tuple(means), hi, lo, interval(sums, means[hi] - means[lo], w), se))
    effects.sort(key=lambda e: (e[4].mean != e[4].mean, -e[4].mean if e[4].mean == e[4].mean else 0.0, e[0]))
    out = []
    for rank, (axis, marginal, hi, lo, diff, se) in enumerate(effects, 1):
        vals = values[axis] if values is not None else range(shape[axis])
        path = paths[axis] if paths is not None else str(axis)
        undefined = diff.mean != diff.mean
        out.append(Effect(metric, path, rank, marginal, None if undefined else vals[hi],
                          None if undefined else vals[lo], diff, se))
    return tuple(out)


def sweep(rules: Ruleset, grid: Sequence[Axis] | Mapping[str, Sequence[Any]], *, hands: int = 20_000,
          players: int = 3, bots: Sequence[str] = ("heuristic",), seed: int = 0, jobs: int = 1,
          all_metrics: bool = False, progress: Progress | None = None, cluster: Any = None) -> SweepReport:
    """Play every cell of ``grid`` (axes from :func:`parse_grid`, or ``{path: [model
    values]}``) on the same ``hands`` deals; per cell the metrics with 95% intervals, per
    metric the knobs ranked by main effect (see the module's docstring). Every cell is
    checked before anything is played (:class:`KnobError` for a refused one).
    ``jobs`` and ``cluster`` as for :func:`hocdsl.sim.simulate` (the same numbers)."""
    from .sim import _bots, _check

    _check(hands, jobs, cluster)
    rules.hand_size(players)
    axes = tuple(grid) if not isinstance(grid, Mapping) else axes_of(rules, grid)
    if not axes:
        raise SweepError("give at least one knob to sweep, as --knob PATH=V1,V2")
    names = _bots(tuple(bots), players)
    combos = list(itertools.product(*(a.values for a in axes)))
    variants = [cell_rules(rules, axes, values, players) for values in combos]
    tables = [Table(v, players, names) for v in variants]
    layouts = [t.layout for t in tables]
    shown = _metric_names(layouts, players, all_metrics)
    job = _SweepJob(tables, seed, shown)
    sums, oks = _run(job, hands, jobs, progress, cluster)
    cells = tuple(Cell(values, {k: s for k, s in _metrics(sums, t.layout, off).items() if k in shown}, ok)
                  for values, t, off, ok in zip(combos, tables, job.offsets, oks))
    shape = [len(a.values) for a in axes]
    effects = {}
    for name in shown:
        parts = [_cell_parts(sums, t.layout, off, name) for t, off in zip(tables, job.offsets)]
        effects[name] = main_effects(sums, shape, parts, name, [a.values for a in axes], [a.path for a in axes])
    settings = {"hands": hands, "players": players, "bots": list(names), "seed": seed}
    return SweepReport(rules, settings, axes, shown, cells, effects, all(oks), sums.m)


# ------------------------------------------------------------ JSON ----


def _num(x: float) -> float | None:
    return None if x is None or x != x or math.isinf(x) else x


def _stat(s: Stat) -> dict[str, Any]:
    return {"mean": _num(s.mean), "ci95": [_num(s.lo), _num(s.hi)]}


def report_json(report: SweepReport) -> dict[str, Any]:
    """``{ruleset, extensions, hands, players, bots, seed, chips_conserved, metrics: [name],
    knobs: [{knob, title, own, values: [...]}], cells: [{knobs: {path: value},
    chips_conserved, metrics: {name: {mean, ci95}}}], effects: {metric: [{rank, knob,
    high, low, diff, ci95, means: [per value]}]}, effect}``; values as a ruleset file
    writes them."""
    r = report.rules

    def plain(path: str, value: Any) -> Any:
        return yaml_of(r, path, value)

    knobs = [{"knob": a.path, "title": a.title, "own": plain(a.path, a.own),
              "values": [plain(a.path, v) for v in a.values]} for a in report.axes]
    cells = [{"knobs": {a.path: plain(a.path, v) for a, v in zip(report.axes, c.values)},
              "chips_conserved": c.chips_conserved,
              "metrics": {k: _stat(c.metrics.get(k, NAN_STAT)) for k in report.metrics}} for c in report.cells]
    effects = {k: [{"rank": e.rank, "knob": e.path,
                    "high": plain(e.path, e.high) if e.high is not None else None,
                    "low": plain(e.path, e.low) if e.low is not None else None,
                    "diff": _num(e.diff.mean), "ci95": [_num(e.diff.lo), _num(e.diff.hi)],
                    "means": [_num(m) for m in e.means]} for e in es]
               for k, es in report.effects.items()}
    return {"ruleset": r.name, "extensions": list(r.extensions), **report.settings,
            "chips_conserved": report.chips_conserved, "metrics": list(report.metrics), "knobs": knobs,
            "cells": cells, "effects": effects, "effect": EFFECT_WORDS}
