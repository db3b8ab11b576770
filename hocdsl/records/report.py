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
from ..engine.words import tongue
from ..rules.model import Ruleset
from .replay import DealReplay, Replay, Spoken


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


# ------------------------------------------------------------- words --

#: The transcript's own words (its headings and lines), by language; what happened in a deal
#: is told by the narrator (:class:`hocdsl.narrate.Narrator`) in the same language.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "record": "Record {file}{title}",
        "ruleset": "Ruleset: {name}{ext} ({title})",
        "with": " with {names}",
        "players": "Players, in the direction of play: {names}; {stake} chips each",
        "balances_after": "Balances after {n} deal{s}: {balances}",
        "left": "Left in the pools for a next deal: {left}",
        "next": "{mult} next",
        "deal": "Deal {n}: {dealer} deals, {eldest} is eldest",
        "rotation": "  (by the ruleset's rotation {who} would deal; the record's dealer is kept)",
        "games": "  Games: {games}",
        "no_bidding": "no bidding",
        "carried": "; carried in the pools: {carried}",
        "antes": "  Antes ({each} from {who} to {where}): {paid} — pools now {now}",
        "each_player": "each player",
        "each_pool": "each pool",
        "the_pool": "the {pools} pool",
        "the_pools": "the {pools} pools",
        "and": " and ",
        "stage_game": "{head} ({mult} game)",
        "by_default": "({said}, by default)",
        "note": "      note: {note}",
        "end_of_partie": "  — the end of the partie —",
        "stops_here": "  — the replay stops here: the next announcement is refused (see below) —",
        "net": "  Net for the deal: {nets}",
        "worked": "  Worked by hand in the record ({key}): {nets} — {verdict}",
        "matches": "matches",
        "differs": "DIFFERS",
        "points": "  Points scored in the deal: {points}",
        "points_worked": "  Points worked by hand in the record ({key}): {points} — {verdict}",
        "apart": "  Points kept apart (the settlement's alone): {points}",
        "balances": "  Balances: {balances}",
        "blank-hand": "blank hands",
        "cards": "the card game",
        "tricks": "tricks",
        "turnup": "turnup",
    },
    "fr": {
        "record": "Relevé {file}{title}",
        "ruleset": "Règles : {name}{ext} ({title})",
        "with": " avec {names}",
        "players": "Joueurs, dans le sens du jeu : {names} ; {stake} jetons chacun",
        "balances_after": "Soldes après {n} donne{s} : {balances}",
        "left": "Reste dans les cagnottes pour une donne suivante : {left}",
        "next": "{mult} ensuite",
        "deal": "Donne {n} : {dealer} donne, {eldest} est premier en main",
        "rotation": "  (au tour des règles, {who} donnerait ; le donneur du relevé est gardé)",
        "games": "  Jeux : {games}",
        "no_bidding": "pas d'enchères",
        "carried": " ; reporté dans les cagnottes : {carried}",
        "antes": "  Mises ({each} de {who} à {where}) : {paid} — cagnottes : {now}",
        "each_player": "chaque joueur",
        "each_pool": "chaque cagnotte",
        "the_pool": "la cagnotte {pools}",
        "the_pools": "les cagnottes {pools}",
        "and": " et ",
        "stage_game": "{head} (jeu {mult})",
        "by_default": "({said}, par défaut)",
        "note": "      note : {note}",
        "end_of_partie": "  — la fin de la partie —",
        "stops_here": "  — le rejeu s'arrête ici : l'annonce suivante est refusée (voir plus bas) —",
        "net": "  Net de la donne : {nets}",
        "worked": "  Calculé à la main dans le relevé ({key}) : {nets} — {verdict}",
        "matches": "concorde",
        "differs": "DIFFÈRE",
        "points": "  Points marqués dans la donne : {points}",
        "points_worked": "  Points calculés à la main dans le relevé ({key}) : {points} — {verdict}",
        "apart": "  Points mis à part (pour le règlement seul) : {points}",
        "balances": "  Soldes : {balances}",
        "blank-hand": "les cartes blanches",
        "cards": "le jeu des cartes",
        "tricks": "les plis",
        "turnup": "la retourne",
    },
}


def _say(lang: str, phrase: str, **kw: Any) -> str:
    return WORDS[lang][phrase].format(**kw)


def _multiplier(m: int, lang: str) -> str:
    """``single``, ``double`` (``simple``, ``double``): the tongue's words (English's are the
    narrator's, :data:`hocdsl.engine.words.MULTIPLIER_WORDS`)."""
    return tongue(lang).multiplier(m)


def _stage_head(stage: str, rules: Ruleset, lang: str) -> str:
    """A stage's heading: ``the card game``, a vie stage by its id in English (``point``); in
    another language the name the ruleset gives it at the table (``le point``; the tricks, which
    the engine calls ``tricks`` whatever their stage's id, by that stage's name)."""
    if lang != "en":
        for sid in (stage, *(st.id for st in rules.stages if st.kind == stage)):
            named = rules.display_name(sid, lang)
            if named != sid:
                return named
    return WORDS[lang][stage] if stage in ("blank-hand", "cards", "tricks", "turnup") else stage


def _pool(pool: str, rules: Ruleset, lang: str) -> str:
    """A pool by its id in English (``point``), by its name at the table in another (``le point``)."""
    return pool if lang == "en" else rules.display_name(pool, lang)



def combination_words(c: Any, rules: Ruleset) -> str:
    """A shown combination in words (:func:`hocdsl.narrate.combination_words`)."""
    return narrate.combination_words(c, rules)


def said_text(sp: Spoken, vocab: Vocabulary) -> str:
    """An announcement in canonical English (what the JSON carries)."""
    if any(isinstance(a, (Play, Without, HocMark)) for a in sp.actions):
        return format_turn(sp.actions, vocab)
    return " ".join(format_action(a, vocab) for a in sp.actions)


# --------------------------------------------------------- transcript --


def _head(replay: Replay, lang: str) -> list[str]:
    rec, rules = replay.record, replay.rules
    ext = _say(lang, "with", names=", ".join(rules.extensions)) if rules.extensions else ""
    return [_say(lang, "record", file=rec.file, title=f" — {rec.title}" if rec.title else ""),
            _say(lang, "ruleset", name=rules.name, ext=ext, title=rules.title)]


def transcript(replay: Replay, lang: str = "en") -> str:
    """The replay as text: deals, hands, announcements, every chip moved, nets, balances; in
    ``lang`` (``en`` or ``fr``: the headings and the narration; what the record says is quoted
    as written)."""
    rec, rules = replay.record, replay.rules
    vocab = Vocabulary.from_ruleset(rules)
    out = _head(replay, lang)
    out.append(_say(lang, "players", names=", ".join(rec.players), stake=replay.stake))
    for d in replay.deals:
        out.append("")
        out.extend(_deal_lines(d, replay, vocab, lang))
    out.append("")
    out.append(_say(lang, "balances_after", n=len(replay.deals), s="s" if len(replay.deals) != 1 else "",
                    balances=", ".join(f"{p} {b}" for p, b in replay.balances.items())))
    carry = replay.partie.carry
    if carry.total:
        # the stake's multiplier only where vie stages play stakes double or triple
        staked = rules.bidding is not None
        left = ", ".join(f"{_pool(c, rules, lang)} {p}" + (f" ({_say(lang, 'next', mult=_multiplier(m, lang))})"
                                       if staked or m != 1 else "")
                         for c, p, m in zip(rules.pool_ids, carry.pools, carry.multipliers) if p)
        out.append(_say(lang, "left", left=left))
    return "\n".join(out) + "\n"


def partial_transcript(replay: Replay, lang: str = "en") -> str:
    """The transcript of a replay stopped by an error (``RecordError.partial``): every deal
    up to the refused announcement, and the deal it stopped in as far as it went."""
    vocab = Vocabulary.from_ruleset(replay.rules)
    out = _head(replay, lang)
    for d in replay.deals:
        out.append("")
        out.extend(_deal_lines(d, replay, vocab, lang))
    return "\n".join(out) + "\n"


def vie_pools(rules: Ruleset) -> dict[str, str]:
    """Each vie stage's id -> the id of the pool it is played for."""
    return {st.id: st.pool for st in rules.vie_stages}


def _antes_line(d: DealReplay, rules: Ruleset, lang: str = "en") -> str | None:
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
    who = (_say(lang, "each_player") if len(per) == g.n
           else WORDS[lang]["and"].join(names[s] for s in per))
    where = (_say(lang, "each_pool") if len(into) == len(rules.pools)
             else _say(lang, "the_pools" if len(into) > 1 else "the_pool",
                       pools=", ".join(_pool(c, rules, lang) for c in into)))
    now = ", ".join(f"{_pool(c, rules, lang)} {p + into.get(c, 0)}" for c, p in zip(rules.pool_ids, g.carry_in.pools))
    return _say(lang, "antes", each=each, who=who, where=where, now=now,
                paid=", ".join(f"{names[s]} {-v}" for s, v in per.items()))


def _deal_lines(d: DealReplay, replay: Replay, vocab: Vocabulary, lang: str = "en") -> list[str]:
    g = d.game
    rules = replay.rules
    names = g.names
    words = narrate.Narrator(names, rules, lang)
    words.events([e for e in g.events if e.__class__ is Dealt])  # the hands, for the points of cards left
    out = [_say(lang, "deal", n=d.record.number, dealer=d.dealer, eldest=d.eldest)]
    if d.rotation_dealer is not None and d.rotation_dealer != d.dealer:
        out.append(_say(lang, "rotation", who=d.rotation_dealer))
    if d.record.notes:
        out.append("  " + " ".join(d.record.notes.split()))
    width = max(len(n) for n in names)
    letters = tongue(lang).ranks
    for s, n in enumerate(names):
        out.append(f"  {n:<{width}}  {hand_by_suit(g.dealt[s], letters=letters)}")
    stage_pool = vie_pools(rules)
    mults = ", ".join(f"{sid if lang == 'en' else rules.display_name(sid, lang)} "
                      f"{_multiplier(g.multipliers[pid], lang)}" for sid, pid in stage_pool.items())
    carried = ", ".join(f"{_pool(c, rules, lang)} {p}" for c, p in zip(rules.pool_ids, g.carry_in.pools) if p)
    if mults or carried:
        out.append(_say(lang, "games", games=mults or _say(lang, "no_bidding"))
                   + (_say(lang, "carried", carried=carried) if carried else ""))
    antes = _antes_line(d, rules, lang)
    if antes:
        out.append(antes)
    stage = None
    for sp in d.spoken:
        if sp.stage != stage:
            stage = sp.stage
            head = _stage_head(stage, rules, lang)
            m = g.multipliers.get(stage_pool.get(stage, ""))
            if m and m != 1:
                head = _say(lang, "stage_game", head=head, mult=_multiplier(m, lang))
            out.append(f"  — {head} —")
        said = (_say(lang, "by_default", said=format_action(sp.actions[0], vocab, lang)) if sp.implied
                else sp.text)
        out.append(f"  {sp.player}: {said}")
        # a tie lost on precedence in this language; any other note as the replay wrote it
        told = [t.words(vocab, lang) for t in sp.ties] if lang != "en" else []
        for note in told + list(sp.notes[len(told):]):
            out.append(_say(lang, "note", note=note))
        for w in words.events(sp.events):
            out.append(f"      · {w}")
    if d.end_events:
        out.append(_say(lang, "end_of_partie"))
        for w in words.events(d.end_events):
            out.append(f"      · {w}")
    if not d.balances:  # the replay stopped in this deal (partial_transcript)
        out.append(_say(lang, "stops_here"))
        return out
    out.append(_say(lang, "net", nets=", ".join(f"{p} {_signed(v)}" for p, v in d.net.items())))
    if d.expect is not None:
        out.append(_say(lang, "worked", key=replay.key,
                        nets=", ".join(f"{p} {_signed(v)}" for p, v in d.expect.items()),
                        verdict=_say(lang, "matches" if d.expect == d.net else "differs")))
    if any(d.points.values()) or d.expect_points is not None:
        out.append(_say(lang, "points", points=", ".join(f"{p} {v}" for p, v in d.points.items())))
    if d.expect_points is not None:
        out.append(_say(lang, "points_worked", key=replay.key,
                        points=", ".join(f"{p} {v}" for p, v in d.expect_points.items()),
                        verdict=_say(lang, "matches" if d.expect_points == d.points else "differs")))
    if d.apart is not None:
        out.append(_say(lang, "apart", points=", ".join(f"{p} {v}" for p, v in d.apart.items())))
    out.append(_say(lang, "balances", balances=", ".join(f"{p} {b}" for p, b in d.balances.items())))
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
