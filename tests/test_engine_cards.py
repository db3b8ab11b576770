"""The card game (Lalanne 002 §9) and blank hands (002 §8), worked by hand.

In CARDS the four sevens are out of play, so a sequence reaching a 6 stops there.
Principal hocs (002 §9.2): the four kings, the queen of spades, the jack of diamonds.
"""

from __future__ import annotations

import dataclasses

import pytest

from hocdsl.actions import DECLARE_BLANK, PASS, PLAY, WITHOUT, DeclareBlank
from hocdsl.cards import RANK_MASKS, parse_card, parse_hand
from hocdsl.engine import IllegalAction
from hocdsl.engine.events import BlankHandsCancelled, Hoc, HandOver, Played, SaidWithout
from hocdsl.engine.cardgame import need
from test_engine_util import (
    ANNE, BLAISE, COLETTE, game, moves, of_type, play, rules, to_cards, variant,
)

CARDS = [
    "5S 6H 10S JC QC KS 2H 3D 4C AH 9H 8S",   # Anne
    "KH 8D JD 2S 3S 4S 5H 6D 10H AS 2D 3C",   # Blaise
    "9C 8H 4H 5D 6C QH JS 10D AD 2C 4D 3H",   # Colette
]


def P(name: str):
    return PLAY[parse_card(name)]


def hocs(g):
    return [(e.seat, e.kind, e.paid) for e in of_type(g, Hoc)]


def test_no_seven_in_play():
    g = game(CARDS)
    assert g.out_of_play & RANK_MASKS[6] == RANK_MASKS[6]


def test_covering_without_and_accidental_hoc():
    # 002 §9.1: Anne leads 5S and must cover with 6H; no 7: "6 sans 7"; Blaise and
    # Colette have none: "sans 7". Nobody could play: 6H is an accidental hoc (002 §9.2),
    # each pays Anne 1, and she starts a new sequence.
    g = game(CARDS)
    to_cards(g)
    assert g.stage == "cards" and g.to_act == ANNE and need(g) == 0
    play(g, P("5S"))
    assert g.legal_actions() == (P("6H"),)  # must cover (002 §9.1)
    with pytest.raises(IllegalAction) as e:
        g.apply(WITHOUT[6])
    assert "§9.1" in e.value.rule
    play(g, P("6H"), WITHOUT[7])
    assert g.to_act == BLAISE and g.legal_actions() == (WITHOUT[7],)
    play(g, WITHOUT[7])
    assert hocs(g) == []
    play(g, WITHOUT[7])
    assert hocs(g) == [(ANNE, "accidental", True)]
    assert of_type(g, Hoc)[0].card == parse_card("6H")
    assert moves(g, "hoc") == [(BLAISE, ANNE, 1), (COLETTE, ANNE, 1)]
    assert g.to_act == ANNE and need(g) == 0


def _to_king(g):
    """Anne: 5S 6H sans 7 (accidental hoc), then 10S JC QC: the king is wanted."""
    to_cards(g)
    play(g, P("5S"), P("6H"), WITHOUT[7], WITHOUT[7], WITHOUT[7], P("10S"), P("JC"), P("QC"))
    assert need(g) == 13 and g.to_act == ANNE


def test_withheld_principal_hoc_and_a_principal_hoc_played():
    # 002 §9.2 "dame sans roi": Anne holds KS, a principal hoc, and may say "without
    # king". Blaise lays KH, a principal hoc: each other player pays him 1 and he leads.
    g = game(CARDS)
    _to_king(g)
    assert set(g.legal_actions()) == {P("KS"), WITHOUT[13]}
    play(g, WITHOUT[13])
    assert of_type(g, SaidWithout)[-1].false is False
    assert set(g.legal_actions()) == {P("KH"), WITHOUT[13]}
    play(g, P("KH"))
    assert hocs(g)[-1] == (BLAISE, "principal", True)
    assert moves(g, "hoc")[-2:] == [(ANNE, BLAISE, 1), (COLETTE, BLAISE, 1)]
    assert g.to_act == BLAISE and need(g) == 0


def test_both_withhold_then_accidental_hoc_on_the_queen():
    g = game(CARDS)
    _to_king(g)
    play(g, WITHOUT[13], WITHOUT[13], WITHOUT[13])  # Colette holds no king
    assert hocs(g)[-1] == (ANNE, "accidental", True)
    assert of_type(g, Hoc)[-1].card == parse_card("QC")
    assert g.to_act == ANNE and need(g) == 0


def test_principal_hoc_may_not_be_withheld_under_the_other_reading():
    g = game(CARDS, variant(rules(), "card_game", principal_may_withhold=False))
    _to_king(g)
    assert g.legal_actions() == (P("KS"),)
    with pytest.raises(IllegalAction):
        g.apply(WITHOUT[13])


def test_a_plain_king_is_an_end_of_run_hoc_at_once():
    # A ruleset whose principal hocs are only QS and JD: the king Anne must lay ends the
    # sequence (nothing ranks above it, 002 §1): an end-of-run hoc (adjo-hocs §3; Lalanne
    # pays it as the accidental hoc of §9.2: card_game.end_of_run_pay), paid, she leads.
    r = variant(rules(), "card_game", principal_hocs=frozenset({parse_card("QS"), parse_card("JD")}))
    g = game(CARDS, r)
    _to_king(g)
    assert g.legal_actions() == (P("KS"),)
    play(g, P("KS"))
    assert hocs(g)[-1] == (ANNE, "end-of-run", True)
    assert g.to_act == ANNE and need(g) == 0


def test_principal_lead_pays():
    # Anne leads her principal hoc KS: a hoc (principal_lead_pays), paid; she leads anew.
    g = game(CARDS)
    to_cards(g)
    play(g, P("KS"))
    assert hocs(g) == [(ANNE, "principal", True)]
    assert moves(g, "hoc") == [(BLAISE, ANNE, 1), (COLETTE, ANNE, 1)]
    assert g.to_act == ANNE and need(g) == 0
    # ... and where leading one is no hoc: no payment; the king still ends the sequence
    g = game(CARDS, variant(rules(), "card_game", principal_lead_pays=False))
    to_cards(g)
    play(g, P("KS"))
    assert hocs(g) == [] and moves(g, "hoc") == []
    assert g.to_act == ANNE and need(g) == 0


def test_accidental_hocs_unpaid_where_the_ruleset_says_so():
    g = game(CARDS, variant(rules(), "card_game", accidental_hocs=False))
    to_cards(g)
    play(g, P("5S"), P("6H"), WITHOUT[7], WITHOUT[7], WITHOUT[7])
    assert hocs(g) == [(ANNE, "accidental", False)] and moves(g, "hoc") == []
    assert g.to_act == ANNE and need(g) == 0


def test_wild_principal_hoc():
    # Wikipedia ("the principal hocs are wild and may be played as any card"): Blaise,
    # without a 7, lays JD for it: a hoc, paid 1 by each, and he leads. Under Lalanne
    # (principal_wild never) he may not.
    g = game(CARDS, rules("hoc-mazarin-wikipedia"))
    to_cards(g)
    play(g, P("5S"), P("6H"), WITHOUT[7])
    assert set(g.legal_actions()) == {P("KH"), P("JD"), WITHOUT[7]}
    play(g, P("JD"))
    assert of_type(g, Played)[-1].wild is True
    assert hocs(g) == [(BLAISE, "principal", True)]
    assert moves(g, "hoc") == [(ANNE, BLAISE, 1), (COLETTE, BLAISE, 1)]
    assert g.to_act == BLAISE and need(g) == 0

    g = game(CARDS)
    to_cards(g)
    play(g, P("5S"), P("6H"), WITHOUT[7])
    with pytest.raises(IllegalAction) as e:
        g.apply(P("JD"))
    assert "principal" in e.value.rule


def test_wild_always_versus_when_missing():
    # "always" (Wikipedia): Anne, holding JC for the jack wanted, may still lay KS for
    # it. "when-missing" (Hoca 003: "lorsqu'une carte vient à manquer"): she may not.
    g = game(CARDS, rules("hoc-mazarin-wikipedia"))
    to_cards(g)
    play(g, P("5S"), P("6H"), WITHOUT[7], WITHOUT[7], WITHOUT[7], P("10S"))
    assert set(g.legal_actions()) == {P("JC"), P("KS")}
    # The Hoca: the eldest opens with his lowest card (003: "en commençant par les plus
    # basses"); Anne's lowest is the ace of hearts.
    g = game(CARDS, rules("hoca"))
    to_cards(g)
    assert g.legal_actions() == (P("AH"),)
    with pytest.raises(IllegalAction) as e:
        g.apply(P("5S"))
    assert "lowest" in e.value.rule
    play(g, P("AH"), P("2H"), P("3D"), P("4C"), P("5S"), P("6H"))
    # no 7 in her hand: KS may stand for it
    assert set(g.legal_actions()) == {P("KS"), WITHOUT[7]}
    play(g, WITHOUT[7], WITHOUT[7], WITHOUT[7], P("8S"))
    assert g.legal_actions() == (P("9H"),)  # she holds a 9: no wild card for it
    with pytest.raises(IllegalAction):
        g.apply(P("KS"))


def _to_false_without(g):
    to_cards(g)
    play(g, P("5S"), P("6H"), WITHOUT[7], WITHOUT[7], WITHOUT[7], P("10S"), P("JC"), P("QC"),
         WITHOUT[13], P("KH"), P("8D"), WITHOUT[9])
    assert g.to_act == COLETTE and need(g) == 9  # Colette holds 9C


def test_false_without_strict():
    g = game(CARDS)
    _to_false_without(g)
    assert g.legal_actions() == (P("9C"),)
    with pytest.raises(IllegalAction) as e:
        g.apply(WITHOUT[9])
    assert e.value.rule == "hoc-mazarin card_game.must_cover, lalanne §9.1: one must play if one can"
    assert "9C" in e.value.message


def test_false_without_lenient_pays_the_penalty_and_stands():
    # 002 §9.1: announcing a missing card one holds costs 5 chips to each other player.
    # The "without" stands: the word passes to Anne, who holds 9H and must lay it.
    g = game(CARDS, strict=False)
    _to_false_without(g)
    assert WITHOUT[9] not in g.legal_actions()  # never offered, but accepted
    assert g.can_apply(WITHOUT[9])
    play(g, WITHOUT[9])
    assert moves(g, "penalty") == [(COLETTE, ANNE, 5), (COLETTE, BLAISE, 5)]
    assert of_type(g, SaidWithout)[-1].false is True
    assert g.to_act == ANNE and g.legal_actions() == (P("9H"),)
    assert g.hand(COLETTE) & parse_hand("9C")


# ---------------------------------------------------------------- end ----

RUN12 = [
    "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JS QH",          # Anne: ace to queen, one of each
    "KS KH KD KC 2S 3S 4S 2D 4D 5D 6D 8D",           # Blaise
    "QS QD QC JH JD JC 3H 4H 5H 9H 10C 9C",          # Colette
]


def test_end_payment_ten_cards_or_more():
    # Anne leads the ace and covers up to the queen in one turn (002 §9.1): out of cards,
    # the others hold 12 each: 2 per card = 24 each (002 §9.3).
    g = game(RUN12)
    to_cards(g)
    for name in RUN12[0].split():
        play(g, P(name))
    assert g.is_over and of_type(g, HandOver)[0].winner == ANNE
    assert moves(g, "end-payment") == [(BLAISE, ANNE, 24), (COLETTE, ANNE, 24)]
    assert g.net == (-3 + 48, -3 - 24, -3 - 24)
    # The literal Hoca (003): 2 per card above 10, 1 per card up to 10: 10 + 4 = 14.
    g = game(RUN12, rules("hoca-literal"))
    to_cards(g)
    for name in RUN12[0].split():
        play(g, P(name))
    assert moves(g, "end-payment") == [(BLAISE, ANNE, 14), (COLETTE, ANNE, 14)]


@pytest.mark.parametrize("left,owed,ruleset", [
    ((1, 2), (6, 4), "hoc-mazarin"),       # 002 §9.3: 1 card 6, 2 cards 4
    ((3, 9), (3, 9), "hoc-mazarin"),       # 3 to 9 cards: 1 per card
    ((10, 9), (20, 9), "hoc-mazarin"),     # 10 cards: 2 per card; 9 cards 9 (a drop of 11)
    ((1, 2), (6, 8), "hoc-mazarin-wikipedia"),  # Wikipedia: 2 cards pays 8
])
def test_end_payments_by_cards_left(left, owed, ruleset):
    # The hands are set mid-game to reach the ending with these counts: Anne leads her
    # last card (5S) while Blaise and Colette hold left[0] and left[1] cards.
    g = game(CARDS, rules(ruleset))
    to_cards(g)
    spare = [c for c in range(52) if c != parse_card("5S")]
    g.hands[ANNE] = parse_hand("5S")
    g.hands[BLAISE] = sum(1 << c for c in spare[:left[0]])
    g.hands[COLETTE] = sum(1 << c for c in spare[20:20 + left[1]])
    g.left = [h.bit_count() for h in g.hands]  # the counts kept beside the hands
    play(g, P("5S"))
    assert g.is_over
    assert moves(g, "end-payment") == [(BLAISE, ANNE, owed[0]), (COLETTE, ANNE, owed[1])]


# --------------------------------------------------------- blank hands ----

BLANK1 = [
    "KS QS JS KH QH JH 2C 3C 4C 5C 6C 8C",
    "KD QD JD KC QC JC AH 2H 3H 4H 5H 6H",
    "AS 2S 3S 4S 5S 6S 8H 9H 10H 2D 3D 4D",   # Colette: no king, queen or jack
]
BLANK2 = [
    "KS QS JS KH QH JH KD QD JD KC QC JC",
    "AH 2H 3H 4H 5H 6H 8S 9S 10S 5D 6D 7D",   # Blaise: blank
    "AS 2S 3S 4S 5S 6S 8H 9H 10H 2D 3D 4D",   # Colette: blank
]


def _through_chances(g):
    for _ in range(9):
        g.apply(PASS)


def test_blank_hand_alone_is_paid_10_by_each():
    # 002 §8: after the three chances Colette says "cartes blanches"; only she is asked
    # (the others hold courts); each other player pays her 10.
    g = game(BLANK1)
    _through_chances(g)
    assert g.stage == "blank-hand" and g.to_act == COLETTE
    assert set(g.legal_actions()) == {DECLARE_BLANK, PASS}
    play(g, DeclareBlank())
    assert moves(g, "blank-hand") == [(ANNE, COLETTE, 10), (BLAISE, COLETTE, 10)]
    assert g.stage == "cards"


def test_blank_hand_kept_quiet():
    g = game(BLANK1)
    _through_chances(g)
    play(g, PASS)
    assert moves(g, "blank-hand") == [] and g.stage == "cards"


def test_two_blank_hands_cancel():
    # 002 §8: two blank hands are shown but nobody is paid.
    g = game(BLANK2)
    _through_chances(g)
    assert g.to_act == BLAISE
    play(g, DECLARE_BLANK)
    assert g.to_act == COLETTE
    play(g, DECLARE_BLANK)
    assert moves(g, "blank-hand") == []
    assert of_type(g, BlankHandsCancelled)[0].seats == (BLAISE, COLETTE)
    # ... or, under a reading where each is paid, both are paid by every other player
    g = game(BLANK2, variant(rules(), "blank_hand", ties="all-paid"))
    _through_chances(g)
    play(g, DECLARE_BLANK, DECLARE_BLANK)
    assert moves(g, "blank-hand") == [(ANNE, BLAISE, 10), (COLETTE, BLAISE, 10),
                                      (ANNE, COLETTE, 10), (BLAISE, COLETTE, 10)]


def test_blank_hand_not_optional_and_before_bidding():
    r = variant(rules(), "blank_hand", optional=False)
    # the claims stage moved before the bidding: its place in the list of stages
    r = dataclasses.replace(r, stages=(r.blank_hand,) + tuple(s for s in r.stages if s.id != "blank_hand"))
    g = game(BLANK1, r)
    assert g.stage == "point"  # nobody was asked
    assert moves(g, "blank-hand") == [(ANNE, COLETTE, 10), (BLAISE, COLETTE, 10)]


def test_plain_king_leading_is_an_end_of_run_hoc_and_going_out_is_not():
    # Principal hocs QS and JD only: a plain king led cannot be covered, so it is a
    # hoc at once (an end-of-run hoc, paid as 002 §9.2's accidental hoc). Laid as one's last card, the hand stops
    # (002 §9.3) and it is not paid as a hoc (last_card_hoc, read as Lalanne).
    r = variant(rules(), "card_game", principal_hocs=frozenset({parse_card("QS"), parse_card("JD")}))
    g = game(CARDS, r)
    to_cards(g)
    play(g, P("KS"))
    assert hocs(g) == [(ANNE, "end-of-run", True)] and g.to_act == ANNE and need(g) == 0
    g = game(CARDS, r)
    to_cards(g)
    g.hands[ANNE] = parse_hand("KS")  # set mid-game: Anne's last card is a king
    g.left[ANNE] = 1
    play(g, P("KS"))
    assert g.is_over and hocs(g) == [] and moves(g, "hoc") == []
