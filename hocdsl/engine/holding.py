"""A ``holding`` stage: pools taken by what a player holds, or by going out first.

Each of its ``claims`` names a pool and what takes it: ranks of the trump suit held
together (the ace, the king, the queen of trumps, each its own pool; or the king and
queen of trumps together: enc-poque2 ¶2 for the first), named cards held together, a
pair (two or more cards of one rank), or going out first in the card game (the stage
then comes after it). What is held is the hand as it stands when the stage is
played: placed after the vying, the dealt hand. The trump suit is the one the
turnup stage named (:func:`.turnup.trumps_of`); without one, no claim on trumps is
taken.

``ties``: where several players could take a pool (pairs), the first of them in turn
from the eldest takes it, or nobody. ``say``: the holder takes it without a word, or
must say so in his turn ("I hold the king of trumps", :class:`~hocdsl.actions.Hold`);
the players who may take something are asked in turn from the eldest, and a pool
its holder does not claim stays. Going out first is taken without a word either
way: the whole table has just seen it. A pool nobody takes stays on the board for
the next deals, as every pool does (``pools.<id>.unclaimed``).

>>> from hocdsl.actions import Hold
>>> hold_of(HoldingClaim(pool="mariage", trumps=(12, 13)), 0b11)
Hold(trumps=(13, 12), cards=(), pair=0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..actions import PASS, Hold, Pass
from ..cards import RANK_MASKS, Hand, Seat, card_name, card_of
from ..rules.model import HoldingClaim
from .cardgame import CardsResult
from .errors import IllegalAction, Rule
from .events import HOLDING as R_HOLDING, ChipMove, Held, Passed, Pool, pools_of
from .table import Result, Stage, Table
from .tally import Quantities, Ratios, StageTally
from .turnup import trumps_of
from .words import Words

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Holding, Ruleset

#: The stage's name while it is played (``Game.stage``).
HOLDING_STAGE: Final = "holding"

RULE_SAY = Rule("{stage}.say", {True: "a holder says what he holds in his turn, or passes",
                                False: "pools go to their holders without a word"})
_RANK_WORDS: Final = ("", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                      "jack", "queen", "king")


def hold_of(claim: HoldingClaim, pair_rank: int) -> Hold:
    """The words (an action) that claim ``claim``: its ranks of trumps or its cards, highest
    first, or a pair of ``pair_rank``."""
    if claim.trumps:
        return Hold.of(trumps=claim.trumps)
    if claim.cards:
        return Hold.of(cards=tuple(claim.cards))
    return Hold.of(pair=pair_rank)


def _pair_rank(hand: Hand) -> int:
    """The highest rank (king high, then down to the ace) of which ``hand`` holds two or more; 0: none."""
    for r in (1, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2):
        if (hand & RANK_MASKS[r - 1]).bit_count() >= 2:
            return r
    return 0


class HoldingResult(Result):
    """What a holding stage reports: per claim (in the ruleset's order), the seat that took
    its pool (-1: nobody), and the chips taken in all."""

    __slots__ = ("taker", "chips")

    def __init__(self, claims: int) -> None:
        self.taker = [-1] * claims
        self.chips = 0

    def copy(self) -> HoldingResult:
        r = HoldingResult(0)
        r.taker, r.chips = self.taker.copy(), self.chips
        return r


class HoldingStage(Stage):
    """The holding phase of a :class:`~hocdsl.engine.game.Game`, over its :class:`~.table.Table`."""

    __slots__ = ("pools", "winner", "shown", "asked", "pos", "out")

    def __init__(self, g: Table, st: Holding) -> None:
        self.g = g
        self.st = st
        self.stage = HOLDING_STAGE
        self.done = False
        self.out = self.result = HoldingResult(len(st.claims))
        by_id = {p.id: p for p in pools_of(g.rules)}
        self.pools: list[Pool] = [by_id[c.pool] for c in st.claims]
        self.winner: list[int] = []
        self.shown: list[int] = []
        self.asked: list[int] = []
        self.pos = 0

    def _needs(self, claim: HoldingClaim, trumps: int) -> Hand:
        """The cards a claim wants held together (0: it is no claim on cards; -1: it
        cannot be taken this hand: trumps with no trump suit)."""
        if claim.trumps:
            if trumps < 0:
                return -1
            need = 0
            for r in claim.trumps:
                need |= 1 << card_of(r, trumps)
            return need
        need = 0
        for c in claim.cards:
            need |= 1 << c
        return need

    def start(self) -> None:
        g = self.g
        n = g.n
        trumps = trumps_of(g)
        cards = g.result_of(CardsResult)
        first_out = cards.winner if cards is not None and cards.winner is not None else -1
        seats = [(g.eldest + i) % n for i in range(n)]
        self.winner = []
        self.shown = []
        for claim in self.st.claims:
            holders: list[int] = []
            shown: list[int] = []
            if claim.first_out:
                if first_out >= 0:
                    holders.append(first_out)
                    shown.append(0)
            elif claim.pair:
                for s in seats:
                    r = _pair_rank(g.hands[s])
                    if r:
                        holders.append(s)
                        shown.append(g.hands[s] & RANK_MASKS[r - 1])
            else:
                need = self._needs(claim, trumps)
                if need > 0:
                    for s in seats:
                        if g.hands[s] & need == need:
                            holders.append(s)
                            shown.append(need)
            if len(holders) == 1 or (holders and self.st.ties == "eldest"):
                self.winner.append(holders[0])
                self.shown.append(shown[0])
            else:
                self.winner.append(-1)
                self.shown.append(0)
        if not self.st.say:
            for i in range(len(self.winner)):
                self._take(i)
            self.done = True
            return
        for i, claim in enumerate(self.st.claims):
            if claim.first_out:  # going out first is seen by all: taken without a word
                self._take(i)
        self.asked = [s for s in seats if self._offers(s)]
        self.pos = 0
        self._next()

    def _offers(self, s: Seat) -> list[int]:
        """The claims ``s`` may still say: his to take, on a pool holding chips."""
        ledger = self.g.ledger
        return [i for i, w in enumerate(self.winner)
                if w == s and self.out.taker[i] < 0 and ledger.pools[self.pools[i].index] > 0]

    def _next(self) -> None:
        g = self.g
        while self.pos < len(self.asked):
            s = self.asked[self.pos]
            if self._offers(s):
                g.stage = HOLDING_STAGE
                g.to_act = s
                return
            self.pos += 1
        self.done = True

    def _take(self, i: int) -> None:
        s = self.winner[i]
        if s < 0:
            return
        g = self.g
        pool = self.pools[i]
        amount = g.ledger.pools[pool.index]
        if amount <= 0:
            return
        self.out.taker[i] = s
        self.out.chips += amount
        if g.record:
            g.events.append(Held(s, pool.id, amount, self.shown[i]))
        g.ledger.move(pool, s, amount, R_HOLDING, pool.id)

    def _action(self, i: int) -> Hold:
        shown = self.shown[i]
        pair = 0
        if self.st.claims[i].pair:
            low = shown & -shown
            pair = (low.bit_length() - 1) % 13 + 1
        return hold_of(self.st.claims[i], pair)

    def legal(self) -> tuple[Hold | Pass, ...]:
        s = self.g.to_act
        if s is None:  # pragma: no cover - asked only while a seat is to act
            return ()
        return tuple(self._action(i) for i in self._offers(s)) + (PASS,)

    def check(self, a: Any) -> int:
        """The claim ``a`` takes (-1 for a pass), or IllegalAction."""
        g = self.g
        if type(a) is Pass:
            return -1
        if type(a) is Hold:
            s = g.to_act
            assert s is not None
            for i in self._offers(s):
                if self._action(i) == a:
                    return i
            raise IllegalAction(RULE_SAY.cite(g.rules, self.st.id),
                                f"{hold_words(a)}: not a pool of this stage that you may take")
        raise IllegalAction(RULE_SAY.cite(g.rules, self.st.id),
                            "say what you hold (\"I hold the king of trumps\") or pass")

    def apply(self, a: Any) -> None:
        i = self.check(a)
        g = self.g
        s = g.to_act
        assert s is not None
        if i >= 0:
            self._take(i)
            if self._offers(s):
                return  # he may say more
        elif g.record:
            g.events.append(Passed(s, HOLDING_STAGE))
        self.pos += 1
        self._next()


def hold_words(a: Hold) -> str:
    """``I hold the king and queen of trumps`` (the words of a :class:`Hold`, in English)."""
    if a.trumps:
        return "I hold " + " and ".join(f"the {_RANK_WORDS[r]}" for r in a.trumps) + " of trumps"
    if a.cards:
        return "I hold " + " ".join(card_name(c) for c in a.cards)
    return f"I hold a pair of {_RANK_WORDS[a.pair]}s"


# -------------------------------------------------------------- words ----


class HoldingWords(Words):
    """The words of a holding stage: a pool taken by what its taker holds."""

    __slots__ = ("why",)

    events = (Held,)
    reasons = (R_HOLDING,)
    reason_words = {R_HOLDING: ("held", "tenu en main")}
    TEXT = {
        "en": {"holding": "holding {cards}", "out": "out first",
               "takes": "{takes} the {pool} pool: {n} ({why})"},
        "fr": {"holding": "il tient {cards}", "out": "sorti le premier",
               "takes": "{takes} la cagnotte {of_pool} : {n} ({why})"},
    }

    def __init__(self, names: Sequence[str], rules: Ruleset, lang: str = "en") -> None:
        super().__init__(names, rules, lang)
        self.why = ""

    def event(self, e: object, over: bool) -> str | None:
        if isinstance(e, Held):
            self.why = self.say("holding", cards=self.tongue.hand(e.cards)) if e.cards else self.say("out")
            return None  # told with its chips
        return None  # pragma: no cover - only its own events are handed to it

    def chip(self, e: ChipMove, payer: str, payee: str) -> str:
        return self.say("takes", takes=self.verb(payee, "takes"), n=e.amount, why=self.why,
                        **self.named(e.chance or ""))


# ------------------------------------------------------------ metrics ----


class HoldingTally(StageTally):
    """What the simulator counts of a holding stage: pools taken by holding, and chips."""

    __slots__ = ("taken", "chips", "claims")

    kind = "holding"

    legend = """With a holding stage (pools taken by holding cards or by going out first):

- ``holding_takes``: pools taken by holding, per hand.
- ``holding_take``: chips taken by holding, per hand.
"""

    def __init__(self, at: int) -> None:
        super().__init__(at)
        self.taken = self.chips = -1

    def quantities(self, section: str, q: Quantities) -> None:
        if section == "pools":
            self.taken = q.add("holding_taken")
            self.chips = q.add("holding_chips")

    def metrics(self, section: str, m: Ratios) -> None:
        if section == "pools":
            m.ratio("holding_takes", self.taken, m.hands)
            m.ratio("holding_take", self.chips, m.hands)

    def count(self, g: Table, y: list[int]) -> None:
        r = g.results[self.at]
        if isinstance(r, HoldingResult):
            for t in r.taker:
                if t >= 0:
                    y[self.taken] += 1
            y[self.chips] += r.chips

