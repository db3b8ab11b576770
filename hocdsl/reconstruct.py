"""``hoc reconstruct``: which completions of a lost text make a game, and agree with its sources.

A ruleset's lost and doubtful rules each list their alternatives (one value, or a whole
reading of several changes). A *whole reading* of the ruleset picks one option for every
such rule: the value as written or one of its alternatives (a reading written under
``readings:`` that no alternative names is a rule of its own, taken or not). There are
the product of their options; :func:`reconstruct` plays all of them, or a balanced sample,
on the very same deals (common random numbers), and scores each:

- **sources**: each expectation of the ruleset (``expectations:``: what the sources say
  about play) scores from 0 (clearly false) to 1 (clearly true), smoothly across a tenth
  of its scale around its bound (:func:`agreement`);
- **balance**: the gap between the best and the worst position's net per hand, in
  standard deviations of a player's result: ``exp(-gap / 0.25)``;
- **length**: turns per hand inside the band (``--length``, 15 to 150 by default, an
  editorial guess at a playable hand unless the ruleset's expectations say otherwise): 1
  inside, falling off outside;
- **choice**: how often the result is decided by the players' choices rather than by the
  deal: the share of hands whose winner changes when one seat plays at random instead, on
  the same deal (a twin table);
- **lead**: how often the lead of the partie (the most chips won so far) changes hands
  from one deal to the next.

The score is their weighted mean (``sources`` 4, the others 1 each: agreeing with the
sources weighs as much as being playable; ``weights=`` changes it). Every estimate is a
function of sums over the hands played, and its 95% interval comes from a delete-one-batch
jackknife over batches of :data:`BATCH_BLOCKS` parties, on the same batches for every
reading, so two readings are compared paired.

Readings are *raced*: every reading plays the first :data:`FIRST_BATCHES` batches; then,
round after round, the budget doubles for the readings still in, and a reading is dropped
when it is clearly worse than the leader (its paired difference below zero, one-sided,
Holm-controlled at 5% over the readings still in) or when successive halving cuts the
field to the better half. The last round reaches ``hands`` per reading. Which lost rules
the ranking depends on: the first round's scores (every reading, the same hands) fitted
by least squares on the options each reading takes (main effects), each rule's best
option against its worst tested with Holm's control over the rules.

The same seed gives the same ranking whatever ``jobs``.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .readings import holm, holm_adjusted, t_pvalue
from .rules.model import Expectation, Pick, Ruleset
from .rules.variants import PickError, compose
from .sim.metrics import Layout
from .sim.runner import BLOCK_HANDS, Table
from .sim.stats import NAN_STAT, Stat, Sums, t975

#: Parties (blocks of :data:`~hocdsl.sim.runner.BLOCK_HANDS` hands) in one batch: the unit
#: of the jackknife and of the work handed to a process.
BATCH_BLOCKS = 2
#: Batches every reading plays before the first can be dropped.
FIRST_BATCHES = 10
#: The editorial band of a playable hand's length, in turns, when the ruleset says none.
LENGTH_BAND = (15.0, 150.0)
#: The weights of the measures in the score.
WEIGHTS = {"sources": 4.0, "balance": 1.0, "length": 1.0, "choice": 1.0, "lead": 1.0}
MEASURES = ("balance", "length", "choice", "lead")
#: A full product of options larger than this is sampled (``sample=``).
FULL_LIMIT = 512
DEFAULT_SAMPLE = 256
ALPHA = 0.05
#: Extra quantities a batch counts after the layout's: hands compared with the twin
#: table, hands whose winner differed, lead changes, hands after the first of a partie,
#: parties (of either table) in which chips were not conserved.
EXTRA = 5

Progress = Callable[[int, int], None]


# ------------------------------------------------------------ the questions ----


@dataclass(frozen=True)
class Option:
    """One option of a lost or doubtful rule: the value as written (``pick`` None) or an
    alternative or whole reading, in words and as a file writes it (``plain``)."""

    pick: Pick | None
    words: str
    kind: str  # the provenance kind ("as written" for the value the ruleset chose)
    plain: str = ""


@dataclass(frozen=True)
class Rule:
    """A lost or doubtful rule and its options (the first is the ruleset's own)."""

    path: str
    title: str
    lost: bool
    options: tuple[Option, ...]


def rules_of(rules: Ruleset) -> list[Rule]:
    """Every knob with alternatives (in file order), then every whole reading no
    alternative names, as a rule taken or not."""
    from .readings import yaml_of
    from .rules.describe import knob_title
    from .rules.render import value_words

    out = []
    named = set()
    knobs = rules.knobs()
    for path, chosen in knobs.items():
        prov = rules.provenance.get(path)
        if prov is None or not prov.alternatives:
            continue
        opts = [Option(None, _words(value_words, rules, path, chosen, yaml_of), "as written",
                       _plain(yaml_of(rules, path, chosen)))]
        for i, alt in enumerate(prov.alternatives):
            if alt.reading is not None:
                named.add(alt.reading)
            extra = f" (reading {alt.reading})" if alt.reading else ""
            opts.append(Option(Pick(path=path, index=i),
                               _words(value_words, rules, path, alt.value, yaml_of) + extra, alt.provenance.kind,
                               _plain(yaml_of(rules, path, alt.value)) + extra))
        out.append(Rule(path, knob_title(rules, path), prov.lost, tuple(opts)))
    for r in rules.readings:
        if r.id not in named:
            out.append(Rule(f"reading {r.id}", r.title, r.provenance.lost, (
                Option(None, "not taken", "as written", "no"),
                Option(Pick(reading=r.id), "taken", r.provenance.kind, "yes"))))
    return out


def _plain(value: Any) -> str:
    """A file value in one short line (``ace-high``, ``{3: 17, 5: 10}``, ``[KS, JD]``)."""
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    text = json.dumps(value, ensure_ascii=False).replace('"', "")
    return text if len(text) <= 40 else text[:37] + "..."


def playable(rules: Ruleset, qs: Sequence[Rule], players: int) -> tuple[list[Rule], list[tuple[str, str, str]]]:
    """The rules with only the options that can be played by ``players`` on their own (a
    whole reading for other numbers of players is set aside), and those set aside:
    ``(rule, option, why)``."""
    out, aside = [], []
    for q in qs:
        keep = [q.options[0]]
        for o in q.options[1:]:
            assert o.pick is not None
            try:
                compose(rules, [o.pick]).hand_size(players)
            except (PickError, ValueError) as e:
                aside.append((q.path, o.plain or o.words, str(e)))
                continue
            keep.append(o)
        out.append(Rule(q.path, q.title, q.lost, tuple(keep)))
    return out, aside


def _words(value_words: Any, rules: Ruleset, path: str, value: Any, yaml_of: Any) -> str:
    try:
        text = str(value_words(rules, path, value))
    except Exception:  # pragma: no cover - every knob has words
        text = str(yaml_of(rules, path, value))
    return text if len(text) <= 60 else text[:57] + "..."


def whole_readings(rules_list: Sequence[Rule], sample: int | None, seed: int) -> tuple[list[tuple[int, ...]], int]:
    """The whole readings to play, as one option index per rule (the first, all zeros, is the
    ruleset as written), and how many there are in all. All of them when there are at most
    ``sample`` (or :data:`FULL_LIMIT` when ``sample`` is None); otherwise a balanced sample
    of ``sample``: each option of each rule taken about equally often.

    >>> r = [Rule("a", "a", True, (Option(None, "x", ""),) * 2), Rule("b", "b", True, (Option(None, "y", ""),) * 3)]
    >>> whole_readings(r, None, 0)
    ([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)], 6)
    >>> picked, total = whole_readings(r, 4, 0)
    >>> picked[0], len(picked), total
    ((0, 0), 4, 6)
    """
    sizes = [len(r.options) for r in rules_list]
    total = math.prod(sizes)
    limit = FULL_LIMIT if sample is None else sample
    if total <= limit:
        return list(itertools.product(*(range(k) for k in sizes))), total
    want = DEFAULT_SAMPLE if sample is None else sample
    rng = random.Random(f"hocdsl-reconstruct:{seed}")
    chosen: list[tuple[int, ...]] = [tuple(0 for _ in sizes)]
    seen = set(chosen)
    tries = 0
    while len(chosen) < want and tries < 50:
        tries += 1
        columns = []
        for k in sizes:  # each option equally often, in a random order
            col = [i % k for i in range(want)]
            rng.shuffle(col)
            columns.append(col)
        for combo in zip(*columns):
            if combo not in seen:
                seen.add(combo)
                chosen.append(combo)
                if len(chosen) >= want:
                    break
    return chosen, total


# ------------------------------------------------------------ playing ----


class _Job:
    """Every candidate reading as two tables (the bots, and the same bots with seat 0
    playing at random): a chunk of ``(batch, reading)`` -> each one's counts."""

    def __init__(self, mains: Sequence[Table], twins: Sequence[Table], seed: int) -> None:
        self.mains, self.twins = list(mains), list(twins)
        self.seed = seed

    def warm(self) -> None:
        for t in self.mains[:1] + self.twins[:1]:
            t.warm()

    def run_chunk(self, chunk: list[tuple[int, int]]) -> list[tuple[int, int, list[int]]]:
        out = []
        for batch, k in chunk:
            main, twin = self.mains[k], self.twins[k]
            y = [0] * (main.layout.size + EXTRA)
            size = main.layout.size
            for block in range(batch * BATCH_BLOCKS, (batch + 1) * BATCH_BLOCKS):
                trace: list[tuple[int, int, tuple[int, ...]]] = []
                other: list[tuple[int, int, tuple[int, ...]]] = []
                part, ok = main.play_block(self.seed, block, BLOCK_HANDS, trace)
                _y, ok_twin = twin.play_block(self.seed, block, BLOCK_HANDS, other)
                y[size + 4] += (not ok) + (not ok_twin)
                for i, v in enumerate(part):
                    y[i] += v
                y[size] += len(trace)
                y[size + 1] += sum(_winner(a[2]) != _winner(b[2]) for a, b in zip(trace, other))
                changes, chances = _lead_changes(trace)
                y[size + 2] += changes
                y[size + 3] += chances
            out.append((batch, k, y))
        return out


def _winner(nets: tuple[int, ...]) -> int | None:
    best = max(nets)
    return nets.index(best) if nets.count(best) == 1 else None


def _lead_changes(trace: Sequence[tuple[int, int, tuple[int, ...]]]) -> tuple[int, int]:
    """How often the partie's leader (the most chips won so far, alone) changed from one
    hand to the next, and after how many hands it could have.

    >>> _lead_changes([(0, 0, (2, -2)), (0, 0, (-5, 5)), (0, 0, (1, -1))])
    (1, 2)
    """
    total = [0] * len(trace[0][2]) if trace else []
    leader = None
    changes = chances = 0
    for i, (_o, _p, nets) in enumerate(trace):
        total = [a + b for a, b in zip(total, nets)]
        now = _winner(tuple(total))
        if i:
            chances += 1
            if now != leader and now is not None and leader is not None:
                changes += 1
        leader = now if now is not None else leader
    return changes, chances


def _play(job: _Job, work: list[tuple[int, int]], jobs: int, cluster: Any) -> list[tuple[int, int, list[int]]]:
    """Play the ``(batch, reading)`` pairs, in processes or on a cluster, in a fixed order."""
    from .sim import _here, _in_processes, _on_cluster

    per = max(1, min(8, len(work) // max(1, 4 * jobs)))
    chunks = [work[i:i + per] for i in range(0, len(work), per)]
    if cluster is not None:
        results = _on_cluster(job, chunks, cluster)
    elif jobs <= 1 or len(chunks) <= 1:
        results = _here(job, chunks)
    else:
        results = _in_processes(job, chunks, min(jobs, len(chunks)))
    out = []
    for _chunk, part in results:
        out += part
    return out


# ------------------------------------------------------------ scoring ----


def agreement(e: Expectation, value: Callable[[str], float], scale: float) -> float:
    """How far an expectation holds, from 0 to 1: 1/2 on its bound, rising to about 0.73
    a tenth of ``scale`` inside it (a logistic). ``value(metric)`` is a metric's estimate.

    >>> from hocdsl.rules.model import Provenance
    >>> e = Expectation("x", "", "m < 0", "m", "<", 0.0, None, Provenance("editorial", "x"))
    >>> round(agreement(e, lambda m: -1.0, 10.0), 2), agreement(e, lambda m: 0.0, 10.0)
    (0.73, 0.5)
    """
    left = value(e.left)
    if left != left:
        return math.nan
    s = max(abs(scale) * 0.1, 1e-9)
    if e.op == "between":
        assert isinstance(e.right, float) and e.high is not None
        margin = min(left - e.right, e.high - left)
        s = max((e.high - e.right) * 0.1, 1e-9)
    else:
        right = value(e.right) if isinstance(e.right, str) else float(e.right)
        if right != right:
            return math.nan
        margin = left - right if e.op == ">" else right - left
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, margin / s))))


@dataclass
class _Scorer:
    """The measures and score of one reading from its summed counts."""

    rules: Ruleset
    layout: Layout
    expectations: tuple[Expectation, ...]
    band: tuple[float, float]
    weights: Mapping[str, float]

    def __post_init__(self) -> None:
        self.by_name = {m.name: m for m in self.layout.metrics}

    def metric(self, y: Sequence[int], name: str) -> float:
        """The metric ``name`` of the summed counts ``y``, as :func:`hocdsl.sim.simulate`
        estimates it (NaN for a metric the ruleset does not report)."""
        from .sim import _parts

        m = self.by_name.get(name)
        if m is None:
            return math.nan
        return _parts(Sums.from_state(len(y), (), (y, (), 1)), m)[0]

    def measures(self, y: Sequence[int]) -> dict[str, float]:
        L = self.layout
        hands = y[L.HANDS] or 1
        nets = [y[i] / hands for i in L.NET_POS]
        sd = self.metric(y, "sd_net_per_hand")
        gap = (max(nets) - min(nets)) / sd if sd and sd == sd else math.nan
        turns = y[L.TURNS] / hands
        lo, hi = self.band
        if lo <= turns <= hi:
            length = 1.0
        else:
            edge = lo if turns < lo else hi
            length = math.exp(-4.0 * abs(turns - edge) / edge)
        size = L.size
        choice = y[size + 1] / y[size] if y[size] else math.nan
        lead = y[size + 2] / y[size + 3] if y[size + 3] else math.nan
        out = {"gap": gap, "turns": turns, "balance": math.exp(-gap / 0.25) if gap == gap else math.nan,
               "length": length, "choice": choice, "lead": lead}
        agree = [agreement(e, lambda name: self.metric(y, name), self._scale(e, y, sd)) for e in self.expectations]
        agree = [a for a in agree if a == a]
        out["sources"] = sum(agree) / len(agree) if agree else math.nan
        return out

    def _scale(self, e: Expectation, y: Sequence[int], sd: float) -> float:
        if e.left.startswith("net_per") or e.left.startswith("sd_net"):
            return sd
        bound = abs(float(e.right)) if not isinstance(e.right, str) else abs(self.metric(y, e.right))
        return bound if bound else abs(self.metric(y, e.left)) or 1.0

    def score(self, y: Sequence[int]) -> float:
        m = self.measures(y)
        total = weight = 0.0
        for name, w in self.weights.items():
            v = m.get(name, math.nan)
            if w and v == v:
                total += w * v
                weight += w
        return total / weight if weight else math.nan


def _jackknife(batches: Sequence[Sequence[int]], f: Callable[[list[int]], float]) -> tuple[float, list[float]]:
    """``f`` of the summed batches, and ``f`` with each batch left out."""
    total = [sum(col) for col in zip(*batches)]
    est = f(total)
    reps = [f([t - b for t, b in zip(total, one)]) for one in batches]
    return est, reps


def _jk_stat(est: float, reps: Sequence[float]) -> Stat:
    n = len(reps)
    good = [r for r in reps if r == r]
    if est != est or n < 2 or len(good) < n:
        return Stat(est, math.nan, math.nan) if est == est else NAN_STAT
    mean = sum(good) / n
    se = math.sqrt((n - 1) / n * sum((r - mean) ** 2 for r in good))
    half = t975(n - 1) * se
    return Stat(est, est - half, est + half)


def _se(reps: Sequence[float]) -> float:
    n = len(reps)
    if n < 2 or any(r != r for r in reps):
        return math.nan
    mean = sum(reps) / n
    return math.sqrt((n - 1) / n * sum((r - mean) ** 2 for r in reps))


# ------------------------------------------------------------ the report ----


@dataclass
class Candidate:
    """One whole reading: its options, and what was measured of it."""

    index: int
    options: tuple[int, ...]
    picks: tuple[Pick, ...]
    rules: Ruleset
    batches: list[list[int]] = field(default_factory=list)
    dropped: str | None = None  # why and when it stopped playing
    score: Stat = NAN_STAT
    measures: dict[str, Stat] = field(default_factory=dict)
    verdicts: list[Any] = field(default_factory=list)
    best_like: bool = False  # not distinguishable from the best (Holm, 5%)

    @property
    def hands(self) -> int:
        return len(self.batches) * BATCH_BLOCKS * BLOCK_HANDS


@dataclass(frozen=True)
class Effect:
    """How much the ranking depends on one lost or doubtful rule: each option's effect on
    the score against the value as written (``means``, fitted on the first round), the
    largest difference between two options and Holm's verdict."""

    rule: Rule
    means: tuple[float, ...]
    spread: float
    p: float
    p_holm: float
    matters: bool
    best: int


@dataclass
class ReconstructReport:
    """What ``hoc reconstruct`` shows."""

    rules: Ruleset
    questions: tuple[Rule, ...]
    candidates: list[Candidate]
    total: int  # whole readings in all (the product of the options)
    invalid: list[tuple[tuple[int, ...], str]]
    effects: list[Effect]
    settings: dict[str, Any]
    hands_played: int
    hands_full: int
    rounds: list[tuple[int, int, int]]  # (batches, readings in, readings dropped)

    @property
    def chips_conserved(self) -> bool:
        """Whether every hand of every reading (and twin table) conserved the chips."""
        return all(not y[-1] for c in self.candidates for y in c.batches)

    def ranking(self) -> list[Candidate]:
        """The candidates best first: those that played longest, then by score."""
        return sorted(self.candidates, key=lambda c: (-len(c.batches), -(c.score.mean if c.score.mean == c.score.mean
                                                                        else -1e9), c.index))

    def label(self, c: Candidate) -> str:
        """The reading in words: the options it changes from the ruleset as written."""
        parts = [f"{q.path}={q.options[i].plain or q.options[i].words}"
                 for q, i in zip(self.questions, c.options) if i]
        return "; ".join(parts) if parts else "as written"

    def to_frame(self) -> Any:
        """These numbers as a pandas DataFrame, one row per metric and statistic
        (:func:`hocdsl.tidy.to_frame`; ``pip install 'hocdsl[frames]'``)."""
        from .tidy import to_frame

        return to_frame(self)


def reconstruct(rules: Ruleset, *, hands: int = 4_000, players: int = 3, bots: Sequence[str] = ("heuristic",),
                seed: int = 0, sample: int | None = None, jobs: int = 1, cluster: Any = None,
                weights: Mapping[str, float] | None = None, band: tuple[float, float] | None = None,
                only: Sequence[str] = (), progress: Progress | None = None) -> ReconstructReport:
    """Play and rank the whole readings of ``rules`` (see the module's docstring).

    ``hands``: the most hands any reading plays (the readings still in at the end);
    ``sample``: how many whole readings to play when there are more (a balanced sample
    that always holds the ruleset as written); ``only``: the rules to vary (knob paths, or
    ``reading ID``), the others as written. Raises ValueError for bad arguments.
    """
    from .sim import _bots, _check

    _check(hands, jobs, cluster)
    rules.hand_size(players)
    names = _bots(tuple(bots), players)
    twin_names = ("random",) + tuple(names[1:])
    weights = dict(WEIGHTS if weights is None else weights)
    if band is None:
        band = LENGTH_BAND
    every = rules_of(rules)
    unknown = [p for p in only if p not in {q.path for q in every}]
    if unknown:
        import difflib

        close = difflib.get_close_matches(unknown[0], [q.path for q in every], 1)
        raise ValueError(f"{unknown[0]} is not a rule of {rules.name} with alternatives"
                         + (f" (did you mean {close[0]}?)" if close else "")
                         + ": " + ", ".join(q.path for q in every))
    qs, aside = playable(rules, [q for q in every if not only or q.path in only], players)
    combos, total = whole_readings(qs, sample, seed)
    expectations = tuple(e for e in rules.expectations if not e.players or players in e.players)
    if not expectations:
        weights["sources"] = 0.0
    cands: list[Candidate] = []
    invalid: list[tuple[tuple[int, ...], str]] = []
    for combo in combos:
        picks = tuple(q.options[i].pick for q, i in zip(qs, combo) if i)
        try:
            variant = compose(rules, [p for p in picks if p is not None]) if picks else rules
            variant.hand_size(players)
        except (PickError, ValueError) as e:
            invalid.append((combo, str(e)))
            continue
        cands.append(Candidate(len(cands), combo, tuple(p for p in picks if p is not None), variant))
    if not cands:
        raise ValueError(f"no whole reading of {rules.name} can be played by {players} players")
    scorers = [_Scorer(c.rules, Layout(c.rules, players), expectations, band, weights) for c in cands]
    job = _Job([Table(c.rules, players, names) for c in cands],
               [Table(c.rules, players, twin_names) for c in cands], seed)
    max_batches = max(1, -(-hands // (BATCH_BLOCKS * BLOCK_HANDS)))
    budget = min(FIRST_BATCHES, max_batches)
    alive = list(range(len(cands)))
    rounds: list[tuple[int, int, int]] = []
    played = 0
    first_reps: dict[int, list[float]] = {}
    cap = len(alive)
    full = len(cands) * max_batches * BATCH_BLOCKS * BLOCK_HANDS * 2
    while True:
        work = [(b, k) for b in range(len(cands[alive[0]].batches), budget) for k in alive]
        work.sort()
        for batch, k, y in _play(job, work, jobs, cluster):
            cands[k].batches.append(y)
            played += 2 * BATCH_BLOCKS * BLOCK_HANDS
        if progress:
            progress(played, full)
        reps = {}
        for k in alive:
            est, r = _jackknife(cands[k].batches, scorers[k].score)
            cands[k].score = _jk_stat(est, r)
            reps[k] = r
        if not first_reps:  # the estimate, then its jackknife replicates
            first_reps = {k: [cands[k].score.mean, *reps[k]] for k in alive}
        dropped = _race(cands, alive, reps, budget, budget >= max_batches)
        rounds.append((budget, len(alive), len(dropped)))
        alive = [k for k in alive if k not in dropped]
        if budget >= max_batches or len(alive) <= 1:
            break
        cap = max(1, -(-cap // 2))
        if len(alive) > cap:  # successive halving: the better half goes on
            order = sorted(alive, key=lambda k: -_nz(cands[k].score.mean))
            for k in order[cap:]:
                cands[k].dropped = f"halved out after {cands[k].hands:,} hands"
            alive = order[:cap]
        budget = min(max_batches, budget * 2)
    _finish(cands, scorers, expectations, players)
    effects = _effects(qs, cands, first_reps)
    settings = {"hands": hands, "players": players, "bots": list(names), "twin_bots": list(twin_names),
                "set_aside": aside, "only": list(only),
                "seed": seed, "sample": sample, "weights": weights, "band": list(band),
                "batch_hands": BATCH_BLOCKS * BLOCK_HANDS}
    return ReconstructReport(rules, tuple(qs), cands, total, invalid, effects, settings, played, full, rounds)


def _nz(x: float) -> float:
    return x if x == x else -1e9


def _race(cands: list[Candidate], alive: list[int], reps: Mapping[int, list[float]], budget: int,
          last: bool) -> set[int]:
    """The readings clearly worse than the leader: the paired difference's one-sided
    p-value, Holm-controlled over the readings in."""
    if len(alive) < 2:
        return set()
    lead = max(alive, key=lambda k: _nz(cands[k].score.mean))
    others = [k for k in alive if k != lead]
    ps = []
    for k in others:
        d = cands[k].score.mean - cands[lead].score.mean
        se = _se([a - b for a, b in zip(reps[k], reps[lead])])
        if d != d:
            ps.append(0.0)
        elif not se or se != se:
            ps.append(0.0 if d < 0 else 1.0)
        else:
            t = d / se
            p2 = t_pvalue(t, budget - 1)
            ps.append(p2 / 2 if t < 0 else 1 - p2 / 2)
    worse = holm(ps, ALPHA)
    out = set()
    for k, w in zip(others, worse):
        if last:
            cands[k].best_like = not w
        elif w:
            out.add(k)
            cands[k].dropped = f"clearly worse after {cands[k].hands:,} hands"
    if last:
        cands[lead].best_like = True
    return out


def _finish(cands: list[Candidate], scorers: list[_Scorer],
            expectations: tuple[Expectation, ...], players: int) -> None:
    """Each candidate's measures with intervals, and its expectations' verdicts."""
    from .sim.expect import check

    for k, c in enumerate(cands):
        s = scorers[k]
        total = [sum(col) for col in zip(*c.batches)]
        others = [[t - b for t, b in zip(total, one)] for one in c.batches]  # each batch left out
        whole, parts = s.measures(total), [s.measures(y) for y in others]
        for name in ("gap", "turns", "choice", "lead", "sources"):
            c.measures[name] = _jk_stat(whole[name], [m[name] for m in parts])
        metrics: dict[str, Stat] = {}
        contrasts: dict[str, Stat] = {}
        for e in expectations:
            for m in e.metrics():
                metrics[m] = _jk_stat(s.metric(total, m), [s.metric(y, m) for y in others])
            if isinstance(e.right, str):
                left, right = e.left, e.right
                contrasts[f"{left} - {right}"] = _jk_stat(
                    s.metric(total, left) - s.metric(total, right),
                    [s.metric(y, left) - s.metric(y, right) for y in others])
        result = _Result(players, metrics, contrasts)
        c.verdicts = [check(e, result) for e in expectations]


@dataclass(frozen=True)
class _Result:
    """What :func:`hocdsl.sim.expect.check` reads of a simulation."""

    players: int
    metrics: dict[str, Stat]
    contrasts: dict[str, Stat]


def _effects(qs: Sequence[Rule], cands: Sequence[Candidate], first: Mapping[int, list[float]]) -> list[Effect]:
    """Each rule's effect on the score: a least-squares fit of every reading's first-round
    score (every reading on the same hands) on its options, one term for each option other
    than the value as written (the main effects; a sample that is not a whole product is
    not orthogonal, and a plain mean by option would lend one rule the effect of others).
    A rule matters when its best and worst options differ by more than the fit's error
    explains (two-sided t, the residual degrees of freedom), Holm over the rules."""
    rows = [k for k in range(len(cands)) if k in first and first[k][0] == first[k][0]]
    cols: list[tuple[int, int]] = []  # (rule, option) of each term after the intercept
    for qi, q in enumerate(qs):
        present = sorted({cands[k].options[qi] for k in rows})
        cols += [(qi, o) for o in present if o]
    p = 1 + len(cols)
    X = [[1.0] + [1.0 if cands[k].options[qi] == o else 0.0 for qi, o in cols] for k in rows]
    y = [first[k][0] for k in rows]
    n = len(rows)
    xtx = [[sum(r[a] * r[b] for r in X) for b in range(p)] for a in range(p)]
    inv = _inverse(xtx)
    beta = [sum(inv[a][b] * sum(r[b] * v for r, v in zip(X, y)) for b in range(p)) for a in range(p)]
    rss = sum((v - sum(bb * x for bb, x in zip(beta, r))) ** 2 for r, v in zip(X, y))
    df = n - p
    sigma2 = rss / df if df > 0 else math.nan
    index = {c: i + 1 for i, c in enumerate(cols)}
    # the deal's part of the error: the fit again on each batch-deleted replicate
    n_rep = min(len(first[k]) for k in rows) - 1 if rows else 0
    proj = [[sum(inv[a][b] * r[b] for b in range(p)) for r in X] for a in range(p)]  # (X'X)^-1 X'
    reps_beta = [[sum(w * first[k][1 + j] for w, k in zip(proj[a], rows)) for a in range(p)]
                 for j in range(n_rep)]
    found: list[tuple[Rule, tuple[float, ...], float, float, int]] = []
    ps: list[float] = []
    for qi, q in enumerate(qs):
        effects = {o: (beta[index[(qi, o)]] if (qi, o) in index else 0.0) for o in range(len(q.options))
                   if o == 0 or (qi, o) in index}
        if len(effects) < 2:
            found.append((q, (), math.nan, 1.0, 0))
            ps.append(1.0)
            continue
        if not all(_estimable(X, [1.0 if a == index[(qi, o)] else 0.0 for a in range(p)])
                   for o in effects if o):
            # too few readings, or readings that always change this rule with another:
            # its effect cannot be told apart from theirs (the fit has many solutions)
            found.append((q, tuple(math.nan for _ in q.options), math.nan, math.nan, 0))
            ps.append(1.0)
            continue
        best = max(effects, key=lambda o: effects[o])
        worst = min(effects, key=lambda o: effects[o])
        spread = effects[best] - effects[worst]
        c = [0.0] * p
        if best:
            c[index[(qi, best)]] += 1.0
        if worst:
            c[index[(qi, worst)]] -= 1.0
        var = sigma2 * sum(c[a] * inv[a][b] * c[b] for a in range(p) for b in range(p)) if df > 0 else 0.0
        jk = _se([sum(ca * rb for ca, rb in zip(c, rep)) for rep in reps_beta]) if n_rep > 1 else math.nan
        var = var + (jk * jk if jk == jk else 0.0)
        if var != var or (df <= 0 and jk != jk):
            pv = math.nan
        elif var <= 0:
            pv = 0.0 if spread > 1e-12 else 1.0
        else:
            pv = t_pvalue(spread / math.sqrt(var), df if df > 0 else n_rep - 1)
        ps.append(pv if pv == pv else 1.0)
        found.append((q, tuple(effects.get(o, math.nan) for o in range(len(q.options))), spread, pv, best))
    adjusted = holm_adjusted(ps)
    verdict = holm(ps, ALPHA)
    return [Effect(q, m, sp, pv, pa, v and pv == pv, b)
            for (q, m, sp, pv, b), pa, v in zip(found, adjusted, verdict)]


def _rank(rows: list[list[float]]) -> int:
    """The rank of a small matrix (Gaussian elimination, relative tolerance).

    >>> _rank([[1.0, 1.0], [2.0, 2.0]]), _rank([[1.0, 0.0], [0.0, 1.0]])
    (1, 2)
    """
    m = [r[:] for r in rows]
    scale = max((abs(x) for r in m for x in r), default=0.0) or 1.0
    rank = 0
    for col in range(len(m[0]) if m else 0):
        piv = max(range(rank, len(m)), key=lambda r: abs(m[r][col]), default=None)
        if piv is None or abs(m[piv][col]) <= 1e-9 * scale:
            continue
        m[rank], m[piv] = m[piv], m[rank]
        for r in range(rank + 1, len(m)):
            f = m[r][col] / m[rank][col]
            if f:
                m[r] = [x - f * y for x, y in zip(m[r], m[rank])]
        rank += 1
    return rank


def _estimable(x: list[list[float]], c: list[float]) -> bool:
    """Whether the contrast ``c`` of a least-squares fit on the design ``x`` has one value
    whatever solution the fit takes: ``c`` lies in the span of ``x``'s rows.

    >>> x = [[1.0, 1.0, 0.0], [1.0, 1.0, 0.0]]          # the second term never apart from the first
    >>> _estimable(x, [1.0, 1.0, 0.0]), _estimable(x, [0.0, 1.0, 0.0])
    (True, False)
    """
    return _rank(x + [c]) == _rank(x)


def _inverse(a: list[list[float]]) -> list[list[float]]:
    """The inverse of a small symmetric matrix (Gauss-Jordan with partial pivoting; a
    column with no pivot, an option no reading took apart from another, is left at 0).

    >>> _inverse([[2.0, 0.0], [0.0, 4.0]])
    [[0.5, 0.0], [0.0, 0.25]]
    """
    n = len(a)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-12:
            continue
        m[col], m[piv] = m[piv], m[col]
        d = m[col][col]
        m[col] = [x / d for x in m[col]]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col]
                m[r] = [x - f * yv for x, yv in zip(m[r], m[col])]
    return [row[n:] for row in m]


__all__ = ["reconstruct", "ReconstructReport", "Candidate", "Effect", "Rule", "Option", "rules_of",
           "whole_readings", "agreement", "WEIGHTS", "LENGTH_BAND"]
