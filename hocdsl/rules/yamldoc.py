"""Read a YAML file into plain data, remembering where every node was written.

PyYAML composes a file into nodes that carry marks (line and column); we
build the plain data from those nodes ourselves and keep, for every key
path, the mark of its value and of its key, so that any later error (schema
or semantic) can be reported at ``file:line:column``.

>>> doc = parse_yaml("a:\\n  b: [1, 2]\\n", "x.yaml")
>>> doc.data
{'a': {'b': [1, 2]}}
>>> doc.where(("a", "b", 1))
(2, 10)
>>> doc.where(("a", "b"), key=True)
(2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from .errors import RulesetError

Path = tuple[Any, ...]


@dataclass
class YamlDoc:
    """A parsed YAML file: the data and the 1-based (line, column) of each node."""

    file: str  # as shown in messages
    data: Any
    # keyed by the path with every step as text (see _key)
    marks: dict[tuple[str, ...], tuple[int, int]] = field(default_factory=dict)  # value node of each path
    key_marks: dict[tuple[str, ...], tuple[int, int]] = field(default_factory=dict)  # key node of each path

    def where(self, path: Path, key: bool = False) -> tuple[int, int]:
        """The (line, column) of ``path``, or of its nearest ancestor that was written.

        With ``key=True`` the mark of the key (``payments:``) rather than its value.
        """
        p = _key(path)
        while True:
            if key and p in self.key_marks:
                return self.key_marks[p]
            if p in self.marks:
                return self.marks[p]
            if not p:
                return (1, 1)
            p = p[:-1]

    def error(self, path: Path, found: str, expected: str, *, key: bool = False,
              suggestion: str | None = None, hint: str | None = None,
              shown_path: str | None = None) -> RulesetError:
        """A :class:`RulesetError` placed at ``path`` in this file."""
        line, col = self.where(path, key=key)
        return RulesetError(self.file, line, col,
                            shown_path if shown_path is not None else dotted(path),
                            found, expected, suggestion=suggestion, hint=hint)


def _key(path: Path) -> tuple[str, ...]:
    """Paths are looked up by the text of each step: YAML key ``3`` and JSON key ``"3"`` agree."""
    return tuple(str(p) for p in path)


def dotted(path: Path) -> str:
    """``("sequence", "payments", 6)`` -> ``"sequence.payments.6"``."""
    return ".".join(str(p) for p in path)


def _mark(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Builder:
    def __init__(self, doc: YamlDoc, loader: yaml.SafeLoader):
        self.doc = doc
        self.loader = loader

    def build(self, node: yaml.Node, path: Path) -> Any:
        self.doc.marks[_key(path)] = _mark(node)
        if isinstance(node, yaml.MappingNode):
            self.loader.flatten_mapping(node)  # resolve YAML merge keys (<<)
            out: dict[Any, Any] = {}
            for knode, vnode in node.value:
                key = self.loader.construct_object(knode, deep=True)
                if isinstance(key, (list, dict)):
                    line, col = _mark(knode)
                    raise RulesetError(self.doc.file, line, col, dotted(path),
                                       "a list or mapping used as a key", "a plain key such as a name or number")
                if key in out:
                    line, col = _mark(knode)
                    first = self.doc.key_marks.get(_key(path + (key,)), (None, None))[0]
                    raise RulesetError(
                        self.doc.file, line, col, dotted(path + (key,)),
                        f"`{key}` a second time", "each key at most once in a mapping",
                        hint=f"the first `{key}` is on line {first}; remove one of them")
                self.doc.key_marks[_key(path + (key,))] = _mark(knode)
                out[key] = self.build(vnode, path + (key,))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        return self.loader.construct_object(node, deep=True)


_FAST_LOADER = getattr(yaml, "CSafeLoader", None)  # libyaml, when PyYAML was built with it


def parse_yaml(text: str, file: str) -> YamlDoc:
    """Parse ``text`` (one YAML document); a syntax error becomes a :class:`RulesetError`.

    libyaml parses when it is there (several times faster); a file it rejects is
    parsed again by the pure-Python parser, so that messages are the same
    everywhere.
    """
    if _FAST_LOADER is not None:
        try:
            return _parse(text, file, _FAST_LOADER)
        except (yaml.YAMLError, RulesetError):
            pass
    return _parse(text, file, yaml.SafeLoader)


def _parse(text: str, file: str, loader_class: type) -> YamlDoc:
    doc = YamlDoc(file=file, data=None)
    try:
        loader = loader_class(text)
    except yaml.reader.ReaderError as e:  # a character YAML does not allow
        line = text.count("\n", 0, e.position) + 1
        col = e.position - (text.rfind("\n", 0, e.position) + 1) + 1
        raise RulesetError(file, line, col, "", f"the control character {e.character:#06x}, "
                           "which YAML does not allow", "printable text",
                           hint="remove the character (a stray control character, often from a copy and paste)"
                           ) from None
    try:
        node = loader.get_single_node()
        if node is None:
            doc.data = None
            return doc
        doc.data = _Builder(doc, loader).build(node, ())
        return doc
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (None, None)
        found = e.problem or "text that is not YAML"
        hint = "check indentation, unclosed brackets or quotes, and a missing space after `:`"
        cm = e.context_mark
        if e.context and cm is not None and (cm.line, cm.column) != (getattr(mark, "line", None),
                                                                       getattr(mark, "column", None)):
            hint = f"{e.context} that starts at line {cm.line + 1}, column {cm.column + 1}; " + hint
        raise RulesetError(file, line, col, "", f"a YAML syntax error ({found})",
                           "well-formed YAML", hint=hint) from None
    except yaml.YAMLError as e:
        raise RulesetError(file, None, None, "", f"a YAML error: {e}", "well-formed YAML") from None
    finally:
        loader.dispose()


def read_yaml(path: str, shown: str | None = None) -> YamlDoc:
    """Read and parse the file at ``path``; unreadable files become a :class:`RulesetError`."""
    shown = shown or path
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise RulesetError(shown, None, None, "", "no such file", "a ruleset file (YAML)") from None
    except IsADirectoryError:
        raise RulesetError(shown, None, None, "", "a directory", "a ruleset file (YAML)") from None
    except UnicodeDecodeError as e:
        raise RulesetError(shown, None, None, "", f"bytes that are not UTF-8 text ({e.reason} at byte {e.start})",
                           "a ruleset file in UTF-8") from None
    except OSError as e:
        raise RulesetError(shown, None, None, "", f"a file that cannot be read ({e.strerror})",
                           "a readable ruleset file") from None
    return parse_yaml(text, shown)
