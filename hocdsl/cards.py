"""Cards, ranks, suits, their notations, and hands as 52-bit sets.

The pack is the ordinary 52-card French pack, kings high and aces low
(K Q J 10 9 ... 2 A; Lalanne, 002 §1). A card is a plain ``int`` from 0 to 51::

    card = suit * 13 + (rank - 1)

where ``rank`` runs from 1 (ace) to 13 (king) and ``suit`` is 0 spades,
1 hearts, 2 diamonds, 3 clubs. A *hand* is an ``int`` whose bit ``card`` is
set when the card is held, so union, removal and membership are single
integer operations and a hand can be evaluated millions of times a second.

>>> parse_card("JD") == card_of(11, DIAMONDS)
True
>>> card_name(parse_card("valet de carreau"))
'JD'
>>> sorted_cards(parse_hand("10S JS QS"))
[9, 10, 11]
>>> hand_str(parse_hand("jack of diamonds, 7♠"))
'7S JD'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Final, TypeAlias

#: A card: ``suit * 13 + rank - 1``, 0..51.
Card: TypeAlias = int
#: A set of cards: bit ``card`` set when the card is in it (python-chess's Bitboard).
Hand: TypeAlias = int
#: A rank: 1 (ace) .. 13 (king), whatever order the pack puts them in.
Rank: TypeAlias = int
#: A seat at the table: 0..n-1 in the direction of play.
Seat: TypeAlias = int
#: An amount of chips (a stake, a payment, what a pool holds; negative for a net loss).
Chips: TypeAlias = int

# ---------------------------------------------------------------- suits ----

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUITS: Final = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES_EN = ("spades", "hearts", "diamonds", "clubs")
SUIT_NAMES_FR = ("pique", "cœur", "carreau", "trèfle")

# ---------------------------------------------------------------- ranks ----

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS: Final = tuple(range(1, 14))  # ace (1) low to king (13) high
COURTS = (JACK, QUEEN, KING)
RANK_LETTERS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES_EN = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)
RANK_NAMES_FR = (
    "as", "deux", "trois", "quatre", "cinq", "six", "sept",
    "huit", "neuf", "dix", "valet", "dame", "roi",
)
#: English plurals, for "brelan of jacks" and friends.
RANK_PLURALS_EN = (
    "aces", "twos", "threes", "fours", "fives", "sixes", "sevens",
    "eights", "nines", "tens", "jacks", "queens", "kings",
)
RANK_PLURALS_FR = (
    "as", "deux", "trois", "quatre", "cinq", "six", "sept",
    "huit", "neuf", "dix", "valets", "dames", "rois",
)

NUM_CARDS: Final = 52
FULL_PACK: Final = (1 << NUM_CARDS) - 1
SUIT_MASK: Final = (1 << 13) - 1  # the 13 bits of one suit, shifted by suit * 13


class CardError(ValueError):
    """Text that names no card of the 52-card pack (or a malformed hand)."""


def card_of(rank: int, suit: int) -> int:
    """The card of ``rank`` (1 ace .. 13 king) and ``suit`` (0..3).

    >>> card_of(KING, CLUBS)
    51
    """
    return suit * 13 + rank - 1


def rank_of(card: int) -> int:
    """The rank of ``card``: 1 (ace) .. 13 (king)."""
    return card % 13 + 1


def suit_of(card: int) -> int:
    """The suit of ``card``: 0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    return card // 13


def bit(card: int) -> int:
    """The one-card hand holding ``card``."""
    return 1 << card


def suit_bits(hand: int, suit: int) -> int:
    """The 13-bit pattern of ``hand`` in ``suit``; bit ``rank - 1`` is set if held."""
    return (hand >> (suit * 13)) & SUIT_MASK


def rank_mask(rank: int) -> int:
    """The hand holding the four cards of ``rank``."""
    b = 1 << (rank - 1)
    return b | (b << 13) | (b << 26) | (b << 39)


RANK_MASKS: Final = tuple(rank_mask(r) for r in range(1, 14))


#: How many cards a hand holds: ``count(h)``, the same as ``h.bit_count()``; bound to
#: the method once, so that compiled code calls it straight away rather than look it
#: up on every call (the Monte Carlo bot's inner loop).
count: Final = int.bit_count


def iter_cards(hand: int) -> Iterator[int]:
    """The cards of ``hand``, lowest index first (spades ace .. clubs king)."""
    while hand:
        low = hand & -hand
        yield low.bit_length() - 1
        hand ^= low


def sorted_cards(hand: int) -> list[int]:
    """The cards of ``hand`` as a list of ints, in index order."""
    return list(iter_cards(hand))


def hand_of(cards: Iterable[int]) -> int:
    """The hand holding ``cards``; a card given twice is an error."""
    hand = 0
    for c in cards:
        if not 0 <= c < NUM_CARDS:
            raise CardError(f"no card has index {c}")
        if hand >> c & 1:
            raise CardError(f"{card_name(c)} is given twice")
        hand |= 1 << c
    return hand


# -------------------------------------------------------------- notation ----


def card_name(card: int) -> str:
    """Compact notation: rank letter(s) then suit letter, ``10S``, ``JD``, ``AH``."""
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


def card_symbol(card: int) -> str:
    """Notation with a suit symbol: ``J♦``."""
    return RANK_LETTERS[card % 13] + SUIT_SYMBOLS[card // 13]


def card_words(card: int, lang: str = "en") -> str:
    """The card in words: ``jack of diamonds`` or ``valet de carreau``."""
    r, s = card % 13, card // 13
    if lang == "fr":
        return f"{RANK_NAMES_FR[r]} de {SUIT_NAMES_FR[s]}"
    return f"{RANK_NAMES_EN[r]} of {SUIT_NAMES_EN[s]}"


def rank_name(rank: int, lang: str = "en") -> str:
    """The rank in words, singular: ``queen``, ``dame``."""
    return (RANK_NAMES_FR if lang == "fr" else RANK_NAMES_EN)[rank - 1]


def rank_letter(rank: int) -> str:
    """The rank in compact notation: ``A``, ``7``, ``10``, ``Q``."""
    return RANK_LETTERS[rank - 1]


def with_article(word: str) -> str:
    """``word`` after its indefinite article, as it sounds in English.

    >>> [with_article(w) for w in ("7", "8", "A", "11", "18", "80", "K", "ace", "eight", "queen", "quinte")]
    ['a 7', 'an 8', 'an A', 'an 11', 'an 18', 'an 80', 'a K', 'an ace', 'an eight', 'a queen', 'a quinte']
    """
    w = word.lower()
    if w[:1].isdigit():  # eight, eighty, eleven, eighteen: said with a vowel first
        vowel = w.startswith("8") or (w.startswith(("11", "18")) and len(w) in (2, 5, 8))
    else:
        vowel = w in ("a", "e", "f", "h", "i", "l", "m", "n", "o", "r", "s", "x") or w[:1] in ("a", "e", "i", "o")
    return f"{'an' if vowel else 'a'} {word}"


def a_rank(rank: int) -> str:
    """A rank in compact notation after its article: ``a 7``, ``an 8``, ``an A``, ``a Q``."""
    return with_article(rank_letter(rank))


def fold(text: str) -> str:
    """Lower-case ``text`` and strip its accents (``Cœur`` -> ``coeur``)."""
    text = text.replace("œ", "oe").replace("Œ", "oe")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


def _rank_words() -> dict[str, int]:
    words: dict[str, int] = {}
    for i in range(13):
        r = i + 1
        for table in (RANK_LETTERS, RANK_NAMES_EN, RANK_NAMES_FR, RANK_PLURALS_EN, RANK_PLURALS_FR):
            words[fold(table[i])] = r
        words[str(r)] = r
    words["t"] = 10
    words["1"] = ACE
    words["11"], words["12"], words["13"] = JACK, QUEEN, KING
    words["valets"], words["dames"], words["rois"] = JACK, QUEEN, KING
    words["r"], words["d"], words["v"] = KING, QUEEN, JACK  # French initials
    return words


#: Every accepted spelling of a rank (accent-folded, lower case) -> rank.
RANK_WORDS: dict[str, int] = _rank_words()

#: Every accepted spelling of a suit (accent-folded, lower case) -> suit.
SUIT_WORDS: dict[str, int] = {}
for _s in SUITS:
    for _w in (SUIT_LETTERS[_s], SUIT_SYMBOLS[_s], SUIT_NAMES_EN[_s], SUIT_NAMES_FR[_s]):
        SUIT_WORDS[fold(_w)] = _s
SUIT_WORDS.update({"spade": 0, "heart": 1, "diamond": 2, "club": 3, "piques": 0,
                   "coeurs": 1, "carreaux": 2, "trefles": 3, "♤": 0, "♡": 1, "♢": 2, "♧": 3})
del _s, _w


def parse_rank(text: str) -> int:
    """A rank from any accepted spelling: ``Q``, ``12``, ``queen``, ``dame``, ``dames``.

    >>> parse_rank("Dame"), parse_rank("10"), parse_rank("A")
    (12, 10, 1)
    """
    key = fold(text.strip())
    if key in RANK_WORDS:
        return RANK_WORDS[key]
    raise CardError(f"{text!r} is not a rank (expected A, 2..10, J, Q, K or a rank word)")


_COMPACT = re.compile(r"^(10|[2-9akqjt1]|1[0-3])([shdc♠♥♦♣♤♡♢♧])$")
_WORDS = re.compile(r"^(\S+)\s+(?:of|de|du|d')\s*(\S+)$")


def parse_card(text: str) -> int:
    """A card from compact, symbol or word notation, English or French.

    >>> [card_name(parse_card(t)) for t in ("10S", "TS", "J♦", "ah", "dame de pique")]
    ['10S', '10S', 'JD', 'AH', 'QS']
    """
    key = fold(text.strip())
    m = _COMPACT.match(key)
    if m:
        rank = RANK_WORDS[m.group(1)]
        return card_of(rank, SUIT_WORDS[m.group(2)])
    m = _WORDS.match(key)
    if m and m.group(1) in RANK_WORDS and m.group(2) in SUIT_WORDS:
        return card_of(RANK_WORDS[m.group(1)], SUIT_WORDS[m.group(2)])
    raise CardError(
        f"{text!r} is not a card (expected compact notation such as JD, 10S, TS, J♦, "
        f"or words such as 'jack of diamonds' / 'valet de carreau')"
    )


_LINKS = {"of", "de", "du"}


def split_cards(text: str) -> list[str]:
    """Split a list of cards into one string per card.

    Cards are separated by spaces or commas; a card in words keeps its link
    word: ``"QS, valet de carreau 7H"`` -> ``['QS', 'valet de carreau', '7H']``.
    """
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    out: list[str] = []
    i = 0
    while i < len(words):
        if i + 2 < len(words) and fold(words[i + 1]) in _LINKS:
            out.append(" ".join(words[i:i + 3]))
            i += 3
        else:
            out.append(words[i])
            i += 1
    return out


def parse_hand(text: str) -> int:
    """A hand from a list of cards separated by spaces or commas.

    Word notation may be mixed in: ``"QS, valet de carreau, 7H"``.
    A card named twice is an error.
    """
    return hand_of(parse_card(t) for t in split_cards(text))


def hand_str(hand: int, symbols: bool = False) -> str:
    """The hand in compact notation, sorted by rank then suit (``7S JD``)."""
    cards = sorted(iter_cards(hand), key=lambda c: (c % 13, c // 13))
    name = card_symbol if symbols else card_name
    return " ".join(name(c) for c in cards)


def hand_by_suit(hand: int, symbols: bool = True) -> str:
    """The hand grouped by suit, each suit from king down: ``♠ K 9 2  ♥ Q J``."""
    parts = []
    for s in SUITS:
        bits = suit_bits(hand, s)
        if bits:
            ranks = [RANK_LETTERS[i] for i in range(12, -1, -1) if bits >> i & 1]
            head = SUIT_SYMBOLS[s] if symbols else SUIT_LETTERS[s]
            parts.append(head + " " + " ".join(ranks))
    return "  ".join(parts)
