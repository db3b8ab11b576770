"""The ``heuristic`` bot: bids by the strength of its hand, plays the card game
by simple rules a player would follow (Lalanne 002 §5-§9).

Bidding (002 §5): for the chance being bid, the bot's hand is placed among
random hands (:mod:`.strength`): ``q`` is the share of hands it beats, and
``q ** k`` its chance of beating ``k`` opponents. Position counts: a seat that
speaks after others passed (002 §5.2) rates each passer as weaker than an
average hand. With the chance well in hand it raises (more for a stronger hand
and a bigger pool); with a fair chance it declares, which closes the bidding
(002 §5.1); otherwise it passes. Facing a raise it calls when its chance of
winning times what it would win beats what calling costs (the raiser is
rated strong), raises again at most twice per chance, else folds. It declares
truthfully: the best combination it holds. Left alone it shows when showing is
paid (a sequence or tricon, 002 §7.2-7.3) and keeps its hand hidden otherwise.
It declares a blank hand (002 §8).

The card game (002 §9): leading, it runs its longest sequences of consecutive
ranks first, preferring low cards (an ace can only be led) and runs whose last
card nobody else can cover (an accidental hoc: it leads again); it keeps the
principal hocs to break an opponent's run or to escape, and leads them first
only when the rest of its hand then goes out in one run. When an opponent is
close to going out it weighs what the cards it would keep cost at the end
(``rules.settle.owed``: one or two cards left may cost more than three).

Everything it knows comes from its :class:`~hocdsl.engine.SeatView`.
"""

from __future__ import annotations

import random
import math
from typing import TYPE_CHECKING, Final

from ..actions import (
    CALL as _CALL, CLAIM as _CLAIM, CONCEAL as _CONCEAL, CONCEDE as _CONCEDE,
    DECLARE_BLANK as _DECLARE_BLANK, NOTHING as _NOTHING, PASS as _PASS, RAISE as _RAISE, SHOW as _SHOW,
    Action, Discard, Play, Raise,
)
from mypy_extensions import mypyc_attr

from ..cards import RANK_MASKS, Chips, Hand, Rank, Seat, card_of, count, folded, hand_of, held_copy, iter_cards
from ..pack import pack_of
from ..rules.cache import per_ruleset
from ..combos import best_sequence, best_tricon, sequence_payment, tricon_payment
from ..engine.bidding import BidSeen
from ..engine.cardgame import PLAYS, WITHOUTS, CardsSeen
from ..engine.exchange import ExchangeSeen
from .discard import discard
from .melding import meld_trick
from ..engine.tricks import TricksSeen, beats
from ..engine.turnup import TurnUpResult
from .base import Bot
from .strength import Strength, strength

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import SeatView
    from ..rules.model import Ruleset

# The actions, bound here once: compiled, a module constant is read directly, while a name
# imported from a module that is not compiled (actions) is looked up at every use.
CALL: Final = _CALL
CLAIM: Final = _CLAIM
CONCEAL: Final = _CONCEAL
CONCEDE: Final = _CONCEDE
DECLARE_BLANK: Final = _DECLARE_BLANK
NOTHING: Final = _NOTHING
PASS: Final = _PASS
RAISE: Final = _RAISE
SHOW: Final = _SHOW

KING: Final = 13
LOW13: Final = (1 << 13) - 1
_KINDS: Final[tuple[str, ...]] = ("point", "sequence", "tricon")  # (indexed by a variable: of any length, compiled)

# Bidding thresholds, on the estimated chance of holding the best hand.
RAISE_AT: Final = 0.75  # raise before anyone has
DECLARE_AT: Final = {"point": 0.40, "sequence": 0.45, "tricon": 0.45}
RERAISE_AT: Final = 0.60  # raise again over a raise
RAISER_POWER: Final = 3  # a raiser is rated like the best of three random hands
PASSER_CEILING: Final = 0.8  # a seat that passed is rated below this quantile
MAX_OWN_RAISES: Final = 2  # per chance: raise wars end
HOLD_RAISE_AT: Final = 0.45  # where declaring does not close the bidding (the Hoca): raise to play

# Card game weights.
KEEP_LEAD: Final = 2.0  # a run that ends on a hoc (the lead comes back) is worth this many cards
LOW_BONUS: Final = 0.12  # per rank below the king: low cards are hard to get rid of
DANGER_CARDS: Final = 2  # an opponent with this many cards or fewer may go out at once
ENDGAME_WEIGHT: Final = 0.5  # weight of the end payment when an opponent may go out
BREAK_AT_CARDS: Final = 5  # play a wild principal hoc on an opponent's run when he is this close
ESCAPE_AT_CARDS: Final = 3  # ... or when we are this close to going out ourselves
_WORST: Final = float("-inf")  # below every score


def _ranks(hand: int) -> int:
    """The ranks held, as 13 bits (bit r-1 for rank r)."""
    return (hand | hand >> 13 | hand >> 26 | hand >> 39) & LOW13


def _run_from(ranks: int, r: int) -> int:
    """How many consecutive ranks from ``r`` up are held."""
    x = ranks >> (r - 1)
    return (~x & (x + 1)).bit_length() - 1


def _chains(ranks: int) -> tuple[tuple[int, int, int, float], ...]:
    """The runs of consecutive ranks in a 13-bit rank set: (lowest rank, length, top
    rank, the run's score before what the table tells: its length, and a bonus for
    low cards, which are hard to get rid of but by leading them)."""
    out = []
    starts = ranks & ~(ranks << 1)
    while starts:
        low = starts & -starts
        starts ^= low
        r = low.bit_length()
        length = _run_from(ranks, r)
        out.append((r, length, r + length - 1, length + LOW_BONUS * (KING - r)))
    return tuple(out)


#: _CHAINS[ranks]: the runs of each 13-bit rank set.
_CHAINS: Final = tuple(_chains(x) for x in range(1 << 13))

def _owed_table(rules: Ruleset) -> tuple[float, ...]:
    """What a loser with k cards left pays, about (k = 0..52), by the settle stage."""
    st = rules.settle
    if st is None:
        return tuple(float(k) for k in range(53))
    if st.losers_pay == "schedule":
        return tuple(0.0 if k == 0 else float(st.owed(k)) for k in range(53))
    if st.losers_pay == "per-card":
        return tuple(float(st.per_card * k) for k in range(53))
    pack = pack_of(rules)
    mean = pack.points(pack.mask) / pack.size  # a card left costs its points: about the mean
    return tuple(mean * k for k in range(53))


#: What :func:`_consts` reads, in the order of :class:`HeuristicBot`'s fields it fills.
_Consts = tuple[Hand, bool, str, bool, tuple[float, ...], bool, bool, Chips, Chips, dict[str, int],
                Hand, Hand, bool, Rank, Hand, bool]


@per_ruleset
def _consts(rules: Ruleset) -> _Consts:
    """What the bot reads from a ruleset, once per ruleset object."""
    cg = rules.card_game
    b = rules.bidding
    bonus = 0  # cards worth laying early: board cards, cards paid when laid
    for pr in rules.pools:
        if pr.card is not None and cg is not None and cg.board_laid == "takes-pool":
            bonus |= 1 << pr.card
    charged = 0  # cards that cost their holder at the end
    if cg is not None:
        for p in cg.paid_when_laid:
            bonus |= hand_of(p.cards)
    st = rules.settle
    if st is not None:
        for ch in st.held_charges:
            charged |= hand_of(ch.cards)
        if st.board_held == "doubles-pool":
            for pr in rules.pools:
                if pr.card is not None:
                    charged |= 1 << pr.card
    return (
        hand_of(cg.principal_hocs) if cg else 0, cg.principal_may_withhold if cg else True,
        cg.principal_wild if cg else "never", cg.principal_lead_pays if cg else True, _owed_table(rules),
        b.declaring_closes_bidding if b else True, b.lone_winner_must_show if b else False,
        b.raise_min if b else 1, b.raise_cap if b else 1,
        {st.id: {"point": 0, "run": 1, "set": 2}[st.on] for st in rules.vie_stages},
        bonus, charged, bool(cg and cg.runs == "same-suit"), pack_of(rules).top,
        pack_of(rules).mask, bool(cg and cg.must_claim),
    )


@per_ruleset
def _trump_consts(rules: Ruleset) -> tuple[tuple[Rank, ...], Hand, tuple[Rank, ...]]:
    """With a card turned up naming trumps: the ranks of trumps whose pool is taken when laid
    (pools marked ``trump:``, ``board_laid: takes-pool``); and what holding pays only once the
    card game is over (claims of a holding stage after the stops stage): named cards, ranks of
    trumps. Empty for every ruleset without them."""
    cg = rules.card_game
    laid: list[Rank] = []
    if cg is not None and cg.board_laid == "takes-pool":
        laid = [pr.trump for pr in rules.pools if pr.trump is not None]
    keep_cards = 0
    keep_trumps: list[Rank] = []
    after_cards = False
    for st in rules.stages:
        if st.kind == "stops":
            after_cards = True
        elif st.kind == "holding" and after_cards:
            for claim in st.claims:
                keep_cards |= hand_of(claim.cards)
                keep_trumps.extend(claim.trumps)
    return tuple(laid), keep_cards, tuple(keep_trumps)


@mypyc_attr(allow_interpreted_subclasses=True)  # the Monte Carlo bot, in plain Python, builds on it
class HeuristicBot(Bot):
    """Bids in proportion to its combinations and position; plays runs sensibly."""

    name = "heuristic"
    __slots__ = (
        "_players", "_strength", "_dealt", "_q", "_has", "_raises", "_pay", "_size",
        "principal", "withhold", "wild", "lead_pays", "owed", "_closes", "_must_show",
        "raise_min", "raise_cap", "_index", "bonus", "charged", "same_suit", "top", "pack", "claims",
        "_pack_size", "_me", "_packs_vary", "_pack_players",
        # a card turned up naming trumps: the ranks of trumps laid for a pool, the cards and
        # ranks of trumps whose holding pays after the card game; this hand's bonus and keep
        "_trump_laid", "_keep_cards", "_keep_trumps", "_bonus0", "keep", "_trumps_of",
    )
    # set from _consts(rules)
    principal: Hand
    withhold: bool
    wild: str
    lead_pays: bool
    owed: tuple[float, ...]
    _closes: bool
    _must_show: bool
    raise_min: Chips
    raise_cap: Chips
    _index: dict[str, int]  # vie stage id -> 0 point, 1 run, 2 set
    bonus: Hand
    charged: Hand
    same_suit: bool
    top: Rank
    pack: Hand
    claims: bool  # something may have to be claimed (card_game.must_claim)

    def __init__(self, rules: Ruleset, seat: Seat, rng: random.Random | int | None = None) -> None:
        super().__init__(rules, seat, rng)
        self._players = 0
        self._size = 0
        self._strength: Strength | None = None
        self._dealt = -1
        # indexed by a variable: typed of any length (compiled, a fixed-length tuple is boxed
        # anew at each index)
        self._q: tuple[float, ...] = (0.0, 0.0, 0.0)
        self._has: tuple[bool, ...] = (True, False, False)
        self._raises: dict[str, int] = {}
        self._pay: dict[str, Chips] = {}
        (self.principal, self.withhold, self.wild, self.lead_pays, self.owed,
         self._closes, self._must_show, self.raise_min, self.raise_cap, self._index,
         self.bonus, self.charged, self.same_suit, self.top, self.pack, self.claims) = _consts(rules)
        self._pack_size = self.pack.bit_count()
        self._me = seat  # self.seat, which compiled code reads as a generic attribute
        self._trump_laid, self._keep_cards, self._keep_trumps = _trump_consts(rules)
        self._bonus0 = self.bonus
        self.keep: Hand = self._keep_cards  # cards to keep: holding them pays at the end
        self._trumps_of = -2  # the trump suit bonus and keep were set for (-2: none yet)
        #: the pack changes with the number of players (pack.cards_by_players): read it at
        #: the table's number (_pack_at), once it is known
        self._packs_vary: bool = rules.pack.cards_by_players is not None
        self._pack_players = 0

    # ---------------------------------------------------------- dispatch ----

    def choose(self, view: SeatView) -> Action:
        # the kinds it plays, told apart by what the stage lets a seat see
        seen = view.seen()
        if type(seen) is CardsSeen:
            return self.play(view)
        if type(seen) is BidSeen:
            return self.bid(view, seen.chance)
        if type(seen) is TricksSeen:
            return self.trick(view, seen)
        if view.stage == "blank-hand":
            return DECLARE_BLANK  # 002 §8: paid 10 by each other (two blank hands cancel)
        if type(seen) is ExchangeSeen:  # Piquet's discard: keep the point, the runs, the sets
            out = discard(view.hand, seen.most, seen.least, self.rules)
            # the legal discard of these cards: it names the cards taken where the hand has no
            # stock order to take them from (a hand given, not dealt: ExchangeStage.legal)
            for a in view.legal_actions():
                if type(a) is Discard and a.cards == out:
                    return a
            return Discard(out)
        # a declare stage (Piquet's calling): its first call is the best held, its first answer
        # the true one (DeclareStage.legal), and the bot calls and answers truly
        # turnup, holding: the dealer turns up the card chance gives; a holder says what he
        # holds (a pool taken costs nothing): the first legal action is that, a pass comes last
        return view.legal_actions()[0]

    # ------------------------------------------------------------ tricks ----

    def trick(self, view: SeatView, seen: TricksSeen) -> Action:
        """A card to a trick, by what the seat sees (:class:`~hocdsl.engine.tricks.TricksSeen`):
        a draw is chance's; following, win with the lowest card that wins when the trick is
        worth something (points in it, a point for winning it, the most tricks or the last
        trick at stake), else throw the lowest card; leading, while the stock lasts lead the
        lowest (keep the high cards: the tricks matter later), after it lead a card no unseen
        card beats, else the lowest."""
        if seen.rules.declarations != "none":  # combinations declared in play (Bezique): bots/melding.py
            return meld_trick(view, seen)
        legal = view.legal_actions()
        if seen.drawing or len(legal) == 1:
            return legal[0]
        cards = seen.playable()
        power = seen.power
        trumps = seen.trumps
        st = seen.rules
        pts = st.card_points or {}

        # a card is copy * 52 + suit * 13 + rank - 1 (pack.copies: Bezique's packs shuffled
        # together), so its suit is c // 13 & 3 and its rank c % 13 + 1 in every copy
        def low(c: int) -> tuple[int, int, int]:  # the cheapest to give up first
            return (c // 13 & 3 == trumps, pts.get(c % 13 + 1, 0), power[c % 13 + 1])

        mine = list(iter_cards(cards))
        trick = seen.trick
        stock_out = seen.stock_out
        if not trick:
            if stock_out:
                unseen = list(iter_cards(self.pack & view.unseen))
                masters = [c for c in mine if not any(beats(u, c, power, trumps) for u in unseen)]
                if masters:
                    return PLAYS[min(masters, key=low)]
            return PLAYS[min(mine, key=low)]
        best, _ = seen.best
        winners = [c for c in mine if beats(c, best, power, trumps)]
        if winners:
            worth = seen.points_in(trick) + max(pts.get(c % 13 + 1, 0) for c in winners)
            at_stake = (worth > 0 or st.win_points > 0 or seen.tricks_left <= 2
                        or (stock_out and (st.majority > 0 or st.all_tricks > 0)))
            if at_stake:
                return PLAYS[min(winners, key=low)]
        return PLAYS[min(mine, key=low)]

    # ----------------------------------------------------------- bidding ----

    def _table(self, players: int) -> None:
        """Set up for ``players`` at the table (the strength tables, the hand size)."""
        self._players = players
        self._strength = strength(self.rules, players) if self._index else None
        self._size = self.rules.hand_size(players)
        if self._packs_vary:
            self._pack_at(players)

    def _pack_at(self, players: int) -> None:
        """The pack, its top card and the end payment at ``players`` (pack.cards_by_players)."""
        self._pack_players = players
        at = self.rules.at_players(players)
        pack = pack_of(at)
        self.top, self.pack, self._pack_size = pack.top, pack.mask, pack.mask.bit_count()
        self.owed = _owed_table(at)

    def _new_hand(self, view: SeatView) -> None:
        n = view.players
        if n != self._players:
            self._table(n)
        dealt = view.dealt
        self._dealt = dealt
        assert self._strength is not None  # made for rulesets with vie stages, where one bids
        self._q, (_p, s, t) = self._strength.scored(dealt)
        self._has = (True, s >= 0, t >= 0)
        self._raises = {}
        self._pay = {}

    def _win_payment(self, chance: str, hand: Hand) -> Chips:
        """What each other player pays for our best combination of ``chance``, single game."""
        pay = self._pay.get(chance)
        if pay is None:
            pay = 0
            i = self._index[chance]
            if i == 1:
                run = best_sequence(hand, self.rules)
                if run is not None:
                    pay = sequence_payment(run, self.rules)
            elif i == 2:
                trio = best_tricon(hand, self.rules)
                if trio is not None:
                    pay = tricon_payment(trio, self.rules)
            self._pay[chance] = pay
        return pay

    def _raise(self, chance: str, p: float, pool: Chips, mult: int) -> Raise:
        amount = round((pool + 2 * mult) * (p - 0.5))
        amount = max(self.raise_min, min(self.raise_cap, amount))
        self._raises[chance] = self._raises.get(chance, 0) + 1
        return RAISE[amount] if amount < len(RAISE) else Raise(amount)

    def bid(self, view: SeatView, chance: str) -> Action:
        seen = view.seen()
        assert type(seen) is BidSeen  # asked to bid while a chance is bid
        state = seen.bid_state()
        _chance, mode, stake, put, pool, mult, n_in, dealt = state
        if dealt != self._dealt:
            self._new_hand(view)
        i = self._index[chance]
        q = self._q[i]
        has = self._has[i]
        n = self._players
        if mode == "open":
            if not has:
                return PASS
            passed = (self._me - view.eldest) % n  # everyone before us passed (002 §5.1)
            below = q / PASSER_CEILING  # min(1.0, ...), and powers by math.pow: compiled, both
            if not below < 1.0:          # run as C (min() and ** on floats are generic calls)
                below = 1.0
            # (a float exponent: math.pow(float, int) is a generic call compiled, (float, float) C's pow)
            p = math.pow(below, float(passed)) * math.pow(q, float(n - 1 - passed))
            if not self._closes:
                # the Hoca: combinations are made known only after raises
                if p >= HOLD_RAISE_AT:
                    return self._raise(chance, p, pool, mult)
                return PASS
            if p >= RAISE_AT:
                return self._raise(chance, p, pool, mult)
            if p >= DECLARE_AT[_KINDS[i]]:
                decls = seen.declarations()  # best first: declare truthfully, the best
                if decls:
                    return decls[0]
            return PASS
        if mode == "raised":
            if not has:
                return PASS
            others = n_in - 2 if n_in > 2 else 0
            p = math.pow(q, float(RAISER_POWER + others))  # the raiser, and any other still in
            to_call = stake - put
            win = pool + to_call
            if i:
                win += self._win_payment(chance, view.hand) * mult * (n - 1)
            if p >= RERAISE_AT and self._raises.get(chance, 0) < MAX_OWN_RAISES:
                return self._raise(chance, p, pool, mult)
            return CALL if p * win > to_call else PASS
        if mode == "declaring":
            decls = seen.declarations()
            if decls:
                return decls[0]
            return CONCEDE if CONCEDE in view.legal_actions() else NOTHING
        # lone: show when it is paid (002 §7.2-7.3)
        if self._must_show or (i and has and self._win_payment(chance, view.hand) > 0):
            return SHOW
        return CONCEAL

    # ---------------------------------------------------------- card game ----

    def _trumps(self, view: SeatView) -> None:
        """This hand's board cards of the trump suit (laid, they take their pools) and the
        trumps to keep (held after the card game, they take theirs)."""
        r = view.result_of(TurnUpResult)
        trumps = r.trumps if r is not None else -1
        if trumps == self._trumps_of:
            return
        self._trumps_of = trumps
        bonus, keep = self._bonus0, self._keep_cards
        if trumps >= 0:
            for rank in self._trump_laid:
                bonus |= 1 << card_of(rank, trumps)
            for rank in self._keep_trumps:
                keep |= 1 << card_of(rank, trumps)
        self.keep = keep
        self.bonus = bonus & ~keep

    def play(self, view: SeatView) -> Action:
        if self._packs_vary and view.players != self._pack_players:
            self._pack_at(view.players)
        seen = view.seen()
        assert type(seen) is CardsSeen  # asked to play in the card game
        if self.claims and seen.may_claim():
            return CLAIM  # what must be claimed is always claimed
        if self._trump_laid or self._keep_trumps:
            self._trumps(view)
        hand, need, cards, without, cur = seen.card_state()
        if not cards:
            return WITHOUTS[need]
        keep = self.keep
        if keep and cards & keep and not cards & ~keep and without:
            return WITHOUTS[need]  # only a card whose holding pays: keep it, say "without"
        if not cards & (cards - 1) and not without:
            return PLAYS[cards.bit_length() - 1]
        if not need:
            if keep and hand & ~keep and cards == hand:
                return self._lead(view, hand & ~keep, cards & ~keep)
            return self._lead(view, hand, cards)
        plain = cards & ~self.principal
        if keep and plain & ~keep:
            plain &= ~keep
        if plain:  # a plain card of the rank asked: lay it, keep the principal hocs
            eager = plain & (self.bonus | self.charged)  # a board card, a card that costs if kept
            pick = eager or plain
            return PLAYS[(pick & -pick).bit_length() - 1]
        return self._cover_principal(view, hand, need, cards, without, cur)

    def _cover_principal(self, view: SeatView, hand: Hand, need: Rank, cards: Hand, without: bool,
                         cur: Seat) -> Action:
        """Only principal hocs could be laid (for their own rank, or wild): lay one,
        or keep it and say "without"."""
        natural = cards & RANK_MASKS[need - 1]
        pick = natural or cards
        card = PLAYS[(pick & -pick).bit_length() - 1]
        if not without:
            return card
        mine = cur == self._me
        if natural:
            if mine and self._dead(view, hand, need):
                return WITHOUTS[need]  # nobody can cover: the accidental hoc is ours anyway
            return card  # a hoc, and the lead: break the run
        # a wild principal hoc
        if mine:
            if self._dead(view, hand, need):
                return WITHOUTS[need]
            return card if count(hand) <= ESCAPE_AT_CARDS else WITHOUTS[need]
        if view.cards_left[cur] <= BREAK_AT_CARDS or count(hand) <= ESCAPE_AT_CARDS:
            return card
        return WITHOUTS[need]

    def _lead_in_suit(self, plain: Hand) -> Action:
        """Runs keep to one suit: lead the lowest card of the longest run held in a suit."""
        best, best_score = -1, -1e9
        for suit in range(4):
            ranks = plain >> (13 * suit) & LOW13
            for r, _length, _end, score in _CHAINS[ranks]:
                if score > best_score:
                    best, best_score = suit * 13 + r - 1, score
        return PLAYS[best]

    def _dead(self, view: SeatView, hand: Hand, rank: Rank) -> bool:
        """True if no other seat can hold a card of ``rank`` (all are laid or ours)."""
        return not (RANK_MASKS[rank - 1] & ~hand & ~view.pile)

    def _lead(self, view: SeatView, hand: Hand, cards: Hand) -> Action:
        if hand >> 52:  # packs shuffled together (past NUM_CARDS, written out): choose as from one pack
            a = self._lead(view, folded(hand), folded(cards))
            assert isinstance(a, Play)  # (a lead lays a card)
            return PLAYS[held_copy(cards, a.card)]
        P = self.principal
        if cards != hand:  # the first lead is restricted (the Hoca: the lowest card)
            plain = cards & ~P
            pick = plain or cards
            return PLAYS[(pick & -pick).bit_length() - 1]
        plain = hand & ~P
        if not plain:
            return PLAYS[(hand & -hand).bit_length() - 1]
        eager = plain & (self.bonus | self.charged)
        if eager:  # take a board box before another can; shed a card that costs at the end
            return PLAYS[(eager & -eager).bit_length() - 1]
        if self.same_suit:
            return self._lead_in_suit(plain)
        chains = _CHAINS[_ranks(plain)]
        if len(chains) == 1:
            r, length, _end, _base = chains[0]
            prin = hand & P
            if prin and self.lead_pays and length == count(plain):
                # the rest goes out in one run: lay the principal hocs first (each a hoc,
                # and the lead comes back), then the run
                return PLAYS[(prin & -prin).bit_length() - 1]
            pick = plain & RANK_MASKS[r - 1]
            return PLAYS[(pick & -pick).bit_length() - 1]
        pile = view.pile
        if view.players != self._players:
            self._table(view.players)
        size = self._size
        left = view.cards_left  # (the game counts them: cheaper than counting bits, compiled)
        me = self._me
        ncards = left[me]
        held = 0
        for c in left:  # (compiled, a loop on the stack; sum() is a generic call)
            held += c
        laid = size * self._players - held  # all dealt but what is held
        # the cards in the others' hands: all dealt but the pile and ours
        others = held - ncards
        danger = False
        if laid >= size - DANGER_CARDS:  # before that, nobody can be this close to going out
            for t, c in enumerate(left):
                if t != me and c <= DANGER_CARDS:
                    danger = True
        unseen = self.pack & ~hand & ~pile
        n_unseen = self._pack_size - ncards - laid  # (hand and pile: apart, in the pack)
        # chance that a given unseen card is out of play rather than in another's hand;
        # a run's last card is an accidental hoc (the lead comes back) when every unseen
        # card of the next rank is out of play: about out ** (how many are unseen)
        out = (n_unseen - others) / n_unseen if n_unseen else 1.0
        prin_ranks = _ranks(hand & P)
        owed = self.owed
        # the first run until a better one: with a huge end payment every score may be
        # far below any floor, and rank 0 (no run) would index the king's mask
        best_r, best_score = chains[0][0], _WORST
        for r, length, end, score in chains:
            if end >= self.top:
                keep = 1.0
            elif prin_ranks >> end & 1:
                keep = 1.0  # a principal hoc of the next rank carries on: a hoc, the lead
                length += 1
                score += 1.0
            else:
                k = count(unseen & RANK_MASKS[end])  # out ** k, multiplied out
                keep = (1.0 if not k else out if k == 1 else out * out if k == 2 else
                        out * out * out if k == 3 else out * out * out * out)
            if length >= ncards:
                best_r = r
                break  # goes out
            score += KEEP_LEAD * keep
            if danger:
                score -= ENDGAME_WEIGHT * owed[ncards - length] * (1.0 - keep)
            if score > best_score:
                best_r, best_score = r, score
        pick = plain & RANK_MASKS[best_r - 1]
        return PLAYS[(pick & -pick).bit_length() - 1]
