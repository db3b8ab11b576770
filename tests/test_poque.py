"""Le Poque (rulesets/poque.yaml; notes: ../shared/sources/family/poque.md): a pack that
changes with the number of players, the vying on a poque (pairs or better, only a holder
opens), the end payment to every player, the words said, the exact odds of a poque and a
hand played at the terminal.

Every number below is worked out by hand from the notes (enc-poque1, enc-poque2) and the
combinatorics written beside it, not printed by the engine.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hocdsl.actions import CALL, CONCEAL, PASS, Call, DeclareTricon, Pass, Play, Raise, TurnUp
from hocdsl.announce import parse_announcement
from hocdsl.announce.vocabulary import Vocabulary
from hocdsl.bots import make_bot
from hocdsl.cards import RANK_MASKS, parse_card
from hocdsl.cli import app
from hocdsl.engine import Game, IllegalAction
from hocdsl.engine.partie import Partie
from hocdsl.odds import hand_odds
from hocdsl.pack import pack_of
from hocdsl.rules import load_ruleset
from hocdsl.rules.model import Ruleset

runner = CliRunner()
POQUE = load_ruleset("poque")
SIXES = RANK_MASKS[6 - 1]


# ------------------------------------------------------------ the pack ----


def test_the_pack_is_32_cards_at_three_or_four_and_36_at_six():
    # enc-poque1 ¶1: the sixes and below out at three or four; 36 cards at six. At five the
    # notes are silent: pack.cards, a lost placeholder (32), with 36 as its alternative.
    assert POQUE.players == (3, 4, 5, 6)
    sizes = {n: pack_of(POQUE.at_players(n)).size for n in POQUE.players}
    assert sizes == {3: 32, 4: 32, 5: 32, 6: 36}
    assert POQUE.provenance["pack.cards"].lost
    assert [a.value for a in POQUE.provenance["pack.cards"].alternatives] == [36]
    six = pack_of(POQUE.at_players(6))
    assert six.mask & SIXES == SIXES and six.order[0] == 6 and six.order[-1] == 1  # 6 up to the ace
    assert pack_of(POQUE.at_players(4)).mask & SIXES == 0
    # asked twice, the same object (what the engine derives from it is derived once)
    assert POQUE.at_players(6) is POQUE.at_players(6)
    hoc = load_ruleset("hoc-mazarin")
    assert hoc.at_players(3) is hoc  # a ruleset without cards_by_players is itself


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_deal_comes_from_the_pack_of_its_number_of_players(players):
    pack = pack_of(POQUE.at_players(players)).mask
    seen = 0
    for seed in range(40):
        g = Game(POQUE, players, rng=random.Random(seed))
        dealt = 0
        for h in g.dealt:
            assert h.bit_count() == 5  # enc-poque1 ¶2: five cards each
            assert h & dealt == 0
            dealt |= h
        assert dealt | g.out_of_play == pack and dealt & g.out_of_play == 0
        seen |= dealt
    # at six a six is dealt sometimes (30 of 36 cards go out every deal); never at three to five
    assert bool(seen & SIXES) == (players == 6)


def test_a_pack_by_players_must_be_a_known_pack_for_a_number_dealt(tmp_path: Path):
    path = tmp_path / "wrong.yaml"
    path.write_text(
        "format: 2\nname: wrong\ntitle: wrong\nsummary: wrong\nextends: poque\n"
        "pack:\n  cards_by_players:\n    value: {3: 33, 7: 52}\n    source: \"enc-poque1 ¶1\"\n",
        encoding="utf-8")
    res = runner.invoke(app, ["validate", str(path)])
    assert res.exit_code == 2 and "Traceback" not in res.output
    out = " ".join(res.output.split())
    assert "wrong.yaml:8:" in out  # at the value's line: file:line:col
    assert "a pack of 33 cards" in out and "write 32?" in out
    assert "a pack for 7 players" in out and "deal.hand_size lists (3, 4, 5, 6)" in out


@pytest.mark.parametrize("section,knob,wrong,meant", [
    ("bidding:\n  ", "open_with", "combinaton", "combination"),
    ("stages:\n  settle:\n    ", "end_payment_to", "every-players", "every-player"),
])
def test_a_misspelt_choice_of_a_new_knob_is_placed_and_corrected(tmp_path: Path, section, knob, wrong, meant):
    path = tmp_path / "misspelt.yaml"
    path.write_text("format: 2\nname: misspelt\ntitle: m\nsummary: m\nextends: poque\n"
                    f"{section}{knob}: {{value: {wrong}, editorial: a test}}\n", encoding="utf-8")
    res = runner.invoke(app, ["validate", str(path)])
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert f"misspelt.yaml:{6 + section.count(chr(10))}:" in res.output
    assert f"found `{wrong}`" in res.output and f"did you mean `{meant}`?" in res.output


# ------------------------------------------------------------ the vying ----


def _game(hands: list[str], turned: str, dealer: int = 2, rules: Ruleset = POQUE) -> Game:
    """A hand of ``hands``: the dealer (Colette) turns up ``turned`` (its suit trumps; the
    compartment it marks, if any, is hers), and the poque begins."""
    g = Game(rules, len(hands), dealer=dealer, hands=hands)
    g.apply(TurnUp(parse_card(turned)))
    return g


def test_only_a_holder_of_a_poque_opens():
    # enc-poque1: only a player holding two cards or more of one rank says "je poque".
    g = _game(["7H 8H 9H KS QD", "10C 10D 10S 7S AC", "QH QC JD 10H 9S"], "8C")  # Anne: no pair
    assert g.to_act == 0 and g.legal_actions() == (PASS,)
    with pytest.raises(IllegalAction) as e:
        g.apply(Raise(1))
    assert "bidding.open_with" in str(e.value) and "enc-poque1" in str(e.value)
    g.apply(PASS)
    assert Raise(1) in g.legal_actions()  # Blaise holds three tens
    g.apply(Raise(1))
    # after an opening anyone may hold or raise (raise_with: anything), a pair or not
    g.apply(CALL)  # Colette holds
    assert Raise(2) in g.legal_actions()  # Anne, who passed, comes back in and may raise


def test_raise_with_combination_leaves_the_others_to_hold_or_give_up():
    rules = POQUE.with_knobs({"bidding.raise_with": "combination"})
    g = _game(["7H 8H 9H KS QD", "10C 10D 10S 7S AC", "QH QC JD 10H 9S"], "8C", rules=rules)
    g.apply(PASS)
    g.apply(Raise(1))
    assert Raise(1) in g.legal_actions()  # Colette holds two queens: she may raise
    g.apply(CALL)
    assert set(g.legal_actions()) == {CALL, PASS}  # Anne, no pair: hold or give up
    with pytest.raises(IllegalAction) as e:
        g.apply(Raise(1))
    assert "bidding.raise_with" in str(e.value)


def test_three_of_a_rank_beat_two_whatever_the_ranks_and_giving_up_costs_nothing():
    # enc-poque2 ¶1: more cards beat fewer whatever the ranks; the best takes the poque's
    # compartment and every raise; a player who gave up pays nothing more.
    # Colette turns up 8S (no compartment has an eight); spades are trumps
    g = _game(["7H 8H 9H KS KD", "10C 10D 10S 7S AC", "QH QC JD 10H 9S"], "8S")
    g.apply(Raise(1))     # Anne, two kings: 1
    g.apply(Raise(2))     # Blaise, three tens: 1 + 2 = 3
    g.apply(PASS)         # Colette gives up
    g.apply(CALL)         # Anne holds at 3
    g.apply(DeclareTricon(2, 13))
    g.apply(DeclareTricon(3, 10))
    poque = POQUE.pool_index("poque")
    # the compartment: 3 jetons staked (one a player) + 3 + 3 = 9, all Blaise's; then Anne,
    # holding the king of spades, takes the king's compartment, 3 (enc-poque2 ¶2)
    assert g.ledger.pools[poque] == 0
    assert g.ledger.net == [-6 - 3 + 3, -6 - 3 + 9, -6]


def test_equal_counts_go_to_the_higher_rank_inferred():
    # the notes are silent between equal counts: poque.keys [size, rank] (inferred)
    g = _game(["7H 7D 9H KS QD", "JC JD 10S 8S AC", "QH 8C 9D 10H 9S"], "8H")
    g.apply(Raise(1))  # Anne, two sevens
    g.apply(CALL)      # Blaise, two jacks
    g.apply(PASS)      # Colette, two nines, gives up
    g.apply(DeclareTricon(2, 7))
    g.apply(DeclareTricon(2, 11))
    assert g.ledger.net[1] == -6 - 1 + 3 + 1 + 1  # Blaise takes 3 staked + 1 + 1


def test_nobody_answers_the_opener_he_takes_it_unseen():
    g = _game(["7H 8H 9H KS QD", "10C 10D 7D 7S AC", "QH QC JD 10H 9S"], "8D")
    g.apply(PASS)
    g.apply(Raise(2))  # Blaise poques two on his sevens (or tens)
    g.apply(PASS)
    g.apply(PASS)
    # lone_winner_must_show: false (enc-poque2 ¶1): he may keep his hand hidden
    g.apply(CONCEAL)
    # then Anne, holding the queen of diamonds (trumps), takes the queen's compartment, 3
    assert g.ledger.net == [-6 + 3, -6 - 2 + 3 + 2, -6]


# ------------------------------------------------------------ the end payment ----


def test_the_loser_pays_each_player_not_only_the_first_out():
    # enc-poque2 ¶3: for each card left, its points to each player. Courts 10, an ace 1
    # (placeholders: the card values are lost with p. 105).
    # Colette turns up 7D: diamonds trumps, and Blaise's ace of diamonds takes the ace's 3
    rules = POQUE
    g = _game(["7H 8H 9H 10H JH", "KS AD 10S 8S 9C", "QH 8C 7C 9D 10D"], "7D")
    for _ in range(3):  # nobody holds a poque: all pass
        g.apply(PASS)
    # Anne runs 7H to JH, all hers, and is out before Colette's QH is wanted
    for c in ("7H", "8H", "9H", "10H", "JH"):
        g.apply(Play(parse_card(c)))
    assert g.is_over
    # Blaise: K 10 + A 1 + 10 + 8 + 9 = 38; Colette: Q 10 + 8 + 7 + 9 + 10 = 44
    assert g.ledger.net == [-6 + 38 + 44, -6 + 3 - 2 * 38 + 44, -6 - 2 * 44 + 38]
    # the default (every other ruleset): the first out alone is paid
    alone = rules.with_knobs({"settle.end_payment_to": "first-out"})
    h = _game(["7H 8H 9H 10H JH", "KS AD 10S 8S 9C", "QH 8C 7C 9D 10D"], "7D", rules=alone)
    for _ in range(3):
        h.apply(PASS)
    for c in ("7H", "8H", "9H", "10H", "JH"):
        h.apply(Play(parse_card(c)))
    assert h.ledger.net == [-6 + 38 + 44, -6 + 3 - 38, -6 - 44]


# ------------------------------------------------------------ many hands ----


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bots_play_poque_hands_with_chips_and_cards_conserved(players):
    rng = random.Random(11 + players)
    bots = [make_bot("heuristic", POQUE, s, random.Random(s)) for s in range(players)]
    partie = Partie(POQUE, players, rng=rng, dealer=0, max_hands=60, auto_forced=True)
    pack = pack_of(POQUE.at_players(players)).mask
    opened = 0
    for g, _decisions in partie.play([b.choose for b in bots]):
        assert sum(g.ledger.net) + sum(g.ledger.pools) == sum(g.carry_in.pools)  # chips
        held = 0
        for h in g.hands:
            held |= h
        assert held | g.pile | g.out_of_play == pack  # cards: each once, in hand, laid or out
        assert held & g.pile == 0 and (held | g.pile) & g.out_of_play == 0
        opened += any(type(e).__name__ == "Raised" for e in g.events)
    assert sum(partie.balances) + sum(partie.carry.pools) == players * 40
    assert opened > 0  # the bots vie on their poques


# ------------------------------------------------------------ words ----


@pytest.mark.parametrize("said,action", [
    ("je poque", Raise(1)), ("I poque", Raise(1)), ("poque two", Raise(2)),
    ("je poque de 3", Raise(3)), ("je poque pour deux", Raise(2)),
    ("je tiens", Call()), ("hold", Call()), ("je renvie de 2", Raise(2)),
    ("give up", Pass()), ("je passe", Pass()), ("I give up", Pass()),
    ("doublet de rois", DeclareTricon(2, 13)), ("doublet of kings", DeclareTricon(2, 13)),
    ("brelan de dix", DeclareTricon(3, 10)), ("carré d'as", DeclareTricon(4, 1)),
])
def test_what_is_said_at_the_poque(said, action):
    assert parse_announcement(said, Vocabulary.from_ruleset(POQUE)) == [action]


# ------------------------------------------------------------ odds ----


def test_odds_of_a_poque_in_five_cards():
    # A hand with no poque holds five different ranks, one card of each: C(R, 5) * 4**5.
    # 32 cards (R = 8): C(8, 5) = 56, 56 * 1024 = 57344 of C(32, 5) = 201376 hands.
    # 36 cards (R = 9): C(9, 5) = 126, 126 * 1024 = 129024 of C(36, 5) = 376992.
    assert comb(32, 5) == 201376 and comb(36, 5) == 376992
    three = hand_odds(POQUE, 3)
    assert three.pack == 32
    assert three.tricon_at_least[2] == 1 - Fraction(57344, 201376)  # 4501/6293, about 0.715
    assert three.tricon_at_least[2] == Fraction(4501, 6293)
    # Three of a rank or more, 32 cards: no rank held three times means 2+2+1, 2+1+1+1 or
    # five singles: C(8,2)*6*6*6*4 = 24192, 8*C(7,3)*6*4**3 = 107520, and 57344: 189056;
    # 201376 - 189056 = 12320 hands.
    assert three.tricon_at_least[3] == Fraction(12320, 201376)
    six = hand_odds(POQUE, 6)
    assert six.pack == 36
    assert six.tricon_at_least[2] == 1 - Fraction(129024, 376992)  # 123/187, about 0.658
    assert six.tricon_at_least[2] == Fraction(123, 187)


# ------------------------------------------------------------ at the terminal ----


def test_hoc_play_poque_plays_a_hand_against_bots():
    pytest.importorskip("pexpect")
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from terminal_play import assert_settled, play_a_hand

    def poque_when_one_may(options: list[str]) -> str:
        # seed 5 deals the human the aces of spades and hearts: he may open
        if any(o.startswith("raise") for o in options):
            return "je poque"
        return options[0]

    text, chosen = play_a_hand(["play", "poque", "--players", "4", "--seed", "5"], poque_when_one_may)
    assert "je poque" in chosen
    # "je poque" is a raise of one jeton (enc-poque1): the table hears it so; seed 5 gives
    # Denise two queens, who holds; the aces win the compartment: 4 staked + 1 + 1
    assert "You: raise 1" in text
    assert "You take the poque pool: 6" in text
    assert "Pools: ace 4, king 4, queen 4, jack 4, ten 4, poque 4" in text  # a jeton from each of 4
    assert_settled(text, players=4, stake=40)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_hoc_simulate_poque_keeps_the_chips_at_every_number_of_players(players):
    import json

    res = runner.invoke(app, ["simulate", "poque", "--players", str(players), "--seed", "2",
                              "--hands", "60", "--format", "json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["players"] == players and out["chips_conserved"] is True
    # the dealer's turned card marks a compartment for the ace, king, queen, jack or ten
    # (placeholders for the last two): 5 ranks of 8 at 32 cards, 5 of 9 at 36
    assert 0 < out["metrics"]["turnup_take_rate"]["mean"] < 1


def test_the_simulated_rate_of_a_poque_agrees_with_the_exact_odds():
    # tricon_held_rate.2 (pairs or better, counted where the stage on sets counts pairs)
    # against 4501/6293 (test_odds_of_a_poque_in_five_cards), within four standard errors
    # of 2,000 deals to three seats (the seed is fixed: deterministic)
    import json

    res = runner.invoke(app, ["simulate", "poque", "--players", "3", "--seed", "3", "--hands", "2000",
                              "--bots", "random", "--format", "json"])
    assert res.exit_code == 0, res.output
    m = json.loads(res.stdout)["metrics"]["tricon_held_rate.2"]
    lo, hi = m["ci95"]
    se = (hi - lo) / (2 * 1.96)
    assert 0 < se and abs(m["mean"] - 4501 / 6293) < 4 * se


def test_a_bot_opens_on_a_strong_poque_and_passes_without_one():
    # The heuristic bot vies by the strength of its set among dealt hands (bots/strength.py):
    # three aces (only a carré beats them: about 1 hand in 900, hoc odds 0.0011) open; without
    # a pair the bot may not (bidding.open_with).
    strong = _game(["AH AD AS 7C 8D", "10C 9D 10S 7S KC", "QH QC JD 10H 9S"], "8S")
    bot = make_bot("heuristic", POQUE, 0, random.Random(1))
    assert isinstance(bot.choose(strong.view(0)), Raise)
    weak = _game(["7H 8H 9H KS QD", "10C 10D 10S 7S AC", "QH QC JD 10H 9S"], "8C")
    assert make_bot("heuristic", POQUE, 0, random.Random(1)).choose(weak.view(0)) == PASS
