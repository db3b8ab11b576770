"""The points of a partie settled in stakes: what the winner gains, once the partie is over.

A game that scores points (Piquet, Bezique: :meth:`~.table.Table.score`) keeps each player's
running total over a partie (:attr:`~.partie.Partie.scores`). Where the source settles those
points in chips, the ruleset says how, knob by knob, in its ``table`` section (all absent in a
game of chips, and this module then does nothing):

- ``table.points_per_chip``: the loser pays one chip for this many points of the game's value
  (the stake agreed "so much a point", "so much per hundred");
- ``table.points_rounding``: each total counted down to a multiple of it (Rubicon Bezique,
  law 57: fractions of a hundred disregarded);
- ``table.game_bonus``: the points added for the game (Rubicon Piquet 100, Bezique 500);
- ``table.least_difference``: a smaller difference counts as this (Bezique law 57: 100);
- ``table.rubicon``: the total a loser must reach not to be rubiconed (Piquet 100, Bezique
  1000); then ``table.rubiconed_counts`` (``sum``: both totals added, Piquet and Bezique law
  58), ``table.rubicon_bonus`` (in place of the game bonus: Piquet 100, Bezique 1300) and
  ``table.rubiconed_least`` (a rubiconed total counts at least this, Bezique law 59: 100);
- ``table.partie_ties``: equal totals void the game, or another deal is played
  (:class:`~.partie.Partie` reads it to go on).

The winner is the higher total as scored (not rounded); a rubicon is judged on the loser's
total as scored too. Points kept apart (a tricks stage's ``card_points_when: apart``: Rubicon
Bezique's brisques, law 56) count only where laws 60 and 61 say: equal totals are decided by
adding them (and, the loser not rubiconed, the game is reckoned with them added); a loser they
bring to the rubicon is not rubiconed, and both add theirs; otherwise they are left out. :func:`reckon` is the one rule, a pure function of the totals; the
partie moves the chips through the ledger of the deal that ends it (:func:`settle`), so the
chips a partie's settlement moves are conserved like every other.

Rubicon Piquet (eb1911-piq ¶1): totals 130 and 110, the winner gains the difference and 100
for the game; 130 and 90, the loser is rubiconed and the winner gains both totals and 100.

>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.rules.model import Pick
>>> from hocdsl.rules.variants import compose
>>> rubicon = compose(load_ruleset("piquet"), [Pick(reading="rubicon")])
>>> reckon(rubicon, (130, 110)).value, reckon(rubicon, (90, 130)).value
(120, 320)
>>> reckon(rubicon, (90, 130))
Reckoning(winner=1, loser=0, totals=(90, 130), rubiconed=True, value=320, chips=320, apart=None, added=False)
>>> reckon(load_ruleset("piquet"), (130, 110)) is None  # the game of 100: points only
True

Rubicon Bezique's worked examples (004, §Rubicon, "How the score is dealt with"), the
brisques apart: 1510 to 1240 is 1500 - 1200 + 500; 1550 to 1520, 100 + 500; 1320 to 620, the
loser rubiconed, 1300 + 600 + 1300:

>>> bez = load_ruleset("bezique-rubicon")
>>> [reckon(bez, t, (0, 0)).value for t in ((1510, 1240), (1550, 1520), (1320, 620))]
[800, 600, 3200]
>>> r = reckon(bez, (1320, 900), (200, 120))  # law 60: 900 + 120 saves the rubicon
>>> r.rubiconed, r.totals, r.value
(False, (1520, 1020), 1000)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..cards import Seat

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset
    from .ledger import Ledger

#: Chip-move reasons of the settlement (``ChipMove.reason``): the game won, the loser saving
#: the rubicon or not. Not a stage kind's: the partie's, told by the narrator itself.
GAME: Final = "game"
RUBICON: Final = "rubicon"
#: reason -> (English, French), for the narrator and the transcripts
REASON_WORDS: Final = {GAME: ("the game", "la partie"),
                       RUBICON: ("the game, rubiconed", "la partie, avec le rubicon")}


@dataclass(frozen=True, slots=True)
class Reckoning:
    """What a partie's points come to: ``winner`` gains ``value`` points (``chips`` chips) from
    ``loser``; ``totals`` per seat as scored; ``rubiconed``: the loser did not reach the
    rubicon. ``winner`` and ``loser`` are None when the totals are equal (the game is void)."""

    winner: Seat | None
    loser: Seat | None
    totals: tuple[int, ...]
    rubiconed: bool
    value: int
    chips: int
    #: the points kept apart per seat (None: none kept), and whether they were added to the
    #: totals reckoned (then ``totals`` include them)
    apart: tuple[int, ...] | None = None
    added: bool = False


def settles_points(rules: Ruleset) -> bool:
    """Whether ``rules`` settles the points of a partie in chips (``table.points_per_chip``)."""
    return rules.table.points_per_chip is not None


def reckon(rules: Ruleset, totals: Sequence[int], apart: Sequence[int] | None = None) -> Reckoning | None:
    """The value of the game for the partie's ``totals`` (two players), by the ruleset's
    settlement knobs; None when it settles no points in chips. ``apart``: the points each
    kept apart (see the module's docstring). Equal totals, even with those: a void game
    (value 0)."""
    t = rules.table
    per = t.points_per_chip
    if per is None:
        return None
    scored = tuple(totals)
    if len(scored) != 2:
        raise ValueError(f"points are settled in chips between two players, not {len(scored)}")
    kept = tuple(apart) if apart is not None and any(apart) else None
    both = tuple(a + b for a, b in zip(scored, kept)) if kept is not None else scored
    rubicon = t.rubicon
    added = False
    if scored[0] == scored[1]:  # law 61: the points apart decide
        if both[0] == both[1]:
            return Reckoning(None, None, both, False, 0, 0, kept, kept is not None)
        winner = 0 if both[0] > both[1] else 1
        added = not (rubicon is not None and scored[1 - winner] < rubicon)
    else:
        winner = 0 if scored[0] > scored[1] else 1
    loser = 1 - winner
    rubiconed = rubicon is not None and scored[loser] < rubicon
    if rubiconed and kept is not None and rubicon is not None and both[loser] >= rubicon:
        rubiconed, added = False, True  # law 60: the points apart save the rubicon
    if added:
        scored = both
    step = t.points_rounding or 1
    won, lost = scored[winner] // step * step, scored[loser] // step * step
    if rubiconed and t.rubiconed_counts == "sum":
        value = won + max(lost, t.rubiconed_least or 0) + (t.rubicon_bonus or 0)
    else:
        bonus = t.rubicon_bonus if rubiconed else t.game_bonus
        value = max(won - lost, t.least_difference or 0) + (bonus or 0)
    return Reckoning(winner, loser, scored, rubiconed, value, value // per, kept, added)


def settle(rules: Ruleset, totals: Sequence[int], ledger: Ledger,
           apart: Sequence[int] | None = None) -> Reckoning | None:
    """Settle the partie's ``totals`` in chips through ``ledger`` (the last deal's): the loser
    pays the winner :attr:`Reckoning.chips`, for :data:`GAME` or :data:`RUBICON`. Returns
    the reckoning (None: the ruleset settles no points in chips)."""
    r = reckon(rules, totals, apart)
    if r is not None and r.winner is not None and r.loser is not None:
        ledger.seat_to_seat(r.loser, r.winner, r.chips, RUBICON if r.rubiconed else GAME)
    return r


__all__ = ["GAME", "RUBICON", "REASON_WORDS", "Reckoning", "settles_points", "reckon", "settle"]
