"""Two readings of the rules side by side: the knobs that differ, then the outcomes.

``hoc diff A B`` is the job historians come for. First the rules: every knob
whose resolved value differs between the two rulesets (``extends:`` and
extensions applied), grouped by stage in the order of play, each value in
words (:func:`hocdsl.rules.describe.describe`) with its source or editorial
note. Then, when hands are asked for, the outcomes of simulated play on the
same deals (:func:`hocdsl.sim.compare`, common random numbers): each metric
for A, for B, the difference B − A and its 95% interval, flagged where the
interval excludes zero.

>>> from hocdsl.rules import load_ruleset
>>> d = rules_diff(load_ruleset("hoc-mazarin"), load_ruleset("hoc-mazarin-wikipedia"))
>>> [k.knob for k in d if k.stage == "card_game"]
['card_game.principal_wild', 'card_game.end_payment']
>>> d[-1].a.words
'1 card left pays 6; 2 pays 4; 3–9 pay 1 a card; 10 or more pay 2 a card'
>>> d[-1].b.words
'1 card left pays 6; 2 pays 8; 3–9 pay 1 a card; 10 or more pay 2 a card'

Three renderings of one :class:`DiffReport`: :func:`report_json` (plain data),
:func:`report_markdown` (GitHub-flavoured tables that paste into a paper or a
wiki) and :func:`print_report` (rich tables on a terminal).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .rules.build import SECTION_CLASSES, yaml_value
from .rules.model import SECTIONS, Ruleset
from .rules.render import knob_title, stage_titles, value_words

__all__ = [
    "KnobSide", "KnobDiff", "OutcomeRow", "DiffReport", "rules_diff", "outcome_rows",
    "diff_report", "report_json", "report_markdown", "print_report", "label",
    "format_number", "SIGNIFICANT_MARK",
]

#: The flag put beside a difference whose 95% interval excludes zero.
SIGNIFICANT_MARK = "*"


# ------------------------------------------------------------ the rules ----


@dataclass(frozen=True, slots=True)
class KnobSide:
    """One ruleset's value of a knob: plain YAML value, words, and where it comes from."""

    value: Any  # as a ruleset file writes it (yaml_value)
    words: str  # in words a historian reads
    provenance: str  # "lalanne §9.3" or "editorial: ..."
    note: str | None = None
    declared_in: str | None = None  # the ruleset or extension file that set it

    def as_dict(self) -> dict[str, Any]:
        return {"value": self.value, "words": self.words, "provenance": self.provenance,
                "note": self.note, "declared_in": self.declared_in}


@dataclass(frozen=True, slots=True)
class KnobDiff:
    """A knob whose value differs between ruleset A and ruleset B."""

    knob: str  # "card_game.end_payment"
    stage: str  # the model section: "card_game"
    stage_title: str  # "The card game"
    title: str  # "End payment"
    a: KnobSide
    b: KnobSide

    def as_dict(self) -> dict[str, Any]:
        return {"knob": self.knob, "stage": self.stage, "stage_title": self.stage_title,
                "title": self.title, "a": self.a.as_dict(), "b": self.b.as_dict()}


def label(rules: Ruleset) -> str:
    """The ruleset's name with its extensions: ``hoc-mazarin + triple-game``."""
    return " + ".join((rules.name,) + tuple(rules.extensions))


def _side(rules: Ruleset, path: str, value: Any) -> KnobSide:
    prov = rules.provenance.get(path)
    return KnobSide(
        value=yaml_value(path, value),
        words=value_words(path, value),
        provenance=prov.cite() if prov is not None else "no provenance recorded",
        note=prov.note if prov is not None else None,
        declared_in=prov.declared_in if prov is not None else None,
    )


def rules_diff(a: Ruleset, b: Ruleset) -> list[KnobDiff]:
    """Every knob whose value differs between ``a`` and ``b``, by stage in the order of play.

    Values are compared as a ruleset file writes them, so two rulesets that
    say the same thing from different sources do not differ here.
    """
    titles = stage_titles()
    out: list[KnobDiff] = []
    for section in SECTIONS:
        sa, sb = getattr(a, section), getattr(b, section)
        for name in SECTION_CLASSES[section].__dataclass_fields__:
            path = f"{section}.{name}"
            va, vb = getattr(sa, name), getattr(sb, name)
            if yaml_value(path, va) == yaml_value(path, vb):
                continue
            out.append(KnobDiff(path, section, titles.get(section, section), knob_title(path),
                                _side(a, path, va), _side(b, path, vb)))
    return out


# ------------------------------------------------------------ outcomes ----


@dataclass(frozen=True, slots=True)
class OutcomeRow:
    """One metric on the same deals under A and B: means, difference and its 95% interval."""

    metric: str
    a: float
    b: float
    diff: float  # B - A
    ci95: tuple[float, float]  # of the difference
    significant: bool  # the interval excludes zero
    a_ci95: tuple[float, float] | None = None
    b_ci95: tuple[float, float] | None = None

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON data; an undefined value (NaN: e.g. a rate of something that never
        happened) is null."""
        return {"a": _num(self.a), "b": _num(self.b), "diff": _num(self.diff),
                "ci95": [_num(x) for x in self.ci95], "significant": self.significant,
                "a_ci95": [_num(x) for x in self.a_ci95] if self.a_ci95 else None,
                "b_ci95": [_num(x) for x in self.b_ci95] if self.b_ci95 else None}


def _num(x: float) -> float | None:
    return None if x is None or math.isnan(x) else x


def _stat(s: Any) -> tuple[float, tuple[float, float] | None]:
    """(mean, (lo, hi)) of a sim Stat, a {"mean", "ci95"} dict, or a bare number."""
    if isinstance(s, dict):
        ci = s.get("ci95")
        return float(s["mean"]), (float(ci[0]), float(ci[1])) if ci else None
    if hasattr(s, "mean"):
        lo, hi = getattr(s, "lo", None), getattr(s, "hi", None)
        return float(s.mean), (float(lo), float(hi)) if lo is not None and hi is not None else None
    return float(s), None


def outcome_rows(comparison: Any) -> list[OutcomeRow]:
    """The rows of a :class:`hocdsl.sim.Comparison` (``.rows``: metric -> a, b, diff,
    significant), as :class:`OutcomeRow` values in the comparison's order."""
    rows = comparison.rows
    items: Iterable[tuple[str, Any]]
    if isinstance(rows, dict) or hasattr(rows, "items"):
        items = rows.items()
    else:  # a sequence of rows that carry their metric name
        items = ((getattr(r, "metric", None) or getattr(r, "name"), r) for r in rows)
    out = []
    for name, r in items:
        get = r.get if isinstance(r, dict) else (lambda k, r=r: getattr(r, k, None))
        a, a_ci = _stat(get("a"))
        b, b_ci = _stat(get("b"))
        d, d_ci = _stat(get("diff"))
        if d_ci is None:
            d_ci = (math.nan, math.nan)
        sig = get("significant")
        if sig is None:
            sig = d_ci[0] > 0 or d_ci[1] < 0
        out.append(OutcomeRow(str(name), a, b, d, d_ci, bool(sig), a_ci, b_ci))
    return out


# ------------------------------------------------------------ the report ----


@dataclass(frozen=True)
class DiffReport:
    """What ``hoc diff`` shows: the rules that differ, then (if simulated) the outcomes."""

    a: str  # label of ruleset A
    b: str
    rules: list[KnobDiff]
    outcomes: list[OutcomeRow] | None = None  # None: no simulation asked for
    settings: dict[str, Any] = field(default_factory=dict)  # hands, players, bots, seed
    chips_conserved: bool | None = None

    @property
    def significant(self) -> list[OutcomeRow]:
        return [r for r in self.outcomes or () if r.significant]


def diff_report(
    a: Ruleset,
    b: Ruleset,
    *,
    hands: int = 0,
    players: int = 3,
    bots: Sequence[str] | None = None,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> DiffReport:
    """The rules side by side and, when ``hands`` > 0, the outcomes of ``hands``
    simulated hands under each ruleset on the same deals (:func:`hocdsl.sim.compare`)."""
    diffs = rules_diff(a, b)
    if hands <= 0:
        return DiffReport(label(a), label(b), diffs, None, {"hands": 0})
    from .sim import compare

    if bots is None:
        bots = ("heuristic",) * players
    comparison = compare(a, b, hands=hands, players=players, bots=tuple(bots), seed=seed,
                         jobs=jobs, progress=progress)
    conserved = getattr(comparison, "chips_conserved", None)
    settings = {"hands": hands, "players": players, "bots": list(bots), "seed": seed}
    return DiffReport(label(a), label(b), diffs, outcome_rows(comparison), settings,
                      None if conserved is None else bool(conserved))


# ------------------------------------------------------------ numbers ----


def format_number(x: float, signed: bool = False) -> str:
    """A metric value for a table: 4 decimals below 100, 1 above; ``+`` on differences.

    >>> format_number(0.03125), format_number(-0.5, signed=True), format_number(1234.5)
    ('0.0312', '-0.5000', '1234.5')
    """
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    text = f"{x:+.4f}" if signed else f"{x:.4f}"
    if abs(x) >= 100:
        text = f"{x:+.1f}" if signed else f"{x:.1f}"
    return text


def _settings(s: dict[str, Any]) -> str:
    """``20,000 hands, 3 players, heuristic bots, seed 0; the same deals under both``."""
    bots = list(s.get("bots", ()))
    who = f"{bots[0]} bots" if bots and len(set(bots)) == 1 else "bots " + ", ".join(bots)
    hands = s.get("hands")
    hands = f"{hands:,}" if isinstance(hands, int) else hands
    return (f"{hands} hands, {s.get('players')} players, {who}, seed {s.get('seed')}; "
            "the same deals under both (common random numbers)")


def _interval(ci: tuple[float, float]) -> str:
    return f"[{format_number(ci[0], True)}, {format_number(ci[1], True)}]"


# ------------------------------------------------------------ JSON ----


def report_json(report: DiffReport) -> dict[str, Any]:
    """``{"a", "b", "rules": [{knob, stage, title, a: {value, words, provenance}, b}],
    "outcomes": {metric: {a, b, diff, ci95, significant}} | null}`` plus the
    simulation settings; plain data for ``json.dumps``."""
    out: dict[str, Any] = {
        "a": report.a,
        "b": report.b,
        "rules": [k.as_dict() for k in report.rules],
        "outcomes": None if report.outcomes is None else {r.metric: r.as_dict() for r in report.outcomes},
    }
    out.update({k: v for k, v in report.settings.items() if k not in out})
    if report.chips_conserved is not None:
        out["chips_conserved"] = report.chips_conserved
    return out


# ------------------------------------------------------------ markdown ----


def _md_cell(text: str) -> str:
    """Text for a table cell: on one line, pipes escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _md_side(side: KnobSide) -> str:
    return f"{_md_cell(side.words)}<br>*{_md_cell(side.provenance)}*"


def _md_table(header: Sequence[str], rows: Iterable[Sequence[str]], align: Sequence[str] | None = None) -> list[str]:
    align = align or ["---"] * len(header)
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(align) + " |"]
    for r in rows:
        lines.append("| " + " | ".join(r) + " |")
    return lines


def report_markdown(report: DiffReport) -> str:
    """GitHub-flavoured markdown: a heading and one table per stage for the rules,
    then one table of outcomes. Every table has a header row, a separator row,
    and the same number of cells in every row."""
    a, b = report.a, report.b
    lines = [f"## Rules that differ: {a} vs {b}", ""]
    if not report.rules:
        lines += ["No knob differs: the two rulesets play the same game.", ""]
    else:
        n = len(report.rules)
        lines += [f"{n} knob{'s differ' if n != 1 else ' differs'}. "
                  "Each value in words, its source (or editorial note) in italics.", ""]
        stage = None
        group: list[KnobDiff] = []
        for k in report.rules + [None]:  # type: ignore[list-item]
            if k is None or k.stage != stage:
                if group:
                    lines.append(f"### {group[0].stage_title}")
                    lines.append("")
                    lines += _md_table(["knob", _md_cell(a), _md_cell(b)],
                                       ([_md_cell(g.title), _md_side(g.a), _md_side(g.b)] for g in group))
                    lines.append("")
                group = []
                stage = k.stage if k is not None else None
            if k is not None:
                group.append(k)
    if report.outcomes is not None:
        s = report.settings
        lines.append(f"## Outcomes on the same deals: {a} vs {b}")
        lines.append("")
        lines.append(f"{_settings(s)}. `{SIGNIFICANT_MARK}`: the 95% interval of B − A excludes zero.")
        lines.append("")
        rows = ([f"`{_md_cell(r.metric)}`", format_number(r.a), format_number(r.b),
                 format_number(r.diff, True), _interval(r.ci95),
                 SIGNIFICANT_MARK if r.significant else ""] for r in report.outcomes)
        lines += _md_table(["metric", _md_cell(a), _md_cell(b), "B − A", "95% CI of B − A", "sig."],
                           rows, ["---", "---:", "---:", "---:", "---:", ":---:"])
        lines.append("")
    return "\n".join(lines)


# ------------------------------------------------------------ rich text ----


def print_report(report: DiffReport, console: Any = None) -> None:
    """The report as rich tables: one per stage for the rules, one for the outcomes."""
    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = console or Console()
    a, b = report.a, report.b
    console.print(Text(f"Rules that differ: {a} vs {b}", style="bold"))
    if not report.rules:
        console.print("No knob differs: the two rulesets play the same game.")
    stage = None
    table = None
    for k in report.rules:
        if k.stage != stage:
            if table is not None:
                console.print(table)
            stage = k.stage
            table = Table(title=k.stage_title, title_justify="left", show_lines=True, expand=True)
            table.add_column("knob", style="bold", ratio=1)
            table.add_column(a, ratio=3)
            table.add_column(b, ratio=3)
        assert table is not None
        table.add_row(k.title, _rich_side(k.a), _rich_side(k.b))
    if table is not None:
        console.print(table)
    if report.outcomes is None:
        return
    s = report.settings
    console.print()
    console.print(Text(f"Outcomes on the same deals: {a} vs {b}", style="bold"))
    console.print(f"{_settings(s)}.\n{SIGNIFICANT_MARK} = the 95% interval of B − A excludes zero.",
                  highlight=False)
    t = Table(show_lines=False, box=box.SIMPLE_HEAD)  # narrow borders: fits 80 columns
    t.add_column("metric", overflow="fold", min_width=10)  # numbers are never cut; names fold
    t.add_column(a, justify="right", no_wrap=True)
    t.add_column(b, justify="right", no_wrap=True)
    t.add_column("B − A", justify="right", no_wrap=True)
    t.add_column("95% CI of B − A", justify="right", no_wrap=True)
    t.add_column("sig.", justify="center", no_wrap=True)
    for r in report.outcomes:
        style = "bold" if r.significant else None
        t.add_row(r.metric, format_number(r.a), format_number(r.b), format_number(r.diff, True),
                  _interval(r.ci95), SIGNIFICANT_MARK if r.significant else "", style=style)
    console.print(t)
    if report.chips_conserved is False:
        console.print("[bold red]warning:[/] chips were not conserved in the simulation")


def _rich_side(side: KnobSide) -> Any:
    from rich.text import Text

    t = Text(side.words)
    t.append("\n")
    t.append(side.provenance, style="dim italic")
    return t
