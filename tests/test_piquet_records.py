"""examples/piquet-deals.yaml replays to its hand-worked points; a record that breaks a rule of
the exchange or the calling is refused with the rule and its source, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from edited_records import replay_edited
from hocdsl.cli import app

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "piquet-deals.yaml"


def test_the_worked_deal_replays_to_its_points() -> None:
    r = CliRunner().invoke(app, ["replay", str(EXAMPLE)])
    assert r.exit_code == 0, r.output
    assert "Points worked by hand in the record (piquet): Anne" in r.output and "— matches" in r.output


@pytest.mark.parametrize("change, rule", [
    (("point of six, 60", "point of seven"), "piquet declare.answers, eb9-piq p. 116"),
    (("I discard three: 7H 8H 9D and take 10D 7C 8C",
      "I discard six: 7H 8H 9D AS KS QS and take 10D 7C 8C 9C 10C 9H"), "piquet exchange.elder_most, hoyle-piq §Discarding"),
    (('"Anne: I discard three', '"Blaise: I discard three'), "one speaks and plays in turn"),
    (('- "Blaise: good"', '- "Blaise: not good"'), "piquet declare.answers"),
    (('"Anne: fourteen aces"', '"Anne: three nines"'), "piquet declare.answers, eb9-piq p. 116"),
])
def test_a_record_breaking_a_rule_is_refused_with_it(tmp_path: Path, change: tuple[str, str], rule: str) -> None:
    r = replay_edited(EXAMPLE, change[0], change[1], tmp_path)
    assert r.exit_code == 2, r.output
    assert rule in r.output, r.output
    assert "Traceback" not in r.output
