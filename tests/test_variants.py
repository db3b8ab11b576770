"""Alternatives and whole readings are checked as the rulesets they make (issue 19, part 1)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hocdsl.rules import RulesetError, load_ruleset
from hocdsl.rules.loader import bundled_rulesets, validate_file
from hocdsl.rules.model import Pick
from hocdsl.rules.variants import PickError, compose

ROOT = Path(__file__).resolve().parent.parent
NAIN = (ROOT / "rulesets" / "nain-jaune-1760.yaml").read_text(encoding="utf-8")


def _write(tmp_path: Path, text: str, name: str = "nain-jaune-1760") -> Path:
    f = tmp_path / f"{name}.yaml"
    f.write_text(text, encoding="utf-8")
    return f


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_the_hoc_schedule_reading_pays_as_lalanne_says():
    # lalanne §9.3 by hand: one card left pays 6, two pay 4, three to nine one a card,
    # ten and more two a card
    r = load_ruleset("nain-jaune-1760")
    v = compose(r, [Pick(reading="hoc-schedule")])
    st_ = v.settle
    assert st_.losers_pay == "schedule"
    assert [st_.owed(k) for k in (1, 2, 3, 9, 10, 12)] == [6, 4, 3, 9, 20, 24]
    assert r.settle.losers_pay == "per-card"  # the ruleset as written is untouched


def test_an_alternative_naming_a_reading_is_that_reading():
    r = load_ruleset("nain-jaune-1760")
    alts = r.provenance["settle.losers_pay"].alternatives
    assert [a.value for a in alts] == ["points", "schedule"]
    assert alts[1].reading == "hoc-schedule" and alts[1].provenance.kind == "borrowed"
    i = [a.reading for a in alts].index("hoc-schedule")
    assert compose(r, [Pick(path="settle.losers_pay", index=i)]).settle.end_payment is not None
    five = compose(r, [Pick(reading="five-players")])
    assert five.players == (5,) and five.hand_size(5) == 9


def test_two_picks_of_one_rule_conflict():
    r = load_ruleset("nain-jaune-1760")
    with pytest.raises(PickError, match="settle.losers_pay"):
        compose(r, [Pick(reading="hoc-schedule"), Pick(path="settle.losers_pay", index=0)])


def test_every_alternative_of_every_bundled_ruleset_composes():
    for name in bundled_rulesets():
        r = load_ruleset(name)
        for path, prov in r.provenance.items():
            for i, alt in enumerate(prov.alternatives if path != "pools" else ()):
                v = compose(r, [Pick(path=path, index=i)])
                assert v.knobs()[path] == alt.value, (name, path, i)
        for reading in r.readings:
            compose(r, [Pick(reading=reading.id)])


@pytest.mark.parametrize("edit, needle, found", [
    ("- value: {3: 17, 5: 10}", "- value: {3: 15, 5: 9}", "equal to the value chosen"),
    ("- reading: hoc-schedule", "- reading: hoc-schedul", "a reading `hoc-schedul`"),
    ("- reading: five-players", "- reading: hoc-schedule", "does not set `deal.players`"),
    ("holds: net_per_hand.dealer < 0", "holds: net_per_hand.dealer <= 0", "the condition"),
])
def test_a_wrong_alternative_is_refused_at_its_line(tmp_path, edit, needle, found):
    assert edit in NAIN
    text = NAIN.replace(edit, needle, 1)
    errors = validate_file(str(_write(tmp_path, text)))
    assert errors and found in errors[0].found
    assert errors[0].line == _line_of(text, needle)


def test_an_alternative_that_needs_other_changes_says_to_write_a_reading(tmp_path):
    # the bug of issue 19: `schedule` without a schedule
    text = NAIN.replace("        - reading: hoc-schedule\n",
                        "        - value: schedule\n          editorial: a schedule, as in the Hoc\n")
    errors = validate_file(str(_write(tmp_path, text)))
    assert errors and errors[0].line == _line_of(text, "- value: schedule")
    assert "end_payment" in errors[0].found and "readings:" in (errors[0].hint or "")


def test_a_reading_that_changes_nothing_is_refused(tmp_path):
    text = NAIN.replace("        value: [5]\n        source: \"adjo-nainjaune §Préambule\"\n",
                        "        value: [3, 5]\n        source: \"adjo-nainjaune §Préambule\"\n")
    text = text.replace("        value: {5: 9}\n", "        value: {3: 15, 5: 9}\n")
    text = text.replace("          - value: {5: 10}\n", "          - value: {3: 17, 5: 10}\n")
    errors = validate_file(str(_write(tmp_path, text)))
    assert errors and "changes nothing" in errors[0].found
    assert errors[0].line == _line_of(text, "  five-players:")


# ----------------------------------------------------------------- fuzz ----

BUNDLED = {name: yaml.safe_load((ROOT / "rulesets" / f"{name}.yaml").read_text(encoding="utf-8"))
           for name in bundled_rulesets()}


def _alternative_lists(data, at=()):
    """Every ``alternatives:`` list in a file's data, with its key path."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k == "alternatives" and isinstance(v, list):
                yield at, v
            else:
                yield from _alternative_lists(v, at + (k,))


ALTS = [(name, at) for name, data in BUNDLED.items() for at, _ in _alternative_lists(data)]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.text(max_size=6),
                    st.sampled_from(["KS", "schedule", "points", "any", "5", "hoc-schedule"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.one_of(st.integers(0, 12), st.text(max_size=4)), inner,
                                                  max_size=3)), max_leaves=6)
entries = st.one_of(
    st.builds(lambda v: {"value": v, "editorial": "a test"}, values),
    st.builds(lambda r: {"reading": r}, st.sampled_from(["hoc-schedule", "five-players", "nope", "x"])),
    st.builds(lambda v: {"value": v}, values),
    values,
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.sampled_from(ALTS), index=st.integers(0, 3), entry=entries, copy_other=st.booleans())
def test_any_alternative_is_accepted_or_refused_in_place(tmp_path_factory, where, index, entry, copy_other):
    name, at = where
    data = copy.deepcopy(BUNDLED[name])
    node = data
    for step in at:
        node = node[step]
    alts = node["alternatives"]
    if copy_other and alts:  # an alternative equal to another, or to the chosen value
        entry = dict(alts[0]) if index % 2 else {"value": node.get("value"), "editorial": "a test"}
    alts.insert(min(index, len(alts)), entry)
    f = tmp_path_factory.mktemp("alts") / f"{name}.yaml"
    f.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    errors = validate_file(str(f))
    for e in errors:
        assert isinstance(e, RulesetError) and e.file and e.line and e.found
    if not errors:
        r = load_ruleset(str(f))
        for path, prov in r.provenance.items():
            for i in range(len(prov.alternatives) if path != "pools" else 0):
                compose(r, [Pick(path=path, index=i)])


def test_every_sampled_whole_reading_ends_its_hands():
    # a run in one suit that wraps past the top, going on after the missing card, once
    # looped for ever (nobody held a card of the suit, or all kept theirs back)
    import signal

    from hocdsl.reconstruct import playable, rules_of, whole_readings
    from hocdsl.sim.runner import Table

    def stop(*_args):
        raise TimeoutError("a hand did not end")

    r = load_ruleset("nain-jaune-1760")
    qs, _aside = playable(r, rules_of(r), 3)
    combos, _total = whole_readings(qs, 24, 3)
    old = signal.signal(signal.SIGALRM, stop)
    try:
        for combo in combos:
            v = compose(r, [q.options[i].pick for q, i in zip(qs, combo) if i])
            for bots in (("heuristic",) * 3, ("random", "heuristic", "heuristic")):
                signal.alarm(20)
                y, ok = Table(v, 3, bots).play_block(7, 0, 20)
                signal.alarm(0)
                assert ok and y[0] == 20
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_a_wrapping_run_in_a_suit_nobody_holds_ends():
    # the card after the missing one, in a suit nobody holds, with runs that wrap: the
    # player of the last card leads anew instead of paying accidental hocs for ever
    from hocdsl.engine import Game
    from hocdsl.cards import parse_card

    from hocdsl.rules.build import FrozenMap

    r = load_ruleset("nain-jaune-1760").with_knobs({
        "card_game.after_top": "wraps", "card_game.accidental_restart": "after-missing",
        "deal.hand_size": FrozenMap({3: 3, 5: 3})})
    assert r.card_game.runs == "same-suit"
    hands = [frozenset(parse_card(c) for c in cards) for cards in (
        ("2S", "3H", "4H"), ("5H", "6H", "7H"), ("8H", "9H", "10H"))]
    from hocdsl.cards import hand_of
    g = Game(r, 3, hands=[hand_of(sorted(h)) for h in hands], dealer=2, auto_forced=True)
    # the eldest (seat 0) must lead: 2S is his lowest; nobody holds another spade
    from hocdsl.actions import PLAY
    while not g.is_over and g.to_act == 0 and g.stage != "cards":
        g.apply(g.legal_actions()[0])
    import signal

    def stop(*_args):
        raise TimeoutError("the run went round for ever")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(10)
    try:
        g.apply(PLAY[parse_card("2S")])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert g.to_act == 0  # nobody follows: his accidental hoc, and he leads again at once
    assert g.legal_actions() and all(a.card != parse_card("2S") for a in g.legal_actions())


def test_validate_refuses_an_expectation_on_a_metric_never_reported(tmp_path):
    from typer.testing import CliRunner

    from hocdsl.cli import app

    text = NAIN.replace("holds: net_per_hand.dealer < 0", "holds: net_per_hand.dealr < 0")
    f = _write(tmp_path, text)
    res = CliRunner().invoke(app, ["validate", str(f)])
    assert res.exit_code == 2
    line = _line_of(text, "net_per_hand.dealr")
    assert f":{line}:" in res.output and "did you mean `net_per_hand.dealer`" in res.output
    res = CliRunner().invoke(app, ["simulate", str(f), "--hands", "20"])
    assert res.exit_code == 2 and "net_per_hand.dealr" in res.output and "Traceback" not in res.output


def test_a_reading_may_remove_a_stage(tmp_path):
    f = tmp_path / "hoc-test.yaml"
    f.write_text("format: 2\nname: hoc-test\ntitle: the Hoc without its tricon\nextends: hoc-mazarin\n"
                 "readings:\n  no-tricon:\n    title: the tricon is not played\n"
                 "    editorial: a reading to test removing a stage\n    stages:\n      tricon: null\n",
                 encoding="utf-8")
    r = load_ruleset(str(f))
    reading = r.reading("no-tricon")
    assert reading.removed == (("stage", "tricon"),) and not reading.knobs
    v = compose(r, [Pick(reading="no-tricon")])
    assert [s.id for s in r.stages if s.id != "tricon"] == [s.id for s in v.stages]
    assert v.tricon is None and r.tricon is not None
