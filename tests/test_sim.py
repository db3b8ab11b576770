"""Simulation: determinism across processes, chips conserved, streaming statistics,
paired comparison on the same deals, agreement with the exact odds, the CLI.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from conftest import hands_for_this_run, pure_only
from hocdsl.engine.game import _STATE
from hocdsl.cli import app
from hocdsl.engine import Game
from hocdsl.odds import odds_report
from hocdsl.rules import bundled_extensions, bundled_rulesets, load_ruleset
from hocdsl.rules.model import EndBracket
from hocdsl.sim import compare, simulate
from hocdsl.sim.runner import BLOCK_HANDS, Table, block_seed, chunks_of, deal
from hocdsl.sim.stats import Sums, interval, ratio_stat, sd_parts, t975
from hocdsl.engine.cardgame import card_winner, first_turn_out, hoc_kinds, hocs, last_player, need, principal_hocs
from hocdsl.engine.settle import board_doubled, end_owed, held_paid, swept

CONFIGS = [(name, ()) for name in bundled_rulesets()]
CONFIGS += [(name, (ext,)) for name in ("hoc-mazarin", "hoca") for ext in bundled_extensions()]
IDS = [n + "".join("+" + e for e in x) for n, x in CONFIGS]


# ----------------------------------------------------------- determinism ----


def test_same_seed_same_json_whatever_the_jobs():
    rules = load_ruleset("hoc-mazarin")
    # 430 hands: three tasks (chunks_of) for the two processes, the last block short
    assert [len(c) for c in chunks_of(430)] == [10, 10, 2] and chunks_of(430)[-1][-1] == (21, 10)
    one = simulate(rules, hands=430, seed=7, jobs=1).to_json()
    two = simulate(rules, hands=430, seed=7, jobs=2).to_json()
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    other = simulate(rules, hands=430, seed=8, jobs=1).to_json()
    assert other["metrics"] != one["metrics"]


def test_work_is_split_by_seed_not_by_timing():
    # blocks of BLOCK_HANDS hands, seeded by (seed, block) alone; chunks group them
    chunks = chunks_of(1234)
    blocks = [b for c in chunks for b in c]
    assert [b for b, _ in blocks] == list(range(len(blocks)))
    assert sum(h for _, h in blocks) == 1234 and all(h == BLOCK_HANDS for _, h in blocks[:-1])
    assert block_seed(3, 5) == block_seed(3, 5) != block_seed(3, 6) != block_seed(4, 5)


# ------------------------------------------------------ chips conserved ----


@pytest.mark.parametrize("name,ext", CONFIGS, ids=IDS)
def test_chips_conserved_for_every_ruleset(name, ext):
    rules = load_ruleset(name, ext)
    for players in [n for n in (2, 3) if n in rules.players] or [min(rules.players)]:
        bots = ",".join(("heuristic", "random")[s % 2] for s in range(players))
        hands = hands_for_this_run(300)  # a quarter in the pure run that repeats the compiled one
        r = simulate(rules, hands=hands, players=players, seed=players, bots=bots)
        assert r.chips_conserved is True
        assert r.hands == hands


@pytest.mark.parametrize("name", bundled_rulesets())
def test_chips_conserved_at_every_player_count_the_ruleset_admits(name):
    rules = load_ruleset(name)
    for players in rules.players:
        r = simulate(rules, hands=40, players=players, seed=players, bots="heuristic")
        assert r.chips_conserved is True, (name, players)


@pytest.mark.parametrize("name", ["manille", "comete", "nain-jaune-1760", "lindor"])
def test_the_family_gives_the_same_numbers_whatever_the_jobs(name):
    rules = load_ruleset(name)
    players = max(rules.players)
    one = simulate(rules, hands=300, players=players, seed=3, jobs=1).to_json()
    two = simulate(rules, hands=300, players=players, seed=3, jobs=2).to_json()
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)


@pure_only
def test_chips_conserved_is_checked_not_assumed(monkeypatch):
    # a ledger that loses a chip in every hand is caught
    from hocdsl.engine import ledger

    real = ledger.Ledger.pay_each

    def leaky(self, payee, amount, reason, chance=None):
        real(self, payee, amount, reason, chance)
        self.net[payee] -= 1

    monkeypatch.setattr(ledger.Ledger, "pay_each", leaky)
    r = simulate(load_ruleset("hoc-mazarin"), hands=40, seed=1)
    assert r.chips_conserved is False


def test_triple_game_is_reached_with_the_extension():
    r = simulate(load_ruleset("hoc-mazarin", ("triple-game",)), hands=1500, seed=2,
                 bots="random")
    assert max(r.metrics[f"triple_rate.{c}"].mean for c in ("point", "sequence", "tricon")) > 0
    plain = simulate(load_ruleset("hoc-mazarin"), hands=300, seed=2, bots="random")
    assert all(plain.metrics[f"triple_rate.{c}"].mean == 0 for c in ("point", "sequence", "tricon"))


# ------------------------------------------------------------ streaming ----


def test_statistics_stream():
    # The state kept is a fixed number of integer sums: the same size for 40 hands as
    # for 4000, and nothing per hand in the result.
    rules = load_ruleset("hoc-mazarin")
    table = Table(rules, 3, ("heuristic",) * 3)
    from hocdsl.sim import _SimJob

    job = _SimJob(table, 0)
    small = job.run_chunk(chunks_of(40)[0])[0]
    blocks = [b for c in chunks_of(1000) for b in c]
    big = job.run_chunk(blocks)[0]
    assert len(small[0]) == len(big[0]) == table.layout.size
    assert len(small[1]) == len(big[1]) == len(job.pairs)
    assert small[2] == 2 and big[2] == len(blocks) == 50  # blocks folded in, not kept
    r = simulate(rules, hands=60, seed=0)
    for v in vars(r).values():
        assert not isinstance(v, list) or len(v) < 10


def test_ratio_interval_by_hand():
    # three blocks of 10 hands with 3, 5 and 4 wins: rate 12/30 = 0.4; per-block
    # residuals (3-4, 5-4, 4-4)/30; var = 3/2 * (1+1+0)/900 = 1/300
    s = Sums(2, [(0, 0), (0, 1), (1, 1)])
    for y in ([3, 10], [5, 10], [4, 10]):
        s.add_block(y)
    st = ratio_stat(s, 0, 1)
    half = t975(2) * math.sqrt(1 / 300)
    assert st.mean == pytest.approx(0.4)
    assert (st.lo, st.hi) == pytest.approx((0.4 - half, 0.4 + half))


def test_sd_interval_by_hand():
    # values per unit: block A: 1, 3 (sum 4, squares 10); block B: -2, 2 (0, 8)
    # mean 1, mean square 4.5: sd = sqrt(4.5 - 1) = sqrt(3.5)
    s = Sums(3, [(i, k) for i in range(3) for k in range(3)])
    s.add_block([10, 4, 2])
    s.add_block([8, 0, 2])
    est, w = sd_parts(s, 0, 1, 2)
    assert est == pytest.approx(math.sqrt(3.5))
    st = interval(s, est, w)
    assert st.lo < est < st.hi


# ---------------------------------------------------------- comparison ----


def test_compare_a_with_itself_is_all_zero():
    rules = load_ruleset("hoc-mazarin")
    c = compare(rules, rules, hands=400, seed=3)
    assert c.rows and not c.significant
    for name, row in c.rows.items():
        if row.a.mean == row.a.mean:  # defined
            assert row.diff.mean == 0, name
            assert row.diff.lo == row.diff.hi == 0, name
        assert row.a == row.b
    assert c.chips_conserved


def test_compare_runs_both_rulesets_on_the_same_deals():
    # the dealt-hand metrics are the same deals under both: identical, difference 0
    a, b = load_ruleset("hoc-mazarin"), load_ruleset("hoca")
    c = compare(a, b, hands=300, seed=5)
    for name in ("blank_hand_rate", "longest_suit_mean", "tricon_held_rate.3"):
        assert c.rows[name].a == c.rows[name].b
        assert c.rows[name].diff.mean == 0 and not c.rows[name].significant


def test_compare_finds_a_sharp_known_difference():
    # B is hoc-mazarin with 2 cards left paying 8 instead of 4 (the Wikipedia reading
    # of 002 §9.3), and nothing else. On the same deals, a loser left with 2 cards now
    # pays 4 more: the mean end payment per loser rises by about 4 times the share of
    # losers left with 2 cards (play may shift a little: the bots mind the schedule).
    a = load_ruleset("hoc-mazarin")
    st = a.settle
    brackets = tuple(replace(x, fixed=8) if x.min == 2 else x for x in st.end_payment)
    assert brackets[1] == EndBracket(min=2, max=2, fixed=8)
    stages = tuple(replace(s, end_payment=brackets) if s is st else s for s in a.stages)
    b = replace(a, name="two-cards-pay-8", stages=stages)
    assert b.settle.owed(2) == 8 and a.settle.owed(2) == 4
    c = compare(a, b, hands=1200, seed=9, jobs=2)
    row = c.rows["end_payment"]
    assert row.significant and row.diff.lo > 0
    expected = 4 * c.rows["cards_left_share.2"].b.mean
    assert row.diff.lo < expected * 1.3 and expected * 0.7 < row.diff.hi
    # and the same against the real Wikipedia ruleset (which differs in more)
    w = compare(a, load_ruleset("hoc-mazarin-wikipedia"), hands=800, seed=9)
    assert w.rows["end_payment"].significant and w.rows["end_payment"].diff.mean > 0


def test_compare_json_shape():
    rules = load_ruleset("hoc-mazarin")
    j = compare(rules, load_ruleset("hoca"), hands=60, seed=1).to_json()
    assert j["hands"] == 60 and j["chips_conserved"] is True
    row = j["rows"]["net_per_hand.eldest"]
    assert set(row) == {"a", "b", "diff", "significant"}
    assert set(row["diff"]) == {"mean", "ci95"} and len(row["diff"]["ci95"]) == 2
    json.dumps(j)


# ------------------------------------------------------ the exact odds ----


@pytest.mark.parametrize("name,players", [("hoc-mazarin", 3), ("hoca", 3), ("hoc-mazarin", 2)])
def test_simulated_deals_agree_with_the_exact_odds(name, players):
    # What simulate counts on dealt hands must match hocdsl.odds (counting, no
    # simulation) within sampling error: 4 standard errors.
    rules = load_ruleset(name)
    r = simulate(rules, hands=2000, players=players, seed=11, bots="random", jobs=2)
    exact = odds_report(rules, players)

    def close(metric: str, p: Fraction | float) -> None:
        st = r.metrics[metric]
        se = (st.hi - st.lo) / (2 * 1.96)
        assert se > 0, metric
        assert abs(st.mean - float(p)) < 4 * se, (metric, st, float(p))

    close("blank_hand_rate", exact["blank_hand"])
    for k, p in exact["sequence_at_least"].items():
        close(f"sequence_held_rate.{k}", p)
    close("tricon_held_rate.3", exact["tricon_at_least"]["3"])
    close("tricon_held_rate.4", exact["tricon_at_least"]["4"])
    mean_longest = sum(int(k) * p for k, p in exact["longest_suit"].items())
    close("longest_suit_mean", mean_longest)


def test_the_deal_is_uniform_and_complete():
    rand = random.Random(1).random
    counts = [0] * 52
    for _ in range(3000):
        hands = deal(rand, 3, 12, 1)
        union = 0
        for h in hands:
            assert h.bit_count() == 12 and not h & union
            union |= h
        for c in range(52):
            counts[c] += union >> c & 1
    # each card is dealt with probability 36/52: 3000 * 36/52 = 2077, sd about 25
    assert all(abs(x - 3000 * 36 / 52) < 130 for x in counts)


# ---------------------------------------------------------- the metrics ----


def test_metrics_are_named_and_sensible():
    r = simulate(load_ruleset("hoc-mazarin"), hands=600, seed=2)
    m = r.metrics
    for name in ("blank_hand_rate", "net_per_hand.eldest", "net_per_hand.second",
                 "net_per_hand.dealer", "all_pass_rate.point", "all_pass_rate.sequence",
                 "all_pass_rate.tricon", "hocs_per_hand", "accidental_hocs_per_hand",
                 "principal_hocs_per_hand", "cards_left", "end_payment", "turns_per_hand",
                 "sd_net_per_hand", "won_rate.tricon", "pays_when_won.sequence",
                 "triple_rate.point", "cards_left_share.1"):
        assert name in m, name
        assert m[name].lo <= m[name].mean <= m[name].hi, name
    # each chance is won or passed, every hand
    for c in ("point", "sequence", "tricon"):
        assert m[f"won_rate.{c}"].mean + m[f"all_pass_rate.{c}"].mean == pytest.approx(1)
    assert m["pays_when_won.point"].mean == 0  # the point pays its pool only (002 §7.1)
    assert sum(m[f"card_win_rate.{p}"].mean for p in ("eldest", "second", "dealer")) == pytest.approx(1)
    assert m["hocs_per_hand"].mean == pytest.approx(
        m["accidental_hocs_per_hand"].mean + m["principal_hocs_per_hand"].mean)
    assert sum(m[f"cards_left_share.{k}"].mean for k in range(1, 13)) == pytest.approx(1)
    # the end payment is the schedule applied to the cards left (002 §9.3)
    owed = load_ruleset("hoc-mazarin").settle.owed
    assert m["end_payment"].mean == pytest.approx(
        sum(owed(k) * m[f"cards_left_share.{k}"].mean for k in range(1, 13)))
    dist = r.distributions
    assert sum(dist["cards_left"].values()) == 2 * 600
    assert dist["end_payment"].get("4", 0) == dist["cards_left"].get("2", 0) + dist["cards_left"].get("4", 0)
    # chips: the players' nets and the pools add up, so the nets average to about 0
    assert -2 < sum(m[f"net_per_hand.{p}"].mean for p in ("eldest", "second", "dealer")) < 1
    assert "net_per_hand.second" not in simulate(load_ruleset("hoc-mazarin"), hands=20, players=2).metrics
    # hocs by kind: they add up to all hocs; "accidental" of old is every hoc not principal
    kinds = ("principal", "permanent", "end-of-run", "accidental")
    assert sum(m[f"hocs_per_hand.{k}"].mean for k in kinds) == pytest.approx(m["hocs_per_hand"].mean)
    assert m["hocs_per_hand.principal"].mean == m["principal_hocs_per_hand"].mean
    assert m["accidental_hocs_per_hand"].mean == pytest.approx(
        sum(m[f"hocs_per_hand.{k}"].mean for k in kinds[1:]))
    assert 0 <= m["first_turn_out_rate"].mean < 0.05
    # in Hoc Mazarin only a vie stage's winner takes its pool: taken when won, the same chips
    for c in ("point", "sequence", "tricon"):
        assert m[f"pool_taken_rate.{c}"].mean <= m[f"won_rate.{c}"].mean
        assert m[f"pool_take.{c}"].mean == pytest.approx(m[f"pool_when_won.{c}"].mean, rel=0.05)


def test_metrics_follow_the_ruleset_stages_and_pools():
    # the chance metrics are named by vie stage id, the pool metrics by pool id
    rules = load_ruleset("hoc-mazarin")
    m = simulate(rules, hands=40, seed=1, bots="random").metrics
    for st in rules.vie_stages:
        for what in ("won_rate", "all_pass_rate", "double_rate", "triple_rate", "pool_when_won",
                     "pays_when_won"):
            assert f"{what}.{st.id}" in m
    for pool in rules.pool_ids:
        assert f"pool_taken_rate.{pool}" in m and f"pool_take.{pool}" in m


@pytest.mark.parametrize("name", ["hoc-mazarin", "hoca", "examples/rulesets/board-game.yaml"])
def test_pool_takes_are_the_chips_players_take_from_the_pools(name):
    # Without events (record=False) the ledger still counts what players take from each
    # pool: the same as the chip moves from a pool to a seat, refunds aside, with events.
    from pathlib import Path

    from hocdsl.engine.events import REFUND, ChipMove, Pool

    if name.endswith(".yaml") and not (Path(__file__).parent.parent / name).exists():
        pytest.skip(f"{name} is not in this checkout")
    rules = load_ruleset(str(Path(__file__).parent.parent / name) if name.endswith(".yaml") else name)
    players = rules.players[0]
    taken_any = False
    for seed in range(40):
        games = [Game(rules, players, rng=random.Random(seed), auto_forced=True, record=rec)
                 for rec in (True, False)]
        pick = random.Random(-seed)
        while not games[0].is_over:
            a = pick.choice(games[0].legal_actions())
            for g in games:
                g.apply(a)
        moved = [0] * len(rules.pools)
        for e in games[0].events:
            if e.__class__ is ChipMove and e.payer.__class__ is Pool and e.reason != REFUND:
                moved[e.payer.index] += e.amount
        assert games[0].ledger.taken == games[1].ledger.taken == moved
        taken_any = taken_any or any(moved)
    assert taken_any


def test_board_pools_and_payment_by_points():
    # a game with no bidding: the pools are a board's boxes, taken by laying their cards;
    # losers pay the points of their cards (no schedule: no end-payment distribution)
    from pathlib import Path

    f = Path(__file__).parent.parent / "examples/rulesets/board-game.yaml"
    if not f.exists():
        pytest.skip("no board-game example in this checkout")
    rules = load_ruleset(str(f))
    for players in (3, 8):
        r = simulate(rules, hands=200, players=players, seed=1, bots="random")
        m = r.metrics
        assert r.chips_conserved
        assert not any(k.startswith(("won_rate.", "blank_", "sequence_held", "tricon_held")) for k in m)
        for pool in rules.pool_ids:
            assert 0 < m[f"pool_taken_rate.{pool}"].mean <= 1 and m[f"pool_take.{pool}"].mean > 0
        assert m["end_payment"].mean > m["cards_left"].mean  # points, not cards
        assert "end_payment" not in r.distributions
        assert len([k for k in m if k.startswith("net_per_hand.")]) == players


def _more_players(tmp_path):
    f = tmp_path / "more-players.yaml"
    f.write_text("format: 2\nname: more-players\ntitle: More players\n"
                 "summary: Hoc Mazarin dealt to four and five.\nextends: hoc-mazarin\n"
                 "deal:\n  hand_size: {value: {2: 15, 3: 12, 4: 10, 5: 9}, editorial: \"test\"}\n")
    return load_ruleset(str(f))


@pytest.mark.parametrize("players", [4, 5])
def test_four_and_five_players_where_the_ruleset_admits_them(tmp_path, players):
    rules = _more_players(tmp_path)
    assert rules.players == (2, 3, 4, 5)
    bots = ",".join(("heuristic", "random")[s % 2] for s in range(players))
    r = simulate(rules, hands=200, players=players, seed=players, bots=bots)
    assert r.chips_conserved is True and r.players == players
    m = r.metrics
    pos = ("eldest", "second", "third", "dealer") if players == 4 else (
        "eldest", "second", "third", "fourth", "dealer")
    assert [k.split(".")[1] for k in m if k.startswith("net_per_hand.")] == list(pos)
    assert [k.split(".")[1] for k in m if k.startswith("card_win_rate.")] == list(pos)
    assert sum(m[f"card_win_rate.{p}"].mean for p in pos) == pytest.approx(1)
    assert [k for k in m if k.startswith("net_per_seat.")] == [f"net_per_seat.{s}" for s in range(1, players + 1)]
    size = rules.hand_size(players)
    assert f"cards_left_share.{size}" in m and f"cards_left_share.{size + 1}" not in m
    assert sum(r.distributions["cards_left"].values()) == (players - 1) * 200
    # jobs do not change the numbers at more players either
    two = simulate(rules, hands=200, players=players, seed=players, bots=bots, jobs=2)
    assert two.to_json() == r.to_json()


def test_bad_arguments_are_value_errors():
    rules = load_ruleset("hoc-mazarin")
    with pytest.raises(ValueError, match="hands"):
        simulate(rules, hands=0)
    with pytest.raises(ValueError, match="jobs"):
        simulate(rules, hands=10, jobs=0)
    with pytest.raises(ValueError, match="not 4"):
        simulate(rules, hands=10, players=4)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(rules, hands=10, bots="genius")


def test_progress_is_reported():
    seen = []
    simulate(load_ruleset("hoc-mazarin"), hands=700, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert seen[0] == (0, 700) and seen[-1] == (700, 700)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


# ------------------------------------------- the engine's fast paths ----


def _classes(g: Game) -> list:
    """The legal actions up to suit: plain cards by rank; principal hocs and the rest as they are."""
    principal = g.rules.card_game.principal_hocs
    out = set()
    for a in g.legal_actions():
        card = getattr(a, "card", None)
        out.add(("plain", card % 13) if card is not None and card not in principal else ("as is", a))
    return sorted(out, key=repr)


def _realize(g: Game, cls, rng: random.Random):
    if cls[0] == "as is":
        return cls[1]
    return rng.choice([a for a in g.legal_actions() if getattr(a, "card", -1) % 13 == cls[1]
                       and a.card not in g.rules.card_game.principal_hocs])


@pytest.mark.parametrize("name", ["hoc-mazarin", "hoca"])
def test_auto_equivalent_changes_nothing_but_the_suit(name):
    # Laying one plain card of a rank or another is no choice for the outcome (the card
    # game goes by rank, 002 §9.1): a game where the engine lays the lowest by itself
    # (auto_equivalent) ends exactly as one where a player picks any of them at random,
    # when both make the same choices up to suit.
    rules = load_ruleset(name)
    for seed in range(30):
        slow = Game(rules, 3, rng=random.Random(seed), auto_forced=True)
        fast = Game(rules, 3, rng=random.Random(seed), auto_forced=True, auto_equivalent=True)
        pick, suits = random.Random(seed), random.Random(-seed)

        def catch_up():  # the slow game's choices among alike cards, made at random
            while not slow.is_over and len(_classes(slow)) == 1 and len(slow.legal_actions()) > 1:
                slow.apply(_realize(slow, _classes(slow)[0], suits))

        catch_up()
        while not fast.is_over:
            assert slow.to_act == fast.to_act and _classes(slow) == _classes(fast)
            cls = pick.choice(_classes(fast))
            fast.apply(_realize(fast, cls, suits))
            slow.apply(_realize(slow, cls, suits))
            catch_up()
        assert slow.is_over
        assert slow.net == fast.net and slow.carry_out == fast.carry_out
        assert slow.turns == fast.turns


def _observed(g: Game) -> tuple:
    """What a hand shows of itself: enough to tell two hands apart."""
    return (g.stage, g.to_act, g.is_over, tuple(g.hands), g.cards_left, g.pile, g.out_of_play, g.dealt,
            g.net, tuple(g.ledger.pools), tuple(g.ledger.taken), hocs(g), principal_hocs(g),
            dict(hoc_kinds(g)), g.turns, card_winner(g), first_turn_out(g), end_owed(g), swept(g),
            held_paid(g), board_doubled(g), need(g), last_player(g), g.carry_out, len(g.events))


def test_fork_plays_out_like_the_original():
    # A fork plays out as the hand it copies; a fork made into an earlier, played-out
    # copy (into=: the Monte Carlo bot's reset, not rebuilt) as a new one, at every step.
    rules = load_ruleset("hoc-mazarin")
    spare = None
    reused = 0
    for seed in range(20):
        g = Game(rules, 3, rng=random.Random(seed), auto_forced=True, auto_equivalent=True)
        pick = random.Random(seed)
        while g.stage != "cards":
            g.apply(pick.choice(g.legal_actions()))
        twin = g.fork(list(g.hands))
        assert twin.view(0).hand == g.hands[0] and twin.pile == g.pile
        for name in _STATE:  # fork names every attribute it copies: none forgotten
            getattr(twin, name)
        again = g.fork(list(g.hands), into=spare)
        reused += again is spare
        assert _observed(again) == _observed(twin)
        while not g.is_over:
            a = pick.choice(g.legal_actions())
            g.apply(a)
            twin.apply(a)
            again.apply(a)
            assert _observed(again) == _observed(twin)
        assert twin.is_over and twin.net == g.net and twin.carry_out == g.carry_out
        spare = again
    assert reused == 19
    other = Game(load_ruleset("hoca"), 3, rng=random.Random(2), auto_forced=True)
    pick = random.Random(2)
    while other.stage != "cards":
        other.apply(pick.choice(other.legal_actions()))
    assert other.fork(list(other.hands), into=spare) is not spare  # another ruleset: a new copy
    with pytest.raises(ValueError):
        g = Game(rules, 3, rng=random.Random(1))
        g.fork(list(g.hands))  # not in the card game


# ---------------------------------------------------------------- CLI ----


def test_cli_simulate_json():
    res = CliRunner().invoke(app, ["simulate", "hoc-mazarin", "--hands", "120", "--seed", "4", "--json"])
    assert res.exit_code == 0, res.output
    j = json.loads(res.stdout)
    assert j["hands"] == 120 and j["chips_conserved"] is True
    assert j["ruleset"] == "hoc-mazarin" and j["players"] == 3 and j["seed"] == 4
    assert j["bots"] == ["heuristic"] * 3
    st = j["metrics"]["blank_hand_rate"]
    assert set(st) == {"mean", "ci95"} and st["ci95"][0] <= st["mean"] <= st["ci95"][1]
    for name in ("net_per_hand.eldest", "net_per_hand.second", "net_per_hand.dealer",
                 "all_pass_rate.point", "all_pass_rate.sequence", "all_pass_rate.tricon",
                 "hocs_per_hand"):
        assert name in j["metrics"]
    jobs2 = CliRunner().invoke(app, ["simulate", "hoc-mazarin", "--hands", "120", "--seed", "4",
                                     "--json", "--jobs", "2"])
    assert json.loads(jobs2.stdout) == j


def test_cli_simulate_table_and_options():
    res = CliRunner().invoke(app, ["simulate", "hoca", "--with", "triple-game", "--hands", "60",
                                   "--players", "2", "--bots", "heuristic,random"])
    assert res.exit_code == 0, res.output
    assert "net_per_hand.eldest" in res.output and "triple_rate.point" in res.output
    assert "chips conserved: yes" in res.output
    assert "net_per_hand.second" not in res.output


@pytest.mark.parametrize("args,words", [
    (["--hands", "0"], "--hands 0"),
    (["--hands", "10", "--bots", "genius"], "unknown bot 'genius'"),
    (["--hands", "10", "--bots", "heuristic,random"], "2 bots for 3 players"),
    (["--hands", "10", "--players", "4"], "played by 2 or 3 players"),
    (["--hands", "10", "--jobs", "0"], "--jobs 0"),
])
def test_cli_simulate_bad_input_exits_2(args, words):
    res = CliRunner().invoke(app, ["simulate", "hoc-mazarin", *args])
    assert res.exit_code == 2
    assert words in res.output
    assert "Traceback" not in res.output


def test_cli_simulate_bad_ruleset_exits_2(tmp_path):
    res = CliRunner().invoke(app, ["simulate", "no-such-ruleset", "--hands", "10"])
    assert res.exit_code == 2 and "no-such-ruleset" in res.output


def _rubicon_piquet():
    from hocdsl.rules.model import Pick
    from hocdsl.rules.variants import compose

    return compose(load_ruleset("piquet"), [Pick(reading="rubicon")])


def test_a_partie_settled_at_its_end_is_played_out_not_cut_at_the_block():
    # Rubicon Piquet (eb1911-piq ¶1): a partie is six deals, and only the sixth moves chips
    # (the loser pays the difference and a hundred, or the sum and a hundred). A block of 20
    # hands used to play 6 + 6 + 6 + 2 and leave the last two deals unsettled; it plays 24.
    rules = _rubicon_piquet()
    table = Table(rules, 2, ("heuristic", "heuristic"))
    trace: list = []
    y, ok = table.play_block(7, 0, BLOCK_HANDS, trace)
    assert ok and len(trace) == 24 and y[table.layout.HANDS] == 24
    paid = [i for i, (_, _, nets) in enumerate(trace) if any(nets[:2])]
    assert all(i % 6 == 5 for i in paid), paid  # chips move only on a partie's sixth deal
    assert 23 in paid  # the fourth partie, started on the block's 19th hand, is settled
    for i in paid:
        assert abs(trace[i][2][0]) >= 100  # at least the hundred for the game
    # the hands reported are the hands played; the hoc games play exactly those asked
    assert simulate(rules, hands=40, players=2, seed=7).hands == 48
    assert simulate(load_ruleset("hoc-mazarin"), hands=40, seed=7).hands == 40


def test_simulate_says_when_it_played_more_hands_than_asked():
    out = CliRunner().invoke(app, ["simulate", "piquet", "--reading", "rubicon", "--hands", "20"])
    assert out.exit_code == 0, out.output
    assert "24 hands played for the 20 asked" in " ".join(out.output.split())
    assert "hoc simulate piquet --reading rubicon: 24 hands" in " ".join(out.output.split())
