"""The engine's refusals in French, for a table that speaks French (``hoc play --lang fr``).

The engine words what it refuses, and the rule it cites, in English (its messages
serve the records and the tests too). A French table is told them in French: each
message the card game and the bidding give is one pattern here, said again in
French with the cards in the French notation (``RT``: the king of clubs) and a rank
with its article (``une dame``). The rule a refusal cites keeps the ruleset's
name, the knob's path and the source's section as they are written (they name
a file and a place in it), and says the rest in French; a rule this table does
not know is cited by its knob and source alone rather than half in English.

>>> message_fr("the card wanted is a Q, not 7D")
'la carte attendue est une dame, pas 7K'
>>> rule_fr("hoca bidding.raise_cap, borrowed from lalanne §5.1: a raise is 1 to 20 over the last stake")
'hoca bidding.raise_cap, emprunté à lalanne §5.1 : un renvi va de 1 à 20 au-dessus du dernier enjeu'
>>> rule_fr("hoca card_game.opening_lead, editorial: some rule not in the table")
'hoca card_game.opening_lead, choix éditorial'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..cards import CardError, parse_card, parse_rank
from ..engine.words import FR

__all__ = ["message_fr", "rule_fr", "card_fr", "rank_fr"]


def card_fr(text: str) -> str:
    """An English compact card (``7D``) in the French notation (``7K``); other text as it is."""
    try:
        return FR.card(parse_card(text))
    except CardError:
        return text


def rank_fr(text: str) -> str:
    """``a Q`` / ``an 8`` -> ``une dame`` / ``un huit``; a card (``7D``, a run in one suit) -> ``7K``."""
    words = text.split()
    if len(words) == 2 and words[0] in ("a", "an"):
        try:
            return FR.a_rank(parse_rank(words[1]))
        except CardError:
            return text
    return card_fr(text)


def _said_fr(text: str) -> str:
    """An action as the engine's messages write it (``raise 25``, ``5 cards, 31``) in French words."""
    subs: tuple[tuple[str, str], ...] = (
        (r"^raise (\d+)$", r"renvie \1"), (r"^(\d+) cards?(, \d+)?$", r"\1 cartes\2"),
        (r"^a sequence of (\d+) to rank (\d+)$", r"une séquence de \1 jusqu'au rang \2"),
        (r"^a sequence of (\d+)$", r"une séquence de \1"),
        (r"^a tricon of (\d+) of rank (\d+)$", r"un tricon de \1 au rang \2"),
        (r"^a tricon of (\d+)$", r"un tricon de \1"),
        (r"^pass$", "passe"), (r"^call$", "tiens"), (r"^nothing$", "rien"), (r"^show$", "montre"),
        (r"^not showing$", "ne pas montrer"), (r"^blank hand$", "cartes blanches"),
        (r"^\"c'est bon\"$", "« c'est bon »"), (r"^without (\d+)$", r"sans \1"),
    )
    for pattern, repl in subs:
        if re.match(pattern, text):
            return re.sub(pattern, repl, text)
    m = re.match(r"^play (\S+)$", text)
    if m:
        return card_fr(m.group(1))
    return text


def _quoted(text: str) -> str:
    """``"without 8"`` -> ``« sans 8 »``; other quotes as French quotes."""
    return re.sub(r'"([^"]*)"', lambda m: f"« {_said_fr(m.group(1)).replace('without ', 'sans ')} »", text)


_Sub = Callable[[re.Match[str]], str]

#: Said after a heart the player does not hold: C is cœur at a French table, trèfle in English.
_HEARTS_HINT = " (à cette table, C est cœur ; le trèfle s'écrit T)"

#: The engine's messages: a pattern and its French (a function of the match).
_MESSAGES: tuple[tuple[str, _Sub], ...] = (
    (r"the card wanted is (an? \S+|\S+), not (an? \S+|\S+)",
     lambda m: f"la carte attendue est {rank_fr(m[1])}, pas {rank_fr(m[2])}"),
    (r"you do not hold (\S+)", lambda m: f"vous n'avez pas {card_fr(m[1])}" + _HEARTS_HINT * card_fr(m[1]).endswith("C")),
    (r"you hold (.+): you must lay it, not say (.+)",
     lambda m: f"vous avez {' '.join(card_fr(c) for c in m[1].split())} : vous devez la poser, "
               f"pas dire {_quoted(m[2])}"),
    (r"the first card of the hand must be your lowest, not (\S+)",
     lambda m: f"la première carte du coup doit être votre plus basse, pas {card_fr(m[1])}"),
    (r"you lead a new run: lay a card", lambda m: "vous ouvrez une nouvelle suite : posez une carte"),
    (r"(\S+) cannot stand for (an? \S+|\S+)",
     lambda m: f"{card_fr(m[1])} ne peut tenir la place de {rank_fr(m[2])}".replace("de un", "d'un")),
    (r"you hold (an? \S+|\S+): (\S+) cannot stand for it",
     lambda m: f"vous avez {rank_fr(m[1])} : {card_fr(m[2])} ne peut pas la remplacer"),
    (r"in the card game one lays a card or says \"without\"",
     lambda m: "au jeu de cartes on pose une carte ou on dit « sans »"),
    (r"you have nothing to claim now", lambda m: "vous n'avez rien à réclamer maintenant"),
    (r"(\S+) cannot be laid as another card", lambda m: f"{card_fr(m[1])} ne peut être posée pour une autre carte"),
    (r"(\S+) is no principal hoc: it is laid as itself",
     lambda m: f"{card_fr(m[1])} n'est pas un hoc principal : elle se pose pour elle-même"),
    (r"(\S+) is named a rank only to start a run; here it stands for (an? \S+|\S+)",
     lambda m: f"{card_fr(m[1])} ne se nomme d'un rang que pour ouvrir une suite ; ici elle tient la place "
               f"de {rank_fr(m[2])}".replace("de un", "d'un")),
    (r"(an? \S+) is no rank of this pack", lambda m: f"{rank_fr(m[1])} n'est pas un rang de ce jeu"),
    (r"raise (\d+) is outside (\d+)\.\.(\d+)", lambda m: f"renvie {m[1]} est hors de {m[2]}..{m[3]}"),
    (r"no declaration before the raises on the (\S+) are over; pass or raise",
     lambda m: "pas de déclaration avant la fin des renvis ; passez ou renviez"),
    (r"(.+) is not allowed before anyone has raised on the (\S+)",
     lambda m: f"« {_said_fr(m[1])} » n'est pas permis avant que quelqu'un ait renvié"),
    (r"(.+) is not allowed while the raises on the (\S+) go on",
     lambda m: f"« {_said_fr(m[1])} » n'est pas permis tant que les renvis continuent"),
    (r"(.+) does not beat (.+); say \"c'est bon\"",
     lambda m: f"« {_said_fr(m[1])} » ne bat pas « {_said_fr(m[2])} » ; dites « c'est bon »"),
    (r"nobody has declared yet: declare, or say nothing \(rien\)",
     lambda m: "personne n'a encore déclaré : déclarez, ou dites « rien »"),
    (r"(.+) beats (.+): declare it; only a hand that does not beat it says \"c'est bon\"",
     lambda m: f"« {_said_fr(m[1])} » bat « {_said_fr(m[2])} » : déclarez-le ; seule une main qui ne le bat "
               "pas dit « c'est bon »"),
    (r"(.+) has been declared: say \"c'est bon\"",
     lambda m: f"« {_said_fr(m[1])} » a été déclaré : dites « c'est bon »"),
    (r"you hold (.+): declare your (\S+); \"nothing\" is for a hand without one",
     lambda m: f"vous avez « {_said_fr(m[1])} » : déclarez ; « rien » est pour une main qui n'a rien"),
    (r"the raises on the (\S+) ended when the word came back to the last raiser; declare your (\S+)",
     lambda m: "les renvis ont pris fin quand la parole est revenue au dernier à renvier ; déclarez"),
    (r"(.+) is not allowed: declare your (\S+)(, or say \"c'est bon\")?",
     lambda m: f"« {_said_fr(m[1])} » n'est pas permis : déclarez" + (", ou dites « c'est bon »" if m[3] else "")),
    (r"you are left alone and must show your hand", lambda m: "vous restez seul et devez montrer votre jeu"),
    (r"(.+) is not allowed: you are left alone on the (\S+); show or do not show",
     lambda m: f"« {_said_fr(m[1])} » n'est pas permis : vous restez seul ; montrez ou ne montrez pas"),
    (r"it is (.+)'s turn, not (.+)'s", lambda m: f"c'est à {m[1]} de parler, pas à {m[2]}"),
    (r"the hand is over", lambda m: "le coup est fini"),
)

def message_fr(message: str) -> str:
    """An engine refusal in French; one this table does not know, as it is."""
    for pattern, say in _MESSAGES:
        m = re.fullmatch(pattern, message)
        if m:
            return say(m)
    return message


def rule_fr(rule: str) -> str:
    """A rule citation in French (:meth:`hocdsl.engine.words.Tongue.rule`)."""
    return FR.rule(rule)
