"""Shared test settings, and which tests the pure Python run need not repeat.

The README's test command runs the suite twice: against the compiled build, then with
``HOCDSL_PURE=1`` against the Python sources. The two builds differ only in the modules
of :data:`hocdsl.compiled.MODULES` (the cards, the combinations, the engine, the bots).
A test whose subject is none of them -- loading and checking ruleset files, the
announcement language, the command line's words and formats, documents, the schema,
the report page, typing, packaging, the cluster's plumbing, the tests that start both
builds themselves -- gives the same outcome under both, so the pure run skips it, saying
why, when a compiled build is installed (the compiled run has just run it). Where no
compiled build is installed (no C compiler at install), the one run runs everything.
``--every-test`` runs them under ``HOCDSL_PURE=1`` all the same.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import tempfile

import pytest

from hocdsl.compiled import PURE_ENV, pure_wanted, running

#: For a test that patches a class of the typed core or hands it a stand-in: compiled
#: code calls its own classes directly and checks its arguments' types, so the test
#: runs on the pure Python build only (``.ci/run`` runs the suite under both).
PURE_ONLY = "patches the typed core: runs under HOCDSL_PURE=1"
pure_only = pytest.mark.skipif(running() == "compiled (mypyc)", reason=PURE_ONLY)

#: Test files whose subject is no compiled module, with what that subject is; the tests of
#: :data:`BOTH_BUILDS` among them play or check the engine, the bots or the cards and run
#: under both builds.
BUILD_INDEPENDENT = {
    "test_announce.py": "the announcement language",
    "test_announce_errors.py": "the announcement language's errors",
    "test_announce_format.py": "the announcement language's words",
    "test_bundled_rulesets.py": "what the ruleset files say",
    "test_cli_formats.py": "the command line's formats and the packaged documents",
    "test_cluster.py": "the Dask cluster's plumbing (the numbers of both builds are compared in "
                       "test_compiled.py)",
    "test_docs.py": "the documents",
    "test_hostile.py": "hostile input to the command line and the loader",
    "test_knobs_cli.py": "the command line's words",
    "test_migrate_cli.py": "migrating ruleset files",
    "test_register.py": "the interpretation register and the knob catalog",
    "test_report.py": "the report page",
    "test_rules_errors.py": "ruleset files' errors",
    "test_rules_family_concepts.py": "the ruleset model",
    "test_rules_fuzz.py": "the ruleset loader",
    "test_rules_loader.py": "loading ruleset files",
    "test_schema.py": "the JSON Schema",
    "test_typing.py": "typing (mypy reads the sources, whatever is installed)",
    "test_variants.py": "alternatives and readings as ruleset files",
    "test_screen.py": "fitting the screen",
    "test_gist.py": "the sentences that word a comparison",
    "test_readme_samples.py": "the README's samples",
    "test_json_version.py": "the JSON and LaTeX formats",
    "test_simulateview.py": "hoc simulate's screen",
    "test_tidy.py": "results as tidy data",
    "test_complete.py": "shell completion",
    "test_packaging.py": "the package's metadata, sdist and API reference",
    "test_schema_hover.py": "the JSON Schema's words for editors",
    "test_stdin.py": "reading files from standard input",
    "test_turnup_rules.py": "the turnup and holding knobs' files, errors and words",
    "test_encyclopedie_rules.py": "what the encyclopedie-hoc ruleset file says, and its knobs' checks and words",
}

#: What plays on the simulator: the readings, the sweep, the search over completions, the family's
#: distances, the key metrics. Their code is plain Python in both builds and reaches the compiled
#: modules only through hocdsl.sim's numbers and per-hand traces, which
#: test_compiled.py::test_compiled_and_pure_give_the_very_same_numbers compares between the builds
#: on every bundled ruleset and on two readings reports. (`hoc readings` on every bundled ruleset,
#: test_readings_reach.py::test_readings_run_on_every_bundled_ruleset, still runs under both: it
#: plays every alternative, and so every engine path a file can choose.)
ABOVE_THE_SIMULATOR = "plays through hocdsl.sim only, whose numbers and traces test_compiled compares between the builds"
BUILD_INDEPENDENT.update({
    "test_readings.py": ABOVE_THE_SIMULATOR,
    "test_reconstruct.py": ABOVE_THE_SIMULATOR,
    "test_family.py": ABOVE_THE_SIMULATOR,
    "test_sweep.py": ABOVE_THE_SIMULATOR,
    "test_keys.py": ABOVE_THE_SIMULATOR,
})

#: Tests of those files that play hands, or call the engine or the bots, and so run under both.
BOTH_BUILDS = {
    "test_hostile.py": ("test_play_refuses_a_huge_raise_and_plays_on", "test_ranks_take_the_right_article",
                        "test_the_heuristic_lead_lays_a_card_it_holds_when_every_score_is_below_any_floor",
                        "test_bots_play_a_ruleset_whose_end_payment_is_at_its_bound",
                        "test_the_card_game_says_an_8", "test_a_signal_during_play_loses_no_finished_hand",
                        "test_play_under_lang_fr_says_a_parse_error_in_french"),
    "test_rules_family_concepts.py": ("test_the_comete_record_replays_with_its_amounts_in_units",
                                      "test_the_comete_deal_paid_by_points_with_courts_by_rank",
                                      "test_grand_opera_steps_in_either_order",
                                      "test_the_losers_pay_double_without_the_sweep",
                                      "test_defaults_keep_the_settlement_of_today"),
    "test_variants.py": ("test_every_sampled_whole_reading_ends_its_hands",
                         "test_a_wrapping_run_in_a_suit_nobody_holds_ends"),
}

#: Single tests of other files whose subject is no compiled module.
BUILD_INDEPENDENT_TESTS = {
    # these start the compiled and the pure build in child processes themselves
    "test_compiled.py::test_compiled_and_pure_give_the_very_same_numbers": "they compare both builds",
    "test_compiled.py::test_pure_env_runs_the_sources": "it starts the pure build itself",
    "test_compiled.py::test_a_bot_in_plain_python_subclasses_the_compiled_bot": "the compiled Bot",
    "test_readings_reach.py::test_report_with_readings_runs_on_every_bundled_ruleset": "the report page",
    "test_readings_reach.py::test_the_words_tell_no_effect_from_never_exercised_and_not_measured":
        ABOVE_THE_SIMULATOR,
}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--every-test", action="store_true",
                     help="under HOCDSL_PURE=1, run the build-independent tests too")


#: The screen's size as the tests see it: ``COLUMNS`` and ``LINES`` decide the width every
#: command prints at (hocdsl.screen), and pytest-xdist's workers start with 80 and 24 set
#: where the run that started them had neither: each worker takes the run's own.
SCREEN_ENV = ("COLUMNS", "LINES")


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: object) -> None:
    """(pytest-xdist, in the run that starts the workers) hand each worker the screen's size."""
    node.workerinput["screen_env"] = {k: os.environ.get(k) for k in SCREEN_ENV}  # type: ignore[attr-defined]


def pytest_configure(config: pytest.Config) -> None:
    screen = getattr(config, "workerinput", {}).get("screen_env")
    if screen is not None:  # a pytest-xdist worker: the screen of the run that started it
        for k, v in screen.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    config.addinivalue_line("markers", "build_independent(why): its outcome cannot depend on the build; "
                                       "HOCDSL_PURE=1 skips it where a compiled build is installed")


@functools.cache
def compiled_installed() -> bool:
    """True if the compiled modules are installed and load (whatever HOCDSL_PURE says now)."""
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    out = subprocess.run([sys.executable, "-c", "from hocdsl.compiled import running; print(running())"],
                         env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True, check=True)
    return out.stdout.strip() == "compiled (mypyc)"


def second_run() -> bool:
    """True in the pure Python run that repeats a compiled one (``HOCDSL_PURE=1`` with a
    compiled build installed): the random-hands properties play a quarter of their hands
    there (:func:`hands_for_this_run`), the compiled run having played them all on the
    same sources."""
    return pure_wanted() and compiled_installed()


def hands_for_this_run(hands: int) -> int:
    """``hands``, or a quarter of them in the pure run that repeats a compiled one."""
    return max(1, hands // 4) if second_run() else hands


def _why_independent(item: pytest.Item) -> str | None:
    file = item.path.name
    name = item.originalname if isinstance(item, pytest.Function) else item.name
    if any(m.kwargs.get("reason") == PURE_ONLY for m in item.iter_markers("skipif")):
        return None  # skipped by the compiled run: the pure run is its only one
    marker = item.get_closest_marker("build_independent")
    if marker is not None:
        return str(marker.args[0]) if marker.args else "no compiled module"
    if file in BUILD_INDEPENDENT and name not in BOTH_BUILDS.get(file, ()):
        return BUILD_INDEPENDENT[file]
    return BUILD_INDEPENDENT_TESTS.get(f"{file}::{name}")


#: The tests that take longest alone (besides those marked slow and the Dask cluster's group),
#: by file or ``file::test`` (every parameter of it): seconds each, from ``pytest --durations``;
#: sent to the workers first (see :func:`longest_first`).
LONG = (
    "test_readings_reach.py::test_report_with_readings_runs_on_every_bundled_ruleset",
    "test_readings_reach.py::test_the_words_tell_no_effect_from_never_exercised_and_not_measured",
    "test_readings_reach.py::test_readings_run_on_every_bundled_ruleset",
    "test_compiled.py::test_compiled_and_pure_give_the_very_same_numbers",
    "test_typing.py::test_strict_clean",
    "test_reconstruct.py::test_same_seed_same_ranking_and_racing_plays_fewer_hands",
    "test_readings.py::test_same_seed_same_numbers_whatever_jobs",
    "test_family.py::test_hoc_report_family_draws_where_the_two_stand",
    "test_variants.py::test_any_alternative_is_accepted_or_refused_in_place",
    "test_records.py::test_random_games_written_and_replayed",
    "test_report.py::test_the_page_renders_in_a_headless_browser",
    "test_cli_formats.py::test_every_report_command_takes_every_format",
    "test_hostile.py::test_a_full_disk_on_standard_output_is_one_line_and_exit_1",
    "test_hostile.py::test_report_writes_its_page_whole_or_not_at_all",
    "test_engine_properties.py::test_random_hands_keep_the_invariants",
    "test_fuzz.py",
)


def _long(item: pytest.Item) -> bool:
    file = item.path.name
    name = item.originalname if isinstance(item, pytest.Function) else item.name
    return (item.get_closest_marker("slow") is not None or item.get_closest_marker("xdist_group") is not None
            or file in LONG or f"{file}::{name}" in LONG)


def longest_first(items: list[pytest.Item]) -> None:
    """Put the long tests first, in their order, the others after them in theirs.

    pytest-xdist hands the tests out in this order, one at a time to whichever worker is
    free: a test of a minute handed out last would run alone on one core while the other
    idles; handed out first, the other core runs the short tests meanwhile, and both end
    together."""
    items.sort(key=lambda item: not _long(item))  # stable: the order within each part is kept


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    longest_first(items)
    if not pure_wanted() or config.getoption("--every-test") or not compiled_installed():
        return
    for item in items:
        why = _why_independent(item)
        if why is not None:
            item.add_marker(pytest.mark.skip(reason=(
                f"build-independent ({why}): only hocdsl.compiled.MODULES differ between the builds, "
                "and the compiled run ran it; --every-test runs it here")))
