"""What happens at the table, as frozen values appended to ``Game.events``.

Every chip that moves is a :class:`ChipMove` (payer, payee, amount, reason);
everything else said or done has its own event type. Seats are ints in the
direction of play; a pool is a :class:`Pool` value (:func:`pools_of` gives a ruleset's).

Chip-move reasons (``ChipMove.reason``): ``ante``, ``raise``, ``call``,
``pool`` (a chance's pool to its winner), ``refund`` (antes returned when a
ruleset does not carry a passed pool), ``sequence``, ``tricon``,
``blank-hand``, ``hoc``, ``end-payment``, ``penalty``, ``double-game`` (the flat
payment to the winner of a doubled chance).

>>> ChipMove(0, Pool("point"), 1, ANTE, "point")
ChipMove(payer=0, payee=Pool(id='point'), amount=1, reason='ante', chance='point')
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import TYPE_CHECKING, Any, Final, TypeVar, Union, cast, dataclass_transform

from ..actions import Action
from ..cards import Card, Chips, Hand, Rank, Seat
from ..rules.cache import per_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from _typeshed import DataclassInstance

    from ..combos import Point, Run, Trio
    from ..rules.model import Ruleset

# ------------------------------------------------------------ reasons ----

ANTE: Final = "ante"
RAISE: Final = "raise"
CALL: Final = "call"
POOL: Final = "pool"
REFUND: Final = "refund"
SEQUENCE: Final = "sequence"
TRICON: Final = "tricon"
BLANK_HAND: Final = "blank-hand"
HOC: Final = "hoc"
END_PAYMENT: Final = "end-payment"
PENALTY: Final = "penalty"
BOARD: Final = "board"  # a board card laid takes its pool
LAID: Final = "laid"  # a card paid for when laid
HELD: Final = "held"  # a charge for a card still held at the end
DOUBLING: Final = "doubling"  # a board card still held doubles its pool
OPERA: Final = "opera"  # going out in the first turn takes every pool
TURNUP: Final = "turnup"  # the dealer takes a pool the card he turned up marks
HOLDING: Final = "holding"  # a pool taken by holding cards, or by going out first
DOUBLE_GAME: Final = "double-game"  # the flat payment to the winner of a doubled chance (bidding.double_bonus)
# points scored (Table.score) at a declare stage: not chips
CARTE_BLANCHE: Final = "carte-blanche"  # a hand dealt without a court
DECLARED_POINT: Final = "declared-point"  # the point found good
DECLARED_SEQUENCE: Final = "declared-sequence"  # the sequences of the best one's holder
DECLARED_SET: Final = "declared-set"  # the quatorzes and trios of the best one's holder
REPIQUE: Final = "repique"  # thirty by combinations alone before the other scores
REASONS = (ANTE, RAISE, CALL, POOL, REFUND, SEQUENCE, TRICON, BLANK_HAND, HOC, END_PAYMENT, PENALTY,
           BOARD, LAID, HELD, DOUBLING, OPERA, TURNUP, HOLDING,
           DOUBLE_GAME)

# Score reasons (``Scored.reason``): points, not chips, each told by the kind that scores it.
LEAD: Final = "lead"  # a card led (tricks: lead_points)
TRICK_WON: Final = "trick-won"  # a trick won by a player who did not lead it (tricks: win_points)
CARDS_WON: Final = "cards-won"  # the cards of the ranks that count in a trick won (tricks: card_points)
LAST_TRICK: Final = "last-trick"  # the last trick of the deal (tricks: last_trick)
MOST_TRICKS: Final = "most-tricks"  # more tricks than any other player, "the cards" (tricks: majority)
ALL_TRICKS: Final = "all-tricks"  # every trick, capot (tricks: all_tricks)
PIQUE: Final = "pique"  # a score reached first in play, the others at nothing (tricks: pique)
# combinations declared in play by a trick's winner (tricks: declarations; engine/melds.py)
TRUMP_SEVEN: Final = "trump-seven"  # the seven of trumps, declared or turned up
MARRIAGE: Final = "marriage"  # king and queen of a plain suit
ROYAL_MARRIAGE: Final = "royal-marriage"  # king and queen of trumps
TRUMP_SEQUENCE: Final = "trump-sequence"  # the five best trumps
PLAIN_SEQUENCE: Final = "plain-sequence"  # the five best of a plain suit
BEZIQUE: Final = "bezique"  # the two cards of bezique_cards
DOUBLE_BEZIQUE: Final = "double-bezique"  # two copies of each
TRIPLE_BEZIQUE: Final = "triple-bezique"  # three copies of each
QUADRUPLE_BEZIQUE: Final = "quadruple-bezique"  # four copies of each
CARTE_BLANCHE_PLAY: Final = "carte-blanche-in-play"  # a hand without a court card, in play (tricks)
FOUR_ACES: Final = "four-aces"
FOUR_KINGS: Final = "four-kings"
FOUR_QUEENS: Final = "four-queens"
FOUR_KNAVES: Final = "four-knaves"
MELD_REASONS = (TRUMP_SEVEN, MARRIAGE, ROYAL_MARRIAGE, TRUMP_SEQUENCE, PLAIN_SEQUENCE, BEZIQUE, DOUBLE_BEZIQUE,
                TRIPLE_BEZIQUE, QUADRUPLE_BEZIQUE, FOUR_ACES, FOUR_KINGS, FOUR_QUEENS, FOUR_KNAVES, CARTE_BLANCHE_PLAY)
SCORE_REASONS = (LEAD, TRICK_WON, CARDS_WON, LAST_TRICK, MOST_TRICKS, ALL_TRICKS, PIQUE) + MELD_REASONS

# Stage names (``Game.stage``, and the ``stage`` of a :class:`Passed`): the
# chances by name, then these.
BLANK_STAGE: Final = "blank-hand"
CARDS_STAGE: Final = "cards"
OVER_STAGE: Final = "over"


@dataclass(frozen=True, slots=True)
class Pool:
    """One of the ruleset's named pools, as a payer or payee of chips."""

    id: str
    index: int = field(default=0, compare=False, repr=False)  # position in the ruleset's pools

    @property
    def chance(self) -> str:
        """The pool's id (a vie stage's pool is named for its chance: ``point``)."""
        return self.id

    def __str__(self) -> str:
        return f"{self.id} pool"


@per_ruleset
def pools_of(rules: Ruleset) -> tuple[Pool, ...]:
    """The ruleset's pools as :class:`Pool` values, in its order."""
    return tuple(Pool(p.id, i) for i, p in enumerate(rules.pools))


#: A payer or payee of chips: a seat or a pool.
Party = Union[Seat, Pool]


class Event:
    """Base of every event (no fields)."""

    __slots__ = ()


_E = TypeVar("_E")


def _fast_init(cls: type[_E]) -> type[_E]:
    """Give a frozen slotted dataclass an ``__init__`` that fills the slots
    through their descriptors: the same object, built about twice as fast as
    the generated ``__init__`` (which goes through ``object.__setattr__``).
    Events are made at every action, so this is on the simulator's hot path."""
    fs = fields(cast("type[DataclassInstance]", cls))
    ns: dict[str, Any] = {}
    params = []
    for f in fs:
        ns[f"_s_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is not MISSING:
            ns[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        else:
            params.append(f.name)
    binds = ", ".join(f"_s_{f.name}=_s_{f.name}" for f in fs)
    body = "".join(f"        _s_{f.name}(self, {f.name})\n" for f in fs) or "        pass\n"
    src = (f"def _make({binds}):\n"
           f"    def __init__(self, {', '.join(params)}):\n{body}"
           f"    return __init__\n")
    exec(src, ns)
    init = ns["_make"]()
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = getattr(cls, "__init__").__doc__
    setattr(cls, "__init__", init)
    return cls


@dataclass_transform(frozen_default=True)
def event(cls: type[_E]) -> type[_E]:
    """``@dataclass(frozen=True, slots=True)`` with a fast ``__init__``."""
    return _fast_init(dataclass(frozen=True, slots=True)(cls))


# ------------------------------------------------------------ chips ----


@event
class ChipMove(Event):
    """``amount`` chips from ``payer`` to ``payee`` (each a seat or a pool), for ``reason``."""

    payer: Party
    payee: Party
    amount: Chips
    reason: str
    chance: str | None = None


# ------------------------------------------------------------ points ----


@event
class Scored(Event):
    """``seat`` scores ``points`` this deal for ``reason`` (a word of the kind that scores it:
    ``last-trick``, ``cards``...) at the stage ``stage`` (its id); ``total``: the seat's points
    this deal after it. Points are not chips: a deal's points are kept beside the ledger
    (:attr:`~.table.Table.points`), written only by :meth:`~.table.Table.score`."""

    seat: Seat
    points: int
    reason: str
    stage: str
    total: int


# ------------------------------------------------------------ setup ----


@event
class HandStarted(Event):
    """A hand begins: who deals, who is eldest, the pools and multipliers carried in."""

    players: int
    dealer: Seat
    eldest: Seat
    pools: tuple[Chips, ...]  # per pool, the ruleset's order, before this hand's antes
    multipliers: tuple[int, ...]  # per pool


@event
class Dealt(Event):
    """``seat`` received ``hand`` (a bitset). Hidden from the other seats' views."""

    seat: Seat
    hand: Hand


# ---------------------------------------------------------- bidding ----


@event
class Passed(Event):
    """``seat`` passed at ``stage`` (a chance or ``blank-hand``); ``fold`` after a raise."""

    seat: Seat
    stage: str
    fold: bool = False


@event
class Raised(Event):
    """``seat`` raised ``amount`` over the last stake; ``level`` is the new stake."""

    seat: Seat
    chance: str
    amount: Chips
    level: Chips


@event
class Called(Event):
    """``seat`` called (tint) the stake ``level``."""

    seat: Seat
    chance: str
    level: Chips


@event
class Declared(Event):
    """``seat`` declared ``declaration`` (completed from the hand when given with None).

    ``forced`` is False for a declaration that closes the bidding, True for
    one a player was bound to make (after a closing declaration, or at the
    end of the raises).
    """

    seat: Seat
    chance: str
    declaration: Action
    forced: bool


@event
class Conceded(Event):
    """``seat`` said "c'est bon": his hand is below a predecessor's."""

    seat: Seat
    chance: str


@event
class DeclaredNothing(Event):
    """``seat`` stayed in but declared nothing ("rien")."""

    seat: Seat
    chance: str


@event
class Shown(Event):
    """``seat`` showed ``combinations`` (Point, Run or Trio values), the ones he is paid for."""

    seat: Seat
    chance: str
    combinations: tuple[Point | Run | Trio, ...]


@event
class Concealed(Event):
    """A lone winner kept his hand hidden."""

    seat: Seat
    chance: str


@event
class ChanceWon(Event):
    """``seat`` won ``chance``: ``how`` is ``lone``, ``declaration`` or ``bluff``."""

    chance: str
    seat: Seat
    how: str
    pool: Chips  # chips taken from the pool (raises included)
    multiplier: int


@event
class ChancePassed(Event):
    """Nobody won ``chance``: ``how`` is ``all-pass`` or ``bluff`` (pool-carries).

    ``pool`` is what stays for the next hand; ``multiplier`` the next hand's.
    """

    chance: str
    how: str
    pool: Chips
    multiplier: int


# ------------------------------------------------------- blank hands ----


@event
class BlankHandDeclared(Event):
    """``seat`` declared and showed a blank hand (no king, queen or jack)."""

    seat: Seat
    hand: Hand


@event
class BlankHandsCancelled(Event):
    """Two or more blank hands were declared and cancel out (no payment)."""

    seats: tuple[Seat, ...]


# ------------------------------------------------------ card game ----


@event
class Played(Event):
    """``seat`` laid ``card`` on the pile; ``lead`` if it starts a sequence,
    ``wild`` if a principal hoc stood in for the card needed, ``as_rank`` the rank
    a principal hoc led as (``principal_lead_as: any-rank``)."""

    seat: Seat
    card: Card
    lead: bool = False
    wild: bool = False
    as_rank: Rank = 0  # a principal hoc leading as this rank (0: as itself)


@event
class SaidWithout(Event):
    """``seat`` said "without ``rank``"; ``false`` when he held a plain card of it
    (only in lenient play, where the penalty is charged)."""

    seat: Seat
    rank: Rank
    false: bool = False


@event
class Hoc(Event):
    """A hoc for ``seat`` on ``card``: ``kind`` is ``principal``, ``permanent``,
    ``end-of-run`` (the top card of the order) or ``accidental`` (the last card
    of a run nobody could follow)."""

    seat: Seat
    card: Card
    kind: str
    paid: bool  # whether the ruleset pays this hoc


@event
class Claimed(Event):
    """``seat`` claimed (``hoc!``) what he had earned on ``card`` and had to claim
    (``must_claim``): ``kind`` is a kind of hoc, ``laid`` (a card paid when laid) or
    ``board`` (a board box, ``pool`` its id); ``amount`` what each other player
    pays him, or what the box held."""

    seat: Seat
    card: Card
    kind: str
    amount: Chips
    pool: str | None = None


@event
class Forfeited(Event):
    """``seat`` did not claim in time what he had earned on ``card`` (the next card
    was laid, or, under ``claim_window: next-card``, "without" said): nobody pays
    it; a board box (``pool``) stays on the board. Fields as :class:`Claimed`."""

    seat: Seat
    card: Card
    kind: str
    amount: Chips
    pool: str | None = None


@event
class HandOver(Event):
    """``winner`` ran out of cards; ``cards_left`` per seat."""

    winner: Seat
    cards_left: tuple[int, ...]
    first_turn: bool = False  # he went out before anyone else had laid a card


# ------------------------------------------------- turn-up, holding ----


@event
class TurnedUp(Event):
    """The dealer (``seat``) turned up ``card`` from the talon (a turnup stage); ``trumps``:
    the trump suit it names (-1: none)."""

    seat: Seat
    card: Card
    trumps: int


@event
class Held(Event):
    """``seat`` takes the pool ``pool`` (``amount`` chips) by holding ``cards`` (0: by going
    out first), at a holding stage."""

    seat: Seat
    pool: str
    amount: int
    cards: Hand


# ---------------------------------------------- the exchange, the calling ----


@event
class Exchanged(Event):
    """``seat`` laid out ``count`` cards and took as many from the stock (an exchange stage);
    ``left``: how many of the cards it might have taken it left there. Seen by every seat
    (which cards: :class:`TookIn`, its own only)."""

    seat: Seat
    count: int
    left: int


@event
class TookIn(Event):
    """``seat`` laid out ``discarded`` and took ``taken`` (in the stock's order). Hidden from
    the other seats' views, as its deal is (:data:`PRIVATE`)."""

    seat: Seat
    discarded: Hand
    taken: tuple[Card, ...]


@event
class StockSeen(Event):
    """``seat`` may look at ``cards`` of the stock nobody took (an exchange stage's knobs
    say who). Hidden from the other seats' views (:data:`PRIVATE`)."""

    seat: Seat
    cards: Hand


@event
class CalledCombination(Event):
    """``seat`` calls a combination at a declare stage: ``category`` (``point``,
    ``sequence``, ``set``) and ``call``, the declaration (a ``DeclarePoint``,
    ``DeclareSequence``, ``DeclareTricon``, or ``Pass``: nothing called)."""

    seat: Seat
    category: str
    call: Action


@event
class Answered(Event):
    """``seat`` answers the call: ``verdict`` ``good``, ``not-good`` or ``equal``."""

    seat: Seat
    category: str
    verdict: str


@event
class CarteBlanche(Event):
    """``seat`` holds a hand dealt without a court card (``hand``, shown)."""

    seat: Seat
    hand: Hand


#: The events a seat's view hides from the other seats: what one seat alone holds or sees.
PRIVATE: Final = (Dealt, TookIn, StockSeen)
# ------------------------------------------------------------ tricks ----


@event
class TrickCard(Event):
    """``seat`` played ``card`` to the trick ``trick`` (1 for the first); ``lead`` if it led."""

    seat: Seat
    card: Card
    trick: int
    lead: bool = False


@event
class TrickWon(Event):
    """``seat`` won the trick ``trick`` with ``card``; ``cards``: every card of it; ``last``: the
    last trick of the deal."""

    seat: Seat
    card: Card
    trick: int
    cards: Hand
    last: bool = False


@event
class Drew(Event):
    """``seat`` drew ``card`` from the stock (hidden from the other seats' views, as a deal is);
    ``left``: the cards left in the stock."""

    seat: Seat
    card: Card
    left: int


@event
class Melded(Event):
    """``seat``, having won a trick, declared ``cards`` as the combination ``combination`` (a
    score reason: ``marriage``, ``bezique``...) for ``points``; the cards lie shown on the
    table and stay in the hand. ``exchanged``: the card turned up that a seven of trumps
    declared took in exchange (-1: none). Carte blanche in play (``carte-blanche-in-play``)
    shows the hand, or the card drawn that renews it."""

    seat: Seat
    combination: str
    cards: Hand
    points: int
    exchanged: Card = -1
    trumps: int = -1  # the suit this declaration named trumps (tricks trumps: first-marriage), -1: none
    #: what the cards shown make after it that may still be declared, (name, points): "and twenty
    #: to score" (004); derived from the table when the event is made
    to_score: tuple[tuple[str, int], ...] = ()
