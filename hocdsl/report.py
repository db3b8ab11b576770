"""``hoc report A B``: one self-contained HTML page to send to a colleague.

The page holds what ``hoc diff`` shows and what a reader wants to see drawn:

- the two rulesets: title, summary and sources;
- the rules that differ, in words, each with its provenance
  (:func:`hocdsl.diff.rules_diff`, the rows ``hoc diff`` prints);
- the outcomes of the same simulated deals under both (:func:`hocdsl.sim.compare`,
  common random numbers): every metric for A and B with its 95% interval, the
  difference B - A with its paired interval, flagged where it excludes zero;
- plots, as inline SVG drawn with matplotlib: net per hand by position with 95%
  intervals, the distribution of the cards a loser is left with and of the end
  payments, the mean pool taken when a vie stage is won, and (with
  ``readings=True``) the effect of each ruleset's alternative readings of lost or
  doubtful rules on the net per hand by position (:func:`hocdsl.readings.readings_report`);
- with ``family=True``, where the two stand in the family: the tree of A, B and every
  bundled ruleset by rules and outcomes (:func:`hocdsl.family.family_report`, A and B in
  bold), the distances from A and from B to each, and the Académie's typology.

Nothing on the page is fetched: the styles are in a ``<style>`` element, the
plots are ``<svg>`` elements, there is no script, and every text that comes from
a ruleset is escaped.

>>> from hocdsl.rules import load_ruleset
>>> page = report_html(build_report(load_ruleset("hoc-mazarin"), load_ruleset("hoca"), hands=40))
>>> page.startswith("<!DOCTYPE html>"), page.count("<svg") >= 4
(True, True)
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .diff import (DiffReport, KnobDiff, KnobSide, OutcomeRow, format_number, label, metric_words, outcome_rows,
                   rules_diff, stage_matches)
from .gist import gist
from .keys import played_for
from .sim import Comparison, SimResult, Stat, compare
from .sim.metrics import positions

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from .family import FamilyReport
    from .readings import ReadingsReport
    from .rules.model import Ruleset

__all__ = ["REPORT_HANDS", "Report", "build_report", "report_html", "write_report", "figures"]

#: Hands simulated when none are asked for: the page is ready in seconds.
REPORT_HANDS = 4000

#: The colours of ruleset A and ruleset B in every plot (told apart in grey too).
COLOUR_A, COLOUR_B = "#2f6ea5", "#c4562f"

Progress = Callable[[int, int], None]


# ------------------------------------------------------------ the data ----


@dataclass(frozen=True)
class Report:
    """Everything the page shows: the rulesets, the diff (rules and outcome rows),
    the comparison it came from (each side's metrics and distributions),
    each ruleset's readings when asked for (None where not asked, or where the
    ruleset has no knob with alternatives), and the family when asked for."""

    rules_a: Ruleset
    rules_b: Ruleset
    diff: DiffReport
    comparison: Comparison
    readings: tuple[ReadingsReport | None, ReadingsReport | None] = (None, None)
    readings_asked: bool = False
    family: FamilyReport | None = None
    #: each ruleset's whole readings ranked (``hoc reconstruct``), when asked for
    reconstructions: tuple[Any, Any] = (None, None)
    reconstruct_asked: bool = False


def _phase(progress: Progress | None, before: int, total: int) -> Progress | None:
    """A progress callable for one phase of the work: ``before`` hands already done of ``total``."""
    if progress is None:
        return None
    return lambda done, _of: progress(before + done, total)


def build_report(a: Ruleset, b: Ruleset, *, hands: int = REPORT_HANDS, players: int = 3,
                 bots: Sequence[str] | None = None, seed: int = 0, jobs: int = 1, readings: bool = False,
                 family: bool = False, reconstruct: bool = False, progress: Progress | None = None) -> Report:
    """Simulate ``hands`` deals under ``a`` and ``b`` (the same deals) and, with
    ``readings``, each ruleset's readings of its knobs with alternatives on ``hands``
    deals more; with ``family``, A, B and every bundled ruleset on ``hands`` deals each
    (:func:`family_members`); ``progress(done, total)`` counts hands over every phase.
    Raises ValueError for bad arguments (as :func:`hocdsl.sim.compare`)."""
    from .readings import questions

    names = tuple(bots) if bots else ("heuristic",) * players
    asked = [r for r in (a, b) if readings and questions(r)]
    members = family_members(a, b) if family else []
    total = hands * (1 + len(asked) + len(members))
    comparison = compare(a, b, hands=hands, players=players, bots=names, seed=seed, jobs=jobs,
                         progress=_phase(progress, 0, total),
                         stages_b={v: k for k, v in stage_matches(a, b).items()})  # as hoc diff pairs them
    settings = {"hands": hands, "players": players, "bots": list(comparison.result_a.bots), "seed": seed}
    diff = DiffReport(label(a), label(b), rules_diff(a, b), outcome_rows(comparison), settings,
                      comparison.chips_conserved, played_for(a, b))
    found: list[ReadingsReport | None] = []
    done = hands
    for rules in (a, b):
        if any(r is rules for r in asked):
            found.append(_readings(rules, hands, players, names, seed, jobs, _phase(progress, done, total)))
            done += hands
        else:
            found.append(None)
    tree = None
    if members:
        from .family import family_report

        spec = names[0] if len(set(names)) == 1 else ",".join(names)
        tree = family_report(members, hands=hands, players=players, bots=spec, seed=seed, jobs=jobs,
                             progress=_phase(progress, done, total))
    ranked: list[Any] = [None, None]
    if reconstruct:
        from .reconstruct import reconstruct as rank_readings, rules_of

        for i, rules in enumerate((a, b)):
            if rules_of(rules) and not (i == 1 and label(a) == label(b)):
                ranked[i] = rank_readings(rules, hands=hands, players=players, bots=names, seed=seed, jobs=jobs)
    return Report(a, b, diff, comparison, (found[0], found[1]), readings, tree, (ranked[0], ranked[1]),
                  reconstruct)


def family_members(a: Ruleset, b: Ruleset) -> list[Ruleset]:
    """A, B and every bundled ruleset not already among them (by name and extensions)."""
    from .rules import load_ruleset
    from .rules.loader import bundled_family

    out = [a] if label(a) == label(b) else [a, b]
    seen = {label(r) for r in out}
    for name in bundled_family():
        if name not in seen:
            out.append(load_ruleset(name))
    return out


def _readings(rules: Ruleset, hands: int, players: int, bots: Sequence[str], seed: int, jobs: int,
              progress: Progress | None) -> ReadingsReport:
    from .readings import readings_report

    return readings_report(rules, hands=hands, players=players, bots=bots, seed=seed, jobs=jobs,
                           progress=progress)


# ------------------------------------------------------------ numbers ----

def number(x: float, signed: bool = False) -> str:
    """:func:`hocdsl.diff.format_number` (never a signed zero), with a minus sign
    instead of a hyphen in front.

    >>> number(-0.0), number(-0.5, signed=True), number(-2.27e-06), number(float("nan"))
    ('0', '−0.5000', '−2.3e-06', 'n/a')
    """
    text = format_number(x, signed)
    return "−" + text[1:] if text.startswith("-") else text


def _interval(lo: float, hi: float, signed: bool = False) -> str:
    if lo != lo or hi != hi:
        return ""
    return f"[{number(lo, signed)}, {number(hi, signed)}]"


def _stat_cell(s: Stat) -> str:
    return f"{number(s.mean)} <span class=ci>{_interval(s.lo, s.hi)}</span>"


# ------------------------------------------------------------ plots ----


def _figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    return fig


#: The RDF block matplotlib writes into an SVG (creator, format): nothing a reader sees.
_METADATA = re.compile(r"\s*<metadata>.*?</metadata>", re.S)


def _svg(fig: Figure, name: str) -> str:
    """The figure as an ``<svg>`` element (text kept as text, no date, ids unique to ``name``)."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": name}):
        fig.savefig(buf, format="svg", metadata={"Date": None})
    text = buf.getvalue()
    svg = _METADATA.sub("", text[text.index("<svg"):])
    return svg.replace("<svg ", f'<svg role="img" aria-label="{html.escape(name)}" ', 1)


def _style(ax: Axes) -> None:
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="y", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)


def _errors(stats: Sequence[Stat]) -> list[list[float]]:
    """Matplotlib's asymmetric error bars for ``stats`` (0 where undefined)."""
    low = [s.mean - s.lo if s.lo == s.lo else 0.0 for s in stats]
    high = [s.hi - s.mean if s.hi == s.hi else 0.0 for s in stats]
    return [low, high]


def _paired_points(ax: Axes, names: Sequence[str], a: Sequence[Stat], b: Sequence[Stat],
                   labels: tuple[str, str]) -> None:
    """A and B side by side at each name: a point with its 95% interval."""
    xs = range(len(names))
    for shift, stats, colour, marker, text in ((-0.12, a, COLOUR_A, "o", labels[0]),
                                               (0.12, b, COLOUR_B, "s", labels[1])):
        keep = [i for i in xs if stats[i].mean == stats[i].mean]
        ax.errorbar([i + shift for i in keep], [stats[i].mean for i in keep],
                    yerr=_errors([stats[i] for i in keep]), fmt=marker, color=colour, capsize=4,
                    label=text, markersize=6)
    ax.set_xticks(list(xs), list(names))
    ax.set_xlim(-0.6, len(names) - 0.4)


def _metric(result: SimResult, name: str) -> Stat:
    from .sim.stats import NAN_STAT

    return result.metrics.get(name, NAN_STAT)


#: Per metric family of the positions (:attr:`hocdsl.keys.PlayedFor.families`): the title of
#: its plot and the words of its axis.
_FAMILY_PLOT = {"net_per_hand": ("Net per hand", "chips per hand"),
                "points_per_hand": ("Points per deal", "points per deal")}


def plot_net_by_position(report: Report) -> str:
    """Chips won (+) or lost (−) per hand by each position, A and B, with 95% intervals; in a
    game of points, the points scored per deal (the lead of :attr:`DiffReport.played_for`)."""
    c = report.comparison
    pos = positions(c.result_a.players)
    family = report.diff.played_for.families[0]
    title, unit = _FAMILY_PLOT[family]
    fig = _figure(7.5, 3.6)
    ax = fig.add_subplot()
    _paired_points(ax, pos, [_metric(c.result_a, f"{family}.{p}") for p in pos],
                   [_metric(c.result_b, f"{family}.{p}") for p in pos], (report.diff.a, report.diff.b))
    ax.axhline(0, color="#555555", linewidth=0.8)
    _style(ax)
    ax.set_title(f"{title} by position (95% intervals)")
    ax.set_ylabel(unit)
    ax.legend(frameon=False)
    return _svg(fig, f"{title.lower()} by position")


def _shares(counts: dict[str, int]) -> dict[int, float]:
    total = sum(counts.values())
    return {int(k): v / total for k, v in counts.items()} if total else {}


def _paired_bars(ax: Axes, keys: Sequence[int], a: dict[int, float], b: dict[int, float],
                 labels: tuple[str, str]) -> None:
    xs = range(len(keys))
    ax.bar([i - 0.2 for i in xs], [a.get(k, 0.0) for k in keys], width=0.4, color=COLOUR_A, label=labels[0])
    ax.bar([i + 0.2 for i in xs], [b.get(k, 0.0) for k in keys], width=0.4, color=COLOUR_B, label=labels[1],
           hatch="//", edgecolor="white", linewidth=0)
    ax.set_xticks(list(xs), [str(k) for k in keys])
    _style(ax)
    ax.legend(frameon=False)


def plot_distribution(report: Report, what: str) -> str | None:
    """The share of losers by cards left (``what="cards_left"``) or by end payment
    (``"end_payment"``); None when neither ruleset has that distribution."""
    c = report.comparison
    a = _shares(c.result_a.distributions.get(what, {}))
    b = _shares(c.result_b.distributions.get(what, {}))
    if not a and not b:
        return None
    keys = sorted(set(a) | set(b))
    fig = _figure(7.5, 3.4)
    ax = fig.add_subplot()
    _paired_bars(ax, keys, a, b, (report.diff.a, report.diff.b))
    if what == "cards_left":
        ax.set_title("Cards left in a loser's hand when the card game ends")
        ax.set_xlabel("cards left")
    else:
        ax.set_title("End payment a loser owes the winner of the card game")
        ax.set_xlabel("chips paid (before any doubling)")
    ax.set_ylabel("share of losers")
    return _svg(fig, what.replace("_", " "))


def _vie_ids(report: Report) -> list[str]:
    ids = [s.id for s in report.rules_a.vie_stages]
    return ids + [s.id for s in report.rules_b.vie_stages if s.id not in ids]


def plot_pools(report: Report) -> str | None:
    """The mean chips the winner of each vie stage takes from its pool, A and B, with
    95% intervals; None when neither ruleset has a vie stage."""
    ids = _vie_ids(report)
    if not ids:
        return None
    c = report.comparison
    fig = _figure(7.5, 3.4)
    ax = fig.add_subplot()
    _paired_points(ax, ids, [_metric(c.result_a, f"pool_when_won.{i}") for i in ids],
                   [_metric(c.result_b, f"pool_when_won.{i}") for i in ids], (report.diff.a, report.diff.b))
    ax.set_ylim(bottom=0)
    _style(ax)
    ax.set_title("The pool when a vie stage is won: mean chips taken (95% intervals)")
    ax.set_ylabel("chips")
    ax.legend(frameon=False)
    return _svg(fig, "pools when won")


def reading_labels(rr: ReadingsReport) -> list[str]:
    """A short name for each alternative of ``rr``: ``path = value`` for a value that fits
    on a line, else ``path: alternative k`` (``k`` counting that knob's alternatives from 1)."""
    from .readings import _plain, yaml_of

    out = []
    seen: dict[str, int] = {}
    for o in rr.outcomes:
        path = o.question.path
        seen[path] = seen.get(path, 0) + 1
        data = yaml_of(rr.rules, path, o.reading.value)
        text = f"{path} = {_plain(data)}"
        if isinstance(data, (list, dict)) or len(text) > 44:
            text = f"{path}: alternative {seen[path]}"
        out.append(text)
    return out


def plot_readings(rr: ReadingsReport, name: str) -> str | None:
    """Per alternative reading of a knob, the change in net per hand by position
    (alternative − chosen, 95% paired intervals); None without alternatives."""
    outcomes = rr.outcomes
    if not outcomes:
        return None
    pos = positions(rr.settings["players"])
    family = rr.key_metrics[0].partition(".")[0]  # the lead: points per deal in a game of points
    title, unit = _FAMILY_PLOT.get(family, _FAMILY_PLOT["net_per_hand"])
    fig = _figure(9.0, 1.4 + 0.5 * len(outcomes))
    ax = fig.add_subplot()
    ys = range(len(outcomes))
    markers = "osD^v<>p"
    step = 0.6 / max(1, len(pos) - 1)
    for j, p in enumerate(pos):
        diffs = [o.rows.get(f"{family}.{p}") for o in outcomes]
        keep = [i for i, d in enumerate(diffs) if d is not None and d.diff.mean == d.diff.mean]
        stats = [diffs[i].diff for i in keep]  # type: ignore[union-attr]
        ax.errorbar([s.mean for s in stats], [i - 0.3 + j * step for i in keep], xerr=_errors(stats),
                    fmt=markers[j % len(markers)], capsize=3, markersize=5, label=p, color=f"C{j}")
    ax.axvline(0, color="#555555", linewidth=0.8)
    ax.set_yticks(list(ys), reading_labels(rr))
    ax.invert_yaxis()
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_title(f"{name}: alternative − chosen, {title.lower()} by position")
    ax.set_xlabel(f"change in {unit} (95% intervals)")
    ax.legend(frameon=False, fontsize="small", ncols=len(pos), loc="upper center", bbox_to_anchor=(0.5, -0.18))
    return _svg(fig, f"readings of {name}")


def plot_family(report: Report) -> str | None:
    """The family tree (:mod:`hocdsl.dendrogram`), A and B in bold; None when not asked for."""
    from .dendrogram import draw_tree
    from .familyview import BY_WORDS

    fam = report.family
    if fam is None:
        return None
    fig = _figure(7.5, 1.0 + 0.32 * len(fam.names))
    ax = fig.add_subplot()
    draw_tree(ax, fam.tree, label=f"distance by {BY_WORDS[fam.by]} (0: the same)",
              marked={report.diff.a, report.diff.b}, colour=COLOUR_A)
    ax.set_title("The family tree: the nearest joined first (average linkage)")
    return _svg(fig, "family tree")


def figures(report: Report) -> dict[str, str]:
    """Every plot of the page, by name: ``net``, ``cards_left``, ``end_payment``,
    ``pools``, ``readings_a``, ``readings_b``, ``family`` (those that have data)."""
    out = {"net": plot_net_by_position(report)}
    for name, svg in (("cards_left", plot_distribution(report, "cards_left")),
                      ("end_payment", plot_distribution(report, "end_payment")),
                      ("pools", plot_pools(report))):
        if svg is not None:
            out[name] = svg
    for key, rr, name in (("readings_a", report.readings[0], report.diff.a),
                          ("readings_b", report.readings[1], report.diff.b)):
        svg = plot_readings(rr, name) if rr is not None else None
        if svg is not None:
            out[key] = svg
    family = plot_family(report)
    if family is not None:
        out["family"] = family
    return out


# ------------------------------------------------------------ the page ----

_CSS = """
body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #222; margin: 0;
       background: #fafafa; line-height: 1.45; }
main { max-width: 1100px; margin: 0 auto; padding: 1.5em 2em 3em; background: #fff; }
h1 { font-size: 1.7em; margin-bottom: 0.2em; }
h2 { border-bottom: 2px solid #ddd; padding-bottom: 0.2em; margin-top: 2em; }
h3 { margin-bottom: 0.3em; }
.muted, .ci, .prov { color: #666; }
.prov { font-style: italic; font-size: 0.9em; display: block; }
.note { font-size: 0.88em; color: #555; display: block; }
.pair { display: flex; gap: 1.5em; flex-wrap: wrap; }
.pair > section { flex: 1 1 24em; border: 1px solid #ddd; border-radius: 6px; padding: 0 1em 0.6em; }
.a { border-top: 5px solid #2f6ea5 !important; }
.b { border-top: 5px solid #c4562f !important; }
table { border-collapse: collapse; width: 100%; margin: 0.5em 0 1em; font-size: 0.92em; }
th, td { border-bottom: 1px solid #e3e3e3; padding: 0.35em 0.5em; text-align: left; vertical-align: top; }
th { background: #f1f1f1; }
table.rules { table-layout: fixed; }
table.readings { table-layout: fixed; }
table.readings th:nth-child(-n+3) { width: 15%; }
table.readings td.num { white-space: normal; font-size: 0.88em; }
td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tr.sig td { font-weight: bold; }
figure { margin: 1em 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.9em; color: #555; }
code { font-size: 0.9em; background: #f3f3f3; padding: 0 0.2em; }
td code { overflow-wrap: anywhere; }
.warn { color: #a00; font-weight: bold; }
details summary { cursor: pointer; color: #444; }
code.name { display: block; font-size: 0.8em; color: #666; background: none; padding: 0; }
.gist { font-size: 1.05em; border-left: 4px solid #2f6ea5; padding: 0.2em 0.8em; background: #f5f8fb; }
/* a phone or a narrow window: the page fits, a wide table scrolls sideways rather than overflow */
@media (max-width: 640px) {
  main { padding: 1em 0.7em 2em; }
  h1 { font-size: 1.35em; }
  table { display: block; overflow-x: auto; font-size: 0.84em; }
  table.rules, table.readings { table-layout: auto; }
  .pair > section { flex-basis: 100%; }
}
/* on paper: no grey, headings kept with what follows, figures and rows not split, and the
   folded sections printed open (::details-content; the page keeps no script) */
@media print {
  body { background: #fff; }
  main { max-width: none; padding: 0; }
  h2, h3 { break-after: avoid; }
  figure, tr, .pair > section { break-inside: avoid; }
  details::details-content { content-visibility: visible; display: block; }
  details > summary { list-style: none; font-weight: bold; }
  a { color: inherit; text-decoration: none; }
}
"""

e = html.escape


def _settings_words(s: dict[str, Any]) -> str:
    bots = list(s.get("bots", ()))
    who = f"{bots[0]} bots" if bots and len(set(bots)) == 1 else "bots " + ", ".join(bots)
    return (f"{s['hands']:,} hands, {s['players']} players, {who}, seed {s['seed']}; "
            "the same deals under both rulesets (common random numbers)")


def _ruleset_card(rules: Ruleset, which: str) -> str:
    lines = [f'<section class="{which}"><h3>{which.upper()}: {e(rules.title)}</h3>',
             f"<p><code>{e(label(rules))}</code></p>"]
    if rules.summary:
        lines.append(f"<p>{e(rules.summary.strip())}</p>")
    if rules.sources:
        lines.append("<p><b>Sources</b></p><ul>")
        for sid, src in rules.sources.items():
            extra = [x for x in (src.file and f"file {src.file}", src.language and f"in {src.language}",
                                 src.url) if x]
            tail = f' <span class="muted">({e("; ".join(extra))})</span>' if extra else ""
            lines.append(f"<li><code>{e(sid)}</code>: {e(' '.join(src.citation.split()))}{tail}</li>")
        lines.append("</ul>")
    lines.append("</section>")
    return "\n".join(lines)


def _side_cell(side: KnobSide) -> str:
    out = e(side.words)
    if side.provenance:
        out += f'<span class="prov">{e(side.provenance)}</span>'
    if side.note:
        out += f'<span class="note">{e(side.note)}</span>'
    return out


def _rules_part(d: DiffReport) -> str:
    if not d.rules:
        return "<p>No knob differs: the two rulesets play the same game.</p>"
    knobs = sum(k.kind == "knob" for k in d.rules)
    other = len(d.rules) - knobs
    words = f"{knobs} knob{'s differ' if knobs != 1 else ' differs'}"
    if other:
        words += f"; {other} difference{'s' if other != 1 else ''} of stages, pools or sections"
    out = [f"<p>{words}. Each value in words; below it, its source (or the editor's note).</p>"]
    groups: list[list[KnobDiff]] = []
    for k in d.rules:
        if not groups or groups[-1][0].stage != k.stage:
            groups.append([])
        groups[-1].append(k)
    for g in groups:
        out.append(f"<h3>{e(g[0].stage_title)}</h3>")
        out.append(f'<table class="rules"><thead><tr><th style="width:22%">knob</th><th>{e(d.a)}</th>'
                   f"<th>{e(d.b)}</th></tr></thead><tbody>")
        for k in g:
            out.append(f'<tr><td><b>{e(k.title)}</b><br><code>{e(k.knob)}</code></td>'
                       f"<td>{_side_cell(k.a)}</td><td>{_side_cell(k.b)}</td></tr>")
        out.append("</tbody></table>")
    return "\n".join(out)


#: What the families of metrics mean, for the legend under the outcome table.
METRIC_WORDS = (
    ("points_per_hand.<position>", "points (not chips) scored per deal by the seat in that position: "
     "tricks, declarations (a game of points)"),
    ("net_per_hand.<position>", "chips won (+) or lost (−) per hand by the seat in that position"),
    ("card_win_rate.<position>", "share of hands whose card game that position wins"),
    ("won_rate / all_pass_rate.<stage>", "share of hands in which a vie stage is won / nobody wins it"),
    ("pool_when_won.<stage>", "chips the winner of a vie stage takes from its pool"),
    ("pays_when_won.<stage>", "chips the others pay him for what he shows"),
    ("cards_left, end_payment", "per loser of the card game: cards left, chips owed for them"),
    ("sd_net_per_hand", "spread of one player's result per hand: how much of a gamble it is"),
    ("turns_per_hand", "announcements and cards per hand: how long a hand lasts"),
)


def _same(r: OutcomeRow) -> bool:
    """A row that cannot tell the rulesets apart: equal values, a zero interval of B − A."""
    return (r.a == r.b and r.ci95 == (0.0, 0.0)) or (r.a != r.a and r.b != r.b)


#: Metrics the page draws as a distribution, kept out of the main table.
_PLOTTED = "cards_left_share."


def _outcome_row(r: OutcomeRow) -> str:
    def side(m: float, ci: tuple[float, float] | None) -> str:
        text = number(m)
        if ci is not None and text != "n/a":
            text += f' <span class="ci">{_interval(*ci)}</span>'
        return text

    mark = "*" if r.significant else ""
    return (f'<tr{" class=sig" if r.significant else ""}><td>{e(metric_words(r.metric))} '
            f'<code class="name">{e(r.metric)}</code></td>'
            f'<td class="num">{side(r.a, r.a_ci95)}</td><td class="num">{side(r.b, r.b_ci95)}</td>'
            f'<td class="num">{number(r.diff, True)}</td><td class="num">{_interval(*r.ci95, signed=True)}</td>'
            f'<td class="num">{mark}</td></tr>')


def _outcome_table(d: DiffReport, rows: Iterable[OutcomeRow]) -> str:
    head = (f"<table><thead><tr><th>metric</th><th>{e(d.a)} [95%]</th><th>{e(d.b)} [95%]</th>"
            "<th>B − A</th><th>95% interval of B − A</th><th>sig.</th></tr></thead><tbody>")
    return head + "\n".join(_outcome_row(r) for r in rows) + "</tbody></table>"


def _outcomes_part(report: Report, figs: dict[str, str]) -> str:
    d = report.diff
    rows = d.outcomes or []
    differ = [r for r in rows if not _same(r) and not r.metric.startswith(_PLOTTED)]
    plotted = [r for r in rows if not _same(r) and r.metric.startswith(_PLOTTED)]
    same = [r for r in rows if _same(r)]
    out = [f"<p>{e(_settings_words(d.settings))}. <b>*</b> and bold: the 95% interval of B − A "
           "excludes zero.</p>"]
    if d.chips_conserved is False:
        out.append('<p class="warn">Warning: chips were not conserved in the simulation.</p>')
    said = gist(d)
    if said:
        out.append(f'<p class="gist"><b>In words.</b> {e(said)}</p>')
    out.append(_fig(figs["net"], "The positional advantage: what each seat wins or loses per hand."))
    out.append(_outcome_table(d, differ))
    if plotted:
        out.append(f"<details><summary>{len(plotted)} shares of losers by cards left (drawn below)</summary>"
                   + _outcome_table(d, plotted) + "</details>")
    if same:
        out.append(f"<details><summary>{len(same)} metrics that do not tell the two apart "
                   "(they depend on the deal alone, or are the same by construction)</summary>"
                   + _outcome_table(d, same) + "</details>")
    out.append("<p><b>Legend.</b></p><ul>")
    out += [f"<li><code>{e(k)}</code>: {e(v)}</li>" for k, v in METRIC_WORDS
            if d.played_for.points or not k.startswith("points_per_hand")]
    out.append("</ul>")
    return "\n".join(out)


def _fig(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{e(caption)}</figcaption></figure>"


def _distributions_part(figs: dict[str, str]) -> str:
    out = []
    if "cards_left" in figs:
        out.append(_fig(figs["cards_left"], "Each loser of the card game counted once per hand."))
    if "end_payment" in figs:
        out.append(_fig(figs["end_payment"], "What the cards left cost by each ruleset's schedule, before "
                                             "any doubling and without the charges for cards held."))
    if "pools" in figs:
        out.append(_fig(figs["pools"], "Carried pool, antes, raises and calls, over the hands in which the "
                                       "stage is won."))
    if not out:
        return "<p>Neither ruleset has a card game or a vie stage.</p>"
    return "\n".join(out)


def _diff_cell(d: Any) -> str:
    if d is None or d.diff.mean != d.diff.mean:
        return "n/a"
    mark = " †" if d.significant else ""
    return f'{number(d.diff.mean, True)}{mark}<br><span class="ci">{_interval(d.diff.lo, d.diff.hi, True)}</span>'


def _readings_table(rr: ReadingsReport) -> str:
    from .rules.render import value_words

    from .readingsview import metric_label

    keys = rr.key_metrics
    head = ('<table class="readings"><thead><tr><th>knob</th><th>chosen</th><th>alternative</th>'
            + "".join(f"<th>{e(metric_label(k))}</th>" for k in keys) + "</tr></thead><tbody>")
    body = []
    before = None
    for o, name in zip(rr.outcomes, reading_labels(rr)):
        q, rd = o.question, o.reading
        chosen = e(value_words(rr.rules, q.path, q.chosen))
        if q.path == before:
            chosen = '<span class="muted">as above</span>'
        elif q.provenance is not None:
            chosen += f'<span class="prov">{e(q.provenance.cite())}</span>'
        before = q.path
        alt = f'<span class="muted">{e(name.removeprefix(q.path).lstrip(" =:"))}:</span> ' \
            + e(value_words(rr.rules, q.path, rd.value))
        if rd.provenance is not None:
            alt += f'<span class="prov">{e(rd.provenance.cite())}</span>'
        cells = "".join(f'<td class="num">{_diff_cell(o.rows.get(k))}</td>' for k in keys)
        body.append(f"<tr><td><b>{e(q.title)}</b><br><code>{e(q.path)}</code></td><td>{chosen}</td>"
                    f"<td>{alt}</td>{cells}</tr>")
    return head + "\n".join(body) + "</tbody></table>"


def _readings_part(report: Report, figs: dict[str, str]) -> str:
    if not report.readings_asked:
        return ("<p>Not computed: <code>hoc report A B --readings</code> plays each ruleset's alternative "
                "readings of its lost or doubtful rules on the same deals and shows their effects here.</p>")
    out = []
    for key, rr, name in (("readings_a", report.readings[0], report.diff.a),
                          ("readings_b", report.readings[1], report.diff.b)):
        out.append(f"<h3>{e(name)}</h3>")
        if rr is None or not rr.outcomes:
            out.append("<p>No knob of this ruleset lists alternatives.</p>")
            continue
        out.append(f"<p>{e(_settings_words(rr.settings))}, here between the chosen reading and each "
                   f"alternative. Differences alternative − chosen with 95% intervals; † survives "
                   f"{e(rr.control.words())}.</p>")
        if key in figs:
            out.append(_fig(figs[key], "A point left or right of the line: that position wins more or "
                                       "less under the alternative."))
        out.append(_readings_table(rr))
        from .readingsview import REACH_HEAD, reach_lines

        out.append(f"<p>{e(REACH_HEAD)}</p><ul>" + "".join(f"<li>{e(x)}</li>" for x in reach_lines(rr)) + "</ul>")
    return "\n".join(out)


def _reconstruct_part(report: Report) -> str:
    if not report.reconstruct_asked:
        return ("<p>Not computed: <code>hoc report A B --reconstruct</code> plays every whole reading of each "
                "ruleset's lost and doubtful rules (as <code>hoc reconstruct</code>) and ranks them by what "
                "the sources say about play and by how playable they are.</p>")
    from .reconstructview import HOW_TO_READ, _ci, _f, _pct, _sources, _status, header_lines

    out = []
    for rep, name in zip(report.reconstructions, (report.diff.a, report.diff.b)):
        out.append(f"<h3>{e(name)}</h3>")
        if rep is None:
            out.append("<p>No rule of this ruleset lists alternatives (or it is A again).</p>")
            continue
        out.append("<p>" + "<br>".join(e(x) for x in header_lines(rep)[1:]) + "</p>")
        out.append('<table><thead><tr><th class="num">rank</th><th class="num">score</th><th>95%</th>'
                   '<th class="num">sources</th><th class="num">gap</th><th class="num">turns</th>'
                   '<th class="num">choice</th><th class="num">lead</th><th>status</th><th>reading</th>'
                   "</tr></thead><tbody>")
        for i, c in enumerate(rep.ranking()[:12], 1):
            m = c.measures
            out.append(f'<tr><td class="num">{i}</td><td class="num">{_f(c.score.mean)}</td><td>{e(_ci(c.score))}'
                       f'</td><td class="num">{_sources(c)}</td><td class="num">{_f(m["gap"].mean)}</td>'
                       f'<td class="num">{_f(m["turns"].mean, 0)}</td><td class="num">{_pct(m["choice"].mean)}</td>'
                       f'<td class="num">{_pct(m["lead"].mean)}</td><td>{e(_status(c))}</td>'
                       f"<td><code>{e(rep.label(c))}</code></td></tr>")
        out.append("</tbody></table>")
        matters = [x for x in rep.effects if x.matters]
        out.append("<p><b>The ranking depends on</b>: " + (", ".join(
            f"<code>{e(x.rule.path)}</code> (best: {e(x.rule.options[x.best].plain or x.rule.options[x.best].words)})"
            for x in matters) or "none of the rules, at these hands") + ".</p>")
    out.append(f"<p class=muted>{e(HOW_TO_READ)}</p>")
    return "\n".join(out)


def _family_part(report: Report, figs: dict[str, str]) -> str:
    fam = report.family
    if fam is None:
        return ("<p>Not computed: <code>hoc report A B --family</code> plays A, B and every bundled ruleset "
                "on the same deals and draws where the two stand in the family tree, by their rules and "
                "their outcomes, with each one's place in the Académie's typology.</p>")
    from .family import formula_words
    from .familyview import settings_words
    from .typology import TRAITS

    d = report.diff
    ia, ib = fam.names.index(d.a), fam.names.index(d.b)
    out = [f"<p>{e(settings_words(fam))}</p>"]
    if "family" in figs:
        out.append(_fig(figs["family"], f"{d.a} and {d.b} in bold. Two rulesets joined near the left play "
                                        "alike and are written alike; a join far to the right parts "
                                        "groups far apart."))
    heads = "".join(f"<th>{e(h)}</th>" for _k, h, _q in TRAITS)
    out.append(f'<table><thead><tr><th>ruleset</th><th class="num">from {e(d.a)}</th>'
               f'<th class="num">from {e(d.b)}</th>{heads}</tr></thead><tbody>')
    for name in fam.tree.order:
        i = fam.names.index(name)
        t = fam.typology[i]
        who = f"<b>{e(name)}</b>" if i in (ia, ib) else e(name)
        out.append(f'<tr><td><code>{who}</code></td><td class="num">{number(fam.distance[ia][i])}</td>'
                   f'<td class="num">{number(fam.distance[ib][i])}</td><td>{e(t.sequence.words)}</td>'
                   f"<td>{e(t.hocs.words)}</td><td>{e(t.payments.words)}</td></tr>")
    out.append("</tbody></table>")
    out.append("<p><b>How the distance is made.</b></p><ul>")
    out += [f"<li>{e(line)}</li>" for line in formula_words(fam)]
    out.append("</ul>")
    return "\n".join(out)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("hocdsl")
    except PackageNotFoundError:  # pragma: no cover - a source tree never installed
        return "(not installed)"


def report_html(report: Report) -> str:
    """The whole page as one string: HTML with its styles and SVG plots inline."""
    d = report.diff
    figs = figures(report)
    title = f"{d.a} vs {d.b}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(title)}: two readings of the Hoc compared</title>",
        f"<style>{_CSS}</style></head><body><main>",
        f"<h1>{e(report.rules_a.title)} <span class=muted>vs</span> {e(report.rules_b.title)}</h1>",
        f'<p class="muted">Two readings of the rules of the Hoc compared by <code>hoc report {e(d.a)} '
        f"{e(d.b)}</code>: the rules that differ, with their sources, then what they change at the "
        "table, measured on the same simulated deals.</p>",
        "<h2>The two rulesets</h2>",
        '<div class="pair">', _ruleset_card(report.rules_a, "a"), _ruleset_card(report.rules_b, "b"), "</div>",
        f"<h2>Rules that differ: {e(title)}</h2>", _rules_part(d),
        f"<h2>Outcomes on the same deals: {e(title)}</h2>", _outcomes_part(report, figs),
        "<h2>Cards left, end payments and pools</h2>", _distributions_part(figs),
        "<h2>The readings of lost or doubtful rules</h2>", _readings_part(report, figs),
        "<h2>Where the two stand in the family</h2>", _family_part(report, figs),
        "<h2>Reconstructions of the lost rules</h2>", _reconstruct_part(report),
        f'<hr><p class="muted">Made with hocdsl {e(_version())}. This page needs no network: '
        "its styles and plots are inside it.</p>",
        "</main></body></html>",
    ]
    return "\n".join(parts) + "\n"


def write_report(report: Report, path: str) -> int:
    """Write the page to ``path`` (UTF-8); return its size in bytes."""
    data = report_html(report).encode("utf-8")
    with open(path, "wb") as f:
        f.write(data)
    return len(data)
