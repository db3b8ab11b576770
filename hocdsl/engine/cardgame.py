"""The ``stops`` stage: the card game of the hoc family. Cards are laid on one
pile in the order of the pack; hocs end runs; the first out of cards wins.

State: ``need`` is the rank the next card must have (0 while someone must
lead a new run), ``want`` the cards that follow (that rank in any suit, or
the one card of the run's suit where ``runs: same-suit``); ``cur`` is whoever
laid the last card. Every rule below reads a knob of the stage (here
``card_game.*``, the stage's id); refusals cite the knob as the ruleset cites it.

- Leading (Lalanne 002 §9.1): the eldest lays any card (``opening_lead:
  lowest``: his lowest, for the first card of the hand only); after a hoc its
  player leads anew with any card.
- Following (002 §9.1; adjo-hocs §2): whoever laid the last card goes on with
  the next card in the pack's order (``pack.order``), in any suit or in the
  run's suit (``runs``), while he can, then says "without N"; the next player
  lays it if he holds it, else says "without N"; and so on. ``must_cover``:
  one holding the card must lay it.
- Accidental hoc (002 §9.2): the word comes back to ``cur``: his last card is
  a hoc, paid ``accidental_pay`` by each other player where
  ``accidental_hocs``; he leads anew (``accidental_restart: any-card``) or
  goes on from the card after the missing one (``after-missing``).
- The top card of the order (the king) ends a run (``after_top: new-run``):
  an end-of-run hoc, paid ``end_of_run_pay``; or the run wraps to the lowest
  card (``wraps``).
- The next card held back (``accidental_when_held``): where a player held it
  (a principal hoc kept back, a false "without" let stand), the last card is
  an accidental hoc all the same (``hoc``), or none (``not-if-held``, 002
  §9.2's "absence" of the next card; ``not-if-opponent-held``, the Hoca's
  "none of his opponents"): its player leads anew unpaid.
- Going out on a hoc (002 §9.3): the hand stops at once, so a last card that
  ends a run is paid only where ``last_card_hoc``.
- Permanent hocs (``permanent_hocs``, wp-hocs §Types of hoc): named cards that
  always end a run, paid ``permanent_pay``.
- Principal hocs (``principal_hocs``, 002 §9.2): a hoc wherever laid, paid
  ``principal_pay`` (laid to lead, only where ``principal_lead_pays``);
  ``principal_may_withhold``: its holder may say "without" its rank;
  ``principal_wild``: it may stand for the card wanted (``when-missing``,
  ``always``); ``principal_after``: its player leads anew, or the run goes on
  from the card it stood for (the manille, the comète).
- Cards paid when laid (``paid_when_laid``: the Comète's kings) and board
  cards (``board_laid: takes-pool``: a pool's card takes the pool when laid).
- Wild cards: ``principal_lead_as: any-rank``: a principal hoc leading a run
  is laid as a rank its holder names (``Play(card, as_rank)``), the run going
  on from it; ``principal_is_hoc: false``: a principal card is a stand-in only,
  no hoc; ``wild_counts_as: card-stood-for``: laid for another card, it counts
  as that card (the rank it stands for, in the suit of the card it covers, or
  its own when leading) for cards paid when laid, board cards, permanent hocs
  and the top card's end-of-run hoc.
- Claims (``must_claim``): a listed payment or take (hocs by kind, ``laid``,
  ``board``) is only owed (``owed``) until its player claims it (``Claim``,
  "hoc!"), which he may do when he has the word: the next card laid or, under
  ``claim_window: next-card``, his "without" forfeits it (``Forfeited``; a box
  stays on the board); under ``next-card-laid`` the "without"s leave it open, and
  he claims when the word comes back to him. What he earns with his last card is
  paid at once: the hand ends on it.
- False "without" (holding the card, under ``must_cover``): refused in strict
  mode; in lenient mode (human play) it costs ``false_without_penalty`` to
  each other player, and then stands or not (``false_without_effect``).
- End: as soon as a player has no card left the stage ends; the ``settle``
  stage that follows says what the others pay him.
- Packs shuffled together (``pack.copies``): the copies of a card are alike. A
  card the stage's knobs name (a hoc, a board card, a card paid when laid) is
  every copy of it; a run wants every copy of the card or rank after; a card
  laid without its copy named is the copy its player holds, lowest first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..actions import CLAIM, PLAY, WITHOUT, Claim, Play, Without
from ..cards import (
    MAX_IDS, NUM_CARDS, SUIT_MASK, Card, Hand, Rank, Seat, a_rank, all_copies, card_name, card_of, hand_of,
    held_copy, rank_letter, rank_name, with_article,
)
from ..pack import pack_of
from ..rules.cache import per_ruleset
from .errors import IllegalAction, knob_rule
from .events import (
    BOARD as R_BOARD, CARDS_STAGE, HOC as R_HOC, LAID as R_LAID, PENALTY as R_PENALTY, ChipMove,
    Claimed, Forfeited, HandOver, Hoc, Played, Pool, SaidWithout, pools_of,
)
from .table import Result, Seen, Stage, Table
from .tally import Quantities, Ratios, StageTally
from .turnup import trumps_of
from .words import Words

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset, Stops

#: The kinds of hoc.
PRINCIPAL: Final = "principal"
PERMANENT: Final = "permanent"
END_OF_RUN: Final = "end-of-run"
ACCIDENTAL: Final = "accidental"
#: The kinds of hoc by number, as the engine counts and pays them (``CardsResult.hoc_counts``).
HOC_KINDS: Final = (PRINCIPAL, PERMANENT, END_OF_RUN, ACCIDENTAL)
K_PRINCIPAL: Final = 0
K_PERMANENT: Final = 1
K_END_OF_RUN: Final = 2
K_ACCIDENTAL: Final = 3
#: What else may have to be claimed (``must_claim``): a card paid when laid, a board box.
LAID_KIND: Final = "laid"
BOARD_KIND: Final = "board"
#: Something earned and not yet claimed: (kind, card, chips from each other player
#: (0 for a board box, which is taken as it stands when claimed), the box or None).
Owed = tuple[str, Card, int, Pool | None]


# The action classes and the card game's actions, bound here once: compiled, a module
# constant is read directly, while a name imported from a module that is not compiled
# (actions) is looked up on every use. The bots read PLAYS and WITHOUTS too.
_Play: Final = Play
_Claim: Final = Claim
_Without: Final = Without
PLAYS: Final = PLAY  #: PLAYS[c]: Play(c), for every copy of every card
assert len(PLAYS) == MAX_IDS == 208  # (208 is written out in apply, the hot path)
WITHOUTS: Final = WITHOUT  #: WITHOUTS[r]: Without(r)


def _plays(bits: Hand) -> list[Play]:
    out = []
    while bits:
        low = bits & -bits
        out.append(PLAYS[low.bit_length() - 1])
        bits ^= low
    return out


# Legal covers by (cards that may be laid | rank of an allowed "without" << 52): few
# distinct keys (a rank's cards and the principal hocs), so the tuples are shared.
_COVER: Final[dict[int, tuple[Play | Without, ...]]] = {}


class _Knobs:
    """The stage's knobs as the hot paths read them, made once per ruleset: each by its
    name in the ruleset file (``card_game.principal_hocs`` is ``k.principal_hocs``, as
    bits), a choice the hot path tests as a flag by the knob and the value."""

    __slots__ = (
        # knobs of the stops stage, by their names in the file (a choice read as a
        # flag is <knob>_<value>: opening_lead_lowest is opening_lead == "lowest")
        "principal_hocs", "principal_may_withhold", "must_cover", "principal_lead_pays",
        "accidental_hocs", "accidental_pay", "opening_lead_lowest", "last_card_hoc",
        "false_without_effect_stands", "runs_same_suit", "after_top_wraps",
        "accidental_restart_after_missing", "accidental_when_held", "end_of_run_pay",
        "permanent_hocs", "permanent_pay", "principal_pay", "principal_after_continues",
        "paid_when_laid", "false_without_penalty", "must_claim", "principal_lead_as_any_rank",
        "principal_is_hoc", "wild_counts_as_card_stood_for", "principal_wild_never",
        "principal_wild_always", "principal_wild_when_missing", "claim_window_next_card_laid",
        # what the engine derives from them and from the pack
        "laid_cards", "board_cards", "board_pools", "next_rank", "low", "top", "order",
        "rank_masks", "sid", "special", "follows", "pays", "plain_runs", "claiming",
        # packs shuffled together (pack.copies): how many, the bits of a card id (52 for
        # one pack), every copy of each card of the first pack (card_wants[card])
        "copies", "id_bits", "card_wants",
        # pools marked by a rank of trumps (pools.<id>.trump): (rank, pool), board cards
        # once the hand's trump suit is known (:mod:`.turnup`)
        "trump_board",
    )

    def __init__(self, rules: Ruleset) -> None:
        cg = rules.card_game
        assert cg is not None  # made for a ruleset's stops stage
        pack = pack_of(rules)
        self.sid = cg.id
        copies = self.copies = pack.copies
        self.id_bits = NUM_CARDS * copies
        self.card_wants = tuple(all_copies(1 << c, copies) for c in range(NUM_CARDS))
        self.principal_hocs = all_copies(hand_of(cg.principal_hocs), copies)
        wild = cg.principal_wild
        self.principal_wild_never = wild == "never"  # a principal hoc never stands for another card
        self.principal_wild_always = wild == "always"
        self.principal_wild_when_missing = wild == "when-missing"
        self.principal_may_withhold = cg.principal_may_withhold
        self.must_cover = cg.must_cover
        self.principal_lead_pays = cg.principal_lead_pays
        self.accidental_hocs = cg.accidental_hocs
        self.accidental_pay = cg.accidental_pay
        self.opening_lead_lowest = cg.opening_lead == "lowest"
        self.last_card_hoc = cg.last_card_hoc
        self.false_without_effect_stands = cg.false_without_effect == "stands"
        self.runs_same_suit = cg.runs == "same-suit"
        self.after_top_wraps = cg.after_top == "wraps"
        self.accidental_restart_after_missing = cg.accidental_restart == "after-missing"
        #: accidental_when_held: 0 the last card is a hoc all the same; 1 no hoc if any
        #: player held the next card; 2 no hoc if one of its player's opponents held it
        self.accidental_when_held = ("hoc", "not-if-held", "not-if-opponent-held").index(cg.accidental_when_held)
        self.end_of_run_pay = cg.end_of_run_pay
        self.permanent_hocs = all_copies(hand_of(cg.permanent_hocs), copies)
        self.permanent_pay = cg.permanent_pay
        self.principal_pay = cg.principal_pay
        self.principal_after_continues = cg.principal_after == "continues"
        #: the kinds that must be claimed (must_claim), paid only on a Claim
        self.must_claim = frozenset(cg.must_claim)
        self.claiming = bool(self.must_claim)  # anything to claim at all (not in most rulesets)
        #: claim_window: the claim stays open over "without" until another card is laid on it
        self.claim_window_next_card_laid = cg.claim_window == "next-card-laid"
        self.principal_lead_as_any_rank = cg.principal_lead_as == "any-rank"
        self.principal_is_hoc = cg.principal_is_hoc
        self.wild_counts_as_card_stood_for = cg.wild_counts_as == "card-stood-for"
        self.paid_when_laid = tuple((all_copies(hand_of(p.cards), copies), p.each) for p in cg.paid_when_laid)
        laid = 0
        for bits, _each in self.paid_when_laid:
            laid |= bits
        self.laid_cards = laid
        pools = pools_of(rules)
        self.board_pools: dict[Card, Pool] = {}
        if cg.board_laid == "takes-pool":
            for pr, pool in zip(rules.pools, pools):
                if pr.card is not None:
                    for k in range(copies):  # (every copy of it, in packs shuffled together)
                        self.board_pools[pr.card + NUM_CARDS * k] = pool
        self.board_cards = hand_of(self.board_pools, copies)
        self.trump_board: tuple[tuple[Rank, Pool], ...] = ()
        if cg.board_laid == "takes-pool":
            self.trump_board = tuple((pr.trump, pool) for pr, pool in zip(rules.pools, pools)
                                     if pr.trump is not None)
        self.next_rank = pack.next_rank
        self.low, self.top, self.order = pack.low, pack.top, pack.order
        self.rank_masks = tuple(m & pack.mask for m in pack.rank_masks)
        self.false_without_penalty = cg.false_without_penalty
        # Cards whose laying does more than carry the run on: hocs of every kind, the
        # top card (unless the run wraps), board cards and cards paid when laid.
        special = self.principal_hocs | self.permanent_hocs | self.board_cards | self.laid_cards
        if not self.after_top_wraps:
            special |= pack.rank_masks[self.top - 1]
        self.special = special
        #: for each card, (need, want, suit) once it is laid as a plain card of a run
        follows = []
        for c in range(self.id_bits):
            nxt = self.after(c % 13 + 1)
            suit = c // 13 & 3
            want = 0
            if nxt:
                want = self.card_wants[suit * 13 + nxt - 1] if self.runs_same_suit else self.rank_masks[nxt - 1]
            follows.append((nxt, want, suit))
        self.follows = tuple(follows)
        #: what each kind of hoc (by number, as HOC_KINDS) is paid by every other player
        #: (0: not paid); typed of any length: a fixed-length tuple, compiled, would be
        #: made anew to be indexed by a variable
        self.pays: tuple[int, ...] = (
            self.principal_pay, self.permanent_pay, self.end_of_run_pay, self.accidental_pay if self.accidental_hocs else 0)
        #: no card but the principal hocs is more than its rank (auto_equivalent may apply)
        self.plain_runs = not (self.runs_same_suit or self.board_cards or self.laid_cards or self.permanent_hocs
                               or self.trump_board)

    def after(self, rank: Rank) -> Rank:
        """The rank wanted after a card of ``rank`` (0: the run ends): the next in the
        pack's order; after the top, the lowest where the run wraps."""
        nxt: Rank = self.next_rank[rank]
        if not nxt and self.after_top_wraps:
            return self.low
        return nxt


_knobs = per_ruleset(_Knobs)


def rank_after(rules: Ruleset, rank: Rank) -> Rank:
    """The rank a run wants after a card of ``rank`` under ``rules`` (0: the run ends),
    as the card game plays it: the next in the pack's order, and after the top the
    lowest where the run wraps (``after_top: wraps``). The narrator follows it too.

    >>> from hocdsl.rules import load_ruleset
    >>> r = load_ruleset("hoc-mazarin")
    >>> rank_after(r, 5), rank_after(r, 13)
    (6, 0)
    """
    return _knobs(rules).after(rank)


def follow(hand: Hand, want: Hand, principal: Hand, wild_always: bool, wild_missing: bool) -> Hand:
    """The rule of following a run: the cards of ``hand`` that may be laid on it, when
    ``want`` are the cards of the rank (and suit) it needs -- those cards, and the
    principal hocs held where one stands for the card needed (``principal_wild``:
    always, or only when the holder lacks it). :meth:`CardGame.options` and the
    fast path :meth:`CardGame.auto` both ask it.

    >>> from hocdsl.cards import parse_hand as hand_of
    >>> follow(hand_of("5S 7D"), hand_of("5S 5H"), hand_of("7D"), False, True) == hand_of("5S")
    True
    >>> follow(hand_of("6S 7D"), hand_of("5S 5H"), hand_of("7D"), False, True) == hand_of("7D")
    True
    """
    natural = hand & want
    if hand & principal and (wild_always or (wild_missing and not natural)):
        return natural | (hand & principal)
    return natural


def may_say_without(hand: Hand, want: Hand, principal: Hand, withhold: bool, must_cover: bool) -> bool:
    """The rule of "without" on a run: it may be said when the rules do not make a player
    cover (``must_cover`` false) or when he holds no plain card wanted (a principal hoc
    held back does not count where ``principal_may_withhold``).

    >>> from hocdsl.cards import parse_hand as hand_of
    >>> may_say_without(hand_of("5S"), hand_of("5S 5H"), 0, False, True)
    False
    >>> may_say_without(hand_of("7D"), hand_of("7D 7S"), hand_of("7D"), True, True)
    True
    """
    natural = hand & want
    return not (natural & ~principal if withhold else natural) or not must_cover


class CardsResult(Result):
    """What the card game reports of its hand: the ``winner`` (the first out of cards;
    None until then), whether he went out in his first turn (``first_turn_out``, before
    anyone else laid a card), and the hocs made, by kind (``hoc_counts``, numbered as
    :data:`HOC_KINDS`)."""

    __slots__ = ("winner", "first_turn_out", "hoc_counts")

    def __init__(self) -> None:
        self.winner: Seat | None = None
        self.first_turn_out = False
        self.hoc_counts = [0] * len(HOC_KINDS)

    def copy(self) -> CardsResult:
        r = CardsResult()
        r.winner, r.first_turn_out, r.hoc_counts = self.winner, self.first_turn_out, self.hoc_counts.copy()
        return r

    @property
    def hocs(self) -> int:
        """Hocs made, of every kind."""
        return sum(self.hoc_counts)


class CardGame(Stage):
    """The card-game phase of a :class:`~hocdsl.engine.game.Game`, over its :class:`~.table.Table`."""

    __slots__ = (
        "k", "need", "want", "suit", "cur", "first", "last", "laid_by",
        "principal_hocs", "principal_may_withhold", "must_cover", "opening_lead_lowest", "owed", "missed",
        "out",
        # the board of this hand: the ruleset's board cards, and those of the pools marked by
        # a rank of trumps once the turnup stage has named the suit; the special cards with them
        "board_cards", "board_pools", "special",
    )

    def __init__(self, g: Table, st: Stops | None = None, k: _Knobs | None = None) -> None:
        self.g = g  # typed Table, a class mypyc compiles: its attributes are read directly
        self.st = st if st is not None else g.rules.card_game
        self.stage = CARDS_STAGE
        self.done = False
        #: what the stage reports (the same object as ``result``, typed for the kind)
        self.out = self.result = CardsResult()
        if k is None:
            k = _knobs(g.rules)
        self.k = k
        self.principal_hocs, self.principal_may_withhold = k.principal_hocs, k.principal_may_withhold
        self.must_cover, self.opening_lead_lowest = k.must_cover, k.opening_lead_lowest
        self.board_cards, self.board_pools, self.special = k.board_cards, k.board_pools, k.special

    def anew(self, g: Table) -> CardGame:
        return CardGame(g, self.st, self.k)

    def forks(self) -> bool:
        return True

    def fork(self, g: Table) -> CardGame:
        """This card game as it stands, bound to ``g`` (:meth:`Game.fork`)."""
        cg = CardGame(g, self.st, self.k)
        cg.need, cg.want, cg.suit, cg.cur = self.need, self.want, self.suit, self.cur
        cg.first, cg.done, cg.last, cg.laid_by = self.first, self.done, self.last, self.laid_by
        cg.principal_hocs, cg.principal_may_withhold = self.principal_hocs, self.principal_may_withhold
        cg.must_cover, cg.opening_lead_lowest = self.must_cover, self.opening_lead_lowest
        cg.owed = list(self.owed)
        cg.missed = self.missed
        cg.board_cards, cg.board_pools, cg.special = self.board_cards, self.board_pools, self.special
        cg.out = cg.result = self.out.copy()
        return cg

    def _rule(self, knob: str, what: str) -> str:
        return knob_rule(self.g.rules, f"{self.k.sid}.{knob}", what)

    def start(self) -> None:
        g = self.g
        self.need = 0
        self.want = 0
        self.suit = -1
        self.cur = g.eldest
        self.first = True
        self.last = -1  # the last card laid
        self.laid_by = 0  # seats (bits) that have laid a card this hand
        self.missed = 0  # accidental hocs in a row since the last card laid
        #: what the player to act has earned and must still claim (must_claim)
        self.owed: list[Owed] = []
        k = self.k
        if k.trump_board:  # the board cards of the ace (king...) of trumps, in this hand's trumps
            trumps = trumps_of(g)
            if trumps >= 0:
                pools = dict(k.board_pools)
                for rank, pool in k.trump_board:
                    for copy in range(k.copies):
                        pools[card_of(rank, trumps) + NUM_CARDS * copy] = pool
                self.board_pools = pools
                self.board_cards = hand_of(pools, k.copies)
                self.special = k.special | self.board_cards
        g.stage = CARDS_STAGE
        g.to_act = g.eldest

    def _follow(self, rank: Rank, suit: int) -> None:
        """The run goes on from a card of ``rank`` (in ``suit``): the next is wanted."""
        k = self.k
        nxt = k.after(rank)
        if not nxt:
            self.need = self.want = 0
            return
        self.need = nxt
        self.suit = suit
        self.want = k.card_wants[suit * 13 + nxt - 1] if k.runs_same_suit else k.rank_masks[nxt - 1]

    # ----------------------------------------------------------- legal ----

    def _lead_cards(self, h: Hand) -> Hand:
        if self.first and self.opening_lead_lowest:
            masks = self.k.rank_masks
            for r in self.k.order:  # the lowest rank held, in the pack's order
                if h & masks[r - 1]:
                    return h & masks[r - 1]
        return h

    def options(self) -> tuple[Hand, bool]:
        """The legal actions as bits: (cards that may be laid, whether "without" may be
        said). The one rule of what may be laid; :meth:`legal`, :meth:`forced`
        and :meth:`check` all read it."""
        g = self.g
        s = g.to_act
        assert s is not None  # a phase acts only while the hand is on
        h = g.hands[s]
        if not self.need:
            return self._lead_cards(h), False
        k = self.k
        cards = follow(h, self.want, self.principal_hocs, k.principal_wild_always, k.principal_wild_when_missing)
        return cards, may_say_without(h, self.want, self.principal_hocs, self.principal_may_withhold, self.must_cover)

    def legal(self) -> tuple[Play | Without | Claim, ...]:
        acts = self._legal()
        if self.owed and self.g.to_act == self.cur:  # what he has earned may be claimed, before anything else
            return (CLAIM, *acts)
        return acts

    def _legal(self) -> tuple[Play | Without, ...]:
        cards, without = self.options()
        need = self.need
        if not need:
            plays: list[Play] = _plays(cards)
            if self.k.principal_lead_as_any_rank and cards & self.principal_hocs:
                plays.extend(self._leads_as(cards & self.principal_hocs))
            return tuple(plays)
        key = cards | (need << self.k.id_bits) if without else cards
        acts = _COVER.get(key)
        if acts is None:
            lst: list[Any] = _plays(cards)
            if without:
                lst.append(WITHOUTS[need])
            acts = _COVER[key] = tuple(lst)
        return acts

    def _leads_as(self, principal: Hand) -> list[Play]:
        """Each principal hoc in ``principal`` led as each other rank of the pack
        (``principal_lead_as: any-rank``)."""
        out: list[Play] = []
        for p in _plays(principal):
            own = p.card % 13 + 1
            out.extend(Play(p.card, r) for r in self.k.order if r != own)
        return out

    def forced(self) -> Play | Without | None:
        """The one legal action when there is no choice (a "without" with no
        card to lay, the only card that follows, a last card to lead), else
        None. Used by ``Game(auto_forced=True)``. Something to claim is a choice."""
        if self.owed and self.g.to_act == self.cur:
            return None
        cards, without = self.options()
        if without and not cards:
            return WITHOUTS[self.need]
        if without or cards & (cards - 1):
            return None
        if self.k.principal_lead_as_any_rank and not self.need and cards & self.principal_hocs:
            return None  # a principal hoc to lead: as which rank is a choice
        return PLAYS[cards.bit_length() - 1]

    # ----------------------------------------------------------- check ----

    def check(self, a: Any) -> bool:
        """Raise IllegalAction if ``a`` is not allowed; for a "without",
        return whether it is false (lenient play only)."""
        g = self.g
        s = g.to_act
        assert s is not None  # a phase acts only while the hand is on
        h = g.hands[s]
        need = self.need
        cls = type(a)
        if cls is _Claim:
            if not self.owed or s != self.cur:
                raise IllegalAction(self._rule("must_claim", "what must be claimed is claimed at once"),
                                    "you have nothing to claim now")
            return False
        if cls is _Play:
            c = a.card
            if not 0 <= c < MAX_IDS or not h >> c & 1:
                raise IllegalAction(self._cover_rule() if need else self._lead_rule(),
                                    f"you do not hold {card_name(c) if 0 <= c < MAX_IDS else c}")
            if a.as_rank:
                self._check_as(c, a.as_rank)
            cards, _without = self.options()
            if cards >> c & 1:
                return False
            if not need:
                raise IllegalAction(
                    self._rule("opening_lead", "the eldest leads his lowest card"),
                    f"the first card of the hand must be your lowest, not {card_name(c)}")
            wanted = self._wanted()
            if self.principal_hocs >> c & 1:
                if self.k.principal_wild_never:
                    raise IllegalAction(self._rule("principal_wild", "principal hocs are not wild"),
                                        f"{card_name(c)} cannot stand for {wanted}")
                raise IllegalAction(
                    self._rule("principal_wild", "a principal hoc stands for a card only when it is missing"),
                    f"you hold {wanted}: {card_name(c)} cannot stand for it")
            raise IllegalAction(self._cover_rule(), f"the card wanted is {wanted}, not {card_name(c)}")
        if cls is _Without:
            if not need:
                raise IllegalAction(self._lead_rule(), "you lead a new run: lay a card")
            if a.rank != need:
                raise IllegalAction(self._cover_rule(), f"the card wanted is {self._wanted()}, "
                                                f"not {a_rank(a.rank) if 1 <= a.rank <= 13 else with_article(str(a.rank))}")
            _cards, without = self.options()
            if without:
                return False
            natural = h & self.want
            plain = natural & ~self.principal_hocs if self.principal_may_withhold else natural
            if g.strict:
                held = " ".join(card_name(c.card) for c in _plays(plain))
                rule = (self._rule("must_cover", "one must play if one can")
                        if self.principal_may_withhold or not natural & self.principal_hocs else
                        self._rule("principal_may_withhold", "a principal hoc must be played"))
                raise IllegalAction(rule, f"you hold {held}: you must lay it, not say "
                                          f"\"without {rank_letter(need)}\"")
            return True
        raise IllegalAction(self._cover_rule() if need else self._lead_rule(),
                            "in the card game one lays a card or says \"without\"")

    def _check_as(self, c: Card, as_rank: int) -> None:
        """``c`` laid as ``as_rank``: only a principal hoc leading, where
        ``principal_lead_as: any-rank``, as a rank of the pack."""
        rule = self._rule("principal_lead_as", "a principal hoc leads as a rank its holder names")
        if not self.k.principal_lead_as_any_rank:
            raise IllegalAction(self._rule("principal_lead_as", "a principal hoc leads as its own rank"),
                                f"{card_name(c)} cannot be laid as another card")
        if not self.principal_hocs >> c & 1:
            raise IllegalAction(rule, f"{card_name(c)} is no principal hoc: it is laid as itself")
        if self.need:
            raise IllegalAction(rule, f"{card_name(c)} is named a rank only to start a run; "
                                      f"here it stands for {self._wanted()}")
        if as_rank not in self.k.order:
            shown = a_rank(as_rank) if 1 <= as_rank <= 13 else with_article(str(as_rank))
            raise IllegalAction(rule, f"{shown} is no rank of this pack")

    def _lead_rule(self) -> str:
        return self._rule("opening_lead", "the leader lays a card of his choice")

    def _cover_rule(self) -> str:
        return self._rule("runs", "the next card of the run is laid"
                          + (" in the run's suit" if self.k.runs_same_suit else ", any suit"))

    def _wanted(self) -> str:
        if self.k.runs_same_suit and self.want:
            return card_name((self.want.bit_length() - 1) % NUM_CARDS)  # (any copy of it)
        return a_rank(self.need)

    # ----------------------------------------------------------- apply ----

    def apply(self, a: Any) -> None:
        g = self.g
        s = g.to_act
        assert s is not None  # a phase acts only while the hand is on
        cls = type(a)
        if cls is _Play:
            c: Card = a.card  # (typed: compiled arithmetic on the card below)
            # PLAYS[c], the bots' answer, leads as itself: its as_rank not read (a
            # generic attribute, compiled)
            # (208: MAX_IDS written out, a constant to the pure build too: this is per card)
            as_rank: Rank = 0 if 0 <= c < 208 and a is PLAYS[c] else a.as_rank
            if as_rank:  # a principal hoc led as a rank its holder names: checked in full
                if self.k.copies > 1:
                    c = self._copy_held(s, c)
                    a = Play(c, as_rank)
                self.check(a)
                if as_rank == c % 13 + 1:
                    as_rank = 0  # named as its own rank: laid as itself
            # fast paths: a natural follow, or a free lead of a card held; else checked in full
            elif not (0 <= c < 208 and g.hands[s] >> c & 1 and (
                    self.want >> c & 1 or not (self.need or (self.first and self.opening_lead_lowest)))):
                if not (0 <= c < 208 and g.hands[s] >> c & 1) and self.k.copies > 1:
                    c = self._copy_held(s, c)  # a card named without its copy: the copy held
                    a = PLAYS[c]
                self.check(a)
            self._lay(s, c, as_rank)
            return
        if cls is _Claim:
            self.check(a)
            self._claim(s)
            return
        self._without(s, self.check(a))  # a "without" (or anything else, refused)

    def _copy_held(self, s: Seat, c: Card) -> Card:
        """Packs shuffled together: ``c`` if ``s`` holds it, else the copy of the same
        card he holds, lowest first (a card named without its copy); ``c`` if none."""
        if not 0 <= c < MAX_IDS or self.g.hands[s] >> c & 1:
            return c
        held = held_copy(self.g.hands[s], c)
        return held if held >= 0 else c

    def _lay(self, s: Seat, c: Card, as_rank: Rank = 0) -> None:
        """``s`` lays ``c`` (already checked), a principal hoc leading as ``as_rank``
        where named. The card laid closes any claim window still open."""
        if self.owed:
            self._forfeit()
        g = self.g
        k = self.k
        leading = not self.need
        bit = 1 << c
        hands = g.hands
        rest = hands[s] & ~bit
        hands[s] = rest
        counts = g.left
        counts[s] = counts[s] - 1
        g.pile |= bit
        self.first = False
        self.last = c
        self.laid_by |= 1 << s
        self.cur = s
        self.missed = 0
        if not self.special & bit:  # a plain card: the run goes on (the commonest case)
            if g.record:
                g.events.append(Played(s, c, leading, False))
            need, self.want, suit = k.follows[c]
            self.need = need
            if need:
                self.suit = suit
            if not rest:
                if k.last_card_hoc and need and not self._coverable(s):
                    self._hoc(s, c, K_ACCIDENTAL)
                self._end(s)
            return
        rank = c % 13 + 1
        suit = c // 13 & 3  # (any copy)
        is_principal = self.principal_hocs & bit
        wild = is_principal != 0 and not leading and not self.want & bit  # (bools: not boxed, compiled)
        if wild:  # it stands for the card wanted
            rank, suit = self.need, self.suit
        elif as_rank:  # it leads as the rank its holder named
            rank = as_rank
        if g.record:
            g.events.append(Played(s, c, leading, wild, as_rank))
        #: it counts as the card it stands for (wild_counts_as: card-stood-for)
        counted = (wild or as_rank != 0) and k.wild_counts_as_card_stood_for
        cc = suit * 13 + rank - 1 if counted else c
        out = not rest
        claims = k.must_claim
        if self.board_cards >> cc & 1:  # a board card takes its box
            pool = self.board_pools[cc]
            amount = g.ledger.pools[pool.index]
            if amount:
                if rest and BOARD_KIND in claims:
                    self.owed.append((BOARD_KIND, cc, 0, pool))
                else:
                    g.ledger.move(pool, s, amount, R_BOARD, pool.id)
        if k.laid_cards >> cc & 1:
            for bits, each in k.paid_when_laid:
                if bits >> cc & 1:
                    if rest and each > 0 and LAID_KIND in claims:
                        self.owed.append((LAID_KIND, cc, each, None))
                    else:
                        g.ledger.pay_each(s, each, R_LAID)
        if is_principal and k.principal_is_hoc and (k.principal_lead_pays or not leading):
            self._hoc(s, c, K_PRINCIPAL)  # 002 §9.2: a hoc wherever it is laid
            if not k.principal_after_continues:
                self.need = self.want = 0
                if out:
                    self._end(s)
                return
            if not counted:  # the run goes on from the card it stood for
                self._follow(rank, suit)
                if out:
                    self._end(s)
                return
        if k.permanent_hocs >> cc & 1:
            self._hoc(s, c, K_PERMANENT)
            self.need = self.want = 0
        elif rank == k.top and not k.after_top_wraps:
            # Nothing follows the top card: an end-of-run hoc, unless its player goes
            # out on it (see last_card_hoc). A principal card laid as itself (a top card
            # leading unpaid, a wild card counted as itself) is no end-of-run hoc.
            if (counted or not is_principal) and (not out or k.last_card_hoc):
                self._hoc(s, c, K_END_OF_RUN)
            self.need = self.want = 0
        else:
            self._follow(rank, suit)
            if out and k.last_card_hoc and self.need and not self._coverable(s):
                self._hoc(s, c, K_ACCIDENTAL)
        if out:
            self._end(s)

    def _nobody_follows(self) -> None:
        """Everyone said "without": the last card is an accidental hoc (002 §9.2),
        unless the next card was held back and ``accidental_when_held`` says that
        makes it none; either way its player goes on."""
        if not (self.k.accidental_when_held and self._held_back()):
            self._hoc(self.cur, -1, K_ACCIDENTAL)
        self.missed += 1
        if self.k.accidental_restart_after_missing and self.missed < 13 and self._suit_held():
            self._follow(self.need, self.suit)  # on from the card after the missing one
        else:
            self.need = self.want = 0

    def _suit_held(self) -> bool:
        """Whether a run in one suit that wraps past the top can still come to a card
        someone holds. A run that wraps could otherwise be wanted round and round, an
        accidental hoc at each card: when nobody holds a card of its suit, or it has come
        round all thirteen ranks with no card laid (players who may keep their cards back
        and all do), its player leads any card instead, as under ``accidental_restart:
        any-card`` (the engine's rule, not a source's: the sources that go on after the
        missing card do not wrap)."""
        k = self.k
        if not (k.after_top_wraps and k.runs_same_suit):
            return True
        suit = all_copies(SUIT_MASK << (self.suit * 13), k.copies)
        for h in self.g.hands:
            if h & suit:
                return True
        return False

    def _without(self, s: Seat, false: bool) -> None:
        """``s`` says "without" the card wanted (already checked; ``false`` if he holds it)."""
        if self.owed and not self.k.claim_window_next_card_laid:
            self._forfeit()  # "without" closes the claim window (claim_window: next-card)
        g = self.g
        need = self.need
        if false:
            g.ledger.charge_each(s, self.k.false_without_penalty, R_PENALTY)
        if g.record:
            g.events.append(SaidWithout(s, need, false))
        if false and not self.k.false_without_effect_stands:
            return  # "must-play": the word stays with him; he must lay the card
        t = s + 1
        if t == g.n:
            t = 0
        if t == self.cur:
            self._nobody_follows()
        g.to_act = t

    def auto(self) -> None:
        """Apply every forced action in a row (as :meth:`forced` finds them) until
        a player has a real choice or the hand ends: ``Game(auto_forced=True)``'s
        loop, on the bits, without making action values. Counts ``g.turns``.
        A forced "without" is never false, so it is said here as :meth:`_without`
        would say it."""
        g = self.g
        hands = g.hands
        P = self.principal_hocs
        withhold = self.principal_may_withhold
        must = self.must_cover
        wild_always = self.k.principal_wild_always
        wild_missing = self.k.principal_wild_when_missing
        rec = g.record
        n = g.n
        equiv = g.auto_equivalent and self.k.plain_runs
        masks = self.k.rank_masks
        turns = 0
        s = g.to_act
        assert s is not None  # a phase acts only while the hand is on
        lead_any = self.k.principal_lead_as_any_rank
        claims = self.k.claiming
        while not self.done:
            if claims and self.owed and s == self.cur:
                break  # something to claim: a choice (claim it or let it go)
            h = hands[s]
            if self.need:
                want = self.want
                cards = follow(h, want, P, wild_always, wild_missing)
                if not cards:
                    # nothing to lay: a "without" (the commonest forced action, made short)
                    if rec:
                        g.events.append(SaidWithout(s, self.need, False))
                    s = s + 1 if s + 1 < n else 0
                    turns += 1
                    if s == self.cur:
                        self._nobody_follows()
                    continue
                if may_say_without(h, want, P, withhold, must):
                    if cards:
                        break
                    if rec:
                        g.events.append(SaidWithout(s, self.need, False))
                    s = s + 1 if s + 1 < n else 0
                    if s == self.cur:
                        self._nobody_follows()
                elif cards & (cards - 1):
                    if not equiv or cards & P:
                        break
                    # auto_equivalent: plain cards of the rank wanted, all alike
                    self._lay(s, (cards & -cards).bit_length() - 1)
                else:
                    self._lay(s, cards.bit_length() - 1)
            else:
                if self.first and self.opening_lead_lowest:
                    cards = self._lead_cards(h)  # all of the lowest rank held
                    if cards & (cards - 1):
                        if not equiv or cards & P:
                            break
                        cards &= -cards
                elif h & (h - 1):
                    low = h & -h
                    if not equiv or h & P or h & ~masks[(low.bit_length() - 1) % 13]:
                        break
                    cards = low  # auto_equivalent: all he holds are plain cards of one rank
                else:
                    cards = h
                if lead_any and cards & P:
                    break  # a principal hoc to lead: as which rank is a choice
                self._lay(s, cards.bit_length() - 1)
            turns += 1
        if not self.done:
            g.to_act = s
        g.turns += turns

    def _held_back(self) -> bool:
        """Did a player hold the card wanted though nobody laid it (any player, or,
        under ``not-if-opponent-held``, one other than the player of the last card)?"""
        g = self.g
        want = self.want
        others = self.k.accidental_when_held == 2
        for t in range(g.n):
            if g.hands[t] & want and not (others and t == self.cur):
                return True
        return False

    def _coverable(self, s: Seat) -> bool:
        """Could any other seat lay the card wanted now (its own, or a wild principal hoc)?"""
        g = self.g
        wild = not self.k.principal_wild_never
        for t in range(g.n):
            if t != s:
                h = g.hands[t]
                if h & self.want or (wild and h & self.principal_hocs):
                    return True
        return False

    def _hoc(self, s: Seat, card: Card, kind: int) -> None:
        """``s`` makes a hoc of ``kind`` (a number: HOC_KINDS) with ``card`` (-1: the last laid)."""
        g = self.g
        amount = self.k.pays[kind]
        if card < 0:
            card = self.last
        counts = self.out.hoc_counts
        counts[kind] = counts[kind] + 1
        if g.record:
            g.events.append(Hoc(s, card, HOC_KINDS[kind], amount > 0))
        if amount > 0:
            if self.k.claiming and HOC_KINDS[kind] in self.k.must_claim and g.hands[s]:
                self.owed.append((HOC_KINDS[kind], card, amount, None))  # paid when claimed
            else:
                g.ledger.pay_each(s, amount, R_HOC)

    def _claim(self, s: Seat) -> None:
        """``s`` claims (``hoc!``) all he is owed: each payment is made, each box taken."""
        g = self.g
        ledger = g.ledger
        for kind, card, each, pool in self.owed:
            if pool is not None:
                amount = ledger.pools[pool.index]
                if amount:
                    ledger.move(pool, s, amount, R_BOARD, pool.id)
            else:
                amount = each
                ledger.pay_each(s, each, R_LAID if kind == LAID_KIND else R_HOC)
            if g.record:
                g.events.append(Claimed(s, card, kind, amount, pool.id if pool is not None else None))
        self.owed = []

    def _forfeit(self) -> None:
        """The claim window closes on what is still owed: nobody pays it; a box stays."""
        g = self.g
        if g.record:
            for kind, card, each, pool in self.owed:
                amount = g.ledger.pools[pool.index] if pool is not None else each
                g.events.append(Forfeited(self.cur, card, kind, amount,
                                          pool.id if pool is not None else None))
        self.owed = []

    def _end(self, s: Seat) -> None:
        """The first out of cards: the stage ends; the settle stage pays him."""
        g = self.g
        first_turn = not (self.laid_by & ~(1 << s))
        out = self.out
        out.first_turn_out = first_turn
        if g.record:
            g.events.append(HandOver(s, g.cards_left, first_turn))
        out.winner = s
        self.done = True

    def seen(self, seat: Seat) -> CardsSeen:
        return CardsSeen(self, seat)


class CardsSeen(Seen):
    """What ``seat`` may see of the card game (:meth:`CardGame.seen`), beyond its hand,
    the pile and the counts every stage shows: the rank wanted next (0: a run is to be
    led), who laid the last card, and on its turn what it may do -- the cards it may
    lay, whether it may say "without", whether it has something to claim. Never the
    other hands (the rules' own check, :meth:`CardGame.options`, reads them only for
    the seat to act, its own)."""

    __slots__ = ("_cg",)

    def __init__(self, cg: CardGame, seat: Seat) -> None:
        self._cg = cg
        self.seat = seat

    @property
    def need(self) -> Rank:
        """The rank the next card must have; 0 when a run is to be led."""
        return self._cg.need

    @property
    def last_player(self) -> Seat:
        """Who laid the last card (the eldest before any card)."""
        return self._cg.cur

    def options(self) -> tuple[Hand, bool]:
        """This seat's legal actions as bits: (cards it may lay, whether it may say
        "without"); ``(0, False)`` when it is not its turn."""
        cg = self._cg
        if cg.g.to_act != self.seat:
            return (0, False)
        return cg.options()

    def card_state(self) -> tuple[Hand, Rank, Hand, bool, Seat]:
        """The card game in one call, for bots: (this seat's hand, the rank needed
        (0: lead), the cards it may lay (bits), whether it may say "without", who
        laid the last card). Cards and "without" are as :meth:`options`."""
        cg = self._cg
        g = cg.g
        s = self.seat
        if g.to_act != s:
            return g.hands[s], cg.need, 0, False, cg.cur
        cards, without = cg.options()
        return g.hands[s], cg.need, cards, without, cg.cur

    def may_claim(self) -> bool:
        """Whether this seat has something to claim now (``must_claim``): ``Claim`` is
        then among its legal actions."""
        cg = self._cg
        return cg.g.to_act == self.seat and bool(cg.owed)


# ----------------------------------------------------- on the hand ----
# What the card game reports of a hand (its CardsResult in ``g.results``) and where it
# stands (``g.phase``), for the records, the play and the tests: the kind answers for
# itself, Game names no kind.


def _cards(g: Table) -> CardsResult | None:
    return g.result_of(CardsResult)


def card_winner(g: Table) -> Seat | None:
    """The first out of cards in the card game of the hand ``g`` (None: not yet, or no card game)."""
    out = _cards(g)
    return out.winner if out is not None else None


def first_turn_out(g: Table) -> bool:
    """The card game's winner went out before anyone else laid a card."""
    out = _cards(g)
    return out is not None and out.first_turn_out


def hoc_counts(g: Table) -> list[int]:
    """Hocs this hand by kind, as :data:`HOC_KINDS` numbers them."""
    out = _cards(g)
    return out.hoc_counts if out is not None else [0] * len(HOC_KINDS)


def hocs(g: Table) -> int:
    """Hocs this hand, of every kind."""
    return sum(hoc_counts(g))


def principal_hocs(g: Table) -> int:
    """Principal hocs made this hand (the rest are accidental, end-of-run or permanent);
    not the cards that are principal hocs (``card_game.principal_hocs``)."""
    return hoc_counts(g)[K_PRINCIPAL]


def hoc_kinds(g: Table) -> dict[str, int]:
    """Hocs this hand by kind, the kinds that happened: ``{"principal": 2,
    "accidental": 1}`` (counted by number in :func:`hoc_counts`)."""
    return {kind: k for kind, k in zip(HOC_KINDS, hoc_counts(g)) if k}


def need(g: Table) -> Rank | None:
    """In the card game, the rank the next card must have; 0 when a run is to be led
    (None at any other stage)."""
    ph = g.phase
    return ph.need if type(ph) is CardGame else None


def last_player(g: Table) -> Seat | None:
    """In the card game, the seat that laid the last card (the eldest before any card;
    None at any other stage)."""
    ph = g.phase
    return ph.cur if type(ph) is CardGame else None


def card_options(g: Table) -> tuple[Hand, bool]:
    """In the card game, the legal actions as bits: (cards the seat to act may lay,
    whether he may say "without"); ``(0, False)`` at any other stage."""
    ph = g.phase
    return ph.options() if type(ph) is CardGame else (0, False)


# -------------------------------------------------------------- words ----

#: Hoc kind (``Hoc.kind``) -> (English, French). Lalanne 002 §9.2 says "hoc
#: principal" and "hoc accidentel"; the top card ends a "suite" (§9.1).
HOC_KIND_WORDS: Final[dict[str, tuple[str, str]]] = {
    "principal": ("principal hoc", "hoc principal"),
    "permanent": ("permanent hoc", "hoc permanent"),
    "end-of-run": ("end-of-run hoc", "hoc de fin de suite"),
    "accidental": ("accidental hoc", "hoc accidentel"),
}

#: What makes each kind a hoc, in a few words (English, French).
HOC_WHY: Final[dict[str, tuple[str, str]]] = {
    "principal": ("a hoc wherever it is laid", "un hoc partout où il est joué"),
    "permanent": ("it always ends the run", "il termine toujours la suite"),
    "end-of-run": ("nothing follows the top card", "rien ne suit la plus haute carte"),
    "accidental": ("nobody could follow it", "personne n'a pu la suivre"),
}



#: What a player may claim besides a hoc, in French (a board card laid: its box).
_CLAIMED_FR: Final[dict[str, str]] = {"board": "carte du tableau"}


class CardWords(Words):
    """The words of the card game: cards laid wild or named another rank, a false
    "without", each hoc (what makes it one, what it is paid, what follows), claims and
    forfeits, the hand over; the payments for hocs, cards and boxes. It follows the
    run as the card game plays it (:func:`rank_after`) to say what follows a hoc."""

    __slots__ = ("hoc_card", "last_card", "need", "continues", "after_missing")

    events = (Played, SaidWithout, Hoc, Claimed, Forfeited, HandOver)
    reasons = (R_HOC, R_PENALTY, R_BOARD, R_LAID)
    TEXT = {
        "en": {
            "claims": "{claims} {card} (\"hoc!\"): {what}",
            "box": "the {pool} box ({n})", "each": "{n} from each other player",
            "stays": "the {pool} box ({n}) stays on the board", "nobody": "nobody pays it",
            "forfeit": "{name} did not claim {card} ({kind}) before {before}: forfeited, {lost} ({rule})",
            "next-card": "the next card or \"without\"", "laid-on": "another card was laid on it",
            "over": "{is_} out of cards{at_once}: the hand is over; cards left: {left}",
            "at_once": " in the first turn, before anyone else laid a card",
            "wild": "{card} stands in for {a_rank} (a principal hoc played wild)",
            "as": "{card} leads as {a_rank} (a principal hoc named another rank)",
            "false": "{says} \"without {rank}\" holding one: a false \"without\"",
            "false_pays": "{line}; {pays} {pen} chip{s} to each other player ({rule})",
            "out": "{is_} out", "goes_on": "the run goes on from the card it stood for",
            "after_missing": "{goes} on with the card after the missing one",
            "new_run": "{leads} a new sequence",
            "paid": "paid {pay} by each other player", "unpaid": "not paid under this ruleset",
            "once_claimed": " once claimed",
            "hoc": "hoc for {who}: {card}, {named}{why}; {paid}; {then}", "why": " — {why}",
            "pay_hoc": "{pays} {payee} {n} (hoc: {card})",
            "pay_penalty": "{pays} {payee} {n} (penalty for a false \"without\")",
            "pay_board": "{takes} the {pool} pool: {n} (board card laid: {card})",
            "pay_laid": "{pays} {payee} {n} (a card paid when laid: {card})",
        },
        "fr": {
            "claims": "{claims} {card} (« hoc ! ») : {what}",
            "box": "la case {of_pool} ({n})", "each": "{n} de chacun des autres joueurs",
            "stays": "la case {of_pool} ({n}) reste sur le tableau", "nobody": "personne ne le paie",
            "forfeit": ("{name} n'{has} pas réclamé {card} ({kind}) avant {before} : c'est perdu, {lost} "
                        "({rule})"),
            "next-card": "la carte suivante ou le « sans »", "laid-on": "qu'une autre carte soit posée dessus",
            "over": "{name} n'{has} plus de cartes{at_once} : le coup est fini ; cartes restantes : {left}",
            "at_once": " dès son premier tour, avant que personne d'autre ait posé une carte",
            "wild": "{card} tient la place d'{a_rank} (hoc principal joué pour une autre carte)",
            "as": "{card} ouvre comme {a_rank} (hoc principal annoncé pour un autre rang)",
            "false": "{says} « sans {rank} » en en tenant un : un faux « sans »",
            "false_pays": "{line} ; {pays} {pen} jeton{s} à chacun des autres joueurs ({rule})",
            "out": "{is_} sorti", "goes_on": "la suite reprend depuis la carte qu'il remplaçait",
            "after_missing": "{goes} avec la carte qui suit celle qui manque",
            "new_run": "{leads} une nouvelle suite",
            "paid": "payé {pay} par chacun des autres joueurs", "unpaid": "non payé selon ces règles",
            "once_claimed": " une fois réclamé",
            "hoc": "hoc pour {who} : {card}, {named}{why} ; {paid} ; {then}", "why": " — {why}",
            "pay_hoc": "{pay} (hoc : {card})",
            "pay_penalty": "{pay} (amende pour un faux « sans »)",
            "pay_board": "{takes} la case {of_pool} : {n} (carte du tableau posée : {card})",
            "pay_laid": "{pay} (carte payée quand elle est posée : {card})",
        },
    }
    reason_words = {
        R_HOC: ("hoc", "hoc"),
        R_PENALTY: ("false \"without\"", "faux « sans »"),
        R_BOARD: ("board card laid", "carte du tableau jouée"),
        R_LAID: ("card paid when laid", "carte payée quand jouée"),
    }

    def __init__(self, names: Sequence[str], rules: Ruleset, lang: str = "en") -> None:
        super().__init__(names, rules, lang)
        self.hoc_card = ""
        self.last_card = ""
        self.need = 0  # the rank the next card must have (0: a lead)
        cg = rules.card_game
        self.continues = cg is not None and cg.principal_after == "continues"
        self.after_missing = cg is not None and cg.accidental_restart == "after-missing"

    def after(self, rank: Rank) -> Rank:
        """The rank wanted after a card of ``rank`` (0: the run ends), as the card game plays it."""
        return rank_after(self.rules, rank)

    def hoc_paid(self, kind: str) -> int:
        """What each other player pays for a hoc of ``kind`` (the stops stage's knob)."""
        cg = self.rules.card_game
        if cg is None:
            return 0
        return {PRINCIPAL: cg.principal_pay, PERMANENT: cg.permanent_pay,
                END_OF_RUN: cg.end_of_run_pay, ACCIDENTAL: cg.accidental_pay}.get(kind, 0)


    def _said_rank(self, rank: Rank) -> str:
        """A rank as "without" says it: ``K`` (English), ``roi``, ``9`` (French)."""
        if self.tongue.code == "fr" and (rank == 1 or rank >= 11):
            return rank_name(rank, "fr")
        return rank_letter(rank)

    def event(self, e: object, over: bool) -> str | None:
        names = self.names
        t = self.tongue
        if isinstance(e, Played):
            return self.played(e)
        if isinstance(e, SaidWithout):
            return self.false_without(e) if e.false else None
        if isinstance(e, Hoc):
            return self.hoc(e, over)
        if isinstance(e, Claimed):
            what = (self.say("box", n=e.amount, **self.named(e.pool)) if e.pool
                    else self.say("each", n=e.amount))
            return self.say("claims", claims=self.verb(names[e.seat], "claims"), card=t.card(e.card), what=what)
        if isinstance(e, Forfeited):
            lost = self.say("stays", n=e.amount, **self.named(e.pool)) if e.pool else self.say("nobody")
            cg = self.rules.card_game
            rule = (knob_rule(self.rules, f"{cg.id}.must_claim", "what must be claimed is lost unclaimed")
                    if cg is not None else "must_claim")
            kind = e.kind
            if t.code == "fr":
                kind_words = HOC_KIND_WORDS.get(e.kind)
                kind = kind_words[1] if kind_words else _CLAIMED_FR.get(e.kind, e.kind)
            name = names[e.seat]
            before = self.say("laid-on" if cg is not None and cg.claim_window == "next-card-laid" else "next-card")
            return self.say("forfeit", name=name, has=t.verb(name, "has")[len(name) + 1:], card=t.card(e.card),
                            kind=kind, before=before, lost=lost, rule=t.rule(rule))
        if isinstance(e, HandOver):
            left = ", ".join(f"{names[s]} {k}" for s, k in enumerate(e.cards_left) if s != e.winner)
            at_once = self.say("at_once") if e.first_turn else ""
            name = names[e.winner]
            return self.say("over", is_=self.verb(name, "is"), name=name,
                            has=t.verb(name, "has")[len(name) + 1:], at_once=at_once, left=left)
        return None  # pragma: no cover - only its own events are handed to it

    def played(self, e: Played) -> str | None:
        """A card laid: said only when it stands in for another or leads as another rank."""
        need = self.need
        t = self.tongue
        self.last_card = t.card(e.card)
        stood_for = need if e.wild else (e.as_rank or e.card % 13 + 1)
        self.need = self.after(stood_for)
        if e.wild:
            return self.say("wild", card=t.card(e.card), a_rank=t.a_rank(need))
        if e.as_rank:
            return self.say("as", card=t.card(e.card), a_rank=t.a_rank(e.as_rank))
        return None

    def false_without(self, e: SaidWithout) -> str:
        """``Blaise says "without 8" holding one: a false "without"; Blaise pays 5 chips to each
        other player (rule)``."""
        who = self.names[e.seat]
        cg = self.rules.card_game
        line = self.say("false", says=self.verb(who, "says"), rank=self._said_rank(e.rank))
        if cg is None:
            return line  # pragma: no cover
        pen = cg.false_without_penalty
        rule = knob_rule(self.rules, f"{cg.id}.false_without_penalty",
                         "a false \"without\" is paid to each other player")
        return self.say("false_pays", line=line, pays=self.verb(who, "pays"), pen=pen, s="s" if pen != 1 else "",
                        rule=self.tongue.rule(rule))

    def hoc(self, e: Hoc, over: bool = False) -> str:
        """``hoc for Anne: KS, end-of-run hoc — nothing follows the top card; paid 1 by each other
        player; Anne leads a new sequence``."""
        t = self.tongue
        self.hoc_card = t.card(e.card)
        who = self.names[e.seat]
        cg = self.rules.card_game
        if over:
            then = self.say("out", is_=self.verb(who, "is"))
        elif e.kind == PRINCIPAL and self.continues:
            then = self.say("goes_on")
        elif e.kind == ACCIDENTAL and self.after_missing:
            then = self.say("after_missing", goes=self.verb(who, "goes"))
        else:
            then = self.say("new_run", leads=self.verb(who, "leads"))
        if e.kind == ACCIDENTAL and self.after_missing and self.need:
            self.need = self.after(self.need)  # on from the card after the missing one
        elif not (e.kind == PRINCIPAL and self.continues):
            self.need = 0
        pay = self.hoc_paid(e.kind) if cg is not None else 0
        paid = self.say("paid", pay=pay) if e.paid else self.say("unpaid")
        if e.paid and cg is not None and e.kind in cg.must_claim and not over:
            paid += self.say("once_claimed")
        fr = t.code == "fr"
        kind_words = HOC_KIND_WORDS.get(e.kind)
        named = kind_words[fr] if kind_words else (f"hoc {e.kind}" if fr else f"{e.kind} hoc")
        why_words = HOC_WHY.get(e.kind)
        why = why_words[fr] if why_words else ""
        return self.say("hoc", who=t.obj(who), card=t.card(e.card), named=named,
                        why=self.say("why", why=why) if why else "", paid=paid, then=then)

    def chip(self, e: ChipMove, payer: str, payee: str) -> str:
        r, n = e.reason, e.amount
        pay = self.tongue.pays(payer, payee, n)
        if r == R_HOC:
            return self.say("pay_hoc", pays=self.verb(payer, "pays"), payee=payee, n=n, pay=pay, card=self.hoc_card)
        if r == R_PENALTY:
            return self.say("pay_penalty", pays=self.verb(payer, "pays"), payee=payee, n=n, pay=pay)
        if r == R_BOARD:
            return self.say("pay_board", takes=self.verb(payee, "takes"), n=n, card=self.last_card,
                            **self.named(e.chance or ""))
        return self.say("pay_laid", pays=self.verb(payer, "pays"), payee=payee, n=n, pay=pay, card=self.last_card)


# ------------------------------------------------------------ metrics ----


class CardsTally(StageTally):
    """What the simulator counts of the card game: the hocs by kind, who goes out (by
    position, and whether at once), and the cards the others are left with."""

    __slots__ = ("positions", "win_pos", "losers", "hocs", "principal", "accidental", "kinds",
                 "first_turn_out", "cards_left", "left_k")

    legend = """With a stops stage (the card game):

- ``card_win_rate.<position>``: share of hands whose card game that position
  wins (first out of cards); listed after ``net_per_hand.<position>``.
- ``hocs_per_hand``: mean hocs per hand, of every kind.
- ``hocs_per_hand.<kind>``: mean hocs per hand of one kind: ``principal``
  (a principal hoc laid), ``permanent`` (a card that always ends a run),
  ``end-of-run`` (the top card of the order when it is no principal hoc: a
  king, where the kings are not all principal),
  ``accidental`` (the last card of a run nobody could follow).
- ``principal_hocs_per_hand``: mean principal hocs per hand (the same as
  ``hocs_per_hand.principal``).
- ``accidental_hocs_per_hand``: mean hocs per hand that are not principal --
  every other kind together (permanent, end-of-run and accidental): what the
  name meant before hocs had kinds, when the plain king counted as accidental.
- ``first_turn_out_rate``: share of hands in which the winner of the card game
  went out in his first turn, before anyone else had laid a card (the opéra of
  the Nain jaune, the grand opéra of the Lindor).
- ``cards_left``: mean cards left in a loser's hand when the card game ends
  (per loser: each player but the one who went out).
- ``cards_left_share.<k>``: share of losers left with exactly ``k`` cards (the
  distribution; JSON also gives the raw counts under ``distributions``).
"""

    kind = "stops"

    def __init__(self, at: int) -> None:
        super().__init__(at)
        self.positions: tuple[str, ...] = ()
        self.win_pos: tuple[int, ...] = ()
        self.losers = self.hocs = self.principal = self.accidental = -1
        self.first_turn_out = self.cards_left = -1
        self.kinds: tuple[int, ...] = ()  # per hoc kind, as HOC_KINDS numbers them
        self.left_k: tuple[int, ...] = ()  # index k: losers left with k cards

    def quantities(self, section: str, q: Quantities) -> None:
        if section == "play":
            self.positions = q.positions
            self.win_pos = tuple(q.add(f"card_win.{p}") for p in q.positions)
            self.losers = q.add("losers")
            self.hocs = q.add("hocs")
            self.principal = q.add("principal_hocs")
            self.accidental = q.add("accidental_hocs")
            self.kinds = tuple(q.add(f"hocs.{k}") for k in HOC_KINDS)
            self.first_turn_out = q.add("first_turn_out")
            self.cards_left = q.add("cards_left")
            self.left_k = tuple(q.add(f"left.{k}") for k in range(q.hand_size + 1))

    def metrics(self, section: str, m: Ratios) -> None:
        H = m.hands
        if section == "positions":
            for p, i in zip(self.positions, self.win_pos):
                m.ratio(f"card_win_rate.{p}", i, H)
        elif section == "play":
            L = self.losers
            m.ratio("hocs_per_hand", self.hocs, H)
            m.ratio("accidental_hocs_per_hand", self.accidental, H)
            m.ratio("principal_hocs_per_hand", self.principal, H)
            for kind, i in zip(HOC_KINDS, self.kinds):
                m.ratio(f"hocs_per_hand.{kind}", i, H)
            m.ratio("first_turn_out_rate", self.first_turn_out, H)
            m.ratio("cards_left", self.cards_left, L)
            for k in range(1, len(self.left_k)):
                m.ratio(f"cards_left_share.{k}", self.left_k[k], L)

    def count(self, g: Table, y: list[int]) -> None:
        out = g.results[self.at]
        if not isinstance(out, CardsResult):
            return
        counts = out.hoc_counts
        hocs = sum(counts)
        principal = counts[K_PRINCIPAL]
        y[self.hocs] = y[self.hocs] + hocs
        y[self.principal] = y[self.principal] + principal
        y[self.accidental] = y[self.accidental] + hocs - principal
        for i, k in zip(self.kinds, counts):
            y[i] = y[i] + k
        if out.first_turn_out:
            y[self.first_turn_out] = y[self.first_turn_out] + 1
        w = out.winner
        if w is not None:
            n = g.n
            eldest = g.eldest
            _i = self.win_pos[w - eldest if w >= eldest else w - eldest + n]
            y[_i] = y[_i] + 1
            held = g.left  # (kept by the card game: cheaper than counting bits, compiled)
            losers, cards_left, left_k = self.losers, self.cards_left, self.left_k
            for s in range(n):
                if s != w:
                    k = held[s]
                    y[losers] = y[losers] + 1
                    y[cards_left] = y[cards_left] + k
                    _i = left_k[k]
                    y[_i] = y[_i] + 1

    def distributions(self, sums: Sequence[int], out: dict[str, dict[str, int]]) -> None:
        """``cards_left``: losers by the cards they were left with."""
        left: dict[str, int] = {}
        for k in range(1, len(self.left_k)):
            c = sums[self.left_k[k]]
            if c:
                left[str(k)] = c
        out["cards_left"] = left
