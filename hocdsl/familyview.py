"""``hoc family`` output: the report of :func:`hocdsl.family.family_report` on the terminal,
as markdown, or as one CSV table.

Every rendering gives, in the tree's order (so the clusters show as blocks in the matrix):
the tree (:func:`hocdsl.dendrogram.ascii_tree`), the distance matrix it is drawn by, each
ruleset's place in the Académie's typology (:mod:`hocdsl.typology`), and how the distance
was made. The CSV has one row per pair of rulesets, with the parts of their distance.

>>> from hocdsl.family import family_report
>>> from hocdsl.rules import load_ruleset
>>> report = family_report([load_ruleset(n) for n in ("manille", "manille-larousse", "comete")], by="rules")
>>> print(tree_text(report, width=60))
comete           ──────────────────────────────────────────┐
manille          ────┬─────────────────────────────────────┘
manille-larousse ────┘
                 ┴────────────┴────────────┴────────────┴
                 0            0.05         0.1          0.15
                 distance by the rules
"""

from __future__ import annotations

import textwrap
from typing import Any

from . import screen
from .dendrogram import WIDTH, ascii_tree
from .family import FamilyReport, formula_words, pairs, played_elsewhere
from .tableview import Grid
from .typology import TRAITS

__all__ = ["tree_text", "print_report", "report_markdown", "family_grid", "settings_words", "BY_WORDS"]

#: What the distance is, by ``by``, for titles and the scale's label.
BY_WORDS = {"rules": "the rules", "outcomes": "the outcomes", "both": "rules and outcomes"}


def tree_text(report: FamilyReport, width: int = WIDTH) -> str:
    """The tree in box-drawing characters, at most ``width`` columns wide."""
    return ascii_tree(report.tree, width=width, label=f"distance by {BY_WORDS[report.by]}")


def _number(x: float) -> str:
    return "0" if x == 0 else f"{x:.2f}"


def _title(report: FamilyReport) -> str:
    return f"The family tree of {len(report.names)} rulesets, by {BY_WORDS[report.by]}"


def settings_words(report: FamilyReport) -> str:
    """``2,000 hands under each on the same deals, 3 players, heuristic bots, seed 0.``"""
    s = report.settings
    if report.outcomes is None:
        return "By the rules alone: no hand played."
    text = (f"{s['hands']:,} hands under each ruleset on the same deals, {s['players']} players, "
            f"{s['bots']} bots, seed {s['seed']}.")
    for n, k in played_elsewhere(report):
        text += f" {n} is played by {k}: it does not admit {s['players']}, and {k} is the nearest count it does."
    return text


def _questions() -> str:
    """``how the sequence runs, which kinds of hoc, how payments go``."""
    return ", ".join(q for _k, _h, q in TRAITS)


def _order(report: FamilyReport) -> list[int]:
    """The rulesets' indices in the tree's order."""
    return [report.names.index(n) for n in report.tree.order]


def _merges(report: FamilyReport) -> list[tuple[int, str, str, float]]:
    """``(step, one cluster, the other, height)`` for each merge, lowest first."""
    t = report.tree
    return [(k + 1, " ".join(t.leaves(m.left)), " ".join(t.leaves(m.right)), m.height)
            for k, m in enumerate(t.merges)]


# ------------------------------------------------------------ the terminal ----


def print_report(report: FamilyReport, console: Any = None) -> None:
    """The report on a rich console: the tree, the matrix, the typology, the formula."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    console = console or screen.console()
    width = min(WIDTH, console.width)
    console.print(Text(_title(report), style="bold"))
    console.print(Text(textwrap.fill(settings_words(report), width)))
    console.print()
    console.print(Text(tree_text(report, width)), no_wrap=True, crop=False, soft_wrap=True)
    order = _order(report)
    console.print()
    title = f"Distances by {BY_WORDS[report.by]}: 0 the same, 1 as far apart as can be"

    def matrix(cols: range) -> Any:
        table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
        table.add_column("ruleset", no_wrap=True)
        for k in cols:
            table.add_column(str(k + 1), justify="right", no_wrap=True)
        for k, i in enumerate(order):
            table.add_row(f"{k + 1:>{len(str(len(order)))}} {report.names[i]}",
                          *(_number(report.distance[i][order[c]]) for c in cols))
        return table

    for cols in screen.column_groups(console, matrix, len(order)):  # as many as fit the screen
        console.print(matrix(cols))
    typology = Table(title=f"The Académie's typology: {_questions()}", title_justify="left",
                     show_lines=True, width=width)
    typology.add_column("ruleset", style="bold", no_wrap=True)
    for (_key, heading, _q), share in zip(TRAITS, (2, 3, 4)):  # the payments say the most
        typology.add_column(heading, ratio=share)
    for i in order:
        t = report.typology[i]
        typology.add_row(report.names[i], t.sequence.words, t.hocs.words, t.payments.words)
    screen.show(console, typology)
    console.print(Text("How the distance is made", style="bold"))
    for line in formula_words(report):
        console.print(Text(textwrap.fill(line, width, initial_indent="  ", subsequent_indent="    ")))
    if report.chips_conserved is False:
        console.print("[bold red]warning:[/] chips were not conserved in the simulation")


# ------------------------------------------------------------ markdown ----


def _md(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _md_table(header: list[str], rows: list[list[str]], align: list[str] | None = None) -> list[str]:
    align = align or ["---"] * len(header)
    return (["| " + " | ".join(header) + " |", "| " + " | ".join(align) + " |"]
            + ["| " + " | ".join(r) + " |" for r in rows])


def report_markdown(report: FamilyReport) -> str:
    """GitHub-flavoured markdown: the tree in a code block, then the matrix, the typology and
    the merges as tables, and how the distance is made."""
    order = _order(report)
    lines = [f"## {_title(report)}", "", settings_words(report), "", "```text", tree_text(report), "```", "",
             f"### Distances by {BY_WORDS[report.by]}", "",
             "0: the same; 1: as far apart as can be. Rows and columns in the tree's order.", ""]
    lines += _md_table(["ruleset"] + [str(k + 1) for k in range(len(order))],
                       [[f"{k + 1} `{_md(report.names[i])}`"] + [_number(report.distance[i][j]) for j in order]
                        for k, i in enumerate(order)],
                       ["---"] + ["---:"] * len(order))
    lines += ["", "### The Académie's typology", "", _questions().capitalize() + ".", ""]
    lines += _md_table(["ruleset"] + [h for _k, h, _q in TRAITS],
                       [[f"`{_md(report.names[i])}`", _md(report.typology[i].sequence.words),
                         _md(report.typology[i].hocs.words), _md(report.typology[i].payments.words)]
                        for i in order])
    lines += ["", "### The merges, lowest first", ""]
    lines += _md_table(["step", "joins", "and", "at"],
                       [[str(k), _md(a), _md(b), f"{h:.4f}"] for k, a, b, h in _merges(report)],
                       ["---:", "---", "---", "---:"])
    lines += ["", "### How the distance is made", ""]
    lines += [f"- {_md(line)}" for line in formula_words(report)]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------ CSV ----


def family_grid(report: FamilyReport) -> Grid:
    """One row per pair of rulesets: the distance the tree is drawn by, its rules and
    outcomes parts (outcomes empty by the rules alone), the stage edits and the knobs that
    differ out of how many."""
    header = ("a", "b", "distance", "rules", "outcomes", "stage_edits", "stages", "knobs_differ", "knobs")
    rows: list[tuple[Any, ...]] = []
    o = report.outcomes
    for i, j in pairs(report):
        r = report.rules[i][j]
        rows.append((report.names[i], report.names[j], report.distance[i][j], r.value,
                     o.matrix[i][j] if o is not None else None, r.stage_edits, r.stages, r.knobs_differ, r.knobs))
    return Grid(header, rows, title=_title(report))
