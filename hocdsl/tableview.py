"""One output format for every command: a report as rows, written as CSV or markdown.

Every command that prints a report (``show``, ``knobs``, ``rulesets``,
``validate``, ``simulate``, ``odds``, ``diff``, ``readings``) takes
``--format text|markdown|json|csv``. Its library view gives the report as a
:class:`Grid` (a header and rows of plain values); :func:`grid_csv` and
:func:`grid_markdown` write any grid the same way, so the formats read alike
from one command to the next.

>>> g = Grid(("knob", "value"), [("bidding.raise_cap", 20), ("deal.direction", "a | b")])
>>> print(grid_csv(g), end="")
knob,value
bidding.raise_cap,20
deal.direction,a | b
>>> print(grid_markdown(g), end="")
| knob | value |
| --- | --- |
| bidding.raise_cap | 20 |
| deal.direction | a \\| b |

This module also builds the grids of the commands that have no view module
of their own: :func:`rulesets_grid`, :func:`validate_grid`, :func:`show_grid`,
:func:`simulate_grid`.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FORMATS", "Grid", "cell_text", "csv_cell", "grid_csv", "grid_markdown", "grid_latex", "latex_cell", "rulesets_grid", "validate_json",
           "validate_grid", "show_json", "show_grid", "show_markdown", "simulate_grid"]

#: The formats every report command takes (``--format``); ``--json`` is the same as ``--format json``.
FORMATS = ("text", "markdown", "json", "csv", "latex")


@dataclass(frozen=True)
class Grid:
    """A report as one table: a header and rows of plain values (str, numbers, bool, None)."""

    header: tuple[str, ...]
    rows: list[tuple[Any, ...]] = field(default_factory=list)
    title: str | None = None


def cell_text(value: Any) -> str:
    """A cell as text: None empty, booleans ``yes``/``no``, lists and mappings as JSON."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple, dict)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


#: The first characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: A cell that is a plain number (``-0.5``, ``+2.0861``, ``1e-05``): a spreadsheet reads it as one.
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def csv_cell(value: Any) -> str:
    """A cell of a CSV file: :func:`cell_text`, with a single quote before text that a
    spreadsheet would run as a formula (text from a ruleset or a file name, such as
    ``=HYPERLINK(...)``), as OWASP advises; numbers, negative ones too, are left as they are.
    A carriage return inside a cell becomes a line feed (the writer quotes a cell with a line
    feed, not one with a lone carriage return, which a reader takes for the end of the row).

    >>> [csv_cell(v) for v in (-0.5, "-0.5", "=1+1", "@SUM(A1)", "-", "a-b")]
    ['-0.5', '-0.5', "'=1+1", "'@SUM(A1)", "'-", 'a-b']
    """
    text = cell_text(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return text
    if text.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(text):
        text = "'" + text
    return text.replace("\r\n", "\n").replace("\r", "\n")  # a lone CR would end the row unquoted


def grid_csv(grid: Grid) -> str:
    """The grid as CSV (RFC 4180, ``\\n`` line ends): the header, then one line per row;
    every cell as :func:`csv_cell` writes it (no formula runs when a spreadsheet opens it)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([csv_cell(h) for h in grid.header])
    for row in grid.rows:
        writer.writerow([csv_cell(v) for v in row])
    return out.getvalue()


def _md(value: Any) -> str:
    """A markdown cell: on one line, pipes escaped."""
    return " ".join(cell_text(value).split()).replace("|", "\\|")


def grid_markdown(grid: Grid) -> str:
    """The grid as a GitHub-flavoured markdown table (under its title, if any)."""
    lines = [f"## {grid.title}", ""] if grid.title else []
    lines.append("| " + " | ".join(_md(h) for h in grid.header) + " |")
    lines.append("| " + " | ".join("---" for _ in grid.header) + " |")
    lines += ["| " + " | ".join(_md(v) for v in row) + " |" for row in grid.rows]
    return "\n".join(lines) + "\n"


#: What LaTeX reads as a command or markup, and how a cell writes each as text.
_LATEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
          "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}
_LATEX_CHARS = re.compile("|".join(re.escape(c) for c in _LATEX))


def latex_cell(value: Any) -> str:
    r"""A cell as LaTeX text: its characters escaped, a number as it is.

    >>> print(latex_cell("net_per_hand.eldest"), latex_cell("50% & more"), latex_cell(-0.5))
    net\_per\_hand.eldest 50\% \& more -0.5
    """
    return _LATEX_CHARS.sub(lambda m: _LATEX[m.group(0)], " ".join(cell_text(value).split()))


def grid_latex(grid: Grid) -> str:
    """The grid as a LaTeX ``booktabs`` table (``\\usepackage{booktabs}``), numbers right-aligned,
    under its title as the caption, for a paper."""
    numeric = [all(isinstance(row[i], (int, float)) and not isinstance(row[i], bool) or row[i] is None
                   for row in grid.rows) and any(row[i] is not None for row in grid.rows)
               for i in range(len(grid.header))]
    spec = "".join("r" if n else "l" for n in numeric)
    lines = ["\\begin{table}", "\\centering"]
    if grid.title:
        lines.append(f"\\caption{{{latex_cell(grid.title)}}}")
    lines += [f"\\begin{{tabular}}{{{spec}}}", "\\toprule",
              " & ".join(latex_cell(h) for h in grid.header) + " \\\\", "\\midrule"]
    lines += [" & ".join(latex_cell(v) for v in row) + " \\\\" for row in grid.rows]
    lines += ["\\bottomrule", "\\end{tabular}", "\\end{table}"]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------ hoc rulesets ----


def rulesets_grid(summaries: Sequence[Any]) -> Grid:
    """``hoc rulesets``: name, kind, the ruleset it extends, title (``BundledSummary`` rows)."""
    return Grid(("name", "kind", "extends", "title"),
                [(s.name, s.kind, s.extends, s.title) for s in summaries],
                title="Bundled rulesets and extensions")


# ------------------------------------------------------------ hoc validate ----


def _error_json(e: Any) -> dict[str, Any]:
    return {"file": e.file, "line": e.line, "column": e.column, "path": e.path, "found": e.found,
            "expected": e.expected, "suggestion": e.suggestion, "hint": e.hint, "message": e.render()}


def validate_json(results: Sequence[tuple[str, Sequence[Any]]]) -> list[dict[str, Any]]:
    """``hoc validate --format json``: per file ``{file, ok, errors: [{file, line, column, path,
    found, expected, suggestion, hint, message}]}``."""
    return [{"file": f, "ok": not errors, "errors": [_error_json(e) for e in errors]} for f, errors in results]


def validate_grid(results: Sequence[tuple[str, Sequence[Any]]]) -> Grid:
    """One row per error (a file without any: one row, ``ok`` yes)."""
    rows: list[tuple[Any, ...]] = []
    for f, errors in results:
        if not errors:
            rows.append((f, True, None, None, None, None, None))
        for e in errors:
            found = f"found {e.found}" + (f"; expected {e.expected}" if e.expected else "")
            rows.append((e.file or f, False, e.line, e.column, e.path, found, "; ".join(e.hints()) or None))
    return Grid(("file", "ok", "line", "column", "path", "error", "hint"), rows, title="Validation")


# ------------------------------------------------------------ hoc show ----


def _cite(prov: Any) -> str:
    return prov.cite() if prov is not None else ""


def show_json(rules: Any) -> dict[str, Any]:
    """``hoc show --format json``: the ruleset's name, title, summary, what it extends, its
    extensions and sources, and every knob: path, stage, title, value (as a ruleset file
    writes it), value in words, provenance kind and citation."""
    from .knobsview import knob_rows

    return {
        "name": rules.name, "title": rules.title, "summary": rules.summary,
        "extends": list(rules.extends), "extensions": list(rules.extensions),
        "knobs": [{"path": r.path, "stage": r.stage, "stage_title": r.stage_title, "title": r.title,
                   "value": r.value, "value_words": r.value_words,
                   "provenance": r.provenance.kind if r.provenance is not None else None,
                   "cite": _cite(r.provenance),
                   "note": r.provenance.note if r.provenance is not None else None}
                  for r in knob_rows(rules)],
    }


def show_grid(rules: Any) -> Grid:
    """One row per knob: path, stage, title, value, in words, provenance, citation."""
    from .knobsview import knob_rows

    return Grid(("path", "stage", "title", "value", "value_words", "provenance", "cite"),
                [(r.path, r.stage, r.title, r.value, r.value_words,
                  r.provenance.kind if r.provenance is not None else None, _cite(r.provenance))
                 for r in knob_rows(rules)], title=f"{rules.name}: {rules.title}")


def show_markdown(rules: Any) -> str:
    """The rules as markdown: the title and summary, then one table per stage (knob, path,
    value in words, source)."""
    from .knobsview import knob_rows

    lines = [f"# {rules.name}: {rules.title}", "", " ".join(str(rules.summary).split()), ""]
    stage = None
    for r in knob_rows(rules):
        if r.stage != stage:
            stage = r.stage
            lines += ["", f"### {r.stage_title}", "", "| knob | path | value | source |", "| --- | --- | --- | --- |"]
        lines.append(f"| {_md(r.title)} | `{r.path}` | {_md(r.value_words)} | {_md(_cite(r.provenance))} |")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------ hoc simulate ----


def _num(x: float) -> float | None:
    return None if x != x else x


def simulate_grid(result: Any, verdicts: Sequence[Any] = ()) -> Grid:
    """``hoc simulate``: one row per metric: mean and its 95% interval (empty where undefined);
    with the ruleset's expectations checked (``verdicts``), a row for each,
    ``expectation <id>: <condition>``, and a ``verdict`` column."""
    rows: list[tuple[Any, ...]] = [(name, _num(st.mean), _num(st.lo), _num(st.hi))
                                   for name, st in result.metrics.items()]
    header: tuple[str, ...] = ("metric", "mean", "ci95_lo", "ci95_hi")
    if verdicts:
        header += ("verdict",)
        rows = [r + (None,) for r in rows]
        for v in verdicts:
            st = v.stat
            rows.append((f"expectation {v.expectation.id}: {v.expectation.holds}",
                         _num(st.mean) if st else None, _num(st.lo) if st else None,
                         _num(st.hi) if st else None, v.verdict))
    label = result.ruleset + "".join(f" --with {e}" for e in result.extensions)
    return Grid(header, rows,
                title=f"hoc simulate {label}: {result.hands} hands, {result.players} players, "
                      f"bots {','.join(result.bots)}, seed {result.seed}")
