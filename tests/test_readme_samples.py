"""The README's marked samples are what their commands print (tools/readme_samples.py), so
they cannot drift from the tool (issue 23)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

import pytest

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


def _marked() -> list[object]:
    """Every marked sample of the README, one test each: those marked ``| slow`` marked slow."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [pytest.param(s, id=s.command, marks=[pytest.mark.slow] if s.slow else [])
            for s in samples_tool.samples(text)]


@pytest.mark.parametrize("sample", _marked())
def test_no_sample_has_drifted(sample: Any) -> None:
    now = samples_tool.has_drifted(sample)
    assert now is None, (f"the README's sample of `{sample.command}` drifted (run python "
                         f"tools/readme_samples.py --only '{sample.command}'); it prints now:\n{now}")


def test_every_sample_block_that_shows_a_command_run_is_marked() -> None:
    # a ```text block right after a sentence naming a `hoc ...` command run "(a real run" is
    # made by the tool: it has a marker (the session of `hoc play` and the validate errors,
    # on files not in the repository, are shown by hand and say so by their `$ ` prompt)
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    unmarked = re.findall(r"a real run[^\n]*\n(?:[^\n]+\n)*\n```text\n(?!\$ )", text)
    assert not unmarked, unmarked
    assert len(samples_tool.samples(text)) >= 10


def test_a_changed_sample_is_caught() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    command = "hoc diff manille manille-larousse --hands 0"  # the rules alone: no hand played, quick
    first = next(s for s in samples_tool.samples(text) if s.command == command)
    edited = text[:first.start] + first.body.replace("7D", "8D") + text[first.end:]
    again = next(s for s in samples_tool.samples(edited) if s.command == command)
    assert again.body != first.body and samples_tool.has_drifted(again) == first.body
    assert samples_tool.has_drifted(first) is None


def test_the_main_command_ends_on_its_answer_within_a_screen() -> None:
    # the README's first command, on a 100x30 terminal: its last 30 lines hold the sentences
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    main = samples_tool.samples(text)[0]
    last_screen = " ".join(main.body.splitlines()[-30:])
    assert "Under hoca the eldest gains about" in last_screen


def test_the_main_command_run_at_100x30_ends_on_who_gains_and_by_how_much() -> None:
    # `hoc diff hoc-mazarin hoca` at 100 columns and 30 lines, with fewer hands (the layout is
    # the same): the sentences that say who gains, and by how much, are the last thing printed,
    # whole within the last screen, and the legend and the rows left out come before them
    from typer.testing import CliRunner

    from hocdsl.cli import app

    result = CliRunner().invoke(app, ["diff", "hoc-mazarin", "hoca", "--hands", "600", "--jobs", "1"],
                                env={"COLUMNS": "100", "LINES": "30"})
    assert result.exit_code == 0, result.output
    lines = result.output.rstrip("\n").split("\n")
    last_screen = lines[-30:]
    starts = [i for i, line in enumerate(last_screen) if line.startswith("Under hoca the eldest gains about")]
    assert len(starts) == 1, "\n".join(last_screen)
    said = " ".join(last_screen[starts[0]:])
    assert re.search(r"gains about \d+(\.\d+)? chips a hand more than under hoc-mazarin \[\d", said), said
    assert "at the expense of" in said
    before = "\n".join(lines[:len(lines) - 30 + starts[0]])
    assert "rows left out (`--all` prints every row)" in before and "net_per_hand.<position>" in before
    assert last_screen[starts[0] - 1].strip() == ""  # a paragraph of its own


def test_a_sample_run_on_a_file_the_readme_shows() -> None:
    # `hoc validate my-reading.yaml` runs on the yaml block above it, and must exit 2
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    (s,) = [s for s in samples_tool.samples(text) if s.command == "hoc validate my-reading.yaml"]
    assert (s.file, s.exit, s.prompt) == ("my-reading.yaml", 2, True)
    assert s.file_text is not None and s.file_text.startswith("format: 2\nname: my-reading\n")
    fixed = s.file_text.replace("        6: {plain: 4, major: 5}\n", "")
    assert fixed != s.file_text
    with pytest.raises(RuntimeError, match="exit 0, not 2"):  # the error fixed: no longer what it shows
        samples_tool.run(s.command, exit=2, file=s.file, file_text=fixed)


def test_a_marker_with_an_unknown_option_is_refused() -> None:
    text = "<!-- sample: hoc rulesets | keepp 1-3 -->\n```text\nx\n```\n"
    with pytest.raises(ValueError, match="an option it does not know: 'keepp 1-3'"):
        samples_tool.samples(text)
