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
- False "without" (holding the card, under ``must_cover``): refused in strict
  mode; in lenient mode (human play) it costs ``false_without_penalty`` to
  each other player, and then stands or not (``false_without_effect``).
- End: as soon as a player has no card left the stage ends; the ``settle``
  stage that follows says what the others pay him.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..actions import PLAY, WITHOUT, Play, Without
from ..cards import (
    RANK_MASKS, Card, Hand, Rank, Seat, a_rank, card_name, hand_of, rank_letter, with_article,
)
from ..pack import pack_of
from ..rules.cache import per_ruleset
from .errors import IllegalAction, knob_rule
from .events import (
    BOARD as R_BOARD, CARDS_STAGE, HOC as R_HOC, LAID as R_LAID, PENALTY as R_PENALTY, HandOver, Hoc,
    Played, Pool, SaidWithout, pools_of,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset, Stops
    from .game import Game, Playing

PRINCIPAL, PERMANENT, END_OF_RUN, ACCIDENTAL = "principal", "permanent", "end-of-run", "accidental"


def _plays(bits: Hand) -> list[Play]:
    out = []
    while bits:
        low = bits & -bits
        out.append(PLAY[low.bit_length() - 1])
        bits ^= low
    return out


# Legal covers by (cards that may be laid | rank of an allowed "without" << 52): few
# distinct keys (a rank's cards and the principal hocs), so the tuples are shared.
_COVER: dict[int, tuple[Play | Without, ...]] = {}


class _Knobs:
    """The stage's knobs as the hot paths read them, made once per ruleset."""

    __slots__ = ("principal", "wild", "withhold", "must_cover", "lead_pays", "accidental",
                 "accidental_pay", "lowest", "last_card_hoc", "false_stands", "same_suit", "wraps",
                 "after_missing", "end_pay", "permanent", "permanent_pay", "principal_pay", "continues",
                 "laid_pays", "laid_cards", "board", "board_pools", "next_rank", "low", "top", "order",
                 "rank_masks", "penalty", "sid", "special", "follows", "pays", "plain_runs")

    def __init__(self, rules: Ruleset) -> None:
        cg = rules.card_game
        assert cg is not None  # made for a ruleset's stops stage
        pack = pack_of(rules)
        self.sid = cg.id
        self.principal = hand_of(cg.principal_hocs)
        self.wild = cg.principal_wild
        self.withhold = cg.principal_may_withhold
        self.must_cover = cg.must_cover
        self.lead_pays = cg.principal_lead_pays
        self.accidental = cg.accidental_hocs
        self.accidental_pay = cg.accidental_pay
        self.lowest = cg.opening_lead == "lowest"
        self.last_card_hoc = cg.last_card_hoc
        self.false_stands = cg.false_without_effect == "stands"
        self.same_suit = cg.runs == "same-suit"
        self.wraps = cg.after_top == "wraps"
        self.after_missing = cg.accidental_restart == "after-missing"
        self.end_pay = cg.end_of_run_pay
        self.permanent = hand_of(cg.permanent_hocs)
        self.permanent_pay = cg.permanent_pay
        self.principal_pay = cg.principal_pay
        self.continues = cg.principal_after == "continues"
        self.laid_pays = tuple((hand_of(p.cards), p.each) for p in cg.paid_when_laid)
        laid = 0
        for bits, _each in self.laid_pays:
            laid |= bits
        self.laid_cards = laid
        pools = pools_of(rules)
        self.board_pools: dict[Card, Pool] = {}
        if cg.board_laid == "takes-pool":
            for pr, pool in zip(rules.pools, pools):
                if pr.card is not None:
                    self.board_pools[pr.card] = pool
        self.board = hand_of(self.board_pools)
        self.next_rank = pack.next_rank
        self.low, self.top, self.order = pack.low, pack.top, pack.order
        self.rank_masks = tuple(m & pack.mask for m in RANK_MASKS)
        self.penalty = cg.false_without_penalty
        # Cards whose laying does more than carry the run on: hocs of every kind, the
        # top card (unless the run wraps), board cards and cards paid when laid.
        special = self.principal | self.permanent | self.board | self.laid_cards
        if not self.wraps:
            special |= RANK_MASKS[self.top - 1]
        self.special = special
        #: for each card, (need, want, suit) once it is laid as a plain card of a run
        follows = []
        for c in range(52):
            nxt = self.next_rank[c % 13 + 1] or (self.low if self.wraps else 0)
            suit = c // 13
            want = 0
            if nxt:
                want = (1 << (suit * 13 + nxt - 1)) if self.same_suit else self.rank_masks[nxt - 1]
            follows.append((nxt, want, suit))
        self.follows = tuple(follows)
        #: what each kind of hoc is paid by every other player (0: not paid)
        self.pays = {PRINCIPAL: self.principal_pay, PERMANENT: self.permanent_pay,
                     END_OF_RUN: self.end_pay,
                     ACCIDENTAL: self.accidental_pay if self.accidental else 0}
        #: no card but the principal hocs is more than its rank (auto_equivalent may apply)
        self.plain_runs = not (self.same_suit or self.board or self.laid_cards or self.permanent)


_knobs = per_ruleset(_Knobs)


class CardGame:
    """The card-game phase of a :class:`~hocdsl.engine.game.Game`."""

    __slots__ = (
        "g", "st", "k", "stage", "need", "want", "suit", "cur", "first", "done", "last", "laid_by",
        "principal", "wild", "withhold", "must_cover", "lowest",
    )

    def __init__(self, g: Game, st: Stops | None = None) -> None:
        self.g = cast("Playing", g)
        self.st = st if st is not None else g.rules.card_game
        self.stage = CARDS_STAGE
        self.done = False
        k = self.k = _knobs(g.rules)
        self.principal, self.wild, self.withhold = k.principal, k.wild, k.withhold
        self.must_cover, self.lowest = k.must_cover, k.lowest

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
        g.stage = CARDS_STAGE
        g.to_act = g.eldest

    def _follow(self, rank: Rank, suit: int) -> None:
        """The run goes on from a card of ``rank`` (in ``suit``): the next is wanted."""
        k = self.k
        nxt = k.next_rank[rank]
        if not nxt:
            if not k.wraps:
                self.need = self.want = 0
                return
            nxt = k.low
        self.need = nxt
        self.suit = suit
        self.want = (1 << (suit * 13 + nxt - 1)) if k.same_suit else k.rank_masks[nxt - 1]

    # ----------------------------------------------------------- legal ----

    def _lead_cards(self, h: Hand) -> Hand:
        if self.first and self.lowest:
            masks = self.k.rank_masks
            for r in self.k.order:  # the lowest rank held, in the pack's order
                if h & masks[r - 1]:
                    return h & masks[r - 1]
        return h

    def _wild_ok(self, natural: Hand) -> bool:
        w = self.wild
        return w == "always" or (w == "when-missing" and not natural)

    def options(self) -> tuple[Hand, bool]:
        """The legal actions as bits: (cards that may be laid, whether "without" may be
        said). The one rule of what may be laid; :meth:`legal`, :meth:`forced`
        and :meth:`check` all read it."""
        g = self.g
        h = g.hands[g.to_act]
        if not self.need:
            return self._lead_cards(h), False
        natural = h & self.want
        cards = natural
        if self.principal & h and self._wild_ok(natural):
            cards |= h & self.principal
        plain = natural & ~self.principal if self.withhold else natural
        return cards, not plain or not self.must_cover

    def legal(self) -> tuple[Play | Without, ...]:
        cards, without = self.options()
        need = self.need
        if not need:
            return tuple(_plays(cards))
        key = cards | (need << 52) if without else cards
        acts = _COVER.get(key)
        if acts is None:
            lst: list[Any] = _plays(cards)
            if without:
                lst.append(WITHOUT[need])
            acts = _COVER[key] = tuple(lst)
        return acts

    def forced(self) -> Play | Without | None:
        """The one legal action when there is no choice (a "without" with no
        card to lay, the only card that follows, a last card to lead), else
        None. Used by ``Game(auto_forced=True)``."""
        cards, without = self.options()
        if without and not cards:
            return WITHOUT[self.need]
        if without or cards & (cards - 1):
            return None
        return PLAY[cards.bit_length() - 1]

    # ----------------------------------------------------------- check ----

    def check(self, a: Any) -> bool:
        """Raise IllegalAction if ``a`` is not allowed; for a "without",
        return whether it is false (lenient play only)."""
        g = self.g
        s = g.to_act
        h = g.hands[s]
        need = self.need
        cls = a.__class__
        if cls is Play:
            c = a.card
            if not 0 <= c < 52 or not h >> c & 1:
                raise IllegalAction(self._cover_rule() if need else self._lead_rule(),
                                    f"you do not hold {card_name(c) if 0 <= c < 52 else c}")
            cards, _without = self.options()
            if cards >> c & 1:
                return False
            if not need:
                raise IllegalAction(
                    self._rule("opening_lead", "the eldest leads his lowest card"),
                    f"the first card of the hand must be your lowest, not {card_name(c)}")
            wanted = self._wanted()
            if self.principal >> c & 1:
                if self.wild == "never":
                    raise IllegalAction(self._rule("principal_wild", "principal hocs are not wild"),
                                        f"{card_name(c)} cannot stand for {wanted}")
                raise IllegalAction(
                    self._rule("principal_wild", "a principal hoc stands for a card only when it is missing"),
                    f"you hold {wanted}: {card_name(c)} cannot stand for it")
            raise IllegalAction(self._cover_rule(), f"the card wanted is {wanted}, not {card_name(c)}")
        if cls is Without:
            if not need:
                raise IllegalAction(self._lead_rule(), "you lead a new run: lay a card")
            if a.rank != need:
                raise IllegalAction(self._cover_rule(), f"the card wanted is {self._wanted()}, "
                                                f"not {a_rank(a.rank) if 1 <= a.rank <= 13 else with_article(str(a.rank))}")
            _cards, without = self.options()
            if without:
                return False
            natural = h & self.want
            plain = natural & ~self.principal if self.withhold else natural
            if g.strict:
                held = " ".join(card_name(c.card) for c in _plays(plain))
                rule = (self._rule("must_cover", "one must play if one can")
                        if self.withhold or not natural & self.principal else
                        self._rule("principal_may_withhold", "a principal hoc must be played"))
                raise IllegalAction(rule, f"you hold {held}: you must lay it, not say "
                                          f"\"without {rank_letter(need)}\"")
            return True
        raise IllegalAction(self._cover_rule() if need else self._lead_rule(),
                            "in the card game one lays a card or says \"without\"")

    def _lead_rule(self) -> str:
        return self._rule("opening_lead", "the leader lays a card of his choice")

    def _cover_rule(self) -> str:
        return self._rule("runs", "the next card of the run is laid"
                          + (" in the run's suit" if self.k.same_suit else ", any suit"))

    def _wanted(self) -> str:
        if self.k.same_suit and self.want:
            return card_name(self.want.bit_length() - 1)
        return a_rank(self.need)

    # ----------------------------------------------------------- apply ----

    def apply(self, a: Any) -> None:
        g = self.g
        s = g.to_act
        if a.__class__ is Play:
            c = a.card
            # fast paths: a natural follow, or a free lead of a card held; else checked in full
            if not (0 <= c < 52 and g.hands[s] >> c & 1 and (
                    self.want >> c & 1 or not (self.need or (self.first and self.lowest)))):
                self.check(a)
            self._lay(s, c)
            return
        self._without(s, self.check(a))  # a "without" (or anything else, refused)

    def _lay(self, s: Seat, c: Card) -> None:
        """``s`` lays ``c`` (already checked)."""
        g = self.g
        k = self.k
        leading = not self.need
        bit = 1 << c
        hands = g.hands
        left = hands[s] & ~bit
        hands[s] = left
        g.pile |= bit
        self.first = False
        self.last = c
        self.laid_by |= 1 << s
        self.cur = s
        if not k.special & bit:  # a plain card: the run goes on (the commonest case)
            if g.record:
                g.events.append(Played(s, c, leading, False))
            need, self.want, suit = k.follows[c]
            self.need = need
            if need:
                self.suit = suit
            if not left:
                if k.last_card_hoc and need and not self._coverable(s):
                    self._hoc(s, c, ACCIDENTAL)
                self._end(s)
            return
        rank = c % 13 + 1
        is_principal = self.principal & bit
        wild = bool(is_principal and not leading and not self.want & bit)
        if g.record:
            g.events.append(Played(s, c, leading, wild))
        out = not left
        if k.board >> c & 1:  # a board card takes its box
            pool = k.board_pools[c]
            amount = g.ledger.pools[pool.index]
            if amount:
                g.ledger.move(pool, s, amount, R_BOARD, pool.id)
        if k.laid_cards >> c & 1:
            for bits, each in k.laid_pays:
                if bits >> c & 1:
                    g.ledger.pay_each(s, each, R_LAID)
        if is_principal and (k.lead_pays or not leading):
            self._hoc(s, c, PRINCIPAL)  # 002 §9.2: a hoc wherever it is laid
            if k.continues:
                self._follow(self.need if wild else rank, self.suit if wild else c // 13)
            else:
                self.need = self.want = 0
        elif k.permanent >> c & 1:
            self._hoc(s, c, PERMANENT)
            self.need = self.want = 0
        elif rank == k.top and not k.wraps:
            # Nothing follows the top card: an end-of-run hoc, unless its player goes
            # out on it (see last_card_hoc). A principal top card that leads unpaid is no hoc.
            if not is_principal and (not out or k.last_card_hoc):
                self._hoc(s, c, END_OF_RUN)
            self.need = self.want = 0
        else:
            self._follow(rank, c // 13)
            if out and k.last_card_hoc and self.need and not self._coverable(s):
                self._hoc(s, c, ACCIDENTAL)
        if out:
            self._end(s)

    def _nobody_follows(self) -> None:
        """Everyone said "without": the last card is an accidental hoc (002 §9.2)."""
        self._hoc(self.cur, -1, ACCIDENTAL)
        if self.k.after_missing:
            self._follow(self.need, self.suit)  # on from the card after the missing one
        else:
            self.need = self.want = 0

    def _without(self, s: Seat, false: bool) -> None:
        """``s`` says "without" the card wanted (already checked; ``false`` if he holds it)."""
        g = self.g
        need = self.need
        if false:
            g.ledger.charge_each(s, self.k.penalty, R_PENALTY)
        if g.record:
            g.events.append(SaidWithout(s, need, false))
        if false and not self.k.false_stands:
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
        P = self.principal
        withhold = self.withhold
        must = self.must_cover
        wild = self.wild
        plain_only = wild == "never"  # a principal hoc never stands for another card
        rec = g.record
        n = g.n
        equiv = g.auto_equivalent and self.k.plain_runs
        masks = self.k.rank_masks
        turns = 0
        s = g.to_act
        while not self.done:
            h = hands[s]
            if self.need:
                natural = h & self.want
                if not natural and (plain_only or not h & P):
                    # nothing to lay: a "without" (the commonest forced action, made short)
                    if rec:
                        g.events.append(SaidWithout(s, self.need, False))
                    s = s + 1 if s + 1 < n else 0
                    turns += 1
                    if s == self.cur:
                        self._nobody_follows()
                    continue
                cards = natural
                if P & h and (wild == "always" or (wild == "when-missing" and not natural)):
                    cards |= h & P
                if not must or not (natural & ~P if withhold else natural):  # may say "without"
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
                if self.first and self.lowest:
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
                self._lay(s, cards.bit_length() - 1)
            turns += 1
        if not self.done:
            g.to_act = s
        g.turns += turns

    def _coverable(self, s: Seat) -> bool:
        """Could any other seat lay the card wanted now (its own, or a wild principal hoc)?"""
        g = self.g
        wild = self.wild != "never"
        for t in range(g.n):
            if t != s:
                h = g.hands[t]
                if h & self.want or (wild and h & self.principal):
                    return True
        return False

    def _hoc(self, s: Seat, card: Card, kind: str) -> None:
        g = self.g
        amount = self.k.pays[kind]
        if card < 0:
            card = self.last
        g.hocs += 1
        if kind is PRINCIPAL:
            g.principal_hocs += 1
        kinds = g.hoc_kinds
        kinds[kind] = kinds.get(kind, 0) + 1
        if g.record:
            g.events.append(Hoc(s, card, kind, amount > 0))
        if amount > 0:
            g.ledger.pay_each(s, amount, R_HOC)

    def _end(self, s: Seat) -> None:
        """The first out of cards: the stage ends; the settle stage pays him."""
        g = self.g
        left = tuple(h.bit_count() for h in g.hands)
        first_turn = not (self.laid_by & ~(1 << s))
        g.first_turn_out = first_turn
        if g.record:
            g.events.append(HandOver(s, left, first_turn))
        g.card_winner = s
        self.done = True
