"""`hoc play`: the play loop with scripted input (wrong input loses nothing), the real
program driven by pexpect, and `--record` replayed to the same result."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import deque

import pytest

from hocdsl.actions import Pass, Play, Without
from hocdsl.announce import format_action
from hocdsl.cards import RANK_MASKS, card_name
from hocdsl.engine.events import ChipMove, SaidWithout
from hocdsl.play import PROMPT, PlaySession, play_record_text
from hocdsl.play.refuse import turn_words
from hocdsl.records import parse_record, replay_record, to_json
from hocdsl.rules import load_ruleset
from hocdsl.engine.cardgame import need

MAZARIN = load_ruleset("hoc-mazarin")


def simple_choice(s: PlaySession) -> str:
    """What a plain player says: pass when he may, else the first legal announcement (the cards in
    the table's notation: at a French table "KC" is the king of hearts)."""
    legal = s.game.legal_actions()
    for a in legal:
        if isinstance(a, Pass):
            return turn_words([a], s.vocab, s.lang)
    return turn_words([legal[0]], s.vocab, s.lang)


class Script:
    """Input for a session: lines from ``plan(session)`` when it returns one, else
    ``simple_choice``. Records every prompt and the session's output."""

    def __init__(self, plan=None):
        self.plan = plan
        self.out: list[str] = []
        self.typed: list[str] = []
        self.session: PlaySession | None = None

    def input(self, prompt: str) -> str:
        assert prompt == PROMPT
        line = self.plan(self.session) if self.plan else None
        if line is None:
            line = simple_choice(self.session)
        self.typed.append(line)
        return line

    def output(self, text: str) -> None:
        self.out.append(text)

    def text(self) -> str:
        return "\n".join(self.out)


def session(script: Script, rules=MAZARIN, **kw) -> PlaySession:
    kw.setdefault("seed", 5)
    kw.setdefault("bots", ("random",))
    s = PlaySession(rules, input=script.input, output=script.output, **kw)
    script.session = s
    return s


# ------------------------------------------------------- wrong input loses nothing ----


def snapshot(s: PlaySession):
    g = s.game
    return (len(s._actions), g.to_act, g.stage, tuple(g.hands), tuple(g.net), len(g.events))


def test_wrong_input_at_the_first_prompt_loses_nothing():
    wrong = deque(["raise lots", "raise 99", "help", "hand", "pools", "history", "legal", "", "5 cartes, 99"])
    checks = []

    def plan(s):
        if wrong:
            if checks:
                assert snapshot(s) == checks[0], "a wrong line changed the game"
            checks.append(snapshot(s))
            return wrong.popleft()
        return None

    sc = Script(plan)
    result = session(sc).run()
    text = sc.text()
    # the parser's caret message
    assert "raise lots\n      ^\nexpected a number of chips after \"raise\"" in text
    # an illegal raise names the rule it breaks
    assert "Not allowed: raise 99 is outside 1..20" in text
    assert "rule: hoc-mazarin bidding.raise_cap, lalanne §5.1" in text
    # the commands
    assert "Commands (at any prompt):" in text
    assert re.search(r"Your hand \(12 cards\): ", text)
    assert "Pools: point 3, sequence 3, tricon 3" in text
    assert "This hand so far:" in text
    assert re.search(r"^legal: .*\bpass\b", text, re.M)
    # and the hand was then played to the end
    assert result.hands_completed == 1 and not result.quit
    assert "Payments this hand:" in text


def test_every_prompt_says_what_one_may_do():
    sc = Script()
    session(sc).run()
    prompts = [line for line in sc.out if " — you may: " in line]
    assert prompts, "no prompt line"
    assert any(re.match(r"(Point|Sequence|Tricon) .*— you may: .*raise 1\.\.20", p) for p in prompts)
    assert any(p.startswith("Cards") for p in prompts)


def _card_line_plan(state, kind):
    """At the first card-game prompt where it can be done, type a line whose second part
    is illegal: a card not held after a legal card ("not held"), or anything after a
    "without" that hands the turn on ("turn over")."""

    def plan(s):
        g = s.game
        if g.stage != "cards" or state.get("done"):
            return None
        legal = g.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        withouts = [a for a in legal if isinstance(a, Without)]
        if kind == "not held" and plays:
            held = g.hands[s.seat]
            absent = next(c for c in range(52) if not held >> c & 1)
            state.update(before=snapshot(s), done=True, first=plays[0].card)
            return f"{card_name(plays[0].card)} {card_name(absent)}"
        if kind == "turn over" and withouts:
            state.update(before=snapshot(s), done=True)
            card = card_name(next(c for c in range(52) if g.hands[s.seat] >> c & 1))
            return f"without {withouts[0].rank} {card}"
        return None
    return plan


@pytest.mark.parametrize("kind", ["not held", "turn over"])
@pytest.mark.parametrize("seed", [5, 6])
def test_an_illegal_action_in_the_middle_of_a_card_line_applies_nothing(seed, kind):
    state: dict = {}
    checked = []
    bad_line = _card_line_plan(state, kind)

    def plan(s):
        if state.get("done") and not checked:
            # the prompt came back: nothing of the bad line was played
            assert snapshot(s) == state["before"]
            if kind == "not held":
                assert s.game.hands[s.seat] >> state["first"] & 1
            checked.append(True)
        return bad_line(s)

    sc = Script(plan)
    result = session(sc, seed=seed).run()
    assert checked, "the bad card line was never typed"
    text = sc.text()
    if kind == "not held":
        assert re.search(r"Not allowed: \"\w+\", part 2 of 2 of your line: you do not hold \w+\. "
                         r"Nothing of that line was played\.", text)
    else:  # the grammar has nothing after a "without": the parser's caret, and nothing played
        assert re.search(r"without \d+ \w+\n +\^\nexpected nothing more after \"without \d+\"", text)
    assert result.hands_completed == 1


def test_a_false_without_is_accepted_with_the_penalty_and_the_player_is_told():
    for seed in range(40):
        state: dict = {}

        def plan(s, state=state):
            g = s.game
            if g.stage == "cards" and need(g) and not state:
                plain = g.hands[s.seat] & RANK_MASKS[need(g) - 1] & ~s.partie.game._phase.principal_hocs
                if plain:
                    state["rank"] = need(g)
                    return f"without {need(g)}"
            return None

        sc = Script(plan)
        s = session(sc, seed=seed)
        s.run()
        if not state:
            continue
        g = s.game
        false = [e for e in g.events if isinstance(e, SaidWithout) and e.false]
        assert [e.seat for e in false] == [s.seat]
        penalty = MAZARIN.card_game.false_without_penalty
        fines = [e for e in g.events if isinstance(e, ChipMove) and e.reason == "penalty"]
        assert sorted(e.payee for e in fines) == [t for t in range(3) if t != s.seat]
        assert all(e.payer == s.seat and e.amount == penalty == 5 for e in fines)
        assert "a false \"without\"" in sc.text() and "pay 5 chips to each other player" in sc.text()
        return
    pytest.fail("no seed gave the player a card to deny")


def test_a_hoc_mark_where_there_is_none_is_refused():
    state: dict = {}

    def plan(s):
        g = s.game
        if g.stage == "cards" and not state and not s._hoc_pending(s.replica()):
            state["before"] = snapshot(s)
            return "hoc!"
        if state and "after" not in state:
            state["after"] = snapshot(s)
        return None

    sc = Script(plan)
    session(sc).run()
    assert state["after"] == state["before"]
    assert "there is no hoc of yours there" in sc.text()


def test_quit_and_end_of_input_leave_the_table():
    sc = Script(lambda s: "quit")
    result = session(sc).run()
    assert result.quit and result.hands_completed == 0
    assert sc.out[-1] == "You leave the table."

    def eof(prompt):
        raise EOFError

    s = PlaySession(MAZARIN, seed=1, bots=("random",), input=eof, output=lambda t: None)
    assert s.run().quit


def test_several_hands_balances_and_pools_conserve_chips():
    sc = Script()
    s = session(sc, hands=3, bots=("random",), seed=11)
    result = s.run()
    carried = sum(s.partie.carry.pools)
    assert sum(result.balances) + carried == 3 * MAZARIN.table.starting_stake
    assert all(d.complete for d in result.deals)
    # the end of each hand prints the payments in words and the balances
    assert sc.text().count("Payments this hand:") == result.hands_completed
    nets = re.findall(r"^Net this hand: You ([+-]\d+), Blaise ([+-]\d+), Colette ([+-]\d+)$", sc.text(), re.M)
    assert [tuple(int(v) for v in n) for n in nets] == [d.net for d in result.deals]


def test_french_announcements_from_the_bots():
    sc = Script()
    session(sc, lang="fr", seed=3).run()
    said = [line for line in sc.out if re.match(r"^(Anne|Blaise|Colette): ", line)]
    assert said
    assert any(re.search(r": (passe|renvie \d+|tiens)\b", line) for line in said)
    assert not any(re.search(r": (pass|raise \d+|call)( |$)", line) for line in said)


# ------------------------------------------------------- record round trip ----


@pytest.mark.parametrize("ruleset,ext,players,seat,lang,seed,hands", [
    ("hoc-mazarin", [], 3, 0, "en", 5, 2),
    ("hoca", [], 3, 1, "fr", 8, 2),
    ("hoc-mazarin-wikipedia", [], 3, 2, "en", 2, 1),
    ("hoc-mazarin", ["triple-game"], 2, 1, "fr", 9, 3),
])
def test_record_replays_to_the_same_result(ruleset, ext, players, seat, lang, seed, hands):
    rules = load_ruleset(ruleset, with_=ext)
    sc = Script()
    result = session(sc, rules=rules, players=players, seat=seat, lang=lang, seed=seed, hands=hands).run()
    assert result.hands_completed >= 1
    text = play_record_text(result, rules, lang=lang)
    record = parse_record(text)
    assert record.with_ == tuple(ext) and record.players == result.names
    replay = to_json(replay_record(record))
    names = result.names
    assert [d["net"] for d in replay["deals"]] == [dict(zip(names, d.net)) for d in result.deals]
    assert replay["balances"] == dict(zip(names, result.balances))


# ------------------------------------------------------- the ruleset model, format 2 ----


def many_players(rules):
    from dataclasses import replace

    sizes = {2: 15, 3: 12, 4: 10, 5: 9, 6: 8, 7: 7, 8: 6}
    return replace(rules, deal=replace(rules.deal, hand_size=sizes))


@pytest.mark.parametrize("players,seat", [(4, 3), (6, 0), (8, 5)])
def test_four_to_eight_players_play_and_the_record_replays(players, seat):
    rules = many_players(MAZARIN)
    sc = Script()
    result = session(sc, rules=rules, players=players, seat=seat, seed=players, hands=2).run()
    assert result.hands_completed == 2 and len(result.names) == players
    assert result.names[seat] == "You" and len(set(result.names)) == players
    text = play_record_text(result, rules)
    replay = to_json(replay_record(parse_record(text), rules=rules))
    assert [d["net"] for d in replay["deals"]] == [dict(zip(result.names, d.net)) for d in result.deals]
    assert sum(result.balances) + sum(replay["pools"].values()) == players * rules.table.starting_stake


def test_a_player_count_the_ruleset_does_not_admit_is_refused():
    with pytest.raises(ValueError, match="hoc-mazarin is played by 2, 3 players, not 4"):
        PlaySession(MAZARIN, players=4, input=lambda p: "quit", output=lambda t: None)


def test_the_pools_by_the_ruleset_ids():
    sc = Script(lambda s: "quit")
    session(sc).run()
    assert "Pools: point 3, sequence 3, tricon 3" in sc.text()


def test_each_kind_of_hoc_is_narrated_with_its_payment():
    from dataclasses import replace

    from hocdsl.engine.events import Hoc
    from hocdsl.cards import parse_card

    stages = tuple(replace(st, permanent_pay=2, end_of_run_pay=3, accidental_pay=4, principal_pay=5)
                   if st.id == "card_game" else st for st in MAZARIN.stages)
    rules = replace(MAZARIN, stages=stages)
    s = PlaySession(rules, seed=1, input=lambda p: "quit", output=lambda t: None)
    words = {kind: s._hoc_words(Hoc(0, parse_card("KS"), kind, True), False)
             for kind in ("principal", "permanent", "end-of-run", "accidental")}
    # the one narrator's words (hocdsl.narrate, shared with hoc replay)
    assert words["principal"] == ("  hoc for You: KS, principal hoc — a hoc wherever it is laid; "
                                  "paid 5 by each other player; You lead a new sequence")
    assert "hoc for You: KS, permanent hoc — it always ends the run; paid 2" in words["permanent"]
    assert "hoc for You: KS, end-of-run hoc — nothing follows the top card; paid 3" in words["end-of-run"]
    assert "hoc for You: KS, accidental hoc — nobody could follow it; paid 4" in words["accidental"]
    assert s._hoc_words(Hoc(1, parse_card("KS"), "end-of-run", False), True).endswith(
        "not paid under this ruleset; Blaise is out")


def test_every_chip_move_reason_has_words():
    from hocdsl.engine.events import REASONS, ChipMove, Pool
    from hocdsl.play import REASON_WORDS, chip_move_words

    assert set(REASONS) <= set(REASON_WORDS)
    names = ("You", "Blaise", "Colette")
    pool = Pool("point", 0)
    assert chip_move_words(ChipMove(pool, 1, 6, "board", "point"), names) == \
        "Blaise takes 6 chips from the point pool (board card laid)"
    assert chip_move_words(ChipMove(0, pool, 6, "doubling", "point"), names) == \
        "You put 6 chips in the point pool (board card held: pool doubled)"
    assert chip_move_words(ChipMove(pool, 2, 3, "opera", "point"), names) == \
        "Colette takes 3 chips from the point pool (out in the first turn)"
    assert chip_move_words(ChipMove(1, 0, 2, "laid", None), names) == "Blaise pays You 2 chips (card paid when laid)"
    assert chip_move_words(ChipMove(1, 0, 1, "held", None), names) == "Blaise pays You 1 chip (card still held)"


def test_hoc_said_alone_after_ones_own_hoc_is_a_no_op():
    state: dict = {}

    def plan(s):
        g = s.game
        if g.stage == "cards" and g.to_act == s.seat and s._hoc_pending(s.replica()) and "before" not in state:
            state["before"] = snapshot(s)
            return "hoc!"
        if "before" in state and "after" not in state:
            state["after"] = snapshot(s)
        return None

    for seed in range(30):
        state.clear()
        sc = Script(plan)
        session(sc, seed=seed).run()
        if "before" in state:
            assert state["after"] == state["before"]
            assert "there is no hoc of yours there" not in sc.text()
            return
    pytest.fail("no seed gave the player a hoc to announce")


def test_hoc_in_the_bidding_is_refused():
    typed = deque(["hoc!", "quit"])
    sc = Script(lambda s: typed.popleft())
    session(sc).run()
    assert "\"hoc!\": there is no hoc in the bidding" in sc.text()


# ------------------------------------------------------- the real program ----

pexpect = pytest.importorskip("pexpect")


def hoc(*args: str) -> list[str]:
    return [sys.executable, "-m", "hocdsl.cli", *args]


def drive(child, wrong: list[str]) -> tuple[list[str], str]:
    """Answer every prompt: first the wrong lines, then `legal` and a simple choice."""
    seen: list[str] = []
    wrong = list(wrong)
    while True:
        i = child.expect([r"\r\n> ", pexpect.EOF])
        seen.append(child.before)
        if i == 1:
            return seen, child.before
        if wrong:
            child.sendline(wrong.pop(0))
            continue
        child.sendline("legal")
        child.expect(r"legal: ([^\r\n]*)\r\n")
        options = child.match.group(1).split(" | ")
        seen.append(child.before + child.match.group(0))
        child.expect(r"\r\n> ")
        seen.append(child.before)
        choice = "pass" if "pass" in options else options[0]
        child.sendline(choice)


def test_pexpect_a_full_hand_with_wrong_input_and_its_record_replays(tmp_path):
    record = tmp_path / "game.yaml"
    cmd = hoc("play", "hoc-mazarin", "--seed", "2", "--record", str(record))  # heuristic bots; the first prompt is an open bidding
    child = pexpect.spawn(cmd[0], cmd[1:], encoding="utf-8", timeout=30, dimensions=(50, 200),
                          env={**os.environ, "COLUMNS": "200"})
    wrong = ["raise lots", "raise 99", "help", "hand", "pools", "history"]
    seen, tail = drive(child, wrong)
    child.close()
    assert child.exitstatus == 0
    text = "\n".join(seen)  # the last piece (up to EOF) is the tail
    assert "expected a number of chips" in text and "^" in text  # the parser's caret
    assert "rule: hoc-mazarin bidding.raise_cap, lalanne §5.1" in text  # the illegal raise and its rule
    assert "Commands (at any prompt):" in text
    assert "Your hand (12 cards)" in text
    assert "Pools: point" in text
    assert "This hand so far:" in text
    assert "Payments this hand:" in text
    assert "Record written to" in text
    final = re.search(r"The partie is over\. Chips: ([^\r\n]*)", text)
    assert final, text[-2000:]
    balances = {name: int(v) for name, v in re.findall(r"(\w+) (-?\d+)", final.group(1))}
    # the record, replayed by the replay command, ends with the same balances
    replayed = _replay_json(str(record))
    assert replayed["balances"] == balances
    nets = [{name: int(v) for name, v in re.findall(r"(\w+) ([+-]\d+)", line)}
            for line in re.findall(r"Net this hand: ([^\r\n]*)", text)]
    assert nets and [d["net"] for d in replayed["deals"]] == nets


def _replay_json(path: str) -> dict:
    """`hoc replay FILE --json`, the real command."""
    proc = subprocess.run(hoc("replay", path, "--json"), capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_names_at_the_table_and_a_bad_name():
    from hocdsl.play import seat_names

    assert seat_names("You", 1, 3) == ("Anne", "You", "Colette")
    assert seat_names("Anne", 2, 3) == ("Blaise", "Colette", "Anne")  # never two Annes
    assert seat_names("You", 0, 2) == ("You", "Blaise")
    proc = subprocess.run(hoc("play", "hoca", "--name", "a:b"), capture_output=True, text=True,
                          input="", timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "without ':'" in proc.stderr
    proc = subprocess.run(hoc("play", "hoca", "--bots", "heuristic,random,random"), capture_output=True,
                          text=True, input="", timeout=60)
    assert proc.returncode == 2 and "one name per other seat (2)" in proc.stderr


def test_play_refuses_a_player_count_the_ruleset_does_not_admit():
    proc = subprocess.run(hoc("play", "hoc-mazarin", "--players", "4"), capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2
    assert "hoc-mazarin is not played by 4 players (it admits 2, 3)" in proc.stderr
