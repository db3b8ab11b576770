"""Knob values in words a historian reads; titles of knobs and stages.

Titles and words come from the model (:class:`~hocdsl.rules.model.KnobSpec`):
a choice's words, a format string, or one of the renderers below for
structured values. :func:`describe` renders a resolved model value or the
plain YAML value of a ruleset file alike.

>>> from hocdsl.rules import load_ruleset
>>> r = load_ruleset("hoc-mazarin")
>>> knob_title(r, "bidding.raise_cap")
'Raise cap'
>>> describe(r, "bidding.raise_cap", 20)
'a raise may add at most 20 chips over the last stake'
>>> describe(r, "settle.end_payment", r.settle.end_payment)
'1 card left pays 6; 2 pays 4; 3–9 pay 1 a card; 10 or more pay 2 a card'
>>> describe(r, "card_game.principal_hocs", ["JD", "QS", "KC", "KD", "KH", "KS"])
'KS KH KD KC QS JD'
>>> section_title(r, "card_game"), section_title(r, "pools.point")
('The card game', 'Pool: point')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from ..cards import card_name, parse_card, rank_of, suit_of
from .model import (
    CardPayment, EndBracket, HeldCharge, KnobSpec, Payment, Ruleset,
)

CATALOG_FILE = "knobs.yaml"


@lru_cache(maxsize=1)
def catalog() -> dict[str, Any]:
    """What the sources say (``knobs.yaml``) as plain data: ``sources``, ``knobs``."""
    text = resources.files(__package__).joinpath(CATALOG_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


# ------------------------------------------------------------ titles ----

#: Titles of the top-level sections and of each kind of stage.
SECTION_TITLES = {"pack": "The pack", "deal": "The deal", "table": "The table",
                  "bidding": "Bidding (every vie stage)"}
STAGE_TITLES = {("vie", "point"): "The point", ("vie", "run"): "The sequence",
                ("vie", "set"): "The tricon", ("claims", "blank-hand"): "Blank hands",
                ("stops", None): "The card game", ("settle", None): "Settling the card game",
                ("turnup", None): "The card turned up", ("holding", None): "Pools taken by holding",
                ("tricks", None): "Tricks"}


def section_title(rules: Ruleset, prefix: str) -> str:
    """The title of a knob group: a section, a pool (``pools.point``) or a stage id."""
    if prefix in SECTION_TITLES:
        return SECTION_TITLES[prefix]
    if prefix.startswith("pools."):
        return f"Pool: {prefix[6:]}"
    st = rules.stage(prefix)
    base = STAGE_TITLES.get((st.kind, getattr(st, "on", None)), st.id)
    kind_ids = [s.id for s in rules.stages if (s.kind, getattr(s, "on", None)) == (st.kind, getattr(st, "on", None))]
    return base if len(kind_ids) == 1 else f"{base} ({st.id})"


def knob_title(rules: Ruleset, path: str) -> str:
    """The knob's title, from the model."""
    return rules.knob_spec(path).title


# ------------------------------------------------------------ helpers ----


def bounds_words(lo: int | None, hi: int | None) -> str:
    """A knob's bounds in words.

    >>> bounds_words(1, 1000), bounds_words(0, None), bounds_words(None, None)
    ('from 1 to 1,000', 'at least 0', 'any')
    """
    if lo is not None and hi is not None:
        return f"from {lo:,} to {hi:,}"
    if lo is not None:
        return f"at least {lo:,}"
    if hi is not None:
        return f"at most {hi:,}"
    return "any"


def _n(k: int | str, one: str, many: str | None = None) -> str:
    """``1 chip``, ``2 chips``; an amount already in words (``1 fiche``) as it is."""
    if isinstance(k, str):
        return k
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


def _hand_size(value: Mapping[Any, int]) -> str:
    return "; ".join(f"{p} players: {c} cards each" for p, c in _int_items(value))


def _cards_by_players(value: Mapping[Any, int] | None) -> str:
    if not value:
        return "the same pack at every number of players"
    return "; ".join(f"{p} players: {c} cards" for p, c in _int_items(value)) + "; others: pack.cards"


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


def _scores_by_count(value: Mapping[Any, Any], unit: str) -> str:
    return "; ".join(f"{k} {unit}: {v}" for k, v in _int_items(value))


def _card_key(card: int) -> tuple[int, int]:
    return (-rank_of(card), suit_of(card))


def _cards(value: Iterable[Any]) -> str:
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


def _card(value: Any) -> str:
    if value is None:
        return "none"
    return card_name(parse_card(value) if isinstance(value, str) else int(value))


def _card_payments(value: Iterable[Any]) -> str:
    parts = []
    for v in value:
        cards, each = (v.cards, v.each) if isinstance(v, CardPayment) else (v["cards"], v["each"])
        parts.append(f"{_cards(cards)}: {_n(each, 'chip')} from each other player")
    return "; ".join(parts) or "none"


def _held_charges(value: Iterable[Any]) -> str:
    parts = []
    for v in value:
        if isinstance(v, HeldCharge):
            cards, each, win = v.cards, v.to_each, v.to_winner
        else:
            cards, each, win = v["cards"], v.get("to_each", 0), v.get("to_winner", 0)
        pay = [x for x in (f"{each} to each other player" if each else "",
                           f"{win} to the winner" if win else "") if x]
        parts.append(f"each of {_cards(cards)} still held: {' and '.join(pay) or 'nothing'}")
    return "; ".join(parts) or "none"


_CLAIM_WORDS = {"principal": "principal hocs", "permanent": "permanent hocs",
                "end-of-run": "end-of-run hocs", "accidental": "accidental hocs",
                "laid": "cards paid when laid", "board": "board boxes"}


def _claim_kinds(value: Iterable[str]) -> str:
    kinds = [_CLAIM_WORDS.get(k, k) for k in value]
    if not kinds:
        return "nothing: every payment and take comes without a word"
    return ", ".join(kinds) + " must be claimed (\"hoc!\")"


def _claim_words(value: Iterable[str]) -> str:
    words = [f'"{w}!"' for w in value]
    if not words:
        return '"hoc!" only'
    return '"hoc!" or ' + " or ".join(words)


_RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def _rank_values(value: Mapping[Any, int] | None) -> str:
    if not value:
        return "court_value and ace_value; the pips their face value"
    from .build import rank_number
    items = sorted(((rank_number(k) if isinstance(k, str) else int(k), v) for k, v in value.items()))
    return ", ".join(f"{_RANK_WORDS.get(r, str(r))} {v}" for r, v in items) + "; other ranks as usual"


def _card_points(value: Mapping[Any, int] | None) -> str:
    if not value:
        return "no points for the cards won"
    from .build import rank_number
    items = sorted(((rank_number(k) if isinstance(k, str) else int(k), v) for k, v in value.items()))
    return "the winner of a trick scores " + ", ".join(
        f"{v} for each {_RANK_WORDS.get(r, str(r))}" for r, v in items) + " in it"


def _rank_order(value: Iterable[Any] | None) -> str:
    if value is None:
        return "the pack's order"
    return "from the highest: " + ", ".join(_RANK_WORDS.get(_rank_of(v), str(_rank_of(v))) for v in value)


def _counting_ranks(value: Iterable[Any] | None) -> str:
    if value is None:
        return "every card"
    return "only " + ", ".join(f"the {_rank_word(_rank_of(v))}s" for v in sorted(_rank_of(v) for v in value))


def _players(value: Iterable[int] | None) -> str:
    if value is None:
        return "those deal.hand_size lists"
    ns = sorted(int(n) for n in value)
    return (", ".join(str(n) for n in ns[:-1]) + " or " + str(ns[-1]) if len(ns) > 1 else str(ns[0])) + " players"


def _units(value: Mapping[str, int] | None) -> str:
    if not value:
        return "one unit (chips)"
    items = sorted(value.items(), key=lambda kv: kv[1])
    small = items[0][0]
    return f"the {small}; " + "; ".join(f"a {n} is worth {w} {small}s" for n, w in items[1:]) if len(items) > 1 \
        else f"the {small}"


_STEP_WORDS = {"sweep": "going out at once takes the pools", "end-payment": "the losers pay",
               "held-charges": "charges for cards held", "board-held": "board cards held double their boxes"}


def _steps(value: Iterable[str]) -> str:
    return "; then ".join(_STEP_WORDS.get(s, s) for s in value)


def _rank_of(v: Any) -> int:
    from .build import rank_number
    return rank_number(v) if isinstance(v, str) else int(v)


def _rank_word(v: Any) -> str:
    r = _rank_of(v)
    return _RANK_WORDS.get(r, str(r))


def _removed_cards(value: Iterable[Any]) -> str:
    cards = list(value)
    return f"{_cards(cards)} taken out" if cards else "none: every card of the pack is in play"


def _removed_ranks(value: Iterable[Any]) -> str:
    ranks = sorted(_rank_of(v) for v in value)
    if not ranks:
        return "none"
    return ", ".join(f"the {_rank_word(r)}s" for r in ranks) + " taken out, and out of the order"


def _trump_rank(value: Any) -> str:
    return "none" if value is None else f"the {_rank_word(value)} of trumps"


def _holding_claims(value: Iterable[Any]) -> str:
    parts = []
    for v in value:
        get = (lambda k, d=None: getattr(v, k)) if not isinstance(v, Mapping) else v.get
        trumps, cards = tuple(get("trumps", ()) or ()), tuple(get("cards", ()) or ())
        if trumps:
            what = " and ".join(f"the {_rank_word(r)}" for r in trumps) + " of trumps"
            what = ("holding " + what + (" together" if len(trumps) > 1 else ""))
        elif cards:
            what = f"holding {_cards(cards)}" + (" together" if len(cards) > 1 else "")
        elif get("pair", False):
            what = "holding a pair (two or more cards of a rank)"
        else:
            what = "going out first"
        parts.append(f"{get('pool')}: {what}")
    return "; ".join(parts) or "none"


def _partie_deals(value: int | None) -> str:
    if value is None:
        return "no number of deals set: the players stop when they like"
    return f"{value} deal{'s' if value != 1 else ''}, then the partie is over"


def _partie_target(value: int | None) -> str:
    if value is None:
        return "no score ends it"
    return f"it ends after the deal in which a player has won {value} chips or more"


def _partie_points(value: int | None) -> str:
    if value is None:
        return "no score in points ends it"
    return f"it ends after the deal in which a player has scored {value} points or more over the partie"


def _unsettled(value: int | None) -> str | None:
    return "points are not settled in chips" if value is None else None


def _points_per_chip(value: int | None) -> str:
    if value is None:
        return "the points are not settled in chips"
    return f"the loser pays the winner a chip for each {_n(value, 'point')} of the game's value"


def _game_bonus(value: int | None) -> str:
    return _unsettled(value) or f"the winner adds {_n(value or 0, 'point')} for the game"


def _rubicon_bonus(value: int | None) -> str:
    if value is None:
        return "nobody is rubiconed"
    return f"the winner adds {_n(value, 'point')} for the game when the loser is rubiconed"


def _points_rounding(value: int | None) -> str:
    if value is None:
        return "points are not settled in chips"
    if value == 1:
        return "every point counts"
    return f"the totals are counted down to a multiple of {value:,} (fractions disregarded)"


def _least_difference(value: int | None) -> str:
    if value is None:
        return "points are not settled in chips"
    if value == 0:
        return "the difference counts as it is"
    return f"a difference below {_n(value, 'point')} counts as {value:,}"


def _rubicon(value: int | None) -> str:
    if value is None:
        return "nobody is rubiconed"
    return f"a loser who has not reached {_n(value, 'point')} is rubiconed"


def _rubiconed_least(value: int | None) -> str:
    if value is None:
        return "nobody is rubiconed"
    if value == 0:
        return "a rubiconed total counts as it is"
    return f"a rubiconed total below {value:,} counts as {value:,}"


def _double_bonus(value: int) -> str:
    if not value:
        return "nothing more than the multiplier gives"
    return f"each other player pays the winner of a doubled chance {value} more, whatever he holds"


_RENDER: dict[str, Callable[[Any], str]] = {
    "removed_cards": _removed_cards,
    "removed_ranks": _removed_ranks,
    "trump_rank": _trump_rank,
    "holding_claims": _holding_claims,
    "partie_deals": _partie_deals,
    "partie_target": _partie_target,
    "partie_points": _partie_points,
    "points_per_chip": _points_per_chip,
    "game_bonus": _game_bonus,
    "rubicon_bonus": _rubicon_bonus,
    "points_rounding": _points_rounding,
    "least_difference": _least_difference,
    "rubicon": _rubicon,
    "rubiconed_least": _rubiconed_least,
    "double_bonus": _double_bonus,
    "hand_size": _hand_size,
    "cards_by_players": _cards_by_players,
    "point_keys": _point_keys,
    "sequence_keys": _sequence_keys,
    "tricon_keys": _tricon_keys,
    "names": lambda v: _names_by_count(v, "cards"),
    "sequence_payments": _sequence_payments,
    "tricon_payments": _tricon_payments,
    "set_names": lambda v: _names_by_count(v, "of a rank"),
    "sequence_scores": lambda v: _scores_by_count(v, "cards"),
    "set_scores": lambda v: _scores_by_count(v, "of a rank"),
    "end_payment": lambda v: _end_payment(v) if v else "none",
    "cards": lambda v: _cards(v) or "none",
    "card": _card,
    "multiplier": _max_multiplier,
    "card_payments": _card_payments,
    "held_charges": _held_charges,
    "rank_values": _rank_values,
    "card_points": _card_points,
    "rank_order": _rank_order,
    "counting_ranks": _counting_ranks,
    "players": _players,
    "units": _units,
    "steps": _steps,
    "claim_kinds": lambda v: _claim_kinds(v),
    "claim_words": _claim_words,
}


def words_for(spec: KnobSpec, value: Any) -> str:
    """A value in the words its :class:`KnobSpec` gives."""
    w = spec.words
    if isinstance(w, Mapping):
        try:
            return str(w[value])
        except (KeyError, TypeError):
            return str(value)
    if isinstance(w, str):
        if "{v}" in w:
            return w.format(v=value)
        if w in _RENDER:
            return _RENDER[w](value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def describe(rules: Ruleset, path: str, value: Any) -> str:
    """The value of the knob at ``path`` in words; an amount the file wrote in units
    (``{fiche: 1, jeton: 9}``) in those units, with its worth in the smallest unit."""
    spec = rules.knob_spec(path)
    joint = _with_first_turn_out(rules, path, value)
    if joint is not None:
        return joint
    written = _written(rules, path, value)
    if isinstance(written, str) and isinstance(spec.words, str) and "{v}" in spec.words:
        # the amount names its units: "{v} chips" says "1 fiche (10 jetons)"
        return spec.words.replace("{v} chips", "{v}").replace("{v} chip", "{v}").format(v=written)
    if written is not None:
        return words_for(spec, written)
    return words_for(spec, value)


_TIMES = {2: "double", 3: "triple", 4: "four times as much", 6: "six times as much", 8: "eight times as much"}


def _with_first_turn_out(rules: Ruleset, path: str, value: Any) -> str | None:
    """The words of ``first_turn_out_factor`` and ``first_turn_out_pools`` where the stage's
    ``first_turn_out`` already doubles the payment or takes the pools: the knob's own words
    ("the losers pay as usual", "he takes no pool for it") would say the opposite of what is
    played. None for every other knob and case."""
    stage, _, name = path.rpartition(".")
    if name not in ("first_turn_out_factor", "first_turn_out_pools"):
        return None
    try:
        first = getattr(rules.section_of(path), "first_turn_out", None)
    except KeyError:
        return None
    if name == "first_turn_out_factor" and first == "losers-pay-double" and isinstance(value, int):
        times = _TIMES.get(2 * value, f"{2 * value} times as much")
        if value == 1:
            return (f"no factor of its own: the losers pay double all the same, by {stage}.first_turn_out "
                    "(losers-pay-double)")
        return (f"×{value}, on top of the double of {stage}.first_turn_out (losers-pay-double): the losers "
                f"pay {times}")
    if name == "first_turn_out_pools" and first == "takes-all-pools" and value is False:
        return (f"no sweep of its own: he takes every pool all the same, by {stage}.first_turn_out "
                "(takes-all-pools)")
    return None


def _written(rules: Ruleset, path: str, value: Any) -> Any:
    """The file's own form of ``value`` with each amount in units put in words, when the
    file wrote the knob (or this alternative) in units; else None."""
    from .units import written_words

    prov = rules.provenance.get(path)
    if prov is None:
        return None
    units = rules.table.units or {}
    smallest = min(units.items(), key=lambda kv: kv[1])[0] if units else "chip"
    candidates = [(prov.written, rules.knobs().get(path))] + [(a.provenance.written, a.value)
                                                               for a in prov.alternatives]
    for written, model_value in candidates:
        if written is None or model_value != value:
            continue

        def words(v: Any, amount: bool = True) -> Any:
            if isinstance(v, Mapping) and amount and all(isinstance(x, int) for x in v.values()) \
                    and all(k in units for k in v):
                from .units import to_chips
                total = to_chips(v, units)
                return f"{written_words(v)} ({total} {smallest}s)" if len(v) > 1 or \
                    units.get(next(iter(v))) != 1 else written_words(v)
            if isinstance(v, Mapping):
                return {k: words(x) for k, x in v.items()}
            if isinstance(v, list):
                return [words(x) for x in v]
            return v

        return words(written)
    return None
