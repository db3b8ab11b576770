"""The fast path against the plain path, on every bundled ruleset (each alone,
with every bundled extension, and the test game examples/rulesets/board-game.yaml)
at several of the player counts each admits.

The fast path is what the simulator runs: ``Game(auto_forced=True,
auto_equivalent=True)``, whose forced actions -- and, in the card game, the
lowest of several plain cards alike but for their suit -- are applied by the
engine itself (``CardGame.auto`` on the bits); it is played here recording
events and, a third time, with ``record=False`` as the simulator plays it. The
plain path applies every action one by one through the public interface
(``check``, ``can_apply``, ``apply``), taking the one legal action where there
is one and, where the fast path laid one of several equivalent cards, that
card. After every real choice and at the end of every hand the three must
agree: the same events (the plain and the recording fast path), hands, pile,
turn, legal actions, chips in the ledger and pools; at the end the same carry.
(tests/test_engine_properties.py checks the nets of hoc-mazarin alone.)
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hocdsl.actions import PASS, PLAY, Play
from hocdsl.bots import make_bot
from hocdsl.engine import Carry, Game, IllegalAction, deal_hands
from hocdsl.engine.events import Played
from hocdsl.pack import pack_of
from hocdsl.rules import bundled_extensions, bundled_rulesets, load_ruleset
from hocdsl.engine.bidding import chance_outcomes, winners, won_pay, won_pool
from hocdsl.engine.blank import blank_hands
from hocdsl.engine.cardgame import card_winner, first_turn_out, hoc_kinds, hocs
from hocdsl.engine.settle import end_owed

from conftest import hands_for_this_run

BOARD_GAME = str(Path(__file__).resolve().parent.parent / "examples" / "rulesets" / "board-game.yaml")
#: Per ruleset and player count (a quarter in the pure run that repeats the compiled one).
HANDS = hands_for_this_run(90)
PARTIE = 15  # hands per partie (pools and multipliers carry within it)

CONFIGS: list[tuple[str, tuple[str, ...]]] = [(name, ()) for name in bundled_rulesets()]
#: The bundled extensions (triple-game) change the bidding: they apply to the rulesets
#: that have one (the games without vie stages, the Nain jaune and the Lindor, have none).
CONFIGS += [(name, (ext,)) for name in bundled_rulesets() for ext in bundled_extensions()
            if load_ruleset(name).vie_stages]
CONFIGS += [(BOARD_GAME, ())]
# The family's games are bundled (bundled_rulesets() lists them): comete and
# nain-jaune-1760 exercise the stops stage's claims (must_claim), comete and manille wild
# leads (principal_lead_as) and what a wild card counts as (wild_counts_as).


def _counts(admitted: tuple[int, ...]) -> list[int]:
    """Several player counts the ruleset admits: the fewest, three, four, the most."""
    wanted = {min(admitted), max(admitted)} | ({3, 4} & set(admitted))
    return sorted(wanted)


CASES = [(name, ext, n) for name, ext in CONFIGS for n in _counts(load_ruleset(name, ext).players)]


def _case_id(case: tuple[str, tuple[str, ...], int]) -> str:
    name, ext, n = case
    return f"{Path(name).stem}{''.join('+' + e for e in ext)}-{n}p"


def _first_difference(a: list, b: list) -> str:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"event {i}: plain {x!r} / fast {y!r}"
    return f"the same first {min(len(a), len(b))} events, then plain has {len(a)} and fast {len(b)}"


def _state(g: Game) -> tuple:
    return (g.stage, g.to_act, g.is_over, tuple(g.hands), g.pile, g.net, tuple(g.ledger.pools),
            tuple(g.ledger.taken), g.turns, hocs(g), dict(hoc_kinds(g)), card_winner(g),
            chance_outcomes(g), winners(g), blank_hands(g), tuple(won_pool(g)), tuple(won_pay(g)))


def _apply_plain(g: Game, a: object, where: str) -> None:
    """One action on the plain path, through the public interface alone."""
    s = g.to_act
    try:
        g.check(a, s)
    except IllegalAction as e:
        raise AssertionError(f"{where}: the plain path refuses {a!r}: {e}") from None
    assert g.can_apply(a, s), where
    g.apply(a, s)


def _catch_up(plain: Game, fast: Game, where: str) -> None:
    """Apply on the plain path what the fast path applied by itself, until both
    have told the same events."""
    while len(plain.events) < len(fast.events):
        assert plain.events == fast.events[:len(plain.events)], (
            f"{where}: {_first_difference(plain.events, fast.events)}")
        legal = plain.legal_actions()
        assert legal, f"{where}: the plain hand is over, the fast one went on"
        if len(legal) == 1:
            a = legal[0]
        else:  # an equivalent card laid by the fast path: the lowest of plain cards alike
            e = fast.events[len(plain.events)]
            assert isinstance(e, Played), (
                f"{where}: the fast path chose among {legal!r} by itself: {e!r}")
            assert all(x.__class__ is Play for x in legal), (where, legal)
            assert {x.card % 13 for x in legal} == {e.card % 13}, (where, legal, e)
            assert e.card == min(x.card for x in legal), (where, legal, e)
            a = PLAY[e.card]
        _apply_plain(plain, a, where)
    assert plain.events == fast.events, f"{where}: {_first_difference(plain.events, fast.events)}"


def _agree(plain: Game, fast: Game, bare: Game, where: str) -> None:
    _catch_up(plain, fast, where)
    assert _state(plain) == _state(fast) == _state(bare), where
    assert plain.legal_actions() == fast.legal_actions() == bare.legal_actions(), where
    if plain.is_over:
        assert plain.carry_out == fast.carry_out == bare.carry_out, where
        assert end_owed(plain) == end_owed(fast) == end_owed(bare), where
        assert first_turn_out(plain) == first_turn_out(fast) == first_turn_out(bare), where
        assert bare.events == [], where


def _play_hand(rules, n: int, dealer: int, hands: tuple[int, ...], carry: Carry,
               choose, where: str) -> Game:
    def make(**fast: bool) -> Game:
        return Game(rules, n, dealer=dealer, hands=hands, carry=carry, **fast)

    plain = make()
    fast = make(auto_forced=True, auto_equivalent=True)
    bare = make(record=False, auto_forced=True, auto_equivalent=True)
    step = 0
    while True:
        _agree(plain, fast, bare, f"{where}, decision {step}")
        if fast.is_over:
            return plain
        a = choose(fast)
        fast.apply(a)
        bare.apply(a)
        _apply_plain(plain, a, f"{where}, decision {step}")
        step += 1


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_fast_and_plain_paths_agree(case):
    name, ext, n = case
    rules = load_ruleset(name, ext)
    size = rules.hand_size(n)
    mask = pack_of(rules).mask
    played = 0
    seed = 0
    while played < HANDS:
        seed += 1
        deals = random.Random(f"deal:{seed}")
        pick = random.Random(f"pick:{seed}")
        heuristic = seed % 3 == 0  # every third partie played by the bots, else at random
        bots = [make_bot("heuristic", rules, s, random.Random(seed * 10 + s)) for s in range(n)]

        def choose(g: Game):
            if heuristic:
                return bots[g.to_act].choose(g.view(g.to_act))
            legal = g.legal_actions()
            if PASS in legal and pick.random() < 0.5:
                return PASS  # pass often: stakes passed by all, double games
            return pick.choice(legal)

        carry = Carry.fresh(tuple(p.id for p in rules.pools))
        dealer = seed % n
        for k in range(PARTIE):
            eldest = (dealer + 1) % n
            hands = deal_hands(size, n, eldest, deals, mask)
            where = f"{_case_id(case)}, seed {seed}, hand {k}"
            g = _play_hand(rules, n, dealer, hands, carry, choose, where)
            carry = g.carry_out
            dealer = eldest
            played += 1
