"""``hoc readings`` output: the report of :func:`hocdsl.readings.readings_report` as
markdown (a table to paste into a paper) or as tables on the terminal.

Both show, per knob and alternative, the knob, its provenance kind (chosen ->
alternative), the values, and the key metrics' differences *alternative -
chosen* with their 95% intervals, ``†`` marking those that survive Holm's
control; then what was controlled, and the ranking of the knobs by score.
"""

from __future__ import annotations

import math
from typing import Any

from . import screen
from .diff import format_number, metric_words
from .readings import REACH_LEVELS, SCORE_WORDS, Difference, Outcome, Ranked, ReadingsReport, _plain, reach_words, yaml_of
from .sim.stats import Stat

__all__ = ["report_markdown", "print_report", "metric_label", "MARK"]

#: Marks a difference that survives the control of the family.
MARK = "†"


def metric_label(name: str) -> str:
    """A key metric in words (:func:`hocdsl.diff.metric_words`).

    >>> metric_label("net_per_hand.eldest"), metric_label("sd_net_per_hand")
    ('net per hand, eldest', 'sd of net per hand')
    """
    return metric_words(name)


def _value(report: ReadingsReport, path: str, value: Any) -> str:
    """A scalar as written in a ruleset file (``never``, ``true``, ``20``); a list or a
    mapping (a payment table, a set of cards) in words."""
    from .rules.render import value_words

    data = yaml_of(report.rules, path, value)
    if isinstance(data, (list, dict)):
        return value_words(report.rules, path, value)
    return str(_plain(data))


def _md_value(report: ReadingsReport, path: str, value: Any) -> str:
    """:func:`_value` for a markdown cell: a scalar as code (```never```), words as they are."""
    text = _md_cell(_value(report, path, value))
    return text if isinstance(yaml_of(report.rules, path, value), (list, dict)) else f"`{text}`"


def _cell(d: Difference | None, digits: int = 3, sep: str = " ") -> str:
    """``+1.478 [+1.036, +1.921] †`` (``sep``: between the difference and its interval)."""
    if d is None or d.diff.mean != d.diff.mean:
        return "n/a"
    s = d.diff
    text = f"{s.mean:+.{digits}f}" + (f" {MARK}" if d.significant else "")
    if s.lo == s.lo:
        text += f"{sep}[{s.lo:+.{digits}f}, {s.hi:+.{digits}f}]"
    return text


def _score(x: float) -> str:
    return "∞" if math.isinf(x) else f"{x:.1f}"


def _settings(report: ReadingsReport) -> str:
    s = report.settings
    bots = s["bots"]
    who = f"{bots[0]} bots" if len(set(bots)) == 1 else "bots " + ", ".join(bots)
    return (f"{s['hands']:,} hands, {s['players']} players, {who}, seed {s['seed']}; each alternative "
            "played on the same deals as the chosen value (common random numbers). Differences are "
            "alternative − chosen, with 95% intervals.")


def _control_words(report: ReadingsReport) -> str:
    c = report.control
    return (f"{MARK} survives {c.words()} ({c.family}: {len(report.key_metrics)} metrics × "
            f"{len(report.outcomes)} alternative{'s' if len(report.outcomes) != 1 else ''}).")


def _chosen_words(report: ReadingsReport) -> str:
    parts = [f"{metric_label(k)} {format_number(s.mean)}" for k, s in report.chosen.items()]
    return f"Under the chosen values: {'; '.join(parts)}."


def _biggest(k: Ranked, report: ReadingsReport) -> str:
    if k.metric is None or k.diff is None or k.reading is None:
        return "no difference measured"
    d: Stat = k.diff
    return (f"{metric_label(k.metric)} {d.mean:+.3f} [{d.lo:+.3f}, {d.hi:+.3f}] "
            f"with {_value(report, k.path, k.reading.value)}")


def _label(report: ReadingsReport) -> str:
    r = report.rules
    return r.name + "".join(f" --with {e}" for e in r.extensions)


def _md_cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def readings_grid(report: ReadingsReport) -> Any:
    """``hoc readings --format csv``: one row per knob, alternative and key metric: the chosen
    and the alternative's mean, the difference, its interval, Holm-adjusted p, significant."""
    from .tableview import Grid

    def num(x: float) -> float | None:
        return None if x != x or math.isinf(x) else x

    rows = []
    for o in report.outcomes:
        value = yaml_of(report.rules, o.question.path, o.reading.value)
        for k in report.key_metrics:
            d = o.rows.get(k)
            if d is None:
                continue
            reach = [num(o.reach[lv][0].mean) if lv in o.reach else None for lv in REACH_LEVELS]
            rows.append((o.question.path, value, o.reading.origin, k, num(d.chosen.mean), num(d.alternative.mean),
                         num(d.diff.mean), num(d.diff.lo), num(d.diff.hi), num(d.p_holm), bool(d.significant),
                         *reach))
    return Grid(("knob", "alternative", "origin", "metric", "chosen", "alternative_mean", "diff", "ci95_lo",
                 "ci95_hi", "p_holm", "significant", "reached_rate", "play_rate", "decisive_rate"), rows,
                title=f"Readings of {_label(report)}")


def _alt(report: ReadingsReport, o: Any, md: bool = False) -> str:
    """An alternative's value in words, and the whole reading it comes with."""
    text = (_md_value if md else _value)(report, o.question.path, o.reading.value)
    return text + (f" (whole reading {o.reading.reading})" if o.reading.reading else "")


def reach_lines(report: ReadingsReport) -> list[str]:
    """For each alternative, whether its rule was reached, changed the play and was decisive."""
    hands = report.settings["hands"]
    probe = report.extra.get("probe", {}).get("hands", 0)
    bots = ",".join(report.settings["bots"]) + " bots"
    out = []
    for o in report.outcomes:
        out.append(f"{o.question.path} → {_alt(report, o)}: {reach_words(o, hands, probe, bots)}")
    for q, r, why in report.extra.get("unplayed", ()):
        whole = f" (whole reading {r.reading})" if r.reading else ""
        out.append(f"{q.path} → {_value(report, q.path, r.value)}{whole}: {why}")
    return out


REACH_HEAD = ("Was each rule reached? Each alternative against the ruleset as written, hand by hand on "
              "the same deals, up to the first hand of each partie where they differ: reached (anything "
              "differed: what the players were offered, what they did, what they were paid), changed the "
              "play, decided what was won and lost.")


def report_markdown(report: ReadingsReport) -> str:
    """GitHub-flavoured markdown: the table of readings, what was controlled, the ranking."""
    keys = report.key_metrics
    lines = [f"## Readings of {_label(report)}", "", _settings(report), ""]
    if not report.outcomes:
        lines += ["No knob of this ruleset records alternatives; name some with `--knob PATH=V1,V2`.", ""]
        return "\n".join(lines)
    head = ["Knob", "Provenance", "Chosen → alternative"] + [f"Δ {metric_label(k)}" for k in keys]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("| " + " | ".join(["---"] * 3 + ["---:"] * len(keys)) + " |")
    for o in report.outcomes:
        q = o.question
        row = [f"{_md_cell(q.title)} (`{q.path}`)", f"{q.kind} → {o.reading.kind}",
               f"{_md_value(report, q.path, q.chosen)} → {_alt(report, o, md=True)}"]
        row += [_cell(o.rows.get(k)) for k in keys]
        lines.append("| " + " | ".join(row) + " |")
    lines += ["", _control_words(report), _chosen_words(report)]
    lines += ["", REACH_HEAD, ""] + [f"- {_md_cell(x)}" for x in reach_lines(report)]
    if not report.chips_conserved:
        lines.append("**Chips were not conserved in some hand: the figures are suspect.**")
    lines += ["", "### Ranking", "", SCORE_WORDS[0].upper() + SCORE_WORDS[1:] + ".", "",
              "| Rank | Knob | Score | Largest move |", "| ---: | --- | ---: | --- |"]
    for k in report.ranking:
        lines.append(f"| {k.rank} | {_md_cell(k.title)} (`{k.path}`) | {_score(k.score)} | "
                     f"{_md_cell(_biggest(k, report))} |")
    return "\n".join(lines) + "\n"


def _rule_columns(table: Any) -> None:
    """The columns that say which rule a row of the readings is about."""
    table.add_column("knob")
    table.add_column("provenance")
    table.add_column("chosen → alternative")


def _rule_cells(report: ReadingsReport, o: Outcome) -> tuple[str, str, str]:
    """A row's rule: its title and path, the provenances, the chosen value and the alternative."""
    q = o.question
    return (f"{q.title}\n{q.path}", f"{q.kind} → {o.reading.kind}",
            f"{_value(report, q.path, q.chosen)} → {_alt(report, o)}")


def _print_narrow(report: ReadingsReport, console: Any) -> None:
    """The readings table split to fit a narrow screen: each alternative numbered with its
    rule, then its outcomes by number, in as many tables as the metrics need."""
    from rich.table import Table
    from rich.text import Text

    keys = report.key_metrics
    rules = Table(title_justify="left", show_lines=True)
    rules.add_column("#", justify="right", no_wrap=True)
    _rule_columns(rules)
    for n, o in enumerate(report.outcomes, 1):
        rules.add_row(str(n), *_rule_cells(report, o))

    def paragraphs() -> None:  # even the rules alone do not fit: one paragraph each
        for n, o in enumerate(report.outcomes, 1):
            q = o.question
            console.print(Text(screen.wrap(f"{n}. {q.title} ({q.path}): {q.kind} → {o.reading.kind}; "
                                           f"{_value(report, q.path, q.chosen)} → {_alt(report, o)}",
                                           console.width)))

    screen.show(console, rules, otherwise=paragraphs)

    def outcomes(cols: range) -> Any:
        table = Table(title_justify="left")
        table.add_column("#", justify="right", no_wrap=True)
        for i in cols:
            table.add_column(screen.heading(f"Δ {metric_label(keys[i])}", 16), justify="right", no_wrap=True)
        for n, o in enumerate(report.outcomes, 1):
            table.add_row(str(n), *[_cell(o.rows.get(keys[i]), sep="\n") for i in cols])
        return table

    for cols in screen.column_groups(console, outcomes, len(keys)):
        console.print(outcomes(cols))


def print_report(report: ReadingsReport, console: Any = None) -> None:
    """The same report as rich tables on the terminal."""
    from rich.table import Table
    from rich.text import Text

    console = console or screen.console()
    console.print(f"[bold]hoc readings {_label(report)}[/bold]")
    console.print(_settings(report))
    if not report.outcomes:
        console.print("No knob of this ruleset records alternatives; name some with --knob PATH=V1,V2.")
        return
    keys = report.key_metrics

    whole = Table(title_justify="left", show_lines=True)  # each rule and its outcomes on one line
    _rule_columns(whole)
    for k in keys:
        whole.add_column(f"Δ {metric_label(k)}", justify="right", no_wrap=True)
    for o in report.outcomes:
        whole.add_row(*_rule_cells(report, o), *[_cell(o.rows.get(k), sep="\n") for k in keys])
    # too narrow: the rules numbered in one table, their outcomes by number in others
    screen.show(console, whole, otherwise=lambda: _print_narrow(report, console))
    console.print(_control_words(report))
    console.print(_chosen_words(report))
    console.print(REACH_HEAD, highlight=False)
    for line in reach_lines(report):
        console.print(Text(screen.wrap("  " + line, console.width)), highlight=False)
    if not report.chips_conserved:
        console.print("[red]Chips were not conserved in some hand: the figures are suspect.[/red]")
    ranking = Table(title="Ranking (" + SCORE_WORDS + ")", title_justify="left")
    ranking.add_column("rank", justify="right")
    ranking.add_column("knob")
    ranking.add_column("score", justify="right")
    ranking.add_column("largest move")
    for r in report.ranking:
        ranking.add_row(str(r.rank), f"{r.title} ({r.path})", _score(r.score), _biggest(r, report))

    def ranked_lines() -> None:
        console.print(Text("Ranking (" + SCORE_WORDS + ")", style="italic"))
        for r in report.ranking:
            console.print(Text(screen.wrap(f"{r.rank}. {r.title} ({r.path}), score {_score(r.score)}: "
                                           f"{_biggest(r, report)}", console.width)))

    screen.show(console, ranking, otherwise=ranked_lines)
