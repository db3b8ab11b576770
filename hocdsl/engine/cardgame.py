"""The card game (Lalanne 002 §9): lay cards in rising rank, any suit; hocs;
the first out of cards wins.

State: ``need`` is the rank the next card must have (0 while someone must
lead a new sequence); ``cur`` is whoever laid the last card.

- Leading (002 §9.1): the eldest lays any card (``opening_lead: lowest``
  for the Hoca: his lowest, for the first card of the hand only); after a
  hoc its player leads anew with any card.
- Covering (002 §9.1): whoever laid the last card goes on with the next rank,
  any suit, while he can, then says "without N"; the next player lays an N if
  he holds one, else says "without N"; and so on. ``must_cover``: one holding
  a plain card of rank N must lay it (002 §9.1 "il est obligatoire de jouer
  si on le peut").
- Accidental hoc (002 §9.2): the word comes back to ``cur`` (everyone else
  said "without"): his last card is a hoc, paid ``hoc_payment`` by each other
  player where ``accidental_hocs``, and he leads a new sequence (002 §9.1).
- A king ends a sequence: there is no rank above it (002 §1). A plain king
  (one that is not a principal hoc in the ruleset) is at once an accidental
  hoc -- no one can cover it, so the "without" round is skipped; a principal
  king that leads where ``principal_lead_pays`` is false is no hoc. Either way
  its player leads anew.
- Going out (002 §9.3): the hand stops at once, so the last card is no
  accidental hoc (it would be announced when its player starts a new sequence,
  002 §9.2) -- knob ``card_game.last_card_hoc``.
- Principal hocs (``principal_hocs``, 002 §9.2): any one laid is a hoc, paid
  by each other player, and its player leads a new sequence (002 §9.2 "qu'il
  soit accidentel ou principal"); laid to lead, it is a hoc only where
  ``principal_lead_pays``. Where ``principal_may_withhold`` one may say
  "without N" while holding principal hocs of rank N and no plain N (002 §9.2
  "dame sans roi"). ``principal_wild`` (Wikipedia, Hoca 003): ``when-missing``
  a principal hoc may be laid in place of the rank needed when the player has
  no card of that rank, ``always`` even when he has one.
- False "without" (holding a plain card of rank N, under ``must_cover``):
  refused in strict mode; in lenient mode (human play) accepted, and the
  player pays ``false_without_penalty`` to each other player (002 §9.1). The
  "without" then stands as if it were true: the card stays in his hand and
  the word passes on (002 §9.1 has the penalty paid "s'ils s'en aperçoivent",
  after the fact; the play is not taken back) -- knob ``card_game.false_without_effect``.
- End (002 §9.3): as soon as a player has no card left the hand stops; each
  other player pays him ``rules.card_game.owed(cards left)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import PLAY, WITHOUT, Play, Without
from ..cards import RANK_MASKS, card_name, hand_of, rank_letter
from ..rules.cache import per_ruleset
from .errors import IllegalAction, knob_rule
from .events import (
    CARDS_STAGE, END_PAYMENT as R_END, HOC as R_HOC, PENALTY as R_PENALTY, HandOver, Hoc,
    Played, SaidWithout,
)

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

KING = 13

RULE_COVER = "lalanne §9.1: cover with the next higher rank, any suit"
RULE_MUST = "lalanne §9.1: one must play if one can"
RULE_LEAD = "lalanne §9.1: the leader lays a card of his choice"


def _plays(bits: int) -> list:
    out = []
    while bits:
        low = bits & -bits
        out.append(PLAY[low.bit_length() - 1])
        bits ^= low
    return out


# Legal covers by (cards that may be laid | rank of an allowed "without" << 52): few
# distinct keys (a rank's cards and the principal hocs), so the tuples are shared.
_COVER: dict[int, tuple] = {}


@per_ruleset
def _knobs(rules: Any) -> tuple:
    """The card-game knobs a hand reads, once per ruleset: (principal hocs as bits,
    principal_wild, principal_may_withhold, must_cover, principal_lead_pays,
    accidental_hocs, hoc_payment, opening lead is the lowest, last_card_hoc,
    a false "without" stands)."""
    cg = rules.card_game
    return (hand_of(cg.principal_hocs), cg.principal_wild, cg.principal_may_withhold,
            cg.must_cover, cg.principal_lead_pays, cg.accidental_hocs, cg.hoc_payment,
            cg.opening_lead == "lowest", cg.last_card_hoc, cg.false_without_effect == "stands")


class CardGame:
    """The card-game phase of a :class:`~hocdsl.engine.game.Game`."""

    __slots__ = (
        "g", "stage", "need", "cur", "first", "done", "principal", "wild", "withhold",
        "must_cover", "lead_pays", "accidental", "hoc_pay", "lowest", "last", "last_card_hoc",
        "false_stands",
    )

    def __init__(self, g: Game) -> None:
        self.g = g
        self.stage = CARDS_STAGE
        self.done = False
        (self.principal, self.wild, self.withhold, self.must_cover, self.lead_pays,
         self.accidental, self.hoc_pay, self.lowest, self.last_card_hoc,
         self.false_stands) = _knobs(g.rules)

    def start(self) -> None:
        g = self.g
        self.need = 0
        self.cur = g.eldest
        self.first = True
        self.last = -1  # the last card laid
        g.stage = CARDS_STAGE
        g.to_act = g.eldest

    # ----------------------------------------------------------- legal ----

    def _lead_cards(self, h: int) -> int:
        if self.first and self.lowest:
            for m in RANK_MASKS:  # ace first: the lowest rank held
                if h & m:
                    return h & m
        return h

    def _wild_ok(self, natural: int) -> bool:
        w = self.wild
        return w == "always" or (w == "when-missing" and not natural)

    def legal(self) -> tuple:
        g = self.g
        h = g.hands[g.to_act]
        need = self.need
        if not need:
            return tuple(_plays(self._lead_cards(h)))
        natural = h & RANK_MASKS[need - 1]
        cards = natural
        if self.principal & h and self._wild_ok(natural):
            cards |= h & self.principal
        plain = natural & ~self.principal if self.withhold else natural
        key = cards | (need << 52) if not plain or not self.must_cover else cards
        acts = _COVER.get(key)
        if acts is None:
            lst = _plays(cards)
            if key >> 52:
                lst.append(WITHOUT[need])
            acts = _COVER[key] = tuple(lst)
        return acts

    def options(self) -> tuple[int, bool]:
        """The legal actions as bits: (cards that may be laid, whether "without" may be
        said). The same set as :meth:`legal`, without building action values."""
        g = self.g
        h = g.hands[g.to_act]
        need = self.need
        if not need:
            return self._lead_cards(h), False
        natural = h & RANK_MASKS[need - 1]
        cards = natural
        if self.principal & h and self._wild_ok(natural):
            cards |= h & self.principal
        plain = natural & ~self.principal if self.withhold else natural
        return cards, not plain or not self.must_cover

    def forced(self) -> Any:
        """The one legal action when there is no choice (a "without" with no
        card to lay, the only card that covers, a last card to lead), else
        None. Used by ``Game(auto_forced=True)``; computed on the bits, without
        building the list of legal actions."""
        need = self.need
        g = self.g
        h = g.hands[g.to_act]
        if not need:
            cards = self._lead_cards(h)
            return None if cards & (cards - 1) else PLAY[cards.bit_length() - 1]
        natural = h & RANK_MASKS[need - 1]
        cards = natural
        if self.principal & h and self._wild_ok(natural):
            cards |= h & self.principal
        plain = natural & ~self.principal if self.withhold else natural
        if not plain or not self.must_cover:  # "without" is allowed
            return None if cards else WITHOUT[need]
        return None if cards & (cards - 1) else PLAY[cards.bit_length() - 1]

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
                raise IllegalAction(RULE_LEAD if not need else RULE_COVER,
                                    f"you do not hold {card_name(c) if 0 <= c < 52 else c}")
            if not need:
                if self.first and self.lowest and not (self._lead_cards(h) >> c & 1):
                    raise IllegalAction(
                        knob_rule(g.rules, "card_game.opening_lead", "the eldest leads his lowest card"),
                        f"the first card of the hand must be your lowest, not {card_name(c)}")
                return False
            if c % 13 + 1 == need:
                return False
            if self.principal >> c & 1:
                if self._wild_ok(h & RANK_MASKS[need - 1]):
                    return False
                if self.wild == "never":
                    raise IllegalAction(
                        knob_rule(g.rules, "card_game.principal_wild", "principal hocs are not wild"),
                        f"{card_name(c)} cannot stand for a {rank_letter(need)}")
                raise IllegalAction(
                    knob_rule(g.rules, "card_game.principal_wild",
                              "a principal hoc stands for a card only when it is missing"),
                    f"you hold a {rank_letter(need)}: {card_name(c)} cannot stand for it")
            raise IllegalAction(RULE_COVER, f"the card wanted is a {rank_letter(need)}, "
                                            f"not {card_name(c)}")
        if cls is Without:
            if not need:
                raise IllegalAction(RULE_LEAD, "you lead a new sequence: lay a card")
            if a.rank != need:
                raise IllegalAction(RULE_COVER, f"the card wanted is a {rank_letter(need)}, "
                                                f"not a {rank_letter(a.rank) if 1 <= a.rank <= 13 else a.rank}")
            if not self.must_cover:
                return False
            natural = h & RANK_MASKS[need - 1]
            plain = natural & ~self.principal if self.withhold else natural
            if plain:
                if g.strict:
                    held = " ".join(card_name(c.card) for c in _plays(plain))
                    rule = RULE_MUST if self.withhold or not natural & self.principal else knob_rule(
                        g.rules, "card_game.principal_may_withhold", "a principal hoc must be played")
                    raise IllegalAction(rule, f"you hold {held}: you must lay it, not say "
                                              f"\"without {rank_letter(need)}\"")
                return True
            return False
        raise IllegalAction(RULE_COVER if need else RULE_LEAD,
                            "in the card game one lays a card or says \"without\"")

    # ----------------------------------------------------------- apply ----

    def apply(self, a: Any) -> None:
        g = self.g
        s = g.to_act
        if a.__class__ is Play:
            c = a.card
            # fast paths: a cover of the rank needed, or a free lead of a card held;
            # anything else is checked in full
            if not (0 <= c < 52 and g.hands[s] >> c & 1 and (
                    c % 13 + 1 == self.need or not (self.need or (self.first and self.lowest)))):
                self.check(a)
            self._lay(s, c)
            return
        self._without(s, self.check(a))  # a "without" (or anything else, refused)

    def _lay(self, s: int, c: int) -> None:
        """``s`` lays ``c`` (already checked)."""
        g = self.g
        leading = not self.need
        rank = c % 13 + 1
        is_principal = self.principal >> c & 1
        g.hands[s] &= ~(1 << c)
        g.pile |= 1 << c
        self.first = False
        self.last = c
        if g.record:
            g.events.append(Played(s, c, leading, bool(is_principal and not leading
                                                        and rank != self.need)))
        self.cur = s
        out = not g.hands[s]
        if is_principal and (self.lead_pays or not leading):
            self._hoc(s, c, "principal")  # 002 §9.2: a hoc, and he leads anew
            self.need = 0
        elif rank == KING:
            # Nothing can cover a king (002 §1): a plain one is at once an accidental
            # hoc (002 §9.2), unless its player goes out on it (see last_card_hoc).
            # A principal king that leads where principal_lead_pays is false is no hoc.
            if not is_principal and (not out or self.last_card_hoc):
                self._hoc(s, c, "accidental")
            self.need = 0
        else:
            self.need = rank + 1
            if out and self.last_card_hoc and not self._coverable(s, rank + 1):
                self._hoc(s, c, "accidental")
        if out:
            self._end(s)

    def _without(self, s: int, false: bool) -> None:
        """``s`` says "without" the rank needed (already checked; ``false`` if he holds it)."""
        g = self.g
        need = self.need
        if false:
            g.ledger.charge_each(s, g.rules.card_game.false_without_penalty, R_PENALTY)
        if g.record:
            g.events.append(SaidWithout(s, need, false))
        if false and not self.false_stands:
            return  # "must-play": the word stays with him; he must lay the card
        t = s + 1
        if t == g.n:
            t = 0
        if t == self.cur:
            # 002 §9.2: nobody could cover: the last card is an accidental hoc
            self._hoc(self.cur, -1, "accidental")
            self.need = 0
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
        masks = RANK_MASKS
        rec = g.record
        n = g.n
        equiv = g.auto_equivalent
        turns = 0
        s = g.to_act
        need = self.need
        while not self.done:
            h = hands[s]
            if need:
                natural = h & masks[need - 1]
                if not natural and (plain_only or not h & P):
                    # nothing to lay: a "without" (the commonest forced action, made short)
                    if rec:
                        g.events.append(SaidWithout(s, need, False))
                    s = s + 1 if s + 1 < n else 0
                    turns += 1
                    if s == self.cur:
                        # 002 §9.2: nobody could cover: the last card is an accidental hoc
                        self._hoc(s, -1, "accidental")
                        need = self.need = 0
                    continue
                cards = natural
                if P & h and (wild == "always" or (wild == "when-missing" and not natural)):
                    cards |= h & P
                if not must or not (natural & ~P if withhold else natural):  # may say "without"
                    if cards:
                        break
                    if rec:
                        g.events.append(SaidWithout(s, need, False))
                    s = s + 1 if s + 1 < n else 0
                    if s == self.cur:
                        self._hoc(s, -1, "accidental")
                        need = self.need = 0
                elif cards & (cards - 1):
                    if not equiv or cards & P:
                        break
                    # auto_equivalent: plain cards of the rank wanted, all alike
                    self._lay(s, (cards & -cards).bit_length() - 1)
                    need = self.need
                else:
                    self._lay(s, cards.bit_length() - 1)
                    need = self.need
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
                need = self.need
            turns += 1
        if not self.done:
            g.to_act = s
        g.turns += turns

    def _coverable(self, s: int, rank: int) -> bool:
        """Could any other seat lay a card for ``rank`` (its own, or a wild principal hoc)?"""
        g = self.g
        wild = self.wild != "never"
        for t in range(g.n):
            if t != s:
                h = g.hands[t]
                if h & RANK_MASKS[rank - 1] or (wild and h & self.principal):
                    return True
        return False

    def _hoc(self, s: int, card: int, kind: str) -> None:
        g = self.g
        paid = kind == "principal" or self.accidental
        if card < 0:
            card = self.last
        g.hocs += 1
        if kind == "principal":
            g.principal_hocs += 1
        if g.record:
            g.events.append(Hoc(s, card, kind, paid))
        if paid:
            g.ledger.pay_each(s, self.hoc_pay, R_HOC)

    def _end(self, s: int) -> None:
        """002 §9.3: the first out of cards is paid by each other by cards left."""
        g = self.g
        owed = g.rules.card_game.owed
        left = tuple(h.bit_count() for h in g.hands)
        if g.record:
            g.events.append(HandOver(s, left))
        for t in range(g.n):
            if t != s:
                g.ledger.move(t, s, owed(left[t]), R_END)
        g.card_winner = s
        self.done = True
