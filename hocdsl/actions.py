"""What a player may do or say at the table, as frozen values.

The same objects come from three places: a person's typed announcement (the
lark grammar in :mod:`hocdsl.announce`), a game record, and a bot choosing
among :meth:`Game.legal_actions`. The engine never sees text.

Ranks are ints 1 (ace) .. 13 (king), cards are ints 0..51 (see
:mod:`hocdsl.cards`). Values are interned where it is cheap (``PLAY[card]``,
``RAISE[n]``, ``PASS``...) so the simulator allocates nothing per action.

>>> Raise(3) == RAISE[3]
True
>>> DeclareSequence(5, 13)
DeclareSequence(length=5, top=13)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union, cast
from .cards import MAX_IDS

# ------------------------------------------------------------- bidding ----


@dataclass(frozen=True, slots=True)
class Pass:
    """``pass`` / ``passe``. Before any raise: hand the word on (one may come
    back in later where the ruleset allows). After a raise: fold. At the
    blank-hand stage: do not declare a blank hand."""


@dataclass(frozen=True, slots=True)
class Call:
    """``call`` / ``tiens``: put in as much as the most anyone has put in."""


@dataclass(frozen=True, slots=True)
class Raise:
    """``raise N`` / ``renvie N``: call, then add ``amount`` chips (1..cap)."""

    amount: int


# -------------------------------------------------------- declarations ----


@dataclass(frozen=True, slots=True)
class DeclarePoint:
    """``5 cards`` or ``5 cards, 23`` / ``5 cartes, 23``.

    ``value`` None means "the best value my hand holds for that many cards";
    the engine completes it from the hand.
    """

    cards: int
    value: int | None = None


@dataclass(frozen=True, slots=True)
class DeclareSequence:
    """``quinte to the king`` / ``tierce à la dame`` / ``quatrième mineure``.

    ``length`` is the length as declared (a run longer than the ruleset's cap
    is declared at the cap where the ruleset says longer runs count no more).
    ``top`` is the rank of the highest card; None = the best the hand holds.
    """

    length: int
    top: int | None = None


@dataclass(frozen=True, slots=True)
class DeclareTricon:
    """``brelan of jacks`` / ``carré de rois`` / ``fredon``.

    ``rank`` None means the best tricon of that size the hand holds.
    """

    size: int
    rank: int | None = None


Declaration = Union[DeclarePoint, DeclareSequence, DeclareTricon]


@dataclass(frozen=True, slots=True)
class Concede:
    """``that's fine`` / ``good`` / ``c'est bon``: my hand is below a predecessor's."""


@dataclass(frozen=True, slots=True)
class Nothing:
    """``nothing`` / ``rien``: I stayed in but hold no combination (a bluff)."""


@dataclass(frozen=True, slots=True)
class Show:
    """``show`` / ``montre``: a lone winner shows his combination to be paid for it."""


@dataclass(frozen=True, slots=True)
class Conceal:
    """A lone winner keeps his hand hidden (the default; paid the pool only)."""


@dataclass(frozen=True, slots=True)
class DeclareBlank:
    """``blank hand`` / ``cartes blanches``: no king, queen or jack in hand."""


# ------------------------------------------------------ the card game ----


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``card`` on the pile (to lead, to cover, or a principal hoc).

    ``as_rank`` (0: the card's own rank) is the rank a principal hoc leads a run
    as where the ruleset lets its holder name it (``principal_lead_as:
    any-rank``): ``9D as 4`` / ``9D comme 4``.
    """

    card: int
    as_rank: int = 0

    def __repr__(self) -> str:  # as_rank only when named: Play(card=51)
        return f"Play(card={self.card})" if not self.as_rank else f"Play(card={self.card}, as_rank={self.as_rank})"


@dataclass(frozen=True, slots=True)
class Without:
    """``without N`` / ``sans N``: I cannot (or, for a principal hoc, will not)
    cover with a card of ``rank``."""

    rank: int


@dataclass(frozen=True, slots=True)
class Claim:
    """``hoc!`` said to claim what one has just earned, where the ruleset requires
    it (``must_claim``): a hoc's payment, a card paid when laid, a board box. Open
    to its player, when he has the word, until the next card is laid or (under
    ``claim_window: next-card``) "without" said; unclaimed, it is forfeited."""


@dataclass(frozen=True, slots=True)
class HocMark:
    """``hoc!`` written in a turn. Not an engine action: a record or a player
    says it after a hoc, and the reader checks that a hoc did happen there;
    where the speaker has something to claim (``must_claim``), the reader
    applies it as :class:`Claim`."""


# ------------------------------------------------ the turn-up, holding ----


@dataclass(frozen=True, slots=True)
class TurnUp:
    """``I turn up the ace of hearts`` / ``je retourne l'as de cœur``: the dealer turns
    ``card`` up from the talon (a turnup stage). Dealt from a generator, the engine
    offers the one card chance gives; replayed from a record, the record says which."""

    card: int


@dataclass(frozen=True, slots=True)
class Hold:
    """``I hold the king of trumps`` / ``j'ai le roi d'atout`` (``trumps``: ranks of the
    trump suit, highest first), ``I hold KS QS`` (``cards``, highest first) or ``I hold a
    pair of kings`` (``pair``: its rank): what a player says to take a pool of a holding
    stage whose ``say`` is true."""

    trumps: tuple[int, ...] = ()
    cards: tuple[int, ...] = ()
    pair: int = 0

    @staticmethod
    def of(trumps: tuple[int, ...] = (), cards: tuple[int, ...] = (), pair: int = 0) -> Hold:
        """The one spelling of what is held: ranks and cards highest first (the ace above
        the king), each once, so that two ways of saying it are the same action.

        >>> Hold.of(trumps=(12, 13, 1))
        Hold(trumps=(1, 13, 12), cards=(), pair=0)
        """
        def key(rank: int) -> int:
            return 14 if rank == 1 else rank

        return Hold(tuple(sorted(set(trumps), key=key, reverse=True)),
                    tuple(sorted(set(cards), key=lambda c: (key(c % 13 + 1), -(c // 13)), reverse=True)),
                    pair)


# ------------------------------------------- the exchange, the calling ----


@dataclass(frozen=True, slots=True)
class Discard:
    """``I discard five: 7S 8S 9H 10D JC`` / ``je prends cinq : ...``: lay out ``cards``
    (lowest first) and take as many from the top of the stock (an exchange stage).

    ``take``: the cards taken, in the order of the stock. None: the ones on top, as
    the engine finds them (a hand dealt from a generator); a record replayed with no
    generator names them (``... and take AS KD``), since only it knows the stock's order.

    >>> Discard.of((20, 3, 7)).cards
    (3, 7, 20)
    """

    cards: tuple[int, ...]
    take: tuple[int, ...] | None = None

    @staticmethod
    def of(cards: tuple[int, ...] | list[int], take: tuple[int, ...] | list[int] | None = None) -> Discard:
        """The one spelling of a discard: its cards in ascending order, each once."""
        return Discard(tuple(sorted(set(cards))), None if take is None else tuple(take))


#: The answers to a call (``Answer.verdict``).
GOOD, NOT_GOOD, EQUAL = "good", "not-good", "equal"


@dataclass(frozen=True, slots=True)
class Answer:
    """``good`` / ``bon``, ``not good`` / ``pas bon``, ``equal`` / ``égal``: the other
    player's answer to a call of a declare stage."""

    verdict: str


ANSWERS = (Answer(GOOD), Answer(NOT_GOOD), Answer(EQUAL))
# ----------------------------------------------------------- the stock ----


@dataclass(frozen=True, slots=True)
class Draw:
    """``I draw the nine of hearts`` / ``je pioche le neuf de cœur``: a player draws ``card``
    from the stock after a trick (a tricks stage with ``draw: after-trick``). Dealt from a
    generator, the engine offers the one card chance gives; replayed from a record, the
    record says which."""

    card: int


@dataclass(frozen=True, slots=True)
class ToScore:
    """``and twenty to score`` / ``et vingt à marquer``, said after a declaration: a second
    combination the cards laid out show, kept for a later trick won (004, the ordinary game:
    "If the cards exposed show two combinations"; Rubicon laws 44-45). ``cards``: the cards of it
    laid out with it (() when the cards shown already make it); ``name`` ("" unsaid) and
    ``points`` (-1 unsaid) as for :class:`Meld`.

    >>> ToScore((), "", 20).points
    20
    """

    cards: tuple[int, ...] = ()
    name: str = ""
    points: int = -1


@dataclass(frozen=True, slots=True)
class Meld:
    """``I score forty for bezique: QS JD`` / ``je marque quarante de bésigue : QS JD``: the
    winner of a trick declares ``cards`` (lowest first) as one combination, before he draws
    (a tricks stage with ``declarations: after-trick``). The cards say which combination it
    is; ``name`` (a score reason: ``marriage``, ``bezique``...; "" unsaid) and ``points`` (-1
    unsaid), when said, must be what they make.

    >>> Meld.of((11, 38)).cards
    (11, 38)
    """

    cards: tuple[int, ...]
    name: str = ""
    points: int = -1
    #: what is said "to score" after it (None: nothing)
    to_score: ToScore | None = None

    @staticmethod
    def of(cards: tuple[int, ...] | list[int], name: str = "", points: int = -1,
           to_score: ToScore | None = None) -> Meld:
        """The one spelling of a declaration: its cards in ascending order (and those of what
        it says to score)."""
        if to_score is not None and to_score.cards:
            to_score = ToScore(tuple(sorted(to_score.cards)), to_score.name, to_score.points)
        return Meld(tuple(sorted(cards)), name, points, to_score)


Action = Union[
    Pass, Call, Raise, DeclarePoint, DeclareSequence, DeclareTricon,
    Concede, Nothing, Show, Conceal, DeclareBlank, Play, Without, Claim, TurnUp, Hold, Draw,
    Discard, Answer, Meld,
]

# Interned values: the simulator reuses these instead of allocating.
PASS = Pass()
CALL = Call()
CONCEDE = Concede()
NOTHING = Nothing()
SHOW = Show()
CONCEAL = Conceal()
DECLARE_BLANK = DeclareBlank()
HOC_MARK = HocMark()
CLAIM = Claim()
PLAY = tuple(Play(c) for c in range(MAX_IDS))  # every copy of every card (pack.copies)
# Indexed by rank and by amount: entry 0 is an unused None (typed as the rest, for the indexing).
WITHOUT = cast("tuple[Without, ...]", (None,) + tuple(Without(r) for r in range(1, 14)))  # WITHOUT[rank]
RAISE = cast("tuple[Raise, ...]", (None,) + tuple(Raise(n) for n in range(1, 1001)))  # RAISE[n], n >= 1
