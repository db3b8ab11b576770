"""A replayed record, written out: a readable transcript and a JSON object.

The transcript gives each deal's dealer, eldest and hands, each
announcement in order with what it did -- every chip that moved and why, in
words (ante, raise, pool won, sequence or tricon payment, blank hand, hoc,
end payment, penalty) -- then each player's net for the deal and the
balances. :func:`to_json` gives the same as plain data; it is deterministic
(the same record and ruleset always give the same object) and independent
of the record's file name and wording, so two readings of one record can be
compared with a plain diff.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import combos
from ..actions import HocMark, Play, Without
from ..announce import Vocabulary, format_action, format_turn
from ..cards import (
    RANK_PLURALS_EN, SUIT_NAMES_EN, card_name, hand_by_suit, hand_str, rank_letter, rank_name,
)
from ..engine.events import (
    BlankHandDeclared, BlankHandsCancelled, ChancePassed, ChanceWon, ChipMove, Concealed, Declared,
    HandOver, Hoc, Passed, Played, SaidWithout, Shown,
)
from ..rules.model import CHANCES, Ruleset
from .replay import DealReplay, Replay, Spoken

MULTIPLIER_WORDS = {1: "single", 2: "double", 3: "triple", 4: "quadruple"}


def _mult(m: int) -> str:
    return MULTIPLIER_WORDS.get(m, f"x{m}")


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


# ------------------------------------------------------------- words --


def combination_words(c: Any, rules: Ruleset) -> str:
    """A shown combination in words: ``quatrième to the ten of spades``."""
    if isinstance(c, combos.Point):
        return f"{c.cards} {SUIT_NAMES_EN[c.suit]}, {c.value}"
    if isinstance(c, combos.Run):
        name = combos.sequence_name(c, rules)
        where = f"to the {rank_name(c.top)} of {SUIT_NAMES_EN[c.suit]}"
        counted = combos.counted_length(c, rules)
        if counted != c.length:
            return f"run of {c.length} {where} (paid as a {name})"
        return f"{name} {where}"
    if isinstance(c, combos.Trio):
        return f"{combos.tricon_name(c, rules)} of {RANK_PLURALS_EN[c.rank - 1]}"
    return str(c)  # pragma: no cover


def said_text(sp: Spoken, vocab: Vocabulary) -> str:
    """An announcement in canonical English (what the JSON carries)."""
    if any(isinstance(a, (Play, Without, HocMark)) for a in sp.actions):
        return format_turn(sp.actions, vocab)
    return " ".join(format_action(a, vocab) for a in sp.actions)


class _Words:
    """Event -> words, remembering what was shown for the payments that follow."""

    def __init__(self, names: tuple[str, ...], rules: Ruleset, vocab: Vocabulary) -> None:
        self.names = names
        self.rules = rules
        self.vocab = vocab
        self.shown: dict[str, str] = {}
        self.mult: dict[str, int] = {}
        self.hoc_card: str = ""
        self.need = 0  # the rank the next card must have in the card game (0: a lead)
        self.cards_left: tuple[int, ...] = ()

    def party(self, p: Any) -> str:
        return self.names[p] if isinstance(p, int) else str(p)

    def chip(self, e: ChipMove) -> str:
        payer, payee, n = self.party(e.payer), self.party(e.payee), e.amount
        r = e.reason
        if r == "ante":
            return f"{payer} antes {n} to the {e.chance} pool (ante)"
        if r in ("raise", "call"):
            return f"{payer} puts {n} in the {e.chance} pool ({r})"
        if r == "pool":
            return f"{payee} takes the {e.chance} pool: {n} (pool won)"
        if r == "refund":
            return f"the {e.chance} pool gives {payee} back {n} (antes refunded)"
        if r in ("sequence", "tricon"):
            what = self.shown.get(e.chance, "")
            m = self.mult.get(e.chance, 1)
            game = f", {_mult(m)} game" if m != 1 else ""
            return f"{payer} pays {payee} {n} ({r} payment: {what}{game})"
        if r == "blank-hand":
            return f"{payer} pays {payee} {n} (blank hand)"
        if r == "hoc":
            return f"{payer} pays {payee} {n} (hoc: {self.hoc_card})"
        if r == "end-payment":
            k = self.cards_left[e.payer] if isinstance(e.payer, int) and self.cards_left else None
            left = f": {k} card{'s' if k != 1 else ''} left" if k is not None else ""
            return f"{payer} pays {payee} {n} (end payment{left})"
        if r == "penalty":
            return f"{payer} pays {payee} {n} (penalty for a false \"without\")"
        return f"{payer} pays {payee} {n} ({r})"  # pragma: no cover

    def event(self, e: Any) -> str | None:
        cls = e.__class__
        if cls is ChipMove:
            return self.chip(e)
        if cls is Passed:
            return f"{self.names[e.seat]} folds" if e.fold else None
        if cls is Declared:
            return None
        if cls is Shown:
            what = " + ".join(combination_words(c, self.rules) for c in e.combinations)
            self.shown[e.chance] = what
            return f"{self.names[e.seat]} shows {what or 'nothing that pays'}"
        if cls is Concealed:
            return f"{self.names[e.seat]} does not show"
        if cls is ChanceWon:
            self.mult[e.chance] = e.multiplier
            how = {"lone": "left alone", "declaration": "best declaration",
                   "bluff": "nobody held anything: the precedence wins"}.get(e.how, e.how)
            return f"{self.names[e.seat]} wins the {e.chance} ({how})"
        if cls is ChancePassed:
            how = "passed by all" if e.how == "all-pass" else "nobody held anything"
            return (f"the {e.chance} is {how}: its pool ({e.pool}) stays for the next deal, "
                    f"played {_mult(e.multiplier)} there")
        if cls is BlankHandDeclared:
            return f"{self.names[e.seat]} shows a blank hand: {hand_str(e.hand)}"
        if cls is BlankHandsCancelled:
            return (f"blank hands of {', '.join(self.names[s] for s in e.seats)} cancel out: "
                    "no payment")
        if cls is Played:
            need, self.need = self.need, e.card % 13 + 2 if e.card % 13 < 12 else 0
            if e.wild:
                return (f"{card_name(e.card)} stands in for a {rank_letter(need)} "
                        "(a principal hoc played wild)")
            return None
        if cls is SaidWithout:
            if e.false:
                return (f"{self.names[e.seat]} says \"without {rank_letter(e.rank)}\" holding one: "
                        "a false \"without\"")
            return None
        if cls is Hoc:
            self.hoc_card = card_name(e.card)
            self.need = 0
            paid = "" if e.paid else " (not paid under this ruleset)"
            return f"hoc for {self.names[e.seat]}: {card_name(e.card)}, {e.kind}{paid}"
        if cls is HandOver:
            self.cards_left = e.cards_left
            left = ", ".join(f"{self.names[s]} {k}" for s, k in enumerate(e.cards_left) if s != e.winner)
            return f"{self.names[e.winner]} is out of cards: the hand is over; cards left: {left}"
        return None


# --------------------------------------------------------- transcript --


def transcript(replay: Replay) -> str:
    """The replay as text: deals, hands, announcements, every chip moved, nets, balances."""
    rec, rules = replay.record, replay.rules
    vocab = Vocabulary.from_ruleset(rules)
    out: list[str] = []
    title = f" — {rec.title}" if rec.title else ""
    out.append(f"Record {rec.file}{title}")
    ext = f" with {', '.join(rules.extensions)}" if rules.extensions else ""
    out.append(f"Ruleset: {rules.name}{ext} ({rules.title})")
    out.append(f"Players, in the direction of play: {', '.join(rec.players)}; "
               f"{replay.stake} chips each")
    for d in replay.deals:
        out.append("")
        out.extend(_deal_lines(d, replay, vocab))
    out.append("")
    out.append(f"Balances after {len(replay.deals)} deal{'s' if len(replay.deals) != 1 else ''}: "
               + ", ".join(f"{p} {b}" for p, b in replay.balances.items()))
    carry = replay.partie.carry
    if carry.total:
        left = ", ".join(f"{c} {carry.pool(c)} ({_mult(carry.multiplier(c))} next)"
                         for c in CHANCES if carry.pool(c))
        out.append(f"Left in the pools for a next deal: {left}")
    return "\n".join(out) + "\n"


def _deal_lines(d: DealReplay, replay: Replay, vocab: Vocabulary) -> list[str]:
    g = d.game
    rules = replay.rules
    names = g.names
    words = _Words(names, rules, vocab)
    out = [f"Deal {d.record.number}: {d.dealer} deals, {d.eldest} is eldest"]
    if d.rotation_dealer is not None and d.rotation_dealer != d.dealer:
        out.append(f"  (by the ruleset's rotation {d.rotation_dealer} would deal; the record's dealer is kept)")
    if d.record.notes:
        out.append("  " + " ".join(d.record.notes.split()))
    width = max(len(n) for n in names)
    for s, n in enumerate(names):
        out.append(f"  {n:<{width}}  {hand_by_suit(g.dealt[s])}")
    cin = g.carry_in
    mults = ", ".join(f"{c} {_mult(g.multipliers[c])}" for c in rules.bidding.chances)
    carried = ", ".join(f"{c} {cin.pool(c)}" for c in CHANCES if cin.pool(c))
    out.append(f"  Games: {mults}" + (f"; carried in the pools: {carried}" if carried else ""))
    antes = [e for e in d.setup_events if isinstance(e, ChipMove)]
    if antes:
        per = {}
        for e in antes:
            per[e.payer] = per.get(e.payer, 0) + e.amount
        pools = g.carry_in.pools
        after = {}
        for e in antes:
            after[e.chance] = after.get(e.chance, 0) + e.amount
        each = sorted({e.amount for e in antes})
        out.append(f"  Antes ({'/'.join(map(str, each))} from each player to each pool): "
                   + ", ".join(f"{names[s]} {-v}" for s, v in per.items())
                   + " — pools now " + ", ".join(
                       f"{c} {pools[CHANCES.index(c)] + after.get(c, 0)}" for c in CHANCES))
    stage = None
    for sp in d.spoken:
        if sp.stage != stage:
            stage = sp.stage
            head = {"blank-hand": "blank hands", "cards": "the card game"}.get(stage, stage)
            m = g.multipliers.get(stage)
            if m and m != 1:
                head += f" ({_mult(m)} game)"
            out.append(f"  — {head} —")
        said = f"({format_action(sp.actions[0], vocab)}, by default)" if sp.implied else sp.text
        out.append(f"  {sp.player}: {said}")
        for note in sp.notes:
            out.append(f"      note: {note}")
        for e in sp.events:
            w = words.event(e)
            if w:
                out.append(f"      · {w}")
    out.append("  Net for the deal: " + ", ".join(f"{p} {_signed(v)}" for p, v in d.net.items()))
    if d.expect is not None:
        verdict = "matches" if d.matches_expect else "DIFFERS"
        out.append(f"  Worked by hand in the record ({replay.key}): "
                   + ", ".join(f"{p} {_signed(v)}" for p, v in d.expect.items()) + f" — {verdict}")
    out.append("  Balances: " + ", ".join(f"{p} {b}" for p, b in d.balances.items()))
    return out


# --------------------------------------------------------------- JSON --


def _party(names: tuple[str, ...], p: Any) -> str:
    return names[p] if isinstance(p, int) else f"{p.chance} pool"


def deal_json(d: DealReplay, replay: Replay, vocab: Vocabulary) -> dict[str, Any]:
    g = d.game
    names = g.names
    chances = replay.rules.bidding.chances
    events: Iterable = g.events
    payments = [
        {"from": _party(names, e.payer), "to": _party(names, e.payee), "amount": e.amount,
         "reason": e.reason, **({"chance": e.chance} if e.chance else {})}
        for e in events if isinstance(e, ChipMove)
    ]
    hocs = [{"player": names[e.seat], "card": card_name(e.card), "kind": e.kind, "paid": e.paid}
            for e in g.events if isinstance(e, Hoc)]
    out: dict[str, Any] = {
        "number": d.record.number,
        "dealer": d.dealer,
        "eldest": d.eldest,
        "hands": {names[s]: hand_str(g.dealt[s]) for s in range(g.n)},
        "multipliers": {c: g.multipliers[c] for c in chances},
        "pools_carried_in": {c: g.carry_in.pool(c) for c in CHANCES},
        "announcements": [
            {"player": sp.player, "said": said_text(sp, vocab),
             **({"implied": True} if sp.implied else {}),
             **({"notes": list(sp.notes)} if sp.notes else {})}
            for sp in d.spoken
        ],
        "chances": {c: {"outcome": g.chance_outcomes[c],
                        "winner": names[w] if (w := g.winners[c]) is not None else None}
                    for c in chances},
        "blank_hands": [names[s] for s in g.blank_hands],
        "card_game": {
            "winner": names[g.card_winner] if g.card_winner is not None else None,
            "cards_left": dict(zip(names, g.cards_left)),
            "hocs": hocs,
        },
        "payments": payments,
        "net": dict(d.net),
        "pools_after": dict(g.pools),
        "balances": dict(d.balances),
    }
    if d.expect is not None:
        out["expect"] = {"net": dict(d.expect), "matches": d.matches_expect}
    return out


def to_json(replay: Replay) -> dict[str, Any]:
    """The replay as plain data (see docs/records.md for the fields)."""
    rules = replay.rules
    vocab = Vocabulary.from_ruleset(rules)
    carry = replay.partie.carry
    return {
        "ruleset": rules.name,
        "with": list(rules.extensions),
        "players": list(replay.record.players),
        "stake": replay.stake,
        "deals": [deal_json(d, replay, vocab) for d in replay.deals],
        "balances": dict(replay.balances),
        "pools": {c: carry.pool(c) for c in CHANCES},
        "multipliers_next": {c: carry.multiplier(c) for c in CHANCES},
    }
