"""A refused announcement, told in words: what was said, why it is not allowed, what is allowed now.

The engine's :class:`~hocdsl.engine.IllegalAction` names the rule broken; its
message is written for a record (and may name the action as a value). At the
table the player is told, in the words they typed, why that announcement does
not fit *this moment* (not that it "is not allowed before" something, which
reads as if it became legal later), and what they may say instead.

>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.engine import Game
>>> from hocdsl.actions import DeclareBlank
>>> import random
>>> g = Game(load_ruleset("hoc-mazarin"), 3, dealer=0, rng=random.Random(1))
>>> why_not_now(DeclareBlank(), g)
'a blank hand is shown in its own stage, after the bidding on the tricon'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..actions import (
    Call, Conceal, Concede, DeclareBlank, DeclarePoint, DeclareSequence, DeclareTricon, HocMark, Nothing,
    Pass, Play, Raise, Show, Without,
)
from ..announce import Vocabulary, format_action
from ..engine import Game
from ..engine.bidding import bidding_mode
from ..engine.words import de, tongue
from .french import message_fr, rule_fr

_DECLARATION = (DeclarePoint, DeclareSequence, DeclareTricon)
_ON = {DeclarePoint: "point", DeclareSequence: "sequence", DeclareTricon: "tricon"}
#: A Python value in a message: ``DeclareSequence(length=5, top=13)``.
_VALUE = re.compile(r"\b[A-Z][A-Za-z]+\((?:\w+=[^()]*)?\)")


def _stage_before(game: Game, stage_id: str) -> str:
    """The stage before ``stage_id`` in the ruleset's order, for "after the bidding on the tricon"."""
    ids = [st.id for st in game.rules.stages]
    i = ids.index(stage_id) if stage_id in ids else 0
    return ids[i - 1] if i > 0 else ""


#: Why an announcement has no place now, in each language (``str.format`` templates; in French
#: ``{stage}`` is the stage's name with its article, ``{of_stage}``/``{at_stage}`` after "de"/"à").
_WHY: dict[str, dict[str, str]] = {
    "en": {
        "cards": "cards are laid in the card game, once the bidding is over",
        "hoc": "\"hoc!\" is said in the card game, right after the card that makes a hoc",
        "no_blank": "{name} has no blank hand",
        "blank": "a blank hand is shown in its own stage", "blank_after": ", after the bidding on the {before}",
        "other_decl": "this is the bidding on the {stage}: a {on} is declared on the {on}",
        "no_raise_yet": "nobody has raised on the {stage}, so there is no stake to call",
        "no_call": "there is no raise to call on the {stage} now",
        "show": "one shows (or conceals) once the {stage} is won, and only the winner",
        "answer": "\"that's fine\" and \"nothing\" answer a declaration that has been made",
        "raise": "no raise is taken on the {stage} now",
        "pass": "there is nothing to pass now",
        "decl": "the {stage} is not declared now",
        "moment": "it does not fit this moment of the hand",
        "not_now": "\"{said}\" does not fit now: {why}",
    },
    "fr": {
        "cards": "les cartes se posent dans le jeu de cartes, une fois les enchères finies",
        "hoc": "« hoc ! » se dit dans le jeu de cartes, juste après la carte qui fait un hoc",
        "no_blank": "{name} ne connaît pas les cartes blanches",
        "blank": "les cartes blanches se montrent à leur propre moment",
        "blank_after": ", après les enchères {of_before}",
        "other_decl": "ce sont les enchères {of_stage} : {a_on} se déclare sur {the_on}",
        "no_raise_yet": "personne n'a renvié sur {stage}, il n'y a donc pas d'enjeu à tenir",
        "no_call": "il n'y a pas de renvi à tenir sur {stage} maintenant",
        "show": "on montre (ou cache) son jeu quand on a gagné {stage}, et seul le gagnant",
        "answer": "« c'est bon » et « rien » répondent à une déclaration déjà faite",
        "raise": "aucun renvi n'est reçu sur {stage} maintenant",
        "pass": "il n'y a rien à passer maintenant",
        "decl": "{stage} ne se déclare pas maintenant",
        "moment": "cela ne convient pas à ce moment du coup",
        "not_now": "« {said} » ne convient pas maintenant : {why}",
    },
}

#: A declaration's combination with its articles in French: (a, the).
_ON_FR = {"point": ("un point", "le point"), "sequence": ("une séquence", "la séquence"),
          "tricon": ("un tricon", "le tricon")}


def why_not_now(a: Any, game: Game, lang: str = "en") -> str:
    """Why an announcement of ``a``'s kind has no place at this moment of the hand, in a few words."""
    stage = game.stage
    rules = game.rules
    words = _WHY[lang]
    name = rules.display_name(stage, lang)
    names = {"stage": name, "of_stage": de(name)}

    def w(key: str, **values: str) -> str:
        return words[key].format(**names, **values)

    if isinstance(a, (Play, Without)):
        return w("cards")
    if isinstance(a, HocMark):
        return w("hoc")
    if isinstance(a, DeclareBlank):
        claims = rules.blank_hand
        if claims is None:
            return w("no_blank", name=rules.name)
        before = _stage_before(game, claims.id)
        if not before:
            return w("blank")
        before_name = rules.display_name(before, lang)
        return w("blank") + w("blank_after", before=before_name, of_before=de(before_name))
    if isinstance(a, _DECLARATION) and _ON[type(a)] != stage and bidding_mode(game) is not None:
        on = _ON[type(a)]
        a_on, the_on = _ON_FR[on]
        return w("other_decl", on=on, a_on=a_on, the_on=the_on)
    mode = bidding_mode(game)
    if isinstance(a, Call):
        return w("no_raise_yet") if mode == "open" else w("no_call")
    if isinstance(a, (Show, Conceal)):
        return w("show")
    if isinstance(a, (Concede, Nothing)):
        return w("answer")
    if isinstance(a, Raise):
        return w("raise")
    if isinstance(a, Pass):
        return w("pass")
    if isinstance(a, _DECLARATION):
        return w("decl")
    return w("moment")


def turn_words(actions: Sequence[Any], vocab: Vocabulary, lang: str) -> str:
    """Announcements as the table shows them: :func:`~hocdsl.announce.format_action`, but the cards in
    the session's notation (``RT`` for the king of clubs in French)."""
    t = tongue(lang)
    out = []
    for a in actions:
        if isinstance(a, Play) and lang != "en":
            out.append(t.card(a.card) + (f" comme {t.rank(a.as_rank)}" if a.as_rank else ""))
        else:
            out.append(format_action(a, vocab, lang))
    return " ".join(out)


def plain_message(message: str, a: Any, vocab: Vocabulary, lang: str) -> str:
    """``message`` with any Python value of an action in it written as said (``"quinte au roi"``),
    in French for a French table (:func:`.french.message_fr`)."""
    said = f"\"{format_action(a, vocab, lang)}\""
    message = message.replace(repr(a), said)
    message = _VALUE.sub(said, message)
    return message_fr(message) if lang == "fr" else message


def rule_words(rule: str, lang: str) -> str:
    """The rule a refusal cites, in ``lang`` (:func:`.french.rule_fr`)."""
    return rule_fr(rule) if lang == "fr" else rule


def kinds_now(game: Game) -> set[type]:
    """The kinds of announcement that are legal now."""
    return {type(x) for x in game.legal_actions()}


def refusal(a: Any, message: str, game: Game, vocab: Vocabulary, lang: str) -> str:
    """What the player is told for ``a`` refused with the engine's ``message``: the engine's reason when
    ``a``'s kind is allowed now (a raise too high, a declaration that is not the best), else why
    that kind has no place now."""
    said = turn_words([a], vocab, lang)
    if game.stage == "cards" and isinstance(a, (Play, Without)):
        return plain_message(message, a, vocab, lang)  # the card game's reasons are specific already
    if type(a) in kinds_now(game) and not (isinstance(a, _DECLARATION) and _ON[type(a)] != game.stage):
        return plain_message(message, a, vocab, lang)
    return _WHY[lang]["not_now"].format(said=said, why=why_not_now(a, game, lang))
