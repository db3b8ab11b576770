"""A ``tricks`` stage: trick-taking play, with a stock to draw from.

Each player in turn, from the leader, plays one card to the trick (``following``: any
card, or a card of the suit led when he holds one). The best card wins the trick: a
trump (``trumps: turnup``, the suit a turnup stage named) above any other suit, else
the highest card of the suit led in the stage's ``order`` of the ranks (Bezique's ace,
ten, king...: source 004; absent, the pack's order); of two identical cards (a pack of
copies) the first played wins (``identical``). The winner leads to the next trick.

Points, scored through :meth:`~.table.Table.score` as they fall: the leader's
``lead_points`` for each card led and ``win_points`` for the second hand who wins a
trick (of the ``counting_ranks``; Piquet: EB9-PIQ p. 115), the winner's ``card_points``
for the cards of a trick (Bezique's brisques), ``last_trick``, and at the end
``majority`` to the player with the most tricks (Piquet's "the cards") or, when he
won them all, ``all_tricks`` in its place (capot).

``draw: after-trick``: after each trick every player draws one card from the stock,
the trick's winner first, for as long as the stock has a card for each (source 004:
"and so the game proceeds until the stock is exhausted"; law 32: an odd card left is
not drawn); the draws are actions (:class:`~hocdsl.actions.Draw`), of the card chance
gives when the hand was dealt from a generator (:func:`.stock.top_card`), of the card
a record names otherwise. Once the stock is out, ``following_after_stock`` may change
the rule of the last tricks (Bezique: follow suit if one can).

``declarations: after-trick`` (Bezique, source 004): the winner of a trick, before he draws and
while the stock lasts, may declare one combination (:class:`~hocdsl.actions.Meld`), which
:mod:`.melds` identifies, checks (``redeclare``) and scores; the cards stay shown and still in the
hand; the first seven of trumps declared takes the card turned up. ``trumps: first-marriage``
(Rubicon): no trumps until the first marriage (else sequence) declared names them;
``carte_blanche`` scores a hand without a court card, again at each draw without one;
``following_after_stock: must-win``: follow suit and win if one can, else trump.
``card_points_when: end`` keeps the points of the cards won for the end of the deal (004 note 7);
``apart`` keeps them out of the deal's points, for the partie's settlement alone (Table.apart:
Rubicon's brisques, which only break a tie or save the rubicon);
``order_after_stock`` changes the order of the last tricks (note 8).

Why a stage and not part of the card game: nothing is shared with the Hoc's runs but
laying a card (the :class:`~hocdsl.actions.Play` action and its words are reused).

>>> from hocdsl.cards import parse_card
>>> power = powers((1, 10, 13, 12, 11, 9, 8, 7))
>>> beats(parse_card("10S"), parse_card("KS"), power, -1), beats(parse_card("7H"), parse_card("AS"), power, 1)
(True, True)
>>> beats(parse_card("AH"), parse_card("7S"), power, -1)   # another suit, no trumps: it does not win
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from ..actions import PLAY, Draw, Meld, Play
from ..cards import MAX_IDS, SUIT_MASK, Card, Hand, Seat, all_copies, card_name, iter_cards, rank_of
from ..pack import pack_of
from .errors import IllegalAction, Rule
from .events import (
    ALL_TRICKS, CARDS_WON, CARTE_BLANCHE_PLAY, LAST_TRICK, LEAD, MELD_REASONS, MOST_TRICKS,
    TRICK_WON, TRUMP_SEVEN, Drew, Melded,
    TrickCard, TrickWon,
)
from ..meldwords import MELD_WORDS, meld_said, to_score_words
from .melds import MeldError, MeldTable
from .stock import stock_cards, top_card
from .table import Result, Seen, Stage, Table
from .tally import Quantities, Ratios, Tally, stage_index
from .turnup import NO_TRUMPS, TurnUpResult, TurnUpWords
from .words import Words

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset, Tricks as TricksRules

#: The stage's name while it is played (``Game.stage``).
TRICKS_STAGE: Final = "tricks"

RULE_PLAY = Rule("{stage}.following", "a player plays a card he holds")
RULE_FOLLOW = Rule("{stage}.following", {"any": "any card may be played",
                                         "must-follow": "a player follows suit if he can"})
RULE_FOLLOW_AFTER = Rule("{stage}.following_after_stock", {
    "same": "once the stock is out, play goes on as before", "any": "once the stock is out, any card",
    "must-follow": "once the stock is out, a player follows suit if he can",
    "must-win": "once the stock is out, a player follows suit and wins the trick if he can, or trumps"})
RULE_DRAW = Rule("{stage}.draw", {"none": "nobody draws from the stock",
                                  "after-trick": "after each trick each draws one card, the winner first"})
RULE_DECLARE = Rule("{stage}.declarations", {
    "none": "no combination is declared in play",
    "after-trick": "only the winner of a trick declares, one combination, before he draws, while the stock lasts"})
RULE_TO_SCORE = Rule("{stage}.declarations", {
    "none": "no combination is declared in play",
    "after-trick": "what is said 'to score' is a second combination the cards laid out show, "
                   "which may still be declared"})
RULE_REDECLARE = Rule("{stage}.redeclare", {
    "fresh-cards": "a card declared once never goes into a combination of the same kind, nor an inferior one",
    "substitute": "a combination is declared again only with a card substituted, never in an inferior one"})

#: one interned action per card (every copy: pack.copies)
DRAW: Final = tuple(Draw(c) for c in range(MAX_IDS))
#: the ranks from the highest in the two orders of the pack (pack.order)
_PACK_ORDERS: Final = {"ace-high": (1, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2),
                       "king-high-ace-low": (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)}


def powers(order: Sequence[int]) -> tuple[int, ...]:
    """Per rank (1 ace .. 13 king; index 0 unused), its strength in a trick: the first rank
    of ``order`` (the highest) the most; a rank not in ``order`` 0."""
    out = [0] * 14
    for i, r in enumerate(order):
        out[r] = len(order) - i
    return tuple(out)


def rank_order(rules: Ruleset, st: TricksRules) -> tuple[int, ...]:
    """The ranks from the highest in a trick: the stage's ``order``, else the pack's."""
    return st.order if st.order is not None else _PACK_ORDERS[rules.pack.order]


def beats(card: Card, best: Card, power: Sequence[int], trumps: int) -> bool:
    """Whether ``card``, played after ``best`` (the best card of the trick so far), takes
    the trick from it: a higher card of its suit (an identical one does not: the first
    played wins), or a trump on a card of another suit."""
    suit = card // 13 & 3
    if suit == best // 13 & 3:
        return power[card % 13 + 1] > power[best % 13 + 1]
    return suit == trumps


def _derive(rules: Ruleset, st: TricksRules) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """What a tricks stage derives from its knobs once per ruleset: the strength of each rank,
    the ranks that count when led or winning (bits), the points of each rank in a trick won."""
    counting = (sum(1 << r for r in st.counting_ranks) if st.counting_ranks is not None
                else sum(1 << r for r in range(1, 14)))
    pts = [0] * 14
    for r, v in (st.card_points or {}).items():
        pts[r] = v
    return powers(rank_order(rules, st)), counting, tuple(pts)


class TricksResult(Result):
    """What a tricks stage reports: per seat the ``tricks`` won and the cards ``won`` in them,
    the seat that won the ``last`` trick (-1: not yet), and ``capot`` (the seat that won
    every trick, -1: none)."""

    __slots__ = ("tricks", "won", "last", "capot", "majority")

    def __init__(self, n: int) -> None:
        self.tricks = [0] * n
        self.won = [0] * n
        self.last = -1
        self.capot = -1
        #: the seat with the most tricks (-1: none, or tied)
        self.majority = -1

    def copy(self) -> TricksResult:
        r = TricksResult(0)
        r.tricks, r.won = self.tricks.copy(), self.won.copy()
        r.last, r.capot, r.majority = self.last, self.capot, self.majority
        return r


class TricksStage(Stage):
    """The tricks phase of a :class:`~hocdsl.engine.game.Game`, over its :class:`~.table.Table`."""

    __slots__ = ("power", "counting", "points_of", "trumps", "following", "leader", "cards", "seats",
                 "best", "best_seat", "number", "to_draw", "next_draw", "turned", "stock_out", "out",
                 "melds", "suits", "shown", "used", "declared", "banked", "melded", "blanche")

    def __init__(self, g: Table, st: TricksRules,
                 derived: tuple[tuple[int, ...], int, tuple[int, ...]] | None = None,
                 melds: MeldTable | None = None) -> None:
        self.g = g
        self.st = st
        self.stage = TRICKS_STAGE
        self.done = False
        if derived is None:
            derived = _derive(g.rules, st)
        #: per rank, its strength in a trick (order, or the pack's); the ranks that score
        #: lead_points and win_points, as bits (1 << rank); per rank, the points a trick won
        #: scores for each card of it (card_points)
        self.power, self.counting, self.points_of = derived
        self.trumps = NO_TRUMPS
        self.following: str = st.following  # (following_after_stock may change it)
        self.leader = 0
        self.cards: list[Card] = []  # the trick being played, in the order played
        self.seats: list[Seat] = []
        self.best = -1
        self.best_seat = -1
        self.number = 1  # the trick being played (1: the first)
        self.to_draw: list[Seat] = []  # who draws next, in order (after a trick)
        self.next_draw = -1  # the card chance gives the next to draw (-1: the record says)
        self.turned = -1  # a card turned up from the stock (it is drawn last)
        self.stock_out = False
        # (the stage made once per ruleset, for a table with no hand, has no seats yet)
        n = g.n if hasattr(g, "n") else 0
        self.out = self.result = TricksResult(n)
        #: the combinations declared in play (declarations: after-trick), else None
        self.melds = melds if melds is not None or st.declarations == "none" else MeldTable(g.rules, st)
        #: per suit, its cards in every copy of the pack (following suit)
        self.suits = tuple(all_copies(SUIT_MASK << (s * 13), g.rules.pack.copies) for s in range(4))
        self.shown = [0] * n  # per seat, the cards declared and lying face up (still his)
        self.used: dict[Card, int] = {}  # per card declared, the families it was declared in (melds.FAMILY)
        self.declared = False  # the trick's winner has declared (one combination a trick)
        self.banked = [0] * n  # card_points won, kept for the end (card_points_when: end)
        self.melded: frozenset[tuple[str, Hand]] = frozenset()  # the combinations declared, (name, cards): never twice
        self.blanche = [False] * n  # per seat, a carte blanche that a card drawn may renew

    def anew(self, g: Table) -> TricksStage:
        return TricksStage(g, self.st, (self.power, self.counting, self.points_of), self.melds)

    # ------------------------------------------------------------ start ----

    def start(self) -> None:
        g = self.g
        st = self.st
        if st.trumps == "turnup":
            r = g.result_of(TurnUpResult)
            if r is not None:
                self.trumps = r.trumps
                self.turned = r.card
        if not any(g.left):
            self.done = True
            return
        self.leader = g.eldest if st.first_lead == "eldest" else g.dealer
        if st.draw == "after-trick" and g.out_of_play.bit_count() < g.n:
            self._stock_is_out()
        g.stage = TRICKS_STAGE
        g.to_act = self.leader
        if st.trump_seven and self.turned >= 0 and rank_of(self.turned) == 7:
            self._score(g.dealer, st.trump_seven, TRUMP_SEVEN)  # 004: a seven turned up, the dealer's
        if st.carte_blanche:  # 004 law 15: a hand without king, queen or knave, shown before play
            for i in range(g.n):
                s = (self.leader + i) % g.n
                if not g.hands[s] & self._courts():
                    self.blanche[s] = True
                    if g.record:
                        g.events.append(Melded(s, CARTE_BLANCHE_PLAY, g.hands[s], st.carte_blanche))
                    self._score(s, st.carte_blanche, CARTE_BLANCHE_PLAY)

    def _courts(self) -> Hand:
        """Every king, queen and knave of the pack, every copy."""
        ranks = pack_of(self.g.rules).rank_masks
        return ranks[10] | ranks[11] | ranks[12]

    def _stock_is_out(self) -> None:
        self.stock_out = True
        after = self.st.following_after_stock
        if after != "same":
            self.following = after
        if self.st.order_after_stock is not None:  # 004 note 8: the ten back in its place
            self.power = powers(self.st.order_after_stock)

    # ------------------------------------------------------------ what is legal ----

    def playable(self, seat: Seat) -> Hand:
        """The cards ``seat`` may play to the trick now (by the following rule in force)."""
        hand = self.g.hands[seat]
        if self.cards and self.following == "must-follow":
            suit = hand & self.suits[self.cards[0] // 13 & 3]
            if suit:
                return suit
        elif self.cards and self.following == "must-win":  # 004 law 55: follow, and win if he can
            suit = hand & self.suits[self.cards[0] // 13 & 3]
            pool = suit if suit else (hand & self.suits[self.trumps] if self.trumps >= 0 else 0)
            if pool:
                winners = 0
                for c in iter_cards(pool):
                    if beats(c, self.best, self.power, self.trumps):
                        winners |= 1 << c
                return winners if winners else pool
        return hand

    def may_declare(self, seat: Seat) -> bool:
        """Whether ``seat`` may declare a combination now: he won the trick just played, has not
        drawn nor declared since, and the stock lasts."""
        return (self.melds is not None and bool(self.to_draw) and not self.declared
                and len(self.to_draw) == self.g.n and self.to_draw[0] == seat)

    def to_score(self, seat: Seat) -> tuple[tuple[str, int], ...]:
        """What ``seat`` has to score: the combinations his shown cards make that he may still
        declare (004: "and twenty to score"; law 45 has him repeat it), as (name, points), the
        best first. Derived from the cards on the table, never kept apart."""
        if self.melds is None or self.stock_out:
            return ()
        return tuple((m.name, m.points) for m in
                     self.melds.options(self.shown[seat], self.used, self.trumps, self.melded))

    def meld_options(self, seat: Seat) -> list[Meld]:
        """The combinations ``seat`` may declare now (none when he may not declare)."""
        if self.melds is None or not self.may_declare(seat):
            return []
        return self.melds.options(self.g.hands[seat], self.used, self.trumps, self.melded)

    def legal(self) -> tuple[Any, ...]:
        g = self.g
        if self.to_draw:
            melds: tuple[Meld, ...] = tuple(self.meld_options(self.to_draw[0])) if self.melds is not None else ()
            if self.next_draw >= 0:
                return (DRAW[self.next_draw],) + melds
            cards = stock_cards(g.out_of_play, self.turned)
            if len(cards) > 1 and cards[-1] == self.turned:
                cards.pop()  # the card turned up is the stock's last, drawn when no other is left
            return tuple(DRAW[c] for c in cards) + melds
        s = g.to_act
        assert s is not None  # the stage is on
        return tuple(PLAY[c] for c in iter_cards(self.playable(s)))

    def forced(self) -> Any:
        """The card chance gives the seat to draw; the one card a seat may play."""
        if self.to_draw:
            if self.melds is not None and self.meld_options(self.to_draw[0]):
                return None  # a combination to declare, or not: a choice
            return DRAW[self.next_draw] if self.next_draw >= 0 else None
        s = self.g.to_act
        assert s is not None  # the stage is on
        cards = self.playable(s)
        if cards and not cards & (cards - 1):
            return PLAY[cards.bit_length() - 1]
        return None

    def check(self, a: Any) -> None:
        """The one rule of the stage: a draw when one is owed, of a card of the stock (the one
        chance gives, when dealt from a generator); else a card held, following suit when the
        rule in force says so."""
        g = self.g
        rules = g.rules
        sid = self.st.id
        if type(a) is Meld:
            self.check_to_score(a, self.check_meld(a))
            return
        if self.to_draw:
            if type(a) is not Draw:
                raise IllegalAction(RULE_DRAW.cite(rules, sid),
                                    f"{g.names[self.to_draw[0]]} draws a card from the stock first")
            c = a.card
            if not (0 <= c < MAX_IDS and g.out_of_play >> c & 1):
                raise IllegalAction(RULE_DRAW.cite(rules, sid),
                                    f"{card_name(c) if 0 <= c < MAX_IDS else c} is not in the stock")
            if self.next_draw >= 0 and c != self.next_draw:
                raise IllegalAction(RULE_DRAW.cite(rules, sid),
                                    f"the card on top of the stock is {card_name(self.next_draw)}")
            if self.next_draw < 0 and c == self.turned and g.out_of_play & ~(1 << c):
                raise IllegalAction(RULE_DRAW.cite(rules, sid),
                                    f"{card_name(c)}, the card turned up, is the last of the stock")
            return
        if type(a) is not Play or a.as_rank:
            if type(a) is Draw:
                raise IllegalAction(RULE_DRAW.cite(rules, sid), "nobody draws now: a card is played to the trick")
            raise IllegalAction(RULE_PLAY.cite(rules, sid), "a card is played to the trick")
        s = g.to_act
        assert s is not None  # the stage is on
        c = a.card
        if not (0 <= c < MAX_IDS and g.hands[s] >> c & 1):
            raise IllegalAction(RULE_PLAY.cite(rules, sid),
                                f"{g.names[s]} does not hold {card_name(c) if 0 <= c < MAX_IDS else c}")
        if not self.playable(s) >> c & 1:
            rule = RULE_FOLLOW_AFTER if self.stock_out and self.st.following_after_stock != "same" else RULE_FOLLOW
            led = self.cards[0]
            raise IllegalAction(rule.cite(rules, sid),
                                f"{g.names[s]} holds a card of the suit led ({card_name(led)}) and must play one")

    def check_meld(self, a: Meld) -> tuple[str, int, int, Hand]:
        """The one rule of a declaration: by the winner of the trick just played, before he
        draws, one a trick, while the stock lasts (``declarations``); of cards he holds (shown
        or not) that make a combination the ruleset scores, none declared before in one of the
        same kind or a superior one of its family (``redeclare``). Returns the combination
        (name, points, family) and the copies it takes."""
        g = self.g
        rules = g.rules
        sid = self.st.id
        s = self.to_draw[0] if self.to_draw else g.to_act
        who = g.names[s] if s is not None else "nobody"
        if self.melds is None:
            raise IllegalAction(RULE_DECLARE.cite(rules, sid), "no combination is declared in this game")
        if self.stock_out:
            raise IllegalAction(RULE_DECLARE.cite(rules, sid), "the stock is out: no more declarations")
        if not self.to_draw:
            raise IllegalAction(RULE_DECLARE.cite(rules, sid),
                                f"{who} has not just won a trick: only its winner declares, before he draws")
        if len(self.to_draw) < g.n:
            raise IllegalAction(RULE_DECLARE.cite(rules, sid),
                                f"{g.names[self.leader]} has drawn already: a declaration comes before the draw")
        if self.declared:
            raise IllegalAction(RULE_DECLARE.cite(rules, sid),
                                f"{who} has declared once after this trick: one combination a trick "
                                "(the others wait for the next trick he wins)")
        try:
            return self.melds.resolve(a, g.hands[self.to_draw[0]], self.used, self.trumps, self.melded)
        except MeldError as e:
            rule = RULE_REDECLARE if e.redeclare else RULE_DECLARE
            raise IllegalAction(rule.cite(rules, sid), str(e)) from None

    def check_to_score(self, a: Meld, found: tuple[str, int, int, Hand]) -> Hand:
        """What declaration ``a`` says "to score", checked by :meth:`.melds.MeldTable.to_score`
        (the one rule): the cards it lays out besides the declaration's (0: none, or nothing said)."""
        said = a.to_score
        if said is None or self.melds is None:
            return 0
        g = self.g
        s = self.to_draw[0]
        try:
            later = self.melds.to_score(said, found, g.hands[s], self.shown[s], self.used, self.trumps,
                                        self.melded)
        except MeldError as e:
            raise IllegalAction(RULE_TO_SCORE.cite(g.rules, self.st.id), str(e)) from None
        return later[3] & ~found[3]

    # ------------------------------------------------------------ playing ----

    def apply(self, a: Any) -> None:
        if type(a) is Meld:
            found = self.check_meld(a)
            self._meld(found, self.check_to_score(a, found))
            return
        self.check(a)
        if self.to_draw:
            self._draw(a.card)
        else:
            self._play(a.card)

    def _meld(self, found: tuple[str, int, int, Hand], laid: Hand = 0) -> None:
        """The trick's winner declares: he scores, the cards lie shown and keep the family; the
        first seven of trumps declared takes the card turned up, which it replaces (004).
        ``laid``: the cards he lays out with it for what he says to score (004: the cards exposed
        may show two combinations); they lie shown too."""
        g = self.g
        s = self.to_draw[0]
        name, points, family, cards = found
        self.declared = True
        assert self.melds is not None  # (check_meld refuses a declaration without them)
        # the families its cards now keep, the combinations declared, and trumps where the first
        # marriage or sequence names them (004 law 41): MeldTable.after, the one rule
        before = self.trumps
        self.used, self.trumps, self.melded = self.melds.after(found, self.used, before, self.melded)
        took = -1
        named = self.trumps if self.trumps != before else -1
        if name == TRUMP_SEVEN:
            t = self.turned
            if t >= 0 and g.out_of_play >> t & 1 and rank_of(t) != 7:
                seven = cards.bit_length() - 1
                g.hands[s] = g.hands[s] & ~cards | 1 << t
                g.out_of_play = g.out_of_play & ~(1 << t) | cards
                self.turned = seven  # the seven lies turned up in its place, the stock's last card
                took = t
                if self.next_draw == t:  # (only the last card of the stock: never while a draw waits)
                    self.next_draw = seven
        else:
            self.shown[s] |= cards
        self.shown[s] |= laid
        if g.record:
            g.events.append(Melded(s, name, cards, points, took, named, self.to_score(s)))
        self._score(s, points, name)

    def _draw(self, c: Card) -> None:
        g = self.g
        s = self.to_draw.pop(0)
        bit = 1 << c
        g.out_of_play &= ~bit
        g.hands[s] |= bit
        g.left[s] += 1
        if g.record:
            g.events.append(Drew(s, c, g.out_of_play.bit_count()))
        if self.blanche[s]:  # 004 law 16: carte blanche again for a card drawn without a court
            if bit & self._courts():
                self.blanche[s] = False
            else:
                if g.record:
                    g.events.append(Melded(s, CARTE_BLANCHE_PLAY, bit, self.st.carte_blanche))
                self._score(s, self.st.carte_blanche, CARTE_BLANCHE_PLAY)
        if self.to_draw:
            self.next_draw = top_card(g.out_of_play, g.rng, self.turned)
            g.to_act = self.to_draw[0]
            return
        self.next_draw = -1
        if g.out_of_play.bit_count() < g.n:
            self._stock_is_out()
        g.to_act = self.leader

    def _play(self, c: Card) -> None:
        g = self.g
        s = g.to_act
        assert s is not None  # the stage is on
        st = self.st
        g.hands[s] &= ~(1 << c)
        if self.melds is not None:
            self.shown[s] &= ~(1 << c)
        g.left[s] -= 1
        g.pile |= 1 << c
        lead = not self.cards
        if g.record:
            g.events.append(TrickCard(s, c, self.number, lead))
        self.cards.append(c)
        self.seats.append(s)
        if lead:
            self.best, self.best_seat = c, s
            if st.lead_points and self.counting >> (c % 13 + 1) & 1:
                self._score(s, st.lead_points, LEAD)
        elif beats(c, self.best, self.power, self.trumps):
            self.best, self.best_seat = c, s
        if len(self.cards) < g.n:
            g.to_act = s + 1 if s + 1 < g.n else 0
            return
        self._won()

    def _won(self) -> None:
        """The trick is complete: its winner takes it, scores what it is worth, and leads
        next (after the draws), or the deal's play is over."""
        g = self.g
        st = self.st
        out = self.out
        w = self.best_seat
        cards = 0
        worth = 0
        for c in self.cards:
            cards |= 1 << c
            worth += self.points_of[c % 13 + 1]
        out.tricks[w] += 1
        out.won[w] |= cards
        draws = st.draw == "after-trick" and not self.stock_out
        last = not draws and not any(g.left)
        if g.record:
            g.events.append(TrickWon(w, self.best, self.number, cards, last))
        if w != self.leader and st.win_points and self.counting >> (self.best % 13 + 1) & 1:
            self._score(w, st.win_points, TRICK_WON)
        if worth:
            if st.card_points_when != "trick":  # end, apart
                self.banked[w] += worth
            else:
                self._score(w, worth, CARDS_WON)
        self.cards = []
        self.declared = False
        self.seats = []
        self.leader = w
        self.number += 1
        if last:
            out.last = w
            self._score(w, st.last_trick, LAST_TRICK)
            self._end()
            return
        if draws:
            n = g.n
            self.to_draw = [(w + i) % n for i in range(n)]
            self.next_draw = top_card(g.out_of_play, g.rng, self.turned)
        g.to_act = w

    def _score(self, seat: Seat, points: int, reason: str) -> None:
        """``seat`` scores ``points`` for ``reason`` (:meth:`~.table.Table.score`; a pique
        made in play is the declare stage's, which hears every score: :class:`~.declare.PiqueWatch`)."""
        self.g.score(seat, points, reason, self.st.id)

    def _end(self) -> None:
        """The end of play: the most tricks (or all of them) score."""
        g = self.g
        st = self.st
        out = self.out
        if st.card_points_when == "apart":  # counted by the settlement alone (engine/stakes.py)
            g.apart = self.banked.copy()
        else:
            for s in range(g.n):
                if self.banked[s]:
                    self._score(s, self.banked[s], CARDS_WON)  # 004 note 7: scored at the close of the hand
        tricks = out.tricks
        most = max(tricks)
        top = [s for s in range(g.n) if tricks[s] == most]
        if len(top) == 1:
            s = top[0]
            out.majority = s
            if most == sum(tricks):
                out.capot = s
            if out.capot == s and st.all_tricks:
                self._score(s, st.all_tricks, ALL_TRICKS)
            else:
                self._score(s, st.majority, MOST_TRICKS)
        self.done = True

    # ------------------------------------------------------------ what a seat sees ----

    def seen(self, seat: Seat) -> TricksSeen:
        return TricksSeen(self, seat)


class TricksSeen(Seen):
    """What a seat sees of a tricks stage beyond its hand and the events: the trick on the
    table, the trumps, who is to draw, the tricks won, the stock's size; on its turn, the
    cards it may play."""

    __slots__ = ("_ph",)

    def __init__(self, ph: TricksStage, seat: Seat) -> None:
        self._ph = ph
        self.seat = seat

    @property
    def rules(self) -> TricksRules:
        """The stage's knobs (the points, the order, the following rule)."""
        st: TricksRules = self._ph.st
        return st

    @property
    def trick(self) -> list[Card]:
        """The cards played to the trick so far, in order (the first led it)."""
        return self._ph.cards

    @property
    def best(self) -> tuple[Card, Seat]:
        """The card winning the trick so far, and its player ((-1, -1) before the lead)."""
        ph = self._ph
        return (ph.best, ph.best_seat) if ph.cards else (-1, -1)

    @property
    def trumps(self) -> int:
        """The trump suit (-1: none)."""
        return self._ph.trumps

    @property
    def power(self) -> tuple[int, ...]:
        """Per rank, its strength in a trick (the higher, the stronger)."""
        return self._ph.power

    @property
    def drawing(self) -> bool:
        """Whether the seat to act is to draw from the stock (not to play)."""
        return bool(self._ph.to_draw)

    @property
    def stock(self) -> int:
        """The cards left in the stock."""
        return self._ph.g.out_of_play.bit_count()

    @property
    def stock_out(self) -> bool:
        """Whether the draws are over (or there are none) and the last tricks are played."""
        return self._ph.stock_out or self._ph.st.draw == "none"

    @property
    def tricks(self) -> tuple[int, ...]:
        """The tricks each seat has won so far."""
        return tuple(self._ph.out.tricks)

    @property
    def tricks_left(self) -> int:
        """The tricks still to play, this one included, as far as the hands and stock tell."""
        ph = self._ph
        g = ph.g
        held = sum(g.left) + len(ph.cards)
        if not self.stock_out:
            held += g.out_of_play.bit_count() // g.n * g.n
        return held // g.n

    def playable(self) -> Hand:
        """The cards this seat may play now (0 when it is not its turn to play)."""
        ph = self._ph
        if ph.to_draw or ph.g.to_act != self.seat:
            return 0
        return ph.playable(self.seat)

    def shown(self, seat: Seat) -> Hand:
        """The cards ``seat`` has declared that lie face up on the table (still his to play)."""
        return self._ph.shown[seat] if self._ph.melds is not None else 0

    def melds(self) -> list[Meld]:
        """The combinations this seat may declare now, the best first (none when it may not)."""
        return self._ph.meld_options(self.seat)

    def to_score(self) -> tuple[tuple[str, int], ...]:
        """What this seat has to score: the combinations its shown cards make that it may still
        declare, (name, points), the best first."""
        return self._ph.to_score(self.seat)

    def held_melds(self) -> list[Meld]:
        """The combinations this seat's hand could declare were it to win the trick now (its own
        hand, shown cards included), the best first: a bot's reason to win a trick."""
        ph = self._ph
        if ph.melds is None or ph.stock_out:
            return []
        return ph.melds.options(ph.g.hands[self.seat], ph.used, ph.trumps)

    @property
    def turned(self) -> Card:
        """The card turned up, the stock's last (-1: none, or drawn)."""
        ph = self._ph
        return ph.turned if ph.turned >= 0 and ph.g.out_of_play >> ph.turned & 1 else -1

    def points_in(self, cards: Sequence[Card]) -> int:
        """What ``cards`` would score their winner as a trick (card_points): a bot's measure of a
        trick's worth."""
        ph = self._ph
        return sum(ph.points_of[c % 13 + 1] for c in cards)


# -------------------------------------------------------------- words ----

class TricksWords(Words):
    """The words of a tricks stage: a card led or played, a trick won, a card drawn, the points."""

    __slots__ = ()

    events = (TrickCard, TrickWon, Drew, Melded)
    reasons = (LEAD, TRICK_WON, CARDS_WON, LAST_TRICK, MOST_TRICKS, ALL_TRICKS) + MELD_REASONS
    reason_words = {
        **MELD_WORDS,
        LEAD: ("a card led", "une carte menée"),
        TRICK_WON: ("a trick won as second hand", "un pli gagné en second"),
        CARDS_WON: ("the cards of the trick", "les cartes du pli"),
        LAST_TRICK: ("the last trick", "le dernier pli"),
        MOST_TRICKS: ("the cards (the most tricks)", "les cartes (le plus de plis)"),
        ALL_TRICKS: ("capot (every trick)", "le capot (tous les plis)"),
    }
    TEXT = {
        "en": {"declares": "{declares} {cards}: {said}", "exchanges": "{takes} {card} in exchange",
               "names_trumps": "; {suit} are trumps", "to_score": ", and {points} to score",
               "leads": "{leads} {card}", "plays": "{plays} {card}",
               "wins": "{wins} trick {n} with {card}", "wins_last": "{wins} the last trick (trick {n}) with {card}",
               "draws": "{draws} {card} ({left} left in the stock)",
               "draws_hidden": "{draws} a card ({left} left in the stock)"},
        "fr": {"declares": "{declares} {cards} : {said}", "exchanges": "{takes} {card} en échange",
               "names_trumps": " ; {suit} est l'atout", "to_score": ", et {points} à marquer",
               "leads": "{leads} {card}", "plays": "{plays} {card}",
               "wins": "{wins} le pli {n} avec {card}", "wins_last": "{wins} le dernier pli (le {n}e) avec {card}",
               "draws": "{draws} {card} (reste {left} au talon)",
               "draws_hidden": "{draws} une carte (reste {left} au talon)"},
    }

    def event(self, e: object, over: bool) -> str | None:
        card = self.tongue.card
        if isinstance(e, TrickCard):
            name = self.names[e.seat]
            if e.lead:
                return self.say("leads", leads=self.verb(name, "leads"), card=card(e.card))
            return self.say("plays", plays=self.verb(name, "plays"), card=card(e.card))
        if isinstance(e, TrickWon):
            return self.say("wins_last" if e.last else "wins", wins=self.verb(self.names[e.seat], "wins"),
                            n=e.trick, card=card(e.card))
        if isinstance(e, Melded):
            text = self.say("declares", declares=self.verb(self.names[e.seat], "declares"),
                            cards=self.tongue.hand(e.cards), said=meld_said(e.points, e.combination, self.tongue.code))
            if e.exchanged >= 0:
                text += ", " + self.say("exchanges", takes=self.verb(self.names[e.seat], "takes"),
                                        card=card(e.exchanged))
            if e.trumps >= 0:
                text += self.say("names_trumps", suit=TurnUpWords.SUITS[self.tongue.code][e.trumps])
            if e.to_score:
                text += self.say("to_score", points=to_score_words(e.to_score, self.tongue.code))
            return text
        if isinstance(e, Drew):
            name = self.names[e.seat]
            if name.lower() == self.tongue.you.lower():  # the player at the table sees his own card
                return self.say("draws", draws=self.verb(name, "draws"), card=card(e.card), left=e.left)
            return self.say("draws_hidden", draws=self.verb(name, "draws"), left=e.left)
        return None  # pragma: no cover - only its own events are handed to it


# ------------------------------------------------------------ metrics ----


class TricksTally(Tally):
    """What the simulator counts of a tricks stage: the tricks each position wins, how often
    the tricks are divided, and capot."""

    __slots__ = ("at", "n", "pos", "names", "played", "divided", "capots")

    legend = """With a tricks stage (trick-taking play):

- ``trick_share.<position>``: share of the tricks won by the seat in that position.
- ``tricks_divided_rate``: share of deals in which no player won more tricks than every
  other (the cards divided: nobody scores the majority).
- ``capot_rate``: share of deals in which one player won every trick.
"""

    def __init__(self, at: int, n: int) -> None:
        self.at = at
        self.n = n
        self.pos: list[int] = []
        self.names: tuple[str, ...] = ()
        self.played = self.divided = self.capots = -1

    @classmethod
    def of(cls, rules: Ruleset, players: int) -> TricksTally | None:
        at = stage_index(rules, "tricks")
        return cls(at, players) if at >= 0 else None

    def quantities(self, section: str, q: Quantities) -> None:
        if section == "positions":
            self.names = q.positions
            self.pos = [q.add(f"tricks.{p}") for p in q.positions]
            self.played = q.add("tricks_played")
        elif section == "play":
            self.divided = q.add("tricks_divided")
            self.capots = q.add("capots")

    def metrics(self, section: str, m: Ratios) -> None:
        if section == "positions":
            for name, p in zip(self.names, self.pos):
                m.ratio(f"trick_share.{name}", p, self.played)
        elif section == "play":
            m.ratio("tricks_divided_rate", self.divided, m.hands)
            m.ratio("capot_rate", self.capots, m.hands)

    def count(self, g: Table, y: list[int]) -> None:
        r = g.results[self.at]
        if not isinstance(r, TricksResult):
            return
        n = self.n
        eldest = g.eldest
        total = 0
        for s in range(n):
            t = r.tricks[s]
            total += t
            p = s - eldest if s >= eldest else s - eldest + n
            _i = self.pos[p]
            y[_i] = y[_i] + t
        y[self.played] = y[self.played] + total
        if total and r.majority < 0:
            y[self.divided] = y[self.divided] + 1
        if r.capot >= 0:
            y[self.capots] = y[self.capots] + 1

