"""What ``hoc play`` says of its own (prompts, help, headings), in English and French.

The bots' announcements come from :mod:`hocdsl.announce` in the chosen
language; everything else the table says goes through :func:`text`, one
table of phrases by language, so ``--lang fr`` gives a French table.

>>> text("fr", "you_may"), text("en", "you_may")
('vous pouvez', 'you may')
>>> stage_title("sequence", "fr"), stage_title("triple_pool")
('Séquence', 'Triple pool')
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.events import ChipMove
from ..narrate import verb
from ..records.words import REASONS, reason_words

#: The prompt the player types after; every prompt line ends with it.
PROMPT = "> "

#: Commands that work at any prompt, with what they do (English, French).
COMMANDS: dict[str, str] = {
    "help": "this help: the commands and how to say things",
    "hand": "your cards, grouped by suit",
    "pools": "the pools, their multipliers, the stake and everyone's chips",
    "history": "everything said and done in this hand so far",
    "legal": "every announcement you may make now, written out",
    "quit": "leave the table (the hands finished so far are kept in --record)",
}
COMMANDS_FR: dict[str, str] = {
    "aide": "cette aide : les commandes et comment dire les choses",
    "main": "vos cartes, par couleur",
    "cagnottes": "les cagnottes, leurs multiplicateurs, l'enjeu et les jetons de chacun",
    "historique": "tout ce qui a été dit et fait dans ce coup",
    "permis": "toutes les annonces permises maintenant",
    "quitter": "quitter la table (les coups finis sont gardés dans --record)",
}
#: Each command word -> the command (English and French words work in either language).
COMMAND_WORDS: dict[str, str] = {
    "help": "help", "?": "help", "aide": "help",
    "hand": "hand", "main": "hand",
    "pools": "pools", "cagnottes": "pools",
    "history": "history", "historique": "history",
    "legal": "legal", "hint": "legal", "permis": "legal",
    "quit": "quit", "exit": "quit", "quitter": "quit",
}

#: Chip-move reason -> the words the narrator puts after a payment (every reason of the engine).
REASON_WORDS = {reason: words[0] for reason, words in REASONS.items()}

STAGE_TITLES = {
    "en": {"point": "Point", "sequence": "Sequence", "tricon": "Tricon", "blank-hand": "Blank hand",
           "cards": "Cards"},
    "fr": {"point": "Point", "sequence": "Séquence", "tricon": "Tricon", "blank-hand": "Cartes blanches",
           "cards": "Cartes"},
}

_TEXTS: dict[str, dict[str, str]] = {
    "you_may": {"en": "you may", "fr": "vous pouvez"},
    "pool": {"en": "pool", "fr": "cagnotte"},
    "stake": {"en": "stake {stake}, you have put in {put}", "fr": "enjeu {stake}, vous avez mis {put}"},
    "declare_in_turn": {"en": "declare in turn", "fr": "déclarez à votre tour"},
    "left_alone": {"en": "you are left alone", "fr": "vous restez seul"},
    "wanted": {"en": "the card wanted is {a}; you hold {n}", "fr": "la carte attendue est un {r} ; vous en tenez {n}"},
    "new_run": {"en": "you lead a new sequence; you hold {n}", "fr": "vous ouvrez une nouvelle suite ; vous en tenez {n}"},
    "fold": {"en": "fold", "fr": "abandon"},
    "more": {"en": "{n} more", "fr": "{n} de plus"},
    "say": {"en": "say", "fr": "dites"},
    "declare": {"en": "declare (e.g. {examples})", "fr": "déclarez (p. ex. {examples})"},
    "lay": {"en": "lay", "fr": "posez"},
    "lead": {"en": "lead", "fr": "ouvrez avec"},
    "any_of": {"en": "any of", "fr": "l'une de"},
    "or": {"en": "or", "fr": "ou"},
    "hand": {"en": "Your hand ({n} cards): {cards}", "fr": "Votre main ({n} cartes) : {cards}"},
    "to_type": {"en": "  to type: {cards}", "fr": "  à taper : {cards}"},
    "pools": {"en": "Pools: {pools}", "fr": "Cagnottes : {pools}"},
    "none": {"en": "none", "fr": "aucune"},
    "stake_on": {"en": "Stake on the {stage}: {stake}; you have put in {put}",
                 "fr": "Enjeu du {stage} : {stake} ; vous avez mis {put}"},
    "cards_left": {"en": "Cards left: {left}", "fr": "Cartes restantes : {left}"},
    "chips": {"en": "Chips: {chips}", "fr": "Jetons : {chips}"},
    "this_hand": {"en": "this hand", "fr": "ce coup"},
    "so_far": {"en": "This hand so far:", "fr": "Ce coup jusqu'ici :"},
    "nothing_yet": {"en": "(nothing yet)", "fr": "(rien encore)"},
    "legal": {"en": "legal: {said}", "fr": "permis : {said}"},
    "not_allowed": {"en": "Not allowed", "fr": "Refusé"},
    "rule": {"en": "rule", "fr": "règle"},
    "leave": {"en": "You leave the table.", "fr": "Vous quittez la table."},
    "partie_over": {"en": "The partie is over. Chips: {chips}", "fr": "La partie est finie. Jetons : {chips}"},
    "payments": {"en": "Payments this hand:", "fr": "Paiements de ce coup :"},
    "net": {"en": "Net this hand: {net}", "fr": "Net de ce coup : {net}"},
    "carried": {"en": "Carried to the next hand: {pools}", "fr": "Reporté au coup suivant : {pools}"},
    "played_x": {"en": "played {mult}", "fr": "joué {mult}"},
    "each_antes": {"en": "each player puts {n} chip{s} in each of the {pools} pools (ante)",
                   "fr": "chaque joueur met {n} jeton{s} dans chacune des cagnottes {pools} (mise)"},
    "nothing_played": {"en": "Nothing of that line was played.", "fr": "Rien de cette ligne n'a été joué."},
    "record_failed": {"en": "The record could not be written to {path} ({why}): it holds {saved} finished "
                            "hands; the game goes on, and the record is tried again after each hand.",
                      "fr": "Le compte rendu n'a pu être écrit dans {path} ({why}) : il tient {saved} coups "
                            "finis ; la partie continue, et il sera de nouveau écrit après chaque coup."},
    "now": {"en": "Now", "fr": "Maintenant"},
    "commands": {"en": "Commands (at any prompt):", "fr": "Commandes (à toute invite) :"},
}

HELP: dict[str, tuple[str, ...]] = {
    "en": (
        "Announcements (English or French, any case):",
        "  bidding: pass | call | raise 3 | 5 cards, 31 | quinte to the king | brelan of jacks",
        "           that's fine | nothing | show | conceal | blank hand",
        "  cards:   one or more cards then, when you cannot go on, 'without N':",
        "           7H 8S without 9   (cards as 7H, 10S, QS, KD; also 'seven of hearts')",
        "           after a card that makes a hoc, 'hoc!' on the same line: KS hoc!",
        "  A card line is checked whole: if any part is illegal, none of it is played.",
        "  The arrow keys edit the line; up and down recall the lines typed before.",
    ),
    "fr": (
        "Annonces (en français ou en anglais, majuscules ou non) :",
        "  enchères : passe | tiens | renvie 3 | 5 cartes, 31 | quinte au roi | brelan de valets",
        "             c'est bon | rien | montre | cache | cartes blanches",
        "  cartes :   une ou plusieurs cartes puis, quand vous ne pouvez suivre, « sans N » :",
        "             7H 8S sans 9   (cartes comme 7H, 10S, QS, KD ; ou « sept de cœur »)",
        "             après une carte qui fait un hoc, « hoc! » sur la même ligne : KS hoc!",
        "  Une ligne de cartes est vérifiée entière : si une partie est refusée, rien n'est joué.",
        "  Les flèches éditent la ligne ; haut et bas rappellent les lignes déjà tapées.",
    ),
}


def text(lang: str, key: str, **values: object) -> str:
    """The phrase ``key`` in ``lang``, with ``values`` filled in."""
    return _TEXTS[key][lang].format(**values)


def stage_title(stage: str, lang: str = "en") -> str:
    """``Point``, ``Blank hand``, ``Cards``; another stage id by itself (``triple_pool`` -> ``Triple pool``)."""
    return STAGE_TITLES[lang].get(stage) or stage.replace("_", " ").replace("-", " ").capitalize()


def join_or(items: Sequence[str], lang: str = "en") -> str:
    """``a, b or c`` (``a, b ou c``)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {text(lang, 'or')} " + items[-1]


#: The bots' names by seat (one more than the most seats, for when the player takes one).
BOT_NAMES_AT_TABLE = ("Anne", "Blaise", "Colette", "Denise", "Edmond", "Firmin", "Gaston",
                      "Hortense", "Isidore")


def seat_names(name: str, seat: int, players: int) -> tuple[str, ...]:
    """The player's ``name`` at ``seat``; the bots are Anne, Blaise, Colette by seat
    (skipping the player's own name).

    >>> seat_names("You", 0, 3), seat_names("Blaise", 1, 3)
    (('You', 'Blaise', 'Colette'), ('Anne', 'Blaise', 'Colette'))
    >>> seat_names("Anne", 2, 3)
    ('Blaise', 'Colette', 'Anne')
    """
    used = {name.lower()}
    out = []
    for s in range(players):
        if s == seat:
            out.append(name)
            continue
        bot = BOT_NAMES_AT_TABLE[s]
        if bot.lower() in used:
            bot = next(n for n in BOT_NAMES_AT_TABLE if n.lower() not in used)
        used.add(bot.lower())
        out.append(bot)
    return tuple(out)


def chip_move_words(m: ChipMove, names: Sequence[str]) -> str:
    """A chip move in short words, without what the hand showed: ``Blaise pays You 4 chips (cards left)``.
    (The narration of a hand, with what each payment is for, is :class:`hocdsl.narrate.Narrator`.)"""
    why = reason_words(m.reason)
    n = f"{m.amount} chip{'s' if m.amount != 1 else ''}"
    if isinstance(m.payer, int):
        if isinstance(m.payee, int):
            return f"{verb(names[m.payer], 'pays')} {names[m.payee]} {n} ({why})"
        return f"{verb(names[m.payer], 'puts')} {n} in the {m.payee.chance} pool ({why})"
    if isinstance(m.payee, int):
        return f"{verb(names[m.payee], 'takes')} {n} from the {m.payer.chance} pool ({why})"
    return f"{n} from the {m.payer.chance} pool to the {m.payee.chance} pool ({why})"
