"""`hoc report A B`: one self-contained HTML page (styles and SVG plots inline, nothing
fetched, every ruleset text escaped), checked as text and rendered in a real headless
browser (Debian's chromium), whose screenshot is kept under build/test-artifacts/."""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.report import build_report, number, report_html
from hocdsl.rules import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"
ARTIFACTS = ROOT / "build" / "test-artifacts"
HANDS = 200  # few hands: the page's shape does not depend on how many
runner = CliRunner()

MAZARIN = load_ruleset("hoc-mazarin")
HOCA = load_ruleset("hoca")

#: The plots of a report without readings, by the title drawn in each.
PLOT_TITLES = ("Net per hand by position", "Cards left in a loser", "End payment a loser owes",
               "The pool when a vie stage is won")


@pytest.fixture(scope="module")
def page() -> str:
    return report_html(build_report(MAZARIN, HOCA, hands=HANDS))


class Page(HTMLParser):
    """The tags of a page, their attributes, and the text inside ``<svg>`` elements."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.svg_depth = 0
        self.svg_text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "svg":
            self.svg_depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg":
            self.svg_depth -= 1

    def handle_data(self, data: str) -> None:
        if self.svg_depth:
            self.svg_text.append(data)

    def count(self, tag: str) -> int:
        return sum(t == tag for t, _ in self.tags)


def rules_rows(page: str) -> dict[str, str]:
    """The rows of the "rules that differ" tables: knob path -> the row's HTML."""
    rows = re.findall(r'<tr><td><b>[^<]*</b><br><code>([^<]+)</code></td>(.*?)</tr>', page, flags=re.S)
    return dict(rows)


# ------------------------------------------------------------ what it says ----


def test_the_page_names_both_rulesets_and_their_sources(page):
    assert page.startswith("<!DOCTYPE html>")
    assert "Hoc Mazarin (Académie des jeux oubliés)" in page  # the titles in the files
    assert "Hoca (Règles de la Hoca)" in page
    # the source files each ruleset cites (sources: blocks of the two files)
    assert "002_a949d94ce3835e8f.txt" in page  # Lalanne, for both
    assert "003_717de0d0dab7b5a6.txt" in page  # the Hoca page


def test_the_rules_that_differ_are_those_the_hoca_page_changes(page):
    """The Hoca page against Lalanne's Académie (hoca.yaml's summary lists them): ties go
    to the eldest; the point by value alone; a longer run beats a counted one and only the
    winning run is paid; every tricon held is paid; the card game opens with one's lowest
    card; principal hocs stand for a missing card."""
    rows = rules_rows(page)
    assert {"bidding.precedence", "point.keys", "sequence.longer_ranks_higher", "sequence.claim",
            "tricon.claim", "card_game.opening_lead", "card_game.principal_wild"} <= set(rows)
    # each side in words with its citation: Lalanne §3.1 against the page's "Le point"
    point = rows["point.keys"]
    assert "the most cards, then the highest value" in point and "lalanne §3.1" in point
    assert "the highest value alone" in point and "hoca §Le point" in point


def test_the_outcome_table_has_intervals_and_no_signed_zero(page):
    assert "net_per_hand.eldest" in page and "95% interval of B − A" in page
    assert f"{HANDS:,} hands, 3 players, heuristic bots, seed 0" in page
    assert not re.search(r"[−-]0\.0+(?![0-9e])", page)
    assert number(-0.0) == "0" and number(-0.00004, signed=True) == "−4.0e-05"


def test_the_plots_are_inline_svg_with_their_titles(page):
    p = Page(page)
    assert p.count("svg") == len(PLOT_TITLES)
    assert p.count("figure") == len(PLOT_TITLES)
    text = " ".join(p.svg_text)
    for title in PLOT_TITLES:
        assert title in text, title
    for position in ("eldest", "second", "dealer"):  # the net plot's axis, three players
        assert position in text


def test_nothing_is_fetched(page):
    """No script, stylesheet, image, frame or font from outside: the only URLs are the
    XML namespaces of the SVG elements (names, never loaded)."""
    p = Page(page)
    for tag in ("script", "link", "img", "iframe", "object", "embed"):
        assert p.count(tag) == 0, tag
    for tag, attrs in p.tags:
        for name, value in attrs.items():
            if value and "://" in value:
                assert name.startswith("xmlns"), (tag, name, value)
            if name in ("src", "href", "xlink:href") and value:
                assert value.startswith("#"), (tag, name, value)
    assert "@import" not in page
    assert not re.search(r"url\(\s*['\"]?(?!#)", page)  # only url(#clip) references inside the SVG


def test_text_from_a_ruleset_is_escaped(tmp_path):
    f = tmp_path / "hostile.yaml"
    f.write_text(
        "format: 2\nname: hostile\nextends: hoca\n"
        "title: '<script>alert(\"t\")</script> & co'\n"
        "summary: '<img src=x onerror=alert(1)> \"quoted\"'\n", encoding="utf-8")
    page = report_html(build_report(MAZARIN, load_ruleset(str(f)), hands=40))
    p = Page(page)
    assert p.count("script") == 0 and p.count("img") == 0
    assert "&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &amp; co" in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


def alternatives_in_file(name: str) -> set[str]:
    """The knob paths a bundled ruleset file gives ``alternatives:`` for, read as plain YAML."""
    doc = yaml.safe_load((RULESETS / f"{name}.yaml").read_text(encoding="utf-8"))
    groups = {sec: doc.get(sec) or {} for sec in ("pack", "deal", "table", "bidding")}
    groups.update({f"pools.{p}": k for p, k in (doc.get("pools") or {}).items()})
    groups.update(doc.get("stages") or {})
    return {f"{prefix}.{knob}" for prefix, knobs in groups.items() for knob, spec in knobs.items()
            if isinstance(spec, dict) and spec.get("alternatives")}


def test_with_readings_each_rulesets_alternatives_are_played_and_drawn():
    expected_a, expected_b = alternatives_in_file("hoc-mazarin"), alternatives_in_file("hoca")
    assert expected_a and expected_b  # both files leave some rule open
    page = report_html(build_report(MAZARIN, HOCA, hands=100, readings=True))
    p = Page(page)
    assert p.count("svg") == len(PLOT_TITLES) + 2  # one plot of readings per ruleset
    text = " ".join(p.svg_text)
    assert "hoc-mazarin: alternative − chosen" in text and "hoca: alternative − chosen" in text
    for path in expected_a | expected_b:  # every knob with alternatives is drawn
        assert path in text, path
    part = page[page.index("The readings of lost or doubtful rules"):]
    a_part, b_part = part.split("<h3>hoca</h3>")
    found_a = set(re.findall(r"<br><code>([^<]+)</code></td>", a_part))
    found_b = set(re.findall(r"<br><code>([^<]+)</code></td>", b_part))
    assert found_a == expected_a and found_b == expected_b


def test_without_readings_the_page_says_how_to_get_them(page):
    assert "hoc report A B --readings" in page


# ------------------------------------------------------------ the command ----


def test_hoc_report_writes_the_page(tmp_path):
    out = tmp_path / "r.html"
    result = runner.invoke(app, ["report", "hoc-mazarin", "hoca", "-n", "100", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and Page(text).count("svg") == len(PLOT_TITLES)
    assert f"wrote {out}" in result.output


def test_hoc_report_to_standard_output():
    result = runner.invoke(app, ["report", "hoc-mazarin", "hoca", "-n", "40", "-o", "-"])
    assert result.exit_code == 0
    assert result.stdout.startswith("<!DOCTYPE html>") and result.stdout.rstrip().endswith("</html>")


@pytest.mark.parametrize("args, message", [
    (["hoc-mazarine", "hoca"], "hoc-mazarin"),  # a misspelt ruleset: did you mean
    (["hoc-mazarin", "hoca", "-o", "/nonexistent-dir/r.html"], "cannot write /nonexistent-dir/r.html"),
])
def test_hoc_report_bad_input_exits_2(args, message):
    result = runner.invoke(app, ["report", *args, "-n", "20"])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


# ------------------------------------------------------------ in a browser ----

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def browser() -> str | None:
    return next((path for name in BROWSERS if (path := shutil.which(name))), None)


def headless(exe: str, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
           f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=180)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


@pytest.mark.skipif(browser() is None, reason="no chromium found (.ci/run installs Debian's chromium "
                                               "with apt-get where it can)")
def test_the_page_renders_in_a_headless_browser(page, tmp_path, capsys):
    exe = browser()
    assert exe is not None
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    html_file = ARTIFACTS / "report.html"
    html_file.write_text(page, encoding="utf-8")
    url = html_file.resolve().as_uri()

    dom = headless(exe, tmp_path / "profile", "--dump-dom", url)
    assert dom.returncode == 0, dom.stderr[-2000:]
    p = Page(dom.stdout)  # the page as the browser built it
    assert p.count("svg") == len(PLOT_TITLES)
    assert p.count("path") > 50  # the plots' marks, not empty frames
    assert "Hoca (Règles de la Hoca)" in dom.stdout
    console = [line for line in dom.stderr.splitlines() if ":CONSOLE" in line]
    assert console == []  # the page has no script: any console message is an error

    shot = ARTIFACTS / "report.png"
    if shot.exists():
        shot.unlink()
    run = headless(exe, tmp_path / "profile", "--hide-scrollbars", f"--screenshot={shot}",
                   "--window-size=1200,3000", url)
    assert run.returncode == 0, run.stderr[-2000:]
    assert [line for line in run.stderr.splitlines() if ":CONSOLE" in line] == []
    assert png_size(shot) == (1200, 3000)
    from PIL import Image  # matplotlib's own dependency

    with Image.open(shot) as im:
        colours = im.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 100  # text, tables and plots: not a blank page
    with capsys.disabled():
        print(f"\nscreenshot of the report: {shot}")
    assert os.path.getsize(shot) > 10_000


@pytest.mark.skipif(browser() is None, reason="no chromium found (.ci/run installs Debian's chromium "
                                               "with apt-get where it can)")
def test_the_page_fits_a_narrow_window(page, tmp_path):
    """At 400 px (a phone; headless chromium keeps a window of at least 500) nothing runs off the
    right edge: a wide table scrolls inside itself. A test-only copy of the page measures itself
    (the page proper has no script)."""
    exe = browser()
    assert exe is not None
    probe = ('<script>document.body.setAttribute("data-width", '
             'document.documentElement.scrollWidth + "/" + innerWidth);</script>')
    copy = tmp_path / "narrow.html"
    copy.write_text(page.replace("</body>", probe + "</body>"), encoding="utf-8")
    dom = headless(exe, tmp_path / "profile", "--window-size=400,3000", "--virtual-time-budget=3000",
                   "--dump-dom", copy.resolve().as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    found = re.search(r'data-width="(\d+)/(\d+)"', dom.stdout)
    assert found, "the probe did not run"
    content, window = int(found[1]), int(found[2])
    assert content <= window, f"the page is {content} px wide in a window of {window} px"


def test_the_page_prints_its_folded_sections_and_names_metrics_in_words(page):
    assert "@media print" in page and "details::details-content" in page
    assert "net per hand, eldest" in page and '<code class="name">net_per_hand.eldest</code>' in page
