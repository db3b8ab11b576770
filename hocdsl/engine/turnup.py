"""A ``turnup`` stage: after the deal the dealer turns up a card of the talon.

The card is seen by every player (its :class:`TurnedUp` event, and the stage's
:class:`TurnUpResult`, which any seat and any later stage reads through
:meth:`~.table.Table.result_of`). ``trumps: suit-of-card``: its suit is the trump
suit of the hand, and a pool marked with a rank of trumps (``pools.<id>.trump``:
"the ace of trumps") has for its board card that rank of that suit
(:func:`board_marks`). ``dealer_takes: marked-pool``: the dealer takes every pool
the card he turned up marks (the Poque's board: enc-poque1).

Why a stage of its own and not a knob of the deal: the deal is the same for every
game of the family, and what the card turned up does (names trumps, pays the
dealer) comes at a place in the order of play that a ruleset chooses, before or
after other stages; as a stage it is one module, with its words and its metrics,
and the deal, the simulator and the records are untouched.

What chance decides after the deal comes from the hand's generator
(:attr:`~.table.Table.rng`): dealt from one, the dealer's one legal action is to
turn up the card it draws (one draw, only in rulesets with this stage, so no
other ruleset's deals change). A hand whose deal was given (a record, a test) has
no generator: the dealer may then turn up any card of the talon, and the record
says which ("I turn up the ace of hearts").

>>> from hocdsl.cards import card_name
>>> from hocdsl.rules import load_ruleset
>>> [(card_name(c), p.id) for c, p in board_marks(load_ruleset("lindor"), NO_TRUMPS)][:2]
[('10D', 'ten'), ('JC', 'jack')]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..actions import TurnUp
from ..cards import MAX_IDS, Card, Seat, card_name, iter_cards, sorted_cards
from .errors import IllegalAction, Rule
from .events import TURNUP as R_TURNUP, ChipMove, Pool, TurnedUp, pools_of
from .table import Result, Stage, Table
from .tally import Quantities, Ratios, StageTally
from .words import Words

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset, TurnUp as TurnUpRules

#: The stage's name while it is played (``Game.stage``).
TURNUP_STAGE: Final = "turnup"
#: No trump suit (no turnup stage, or ``trumps: none``).
NO_TRUMPS: Final = -1

RULE_TURNUP = Rule("{stage}.trumps", "the dealer turns up a card of the talon, the cards not dealt")
_SUITS_EN: Final = ("spades", "hearts", "diamonds", "clubs")

#: one interned action per card
TURN_UP: Final = tuple(TurnUp(c) for c in range(MAX_IDS))  # every copy (pack.copies)


def board_marks(rules: Ruleset, trumps: int) -> tuple[tuple[Card, Pool], ...]:
    """The board card of every marked pool in a hand whose trump suit is ``trumps``
    (-1: none): a pool's ``card``, or the card of its ``trump`` rank in the trump suit
    (a pool marked by a rank of trumps has no board card in a hand without trumps)."""
    out = []
    for pr, pool in zip(rules.pools, pools_of(rules)):
        if pr.card is not None:
            out.append((pr.card, pool))
        elif pr.trump is not None and trumps >= 0:
            out.append((trumps * 13 + pr.trump - 1, pool))
    return tuple(out)


def trumps_of(g: Table) -> int:
    """The trump suit of the hand ``g`` (-1: none, or not turned up yet)."""
    r = g.result_of(TurnUpResult)
    return r.trumps if r is not None else NO_TRUMPS


class TurnUpResult(Result):
    """What a turnup stage reports: the ``card`` turned up (-1: not yet), the ``trumps`` it
    names (-1: none), and the chips the dealer ``took`` for it."""

    __slots__ = ("card", "trumps", "took")

    def __init__(self) -> None:
        self.card = -1
        self.trumps = NO_TRUMPS
        self.took = 0

    def copy(self) -> TurnUpResult:
        r = TurnUpResult()
        r.card, r.trumps, r.took = self.card, self.trumps, self.took
        return r


class TurnUpStage(Stage):
    """The turnup phase of a :class:`~hocdsl.engine.game.Game`, over its :class:`~.table.Table`."""

    __slots__ = ("turned", "out")

    def __init__(self, g: Table, st: TurnUpRules) -> None:
        self.g = g
        self.st = st
        self.stage = TURNUP_STAGE
        self.done = False
        self.turned = -1
        self.out = self.result = TurnUpResult()

    def start(self) -> None:
        g = self.g
        talon = g.out_of_play
        if not talon:  # (the semantic checks leave a card over; a hand given otherwise turns none)
            self.done = True
            return
        rng = g.rng
        if rng is not None:
            cards = sorted_cards(talon)
            self.turned = cards[int(rng.random() * len(cards))]
        g.stage = TURNUP_STAGE
        g.to_act = g.dealer

    def legal(self) -> tuple[TurnUp, ...]:
        if self.turned >= 0:
            return (TURN_UP[self.turned],)
        talon = self.g.out_of_play
        return tuple(TURN_UP[c] for c in iter_cards(talon))

    def forced(self) -> TurnUp | None:
        """The card chance turned up, when the hand was dealt from a generator."""
        return TURN_UP[self.turned] if self.turned >= 0 else None

    def check(self, a: Any) -> None:
        g = self.g
        if type(a) is not TurnUp:
            raise IllegalAction(RULE_TURNUP.cite(g.rules, self.st.id), "the dealer turns up a card")
        c = a.card
        if not (0 <= c < MAX_IDS and g.out_of_play >> c & 1):
            raise IllegalAction(RULE_TURNUP.cite(g.rules, self.st.id),
                                f"{card_name(c) if 0 <= c < MAX_IDS else c} is not in the talon")
        if self.turned >= 0 and c != self.turned:
            raise IllegalAction(RULE_TURNUP.cite(g.rules, self.st.id),
                                f"the card on top of the talon is {card_name(self.turned)}")

    def apply(self, a: Any) -> None:
        self.check(a)
        g = self.g
        c: int = a.card
        out = self.out
        out.card = c
        trumps = c // 13 & 3 if self.st.trumps == "suit-of-card" else NO_TRUMPS
        out.trumps = trumps
        if g.record:
            g.events.append(TurnedUp(g.dealer, c, trumps))
        if self.st.dealer_takes == "marked-pool":
            ledger = g.ledger
            for card, pool in board_marks(g.rules, trumps):
                if card == c % 52:  # (any copy of the board card)
                    amount = ledger.pools[pool.index]
                    if amount > 0:
                        ledger.move(pool, g.dealer, amount, R_TURNUP, pool.id)
                        out.took += amount
        self.done = True


# -------------------------------------------------------------- words ----


class TurnUpWords(Words):
    """The words of a turnup stage: the card turned up, the trumps it names, the pool the
    dealer takes for it."""

    __slots__ = ()

    events = (TurnedUp,)
    reasons = (R_TURNUP,)
    reason_words = {R_TURNUP: ("card turned up", "carte retournée")}
    TEXT = {
        "en": {"turns": "{turns} up {card}{trumps}", "trumps": ": {suit} are trumps",
               "takes": "{takes} the {pool} pool: {n} (the card turned up marks it)"},
        "fr": {"turns": "{turns} {card}{trumps}", "trumps": " : {suit} est l'atout",
               "takes": "{takes} la cagnotte {of_pool} : {n} (la carte retournée la marque)"},
    }
    SUITS: Final = {"en": _SUITS_EN, "fr": ("pique", "cœur", "carreau", "trèfle")}

    def event(self, e: object, over: bool) -> str | None:
        if isinstance(e, TurnedUp):
            trumps = self.say("trumps", suit=self.SUITS[self.tongue.code][e.trumps]) if e.trumps >= 0 else ""
            return self.say("turns", turns=self.verb(self.names[e.seat], "turns"), card=self.tongue.card(e.card),
                            trumps=trumps)
        return None  # pragma: no cover - only its own events are handed to it

    def chip(self, e: ChipMove, payer: str, payee: str) -> str:
        return self.say("takes", takes=self.verb(payee, "takes"), n=e.amount, **self.named(e.chance or ""))


# ------------------------------------------------------------ metrics ----


class TurnUpTally(StageTally):
    """What the simulator counts of a turnup stage: how often the dealer takes a pool for the
    card he turns up, and how much."""

    __slots__ = ("took", "chips")

    kind = "turnup"

    legend = """With a turnup stage (a card turned up from the talon):

- ``turnup_take_rate``: share of hands in which the dealer takes a pool for the
  card he turned up (``dealer_takes: marked-pool``).
- ``turnup_take``: chips he takes for it, per hand.
"""

    def __init__(self, at: int) -> None:
        super().__init__(at)
        self.took = self.chips = -1

    def quantities(self, section: str, q: Quantities) -> None:
        if section == "pools":
            self.took = q.add("turnup_took")
            self.chips = q.add("turnup_chips")

    def metrics(self, section: str, m: Ratios) -> None:
        if section == "pools":
            m.ratio("turnup_take_rate", self.took, m.hands)
            m.ratio("turnup_take", self.chips, m.hands)

    def count(self, g: Table, y: list[int]) -> None:
        r = g.results[self.at]
        if isinstance(r, TurnUpResult) and r.took:
            y[self.took] += 1
            y[self.chips] += r.took
