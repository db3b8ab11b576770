"""What an editor shows from the schema: on hover over a knob, that knob's own title and
description; in completion of a choice, the choice's meaning.

The YAML language server shows the first title and description it meets among the schemas
that apply to a node (through ``$ref``, ``allOf``, ``anyOf``, ``oneOf``, ``then``/``else``), in
an order of its own. So the test collects every schema that applies to a knob's node and asks
that the only title and description among them are the knob's: whichever the editor reads
first, it reads the knob's words.
"""

from __future__ import annotations


from collections.abc import Iterator
from typing import Any

import pytest

from hocdsl.rules.describe import words_for
from hocdsl.rules.model import SECTIONS, STAGE_CLASSES, KnobSpec, PoolRules, knob_fields
from hocdsl.rules.validate import schema


def _applying(node: dict[str, Any], defs: dict[str, Any], seen: frozenset[int] = frozenset()) -> Iterator[
        dict[str, Any]]:
    """``node`` and every schema that applies to the same instance through it."""
    if id(node) in seen:
        return
    seen = seen | {id(node)}
    yield node
    ref = node.get("$ref")
    if ref is not None:
        assert ref.startswith("#/$defs/"), ref
        yield from _applying(defs[ref.removeprefix("#/$defs/")], defs, seen)
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in node.get(key, ()):
            yield from _applying(sub, defs, seen)
    for key in ("then", "else"):
        if key in node:
            yield from _applying(node[key], defs, seen)


def _knobs() -> Iterator[tuple[str, str, KnobSpec]]:
    """(the $defs entry that holds it, knob name, spec) for every knob of the model."""
    for name, cls in SECTIONS.items():
        for knob, spec in knob_fields(cls):
            yield f"section.{name}", knob, spec
    for knob, spec in knob_fields(PoolRules):
        yield "pool", knob, spec
    for (kind, on), cls in STAGE_CLASSES.items():
        for knob, spec in knob_fields(cls):
            yield f"stage.{kind}" + (f".{on}" if on else ""), knob, spec


KNOBS = list(_knobs())


def _texts(node: dict[str, Any], defs: dict[str, Any], key: str) -> set[str]:
    return {s[key] for s in _applying(node, defs) if key in s}


def test_every_knob_of_the_model_is_checked() -> None:
    defs = schema()["$defs"]
    assert len(KNOBS) > 80  # the model's knobs, not an empty walk
    for holder, knob, _spec in KNOBS:
        assert knob in defs[holder]["properties"], (holder, knob)


@pytest.mark.parametrize(("holder", "knob", "spec"), KNOBS, ids=[f"{h}.{k}" for h, k, _ in KNOBS])
def test_hover_on_a_knob_shows_its_own_words(holder: str, knob: str, spec: KnobSpec) -> None:
    defs = schema()["$defs"]
    node = defs[holder]["properties"][knob]
    assert _texts(node, defs, "title") == {spec.title}
    assert _texts(node, defs, "description") == {f"{spec.title}. {spec.doc}"}
    (markdown,) = _texts(node, defs, "markdownDescription")
    assert markdown.startswith(spec.doc)


def _value_choices(node: dict[str, Any], defs: dict[str, Any]) -> list[dict[str, Any]]:
    """The schemas with ``enum`` that apply to a knob's ``value`` (or to each of its items)."""
    found = []
    for s in _applying(node, defs):
        value = s.get("properties", {}).get("value")
        if value is None:
            continue
        for v in _applying(value, defs):
            for c in (v, v.get("items", {})):
                if "enum" in c:
                    found.append(c)
    return found


ENUMERATED = [(h, k, s) for h, k, s in KNOBS if isinstance(s.words, dict)
              or _value_choices(schema()["$defs"][h]["properties"][k], schema()["$defs"])]


def test_the_enumerated_knobs_are_the_ones_with_choices() -> None:
    # every knob whose words are a table of choices is among them, and the lists of choices too
    assert {k for _h, k, s in KNOBS if isinstance(s.words, dict)} <= {k for _h, k, _s in ENUMERATED}
    assert {"must_claim", "steps", "keys"} <= {k for _h, k, _s in ENUMERATED}


@pytest.mark.parametrize(("holder", "knob", "spec"), ENUMERATED, ids=[f"{h}.{k}" for h, k, _ in ENUMERATED])
def test_each_choice_says_its_meaning(holder: str, knob: str, spec: KnobSpec) -> None:
    defs = schema()["$defs"]
    node = defs[holder]["properties"][knob]
    (choice,) = _value_choices(node, defs)
    values = choice["enum"]
    if isinstance(spec.words, dict):  # a choice for every entry of the model's table, and no other
        # (an optional knob's table may say what its absence means: null is no choice of the enum)
        assert sorted(values, key=repr) == sorted((w for w in spec.words if w is not None), key=repr)
        assert None not in spec.words or spec.optional, knob
    for key in ("enumDescriptions", "markdownEnumDescriptions"):
        meanings = choice[key]
        assert len(meanings) == len(values), key
        for value, meaning in zip(values, meanings):
            assert meaning.strip(), value
            if not isinstance(spec.words, dict):  # a renderer that knows no words for it echoes the value
                assert meaning != value, value
            # a table's entry, or a list's renderer given a list of that one choice
            assert meaning == words_for(spec, value if isinstance(spec.words, dict) else (value,))
    # and the knob's own hover text lists them too
    (markdown,) = _texts(node, defs, "markdownDescription")
    for value, meaning in zip(values, choice["enumDescriptions"]):
        assert meaning in markdown, value


def test_the_old_generic_sentence_is_on_no_knob() -> None:
    text = repr(schema()["$defs"])
    generic = "A knob: its value, exactly one provenance"
    # only in the shared shape's comment, never a description an editor shows
    assert text.count(generic) == 1
    assert generic in schema()["$defs"]["knob"]["$comment"]
