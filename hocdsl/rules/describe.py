"""Knob values in words a historian reads, and the titles of the knob catalog.

Titles, stages and questions come from ``knobs.yaml`` (the knob catalog);
:func:`describe` renders one knob's value, whether it is the resolved model
value (mappings keyed by int, tuples of :class:`EndBracket`, a frozenset of
card ints, :class:`Payment` records) or the plain YAML value of a ruleset file.

>>> knob_title("bidding.raise_cap")
'Raise cap'
>>> knob_stage("bidding.raise_cap")
'Bidding the chances'
>>> describe("bidding.raise_cap", 20)
'a raise may add at most 20 chips over the last stake'
>>> from hocdsl.rules.model import EndBracket
>>> describe("card_game.end_payment", (EndBracket(1, 1, fixed=6),
...     EndBracket(2, 2, fixed=4), EndBracket(3, 9, per_card=1), EndBracket(10, per_card=2)))
'1 card left pays 6; 2 pays 4; 3–9 pay 1 a card; 10 or more pay 2 a card'
>>> describe("card_game.principal_hocs", ["JD", "QS", "KC", "KD", "KH", "KS"])
'KS KH KD KC QS JD'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from ..cards import card_name, parse_card, rank_of, suit_of
from .model import EndBracket, Payment

CATALOG_FILE = "knobs.yaml"


# ------------------------------------------------------------ catalog ----


@lru_cache(maxsize=1)
def catalog() -> dict[str, Any]:
    """The knob catalog (``knobs.yaml``) as plain data: ``sources``, ``stages``, ``knobs``."""
    text = resources.files(__package__).joinpath(CATALOG_FILE).read_text(encoding="utf-8")
    return yaml.safe_load(text)


def _entry(path: str) -> Mapping[str, Any]:
    try:
        return catalog()["knobs"][path]
    except KeyError:
        raise KeyError(f"no knob `{path}` in the knob catalog") from None


def knob_title(path: str) -> str:
    """The knob's title in the historian's words.

    >>> knob_title("table.hand_size")
    'Players and cards dealt'
    """
    return _entry(path)["title"]


def knob_stage(path: str) -> str:
    """The title of the stage of the game the knob belongs to.

    >>> knob_stage("card_game.end_payment")
    'The card game'
    """
    return catalog()["stages"][_entry(path)["stage"]]


def knob_question(path: str) -> str:
    """What the knob decides, as a question."""
    return " ".join(_entry(path)["question"].split())


def stages() -> dict[str, str]:
    """Stage keys (the model's sections) and their titles, in the order of play."""
    return dict(catalog()["stages"])


# ------------------------------------------------------------ helpers ----


def _n(k: int, one: str, many: str | None = None) -> str:
    """``1 chip``, ``2 chips``."""
    return f"{k} {one if k == 1 else (many or one + 's')}"


def _plain(value: Any) -> Any:
    """Payment/EndBracket records and YAML dicts alike, as dicts; other values unchanged."""
    if isinstance(value, Payment):
        return {"plain": value.plain, "major": value.major}
    if isinstance(value, EndBracket):
        return {"min": value.min, "max": value.max, "fixed": value.fixed,
                "per_card": value.per_card, "above": value.above, "plus": value.plus}
    return value


def _int_items(mapping: Mapping[Any, Any]) -> list[tuple[int, Any]]:
    return sorted(((int(k), v) for k, v in mapping.items()), key=lambda kv: kv[0])


def _names(value: Any) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def _choice(words: Mapping[Any, str]) -> Callable[[Any], str]:
    def render(value: Any) -> str:
        try:
            return words[value]
        except (KeyError, TypeError):
            return str(value)
    return render


# ------------------------------------------------------------ renderers ----


def _hand_size(value: Mapping[Any, int]) -> str:
    return "; ".join(f"{p} players: {c} cards each" for p, c in _int_items(value))


def _chances(value: Iterable[str]) -> str:
    v = list(value)
    return ", then ".join(v)


def _point_keys(value: Iterable[str]) -> str:
    words = {"cards": "the most cards", "value": "the highest value"}
    v = list(value)
    text = ", then ".join(words.get(k, k) for k in v)
    return text + (" alone" if len(v) == 1 else "")


def _sequence_keys(value: Iterable[str]) -> str:
    words = {"length": "the longest", "height": "the highest top card"}
    return ", then ".join(words.get(k, k) for k in value)


def _tricon_keys(value: Iterable[str]) -> str:
    words = {"size": "four of a rank over three", "rank": "the higher rank"}
    return ", then ".join(words.get(k, k) for k in value)


def _names_by_count(value: Mapping[Any, Any], unit: str) -> str:
    parts = []
    for k, names in _int_items(value):
        n = _names(names)
        also = f" (also {', '.join(n[1:])})" if len(n) > 1 else ""
        parts.append(f"{k} {unit}: {n[0]}{also}")
    return "; ".join(parts)


def _sequence_payments(value: Mapping[Any, Any]) -> str:
    parts = []
    for k, p in _int_items(value):
        p = _plain(p)
        parts.append(f"run of {k}: {p['plain']} (to the king {p['major']})")
    return "; ".join(parts)


def _tricon_payments(value: Mapping[Any, Any]) -> str:
    parts = []
    for k, p in _int_items(value):
        p = _plain(p)
        parts.append(f"{k} of a rank: {p['plain']} (of kings {p['major']})")
    return "; ".join(parts)


def _claim(kind: str) -> Callable[[str], str]:
    words = {
        "declared-only": f"only the {kind} that won is paid",
        "lower-than-declared": f"the {kind} that won and every lower one he shows",
        "all-held": f"every {kind} he holds, higher or lower than the one that won",
    }
    return _choice(words)


def _card_key(card: int) -> tuple[int, int]:
    return (-rank_of(card), suit_of(card))


def _principal_hocs(value: Iterable[Any]) -> str:
    cards = [parse_card(c) if isinstance(c, str) else int(c) for c in value]
    return " ".join(card_name(c) for c in sorted(cards, key=_card_key))


def _bracket_range(b: Mapping[str, Any], first: bool) -> tuple[str, bool]:
    """``("3–9", True)``: a bracket's span of cards left, and whether it is a span."""
    lo, hi = b["min"], b.get("max")
    if hi is None:
        text, span = f"{lo} or more", True
    elif hi == lo:
        text, span = f"{lo}", False
    else:
        text, span = f"{lo}–{hi}", True
    if first:
        text += " card left" if (lo == 1 and not span) else " cards left"
    return text, span


def _end_payment(value: Iterable[Any]) -> str:
    parts = []
    for i, raw in enumerate(value):
        b = _plain(raw)
        span, is_span = _bracket_range(b, first=(i == 0))
        verb = "pay" if is_span else "pays"
        if b.get("fixed") is not None:
            parts.append(f"{span} {verb} {b['fixed']}")
            continue
        per, above, plus = b.get("per_card", 0) or 0, b.get("above", 0) or 0, b.get("plus", 0) or 0
        if above == 0 and plus == 0:
            parts.append(f"{span} {verb} {per} a card")
        elif above == 0:
            parts.append(f"{span} {verb} {plus} plus {per} a card")
        else:
            parts.append(f"{span} {verb} {plus} plus {per} for each card past the {_ordinal(above)}")
    return "; ".join(parts)


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


def _max_multiplier(value: int) -> str:
    if value <= 1:
        return "never doubled: a chance passed by all is played single again"
    steps = ["double after one all-pass hand"]
    words = {3: "triple", 4: "quadruple"}
    for m in range(3, value + 1):
        steps.append(f"{words.get(m, f'×{m}')} after {_COUNT_WORDS.get(m - 1, m - 1)} in a row")
    return f"{', '.join(steps)} (at most ×{value})"


_BOOL: dict[str, tuple[str, str]] = {
    # path: (when true, when false)
    "antes.on_carried_pool": (
        "everyone antes again into a pool carried over from an all-pass hand",
        "no ante into a pool carried over from an all-pass hand",
    ),
    "bidding.may_return_after_pass": (
        "a player who passed before any raise may come back in by calling or raising",
        "a pass is final, even before any raise",
    ),
    "bidding.declaring_closes_bidding": (
        "a declaration before any raise closes the bidding: everyone declares in turn",
        "a declaration does not close the bidding",
    ),
    "bidding.lone_winner_must_show": (
        "a player left alone must show his combination",
        "a player left alone wins without showing; he shows only to be paid for his combination",
    ),
    "double_game.carry_pool": (
        "a chance passed by all keeps its pool for the next hand",
        "a chance passed by all loses its pool",
    ),
    "sequence.longer_ranks_higher": (
        "a run longer than the cap beats one at the cap (though paid alike)",
        "a run longer than the cap ranks as one at the cap; height decides between them",
    ),
    "blank_hand.optional": (
        "the holder may declare it or keep quiet",
        "the holder must declare it",
    ),
    "card_game.must_cover": (
        "a player holding the next card must play it",
        "a player may decline to play the next card though he holds it",
    ),
    "card_game.principal_may_withhold": (
        "the holder need not play a principal hoc for its own rank (\"queen without king\" though holding a king)",
        "a principal hoc must be played for its own rank like any other card",
    ),
    "card_game.principal_lead_pays": (
        "leading a principal hoc counts as a hoc and is paid",
        "a principal hoc led to start a run is not paid",
    ),
    "card_game.accidental_hocs": (
        "the last card of a run nobody can cover is a hoc: paid, and its player starts a new run",
        "the last card of a run nobody can cover is not a hoc",
    ),
    "card_game.last_card_hoc": (
        "a player who goes out on a card nobody could cover is paid for it as a hoc too",
        "a player who goes out on a card nobody could cover is not paid for it as a hoc",
    ),
}

_RENDER: dict[str, Callable[[Any], str]] = {
    "table.hand_size": _hand_size,
    "table.rank_order": _choice({
        "king-high-ace-low": "king high, then queen, jack, 10 down to 2; ace low",
    }),
    "table.court_value": lambda v: f"a king, queen or jack counts {v}",
    "table.ace_value": lambda v: f"an ace counts {v}; the other cards their number",
    "table.direction": _choice({
        "anticlockwise": "to the right (anticlockwise); the eldest sits at the dealer's right",
        "clockwise": "to the left (clockwise); the eldest sits at the dealer's left",
    }),
    "table.first_dealer": _choice({
        "lowest-card-deals": "each draws a card; the lowest deals first",
        "highest-card-deals": "each draws a card; the highest deals first",
    }),
    "table.draw_ties": _choice({
        "redraw": "players tied on the deciding card draw again",
    }),
    "table.dealer_rotation": _choice({
        "next-in-turn": "the deal passes in the direction of play: the eldest deals next",
        "stays": "the same player deals every hand",
    }),
    "table.starting_stake": lambda v: f"each player starts with {_n(v, 'chip')}",
    "table.insolvency": _choice({
        "stop-partie": "the partie stops after the hand in which a player cannot pay",
        "play-on": "play goes on; a stake may go below nothing",
    }),
    "antes.per_chance": lambda v: f"each player puts {_n(v, 'chip')} in each chance's pool every hand",
    "bidding.chances": _chances,
    "bidding.raise_min": lambda v: f"a raise adds at least {_n(v, 'chip')}",
    "bidding.raise_cap": lambda v: f"a raise may add at most {_n(v, 'chip')} over the last stake",
    "bidding.precedence": _choice({
        "eldest": "the eldest, then the next in turn",
        "first-declarer": (
            "whoever opened the declarations after the others passed; "
            "otherwise the eldest, then the next in turn"
        ),
    }),
    "bidding.bluff": _choice({
        "precedence-wins-pool": "precedence wins the pool and the raises, and nothing more",
        "pool-carries": "nobody wins; the pool stays for the next hand",
    }),
    "double_game.max_multiplier": _max_multiplier,
    "double_game.past_cap": _choice({
        "hold": "it stays at the highest multiplier",
        "reset": "it goes back to a single game",
    }),
    "point.keys": _point_keys,
    "sequence.min_length": lambda v: f"a run counts from {_n(v, 'card')}",
    "sequence.counts_up_to": lambda v: f"a run of more than {v} cards is paid as one of {v}",
    "sequence.names": lambda v: _names_by_count(v, "cards"),
    "sequence.keys": _sequence_keys,
    "sequence.major": _choice({"to-the-king": "a sequence is major when it runs to the king"}),
    "sequence.payments": _sequence_payments,
    "sequence.claim": _claim("sequence"),
    "tricon.names": lambda v: _names_by_count(v, "of a rank"),
    "tricon.keys": _tricon_keys,
    "tricon.major": _choice({"kings": "a tricon is major when made of kings"}),
    "tricon.payments": _tricon_payments,
    "tricon.claim": _claim("tricon"),
    "blank_hand.payment": lambda v: f"each other player pays {_n(v, 'chip')}",
    "blank_hand.timing": _choice({
        "after-chances": "declared after the three chances, before the card game",
        "before-bidding": "declared before the bidding",
    }),
    "blank_hand.ties": _choice({
        "cancel": "two or more blank hands cancel: nobody is paid",
        "all-paid": "each blank hand is paid",
    }),
    "card_game.opening_lead": _choice({
        "any": "the eldest leads any card",
        "lowest": "the eldest leads his lowest card",
    }),
    "card_game.principal_hocs": _principal_hocs,
    "card_game.principal_wild": _choice({
        "never": "a principal hoc stands only for itself",
        "when-missing": "a principal hoc may stand for the card needed when its holder lacks that card",
        "always": "a principal hoc may be played as any card",
    }),
    "card_game.hoc_payment": lambda v: f"each other player pays {_n(v, 'chip')} for every hoc",
    "card_game.end_payment": _end_payment,
    "card_game.false_without_penalty": lambda v: f"{_n(v, 'chip')} to each other player",
    "card_game.false_without_effect": _choice({
        "stands": "the 'without' stands: the word passes on and the card stays in his hand",
        "must-play": "he must lay the card after all",
    }),
}


def describe(path: str, value: Any) -> str:
    """``value`` of the knob ``path`` in words.

    >>> describe("table.hand_size", {2: 15, 3: 12})
    '2 players: 15 cards each; 3 players: 12 cards each'
    >>> describe("bidding.may_return_after_pass", False)
    'a pass is final, even before any raise'
    >>> describe("sequence.payments", {3: Payment(1, 2), 4: Payment(2, 3)})
    'run of 3: 1 (to the king 2); run of 4: 2 (to the king 3)'
    """
    _entry(path)  # an unknown path is an error, not a silent str()
    if path in _BOOL:
        yes, no = _BOOL[path]
        return yes if value else no
    render = _RENDER.get(path)
    if render is None:
        return str(value)
    return render(value)
