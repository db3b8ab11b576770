"""Every command fits an 80- and a 100-column screen: no line wider, no word cut with "…",
no column squeezed to nothing (issue 23, "the terminal").

Each command runs in-process with ``COLUMNS`` set, as a terminal of that width would
report it (:func:`hocdsl.screen.width`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from rich.table import Table
from typer.testing import CliRunner

from hocdsl import screen
from hocdsl.cli import app

ROOT = Path(__file__).resolve().parent.parent

#: One run of each command, small enough to be quick.
COMMANDS = {
    "rulesets": ["rulesets"],
    "show": ["show", "lindor"],
    "knobs of one": ["knobs", "hoc-mazarin"],
    "knobs of all": ["knobs"],
    "validate": ["validate", str(ROOT / "rulesets" / "hoc-mazarin.yaml")],
    "replay": ["replay", str(ROOT / "examples" / "lindor-deals.yaml")],
    "odds": ["odds", "hoc-mazarin"],
    "diff": ["diff", "hoc-mazarin", "hoca", "--hands", "40"],
    "simulate": ["simulate", "nain-jaune-1760", "--hands", "40"],
    "readings": ["readings", "hoc-mazarin", "--hands", "40"],
    "sweep": ["sweep", "hoc-mazarin", "--knob", "bidding.precedence=eldest,first-declarer",
              "--knob", "card_game.principal_wild=never,always", "--hands", "40"],
    "family": ["family", "--hands", "20"],
    "reconstruct": ["reconstruct", "lindor", "--hands", "40", "--sample", "4"],
}


def _run(args: list[str], columns: int, stdin: str | None = None) -> str:
    result = CliRunner().invoke(app, args, env={"COLUMNS": str(columns)}, input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def _assert_fits(out: str, columns: int) -> None:
    wide = [line for line in out.splitlines() if len(line.rstrip()) > columns]
    assert not wide, f"{len(wide)} lines wider than {columns}, e.g. {wide[0]!r}"
    assert "…" not in out, next(line for line in out.splitlines() if "…" in line)
    for squeezed in ("┃┃", "││", "┳┳", "┬┬"):
        assert squeezed not in out, f"a column squeezed to nothing ({squeezed})"


@pytest.mark.parametrize("columns", [80, 100])
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_fits_the_screen(name: str, columns: int) -> None:
    _assert_fits(_run(COMMANDS[name], columns), columns)


@pytest.mark.parametrize("columns", [80, 100])
def test_play_narration_is_wrapped(columns: int) -> None:
    # a whole hand of the Lindor at the table (the player passes his turn to the bots by
    # quitting at once would show nothing): the banner, the deal and the prompt's help
    out = _run(["play", "lindor", "--seed", "3", "--hands", "1"], columns, stdin="help\nquit\n")
    assert "hoc play lindor" in out
    _assert_fits(out, columns)


def test_the_readings_table_splits_rather_than_cuts() -> None:
    # at 100 columns the readings of hoc-mazarin do not fit one table: every knob's path
    # and every interval is still printed whole, the rules and their outcomes by number
    out = _run(COMMANDS["readings"], 100)
    for path in ("bidding.precedence", "card_game.accidental_when_held", "card_game.principal_wild"):
        assert path in out
    assert "│ # │" in out or "┃ # ┃" in out


def test_piped_plain_text_keeps_whole_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    # no COLUMNS and no terminal: lines are left whole, for grep
    monkeypatch.delenv("COLUMNS", raising=False)
    long = "word " * 60
    assert screen.known_width() is None
    assert screen.fold(long) == long


def test_columns_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "90")
    assert screen.width() == 90
    monkeypatch.setenv("COLUMNS", "5")  # not a screen: ignored
    assert screen.width(123) == 123


def test_wrap_keeps_the_hanging_indent() -> None:
    text = "  eldest: " + "pays two chips to each other player " * 3
    lines = screen.wrap(text, 40).splitlines()
    assert len(lines) > 1 and all(len(line) <= 40 for line in lines)
    assert all(line.startswith(" " * 10) for line in lines[1:])


def _table(n: int) -> Table:
    t = Table(title="a table")
    t.add_column("knob")
    for i in range(n):
        t.add_column(f"ruleset-{i}", no_wrap=True)
    t.add_row("card_game.principal_wild", *(f"value-{i}-is-long" for i in range(n)))
    return t


def test_column_groups_cover_every_column_once_and_each_fits() -> None:
    on = Console(width=60, file=open("/dev/null", "w"))  # noqa: SIM115 - closed with the test process
    groups = screen.column_groups(on, lambda cols: _table(len(cols)), 7)
    assert [i for g in groups for i in g] == list(range(7))
    assert len(groups) > 1
    assert all(screen.fits(on, _table(len(g))) for g in groups)


def test_a_table_too_wide_is_stacked_not_cut() -> None:
    on = Console(width=40, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    screen.show(on, _table(3))
    out = on.export_text()
    assert "…" not in out
    assert "ruleset-2: value-2-is-long" in " ".join(out.split())
    assert all(len(line) <= 40 for line in out.splitlines())


def test_markdown_cells_survive_pandoc() -> None:
    # a value and its source in one cell, joined by words, not by "<br>" (dropped by pandoc)
    out = CliRunner().invoke(app, ["diff", "hoc-mazarin", "hoca", "--hands", "0", "--format", "markdown"]).output
    assert "<br>" not in out
    assert "the eldest leads his lowest card — *hoca §Après les paris" in out
