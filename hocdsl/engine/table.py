"""What every stage of a hand shares (:class:`Table`), and what every stage kind implements (:class:`Stage`).

A :class:`Table` is the hand's shared state: the seats, their hands, the pile,
the pools and the ledger. A stage kind (:mod:`.bidding`, :mod:`.blank`,
:mod:`.cardgame`, :mod:`.settle`, registered in :mod:`.kinds`) is a
:class:`Stage` that reads and writes the hand through its table and knows
nothing of :class:`~hocdsl.engine.game.Game`, which sequences the stages and
is a :class:`Table` itself: it starts each stage in turn, asks the one being
played what is legal, checks and applies the actions through it, lets it apply
what is forced, and goes on to the next when it is ``done``. So the engine's
modules import one another in one direction only: the kinds and the seat's
view over this module, the registry of kinds (:mod:`.kinds`) over the kinds,
and the game over the registry and what all stages share, naming no kind.

The one check of an action is :meth:`Stage.check`; :meth:`Stage.apply`
calls it (or its rule functions) before changing anything, so a fast path
and the plain path refuse the same actions for the same reasons.

>>> import random
>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.engine import Game
>>> g = Game(load_ruleset("hoc-mazarin"), 3, dealer=2, rng=random.Random(1))
>>> isinstance(g, Table), g.n, g.eldest, sum(g.cards_left)
(True, 3, 0, 36)
>>> isinstance(g.phase, Stage), g.phase.stage, g.phase.done
(True, 'point', False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ..actions import Action
from ..cards import Chips, Hand, Seat
from .carry import Carry
from .events import Scored
from .ledger import Ledger

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

R = TypeVar("R", bound="Result")

#: Every attribute of a :class:`Table` (its ``__slots__``; :meth:`Game.fork` copies them).
TABLE_STATE = (
    "rules", "n", "names", "dealer", "eldest", "dealt", "hands", "left", "out_of_play", "pile",
    "strict", "record", "auto_forced", "auto_equivalent", "events", "ledger", "carry_in", "stage",
    "to_act", "is_over", "turns", "_phase", "_anted", "rng",
    # the points each seat has scored this deal (beside the chips: Table.score writes them)
    "points",
    # what a stage leaves to watch the scores of the stages after it (a declare stage's pique)
    "watch",
    # points kept apart this deal, for the settlement only (None: none kept)
    "apart",
    # what each stage reports of this hand, in the order of the stages (its Result)
    "results",
)


class Table:
    """The state of one hand that all its stages share; :class:`~hocdsl.engine.game.Game`
    fills it in and plays the stages over it.

    ``stage`` and ``to_act`` say where the hand stands; the stage being played
    sets them. ``_phase`` is that stage's phase (None once the hand is over).
    """

    __slots__ = TABLE_STATE

    rules: Ruleset
    n: int
    names: tuple[str, ...]
    dealer: Seat
    eldest: Seat
    dealt: tuple[Hand, ...]
    hands: list[Hand]
    #: how many cards each seat holds now (the hands' sizes, kept as cards are laid)
    left: list[int]
    out_of_play: Hand
    pile: Hand
    strict: bool
    record: bool
    auto_forced: bool
    auto_equivalent: bool
    events: list[Any]
    ledger: Ledger
    carry_in: Carry
    stage: str
    to_act: int | None
    is_over: bool
    #: actions applied this hand, forced ones included
    turns: int
    _phase: Stage | None
    #: per pool: the ante each player (or the dealer) put in this hand (a stage may refund it)
    _anted: list[int]
    #: the generator the hand was dealt from, for what chance decides after the deal (a card
    #: turned up from the talon); None when the deal was given (a record, a copy): an action
    #: then says what chance decided
    rng: random.Random | None
    #: what a stage leaves to hear every score after it (:class:`~.declare.PiqueWatch`:
    #: the younger's combinations counted after the first lead, the eldest's pique), or None
    watch: Any
    #: per seat, points kept apart this deal (``card_points_when: apart``): not the deal's
    #: points; only the partie's settlement counts them, to break a tie or save the rubicon
    #: (:func:`.stakes.reckon`). None when no stage keeps any.
    apart: list[int] | None
    #: per stage, in the ruleset's order: what it reports of this hand (its kind's
    #: :class:`Result`, None for a kind that reports nothing); kept once the hand is over
    results: list[Result | None]
    #: per seat, the points scored this deal (a trick, a declaration...): kept beside the
    #: chips of the ledger, written only through :meth:`score`; all 0 in a game that scores none
    points: list[int]

    # ------------------------------------------------- the hand, played ----

    def legal_actions(self) -> tuple[Action, ...]:  # pragma: no cover - Game plays it
        """What the seat to act may do now (empty once the hand is over)."""
        raise NotImplementedError

    def apply(self, action: Action, seat: Seat | None = None) -> None:  # pragma: no cover
        """Apply ``action`` for the seat to act (see :meth:`Game.apply`)."""
        raise NotImplementedError

    def fork(self, hands: Sequence[Hand], record: bool = False, checked: bool = True,
             into: Table | None = None) -> Table:  # pragma: no cover - Game plays it
        """A copy of this hand with other hands (see :meth:`Game.fork`)."""
        raise NotImplementedError

    # ------------------------------------------------------------ points ----

    def score(self, seat: Seat, points: int, reason: str, stage: str) -> None:
        """``seat`` scores ``points`` (> 0; nothing for 0) this deal, for ``reason`` (a word of
        the kind that scores it, one of its words' ``reasons``) at the stage ``stage`` (its
        id): the one way points are scored, as :meth:`Ledger.move` is the one way chips
        move. A :class:`~.events.Scored` event is appended when the hand is recorded."""
        if points <= 0:
            if points == 0:
                return
            raise ValueError(f"a score needs a positive number of points, not {points}")
        pts = self.points
        total = pts[seat] + points
        pts[seat] = total
        if self.record:
            self.events.append(Scored(seat, points, reason, stage, total))
        watch = self.watch
        if watch is not None:  # a stage's rule on the scores after it (a declare stage's pique)
            watch.scored(self, seat, points, reason)

    # ------------------------------------------------------------ views ----

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` holds now (a bitset)."""
        return self.hands[seat]

    @property
    def pools(self) -> dict[str, Chips]:
        """Chips in each pool now, by id."""
        return {p.id: self.ledger.pools[p.index] for p in self.ledger.pool_objs}

    @property
    def multipliers(self) -> dict[str, int]:
        """The multiplier each pool's stake is played at this hand (1 single, 2 double...)."""
        return {p.id: self.carry_in.multipliers[p.index] for p in self.ledger.pool_objs}

    @property
    def net(self) -> tuple[Chips, ...]:
        """Chips each seat has won (+) or lost (-) this hand so far."""
        return tuple(self.ledger.net)

    @property
    def phase(self) -> Stage | None:
        """The stage being played (a :class:`Stage` of its kind), or None once the hand is
        over: what a kind's own look-ups read (``bidding.stake(g)``, ``cardgame.need(g)``)."""
        return self._phase

    @property
    def cards_left(self) -> tuple[int, ...]:
        """How many cards each seat holds now."""
        return tuple(self.left)

    def result_of(self, cls: type[R]) -> R | None:
        """The report of the first stage whose :class:`Result` is a ``cls`` (None if no
        stage of the hand makes one): how a kind reads what another reported, and how
        :class:`~hocdsl.engine.game.Game`'s views find their numbers."""
        for r in self.results:
            if isinstance(r, cls):
                return r
        return None


class Result:
    """What one stage reports of its hand: the numbers its kind's views, its metrics and
    the stages after it read (who won, what was paid). A kind's result is a small class of
    its own, made with the stage and kept by the hand in :attr:`Table.results` once the
    stages are gone; it points at nothing of the hand, so a finished hand is freed as soon
    as nobody holds it."""

    __slots__ = ()

    def copy(self) -> Result:  # pragma: no cover - every kind with a result copies it
        """A copy sharing nothing mutable (:meth:`Game.fork`)."""
        raise NotImplementedError


class Seen:
    """What one seat may see of one stage, beyond what every stage shows it (the
    :class:`~.view.SeatView`: its hand, the pile, the pools, the counts, every event
    but the others' deals): a kind with hidden state answers its own questions in a
    small class of its own (the card game: the rank wanted and the cards this seat
    may lay; the bidding: the stake and what each seat has put in), which its
    stage's :meth:`Stage.seen` makes. In the manner of OpenSpiel's observers: it
    tells ``seat`` no more than the rules let it see. A bot reads it through
    :meth:`~.view.SeatView.seen` and tells the kinds it knows how to play apart by
    its class."""

    __slots__ = ("seat",)

    seat: Seat


class Stage:
    """One stage of one hand, of one kind. Every kind sets ``g`` (the hand's table), ``st`` (its
    part of the ruleset), ``stage`` (the name :attr:`Game.stage` shows while it is
    played), ``done`` (True once it is over) and ``result`` (its :class:`Result`, or
    None) in its ``__init__``."""

    __slots__ = ("g", "st", "stage", "done", "result")

    g: Table
    st: Any
    stage: str
    done: bool
    #: what this stage reports of the hand (its kind's :class:`Result`), or None
    result: Result | None

    def start(self) -> None:  # pragma: no cover - every kind starts itself
        """Begin the stage: set ``g.stage`` and ``g.to_act``, or finish at once (``done``)."""
        raise NotImplementedError

    def legal(self) -> tuple[Action, ...]:
        """What the seat to act may do now."""
        return ()

    def check(self, a: Action) -> object:  # pragma: no cover - a stage that takes actions checks them
        """Raise :class:`~.errors.IllegalAction`, citing the rule, if ``a`` is not allowed now
        (what it returns, if anything, is the kind's own: what it found on the way)."""
        raise NotImplementedError

    def apply(self, a: Action) -> None:  # pragma: no cover - a stage that takes actions applies them
        """Check ``a``, then play it for the seat to act."""
        raise NotImplementedError

    def forced(self) -> Action | None:
        """The one action the seat to act may take, when it has no choice (else None)."""
        return None

    def auto(self) -> None:
        """Apply what is forced until a seat has a real choice or the stage is done,
        counting each action in ``g.turns`` (``Game(auto_forced=True)``). A kind with
        a faster way (the card game's runs on the bits) overrides it."""
        g = self.g
        while not self.done:
            a = self.forced()
            if a is None:
                return
            self.apply(a)
            g.turns += 1

    def seen(self, seat: Seat) -> Seen | None:
        """What ``seat`` may see of this stage beyond what every stage shows it (its
        kind's :class:`Seen`), or None when there is nothing more to see (the blank
        hand: a declared hand is shown in its event)."""
        return None

    def complete(self, a: Action) -> Action:
        """``a`` as the stage will apply it, with what the engine fills in named (a discard's
        cards taken from the top of the stock), so that a record written from it replays
        without the generator. Most kinds apply what they are given: ``a`` itself."""
        return a

    def forks(self) -> bool:
        """Whether :meth:`fork` copies this stage as it stands: :meth:`Game.fork`
        copies a hand only while such a stage is played (the card game)."""
        return False

    def fork(self, g: Table) -> Stage:
        """This stage as it stands, bound to ``g``, the copy of its hand
        (:meth:`Game.fork`; only where :meth:`forks`)."""
        raise ValueError("fork() is for the card game")

    def anew(self, g: Table) -> Stage:
        """This stage as it was before it started, for the hand ``g``: :class:`Game` makes
        every hand's stages so from stages made once per ruleset for a table with no hand
        (only ``g.rules`` is read when a stage is made), and :meth:`Game.fork` the stages
        still to come. A kind that derives tables from the ruleset overrides it to pass
        them on rather than derive them again."""
        stage: Stage = type(self)(g, self.st)  # type: ignore[call-arg]
        return stage
