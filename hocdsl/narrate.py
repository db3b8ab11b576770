"""The one narrator of engine events, for ``hoc play`` and ``hoc replay``.

Both tell a hand the same way: each event the engine reports (a pool won,
a blank hand, a hoc, a false "without", the hand over, every chip moved and
why) becomes one line of words from :class:`Narrator`. The play loop prints
them as they happen (``  → ...``), the transcript of a replay under the
announcement that caused them (``      · ...``).

The narrator remembers what it has seen (the combinations shown, the last
card laid, the card wanted next) so that a payment can say what it pays for:

>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.engine.events import ChipMove, Pool
>>> n = Narrator(("You", "Blaise", "Colette"), load_ruleset("hoc-mazarin"))
>>> n.chip(ChipMove(1, 0, 2, "blank-hand", None))
'Blaise pays You 2 (blank hand)'
>>> n.verb("You", "wins"), n.verb("Anne", "wins")
('You win', 'Anne wins')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import combos
from .cards import RANK_PLURALS_EN, SUIT_NAMES_EN, a_rank, card_name, hand_str, rank_letter, rank_name, with_article
from .engine.cardgame import rank_after
from .engine.errors import knob_rule
from .engine.events import (
    BlankHandDeclared, BlankHandsCancelled, ChancePassed, ChanceWon, ChipMove, Concealed, Declared,
    Claimed, Forfeited, HandOver, Hoc, Passed, Played, SaidWithout, Shown,
)
from .records.words import hoc_kind_words, hoc_why
from .rules.model import Ruleset

__all__ = ["Narrator", "combination_words", "form", "verb", "multiplier_words"]

MULTIPLIER_WORDS = {1: "single", 2: "double", 3: "triple", 4: "quadruple"}

#: Verbs that do not take a plain "-s" off for "You".
_IRREGULAR = {"has": "have", "is": "are", "does": "do", "goes": "go"}


def multiplier_words(m: int) -> str:
    """``single``, ``double``, ``triple``, ``quadruple``, ``x5``."""
    return MULTIPLIER_WORDS.get(m, f"x{m}")


def form(name: str, verb_s: str) -> str:
    """The verb as ``name`` takes it: ``pays`` but, for ``You``, ``pay`` (``deals`` -> ``deal``)."""
    if name.lower() != "you":
        return verb_s
    if verb_s in _IRREGULAR:
        return _IRREGULAR[verb_s]
    if verb_s.endswith(("shes", "ches", "sses", "xes")):
        return verb_s[:-2]
    return verb_s[:-1] if verb_s.endswith("s") else verb_s


def verb(name: str, verb_s: str) -> str:
    """``Blaise pays`` but ``You pay``; ``Anne wins`` but ``You win``."""
    return f"{name} {form(name, verb_s)}"


def combination_words(c: Any, rules: Ruleset) -> str:
    """A shown combination in words: ``quatrième to the ten of spades``."""
    if isinstance(c, combos.Point):
        return f"{c.cards} {SUIT_NAMES_EN[c.suit]}, {c.value}"
    if isinstance(c, combos.Run):
        name = combos.sequence_name(c, rules)
        where = f"to the {rank_name(c.top)} of {SUIT_NAMES_EN[c.suit]}"
        counted = combos.counted_length(c, rules)
        if counted != c.length:
            return f"run of {c.length} {where} (paid as {with_article(name)})"
        return f"{name} {where}"
    if isinstance(c, combos.Trio):
        return f"{combos.tricon_name(c, rules)} of {RANK_PLURALS_EN[c.rank - 1]}"
    return str(c)  # pragma: no cover


class Narrator:
    """Engine events -> words, remembering what was shown for the payments that follow.

    ``names`` are the players by seat; a player named ``You`` gets the verbs of
    the second person (``You win``, ``You pay``).
    """

    def __init__(self, names: Sequence[str], rules: Ruleset) -> None:
        self.names = tuple(names)
        self.rules = rules
        self.shown: dict[str, str] = {}
        self.mult: dict[str, int] = {}
        self.hoc_card: str = ""
        self.last_card: str = ""
        self.need = 0  # the rank the next card must have in the card game (0: a lead)
        self.cards_left: tuple[int, ...] = ()
        self.first_turn = False
        cg = rules.card_game
        self._continues = cg is not None and cg.principal_after == "continues"
        self._after_missing = cg is not None and cg.accidental_restart == "after-missing"

    # ------------------------------------------------------------ helpers --

    def verb(self, name: str, verb_s: str) -> str:
        return verb(name, verb_s)

    def party(self, p: Any) -> str:
        return self.names[p] if isinstance(p, int) else str(p)

    def after(self, rank: int) -> int:
        """The rank wanted after a card of ``rank`` (0: the run ends), as the card game plays it."""
        return rank_after(self.rules, rank)

    def hoc_paid(self, kind: str) -> int:
        """What each other player pays for a hoc of ``kind`` (the stops stage's knob)."""
        cg = self.rules.card_game
        if cg is None:
            return 0
        return {"principal": cg.principal_pay, "permanent": cg.permanent_pay,
                "end-of-run": cg.end_of_run_pay, "accidental": cg.accidental_pay}.get(kind, 0)

    # ------------------------------------------------------------ chips --

    def chip(self, e: ChipMove) -> str:
        """One chip move, with what it pays for: ``Blaise pays Anne 12 (end payment: 11 cards left)``."""
        payer, payee, n = self.party(e.payer), self.party(e.payee), e.amount
        v = self.verb
        r = e.reason
        if r == "ante":
            return f"{v(payer, 'antes')} {n} to the {e.chance} pool (ante)"
        if r in ("raise", "call"):
            return f"{v(payer, 'puts')} {n} in the {e.chance} pool ({r})"
        if r == "pool":
            return f"{v(payee, 'takes')} the {e.chance} pool: {n} (pool won)"
        if r == "refund":
            return f"the {e.chance} pool gives {payee} back {n} (antes refunded)"
        if r in ("sequence", "tricon"):
            what = self.shown.get(e.chance, "")
            m = self.mult.get(e.chance, 1)
            game = f", {multiplier_words(m)} game" if m != 1 else ""
            return f"{v(payer, 'pays')} {payee} {n} ({r} payment: {what}{game})"
        if r == "blank-hand":
            return f"{v(payer, 'pays')} {payee} {n} (blank hand)"
        if r == "hoc":
            return f"{v(payer, 'pays')} {payee} {n} (hoc: {self.hoc_card})"
        if r == "end-payment":
            k = self.cards_left[e.payer] if isinstance(e.payer, int) and self.cards_left else None
            left = f": {k} card{'s' if k != 1 else ''} left" if k is not None else ""
            return f"{v(payer, 'pays')} {payee} {n} (end payment{left})"
        if r == "penalty":
            return f"{v(payer, 'pays')} {payee} {n} (penalty for a false \"without\")"
        if r == "board":
            return f"{v(payee, 'takes')} the {e.chance} pool: {n} (board card laid: {self.last_card})"
        if r == "laid":
            return f"{v(payer, 'pays')} {payee} {n} (a card paid when laid: {self.last_card})"
        if r == "held":
            return f"{v(payer, 'pays')} {payee} {n} (a charge for cards still held at the end)"
        if r == "doubling":
            return (f"{v(payer, 'puts')} {n} in the {e.chance} pool (its board card still held at the "
                    "end: the pool doubles)")
        if r == "opera":
            return f"{v(payee, 'takes')} the {e.chance} pool: {n} (out in the first turn: every pool)"
        return f"{v(payer, 'pays')} {payee} {n} ({r})"  # pragma: no cover

    # ------------------------------------------------------------ events --

    def events(self, events: Sequence[Any]) -> list[str]:
        """The words of each event in ``events`` that says something, in order."""
        out = []
        for i, e in enumerate(events):
            w = self.event(e, over=any(x.__class__ is HandOver for x in events[i + 1:]))
            if w:
                out.append(w)
        return out

    def event(self, e: Any, over: bool = False) -> str | None:
        """One event in words, or None for one that says nothing by itself (a card laid,
        a declaration: the announcement says it). ``over``: the hand ends in this turn
        (for a hoc, which then ends the hand rather than opening a new sequence)."""
        cls = e.__class__
        names = self.names
        if cls is ChipMove:
            return self.chip(e)
        if cls is Passed:
            return f"{self.verb(names[e.seat], 'folds')}" if e.fold else None
        if cls is Declared:
            return None
        if cls is Shown:
            what = " + ".join(combination_words(c, self.rules) for c in e.combinations)
            self.shown[e.chance] = what
            return f"{self.verb(names[e.seat], 'shows')} {what or 'nothing that pays'}"
        if cls is Concealed:
            return f"{self.verb(names[e.seat], 'does')} not show"
        if cls is ChanceWon:
            self.mult[e.chance] = e.multiplier
            how = {"lone": "left alone", "declaration": "best declaration",
                   "bluff": "nobody held anything: the precedence wins"}.get(e.how, e.how)
            return f"{self.verb(names[e.seat], 'wins')} the {e.chance} ({how})"
        if cls is ChancePassed:
            how = "passed by all" if e.how == "all-pass" else "nobody held anything"
            return (f"the {e.chance} is {how}: its pool ({e.pool}) stays for the next deal, "
                    f"played {multiplier_words(e.multiplier)} there")
        if cls is BlankHandDeclared:
            return f"{self.verb(names[e.seat], 'shows')} a blank hand: {hand_str(e.hand)}"
        if cls is BlankHandsCancelled:
            return f"blank hands of {', '.join(names[s] for s in e.seats)} cancel out: no payment"
        if cls is Played:
            return self.played(e)
        if cls is SaidWithout:
            return self.false_without(e) if e.false else None
        if cls is Hoc:
            return self.hoc(e, over)
        if cls is Claimed:
            what = f"the {e.pool} box ({e.amount})" if e.pool else f"{e.amount} from each other player"
            return f"{self.verb(names[e.seat], 'claims')} {card_name(e.card)} (\"hoc!\"): {what}"
        if cls is Forfeited:
            lost = (f"the {e.pool} box ({e.amount}) stays on the board" if e.pool
                    else "nobody pays it")
            cg = self.rules.card_game
            rule = (knob_rule(self.rules, f"{cg.id}.must_claim", "what must be claimed is lost unclaimed")
                    if cg is not None else "must_claim")
            return (f"{names[e.seat]} did not claim {card_name(e.card)} ({e.kind}) before the next card "
                    f"or \"without\": forfeited, {lost} ({rule})")
        if cls is HandOver:
            self.cards_left = e.cards_left
            self.first_turn = e.first_turn
            left = ", ".join(f"{names[s]} {k}" for s, k in enumerate(e.cards_left) if s != e.winner)
            at_once = " in the first turn, before anyone else laid a card" if e.first_turn else ""
            return (f"{self.verb(names[e.winner], 'is')} out of cards{at_once}: the hand is over; "
                    f"cards left: {left}")
        return None

    def played(self, e: Played) -> str | None:
        need = self.need
        self.last_card = card_name(e.card)
        stood_for = need if e.wild else (e.as_rank or e.card % 13 + 1)
        self.need = self.after(stood_for)
        if e.wild:
            return f"{card_name(e.card)} stands in for {a_rank(need)} (a principal hoc played wild)"
        if e.as_rank:
            return f"{card_name(e.card)} leads as {a_rank(e.as_rank)} (a principal hoc named another rank)"
        return None

    def false_without(self, e: SaidWithout) -> str:
        """``Blaise says "without 8" holding one: a false "without"; Blaise pays 5 chips to each
        other player (rule)``."""
        who = self.names[e.seat]
        cg = self.rules.card_game
        line = f"{self.verb(who, 'says')} \"without {rank_letter(e.rank)}\" holding one: a false \"without\""
        if cg is None:
            return line  # pragma: no cover
        pen = cg.false_without_penalty
        rule = knob_rule(self.rules, f"{cg.id}.false_without_penalty",
                         "a false \"without\" is paid to each other player")
        return (f"{line}; {self.verb(who, 'pays')} {pen} chip{'s' if pen != 1 else ''} "
                f"to each other player ({rule})")

    def hoc(self, e: Hoc, over: bool = False) -> str:
        """``hoc for Anne: KS, end-of-run hoc — nothing follows the top card; paid 1 by each other
        player; Anne leads a new sequence``."""
        self.hoc_card = card_name(e.card)
        who = self.names[e.seat]
        cg = self.rules.card_game
        if over:
            then = f"{self.verb(who, 'is')} out"
        elif e.kind == "principal" and self._continues:
            then = "the run goes on from the card it stood for"
        elif e.kind == "accidental" and self._after_missing:
            then = f"{self.verb(who, 'goes')} on with the card after the missing one"
        else:
            then = f"{self.verb(who, 'leads')} a new sequence"
        if e.kind == "accidental" and self._after_missing and self.need:
            self.need = self.after(self.need)  # on from the card after the missing one
        elif not (e.kind == "principal" and self._continues):
            self.need = 0
        pay = self.hoc_paid(e.kind) if cg is not None else 0
        paid = f"paid {pay} by each other player" if e.paid else "not paid under this ruleset"
        if e.paid and cg is not None and e.kind in cg.must_claim and not over:
            paid += " once claimed"
        why = hoc_why(e.kind)
        return (f"hoc for {who}: {card_name(e.card)}, {hoc_kind_words(e.kind)}"
                f"{' — ' + why if why else ''}; {paid}; {then}")
