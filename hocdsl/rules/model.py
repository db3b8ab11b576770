"""The resolved ruleset: one frozen object per variant, every knob explicit.

A ruleset file is YAML; the loader (:mod:`hocdsl.rules.loader`) validates it,
applies ``extends:`` and ``--with`` extensions, and builds a :class:`Ruleset`.
Nothing after the loader sees YAML. The engine reads plain values
(``rules.bidding.raise_cap`` is an ``int``); where each value came from is
kept beside them in ``rules.provenance``, keyed by the knob's path
(``"bidding.raise_cap"``).

Each section below is a stage of the game and each field a *knob*: a point on
which the sources speak, disagree, or are silent. The YAML file has the same
shape, and every knob in it is written ``{value: ..., source: "<id> §<section>"}``
or ``{value: ..., editorial: "<why>"}``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, Literal, Mapping

CHANCES = ("point", "sequence", "tricon")
Chance = Literal["point", "sequence", "tricon"]


# ------------------------------------------------------------ provenance ----


@dataclass(frozen=True, slots=True)
class Source:
    """One entry of a ruleset's ``sources:`` block."""

    id: str
    citation: str
    file: str | None = None  # file name under ../shared/sources/, when it comes from there
    language: str | None = None
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a knob's value comes from: a source and section, or an editorial note.

    Exactly one of ``source`` and ``editorial`` is set. ``declared_in`` is the
    ruleset (or extension) file whose YAML set the value: under ``extends:``
    it tells inherited values from overridden ones.
    """

    source: str | None = None  # a source id from the sources: block
    section: str | None = None  # e.g. "§5.2", as written after the id
    editorial: str | None = None  # why, when no source settles it
    note: str | None = None  # free text a historian adds
    declared_in: str | None = None  # ruleset or extension name
    line: int | None = None  # line of the knob in that file

    def cite(self) -> str:
        """The provenance in one line: ``lalanne §5.2`` or ``editorial: ...``."""
        if self.source is not None:
            return f"{self.source} {self.section}".strip() if self.section else self.source
        return f"editorial: {self.editorial}"


# ------------------------------------------------------------ the table ----


@dataclass(frozen=True, slots=True)
class Table:
    """Players, the deal, seating, stakes: what is settled before the first hand."""

    hand_size: Mapping[int, int]  # players -> cards dealt to each (2 -> 15, 3 -> 12)
    rank_order: Literal["king-high-ace-low"]
    court_value: int  # point value of a king, queen or jack (10)
    ace_value: int  # point value of an ace (1); pips count their face value
    direction: Literal["anticlockwise", "clockwise"]  # the way speech and play go round
    first_dealer: Literal["lowest-card-deals", "highest-card-deals"]
    draw_ties: Literal["redraw"]  # players tied on the deciding card when drawing for the deal
    dealer_rotation: Literal["next-in-turn", "stays"]  # who deals the next hand
    starting_stake: int  # chips each player starts a partie with (20 + 8 x 10 = 100)
    insolvency: Literal["stop-partie", "play-on"]  # a player who cannot pay


@dataclass(frozen=True, slots=True)
class Antes:
    """What goes into the three pools each hand."""

    per_chance: int  # chips each player puts in each chance's pool each hand
    on_carried_pool: bool  # ante again into a pool carried from an all-pass hand


# ------------------------------------------------------------ bidding ----


@dataclass(frozen=True, slots=True)
class Bidding:
    """How each chance is bid: declare, raise, call, pass."""

    chances: tuple[str, ...]  # the order the chances are bid ("point", "sequence", "tricon")
    raise_min: int  # the smallest raise
    raise_cap: int  # the largest raise over the last stake (20)
    may_return_after_pass: bool  # one who passed before any raise may come back in
    declaring_closes_bidding: bool  # a declaration while nobody has raised forces everyone to declare
    precedence: Literal["eldest", "first-declarer"]  # who wins a tie after the chance's keys
    lone_winner_must_show: bool  # a player left alone must show his combination
    bluff: Literal["precedence-wins-pool", "pool-carries"]  # several stayed in, none holds


@dataclass(frozen=True, slots=True)
class DoubleGame:
    """The multiplier of a chance passed by everyone."""

    carry_pool: bool  # a chance passed by all keeps its pool for the next hand
    max_multiplier: int  # 2: the double game; 3 with the triple-game extension
    past_cap: Literal["hold", "reset"]  # passed again at the cap: stay there, or start over at 1


# ------------------------------------------------------- the chances ----


@dataclass(frozen=True, slots=True)
class Payment:
    """What each other player pays for one combination, single game."""

    plain: int
    major: int


@dataclass(frozen=True, slots=True)
class PointRules:
    """The point: the most cards of one suit."""

    keys: tuple[Literal["cards", "value"], ...]  # comparison keys in order ("cards", "value")


@dataclass(frozen=True, slots=True)
class SequenceRules:
    """Runs of consecutive ranks in one suit."""

    min_length: int  # shortest run that counts (3: tierce)
    counts_up_to: int  # a longer run counts as this long for payment (5: quinte)
    longer_ranks_higher: bool  # a run past the cap still beats one at the cap (the Hoca)
    names: Mapping[int, tuple[str, ...]]  # length -> names; the first is used in output
    keys: tuple[Literal["length", "height"], ...]
    major: Literal["to-the-king"]  # what makes a sequence major
    payments: Mapping[int, Payment]  # counted length -> payment
    claim: Literal["declared-only", "lower-than-declared", "all-held"]


@dataclass(frozen=True, slots=True)
class TriconRules:
    """Three or four cards of one rank."""

    names: Mapping[int, tuple[str, ...]]  # size (3, 4) -> names; the first is used in output
    keys: tuple[Literal["size", "rank"], ...]
    major: Literal["kings"]  # what makes a tricon major
    payments: Mapping[int, Payment]  # size -> payment
    claim: Literal["declared-only", "lower-than-declared", "all-held"]


@dataclass(frozen=True, slots=True)
class BlankHand:
    """Cartes blanches: a hand with no king, queen or jack."""

    payment: int  # from each other player (10)
    timing: Literal["after-chances", "before-bidding"]
    ties: Literal["cancel", "all-paid"]  # two or more blank hands
    optional: bool  # the holder may keep quiet about it


# ------------------------------------------------------ the card game ----


@dataclass(frozen=True, slots=True)
class EndBracket:
    """One line of the end-payment schedule: what a loser with ``cards`` left pays.

    ``fixed`` when set is the whole amount; otherwise
    ``plus + per_card * (cards - above)``.
    """

    min: int
    max: int | None = None
    fixed: int | None = None
    per_card: int = 0
    above: int = 0
    plus: int = 0

    def owed(self, cards: int) -> int:
        if self.fixed is not None:
            return self.fixed
        return self.plus + self.per_card * (cards - self.above)


@dataclass(frozen=True, slots=True)
class CardGame:
    """The second stage: the hoc game proper."""

    opening_lead: Literal["any", "lowest"]  # the eldest's first card of the hand
    must_cover: bool  # a player holding the next card must play it
    principal_hocs: frozenset[int]  # cards (ints) that are principal hocs
    principal_may_withhold: bool  # the holder need not play it for its own rank
    principal_wild: Literal["never", "when-missing", "always"]  # may stand for the needed card
    principal_lead_pays: bool  # leading a principal hoc counts as a hoc
    accidental_hocs: bool  # the uncovered last card of a run is a hoc
    last_card_hoc: bool  # a player going out on a card nobody could cover is paid for it as a hoc
    hoc_payment: int  # from each other player, for any hoc
    end_payment: tuple[EndBracket, ...]
    false_without_penalty: int  # to each other player, for "without N" while holding N
    false_without_effect: Literal["stands", "must-play"]  # after the penalty: the word passes on, or he lays the card

    def owed(self, cards_left: int) -> int:
        """What a loser with ``cards_left`` pays the winner of the card game."""
        for b in self.end_payment:
            if cards_left >= b.min and (b.max is None or cards_left <= b.max):
                return b.owed(cards_left)
        raise ValueError(f"the end-payment schedule does not cover {cards_left} cards")


# ------------------------------------------------------------ the whole ----

SECTIONS = (
    "table", "antes", "bidding", "double_game", "point", "sequence",
    "tricon", "blank_hand", "card_game",
)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One variant of the game, fully resolved."""

    name: str
    title: str
    summary: str
    extends: tuple[str, ...]  # the chain of ancestors, nearest first
    extensions: tuple[str, ...]  # extensions applied (--with)
    sources: Mapping[str, Source]
    table: Table
    antes: Antes
    bidding: Bidding
    double_game: DoubleGame
    point: PointRules
    sequence: SequenceRules
    tricon: TriconRules
    blank_hand: BlankHand
    card_game: CardGame
    provenance: Mapping[str, Provenance] = field(default_factory=lambda: MappingProxyType({}))
    path: str | None = None  # file it was loaded from

    def knobs(self) -> dict[str, Any]:
        """Every knob as ``{"section.name": value}``, in schema order."""
        out: dict[str, Any] = {}
        for section in SECTIONS:
            obj = getattr(self, section)
            for f in fields(obj):
                out[f"{section}.{f.name}"] = getattr(obj, f.name)
        return out

    def hand_size(self, players: int) -> int:
        """Cards dealt to each of ``players``; a count the ruleset does not allow is an error."""
        try:
            return self.table.hand_size[players]
        except KeyError:
            allowed = ", ".join(str(n) for n in sorted(self.table.hand_size))
            raise ValueError(f"{self.name} is played by {allowed} players, not {players}") from None
