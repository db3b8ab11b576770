"""Invariants over thousands of random hands, for every bundled ruleset and with
the triple-game extension: chips are conserved (players' nets + pools), every
card is in exactly one place, there is always something to do until the end,
legal actions are accepted and illegal ones refused without changing anything,
and a seeded hand is deterministic.

Hands are played in parties (so pools and multipliers carry over), by a
random player that sometimes tries an arbitrary action and, in lenient play,
sometimes says a false "without".
"""

from __future__ import annotations

import random

import pytest

from hocdsl.actions import (
    CALL, CONCEAL, CONCEDE, DECLARE_BLANK, NOTHING, PASS, PLAY, RAISE, SHOW, WITHOUT,
    DeclarePoint, DeclareSequence, DeclareTricon,
)
from hocdsl.pack import pack_of
from hocdsl.engine import Game, IllegalAction, Partie
from hocdsl.engine.events import ChipMove, HandOver
from hocdsl.rules import bundled_extensions, bundled_rulesets, load_ruleset
from hocdsl.engine.cardgame import need
from hocdsl.engine.exchange import ExchangeResult

from conftest import hands_for_this_run

#: Hands per configuration (a quarter in the pure run that repeats the compiled one), and the
#: most actions: a hand of Rubicon Bézique takes about 240, of the Hoc 75, so the longest
#: games stop at this many actions rather than at 2,000 hands (still some 800 deals).
HANDS = hands_for_this_run(2000)
STEPS = hands_for_this_run(200_000)
#: Every 7th step each legal action is checked with can_apply, or this many of them drawn
#: at random where there are more (Piquet's declarations offer some 360).
CHECKED = 24

CONFIGS = [(name, ()) for name in bundled_rulesets()]
CONFIGS += [("hoc-mazarin", (ext,)) for ext in bundled_extensions()]
CONFIGS += [("hoca", (ext,)) for ext in bundled_extensions()]

# Anything a player could say, legal or not, for the fuzzing.
ANY_ACTIONS = (
    [PASS, CALL, CONCEDE, NOTHING, SHOW, CONCEAL, DECLARE_BLANK, RAISE[1], RAISE[20], RAISE[21]]
    + [DeclarePoint(k) for k in range(1, 9)] + [DeclarePoint(5, 40)]
    + [DeclareSequence(k) for k in range(3, 8)] + [DeclareSequence(3, 13)]
    + [DeclareTricon(3), DeclareTricon(4), DeclareTricon(3, 13)]
    + list(PLAY) + list(WITHOUT[1:])
)


def _cards_ok(g: Game) -> bool:
    if g.cards_left != tuple(h.bit_count() for h in g.hands):  # counted as cards are laid
        return False
    seen = g.out_of_play | g.pile
    if g.out_of_play & g.pile:
        return False
    # an exchange's discards leave the hand and the play, each its player's own (Piquet)
    ex = g.result_of(ExchangeResult)
    for h in (*g.hands, *(ex.discard if ex is not None else ())):
        if seen & h:
            return False
        seen |= h
    return seen == pack_of(g.rules).mask  # the pack it plays: 52 cards, or the Poque's 32 or 36


def _state(g: Game):
    return (len(g.events), g.to_act, g.stage, tuple(g.hands), g.net, tuple(g.ledger.pools))


def play_hand(g: Game, rng: random.Random) -> int:
    start = sum(g.carry_in.pools)
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, f"no legal action at {g!r}"
        if steps % 7 == 0:
            for a in (legal if len(legal) <= CHECKED else rng.sample(legal, CHECKED)):
                assert g.can_apply(a), (a, g)
        r = rng.random()
        if r < 0.05:  # an arbitrary action: accepted only if the engine says so
            a = rng.choice(ANY_ACTIONS)
            if not g.can_apply(a):
                before = _state(g)
                with pytest.raises(IllegalAction):
                    g.apply(a)
                assert _state(g) == before
                continue
        elif not g.strict and need(g) and r < 0.15:
            a = WITHOUT[need(g)]  # perhaps false: accepted with the penalty in lenient play
        elif r < 0.6 and PASS in legal and g.stage != "blank-hand":
            a = PASS  # pass often, so that chances are passed by all and games go double
        else:
            a = rng.choice(legal)
        g.apply(a)
        steps += 1
        assert sum(g.ledger.net) + sum(g.ledger.pools) == start
        assert _cards_ok(g)
    # the events tell the same story as the ledger
    net = [0] * g.n
    pools = list(g.carry_in.pools)
    for e in g.events:
        if isinstance(e, ChipMove):
            assert e.amount > 0
            for party, sign in ((e.payer, -1), (e.payee, 1)):
                if isinstance(party, int):
                    net[party] += sign * e.amount
                else:
                    pools[party.index] += sign * e.amount
    assert tuple(net) == g.net and tuple(pools) == tuple(g.ledger.pools)
    assert min(pools, default=0) >= 0  # the Manille and the Comète have no pools
    assert g.carry_out.pools == tuple(pools)
    if any(st.kind == "stops" for st in g.rules.stages):  # a hand of runs ends when one goes out
        assert isinstance(g.events[-1], HandOver) or any(isinstance(e, HandOver) for e in g.events)
        assert sum(1 for h in g.hands if h == 0) == 1
    else:  # a hand of tricks (Piquet) ends when every card is played
        assert not any(g.hands)
    assert g.legal_actions() == () and g.to_act is None
    return steps


@pytest.mark.parametrize("name,ext", CONFIGS, ids=[n + "".join("+" + e for e in x) for n, x in CONFIGS])
def test_random_hands_keep_the_invariants(name, ext):
    rules = load_ruleset(name, ext)
    rng = random.Random(f"{name}{ext}")
    hands = 0
    seed = 0
    mults = set()
    top = rules.bidding.max_multiplier if rules.vie_stages else 1
    steps = 0
    while hands < HANDS and steps < STEPS:
        seed += 1
        players = 2 if seed % 4 == 0 else 3
        if players not in rules.players:  # the Lindor and the Nain jaune: three or more
            players = rules.players[seed % len(rules.players)]
        p = Partie(rules, players, rng=random.Random(seed), max_hands=25,
                   strict=seed % 3 != 0)
        total = p.n * rules.table.starting_stake
        while not p.is_over and hands < HANDS and steps < STEPS:
            g = p.deal()
            mults.update(g.carry_in.multipliers)
            steps += play_hand(g, rng)
            hands += 1
            assert sum(p.balances) + p.carry.total == total
            assert max(p.carry.multipliers, default=1) <= top  # no pools: nothing multiplied
    # the double game happened (and the triple, with the extension); without a vie stage
    # no pool is ever played double
    assert max(mults, default=1) == top  # (la Manille has no pools)


@pytest.mark.parametrize("name", bundled_rulesets())
def test_seeded_hand_is_deterministic(name):
    rules = load_ruleset(name)
    n = 3 if 3 in rules.players else min(rules.players)  # Piquet is played by two

    def run(seed):
        g = Game(rules, n, rng=random.Random(seed))
        pick = random.Random(-seed)
        while not g.is_over:
            g.apply(pick.choice(g.legal_actions()))
        return g.events, g.net, g.carry_out

    for seed in range(5):
        assert run(seed) == run(seed)


def test_record_false_and_auto_forced_reach_the_same_result():
    # The simulator's fast settings change nothing but the event list: the same seed
    # and choices among the real decisions give the same nets and carry.
    rules = load_ruleset("hoc-mazarin")
    for seed in range(50):
        full = Game(rules, 3, rng=random.Random(seed))
        fast = Game(rules, 3, rng=random.Random(seed), record=False, auto_forced=True)
        pick_a, pick_b = random.Random(seed), random.Random(seed)
        while not full.is_over:
            legal = full.legal_actions()
            a = legal[0] if len(legal) == 1 else pick_a.choice(legal)
            if len(legal) > 1:
                b = pick_b.choice(fast.legal_actions())
                assert a == b
                fast.apply(b)
            full.apply(a)
        assert fast.is_over
        assert full.net == fast.net and full.carry_out == fast.carry_out
        assert [e for e in fast.events] == []
