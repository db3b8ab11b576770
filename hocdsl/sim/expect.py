"""Whether a ruleset's expectations hold in simulated play.

An expectation (:class:`~hocdsl.rules.model.Expectation`, written under ``expectations:``)
is a condition on metrics of :func:`hocdsl.sim.simulate`. Its verdict, from the metric's
95% interval (or, for two metrics, the paired interval of their difference on the same
hands):

- ``holds``: the whole interval is on the side the source says;
- ``fails``: the whole interval is on the other side;
- ``undecided``: the interval straddles the bound: more hands may decide;
- ``not measured``: the ruleset does not report the metric at this number of players,
  or the expectation speaks of other numbers of players.

>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.sim import simulate
>>> r = load_ruleset("nain-jaune-1760")
>>> res = simulate(r, hands=200, players=3, seed=1, contrasts=contrasts(r))
>>> v = {x.expectation.id: x.verdict for x in verdicts(r, res)}
>>> v["hands-of-a-sitting"]
'holds'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..rules.errors import RulesetError
from ..rules.model import Expectation, Ruleset
from .metrics import Layout
from .stats import Stat

Verdict_ = Literal["holds", "fails", "undecided", "not measured"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """One expectation checked: ``verdict``, the interval it rests on (of the metric, or of
    the difference of the two metrics) and the verdict in words."""

    expectation: Expectation
    verdict: Verdict_
    stat: Stat | None
    words: str

    def to_json(self) -> dict[str, Any]:
        e = self.expectation
        return {"id": e.id, "says": e.says, "holds": e.holds, "provenance": e.provenance.cite(),
                "verdict": self.verdict, "estimate": self.stat.to_json() if self.stat else None,
                "words": self.words}


def metric_errors(rules: Ruleset) -> list[RulesetError]:
    """An expectation naming a metric the ruleset never reports (at any number of players it
    speaks of), at its ``holds:``."""
    out: list[RulesetError] = []
    if not rules.expectations:
        return out
    names: dict[int, set[str]] = {}
    for n in rules.players:
        try:
            names[n] = {m.name for m in Layout(rules, n).metrics}
        except ValueError:  # a count the simulator does not seat
            continue
    for e in rules.expectations:
        counts = [n for n in (e.players or rules.players) if n in names]
        known = set().union(*(names[n] for n in counts)) if counts else set()
        for metric in e.metrics():
            if metric not in known:
                from ..rules.errors import suggest

                out.append(RulesetError(
                    e.file, e.line, e.column, f"expectations.{e.id}.holds", f"the metric `{metric}`",
                    "a metric `hoc simulate` reports for this ruleset"
                    + (f" at {', '.join(map(str, counts))} players" if counts else ""),
                    suggestion=suggest(metric, sorted(known)),
                    hint=f"`hoc simulate {rules.name} --format json` lists them"))
    return out


def contrasts(rules: Ruleset) -> list[tuple[str, str]]:
    """The pairs of metrics the expectations compare, for ``simulate(contrasts=...)``."""
    return [(e.left, e.right) for e in rules.expectations if isinstance(e.right, str)]


def _side(lo: float, hi: float, bound: float, above: bool) -> Verdict_:
    if lo != lo or hi != hi:
        return "undecided"
    if above:
        return "holds" if lo > bound else "fails" if hi < bound else "undecided"
    return "holds" if hi < bound else "fails" if lo > bound else "undecided"


def _fmt(x: float) -> str:
    return "nan" if x != x else f"{x:.4g}"


def check(e: Expectation, result: Any) -> Verdict:
    """The verdict on one expectation from a :class:`~hocdsl.sim.SimResult`."""
    if e.players and result.players not in e.players:
        return Verdict(e, "not measured", None,
                       f"speaks of {', '.join(map(str, e.players))} players, not {result.players}")
    left = result.metrics.get(e.left)
    if left is None:
        return Verdict(e, "not measured", None, f"{e.left} is not reported at {result.players} players")
    if e.op == "between":
        assert isinstance(e.right, float) and e.high is not None
        low = _side(left.lo, left.hi, e.right, True)
        high = _side(left.lo, left.hi, e.high, False)
        verdict: Verdict_ = ("holds" if low == high == "holds" else
                             "fails" if "fails" in (low, high) else "undecided")
        return Verdict(e, verdict, left, f"{e.left} = {_fmt(left.mean)} [{_fmt(left.lo)}, {_fmt(left.hi)}]"
                       f" against {_fmt(e.right)} to {_fmt(e.high)}")
    if isinstance(e.right, str):
        diff = result.contrasts.get(f"{e.left} - {e.right}")
        if diff is None:
            return Verdict(e, "not measured", None, f"{e.right} is not reported at {result.players} players")
        verdict = _side(diff.lo, diff.hi, 0.0, e.op == ">")
        return Verdict(e, verdict, diff, f"{e.left} - {e.right} = {_fmt(diff.mean)} "
                       f"[{_fmt(diff.lo)}, {_fmt(diff.hi)}] (paired, on the same hands)")
    verdict = _side(left.lo, left.hi, float(e.right), e.op == ">")
    return Verdict(e, verdict, left, f"{e.left} = {_fmt(left.mean)} [{_fmt(left.lo)}, {_fmt(left.hi)}]")


def verdicts(rules: Ruleset, result: Any) -> list[Verdict]:
    """Every expectation of ``rules`` checked against ``result``."""
    return [check(e, result) for e in rules.expectations]


def margin(v: Verdict) -> float:
    """How far the estimate lies on the right side of the bound, in units of the interval's
    half-width (positive: on the side the source says); NaN when not measured. A reading's
    agreement with a source is scored by it (:mod:`hocdsl.reconstruct`)."""
    e, s = v.expectation, v.stat
    if s is None or s.mean != s.mean:
        return math.nan
    half = (s.hi - s.lo) / 2 if s.hi == s.hi else math.nan
    if not half or half != half:
        half = 1e-9
    if e.op == "between":
        assert isinstance(e.right, float) and e.high is not None
        return min(s.mean - e.right, e.high - s.mean) / half
    bound = 0.0 if isinstance(e.right, str) else float(e.right)
    return (s.mean - bound) / half if e.op == ">" else (bound - s.mean) / half


def verdicts_text(checked: Sequence[Verdict], players: int) -> str:
    """The verdicts in words, one a line, for ``hoc simulate``."""
    import textwrap

    held = sum(v.verdict == "holds" for v in checked)
    lines = [f"What the sources say about play, at {players} players: {held} of {len(checked)} hold"]
    for v in checked:
        e = v.expectation
        lines += textwrap.wrap(f"{v.verdict.upper():<10} {e.id}: {e.says} ({e.holds}; "
                               f"{e.provenance.cite()}): {v.words}", 100, subsequent_indent=" " * 11)
    lines.append("(holds / fails: the 95% interval lies wholly on the side the source says / the other side; "
                 "undecided: it straddles the bound, more hands may decide)")
    return "\n".join(lines)


__all__ = ["verdicts_text", "Verdict", "metric_errors", "contrasts", "check", "verdicts", "margin"]
