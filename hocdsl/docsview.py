"""The documents that ship with hocdsl, which commands and messages point to.

``docs/*.md`` of the repository is installed as the package ``hocdsl.docs``
(pyproject.toml), so ``hoc docs records`` prints the format of game records
wherever hocdsl was installed from (a wheel, ``pip install .``, a checkout).

>>> "records" in doc_names() and "announcements" in doc_names()
True
>>> doc_text("records").startswith("#")
True
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from .rules.errors import suggest

DOCS_PACKAGE = "hocdsl.docs"


def docs_dir() -> Path:
    """Where the installed documents are (the package ``hocdsl.docs``); run from a checkout
    whose ``hocdsl/`` has no ``docs`` subpackage, the repository's ``docs/`` beside it."""
    try:
        return Path(str(resources.files(DOCS_PACKAGE)))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[1] / "docs"


def doc_names() -> list[str]:
    """The documents' names (file names without ``.md``), sorted."""
    return sorted(p.stem for p in docs_dir().glob("*.md"))


def doc_path(name: str) -> Path:
    """The installed file of the document ``name`` (``records`` or ``records.md``);
    ``LookupError`` with the names there are (and a suggestion) for an unknown one."""
    stem = name.removesuffix(".md").removeprefix("docs/")
    path = docs_dir() / f"{stem}.md"
    if stem not in doc_names():
        near = suggest(stem, doc_names())
        raise LookupError(f"no document named {name!r}; there are: {', '.join(doc_names())}"
                          + (f" (did you mean {near!r}?)" if near else ""))
    return path


def doc_text(name: str) -> str:
    """The text of the document ``name``."""
    return doc_path(name).read_text(encoding="utf-8")


__all__ = ["DOCS_PACKAGE", "docs_dir", "doc_names", "doc_path", "doc_text"]
