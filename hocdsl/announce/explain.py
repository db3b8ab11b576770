"""Lark's parse errors, told in words.

Lark reports an unexpected token and the terminal names it would have
accepted (``CHIPS``, ``__ANON_3``...). Here that becomes an
:class:`AnnouncementError` with a caret under the word at fault, in the text
as typed, and a sentence saying what would have been understood there::

    raise lots
          ^
    expected a number of chips after "raise"

What is acceptable at the caret is asked of the parser itself (lark's
interactive parser fed the text before the caret), so the sentence is right
for every state of the grammar without a table of states.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Callable

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from hocdsl.cards import RANK_LETTERS, RANK_NAMES_FR, RANK_PLURALS_FR, RANK_WORDS, fold, rank_name

from .errors import AnnouncementError
from .parser import grammar_text
from .vocabulary import KNOWN_SEQUENCE_WORDS, KNOWN_TRICON_WORDS, Vocabulary

_WORD = re.compile(r"[^\s,]+")
_COMPACT_CARD = re.compile(r"^(1[0-3]|[1-9]|[atjqk])[shdc♠♥♦♣♤♡♢♧]$")

#: What each named terminal stands for, in words.
_NAMED = {
    "CHIPS": "a number of chips",
    "CARD_COUNT": "a number of cards",
    "POINT_VALUE": "the value of the point (a number)",
    "RUN_LENGTH": "the length of the run (a number of cards)",
    "TRICON_SIZE": "how many cards (3 or 4)",
    "RANK": 'a rank (A, 2..10, J, Q, K, or a word such as "king" or "roi")',
    "CARD": 'a card (such as "7H" or "seven of hearts")',
    "CARD_IN_WORDS": 'a card (such as "7H" or "seven of hearts")',
    "MAJOR": '"major" or "minor"',
    "MINOR": '"major" or "minor"',
}

#: Words of the regex terminals, for "did you mean" suggestions.
_QUALITY_WORDS = ["major", "majeure", "majeur", "minor", "mineure", "mineur"]
_RANK_SPELLINGS = [w for w in RANK_WORDS if w.isalpha() and len(w) > 1]

_START = (
    'an announcement: a bid ("pass", "call", "raise 2"), a declaration '
    '("5 cards, 23", "quinte to the king", "brelan of jacks"), "that\'s fine", '
    '"nothing", "show", "blank hand", or the cards of a turn ("7H 8S without 9")'
)

#: Words that only glue a phrase together; not worth naming when something
#: more telling is expected at the same place ("raise [by] 3", "to [the] king").
_GLUE = {"by", "the", "!"}


@lru_cache(maxsize=16)
def _tree_parser(vocab: Vocabulary) -> Lark:
    # Same grammar, no transformer: feeding it a prefix runs no callbacks.
    return Lark(grammar_text(vocab), parser="lalr", lexer="contextual")


def _accepts(parser: Lark, prefix: str) -> set[str]:
    try:
        ip = parser.parse_interactive(prefix)
        ip.exhaust_lexer()
        # lark's InteractiveParser.accepts() has no annotations (a set of terminal names)
        return set(ip.accepts())  # type: ignore[no-untyped-call]
    except UnexpectedInput:
        return set()


def _literals(parser: Lark) -> dict[str, str]:
    return {t.name: t.pattern.value for t in parser.terminals if t.pattern.type == "str"}


def _join(phrases: list[str]) -> str:
    if len(phrases) <= 1:
        return "".join(phrases)
    return ", ".join(phrases[:-1]) + " or " + phrases[-1]


def describe(accepts: set[str], literals: dict[str, str], vocab: Vocabulary) -> str:
    """What the terminal names in ``accepts`` stand for, as one phrase."""
    words = {literals[n] for n in accepts if n in literals}
    if "pass" in words and "CARD" in accepts:
        return _START
    phrases: list[str] = []

    def add(p: str) -> None:
        if p not in phrases:
            phrases.append(p)

    if "SEQUENCE_NAME" in accepts:
        add(f"a sequence ({vocab.describe_sequences()})")
    if "TRICON_NAME" in accepts:
        add(f"a tricon ({vocab.describe_tricons()})")
    for name in ("CHIPS", "CARD_COUNT", "POINT_VALUE", "RUN_LENGTH", "TRICON_SIZE", "CARD",
                 "CARD_IN_WORDS"):
        if name in accepts:
            add(_NAMED[name])
    if words & {"cards", "cartes"} and words & {"au", "on"}:
        # after a number: a point's cards, or a raise named by its chance ("2 au point")
        add('"cards" or "cartes"')
        add('a chance raised ("au point", "à la séquence", "on the tricon")')
        words -= {"cards", "card", "cartes", "carte", "to", "au", "a", "on"}
    if words & {"cards", "cartes"}:
        add('"cards" or "cartes"')
        words -= {"cards", "card", "cartes", "carte"}
    if words & {"to", "au", "a"}:
        add('a height ("to the king", "au roi", "à la dame")')
        words -= {"to", "au", "a"}
    if "d'" in words:
        add('a rank ("of jacks", "de valets", "d\'as")')
        words -= {"of", "de", "d'"}
    if "RANK" in accepts:
        add(_NAMED["RANK"])
    if "MAJOR" in accepts or "MINOR" in accepts:
        add(_NAMED["MAJOR"])
    if words & {"without", "sans"}:
        add('"without <rank>" or "sans <rank>"')
        words -= {"without", "sans"}
    if "hoc" in words:
        add(vocab.describe_claims())
        words.discard("hoc")
    if phrases:
        words -= _GLUE | {"de"}  # "renvie [de] 3": the number says it all
    else:
        words -= {"!"}
    phrases += [f'"{w}"' for w in sorted(words)]
    if "$END" in accepts:
        phrases.append("nothing more")
    return _join(phrases)


def _candidates(accepts: set[str], literals: dict[str, str], vocab: Vocabulary) -> list[str]:
    out = [literals[n] for n in accepts if n in literals and literals[n].isalpha()]
    if "SEQUENCE_NAME" in accepts:
        out += vocab.sequence_words()
    if "TRICON_NAME" in accepts:
        out += vocab.tricon_words()
    if "MAJOR" in accepts or "MINOR" in accepts:
        out += _QUALITY_WORDS
    if "RANK" in accepts:
        out += _RANK_SPELLINGS
    return out


def _after(text: str, pos: int) -> str:
    """``' after "raise"'``: the few words before ``pos`` as typed, from the
    last card or "hoc!" on (a turn can be long)."""
    words = list(_WORD.finditer(text, text.rfind("\n", 0, pos) + 1, pos))
    if not words:
        return ""
    tail = words[-3:]
    for i in range(len(tail) - 2, -1, -1):
        w = fold(tail[i].group())
        if _COMPACT_CARD.match(w) or w.startswith("hoc"):
            tail = tail[i + 1:]
            break
    return f' after "{text[tail[0].start():tail[-1].end()]}"'


def _bare_rank_message(word: str, french: bool, then: str | None = None) -> str:
    """A rank said where a card belongs; ``then`` is the next word when it is a
    rank too ("sept, huit sans neuf"): then a one-suit run is what was meant."""
    r = RANK_WORDS[word]
    if then is not None:
        r2 = RANK_WORDS[then]
        lang = "fr" if french else "en"
        words = (f"{rank_name(r, lang)}, {rank_name(r2, lang)} "
                 + ("de cœur" if french else "of hearts"))
        return (f'expected cards with their suit ("{RANK_LETTERS[r - 1]}H {RANK_LETTERS[r2 - 1]}H", '
                f'or "{words}": the last card\'s suit is the suit of them all): '
                "ranks alone do not say which cards")
    words = f"{rank_name(r, 'fr')} de cœur" if french else f"{rank_name(r)} of hearts"
    return (f'expected a card, with its suit ("{RANK_LETTERS[r - 1]}H" or '
            f'"{words}"): a rank alone does not say which card')


def _next_rank(folded: str, end: int) -> str | None:
    """The word after ``end`` if it is a rank word, else None."""
    nxt = _WORD.search(folded, end)
    return nxt.group() if nxt and nxt.group() in RANK_WORDS and nxt.group().isalpha() else None


_FRENCH_RANKS = {fold(w) for w in RANK_NAMES_FR + RANK_PLURALS_FR}


def explain(
    err: UnexpectedInput,
    text: str,
    folded: str,
    back: Callable[[int], int],
    vocab: Vocabulary,
    parser: Lark | None = None,
) -> AnnouncementError:
    """The :class:`AnnouncementError` for lark's ``err`` on ``folded``
    (``text`` folded; ``back`` maps folded positions to ``text``)."""
    tree = _tree_parser(vocab)
    literals = _literals(tree)
    if isinstance(err, UnexpectedToken) and err.token.type != "$END":
        pos = err.token.start_pos
    elif isinstance(err, UnexpectedCharacters):
        pos = err.pos_in_stream
    else:
        pos = len(folded.rstrip(" \t\n,"))
    # A word read only in part ("passer": "passe" was understood, then "r"):
    # the problem is the whole word.
    while 0 < pos < len(folded) and folded[pos].isalnum() and folded[pos - 1].isalnum():
        pos -= 1

    m = _WORD.match(folded, pos)
    word = m.group() if m else None
    found = text[back(pos):back(m.end())] if m else None
    accepts = _accepts(tree, folded[:pos])

    # "7 sans 8", "queen without king": a bare rank where a card belongs.
    if word in ("sans", "without"):
        prev = list(re.finditer(r"[^\s,]+", folded[:pos]))
        if prev and prev[-1].group() in RANK_WORDS:
            p = prev[-1].start()
            if "CARD" in _accepts(tree, folded[:p]):
                french = word == "sans" or prev[-1].group() in _FRENCH_RANKS
                first = prev[-1]
                then = None
                if len(prev) > 1 and prev[-2].group() in RANK_WORDS and prev[-2].group().isalpha() \
                        and "CARD" in _accepts(tree, folded[:prev[-2].start()]):
                    first, then = prev[-2], prev[-1].group()  # "sept, huit sans neuf"
                return AnnouncementError(text, back(first.start()),
                                         _bare_rank_message(first.group(), french, then),
                                         expected=_NAMED["CARD"], found=first.group())
    if m is not None and word in RANK_WORDS and "CARD" in accepts and "RANK" not in accepts:
        nxt = _WORD.search(folded, m.end())
        french = word in _FRENCH_RANKS or bool(nxt and nxt.group() == "sans")
        then = _next_rank(folded, m.end()) if word.isalpha() else None
        return AnnouncementError(text, back(pos), _bare_rank_message(word, french, then),
                                 expected=_NAMED["CARD"], found=found)

    # A combination name this ruleset does not use.
    if word in KNOWN_TRICON_WORDS and "TRICON_NAME" in accepts:
        msg = (f'"{found}" is not a tricon name under {vocab.ruleset}: '
               f"its tricons are {vocab.describe_tricons()}")
        return AnnouncementError(text, back(pos), msg, expected="a tricon name", found=found)
    if word in KNOWN_SEQUENCE_WORDS and "SEQUENCE_NAME" in accepts:
        msg = (f'"{found}" is not a sequence name under {vocab.ruleset}: '
               f'its sequences are {vocab.describe_sequences()}; any run can be declared '
               f'as "sequence of N"')
        return AnnouncementError(text, back(pos), msg, expected="a sequence name", found=found)

    # A claim said with a word this ruleset does not hear ("comète!" where only "hoc!" is).
    if word and len(word) > 1 and word.endswith("!") and "hoc" in {literals.get(n) for n in accepts}:
        msg = (f'"{found}" is not a claim under {vocab.ruleset}: a hoc is marked or claimed with '
               f"{vocab.describe_claims()} (the card game's claim_words)")
        return AnnouncementError(text, back(pos), msg, expected=vocab.describe_claims(), found=found)

    expected = describe(accepts, literals, vocab) if accepts else "nothing more"
    if word and found is not None and _COMPACT_CARD.match(word) and "RANK" in accepts and "CARD" not in accepts:
        # "without KC": the rank is enough.
        msg = (f"expected a rank{_after(text, back(pos))}, not a card: "
               f'"{found[:-1]}" alone')
        return AnnouncementError(text, back(pos), msg, expected=_NAMED["RANK"], found=found)
    if expected == _START and pos == 0:
        message = f"expected {expected}"
    elif expected == "nothing more":
        message = f"expected nothing more{_after(text, back(pos))}"
    else:
        message = f"expected {expected}{_after(text, back(pos))}"
    if word:
        close = difflib.get_close_matches(word, _candidates(accepts, literals, vocab), n=1, cutoff=0.66)
        if close and close[0] != word:
            message += f'; did you mean "{close[0]}"?'
    return AnnouncementError(text, back(pos), message, expected=expected, found=found)
