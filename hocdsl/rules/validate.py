"""Validate a ruleset file against ``schema.json``, each error placed at its node.

The schema (JSON Schema draft 2020-12) ships in the package; ``hoc schema``
prints it for editors. jsonschema finds the violations; this module words
them for a historian: the offending node's line and column, the knob path,
what was found, what was expected, and a suggestion for a misspelt word.

>>> from hocdsl.rules.yamldoc import parse_yaml
>>> doc = parse_yaml("name: x\\ntitle: X\\nsummary: s\\nextends: hoc-mazarin\\n"
...                  "bidding:\\n  raise_cap: {value: 20, sorce: lalanne §5.1}\\n", "x.yaml")
>>> print(schema_errors(doc)[0])
x.yaml:6:26: bidding.raise_cap.sorce: found an unknown key `sorce`; expected value, source, editorial, note
    hint: did you mean `source`?
"""

from __future__ import annotations

import datetime
import functools
import json
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator, ValidationError

from ..cards import CardError, card_name, parse_card
from .errors import RulesetError, suggest
from .model import SECTIONS
from .yamldoc import YamlDoc, dotted

KNOB_FORM = ('a knob written `{value: ..., source: "<id> §<section>"}` '
             'or `{value: ..., editorial: "<why>"}`')


@functools.cache
def schema_text() -> str:  # the committed file; hocdsl.rules.schema checks it against the model
    """The JSON Schema for ruleset and extension files, as shipped."""
    return resources.files("hocdsl.rules").joinpath("schema.json").read_text(encoding="utf-8")


@functools.cache
def schema() -> dict[str, Any]:
    """The JSON Schema as a dict."""
    return json.loads(schema_text())


@functools.cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(schema())


def json_data(data: Any) -> Any:
    """YAML data as JSON sees it: mapping keys as text, dates as text.

    (check-jsonschema reads YAML the same way, so both validators agree.)
    """
    if isinstance(data, dict):
        return {str(k): json_data(v) for k, v in data.items()}
    if isinstance(data, list):
        return [json_data(v) for v in data]
    if isinstance(data, (datetime.date, datetime.datetime)):
        return data.isoformat()
    return data


# --------------------------------------------------------- wording ----

_TYPE_WORDS = {
    "integer": "a whole number", "number": "a number", "boolean": "true or false",
    "string": "text", "array": "a list", "object": "a mapping", "null": "nothing",
}


def found_words(value: Any) -> str:
    """A short description of a found value: ``the text `abc```, ``the number `3```."""
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, (int, float)):
        return f"the number `{value}`"
    if isinstance(value, str):
        short = value if len(value) <= 40 else value[:37] + "..."
        return f"the text `{short}`" if value else "empty text"
    if isinstance(value, list):
        return "a list" if value else "an empty list"
    if isinstance(value, dict):
        return "a mapping" if value else "an empty mapping"
    return f"`{value!r}`"


def _expected_type(t: str | list[str]) -> str:
    types = [t] if isinstance(t, str) else list(t)
    return " or ".join(_TYPE_WORDS.get(x, x) for x in types)


def _is_knob(path: tuple) -> bool:
    return ((len(path) == 2 and path[0] in SECTIONS)
            or (len(path) == 3 and path[0] in ("pools", "stages") and path[2] not in ("kind", "on", "pool")))


def _is_group(path: tuple) -> bool:
    """A section, a pool or a stage: a mapping of knobs."""
    return (len(path) == 1 and path[0] in SECTIONS) or (len(path) == 2 and path[0] in ("pools", "stages"))


def _card_suggestion(text: Any) -> str | None:
    try:
        return card_name(parse_card(str(text)))
    except CardError:
        return None


# what a pattern stands for, by the pattern's place in the schema ($defs name or property)
def _pattern_words(error: ValidationError, path: tuple, key: bool) -> tuple[str, str, str | None, str | None]:
    """(found, expected, suggestion, hint) for a ``pattern`` failure."""
    value = error.instance
    sp = list(error.schema_path)
    if key:  # propertyNames
        if path[:2] == ("table", "hand_size"):
            return (f"`{value}` players", "a number of players from 2 to 9", None, None)
        if path and path[0] == "sequence":
            return (f"a sequence length `{value}`", "a length from 2 to 13", None, None)
        if path == ("sources",):
            low = str(value).lower()
            return (f"the source id `{value}`", "lower-case letters, digits, `.`, `_` and `-` (e.g. lalanne-en)",
                    low if low != value else None, None)
        return (f"the key `{value}`", f"a key matching {error.validator_value}", None, None)
    if "card" in sp or (len(path) >= 3 and path[-2] == "value" and path[1] == "principal_hocs"):
        return (f"`{value}`, which is not a card", "a card in compact notation: rank A, 2..10 (or T), J, Q, K, "
                "then suit S, H, D, C (e.g. KS, JD, 10H)", _card_suggestion(value), None)
    if path and path[-1] == "source":
        text = str(value).strip()
        sid, _, rest = text.partition(" ")
        sug = None
        if rest and not rest.lstrip().startswith("§"):
            sug = f"{sid.lower()} §{rest.strip()}"
        elif sid != sid.lower():
            sug = f"{sid.lower()} {rest}".strip()
        return (f"the source `{value}`", 'a source id and a section, such as "lalanne §5.2"', sug,
                None if sug else "give the section after the id and a `§`; use editorial: when no source says it")
    if path == ("name",):
        return (f"the name `{value}`", "lower-case letters, digits and hyphens, like the file name (e.g. hoc-mazarin)",
                None, None)
    if path and path[-1] == "language":
        return (f"the language `{value}`", "a language code such as fr or en", None, None)
    return (found_words(value), f"text matching {error.validator_value}", None, None)


def _unknown_key_words(path: tuple) -> tuple[str, str]:
    """(what an unknown key is called here, a name for the allowed set)."""
    if path == ():
        return "section or field", "one of"
    if _is_group(path):
        return "knob", "one of"
    if _is_knob(path):
        return "key", ""
    return "key", "one of"


def _render(doc: YamlDoc, error: ValidationError) -> list[RulesetError]:
    path = tuple(error.absolute_path)
    v = error.validator
    inst = error.instance
    sp = list(error.schema_path)
    in_prop_names = "propertyNames" in sp

    if v == "not" and error.validator_value == {"required": ["extends"]}:  # `extends` in an extension
        return [doc.error(("extends",), "`extends` in an extension file",
                          "no `extends:` in an extension (it is laid over whichever ruleset it is applied to)",
                          key=True, hint="remove `extends:`, or make this a ruleset (drop `kind: extension`)")]

    if v == "type":
        if _is_knob(path):
            shown = inst if not isinstance(inst, (dict, list)) else "..."
            return [doc.error(path, f"a bare value, {found_words(inst)}", KNOB_FORM,
                              hint=f'write `{path[-1]}: {{value: {shown}, source: "<id> §<section>"}}`')]
        if _is_group(path):
            return [doc.error(path, found_words(inst), f"a mapping of the knobs of `{dotted(path)}`")]
        return [doc.error(path, found_words(inst), _expected_type(error.validator_value))]

    if v == "enum":
        options = error.validator_value
        return [doc.error(path, f"`{inst}`" if isinstance(inst, str) else found_words(inst),
                          "one of: " + ", ".join(str(o) for o in options),
                          suggestion=suggest(inst, options) if isinstance(inst, str) else None)]

    if v == "const":
        return [doc.error(path, found_words(inst), f"`{error.validator_value}`")]

    if v == "required":
        missing = [r for r in error.validator_value if isinstance(inst, dict) and r not in inst]
        base = bool(sp) and sp[0] == "allOf"
        out = []
        for m in missing:
            full = dotted(path + (m,))
            if base and not path:
                out.append(doc.error(path, f"no `{m}`" + (" section" if m in SECTIONS else ""),
                                     f"every section of the game, and sources:, in a ruleset without `extends:`",
                                     key=True, shown_path=m,
                                     hint="a base ruleset sets every knob; add it, or `extends:` a ruleset that does"))
            elif base:
                out.append(doc.error(path, f"no knob `{full}`",
                                     "every knob set in a ruleset without `extends:`", key=True, shown_path=full,
                                     hint=f"add `{m}: {{value: ..., source: \"<id> §<section>\"}}` under "
                                          f"`{dotted(path)}:`, or `extends:` a ruleset that sets it"))
            elif _is_knob(path) and m == "value":
                out.append(doc.error(path, "a knob without `value`", KNOB_FORM, key=True, shown_path=full))
            elif len(path) >= 3 and path[1] == "names":
                out.append(doc.error(path, f"no name for a tricon of {m} cards", "names for both sizes, 3 and 4",
                                     key=True, shown_path=full))
            elif len(path) >= 3 and path[1] == "payments" and path[0] == "tricon" and len(path) == 3:
                out.append(doc.error(path, f"no payment for a tricon of {m} cards",
                                     "payments for both sizes, 3 and 4", key=True, shown_path=full))
            else:
                out.append(doc.error(path, f"no `{m}`", f"`{m}` here (it is required)", key=True,
                                     shown_path=full))
        return out

    if v == "additionalProperties":
        allowed = list((error.schema.get("properties") or {}).keys())
        extras = [k for k in inst if k not in allowed] if isinstance(inst, dict) else []
        what, lead = _unknown_key_words(path)
        out = []
        for k in extras:
            if path[:1] == ("tricon",) and len(path) == 3 and path[1] in ("names", "payments"):
                out.append(doc.error(path + (k,), f"a tricon of {k} cards", "tricon sizes 3 and 4 only",
                                     key=True, hint="a tricon is three or four cards of one rank"))
                continue
            expected = (f"{lead}: " if lead else "") + ", ".join(allowed)
            where = f" in `{dotted(path)}`" if what == "knob" else ""
            out.append(doc.error(path + (k,), f"an unknown {what} `{k}`{where}", expected, key=True,
                                 suggestion=suggest(k, allowed)))
        return out

    if v == "oneOf" and isinstance(inst, dict) and (_is_knob(path) or "alternatives" in path):
        kinds = [k for k in ("source", "inferred", "borrowed", "editorial") if k in inst]
        if len(kinds) > 1:
            return [doc.error(path + (kinds[1],), f"both `{kinds[0]}` and `{kinds[1]}`",
                              "exactly one provenance: source, inferred, borrowed or editorial", key=True,
                              shown_path=dotted(path),
                              hint="keep the one that says how the value was reached; move the rest to `note:`")]
        return [doc.error(path, "a knob without provenance (no `source`, `inferred`, `borrowed` or `editorial`)",
                          'a `source: "<id> §<section>"`, an `inferred:` or `borrowed: "<id> §<section>: <why>"`, '
                          'or an `editorial: "<why>"`', key=True,
                          hint="every rule says where it comes from; use editorial: when no source settles it")]

    if v == "pattern":
        found, expected, sug, hint = _pattern_words(error, path, in_prop_names)
        key = in_prop_names
        at = path + (inst,) if key else path
        return [doc.error(at, found, expected, key=key, suggestion=sug, hint=hint)]

    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        words = {"minimum": "at least", "maximum": "at most",
                 "exclusiveMinimum": "more than", "exclusiveMaximum": "less than"}[v]
        return [doc.error(path, found_words(inst), f"a number {words} {error.validator_value}")]

    if v in ("minItems", "minProperties"):
        n = error.validator_value
        unit = "item" if v == "minItems" else "entry"
        return [doc.error(path, found_words(inst), f"at least {n} {unit}{'s' if n != 1 else ''}")]

    if v in ("maxItems", "maxProperties"):
        return [doc.error(path, f"{len(inst)} items", f"at most {error.validator_value}")]

    if v == "uniqueItems":
        seen: dict[Any, int] = {}
        for i, item in enumerate(inst):
            k = json.dumps(item, sort_keys=True)
            if k in seen:
                return [doc.error(path + (i,), f"{found_words(item)} a second time (first at item {seen[k] + 1})",
                                  "each item at most once")]
            seen[k] = i
        return [doc.error(path, "a repeated item", "each item at most once")]

    if v == "minLength":
        return [doc.error(path, found_words(inst), "some text")]

    return [doc.error(path, found_words(inst), f"a value the schema allows ({error.message})")]


def schema_errors(doc: YamlDoc) -> list[RulesetError]:
    """Every schema violation in ``doc``, sorted by place in the file."""
    if not isinstance(doc.data, dict):
        return [doc.error((), found_words(doc.data),
                          "a ruleset: a mapping with name, title, summary, sources and the sections of the game")]
    errors = list(_validator().iter_errors(json_data(doc.data)))
    # where a node has the wrong type, the other complaints about it are noise
    typed = {tuple(e.absolute_path) for e in errors if e.validator == "type"}
    # a misspelt `source:` also leaves the knob without provenance: report the typo only
    unknown = {tuple(e.absolute_path) for e in errors if e.validator == "additionalProperties"}
    out: list[RulesetError] = []
    seen: set[str] = set()
    for e in errors:
        if tuple(e.absolute_path) in typed and e.validator != "type":
            continue
        if e.validator == "oneOf" and tuple(e.absolute_path) in unknown:
            continue
        for r in _render(doc, e):
            if r.render() not in seen:
                seen.add(r.render())
                out.append(r)
    out.sort(key=lambda r: (r.line or 0, r.column or 0))
    return out


def validate_document(doc: YamlDoc) -> None:
    """Raise the first schema violation in ``doc`` (the others in ``error.more``)."""
    errors = schema_errors(doc)
    if errors:
        first = errors[0]
        first.more = tuple(errors[1:])
        raise first
