"""Packs shuffled together (``pack.copies``): the card model, the deal, the card game,
records, the grammar and ``hoc odds`` with copies of a card.

tests/data/two-packs.yaml is the Lindor played with two piquet packs of 32 shuffled
together (as Bézique, source 004 ¶1): 64 cards, eight of each rank. Every outcome below
is worked out by hand from its rules (the Lindor's, fr-nainjaune §Règle du jeu: runs by
rank in any suit, the player of the last card goes on while he can, one holding the card
wanted must lay it, a board card laid takes its box).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from hocdsl.actions import PLAY, WITHOUT
from hocdsl.announce.parser import parse_announcement
from hocdsl.bots import make_bot
from hocdsl.cards import (
    MAX_IDS, NUM_CARDS, CardError, all_copies, card_name, card_words, copy_counts, copy_of, folded, hand_str,
    held_copy, held_twice, parse_card, parse_copy, parse_hand, rank_of, suit_of,
)
from hocdsl.cli import app
from hocdsl.engine import Game
from hocdsl.engine.errors import IllegalAction
from hocdsl.pack import pack_of
from hocdsl.records import parse_record, replay_record
from hocdsl.records.errors import RecordError
from hocdsl.records.writer import PlayedDeal, write_record
from hocdsl.rules import load_ruleset

DATA = Path(__file__).parent / "data"
GAME = DATA / "two-packs.yaml"
TWO = load_ruleset(str(GAME))
runner = CliRunner()

# Three hands of 18 (3 players under two-packs), the other ten cards (the clubs from the eight
# up, both copies) out of play. Anne holds no ten; Blaise one ten, the second pack's ten of
# diamonds (a board card: the box `ten`); Colette the seven other tens, the first 10D among them.
ANNE = "9H AS AS#2 7S 7S#2 8S 8S#2 9S 9S#2 JS JS#2 QS QS#2 KS KS#2 AH 7H 8H"
BLAISE = "10D#2 AH#2 7H#2 8H#2 9H#2 JH JH#2 QH QH#2 KH KH#2 AD AD#2 7D 7D#2 8D 8D#2 9D"
COLETTE = "10S 10S#2 10H 10H#2 10D 10C 10C#2 9D#2 JD JD#2 QD QD#2 KD KD#2 AC AC#2 7C 7C#2"


# ------------------------------------------------------------ notation ----


def test_every_copy_is_named_and_read_back():
    for c in range(MAX_IDS):
        assert parse_card(card_name(c)) == c
        assert parse_card(card_words(c)) == c
        assert parse_card(card_words(c, "fr")) == c
        assert rank_of(c) == c % 13 + 1 and suit_of(c) == (c % 52) // 13
    # the first pack's cards keep their names: nothing a single pack writes changes
    assert [card_name(c) for c in (0, 11, 36, 51)] == ["AS", "QS", "JD", "KC"]  # suit * 13 + rank - 1
    assert card_name(52 + 11) == "QS#2" and card_name(3 * 52 + 11) == "QS#4"
    assert card_words(52 + 11) == "queen of spades #2"
    assert card_words(52 + 11, "fr") == "dame de pique #2"


def test_a_mark_is_a_copy_and_no_mark_either():
    assert parse_copy("QS") == (11, None)
    assert parse_copy("QS#1") == (11, 0)
    assert parse_copy("Q♠ #2") == (11, 1)
    assert parse_copy("valet de carreau #2") == (36, 1)
    with pytest.raises(CardError, match="#1 to #4"):
        parse_copy("QS#5")


def test_the_hands_of_copies():
    h = parse_hand("QS QS JD JD#3 7H", copies=3)  # QS twice: copies 1 and 2
    assert h == 1 << 11 | 1 << (52 + 11) | 1 << 36 | 1 << (104 + 36) | 1 << 19
    assert hand_str(h) == "7H JD JD#3 QS QS#2"
    assert hand_str(folded(h)) == "7H JD QS"
    assert hand_str(held_twice(h)) == "JD QS"
    counts = copy_counts(h)
    assert (counts[11], counts[36], counts[19], counts[0]) == (2, 2, 1, 0)
    assert held_copy(h, 11) == 11 and held_copy(parse_hand("QS#2", copies=2), 11) == 63
    assert held_copy(h, 0) == -1
    assert all_copies(parse_hand("QS"), 2) == parse_hand("QS QS", copies=2)
    with pytest.raises(CardError, match="more than 2 times"):
        parse_hand("QS QS QS", copies=2)
    with pytest.raises(CardError, match="given twice"):
        parse_hand("QS QS")  # one pack: a card named twice is an error, as ever


def test_the_grammar_reads_a_copy_or_either():
    said = parse_announcement("QS#2 queen of spades hoc! dame de pique #2 without 10")
    assert [getattr(a, "card", None) for a in said[:4]] == [63, 11, None, 63]
    assert said[4] is WITHOUT[10]
    fr = parse_announcement("DP#2 RT", cards="fr")
    assert [a.card for a in fr] == [63, 51]  # type: ignore[union-attr]


# ------------------------------------------------------------ the pack ----


def test_two_piquet_packs_make_64_cards():
    pack = pack_of(TWO)
    assert (pack.size, pack.copies) == (64, 2)
    assert pack.mask == all_copies(pack_of(load_ruleset("hoc-mazarin").with_knobs(
        {"pack.cards": 32})).mask, 2)
    assert [(pack.rank_masks[r - 1] & pack.mask).bit_count() for r in pack.order] == [8] * 8
    # the Lindor's points: ace 1, courts 10, the others their face
    assert pack.points(parse_hand("QS QS 7H AS", copies=2)) == 28


def test_the_deal_gives_each_copy_once():
    for seed in range(20):
        g = Game(TWO, 4, rng=random.Random(seed))
        assert [h.bit_count() for h in g.dealt] == [14] * 4
        union = 0
        for h in g.dealt:
            assert not h & union
            union |= h
        assert union | g.out_of_play == pack_of(TWO).mask
        assert g.out_of_play.bit_count() == 64 - 56


def test_hands_given_count_copies():
    g = Game(TWO, 3, dealer=2, hands=[ANNE, BLAISE, COLETTE])
    assert g.out_of_play == parse_hand("8C 8C 9C 9C JC JC QC QC KC KC", copies=2)
    # a card named plainly is the lowest copy no hand before holds: the same deal
    plain = [h.replace("#2", "") for h in (ANNE, BLAISE, COLETTE)]
    assert list(Game(TWO, 3, dealer=2, hands=plain).dealt) != list(g.dealt)  # Blaise's 10D is copy 1 now
    assert [folded(h) for h in Game(TWO, 3, dealer=2, hands=plain).dealt] == [folded(h) for h in g.dealt]
    with pytest.raises(ValueError, match="more than 2 times"):
        Game(TWO, 3, dealer=2, hands=[ANNE, BLAISE, COLETTE.replace("10S#2", "9H")])
    with pytest.raises(ValueError, match="not in this pack"):
        Game(TWO, 3, dealer=2, hands=[ANNE.replace("8H", "2H"), BLAISE, COLETTE])


# ------------------------------------------------------------ the card game ----


def test_a_run_wants_either_copy_and_the_copy_held_is_laid():
    g = Game(TWO, ("Anne", "Blaise", "Colette"), dealer=2, hands=[ANNE, BLAISE, COLETTE])
    ten = next(i for i, p in enumerate(TWO.pools) if p.id == "ten")
    while g.to_act is not None and g.stage != "cards" and g.legal_actions():
        g.apply(g.legal_actions()[0])
    assert g.to_act == 0
    g.apply(PLAY[parse_card("9H")])  # Anne leads; she holds no ten: "without 10"
    assert g.legal_actions() == (WITHOUT[10],)
    g.apply(WITHOUT[10])
    assert g.to_act == 1
    with pytest.raises(IllegalAction, match="you must lay it"):  # Blaise holds the second 10D
        g.apply(WITHOUT[10])
    boxed = g.ledger.pools[ten]
    assert boxed == 3  # a jeton from each of the three players (fr-nainjaune §Mise des jetons)
    g.apply(PLAY[parse_card("10D")])  # named without its copy: the one he holds, the second
    assert g.pile >> (52 + 35) & 1 and not g.pile >> 35 & 1  # 10D: 2 * 13 + 10 - 1
    assert g.hands[2] >> 35 & 1  # Colette keeps the first pack's 10D
    assert g.ledger.pools[ten] == 0  # either copy of a board card takes its box
    assert g.to_act == 1  # he goes on: a jack is wanted, and he holds both JH
    assert {a.card for a in g.legal_actions()} == {parse_card("JH"), parse_card("JH#2")}  # type: ignore[union-attr]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4, 5, 6]))
def test_every_copy_is_accounted_for_at_the_end(seed, players):
    rng = random.Random(seed)
    g = Game(TWO, players, rng=rng)
    bots = [make_bot("heuristic", TWO, s, random.Random(seed + s)) for s in range(players)]
    while not g.is_over:
        s = g.to_act
        assert s is not None
        g.apply(bots[s].choose(g.view(s)))
    parts = [*g.hands, g.pile, g.out_of_play]
    union = 0
    for h in parts:
        assert not h & union  # no copy in two places
        union |= h
    assert union == pack_of(TWO).mask
    assert copy_counts(union) == [2 if pack_of(TWO).mask >> c & 1 else 0 for c in range(NUM_CARDS)]
    assert sum(g.net) + sum(g.ledger.pools) == 0  # chips conserved (a first hand: nothing carried in)


# ------------------------------------------------------------ records ----


def _record() -> tuple[str, tuple[int, ...]]:
    names = ("Anne", "Blaise", "Colette", "Denis")
    g = Game(TWO, names, rng=random.Random(3))
    dealt = g.dealt
    bots = [make_bot("heuristic", TWO, s, random.Random(s)) for s in range(4)]
    acts = []
    while not g.is_over:
        s = g.to_act
        assert s is not None
        a = bots[s].choose(g.view(s))
        acts.append(a)
        g.apply(a)
    text = write_record(names, str(GAME), deals=[PlayedDeal(g.dealer, dealt, acts)], rules=TWO)
    return text, tuple(g.net)


def test_a_record_of_copies_replays_with_or_without_the_marks():
    text, net = _record()
    assert "\ncopies: 2\n" in text and "#2" in text
    assert tuple(replay_record(parse_record(text), rules=TWO).deals[0].net.values()) == net
    plain = text.replace("#2", "")  # every card named plainly: either copy, dealt and laid
    assert tuple(replay_record(parse_record(plain), rules=TWO).deals[0].net.values()) == net


def test_a_record_of_copies_under_a_single_pack_is_refused(tmp_path):
    text, _ = _record()
    p = tmp_path / "lindor-copies.yaml"
    p.write_text(text.replace(f"ruleset: {GAME}", "ruleset: lindor"))
    line = next(i for i, t in enumerate(p.read_text().splitlines(), 1) if t.startswith("copies:"))
    with pytest.raises(RecordError) as e:
        replay_record(parse_record(p.read_text(), str(p)))
    assert (e.value.line, e.value.column) == (line, 9)
    res = runner.invoke(app, ["replay", str(p)])
    assert res.exit_code == 2
    assert res.stderr.startswith(f"{p}:{line}:9: copies: found 2 packs shuffled together; lindor plays "
                                 "with one pack, each card dealt once (pack.copies: 1, the default; "
                                 "pack.cards: regledujeu-nainjaune)")
    assert "Traceback" not in res.output


def test_a_record_without_copies_keeps_each_card_once():
    text, _ = _record()
    one = text.replace("copies: 2\n", "")
    with pytest.raises(RecordError, match=r"a card of pack 2; the record deals one pack"):
        parse_record(one, "x.yaml")
    with pytest.raises(RecordError, match="is given twice|which is also in"):
        parse_record(one.replace("#2", ""), "x.yaml")


# ------------------------------------------------------------ the CLI ----


def test_simulate_validate_and_odds():
    res = runner.invoke(app, ["validate", str(GAME)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["simulate", str(GAME), "--hands", "200", "--seed", "7", "--players", "4",
                              "--jobs", "1"])
    assert res.exit_code == 0, res.output
    assert "chips conserved: yes" in res.output
    res = runner.invoke(app, ["odds", str(GAME), "--players", "4"])
    assert res.exit_code == 2
    assert "odds are not counted for packs shuffled together yet" in res.stderr
    assert "Traceback" not in res.output


def test_copies_are_refused_with_a_stage_that_reads_one_pack(tmp_path):
    # the vie and claims stages read one pack's 52 cards: a second pack's would be missed
    p = tmp_path / "mazarin-copies.yaml"
    p.write_text("format: 2\nname: mazarin-copies\ntitle: x\nsummary: x\nextends: hoc-mazarin\n"
                 "pack:\n  copies: {value: 2, editorial: \"a test\"}\n"
                 "deal:\n  hand_size: {value: {3: 15}, editorial: \"a test\"}\n"
                 "  players: {value: [3], editorial: \"a test\"}\n")
    res = runner.invoke(app, ["validate", str(p)])
    assert res.exit_code == 2
    assert (f"{p.name}:7:19: pack.copies: found 2 packs shuffled together with the vie stage `point`; "
            "expected one pack: only the stops, settle, turnup, tricks stages play packs of copies yet") in res.output
    assert "with the claims stage `blank_hand`" in res.output
