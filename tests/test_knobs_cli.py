"""`hoc knobs`, `hoc --version`, the LICENSE, and `--help` without typer's type noise."""

from __future__ import annotations

import io
import json
import re
from importlib.metadata import version
from pathlib import Path

import pytest
from rich.console import Console
from typer.main import get_command
from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.knobsview import across_rows, knob_rows, knobs_json, print_across
from hocdsl.rules import load_ruleset
from hocdsl.rules.loader import bundled_rulesets

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


# ------------------------------------------------------------ hoc knobs RULESET ----


def test_json_has_every_knob_of_the_ruleset_in_file_order():
    rules = load_ruleset("hoc-mazarin")
    data = json.loads(run("knobs", "hoc-mazarin", "--json"))
    assert [k["path"] for k in data] == list(rules.knobs())
    for k in data:
        assert {"path", "stage", "title", "type", "choices", "bounds", "value", "provenance"} <= set(k)
        assert k["path"].startswith(k["stage"] + ".")
        assert k["title"] == rules.knob_spec(k["path"]).title


def test_json_choices_values_and_provenance_of_known_knobs():
    data = {k["path"]: k for k in json.loads(run("knobs", "hoc-mazarin", "--json"))}
    wild = data["card_game.principal_wild"]
    assert wild["stage"] == "card_game" and wild["stage_title"] == "The card game"
    assert wild["type"] == "choice"
    assert [c["value"] for c in wild["choices"]] == ["never", "when-missing", "always"]
    assert wild["choices"][0]["words"] == "a principal hoc stands only for itself"
    assert wild["value"] == "never"
    prov = load_ruleset("hoc-mazarin").provenance["card_game.principal_wild"]
    assert wild["provenance"]["kind"] == prov.kind and wild["provenance"]["text"] == prov.text
    assert [a["value"] for a in wild["provenance"]["alternatives"]] == [a.value for a in prov.alternatives]
    cap = data["bidding.raise_cap"]
    assert cap["type"] == "integer" and cap["choices"] is None
    assert cap["bounds"] == {"minimum": 1, "maximum": 1000}
    assert cap["value"] == 20
    assert cap["provenance"]["cite"] == load_ruleset("hoc-mazarin").provenance["bidding.raise_cap"].cite()
    hands = data["deal.hand_size"]
    assert hands["type"] == "map" and hands["value"] == {"2": 15, "3": 12}
    assert hands["bounds"]["key_minimum"] == 2
    assert data["bidding.may_return_after_pass"]["type"] == "boolean"
    assert [c["value"] for c in data["bidding.may_return_after_pass"]["choices"]] == [True, False]
    assert data["point.keys"]["type"] == "keys"
    assert [c["value"] for c in data["point.keys"]["choices"]] == ["cards", "value"]
    assert data["card_game.principal_hocs"]["value"] == ["KS", "KH", "KD", "KC", "QS", "JD"]
    assert data["pools.point.card"]["type"] == "card" and data["pools.point.card"]["value"] is None


def test_every_choice_of_every_knob_is_in_words():
    for rules in (load_ruleset(n) for n in bundled_rulesets()):
        for row in knob_rows(rules):
            assert row.kind.words
            words = rules.knob_spec(row.path).words
            for c in row.kind.choices:
                if isinstance(words, dict):  # a choice's own words ("nothing" may say "nothing")
                    assert c.words == words[c.value], (row.path, c)
                else:  # a key of a keys knob, in the renderer's words
                    assert c.words and c.words != str(c.value), (row.path, c)


def test_text_shows_path_title_choices_value_and_provenance():
    out = run("knobs", "hoc-mazarin")
    assert out.startswith("Hoc Mazarin")
    # 97; pack.removed, removed_ranks, cards_by_players, each pool's trump (3); bidding.open_with,
    # raise_with, double_bonus; settle.end_payment_to; partie_deals, partie_target, partie_points;
    # two payment_when; pack.copies; the nine knobs that settle a partie's points in chips
    assert "122 knobs" in out.splitlines()[0]
    assert "card_game.principal_wild — Principal hocs as wild cards" in out
    assert "never: a principal hoc stands only for itself" in out
    assert "always: a principal hoc may be played as any card" in out
    assert "value   never — a principal hoc stands only for itself" in out
    prov = load_ruleset("hoc-mazarin").provenance["card_game.principal_wild"]
    assert f"from    {prov.kind}: {prov.text[:40]}" in out
    for alt in prov.alternatives:
        assert f"or      {alt.value} — {alt.provenance.kind}: " in out
    assert "The card game  (card_game)" in out
    for path in load_ruleset("hoc-mazarin").knobs():
        assert f"  {path} — " in out


def test_with_extension_and_a_file_path():
    data = json.loads(run("knobs", "hoc-mazarin", "--with", "triple-game", "--json"))
    assert len(data) == len(load_ruleset("hoc-mazarin", with_=["triple-game"]).knobs())
    by_file = json.loads(run("knobs", str(ROOT / "rulesets" / "hoca.yaml"), "--json"))
    assert by_file == knobs_json(load_ruleset("hoca"))
    assert "[hoc-mazarin + triple-game]" in run("knobs", "hoc-mazarin", "-w", "triple-game")


def test_a_bad_ruleset_exits_2_without_traceback():
    result = runner.invoke(app, ["knobs", "hoc-mazarine"])
    assert result.exit_code == 2
    assert "hoc-mazarin" in result.output and "Traceback" not in result.output


# ------------------------------------------------------------ hoc knobs (every ruleset) ----


def test_json_across_rulesets_has_values_by_ruleset():
    names = bundled_rulesets()
    data = json.loads(run("knobs", "--json"))
    assert data[0]["path"] == "pack.cards"
    by_path = {k["path"]: k for k in data}
    prec = by_path["bidding.precedence"]
    bidding = [n for n in names if load_ruleset(n).bidding is not None]  # the family's card games have none
    assert set(prec["value"]) == set(bidding) == set(prec["provenance"])
    assert prec["value"]["hoc-mazarin"] == "first-declarer" and prec["value"]["hoca"] == "eldest"
    assert set(by_path["pack.cards"]["value"]) == set(names)
    for name in bidding:
        prov = load_ruleset(name).provenance["bidding.precedence"]
        assert prec["provenance"][name]["kind"] == prov.kind
        assert prec["provenance"][name]["cite"] == prov.cite()
    assert [c["value"] for c in prec["choices"]] == ["eldest", "first-declarer"]


def test_table_across_rulesets_marks_the_knobs_that_differ():
    out = run("knobs")
    header = out.splitlines()[0]
    for name in bundled_rulesets():
        assert name in header
    # a ruleset without the knob (no bidding: comete) leaves its column blank
    # (encyclopedie-hoc's column comes before hoc-mazarin's: the eldest, borrowed from lalanne §3.1)
    assert re.search(r"^\* bidding\.precedence\s+eldest\s+first-declarer\s+eldest", out, re.M)
    # 52 cards in every bundled game but the Poque's 32 (enc-poque1 ¶1), Piquet's 32
    # (hoyle-piq §The Deal) and Bézique's 32 a pack (hoyle-bez ¶1): the row differs
    packs_of_32 = ("bezique", "bezique-rubicon", "piquet", "poque")
    cards = "".join(r"\s+32" if name in packs_of_32 else r"\s+52" for name in bundled_rulesets())
    assert re.search(r"^\* pack\.cards" + cards + "$", out, re.M)
    assert "-- The card game (card_game)" in out


def test_rich_table_on_a_terminal():
    rulesets = [load_ruleset(n) for n in bundled_rulesets()]
    buf = io.StringIO()
    # wide enough for a column per bundled ruleset
    print_across(rulesets, Console(file=buf, width=40 + 24 * len(rulesets), force_terminal=True, color_system=None))
    text = buf.getvalue()
    assert "bidding.precedence" in text and "first-declarer" in text
    assert "[cards, value]" in text  # values are not taken for rich markup
    differ = {r.path for r in across_rows(rulesets) if r.differ}
    assert {"bidding.precedence", "card_game.principal_wild", "pack.cards"} <= differ  # the Poque's 32
    assert "deal.rest" not in differ  # the cards not dealt are out of play in every game


# ------------------------------------------------------------ hoc show, --version, LICENSE ----


def test_show_puts_each_knob_path_beside_its_title():
    out = run("show", "hoc-mazarin")
    for row in knob_rows(load_ruleset("hoc-mazarin")):
        assert f"{row.title} [{row.path}]: " in out


def test_version_from_package_metadata():
    from hocdsl.compiled import running

    out = run("--version")
    assert out.strip() == f"hoc (hocdsl) {version('hocdsl')}, {running()}"


def test_license_is_mit_as_pyproject_says():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License")
    assert "Copyright (c) 2026 the hocdsl authors" in text
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # PEP 639


# ------------------------------------------------------------ --help ----

NOISE = ("<bool>", "list[str]", "int range")
#: Help read on a wide terminal, so that no option's line is wrapped.
wide = CliRunner(env={"COLUMNS": "200"})


def help_of(*args: str) -> str:
    result = wide.invoke(app, [*args, "--help"])
    assert result.exit_code == 0, result.output
    return result.output


def _commands() -> list[str]:
    return sorted(get_command(app).commands)  # type: ignore[attr-defined]


@pytest.mark.parametrize("args", [[]] + [[c] for c in _commands()], ids=lambda a: " ".join(a) or "hoc")
def test_help_without_type_noise(args):
    out = help_of(*args)
    for noise in NOISE:
        assert noise not in out, f"`hoc {' '.join(args)} --help` shows {noise}"
    assert not re.search(r"\[(\d+<=)?x([<>]=\d+)?\]", out), out  # typer's [x>=0], [2<=x<=8]
    assert "{" not in out.split("Usage:")[1].splitlines()[0]  # A, not typer's {A}


def test_help_keeps_metavars_and_choices():
    out = help_of("diff")
    assert re.search(r"--with\s+-w\s+EXT", out)
    assert re.search(r"--hands\s+-n\s+N\b", out)
    assert "text|markdown" in out
    assert "Usage: hoc diff [OPTIONS] A B" in out
    assert "Usage: hoc knobs [OPTIONS] [RULESET]" in help_of("knobs")
    assert "Usage: hoc validate [OPTIONS] FILE..." in help_of("validate")


def test_ranges_are_still_enforced():
    result = runner.invoke(app, ["diff", "hoca", "hoca", "--hands", "-1"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["play", "hoca", "--seat", "0"])
    assert result.exit_code == 2


def test_shell_completion_is_installable():
    # `hoc --install-completion` writes what `--show-completion` prints into the shell's rc file
    import os
    import subprocess
    import sys

    hoc = Path(sys.executable).parent / "hoc"  # the console script pip installed beside python
    # Typer otherwise finds the shell among the test's parent processes and takes --show-completion
    # as a flag (the "bash" after it unread): with no shell among them (a run started by a daemon,
    # a CI runner) it says "Shell  not supported.". This variable makes it read the shell named.
    env = dict(os.environ, _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1")
    proc = subprocess.run([str(hoc), "--show-completion", "bash"],
                          capture_output=True, text=True, check=False, env=env)
    assert proc.returncode == 0, proc.stderr
    assert "_hoc_completion" in proc.stdout and "complete -o default -F _hoc_completion hoc" in proc.stdout
    assert "--install-completion" in run("--help")


def test_help_shows_the_cluster_extra_whole():
    # rich read "[cluster]" as markup and printed pip install 'hocdsl'
    for command in ("simulate", "sweep", "reconstruct"):
        result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "300"})
        assert result.exit_code == 0, command
        assert "pip install 'hocdsl[cluster]'" in result.stdout, command
