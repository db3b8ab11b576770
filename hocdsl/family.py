"""``hoc family``: how far apart the rulesets are, by their rules and by their outcomes, as a tree.

Three distances between two rulesets, each from 0 (the same) to 1:

**By the rules** (:func:`rule_distance`). The stages are lined up by their kinds in order
(``vie`` on the point, on runs, on sets; ``claims``; ``stops``; ``settle``): ``E`` is the
edit distance between the two lists of kinds (Levenshtein: a stage added, dropped or of
another kind costs 1) and ``L`` the longer list's length, its largest possible value. The
stages the alignment pairs (of the same kind), the sections (``pack``, ``deal``, ``table``,
``bidding``) and the pools of the same id are compared knob by knob, values as a ruleset
file writes them (:func:`hocdsl.diff.same_value`, the comparison ``hoc diff`` makes); every
knob of a stage, section or pool only one of them has counts as a knob that differs. With
``K`` knobs that differ out of ``N`` knobs in all (those compared counted once, those of one
side only each once)::

    rules = (E + K) / (L + N)

so every stage edit and every knob that differs weighs the same, and the distance is 1 only
when no stage lines up and no knob agrees.

**By the outcomes** (:func:`outcome_distances`). Every ruleset plays the same ``hands`` deals
(:func:`hocdsl.sim.simulate`, the same seed: the same cards hand by hand) at one number of
players, 3 unless asked (one that does not admit it plays at the nearest count it admits,
the fewer on a tie, and the reports say so). Of the metrics every ruleset reports, some are
left out by their kind (:data:`LEFT_OUT`: a seat's net repeats the positions', the shares of
cards left spread ``cards_left`` out, the totals of hocs add the kinds up, the odds of the
deal are no outcome of the rules). Each metric kept is standardised across the rulesets
(``z``: mean 0, standard deviation 1) and weighed by its reliability ``r``, the share of its
spread across the rulesets that is not chance (:func:`reliability`: 1 less its squared
standard errors over the variance of its means); a metric on which the rulesets differ by
chance alone has ``r`` near 0 and drops out, where standardising it alone would have blown
its noise up to the weight of a real difference. Then::

    outcomes = |√r·z_a − √r·z_b| / max over pairs |√r·z_x − √r·z_y|

the Euclidean distance between the two rows of weighted metrics, divided by the largest such
distance among the rulesets compared: the two whose play differs most are 1 apart, and the
distance is relative to the set compared, as standardising is.

**Both** (the default): ``w_rules × rules + w_outcomes × outcomes``, ``WEIGHTS`` = ½ and ½.

The tree is :func:`hocdsl.upgma.upgma` over the distance chosen (``by``), drawn by
:mod:`hocdsl.dendrogram`; each ruleset's place in the Académie's typology is
:func:`hocdsl.typology.typology`.

>>> from hocdsl.rules import load_ruleset
>>> d = rule_distance(load_ruleset("manille"), load_ruleset("manille-larousse"))
>>> d.knobs_differ, d.differing, d.stage_edits, d.knobs, d.stages
(1, ('card_game.principal_hocs',), 0, 70, 2)
>>> d.value == 1 / 72
True
>>> report = family_report([load_ruleset(n) for n in ("hoc-mazarin", "hoca", "lindor")], by="rules")
>>> [m.leaves for m in report.tree.merges]
[('hoc-mazarin', 'hoca'), ('hoc-mazarin', 'hoca', 'lindor')]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .diff import label, same_value
from .rules.model import MAX_PLAYERS, MIN_PLAYERS, SECTIONS, Ruleset, knob_fields
from .typology import Typology, typology
from .upgma import Tree, upgma

if TYPE_CHECKING:  # pragma: no cover
    from .sim import SimResult

__all__ = [
    "BY", "FAMILY_HANDS", "WEIGHTS", "LEFT_OUT", "RuleDistance", "rule_distance", "stage_edits",
    "OutcomeDistances", "outcome_distances", "seats_for", "FamilyReport", "family_report", "report_json",
    "formula_words",
]

#: What the tree is drawn by (``hoc family --by``).
BY = ("rules", "outcomes", "both")
#: Hands each ruleset plays when none are asked for: the default ``hoc family`` of the ten
#: bundled rulesets takes about 20 seconds on two cores as pure Python.
FAMILY_HANDS = 4000
#: The weights of the rules and of the outcomes in the distance ``by="both"``.
WEIGHTS = (0.5, 0.5)

Matrix = tuple[tuple[float, ...], ...]
Progress = Callable[[int, int], None]


# ------------------------------------------------------------ by the rules ----


def _stage_key(stage: Any) -> tuple[str, str | None]:
    """What lines two stages up: their kind, and what a vie or claims stage is on."""
    return stage.kind, getattr(stage, "on", None)


def stage_edits(a: Sequence[Any], b: Sequence[Any]) -> tuple[int, list[tuple[int, int]]]:
    """The edit distance between two lists (Levenshtein: insert, delete or substitute one
    item, each costing 1) and the pairs ``(i, j)`` of equal items matched, in order, by a
    cheapest alignment — of those, one that matches the most items.

    >>> stage_edits(["point", "run", "stops", "settle"], ["stops", "settle"])
    (2, [(2, 0), (3, 1)])
    >>> stage_edits(["a", "b"], ["b", "a"])  # two substitutions cost 2 as well, but match nothing
    (2, [(0, 1)])
    """
    n, m = len(a), len(b)
    # best[i][j]: (edits, -matches) aligning a[:i] with b[:j]
    best = [[(i + j, 0) if i == 0 or j == 0 else (0, 0) for j in range(m + 1)] for i in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            e, k = best[i - 1][j - 1]
            diagonal = (e, k - 1) if a[i - 1] == b[j - 1] else (e + 1, k)
            up, left = best[i - 1][j], best[i][j - 1]
            best[i][j] = min(diagonal, (up[0] + 1, up[1]), (left[0] + 1, left[1]))
    pairs: list[tuple[int, int]] = []
    i, j = n, m
    while i > 0 and j > 0:
        e, k = best[i - 1][j - 1]
        if a[i - 1] == b[j - 1] and best[i][j] == (e, k - 1):
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif a[i - 1] != b[j - 1] and best[i][j] == (e + 1, k):
            i, j = i - 1, j - 1
        elif best[i][j] == (best[i - 1][j][0] + 1, best[i - 1][j][1]):
            i -= 1
        else:
            j -= 1
    return best[n][m][0], pairs[::-1]


@dataclass(frozen=True, slots=True)
class RuleDistance:
    """How far apart two rulesets' rules are (see the module for the formula)."""

    a: str
    b: str
    stage_edits: int  # E: the edit distance between the lists of stage kinds
    stages: int  # L: the longer list's length
    knobs_differ: int  # K
    knobs: int  # N
    differing: tuple[str, ...]  # the knobs that differ, by path (A's stage id, "/B's" where the ids differ)

    @property
    def value(self) -> float:
        """``(E + K) / (L + N)``, 0 for two rulesets with neither stages nor knobs."""
        whole = self.stages + self.knobs
        return (self.stage_edits + self.knobs_differ) / whole if whole else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "value": self.value, "stage_edits": self.stage_edits,
                "stages": self.stages, "knobs_differ": self.knobs_differ, "knobs": self.knobs,
                "differing": list(self.differing)}


def _parts(a: Ruleset, b: Ruleset) -> tuple[int, int, list[tuple[str, Any, Any]]]:
    """``(E, L, parts)``: the stage edit distance, the longer stage list, and every knob-bearing
    part of either ruleset as ``(prefix, A's, B's)`` (None where one lacks it)."""
    parts: list[tuple[str, Any, Any]] = [(s, getattr(a, s), getattr(b, s)) for s in SECTIONS]
    pools_a, pools_b = {p.id: p for p in a.pools}, {p.id: p for p in b.pools}
    for pid in list(pools_a) + [p for p in pools_b if p not in pools_a]:
        parts.append((f"pools.{pid}", pools_a.get(pid), pools_b.get(pid)))
    edits, pairs = stage_edits([_stage_key(s) for s in a.stages], [_stage_key(s) for s in b.stages])
    paired_a, paired_b = {i for i, _ in pairs}, {j for _, j in pairs}
    for i, j in pairs:
        sa, sb = a.stages[i], b.stages[j]
        parts.append((sa.id if sa.id == sb.id else f"{sa.id}/{sb.id}", sa, sb))
    parts += [(s.id, s, None) for i, s in enumerate(a.stages) if i not in paired_a]
    parts += [(s.id, None, s) for j, s in enumerate(b.stages) if j not in paired_b]
    return edits, max(len(a.stages), len(b.stages)), parts


def rule_distance(a: Ruleset, b: Ruleset) -> RuleDistance:
    """How far apart the rules of ``a`` and ``b`` are: the stage edits, the knobs that differ,
    and ``value`` = (E + K) / (L + N) (see the module)."""
    edits, longest, parts = _parts(a, b)
    total = 0
    differ: list[str] = []
    for prefix, oa, ob in parts:
        if oa is None and ob is None:
            continue
        cls = (oa if oa is not None else ob).__class__
        for name, _spec in knob_fields(cls):
            total += 1
            if oa is None or ob is None or not same_value(cls, name, getattr(oa, name), getattr(ob, name)):
                differ.append(f"{prefix}.{name}")
    return RuleDistance(label(a), label(b), edits, longest, len(differ), total, tuple(differ))


# ------------------------------------------------------------ by the outcomes ----


#: Metrics of every ruleset left out of the outcome distance by their kind, by name (a name
#: ending in "." covers every metric it starts), with why.
LEFT_OUT: dict[str, str] = {
    "net_per_seat.": "a seat's net: the positions' again, the seats taking the deal in turn",
    "cards_left_share.": "a share of losers by cards left: the spread behind cards_left",
    "hocs_per_hand": "the hocs of every kind added up (each kind is kept)",
    "principal_hocs_per_hand": "another name for hocs_per_hand.principal",
    "accidental_hocs_per_hand": "the kinds of hoc other than principal added up",
    "longest_suit_mean": "the deal alone, no outcome of play",
    "blank_hand_rate": "the deal alone, no outcome of play",
    "sequence_held_rate.": "the deal alone, no outcome of play",
    "tricon_held_rate.": "the deal alone, no outcome of play",
}
#: Why a metric every ruleset reports is left out when it cannot tell them apart.
NO_SPREAD = "no spread across the rulesets beyond chance (its reliability is 0)"
UNDEFINED = "undefined under some ruleset (a rate of something that never happened)"
#: The 95% interval of a mean is this many standard errors either side (batch means over
#: many parties: Student's t is the normal's to two decimals).
Z95 = 1.96


def _left_out_by_kind(metric: str) -> str | None:
    for name, why in LEFT_OUT.items():
        if metric == name or (name.endswith(".") and metric.startswith(name)):
            return why
    return None


@dataclass(frozen=True)
class OutcomeDistances:
    """How far apart the rulesets play: the metrics used with their reliabilities, each
    ruleset's means of them, and the normalised distances (see the module)."""

    names: tuple[str, ...]
    players: tuple[int, ...]  # the players each ruleset was played by
    hands: int
    metrics: tuple[str, ...]  # the metrics used, in the first ruleset's order
    reliability: tuple[float, ...]  # each metric's weight: the share of its spread that is no chance
    means: Matrix  # [ruleset][metric]
    left_out: dict[str, str]  # metric every ruleset reports -> why it is not used
    not_common: int  # metrics some rulesets report and others do not
    scale: float  # the largest distance between two rulesets' weighted metrics (the divisor)
    matrix: Matrix
    chips_conserved: bool = True

    def as_dict(self) -> dict[str, Any]:
        return {"matrix": [list(r) for r in self.matrix], "metrics": list(self.metrics),
                "reliability": dict(zip(self.metrics, self.reliability)),
                "means": {n: dict(zip(self.metrics, row)) for n, row in zip(self.names, self.means)},
                "left_out": self.left_out, "not_common": self.not_common, "scale": self.scale,
                "players": dict(zip(self.names, self.players)), "hands": self.hands,
                "chips_conserved": self.chips_conserved}


def reliability(means: Sequence[float], errors: Sequence[float]) -> float:
    """The share of the spread of ``means`` across the rulesets that is not chance: 1 less
    the mean squared standard error over the variance of the means (n − 1), at least 0; 0
    for means that are all the same. (For means that differ by chance alone, the variance
    of the means is about the mean squared error: the reliability is about 0.)

    >>> reliability([1.0, 3.0], [0.0, 0.0]), reliability([1.0, 3.0], [1.0, 1.0]), reliability([2.0, 2.0], [0.1, 0.1])
    (1.0, 0.5, 0.0)
    """
    n = len(means)
    mean = sum(means) / n
    var = sum((x - mean) ** 2 for x in means) / (n - 1) if n > 1 else 0.0
    if var <= 0:
        return 0.0
    noise = sum(e * e for e in errors) / n
    return max(0.0, 1.0 - noise / var)


def _error(stat: Any) -> float:
    """A mean's standard error from its 95% interval (0 where the interval is undefined)."""
    lo, hi = stat.lo, stat.hi
    return (hi - lo) / (2 * Z95) if lo == lo and hi == hi else 0.0


def outcome_distances(results: Sequence[SimResult], names: Sequence[str] | None = None) -> OutcomeDistances:
    """The outcome distances between the rulesets ``results`` measured (one
    :class:`~hocdsl.sim.SimResult` each, on the same deals): see the module."""
    names = tuple(names or (r.ruleset for r in results))
    everyone = [set(r.metrics) for r in results]
    common = [m for m in results[0].metrics if all(m in s for s in everyone)]
    not_common = len(set().union(*everyone)) - len(common)
    used: list[str] = []
    weights: list[float] = []
    left: dict[str, str] = {}
    for m in common:
        stats = [r.metrics[m] for r in results]
        why = _left_out_by_kind(m)
        if why is None and any(s.mean != s.mean for s in stats):
            why = UNDEFINED
        w = 0.0
        if why is None:
            w = reliability([float(s.mean) for s in stats], [_error(s) for s in stats])
            if w <= 0:
                why = NO_SPREAD
        if why is None:
            used.append(m)
            weights.append(w)
        else:
            left[m] = why
    means = tuple(tuple(float(r.metrics[m].mean) for m in used) for r in results)
    z = _standardised(means)
    n = len(results)
    weighted = [[x * math.sqrt(w) for x, w in zip(row, weights)] for row in z]
    raw = [[math.dist(weighted[i], weighted[j]) for j in range(n)] for i in range(n)]
    scale = max((x for row in raw for x in row), default=0.0)
    matrix = tuple(tuple(x / scale if scale > 0 else 0.0 for x in row) for row in raw)
    return OutcomeDistances(names, tuple(r.players for r in results), results[0].hands, tuple(used),
                            tuple(weights), means, left, not_common, scale, matrix,
                            all(r.chips_conserved for r in results))


def _standardised(rows: Sequence[Sequence[float]]) -> list[list[float]]:
    """Each column less its mean, over its standard deviation across the rows (n − 1; 0 for
    a column with none)."""
    n = len(rows)
    cols = len(rows[0]) if rows else 0
    out = [[0.0] * cols for _ in rows]
    for k in range(cols):
        xs = [row[k] for row in rows]
        mean = sum(xs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
        for i, x in enumerate(xs):
            out[i][k] = (x - mean) / sd if sd > 0 else 0.0
    return out


def seats_for(rules: Ruleset, players: int) -> int:
    """``players`` if ``rules`` admits that many, else the nearest count it admits (the fewer
    of two as near).

    >>> from hocdsl.rules import load_ruleset
    >>> seats_for(load_ruleset("nain-jaune-1760"), 4), seats_for(load_ruleset("hoca"), 5)
    (3, 3)
    """
    return min(rules.players, key=lambda k: (abs(k - players), k))


# ------------------------------------------------------------ the report ----


@dataclass(frozen=True)
class FamilyReport:
    """What ``hoc family`` shows: the rulesets' typology, their distances and the tree."""

    names: tuple[str, ...]
    by: str  # rules | outcomes | both
    weights: tuple[float, float]  # of the rules and of the outcomes in ``distance``
    rules: tuple[tuple[RuleDistance, ...], ...]  # [i][j]
    outcomes: OutcomeDistances | None  # None: by the rules alone
    distance: Matrix  # the distance the tree is drawn by
    tree: Tree
    typology: tuple[Typology, ...]
    settings: dict[str, Any] = field(default_factory=dict)  # hands, players, bots, seed

    @property
    def rules_matrix(self) -> Matrix:
        return tuple(tuple(d.value for d in row) for row in self.rules)

    @property
    def chips_conserved(self) -> bool | None:
        return None if self.outcomes is None else self.outcomes.chips_conserved


def _phase(progress: Progress | None, before: int, total: int) -> Progress | None:
    if progress is None:
        return None
    return lambda done, _of: progress(before + done, total)


def family_report(rulesets: Sequence[Ruleset], *, by: str = "both", hands: int = FAMILY_HANDS,
                  players: int = 3, bots: str = "heuristic", seed: int = 0, jobs: int = 1,
                  progress: Progress | None = None) -> FamilyReport:
    """The distances between ``rulesets`` by their rules, their outcomes on ``hands`` common
    deals, or both (``by``), the UPGMA tree over that distance, and each one's typology.
    ``players``: the count every ruleset plays at, or the nearest it admits (:func:`seats_for`);
    ``bots``: one name, or one per seat (``hocdsl.bots.parse_bots``); ``jobs``: worker
    processes. Raises ValueError for fewer than two rulesets, two with the same name, a ``by``
    not in :data:`BY`, fewer than one hand, or a count of players no ruleset can have."""
    from .bots import parse_bots

    names = tuple(label(r) for r in rulesets)
    if len(names) < 2:
        raise ValueError("a tree needs at least two rulesets")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"{', '.join(twice)} named twice: each ruleset once")
    if by not in BY:
        raise ValueError(f"by {by!r}: one of {', '.join(BY)}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players {players}: from {MIN_PLAYERS} to {MAX_PLAYERS}")
    rules = tuple(tuple(rule_distance(a, b) for b in rulesets) for a in rulesets)
    outcomes = None
    seats = tuple(seats_for(r, players) for r in rulesets)
    settings: dict[str, Any] = {"players": players, "seed": seed}
    if by != "rules":
        if hands < 1:
            raise ValueError(f"hands {hands}: play at least one hand")
        per_seat = [tuple(parse_bots(bots, k)) for k in seats]  # ValueError for a bad name or count
        outcomes = outcome_distances(_play(rulesets, seats, per_seat, hands, seed, jobs, progress), names)
        settings.update(hands=hands, bots=bots)
    weights = {"rules": (1.0, 0.0), "outcomes": (0.0, 1.0), "both": WEIGHTS}[by]
    n = len(names)
    rm = tuple(tuple(d.value for d in row) for row in rules)
    om = outcomes.matrix if outcomes is not None else tuple((0.0,) * n for _ in range(n))
    distance = tuple(tuple(weights[0] * rm[i][j] + weights[1] * om[i][j] for j in range(n)) for i in range(n))
    return FamilyReport(names, by, weights, rules, outcomes, distance, upgma(names, distance),
                        tuple(typology(r) for r in rulesets), settings)


def _play(rulesets: Sequence[Ruleset], seats: Sequence[int], bots: Sequence[Sequence[str]], hands: int,
          seed: int, jobs: int, progress: Progress | None) -> list[SimResult]:
    """Each ruleset's hands on the same seed (the same deals at the same count of players)."""
    from .sim import simulate

    total = hands * len(rulesets)
    return [simulate(r, hands=hands, players=k, bots=b, seed=seed, jobs=jobs,
                     progress=_phase(progress, i * hands, total))
            for i, (r, k, b) in enumerate(zip(rulesets, seats, bots))]


# ------------------------------------------------------------ words and JSON ----


def formula_words(report: FamilyReport) -> list[str]:
    """How the distance the tree is drawn by was made, a line each (for every rendering)."""
    lines = []
    if report.by in ("rules", "both"):
        lines.append("rules: (stage edits + knobs that differ) / (stages of the longer list + knobs in all); "
                     "a knob of a stage, pool or section one ruleset lacks differs")
    o = report.outcomes
    if o is not None:
        lines.append(f"outcomes: {len(o.metrics)} metrics every ruleset reports, each standardised across the "
                     "rulesets and weighed by its reliability (the share of its spread that is not chance); "
                     "Euclidean distance over the largest between two rulesets "
                     f"({len(o.left_out)} common metrics left out, {o.not_common} not common to all)")
    if report.by == "both":
        lines.append(f"both: {report.weights[0]:g} × rules + {report.weights[1]:g} × outcomes")
    lines.append("tree: average linkage (UPGMA); a merge's height is the mean distance between the two clusters")
    return lines


def played_elsewhere(report: FamilyReport) -> list[tuple[str, int]]:
    """The rulesets played at another count than asked (they do not admit it), with theirs."""
    o = report.outcomes
    if o is None:
        return []
    asked = report.settings.get("players")
    return [(n, k) for n, k in zip(o.names, o.players) if k != asked]


def _merge_dict(report: FamilyReport, k: int) -> dict[str, Any]:
    m = report.tree.merges[k]
    return {"left": list(report.tree.leaves(m.left)), "right": list(report.tree.leaves(m.right)),
            "height": m.height, "leaves": list(m.leaves)}


def report_json(report: FamilyReport) -> dict[str, Any]:
    """Plain data for ``json.dumps``: the rulesets, the distance matrix the tree is drawn by
    (``distance``), the rules' and the outcomes' parts, the merges (lowest first) and the
    order of the leaves, the typology, and the settings."""
    out: dict[str, Any] = {
        "rulesets": list(report.names),
        "by": report.by,
        "weights": {"rules": report.weights[0], "outcomes": report.weights[1]},
        "distance": [list(row) for row in report.distance],
        "rules": {"matrix": [list(r) for r in report.rules_matrix],
                  "pairs": [report.rules[i][j].as_dict() for i in range(len(report.names))
                            for j in range(i + 1, len(report.names))]},
        "outcomes": report.outcomes.as_dict() if report.outcomes is not None else None,
        "merges": [_merge_dict(report, k) for k in range(len(report.tree.merges))],
        "order": list(report.tree.order),
        "typology": [t.as_dict() for t in report.typology],
        "formula": formula_words(report),
    }
    out.update({k: v for k, v in report.settings.items() if k not in out})
    if report.chips_conserved is not None:
        out["chips_conserved"] = report.chips_conserved
    return out


def pairs(report: FamilyReport) -> Iterable[tuple[int, int]]:
    """Every pair of rulesets once, ``(i, j)`` with ``i < j``."""
    n = len(report.names)
    return ((i, j) for i in range(n) for j in range(i + 1, n))
