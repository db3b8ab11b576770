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
from ..announce import Vocabulary
from ..rules.model import Ruleset
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
           "cards": "Cards", "tricks": "Tricks"},
    "fr": {"point": "Point", "sequence": "Séquence", "tricon": "Tricon", "blank-hand": "Cartes blanches",
           "cards": "Cartes", "tricks": "Les plis"},
}

_TEXTS: dict[str, dict[str, str]] = {
    "you_may": {"en": "you may", "fr": "vous pouvez"},
    "pool": {"en": "pool", "fr": "cagnotte"},
    "stake": {"en": "stake {stake}, you have put in {put}", "fr": "enjeu {stake}, vous avez mis {put}"},
    "declare_in_turn": {"en": "declare in turn", "fr": "déclarez à votre tour"},
    "left_alone": {"en": "you are left alone", "fr": "vous restez seul"},
    "wanted": {"en": "the card wanted is {a}; you hold {n}", "fr": "la carte attendue est {a} ; vous avez {n} carte{s}"},
    "new_run": {"en": "you lead a new sequence; you hold {n}", "fr": "vous ouvrez une nouvelle suite ; vous avez {n} carte{s}"},
    "fold": {"en": "fold", "fr": "abandon"},
    "trick_lead": {"en": "trick {n}: you lead; you hold {h} card{s}", "fr": "pli {n} : vous jouez en premier ; vous avez {h} carte{s}"},
    "trick_follow": {"en": "trick {n}: {cards} on the table; you hold {h} card{s}",
                     "fr": "pli {n} : {cards} sur le tapis ; vous avez {h} carte{s}"},
    "trick_trumps": {"en": "; {suit} are trumps", "fr": " ; {suit} est l'atout"},
    "trick_stock": {"en": "; {n} in the stock", "fr": " ; {n} au talon"},
    "play": {"en": "play", "fr": "jouez"},
    "points_deal": {"en": "Points this deal: {points}", "fr": "Points de ce coup : {points}"},
    "points_partie": {"en": "Points in the partie: {points}", "fr": "Points de la partie : {points}"},
    "more": {"en": "{n} more", "fr": "{n} de plus"},
    "say": {"en": "say", "fr": "dites"},
    "declare": {"en": "declare (e.g. {examples})", "fr": "déclarez (p. ex. {examples})"},
    "to_score": {"en": "to score: {what}", "fr": "à marquer : {what}"},
    "discard_more": {"en": "... or up to {most} cards: 'I discard 7S 8S ...'",
                     "fr": "... ou jusqu'à {most} cartes : « j'écarte 7S 8S ... »"},
    "discard": {"en": "lay out {least} to {most} cards and take as many (e.g. '{example}')",
                "fr": "écartez de {least} à {most} cartes et prenez-en autant (p. ex. '{example}')"},
    "lay": {"en": "lay", "fr": "posez"},
    "lead": {"en": "lead", "fr": "ouvrez avec"},
    "any_of": {"en": "any of", "fr": "l'une de"},
    "or": {"en": "or", "fr": "ou"},
    "hand": {"en": "Your hand ({n} cards): {cards}", "fr": "Votre main ({n} cartes) : {cards}"},
    "to_type": {"en": "  to type: {cards}", "fr": "  à taper : {cards}"},
    "pools": {"en": "Pools: {pools}", "fr": "Cagnottes : {pools}"},
    "none": {"en": "none", "fr": "aucune"},
    "stake_on": {"en": "Stake on the {stage}: {stake}; you have put in {put}",
                 "fr": "Enjeu {of_stage} : {stake} ; vous avez mis {put}"},
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
    "then": {"en": "; ", "fr": " ; "},
    "each_antes": {"en": "each player puts {n} chip{s} in each of the {pools} pools (ante)",
                   "fr": "chaque joueur met {n} jeton{s} dans chacune des cagnottes {pools} (mise)"},
    "each_antes_by_pool": {"en": "each player puts in the pools (ante): {pools}",
                           "fr": "chaque joueur met dans les cagnottes (mise) : {pools}"},
    "seat_antes": {"en": "{puts} in the pools (ante): {pools}", "fr": "{puts} dans les cagnottes (mise) : {pools}"},
    "nothing_played": {"en": "Nothing of that line was played.", "fr": "Rien de cette ligne n'a été joué."},
    "record_failed": {"en": "The record could not be written to {path} ({why}): it holds {saved} finished "
                            "hands; the game goes on, and the record is tried again after each hand.",
                      "fr": "Le compte rendu n'a pu être écrit dans {path} ({why}) : il tient {saved} coups "
                            "finis ; la partie continue, et il sera de nouveau écrit après chaque coup."},
    "no_record": {"en": "No hand was finished: no record written to {path}.",
                  "fr": "Aucun coup n'a été fini : pas de compte rendu écrit dans {path}."},
    "record_error": {"en": "error: cannot write the record {path}: {why}; it holds {saved} of the {kept} hand{s} "
                           "finished",
                     "fr": "erreur : le compte rendu {path} ne peut être écrit : {why} ; il tient {saved} des "
                           "{kept} coup{s} finis"},
    "record_written": {"en": "Record written to {path} ({kept} hand{s}); `hoc replay {path}` plays it back.",
                       "fr": "Compte rendu écrit dans {path} ({kept} coup{s}) ; `hoc replay {path}` le rejoue."},
    "quote": {"en": "'{said}'", "fr": "« {said} »"},
    "now": {"en": "Now", "fr": "Maintenant"},
    "commands": {"en": "Commands (at any prompt):", "fr": "Commandes (à toute invite) :"},
    "banner": {"en": "hoc play {name} — seed {seed} (replay this game with --seed {seed}); type `help` for help.",
               "fr": "hoc play {name} — graine {seed} (rejouez cette partie avec --seed {seed}) ; "
                     "tapez `aide` pour l'aide."},
    "hand_head": {"en": "=== Hand {number}{total} ({name}) — {deals}; {is_} eldest (speaks and plays first) ===",
                  "fr": "=== Coup {number}{total} ({name}) — {deals} ; {is_} premier en main "
                        "(parle et joue le premier) ==="},
    "of_total": {"en": " of {n}", "fr": " sur {n}"},
    "folds": {"en": " (folds)", "fr": " (abandonne)"},
    "stake_now": {"en": "   (stake now {level})", "fr": "   (enjeu à présent {level})"},
    "stake_is": {"en": "   (stake {level})", "fr": "   (enjeu {level})"},
    "wild": {"en": " (wild)", "fr": " (pour une autre carte)"},
    "hoc_counted": {"en": "\"hoc!\": your hoc is already counted; go on with your turn. ",
                    "fr": "« hoc ! » : votre hoc est déjà compté ; continuez votre tour. "},
    "hoc_none": {"en": "\"hoc!\": there is no hoc of yours there; it is said right after the card that "
                       "makes a hoc, on the same line (\"KS hoc!\"). ",
                 "fr": "« hoc ! » : vous n'avez pas de hoc ici ; il se dit juste après la carte qui "
                       "fait un hoc, sur la même ligne (« {example} hoc! »). "},
    "hoc_after": {"en": "\"hoc!\"{after}: there is no hoc of yours there. ",
                  "fr": "« hoc ! »{after} : vous n'avez pas de hoc ici. "},
    "after": {"en": " after {before}", "fr": " après {before}"},
    "too_late": {"en": "after \"{before}\" the hand is over: \"{what}\" comes too late. ",
                 "fr": "après « {before} » le coup est fini : « {what} » vient trop tard. "},
    "not_yours": {"en": "after \"{before}\" it is {who}'s turn, so \"{what}\" cannot be yours. ",
                  "fr": "après « {before} » c'est à {who} de jouer, donc « {what} » ne peut venir de vous. "},
    "hoc_bidding": {"en": "\"hoc!\": there is no hoc in the bidding; it is said in the card game, "
                          "right after the card that makes one (\"KS hoc!\"). ",
                    "fr": "« hoc ! » : il n'y a pas de hoc dans les enchères ; il se dit dans le jeu de cartes, "
                          "juste après la carte qui en fait un (« {example} hoc! »). "},
    "one_at_a_time": {"en": "\"{line}\": say one thing at a time in the bidding "
                            "(a bid, a declaration, \"show\" or \"pass\"). ",
                      "fr": "« {line} » : une chose à la fois dans les enchères "
                            "(une enchère, une déclaration, « montre » ou « passe »). "},
    "part_of": {"en": "{not_allowed}: \"{what}\", part {i} of {n} of your line: {why}. ",
                "fr": "{not_allowed} : « {what} », partie {i} sur {n} de votre ligne : {why}. "},
    "refused": {"en": "{not_allowed}: {why}", "fr": "{not_allowed} : {why}"},
    "rule_line": {"en": "  {rule}: {cite}", "fr": "  {rule} : {cite}"},
    "allowed_now": {"en": "{now}, {you_may}: {legal}.", "fr": "{now}, {you_may} : {legal}."},
    "prompt": {"en": "{title}{where} — {you_may}: {legal}", "fr": "{title}{where} — {you_may} : {legal}"},
}

#: The help on announcements, line by line; ``{...}`` filled from the loaded ruleset (:func:`help_lines`),
#: and a line whose key names something the ruleset lacks is left out.
HELP: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (
        ("", "Announcements (English or French, any case):"),
        ("bidding", "  bidding: {bids}"),
        ("bidding", "           {answers}"),
        ("blank_only", "  blank hand: {blank} (or nothing)"),
        ("cards", "  cards:   one or more cards then, when you cannot go on, 'without N':"),
        ("cards", "           7H 8S without 9   (cards as 7H, 10S, QS, KD; also 'seven of hearts')"),
        ("cards", "           in English C is clubs (in a French session, --lang fr, C is hearts)"),
        ("hoc", "           after a card that makes a hoc, 'hoc!' on the same line: KS hoc!"),
        ("cards", "  A card line is checked whole: if any part is illegal, none of it is played."),
        ("", "  The arrow keys edit the line; up and down recall the lines typed before."),
    ),
    "fr": (
        ("", "Annonces (en français ou en anglais, majuscules ou non) :"),
        ("bidding", "  enchères : {bids}"),
        ("bidding", "             {answers}"),
        ("blank_only", "  cartes blanches : {blank} (ou rien)"),
        ("cards", "  cartes :   une ou plusieurs cartes puis, quand vous ne pouvez suivre, « sans N » :"),
        ("cards", "             7C 8P sans 9   (cartes comme 7C, 10P, DP, RK ; ou « sept de cœur »)"),
        ("cards", "             lettres : R roi, D dame, V valet ; P pique, C cœur, K carreau, T trèfle"),
        ("cards", "             (C est cœur en français ; en anglais, --lang en, C est trèfle)"),
        ("hoc", "             après une carte qui fait un hoc, « hoc! » sur la même ligne : RP hoc!"),
        ("cards", "  Une ligne de cartes est vérifiée entière : si une partie est refusée, rien n'est joué."),
        ("", "  Les flèches éditent la ligne ; haut et bas rappellent les lignes déjà tapées."),
    ),
}


def help_lines(rules: Ruleset, lang: str, vocab: Vocabulary) -> list[str]:
    """The help on announcements for ``rules``: only what it uses (the bidding words where it bids,
    a declaration of each combination it bids on, the blank hand, the cards and hocs)."""
    from ..actions import (
        Call, Conceal, Concede, DeclareBlank, DeclarePoint, DeclareSequence, DeclareTricon, Nothing, Pass, Raise,
        Show,
    )
    from ..announce import format_action

    def said(a: object) -> str:
        return format_action(a, vocab, lang)  # type: ignore[arg-type]

    has = {"": True, "bidding": bool(rules.vie_stages), "cards": rules.card_game is not None,
           "blank_only": rules.blank_hand is not None and not rules.vie_stages,
           "hoc": rules.card_game is not None}
    bids = [said(Pass()), said(Call()), said(Raise(3))]
    if rules.point is not None:
        bids.append(said(DeclarePoint(5, 31)))
    if rules.sequence is not None:
        bids.append(said(DeclareSequence(5, 13)))
    if rules.tricon is not None:
        bids.append(said(DeclareTricon(3, 11)))
    answers = [said(Concede()), said(Nothing()), said(Show()), said(Conceal())]
    if rules.blank_hand is not None:
        answers.append(said(DeclareBlank()))
    values = {"bids": " | ".join(bids), "answers": " | ".join(answers), "blank": said(DeclareBlank())}
    return [line.format(**values) for key, line in HELP[lang] if has.get(key, False)]


def text(lang: str, key: str, **values: object) -> str:
    """The phrase ``key`` in ``lang``, with ``values`` filled in."""
    return _TEXTS[key][lang].format(**values)


def stage_title(stage: str, lang: str = "en", rules: Ruleset | None = None) -> str:
    """``Point``, ``Blank hand``, ``Cards``; the name ``rules`` gives the stage in ``lang``
    (``Le point``); another stage id by itself (``triple_pool`` -> ``Triple pool``)."""
    if rules is not None:
        named = rules.display_name(stage, lang)
        if named != stage:
            return named[:1].upper() + named[1:]
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
