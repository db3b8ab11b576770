"""The declare stage (Piquet's calling), worked by hand from the Piquet notes.

The deal (Anne elder, Blaise younger dealer) and the exchange of the worked example: Anne lays
out 7H 8H 9D and takes 10D 7C 8C; Blaise lays out 7S 8S and takes 9H 10C. Then
Anne: AS KS QS JS 10S 9S / AH / AD 10D / AC 8C 7C; Blaise: KH QH JH 10H 9H / KD QD JD /
KC QC JC 10C.

- point: Anne six spades, 60 (ace 11, courts and ten 10, nine 9: hoyle-imp p. 185) against
  Blaise's five hearts: good; six cards score 6 (chambers-piq: one a card).
- sequence: Anne's sixième to the ace (A K Q J 10 9 of spades) beats Blaise's quint to the
  king: good; 16 (foster-piq: ten more than the cards from five up). She has no other run.
- sets: Anne's four aces (quatorze, 14, eb14-piq p. 2) beat any trio: good; 14. Her two tens
  are no set.
- repique: 6 + 16 + 14 = 36, reached by combinations alone before Blaise has counted
  anything (he has no carte blanche): +60 (parlett-piq §Repique). Anne 96, Blaise 0.
"""

from __future__ import annotations

import pytest

from hocdsl.actions import CONCEDE, EQUAL, NOT_GOOD, PASS, Answer, DeclarePoint, DeclareSequence, DeclareTricon
from hocdsl.announce import Vocabulary, parse_announcement
from hocdsl.engine import Game, IllegalAction
from hocdsl.engine.declare import DeclareResult
from hocdsl.rules import load_ruleset

ANNE = "AS KS QS JS 10S 9S AH AD AC 7H 8H 9D"
BLAISE = "7S 8S KH QH JH 10H KD QD JD KC QC JC"


def after_exchange(dealer: int = 1, **knobs: object) -> Game:
    """The worked deal after the exchange; ``dealer=0``: Anne deals, so Blaise is elder."""
    r = load_ruleset("piquet")
    if knobs:
        r = r.with_knobs({f"declare.{k}": v for k, v in knobs.items()})
    v = Vocabulary.from_ruleset(r)
    g = Game(r, ["Anne", "Blaise"], dealer=dealer, hands=[ANNE, BLAISE])
    turns = ["discard 7H 8H 9D and take 10D 7C 8C", "discard 7S 8S and take 9H 10C"]
    for said in (turns if dealer == 1 else turns[::-1]):
        (a,) = parse_announcement(said, v)
        g.apply(a)
    return g


def say(g: Game, *texts: str) -> None:
    v = Vocabulary.from_ruleset(g.rules)
    for t in texts:
        (a,) = parse_announcement(t, v)
        g.apply(a)


def test_the_worked_calling() -> None:
    g = after_exchange()
    say(g, "point of six", "good", "sixième major", "good", "fourteen aces", "good")
    r = g.result_of(DeclareResult)
    assert r is not None and r.winner == [0, 0, 0] and r.repique == 0
    assert g.points == [6 + 16 + 14 + 60, 0]


def test_a_call_not_held_is_refused_with_the_rule() -> None:
    g = after_exchange()
    with pytest.raises(IllegalAction) as e:
        g.apply(DeclarePoint(7, None))
    assert e.value.rule.startswith("piquet declare.answers, eb9-piq p. 116")
    say(g, "point of six", "good")
    with pytest.raises(IllegalAction):
        g.apply(DeclareSequence(7, 1))  # a septième she does not hold
    with pytest.raises(IllegalAction) as e:
        g.apply(DeclareTricon(3, 9))  # nines make no set (eb14-piq p. 2)


def test_an_answer_that_is_not_so_is_refused() -> None:
    g = after_exchange()
    say(g, "point of six")
    for wrong in (Answer(NOT_GOOD), Answer(EQUAL)):  # his five hearts are worse
        with pytest.raises(IllegalAction) as e:
            g.apply(wrong)
        assert "your best is worse" in e.value.message


def test_sinking_a_better_hand_by_saying_good() -> None:
    # the younger holds better and says "good" anyway (eb9-piq p. 116): the elder counts
    g = after_exchange(dealer=0)  # Blaise elder now, Anne younger
    say(g, "point of five", "good")  # Anne sinks her six spades
    assert g.result_of(DeclareResult).winner[0] == 1  # type: ignore[union-attr]
    assert g.points[1] == 5
    with pytest.raises(IllegalAction):  # but under answers: truth she may not
        g2 = after_exchange(dealer=0, answers="truth")
        say(g2, "point of five", "good")


def test_the_younger_counts_after_the_first_lead_and_repiques() -> None:
    # Blaise elder: every one of his calls is "not good"; Anne, younger, counts 6 + 16 + 14 and
    # her repique, in the order of counting (parlett-piq §Repique); she counts them once Blaise
    # has led (hoyle-imp p. 188): before the play they wait
    g = after_exchange(dealer=0)
    say(g, "point of five", "not good", "quint to the king", "not good", "three kings", "not good")
    r = g.result_of(DeclareResult)
    assert r is not None and r.winner == [0, 0, 0] and r.repique == 0
    assert g.points == [0, 0]  # Anne's combinations wait for Blaise's first lead
    say(g, "KH")  # Blaise leads: one for him, then Anne counts hers (and no pique for him)
    assert g.points == [96, 1]


def test_an_equal_point_scores_for_nobody() -> None:
    r = load_ruleset("piquet")
    g = Game(r, ["Anne", "Blaise"], dealer=1,
             hands=["AS KS QS JS 9H 8H 7C 8C 9C 10D JD QD", "AH KH QH JH 9S 8S 7S 7D 8D 9D KC QC"])
    say(g, "discard 9H and take 10S", "discard 9S and take 10H")
    # Anne: spades A K Q J 10 (5, 51); Blaise: hearts A K Q J 10 (5, 51): equal
    say(g, "point of five, 51", "equal")
    assert g.result_of(DeclareResult).winner[0] == -2  # type: ignore[union-attr]
    assert g.points == [0, 0] or g.points[0] > 0  # (the sequences follow; the point scored nothing)
    assert not any(getattr(e, "reason", None) == "declared-point" for e in g.events)


def test_calling_nothing_lets_the_younger_count_his() -> None:
    g = after_exchange(dealer=0)
    say(g, "nothing")  # Blaise, elder, calls no point: Anne's six spades count
    assert g.result_of(DeclareResult).winner[0] == 0  # type: ignore[union-attr]


def test_the_bot_calls_its_best_first() -> None:
    g = after_exchange()
    assert g.legal_actions()[0] == DeclarePoint(6, 60)
    say(g, "point of six")
    assert g.legal_actions() == (CONCEDE,)
    assert PASS in after_exchange().legal_actions()


def test_pique_on_the_seventh_lead() -> None:
    # cassell-piq p. 156's case: the elder with a point of five (5), a quint major (15) and three
    # aces (3), 23 before the play, reaches thirty on his seventh lead while the younger has
    # nothing (every call good, no trick won): thirty more, "sixty" (parlett-piq §Pique)
    r = load_ruleset("piquet")
    g = Game(r, ["Anne", "Blaise"], dealer=1,
             hands=["AH KH QH JH 10H AS AD 7S 8S 7D 8D 7C", "9H 8H 7H KS QS JS 10S 9S KD QD JD 8C"])
    say(g, "discard 7C and take 9C", "discard 8C and take KC",
        "point of five", "good", "quint major", "good", "three aces", "good")
    assert g.points == [23, 0]
    say(g, "AH", "7H", "KH", "8H", "QH", "9H", "JH", "9S", "10H", "10S", "AS", "JS")
    assert g.points == [29, 0] and g.result_of(DeclareResult).pique == -1  # type: ignore[union-attr]
    say(g, "AD")  # the seventh lead: thirty, and the pique at once
    assert g.points == [60, 0] and g.result_of(DeclareResult).pique == 0  # type: ignore[union-attr]
