"""A partie: hands one after another, with the deal passing round and the
pools and multipliers carried from each hand to the next.

Each player starts with ``rules.table.starting_stake`` (Lalanne 002 §2: 20
chips and 8 tokens of 10). The first dealer is given or drawn
(``rules.deal.first_dealer``); the next is chosen by
``rules.deal.dealer_rotation`` (``next-in-turn``: the deal passes in the
direction of play, so the eldest of one hand deals the next; ``stays``).
The partie ends after ``max_hands`` hands, after the length the ruleset gives a
partie (``rules.table.partie_deals`` deals, or the deal in which a player has won
``rules.table.partie_target`` chips: encyclopédie ¶7 has the players agree on it
first, or has scored ``rules.table.partie_points`` points over the partie's deals:
:attr:`Partie.scores`), or -- where
``rules.table.insolvency`` is ``stop-partie`` -- at the end of a hand that
leaves a player below nothing; under ``play-on`` balances may go negative.

Records give each deal's dealer and hands (``deal(dealer=..., hands=...)``);
a simulator lets the partie deal from its rng (``deal()``; ``dealing="draw"``
for the simulator's cheaper deal, :func:`draw_hands`) and plays it out with
:meth:`Partie.play`, which yields each hand once it is over.

>>> import random
>>> from hocdsl.rules import load_ruleset
>>> p = Partie(load_ruleset("hoc-mazarin"), ["Anne", "Blaise"], dealer=1, max_hands=1)
>>> g = p.deal(hands=[
...     "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H",
...     "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 2C"])
>>> g.eldest
0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final

from ..pack import pack_of
from ..rules.cache import per_ruleset
from ..rules.model import Ruleset
from .carry import NO_CARRY, Carry
from .game import Game
from .setup import draw_dealer, seat_count
from .stakes import Reckoning, settle, settles_points

if TYPE_CHECKING:  # pragma: no cover
    from .view import SeatView

#: How :meth:`Partie.deal` deals from its rng: ``shuffle`` (:func:`~.setup.deal_hands`,
#: as :class:`Game` deals) or ``draw`` (:func:`draw_hands`, the simulator's deal).
DEALINGS: Final = ("shuffle", "draw")

#: A player for :meth:`Partie.play`: what a seat sees -> the action it takes.
Chooser = Callable[["SeatView"], Any]

_BITS: Final = tuple(1 << c for c in range(52))

#: The :class:`Game` options :meth:`Partie._start` passes by name (any other is passed on as given).
_NAMED: Final = frozenset(("strict", "record", "auto_forced", "auto_equivalent", "dealt_here"))


def draw_hands(rand: Callable[[], float], players: int, size: int, eldest: int,
               cards: Sequence[int] = _BITS) -> list[int]:
    """Deal ``size`` cards to each of ``players`` seats by drawing them one by one
    from what is left of the pack (a partial Fisher-Yates shuffle: one ``rand()``,
    a ``random.Random().random``, per card dealt and none for the cards out of
    play), the eldest's cards first. ``cards``: the pack, one bit per card (the
    full pack of 52 by default). Each deal is as likely as with a full shuffle;
    the simulator deals this way (``Partie(dealing="draw")``).

    >>> hands = draw_hands(random.Random(7).random, 3, 12, eldest=1)
    >>> [h.bit_count() for h in hands], hands[0] & hands[1] & hands[2]
    ([12, 12, 12], 0)
    """
    deck = list(cards)
    m = len(deck)
    hands = [0] * players
    seat = eldest
    i = 0
    for _ in range(players):
        h = 0
        for _ in range(size):
            j = i + int(rand() * (m - i))
            h |= deck[j]
            deck[j] = deck[i]
            i += 1
        hands[seat] = h
        seat = seat + 1 if seat + 1 < players else 0
    return hands


@per_ruleset
def _pack_cards(rules: Ruleset) -> tuple[int, ...]:
    """The ruleset's pack, one bit per card, for :func:`draw_hands`."""
    mask = pack_of(rules).mask  # every copy of each card, where packs are shuffled together
    return tuple(1 << c for c in range(mask.bit_length()) if mask >> c & 1)


#: The :class:`Game` options by name (:data:`_NAMED`): strict, record, auto_forced,
#: auto_equivalent, and dealt_here (1 or 0 if given, -1: as the partie dealt the hand).
_Named = tuple[bool, bool, bool, bool, int]


def _named(opts: dict[str, Any]) -> _Named:
    """The options ``opts`` (all of them in :data:`_NAMED`) as :meth:`Partie._start` passes them."""
    return (bool(opts.get("strict", True)), bool(opts.get("record", True)),
            bool(opts.get("auto_forced", False)), bool(opts.get("auto_equivalent", False)),
            (1 if opts["dealt_here"] else 0) if "dealt_here" in opts else -1)


class Partie:
    """A sequence of hands (:class:`Game`) sharing balances, pools and multipliers."""

    __slots__ = (
        "rules", "n", "names", "rng", "max_hands", "strict", "record", "auto_forced",
        "_balances", "_carry", "hands_played", "game", "_booked", "_first_dealer", "_last_dealer",
        "dealing", "_pack_cards", "_stakes", "_size", "_stays", "_stop_partie", "_deals", "_target",
        "_points", "_scores", "_apart", "_settles", "_ties_go_on", "settlement", "_settled",
    )

    def __init__(
        self,
        rules: Ruleset,
        players: int | Sequence[str] = 3,
        *,
        rng: random.Random | None = None,
        dealer: int | None = None,
        max_hands: int | None = None,
        strict: bool = True,
        record: bool = True,
        auto_forced: bool = False,
        carry: Carry | None = None,
        balances: Sequence[int] | None = None,
        dealing: str = "shuffle",
    ) -> None:
        n = seat_count(players)
        rules = rules.at_players(n)  # its pack at n players (pack.cards_by_players)
        #: the knobs read at every hand: deal.hand_size (a player count the ruleset does not
        #: allow is an error now), deal.dealer_rotation, table.insolvency, table.partie_deals,
        #: table.partie_target, table.partie_points
        self._size = rules.hand_size(n)
        self._stays = rules.deal.dealer_rotation == "stays"
        self._stop_partie = rules.table.insolvency == "stop-partie"
        self._deals: int | None = rules.table.partie_deals
        self._target: int | None = rules.table.partie_target
        self._points: int | None = rules.table.partie_points
        #: table.points_per_chip and table.partie_ties (engine/stakes.py): the points of the
        #: partie settled in chips at the end of the deal that ends it
        self._settles = settles_points(rules)
        self._ties_go_on = self._settles and rules.table.partie_ties == "another-deal"
        self.rules = rules
        self.n = n
        self.names = (tuple(f"seat {i}" for i in range(n)) if isinstance(players, int)
                      else tuple(players))
        self.rng = rng
        self.max_hands = max_hands
        self.strict = strict
        self.record = record
        self.auto_forced = auto_forced
        self._balances = list(balances) if balances is not None else [rules.table.starting_stake] * n
        if len(self._balances) != n:
            raise ValueError(f"{len(self._balances)} balances for {n} players")
        self._stakes: tuple[int, ...] = tuple(self._balances)  # what each started with (partie_target)
        self._carry = carry if carry is not None else NO_CARRY
        #: per seat, the points scored over the deals booked so far (Table.points, summed)
        self._scores = [0] * n
        #: per seat, the points kept apart over the partie (Table.apart), for the settlement
        self._apart = [0] * n
        self.hands_played = 0
        #: what the partie's points came to in chips, once the deal that ends it is over
        #: (:func:`.stakes.settle`); None before, or in a game that settles no points in chips
        self.settlement: Reckoning | None = None
        self._settled = False  # the current hand's settlement done (or not due)
        self.game: Game | None = None
        self._booked = True
        if dealer is None and rng is not None:
            dealer = draw_dealer(rules, n, rng)  # 002 §2: the lowest card deals first
        self._first_dealer = dealer
        self._last_dealer: int | None = None
        if dealing not in DEALINGS:
            raise ValueError(f"dealing must be one of {', '.join(DEALINGS)}, not {dealing!r}")
        self.dealing = dealing
        self._pack_cards: tuple[int, ...] = ()
        if dealing == "draw":
            self._pack_cards = _pack_cards(rules)

    # ------------------------------------------------------------ hands ----

    def settle(self) -> Reckoning | None:
        """Settle the partie's points in chips now, if the current hand is over and ends the
        partie (as booking it would: :meth:`_settle`), so that its nets and events hold the
        payment before the hand is told or counted; :attr:`settlement` (None: not due)."""
        g = self.game
        if g is not None and not self._booked:
            self._settle(g)
        return self.settlement

    def _settle(self, g: Game) -> None:
        """Once the hand ``g`` is over, if it ends the partie by the ruleset's length (deals or
        points, not ``max_hands``), settle the partie's points in chips through its ledger
        (:func:`.stakes.settle`): the loser's payment is part of the last deal's nets."""
        if self._settled or not self._settles or not g.is_over:
            return
        self._settled = True
        totals = [a + b for a, b in zip(self._scores, g.points)]
        if self._ends(self.hands_played + 1, totals):
            kept = g.apart
            apart = [a + b for a, b in zip(self._apart, kept)] if kept is not None else self._apart
            self.settlement = settle(self.rules, totals, g.ledger, apart)

    def _ends(self, hands: int, totals: Sequence[int]) -> bool:
        """Whether the partie's own length (``table.partie_deals``, ``table.partie_points``) is
        reached after ``hands`` deals with these ``totals``; equal totals go on where
        ``table.partie_ties`` is ``another-deal``."""
        deals, points = self._deals, self._points
        if not ((deals is not None and hands >= deals) or (points is not None and max(totals) >= points)):
            return False
        return not (self._ties_go_on and min(totals) == max(totals))

    def _book(self) -> None:
        g = self.game
        if g is not None and not self._booked and g.is_over:
            self._settle(g)
            for s, v in enumerate(g.ledger.net):
                self._balances[s] = self._balances[s] + v
            for s, v in enumerate(g.points):
                if v:
                    self._scores[s] = self._scores[s] + v
            kept = g.apart
            if kept is not None:
                for s, v in enumerate(kept):
                    self._apart[s] = self._apart[s] + v
            carry = g.carry_out
            assert carry is not None  # the hand is over
            self._carry = carry
            self.hands_played += 1
            self._last_dealer = g.dealer
            self._booked = True

    @property
    def next_dealer(self) -> int | None:
        """Who deals the next hand by ``rules.deal.dealer_rotation`` (None: not known yet)."""
        self._book()
        if self._last_dealer is None:
            return self._first_dealer
        if self._stays:
            return self._last_dealer
        return (self._last_dealer + 1) % self.n

    def deal(self, dealer: int | None = None, hands: Sequence[int | str] | None = None,
             **game_options: Any) -> Game:
        """Start the next hand and return it. ``dealer`` and ``hands`` as a record
        gives them; by default the rotation's dealer and a deal from the rng
        (by ``dealing``). ``game_options``: further :class:`Game` options."""
        if self.game is not None and not self.game.is_over:
            raise RuntimeError("the current hand is not over")
        if self.is_over:  # (books the hand before)
            raise RuntimeError("the partie is over")
        return self._start(dealer, hands, self._options(game_options))

    def _options(self, game_options: dict[str, Any]) -> dict[str, Any]:
        """The :class:`Game` options of every hand: the partie's, then ``game_options``."""
        opts: dict[str, Any] = dict(strict=self.strict, record=self.record, auto_forced=self.auto_forced)
        opts.update(game_options)
        return opts

    def _start(self, dealer: int | None, hands: Sequence[int | str] | None,
               opts: dict[str, Any], named: _Named | None = None) -> Game:
        """:meth:`deal` once it is known that the partie goes on (the last hand booked);
        ``opts`` as :meth:`_options` makes them; ``named``, :func:`_named` of them when they
        are all options by name (worked out once by :meth:`play`, not at every hand)."""
        if dealer is None:
            dealer = self.next_dealer
            if dealer is None:
                raise ValueError("the first dealer is not known: give dealer= or an rng to draw")
        here = False
        if hands is None and self._pack_cards:
            if self.rng is None:
                raise ValueError("dealing needs the partie's rng")
            n = self.n
            hands = draw_hands(self.rng.random, n, self._size,
                               dealer + 1 if dealer + 1 < n else 0, self._pack_cards)
            here = True  # the pack's own cards, each dealt once: nothing to check
        if named is None and opts.keys() <= _NAMED:
            named = _named(opts)
        if named is not None:
            # the options by name (compiled: Game's constructor called directly, its
            # arguments not parsed from a dict at every hand)
            strict, record, auto_forced, auto_equivalent, dealt_here = named
            g = Game(self.rules, self.names, dealer=dealer, hands=hands, rng=self.rng, carry=self._carry,
                     strict=strict, record=record, auto_forced=auto_forced,
                     auto_equivalent=auto_equivalent, dealt_here=here if dealt_here < 0 else dealt_here == 1)
        elif here and "dealt_here" not in opts:
            g = Game(self.rules, self.names, dealer=dealer, hands=hands, rng=self.rng,
                     carry=self._carry, dealt_here=True, **opts)
        else:
            g = Game(self.rules, self.names, dealer=dealer, hands=hands, rng=self.rng,
                     carry=self._carry, **opts)
        self.game = g
        self._booked = False
        self._settled = False
        return g

    def play(self, players: Sequence[Chooser], **game_options: Any) -> Iterator[tuple[Game, int]]:
        """Deal and play hands until the partie is over: ``players[seat]`` chooses
        that seat's every action from its view (``Game.view(seat)``); the actions
        there is no choice about are the Game's own when ``auto_forced``.
        Yields each hand once it is over, with the number of actions the players
        chose in it; the partie books it (balances, carry, the next dealer) when
        the iteration resumes or a state property is read. ``game_options``: as
        for :meth:`deal`.

        >>> from hocdsl.rules import load_ruleset
        >>> p = Partie(load_ruleset("hoc-mazarin"), 3, rng=random.Random(5), max_hands=2)
        >>> first = lambda view: view.legal_actions()[0]  # pass when one may
        >>> [g.is_over for g, _ in p.play([first] * 3)], p.hands_played
        ([True, True], 2)
        """
        n = self.n
        opts = self._options(game_options)
        named = _named(opts) if opts.keys() <= _NAMED else None
        while not self.is_over:  # (books the hand before)
            g = self._start(None, None, opts, named)
            views = [g.view(s) for s in range(n)]
            # the choosers as a list, each hand (compiled, a Sequence is indexed by a generic call)
            choosers: list[Chooser] = list(players)
            decisions = 0
            while not g.is_over:
                s = g.to_act
                assert s is not None  # the hand is on
                g.apply(choosers[s](views[s]))  # (a method called by name: compiled, a direct call)
                decisions += 1
            if self._settles:
                self._settle(g)  # before the hand is counted: the settlement is in its nets
            yield g, decisions

    # ------------------------------------------------------------ state ----

    @property
    def balances(self) -> tuple[int, ...]:
        """Each player's chips after the hands finished so far."""
        self._book()
        return tuple(self._balances)

    @property
    def carry(self) -> Carry:
        """Pools, multipliers and all-pass counts handed on to the next hand."""
        self._book()
        return self._carry

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's points over the deals finished so far: the running total of every
        deal's :attr:`~.table.Table.points` (all 0 in a game that scores no points).

        Where the ruleset settles the points of a partie in chips (``table.points_per_chip``:
        Rubicon Piquet), the deal that ends the partie moves them through its ledger
        (:mod:`.stakes`), and :attr:`settlement` says what they came to."""
        self._book()
        return tuple(self._scores)

    @property
    def insolvent(self) -> tuple[int, ...]:
        """Seats whose balance is below nothing."""
        return tuple(s for s, b in enumerate(self.balances) if b < 0)

    @property
    def is_over(self) -> bool:
        """True after ``max_hands`` hands, after the ruleset's length of a partie
        (``table.partie_deals`` deals, or a deal in which a player reaches
        ``table.partie_target`` chips won or ``table.partie_points`` points scored), or
        (``stop-partie``) after a hand leaving a
        player below nothing."""
        self._book()
        if self.game is not None and not self.game.is_over:
            return False
        return self.over_why() is not None

    def over_why(self) -> str | None:
        """Why the partie is over once the last hand is booked, as the knob or option that
        ends it (``max_hands``, ``table.partie_deals``, ``table.partie_target``,
        ``table.partie_points``, ``table.insolvency``); None while it goes on."""
        self._book()
        if self.max_hands is not None and self.hands_played >= self.max_hands:
            return "max_hands"
        deals = self._deals
        if deals is not None and self.hands_played >= deals:
            if not (self._ties_go_on and min(self._scores) == max(self._scores)):
                return "table.partie_deals"
        target = self._target
        if target is not None and any(
                b - s0 >= target for b, s0 in zip(self._balances, self._stakes)):
            return "table.partie_target"
        points = self._points
        if points is not None and max(self._scores) >= points:
            if not (self._ties_go_on and min(self._scores) == max(self._scores)):
                return "table.partie_points"
        if self._stop_partie:
            for b in self._balances:
                if b < 0:
                    return "table.insolvency"
        return None
