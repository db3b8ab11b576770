"""The interpretation register, ``docs/interpretations.md``, generated.

For every knob of the bundled rulesets, section by section and stage by stage:
its title and question (from the model, ``rules.knob_spec(path)``), what each
source says (from ``knobs.yaml``), then a table of each bundled ruleset's
choice in words (:func:`~hocdsl.rules.describe.describe`) with its provenance
(source, inferred, borrowed or editorial; inherited when a parent set it) and
its alternatives, and the knobs the bundled extensions set; before them, the
hand-written answers to the audit of the rulesets' provenance (``answers.yaml``),
each linked to its knobs. The file is never edited by hand::

    python -m hocdsl.rules.register            # write docs/interpretations.md
    python -m hocdsl.rules.register --check    # exit 1 if the file is out of step

``tests/test_register.py`` fails when the committed file differs from
:func:`render`.

>>> catalog_key(load_ruleset("hoc-mazarin"), "pools.point.ante")
'pools.*.ante'
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from .describe import catalog, section_title
from .generated import write_or_check
from .loader import bundled_extensions, bundled_path, bundled_rulesets, load_ruleset
from .model import PROVENANCE_KINDS, Provenance, Ruleset, knob_fields
from .render import value_words
from .yamldoc import checked, read_yaml

DEFAULT_OUTPUT = Path("docs") / "interpretations.md"
#: the ruleset an extension is laid over to read what it sets (its values do not depend on the base)
EXTENSION_BASE = "hoc-mazarin"
#: the catalog's id for a stage of each kind (knobs.yaml keys stage knobs by these)
CATALOG_STAGES: dict[tuple[str, str | None], str] = {
    ("vie", "point"): "point", ("vie", "run"): "sequence", ("vie", "set"): "tricon",
    ("claims", "blank-hand"): "blank_hand", ("stops", None): "card_game", ("settle", None): "settle",
    ("turnup", None): "turnup", ("holding", None): "holding",
    ("exchange", None): "exchange", ("declare", None): "declare", ("tricks", None): "tricks",
}
POOLS_GROUP = "pools.*"
POOLS_TITLE = "The pools (each pool alike)"
#: the provenance of a knob a ruleset leaves at the model's default
DEFAULT_WORDS = "model default (the file does not set it)"
#: the hand-written answers to the audit, beside knobs.yaml
ANSWERS_FILE = "answers.yaml"
ANSWERS_ANCHOR = "answers"
ANSWERS_TITLE = "Answers to the audit"


# ------------------------------------------------------------ keys ----


def group_of(rules: Ruleset, prefix: str) -> str:
    """The catalog's group for a section, pool or stage prefix of ``rules``."""
    if prefix.startswith("pools."):
        return POOLS_GROUP
    if prefix in ("pack", "deal", "table", "bidding"):
        return prefix
    st = rules.stage(prefix)
    return CATALOG_STAGES.get((st.kind, getattr(st, "on", None)), prefix)


def catalog_key(rules: Ruleset, path: str) -> str:
    """The ``knobs.yaml`` key of a knob path of ``rules``: ``pools.point.ante`` -> ``pools.*.ante``."""
    prefix, _, name = path.rpartition(".")
    return f"{group_of(rules, prefix)}.{name}"


@dataclass
class Group:
    """One heading of the register: a section, the pools, or a stage."""

    key: str
    title: str
    knobs: list[str]  # catalog keys, in model order


def groups(loaded: dict[str, Ruleset]) -> list[Group]:
    """The register's headings in the order of the files, each with its knobs; the games
    with a bidding first, so that the bidding comes before the card game as in their files."""
    out: dict[str, Group] = {}
    for rules in sorted(loaded.values(), key=lambda r: -len(r.vie_stages)):
        for prefix, obj in rules.sections():
            key = group_of(rules, prefix)
            if key not in out:
                title = POOLS_TITLE if key == POOLS_GROUP else section_title(rules, prefix)
                out[key] = Group(key, title, [])
            for name, _spec in knob_fields(obj.__class__):
                k = f"{key}.{name}"
                if k not in out[key].knobs:
                    out[key].knobs.append(k)
    return list(out.values())


def paths_of(rules: Ruleset, key: str) -> list[str]:
    """The knob paths of ``rules`` a catalog key stands for (one per pool for ``pools.*``)."""
    return [p for p in rules.knobs() if catalog_key(rules, p) == key]


# ------------------------------------------------------------ words ----


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _flat(text: str) -> str:
    return " ".join(str(text).split())


def _anchor(key: str) -> str:
    return "section-" + key.replace("_", "-").replace(".*", "")


def provenance_words(p: Provenance | None, ruleset: str) -> str:
    """``source: lalanne §5.1``, ``inferred: lalanne §9.2: why``, ``editorial: why``, with
    ``(inherited from X)`` when X set it."""
    if p is None:
        return DEFAULT_WORDS
    text = f"{p.kind}: {p.where() if p.kind == 'source' else p.text}"
    if p.declared_in and p.declared_in != ruleset:
        text += f" (inherited from {p.declared_in})"
    return text


def _source_line(entry: dict[str, Any], files: dict[str, str]) -> str:
    sid = entry["source"]
    short = files.get(sid, "")[:3]
    label = f"**{sid}** ({short})" if short else f"**{sid}**"
    section = entry.get("section") or "—"
    return f"- {label} {section}: {_flat(entry['says'])}"


def _choice(rules: Ruleset, key: str, ruleset: str) -> tuple[str, str, list[tuple[str, Provenance]]]:
    """(value in words, provenance, [(path, provenance with a note or alternatives)]) of one
    ruleset for one catalog key; the pools said once when they agree."""
    paths = paths_of(rules, key)
    values = rules.knobs()
    shown = [(value_words(rules, p, values[p]), provenance_words(rules.provenance.get(p), ruleset))
             for p in paths]
    if len(set(shown)) == 1:
        words, prov = shown[0]
        if key.startswith("pools.") and len(paths) > 1:
            words = f"every pool: {words}"
    else:
        words = "; ".join(f"{p.split('.')[1]}: {w}" for p, (w, _) in zip(paths, shown))
        prov = "; ".join(f"{p.split('.')[1]}: {pr}" for p, (_, pr) in zip(paths, shown))
    extra = [(p, rules.provenance[p]) for p in paths
             if p in rules.provenance and rules.provenance[p].declared_in == ruleset
             and (rules.provenance[p].note or rules.provenance[p].alternatives)]
    return words, prov, extra


def _alt_words(rules: Ruleset, path: str, value: object) -> str:
    """An alternative's value in words; as written when the path is no single knob (``pools``)."""
    try:
        return value_words(rules, path, value)
    except KeyError:
        return str(value)


def _extra_lines(rules: Ruleset, who: str, extra: list[tuple[str, Provenance]]) -> list[str]:
    """The notes and alternatives a ruleset gives for one catalog key; pools agreeing said once."""
    pools = [p for p, _ in extra if p.startswith("pools.")]
    alike = len({repr((pr.note, pr.alternatives)) for _, pr in extra}) == 1  # values may be dicts
    out: list[str] = []
    for path, p in extra:
        label = f"*{who}*" + (f" ({path.split('.')[1]})" if pools and not alike else "")
        lines = [f"- {label}: {_flat(p.note)}"] if p.note else []
        lines += [f"- {label}, alternative: {value_words(rules, path, alt.value)}"
                  + (f" (the whole reading [{alt.reading}](#readings))" if alt.reading else "")
                  + f" — {provenance_words(alt.provenance, who)}" for alt in p.alternatives]
        out += [ln for ln in lines if ln not in out]
    return out


# ------------------------------------------------------------ render ----


def _extension_layers() -> list[tuple[str, Ruleset]]:
    base = EXTENSION_BASE if EXTENSION_BASE in bundled_rulesets() else bundled_rulesets()[0]
    return [(ext, load_ruleset(base, with_=[ext])) for ext in bundled_extensions()]


def _extension_title(ext: str) -> str:
    doc = read_yaml(str(bundled_path(ext, extension=True)), ext)
    return str(checked(doc.data).get("title", ext))  # a bundled extension: schema-checked


def _counts(rules: Ruleset) -> dict[str, int]:
    """Knobs by provenance kind set by the ruleset itself, inherited, and left at the default."""
    counts = {k: 0 for k in (*PROVENANCE_KINDS, "inherited", "default")}
    for path in rules.knobs():
        p = rules.provenance.get(path)
        if p is None:
            counts["default"] += 1
        elif p.declared_in != rules.name:
            counts["inherited"] += 1
        else:
            counts[p.kind] += 1
    return counts


def _head(out: list[str], cat: dict[str, Any], loaded: dict[str, Ruleset],
          extensions: list[tuple[str, Ruleset]]) -> None:
    w = out.append
    w("# Interpretation register")
    w("")
    w("<!-- Generated by `python -m hocdsl.rules.register` from hocdsl/rules/knobs.yaml, the model")
    w("(hocdsl/rules/model.py) and the bundled rulesets. Do not edit by hand: edit those files and")
    w("regenerate. tests/test_register.py fails when this file is out of step. -->")
    w("")
    w("The sources disagree and leave gaps. Each such point is a *knob* of the ruleset model, and every")
    w("bundled ruleset sets its knobs explicitly, naming its authority: `source` (the source states it),")
    w("`inferred` (it follows from the source's words, with the reasoning), `borrowed` (another source's")
    w("rule fills this source's gap), `editorial` (no source settles it, with the reason) or `lost` (the")
    w("source had the rule but the part that gave it is lost or not read: the value is a placeholder")
    w("and the knob lists the other readings as alternatives; see [Lost rules](#lost-rules)) or")
    w("`approximated` (the source states a rule the engine cannot play as stated: what the source says,")
    w("and what is played instead). An alternative may be a whole reading, several changes made together")
    w("and named under `readings:`; see [Readings and expectations](#readings). For each")
    w("knob, section by section and stage by stage, this register gives what it decides, what each")
    w("source says (paraphrased, with its section), and each bundled ruleset's choice in words, with")
    w("the other readings a ruleset records as alternatives. \"Inherited\" marks a value a ruleset")
    w("takes unchanged from the ruleset it extends.")
    w("")
    w("## Sources")
    w("")
    w("| id | file | what it is |")
    w("| --- | --- | --- |")
    for sid, s in cat["sources"].items():
        w(f"| `{sid}` | {s['file']} | {_cell(s['label'])} |")
    w("")
    w("The files are under `../shared/sources/`. The English translation (`lalanne-en`, 000) follows")
    w("the French original throughout; a knob lists it only where its wording differs or matters, and")
    w("where the two differ the French stands.")
    w("")
    w("## Rulesets")
    w("")
    w("| ruleset | title | extends | " + " | ".join(PROVENANCE_KINDS) + " | inherited | default |")
    w("| --- | --- | --- | " + " | ".join("---" for _ in PROVENANCE_KINDS) + " | --- | --- |")
    for name, r in loaded.items():
        c = _counts(r)
        parent = r.extends[0] if r.extends else "—"
        cells = " | ".join(str(c[k]) for k in (*PROVENANCE_KINDS, "inherited", "default"))
        w(f"| `{name}` | {_cell(r.title)} | {parent} | {cells} |")
    w("")
    for name, r in loaded.items():
        stages = " → ".join(s.id for s in r.stages)
        w(f"- **{name}** ({stages}): {_flat(r.summary)}")
    w("")
    if extensions:
        w("Extensions (laid over any ruleset with `--with NAME`):")
        w("")
        w("| extension | title | knobs it sets |")
        w("| --- | --- | --- |")
        for ext, r in extensions:
            knobs = ", ".join(f"`{p}`" for p, pr in r.provenance.items() if pr.declared_in == ext)
            w(f"| `{ext}` | {_cell(_extension_title(ext))} | {knobs} |")
        w("")


def answers() -> dict[str, Any]:
    """The hand-written answers to the audit (``answers.yaml``): ``intro``, ``groups``."""
    text = resources.files(__package__).joinpath(ANSWERS_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def _answer_line(a: dict[str, Any], known: set[str]) -> str:
    """One answer: its rulesets, its knobs linked to their entries, the finding and the answer."""
    unknown = [x for x in (*a["rulesets"], *a["knobs"]) if x not in known]
    if unknown:
        raise ValueError(f"{ANSWERS_FILE}: no bundled ruleset or catalog knob {', '.join(unknown)}")
    names = ", ".join(f"`{n}`" for n in a["rulesets"])
    links = ", ".join(f"[`{k}`](#{k})" for k in a["knobs"])
    return f"- **{names}** {links}. *Found:* {_flat(a['found'])} *Answer:* {_flat(a['answer'])}"


def _answers(out: list[str], cat: dict[str, Any]) -> None:
    """The section answering the audit, group by group."""
    data = answers()
    known = set(bundled_rulesets()) | set(cat["knobs"])
    out += [f'<a id="{ANSWERS_ANCHOR}"></a>', "", f"## {ANSWERS_TITLE}", "", _flat(data["intro"]), ""]
    for group in data["groups"]:
        out += [f"### {group['heading']}", ""]
        out += [_answer_line(a, known) for a in group["answers"]]
        out.append("")


def _lost(out: list[str], loaded: dict[str, Ruleset]) -> None:
    """The section listing, ruleset by ruleset, the rules its sources leave lost."""
    from .render import lost_rules

    out += ['<a id="lost-rules"></a>', "", "## Lost rules", "",
            "Rules a ruleset's source had but which are lost to us (a page not read, a text cut): "
            "each knob's value is a placeholder, with the other readings as alternatives "
            "(provenance `lost`). Simulated results that rest on them say so.", ""]
    any_lost = False
    for name, r in loaded.items():
        every = lost_rules(r)
        lost = [(p, pr) for p, pr in every if pr.declared_in == name]
        inherited = sorted({pr.declared_in for _, pr in every if pr.declared_in != name and pr.declared_in})
        if not every:
            continue
        any_lost = True
        out += [f"**{name}**:", ""]
        if inherited:
            out.append(f"- the lost rules of {', '.join(inherited)}, inherited "
                       f"({sum(pr.declared_in != name for _, pr in every)} knobs)"
                       + (", and:" if lost else "."))
        for path, prov in lost:
            alts = "; ".join(f"{_flat(_alt_words(r, path, a.value))} ({a.provenance.kind}"
                             + (f", reading {a.reading})" if a.reading else ")")
                             for a in prov.alternatives)
            out.append(f"- `{path}`: {_flat(prov.text).rstrip('.')}."
                       + (f" Other readings: {alts}." if alts else ""))
        out.append("")
    if not any_lost:
        out += ["None of the bundled rulesets rests on a lost rule.", ""]


def _readings(out: list[str], loaded: dict[str, Ruleset]) -> None:
    """The section listing each ruleset's whole readings, approximations and expectations."""
    from .render import approximated_rules

    out += ['<a id="readings"></a>', "", "## Readings and expectations", "",
            "Whole readings are named sets of changes a ruleset's lost or doubtful rules may be read as "
            "(`readings:` in its file; `hoc readings` and `hoc reconstruct` play them). Approximations are "
            "rules the engine plays otherwise than the source states. Expectations are what the sources "
            "say or imply about play, as conditions on the metrics of `hoc simulate`, which says which "
            "hold.", ""]
    found = False
    for name, r in loaded.items():
        approx = [(p, pr) for p, pr in approximated_rules(r) if pr.declared_in == name]
        readings = [x for x in r.readings if x.declared_in == name]
        expect = [e for e in r.expectations if e.provenance.declared_in == name]
        if not (approx or readings or expect):
            continue
        found = True
        out += [f"### {name}", ""]
        for x in readings:
            changes = [f"`{c.path}` {value_words(r, c.path, c.value)}" for c in x.knobs]
            changes += [f"adds {what} `{i}` ({kind})" for what, i, kind in x.added]
            changes += [f"removes {what} `{i}`" for what, i in x.removed]
            out.append(f"- reading **{x.id}**: {_flat(x.title)} ({_flat(x.provenance.cite())}): "
                       + "; ".join(changes) + ".")
        for p, pr in approx:
            out.append(f"- approximated `{p}`: the source: {_flat(pr.text)}; played: {_flat(pr.played or '')}.")
        for e in expect:
            at = f" (at {', '.join(map(str, e.players))} players)" if e.players else ""
            out.append(f"- expectation **{e.id}**: {_flat(e.says)}: `{e.holds}`{at} "
                       f"({_flat(e.provenance.cite())}).")
        out.append("")
    if not found:
        out += ["None of the bundled rulesets has whole readings, approximations or expectations.", ""]


def render(rulesets: Sequence[str] | None = None) -> str:
    """The whole register as Markdown."""
    cat = catalog()
    names = list(rulesets) if rulesets is not None else bundled_rulesets()
    loaded = {r.name: r for r in (load_ruleset(name) for name in names)}  # names or paths
    extensions = _extension_layers()
    files = {sid: s["file"] for sid, s in cat["sources"].items()}
    out: list[str] = []
    _head(out, cat, loaded, extensions)
    heads = groups(loaded)
    out += ["## Contents", "", f"- [{ANSWERS_TITLE}](#{ANSWERS_ANCHOR})", "- [Lost rules](#lost-rules)",
            "- [Readings and expectations](#readings)"]
    for g in heads:
        links = ", ".join(f"[{_title(loaded, k)}](#{k})" for k in g.knobs)
        out.append(f"- [{g.title}](#{_anchor(g.key)}): {links}")
    out.append("")
    _answers(out, cat)
    _lost(out, loaded)
    _readings(out, loaded)
    for g in heads:
        out += [f'<a id="{_anchor(g.key)}"></a>', "", f"## {g.title}", ""]
        for key in g.knobs:
            out += _knob_block(key, loaded, extensions, files, cat)
    return "\n".join(out).rstrip("\n") + "\n"


def _first_path(loaded: dict[str, Ruleset], key: str) -> tuple[Ruleset, str]:
    for rules in loaded.values():
        paths = paths_of(rules, key)
        if paths:
            return rules, paths[0]
    raise KeyError(key)


def _title(loaded: dict[str, Ruleset], key: str) -> str:
    rules, path = _first_path(loaded, key)
    return rules.knob_spec(path).title


def _knob_block(key: str, loaded: dict[str, Ruleset], extensions: list[tuple[str, Ruleset]],
                files: dict[str, str], cat: dict[str, Any]) -> list[str]:
    rules, path = _first_path(loaded, key)
    spec = rules.knob_spec(path)
    out = [f'<a id="{key}"></a>', "", f"### {spec.title} — `{key}`", "", f"*{spec.doc}*", "",
           "What the sources say:", ""]
    entries = cat["knobs"].get(key) or []
    out.extend(_source_line(e, files) for e in entries)
    if not entries:
        out.append("- (no entry in knobs.yaml)")
    out += ["", "| ruleset | choice | provenance |", "| --- | --- | --- |"]
    notes: list[str] = []
    for name, r in loaded.items():
        if not paths_of(r, key):
            out.append(f"| `{name}` | (no such stage or pool) | — |")
            continue
        words, prov, extra = _choice(r, key, name)
        out.append(f"| `{name}` | {_cell(words)} | {_cell(prov)} |")
        notes += _extra_lines(r, name, extra)
    for ext, r in extensions:
        own = [p for p in paths_of(r, key) if p in r.provenance and r.provenance[p].declared_in == ext]
        if not own:
            continue
        words, prov, extra = _choice(r, key, ext)
        out.append(f"| with `{ext}` (extension) | {_cell(words)} | {_cell(prov)} |")
        notes += _extra_lines(r, ext, extra)
    out.append("")
    if notes:
        out += ["Notes:", "", *notes, ""]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hocdsl.rules.register",
        description="Write the interpretation register (docs/interpretations.md) from the knob "
                    "catalog, the model and the bundled rulesets.")
    parser.add_argument("output", nargs="?", default=str(DEFAULT_OUTPUT),
                        help=f"file to write (default: {DEFAULT_OUTPUT})")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if the file differs from what would be written")
    parser.add_argument("--stdout", action="store_true", help="print the register instead of writing it")
    args = parser.parse_args(argv)
    text = render()
    if args.stdout:
        sys.stdout.write(text)
        return 0
    return write_or_check(Path(args.output), text, check=args.check,
                          source="the rulesets, the model and knobs.yaml",
                          command="python -m hocdsl.rules.register")


if __name__ == "__main__":
    raise SystemExit(main())
