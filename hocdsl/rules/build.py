"""Plain YAML values -> the frozen :class:`~hocdsl.rules.model.Ruleset`, and back.

The loader has already validated the values (schema and semantic checks);
this module only converts them to the model's types, by the type each model
field declares: mappings keyed by ``int`` and wrapped read-only, tuples for
lists, card ints for card names, records for payments and brackets.

>>> from hocdsl.rules.model import VieOnRun, Stops
>>> convert(VieOnRun, "payments", {3: {"plain": 1, "major": 2}})[3]
Payment(plain=1, major=2)
>>> sorted(convert(Stops, "principal_hocs", ["KS", "JD"]))
[12, 36]
>>> yaml_value(Stops, "principal_hocs", frozenset({36, 12}))
['KS', 'JD']
"""

from __future__ import annotations

import typing
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any, get_args, get_origin

from ..cards import card_name, parse_card
from . import model
from .model import (
    SECTIONS, STAGE_CLASSES, CardPayment, EndBracket, HeldCharge, HoldingClaim, Pack, Payment, PoolRules,
    Provenance, Ruleset, Source, Tricks, knob_fields,
)


class FrozenMap(Mapping[Any, Any]):
    """A read-only mapping that, unlike ``MappingProxyType``, hashes and pickles.

    The ruleset's mappings (hand sizes, names, payments, sources, provenance)
    are these, so a :class:`Ruleset` can be sent to worker processes.

    >>> m = FrozenMap({2: 15, 3: 12})
    >>> m[3], len(m), m == {2: 15, 3: 12}
    (12, 2, True)
    >>> import pickle; pickle.loads(pickle.dumps(m)) == m
    True
    """

    __slots__ = ("_d", "_hash")

    def __init__(self, data: Mapping[Any, Any] | None = None) -> None:
        self._d = dict(data or {})
        self._hash: int | None = None

    def __getitem__(self, key: Any) -> Any:
        return self._d[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._d.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({self._d!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._d,))


@lru_cache(maxsize=None)
def field_type(cls: type, name: str) -> Any:
    """The declared type of ``cls.name``."""
    return typing.get_type_hints(cls, vars(model))[name]


def _cards(value: Any) -> frozenset[int]:
    return frozenset(parse_card(str(c)) for c in value)


def _convert_type(tp: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        inner = [a for a in args if a is not type(None)][0]
        return _convert_type(inner, value)
    if origin is frozenset:
        return _cards(value)
    if origin is tuple:
        item = args[0]
        if item is EndBracket:
            return tuple(EndBracket(**b) for b in value)
        if item is CardPayment:
            return tuple(CardPayment(cards=_cards(b["cards"]), each=b["each"]) for b in value)
        if item is HoldingClaim:
            return tuple(HoldingClaim(pool=str(b["pool"]),
                                      trumps=tuple(rank_number(r) for r in b.get("trumps", ())),
                                      cards=_cards(b.get("cards", ())), pair=bool(b.get("pair", False)),
                                      first_out=bool(b.get("first_out", False))) for b in value)
        if item is HeldCharge:
            return tuple(HeldCharge(cards=_cards(b["cards"]), to_each=b.get("to_each", 0),
                                    to_winner=b.get("to_winner", 0)) for b in value)
        return tuple(value)
    if origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
        kt, vt = args
        if kt is str:  # units: name -> worth
            return FrozenMap({str(k): int(v) for k, v in value.items()})
        items = sorted(((int(k), v) for k, v in value.items()), key=lambda kv: kv[0])
        if vt is Payment:
            return FrozenMap({k: Payment(plain=v["plain"], major=v["major"]) for k, v in items})
        if vt is int:
            return FrozenMap({k: int(v) for k, v in items})
        return FrozenMap({k: tuple(v) if isinstance(v, (list, tuple)) else (v,) for k, v in items})
    if tp is int and isinstance(value, str):  # a card (PoolRules.card)
        return parse_card(value)
    return value


def convert(cls: type, name: str, value: Any) -> Any:
    """One knob's YAML value as the model holds it."""
    tp = field_type(cls, name)
    if cls is PoolRules and name == "card":
        return None if value is None else parse_card(str(value))
    if cls is PoolRules and name == "trump":
        return None if value is None else rank_number(value)
    if cls is Pack and name == "removed_ranks":
        return tuple(sorted(rank_number(r) for r in value))
    if cls is Pack and name == "values" and value is not None:
        return FrozenMap({rank_number(k): int(v) for k, v in value.items()})
    if cls is Tricks and name in ("order", "order_after_stock") and value is not None:
        return tuple(rank_number(r) for r in value)  # highest first: the order is the value
    if cls is Tricks and name == "counting_ranks" and value is not None:
        return tuple(sorted(rank_number(r) for r in value))
    if cls is Tricks and name == "card_points" and value is not None:
        return FrozenMap({rank_number(k): int(v) for k, v in sorted(value.items(), key=lambda kv: rank_number(kv[0]))})
    return _convert_type(tp, value)


#: Rank names as ``pack.values`` writes them.
RANK_NAMES = {"A": 1, **{str(r): r for r in range(2, 11)}, "J": 11, "Q": 12, "K": 13}


def rank_number(name: Any) -> int:
    """``"A"`` -> 1, ``"10"`` (or 10) -> 10, ``"K"`` -> 13."""
    return RANK_NAMES[str(name).upper()]


def rank_name(rank: int) -> str:
    return next(k for k, v in RANK_NAMES.items() if v == rank)


def _card_list(cards: Any) -> list[str]:
    # kings first, then by rank down, suits in S H D C order
    return [card_name(c) for c in sorted(cards, key=lambda c: (-(c % 13), c // 13))]


def yaml_value(cls: type, name: str, value: Any) -> Any:
    """The inverse of :func:`convert`: a model value as plain YAML data."""
    if value is None:
        return None
    if cls is PoolRules and name == "card":
        return card_name(value)
    if (cls is Pack and name == "values") or (cls is Tricks and name == "card_points"):
        return {rank_name(r): v for r, v in value.items()}
    if cls is Tricks and name in ("order", "order_after_stock", "counting_ranks"):
        return [rank_name(r) for r in value]
    if cls is PoolRules and name == "trump":
        return rank_name(value)
    if cls is Pack and name == "removed_ranks":
        return [rank_name(r) for r in value]
    if isinstance(value, frozenset):
        return _card_list(value)
    if isinstance(value, Mapping):
        out: dict[Any, Any] = {}
        for k, v in value.items():
            if isinstance(v, Payment):
                out[k] = {"plain": v.plain, "major": v.major}
            elif isinstance(v, tuple):
                out[k] = list(v)
            else:
                out[k] = v
        return out
    if isinstance(value, tuple):
        items: list[Any] = []
        for b in value:
            if isinstance(b, EndBracket):
                d: dict[str, Any] = {"min": b.min}
                if b.max is not None:
                    d["max"] = b.max
                if b.fixed is not None:
                    d["fixed"] = b.fixed
                for k in ("per_card", "above", "plus"):
                    if getattr(b, k):
                        d[k] = getattr(b, k)
                items.append(d)
            elif isinstance(b, CardPayment):
                items.append({"cards": _card_list(b.cards), "each": b.each})
            elif isinstance(b, HoldingClaim):
                d = {"pool": b.pool}
                if b.trumps:
                    d["trumps"] = [rank_name(r) for r in b.trumps]
                if b.cards:
                    d["cards"] = _card_list(b.cards)
                if b.pair:
                    d["pair"] = True
                if b.first_out:
                    d["first_out"] = True
                items.append(d)
            elif isinstance(b, HeldCharge):
                d = {"cards": _card_list(b.cards)}
                if b.to_each:
                    d["to_each"] = b.to_each
                if b.to_winner:
                    d["to_winner"] = b.to_winner
                items.append(d)
            else:
                items.append(b)
        return items
    return value


def display_names(value: Any) -> model.DisplayNames:
    """A ``display_names:`` mapping (language -> name, checked by the schema) as the model's sorted pairs."""
    if not isinstance(value, Mapping):
        return ()
    return tuple(sorted((str(k), " ".join(str(v).split())) for k, v in value.items()))


def stage_class(kind: str, on: str | None) -> type | None:
    """The model class of a stage of ``kind`` (and ``on``), or None."""
    return STAGE_CLASSES.get((kind, on if kind in ("vie", "claims") else None))


def build_ruleset(
    *,
    name: str,
    title: str,
    summary: str,
    extends: tuple[str, ...],
    extensions: tuple[str, ...],
    sources: Mapping[str, Mapping[str, Any]],
    sections: Mapping[str, Mapping[str, Any]],
    pools: Mapping[str, Mapping[str, Any]],
    stages: Mapping[str, Mapping[str, Any]],
    provenance: Mapping[str, Provenance],
    path: str | None,
) -> Ruleset:
    """Assemble the ruleset from plain values: ``sections`` (name -> knob -> value),
    ``pools`` (id -> knob -> value) and ``stages`` (id -> ``kind``, ``on``, ``pool`` and
    knob -> value), all already checked complete."""
    built: dict[str, Any] = {}
    for sec, cls in SECTIONS.items():
        vals = sections.get(sec)
        if vals is None:
            built[sec] = None
            continue
        built[sec] = cls(**{k: convert(cls, k, vals[k]) for k, _ in knob_fields(cls) if k in vals})
    pool_objs = tuple(
        PoolRules(id=pid, display_names=display_names(vals.get("display_names")),
                  **{k: convert(PoolRules, k, vals[k]) for k, _ in knob_fields(PoolRules) if k in vals})
        for pid, vals in pools.items())
    stage_objs = []
    for sid, vals in stages.items():
        stage_cls = stage_class(vals["kind"], vals.get("on"))
        assert stage_cls is not None
        kwargs = {k: convert(stage_cls, k, vals[k]) for k, _ in knob_fields(stage_cls) if k in vals}
        if "pool" in vals:
            kwargs["pool"] = vals["pool"]
        kwargs["display_names"] = display_names(vals.get("display_names"))
        stage_objs.append(stage_cls(id=sid, **kwargs))
    srcs = FrozenMap({
        sid: Source(id=sid, citation=" ".join(str(s["citation"]).split()), file=s.get("file"),
                    language=s.get("language"), url=s.get("url"), sections=s.get("sections"))
        for sid, s in sources.items()
    })
    return Ruleset(
        name=name, title=title, summary=" ".join(summary.split()),
        extends=extends, extensions=extensions, sources=srcs,
        pack=built["pack"], deal=built["deal"], table=built["table"], bidding=built["bidding"],
        pools=pool_objs, stages=tuple(stage_objs),
        provenance=FrozenMap(provenance), path=path,
    )
