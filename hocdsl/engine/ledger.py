"""Chips in one hand: each seat's net and each chance's pool, every move an event.

The only way chips move in the engine is :meth:`Ledger.move`, so the sum of
the seats' nets and the pools never changes except by what the pools held
when the hand started (the conservation the property tests check).

(``x[i] = x[i] + n`` rather than ``x[i] += n``: compiled with mypyc, the first
adds two ints, the second calls Python's generic in-place addition.)
"""

from __future__ import annotations

from typing import Any

from ..cards import Chips, Seat
from .events import REFUND, ChipMove, Party, Pool


class Ledger:
    """Nets per seat and chips per pool (the ruleset's order) for one hand.

    ``taken``: per pool, the chips players took from it this hand (a vie stage's
    winner, a board card laid, going out at once; refunded antes are not taken),
    counted with or without ``record`` (the simulator's ``pool_take`` metrics).
    """

    __slots__ = ("net", "pools", "events", "record", "pool_objs", "taken")

    def __init__(self, players: int, pools: tuple[Chips, ...], events: list[Any], record: bool = True,
                 pool_objs: tuple[Pool, ...] = ()) -> None:
        self.net = [0] * players
        self.pools = list(pools)
        self.taken = [0] * len(self.pools)
        self.events = events
        self.record = record
        self.pool_objs = pool_objs

    def move(self, payer: Party, payee: Party, amount: Chips, reason: str, chance: str | None = None) -> None:
        """Move ``amount`` chips (a positive int) from ``payer`` to ``payee``; nothing for 0."""
        if amount <= 0:
            if amount == 0:
                return
            raise ValueError(f"a chip move needs a positive amount, not {amount}")
        # a Party is a seat (int) or a Pool; ``type(x) is int`` is the fastest test, and
        # mypy does not narrow the other branch on it: hence the ignores on the Pool branches
        if type(payer) is int:
            self.net[payer] = self.net[payer] - amount
        else:
            i = payer.index  # type: ignore[union-attr]
            self.pools[i] = self.pools[i] - amount
            if type(payee) is int and reason != REFUND:
                self.taken[i] = self.taken[i] + amount
        if type(payee) is int:
            self.net[payee] = self.net[payee] + amount
        else:
            j = payee.index  # type: ignore[union-attr]
            self.pools[j] = self.pools[j] + amount
        if self.record:
            self.events.append(ChipMove(payer, payee, amount, reason, chance))

    def seat_to_seat(self, payer: Seat, payee: Seat, amount: Chips, reason: str) -> None:
        """:meth:`move` between two seats (the settlement's hot path): ``payer`` pays
        ``payee`` ``amount``; nothing for 0."""
        if amount <= 0:
            self.move(payer, payee, amount, reason)  # nothing, or the error
            return
        net = self.net
        net[payer] = net[payer] - amount
        net[payee] = net[payee] + amount
        if self.record:
            self.events.append(ChipMove(payer, payee, amount, reason, None))

    def seat_to_pool(self, seat: Seat, pool: Pool, amount: Chips, reason: str) -> None:
        """``seat`` puts ``amount`` (> 0) into ``pool``: :meth:`move` for the bidding's hot path."""
        self.net[seat] = self.net[seat] - amount
        i = pool.index
        self.pools[i] = self.pools[i] + amount
        if self.record:
            self.events.append(ChipMove(seat, pool, amount, reason, pool.chance))

    def pay_each(self, payee: Seat, amount: Chips, reason: str, chance: str | None = None) -> None:
        """Every other seat pays ``payee`` ``amount``, in seat order."""
        net = self.net
        if not self.record and amount > 0:  # the same moves, without events to record
            for s in range(len(net)):
                if s != payee:
                    net[s] = net[s] - amount
            net[payee] = net[payee] + amount * (len(net) - 1)
            return
        for s in range(len(net)):
            if s != payee:
                self.move(s, payee, amount, reason, chance)

    def charge_each(self, payer: Seat, amount: Chips, reason: str) -> None:
        """``payer`` pays ``amount`` to every other seat, in seat order."""
        for s in range(len(self.net)):
            if s != payer:
                self.move(payer, s, amount, reason)

    def pool(self, pool_id: str) -> Chips:
        """Chips in the pool ``pool_id`` now."""
        for p in self.pool_objs:
            if p.id == pool_id:
                return self.pools[p.index]
        raise KeyError(f"no pool {pool_id!r}")


__all__ = ["Ledger", "Pool"]
