"""Text -> action values: the lark parser for the announcement language.

The grammar is ``grammar.lark`` beside this file, completed with the
vocabulary's names for sequences and tricons (``SEQUENCE_NAME``,
``TRICON_NAME``). It is parsed LALR(1) with lark's contextual lexer and an
inline :class:`Transformer`, so no parse tree is built: each rule hands its
action value straight up. One parser is built per vocabulary and cached.

>>> parse_announcement("Quinte au Roi")
[DeclareSequence(length=5, top=13)]
>>> parse_announcement("7H 8S without 9")
[Play(card=19), Play(card=7), Without(rank=9)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Final, Literal, Union, cast

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedInput

from hocdsl.actions import (
    CALL, CONCEAL, CONCEDE, DECLARE_BLANK, HOC_MARK, NOTHING, PASS, PLAY, RAISE,
    SHOW, WITHOUT, Action, Answer, Discard, DeclarePoint, DeclareSequence, DeclareTricon, Draw, HocMark, Hold,
    Meld, Play, Raise, ToScore, TurnUp, EQUAL, NOT_GOOD,
)
from hocdsl.cards import (
    ACE, KING, NUM_CARDS, RANK_WORDS, CardError, SUIT_WORDS, card_of, fold, parse_card, rank_name, with_article,
)

from .errors import AnnouncementError
from .vocabulary import Vocabulary

GRAMMAR_FILE = Path(__file__).with_name("grammar.lark")

Said = Union[Action, HocMark]


class _Problem(Exception):
    """Raised inside the transformer: a well-formed phrase that says something
    impossible (a rank 14, a quinte to the three). Carries the folded position."""

    def __init__(self, pos: int, message: str) -> None:
        super().__init__(message)
        self.pos = pos
        self.message = message


# ------------------------------------------------------------ the grammar --


def _alternatives(words: list[str]) -> str:
    """``("quatrieme" | "quart")`` for a terminal; words of several parts
    accept any spacing between them."""
    if not words:
        return "/(?!x)x/"  # a ruleset without such names: a terminal that never matches
    alts = []
    for w in sorted(set(words), key=lambda w: (-len(w), w)):
        parts = [f'"{p}"' for p in w.split()]
        alts.append(" /\\s+/ ".join(parts))
    return "(" + " | ".join(alts) + ")"


#: The compact cards of a French table (``--lang fr``): the rank letters R, D, V too, and the
#: suit letters P (pique), C (cœur), K (carreau), T (trèfle) beside S, H, D: C is hearts there.
_CARD_EN = "CARD.2: /(1[0-3]|[1-9]|[atjqk])[shdc♠♥♦♣♤♡♢♧](#[1-4])?/ _WORD_END"
_CARD_FR = "CARD.2: /(1[0-3]|[1-9]|[atjqkrdv])[shdpckt♠♥♦♣♤♡♢♧](#[1-4])?/ _WORD_END"
_RANK_LETTER_EN = 'RANK_LETTER: "a" | "t" | "j" | "q" | "k"'
_RANK_LETTER_FR = 'RANK_LETTER: "a" | "t" | "j" | "q" | "k" | "r" | "d" | "v"'

#: The notations of compact cards, by the table's language.
CARD_NOTATIONS = ("en", "fr")


def grammar_text(vocab: Vocabulary, cards: str = "en") -> str:
    """The full grammar for ``vocab``: grammar.lark plus the three terminals of its words; with
    ``cards="fr"``, compact cards in the French letters too (:data:`_CARD_FR`)."""
    base = GRAMMAR_FILE.read_text(encoding="utf-8")
    if cards == "fr":
        assert _CARD_EN in base and _RANK_LETTER_EN in base  # the lines the French notation widens
        base = base.replace(_CARD_EN, _CARD_FR).replace(_RANK_LETTER_EN, _RANK_LETTER_FR)
    return (
        base
        + "\n// ---- written by parser.py from the vocabulary ("
        + vocab.ruleset.replace("\n", " ")
        + ") ----\n"
        + f"SEQUENCE_NAME: {_alternatives(vocab.sequence_words())} _WORD_END\n"
        + f"TRICON_NAME: {_alternatives(vocab.tricon_words())} _WORD_END\n"
        + f"CLAIM_WORD: {_alternatives(vocab.claim_words())} _WORD_END\n"
    )


# -------------------------------------------------------- the transformer --


#: The most digits a number said at the table may have: no count, value or
#: raise comes near it, and ``int()`` is never handed a string of thousands.
MAX_DIGITS = 9


#: the points a declaration may say in words (folded), English and French
_MELD_POINTS: Final = {"ten": 10, "twenty": 20, "forty": 40, "fifty": 50, "cinquante": 50, "sixty": 60, "eighty": 80, "a hundred": 100,
                       "one hundred": 100, "two hundred and fifty": 250, "five hundred": 500, "dix": 10,
                       "vingt": 20, "quarante": 40, "soixante": 60, "quatre-vingts": 80, "quatre-vingt": 80,
                       "cent": 100, "deux cent cinquante": 250, "cinq cents": 500}
#: a combination's name as said (folded) -> its score reason (engine/events.py)
_MELD_NAMES: Final = {
    "double bezique": "double-bezique", "double besigue": "double-bezique", "bezique": "bezique",
    "triple bezique": "triple-bezique", "triple besigue": "triple-bezique",
    "quadruple bezique": "quadruple-bezique", "quadruple besigue": "quadruple-bezique",
    "besigue": "bezique", "royal marriage": "royal-marriage", "mariage d'atout": "royal-marriage",
    "mariage royal": "royal-marriage", "marriage": "marriage", "mariage": "marriage",
    "sequence in trumps": "trump-sequence", "sequence": "", "sequence d'atout": "trump-sequence", "seven of trumps": "trump-seven", "sept d'atout": "trump-seven",
    "four aces": "four-aces", "four kings": "four-kings", "four queens": "four-queens",
    "four knaves": "four-knaves", "four jacks": "four-knaves", "quatre as": "four-aces",
    "quatre rois": "four-kings", "quatre dames": "four-queens", "quatre valets": "four-knaves",
}


def _pos(tok: Token) -> int:
    """Where ``tok`` starts in the folded text (lark's lexer always says; 0 if not)."""
    return tok.start_pos or 0


def _shown(tok: str) -> str:
    """``tok`` (a token or a word of one) as a message may quote it: a very
    long number by its length."""
    text = str(tok)
    if len(text) > MAX_DIGITS and text.isdigit():
        return f"{text[:MAX_DIGITS]}… (a number of {len(text)} digits)"
    return text


def _number(tok: Token, low: int, high: int | None, rule: str) -> int:
    """``tok`` as an int in ``low..high``, else a problem saying ``rule``.

    A number of more than :data:`MAX_DIGITS` digits is refused before it is
    converted (``int()`` of thousands of digits is slow, and refused past 4,300).
    """
    if len(tok) > MAX_DIGITS:
        raise _Problem(_pos(tok), f"{rule}, not {_shown(tok)}")
    n = int(tok)
    if n < low or (high is not None and n > high):
        raise _Problem(_pos(tok), f"{rule}, not {n}")
    return n


#: Numbers of cards said in words (folded), for a discard and Piquet's point.
_COUNT_WORDS: dict[str, int] = {
    "none": 0, "aucune": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "un": 1, "une": 1, "deux": 2, "trois": 3,
    "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "neuf": 9, "dix": 10, "onze": 11, "douze": 12}


def _count(tok: Token, low: int, high: int, rule: str) -> int:
    """A COUNT_WORD (``five``, ``cinq``, ``5``) as an int in ``low..high``."""
    n = _COUNT_WORDS.get(str(tok))
    if n is None:
        return _number(tok, low, high, rule)
    if not low <= n <= high:
        raise _Problem(_pos(tok), f"{rule}, not {n}")
    return n


#: The stakes "je poque" may name in words (folded: lower case, no accents).
_STAKE_WORDS: dict[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5,
    "sept": 7, "huit": 8, "neuf": 9, "dix": 10}


def _named(size: int | None, name: Token) -> int:
    """The size the vocabulary gives ``name``, a SEQUENCE_NAME or TRICON_NAME:
    those terminals are written from the vocabulary's own words, so it has one."""
    if size is None:
        raise AssertionError(f"{str(name)!r} matched {name.type} but is not in the vocabulary")
    return size


@dataclass(frozen=True, slots=True)
class RankSaid:
    """A rank as said (``rank``, ``height``, ``of_rank``): the rank, and where
    its word starts in the folded text, for an error about it."""

    rank: int
    pos: int


@dataclass(frozen=True, slots=True)
class QualitySaid:
    """``major`` or ``minor`` as said (``quality``), and where."""

    kind: Literal["major", "minor"]
    pos: int


#: What a turn's parts hand up: one card, a one-suit run of cards, a hoc's mark, a "without".
TurnPart = Union[Action, HocMark, list[Action]]


@v_args(inline=True)
class AnnouncementBuilder(Transformer[Token, list[Said]]):
    """Builds action values from the rules of grammar.lark, bottom up.

    One method a rule, one argument a part of it (an optional part written
    ``[in brackets]`` in the grammar comes as None when left out). ``rank``
    yields a :class:`RankSaid`, ``quality`` a :class:`QualitySaid`, and each
    announcement rule its action (a turn a list of them); positions let a
    well-formed but impossible phrase be reported at the right word.

    >>> builder = AnnouncementBuilder(Vocabulary.default())
    >>> builder.point(Token("CARD_COUNT", "5", start_pos=0), None)
    DeclarePoint(cards=5, value=None)
    """

    def __init__(self, vocab: Vocabulary, cards: str = "en") -> None:
        super().__init__(visit_tokens=False)
        self.vocab = vocab
        #: compact cards by their spelling, in the table's notation
        self.compact = _COMPACT_CARDS_FR if cards == "fr" else _COMPACT_CARDS

    def start(self, said: Said | list[Said]) -> list[Said]:
        return said if isinstance(said, list) else [said]

    # bidding
    def pass_(self) -> Action:
        return PASS

    def call(self) -> Action:
        return CALL

    def raise_(self, chips: Token) -> Action:
        n = _number(chips, 1, None, "a raise is at least 1 chip")
        return RAISE[n] if n < len(RAISE) else Raise(n)

    def poque(self, stake: Token | None) -> Action:
        """"je poque" (enc-poque1): a raise of ``stake`` chips, one when none is said."""
        n = 1 if stake is None else _STAKE_WORDS.get(str(stake)) or _number(
            stake, 1, None, "a poque is at least 1 chip")
        return RAISE[n] if n < len(RAISE) else Raise(n)

    # declarations
    def point(self, count: Token, value: Token | None) -> Action:
        cards = _number(count, 1, 13, "a point is 1 to 13 cards of one suit")
        chips = _number(value, 0, None, "a point's value is a number of chips") if value is not None else None
        return DeclarePoint(cards, chips)

    def point_named(self, count: Token, value: Token | None) -> Action:
        """Piquet's call of the point by its cards: "point of five", "point de cinq, 48"."""
        cards = _count(count, 1, 13, "a point is 1 to 13 cards of one suit")
        chips = _number(value, 0, None, "a point's value is a number") if value is not None else None
        return DeclarePoint(cards, chips)

    def set_counted(self, count: Token, rank: RankSaid) -> Action:
        """Piquet's sets by their count: "fourteen aces" (four), "three kings" (three)."""
        return DeclareTricon(4 if str(count) == "fourteen" else 3, rank.rank)

    def not_good(self) -> Action:
        return Answer(NOT_GOOD)

    def equal(self) -> Action:
        return Answer(EQUAL)

    def discard(self, count: Token | None, *rest: Play | tuple[int, ...] | None) -> Action:
        """"I discard five: 7S 8S 9H 10D JC [and take ...]": the cards laid out (as many as
        the number said, when one is), then maybe the cards taken."""
        take = rest[-1] if rest else None
        plays = [p for p in rest[:-1] if isinstance(p, Play)]
        cards = tuple(p.card for p in plays)
        if count is not None:
            n = _count(count, 0, 12, "a discard is 0 to 12 cards")
            if not plays and n:
                raise _Problem(_pos(count), f"name the {n} cards you lay out: "
                                            f"\"I discard {n}: 7S 8S ...\"")
            if n != len(plays):
                raise _Problem(_pos(count), f"{n} cards said, {len(plays)} named")
        if len(set(cards)) != len(cards):
            raise _Problem(0, "a card is named twice in the discard")
        if take is not None and not isinstance(take, tuple):  # pragma: no cover - the grammar's
            take = None
        return Discard.of(cards, take)

    def taking(self, *plays: Play) -> tuple[int, ...]:
        return tuple(p.card for p in plays)

    def sequence(self, head: Token, height: RankSaid | None, quality: QualitySaid | None) -> Action:
        if head.type == "SEQUENCE_NAME":
            length = _named(self.vocab.sequence_length(head), head)
            name = self.vocab.sequence_word(length) or str(head)
        else:
            length = _number(head, 1, 13, "a run is 1 to 13 cards long")
            name = f"sequence of {length}"
        top = None
        order = self.vocab.order
        if height is not None:
            # as high as its number, the ace above the king where the ace is high (a run the pack
            # cannot hold, a tierce to the eight in Piquet, is the engine's to refuse, with its rule)
            reach = 14 if height.rank == ACE and order[-1] == ACE else height.rank
            if reach < length:
                raise _Problem(height.pos, f"{with_article(name)} cannot be to the {rank_name(height.rank)}: "
                                           f"a run of {length} reaches at least the {rank_name(length)}")
            top = height.rank
        if quality is not None:
            # major: to the top card of the order (the king; the ace, ace high); minor: from its lowest
            wanted = order[-1] if quality.kind == "major" else order[min(length, len(order)) - 1]
            if top is not None and top != wanted:
                what = (f"to the {rank_name(wanted)}" if quality.kind == "major"
                        else f"from the {rank_name(order[0])}, to the {rank_name(wanted)}")
                raise _Problem(quality.pos, f'"{quality.kind}" means {what}, '
                                            f"but the height says to the {rank_name(top)}")
            top = wanted
        return DeclareSequence(length, top)

    def height(self, rank: RankSaid) -> RankSaid:
        return rank

    def tricon(self, head: Token, of: RankSaid | None, quality: QualitySaid | None) -> Action:
        if head.type == "TRICON_NAME":
            size = _named(self.vocab.tricon_size(head), head)
        else:
            size = _number(head, 1, 4, "a tricon is 1 to 4 cards of one rank")
        rank = of.rank if of is not None else None
        if quality is not None:
            wanted = KING if quality.kind == "major" else ACE
            if rank is not None and rank != wanted:
                what = "kings" if quality.kind == "major" else "aces"
                raise _Problem(quality.pos, f'"{quality.kind}" means {what}, but the rank says {rank_name(rank)}s')
            rank = wanted
        return DeclareTricon(size, rank)

    def of_rank(self, rank: RankSaid) -> RankSaid:
        return rank

    def cards_or_rank(self, rank: RankSaid | None = None) -> RankSaid | None:
        return rank  # None after "cards": "tricon of 4 cards"

    def quality(self, word: Token) -> QualitySaid:
        return QualitySaid("major" if word.type == "MAJOR" else "minor", _pos(word))

    def concede(self) -> Action:
        return CONCEDE

    def nothing(self) -> Action:
        return NOTHING

    # lone winner, blank hand
    def show(self) -> Action:
        return SHOW

    def conceal(self) -> Action:
        return CONCEAL

    def blank_hand(self) -> Action:
        return DECLARE_BLANK

    # the card turned up, what is held
    def turn_up(self, play: Play) -> Action:
        return TurnUp(play.card)

    def draw(self, play: Play) -> Action:
        return Draw(play.card)

    def meld(self, points: Token | None, name: Token | None, *plays: Play | ToScore | None) -> Action:
        """"I score forty for bézique: QS JD": the cards, and what is said of them (checked
        against what they make by the tricks stage, :meth:`~hocdsl.engine.tricks.TricksStage.check_meld`),
        and what is said to score after it."""
        said, what = self._meld_said(points, name)
        later = plays[-1] if plays and not isinstance(plays[-1], Play) else None
        return Meld.of(tuple(p.card for p in plays if isinstance(p, Play)), what, said, later)

    def to_score(self, points: Token | None, name: Token | None, _word: Token, *plays: Play | None) -> ToScore:
        """"and twenty to score", "et vingt à marquer : KS QS": checked against the cards shown by
        :meth:`~hocdsl.engine.melds.MeldTable.to_score`."""
        said, what = self._meld_said(points, name)
        return ToScore(tuple(p.card for p in plays if isinstance(p, Play)), what, said)

    @staticmethod
    def _meld_said(points: Token | None, name: Token | None) -> tuple[int, str]:
        """The points and the combination said in a declaration (-1 and "": unsaid)."""
        said = -1
        if points is not None:
            word = " ".join(str(points).split())
            said = int(word) if word.isdigit() else _MELD_POINTS[word]
        what = ""
        if name is not None:
            words = " ".join(str(name).replace("'", "' ").split()).replace("' ", "'")
            for head in ("for ", "de ", "d'", "pour "):
                if words.startswith(head):
                    words = words[len(head):].strip()
                    break
            for art in ("the ", "a ", "le ", "la ", "un ", "l'"):
                if words.startswith(art):
                    words = words[len(art):].strip()
                    break
            what = _MELD_NAMES[words]
        return said, what

    def hold_trumps(self, *ranks: RankSaid) -> Action:
        return Hold.of(trumps=tuple(r.rank for r in ranks))

    def hold_cards(self, *plays: Play) -> Action:
        return Hold.of(cards=tuple(p.card for p in plays))

    def hold_pair(self, rank: RankSaid) -> Action:
        return Hold.of(pair=rank.rank)

    # the card game
    def turn(self, *parts: TurnPart) -> list[Said]:
        out: list[Said] = []
        for part in parts:
            if isinstance(part, list):  # a one-suit run: its cards in order
                out.extend(part)
            else:
                out.append(part)
        return out

    def suited(self, run: Token) -> list[Action]:
        """``sept, huit de cœur``: each rank takes the suit of the last card."""
        words = _RUN_SPLIT.split(str(run).strip())
        last = parse_card(" ".join(words[-3:]))
        suit = last // 13
        cards: list[Action] = [PLAY[card_of(RANK_WORDS[w], suit)] for w in words[:-3]]
        return cards + [PLAY[last]]

    def card(self, word: Token) -> Play:
        text, copy = str(word), 0
        if "#" in text:  # a copy named by its pack (pack.copies): QS#2 is copy 1
            text, _, k = text.partition("#")
            text, copy = text.strip(), NUM_CARDS * (int(k) - 1)
        card = self.compact.get(text)
        if card is not None:
            return PLAY[card + copy]
        if card is None:
            try:
                card = parse_card(text) + copy
            except CardError:  # "14 de pique": the rank is out of range
                rank = _shown(word.split()[0])
                raise _Problem(_pos(word), f"there is no rank {rank}: ranks run from 1 (ace) "
                                           f"to 13 (king)") from None
        return PLAY[card]

    def hoc(self, claim: Token | None = None) -> HocMark:
        return HOC_MARK  # "hoc!" or the ruleset's CLAIM_WORD: the same mark

    def card_as(self, play: Play, as_rank: Token) -> Action:
        """``9D as 4`` / ``9D comme quatre``: the card, led as the rank named."""
        word = str(as_rank).split()[-1]
        r = RANK_WORDS.get(word)
        if r is None:
            raise _Problem(_pos(as_rank), f"there is no rank {_shown(word)}: ranks run from 1 (ace) to 13 (king)")
        return Play(play.card, r)

    def without(self, rank: RankSaid) -> Action:
        return WITHOUT[rank.rank]

    def rank(self, word: Token) -> RankSaid:
        r = RANK_WORDS.get(str(word))
        if r is None:
            raise _Problem(_pos(word), f"there is no rank {_shown(word)}: ranks run from 1 (ace) to 13 (king)")
        return RankSaid(r, _pos(word))


_RUN_SPLIT = re.compile(r"[\s,]+")

#: Every compact spelling of every card, folded ("10s", "ts", "j♦", "13c") -> card.
_COMPACT_CARDS: dict[str, int] = {
    r + s: card_of(RANK_WORDS[r], SUIT_WORDS[s])
    for r in [str(n) for n in range(1, 14)] + ["a", "t", "j", "q", "k"]
    for s in "shdc♠♥♦♣♤♡♢♧"
}


#: The same in the French notation: R, D, V the king, queen and jack; P, C, K, T the suits (C hearts).
_COMPACT_CARDS_FR: dict[str, int] = {
    r + s: card_of(RANK_WORDS[r], suit)
    for r in [str(n) for n in range(1, 14)] + ["a", "t", "j", "q", "k", "r", "d", "v"]
    for s, suit in (("s", 0), ("h", 1), ("d", 2), ("p", 0), ("c", 1), ("k", 2), ("t", 3),
                    ("♠", 0), ("♥", 1), ("♦", 2), ("♣", 3), ("♤", 0), ("♡", 1), ("♢", 2), ("♧", 3))
}


@lru_cache(maxsize=64)
def parser_for(vocab: Vocabulary, cards: str = "en") -> Lark:
    """The LALR parser for ``vocab`` (built once per vocabulary and card notation)."""
    return Lark(
        grammar_text(vocab, cards),
        parser="lalr",
        lexer="contextual",
        transformer=AnnouncementBuilder(vocab, cards),
        propagate_positions=False,
    )


# ------------------------------------------------------------- folding ----

_STRAIGHTEN = {"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u00b4": "'", "`": "'",
               "\ufe0f": "", "\ufe0e": ""}


def _fold_letter(ch: str) -> str:
    """A non-ASCII character folded, unless it would fold to a digit: digits
    are ASCII only, so "²" or a full-width "２" is never read as 2."""
    f = fold(ch)
    return ch if any(c.isdigit() for c in f) else f


def fold_text(text: str) -> tuple[str, Callable[[int], int]]:
    """Fold ``text`` for the grammar and give a map from folded positions
    back to positions in ``text``.

    >>> folded, back = fold_text("Tierce à la Dame")
    >>> folded, back(12)
    ('tierce a la dame', 12)
    """
    if text.isascii() and "`" not in text:
        return text.lower(), lambda i: i
    out: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        f = _STRAIGHTEN.get(ch)
        if f is None:
            f = ch.lower() if ch.isascii() else _fold_letter(ch)
        out.append(f)
        origin.extend([i] * len(f))
    origin.append(len(text))
    return "".join(out), lambda i: origin[min(i, len(origin) - 1)]


# --------------------------------------------------------------- parsing --


def parse_announcement(text: str, vocab: Vocabulary | None = None, cards: str = "en") -> list[Said]:
    """What ``text`` says, as action values.

    A bid, a declaration or an answer gives one action; a card-play turn gives
    its ``Play``, ``HocMark`` and ``Without`` values in the order said.
    ``vocab`` is the ruleset's vocabulary (default: Lalanne's names).

    >>> parse_announcement("je renvie de 5")
    [Raise(amount=5)]
    >>> parse_announcement("Brelan de valets")
    [DeclareTricon(size=3, rank=11)]
    >>> parse_announcement("KC hoc! 8S without 9")
    [Play(card=51), HocMark(), Play(card=7), Without(rank=9)]

    ``cards`` is the notation of compact cards: ``en`` (``KC`` the king of clubs) or, at a
    French table, ``fr``, which reads the French letters too (``RT`` the king of clubs, ``DP``
    the queen of spades) and takes C for cœur (``KC`` the king of hearts):

    >>> parse_announcement("RT VC", cards="fr"), parse_announcement("KC", cards="fr")
    ([Play(card=51), Play(card=23)], [Play(card=25)])

    Raises :class:`AnnouncementError` (a caret under the problem and what was
    expected there) for anything else.
    """
    if vocab is None:
        vocab = Vocabulary.default()
    if cards not in CARD_NOTATIONS:
        raise ValueError(f"no card notation {cards!r}: use en or fr")
    return list(_parse(text, vocab, cards))


@lru_cache(maxsize=8192)
def _parse(text: str, vocab: Vocabulary, cards: str = "en") -> tuple[Said, ...]:
    # Records repeat themselves ("pass", "c'est bon", "without 8"); the values
    # are frozen, so a cache of whole announcements is safe.
    folded, back = fold_text(text)
    parser = parser_for(vocab, cards)
    try:
        # lark types parse() as giving a Tree; with an inline transformer it gives
        # what the transformer's start() returns (AnnouncementBuilder: a list[Said])
        return tuple(cast("list[Said]", parser.parse(folded)))
    except _Problem as p:
        err = AnnouncementError(text, back(p.pos), p.message)
    except UnexpectedInput as e:
        from .explain import explain

        err = explain(e, text, folded, back, vocab, parser)
    # raised outside the handler: no lark exception (with its parser state) rides along as
    # the error's __context__, which pickling libraries (tblib) would try to carry
    raise err
