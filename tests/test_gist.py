"""The sentences that say what a comparison found (hocdsl/gist.py), worked out from rows
whose figures are chosen by hand: who gains and at whose expense, the hand's length and
spread, and nothing said of a difference whose interval holds zero."""

from __future__ import annotations

from typer.testing import CliRunner

from hocdsl.cli import app
from hocdsl.diff import DiffReport, OutcomeRow
from hocdsl.gist import gist


def _row(metric: str, a: float, b: float, lo: float, hi: float) -> OutcomeRow:
    return OutcomeRow(metric, a, b, b - a, (lo, hi), lo > 0 or hi < 0)


def test_nobody_gains_when_every_interval_holds_zero() -> None:
    rows = [_row("net_per_hand.eldest", 0.1, 0.2, -0.3, 0.5), _row("net_per_hand.dealer", 0.0, -0.1, -0.4, 0.2)]
    said = gist(DiffReport("A", "B", [], rows, {"hands": 400}))
    assert said == "On 400 hands no seat gains or loses clearly more under B than under A."


def test_two_seats_gain_at_the_dealers_expense() -> None:
    rows = [_row("net_per_hand.eldest", 0.0, 1.5, 1.2, 1.8), _row("net_per_hand.second", 0.0, 0.5, 0.2, 0.8),
            _row("net_per_hand.dealer", 0.0, -2.0, -2.4, -1.6)]
    said = gist(DiffReport("A", "B", [], rows, {}))
    assert said == ("Under B the eldest gains about 1.5 chips a hand more than under A [1.2, 1.8], as does "
                    "the second (+0.5 [0.2, 0.8]), at the expense of the dealer (-2.0 [-2.4, -1.6]).")


def test_only_a_loss_is_said_as_a_loss() -> None:
    rows = [_row("net_per_hand.dealer", 0.0, -3.0, -3.5, -2.5), _row("net_per_hand.eldest", 0.0, 1.0, -0.2, 2.2)]
    said = gist(DiffReport("A", "B", [], rows, {}))
    assert said.startswith("Under B the dealer loses about 3.0 chips a hand more than under A [-3.5, -2.5].")


def test_length_spread_and_other_differences() -> None:
    rows = [_row("net_per_hand.eldest", 0.0, 0.1, -0.1, 0.3),
            _row("turns_per_hand", 60.0, 45.0, -15.5, -14.5),  # 25% shorter
            _row("sd_net_per_hand", 18.56, 18.93, 0.2, 0.5),
            _row("accidental_hocs_per_hand", 3.1, 1.7, -1.5, -1.3),
            _row("cards_left", 3.8, 3.9, -0.1, 0.3)]  # not significant: not named
    said = gist(DiffReport("A", "B", [], rows, {"hands": 100}))
    assert "Under B a hand is about 25% shorter (45 actions against 60)" in said
    assert "it is more of a gamble (the spread of a player's result per hand 18.9 against 18.6)" in said
    assert said.endswith("The clearest other differences: hocs that are not principal per hand 1.7 against 3.1.")
    assert "cards a loser keeps" not in said


def test_in_french() -> None:
    rows = [_row("net_per_hand.eldest", 0.0, 2.1, 1.9, 2.3), _row("net_per_hand.second", 0.0, -0.5, -0.8, -0.2),
            _row("net_per_hand.dealer", 0.0, -1.6, -1.9, -1.3)]
    said = gist(DiffReport("A", "B", [], rows, {}), lang="fr")
    assert said == ("Avec B, le premier en cartes gagne environ 2,1 jetons par coup de plus qu'avec A [1,9 ; 2,3], "
                    "aux dépens du donneur (-1,6 [-1,9 ; -1,3]) et du deuxième (-0,5 [-0,8 ; -0,2]).")


def test_hoc_diff_ends_on_the_answer() -> None:
    out = CliRunner().invoke(app, ["diff", "hoc-mazarin", "hoca", "--hands", "2000"],
                             env={"COLUMNS": "100"}).output
    last = " ".join(out.strip().split("\n\n")[-1].split())  # the last paragraph
    # 2,000 hands are enough for the eldest's gain under the Hoca (about 2 chips a hand)
    assert "Under hoca the eldest gains about" in last, last
