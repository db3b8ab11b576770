"""Load a ruleset file into a frozen, fully resolved :class:`Ruleset`.

>>> rules = load_ruleset("hoc-mazarin")
>>> rules.bidding.raise_cap, rules.provenance["bidding.raise_cap"].cite()
(20, 'lalanne §5.1')
>>> load_ruleset("hoc-mazarin", with_=["triple-game"]).bidding.max_multiplier
3

Steps, each in its own function: find the file (a bundled name or a path),
read it with line numbers (:mod:`.yamldoc`), validate it against the JSON
Schema (:mod:`.validate`), follow ``extends:`` to the root, overlay the
``--with`` extensions, run the checks a schema cannot express
(:mod:`.semantic`), and build the model (:mod:`.build`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .build import build_ruleset
from .errors import RulesetError, suggest
from .model import (
    PROVENANCE_KINDS, RESERVED_IDS, SECTIONS, Alternative, PoolRules, Provenance, Ruleset, knob_fields,
)
from .yamldoc import YamlDoc, YamlValue, checked, file_problem, read_yaml, value_at

BUNDLED_PACKAGE = "hocdsl.rulesets"
SUFFIXES = (".yaml", ".yml")


# --------------------------------------------------------- finding files ----


def _bundled_dir() -> Path:
    """Where the bundled rulesets are: the package ``hocdsl.rulesets`` once installed.

    Run from a source checkout (``python -m hocdsl.cli`` in the repository root),
    the local ``hocdsl/`` shadows the installed package and has no ``rulesets``
    subpackage: the top-level ``rulesets/`` beside it is the same thing.
    """
    try:
        return Path(str(resources.files(BUNDLED_PACKAGE)))
    except ModuleNotFoundError:
        checkout = Path(__file__).resolve().parents[2] / "rulesets"
        if checkout.is_dir():
            return checkout
        raise


def bundled_rulesets() -> list[str]:
    """Names of the rulesets that ship with hocdsl, sorted.

    >>> "hoc-mazarin" in bundled_rulesets()
    True
    """
    return sorted(p.stem for p in _bundled_dir().glob("*.yaml"))


def bundled_family() -> list[str]:
    """Names of the bundled rulesets of the hoc family, sorted: those with the card game of stops
    (a ``stops`` stage), what makes a hoc game. Piquet ships beside them as a neighbour the Hoc
    borrowed from (``hoc diff hoc-mazarin piquet``), not as one of the family, so ``hoc family``
    and the family members of a report leave it out.

    >>> "piquet" in bundled_family(), "hoc-mazarin" in bundled_family()
    (False, True)
    """
    from . import load_ruleset

    return [n for n in bundled_rulesets() if load_ruleset(n).card_game is not None]


def bundled_extensions() -> list[str]:
    """Names of the extensions (overlays for ``--with``) that ship with hocdsl, sorted."""
    d = _bundled_dir() / "extensions"
    return sorted(p.stem for p in d.glob("*.yaml")) if d.is_dir() else []


@dataclass(frozen=True)
class BundledSummary:
    """One line of ``hoc rulesets``: a bundled file's name, kind, parent and title."""

    name: str
    kind: str  # "ruleset" or "extension"
    title: str
    extends: str | None = None


def bundled_summaries() -> list[BundledSummary]:
    """The bundled rulesets then the bundled extensions, read from their files' headers.

    A bundled file that cannot be read is listed with its error as title.
    """
    out = []
    for kind, names in (("ruleset", bundled_rulesets()), ("extension", bundled_extensions())):
        for name in names:
            path = bundled_path(name, kind == "extension")
            try:
                data = read_yaml(str(path), shown_path(path)).data
                title = str(data.get("title", "")) if isinstance(data, dict) else ""
                ext = data.get("extends") if isinstance(data, dict) else None
                extends = ext if isinstance(ext, str) else None
            except RulesetError as e:
                title, extends = f"(unreadable: {e.headline})", None
            out.append(BundledSummary(name=name, kind=kind, title=title, extends=extends))
    return out


def bundled_path(name: str, extension: bool = False) -> Path:
    """The file of a bundled ruleset (or extension) ``name``."""
    d = _bundled_dir() / "extensions" if extension else _bundled_dir()
    return d / f"{name}.yaml"


def shown_path(path: Path | str | os.PathLike[str]) -> str:
    """How a file is named in messages: relative to the working directory when inside it."""
    p = Path(path)
    if not p.is_absolute():
        return os.path.normpath(p)
    try:
        cwd = Path.cwd().resolve()
        if cwd.parent == cwd:  # at the file-system root, absolute paths read better
            return str(p)
        return str(p.resolve().relative_to(cwd))
    except (ValueError, OSError):
        return str(p)


def looks_like_path(ref: str) -> bool:
    """A reference with a slash or a ``.yaml``/``.yml`` suffix is a path; otherwise a bundled name."""
    return "/" in ref or os.sep in ref or ref.endswith(SUFFIXES)


def _quoted(ref: str) -> str:
    """```ref``` for a message; a very long one cut, with its length."""
    return f"`{ref}`" if len(ref) <= 60 else f"`{ref[:40]}…` ({len(ref)} characters)"


def _unknown_name(ref: str, extension: bool, doc: YamlDoc | None = None,
                  at: tuple[Any, ...] = ()) -> RulesetError:
    names = bundled_extensions() if extension else bundled_rulesets()
    what = "extension" if extension else "ruleset"
    found = f"no bundled {what} named {_quoted(ref)}"
    expected = (f"a bundled {what} ({', '.join(names) or 'none'}) or the path of "
                f"{'an' if extension else 'a'} {what} file")
    hint = None
    other = bundled_rulesets() if extension else bundled_extensions()
    if ref in other:
        hint = (f"`{ref}` is a bundled {'ruleset' if extension else 'extension'}; "
                + ("load it as the ruleset" if extension else f"apply it with --with {ref}"))
    if doc is not None:
        return doc.error(at, found, expected, suggestion=suggest(ref, names), hint=hint)
    return RulesetError(None, None, None, "--with" if extension else "RULESET", found, expected,
                        suggestion=suggest(ref, names), hint=hint)


def resolve_ref(ref: str, *, extension: bool = False, relative_to: Path | None = None,
                doc: YamlDoc | None = None, at: tuple[Any, ...] = ()) -> Path:
    """The file a ruleset reference names: a bundled name, or a path.

    A path in a file's ``extends:`` is relative to that file's directory.
    """
    if looks_like_path(ref):
        p = Path(ref)
        if relative_to is not None and not p.is_absolute():
            p = relative_to / p
        problem = file_problem(p) if doc is not None else None
        if doc is not None and problem is not None:
            shown = f" ({shown_path(p)})" if len(str(p)) <= 200 else ""
            found = (f"{_quoted(ref)}, but there is no such file{shown}" if problem == "no such file"
                     else f"{_quoted(ref)}, which is {problem}{shown}")
            raise doc.error(at, found, "the path of a ruleset file, relative to this file, or a bundled name",
                            hint=f"bundled rulesets: {', '.join(bundled_rulesets())}")
        return p
    p = bundled_path(ref, extension)
    if file_problem(p) is not None:  # a name too long to be a file is no bundled name either
        raise _unknown_name(ref, extension, doc, at)
    return p


# ------------------------------------------------------------- layers ----


@dataclass
class Layer:
    """One file of the chain: a ruleset, one of its ancestors, or an extension."""

    doc: YamlDoc
    path: Path
    kind: str  # "ruleset", "extension", or "reading" (a part of a file laid over it: :mod:`.variants`)
    errors: list[RulesetError] = field(default_factory=list)  # its own, not yet raised (see read_layer)
    #: the name its values are declared in, for a layer that is part of a file (a reading)
    label: str | None = None

    @property
    def data(self) -> dict[str, Any]:
        return checked(self.doc.data)  # read_layer refuses a file that is not a mapping

    @property
    def name(self) -> str:
        return self.label if self.label is not None else str(self.data["name"])


@dataclass
class Resolved:
    """Every knob's value and provenance after the chain and extensions are merged.

    ``sections``: pack/deal/table/bidding -> knob -> value; ``pools`` and
    ``stages``: id -> knob -> value, in order (a stage also holds its ``kind``,
    ``on`` and ``pool``). ``at``: knob path -> (layer, YAML key path) that set it.
    """

    sections: dict[str, dict[str, Any]] = field(default_factory=dict)
    pools: dict[str, dict[str, Any]] = field(default_factory=dict)
    stages: dict[str, dict[str, Any]] = field(default_factory=dict)
    provenance: dict[str, Provenance] = field(default_factory=dict)
    at: dict[str, tuple[Layer, tuple[Any, ...]]] = field(default_factory=dict)
    stage_at: dict[str, tuple[Layer, tuple[Any, ...]]] = field(default_factory=dict)
    sources: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: whole readings and expectations by id: the layer and key path that wrote each
    readings: dict[str, tuple[Layer, tuple[Any, ...]]] = field(default_factory=dict)
    expectations: dict[str, tuple[Layer, tuple[Any, ...]]] = field(default_factory=dict)

    def copy(self) -> Resolved:
        """A copy whose knobs may be set without touching this one (values are replaced
        whole when set, never changed in place)."""
        return Resolved(
            sections={k: dict(v) for k, v in self.sections.items()},
            pools={k: dict(v) for k, v in self.pools.items()},
            stages={k: dict(v) for k, v in self.stages.items()},
            provenance=dict(self.provenance), at=dict(self.at), stage_at=dict(self.stage_at),
            sources=dict(self.sources), readings=dict(self.readings), expectations=dict(self.expectations))

    def values(self) -> dict[str, Any]:
        """Every knob's plain value by path (``deal.hand_size``, ``pools.point.ante``,
        ``card_game.principal_hocs``)."""
        out: dict[str, Any] = {}
        for sec, knobs in self.sections.items():
            for k, v in knobs.items():
                out[f"{sec}.{k}"] = v
        for pid, knobs in self.pools.items():
            for k, v in knobs.items():
                if k not in STRUCTURAL:
                    out[f"pools.{pid}.{k}"] = v
        for sid, knobs in self.stages.items():
            for k, v in knobs.items():
                if k not in STRUCTURAL:
                    out[f"{sid}.{k}"] = v
        return out


#: A stage's own fields that are not knobs (``display_names``, a pool's or stage's names at the
#: table in each language, is a label: no rule, so no provenance).
STRUCTURAL = ("kind", "on", "pool", "display_names")


def split_citation(text: str) -> tuple[str, str | None]:
    """``"lalanne §5.2: why"`` -> ``("lalanne", "§5.2")``."""
    head = text.strip().split(":", 1)[0].strip()
    sid, _, rest = head.partition(" ")
    rest = rest.strip()
    return sid, (rest or None)


def provenance_of(spec: dict[str, Any], declared_in: str | None = None, line: int | None = None,
                  with_alternatives: bool = True, cls: type | None = None, name: str | None = None) -> Provenance:
    """The :class:`Provenance` of a knob's YAML mapping (already schema-checked)."""
    from .build import convert

    for kind in PROVENANCE_KINDS:
        if kind in spec:
            text = _oneline(spec[kind]) or ""
            break
    else:  # pragma: no cover - the schema requires one
        raise ValueError("a knob without provenance")
    sid, sec = split_citation(text) if kind != "editorial" else (None, None)
    alts: tuple[Alternative, ...] = ()
    if with_alternatives and spec.get("alternatives"):
        alts = tuple(
            # a whole reading: its value and provenance are filled in once the readings are
            # resolved (:func:`.variants.check_variants`)
            Alternative(value=None, provenance=Provenance(kind="editorial", text=f"reading {a['reading']}"),
                        reading=a["reading"]) if "reading" in a else
            Alternative(value=convert(cls, name, a["value"]) if cls is not None and name else a["value"],
                        provenance=provenance_of(a, declared_in, None, False))
            for a in spec["alternatives"])
    played = _oneline(spec.get("played"))
    return Provenance(kind=kind, text=text, source_id=sid, section=sec, note=_oneline(spec.get("note")),
                      declared_in=declared_in, line=line, alternatives=alts, played=played)


def _raise_all(errors: Sequence[RulesetError]) -> None:
    """Raise the first of ``errors`` (the rest in ``.more``), if any."""
    if errors:
        first = errors[0]
        first.more = tuple(errors[1:])
        raise first


_DOC_CACHE: dict[tuple[Any, ...], YamlDoc] = {}

#: Top-level keys of the first ruleset format (hocdsl 0.1).
OLD_SECTIONS = ("antes", "double_game", "point", "sequence", "tricon", "blank_hand", "card_game")


def _check_format(doc: YamlDoc) -> None:
    data = doc.data
    if not isinstance(data, dict) or "format" in data:
        return
    old = [k for k in data if isinstance(k, str) and (k in OLD_SECTIONS or k == "table")]
    if old:
        raise RulesetError(
            doc.file, *doc.where((old[0],), key=True), old[0],
            "a ruleset in the first format of hocdsl (sections table, antes, bidding, ..., card_game)",
            "a ruleset in format 2: pack, deal, table, pools, bidding and stages",
            hint=f"convert it with `hoc migrate {doc.file} > new.yaml` (provenance and notes are kept)")
    raise RulesetError(doc.file, 1, 1, "format", "no `format:`", "`format: 2` at the top of the file",
                       hint="add `format: 2`; a file of hocdsl 0.1 is converted with `hoc migrate FILE`")


def _checked_doc(path: Path) -> tuple[YamlDoc, list[RulesetError]]:
    """The file parsed, and its schema and document errors; a valid file unchanged since
    is not read again. A YAML error or a file of the first format is raised at once."""
    from .semantic import check_document
    from .validate import schema_errors

    shown = shown_path(path)
    try:
        st = path.stat()
        key: tuple[Any, ...] | None = (str(path.resolve()), st.st_mtime_ns, st.st_size, shown)
    except OSError:
        key = None
    if key is not None and key in _DOC_CACHE:
        return _DOC_CACHE[key], []
    doc = read_yaml(str(path), shown)
    _check_format(doc)
    errors = schema_errors(doc)
    if not errors:
        errors = check_document(doc)
    if key is not None and not errors:
        if len(_DOC_CACHE) >= 256:
            _DOC_CACHE.clear()
        _DOC_CACHE[key] = doc
    return doc, errors


def read_layer(path: Path, kind: str | None = None,
               referrer: tuple[YamlDoc, tuple[Any, ...]] | None = None, *, defer: bool = False) -> Layer:
    """Read and schema-check one file; ``kind`` (``"ruleset"``/``"extension"``) if it must be one.

    ``referrer`` is the (document, key path) that named this file, where a
    file of the wrong kind is reported. The file's errors are raised, or with
    ``defer`` left in ``layer.errors`` for the caller to raise with others.
    """
    doc, errors = _checked_doc(path)
    if referrer is not None and not isinstance(doc.data, dict):
        raise _not_a_ruleset(doc, referrer)
    if isinstance(doc.data, dict):
        errors = errors + name_errors(doc, path)
    if not defer or not isinstance(doc.data, dict):
        _raise_all(errors)
    actual = str(checked(doc.data).get("kind", "ruleset"))  # a file not a mapping was refused above
    if kind is not None and actual != kind:
        _raise_all(errors)  # a broken file is reported as such before its kind
        if referrer is not None:
            rdoc, at = referrer
            raise rdoc.error(at, f"`{doc.file}`, which is an extension file", "a ruleset to extend",
                             hint="an extension is applied with --with, not extended")
        if kind == "ruleset":
            raise RulesetError(doc.file, None, None, "", "an extension file (kind: extension)", "a ruleset file",
                               hint=f"apply an extension on top of a ruleset: --with {path}")
        raise RulesetError(doc.file, None, None, "", "a ruleset file", "an extension file (kind: extension)",
                           hint="a ruleset is loaded on its own; to build on it, write a ruleset with `extends:`")
    return Layer(doc=doc, path=path, kind=actual, errors=errors)


def _not_a_ruleset(doc: YamlDoc, referrer: tuple[YamlDoc, tuple[Any, ...]]) -> RulesetError:
    """A file named by ``extends:`` that is no ruleset at all (``/etc/passwd``), said at the
    ``extends:`` line and without a word of what the file holds: it may be anyone's file."""
    rdoc, at = referrer
    return rdoc.error(at, f"`{doc.file}`, which is not a ruleset file (not a YAML mapping of knobs)",
                      "the path of a ruleset file, relative to this file, or a bundled name",
                      hint=f"bundled rulesets: {', '.join(bundled_rulesets())}")


def name_errors(doc: YamlDoc, path: Path) -> list[RulesetError]:
    """``name:`` must be the file's name without ``.yaml``: commands name a file by its path
    and label it by its ``name:``, so a copy that kept its original's name would print as
    its original (``hoc diff hoc-mazarin copy.yaml``: "hoc-mazarin vs hoc-mazarin")."""
    name = doc.data.get("name") if isinstance(doc.data, dict) else None
    if not isinstance(name, str) or name == path.stem or path.suffix not in SUFFIXES:
        return []  # a missing or malformed name is the schema's to report
    stem = path.stem
    fits = bool(re.fullmatch(r"[a-z0-9][a-z0-9-]*", stem)) and len(stem) <= 64
    fix = f"set `name: {stem}`, or rename the file to {name}{path.suffix}" if fits else \
        f"rename the file to {name}{path.suffix} (a name is lower case with hyphens)"
    return [doc.error(("name",), f"`name: {name}` in a file named {path.name}",
                      f"the file's name without {path.suffix} (`{stem}`), which commands label it by",
                      hint=fix)]


def chain(path: Path) -> list[Layer]:
    """The ruleset at ``path`` and its ancestors along ``extends:``, root first."""
    layers: list[Layer] = []
    seen: set[Path] = set()
    current: Path = path
    referrer: tuple[YamlDoc, tuple[Any, ...]] | None = None
    while True:
        layer = read_layer(current, "ruleset", referrer, defer=True)
        seen.add(current.resolve())
        layers.append(layer)
        ref = layer.data.get("extends")
        if ref is None or not isinstance(ref, str):
            _raise_all(layer.errors)
            break
        try:
            nxt = resolve_ref(ref, relative_to=current.parent, doc=layer.doc, at=("extends",))
        except RulesetError as e:  # reported with the file's other errors, in file order
            # the unknown parent first: the other errors may follow from it (required fields)
            others = [x for x in layer.errors if x.path != "extends"]  # the same value, said once
            _raise_all([e, *sorted(others, key=lambda x: (x.line or 0, x.column or 0))])
            raise
        _raise_all(layer.errors)
        if nxt.resolve() in seen:
            names = [shown_path(lay.path) for lay in layers] + [shown_path(nxt)]
            raise layer.doc.error(("extends",), f"an inheritance cycle: {' -> '.join(names)}",
                                  "a chain of `extends:` ending in a ruleset without `extends:`",
                                  hint="one of these files must stop extending the others")
        current, referrer = nxt, (layer.doc, ("extends",))
    layers.reverse()
    return layers


def _set_knobs(out: Resolved, layer: Layer, prefix: str, target: dict[str, Any], cls: type,
               knobs: dict[str, Any], at: tuple[Any, ...], errors: list[RulesetError]) -> None:
    names = [n for n, _ in knob_fields(cls)]
    for knob, spec in knobs.items():
        if knob in STRUCTURAL:
            continue
        if knob not in names:
            what = f"stage `{prefix}` ({cls.__doc__.split(chr(10))[0] if cls.__doc__ else cls.__name__})"
            errors.append(layer.doc.error(at + (knob,), f"an unknown knob `{knob}` in {what}",
                                          "one of: " + ", ".join(names), key=True,
                                          suggestion=suggest(knob, names)))
            continue
        path = f"{prefix}.{knob}"
        target[knob] = spec["value"]
        out.at[path] = (layer, at + (knob,))
        out.provenance[path] = provenance_of(spec, layer.name, layer.doc.where(at + (knob,), key=True)[0],
                                             cls=cls, name=knob)
        if path == "table.units" and isinstance(spec["value"], dict):
            target[knob] = _own_provenances(out, layer, path, at + (knob, "value"), spec["value"])


def _own_provenances(out: Resolved, layer: Layer, path: str, at: tuple[Any, ...],
                     entries: dict[str, Any]) -> dict[str, Any]:
    """A mapping knob whose entries may carry their own provenance (``fiche: {value: 10,
    editorial: ...}``): the plain values, each entry's provenance filed at ``path.entry``."""
    plain: dict[str, Any] = {}
    for name, entry in entries.items():
        if isinstance(entry, dict) and "value" in entry:
            plain[name] = entry["value"]
            out.provenance[f"{path}.{name}"] = provenance_of(
                entry, layer.name, layer.doc.where(at + (name,), key=True)[0])
            out.at[f"{path}.{name}"] = (layer, at + (name,))
        else:
            plain[name] = entry
    return plain


def merge(layers: Sequence[Layer], base: Resolved | None = None) -> Resolved:
    """Lay the files over one another, root first: each knob a file sets replaces the
    inherited one whole (value and provenance together); ``sources:``, ``readings:``
    and ``expectations:`` accumulate; pools and stages are added in file order, and
    ``null`` removes an inherited one. With ``base``, the layers are laid over a copy
    of that (a reading over the ruleset it reads).

    A knob's citation must name a source known at its file: one of the file's
    own sources or an ancestor's; an extension must bring its own.
    """
    from .build import stage_class
    from .semantic import source_errors
    from .validate import stage_schema_errors

    out = base.copy() if base is not None else Resolved()
    errors: list[RulesetError] = []
    base_known = base is not None or any(lay.kind != "extension" for lay in layers)
    for layer in layers:
        data = layer.data
        own = dict(data.get("sources") or {})
        if layer.kind == "extension":
            errors += source_errors(layer.doc, own, own_only=True)
        out.sources.update(own)
        if layer.kind != "extension":
            errors += source_errors(layer.doc, out.sources)
        for group, held in (("readings", out.readings), ("expectations", out.expectations)):
            for gid, spec in (data.get(group) or {}).items():
                if spec is None:
                    held.pop(gid, None)
                else:
                    held[gid] = (layer, (group, gid))
        for sec, cls in SECTIONS.items():
            knobs = data.get(sec)
            if isinstance(knobs, dict):
                _set_knobs(out, layer, sec, out.sections.setdefault(sec, {}), cls, knobs, (sec,), errors)
        pools = data.get("pools") or {}
        if "value" in pools:  # no pools, with the provenance of that
            out.pools.clear()
            out.provenance[NO_POOLS] = provenance_of(pools, layer.name, layer.doc.where(("pools",), key=True)[0])
            out.at[NO_POOLS] = (layer, ("pools",))
            pools = {}
        elif pools:
            out.provenance.pop(NO_POOLS, None)
        for pid, knobs in pools.items():
            if knobs is None:
                out.pools.pop(pid, None)
                continue
            _set_knobs(out, layer, f"pools.{pid}", out.pools.setdefault(pid, {}), PoolRules, knobs,
                       ("pools", pid), errors)
            if isinstance(knobs, dict) and "display_names" in knobs:
                out.pools[pid]["display_names"] = knobs["display_names"]
        for sid, spec in (data.get("stages") or {}).items():
            at = ("stages", sid)
            if spec is None:  # a stage of the base taken out (Rubicon Bezique: no card turned up)
                out.stages.pop(sid, None)
                for path in [p for p in out.provenance if p.startswith(f"{sid}.")]:
                    del out.provenance[path]
                    out.at.pop(path, None)
                continue
            if sid in RESERVED_IDS:
                errors.append(layer.doc.error(at, f"a stage named `{sid}`", "a stage id that is not the name "
                                              "of a section of the file", key=True))
                continue
            cur = out.stages.get(sid)
            if cur is None and "kind" not in spec and not base_known:
                # an extension on its own sets knobs of a stage of whichever ruleset it is
                # applied to: checked against every kind of stage that has those knobs
                errors += base_stage_errors(layer.doc, at, spec)
                continue
            if cur is None or ("kind" in spec and (spec.get("kind"), spec.get("on")) != (cur["kind"], cur.get("on"))):
                if "kind" not in spec:
                    errors.append(_new_stage_without_kind(layer, sid, at, list(out.stages)))
                    continue
                cur = {"kind": spec["kind"]}
                if "on" in spec:
                    cur["on"] = spec["on"]
                out.stages.pop(sid, None)
                out.stages[sid] = cur
                out.stage_at[sid] = (layer, at)
            if "pool" in spec:
                cur["pool"] = spec["pool"]
                out.at[f"{sid}.pool"] = (layer, at + ("pool",))
            if "display_names" in spec:
                cur["display_names"] = spec["display_names"]
            scls = stage_class(cur["kind"], cur.get("on"))
            if scls is not None and "kind" not in spec:  # the schema could not tell which stage it is
                wrong = stage_schema_errors(layer.doc, at, cur["kind"], cur.get("on"))
                if wrong:
                    errors += wrong
                    continue
            if scls is None:
                errors.append(layer.doc.error(at + ("on",) if "on" in spec else at,
                                              f"a {cur['kind']} stage on `{cur.get('on')}`",
                                              "vie on point, run or set; claims on blank-hand; stops; settle"))
                continue
            _set_knobs(out, layer, sid, cur, scls, spec, at, errors)
    if not errors:
        errors += _amounts_in_units(out)
    _raise_all(errors)
    return out


#: The provenance key of a ruleset's pools written ``{value: {}, <provenance>}``: no pools, and why.
NO_POOLS = "pools"


def _amounts_in_units(out: Resolved) -> list[RulesetError]:
    """Convert every amount written in units (``{fiche: 1, jeton: 9}``) to the smallest unit,
    keeping the written form on the knob's provenance; an unknown unit is an error."""
    import dataclasses

    from .build import convert, field_type
    from .model import MAX_CHIPS
    from .units import convert_value

    units = out.sections.get("table", {}).get("units")
    errors: list[RulesetError] = []
    groups = [(f"{sec}.", knobs, SECTIONS[sec]) for sec, knobs in out.sections.items()]
    groups += [(f"pools.{pid}.", knobs, PoolRules) for pid, knobs in out.pools.items()]
    from .build import stage_class
    for sid, knobs in out.stages.items():
        scls = stage_class(knobs["kind"], knobs.get("on"))
        if scls is not None:
            groups.append((f"{sid}.", knobs, scls))
    for prefix, knobs, cls in groups:
        specs = dict(knob_fields(cls))
        for name, value in list(knobs.items()):
            if name not in specs or name in STRUCTURAL:
                continue
            path = prefix + name
            if path == "table.units":  # the units themselves, not an amount
                continue
            amount = specs[name].maximum == MAX_CHIPS and field_type(cls, name) is int
            layer, at = out.at[path]
            new, errs, met = convert_value(value, units, amount)
            raw_alts = [a for a in _raw(layer.doc.data, at).get("alternatives") or [] if isinstance(a, dict)]
            alts_met = [convert_value(a.get("value"), units, amount) for a in raw_alts]
            if not met and not any(m for _v, _e, m in alts_met):
                continue
            for i, (_v, errs_a, _m) in enumerate(alts_met):
                errs += [(("alternatives", i, "value", *w), e) for w, e in errs_a]
            for where, e in errs:
                place = at + (where if where[:1] == ("alternatives",) else ("value", *where))
                if not e.unit:
                    errors.append(layer.doc.error(place, "an amount of more than the largest allowed",
                                                  f"at most {MAX_CHIPS} in the smallest unit", shown_path=path))
                    continue
                known = ", ".join(e.known) or "none: the ruleset has no table.units"
                errors.append(layer.doc.error(
                    place, f"the unit `{e.unit}`", f"a unit of table.units ({known})",
                    key=True, shown_path=path, suggestion=suggest(e.unit, list(e.known)),
                    hint=None if e.known else "name the units under `table: units:`, e.g. {jeton: 1, fiche: 10}"))
            knobs[name] = new
            prov = out.provenance[path]
            alts = tuple(a if a.reading is not None else dataclasses.replace(
                a, value=convert(cls, name, v), provenance=dataclasses.replace(
                    a.provenance, written=raw.get("value") if m else None))
                for a, (v, _e, m), raw in zip(prov.alternatives, alts_met, raw_alts))
            out.provenance[path] = dataclasses.replace(prov, written=value if met else None,
                                                       alternatives=alts or prov.alternatives)
    return errors


def _raw(data: YamlValue, at: tuple[Any, ...]) -> dict[str, Any]:
    """The YAML mapping at key path ``at`` of a file's data (schema-checked)."""
    return checked(value_at(data, at))


def _new_stage_without_kind(layer: Layer, sid: str, at: tuple[Any, ...], known: list[str]) -> RulesetError:
    if layer.kind == "extension":
        return layer.doc.error(
            at, f"a stage `{sid}` without `kind`, which the ruleset it is applied to does not have",
            "`kind: vie`, `claims`, `stops` or `settle` for a stage the ruleset does not have, or the id "
            "of one of its stages (" + (", ".join(known) or "none") + ")", key=True,
            suggestion=suggest(sid, known))
    return layer.doc.error(at, f"a new stage `{sid}` without `kind`",
                           "`kind: vie`, `claims`, `stops` or `settle` for a stage "
                           "the rulesets this one extends do not have", key=True,
                           suggestion=suggest(sid, known))


def base_stage_errors(doc: YamlDoc, at: tuple[Any, ...], spec: dict[str, Any]) -> list[RulesetError]:
    """The errors in a stage an extension sets without saying its kind, the extension on
    its own: its knobs must all be knobs of one kind of stage, with values that kind allows
    (the stage is looked up in the ruleset when the extension is applied with ``--with``)."""
    from .model import STAGE_CLASSES
    from .validate import stage_schema_errors

    keys = [k for k in spec if k not in STRUCTURAL]
    every = sorted({n for cls in STAGE_CLASSES.values() for n, _ in knob_fields(cls)})
    errors = []
    for key in keys:
        if key not in every:
            errors.append(doc.error(at + (key,), f"an unknown knob `{key}` in stage `{at[-1]}`",
                                    "a knob of a stage of the ruleset the extension is applied to",
                                    key=True, suggestion=suggest(key, every),
                                    hint="check it against that ruleset: `hoc show RULESET --with FILE`"))
    if errors:
        return errors
    candidates = [(kind, on) for (kind, on), cls in STAGE_CLASSES.items()
                  if set(keys) <= {n for n, _ in knob_fields(cls)} and ("pool" not in spec or kind == "vie")]
    if not candidates:
        return [doc.error(at, f"knobs of different kinds of stage in stage `{at[-1]}` ({', '.join(keys)})",
                          "the knobs of one stage (vie, claims, stops or settle)", key=True)]
    found = [stage_schema_errors(doc, at, kind, on) for kind, on in candidates]
    if any(not e for e in found):
        return []
    return min(found, key=len)


def _oneline(text: Any) -> str | None:
    return " ".join(str(text).split()) if text is not None else None


def _check(resolved: Resolved, layers: Sequence[Layer], complete: bool = True) -> None:
    from .semantic import check_complete, check_knobs

    errors = check_complete(resolved, layers[-1]) if complete else []
    _raise_all(errors or check_knobs(resolved))


# ------------------------------------------------------------- public ----


def find_ruleset(name_or_path: str, extension: bool = False) -> Path:
    """The file of a ruleset (or extension) given by bundled name or path."""
    if looks_like_path(name_or_path):
        p = Path(name_or_path)
        problem = file_problem(p)
        if problem is not None:
            what = "extension" if extension else "ruleset"
            names = bundled_extensions() if extension else bundled_rulesets()
            raise RulesetError(name_or_path, None, None, "", problem,
                               f"an {what} file, or a bundled {what} ({', '.join(names) or 'none'})"
                               .replace("an ruleset", "a ruleset"))
        return p
    return resolve_ref(name_or_path, extension=extension)


def load_ruleset(name_or_path: str, with_: Sequence[str] = ()) -> Ruleset:
    """The resolved ruleset named ``name_or_path`` (bundled name or file path),
    with the extensions ``with_`` (bundled names or paths) laid over it in order.

    Every alternative and whole reading the files give is checked as the complete
    ruleset it makes (:mod:`.variants`). A ruleset whose files are unchanged since it
    was last loaded is not resolved again.

    Raises :class:`RulesetError` for anything wrong in any file of the chain
    (the first error; any others found with it are in ``error.more``).
    """
    path = find_ruleset(str(name_or_path))
    layers = chain(path)
    exts = [read_layer(find_ruleset(str(ref), extension=True), "extension") for ref in with_]
    docs = tuple(lay.doc for lay in layers + exts)
    key = (str(path), tuple(str(x) for x in with_), tuple(id(d) for d in docs))
    hit = _LOADED.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], docs)):
        from .variants import remember

        remember(hit[1].origin, hit[2], layers)  # what compose() needs, kept with it
        return hit[1]
    resolved = merge(layers + exts)
    _check(resolved, layers)
    rules = _ruleset(resolved, layers, exts, path)
    if len(_LOADED) >= 128:
        _LOADED.clear()
    _LOADED[key] = (docs, rules, resolved)
    return rules


#: Rulesets loaded, by file, extensions and the identity of the parsed documents (which
#: :data:`_DOC_CACHE` keeps while the files are unchanged), with those documents and the
#: resolved knobs they were built from.
_LOADED: dict[tuple[Any, ...], tuple[tuple[YamlDoc, ...], Ruleset, Resolved]] = {}


def _ruleset(resolved: Resolved, layers: Sequence[Layer], exts: Sequence[Layer], path: Path) -> Ruleset:
    import dataclasses

    from .expect import expectations_of
    from .variants import check_variants, remember

    errors, readings = check_variants(resolved, layers)
    expectations, wrong = expectations_of(resolved)
    _raise_all(errors + wrong)
    by_id = {r.id: r for r in readings}
    provenance = dict(resolved.provenance)
    for p, prov in provenance.items():
        if any(a.reading is not None for a in prov.alternatives):
            provenance[p] = dataclasses.replace(prov, alternatives=tuple(
                a if a.reading is None or a.reading not in by_id or p == NO_POOLS else dataclasses.replace(
                    a, value=next(c.value for c in by_id[a.reading].knobs if c.path == p),
                    provenance=by_id[a.reading].provenance)
                for a in prov.alternatives))
    top = layers[-1].data
    origin = (str(path), *(str(e.path) for e in exts))
    remember(origin, resolved, layers)
    rules = build_ruleset(
        name=top["name"], title=top["title"], summary=top.get("summary", top["title"]),
        extends=tuple(lay.name for lay in reversed(layers[:-1])),
        extensions=tuple(e.name for e in exts),
        sources=resolved.sources, sections=resolved.sections, pools=resolved.pools,
        stages=resolved.stages, provenance=provenance, path=str(path),
    )
    return dataclasses.replace(rules, readings=readings, expectations=expectations, origin=origin)


def validate_file(path: str) -> list[RulesetError]:
    """Every error found in the ruleset or extension file at ``path`` (``[]`` when valid).

    A ruleset is checked with the whole of its ``extends:`` chain; an extension
    on its own (schema, its sources, and the checks its own knobs allow).
    """
    try:
        p = find_ruleset(path)
        layer = read_layer(p, defer=True)
        if layer.kind == "extension":
            _raise_all(layer.errors)
            resolved = merge([layer])
            _check(resolved, [layer], complete=False)
        else:
            layers = chain(p)
            resolved = merge(layers)
            _check(resolved, layers)
            _ruleset(resolved, layers, [], p)
    except RulesetError as e:
        return [e, *e.more]
    return []
