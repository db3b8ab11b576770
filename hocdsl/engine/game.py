"""One hand of hoc, as a state machine over a frozen ruleset.

>>> import random
>>> from hocdsl.rules import load_ruleset
>>> g = Game(load_ruleset("hoc-mazarin"), 3, dealer=2, rng=random.Random(1))
>>> g.stage, g.to_act            # the eldest (seat after the dealer) speaks first
('point', 0)
>>> rng = random.Random(2)
>>> while not g.is_over:
...     g.apply(rng.choice(g.legal_actions()))
>>> sum(g.net) + sum(g.pools.values()) == 0   # chips are neither made nor lost
True

The API, in the manner of PokerKit: ``to_act`` (a seat, or None when the hand
is over), ``stage`` (a chance name, ``blank-hand``, ``cards`` or ``over``),
``legal_actions()`` (a tuple of interned action values; declarations in
canonical form, see :mod:`.chances`), ``can_apply(a)`` / ``check(a)`` (raises
:class:`IllegalAction` naming the rule) / ``apply(a)``, ``is_over``, and
``events`` (frozen values from :mod:`.events`, every chip move among them).
The engine never prints, never reads input, and draws randomness only from
the ``random.Random`` it is given.

The hand follows ``rules.stages`` in order (nothing here names a game):
the antes into ``rules.pools``, then one phase per stage, of the kind
:data:`.kinds.KINDS` registers under the stage's ``kind`` (``vie``, ``claims``,
``stops``, ``settle``, ``turnup``, ``holding``). It imports no kind's module: what a
stage reports is read with the kind's own functions,

>>> from hocdsl.engine.cardgame import card_winner
>>> card_winner(g) is not None   # the first out of cards
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from ..actions import Action
from ..cards import Hand, Seat, count
from ..pack import pack_of
from ..rules.cache import per_ruleset
from ..rules.model import Ruleset
from .carry import Carry
from .errors import IllegalAction
from .events import ANTE, OVER_STAGE, Dealt, HandStarted, pools_of
from .ledger import Ledger
from .setup import check_hands, deal_hands, draw_dealer, seat_count
from .kinds import KINDS, CarryHook
from .table import Result, Stage, Table
from .view import SeatView

RULE_TURN: Final = "one speaks and plays in turn"
RULE_OVER: Final = "the hand is over"


class _Static:
    """What a ruleset fixes for every hand: its pack, pools, vie stages, and the phase of each stage."""

    __slots__ = ("rules", "pack_mask", "pools", "plan", "hand_size", "antes", "protos", "carries", "varies")

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        #: pack.cards_by_players is set: a hand is played by the ruleset at its number of
        #: players (Ruleset.at_players, a call of plain Python: made only then)
        self.varies = rules.pack.cards_by_players is not None
        self.pack_mask = pack_of(rules).mask
        self.pools = pools_of(rules)
        #: deal.hand_size: the cards dealt to each seat, by the number of players
        self.hand_size: dict[int, int] = dict(rules.deal.hand_size)
        #: per pool: (ante, ante_when_carried, ante_by is "dealer"), its knobs
        self.antes: tuple[tuple[int, bool, bool], ...] = tuple(
            (pr.ante, pr.ante_when_carried, pr.ante_by == "dealer") for pr in rules.pools)
        #: the stage kind that plays each stage, in order (:data:`.kinds.KINDS`)
        self.plan = tuple((KINDS[st.kind].stage, st) for st in rules.stages)
        #: what the kinds of its stages hand on to the next hand (:attr:`.kinds.Kind.carry`),
        #: each kind's hook once, in the order of the stages
        self.carries: tuple[CarryHook, ...] = tuple(dict.fromkeys(
            hook for hook in (KINDS[st.kind].carry for st in rules.stages) if hook is not None))
        #: each stage's phase as its kind makes it for a table of this ruleset and no hand:
        #: every hand's phases are made from these (Stage.anew), which read what the kind
        #: derives from the ruleset here rather than again at every hand
        table = Table()
        table.rules = rules
        self.protos: tuple[Stage, ...] = tuple(
            kind(table, st) for kind, st in self.plan)  # type: ignore[call-arg]


_SEAT_NAMES: Final = {n: tuple(f"seat {i}" for i in range(n)) for n in range(2, 9)}


_static = per_ruleset(_Static)

#: The phase of one stage: a :class:`Stage` of its kind (:data:`.kinds.KINDS`).
Phase = Stage


#: The attributes a :class:`Game` adds to its :class:`Table` (its ``__slots__``).
_STATE: Final = ("_carry_out", "_static", "_phases", "_pi")


class Game(Table):
    """One hand: setup, antes, the three chances, blank hands, the card game.

    ``players``: the number of seats, or their names, in the direction of
    play. ``dealer``: a seat, or None to draw (:func:`draw_dealer`, needs
    ``rng``). ``hands``: one hand per seat (bitsets or card strings), or None
    to deal from ``rng``. ``carry``: the pools, multipliers and all-pass
    counts carried from the previous hand (:class:`Carry`). ``strict``:
    refuse a false "without" (True), or accept it with the penalty (False,
    for human play). ``record``: append every event (False keeps only the
    ledger and counters, for fast simulation). ``auto_forced``: apply by
    itself any action that is the only one possible (a "without" with no
    card to lay, a lone "c'est bon"), for simulators. ``auto_equivalent``
    (with ``auto_forced``): in the card game, also lay by itself the lowest of
    several cards that differ only by suit when they are the only choice (plain
    cards of the rank wanted, none a principal hoc): the rules never look at a
    plain card's suit in the card game, so this is no choice at all for the
    outcome (Lalanne 002 §9: play goes by rank, "de n'importe quelle couleur").
    ``dealt_here``: ``hands`` come from this engine's own deal of the
    ruleset's pack (:class:`Partie` dealing for a simulator), so they need no
    checking; never set it for hands read from a record or a user.

    What each stage reports of the hand (who won a chance, the hocs, who went
    out, what the settle charged) is its kind's own :class:`~.table.Result`, in
    :attr:`results` (one per stage, in order; :meth:`~.table.Table.result_of` finds
    one by its class), and each kind's module looks its own up: ``winners(g)`` in
    :mod:`.bidding`, ``card_winner(g)`` and ``hocs(g)`` in :mod:`.cardgame`,
    ``blank_hands(g)`` in :mod:`.blank`, ``swept(g)`` in :mod:`.settle`. The stage
    being played is :attr:`~.table.Table.phase`; where it stands is its kind's to say
    too (``bidding.stake(g)``, ``cardgame.need(g)``). ``Game`` names no kind.
    """

    __slots__ = _STATE

    def __init__(
        self,
        rules: Ruleset,
        players: int | Sequence[str] = 3,
        *,
        dealer: Seat | None = None,
        hands: Sequence[Hand | str] | None = None,
        rng: random.Random | None = None,
        carry: Carry | None = None,
        strict: bool = True,
        record: bool = True,
        auto_forced: bool = False,
        auto_equivalent: bool = False,
        dealt_here: bool = False,
        forking: bool = False,
    ) -> None:
        if forking:  # (for fork(), which sets every attribute itself)
            return
        n = seat_count(players)
        static = _static(rules)
        if static.varies:
            rules = rules.at_players(n)  # its pack at n players (pack.cards_by_players)
            static = _static(rules)
        self._static = static
        self.rules = rules
        self.n = n
        self.names = _SEAT_NAMES[n] if type(players) is int and n in _SEAT_NAMES else (
            tuple(f"seat {i}" for i in range(n)) if isinstance(players, int) else tuple(players))
        size = static.hand_size.get(n, 0)
        if not size:
            size = rules.hand_size(n)  # ValueError for a player count the ruleset does not allow
        if dealer is None:
            if rng is None:
                raise ValueError("Game needs a dealer or an rng to draw one")
            dealer = draw_dealer(rules, n, rng)
        elif not 0 <= dealer < n:
            raise ValueError(f"dealer {dealer} is not a seat of {n}")
        self.dealer = dealer
        self.eldest = (dealer + 1) % n  # 002 §2: the dealer's right, first to speak and play
        mask = static.pack_mask
        if hands is None:
            if rng is None:
                raise ValueError("Game needs hands or an rng to deal them")
            dealt = deal_hands(size, n, self.eldest, rng, mask)
        elif dealt_here:
            dealt = tuple(hands)  # type: ignore[arg-type]  # bitsets of this pack, dealt once each
        else:
            dealt = check_hands(hands, size, n, mask)
        self.dealt = dealt
        self.hands = list(dealt)
        #: how many cards each seat holds now (the hands' sizes, kept as cards are laid)
        self.left = [count(h) for h in dealt]
        union = 0
        for h in dealt:
            union |= h
        self.out_of_play = mask & ~union  # deal.rest: out-of-play, neither used nor seen
        self.pile = 0
        self.rng = rng
        self.strict = strict
        self.record = record
        self.auto_forced = auto_forced
        self.auto_equivalent = auto_equivalent
        pool_objs = static.pools
        carried: tuple[int, ...] = carry.pools if carry is not None else ()  # (read once: a Carry is plain Python)
        if carry is None or (not carried and pool_objs):
            carry = Carry.fresh(tuple(p.id for p in pool_objs))
            carried = carry.pools
        elif len(carried) != len(pool_objs):
            raise ValueError(f"the carry has {len(carried)} pools, {rules.name} has {len(pool_objs)}")
        self.carry_in = carry
        self.events: list[Any] = []
        self.ledger = Ledger(n, carried, self.events, record, pool_objs)
        self.to_act: int | None = None
        self.is_over = False
        self.turns = 0  # actions applied this hand, forced ones included
        self.points = [0] * n  # points scored this deal (Table.score)
        self.watch = None  # a stage's watch on the scores after it (a declare stage's pique)
        self.apart = None  # points kept apart for the settlement (card_points_when: apart)
        self._carry_out: Carry | None = None  # worked out when first asked (carry_out)
        self._anted = [0] * len(pool_objs)
        if record:
            self.events.append(HandStarted(n, dealer, self.eldest, carried, carry.multipliers))
            for s in range(n):
                self.events.append(Dealt(s, dealt[s]))
        self._antes()
        phases: list[Stage] = [proto.anew(self) for proto in static.protos]
        self._phases = phases
        self.results = [ph.result for ph in phases]
        self._pi = 0
        self._phase = None
        self._enter(0)
        if auto_forced:
            self._auto()

    # ------------------------------------------------------------ setup ----

    def _antes(self) -> None:
        """Each pool's ante (``pools.<id>.ante``), by every player or by the dealer
        alone (``ante_by``), every hand -- a carried pool too, unless
        ``ante_when_carried`` is false (Lalanne 002 §4, §6)."""
        ledger = self.ledger
        n = self.n
        carried: tuple[int, ...] = self.carry_in.pools
        antes = self._static.antes
        # pool k is the k-th of the ruleset's (pools_of): read by its index, not its Pool's
        # attributes (a plain Python value, read by name compiled)
        for k in range(len(antes)):
            per, when_carried, by_dealer = antes[k]
            if per <= 0 or (carried[k] and not when_carried):
                continue
            self._anted[k] = per
            if by_dealer:
                pool = ledger.pool_objs[k]
                ledger.move(self.dealer, pool, per, ANTE, pool.id)
            elif self.record:
                pool = ledger.pool_objs[k]
                for i in range(n):
                    ledger.move((self.eldest + i) % n, pool, per, ANTE, pool.id)
            else:  # the same moves, without events to record
                net = ledger.net
                for i in range(n):
                    net[i] = net[i] - per
                ledger.pools[k] = ledger.pools[k] + n * per

    def _enter(self, i: int) -> None:
        phases = self._phases
        while i < len(phases):
            ph = phases[i]
            ph.start()
            if not ph.done:
                self._pi = i
                self._phase = ph
                return
            i += 1
        self._finish()

    def _finish(self) -> None:
        self.is_over = True
        self.to_act = None
        self.stage = OVER_STAGE
        self._phase = None
        # the phases point back at the hand: let go of them, so that a finished hand
        # is freed as soon as nobody holds it, not at the next cyclic collection
        self._phases = []

    @property
    def carry_out(self) -> Carry | None:
        """What this hand leaves to the next: the pools, and each pool's multiplier and
        all-pass count (None until the hand is over). Worked out when asked, not at
        the end of every hand (the Monte Carlo bot's playouts never ask), and kept."""
        if not self.is_over:
            return None
        if self._carry_out is None:
            self._carry_out = self._carry()
        return self._carry_out

    def _carry(self) -> Carry:
        """The carry-out: the pools as the ledger holds them, and each pool's multiplier and
        all-pass count as the kinds of the stages hand them on (their hooks, in order)."""
        cin = self.carry_in
        mult = list(cin.multipliers)
        passes = list(cin.passes)
        for hook in self._static.carries:
            hook(self, mult, passes)
        return Carry._of(tuple(self.ledger.pools), tuple(mult), tuple(passes), cin.ids)

    def _auto(self) -> None:
        """Apply what is forced (each stage its own way: :meth:`Stage.auto`) until a seat
        has a real choice or the hand is over."""
        while True:
            ph = self._phase
            if ph is None:
                return
            ph.auto()
            if not ph.done:
                return
            self._enter(self._pi + 1)

    # -------------------------------------------------------------- API ----

    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat to act may do now (empty once the hand is over)."""
        ph = self._phase
        if ph is None:
            return ()
        return ph.legal()

    def check(self, action: Action, seat: Seat | None = None) -> None:
        """Raise :class:`IllegalAction` if ``action`` (by ``seat``, if given) is not allowed now."""
        if self.is_over:
            raise IllegalAction(RULE_OVER, "the hand is over")
        if seat is not None and seat != self.to_act:
            assert self.to_act is not None  # the hand is on
            raise IllegalAction(RULE_TURN, f"it is {self.names[self.to_act]}'s turn, "
                                           f"not {self.names[seat] if 0 <= seat < self.n else seat}'s")
        ph = self._phase
        assert ph is not None  # the hand is on
        ph.check(action)

    def completed(self, action: Action) -> Action:
        """``action`` as the stage being played will apply it, with what the engine fills
        in named (:meth:`Stage.complete`): what a record keeps."""
        ph = self._phase
        return ph.complete(action) if ph is not None else action

    def can_apply(self, action: Action, seat: Seat | None = None) -> bool:
        """True if ``action`` is allowed now."""
        try:
            self.check(action, seat)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action, seat: Seat | None = None) -> None:
        """Apply ``action`` for the seat to act; raise :class:`IllegalAction` if not allowed
        (the state is then unchanged)."""
        ph = self._phase
        if ph is None:
            raise IllegalAction(RULE_OVER, "the hand is over")
        if seat is not None and seat != self.to_act:
            self.check(action, seat)
        ph.apply(action)
        self.turns += 1
        if ph.done:
            self._enter(self._pi + 1)
        if self.auto_forced:
            self._auto()

    # ------------------------------------------------------------ views ----

    def fork(self, hands: Sequence[Hand], record: bool = False, checked: bool = True,
             into: Table | None = None) -> Game:
        """A copy of this hand in the card game with ``hands`` in place of the seats'
        hands (same number of cards each, none on the pile): the same pile, pools,
        nets, need and turn, ``record=False``, ``auto_forced=True`` and
        ``auto_equivalent=True``. For players
        that sample what they cannot see and play the rest out (the Monte Carlo
        bot); the copy shares nothing mutable with this game. ``record``: keep a
        copy of the events so far and go on recording (the copy's views then show
        what this game's show, hidden deals aside). ``checked=False``: the caller
        vouches for ``hands`` (the sizes held now, no card twice or on the pile), as
        the Monte Carlo bot's sampler does, which draws them so; they are then not
        counted again (a wrong hand would spoil the copy only, never this game).
        ``into``: an earlier copy that is of no more use: if it is of this ruleset and
        table, it is set to this hand and returned (it and its ledger reused rather
        than made anew: the Monte Carlo bot's playouts, one after another); else a
        new copy is made.
        """
        ph = self._phase
        if ph is None or not ph.forks():
            raise ValueError("fork() is for the card game")
        n = self.n
        now = self.hands
        if len(hands) != n:
            raise ValueError("fork() needs one hand per seat, of the sizes held now")
        union = self.pile
        dealt = list(self.dealt)
        for s in range(n):
            h = hands[s]
            if checked:
                if count(h) != self.left[s]:
                    raise ValueError("fork() needs one hand per seat, of the sizes held now")
                if union & h:
                    raise ValueError("fork(): a card twice (in two hands, or in a hand and on the pile)")
            union |= h
            if h != now[s]:
                dealt[s] = h  # a replaced hand's deal is not known to the copy: its cards stand for it
        led = self.ledger
        g = into if isinstance(into, Game) else None
        if g is None or g is self or g._static is not self._static or g.n != n:
            # a new copy (into, if given, of another ruleset or table: not reused)
            g = Game(self.rules, n, dealer=self.dealer, forking=True)
            g.ledger = Ledger(n, (), [], record, led.pool_objs)
        # the state as it stands, one attribute at a time (a compiled class cannot be
        # copied otherwise; named, not looked up by name: the copy is the Monte Carlo
        # bot's inner loop); the lists and dicts copied, what differs replaced
        g.rules, g.n, g.names, g.dealer, g.eldest = self.rules, n, self.names, self.dealer, self.eldest
        g.dealt = tuple(dealt)
        g.hands = list(hands)
        g.left = self.left.copy()  # (the sizes are the same)
        g.out_of_play = self._static.pack_mask & ~union
        g.pile, g.strict, g.record = self.pile, self.strict, record
        g.rng = None  # (a copy draws nothing: what chance decided is in its hands and results)
        g.auto_forced = True
        g.auto_equivalent = True
        events: list[Any] = list(self.events) if record else []
        g.events = events
        ledger = g.ledger
        ledger.events, ledger.record = events, record
        ledger.pools = led.pools.copy()
        ledger.net = led.net.copy()
        ledger.taken = led.taken.copy()
        g.carry_in, g.stage, g.to_act, g.is_over = self.carry_in, self.stage, self.to_act, self.is_over
        g._carry_out, g._static, g.turns = None, self._static, self.turns
        g._anted = self._anted.copy()
        g.points = self.points.copy()
        g.watch = self.watch.copy() if self.watch is not None else None
        g.apart = self.apart.copy() if self.apart is not None else None
        cg = ph.fork(g)  # (with a copy of its result)
        pi = self._pi
        phases = self._phases.copy()
        phases[pi] = cg
        # what the stages played report, copied; the stages to come, not started: made anew
        results: list[Result | None] = [r.copy() if r is not None else None for r in self.results[:pi]]
        results.append(cg.result)
        for i in range(pi + 1, len(phases)):
            ph_i = phases[i] = phases[i].anew(g)
            results.append(ph_i.result)
        g.results = results
        g._phases = phases
        g._pi = pi
        g._phase = cg
        g._auto()
        forked: Game = g
        return forked

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` may see (for bots): see :class:`SeatView`."""
        return SeatView(self, seat)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} {self.n} players dealer={self.dealer} "
                f"stage={self.stage} to_act={self.to_act}>")

