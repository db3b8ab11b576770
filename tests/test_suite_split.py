"""The lists in conftest.py that say which tests the pure run skips name real tests.

A renamed file or test would otherwise drop out of the lists without a word: a test of
the engine renamed out of ``BOTH_BUILDS`` would be skipped by the pure run, a renamed
build-independent file run twice.
"""

from __future__ import annotations

import ast
from pathlib import Path

import conftest

HERE = Path(__file__).resolve().parent


def _tests_of(file: str) -> set[str]:
    tree = ast.parse((HERE / file).read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}


def test_every_listed_file_and_test_exists():
    for file in conftest.BUILD_INDEPENDENT:
        assert (HERE / file).is_file(), file
    for file, names in conftest.BOTH_BUILDS.items():
        assert file in conftest.BUILD_INDEPENDENT, file
        missing = set(names) - _tests_of(file)
        assert not missing, f"{file}: {sorted(missing)}"
    for node in conftest.BUILD_INDEPENDENT_TESTS:
        file, name = node.split("::")
        assert file not in conftest.BUILD_INDEPENDENT, node  # listed twice
        assert name in _tests_of(file), node


def test_the_engine_s_own_files_are_never_skipped():
    # the files that test the compiled modules themselves run under both builds, whole
    for file in ("test_engine_bidding.py", "test_engine_cards.py", "test_engine_partie.py",
                 "test_engine_properties.py", "test_combos.py", "test_combos_properties.py",
                 "test_bots.py", "test_fastpath.py", "test_sim.py", "test_records.py"):
        assert file not in conftest.BUILD_INDEPENDENT, file
        assert not any(node.startswith(file + "::") for node in conftest.BUILD_INDEPENDENT_TESTS), file


def test_every_test_sent_first_exists():
    # conftest.LONG names tests to send to the workers first: a renamed one would drop out
    for entry in conftest.LONG:
        file, _, name = entry.partition("::")
        assert (HERE / file).is_file(), entry
        assert not name or name in _tests_of(file), entry


def test_the_long_tests_come_first_in_their_order():
    class Item:  # the two things longest_first reads of a test
        def __init__(self, file: str, name: str, slow: bool = False) -> None:
            self.path, self.name, self.originalname, self.slow = HERE / file, name, name, slow

        def get_closest_marker(self, name: str) -> object:
            return object() if name == "slow" and self.slow else None

    items = [Item("test_sim.py", "test_a"), Item("test_fuzz.py", "test_b"), Item("test_sim.py", "test_c", slow=True),
             Item("test_typing.py", "test_strict_clean"), Item("test_typing.py", "test_other")]
    conftest.longest_first(items)  # type: ignore[arg-type]
    assert [i.originalname for i in items] == ["test_b", "test_c", "test_strict_clean", "test_a", "test_other"]
