"""Validate a ruleset file against ``schema.json``, each error placed at its node.

The schema (JSON Schema draft 2020-12) ships in the package; ``hoc schema``
prints it for editors. jsonschema finds the violations; this module words
them for a historian: the offending node's line and column, the knob path,
what was found, what was expected, and a suggestion for a misspelt word.

>>> from hocdsl.rules.yamldoc import parse_yaml
>>> doc = parse_yaml("format: 2\\nname: x\\ntitle: X\\nsummary: s\\nextends: hoc-mazarin\\n"
...                  "bidding:\\n  raise_cap: {value: 20, sorce: lalanne §5.1}\\n", "x.yaml")
>>> print(schema_errors(doc)[0])
x.yaml:7:26: bidding.raise_cap.sorce: found an unknown key `sorce`; expected value, source, inferred, borrowed, editorial, lost, approximated, played, note, alternatives
    hint: did you mean `source`?
"""

from __future__ import annotations

import datetime
import functools
import json
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator, ValidationError  # type: ignore[import-untyped,unused-ignore]
from jsonschema.exceptions import best_match  # type: ignore[import-untyped,unused-ignore]

from ..cards import CardError, card_name, parse_card
from .errors import RulesetError, suggest
from .model import PROVENANCE_KINDS, SECTIONS, STAGE_CLASSES, KnobSpec, PoolRules, knob_fields
from .yamldoc import YamlDoc, dotted, value_at

KNOB_FORM = ('a knob written `{value: ..., source: "<id> §<section>"}` '
             'or `{value: ..., editorial: "<why>"}`')


@functools.cache
def schema_text() -> str:  # the committed file; hocdsl.rules.schema checks it against the model
    """The JSON Schema for ruleset and extension files, as shipped."""
    return resources.files("hocdsl.rules").joinpath("schema.json").read_text(encoding="utf-8")


@functools.cache
def schema() -> dict[str, Any]:
    """The JSON Schema as a dict."""
    data: dict[str, Any] = json.loads(schema_text())
    return data


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


def _is_knob(path: tuple[Any, ...]) -> bool:
    return ((len(path) == 2 and path[0] in SECTIONS)
            or (len(path) == 3 and path[0] in ("pools", "stages") and path[2] not in ("kind", "on", "pool")))


def _is_unit(path: tuple[Any, ...]) -> bool:
    """An entry of ``table.units`` written with its own provenance."""
    return len(path) == 4 and path[:3] == ("table", "units", "value")


def _is_group(path: tuple[Any, ...]) -> bool:
    """A section, a pool or a stage: a mapping of knobs."""
    return (len(path) == 1 and path[0] in SECTIONS) or (len(path) == 2 and path[0] in ("pools", "stages"))


def _stage_of(doc: YamlDoc, sid: Any) -> tuple[str, str | None] | None:
    """The (kind, on) a stage of this file declares, if it does."""
    stages = doc.data.get("stages") if isinstance(doc.data, dict) else None
    st = stages.get(sid) if isinstance(stages, dict) else None
    if isinstance(st, dict):
        kind, on = st.get("kind"), st.get("on")
        if isinstance(kind, str):
            return kind, on if isinstance(on, str) else None
    return None


def _spec_at(doc: YamlDoc, path: tuple[Any, ...], stage: tuple[str, str | None] | None = None) -> KnobSpec | None:
    """The model's spec of the knob a YAML path is in (``stage``: the stage's kind and on,
    when the file does not say it)."""
    if len(path) >= 2 and path[0] in SECTIONS:
        cls: type | None = SECTIONS[path[0]]
        name = path[1]
    elif len(path) >= 3 and path[0] == "pools":
        cls, name = PoolRules, path[2]
    elif len(path) >= 3 and path[0] == "stages":
        kind_on = stage or _stage_of(doc, path[1])
        cls = STAGE_CLASSES.get((kind_on[0], kind_on[1] if kind_on[0] in ("vie", "claims") else None)) \
            if kind_on else None
        name = path[2]
    else:
        return None
    if cls is None:
        return None
    return dict(knob_fields(cls)).get(name)


def _set_or_run(doc: YamlDoc, path: tuple[Any, ...], stage: tuple[str, str | None] | None) -> str | None:
    """``"set"`` or ``"run"`` for a vie stage's names/payments, else None."""
    if len(path) >= 3 and path[0] == "stages" and path[2] in ("names", "payments"):
        kind_on = stage or _stage_of(doc, path[1])
        if kind_on and kind_on[0] == "vie" and kind_on[1] in ("set", "run"):
            return kind_on[1]
    return None


def _card_suggestion(text: Any) -> str | None:
    try:
        return card_name(parse_card(str(text)))
    except CardError:
        return None


# what a pattern stands for, by the pattern's place in the schema ($defs name or property)
def _pattern_words(doc: YamlDoc, error: ValidationError, path: tuple[Any, ...], key: bool,
                   stage: tuple[str, str | None] | None = None) -> tuple[str, str, str | None, str | None]:
    """(found, expected, suggestion, hint) for a ``pattern`` failure."""
    value = error.instance
    sp = list(error.schema_path)
    if key:  # propertyNames
        spec = _spec_at(doc, path, stage)
        if path[:2] == ("deal", "hand_size") and spec is not None:
            return (f"`{value}` players", f"a number of players from {spec.key_min} to {spec.key_max}", None, None)
        combo = _set_or_run(doc, path, stage)
        if combo == "set" and spec is not None:
            return (f"a set of {value} cards", f"set sizes {spec.key_min} to {spec.key_max} only", None,
                    "a set is two to four cards of one rank")
        if combo == "run" and spec is not None:
            return (f"a sequence length `{value}`", f"a length from {spec.key_min} to {spec.key_max}", None, None)
        if path == ("sources",):
            low = str(value).lower()
            return (f"the source id `{value}`", "lower-case letters, digits, `.`, `_` and `-` (e.g. lalanne-en)",
                    low if low != value else None, None)
        return (f"the key `{value}`", f"a key matching {error.validator_value}", None, None)
    if "card" in sp or error.validator_value == schema()["$defs"]["card"]["pattern"]:
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
    if path and path[-1] in ("inferred", "borrowed"):
        text = " ".join(str(value).split())
        what = "reasoning" if path[-1] == "inferred" else "reason"
        if ":" not in text:
            return (f"`{path[-1]}: {text}` without its {what}",
                    f'a source id, a section, a colon and the {what}, such as '
                    f'"lalanne §9.2: a player going out starts no run"', f"{text}: <{what}>",
                    f"say after a colon how the value {'follows from' if what == 'reasoning' else 'fills'} "
                    "the source; if the source states it, write `source:` instead")
        return (f"the {path[-1]} provenance `{text}`",
                f'a source id, a section, a colon and the {what}, such as "lalanne §9.2: ..."', None, None)
    if path == ("name",):
        return (f"the name `{value}`", "lower-case letters, digits and hyphens, like the file name (e.g. hoc-mazarin)",
                None, None)
    if path and path[-1] == "language":
        return (f"the language `{value}`", "a language code such as fr or en", None, None)
    return (found_words(value), f"text matching {error.validator_value}", None, None)


def _colonless_key(key: Any, known: list[str]) -> str | None:
    """The known key that ``key`` starts with before a space (``value`` of ``value dealer``):
    a key written without its colon, in a flow mapping (``{value dealer, source: ...}``)."""
    head = str(key).split(maxsplit=1)[0] if isinstance(key, str) and " " in key.strip() else None
    return head if head in known else None


def _unknown_key_words(path: tuple[Any, ...]) -> tuple[str, str]:
    """(what an unknown key is called here, a name for the allowed set)."""
    if path == ():
        return "section or field", "one of"
    if _is_group(path):
        return "knob", "one of"
    if _is_knob(path):
        return "key", ""
    return "key", "one of"


def _render(doc: YamlDoc, error: ValidationError,
            stage: tuple[str, str | None] | None = None) -> list[RulesetError]:
    path = tuple(error.absolute_path)
    v = error.validator
    inst = error.instance
    sp = list(error.schema_path)
    in_prop_names = "propertyNames" in sp

    if v == "not" and error.validator_value == {"required": ["extends"]}:  # `extends` in an extension
        return [doc.error(("extends",), "`extends` in an extension file",
                          "no `extends:` in an extension (it is laid over whichever ruleset it is applied to)",
                          key=True, hint="remove `extends:`, or make this a ruleset (drop `kind: extension`)")]

    if v == "not" and isinstance(inst, dict) and "reading" in inst:  # an alternative naming a reading
        extra = [k for k in inst if k not in ("reading", "note")]
        return [doc.error(path + (extra[0],) if extra else path,
                          f"`{extra[0] if extra else '?'}` beside `reading: {inst['reading']}`",
                          "an alternative that is either a value with its provenance, or `reading: <id>` "
                          "(the reading gives the value and the provenance)", key=True, shown_path=dotted(path),
                          hint=f"the value and its source belong to the reading `{inst['reading']}` under "
                               "`readings:`; keep only `reading:` (and a `note:`) here")]

    if v in ("anyOf", "oneOf") and error.context and not (v == "oneOf" and _is_knob(path)):
        # one branch is null (an optional knob): say what is wrong in the other
        deeper = [e for e in error.context if not (e.validator == "type" and e.validator_value == "null")]
        # a branch of the value's own type says more than one of another type (an amount is a
        # number or a mapping of units: -3 is a number below 0, not "not a mapping")
        typed_ok = [e for e in deeper if e.validator != "type"]
        if typed_ok and v == "anyOf":
            deeper = typed_ok
        if deeper:
            return _render(doc, best_match(deeper), stage)

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
            else:
                out.append(doc.error(path, f"no `{m}`", f"`{m}` here (it is required)", key=True,
                                     shown_path=full))
        return out

    if v == "additionalProperties":
        known = list((error.schema.get("properties") or {}).keys())
        # every key the schema knows is fine (a stage's `kind: stops` too); the list offered instead
        # is a stage's knobs, kind, on and pool being said apart
        allowed = [k for k in known if not (len(path) == 2 and path[0] == "stages" and k in ("kind", "on", "pool"))]
        extras = [k for k in inst if k not in known] if isinstance(inst, dict) else []
        what, lead = _unknown_key_words(path)
        out = []
        for k in extras:
            expected = (f"{lead}: " if lead else "") + ", ".join(allowed)
            where = f" in `{dotted(path)}`" if what == "knob" else ""
            head = _colonless_key(k, known)
            if head is not None:  # `{value dealer, source: ...}`: a key and its value without the colon
                rest = str(k)[len(head):].strip()
                out.append(doc.error(path + (k,), f"`{k}`, a key and its value without the colon between them",
                                     expected, key=True, hint=f"add the missing colon: `{head}: {rest}`"))
                continue
            hint = None
            if _is_knob(path) and _spec_at(doc, path[:-1] + (k,), stage) is not None:
                hint = (f"`{k}` is a knob of `{dotted(path[:-1])}`, not a key of `{path[-1]}`: is it indented "
                        f"too far? It belongs beside `{path[-1]}:`, not under it")
            out.append(doc.error(path + (k,), f"an unknown {what} `{k}`{where}", expected, key=True,
                                 suggestion=suggest(k, allowed), hint=hint))
        return out

    if v == "oneOf" and isinstance(inst, dict) and (_is_knob(path) or "alternatives" in path
                                                    or path == ("pools",) or _is_unit(path)):
        kinds = [k for k in PROVENANCE_KINDS if k in inst]
        if len(kinds) > 1:
            return [doc.error(path + (kinds[1],), f"both `{kinds[0]}` and `{kinds[1]}`",
                              "exactly one provenance: source, inferred, borrowed, editorial, lost or "
                              "approximated", key=True,
                              shown_path=dotted(path),
                              hint="keep the one that says how the value was reached; move the rest to `note:`")]
        return [doc.error(path, "a knob without provenance (no `source`, `inferred`, `borrowed`, `editorial`, "
                          "`lost` or `approximated`)",
                          'a `source: "<id> §<section>"`, an `inferred:` or `borrowed: "<id> §<section>: <why>"`, '
                          'an `editorial: "<why>"`, a `lost: "<id> <where>: what is missing"` or an '
                          '`approximated: "<id> §<section>: what the source says"` with `played:`', key=True,
                          hint="every rule says where it comes from; use editorial: when no source settles it")]

    if v == "dependentRequired" and isinstance(inst, dict) and ("played" in inst or "approximated" in inst):
        has, lacks = ("approximated", "played") if "approximated" in inst else ("played", "approximated")
        return [doc.error(path + (has,), f"`{has}:` without `{lacks}:`",
                          "`approximated:` (what the source says, with its citation) and `played:` (what the "
                          "engine plays instead) together", key=True, shown_path=dotted(path),
                          hint='e.g. approximated: "enc-hoc ¶4: the sequence is paid only when nobody raised", '
                               'played: "the sequence is paid whether or not anyone raised"')]

    if v == "dependentRequired" and isinstance(inst, dict):
        return [doc.error(path + ("lost",), "a lost rule without `alternatives:`",
                          "`alternatives:`, the readings the lost rule could have had, each with its provenance",
                          key=True, shown_path=dotted(path),
                          hint="the value of a lost rule is a placeholder: list the other values it could take "
                               "(`alternatives: [{value: ..., editorial: ...}]`)")]

    if v == "pattern":
        found, expected, sug, hint = _pattern_words(doc, error, path, in_prop_names, stage)
        key = in_prop_names
        at = path + (inst,) if key else path
        return [doc.error(at, found, expected, key=key, suggestion=sug, hint=hint)]

    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        words = {"minimum": "at least", "maximum": "at most",
                 "exclusiveMinimum": "more than", "exclusiveMaximum": "less than"}[v]
        spec = _spec_at(doc, path, stage)
        hint = f"{spec.title}: {spec.doc[0].lower()}{spec.doc[1:]}" if spec is not None else None
        return [doc.error(path, found_words(inst), f"a number {words} {error.validator_value}", hint=hint)]

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

    if v == "maxLength":
        return [doc.error(path, f"{found_words(inst)} ({len(inst)} characters)",
                          f"at most {error.validator_value} characters", key=in_prop_names)]

    return [doc.error(path, found_words(inst), f"a value the schema allows ({error.message})")]


def schema_errors(doc: YamlDoc) -> list[RulesetError]:
    """Every schema violation in ``doc``, sorted by place in the file."""
    if not isinstance(doc.data, dict):
        return [doc.error((), found_words(doc.data),
                          "a ruleset: a mapping with name, title, summary, sources and the sections of the game")]
    return _worded(doc, list(_validator().iter_errors(json_data(doc.data))))


@functools.cache
def _stage_validator(kind: str, on: str | None) -> Draft202012Validator:
    key = f"stage.{kind}" + (f".{on}" if on and kind in ("vie", "claims") else "")
    return Draft202012Validator({"$ref": f"#/$defs/{key}", "$defs": schema()["$defs"]})


def stage_schema_errors(doc: YamlDoc, at: tuple[Any, ...], kind: str, on: str | None) -> list[RulesetError]:
    """Schema violations in the stage at ``at`` of ``doc``, a stage of ``kind`` (and ``on``)
    whose kind the file does not restate (it extends a ruleset that has the stage): the
    whole-file schema cannot tell which stage's knobs it holds."""
    spec = value_at(doc.data, at)
    errors = list(_stage_validator(kind, on).iter_errors(json_data(spec)))
    for e in errors:
        e.path.extendleft(reversed(at))
    return _worded(doc, errors, (kind, on))


def _worded(doc: YamlDoc, errors: list[ValidationError],
            stage: tuple[str, str | None] | None = None) -> list[RulesetError]:
    # where a node has the wrong type, the other complaints about it are noise
    typed = {tuple(e.absolute_path) for e in errors if e.validator == "type"}
    # a misspelt `source:` also leaves the knob without provenance: report the typo only
    unknown = {tuple(e.absolute_path) for e in errors if e.validator == "additionalProperties"}
    # `{value dealer, ...}`: the colon is missing, not the value; say the colon only
    colonless = {(tuple(e.absolute_path), head) for e in errors if e.validator == "additionalProperties"
                 and isinstance(e.instance, dict)
                 for k in e.instance if (head := _colonless_key(k, list(e.schema.get("properties") or {})))}
    out: list[RulesetError] = []
    seen: set[str] = set()
    for e in errors:
        if tuple(e.absolute_path) in typed and e.validator != "type":
            continue
        if e.validator == "oneOf" and tuple(e.absolute_path) in unknown:
            continue
        if _only_missing(e, colonless):
            continue
        for r in _render(doc, e, stage):
            if r.render() not in seen:
                seen.add(r.render())
                out.append(r)
    out.sort(key=lambda r: (r.line or 0, r.column or 0))
    return out


def _only_missing(error: ValidationError, colonless: set[tuple[tuple[Any, ...], str]]) -> bool:
    """True if ``error`` says only that keys are missing which are there, written without their colon."""
    if error.validator != "required" or not isinstance(error.instance, dict):
        return False
    path = tuple(error.absolute_path)
    missing = [r for r in error.validator_value if r not in error.instance]
    return bool(missing) and all((path, m) in colonless for m in missing)


def validate_document(doc: YamlDoc) -> None:
    """Raise the first schema violation in ``doc`` (the others in ``error.more``)."""
    errors = schema_errors(doc)
    if errors:
        first = errors[0]
        first.more = tuple(errors[1:])
        raise first
