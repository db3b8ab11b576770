"""The resolved ruleset: a pack, a deal, named pools and an ordered list of stages.

This module is the one definition of every knob: its type, its choices and
bounds, its title and the words ``hoc show`` uses for each value. The JSON
Schema of ruleset files (:mod:`hocdsl.rules.schema`) is generated from it, the
loader builds these frozen values from YAML, and nothing after the loader sees
YAML. What the *sources* say about each knob lives apart, in ``knobs.yaml``.

A ruleset file has the same shape::

    pack:    the cards in play, their order and their values
    deal:    cards per player for each number of players, seating, who deals
    table:   the stake each player starts a partie with, insolvency
    pools:   named pools, each with its ante and what becomes of it when nobody takes it
    bidding: the bidding knobs shared by every ``vie`` stage (only with vie stages)
    stages:  an ordered mapping, stage id -> a stage of one kind:
               vie     bidding on one combination (the point, runs, sets of one rank)
               claims  what a hand holds, paid at once (the blank hand)
               stops   the card game: runs, hocs of each kind, board cards
               settle  what the losers pay the first player out

Every knob is written ``{value: ..., <provenance>}``; the knob's *path* is
``<section>.<knob>`` (``deal.hand_size``, ``bidding.raise_cap``),
``pools.<pool>.<knob>`` or ``<stage id>.<knob>`` (``card_game.principal_wild``).

>>> from hocdsl.rules import load_ruleset
>>> r = load_ruleset("hoc-mazarin")
>>> [s.id for s in r.stages]
['point', 'sequence', 'tricon', 'blank_hand', 'card_game', 'settle']
>>> r.card_game.principal_wild, r.provenance["card_game.principal_wild"].kind
('never', 'inferred')
>>> [p.id for p in r.pools], r.players
(['point', 'sequence', 'tricon'], (2, 3))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal, TypeAlias

from ..cards import Card

#: The largest stake, payment or ante any knob may set: big enough for every
#: game of the family, small enough that no sum of them strains the engine.
MAX_CHIPS = 10_000
#: Players a ruleset may admit.
MIN_PLAYERS, MAX_PLAYERS = 2, 8

CardSet: TypeAlias = frozenset[Card]
#: A pool's or stage's names at the table (``display_names:``), by language: ``(("fr", "le point"),)``.
DisplayNames: TypeAlias = tuple[tuple[str, str], ...]
#: The languages a display name may be given in, and the longest name.
NAME_LANGS: tuple[str, ...] = ("en", "fr")
MAX_DISPLAY_NAME = 40


# ------------------------------------------------------------- knob metadata ----


@dataclass(frozen=True, slots=True)
class KnobSpec:
    """What the model says of one knob besides its Python type.

    ``title`` heads it in ``hoc show`` and ``hoc diff``; ``doc`` is the question it
    decides (the schema's description); ``words`` renders a value: a mapping
    from each choice to its words, or a format string with ``{v}``, or the
    name of a renderer in :mod:`hocdsl.rules.describe`; ``minimum``/``maximum``
    bound every number in the value (ints, mapping keys and values);
    ``key_min``/``key_max`` bound a mapping's int keys where they differ.
    """

    title: str
    doc: str
    words: Mapping[Any, str] | str | None = None
    minimum: int | None = None
    maximum: int | None = None
    key_min: int | None = None
    key_max: int | None = None
    optional: bool = False  # may be absent (None) in a complete ruleset
    min_items: int = 1  # the fewest items a list of choices may have (0: it may be empty)
    #: why simulated play cannot measure the knob, if it cannot (it governs a choice only a
    #: person makes, or something the simulator fixes itself): ``hoc readings`` says so
    unmeasured: str | None = None


#: Why the simulator cannot measure some knobs (:attr:`KnobSpec.unmeasured`).
_FALSE_WITHOUT = ("it governs a choice only a person at the table makes: simulated play refuses a false "
                  "\"without\"")
_FIRST_DEALER = ("the simulator seats the first dealer of each partie itself, in turn, so that every seat deals "
                 "first equally often: the draw for the deal is not played")


def knob(title: str, doc: str, *, words: Mapping[Any, str] | str | None = None,
         minimum: int | None = None, maximum: int | None = None,
         key_min: int | None = None, key_max: int | None = None,
         optional: bool = False, default: Any = ..., min_items: int = 1, unmeasured: str | None = None) -> Any:
    """A dataclass field that is a knob (see :class:`KnobSpec`)."""
    spec = KnobSpec(title, " ".join(doc.split()), words, minimum, maximum, key_min, key_max, optional,
                    min_items, unmeasured)
    if default is ...:
        return field(metadata={"knob": spec})
    return field(default=default, metadata={"knob": spec})


def knob_fields(cls: type) -> tuple[tuple[str, KnobSpec], ...]:
    """The knobs of a section or stage class, in model order: ``(name, spec)``."""
    return tuple((f.name, f.metadata["knob"]) for f in fields(cls) if "knob" in f.metadata)


# ------------------------------------------------------------- provenance ----

ProvenanceKind = Literal["source", "inferred", "borrowed", "editorial", "lost", "approximated"]
PROVENANCE_KINDS: tuple[ProvenanceKind, ...] = ("source", "inferred", "borrowed", "editorial", "lost",
                                                "approximated")
#: The kinds whose text is ``"<id> <where>: <words>"`` (a source id, then maybe a section).
CITED_KINDS: tuple[ProvenanceKind, ...] = ("source", "inferred", "borrowed", "lost", "approximated")


@dataclass(frozen=True, slots=True)
class Source:
    """One entry of a ruleset's ``sources:`` block."""

    id: str
    citation: str
    file: str | None = None  # file name under ../shared/sources/, when it comes from there
    language: str | None = None
    url: str | None = None
    #: ``"none"`` when the page has no sections to cite: a citation may then be the bare id
    sections: str | None = None


@dataclass(frozen=True, slots=True)
class Alternative:
    """Another value a lost or doubtful knob could take, with its own provenance; or, with
    ``reading`` set, a whole reading (:class:`NamedReading`) that gives the knob ``value``
    and changes other rules with it (its provenance is the reading's)."""

    value: Any
    provenance: Provenance
    reading: str | None = None


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a knob's value comes from: exactly one of five kinds.

    ``source``    the source states it: ``text`` is ``"<id> §<section>"``;
    ``inferred``  it follows from the source's words: ``"<id> §<section>: <reasoning>"``;
    ``borrowed``  another source's rule fills this source's gap: ``"<id> §<section>: <why>"``;
    ``editorial`` no source settles it: ``text`` says why;
    ``lost``      the source had the rule, but the part that gave it is lost or not read:
                  ``"<id> <where>: what is missing"``; the value is a placeholder and the
                  knob lists its ``alternatives``.
    ``approximated`` the source states a rule the engine cannot play as stated:
                  ``"<id> §<section>: what the source says"``, and ``played`` says what is
                  played instead (the value).

    A section is ``§5.2``, ``§name``, ``¶3`` or ``p. 694``; a source whose ``sources:``
    entry says ``sections: none`` may be cited by its id alone.
    ``source_id`` and ``section`` are parsed from ``text`` for every kind but
    ``editorial``. ``declared_in`` is the file whose YAML set the value (under
    ``extends:`` it tells inherited values from overridden ones).

    >>> p = Provenance("inferred", "lalanne §9.2, §9.3: a player going out starts no run", "lalanne", "§9.2, §9.3")
    >>> p.cite()
    'lalanne §9.2, §9.3 (inferred)'
    """

    kind: ProvenanceKind
    text: str
    source_id: str | None = None
    section: str | None = None
    note: str | None = None
    declared_in: str | None = None
    line: int | None = None
    alternatives: tuple[Alternative, ...] = ()
    #: the value as the file wrote it when it counts in units (``{fiche: 1, jeton: 9}``),
    #: for ``hoc show`` to say it in the source's units; None otherwise
    written: Any = None
    #: for ``approximated``: what the engine plays instead of what the source says
    played: str | None = None

    @property
    def source(self) -> str | None:
        """The source id, for ``source`` and the other cited kinds."""
        return self.source_id

    @property
    def editorial(self) -> str | None:
        return self.text if self.kind == "editorial" else None

    @property
    def lost(self) -> bool:
        """True when the rule is lost and the value only a placeholder."""
        return self.kind == "lost"

    @property
    def approximated(self) -> bool:
        """True when the source's rule cannot be played as stated and the value plays
        something near it (:attr:`played` says what)."""
        return self.kind == "approximated"

    @property
    def reason(self) -> str | None:
        """The reasoning after the citation (inferred, borrowed), what is missing (lost),
        or the editorial note."""
        if self.kind == "editorial":
            return self.text
        if self.kind == "source":
            return None
        _, _, why = self.text.partition(":")
        return why.strip() or None

    def where(self) -> str:
        """``lalanne §5.2`` for a cited kind; ``editorial`` otherwise."""
        if self.source_id is None:
            return "editorial"
        return f"{self.source_id} {self.section}".strip() if self.section else self.source_id

    def cite(self) -> str:
        """One line: ``lalanne §5.2``, ``lalanne §9.2 (inferred)``,
        ``lalanne §6 (borrowed)``, ``editorial: ...``, ``LOST: comete p. 694: ...`` or
        ``APPROXIMATED: enc-hoc ¶4: ...; played: ...``."""
        if self.kind == "editorial":
            return f"editorial: {self.text}"
        if self.kind == "lost":
            return f"LOST: {self.text}"
        if self.kind == "approximated":
            return f"APPROXIMATED: {self.text}" + (f"; played: {self.played}" if self.played else "")
        if self.kind == "source":
            return self.where()
        return f"{self.where()} ({self.kind})"


# ------------------------------------------------------------------ pack ----

@dataclass(frozen=True, slots=True)
class Pack:
    """The cards in play, their order, and what each is worth in points."""

    cards: int = knob(
        "Cards in the pack",
        "How many cards are in play: a full pack of 52, or one stripped of its lowest "
        "pips (44 without twos and threes, 40, 36, 32 from the seven up; aces are kept).",
        words={52: "a full pack of 52 cards", 44: "44 cards (no twos or threes)",
               40: "40 cards (no twos to fours)", 36: "36 cards (sixes up, and aces)",
               32: "32 cards (sevens up, and aces)"},
        minimum=32, maximum=52)
    order: Literal["king-high-ace-low", "ace-high"] = knob(
        "Rank order of the cards",
        "The order of the ranks, for runs, sets and the card game: which card is "
        "highest and which lowest.",
        words={"king-high-ace-low": "king highest, ace lowest",
               "ace-high": "ace highest, above the king"})
    court_value: int = knob(
        "Value of a court card",
        "Points a king, queen or jack counts (the point; paying by points).",
        words="courts count {v}", minimum=0, maximum=100)
    ace_value: int = knob(
        "Value of an ace",
        "Points an ace counts; the pips count their face value.",
        words="an ace counts {v}", minimum=0, maximum=100)
    values: Mapping[int, int] | None = knob(
        "Points of the cards by rank",
        "Points each rank counts, where they are not court_value and ace_value with the pips "
        "at face value: written by rank (A, 2..10, J, Q, K), e.g. {A: 1, J: 11, Q: 12, K: 13}; "
        "a rank not listed keeps court_value, ace_value or its face value.",
        words="rank_values", minimum=0, maximum=100, optional=True, default=None)
    removed: CardSet = knob(
        "Cards taken out",
        "Named cards taken out of the pack of `cards` before the deal (one card out of 52 makes "
        "a pack of 51); a rank whose four cards are all taken out stays in the order of the "
        "ranks (a run wants it and finds nobody holding it): removed_ranks takes a rank out of "
        "the order as well.",
        words="removed_cards", default=frozenset(), min_items=0)
    removed_ranks: tuple[int, ...] = knob(
        "Ranks taken out",
        "Whole ranks taken out of the pack of `cards` and out of the order of the ranks, written "
        "A, 2..10, J, Q, K (e.g. [8]: the eights are out and a seven is followed by a nine). The "
        "ace, the lowest and the highest rank may not be taken out: strip the pack with `cards` "
        "instead.",
        words="removed_ranks", minimum=1, maximum=13, default=(), min_items=0)
    copies: int = knob(
        "Packs shuffled together",
        "How many packs of like pattern are shuffled together and dealt as one, so that the "
        "game holds that many copies of each card: 1, an ordinary pack; 2, a pack 'in duplicate' "
        "(Bezique: two piquet packs of 32, 64 cards); 4 (Rubicon Bezique: four packs, 128 cards). "
        "`cards`, `removed` and `removed_ranks` say what each pack holds; a card named plainly "
        "elsewhere in the ruleset means every copy of it.",
        words={1: "one pack", 2: "two packs shuffled together", 3: "three packs shuffled together",
               4: "four packs shuffled together"},
        minimum=1, maximum=4, default=1)
    cards_by_players: Mapping[int, int] | None = knob(
        "Cards in the pack by players",
        "A pack that changes with the number of players: for each number listed, the cards in "
        "play (52, 44, 40, 36 or 32), e.g. {3: 32, 4: 32, 6: 36}; a number of players not listed "
        "plays with `cards`. When absent, every number plays with `cards`.",
        words="cards_by_players", key_min=MIN_PLAYERS, key_max=MAX_PLAYERS, minimum=32, maximum=52,
        optional=True, default=None)

    def cards_at(self, players: int) -> int:
        """The cards in play at ``players`` (``cards_by_players``, else ``cards``)."""
        by = self.cards_by_players
        if by is not None and players in by:
            return by[players]
        return self.cards

    def rank_values(self) -> tuple[int, ...]:
        """``values[rank]`` for ranks 1 (ace) to 13 (king); index 0 unused."""
        out = [0] * 14
        for r in range(1, 14):
            out[r] = self.ace_value if r == 1 else self.court_value if r >= 11 else r
        for r, v in (self.values or {}).items():
            out[r] = v
        return tuple(out)


# ------------------------------------------------------------------ deal ----


@dataclass(frozen=True, slots=True)
class Deal:
    """Players, cards each, seating and who deals."""

    hand_size: Mapping[int, int] = knob(
        "Players and cards dealt",
        "The numbers of players the game admits, and the cards each receives for each.",
        words="hand_size", key_min=MIN_PLAYERS, key_max=MAX_PLAYERS, minimum=1, maximum=52)
    rest: Literal["out-of-play"] = knob(
        "The cards not dealt",
        "What becomes of the cards left over after the deal.",
        words={"out-of-play": "out of play, face down: seen by nobody, but for a card a turnup stage turns up"})
    direction: Literal["anticlockwise", "clockwise"] = knob(
        "Direction of play",
        "The way the deal, speech and play go round the table.",
        words={"anticlockwise": "to the right (anticlockwise); the eldest sits at the dealer's right",
               "clockwise": "to the left (clockwise); the eldest sits at the dealer's left"})
    first_dealer: Literal["lowest-card-deals", "highest-card-deals"] = knob(
        "First dealer",
        "How the first dealer of a partie is chosen.",
        words={"lowest-card-deals": "each draws a card; the lowest deals",
               "highest-card-deals": "each draws a card; the highest deals"}, unmeasured=_FIRST_DEALER)
    draw_ties: Literal["redraw"] = knob(
        "Ties when drawing for the deal",
        "What players tied on the deciding card do when drawing for the first deal.",
        words={"redraw": "the tied players draw again"}, unmeasured=_FIRST_DEALER)
    dealer_rotation: Literal["next-in-turn", "stays"] = knob(
        "Next dealer",
        "Who deals the next hand.",
        words={"next-in-turn": "the deal passes in the direction of play",
               "stays": "the same player deals every hand"})
    players: tuple[int, ...] | None = knob(
        "Numbers of players",
        "The numbers of players the game admits, apart from the cards dealt (so that each has "
        "its own provenance); hand_size must then give the cards for exactly these numbers. "
        "When absent, the game admits the numbers hand_size lists.",
        words="players", minimum=MIN_PLAYERS, maximum=MAX_PLAYERS, optional=True, default=None)


# ------------------------------------------------------------------ table ----


@dataclass(frozen=True, slots=True)
class Table:
    """What a partie starts with and when it stops."""

    starting_stake: int = knob(
        "Starting stake",
        "Chips each player starts a partie with.",
        words="{v} chips each", minimum=0, maximum=1_000_000)
    insolvency: Literal["stop-partie", "play-on"] = knob(
        "A player who cannot pay",
        "What happens when a player's stake goes below nothing.",
        words={"stop-partie": "the partie stops at the end of that hand",
               "play-on": "play goes on; balances may go below nothing"})
    units: Mapping[str, int] | None = knob(
        "Units of payment",
        "The units the source pays in (jetons, fiches...), each with its worth in the smallest "
        "unit, which is worth 1: e.g. {jeton: 1, fiche: 10}. An entry may carry its own "
        "provenance: `fiche: {value: 10, editorial: ...}`. Every amount of chips (antes, "
        "payments, charges, end payments) may then be written in units, e.g. {fiche: 1, "
        "jeton: 9}; the game counts in the smallest unit.",
        words="units", minimum=1, maximum=MAX_CHIPS, optional=True, default=None)
    partie_deals: int | None = knob(
        "Length of a partie in deals",
        "How many deals a partie lasts, as its players agree before they start; absent, no "
        "number is set and the partie goes on until the players stop (or partie_target, or "
        "insolvency, ends it).",
        words="partie_deals", minimum=1, maximum=1_000, optional=True, default=None)
    partie_target: int | None = knob(
        "Score that ends a partie",
        "The chips a player must have won, over his starting stake, for the partie to end "
        "after the deal in which he reaches them; absent, no score ends it.",
        words="partie_target", minimum=1, maximum=1_000_000, optional=True, default=None)
    partie_points: int | None = knob(
        "Points that end a partie",
        "The points (not chips: tricks, declarations, the score of a trick-taking game) a player "
        "must have scored over the deals of a partie for it to end after the deal in which he "
        "reaches them (Piquet's 100 or 101, Bezique's 1000); absent, no score in points ends it.",
        words="partie_points", minimum=1, maximum=1_000_000, optional=True, default=None)
    # -- the points of a partie settled in stakes (Rubicon Piquet; Rubicon Bezique's laws 57-59):
    #    read by hocdsl.engine.stakes once the partie is over; all absent in a game of chips
    points_per_chip: int | None = knob(
        "Points settled per chip",
        "At the end of a partie whose stages score points, the loser pays the winner one chip "
        "for this many points of the game's value (the stake agreed 'so much a point' or 'per "
        "hundred'); absent, the points are not settled in chips.",
        words="points_per_chip", minimum=1, maximum=1_000_000, optional=True, default=None)
    game_bonus: int | None = knob(
        "Points for the game",
        "Points the winner of the partie adds to its value for winning it, when the loser is "
        "not rubiconed (Rubicon Piquet's 100, Rubicon Bezique's 500).",
        words="game_bonus", minimum=0, maximum=1_000_000, optional=True, default=None)
    points_rounding: int | None = knob(
        "Fractions of the totals disregarded",
        "The totals are counted down to a multiple of this many points before they are "
        "compared and settled (1: every point counts; Rubicon Bezique's 100: fractions of a "
        "hundred disregarded).",
        words="points_rounding", minimum=1, maximum=1_000_000, optional=True, default=None)
    least_difference: int | None = knob(
        "Least difference counted",
        "A difference of the totals smaller than this (but not nothing) counts as this many "
        "points (Rubicon Bezique: a hundred); 0: the difference as it is.",
        words="least_difference", minimum=0, maximum=1_000_000, optional=True, default=None)
    rubicon: int | None = knob(
        "The rubicon",
        "The total the loser of the partie must reach not to be 'rubiconed' (Piquet's 100, "
        "Bezique's 1000); absent, nobody is rubiconed and the difference is always settled.",
        words="rubicon", minimum=1, maximum=1_000_000, optional=True, default=None)
    rubicon_bonus: int | None = knob(
        "Points for a rubicon game",
        "Points the winner adds for the game when the loser is rubiconed, in place of "
        "game_bonus (Piquet's 100; Bezique's 1000 and 300 for the brisques).",
        words="rubicon_bonus", minimum=0, maximum=1_000_000,
        optional=True, default=None)
    rubiconed_counts: Literal["sum", "difference"] | None = knob(
        "What a rubicon game counts",
        "What the winner counts when the loser is rubiconed: both totals added (sum) or, as in "
        "a game the loser saved, their difference.",
        words={"sum": "the winner counts both totals added together",
               "difference": "the winner counts the difference of the totals, as when the rubicon is saved",
               None: "nobody is rubiconed"},
        optional=True, default=None)
    rubiconed_least: int | None = knob(
        "Least a rubiconed total counts",
        "A rubiconed loser's total below this counts as this many points in the sum (Rubicon "
        "Bezique, law 59: a hundred); 0: his total as it is.",
        words="rubiconed_least", minimum=0, maximum=1_000_000, optional=True, default=None)
    partie_ties: Literal["void", "another-deal"] | None = knob(
        "Equal totals at the end of a partie",
        "What happens when the partie ends with the totals equal: nothing is paid (void), or "
        "another deal is played, and another, until they differ.",
        words={"void": "the game is void: nothing is paid",
               "another-deal": "another deal is played, until the totals differ",
               None: "points are not settled in chips"},
        optional=True, default=None)


# ------------------------------------------------------------------ pools ----


@dataclass(frozen=True, slots=True, kw_only=True)
class PoolRules:
    """One named pool: a stake of the bidding, a box of a board, a game pool."""

    id: str
    #: what each language calls it at the table, a label and not a rule
    #: (``display_names: {fr: le point}``)
    display_names: DisplayNames = ()
    ante: int = knob(
        "Ante",
        "Chips put into this pool before each deal, by each player or by the dealer "
        "alone (see ante_by).",
        words="{v} chips", minimum=0, maximum=MAX_CHIPS)
    ante_by: Literal["each", "dealer"] = knob(
        "Who antes",
        "Whether every player antes into this pool, or the dealer alone.",
        words={"each": "every player", "dealer": "the dealer alone"})
    ante_when_carried: bool = knob(
        "Ante on a carried pool",
        "Whether the ante is paid into this pool again when it still holds chips "
        "from the previous hand.",
        words={True: "ante again into a pool carried from the last hand",
               False: "no ante into a pool carried from the last hand"})
    unclaimed: Literal["carries", "refunded"] = knob(
        "A pool nobody takes",
        "What becomes of this pool when nobody takes it in a hand.",
        words={"carries": "it stays for the next hand and grows",
               "refunded": "the antes go back to those who paid them"})
    card: Card | None = knob(
        "Board card",
        "The card of the board this pool belongs to, if any: laying it or holding it "
        "at the end may take or double the pool (card_game.board_laid, settle.board_held).",
        words="card", optional=True, default=None)
    trump: int | None = knob(
        "Board mark of the trump suit",
        "The rank of the trump suit this pool's box is marked with, if any (\"the ace of "
        "trumps\": A, 2..10, J, Q, K), when the trump suit is named by the card turned up "
        "(a turnup stage): the card of that rank in the hand's trump suit is then its board "
        "card, laid (card_game.board_laid) or turned up (dealer_takes); settle.board_held "
        "reads only the pools marked by a card. A pool is marked by a card or by a rank of "
        "trumps, not both.",
        words="trump_rank", minimum=1, maximum=13, optional=True, default=None)


# ------------------------------------------------------------------ bidding ----


@dataclass(frozen=True, slots=True)
class Bidding:
    """The bidding, the same for every ``vie`` stage (Lalanne §5: the three
    chances are bid the same way), and when a stake is played double."""

    raise_min: int = knob("Smallest raise", "The smallest raise.",
                          words="a raise adds at least {v} chips", minimum=1, maximum=1000)
    raise_cap: int = knob("Raise cap", "The largest raise over the last stake.",
                          words="a raise may add at most {v} chips over the last stake",
                          minimum=1, maximum=1000)
    may_return_after_pass: bool = knob(
        "Coming back after a pass",
        "Whether a player who passed before anyone raised may come back in after a raise.",
        words={True: "one who passed before any raise may come back in",
               False: "a pass is final"})
    declaring_closes_bidding: bool = knob(
        "Declaring at once",
        "Whether a player may declare his combination instead of raising, which closes "
        "the bidding and makes everyone declare.",
        words={True: "a declaration while nobody has raised closes the bidding; all declare in turn",
               False: "combinations are made known only when the raises are over"})
    precedence: Literal["eldest", "first-declarer"] = knob(
        "Precedence in ties",
        "Who wins when two declarations are equal by the combination's keys.",
        words={"eldest": "the eldest, then the next in turn",
               "first-declarer": "whoever opened the declarations after the others passed; "
                                 "otherwise the eldest, then the next in turn"})
    lone_winner_must_show: bool = knob(
        "A lone winner shows",
        "Whether a player left alone after the raises must show his combination.",
        words={True: "a player left alone must show his combination",
               False: "a player left alone wins without showing, unless he wants to be paid"})
    bluff: Literal["precedence-wins-pool", "pool-carries"] = knob(
        "Nobody holds anything",
        "What happens when several players stayed in and none holds the combination.",
        words={"precedence-wins-pool": "the one with the precedence takes the pool",
               "pool-carries": "nobody wins; the pool stays for the next hand"})
    double_when: Literal["own-pool-passed", "all-passed"] = knob(
        "When a stake is played double",
        "Which stakes are played double in the next hand: one passed by everyone, or "
        "every stake, only when all of them were passed.",
        words={"own-pool-passed": "a stake passed by everyone is played double next hand",
               "all-passed": "when every stake was passed by everyone, all are played double"})
    max_multiplier: int = knob(
        "Highest multiplier",
        "The most a stake can be multiplied by through successive passes (2: the double game).",
        words="multiplier", minimum=1, maximum=10)
    past_cap: Literal["hold", "reset"] = knob(
        "Passed again at the highest multiplier",
        "What a stake passed again at the highest multiplier becomes.",
        words={"hold": "it stays at the highest multiplier", "reset": "it starts again single"})
    open_with: Literal["anything", "combination"] = knob(
        "Who may open",
        "Whether any player may make the first raise on a chance, or only one who holds a "
        "combination of it (a set of the stage's smallest size or more: the Poque's \"je poque\").",
        words={"anything": "any player may make the first raise, holding the chance or not",
               "combination": "only a player holding a combination of the chance may make the first raise"},
        default="anything")
    raise_with: Literal["anything", "combination"] = knob(
        "Who may raise after the opening",
        "Whether, once someone has raised, any player still in may raise again, or only one who "
        "holds a combination of the chance (the others may still call or fold).",
        words={"anything": "any player still in may raise",
               "combination": "only a player holding a combination of the chance may raise; the "
                              "others call or fold"},
        default="anything")
    good_folds: bool = knob(
        "\"It's good\" while bidding",
        "Whether a player may fold while the bidding is open by saying \"(it's) good\", "
        "as he would by passing; otherwise \"c'est bon\" only answers a declaration that "
        "his hand does not beat.",
        words={True: "\"(it's) good\" said while bidding is a pass (a fold after a raise)",
               False: "\"c'est bon\" only answers a declaration; one folds by passing"},
        default=False)
    double_bonus: int = knob(
        "A flat payment in the double game",
        "Chips each other player pays the winner of a chance played at a multiplier of 2 or "
        "more, on top of what the multiplier doubles, whatever he holds (0: nothing more).",
        words="double_bonus", minimum=0, maximum=MAX_CHIPS, default=0)


# ------------------------------------------------------------------ stages ----


@dataclass(frozen=True, slots=True)
class Payment:
    """What each other player pays for one combination, single game."""

    plain: int
    major: int


#: When a vie stage's winner is paid for what he shows (``<stage>.payment_when``).
PaymentWhen: TypeAlias = Literal["always", "unraised", "unraised-single"]


def _payment_when() -> Any:
    """The ``payment_when`` knob, the same on every vie stage whose combinations are paid
    (runs and sets: the point pays nothing for what it shows)."""
    return knob(
        "When the combinations are paid",
        "Whether the others pay the winner for the combinations he shows (payments) whatever "
        "the bidding, only when nobody raised on the chance, or only when nobody raised and "
        "the stake is single (not played double); otherwise he wins the pool alone.",
        words={"always": "whatever the bidding",
               "unraised": "only when nobody raised: a raised chance wins its pool alone",
               "unraised-single": "only when nobody raised and the stake is single: a raised or "
                                  "doubled chance wins its pool alone"},
        default="always")


@dataclass(frozen=True, slots=True, kw_only=True)
class VieOnPoint:
    """Bidding on the point: the most cards of one suit, then their value."""

    id: str
    #: what each language calls it at the table, a label and not a rule
    #: (``display_names: {fr: le point}``)
    display_names: DisplayNames = ()
    pool: str
    kind: Literal["vie"] = "vie"
    on: Literal["point"] = "point"
    keys: tuple[Literal["cards", "value"], ...] = knob(
        "Comparing points", "How two points compare, key by key.", words="point_keys")


@dataclass(frozen=True, slots=True, kw_only=True)
class VieOnRun:
    """Bidding on runs: consecutive ranks in one suit."""

    id: str
    #: what each language calls it at the table, a label and not a rule
    #: (``display_names: {fr: le point}``)
    display_names: DisplayNames = ()
    pool: str
    kind: Literal["vie"] = "vie"
    on: Literal["run"] = "run"
    min_length: int = knob("Shortest sequence", "The shortest run that counts.",
                           words="at least {v} cards", minimum=2, maximum=13)
    counts_up_to: int = knob("Longest sequence counted",
                             "A longer run counts as this long for payment.",
                             words="runs count up to {v} cards", minimum=2, maximum=13)
    longer_ranks_higher: bool = knob(
        "Runs past the longest counted",
        "Whether a run longer than the longest counted still beats one of that length.",
        words={True: "a longer run still beats one of the counted length",
               False: "a longer run is worth no more than one of the counted length"})
    names: Mapping[int, tuple[str, ...]] = knob(
        "Names of the sequences", "Each length's names; the first is used in output.",
        words="names", key_min=2, key_max=13)
    keys: tuple[Literal["length", "height"], ...] = knob(
        "Comparing sequences", "How two runs compare, key by key.", words="sequence_keys")
    major: Literal["to-the-king"] = knob(
        "Major sequences", "What makes a run major (paid more).",
        words={"to-the-king": "a run to the top card (the king) is major"})
    payments: Mapping[int, Payment] = knob(
        "Sequence payments", "What each other player pays the winner, by counted length, single game.",
        words="sequence_payments", key_min=2, key_max=13, minimum=0, maximum=MAX_CHIPS)
    claim: Literal["declared-only", "lower-than-declared", "all-held"] = knob(
        "Sequences paid", "Which of his runs the winner is paid for.",
        words={"declared-only": "only the winning run",
               "lower-than-declared": "the winning run and every lower one he holds",
               "all-held": "every run he holds"})
    payment_when: PaymentWhen = _payment_when()


@dataclass(frozen=True, slots=True, kw_only=True)
class VieOnSet:
    """Bidding on sets of one rank (a brelan is a set of three, a carré of four)."""

    id: str
    #: what each language calls it at the table, a label and not a rule
    #: (``display_names: {fr: le point}``)
    display_names: DisplayNames = ()
    pool: str
    kind: Literal["vie"] = "vie"
    on: Literal["set"] = "set"
    min_size: int = knob(
        "Smallest set",
        "The fewest cards of one rank that make a set: 2 counts pairs (below every brelan), "
        "3 starts at the brelan, 4 counts carrés only.",
        words="at least {v} cards of a rank", minimum=2, maximum=4, default=3)
    names: Mapping[int, tuple[str, ...]] = knob(
        "Names of the sets", "Each size's names, for every size from the smallest set up to "
        "four; the first is used in output.", words="set_names", key_min=2, key_max=4)
    keys: tuple[Literal["size", "rank"], ...] = knob(
        "Comparing sets", "How two sets compare, key by key.", words="tricon_keys")
    major: Literal["kings"] = knob(
        "Major sets", "What makes a set major (paid more).",
        words={"kings": "a set of kings is major"})
    payments: Mapping[int, Payment] = knob(
        "Set payments", "What each other player pays the winner, by size, single game.",
        words="tricon_payments", key_min=2, key_max=4, minimum=0, maximum=MAX_CHIPS)
    claim: Literal["declared-only", "lower-than-declared", "all-held"] = knob(
        "Sets paid", "Which of his sets the winner is paid for.",
        words={"declared-only": "only the winning set",
               "lower-than-declared": "the winning set and every lower one he holds",
               "all-held": "every set he holds"})
    payment_when: PaymentWhen = _payment_when()


@dataclass(frozen=True, slots=True, kw_only=True)
class BlankHandClaims:
    """A hand with no court card (cartes blanches), paid by each other player."""

    id: str
    #: what each language calls it at the table, a label and not a rule
    #: (``display_names: {fr: le point}``)
    display_names: DisplayNames = ()
    kind: Literal["claims"] = "claims"
    on: Literal["blank-hand"] = "blank-hand"
    payment: int = knob("Blank-hand payment", "What each other player pays a blank hand.",
                        words="each other player pays {v}", minimum=0, maximum=MAX_CHIPS)
    ties: Literal["cancel", "all-paid"] = knob(
        "Several blank hands", "What happens when two or more players hold a blank hand.",
        words={"cancel": "they cancel; nobody is paid", "all-paid": "each is paid by every other"})
    optional: bool = knob(
        "Declaring a blank hand", "Whether the holder may keep quiet about it.",
        words={True: "the holder may declare it or keep quiet",
               False: "every blank hand is declared and paid"})


@dataclass(frozen=True, slots=True)
class CardPayment:
    """Named cards paid for when laid: each other player pays the layer ``each``."""

    cards: CardSet
    each: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Stops:
    """The card game: runs laid on one pile, hocs of each kind, board cards."""

    id: str
    #: what each language calls it at the table, a label and not a rule
    #: (``display_names: {fr: le point}``)
    display_names: DisplayNames = ()
    kind: Literal["stops"] = "stops"
    runs: Literal["any-suit", "same-suit"] = knob(
        "Runs and suits", "Whether the cards of a run may be of any suit or keep to the suit of its first card.",
        words={"any-suit": "a run goes by rank, in any suit",
               "same-suit": "a run keeps to the suit of its first card"})
    after_top: Literal["new-run", "wraps"] = knob(
        "After the top card",
        "What follows the top card of the order (the king): a new run, or the lowest "
        "card again.",
        words={"new-run": "the top card ends the run; its player leads anew",
               "wraps": "the run goes on from the lowest card (king, ace, two...)"})
    opening_lead: Literal["any", "lowest"] = knob(
        "The first card of the card game", "What the eldest may lead at the start of the card game.",
        words={"any": "the eldest leads any card", "lowest": "the eldest leads his lowest card"})
    must_cover: bool = knob(
        "Covering", "Whether a player holding the next card must lay it.",
        words={True: "a player who holds the next card must lay it",
               False: "a player may keep the next card and say \"without\""})
    end_of_run_pay: int = knob(
        "The top card as a hoc",
        "What each other player pays the player of the top card of a run (an end-of-run "
        "hoc); 0 if it is no hoc.",
        words="each other player pays {v}", minimum=0, maximum=MAX_CHIPS)
    accidental_hocs: bool = knob(
        "Accidental hocs", "Whether the last card of a run nobody can follow is a hoc.",
        words={True: "the last card of a run nobody can follow is a hoc",
               False: "a run nobody can follow ends without a hoc"})
    accidental_pay: int = knob(
        "Accidental-hoc payment", "What each other player pays for an accidental hoc.",
        words="each other player pays {v}", minimum=0, maximum=MAX_CHIPS)
    accidental_restart: Literal["any-card", "after-missing"] = knob(
        "After an accidental hoc",
        "How play goes on when nobody could follow: the player of the last card leads "
        "any card, or goes on from the card after the missing one (with runs in one suit "
        "that wrap past the top, once nobody holds a card of that suit he leads any card: "
        "the run could otherwise never end; no source speaks of it).",
        words={"any-card": "its player leads any card",
               "after-missing": "its player goes on with the card after the missing one"})
    accidental_when_held: Literal["hoc", "not-if-held", "not-if-opponent-held"] = knob(
        "The next card held back",
        "Whether the last card of a run is still an accidental hoc when nobody laid the next "
        "card though a player held it (a principal hoc kept back for its own rank, or a false "
        "\"without\" let stand). Either way the word comes back to its player, who leads anew.",
        words={"hoc": "it is an accidental hoc all the same, paid as one",
               "not-if-held": "it is no hoc when any player held the next card: its player "
                              "leads anew unpaid",
               "not-if-opponent-held": "it is no hoc when one of his opponents held the next "
                                       "card; a card he kept back himself does not stop it"},
        default="hoc")
    last_card_hoc: bool = knob(
        "Going out on an accidental hoc",
        "Whether a player going out on a card nobody could follow is paid for it as a hoc.",
        words={True: "he is paid for it as a hoc",
               False: "he is not paid: going out, he starts no run"})
    permanent_hocs: CardSet = knob(
        "Permanent hocs", "Named cards that always end a run.", words="cards")
    permanent_pay: int = knob(
        "Permanent-hoc payment", "What each other player pays for a permanent hoc.",
        words="each other player pays {v}", minimum=0, maximum=MAX_CHIPS)
    principal_hocs: CardSet = knob(
        "Principal hocs", "Named cards that are hocs wherever they are laid.", words="cards")
    principal_may_withhold: bool = knob(
        "Withholding a principal hoc",
        "Whether the holder of a principal hoc may decline to lay it for its own rank.",
        words={True: "its holder may keep it back when its rank is wanted",
               False: "it must be laid when its rank is wanted"})
    principal_wild: Literal["never", "when-missing", "always"] = knob(
        "Principal hocs as wild cards",
        "Whether a principal hoc may stand for the card wanted.",
        words={"never": "a principal hoc stands only for itself",
               "when-missing": "a principal hoc may stand for the card needed when its holder lacks that card",
               "always": "a principal hoc may be played as any card"})
    principal_lead_pays: bool = knob(
        "Leading a principal hoc", "Whether a principal hoc laid to start a run is paid as a hoc.",
        words={True: "paid as a hoc", False: "not paid when it starts a run"})
    principal_pay: int = knob(
        "Principal-hoc payment", "What each other player pays for a principal hoc.",
        words="each other player pays {v}", minimum=0, maximum=MAX_CHIPS)
    principal_after: Literal["new-run", "continues"] = knob(
        "After a principal hoc",
        "Whether a principal hoc ends the run (its player leads anew) or, standing for "
        "the card wanted, lets the run go on from that card.",
        words={"new-run": "its player leads anew",
               "continues": "the run goes on from the card it stood for"})
    principal_lead_as: Literal["own-rank", "any-rank"] = knob(
        "Leading a principal hoc as another card",
        "Whether a principal hoc that starts a run starts it from its own rank, or from any "
        "rank its holder names as he lays it (\"9D as 4\"), the run going on from that rank.",
        words={"own-rank": "it starts a run from its own rank",
               "any-rank": "its holder names the rank it starts a run from"},
        default="own-rank")
    principal_is_hoc: bool = knob(
        "A principal card as a hoc",
        "Whether a card of principal_hocs is a hoc when laid (counted as a principal hoc and "
        "paid principal_pay), or only a wild card that stands for another and is no hoc.",
        words={True: "it is a hoc wherever it is laid",
               False: "it is a wild card only: no hoc, not paid as one"},
        default=True)
    wild_counts_as: Literal["itself", "card-stood-for"] = knob(
        "What a wild card counts as",
        "Whether a principal hoc laid for another card (standing for the card wanted, or "
        "leading as a rank its holder names) counts as itself or as the card it stands for, "
        "for paid_when_laid, the top card's end-of-run hoc, permanent_hocs and board cards. "
        "The card stood for is of the rank wanted, in the suit of the card it covers (leading, "
        "in its own suit).",
        words={"itself": "it counts as itself: the card it stands for is not paid, nor a hoc",
               "card-stood-for": "it counts as the card it stands for: paid, a hoc or a board "
                                 "card as that card would be"},
        default="itself")
    paid_when_laid: tuple[CardPayment, ...] = knob(
        "Cards paid when laid", "Named cards for which each other player pays the player who lays them.",
        words="card_payments")
    board_laid: Literal["nothing", "takes-pool"] = knob(
        "Laying a board card", "What a player who lays the card of a pool's board box gets.",
        words={"nothing": "nothing", "takes-pool": "he takes that box's pool"})
    false_without_penalty: int = knob(
        "False \"without\"", "What a player pays each other player for saying \"without\" "
        "while holding the card.", words="{v} to each other player", minimum=0, maximum=MAX_CHIPS,
        unmeasured=_FALSE_WITHOUT)
    false_without_effect: Literal["stands", "must-play"] = knob(
        "After a false \"without\"", "Whether a false \"without\" stands after the penalty.",
        words={"stands": "the word passes on", "must-play": "he must lay the card after all"},
        unmeasured=_FALSE_WITHOUT)
    must_claim: tuple[Literal["principal", "permanent", "end-of-run", "accidental", "laid",
                              "board"], ...] = knob(
        "What must be claimed",
        "The payments and takes a player must claim (\"hoc!\") to get them: hocs by kind "
        "(principal, permanent, end-of-run, accidental), cards paid when laid (laid), board "
        "boxes (board). Until claimed each is only owed; unclaimed when the window closes "
        "(claim_window) it is forfeited: nobody pays it, a board box stays on the board. What "
        "a player earns with his last card is paid at once: the hand ends on it.",
        words="claim_kinds", default=(), min_items=0)
    claim_window: Literal["next-card", "next-card-laid"] = knob(
        "Until when a claim may be made",
        "How long a player has to claim what must_claim lists: until his next word (a card "
        "or \"without\"), or until another card is laid on it, whoever lays it, his own "
        "\"without\" and the others' leaving it open (he claims when the word is his).",
        words={"next-card": "until the next card is laid or \"without\" said",
               "next-card-laid": "until another card is laid on it; a \"without\" leaves it open"},
        default="next-card")
    claim_words: tuple[str, ...] = knob(
        "Words of a claim",
        "Words a player may say instead of \"hoc!\" to mark a hoc or claim what must_claim "
        "lists, e.g. the name of the card he claims for (\"comète!\"); \"hoc!\" is always "
        "heard. Each is a word of the announcements: letters, spaces, hyphens and apostrophes, "
        "not a word the language already has.",
        words="claim_words", default=(), min_items=0)


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
class HeldCharge:
    """Named cards still held at the end: the holder pays ``to_each`` to every other
    player and ``to_winner`` to the first player out, for each such card."""

    cards: CardSet
    to_each: int = 0
    to_winner: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Settle:
    """What the losers pay the first player out, and the charges for cards held."""

    id: str
    #: what each language calls it at the table, a label and not a rule
    #: (``display_names: {fr: le point}``)
    display_names: DisplayNames = ()
    kind: Literal["settle"] = "settle"
    losers_pay: Literal["schedule", "points", "per-card"] = knob(
        "What the losers pay",
        "How much each loser pays the first player out: by a schedule of the cards "
        "left, the points of his cards, or so much a card.",
        words={"schedule": "by the schedule of cards left",
               "points": "the points of the cards left",
               "per-card": "so much for each card left"})
    end_payment: tuple[EndBracket, ...] | None = knob(
        "End payment by cards left",
        "The schedule of what a loser pays by the number of cards he holds "
        "(with losers_pay: schedule).", words="end_payment", minimum=0, maximum=MAX_CHIPS,
        optional=True, default=None)
    end_payment_to: Literal["first-out", "every-player"] = knob(
        "Who receives the end payment",
        "Whom each loser pays by losers_pay: the first player out alone, or every other player "
        "at the table, the other losers too (each the whole amount).",
        words={"first-out": "the first player out",
               "every-player": "every other player, the other losers too, each the whole amount"},
        default="first-out")
    per_card: int = knob(
        "Payment per card", "What a loser pays for each card left (with losers_pay: per-card).",
        words="{v} a card", minimum=0, maximum=MAX_CHIPS, default=1)
    held_charges: tuple[HeldCharge, ...] = knob(
        "Charges for cards held", "What a loser pays for named cards still in his hand.",
        words="held_charges", default=())
    board_held: Literal["nothing", "doubles-pool"] = knob(
        "A board card held at the end", "What a player still holding a board card pays.",
        words={"nothing": "nothing", "doubles-pool": "he doubles that box's pool"},
        default="nothing")
    first_turn_out: Literal["nothing", "takes-all-pools", "losers-pay-double"] = knob(
        "Going out at once",
        "What a player gets who lays all his cards in his first turn, before anyone else has "
        "played: a shorthand for one effect (takes-all-pools is first_turn_out_pools: true; "
        "losers-pay-double is first_turn_out_factor: 2); the separate knobs add to it.",
        words={"nothing": "nothing more", "takes-all-pools": "he takes every pool (grand opéra)",
               "losers-pay-double": "the losers pay double (opéra)"},
        default="nothing")
    first_turn_out_pools: bool = knob(
        "Going out at once: the pools",
        "Whether a player who lays all his cards in his first turn takes every pool on the board "
        "(the sweep step).",
        words={True: "he takes every pool on the board", False: "he takes no pool for it"},
        default=False)
    first_turn_out_factor: int = knob(
        "Going out at once: what the losers pay",
        "The multiplier on what each loser pays by losers_pay when the winner went out in his "
        "first turn (2: the losers pay double).",
        words={1: "the losers pay as usual", 2: "the losers pay double", 3: "the losers pay triple",
               4: "the losers pay four times as much"},
        minimum=1, maximum=4, default=1)
    first_turn_out_end_payment: bool = knob(
        "Going out at once: the end payment",
        "Whether the losers still pay by losers_pay when the winner went out in his first turn, "
        "or the other effects come instead of it.",
        words={True: "the losers pay by losers_pay as well",
               False: "the losers pay nothing by losers_pay: the other effects come instead"},
        default=True)
    steps: tuple[Literal["sweep", "end-payment", "held-charges", "board-held"], ...] = knob(
        "Order of the settlement",
        "The order of the settle steps, each once: sweep (going out at once takes the pools), "
        "end-payment (losers_pay), held-charges (held_charges) and board-held (board_held): "
        "e.g. whether a board card still held doubles its box before or after the sweep.",
        words="steps", default=("sweep", "end-payment", "held-charges", "board-held"))

    @property
    def sweeps(self) -> bool:
        """Whether going out at once takes every pool."""
        return self.first_turn_out_pools or self.first_turn_out == "takes-all-pools"

    @property
    def first_turn_factor(self) -> int:
        """The multiplier on the end payment when the winner went out at once."""
        return self.first_turn_out_factor * (2 if self.first_turn_out == "losers-pay-double" else 1)

    def owed(self, cards_left: int) -> int:
        """What a loser with ``cards_left`` pays by the schedule."""
        for b in self.end_payment or ():
            if cards_left >= b.min and (b.max is None or cards_left <= b.max):
                return b.owed(cards_left)
        raise ValueError(f"the end-payment schedule does not cover {cards_left} cards")


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnUp:
    """A card turned up from the talon after the deal, seen by every player: it may name the
    trump suit, and the dealer may take the pools its card marks."""

    id: str
    #: what each language calls it at the table, a label and not a rule
    #: (``display_names: {fr: le point}``)
    display_names: DisplayNames = ()
    kind: Literal["turnup"] = "turnup"
    trumps: Literal["suit-of-card", "none"] = knob(
        "The trump suit",
        "Whether the suit of the card turned up is the trump suit of the hand (pools marked "
        "with a rank of trumps and holding claims on trumps read it).",
        words={"suit-of-card": "the suit of the card turned up is trumps",
               "none": "the card turned up names no trump suit"})
    dealer_takes: Literal["nothing", "marked-pool"] = knob(
        "The dealer's card turned up",
        "What the dealer gets when the card he turns up marks a pool: nothing, or every pool "
        "it marks (a pool whose board card it is, or whose rank of trumps it has).",
        words={"nothing": "nothing", "marked-pool": "he takes every pool the card marks"})


@dataclass(frozen=True, slots=True)
class HoldingClaim:
    """One pool taken by what a player holds when the stage is played: ``trumps`` (ranks of
    the trump suit, all held together), ``cards`` (named cards, all held together), ``pair``
    (two or more cards of one rank) or ``first_out`` (he went out first in the card game).
    Exactly one is set."""

    pool: str
    trumps: tuple[int, ...] = ()
    cards: CardSet = frozenset()
    pair: bool = False
    first_out: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Holding:
    """Pools taken by holding cards or a combination (the ace, king or queen of trumps; a
    king and queen of trumps together; a pair), or by going out first."""

    id: str
    #: what each language calls it at the table, a label and not a rule
    #: (``display_names: {fr: le point}``)
    display_names: DisplayNames = ()
    kind: Literal["holding"] = "holding"
    claims: tuple[HoldingClaim, ...] = knob(
        "Pools taken by holding",
        "Each pool this stage may give, and what takes it: ranks of trumps held together "
        "({pool: ace, trumps: [A]}), named cards held together ({pool: p, cards: [KS, QS]}), a "
        "pair ({pool: p, pair: true}) or going out first ({pool: p, first_out: true}, the stage "
        "after the card game). What is held is what the hand holds when the stage is played.",
        words="holding_claims")
    say: bool = knob(
        "Saying what one holds",
        "Whether a holder must say what he holds (\"I hold the king of trumps\") to take the "
        "pool, in turn from the eldest, or takes it without a word.",
        words={True: "a holder must say so in his turn, or the pool stays",
               False: "the pool goes to its holder without a word"})
    ties: Literal["eldest", "nobody"] = knob(
        "Several holders",
        "Who takes a pool that several players could take (a pair): the first of them in turn "
        "from the eldest, or nobody (the pool stays).",
        words={"eldest": "the first of them in turn from the eldest",
               "nobody": "nobody: the pool stays on the board"})


@dataclass(frozen=True, slots=True, kw_only=True)
class Exchange:
    """The discard and take-in (Piquet): the cards not dealt are a stock, face down; in turn
    from the eldest each player lays out cards of his hand and takes as many from the top of
    the stock, the eldest from his share of it, the other from what is left."""

    id: str
    #: what each language calls it at the table, a label and not a rule
    #: (``display_names: {fr: l'écart}``)
    display_names: DisplayNames = ()
    kind: Literal["exchange"] = "exchange"
    elder_most: int = knob(
        "The eldest's exchange",
        "The most cards the eldest may lay out and take from the top of the stock; the rest of "
        "the stock is the other player's share.",
        words="the eldest exchanges at most {v} cards", minimum=1, maximum=20)
    elder_least: int = knob(
        "The eldest's least exchange",
        "The fewest cards the eldest must exchange (0: he may keep his hand).",
        words="the eldest exchanges at least {v}", minimum=0, maximum=20)
    younger_takes: Literal["what-is-left", "own-share"] = knob(
        "The other player's exchange",
        "What the other player may take: everything the eldest left in the stock (his own "
        "share and the cards the eldest did not take), or his own share only.",
        words={"what-is-left": "up to every card the eldest left in the stock",
               "own-share": "up to his own share of the stock only"})
    younger_least: int = knob(
        "The other player's least exchange",
        "The fewest cards the other player must exchange (0: he may keep his hand).",
        words="the other exchanges at least {v}", minimum=0, maximum=20)
    elder_sees_left: bool = knob(
        "The eldest's cards left",
        "Whether the eldest may look at the cards of his share he did not take (the other "
        "player may not).",
        words={True: "the eldest may look at the cards of his share he leaves",
               False: "nobody looks at the cards the eldest leaves"})
    left_seen: Literal["by-younger", "by-nobody"] = knob(
        "The cards left in the stock",
        "Who may look at the cards nobody took, once both have exchanged: the other player "
        "(who takes last), or nobody.",
        words={"by-younger": "the player who exchanged last may look at them",
               "by-nobody": "nobody looks at them"},
        unmeasured="the bots do not read the cards left in the stock: what a player may look at "
                   "changes no simulated play")


@dataclass(frozen=True, slots=True, kw_only=True)
class Declare:
    """Declarations scored as points (Piquet's calling): a hand dealt without a court, then
    the point, the sequences, the sets of one rank, in that order; the eldest calls each,
    the other answers "good", "not good" or "equal", and the holder of the best counts it
    with his other combinations of the kind. A player reaching a score by his combinations
    alone before the other scores anything adds a bonus (repique); the eldest reaching it
    with the play before the other scores adds another (pique)."""

    id: str
    #: what each language calls it at the table, a label and not a rule
    #: (``display_names: {fr: les annonces}``)
    display_names: DisplayNames = ()
    kind: Literal["declare"] = "declare"
    carte_blanche: int = knob(
        "A hand dealt without a court",
        "Points for a hand dealt with no king, queen or jack (carte blanche), counted before "
        "everything else (0: it counts nothing).",
        words="a hand dealt without a court counts {v}", minimum=0, maximum=1000)
    point_keys: tuple[Literal["cards", "value"], ...] = knob(
        "Comparing points", "How two points compare, key by key (the card values are the pack's).",
        words="point_keys")
    point_score: Literal["per-card", "per-card-less-one-at-x4", "per-card-less-one-with-789"] = knob(
        "What the point counts",
        "What the best point scores: one per card; or one less when its value ends in 4 "
        "(34, 44, 54, 64); or one less when it holds the seven, eight and nine.",
        words={"per-card": "one for each card",
               "per-card-less-one-at-x4": "one for each card, one less for a point worth 34, 44, 54 or 64",
               "per-card-less-one-with-789": "one for each card, one less for a point holding the 7, 8 and 9"})
    sequence_min_length: int = knob(
        "Shortest sequence", "The shortest run in one suit that counts.",
        words="at least {v} cards", minimum=2, maximum=13)
    sequence_names: Mapping[int, tuple[str, ...]] = knob(
        "Names of the sequences", "Each length's names; the first is used in output.",
        words="names", key_min=2, key_max=13)
    sequence_scores: Mapping[int, int] = knob(
        "What a sequence counts", "Points for a sequence of each length (a longer run than any "
        "listed counts as the longest listed).",
        words="sequence_scores", key_min=2, key_max=13, minimum=0, maximum=1000)
    sequence_claim: Literal["declared-only", "lower-than-declared", "all-held"] = knob(
        "Sequences counted", "Which of his runs the holder of the best sequence counts.",
        words={"declared-only": "only the best",
               "lower-than-declared": "the best and every lower one he holds",
               "all-held": "every run he holds"})
    set_lowest_rank: int = knob(
        "Lowest rank of a set",
        "The lowest rank, in the pack's order, whose cards make a set (10: tens, jacks, queens, "
        "kings and aces), written as its number (1 ace ... 13 king).",
        words="sets of the rank {v} and above in the pack's order", minimum=1, maximum=13)
    set_names: Mapping[int, tuple[str, ...]] = knob(
        "Names of the sets", "Each size's names; the first is used in output.",
        words="set_names", key_min=2, key_max=4)
    set_scores: Mapping[int, int] = knob(
        "What a set counts", "Points for a set of each size (the smallest size listed is the "
        "smallest set).", words="set_scores", key_min=2, key_max=4, minimum=0, maximum=1000)
    set_claim: Literal["declared-only", "lower-than-declared", "all-held"] = knob(
        "Sets counted", "Which of his sets the holder of the best set counts.",
        words={"declared-only": "only the best",
               "lower-than-declared": "the best and every lower one he holds",
               "all-held": "every set he holds"})
    answers: Literal["truth", "sinking"] = knob(
        "Calling less than one holds",
        "Whether every call and answer is the truth (the eldest calls his best, the other "
        "says \"good\" only to a call better than his own), or a player may sink a "
        "combination: call less than he holds, or say \"good\" to a call he beats (he never "
        "claims what he does not hold).",
        words={"truth": "each calls his best and answers truly",
               "sinking": "a player may call less than he holds and say \"good\" to a call he beats"},
        unmeasured="the bots call and answer truly: whether a person may sink a combination "
                   "changes no simulated play")
    younger_counts: Literal["after-first-lead", "at-once"] = knob(
        "When the other player counts",
        "When the other player's good combinations are scored: once the eldest has led to the "
        "first trick (and scored his lead), or at once.",
        words={"after-first-lead": "once the eldest has led to the first trick",
               "at-once": "as soon as they are found good"})
    bonus_at: int = knob(
        "Score for repique and pique",
        "The score (in this deal) a player must reach, before the other scores anything, for "
        "repique (by his combinations alone) or pique (the eldest, with the play).",
        words="{v} points", minimum=1, maximum=1000)
    repique: int = knob(
        "Repique", "Points a player adds who reaches bonus_at by his combinations alone, in "
        "the order of counting, before the other scores anything (0: none).",
        words="{v} points", minimum=0, maximum=1000)
    pique: int = knob(
        "Pique", "Points the eldest adds who reaches bonus_at by his combinations and the "
        "play before the other scores anything (0: none); not with a repique.",
        words="{v} points", minimum=0, maximum=1000)

    def point_rules(self) -> VieOnPoint:
        """The point as the combination code reads it (:mod:`hocdsl.combos`): the Hoc's
        definition with this stage's keys."""
        return VieOnPoint(id=self.id, pool="", keys=self.point_keys)

    def run_rules(self) -> VieOnRun:
        """Sequences as the combination code reads them: runs of ``sequence_min_length`` and
        up, every length ranking above the shorter ones (the longest listed score counted)."""
        longest = max(self.sequence_scores)
        return VieOnRun(id=self.id, pool="", min_length=self.sequence_min_length, counts_up_to=longest,
                        longer_ranks_higher=True, names=self.sequence_names, keys=("length", "height"),
                        major="to-the-king", payments={n: _NO_PAYMENT for n in self.sequence_scores},
                        claim=self.sequence_claim)

    def set_rules(self) -> VieOnSet:
        """Sets as the combination code reads them: the smallest size listed and up, the bigger
        first, then the rank in the pack's order."""
        return VieOnSet(id=self.id, pool="", min_size=min(self.set_scores), names=self.set_names,
                        keys=("size", "rank"), major="kings", payments={n: _NO_PAYMENT for n in self.set_scores},
                        claim=self.set_claim)


#: What a declare stage's combinations are paid in chips: nothing (they score points).
_NO_PAYMENT = Payment(0, 0)


@dataclass(frozen=True, slots=True, kw_only=True)
class Tricks:
    """Trick-taking play: each player in turn plays one card to a trick, the best card wins it
    and its winner leads the next; points scored for the cards won, the last trick, the most
    tricks or all of them, and the cards led; a stock the players draw from after each trick."""

    id: str
    #: what each language calls it at the table, a label and not a rule
    #: (``display_names: {fr: le point}``)
    display_names: DisplayNames = ()
    kind: Literal["tricks"] = "tricks"
    first_lead: Literal["eldest", "dealer"] = knob(
        "The first lead",
        "Who leads to the first trick; the winner of each trick leads to the next.",
        words={"eldest": "the eldest (the non-dealer) leads first",
               "dealer": "the dealer leads first"})
    following: Literal["any", "must-follow"] = knob(
        "Following suit",
        "What a player may play to a trick led: any card (even a trump while holding the suit "
        "led), or a card of the suit led when he holds one (any card when he holds none; he "
        "need not win the trick).",
        words={"any": "any card, even a trump while holding the suit led",
               "must-follow": "a card of the suit led if he holds one, else any card"})
    following_after_stock: Literal["same", "any", "must-follow", "must-win"] = knob(
        "Following once the stock is out",
        "What a player may play once the stock is drawn out (with draw: after-trick): the same "
        "as before, or another rule for the last tricks.",
        words={"same": "as before the stock was drawn out",
               "any": "any card",
               "must-follow": "a card of the suit led if he holds one, else any card (a trump or not)",
               "must-win": "a card of the suit led that wins the trick if he holds one, else one of that "
                           "suit; holding none, a trump if he holds one"})
    trumps: Literal["none", "turnup", "first-marriage"] = knob(
        "Trumps",
        "Whether a suit beats the others: none, the suit a turnup stage named (the card "
        "turned up from the talon), or the suit of the first marriage declared in play (else of "
        "the first sequence); a trump beats every card of another suit.",
        words={"none": "no trumps", "turnup": "the suit of the card turned up is trumps",
               "first-marriage": "the suit of the first marriage declared (else the first sequence) is trumps"})
    order: tuple[int, ...] | None = knob(
        "The order of the cards in play",
        "The ranks from the highest to the lowest in a trick, written A, 2..10, J, Q, K (e.g. "
        "[A, 10, K, Q, J, 9, 8, 7]: the ten above the king); every rank of the pack, each once. "
        "Absent: the pack's order (pack.order).",
        words="rank_order", minimum=1, maximum=13, optional=True, default=None)
    identical: Literal["first-played"] = knob(
        "Two identical cards",
        "Which of two identical cards (a pack of copies) played to one trick is the better.",
        words={"first-played": "the first played wins"})
    draw: Literal["none", "after-trick"] = knob(
        "The stock",
        "Whether the players draw from the stock (the cards not dealt): not at all, or after "
        "each trick one card each, the trick's winner first, for as long as the stock has a card "
        "for each.",
        words={"none": "nobody draws: the cards not dealt stay as they are",
               "after-trick": "after each trick, one card each from the stock, the winner first"})
    card_points: Mapping[int, int] | None = knob(
        "Points for the cards won",
        "Points the winner of a trick scores for each card of these ranks in it, written by rank "
        "(e.g. {A: 10, 10: 10}); absent: none.",
        words="card_points", minimum=0, maximum=1_000, optional=True, default=None)
    last_trick: int = knob(
        "The last trick",
        "Points its winner scores for the last trick of the deal.",
        words="the winner of the last trick scores {v} more", minimum=0, maximum=1_000)
    majority: int = knob(
        "The most tricks (the cards)",
        "Points a player scores for winning more tricks than any other (none when tied).",
        words="the player with the most tricks scores {v}", minimum=0, maximum=1_000)
    all_tricks: int = knob(
        "All the tricks (capot)",
        "Points a player who wins every trick scores, in place of the points for the most tricks "
        "(0: none beyond those).",
        words="a player who wins every trick scores {v} instead", minimum=0, maximum=1_000)
    lead_points: int = knob(
        "Points for a card led",
        "Points the leader of a trick scores for the card he leads, winning or not (of the ranks "
        "counting_ranks lists).",
        words="the leader scores {v} for each card he leads", minimum=0, maximum=100)
    win_points: int = knob(
        "Points for a trick won by the second hand",
        "Points a player scores for winning a trick he did not lead, with a card of the ranks "
        "counting_ranks lists.",
        words="a player who wins a trick he did not lead scores {v}", minimum=0, maximum=100)
    counting_ranks: tuple[int, ...] | None = knob(
        "The cards that count when led or winning",
        "The ranks whose cards score lead_points when led and win_points when winning, written A, "
        "2..10, J, Q, K; absent: every card.",
        words="counting_ranks", minimum=1, maximum=13, optional=True, default=None)
    card_points_when: Literal["trick", "end", "apart"] = knob(
        "When the cards won score",
        "Whether the points of card_points are scored as each trick is won, or added up and "
        "scored at the end of the deal, or kept apart from the deal's points: counted only by "
        "the partie's settlement in chips, to break a tie or to save the rubicon.",
        words={"trick": "as each trick is won", "end": "at the end of the deal, added up",
               "apart": "kept apart, counted only to break a tie or to save the rubicon"},
        default="trick")
    order_after_stock: tuple[int, ...] | None = knob(
        "The order of the cards once the stock is out",
        "The ranks from the highest in the last tricks, once the stock is drawn out (with draw: "
        "after-trick), written as `order`; absent: `order` stays.",
        words="rank_order", minimum=1, maximum=13, optional=True, default=None)
    declarations: Literal["none", "after-trick"] = knob(
        "Declarations in play",
        "Whether combinations held are declared for points during the play: not at all, or by "
        "the winner of a trick before he draws, one combination at a time, while the stock "
        "lasts; the cards declared stay shown on the table and are still part of the hand.",
        words={"none": "no combination is declared in play",
               "after-trick": "the winner of a trick may declare one combination before drawing, "
                              "while the stock lasts"},
        default="none")
    redeclare: Literal["fresh-cards", "substitute"] = knob(
        "Cards declared again",
        "Which cards may go into a later declaration: `fresh-cards`, a card once declared in a "
        "combination may not go into another of the same kind, nor into an inferior one of its "
        "family (a marriage after a sequence, a single after a double of the named pair), but may "
        "go into a superior one or one of another kind; `substitute`, a card may go into the same "
        "combination again with a card substituted or added (never the very same cards twice), "
        "still never into an inferior one.",
        words={"fresh-cards": "never again in a combination of the same kind or an inferior one",
               "substitute": "again in the same combination with another card, never in an inferior one"},
        default="fresh-cards")
    carte_blanche: int = knob(
        "Carte blanche in play",
        "Points for a hand dealt without king, queen or knave, scored at the start of play, and "
        "again after each card drawn that is none of them, until one is drawn (0: none).",
        words="a hand without a court card scores {v}, again at each draw without one",
        minimum=0, maximum=1_000, default=0)
    trump_seven: int = knob(
        "The seven of trumps",
        "Points for the seven of trumps: turned up (to the dealer) or declared; its first "
        "holder to declare it takes the card turned up in exchange (0: no such score).",
        words="the seven of trumps scores {v}", minimum=0, maximum=1_000, default=0)
    marriage: int = knob(
        "A marriage",
        "Points for a king and queen of a suit not trumps, declared together (0: none).",
        words="a marriage (king and queen of a plain suit) scores {v}", minimum=0, maximum=1_000, default=0)
    royal_marriage: int = knob(
        "A royal marriage",
        "Points for the king and queen of trumps, declared together (0: none).",
        words="a royal marriage (king and queen of trumps) scores {v}", minimum=0, maximum=1_000, default=0)
    trump_sequence: int = knob(
        "A sequence in trumps",
        "Points for the five highest trumps of `order` declared together (0: none).",
        words="a sequence of the five best trumps scores {v}", minimum=0, maximum=10_000, default=0)
    plain_sequence: int = knob(
        "A sequence in a plain suit",
        "Points for the five highest cards of `order` of a suit not trumps, declared together "
        "(0: none).",
        words="a sequence in a plain suit scores {v}", minimum=0, maximum=10_000, default=0)
    bezique_cards: CardSet = knob(
        "The bezique",
        "The two cards, of different ranks, that make a bezique when declared together (with copies "
        "of the pack, two copies of each make a double, and so on); none: no such combination.",
        words="cards", default=frozenset(), min_items=0)
    bezique: int = knob(
        "A single bezique",
        "Points for the two cards of bezique_cards declared together.",
        words="a bezique scores {v}", minimum=0, maximum=10_000, default=0)
    double_bezique: int = knob(
        "A double bezique",
        "Points for two copies of each card of bezique_cards declared together (0: none).",
        words="a double bezique scores {v}", minimum=0, maximum=10_000, default=0)
    triple_bezique: int = knob(
        "A triple bezique",
        "Points for three copies of each card of bezique_cards declared together (0: none).",
        words="a triple bezique scores {v}", minimum=0, maximum=10_000, default=0)
    quadruple_bezique: int = knob(
        "A quadruple bezique",
        "Points for four copies of each card of bezique_cards declared together (0: none).",
        words="a quadruple bezique scores {v}", minimum=0, maximum=10_000, default=0)
    four_aces: int = knob(
        "Four aces",
        "Points for four aces of any suits declared together (0: none).",
        words="four aces score {v}", minimum=0, maximum=1_000, default=0)
    four_kings: int = knob(
        "Four kings",
        "Points for four kings of any suits declared together (0: none).",
        words="four kings score {v}", minimum=0, maximum=1_000, default=0)
    four_queens: int = knob(
        "Four queens",
        "Points for four queens of any suits declared together (0: none).",
        words="four queens score {v}", minimum=0, maximum=1_000, default=0)
    four_knaves: int = knob(
        "Four knaves",
        "Points for four knaves of any suits declared together (0: none).",
        words="four knaves score {v}", minimum=0, maximum=1_000, default=0)


Vie: TypeAlias = VieOnPoint | VieOnRun | VieOnSet
Stage: TypeAlias = (VieOnPoint | VieOnRun | VieOnSet | BlankHandClaims | Stops | Settle | TurnUp | Holding | Tricks
                    | Exchange | Declare)

#: (kind, on) -> the stage class. ``on`` is None for kinds without one.
STAGE_CLASSES: dict[tuple[str, str | None], type] = {
    ("vie", "point"): VieOnPoint,
    ("vie", "run"): VieOnRun,
    ("vie", "set"): VieOnSet,
    ("claims", "blank-hand"): BlankHandClaims,
    ("stops", None): Stops,
    ("settle", None): Settle,
    ("turnup", None): TurnUp,
    ("holding", None): Holding,
    ("exchange", None): Exchange,
    ("declare", None): Declare,
    ("tricks", None): Tricks,
}

#: The sections at the top of a ruleset, with their classes; each is a knob prefix.
SECTIONS: dict[str, type] = {"pack": Pack, "deal": Deal, "table": Table, "bidding": Bidding}
#: Words a stage id may not be (they are the top-level sections' names).
RESERVED_IDS = frozenset(SECTIONS) | {"pools", "stages", "sources", "name", "title", "summary",
                                      "extends", "kind", "format"}


# ------------------------------------------------------- readings, expectations ----


@dataclass(frozen=True, slots=True)
class KnobChange:
    """One knob a whole reading sets: its path, the value it gives (as the model holds it)
    and the provenance the reading gives that value."""

    path: str
    value: Any
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class NamedReading:
    """A whole reading: a named set of changes to the ruleset (knobs, stages and pools
    added, removed or replaced), each with its provenance, the reading itself with one.

    It is written under ``readings:`` the way an extension is written (sections, pools,
    stages), beside its ``title`` and provenance, and a lost rule's ``alternatives:`` may
    name it (``- reading: <id>``). The loader resolves every reading as a complete
    ruleset and refuses one that is not; ``knobs``, ``added`` and ``removed`` are what
    that ruleset differs in from the ruleset as written.
    """

    id: str
    title: str
    provenance: Provenance
    knobs: tuple[KnobChange, ...]
    #: stages and pools the reading adds (or replaces by another kind): ``("stage", id, kind)``
    added: tuple[tuple[str, str, str], ...] = ()
    #: stages and pools it removes: ``("stage", id)``
    removed: tuple[tuple[str, str], ...] = ()
    declared_in: str | None = None
    line: int | None = None
    #: the reading as its file wrote it (plain data), for ``hoc show --format yaml``
    written: Any = None

    def paths(self) -> frozenset[str]:
        """Every knob path and structural id it touches (``stages.<id>``, ``pools.<id>``)."""
        out = {c.path for c in self.knobs}
        out |= {f"{what}s.{i}" for what, i, _k in self.added}
        out |= {f"{what}s.{i}" for what, i in self.removed}
        return frozenset(out)


@dataclass(frozen=True, slots=True)
class Pick:
    """One choice of a whole reading: alternative ``index`` (0-based) of the knob at
    ``path``, or the named reading ``reading``."""

    path: str | None = None
    index: int = 0
    reading: str | None = None

    def __str__(self) -> str:
        return f"reading {self.reading}" if self.reading is not None else f"{self.path}#{self.index + 1}"


#: How an expectation compares: above, below, or between two numbers.
ExpectOp = Literal[">", "<", "between"]


@dataclass(frozen=True, slots=True)
class Expectation:
    """What a source says or implies about play, as a condition on a simulated metric
    (``net_per_hand.dealer < 0``: "the dealer pays for the board").

    ``left`` is a metric of ``hoc simulate``; ``op`` is ``>``, ``<`` or ``between``;
    ``right`` another metric or a number (``between``: ``right`` and ``high`` the bounds).
    ``players``: the numbers of players it speaks of (empty: every number).
    """

    id: str
    says: str
    holds: str
    left: str
    op: ExpectOp
    right: str | float
    high: float | None
    provenance: Provenance
    players: tuple[int, ...] = ()
    #: where its ``holds:`` is written (file, line, column), for an error about its metrics
    file: str | None = None
    line: int | None = None
    column: int | None = None

    def metrics(self) -> tuple[str, ...]:
        """The metrics it reads."""
        return (self.left,) + ((self.right,) if isinstance(self.right, str) else ())


# ------------------------------------------------------------------ ruleset ----


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One game, one reading of its sources, fully resolved."""

    name: str
    title: str
    summary: str
    extends: tuple[str, ...]  # the chain of ancestors, nearest first
    extensions: tuple[str, ...]  # extensions applied (--with)
    sources: Mapping[str, Source]
    pack: Pack
    deal: Deal
    table: Table
    pools: tuple[PoolRules, ...]
    bidding: Bidding | None
    stages: tuple[Stage, ...]
    provenance: Mapping[str, Provenance]
    path: str | None = None  # file it was loaded from
    #: the whole readings the file names (``readings:``)
    readings: tuple[NamedReading, ...] = ()
    #: what the sources say about play, as conditions on metrics (``expectations:``)
    expectations: tuple[Expectation, ...] = ()
    #: how to load it again: its file and the extensions laid over it (empty for a ruleset
    #: changed in memory, as :meth:`with_knobs` makes); readings are composed from it
    origin: tuple[str, ...] = ()

    # --- the stages by what they do -------------------------------------

    def display_name(self, ident: str, lang: str) -> str:
        """What ``lang`` calls the pool or stage ``ident`` at the table (its ``display_names:``),
        else ``ident`` itself.

        >>> from hocdsl.rules import load_ruleset
        >>> r = load_ruleset("hoc-mazarin")
        >>> r.display_name("sequence", "fr"), r.display_name("sequence", "en")
        ('la séquence', 'sequence')
        """
        for p in self.pools:
            if p.id == ident:
                return dict(p.display_names).get(lang, ident)
        for st in self.stages:
            if st.id == ident:
                return dict(st.display_names).get(lang, ident)
        return ident

    def stage(self, stage_id: str) -> Stage:
        """The stage with id ``stage_id`` (KeyError if none)."""
        for s in self.stages:
            if s.id == stage_id:
                return s
        raise KeyError(f"{self.name} has no stage {stage_id!r}")

    @property
    def vie_stages(self) -> tuple[Vie, ...]:
        return tuple(s for s in self.stages if s.kind == "vie")  # type: ignore[misc,unused-ignore]

    def _first(self, cls: type) -> Any:
        for s in self.stages:
            if s.__class__ is cls:
                return s
        return None

    @property
    def point(self) -> VieOnPoint | None:
        """The vie stage on the point, if the game bids on it."""
        return self._first(VieOnPoint)  # type: ignore[no-any-return]

    @property
    def sequence(self) -> VieOnRun | None:
        """The vie stage on runs, if any."""
        return self._first(VieOnRun)  # type: ignore[no-any-return]

    @property
    def tricon(self) -> VieOnSet | None:
        """The vie stage on sets of one rank, if any."""
        return self._first(VieOnSet)  # type: ignore[no-any-return]

    @property
    def blank_hand(self) -> BlankHandClaims | None:
        return self._first(BlankHandClaims)  # type: ignore[no-any-return]

    @property
    def card_game(self) -> Stops | None:
        """The stops stage (the card game), if any."""
        return self._first(Stops)  # type: ignore[no-any-return]

    @property
    def settle(self) -> Settle | None:
        return self._first(Settle)  # type: ignore[no-any-return]

    @property
    def exchange(self) -> Exchange | None:
        """The exchange stage (the discard and take-in), if any."""
        return self._first(Exchange)  # type: ignore[no-any-return]

    @property
    def declare(self) -> Declare | None:
        """The declare stage (declarations scored as points), if any."""
        return self._first(Declare)  # type: ignore[no-any-return]

    @property
    def turnup(self) -> TurnUp | None:
        """The turnup stage (a card turned up from the talon), if any."""
        return self._first(TurnUp)  # type: ignore[no-any-return]

    # --- players and pools -------------------------------------------------

    @property
    def players(self) -> tuple[int, ...]:
        """The numbers of players the ruleset admits, ascending (``deal.players``, or the
        numbers ``deal.hand_size`` lists)."""
        return tuple(sorted(self.deal.players or self.deal.hand_size))

    def hand_size(self, players: int) -> int:
        """Cards dealt to each of ``players``; a count the ruleset does not allow is an error."""
        try:
            return self.deal.hand_size[players]
        except KeyError:
            allowed = ", ".join(str(n) for n in self.players)
            raise ValueError(f"{self.name} is played by {allowed} players, not {players}") from None

    def at_players(self, players: int) -> Ruleset:
        """The ruleset as played by ``players``: itself, unless ``pack.cards_by_players``
        gives that number another pack; then a copy whose ``pack.cards`` is that pack
        (the same object each time it is asked, so that what the engine derives from
        it is derived once).

        >>> from hocdsl.rules import load_ruleset
        >>> r = load_ruleset("hoc-mazarin")
        >>> r.at_players(3) is r
        True
        """
        by = self.pack.cards_by_players
        if by is None or players not in by or by[players] == self.pack.cards:
            return self
        made = _AT_PLAYERS.get((id(self), players))
        if made is not None and made[0] is self:
            return made[1]
        import dataclasses

        out = dataclasses.replace(self, pack=dataclasses.replace(self.pack, cards=by[players]))
        if len(_AT_PLAYERS) > 256:
            _AT_PLAYERS.clear()
        _AT_PLAYERS[(id(self), players)] = (self, out)
        return out

    def pool_index(self, pool_id: str) -> int:
        for i, p in enumerate(self.pools):
            if p.id == pool_id:
                return i
        raise KeyError(f"{self.name} has no pool {pool_id!r}")

    @property
    def pool_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.pools)

    # --- knobs ------------------------------------------------------------

    def sections(self) -> Iterator[tuple[str, Any]]:
        """Every knob-bearing part with its path prefix, in file order:
        ``("pack", Pack)``, ..., ``("pools.point", PoolRules)``, ``("card_game", Stops)``."""
        for name in SECTIONS:
            obj = getattr(self, name)
            if obj is not None:
                yield name, obj
        for p in self.pools:
            yield f"pools.{p.id}", p
        for s in self.stages:
            yield s.id, s

    def knobs(self) -> dict[str, Any]:
        """Every knob as ``{"path": value}``, in file order."""
        out: dict[str, Any] = {}
        for prefix, obj in self.sections():
            for name, _spec in knob_fields(obj.__class__):
                out[f"{prefix}.{name}"] = getattr(obj, name)
        return out

    def with_knobs(self, changes: Mapping[str, Any], name: str | None = None) -> Ruleset:
        """A copy with the knobs at the given paths set to the given (model) values.

        >>> from hocdsl.rules import load_ruleset
        >>> r = load_ruleset("hoc-mazarin").with_knobs({"bidding.raise_cap": 40, "point.keys": ("value",)})
        >>> r.bidding.raise_cap, r.point.keys
        (40, ('value',))
        """
        import dataclasses

        by_prefix: dict[str, dict[str, Any]] = {}
        for path, value in changes.items():
            self.knob_spec(path)  # KeyError for a path that is no knob
            prefix, _, knob_name = path.rpartition(".")
            by_prefix.setdefault(prefix, {})[knob_name] = value
        top: dict[str, Any] = {}
        for sec in SECTIONS:
            if sec in by_prefix:
                top[sec] = dataclasses.replace(getattr(self, sec), **by_prefix[sec])
        pools = tuple(dataclasses.replace(p, **by_prefix[f"pools.{p.id}"]) if f"pools.{p.id}" in by_prefix else p
                      for p in self.pools)
        stages = tuple(dataclasses.replace(st, **by_prefix[st.id]) if st.id in by_prefix else st
                       for st in self.stages)
        # the knobs changed no longer list their new value as an alternative, and whole
        # readings, written against the ruleset as loaded, are left behind with its origin
        prov = dict(self.provenance)
        for path, value in changes.items():
            p = prov.get(path)
            if p is not None and any(a.value == value for a in p.alternatives):
                # the value chosen before takes the place of the alternative now chosen
                before = self.knobs()[path]
                prov[path] = dataclasses.replace(p, alternatives=tuple(
                    a if a.value != value else Alternative(before, dataclasses.replace(p, alternatives=()))
                    for a in p.alternatives))
        for path, p in list(prov.items()):
            if any(a.reading is not None for a in p.alternatives):
                prov[path] = dataclasses.replace(p, alternatives=tuple(
                    a for a in p.alternatives if a.reading is None))
        from .build import FrozenMap  # build imports this module: imported when called

        # a Ruleset's provenance is a FrozenMap (build.py makes it so): hashable, picklable
        return dataclasses.replace(self, pools=pools, stages=stages, name=name or self.name, origin=(),
                                   readings=(), provenance=FrozenMap(prov), **top)

    def knob_spec(self, path: str) -> KnobSpec:
        """The model's definition of the knob at ``path``."""
        return knob_spec_of(self, path)

    def reading(self, reading_id: str) -> NamedReading:
        """The whole reading named ``reading_id`` (KeyError if none)."""
        for r in self.readings:
            if r.id == reading_id:
                return r
        raise KeyError(f"{self.name} has no reading {reading_id!r}")

    def section_of(self, path: str) -> Any:
        """The section, pool or stage object a knob path points into."""
        prefix, _, _name = path.rpartition(".")
        for p, obj in self.sections():
            if p == prefix:
                return obj
        raise KeyError(f"{self.name} has no knob {path!r}")


#: :meth:`Ruleset.at_players`' copies, by (the ruleset's id, players); each keeps its
#: ruleset alive, so an id is never reused while cached
_AT_PLAYERS: dict[tuple[int, int], tuple[Ruleset, Ruleset]] = {}


def knob_spec_of(rules: Ruleset, path: str) -> KnobSpec:
    obj = rules.section_of(path)
    name = path.rpartition(".")[2]
    for n, spec in knob_fields(obj.__class__):
        if n == name:
            return spec
    raise KeyError(f"{rules.name} has no knob {path!r}")
