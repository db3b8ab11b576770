"""Bots: legal choices only, from what their seat sees only; sensible play.

- every bot chooses a legal action at every turn, over many hands of every
  bundled ruleset (and with the triple-game extension), two and three players;
- a bot's decision does not change when the other hands change but its view
  stays the same (the other hands swapped for others consistent with it);
- the heuristic plays as the sources advise: declares a blank hand, shows when
  showing is paid, runs its longest sequence first and keeps its principal hocs,
  breaks an opponent's run with one; and it beats the random bot;
- the Monte Carlo bot's deals of the unseen cards respect what it saw.
"""

from __future__ import annotations

import random

import pytest

from hocdsl.actions import CONCEAL, DECLARE_BLANK, PASS, PLAY, RAISE, SHOW, WITHOUT, Without
from hocdsl.bots import BOT_NAMES, BotError, make_bot, parse_bots
from hocdsl.bots.montecarlo import MonteCarloBot
from hocdsl.cards import FULL_PACK, RANK_MASKS, parse_card
from hocdsl.engine import Game, Partie
from hocdsl.rules import bundled_extensions, bundled_rulesets, load_ruleset
from hocdsl.sim import simulate
from hocdsl.engine.bidding import bidding_mode
from hocdsl.engine.cardgame import need

CONFIGS = [(name, ()) for name in bundled_rulesets()]
CONFIGS += [("hoc-mazarin", (ext,)) for ext in bundled_extensions()]
IDS = [n + "".join("+" + e for e in x) for n, x in CONFIGS]


def play_partie(rules, players, names, seed, hands, record=False):
    """Play ``hands`` hands of a partie with the named bots; check every choice is legal."""
    p = Partie(rules, players, rng=random.Random(seed), max_hands=hands, record=record,
               auto_forced=seed % 2 == 0)
    bots = [make_bot(names[s], rules, s, random.Random(seed * 7 + s)) for s in range(players)]
    turns = 0
    while not p.is_over:
        g = p.deal()
        views = [g.view(s) for s in range(players)]
        while not g.is_over:
            s = g.to_act
            legal = g.legal_actions()
            a = bots[s].choose(views[s])
            assert a in legal, f"{names[s]} chose {a!r}, not in {legal!r} ({g!r})"
            g.apply(a)
            turns += 1
    return turns


@pytest.mark.parametrize("name,ext", CONFIGS, ids=IDS)
def test_bots_choose_only_legal_actions(name, ext):
    rules = load_ruleset(name, ext)
    for players in [n for n in (2, 3) if n in rules.players] or [min(rules.players)]:
        for bot in ("random", "heuristic"):
            assert play_partie(rules, players, [bot] * players, seed=players, hands=60) > 0
        mixed = [("heuristic", "random")[s % 2] for s in range(players)]
        play_partie(rules, players, mixed, seed=11 + players, hands=40)


@pytest.mark.parametrize("name", bundled_rulesets())
def test_montecarlo_chooses_only_legal_actions(name):
    rules = load_ruleset(name)
    bots = ["montecarlo", "heuristic", "random"]
    if 3 in rules.players:  # Piquet is played by two
        play_partie(rules, 3, bots, seed=5, hands=2, record=True)
    if 2 in rules.players:  # the Lindor and the Nain jaune are played by three or more
        play_partie(rules, 2, bots[:2], seed=6, hands=1, record=False)


def test_parse_bots():
    assert parse_bots("heuristic", 3) == ["heuristic"] * 3
    assert parse_bots(" Heuristic , random ", 2) == ["heuristic", "random"]
    assert parse_bots(["random", "montecarlo", "heuristic"], 3) == ["random", "montecarlo", "heuristic"]
    assert set(BOT_NAMES) == {"random", "heuristic", "montecarlo"}
    with pytest.raises(BotError, match="2 bots for 3 players"):
        parse_bots("heuristic,random", 3)
    with pytest.raises(BotError, match="unknown bot 'clever'.*random, heuristic, montecarlo"):
        parse_bots("heuristic,clever", 2)
    with pytest.raises(BotError, match="empty bot name"):
        parse_bots("heuristic,,random", 3)
    with pytest.raises(BotError, match="unknown bot"):
        make_bot("nobody", load_ruleset("hoc-mazarin"), 0, random.Random(0))
    assert issubclass(BotError, ValueError)


# ------------------------------------------------- only what the seat sees ----


def _other_hands(g: Game, seat: int, rng: random.Random) -> list[int]:
    """The hands of the other seats dealt again from everything ``seat`` cannot see
    (their cards and the cards out of play), each keeping its size."""
    pool = [c for c in range(52) if (FULL_PACK & ~g.hands[seat] & ~g.pile) >> c & 1]
    rng.shuffle(pool)
    hands = list(g.hands)
    for t in range(g.n):
        if t != seat:
            k = g.hands[t].bit_count()
            hands[t] = sum(1 << c for c in pool[:k])
            pool = pool[k:]
    return hands


def _same_choice(bot, view_a, view_b) -> None:
    state = bot.rng.getstate()
    a = bot.choose(view_a)
    bot.rng.setstate(state)
    b = bot.choose(view_b)
    assert a == b, (a, b)


@pytest.mark.parametrize("name", ["hoc-mazarin", "hoc-mazarin-wikipedia", "hoca"])
def test_decisions_depend_only_on_the_view_in_bidding(name):
    # Play a hand; beside it a twin hand where the seat watched holds the same cards
    # and the others other cards. The others' words are copied into the twin while
    # they stay legal there (passes, calls and raises always are); at each of the
    # watched seat's turns both views say the same, and so must the bot.
    rules = load_ruleset(name)
    checked = 0
    for seed in range(30):
        watched = seed % 3
        g = Game(rules, 3, dealer=seed % 3, rng=random.Random(seed), record=True)
        rng = random.Random(1000 + seed)
        others = _other_hands(g, watched, rng)
        twin = Game(rules, 3, dealer=g.dealer, hands=others, record=True)
        players = [make_bot("heuristic", rules, s, random.Random(s)) for s in range(3)]
        probe = {b: make_bot(b, rules, watched, random.Random(seed)) for b in BOT_NAMES}
        while not g.is_over and g.stage != "cards":
            s = g.to_act
            if s == watched:
                for bot in probe.values():
                    _same_choice(bot, g.view(s), twin.view(s))
                    checked += 1
            a = players[s].choose(g.view(s))
            if not twin.can_apply(a) or twin.to_act != s:
                break
            g.apply(a)
            twin.apply(a)
    assert checked > 100


@pytest.mark.parametrize("name", ["hoc-mazarin", "hoc-mazarin-wikipedia", "hoca"])
def test_decisions_depend_only_on_the_view_in_the_card_game(name):
    # At card-game decisions, fork the hand with the other seats' cards dealt again
    # (events kept, so even what was said is the same): the view is the same, the
    # choice must be too -- for every bot, the Monte Carlo one included.
    rules = load_ruleset(name)
    checked = 0
    for seed in range(12):
        g = Game(rules, 3, dealer=seed % 3, rng=random.Random(seed), record=True,
                 auto_forced=True, auto_equivalent=True)  # as the fork: real choices only
        players = [make_bot("heuristic", rules, s, random.Random(s)) for s in range(3)]
        rng = random.Random(seed)
        while not g.is_over:
            s = g.to_act
            if g.stage == "cards" and len(g.legal_actions()) > 1 and rng.random() < 0.3:
                mc = MonteCarloBot(rules, s, random.Random(seed), samples=3)
                mc._learn(g.view(s))
                hands = mc._sample(g.view(s))  # other hands consistent with what s saw
                assert hands[s] == g.hands[s]
                twin = g.fork(hands, record=True)
                assert twin.view(s).events == g.view(s).events
                for b in BOT_NAMES:
                    bot = mc if b == "montecarlo" else make_bot(b, rules, s, random.Random(seed))
                    _same_choice(bot, g.view(s), twin.view(s))
                    checked += 1
            g.apply(players[s].choose(g.view(s)))
    assert checked > 30


def test_the_view_hides_the_other_hands():
    g = Game(load_ruleset("hoc-mazarin"), 3, dealer=0, rng=random.Random(3))
    v = g.view(1)
    assert v.hand == g.hands[1]
    assert all(not (e.__class__.__name__ == "Dealt" and e.seat != 1) for e in v.events)
    assert v.unseen == FULL_PACK & ~g.hands[1]
    assert not hasattr(v, "hands")


# ---------------------------------------------------------- heuristic play ----


def _at_cards(rules, hands, dealer=2):
    """A hand at the card game: everyone passes every chance, no blank hand declared."""
    g = Game(rules, 3, dealer=dealer, hands=hands)
    while g.stage != "cards":
        legal = g.legal_actions()
        g.apply(PASS if PASS in legal else legal[0])
    return g


def test_heuristic_declares_a_blank_hand_and_shows_when_paid():
    rules = load_ruleset("hoc-mazarin")
    bot = make_bot("heuristic", rules, 0, random.Random(0))
    # Anne (eldest) holds no king, queen or jack -- a blank hand -- and two runs of six
    # (each counts as a quinte, 002 §3.2): she does not pass the sequence.
    hands = ["AS 2S 3S 4S 5S 6S AH 2H 3H 4H 5H 6H",
             "7S 8S 9S 10S JS QS 7H 8H 9H 10H JH QH",
             "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"]
    g = Game(rules, 3, dealer=2, hands=hands)
    # play the bidding with heuristic bots; seat 0 must declare its blank hand
    bots = [bot] + [make_bot("heuristic", rules, s, random.Random(s)) for s in (1, 2)]
    seen_blank = False
    while g.stage != "cards":
        s = g.to_act
        a = bots[s].choose(g.view(s))
        if g.stage == "sequence" and s == 0 and bidding_mode(g) == "open":
            assert a != PASS
        if g.stage == "blank-hand":
            assert s == 0 and a == DECLARE_BLANK
            seen_blank = True
        if bidding_mode(g) == "lone" and g.stage in ("sequence", "tricon"):
            # alone on a chance it pays to show for: show
            assert a == SHOW
        g.apply(a)
    assert seen_blank


def test_heuristic_lone_point_is_not_shown():
    rules = load_ruleset("hoc-mazarin")
    g = Game(rules, 3, dealer=2, hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS",
                                        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
                                        "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"])
    g.apply(RAISE[1])
    g.apply(PASS)
    g.apply(PASS)
    assert bidding_mode(g) == "lone"
    # the point pays nothing beyond the pool (002 §7.1): keep the hand hidden
    assert make_bot("heuristic", rules, 0, random.Random(0)).choose(g.view(0)) == CONCEAL


def test_heuristic_leads_its_longest_run_and_keeps_principal_hocs():
    rules = load_ruleset("hoc-mazarin")
    # Anne (eldest) holds, in any suits, the ranks A 2 3 4 5 6 7 (a run of seven: ranks
    # run across suits in the card game, 002 §9.1) and 9 10 J (a run of three), and two
    # principal hocs, the queen of spades and a king. She leads the ace, which starts
    # her longest run (and an ace can only ever be led), and keeps her principal hocs.
    hands = ["3S 4H 5D 6C 7S 9H 10H QS AC 2C JC KC",
             "AH 2H 3H 4S 5H 6H 7H 8H 9S 10S JS 8C",
             "AD 2D 3D 4D 5S 6D 7D 8D 9D 10D JH QH"]
    g = _at_cards(rules, hands)
    assert g.to_act == 0 and need(g) == 0
    a = make_bot("heuristic", rules, 0, random.Random(0)).choose(g.view(0))
    assert a == PLAY[parse_card("AC")]


def test_heuristic_breaks_an_opponent_run_with_a_principal_hoc():
    rules = load_ruleset("hoc-mazarin")
    # Anne leads a run that reaches the queen and has no king: "queen without king".
    # Blaise holds no plain king, only the king of spades, a principal hoc he may keep
    # (002 §9.2 "dame sans roi"); on an opponent's run he lays it: a hoc, and the lead.
    hands = ["10S JC QH 2D 3D 4D 5D 6D 7D 8D 9D 10D",
             "KS AH 2H 3H 4H 5H 6H 7H 8H 9H AS 2S",
             "KH KD KC QS QD QC JS JH JD 10C 10H 3S"]
    g = Game(rules, 3, dealer=2, hands=hands, auto_forced=True)
    while g.stage != "cards":
        legal = g.legal_actions()
        g.apply(PASS if PASS in legal else legal[0])
    # Anne leads the 10S; the JC and QH follow by force, then "without king"; Blaise's turn
    g.apply(PLAY[parse_card("10S")])
    assert g.to_act == 1 and need(g) == 13
    assert set(g.legal_actions()) == {PLAY[parse_card("KS")], WITHOUT[13]}
    a = make_bot("heuristic", rules, 1, random.Random(0)).choose(g.view(1))
    assert a == PLAY[parse_card("KS")]


def test_heuristic_beats_random():
    r = simulate(load_ruleset("hoc-mazarin"), hands=600, bots="heuristic,random,random", seed=4)
    # seats counted from 1, as `hoc play --seat` counts them: seat 1 is the heuristic bot
    assert r.metrics["net_per_seat.1"].lo > 0
    assert r.metrics["net_per_seat.2"].hi < 0 and r.metrics["net_per_seat.3"].hi < 0


# ---------------------------------------------------------- monte carlo ----


def test_montecarlo_samples_respect_what_was_seen():
    # After "without N" a seat holds no plain N: every sampled deal keeps to it, keeps
    # the hand sizes, the bot's own hand, and nothing from the pile (what the bot
    # vouches for when it forks the hand unchecked, fork(..., checked=False)).
    rules = load_ruleset("hoc-mazarin")
    for seed in range(6):
        g = Game(rules, 3, dealer=seed % 3, rng=random.Random(seed), record=True)
        bots = [make_bot("heuristic", rules, s, random.Random(s)) for s in range(3)]
        withouts = []
        while not g.is_over:
            s = g.to_act
            a = bots[s].choose(g.view(s))
            if g.stage == "cards" and a.__class__ is Without:
                withouts.append((s, a.rank))
            g.apply(a)
            if g.stage == "cards" and not g.is_over and len(withouts) >= 4:
                me = g.to_act
                mc = MonteCarloBot(rules, me, random.Random(seed), samples=2)
                mc._learn(g.view(me))
                for _ in range(20):
                    hands = mc._sample(g.view(me))
                    assert hands[me] == g.hands[me]
                    assert [h.bit_count() for h in hands] == [h.bit_count() for h in g.hands]
                    union = 0
                    for h in hands:
                        assert not h & union and not h & g.pile
                        union |= h
                    for t, rank in withouts:
                        if t != me:
                            plain = RANK_MASKS[rank - 1] & ~mc.principal
                            assert not hands[t] & plain, (t, rank)
                break
