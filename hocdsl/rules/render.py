"""A resolved ruleset as text a historian reads, or as YAML the loader reads back.

>>> from hocdsl.rules import load_ruleset
>>> text = ruleset_text(load_ruleset("hoc-mazarin"))
>>> "lalanne §5.1" in text
True
>>> again = load_ruleset_text(ruleset_yaml(load_ruleset("hoc-mazarin")))
>>> again.knobs() == load_ruleset("hoc-mazarin").knobs()
True
"""

from __future__ import annotations

import os
import tempfile
import textwrap
from dataclasses import dataclass
from typing import Any

import yaml

from .build import SECTION_CLASSES, yaml_value
from .errors import RulesetError
from .model import SECTIONS, Ruleset

# ------------------------------------------------- titles and words ----
# hocdsl.rules.describe (the knob catalog) gives titles and values in words;
# without it, or for a knob it does not know, the path and the plain value.


def _describe_module():
    try:
        from . import describe
    except ImportError:
        return None
    return describe


def knob_title(path: str) -> str:
    """The knob's title from the catalog, or its path."""
    d = _describe_module()
    if d is not None:
        try:
            return d.knob_title(path)
        except Exception:  # a catalog without this knob (or being edited): fall back
            pass
    return path


def value_words(path: str, value: Any) -> str:
    """The knob's value in words from the catalog, or its plain YAML form."""
    d = _describe_module()
    if d is not None:
        try:
            return d.describe(path, value)
        except Exception:  # fall back to the plain value
            pass
    return _plain(yaml_value(path, value))


def stage_titles() -> dict[str, str]:
    """Section -> stage title, in the order of play."""
    d = _describe_module()
    if d is not None:
        try:
            titles = d.stages()
            if set(titles) >= set(SECTIONS):
                return {s: titles[s] for s in SECTIONS}
        except Exception:
            pass
    return {s: (SECTION_CLASSES[s].__doc__ or s).strip().splitlines()[0].rstrip(".") for s in SECTIONS}


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (dict, list)):
        return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000).strip()
    return str(value)


# ------------------------------------------------------------ text ----


def _wrap(text: str, indent: str, width: int = 96) -> list[str]:
    return textwrap.wrap(text, width=width, initial_indent=indent, subsequent_indent=indent) or [indent]


def ruleset_text(rules: Ruleset, width: int = 96) -> str:
    """The resolved rules grouped by stage: each knob's title, value in words, provenance."""
    lines: list[str] = []
    head = rules.title + f"  [{rules.name}"
    if rules.extensions:
        head += " + " + " + ".join(rules.extensions)
    lines.append(head + "]")
    if rules.extends:
        lines.append(f"extends {' <- '.join(rules.extends)}")
    lines += _wrap(rules.summary, "", width)
    lines.append("")
    lines.append("Sources")
    for sid, src in rules.sources.items():
        extra = ", ".join(x for x in (src.file, src.language, src.url) if x)
        lines += _wrap(f"{sid}: {src.citation}" + (f" ({extra})" if extra else ""), "  ", width)
    for section, title in stage_titles().items():
        lines.append("")
        lines.append(title)
        for f in SECTION_CLASSES[section].__dataclass_fields__:
            path = f"{section}.{f}"
            value = getattr(getattr(rules, section), f)
            lines += _wrap(f"{knob_title(path)}: {value_words(path, value)}", "  ", width)
            prov = rules.provenance.get(path)
            if prov is None:
                continue
            cite = prov.cite()
            if prov.declared_in and prov.declared_in != rules.name:
                cite += f"  (from {prov.declared_in})"
            lines += _wrap(cite, "      ", width)
            if prov.note:
                lines += _wrap("note: " + prov.note, "      ", width)
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------ YAML ----


class _Dumper(yaml.SafeDumper):
    """Block style for the structure, flow style for small leaf values; long text folded."""


def _str_representer(dumper: yaml.SafeDumper, data: str):
    style = ">" if len(data) > 80 else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(str, _str_representer)


@dataclass
class _Flow:
    value: Any


def _flow_representer(dumper: yaml.SafeDumper, data: _Flow):
    v = data.value
    if isinstance(v, dict):
        return dumper.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True)


_Dumper.add_representer(_Flow, _flow_representer)


def _flowed(path: str, value: Any) -> Any:
    """Small values in flow style (``{2: 15, 3: 12}``), lists of records one record a line."""
    if path in ("sequence.payments", "tricon.payments"):
        return {k: _Flow(v) for k, v in value.items()}
    if path == "card_game.end_payment":
        return [_Flow(b) for b in value]
    if isinstance(value, (dict, list)):
        return _Flow(value)
    return value


def ruleset_data(rules: Ruleset) -> dict[str, Any]:
    """The resolved ruleset as the data of a base ruleset file (no ``extends:``)."""
    out: dict[str, Any] = {"name": rules.name, "title": rules.title, "summary": rules.summary}
    out["sources"] = {
        sid: {k: v for k, v in (("citation", s.citation), ("file", s.file), ("language", s.language),
                                ("url", s.url)) if v is not None}
        for sid, s in rules.sources.items()
    }
    for section in SECTIONS:
        knobs: dict[str, Any] = {}
        for f in SECTION_CLASSES[section].__dataclass_fields__:
            path = f"{section}.{f}"
            knob: dict[str, Any] = {"value": _flowed(path, yaml_value(path, getattr(getattr(rules, section), f)))}
            prov = rules.provenance.get(path)
            if prov is not None and prov.source is not None:
                knob["source"] = prov.cite()
            elif prov is not None and prov.editorial is not None:
                knob["editorial"] = prov.editorial
            else:
                knob["editorial"] = "no provenance was recorded for this value"
            if prov is not None and prov.note:
                knob["note"] = prov.note
            knobs[f] = knob
        out[section] = knobs
    return out


def ruleset_yaml(rules: Ruleset) -> str:
    """The resolved ruleset as a YAML file that :func:`~hocdsl.rules.load_ruleset` reads back."""
    layers = " + ".join((rules.name,) + rules.extensions)
    chain = f" (extends {' <- '.join(rules.extends)})" if rules.extends else ""
    head = (f"# {layers}{chain}, fully resolved by `hoc show --format yaml`.\n"
            "# Every knob is set here; where it was declared is not kept (see `hoc show`).\n")
    body = yaml.dump(ruleset_data(rules), Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     width=88, default_flow_style=False)
    return head + body


def load_ruleset_text(text: str, name: str = "resolved.yaml") -> Ruleset:
    """Load a ruleset from YAML text (written to a temporary file, so errors have a place)."""
    from .loader import load_ruleset

    fd, path = tempfile.mkstemp(suffix="-" + name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        return load_ruleset(path)
    finally:
        os.unlink(path)


__all__ = ["ruleset_text", "ruleset_yaml", "ruleset_data", "knob_title", "value_words",
           "stage_titles", "load_ruleset_text", "RulesetError"]
