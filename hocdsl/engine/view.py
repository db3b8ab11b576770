"""What one seat may see of a hand: the view a bot plays from.

Its own hand; everything said and shown (all events but the other seats'
deals); the cards laid on the pile; how many cards each seat holds; pools,
multipliers, the bidding stake. Never the other hands or the cards out of
play (Lalanne 002 §2: the undealt cards are seen by no one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..actions import Action, Declaration
from ..cards import Chips, Hand, Rank, Seat
from .bidding import MODE_NAMES, ChanceBidding
from .cardgame import CardGame
from .events import Dealt
from .table import R, Table

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

#: :meth:`SeatView.bid_state`: (chance, mode, stake, put in, pool, multiplier, seats in, hand dealt).
BidState = tuple[str, str, Chips, Chips, Chips, int, int, Hand]


class SeatView:
    """A read-only window on ``game`` (a :class:`~hocdsl.engine.game.Game`) for ``seat``."""

    __slots__ = ("_g", "seat")

    def __init__(self, game: Table, seat: Seat) -> None:
        self._g = game
        self.seat = seat

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
    def need(self) -> Rank | None:
        """In the card game, the rank the next card must have; 0 when a sequence is to be led."""
        ph = self._g._phase
        return ph.need if type(ph) is CardGame else None

    @property
    def pools(self) -> dict[str, Chips]:
        return self._g.pools

    @property
    def multipliers(self) -> dict[str, int]:
        return self._g.multipliers

    @property
    def stake(self) -> Chips:
        """The most any seat has put in on the chance being bid (0 if none)."""
        ph = self._g._phase
        return ph.level if type(ph) is ChanceBidding else 0

    def put_in(self, seat: Seat) -> Chips:
        """What ``seat`` has put in by raises and calls on the chance being bid."""
        ph = self._g._phase
        return ph.put[seat] if type(ph) is ChanceBidding else 0

    @property
    def bidding_mode(self) -> str | None:
        """``open``, ``raised``, ``declaring`` or ``lone`` while a chance is bid, else None."""
        ph = self._g._phase
        return ph.mode_name if type(ph) is ChanceBidding else None

    @property
    def net(self) -> tuple[Chips, ...]:
        return self._g.net

    @property
    def pool(self) -> Chips:
        """Chips in the pool of the chance being bid now (0 outside the bidding)."""
        g = self._g
        ph = g._phase
        return g.ledger.pools[ph.pool.index] if ph is not None and hasattr(ph, "pool") else 0

    @property
    def multiplier(self) -> int:
        """The multiplier of the chance being bid now (1 outside the bidding)."""
        g = self._g
        ph = g._phase
        return ph.mult if ph is not None and hasattr(ph, "mult") else 1

    @property
    def in_bidding(self) -> tuple[Seat, ...]:
        """Seats that have not folded on the chance being bid."""
        ph = self._g._phase
        if type(ph) is not ChanceBidding:
            return ()
        return tuple(s for s in range(self._g.n) if not ph.folded[s])

    @property
    def last_player(self) -> Seat | None:
        """In the card game, who laid the last card."""
        ph = self._g._phase
        return ph.cur if type(ph) is CardGame else None

    def card_state(self) -> tuple[Hand, Rank, Hand, bool, Seat]:
        """The card game in one call, for bots: (this seat's hand, the rank needed
        (0: lead), the cards it may lay (bits), whether it may say "without", who
        laid the last card). Cards and "without" are as :meth:`card_options`."""
        g = self._g
        ph = g._phase
        s = self.seat
        if type(ph) is not CardGame:
            return g.hands[s], 0, 0, False, -1
        cg: CardGame = ph  # (named: compiled attribute reads)
        if g.to_act != s:
            return g.hands[s], cg.need, 0, False, cg.cur
        cards, without = cg.options()
        return g.hands[s], cg.need, cards, without, cg.cur

    def may_claim(self) -> bool:
        """In the card game, whether this seat has something to claim now
        (``must_claim``): ``Claim`` is then among its legal actions."""
        g = self._g
        ph = g._phase
        return type(ph) is CardGame and g.to_act == self.seat and bool(ph.owed)

    def bid_state(self) -> BidState | None:
        """The bidding in one call, for bots, while a chance is bid (else None):
        (chance, mode (``open``, ``raised``, ``declaring``, ``lone``), stake, what
        this seat has put in, the chance's pool, its multiplier, how many seats have
        not folded, this seat's hand as dealt)."""
        g = self._g
        ph = g._phase
        if type(ph) is not ChanceBidding:
            return None
        s = self.seat
        return (ph.chance, MODE_NAMES[ph.mode], ph.level, ph.put[s], g.ledger.pools[ph.pool.index],
                ph.mult, ph.folded.count(False), g.dealt[s])

    def declarations(self) -> tuple[Declaration, ...]:
        """The declarations this seat may make now, best first by the ruleset's
        comparison keys (the whole combinations it holds; while declaring, those
        that beat the best so far); () when none is legal or it is not its turn."""
        g = self._g
        ph = g._phase
        if type(ph) is not ChanceBidding or g.to_act != self.seat:
            return ()
        return ph.declarations()

    def card_options(self) -> tuple[Hand, bool]:
        """In the card game, this seat's legal actions as bits: (cards it may lay,
        whether it may say "without"); ``(0, False)`` when it is not its turn."""
        g = self._g
        ph = g._phase
        if type(ph) is not CardGame or g.to_act != self.seat:
            return (0, False)
        cg: CardGame = ph
        return cg.options()

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
        """Every event this seat saw: all but the other seats' :class:`Dealt`."""
        s = self.seat
        return [e for e in self._g.events if not (type(e) is Dealt and e.seat != s)]

    @property
    def unseen(self) -> Hand:
        """Cards this seat cannot see: the others' hands and the cards out of play."""
        from ..cards import FULL_PACK
        return FULL_PACK & ~self._g.hands[self.seat] & ~self._g.pile
