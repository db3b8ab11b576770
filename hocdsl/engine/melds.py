"""Combinations declared in play: what the winner of a trick may declare before he draws
(a ``tricks`` stage with ``declarations: after-trick``; Bezique, source 004).

A combination is named by its cards, and its cards say which it is (:func:`identify`):

- the seven of trumps (``trump_seven``), one card;
- a marriage, the king and queen of a suit: ``royal_marriage`` in trumps, ``marriage`` in
  another suit;
- a sequence, the five highest cards of the stage's ``order`` in one suit: in trumps
  ``trump_sequence``, in another ``plain_sequence``. It is the Hoc's and Piquet's run
  (:func:`hocdsl.combos.held_run`, the same code: in the pack's ace-high order the five are
  a quint to the ace, whatever the order of the tricks puts the ten);
- the two cards of ``bezique_cards`` (``bezique``), two copies of each (``double_bezique``),
  three and four (``triple_bezique``, ``quadruple_bezique``: Rubicon's four packs);
- four cards of one rank, of any suits and copies (``four_aces``, ``four_kings``,
  ``four_queens``, ``four_knaves``): the Hoc's set of four of a rank, counted over every copy
  of the pack.

A combination worth 0 in the ruleset is not one. Every card declared keeps the families it
was declared in (:data:`FAMILY`): ``redeclare: fresh-cards`` (004) bars it from a later
combination of the same kind and from an inferior one of its family (a marriage after a
sequence, a single after a double), never from a superior one or another kind;
``redeclare: substitute`` (Rubicon, laws 34-38) bars only the inferior ones, and the very same
cards declared twice as one combination. With ``trumps: first-marriage`` and no trumps yet, a
marriage or a sequence is in trumps (it names them: law 41).

>>> from hocdsl.cards import parse_hand, sorted_cards
>>> from hocdsl.rules import load_ruleset
>>> rules = load_ruleset("bezique")
>>> t = MeldTable(rules, rules.stage("play"))
>>> t.identify(sorted_cards(parse_hand("QS JD", copies=2)), 1)[:2]
('bezique', 40)
>>> t.identify(sorted_cards(parse_hand("KH QH", copies=2)), 1)[:2]
('royal-marriage', 40)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .. import combos
from ..actions import Meld, ToScore
from ..cards import NUM_CARDS, Card, Hand, folded, iter_cards, rank_of, suit_of
from ..pack import pack_of
from .events import (
    BEZIQUE, DOUBLE_BEZIQUE, FOUR_ACES, FOUR_KINGS, FOUR_KNAVES, FOUR_QUEENS, MARRIAGE, PLAIN_SEQUENCE,
    QUADRUPLE_BEZIQUE, ROYAL_MARRIAGE, TRIPLE_BEZIQUE, TRUMP_SEQUENCE, TRUMP_SEVEN,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset, Tricks as TricksRules

ACE, SEVEN, KNAVE, QUEEN, KING = 1, 7, 11, 12, 13

#: The families a card keeps once declared (bits): a card is barred from a combination whose
#: family bits it has, or a superior family's of the same line (:data:`BARRED_BY`).
F_SEVEN, F_MARRIAGE, F_SEQUENCE, F_BEZIQUE, F_DOUBLE, F_FOUR, F_TRIPLE, F_QUAD = 1, 2, 4, 8, 16, 32, 64, 128
FAMILY: Final = {TRUMP_SEVEN: F_SEVEN, MARRIAGE: F_MARRIAGE, ROYAL_MARRIAGE: F_MARRIAGE,
                 TRUMP_SEQUENCE: F_SEQUENCE, PLAIN_SEQUENCE: F_SEQUENCE, BEZIQUE: F_BEZIQUE,
                 DOUBLE_BEZIQUE: F_DOUBLE, TRIPLE_BEZIQUE: F_TRIPLE, QUADRUPLE_BEZIQUE: F_QUAD,
                 FOUR_ACES: F_FOUR, FOUR_KINGS: F_FOUR, FOUR_QUEENS: F_FOUR, FOUR_KNAVES: F_FOUR}
#: per family, the families above it in its line (a sequence above a marriage; a double above a
#: single bezique, a triple above both...)
SUPERIOR: Final = {F_SEVEN: 0, F_MARRIAGE: F_SEQUENCE, F_SEQUENCE: 0, F_BEZIQUE: F_DOUBLE | F_TRIPLE | F_QUAD,
                   F_DOUBLE: F_TRIPLE | F_QUAD, F_TRIPLE: F_QUAD, F_QUAD: 0, F_FOUR: 0}
#: per family, the families whose cards it may not take again, by ``redeclare``: ``fresh-cards``
#: (004, the ordinary game: "the same kind", and "a combination of an inferior order": a
#: marriage after a sequence, a single bezique after a double); ``substitute`` (004's Rubicon
#: laws 34-38: the same combination again, never an inferior one)
BARRED_BY: Final = {
    "fresh-cards": {f: f | sup for f, sup in SUPERIOR.items()},
    "substitute": dict(SUPERIOR),
}
#: a combination's family, said as a kind in a refusal
FAMILY_WORDS: Final = {F_SEVEN: "a seven of trumps", F_MARRIAGE: "a marriage", F_SEQUENCE: "a sequence",
                       F_BEZIQUE: "a bezique", F_DOUBLE: "a double bezique", F_FOUR: "four of a kind",
                       F_TRIPLE: "a triple bezique", F_QUAD: "a quadruple bezique"}


class MeldError(ValueError):
    """Cards that make no combination the ruleset scores, or that may not be declared again
    (``redeclare``: the rule it breaks is the stage's ``redeclare``, not its ``declarations``)."""

    def __init__(self, message: str, redeclare: bool = False) -> None:
        super().__init__(message)
        self.redeclare = redeclare


class MeldTable:
    """What a ruleset's tricks stage scores for each combination, derived once per ruleset."""

    __slots__ = ("rules", "st", "top", "rank_all", "bezique_cards", "fours", "barred", "open_trumps",
                 "beziques")

    def __init__(self, rules: Ruleset, st: TricksRules) -> None:
        self.rules = rules
        self.st = st
        order = st.order if st.order is not None else (
            (1, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2) if rules.pack.order == "ace-high"
            else (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1))
        #: the ranks of a sequence, the five highest of the order
        self.top = frozenset(order[:5])
        #: per rank, every card of it in play, every copy (pack.copies)
        self.rank_all = pack_of(rules).rank_masks
        #: the named pair's cards, of the first pack
        self.bezique_cards = tuple(sorted({c % NUM_CARDS for c in st.bezique_cards}))
        self.fours = {ACE: (FOUR_ACES, st.four_aces), KING: (FOUR_KINGS, st.four_kings),
                      QUEEN: (FOUR_QUEENS, st.four_queens), KNAVE: (FOUR_KNAVES, st.four_knaves)}
        #: per family, the families that bar a card from it (redeclare)
        self.barred = BARRED_BY[st.redeclare]
        #: trumps are named by the first marriage (or sequence) declared (trumps: first-marriage)
        self.open_trumps = st.trumps == "first-marriage"
        #: the named pair by how many copies of each: (name, points)
        self.beziques = {1: (BEZIQUE, st.bezique), 2: (DOUBLE_BEZIQUE, st.double_bezique),
                         3: (TRIPLE_BEZIQUE, st.triple_bezique), 4: (QUADRUPLE_BEZIQUE, st.quadruple_bezique)}

    # ------------------------------------------------------------ which combination ----

    def identify(self, cards: list[Card], trumps: int) -> tuple[str, int, int]:
        """The combination ``cards`` make: (its name, a score reason; its points; its family).
        Raises :class:`MeldError` when they make none the ruleset scores."""
        st = self.st
        n = len(cards)
        ranks = sorted(rank_of(c) for c in cards)
        suits = {suit_of(c) for c in cards}
        bases = sorted(c % NUM_CARDS for c in cards)
        found: tuple[str, int] | None = None
        if trumps < 0 and self.open_trumps:
            trumps = next(iter(suits))  # no trumps yet: the first marriage or sequence names them (law 41)
        k = n // 2
        if n == 1 and ranks[0] == SEVEN and suit_of(cards[0]) == trumps:
            found = (TRUMP_SEVEN, st.trump_seven)
        elif n == 4 and len(set(ranks)) == 1 and ranks[0] in self.fours:
            found = self.fours[ranks[0]]
        elif n % 2 == 0 and k in self.beziques and self.bezique_cards and bases == sorted(self.bezique_cards * k):
            found = self.beziques[k]
        elif n == 2 and ranks == [QUEEN, KING] and len(suits) == 1:
            found = (ROYAL_MARRIAGE, st.royal_marriage) if trumps in suits else (MARRIAGE, st.marriage)
        elif n == 5 and len(suits) == 1 and self._is_sequence(cards):
            found = (TRUMP_SEQUENCE, st.trump_sequence) if trumps in suits else (PLAIN_SEQUENCE, st.plain_sequence)
        if found is None or found[1] <= 0:
            raise MeldError("these cards make no combination this game scores")
        return found[0], found[1], FAMILY[found[0]]

    def _is_sequence(self, cards: list[Card]) -> bool:
        """Five cards of one suit, the five highest of the order: the run of the Hoc's code
        (:func:`hocdsl.combos.held_run`) when the order's five highest are the pack's."""
        if {rank_of(c) for c in cards} != self.top:
            return False
        hand = folded(sum(1 << c for c in cards))
        rules = self.rules
        if rules.pack.order == "ace-high" and self.top == frozenset((1, 13, 12, 11, 10)):
            return combos.held_run(hand, 5, ACE, rules) is not None
        return True

    # ------------------------------------------------------------ the one check ----

    def resolve(self, meld: Meld, hand: Hand, used: dict[Card, int], trumps: int,
                done: frozenset[tuple[str, Hand]] = frozenset()) -> tuple[str, int, int, Hand]:
        """The one check of a declaration ``meld`` by a player holding ``hand`` (the cards shown
        on the table included), with ``used`` the families each card was declared in: the
        combination (name, points, family) and the copies it takes (a card named without its
        mark is the copy held that may still be declared in it, the lowest first); ``done``, the
        combinations this player declared (name, cards): the very same never twice. Raises
        :class:`MeldError` saying which rule it breaks."""
        cards = list(meld.cards)
        if not cards:
            raise MeldError("a declaration names its cards")
        name, points, family = self.identify(cards, trumps)
        if meld.name and meld.name != name:
            raise MeldError(f"these cards make {name.replace('-', ' ')}, not {meld.name.replace('-', ' ')}")
        if meld.points >= 0 and meld.points != points:
            raise MeldError(f"{name.replace('-', ' ')} scores {points}, not {meld.points}")
        barred = self.barred[family]
        taken = 0
        for c in cards:
            pick = -1
            copies = (c,) if c >= NUM_CARDS else tuple(c + k * NUM_CARDS for k in range(self.rules.pack.copies))
            for cc in copies:
                if hand >> cc & 1 and not taken >> cc & 1:
                    if not used.get(cc, 0) & barred:
                        pick = cc
                        break
                    if pick == -1:
                        pick = -2 - cc  # held, but declared before: the refusal below names it
            if pick == -1:
                from ..cards import card_name
                raise MeldError(f"{card_name(c)} is not in the hand")
            if pick < -1:
                from ..cards import card_name
                was = used.get(-2 - pick, 0) & barred
                kinds = " and ".join(w for f, w in FAMILY_WORDS.items() if was & f)
                raise MeldError(f"{card_name(c)} was declared in {kinds} already: a card scores once in a "
                                f"combination of a kind, never then in an inferior one", redeclare=True)
            taken |= 1 << pick
        if (name, taken) in done:
            raise MeldError(f"these very cards were declared as {name.replace('-', ' ')} already: "
                            "a card must be substituted to declare it again", redeclare=True)
        return name, points, family, taken

    # ------------------------------------------------------------ to score ----

    def after(self, found: tuple[str, int, int, Hand], used: dict[Card, int], trumps: int,
              done: frozenset[tuple[str, Hand]]) -> tuple[dict[Card, int], int, frozenset[tuple[str, Hand]]]:
        """What a declaration ``found`` (from :meth:`resolve`) leaves: the families each card
        was declared in, trumps, the combinations declared; the state a "to score" is read in."""
        name, _points, family, taken = found
        used = dict(used)
        for c in iter_cards(taken):
            used[c] = used.get(c, 0) | family
        if trumps < 0 and self.open_trumps and name in (ROYAL_MARRIAGE, TRUMP_SEQUENCE):
            trumps = (taken.bit_length() - 1) // 13 & 3
        return used, trumps, done | {(name, taken)}

    def to_score(self, said: ToScore, found: tuple[str, int, int, Hand], hand: Hand, shown: Hand,
                 used: dict[Card, int], trumps: int,
                 done: frozenset[tuple[str, Hand]] = frozenset()) -> tuple[str, int, int, Hand]:
        """The one check of what a player says "to score" after the declaration ``found`` (004,
        the ordinary game: the cards laid out show a second combination, kept for a later trick
        won; Rubicon laws 44-45): a combination the cards shown after it make (``shown``, the
        declaration's cards, and ``said.cards``, held and laid out with it) that may still be
        declared once it is scored. Returns it as :meth:`resolve` does; raises
        :class:`MeldError` saying what is wrong."""
        used, trumps, done = self.after(found, used, trumps, done)
        if said.cards:
            meld = Meld(said.cards, said.name, said.points)
            try:
                later = self.resolve(meld, hand, used, trumps, done)
            except MeldError as e:
                raise MeldError(f"to score: {e}") from None
            if later[0] == found[0] and later[3] == found[3]:  # pragma: no cover - done has it
                raise MeldError("to score: that is the combination just declared")
            return later
        laid = shown | found[3]
        for m in self.options(laid, used, trumps, done):
            if (said.points < 0 or m.points == said.points) and (not said.name or m.name == said.name):
                cards = sum(1 << c for c in m.cards)
                return m.name, m.points, FAMILY[m.name], cards
        what = (" ".join(w for w in (str(said.points) if said.points >= 0 else "",
                                     said.name.replace("-", " ")) if w) or "a combination")
        raise MeldError(f"to score: the cards shown make no {what} that may still be declared "
                        "(name the cards to lay out with it)")

    # ------------------------------------------------------------ what may be declared ----

    def options(self, hand: Hand, used: dict[Card, int], trumps: int,
                done: frozenset[tuple[str, Hand]] = frozenset()) -> list[Meld]:
        """The combinations ``hand`` may declare now, one choice of copies each, by points,
        the best first (a bot's and a prompt's list)."""
        st = self.st
        out: list[tuple[int, Meld]] = []

        def free(card: Card, family: int, n: int = 1) -> list[Card]:
            barred = self.barred[family]
            got = []
            for k in range(self.rules.pack.copies):
                cc = card + k * NUM_CARDS
                if hand >> cc & 1 and not used.get(cc, 0) & barred:
                    got.append(cc)
                    if len(got) == n:
                        break
            return got if len(got) == n else []

        def add(name: str, points: int, cards: list[Card]) -> None:
            if points > 0 and cards and (name, sum(1 << c for c in cards)) not in done:
                out.append((points, Meld.of(cards, name, points)))

        if trumps >= 0:
            add(TRUMP_SEVEN, st.trump_seven, free(trumps * 13 + SEVEN - 1, F_SEVEN))
        for s in range(4):
            royal = s == trumps or (trumps < 0 and self.open_trumps)
            k, q = free(s * 13 + KING - 1, F_MARRIAGE), free(s * 13 + QUEEN - 1, F_MARRIAGE)
            if k and q:
                add(ROYAL_MARRIAGE if royal else MARRIAGE, st.royal_marriage if royal else st.marriage, k + q)
            parts = [free(s * 13 + r - 1, F_SEQUENCE) for r in sorted(self.top)]
            if all(parts):
                add(TRUMP_SEQUENCE if royal else PLAIN_SEQUENCE,
                    st.trump_sequence if royal else st.plain_sequence, [p[0] for p in parts])
        if self.bezique_cards:
            for n, family in ((1, F_BEZIQUE), (2, F_DOUBLE), (3, F_TRIPLE), (4, F_QUAD)):
                name, points = self.beziques[n]
                some = [free(c, family, n) for c in self.bezique_cards]
                if points > 0 and all(some):
                    add(name, points, [c for p in some for c in p])
        for rank, (name, points) in self.fours.items():
            if points > 0:
                cards = [c for c in iter_cards(hand & self.rank_all[rank - 1]) if not used.get(c, 0) & F_FOUR]
                if len(cards) >= 4:
                    add(name, points, cards[:4])
        out.sort(key=lambda pm: -pm[0])
        return [m for _, m in out]
