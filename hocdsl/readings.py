"""``hoc readings``: which lost or doubtful rules change the game, and by how much.

A knob whose rule is lost or doubtful carries ``alternatives:`` in its ruleset
(``rules.provenance[path].alternatives``): the other values the sources leave
open, each with its own provenance. :func:`readings_report` plays the ruleset
as written (the *chosen* values) and, on the very same deals, the ruleset with
each alternative in turn (common random numbers, as :func:`hocdsl.sim.compare`
does for ``hoc diff``: the same seeded blocks, the same bots; the chosen values
are played once for all the alternatives). Per metric it reports the difference
*alternative - chosen* with its paired 95% interval.

What matters to a reader are the *key metrics*: the positional advantage
(``net_per_hand.<position>``: chips won per hand by the eldest, ..., the
dealer), the spread of a player's results (``sd_net_per_hand``) and the length
of a hand (``turns_per_hand``); in a game that scores points (Piquet), the points
per deal by position first (``points_per_hand.<position>``), and the chips only
where some reading moves them (:mod:`hocdsl.keys`). On those:

- each difference gets a two-sided p-value from its t statistic
  (difference / standard error, Student's t with blocks - 1 degrees of freedom);
- the p-values of every key metric of every alternative form one family,
  controlled by Holm's step-down procedure at a family-wise error of 5%
  (:func:`holm`): ``significant`` marks the differences that survive;
- a knob's *score* is the largest ``|difference| / standard error`` over the
  key metrics and the knob's alternatives; the knobs are ranked by it.

Other metrics are reported too (``other_metrics``), with their intervals but
no control: ``excludes_zero`` is only the interval's own verdict.

The same seed gives the same numbers whatever ``jobs`` is (the simulator's
blocks and exact integer sums, :mod:`hocdsl.sim.stats`).

>>> holm([0.01, 0.04, 0.03, 0.005])
[True, False, False, True]
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from .rules.build import convert, field_type, yaml_value
from .rules.describe import knob_title
from .rules.errors import RulesetError
from .keys import played_for
from .rules.model import Provenance, Ruleset
from .sim import _metrics, _parts, _run
from .sim.metrics import Layout
from .sim.runner import Table
from .sim.stats import NAN_STAT, Stat, Sums, SumsState, interval, ratio_parts

__all__ = [
    "ALPHA", "KnobError", "Reading", "Question", "Difference", "Outcome", "Ranked", "Control",
    "ReadingsReport", "holm", "holm_adjusted", "t_pvalue", "parse_knob", "questions",
    "key_metrics", "readings_report", "report_json", "SCORE_WORDS",
]

#: The family-wise error rate Holm's procedure controls.
ALPHA = 0.05
#: What the score is, as the output says it.
SCORE_WORDS = ("score: the largest |difference| / standard error (a t statistic) over the key metrics "
               "and the knob's alternatives; below about 2 the data show no effect")

Progress = Callable[[int, int], None]


# ------------------------------------------------------ multiple comparisons ----


def holm_adjusted(pvalues: Sequence[float]) -> list[float]:
    """Holm's adjusted p-values, in the order given: the ``k``-th smallest of ``n`` is
    ``max(min(1, (n - j) * p_(j)) for j <= k)`` (0-based ``j``).

    >>> [round(q, 6) for q in holm_adjusted([0.01, 0.04, 0.03, 0.005])]
    [0.03, 0.06, 0.06, 0.02]
    """
    n = len(pvalues)
    order = sorted(range(n), key=lambda i: (pvalues[i], i))
    out = [1.0] * n
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (n - rank) * pvalues[i]))
        out[i] = running
    return out


def holm(pvalues: Sequence[float], alpha: float = ALPHA) -> list[bool]:
    """Holm–Bonferroni: which hypotheses are rejected with a family-wise error of ``alpha``.
    The p-values in ascending order are compared with ``alpha / n``, ``alpha / (n - 1)``, ...;
    the first that fails stops the procedure (it and every larger one stand)."""
    n = len(pvalues)
    rejected = [False] * n
    for rank, i in enumerate(sorted(range(n), key=lambda i: (pvalues[i], i))):
        if not pvalues[i] <= alpha / (n - rank):
            break
        rejected[i] = True
    return rejected


def t_pvalue(t: float, df: int) -> float:
    """The two-sided p-value of a t statistic with ``df`` degrees of freedom
    (exact for whole ``df``: Abramowitz & Stegun 26.7.3-4; the normal beyond 100,000).

    >>> round(t_pvalue(2.228, 10), 4), round(t_pvalue(1.96, 10**6), 4), t_pvalue(0.0, 5)
    (0.05, 0.05, 1.0)
    """
    t = abs(t)
    if t != t:
        return math.nan
    if math.isinf(t):
        return 0.0
    if df <= 0:
        return 1.0
    if df > 100_000:
        return math.erfc(t / math.sqrt(2.0))
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2:
        term = total = math.cos(theta)
        for j in range(1, (df - 1) // 2):
            term *= c2 * (2 * j) / (2 * j + 1)
            total += term
        a = 2.0 / math.pi * (theta + (math.sin(theta) * total if df > 1 else 0.0))
    else:
        term = total = 1.0
        for j in range(1, df // 2):
            term *= c2 * (2 * j - 1) / (2 * j)
            total += term
        a = math.sin(theta) * total
    return min(1.0, max(0.0, 1.0 - a))


# ------------------------------------------------------------ the questions ----


class KnobError(ValueError):
    """A ``--knob PATH=V1,V2`` that names no knob or gives a value the knob cannot take."""


@dataclass(frozen=True)
class Reading:
    """One value a knob could take instead of the chosen one: recorded in the ruleset
    (``origin`` ``ruleset``, with its provenance) or named with ``--knob``."""

    value: Any
    provenance: Provenance | None
    origin: str  # "ruleset" or "--knob"
    #: the whole reading (``readings:``) this value comes with, which changes other rules too
    reading: str | None = None

    @property
    def kind(self) -> str:
        """The provenance kind, or ``--knob`` for a value with none."""
        return self.provenance.kind if self.provenance is not None else "--knob"


@dataclass(frozen=True)
class Question:
    """A knob, its chosen value and provenance, and the readings to try."""

    path: str
    title: str
    chosen: Any
    provenance: Provenance | None
    readings: tuple[Reading, ...]
    unmeasured: str | None = None  # why simulated play cannot measure the knob (KnobSpec.unmeasured)

    @property
    def kind(self) -> str:
        return self.provenance.kind if self.provenance is not None else "editorial"


def _split_values(text: str) -> list[str]:
    """``a,b`` -> ``["a", "b"]``; commas inside ``[...]`` or ``{...}`` stay (``[KS, JD],[KS]``)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return out


def _value_schema(rules: Ruleset, path: str) -> dict[str, Any]:
    from .rules.schema import value_schema
    from .rules.validate import schema

    cls = rules.section_of(path).__class__
    name = path.rpartition(".")[2]
    out = value_schema(field_type(cls, name), rules.knob_spec(path))
    return {"$defs": schema()["$defs"], **out}


def _expected(rules: Ruleset, path: str, error: Any) -> str:
    """What the knob takes, in words, for the first schema error of a value."""
    from .rules.validate import _expected_type

    spec = rules.knob_spec(path)
    if isinstance(spec.words, Mapping):
        return "one of " + ", ".join(str(_plain(k)) for k in spec.words)
    if error is None:
        return "a value"
    v = error.validator
    if v == "type":
        return _expected_type(error.validator_value)
    if v in ("minimum", "maximum"):
        lo, hi = spec.minimum, spec.maximum
        return f"a whole number from {lo} to {hi}" if lo is not None and hi is not None else error.message
    if v == "pattern" and error.schema == _value_schema(rules, path)["$defs"].get("card"):
        return "a card name such as KS, QH or 10D"
    if v == "enum":
        return "one of " + ", ".join(str(_plain(x)) for x in error.validator_value)
    return str(error.message)


def _typed(rules: Ruleset, path: str, text: str) -> Any:
    """One value of ``--knob`` as YAML data the knob's schema accepts: the text as it is
    (a choice like ``never``), else the text read as YAML (``3``, ``true``, ``[KS, JD]``)."""
    # jsonschema ships no annotations (types-jsonschema is not a dependency); as in rules/validate.py
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped,unused-ignore]

    from .rules.validate import found_words, json_data

    check = Draft202012Validator(_value_schema(rules, path))
    if text and check.is_valid(text):
        return text
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        data = text
    errors = sorted(check.iter_errors(json_data(data)), key=lambda e: len(e.path))
    if not text or errors:
        error = errors[0] if errors else None
        found = found_words(error.instance if error is not None else data)
        raise KnobError(f"--knob {path}={text}: found {found}; expected {_expected(rules, path, error)}")
    return data


def _checked(rules: Ruleset, path: str, value: Any, text: str) -> None:
    """The ruleset with ``path`` set to ``value`` passes every check a ruleset file does."""
    from .rules.render import load_ruleset_text, ruleset_yaml

    try:
        load_ruleset_text(ruleset_yaml(rules.with_knobs({path: value})))
    except RulesetError as e:
        where = f"{e.path}: " if e.path else ""
        expected = f"; expected {e.expected}" if e.expected else ""
        raise KnobError(f"--knob {path}={text}: {where}found {e.found}{expected}") from None


def parse_knob(rules: Ruleset, spec: str) -> tuple[str, list[Any]]:
    """``PATH=V1,V2`` -> the knob path and its values, as the model holds them.
    Raises :class:`KnobError` (with the nearest path for an unknown one)."""
    path, eq, values = spec.partition("=")
    path = path.strip()
    knobs = rules.knobs()
    if path not in knobs:
        near = difflib.get_close_matches(path, list(knobs), n=1, cutoff=0.5)
        hint = f"; did you mean {near[0]}?" if near else "; `hoc show` lists the knobs"
        raise KnobError(f"--knob {spec}: {rules.name} has no knob {path!r}{hint}")
    if not eq or not values.strip():
        raise KnobError(f"--knob {spec}: give the values to try, as --knob {path}=V1,V2")
    cls = rules.section_of(path).__class__
    name = path.rpartition(".")[2]
    out = []
    for text in _split_values(values):
        value = convert(cls, name, _typed(rules, path, text))
        _checked(rules, path, value, text)
        out.append(value)
    return path, out


def questions(rules: Ruleset, asked: Mapping[str, Sequence[Any]] | None = None) -> list[Question]:
    """Every knob with alternatives (in file order), then the knobs named in ``asked``
    only; a value asked for that the ruleset records too keeps its provenance."""
    asked = dict(asked or {})
    knobs = rules.knobs()
    out = []
    for path, chosen in knobs.items():
        prov = rules.provenance.get(path)
        recorded = list(prov.alternatives) if prov is not None else []
        if not recorded and path not in asked:
            continue
        readings = [Reading(a.value, a.provenance, "ruleset", a.reading) for a in recorded]
        for value in asked.get(path, ()):
            if any(r.value == value for r in readings):
                continue
            readings.append(Reading(value, prov if value == chosen else None, "--knob"))
        out.append(Question(path, knob_title(rules, path), chosen, prov, tuple(readings),
                            rules.knob_spec(path).unmeasured))
    return out


# ------------------------------------------------------------ simulating ----


class _ReadingsJob:
    """The chosen ruleset and every reading on the same blocks (the same deals): a chunk
    -> one set of sums, the chosen quantities first, then each reading's. The pairs kept
    are each side's own and, per metric both have, the chosen's with the reading's
    (what :func:`hocdsl.sim.compare` keeps for two rulesets)."""

    def __init__(self, chosen: Table, readings: Sequence[Table], seed: int) -> None:
        self.tables = (chosen, *readings)
        self.seed = seed
        offsets, size = [], 0
        for t in self.tables:
            offsets.append(size)
            size += t.layout.size
        self.offsets = tuple(offsets)
        self.size = size
        base = {m.name: m for m in chosen.layout.metrics}
        pairs = set(chosen.layout.pairs())
        for t, off in zip(readings, offsets[1:]):
            pairs |= {(x + off, y + off) for x, y in t.layout.pairs()}
            for m in t.layout.metrics:
                if m.name in base:
                    pairs |= {(x, y + off) for x in base[m.name].args for y in m.args}
        # per reading, after every table's quantities: for each level of REACH_LEVELS, the
        # hands at risk before it was first reached in a block, and whether it was
        self.reach = size
        for k in range(len(readings)):
            for level in range(len(REACH_LEVELS)):
                at = size + 2 * (k * len(REACH_LEVELS) + level)
                pairs |= {(at, at), (at, at + 1), (at + 1, at + 1)}
        self.size = size + 2 * len(REACH_LEVELS) * len(readings)
        self.pairs = sorted(pairs)

    def empty(self) -> Sums:
        return Sums(self.size, self.pairs)

    def warm(self) -> None:
        for t in self.tables:
            t.warm()

    def run_chunk(self, chunk: list[tuple[int, int]]) -> tuple[SumsState, tuple[bool, ...]]:
        sums = self.empty()
        oks = [True] * len(self.tables)
        for block, hands in chunk:
            y: list[int] = []
            traces = []
            for i, t in enumerate(self.tables):
                trace: list[HandRow] = []
                part, good = t.play_block(self.seed, block, hands, trace)
                oks[i] = oks[i] and good
                y += part
                traces.append(trace)
            for trace in traces[1:]:
                y += first_reached(traces[0], trace)
            sums.add_block(y)
        return sums.state(), tuple(oks)


#: How far a reading's rule made a difference in a hand, compared with the ruleset as
#: written on the same deal: ``reached`` (anything differed: the actions offered, the play,
#: the payments), ``play`` (the actions taken or the course of the hand differed),
#: ``decisive`` (what the players won and lost in the hand differed).
REACH_LEVELS = ("reached", "play", "decisive")


#: What :func:`first_reached` compares of one hand: two counts and the nets (see its callers).
HandRow = tuple[int, int, tuple[int, ...]]


def first_reached(chosen: Sequence[HandRow], other: Sequence[HandRow]) -> list[int]:
    """For each of :data:`REACH_LEVELS`, ``[hands at risk, 1 if reached]`` in one block:
    the hands up to and including the first that differs at that level (all of them if
    none does). Until a first difference the two tables are in the same state, so the
    difference is the rule's; after it they are not, and the block counts no further.

    >>> a = [(1, 1, (2, -2)), (5, 6, (0, 0)), (7, 8, (1, -1))]
    >>> first_reached(a, a)
    [3, 0, 3, 0, 3, 0]
    >>> first_reached(a, [(1, 1, (2, -2)), (9, 6, (0, 0)), (7, 9, (3, -3))])
    [2, 1, 3, 1, 3, 1]
    """
    out: list[int] = []
    tests: tuple[Callable[[HandRow, HandRow], bool], ...] = (
        lambda x, y: x != y, lambda x, y: x[1] != y[1], lambda x, y: x[2] != y[2])
    for differs in tests:
        first = next((i for i, (x, y) in enumerate(zip(chosen, other)) if differs(x, y)), None)
        out += [len(chosen), 0] if first is None else [first + 1, 1]
    return out


@dataclass(frozen=True)
class Difference:
    """One metric under one reading: the chosen value's and the reading's estimates, the
    difference reading - chosen (paired 95% interval), its standard error and, for a key
    metric, its p-value, Holm-adjusted p-value and whether it survives the control."""

    metric: str
    chosen: Stat
    alternative: Stat
    diff: Stat
    se: float
    key: bool
    p: float = math.nan
    p_holm: float = math.nan
    significant: bool | None = None  # after Holm; None for a metric outside the family

    @property
    def t(self) -> float:
        """``|difference| / standard error`` (0 for a difference that is exactly 0)."""
        d = self.diff.mean
        if d != d or self.se != self.se:  # undefined, or one block: no standard error
            return math.nan
        if self.se == 0:
            return 0.0 if d == 0 else math.inf
        return abs(d) / self.se

    @property
    def excludes_zero(self) -> bool:
        lo, hi = self.diff.lo, self.diff.hi
        return bool(lo == lo and (lo > 0 or hi < 0))


@dataclass(frozen=True)
class Outcome:
    """One reading of one knob, played on the chosen value's deals."""

    question: Question
    reading: Reading
    rows: dict[str, Difference]
    chips_conserved: bool
    #: per level of :data:`REACH_LEVELS`: the share of hands in which the rule first made
    #: that difference (a rate per hand at risk, with its 95% interval) and the blocks in which it did
    reach: dict[str, tuple[Stat, int]] = field(default_factory=dict)
    #: the same, under random play, for an alternative that decided nothing with the bots
    probe: dict[str, tuple[Stat, int]] = field(default_factory=dict)

    @property
    def score(self) -> float:
        ts = [d.t for d in self.rows.values() if d.key and d.t == d.t]
        return max(ts, default=0.0)


@dataclass(frozen=True)
class Ranked:
    """A knob's place in the ranking: its score and the difference that gives it."""

    rank: int
    path: str
    title: str
    score: float
    reading: Reading | None
    metric: str | None
    diff: Stat | None


@dataclass(frozen=True)
class Control:
    """What the significance marks control: the method, the family and its size."""

    method: str
    tests: int
    alpha: float
    family: str

    def words(self) -> str:
        """``Holm over 10 tests, family-wise 5%``."""
        return (f"{self.method} over {self.tests} test{'s' if self.tests != 1 else ''}, "
                f"family-wise {self.alpha:.0%}")


@dataclass(frozen=True)
class ReadingsReport:
    """What ``hoc readings`` shows."""

    rules: Ruleset
    settings: dict[str, Any]
    key_metrics: tuple[str, ...]
    chosen: dict[str, Stat]  # the key metrics under the chosen values
    questions: tuple[Question, ...]
    outcomes: tuple[Outcome, ...]
    control: Control
    ranking: tuple[Ranked, ...]
    chips_conserved: bool
    blocks: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def outcomes_of(self, path: str) -> list[Outcome]:
        return [o for o in self.outcomes if o.question.path == path]

    def to_frame(self) -> Any:
        """These numbers as a pandas DataFrame, one row per metric and statistic
        (:func:`hocdsl.tidy.to_frame`; ``pip install 'hocdsl[frames]'``)."""
        from .tidy import to_frame

        return to_frame(self)


def _pct(st: Stat) -> str:
    x = st.mean * 100
    return f"{x:.2g}%" if x < 1 else f"{x:.0f}%"


def _reach_phrase(reach: dict[str, tuple[Stat, int]]) -> str:
    reached, play, decisive = (reach[k] for k in REACH_LEVELS)
    parts = [f"reached in {_pct(reached[0])} of hands"]
    parts.append(f"changed the play in {_pct(play[0])}" if play[1] else "never changed the play")
    parts.append(f"decided what was won and lost in {_pct(decisive[0])}" if decisive[1]
                 else "never changed what was won or lost")
    return ", ".join(parts)


def reach_words(o: Outcome, hands: int, probe_hands: int = 0, bots: str = "the bots") -> str:
    """Whether the alternative was reached, changed the play and was decisive, in words:
    what tells "no effect" (the situation it governs never arose, even in random play)
    from "never exercised" (it governs a choice the bots never made)."""
    if not o.reach:
        return ""
    reached, _play, decisive = (o.reach[k] for k in REACH_LEVELS)
    if not decisive[1] and o.question.unmeasured:
        return f"NOT MEASURED: {o.question.unmeasured}; its zero says nothing of the game"
    if decisive[1]:
        return _reach_phrase(o.reach)
    probe = o.probe
    if probe and probe["decisive"][1]:
        seen = (f"reached in {_pct(reached[0])} of hands with {bots} but never decisive"
                if reached[1] else f"never reached in {hands:,} hands with {bots}")
        return (f"NEVER EXERCISED: {seen}; in {probe_hands:,} hands of random play it was "
                + _reach_phrase(probe) + f". It governs a choice {bots} never make: its zero "
                "here says nothing of players who would make it")
    if reached[1]:
        return (f"reached in {_pct(reached[0])} of hands (it changed what the players could do or did) but "
                "never what was won or lost" + (", nor in random play" if probe else ""))
    return (f"NO EFFECT: never reached in {hands:,} hands"
            + (f", nor in {probe_hands:,} hands of random play" if probe else "")
            + ": it changed nothing the players were offered, did or were paid")


def key_metrics(players: int, *rulesets: Ruleset) -> tuple[str, ...]:
    """The metrics a reader cares about in ``rulesets`` (played together, as the readings of
    one ruleset are), by what they are played for (:func:`hocdsl.keys.played_for`): in a game
    of chips (and with no ruleset given), the net per hand by position, its spread, the hand's
    length; in a game of points, the points per deal by position first.

    >>> key_metrics(3)
    ('net_per_hand.eldest', 'net_per_hand.second', 'net_per_hand.dealer', 'sd_net_per_hand', 'turns_per_hand')
    """
    return played_for(*rulesets).key_metrics(players)


def _se(sums: Sums, w: dict[int, float]) -> float:
    m = sums.m
    if m < 2 or not w:
        return math.nan
    return math.sqrt(max(0.0, sums.quad(w)) * m / (m - 1))


def _differences(sums: Sums, chosen: Layout, other: Layout, off: int,
                 keys: tuple[str, ...]) -> dict[str, Difference]:
    """Every metric both layouts have: the chosen's, the reading's and the paired
    difference (the computation of :func:`hocdsl.sim.compare`)."""
    sa, sb = _metrics(sums, chosen), _metrics(sums, other, off)
    mb = {m.name: m for m in other.metrics}
    out = {}
    for m in chosen.metrics:
        if m.name not in mb:
            continue
        ea, wa = _parts(sums, m)
        eb, wb = _parts(sums, mb[m.name], off)
        w: dict[int, float] = {i: -v for i, v in wa.items()}
        for i, v in wb.items():
            w[i] = w.get(i, 0.0) + v
        ok = ea == ea and eb == eb
        diff = interval(sums, eb - ea, w) if ok else NAN_STAT
        out[m.name] = Difference(m.name, sa[m.name], sb[m.name], diff, _se(sums, w) if ok else math.nan,
                                 m.name in keys)
    return out


def _reach(sums: Sums, at: int) -> dict[str, tuple[Stat, int]]:
    """The reach rates of one reading from its slots at ``at`` (see :class:`_ReadingsJob`)."""
    out = {}
    for level, name in enumerate(REACH_LEVELS):
        exposure, events = at + 2 * level, at + 2 * level + 1
        est, w = ratio_parts(sums, events, exposure)
        out[name] = (interval(sums, est, w), sums.S[events])
    return out


def _controlled(outcomes: list[Outcome], df: int) -> tuple[list[Outcome], int]:
    """The key differences of every outcome with p-values and Holm's verdicts."""
    family = [(i, name) for i, o in enumerate(outcomes) for name, d in o.rows.items()
              if d.key and d.t == d.t]
    ps = [t_pvalue(outcomes[i].rows[name].t, df) for i, name in family]
    adjusted = holm_adjusted(ps)
    verdict = holm(ps)
    rows = [dict(o.rows) for o in outcomes]
    for (i, name), p, q, sig in zip(family, ps, adjusted, verdict):
        d = rows[i][name]
        rows[i][name] = Difference(d.metric, d.chosen, d.alternative, d.diff, d.se, True, p, q, sig)
    out = [Outcome(o.question, o.reading, r, o.chips_conserved, o.reach, o.probe) for o, r in zip(outcomes, rows)]
    return out, len(family)


def _ranking(qs: Sequence[Question], outcomes: Sequence[Outcome]) -> tuple[Ranked, ...]:
    scored = []
    for q in qs:
        best: tuple[float, Reading | None, str | None, Stat | None] = (0.0, None, None, None)
        for o in outcomes:
            if o.question.path != q.path:
                continue
            for d in o.rows.values():
                if d.key and d.t == d.t and (best[1] is None or d.t > best[0]):
                    best = (d.t, o.reading, d.metric, d.diff)
        scored.append((q, best))
    scored.sort(key=lambda qb: (-qb[1][0], qb[0].path))
    return tuple(Ranked(i + 1, q.path, q.title, b[0], b[1], b[2], b[3]) for i, (q, b) in enumerate(scored))


def readings_report(rules: Ruleset, *, asked: Mapping[str, Sequence[Any]] | None = None,
                    hands: int = 20_000, players: int = 3, bots: Sequence[str] = ("heuristic",),
                    seed: int = 0, jobs: int = 1, progress: Progress | None = None,
                    cluster: Any = None) -> ReadingsReport:
    """Play ``rules`` as written and with each reading of :func:`questions` on the same
    ``hands`` deals; compare, control and rank (see the module's docstring). ``jobs``
    processes, or a Dask ``cluster``, as for :func:`hocdsl.sim.simulate`.
    Raises ValueError for bad arguments or a reading that cannot seat ``players``."""
    from .sim import _bots, _check

    _check(hands, jobs, cluster)
    rules.hand_size(players)
    names = _bots(tuple(bots), players)
    qs = questions(rules, asked)
    pairs = []
    variants = []
    unplayed: list[tuple[Question, Reading, str]] = []
    for q, r in ((q, r) for q in qs for r in q.readings):
        if r.reading is not None:  # a whole reading: every change it makes
            from .rules.model import Pick
            from .rules.variants import compose

            variant = compose(rules, [Pick(reading=r.reading)])
        else:
            variant = rules.with_knobs({q.path: r.value})
        try:
            variant.hand_size(players)
        except ValueError as e:
            if r.origin == "ruleset":  # a reading of the file for other numbers of players
                unplayed.append((q, r, f"not played: {e}"))
                continue
            raise ValueError(f"{q.path} = {_plain(yaml_of(rules, q.path, r.value))}: {e}") from None
        pairs.append((q, r))
        variants.append(variant)
    chosen = Table(rules, players, names)
    tables = [Table(v, players, names) for v in variants]
    job = _ReadingsJob(chosen, tables, seed)
    sums, oks = _run(job, hands, jobs, progress, cluster)
    keys = key_metrics(players, rules, *variants)
    outcomes = [Outcome(q, r, _differences(sums, chosen.layout, t.layout, off, keys), ok,
                        _reach(sums, job.reach + 2 * len(REACH_LEVELS) * k))
                for k, ((q, r), t, off, ok) in enumerate(zip(pairs, tables, job.offsets[1:], oks[1:]))]
    outcomes, tests = _controlled(outcomes, sums.m - 1)
    # A rule the bots never made a difference with may govern a choice they never make (a
    # bluff, a false "without"): play those again with random bots, which take every legal
    # action now and then, to tell "never exercised" from "no effect".
    quiet = [k for k, o in enumerate(outcomes) if o.reach["decisive"][1] == 0]
    probe_hands = min(hands, PROBE_HANDS)
    if quiet and any(b != PROBE_BOT for b in names):
        randoms = _bots((PROBE_BOT,), players)
        pjob = _ReadingsJob(Table(rules, players, randoms),
                            [Table(variants[k], players, randoms) for k in quiet], seed)
        psums, _ = _run(pjob, probe_hands, jobs, None, cluster)
        for j, k in enumerate(quiet):
            o = outcomes[k]
            outcomes[k] = Outcome(o.question, o.reading, o.rows, o.chips_conserved, o.reach,
                                  _reach(psums, pjob.reach + 2 * len(REACH_LEVELS) * j))
    base = _metrics(sums, chosen.layout)
    control = Control("Holm", tests, ALPHA, "every key metric of every alternative")
    settings = {"hands": hands, "players": players, "bots": list(names), "seed": seed}
    return ReadingsReport(rules, settings, keys, {k: base[k] for k in keys if k in base}, tuple(qs),
                          tuple(outcomes), control, _ranking(qs, outcomes), all(oks), sums.m,
                          {"unplayed": unplayed, "probe": {"bots": PROBE_BOT, "hands": probe_hands}})


#: The bot, and the most hands, with which the alternatives that made no difference are
#: played again (:func:`readings_report`).
PROBE_BOT = "random"
PROBE_HANDS = 2_000


# ------------------------------------------------------------ JSON ----


def yaml_of(rules: Ruleset, path: str, value: Any) -> Any:
    """A knob's model value as plain data (card names, lists, mappings)."""
    return yaml_value(rules.section_of(path).__class__, path.rpartition(".")[2], value)


def _plain(value: Any) -> Any:
    """A value for one line of text, as a ruleset file writes it: ``true``, ``3``, ``never``,
    ``[KS, JD]``, ``null`` (a knob set to nothing, e.g. no number of deals).

    >>> [_plain(v) for v in (True, 3, "never", ["KS", "JD"], None)]
    ['true', 3, 'never', '[KS, JD]', 'null']
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        return yaml.safe_dump(value, default_flow_style=True, sort_keys=False).strip()
    return value


def _num(x: float) -> float | None:
    return None if x is None or x != x or math.isinf(x) else x


def _side(rules: Ruleset, path: str, value: Any, prov: Provenance | None) -> dict[str, Any]:
    from .rules.render import value_words

    return {"value": yaml_of(rules, path, value), "words": value_words(rules, path, value),
            "provenance": prov.kind if prov is not None else None,
            "cite": prov.cite() if prov is not None else None}


def _row_json(d: Difference) -> dict[str, Any]:
    out = {"chosen": _num(d.chosen.mean), "alternative": _num(d.alternative.mean),
           "diff": _num(d.diff.mean), "ci95": [_num(d.diff.lo), _num(d.diff.hi)]}
    if d.key:
        out.update({"t": _num(d.t) if not math.isinf(d.t) else None, "p": _num(d.p),
                    "p_holm": _num(d.p_holm), "significant": bool(d.significant)})
    else:
        out["excludes_zero"] = d.excludes_zero
    return out


def _outcome_json(report: ReadingsReport, o: Outcome) -> dict[str, Any]:
    side = _side(report.rules, o.question.path, o.reading.value, o.reading.provenance)
    side["origin"] = o.reading.origin
    side["chips_conserved"] = o.chips_conserved
    side["score"] = _num(o.score) if not math.isinf(o.score) else None
    side["metrics"] = {k: _row_json(o.rows[k]) for k in report.key_metrics if k in o.rows}
    side["other_metrics"] = {k: _row_json(d) for k, d in o.rows.items() if not d.key}
    if o.reading.reading is not None:
        side["reading"] = o.reading.reading
    side["reach"] = {k: {"rate": st.to_json(), "blocks": n} for k, (st, n) in o.reach.items()}
    side["probe"] = {k: {"rate": st.to_json(), "blocks": n} for k, (st, n) in o.probe.items()} or None
    side["reach_words"] = reach_words(o, report.settings["hands"], report.extra.get("probe", {}).get("hands", 0),
                                      ",".join(report.settings["bots"]) + " bots")
    return side


def report_json(report: ReadingsReport) -> dict[str, Any]:
    """``{ruleset, extensions, hands, players, bots, seed, chips_conserved, key_metrics,
    control: {method, tests, alpha, family, words}, score, knobs: [{knob, title, chosen:
    {value, words, provenance, cite}, alternatives: [{value, words, provenance, cite, origin,
    score, metrics: {name: {chosen, alternative, diff, ci95, t, p, p_holm, significant}},
    other_metrics: {name: {chosen, alternative, diff, ci95, excludes_zero}}}]}], ranking:
    [{rank, knob, score, alternative, metric, diff, ci95}]}``."""
    r = report.rules
    knobs = []
    for q in report.questions:
        knobs.append({
            "knob": q.path, "title": q.title,
            "chosen": _side(r, q.path, q.chosen, q.provenance),
            "alternatives": [_outcome_json(report, o) for o in report.outcomes_of(q.path)],
        })
    ranking = [{
        "rank": k.rank, "knob": k.path, "score": _num(k.score) if not math.isinf(k.score) else None,
        "alternative": yaml_of(r, k.path, k.reading.value) if k.reading is not None else None,
        "metric": k.metric, "diff": _num(k.diff.mean) if k.diff else None,
        "ci95": [_num(k.diff.lo), _num(k.diff.hi)] if k.diff else None,
    } for k in report.ranking]
    c = report.control
    return {
        "ruleset": r.name, "extensions": list(r.extensions), **report.settings,
        "chips_conserved": report.chips_conserved,
        "key_metrics": list(report.key_metrics),
        "chosen": {k: s.to_json() for k, s in report.chosen.items()},
        "control": {"method": c.method.lower(), "tests": c.tests, "alpha": c.alpha, "family": c.family,
                    "words": c.words()},
        "score": SCORE_WORDS,
        "knobs": knobs,
        "ranking": ranking,
    }
