"""A ``claims`` stage on the blank hand ("cartes blanches", Lalanne 002 §8): a
hand with no king, queen or jack is paid ``payment`` by each other player.

When it is claimed is its place in the ruleset's list of stages (002 §8:
after the three chances).
``optional``: the holder may keep quiet (002 §8 "il peut le déclarer"), so he
is asked DeclareBlank or Pass; players without a blank hand are not asked.
Otherwise every blank hand is declared at once. ``ties``: two or more blank
hands cancel (002 §8; Hoca 003), or each is paid by every other player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import DECLARE_BLANK, PASS, DeclareBlank, Pass
from ..cards import Seat
from ..combos import COURT_CARDS, is_blank
from .errors import IllegalAction, Rule
from .events import BLANK_HAND as R_BLANK, BLANK_STAGE, BlankHandDeclared, BlankHandsCancelled, ChipMove, Passed
from .table import Result, Stage, Table
from .tally import Quantities, Ratios, StageTally
from .words import Words

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import BlankHandClaims

#: The rule a refusal cites (errors.Rule; "{stage}" is the claims stage's id).
RULE_BLANK = Rule("{stage}.optional", {True: "a blank-hand holder declares it or keeps quiet",
                                       False: "every blank hand is declared"})
_CHOICE = (DECLARE_BLANK, PASS)


class BlankClaims(Result):
    """What a claims stage on the blank hand reports: the seats that ``declared`` one,
    in the order they did, and whether a blank hand was ``paid`` (one alone, or
    every one where ``ties: all-paid``)."""

    __slots__ = ("declared", "paid")

    def __init__(self) -> None:
        self.declared: list[Seat] = []
        self.paid = False

    def copy(self) -> BlankClaims:
        r = BlankClaims()
        r.declared, r.paid = self.declared.copy(), self.paid
        return r


class BlankHands(Stage):
    """The blank-hand phase of a :class:`~hocdsl.engine.game.Game`, over its :class:`~.table.Table`."""

    __slots__ = ("holders", "pos", "claims")

    def __init__(self, g: Table, st: BlankHandClaims) -> None:
        self.g = g  # typed Table, a class mypyc compiles: its attributes are read directly
        self.st = st
        self.stage = BLANK_STAGE
        self.done = False
        self.claims = self.result = BlankClaims()

    def anew(self, g: Table) -> BlankHands:
        return BlankHands(g, self.st)

    def start(self) -> None:
        g = self.g
        n = g.n
        self.holders = [s for s in ((g.eldest + i) % n for i in range(n)) if is_blank(g.hands[s])]
        self.pos = 0
        if not self.holders:
            self.done = True
            return
        if not self.st.optional:
            for s in self.holders:
                self._declare(s)
            self._settle()
            return
        g.stage = BLANK_STAGE
        g.to_act = self.holders[0]

    def legal(self) -> tuple[DeclareBlank | Pass, ...]:
        return _CHOICE

    def forced(self) -> None:
        """Declaring or keeping quiet is always a choice."""
        return None

    def check(self, a: Any) -> None:
        if type(a) is not DeclareBlank and type(a) is not Pass:
            raise IllegalAction(RULE_BLANK.cite(self.g.rules, self.st.id),
                                "your hand is blank: say \"blank hand\" or pass")

    def apply(self, a: Any) -> None:
        self.check(a)
        g = self.g
        s = g.to_act
        assert s is not None  # a phase acts only while the hand is on
        if type(a) is DeclareBlank:
            self._declare(s)
        elif g.record:
            g.events.append(Passed(s, BLANK_STAGE))
        self.pos += 1
        if self.pos < len(self.holders):
            g.to_act = self.holders[self.pos]
        else:
            self._settle()

    def _declare(self, s: Seat) -> None:
        self.claims.declared.append(s)
        g = self.g
        if g.record:
            g.events.append(BlankHandDeclared(s, g.hands[s]))

    def _settle(self) -> None:
        g = self.g
        bh = self.st
        declared = self.claims.declared
        if len(declared) == 1 or (declared and bh.ties == "all-paid"):
            self.claims.paid = True
            for s in declared:
                g.ledger.pay_each(s, bh.payment, R_BLANK)
        elif len(declared) > 1 and g.record:
            g.events.append(BlankHandsCancelled(tuple(declared)))  # 002 §8
        self.done = True


def blank_hands(g: Table) -> tuple[Seat, ...]:
    """Seats that declared a blank hand in the hand ``g`` (what its claims stages report)."""
    return tuple(s for r in g.results if isinstance(r, BlankClaims) for s in r.declared)


# -------------------------------------------------------------- words ----


class BlankWords(Words):
    """The words of a claims stage on the blank hand: a blank hand shown, blank hands
    that cancel, and the payment for one."""

    __slots__ = ()

    events = (BlankHandDeclared, BlankHandsCancelled)
    reasons = (R_BLANK,)
    TEXT = {
        "en": {"shows": "{shows} a blank hand: {hand}",
               "cancel": "blank hands of {who} cancel out: no payment",
               "pays": "{pays} {payee} {n} (blank hand)"},
        "fr": {"shows": "{shows} des cartes blanches : {hand}",
               "cancel": "les cartes blanches de {who} s'annulent : rien n'est payé",
               "pays": "{pay} (cartes blanches)"},
    }
    reason_words = {R_BLANK: ("blank hand", "cartes blanches")}

    def event(self, e: object, over: bool) -> str | None:
        names = self.names
        if isinstance(e, BlankHandDeclared):
            return self.say("shows", shows=self.verb(names[e.seat], "shows"), hand=self.tongue.hand(e.hand))
        if isinstance(e, BlankHandsCancelled):
            return self.say("cancel", who=", ".join(names[s] for s in e.seats))
        return None  # pragma: no cover - only its own events are handed to it

    def chip(self, e: ChipMove, payer: str, payee: str) -> str:
        return self.say("pays", pays=self.verb(payer, "pays"), payee=payee, n=e.amount,
                        pay=self.tongue.pays(payer, payee, e.amount))


# ------------------------------------------------------------ metrics ----


class BlankTally(StageTally):
    """What the simulator counts of a claims stage on the blank hand: how often one
    is dealt, and how often one is paid."""

    __slots__ = ("dealt", "paid")

    kind = "claims"

    legend = """With a claims stage on the blank hand:

- ``blank_hand_rate``: share of dealt hands (per player and hand) that are
  blank -- no king, queen or jack (002 §8).
- ``blank_paid_rate``: share of hands in which a blank hand was paid (one
  alone, or each one where ``ties: all-paid``).
"""

    def __init__(self, at: int) -> None:
        super().__init__(at)
        self.dealt = self.paid = -1

    def quantities(self, section: str, q: Quantities) -> None:
        if section == "dealt":
            self.dealt = q.add("blank_dealt")
            self.paid = q.add("blank_paid")

    def metrics(self, section: str, m: Ratios) -> None:
        if section == "dealt":
            m.ratio("blank_hand_rate", self.dealt, m.player_hands)
            m.ratio("blank_paid_rate", self.paid, m.hands)

    def count(self, g: Table, y: list[int]) -> None:
        dealt = self.dealt
        for h in g.dealt:
            if not h & COURT_CARDS:
                y[dealt] = y[dealt] + 1
        r = g.results[self.at]
        if isinstance(r, BlankClaims) and r.paid:
            y[self.paid] = y[self.paid] + 1
