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
    RANK_PLURALS_EN, SUIT_NAMES_EN, a_rank, card_name, hand_by_suit, hand_str, rank_letter, rank_name,
    with_article,
)
from ..engine.events import (
    BlankHandDeclared, BlankHandsCancelled, ChancePassed, ChanceWon, ChipMove, Concealed, Declared,
    HandOver, Hoc, Passed, Played, SaidWithout, Shown,
)
from ..pack import pack_of
from ..rules.model import Ruleset
from .replay import DealReplay, Replay, Spoken
from .words import hoc_kind_words, hoc_why

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
            return f"run of {c.length} {where} (paid as {with_article(name)})"
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
        self.last_card: str = ""
        self.need = 0  # the rank the next card must have in the card game (0: a lead)
        self.cards_left: tuple[int, ...] = ()
        self.first_turn = False
        self._next = pack_of(rules).next_rank
        self._low = pack_of(rules).low
        cg = rules.card_game
        self._wraps = cg is not None and cg.after_top == "wraps"
        self._continues = cg is not None and cg.principal_after == "continues"
        self._after_missing = cg is not None and cg.accidental_restart == "after-missing"

    def party(self, p: Any) -> str:
        return self.names[p] if isinstance(p, int) else str(p)

    def after(self, rank: int) -> int:
        """The rank wanted after a card of ``rank`` (0: the run ends)."""
        nxt = self._next[rank]
        return nxt if nxt or not self._wraps else self._low

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
            return f"{payer} pays {payee} {n} (hoc: {self.hoc_card})"  # its kind is on the line above
        if r == "end-payment":
            k = self.cards_left[e.payer] if isinstance(e.payer, int) and self.cards_left else None
            left = f": {k} card{'s' if k != 1 else ''} left" if k is not None else ""
            return f"{payer} pays {payee} {n} (end payment{left})"
        if r == "penalty":
            return f"{payer} pays {payee} {n} (penalty for a false \"without\")"
        if r == "board":
            return f"{payee} takes the {e.chance} pool: {n} (board card laid: {self.last_card})"
        if r == "laid":
            return f"{payer} pays {payee} {n} (a card paid when laid: {self.last_card})"
        if r == "held":
            return f"{payer} pays {payee} {n} (a charge for cards still held at the end)"
        if r == "doubling":
            return (f"{payer} puts {n} in the {e.chance} pool (its board card still held at the "
                    "end: the pool doubles)")
        if r == "opera":
            return f"{payee} takes the {e.chance} pool: {n} (out in the first turn: every pool)"
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
            return self.played(e)
        if cls is SaidWithout:
            if e.false:
                return (f"{self.names[e.seat]} says \"without {rank_letter(e.rank)}\" holding one: "
                        "a false \"without\"")
            return None
        if cls is Hoc:
            return self.hoc(e)
        if cls is HandOver:
            self.cards_left = e.cards_left
            self.first_turn = e.first_turn
            left = ", ".join(f"{self.names[s]} {k}" for s, k in enumerate(e.cards_left) if s != e.winner)
            at_once = " in the first turn, before anyone else laid a card" if e.first_turn else ""
            return (f"{self.names[e.winner]} is out of cards{at_once}: the hand is over; "
                    f"cards left: {left}")
        return None

    def played(self, e: Played) -> str | None:
        need = self.need
        self.last_card = card_name(e.card)
        stood_for = need if e.wild else e.card % 13 + 1
        self.need = self.after(stood_for)
        if e.wild:
            return (f"{card_name(e.card)} stands in for {a_rank(need)} "
                    "(a principal hoc played wild)")
        return None

    def hoc(self, e: Hoc) -> str:
        self.hoc_card = card_name(e.card)
        if e.kind == "accidental" and self._after_missing and self.need:
            self.need = self.after(self.need)  # on from the card after the missing one
        elif not (e.kind == "principal" and self._continues):
            self.need = 0
        paid = "" if e.paid else " (not paid under this ruleset)"
        why = hoc_why(e.kind)
        return (f"hoc for {self.names[e.seat]}: {card_name(e.card)}, {hoc_kind_words(e.kind)}"
                f"{' — ' + why if why else ''}{paid}")


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
        left = ", ".join(f"{c} {p} ({_mult(m)} next)"
                         for c, p, m in zip(rules.pool_ids, carry.pools, carry.multipliers) if p)
        out.append(f"Left in the pools for a next deal: {left}")
    return "\n".join(out) + "\n"


def vie_pools(rules: Ruleset) -> dict[str, str]:
    """Each vie stage's id -> the id of the pool it is played for."""
    return {st.id: st.pool for st in rules.vie_stages}


def _antes_line(d: DealReplay, rules: Ruleset) -> str | None:
    """``Antes (1 from each player to each pool): Anne -3, ... — pools now point 3, ...``."""
    g = d.game
    names = g.names
    antes = [e for e in d.setup_events if isinstance(e, ChipMove)]
    if not antes:
        return None
    per: dict[int, int] = {}
    into: dict[str, int] = {}
    for e in antes:
        per[e.payer] = per.get(e.payer, 0) + e.amount
        into[e.payee.id] = into.get(e.payee.id, 0) + e.amount
    each = "/".join(map(str, sorted({e.amount for e in antes})))
    who = "each player" if len(per) == g.n else " and ".join(names[s] for s in per)
    where = ("each pool" if len(into) == len(rules.pools)
             else "the " + ", ".join(into) + " pool" + ("s" if len(into) > 1 else ""))
    now = ", ".join(f"{c} {p + into.get(c, 0)}" for c, p in zip(rules.pool_ids, g.carry_in.pools))
    return (f"  Antes ({each} from {who} to {where}): "
            + ", ".join(f"{names[s]} {-v}" for s, v in per.items()) + " — pools now " + now)


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
    stage_pool = vie_pools(rules)
    mults = ", ".join(f"{sid} {_mult(g.multipliers[pid])}" for sid, pid in stage_pool.items())
    carried = ", ".join(f"{c} {p}" for c, p in zip(rules.pool_ids, g.carry_in.pools) if p)
    if mults or carried:
        out.append(f"  Games: {mults or 'no bidding'}" + (f"; carried in the pools: {carried}" if carried else ""))
    antes = _antes_line(d, rules)
    if antes:
        out.append(antes)
    stage = None
    for sp in d.spoken:
        if sp.stage != stage:
            stage = sp.stage
            head = {"blank-hand": "blank hands", "cards": "the card game"}.get(stage, stage)
            m = g.multipliers.get(stage_pool.get(stage, ""))
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
    rules = replay.rules
    stage_pool = vie_pools(rules)
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
        "multipliers": {pid: g.multipliers[pid] for pid in stage_pool.values()},
        "pools_carried_in": dict(zip(rules.pool_ids, g.carry_in.pools)),
        "announcements": [
            {"player": sp.player, "said": said_text(sp, vocab),
             **({"implied": True} if sp.implied else {}),
             **({"notes": list(sp.notes)} if sp.notes else {})}
            for sp in d.spoken
        ],
        "chances": {c: {"outcome": g.chance_outcomes[c],
                        "winner": names[w] if (w := g.winners[c]) is not None else None}
                    for c in stage_pool},
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
        "pools": dict(zip(rules.pool_ids, carry.pools)),
        "multipliers_next": dict(zip(rules.pool_ids, carry.multipliers)),
    }
