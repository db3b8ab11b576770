"""The JSON Schema of ruleset files, generated from the model.

Every knob's value schema comes from its Python type and its
:class:`~hocdsl.rules.model.KnobSpec` (bounds, choices, description); nothing
is written twice. ``hocdsl/rules/schema.json`` is the generated file, committed
for editors (``# yaml-language-server: $schema=...``);
``python -m hocdsl.rules.schema --check`` exits 1 when it is out of date and
``python -m hocdsl.rules.schema --write`` rewrites it.

>>> s = build_schema()
>>> s["$defs"]["knob.bidding.raise_cap"]["properties"]["value"]
{'type': 'integer', 'minimum': 1, 'maximum': 1000}
"""

from __future__ import annotations

import json
import sys
import typing
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from ..cards import Card
from . import model
from .generated import write_or_check
from .model import (
    PROVENANCE_KINDS, SECTIONS, STAGE_CLASSES, KnobSpec, knob_fields,
)

SCHEMA_FILE = Path(__file__).with_name("schema.json")
#: The name ``hoc schema -o DIR`` gives the schema beside a user's files, and the path the first
#: line of a file ``hoc migrate`` converts points at (relative to the file, so it resolves offline).
LOCAL_NAME = "ruleset.schema.json"


def modeline(schema_path: str = LOCAL_NAME) -> str:
    """The first line that points the YAML language server at the schema (a path relative to the file).

    >>> modeline()
    '# yaml-language-server: $schema=ruleset.schema.json'
    """
    return f"# yaml-language-server: $schema={schema_path}"

FORMAT = 2
CARD_PATTERN = r"^(10|[2-9AKQJTakqjt])[SHDCshdc]$"
RANK_PATTERN = r"^(10|[2-9AKQJ])$"
ID_PATTERN = r"^[a-z][a-z0-9_-]*$"


def _int_keys(lo: int, hi: int) -> dict[str, Any]:
    return {"pattern": "^(" + "|".join(str(k) for k in range(lo, hi + 1)) + ")$"}


def _bounded_int(spec: KnobSpec) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "integer"}
    if spec.minimum is not None:
        out["minimum"] = spec.minimum
    if spec.maximum is not None:
        out["maximum"] = spec.maximum
    return out


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(model))


def value_schema(tp: Any, spec: KnobSpec) -> dict[str, Any]:
    """The JSON Schema of a knob's ``value`` for a model type and its spec."""
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        inner = [a for a in args if a is not type(None)]
        s = value_schema(inner[0], spec)
        return {"anyOf": [s, {"type": "null"}]}
    if tp is bool:
        if isinstance(spec.words, Mapping):
            return {"type": "boolean", **choices([True, False], spec)}
        return {"type": "boolean"}
    if tp is int and spec.words == "card":  # a Card
        return {"$ref": "#/$defs/card"}
    if tp is int and spec.words == "trump_rank":  # a rank, written A, 2..10, J, Q, K
        return {"$ref": "#/$defs/rank"}
    if tp is int:
        if isinstance(spec.words, Mapping):
            return choices(sorted(spec.words), spec)
        if spec.maximum == model.MAX_CHIPS:  # an amount of chips: in chips or in units
            return {"$ref": "#/$defs/amount"}
        return _bounded_int(spec)
    if origin is Literal:
        return choices(list(args), spec)
    if tp == model.CardSet or (origin is frozenset):
        out: dict[str, Any] = {"type": "array", "items": {"$ref": "#/$defs/card"}, "uniqueItems": True}
        if spec.words == "removed_cards":
            out["maxItems"] = 20
        return out
    if tp is str:
        return {"type": "string", "minLength": 1}
    if origin is tuple:
        item = args[0]
        if get_origin(item) is Literal:  # each item's words are the renderer's for a list of one
            return {"type": "array", "items": choices(list(get_args(item)), spec, lambda v: (v,)),
                    "minItems": spec.min_items, "uniqueItems": True}
        if item is model.EndBracket:
            return {"type": "array", "items": {"$ref": "#/$defs/end_bracket"}, "minItems": 1}
        if item is model.CardPayment:
            return {"type": "array", "items": {"$ref": "#/$defs/card_payment"}}
        if item is model.HeldCharge:
            return {"type": "array", "items": {"$ref": "#/$defs/held_charge"}}
        if item is model.HoldingClaim:
            return {"type": "array", "items": {"$ref": "#/$defs/holding_claim"}, "minItems": 1}
        if item is int and spec.words in ("removed_ranks", "rank_order", "counting_ranks"):
            return {"type": "array", "items": {"$ref": "#/$defs/rank"}, "minItems": spec.min_items,
                    "uniqueItems": True}
        if item is int:
            return {"type": "array", "items": _bounded_int(spec), "minItems": 1, "uniqueItems": True}
        if item is str:  # words
            return {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": spec.min_items,
                    "uniqueItems": True}
    if origin in (Mapping, dict) or (origin is not None and issubclass(origin, Mapping)):
        kt, vt = args
        if spec.words in ("rank_values", "card_points"):
            return {"type": "object", "propertyNames": {"pattern": RANK_PATTERN},
                    "additionalProperties": _bounded_int(spec), "minProperties": 1}
        if kt is str:  # units: name -> worth, or {value: worth, <provenance>}
            return {"type": "object", "propertyNames": {"pattern": ID_PATTERN, "maxLength": 40},
                    "additionalProperties": {"anyOf": [_bounded_int(spec), {
                        "type": "object", "allOf": [{"$ref": "#/$defs/knob"}],
                        "properties": {"value": _bounded_int(spec)}}]},
                    "minProperties": 1}
        keys = _int_keys(spec.key_min or 0, spec.key_max or 99)
        if vt is int:
            vs: dict[str, Any] = _bounded_int(spec)
        elif vt is model.Payment:
            vs = {"$ref": "#/$defs/payment"}
        else:  # names
            vs = {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1}
        return {"type": "object", "propertyNames": keys, "additionalProperties": vs, "minProperties": 1}
    if tp == Card or tp is int:
        return {"$ref": "#/$defs/card"}
    raise TypeError(f"no schema for {tp!r}")


def choices(values: list[Any], spec: KnobSpec, as_value: Callable[[Any], Any] = lambda v: v) -> dict[str, Any]:
    """``enum`` with each choice's meaning, in the model's words (``as_value`` makes a choice
    the value the words are for): ``enumDescriptions`` and ``markdownEnumDescriptions`` are the
    keywords the YAML language server shows beside each choice in completion and on hover."""
    from .describe import words_for

    meanings = [words_for(spec, as_value(v)) for v in values]
    return {"enum": values, "enumDescriptions": meanings, "markdownEnumDescriptions": meanings}


def _markdown(spec: KnobSpec, value: dict[str, Any]) -> str:
    """A knob's hover text: its question, then each choice (if it has choices) with its meaning."""
    text = spec.doc
    listed = value.get("items", value)
    # an optional knob's value is its choices or null
    listed = next((c for c in listed.get("anyOf", ()) if "enum" in c), listed)
    if "enum" in listed:
        text += "\n\n" + "\n".join(f"- `{json.dumps(v)}`: {w}" if not isinstance(v, str) else f"- `{v}`: {w}"
                                     for v, w in zip(listed["enum"], listed["enumDescriptions"]))
    return text


def _knob_def(spec: KnobSpec, tp: Any) -> dict[str, Any]:
    """A knob's schema. Its own ``title`` and description are the only ones that apply to the
    knob's node: the shared shape (``$defs/knob``) has none and is applied through ``allOf``,
    so an editor's hover, whichever schema it reads first, shows this knob's words."""
    value = value_schema(tp, spec)
    return {
        "title": spec.title,
        "description": f"{spec.title}. {spec.doc}",
        "markdownDescription": _markdown(spec, value),
        "type": "object",
        "allOf": [{"$ref": "#/$defs/knob"}],
        # an alternative's value is a value of the knob, checked as the knob's own is
        "properties": {"value": value, "alternatives": {"items": {"properties": {"value": value}}}},
    }


def _section_props(prefix: str, cls: type, defs: dict[str, Any]) -> dict[str, Any]:
    hints = _hints(cls)
    props: dict[str, Any] = {}
    defaults = {f.name: f.default for f in __import__("dataclasses").fields(cls)}
    for name, spec in knob_fields(cls):
        key = f"knob.{prefix}.{name}"
        defs[key] = _knob_def(spec, hints[name])
        if defaults.get(name) == ():  # a list whose default is empty may be written empty
            defs[key]["properties"]["value"].pop("minItems", None)
        props[name] = {"$ref": f"#/$defs/{key}"}
    return props


def _provenance_props() -> dict[str, Any]:
    return {
        "source": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9._-]*(\s+\S.*)?$",
                   "description": "The source states it: \"<source id> §<section>\" (or ¶n, p. n; the id "
                                  "alone for a source whose entry says `sections: none`)."},
        "inferred": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9._-]*(\s+[^:]+)?:\s*\S.*$",
                     "description": "It follows from the source's words: \"<id> §<section>: <reasoning>\"."},
        "borrowed": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9._-]*(\s+[^:]+)?:\s*\S.*$",
                     "description": "Another source's rule fills this source's gap: \"<id> §<section>: <why>\"."},
        "editorial": {"type": "string", "minLength": 1,
                      "description": "No source settles it: why this value."},
        "lost": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9._-]*(\s+[^:]+)?:\s*\S.*$",
                 "description": "The source had the rule but the part that gave it is lost or not read: "
                                "\"<id> <where>: what is missing\"; the value is a placeholder and "
                                "`alternatives:` are required."},
        "approximated": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9._-]*(\s+[^:]+)?:\s*\S.*$",
                         "description": "The source states a rule the engine cannot play as stated: "
                                        "\"<id> §<section>: what the source says\"; `played:` says what "
                                        "the value plays instead."},
        "played": {"type": "string", "minLength": 1,
                   "description": "With `approximated:`: what the engine plays instead of the source's rule."},
        "note": {"type": "string", "description": "Anything else worth saying."},
    }


def _exactly_one_kind() -> list[dict[str, Any]]:
    return [{"required": [k]} for k in PROVENANCE_KINDS]


#: ``played:`` goes with ``approximated:`` and only with it.
_PLAYED = {"approximated": ["played"], "played": ["approximated"]}
#: The provenance kinds an expectation may have (a statement about play is not lost or approximated).
EXPECTATION_KINDS = ("source", "inferred", "borrowed", "editorial")


def build_schema() -> dict[str, Any]:
    """The whole schema, as a dict (deterministic: the same model gives the same text)."""
    defs: dict[str, Any] = {}
    prov = _provenance_props()
    defs["alternative"] = {
        "type": "object",
        "description": "Another value the knob could take, with its own provenance; or `reading: <id>`, "
                       "a whole reading of `readings:` that gives the knob another value and changes "
                       "other rules with it.",
        "properties": {"value": {}, **prov,
                       "reading": {"type": "string", "pattern": ID_PATTERN, "maxLength": 40,
                                   "description": "The id of a whole reading under `readings:`."}},
        "additionalProperties": False,
        "if": {"required": ["reading"]},
        "then": {"not": {"anyOf": [{"required": [k]} for k in ("value", *PROVENANCE_KINDS)]}},
        "else": {"required": ["value"], "oneOf": _exactly_one_kind(), "dependentRequired": _PLAYED},
    }
    defs["knob"] = {
        # a comment, not a description: an editor would show it on every knob instead of the knob's own
        "$comment": "A knob: its value, exactly one provenance (source, inferred, borrowed or "
                    "editorial), an optional note, and alternatives where the rule is lost or doubtful.",
        "type": "object",
        "properties": {"value": {}, **prov,
                       "alternatives": {"type": "array", "minItems": 1,
                                        "items": {"$ref": "#/$defs/alternative"}}},
        "required": ["value"],
        "additionalProperties": False,
        "oneOf": _exactly_one_kind(),
        "dependentRequired": {"lost": ["alternatives"], **_PLAYED},
    }
    defs["card"] = {"type": "string", "pattern": CARD_PATTERN,
                    "description": "A card in compact notation: rank A, 2..10 (or T), J, Q, K, then suit S, H, D, C."}
    defs["payment"] = {"type": "object", "additionalProperties": False, "required": ["plain", "major"],
                       "properties": {"plain": {"type": "integer", "minimum": 0, "maximum": model.MAX_CHIPS},
                                      "major": {"type": "integer", "minimum": 0, "maximum": model.MAX_CHIPS}}}
    defs["amount"] = {
        "description": "An amount of chips: a whole number in the smallest unit, or a mapping of "
                       "the units of table.units to counts, e.g. {fiche: 1, jeton: 9}.",
        "anyOf": [{"type": "integer", "minimum": 0, "maximum": model.MAX_CHIPS},
                  {"type": "object", "propertyNames": {"pattern": ID_PATTERN, "maxLength": 40},
                   "additionalProperties": {"type": "integer", "minimum": 0, "maximum": model.MAX_CHIPS},
                   "minProperties": 1}]}
    chips = {"$ref": "#/$defs/amount"}
    defs["end_bracket"] = {
        "type": "object", "additionalProperties": False, "required": ["min"],
        "description": "Losers with min..max cards left pay `fixed`, or plus + per_card x (cards - above).",
        "properties": {"min": {"type": "integer", "minimum": 1, "maximum": 52},
                       "max": {"type": "integer", "minimum": 1, "maximum": 52},
                       "fixed": chips, "per_card": chips,
                       "above": {"type": "integer", "minimum": 0, "maximum": 52}, "plus": chips}}
    defs["card_payment"] = {
        "type": "object", "additionalProperties": False, "required": ["cards", "each"],
        "properties": {"cards": {"type": "array", "items": {"$ref": "#/$defs/card"}, "minItems": 1,
                                 "uniqueItems": True}, "each": chips}}
    defs["held_charge"] = {
        "type": "object", "additionalProperties": False, "required": ["cards"],
        "properties": {"cards": {"type": "array", "items": {"$ref": "#/$defs/card"}, "minItems": 1,
                                 "uniqueItems": True}, "to_each": chips, "to_winner": chips}}
    defs["rank"] = {"anyOf": [{"type": "string", "pattern": RANK_PATTERN},
                              {"type": "integer", "minimum": 2, "maximum": 10}],
                    "description": "A rank: A, 2..10, J, Q, K."}
    ranks = {"type": "array", "items": {"$ref": "#/$defs/rank"}, "minItems": 1, "maxItems": 4,
             "uniqueItems": True}
    cards = {"type": "array", "items": {"$ref": "#/$defs/card"}, "minItems": 1, "maxItems": 4, "uniqueItems": True}
    defs["holding_claim"] = {
        "type": "object", "additionalProperties": False, "required": ["pool"],
        "description": "A pool taken by holding: ranks of trumps held together, named cards held together, "
                       "a pair, or going out first (exactly one of them).",
        "properties": {"pool": {"type": "string", "pattern": ID_PATTERN, "maxLength": 40},
                       "trumps": ranks, "cards": cards, "pair": {"const": True},
                       "first_out": {"const": True}},
        "oneOf": [{"required": [k]} for k in ("trumps", "cards", "pair", "first_out")]}
    defs["source_entry"] = {
        "type": "object", "additionalProperties": False, "required": ["citation"],
        "properties": {"citation": {"type": "string", "minLength": 1},
                       "file": {"type": "string"},
                       "language": {"type": "string", "pattern": "^[a-z]{2,3}$"},
                       "url": {"type": "string"},
                       "sections": {"enum": ["none"],
                                    "description": "`none` when the page has no sections: a citation "
                                                   "may then be the source id alone."}}}

    props: dict[str, Any] = {
        "format": {"const": FORMAT, "description": f"The ruleset format: {FORMAT}. Files without it are in "
                                                    "the first format; `hoc migrate FILE` converts them."},
        "kind": {"enum": ["ruleset", "extension"], "default": "ruleset",
                 "description": "`ruleset` for a game or a reading; `extension` for an overlay applied with --with."},
        "name": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9-]*$", "maxLength": 64,
                 "description": "Short name, lower case with hyphens, the file name without .yaml."},
        "title": {"type": "string", "minLength": 1, "maxLength": 200, "description": "Human title, one line."},
        "summary": {"type": "string", "minLength": 1, "description": "A few sentences: what this is and whence."},
        "extends": {"type": "string", "minLength": 1, "maxLength": 255,
                    "description": "The ruleset this one starts from: a bundled name or a path relative to this file."},
        "sources": {"type": "object", "propertyNames": {"pattern": r"^[a-z0-9][a-z0-9._-]*$"},
                    "additionalProperties": {"$ref": "#/$defs/source_entry"},
                    "description": "The sources the knobs cite, by id."},
    }
    for name, cls in SECTIONS.items():
        defs[f"section.{name}"] = {"type": "object", "additionalProperties": False,
                                   "description": (cls.__doc__ or "").split("\n")[0],
                                   "properties": _section_props(name, cls, defs)}
        props[name] = {"$ref": f"#/$defs/section.{name}"}
    defs["display_names"] = {"type": "object", "additionalProperties": False, "minProperties": 1,
                     "description": "What each language calls it at the table (`display_names: {fr: le point}`), "
                                    "with its article in French; a label, not a rule: no provenance. "
                                    "Without a name, its id is shown.",
                     "properties": {lang: {"type": "string", "minLength": 1, "maxLength": model.MAX_DISPLAY_NAME,
                                           "pattern": r"\S"}
                                    for lang in model.NAME_LANGS}}
    pool_props = {"display_names": {"$ref": "#/$defs/display_names"}, **_section_props("pools", model.PoolRules, defs)}
    defs["pool"] = {"type": ["object", "null"], "additionalProperties": False,
                    "description": "A named pool; null removes an inherited one.",
                    "properties": pool_props}
    pools_map = {"type": "object", "propertyNames": {"pattern": ID_PATTERN, "maxLength": 40},
                 "additionalProperties": {"$ref": "#/$defs/pool"}, "maxProperties": 12}
    defs["no_pools"] = {"type": "object", "allOf": [{"$ref": "#/$defs/knob"}],
                        "description": "No pools, with the provenance of that: "
                                       "`{value: {}, lost: ..., alternatives: ...}` or `{value: {}, source: ...}`.",
                        "properties": {"value": {"type": "object", "maxProperties": 0}}}
    props["pools"] = {"type": "object",
                      "description": "Named pools (stakes, board boxes), each with its ante; or "
                                     "`{value: {}, <provenance>}` for a game without pools, saying why.",
                      "if": {"required": ["value"]}, "then": {"$ref": "#/$defs/no_pools"}, "else": pools_map}
    stage_rules = []
    structural: dict[str, dict[str, Any]] = {"kind": {"enum": sorted({k for k, _ in STAGE_CLASSES})},
                  "on": {"enum": sorted({o for _, o in STAGE_CLASSES if o})},
                  "pool": {"type": "string", "pattern": ID_PATTERN}}
    for (kind, on), cls in STAGE_CLASSES.items():
        key = f"stage.{kind}" + (f".{on}" if on else "")
        sprops = dict(_section_props(key.removeprefix("stage."), cls, defs))
        own: dict[str, dict[str, Any]] = {"kind": {"const": kind}, "display_names": {"$ref": "#/$defs/display_names"}}
        if on:
            own["on"] = {"const": on}
        if "pool" in {f.name for f in __import__("dataclasses").fields(cls)}:
            own["pool"] = structural["pool"]
        defs[key] = {"type": "object", "additionalProperties": False,
                     "description": (cls.__doc__ or "").split("\n")[0],
                     "properties": {**own, **sprops}}
        # (a null stage, which removes an inherited one, matches no kind: without the type
        # the condition would hold of it vacuously)
        cond: dict[str, Any] = {"type": "object", "properties": {"kind": {"const": kind}}, "required": ["kind"]}
        if on:
            cond["properties"]["on"] = {"const": on}
            cond["required"] = ["kind", "on"]
        stage_rules.append({"if": cond, "then": {"$ref": f"#/$defs/{key}"}})
    defs["stage"] = {"type": ["object", "null"], "properties": structural, "allOf": stage_rules,
                     "description": "A stage: `kind` (vie, claims, stops, settle), `on` for vie and claims, "
                                    "`pool` for vie, then its knobs. Null removes an inherited stage."}
    props["stages"] = {"type": "object", "propertyNames": {"pattern": ID_PATTERN, "maxLength": 40},
                       "additionalProperties": {"$ref": "#/$defs/stage"}, "maxProperties": 20,
                       "description": "The stages in order of play, by id."}
    overlay = {name: props[name] for name in (*SECTIONS, "pools", "stages")}
    defs["reading"] = {
        "type": ["object", "null"], "additionalProperties": False,
        "description": "A whole reading: a named set of changes, written as an extension is (sections, "
                       "pools, stages, each knob with its provenance), with a title and the reading's "
                       "own provenance. A lost rule's alternative may name it (`- reading: <id>`). "
                       "Null removes an inherited one.",
        "properties": {"title": {"type": "string", "minLength": 1, "maxLength": 200,
                                 "description": "The reading in a few words."},
                       **{k: v for k, v in prov.items()}, **overlay},
        # null (removing an inherited one) needs none of it
        "if": {"type": "object"},
        "then": {"required": ["title"], "oneOf": _exactly_one_kind(), "dependentRequired": _PLAYED},
    }
    props["readings"] = {"type": "object", "propertyNames": {"pattern": ID_PATTERN, "maxLength": 40},
                         "additionalProperties": {"$ref": "#/$defs/reading"}, "maxProperties": 64,
                         "description": "Whole readings of the rules, by id: each a set of changes with "
                                        "its provenance (see `hoc readings`, `hoc reconstruct`)."}
    defs["expectation"] = {
        "type": ["object", "null"], "additionalProperties": False,
        "description": "What a source says or implies about play, as a condition on a metric of "
                       "`hoc simulate`. Null removes an inherited one.",
        "properties": {
            "says": {"type": "string", "minLength": 1, "maxLength": 300,
                     "description": "What the source says or implies, in words."},
            "holds": {"type": "string", "minLength": 1, "maxLength": 200,
                      "description": "The condition: `METRIC > NUMBER`, `METRIC < METRIC`, "
                                     "`METRIC between LOW and HIGH` (metrics as `hoc simulate` names them)."},
            "players": {"type": "array", "items": {"type": "integer", "minimum": model.MIN_PLAYERS,
                                                   "maximum": model.MAX_PLAYERS},
                        "minItems": 1, "uniqueItems": True,
                        "description": "The numbers of players it speaks of (absent: every number)."},
            **{k: prov[k] for k in EXPECTATION_KINDS}, "note": prov["note"]},
        "if": {"type": "object"},
        "then": {"required": ["says", "holds"], "oneOf": [{"required": [k]} for k in EXPECTATION_KINDS]},
    }
    props["expectations"] = {"type": "object", "propertyNames": {"pattern": ID_PATTERN, "maxLength": 40},
                             "additionalProperties": {"$ref": "#/$defs/expectation"}, "maxProperties": 32,
                             "description": "What the sources say about play, by id, each a condition on a "
                                            "simulated metric with its source (`hoc simulate` says which hold)."}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://hocdsl.example/ruleset.schema.json",
        "title": "hocdsl ruleset",
        "description": "A ruleset of the hoc family (generated from hocdsl/rules/model.py; do not edit).",
        "type": "object",
        "properties": props,
        "required": ["format", "name", "title"],
        "additionalProperties": False,
        "allOf": [{"if": {"properties": {"kind": {"const": "extension"}}, "required": ["kind"]},
                   "then": {"not": {"required": ["extends"]}}}],
        "$defs": defs,
    }


def schema_text() -> str:
    return json.dumps(build_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    text = schema_text()
    if "--write" in args or "--check" in args:
        return write_or_check(SCHEMA_FILE, text, check="--check" in args, source="the model",
                              command="python -m hocdsl.rules.schema --write")
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
