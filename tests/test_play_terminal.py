"""`hoc play` at the terminal (issue 11, "Play at the terminal"): messages in words (never a Python
value), refusals that say what is allowed now, line editing and history (pexpect), `--lang fr` prompts
and help, verbs of the second person, `legal` with the raises folded, the chips after the hand, and a
replay that stops on an error showing the transcript up to that point."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from edited_records import replay_edited
from hocdsl.play import PlaySession
from hocdsl.rules import load_ruleset

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
MAZARIN = load_ruleset("hoc-mazarin")


def play(lines: list[str], lang: str = "en", seed: int = 3) -> tuple[PlaySession, str]:
    """A session fed ``lines`` then passes (the first legal move when passing is not allowed)."""
    feed = iter(lines)
    out: list[str] = []
    s: PlaySession

    def next_line(prompt: str) -> str:
        line = next(feed, None)
        if line is not None:
            return line
        legal = s.game.legal_actions()
        from hocdsl.actions import Pass
        from hocdsl.play.refuse import turn_words
        a = next((x for x in legal if isinstance(x, Pass)), legal[0])
        return turn_words([a], s.vocab, s.lang)  # the cards in the table's notation

    s = PlaySession(MAZARIN, seed=seed, lang=lang, input=next_line, output=out.append)
    s.run()
    return s, "\n".join(out)


def test_a_refusal_never_shows_a_python_value():
    # seed 3: the player (seat 1) speaks third on the point; a quinte is no declaration of the point
    _, text = play(["quinte au roi"])
    assert "DeclareSequence(" not in text and "length=" not in text
    assert re.search(r'Not allowed: "quinte (to the king|au roi)" does not fit now: this is the bidding on the '
                     r"point: a sequence is declared on the sequence", text), text[:2000]
    assert "You: quinte" not in text  # refused: nothing was declared for it


@pytest.mark.parametrize("said, why", [
    ("blank hand", "a blank hand is shown in its own stage, after the bidding on the tricon"),
    ("without 5", "cards are laid in the card game, once the bidding is over"),
    ("show", "one shows (or conceals) once the point is won"),
    ("call", "nobody has raised on the point, so there is no stake to call"),
])
def test_a_refusal_at_the_start_of_the_point_says_why_and_what_is_allowed_now(said, why):
    _, text = play([said])
    assert "is not allowed before anyone has raised" not in text
    assert f'Not allowed: "{said}" does not fit now: {why}' in text
    # what is allowed now, after the rule
    assert re.search(r"rule: .*\n  Now, you may: pass, raise 1\.\.20, declare", text), text[:3000]


def test_hoc_alone_in_the_bidding_says_where_it_belongs_and_what_is_allowed():
    _, text = play(["hoc!"])
    assert "say one thing at a time" not in text
    assert '"hoc!": there is no hoc in the bidding; it is said in the card game, right after the card ' \
           'that makes one ("KS hoc!"). Now, you may: pass, raise 1..20' in text


def test_second_person_verbs_and_legal_folds_the_raises():
    # seed 3: the player deals the first hand
    _, text = play(["legal"])
    assert "You deal;" in text and "You deals" not in text
    assert "You wins" not in text and "You pays" not in text
    m = re.search(r"^legal: (.*)$", text, re.M)
    assert m and "raise 1..20" in m.group(1).split(" | ")
    assert "raise 2 |" not in m.group(1)


def test_the_chips_line_after_the_hand_is_the_balance_after_it():
    s, text = play([])
    after = text.split("Payments this hand:", 1)[1]
    chips = re.search(r"^Chips: (.*)$", after, re.M).group(1)
    got = [int(re.match(r"\w+ (-?\d+)", p).group(1)) for p in chips.split(", ")]
    net = s.deals[0].net
    assert got == [100 + n for n in net]  # 100 chips each at the start (table.starting_stake)
    assert got == list(s.partie.balances)


def test_lang_fr_gives_french_prompts_and_help():
    _, text = play(["aide"], lang="fr")
    assert "Commandes (à toute invite) :" in text
    assert "Annonces (en français ou en anglais" in text
    prompts = [ln for ln in text.splitlines() if " — vous pouvez : " in ln]
    assert prompts and all("declare (" not in p and "you may" not in p for p in prompts)
    assert any("déclarez (p. ex. « " in p and "cartes" in p for p in prompts)
    assert "Votre main (12 cartes)" in text and "Cagnottes : le point 3" in text


def test_play_and_replay_tell_a_hoc_with_the_one_narrator():
    from hocdsl import narrate
    from hocdsl.records import report
    assert report.narrate is narrate
    import hocdsl.play.session as session
    assert session.Narrator is narrate.Narrator


def test_a_replay_stopped_by_an_error_shows_the_transcript_up_to_it(tmp_path):
    r = replay_edited(EXAMPLES / "readings.yaml", '"Anne: raise 2"', '"Anne: raise 25"', tmp_path)
    assert r.exit_code == 2
    out = r.stdout
    assert "Deal 1: Colette deals, Anne is eldest" in out
    assert "the replay stops here" in out
    assert "raise 25" in r.stderr and "Traceback" not in r.stderr


pexpect = pytest.importorskip("pexpect")


def test_pexpect_edits_a_line_with_the_arrows_and_recalls_the_last_one():
    cmd = [sys.executable, "-m", "hocdsl.cli", "play", "hoc-mazarin", "--seed", "3"]
    child = pexpect.spawn(cmd[0], cmd[1:], encoding="utf-8", timeout=30, dimensions=(50, 200),
                          env={**os.environ, "COLUMNS": "200", "TERM": "xterm"})
    child.expect(r"\r\n> ")
    # "legl", left arrow once, "a": "legal" if the line is edited ("legl^[[Da" otherwise)
    child.send("legl")
    child.send("\x1b[D")
    child.send("a\r")
    child.expect(r"legal: ([^\r\n]*)\r\n")
    first = child.match.group(1)
    assert "pass" in first.split(" | ")
    child.expect(r"\r\n> ")
    # up arrow: the previous line ("legal") again
    child.send("\x1b[A")
    child.send("\r")
    child.expect(r"legal: ([^\r\n]*)\r\n")
    assert child.match.group(1) == first
    child.expect(r"\r\n> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert "^[[" not in child.before
