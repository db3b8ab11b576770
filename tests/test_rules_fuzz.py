"""Property tests: whatever a ruleset file holds, the loader answers with a RulesetError
placed in the file, or a ruleset; never any other exception (which would be a traceback)."""

from __future__ import annotations

import copy
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hocdsl.rules import RulesetError, load_ruleset
from hocdsl.rules.loader import validate_file

ROOT = Path(__file__).resolve().parent.parent
BASE_TEXT = (ROOT / "rulesets" / "hoc-mazarin.yaml").read_text(encoding="utf-8")
BASE = yaml.safe_load(BASE_TEXT)
KNOB_PATHS = tuple(load_ruleset("hoc-mazarin").knobs())


def _knob_node(data: dict, path: str) -> dict:
    """The YAML mapping of a knob path in a file's data (``deal.hand_size``, ``pools.point.ante``,
    ``card_game.principal_wild``), made if the file leaves the knob at its default."""
    parts = path.split(".")
    if parts[0] == "pools":
        group = data["pools"][parts[1]]
    elif parts[0] in data:
        group = data[parts[0]]
    else:
        group = data["stages"][parts[0]]
    return group.setdefault(parts[-1], {"value": None, "editorial": "a test"})

scalars = st.one_of(st.none(), st.booleans(), st.integers(-100, 100), st.text(max_size=8),
                    st.sampled_from(["KS", "1S", "ZZ", "10H", "lalanne §1", "any", "hold"]))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.one_of(st.integers(0, 20), st.text(max_size=6)), inner,
                                            max_size=4)),
    max_leaves=10,
)
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _check(path: Path) -> None:
    errors = validate_file(str(path))
    for e in errors:
        assert isinstance(e, RulesetError)
        assert e.file and e.found and str(e)
    if not errors:  # a file the validator accepts must load
        load_ruleset(str(path))


@SETTINGS
@given(knob=st.sampled_from(KNOB_PATHS), value=values)
def test_any_knob_value_is_accepted_or_reported(tmp_path_factory, knob, value):
    data = copy.deepcopy(BASE)
    _knob_node(data, knob)["value"] = value
    f = tmp_path_factory.mktemp("fuzz") / "r.yaml"
    f.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    _check(f)


@SETTINGS
@given(section=st.sampled_from(sorted(BASE)), key=st.one_of(st.text(max_size=8), st.integers(0, 5)),
       value=values)
def test_any_key_anywhere_is_accepted_or_reported(tmp_path_factory, section, key, value):
    data = copy.deepcopy(BASE)
    if isinstance(data[section], dict):
        data[section][key] = value
    else:
        data[section] = value
    f = tmp_path_factory.mktemp("fuzz") / "r.yaml"
    f.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    _check(f)


@SETTINGS
@given(cut=st.integers(0, len(BASE_TEXT) - 1), length=st.integers(1, 12), insert=st.text(max_size=4))
def test_any_edit_of_the_text_is_accepted_or_reported(tmp_path_factory, cut, length, insert):
    text = BASE_TEXT[:cut] + insert + BASE_TEXT[cut + length:]
    f = tmp_path_factory.mktemp("fuzz") / "r.yaml"
    f.write_text(text, encoding="utf-8")
    _check(f)
