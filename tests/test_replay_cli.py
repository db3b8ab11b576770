"""`hoc replay`: the examples' hand-worked results through the command line, and its errors.

The nets come from tests/test_records.py (GOLDEN, worked by hand from the
sources; the derivations are comments in the example records).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hocdsl.cli import app
from test_records import BALANCES, CASES, EXAMPLES, GOLDEN, LEAD_HIGH, line_of

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["replay", *args])


def bad(tmp_path: Path, name: str, old: str, new: str) -> tuple[Path, str]:
    text = (EXAMPLES / name).read_text()
    assert old in text
    text = text.replace(old, new, 1)
    p = tmp_path / "bad.yaml"
    p.write_text(text)
    return p, text


@pytest.mark.parametrize("name,ruleset", CASES)
def test_json_nets_and_balances(name, ruleset):
    res = run(str(EXAMPLES / name), "--ruleset", ruleset, "--json")
    assert res.exit_code == 0, res.output
    j = json.loads(res.stdout)
    players = j["players"]
    assert j["ruleset"] == ruleset and j["with"] == []
    assert [tuple(d["net"][p] for p in players) for d in j["deals"]] == GOLDEN[name][ruleset]
    assert tuple(j["balances"][p] for p in players) == BALANCES[(name, ruleset)]
    assert all(d["expect"]["matches"] for d in j["deals"])


def test_json_is_deterministic():
    a = run(str(EXAMPLES / "double-game.yaml"), "--json").stdout
    b = run(str(EXAMPLES / "double-game.yaml"), "--json").stdout
    assert a == b and json.loads(a)["deals"][1]["multipliers"]["sequence"] == 2


def test_transcript():
    res = run(str(EXAMPLES / "readings.yaml"), "--ruleset", "hoca-literal")
    assert res.exit_code == 0
    out = res.stdout
    assert "Ruleset: hoca-literal" in out
    assert "Deal 1: Colette deals, Anne is eldest" in out
    assert "Anne pays Colette 12 (end payment: 11 cards left)" in out
    assert "Blaise pays Anne 6 (tricon payment: brelan of queens + brelan of kings)" in out
    assert "Net for the deal: Anne +2, Blaise -9, Colette +7" in out
    assert "Balances after 1 deal: Anne 102, Blaise 91, Colette 107" in out


def test_with_extension():
    res = run(str(EXAMPLES / "double-game.yaml"), "--with", "triple-game", "--json")
    assert res.exit_code == 0
    assert json.loads(res.stdout)["with"] == ["triple-game"]


def test_illegal_announcement(tmp_path):
    p, text = bad(tmp_path, "readings.yaml", '"Anne: raise 2"', '"Anne: raise 25"')
    res = run(str(p))
    assert res.exit_code == 2
    n = line_of(text, "raise 25")
    assert res.stderr.strip() == (f'{p}:{n}:9: Anne said "raise 25": raise 25 is outside 1..20 '
                                  "(hoc-mazarin bidding.raise_cap, lalanne §5.1: a raise is 1 to 20 over the last stake)")
    assert "Traceback" not in res.output


def test_refused_under_another_ruleset():
    res = run(str(EXAMPLES / "hoca-longest-run.yaml"), "--ruleset", "hoc-mazarin")
    assert res.exit_code == 2
    n = line_of((EXAMPLES / "hoca-longest-run.yaml").read_text(), '"Blaise: 4 cards, 39"')
    assert f'hoca-longest-run.yaml:{n}:9: Blaise said "4 cards, 39"' in res.stderr.splitlines()[0]
    assert ('(hoc-mazarin bidding.declaring_closes_bidding, lalanne §5.1: a hand below a predecessor\'s '
            'says "c\'est bon")') in res.stderr


def test_opening_lead_under_hoca(tmp_path):
    p = tmp_path / "lead.yaml"
    p.write_text(LEAD_HIGH)
    assert run(str(p)).exit_code == 0
    res = run(str(p), "--ruleset", "hoca")
    assert res.exit_code == 2
    assert f"{p}:15:9: Anne said" in res.stderr
    assert ("the first card of the hand must be your lowest, not 2S (hoca card_game.opening_lead, "
            "inferred from hoca §Après les paris") in res.stderr
    assert "Traceback" not in res.output


def test_parse_error_with_caret(tmp_path):
    p, _ = bad(tmp_path, "readings.yaml", '"Blaise: call"', '"Blaise: call me"')
    res = run(str(p))
    assert res.exit_code == 2
    assert res.stderr.splitlines()[1:] == ["    call me", "         ^", '    expected nothing more after "call"']


@pytest.mark.parametrize("old,new,words", [
    ('"Colette: that\'s fine"', '"Colete: that\'s fine"', "found `Colete`; expected one of the players"),
    ("Blaise: AS 7S 8S", "Blaise: AH 7S 8S", "found AH, which is also in Anne's hand"),
    ('"Blaise: call"', '"Colette: call"', "out of turn: it is Blaise's turn"),
    ('      - "Colette: QD KC hoc! 2C 3H 4S 5D 6C 7D 8C 9D 10D JH"\n', "",
     "the record ends before the hand is over: waiting for Colette"),
    ("ruleset: hoc-mazarin", "ruleset: hoc-mazarn", "no bundled ruleset named `hoc-mazarn`"),
])
def test_bad_records_exit_2(tmp_path, old, new, words):
    p, _ = bad(tmp_path, "readings.yaml", old, new)
    res = run(str(p))
    assert res.exit_code == 2
    assert res.stderr.startswith(f"{p}:") and words in res.stderr
    assert "Traceback" not in res.output


def test_missing_file_and_unknown_ruleset(tmp_path):
    res = run(str(tmp_path / "nope.yaml"))
    assert res.exit_code == 2 and "no such file" in res.stderr
    res = run(str(EXAMPLES / "readings.yaml"), "--ruleset", "hocca")
    assert res.exit_code == 2 and "no bundled ruleset named `hocca`" in res.stderr


def test_expectation_that_differs_exits_1(tmp_path):
    p, _ = bad(tmp_path, "readings.yaml", "hoc-mazarin: {Anne: -17,", "hoc-mazarin: {Anne: -16,")
    res = run(str(p))
    assert res.exit_code == 1
    assert "DIFFERS" in res.stdout and "differs from the nets worked by hand" in res.stderr


def test_no_traceback_from_the_console_script(tmp_path):
    p, _ = bad(tmp_path, "readings.yaml", '"Anne: raise 2"', '"Anne: raise 25"')
    proc = subprocess.run([sys.executable, "-m", "hocdsl.cli", "replay", str(p)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "raise 25 is outside 1..20" in proc.stderr and "Traceback" not in proc.stderr


def test_pools_left_name_a_multiplier_only_where_stakes_are_played_double():
    # the Lindor's boxes carry as they are; Hoc's stakes carry at the multiplier they reach
    out = run(str(EXAMPLES / "lindor-deals.yaml")).output
    assert "Left in the pools for a next deal: king 36\n" in out
    assert "single" not in out


#: The transcript's English words, none of which a French transcript may say.
ENGLISH = ("Record ", "Ruleset:", "Players, in the direction", "Deal 1:", " deals, ", "Games:", "Antes (",
           "Net for the deal", "Worked by hand", "matches", "Points scored", "Points kept apart",
           "Balances", "the card game", "by default", " pays ", " wins ")


def _french(name: str) -> str:
    res = runner.invoke(app, ["replay", str(EXAMPLES / name), "--lang", "fr"])
    assert res.exit_code == 0, res.output
    for english in ENGLISH:
        assert english not in res.output, english
    return res.output


def test_a_french_transcript_of_the_precedence_record():
    out = _french("precedence.yaml")
    # the record's expect: Anne -4, Blaise +4 from 100 chips each (worked by hand in the file)
    assert "Joueurs, dans le sens du jeu : Anne, Blaise ; 100 jetons chacun" in out
    assert "Donne 1 : Blaise donne, Anne est premier en main" in out
    assert "Jeux : le point simple, la séquence simple, le tricon simple" in out
    # one chip from each of two players into each of the three pools
    assert ("Mises (1 de chaque joueur à chaque cagnotte) : Anne -3, Blaise -3 — cagnottes : "
            "le point 2, la séquence 2, le tricon 2") in out
    assert "  — le point —" in out and "  — le jeu des cartes —" in out
    assert "Calculé à la main dans le relevé (hoc-mazarin) : Anne -4, Blaise +4 — concorde" in out
    assert out.rstrip().endswith("Soldes après 1 donne : Anne 96, Blaise 104")
    # what the record says is quoted as it is written (English here)
    assert "  Blaise: 5 cards, 31" in out
    # the two ties lost on precedence (lalanne §5.2), told in French with the rule cited
    flat = " ".join(out.split())
    assert ("note : égal à l'annonce de Blaise (5 cartes, 31) : l'égalité revient à Blaise, qui a la "
            "préséance comme premier à annoncer après que les autres ont passé "
            "(bidding.precedence : first-declarer, lalanne §5.2)") in flat
    assert "note : égal à l'annonce d'Anne (tierce au dix) : l'égalité revient à Anne" in flat
    assert "premier en main (bidding.precedence" in flat


def test_a_french_transcript_of_rubicon_bezique_shows_both_packs_and_the_points_apart():
    out = _french("bezique-rubicon-deals.yaml")
    # Blaise's hand holds two sevens of spades and two of diamonds (four packs): both shown,
    # with the French letters (D for the queen, R the king, V the knave)
    assert "Blaise  ♠ 9 8 7 7  ♦ 9 8 7 7  ♣ 7" in out
    assert "Anne    ♠ D  ♥ R D V 10 A  ♦ V  ♣ 9 8" in out
    # the figures worked by hand in the record: 920 and 100 points, brisques 270 and 50 apart,
    # Blaise rubiconed: 900 + 100 + 1300 = 2,300 points, 23 chips a hundred
    assert "Points marqués dans la donne : Anne 920, Blaise 100" in out
    assert "Points mis à part (pour le règlement seul) : Anne 270, Blaise 50" in out
    assert "Net de la donne : Anne +23, Blaise -23" in out
    # the tricks by their stage's French name, and the partie's end, where the chips move
    assert "  — le jeu —" in out and "  — la fin de la partie —" in out


def test_the_english_transcript_is_the_default_and_the_json_the_same_in_both():
    path = str(EXAMPLES / "precedence.yaml")
    assert runner.invoke(app, ["replay", path]).output == runner.invoke(app, ["replay", path, "--lang", "en"]).output
    en = runner.invoke(app, ["replay", path, "--json"]).output
    assert en == runner.invoke(app, ["replay", path, "--json", "--lang", "fr"]).output
    bad = runner.invoke(app, ["replay", path, "--lang", "de"])
    assert bad.exit_code == 2 and "de" in bad.output
