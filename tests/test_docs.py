"""docs/rulesets.md stays in step with the model and with the worked example.

- its knob reference is exactly what ``python -m hocdsl.rules.docgen --write`` puts between
  the markers (like tests/test_schema.py for schema.json), and names every knob of the model;
- the hand-written text around the markers survives a rewrite;
- every ``yaml`` fragment of "A game written from scratch" is copied from
  examples/rulesets/board-game.yaml, and that file validates as the guide shows.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from hocdsl.rules import docgen
from hocdsl.rules.model import SECTIONS, STAGE_CLASSES, PoolRules, knob_fields

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "rulesets.md"
BOARD = ROOT / "examples" / "rulesets" / "board-game.yaml"
WORKED = "## A game written from scratch"


@pytest.fixture(scope="module")
def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def worked_fragments(text: str) -> list[str]:
    """The ```yaml fragments of the worked example (up to the next ``## `` heading)."""
    start = text.index(WORKED)
    end = text.find("\n## ", start + len(WORKED))
    section = text[start:end if end != -1 else None]
    return re.findall(r"```yaml\n(.*?)```", section, flags=re.S)


# ------------------------------------------------------------ the reference ----


def test_check_passes_on_the_committed_guide() -> None:
    proc = subprocess.run([sys.executable, "-m", "hocdsl.rules.docgen", "--check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "up to date" in proc.stdout


def test_check_fails_on_a_stale_reference_and_write_keeps_the_prose(tmp_path: Path) -> None:
    stale = tmp_path / "rulesets.md"
    text = f"# Guide\n\nBefore.\n\n{docgen.BEGIN}\nan old reference\n{docgen.END}\n\nAfter.\n"
    stale.write_text(text, encoding="utf-8")
    assert docgen.main([str(stale), "--check"]) == 1
    assert docgen.main([str(stale), "--write"]) == 0
    assert docgen.main([str(stale), "--check"]) == 0
    written = stale.read_text(encoding="utf-8")
    assert written.startswith("# Guide\n\nBefore.\n\n" + docgen.BEGIN + "\n")
    assert written.endswith(docgen.END + "\n\nAfter.\n")
    assert "an old reference" not in written
    assert docgen.reference() in written


def test_a_file_without_markers_is_refused(tmp_path: Path) -> None:
    bare = tmp_path / "rulesets.md"
    bare.write_text("# Guide\n", encoding="utf-8")
    assert docgen.main([str(bare), "--check"]) == 2
    assert docgen.main([str(bare), "--write"]) == 2
    assert bare.read_text(encoding="utf-8") == "# Guide\n"


def test_the_reference_names_every_knob_of_the_model() -> None:
    ref = docgen.reference()
    prefixes: list[tuple[str, type]] = [(name, cls) for name, cls in SECTIONS.items()]
    prefixes.append(("pools.<pool>", PoolRules))
    prefixes += [(docgen.STAGE_EXAMPLE_IDS[key], cls) for key, cls in STAGE_CLASSES.items()]
    for prefix, cls in prefixes:
        for name, spec in knob_fields(cls):
            assert f"#### `{prefix}.{name}` — {spec.title}" in ref
            assert spec.doc in ref


def test_the_reference_gives_each_choice_in_words() -> None:
    ref = docgen.reference()
    assert "  - `when-missing`: a principal hoc may stand for the card needed when its holder lacks that card" in ref
    assert "read as “a raise may add at most N chips over the last stake”" in ref
    assert "a whole number from 1 to 1,000" in ref  # bidding.raise_cap's bounds
    assert "- **May be left out:** then `nothing` (nothing)." in ref  # settle.board_held's default


# ------------------------------------------------------------ the worked example ----


def test_every_fragment_of_the_worked_example_is_in_board_game_yaml(guide: str) -> None:
    board = BOARD.read_text(encoding="utf-8")
    fragments = worked_fragments(guide)
    assert len(fragments) >= 10  # a parse that found nothing would pass vacuously
    for fragment in fragments:
        assert fragment in board, f"not copied exactly from {BOARD.name}:\n{fragment}"


def test_the_worked_example_validates_as_the_guide_shows(guide: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "hocdsl.cli", "validate", "examples/rulesets/board-game.yaml"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    shown = "$ hoc validate examples/rulesets/board-game.yaml\n" + proc.stdout
    assert shown in guide


def test_every_test_docs_robustness_names_is_in_the_suite():
    # docs/robustness.md holds each promise to its tests: a renamed or removed test breaks the page
    page = (ROOT / "docs" / "robustness.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(?:[\w]+\.py::)?(test_\w+)`", page))
    defined = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), flags=re.M))
    assert len(named) > 30
    assert not named - defined, sorted(named - defined)
