"""The turnup and holding knobs as ruleset files say them, and their words: the test game
tests/data/trump-board.yaml validates; each wrong value is an error at the file, line and
column that wrote it, with a suggestion, exit 2 and no traceback; what a dealer and a holder
say reads back in English and French."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hocdsl.actions import Hold, TurnUp
from hocdsl.announce import Vocabulary, format_action, parse_announcement
from hocdsl.cards import parse_card
from hocdsl.cli import app
from hocdsl.rules import load_ruleset

DATA = Path(__file__).parent / "data"
GAME = DATA / "trump-board.yaml"
runner = CliRunner()


def test_the_test_game_validates_and_says_its_knobs():
    result = runner.invoke(app, ["validate", str(GAME)])
    assert result.exit_code == 0 and "OK" in result.output
    r = load_ruleset(str(GAME))
    assert [s.kind for s in r.stages] == ["turnup", "holding", "stops", "settle"]
    assert r.pack.removed == frozenset({parse_card("2C")})
    assert [(p.id, p.trump) for p in r.pools] == [("ace", 1), ("king", 13), ("queen", 12), ("mariage", None)]
    shown = runner.invoke(app, ["show", str(GAME)]).output
    assert "Cards taken out [pack.removed]: 2C taken out" in shown
    assert "Board mark of the trump suit [pools.king.trump]: the king of trumps" in shown
    assert "[holding.claims]: mariage: holding the king and the queen of trumps" in shown


def _bad(tmp_path: Path, old: str, new: str) -> tuple[Path, str]:
    """The test game with ``old`` replaced by ``new``: its path and its text."""
    text = GAME.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    path = tmp_path / "trump-board.yaml"
    path.write_text(text, encoding="utf-8")
    return path, text


def _place(text: str, line_has: str, at: str) -> tuple[int, int]:
    """The line (1-based) of the first line with ``line_has``, and the column of ``at`` in it."""
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if line_has in ln)
    return line, text.splitlines()[line - 1].index(at) + 1


CASES = [
    # (old, new, a text of the line of the error, the text at its column, the message's start)
    # (TS is 10S: the schema sees two texts, the check one card twice)
    ("  removed:\n    value: [2C]", "  removed:\n    value: [2C, 10S, TS]", "[2C, 10S, TS]", "TS]",
     "pack.removed.2: found `TS`, the same card as item 2"),
    ("value: {3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}", "value: {3: 17, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}",
     "{3: 17", "17",
     "deal.hand_size.3: found a deal of 3 x 17 = 51 cards; expected at most 50 cards (one of the 51 left "
     "over for the turnup stage `turnup` to turn up)"),
    ("value: [{pool: mariage, trumps: [K, Q]}]", "value: [{pool: mariag, trumps: [K, Q]}]", "mariag,", "mariag,",
     "holding.claims.0.pool: found `pool: mariag`, which is not a pool of this ruleset"),
    # trumps named by nothing: the error is at the pool's mark, not at the line changed
    ("trumps: {value: suit-of-card,", "trumps: {value: none,", "trump: {value: A,", "A,",
     "pools.ace.trump: found `trump: A` in a game with no trump suit"),
    ("trump: {value: K, borrowed", "trump: {value: Z, borrowed", "{value: Z", "Z,", "pools.king.trump.value"),
]


@pytest.mark.parametrize("old,new,line_has,at,message", CASES, ids=[c[4].split(":")[0] for c in CASES])
def test_a_wrong_value_is_an_error_at_its_place(tmp_path, old, new, line_has, at, message):
    path, text = _bad(tmp_path, old, new)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    line, col = _place(text, line_has, at)
    assert f"{path}:{line}:{col}: {message}" in result.output, result.output


def test_a_misspelt_pool_is_suggested(tmp_path):
    path, _text = _bad(tmp_path, "value: [{pool: mariage, trumps: [K, Q]}]",
                       "value: [{pool: mariag, trumps: [K, Q]}]")
    assert "mariage" in runner.invoke(app, ["validate", str(path)]).output.split("not a pool")[1]


def test_a_rank_at_the_end_of_the_order_cannot_be_taken_out(tmp_path):
    path, text = _bad(tmp_path, "  order: {value: king-high-ace-low",
                      "  removed_ranks: {value: [8, K], editorial: test}\n  order: {value: king-high-ace-low")
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    line, col = _place(text, "removed_ranks", "K]")
    assert (f"{path}:{line}:{col}: pack.removed_ranks.1: found `K`, the ace, the lowest or the highest rank"
            in result.output), result.output


@pytest.mark.parametrize("lang,said", [
    ("en", "I turn up AH"), ("fr", "je retourne AH"),
])
def test_the_card_turned_up_is_said_and_read_back(lang, said):
    v = Vocabulary.default()
    assert format_action(TurnUp(parse_card("AH")), v, lang) == said
    assert parse_announcement(said, v) == [TurnUp(parse_card("AH"))]
    assert parse_announcement("I turn up the ace of hearts", v) == [TurnUp(parse_card("AH"))]
    assert parse_announcement("je retourne l'as de cœur", v) == [TurnUp(parse_card("AH"))]


@pytest.mark.parametrize("text,held", [
    ("I hold the king of trumps", Hold(trumps=(13,))),
    ("j'ai le roi d'atout", Hold(trumps=(13,))),
    ("j'ai l'as d'atout", Hold(trumps=(1,))),
    ("I hold the queen and the king of trumps", Hold(trumps=(13, 12))),
    ("j'ai le roi et la dame d'atout", Hold(trumps=(13, 12))),
    ("I hold QS KS", Hold(cards=(parse_card("KS"), parse_card("QS")))),
    ("I hold a pair of kings", Hold(pair=13)),
    ("j'ai une paire d'as", Hold(pair=1)),
    ("I hold", None),  # a call, as before
])
def test_what_is_held_is_said_and_read_back(text, held):
    v = Vocabulary.default()
    (a,) = parse_announcement(text, v)
    if held is None:
        assert type(a).__name__ == "Call"
        return
    assert a == held
    for lang in ("en", "fr"):
        assert parse_announcement(format_action(a, v, lang), v) == [a]


def test_show_as_yaml_writes_the_new_knobs_back(tmp_path):
    result = runner.invoke(app, ["show", str(GAME), "--format", "yaml"])
    assert result.exit_code == 0
    text = result.stdout
    assert "trump:\n      value: A\n" in text and "removed:\n    value: [2C]\n" in text
    copy = tmp_path / "trump-board.yaml"
    copy.write_text(text, encoding="utf-8")
    assert load_ruleset(str(copy)).knobs() == load_ruleset(str(GAME)).knobs()
