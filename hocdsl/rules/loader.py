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
    return Path(str(resources.files(BUNDLED_PACKAGE)))


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


def bundled_path(name: str, extension: bool = False) -> Path:
    """The file of a bundled ruleset (or extension) ``name``."""
    d = _bundled_dir() / "extensions" if extension else _bundled_dir()
    return d / f"{name}.yaml"


def shown_path(path: Path | str) -> str:
    """How a file is named in messages: relative to the working directory when inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
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
    expected = (f"a bundled {what} ({', '.join(names) or 'none'}) or the path of a "
                f"{what} file")
    hint = None
    other = bundled_rulesets() if extension else bundled_extensions()
    if ref in other:
        hint = (f"`{ref}` is a bundled {'ruleset' if extension else 'extension'}; "
                + ("load it as the ruleset" if extension else f"apply it with --with {ref}"))
    if doc is not None:
        return doc.error(at, found, expected, suggestion=suggest(ref, names), hint=hint)
    return RulesetError(None, None, None, "", found, expected, suggestion=suggest(ref, names), hint=hint)


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


def _read_layer(path: Path, kind: str) -> Layer:
    from .validate import validate_document

    doc = read_yaml(str(path), shown_path(path))
    validate_document(doc)
    actual = doc.data.get("kind", "ruleset")
    if actual != kind:
        if kind == "ruleset":
            raise doc.error(("kind",), "an extension file", "a ruleset file",
                            hint=f"apply an extension with --with {path.stem} on top of a ruleset")
        raise doc.error(("kind",) if "kind" in doc.data else (), "a ruleset file", "an extension file (kind: extension)",
                        hint="a ruleset is loaded on its own; extend it with `extends:`")
    return Layer(doc=doc, path=path, kind=kind)


def _chain(path: Path) -> list[Layer]:
    """The ruleset at ``path`` and its ancestors, root first."""
    layers: list[Layer] = []
    seen: dict[Path, int] = {}
    current: Path | None = path
    while current is not None:
        key = current.resolve()
        layer = _read_layer(current, "ruleset")
        if key in seen:
            # unreachable: the cycle is caught below before re-reading
            break
        seen[key] = len(layers)
        layers.append(layer)
        ref = layer.data.get("extends")
        if ref is None:
            current = None
            continue
        nxt = resolve_ref(ref, relative_to=current.parent, doc=layer.doc, at=("extends",))
        if nxt.resolve() in seen:
            names = [shown_path(lay.path) for lay in layers] + [shown_path(nxt)]
            raise layer.doc.error(("extends",), f"an inheritance cycle: {' -> '.join(names)}",
                                  "a chain of `extends:` that ends in a ruleset without `extends:`",
                                  hint="one of these files must stop extending the others")
        current = nxt
    layers.reverse()
    return layers


def _merge(layers: Sequence[Layer]) -> Resolved:
    from .semantic import check_layer_sources

    out = Resolved()
    for layer in layers:
        for sid, src in (layer.data.get("sources") or {}).items():
            out.sources[sid] = src
        check_layer_sources(layer, out.sources)
        for section, knobs in layer.data.items():
            if not isinstance(knobs, dict) or section in ("sources",):
                continue
            for knob, spec in knobs.items():
                path = f"{section}.{knob}"
                if path not in KNOB_PATHS:
                    continue
                sid, sec = (None, None)
                if "source" in spec:
                    sid, sec = _split_source(spec["source"])
                out.values[path] = spec["value"]
                out.layer_of[path] = layer
                out.provenance[path] = Provenance(
                    source=sid, section=sec,
                    editorial=" ".join(str(spec["editorial"]).split()) if "editorial" in spec else None,
                    note=" ".join(str(spec["note"]).split()) if spec.get("note") is not None else None,
                    declared_in=layer.name,
                    line=layer.doc.where((section, knob), key=True)[0],
                )
    return out


# ------------------------------------------------------------- public ----


def find_ruleset(name_or_path: str) -> Path:
    """The file of a ruleset given by bundled name or path (a missing file is an error)."""
    if looks_like_path(name_or_path):
        p = Path(name_or_path)
        if not p.exists():
            raise RulesetError(name_or_path, None, None, "", "no such file",
                               f"a ruleset file, or a bundled ruleset ({', '.join(bundled_rulesets())})")
        return p
    return resolve_ref(name_or_path)


def load_ruleset(name_or_path: str, with_: Sequence[str] = ()) -> Ruleset:
    """The resolved ruleset named ``name_or_path`` (bundled name or file path),
    with the extensions ``with_`` (bundled names or paths) laid over it in order.

    Raises :class:`RulesetError` for anything wrong in any file of the chain.
    """
    from .semantic import check_resolved

    path = find_ruleset(str(name_or_path))
    layers = _chain(path)
    exts = []
    for ref in with_:
        if looks_like_path(ref) and not Path(ref).exists():
            raise RulesetError(ref, None, None, "", "no such file",
                               f"an extension file, or a bundled extension ({', '.join(bundled_extensions())})")
        exts.append(_read_layer(resolve_ref(ref, extension=True), "extension"))
    resolved = _merge(layers + exts)
    check_resolved(resolved)
    top = layers[-1].data
    return build_ruleset(
        name=top["name"], title=top["title"], summary=top["summary"],
        extends=tuple(lay.name for lay in reversed(layers[:-1])),
        extensions=tuple(e.name for e in exts),
        sources=resolved.sources, values=resolved.values, provenance=resolved.provenance,
        path=str(path),
    )
