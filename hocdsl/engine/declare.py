"""A ``declare`` stage: declarations scored as points (Piquet's calling).

In the order of counting (hoyle-piq part 14, chambers-piq): carte blanche, the
point, the sequences, the sets. A hand dealt without a court card counts
``carte_blanche`` for its holder at once, before everything else. Then, for each
of the three combinations in turn, the eldest (the elder hand) calls one (or
nothing) and the other answers: "good" (the call is better than anything he
holds: the eldest counts it), "not good" (he holds better: he counts his own) or
"equal" (as good as his best: neither counts). The holder of the best counts it
and, by ``sequence_claim`` / ``set_claim``, his other combinations of that kind;
the other counts none of his. An equal point goes by value when ``point_keys``
compares by cards and value; equal on every key, nobody scores.

The combinations are the Hoc's (:mod:`hocdsl.combos`, read through the chances of
:mod:`.chances`, which the Hoc's bidding uses): the point is the longest suit by
the pack's values, a sequence a run in one suit, a set cards of one rank from
``set_lowest_rank`` up. What each scores is this stage's: one a card for the
point (``point_score``), ``sequence_scores``, ``set_scores``.

``answers: truth``: the eldest calls his best and the other answers truly.
``sinking`` (eb9-piq p. 116): the eldest may call less than he holds, or nothing,
and the other may say "good" to a call he beats; nobody calls what he does not
hold, nor says "not good" or "equal" to a call he does not match (the check
refuses it, citing the knob).

Points go through the hand's one score primitive (:meth:`~.table.Table.score`).
The eldest's are scored as they are found good; the other's, by
``younger_counts``, at once or once the eldest has led to the first trick
(hoyle-imp p. 188): they wait in a :class:`PiqueWatch` the table calls on every
score of the play (``Table.watch``), which scores them after the eldest's lead.

Repique (``repique``): a player whose combinations, counted in the order of
counting, reach ``bonus_at`` before the other has counted anything adds
``repique`` (parlett-piq §Repique). Pique (``pique``): the eldest who reaches
``bonus_at`` with his combinations and the play before the other scores anything
adds ``pique`` (parlett-piq §Pique); the :class:`PiqueWatch` sees every score of
the play through the primitive and gives it. One of the two at most per player.

>>> import random
>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.engine import Game
>>> g = Game(load_ruleset("piquet"), 2, dealer=1, hands=[
...     "AS KS QS JS 10S 9S AH AD AC 7H 8H 9D", "7S 8S KH QH JH 10H KD QD JD KC QC JC"])
>>> g.stage, g.to_act
('exchange', 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .. import combos
from ..actions import CONCEDE, EQUAL, GOOD, NOT_GOOD, PASS, Answer, Concede, Nothing, Pass
from ..cards import SUIT_MASK, Hand, Seat
from .chances import ChanceKind, PointChance, SequenceChance, TriconChance, _entry_key
from .errors import IllegalAction, Rule
from .events import (
    CARTE_BLANCHE, DECLARED_POINT, DECLARED_SEQUENCE, DECLARED_SET, PIQUE, REPIQUE, Answered, CalledCombination,
    CarteBlanche,
)
from .table import Result, Seen, Stage, Table
from .tally import Quantities, Ratios, StageTally
from .words import Words

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Declare, Ruleset

#: The stage's name while it is played (``Game.stage``).
DECLARE_STAGE: Final = "declare"
#: The three combinations, in the order they are called (chambers-piq, hoyle-piq part 14).
CATEGORIES: Final = ("point", "sequence", "set")

# Score reasons (Table.score), the events module's: this kind's words say them.
R_CARTE_BLANCHE: Final = CARTE_BLANCHE
R_POINT: Final = DECLARED_POINT
R_SEQUENCE: Final = DECLARED_SEQUENCE
R_SET: Final = DECLARED_SET
R_REPIQUE: Final = REPIQUE
R_PIQUE: Final = PIQUE
_REASON_OF: Final = (R_POINT, R_SEQUENCE, R_SET)

RULE_TRUTH = Rule("{stage}.answers", {
    "truth": "the eldest calls his best, and the other answers truly",
    "sinking": "a player may sink a combination, never claim more than he holds"})
RULE_ORDER = Rule("{stage}.point_keys", "the point, the sequences, the sets are called in that order, "
                                        "the eldest calling and the other answering")

#: A category's outcome in :attr:`DeclareResult.winner`: nobody held one, or the best were equal.
NOBODY, EQUALLED = -1, -2


class DeclareResult(Result):
    """What a declare stage reports: per category (point, sequence, set) the ``winner`` (a
    seat, :data:`NOBODY` or :data:`EQUALLED`), per seat the points its combinations
    ``counted`` (carte blanche included, bonuses apart), who had ``carte_blanche``, who
    made ``repique`` and ``pique`` (-1: nobody)."""

    __slots__ = ("winner", "counted", "carte_blanche", "repique", "pique")

    def __init__(self, n: int) -> None:
        self.winner = [NOBODY, NOBODY, NOBODY]
        self.counted = [0] * n
        self.carte_blanche = [False] * n
        self.repique = -1
        self.pique = -1

    def copy(self) -> DeclareResult:
        r = DeclareResult(len(self.counted))
        r.winner, r.counted, r.carte_blanche = self.winner.copy(), self.counted.copy(), self.carte_blanche.copy()
        r.repique, r.pique = self.repique, self.pique
        return r


def point_points(point: combos.Point, hand: Hand, st: Declare, rules: Ruleset) -> int:
    """What a point scores by ``point_score``: one a card; one less for a point worth 34, 44, 54
    or 64 (americana-piq); one less for a point holding the 7, 8 and 9 (foster-piq).

    >>> from hocdsl.cards import parse_hand
    >>> from hocdsl.rules import load_ruleset
    >>> r = load_ruleset("piquet"); st = r.declare
    >>> point_points(combos.Point(5, 48, 0), parse_hand("AS KS 10S 9S 8S"), st, r)
    5
    """
    n = point.cards
    how = st.point_score
    if how == "per-card-less-one-at-x4":
        return n - 1 if point.value in (34, 44, 54, 64) else n
    if how == "per-card-less-one-with-789":
        bits = (hand >> (point.suit * 13)) & SUIT_MASK
        values = rules.pack.rank_values()
        best = sorted((r for r in range(1, 14) if bits >> (r - 1) & 1), key=lambda r: -values[r])[:n]
        return n - 1 if {7, 8, 9} <= set(best) else n
    return n


def combination_points(cat: int, combo: Any, hand: Hand, st: Declare, rules: Ruleset) -> int:
    """What one combination of category ``cat`` scores (0 point, 1 sequence, 2 set)."""
    if cat == 0:
        return point_points(combo, hand, st, rules)
    if cat == 1:
        scores = st.sequence_scores
        return scores.get(combo.length, scores[max(scores)] if combo.length > max(scores) else 0)
    return st.set_scores.get(combo.size, 0)


class PiqueWatch:
    """What a declare stage leaves for the play: the other player's combinations, to be
    scored once the eldest has led (``younger_counts: after-first-lead``), and the eldest's
    pique, still to be made. The table calls :meth:`scored` after every score
    (:meth:`~.table.Table.score`); it scores through the same primitive."""

    __slots__ = ("stage", "elder", "younger", "deferred", "pique", "at", "open", "busy")

    def __init__(self, stage: str, elder: Seat, younger: Seat, deferred: list[tuple[int, str]],
                 pique: int, at: int, open_: bool) -> None:
        self.stage = stage
        self.elder = elder
        self.younger = younger
        self.deferred = deferred
        self.pique = pique
        self.at = at
        self.open = open_  # the eldest may still make pique
        self.busy = False

    def copy(self) -> PiqueWatch:
        w = PiqueWatch(self.stage, self.elder, self.younger, self.deferred.copy(), self.pique, self.at, self.open)
        return w

    def scored(self, g: Table, seat: Seat, points: int, reason: str) -> None:
        """``seat`` has just scored ``points`` for ``reason``: the first score of the play
        (the eldest's lead) lets the other's combinations count after it; the eldest's
        pique is given the moment he reaches ``at`` while the other has nothing."""
        if self.busy:
            return
        self.busy = True
        try:
            if self.deferred:
                if seat == self.elder:
                    self._pique(g)  # the eldest's lead counts before the other's combinations
                self._flush(g)
            self._pique(g)
        finally:
            self.busy = False

    def flush(self, g: Table) -> None:
        """Score the other player's combinations now (the hand is over, or nothing scores)."""
        self.busy = True
        try:
            self._flush(g)
        finally:
            self.busy = False

    def _flush(self, g: Table) -> None:
        pending = self.deferred
        self.deferred = []
        for pts, reason in pending:
            g.score(self.younger, pts, reason, self.stage)

    def _pique(self, g: Table) -> None:
        if not self.open:
            return
        pts = g.points
        if pts[self.younger] > 0:
            self.open = False
        elif pts[self.elder] >= self.at:
            self.open = False
            g.score(self.elder, self.pique, R_PIQUE, self.stage)
            r = g.result_of(DeclareResult)
            if r is not None:
                r.pique = self.elder


class DeclareSeen(Seen):
    """What the seat to act may see of the calling: the ``category`` being called (0 point,
    1 sequence, 2 set), the eldest's ``call`` on it (None before), and its own legal
    calls or answers."""

    __slots__ = ("category", "call", "options")

    def __init__(self, ds: DeclareStage, seat: Seat) -> None:
        self.seat = seat
        self.category = ds.cat
        self.call = ds.call
        self.options = ds.legal() if ds.g.to_act == seat else ()


class DeclareStage(Stage):
    """The calling of a :class:`~hocdsl.engine.game.Game`, over its :class:`~.table.Table`."""

    __slots__ = ("chances", "cat", "answering", "call", "call_entry", "totals", "deferred", "bonus",
                 "elder", "younger", "out")

    st: Declare

    def __init__(self, g: Table, st: Declare, chances: tuple[ChanceKind, ...] | None = None) -> None:
        self.g = g
        self.st = st
        self.stage = DECLARE_STAGE
        self.done = False
        rules = g.rules
        self.chances = chances if chances is not None else (
            PointChance(rules), SequenceChance(rules), TriconChance(rules))
        self.cat = 0
        self.answering = False
        self.call: Any = None  # the eldest's call on the category (a declaration, or PASS)
        self.call_entry: Any = None  # its (declaration, key, combination), when one
        self.out = self.result = DeclareResult(max(rules.players))

    def anew(self, g: Table) -> DeclareStage:
        return DeclareStage(g, self.st, self.chances)

    # ------------------------------------------------------------ start ----

    def start(self) -> None:
        g = self.g
        if g.n != 2:
            self.done = True  # (two players: the semantic checks see to it)
            return
        self.elder = g.eldest
        self.younger = (g.eldest + 1) % 2
        self.totals = [0, 0]  # combinations counted so far, in the order of counting
        self.deferred: list[tuple[int, str]] = []
        self.bonus = [False, False]  # a repique made (one bonus a player)
        st = self.st
        if st.carte_blanche:
            for s in (self.elder, self.younger):
                if not g.dealt[s] & combos.COURT_CARDS:
                    self.out.carte_blanche[s] = True
                    if g.record:
                        g.events.append(CarteBlanche(s, g.dealt[s]))
                    # counted before everything, the other's too (hoyle-piq part 13)
                    self._count(s, st.carte_blanche, R_CARTE_BLANCHE, at_once=True)
        g.stage = DECLARE_STAGE
        self.cat = 0
        self._open()

    def _open(self) -> None:
        """Open the category ``cat`` to the eldest's call, or end the stage after the sets."""
        g = self.g
        self.answering = False
        self.call = self.call_entry = None
        if self.cat >= len(CATEGORIES):
            self._end()
            return
        g.to_act = self.elder

    # ------------------------------------------------------------ the rule ----

    def _best(self, seat: Seat) -> Any:
        """The best natural entry (declaration, key, combination) of ``seat``'s hand in the
        category, or None."""
        entries = self.chances[self.cat].natural(self.g.hands[seat])
        best = None
        for e in entries:
            if best is None or e[1] > best[1]:
                best = e
        return best

    def _verdict(self) -> str:
        """The true answer to the call: how the other's best compares with it."""
        mine = self._best(self.younger)
        called = self.call_entry
        assert called is not None
        if mine is None or mine[1] < called[1]:
            return GOOD
        return EQUAL if mine[1] == called[1] else NOT_GOOD

    def legal(self) -> tuple[Any, ...]:
        """The calls (the best first) or the answers (the true one first) the seat to act may
        make: a bot that says the first calls and answers truly."""
        chance = self.chances[self.cat]
        if not self.answering:
            if self.st.answers == "truth":
                best = self._best(self.elder)
                return (best[0],) if best is not None else (PASS,)
            entries = sorted(chance.natural(self.g.hands[self.elder]), key=_entry_key, reverse=True)
            return tuple(e[0] for e in entries) + (PASS,)  # the best first: a truthful player's call
        true = self._verdict()
        said = CONCEDE if true == GOOD else Answer(true)
        if self.st.answers == "sinking" and true != GOOD:
            return (said, CONCEDE)
        return (said,)

    def forced(self) -> Any:
        opts = self.legal()
        return opts[0] if len(opts) == 1 else None

    def complete(self, a: Any) -> Any:
        """``a`` in the one spelling the stage applies: "nothing" is no call (``Pass``), "good"
        (``Answer(good)``) is ``Concede``, as the grammar hears "good"."""
        t = type(a)
        if t is Nothing:
            return PASS
        if t is Answer and a.verdict == GOOD:
            return CONCEDE
        return a

    def check(self, a: Any) -> Any:
        """The one check of a call or an answer. A call: a combination of the category the
        eldest holds (his best, ``answers: truth``), or nothing; returns its entry. An answer:
        the truth, or "good" where a combination may be sunk."""
        g = self.g
        st = self.st
        a = self.complete(a)
        if not self.answering:
            if type(a) is Pass:
                if st.answers == "truth" and self._best(self.elder) is not None:
                    raise IllegalAction(RULE_TRUTH.cite(g.rules, st.id),
                                        f"you hold a {CATEGORIES[self.cat]}: call your best")
                return None
            if type(a) is Answer or type(a) is Concede:
                raise IllegalAction(RULE_ORDER.cite(g.rules, st.id), "the eldest calls; the other answers")
            entry = self.chances[self.cat].resolve(a, g.hands[self.elder])  # (refuses what is not held)
            if st.answers == "truth":
                best = self._best(self.elder)
                if best is not None and entry[1] < best[1]:
                    raise IllegalAction(RULE_TRUTH.cite(g.rules, st.id),
                                        f"you hold better: call your best {CATEGORIES[self.cat]}")
            return entry
        verdict = GOOD if type(a) is Concede else a.verdict if type(a) is Answer else ""
        if verdict not in (GOOD, NOT_GOOD, EQUAL):
            raise IllegalAction(RULE_ORDER.cite(g.rules, st.id),
                                "answer the call: \"good\", \"not good\" or \"equal\"")
        true = self._verdict()
        if verdict != true and not (verdict == GOOD and st.answers == "sinking"):
            said = {GOOD: "good", NOT_GOOD: "not good", EQUAL: "equal"}
            raise IllegalAction(RULE_TRUTH.cite(g.rules, st.id),
                                f"\"{said[verdict]}\" is not so: your best is "
                                + {GOOD: "worse", NOT_GOOD: "better", EQUAL: "equal"}[true])
        return verdict

    def apply(self, a: Any) -> None:
        found = self.check(a)
        a = self.complete(a)
        g = self.g
        cat = self.cat
        if not self.answering:
            if found is not None:
                a = found[0]  # completed
            self.call = a
            self.call_entry = found
            if g.record:
                g.events.append(CalledCombination(self.elder, CATEGORIES[cat], a))
            if found is None:  # nothing called: the other counts his best, if he holds one
                mine = self._best(self.younger)
                self._win(self.younger if mine is not None else NOBODY, mine)
                return
            self.answering = True
            g.to_act = self.younger
            return
        verdict: str = found
        if g.record:
            g.events.append(Answered(self.younger, CATEGORIES[cat], verdict))
        if verdict == GOOD:
            self._win(self.elder, self.call_entry)
        elif verdict == NOT_GOOD:
            self._win(self.younger, self._best(self.younger))
        else:
            self._win(EQUALLED, None)

    def _win(self, seat: int, entry: Any) -> None:
        """Count category ``cat`` for ``seat`` (or nobody): the combination of ``entry`` and
        the others the claim knob lets him count; then open the next category."""
        cat = self.cat
        self.out.winner[cat] = seat
        if seat >= 0 and entry is not None:
            g = self.g
            hand = g.hands[seat]
            chance = self.chances[cat]
            total = 0
            for combo in chance.claimed(hand, entry[2]):
                total += combination_points(cat, combo, hand, self.st, g.rules)
            self._count(seat, total, _REASON_OF[cat])
        self.cat = cat + 1
        self._open()

    def _count(self, seat: Seat, points: int, reason: str, at_once: bool = False) -> None:
        """``seat`` counts ``points`` of combinations: in the order of counting for repique,
        scored now (the eldest, carte blanche, ``younger_counts: at-once``) or after the
        eldest's first lead."""
        if points <= 0:
            return
        st = self.st
        other = 1 - seat
        self.totals[seat] += points
        self.out.counted[seat] += points
        bonus = 0
        if (st.repique and not self.bonus[seat] and self.totals[seat] >= st.bonus_at
                and self.totals[other] == 0):
            self.bonus[seat] = True
            self.out.repique = seat
            bonus = st.repique
        if seat == self.elder or at_once or st.younger_counts == "at-once":
            self.g.score(seat, points, reason, st.id)
            if bonus:
                self.g.score(seat, bonus, R_REPIQUE, st.id)
        else:
            self.deferred.append((points, reason))
            if bonus:
                self.deferred.append((bonus, R_REPIQUE))

    def _end(self) -> None:
        """The calling is over: leave the other's waiting combinations and the eldest's pique
        to the play (``Table.watch``), or score what waits now when nothing follows."""
        g = self.g
        st = self.st
        rules = g.rules
        later = rules.stages.index(st) < len(rules.stages) - 1
        open_ = bool(st.pique) and not self.bonus[self.elder]
        watch = PiqueWatch(st.id, self.elder, self.younger, self.deferred, st.pique, st.bonus_at, open_)
        if later:
            g.watch = watch
        else:
            watch.flush(g)
        g.to_act = None
        self.done = True

    def seen(self, seat: Seat) -> DeclareSeen:
        return DeclareSeen(self, seat)


# -------------------------------------------------------------- words ----


def call_words(a: Any, cat: str, rules: Ruleset, lang: str) -> str:
    """A call in words: ``point of five (48)``, ``quint to the ace``, ``fourteen aces``,
    ``three kings``, ``nothing``; in French ``point de cinq (48)``, ``quinte majeure``,
    ``quatorze d'as``, ``trio de rois``, ``rien``."""
    from ..announce.format import format_action
    from ..announce.vocabulary import Vocabulary

    return format_action(a, Vocabulary.from_ruleset(rules), lang)


class DeclareWords(Words):
    """The words of a declare stage: carte blanche shown, each call and answer, and the
    points each scores (through the score primitive's :class:`~.events.Scored`)."""

    __slots__ = ()

    events = (CarteBlanche, CalledCombination, Answered)
    # (the pique, scored by this kind's watch in play, is the tricks kind's reason: its words tell it)
    reasons = (R_CARTE_BLANCHE, R_POINT, R_SEQUENCE, R_SET, R_REPIQUE, R_PIQUE)
    reason_words = {
        R_CARTE_BLANCHE: ("carte blanche", "carte blanche"),
        R_POINT: ("the point", "le point"),
        R_SEQUENCE: ("the sequences", "les séquences"),
        R_SET: ("the quatorzes and trios", "les quatorzes et brelans"),
        R_REPIQUE: ("repique", "le repic"),
        R_PIQUE: ("pique", "le pic"),
    }
    TEXT = {
        "en": {"blanche": "{shows} carte blanche: {hand}", "calls": "{says}: {call}",
               "good": "good", "not-good": "not good", "equal": "equal", "nothing": "nothing"},
        "fr": {"blanche": "{shows} carte blanche : {hand}", "calls": "{says} : {call}",
               "good": "bon", "not-good": "pas bon", "equal": "égal", "nothing": "rien"},
    }

    def event(self, e: object, over: bool) -> str | None:
        names = self.names
        if isinstance(e, CarteBlanche):
            return self.say("blanche", shows=self.verb(names[e.seat], "shows"), hand=self.tongue.hand(e.hand))
        if isinstance(e, CalledCombination):
            call = self.say("nothing") if type(e.call) is Pass else call_words(
                e.call, e.category, self.rules, self.tongue.code)
            return self.say("calls", says=self.verb(names[e.seat], "says"), call=call)
        if isinstance(e, Answered):
            return self.say("calls", says=self.verb(names[e.seat], "says"), call=self.say(e.verdict))
        return None  # pragma: no cover - only its own events are handed to it


# ------------------------------------------------------------ metrics ----


class DeclareTally(StageTally):
    """What the simulator counts of a declare stage: who counts each combination, the
    points counted, carte blanche, repique and pique."""

    __slots__ = ("wins", "points", "blanche", "repique", "pique")

    #: (only ever two players: the ruleset's check admits a declare stage for two alone)
    kind = "declare"

    legend = """With a declare stage (declarations scored as points):

- ``declare_win_rate.point`` / ``.sequence`` / ``.set`` for ``elder`` and
  ``younger``: share of hands in which that player counts the combination.
- ``declared_points.elder``, ``declared_points.younger``: points counted for
  combinations (carte blanche included), per hand.
- ``carte_blanche_rate``: share of dealt hands without a court card.
- ``repique_rate``, ``pique_rate``: share of hands with a repique, a pique.
"""

    def __init__(self, at: int) -> None:
        super().__init__(at)
        self.wins: list[int] = []
        self.points: list[int] = []
        self.blanche = self.repique = self.pique = -1

    def quantities(self, section: str, q: Quantities) -> None:
        if section == "play":
            self.wins = [q.add(f"declare_won_{c}_{p}") for c in CATEGORIES for p in ("elder", "younger")]
            self.points = [q.add("declared_points_elder"), q.add("declared_points_younger")]
            self.blanche = q.add("carte_blanche")
            self.repique = q.add("repique")
            self.pique = q.add("pique")

    def metrics(self, section: str, m: Ratios) -> None:
        if section == "play":
            i = 0
            for c in CATEGORIES:
                for p in ("elder", "younger"):
                    m.ratio(f"declare_win_rate.{c}.{p}", self.wins[i], m.hands)
                    i += 1
            m.ratio("declared_points.elder", self.points[0], m.hands)
            m.ratio("declared_points.younger", self.points[1], m.hands)
            m.ratio("carte_blanche_rate", self.blanche, m.player_hands)
            m.ratio("repique_rate", self.repique, m.hands)
            m.ratio("pique_rate", self.pique, m.hands)

    def count(self, g: Table, y: list[int]) -> None:
        r = g.results[self.at]
        if not isinstance(r, DeclareResult):
            return
        elder = g.eldest
        for c in range(3):
            w = r.winner[c]
            if w >= 0:
                y[self.wins[2 * c + (0 if w == elder else 1)]] += 1
        y[self.points[0]] += r.counted[elder]
        y[self.points[1]] += r.counted[1 - elder]
        y[self.blanche] += sum(1 for b in r.carte_blanche if b)
        if r.repique >= 0:
            y[self.repique] += 1
        if r.pique >= 0:
            y[self.pique] += 1

