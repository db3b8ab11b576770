"""The README's marked samples are what their commands print (tools/readme_samples.py), so
they cannot drift from the tool (issue 23)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("readme_samples", ROOT / "tools" / "readme_samples.py")
assert _spec is not None and _spec.loader is not None
samples_tool = importlib.util.module_from_spec(_spec)
sys.modules["readme_samples"] = samples_tool  # its dataclass looks its module up
_spec.loader.exec_module(samples_tool)


def test_the_readme_has_samples_made_by_the_tool() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    marked = samples_tool.samples(text)
    assert len(marked) >= 2
    assert marked[0].command == "hoc diff hoc-mazarin hoca"  # the first command of the README


def test_no_sample_has_drifted() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    bad = samples_tool.drifted(text)
    assert not bad, "README samples drifted (run python tools/readme_samples.py): " + ", ".join(
        s.command for s, _ in bad)


def test_a_changed_sample_is_caught() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first = samples_tool.samples(text)[1]  # the rules-only diff: no hand played, quick
    # that sample's block alone (the README's first, 20,000 hands, is checked above)
    begin = text.rindex("<!-- sample:", 0, first.start)
    block = text[begin:first.end] + "```\n"
    assert [s.command for s in samples_tool.samples(block)] == [first.command]
    assert samples_tool.drifted(block) == []
    edited = block[:first.start - begin] + first.body.replace("7D", "8D") + "```\n"
    assert "8D" in edited and edited != block
    assert [s.command for s, _ in samples_tool.drifted(edited)] == [first.command]


def test_the_main_command_ends_on_its_answer_within_a_screen() -> None:
    # the README's first command, on a 100x30 terminal: its last 30 lines hold the sentences
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    main = samples_tool.samples(text)[0]
    last_screen = " ".join(main.body.splitlines()[-30:])
    assert "Under hoca the eldest gains about" in last_screen
