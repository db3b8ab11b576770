"""The interpretation register and the knob catalog stay in step with the model and the rulesets.

- docs/interpretations.md is exactly what ``python -m hocdsl.rules.register`` writes;
- every knob of the model is in the catalog (knobs.yaml), nothing else is, and each
  entry says what Lalanne (002), Wikipedia (001) and the Hoca page (003) say;
- the register covers every item of issue 2 section 7, checked by knob path.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hocdsl.rules import bundled_extensions, bundled_rulesets, load_ruleset
from hocdsl.rules.build import KNOB_PATHS
from hocdsl.rules.describe import catalog, describe, knob_stage, knob_title
from hocdsl.rules.model import SECTIONS
from hocdsl.rules.register import main, render

ROOT = Path(__file__).resolve().parent.parent
REGISTER = ROOT / "docs" / "interpretations.md"
SOURCES_DIR = ROOT.parent / "shared" / "sources"

#: issue 2 §7, item by item -> the knobs the register must show for it
SECTION_7: dict[str, tuple[str, ...]] = {
    "players and cards dealt": ("table.hand_size",),
    "rank order and card values": ("table.rank_order", "table.court_value", "table.ace_value"),
    "direction of play, eldest hand, dealer choice and rotation": (
        "table.direction", "table.first_dealer", "table.dealer_rotation"),
    "starting stake": ("table.starting_stake",),
    "ante per chance": ("antes.per_chance", "antes.on_carried_pool"),
    "raise cap": ("bidding.raise_cap",),
    "return after a pass before any raise": ("bidding.may_return_after_pass",),
    "precedence in ties": ("bidding.precedence",),
    "point comparison keys": ("point.keys",),
    "sequence lengths, cap, longer beats capped": (
        "sequence.min_length", "sequence.counts_up_to", "sequence.longer_ranks_higher"),
    "what major means": ("sequence.major", "tricon.major"),
    "payment tables": ("sequence.payments", "tricon.payments"),
    "lower combinations the winner may claim": ("sequence.claim", "tricon.claim"),
    "lone winner must show": ("bidding.lone_winner_must_show",),
    "the bluff case": ("bidding.bluff",),
    "double/triple multipliers and past the cap": (
        "double_game.carry_pool", "double_game.max_multiplier", "double_game.past_cap"),
    "blank-hand payment, timing, ties": (
        "blank_hand.payment", "blank_hand.timing", "blank_hand.ties"),
    "principal hocs: which, withheld, wild, leading": (
        "card_game.principal_hocs", "card_game.principal_may_withhold",
        "card_game.principal_wild", "card_game.principal_lead_pays"),
    "accidental hocs": ("card_game.accidental_hocs",),
    "hoc payment": ("card_game.hoc_payment",),
    "lowest card first": ("card_game.opening_lead",),
    "end payment schedule": ("card_game.end_payment",),
    "false without penalty": ("card_game.false_without_penalty",),
}


@pytest.fixture(scope="module")
def register_text() -> str:
    return REGISTER.read_text(encoding="utf-8")


def knob_block(text: str, path: str) -> str:
    """The part of the register from the knob's anchor to the next anchor."""
    start = text.index(f'<a id="{path}"></a>')
    nxt = text.find('<a id="', start + 1)
    return text[start:nxt if nxt != -1 else None]


# ------------------------------------------------------------ in step ----


def test_committed_register_is_the_generated_one(register_text: str) -> None:
    assert register_text == render(), (
        "docs/interpretations.md is out of step: run `python -m hocdsl.rules.register`")


def test_check_mode_reports_a_stale_file(tmp_path: Path) -> None:
    stale = tmp_path / "interpretations.md"
    stale.write_text("# stale\n", encoding="utf-8")
    assert main([str(stale), "--check"]) == 1
    assert main([str(stale)]) == 0
    assert main([str(stale), "--check"]) == 0


# ------------------------------------------------------------ catalog ----


def test_catalog_has_every_model_knob_and_nothing_else() -> None:
    assert set(catalog()["knobs"]) == set(KNOB_PATHS)


def test_catalog_stage_is_the_model_section() -> None:
    assert list(catalog()["stages"]) == list(SECTIONS)
    for path in KNOB_PATHS:
        assert catalog()["knobs"][path]["stage"] == path.split(".")[0], path


@pytest.mark.parametrize("path", KNOB_PATHS)
def test_catalog_entry_speaks_for_each_source(path: str) -> None:
    entry = catalog()["knobs"][path]
    assert entry["title"].strip() and entry["question"].strip()
    said = {e["source"]: e for e in entry["sources"]}
    # 002 (with its translation 000), 001 and 003 each say something, or are said to be silent
    assert {"lalanne", "wikipedia", "hoca"} <= set(said), path
    assert set(said) <= set(catalog()["sources"]), path
    for e in entry["sources"]:
        assert e["says"].strip() and e["section"].strip(), (path, e["source"])


def test_catalog_source_files_exist() -> None:
    if not SOURCES_DIR.is_dir():
        pytest.skip("the shared sources are not beside this checkout")
    for sid, s in catalog()["sources"].items():
        assert (SOURCES_DIR / s["file"]).is_file(), sid


def test_catalog_quotes_are_short() -> None:
    """Paraphrase, not copy: any quoted wording in the catalog is a few words."""
    for path, entry in catalog()["knobs"].items():
        for e in entry["sources"]:
            for quote in re.findall(r'"([^"]+)"', e["says"]):
                assert len(quote.split()) <= 12, (path, quote)


# ------------------------------------------------------------ coverage ----


@pytest.mark.parametrize("item", SECTION_7)
def test_register_covers_section_7(item: str, register_text: str) -> None:
    for path in SECTION_7[item]:
        assert f'<a id="{path}"></a>' in register_text, (item, path)
        block = knob_block(register_text, path)
        assert f"`{path}`" in block
        for name in bundled_rulesets():
            assert re.search(rf"^\| `{re.escape(name)}` \|", block, re.M), (path, name)
        for sid in ("lalanne", "wikipedia", "hoca"):
            assert f"**{sid}**" in block, (path, sid)


def test_register_covers_every_knob(register_text: str) -> None:
    for path in KNOB_PATHS:
        assert f'<a id="{path}"></a>' in register_text, path


def test_register_shows_the_triple_game_extension(register_text: str) -> None:
    assert "triple-game" in bundled_extensions()
    block = knob_block(register_text, "double_game.max_multiplier")
    assert re.search(r"^\| with `triple-game` \(extension\) \|", block, re.M)


def test_register_marks_inherited_values(register_text: str) -> None:
    block = knob_block(register_text, "table.hand_size")
    row = next(ln for ln in block.splitlines() if ln.startswith("| `hoca-literal` |"))
    assert "inherited from hoca" in row
    block = knob_block(register_text, "card_game.end_payment")
    row = next(ln for ln in block.splitlines() if ln.startswith("| `hoca-literal` |"))
    assert "inherited" not in row


# ------------------------------------------------------------ describe ----


def test_titles_and_stages() -> None:
    assert knob_title("table.hand_size") == "Players and cards dealt"
    assert knob_stage("bidding.raise_cap") == "Bidding the chances"
    with pytest.raises(KeyError):
        knob_title("bidding.no_such_knob")


@pytest.mark.parametrize("name", ["hoc-mazarin", "hoc-mazarin-wikipedia", "hoca", "hoca-literal"])
def test_describe_renders_every_resolved_value_in_words(name: str) -> None:
    rules = load_ruleset(name)
    for path, value in rules.knobs().items():
        text = describe(path, value)
        assert text and not re.search(r"frozenset|EndBracket|Payment\(|mappingproxy|\{|\(\d+, ", text), (
            path, text)


def test_describe_worked_values() -> None:
    mazarin = load_ruleset("hoc-mazarin")
    literal = load_ruleset("hoca-literal")
    assert describe("card_game.end_payment", mazarin.card_game.end_payment) == (
        "1 card left pays 6; 2 pays 4; 3–9 pay 1 a card; 10 or more pay 2 a card")
    assert describe("card_game.end_payment", literal.card_game.end_payment) == (
        "1 card left pays 6; 2 pays 4; 3–10 pay 1 a card; "
        "11 or more pay 10 plus 2 for each card past the 10th")
    assert describe("bidding.raise_cap", 20) == "a raise may add at most 20 chips over the last stake"
    assert describe("card_game.principal_hocs", mazarin.card_game.principal_hocs) == "KS KH KD KC QS JD"
    assert describe("sequence.payments", mazarin.sequence.payments) == (
        "run of 3: 1 (to the king 2); run of 4: 2 (to the king 3); run of 5: 3 (to the king 4)")
    assert describe("tricon.payments", {3: {"plain": 2, "major": 4}}) == "3 of a rank: 2 (of kings 4)"
    assert describe("point.keys", ("value",)) == "the highest value alone"
    assert describe("double_game.max_multiplier", 3) == (
        "double after one all-pass hand, triple after two in a row (at most ×3)")
