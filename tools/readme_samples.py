"""The README's sample outputs, made by running the commands they show.

A sample is a fenced ``text`` (or ``markdown``) block of README.md preceded by a marker comment
(or markdown the page renders, a table, between the marker and a line ``<!-- /sample -->``)::

    <!-- sample: hoc diff manille manille-larousse --hands 0 | keep 1-12 -->

The command runs in-process at 100 columns (``COLUMNS=100``: the terminal the README
is written for); ``keep`` names the lines of its output shown (``1-12,40-``: ranges,
1-based, an open end to the last line; ``7`` a single line), a gap between kept ranges
is marked with a line ``…``. A marker that ends ``| slow`` names a command that takes
tens of seconds (the README's first command plays 20,000 hands under each ruleset): its
test is marked ``slow`` (``pytest -m 'not slow'`` leaves it out). Three more options, for
a command run on a file the README shows (an error ``hoc validate`` reports)::

    <!-- sample: hoc validate my-reading.yaml | file my-reading.yaml | exit 2 | prompt -->

``file NAME``: the README's last ``yaml`` block before the marker is written as ``NAME`` in
an empty directory, where the command runs; ``exit N``: the exit code the command must give
(0 unless said); ``prompt``: the body starts with the command after ``$ ``. Lines that report a speed (``hands/s``) vary from run to run: they are
compared with their figures masked.

    python tools/readme_samples.py            # rewrite the samples in README.md
    python tools/readme_samples.py --check    # exit 1, saying which, if a sample has drifted
    python tools/readme_samples.py --only "hoc odds"   # only the samples whose command holds it

``tests/test_readme_samples.py`` runs the check, so a sample cannot drift from what the
command prints.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
COLUMNS = 100

MARKER = re.compile(r"^<!-- sample: (?P<spec>[^\n]+?) -->\n```(?:text|markdown)\n(?P<body>.*?)^```\n", re.M | re.S)
#: A sample shown as markdown itself (a table the page renders), not in a fence: up to its end marker.
RAW = re.compile(r"^<!-- sample: (?P<spec>[^\n]+?) -->\n(?!```)(?P<body>.*?)^<!-- /sample -->\n", re.M | re.S)
_YAML = re.compile(r"^```yaml\n(?P<text>.*?)^```\n", re.M | re.S)
_OPTION = re.compile(r"(?P<name>keep|file|exit) (?P<value>\S.*)|(?P<flag>slow|prompt)")
_VARYING = re.compile(r"[\d,.]+(?= hands/s)")


@dataclass(frozen=True)
class Sample:
    """One marked block: its command, the lines kept, and the text it holds now."""

    command: str
    keep: str | None
    body: str
    start: int  # offsets of the body in the README
    end: int
    slow: bool = False  # tens of seconds: its test is marked slow
    file: str | None = None  # the name the last yaml block before the marker is written as
    file_text: str | None = None
    exit: int = 0  # the exit code the command must give
    prompt: bool = False  # the body starts with "$ <command>"


def _sample(text: str, m: re.Match[str]) -> Sample:
    command, *options = m["spec"].split(" | ")
    found: dict[str, str] = {}
    for option in options:
        o = _OPTION.fullmatch(option.strip())
        if o is None:
            raise ValueError(f"README.md: a sample of `{command}` has an option it does not know: {option!r}")
        found[o["name"] or o["flag"]] = o["value"] or ""
    file_text = None
    if "file" in found:
        blocks = list(_YAML.finditer(text, 0, m.start()))
        if not blocks:
            raise ValueError(f"README.md: the sample of `{command}` names a file, but no yaml block comes before it")
        file_text = blocks[-1]["text"]
    return Sample(command, found.get("keep"), m["body"], m.start("body"), m.end("body"), "slow" in found,
                  found.get("file"), file_text, int(found.get("exit", "0")), "prompt" in found)


def samples(text: str) -> list[Sample]:
    """The marked samples of ``text``, in order."""
    found = [*MARKER.finditer(text), *RAW.finditer(text)]
    return [_sample(text, m) for m in sorted(found, key=lambda m: m.start())]


def kept(lines: list[str], keep: str | None) -> list[str]:
    """The lines named by ``keep`` (``1-12,40-``), a ``…`` line where lines were left out.

    >>> kept(["a", "b", "c", "d", "e"], "1-2,4-")
    ['a', 'b', '…', 'd', 'e']
    >>> kept(["a", "b"], None)
    ['a', 'b']
    """
    if not keep:
        return lines
    out: list[str] = []
    last = 0
    for part in keep.replace(" ", "").split(","):
        lo_text, _, hi_text = part.partition("-")
        lo = int(lo_text)
        hi = len(lines) if part.endswith("-") else int(hi_text or lo_text)
        if lo > last + 1 and out:
            out.append("…")
        out.extend(lines[lo - 1:hi])
        last = hi
    return out


def run(command: str, *, exit: int = 0, file: str | None = None, file_text: str | None = None) -> str:
    """What ``command`` (a ``hoc ...`` line) prints at :data:`COLUMNS` columns (its standard
    output and error), in the repository, or with ``file`` in an empty directory that holds
    ``file_text`` under that name. Exit codes other than ``exit`` are an error."""
    import tempfile

    from typer.testing import CliRunner

    from hocdsl.cli import app

    args = shlex.split(command)
    if args[0] != "hoc":
        raise ValueError(f"a sample runs a hoc command, not {command!r}")
    old = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        where = ROOT  # the README's paths (examples/...) are relative to the repository
        if file is not None:
            where = Path(tmp)
            (where / file).write_text(file_text or "", encoding="utf-8")
        os.chdir(where)
        try:
            result = CliRunner().invoke(app, args[1:], env={"COLUMNS": str(COLUMNS)})
        finally:
            os.chdir(old)
    if result.exit_code != exit:
        raise RuntimeError(f"{command}: exit {result.exit_code}, not {exit}\n{result.output}")
    return result.output


def made(sample: Sample) -> str:
    """The body ``sample`` should hold: its command's output, the kept lines, trailing spaces cut."""
    out = run(sample.command, exit=sample.exit, file=sample.file, file_text=sample.file_text)
    lines = [line.rstrip() for line in out.rstrip("\n").split("\n")]
    return "\n".join((["$ " + sample.command] if sample.prompt else []) + kept(lines, sample.keep)) + "\n"


def masked(text: str) -> str:
    """``text`` with the figures that vary between runs (speeds) masked."""
    return _VARYING.sub("#", text)


def has_drifted(sample: Sample) -> str | None:
    """What ``sample``'s command prints now, if its body is not that; else None."""
    body = made(sample)
    return body if masked(body) != masked(sample.body) else None


def drifted(text: str) -> list[tuple[Sample, str]]:
    """The samples of ``text`` whose body is not what their command prints, with what it prints."""
    out = []
    for s in samples(text):
        body = has_drifted(s)
        if body is not None:
            out.append((s, body))
    return out


def rewrite(text: str, only: str | None = None) -> str:
    """``text`` with every sample's body made anew (``only``: those whose command holds it)."""
    for s in reversed(samples(text)):
        if only is None or only in s.command:
            text = text[:s.start] + made(s) + text[s.end:]
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="say which samples drifted; change nothing")
    parser.add_argument("--only", metavar="TEXT", help="only the samples whose command holds TEXT")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    if args.check:
        bad = [s for s in samples(text) if (args.only is None or args.only in s.command) and has_drifted(s)]
        for s in bad:
            print(f"README.md: the sample of `{s.command}` is not what it prints now", file=sys.stderr)
        return 1 if bad else 0
    new = rewrite(text, args.only)
    if new != text:
        README.write_text(new, encoding="utf-8")
        n = sum(args.only is None or args.only in s.command for s in samples(text))
        print(f"README.md: {n} sample{'s' if n != 1 else ''} made anew")
    return 0


if __name__ == "__main__":
    sys.exit(main())
