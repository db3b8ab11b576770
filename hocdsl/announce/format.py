"""Action values -> what a player says, in English or French.

The inverse of :func:`~hocdsl.announce.parse_announcement`: for every action
``a`` and either language, ``parse_announcement(format_action(a, v, lang), v)
== [a]``. Sequences and tricons take the ruleset's first name for their
length or size (the words of the game are the same in both languages);
cards are written in compact notation, which both languages read.

>>> format_action(DeclareSequence(5, 13))
'quinte to the king'
>>> format_action(DeclareTricon(3, 11), lang="fr")
'brelan de valets'
>>> format_turn([PLAY[51], HOC_MARK, PLAY[7], WITHOUT[9]], lang="fr")
'KC hoc! 8S sans 9'
"""

from __future__ import annotations

from collections.abc import Iterable

from hocdsl.actions import (
    HOC_MARK, PLAY, WITHOUT, Action, Answer, Call, Claim, Conceal, Concede, DeclareBlank, DeclarePoint,
    DeclareSequence, DeclareTricon, Discard, Draw, HocMark, Hold, Meld, Nothing, Pass, Play, Raise, Show, ToScore,
    TurnUp,
    Without,
)
from hocdsl.cards import (
    ACE, JACK, RANK_LETTERS, RANK_PLURALS_EN, RANK_PLURALS_FR, card_name, rank_name,
)

from ..meldwords import MELD_WORDS, meld_said, points_words
from .vocabulary import Vocabulary

__all__ = ["format_action", "format_turn"]

_FIXED = {
    Pass: ("pass", "passe"),
    Call: ("call", "tiens"),
    Concede: ("that's fine", "c'est bon"),
    Nothing: ("nothing", "rien"),
    Show: ("show", "montre"),
    Conceal: ("conceal", "je ne montre pas"),
    DeclareBlank: ("blank hand", "cartes blanches"),
    HocMark: ("hoc!", "hoc!"),
    Claim: ("hoc!", "hoc!"),
}


def _height(rank: int, fr: bool) -> str:
    """``to the queen`` / ``à la dame``, ``au roi``, ``à l'as``."""
    if not fr:
        return f"to the {rank_name(rank)}"
    name = rank_name(rank, "fr")
    if name == "dame":
        return "à la dame"
    if name[0] in "aeiou":
        return f"à l'{name}"
    return f"au {name}"


def _of_ranks(rank: int, fr: bool) -> str:
    """``of jacks`` / ``de valets``, ``d'as``."""
    if not fr:
        return f"of {RANK_PLURALS_EN[rank - 1]}"
    plural = RANK_PLURALS_FR[rank - 1]
    return f"d'{plural}" if plural[0] in "aeiou" else f"de {plural}"


def _rank_for_without(rank: int, fr: bool) -> str:
    """``K`` / ``roi``: letters in English, words for the courts and ace in French."""
    if fr and (rank == ACE or rank >= JACK):
        return rank_name(rank, "fr")
    return RANK_LETTERS[rank - 1]


def format_action(action: Action | HocMark, vocab: Vocabulary | None = None, lang: str = "en") -> str:
    """What a player says for ``action``, in ``lang`` ("en" or "fr").

    >>> format_action(Raise(3)), format_action(Raise(3), lang="fr")
    ('raise 3', 'renvie 3')
    >>> format_action(DeclarePoint(5, 23))
    '5 cards, 23'
    >>> format_action(DeclareSequence(3, 12), lang="fr")
    'tierce à la dame'
    """
    if lang not in ("en", "fr"):
        raise ValueError(f"no announcements in {lang!r}: use 'en' or 'fr'")
    fr = lang == "fr"
    if vocab is None:
        vocab = Vocabulary.default()
    if vocab.calls and type(action) is Concede:  # Piquet's answer to a call
        return _ANSWERS["good"][fr]
    fixed = _FIXED.get(type(action))
    if fixed is not None:
        return fixed[fr]
    if isinstance(action, Raise):
        return f"{'renvie' if fr else 'raise'} {action.amount}"
    if isinstance(action, Play):
        if action.as_rank:  # a principal hoc led as another rank: "9D as 4", "9D comme 4"
            return f"{card_name(action.card)} {'comme' if fr else 'as'} {_rank_for_without(action.as_rank, fr)}"
        return card_name(action.card)
    if isinstance(action, Without):
        return f"{'sans' if fr else 'without'} {_rank_for_without(action.rank, fr)}"
    if vocab.calls and isinstance(action, (DeclarePoint, DeclareSequence, DeclareTricon)):
        called = _call(action, vocab, fr)
        if called is not None:
            return called
    if isinstance(action, Discard):
        return _discard(action, fr)
    if isinstance(action, Answer):
        return _ANSWERS[action.verdict][fr]
    if isinstance(action, DeclarePoint):
        noun = ("carte" if fr else "card") + ("s" if action.cards != 1 else "")
        said = f"{action.cards} {noun}"
        return said if action.value is None else f"{said}, {action.value}"
    if isinstance(action, DeclareSequence):
        named = vocab.sequence_word(action.length, lang)
        said = named if named is not None else f"{'séquence de' if fr else 'sequence of'} {action.length}"
        return said if action.top is None else f"{said} {_height(action.top, fr)}"
    if isinstance(action, DeclareTricon):
        name = vocab.tricon_word(action.size, lang)
        if name is not None:
            return name if action.rank is None else f"{name} {_of_ranks(action.rank, fr)}"
        said = f"tricon {'de' if fr else 'of'} {action.size}"
        if action.rank is None:
            noun = ("carte" if fr else "card") + ("s" if action.size != 1 else "")
            return f"{said} {noun}"
        return f"{said} {(RANK_PLURALS_FR if fr else RANK_PLURALS_EN)[action.rank - 1]}"
    if isinstance(action, TurnUp):
        return f"{'je retourne' if fr else 'I turn up'} {card_name(action.card)}"
    if isinstance(action, Hold):
        return _hold(action, fr)
    if isinstance(action, Draw):
        return f"{'je pioche' if fr else 'I draw'} {card_name(action.card)}"
    if isinstance(action, Meld):
        cards = " ".join(card_name(c) for c in action.cards)
        head = "je marque" if fr else "I score"
        if action.name and action.points >= 0:
            text = f"{head} {meld_said(action.points, action.name, lang)}{' :' if fr else ':'} {cards}"
        else:
            text = f"{'je déclare' if fr else 'I declare'} {cards}"
        return text + _to_score(action.to_score, lang) if action.to_score is not None else text
    raise TypeError(f"{action!r} is not an action")


def _to_score(said: ToScore, lang: str) -> str:
    """``, and twenty to score: KS QS`` / ``, et vingt à marquer`` after a declaration.

    >>> _to_score(ToScore((), "marriage", 20), "en"), _to_score(ToScore((), "", 20), "fr")
    (', and twenty for marriage to score', ', et vingt à marquer')
    """
    fr = lang == "fr"
    words = [" et" if fr else " and"]
    if said.points >= 0:
        words.append(meld_said(said.points, said.name, lang) if said.name else points_words(said.points, lang))
    elif said.name:
        words.append(MELD_WORDS[said.name][1 if fr else 0])
    words.append("à marquer" if fr else "to score")
    text = "," + " ".join(words)
    if said.cards:
        text += f"{' :' if fr else ':'} " + " ".join(card_name(c) for c in said.cards)
    return text


_ANSWERS = {"good": ("good", "bon"), "not-good": ("not good", "pas bon"), "equal": ("equal", "égal")}
_NUMBERS = (("none", "aucune"), ("one", "une"), ("two", "deux"), ("three", "trois"), ("four", "quatre"),
            ("five", "cinq"), ("six", "six"), ("seven", "sept"), ("eight", "huit"), ("nine", "neuf"),
            ("ten", "dix"), ("eleven", "onze"), ("twelve", "douze"))


def _number_word(n: int, fr: bool) -> str:
    return _NUMBERS[n][fr] if 0 <= n < len(_NUMBERS) else str(n)


def _call(action: DeclarePoint | DeclareSequence | DeclareTricon, vocab: Vocabulary, fr: bool) -> str | None:
    """A call as Piquet says it: ``point of five, 48`` / ``point de cinq, 48``, ``quint major`` /
    ``quinte majeure``, ``quart to the king``, ``fourteen aces`` / ``quatorze d'as``,
    ``three kings`` / ``trio de rois``.

    >>> v = Vocabulary.of({5: ["quint", "quinte"]}, {3: ["trio"], 4: ["quatorze"]})
    >>> _call(DeclareTricon(4, 1), v, False), _call(DeclareTricon(3, 13), v, True)
    ('fourteen aces', 'trio de rois')
    """
    if isinstance(action, DeclarePoint):
        if not 1 <= action.cards <= 12:
            return None  # (no hand holds it: said as the Hoc says it)
        said = f"point {'de' if fr else 'of'} {_number_word(action.cards, fr)}"
        return said if action.value is None else f"{said}, {action.value}"
    if isinstance(action, DeclareSequence):
        names = dict(vocab.sequences).get(action.length)
        name = (names[1] if fr and len(names) > 1 else names[0]) if names else vocab.sequence_word(
            action.length, "fr" if fr else "en") or f"{'séquence de' if fr else 'sequence of'} {action.length}"
        if action.top is None:
            return name
        if action.top == vocab.order[-1]:
            return f"{name} {'majeure' if fr else 'major'}"
        return f"{name} {_height(action.top, fr)}"
    if action.rank is None or action.size not in (3, 4) or vocab.tricon_word(action.size) is None:
        return None  # said as the Hoc says it
    if not fr:
        count = {4: "fourteen", 3: "three"}.get(action.size, str(action.size))
        return f"{count} {RANK_PLURALS_EN[action.rank - 1]}"
    return f"{vocab.tricon_word(action.size)} {_of_ranks(action.rank, fr)}"


def _discard(action: Discard, fr: bool) -> str:
    """``I discard five: 7S 8S 9H 10D JC and take AS KD QH JS 10C`` / ``j'écarte cinq : ... et
    prends ...`` (the cards taken only when the action names them)."""
    n = len(action.cards)
    cards = " ".join(card_name(c) for c in action.cards)
    said = f"{'j' + chr(39) + 'écarte' if fr else 'I discard'} {_number_word(n, fr)}" + (
        f"{' :' if fr else ':'} {cards}" if cards else "")
    if action.take:
        said += f" {'et prends' if fr else 'and take'} {' '.join(card_name(c) for c in action.take)}"
    return said


def _the_rank(rank: int, fr: bool) -> str:
    """``the king`` / ``le roi``, ``la dame``, ``l'as``."""
    if not fr:
        return f"the {rank_name(rank)}"
    name = rank_name(rank, "fr")
    if name == "dame":
        return "la dame"
    return f"l'{name}" if name[0] in "aeiou" else f"le {name}"


def _hold(action: Hold, fr: bool) -> str:
    """``I hold the king and the queen of trumps`` / ``j'ai le roi et la dame d'atout``,
    ``I hold KS QS``, ``I hold a pair of kings`` / ``j'ai une paire de rois``.

    >>> _hold(Hold(trumps=(13, 12)), True)
    "j'ai le roi et la dame d'atout"
    """
    said = "j'ai" if fr else "I hold"
    if action.trumps:
        ranks = f" {'et' if fr else 'and'} ".join(_the_rank(r, fr) for r in action.trumps)
        return f"{said} {ranks} {'d' + chr(39) + 'atout' if fr else 'of trumps'}"
    if action.cards:
        return f"{said} {' '.join(card_name(c) for c in action.cards)}"
    plurals = RANK_PLURALS_FR if fr else RANK_PLURALS_EN
    plural = plurals[action.pair - 1]
    if fr:
        return f"{said} une paire {'d' + chr(39) if plural[0] in 'aeiou' else 'de '}{plural}"
    return f"{said} a pair of {plural}"


def format_turn(actions: Iterable[Action | HocMark], vocab: Vocabulary | None = None, lang: str = "en") -> str:
    """One card-play turn on one line: ``KC hoc! 8S 9S without 10``.

    Only ``Play``, ``HocMark`` (or ``Claim``) and ``Without`` belong in a turn.
    """
    parts = []
    for a in actions:
        if not isinstance(a, (Play, HocMark, Claim, Without)):
            raise ValueError(f"{a!r} is not part of a card-play turn")
        parts.append(format_action(a, vocab, lang))
    return " ".join(parts)
