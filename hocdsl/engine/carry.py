"""What one hand hands on to the next: pools, multipliers, consecutive all-passes.

A chance passed by everyone keeps its pool for the next hand (where
``rules.double_game.carry_pool``) and is played "double" there (Lalanne 002
§6); the triple-game extension goes on to 3 after a second consecutive
all-pass (002 §6, the author's proposal); what happens at the cap is
``rules.double_game.past_cap``. Values are per chance in
:data:`~hocdsl.rules.model.CHANCES` order (point, sequence, tricon) whatever
order the ruleset bids them in.

>>> c = Carry()
>>> c.pools, c.multipliers, c.passes
((0, 0, 0), (1, 1, 1), (0, 0, 0))
>>> c.pool("sequence")
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules.model import CHANCES

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

CHANCE_INDEX = {c: i for i, c in enumerate(CHANCES)}


@dataclass(frozen=True, slots=True)
class Carry:
    """The state carried from one hand to the next (a frozen value)."""

    pools: tuple[int, ...] = (0, 0, 0)  # chips left in each chance's pool
    multipliers: tuple[int, ...] = (1, 1, 1)  # 1 single game, 2 double, 3 triple
    passes: tuple[int, ...] = (0, 0, 0)  # consecutive hands the chance was passed by all

    def __post_init__(self) -> None:
        for name in ("pools", "multipliers", "passes"):
            v = getattr(self, name)
            if len(v) != len(CHANCES):
                raise ValueError(f"Carry.{name} needs one value per chance {CHANCES}, got {v!r}")
        if any(p < 0 for p in self.pools) or any(m < 1 for m in self.multipliers):
            raise ValueError(f"Carry: pools must be >= 0 and multipliers >= 1, got {self!r}")

    @classmethod
    def _of(cls, pools: tuple[int, ...], multipliers: tuple[int, ...], passes: tuple[int, ...]) -> Carry:
        """A Carry from values the engine has already checked (no validation: the
        end of every hand makes one)."""
        c = object.__new__(cls)
        _set_pools(c, pools)
        _set_multipliers(c, multipliers)
        _set_passes(c, passes)
        return c

    def pool(self, chance: str) -> int:
        """The chips carried in ``chance``'s pool."""
        return self.pools[CHANCE_INDEX[chance]]

    def multiplier(self, chance: str) -> int:
        """The multiplier ``chance`` is played at."""
        return self.multipliers[CHANCE_INDEX[chance]]

    @property
    def total(self) -> int:
        """Every chip in the pools."""
        return sum(self.pools)


_set_pools = Carry.pools.__set__
_set_multipliers = Carry.multipliers.__set__
_set_passes = Carry.passes.__set__

NO_CARRY = Carry()


def next_multiplier(current: int, rules: Ruleset) -> int:
    """The multiplier of a chance after a hand in which it was passed by everyone.

    One step up (single -> double, 002 §6; double -> triple with the
    triple-game extension) until ``rules.double_game.max_multiplier``; passed
    again at the cap it stays there (``past_cap: hold``) or starts over at 1
    (``past_cap: reset``).

    >>> from types import SimpleNamespace as NS
    >>> r = NS(double_game=NS(max_multiplier=2, past_cap="hold"))
    >>> [next_multiplier(m, r) for m in (1, 2)]
    [2, 2]
    >>> r.double_game.past_cap = "reset"
    >>> next_multiplier(2, r)
    1
    """
    dg = rules.double_game
    if current < dg.max_multiplier:
        return current + 1
    return dg.max_multiplier if dg.past_cap == "hold" else 1
