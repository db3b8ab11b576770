"""Results as tidy data: one row per ruleset (or reading, or cell) × metric × statistic.

Every result the tools compute — a simulation, a comparison, the readings of a ruleset, a
sweep, a reconstruction — gives its numbers as plain rows (:func:`rows`, dictionaries with
the same keys, no dependency), and as a pandas ``DataFrame`` (:func:`to_frame`, with the
optional extra ``pip install 'hocdsl[frames]'``), ready for a notebook's groupby and plot.

The columns: what the row is about (``ruleset``; ``knob`` and ``value`` for a reading; one
column per knob of a sweep's cell; ``reading`` for a reconstruction's candidate), then
``metric``, ``statistic`` (``mean``, ``ci95_lo``, ``ci95_hi``; ``diff`` and its interval
where two are compared) and ``value``.

>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.sim import simulate
>>> result = simulate(load_ruleset("hoca"), hands=20)
>>> first = rows(result)[0]
>>> sorted(first), first["ruleset"], first["metric"], first["statistic"]
(['metric', 'ruleset', 'statistic', 'value'], 'hoca', 'net_per_hand.eldest', 'mean')
"""

from __future__ import annotations

from typing import Any

Row = dict[str, Any]

#: The extra that installs pandas for :func:`to_frame`.
EXTRA = "frames"


def _stat(head: Row, metric: str, st: Any, prefix: str = "") -> list[Row]:
    """A :class:`~hocdsl.sim.stats.Stat` as three rows: its mean (``diff`` with ``prefix``
    ``diff_``) and its 95% interval."""
    return [{**head, "metric": metric, "statistic": prefix.rstrip("_") or "mean", "value": st.mean},
            {**head, "metric": metric, "statistic": prefix + "ci95_lo", "value": st.lo},
            {**head, "metric": metric, "statistic": prefix + "ci95_hi", "value": st.hi}]


def _label(name: str, extensions: Any = ()) -> str:
    return name + "".join(f" --with {e}" for e in extensions or ())


def rows(result: Any) -> list[Row]:
    """The numbers of ``result`` as tidy rows (see the module's docstring for the columns)."""
    from .diff import DiffReport
    from .readings import ReadingsReport
    from .reconstruct import ReconstructReport
    from .sim import Comparison, SimResult
    from .sweep import SweepReport

    out: list[Row] = []
    if isinstance(result, SimResult):
        head: Row = {"ruleset": _label(result.ruleset, result.extensions)}
        for name, st in result.metrics.items():
            out += _stat(head, name, st)
    elif isinstance(result, Comparison):
        a, b = result.result_a, result.result_b
        for side in (a, b):
            out += rows(side)
        head = {"ruleset": f"{_label(b.ruleset, b.extensions)} − {_label(a.ruleset, a.extensions)}"}
        for name, r in result.rows.items():
            out += _stat(head, name, r.diff, "diff_")
    elif isinstance(result, DiffReport):
        for o in result.outcomes or ():
            for name, mean, ci in ((result.a, o.a, o.a_ci95), (result.b, o.b, o.b_ci95)):
                out.append({"ruleset": name, "metric": o.metric, "statistic": "mean", "value": mean})
                if ci is not None:
                    out.append({"ruleset": name, "metric": o.metric, "statistic": "ci95_lo", "value": ci[0]})
                    out.append({"ruleset": name, "metric": o.metric, "statistic": "ci95_hi", "value": ci[1]})
            head = {"ruleset": f"{result.b} − {result.a}"}
            out.append({**head, "metric": o.metric, "statistic": "diff", "value": o.diff})
            out.append({**head, "metric": o.metric, "statistic": "diff_ci95_lo", "value": o.ci95[0]})
            out.append({**head, "metric": o.metric, "statistic": "diff_ci95_hi", "value": o.ci95[1]})
    elif isinstance(result, ReadingsReport):
        name = _label(result.rules.name, result.rules.extensions)
        for reading in result.outcomes:
            head = {"ruleset": name, "knob": reading.question.path, "chosen": repr(reading.question.chosen),
                    "alternative": repr(reading.reading.value)}
            for metric, d in reading.rows.items():
                out += _stat(head, metric, d.diff, "diff_")
    elif isinstance(result, SweepReport):
        name = _label(result.rules.name, result.rules.extensions)
        for c in result.cells:
            head = {"ruleset": name, **{a.path: v for a, v in zip(result.axes, c.values)}}
            for metric, st in c.metrics.items():
                out += _stat(head, metric, st)
    elif isinstance(result, ReconstructReport):
        name = _label(result.rules.name, result.rules.extensions)
        for cand in result.candidates:
            head = {"ruleset": name, "reading": cand.index,
                    "picks": "; ".join(str(p) for p in cand.picks)}
            if cand.score.mean == cand.score.mean:  # played (not dropped before its first batch)
                out += _stat(head, "score", cand.score)
            for metric, st in cand.measures.items():
                out += _stat(head, metric, st)
    else:
        raise TypeError(f"no tidy rows for a {type(result).__name__}")
    return out


def rule_rows(report: Any) -> list[Row]:
    """The rules of a :class:`~hocdsl.diff.DiffReport` as tidy rows, one per knob × ruleset: the
    columns of ``hoc diff --format csv --table rules`` (:func:`hocdsl.diff.rules_grid`).

    >>> from hocdsl.diff import rules_report
    >>> from hocdsl.rules import load_ruleset
    >>> first = rule_rows(rules_report(load_ruleset("hoc-mazarin"), load_ruleset("hoca")))[0]
    >>> first["knob"], first["ruleset"], first["value"], first["provenance"]
    ('bidding.precedence', 'hoc-mazarin', 'first-declarer', 'inferred')
    """
    from .diff import DiffReport, rules_grid

    if not isinstance(report, DiffReport):
        raise TypeError(f"no rule rows for a {type(report).__name__}: a DiffReport has them")
    grid = rules_grid(report)
    return [dict(zip(grid.header, r)) for r in grid.rows]


def _pandas() -> Any:
    import importlib

    try:
        return importlib.import_module("pandas")  # optional: typed as a module, not stubbed
    except ImportError:
        raise ImportError(f"to_frame needs pandas: pip install 'hocdsl[{EXTRA}]' (or pip install pandas); "
                          "hocdsl.tidy.rows gives the same rows without it") from None


def to_frame(result: Any) -> Any:
    """``result`` as a pandas ``DataFrame`` of :func:`rows` (pandas: ``pip install 'hocdsl[frames]'``)."""
    return _pandas().DataFrame(rows(result))


def rules_frame(report: Any) -> Any:
    """A diff's rules as a pandas ``DataFrame`` of :func:`rule_rows`."""
    return _pandas().DataFrame(rule_rows(report))
