"""A game record as read from its file: frozen values that remember where
each piece was written (line and column), so replay errors point into the file.

See docs/records.md for the format. A record is independent of any ruleset
until it is replayed: hands are card sets, announcements are text; the hand
size, the vocabulary and the legality of each announcement are checked by
:func:`~hocdsl.records.replay.replay_record` under the ruleset chosen then.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

Mark = tuple[int, int]  # 1-based (line, column) in the record file

#: The longest name of a player in a record, and at the table (``hoc play --name``): a name
#: or two, as a record of a real game writes it ("Mlle de Montpensier" is 19).
MAX_NAME = 40

#: How a false "without" (002 §9.1: holding the card) is treated on replay.
FALSE_WITHOUT = ("error", "penalty")


@dataclass(frozen=True, slots=True)
class Announcement:
    """One line of ``announcements``: ``"Name: text"`` (or ``{Name: text}``).

    ``at`` is where the YAML node starts; ``text_at`` where the text after
    ``Name:`` starts in the file (for placing a parser caret), when known.
    """

    player: str
    text: str
    at: Mark
    text_at: Mark

    @property
    def said(self) -> str:
        return f"{self.player}: {self.text}"


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal: who dealt, what each player held, what was said in order."""

    number: int  # 1-based
    dealer: str
    hands: Mapping[str, int]  # player -> cards dealt (a bitset)
    announcements: tuple[Announcement, ...]
    expect: Mapping[str, Mapping[str, int]]  # ruleset key -> player -> net, worked by hand
    notes: str | None
    at: Mark  # the deal's mapping
    dealer_at: Mark
    hands_at: Mark
    hand_at: Mapping[str, Mark]  # player -> the node of his hand
    expect_at: Mapping[str, Mark] = field(default_factory=lambda: MappingProxyType({}))
    end_at: Mark | None = None  # where the announcements end (for "the record ends early")
    #: ruleset key -> player -> points scored in the deal, worked by hand (``points:``; empty: not checked)
    points: Mapping[str, Mapping[str, int]] = field(default_factory=lambda: MappingProxyType({}))
    points_at: Mapping[str, Mark] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class Record:
    """A whole record: the ruleset it was written for, the players, the deals.

    ``ruleset`` is a bundled name or a path (a path relative to the record's
    directory); ``with_`` the extensions. ``stake`` overrides the ruleset's
    starting stake. ``false_without`` is ``"error"`` (default: a false
    "without" stops the replay) or ``"penalty"`` (it is charged the ruleset's
    penalty, as at a real table, 002 §9.1).
    """

    file: str
    ruleset: str | None
    with_: tuple[str, ...]
    players: tuple[str, ...]
    deals: tuple[DealRecord, ...]
    stake: int | None = None
    title: str | None = None
    notes: str | None = None
    false_without: str = "error"
    ruleset_at: Mark = (1, 1)
    players_at: Mark = (1, 1)
    with_at: Mark = (1, 1)
    directory: str | None = None  # the record file's directory, for relative ruleset paths

    def seat(self, player: str) -> int:
        return self.players.index(player)
