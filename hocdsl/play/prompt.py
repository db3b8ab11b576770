"""The prompt line (what the player may do now) and ``legal`` (every announcement, written out).

>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.announce import Vocabulary
>>> from hocdsl.actions import Pass, Raise
>>> fold_raises([Pass(), *[Raise(k) for k in range(1, 21)]], Vocabulary.from_ruleset(load_ruleset("hoc-mazarin")))
['pass', 'raise 1..20']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import (
    PASS, Action, Answer, Call, Conceal, Concede, DeclareBlank, DeclarePoint, DeclareSequence, DeclareTricon, Discard,
    Draw, Meld,
    Hold, Nothing, Pass, Play, Raise, Show, TurnUp, Without,
)
from ..announce import Vocabulary, format_action
from ..cards import iter_cards
from ..pack import pack_of
from ..engine import Game
from ..engine.bidding import bidding_mode, put_in, stake
from ..engine.cardgame import need
from ..engine.tricks import TricksSeen
from ..engine.words import tongue
from ..meldwords import meld_said
from .refuse import turn_words
from .words import join_or, stage_title, text



def fold_raises(legal: Sequence[Any], vocab: Vocabulary, lang: str = "en") -> list[str]:
    """Every legal announcement in words, a run of raises folded into one: ``raise 1..20``."""
    out: list[str] = []
    run: list[int] = []

    def flush() -> None:
        if run:
            word = format_action(Raise(run[0]), vocab, lang).split()[0]
            out.append(f"{word} {run[0]}..{run[-1]}" if len(run) > 1 else format_action(Raise(run[0]), vocab, lang))
            run.clear()

    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:  # an exchange: the fewest cards one may lay out, each; then how many more
        least = min(len(a.cards) for a in discards)
        most = max(len(a.cards) for a in discards)
        out += [format_action(Discard(a.cards), vocab, lang) for a in discards if len(a.cards) == least]
        if most > least:
            out.append(text(lang, "discard_more", most=most))
        legal = [a for a in legal if not isinstance(a, Discard)]
    for a in legal:
        if isinstance(a, Raise) and (not run or a.amount == run[-1] + 1):
            run.append(a.amount)
            continue
        flush()
        if isinstance(a, Raise):
            run.append(a.amount)
        else:
            out.append(turn_words([a], vocab, lang))
    flush()
    return out


def describe_legal(game: Game, vocab: Vocabulary, lang: str = "en") -> str:
    """What the seat to act may do now, in a short line:
    ``pass, raise 1..20, declare (e.g. '5 cards, 31')``."""
    legal = game.legal_actions()
    parts: list[str] = []
    raises = [a.amount for a in legal if isinstance(a, Raise)]
    decls = [a for a in legal if isinstance(a, (DeclarePoint, DeclareSequence, DeclareTricon))]
    plays = [a.card for a in legal if isinstance(a, Play)]

    def said(a: Action) -> str:
        return format_action(a, vocab, lang)

    for a in legal:
        if isinstance(a, Pass):
            parts.append(said(a) + (f" ({text(lang, 'fold')})" if bidding_mode(game) == "raised" else ""))
        elif isinstance(a, Call):
            assert game.to_act is not None  # a call is offered: the hand is on
            more = stake(game) - put_in(game, game.to_act)
            parts.append(f"{said(a)} ({text(lang, 'more', n=more)})" if more > 0 else said(a))
        elif isinstance(a, Draw) and any(isinstance(m, Meld) for m in legal):
            # a trick won, a combination to declare or not: the card drawn stays unseen till drawn
            parts.append(said(PASS) + (" (et piocher)" if lang == "fr" else " (and draw)"))
        elif isinstance(a, (Concede, Nothing, Show, Conceal, DeclareBlank, TurnUp, Hold, Draw, Answer, Meld)):
            parts.append(said(a))
        elif isinstance(a, Without):
            parts.append(f"{text(lang, 'say')} {text(lang, 'quote', said=said(a))}")
    if any(isinstance(a, Meld) for a in legal) and game.to_act is not None:
        seen = game.view(game.to_act).seen()
        if type(seen) is TricksSeen and (owed := seen.to_score()):  # 004: what the cards shown make
            parts.insert(0, text(lang, "to_score", what=", ".join(meld_said(p, n, lang) for n, p in owed)))
    if raises:
        parts.insert(1 if parts and bidding_mode(game) == "open" else len(parts),
                     fold_raises([Raise(k) for k in raises], vocab, lang)[0] if len(raises) > 1
                     else said(Raise(raises[0])))
    if decls:
        examples = ", ".join(text(lang, "quote", said=said(d)) for d in decls[:3])
        parts.append(text(lang, "declare", examples=examples))
    discards = [len(a.cards) for a in legal if isinstance(a, Discard)]
    if discards:  # (an exchange: too many to list) how many, and how to say it
        least, most = min(discards), max(discards)
        assert game.to_act is not None  # an exchange is offered: the hand is on
        order = pack_of(game.rules).order  # the example: the lowest cards held
        low = sorted(iter_cards(game.hand(game.to_act)), key=lambda c: order.index(c % 13 + 1))[:max(least, 1)]
        example = said(Discard(tuple(sorted(low))))
        parts.append(text(lang, "discard", least=least, most=most, example=example))
    if plays:
        cards = [tongue(lang).card(c) for c in sorted(plays, key=lambda c: (c % 13, c // 13))]
        seen = game.view(game.to_act).seen() if game.to_act is not None else None
        if type(seen) is TricksSeen and seen.trick:  # following a trick led
            parts.insert(0, f"{text(lang, 'play')} " + join_or(cards, lang))
        elif need(game):
            parts.insert(0, f"{text(lang, 'lay')} " + join_or(cards, lang))
        else:
            parts.insert(0, f"{text(lang, 'lead')} " + (join_or(cards, lang) if len(cards) <= 4
                                                        else f"{text(lang, 'any_of')} " + " ".join(cards)))
    return ", ".join(parts)


def pool_of(game: Game, stage: str) -> str:
    """The pool a vie stage is played for (its id for any other stage)."""
    for st in game.rules.vie_stages:
        if st.id == stage:
            return st.pool
    return stage


def prompt_line(game: Game, seat: int, vocab: Vocabulary, lang: str = "en") -> str:
    """What the player at ``seat`` may do now: ``Point (pool 3) — you may: pass, raise 1..20, ...``."""
    g = game
    title = stage_title(g.stage, lang, g.rules)
    where = ""
    if bidding_mode(g) is not None:
        pool = pool_of(g, g.stage)
        mult = g.multipliers.get(pool, 1)
        bits = [f"{text(lang, 'pool')} {g.pools.get(pool, 0)}"]
        if mult > 1:
            bits.append(f"×{mult}")
        if bidding_mode(g) == "raised":
            bits.append(text(lang, "stake", stake=stake(g), put=put_in(g, seat)))
        elif bidding_mode(g) == "declaring":
            bits.append(text(lang, "declare_in_turn"))
        elif bidding_mode(g) == "lone":
            bits.append(text(lang, "left_alone"))
        where = " (" + ", ".join(bits) + ")"
    elif type(seen := g.view(seat).seen()) is TricksSeen and not seen.drawing:
        t = tongue(lang)
        held = g.hands[seat].bit_count()
        s = "s" if held != 1 else ""
        n = sum(seen.tricks) + 1
        where = (text(lang, "trick_follow", n=n, cards=" ".join(t.card(c) for c in seen.trick), h=held, s=s)
                 if seen.trick else text(lang, "trick_lead", n=n, h=held, s=s))
        if seen.trumps >= 0:
            from ..engine.turnup import TurnUpWords
            where += text(lang, "trick_trumps", suit=TurnUpWords.SUITS[lang][seen.trumps])
        if not seen.stock_out:
            where += text(lang, "trick_stock", n=seen.stock)
        where = f" ({where})"
    elif g.stage == "cards":
        held = g.hands[seat].bit_count()
        wanted = need(g)
        if wanted:
            where = f" ({text(lang, 'wanted', a=tongue(lang).a_rank(wanted), n=held, s='s' if held != 1 else '')})"
        else:
            where = f" ({text(lang, 'new_run', n=held, s='s' if held != 1 else '')})"
    return text(lang, "prompt", title=title, where=where, you_may=text(lang, "you_may"),
                legal=describe_legal(g, vocab, lang))
