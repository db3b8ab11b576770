"""What one seat may see of a hand: the view a bot plays from.

What every stage shows: its own hand; everything said and shown (all events but
the other seats' deals); the cards laid on the pile; how many cards each seat
holds; the pools and multipliers. Never the other hands or the cards out of
play (Lalanne 002 §2: the undealt cards are seen by no one). What a seat may
see of the stage being played beyond that (the card wanted, the stake) is the
stage's own to say: :meth:`SeatView.seen` hands over its kind's
:class:`~.table.Seen`. This module names no stage kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..cards import Chips, Hand, Seat
from .events import PRIVATE, Drew
from .table import R, Seen, Stage, Table

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

#: The events a seat sees only when they are its own: the cards dealt to it, a card it drew.
_HIDDEN = PRIVATE + (Drew,)  # a deal, a take-in, the stock seen, a card drawn


class SeatView:
    """A read-only window on ``game`` (a :class:`~hocdsl.engine.game.Game`) for ``seat``."""

    __slots__ = ("_g", "seat", "_ph", "_seen")

    def __init__(self, game: Table, seat: Seat) -> None:
        self._g = game
        self.seat = seat
        self._ph: Stage | None = None  # the stage last asked what this seat sees, and its answer
        self._seen: Seen | None = None

    @property
    def rules(self) -> Ruleset:
        return self._g.rules

    @property
    def players(self) -> int:
        return self._g.n

    @property
    def dealer(self) -> Seat:
        return self._g.dealer

    @property
    def eldest(self) -> Seat:
        return self._g.eldest

    @property
    def hand(self) -> Hand:
        """This seat's cards now."""
        return self._g.hands[self.seat]

    @property
    def dealt(self) -> Hand:
        """This seat's cards as dealt."""
        return self._g.dealt[self.seat]

    @property
    def stage(self) -> str:
        return self._g.stage

    @property
    def to_act(self) -> Seat | None:
        return self._g.to_act

    @property
    def my_turn(self) -> bool:
        return self._g.to_act == self.seat

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions if it is this seat's turn, else ()."""
        g = self._g
        return g.legal_actions() if g.to_act == self.seat else ()

    def result_of(self, cls: type[R]) -> R | None:
        """What the first stage of the hand whose report is a ``cls`` reported, so far
        (:meth:`~.table.Table.result_of`): every stage's report is seen by every seat (the
        card turned up, who won a chance), never a hand's cards."""
        return self._g.result_of(cls)

    @property
    def pile(self) -> Hand:
        """Every card laid in the card game so far."""
        return self._g.pile

    @property
    def cards_left(self) -> tuple[int, ...]:
        return self._g.cards_left

    @property
    def pools(self) -> dict[str, Chips]:
        return self._g.pools

    @property
    def multipliers(self) -> dict[str, int]:
        return self._g.multipliers

    @property
    def net(self) -> tuple[Chips, ...]:
        return self._g.net

    @property
    def points(self) -> tuple[int, ...]:
        """The points each seat has scored this deal (every score is said aloud: public)."""
        return tuple(self._g.points)

    def seen(self) -> Seen | None:
        """What this seat may see of the stage being played beyond all this: its kind's
        :class:`~.table.Seen` (the card game's :class:`~.cardgame.CardsSeen`, the
        bidding's :class:`~.bidding.BidSeen`), or None (no stage with more to show:
        the blank hand, the hand over). A bot tells the kinds it knows how to play
        apart by its class. The same object while the same stage is played."""
        ph = self._g._phase
        if ph is not self._ph:  # (a stage that is held cannot be freed: no id reused)
            self._ph = ph
            self._seen = ph.seen(self.seat) if ph is not None else None
        return self._seen

    def fork(self, hands: Sequence[Hand], record: bool = False, checked: bool = True,
             into: Table | None = None) -> Table:
        """A copy of the hand in the card game with the other seats' hands replaced by
        ``hands`` (one per seat, this seat's own unchanged, the sizes held now): a
        world this seat cannot tell from the real one, for playing out guesses
        (:meth:`Game.fork`, which says what ``checked=False`` skips and what ``into``
        reuses). Nothing done on the copy touches the real hand."""
        g = self._g
        if hands[self.seat] != g.hands[self.seat]:
            raise ValueError("fork(): a seat's own hand cannot be replaced")
        return g.fork(hands, record, checked, into)  # which refuses a card on the pile, or in two hands

    @property
    def events(self) -> list[Any]:
        """Every event this seat saw: all but the other seats' :class:`Dealt` and :class:`Drew`."""
        s = self.seat
        return [e for e in self._g.events if not (type(e) in _HIDDEN and e.seat != s)]

    @property
    def unseen(self) -> Hand:
        """Cards this seat cannot see: the others' hands and the cards out of play."""
        from ..cards import FULL_PACK
        g = self._g
        if g.rules.pack.copies > 1:  # packs shuffled together: every copy of the pack
            from ..pack import pack_of
            return (FULL_PACK | pack_of(g.rules).mask) & ~g.hands[self.seat] & ~g.pile
        return FULL_PACK & ~g.hands[self.seat] & ~g.pile
