"""An ``exchange`` stage: the discard and take-in (Piquet's "discarding and taking in").

The cards not dealt are the stock, face down. In turn from the eldest (the elder
hand), each player lays out cards of his hand and takes as many from the top of the
stock: the eldest at least ``elder_least`` and at most ``elder_most`` (the top of
the stock is his share), the other at least ``younger_least`` and at most what the
eldest left (``younger_takes: what-is-left``) or his own share, the rest of the
stock (``own-share``). The eldest may look at the cards of his share he leaves
(``elder_sees_left``); the cards nobody took may be looked at by the player who
exchanged last (``left_seen: by-younger``) or by nobody.

Each player's discard is his own: it leaves his hand and the play, and only he
sees it (:class:`~.events.TookIn` is private, as a deal is); every seat hears how
many cards each exchanged (:class:`~.events.Exchanged`).

The stock's order is chance: dealt from a generator, the stage draws it at its
start (one shuffle of the cards not dealt, only in rulesets with this stage, so no
other ruleset's deals change) and a player's legal discards take the cards on top.
A hand whose deal was given (a record, a test) has no order: a discard then names
the cards it takes (``I discard 7S 8S and take AS KD``), any of the stock, and the
record replays.

>>> import random
>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.engine import Game
>>> g = Game(load_ruleset("piquet"), 2, dealer=1, rng=random.Random(3))
>>> g.stage, g.to_act, len(g.phase.stock)
('exchange', 0, 8)
>>> a = g.legal_actions()[0]
>>> len(a.cards), len(a.take), a.take == tuple(g.phase.stock[:1])
(1, 1, True)
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Final

from ..actions import Discard
from ..cards import Card, Hand, Seat, card_name, hand_of, sorted_cards
from .errors import IllegalAction, Rule
from .events import Exchanged, StockSeen, TookIn
from .table import Result, Seen, Stage, Table
from .tally import Quantities, Ratios, StageTally
from .words import Words

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Exchange, Ruleset

#: The stage's name while it is played (``Game.stage``).
EXCHANGE_STAGE: Final = "exchange"

RULE_ELDER = Rule("{stage}.elder_most", "the eldest lays out at most his share of the stock and takes as many")
RULE_ELDER_LEAST = Rule("{stage}.elder_least", "the eldest lays out at least this many cards")
RULE_YOUNGER = Rule("{stage}.younger_takes", {
    "what-is-left": "the other player takes at most what the eldest left in the stock",
    "own-share": "the other player takes at most his own share of the stock"})
RULE_YOUNGER_LEAST = Rule("{stage}.younger_least", "the other player lays out at least this many cards")
RULE_STOCK = Rule("deal.rest", "the cards taken in come from the top of the stock, in its order")


class ExchangeResult(Result):
    """What an exchange stage reports: per seat, how many cards it ``exchanged`` (-1: not
    yet); per seat, its ``discard`` (what it laid out: its own to see); the cards ``left``
    in the stock once both have exchanged."""

    __slots__ = ("exchanged", "discard", "left")

    def __init__(self, n: int) -> None:
        self.exchanged = [-1] * n
        self.discard = [0] * n
        self.left: Hand = 0

    def copy(self) -> ExchangeResult:
        r = ExchangeResult(len(self.exchanged))
        r.exchanged, r.discard, r.left = self.exchanged.copy(), self.discard.copy(), self.left
        return r


def share(g: Table, st: Exchange) -> int:
    """The most cards the seat to act may exchange now: the eldest his share of the stock
    (``elder_most``, no more than the stock holds); the other what is left, or his own share
    (``younger_takes``)."""
    stock = g.out_of_play.bit_count()
    if g.to_act == g.eldest:
        return min(st.elder_most, stock)
    if st.younger_takes == "own-share":
        total = stock
        r = g.result_of(ExchangeResult)
        if r is not None and r.exchanged[g.eldest] >= 0:
            total += r.exchanged[g.eldest]
        return max(0, min(stock, total - st.elder_most))
    return stock


class ExchangeSeen(Seen):
    """What the seat to act may see of the exchange: its ``stock_cards`` (how many are left)
    and the most and fewest it may exchange."""

    __slots__ = ("most", "least", "stock_cards")

    def __init__(self, ex: ExchangeStage, seat: Seat) -> None:
        self.seat = seat
        g = ex.g
        self.stock_cards = g.out_of_play.bit_count()
        mine = g.to_act == seat
        self.most = ex.most() if mine else 0
        self.least = ex.least() if mine else 0


class ExchangeStage(Stage):
    """The exchange phase of a :class:`~hocdsl.engine.game.Game`, over its :class:`~.table.Table`."""

    __slots__ = ("st", "stock", "turn", "out")

    st: Exchange

    def __init__(self, g: Table, st: Exchange) -> None:
        self.g = g
        self.st = st
        self.stage = EXCHANGE_STAGE
        self.done = False
        #: the stock, top first, when chance ordered it (a hand dealt from a generator)
        self.stock: list[Card] | None = None
        self.turn = 0  # 0: the eldest to exchange, 1: the other
        self.out = self.result = ExchangeResult(max(g.rules.players))

    def anew(self, g: Table) -> ExchangeStage:
        return ExchangeStage(g, self.st)

    def start(self) -> None:
        g = self.g
        if g.n != 2 or not g.out_of_play:
            self.done = True  # (the semantic checks keep a stock and two players)
            return
        rng = g.rng
        if rng is not None:
            cards = sorted_cards(g.out_of_play)
            rng.shuffle(cards)
            self.stock = cards
        g.stage = EXCHANGE_STAGE
        g.to_act = g.eldest

    # ------------------------------------------------------------ the rule ----

    def most(self) -> int:
        """The most cards the seat to act may exchange now."""
        return share(self.g, self.st)

    def least(self) -> int:
        """The fewest cards the seat to act must exchange now (never more than it may)."""
        want = self.st.elder_least if self.turn == 0 else self.st.younger_least
        return min(want, self.most())

    def _top(self, k: int) -> tuple[Card, ...] | None:
        """The ``k`` cards the seat to act takes from the stock, when its order is known."""
        stock = self.stock
        if stock is None:
            return None
        taken = self.out.exchanged[self.g.eldest]
        start = 0 if self.turn == 0 else max(taken, 0)
        if self.turn == 1 and self.st.younger_takes == "own-share":
            start = self.st.elder_most
        return tuple(stock[start:start + k])

    def check(self, a: Any) -> tuple[Card, ...]:
        """The one check of a discard: the seat to act lays out cards it holds, between the
        fewest and the most its knobs allow, and takes as many from the stock (the top ones
        when the stock's order is known). Returns the cards taken."""
        g = self.g
        st = self.st
        who = RULE_ELDER if self.turn == 0 else RULE_YOUNGER
        if type(a) is not Discard:
            raise IllegalAction(who.cite(g.rules, st.id), "it is the discard: lay out cards and take as many")
        seat = g.to_act
        assert seat is not None  # a phase acts only while the hand is on
        k = len(a.cards)
        hand = g.hands[seat]
        for c in a.cards:
            if not (0 <= c < 52 and hand >> c & 1):
                raise IllegalAction(who.cite(g.rules, st.id),
                                    f"{card_name(c) if 0 <= c < 52 else c} is not in your hand")
        if len(set(a.cards)) != k:
            raise IllegalAction(who.cite(g.rules, st.id), "a card laid out twice")
        most, least = self.most(), self.least()
        if k > most:
            raise IllegalAction(who.cite(g.rules, st.id),
                                f"{k} cards laid out: you may exchange at most {most}")
        if k < least:
            rule = RULE_ELDER_LEAST if self.turn == 0 else RULE_YOUNGER_LEAST
            raise IllegalAction(rule.cite(g.rules, st.id), f"you must exchange at least {least}")
        top = self._top(k)
        take = a.take
        if take is None:
            if top is None:
                raise IllegalAction(RULE_STOCK.cite(g.rules),
                                    "the stock's order is not known here: name the cards taken "
                                    "(\"I discard 7S 8S and take AS KD\")")
            return top
        if len(take) != k or len(set(take)) != k:
            raise IllegalAction(who.cite(g.rules, st.id), f"take as many cards as are laid out ({k})")
        for c in take:
            if not (0 <= c < 52 and g.out_of_play >> c & 1):
                raise IllegalAction(RULE_STOCK.cite(g.rules),
                                    f"{card_name(c) if 0 <= c < 52 else c} is not in the stock")
        if top is not None and tuple(take) != top:
            raise IllegalAction(RULE_STOCK.cite(g.rules), "the cards on top of the stock are "
                                + " ".join(card_name(c) for c in top))
        return tuple(take)

    def legal(self) -> tuple[Discard, ...]:
        """Every discard the seat to act may make, each with the cards it takes when the
        stock's order is known (a hand given with no order: the cards on top of the stock as
        it is sorted, one of the takes a record may name)."""
        g = self.g
        seat = g.to_act
        assert seat is not None
        hand = sorted_cards(g.hands[seat])
        stock = self.stock
        fallback = sorted_cards(g.out_of_play) if stock is None else None
        out = []
        for k in range(self.least(), self.most() + 1):
            top = self._top(k)
            take = top if top is not None else tuple(fallback[:k]) if fallback is not None else ()
            for cards in combinations(hand, k):
                out.append(Discard(cards, take))
        return tuple(out)

    def complete(self, a: Any) -> Any:
        """``a`` with the cards it takes named, when the stock's order is known (a record
        written from it then replays with no generator)."""
        if type(a) is Discard and a.take is None and self.stock is not None:
            top = self._top(len(a.cards))
            return Discard(a.cards, top)
        return a

    def apply(self, a: Any) -> None:
        taken = self.check(a)
        g = self.g
        seat = g.to_act
        assert seat is not None
        out = self.out
        laid = hand_of(a.cards)
        got = hand_of(taken)
        k = len(taken)
        # the cards of his share the eldest leaves (the other takes last: he leaves none of his)
        left = self.most() - k if self.turn == 0 else 0
        g.hands[seat] = (g.hands[seat] & ~laid) | got
        g.out_of_play &= ~got
        out.exchanged[seat] = k
        out.discard[seat] = laid
        if g.record:
            g.events.append(Exchanged(seat, k, left))
            g.events.append(TookIn(seat, laid, taken))
        if self.turn == 0:
            seen = hand_of(self._left_of_share(k, left)) if left and self.st.elder_sees_left else 0
            if seen and g.record:
                g.events.append(StockSeen(seat, seen))
            self.turn = 1
            g.to_act = (seat + 1) % g.n
            return
        out.left = g.out_of_play
        if g.out_of_play and self.st.left_seen == "by-younger" and g.record:
            g.events.append(StockSeen(seat, g.out_of_play))
        self.done = True

    def _left_of_share(self, k: int, left: int) -> tuple[Card, ...]:
        """The cards of the eldest's share he left, when the stock's order is known."""
        stock = self.stock
        return tuple(stock[k:k + left]) if stock is not None else ()

    def seen(self, seat: Seat) -> ExchangeSeen:
        return ExchangeSeen(self, seat)


# -------------------------------------------------------------- words ----


class ExchangeWords(Words):
    """The words of an exchange stage: how many cards each laid out and took (which ones,
    to their player only: never told)."""

    __slots__ = ()

    events = (Exchanged, TookIn, StockSeen)
    reasons = ()
    TEXT = {
        "en": {"took": "{takes} {n} from the stock", "left": ", leaving {left}",
               "none": "{takes} no card from the stock",
               "yours": "your discard: {laid}; taken in: {taken}", "seen": "the stock left: {cards}"},
        "fr": {"took": "{takes} {n} au talon", "left": ", en laisse {left}",
               "none": "{takes} aucune carte au talon",
               "yours": "votre écart : {laid} ; pris au talon : {taken}", "seen": "reste au talon : {cards}"},
    }

    def event(self, e: object, over: bool) -> str | None:
        if isinstance(e, Exchanged):
            takes = self.verb(self.names[e.seat], "takes")
            text = self.say("took", takes=takes, n=e.count) if e.count else self.say("none", takes=takes)
            return text + (self.say("left", left=e.left) if e.left else "")
        # the cards laid out, taken and seen are private: told to the player at the table alone
        # (the second person), never to the others, nor in a replay (its announcements name them)
        if self.names[getattr(e, "seat", 0)].lower() != self.tongue.you.lower():
            return None
        if isinstance(e, TookIn):
            return self.say("yours", laid=self.tongue.hand(e.discarded),
                            taken=" ".join(self.tongue.card(c) for c in e.taken))
        if isinstance(e, StockSeen):
            return self.say("seen", cards=self.tongue.hand(e.cards))
        return None  # pragma: no cover - only its own events are handed to it


# ------------------------------------------------------------ metrics ----


class ExchangeTally(StageTally):
    """What the simulator counts of an exchange stage: the cards each exchanged."""

    __slots__ = ("elder", "younger")

    #: (only ever two players: the ruleset's check admits an exchange stage for two alone)
    kind = "exchange"

    legend = """With an exchange stage (the discard and take-in):

- ``exchanged.elder``, ``exchanged.younger``: cards the eldest and the other player
  laid out and took in, per hand.
"""

    def __init__(self, at: int) -> None:
        super().__init__(at)
        self.elder = self.younger = -1

    def quantities(self, section: str, q: Quantities) -> None:
        if section == "play":
            self.elder = q.add("exchanged_elder")
            self.younger = q.add("exchanged_younger")

    def metrics(self, section: str, m: Ratios) -> None:
        if section == "play":
            m.ratio("exchanged.elder", self.elder, m.hands)
            m.ratio("exchanged.younger", self.younger, m.hands)

    def count(self, g: Table, y: list[int]) -> None:
        r = g.results[self.at]
        if isinstance(r, ExchangeResult):
            y[self.elder] += max(r.exchanged[g.eldest], 0)
            y[self.younger] += max(r.exchanged[1 - g.eldest], 0)

