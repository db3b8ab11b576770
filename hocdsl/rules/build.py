"""Plain YAML values -> the frozen :class:`~hocdsl.rules.model.Ruleset`.

The loader has already validated the values (schema and semantic checks);
this module only converts them to the model's types: mappings keyed by
``int`` and wrapped read-only, tuples for lists, card ints for card names,
:class:`Payment` and :class:`EndBracket` records.

>>> from hocdsl.rules.build import convert_value
>>> convert_value("sequence.payments", {3: {"plain": 1, "major": 2}})[3]
Payment(plain=1, major=2)
>>> sorted(convert_value("card_game.principal_hocs", ["KS", "JD"]))
[12, 36]
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Mapping

from ..cards import parse_card
from . import model
from .model import (
    SECTIONS, EndBracket, Payment, Provenance, Ruleset, Source,
)

#: section name -> its dataclass
SECTION_CLASSES: dict[str, type] = {
    "table": model.Table,
    "antes": model.Antes,
    "bidding": model.Bidding,
    "double_game": model.DoubleGame,
    "point": model.PointRules,
    "sequence": model.SequenceRules,
    "tricon": model.TriconRules,
    "blank_hand": model.BlankHand,
    "card_game": model.CardGame,
}

assert tuple(SECTION_CLASSES) == SECTIONS


def knob_names(section: str) -> tuple[str, ...]:
    """The knobs of ``section`` in model order."""
    return tuple(f.name for f in fields(SECTION_CLASSES[section]))


#: every knob path ("section.knob"), in model order
KNOB_PATHS: tuple[str, ...] = tuple(
    f"{s}.{k}" for s in SECTIONS for k in knob_names(s)
)


class FrozenMap(Mapping):
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

    def __init__(self, data: Mapping[Any, Any] = ()) -> None:
        self._d = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: Any) -> Any:
        return self._d[key]

    def __iter__(self):
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._d.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({self._d!r})"

    def __reduce__(self):
        return (FrozenMap, (self._d,))


def _int_keys(value: Mapping[Any, Any], conv=lambda v: v) -> Mapping[int, Any]:
    return FrozenMap({int(k): conv(v) for k, v in sorted(value.items(), key=lambda kv: int(kv[0]))})


def convert_value(path: str, value: Any) -> Any:
    """One knob's YAML value as the model holds it."""
    if path == "table.hand_size":
        return _int_keys(value)
    if path in ("sequence.names", "tricon.names"):
        return _int_keys(value, lambda names: tuple(names))
    if path in ("sequence.payments", "tricon.payments"):
        return _int_keys(value, lambda p: Payment(plain=p["plain"], major=p["major"]))
    if path == "card_game.principal_hocs":
        return frozenset(parse_card(c) for c in value)
    if path == "card_game.end_payment":
        return tuple(EndBracket(**b) for b in value)
    if isinstance(value, list):
        return tuple(value)
    return value


def build_ruleset(
    *,
    name: str,
    title: str,
    summary: str,
    extends: tuple[str, ...],
    extensions: tuple[str, ...],
    sources: Mapping[str, Mapping[str, Any]],
    values: Mapping[str, Any],
    provenance: Mapping[str, Provenance],
    path: str | None,
) -> Ruleset:
    """Assemble the ruleset from every knob's YAML value (keyed by knob path)."""
    sections = {}
    for section, cls in SECTION_CLASSES.items():
        kwargs = {k: convert_value(f"{section}.{k}", values[f"{section}.{k}"]) for k in knob_names(section)}
        sections[section] = cls(**kwargs)
    srcs = FrozenMap({
        sid: Source(id=sid, citation=" ".join(str(s["citation"]).split()), file=s.get("file"),
                    language=s.get("language"), url=s.get("url"))
        for sid, s in sources.items()
    })
    return Ruleset(
        name=name,
        title=title,
        summary=" ".join(summary.split()),
        extends=extends,
        extensions=extensions,
        sources=srcs,
        provenance=FrozenMap(provenance),
        path=path,
        **sections,
    )


def yaml_value(path: str, value: Any) -> Any:
    """The inverse of :func:`convert_value`: a model value as plain YAML data.

    >>> yaml_value("card_game.principal_hocs", frozenset({36, 12}))
    ['KS', 'JD']
    """
    from ..cards import card_name

    if path in ("table.hand_size",):
        return dict(value)
    if path in ("sequence.names", "tricon.names"):
        return {k: list(v) for k, v in value.items()}
    if path in ("sequence.payments", "tricon.payments"):
        return {k: {"plain": p.plain, "major": p.major} for k, p in value.items()}
    if path == "card_game.principal_hocs":
        # kings first, then by rank down, suits in S H D C order
        return [card_name(c) for c in sorted(value, key=lambda c: (-(c % 13), c // 13))]
    if path == "card_game.end_payment":
        out = []
        for b in value:
            d: dict[str, Any] = {"min": b.min}
            if b.max is not None:
                d["max"] = b.max
            if b.fixed is not None:
                d["fixed"] = b.fixed
            for k in ("per_card", "above", "plus"):
                if getattr(b, k):
                    d[k] = getattr(b, k)
            out.append(d)
        return out
    if isinstance(value, tuple):
        return list(value)
    return value
