"""Combinations on every pack the model admits, sets from pairs up, and extensions
validated on their own.

Expected values are worked out by hand from the pack's order (hocdsl/pack.py:
a stripped pack keeps the aces and the pips from 7, 6, 5 or 4 up; ace high puts
the ace above the king) and from the definitions of Lalanne 002 §3.2-3.3.
"""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from hocdsl import combos
from hocdsl.actions import DeclareSequence, DeclareTricon
from hocdsl.cards import parse_hand
from hocdsl.cli import app
from hocdsl.combos import Run, Trio
from hocdsl.engine.chances import SequenceChance, TriconChance
from hocdsl.engine.game import Game
from hocdsl.pack import pack_of
from hocdsl.rules import load_ruleset
from hocdsl.rules.build import FrozenMap
from hocdsl.rules.loader import validate_file

S, H, D, C = 0, 1, 2, 3
K, Q, J, A = 13, 12, 11, 1
BASE = load_ruleset("hoc-mazarin")
SMALL_DEAL = FrozenMap({2: 10, 3: 8})


def packed(cards: int, order: str, **more: object) -> object:
    return BASE.with_knobs({"pack.cards": cards, "pack.order": order, "deal.hand_size": SMALL_DEAL, **more})


def with_pairs(rules, least: int = 2):
    pay, names = rules.tricon.payments, rules.tricon.names
    extra_pay = {n: pay[3] for n in range(least, 3)}
    extra_names = {2: ("paire",)} if least == 2 else {}
    return rules.with_knobs({"tricon.min_size": least,
                             "tricon.payments": FrozenMap({**extra_pay, **{n: p for n, p in pay.items() if n >= least}}),
                             "tricon.names": FrozenMap({**extra_names, **{n: w for n, w in names.items() if n >= least}})})


PIQUET = packed(32, "ace-high")            # 7 8 9 10 J Q K A
STRIPPED_LOW = packed(32, "king-high-ace-low")  # A 7 8 9 10 J Q K
ACE_HIGH_52 = packed(52, "ace-high")       # 2 .. K A
PACKS = [BASE, PIQUET, STRIPPED_LOW, ACE_HIGH_52, packed(36, "king-high-ace-low"), packed(40, "ace-high"),
         packed(44, "king-high-ace-low")]


# ------------------------------------------------------------ runs ----


def test_runs_follow_the_pack_order_ace_high():
    run = combos.best_sequence(parse_hand("QS KS AS 7H 8H"), PIQUET)
    assert run == Run(S, 3, A) and run.bottom == Q and run.ranks == (Q, K, A)
    assert run.cards == parse_hand("QS KS AS")
    assert combos.is_major_run(run, PIQUET) and not combos.is_minor_run(run)
    low = combos.best_sequence(parse_hand("7H 8H 9H"), PIQUET)
    assert low == Run(H, 3, 9) and combos.is_minor_run(low)   # from the lowest card, the seven
    # the run to the ace is the highest tierce: its height is its top's place in the order
    assert combos.run_key(run, PIQUET) > combos.run_key(Run(S, 3, K, run.order), PIQUET)
    # no ace-low run in an ace-high pack; no wrap
    assert combos.sequences(parse_hand("AS 2S 3S"), ACE_HIGH_52) == ()
    assert combos.sequences(parse_hand("KS AS 2S"), ACE_HIGH_52) == ()
    assert combos.best_sequence(parse_hand("QD KD AD"), ACE_HIGH_52) == Run(D, 3, A)


def test_runs_skip_the_ranks_a_stripped_pack_lacks():
    run = combos.best_sequence(parse_hand("AS 7S 8S"), STRIPPED_LOW)
    assert run == Run(S, 3, 8) and run.bottom == A and run.cards == parse_hand("AS 7S 8S")
    assert combos.is_minor_run(run) and not combos.is_major_run(run, STRIPPED_LOW)
    assert combos.sequences(parse_hand("KS AS 7S"), STRIPPED_LOW) == ()  # king high: no wrap
    # in the 52-card pack A-7-8 is no run: nothing changed there
    assert combos.sequences(parse_hand("AS 7S 8S"), BASE) == ()


def naive_runs(hand: int, rules) -> set[tuple[int, int, int]]:
    """Maximal runs (suit, length, top) by walking the pack's order."""
    order = pack_of(rules).order
    out = set()
    for s in range(4):
        held = [bool(hand >> (s * 13 + r - 1) & 1) for r in order]
        i = 0
        while i < len(order):
            if held[i]:
                j = i
                while j + 1 < len(order) and held[j + 1]:
                    j += 1
                if j - i + 1 >= rules.sequence.min_length:
                    out.add((s, j - i + 1, order[j]))
                i = j + 1
            else:
                i += 1
    return out


def naive_sets(hand: int, rules) -> set[tuple[int, int]]:
    out = set()
    for r in pack_of(rules).order:
        n = sum(1 for s in range(4) if hand >> (s * 13 + r - 1) & 1)
        if n >= rules.tricon.min_size:
            out.add((r, n))
    return out


@pytest.mark.parametrize("rules", PACKS + [with_pairs(PIQUET), with_pairs(BASE), with_pairs(BASE, 4)],
                         ids=lambda r: f"{r.pack.cards}-{r.pack.order}-{r.tricon.min_size}")
def test_evaluation_matches_the_obvious_one_on_every_pack(rules):
    rng = random.Random(rules.pack.cards)
    cards = [c for c in range(52) if pack_of(rules).mask >> c & 1]
    position = pack_of(rules).position
    for _ in range(400):
        hand = 0
        for c in rng.sample(cards, rng.randint(0, 16)):
            hand |= 1 << c
        runs = combos.sequences(hand, rules)
        assert {(r.suit, r.length, r.top) for r in runs} == naive_runs(hand, rules)
        for r in runs:
            assert r.cards & ~hand == 0 and r.cards.bit_count() == r.length
            assert all(pack_of(rules).mask & (1 << (r.suit * 13 + x - 1)) for x in r.ranks)
        keys = [combos.run_key(r, rules) for r in runs]
        assert keys == sorted(keys, reverse=True)
        sets = combos.tricons(hand, rules)
        assert {(t.rank, t.size) for t in sets} == naive_sets(hand, rules)
        # bigger beats smaller, then the rank in the pack's order
        assert [(t.size, position[t.rank]) for t in sets] == sorted(
            ((t.size, position[t.rank]) for t in sets), reverse=True)
        pt, sq, tri, blank = combos.hand_scores(hand, rules)
        assert (pt, sq, tri) == (combos.point_score(hand, rules), combos.sequence_score(hand, rules),
                                 combos.tricon_score(hand, rules))
        assert combos.best_tricon(hand, rules) == (sets[0] if sets else None)
        best = combos.best_sequence(hand, rules)
        assert (best is None) == (not runs)
        if best is not None:
            assert combos.run_key(best, rules) == keys[0]


def test_the_point_counts_the_packs_values():
    # the pips count their face, courts court_value, the ace ace_value, in any pack
    assert combos.best_point(parse_hand("AS KS 7S 8H"), PIQUET) == combos.Point(3, 1 + 10 + 7, S)


# ------------------------------------------------------------ sets ----


def test_sets_from_pairs_up():
    pairs = with_pairs(BASE)
    hand = parse_hand("2S 2H KS KH KD 7C 7D 7H 7S")
    assert combos.tricons(hand, pairs) == (Trio(7, 4), Trio(K, 3), Trio(2, 2))
    assert combos.tricons(hand, BASE) == (Trio(7, 4), Trio(K, 3))  # today's default: from the brelan
    assert combos.tricons(hand, with_pairs(BASE, 4)) == (Trio(7, 4),)
    # a pair of kings is below any brelan, above a pair of queens
    assert combos.tricon_key(Trio(K, 2), pairs) < combos.tricon_key(Trio(2, 3), pairs)
    assert combos.tricon_key(Trio(Q, 2), pairs) < combos.tricon_key(Trio(K, 2), pairs)
    assert combos.best_tricon(parse_hand("QS QH KS KD 3C"), pairs) == Trio(K, 2)
    assert combos.tricon_name(Trio(K, 2), pairs) == "paire"
    assert combos.claimable_tricons(hand, Trio(K, 3), pairs.with_knobs({"tricon.claim": "all-held"})) == (
        Trio(K, 3), Trio(7, 4), Trio(2, 2))
    with pytest.raises(ValueError, match="is no tricon"):
        combos.claimable_tricons(hand, Trio(2, 2), BASE)


def test_ace_high_sets_rank_aces_above_kings():
    assert combos.best_tricon(parse_hand("AS AH AD KS KH KD"), PIQUET) == Trio(A, 3)
    assert combos.best_tricon(parse_hand("AS AH AD KS KH KD"), BASE) == Trio(K, 3)


# ------------------------------------------------- the engine's chances ----


def test_declarations_resolve_on_an_ace_high_pack():
    seq = SequenceChance(PIQUET)
    hand = parse_hand("QS KS AS 8H 9H 10H")
    decl, key, run = seq.resolve(DeclareSequence(3, None), hand)
    assert decl == DeclareSequence(3, A) and run == Run(S, 3, A)
    assert seq.resolve(DeclareSequence(3, 10), hand)[2] == Run(H, 3, 10)
    assert [e[0] for e in seq.natural(hand)] == [DeclareSequence(3, A), DeclareSequence(3, 10)]
    tri = TriconChance(PIQUET)
    decl, _key, t = tri.resolve(DeclareTricon(3, None), parse_hand("AS AH AD KS KH KD"))
    assert decl == DeclareTricon(3, A) and t == Trio(A, 3)


def test_pairs_are_claimed_beside_the_set_shown():
    rules = with_pairs(BASE).with_knobs({"tricon.claim": "all-held"})
    tri = TriconChance(rules)
    hand = parse_hand("KS KH KD 2S 2H")
    assert tri.claimed(hand, Trio(K, 3)) == (Trio(K, 3), Trio(2, 2))


@pytest.mark.parametrize("rules", [PIQUET, STRIPPED_LOW, with_pairs(PIQUET)],
                         ids=["piquet", "stripped-low", "piquet-pairs"])
def test_whole_hands_play_out_on_a_stripped_pack(rules):
    rng = random.Random(3)
    for i in range(40):
        g = Game(rules, 3, dealer=i % 3, rng=rng)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))


# ------------------------------------------------- validating the rules ----


def test_bundled_rulesets_keep_todays_sets():
    for name in ("hoc-mazarin", "hoc-mazarin-wikipedia", "hoca", "hoca-literal"):
        assert load_ruleset(name).tricon.min_size == 3


EXTENSION = """format: 2
kind: extension
name: wild
title: Wild principal hocs
summary: Principal hocs stand for any card.
sources:
  lalanne:
    citation: Lalanne, Le Hoc Mazarin.
stages:
  card_game:
    principal_wild:
      value: {value}
      source: lalanne §9
"""


def test_an_extension_setting_a_stage_knob_validates_alone(tmp_path):
    f = tmp_path / "wild.yaml"
    f.write_text(EXTENSION.replace("{value}", "always"), encoding="utf-8")
    assert validate_file(str(f)) == []
    result = CliRunner().invoke(app, ["validate", str(f)])
    assert result.exit_code == 0 and "OK" in result.stdout
    assert load_ruleset("hoc-mazarin", with_=[str(f)]).card_game.principal_wild == "always"
    # the triple game (a bidding knob) validates too
    assert validate_file("rulesets/extensions/triple-game.yaml") == []


def test_an_extension_alone_still_checks_its_stage_knobs(tmp_path):
    f = tmp_path / "wild.yaml"
    f.write_text(EXTENSION.replace("{value}", "sometimes"), encoding="utf-8")
    (e,) = validate_file(str(f))
    assert (e.line, e.column, e.path) == (12, 14, "stages.card_game.principal_wild.value")
    assert e.expected == "one of: never, when-missing, always"
    f.write_text(EXTENSION.replace("principal_wild:", "principal_wilde:").replace("{value}", "always"),
                 encoding="utf-8")
    (e,) = validate_file(str(f))
    assert (e.line, e.column, e.path) == (11, 5, "stages.card_game.principal_wilde")
    assert e.suggestion == "principal_wild"
    result = CliRunner().invoke(app, ["validate", str(f)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{f}:11:5: " in result.output or "wild.yaml:11:5: " in result.output


def test_an_extension_on_a_ruleset_without_the_stage_says_so(tmp_path):
    f = tmp_path / "wild.yaml"
    f.write_text(EXTENSION.replace("card_game:", "cardgame:").replace("{value}", "always"), encoding="utf-8")
    assert validate_file(str(f)) == []  # alone, the stage may be the base's
    result = CliRunner().invoke(app, ["show", "hoc-mazarin", "--with", str(f)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "found a stage `cardgame` without `kind`, which the ruleset it is applied to does not have" \
        in result.stderr
    assert "did you mean `card_game`?" in result.stderr


def test_a_set_size_error_says_when_min_size_is_the_default() -> None:
    from hocdsl.rules.semantic import _least_words

    class View:
        def __init__(self, paths: set[str]) -> None:
            self.paths = paths

        def has(self, path: str) -> bool:
            return path in self.paths

    assert _least_words(View(set()), "tricon", 3) == "tricon.min_size is 3, the default"  # type: ignore[arg-type]
    assert _least_words(View({"tricon.min_size"}), "tricon", 2) == "tricon.min_size is 2"  # type: ignore[arg-type]
