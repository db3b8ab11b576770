"""A partie's points settled in stakes (engine/stakes.py): Rubicon Piquet's settlement worked
by hand from eb1911-piq ¶1 (the notes' §"Game: 100 / 101, and Rubicon Piquet"), Rubicon
Bezique's from its laws 57-59 (source 004) through the same knobs, a whole partie played
and settled through the last deal's ledger, and the knobs' checks."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hocdsl.bots import make_bot
from hocdsl.engine import Partie
from hocdsl.engine.events import ChipMove
from hocdsl.engine.stakes import GAME, RUBICON, reckon
from hocdsl.narrate import Narrator
from hocdsl.rules import load_ruleset
from hocdsl.rules.errors import RulesetError
from hocdsl.rules.model import Pick
from hocdsl.rules.variants import compose

PIQUET = load_ruleset("piquet")
RUBICON_PIQUET = compose(PIQUET, [Pick(reading="rubicon")])

#: Rubicon Bezique's laws 57-59 (source 004) in the same knobs, a chip per hundred points
BEZIQUE_LAWS = RUBICON_PIQUET.with_knobs({
    "table.points_per_chip": 100, "table.points_rounding": 100, "table.game_bonus": 500,
    "table.least_difference": 100, "table.rubicon": 1000, "table.rubicon_bonus": 1300,
    "table.rubiconed_counts": "sum", "table.rubiconed_least": 100})


def test_rubicon_piquet_worked_by_hand() -> None:
    # eb1911-piq ¶1: the higher total wins the difference and 100 for the game ...
    r = reckon(RUBICON_PIQUET, (130, 110))
    assert r is not None and (r.winner, r.loser, r.rubiconed) == (0, 1, False)
    assert (r.value, r.chips) == (130 - 110 + 100, 20 + 100)
    # ... and both totals and 100 when the loser has not reached 100 (rubiconed)
    r = reckon(RUBICON_PIQUET, (130, 80))
    assert r is not None and r.rubiconed and r.value == 130 + 80 + 100 == 310
    r = reckon(RUBICON_PIQUET, (90, 130))  # 90 has not reached 100 either
    assert r is not None and (r.winner, r.rubiconed, r.value) == (1, True, 320)
    r = reckon(RUBICON_PIQUET, (100, 101))  # 100 reached: the rubicon saved
    assert r is not None and (r.winner, r.rubiconed, r.value) == (1, False, 101)
    # equal totals: a void game (table.partie_ties, lost: void is the placeholder)
    r = reckon(RUBICON_PIQUET, (120, 120))
    assert r is not None and (r.winner, r.value, r.chips) == (None, 0, 0)
    # the game of 100 settles nothing in chips
    assert reckon(PIQUET, (130, 110)) is None


def test_rubicon_bezique_laws_through_the_same_knobs() -> None:
    # law 57 and the worked example of source 004: A 1510, B 1240 -> 1500 - 1200 + 500 = 800
    r = reckon(BEZIQUE_LAWS, (1510, 1240))
    assert r is not None and (r.value, r.chips) == (800, 8)
    # law 57: a difference under a hundred counts a hundred: 1550 and 1520 -> 100 + 500
    r = reckon(BEZIQUE_LAWS, (1550, 1520))
    assert r is not None and r.value == 600
    # law 58: rubiconed, the sum with 1300: 1320 and 620 -> 1300 + 600 + 1300 = 3200
    r = reckon(BEZIQUE_LAWS, (1320, 620))
    assert r is not None and r.rubiconed and (r.value, r.chips) == (3200, 32)
    # law 59: a rubiconed total under a hundred counts a hundred: 1100 and 40 -> 1100 + 100 + 1300
    r = reckon(BEZIQUE_LAWS, (1100, 40))
    assert r is not None and r.value == 2500


BEZIQUE_RUBICON = load_ruleset("bezique-rubicon")


def test_the_brisques_apart_count_only_for_a_tie_or_the_rubicon() -> None:
    # bezique-rubicon keeps the brisques apart (law 56); the same knobs as above
    r = reckon(BEZIQUE_RUBICON, (1510, 1240), (100, 220))  # law 57: left out, 800 as without them
    assert r is not None and (r.winner, r.value, r.added, r.totals) == (0, 800, False, (1510, 1240))
    # law 60: the loser's 900 and his 120 of brisques reach 1000: not rubiconed; both add theirs,
    # 1320 + 200 = 1520 and 1020: 1500 - 1000 + 500
    r = reckon(BEZIQUE_RUBICON, (1320, 900), (200, 120))
    assert r is not None and not r.rubiconed and r.added and (r.totals, r.value, r.chips) == ((1520, 1020), 1000, 10)
    # law 60 unmet: 900 + 60 is under 1000: rubiconed, the brisques not added: 1300 + 900 + 1300
    r = reckon(BEZIQUE_RUBICON, (1320, 900), (200, 60))
    assert r is not None and r.rubiconed and not r.added and r.value == 3500
    # law 61: equal scores, the brisques decide; the loser not rubiconed: both added and law 57:
    # 1200 + 150 = 1350 to 1200 + 90 = 1290: a difference under 100 counts 100, + 500
    r = reckon(BEZIQUE_RUBICON, (1200, 1200), (90, 150))
    assert r is not None and (r.winner, r.added, r.value) == (1, True, 600)
    # law 61, the loser rubiconed: the brisques decide, are not added, law 58: 700 + 700 + 1300
    r = reckon(BEZIQUE_RUBICON, (700, 700), (40, 30))
    assert r is not None and (r.winner, r.rubiconed, r.added, r.value) == (0, True, False, 2700)
    # law 61: still equal after the brisques: the game is void
    r = reckon(BEZIQUE_RUBICON, (1200, 1200), (90, 90))
    assert r is not None and r.winner is None and r.value == 0


def _bots(rules: object, seed: int) -> list[object]:
    return [make_bot("heuristic", rules, s, random.Random(seed + s)) for s in range(2)]  # type: ignore[arg-type]


def test_a_partie_of_six_deals_is_settled_through_the_last_deal() -> None:
    p = Partie(RUBICON_PIQUET, ["Anne", "Blaise"], rng=random.Random(11), dealer=0)
    bots = _bots(RUBICON_PIQUET, 11)
    hands = list(p.play([b.choose for b in bots]))  # type: ignore[attr-defined]
    assert len(hands) == 6 and p.over_why() == "table.partie_deals"
    scores = p.scores
    r = p.settlement
    assert r is not None and r == reckon(RUBICON_PIQUET, scores)
    if r.winner is None:  # pragma: no cover - not this seed
        pytest.skip("a void game")
    assert r.totals == scores
    # the loser paid the winner the game's value, a chip a point, and nothing else moved
    last = hands[-1][0]
    moves = [e for e in last.events if type(e) is ChipMove]
    assert moves == [ChipMove(r.loser, r.winner, r.chips, RUBICON if r.rubiconed else GAME, None)]
    balances = p.balances
    assert balances[r.winner] == r.chips and balances[r.loser] == -r.chips
    assert all(g.ledger.net == [0, 0] for g, _ in hands[:-1])
    words = Narrator(("Anne", "Blaise"), RUBICON_PIQUET).chip(moves[0])
    assert words.startswith(f"{('Anne', 'Blaise')[r.loser]} pays {('Anne', 'Blaise')[r.winner]} {r.chips} (the game")
    fr = Narrator(("Anne", "Blaise"), RUBICON_PIQUET, "fr").chip(moves[0])
    assert f"{r.chips} à {('Anne', 'Blaise')[r.winner]} (la partie" in fr


def test_a_partie_cut_short_settles_nothing() -> None:
    p = Partie(RUBICON_PIQUET, 2, rng=random.Random(5), dealer=1, max_hands=3)
    for _ in p.play([b.choose for b in _bots(RUBICON_PIQUET, 5)]):  # type: ignore[attr-defined]
        pass
    assert p.over_why() == "max_hands" and p.settlement is None and p.balances == (0, 0)


def test_equal_totals_may_call_for_another_deal() -> None:
    rules = RUBICON_PIQUET.with_knobs({"table.partie_ties": "another-deal"})
    p = Partie(rules, 2, rng=random.Random(5), dealer=1)
    assert p._ends(6, [120, 120]) is False and p._ends(7, [120, 121]) is True
    assert Partie(RUBICON_PIQUET, 2)._ends(6, [120, 120]) is True  # void: six deals, whatever


def test_the_chips_of_a_settled_partie_are_conserved_in_simulation() -> None:
    from hocdsl.sim import simulate

    res = simulate(RUBICON_PIQUET, hands=60, players=2, seed=3, jobs=1)
    assert res.chips_conserved
    assert res.metrics["net_per_hand.eldest"].mean == -res.metrics["net_per_hand.dealer"].mean
    assert simulate(PIQUET, hands=20, players=2, seed=3, jobs=1).metrics["sd_net_per_hand"].mean == 0


BAD = """format: 2
name: bad-stakes
title: Points settled in chips, badly
summary: A test.
extends: piquet
table:
{table}
"""


@pytest.mark.parametrize(("table", "found"), [
    ("  points_per_chip: {value: 1, editorial: t}", "table.game_bonus"),
    ("  game_bonus: {value: 100, editorial: t}", "with table.points_per_chip absent"),
])
def test_the_settlement_knobs_come_together(tmp_path: Path, table: str, found: str) -> None:
    f = tmp_path / "bad-stakes.yaml"
    f.write_text(BAD.format(table=table))
    with pytest.raises(RulesetError) as e:
        load_ruleset(str(f))
    assert found in str(e.value)


def test_every_amount_is_whole_chips(tmp_path: Path) -> None:
    knobs = {"points_per_chip": 100, "game_bonus": 150, "points_rounding": 100, "least_difference": 0,
             "partie_ties": "void", "partie_deals": 6}
    f = tmp_path / "bad-stakes.yaml"
    f.write_text(BAD.format(table="\n".join(f"  {k}: {{value: {v}, editorial: t}}" for k, v in knobs.items())))
    with pytest.raises(RulesetError) as e:
        load_ruleset(str(f))
    assert "table.game_bonus" in str(e.value) and "not a whole number of chips" in str(e.value)


def test_hoc_simulate_plays_a_named_reading_and_its_chips_are_conserved() -> None:
    import json

    from typer.testing import CliRunner

    from hocdsl.cli import app

    runner = CliRunner()
    out = runner.invoke(app, ["simulate", "piquet", "--reading", "rubicon", "--hands", "40", "--seed", "3",
                              "--jobs", "1", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["chips_conserved"] is True
    assert "net_per_hand.eldest" in data["metrics"] and "points_per_hand.eldest" in data["metrics"]
    bad = runner.invoke(app, ["simulate", "piquet", "--reading", "rubicom", "--hands", "4", "--jobs", "1"])
    assert bad.exit_code == 2 and "its readings: rubicon" in bad.output


@pytest.mark.parametrize(("lang", "words"), [("en", "(the game"), ("fr", "(la partie")])
def test_hoc_play_tells_the_settlement_at_the_end_of_the_partie(lang: str, words: str) -> None:
    from hocdsl.announce import Vocabulary
    from hocdsl.play.refuse import turn_words
    from hocdsl.play.session import PlaySession

    out: list[str] = []
    vocab = Vocabulary.from_ruleset(RUBICON_PIQUET)
    box: list[PlaySession] = []

    def first_legal(prompt: str) -> str:  # the human plays the first legal action, as the table says it
        from hocdsl.actions import Discard

        a = box[0].game.legal_actions()[0]
        if isinstance(a, Discard):  # at the table one names the cards laid out; the stock gives the rest
            a = Discard(a.cards)
        return turn_words([a], vocab, lang)

    s = PlaySession(RUBICON_PIQUET, players=2, seat=0, seed=3, lang=lang, hands=None, input=first_legal,
                    output=out.append)
    box.append(s)
    result = s.run()
    r = s.partie.settlement
    assert r is not None and r.winner is not None and r == reckon(RUBICON_PIQUET, s.partie.scores)
    assert len(result.deals) == 6
    assert result.balances[r.winner] == r.chips == -result.balances[r.loser]
    told = [line for line in out if line.strip().startswith("→") and words in line]
    assert len(told) == 1 and str(r.chips) in told[0]


def test_points_kept_apart_need_a_settlement_to_count_them(tmp_path: Path) -> None:
    # the ordinary game settles no points in chips: brisques kept apart would count nowhere
    text = (Path(__file__).resolve().parent.parent / "rulesets" / "bezique.yaml").read_text(encoding="utf-8")
    old = "card_points_when:\n      value: trick"
    assert old in text
    f = tmp_path / "bezique.yaml"
    f.write_text(text.replace(old, "card_points_when:\n      value: apart"), encoding="utf-8")
    with pytest.raises(RulesetError) as e:
        load_ruleset(str(f))
    assert "kept apart with no settlement to count them" in str(e.value)
