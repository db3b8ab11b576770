"""The ``settle`` stage: what the losers pay the first player out of cards.

It takes no action: when the card game ends it pays its ``steps``, by default
in this order, each in the order of the seats:

1. ``sweep``: a winner who went out in his first turn takes every pool when
   ``first_turn_out_pools`` (or ``first_turn_out: takes-all-pools``; the
   Lindor's grand opéra);
2. ``end-payment``: each loser pays the winner by ``losers_pay``: the schedule
   of cards left (Lalanne 002 §9.3), the points of his cards, or ``per_card`` a
   card -- after going out at once, times ``first_turn_out_factor`` (or
   ``first_turn_out: losers-pay-double``), or not at all when
   ``first_turn_out_end_payment`` is false; with ``end_payment_to: every-player``
   he pays that amount to every other player, the other losers too (the Poque,
   enc-poque2 ¶3);
3. ``held-charges``: for each named card a loser still holds, ``to_each`` to
   every other player and ``to_winner`` to the winner (the Comète's kings);
4. ``board-held`` (``board_held: doubles-pool``): a player still holding a
   board card puts in its pool as much again as it holds (the Lindor) --
   before the sweep, the sweep takes the doubled box.

>>> import random
>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.engine import Game
>>> g = Game(load_ruleset("hoc-mazarin"), 2, dealer=1, hands=[
...     "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H",
...     "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 2C"])
>>> g.rules.settle.owed(15)
30
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..cards import NUM_CARDS, Chips, all_copies, count, hand_of
from ..pack import pack_of
from ..rules.cache import per_ruleset
from .events import (
    DOUBLING as R_DOUBLING, END_PAYMENT as R_END, HELD as R_HELD, OPERA as R_OPERA, ChipMove, Dealt, HandOver,
    Played,
    pools_of,
)
from .cardgame import CardsResult
from .table import Result, Stage, Table
from .tally import Quantities, Ratios, Tally
from .words import Words

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset, Settle

SETTLE_STAGE: Final = "settle"


class _Plan:
    """A settle stage's payments as tables, made once per ruleset and stage."""

    __slots__ = ("owed", "charges", "board", "steps", "points", "cards_at", "to_every")

    def __init__(self, rules: Any, st: Any) -> None:
        owed: list[int | None] = []
        for left in range(53):  # what a loser owes for ``left`` cards, by losers_pay
            if st.losers_pay == "schedule":
                try:
                    owed.append(st.owed(left))
                except ValueError:
                    owed.append(None)  # not covered: st.owed raises when it is met
            elif st.losers_pay == "per-card":
                owed.append(st.per_card * left)
            else:
                owed.append(None)  # points: counted from the cards themselves
        self.owed = tuple(owed)
        # packs shuffled together (pack.copies): a card named is every copy of it, each
        # copy held charged (or doubling its box) as a card held
        copies = rules.pack.copies
        self.charges = tuple((all_copies(hand_of(c.cards), copies), c.to_each, c.to_winner)
                             for c in st.held_charges)
        self.board = tuple((pr.card + NUM_CARDS * k, pool) for pr, pool in zip(rules.pools, pools_of(rules))
                           if pr.card is not None for k in range(copies)) if st.board_held == "doubles-pool" else ()
        #: a loser's cards counted by their points (losers_pay: points), or None
        self.points = pack_of(rules).points if st.losers_pay == "points" else None
        #: each loser pays every other seat, not the first out alone (end_payment_to)
        self.to_every: bool = st.end_payment_to == "every-player"
        #: the steps in settle.steps' order, less those this stage can never take
        #: (no sweep, no charges, no board card doubled): nothing to look at each hand
        #: the index among the stages of the card game this stage settles (the last
        #: stops stage before it; -1: none)
        self.cards_at = -1
        for i, other in enumerate(rules.stages):
            if other is st:
                break
            if other.kind == "stops":
                self.cards_at = i
        idle = {"sweep": not st.sweeps, "held-charges": not self.charges, "board-held": not self.board}
        self.steps: tuple[str, ...] = tuple(step for step in st.steps if not idle.get(step, False))


@per_ruleset
def _plans(rules: Ruleset) -> dict[str, _Plan]:
    """Each settle stage's plan, by stage id."""
    return {st.id: _Plan(rules, st) for st in rules.stages if st.kind == "settle"}


class Settled(Result):
    """What the settle stage reports: per seat what it charged for the cards left
    (``end_owed``, before any factor for going out at once; () when no card game was
    played), the chips the winner swept from the pools for going out at once
    (``swept``), the chips paid for named cards still held (``held_paid``), and per
    pool the chips put in for its board card still held (``board_doubled``)."""

    __slots__ = ("end_owed", "swept", "held_paid", "board_doubled")

    def __init__(self) -> None:
        self.end_owed: tuple[int, ...] = ()
        self.swept = 0
        self.held_paid = 0
        self.board_doubled: tuple[int, ...] = ()

    def copy(self) -> Settled:
        r = Settled()
        r.end_owed, r.swept, r.held_paid, r.board_doubled = (
            self.end_owed, self.swept, self.held_paid, self.board_doubled)
        return r


class Settlement(Stage):
    """The settle phase of a :class:`~hocdsl.engine.game.Game`, over its :class:`~.table.Table` (no decisions)."""

    __slots__ = ("plan", "paid", "cards")

    def __init__(self, g: Table, st: Settle, plan: _Plan | None = None) -> None:
        self.g = g
        self.st = st
        self.stage = SETTLE_STAGE
        self.done = False
        self.plan = plan if plan is not None else _plans(g.rules)[st.id]
        #: what the stage reports (the same object as ``result``, typed for the kind)
        self.paid = self.result = Settled()

    def anew(self, g: Table) -> Settlement:
        return Settlement(g, self.st, self.plan)

    def start(self) -> None:
        g = self.g
        self.done = True
        at = self.plan.cards_at
        cards = g.results[at] if at >= 0 else None  # the card game this stage settles
        if not isinstance(cards, CardsResult) or cards.winner is None:  # no card game was played
            return
        self.cards = cards
        plan = self.plan
        self.paid.end_owed = (0,) * g.n
        for step in plan.steps:
            if step == "sweep":
                self._sweep()
            elif step == "end-payment":
                self._end_payment(plan)
            elif step == "held-charges":
                self._held_charges(plan)
            else:
                self._board_held(plan)

    def _sweep(self) -> None:
        """Going out at once takes every pool (first_turn_out_pools)."""
        g = self.g
        w = self.cards.winner
        if w is None or not self.cards.first_turn_out or not self.st.sweeps:
            return
        ledger = g.ledger
        for pool in pools_of(g.rules):
            amount = ledger.pools[pool.index]
            if amount:
                ledger.move(pool, w, amount, R_OPERA, pool.id)
                self.paid.swept += amount

    def _end_payment(self, plan: _Plan) -> None:
        """Each loser pays the winner by losers_pay (times first_turn_out_factor after going
        out at once; nothing when first_turn_out_end_payment is false)."""
        g = self.g
        st = self.st
        w = self.cards.winner
        if w is None:
            return
        factor = 1
        if self.cards.first_turn_out:
            if not st.first_turn_out_end_payment:
                return
            factor = st.first_turn_factor
        ledger = g.ledger
        hands = g.hands
        table = plan.owed
        points = plan.points
        end_owed = [0] * g.n
        owed: Chips | None  # (a declaration for the type checker: None is looked up below)
        for t in range(g.n):
            if t == w:
                continue
            h = hands[t]
            if points is not None:
                owed = points(h)
            else:
                left = g.left[t]
                owed = table[left]
                if owed is None:
                    owed = st.owed(left)  # raises: the schedule does not cover it
            end_owed[t] = owed
            if plan.to_every:  # end_payment_to: every-player -- each other seat the whole amount
                for u in range(g.n):
                    if u != t:
                        ledger.seat_to_seat(t, u, owed * factor, R_END)
            else:
                ledger.seat_to_seat(t, w, owed * factor, R_END)
        self.paid.end_owed = tuple(end_owed)

    def _held_charges(self, plan: _Plan) -> None:
        """For each named card a loser still holds: to_each to every other player, to_winner
        to the winner."""
        g = self.g
        w = self.cards.winner
        if w is None:
            return
        paid = self.paid
        ledger = g.ledger
        hands = g.hands
        n = g.n
        for bits, to_each, to_winner in plan.charges:
            for t in range(n):
                k = count(hands[t] & bits)
                if not k or t == w:
                    continue
                if to_each:
                    for u in range(n):
                        if u != t:
                            ledger.seat_to_seat(t, u, to_each * k, R_HELD)
                            paid.held_paid += to_each * k
                if to_winner:
                    ledger.seat_to_seat(t, w, to_winner * k, R_HELD)
                    paid.held_paid += to_winner * k

    def _board_held(self, plan: _Plan) -> None:
        """A player still holding a board card puts in its pool as much again as it holds."""
        g = self.g
        ledger = g.ledger
        hands = g.hands
        doubled = [0] * len(ledger.pools)
        for card, pool in plan.board:
            for t in range(g.n):
                if hands[t] >> card & 1:
                    amount = ledger.pools[pool.index]
                    if amount:
                        ledger.move(t, pool, amount, R_DOUBLING, pool.id)
                        doubled[pool.index] = doubled[pool.index] + amount
        self.paid.board_doubled = tuple(doubled)


# ----------------------------------------------------- on the hand ----
# What the settle stage reports of a hand (its Settled in ``g.results``), for the records
# and the tests: the kind answers for itself, Game names no kind.


def settled(g: Table) -> Settled:
    """What the settle stage of the hand ``g`` reports (an empty report when it has none,
    or has not settled yet)."""
    paid = g.result_of(Settled)
    return paid if paid is not None else Settled()


def end_owed(g: Table) -> tuple[int, ...]:
    """Per seat, what the settle stage charged for the cards left (() if none did)."""
    return settled(g).end_owed


def swept(g: Table) -> int:
    """Chips the winner took from the pools for going out at once (the sweep)."""
    return settled(g).swept


def held_paid(g: Table) -> int:
    """Chips paid for named cards still held at the end (``held_charges``)."""
    return settled(g).held_paid


def board_doubled(g: Table) -> tuple[int, ...]:
    """Per pool, chips put in for its board card still held at the end."""
    return settled(g).board_doubled


# -------------------------------------------------------------- words ----


class SettleWords(Words):
    """The words of the settle stage's payments: each loser's for his cards left (it
    hears the card game's end for how many, and, when the losers pay the points of their
    cards, the deal and the cards laid, to say the points), the charges for cards held,
    a box doubled, the sweep."""

    __slots__ = ("cards_left", "held", "points")

    heard = (HandOver, Dealt, Played)
    reasons = (R_END, R_HELD, R_DOUBLING, R_OPERA)
    TEXT = {
        "en": {
            "end": "{pays} {payee} {n} (end payment{left})",
            "left": ": {k} card{s} left",
            "points": ", {p} point{ps}",
            "held": "{pays} {payee} {n} (a charge for cards still held at the end)",
            "doubling": "{puts} {n} in the {pool} pool (its board card still held at the end: the pool doubles)",
            "opera": "{takes} the {pool} pool: {n} (out in the first turn: every pool)",
        },
        "fr": {
            "end": "{pay} (paiement de fin{left})",
            "left": " : {k} carte{s} restante{s}",
            "points": ", {p} point{ps}",
            "held": "{pay} (pour des cartes encore en main à la fin)",
            "doubling": "{puts} {n} dans la cagnotte {of_pool} (sa carte du tableau restée en main : "
                        "la cagnotte double)",
            "opera": "{takes} la cagnotte {of_pool} : {n} (sorti au premier tour : toutes les cagnottes)",
        },
    }
    reason_words = {
        R_END: ("cards left", "cartes restantes"),
        R_HELD: ("card still held", "carte restée en main"),
        R_DOUBLING: ("board card held: pool doubled", "carte du tableau gardée : cagnotte doublée"),
        R_OPERA: ("out in the first turn", "sorti du premier coup (opéra)"),
    }

    def __init__(self, names: Sequence[str], rules: Ruleset, lang: str = "en") -> None:
        super().__init__(names, rules, lang)
        self.cards_left: tuple[int, ...] = ()
        st = rules.settle
        #: the pack's points, when the losers pay the points of their cards (else None)
        self.points = pack_of(rules).points if st is not None and st.losers_pay == "points" else None
        self.held: list[int] = [0] * len(self.names)  # each seat's cards, for the points

    def hear(self, e: object) -> None:
        if isinstance(e, HandOver):
            self.cards_left = e.cards_left
        elif self.points is not None and isinstance(e, Dealt):
            self.held[e.seat] = e.hand
        elif self.points is not None and isinstance(e, Played):
            self.held[e.seat] &= ~(1 << e.card)

    def chip(self, e: ChipMove, payer: str, payee: str) -> str:
        r, n = e.reason, e.amount
        if r == R_END:
            k = self.cards_left[e.payer] if isinstance(e.payer, int) and self.cards_left else None
            left = self.say("left", k=k, s="s" if k != 1 else "") if k is not None else ""
            if left and self.points is not None and isinstance(e.payer, int):
                p = self.points(self.held[e.payer])
                left += self.say("points", p=p, ps="s" if p != 1 else "")
            return self.say("end", pays=self.verb(payer, "pays"), payee=payee, n=n, pay=self.tongue.pays(payer, payee, n),
                            left=left)
        if r == R_HELD:
            return self.say("held", pays=self.verb(payer, "pays"), payee=payee, n=n, pay=self.tongue.pays(payer, payee, n))
        if r == R_DOUBLING:
            return self.say("doubling", puts=self.verb(payer, "puts"), n=n, **self.named(e.chance or ""))
        return self.say("opera", takes=self.verb(payee, "takes"), n=n, **self.named(e.chance or ""))



# ------------------------------------------------------------ metrics ----


class SettleTally(Tally):
    """What the simulator counts of the settle stage: what the losers pay for their
    cards, the sweep, the charges for cards held, the boxes doubled. Its metrics per
    loser and per first-turn-out divide by the card game's counts (``losers``,
    ``first_turn_out``: :class:`~.cardgame.CardsTally`)."""

    __slots__ = ("at", "owed", "board", "end_payment", "swept", "held", "board_held", "_doubled",
                 "sweeps", "charges", "losers", "first_turn_out", "left_k")

    legend = """With a settle stage (after a card game):

- ``pool_doubled_rate.p`` / ``pool_doubled.p``: with ``board_held:
  doubles-pool`` and a board card, share of hands in which a player still
  held its card at the end and doubled the box, and the mean chips he put in,
  over those hands (listed after the pools' metrics).
- ``end_payment``: mean chips a loser pays the winner of the card game for
  the cards he has left, by ``rules.settle.losers_pay`` (the schedule,
  ``rules.settle.owed``; so much a card; or the points of his cards), before
  any doubling for going out at once and without the charges for cards held
  (with ``end_payment_to: every-player``, what he pays each other player).
- ``first_turn_sweep``: with ``first_turn_out_pools``, mean chips a winner who
  went out at once took from the board by the sweep, over those hands.
- ``held_charges``: with ``held_charges``, mean chips per hand paid for named
  cards still held at the end (to each player and to the winner).
- ``board_held_charges``: with ``board_held: doubles-pool``, mean chips per
  hand paid into the boxes for board cards still held (every box together).
"""

    def __init__(self, at: int, rules: Ruleset, st: Settle, size: int) -> None:
        self.at = at  # the index of the settle stage among the ruleset's stages
        self.sweeps = bool(st.sweeps)
        self.charges = bool(st.held_charges)
        #: (pool index, pool id) of each pool whose board card held doubles it
        self.board: tuple[tuple[int, str], ...] = tuple(
            (i, p.id) for i, p in enumerate(rules.pools)
            if st.board_held == "doubles-pool" and p.card is not None)
        #: what a loser left with k cards pays, when the cards' number says it
        #: (losers_pay: schedule or per-card); None when it is their points
        self.owed: tuple[int, ...] | None = None
        if st.losers_pay == "schedule":
            self.owed = tuple(st.owed(k) if k else 0 for k in range(size + 1))
        elif st.losers_pay == "per-card":
            self.owed = tuple(st.per_card * k for k in range(size + 1))
        self.end_payment = self.swept = self.held = self.board_held = -1
        self.losers = self.first_turn_out = -1
        self.left_k: tuple[int, ...] = ()
        self._doubled: tuple[tuple[int, int, int], ...] = ()

    @classmethod
    def of(cls, rules: Ruleset, players: int) -> SettleTally | None:
        """The settle kind's :class:`~.tally.Tally` for ``rules`` (None without a settle
        stage, or without a card game for it to settle)."""
        st = rules.settle
        if st is None or rules.card_game is None:
            return None
        at = next(i for i, s in enumerate(rules.stages) if s is st)
        return cls(at, rules, st, rules.hand_size(players))

    def quantities(self, section: str, q: Quantities) -> None:
        if section == "pools":
            #: (pool index, times doubled, chips paid in) for each pool with a board card
            self._doubled = tuple((i, q.add(f"pool_doubled.{p}"), q.add(f"pool_doubled_chips.{p}"))
                                  for i, p in self.board)
        elif section == "play":
            self.losers = q.find("losers")
            self.first_turn_out = q.find("first_turn_out")
            self.left_k = tuple(q.find(f"left.{k}") for k in range(q.hand_size + 1))
            self.end_payment = q.add("end_payment")
            self.swept = q.add("swept") if self.sweeps else -1
            self.held = q.add("held_paid") if self.charges else -1
            self.board_held = q.add("board_held_paid") if self._doubled else -1

    def metrics(self, section: str, m: Ratios) -> None:
        if section == "pools":
            for (_i, p), (_j, times, chips) in zip(self.board, self._doubled):
                m.ratio(f"pool_doubled_rate.{p}", times, m.hands)
                m.ratio(f"pool_doubled.{p}", chips, times)
        elif section == "play":
            m.ratio("end_payment", self.end_payment, self.losers)
            if self.swept >= 0:
                m.ratio("first_turn_sweep", self.swept, self.first_turn_out)
            if self.held >= 0:
                m.ratio("held_charges", self.held, m.hands)
            if self.board_held >= 0:
                m.ratio("board_held_charges", self.board_held, m.hands)

    def count(self, g: Table, y: list[int]) -> None:
        paid = g.results[self.at]
        if not isinstance(paid, Settled):
            return
        y[self.end_payment] = y[self.end_payment] + sum(paid.end_owed)  # as charged (the winner owes nothing)
        if self.swept >= 0:
            y[self.swept] = y[self.swept] + paid.swept
        if self.held >= 0:
            y[self.held] = y[self.held] + paid.held_paid
        doubled = paid.board_doubled
        if self._doubled and doubled:
            for i, times, chips in self._doubled:
                if doubled[i]:
                    y[times] = y[times] + 1
                    y[chips] = y[chips] + doubled[i]
                    y[self.board_held] = y[self.board_held] + doubled[i]

    def distributions(self, sums: Sequence[int], out: dict[str, dict[str, int]]) -> None:
        """``end_payment``: losers by what they paid, where the cards' number says it."""
        owed = self.owed
        if owed is None:
            return
        pay: dict[str, int] = {}
        for k in range(1, len(self.left_k)):
            c = sums[self.left_k[k]]
            if c:
                key = str(owed[k])
                pay[key] = pay.get(key, 0) + c
        out["end_payment"] = dict(sorted(pay.items(), key=_chips_of))


def _chips_of(item: tuple[str, int]) -> int:
    return int(item[0])
