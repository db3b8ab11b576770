"""Points scored per deal, as the simulator counts them: :class:`PointsTally`.

A deal's points (a trick won, a declaration good, the last trick: never chips) are
shared state of the hand, beside the ledger: every stage may score them, only through
:meth:`~.table.Table.score`, which keeps :attr:`~.table.Table.points` (per seat, this
deal) and appends a :class:`~.events.Scored` event when the hand is recorded. A
partie keeps each seat's running total (:attr:`~.partie.Partie.scores`), and
``table.partie_points`` ends it at a score.

The points belong to no one kind (tricks and declarations both score them), so their
tally is not a kind's: the simulator's layout adds it after the kinds' tallies
(:class:`hocdsl.sim.metrics.Layout`), and it counts only in a ruleset with a stage
of a kind that scores points (:attr:`.kinds.Kind.scores`); the Hoc's games score
none, and their reports do not change.

>>> from hocdsl.rules import load_ruleset
>>> PointsTally.of(load_ruleset("hoc-mazarin"), 3) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .kinds import KINDS
from .table import Table
from .tally import Quantities, Ratios, Tally

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset


def scores_points(rules: Ruleset) -> bool:
    """Whether a stage of ``rules`` is of a kind that scores points (:attr:`.kinds.Kind.scores`)."""
    return any(KINDS[st.kind].scores for st in rules.stages)


class PointsTally(Tally):
    """The points scored per deal, per seat position and per seat."""

    __slots__ = ("n", "pos", "seat", "names")

    legend = """With a stage that scores points (tricks, declarations: points, not chips):

- ``points_per_hand.<position>``: mean points scored per deal by the seat in that
  position (every score of the deal: the cards won, the last trick, a declaration).
- ``points_per_seat.<k>``: mean points per deal of seat ``k`` (1 to players).
"""

    def __init__(self, players: int) -> None:
        self.n = players
        self.pos: list[int] = []
        self.seat: list[int] = []
        self.names: tuple[str, ...] = ()

    @classmethod
    def of(cls, rules: Ruleset, players: int) -> PointsTally | None:
        return cls(players) if scores_points(rules) else None

    def quantities(self, section: str, q: Quantities) -> None:
        if section == "positions":
            self.names = q.positions
            self.pos = [q.add(f"points.{p}") for p in q.positions]
        elif section == "stages":
            self.seat = [q.add(f"points.seat{s}") for s in range(self.n)]

    def metrics(self, section: str, m: Ratios) -> None:
        if section == "positions":
            for p, i in zip(self.names, self.pos):
                m.ratio(f"points_per_hand.{p}", i, m.hands)
        elif section == "stages":
            for s, i in enumerate(self.seat):
                m.ratio(f"points_per_seat.{s + 1}", i, m.hands)

    def count(self, g: Table, y: list[int]) -> None:
        pts = g.points
        n = self.n
        eldest = g.eldest
        for s in range(n):
            v = pts[s]
            if v:
                p = s - eldest if s >= eldest else s - eldest + n
                _i = self.pos[p]
                y[_i] = y[_i] + v
                _i = self.seat[s]
                y[_i] = y[_i] + v
