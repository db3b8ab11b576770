"""Alternatives and whole readings: each checked as the complete ruleset it makes, and
composed into the readings ``hoc readings`` and ``hoc reconstruct`` play.

A lost or doubtful knob lists ``alternatives:``; an alternative is either one other value
of that knob, or ``- reading: <id>``, a whole reading written under ``readings:`` (several
knobs, stages or pools added, removed or replaced, each with its provenance). When the
file is loaded every alternative and every reading is laid over the ruleset and the result
checked as a ruleset is, so a reading that cannot be played is refused at its own line:

>>> from hocdsl.rules import load_ruleset
>>> r = load_ruleset("nain-jaune-1760")
>>> [x.id for x in r.readings]
['five-players', 'hoc-schedule']
>>> sorted(c.path for c in r.reading("hoc-schedule").knobs)
['settle.end_payment', 'settle.losers_pay']
>>> v = compose(r, [Pick(reading="hoc-schedule")])
>>> v.stage("settle").losers_pay
'schedule'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from .errors import RulesetError
from .loader import NO_POOLS, STRUCTURAL, Layer, Resolved, _check, _raw, provenance_of
from .model import (
    MAX_CHIPS, SECTIONS, KnobChange, NamedReading, Pick, PoolRules, Ruleset, knob_fields,
)
from .yamldoc import YamlDoc, dotted, value_at

# ------------------------------------------------------------ part of a file ----


def part_of(doc: YamlDoc, at: tuple[Any, ...]) -> YamlDoc:
    """The mapping at key path ``at`` of ``doc`` as a document of its own whose places are
    still those of the file (an error in it is reported at its line in the file)."""
    n = len(at)
    key = tuple(str(a) for a in at)
    marks = {k[n:]: v for k, v in doc.marks.items() if k[:n] == key}
    key_marks = {k[n:]: v for k, v in doc.key_marks.items() if k[:n] == key}
    data = value_at(doc.data, at)
    return YamlDoc(file=doc.file, data=data if isinstance(data, dict) else {}, marks=marks, key_marks=key_marks)


def reading_layer(layer: Layer, reading_id: str) -> Layer:
    """The reading ``reading_id`` of ``layer``'s file, as a layer to lay over the ruleset."""
    return Layer(doc=part_of(layer.doc, ("readings", reading_id)), path=layer.path, kind="reading",
                 label=f"{layer.name} (reading {reading_id})")


def _lines(doc: YamlDoc, at: tuple[Any, ...]) -> tuple[int, int]:
    """The first and last line written under key path ``at``."""
    key = tuple(str(a) for a in at)
    lines = [v[0] for marks in (doc.marks, doc.key_marks) for k, v in marks.items() if k[:len(key)] == key]
    return (min(lines), max(lines)) if lines else (0, 0)


# ------------------------------------------------------------ setting one knob ----


def _class_of(resolved: Resolved, path: str) -> tuple[type, dict[str, Any]] | None:
    """The model class that holds the knob at ``path`` and the resolved mapping it is in."""
    from .build import stage_class

    prefix, _, _name = path.rpartition(".")
    if prefix in SECTIONS:
        return SECTIONS[prefix], resolved.sections.setdefault(prefix, {})
    if prefix.startswith("pools.") and prefix[6:] in resolved.pools:
        return PoolRules, resolved.pools[prefix[6:]]
    st = resolved.stages.get(prefix)
    if st is not None:
        cls = stage_class(st["kind"], st.get("on"))
        if cls is not None:
            return cls, st
    return None


def plain_value(resolved: Resolved, path: str, value: Any) -> Any:
    """An alternative's value as written, with amounts in units turned into chips, as the
    resolved knobs hold values."""
    from .build import field_type
    from .units import convert_value

    found = _class_of(resolved, path)
    if found is None:
        return value
    cls, _ = found
    name = path.rpartition(".")[2]
    spec = dict(knob_fields(cls)).get(name)
    amount = spec is not None and spec.maximum == MAX_CHIPS and field_type(cls, name) is int
    units = resolved.sections.get("table", {}).get("units")
    new, errors, _met = convert_value(value, units, amount)
    return value if errors else new


def set_knob(resolved: Resolved, path: str, value: Any) -> None:
    """Set the knob at ``path`` of ``resolved`` (a copy) to the plain ``value``."""
    found = _class_of(resolved, path)
    if found is None:  # pragma: no cover - the paths come from the resolved knobs
        raise KeyError(path)
    _cls, target = found
    target[path.rpartition(".")[2]] = value


# ------------------------------------------------------------ checking ----


def _built(resolved: Resolved, top: Layer) -> Ruleset:
    from .build import build_ruleset

    data = top.data
    return build_ruleset(
        name=data["name"], title=data["title"], summary=data.get("summary", data["title"]), extends=(),
        extensions=(), sources=resolved.sources, sections=resolved.sections, pools=resolved.pools,
        stages=resolved.stages, provenance=resolved.provenance, path=None)


def _variant_errors(variant: Resolved, layers: Sequence[Layer]) -> list[RulesetError]:
    """What is wrong with the ruleset ``variant`` makes ([] when it is a whole ruleset)."""
    try:
        _check(variant, layers)
        _built(variant, layers[-1])
    except RulesetError as e:
        return [e, *e.more]
    except (TypeError, ValueError, KeyError, AttributeError) as e:  # a value the checks let through
        return [RulesetError(None, None, None, "", f"a ruleset that cannot be built ({e})", "a whole ruleset")]
    return []


def _replaced(error: RulesetError, doc: YamlDoc, at: tuple[Any, ...], what: str, hint: str) -> RulesetError:
    """``error``, found in the ruleset an alternative or reading makes, said at the
    alternative or reading."""
    line, col = doc.where(at, key=True)
    place = f"{error.path}: " if error.path else ""
    return RulesetError(doc.file, line, col, dotted(at), f"{what}, with which {place}{error.found}",
                        error.expected, hint=hint)


WHOLE_READING_HINT = ("a rule that needs other changes with it is a whole reading: write the changes under "
                      "`readings: <id>:` and name it here with `- reading: <id>`")


def check_variants(resolved: Resolved, layers: Sequence[Layer]) -> tuple[list[RulesetError],
                                                                           tuple[NamedReading, ...]]:
    """Every alternative and every reading of the resolved ruleset, laid over it and checked
    as a complete ruleset: the errors (at the alternative's or reading's line) and the
    readings as the model holds them."""
    errors: list[RulesetError] = []
    readings: dict[str, NamedReading] = {}
    # whole readings first: an alternative may name one
    for rid, (layer, at) in resolved.readings.items():
        found = _reading(resolved, layers, layer, rid, at, errors)
        if found is not None:
            readings[rid] = found
    for path, prov in list(resolved.provenance.items()):
        if path == NO_POOLS and path in resolved.at:  # no pools: a reading named must exist
            layer, at = resolved.at[path]
            for i, raw in enumerate(_raw(layer.doc.data, at).get("alternatives") or []):
                if isinstance(raw, dict) and "reading" in raw and raw["reading"] not in resolved.readings:
                    errors.append(_unknown_reading(layer.doc, at + ("alternatives", i, "reading"),
                                                   raw["reading"], resolved))
            continue
        if path not in resolved.at or not prov.alternatives:
            continue
        layer, at = resolved.at[path]
        if layer.kind == "reading":
            continue  # a reading's own knobs: their alternatives are the reading's business
        raw_alts = _raw(layer.doc.data, at).get("alternatives") or []
        errors += _alternative_errors(resolved, layers, path, layer, at, raw_alts, readings)
    return errors, tuple(readings.values())


def _alternative_errors(resolved: Resolved, layers: Sequence[Layer], path: str,
                        layer: Layer, at: tuple[Any, ...], raw_alts: list[Any],
                        readings: dict[str, NamedReading]) -> list[RulesetError]:
    from .build import convert

    found = _class_of(resolved, path)
    if found is None or "." in path.rpartition(".")[2]:
        return []
    cls, target = found
    name = path.rpartition(".")[2]
    if name in STRUCTURAL or name not in target:
        return []
    chosen = convert(cls, name, target[name])
    errors: list[RulesetError] = []
    seen: list[Any] = []
    for i, raw in enumerate(raw_alts):
        here = at + ("alternatives", i)
        if not isinstance(raw, dict):
            continue
        if "reading" in raw:
            rid = raw["reading"]
            reading = readings.get(rid)
            if rid not in resolved.readings:
                errors.append(_unknown_reading(layer.doc, here + ("reading",), rid, resolved))
                continue
            if reading is None:
                continue  # the reading's own errors are reported at the reading
            change = next((c for c in reading.knobs if c.path == path), None)
            if change is None:
                errors.append(layer.doc.error(
                    here + ("reading",), f"the reading `{rid}`, which does not set `{path}`",
                    f"a reading that gives `{path}` another value",
                    hint=f"set `{path}` in the reading, or list the reading where it sets a knob"))
                continue
            value = change.value
        else:
            if "value" not in raw:
                continue
            value = convert(cls, name, plain_value(resolved, path, raw["value"]))
            if value == chosen:
                errors.append(layer.doc.error(here + ("value",), "an alternative equal to the value chosen",
                                              "another value than the knob's own",
                                              hint="remove it: the value chosen is always one of the readings"))
                continue
            variant = resolved.copy()
            set_knob(variant, path, plain_value(resolved, path, raw["value"]))
            wrong = _variant_errors(variant, layers)
            if wrong:
                errors.append(_replaced(wrong[0], layer.doc, here,
                                        f"alternative {i + 1} of `{path}`", WHOLE_READING_HINT))
                continue
        if value in seen:
            errors.append(layer.doc.error(here, "the same value as an alternative above it",
                                          "each alternative once"))
            continue
        seen.append(value)
    return errors


def _unknown_reading(doc: YamlDoc, at: tuple[Any, ...], rid: Any, resolved: Resolved) -> RulesetError:
    from .errors import suggest

    return doc.error(at, f"a reading `{rid}` the ruleset does not have",
                     "the id of a reading under `readings:` (" + (", ".join(resolved.readings) or "none") + ")",
                     suggestion=suggest(str(rid), list(resolved.readings)))


def _reading(resolved: Resolved, layers: Sequence[Layer], layer: Layer, rid: str, at: tuple[Any, ...],
             errors: list[RulesetError]) -> NamedReading | None:
    from .loader import merge

    spec = _raw(layer.doc.data, at)
    over = reading_layer(layer, rid)
    first, last = _lines(layer.doc, at)
    try:
        variant = merge([over], base=resolved)
    except RulesetError as e:
        errors += [e, *e.more]
        return None
    wrong = _variant_errors(variant, layers)
    if wrong:
        inside = [e for e in wrong if e.file == layer.doc.file and e.line is not None and first <= e.line <= last]
        errors += inside or [_replaced(wrong[0], layer.doc, at, f"the reading `{rid}`",
                                       "add to the reading the other changes it needs")]
        return None
    before, after = resolved.values(), variant.values()
    knobs = tuple(KnobChange(path=p, value=_model_value(variant, p), provenance=variant.provenance[p])
                  for p in after
                  if p in variant.at and variant.at[p][0] is over)
    added = tuple(("stage", sid, str(st["kind"])) for sid, st in variant.stages.items()
                  if sid not in resolved.stages or variant.stage_at.get(sid, (None,))[0] is over)
    added += tuple(("pool", pid, "pool") for pid in variant.pools if pid not in resolved.pools)
    removed = tuple(("stage", sid) for sid in resolved.stages if sid not in variant.stages)
    removed += tuple(("pool", pid) for pid in resolved.pools if pid not in variant.pools)
    changed = [c for c in knobs if before.get(c.path, _ABSENT) != after[c.path]]
    for p in after:
        if p in variant.at and variant.at[p][0] is over and variant.provenance[p].alternatives:
            raw_alts = _raw(layer.doc.data, at + variant.at[p][1]).get("alternatives") or []
            nested = _alternative_errors(variant, layers, p, over, variant.at[p][1], raw_alts, {})
            if nested:
                errors += nested
                return None
    if not changed and not added and not removed:
        errors.append(layer.doc.error(at, f"a reading `{rid}` that changes nothing",
                                      "a reading that sets a knob to another value, or adds or removes a "
                                      "stage or a pool", key=True))
        return None
    prov = provenance_of(spec, over.name, layer.doc.where(at, key=True)[0], with_alternatives=False)
    if "played" in spec:
        prov = dataclasses.replace(prov, played=" ".join(str(spec["played"]).split()))
    return NamedReading(id=rid, title=" ".join(str(spec["title"]).split()), provenance=prov,
                        knobs=tuple(c for c in knobs if c in changed) or knobs, added=added, removed=removed,
                        declared_in=layer.name, line=layer.doc.where(at, key=True)[0], written=spec)


_ABSENT = object()


def _model_value(resolved: Resolved, path: str) -> Any:
    from .build import convert

    found = _class_of(resolved, path)
    assert found is not None
    cls, target = found
    name = path.rpartition(".")[2]
    return convert(cls, name, target[name])


# ------------------------------------------------------------ composing ----


def _normal(base: Resolved, picks: Iterable[Pick]) -> list[Pick]:
    """The picks with an alternative that names a whole reading made a pick of that
    reading, each pick once, in the order given."""
    out: list[Pick] = []
    for pick in picks:
        if pick.path is not None and pick.reading is None:
            prov = base.provenance.get(pick.path)
            if prov is not None and 0 <= pick.index < len(prov.alternatives):
                rid = prov.alternatives[pick.index].reading
                if rid is not None:
                    pick = Pick(reading=rid)
        if pick not in out:
            out.append(pick)
    return out


class PickError(ValueError):
    """A whole reading that cannot be composed: two picks that disagree, or a ruleset
    that the picks together make and that is not a whole one."""


#: The resolved knobs of each ruleset loaded, by its origin, for :func:`compose`.
_BASES: dict[tuple[str, ...], tuple[Resolved, tuple[Layer, ...]]] = {}


def remember(origin: tuple[str, ...], resolved: Resolved, layers: Sequence[Layer]) -> None:
    """Keep what :func:`compose` needs to lay readings over the ruleset of ``origin``."""
    if origin not in _BASES and len(_BASES) >= 256:
        _BASES.clear()
    _BASES[origin] = (resolved, tuple(layers))


def _base(rules: Ruleset) -> tuple[Resolved, tuple[Layer, ...]]:
    from .loader import load_ruleset

    if not rules.origin:
        raise PickError(f"{rules.name} was changed in memory; its readings can only be composed from its file")
    if rules.origin not in _BASES:  # another process, or forgotten: load it again
        load_ruleset(rules.origin[0], rules.origin[1:])
    return _BASES[rules.origin]


def compose(rules: Ruleset, picks: Iterable[Pick], name: str | None = None) -> Ruleset:
    """The ruleset ``rules`` read with every pick in ``picks`` at once (alternatives of
    knobs, whole readings); :class:`PickError` when two picks set one rule differently or
    the rules they make together are not a whole ruleset.

    >>> from hocdsl.rules import load_ruleset
    >>> r = load_ruleset("comete")
    >>> q = next(p for p, v in r.provenance.items() if v.alternatives)
    >>> compose(r, [Pick(path=q, index=0)]).knobs()[q] == r.provenance[q].alternatives[0].value
    True
    """
    from .loader import merge

    base, layers = _base(rules)
    variant = base.copy()
    set_by: dict[str, str] = {}
    picks = _normal(base, picks)
    if not picks:
        return rules
    for pick in picks:
        if pick.reading is not None:
            if pick.reading not in base.readings:
                raise PickError(f"{rules.name} has no reading {pick.reading!r}")
            layer, _at = base.readings[pick.reading]
            over = reading_layer(layer, pick.reading)
            touched = rules.reading(pick.reading).paths()
            try:
                variant = merge([over], base=variant)
            except RulesetError as e:
                raise PickError(f"{pick} cannot be laid over the others: {e.found}") from None
        else:
            assert pick.path is not None
            if pick.path == NO_POOLS:
                raise PickError(f"{rules.name}: the alternatives to `pools:` (no pools) are not played; "
                                "write the pools as a whole reading under `readings:` to play them")
            prov = base.provenance.get(pick.path)
            if prov is None or not 0 <= pick.index < len(prov.alternatives):
                raise PickError(f"{rules.name} has no alternative {pick}")
            alt = prov.alternatives[pick.index]
            layer, at = base.at[pick.path]
            raw = _raw(layer.doc.data, at)["alternatives"][pick.index]["value"]
            set_knob(variant, pick.path, plain_value(base, pick.path, raw))
            variant.provenance[pick.path] = alt.provenance
            touched = frozenset({pick.path})
        for p in touched:
            if p in set_by:
                raise PickError(f"{set_by[p]} and {pick} both set {p}")
            set_by[p] = str(pick)
    wrong = _variant_errors(variant, layers)
    if wrong:
        raise PickError(f"{', '.join(map(str, picks))} together: {wrong[0].path}: {wrong[0].found}; "
                        f"expected {wrong[0].expected}")
    built = _built(variant, layers[-1])
    return dataclasses.replace(built, name=name or rules.name, title=rules.title, summary=rules.summary,
                               extends=rules.extends, extensions=rules.extensions, path=rules.path,
                               readings=(), expectations=rules.expectations, origin=())


__all__ = ["part_of", "reading_layer", "check_variants", "compose", "Pick", "PickError", "remember",
           "WHOLE_READING_HINT"]
