"""What a game is played for, and so which outcomes are its key metrics.

The Hoc's games move chips: the outcome a reader cares about first is who wins chips at which
place (``net_per_hand.<position>``), then how much of a gamble a hand is
(``sd_net_per_hand``) and how long (``turns_per_hand``). Piquet and Bezique score points and
move no chip, unless the ruleset settles the points of a partie in chips
(``table.points_per_chip``: Rubicon Piquet): their first outcome is who scores points at which
place (``points_per_hand.<position>``), and where chips move too, the chips after it.

:func:`played_for` reads it from the rulesets, and every command that ranks or describes
outcomes (``hoc readings``, ``hoc diff`` and its closing sentences, ``hoc sweep``, ``hoc
report``) asks it for its key metrics (:meth:`PlayedFor.key_metrics`) instead of naming them.

>>> from hocdsl.rules import load_ruleset
>>> played_for(load_ruleset("hoc-mazarin")), played_for(load_ruleset("piquet"))
(PlayedFor(points=False, chips=True), PlayedFor(points=True, chips=False))
>>> played_for(load_ruleset("piquet")).key_metrics(2)
('points_per_hand.eldest', 'points_per_hand.dealer', 'turns_per_hand')
>>> CHIPS.key_metrics(3)
('net_per_hand.eldest', 'net_per_hand.second', 'net_per_hand.dealer', 'sd_net_per_hand', 'turns_per_hand')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .rules.model import Ruleset

__all__ = ["PlayedFor", "CHIPS", "POINTS", "played_for", "NET", "POINTS_PER_HAND", "SPREAD", "LENGTH"]

#: The metric families of the outcomes: per position, chips and points; the spread of a
#: player's chips per hand; the length of a hand.
NET = "net_per_hand"
POINTS_PER_HAND = "points_per_hand"
SPREAD = "sd_net_per_hand"
LENGTH = "turns_per_hand"


@dataclass(frozen=True, slots=True)
class PlayedFor:
    """What a game (or two compared) is played for: ``points`` scored (a stage of a kind that
    scores them), ``chips`` moved (every game of chips, and a game of points that settles
    them in chips)."""

    points: bool
    chips: bool

    @property
    def families(self) -> tuple[str, ...]:
        """The per-position families, the first the lead: points before chips."""
        return ((POINTS_PER_HAND,) if self.points else ()) + ((NET,) if self.chips else ())

    def key_metrics(self, players: int) -> tuple[str, ...]:
        """The key metrics at ``players``: each family by position, the spread of the chips
        (where chips move), the hand's length."""
        from .sim.metrics import positions

        out = tuple(f"{f}.{p}" for f in self.families for p in positions(players))
        return out + ((SPREAD,) if self.chips else ()) + (LENGTH,)

    def is_key(self, metric: str) -> bool:
        """A key metric at any number of players."""
        family = metric.partition(".")[0]
        return (family in self.families and "." in metric) or metric == LENGTH or (
            self.chips and metric == SPREAD)

    def __or__(self, other: PlayedFor) -> PlayedFor:
        return PlayedFor(self.points or other.points, self.chips or other.chips)


#: A game of chips (every game of the Hoc's family), and a game of points alone.
CHIPS = PlayedFor(points=False, chips=True)
POINTS = PlayedFor(points=True, chips=False)


def played_for(*rulesets: Ruleset) -> PlayedFor:
    """What ``rulesets`` are played for, together (two compared: either's): points where a
    stage scores them; chips where the ruleset has pools, settles its points in chips, or
    scores no points (a game of chips)."""
    from .engine.scores import scores_points
    from .engine.stakes import settles_points

    out = PlayedFor(False, False)
    for rules in rulesets:
        points = scores_points(rules)
        chips = not points or bool(rules.pools) or settles_points(rules)
        out = out | PlayedFor(points, chips)
    return out if rulesets else CHIPS
