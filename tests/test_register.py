"""The interpretation register and the knob catalog stay in step with the model and the rulesets.

- docs/interpretations.md is exactly what ``python -m hocdsl.rules.register`` writes;
- every knob of the bundled rulesets has an entry in the catalog (knobs.yaml), nothing
  else does, and each entry says what Lalanne (002), Wikipedia (001) and the Hoca
  page (003) say -- and only that: titles and questions are the model's;
- the register covers every item of issue 2 section 7, checked by knob path, and shows
  each value's provenance kind and alternatives.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hocdsl.rules import bundled_extensions, bundled_rulesets, load_ruleset
from hocdsl.rules.describe import catalog, describe, knob_title, section_title
from hocdsl.rules.register import catalog_key, main, render

ROOT = Path(__file__).resolve().parent.parent
REGISTER = ROOT / "docs" / "interpretations.md"
SOURCES_DIR = ROOT.parent / "shared" / "sources"
RULESETS = {name: load_ruleset(name) for name in bundled_rulesets()}
#: every catalog key the bundled rulesets use, in their order
KEYS = list(dict.fromkeys(catalog_key(r, p) for r in RULESETS.values() for p in r.knobs()))

#: issue 2 §7, item by item -> the knobs the register must show for it
SECTION_7: dict[str, tuple[str, ...]] = {
    "players and cards dealt": ("deal.hand_size", "pack.cards", "deal.rest"),
    "rank order and card values": ("pack.order", "pack.court_value", "pack.ace_value"),
    "direction of play, eldest hand, dealer choice and rotation": (
        "deal.direction", "deal.first_dealer", "deal.dealer_rotation"),
    "starting stake": ("table.starting_stake",),
    "ante per chance": ("pools.*.ante", "pools.*.ante_by", "pools.*.ante_when_carried"),
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
        "pools.*.unclaimed", "bidding.double_when", "bidding.max_multiplier", "bidding.past_cap"),
    "blank-hand payment, ties": ("blank_hand.payment", "blank_hand.ties"),
    "principal hocs: which, withheld, wild, leading": (
        "card_game.principal_hocs", "card_game.principal_may_withhold",
        "card_game.principal_wild", "card_game.principal_lead_pays", "card_game.principal_after"),
    "accidental hocs": ("card_game.accidental_hocs", "card_game.accidental_restart"),
    "hoc payment": ("card_game.end_of_run_pay", "card_game.accidental_pay", "card_game.principal_pay"),
    "lowest card first": ("card_game.opening_lead",),
    "end payment schedule": ("settle.losers_pay", "settle.end_payment"),
    "false without penalty": ("card_game.false_without_penalty",),
}

#: knobs added in format 2: each needs what the three sources say
NEW_KNOBS = (
    "pack.cards", "deal.rest", "bidding.double_when", "card_game.runs", "card_game.after_top",
    "card_game.end_of_run_pay", "card_game.accidental_pay", "card_game.accidental_restart",
    "card_game.permanent_hocs", "card_game.permanent_pay", "card_game.principal_pay",
    "card_game.principal_after", "card_game.paid_when_laid", "card_game.board_laid",
    "settle.losers_pay", "settle.per_card", "settle.held_charges", "settle.board_held",
    "settle.first_turn_out", "pools.*.ante_by", "pools.*.card",
)


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


def test_catalog_has_every_knob_of_the_bundled_rulesets_and_nothing_else() -> None:
    keys = list(catalog()["knobs"])
    assert sorted(keys) == sorted(KEYS) and len(keys) == len(set(keys))
    # in the order of the model, which Hoc Mazarin's knobs follow (games without a bidding,
    # such as the Comète, name their stages' knobs before any bidding knob)
    mazarin = list(dict.fromkeys(catalog_key(RULESETS["hoc-mazarin"], p) for p in RULESETS["hoc-mazarin"].knobs()))
    assert [k for k in keys if k in mazarin] == mazarin
    assert set(NEW_KNOBS) <= set(KEYS)
    assert catalog_key(RULESETS["hoc-mazarin"], "pools.tricon.unclaimed") == "pools.*.unclaimed"


def test_catalog_keeps_only_what_the_sources_say() -> None:
    assert set(catalog()) == {"sources", "knobs"}
    for key, entries in catalog()["knobs"].items():
        assert isinstance(entries, list), key  # no title, stage or question: those are the model's
        for e in entries:
            assert set(e) == {"source", "section", "says"}, (key, e)


@pytest.mark.parametrize("key", KEYS)
def test_catalog_entry_speaks_for_each_source(key: str) -> None:
    entries = catalog()["knobs"][key]
    said = {e["source"] for e in entries}
    # 002 (with its translation 000), 001 and 003 each say something, or are said to be silent
    assert {"lalanne", "wikipedia", "hoca"} <= said, key
    assert said <= set(catalog()["sources"]), key
    for e in entries:
        assert e["says"].strip() and e["section"].strip(), (key, e["source"])


def test_catalog_source_files_exist() -> None:
    if not SOURCES_DIR.is_dir():
        pytest.skip("the shared sources are not beside this checkout")
    for sid, s in catalog()["sources"].items():
        assert (SOURCES_DIR / s["file"]).is_file(), sid


def test_catalog_quotes_are_short() -> None:
    """Paraphrase, not copy: any quoted wording in the catalog is a few words."""
    for key, entries in catalog()["knobs"].items():
        for e in entries:
            for quote in re.findall(r'"([^"]+)"', e["says"]):
                assert len(quote.split()) <= 12, (key, quote)


# ------------------------------------------------------------ coverage ----


@pytest.mark.parametrize("item", SECTION_7)
def test_register_covers_section_7(item: str, register_text: str) -> None:
    for key in SECTION_7[item]:
        assert f'<a id="{key}"></a>' in register_text, (item, key)
        block = knob_block(register_text, key)
        assert f"`{key}`" in block
        for name in bundled_rulesets():
            assert re.search(rf"^\| `{re.escape(name)}` \|", block, re.M), (key, name)
        for sid in ("lalanne", "wikipedia", "hoca"):
            assert f"**{sid}**" in block, (key, sid)


def test_register_covers_every_knob_under_its_section(register_text: str) -> None:
    r = RULESETS["hoc-mazarin"]
    for key in KEYS:
        assert f'<a id="{key}"></a>' in register_text, key
    # headings are the model's section and stage titles, in the order of the file
    titles = [section_title(r, prefix) for prefix, _ in r.sections() if not prefix.startswith("pools.")]
    idx = [register_text.index(f"\n## {t}\n") for t in titles]
    assert idx == sorted(idx)
    card_game = register_text.index("\n## The card game\n")
    assert card_game < register_text.index('<a id="card_game.principal_wild"></a>')
    # titles and questions are the model's
    block = knob_block(register_text, "card_game.principal_wild")
    spec = r.knob_spec("card_game.principal_wild")
    assert f"### {spec.title} — `card_game.principal_wild`" in block and f"*{spec.doc}*" in block


def test_register_shows_provenance_kinds(register_text: str) -> None:
    block = knob_block(register_text, "bidding.raise_cap")
    assert "| `hoc-mazarin` | a raise may add at most 20 chips over the last stake | source: lalanne §5.1 |" in block
    block = knob_block(register_text, "table.insolvency")
    row = next(ln for ln in block.splitlines() if ln.startswith("| `hoc-mazarin` |"))
    assert "| editorial: No source says" in row
    block = knob_block(register_text, "settle.per_card")  # no bundled file sets it
    assert "model default" in block


def test_register_shows_inferred_borrowed_and_alternatives(tmp_path: Path) -> None:
    f = tmp_path / "reading.yaml"
    f.write_text("""\
format: 2
name: reading
title: A reading with an inference and an alternative
summary: A test.
extends: hoc-mazarin
stages:
  card_game:
    principal_after:
      value: new-run
      inferred: "lalanne §9.2: a hoc lets its player start a new run"
      alternatives:
        - value: continues
          borrowed: "lalanne §9.2: as the Hoca reads it"
""", encoding="utf-8")
    text = render(["hoc-mazarin", str(f)])
    block = knob_block(text, "card_game.principal_after")
    row = next(ln for ln in block.splitlines() if ln.startswith("| `reading` |"))
    assert "inferred: lalanne §9.2: a hoc lets its player start a new run" in row
    assert "- *reading*, alternative: the run goes on from the card it stood for — " \
           "borrowed: lalanne §9.2: as the Hoca reads it" in block


def test_register_shows_the_triple_game_extension(register_text: str) -> None:
    assert "triple-game" in bundled_extensions()
    block = knob_block(register_text, "bidding.max_multiplier")
    assert re.search(r"^\| with `triple-game` \(extension\) \|", block, re.M)


def test_register_says_the_pools_once_when_they_agree(register_text: str) -> None:
    block = knob_block(register_text, "pools.*.ante")
    assert "| `hoc-mazarin` | every pool: " in block


def test_register_marks_inherited_values(register_text: str) -> None:
    block = knob_block(register_text, "deal.hand_size")
    row = next(ln for ln in block.splitlines() if ln.startswith("| `hoca-literal` |"))
    assert "inherited from hoca" in row
    block = knob_block(register_text, "settle.end_payment")
    row = next(ln for ln in block.splitlines() if ln.startswith("| `hoca-literal` |"))
    assert "inherited" not in row


# ------------------------------------------------------------ describe ----


def test_titles_come_from_the_model() -> None:
    r = RULESETS["hoc-mazarin"]
    assert knob_title(r, "deal.hand_size") == "Players and cards dealt"
    assert section_title(r, "bidding") == "Bidding (every vie stage)"
    with pytest.raises(KeyError):
        knob_title(r, "bidding.no_such_knob")


@pytest.mark.parametrize("name", ["hoc-mazarin", "hoc-mazarin-wikipedia", "hoca", "hoca-literal"])
def test_describe_renders_every_resolved_value_in_words(name: str) -> None:
    rules = RULESETS[name]
    for path, value in rules.knobs().items():
        text = describe(rules, path, value)
        assert text and not re.search(r"frozenset|EndBracket|Payment\(|mappingproxy|\{|\(\d+, ", text), (
            path, text)


def test_describe_worked_values() -> None:
    mazarin = RULESETS["hoc-mazarin"]
    literal = RULESETS["hoca-literal"]
    assert describe(mazarin, "settle.end_payment", mazarin.settle.end_payment) == (
        "1 card left pays 6; 2 pays 4; 3–9 pay 1 a card; 10 or more pay 2 a card")
    assert describe(literal, "settle.end_payment", literal.settle.end_payment) == (
        "1 card left pays 6; 2 pays 4; 3–10 pay 1 a card; "
        "11 or more pay 10 plus 2 for each card past the 10th")
    assert describe(mazarin, "bidding.raise_cap", 20) == "a raise may add at most 20 chips over the last stake"
    assert describe(mazarin, "card_game.principal_hocs", mazarin.card_game.principal_hocs) == "KS KH KD KC QS JD"
    assert describe(mazarin, "sequence.payments", mazarin.sequence.payments) == (
        "run of 3: 1 (to the king 2); run of 4: 2 (to the king 3); run of 5: 3 (to the king 4)")
    assert describe(mazarin, "tricon.payments", {3: {"plain": 2, "major": 4}}) == "3 of a rank: 2 (of kings 4)"
    assert describe(mazarin, "point.keys", ("value",)) == "the highest value alone"
    assert describe(mazarin, "bidding.max_multiplier", 3) == (
        "double after one all-pass hand, triple after two in a row (at most ×3)")
