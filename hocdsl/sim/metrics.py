"""The simulator's metrics: what is counted per hand, and what is reported (the text
of this module is assembled below: :data:`_SHARED`, each kind's legend, :data:`_ALWAYS`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.kinds import KINDS
from ..engine.scores import PointsTally
from ..engine.tally import Quantities, Ratios, Tally

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

_SHARED = """The simulator's metrics: what is counted per hand, and what is reported.

Per hand the simulator adds integers to *quantities* (chips, counts, 0/1
events); a *metric* is a ratio of two quantity sums (or, for the standard
deviation, a function of three). Which metrics there are depends on the
ruleset (its stages, pools) and on the number of players. What every ruleset
has is counted here; each stage kind counts its own part (its
:class:`~hocdsl.engine.tally.Tally`, registered with the kind in
:mod:`hocdsl.engine.kinds`), and this text is assembled from their legends.
Names and meanings (also in the README):

Per seat position -- ``eldest`` (first to speak and play), then ``second``,
``third``, ... in the direction of play, and ``dealer`` (the last; with two
players the eldest and the dealer only):

- ``net_per_hand.<position>``: mean chips won (+) or lost (-) per hand by the
  seat in that position (every chip move of the hand: antes, raises, pools,
  payments, hocs, end payment). The positional advantage.
- ``net_per_seat.<k>``: mean chips per hand of seat ``k`` (1 to players, counted as
  ``hoc play --seat`` counts them; the seats rotate
  through the positions; with different bots per seat, how each bot fares).

Per pool ``p``, by its pool id (``rules.pools``):

- ``pool_taken_rate.p``: share of hands in which a player takes chips from
  pool ``p`` (a vie stage's winner, a board card laid, going out at once;
  antes refunded are not taken).
- ``pool_take.p``: mean chips taken from it, over the hands in which it is
  taken.
- ``pool_left.p``: mean chips left in it at the end of a hand, carried to the
  next deal (a box nobody took; a pool passed by all).

The dealt hands:

- ``longest_suit_mean``: mean length of a dealt hand's longest suit.

"""

_ALWAYS = """Always:

- ``turns_per_hand``: mean actions per hand (every announcement and card,
  forced ones included: a "without" with nothing to lay counts).
- ``decisions_per_hand``: mean actions per hand that were real choices.
- ``sd_net_per_hand``: standard deviation of one player's chips won or lost
  per hand (all seats pooled): how much of a gamble the variant is.
"""

__doc__ = "\n".join([_SHARED] + [k.tally.legend for k in KINDS.values() if k.tally.legend]
                    + [PointsTally.legend, _ALWAYS])

#: The names of the seats after the eldest, in the direction of play, up to
#: eight players; the last seat is always the dealer.
ORDINALS = ("eldest", "second", "third", "fourth", "fifth", "sixth", "seventh")


def positions(players: int) -> tuple[str, ...]:
    """The seat positions of a table of ``players``, eldest first, dealer last.

    >>> positions(2), positions(4)
    (('eldest', 'dealer'), ('eldest', 'second', 'third', 'dealer'))
    """
    if not 2 <= players <= len(ORDINALS) + 1:
        raise ValueError(f"{players} players: the simulator seats 2 to {len(ORDINALS) + 1}")
    return ORDINALS[:players - 1] + ("dealer",)


@dataclass(frozen=True)
class Metric:
    """A reported metric: ``kind`` ``ratio`` (``args = (num, den)``) or ``sd``
    (``args = (sum of squares, sum, den)``), over quantity indices."""

    name: str
    kind: str
    args: tuple[int, ...]


class Layout:
    """The quantities counted per hand for ``players`` under ``rules``, their
    indices, and the metrics made of them. The shared quantities are here (each
    seat's net, the pools, the longest suit dealt, the turns); each stage kind of
    the ruleset adds its own through its tally (``tallies``, in the order of
    :data:`~hocdsl.engine.kinds.KINDS`), at its section's place
    (:data:`hocdsl.engine.tally.SECTIONS`)."""

    def __init__(self, rules: Ruleset, players: int) -> None:
        self.rules = rules
        self.players = players
        size = rules.hand_size(players)
        self.hand_size = size
        pos = positions(players)
        self.positions = pos
        made = [kind.tally.of(rules, players) for kind in KINDS.values()]
        made.append(PointsTally.of(rules, players))  # the points of a game that scores any
        self.tallies: tuple[Tally, ...] = tuple(t for t in made if t is not None)
        qs = Quantities(players, pos, size)
        q = qs.add

        def section(name: str) -> None:
            for t in self.tallies:
                t.quantities(name, qs)

        self.HANDS = q("hands")
        self.PLAYER_HANDS = q("player_hands")
        self.NET_POS = [q(f"net.{p}") for p in pos]
        self.NET_SEAT = [q(f"net.seat{s}") for s in range(players)]
        self.NET_SUM = q("net_sum")
        self.NET_SQ = q("net_sq")
        section("positions")
        section("stages")
        self.pool_ids = rules.pool_ids
        self.POOL_TAKEN = [q(f"pool_taken.{p}") for p in self.pool_ids]
        self.POOL_TAKE = [q(f"pool_take.{p}") for p in self.pool_ids]
        self.POOL_LEFT = [q(f"pool_left.{p}") for p in self.pool_ids]
        section("pools")
        section("dealt")
        self.LONGEST = q("longest_suit")
        section("play")
        self.TURNS = q("turns")
        self.DECISIONS = q("decisions")
        self.names = tuple(qs.names)
        self.size = len(self.names)
        self.metrics = self._metrics()


    def __reduce__(self) -> tuple[type[Layout], tuple[Ruleset, int]]:
        """Sent to a worker process (``--jobs``, ``--cluster``) as its ruleset and players, and
        made again there: the kinds' tallies are compiled classes, which pickle cannot copy."""
        return (Layout, (self.rules, self.players))
    def _metrics(self) -> tuple[Metric, ...]:
        H, PH = self.HANDS, self.PLAYER_HANDS
        ms: list[Metric] = []

        def ratio(name: str, num: int, den: int) -> None:
            ms.append(Metric(name, "ratio", (num, den)))

        def section(name: str) -> None:
            r = Ratios(H, PH)
            for t in self.tallies:
                t.metrics(name, r)
            for m_name, num, den in r.out:
                ratio(m_name, num, den)

        for p, i in zip(self.positions, self.NET_POS):
            ratio(f"net_per_hand.{p}", i, H)
        section("positions")
        for s, i in enumerate(self.NET_SEAT):
            ratio(f"net_per_seat.{s + 1}", i, H)  # seats counted from 1, as `hoc play --seat`
        section("stages")
        for p, taken, take in zip(self.pool_ids, self.POOL_TAKEN, self.POOL_TAKE):
            ratio(f"pool_taken_rate.{p}", taken, H)
            ratio(f"pool_take.{p}", take, taken)
        for p, left in zip(self.pool_ids, self.POOL_LEFT):
            ratio(f"pool_left.{p}", left, H)
        section("pools")
        section("dealt")
        ratio("longest_suit_mean", self.LONGEST, PH)
        section("play")
        ratio("turns_per_hand", self.TURNS, H)
        ratio("decisions_per_hand", self.DECISIONS, H)
        ms.append(Metric("sd_net_per_hand", "sd", (self.NET_SQ, self.NET_SUM, PH)))
        return tuple(ms)

    def distributions(self, sums: list[int]) -> dict[str, dict[str, int]]:
        """Raw counts from the quantities summed over every hand (``sums``, laid out as
        here): what each kind adds (losers by cards left, by end payment...)."""
        out: dict[str, dict[str, int]] = {}
        for t in self.tallies:
            t.distributions(sums, out)
        return out

    def pairs(self, offsets: tuple[int, ...] = (0,)) -> list[tuple[int, int]]:
        """The pair sums the metrics need; with ``offsets`` (0, size) for a paired
        comparison, the pairs within and across the two copies of each metric."""
        out = set()
        for m in self.metrics:
            idx = [o + a for o in offsets for a in m.args]
            for x in idx:
                for y in idx:
                    if x <= y:
                        out.add((x, y))
        return sorted(out)
