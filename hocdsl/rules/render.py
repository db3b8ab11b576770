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

from .build import yaml_value
from .describe import describe, knob_title, section_title
from .errors import RulesetError
from .model import Expectation, Provenance, Ruleset, knob_fields


def value_words(rules: Ruleset, path: str, value: Any) -> str:
    """The knob's value in words, or its plain YAML form."""
    try:
        return describe(rules, path, value)
    except Exception:  # a value the words do not cover: the plain value
        obj = rules.section_of(path)
        return _plain(yaml_value(obj.__class__, path.rpartition(".")[2], value))


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (dict, list)):
        return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000).strip()
    return str(value)


# ------------------------------------------------------------ text ----


def _wrap(text: str, indent: str, width: int = 96) -> list[str]:
    return textwrap.wrap(text, width=width, initial_indent=indent, subsequent_indent=indent) or [indent]


def provenance_line(prov: Provenance, rules: Ruleset) -> str:
    """``lalanne §5.2``, ``lalanne §9.2 (inferred): ...``, with where it was declared."""
    if prov.kind in ("source", "lost"):
        cite = prov.cite()
    elif prov.kind == "editorial":
        cite = f"editorial: {prov.text}"
    else:
        cite = f"{prov.kind}: {prov.text}"
    if prov.declared_in and prov.declared_in != rules.name:
        cite += f"  (from {prov.declared_in})"
    return cite


def ruleset_text(rules: Ruleset, width: int = 96) -> str:
    """The resolved rules grouped by section and stage: each knob's title and path,
    its value in words, its provenance and alternatives."""
    lines: list[str] = []
    head = rules.title + f"  [{rules.name}"
    if rules.extensions:
        head += " + " + " + ".join(rules.extensions)
    lines.append(head + "]")
    if rules.extends:
        lines.append(f"extends {' <- '.join(rules.extends)}")
    lines += _wrap(rules.summary, "", width)
    lines.append(f"Players: {', '.join(str(n) for n in rules.players)}; stages: "
                 + " -> ".join(f"{s.id} ({s.kind})" for s in rules.stages))
    lines.append("")
    lines.append("Sources")
    for sid, src in rules.sources.items():
        extra = ", ".join(x for x in (src.file, src.language, src.url) if x)
        lines += _wrap(f"{sid}: {src.citation}" + (f" ({extra})" if extra else ""), "  ", width)
    lost = lost_rules(rules)
    if lost:
        lines.append("")
        lines.append(f"LOST: {len(lost)} rule{'s' if len(lost) != 1 else ''} the surviving sources do not give "
                     "(each value below is a placeholder)")
        for path, prov in lost:
            lines += _wrap(f"{path}: {prov.text}", "  ", width)
    approx = approximated_rules(rules)
    if approx:
        lines.append("")
        lines.append(f"APPROXIMATED: {len(approx)} rule{'s' if len(approx) != 1 else ''} the engine plays "
                     "otherwise than the source states")
        for path, prov in approx:
            lines += _wrap(f"{path}: the source: {prov.text}; played: {prov.played or '(not said)'}", "  ", width)
    if rules.readings:
        lines.append("")
        lines.append(f"Readings: {len(rules.readings)} whole reading{'s' if len(rules.readings) != 1 else ''} "
                     "of the rules (`hoc readings`, `hoc reconstruct` play them)")
        for r in rules.readings:
            lines += _wrap(f"{r.id}: {r.title} -- {r.provenance.cite()}", "  ", width)
            changes = [f"{c.path} = {value_words(rules, c.path, c.value)}" for c in r.knobs]
            changes += [f"adds {what} {i} ({kind})" for what, i, kind in r.added]
            changes += [f"removes {what} {i}" for what, i in r.removed]
            lines += _wrap("sets " + "; ".join(changes), "      ", width)
    if rules.expectations:
        lines.append("")
        lines.append("Expectations: what the sources say about play (`hoc simulate` checks them)")
        for e in rules.expectations:
            at = f" (at {', '.join(map(str, e.players))} players)" if e.players else ""
            lines += _wrap(f"{e.id}: {e.says}: {e.holds}{at} -- {e.provenance.cite()}", "  ", width)
    no_pools = rules.provenance.get(NO_POOLS)
    if no_pools is not None and not rules.pools:
        lines.append("")
        lines.append("Pools: none")
        lines += _wrap(provenance_line(no_pools, rules), "      ", width)
        for alt in no_pools.alternatives:
            lines += _wrap(f"or: {_plain(alt.value)} -- {alt.provenance.cite()}", "      ", width)
    for prefix, obj in rules.sections():
        lines.append("")
        title = section_title(rules, prefix)
        pool = getattr(obj, "pool", None)
        lines.append(title + (f"  (for the {pool} pool)" if pool else ""))
        for name, _spec in knob_fields(obj.__class__):
            path = f"{prefix}.{name}"
            value = getattr(obj, name)
            lines += _wrap(f"{knob_title(rules, path)} [{path}]: {value_words(rules, path, value)}", "  ", width)
            knob_prov = rules.provenance.get(path)
            if knob_prov is None:
                continue
            lines += _wrap(provenance_line(knob_prov, rules), "      ", width)
            if knob_prov.note:
                lines += _wrap("note: " + knob_prov.note, "      ", width)
            if knob_prov.played:
                lines += _wrap("played: " + knob_prov.played, "      ", width)
            for alt in knob_prov.alternatives:
                whole = f" (with the whole reading `{alt.reading}`)" if alt.reading else ""
                lines += _wrap(f"or: {value_words(rules, path, alt.value)}{whole} -- {alt.provenance.cite()}",
                               "      ", width)
            for unit, uprov in _entry_provenances(rules, path):
                lines += _wrap(f"{unit}: {provenance_line(uprov, rules)}", "      ", width)
    return "\n".join(lines) + "\n"


#: The provenance key of "no pools, and why" (``pools: {value: {}, <provenance>}``).
NO_POOLS = "pools"


def lost_rules(rules: Ruleset) -> list[tuple[str, Provenance]]:
    """The knobs (and entries, and "no pools") whose rule is lost: ``[(path, provenance)]``,
    in file order."""
    knobs = rules.knobs()
    out = [(p, pr) for p, pr in rules.provenance.items() if pr.kind == "lost"
           and (p in knobs or p == NO_POOLS or p.rpartition(".")[0] in knobs)]
    order = {p: i for i, p in enumerate(knobs)}
    return sorted(out, key=lambda kv: order.get(kv[0], order.get(kv[0].rpartition(".")[0], -1)))


def approximated_rules(rules: Ruleset) -> list[tuple[str, Provenance]]:
    """The knobs the engine plays otherwise than their source states: ``[(path, provenance)]``."""
    return [(p, pr) for p, pr in rules.provenance.items() if pr.approximated]


def lost_words(rules: Ruleset) -> str:
    """``results rest on 2 lost rules: settle.losers_pay, pools`` ('' when none): the header of
    simulated results whose rules are partly placeholders."""
    lost = [p for p, _ in lost_rules(rules)]
    if not lost:
        return ""
    return (f"results rest on {len(lost)} lost rule{'s' if len(lost) != 1 else ''}: " + ", ".join(lost)
            + " (placeholders; see `hoc show " + rules.name + "`)")


def _entry_provenances(rules: Ruleset, path: str) -> list[tuple[str, Provenance]]:
    """The entries of a mapping knob with their own provenance (``table.units.fiche``)."""
    return [(p.rpartition(".")[2], pr) for p, pr in rules.provenance.items()
            if p.startswith(path + ".")]


# ------------------------------------------------------------ YAML ----


class Dumper(yaml.SafeDumper):
    """Block style for the structure, flow style for small leaf values; long text folded."""


def _str_representer(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    style = ">" if len(data) > 80 else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


Dumper.add_representer(str, _str_representer)


@dataclass
class Flow:
    """A value written in flow style (``{2: 15, 3: 12}``, ``[KS, JD]``)."""

    value: Any


def _flow_representer(dumper: yaml.SafeDumper, data: Flow) -> yaml.Node:
    v = data.value
    if isinstance(v, dict):
        return dumper.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True)


Dumper.add_representer(Flow, _flow_representer)


def flowed(value: Any) -> Any:
    """Small values in flow style, lists and maps of records one record a line."""
    if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
        return {k: Flow(v) for k, v in value.items()}
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return [Flow(b) for b in value]
    if isinstance(value, (dict, list)):
        return Flow(value)
    return value


def knob_data(value: Any, prov: Provenance | None, yaml_of: Any = None) -> dict[str, Any]:
    """One knob as written in a file: value, provenance, note, alternatives."""
    out: dict[str, Any] = {"value": flowed(value)}
    if prov is None:
        out["editorial"] = "no provenance was recorded for this value"
        return out
    out[prov.kind] = prov.text
    if prov.note:
        out["note"] = prov.note
    if prov.played:
        out["played"] = prov.played
    if prov.alternatives:
        alts = []
        for a in prov.alternatives:
            if a.reading is not None:  # a whole reading, written under `readings:`
                alts.append({"reading": a.reading})
                continue
            d: dict[str, Any] = {"value": flowed(yaml_of(a.value) if yaml_of else a.value),
                                 a.provenance.kind: a.provenance.text}
            if a.provenance.played:
                d["played"] = a.provenance.played
            if a.provenance.note:
                d["note"] = a.provenance.note
            alts.append(d)
        out["alternatives"] = alts
    return out


def ruleset_data(rules: Ruleset) -> dict[str, Any]:
    """The resolved ruleset as the data of a base ruleset file (no ``extends:``)."""
    out: dict[str, Any] = {"format": 2, "name": rules.name, "title": rules.title, "summary": rules.summary}
    out["sources"] = {
        sid: {k: v for k, v in (("citation", s.citation), ("file", s.file), ("language", s.language),
                                ("url", s.url), ("sections", s.sections)) if v is not None}
        for sid, s in rules.sources.items()
    }
    pools: dict[str, Any] = {}
    stages: dict[str, Any] = {}
    for prefix, obj in rules.sections():
        cls = obj.__class__
        knobs: dict[str, Any] = {}
        if prefix not in ("pack", "deal", "table", "bidding") and not prefix.startswith("pools."):
            knobs["kind"] = obj.kind
            if hasattr(obj, "on"):
                knobs["on"] = obj.on
            if hasattr(obj, "pool"):
                knobs["pool"] = obj.pool
        if getattr(obj, "display_names", ()):
            knobs["display_names"] = dict(obj.display_names)
        for name, _spec in knob_fields(cls):
            path = f"{prefix}.{name}"
            knobs[name] = knob_data(yaml_value(cls, name, getattr(obj, name)), rules.provenance.get(path),
                                    lambda v, cls=cls, name=name: yaml_value(cls, name, v))
            entries = _entry_provenances(rules, path)  # table.units.fiche: {value: 10, editorial: ...}
            raw = yaml_value(cls, name, getattr(obj, name))
            if entries and isinstance(raw, dict):
                own = dict(entries)
                knobs[name]["value"] = {k: (knob_data(v, own[k]) if k in own else v) for k, v in raw.items()}
        if prefix.startswith("pools."):
            pools[prefix[6:]] = knobs
        elif prefix in ("pack", "deal", "table", "bidding"):
            out[prefix] = knobs
        else:
            stages[prefix] = knobs
    no_pools = rules.provenance.get(NO_POOLS)
    out["pools"] = pools if pools or no_pools is None else knob_data({}, no_pools)
    if rules.bidding is not None:
        out["bidding"] = out.pop("bidding")
    out["stages"] = stages
    if rules.readings:
        out["readings"] = {r.id: r.written for r in rules.readings}
    if rules.expectations:
        out["expectations"] = {e.id: expectation_data(e) for e in rules.expectations}
    return out


def expectation_data(e: Expectation) -> dict[str, Any]:
    """One expectation as written in a file."""
    out: dict[str, Any] = {"says": e.says, "holds": e.holds}
    if e.players:
        out["players"] = Flow(list(e.players))
    out[e.provenance.kind] = e.provenance.text
    if e.provenance.note:
        out["note"] = e.provenance.note
    return out


def ruleset_yaml(rules: Ruleset) -> str:
    """The resolved ruleset as a YAML file that :func:`~hocdsl.rules.load_ruleset` reads back."""
    layers = " + ".join((rules.name,) + rules.extensions)
    chain = f" (extends {' <- '.join(rules.extends)})" if rules.extends else ""
    head = (f"# {layers}{chain}, fully resolved by `hoc show --format yaml`.\n"
            "# Every knob is set here; where it was declared is not kept (see `hoc show`).\n")
    return head + dump(ruleset_data(rules))


def dump(data: Any) -> str:
    return str(yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True,
                         width=88, default_flow_style=False))


def load_ruleset_text(text: str, name: str = "resolved.yaml") -> Ruleset:
    """Load a ruleset from YAML text (written to a temporary file, so errors have a place;
    the file is named after the text's ``name:``, which must match it)."""
    import re

    from .loader import load_ruleset

    found = re.search(r"^name:\s*([a-z0-9][a-z0-9-]{0,63})\s*$", text, re.MULTILINE)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, f"{found.group(1)}.yaml" if found else name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return load_ruleset(path)


__all__ = ["ruleset_text", "ruleset_yaml", "ruleset_data", "value_words", "load_ruleset_text",
           "RulesetError", "dump", "knob_data", "flowed", "provenance_line", "lost_rules", "lost_words",
           "approximated_rules"]
