"""Property-based fuzzing in the suite (issue 22): mutated rulesets and records, random
announcements, and ``hoc play`` sessions fed junk between their legal lines. Each runs a
few dozen examples here; fuzz/run.py runs the same strategies and checks for minutes.

The strategies and checks live in tests/fuzzing.py; what each promise is, and which test
keeps it, is in docs/robustness.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import (
    PLAY_RULESETS, RECORDS, RULESETS, VARIANT_LINES, FuzzFailure, PlayPlan, announcement_texts, check_announcement,
    check_play, check_record_text, check_ruleset_text, line_edits, mutated_records, mutated_rulesets, play_plans,
)

FEW = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
               max_examples=40)


def _folder(factory: pytest.TempPathFactory) -> Path:
    return factory.mktemp("fuzz")


# ------------------------------------------------------------ the fuzzers ----


@pytest.mark.build_independent("the ruleset loader, as tests/test_rules_fuzz.py fuzzes it")
@FEW
@given(example=mutated_rulesets())
def test_a_mutated_bundled_ruleset_loads_or_is_refused_at_its_place(tmp_path_factory, example):
    check_ruleset_text(*example, _folder(tmp_path_factory))


@pytest.mark.build_independent("the ruleset loader, as tests/test_rules_fuzz.py fuzzes it")
@settings(FEW, max_examples=20)
@given(data=st.data())
@pytest.mark.parametrize("name", [n for n in sorted(RULESETS) if VARIANT_LINES[n]])
def test_an_edit_inside_the_alternatives_or_readings_loads_or_is_refused(tmp_path_factory, name, data):
    text = data.draw(line_edits(RULESETS[name], VARIANT_LINES[name]))
    check_ruleset_text(name, text, _folder(tmp_path_factory))


@settings(FEW, max_examples=80)
@given(example=mutated_records())
def test_a_mutated_golden_record_replays_or_is_refused_at_its_place(tmp_path_factory, example):
    check_record_text(*example, _folder(tmp_path_factory))


@pytest.mark.build_independent("the announcement language, as tests/test_announce.py tests it")
@settings(FEW, max_examples=150)
@given(text=announcement_texts(), vocab=st.integers(0, len(RULESETS) - 1))
def test_an_edited_announcement_parses_or_is_refused_in_both_languages(text, vocab):
    check_announcement(text, vocab)


@settings(FEW, max_examples=8)
@given(data=st.data())
@pytest.mark.parametrize("ruleset", PLAY_RULESETS)
def test_a_session_fed_junk_writes_a_record_that_replays_to_its_balances(tmp_path_factory, ruleset, data):
    plan = data.draw(play_plans(rulesets=[ruleset]))
    assert check_play(plan, _folder(tmp_path_factory)).startswith("played")


# ------------------------------------------------------------ the checks can fail ----


def test_the_ruleset_check_sees_an_error_not_the_projects_own(tmp_path, monkeypatch):
    # a check that cannot fail would make every fuzz test above pass whatever the program does
    import hocdsl.rules.loader as loader

    monkeypatch.setattr(loader, "validate_file", lambda path: [ValueError("not the project's error")])
    with pytest.raises(FuzzFailure, match="validate_file gave a ValueError"):
        check_ruleset_text("hoca", RULESETS["hoca"], tmp_path)


def test_the_record_check_sees_an_error_without_its_place(tmp_path, monkeypatch):
    import hocdsl.records as records
    from hocdsl.records import RecordError

    def nowhere(path):
        raise RecordError(str(path), None, None, "found something")

    monkeypatch.setattr(records, "read_record", nowhere)
    with pytest.raises(FuzzFailure, match="without its line and column"):
        check_record_text("precedence", RECORDS["precedence"], tmp_path)


def test_the_play_check_sees_a_record_that_replays_to_other_balances(tmp_path, monkeypatch):
    from hocdsl.play import record

    real = record.play_record_text

    def one_hand_short(result, rules, *args, **kw):  # a keeper that drops the last hand
        result = record.PlayResult(result.names, result.deals[:-1], result.balances, result.quit)
        return real(result, rules, *args, **kw)

    monkeypatch.setattr(record, "play_record_text", one_hand_short)
    with pytest.raises(FuzzFailure, match="replays to other"):
        check_play(PlayPlan("hoc-mazarin", seed=3, lang="en", hands=2), tmp_path)


def test_the_announcement_check_sees_an_error_too_long_to_read(monkeypatch):
    from hocdsl.announce import AnnouncementError

    monkeypatch.setattr(AnnouncementError, "render", lambda self, lang="en": "x" * 5000)
    with pytest.raises(FuzzFailure, match="an error of 5000 characters"):
        check_announcement("raise lots", 0)
