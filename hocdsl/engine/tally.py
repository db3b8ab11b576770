"""What a stage kind counts for the simulator: its quantities, its metrics, one hand's count.

The simulator (:mod:`hocdsl.sim`) adds integers per hand to *quantities* and
reports *metrics*, ratios of their sums. What every ruleset has (each seat's
net, the pools, the dealt hands' longest suit, the turns) it counts itself;
the rest belongs to a stage kind, whose :class:`Tally` (registered with the
kind in :mod:`.kinds`) adds its quantities to the layout, names its metrics,
and counts one finished hand from what its stages reported
(:attr:`.table.Table.results`). So a new kind brings its own metrics, with no
edit to the simulator.

The layout asks every kind at the same places, the *sections* of a report,
in this order (and, within a section, the kinds in the order :data:`.kinds.KINDS`
lists them):

- ``positions``: metrics per seat position, after ``net_per_hand.<position>``;
- ``stages``: after ``net_per_seat.<k>``, before the pools;
- ``pools``: after the pools' own metrics;
- ``dealt``: counted on the dealt hands, before their longest suit;
- ``play``: after the dealt hands, before the turns.

>>> q = Quantities(3, ("eldest", "second", "dealer"), 12)
>>> q.add("hands"), q.add("wins.eldest"), q.find("wins.eldest")
(0, 1, 1)
>>> m = Ratios()
>>> m.ratio("win_rate.eldest", 1, 0); m.ratio("absent", None, 0); m.out
[('win_rate.eldest', 1, 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final, TypeVar

from .table import Table

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

#: The sections of the simulator's report, in order (see the module's docstring).
SECTIONS: Final = ("positions", "stages", "pools", "dealt", "play")

T = TypeVar("T", bound="StageTally")


def stage_index(rules: Ruleset, kind: str) -> int:
    """The index among ``rules.stages`` of the first stage of ``kind`` (-1: none), where
    a tally reads that stage's result (:attr:`.table.Table.results`).

    >>> from hocdsl.rules import load_ruleset
    >>> stage_index(load_ruleset("hoc-mazarin"), "stops"), stage_index(load_ruleset("lindor"), "vie")
    (4, -1)
    """
    for i, st in enumerate(rules.stages):
        if st.kind == kind:
            return i
    return -1


class Quantities:
    """The quantities of a layout as they are added: each a name and an index in ``y``.
    ``players``, ``positions`` (eldest first, dealer last) and ``hand_size`` are the
    table's."""

    __slots__ = ("names", "players", "positions", "hand_size", "_index")

    def __init__(self, players: int, positions: tuple[str, ...], hand_size: int) -> None:
        self.names: list[str] = []
        self.players = players
        self.positions = positions
        self.hand_size = hand_size
        self._index: dict[str, int] = {}

    def add(self, name: str) -> int:
        """A new quantity ``name``: its index."""
        i = len(self.names)
        self.names.append(name)
        self._index[name] = i
        return i

    def find(self, name: str) -> int:
        """The index of a quantity added before (by this kind or another): a metric
        may divide by another kind's count (KeyError if there is none)."""
        return self._index[name]


class Ratios:
    """The metrics a kind reports, as ``(name, numerator, denominator)`` quantity
    indices, in order; a ratio with a missing part (None) is left out. ``hands`` and
    ``player_hands`` are the indices of the two counts most metrics divide by (hands
    played; hands times players)."""

    __slots__ = ("out", "hands", "player_hands")

    def __init__(self, hands: int = 0, player_hands: int = 1) -> None:
        self.out: list[tuple[str, int, int]] = []
        self.hands = hands
        self.player_hands = player_hands

    def ratio(self, name: str, num: int | None, den: int | None) -> None:
        """Report ``name``: the sum of ``num`` over the sum of ``den``."""
        if num is not None and den is not None:
            self.out.append((name, num, den))


class Tally:
    """What one stage kind counts for the simulator, made once per ruleset and number
    of players (:meth:`of`: None when the ruleset gives that kind nothing to count).
    Every hook does nothing unless the kind overrides it.

    ``legend`` (a class attribute) is the kind's part of the metrics' documentation
    (:mod:`hocdsl.sim.metrics`): a title and one item per metric.
    """

    __slots__ = ()

    legend: ClassVar[str] = ""

    @classmethod
    def of(cls, rules: Ruleset, players: int) -> Tally | None:
        """The kind's tally for ``rules`` at a table of ``players`` (None: nothing to count)."""
        return None

    def quantities(self, section: str, q: Quantities) -> None:
        """Add this kind's quantities of ``section`` to ``q`` (keeping their indices)."""

    def metrics(self, section: str, m: Ratios) -> None:
        """Report this kind's metrics of ``section`` to ``m``, over its quantities."""

    def count(self, g: Table, y: list[int]) -> None:
        """Add one finished hand ``g`` to the quantities ``y`` (the simulator's hot path:
        read what the stages reported, :attr:`Table.results`, and nothing slow)."""

    def distributions(self, sums: Sequence[int], out: dict[str, dict[str, int]]) -> None:
        """Add raw counts to the simulation's ``distributions`` from ``sums`` (the
        quantities summed over every hand, indexed as laid out)."""


class StageTally(Tally):
    """A tally that counts what the first stage of its ``kind`` reported, the
    stage at index ``at`` among the ruleset's (:func:`stage_index`), where
    :meth:`count` reads its result (``g.results[self.at]``): a kind sets ``kind``
    (a class attribute, its name in :data:`.kinds.KINDS`) and :meth:`of` makes
    its tally, or None for a ruleset without such a stage. A subclass that keeps
    more sets it in its own ``__init__(at)`` after calling this one."""

    __slots__ = ("at",)

    kind: ClassVar[str] = ""

    def __init__(self, at: int) -> None:
        self.at = at  # the index of the kind's stage among the ruleset's stages

    @classmethod
    def of(cls: type[T], rules: Ruleset, players: int) -> T | None:
        """The kind's tally for ``rules`` (None without a stage of ``kind``)."""
        at = stage_index(rules, cls.kind)
        return cls(at) if at >= 0 else None
