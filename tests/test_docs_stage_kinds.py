"""The guide to adding a stage kind (``docs/stage-kinds.md``) quotes the real modules.

Each ```python block of the guide opens with a comment naming the file it is taken
from (``# hocdsl/engine/blank.py``); every other line of it but the elisions (``...``)
is a line of that file, so the guide cannot drift from the code it walks through.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "stage-kinds.md"
_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _blocks(text: str) -> list[list[str]]:
    return [m.group(1).splitlines() for m in _BLOCK.finditer(text)]


def _strays(block: list[str]) -> list[str]:
    """The lines of ``block`` that its named file does not have (the name itself if the
    block names none, or a file that is not there)."""
    head = block[0].strip() if block else ""
    if not head.startswith("# ") or not (ROOT / head[2:]).is_file():
        return [f"no file named on the first line: {head!r}"]
    lines = {line.strip() for line in (ROOT / head[2:]).read_text(encoding="utf-8").splitlines()}
    return [line for line in block[1:] if line.strip() and line.strip() != "..." and line.strip() not in lines]


def test_the_guide_quotes_the_modules_as_they_are() -> None:
    blocks = _blocks(GUIDE.read_text(encoding="utf-8"))
    assert len(blocks) >= 6  # the stage, the look-up, the words, the seen, the tally, the carry...
    assert any(b[0] == "# hocdsl/engine/blank.py" for b in blocks)
    for block in blocks:
        assert not _strays(block), f"{block[0]}: {_strays(block)}"


def test_the_check_sees_a_line_that_drifted() -> None:
    good = ["# hocdsl/engine/blank.py", "class BlankClaims(Result):", "    ..."]
    assert _strays(good) == []
    assert _strays(good + ["        self.g = g; self.st = st"]) == ["        self.g = g; self.st = st"]
    assert _strays(["class BlankClaims(Result):"])  # no file named
    assert _strays(["# hocdsl/engine/nowhere.py", "x = 1"])
