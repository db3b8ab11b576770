"""Bidding on one chance (Lalanne 002 §5): declare, raise, call, pass; then
the declarations, the winner, and what he is paid (002 §7).

The same machine serves the point, the sequence and the tricon (002 §5 "Leur
déroulement est le même pour les trois chances"); what differs between the
chances is in :mod:`.chances`, what differs between variants is read from
``rules.bidding`` (shared by every vie stage) and the pool's knobs.

Modes, in the order a chance may pass through them:

``OPEN``
    Nobody has raised. The one to speak (the eldest first) may pass, raise,
    or -- where ``declaring_closes_bidding`` -- declare (002 §5.1). A
    declaration closes the bidding: every other player, those who passed
    included, declares in turn from the declarer's right (the Académie's
    forced declarations, 002 §5.1-5.2). All pass: the chance is not played
    (002 §5.1, §6). Where declaring does not close the bidding (the Hoca:
    "lorsque les renvis sont terminés, on fait connaître les points"), the
    opener may only pass or raise.
``RAISED``
    After a raise the others call, raise or pass (fold, losing what they put
    in). One who passed before the raise comes back in where
    ``may_return_after_pass`` (002 §5.2), else he is out. No raising on
    oneself (002 §5.1): the round ends when the word comes back to the last
    raiser, who is never asked again. Where ``good_folds`` (the Wikipedia
    article's "fold by saying (it's) good"), "c'est bon" said while the
    bidding is open (here or in ``OPEN``) is a pass; the legal actions list
    the pass alone.
``DECLARING``
    Several players in: they declare in turn (from the eldest at the end of
    raises, 002 §5.1; from the declarer's right after a closing
    declaration). Once one has declared, the others must declare too (002
    §5.1 "doivent faire aussi leur déclaration"): a hand that beats the
    standing declaration (ties going by precedence) is declared, and only a
    hand that does not beat it says "c'est bon". A player says "rien" only
    while nobody has declared and only if he holds no combination of the
    chance, so the bluff case, ``rules.bidding.bluff`` (002 §7.4: "il ne se
    trouve rien de valable"), is reached only when nobody in holds anything.
    :meth:`ChanceBidding.answers` is the one statement of this rule: the
    legal actions, the forced answer and the check all read it.
``LONE``
    One player left after the raises: he wins the pool and raises without
    showing, or shows to be paid for his combination (002 §5.1, §7.2-7.3);
    ``lone_winner_must_show`` makes him show.

Precedence (002 §3.1-3.2: the eldest, failing him the second): where
``rules.bidding.precedence`` is ``first-declarer``, a player who closes the
bidding by declaring after the others passed takes the precedence from them
(002 §5.2), and it runs on from him in the order of play. Declarations at the
end of the raises keep the eldest's precedence (002 §5.2 speaks of forced
declarations only).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..actions import (
    CALL, CONCEAL, CONCEDE, NOTHING, PASS, RAISE, SHOW, Action, Call, Conceal, Concede, Declaration,
    DeclarePoint, DeclareSequence, DeclareTricon, Nothing, Pass, Raise, Show,
)
from .. import combos
from ..cards import (
    RANK_PLURALS_EN, RANK_PLURALS_FR, SUIT_MASK, SUIT_NAMES_EN, SUIT_NAMES_FR, Chips, Hand, Seat, rank_name,
    with_article,
)
from ..rules.cache import per_ruleset
from ..rules.model import VieOnRun, VieOnSet
from .carry import next_multiplier
from .chances import CHANCE_KINDS, PAYMENT_REASON, ChanceKind, Combination, Entry, Key
from .errors import IllegalAction, Rule, knob_rule
from .events import (  # noqa: I001
    CALL as _R_CALL, DOUBLE_GAME as R_DOUBLE_GAME, POOL as _R_POOL, RAISE as _R_RAISE, REFUND as R_REFUND,
    SEQUENCE as R_SEQUENCE,
    TRICON as R_TRICON, Called, ChancePassed, ChanceWon, ChipMove, Conceded, Concealed, Declared,
    DeclaredNothing, Passed, Pool, Raised, Shown, pools_of,
)
from .table import Result, Seen, Stage, Table
from .tally import Quantities, Ratios, Tally
from .words import Words

# The actions, their classes and the reasons of chip moves, bound here once: compiled, a
# module constant is read directly, while a name imported from a module that is not
# compiled (actions, events) is looked up in the module's namespace at every use.
_Pass: Final = Pass
_Call: Final = Call
_Raise: Final = Raise
_Concede: Final = Concede
_Show: Final = Show
_Conceal: Final = Conceal
_Nothing: Final = Nothing
_PASS: Final = PASS
_CALL: Final = CALL
_CONCEDE: Final = CONCEDE
_NOTHING: Final = NOTHING
_SHOW: Final = SHOW
_CONCEAL: Final = CONCEAL
R_CALL: Final = _R_CALL
R_POOL: Final = _R_POOL
R_RAISE: Final = _R_RAISE

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Bidding, Ruleset, Vie

OPEN: Final = 0
RAISED: Final = 1
DECLARING: Final = 2
LONE: Final = 3
MODE_NAMES: Final[tuple[str, ...]] = ("open", "raised", "declaring", "lone")  # (indexed by a variable)
# the outcomes of a chance (ChanceResult.outcome)
WON: Final = 1
PASSED: Final = 2

#: :meth:`BidSeen.bid_state`: (chance, mode, stake, put in, pool, multiplier, seats in, hand dealt).
BidState = tuple[str, str, Chips, Chips, Chips, int, int, Hand]

_DECLS: Final = (DeclarePoint, DeclareSequence, DeclareTricon)
#: what one may do after a raise without the combination bidding.raise_with asks for
_CALL_OR_FOLD: Final[tuple[Action, ...]] = (CALL, PASS)

# The rules a refusal cites, each by the knob that decides it (errors.Rule): the
# citation names the loaded ruleset, the knob and that ruleset's provenance for it.
RULE_OPEN = Rule("bidding.declaring_closes_bidding", {
    True: "the first to speak may declare, raise or pass",
    False: "before anyone raises one may only raise or pass"})
RULE_RAISED = Rule("bidding.declaring_closes_bidding", "after a raise one may call, raise or pass")
RULE_DECLARE = Rule("bidding.declaring_closes_bidding", "the players left in declare in turn")
RULE_BELOW = Rule("bidding.declaring_closes_bidding", "a hand below a predecessor's says \"c'est bon\"")
RULE_ONESELF = Rule("bidding.raise_cap", "no raising on oneself")
RULE_LONE = Rule("bidding.lone_winner_must_show", {
    True: "a player left alone wins and shows his hand",
    False: "a player left alone wins, showing his hand or not"})


#: a vie stage's ``on`` -> the chance kind that evaluates it
KIND_OF: Final = {"point": "point", "run": "sequence", "set": "tricon"}


class _Tables:
    """What a ruleset fixes for its vie stages: each one's chance evaluator and pool,
    and the interned action tuples of open and raised bidding."""

    __slots__ = ("kinds", "pool_of", "open_actions", "raised_actions")

    def __init__(self, rules: Ruleset) -> None:
        self.kinds: dict[str, ChanceKind] = {
            st.id: CHANCE_KINDS[KIND_OF[st.on]](rules) for st in rules.vie_stages}
        b = rules.bidding
        raises: tuple[Action, ...] = ()
        if b is not None:
            raises = tuple(RAISE[k] if k < len(RAISE) else Raise(k)
                           for k in range(b.raise_min, b.raise_cap + 1))
        self.open_actions: tuple[Action, ...] = (_PASS,) + raises
        self.raised_actions: tuple[Action, ...] = (_CALL,) + raises + (_PASS,)
        pools = pools_of(rules)
        #: each vie stage's pool, by stage id
        self.pool_of = {st.id: pools[rules.pool_index(st.pool)] for st in rules.vie_stages}


_tables = per_ruleset(_Tables)


class ChanceResult(Result):
    """What one vie stage reports of its hand: ``outcome`` 0 (not settled yet), ``WON``
    or ``PASSED``; the ``winner``; the chips he took from the ``pool`` (its index in the
    ruleset's pools) as ``won_pool``, and what the others paid him for what he showed
    (``won_pay``, from all of them together)."""

    __slots__ = ("chance", "pool", "outcome", "winner", "won_pool", "won_pay")

    def __init__(self, chance: str, pool: int) -> None:
        self.chance = chance
        self.pool = pool
        self.outcome = 0
        self.winner: Seat | None = None
        self.won_pool = 0
        self.won_pay = 0

    def copy(self) -> ChanceResult:
        r = ChanceResult(self.chance, self.pool)
        r.outcome, r.winner, r.won_pool, r.won_pay = self.outcome, self.winner, self.won_pool, self.won_pay
        return r


class ChanceBidding(Stage):
    """The bidding phase of one chance inside a :class:`~hocdsl.engine.game.Game`, over its :class:`~.table.Table`."""

    __slots__ = (
        "chance", "pool", "kind", "mode", "put", "level", "folded", "passed",
        "spoken", "last_raiser", "order", "pos", "best", "best_cmp", "prec_start",
        "natural", "mult", "reason", "open_legal", "b", "static", "won", "pays_when", "open_needs", "raise_needs",
        "pool_index",
    )

    # what a stage of this kind derives from the ruleset (:meth:`anew` passes it on)
    b: Bidding
    static: _Tables
    chance: str
    pool: Pool
    #: the pool's index among the ruleset's (``pool.index``, kept as an int: a Pool is a plain
    #: Python value, whose attributes compiled code reads by name)
    pool_index: int
    kind: ChanceKind
    reason: str | None
    won: ChanceResult
    pays_when: str
    open_needs: bool
    raise_needs: bool

    def __init__(self, g: Table, st: Vie, like: ChanceBidding | None = None) -> None:
        self.g = g  # typed Table, a class mypyc compiles: its attributes are read directly
        self.st = st
        self.done = False
        if like is not None:  # (anew: what the ruleset gives, as the stage ``like`` read it)
            b, static, chance = like.b, like.static, like.chance
            pool, kind, reason = like.pool, like.kind, like.reason
        else:
            bidding = g.rules.bidding
            assert bidding is not None  # the semantic checks refuse vie stages without a bidding section
            b = bidding
            chance = st.id
            static = _tables(g.rules)
            pool = static.pool_of[chance]
            kind = static.kinds[chance]
            reason = PAYMENT_REASON[kind.name]
        self.b = b
        self.chance = self.stage = chance
        self.static = static
        self.pool = pool
        self.pool_index = pool.index if like is None else like.pool_index
        self.kind = kind
        self.reason = reason
        if like is not None:
            self.pays_when, self.open_needs, self.raise_needs = like.pays_when, like.open_needs, like.raise_needs
        else:
            #: when what he shows is paid (payment_when; the point pays nothing for it)
            self.pays_when = st.payment_when if isinstance(st, (VieOnRun, VieOnSet)) else "always"
            #: bidding.open_with / raise_with: only a holder of the chance may open / raise again
            self.open_needs = b.open_with == "combination"
            self.raise_needs = b.raise_with == "combination"
        #: what the stage reports (the same object as ``result``, typed for the kind)
        self.won = self.result = ChanceResult(chance, self.pool_index)

    def anew(self, g: Table) -> ChanceBidding:
        return ChanceBidding(g, self.st, self)

    # ------------------------------------------------------------ start ----

    def start(self) -> None:
        g = self.g
        n = g.n
        self.mode = OPEN
        self.put = [0] * n
        self.level = 0
        self.folded = [False] * n
        self.passed = [False] * n
        self.spoken = 0
        self.last_raiser = -1
        self.order: tuple[int, ...] = ()
        self.pos = 0
        self.best: tuple[int, Any, Any] | None = None  # (seat, declaration, combination)
        self.best_cmp: tuple[Key, int] | None = None
        self.prec_start = g.eldest
        self.natural: list[list[Entry] | None] = [None] * n
        self.open_legal: list[tuple[Action, ...] | None] = [None] * n
        self.mult = g.carry_in.multipliers[self.pool_index]
        g.stage = self.chance
        g.to_act = g.eldest

    # ---------------------------------------------------------- helpers ----

    def _natural(self, seat: Seat) -> list[Entry]:
        nat = self.natural[seat]
        if nat is None:
            nat = self.natural[seat] = self.kind.natural(self.g.hands[seat])
        return nat

    def _prec(self, seat: Seat) -> int:
        """Bigger is better: 0 for whoever holds the precedence, then -1, -2..."""
        return -((seat - self.prec_start) % self.g.n)

    def answers(self, seat: Seat) -> tuple[list[Entry], Action | None]:
        """002 §5.1 in the declaring round: what ``seat`` may answer now.

        Returns the whole combinations he may declare and the one other answer
        open to him, or None where he must declare. While nobody has declared:
        all his combinations, and "nothing" only if he holds none (002 §7.4:
        the bluff case is for players who hold "rien de valable"). Once a
        declaration stands: those of his combinations that beat it (by the
        chance's keys, then precedence), and "c'est bon" only if none does
        (002 §5.1: a hand lower than a predecessor's says "c'est bon"; the
        others "doivent faire aussi leur déclaration"). An equal hand without
        the precedence does not beat the declaration: he says "c'est bon", or
        declares it and loses the tie (:meth:`check` accepts it).

        The one statement of the rule: :meth:`legal`, :meth:`declarations`,
        :meth:`forced` and :meth:`check` all read it.
        """
        nat = self._natural(seat)
        bc = self.best_cmp
        if bc is None:
            return nat, (None if nat else _NOTHING)
        key, best_prec = bc
        if self._prec(seat) > best_prec:  # he holds the precedence over the declarer: ties go to him
            beats = [e for e in nat if e[1] >= key]
        else:
            beats = [e for e in nat if e[1] > key]
        return beats, (None if beats else _CONCEDE)

    # ---------------------------------------------------------- legal ----

    def legal(self) -> tuple[Action, ...]:
        g = self.g
        mode = self.mode
        s = g.to_act
        assert s is not None  # a phase acts only while the hand is on
        if mode == OPEN:
            acts = self.open_legal[s]
            if acts is None:
                acts = self.static.open_actions
                if self.open_needs and not self._natural(s):
                    acts = (PASS,)  # bidding.open_with: only a holder of the chance opens
                if self.b.declaring_closes_bidding:
                    nat = self._natural(s)
                    if nat:
                        acts = acts + tuple(e[0] for e in nat)
                self.open_legal[s] = acts
            return acts
        if mode == RAISED:
            if self.raise_needs and not self._natural(s):
                return _CALL_OR_FOLD  # bidding.raise_with: only a holder raises again
            return self.static.raised_actions
        if mode == DECLARING:
            decls, other = self.answers(s)
            acts = tuple(e[0] for e in decls)
            return acts if other is None else acts + (other,)
        # LONE
        return (_SHOW,) if self.b.lone_winner_must_show else (_SHOW, _CONCEAL)

    def declarations(self) -> tuple[Declaration, ...]:
        """The declarations among :meth:`legal`, best first by the chance's keys
        (each whole combination the hand holds; while declaring, those that beat
        the best so far). Empty where no declaration is legal now."""
        g = self.g
        mode = self.mode
        s = g.to_act
        assert s is not None  # a phase acts only while the hand is on
        if mode == OPEN:
            if not self.b.declaring_closes_bidding:
                return ()
            nat = self._natural(s)
        elif mode == DECLARING:
            nat = self.answers(s)[0]
        else:
            return ()
        if len(nat) > 1:
            nat = _best_first(nat)
        return tuple(e[0] for e in nat)

    def auto(self) -> None:
        """Apply what is forced: nothing in open or raised bidding (always a choice); a
        declaring round's forced answers in one step, without checking them again."""
        g = self.g
        while not self.done:
            mode = self.mode
            if mode <= RAISED:
                return  # pass, call or raise: always a choice
            if mode == DECLARING:
                g.turns += self.answer_forced()
                if self.done or self.mode == DECLARING:
                    return  # the next stage, or a real choice
                continue
            a = self.forced()
            if a is None:
                return
            self.apply(a)
            g.turns += 1

    def forced(self) -> Action | None:
        """The only legal action, if there is just one (never while raising is possible)."""
        mode = self.mode
        if mode <= RAISED:
            return None
        if mode == DECLARING:  # as answers() rules: one declaration open, or one answer
            s = self.g.to_act
            assert s is not None  # a phase acts only while the hand is on
            decls, other = self.answers(s)
            if not decls:
                return other
            return decls[0][0] if len(decls) == 1 else None
        return _SHOW if self.b.lone_winner_must_show else None

    # ---------------------------------------------------------- check ----

    def check(self, a: Any) -> Entry | None:
        """Raise IllegalAction if ``a`` is not allowed now; return the resolved
        declaration entry for a declaration, else None."""
        g = self.g
        cls = type(a)
        mode = self.mode
        s = g.to_act
        assert s is not None  # a phase acts only while the hand is on
        if mode == OPEN:
            if cls is _Pass or (cls is _Concede and self.b.good_folds):
                return None  # "(it's) good" is a pass where bidding.good_folds
            if cls is _Raise:
                self._check_raise(a)
                return None
            if cls in _DECLS:
                if not self.b.declaring_closes_bidding:
                    raise IllegalAction(
                        knob_rule(g.rules, "bidding.declaring_closes_bidding",
                                  "combinations are made known when the raises are over"),
                        f"no declaration before the raises on the {self.chance} are over; "
                        "pass or raise")
                return self.kind.resolve(a, g.hands[s])
            raise IllegalAction(self._rule(RULE_OPEN), f"{_say(a)} is not allowed before anyone has raised "
                                           f"on the {self.chance}")
        if mode == RAISED:
            if cls is _Call or cls is _Pass or (cls is _Concede and self.b.good_folds):
                return None  # "(it's) good" folds where bidding.good_folds
            if cls is _Raise:
                self._check_raise(a)
                return None
            raise IllegalAction(self._rule(RULE_RAISED), f"{_say(a)} is not allowed while the raises on the "
                                             f"{self.chance} go on")
        if mode == DECLARING:
            if cls in _DECLS:
                entry = self.kind.resolve(a, g.hands[s])
                # 002 §5.1: only a hand *below* a predecessor's says "c'est bon"; an
                # equal one is declared, and the tie goes by precedence (§3.1, §3.2, §5.2).
                if self.best_cmp is not None and entry[1] < self.best_cmp[0]:
                    assert self.best is not None  # set with best_cmp
                    raise IllegalAction(self._rule(RULE_BELOW), f"{_say(entry[0])} does not beat "
                                                    f"{_say(self.best[1])}; say \"c'est bon\"")
                return entry
            if cls is _Concede:
                if self.best is None:
                    raise IllegalAction(self._rule(RULE_DECLARE), "nobody has declared yet: declare, "
                                                      "or say nothing (rien)")
                decls, other = self.answers(s)
                if other is not _CONCEDE:  # 002 §5.1: only a lower hand says "c'est bon"
                    raise IllegalAction(self._rule(RULE_BELOW), f"{_say(_best_of(decls))} beats "
                                                    f"{_say(self.best[1])}: declare it; only a "
                                                    f"hand that does not beat it says \"c'est bon\"")
                return None
            if cls is _Nothing:
                if self.best is not None:
                    raise IllegalAction(self._rule(RULE_BELOW), f"{_say(self.best[1])} has been declared: "
                                                    "say \"c'est bon\"")
                decls, other = self.answers(s)
                if other is not _NOTHING:  # 002 §5.1, §7.4: "rien" only without a combination
                    raise IllegalAction(self._rule(RULE_DECLARE), f"you hold {_say(_best_of(decls))}: declare "
                                                      f"your {self.chance}; \"nothing\" is for a "
                                                      f"hand without one")
                return None
            if cls is _Raise and self.last_raiser >= 0:
                raise IllegalAction(self._rule(RULE_ONESELF), f"the raises on the {self.chance} ended when the "
                                                  f"word came back to the last raiser; declare your "
                                                  f"{self.chance}")
            raise IllegalAction(self._rule(RULE_DECLARE), f"{_say(a)} is not allowed: declare your "
                                              f"{self.chance}" + (", or say \"c'est bon\""
                                                                  if self.best else ""))
        # LONE
        if cls is _Show:
            return None
        if cls is _Conceal:
            if self.b.lone_winner_must_show:
                raise IllegalAction(knob_rule(g.rules, "bidding.lone_winner_must_show",
                                              "a player left alone must show"),
                                    "you are left alone and must show your hand")
            return None
        raise IllegalAction(self._rule(RULE_LONE), f"{_say(a)} is not allowed: you are left alone on the "
                                       f"{self.chance}; show or do not show")

    def _rule(self, rule: Rule) -> str:
        """``rule`` as the loaded ruleset cites it (built only when refusing)."""
        return rule.cite(self.g.rules, self.chance)

    def _check_raise(self, a: Raise) -> None:
        """The raise rule (``bidding.raise_min`` to ``raise_cap`` over the last stake):
        :meth:`check` and the raise in :meth:`apply` both call it."""
        b = self.b
        if not b.raise_min <= a.amount <= b.raise_cap:
            raise IllegalAction(
                knob_rule(self.g.rules, "bidding.raise_cap", f"a raise is {b.raise_min} to "
                          f"{b.raise_cap} over the last stake"),
                f"raise {a.amount} is outside {b.raise_min}..{b.raise_cap}")
        opening = self.mode == OPEN
        if opening and not self.open_needs or not opening and not self.raise_needs:
            return
        s = self.g.to_act
        assert s is not None  # a phase acts only while the hand is on
        if not self._natural(s):
            knob = "bidding.open_with" if opening else "bidding.raise_with"
            raise IllegalAction(
                knob_rule(self.g.rules, knob, "only a player holding a combination of the chance "
                          + ("opens" if opening else "raises")),
                f"you hold no {self.chance} to " + ("open" if opening else "raise") + " on: "
                + ("pass" if opening else "call or fold"))

    # ---------------------------------------------------------- apply ----

    def apply(self, a: Any) -> None:
        g = self.g
        s = g.to_act
        assert s is not None  # a phase acts only while the hand is on
        cls = type(a)
        rec = g.record
        mode = self.mode
        if mode == RAISED:  # the hot path, checked inline
            if cls is _Call:
                amount = self.level - self.put[s]
                self.put[s] = self.level
                if rec:
                    g.events.append(Called(s, self.chance, self.level))
                g.ledger.seat_to_pool(s, self.pool, amount, R_CALL)
            elif cls is _Raise:  # _raise, inlined: raise wars are the bidding's hot loop
                self._check_raise(a)  # the one raise rule, as check() applies it
                k = a.amount
                put = self.put
                amount = self.level - put[s] + k
                self.level = put[s] = put[s] + amount
                self.last_raiser = s
                if rec:
                    g.events.append(Raised(s, self.chance, k, self.level))
                g.ledger.seat_to_pool(s, self.pool, amount, R_RAISE)
            elif cls is _Pass:
                self.folded[s] = True  # 002 §5.2: he loses what he put in
                if rec:
                    g.events.append(Passed(s, self.chance, True))
            else:
                self.check(a)  # raises, unless "(it's) good" folds (bidding.good_folds)
                self.apply(_PASS)
                return
            self._next_raised(s)
            return
        if cls is _Concede and mode == OPEN and self.b.good_folds:
            a, cls = _PASS, _Pass  # the Wikipedia article's "(it's) good": a pass
        # an open pass needs no checking (check() lets it through first); the rest is checked
        entry = None if mode == OPEN and cls is _Pass else self.check(a)
        if mode == OPEN:
            if cls is _Pass:
                self.passed[s] = True
                if rec:
                    g.events.append(Passed(s, self.chance))
                self.spoken += 1
                if self.spoken == g.n:
                    self._pass_chance("all-pass")
                else:
                    g.to_act = (s + 1) % g.n
            elif cls is _Raise:
                self._raise(s, a.amount)
                self.mode = RAISED
                if not self.b.may_return_after_pass:
                    # 002 §5.2 read the other way: a pass before the raise is final
                    for t in range(g.n):
                        if self.passed[t]:
                            self.folded[t] = True
                self._next_raised(s)
            else:  # a declaration closes the bidding (002 §5.1)
                assert entry is not None  # check() resolves a declaration
                n = g.n
                if rec:
                    g.events.append(Declared(s, self.chance, entry[0], False))
                if self.b.precedence == "first-declarer":
                    self.prec_start = s  # 002 §5.2: the declarer takes the precedence
                self.best = (s, entry[0], entry[2])
                self.best_cmp = (entry[1], self._prec(s))
                self.order = tuple((s + i) % n for i in range(1, n))
                self.pos = 0
                self.mode = DECLARING
                g.to_act = self.order[0]
        elif mode == DECLARING:
            if entry is not None:
                self._declared(s, entry)
            elif cls is _Concede:
                if rec:
                    g.events.append(Conceded(s, self.chance))
            elif rec:
                g.events.append(DeclaredNothing(s, self.chance))
            self._next_declarer()
        else:  # LONE
            if cls is _Show:
                self._win(s, "lone", self.kind.best(g.hands[s]), shows=True)
            else:
                if rec:
                    g.events.append(Concealed(s, self.chance))
                self._win(s, "lone", None, shows=False)

    def answer_forced(self) -> int:
        """While declaring, say every answer that is no choice, one after another
        (what :meth:`forced` finds: "nothing" with nothing to declare, "c'est
        bon" with nothing that beats the best, the one combination that must be
        declared), with the same effect as :meth:`apply` but without checking
        again what :meth:`answers` allows. Returns how many were said; stops at
        a real choice or when the declarations are settled."""
        g = self.g
        said = 0
        while self.mode == DECLARING and not self.done:
            s = g.to_act
            assert s is not None  # a seat declares
            decls, other = self.answers(s)
            if decls:
                if len(decls) > 1:
                    break
                self._declared(s, decls[0])
            elif g.record:
                g.events.append(Conceded(s, self.chance) if other is _CONCEDE
                                else DeclaredNothing(s, self.chance))
            said += 1
            self._next_declarer()
        return said

    def _declared(self, s: Seat, entry: Entry) -> None:
        """``s`` declares ``entry`` in the declaring round; it leads if it beats the best."""
        g = self.g
        if g.record:
            g.events.append(Declared(s, self.chance, entry[0], True))
        cmp = (entry[1], self._prec(s))
        if self.best_cmp is None or cmp > self.best_cmp:
            self.best = (s, entry[0], entry[2])
            self.best_cmp = cmp
        # else: an equal hand without the precedence; the earlier one keeps it

    # ------------------------------------------------------ transitions ----

    def _next_declarer(self) -> None:
        """The word passes to the next in the declaring order, or the declarations are settled."""
        self.pos += 1
        if self.pos < len(self.order):
            self.g.to_act = self.order[self.pos]
        else:
            self._settle_declarations()

    def _raise(self, s: Seat, k: Chips) -> None:
        """002 §5.1: call the last stake, then add ``k``."""
        amount = self.level - self.put[s] + k
        self.put[s] = self.put[s] + amount
        self.level = self.put[s]
        self.last_raiser = s
        g = self.g
        if g.record:
            g.events.append(Raised(s, self.chance, k, self.level))
        g.ledger.seat_to_pool(s, self.pool, amount, R_RAISE)

    def _next_raised(self, s: Seat) -> None:
        g = self.g
        n = g.n
        folded = self.folded
        t = (s + 1) % n
        while folded[t]:
            t = (t + 1) % n
        if t != self.last_raiser:
            g.to_act = t
            return
        # 002 §5.1: no raising on oneself -- back at the last raiser, the raises end
        left = [(g.eldest + i) % n for i in range(n) if not folded[(g.eldest + i) % n]]
        if len(left) == 1:
            self.mode = LONE
            g.to_act = left[0]
        else:
            self.mode = DECLARING
            self.order = tuple(left)
            self.pos = 0
            self.prec_start = g.eldest
            g.to_act = left[0]

    def _settle_declarations(self) -> None:
        if self.best is not None:
            seat, _decl, combo = self.best
            self._win(seat, "declaration", combo, shows=True)
            return
        # 002 §7.4: several stayed in and nobody holds anything
        g = self.g
        if self.b.bluff == "precedence-wins-pool":
            seat = max(self.order, key=self._prec)
            self._win(seat, "bluff", None, shows=False)
        else:
            self._pass_chance("bluff")

    def _win(self, seat: Seat, how: str, combo: Any, shows: bool) -> None:
        g = self.g
        rec = g.record
        claimed: tuple[Combination, ...] = ()
        if shows:
            if combo is not None:
                claimed = self.kind.claimed(g.hands[seat], combo)
            if rec:
                g.events.append(Shown(seat, self.chance, claimed))
        ledger = g.ledger
        amount = ledger.pools[self.pool_index]
        if rec:
            g.events.append(ChanceWon(self.chance, seat, how, amount, self.mult))
        ledger.move(self.pool, seat, amount, R_POOL, self.chance)  # 002 §7.1
        won = self.won
        won.won_pool = amount
        if claimed and self.reason is not None and self._pays():
            per = self.kind.payment(claimed) * self.mult  # 002 §7.2-7.3, x2 in the double game
            ledger.pay_each(seat, per, self.reason, self.chance)
            won.won_pay = per * (g.n - 1)
        bonus = self.b.double_bonus
        if bonus > 0 and self.mult > 1:  # encyclopédie ¶10: a chip from each, besides the double
            ledger.pay_each(seat, bonus, R_DOUBLE_GAME, self.chance)  # not for what he shows: not won_pay
        won.outcome = WON
        won.winner = seat
        self.done = True

    def _pays(self) -> bool:
        """Whether what the winner shows is paid, by the stage's ``payment_when``: always, or
        only when nobody raised (and, ``unraised-single``, the stake is single)."""
        when = self.pays_when
        if when == "always":
            return True
        if self.last_raiser >= 0:
            return False
        return when == "unraised" or self.mult == 1

    def _pass_chance(self, how: str) -> None:
        """Nobody wins: the pool stays for the next hand (002 §5.1, §6)."""
        g = self.g
        i = self.pool_index
        if how == "all-pass" and g.rules.pools[i].unclaimed == "refunded":
            # Antes go back to those who put them in (no raise was made).
            for t in range(g.n):
                g.ledger.move(self.pool, t, g._anted[i], R_REFUND, self.chance)
        if g.record:
            g.events.append(ChancePassed(self.chance, how, g.ledger.pools[i],
                                         next_multiplier(self.mult, g.rules)))
        self.won.outcome = PASSED
        self.done = True

    # ------------------------------------------------------------ views ----

    @property
    def mode_name(self) -> str:
        return MODE_NAMES[self.mode]

    def seen(self, seat: Seat) -> BidSeen:
        return BidSeen(self, seat)


class BidSeen(Seen):
    """What ``seat`` may see of the bidding on one chance (:meth:`ChanceBidding.seen`),
    beyond its hand and the events every stage shows: the round (``mode``), the stake,
    what each seat has put in, who is still in, the chance's pool and multiplier, and on
    its turn the declarations it may make. Not what the others hold: a combination is
    known when it is declared or shown, in its event."""

    __slots__ = ("_b",)

    def __init__(self, b: ChanceBidding, seat: Seat) -> None:
        self._b = b
        self.seat = seat

    @property
    def chance(self) -> str:
        """The id of the chance being bid (its vie stage)."""
        return self._b.chance

    @property
    def mode(self) -> str:
        """``open``, ``raised``, ``declaring`` or ``lone``."""
        return MODE_NAMES[self._b.mode]

    @property
    def stake(self) -> Chips:
        """The most any seat has put in on this chance (0 if none)."""
        return self._b.level

    def put_in(self, seat: Seat) -> Chips:
        """What ``seat`` has put in by raises and calls on this chance."""
        return self._b.put[seat]

    @property
    def pool(self) -> Chips:
        """Chips in this chance's pool now."""
        b = self._b
        return b.g.ledger.pools[b.pool_index]

    @property
    def multiplier(self) -> int:
        """The multiplier this chance is played at (1 single, 2 double...)."""
        return self._b.mult

    @property
    def in_bidding(self) -> tuple[Seat, ...]:
        """Seats that have not folded on this chance."""
        b = self._b
        return tuple(s for s in range(b.g.n) if not b.folded[s])

    def bid_state(self) -> BidState:
        """The bidding in one call, for bots: (chance, mode (``open``, ``raised``,
        ``declaring``, ``lone``), stake, what this seat has put in, the chance's pool,
        its multiplier, how many seats have not folded, this seat's hand as dealt)."""
        b = self._b
        g = b.g
        s = self.seat
        return (b.chance, MODE_NAMES[b.mode], b.level, b.put[s], g.ledger.pools[b.pool_index],
                b.mult, b.folded.count(False), g.dealt[s])

    def declarations(self) -> tuple[Declaration, ...]:
        """The declarations this seat may make now, best first by the ruleset's
        comparison keys (the whole combinations it holds; while declaring, those
        that beat the best so far); () when none is legal or it is not its turn."""
        b = self._b
        if b.g.to_act != self.seat:
            return ()
        return b.declarations()


# ----------------------------------------------------- on the hand ----
# What the vie stages report of a hand (their ChanceResult in ``g.results``) and where
# the bidding stands (``g.phase``), for the records, the play and the tests: the kind
# answers for itself, Game names no kind.

_OUTCOME_NAMES: Final = {WON: "won", PASSED: "passed"}


def winners(g: Table) -> dict[str, Seat | None]:
    """The seat that won each vie stage of the hand ``g``, by stage id (None: passed or
    not yet played)."""
    return {r.chance: r.winner for r in g.results if isinstance(r, ChanceResult)}


def chance_outcomes(g: Table) -> dict[str, str | None]:
    """``won``, ``passed`` or None (not yet settled) for each vie stage of the hand ``g``."""
    return {r.chance: _OUTCOME_NAMES.get(r.outcome) for r in g.results if isinstance(r, ChanceResult)}


def _per_pool(g: Table) -> tuple[list[int], list[int], list[int]]:
    """Per pool (in the ruleset's order), from its vie stage's result: what it did this
    hand (0 not played yet, ``WON`` or ``PASSED``), the chips its winner took from the
    pool, and what the others paid him for what he showed."""
    n = len(g.ledger.pools)
    outcome, took, paid = [0] * n, [0] * n, [0] * n
    for r in g.results:
        if isinstance(r, ChanceResult):
            outcome[r.pool], took[r.pool], paid[r.pool] = r.outcome, r.won_pool, r.won_pay
    return outcome, took, paid


def pool_outcome(g: Table) -> list[int]:
    """Per pool (in the ruleset's order), what its vie stage did this hand: 0 not played
    (yet), ``WON`` (1) or ``PASSED`` (2)."""
    return _per_pool(g)[0]


def won_pool(g: Table) -> list[int]:
    """Per pool: chips a vie stage's winner took from it this hand."""
    return _per_pool(g)[1]


def won_pay(g: Table) -> list[int]:
    """Per pool: chips the others paid its vie winner for what he showed this hand."""
    return _per_pool(g)[2]


def bidding_mode(g: Table) -> str | None:
    """``open``, ``raised``, ``declaring`` or ``lone`` while a chance is bid, else None."""
    ph = g.phase
    return ph.mode_name if type(ph) is ChanceBidding else None


def stake(g: Table) -> Chips:
    """The most any seat has put in on the chance being bid (0 if none is)."""
    ph = g.phase
    return ph.level if type(ph) is ChanceBidding else 0


def put_in(g: Table, seat: Seat) -> Chips:
    """What ``seat`` has put in by raises and calls on the chance being bid (0 if none is)."""
    ph = g.phase
    return ph.put[seat] if type(ph) is ChanceBidding else 0


def in_bidding(g: Table) -> tuple[Seat, ...]:
    """While a chance is bid, the seats that have not folded on it (else ())."""
    ph = g.phase
    if type(ph) is not ChanceBidding:
        return ()
    return tuple(s for s in range(g.n) if not ph.folded[s])


def carry_stakes(g: Table, multipliers: list[int], passes: list[int]) -> None:
    """The vie kind's part of what a finished hand ``g`` hands on to the next
    (:attr:`.kinds.Kind.carry`): per pool, the multiplier its stake is played at and the
    consecutive hands it was passed by all, ``multipliers`` and ``passes`` (the hand's
    carry-in, changed in place). A stake passed by all is played one step up next hand
    (:func:`.carry.next_multiplier`; Lalanne 002 §6), a stake won starts again at 1;
    where ``bidding.double_when`` is ``all-passed`` the stakes double only when every
    one played this hand was passed, and any one won resets them all."""
    outcome = [0] * len(multipliers)  # per pool, what its vie stage did (ChanceResult.outcome)
    for r in g.results:
        if type(r) is ChanceResult:
            outcome[r.pool] = r.outcome
    rules = g.rules
    b = rules.bidding
    if b is not None and b.double_when == "all-passed":
        played = [i for i, o in enumerate(outcome) if o]
        if played and all(outcome[i] == PASSED for i in played):
            for i in played:
                multipliers[i], passes[i] = next_multiplier(multipliers[i], rules), passes[i] + 1
        else:
            for i in played:
                multipliers[i], passes[i] = 1, 0
    else:
        for i, o in enumerate(outcome):
            if o == WON:
                multipliers[i], passes[i] = 1, 0
            elif o == PASSED:
                multipliers[i], passes[i] = next_multiplier(multipliers[i], rules), passes[i] + 1


# -------------------------------------------------------------- words ----


def _height_fr(rank: int) -> str:
    """``au roi``, ``à la dame``, ``à l'as`` (the height of a run, in French)."""
    name = rank_name(rank, "fr")
    if name == "dame":
        return "à la dame"
    return f"à l'{name}" if name[0] in "aeiou" else f"au {name}"


def _of_fr(word: str) -> str:
    """``de pique``, ``de valets``, ``d'as``."""
    return f"d'{word}" if word[0] in "aeiou" else f"de {word}"


def combination_words(c: object, rules: Ruleset, lang: str = "en") -> str:
    """A shown combination in words: ``quatrième to the ten of spades`` (``quatrième au dix de
    pique``)."""
    fr = lang == "fr"
    if isinstance(c, combos.Point):
        if fr:
            return f"{c.cards} à {SUIT_NAMES_FR[c.suit]}, {c.value}"
        return f"{c.cards} {SUIT_NAMES_EN[c.suit]}, {c.value}"
    if isinstance(c, combos.Run):
        name = combos.sequence_name(c, rules)
        counted = combos.counted_length(c, rules)
        if fr:
            where = f"{_height_fr(c.top)} {_of_fr(SUIT_NAMES_FR[c.suit])}"
            if counted != c.length:
                return f"suite de {c.length} {where} (payée comme une {name})"
            return f"{name} {where}"
        where = f"to the {rank_name(c.top)} of {SUIT_NAMES_EN[c.suit]}"
        if counted != c.length:
            return f"run of {c.length} {where} (paid as {with_article(name)})"
        return f"{name} {where}"
    if isinstance(c, combos.Trio):
        if fr:
            return f"{combos.tricon_name(c, rules)} {_of_fr(RANK_PLURALS_FR[c.rank - 1])}"
        return f"{combos.tricon_name(c, rules)} of {RANK_PLURALS_EN[c.rank - 1]}"
    return str(c)  # pragma: no cover


_HOW_WON: Final = {"en": {"lone": "left alone", "declaration": "best declaration",
                          "bluff": "nobody held anything: the precedence wins"},
                   "fr": {"lone": "resté seul", "declaration": "meilleure déclaration",
                          "bluff": "personne n'avait rien : la préséance l'emporte"}}


class ChanceWords(Words):
    """The words of the vie stages: folds, what is shown, who wins a chance or that it
    passes; raises, calls, pools won and refunded, and the payments for what was shown
    (remembering, per chance, the combinations shown and the multiplier)."""

    __slots__ = ("shown", "mult", "raised")

    events = (Passed, Declared, Shown, Concealed, ChanceWon, ChancePassed)
    heard = (Raised,)
    reasons = (R_RAISE, R_CALL, R_POOL, R_REFUND, R_SEQUENCE, R_TRICON, R_DOUBLE_GAME)
    TEXT = {
        "en": {
            "shows": "{shows} {what}", "nothing": "nothing that pays",
            "conceals": "{name} {does} not show",
            "wins": "{wins} the {stage} ({how})",
            "all-pass": "passed by all", "none": "nobody held anything",
            "passed": "the {stage} is {how}: its pool ({amount}) stays for the next deal, played {mult} there",
            "raise": "{puts} {n} in the {stage} pool (raise)", "call": "{puts} {n} in the {stage} pool (call)",
            "pool": "{takes} the {stage} pool: {n} (pool won)",
            "refund": "the {stage} pool gives {payee} back {n} (antes refunded)",
            "game": ", {mult} game",
            "pays": "{pays} {payee} {n} ({reason} payment: {what}{game})",
            "double-game": "{pays} {payee} {n} (the {stage} won in the double game)",
            "unpaid": "; what he shows is not paid: {why} ({rule})",
            "raised": "someone raised", "not-single": "the game is not single",
            "when-unraised": "paid only when nobody raised",
            "when-unraised-single": "paid only when nobody raised in a single game",
        },
        "fr": {
            "shows": "{shows} {what}", "nothing": "rien qui paie",
            "conceals": "{name} ne {show} pas son jeu",
            "wins": "{wins} {stage} ({how})",
            "all-pass": "tous ont passé", "none": "personne n'avait rien",
            "passed": "{stage} : {how} ; sa cagnotte ({amount}) reste pour la donne suivante, jouée {mult}",
            "raise": "{puts} {n} dans la cagnotte {of_stage} (renvi)",
            "call": "{puts} {n} dans la cagnotte {of_stage} (tenu)",
            "pool": "{takes} la cagnotte {of_stage} : {n} (gagnée)",
            "refund": "{gives} (mises rendues)",
            "game": ", jeu {mult}",
            "pays": "{pay} (paiement {of_stage} : {what}{game})",
            "double-game": "{pay} ({stage} gagné au jeu double)",
            "unpaid": " ; son jeu n'est pas payé : {why} ({rule})",
            "raised": "quelqu'un a renvié", "not-single": "le jeu n'est pas simple",
            "when-unraised": "payé seulement quand personne n'a renvié",
            "when-unraised-single": "payé seulement quand personne n'a renvié, en jeu simple",
        },
    }
    reason_words = {
        R_RAISE: ("raise", "renvi"),
        R_CALL: ("call", "tenu"),
        R_POOL: ("won", "gagné"),
        R_REFUND: ("antes refunded", "mises rendues"),
        R_SEQUENCE: ("sequence", "séquence"),
        R_TRICON: ("tricon", "tricon"),
        R_DOUBLE_GAME: ("double game", "jeu double"),
    }

    def __init__(self, names: Sequence[str], rules: Ruleset, lang: str = "en") -> None:
        super().__init__(names, rules, lang)
        self.shown: dict[str, str] = {}
        self.mult: dict[str, int] = {}
        self.raised: set[str] = set()  # the chances someone raised on

    def hear(self, e: object) -> None:
        if isinstance(e, Raised):
            self.raised.add(e.chance)

    def unpaid(self, chance: str, mult: int) -> str:
        """Why what the winner of ``chance`` shows is not paid (its ``payment_when``), or ""."""
        try:
            st = self.rules.stage(chance)
        except KeyError:  # pragma: no cover - a chance is a stage of the ruleset
            return ""
        if not isinstance(st, (VieOnRun, VieOnSet)) or st.payment_when == "always" or not self.shown.get(chance):
            return ""
        if chance in self.raised:
            why = self.say("raised")
        elif st.payment_when == "unraised-single" and mult > 1:
            why = self.say("not-single")
        else:
            return ""
        rule = knob_rule(self.rules, f"{chance}.payment_when", self.text["when-" + st.payment_when])
        return self.say("unpaid", why=why, rule=self.tongue.rule(rule))


    def event(self, e: object, over: bool) -> str | None:
        names = self.names
        if isinstance(e, Passed):
            return self.verb(names[e.seat], "folds") if e.fold else None
        if isinstance(e, Shown):
            what = " + ".join(combination_words(c, self.rules, self.tongue.code) for c in e.combinations)
            self.shown[e.chance] = what
            return self.say("shows", shows=self.verb(names[e.seat], "shows"), what=what or self.say("nothing"))
        if isinstance(e, Concealed):
            name = names[e.seat]
            return self.say("conceals", name=name, does=self.tongue.verb(name, "does")[len(name) + 1:],
                            show=self.tongue.verb(name, "shows")[len(name) + 1:])
        if isinstance(e, ChanceWon):
            self.mult[e.chance] = e.multiplier
            how = _HOW_WON[self.tongue.code].get(e.how, e.how)
            return (self.say("wins", wins=self.verb(names[e.seat], "wins"), how=how, **self.named(e.chance))
                    + self.unpaid(e.chance, e.multiplier))
        if isinstance(e, ChancePassed):
            how = self.say("all-pass") if e.how == "all-pass" else self.say("none")
            return self.say("passed", how=how, amount=e.pool, mult=self.tongue.multiplier(e.multiplier),
                            **self.named(e.chance))
        return None  # a declaration: the announcement says it

    def chip(self, e: ChipMove, payer: str, payee: str) -> str:
        r, n = e.reason, e.amount
        stage = self.named(e.chance or "")
        if r == R_RAISE or r == R_CALL:
            return self.say(r, puts=self.verb(payer, "puts"), n=n, **stage)
        if r == R_POOL:
            return self.say("pool", takes=self.verb(payee, "takes"), n=n, **stage)
        if r == R_REFUND:
            return self.say("refund", payee=payee, n=n,
                            gives=self.tongue.pays(f"la cagnotte {stage['of_stage']}", payee, n, "gives"), **stage)
        if r == R_DOUBLE_GAME:
            return self.say("double-game", pays=self.verb(payer, "pays"), payee=payee, n=n,
                            pay=self.tongue.pays(payer, payee, n), **stage)
        chance = e.chance or ""
        what = self.shown.get(chance, "")
        m = self.mult.get(chance, 1)
        game = self.say("game", mult=self.tongue.multiplier(m)) if m != 1 else ""
        return self.say("pays", pays=self.verb(payer, "pays"), payee=payee, n=n, pay=self.tongue.pays(payer, payee, n),
                        reason=r, what=what, game=game, **stage)


# ------------------------------------------------------------ metrics ----

def _longest_runs() -> list[int]:
    """The longest run of consecutive ranks in each 13-bit suit pattern."""
    out = [0] * (1 << 13)
    for p in range(1, 1 << 13):
        x, n = p, 0
        while x:
            x &= x >> 1
            n += 1
        out[p] = n
    return out


_LONGEST_RUN: Final = _longest_runs()


class ChanceTally(Tally):
    """What the simulator counts of the vie stages: per stage, how often it is won,
    passed and played double or triple, what its winner takes; and on the dealt hands,
    the runs and sets the stages on runs and on sets look for."""

    __slots__ = ("chances", "lengths", "seq_held", "tri_held", "pairs", "_slots")

    legend = """Per vie stage ``c``, by its stage id (``point``, ``sequence``, ``tricon`` in
Hoc Mazarin; the multiplier is that of the stage's pool):

- ``won_rate.c``: share of hands in which someone won stage ``c``.
- ``all_pass_rate.c``: share of hands in which nobody won it (all passed, or a
  bluff under ``bluff: pool-carries``): its pool stays and it goes double.
- ``double_rate.c`` / ``triple_rate.c``: share of hands in which ``c`` is bid
  at a multiplier of 2 or more / 3 or more (3 needs the triple-game extension).
- ``pool_when_won.c``: mean chips its winner takes from the pool (carried
  pool, antes and every raise and call), over the hands in which ``c`` is won.
- ``pays_when_won.c``: mean chips the other players pay its winner for the
  combination he shows (sequence and tricon tables, times the multiplier, from
  each other player; always 0 for the point), over the hands in which ``c``
  is won.

On the dealt hands, with a vie stage on runs or on sets:

- ``sequence_held_rate.<k>``: share of dealt hands holding a run of at least
  ``k`` (``k`` from the ruleset's shortest sequence to its ``counts_up_to``;
  with a vie stage on runs only).
- ``tricon_held_rate.3`` / ``.4``: share of dealt hands holding a brelan or
  better / a carré (with a vie stage on sets only); ``tricon_held_rate.2``: a pair
  or better, where the stage on sets counts pairs (``min_size: 2``, the Poque).
"""

    def __init__(self, rules: Ruleset) -> None:
        #: per vie stage: (its id, its index among the stages, the index of its pool),
        #: then (once laid out) the indices of its six quantities
        self.chances: list[tuple[str, int, int]] = [
            (st.id, i, rules.pool_index(st.pool)) for i, st in enumerate(rules.stages) if st.kind == "vie"]
        sr = rules.sequence
        self.lengths = tuple(range(sr.min_length, sr.counts_up_to + 1)) if sr is not None else ()
        #: (k, quantity) for each run length counted; the two set quantities (or ())
        self.seq_held: tuple[tuple[int, int], ...] = ()
        tr = rules.tricon
        self.tri_held: tuple[int, ...] = (0, 0) if tr is not None else ()
        #: the stage on sets counts pairs: a third quantity, pairs or better
        self.pairs: bool = tr is not None and tr.min_size == 2
        self._slots: list[tuple[int, int, int, int, int, int, int, int]] = []

    @classmethod
    def of(cls, rules: Ruleset, players: int) -> ChanceTally | None:
        """The vie kind's :class:`~.tally.Tally` for ``rules`` (None without a vie stage)."""
        return cls(rules) if rules.vie_stages else None

    def quantities(self, section: str, q: Quantities) -> None:
        if section == "stages":
            self._slots = [(at, pool, q.add(f"won.{c}"), q.add(f"passed.{c}"), q.add(f"double.{c}"),
                            q.add(f"triple.{c}"), q.add(f"pool_won.{c}"), q.add(f"pay_won.{c}"))
                           for c, at, pool in self.chances]
        elif section == "dealt":
            self.seq_held = tuple((k, q.add(f"seq_held.{k}")) for k in self.lengths)
            if self.tri_held:
                self.tri_held = (q.add("tri_held.3"), q.add("tri_held.4"))
                if self.pairs:
                    self.tri_held += (q.add("tri_held.2"),)

    def metrics(self, section: str, m: Ratios) -> None:
        H, PH = m.hands, m.player_hands
        if section == "stages":
            for (c, _at, _pool), (_a, _p, won, passed, double, triple, pool_won, pay_won) in zip(
                    self.chances, self._slots):
                m.ratio(f"won_rate.{c}", won, H)
                m.ratio(f"all_pass_rate.{c}", passed, H)
                m.ratio(f"double_rate.{c}", double, H)
                m.ratio(f"triple_rate.{c}", triple, H)
                m.ratio(f"pool_when_won.{c}", pool_won, won)
                m.ratio(f"pays_when_won.{c}", pay_won, won)
        elif section == "dealt":
            for k, i in self.seq_held:
                m.ratio(f"sequence_held_rate.{k}", i, PH)
            if self.tri_held:
                if self.pairs:
                    m.ratio("tricon_held_rate.2", self.tri_held[2], PH)
                m.ratio("tricon_held_rate.3", self.tri_held[0], PH)
                m.ratio("tricon_held_rate.4", self.tri_held[1], PH)

    def count(self, g: Table, y: list[int]) -> None:
        results = g.results
        mult = g.carry_in.multipliers
        for at, pool, won, passed, double, triple, pool_won, pay_won in self._slots:
            r = results[at]
            if isinstance(r, ChanceResult):
                o = r.outcome
                if o == WON:
                    y[won] = y[won] + 1
                    y[pool_won] = y[pool_won] + r.won_pool
                    y[pay_won] = y[pay_won] + r.won_pay
                elif o == PASSED:
                    y[passed] = y[passed] + 1
            m = mult[pool]
            if m >= 2:
                y[double] = y[double] + 1
                if m >= 3:
                    y[triple] = y[triple] + 1
        seq_held = self.seq_held
        tri_held = self.tri_held
        if not (seq_held or tri_held):
            return
        longest_run = _LONGEST_RUN
        for h in g.dealt:
            a = h & SUIT_MASK
            b = (h >> 13) & SUIT_MASK
            c = (h >> 26) & SUIT_MASK
            d = h >> 39
            if seq_held:
                # the longest of the four, compared inline (max() is a generic call, compiled)
                run = longest_run[a]
                x = longest_run[b]
                if x > run:
                    run = x
                x = longest_run[c]
                if x > run:
                    run = x
                x = longest_run[d]
                if x > run:
                    run = x
                for k, idx in seq_held:
                    if run >= k:
                        y[idx] = y[idx] + 1
            if tri_held:
                ab, cd = a & b, c & d
                if (ab & (c | d)) | (cd & (a | b)):
                    _i = tri_held[0]
                    y[_i] = y[_i] + 1
                    if ab & cd:
                        _i = tri_held[1]
                        y[_i] = y[_i] + 1
                if len(tri_held) == 3 and (ab | cd | ((a | b) & (c | d))):  # two suits share a rank
                    _i = tri_held[2]
                    y[_i] = y[_i] + 1


def _key_of(entry: Entry) -> Key:
    return entry[1]


def _best_first(entries: list[Entry]) -> list[Entry]:
    """``entries`` best first by the chance's keys, equal keys in the order given: what
    ``sorted(entries, key=_key_of, reverse=True)`` gives, without calling a key function
    for each (compiled, a generic call; a hand holds a few combinations)."""
    out: list[Entry] = []
    for e in entries:
        key = e[1]
        i = len(out)
        while i > 0 and key > out[i - 1][1]:
            i -= 1
        out.insert(i, e)
    return out


def _best_of(entries: list[Entry]) -> Declaration:
    """The best declaration among ``entries`` (not empty), by the chance's keys."""
    return max(entries, key=_key_of)[0]


def _say(a: Any) -> str:
    """A short English rendering of an action for error messages."""
    name: str = a.__class__.__name__
    if name == "Raise":
        return f"raise {a.amount}"
    if name == "DeclarePoint":
        return f"{a.cards} cards" + (f", {a.value}" if a.value is not None else "")
    if name == "DeclareSequence":
        return f"a sequence of {a.length}" + (f" to rank {a.top}" if a.top is not None else "")
    if name == "DeclareTricon":
        return f"a tricon of {a.size}" + (f" of rank {a.rank}" if a.rank is not None else "")
    if name == "Play":
        from ..cards import card_name
        return f"play {card_name(a.card)}"
    if name == "Without":
        return f"without {a.rank}"
    return {"Pass": "pass", "Call": "call", "Concede": "\"c'est bon\"", "Nothing": "nothing",
            "Show": "show", "Conceal": "not showing", "DeclareBlank": "blank hand"}.get(name, name)
