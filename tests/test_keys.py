"""A game of points is compared by its points (hocdsl.keys): Piquet's key metrics are the
points per deal by position, the chips only where a reading moves them; the Hoc's games keep
theirs. A reading that scores the point one less, never more, takes points from both places;
the closing sentences of hoc diff say who gains points."""

from __future__ import annotations

import pytest

from hocdsl.diff import DiffReport, OutcomeRow, metric_words, select_outcomes
from hocdsl.gist import gist
from hocdsl.keys import CHIPS, POINTS, PlayedFor, played_for
from hocdsl.readings import key_metrics, readings_report
from hocdsl.rules import bundled_rulesets, load_ruleset
from hocdsl.rules.model import Pick
from hocdsl.rules.variants import compose

PIQUET = load_ruleset("piquet")
RUBICON = compose(PIQUET, [Pick(reading="rubicon")])


def test_what_each_bundled_ruleset_is_played_for() -> None:
    # Piquet and ordinary Bézique score points and settle none in chips; Rubicon Bézique
    # computes its one deal into stakes (004 laws 56-61): both; the Hoc's games: chips
    both = PlayedFor(points=True, chips=True)
    for name in bundled_rulesets():
        expected = {"piquet": POINTS, "bezique": POINTS, "bezique-rubicon": both}.get(name, CHIPS)
        assert played_for(load_ruleset(name)) == expected, name
    # Rubicon Piquet settles its points in chips: both, points first
    assert played_for(RUBICON) == PlayedFor(points=True, chips=True)
    assert key_metrics(2, RUBICON) == ("points_per_hand.eldest", "points_per_hand.dealer", "net_per_hand.eldest",
                                       "net_per_hand.dealer", "sd_net_per_hand", "turns_per_hand")
    # the Hoc beside Piquet: both
    assert played_for(load_ruleset("hoc-mazarin"), PIQUET).families == ("points_per_hand", "net_per_hand")
    assert key_metrics(3) == key_metrics(3, load_ruleset("hoc-mazarin"))  # unchanged for a game of chips


def test_a_point_scored_one_less_takes_points_from_both_places() -> None:
    report = readings_report(PIQUET, hands=60, players=2, seed=7, jobs=1)
    assert report.key_metrics == ("points_per_hand.eldest", "points_per_hand.dealer", "turns_per_hand")
    assert report.chosen["points_per_hand.eldest"].mean > 0  # the chosen values score points
    less = [o for o in report.outcomes if o.question.path == "declare.point_score"]
    assert [o.reading.value for o in less] == ["per-card-less-one-at-x4", "per-card-less-one-with-789"]
    for o in less:
        # both alternatives score some points one less and none more: nobody scores more
        for pos in ("eldest", "dealer"):
            assert o.rows[f"points_per_hand.{pos}"].diff.mean <= 0
        assert o.reach["decisive"][1] > 0  # a deal's points differed: reached and decisive
    # the elder, who takes in five cards, holds the better points: he loses the most
    assert less[1].rows["points_per_hand.eldest"].diff.mean < 0
    ranked = {r.path: r for r in report.ranking}
    assert ranked["declare.point_score"].score > 0 and ranked["declare.point_score"].metric.startswith("points_")


def _row(metric: str, a: float, b: float, lo: float, hi: float, significant: bool) -> OutcomeRow:
    return OutcomeRow(metric, a, b, b - a, (lo, hi), significant)


def test_the_closing_sentences_say_who_gains_points() -> None:
    rows = [_row("points_per_hand.eldest", 30.0, 34.1, 3.2, 5.0, True),
            _row("points_per_hand.dealer", 21.0, 19.5, -2.2, -0.8, True),
            _row("net_per_hand.eldest", 0.0, 0.0, 0.0, 0.0, False),
            _row("turns_per_hand", 31.7, 31.7, 0.0, 0.0, False)]
    report = DiffReport("piquet", "piquet-101", [], rows, {"hands": 2000}, True, POINTS)
    said = gist(report)
    assert said.startswith("Under piquet-101 the eldest gains about 4.1 points a deal more than under piquet "
                           "[3.2, 5.0], at the expense of the dealer (-1.5 [-2.2, -0.8]).")
    assert "chips" not in said
    assert "points par donne" in gist(report, "fr")
    # the points are the key rows; the chips, all 0 in a game of points, are not
    shown = [r.metric for r in select_outcomes(report).rows]
    assert shown == ["points_per_hand.eldest", "points_per_hand.dealer", "turns_per_hand"]
    assert metric_words("points_per_hand.eldest") == "points per deal, eldest"
    # both moving (Rubicon Piquet): a sentence for each, points first
    both = DiffReport("piquet", "rubicon", [], rows[:2] + [_row("net_per_hand.eldest", 0.0, 3.0, 1.0, 5.0, True)],
                      {"hands": 2000}, True, PlayedFor(True, True))
    said = gist(both)
    assert said.index("points a deal") < said.index("chips a hand")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_game_of_chips_says_what_it_said(lang: str) -> None:
    rows = [_row("net_per_hand.eldest", -1.0, 1.1, 1.9, 2.3, True)]
    assert gist(DiffReport("a", "b", [], rows, {"hands": 10})) == gist(DiffReport("a", "b", [], rows, {"hands": 10},
                                                                                   None, CHIPS))


def test_only_one_side_scores_points() -> None:
    rows = [OutcomeRow("points_per_hand.eldest", float("nan"), 30.9, float("nan"), (float("nan"),) * 2, False),
            OutcomeRow("points_per_hand.dealer", float("nan"), 20.6, float("nan"), (float("nan"),) * 2, False)]
    report = DiffReport("hoc-mazarin", "piquet", [], rows, {"hands": 200}, True, PlayedFor(True, True))
    assert gist(report).startswith("Only piquet scores points: the eldest 31 and the dealer 21 points a deal.")
