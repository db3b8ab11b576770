"""``hoc reconstruct`` as text, markdown, JSON and CSV (:mod:`hocdsl.reconstruct` computes it)."""

from __future__ import annotations

import math
import textwrap
from typing import Any

from .reconstruct import Candidate, ReconstructReport
from .sim.stats import Stat

HOW_TO_READ = (
    "How to read it: each whole reading picks one option of every lost or doubtful rule. The score (0 to 1) "
    "is the weighted mean of the measures: sources (how far the expectations the ruleset takes from its "
    "sources hold), balance (exp(-gap/0.25), gap = best minus worst position's net per hand in standard "
    "deviations), length (turns per hand within the band), choice (the share of hands whose winner changes "
    "when one seat plays at random on the same deal: the result decided by choices, not by the deal) and lead "
    "(how often the partie's leader changes). Readings clearly worse than the leader were dropped early on "
    "the same deals; 'best-like' marks those the data cannot tell from the best (Holm, 5%). A rule the "
    "ranking does not depend on is one the surviving text need not settle for the game to play as well; one "
    "it depends on is where the lost text mattered.")


def _num(x: float) -> float | None:
    return None if x is None or x != x or math.isinf(x) else x


def _f(x: float, digits: int = 2) -> str:
    return "n/a" if x != x else f"{x:.{digits}f}"


def _pct(x: float) -> str:
    return "n/a" if x != x else f"{x * 100:.0f}%"


def _ci(st: Stat) -> str:
    return f"[{_f(st.lo)}, {_f(st.hi)}]" if st.lo == st.lo else ""


def _sources(c: Candidate) -> str:
    if not c.verdicts:
        return "—"
    held = sum(v.verdict == "holds" for v in c.verdicts)
    return f"{held}/{len(c.verdicts)}"


def _status(c: Candidate) -> str:
    if c.dropped:
        return c.dropped
    return "best-like" if c.best_like else "worse than the best"


def header_lines(rep: ReconstructReport) -> list[str]:
    s = rep.settings
    n = len(rep.candidates)
    lost = sum(q.lost for q in rep.questions)
    how = "every one" if rep.total <= n + len(rep.invalid) else f"a balanced sample of {n + len(rep.invalid):,}"
    lines = [f"hoc reconstruct {rep.rules.name}: {rep.total:,} whole readings of {len(rep.questions)} rules "
             f"with alternatives ({lost} lost); played {how}",
             f"{s['players']} players, bots {','.join(s['bots'])} (twin table: {','.join(s['twin_bots'])}), "
             f"seed {s['seed']}, at most {s['hands']:,} hands a reading"]
    for path, option, why in s.get("set_aside", ()):
        lines.append(f"Set aside: {path}={option}: {why.split(': ', 1)[-1]}")
    if rep.invalid:
        lines.append(f"{len(rep.invalid)} whole reading{'s' if len(rep.invalid) != 1 else ''} not played: "
                     f"{_invalid_words(rep)}")
    pct = rep.hands_played / rep.hands_full * 100 if rep.hands_full else 0
    lines.append(f"Hands played: {rep.hands_played:,} ({pct:.0f}% of the {rep.hands_full:,} that playing every "
                 f"reading to the end would take, twin tables included)")
    if not rep.chips_conserved:
        lines.append("CHIPS WERE NOT CONSERVED in some hand: the figures are suspect (an engine fault; please report it)")
    lines.append("Rounds: " + "; ".join(f"{b * s['batch_hands']:,} hands: {n_in} in, {d} dropped as clearly worse"
                                        for b, n_in, d in rep.rounds))
    return lines


def _invalid_words(rep: ReconstructReport) -> str:
    kinds: dict[str, int] = {}
    for _combo, why in rep.invalid:
        key = "does not seat the players" if "played by" in why else why.split(":")[0][:80]
        kinds[key] = kinds.get(key, 0) + 1
    return "; ".join(f"{k} ({v})" for k, v in kinds.items())


def ranking_lines(rep: ReconstructReport, top: int, width: int = 100) -> list[str]:
    lines = ["rank  score [95% interval]   sources  gap   turns  choice  lead   hands   status"]
    for i, c in enumerate(rep.ranking()[:top], 1):
        m = c.measures
        lines.append(f"{i:>4}  {_f(c.score.mean)} {_ci(c.score):<16}  {_sources(c):>7}  {_f(m['gap'].mean):>4}  "
                     f"{_f(m['turns'].mean, 0):>5}  {_pct(m['choice'].mean):>6}  {_pct(m['lead'].mean):>4}  "
                     f"{c.hands:>6,}   {_status(c)}")
        lines += textwrap.wrap(rep.label(c), width, initial_indent="      ", subsequent_indent="      ")
    if len(rep.candidates) > top:
        lines.append(f"      ... and {len(rep.candidates) - top} more (--top N shows more; --format csv all)")
    return lines


def effect_lines(rep: ReconstructReport, width: int = 100) -> list[str]:
    lines = ["Which lost or doubtful rules the ranking depends on (each option's effect on the score against the "
             "value as written, fitted on the first round's hands over every reading; Holm over the rules, 5%):"]
    for e in sorted(rep.effects, key=lambda e: (not e.matters, -(_num(e.spread) or 0))):
        q = e.rule
        if len(q.options) < 2:
            lines += textwrap.wrap(f"{q.path}: not compared: only the value as written can be played here",
                                   width, initial_indent="  ", subsequent_indent="      ")
            continue
        opts = ", ".join(f"{o.plain or o.words} {m:+.3f}" for o, m in zip(q.options, e.means) if m == m)
        if all(m != m for m in e.means):  # not estimable (see reconstruct._effects)
            lines += textwrap.wrap(f"{q.path}{' (lost)' if q.lost else ''}: cannot tell: these readings never "
                                   "change it apart from other rules (too few readings: play more, or all)",
                                   width, initial_indent="  ", subsequent_indent="      ")
            continue
        verdict = "DEPENDS" if e.matters else "does not matter"
        text = (f"{q.path}{' (lost)' if q.lost else ''}: {verdict} (spread {_f(e.spread, 3)}, p_holm "
                f"{_f(e.p_holm, 3)}): {opts}")
        lines += textwrap.wrap(text, width, initial_indent="  ", subsequent_indent="      ")
    return lines


def expectation_lines(rep: ReconstructReport, width: int = 100) -> list[str]:
    best = rep.ranking()[0]
    if not best.verdicts:
        return ["The ruleset states no expectations (`expectations:`): the score is playability alone."]
    lines = ["What the sources say, under the best reading:"]
    for v in best.verdicts:
        lines += textwrap.wrap(f"{v.verdict.upper():<10} {v.expectation.id} ({v.expectation.holds}): {v.words}",
                               width, initial_indent="  ", subsequent_indent="             ")
    return lines


def report_text(rep: ReconstructReport, top: int = 15, width: int = 100) -> str:
    out = header_lines(rep) + [""] + ranking_lines(rep, top, width) + [""] + effect_lines(rep, width)
    out += [""] + expectation_lines(rep, width) + [""] + textwrap.wrap(HOW_TO_READ, width)
    return "\n".join(out) + "\n"


def _md(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def report_markdown(rep: ReconstructReport, top: int = 15) -> str:
    lines = ["## Reconstructions of " + rep.rules.name, ""] + [_md(x) + "  " for x in header_lines(rep)[1:]]
    lines += ["", "| Rank | Score | 95% interval | Sources | Gap | Turns | Choice | Lead | Hands | Status | Reading |",
              "| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"]
    for i, c in enumerate(rep.ranking()[:top], 1):
        m = c.measures
        lines.append(f"| {i} | {_f(c.score.mean)} | {_ci(c.score)} | {_sources(c)} | {_f(m['gap'].mean)} | "
                     f"{_f(m['turns'].mean, 0)} | {_pct(m['choice'].mean)} | {_pct(m['lead'].mean)} | {c.hands:,} | "
                     f"{_md(_status(c))} | {_md(rep.label(c))} |")
    lines += ["", "### Which rules the ranking depends on", ""]
    lines += ["- " + _md(x.strip()) for x in effect_lines(rep, 10_000)[1:]]
    lines += ["", _md(HOW_TO_READ), ""]
    return "\n".join(lines)


def _stat(st: Stat) -> dict[str, Any]:
    return st.to_json()


def report_json(rep: ReconstructReport) -> dict[str, Any]:
    """Everything: the settings, the rules and their options, every candidate (options,
    picks, score and measures with intervals, verdicts, hands, status), the effects."""
    return {
        "ruleset": rep.rules.name, "extensions": list(rep.rules.extensions), **rep.settings,
        "whole_readings": rep.total, "played": len(rep.candidates), "not_played": len(rep.invalid),
        "hands_played": rep.hands_played, "hands_full": rep.hands_full, "chips_conserved": rep.chips_conserved,
        "rounds": [{"hands": b * rep.settings["batch_hands"], "in": n, "dropped": d} for b, n, d in rep.rounds],
        "rules": [{"path": q.path, "title": q.title, "lost": q.lost,
                   "options": [{"words": o.words, "kind": o.kind, "pick": str(o.pick) if o.pick else None}
                               for o in q.options]} for q in rep.questions],
        "ranking": [{"rank": i, "reading": rep.label(c), "options": list(c.options),
                     "picks": [str(p) for p in c.picks], "score": _stat(c.score),
                     "measures": {k: _stat(v) for k, v in c.measures.items()},
                     "expectations": [v.to_json() for v in c.verdicts], "hands": c.hands,
                     "status": _status(c), "best_like": c.best_like}
                    for i, c in enumerate(rep.ranking(), 1)],
        "effects": [{"rule": e.rule.path, "lost": e.rule.lost, "means": [_num(m) for m in e.means],
                     "spread": _num(e.spread), "p": _num(e.p), "p_holm": _num(e.p_holm), "matters": e.matters,
                     "best": e.rule.options[e.best].words if e.means else None} for e in rep.effects],
        "how_to_read": HOW_TO_READ,
    }


def report_grid(rep: ReconstructReport) -> Any:
    from .tableview import Grid

    rows = []
    for i, c in enumerate(rep.ranking(), 1):
        m = c.measures
        rows.append((i, _num(c.score.mean), _num(c.score.lo), _num(c.score.hi), _sources(c),
                     _num(m["gap"].mean), _num(m["turns"].mean), _num(m["choice"].mean), _num(m["lead"].mean),
                     c.hands, _status(c), rep.label(c)))
    return Grid(("rank", "score", "ci95_lo", "ci95_hi", "sources", "gap", "turns", "choice", "lead", "hands",
                 "status", "reading"), rows, title=f"Reconstructions of {rep.rules.name}")


__all__ = ["report_text", "report_markdown", "report_json", "report_grid", "HOW_TO_READ"]
