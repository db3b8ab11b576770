"""``-`` for standard input where a command takes a file: ``hoc validate -``, ``hoc show -``,
``hoc replay -``, ``hoc migrate -``.

Standard input is read once, bounded as files are (:data:`~hocdsl.rules.yamldoc.MAX_FILE_CHARS`),
and named ``<stdin>`` in every message (``<stdin>:12:5: ...``). A record or a first-format file
is parsed from the text itself. A ruleset is read by the loader as every ruleset is, from a file:
:func:`ruleset_file` copies the text to a temporary ``NAME.yaml`` (NAME its ``name:``, as the
loader asks a ruleset's file to be named), and :func:`as_stdin` names that file ``<stdin>`` in the
errors. Its ``extends:`` is then a bundled name or an absolute path (a relative one would be read
from the temporary directory).

>>> looks_like_stdin("-"), looks_like_stdin("hoca")
(True, False)
>>> _file_name("format: 2\\nname: my-reading\\ntitle: Mine\\n")
'my-reading.yaml'
>>> _file_name("name: [not a name]\\n")
'stdin.yaml'
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules.errors import RulesetError

__all__ = ["STDIN", "SHOWN", "looks_like_stdin", "read_stdin", "ruleset_file", "as_stdin"]

#: The argument that stands for standard input.
STDIN = "-"
#: How standard input is named in messages.
SHOWN = "<stdin>"

_NAME = re.compile(r"^name:[ \t]*([\"']?)([a-z0-9][a-z0-9-]{0,63})\1[ \t]*(#.*)?$", re.MULTILINE)


def looks_like_stdin(arg: str) -> bool:
    return arg == STDIN


def read_stdin() -> str:
    """Standard input's text, at most one character past the bound a file has (so that
    too long an input is refused by the parser as a file would be, not read whole)."""
    from .rules.yamldoc import MAX_FILE_CHARS

    return sys.stdin.read(MAX_FILE_CHARS + 1)


def _file_name(text: str) -> str:
    m = _NAME.search(text)
    return f"{m.group(2) if m else 'stdin'}.yaml"


@contextmanager
def ruleset_file(text: str) -> Iterator[Path]:
    """A temporary file holding ``text``, named after its ``name:``; removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="hocdsl-stdin-") as folder:
        path = Path(folder) / _file_name(text)
        path.write_text(text, encoding="utf-8")
        yield path


def as_stdin(error: RulesetError, path: Path) -> RulesetError:
    """``error`` (and the further ones collected with it) with the temporary file ``path``
    named ``<stdin>``; errors in other files (a base it extends) keep their names."""
    from .rules.loader import shown_path

    names = {str(path), shown_path(path)}
    for e in (error, *error.more):
        if e.file in names:
            e.file = SHOWN
    return error
