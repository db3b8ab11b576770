"""How a stage kind's events are told: the :class:`Words` each kind brings to the narrator.

The narrator (:mod:`hocdsl.narrate`, shared by ``hoc play`` and ``hoc replay``)
tells what every hand has (an ante) itself; every other event, and every chip
moved for a kind's reason, it hands to the words of the kind that made it,
found through :data:`.kinds.KINDS`. So a new kind brings its own words, with no
edit to the narrator.

>>> verb("Blaise", "pays"), verb("You", "pays"), verb("You", "has")
('Blaise pays', 'You pay', 'You have')
>>> multiplier_words(2), multiplier_words(5)
('double', 'x5')

Each language is one :class:`Tongue`, a table of the words every kind shares
(the person, the verbs, the cards, a rank with its article); a kind's own
sentences are one table per language in its :class:`Words` (``TEXT``):

>>> FR.verb("Vous", "pays"), FR.verb("Blaise", "takes"), FR.a_rank(12), EN.a_rank(12)
('Vous payez', 'Blaise prend', 'une dame', 'a Q')
>>> FR.card(51), EN.card(51), FR.card(9)
('RT', 'KC', '10P')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

from ..cards import NUM_CARDS, copy_mark, iter_cards
from .events import ChipMove, Scored

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

MULTIPLIER_WORDS: Final = {1: "single", 2: "double", 3: "triple", 4: "quadruple"}

#: Verbs that do not take a plain "-s" off for "You".
_IRREGULAR: Final = {"has": "have", "is": "are", "does": "do", "goes": "go"}


def multiplier_words(m: int) -> str:
    """``single``, ``double``, ``triple``, ``quadruple``, ``x5``."""
    return MULTIPLIER_WORDS.get(m, f"x{m}")


def form(name: str, verb_s: str) -> str:
    """The verb as ``name`` takes it: ``pays`` but, for ``You``, ``pay`` (``deals`` -> ``deal``)."""
    if name.lower() != "you":
        return verb_s
    if verb_s in _IRREGULAR:
        return _IRREGULAR[verb_s]
    if verb_s.endswith(("shes", "ches", "sses", "xes")):
        return verb_s[:-2]
    return verb_s[:-1] if verb_s.endswith("s") else verb_s


def verb(name: str, verb_s: str) -> str:
    """``Blaise pays`` but ``You pay``; ``Anne wins`` but ``You win``."""
    return f"{name} {form(name, verb_s)}"


#: The French verbs the narration uses, by their English third person: (il, vous).
_VERBS_FR: Final[dict[str, tuple[str, str]]] = {
    "pays": ("paie", "payez"), "takes": ("prend", "prenez"), "puts": ("met", "mettez"),
    "antes": ("mise", "misez"), "wins": ("gagne", "gagnez"), "shows": ("montre", "montrez"),
    "folds": ("abandonne", "abandonnez"), "is": ("est", "êtes"), "deals": ("donne", "donnez"),
    "claims": ("réclame", "réclamez"), "says": ("dit", "dites"), "leads": ("ouvre", "ouvrez"),
    "goes": ("continue", "continuez"), "does": ("fait", "faites"), "has": ("a", "avez"),
    "leaves": ("quitte", "quittez"), "turns": ("retourne", "retournez"), "lays": ("pose", "posez"), "gives": ("rend", "rendez"),
    "scores": ("compte", "comptez"), "draws": ("pioche", "piochez"), "plays": ("joue", "jouez"),
    "declares": ("déclare", "déclarez"),
}

#: What the rules say (the part of a citation after the source), in French.
_RULES_FR: Final[dict[str, str]] = {
    "the next card of the run is laid, any suit": "on pose la carte suivante de la suite, de toute couleur",
    "the next card of the run is laid in the run's suit": "on pose la carte suivante de la suite, dans sa couleur",
    "the leader lays a card of his choice": "celui qui ouvre pose la carte de son choix",
    "the eldest leads his lowest card": "le premier en main ouvre par sa plus basse carte",
    "principal hocs are not wild": "les hocs principaux ne tiennent lieu d'aucune carte",
    "a principal hoc stands for a card only when it is missing":
        "un hoc principal ne tient lieu d'une carte que si elle manque",
    "one must play if one can": "on doit jouer si on le peut",
    "a principal hoc must be played": "un hoc principal doit être joué",
    "what must be claimed is claimed at once": "ce qui se réclame se réclame aussitôt",
    "what must be claimed is lost unclaimed": "ce qui n'est pas réclamé est perdu",
    "a principal hoc leads as a rank its holder names": "un hoc principal ouvre au rang que nomme celui qui le tient",
    "a principal hoc leads as its own rank": "un hoc principal ouvre à son propre rang",
    "the first to speak may declare, raise or pass": "le premier à parler peut déclarer, renvier ou passer",
    "before anyone raises one may only raise or pass": "avant tout renvi on ne peut que renvier ou passer",
    "after a raise one may call, raise or pass": "après un renvi on peut tenir, renvier ou passer",
    "the players left in declare in turn": "les joueurs restés déclarent à leur tour",
    "a hand below a predecessor's says \"c'est bon\"": "une main plus faible que la précédente dit « c'est bon »",
    "no raising on oneself": "on ne renvie pas sur soi-même",
    "a player left alone wins and shows his hand": "un joueur resté seul gagne et montre son jeu",
    "a player left alone wins, showing his hand or not": "un joueur resté seul gagne, en montrant son jeu ou non",
    "a player left alone must show": "un joueur resté seul doit montrer son jeu",
    "combinations are made known when the raises are over": "les combinaisons se font connaître après les renvis",
    "a player may declare less than he holds, never more": "on peut déclarer moins qu'on ne tient, jamais plus",
    "the point is declared by its number of cards and their value":
        "le point se déclare par son nombre de cartes et leur valeur",
    "the sequence is declared by its name": "la séquence se déclare par son nom",
    "the tricon is declared by its name": "le tricon se déclare par son nom",
    "a false \"without\" is paid to each other player": "un faux « sans » se paie à chacun des autres joueurs",
    "a blank-hand holder declares it or keeps quiet": "qui a des cartes blanches les déclare ou se tait",
    # the declarations scored as points (declare, and the combinations it shares with the vie)
    "nobody calls a combination he does not hold": "personne n'annonce une combinaison qu'il ne tient pas",
    "the shortest sequence": "la séquence la plus courte",
    "a longer run counts no more": "une suite plus longue ne compte pas davantage",
    "the lowest rank of a set": "le rang le plus bas d'un brelan",
    "the eldest calls his best, and the other answers truly":
        "le premier en main annonce son meilleur jeu, et l'autre répond selon la vérité",
    "a player may sink a combination, never claim more than he holds":
        "on peut taire une combinaison, jamais annoncer plus qu'on ne tient",
    "the point, the sequences, the sets are called in that order, the eldest calling and the other answering":
        "le point, les séquences, les brelans et quatorzes s'annoncent dans cet ordre, le premier en main "
        "annonçant et l'autre répondant",
    # the discard and take-in (exchange)
    "the eldest lays out at most his share of the stock and takes as many":
        "le premier en main écarte au plus sa part du talon et en prend autant",
    "the eldest lays out at least this many cards": "le premier en main écarte au moins ce nombre de cartes",
    "the other player takes at most what the eldest left in the stock":
        "l'autre joueur prend au plus ce que le premier a laissé au talon",
    "the other player takes at most his own share of the stock": "l'autre joueur prend au plus sa propre part du talon",
    "the other player lays out at least this many cards": "l'autre joueur écarte au moins ce nombre de cartes",
    "the cards taken in come from the top of the stock, in its order":
        "les cartes prises viennent du dessus du talon, dans son ordre",
    # the tricks
    "a player plays a card he holds": "on joue une carte qu'on a en main",
    "any card may be played": "on peut jouer n'importe quelle carte",
    "a player follows suit if he can": "on fournit à la couleur demandée si on le peut",
    "once the stock is out, play goes on as before": "le talon épuisé, le jeu continue comme avant",
    "once the stock is out, any card": "le talon épuisé, on joue n'importe quelle carte",
    "once the stock is out, a player follows suit if he can":
        "le talon épuisé, on fournit à la couleur demandée si on le peut",
    "once the stock is out, a player follows suit and wins the trick if he can, or trumps":
        "le talon épuisé, on fournit à la couleur demandée et on prend la levée si on le peut, ou on coupe",
    "no combination is declared in play": "on ne déclare aucune combinaison pendant le jeu",
    "only the winner of a trick declares, one combination, before he draws, while the stock lasts":
        "seul le gagnant d'une levée déclare, une combinaison, avant de piocher, tant que dure le talon",
    "what is said 'to score' is a second combination the cards laid out show, which may still be declared":
        "ce qu'on dit « à marquer » est une seconde combinaison que montrent les cartes étalées, et "
        "qu'on peut encore déclarer",
    "a card declared once never goes into a combination of the same kind, nor an inferior one":
        "une carte déclarée n'entre plus dans une combinaison de la même sorte, ni dans une inférieure",
    "a combination is declared again only with a card substituted, never in an inferior one":
        "une combinaison ne se déclare de nouveau qu'avec une carte remplacée, jamais dans une inférieure",
    "nobody draws from the stock": "personne ne pioche dans le talon",
    "after each trick each draws one card, the winner first":
        "après chaque levée chacun pioche une carte, le gagnant d'abord",
}


#: How a citation says where a knob's value comes from, in French (:func:`.errors.provenance_words`).
_PROVENANCE_FR: Final = (("inferred from ", "inféré de "), ("borrowed from ", "emprunté à "),
                         ("approximated from ", "approché de "), ("lost from ", "perdu, d'après "),
                         ("editorial", "choix éditorial"), ("the model's default", "valeur par défaut du modèle"))
_CITATION: Final = re.compile(r"(\S+ \S+), (.*?): (.*)")
_RAISE_RULE: Final = re.compile(r"a raise is (\d+) to (\d+) over the last stake")

#: Rank letters of the French compact notation (roi, dame, valet), ace to king.
RANK_LETTERS_FR: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R")
#: Suit letters of the French compact notation: pique, cœur, carreau, trèfle (C is cœur).
SUIT_LETTERS_FR: Final = "PCKT"
_RANK_LETTERS_EN: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_NAMES_FR: Final = ("as", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
                         "valet", "dame", "roi")


@dataclass(frozen=True)
class Tongue:
    """The words every kind shares in one language: the player's second person (``you``),
    the verbs, the multipliers, the card notation and a rank said with its article.

    ``verbs`` maps an English third person (``pays``) to (third, second person); empty
    for English, whose verbs :func:`form` makes. ``ranks``/``suits`` are the compact
    notation's letters (ace to king; spades, hearts, diamonds, clubs)."""

    code: str
    you: str
    verbs: Mapping[str, tuple[str, str]]
    #: what the engine's rules say (the end of a citation), English -> this language (empty: English)
    rules: Mapping[str, str]
    multipliers: Mapping[int, str]
    ranks: tuple[str, ...]
    suits: str

    def verb(self, name: str, verb_s: str) -> str:
        """``name`` and the verb it takes: ``Vous payez``, ``Blaise paie`` (``You pay`` in English)."""
        if not self.verbs:
            return verb(name, verb_s)
        third, second = self.verbs.get(verb_s, (verb_s, verb_s))
        return f"{name} {second if name.lower() == self.you.lower() else third}"

    def pays(self, payer: str, payee: str, n: int, verb_s: str = "pays") -> str:
        """A payment's head: ``Blaise pays You 2`` (English); ``Blaise paie 2 à Anne``, ``Blaise vous
        paie 2``, ``Vous payez 2 à Anne`` (French: the person paid after "à", or "vous" before the verb)."""
        if not self.verbs:
            return f"{verb(payer, verb_s)} {payee} {n}"
        if payee.lower() == self.you.lower():
            return f"{payer} vous {self.verbs.get(verb_s, (verb_s, verb_s))[0]} {n}"
        return f"{self.verb(payer, verb_s)} {n} à {payee}"

    def obj(self, name: str) -> str:
        """``name`` after a preposition: the player's own name in lower case in French (``pour vous``)."""
        return self.you.lower() if self.verbs and name.lower() == self.you.lower() else name

    def rule(self, cite: str) -> str:
        """A rule citation (``<ruleset> <knob>, <provenance>: <what>``, :func:`.errors.knob_rule`) in
        this language: the names as written, the provenance and the rule's words said again (left
        out where this language's table lacks them: never half in English).

        >>> FR.rule("hoca card_game.runs, inferred from hoca §Après: the next card of the run is laid, any suit")
        'hoca card_game.runs, inféré de hoca §Après : on pose la carte suivante de la suite, de toute couleur'
        """
        if not self.rules:
            return cite
        m = _CITATION.fullmatch(cite)
        if m is None:
            return cite
        head, prov, what = m[1], m[2], m[3]
        for en, said in _PROVENANCE_FR:
            if prov.startswith(en):
                prov = said + prov[len(en):]
                break
        r = _RAISE_RULE.fullmatch(what)
        if r is not None:
            return f"{head}, {prov} : un renvi va de {r[1]} à {r[2]} au-dessus du dernier enjeu"
        said_what = self.rules.get(what)
        return f"{head}, {prov} : {said_what}" if said_what else f"{head}, {prov}"

    def multiplier(self, m: int) -> str:
        """``double``, ``triple``; ``x5`` past the words."""
        return self.multipliers.get(m, f"x{m}")

    def card(self, card: int) -> str:
        """The card in this language's compact notation: ``KC`` (English), ``RT`` (French: roi de trèfle);
        a copy of another pack than the first with its mark (``KC#2``, ``RT#2``: ``pack.copies``)."""
        if card >= NUM_CARDS:
            return self.ranks[card % 13] + self.suits[card // 13 & 3] + copy_mark(card)
        return self.ranks[card % 13] + self.suits[card // 13]

    def hand(self, hand: int) -> str:
        """A hand in this notation, by rank then suit: ``7S JD`` (as :func:`~hocdsl.cards.hand_str`)."""
        return " ".join(self.card(c) for c in sorted(iter_cards(hand), key=lambda c: (c % 13, c // 13 & 3, c)))

    def rank(self, rank: int) -> str:
        """A rank's letter: ``K``, ``R``."""
        return self.ranks[rank - 1]

    def a_rank(self, rank: int) -> str:
        """A rank after its article: ``a K``, ``an 8`` (English, the letter); ``un roi``,
        ``une dame``, ``un as`` (French, the word)."""
        if self.code == "fr":
            name = _RANK_NAMES_FR[rank - 1]
            return f"{'une' if name == 'dame' else 'un'} {name}"
        letter = self.ranks[rank - 1]
        return f"{'an' if letter in ('A', '8') else 'a'} {letter}"


EN: Final = Tongue("en", "You", {}, {}, MULTIPLIER_WORDS, _RANK_LETTERS_EN, "SHDC")
FR: Final = Tongue("fr", "Vous", _VERBS_FR, _RULES_FR, {1: "simple", 2: "double", 3: "triple", 4: "quadruple"},
                   RANK_LETTERS_FR, SUIT_LETTERS_FR)
#: Every language the narration speaks, by code.
TONGUES: Final[dict[str, Tongue]] = {"en": EN, "fr": FR}


def de(name: str) -> str:
    """A French name after ``de``: ``du point``, ``de la séquence``, ``de l'as``, ``des rois``."""
    if name.startswith("le "):
        return "du " + name[3:]
    if name.startswith("les "):
        return "des " + name[4:]
    return f"de {name}"


def au(name: str) -> str:
    """A French name after ``à``: ``au point``, ``à la séquence``, ``à l'as``, ``aux rois``."""
    if name.startswith("le "):
        return "au " + name[3:]
    if name.startswith("les "):
        return "aux " + name[4:]
    return f"à {name}"


def tongue(lang: str) -> Tongue:
    """The :class:`Tongue` of ``lang`` (``en`` or ``fr``); ValueError for another."""
    t = TONGUES.get(lang)
    if t is None:
        raise ValueError(f"no words in {lang!r}: use en or fr")
    return t


class Words:
    """The words of one stage kind's events, for one hand's narration (made anew for each
    narrator: it may remember what it has seen, a combination shown, the last card laid).

    ``events``: the event classes it tells (:meth:`event`); ``heard``: event classes of
    other kinds it needs to know of without telling them (:meth:`hear`: the settle hears
    the card game's end for the cards left); ``reasons``: the reasons of the chip moves
    it tells (:meth:`chip`), and ``reason_words`` each of them in a few words. ``names``
    are the players by seat (``You`` takes the second person: :func:`verb`).
    """

    __slots__ = ("names", "rules", "tongue", "text")

    events: ClassVar[tuple[type, ...]] = ()
    heard: ClassVar[tuple[type, ...]] = ()
    reasons: ClassVar[tuple[str, ...]] = ()
    #: the kind's own sentences, per language code then key (``str.format`` templates)
    TEXT: ClassVar[dict[str, dict[str, str]]] = {"en": {}, "fr": {}}
    #: each of :attr:`reasons` in a few words (English, French): a payment's line in a
    #: replay's transcript, and the narrator's (:data:`hocdsl.records.words.REASONS`)
    reason_words: ClassVar[dict[str, tuple[str, str]]] = {}

    def __init__(self, names: Sequence[str], rules: Ruleset, lang: str = "en") -> None:
        self.names = tuple(names)
        self.rules = rules
        self.tongue = tongue(lang)
        self.text = self.TEXT[self.tongue.code]

    def say(self, key: str, **values: object) -> str:
        """The kind's sentence ``key`` in this narration's language, ``values`` filled in."""
        return self.text[key].format(**values)

    def verb(self, name: str, verb_s: str) -> str:
        """``Blaise pays`` / ``Vous payez``: :meth:`Tongue.verb`."""
        return self.tongue.verb(name, verb_s)

    def pool(self, pool_id: str) -> str:
        """A pool (or stage) as this language names it (``le point``): the name the ruleset gives
        it in this language, else its id."""
        return self.rules.display_name(pool_id, self.tongue.code)

    def named(self, ident: str) -> dict[str, str]:
        """A pool's or stage's name for a sentence: bare and after "de" (``pool``/``stage``,
        ``of_pool``/``of_stage``: ``le nain jaune``, ``du nain jaune``)."""
        name = self.pool(ident)
        return {"pool": name, "of_pool": de(name), "stage": name, "of_stage": de(name)}

    def event(self, e: object, over: bool) -> str | None:
        """``e`` (one of :attr:`events`) in words, or None when it says nothing by itself.
        ``over``: the hand ends in this turn."""
        return None

    def hear(self, e: object) -> None:
        """Take note of ``e`` (one of :attr:`heard`)."""

    def chip(self, e: ChipMove, payer: str, payee: str) -> str:
        """A chip move for one of :attr:`reasons`, with what it pays for (``payer`` and
        ``payee`` named: a player, or a pool)."""
        return f"{self.verb(payer, 'pays')} {payee} {e.amount} ({e.reason})"

    def scored(self, e: Scored) -> str:
        """Points scored for one of :attr:`reasons` (:meth:`~.table.Table.score`): ``Alice
        scores 4 for the point``, ``Alice compte 4 pour le point`` (the reason's words from
        :attr:`reason_words`, the article included)."""
        pair = self.reason_words.get(e.reason)
        what = (pair[1] if self.tongue.code == "fr" else pair[0]) if pair else e.reason
        name = self.names[e.seat]
        if self.tongue.code == "fr":
            return f"{self.verb(name, 'scores')} {e.points} pour {what}"
        return f"{self.verb(name, 'scores')} {e.points} for {what}"
