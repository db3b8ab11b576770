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

import datetime
import errno
import os
import re
import stat
from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import Any, Union, cast

import yaml
from yaml.constructor import SafeConstructor

from .errors import RulesetError

#: A scalar as the safe loader reads it: text, a number, a boolean, null, a date
#: or a time (``datetime`` is a ``date``), bytes (``!!binary``).
YamlScalar = Union[str, int, float, bool, None, datetime.date, bytes]
#: What a scalar's value is an instance of (``datetime`` is a ``date``).
_SCALARS = (str, int, float, bool, type(None), datetime.date, bytes)
#: A mapping's key: a scalar (``on:``, ``yes:``, ``no:`` stay text, see :class:`_Builder`).
YamlKey = Union[str, int, float, None, datetime.date, bytes]
#: A YAML value as read: a scalar, or lists and mappings of values, to any depth.
YamlValue = Union[YamlScalar, list["YamlValue"], dict[YamlKey, "YamlValue"]]
#: A YAML mapping as read.
YamlMapping = dict[YamlKey, YamlValue]

#: A key path into a file's data: mapping keys and list indexes, from the top.
Path = tuple[YamlKey, ...]


@dataclass
class YamlDoc:
    """A parsed YAML file: the data and the 1-based (line, column) of each node."""

    file: str  # as shown in messages
    data: YamlValue
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


def value_at(data: YamlValue, at: Sequence[YamlKey]) -> YamlValue:
    """The value at key path ``at`` of ``data``: mapping keys and list indexes, from the top.

    Raises :class:`KeyError` or :class:`IndexError` where a step is missing, and
    :class:`TypeError` where a step goes into a scalar.

    >>> value_at({"a": [1, {"b": 2}]}, ("a", 1, "b"))
    2
    """
    for step in at:
        if isinstance(data, dict):
            data = data[step]
        elif isinstance(data, list) and isinstance(step, int):
            data = data[step]
        else:
            raise TypeError(f"step {step!r} into {type(data).__name__}")
    return data


def checked(value: YamlValue) -> dict[str, Any]:
    """``value``, a mapping of knobs the JSON schema has checked, as the code that reads
    its knobs sees it (an empty mapping where there is none).

    The shape is the schema's (``hocdsl/rules/schema.json``), not spelt again in
    types: past this point a knob is read as the schema says it is.

    >>> checked({"value": 3}), checked(None)
    ({'value': 3}, {})
    """
    # the schema, not the type checker, vouches for the keys (text) and the values' shapes
    return cast("dict[str, Any]", value) if isinstance(value, dict) else {}


def _key(path: Path) -> tuple[str, ...]:
    """Paths are looked up by the text of each step: YAML key ``3`` and JSON key ``"3"`` agree."""
    return tuple(str(p) for p in path)


def dotted(path: Path) -> str:
    """``("sequence", "payments", 6)`` -> ``"sequence.payments.6"``."""
    return ".".join(str(p) for p in path)


def _mark(node: yaml.Node | yaml.Event) -> tuple[int, int]:
    mark = node.start_mark  # set on every node and event YAML reads from a text
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


#: The deepest a file may nest lists and mappings (a ruleset or a record needs
#: fewer than ten levels); deeper is refused before anything recurses that far.
MAX_DEPTH = 64

#: The most nodes that aliases (``*name``) may add to a file by repeating what
#: they name: enough for merge keys and shared lists, far too few for a "billion
#: laughs" (aliases of aliases that expand to millions of nodes).
MAX_ALIAS_NODES = 1_000


class _Refusal(Exception):
    """A file refused before it is built: too deep, or aliases that expand too far."""

    def __init__(self, where: tuple[int, int], path: Path, found: str, expected: str, hint: str) -> None:
        super().__init__(found)
        self.where, self.path, self.found, self.expected, self.hint = where, path, found, expected, hint

    def error(self, file: str) -> RulesetError:
        line, col = self.where
        return RulesetError(file, line, col, dotted(self.path), self.found, self.expected, hint=self.hint)


def _too_deep(where: tuple[int, int], path: Path) -> _Refusal:
    return _Refusal(where, path, f"lists or mappings nested more than {MAX_DEPTH} levels deep",
                    f"at most {MAX_DEPTH} levels", "a ruleset or a record needs only a few levels; "
                    "look for unclosed or repeated brackets")


def _self_alias(where: tuple[int, int], path: Path, anchor: str | None) -> _Refusal:
    name = f"`*{anchor}`" if anchor else "an alias"
    return _Refusal(where, path, f"the alias {name} inside the very node it names, which would never end",
                    "an alias that names a node written before it, outside it",
                    "copy the values instead of naming the node from inside itself")


class _GuardedLoader(yaml.SafeLoader):
    """The pure-Python loader, refusing where it happens nesting past
    :data:`MAX_DEPTH` and an alias inside the node it names (its composer is
    recursive, so either would otherwise end in a ``RecursionError``)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._composing: list[str | None] = []  # the anchors of the nodes being composed

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        # types-PyYAML leaves the pure-Python Parser.peek_event unannotated (it gives the next Event)
        event: yaml.Event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent):
            if event.anchor in self._composing:
                raise _self_alias(_mark(event), (), event.anchor)
            return super().compose_node(parent, index)
        self._depth += 1
        anchor = getattr(event, "anchor", None)
        self._composing.append(anchor)
        try:
            if self._depth > MAX_DEPTH:
                raise _too_deep(_mark(event), ())
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1
            self._composing.pop()


class _Builder:
    def __init__(self, doc: YamlDoc, loader: SafeConstructor) -> None:
        self.doc = doc
        self.loader = loader
        self.built: set[int] = set()  # every node built so far: built again = through an alias
        self.open: set[int] = set()  # the nodes being built (a node inside itself: a recursive alias)
        self.expanding = 0  # > 0 while building a node a second time
        self.copies = 0  # nodes built through aliases
        self.alias_at: tuple[int, int] = (1, 1)  # where the outermost alias being expanded was used

    def _used_at(self, path: Path) -> tuple[int, int]:
        """Where the node at ``path`` was named: its key, else its parent list."""
        return self.doc.key_marks.get(_key(path)) or self.doc.where(path[:-1])

    def build(self, node: yaml.Node, path: Path) -> YamlValue:
        nid = id(node)
        if nid in self.open:
            raise _self_alias(self._used_at(path), path, None)
        if len(path) >= MAX_DEPTH:
            raise _too_deep(_mark(node), path)
        again = nid in self.built
        if again:
            if not self.expanding:
                self.alias_at = self._used_at(path)
            self.expanding += 1
        if self.expanding:
            self.copies += 1
            if self.copies > MAX_ALIAS_NODES:
                raise _Refusal(self.alias_at, path[:1], f"aliases that repeat more than {MAX_ALIAS_NODES:,} "
                               "nodes", "aliases that repeat a few values (merge keys, a shared list)",
                               "write the values out; aliases of aliases multiply (a \"billion laughs\")")
        self.built.add(nid)
        self.open.add(nid)
        try:
            return self._build(node, path)
        finally:
            self.open.discard(nid)
            if again:
                self.expanding -= 1

    def _build(self, node: yaml.Node, path: Path) -> YamlValue:
        self.doc.marks[_key(path)] = _mark(node)
        if isinstance(node, yaml.MappingNode):
            self.loader.flatten_mapping(node)  # resolve YAML merge keys (<<)
            out: YamlMapping = {}
            for knode, vnode in node.value:
                if not isinstance(knode, yaml.ScalarNode):
                    line, col = _mark(knode)
                    raise RulesetError(self.doc.file, line, col, dotted(path),
                                       "a list or mapping used as a key", "a plain key such as a name or number")
                key = self._scalar(knode, path)
                if isinstance(key, bool):  # `on:`, `yes:`, `no:` as a key: its word, not YAML 1.1's true/false
                    key = str(knode.value)
                if key in out:
                    line, col = _mark(knode)
                    first = self.doc.key_marks.get(_key(path + (key,)), (None, None))[0]
                    shown = str(key)
                    raise RulesetError(
                        self.doc.file, line, col, dotted(path + (key,)),
                        f"`{shown}` a second time", "each key at most once in a mapping",
                        hint=f"the first `{shown}` is on line {first}; remove one of them")
                self.doc.key_marks[_key(path + (key,))] = _mark(knode)
                out[key] = self.build(vnode, path + (key,))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        return self._scalar(node, path)

    def _scalar(self, node: yaml.Node, path: Path) -> YamlScalar:
        """A scalar's value; one YAML cannot make into a value (a number of thousands of
        digits, a date that does not exist) is refused where it is written."""
        try:
            value = self.loader.construct_object(node, deep=True)
            if not isinstance(value, _SCALARS):  # the safe constructor makes none other of a scalar
                raise TypeError(f"YAML made a {type(value).__name__} of a scalar")
            return value
        except ValueError as e:
            line, col = _mark(node)
            found, expected = _unreadable_scalar(node, e)
            raise RulesetError(self.doc.file, line, col, dotted(path), found, expected,
                               hint="write it in quotes to keep it as text") from None


#: Digits of a number shown in a message before it is cut.
_SHOWN_DIGITS = 12


def _unreadable_scalar(node: yaml.Node, error: ValueError) -> tuple[str, str]:
    """What was found and what was expected, for a scalar YAML could not construct."""
    text = str(node.value)
    if node.tag.endswith(":int") or node.tag.endswith(":float"):
        digits = sum(c.isdigit() for c in text)
        shown = text if len(text) <= _SHOWN_DIGITS else text[:_SHOWN_DIGITS] + "…"
        return (f"the number `{shown}`, of {digits:,} digits, too long to read",
                "a number of a few digits")
    if node.tag.endswith(":timestamp"):
        return f"`{text}`, which YAML reads as a date that does not exist ({error})", "a real date, or text"
    return f"`{text}`, which YAML cannot read as a {node.tag.rsplit(':', 1)[-1]} ({error})", "a value YAML reads"


_FAST_LOADER: type[yaml.CSafeLoader] | None = getattr(yaml, "CSafeLoader", None)  # libyaml, when PyYAML has it


#: libyaml composes recursively in C, with no guard: tens of thousands of
#: levels crash the process. It is used only where the file cannot nest deeper
#: than this; elsewhere the guarded pure-Python loader refuses at MAX_DEPTH.
_FAST_DEPTH = 5_000


def _depth_bound(text: str) -> int:
    """A bound on how deep ``text`` can nest: each flow level opens a bracket,
    and each block level (at most two per column: a list may sit at its
    key's indentation) starts further right on its line."""
    longest = max((len(line) for line in text.splitlines()), default=0)
    return 2 * (longest + 1) + text.count("[") + text.count("{")


#: The most characters a ruleset, an extension or a record may have. The largest bundled
#: ruleset has under 30,000 and a record about 2,000 a hand; reading a file costs far more
#: memory and time than its size (a 2 MB file took a minute and 1.3 GB before its refusal).
MAX_FILE_CHARS = 1_000_000


def too_large(file: str) -> RulesetError:
    """The error of a file of more than :data:`MAX_FILE_CHARS` characters, refused unread."""
    return RulesetError(file, None, None, "", f"a file of more than {MAX_FILE_CHARS:,} characters",
                        f"a ruleset or a record of at most {MAX_FILE_CHARS:,}",
                        hint="a ruleset needs a few tens of thousands of characters: is it the right file?")


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the file at ``path`` (UTF-8), reading at most one character past
    :data:`MAX_FILE_CHARS`, so that a huge file is refused (by :func:`parse_yaml`) without
    being read whole. Raises what :func:`open` and decoding raise."""
    with open(path, encoding="utf-8") as f:
        return f.read(MAX_FILE_CHARS + 1)


def parse_yaml(text: str, file: str) -> YamlDoc:
    """Parse ``text`` (one YAML document); a syntax error becomes a :class:`RulesetError`.

    libyaml parses when it is there (several times faster); a file it rejects is
    parsed again by the pure-Python parser, so that messages are the same
    everywhere. A text longer than :data:`MAX_FILE_CHARS` is refused before it is parsed.
    """
    if len(text) > MAX_FILE_CHARS:
        raise too_large(file)
    if _FAST_LOADER is not None and _depth_bound(text) <= _FAST_DEPTH:
        try:
            return _parse(text, file, _FAST_LOADER)
        except (yaml.YAMLError, RulesetError):
            pass
    return _parse(text, file, _GuardedLoader)


def _parse(text: str, file: str, loader_class: type[_GuardedLoader] | type[yaml.CSafeLoader]) -> YamlDoc:
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
    except _Refusal as r:
        raise r.error(file) from None
    except RecursionError:  # a safety net: the guards above refuse before this
        raise RulesetError(file, None, None, "", "lists or mappings nested too deeply to read",
                           f"at most {MAX_DEPTH} levels") from None
    except yaml.MarkedYAMLError as e:
        colonless = _missing_colon(text, e)
        if colonless is not None:
            at_line, at_col, said = colonless
            key, _, rest = said.partition(" ")
            raise RulesetError(file, at_line, at_col, "", f"`{said}`, a line without a colon",
                               "`key: value` (a colon after the key)",
                               hint=f"add the missing colon: `{key}: {rest.strip()}`" if rest.strip()
                               else f"add the missing colon: `{key}:`") from None
        mark = e.problem_mark or e.context_mark
        mark_line, mark_col = (mark.line + 1, mark.column + 1) if mark else (None, None)
        found = e.problem or "text that is not YAML"
        hint = "check indentation, unclosed brackets or quotes, and a missing space after `:`"
        cm = e.context_mark
        if e.context and cm is not None and (cm.line, cm.column) != (getattr(mark, "line", None),
                                                                       getattr(mark, "column", None)):
            hint = f"{e.context} that starts at line {cm.line + 1}, column {cm.column + 1}; " + hint
        raise RulesetError(file, mark_line, mark_col, "", f"a YAML syntax error ({found})",
                           "well-formed YAML", hint=hint) from None
    except yaml.YAMLError as e:
        raise RulesetError(file, None, None, "", f"a YAML error: {e}", "well-formed YAML") from None
    finally:
        loader.dispose()


_MAPPING_COLON = re.compile(r":(\s|$)")
#: YAML's error where a line without its colon ends in a comment: the text stops there, and
#: the next key, at the same indentation, cannot start a mapping under a text.
_BLOCK_AFTER_TEXT = "expected <block end>, but found '<block mapping start>'"


def _missing_colon(text: str, error: yaml.MarkedYAMLError) -> tuple[int, int, str] | None:
    """``(line, column, the line's text)`` of a line that lacks its colon (``value dealer``),
    where YAML's own error points further on; None if the error is something else.

    YAML reads ``value dealer`` as the start of a text that goes on over the next lines,
    and fails only where the next colon comes: on the next line ("mapping values are not
    allowed here"), or at the line after it when the key was the last of its mapping
    ("could not find expected ':'", said while scanning the key that starts on the line)."""
    lines = text.splitlines()
    if error.problem == "could not find expected ':'" and error.context_mark is not None:
        n, col = error.context_mark.line, error.context_mark.column
        said = lines[n][col:].split(" #", 1)[0].strip() if n < len(lines) else ""
        if said and not _MAPPING_COLON.search(said) and not said.startswith(("-", "#", "[", "{", "'", '"')):
            return n + 1, error.context_mark.column + 1, said
        return None
    if error.problem not in ("mapping values are not allowed here", _BLOCK_AFTER_TEXT) or error.problem_mark is None:
        return None
    n = error.problem_mark.line
    if n >= len(lines):
        return None
    indent = len(lines[n]) - len(lines[n].lstrip())
    k = n - 1
    while k >= 0 and _colonless_at(lines[k], indent):  # up through the lines the text ran over
        k -= 1
    if k == n - 1 or k < 0:
        return None
    opener = lines[k].split(" #", 1)[0].rstrip()  # the key whose value the text was taken for
    if not opener.endswith(":") or len(opener) - len(opener.lstrip()) >= indent:
        return None  # a text of several lines that goes on into a key: not a missing colon
    return k + 2, indent + 1, lines[k + 1].split(" #", 1)[0].strip()


def _colonless_at(line: str, indent: int) -> bool:
    """A line at ``indent`` that says something without a colon (not a list item, not a comment)."""
    said = line.split(" #", 1)[0].strip()
    return (bool(said) and not said.startswith(("#", "-")) and len(line) - len(line.lstrip()) == indent
            and not _MAPPING_COLON.search(said))


def file_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot be read as a file, in words after "found"; None for a regular file.

    Asked before anything is opened: a FIFO would block and ``/dev/zero``
    would be read for ever.

    >>> file_problem("/dev/null"), file_problem("/"), file_problem("/no/such/file")
    ('a device, not a file', 'a directory', 'no such file')
    """
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "no such file"
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG:
            return "a name too long for the file system"
        return f"a path that cannot be read ({e.strerror})"
    except ValueError:  # a NUL character in the path
        return "a path with a NUL character"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO), not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a file"
    return "not a regular file"


def read_yaml(path: str, shown: str | None = None) -> YamlDoc:
    """Read and parse the file at ``path``; unreadable files become a :class:`RulesetError`."""
    shown = shown or path
    problem = file_problem(path)
    if problem is not None:
        raise RulesetError(shown, None, None, "", problem, "a ruleset file (YAML)")
    try:
        text = read_text(path)
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
