"""Loading rulesets: values from the files, inheritance, extensions, provenance, immutability,
the schema agreeing with the model and with an independent validator, and the CLI."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from typer.testing import CliRunner

from hocdsl.cards import parse_card
from hocdsl.cli import app
from hocdsl.rules import RulesetError, bundled_extensions, bundled_rulesets, load_ruleset
from hocdsl.rules.loader import validate_file
from hocdsl.rules.model import SECTIONS, EndBracket, Payment, knob_fields
from hocdsl.rules.render import load_ruleset_text, ruleset_text, ruleset_yaml
from hocdsl.rules.validate import schema, schema_errors
from hocdsl.rules.yamldoc import read_yaml

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted((ROOT / "rulesets").glob("*.yaml"))
EXTENSIONS = sorted((ROOT / "rulesets" / "extensions").glob("*.yaml"))
runner = CliRunner()
KNOB_PATHS = tuple(load_ruleset("hoc-mazarin").knobs())


def _line_of(path: Path, section: str, knob: str) -> int:
    """The line of ``  knob:`` under a top-level ``section:`` in a file, found by reading the text."""
    in_section = False
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if re.match(rf"^{section}:\s*$", line):
            in_section = True
        elif re.match(r"^\S", line):
            in_section = False
        elif in_section and re.match(rf"^  {knob}:", line):
            return i
    raise AssertionError(f"{section}.{knob} not in {path}")


# ------------------------------------------------------------- hoc-mazarin ----


def test_hoc_mazarin_values_are_those_of_the_file():
    r = load_ruleset("hoc-mazarin")
    assert r.name == "hoc-mazarin" and r.extends == () and r.extensions == ()
    assert dict(r.deal.hand_size) == {2: 15, 3: 12}
    assert r.hand_size(3) == 12 and r.players == (2, 3)
    assert r.bidding.raise_cap == 20 and r.bidding.raise_min == 1
    assert [s.id for s in r.vie_stages] == ["point", "sequence", "tricon"]
    assert r.pool_ids == ("point", "sequence", "tricon") and r.sequence.pool == "sequence"
    assert r.bidding.precedence == "first-declarer"
    assert r.bidding.max_multiplier == 2
    assert r.sequence.names[4] == ("quatrième", "quart")
    assert r.sequence.payments[5] == Payment(plain=3, major=4)
    assert r.tricon.payments[4] == Payment(plain=4, major=8)
    assert r.card_game.principal_hocs == frozenset(
        parse_card(c) for c in ("king of spades", "king of hearts", "king of diamonds", "king of clubs",
                                "queen of spades", "jack of diamonds"))
    assert r.settle.end_payment[0] == EndBracket(min=1, max=1, fixed=6)


def test_hoc_mazarin_end_payment_by_hand():
    # Lalanne §9.3: 1 card left pays 6, 2 pay 4, 3..9 pay 1 a card, 10 or more 2 a card
    owed = load_ruleset("hoc-mazarin").settle.owed
    assert [owed(n) for n in (1, 2, 3, 9, 10, 15)] == [6, 4, 3, 9, 20, 30]


def test_every_knob_is_set_with_provenance():
    for name in bundled_rulesets():
        r = load_ruleset(name)
        if r.stages == load_ruleset("hoc-mazarin").stages or [s.id for s in r.stages] == [
                "point", "sequence", "tricon", "blank_hand", "card_game", "settle"]:
            assert tuple(r.knobs()) == KNOB_PATHS  # Hoc's shape: three vie stages
        # every knob the model gives no default is set with provenance
        knobs = set(r.knobs())  # per-entry provenance (table.units.fiche) hangs under its knob
        assert {p for p in r.provenance if p.rpartition(".")[0] not in knobs} <= knobs | {"pools"}, name
        for prefix, obj in r.sections():
            for knob, _spec in knob_fields(obj.__class__):
                field = next(f for f in dataclasses.fields(obj) if f.name == knob)
                if field.default is dataclasses.MISSING:
                    assert f"{prefix}.{knob}" in r.provenance, (name, prefix, knob)
        for path, p in r.provenance.items():
            assert p.kind in ("source", "inferred", "borrowed", "editorial", "lost", "approximated"), (name, path)
            if p.kind == "approximated":
                assert p.played, (name, path)  # what the engine plays instead of the source's rule
            assert (p.source is None) == (p.kind == "editorial"), (name, path)
            if p.kind == "lost":
                assert p.alternatives, (name, path)  # a lost rule lists its other readings
            if p.source is not None:
                assert p.source in r.sources, (name, path, p.source)
                assert (p.section and p.section.startswith(("§", "¶", "p. ", "pp. "))) or \
                    r.sources[p.source].sections == "none", (name, path, p.section)


def test_provenance_records_source_section_file_and_line():
    r = load_ruleset("hoc-mazarin")
    p = r.provenance["bidding.precedence"]
    assert (p.source, p.section, p.cite()) == ("lalanne", "§5.2", "lalanne §5.2 (inferred)")
    assert p.declared_in == "hoc-mazarin"
    assert p.line == _line_of(ROOT / "rulesets" / "hoc-mazarin.yaml", "bidding", "precedence")
    assert p.note and "eldest" in p.note
    ed = r.provenance["deal.dealer_rotation"]
    assert ed.source is None and ed.editorial.startswith("Lalanne §2 says who deals first")
    assert ed.cite().startswith("editorial: ")
    assert r.sources["lalanne"].file == "002_a949d94ce3835e8f.txt"


def test_ruleset_is_frozen():
    r = load_ruleset("hoc-mazarin")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.bidding.raise_cap = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.name = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        r.deal.hand_size[2] = 20  # type: ignore[index]
    with pytest.raises(TypeError):
        r.provenance["bidding.raise_cap"] = None  # type: ignore[index]
    with pytest.raises(TypeError):
        r.sources["x"] = None  # type: ignore[index]
    assert isinstance(r.stages, tuple) and isinstance(r.settle.end_payment, tuple)


# ------------------------------------------------------------- inheritance ----


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


CHILD = """\
format: 2
name: child
title: A child of hoc-mazarin
summary: Blank hands pay 12, cited to a source of its own.
extends: {parent}
sources:
  wikipedia:
    citation: Wikipedia, "Hoc Mazarin".
stages:
  blank_hand:
    payment:
      value: 12
      source: wikipedia §Blank
      note: A test.
"""


def test_extends_overrides_only_what_differs(tmp_path):
    _write(tmp_path / "child.yaml", CHILD.format(parent="hoc-mazarin"))
    parent, child = load_ruleset("hoc-mazarin"), load_ruleset(str(tmp_path / "child.yaml"))
    assert child.name == "child" and child.extends == ("hoc-mazarin",)
    assert child.blank_hand.payment == 12 and parent.blank_hand.payment == 10
    diff = {k for k, v in child.knobs().items() if parent.knobs()[k] != v}
    assert diff == {"blank_hand.payment"}
    p = child.provenance["blank_hand.payment"]
    assert (p.cite(), p.declared_in, p.line, p.note) == ("wikipedia §Blank", "child", 11, "A test.")
    # an inherited knob keeps its parent's provenance, whole
    assert child.provenance["bidding.raise_cap"] == parent.provenance["bidding.raise_cap"]
    # sources merge along the chain
    assert set(child.sources) == {"lalanne", "lalanne-en", "wikipedia", "hoca"}


def test_extends_by_relative_path_and_a_chain_of_three(tmp_path):
    (tmp_path / "sub").mkdir()
    _write(tmp_path / "child.yaml", CHILD.format(parent="hoc-mazarin"))
    _write(tmp_path / "sub" / "grandchild.yaml", """\
format: 2
name: grandchild
title: Grandchild
summary: Raises capped at 10.
extends: ../child.yaml
bidding:
  raise_cap:
    value: 10
    editorial: A test of a chain.
""")
    r = load_ruleset(str(tmp_path / "sub" / "grandchild.yaml"))
    assert r.extends == ("child", "hoc-mazarin")  # nearest first
    assert (r.bidding.raise_cap, r.blank_hand.payment, r.sequence.counts_up_to) == (10, 12, 5)
    assert r.provenance["blank_hand.payment"].declared_in == "child"
    assert r.provenance["bidding.raise_cap"].declared_in == "grandchild"


def test_a_knob_overridden_whole_not_merged(tmp_path):
    # a child giving a mapping value replaces the parent's mapping, it is not merged into it
    _write(tmp_path / "two-only.yaml", """\
format: 2
name: two-only
title: Two players only
summary: A test.
extends: hoc-mazarin
deal:
  hand_size:
    value: {2: 15}
    editorial: A test.
""")
    r = load_ruleset(str(tmp_path / "two-only.yaml"))
    assert dict(r.deal.hand_size) == {2: 15} and r.players == (2,)
    with pytest.raises(ValueError, match="not 3"):
        r.hand_size(3)


def test_bundled_child_rulesets():
    wiki = load_ruleset("hoc-mazarin-wikipedia")
    assert wiki.extends == ("hoc-mazarin",)
    assert wiki.settle.owed(2) == 8  # Wikipedia: two cards left pay 8
    assert load_ruleset("hoc-mazarin").settle.owed(2) == 4
    literal = load_ruleset("hoca-literal")
    assert literal.extends == ("hoca",)


# ------------------------------------------------------------- extensions ----


def test_triple_game_extension_overlays_the_multiplier():
    base = load_ruleset("hoc-mazarin")
    r = load_ruleset("hoc-mazarin", with_=["triple-game"])
    assert base.bidding.max_multiplier == 2
    assert r.bidding.max_multiplier == 3
    assert r.extensions == ("triple-game",) and r.name == "hoc-mazarin"
    p = r.provenance["bidding.max_multiplier"]
    assert p.declared_in == "triple-game" and p.source == "lalanne" and p.section == "§6"
    diff = {k for k, v in r.knobs().items() if base.knobs()[k] != v}
    assert diff == {"bidding.max_multiplier"}


def test_extension_by_path_and_on_every_bundled_ruleset():
    path = str(ROOT / "rulesets" / "extensions" / "triple-game.yaml")
    for name in bundled_rulesets():
        if load_ruleset(name).bidding is None:  # the family's card games: nothing to triple
            with pytest.raises(RulesetError, match="bidding"):
                load_ruleset(name, with_=[path])
            continue
        assert load_ruleset(name, with_=[path]).bidding.max_multiplier == 3


def test_an_extension_must_bring_its_own_sources(tmp_path):
    _write(tmp_path / "ext.yaml", """\
format: 2
kind: extension
name: ext
title: An extension citing a source it does not define
summary: A test.
table:
  starting_stake: {value: 50, source: lalanne §2}
""")
    with pytest.raises(RulesetError) as info:
        load_ruleset("hoc-mazarin", with_=[str(tmp_path / "ext.yaml")])
    e = info.value
    assert (e.line, e.column, e.path) == (7, 39, "table.starting_stake.source")
    assert "this file's `sources:` block" in e.found


def test_later_extensions_win(tmp_path):
    _write(tmp_path / "quad.yaml", """\
format: 2
kind: extension
name: quad
title: Quadruple game
summary: A test.
bidding:
  max_multiplier: {value: 4, editorial: a test}
""")
    r = load_ruleset("hoc-mazarin", with_=["triple-game", str(tmp_path / "quad.yaml")])
    assert r.bidding.max_multiplier == 4 and r.extensions == ("triple-game", "quad")
    r = load_ruleset("hoc-mazarin", with_=[str(tmp_path / "quad.yaml"), "triple-game"])
    assert r.bidding.max_multiplier == 3


# ------------------------------------------------------------- bundled files ----


def test_bundled_names_match_their_files():
    assert {p.stem for p in BUNDLED} == set(bundled_rulesets())
    assert {p.stem for p in EXTENSIONS} == set(bundled_extensions())
    assert "hoc-mazarin" in bundled_rulesets() and "triple-game" in bundled_extensions()
    for p in BUNDLED + EXTENSIONS:
        data = read_yaml(str(p)).data
        assert data["name"] == p.stem
        assert data.get("kind", "ruleset") == ("extension" if p in EXTENSIONS else "ruleset")


@pytest.mark.parametrize("path", BUNDLED + EXTENSIONS, ids=lambda p: p.name)
def test_bundled_file_is_valid(path):
    assert validate_file(str(path)) == []


# ------------------------------------------------------------- the schema ----


def test_schema_is_valid_draft_2020_12():
    s = schema()
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(s)


def test_schema_knobs_are_exactly_the_model_fields_in_order():
    from hocdsl.rules.model import STAGE_CLASSES, PoolRules

    props, defs = schema()["properties"], schema()["$defs"]
    for section, cls in SECTIONS.items():
        assert props[section] == {"$ref": f"#/$defs/section.{section}"}
        knobs = tuple(defs[f"section.{section}"]["properties"])
        assert knobs == tuple(n for n, _ in knob_fields(cls)), section
        assert defs[f"section.{section}"]["additionalProperties"] is False
    # beside the knobs, a pool and a stage have their names at the table (a label: no knob)
    pool = [k for k in defs["pool"]["properties"] if k != "display_names"]
    assert tuple(pool) == tuple(n for n, _ in knob_fields(PoolRules))
    for (kind, on), cls in STAGE_CLASSES.items():
        key = f"stage.{kind}" + (f".{on}" if on else "")
        knobs = [k for k in defs[key]["properties"] if k not in ("kind", "on", "pool", "display_names")]
        assert tuple(knobs) == tuple(n for n, _ in knob_fields(cls)), key


def test_schema_describes_every_knob():
    defs = schema()["$defs"]
    knob_defs = {k: v for k, v in defs.items() if k.startswith("knob.")}
    assert knob_defs
    for key, d in knob_defs.items():
        assert d.get("description", "").strip(), key
    for key in ("pool", "stage", "alternative"):
        assert defs[key]["description"].strip(), key
    # the shared shape of a knob is said in a comment: a description there would be shown
    # on every knob in an editor (test_schema_hover.py checks what each knob shows)
    assert "description" not in defs["knob"] and defs["knob"]["$comment"].strip()
    for name, sub in schema()["properties"].items():
        assert "description" in sub or "$ref" in sub, name


def test_hoc_schema_prints_the_shipped_schema():
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == schema()


def test_check_jsonschema_agrees_with_our_validator(tmp_path):
    """An independent validator, given the schema `hoc schema` prints, accepts every bundled
    file and rejects exactly the malformed files our schema check rejects."""
    schema_file = tmp_path / "schema.json"
    schema_file.write_text(runner.invoke(app, ["schema"]).stdout, encoding="utf-8")
    malformed = sorted((ROOT / "tests" / "malformed").glob("*.yaml"))
    files = BUNDLED + EXTENSIONS + malformed
    proc = subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--schemafile", str(schema_file), "-o", "json",
         *map(str, files)],
        capture_output=True, text=True, timeout=300)
    report = json.loads(proc.stdout)
    theirs = {Path(e["filename"]).name for e in report["errors"] + report["parse_errors"]}
    ours = set()
    for f in files:
        try:
            if schema_errors(read_yaml(str(f))):
                ours.add(f.name)
        except RulesetError:  # a YAML error
            ours.add(f.name)
    assert not theirs & {p.name for p in BUNDLED + EXTENSIONS}
    assert theirs == ours
    assert len(ours) >= 8  # the schema-level malformed files really are caught by the schema


# ------------------------------------------------------------- show / yaml ----


@pytest.mark.parametrize("name", bundled_rulesets())
@pytest.mark.parametrize("exts", [(), ("triple-game",)], ids=["plain", "triple"])
def test_show_yaml_reads_back_to_the_same_rules(name, exts):
    if exts and load_ruleset(name).bidding is None:  # triple-game changes a bidding
        with pytest.raises(RulesetError, match="bidding"):
            load_ruleset(name, with_=exts)
        return
    r = load_ruleset(name, with_=exts)
    again = load_ruleset_text(ruleset_yaml(r))
    assert again.knobs() == r.knobs()
    assert dict(again.sources) == dict(r.sources)
    for path, p in r.provenance.items():
        q = again.provenance[path]
        assert (q.source, q.section, q.editorial, q.note) == (p.source, p.section, p.editorial, p.note), path


def test_show_text_groups_knobs_by_stage_with_provenance():
    from hocdsl.rules.describe import section_title

    r = load_ruleset("hoc-mazarin-wikipedia")
    text = ruleset_text(r)
    assert text.startswith(r.title)
    lines = text.splitlines()
    assert "lalanne §5.1" in text  # an inherited knob's source
    assert "(from hoc-mazarin)" in text and "extends hoc-mazarin" in text
    flat = " ".join(text.split())
    for path, p in r.provenance.items():  # the citation, for every kind (inferred: lalanne §9.2: ...)
        assert p.where() in flat, path
    # sections, pools and stages appear in the order of the file
    titles = [section_title(r, prefix) for prefix, _ in r.sections()]
    idx = [next(i for i, ln in enumerate(lines) if ln.startswith(t)) for t in titles]
    assert idx == sorted(idx)


def test_cli_show_and_rulesets():
    result = runner.invoke(app, ["show", "hoc-mazarin", "--with", "triple-game"])
    assert result.exit_code == 0
    assert "[hoc-mazarin + triple-game]" in result.stdout
    result = runner.invoke(app, ["show", "hoca", "--format", "yaml"])
    assert result.exit_code == 0 and "\nname: hoca\n" in result.stdout
    assert "\nformat: 2\n" in result.stdout
    result = runner.invoke(app, ["rulesets"])
    assert result.exit_code == 0
    for name in bundled_rulesets() + bundled_extensions():
        assert name in result.stdout


def test_cli_validate_passes_on_every_bundled_file():
    result = runner.invoke(app, ["validate", *map(str, BUNDLED + EXTENSIONS)])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("OK  ") == len(BUNDLED + EXTENSIONS)


def test_ruleset_pickles_and_hashes():
    # worker processes of a simulation receive the ruleset itself
    import pickle

    r = load_ruleset("hoc-mazarin", with_=["triple-game"])
    again = pickle.loads(pickle.dumps(r))
    assert again == r and hash(again) == hash(r)
    assert again.provenance["bidding.max_multiplier"].declared_in == "triple-game"
    assert load_ruleset("hoc-mazarin") != r


# ------------------------------------------------------- names at the table ----


def test_display_names_are_labels_read_from_pools_and_stages_and_inherited(tmp_path):
    # hoc-mazarin names its pools and stages as Lalanne does (§3.1-§3.3, §8); a ruleset built on
    # it inherits them, may rename one, and changes no knob by it
    base = load_ruleset("hoc-mazarin")
    assert base.display_name("point", "fr") == "le point" and base.display_name("blank_hand", "fr") == "les cartes blanches"
    assert base.display_name("point", "en") == "point"  # no English name: the id
    assert base.display_name("card_game", "fr") == "card_game"
    child = tmp_path / "renamed.yaml"
    child.write_text("format: 2\nname: renamed\ntitle: renamed\nextends: hoc-mazarin\n"
                     "pools:\n  point:\n    display_names: {fr: la chance du point, en: the point chance}\n",
                     encoding="utf-8")
    r = load_ruleset(str(child))
    assert r.display_name("point", "fr") == "la chance du point" and r.display_name("point", "en") == "the point chance"
    assert r.display_name("sequence", "fr") == "la séquence"
    assert dataclasses.replace(r.pools[0], display_names=base.pools[0].display_names) == base.pools[0]  # no rule
    assert "pools.point.display_names" not in r.provenance


@pytest.mark.parametrize("names, found", [
    ("{fr: " + "x" * 41 + "}", "expected at most 40 characters"),
    ("{de: Punkt}", "found an unknown key `de`; expected en, fr"),
])
def test_a_bad_display_name_is_refused_at_its_line(tmp_path, names, found):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 2\nname: bad\ntitle: bad\nextends: hoc-mazarin\n"
                   f"pools:\n  point:\n    display_names: {names}\n", encoding="utf-8")
    r = CliRunner().invoke(app, ["validate", str(bad)])
    assert r.exit_code == 2
    assert re.search(rf"bad\.yaml:7:\d+: pools\.point\.display_names\.\w+: .*{re.escape(found)}", r.output), r.output
    assert "Traceback" not in r.output
