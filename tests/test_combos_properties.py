"""Invariants of the combinations (hypothesis), checked on every bundled ruleset.

Hands are built from card lists in random order, and the fast table-driven
evaluation is compared with a slow, obvious one written here from the rules'
words (002 §3; 003).
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hocdsl.cards import hand_of
from hocdsl.combos import (
    Run, Trio, best_point, hand_scores, best_sequence, best_tricon, claimable_sequences, claimable_tricons,
    is_blank, point_key, point_score, run_key, suit_points, sequence_score, sequences, tricon_key,
    tricon_score, tricons,
)
from hocdsl.rules import bundled_rulesets, load_ruleset

#: The combinations are those of the vie stages: every bundled ruleset that vies on the
#: point, a sequence and a tricon (the family's games without vie stages have none).
RULES = {name: r for name in bundled_rulesets()
         if (r := load_ruleset(name)).point is not None and r.sequence is not None
         and r.tricon is not None}
RULES["value-only"] = RULES["hoc-mazarin"].with_knobs({"point.keys": ("value",)})
CLAIMS = ("declared-only", "lower-than-declared", "all-held")
#: each reading with both claim knobs set to each value (built once: tables are per ruleset)
CLAIMING = {
    (name, claim): rules.with_knobs({"sequence.claim": claim, "tricon.claim": claim})
    for name, rules in RULES.items() for claim in CLAIMS
}

cards_lists = st.lists(st.integers(0, 51), unique=True, max_size=20)
rule_names = st.sampled_from(sorted(RULES))
fast = settings(max_examples=150, deadline=None)


# ------------------------------------------------- the obvious evaluation ----


def naive_points(cards, rules):
    """(cards, value) per suit from the card list, values from the table knobs."""
    out = []
    for s in range(4):
        ranks = [c % 13 + 1 for c in cards if c // 13 == s]
        value = sum(rules.pack.court_value if r >= 11 else rules.pack.ace_value if r == 1 else r
                    for r in ranks)
        out.append((len(ranks), value))
    return out


def naive_runs(cards, rules):
    """Maximal runs (suit, length, top) of length >= min_length, by walking ranks."""
    held = {(c // 13, c % 13 + 1) for c in cards}
    runs = set()
    for s in range(4):
        for r in range(1, 14):
            if (s, r) in held and (s, r - 1) not in held:
                top = r
                while (s, top + 1) in held:
                    top += 1
                if top - r + 1 >= rules.sequence.min_length:
                    runs.add(Run(s, top - r + 1, top))
    return runs


def naive_trios(cards):
    counts = {}
    for c in cards:
        counts[c % 13 + 1] = counts.get(c % 13 + 1, 0) + 1
    return {Trio(r, n) for r, n in counts.items() if n >= 3}


# ---------------------------------------------------------- properties ----


@fast
@given(cards=cards_lists, name=rule_names, data=st.data())
def test_evaluation_ignores_card_order_and_matches_the_obvious_one(cards, name, data):
    rules = RULES[name]
    shuffled = data.draw(st.permutations(cards))
    h1, h2 = hand_of(cards), hand_of(shuffled)
    assert best_point(h1, rules) == best_point(h2, rules)
    assert sequences(h1, rules) == sequences(h2, rules)
    assert tricons(h1, rules) == tricons(h2, rules)

    per_suit = naive_points(shuffled, rules)
    p = best_point(h1, rules)
    if not cards:
        assert p is None
    else:
        want = max(tuple({"cards": n, "value": v}[k] for k in rules.point.keys) for n, v in per_suit)
        assert point_key(p, rules) == want
        assert per_suit[p.suit] == (p.cards, p.value)
    assert set(sequences(h1, rules)) == naive_runs(shuffled, rules)
    assert set(tricons(h1, rules)) == naive_trios(shuffled)
    assert is_blank(h1) == all(c % 13 + 1 < 11 for c in cards)


@fast
@given(cards=cards_lists, name=rule_names)
def test_best_sequence_is_the_max_by_run_key_and_sequences_are_best_first(cards, name):
    rules = RULES[name]
    hand = hand_of(cards)
    runs = sequences(hand, rules)
    keys = [run_key(r, rules) for r in runs]
    assert keys == sorted(keys, reverse=True)
    best = best_sequence(hand, rules)
    if not runs:
        assert best is None and sequence_score(hand, rules) == -1
    else:
        assert run_key(best, rules) == max(keys)
        assert best in runs


@fast
@given(cards=cards_lists, name=rule_names)
def test_best_tricon_is_the_max_and_a_carre_beats_any_brelan(cards, name):
    rules = RULES[name]
    hand = hand_of(cards)
    trios = tricons(hand, rules)
    best = best_tricon(hand, rules)
    if trios:
        assert best == trios[0]
        assert tricon_key(best, rules) == max(tricon_key(t, rules) for t in trios)
        if any(t.size == 4 for t in trios):
            assert best.size == 4
    else:
        assert best is None


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_carre_beats_every_brelan(name):
    rules = RULES[name]
    for r4 in range(1, 14):
        for r3 in range(1, 14):
            assert tricon_key(Trio(r4, 4), rules) > tricon_key(Trio(r3, 3), rules)


@fast
@given(cards=cards_lists, name=rule_names, claim=st.sampled_from(CLAIMS))
def test_the_best_combination_is_among_those_it_may_claim(cards, name, claim):
    rules = CLAIMING[name, claim]
    hand = hand_of(cards)
    best = best_sequence(hand, rules)
    if best is not None:
        got = claimable_sequences(hand, best, rules)
        assert got[0] == best
        assert set(got) <= set(sequences(hand, rules))
        if claim == "all-held":
            assert set(got) == set(sequences(hand, rules))
        if claim == "lower-than-declared":
            assert all(run_key(r, rules) < run_key(best, rules) for r in got[1:])
    trio = best_tricon(hand, rules)
    if trio is not None:
        got = claimable_tricons(hand, trio, rules)
        assert got[0] == trio
        assert set(got) <= set(tricons(hand, rules))
        if claim == "all-held":
            assert set(got) == set(tricons(hand, rules))
        if claim == "declared-only":
            assert got == (trio,)


@fast
@given(cards=st.lists(st.integers(0, 51), unique=True, min_size=1, max_size=20), name=rule_names)
def test_adding_a_card_never_lowers_the_best_combinations(cards, name):
    rules = RULES[name]
    *rest, extra = cards
    before, after = hand_of(rest), hand_of(cards)
    p0, p1 = best_point(before, rules), best_point(after, rules)
    assert p1 is not None
    if p0 is not None:
        assert point_key(p1, rules) >= point_key(p0, rules)
        if rules.point.keys[0] == "cards":  # most cards first: the count never drops
            assert p1.cards >= p0.cards
    longest = max(p.cards for p in suit_points(before, rules))
    assert max(p.cards for p in suit_points(after, rules)) >= longest
    assert point_score(after, rules) >= point_score(before, rules)
    assert sequence_score(after, rules) >= sequence_score(before, rules)
    assert tricon_score(after, rules) >= tricon_score(before, rules)


@fast
@given(a=cards_lists, b=cards_lists, name=rule_names)
def test_scores_order_hands_like_their_keys(a, b, name):
    rules = RULES[name]
    ha, hb = hand_of(a), hand_of(b)
    for h in (ha, hb):
        assert hand_scores(h, rules) == (
            point_score(h, rules), sequence_score(h, rules), tricon_score(h, rules), is_blank(h))

    def cmp(x, y):
        return (x > y) - (x < y)

    pa, pb = best_point(ha, rules), best_point(hb, rules)
    ka = point_key(pa, rules) if pa else ()
    kb = point_key(pb, rules) if pb else ()
    assert cmp(point_score(ha, rules), point_score(hb, rules)) == cmp(ka, kb)
    sa, sb = best_sequence(ha, rules), best_sequence(hb, rules)
    ka = run_key(sa, rules) if sa else ()
    kb = run_key(sb, rules) if sb else ()
    assert cmp(sequence_score(ha, rules), sequence_score(hb, rules)) == cmp(ka, kb)
    ta, tb = best_tricon(ha, rules), best_tricon(hb, rules)
    ka = tricon_key(ta, rules) if ta else ()
    kb = tricon_key(tb, rules) if tb else ()
    assert cmp(tricon_score(ha, rules), tricon_score(hb, rules)) == cmp(ka, kb)
