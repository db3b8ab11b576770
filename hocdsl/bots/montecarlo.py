"""The ``montecarlo`` bot: bids like the heuristic bot; in the card game it
samples the cards it cannot see and plays each choice out (determinised Monte
Carlo).

At a card-game decision with more than one real choice (cards of the same rank
and kind are one choice), it draws ``samples`` deals of the unseen cards
consistent with what its seat has seen:

- each other seat holds as many cards as it shows (``view.cards_left``);
- the cards laid are on the pile, its own cards are its own;
- a seat that said "without N" holds no plain card of rank N (under
  ``must_cover``; a withheld principal hoc of rank N it may still hold,
  002 §9.2);
- what was shown stays known until laid: a shown sequence or carré (its very
  cards), a shown brelan (three cards of its rank), a declared blank hand
  (the whole hand, 002 §8).

The other cards go out of play. For each deal and each choice it plays the
rest of the hand out with heuristic players in every seat (on a fork of the
game holding the sampled hands, :meth:`SeatView.fork`), and picks the choice
with the best mean result for its seat. The same deals serve every choice
(common random numbers), and the number of deals and choices is bounded, so a
decision costs a fixed amount of work: usable at the table (``hoc play``).

The constraints come from the events the seat saw, so the bot plays best in a
game that records events (``Game(record=True)``, as ``hoc play`` does); in a
fast simulation without events it samples from hand sizes and the pile only.

Where the card game never looks at a card's suit (runs in any suit; no
permanent hoc, board card, card paid when laid or charged when held), two
principal hocs of one rank are one choice: laying either leaves hands that
differ only by swapping them, which plays out the same.

Speed: the playouts make no cyclic garbage (every object of a forked hand is
freed as the playout ends), so the cyclic collector is paused while they run.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ..actions import Action, Play
from ..cards import RANK_MASKS, Card, Hand, Rank, Seat, count
from ..engine.cardgame import PLAYS, WITHOUTS, CardsSeen
from ..engine.events import BlankHandDeclared, Played, SaidWithout, Shown
from ..engine.game import Game
from .heuristic import HeuristicBot, _ranks

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import SeatView
    from ..rules.model import Ruleset

SAMPLES: Final = 16  # deals sampled per decision
MAX_CHOICES: Final = 6  # choices played out per decision
RETRIES: Final = 12  # attempts at a deal consistent with every constraint


class MonteCarloBot(HeuristicBot):
    """Heuristic bidding; card play by sampling the unseen cards and playing out."""

    name = "montecarlo"
    __slots__ = ("samples", "max_choices", "_policy", "_k_dealt", "_k_seen", "_known",
                 "_excl", "_brelans", "_played_by", "_suitless", "_spare", "_views")

    def __init__(self, rules: Ruleset, seat: Seat, rng: random.Random | int | None = None, samples: int = SAMPLES,
                 max_choices: int = MAX_CHOICES) -> None:
        super().__init__(rules, seat, rng)
        self.samples = samples
        self.max_choices = max_choices
        self._policy: list[HeuristicBot] = []
        self._k_dealt = -1
        self._k_seen = 0
        self._known: list[Hand] = []
        self._excl: list[Hand] = []
        self._brelans: list[tuple[Seat, Rank]] = []
        self._played_by: list[Hand] = []
        self._suitless = _suitless(rules)
        self._spare: Game | None = None  # the last playout's hand, set again for the next
        self._views: list[SeatView] = []  # the seats' views of it

    # --------------------------------------------------------- decisions ----

    def play(self, view: SeatView) -> Action:
        seen = view.seen()
        assert type(seen) is CardsSeen  # asked to play in the card game
        if self.claims and seen.may_claim():
            return super().play(view)  # the heuristic claims: what must be claimed is always claimed
        choices = self._choices(view)
        if len(choices) <= 1:
            return choices[0] if choices else super().play(view)
        self._learn(view)
        n = view.players
        if len(self._policy) != n:
            self._policy = [HeuristicBot(self.rules, s, self.rng) for s in range(n)]
        totals = [0.0] * len(choices)
        me = self.seat
        paused = gc.isenabled()
        if paused:
            gc.disable()  # the playouts leave no cycles: nothing for the collector to find
        try:
            for _ in range(self.samples):
                hands = self._sample(view)
                for j, a in enumerate(choices):
                    totals[j] += self._playout(view, hands, a, me)
        finally:
            if paused:
                gc.enable()
        best = 0
        for j in range(1, len(choices)):  # the best mean; the first of equals
            if totals[j] > totals[best]:
                best = j
        return choices[best]

    def _choices(self, view: SeatView) -> list[Action]:
        """The distinct choices: one card per rank among plain cards, each principal
        hoc, "without"; the heuristic's own choice first."""
        seen = view.seen()
        assert type(seen) is CardsSeen  # asked to play in the card game
        _hand, need, cards, without, _cur = seen.card_state()
        if not cards:
            return [WITHOUTS[need]] if without else []
        first = super().play(view)
        out = [first]
        P = self.principal
        plain = cards & ~P
        ranks = _ranks(plain)
        if not need:
            ranks &= ~(ranks << 1)  # leading inside one's own run gives a shorter run
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            pick = plain & RANK_MASKS[low.bit_length() - 1]
            a = PLAYS[(pick & -pick).bit_length() - 1]
            if a not in out:
                out.append(a)
        prin = cards & P
        if self._suitless:  # one principal hoc of each rank: the others play out the same
            for chosen in out:
                c = chosen.card if isinstance(chosen, Play) else -1
                if c >= 0 and P >> c & 1:
                    prin &= ~RANK_MASKS[c % 13]
        while prin:
            low = prin & -prin
            prin ^= low
            c = low.bit_length() - 1
            a = PLAYS[c]
            if a not in out:
                out.append(a)
            if self._suitless:
                prin &= ~RANK_MASKS[c % 13]
        if without and WITHOUTS[need] not in out:
            out.append(WITHOUTS[need])
        return out[:self.max_choices]

    def _playout(self, view: SeatView, hands: list[Hand], action: Action, me: Seat) -> float:
        # drawn by _sample to fit: not counted again; the last playout's hand filled again
        spare = self._spare
        g = view.fork(hands, checked=False, into=spare)
        assert isinstance(g, Game)  # (a Game's fork is a Game: named, for compiled reads)
        if g is not spare:
            self._views = [g.view(s) for s in range(g.n)]  # (views of the same object hold)
        views = self._views
        start = g.ledger.net[me]
        g.apply(action)
        policy = self._policy
        while not g.is_over:
            s = g.to_act
            assert s is not None  # the hand is on
            g.apply(policy[s].play(views[s]))
        self._spare = g
        return g.ledger.net[me] - start

    # --------------------------------------------------------- knowledge ----

    def _learn(self, view: SeatView) -> None:
        """Read the events seen since the last decision of this hand."""
        n = view.players
        if view.dealt != self._k_dealt:
            self._k_dealt = view.dealt
            self._k_seen = 0
            self._known = [0] * n
            self._excl = [0] * n
            self._brelans = []
            self._played_by = [0] * n
        events = view.events
        cg = self.rules.card_game
        assert cg is not None  # asked to play the card game
        # a "without" in a one-suit run says only that one card is not held: not learnt here
        must = cg.must_cover and cg.runs == "any-suit"
        keep = self.principal if self.withhold else 0
        me = self.seat
        for e in events[self._k_seen:]:
            cls = type(e)
            if cls is SaidWithout:
                if must and not e.false and e.seat != me:
                    self._excl[e.seat] |= RANK_MASKS[e.rank - 1] & ~keep
            elif cls is Played:
                self._played_by[e.seat] |= 1 << e.card
            elif cls is Shown and e.seat != me:
                for combo in e.combinations:
                    name = combo.__class__.__name__
                    if name == "Run":
                        self._known[e.seat] |= combo.cards
                    elif name == "Trio":
                        if combo.size >= 4:
                            self._known[e.seat] |= RANK_MASKS[combo.rank - 1]
                        else:
                            self._brelans.append((e.seat, combo.rank))
            elif cls is BlankHandDeclared and e.seat != me:
                self._known[e.seat] |= e.hand
        self._k_seen = len(events)

    def _sample(self, view: SeatView) -> list[Hand]:
        """Hands for every seat consistent with what this seat knows (its own as it is)."""
        n = view.players
        me = self.seat
        hand = view.hand
        left = view.cards_left
        unseen = self.pack & ~hand & ~view.pile
        others = [t for t in range(n) if t != me]
        excl = self._excl if self._k_dealt == view.dealt else [0] * n
        for attempt in range(RETRIES + 1):
            if attempt == RETRIES:
                excl = [0] * n  # give up the "without" constraints rather than fail
            hands = self._try_sample(view, hand, left, unseen, others, excl)
            if hands is not None:
                return hands
        raise RuntimeError("no deal of the unseen cards fits the hand sizes")  # pragma: no cover

    def _try_sample(self, view: SeatView, hand: Hand, left: tuple[int, ...], unseen: Hand,
                    others: list[Seat], excl: list[Hand]) -> list[Hand] | None:
        rand = self.rng.random  # (looked up once a sample: a generic attribute, compiled)
        hands = [0] * len(left)
        hands[self.seat] = hand
        pool = unseen
        known_ok = self._k_dealt == view.dealt
        if known_ok:
            for t in others:
                k = self._known[t] & unseen
                if count(k) > left[t]:
                    return None
                hands[t] = k
                pool &= ~k
            for t, r in self._brelans:
                mask = RANK_MASKS[r - 1]
                need = 3 - count((self._played_by[t] | hands[t]) & mask)
                if need > 0:
                    if count(hands[t]) + need > left[t]:
                        return None
                    drawn = _draw(rand, pool & mask & ~excl[t], need)
                    if drawn < 0:
                        return None
                    hands[t] = hands[t] | drawn
                    pool &= ~drawn
        # the most constrained seat first: the fewest cards to spare
        # (as (spare, seat) pairs sorted, packed in one int: seats are below 16)
        order = sorted([(count(pool & ~excl[t]) - left[t]) * 16 + t for t in others])
        for key in order:
            t = key & 15
            want = left[t] - count(hands[t])
            if want <= 0:
                continue
            drawn = _draw(rand, pool & ~excl[t], want)
            if drawn < 0:
                return None
            hands[t] = hands[t] | drawn
            pool &= ~hands[t]
        return hands


def _draw(rand: Callable[[], float], cards: Hand, k: int) -> Hand:
    """``k`` cards of ``cards`` drawn at random (``rand``: a ``Random``'s ``random``),
    all sets alike (a partial shuffle); -1 if there are fewer."""
    cand: list[Card] = []
    while cards:
        low = cards & -cards
        cand.append(low.bit_length() - 1)
        cards ^= low
    n = len(cand)
    if n < k:
        return -1
    drawn = 0
    for i in range(k):
        j = i + int(rand() * (n - i))
        c = cand[j]
        cand[j] = cand[i]
        drawn |= 1 << c
    return drawn


def _suitless(rules: Ruleset) -> bool:
    """True if the card game and the settlement never tell two principal hocs of one
    rank apart: runs in any suit; no permanent hoc, board card, card paid when laid
    or charged when held."""
    cg = rules.card_game
    st = rules.settle
    return (cg is not None and cg.runs == "any-suit" and not cg.permanent_hocs
            and not cg.paid_when_laid and all(pr.card is None for pr in rules.pools)
            and (st is None or not st.held_charges))
