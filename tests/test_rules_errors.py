"""Malformed ruleset files: each error pinned to its file, line, column, key path and words.

The expected messages were written by reading each file in tests/malformed/
(the line and column are where the offending text starts in that file), not
by copying the loader's output.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.rules import RulesetError, load_ruleset
from hocdsl.rules.loader import validate_file

ROOT = Path(__file__).resolve().parent.parent
MALFORMED = ROOT / "tests" / "malformed"


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch):
    # file names in messages are relative to the working directory
    monkeypatch.chdir(ROOT)


# file, line, column, key path, found, expected, suggestion (or None), a word of the hint (or None)
CASES = [
    ("yaml-syntax.yaml", 11, 13, "",
     "a YAML syntax error (expected ',' or ']', but got ':')", "well-formed YAML",
     None, "starts at line 10, column 14"),
    ("first-format.yaml", 6, 1, "card_game",
     "a ruleset in the first format of hocdsl (sections table, antes, bidding, ..., card_game)",
     "a ruleset in format 2: pack, deal, table, pools, bidding and stages",
     None, "hoc migrate tests/malformed/first-format.yaml"),
    ("unknown-knob.yaml", 8, 3, "bidding.raise_capp",
     "an unknown knob `raise_capp` in `bidding`",
     "one of: raise_min, raise_cap, may_return_after_pass, declaring_closes_bidding, "
     "precedence, lone_winner_must_show, bluff, double_when, max_multiplier, past_cap, open_with, raise_with, "
     "good_folds, double_bonus",
     "raise_cap", None),
    ("unknown-stage-knob.yaml", 9, 5, "stages.card_game.principal_wilde",
     "an unknown knob `principal_wilde` in `stages.card_game`",
     "one of: display_names, runs, after_top, opening_lead, must_cover, end_of_run_pay, accidental_hocs, accidental_pay, "
     "accidental_restart, accidental_when_held, last_card_hoc, permanent_hocs, permanent_pay, principal_hocs, "
     "principal_may_withhold, principal_wild, principal_lead_pays, principal_pay, principal_after, "
     "principal_lead_as, principal_is_hoc, wild_counts_as, "
     "paid_when_laid, board_laid, false_without_penalty, false_without_effect, must_claim, claim_window, claim_words",
     "principal_wild", None),
    ("wrong-type.yaml", 9, 12, "bidding.raise_cap.value", "the text `twenty`", "a whole number", None, None),
    ("past-bound.yaml", 9, 12, "bidding.raise_cap.value", "the number `1000000000`", "a number at most 1000",
     None, "Raise cap: the largest raise"),
    ("bare-value.yaml", 8, 14, "bidding.raise_cap", "a bare value, the number `10`",
     'a knob written `{value: ..., source: "<id> §<section>"}` or `{value: ..., editorial: "<why>"}`',
     None, "raise_cap: {value: 10"),
    ("missing-provenance.yaml", 9, 5, "stages.blank_hand.payment",
     "a knob without provenance (no `source`, `inferred`, `borrowed`, `editorial`, `lost` or `approximated`)",
     'a `source: "<id> §<section>"`, an `inferred:` or `borrowed: "<id> §<section>: <why>"`, '
     'an `editorial: "<why>"`, a `lost: "<id> <where>: what is missing"` or an '
     '`approximated: "<id> §<section>: what the source says"` with `played:`', None, "editorial"),
    ("both-provenance.yaml", 12, 7, "pools.point.ante", "both `source` and `editorial`",
     "exactly one provenance: source, inferred, borrowed, editorial, lost or approximated", None, "note:"),
    ("inferred-and-borrowed.yaml", 12, 7, "stages.card_game.principal_after", "both `inferred` and `borrowed`",
     "exactly one provenance: source, inferred, borrowed, editorial, lost or approximated", None, "note:"),
    ("inferred-no-reason.yaml", 11, 17, "stages.card_game.accidental_restart.inferred",
     "`inferred: lalanne §9.2` without its reasoning",
     'a source id, a section, a colon and the reasoning, such as '
     '"lalanne §9.2: a player going out starts no run"',
     "lalanne §9.2: <reasoning>", "write `source:` instead"),
    ("unknown-source.yaml", 10, 13, "bidding.max_multiplier.source",
     "the source id `lalane`, which is not in the `sources:` of this file or the rulesets it extends",
     "one of: lalanne, lalanne-en, wikipedia, hoca", "lalanne", None),
    ("source-no-section.yaml", 11, 15, "pools.point.ante.source",
     "the source `lalanne 4`, whose section has no `§`",
     'a source id and a section, such as "lalanne §5.2"', "lalanne §4", "after a `§`"),
    ("unknown-extends.yaml", 5, 10, "extends", "no bundled ruleset named `hoc-mazarine`",
     None, "hoc-mazarin", None),
    ("cycle-a.yaml", 5, 10, "extends",
     "an inheritance cycle: tests/malformed/cycle-a.yaml -> tests/malformed/cycle-b.yaml"
     " -> tests/malformed/cycle-a.yaml",
     "a chain of `extends:` ending in a ruleset without `extends:`", None, "stop extending"),
    ("vie-unknown-pool.yaml", 9, 11, "sequence.pool", "`pool: sequenc`, which is not a pool of this ruleset",
     "one of: point, sequence, tricon", "sequence", None),
    ("payment-length.yaml", 14, 9, "sequence.payments.6", "a payment for a 6-card sequence",
     "lengths 3..5 (sequence.counts_up_to is 5)", None, "raise sequence.counts_up_to"),
    ("reserved-name.yaml", 10, 32, "tricon.names.4.0", "the name `roi`",
     "a name the announcements can use (it is already a word of the announcement language)",
     None, "players say these names at the table"),
    ("bad-card.yaml", 10, 35, "stages.card_game.principal_hocs.value.5", "`1S`, which is not a card",
     "a card in compact notation: rank A, 2..10 (or T), J, Q, K, then suit S, H, D, C (e.g. KS, JD, 10H)",
     "AS", None),
    ("same-card-twice.yaml", 10, 23, "card_game.principal_hocs.2",
     "`10S`, the same card as item 2 (10S)", "each card at most once", None, None),
    ("deal-too-large.yaml", 9, 23, "deal.hand_size.3", "a deal of 3 x 18 = 54 cards",
     "at most 52 cards (a deal larger than the pack)", None, "at most 17"),
    ("end-payment-gap.yaml", 11, 9, "settle.end_payment", "no bracket for 2 cards left",
     "every count from 1 to 15 (the largest hand) covered exactly once", None, None),
    ("base-missing-knob.yaml", 22, 1, "table.insolvency", "no knob `table.insolvency`",
     "every knob set in a ruleset without `extends:`", None, "insolvency: {value:"),
    ("bad-enum.yaml", 9, 12, "bidding.precedence.value", "`first-declarr`",
     "one of: eldest, first-declarer", "first-declarer", None),
    ("duplicate-key.yaml", 12, 5, "stages.card_game.end_of_run_pay", "`end_of_run_pay` a second time",
     "each key at most once in a mapping", None, "line 9"),
    ("tricon-five.yaml", 10, 40, "stages.tricon.names.value.5", "a set of 5 cards", "set sizes 2 to 4 only",
     None, "two to four cards of one rank"),
    ("extension-extends.yaml", 6, 1, "extends", "`extends` in an extension file",
     "no `extends:` in an extension (it is laid over whichever ruleset it is applied to)", None, None),
    ("set-pair-payment.yaml", 10, 15, "tricon.payments.2", "a payment for a set of 2 cards",
     "sizes 3..4 (tricon.min_size is 3)", None, "min_size: {value: 2"),
    ("run-longer-than-suit.yaml", 13, 25, "sequence.min_length", "a shortest sequence of 9 cards",
     "at most 8 cards (a suit of the 32-card pack has 8 ranks)", None, "lower sequence.min_length"),
]

IDS = [c[0] for c in CASES]

# the cycle is reported where it closes: cycle-a extends cycle-b, whose `extends:` leads back
ERROR_FILE = {"cycle-a.yaml": "cycle-b.yaml"}


def _where(name: str) -> str:
    return f"tests/malformed/{ERROR_FILE.get(name, name)}"


def test_every_malformed_file_has_a_case():
    on_disk = {p.name for p in MALFORMED.glob("*.yaml")} - {"cycle-b.yaml"}
    assert on_disk == set(IDS)
    assert len(on_disk) >= 25


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_error_is_pinned(case):
    name, line, col, path, found, expected, suggestion, hint = case
    errors = validate_file(f"tests/malformed/{name}")
    file = _where(name)
    assert errors, f"{file} was accepted"
    e = errors[0]
    if name == "unknown-extends.yaml":
        expected = e.expected  # lists the bundled rulesets, which other files add to
        assert expected.startswith("a bundled ruleset (bezique, bezique-rubicon, comete, encyclopedie-hoc, hoc-mazarin, ")
    assert (e.file, e.line, e.column, e.path) == (file, line, col, path)
    assert e.found == found
    assert e.expected == expected
    assert e.suggestion == suggestion
    if hint is not None:
        assert hint in (e.hint or "")
    head = f"{file}:{line}:{col}: " + (f"{path}: " if path else "") + f"found {found}; expected {expected}"
    assert str(e).splitlines()[0] == head
    if suggestion:
        assert f"    hint: did you mean `{suggestion}`?" in str(e).splitlines()


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_load_ruleset_raises_the_same_error(case):
    name, line, col, path, *_ = case
    file = _where(name)
    with pytest.raises(RulesetError) as info:
        load_ruleset(f"tests/malformed/{name}")
    assert (info.value.file, info.value.line, info.value.column, info.value.path) == (file, line, col, path)


def test_the_brief_example_reads_as_specified():
    (e,) = validate_file("tests/malformed/payment-length.yaml")
    assert str(e).splitlines()[0] == (
        "tests/malformed/payment-length.yaml:14:9: sequence.payments.6: found a payment for a 6-card "
        "sequence; expected lengths 3..5 (sequence.counts_up_to is 5)")
    assert str(e).splitlines()[1].startswith("    hint: ")


runner = CliRunner()


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_cli_validate_exits_2_without_traceback(case):
    name, line, col, path, *_ = case
    result = runner.invoke(app, ["validate", f"tests/malformed/{name}"])
    file = _where(name)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"{file}:{line}:{col}: " in result.output


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_cli_show_exits_2_without_traceback(case):
    result = runner.invoke(app, ["show", f"tests/malformed/{case[0]}"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert result.stderr.startswith(f"{_where(case[0])}:{case[1]}:{case[2]}: ")
    assert result.stdout == ""


def test_validate_reports_good_and_bad_files_together():
    result = runner.invoke(app, ["validate", "rulesets/hoc-mazarin.yaml", "tests/malformed/bad-enum.yaml"])
    assert result.exit_code == 2
    assert "OK  rulesets/hoc-mazarin.yaml" in result.stdout
    assert "tests/malformed/bad-enum.yaml:9:12: bidding.precedence.value" in result.stdout
    assert "1 of 2 files with errors" in result.stderr


def test_several_errors_in_one_file_are_all_reported(tmp_path):
    f = tmp_path / "two.yaml"
    f.write_text(
        "format: 2\nname: two\ntitle: Two errors\nsummary: Both reported.\nextends: hoc-mazarin\n"
        "bidding:\n  raise_cap: {value: -1, source: lalanne §5.1}\n"
        "  bluff: {value: pool-carry, editorial: a test}\n", encoding="utf-8")
    errors = validate_file(str(f))
    assert [(e.line, e.path) for e in errors] == [(7, "bidding.raise_cap.value"), (8, "bidding.bluff.value")]
    assert errors[0].found == "the number `-1`" and errors[0].expected == "a number at least 1"
    assert errors[1].suggestion == "pool-carries"


def test_a_child_changing_one_knob_is_checked_against_inherited_ones(tmp_path):
    # counts_up_to lowered to 4 while the payments for 5 are inherited from hoc-mazarin
    f = tmp_path / "short.yaml"
    f.write_text("format: 2\nname: short\ntitle: Short runs\nsummary: Runs count up to 4.\nextends: hoc-mazarin\n"
                 "stages:\n  sequence:\n    counts_up_to: {value: 4, editorial: a test}\n", encoding="utf-8")
    (e, *_) = validate_file(str(f))
    assert e.path == "sequence.payments.5"
    assert e.found == "a payment for a 5-card sequence"
    assert e.expected == "lengths 3..4 (sequence.counts_up_to is 4)"
    assert e.file.endswith("hoc-mazarin.yaml")  # the inherited knob is where it was written


def test_unknown_names_on_the_command_line():
    result = runner.invoke(app, ["show", "hoc-mazarine"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stderr.startswith("error: RULESET: found no bundled ruleset named `hoc-mazarine`; "
                                    "expected a bundled ruleset (bezique, bezique-rubicon, comete, encyclopedie-hoc, hoc-mazarin, ")
    assert "did you mean `hoc-mazarin`?" in result.stderr
    result = runner.invoke(app, ["show", "hoc-mazarin", "--with", "tripple-game"])
    assert result.exit_code == 2
    assert "found no bundled extension named `tripple-game`" in result.stderr
    assert "did you mean `triple-game`?" in result.stderr
    result = runner.invoke(app, ["show", "triple-game"])
    assert result.exit_code == 2
    assert "apply it with --with triple-game" in result.stderr


def test_missing_unreadable_and_wrong_kind_files(tmp_path):
    result = runner.invoke(app, ["show", "no/such/file.yaml"])
    assert result.exit_code == 2
    assert result.stderr.startswith("no/such/file.yaml: found no such file; expected a ruleset file")
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"name: \xff\xfe\n")
    (e,) = validate_file(str(binary))
    assert e.found.startswith("bytes that are not UTF-8 text")
    result = runner.invoke(app, ["show", "hoc-mazarin", "--with", "rulesets/hoca.yaml"])
    assert result.exit_code == 2
    assert "found a ruleset file; expected an extension file (kind: extension)" in result.stderr
    result = runner.invoke(app, ["show", str(ROOT / "rulesets/extensions/triple-game.yaml")])
    assert result.exit_code == 2
    assert "found an extension file (kind: extension); expected a ruleset file" in result.stderr
    empty = tmp_path / "empty.yaml"
    empty.write_text("", encoding="utf-8")
    (e,) = validate_file(str(empty))
    assert (e.line, e.found) == (1, "nothing (an empty value)")


def test_real_process_exits_2_without_traceback():
    # in a real process, from the source checkout (python -m) and through the installed
    # `hoc` script when there is one: stderr carries the error, no traceback. Both start the
    # same hocdsl.__main__.main, so the two take the four errors in turn (a start each costs
    # an interpreter and the CLI's imports), each entry point two of them
    commands = [[sys.executable, "-m", "hocdsl.cli"]]
    script = Path(sys.executable).parent / "hoc"
    if script.exists():
        commands.append([str(script)])
    for i, (args, stream, start) in enumerate((
        (["show", "tests/malformed/cycle-a.yaml"], "stderr", "tests/malformed/cycle-b.yaml:5:10: extends: "),
        (["validate", "tests/malformed/yaml-syntax.yaml"], "stdout", "tests/malformed/yaml-syntax.yaml:11:13: "),
        (["validate", "tests/malformed/first-format.yaml"], "stdout",
         "tests/malformed/first-format.yaml:6:1: card_game: "),
        (["show", "nonexistent-ruleset"], "stderr", "error: RULESET: found no bundled ruleset"),
    )):
        command = commands[i % len(commands)]
        proc = subprocess.run([*command, *args], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2, proc
        assert "Traceback" not in proc.stdout + proc.stderr
        assert getattr(proc, stream).startswith(start), proc


def test_an_unknown_parent_is_reported_with_the_files_other_errors():
    errors = validate_file("tests/malformed/unknown-extends.yaml")
    assert [(e.line, e.path) for e in errors] == [(5, "extends"), (9, "bidding.bluff.value")]
    assert errors[1].suggestion == "pool-carries"
    result = runner.invoke(app, ["show", "tests/malformed/unknown-extends.yaml"])
    assert result.exit_code == 2
    assert "unknown-extends.yaml:5:10: extends:" in result.stderr
    assert "unknown-extends.yaml:9:12: bidding.bluff.value:" in result.stderr


def test_a_first_format_file_is_refused_with_the_migrate_hint():
    (e,) = validate_file("tests/malformed/first-format.yaml")
    assert e.hint.startswith("convert it with `hoc migrate tests/malformed/first-format.yaml")
    result = runner.invoke(app, ["migrate", "tests/malformed/first-format.yaml"])
    if result.exit_code == 0:  # the converted text is a file of format 2 that loads
        from hocdsl.rules.render import load_ruleset_text
        assert load_ruleset_text(result.stdout).name == "first-format"


def test_a_stage_knob_of_a_child_is_checked_against_its_inherited_kind(tmp_path):
    # the child does not restate `kind: stops`: its values are still checked as the card game's
    f = tmp_path / "child.yaml"
    f.write_text("format: 2\nname: child\ntitle: T\nsummary: S.\nextends: hoc-mazarin\n"
                 "stages:\n  card_game:\n    principal_wild: {value: sometimes, editorial: a test}\n"
                 "    principal_pay: {value: -3, editorial: a test}\n", encoding="utf-8")
    errors = validate_file(str(f))
    assert [(e.line, e.path) for e in errors] == [
        (8, "stages.card_game.principal_wild.value"), (9, "stages.card_game.principal_pay.value")]
    assert errors[0].expected == "one of: never, when-missing, always"
    assert errors[1].expected == "a number at least 0"
