"""The commands that work at any prompt: ``help``, ``hand``, ``pools``, ``history``, ``legal``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..actions import PASS, Draw, Meld
from ..announce import Vocabulary
from ..cards import hand_by_suit
from ..engine import Game
from ..engine.bidding import bidding_mode, put_in, stake
from ..engine.words import de, tongue
from ..rules.model import Ruleset
from .prompt import fold_raises
from .words import COMMANDS, COMMANDS_FR, help_lines, text

Say = Callable[[str], None]


def balances_text(names: Sequence[str], balances: Sequence[int], net: Sequence[int] | None = None,
                  lang: str = "en") -> str:
    """``You 97 (-3 this hand), Blaise 103 (+3 this hand)``."""
    parts = []
    for s, b in enumerate(balances):
        words = f"{names[s]} {b}"
        if net is not None and net[s]:
            words += f" ({net[s]:+d} {text(lang, 'this_hand')})"
        parts.append(words)
    return ", ".join(parts)


def hand_in_suits(hand: int, lang: str) -> str:
    """The hand grouped by suit (the suits' symbols, each from king down) with this language's rank
    letters: ``♠ K J 7`` (``♠ R V 7`` in French); a card held twice (``pack.copies``) twice."""
    return hand_by_suit(hand, letters=tongue(lang).ranks)


def show_hand(say: Say, game: Game, seat: int, lang: str) -> None:
    h = game.hands[seat]
    say(text(lang, "hand", n=h.bit_count(), cards=hand_in_suits(h, lang) if lang != "en" else hand_by_suit(h)))
    say(text(lang, "to_type", cards=tongue(lang).hand(h)))


def show_pools(say: Say, game: Game, seat: int, names: Sequence[str], before: Sequence[int], lang: str) -> None:
    """The pools, the stake, the cards left and everyone's chips *now* (``before`` the hand plus its net so far)."""
    g = game
    parts = []
    for c in g.rules.pool_ids:
        m = g.multipliers.get(c, 1)
        parts.append(f"{g.rules.display_name(c, lang)} {g.pools.get(c, 0)}" + (f" (×{m})" if m > 1 else ""))
    say(text(lang, "pools", pools=", ".join(parts) or text(lang, "none")))
    if bidding_mode(g) is not None and stake(g):
        stage = g.rules.display_name(g.stage, lang)
        say(text(lang, "stake_on", stage=stage, of_stage=de(stage), stake=stake(g), put=put_in(g, seat)))
    if g.stage == "cards":
        say(text(lang, "cards_left", left=", ".join(f"{names[s]} {n}" for s, n in enumerate(g.cards_left))))
    now = [b + n for b, n in zip(before, g.net)]
    say(text(lang, "chips", chips=balances_text(names, now, g.net, lang)))


def show_history(say: Say, history: Sequence[str], pending: str | None, lang: str) -> None:
    say(text(lang, "so_far"))
    for line in history or [text(lang, "nothing_yet")]:
        say("  " + line)
    if pending:
        say("  " + pending)


def show_legal(say: Say, game: Game, vocab: Vocabulary, lang: str) -> None:
    legal = list(game.legal_actions())
    if any(type(a) is Meld for a in legal):  # a trick won: declare, or "pass" and draw the unseen top card
        legal = [PASS if type(a) is Draw else a for a in legal]
    say(text(lang, "legal", said=" | ".join(fold_raises(legal, vocab, lang))))


def show_help(say: Say, lang: str, rules: Ruleset, vocab: Vocabulary) -> None:
    """The commands, then how to say things, for what ``rules`` uses only."""
    say(text(lang, "commands"))
    for k, v in (COMMANDS_FR if lang == "fr" else COMMANDS).items():
        say(f"  {k:10} {v}")
    for line in help_lines(rules, lang, vocab):
        say(line)
