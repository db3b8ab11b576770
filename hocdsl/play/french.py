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
from ..meldwords import MELD_WORDS

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

#: A combination after "une déclaration": of the point, the sequence, the tricon.
_OF_COMBINATION = {"point": "du point", "sequence": "de la séquence", "tricon": "du tricon"}
#: A category of the declarations (Piquet), with its article: one held, the best of it.
_A_CATEGORY = {"point": "un point", "sequence": "une séquence", "set": "un brelan ou un quatorze"}
_BEST_CATEGORY = {"point": "votre meilleur point", "sequence": "votre meilleure séquence",
                  "set": "votre meilleur brelan ou quatorze"}
#: The answers to a call, and what one's best is beside it.
_ANSWER = {"good": "bon", "not good": "pas bon", "equal": "égal"}
_THAN = {"worse": "moins bon", "better": "meilleur", "equal": "égal"}


def _cards_fr(text: str) -> str:
    """Cards in the English notation, space-separated (``7S 8S``), in the French one (``7P 8P``)."""
    return " ".join(card_fr(c) for c in text.split())


def _is_you(name: str) -> bool:
    return name.lower() in ("vous", "you")


def _has_not(name: str) -> str:
    """``Vous n'avez pas``, ``Blaise n'a pas``."""
    return "Vous n'avez pas" if _is_you(name) else f"{name} n'a pas"


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
    # the combinations declared (the vie's and the declare stage's)
    (r"(.+) is not a declaration of the (point|sequence|tricon)",
     lambda m: f"{_quoted(m[1])} n'est pas une déclaration {_OF_COMBINATION[m[2]]}"),
    (r"(\d+) cards: no suit of the hand holds (\d+) cards",
     lambda m: f"{m[1]} cartes : aucune couleur de la main n'a {m[2]} cartes"),
    (r"(\d+) cards, (\d+): the best (\d+) cards of one suit in the hand are worth (\d+)",
     lambda m: f"{m[1]} cartes, {m[2]} : les {m[3]} meilleures cartes d'une couleur de la main valent {m[4]}"),
    (r"a run of (\d+) is no sequence \(at least (\d+) cards\)",
     lambda m: f"une suite de {m[1]} n'est pas une séquence (au moins {m[2]} cartes)"),
    (r"a run of (\d+) counts as (\d+); declare it as such",
     lambda m: f"une suite de {m[1]} compte pour {m[2]} ; déclarez-la ainsi"),
    (r"a run of (\d+)(?: to rank (\d+))? is not in the hand",
     lambda m: f"une suite de {m[1]}" + (f" jusqu'au rang {m[2]}" if m[2] else "") + " n'est pas dans la main"),
    (r"a tricon of (\d+) cards does not exist", lambda m: f"un tricon de {m[1]} cartes n'existe pas"),
    (r"the hand holds no (\d+) cards of one rank", lambda m: f"la main n'a pas {m[1]} cartes d'un même rang"),
    (r"the hand does not hold (\d+) cards of rank (\d+)",
     lambda m: f"la main n'a pas {m[1]} cartes du rang {m[2]}"),
    (r"cards of rank (\d+) make no set here", lambda m: f"les cartes du rang {m[1]} ne font pas de brelan ici"),
    # the calls and answers (declare)
    (r"you hold a (point|sequence|set): call your best",
     lambda m: f"vous avez {_A_CATEGORY[m[1]]} : annoncez le meilleur"),
    (r"the eldest calls; the other answers", lambda m: "le premier en main annonce ; l'autre répond"),
    (r"you hold better: call your best (point|sequence|set)",
     lambda m: f"vous avez mieux : annoncez {_BEST_CATEGORY[m[1]]}"),
    (r"answer the call: \"good\", \"not good\" or \"equal\"",
     lambda m: "répondez à l'annonce : « bon », « pas bon » ou « égal »"),
    (r"\"(good|not good|equal)\" is not so: your best is (worse|better|equal)",
     lambda m: f"« {_ANSWER[m[1]]} » n'est pas vrai : votre meilleur jeu est {_THAN[m[2]]}"),
    # the discard and take-in (exchange)
    (r"it is the discard: lay out cards and take as many",
     lambda m: "c'est l'écart : écartez des cartes et prenez-en autant"),
    (r"(\S+) is not in your hand", lambda m: f"{card_fr(m[1])} n'est pas dans votre main"),
    (r"a card laid out twice", lambda m: "une carte écartée deux fois"),
    (r"(\d+) cards laid out: you may exchange at most (\d+)",
     lambda m: f"{m[1]} cartes écartées : vous pouvez en échanger au plus {m[2]}"),
    (r"you must exchange at least (\d+)", lambda m: f"vous devez en échanger au moins {m[1]}"),
    (r"the stock's order is not known here: name the cards taken \(\"I discard (.+) and take (.+)\"\)",
     lambda m: "l'ordre du talon n'est pas connu ici : nommez les cartes prises (« j'écarte "
               f"{_cards_fr(m[1])} et prends {_cards_fr(m[2])} »)"),
    (r"take as many cards as are laid out \((\d+)\)",
     lambda m: f"prenez autant de cartes que vous en écartez ({m[1]})"),
    (r"the cards on top of the stock are (.+)", lambda m: f"les cartes du dessus du talon sont {_cards_fr(m[1])}"),
    # the tricks
    (r"(.+) draws a card from the stock first", lambda m: f"{FR.verb(m[1], 'draws')} d'abord une carte du talon"),
    (r"(\S+) is not in the stock", lambda m: f"{card_fr(m[1])} n'est pas dans le talon"),
    (r"the card on top of the stock is (\S+)", lambda m: f"la carte du dessus du talon est {card_fr(m[1])}"),
    (r"(\S+), the card turned up, is the last of the stock",
     lambda m: f"{card_fr(m[1])}, la carte retournée, est la dernière du talon"),
    (r"nobody draws now: a card is played to the trick",
     lambda m: "personne ne pioche maintenant : on joue une carte à la levée"),
    (r"a card is played to the trick", lambda m: "on joue une carte à la levée"),
    (r"(.+) does not hold (\S+)",
     lambda m: f"{_has_not(m[1])} {card_fr(m[2])}" + _HEARTS_HINT * card_fr(m[2]).endswith("C")),
    (r"(.+) holds a card of the suit led \((\S+)\) and must play one",
     lambda m: f"{FR.verb(m[1], 'has')} une carte de la couleur demandée ({card_fr(m[2])}) et "
               + ("devez" if _is_you(m[1]) else "doit") + " en jouer une"),
    # declarations after a trick (engine/tricks.py, engine/melds.py)
    (r"no combination is declared in this game", lambda m: "on ne déclare aucune combinaison dans ce jeu"),
    (r"the stock is out: no more declarations", lambda m: "le talon est épuisé : plus de déclarations"),
    (r"(.+) has not just won a trick: only its winner declares, before he draws",
     lambda m: f"{_has_not(m[1])} gagné la dernière levée : seul son gagnant déclare, avant de piocher"),
    (r"(.+) has drawn already: a declaration comes before the draw",
     lambda m: f"{FR.verb(m[1], 'has')} déjà pioché : on déclare avant de piocher"),
    (r"(.+) has declared once after this trick: one combination a trick \(the others wait for the next "
     r"trick he wins\)",
     lambda m: f"{FR.verb(m[1], 'has')} déjà déclaré après cette levée : une combinaison par levée (les autres "
               "attendent la prochaine levée gagnée)"),
    (r"(to score: )?these cards make no combination this game scores",
     lambda m: _ts(m) + "ces cartes ne font aucune combinaison que ce jeu compte"),
    (r"(to score: )?a declaration names its cards", lambda m: _ts(m) + "une déclaration nomme ses cartes"),
    (r"(to score: )?these cards make (.+), not (.+)",
     lambda m: _ts(m) + f"ces cartes font {_meld_fr(m[2])}, pas {_meld_fr(m[3])}"),
    (r"(to score: )?(.+) scores (\d+), not (\d+)",
     lambda m: _ts(m) + f"{_meld_fr(m[2])} compte {m[3]}, pas {m[4]}"),
    (r"(to score: )?(\S+) is not in the hand",
     lambda m: _ts(m) + f"{card_fr(m[2])} n'est pas dans la main"),
    (r"(to score: )?(\S+) was declared in (.+) already: a card scores once in a combination of a kind, "
     r"never then in an inferior one",
     lambda m: _ts(m) + f"{card_fr(m[2])} a déjà été déclarée dans "
               + " et ".join(_FAMILY_FR.get(k, k) for k in m[3].split(" and "))
               + " : une carte ne compte qu'une fois dans une combinaison d'une sorte, jamais ensuite "
                 "dans une inférieure"),
    (r"(to score: )?these very cards were declared as (.+) already: a card must be substituted to "
     r"declare it again",
     lambda m: _ts(m) + f"ces mêmes cartes ont déjà été déclarées en {_meld_fr(m[2])} : "
               "il faut remplacer une carte pour la déclarer de nouveau"),
    (r"to score: that is the combination just declared", lambda m: "à marquer : c'est la combinaison qu'on vient de déclarer"),
    (r"to score: the cards shown make no (.+) that may still be declared \(name the cards to lay out with it\)",
     lambda m: "à marquer : les cartes montrées ne font "
               + ("aucune combinaison" if m[1] == "a combination" else f"pas de {_meld_fr(m[1])}")
               + " qu'on puisse encore déclarer (nommez les cartes à étaler avec)"),
    (r"it is (.+)'s turn, not (.+)'s", lambda m: f"c'est à {m[1]} de parler, pas à {m[2]}"),
    (r"the hand is over", lambda m: "le coup est fini"),
)

#: a combination declared in play, as a refusal names it (``royal marriage``), in French
_MELD_FR: dict[str, str] = {k.replace("-", " "): fr for k, (_en, fr) in MELD_WORDS.items()}
#: the kinds of combination a declared card keeps (engine/melds.py FAMILY_WORDS), in French
_FAMILY_FR: dict[str, str] = {
    "a seven of trumps": "un sept d'atout", "a marriage": "un mariage", "a sequence": "une séquence",
    "a bezique": "un bésigue", "a double bezique": "un double bésigue", "four of a kind": "un carré",
    "a triple bezique": "un triple bésigue", "a quadruple bezique": "un quadruple bésigue"}


def _ts(m: re.Match[str]) -> str:
    """``à marquer : `` where the refusal is of what was said "to score" (group 1)."""
    return "à marquer : " if m[1] else ""


def _meld_fr(text: str) -> str:
    """``royal marriage`` -> ``mariage d'atout``; ``20 marriage`` -> ``20 mariage``; ``20``."""
    head, _, rest = text.partition(" ")
    if head.isdigit():
        return f"{head} {_MELD_FR.get(rest, rest)}" if rest else head
    return _MELD_FR.get(text, "une combinaison" if text == "a combination" else text)


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
