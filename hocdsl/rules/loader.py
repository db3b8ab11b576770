"""Load a ruleset file into a frozen, fully resolved :class:`Ruleset`.

>>> rules = load_ruleset("hoc-mazarin")
>>> rules.bidding.raise_cap, rules.provenance["bidding.raise_cap"].cite()
(20, 'lalanne §5.1')
>>> load_ruleset("hoc-mazarin", with_=["triple-game"]).double_game.max_multiplier
3

Steps, each in its own function: find the file (a bundled name or a path),
read it with line numbers (:mod:`.yamldoc`), validate it against the JSON
Schema (:mod:`.validate`), follow ``extends:`` to the root, overlay the
``--with`` extensions, run the checks a schema cannot express
(:mod:`.semantic`), and build the model (:mod:`.build`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from .build import KNOB_PATHS, build_ruleset
from .errors import RulesetError, suggest
from .model import Provenance, Ruleset
from .yamldoc import YamlDoc, read_yaml

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
                extends = data.get("extends") if isinstance(data, dict) else None
            except RulesetError as e:
                title, extends = f"(unreadable: {e.headline})", None
            out.append(BundledSummary(name=name, kind=kind, title=title, extends=extends))
    return out


def bundled_path(name: str, extension: bool = False) -> Path:
    """The file of a bundled ruleset (or extension) ``name``."""
    d = _bundled_dir() / "extensions" if extension else _bundled_dir()
    return d / f"{name}.yaml"


def shown_path(path: Path | str) -> str:
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


def _unknown_name(ref: str, extension: bool, doc: YamlDoc | None = None,
                  at: tuple = ()) -> RulesetError:
    names = bundled_extensions() if extension else bundled_rulesets()
    what = "extension" if extension else "ruleset"
    found = f"no bundled {what} named `{ref}`"
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
                doc: YamlDoc | None = None, at: tuple = ()) -> Path:
    """The file a ruleset reference names: a bundled name, or a path.

    A path in a file's ``extends:`` is relative to that file's directory.
    """
    if looks_like_path(ref):
        p = Path(ref)
        if relative_to is not None and not p.is_absolute():
            p = relative_to / p
        if doc is not None and not p.is_file():
            raise doc.error(at, f"`{ref}`, but there is no such file ({shown_path(p)})",
                            "the path of a ruleset file, relative to this file, or a bundled name",
                            hint=f"bundled rulesets: {', '.join(bundled_rulesets())}")
        return p
    p = bundled_path(ref, extension)
    if not p.is_file():
        raise _unknown_name(ref, extension, doc, at)
    return p


# ------------------------------------------------------------- layers ----


@dataclass
class Layer:
    """One file of the chain: a ruleset, one of its ancestors, or an extension."""

    doc: YamlDoc
    path: Path
    kind: str  # "ruleset" or "extension"

    @property
    def data(self) -> dict[str, Any]:
        return self.doc.data

    @property
    def name(self) -> str:
        return self.data["name"]


@dataclass
class Resolved:
    """Every knob's value and provenance after the chain and extensions are merged."""

    values: dict[str, Any] = field(default_factory=dict)
    provenance: dict[str, Provenance] = field(default_factory=dict)
    layer_of: dict[str, Layer] = field(default_factory=dict)  # knob path -> layer that set it
    sources: dict[str, dict[str, Any]] = field(default_factory=dict)


def _split_source(text: str) -> tuple[str, str | None]:
    """``"lalanne §5.2"`` -> ``("lalanne", "§5.2")``."""
    sid, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    return sid, (rest or None)


def _raise_all(errors: Sequence[RulesetError]) -> None:
    """Raise the first of ``errors`` (the rest in ``.more``), if any."""
    if errors:
        first = errors[0]
        first.more = tuple(errors[1:])
        raise first


_DOC_CACHE: dict[tuple, YamlDoc] = {}


def _checked_doc(path: Path) -> YamlDoc:
    """The file parsed and checked against the schema; a file unchanged since is not read again."""
    from .semantic import check_document
    from .validate import validate_document

    shown = shown_path(path)
    try:
        st = path.stat()
        key: tuple | None = (str(path.resolve()), st.st_mtime_ns, st.st_size, shown)
    except OSError:
        key = None
    if key is not None and key in _DOC_CACHE:
        return _DOC_CACHE[key]
    doc = read_yaml(str(path), shown)
    validate_document(doc)
    _raise_all(check_document(doc))
    if key is not None:
        if len(_DOC_CACHE) >= 256:
            _DOC_CACHE.clear()
        _DOC_CACHE[key] = doc
    return doc


def read_layer(path: Path, kind: str | None = None, referrer: tuple[YamlDoc, tuple] | None = None) -> Layer:
    """Read and schema-check one file; ``kind`` (``"ruleset"``/``"extension"``) if it must be one.

    ``referrer`` is the (document, key path) that named this file, where a
    file of the wrong kind is reported.
    """
    doc = _checked_doc(path)
    actual = doc.data.get("kind", "ruleset")
    if kind is not None and actual != kind:
        if referrer is not None:
            rdoc, at = referrer
            raise rdoc.error(at, f"`{doc.file}`, which is an extension file", "a ruleset to extend",
                             hint="an extension is applied with --with, not extended")
        if kind == "ruleset":
            raise RulesetError(doc.file, None, None, "", "an extension file (kind: extension)", "a ruleset file",
                               hint=f"apply an extension on top of a ruleset: --with {path}")
        raise RulesetError(doc.file, None, None, "", "a ruleset file", "an extension file (kind: extension)",
                           hint="a ruleset is loaded on its own; to build on it, write a ruleset with `extends:`")
    return Layer(doc=doc, path=path, kind=actual)


def chain(path: Path) -> list[Layer]:
    """The ruleset at ``path`` and its ancestors along ``extends:``, root first."""
    layers: list[Layer] = []
    seen: set[Path] = set()
    current, referrer = path, None
    while True:
        layer = read_layer(current, "ruleset", referrer)
        seen.add(current.resolve())
        layers.append(layer)
        ref = layer.data.get("extends")
        if ref is None:
            break
        nxt = resolve_ref(ref, relative_to=current.parent, doc=layer.doc, at=("extends",))
        if nxt.resolve() in seen:
            names = [shown_path(lay.path) for lay in layers] + [shown_path(nxt)]
            raise layer.doc.error(("extends",), f"an inheritance cycle: {' -> '.join(names)}",
                                  "a chain of `extends:` ending in a ruleset without `extends:`",
                                  hint="one of these files must stop extending the others")
        current, referrer = nxt, (layer.doc, ("extends",))
    layers.reverse()
    return layers


def merge(layers: Sequence[Layer]) -> Resolved:
    """Lay the files over one another, root first: each knob a file sets replaces the
    inherited one whole (value and provenance together); ``sources:`` accumulate.

    A knob's ``source:`` must name a source known at its file: one of the file's
    own sources or an ancestor's; an extension must bring its own.
    """
    from .semantic import source_errors

    out = Resolved()
    errors: list[RulesetError] = []
    for layer in layers:
        own = dict(layer.data.get("sources") or {})
        if layer.kind == "extension":
            errors += source_errors(layer.doc, own, own_only=True)
        out.sources.update(own)
        if layer.kind != "extension":
            errors += source_errors(layer.doc, out.sources)
        for section, knobs in layer.data.items():
            if not isinstance(knobs, dict) or section == "sources":
                continue
            for knob, spec in knobs.items():
                path = f"{section}.{knob}"
                if path not in KNOB_PATHS:
                    continue
                sid, sec = _split_source(spec["source"]) if "source" in spec else (None, None)
                out.values[path] = spec["value"]
                out.layer_of[path] = layer
                out.provenance[path] = Provenance(
                    source=sid, section=sec,
                    editorial=_oneline(spec.get("editorial")),
                    note=_oneline(spec.get("note")),
                    declared_in=layer.name,
                    line=layer.doc.where((section, knob), key=True)[0],
                )
    _raise_all(errors)
    return out


def _oneline(text: Any) -> str | None:
    return " ".join(str(text).split()) if text is not None else None


def _check(resolved: Resolved) -> None:
    from .semantic import check_knobs

    _raise_all(check_knobs(resolved.values, {p: lay.doc for p, lay in resolved.layer_of.items()}))


# ------------------------------------------------------------- public ----


def find_ruleset(name_or_path: str, extension: bool = False) -> Path:
    """The file of a ruleset (or extension) given by bundled name or path."""
    if looks_like_path(name_or_path):
        p = Path(name_or_path)
        if not p.is_file():
            what = "extension" if extension else "ruleset"
            names = bundled_extensions() if extension else bundled_rulesets()
            raise RulesetError(name_or_path, None, None, "", "no such file" if not p.exists() else "not a file",
                               f"an {what} file, or a bundled {what} ({', '.join(names) or 'none'})"
                               .replace("an ruleset", "a ruleset"))
        return p
    return resolve_ref(name_or_path, extension=extension)


def load_ruleset(name_or_path: str, with_: Sequence[str] = ()) -> Ruleset:
    """The resolved ruleset named ``name_or_path`` (bundled name or file path),
    with the extensions ``with_`` (bundled names or paths) laid over it in order.

    Raises :class:`RulesetError` for anything wrong in any file of the chain
    (the first error; any others found with it are in ``error.more``).
    """
    path = find_ruleset(str(name_or_path))
    layers = chain(path)
    exts = [read_layer(find_ruleset(str(ref), extension=True), "extension") for ref in with_]
    resolved = merge(layers + exts)
    _check(resolved)
    top = layers[-1].data
    return build_ruleset(
        name=top["name"], title=top["title"], summary=top["summary"],
        extends=tuple(lay.name for lay in reversed(layers[:-1])),
        extensions=tuple(e.name for e in exts),
        sources=resolved.sources, values=resolved.values, provenance=resolved.provenance,
        path=str(path),
    )


def validate_file(path: str) -> list[RulesetError]:
    """Every error found in the ruleset or extension file at ``path`` (``[]`` when valid).

    A ruleset is checked with the whole of its ``extends:`` chain; an extension
    on its own (schema, its sources, and the checks its own knobs allow).
    """
    try:
        p = find_ruleset(path)
        layer = read_layer(p)
        if layer.kind == "extension":
            resolved = merge([layer])
        else:
            resolved = merge(chain(p))
        _check(resolved)
    except RulesetError as e:
        return [e, *e.more]
    return []
