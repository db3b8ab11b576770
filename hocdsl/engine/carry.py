"""What one hand hands on to the next: pools, multipliers, consecutive all-passes.

One value per pool of the ruleset, in the order of its ``pools:``. A stake
passed by everyone keeps its pool for the next hand (where the pool's
``unclaimed`` is ``carries``) and is played "double" there (Lalanne 002 §6);
the triple-game extension goes on to 3 after a second consecutive all-pass
(002 §6, the author's proposal); what happens at the cap is
``rules.bidding.past_cap``. A board's pools carry what nobody took the same
way (their multiplier stays 1).

>>> c = Carry((0, 3, 0), (1, 2, 1), (0, 1, 0), ids=("point", "sequence", "tricon"))
>>> c.pool("sequence"), c.multiplier("sequence"), c.total
(3, 2, 3)
>>> Carry.fresh(("a", "b")).pools
(0, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import Chips

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset


@dataclass(frozen=True, slots=True)
class Carry:
    """The state carried from one hand to the next (a frozen value)."""

    pools: tuple[Chips, ...] = ()  # chips left in each pool
    multipliers: tuple[int, ...] = ()  # 1 single game, 2 double, 3 triple
    passes: tuple[int, ...] = ()  # consecutive hands the pool's stake was passed by all
    ids: tuple[str, ...] = field(default=(), compare=False)  # the pools' ids, when known

    def __post_init__(self) -> None:
        n = len(self.pools)
        if not self.multipliers:
            _set_multipliers(self, (1,) * n)
        if not self.passes:
            _set_passes(self, (0,) * n)
        for name in ("multipliers", "passes", "ids"):
            v = getattr(self, name)
            if v and len(v) != n:
                raise ValueError(f"Carry.{name} needs one value per pool ({n}), got {v!r}")
        if any(p < 0 for p in self.pools) or any(m < 1 for m in self.multipliers):
            raise ValueError(f"Carry: pools must be >= 0 and multipliers >= 1, got {self!r}")

    @classmethod
    def fresh(cls, ids: tuple[str, ...]) -> Carry:
        """Empty pools, single game: the carry before a partie's first hand."""
        n = len(ids)
        return cls._of((0,) * n, (1,) * n, (0,) * n, ids)

    @classmethod
    def _of(cls, pools: tuple[Chips, ...], multipliers: tuple[int, ...], passes: tuple[int, ...],
            ids: tuple[str, ...] = ()) -> Carry:
        """A Carry from values the engine has already checked (no validation: the
        end of every hand makes one)."""
        c = object.__new__(cls)
        _set_pools(c, pools)
        _set_multipliers(c, multipliers)
        _set_passes(c, passes)
        _set_ids(c, ids)
        return c

    def _index(self, pool: str) -> int:
        try:
            return self.ids.index(pool)
        except ValueError:
            raise KeyError(f"no pool {pool!r} in this carry ({', '.join(self.ids) or 'ids unknown'})") from None

    def pool(self, pool: str) -> Chips:
        """The chips carried in ``pool``."""
        return self.pools[self._index(pool)]

    def multiplier(self, pool: str) -> int:
        """The multiplier ``pool``'s stake is played at."""
        return self.multipliers[self._index(pool)]

    @property
    def total(self) -> Chips:
        """Every chip in the pools."""
        return sum(self.pools)


#: A slot's setter: frozen Carry values are filled through them.
_Setter = Callable[[Carry, tuple[Any, ...]], None]
_set_pools: _Setter = getattr(Carry, "pools").__set__
_set_multipliers: _Setter = getattr(Carry, "multipliers").__set__
_set_passes: _Setter = getattr(Carry, "passes").__set__
_set_ids: _Setter = getattr(Carry, "ids").__set__

#: No pools at all; a Game given it starts from empty pools of its ruleset.
NO_CARRY = Carry()


def next_multiplier(current: int, rules: Ruleset) -> int:
    """The multiplier of a stake after a hand in which it was passed by everyone.

    One step up (single -> double, 002 §6; double -> triple with the
    triple-game extension) until ``rules.bidding.max_multiplier``; passed
    again at the cap it stays there (``past_cap: hold``) or starts over at 1
    (``past_cap: reset``).

    >>> from types import SimpleNamespace as NS
    >>> r = NS(bidding=NS(max_multiplier=2, past_cap="hold"))
    >>> [next_multiplier(m, r) for m in (1, 2)]
    [2, 2]
    >>> r.bidding.past_cap = "reset"
    >>> next_multiplier(2, r)
    1
    """
    b = rules.bidding
    if b is None:
        return 1
    if current < b.max_multiplier:
        return current + 1
    return b.max_multiplier if b.past_cap == "hold" else 1
