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

Packs shuffled together (``pack.copies``: Bézique's two packs of 32) hold
copies of each card. Copy ``k`` (0 for the first pack) of a card has the id
``k * 52 + card``, so a single pack's cards keep their ids 0..51 and its hands
never reach bit 52; :func:`rank_of` and :func:`suit_of` read any id. A copy is
named with ``#`` and the number of its pack (``QS#2``: the queen of spades of
the second pack); the first pack's card is named plainly (``QS``), and a card
named without a mark stands for "either copy" where the context allows (the
copy held, lowest first: :func:`held_copy`).

>>> card_name(parse_card("QS#2")), rank_of(parse_card("QS#2")), suit_of(parse_card("QS#2"))
('QS#2', 12, 0)
>>> hand_str(parse_hand("QS QS#2 JD", copies=2))
'JD QS QS#2'
>>> hand_str(parse_hand("QS QS JD", copies=2))
'JD QS QS#2'
>>> hand_str(folded(parse_hand("QS#2 JD", copies=2)))
'JD QS'
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
#: The most packs a ruleset may shuffle together (``pack.copies``; Bézique's
#: forms for more players use four).
MAX_COPIES: Final = 4
#: Card ids of every copy: copy ``k`` of ``card`` is ``k * 52 + card``, below this.
MAX_IDS: Final = NUM_CARDS * MAX_COPIES
#: The mark that names a copy: ``QS#2`` is the queen of spades of the second pack.
COPY_MARK: Final = "#"
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
    """The rank of ``card`` (any copy): 1 (ace) .. 13 (king)."""
    return card % 13 + 1


def suit_of(card: int) -> int:
    """The suit of ``card`` (any copy): 0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    return card // 13 & 3


def copy_of(card: int) -> int:
    """Which copy ``card`` is: 0 for the first pack's, 1 for the second's...

    >>> copy_of(parse_card("QS")), copy_of(parse_card("QS#2"))
    (0, 1)
    """
    return card // NUM_CARDS


def base_card(card: int) -> int:
    """The card of the first pack that ``card`` is a copy of (0..51)."""
    return card % NUM_CARDS


def copies_mask(copies: int) -> int:
    """The hand holding every copy of every card of ``copies`` packs (``FULL_PACK`` for one)."""
    return (1 << (NUM_CARDS * copies)) - 1


def all_copies(hand: int, copies: int) -> int:
    """``hand`` (cards of the first pack) with every copy of each of its cards, in
    ``copies`` packs: what a ruleset's card named plainly means in a game with copies.

    >>> hand_str(all_copies(parse_hand("QS JD"), 2))
    'JD JD#2 QS QS#2'
    """
    base = out = hand & FULL_PACK
    for k in range(1, copies):
        out |= base << (NUM_CARDS * k)
    return out


def folded(hand: int) -> int:
    """The first pack's cards of which ``hand`` holds at least one copy (a 52-bit
    hand: every helper of one pack reads it). A single pack's hand is itself."""
    out = hand & FULL_PACK
    hand >>= NUM_CARDS
    while hand:
        out |= hand & FULL_PACK
        hand >>= NUM_CARDS
    return out


def held_twice(hand: int) -> int:
    """The first pack's cards of which ``hand`` holds two copies or more.

    >>> hand_str(held_twice(parse_hand("QS QS JD JD#3 7H", copies=3)))
    'JD QS'
    """
    seen = hand & FULL_PACK
    twice = 0
    hand >>= NUM_CARDS
    while hand:
        part = hand & FULL_PACK
        twice |= seen & part
        seen |= part
        hand >>= NUM_CARDS
    return twice


def copy_counts(hand: int) -> list[int]:
    """``counts[card]``: how many copies of each card of the first pack ``hand`` holds.

    >>> copy_counts(parse_hand("QS QS#2 JD", copies=2))[parse_card("QS")]
    2
    """
    counts = [0] * NUM_CARDS
    for c in iter_cards(hand):
        counts[c % NUM_CARDS] += 1
    return counts


def held_copy(hand: int, card: int) -> int:
    """The copy of ``card`` (any copy named) that ``hand`` holds, lowest first; -1 if none.
    What the engine lays or shows when a player names a card without its copy.

    >>> card_name(held_copy(parse_hand("QS#2 JD", copies=2), parse_card("QS")))
    'QS#2'
    """
    c = card % NUM_CARDS
    while hand >> c:
        if hand >> c & 1:
            return c
        c += NUM_CARDS
    return -1


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


def hand_of(cards: Iterable[int], copies: int = 1) -> int:
    """The hand holding ``cards``; a card given twice is an error. With ``copies``
    packs, a card of the first pack given again is the next copy not yet given
    (``QS QS``: both queens of spades), and a copy named (``QS#2``) is that one."""
    hand = 0
    ids = NUM_CARDS * copies
    for c in cards:
        if not 0 <= c < ids:
            raise CardError(f"no card has index {c}" if copies == 1 or c < 0 or c >= MAX_IDS else
                            f"{card_name(c)} is no card of {copies} packs")
        if hand >> c & 1:
            if c < NUM_CARDS and copies > 1:
                c2 = c
                while c2 < ids and hand >> c2 & 1:
                    c2 += NUM_CARDS
                if c2 < ids:
                    hand |= 1 << c2
                    continue
                raise CardError(f"{card_name(c)} is given more than {copies} times ({copies} packs)")
            raise CardError(f"{card_name(c)} is given twice")
        hand |= 1 << c
    return hand


# -------------------------------------------------------------- notation ----


def copy_mark(card: int) -> str:
    """The mark naming ``card``'s copy: none for the first pack's, ``#2`` for the second's."""
    k = card // NUM_CARDS
    return f"{COPY_MARK}{k + 1}" if k else ""


def card_name(card: int) -> str:
    """Compact notation: rank letter(s) then suit letter, ``10S``, ``JD``, ``AH``;
    a copy of another pack than the first with its mark, ``QS#2``."""
    if card >= NUM_CARDS:
        return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13 & 3] + copy_mark(card)
    return RANK_LETTERS[card % 13] + SUIT_LETTERS[card // 13]


def card_symbol(card: int) -> str:
    """Notation with a suit symbol: ``J♦`` (``J♦#2``: a copy)."""
    return RANK_LETTERS[card % 13] + SUIT_SYMBOLS[card // 13 & 3] + copy_mark(card)


def card_words(card: int, lang: str = "en") -> str:
    """The card in words: ``jack of diamonds`` or ``valet de carreau`` (``... #2``: a copy)."""
    r, s = card % 13, card // 13 & 3
    mark = " " + copy_mark(card) if card >= NUM_CARDS else ""
    if lang == "fr":
        return f"{RANK_NAMES_FR[r]} de {SUIT_NAMES_FR[s]}{mark}"
    return f"{RANK_NAMES_EN[r]} of {SUIT_NAMES_EN[s]}{mark}"


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
_MARKED = re.compile(r"^(.*?)\s*#\s*([0-9]+)$")


def parse_copy(text: str) -> tuple[int, int | None]:
    """A card of the first pack (0..51) and the copy its mark names (0 for ``#1``, 1 for
    ``#2``...), or None when it has no mark ("either copy").

    >>> parse_copy("QS#2"), parse_copy("dame de pique #1"), parse_copy("QS")
    ((11, 1), (11, 0), (11, None))
    """
    m = _MARKED.match(text.strip())
    if m is None:
        return _parse_plain(text), None
    k = int(m.group(2))
    if not 1 <= k <= MAX_COPIES:
        raise CardError(f"{text!r}: a copy is marked #1 to #{MAX_COPIES} (the pack it comes from)")
    return _parse_plain(m.group(1)), k - 1


def parse_card(text: str) -> int:
    """A card from compact, symbol or word notation, English or French; a copy by its
    mark (``QS#2``), a card without a mark as the first pack's.

    >>> [card_name(parse_card(t)) for t in ("10S", "TS", "J♦", "ah", "dame de pique", "QS#2")]
    ['10S', '10S', 'JD', 'AH', 'QS', 'QS#2']
    """
    if COPY_MARK not in text:
        return _parse_plain(text)
    card, k = parse_copy(text)
    return card + NUM_CARDS * (k or 0)


def _parse_plain(text: str) -> int:
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
    if COPY_MARK in text:  # a copy's mark written apart ("dame de pique #2") joins its card
        joined: list[str] = []
        for w in words:
            if w.startswith(COPY_MARK) and joined:
                joined[-1] += w
            else:
                joined.append(w)
        words = joined
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


def parse_hand(text: str, copies: int = 1, taken: int = 0) -> int:
    """A hand from a list of cards separated by spaces or commas.

    Word notation may be mixed in: ``"QS, valet de carreau, 7H"``.
    A card named twice is an error, but with ``copies`` packs (:func:`parse_copies`).
    """
    if copies > 1:
        return parse_copies(split_cards(text), copies, taken)
    return hand_of(parse_card(t) for t in split_cards(text))


def parse_copies(words: Iterable[str], copies: int, taken: int = 0) -> int:
    """The hand ``words`` name (one card each) in a game of ``copies`` packs: a copy named
    (``QS#2``) is that one; a card named plainly is the lowest copy that neither this hand
    nor ``taken`` (the hands given before it) holds yet -- the one rule by which the deal
    given to the engine and a record's hands read either copy.

    >>> hand_str(parse_copies(["QS", "QS", "JD"], 2, taken=parse_hand("JD")))
    'JD#2 QS QS#2'
    """
    hand = 0
    ids = NUM_CARDS * copies
    for w in words:
        card, k = parse_copy(w)
        if k is not None:
            c = card + NUM_CARDS * k
            if c >= ids:
                raise CardError(f"found {w}, a card of pack {k + 1}; there are {copies} packs")
            if hand >> c & 1:
                raise CardError(f"{card_name(c)} is given twice")
        else:
            c = card
            while c < ids and (hand | taken) >> c & 1:
                c += NUM_CARDS
            if c >= ids:
                raise CardError(f"{w} is given more than {copies} times ({copies} packs)")
        hand |= 1 << c
    return hand


def hand_str(hand: int, symbols: bool = False) -> str:
    """The hand in compact notation, sorted by rank then suit, copies last (``7S JD``)."""
    cards = sorted(iter_cards(hand), key=lambda c: (c % 13, c // 13 & 3, c))
    name = card_symbol if symbols else card_name
    return " ".join(name(c) for c in cards)


def hand_by_suit(hand: int, symbols: bool = True, letters: tuple[str, ...] = RANK_LETTERS) -> str:
    """The hand grouped by suit, each suit from king down: ``♠ K 9 2  ♥ Q J``
    (a card held twice, with copies, is shown twice: ``♠ Q Q``); ``letters``, the ranks'
    letters from the ace (another language's: ``♠ R 9 2``)."""
    if hand >> NUM_CARDS:
        return _by_suit_copies(hand, symbols, letters)
    parts = []
    for s in SUITS:
        bits = suit_bits(hand, s)
        if bits:
            ranks = [letters[i] for i in range(12, -1, -1) if bits >> i & 1]
            head = SUIT_SYMBOLS[s] if symbols else SUIT_LETTERS[s]
            parts.append(head + " " + " ".join(ranks))
    return "  ".join(parts)


def _by_suit_copies(hand: int, symbols: bool, letters: tuple[str, ...]) -> str:
    counts = copy_counts(hand)
    parts = []
    for s in SUITS:
        ranks = [letters[i] for i in range(12, -1, -1) for _ in range(counts[s * 13 + i])]
        if ranks:
            head = SUIT_SYMBOLS[s] if symbols else SUIT_LETTERS[s]
            parts.append(head + " " + " ".join(ranks))
    return "  ".join(parts)
