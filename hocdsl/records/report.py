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

from .. import narrate  # the one narrator of events, shared with `hoc play`
from ..actions import HocMark, Play, Without
from ..announce import Vocabulary, format_action, format_turn
from ..cards import card_name, hand_by_suit, hand_str
from ..engine.bidding import chance_outcomes, winners
from ..engine.blank import blank_hands
from ..engine.cardgame import card_winner
from ..engine.events import ChipMove, Dealt, Event, Hoc, Pool
from ..rules.model import Ruleset
from .replay import DealReplay, Replay, Spoken

def _mult(m: int) -> str:
    return narrate.multiplier_words(m)


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


# ------------------------------------------------------------- words --


def combination_words(c: Any, rules: Ruleset) -> str:
    """A shown combination in words (:func:`hocdsl.narrate.combination_words`)."""
    return narrate.combination_words(c, rules)


def said_text(sp: Spoken, vocab: Vocabulary) -> str:
    """An announcement in canonical English (what the JSON carries)."""
    if any(isinstance(a, (Play, Without, HocMark)) for a in sp.actions):
        return format_turn(sp.actions, vocab)
    return " ".join(format_action(a, vocab) for a in sp.actions)


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
        # the stake's multiplier only where vie stages play stakes double or triple
        staked = rules.bidding is not None
        left = ", ".join(f"{c} {p}" + (f" ({_mult(m)} next)" if staked or m != 1 else "")
                         for c, p, m in zip(rules.pool_ids, carry.pools, carry.multipliers) if p)
        out.append(f"Left in the pools for a next deal: {left}")
    return "\n".join(out) + "\n"


def partial_transcript(replay: Replay) -> str:
    """The transcript of a replay stopped by an error (``RecordError.partial``): every deal
    up to the refused announcement, and the deal it stopped in as far as it went."""
    rec, rules = replay.record, replay.rules
    vocab = Vocabulary.from_ruleset(rules)
    out = [f"Record {rec.file}" + (f" — {rec.title}" if rec.title else ""),
           f"Ruleset: {rules.name}" + (f" with {', '.join(rules.extensions)}" if rules.extensions else "")
           + f" ({rules.title})"]
    for d in replay.deals:
        out.append("")
        out.extend(_deal_lines(d, replay, vocab))
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
        if isinstance(e.payer, int) and isinstance(e.payee, Pool):  # an ante: a player into a pool
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
    words = narrate.Narrator(names, rules)
    words.events([e for e in g.events if e.__class__ is Dealt])  # the hands, for the points of cards left
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
        for w in words.events(sp.events):
            out.append(f"      · {w}")
    if d.end_events:
        out.append("  — the end of the partie —")
        for w in words.events(d.end_events):
            out.append(f"      · {w}")
    if not d.balances:  # the replay stopped in this deal (partial_transcript)
        out.append("  — the replay stops here: the next announcement is refused (see below) —")
        return out
    out.append("  Net for the deal: " + ", ".join(f"{p} {_signed(v)}" for p, v in d.net.items()))
    if d.expect is not None:
        verdict = "matches" if d.expect == d.net else "DIFFERS"
        out.append(f"  Worked by hand in the record ({replay.key}): "
                   + ", ".join(f"{p} {_signed(v)}" for p, v in d.expect.items()) + f" — {verdict}")
    if any(d.points.values()) or d.expect_points is not None:
        out.append("  Points scored in the deal: " + ", ".join(f"{p} {v}" for p, v in d.points.items()))
    if d.expect_points is not None:
        verdict = "matches" if d.expect_points == d.points else "DIFFERS"
        out.append(f"  Points worked by hand in the record ({replay.key}): "
                   + ", ".join(f"{p} {v}" for p, v in d.expect_points.items()) + f" — {verdict}")
    if d.apart is not None:
        out.append("  Points kept apart (the settlement's alone): "
                   + ", ".join(f"{p} {v}" for p, v in d.apart.items()))
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
    events: Iterable[Event] = g.events
    payments = [
        {"from": _party(names, e.payer), "to": _party(names, e.payee), "amount": e.amount,
         "reason": e.reason, **({"chance": e.chance} if e.chance else {})}
        for e in events if isinstance(e, ChipMove)
    ]
    hocs = [{"player": names[e.seat], "card": card_name(e.card), "kind": e.kind, "paid": e.paid}
            for e in g.events if isinstance(e, Hoc)]
    outcomes, won, out_first = chance_outcomes(g), winners(g), card_winner(g)
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
        "chances": {c: {"outcome": outcomes[c],
                        "winner": names[w] if (w := won[c]) is not None else None}
                    for c in stage_pool},
        "blank_hands": [names[s] for s in blank_hands(g)],
        "card_game": {
            "winner": names[out_first] if out_first is not None else None,
            "cards_left": dict(zip(names, g.cards_left)),
            "hocs": hocs,
        },
        "payments": payments,
        "net": dict(d.net),
        "pools_after": dict(g.pools),
        "balances": dict(d.balances),
    }
    if d.expect is not None:
        out["expect"] = {"net": dict(d.expect), "matches": d.expect == d.net}
    if any(d.points.values()) or d.expect_points is not None:
        out["points"] = dict(d.points)
    if d.expect_points is not None:
        out["expect_points"] = {"points": dict(d.expect_points), "matches": d.expect_points == d.points}
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
