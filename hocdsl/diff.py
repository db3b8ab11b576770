"""Two readings of the rules side by side: the knobs that differ, then the outcomes.

``hoc diff A B`` is the job historians come for. First the rules: every knob
whose resolved value differs between the two rulesets (``extends:`` and
extensions applied), matched by its path and grouped by section, pool and
stage in the order of play, each value in words
(:func:`hocdsl.rules.describe.describe`) with its source or editorial note. A
stage, pool or section only one ruleset has is one row ("stage X: only in
A") and nothing more; stages both have in another order, or of another kind,
are one row too. Stages are paired by id; those left over are paired by kind (and what a
vie stage bids on), in their order, so that a stage renamed in B (``point`` in A,
``le-point`` in B) is compared knob by knob under a row that says which was matched to
which (``stage-matched``); a stage still left over is "only in" its ruleset. With ``provenance=True`` (``hoc diff --provenance``) the knobs
whose values agree but whose provenance differs are listed as well. Then, when hands are asked for, the outcomes of simulated play on the
same deals (:func:`hocdsl.sim.compare`, common random numbers): each metric
for A, for B, the difference B − A and its 95% interval, flagged where the
interval excludes zero.

>>> from hocdsl.rules import load_ruleset
>>> d = rules_diff(load_ruleset("hoc-mazarin"), load_ruleset("hoc-mazarin-wikipedia"))
>>> [k.knob for k in d if k.stage in ("card_game", "settle")]
['card_game.principal_wild', 'settle.end_payment']
>>> d[-1].a.words
'1 card left pays 6; 2 pays 4; 3–9 pay 1 a card; 10 or more pay 2 a card'
>>> d[-1].b.words
'1 card left pays 6; 2 pays 8; 3–9 pay 1 a card; 10 or more pay 2 a card'

Four renderings of one :class:`DiffReport`: :func:`report_json` (plain data, every
row), two tidy tables for CSV and LaTeX (:func:`rules_grid`: one row per knob and
ruleset; :func:`outcomes_grid`: one row per ruleset, metric and statistic, numbers
only in its ``value`` column), :func:`report_markdown`
(GitHub-flavoured tables that paste into a paper or a wiki) and
:func:`print_report` (rich tables on a terminal). The last two show the outcomes
that matter (:func:`select_outcomes`: the key rows, then the significant
differences, at most a screenful) with a legend of the metrics shown
(:func:`legend`) and how many rows were left out and why; ``all_rows`` shows
every row. The rules part is ready at once: ``hoc diff`` prints it
(:func:`print_rules`) before the simulation starts.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import screen
from .cards import with_article
from .gist import gist
from .keys import CHIPS, PlayedFor, played_for
from .rules.build import yaml_value
from .rules.describe import knob_title, section_title
from .rules.model import SECTIONS, Ruleset, knob_fields
from .rules.render import value_words
from .tableview import Grid

__all__ = [
    "KnobSide", "KnobDiff", "OutcomeRow", "DiffReport", "rules_diff", "outcome_rows",
    "diff_report", "report_json", "report_markdown", "print_report", "label",
    "format_number", "SIGNIFICANT_MARK", "ROW_KINDS", "rules_report", "with_outcomes", "Selection",
    "select_outcomes", "metric_words", "legend", "legend_of", "print_legend", "left_out_words", "METRIC_LEGEND",
    "rules_markdown", "outcomes_markdown",
    "diff_grid", "rules_grid", "outcomes_grid", "rules_paper_grid", "outcomes_paper_grid", "TABLES", "stage_matches", "print_rules", "print_outcomes", "is_key", "same_value",
]

#: The flag put beside a difference whose 95% interval excludes zero.
SIGNIFICANT_MARK = "*"

#: What a row of the rules part is: a knob whose value differs; with ``--provenance``
#: one whose value agrees but whose provenance does not; the order of the stages
#: both have; a stage of one kind in A and another in B; a vie stage bidding for
#: another pool; a stage of A matched by kind to a stage of B with another id (its
#: knobs follow, compared); a stage, pool or section (``bidding``) only one ruleset has.
ROW_KINDS = ("knob", "provenance", "stage-order", "stage-kind", "stage-pool", "stage-matched",
             "stage-only-in-a", "stage-only-in-b", "pool-only-in-a", "pool-only-in-b",
             "section-only-in-a", "section-only-in-b", "combination")


# ------------------------------------------------------------ the rules ----


@dataclass(frozen=True, slots=True)
class KnobSide:
    """One ruleset's value of a knob: plain YAML value, words, and where it comes from."""

    value: Any  # as a ruleset file writes it (yaml_value); None where the ruleset lacks it
    words: str  # in words a historian reads
    provenance: str  # "lalanne §9.3" or "editorial: ..."; "" for the structure of the file
    note: str | None = None
    declared_in: str | None = None  # the ruleset or extension file that set it
    #: ``source``, ``inferred``, ``borrowed``, ``editorial``, ``lost`` or ``approximated``;
    #: None for a row about the structure of the file
    provenance_kind: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"value": self.value, "words": self.words, "provenance": self.provenance,
                "provenance_kind": self.provenance_kind, "note": self.note, "declared_in": self.declared_in}


@dataclass(frozen=True, slots=True)
class KnobDiff:
    """One row of the rules part: a knob whose value differs between ruleset A and
    ruleset B, or a difference of structure (``kind``, one of :data:`ROW_KINDS`)."""

    knob: str  # the knob's path, "settle.end_payment"; the stage or pool id for a structural row
    stage: str  # the group: a section, "pools.<id>", a stage id, or "stages" (their order)
    stage_title: str  # "Settling the card game"
    title: str  # "End payment by cards left"
    a: KnobSide
    b: KnobSide
    kind: str = "knob"
    #: B's own path where it is not ``knob``: a knob of a stage matched by kind under
    #: another id (``le-point.keys`` for A's ``point.keys``), or B's id of a matched stage
    knob_b: str | None = None

    @property
    def path_b(self) -> str:
        """The knob's (or the group's) path in ruleset B."""
        return self.knob_b or self.knob

    def as_dict(self) -> dict[str, Any]:
        return {"knob": self.knob, "knob_b": self.knob_b, "kind": self.kind, "stage": self.stage,
                "stage_title": self.stage_title, "title": self.title, "a": self.a.as_dict(), "b": self.b.as_dict()}


def label(rules: Ruleset) -> str:
    """The ruleset's name with its extensions: ``hoc-mazarin + triple-game``."""
    return " + ".join((rules.name,) + tuple(rules.extensions))


def _plain_value(rules: Ruleset, path: str, value: Any) -> Any:
    cls = rules.section_of(path).__class__
    return yaml_value(cls, path.rpartition(".")[2], value)


#: what a side says of a knob its ruleset does not set (no provenance: the model's default)
DEFAULT_PROVENANCE = "not set in the file: the model's default"


def knob_side(rules: Ruleset, path: str, value: Any) -> KnobSide:
    """One ruleset's side of a knob: its value, in words, and where the value comes from."""
    prov = rules.provenance.get(path)
    return KnobSide(
        value=_plain_value(rules, path, value),
        words=value_words(rules, path, value),
        provenance=prov.cite() if prov is not None else DEFAULT_PROVENANCE,
        note=prov.note if prov is not None else None,
        declared_in=prov.declared_in if prov is not None else None,
        provenance_kind=prov.kind if prov is not None else None,
    )


def same_value(cls: type, name: str, va: Any, vb: Any) -> bool:
    """Whether two values of the knob ``name`` of the section or stage class ``cls`` are the
    same as a ruleset file writes them (so two sets of cards in another order, or a mapping
    in another order, are the same value). :func:`rules_diff` and :mod:`hocdsl.family` compare
    knobs by it.

    >>> from hocdsl.rules.model import Stops
    >>> same_value(Stops, "principal_hocs", frozenset({36, 12}), frozenset({12, 36}))
    True
    """
    return bool(yaml_value(cls, name, va) == yaml_value(cls, name, vb))


def _same_provenance(a: Ruleset, b: Ruleset, path: str, path_b: str | None = None) -> bool:
    pa, pb = a.provenance.get(path), b.provenance.get(path_b or path)
    if pa is None or pb is None:
        return pa is pb
    return (pa.kind, pa.text) == (pb.kind, pb.text)


def _merged(xs: Sequence[str], ys: Sequence[str]) -> list[str]:
    """``xs`` in order, each of ``ys`` that ``xs`` lacks put after the one before it in ``ys``.

    >>> _merged(["point", "card_game", "settle"], ["blank_hand", "point", "board", "card_game"])
    ['blank_hand', 'point', 'board', 'card_game', 'settle']
    """
    out = list(xs)
    at = -1  # where the last of ys placed so far stands in out
    for y in ys:
        if y in out:
            at = out.index(y)
        else:
            at += 1
            out.insert(at, y)
    return out


def _kind_key(stage: Any) -> tuple[str, str | None]:
    """What a stage is for matching: its kind, and for a vie stage what it bids on."""
    return (str(stage.kind), getattr(stage, "on", None))


def stage_matches(a: Ruleset, b: Ruleset) -> dict[str, str]:
    """``{A's stage id: B's stage id}`` for the stages paired by kind under different ids.

    Stages with the same id in both are paired by it (and are not in the result); of the
    stages left over, those of the same kind (and, for a vie stage, on the same thing)
    are paired in their order, the first of A with the first of B, and so on. A stage
    still left over has no match ("only in" its ruleset).
    """
    ia, ib = [s.id for s in a.stages], [s.id for s in b.stages]
    left_a = [s for s in a.stages if s.id not in ib]
    left_b = [s for s in b.stages if s.id not in ia]
    out: dict[str, str] = {}
    for key in dict.fromkeys(_kind_key(s) for s in left_a):
        of_b = [s.id for s in left_b if _kind_key(s) == key]
        of_a = [s.id for s in left_a if _kind_key(s) == key]
        out.update(zip(of_a, of_b))
    return out


def _groups(a: Ruleset, b: Ruleset, matches: dict[str, str]) -> list[str]:
    """Every knob group of either ruleset: sections, then pools, then stages in the order of
    play (a stage of B matched to one of A under A's id)."""
    pa, pb = dict(a.sections()), dict(b.sections())
    sections = [s for s in SECTIONS if s in pa or s in pb]
    pools = _merged(a.pool_ids, b.pool_ids)
    back = {v: k for k, v in matches.items()}
    stages = _merged([s.id for s in a.stages], [back.get(s.id, s.id) for s in b.stages])
    return sections + [f"pools.{p}" for p in pools] + stages


def _part(prefix: str) -> str:
    """``section``, ``pool`` or ``stage``: what a knob group is."""
    if prefix in SECTIONS:
        return "section"
    return "pool" if prefix.startswith("pools.") else "stage"


def _declared_in(rules: Ruleset, prefix: str) -> str | None:
    """The file that declared a group: that of its first knob's provenance."""
    for path, prov in rules.provenance.items():
        if path.rpartition(".")[0] == prefix and prov.declared_in:
            return prov.declared_in
    return None


def _stage_words(rules: Ruleset, stage_id: str) -> str:
    """``a vie stage on run, for the sequence pool (stage 2 of 6)``."""
    st = rules.stage(stage_id)
    on = getattr(st, "on", None)
    pool = getattr(st, "pool", None)
    ids = [s.id for s in rules.stages]
    return (with_article(f"{st.kind} stage") + (f" on {on}" if on else "") + (f", for the {pool} pool" if pool else "")
            + f" (stage {ids.index(stage_id) + 1} of {len(ids)})")


def _group_words(rules: Ruleset, prefix: str, obj: Any) -> str:
    """A whole group in words: a stage by its kind; a pool or section knob by knob."""
    if _part(prefix) == "stage":
        return _stage_words(rules, prefix)
    parts = []
    for n, _spec in knob_fields(obj.__class__):
        path = f"{prefix}.{n}"
        parts.append(f"{knob_title(rules, path).lower()}: {value_words(rules, path, getattr(obj, n))}")
    return "; ".join(parts)


def _present(rules: Ruleset, prefix: str, obj: Any) -> KnobSide:
    value: Any = {"kind": obj.kind, "on": getattr(obj, "on", None), "pool": getattr(obj, "pool", None)} \
        if _part(prefix) == "stage" else {n: _plain_value(rules, f"{prefix}.{n}", getattr(obj, n))
                                          for n, _spec in knob_fields(obj.__class__)}
    where = _declared_in(rules, prefix)
    return KnobSide(value, _group_words(rules, prefix, obj), f"declared in {where}" if where else "",
                    declared_in=where)


def _absent(part: str) -> KnobSide:
    return KnobSide(None, f"no such {part} in this ruleset", "")


def _only_in_one(a: Ruleset, b: Ruleset, prefix: str, obj: Any, in_a: bool) -> KnobDiff:
    """The one row for a group only one ruleset has (and nothing more for it)."""
    part = _part(prefix)
    rules = a if in_a else b
    name = prefix[6:] if part == "pool" else prefix
    title = f"{part} {name}: only in {'A' if in_a else 'B'}"
    here, there = _present(rules, prefix, obj), _absent(part)
    return KnobDiff(name, prefix, section_title(rules, prefix), title,
                    here if in_a else there, there if in_a else here,
                    f"{part}-only-in-{'a' if in_a else 'b'}")


def _order_row(a: Ruleset, b: Ruleset, matches: dict[str, str]) -> KnobDiff | None:
    """A row for the stages both rulesets have (or that were matched) when they come in another order."""
    ia, ib = [s.id for s in a.stages], [s.id for s in b.stages]
    back = {v: k for k, v in matches.items()}
    mapped_b = [back.get(s, s) for s in ib]
    common_a = [s for s in ia if s in mapped_b]
    common_b = [s for s in mapped_b if s in ia]
    if common_a == common_b:
        return None

    def side(ids: list[str]) -> KnobSide:
        return KnobSide(ids, " → ".join(ids), "")

    return KnobDiff("stages", "stages", "The order of the stages", "Order of play", side(ia), side(ib),
                    "stage-order")


def _matched_row(a: Ruleset, b: Ruleset, prefix: str, prefix_b: str) -> KnobDiff:
    """The row that says stage ``prefix`` of A was matched by kind to ``prefix_b`` of B."""

    def side(rules: Ruleset, stage_id: str) -> KnobSide:
        st = rules.stage(stage_id)
        value = {"id": stage_id, "kind": st.kind, "on": getattr(st, "on", None), "pool": getattr(st, "pool", None)}
        return KnobSide(value, f"stage `{stage_id}`: {_stage_words(rules, stage_id)}", "")

    return KnobDiff(prefix, prefix, section_title(a, prefix),
                    f"stage `{prefix}` (A) matched to `{prefix_b}` (B), by kind and order",
                    side(a, prefix), side(b, prefix_b), "stage-matched", knob_b=prefix_b)


def _stage_shape_row(a: Ruleset, b: Ruleset, prefix: str, oa: Any, ob: Any,
                     prefix_b: str) -> KnobDiff | None:
    """A row when a stage both have is of another kind (then its knobs are not compared),
    or bids for another pool."""
    title = section_title(a, prefix)
    if (oa.kind, getattr(oa, "on", None)) != (ob.kind, getattr(ob, "on", None)):
        return KnobDiff(prefix, prefix, title, "Kind of stage", _present(a, prefix, oa), _present(b, prefix, ob),
                        "stage-kind")
    pa, pb = getattr(oa, "pool", None), getattr(ob, "pool", None)
    if pa != pb:
        return KnobDiff(f"{prefix}.pool", prefix, title, "Pool it is bid for",
                        KnobSide(pa, f"the {pa} pool", ""), KnobSide(pb, f"the {pb} pool", ""), "stage-pool",
                        knob_b=f"{prefix_b}.pool" if prefix_b != prefix else None)
    return None


def _knob_rows(a: Ruleset, b: Ruleset, prefix: str, oa: Any, ob: Any, provenance: bool,
               prefix_b: str | None = None) -> list[KnobDiff]:
    """The knobs of one group both rulesets have, matched by name (``prefix_b``: B's id of
    a stage matched to A's ``prefix``)."""
    prefix_b = prefix_b or prefix
    title = section_title(a, prefix)
    out = []
    for name, _spec in knob_fields(oa.__class__):
        path, path_b = f"{prefix}.{name}", f"{prefix_b}.{name}"
        va, vb = getattr(oa, name), getattr(ob, name)
        if not same_value(oa.__class__, name, va, vb):
            kind = "knob"
        elif provenance and not _same_provenance(a, b, path, path_b):
            kind = "provenance"
        else:
            continue
        out.append(KnobDiff(path, prefix, title, knob_title(a, path), knob_side(a, path, va), knob_side(b, path_b, vb), kind,
                            knob_b=path_b if path_b != path else None))
    return out


def rules_diff(a: Ruleset, b: Ruleset, *, provenance: bool = False) -> list[KnobDiff]:
    """Every knob whose value differs between ``a`` and ``b``, grouped by section, pool
    and stage in the order of play; a stage, pool or section only one of them has is one
    row and nothing more. With ``provenance``, also the knobs whose values agree but whose
    provenance (kind and citation) differs (``kind == "provenance"``).

    Values are compared as a ruleset file writes them, so two rulesets that
    say the same thing from different sources do not differ here (unless
    ``provenance`` is asked for).
    """
    pa, pb = dict(a.sections()), dict(b.sections())
    matches = stage_matches(a, b)
    out: list[KnobDiff] = []
    order_done = False
    for prefix in _groups(a, b, matches):
        if _part(prefix) == "stage" and not order_done:
            order_done = True
            row = _order_row(a, b, matches)
            if row is not None:
                out.append(row)
        prefix_b = matches.get(prefix, prefix)
        oa, ob = pa.get(prefix), pb.get(prefix_b)
        if oa is None or ob is None:
            out.append(_only_in_one(a, b, prefix, oa if ob is None else ob, in_a=ob is None))
            continue
        if prefix_b != prefix:
            out.append(_matched_row(a, b, prefix, prefix_b))
        if _part(prefix) == "stage":
            shape = _stage_shape_row(a, b, prefix, oa, ob, prefix_b)
            if shape is not None:
                out.append(shape)
                if shape.kind == "stage-kind":
                    continue
        out += _knob_rows(a, b, prefix, oa, ob, provenance, prefix_b)
    return _with_combinations(a, b, out)


def _with_combinations(a: Ruleset, b: Ruleset, out: list[KnobDiff]) -> list[KnobDiff]:
    """``out`` with the rows pairing one ruleset's combination stages with the other's declare
    stage (:mod:`hocdsl.borrowed`: the Hoc's chances beside Piquet's declarations), each after
    the row of the stage it belongs with."""
    from .borrowed import combination_rows

    extra = combination_rows(a, b)
    if not extra:
        return out
    by_stage: dict[str, list[KnobDiff]] = {}
    for r in extra:
        by_stage.setdefault(r.stage, []).append(r)
    merged: list[KnobDiff] = []
    for i, r in enumerate(out):
        merged.append(r)
        last = i + 1 == len(out) or out[i + 1].stage != r.stage
        if last and r.stage in by_stage:
            merged += by_stage.pop(r.stage)
    for rows in by_stage.values():
        merged += rows
    return merged


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
    #: what A and B are played for, together (:func:`hocdsl.keys.played_for`): which outcome
    #: rows are key, and what the closing sentences say who gains (points, chips or both)
    played_for: PlayedFor = CHIPS

    @property
    def significant(self) -> list[OutcomeRow]:
        return [r for r in self.outcomes or () if r.significant]

    def to_frame(self) -> Any:
        """These numbers as a pandas DataFrame, one row per metric and statistic
        (:func:`hocdsl.tidy.to_frame`; ``pip install 'hocdsl[frames]'``)."""
        from .tidy import to_frame

        return to_frame(self)

    def rules_frame(self) -> Any:
        """The rules that differ as a pandas DataFrame, one row per knob and ruleset
        (:func:`hocdsl.tidy.rule_rows`: the table of ``hoc diff --format csv --table rules``)."""
        from .tidy import rules_frame

        return rules_frame(self)


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
    provenance: bool = False,
) -> DiffReport:
    """The rules side by side and, when ``hands`` > 0, the outcomes of ``hands``
    simulated hands under each ruleset on the same deals (:func:`hocdsl.sim.compare`).
    ``provenance``: list the knobs that agree in value but not in provenance too."""
    report = rules_report(a, b, provenance=provenance)
    if hands <= 0:
        return report
    return with_outcomes(report, a, b, hands=hands, players=players, bots=bots, seed=seed, jobs=jobs,
                         progress=progress)


def rules_report(a: Ruleset, b: Ruleset, *, provenance: bool = False) -> DiffReport:
    """The rules part alone (ready at once, before any simulation)."""
    return DiffReport(label(a), label(b), rules_diff(a, b, provenance=provenance), None, {"hands": 0})


def with_outcomes(report: DiffReport, a: Ruleset, b: Ruleset, *, hands: int, players: int = 3,
                  bots: Sequence[str] | None = None, seed: int = 0, jobs: int = 1,
                  progress: Callable[[int, int], None] | None = None, cluster: Any = None) -> DiffReport:
    """``report`` with the outcomes of ``hands`` hands under ``a`` and ``b`` on the same deals
    (``jobs`` processes, or a Dask ``cluster``: see :func:`hocdsl.sim.compare`). The metrics of
    a stage of B matched to one of A under another id (``won_rate.le-point``) are compared
    with A's, under A's name (``won_rate.point``)."""
    from .sim import compare

    if bots is None:
        bots = ("heuristic",) * players
    stages_b = {v: k for k, v in stage_matches(a, b).items()}  # a renamed stage's metrics under A's id
    comparison = compare(a, b, hands=hands, players=players, bots=tuple(bots), seed=seed,
                         jobs=jobs, progress=progress, cluster=cluster, stages_b=stages_b)
    conserved = getattr(comparison, "chips_conserved", None)
    settings = {"hands": hands, "players": players, "bots": list(bots), "seed": seed}
    return DiffReport(report.a, report.b, report.rules, outcome_rows(comparison), settings,
                      None if conserved is None else bool(conserved), played_for(a, b))


# ------------------------------------------------------------ the outcomes that matter ----


#: The rows shown whatever they say in a game of chips: who gains at which place, the spread,
#: the hand's length (a game of points has its own: :meth:`hocdsl.keys.PlayedFor.is_key`).
KEY_PREFIXES = ("net_per_hand.",)
KEY_METRICS = ("sd_net_per_hand", "turns_per_hand")
#: At most this many outcome rows by default (``--all``: every row).
SCREEN_ROWS = 20

#: Why a row is left out of the default table, in the order the legend counts them.
SAME_EVERY_DEAL = "the same under both on every deal (the deal alone, or 0 by construction)"
SAME_NUMBERS = "another name for a row shown"
NOT_SIGNIFICANT = "no significant difference"
DISTRIBUTION = "shares of cards left (the spread behind cards_left)"
SEATS_ALIKE = "a seat's net, every seat with the same bot (they differ by chance alone)"
BEYOND_SCREEN = "smaller significant differences, past a screenful"
LEFT_OUT_ORDER = (SAME_EVERY_DEAL, SAME_NUMBERS, SEATS_ALIKE, NOT_SIGNIFICANT, DISTRIBUTION, BEYOND_SCREEN)


@dataclass(frozen=True)
class Selection:
    """The outcome rows a screen shows, and how many were left out for which reason."""

    rows: list[OutcomeRow]
    left_out: dict[str, int]  # reason -> rows

    @property
    def left_out_total(self) -> int:
        return sum(self.left_out.values())


def is_key(metric: str, played: PlayedFor = CHIPS) -> bool:
    """A row shown whatever it says, in a game ``played`` for chips (:data:`KEY_PREFIXES`,
    :data:`KEY_METRICS`), points or both (:meth:`hocdsl.keys.PlayedFor.is_key`)."""
    return played.is_key(metric)


def _same_every_deal(r: OutcomeRow) -> bool:
    """The difference is 0 with a zero-width interval (or undefined on both sides)."""
    if math.isnan(r.a) and math.isnan(r.b):
        return True
    return r.diff == 0 and r.ci95 == (0, 0)


def _strength(r: OutcomeRow) -> float:
    """|B − A| over its interval's half-width: how clearly it excludes zero."""
    half = (r.ci95[1] - r.ci95[0]) / 2
    return math.inf if half <= 0 else abs(r.diff) / half


def _why_left_out(r: OutcomeRow, shown: Sequence[OutcomeRow], bots_alike: bool) -> str | None:
    if _same_every_deal(r):
        return SAME_EVERY_DEAL
    if any((r.a, r.b, r.ci95) == (s.a, s.b, s.ci95) for s in shown):
        return SAME_NUMBERS
    if r.metric.startswith("net_per_seat.") and bots_alike:
        return SEATS_ALIKE
    if not r.significant:
        return NOT_SIGNIFICANT
    if r.metric.startswith("cards_left_share."):
        return DISTRIBUTION
    return None


def select_outcomes(report: DiffReport, all_rows: bool = False, limit: int = SCREEN_ROWS) -> Selection:
    """The outcome rows that matter, in the report's order: the key rows (:func:`is_key`),
    then every significant difference that is not another name for a row shown, a share
    of the distribution of cards left, or (every seat with the same bot) a seat's net;
    at most ``limit`` rows, the clearest differences kept. ``all_rows``: every row."""
    rows = list(report.outcomes or ())
    if all_rows:
        return Selection(rows, {})
    bots_alike = len(set(report.settings.get("bots", ()))) <= 1
    key = report.played_for.is_key
    left: dict[str, int] = {}
    shown: list[OutcomeRow] = []
    for r in rows:
        why = None if key(r.metric) else _why_left_out(r, shown, bots_alike)
        if why is None:
            shown.append(r)
        else:
            left[why] = left.get(why, 0) + 1
    keys = [r for r in shown if key(r.metric)]
    if len(shown) > limit:
        room = max(limit - len(keys), 0)
        kept = set(map(id, sorted((r for r in shown if not key(r.metric)), key=_strength,
                                  reverse=True)[:room]))
        dropped = len(shown) - len(keys) - room
        shown = [r for r in shown if key(r.metric) or id(r) in kept]
        left[BEYOND_SCREEN] = dropped
    return Selection(shown, {k: left[k] for k in LEFT_OUT_ORDER if left.get(k)})


#: What each metric means and which way reads as what, by its name before the first dot
#: (the part after the dot named in angle brackets). The full list is in the README.
METRIC_LEGEND: dict[str, tuple[str, str]] = {
    "net_per_hand": ("<position>", "chips won (+) or lost (−) per hand in that position; all near 0: no place favoured"),
    "card_win_rate": ("<position>", "share of card games that position wins; 1/players each: no place favoured"),
    "net_per_seat": ("<k>", "chips per hand of seat k (1..players, as `hoc play --seat`); seats differ by their bots"),
    "points_per_hand": ("<position>", "points (not chips) scored per deal in that position: tricks, declarations"),
    "points_per_seat": ("<k>", "points (not chips) scored per deal by seat k (1..players)"),
    "trick_share": ("<position>", "share of the tricks that position wins; 1/players each: no place favoured"),
    "won_rate": ("<stage>", "share of hands someone wins the stage; lower: its pool carries more often"),
    "all_pass_rate": ("<stage>", "share of hands all pass on the stage: its pool carries and goes double"),
    "double_rate": ("<stage>", "share of hands the stage is bid double or more: higher stakes"),
    "triple_rate": ("<stage>", "share of hands the stage is bid triple or more (the triple game)"),
    "pool_when_won": ("<stage>", "chips its winner takes from the pool, when won: the stake of the stage"),
    "pays_when_won": ("<stage>", "chips the others pay its winner for what he shows, when won"),
    "pool_taken_rate": ("<pool>", "share of hands someone takes chips from the pool"),
    "pool_take": ("<pool>", "chips taken from the pool, when taken"),
    "pool_left": ("<pool>", "chips left in the pool at the end of a hand, carried to the next deal"),
    "pool_doubled_rate": ("<pool>", "share of hands a player still held the pool's card and doubled it"),
    "pool_doubled": ("<pool>", "chips put in the pool by whoever held its card, when doubled"),
    "first_turn_out_rate": ("", "share of hands won by going out in the first turn"),
    "first_turn_sweep": ("", "chips a winner who went out in his first turn takes from the pools, when he did"),
    "held_charges": ("", "chips paid per hand for named cards still held at the end"),
    "board_held_charges": ("", "chips put in the pools per hand by players still holding a pool's card"),
    "tricks_divided_rate": ("", "share of deals in which the most tricks are tied: nobody scores the majority"),
    "capot_rate": ("", "share of deals in which one player wins every trick (capot)"),
    "turnup_take_rate": ("", "share of hands the dealer takes a pool the card he turned up marks"),
    "turnup_take": ("", "chips per hand the dealer takes for the card he turned up"),
    "holding_takes": ("", "pools taken per hand by holding cards (or by going out first)"),
    "holding_take": ("", "chips per hand taken from pools by holding cards (or by going out first)"),
    "blank_hand_rate": ("", "share of dealt hands that are blank (no king, queen or jack): the deal alone"),
    "blank_paid_rate": ("", "share of hands in which a blank hand is paid"),
    "sequence_held_rate": ("<k>", "share of dealt hands holding a run of k or more: the deal alone"),
    "tricon_held_rate": ("<k>", "share of dealt hands holding k of a rank: the deal alone"),
    "longest_suit_mean": ("", "length of a dealt hand's longest suit: the deal alone"),
    "hocs_per_hand": ("", "hocs per hand (`.<kind>`: of one kind: principal, permanent, end-of-run, accidental)"),
    "principal_hocs_per_hand": ("", "principal hocs per hand"),
    "accidental_hocs_per_hand": ("", "hocs per hand that are not principal (every other kind)"),
    "cards_left": ("", "cards a loser holds when the card game ends; higher: dearer end payments"),
    "cards_left_share": ("<k>", "share of losers left with exactly k cards"),
    "end_payment": ("", "chips a loser pays the winner for the cards he has left"),
    "turns_per_hand": ("", "actions per hand, forced ones too: the hand's length"),
    "decisions_per_hand": ("", "actions per hand that were real choices"),
    "sd_net_per_hand": ("", "spread of one player's result per hand; higher: more of a gamble"),
}


#: A metric family said otherwise than its name: points are scored per deal (Piquet's word).
_FAMILY_WORDS = {"sd_net_per_hand": "sd of net per hand", "points_per_hand": "points per deal"}


def metric_words(name: str) -> str:
    """A metric's name in words, for a reader rather than a script.

    >>> metric_words("net_per_hand.eldest"), metric_words("sd_net_per_hand"), metric_words("pool_left.box")
    ('net per hand, eldest', 'sd of net per hand', 'pool left, box')
    """
    family, _, part = name.partition(".")
    words = _FAMILY_WORDS.get(family) or family.replace("_", " ")
    return f"{words}, {part}" if part else words


def legend(rows: Iterable[OutcomeRow]) -> list[tuple[str, str]]:
    """``(name, meaning)`` for each kind of metric among ``rows``, in their order.

    >>> legend([OutcomeRow("net_per_hand.eldest", 0, 1, 1, (0.5, 1.5), True)])[0][0]
    'net_per_hand.<position>'
    """
    return legend_of(r.metric for r in rows)


def legend_of(metrics: Iterable[str]) -> list[tuple[str, str]]:
    """``(name, meaning)`` for each kind of metric among the metric names, in their order.

    >>> legend_of(["pool_left.box", "pool_left.point", "turns_per_hand"])[0]
    ('pool_left.<pool>', 'chips left in the pool at the end of a hand, carried to the next deal')
    """
    out: dict[str, tuple[str, str]] = {}
    for metric in metrics:
        family = metric.split(".", 1)[0]
        if family in out or family not in METRIC_LEGEND:
            continue
        part, words = METRIC_LEGEND[family]
        out[family] = (family + (f".{part}" if part and "." in metric else ""), words)
    return list(out.values())


def print_legend(console: Any, names: Sequence[tuple[str, str]]) -> None:
    """The legend's lines on ``console``: each name in bold, its meaning wrapped beside it."""
    from rich.text import Text

    width = max((len(n) for n, _ in names), default=0)
    hang = " " * (width + 4) if width + 4 <= console.width // 2 else "    "
    for name, words in names:
        lines = textwrap.wrap(f"  {name:<{width}}  {words}", console.width, subsequent_indent=hang,
                              break_on_hyphens=False)
        line = Text(lines[0][:width + 4], style="bold")
        line.append("\n".join([lines[0][width + 4:], *lines[1:]]))
        console.print(line)


def left_out_words(selection: Selection) -> str:
    """``44 rows left out (`--all` prints every row): 16 the same under both ...; 12 ...``."""
    n = selection.left_out_total
    if not n:
        return ""
    parts = "; ".join(f"{k} {why}" for why, k in selection.left_out.items())
    return f"{n} row{'s' if n != 1 else ''} left out (`--all` prints every row): {parts}."


# ------------------------------------------------------------ numbers ----


def format_number(x: float, signed: bool = False) -> str:
    """A metric value for a table: 4 decimals below 100, 1 above; ``+`` on differences.

    Never ``-0.0000``: a value that would round to it keeps its sign in scientific form,
    and an exact zero is ``0``.

    >>> format_number(0.03125), format_number(-0.5, signed=True), format_number(1234.5)
    ('0.0312', '-0.5000', '1234.5')
    >>> format_number(-2.27e-06, signed=True), format_number(0.0, signed=True), format_number(-0.0)
    ('-2.3e-06', '0', '0')
    """
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    if x == 0:
        return "0"  # exactly nothing: no sign, no decimals to suggest a rounding
    if abs(x) < 0.00005:  # would round to ±0.0000: keep the digits that say which way
        return f"{x:+.1e}" if signed else f"{x:.1e}"
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
    """``{"a", "b", "rules": [{knob, kind, stage, title, a: {value, words, provenance}, b}],
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
    if not side.provenance:
        return _md_cell(side.words)
    # not "<br>", which pandoc drops on the way to LaTeX and Word
    return f"{_md_cell(side.words)} — *{_md_cell(side.provenance)}*"


#: Said after the title of a row whose values agree (``--provenance``).
SAME_VALUE = " (same value, another provenance)"


def _row_title(k: KnobDiff) -> str:
    return k.title + (SAME_VALUE if k.kind == "provenance" else "")


def _summary(rules: list[KnobDiff]) -> str:
    """``2 knobs differ; 1 stage only in one ruleset; 3 knobs agree but cite differently.``"""
    knobs = sum(k.kind == "knob" for k in rules)
    prov = sum(k.kind == "provenance" for k in rules)
    matched = sum(k.kind == "stage-matched" for k in rules)
    other = len(rules) - knobs - prov - matched
    parts = [f"{knobs} knob{'s differ' if knobs != 1 else ' differs'}"]
    if other:
        parts.append(f"{other} difference{'s' if other != 1 else ''} of stages, pools or sections")
    if matched:
        parts.append(f"{matched} stage{'s' if matched != 1 else ''} of A matched by kind to one of B "
                     "with another id")
    if prov:
        parts.append(f"{prov} knob{'s agree' if prov != 1 else ' agrees'} in value but not in provenance")
    return "; ".join(parts) + "."


def _md_table(header: Sequence[str], rows: Iterable[Sequence[str]], align: Sequence[str] | None = None) -> list[str]:
    align = align or ["---"] * len(header)
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(align) + " |"]
    for r in rows:
        lines.append("| " + " | ".join(r) + " |")
    return lines


def report_markdown(report: DiffReport, all_rows: bool = False) -> str:
    """GitHub-flavoured markdown: a heading and one table per stage for the rules,
    then one table of outcomes (those that matter, :func:`select_outcomes`; every one
    with ``all_rows``) and its legend. Every table has a header row, a separator row,
    and the same number of cells in every row."""
    return rules_markdown(report) + outcomes_markdown(report, all_rows)


def rules_markdown(report: DiffReport) -> str:
    """The rules part of :func:`report_markdown`."""
    a, b = report.a, report.b
    lines = [f"## Rules that differ: {a} vs {b}", ""]
    if not report.rules:
        lines += ["No knob differs: the two rulesets play the same game.", ""]
    else:
        lines += [f"{_summary(report.rules)} Each value in words, its source (or editorial note) in italics.", ""]
        stage = None
        group: list[KnobDiff] = []
        for k in [*report.rules, None]:  # None closes the last group
            if k is None or k.stage != stage:
                if group:
                    lines.append(f"### {group[0].stage_title}")
                    lines.append("")
                    lines += _md_table(["knob", _md_cell(a), _md_cell(b)],
                                       ([_md_cell(_row_title(g)), _md_side(g.a), _md_side(g.b)] for g in group))
                    lines.append("")
                group = []
                stage = k.stage if k is not None else None
            if k is not None:
                group.append(k)
    return "\n".join(lines)


def outcomes_markdown(report: DiffReport, all_rows: bool = False) -> str:
    """The outcomes part of :func:`report_markdown` ("" when nothing was simulated)."""
    if report.outcomes is None:
        return ""
    a, b = report.a, report.b
    chosen = select_outcomes(report, all_rows)
    lines = [f"## Outcomes on the same deals: {a} vs {b}", "",
             f"{_settings(report.settings)}. `{SIGNIFICANT_MARK}`: the 95% interval of B − A excludes zero.", ""]
    rows = ([f"`{_md_cell(r.metric)}`", format_number(r.a), format_number(r.b),
             format_number(r.diff, True), _interval(r.ci95),
             SIGNIFICANT_MARK if r.significant else ""] for r in chosen.rows)
    lines += _md_table(["metric", _md_cell(a), _md_cell(b), "B − A", "95% CI of B − A", "sig."],
                       rows, ["---", "---:", "---:", "---:", "---:", ":---:"])
    lines.append("")
    lines += [f"- `{name}`: {_md_cell(words)}" for name, words in legend(chosen.rows)]
    if chosen.left_out_total:
        lines += ["", left_out_words(chosen)]
    said = gist(report)
    if said:
        lines += ["", f"**In words.** {_md_cell(said)}"]
    lines.append("")
    return "\n".join(lines)


def diff_grid(report: DiffReport) -> Grid:
    """Every row of the report as one table, the rules and the outcomes in the same columns
    (the CSV of hocdsl 0.3; ``hoc diff --format csv`` now writes :func:`outcomes_grid` or
    :func:`rules_grid`, each a tidy table of its own)."""
    header = ("part", "name", "title", "a", "b", "diff", "ci95_lo", "ci95_hi", "significant",
              "a_provenance", "b_provenance")
    rows: list[tuple[Any, ...]] = [("rule", k.knob, _row_title(k), k.a.words, k.b.words, None, None, None, None,
                                    k.a.provenance, k.b.provenance) for k in report.rules]
    rows += [("outcome", r.metric, None, _num(r.a), _num(r.b), _num(r.diff), _num(r.ci95[0]), _num(r.ci95[1]),
              r.significant, None, None) for r in report.outcomes or ()]
    return Grid(header, rows, title=f"{report.a} vs {report.b}")


#: The two tables of ``hoc diff --format csv|latex`` (``--table``).
TABLES = ("outcomes", "rules")

#: The columns of :func:`outcomes_grid`: those of :func:`hocdsl.tidy.rows`.
OUTCOME_COLUMNS = ("ruleset", "metric", "statistic", "value")

#: The columns of :func:`rules_grid`.
RULE_COLUMNS = ("knob", "kind", "stage", "stage_title", "title", "ruleset", "side", "path", "value", "words",
                "provenance", "source", "note", "declared_in")


def outcomes_grid(report: DiffReport) -> Grid:
    """The outcomes as a tidy table, one row per ruleset × metric × statistic
    (:func:`hocdsl.tidy.rows`): ``ruleset`` is A, B, or ``B − A`` for the difference;
    ``statistic`` is ``mean``, ``ci95_lo``, ``ci95_hi`` (A and B), ``diff``,
    ``diff_ci95_lo``, ``diff_ci95_hi`` (B − A); ``value`` holds numbers only, an
    undefined one (a rate of something that never happened) empty. No row when nothing was
    simulated."""
    from .tidy import rows

    return Grid(OUTCOME_COLUMNS, [(r["ruleset"], r["metric"], r["statistic"], _num(r["value"]))
                                  for r in rows(report)], title=f"Outcomes: {report.a} vs {report.b}")


def outcomes_paper_grid(report: DiffReport) -> Grid:
    """The outcomes as a table to read, for ``--format latex``: one row per metric, A, B,
    B − A, its 95% interval and whether it excludes zero (numbers in the numeric columns)."""
    def n(x: float) -> float | None:  # to the 4 places the text shows
        v = _num(x)
        return None if v is None else round(v, 4)

    rows = [(r.metric, n(r.a), n(r.b), n(r.diff), n(r.ci95[0]), n(r.ci95[1]), r.significant)
            for r in report.outcomes or ()]
    return Grid(("metric", report.a, report.b, "B − A", "ci95_lo", "ci95_hi", "significant"), rows,
                title=f"Outcomes on the same deals: {report.a} vs {report.b}")


def rules_paper_grid(report: DiffReport) -> Grid:
    """The rules as a table to read, for ``--format latex``: one row per knob, each ruleset's
    value in words with its source."""
    def side(k: KnobSide) -> str:
        return f"{k.words} ({k.provenance})" if k.provenance else k.words

    return Grid(("knob", "title", report.a, report.b),
                [(k.path_b if k.knob == k.path_b else f"{k.knob} / {k.path_b}", _row_title(k), side(k.a), side(k.b))
                 for k in report.rules], title=f"Rules that differ: {report.a} vs {report.b}")


def rules_grid(report: DiffReport) -> Grid:
    """The rules that differ as a tidy table, one row per knob × ruleset: ``knob`` (the row's
    key: A's path, or the id of a stage, pool or section), its ``kind`` (:data:`ROW_KINDS`),
    ``stage`` and ``stage_title`` (the group), ``title``; then the ruleset's ``ruleset``,
    ``side`` (``A`` or ``B``), ``path`` (its own path: B's differs from ``knob`` for a stage
    matched by kind under another id), ``value`` (as a ruleset file writes it: a list or a
    mapping as JSON), ``words``, ``provenance`` (``source``, ``inferred``, ``borrowed``,
    ``editorial``, ``lost``, ``approximated``; empty for a row about the file's structure),
    ``source`` (the citation, or the editorial note), ``note`` and ``declared_in``."""
    out: list[tuple[Any, ...]] = []
    for k in report.rules:
        for side, name, path, ks in (("A", report.a, k.knob, k.a), ("B", report.b, k.path_b, k.b)):
            out.append((k.knob, k.kind, k.stage, k.stage_title, _row_title(k), name, side, path, ks.value, ks.words,
                        ks.provenance_kind, ks.provenance or None, ks.note, ks.declared_in))
    return Grid(RULE_COLUMNS, out, title=f"Rules that differ: {report.a} vs {report.b}")


# ------------------------------------------------------------ rich text ----


def print_report(report: DiffReport, console: Any = None, all_rows: bool = False) -> None:
    """The report as rich tables: one per stage for the rules, one for the outcomes."""
    print_rules(report, console)
    print_outcomes(report, console, all_rows)


def print_rules(report: DiffReport, console: Any = None) -> None:
    """The rules part as rich tables, one per stage (printed at once, before any simulation)."""
    from rich.table import Table
    from rich.text import Text

    console = console or screen.console()
    a, b = report.a, report.b
    console.print(Text(f"Rules that differ: {a} vs {b}", style="bold"))
    if not report.rules:
        console.print("No knob differs: the two rulesets play the same game.")
    else:
        console.print(_summary(report.rules), highlight=False)
    stage = None
    table = None
    for k in report.rules:
        if k.stage != stage:
            if table is not None:
                screen.show(console, table)
            stage = k.stage
            table = Table(title=k.stage_title, title_justify="left", show_lines=True, expand=True)
            table.add_column("knob", style="bold", ratio=1)
            table.add_column(a, ratio=3)
            table.add_column(b, ratio=3)
        assert table is not None
        table.add_row(_row_title(k), _rich_side(k.a), _rich_side(k.b))
    if table is not None:
        screen.show(console, table)


def print_outcomes(report: DiffReport, console: Any = None, all_rows: bool = False) -> None:
    """The outcomes that matter (:func:`select_outcomes`; every one with ``all_rows``) as a
    rich table, with a legend of the metrics shown and a count of the rows left out."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    if report.outcomes is None:
        return
    console = console or screen.console()
    a, b = report.a, report.b
    chosen = select_outcomes(report, all_rows)
    console.print()
    console.print(Text(f"Outcomes on the same deals: {a} vs {b}", style="bold"))
    console.print(f"{_settings(report.settings)}.", highlight=False)
    t = Table(show_lines=False, box=box.SIMPLE_HEAD)  # narrow borders: fits 80 columns
    t.add_column("metric", overflow="fold", min_width=10)  # numbers are never cut; names fold
    t.add_column(a, justify="right", no_wrap=True)
    t.add_column(b, justify="right", no_wrap=True)
    t.add_column("B − A", justify="right", no_wrap=True)
    t.add_column("95% CI of B − A", justify="right", no_wrap=True)
    t.add_column("sig.", justify="center", no_wrap=True)
    for r in chosen.rows:
        style = "bold" if r.significant else None
        t.add_row(r.metric, format_number(r.a), format_number(r.b), format_number(r.diff, True),
                  _interval(r.ci95), SIGNIFICANT_MARK if r.significant else "", style=style)
    screen.show(console, t)
    console.print(Text(f"{SIGNIFICANT_MARK}: the 95% interval of B − A excludes zero. Each row: the mean "
                       f"under {a}, under {b}, and B − A.", style="dim"))
    print_legend(console, legend(chosen.rows))
    if chosen.left_out_total:
        console.print(Text(screen.wrap(left_out_words(chosen), console.width), style="dim"))
    if report.chips_conserved is False:
        console.print("[bold red]warning:[/] chips were not conserved in the simulation")
    said = gist(report)
    if said:  # last, so that the answer is on the screen when the command ends
        console.print()
        console.print(Text(screen.wrap(said, console.width), style="bold"))


def _rich_side(side: KnobSide) -> Any:
    from rich.text import Text

    t = Text(side.words)
    if side.provenance:
        t.append("\n")
        t.append(side.provenance, style="dim italic")
    return t
