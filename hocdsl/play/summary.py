"""The end of a hand: every payment in the narrator's words, the nets, the chips after the hand,
what the pools carry to the next."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import Game
from ..engine.events import ChipMove, Pool
from ..engine.scores import scores_points
from ..engine.words import tongue
from ..narrate import Narrator
from ..rules.model import Ruleset
from .commands import balances_text
from .words import text


def ante_lines(antes: Sequence[ChipMove], names: Sequence[str], rules: Ruleset, lang: str = "en") -> list[str]:
    """The hand's antes in as few lines as say them whole: one line when every player put the same
    in the same pools (``each player puts 1 chip in each of the point, sequence, tricon pools``, or
    with the amount of each pool: ``each player puts in the pools (ante): ten 1, jack 2, ...``), else
    one line per player who anted (``Anne puts in the pools (ante): ten 1, nain 5``)."""
    if not antes:
        return []
    pools = sorted({e.payee for e in antes if isinstance(e.payee, Pool)}, key=lambda p: p.index)
    per: dict[int, dict[Pool, int]] = {}
    for e in antes:
        if isinstance(e.payer, int) and isinstance(e.payee, Pool):
            into = per.setdefault(e.payer, {})
            into[e.payee] = into.get(e.payee, 0) + e.amount
    if len(per) == len(names) and len({tuple(sorted((p.index, v) for p, v in d.items())) for d in per.values()}) == 1:
        each = next(iter(per.values()))
        if len(each) == len(pools) and len(set(each.values())) == 1:
            a = next(iter(each.values()))
            ids = ", ".join(rules.display_name(p.chance, lang) for p in pools)
            return [text(lang, "each_antes", n=a, s="s" if a != 1 else "", pools=ids)]
        amounts = ", ".join(f"{rules.display_name(p.chance, lang)} {each[p]}" for p in pools if p in each)
        return [text(lang, "each_antes_by_pool", pools=amounts)]
    t = tongue(lang)
    out = []
    for seat in sorted(per):
        amounts = ", ".join(f"{rules.display_name(p.chance, lang)} {v}"
                            for p, v in sorted(per[seat].items(), key=lambda pv: pv[0].index))
        out.append(text(lang, "seat_antes", puts=t.verb(names[seat], "puts"), pools=amounts))
    return out


def payment_lines(game: Game, names: Sequence[str], rules: Ruleset, lang: str = "en") -> list[str]:
    """The hand's chip moves in words: the antes grouped (:func:`ante_lines`), then every other move,
    repeated moves summed into one where their words are the same but for the amount (the same
    payer, payee, reason, pool and card: two hocs on two cards stay two lines)."""
    narrator = Narrator(names, rules, lang)
    antes = [e for e in game.events if e.__class__ is ChipMove and e.reason == "ante"]
    out = ante_lines(antes, names, rules, lang)
    # each move said when it happens (the card it names is the one laid then), the amount left
    # open; moves whose words are the same apart from the amount are summed into one line
    merged: dict[str, int] = {}
    for e in game.events:
        narrator.event(e)  # what the payments refer to (a combination shown, a card laid, cards left)
        if e.__class__ is ChipMove and e.reason != "ante":
            words = narrator.chip(ChipMove(e.payer, e.payee, _OPEN, e.reason, e.chance))
            if str(_OPEN) not in words:  # words that do not say the amount: the move alone
                words = narrator.chip(e) + f"\x00{len(merged)}"
            merged[words] = merged.get(words, 0) + e.amount
    for words, amount in merged.items():
        out.append(words.split("\x00", 1)[0].replace(str(_OPEN), str(amount)))
    return out


#: The amount a payment's words are first made with, to be replaced by the sum of the moves
#: they stand for (no real payment is this large: amounts are bounded far below it).
_OPEN = 987_654_321_987


def end_of_hand(say: Callable[[str], None], game: Game, names: Sequence[str], before: Sequence[int],
                rules: Ruleset, lang: str = "en", partie: Sequence[int] | None = None) -> None:
    """The summary after the last card: payments, net, the points scored (a game that scores
    them: this deal's, and ``partie``, the running totals with it), chips after the hand,
    pools carried."""
    g = game
    say("")
    say(text(lang, "payments"))
    for line in payment_lines(g, names, rules, lang):
        say("  " + line)
    say(text(lang, "net", net=", ".join(f"{names[s]} {v:+d}" for s, v in enumerate(g.net))))
    if scores_points(rules):  # a game that scores points: this deal's, and the partie's so far
        say(text(lang, "points_deal", points=", ".join(f"{names[s]} {v}" for s, v in enumerate(g.points))))
        if partie is not None:
            say(text(lang, "points_partie", points=", ".join(
                f"{names[s]} {v}" for s, v in enumerate(partie))))
    after = [b + n for b, n in zip(before, g.net)]
    say(text(lang, "chips", chips=balances_text(names, after, g.net, lang)))
    ids = rules.pool_ids
    carry = g.carry_out
    if carry is None:
        raise ValueError("end_of_hand: the hand is not over (nothing is carried yet)")
    carried = [f"{rules.display_name(c, lang)} {p}" for c, p in zip(ids, carry.pools) if p]
    if carried:
        mult = [f"{rules.display_name(c, lang)} ×{m}" for c, m in zip(ids, carry.multipliers) if m > 1]
        say(text(lang, "carried", pools=", ".join(carried)
                 + (text(lang, "then") + text(lang, "played_x", mult=", ".join(mult)) if mult else "")))
