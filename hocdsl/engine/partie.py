"""A partie: hands one after another, with the deal passing round and the
pools and multipliers carried from each hand to the next.

Each player starts with ``rules.table.starting_stake`` (Lalanne 002 §2: 20
chips and 8 tokens of 10). The first dealer is given or drawn
(``rules.deal.first_dealer``); the next is chosen by
``rules.deal.dealer_rotation`` (``next-in-turn``: the deal passes in the
direction of play, so the eldest of one hand deals the next; ``stays``).
The partie ends after ``max_hands`` hands, or -- where
``rules.table.insolvency`` is ``stop-partie`` -- at the end of a hand that
leaves a player below nothing; under ``play-on`` balances may go negative.

Records give each deal's dealer and hands (``deal(dealer=..., hands=...)``);
a simulator lets the partie deal from its rng (``deal()``).

>>> import random
>>> from hocdsl.rules import load_ruleset
>>> p = Partie(load_ruleset("hoc-mazarin"), ["Anne", "Blaise"], dealer=1, max_hands=1)
>>> g = p.deal(hands=[
...     "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H",
...     "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 2C"])
>>> g.eldest
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..rules.model import Ruleset
from .carry import NO_CARRY, Carry
from .game import Game
from .setup import draw_dealer, seat_count


class Partie:
    """A sequence of hands (:class:`Game`) sharing balances, pools and multipliers."""

    __slots__ = (
        "rules", "n", "names", "rng", "max_hands", "strict", "record", "auto_forced",
        "_balances", "_carry", "hands_played", "game", "_booked", "_first_dealer", "_last_dealer",
    )

    def __init__(
        self,
        rules: Ruleset,
        players: int | Sequence[str] = 3,
        *,
        rng: random.Random | None = None,
        dealer: int | None = None,
        max_hands: int | None = None,
        strict: bool = True,
        record: bool = True,
        auto_forced: bool = False,
        carry: Carry | None = None,
        balances: Sequence[int] | None = None,
    ) -> None:
        n = seat_count(players)
        rules.hand_size(n)  # a player count the ruleset does not allow is an error now
        self.rules = rules
        self.n = n
        self.names = (tuple(f"seat {i}" for i in range(n)) if isinstance(players, int)
                      else tuple(players))
        self.rng = rng
        self.max_hands = max_hands
        self.strict = strict
        self.record = record
        self.auto_forced = auto_forced
        self._balances = list(balances) if balances is not None else [rules.table.starting_stake] * n
        if len(self._balances) != n:
            raise ValueError(f"{len(self._balances)} balances for {n} players")
        self._carry = carry if carry is not None else NO_CARRY
        self.hands_played = 0
        self.game: Game | None = None
        self._booked = True
        if dealer is None and rng is not None:
            dealer = draw_dealer(rules, n, rng)  # 002 §2: the lowest card deals first
        self._first_dealer = dealer
        self._last_dealer: int | None = None

    # ------------------------------------------------------------ hands ----

    def _book(self) -> None:
        g = self.game
        if g is not None and not self._booked and g.is_over:
            for s, v in enumerate(g.ledger.net):
                self._balances[s] += v
            self._carry = g.carry_out
            self.hands_played += 1
            self._last_dealer = g.dealer
            self._booked = True

    @property
    def next_dealer(self) -> int | None:
        """Who deals the next hand by ``rules.deal.dealer_rotation`` (None: not known yet)."""
        self._book()
        if self._last_dealer is None:
            return self._first_dealer
        if self.rules.deal.dealer_rotation == "stays":
            return self._last_dealer
        return (self._last_dealer + 1) % self.n

    def deal(self, dealer: int | None = None, hands: Sequence[int | str] | None = None,
             **game_options: Any) -> Game:
        """Start the next hand and return it. ``dealer`` and ``hands`` as a record
        gives them; by default the rotation's dealer and a deal from the rng."""
        self._book()
        if self.game is not None and not self.game.is_over:
            raise RuntimeError("the current hand is not over")
        if self.is_over:
            raise RuntimeError("the partie is over")
        if dealer is None:
            dealer = self.next_dealer
            if dealer is None:
                raise ValueError("the first dealer is not known: give dealer= or an rng to draw")
        opts = dict(strict=self.strict, record=self.record, auto_forced=self.auto_forced)
        opts.update(game_options)
        g = Game(self.rules, self.names, dealer=dealer, hands=hands, rng=self.rng,
                 carry=self._carry, **opts)
        self.game = g
        self._booked = False
        return g

    # ------------------------------------------------------------ state ----

    @property
    def balances(self) -> tuple[int, ...]:
        """Each player's chips after the hands finished so far."""
        self._book()
        return tuple(self._balances)

    @property
    def carry(self) -> Carry:
        """Pools, multipliers and all-pass counts handed on to the next hand."""
        self._book()
        return self._carry

    @property
    def insolvent(self) -> tuple[int, ...]:
        """Seats whose balance is below nothing."""
        return tuple(s for s, b in enumerate(self.balances) if b < 0)

    @property
    def is_over(self) -> bool:
        """True after ``max_hands`` hands, or (``stop-partie``) after a hand leaving a
        player below nothing."""
        self._book()
        if self.game is not None and not self.game.is_over:
            return False
        if self.max_hands is not None and self.hands_played >= self.max_hands:
            return True
        return self.rules.table.insolvency == "stop-partie" and any(b < 0 for b in self._balances)
