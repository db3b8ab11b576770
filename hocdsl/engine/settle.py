"""The ``settle`` stage: what the losers pay the first player out of cards.

It takes no action: when the card game ends it pays, in this order, each in
the order of the seats:

1. going out at once (``first_turn_out``, the opéra): ``takes-all-pools``
   -- the winner takes every pool (the Lindor's grand opéra); or
   ``losers-pay-double`` -- step 2 is doubled (the Nain jaune of 1760);
2. each loser pays the winner by ``losers_pay``: the schedule of cards left
   (Lalanne 002 §9.3), the points of his cards, or ``per_card`` a card;
3. ``held_charges``: for each named card a loser still holds, ``to_each`` to
   every other player and ``to_winner`` to the winner (the Comète's kings);
4. ``board_held: doubles-pool``: a player still holding a board card puts in
   its pool as much again as it holds (the Lindor).

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

from typing import TYPE_CHECKING, Any

from ..cards import hand_of
from ..pack import pack_of
from .events import (
    DOUBLING as R_DOUBLING, END_PAYMENT as R_END, HELD as R_HELD, OPERA as R_OPERA, pools_of,
)

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

SETTLE_STAGE = "settle"


class Settlement:
    """The settle phase of a :class:`~hocdsl.engine.game.Game` (no decisions)."""

    __slots__ = ("g", "st", "stage", "done")

    def __init__(self, g: Game, st: Any) -> None:
        self.g = g
        self.st = st
        self.stage = SETTLE_STAGE
        self.done = False

    def legal(self) -> tuple[Any, ...]:  # pragma: no cover - never the phase to act
        return ()

    def forced(self) -> Any:  # pragma: no cover
        return None

    def start(self) -> None:
        g = self.g
        st = self.st
        self.done = True
        w = g.card_winner
        if w is None:  # no card game was played
            return
        ledger = g.ledger
        n = g.n
        hands = g.hands
        factor = 1
        if g.first_turn_out:
            if st.first_turn_out == "takes-all-pools":
                for pool in pools_of(g.rules):
                    amount = ledger.pools[pool.index]
                    if amount:
                        ledger.move(pool, w, amount, R_OPERA, pool.id)
            elif st.first_turn_out == "losers-pay-double":
                factor = 2
        how = st.losers_pay
        pack = pack_of(g.rules) if how == "points" else None
        end_owed = [0] * n
        for t in range(n):
            if t == w:
                continue
            h = hands[t]
            if how == "schedule":
                owed = st.owed(h.bit_count())
            elif how == "points":
                owed = pack.points(h)  # type: ignore[union-attr]
            else:
                owed = st.per_card * h.bit_count()
            end_owed[t] = owed
            ledger.move(t, w, owed * factor, R_END)
        g.end_owed = tuple(end_owed)
        for charge in st.held_charges:
            bits = hand_of(charge.cards)
            for t in range(n):
                k = (hands[t] & bits).bit_count()
                if not k or t == w:
                    continue
                if charge.to_each:
                    for u in range(n):
                        if u != t:
                            ledger.move(t, u, charge.to_each * k, R_HELD)
                if charge.to_winner:
                    ledger.move(t, w, charge.to_winner * k, R_HELD)
        if st.board_held == "doubles-pool":
            for pr, pool in zip(g.rules.pools, pools_of(g.rules)):
                if pr.card is None:
                    continue
                for t in range(n):
                    if hands[t] >> pr.card & 1:
                        amount = ledger.pools[pool.index]
                        if amount:
                            ledger.move(t, pool, amount, R_DOUBLING, pool.id)
