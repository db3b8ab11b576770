"""The exchange stage (Piquet's discard and take-in), worked by hand from the Piquet notes:
hoyle-piq §Discarding (the elder 1 to 5 from the top five of the stock; the younger from what
is left), americana-piq / hoyle-gb rule 5 (the younger's own three only)."""

from __future__ import annotations

import random

import pytest

from hocdsl.actions import Discard
from hocdsl.cards import hand_of, parse_card, parse_hand
from hocdsl.engine import Game, IllegalAction
from hocdsl.engine.events import TookIn
from hocdsl.rules import load_ruleset

# The deal of the worked example (tests and examples/piquet-deals.yaml): Anne is elder.
ANNE = "AS KS QS JS 10S 9S AH AD AC 7H 8H 9D"
BLAISE = "7S 8S KH QH JH 10H KD QD JD KC QC JC"
# the stock: the eight cards neither holds
STOCK = parse_hand("9H 7D 8D 10D 7C 8C 9C 10C")


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in text.split())


def game(rules: str = "piquet", **knobs: object) -> Game:
    r = load_ruleset(rules)
    if knobs:
        r = r.with_knobs({f"exchange.{k}": v for k, v in knobs.items()})
    return Game(r, ["Anne", "Blaise"], dealer=1, hands=[ANNE, BLAISE])


def test_the_stock_is_the_eight_cards_not_dealt() -> None:
    g = game()
    assert g.out_of_play == STOCK and g.stage == "exchange" and g.to_act == 0


def test_a_record_names_the_cards_taken() -> None:
    g = game()
    g.apply(Discard.of(cards("7H 8H 9D"), cards("10D 7C 8C")))
    assert g.hands[0] == parse_hand("AS KS QS JS 10S 9S AH AD AC 10D 7C 8C")
    assert g.to_act == 1
    # what is left: five cards, and the younger may take them all (hoyle-piq part 12)
    assert g.legal_actions()[-1].cards.__len__() == 5


def test_the_elder_takes_at_most_five() -> None:
    g = game()
    with pytest.raises(IllegalAction) as e:
        g.apply(Discard.of(cards("7H 8H 9D AC AD AH"), cards("10D 7C 8C 9C 10C 9H")))
    assert "piquet exchange.elder_most, hoyle-piq §Discarding" in e.value.rule
    assert "at most 5" in e.value.message


def test_the_elder_takes_at_least_one() -> None:
    g = game()
    with pytest.raises(IllegalAction) as e:
        g.apply(Discard(()))
    assert e.value.rule.startswith("piquet exchange.elder_least, hoyle-piq §Discarding")


def test_a_card_not_held_or_not_in_the_stock_is_refused() -> None:
    g = game()
    with pytest.raises(IllegalAction, match="KH is not in your hand"):
        g.apply(Discard.of(cards("KH"), cards("10D")))
    with pytest.raises(IllegalAction, match="KH is not in the stock"):
        g.apply(Discard.of(cards("7H"), cards("KH")))


def test_without_an_order_the_cards_taken_must_be_named() -> None:
    g = game()
    with pytest.raises(IllegalAction) as e:
        g.apply(Discard.of(cards("7H")))
    assert e.value.rule.startswith("piquet deal.rest")


def test_the_younger_takes_only_his_own_three_where_the_knob_says_so() -> None:
    g = game(younger_takes="own-share")
    g.apply(Discard.of(cards("7H 8H 9D"), cards("10D 7C 8C")))
    with pytest.raises(IllegalAction) as e:
        g.apply(Discard.of(cards("7S 8S KH QH"), cards("9H 7D 8D 9C")))
    assert "piquet exchange.younger_takes" in e.value.rule and "his own share" in e.value.rule


def test_dealt_from_a_generator_the_top_of_the_stock_is_taken() -> None:
    g = Game(load_ruleset("piquet"), 2, dealer=1, rng=random.Random(5))
    stock = list(g.phase.stock)  # type: ignore[union-attr]
    hand = g.hands[0]
    laid = sorted(c for c in range(52) if hand >> c & 1)[:5]
    g.apply(Discard.of(laid))  # the cards taken filled in from the top
    assert g.hands[0] == (hand & ~hand_of(laid)) | hand_of(stock[:5])
    with pytest.raises(IllegalAction, match="the cards on top of the stock are"):
        g.apply(Discard.of(sorted(c for c in range(52) if g.hands[1] >> c & 1)[:1], (stock[7],)))
    # the younger then takes from the sixth card on
    one = sorted(c for c in range(52) if g.hands[1] >> c & 1)[:2]
    assert g.completed(Discard.of(one)) == Discard(tuple(one), tuple(stock[5:7]))


def test_what_a_player_lays_out_and_takes_is_his_alone_to_see() -> None:
    g = game()
    g.apply(Discard.of(cards("7H 8H 9D"), cards("10D 7C 8C")))
    assert any(type(e) is TookIn for e in g.view(0).events)
    assert not any(type(e) is TookIn for e in g.view(1).events)
