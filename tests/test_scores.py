"""Points scored per deal (Table.score), beside the chips: the one way they are written, the
event each score makes, what a seat sees, how the narrator tells a score, how a partie adds
them up and stops at a score (table.partie_points), and how a record states them (points:)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hocdsl.engine import Game, Partie
from hocdsl.engine.events import Scored
from hocdsl.engine.scores import PointsTally
from hocdsl.engine.kinds import KINDS
from hocdsl.records import read_record, replay_record
from hocdsl.rules import bundled_rulesets, load_ruleset

MAZARIN = load_ruleset("hoc-mazarin")
EXAMPLES = Path(__file__).parent.parent / "examples"


def test_a_score_is_written_once_with_its_event() -> None:
    g = Game(MAZARIN, ["Anne", "Blaise", "Colette"], dealer=2, rng=random.Random(3))
    assert g.points == [0, 0, 0]
    g.score(1, 4, "point", "point")
    g.score(1, 3, "sequence", "sequence")
    g.score(0, 0, "point", "point")  # nothing for 0, and no event
    assert g.points == [0, 7, 0]
    scored = [e for e in g.events if type(e) is Scored]
    assert scored == [Scored(1, 4, "point", "point", 4), Scored(1, 3, "sequence", "sequence", 7)]
    with pytest.raises(ValueError, match="positive"):
        g.score(0, -1, "point", "point")
    # every seat sees every score (they are said aloud)
    assert g.view(2).points == (0, 7, 0)


def test_a_hand_unrecorded_keeps_its_points_without_events() -> None:
    g = Game(MAZARIN, 3, dealer=0, rng=random.Random(4), record=False)
    g.score(2, 10, "cards", "tricks")
    assert g.points == [0, 0, 10] and not any(type(e) is Scored for e in g.events)


#: The bundled games that score points (Piquet's declarations and tricks); every other is a hoc game.
SCORING = {"piquet", "bezique", "bezique-rubicon"}


def test_the_hoc_scores_no_points_and_its_simulation_counts_none() -> None:
    for name in bundled_rulesets():
        rules = load_ruleset(name)
        for players in rules.deal.hand_size:
            assert (PointsTally.of(rules, players) is None) is (name not in SCORING), name


def test_a_score_in_words() -> None:
    # the declare kind's words (Piquet's calling) tell its points: a real kind, not a subclass
    # made here (the compiled Words admits none)
    from hocdsl.engine.declare import R_POINT
    piquet = load_ruleset("piquet")
    words = KINDS["declare"].words
    e = Scored(0, 4, R_POINT, "declare", 4)
    assert words(("Alice", "Bob"), piquet).scored(e) == "Alice scores 4 for the point"
    assert words(("Alice", "Bob"), piquet, "fr").scored(e) == "Alice compte 4 pour le point"
    assert words(("You", "Bob"), piquet).scored(e) == "You score 4 for the point"
    assert words(("Vous", "Bob"), piquet, "fr").scored(e) == "Vous comptez 4 pour le point"


def _played(p: Partie, rng: random.Random) -> Game:
    g = p.deal()
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_a_partie_adds_the_points_up_and_stops_at_partie_points() -> None:
    # the Hoc scores no points: the scores are written by hand on each finished deal, as a
    # stage that scores would write them
    rules = MAZARIN.with_knobs({"table.partie_points": 12})
    p = Partie(rules, 3, rng=random.Random(5), dealer=0, balances=[10**6] * 3)
    rng = random.Random(6)
    g = _played(p, rng)
    g.score(0, 7, "point", "point")
    g.score(1, 2, "point", "point")
    assert p.scores == (7, 2, 0) and not p.is_over
    g = _played(p, rng)
    g.score(1, 5, "point", "point")
    assert p.scores == (7, 7, 0) and not p.is_over
    g = _played(p, rng)
    g.score(0, 5, "point", "point")  # 7 + 5 = 12: the target reached
    assert p.scores == (12, 7, 0)
    assert p.is_over and p.over_why() == "table.partie_points"
    with pytest.raises(RuntimeError, match="over"):
        p.deal()


def test_partie_points_is_bounded() -> None:
    from hocdsl.rules.model import Table
    from hocdsl.rules.model import knob_fields

    spec = dict(knob_fields(Table))["partie_points"]
    assert (spec.minimum, spec.maximum, spec.optional) == (1, 1_000_000, True)


def _with_points(tmp_path: Path, points: str) -> Path:
    src = (EXAMPLES / "lindor-deals.yaml").read_text(encoding="utf-8")
    head = ("    expect:\n      lindor: {Anne: -26, Blaise: -81, Colette: 62}\n"
            "      lindor-per-card: {Anne: -11, Blaise: -36, Colette: 2}\n")
    assert head in src
    out = tmp_path / "lindor-points.yaml"
    out.write_text(src.replace(head, head + points, 1), encoding="utf-8")
    return out


def test_a_record_states_the_points_of_a_deal(tmp_path: Path) -> None:
    # the Lindor scores no points: a record saying every player scored 0 matches...
    ok = _with_points(tmp_path, "    points:\n      lindor: {Anne: 0, Blaise: 0, Colette: 0}\n")
    r = replay_record(read_record(str(ok)))
    assert r.deals[0].points == {"Anne": 0, "Blaise": 0, "Colette": 0}
    assert r.deals[0].expect_points == {"Anne": 0, "Blaise": 0, "Colette": 0}
    assert r.deals[0].matches_expect is True
    assert r.deals[1].expect_points is None  # absent: not checked
    # ... one saying Anne scored 3 does not
    bad = _with_points(tmp_path, "    points:\n      lindor: {Anne: 3, Blaise: 0, Colette: 0}\n")
    assert replay_record(read_record(str(bad))).deals[0].matches_expect is False


def test_a_record_points_must_be_whole_and_for_every_player(tmp_path: Path) -> None:
    from hocdsl.records import RecordError

    bad = _with_points(tmp_path, "    points:\n      lindor: {Anne: -1, Blaise: 0, Colette: 0}\n")
    with pytest.raises(RecordError, match="points for lindor: found the number -1 for Anne"):
        read_record(str(bad))
    short = _with_points(tmp_path, "    points:\n      lindor: {Anne: 1}\n")
    with pytest.raises(RecordError, match="found no points for Blaise, Colette"):
        read_record(str(short))
