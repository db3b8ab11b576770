"""Combinations on worked examples from the sources; expected values worked out by hand.

Sources: Lalanne 002 §3.1 (point), §3.2 (sequence), §3.3 (tricon), §7.2/§7.3
(payments, lower combinations claimed); Hoca 003 "La séquence", "Le tricon".
"""

from __future__ import annotations

import dataclasses

import pytest

from hocdsl.cards import parse_hand
from hocdsl.combos import (
    Point, Run, Trio, best_point, best_sequence, best_tricon, claimable_sequences,
    claimable_tricons, counted_length, is_blank, is_major_run, is_major_tricon, is_minor_run,
    is_minor_tricon, point_key, point_score, run_key, sequence_name, sequence_payment,
    sequence_score, sequences, suit_points, tricon_key, tricon_name, tricon_payment,
    tricon_score, tricons,
)
from hocdsl.rules import load_ruleset

S, H, D, C = 0, 1, 2, 3
K, Q, J, A = 13, 12, 11, 1


@pytest.fixture(scope="module")
def mazarin():
    return load_ruleset("hoc-mazarin")


@pytest.fixture(scope="module")
def hoca():
    return load_ruleset("hoca")


def variant(rules, section: str, **changes):
    """``rules`` with knobs of one section changed (a ruleset a historian might write)."""
    return rules.with_knobs({f"{section}.{k}": v for k, v in changes.items()})


# ------------------------------------------------------------------ point ----


def test_point_jack_eight_seven_ace_of_spades_is_4_cards_worth_26(mazarin):
    # 002 §3.1: "valet, huit, sept et as de pique" = a point of 4 cards worth 26.
    hand = parse_hand("JS 8S 7S AS 9H 2D")
    assert best_point(hand, mazarin) == Point(cards=4, value=26, suit=S)
    assert point_key(best_point(hand, mazarin), mazarin) == (4, 26)


def test_point_cards_prevail_over_value_then_value_breaks_ties(mazarin):
    # 002 §3.1: the number of cards prevails over the value.
    # spades J 8 7 A = 4 cards, 26; hearts K Q J = 3 cards, 30 -> spades.
    hand = parse_hand("JS 8S 7S AS KH QH JH")
    assert best_point(hand, mazarin) == Point(4, 26, S)
    # Equal counts: spades J 8 7 A = 26 against clubs K 9 5 3 = 27 -> clubs.
    hand = parse_hand("JS 8S 7S AS KC 9C 5C 3C")
    assert best_point(hand, mazarin) == Point(4, 27, C)


def test_point_keys_value_only_picks_a_different_suit(mazarin):
    # A ruleset reading "le plus élevé l'emporte" (003) as value alone:
    # hearts K Q J = 30 beats spades J 8 7 A = 26 although it has fewer cards.
    by_value = variant(mazarin, "point", keys=("value",))
    hand = parse_hand("JS 8S 7S AS KH QH JH")
    assert best_point(hand, by_value) == Point(3, 30, H)
    assert point_key(best_point(hand, by_value), by_value) == (30,)
    assert best_point(hand, mazarin) == Point(4, 26, S)
    # And between two players: 4 cards worth 26 vs 3 cards worth 30.
    p1, p2 = parse_hand("JS 8S 7S AS"), parse_hand("KH QH JH")
    assert point_score(p1, mazarin) > point_score(p2, mazarin)
    assert point_score(p1, by_value) < point_score(p2, by_value)


def test_point_under_hoca_is_the_highest_value(mazarin, hoca):
    # 003 "Le point": the points are made known and the highest wins (hoca reads it as
    # value alone): hearts K Q J = 30 beats spades J 8 7 A = 26 there, not under hoc-mazarin.
    hand = parse_hand("JS 8S 7S AS KH QH JH")
    assert best_point(hand, hoca) == Point(3, 30, H)
    assert best_point(hand, mazarin) == Point(4, 26, S)


def test_point_values_come_from_the_table_knobs(mazarin):
    # Courts 11 and ace 2 (a hypothetical variant): J 8 7 A = 11 + 8 + 7 + 2 = 28.
    other = variant(mazarin, "pack", court_value=11, ace_value=2)
    assert best_point(parse_hand("JS 8S 7S AS"), other) == Point(4, 28, S)


def test_suit_points_lists_every_suit(mazarin):
    hand = parse_hand("JS 8S 7S AS 10H KD")
    assert suit_points(hand, mazarin) == (
        Point(4, 26, S), Point(1, 10, H), Point(1, 10, D), Point(0, 0, C))


def test_blank_hand_has_no_point_sequence_or_tricon(mazarin):
    assert best_point(0, mazarin) is None
    assert point_score(0, mazarin) == 0
    assert best_sequence(0, mazarin) is None and sequences(0, mazarin) == ()
    assert sequence_score(0, mazarin) == -1
    assert best_tricon(0, mazarin) is None and tricons(0, mazarin) == ()
    assert tricon_score(0, mazarin) == -1


# -------------------------------------------------------------- sequences ----


def test_ten_jack_queen_of_spades_is_a_tierce_to_the_queen(mazarin):
    # 002 §3.2: 10, jack and queen of spades make a tierce "à la dame".
    hand = parse_hand("10S JS QS 5H 7D")
    run = best_sequence(hand, mazarin)
    assert run == Run(suit=S, length=3, top=Q)
    assert sequence_name(run, mazarin) == "tierce"
    assert run_key(run, mazarin) == (3, Q)
    assert not is_major_run(run, mazarin) and not is_minor_run(run)
    assert sequence_payment(run, mazarin) == 1  # 002 §7.2: tierce, simple


def test_two_cards_make_no_sequence_and_kings_do_not_wrap_to_aces(mazarin):
    assert sequences(parse_hand("10S JS 5H 6H"), mazarin) == ()
    assert sequences(parse_hand("QS KS AS 2S"), mazarin) == ()  # K-A no wrap: Q-K and A-2
    assert sequences(parse_hand("AS 2S 3S"), mazarin) == (Run(S, 3, 3),)


def test_major_and_minor_sequences(mazarin):
    # 002 §3.2: to the king is major; starting at the ace is minor. §7.2 payments.
    jqk = best_sequence(parse_hand("JH QH KH"), mazarin)
    assert jqk == Run(H, 3, K) and is_major_run(jqk, mazarin) and sequence_payment(jqk, mazarin) == 2
    a23 = best_sequence(parse_hand("AD 2D 3D"), mazarin)
    assert a23 == Run(D, 3, 3) and is_minor_run(a23) and not is_major_run(a23, mazarin)
    assert sequence_payment(a23, mazarin) == 1  # minor pays as plain
    four_k = Run(C, 4, K)
    assert sequence_name(four_k, mazarin) == "quatrième"
    assert sequence_payment(four_k, mazarin) == 3
    assert sequence_payment(Run(C, 4, 10), mazarin) == 2
    assert sequence_payment(Run(C, 5, 9), mazarin) == 3
    assert sequence_payment(Run(C, 5, K), mazarin) == 4


def test_run_of_seven_counts_as_a_quinte_under_hoc_mazarin(mazarin):
    # 002 §3.2: a run of more than five is worth no more than a quinte.
    seven = best_sequence(parse_hand("3H 4H 5H 6H 7H 8H 9H"), mazarin)
    assert seven == Run(H, 7, 9)
    assert counted_length(seven, mazarin) == 5
    assert sequence_name(seven, mazarin) == "quinte"
    quinte_to_9 = Run(S, 5, 9)
    assert run_key(seven, mazarin) == run_key(quinte_to_9, mazarin) == (5, 9)
    # a quinte to the king beats it
    assert run_key(Run(S, 5, K), mazarin) > run_key(seven, mazarin)
    assert sequence_payment(seven, mazarin) == 3
    assert sequence_payment(Run(H, 7, K), mazarin) == 4


def test_run_of_seven_beats_any_quinte_under_hoca(hoca):
    # 003 "La séquence": the longest wins; longer ones are paid as a quinte.
    seven = Run(H, 7, 9)
    assert run_key(seven, hoca) == (7, 9)
    assert run_key(seven, hoca) > run_key(Run(S, 5, K), hoca)
    assert run_key(Run(S, 6, 6), hoca) > run_key(Run(S, 5, K), hoca)
    assert counted_length(seven, hoca) == 5
    assert sequence_payment(seven, hoca) == 3
    assert sequence_payment(Run(H, 7, K), hoca) == 4
    # in one hand: a run of 7 to the 9 is the best sequence, above the quinte to the king
    hand = parse_hand("3H 4H 5H 6H 7H 8H 9H 9S 10S JS QS KS")
    assert best_sequence(hand, hoca) == Run(H, 7, 9)
    assert sequences(hand, hoca) == (Run(H, 7, 9), Run(S, 5, K))


def test_same_hand_best_sequence_differs_between_rulesets(mazarin, hoca):
    hand = parse_hand("3H 4H 5H 6H 7H 8H 9H 9S 10S JS QS KS")
    assert best_sequence(hand, mazarin) == Run(S, 5, K)
    assert sequences(hand, mazarin) == (Run(S, 5, K), Run(H, 7, 9))


def test_sequence_knobs_min_length_and_cap_are_read(mazarin):
    four_min = variant(mazarin, "sequence", min_length=4)
    hand = parse_hand("10S JS QS 2H 3H 4H 5H")
    assert sequences(hand, four_min) == (Run(H, 4, 5),)
    assert sequences(hand, mazarin) == (Run(H, 4, 5), Run(S, 3, Q))
    # counts_up_to 4: a quinte counts as a quatrième and pays as one
    cap4 = variant(mazarin, "sequence", counts_up_to=4)
    assert counted_length(Run(S, 5, K), cap4) == 4
    assert sequence_payment(Run(S, 5, K), cap4) == 3
    assert run_key(Run(S, 5, 9), cap4) == run_key(Run(D, 4, 9), cap4)


def test_sequences_are_best_first(mazarin):
    hand = parse_hand("AS 2S 3S 9H 10H JH QH 5D 6D 7D 8D 9D")
    assert sequences(hand, mazarin) == (Run(D, 5, 9), Run(H, 4, Q), Run(S, 3, 3))


def test_claim_lower_sequences_under_hoc_mazarin(mazarin):
    # 002 §7.2: the winner may show, besides the one declared, every lower one
    # he holds; one above the declared is worth nothing.
    hand = parse_hand("5S 6S 7S 8S 9S 10H JH QH 10C JC QC KC")
    quatrieme = Run(C, 4, K)
    assert claimable_sequences(hand, quatrieme, mazarin) == (quatrieme, Run(H, 3, Q))
    # paid: quatrième major 3 + tierce 1 = 4 from each other player
    assert sum(sequence_payment(r, mazarin) for r in claimable_sequences(hand, quatrieme, mazarin)) == 4
    assert claimable_sequences(hand, Run(S, 5, 9), mazarin) == (
        Run(S, 5, 9), Run(C, 4, K), Run(H, 3, Q))


def test_claim_knob_declared_only_and_all_held(mazarin):
    hand = parse_hand("5S 6S 7S 8S 9S 10H JH QH 10C JC QC KC")
    quatrieme = Run(C, 4, K)
    only = variant(mazarin, "sequence", claim="declared-only")
    assert claimable_sequences(hand, quatrieme, only) == (quatrieme,)
    every = variant(mazarin, "sequence", claim="all-held")
    assert claimable_sequences(hand, quatrieme, every) == (quatrieme, Run(S, 5, 9), Run(H, 3, Q))


def test_declaring_less_than_held_claims_the_part_declared(mazarin):
    # A quinte 9..K of spades declared as a quatrième to the king: the quinte it lies
    # in is not claimed besides it; the lower tierce is.
    hand = parse_hand("9S 10S JS QS KS 2H 3H 4H")
    assert claimable_sequences(hand, Run(S, 4, K), mazarin) == (Run(S, 4, K), Run(H, 3, 4))


def test_claiming_a_run_not_held_is_an_error(mazarin):
    with pytest.raises(ValueError, match="not held"):
        claimable_sequences(parse_hand("10S JS KS"), Run(S, 3, Q), mazarin)
    with pytest.raises(ValueError, match="no sequence"):
        claimable_sequences(parse_hand("10S JS"), Run(S, 2, J), mazarin)


# ---------------------------------------------------------------- tricons ----


def test_a_carre_beats_any_brelan(mazarin, hoca):
    # 002 §3.3, 003: four cards beat three whatever the rank.
    for rules in (mazarin, hoca):
        hand = parse_hand("2S 2H 2D 2C KS KH KD")
        assert best_tricon(hand, rules) == Trio(2, 4)
        assert tricons(hand, rules) == (Trio(2, 4), Trio(K, 3))
        assert tricon_key(Trio(2, 4), rules) > tricon_key(Trio(K, 3), rules)
        assert tricon_name(Trio(2, 4), rules) == "carré"
        assert tricon_name(Trio(K, 3), rules) == "brelan"


def test_tricon_height_and_major_minor(mazarin):
    hand = parse_hand("QS QH QD 7S 7H 7C")
    assert best_tricon(hand, mazarin) == Trio(Q, 3)
    assert is_major_tricon(Trio(K, 3), mazarin) and not is_major_tricon(Trio(Q, 4), mazarin)
    assert is_minor_tricon(Trio(A, 3)) and not is_minor_tricon(Trio(2, 3))


def test_tricon_payments(mazarin, hoca):
    # 002 §7.3 and 003 agree: brelan 2, of kings 4; carré 4, of kings 8.
    for rules in (mazarin, hoca):
        assert tricon_payment(Trio(7, 3), rules) == 2
        assert tricon_payment(Trio(K, 3), rules) == 4
        assert tricon_payment(Trio(7, 4), rules) == 4
        assert tricon_payment(Trio(K, 4), rules) == 8


def test_tricon_claims_hoc_mazarin_lower_only_hoca_all_held(mazarin, hoca):
    # Brelans of kings, queens and sevens; the winner declared the queens.
    hand = parse_hand("KS KH KD QS QH QD 7S 7H 7C")
    # 002 §7.3: lower ones only -> queens and sevens: 2 + 2 = 4 from each other player.
    got = claimable_tricons(hand, Trio(Q, 3), mazarin)
    assert got == (Trio(Q, 3), Trio(7, 3))
    assert sum(tricon_payment(t, mazarin) for t in got) == 4
    # 003: "il compte et fait payer tous les tricons qu'il peut avoir en main"
    # -> queens, kings and sevens: 2 + 4 + 2 = 8.
    got = claimable_tricons(hand, Trio(Q, 3), hoca)
    assert got == (Trio(Q, 3), Trio(K, 3), Trio(7, 3))
    assert sum(tricon_payment(t, hoca) for t in got) == 8
    only = variant(mazarin, "tricon", claim="declared-only")
    assert claimable_tricons(hand, Trio(Q, 3), only) == (Trio(Q, 3),)


def test_claiming_a_tricon_not_held_is_an_error(mazarin):
    with pytest.raises(ValueError, match="not held"):
        claimable_tricons(parse_hand("QS QH QD"), Trio(Q, 4), mazarin)


def test_tricon_keys_knob_is_read(mazarin):
    # A (hypothetical) ruleset ranking by rank first: a brelan of kings beats a carré of twos.
    by_rank = variant(mazarin, "tricon", keys=("rank", "size"))
    hand = parse_hand("2S 2H 2D 2C KS KH KD")
    assert best_tricon(hand, by_rank) == Trio(K, 3)
    assert tricon_score(hand, by_rank) > tricon_score(parse_hand("2S 2H 2D 2C"), by_rank)


def test_names_come_from_the_ruleset(mazarin):
    # The Wikipedia reading names the tricon of four "fredon" and the run of four "quart".
    wikipedia = load_ruleset("hoc-mazarin-wikipedia")
    assert tricon_name(Trio(7, 4), wikipedia) == "fredon"
    assert tricon_name(Trio(7, 4), mazarin) == "carré"
    assert sequence_name(Run(S, 4, 9), wikipedia) == "quart"
    assert sequence_name(Run(S, 4, 9), mazarin) == "quatrième"


# ------------------------------------------------------------ blank hand ----


def test_blank_hand():
    # 002 §8: no king, queen or jack.
    assert is_blank(parse_hand("10S 9S 8H 7H 6D 5D 4C 3C 2C AS AH AD"))
    assert not is_blank(parse_hand("10S 9S 8H 7H 6D 5D 4C 3C 2C AS AH JD"))
    assert not is_blank(parse_hand("KC"))
    assert not is_blank(parse_hand("QH"))
    assert is_blank(0)


# ---------------------------------------------------------- ruleset knobs ----


def test_the_bundled_rulesets_say_what_these_tests_assume(mazarin, hoca):
    """The variant differences exercised above, as the rulesets state them."""
    assert mazarin.sequence.longer_ranks_higher is False
    assert hoca.sequence.longer_ranks_higher is True
    assert mazarin.tricon.claim == "lower-than-declared"
    assert hoca.tricon.claim == "all-held"
    assert mazarin.sequence.claim == "lower-than-declared"
