"""Hostile input: exit 2 with a message, never a traceback or a hang (issue 11).

Each command runs under a timeout, so a hang fails the test instead of blocking the run:
as the real program (the ``hoc`` script beside this Python) where the process is the
subject (signals, a closed or full output, Ctrl-C, the terminal of ``hoc play``), in the
test's own process otherwise (tests/inprocess.py), which saves an interpreter's start and
its imports a command. Every refusal is exit 2, placed at ``file:line:col`` where there is a file.
"""

from __future__ import annotations

import csv
import io
import os
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import inprocess
from conftest import pure_only
from hocdsl.actions import PLAY, WITHOUT
from hocdsl.announce import AnnouncementError, parse_announcement
from hocdsl.bots.heuristic import DANGER_CARDS, HeuristicBot
from hocdsl.cards import hand_of, parse_card
from hocdsl.engine import IllegalAction
from hocdsl.rules import load_ruleset
from hocdsl.rules.model import MAX_CHIPS, SECTIONS, STAGE_CLASSES, Bidding, PoolRules, knob_fields
from test_engine_util import game, play, to_cards

HOC = str(Path(sys.executable).with_name("hoc"))
ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 20  # seconds: every refusal here takes well under one
HUGE = "9" * 5000  # past Python's 4,300 digits for int()
LONG = "a" * 300  # past the file system's 255 bytes for a name


def hoc(*args: str, cwd: Path, stdin: str | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str] | inprocess.Ran:
    """``hoc ARGS``: the real program where the process is what is tested (a changed environment,
    ``hoc play`` at its terminal prompt); otherwise the same command in this process, under the
    same timeout (tests/inprocess.py): the refusals here are the loader's and the commands' words."""
    if env is not None or args[0] == "play":
        return subprocess.run([HOC, *args], cwd=cwd, input=stdin, capture_output=True, text=True,
                              timeout=TIMEOUT, env=env)
    return inprocess.hoc(*args, cwd=cwd, stdin=stdin, timeout=TIMEOUT)


def refused(res: subprocess.CompletedProcess[str] | inprocess.Ran) -> str:
    """The message of a refusal: exit 2, no traceback."""
    out = res.stdout + res.stderr
    assert "Traceback" not in out, out[-3000:]
    assert res.returncode == 2, out[-3000:]
    return out


def ruleset(tmp: Path, name: str, body: str, extends: str = "hoc-mazarin") -> Path:
    path = tmp / f"{name}.yaml"
    path.write_text(f"format: 2\nname: {name}\ntitle: {name}\nextends: {extends}\n{body}", encoding="utf-8")
    return path


# ------------------------------------------------------------ numbers ----


@pytest.mark.parametrize("text", [
    f"raise {HUGE}", f"je renvie de {HUGE}", f"5 cards {HUGE}", f"{HUGE} cards",
    f"sequence of {HUGE}", f"tricon of {HUGE}", f"without {HUGE}", f"{HUGE} of hearts",
])
def test_a_number_of_thousands_of_digits_is_refused_in_words(text):
    with pytest.raises(AnnouncementError) as e:
        parse_announcement(text)
    message = str(e.value)
    assert "5000 digits" in message or "there is no rank" in message
    assert max(len(line) for line in message.splitlines()) < 200  # the text is cut around the caret


@pytest.mark.parametrize("text", ["raise ²", "raise ２", "je renvie de ³", "without ２", "5 cards ²"])
def test_digits_are_ascii_only(text):
    with pytest.raises(AnnouncementError):
        parse_announcement(text)


def test_play_refuses_a_huge_raise_and_plays_on(tmp_path):
    res = hoc("play", "hoc-mazarin", "--seed", "5", "--bots", "random", cwd=tmp_path,
              stdin=f"raise {HUGE}\nraise ²\nhand\nquit\n")
    out = res.stdout + res.stderr
    assert res.returncode == 0 and "Traceback" not in out, out[-3000:]
    assert "not 999999999… (a number of 5000 digits)" in out
    assert 'expected a number of chips after "raise"' in out
    assert "Your hand (12 cards)" in out.split("raise ²", 1)[1]  # the game went on
    assert "You leave the table." in out


def test_replay_places_a_huge_number_at_its_record_line(tmp_path):
    text = (ROOT / "examples" / "precedence.yaml").read_text(encoding="utf-8")
    (tmp_path / "big.yaml").write_text(text.replace('"Anne: raise 1"', f'"Anne: raise {HUGE}"', 1))
    (tmp_path / "sup.yaml").write_text(text.replace('"Anne: raise 1"', '"Anne: raise ²"', 1))
    res = hoc("replay", "big.yaml", cwd=tmp_path)
    out = refused(res)
    assert res.stderr.startswith("big.yaml:49:22: Anne said \"raise 9999")  # after the transcript so far
    assert "(a number of 5000 digits)" in res.stderr
    res = hoc("replay", "sup.yaml", cwd=tmp_path)
    out = refused(res)
    assert res.stderr.startswith("sup.yaml:49:22: Anne said \"raise ²\"")


# ---------------------------------------------------------- YAML bombs ----


def laughs() -> str:
    """7 levels of 9 aliases, 272 bytes: 4.8 million strings once expanded."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdef", "bcdefg"):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("command", [
    ["validate", "bomb.yaml"], ["show", "bomb.yaml"], ["simulate", "bomb.yaml", "--hands", "1"],
    ["show", "hoc-mazarin", "--with", "bomb.yaml"], ["replay", "bomb.yaml"], ["migrate", "bomb.yaml"],
])
def test_aliases_that_expand_too_far_are_refused(tmp_path, command):
    (tmp_path / "bomb.yaml").write_text(laughs())
    assert len(laughs()) == 272
    out = refused(hoc(*command, cwd=tmp_path))
    assert "bomb.yaml:4:4: " in out and "aliases that repeat more than 1,000 nodes" in out


@pytest.mark.parametrize("command", [
    ["validate", "self.yaml"], ["show", "self.yaml"], ["simulate", "self.yaml", "--hands", "1"],
    ["replay", "self.yaml"], ["migrate", "self.yaml"],
])
def test_an_alias_inside_itself_is_refused(tmp_path, command):
    (tmp_path / "self.yaml").write_text("a: &a [*a]\n")
    out = refused(hoc(*command, cwd=tmp_path))
    assert "self.yaml:1:8: " in out and "the alias `*a` inside the very node it names" in out


@pytest.mark.parametrize("depth", [500, 100_000])
@pytest.mark.parametrize("command", [["validate"], ["show"], ["replay"], ["migrate"]])
def test_deep_nesting_is_refused(tmp_path, command, depth):
    (tmp_path / "deep.yaml").write_text("format: 2\nname: deep\nx: " + "[" * depth + "]" * depth + "\n")
    out = refused(hoc(*command, "deep.yaml", cwd=tmp_path))
    assert "deep.yaml:3:67: " in out and "nested more than 64 levels deep" in out


def test_deep_block_nesting_is_refused(tmp_path):
    text = "format: 2\nname: deep\n" + "".join("  " * i + f"k{i}:\n" for i in range(500)) + "  " * 500 + "v: 1\n"
    (tmp_path / "deep.yaml").write_text(text)
    out = refused(hoc("validate", "deep.yaml", cwd=tmp_path))
    assert "deep.yaml:66:" in out and "nested more than 64 levels deep" in out


def test_a_few_aliases_still_load(tmp_path):
    body = ("bidding:\n"
            "  raise_cap: &cap {value: 20, source: lalanne §5.1}\n"
            "  raise_min: *cap\n")
    rules = load_ruleset(str(ruleset(tmp_path, "shared", body)))
    assert (rules.bidding.raise_min, rules.bidding.raise_cap) == (20, 20)


# ------------------------------------------------------------- bounds ----


def test_every_number_a_ruleset_sets_is_bounded_in_the_model():
    classes = [*SECTIONS.values(), *STAGE_CLASSES.values(), PoolRules]
    for cls in classes:
        for name, spec in knob_fields(cls):
            if spec.minimum is not None or spec.maximum is not None:
                assert spec.minimum is not None and spec.maximum is not None, (cls.__name__, name)
                assert spec.maximum <= 1_000_000, (cls.__name__, name)
    specs = dict(knob_fields(Bidding))
    assert specs["raise_cap"].maximum <= 1000 and specs["raise_min"].maximum <= 1000


def test_every_integer_in_the_schema_is_bounded():
    import json

    seen = []

    def walk(node, path):
        if isinstance(node, dict):
            kinds = node.get("type")
            kinds = kinds if isinstance(kinds, list) else [kinds]
            if "integer" in kinds or "number" in kinds:  # also ["integer", "null"] and decimals
                assert "minimum" in node and "maximum" in node, path
                seen.append(path)
            for k, v in node.items():
                walk(v, f"{path}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{path}/{i}")

    walk(json.loads((ROOT / "hocdsl" / "rules" / "schema.json").read_text()), "")
    assert len(seen) > 20  # the walk reached the knobs' numbers


def test_an_end_payment_bracket_closed_at_a_huge_max_is_refused_at_its_max(tmp_path):
    ruleset(tmp_path, "bigmax", "stages:\n  settle:\n    end_payment:\n      value:\n"
                                "      - {min: 1, max: 1000000000000, per_card: 1}\n      editorial: test\n")
    out = refused(hoc("validate", "bigmax.yaml", cwd=tmp_path))
    assert out.startswith("bigmax.yaml:9:23: stages.settle.end_payment.value.0.max: found the number "
                          "`1000000000000`; expected a number at most 52")


def test_the_end_payment_check_does_not_visit_every_count():
    code = ("from hocdsl.rules.loader import chain, find_ruleset, merge\n"
            "from hocdsl.rules.semantic import check_knobs\n"
            "r = merge(chain(find_ruleset('hoc-mazarin')))\n"
            "r.stages['settle']['end_payment'] = [{'min': 1, 'max': 10**12, 'per_card': 1}]\n"
            "print(len(check_knobs(r)))\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT)
    assert res.returncode == 0 and res.stdout.strip() == "0", res.stderr


@pytest.mark.parametrize("command", [["validate"], ["simulate", "--hands", "1"], ["play"]])
def test_a_huge_raise_cap_is_refused_by_its_bound(tmp_path, command):
    ruleset(tmp_path, "bigcap", "bidding:\n  raise_cap: {value: 1000000000, editorial: test}\n")
    out = refused(hoc(command[0], "bigcap.yaml", *command[1:], cwd=tmp_path, stdin="quit\n"))
    assert "bigcap.yaml:6:22: bidding.raise_cap.value: found the number `1000000000`; " \
           "expected a number at most 1000" in out


# -------------------------------------------------------- the bot's lead ----


@pure_only  # a stand-in view
def test_the_heuristic_lead_lays_a_card_it_holds_when_every_score_is_below_any_floor():
    bot = HeuristicBot(load_ruleset("hoc-mazarin"), 0)
    bot.owed = (0.0,) + (1e15,) * 52  # an end payment far past any score's floor
    hand = hand_of(parse_card(c) for c in "2S 3S 8H 9H 4D".split())
    pile = hand_of(parse_card(c) for c in "AC 2C 3C 4C 5C 6C 8C 9C 10C JC QC AH 2H 3H 4H 5H 6H 5S 6S".split())
    view = SimpleNamespace(pile=pile, players=3, cards_left=[5, DANGER_CARDS, 6])
    action = bot._lead(view, hand, hand)
    assert hand >> action.card & 1, f"laid a card not held: {action}"


def test_bots_play_a_ruleset_whose_end_payment_is_at_its_bound(tmp_path):
    ruleset(tmp_path, "bigend", "stages:\n  settle:\n    end_payment:\n      value:\n"
                                f"      - {{min: 1, max: 52, fixed: {MAX_CHIPS}}}\n      editorial: test\n")
    res = hoc("simulate", "bigend.yaml", "--hands", "40", "--json", cwd=tmp_path)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr[-3000:]
    assert '"chips_conserved": true' in res.stdout


# ----------------------------------------------------- names and files ----


@pytest.mark.parametrize("command", [
    ["validate", LONG], ["validate", LONG + ".yaml"], ["show", LONG], ["show", LONG + ".yaml"],
    ["simulate", LONG, "--hands", "1"], ["simulate", LONG + ".yaml", "--hands", "1"],
    ["show", "hoca", "--with", LONG], ["show", "hoca", "--with", LONG + ".yaml"],
])
def test_a_name_of_300_characters_is_refused(tmp_path, command):
    out = refused(hoc(*command, cwd=tmp_path))
    assert "no bundled" in out or "a name too long for the file system" in out


@pytest.mark.parametrize("parent", [LONG, LONG + ".yaml"])
def test_an_extends_of_300_characters_is_refused_at_its_line(tmp_path, parent):
    ruleset(tmp_path, "long", "", extends=parent)
    out = refused(hoc("validate", "long.yaml", cwd=tmp_path))
    assert out.startswith("long.yaml:4:10: extends: found ")
    assert f"`{'a' * 40}…` ({len(parent)} characters)" in out


def test_every_error_of_a_file_with_a_misspelt_parent_comes_at_once_the_parent_first(tmp_path):
    (tmp_path / "x.yaml").write_text("format: 2\nname: x\nextends: hoc-mazarine\n")
    out = refused(hoc("validate", "x.yaml", cwd=tmp_path))
    lines = out.splitlines()
    assert lines[0].startswith("x.yaml:3:10: extends: found no bundled ruleset named `hoc-mazarine`")
    assert lines[1] == "    hint: did you mean `hoc-mazarin`?"
    assert "x.yaml:1:1: title: found no `title`" in out


@pytest.mark.parametrize("target, what", [
    ("/dev/zero", "a device, not a file"), ("pipe.yaml", "a named pipe (FIFO), not a file"),
    ("sub", "a directory"),
])
def test_extends_names_what_is_there_and_never_reads_it(tmp_path, target, what):
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "sub").mkdir()
    ruleset(tmp_path, "x", "", extends=target if target != "sub" else "sub/")
    out = refused(hoc("validate", "x.yaml", cwd=tmp_path))
    assert out.startswith("x.yaml:4:10: extends: found ") and what in out
    assert "no such file" not in out


@pytest.mark.parametrize("command", [["show", "/dev/zero"], ["show", "pipe.yaml"], ["validate", "pipe.yaml"],
                                     ["replay", "pipe.yaml"], ["replay", "/dev/zero"], ["migrate", "pipe.yaml"],
                                     ["show", "hoca", "--with", "pipe.yaml"]])
def test_a_fifo_or_a_device_given_on_the_command_line_is_refused(tmp_path, command):
    os.mkfifo(tmp_path / "pipe.yaml")
    out = refused(hoc(*command, cwd=tmp_path))
    assert "a named pipe (FIFO), not a file" in out or "a device, not a file" in out


def test_a_record_whose_ruleset_is_a_missing_path_is_placed_in_the_record(tmp_path):
    text = (ROOT / "examples" / "precedence.yaml").read_text(encoding="utf-8")
    (tmp_path / "rec.yaml").write_text(text.replace("ruleset: hoc-mazarin", "ruleset: missing/nope.yaml"))
    (tmp_path / "ext.yaml").write_text(text.replace("with: []", "with: [gone/ext.yaml]"))
    out = refused(hoc("replay", "rec.yaml", cwd=tmp_path))
    assert out.startswith("rec.yaml:20:10: ruleset: `missing/nope.yaml`, found no such file")
    out = refused(hoc("replay", "ext.yaml", cwd=tmp_path))
    assert out.startswith("ext.yaml:21:7: with: `gone/ext.yaml`, found no such file")


def test_diff_of_the_rules_alone_does_not_ask_for_a_table(tmp_path):
    ruleset(tmp_path, "two", "deal:\n  hand_size: {value: {2: 15}, editorial: test}\n")
    ruleset(tmp_path, "six", "deal:\n  hand_size: {value: {6: 8}, editorial: test}\n")
    res = hoc("diff", "two.yaml", "six.yaml", "--hands", "0", cwd=tmp_path)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    assert "6 players: 8 cards each" in res.stdout


# ------------------------------------------------------------- Ctrl-C ----


def test_ctrl_c_while_importing_exits_130_without_a_traceback(tmp_path):
    # a real SIGINT, sent by the program to itself while it imports typer
    (tmp_path / "sitecustomize.py").write_text(
        "import os, signal, sys\n"
        "class _Interrupt:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'typer':\n"
        "            os.kill(os.getpid(), signal.SIGINT)\n"
        "        return None\n"
        "sys.meta_path.insert(0, _Interrupt())\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    res = hoc("rulesets", cwd=tmp_path, env=env)
    assert res.returncode == 130 and "Traceback" not in res.stderr, res.stderr
    assert res.stdout == ""


# ----------------------------------------------------------- articles ----


def test_ranks_take_the_right_article():
    from hocdsl.cards import a_rank, with_article

    assert [a_rank(r) for r in (1, 7, 8, 11, 12, 13)] == ["an A", "a 7", "an 8", "a J", "a Q", "a K"]
    assert [with_article(w) for w in ("8", "11", "18", "7", "ace", "quinte")] == [
        "an 8", "an 11", "an 18", "a 7", "an ace", "a quinte"]


# The four sevens dealt: a run goes on past the 7 (Anne: 5S 6H 7C 8S...).
SEVENS = [
    "5S 6H 7C JC QC KS 2H 3D 4C AH 9H 8S",   # Anne
    "KH 8D JD 2S 3S 4S 5H 6D 10H AS 2D 3C",   # Blaise
    "9C 8H 4H 5D 6C QH JS 10D AD 2C 4D 3H",   # Colette
]


def test_the_card_game_says_an_8():
    g = game(SEVENS)
    to_cards(g)
    play(g, PLAY[parse_card("5S")])
    with pytest.raises(IllegalAction) as e:
        g.apply(WITHOUT[8])
    assert "the card wanted is a 6, not an 8" in str(e.value)
    play(g, PLAY[parse_card("6H")], PLAY[parse_card("7C")])
    with pytest.raises(IllegalAction) as e:
        g.apply(PLAY[parse_card("2H")])
    assert "the card wanted is an 8, not 2H" in str(e.value)


# ------------------------------------------------- formulas in CSV (issue 22) ----


def test_csv_cells_that_a_spreadsheet_would_run_are_quoted_and_numbers_kept():
    from hocdsl.tableview import Grid, grid_csv

    grid = Grid(("=head", "value"), [
        ("=HYPERLINK(\"http://x\")", -0.5), ("+cmd|' /C calc'!A0", "-0.5"), ("-2+3", "+2.0861"),
        ("@SUM(A1)", "1e-05"), ("\tx", "-1.3e-06"), ("\rx", 3), ("-", "a=b"), ("plain", float("-inf")),
    ])
    rows = list(csv.reader(io.StringIO(grid_csv(grid), newline="")))
    assert rows[0] == ["'=head", "value"]
    assert [r[0] for r in rows[1:]] == ["'=HYPERLINK(\"http://x\")", "'+cmd|' /C calc'!A0", "'-2+3",
                                        "'@SUM(A1)", "'\tx", "'\nx", "'-", "plain"]
    assert [r[1] for r in rows[1:]] == ["-0.5", "-0.5", "+2.0861", "1e-05", "-1.3e-06", "3", "a=b", "-inf"]


def test_a_formula_in_a_ruleset_or_a_file_name_reaches_csv_quoted(tmp_path):
    ruleset(tmp_path, "inj", 'bidding:\n  raise_cap: {value: 7, editorial: "=HYPERLINK(\\"http://x\\")"}\n',
            extends="hoca")
    res = hoc("show", "inj.yaml", "--format", "csv", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    row = next(r for r in csv.reader(res.stdout.splitlines()) if r[0] == "bidding.raise_cap")
    assert row[-1] == "editorial: =HYPERLINK(\"http://x\")"  # inside the cell, not at its start: inert
    (tmp_path / "=cmd.yaml").write_text("format: 2\nname: =cmd\n")
    res = hoc("validate", "=cmd.yaml", "--format", "csv", cwd=tmp_path)
    cells = [r[0] for r in csv.reader(res.stdout.splitlines()[1:])]
    assert cells and all(c == "'=cmd.yaml" for c in cells), res.stdout


# ------------------------------------------------ orphaned workers (issue 22) ----


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has died; only its exit status is left


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc (Linux)")
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM, signal.SIGHUP])
def test_no_worker_outlives_its_killed_parent(tmp_path, signum):
    import time

    proc = subprocess.Popen([HOC, "simulate", "hoca", "--jobs", "2", "--hands", "10000000"], cwd=tmp_path,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
            workers = _children(proc.pid)
        assert len(workers) == 2, "the workers never started"
        proc.send_signal(signum)
        proc.wait(timeout=TIMEOUT)
        deadline = time.monotonic() + 5
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(_alive, workers)), f"workers {workers} outlived their parent"
    finally:
        if proc.poll() is None:
            proc.kill()
        for pid in workers + _children(proc.pid):
            if _alive(pid) and b"simulate" in Path(f"/proc/{pid}/cmdline").read_bytes():
                os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("kernel", [True, False])
def test_a_worker_whose_parent_is_already_gone_ends(kernel):
    # the parent ended before the worker asked to die with it; and where the kernel cannot be
    # asked (not Linux), the worker's own watch sees the parent gone
    code = ("import time, hocdsl.sim as s\n"
            + ("" if kernel else "s._ask_kernel = lambda signum: False\n")
            + "s._die_with(1)\ntime.sleep(10)\nprint('still here')\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT)
    assert res.returncode == 1 and "still here" not in res.stdout, res.stderr


# ------------------------------------------- full disks and closed outputs (issue 22) ----


def _small_files(limit: int = 4096) -> None:
    """In the child: files larger than ``limit`` bytes cannot be written (EFBIG), as on a full
    disk; SIGXFSZ ignored, so that the write fails instead of killing the process."""
    import resource

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


def read_only_dir(tmp: Path) -> Path:
    """A directory no new file can be made in (as root, where permissions do not bind: /sys)."""
    if os.geteuid() == 0:
        if not Path("/sys").is_dir():
            pytest.skip("root, and no read-only directory to try")
        return Path("/sys")
    ro = tmp / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    return ro


COMMANDS = [["rulesets"], ["show", "hoca"], ["show", "hoca", "-f", "yaml"], ["knobs", "hoca", "-f", "csv"],
            ["validate", "hoca"], ["schema"], ["docs", "records"], ["odds", "hoca"],
            ["simulate", "hoca", "-n", "40", "--jobs", "1"], ["diff", "hoc-mazarin", "hoca", "-n", "0"],
            ["replay", str(ROOT / "examples" / "precedence.yaml")], ["--version"], ["--help"],
            ["report", "hoc-mazarin", "hoca", "-n", "20", "--jobs", "1", "-o", "-"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_a_full_disk_on_standard_output_is_one_line_and_exit_1(tmp_path, command):
    with open("/dev/full", "w") as full:
        res = subprocess.run([HOC, *command], cwd=tmp_path, stdout=full, stderr=subprocess.PIPE, text=True,
                             timeout=TIMEOUT * 3)
    assert res.returncode == 1, res.stderr[-3000:]
    assert res.stderr == "error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("command", [["show", "hoca"], ["knobs"]])
def test_a_pipe_closed_by_its_reader_is_one_line_and_exit_1(tmp_path, command):
    read, write = os.pipe()
    os.close(read)
    try:
        res = subprocess.run([HOC, *command], cwd=tmp_path, stdout=write, stderr=subprocess.PIPE, text=True,
                             timeout=TIMEOUT)
    finally:
        os.close(write)
    assert res.returncode == 1 and res.stderr == "error: cannot write the output: Broken pipe\n", res.stderr


def test_a_closed_standard_output_is_said_not_silently_lost(tmp_path):
    res = subprocess.run([HOC, "rulesets"], cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True, timeout=TIMEOUT, preexec_fn=lambda: os.close(1))
    assert res.returncode == 1 and res.stderr == "error: cannot write the output: standard output is closed\n"


def test_report_writes_its_page_whole_or_not_at_all(tmp_path):
    (tmp_path / "r.html").write_text("the page before\n")
    res = subprocess.run([HOC, "report", "hoc-mazarin", "hoca", "-n", "20", "--jobs", "1", "-o", "r.html"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT * 3, preexec_fn=_small_files)
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr[-3000:]
    assert res.stderr.strip().splitlines() == ["error: cannot write r.html: File too large"]
    assert (tmp_path / "r.html").read_text() == "the page before\n"  # not cut short
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.html"]  # no temporary file left


@pytest.mark.parametrize("where, why", [
    ("missing/r.html", "cannot write missing/r.html: there is no directory missing"),
    ("sub", "cannot write sub: it is a directory"), ("/dev/full", "it is not a regular file"),
    (None, "cannot be written to (Permission denied)"),
])
def test_report_says_a_path_it_cannot_write_before_playing(tmp_path, where, why):
    (tmp_path / "sub").mkdir()
    where = where or str(read_only_dir(tmp_path) / "r.html")
    # a million hands would take minutes: the refusal comes first
    out = refused(hoc("report", "hoc-mazarin", "hoca", "-n", "1000000", "-o", where, cwd=tmp_path))
    assert why in out and len(out.strip().splitlines()) == 1, out


@pytest.mark.parametrize("module", ["hocdsl.compiled", "hocdsl.__main__"])
def test_ctrl_c_while_the_package_itself_is_imported_exits_130(tmp_path, module):
    # the command's script imports hocdsl before hocdsl.__main__.main is there to catch Ctrl-C
    (tmp_path / "sitecustomize.py").write_text(
        "import os, signal, sys\n"
        "class _Interrupt:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name == {module!r}:\n"
        "            os.kill(os.getpid(), signal.SIGINT)\n"
        "        return None\n"
        "sys.meta_path.insert(0, _Interrupt())\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    res = hoc("rulesets", cwd=tmp_path, env=env)
    assert res.returncode == 130 and "Traceback" not in res.stderr, res.stderr
    assert res.stdout == ""


def test_ctrl_c_while_another_program_imports_hocdsl_is_its_own():
    code = ("import os, signal, sys\n"
            "class I:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name == 'hocdsl.compiled':\n"
            "            os.kill(os.getpid(), signal.SIGINT)\n"
            "sys.meta_path.insert(0, I())\n"
            "try:\n"
            "    import hocdsl\n"
            "except KeyboardInterrupt:\n"
            "    print('caught')\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT)
    assert res.returncode == 0 and res.stdout == "caught\n", res.stderr


# ----------------------------------------------- numbers YAML cannot read (issue 22) ----


@pytest.mark.parametrize("command", [["validate"], ["show"], ["migrate"], ["simulate", "--hands", "1"]])
def test_a_number_of_thousands_of_digits_in_a_ruleset_is_refused_at_its_place(tmp_path, command):
    ruleset(tmp_path, "big", f"bidding:\n  raise_cap: {{value: {HUGE}, editorial: test}}\n")
    out = refused(hoc(command[0], "big.yaml", *command[1:], cwd=tmp_path))
    assert "big.yaml:6:22: " in out and "of 5,000 digits, too long to read" in out
    assert max(len(line) for line in out.splitlines()) < 300


def test_a_number_of_thousands_of_digits_as_a_key_or_a_date_that_does_not_exist(tmp_path):
    ruleset(tmp_path, "key", f"bidding:\n  ? {HUGE}\n  : 1\n")  # an explicit key: a plain one stops at 1,024
    out = refused(hoc("validate", "key.yaml", cwd=tmp_path))
    assert "key.yaml:6:5: bidding: found the number `999999999999…`, of 5,000 digits" in out
    ruleset(tmp_path, "date", "summary: 2024-13-45\n")
    out = refused(hoc("validate", "date.yaml", cwd=tmp_path))
    assert "date.yaml:5:10: summary: found `2024-13-45`, which YAML reads as a date that does not exist" in out


@pytest.mark.parametrize("where", ["stake", "announcement"])
def test_a_number_of_thousands_of_digits_in_a_record_is_refused_at_its_line(tmp_path, where):
    text = (ROOT / "examples" / "precedence.yaml").read_text(encoding="utf-8")
    if where == "stake":
        text = text.replace("players: [Anne, Blaise]", f"players: [Anne, Blaise]\nstake: {HUGE}")
    else:
        text = text.replace('- "Anne: raise 1"', f'- "Anne: raise 1"\n      - {HUGE}', 1)
    (tmp_path / "rec.yaml").write_text(text)
    out = refused(hoc("replay", "rec.yaml", cwd=tmp_path))
    assert out.startswith("rec.yaml:") and "of 5,000 digits, too long to read" in out


def test_a_player_name_of_thousands_of_characters_is_refused_at_its_place(tmp_path):
    text = (ROOT / "examples" / "precedence.yaml").read_text(encoding="utf-8")
    long_name = "Anne" + "e" * 5000
    text = text.replace("players: [Anne, Blaise]", f"players:\n  - {long_name}\n  - Blaise")
    (tmp_path / "rec.yaml").write_text(text)
    out = refused(hoc("replay", "rec.yaml", cwd=tmp_path))
    line = text.splitlines().index(f"  - {long_name}") + 1
    assert out.startswith(f"rec.yaml:{line}:5: players: found a name of 5,004 characters; "
                          "expected a name of at most 40"), out[:300]
    assert len(out) < 1000


@pytest.mark.parametrize("where, value, said", [
    ("stake", 10 ** 3000, "stake: found a number of 3,001 digits; expected a whole number of chips from 0 to 1,000,000"),
    ("stake", 1_000_001, "stake: found the number 1000001; expected a whole number of chips from 0 to 1,000,000"),
    ("expect", -(10 ** 10), "found the number -10000000000 for Anne; expected a whole number of chips won (+) or "
                            "lost (-), at most 1,000,000,000 either way"),
], ids=["a huge stake", "a stake past the bound", "a net past the bound"])
def test_every_number_a_record_sets_is_bounded(tmp_path, where, value, said):
    from hocdsl.records import RecordError, parse_record

    text = (ROOT / "examples" / "precedence.yaml").read_text(encoding="utf-8")
    if where == "stake":
        text = text.replace("players: [Anne, Blaise]", f"players: [Anne, Blaise]\nstake: {value}")
    else:
        text = text.replace("{Anne: -4,", f"{{Anne: {value},", 1)
    assert str(value) in text
    with pytest.raises(RecordError) as caught:
        parse_record(text, "rec.yaml")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if str(value) in t)
    assert caught.value.line == line and said in caught.value.message


def test_a_stake_at_its_bound_is_read():
    from hocdsl.records import parse_record

    text = (ROOT / "examples" / "precedence.yaml").read_text(encoding="utf-8")
    assert parse_record(text.replace("players: [Anne, Blaise]", "players: [Anne, Blaise]\nstake: 1000000")).stake \
        == 1_000_000


def test_a_name_of_the_longest_the_table_allows_is_read_back():
    from hocdsl.play.session import MAX_NAME
    from hocdsl.records import RecordError, parse_record

    text = (ROOT / "examples" / "precedence.yaml").read_text(encoding="utf-8")
    assert parse_record(text.replace("Anne", "A" * MAX_NAME)).players[0] == "A" * MAX_NAME
    with pytest.raises(RecordError, match="a name of 41 characters"):
        parse_record(text.replace("Anne", "A" * (MAX_NAME + 1)))


# ------------------------------------------------------- unbounded cost (issue 22) ----


def _padded(text: str, chars: int) -> str:
    """``text`` followed by comment lines up to ``chars`` characters."""
    line = "# " + "x" * 78 + "\n"
    return text + line * (chars // len(line) + 1)


@pytest.mark.parametrize("command", [["validate", "big.yaml"], ["show", "big.yaml"], ["migrate", "big.yaml"],
                                     ["show", "hoca", "--with", "big.yaml"], ["replay", "rec.yaml"]])
def test_a_file_of_more_than_a_million_characters_is_refused_unread(tmp_path, command):
    import time

    (tmp_path / "big.yaml").write_text(_padded("format: 2\nname: big\ntitle: t\nextends: hoca\n", 2_000_000))
    (tmp_path / "rec.yaml").write_text(_padded((ROOT / "examples" / "precedence.yaml").read_text(), 2_000_000))
    start = time.monotonic()
    out = refused(hoc(*command, cwd=tmp_path))
    assert time.monotonic() - start < 10  # the whole file would take a minute and gigabytes
    assert "found a file of more than 1,000,000 characters" in out


def test_a_ruleset_just_under_the_bound_still_loads(tmp_path):
    (tmp_path / "near.yaml").write_text(_padded("format: 2\nname: near\ntitle: t\nsummary: s\nextends: hoca\n",
                                                990_000)[:999_000])
    res = hoc("validate", "near.yaml", cwd=tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr


@pytest.mark.parametrize("command", [
    ["simulate", "hoca"], ["diff", "hoca", "hoca"], ["report", "hoca", "hoca"], ["readings", "hoca"],
    ["sweep", "hoca", "--knob", "bidding.raise_cap=5,10"], ["family", "hoca", "manille"], ["play", "hoca"],
])
def test_hands_are_bounded_on_every_command(tmp_path, command):
    out = refused(hoc(*command, "--hands", str(10 ** 23), cwd=tmp_path, stdin="quit\n"))
    assert "--hands 100000000000000000000000: at most 1,000,000,000 hands" in out


@pytest.mark.parametrize("command", [
    ["simulate", "hoca"], ["diff", "hoca", "hoca"], ["report", "hoca", "hoca"], ["readings", "hoca"],
    ["reconstruct", "hoca"], ["sweep", "hoca", "--knob", "bidding.raise_cap=5,10"], ["family", "hoca", "manille"],
])
def test_jobs_are_bounded_on_every_command(tmp_path, command):
    # 100,000 workers would be started (a chunk each) before any hand is played
    out = refused(hoc(*command, "--jobs", "100000", "--hands", "1000000", cwd=tmp_path))
    assert "--jobs 100000: at most 256 processes" in out


def test_the_simulator_refuses_more_workers_than_its_bound():
    from hocdsl.sim import MAX_JOBS, simulate

    with pytest.raises(ValueError, match=f"jobs must be a whole number from 1 to {MAX_JOBS}, not {MAX_JOBS + 1}"):
        simulate(load_ruleset("hoca"), hands=1, jobs=MAX_JOBS + 1)


@pytest.mark.parametrize("command", [
    ["validate", "long.yaml"], ["simulate", "hoca", "--bots", "x" * 5000],
    ["diff", "hoca", "hoca", "--bots", "x" * 5000], ["readings", "hoca", "--knob", "bidding.raise_cap=" + "x" * 5000],
    ["readings", "hoca", "--knob", "x" * 5000 + "=1"],
    ["sweep", "hoca", "--knob", "bidding.raise_cap=" + "x" * 5000], ["docs", "x" * 5000],
    ["family", "hoca", "manille", "--by", "x" * 5000], ["play", "hoca", "--name", "x" * 5000],
    ["play", "hoca", "--bots", "x" * 5000],
])
def test_a_value_of_thousands_of_characters_is_cut_in_its_error(tmp_path, command):
    ruleset(tmp_path, "long", "bidding:\n  raise_cap: {value: 3, source: " + "x" * 5000 + "}\n", extends="hoca")
    out = refused(hoc(*command, cwd=tmp_path, stdin="quit\n"))
    assert max(map(len, out.split())) < 230, out[:1000]  # no value quoted past 200 characters
    assert "…" in out


# ------------------------------------------------ errors in the table's language (issue 22) ----


def _junk(count: int, seed: int = 1) -> list[str]:
    """Announcements broken as a player breaks them: a word added, changed or dropped."""
    import random

    good = ["pass", "call", "raise 3", "je renvie de 3", "5 cards, 23", "5 cartes, 23", "quinte to the king",
            "quinte au roi", "brelan of jacks", "brelan de valets", "tricon of 3 kings", "that's fine", "c'est bon",
            "nothing", "show", "blank hand", "7H 8S without 9", "7H 8S sans 9", "KC hoc!", "je passe",
            "sequence of 4", "carré of aces", "tierce à la dame", "je ne montre pas", "comète!", "quinte majeure",
            "brelan mineur", "sept sans huit", "roi, dame de cœur", "9D as 4", "14 de pique"]
    words = " ".join(good).split() + ["lots", "zz", "99", "0", "14", "KC", "de", "of", "to", "au", "sans", "!"]
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        said = rng.choice(good).split()
        op = rng.randrange(4)
        if op == 0:
            said.insert(rng.randrange(len(said) + 1), rng.choice(words))
        elif op == 1:
            said[rng.randrange(len(said))] = rng.choice(words)
        elif op == 2 and len(said) > 1:
            del said[rng.randrange(len(said))]
        else:
            said = [rng.choice(words) for _ in range(rng.randrange(1, 4))]
        out.append(" ".join(said))
    return out


ENGLISH = __import__("re").compile(
    r"\b(expected|after|did you mean|nothing more|is not a|cannot be|means|there is no|a number of|alone|"
    r"reaches|ranks run|its suit|not \d)\b")


def test_every_announcement_error_is_said_in_french_under_lang_fr():
    import re

    from hocdsl.announce import Vocabulary
    from hocdsl.announce.french import in_french

    vocabs = [Vocabulary.default(), Vocabulary.from_ruleset(load_ruleset("comete"))]
    seen = 0
    for vocab in vocabs:
        for text in _junk(400) + [f"raise {HUGE}", "sequence of 20", "tierce to the queen major"]:
            try:
                parse_announcement(text, vocab)
            except AnnouncementError as e:
                seen += 1
                french = in_french(e.message)
                unquoted = re.sub(r"« [^»]* »|\([^)]*\)", "", french)
                assert not ENGLISH.search(unquoted), (text, e.message, french)
                assert e.render("fr").endswith(french) and e.render("en") == str(e)
    assert seen > 300


def test_play_under_lang_fr_says_a_parse_error_in_french(tmp_path):
    res = hoc("play", "hoc-mazarin", "--seed", "5", "--bots", "random", "--lang", "fr", cwd=tmp_path,
              stdin="renvie beaucoup\nquinte au trois\nquitter\nquit\n")
    out = res.stdout + res.stderr
    assert res.returncode == 0 and "Traceback" not in out, out[-3000:]
    assert "attendu un nombre de jetons après « renvie »" in out
    assert "une quinte ne peut aller au trois : une suite de 5 va au moins jusqu'au cinq" in out
    assert "expected" not in out


# ------------------------------------------------------- small inconsistencies (issue 22) ----


@pytest.mark.parametrize("command", [
    ["simulate", "hoca"], ["diff", "hoca", "hoca"], ["readings", "hoca"], ["report", "hoca", "hoca"],
    ["sweep", "hoca", "--knob", "bidding.raise_cap=5,10"], ["family", "hoca", "manille"], ["play", "hoca"],
])
def test_empty_bots_are_refused_by_every_command(tmp_path, command):
    out = refused(hoc(*command, "--bots", "", "--hands", "10", cwd=tmp_path, stdin="quit\n"))
    assert "--bots '': empty bot name" in out


def test_extends_of_a_file_that_is_no_ruleset_does_not_quote_it(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:the first line of someone's file\nmore\n")
    ruleset(tmp_path, "x", "", extends=str(secret))
    out = refused(hoc("validate", "x.yaml", cwd=tmp_path))
    assert out.startswith("x.yaml:4:10: extends: found `secret.txt`, which is not a ruleset file")
    assert "root" not in out and "someone" not in out
    if Path("/etc/passwd").is_file():
        ruleset(tmp_path, "pw", "", extends="/etc/passwd")
        out = refused(hoc("validate", "pw.yaml", cwd=tmp_path))
        assert "which is not a ruleset file" in out and "root" not in out


# ----------------------------------------------------------- the false first error (issue 22) ----


def _stage_heads() -> list[tuple[str, str, str]]:
    """Every stage of the Hoca: its id, the lines that restate its kind, and a knob of it."""
    from hocdsl.rules.loader import bundled_path
    from hocdsl.rules.yamldoc import read_yaml

    stages = read_yaml(str(bundled_path("hoca"))).data["stages"]  # as hocdsl reads it: `on:` a key, not true
    out = []
    for sid, st in stages.items():
        head = "".join(f"    {k}: {st[k]}\n" for k in ("kind", "on", "pool") if k in st)
        knob = next(k for k in st if k not in ("kind", "on", "pool", "title"))
        out.append((sid, head, knob))
    return out


@pytest.mark.parametrize("sid, head, knob", _stage_heads(), ids=lambda x: x if "\n" not in x else "")
def test_a_misspelt_knob_in_a_stage_is_the_only_error(tmp_path, sid, head, knob):
    wrong = knob[:-1] + ("x" if knob[-1] != "x" else "y")  # one letter off
    ruleset(tmp_path, "typo", f"stages:\n  {sid}:\n{head}    {wrong}: {{value: 1, editorial: x}}\n", extends="hoca")
    out = refused(hoc("validate", "typo.yaml", cwd=tmp_path))
    errors = [line for line in out.splitlines() if line.startswith("typo.yaml:")]
    assert len(errors) == 1, out
    line = 7 + head.count("\n")  # format, name, title, extends, stages, the stage, its head
    assert errors[0].startswith(f"typo.yaml:{line}:5: stages.{sid}.{wrong}: found an unknown knob `{wrong}`")
    assert f"did you mean `{knob}`?" in out


def test_principle_wild_under_card_game_reports_itself_not_kind(tmp_path):
    ruleset(tmp_path, "ms", "stages:\n  card_game:\n    kind: stops\n"
                            "    principle_wild: {value: always, editorial: x}\n", extends="hoca")
    out = refused(hoc("validate", "ms.yaml", cwd=tmp_path))
    assert out.startswith("ms.yaml:8:5: stages.card_game.principle_wild: found an unknown knob `principle_wild`")
    assert "`kind`" not in out and "did you mean `principal_wild`?" in out


def test_a_knob_indented_under_another_says_so(tmp_path):
    ruleset(tmp_path, "deep", "stages:\n  card_game:\n    kind: stops\n    opening_lead:\n      value: any\n"
                              "      editorial: x\n      principal_wild: {value: always, editorial: x}\n",
            extends="hoca")
    out = refused(hoc("validate", "deep.yaml", cwd=tmp_path))
    assert out.startswith("deep.yaml:11:7: stages.card_game.opening_lead.principal_wild: found an unknown key")
    assert "is it indented too far?" in out


@pytest.mark.parametrize("body, place, said, fix", [
    ("deal:\n  first_dealer:\n    value dealer\n    editorial: x\n", "7:5", "value dealer", "value: dealer"),
    ("deal:\n  first_dealer:\n    editorial: x\n    value dealer\n", "8:5", "value dealer", "value: dealer"),
    ("deal:\n  first_dealer:\n    editorial: x\n    value dealer\nstages:\n  card_game:\n    kind: stops\n", "8:5",
     "value dealer", "value: dealer"),
    ("deal:\n  first_dealer:\n    value dealer  # the dealer\n    editorial: x\n", "7:5", "value dealer",
     "value: dealer"),
])
def test_a_missing_colon_is_said_on_its_own_line(tmp_path, body, place, said, fix):
    ruleset(tmp_path, "colon", body, extends="hoca")
    out = refused(hoc("validate", "colon.yaml", cwd=tmp_path))
    assert out.startswith(f"colon.yaml:{place}: found `{said}`, a line without a colon"), out
    assert f"hint: add the missing colon: `{fix}`" in out


def test_a_missing_colon_in_a_flow_mapping_or_at_the_top(tmp_path):
    ruleset(tmp_path, "flow", "deal:\n  first_dealer: {value dealer, editorial: x}\n", extends="hoca")
    out = refused(hoc("validate", "flow.yaml", cwd=tmp_path))
    assert out.startswith("flow.yaml:6:18: deal.first_dealer.value dealer: found `value dealer`, a key and its "
                          "value without the colon between them")
    assert "hint: add the missing colon: `value: dealer`" in out
    assert "without `value`" not in out  # the value is there, its colon is not
    (tmp_path / "top.yaml").write_text("format: 2\nname top\ntitle: t\n")
    out = refused(hoc("validate", "top.yaml", cwd=tmp_path))
    assert out.startswith("top.yaml:2:1: found `name top`, a line without a colon")


def test_a_text_of_several_lines_running_into_a_key_is_not_called_a_missing_colon(tmp_path):
    (tmp_path / "run.yaml").write_text("format: 2\nname: run\ntitle: t\nsummary: this is long\n  that goes on\n"
                                       "  bad: x\n")
    out = refused(hoc("validate", "run.yaml", cwd=tmp_path))
    assert out.startswith("run.yaml:6:6: found a YAML syntax error") and "without a colon" not in out


def test_a_bare_on_key_is_the_word_on(tmp_path):
    # YAML 1.1 reads a bare `on` as true; the stage was then "a vie stage on `None`"
    ruleset(tmp_path, "bare", "stages:\n  point:\n    kind: vie\n    on: point\n    pool: point\n", extends="hoca")
    res = hoc("validate", "bare.yaml", cwd=tmp_path)
    assert res.returncode == 0 and "OK" in res.stdout, res.stdout + res.stderr


# ------------------------------------------------- the record of a game (issue 22) ----


def _answer_until(child, pattern: str, limit: int = 400) -> bool:
    """Answer every prompt with a legal choice (pass where it may) until ``pattern`` is seen
    before a prompt (True), or the program ends (False)."""
    import re

    import pexpect

    for _ in range(limit):
        if child.expect([r"\r\n> ", pexpect.EOF]) == 1:
            return False
        if re.search(pattern, child.before):
            return True
        _answer(child)
    raise AssertionError(f"no {pattern!r} in {limit} prompts")


def _answer(child) -> None:
    """Answer the prompt that is up with a legal choice (pass where it may)."""
    child.sendline("legal")
    child.expect(r"legal: ([^\r\n]*)\r\n")
    options = child.match.group(1).split(" | ")
    child.expect(r"\r\n> ")
    child.sendline("pass" if "pass" in options else options[0])


def _replayed(path: Path) -> dict:
    import json

    res = subprocess.run([HOC, "replay", str(path), "--json"], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_a_signal_during_play_loses_no_finished_hand(tmp_path, signum):
    import re

    pexpect = pytest.importorskip("pexpect")
    record = tmp_path / "game.yaml"
    child = pexpect.spawn(HOC, ["play", "hoc-mazarin", "--seed", "2", "--hands", "3", "--bots", "random",
                                "--record", str(record)], cwd=str(tmp_path), encoding="utf-8", timeout=60,
                          dimensions=(50, 200))
    try:
        _answer_until(child, r"Net this hand")  # the first hand is over; the second's first prompt is up
        net = {n: int(v) for n, v in re.findall(r"(\w+) ([+-]\d+)", child.before.split("Net this hand:")[1]
                                                .splitlines()[0])}
        assert record.exists(), "the finished hand is not on disk before the signal"
        child.kill(signum)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 128 + signum, (child.exitstatus, child.signalstatus, child.before)
    assert "Traceback" not in child.before
    replay = _replayed(record)
    assert len(replay["deals"]) == 1 and replay["deals"][0]["net"] == net
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"]  # no temporary file left


def test_a_record_that_cannot_be_written_is_said_at_once_and_at_the_end(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(HOC, ["play", "hoc-mazarin", "--seed", "3", "--hands", "2", "--bots", "random",
                                "--record", "game.yaml"], cwd=str(tmp_path), encoding="utf-8", timeout=60,
                          dimensions=(50, 200), env={**os.environ, "COLUMNS": "200"},  # lines whole, as the others
                          preexec_fn=lambda: _small_files(100))  # as on a full disk
    try:
        assert _answer_until(child, r"Net this hand")
        told = child.before
        _answer(child)
        assert not _answer_until(child, r"(?!)")  # to the end of the partie
    finally:
        child.close(force=True)
    assert "The record could not be written to game.yaml (File too large): it holds 0 finished hands; " \
           "the game goes on" in told and "Hand 2 of 2" in told
    assert child.exitstatus == 1, child.before
    assert "error: cannot write the record game.yaml: File too large; it holds 0 of the 2 hands finished" \
        in child.before
    assert list(tmp_path.iterdir()) == []  # nothing half written


@pytest.mark.parametrize("where, why", [
    ("missing/game.yaml", "there is no directory missing"), ("sub", "it is a directory"),
    (None, "cannot be written to (Permission denied)"),
])
def test_play_refuses_a_record_it_cannot_write_before_the_first_hand(tmp_path, where, why):
    (tmp_path / "sub").mkdir()
    where = where or str(read_only_dir(tmp_path) / "game.yaml")
    res = hoc("play", "hoc-mazarin", "--record", where, cwd=tmp_path, stdin="")
    out = refused(res)
    assert f"error: cannot write the record {where}: " in out and why in out
    assert "Hand 1" not in out  # not a hand dealt
