"""Bézique (source 004, rulesets/bezique.yaml): the combinations declared by a trick's winner
(engine/melds.py through the tricks stage), a pack of two copies in the tricks and turnup
stages, the golden record worked by hand, and the refusals, each citing its rule.

Every number is worked out by hand from 004 and the ruleset's knobs; the comments say how."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hocdsl.actions import PLAY, Draw, Meld, TurnUp
from hocdsl.announce.parser import parse_announcement
from hocdsl.cards import parse_card, parse_hand, sorted_cards
from edited_records import replay_edited
from hocdsl.cli import app
from hocdsl.engine import Game
from hocdsl.engine.errors import IllegalAction
from hocdsl.engine.melds import MeldError, MeldTable
from hocdsl.narrate import Narrator
from hocdsl.rules import load_ruleset
from hocdsl.sim import simulate

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "bezique-deals.yaml"
RULES = load_ruleset("bezique")
NAMES = ["Anne", "Blaise"]


def c(text: str) -> int:
    return parse_card(text)


def cards(text: str, copies: int = 4) -> list[int]:
    return sorted_cards(parse_hand(text, copies=copies))


# ------------------------------------------------------------ the golden deal ----


def test_the_worked_deal_replays_to_its_points() -> None:
    # examples/bezique-deals.yaml, worked trick by trick in its comments: Anne's declarations
    # 10 + 40 + 40 + 250 + 500 + 60 + 20 = 920 and her brisques 130 (tricks 5, 6, 22-27);
    # Blaise's second seven 10, his brisques 30 (tricks 10, 28, 32) and the last trick 10.
    r = CliRunner().invoke(app, ["replay", str(EXAMPLE)])
    assert r.exit_code == 0, r.output
    assert "Points worked by hand in the record (bezique): Anne 1050, Blaise 50 — matches" in r.output
    assert "Anne declares JD QS: forty for bézique" in r.output
    assert "Anne takes 9H in exchange" in r.output  # the seven of trumps for the card turned up


@pytest.mark.parametrize("change, rule", [
    # a second declaration after one trick (trick 2: bézique, then the royal marriage)
    (('- "Anne: I score forty for bézique: QS JD, and forty to score: KH QH"',
      '- "Anne: I score forty for bézique: QS JD, and forty to score: KH QH"\n'
      '      - "Anne: I score forty for royal marriage: KH QH"'),
     "bezique play.declarations, hoyle-bez ¶9"),
    # a card she does not hold (trick 2: the second knave of diamonds is still in the stock)
    (('"Anne: I score forty for bézique: QS JD,', '"Anne: I score forty for bézique: QS JD#2,'),
     "bezique play.declarations, hoyle-bez ¶9"),
    # points that are not the combination's (bézique scores 40)
    (('"Anne: I score forty for bézique: QS JD,', '"Anne: I score twenty for bézique: QS JD,'),
     "bezique play.declarations, hoyle-bez ¶9"),
    # the same bézique again, after trick 5 (a card scores once in a combination of a kind)
    (('- "Anne: AH"\n      - "Blaise: 7D"',
      '- "Anne: AH"\n      - "Blaise: 7D"\n      - "Anne: I score forty for bézique: QS JD"'),
     "bezique play.redeclare, hoyle-bez ¶10"),
    # a marriage of the king and queen declared in the sequence (an inferior combination), trick 5
    (('- "Anne: AH"\n      - "Blaise: 7D"',
      '- "Anne: AH"\n      - "Blaise: 7D"\n      - "Anne: I score forty for royal marriage: KH QH"'),
     "bezique play.redeclare, hoyle-bez ¶10"),
    # the loser of trick 1 declares
    (('- "Anne: I score ten for the seven of trumps: 7H"',
      '- "Blaise: I score ten for the seven of trumps: 7H#2"'), "one speaks and plays in turn"),
    # after the stock is out (trick 25, won by Anne)
    (('- "Anne: AH#2"\n      - "Blaise: 7H"',
      '- "Anne: AH#2"\n      - "Blaise: 7H"\n      - "Anne: I score eighty for four kings: KH KD KC KD#2"'),
     "bezique play.declarations, hoyle-bez ¶9"),
    # a draw out of turn: the loser draws first
    (('- "Anne: I draw JH"\n      - "Blaise: I draw 7D#2"', '- "Blaise: I draw 7D#2"\n      - "Anne: I draw JH"'),
     "one speaks and plays in turn"),
])
def test_a_record_breaking_a_rule_is_refused_with_it(tmp_path: Path, change: tuple[str, str], rule: str) -> None:
    r = replay_edited(EXAMPLE, change[0], change[1], tmp_path)
    assert r.exit_code == 2, r.output
    assert rule in r.output, r.output
    assert "Traceback" not in r.output


# ------------------------------------------------------------ the combinations ----


@pytest.mark.parametrize("held, trumps, name, points", [
    ("QS JD", 1, "bezique", 40),  # ¶7 (figure lost; the Rubicon table's 40)
    ("QS#2 JD", 1, "bezique", 40),  # either copy
    ("QS QS#2 JD JD#2", 1, "double-bezique", 500),
    ("KH QH", 1, "royal-marriage", 40),  # in trumps
    ("KC QC", 1, "marriage", 20),  # in a plain suit
    ("AH 10H KH QH JH", 1, "trump-sequence", 250),  # the five best trumps
    ("KS KS#2 KH KC", 1, "four-kings", 80),  # ¶7: 80, any suits, copies too
    ("QS QH QD QC", 1, "four-queens", 60),  # ¶7: 60
    ("JS JS#2 JH JH#2", 1, "four-knaves", 40),  # ¶7's example: two of spades and two of hearts
    ("7H", 1, "trump-seven", 10),
])
def test_cards_say_which_combination_they_are(held: str, trumps: int, name: str, points: int) -> None:
    t = MeldTable(RULES, RULES.stage("play"))
    assert t.identify(cards(held), trumps)[:2] == (name, points)


@pytest.mark.parametrize("held, trumps", [
    ("AS 10S KS QS JS", 1),  # a plain-suit sequence scores nothing in the ordinary game (¶7)
    ("7S", 1),  # a seven not of trumps
    ("KH QS", 1),  # king and queen of two suits
    ("10S 10H 10D 10C", 1),  # four tens: not in the table
])
def test_what_the_ordinary_game_does_not_score(held: str, trumps: int) -> None:
    t = MeldTable(RULES, RULES.stage("play"))
    with pytest.raises(MeldError):
        t.identify(cards(held), trumps)


def test_the_re_declaration_rules_of_the_ordinary_game() -> None:
    # ¶10: a queen married once may go on into four queens and the sequence, never another
    # marriage; a bézique card into a double bézique, never a second single; the king and queen
    # of a sequence never then into a marriage.
    t = MeldTable(RULES, RULES.stage("play"))
    hand = parse_hand("KH QH AH 10H JH QS JD QS QD QC JD", copies=2)
    used: dict[int, int] = {}

    def declare(text: str) -> str:
        name, _pts, family, took = t.resolve(Meld.of(cards(text)), hand, used, 1)
        for x in sorted_cards(took):
            used[x] = used.get(x, 0) | family
        return name

    assert declare("KH QH") == "royal-marriage"
    assert declare("AH 10H KH QH JH") == "trump-sequence"  # after the marriage: allowed
    with pytest.raises(MeldError, match="declared in a marriage and a sequence already"):
        declare("KH QH")  # the marriage again: inferior to the sequence
    assert declare("QS JD") == "bezique"
    assert declare("QS QS JD JD") == "double-bezique"  # both copies; the first ones of the single too
    with pytest.raises(MeldError, match="declared in a bezique and a double bezique already"):
        declare("QS JD")  # a single after the double: inferior (and the first copies' second single)
    assert declare("QS QH QD QC") == "four-queens"  # QS and QH of other kinds: allowed


# ------------------------------------------------------------ copies in play ----


def test_two_identical_cards_the_leader_wins() -> None:
    # ¶3: two nines of diamonds played to one trick, the trick belongs to the leader. Trumps
    # are hearts (9H turned up); Anne leads 9D, Blaise plays the other 9D: Anne's trick.
    g = Game(RULES, NAMES, dealer=1, hands=["9D 7C 8C 7S 8S 9S 7D 8D", "9D 7C 7S 8S 9S 7D 8D JC"])
    g.apply(TurnUp(c("9H")))
    g.apply(PLAY[c("9D")])
    g.apply(PLAY[c("9D#2")])
    assert g.to_act == 0  # Anne draws first: she won


def test_a_seven_turned_up_scores_the_dealer_ten() -> None:
    # ¶2: should the card turned up be a seven, the dealer scores ten. Blaise deals.
    g = Game(RULES, NAMES, dealer=1, hands=["9D 7C 8C 7S 8S 9S 7D 8D", "9D 7C 7S 8S 9S 7D 8D JC"])
    g.apply(TurnUp(c("7H#2")))
    assert g.points == [0, 10]


def test_the_brisques_may_wait_for_the_end_of_the_hand() -> None:
    # note 7: some score the brisques at the close of the hand. Anne leads AD, Blaise plays 7D:
    # Anne's trick, with one brisque: 10 at once by the ruleset, nothing yet by the alternative.
    hands = ["AD 7C 8C 7S 8S 9S 9D 8D", "7D 7C 7S 8S 9S 8D JC QC"]
    for when, now in (("trick", [10, 0]), ("end", [0, 0])):
        rules = RULES.with_knobs({"play.card_points_when": when})
        g = Game(rules, NAMES, dealer=1, hands=hands)
        g.apply(TurnUp(c("9H")))
        g.apply(PLAY[c("AD")])
        g.apply(PLAY[c("7D")])
        assert g.points == now


def test_a_declaration_before_the_draw_only_by_the_winner() -> None:
    # ¶9, ¶4: Anne wins trick 1 (9C over 7C); Blaise may not declare; Anne declares her royal
    # marriage, then draws; once she has drawn she may not declare.
    g = Game(RULES, NAMES, dealer=1, hands=["9C KH QH 7S 8S 9S 7D 8D", "7C KC QC 8C 9S 8D JC QS"])
    g.apply(TurnUp(c("9H")))
    g.apply(PLAY[c("9C")])
    g.apply(PLAY[c("7C")])
    assert g.to_act == 0
    opts = [a for a in g.legal_actions() if type(a) is Meld]
    assert [(m.name, m.points) for m in opts] == [("royal-marriage", 40)]
    with pytest.raises(IllegalAction, match="one combination a trick"):
        g.apply(Meld.of(cards("KH QH")))
        g.apply(Meld.of(cards("KH QH")))
    assert g.points == [40, 0]
    stock = [a for a in g.legal_actions() if type(a) is Draw]
    g.apply(stock[0])
    with pytest.raises(IllegalAction, match="has drawn already"):
        g.apply(Meld.of(cards("KH QH")))


def test_the_narration_in_french() -> None:
    # "quarante de bésigue", "vingt de mariage"
    g = Game(RULES, NAMES, dealer=1, hands=["9C QS JD KC QC 9S 7D 8D", "7C 7S 8S 8C 9D 8D JC QS"], record=True)
    g.apply(TurnUp(c("9H")))
    g.apply(PLAY[c("9C")])
    g.apply(PLAY[c("7C")])
    g.apply(parse_announcement("je marque quarante de bésigue : QS JD")[0])
    text = "\n".join(Narrator(NAMES, RULES, "fr").events(g.events))
    assert "Anne déclare" in text and "quarante de bésigue" in text


def test_the_announcements_read_back_what_they_write() -> None:
    from hocdsl.announce.format import format_action
    from hocdsl.announce.vocabulary import Vocabulary

    v = Vocabulary.from_ruleset(RULES)
    for m in (Meld.of(cards("QS JD"), "bezique", 40), Meld.of(cards("KC QC"), "marriage", 20),
              Meld.of(cards("AH 10H KH QH JH"), "trump-sequence", 250), Meld.of(cards("7H"), "trump-seven", 10)):
        for lang in ("en", "fr"):
            assert parse_announcement(format_action(m, v, lang)) == [m]
    assert format_action(Meld.of(cards("KC QC"), "marriage", 20), v, "en") == "I score twenty for marriage: QC KC"


# ------------------------------------------------------------ Rubicon Bézique ----

RUBICON = load_ruleset("bezique-rubicon")


def _after_first_trick(hands: list[str]) -> Game:
    """A Rubicon deal (no card turned up) with Anne's 9C winning trick 1 over Blaise's 7C."""
    g = Game(RUBICON, NAMES, dealer=1, hands=hands)
    g.apply(PLAY[c("9C")])
    g.apply(PLAY[c("7C")])
    assert g.to_act == 0
    return g


def test_rubicon_the_first_marriage_makes_trumps() -> None:
    # law 41 and note 10: the first marriage scored is in trumps (40) and names them; a marriage
    # of another suit after it is a plain one (20, law 40).
    g = _after_first_trick(["9C KH QH KS QS 8S 9S 7D 8D", "7C 7S 8C 9D 8D JC 7H 8H 9H"])
    assert g.view(0).seen().trumps == -1  # no card turned up: no trumps yet
    g.apply(Meld.of(cards("KH QH"), "royal-marriage", 40))
    assert g.view(0).seen().trumps == 1 and g.points == [40, 0]
    text = "\n".join(Narrator(NAMES, RUBICON).events(g.events))
    assert "Anne declares QH KH: forty for royal marriage; hearts are trumps" in text
    t = MeldTable(RUBICON, RUBICON.stage("play"))
    assert t.identify(cards("KS QS"), 1)[:2] == ("marriage", 20)
    assert t.identify(cards("AS 10S KS QS JS"), 1)[:2] == ("plain-sequence", 150)
    assert t.identify(cards("QS QS QS JD JD JD"), 1)[:2] == ("triple-bezique", 1500)


def test_rubicon_carte_blanche_at_the_start_and_at_each_draw_without_a_court() -> None:
    # law 15, law 16: Anne holds no king, queen or knave: 50 before play. She wins trick 1 and
    # draws 8H (no court): 50 again; then she draws KD: no more.
    g = _after_first_trick(["9C 7H 8S 9S 7D 8D 10D AD AS", "7C 7S 8C 9D 8D JC 7H 8H 9H"])
    assert g.points == [50, 0]
    g.apply(Draw(c("8H#2")))
    g.apply(Draw(c("8H#3")))
    assert g.points == [100, 0]
    g.apply(PLAY[c("7H")])
    g.apply(PLAY[c("8C")])  # no trumps yet: another suit does not win
    g.apply(Draw(c("KD")))
    assert g.points == [100, 0]


def test_rubicon_the_same_cards_never_twice_but_a_substituted_card_again() -> None:
    # law 34, law 35: KH QH declared, then KH with the other QH is a marriage again; the very
    # same two cards a second time are refused. (Under the ordinary game's rule both are.)
    t = MeldTable(RUBICON, RUBICON.stage("play"))
    hand = parse_hand("KH QH QH", copies=4)
    used: dict[int, int] = {}
    name, _p, family, took = t.resolve(Meld.of(cards("KH QH")), hand, used, 1)
    for x in sorted_cards(took):
        used[x] = family
    done = frozenset({(name, took)})
    with pytest.raises(MeldError, match="a card must be substituted"):
        t.resolve(Meld.of((c("KH"), c("QH"))), hand, used, 1, done)
    assert t.resolve(Meld.of((c("KH"), c("QH#2"))), hand, used, 1, done)[0] == "royal-marriage"
    ordinary = MeldTable(RULES, RULES.stage("play"))
    with pytest.raises(MeldError, match="declared in a marriage already"):
        ordinary.resolve(Meld.of((c("KH"), c("QH#2"))), hand, used, 1, done)


def test_rubicon_the_last_nine_tricks_follow_and_win() -> None:
    # law 55: with the stock out, a player follows suit and beats the card led if he can; with
    # none of the suit, he trumps if he can.
    from hocdsl.engine.tricks import TricksStage

    def led_in_the_last_tricks(hands: list[str], led: str) -> TricksStage:
        """Anne leads ``led``, hearts trumps and the stock out: the tricks stage as Blaise answers."""
        g = Game(RUBICON, NAMES, dealer=1, hands=hands)
        ph = g.phase
        assert isinstance(ph, TricksStage)
        ph.trumps = 1
        ph._stock_is_out()
        g.apply(PLAY[c(led)])
        return ph

    ph = led_in_the_last_tricks(["9C KH QH KS QS 8S 9S 7D 8D", "7C 7S 10C 9D 8D JC 7H 8H 9H"], "9C")
    assert sorted_cards(ph.playable(1)) == cards("10C JC")  # of 7C, 10C, JC: those that beat the nine
    ph = led_in_the_last_tricks(["9S KH QH KS QS 8S 9C 7D 8D", "7C 10C 9D 8D JC 7H 8H 9H 9D"], "9S")
    assert sorted_cards(ph.playable(1)) == cards("7H 8H 9H")  # no spade: a trump


def test_the_worked_rubicon_deal_replays_to_its_points() -> None:
    # examples/bezique-rubicon-deals.yaml, worked in its comments: Anne's declarations 40 + 40 +
    # 250 + 500 + 40 = 870 and the last trick 50; Blaise's carte blanche twice, 100. The
    # brisques are kept apart (law 56): her 27, 270; his five, 50. Blaise is rubiconed (100,
    # and 150 with his brisques, under 1000): 900 + 100 + 1300 = 2300, 23 chips a hundred.
    rubicon = EXAMPLE.with_name("bezique-rubicon-deals.yaml")
    r = CliRunner().invoke(app, ["replay", str(rubicon)])
    assert r.exit_code == 0, r.output
    assert "Points worked by hand in the record (bezique-rubicon): Anne 920, Blaise 100 — matches" in r.output
    assert "Points kept apart (the settlement's alone): Anne 270, Blaise 50" in r.output
    assert "Blaise pays Anne 23 (the game, rubiconed)" in r.output
    assert "forty for royal marriage; hearts are trumps" in r.output


def test_the_heuristic_bot_plays_a_game_of_two_packs_without_declarations(tmp_path):
    # The bot's plain trick play read one pack's 52 cards: in a ruleset extending Bézique
    # with its declarations turned off, a hand held only second copies and the bot had no
    # card to play (min() of nothing, a traceback in hoc simulate).
    path = tmp_path / "plain-tricks.yaml"
    path.write_text("format: 2\nname: plain-tricks\ntitle: Bezique's packs, no declarations\n"
                    "extends: bezique\nstages:\n  play:\n    declarations:\n"
                    "      value: none\n      editorial: a test of the bots\n", encoding="utf-8")
    rules = load_ruleset(str(path))
    res = simulate(rules, hands=60, players=2, seed=3)
    assert res.chips_conserved and res.hands == 60
    # every deal plays all 64 cards out: 32 tricks shared between the two
    share = res.metrics["trick_share.eldest"].mean + res.metrics["trick_share.dealer"].mean
    assert abs(share - 1) < 1e-9
