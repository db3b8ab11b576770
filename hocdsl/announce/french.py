"""An announcement's error in French, for a table that speaks French (``hoc play --lang fr``).

The parser words its errors in English (:mod:`.explain`, :mod:`.parser`), from
a small set of sentences and phrases; :func:`in_french` says each of those
sentences in French, the phrases within them too, and leaves the words quoted
from the player or from the ruleset as they were (in « »). A sentence it does
not know is left in English rather than half translated.

>>> in_french('expected a number of chips after "je renvie de"')
'attendu un nombre de jetons après « je renvie de »'
>>> in_french("a quinte cannot be to the three: a run of 5 reaches at least the five")
"une quinte ne peut aller au trois : une suite de 5 va au moins jusqu'au cinq"
>>> in_french('expected "cards" or "cartes" after "5"; did you mean "cartes"?')
'attendu « cartes » ou « cards » après « 5 » ; vouliez-vous dire « cartes » ?'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..cards import RANK_NAMES_EN, RANK_NAMES_FR, RANK_PLURALS_FR

__all__ = ["in_french"]

#: The phrases of what was expected (:func:`.explain.describe`), English -> French.
PHRASES: dict[str, str] = {
    'an announcement: a bid ("pass", "call", "raise 2"), a declaration ("5 cards, 23", "quinte to the king", '
    '"brelan of jacks"), "that\'s fine", "nothing", "show", "blank hand", or the cards of a turn '
    '("7H 8S without 9")':
        "une annonce : une enchère (« passe », « tiens », « renvie 2 »), une déclaration (« 5 cartes, 23 », "
        "« quinte au roi », « brelan de valets »), « c'est bon », « rien », « montre », « cartes blanches », "
        "ou les cartes d'un tour (« 7H 8S sans 9 »)",
    "a number of chips": "un nombre de jetons",
    "a number of cards": "un nombre de cartes",
    "the value of the point (a number)": "la valeur du point (un nombre)",
    "the length of the run (a number of cards)": "la longueur de la suite (un nombre de cartes)",
    "how many cards (3 or 4)": "combien de cartes (3 ou 4)",
    'a rank (A, 2..10, J, Q, K, or a word such as "king" or "roi")':
        "un rang (A, 2..10, J, Q, K, ou un mot comme « roi » ou « king »)",
    'a card (such as "7H" or "seven of hearts")': "une carte (comme « 7H » ou « sept de cœur »)",
    '"major" or "minor"': "« majeure » ou « mineure »",
    '"cards" or "cartes"': "« cartes » ou « cards »",
    'a height ("to the king", "au roi", "à la dame")': "une hauteur (« au roi », « à la dame », « to the king »)",
    'a rank ("of jacks", "de valets", "d\'as")': "un rang (« de valets », « d'as », « of jacks »)",
    '"without <rank>" or "sans <rank>"': "« sans <rang> » ou « without <rank> »",
    "a sequence (": "une séquence (",
    "a tricon (": "un tricon (",
    "nothing more": "rien de plus",
}

#: The rules a number said breaks (:func:`.parser._number`), English -> French.
NUMBER_RULES: dict[str, str] = {
    "a raise is at least 1 chip": "une relance est d'au moins 1 jeton",
    "a point is 1 to 13 cards of one suit": "un point est de 1 à 13 cartes d'une couleur",
    "a point's value is a number of chips": "la valeur d'un point est un nombre de jetons",
    "a run is 1 to 13 cards long": "une suite a de 1 à 13 cartes",
    "a tricon is 1 to 4 cards of one rank": "un tricon est de 1 à 4 cartes d'un rang",
}

_RANK_FR = dict(zip(RANK_NAMES_EN, RANK_NAMES_FR))
_RANKS_FR = {en + "s": fr for en, fr in zip(RANK_NAMES_EN, RANK_PLURALS_FR)}
_QUOTED = re.compile(r'"([^"]*)"')
_DIGITS = re.compile(r"… \(a number of (\d+) digits\)")


def _quotes(text: str) -> str:
    """``"x"`` -> ``« x »``."""
    return _QUOTED.sub(lambda m: f"« {m.group(1)} »", text)


def _value(text: str) -> str:
    """A number quoted in a message: a long one's length said in French."""
    return _DIGITS.sub(lambda m: f"… (un nombre de {m.group(1)} chiffres)", text)


def _rank(name: str) -> str:
    return _RANK_FR.get(name, name)


def _to(rank_fr: str) -> str:
    """``au roi``, ``à la dame``, ``à l'as``: a height in French."""
    if rank_fr == "dame":
        return "à la dame"
    return f"à l'{rank_fr}" if rank_fr[0] in "aeiou" else f"au {rank_fr}"


def _up_to(rank_fr: str) -> str:
    """``jusqu'au cinq``, ``jusqu'à la dame``, ``jusqu'à l'as``."""
    return "jusqu'" + _to(rank_fr)


def _ruleset(label: str) -> str:
    return "les noms de Lalanne" if label == "Lalanne's names" else label


def _listing(text: str) -> str:
    """A list of quoted names: ``"a" or "b" (4)`` -> ``« a » ou « b » (4)``."""
    return _quotes(text.replace('" or "', '" ou "'))


def _names(listing: str, what: str, none: str) -> str:
    """``ses tricons sont « brelan » (3)``, or ``none`` when the ruleset names none."""
    return none if listing == "none" else f"ses {what} sont {_listing(listing)}"


def _words_fr(words: str) -> str:
    """``three of hearts`` -> ``trois de cœur``; ``king, king of hearts`` -> ``roi, roi de cœur``."""
    return re.sub(r"[a-z]+", lambda m: _rank(m.group()), words.replace(" of hearts", " de cœur"))


def _expected(m: re.Match[str]) -> str:
    what = m.group("what")
    for en, fr in sorted(PHRASES.items(), key=lambda kv: -len(kv[0])):
        what = what.replace(en, fr)
    what = _quotes(what.replace(" or ", " ou ").replace('" or "', '" ou "'))
    out = f"attendu {what}"
    if m.group("after") is not None:
        out += f" après « {m.group('after')} »"
    if m.group("mean") is not None:
        out += f" ; vouliez-vous dire « {m.group('mean')} » ?"
    return out


def _major(m: re.Match[str]) -> str:
    height = m.group("by") == "height"
    word = {"major": "majeure", "minor": "mineure"}[m.group("k")] if height else \
        {"major": "majeur", "minor": "mineur"}[m.group("k")]
    what = m.group("what")
    if what == "to the king":
        means = "au roi"
    elif what in ("kings", "aces"):
        means = "les " + _RANKS_FR[what]
    else:  # from the ace, to the five
        means = "de l'as " + _to(_rank(what.rsplit(" ", 1)[-1]))
    said = m.group("said")
    said = _to(_rank(said.removeprefix("to the "))) if height else "les " + _RANKS_FR.get(said, said)
    return f"« {word} » veut dire {means}, mais {'la hauteur' if height else 'le rang'} dit {said}"


def _cannot_reach(m: re.Match[str]) -> str:
    name = m.group("name").replace("sequence of", "séquence de")
    return (f"une {name} ne peut aller {_to(_rank(m.group('r')))} : une suite de {m.group('n')} va au moins "
            f"{_up_to(_rank(m.group('r2')))}")


def _number(m: re.Match[str]) -> str:
    rule = NUMBER_RULES.get(m.group("rule"))
    if rule is None:
        return m.group(0)
    return f"{rule}, pas {_value(m.group('v'))}"


#: Each sentence the parser says, and how it is said in French.
SENTENCES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r'^"(?P<w>.+)" is not a sequence name under (?P<r>.+?): its sequences are (?P<s>.+); any run '
                r'can be declared as "sequence of N"$'),
     lambda m: f"« {m.group('w')} » n'est pas un nom de séquence sous {_ruleset(m.group('r'))} : "
               + _names(m.group("s"), "séquences", "il n'en a aucune")
               + " ; toute suite se déclare « séquence de N »"),
    (re.compile(r'^"(?P<w>.+)" is not a tricon name under (?P<r>.+?): its tricons are (?P<s>.+)$'),
     lambda m: f"« {m.group('w')} » n'est pas un nom de tricon sous {_ruleset(m.group('r'))} : "
               + _names(m.group("s"), "tricons", "il n'en a aucun")),
    (re.compile(r'^"(?P<w>.+)" is not a claim under (?P<r>.+?): a hoc is marked or claimed with (?P<c>.+) '
                r"\(the card game's claim_words\)$"),
     lambda m: f"« {m.group('w')} » n'est pas une réclamation sous {_ruleset(m.group('r'))} : un hoc se marque "
               f"ou se réclame par {_listing(m.group('c'))} (claim_words du jeu de cartes)"),
    (re.compile(r'^"(?P<k>major|minor)" means (?P<what>.+), but the (?P<by>height|rank) says (?P<said>.+)$'),
     _major),
    (re.compile(r"^an? (?P<name>.+?) cannot be to the (?P<r>\w+): a run of (?P<n>\d+) reaches at least "
                r"the (?P<r2>\w+)$"), _cannot_reach),
    (re.compile(r"^there is no rank (?P<v>.+): ranks run from 1 \(ace\) to 13 \(king\)$"),
     lambda m: f"il n'y a pas de rang {_value(m.group('v'))} : les rangs vont de 1 (as) à 13 (roi)"),
    (re.compile(r'^expected a card, with its suit \("(?P<c>[^"]+)" or "(?P<w>[^"]+)"\): a rank alone does not '
                r"say which card$"),
     lambda m: f"attendu une carte avec sa couleur (« {m.group('c')} » ou « {_words_fr(m.group('w'))} ») : "
               "un rang seul ne dit pas quelle carte"),
    (re.compile(r'^expected cards with their suit \("(?P<c>[^"]+)", or "(?P<w>[^"]+)": the last card\'s suit '
                r"is the suit of them all\): ranks alone do not say which cards$"),
     lambda m: f"attendu des cartes avec leur couleur (« {m.group('c')} », ou « {_words_fr(m.group('w'))} » : "
               "la couleur de la dernière carte est celle de toutes) : des rangs seuls ne disent pas quelles "
               "cartes"),
    (re.compile(r'^expected a rank(?: after "(?P<after>.*)")?, not a card: "(?P<x>[^"]*)" alone$'),
     lambda m: "attendu un rang" + (f" après « {m.group('after')} »" if m.group("after") is not None else "")
               + f", pas une carte : « {m.group('x')} » seul"),
    (re.compile(r'^expected (?P<what>.*?)(?: after "(?P<after>.*)")?(?:; did you mean "(?P<mean>[^"]*)"\?)?$'),
     _expected),
    (re.compile(r"^(?P<rule>.+), not (?P<v>.+)$"), _number),
]


def in_french(message: str) -> str:
    """The parser's ``message`` said in French; a sentence not known here is returned as it is."""
    for pattern, say in SENTENCES:
        m = pattern.match(message)
        if m:
            return say(m)
    return message
