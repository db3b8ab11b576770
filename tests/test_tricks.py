"""The tricks stage kind, played: two test games written in YAML alone, each outcome worked
out by hand from their rules (the docstrings say how).

tests/data/trick-game.yaml: Piquet's play of the cards (piquet.md §Play of the cards): two
players, 32 cards, twelve each, no trumps, following suit, one point for the last trick and
ten for the most tricks. tests/data/draw-game.yaml: Bezique's play and draw (source 004) on
twelve cards, three each: a card turned up names trumps, the ten above the king, any card
while the stock lasts and a draw each after every trick, the winner first, then following
suit; ten for each ace and ten in a trick won, ten for the last trick."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hocdsl.actions import PLAY, Draw, Play, TurnUp
from hocdsl.bots import make_bot
from hocdsl.cards import parse_card, parse_hand
from hocdsl.engine import Game, Partie
from hocdsl.engine.errors import IllegalAction
from hocdsl.engine.events import Scored, TrickWon
from hocdsl.engine.tricks import TricksResult, TricksSeen
from hocdsl.narrate import Narrator
from hocdsl.pack import pack_of
from hocdsl.records import read_record, replay_record
from hocdsl.rules import RulesetError, load_ruleset

DATA = Path(__file__).parent / "data"
TRICK_GAME = load_ruleset(str(DATA / "trick-game.yaml"))
DRAW_GAME = load_ruleset(str(DATA / "draw-game.yaml"))
NAMES = ["Anne", "Blaise"]


def card(text: str) -> Play:
    return PLAY[parse_card(text)]


#: Blaise deals; Anne (the elder hand, the non-dealer) leads. The eight left: 10D 9D 8D 7D QC JC 10C 9C.
HANDS = ["AS KS QS JS 10H 9H 8H 7H AD KD 7C 8C",
         "10S 9S 8S 7S AH KH QH JH QD JD AC KC"]
#: The cards each plays, trick by trick (the leader first).
PLAYED = [("AS", "7S"), ("KS", "8S"), ("QS", "9S"), ("JS", "10S"), ("AD", "JD"), ("KD", "QD"),
          ("7C", "AC"), ("AH", "7H"), ("KH", "8H"), ("QH", "9H"), ("JH", "10H"), ("KC", "8C")]


def test_a_hand_worked_by_hand() -> None:
    """Anne leads her spades from the ace: Blaise must follow with his spades (he holds four),
    and each of hers is higher (A K Q J over 7 8 9 10: the ace-high order, the jack above the
    ten): tricks 1-4 are Anne's. AD, KD: Blaise follows with JD, QD, both lower: tricks 5, 6.
    She leads 7C; Blaise wins with AC (trick 7) and leads his hearts from the ace: Anne must
    follow with 7H 8H 9H 10H, each lower (the jack above the ten): tricks 8-11 are Blaise's.
    He leads KC, she has only 8C: the last trick (12) is his, one point more. Six tricks each:
    the cards are divided, nobody scores the ten. Anne 0, Blaise 1."""
    g = Game(TRICK_GAME, NAMES, dealer=1, hands=HANDS)
    assert g.stage == "tricks" and g.to_act == 0
    winners = []
    for lead, follow in PLAYED:
        leader = g.to_act
        g.apply(card(lead))
        g.apply(card(follow))
        won = [e for e in g.events if type(e) is TrickWon][-1]
        winners.append(NAMES[won.seat])
        assert leader is not None
    assert winners == ["Anne"] * 6 + ["Blaise"] * 6
    assert g.is_over and g.points == [0, 1]
    r = g.result_of(TricksResult)
    assert r is not None and r.tricks == [6, 6] and r.last == 1 and r.majority == -1 and r.capot == -1
    # the events say the same: Blaise's one point, for the last trick
    assert [(e.seat, e.points, e.reason) for e in g.events if type(e) is Scored] == [(1, 1, "last-trick")]
    # every card played once, the eight not dealt untouched
    assert g.pile == pack_of(TRICK_GAME).mask & ~g.out_of_play and g.out_of_play == parse_hand(
        "10D 9D 8D 7D QC JC 10C 9C")


def test_following_suit_is_the_one_rule_it_refuses_with() -> None:
    g = Game(TRICK_GAME, NAMES, dealer=1, hands=HANDS)
    g.apply(card("AS"))
    # Blaise holds four spades: only they may be played
    assert set(g.legal_actions()) == {card(c) for c in ("10S", "9S", "8S", "7S")}
    with pytest.raises(IllegalAction) as e:
        g.apply(card("AH"))
    assert "must play one" in e.value.message and "trick-game tricks.following" in e.value.rule
    assert "a player follows suit if he can" in e.value.rule
    with pytest.raises(IllegalAction, match="does not hold"):
        g.apply(card("KS"))
    with pytest.raises(IllegalAction, match="nobody draws now"):
        g.apply(Draw(parse_card("10D")))
    assert g.hand(1) == parse_hand(HANDS[1])  # nothing changed


def test_the_most_tricks_score_ten_and_the_last_one_more() -> None:
    """Anne holds the ace, king, queen and jack of every suit but clubs' two, AC KC: every card
    of hers is above every card Blaise holds in its suit, and there are no trumps; she leads
    the first trick and wins it, so she leads and wins every trick, whatever either plays.
    Twelve tricks: the ten for the most tricks and one for the last, 11; with capot scored
    (all_tricks: 40, eb9-piq), forty in place of the ten and the last trick's one, 41."""
    hands = ["AS KS QS JS AH KH QH JH AD KD AC KC", "10S 9S 8S 7S 10H 9H 8H 7H QD JD 8C 7C"]
    g = Game(TRICK_GAME, NAMES, dealer=1, hands=hands)
    rng = random.Random(2)
    while not g.is_over:  # any legal play: Anne leads each trick and no card of Blaise's beats hers
        g.apply(rng.choice(g.legal_actions()))
    r = g.result_of(TricksResult)
    assert r is not None and r.tricks == [12, 0] and r.capot == 0
    # capot scores nothing more here (all_tricks: 0): the ten for the most tricks, one for the last
    assert g.points == [11, 0]
    with_capot = TRICK_GAME.with_knobs({"tricks.all_tricks": 40})
    g = Game(with_capot, NAMES, dealer=1, hands=hands)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert g.points == [41, 0]  # forty in place of the ten (eb9-piq), and the last trick


def test_a_point_for_each_card_led_and_for_winning_as_second_hand() -> None:
    """Piquet's counting in play (EB9-PIQ p. 115): the leader counts one for each card he
    leads, the second hand one when he wins the trick. In the hand worked by hand Anne leads
    tricks 1-7 (7 points), Blaise wins trick 7 as second hand (1) and leads 8-12 (5): Anne 7,
    Blaise 1 + 5 + 1 (the last trick) = 7. Counting only ten and above (HOYLE-IMP p. 188, the
    alternative): Anne's leads AS KS QS JS AD KD count, 7C not (6); Blaise wins trick 7 with AC
    (1), leads AH KH QH JH KC (5), and the last trick (1): 7."""
    counting = TRICK_GAME.with_knobs({"tricks.lead_points": 1, "tricks.win_points": 1})
    g = Game(counting, NAMES, dealer=1, hands=HANDS)
    for lead, follow in PLAYED:
        g.apply(card(lead))
        g.apply(card(follow))
    assert g.points == [7, 7]
    high = counting.with_knobs({"tricks.counting_ranks": (1, 10, 11, 12, 13)})
    g = Game(high, NAMES, dealer=1, hands=HANDS)
    for lead, follow in PLAYED:
        g.apply(card(lead))
        g.apply(card(follow))
    assert g.points == [6, 7]
    assert Narrator(g.names, g.rules).events(g.events)[:3] == [
        "Anne leads AS", "Anne scores 1 for a card led", "Blaise plays 7S"]


#: Blaise deals; the stock is 10S KH AD 10D AC 8C; Blaise turns up 8C (clubs are trumps).
DRAW_HANDS = ["AS 10H 9D", "KS AH 7C"]


def test_a_hand_with_a_stock_worked_by_hand() -> None:
    """Blaise turns up 8C: clubs are trumps (it is drawn last). Anne leads 9D; Blaise trumps
    with 7C (trick 1, no ace or ten in it); Blaise draws AD, Anne 10S. Blaise leads AH, Anne
    plays 10H: the ace is higher; Blaise scores 20 (an ace and a ten). Blaise draws KH, Anne
    10D. Blaise leads KS; Anne plays 10S, above the king in this order (hoyle-bez): hers, 10.
    Anne draws AC; Blaise draws 8C, the card turned up, last: the stock is out. Now each must
    follow suit if he can: Anne leads AS, Blaise has no spade and trumps with 8C: his, 10.
    Blaise leads KH, Anne has no heart and plays 10D (no trump: it does not win): his, 10.
    Blaise leads AD, Anne has only AC, a trump: the last trick is hers, 20 and 10 for the last.
    Anne 10 + 20 + 10 = 40, Blaise 20 + 10 + 10 = 40: the 70 of the four aces and three tens,
    and the last trick's 10."""
    g = Game(DRAW_GAME, NAMES, dealer=1, hands=DRAW_HANDS)
    assert g.to_act == 1  # the dealer turns up a card (no generator: any card of the stock)
    g.apply(TurnUp(parse_card("8C")))
    steps = [("Anne", card("9D")), ("Blaise", card("7C")), ("Blaise", Draw(parse_card("AD"))),
             ("Anne", Draw(parse_card("10S"))), ("Blaise", card("AH")), ("Anne", card("10H")),
             ("Blaise", Draw(parse_card("KH"))), ("Anne", Draw(parse_card("10D"))), ("Blaise", card("KS"))]
    for who, a in steps:
        assert g.names[g.to_act] == who, (who, a)
        g.apply(a)
    # the draw stage: any card, even one not of the suit led while holding it (hoyle-bez)
    assert g.can_apply(card("10D")) and g.can_apply(card("AS"))
    g.apply(card("10S"))
    # the turned-up card is the stock's last: Anne, who won, cannot draw it first
    with pytest.raises(IllegalAction, match="the card turned up, is the last of the stock"):
        g.apply(Draw(parse_card("8C")))
    g.apply(Draw(parse_card("AC")))
    g.apply(Draw(parse_card("8C")))
    assert g.out_of_play == 0 and g.points == [10, 20]
    g.apply(card("AS"))
    g.apply(card("8C"))
    g.apply(card("KH"))
    # the stock is out: following suit now (Anne has no heart: anything goes)
    assert set(g.legal_actions()) == {card("10D"), card("AC")}
    g.apply(card("10D"))
    g.apply(card("AD"))
    assert g.legal_actions() == (card("AC"),)
    g.apply(card("AC"))
    assert g.is_over and g.points == [40, 40]
    r = g.result_of(TricksResult)
    assert r is not None and r.tricks == [2, 4] and r.last == 0


def test_after_the_stock_one_follows_suit() -> None:
    g = Game(DRAW_GAME, NAMES, dealer=1, hands=DRAW_HANDS)
    for a in (TurnUp(parse_card("8C")), card("9D"), card("7C"), Draw(parse_card("AD")),
              Draw(parse_card("10S")), card("AH"), card("10H"), Draw(parse_card("KH")),
              Draw(parse_card("10D")), card("KS"), card("10S"), Draw(parse_card("AC")), Draw(parse_card("8C"))):
        g.apply(a)
    # the stock is out; Anne, who won trick 3, leads 10D: Blaise (AD KH 8C) must follow with AD,
    # and may not trump while he holds a diamond (hoyle-bez: follow suit; if not, he may trump)
    g.apply(card("10D"))
    with pytest.raises(IllegalAction) as e:
        g.apply(card("8C"))
    assert "draw-game tricks.following_after_stock" in e.value.rule
    assert "once the stock is out, a player follows suit if he can" in e.value.rule


def test_dealt_from_a_generator_the_draws_are_chances_and_cards_are_conserved() -> None:
    pack = pack_of(DRAW_GAME).mask
    for seed in range(30):
        g = Game(DRAW_GAME, NAMES, rng=random.Random(seed))
        turned = -1
        rng = random.Random(seed + 100)
        while not g.is_over:
            legal = g.legal_actions()
            if isinstance(legal[0], (Draw, TurnUp)):
                assert len(legal) == 1  # chance's card, one legal action
                if isinstance(legal[0], TurnUp):
                    turned = legal[0].card
            a = rng.choice(legal)
            g.apply(a)
            union = g.pile | g.out_of_play
            for h in g.hands:
                assert not h & union
                union |= h
            assert union == pack  # no card made or lost
        assert g.out_of_play == 0 and sum(g.points) == 80
        # the card turned up was drawn last: the dealer's opponent or the dealer holds it at the end of
        # the draws; it was played to a trick
        assert g.pile >> turned & 1


def test_a_seat_sees_its_own_draws_only() -> None:
    g = Game(DRAW_GAME, NAMES, dealer=1, hands=DRAW_HANDS)
    for a in (TurnUp(parse_card("8C")), card("9D"), card("7C"), Draw(parse_card("AD")), Draw(parse_card("10S"))):
        g.apply(a)
    from hocdsl.engine.events import Drew
    assert [e.card for e in g.view(0).events if type(e) is Drew] == [parse_card("10S")]
    assert [e.card for e in g.view(1).events if type(e) is Drew] == [parse_card("AD")]
    seen = g.view(1).seen()
    assert type(seen) is TricksSeen and seen.trumps == 3 and seen.stock == 4 and seen.tricks == (0, 1)
    told = Narrator(("Anne", "You"), DRAW_GAME).events(g.events)
    assert "You draw AD (5 left in the stock)" in told and "Anne draws a card (4 left in the stock)" in told
    fr = Narrator(("Anne", "Vous"), DRAW_GAME, "fr").events(g.events)
    assert "Vous piochez AK (reste 5 au talon)" in fr and "Anne pioche une carte (reste 4 au talon)" in fr


@pytest.mark.parametrize("rules", [TRICK_GAME, DRAW_GAME], ids=["trick-game", "draw-game"])
def test_bots_play_it_and_the_heuristic_bot_beats_the_random_one(rules) -> None:
    """Bots play every action (random and heuristic); over 300 deals, each seat playing each
    bot in turn, the heuristic bot scores more points per deal than the random one."""
    totals = {"heuristic": 0, "random": 0}
    for seed in range(300):
        bots = ("heuristic", "random") if seed % 2 else ("random", "heuristic")
        p = Partie(rules, NAMES, rng=random.Random(seed), max_hands=1, auto_forced=True)
        players = [make_bot(b, rules, s, random.Random(seed * 7 + s)).choose for s, b in enumerate(bots)]
        for g, _ in p.play(players):
            for s, b in enumerate(bots):
                totals[b] += g.points[s]
            # the scores are what the events say, seat by seat
            for s in range(2):
                assert sum(e.points for e in g.events if type(e) is Scored and e.seat == s) == g.points[s]
            # every card of the pack played once or left in the stock; the hands empty
            assert not any(g.hands) and not g.pile & g.out_of_play
            assert g.pile | g.out_of_play == pack_of(rules).mask
    assert totals["heuristic"] > totals["random"], totals


RECORD = """\
title: The draw game, one deal worked by hand (tests/test_tricks.py)
ruleset: draw-game.yaml
players: [Anne, Blaise]
deals:
  - dealer: Blaise
    hands:
      Anne: AS 10H 9D
      Blaise: KS AH 7C
    announcements:
      - "Blaise: I turn up 8C"
      - "Anne: 9D"
      - "Blaise: 7C"
      - "Blaise: I draw AD"
      - "Anne: draw 10S"
      - "Blaise: AH"
      - "Anne: 10H"
      - "Blaise: je pioche KH"
      - "Anne: pioche 10D"
      - "Blaise: KS"
      - "Anne: 10S"
      - "Anne: I draw AC"
      - "Blaise: I draw 8C"
      - "Anne: AS"
      - "Blaise: 8C"
      - "Blaise: KH"
      - "Anne: 10D"
      - "Blaise: AD"
      - "Anne: AC"
    expect:
      draw-game: {Anne: 0, Blaise: 0}
    points:
      draw-game: {Anne: 40, Blaise: 40}
"""


def test_a_record_replays_to_the_points_worked_by_hand(tmp_path: Path) -> None:
    import shutil

    shutil.copy(DATA / "draw-game.yaml", tmp_path / "draw-game.yaml")
    f = tmp_path / "deal.yaml"
    f.write_text(RECORD, encoding="utf-8")
    r = replay_record(read_record(str(f)))
    d = r.deals[0]
    assert d.points == {"Anne": 40, "Blaise": 40} and d.matches_expect is True
    # a draw out of turn is refused with the rule
    f.write_text(RECORD.replace('      - "Anne: draw 10S"\n', "").replace(
        '      - "Blaise: I draw AD"\n', '      - "Anne: I draw AD"\n'), encoding="utf-8")
    from hocdsl.records import RecordError
    with pytest.raises(RecordError, match="out of turn"):
        replay_record(read_record(str(f)))


@pytest.mark.parametrize(("old", "new", "words"), [
    # the ten named twice and the nine left out: each rank once
    ("value: [A, 10, K, Q, J, 9, 8, 7]", "value: [A, 10, K, Q, J, 10, 8, 7]", "`10` a second time"),
    # a two the 32-card pack does not hold, in place of the seven
    ("value: [A, 10, K, Q, J, 9, 8, 7]", "value: [A, 10, K, Q, J, 9, 8, 2]", "an order without 7"),
    # trumps from a turned-up card that names none
    ("trumps: {value: suit-of-card,", "trumps: {value: none,", "`trumps: turnup` with no trump suit named before"),
])
def test_the_order_and_trumps_of_the_tricks_are_checked_when_the_file_loads(tmp_path: Path, old: str, new: str,
                                                                 words: str) -> None:
    # the rank named twice is the schema's to refuse (unique items); the other two are the
    # tricks stage's own check, which had no @check and let them load silently
    text = (DATA / "draw-game.yaml").read_text(encoding="utf-8")
    assert old in text
    f = tmp_path / "draw-game.yaml"
    f.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(RulesetError) as e:
        load_ruleset(str(f))
    assert words in str(e.value)


def test_tricks_beside_a_card_game_is_refused(tmp_path: Path) -> None:
    # found by the fuzzer: piquet made to extend hoc-mazarin loaded with the Hoc's card game
    # (stops) before the exchange and the tricks; the card game played the hands out, the
    # exchange then had nothing to take, and the first hand simulated raised
    text = (Path(__file__).resolve().parent.parent / "rulesets" / "piquet.yaml").read_text(encoding="utf-8")
    assert "\nname: piquet\n" in text and "\nextends:" not in text
    f = tmp_path / "piquet.yaml"
    f.write_text(text.replace("\nname: piquet\n", "\nname: piquet\nextends: hoc-mazarin\n"), encoding="utf-8")
    with pytest.raises(RulesetError) as e:
        load_ruleset(str(f))
    assert "a tricks stage beside the card game `card_game` (kind: stops)" in str(e.value)
