"""`hoc play --lang fr` at a real terminal (pexpect), a whole session against bots: every line the
table prints is French. The player asks for the help, the hand, the pools and the history, types a
line the parser cannot read, a "sans" the rules refuse, and then at every prompt the first of what
`permis` lists (the cards in the French notation, typed back as shown), to the end of the partie.

No English may show: a list of English words that the table's French never uses is looked for,
whole words, in everything printed (the words the player typed, the ruleset's and the sources'
names and the options such as `--seed` aside), so a sentence left in English, or half of one,
fails the test."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from hocdsl.announce import Vocabulary, parse_announcement
from hocdsl.narrate import Narrator
from hocdsl.play.words import help_lines
from hocdsl.records.reader import read_record
from hocdsl.records.replay import replay_record
from hocdsl.rules import load_ruleset

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PROMPT = r"\r\n> "

#: English words the French table never prints (none of them is a French word: "as", "on",
#: "a", "est", "point", "hoc", "double", "net" are French too and are left out).
ENGLISH = (
    "the", "you", "your", "is", "are", "of", "and", "to", "for", "with", "by", "each", "player", "players",
    "pays", "pay", "takes", "puts", "put", "wins", "shows", "show", "declare", "raise", "call", "pass",
    "folds", "left", "card", "cards", "hand", "hands", "pool", "pools", "chips", "chip", "stake", "seed",
    "rule", "wanted", "without", "not", "allowed", "lay", "lead", "legal", "turn", "may", "over", "game",
    "payment", "payments", "sequence", "eldest", "deals", "this", "that", "nothing", "blank", "help",
    "type", "quit", "history", "now", "here", "from", "in", "it", "its", "once", "only", "box", "board",
    "end", "inferred", "borrowed", "editorial", "default", "out", "new", "run", "next",
)


def english_words(text: str, typed: list[str]) -> list[str]:
    """The English words in ``text`` (whole words, any case), leaving out what the player typed,
    the command-line options (``--seed``) and the names of rulesets, knobs and sources
    (``hoc-mazarin``, ``bidding.raise_cap``, ``lalanne``)."""
    for line in typed:
        text = text.replace(line, " ")
    text = re.sub(r"--\w+", " ", text)
    text = re.sub(r"\b[\w-]+\.[\w.]+\b", " ", text)  # knob paths: card_game.runs
    text = re.sub(r"\bhoc-mazarin\b", " ", text)
    words = set(re.findall(r"[A-Za-zÀ-ÿ']+", text.lower()))
    return sorted(words & set(ENGLISH))


def play_in_french(args: list[str]) -> tuple[str, list[str]]:
    """Run ``hoc play ARGS --lang fr``: the commands, a line the parser refuses, a refused "sans",
    then the first of what `permis` lists at every prompt. Returns all the text and what was typed."""
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "hocdsl.cli", "play", *args, "--lang", "fr"], encoding="utf-8",
                          timeout=60, dimensions=(50, 200), env={**os.environ, "COLUMNS": "200"})
    seen: list[str] = []
    typed: list[str] = []
    firsts = ["aide", "main", "cagnottes", "historique", "renvie beaucoup"]
    refused_card = False
    while True:
        i = child.expect([PROMPT, pexpect.EOF])
        seen.append(child.before)
        if i == 1:
            break
        prompt = child.before.splitlines()[-1]
        if firsts:
            line = firsts.pop(0)
        elif not refused_card and prompt.startswith("Cartes"):
            refused_card = True
            wanted = re.search(r"la carte attendue est une? (\w+)", prompt)
            line = "sans deux" if wanted and wanted.group(1) != "deux" else "sans trois"
        else:
            child.sendline("permis")
            typed.append("permis")
            child.expect(r"permis : ([^\r\n]*)\r\n")
            options = child.match.group(1).split(" | ")
            child.expect(PROMPT)
            seen.append(child.before)
            line = options[0]
        typed.append(line)
        child.sendline(line)
    child.close()
    text = "\n".join(seen)
    assert child.exitstatus == 0, text[-2000:]
    return text, typed


def test_a_french_session_of_hoc_mazarin_prints_no_english():
    # seed 12: the player is eldest (the README's session, in French); two hands
    text, typed = play_in_french(["hoc-mazarin", "--seed", "12", "--hands", "2"])
    # it is the whole partie, in French: the hands, the payments, the end
    assert "=== Coup 1 sur 2 (hoc-mazarin)" in text and "=== Coup 2 sur 2" in text
    assert "Vous êtes premier en main" in text
    assert text.count("Paiements de ce coup :") == 2
    assert "La partie est finie. Jetons :" in text
    # the pools and stages by their French names (the ruleset's display_names)
    assert "Cagnottes : le point 3, la séquence 3, le tricon 3" in text
    # the help lists what this ruleset uses, in French, with the French card letters
    assert "quinte au roi" in text and "R roi, D dame, V valet" in text
    # the unreadable line: the parser's caret, in French
    assert "attendu un nombre de jetons après « renvie »" in text
    # the refused "sans": its reason and rule in French, nothing played for it
    assert re.search(r"Refusé : .+\r?\n\s+règle : hoc-mazarin card_game\.", text), text[-3000:]
    # and not one English word anywhere
    assert english_words(text, typed) == [], english_words(text, typed)


def test_the_english_words_check_finds_an_english_line():
    # the check itself: a line of today's English table is caught, a French one is not
    assert english_words("  Blaise pays You 4 chips (cards left)", []) == ["cards", "chips", "left", "pays", "you"]
    assert english_words("  Blaise vous paie 4 (paiement de fin : 2 cartes restantes)", []) == []
    assert english_words("Refusé : the card wanted is a Q, not 7D", []) == ["card", "is", "not", "the", "wanted"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_help_of_the_lindor_offers_no_bidding(lang):
    # the Lindor has no vie stage (fr-nainjaune: the boxes are staked, not bid for): its help
    # says how to lay cards and nothing of raises, declarations or answers; the Hoc's has them
    lindor = load_ruleset("lindor")
    text = "\n".join(help_lines(lindor, lang, Vocabulary.from_ruleset(lindor)))
    for word in ("raise", "renvie", "quinte", "brelan", "cards, 31", "cartes, 31", "c'est bon", "that's fine"):
        assert word not in text
    assert ("sans 9" if lang == "fr" else "without 9") in text
    mazarin = load_ruleset("hoc-mazarin")
    hoc = "\n".join(help_lines(mazarin, lang, Vocabulary.from_ruleset(mazarin)))
    assert ("renvie 3 | 5 cartes, 31 | quinte au roi | brelan de valets" if lang == "fr"
            else "raise 3 | 5 cards, 31 | quinte to the king | brelan of jacks") in hoc


def test_c_is_clubs_in_english_and_hearts_in_french():
    # the king of clubs is card 51 (suit 3, rank 13), the king of hearts 25 (suit 1)
    assert parse_announcement("KC")[0].card == 51
    assert parse_announcement("KC", cards="fr")[0].card == 25
    # French letters: R roi, D dame, V valet; P pique, C cœur, K carreau, T trèfle
    assert [a.card for a in parse_announcement("RT DP VK 7C", cards="fr")] == [51, 11, 36, 19]
    # the English letters of the other suits read the same at a French table
    assert [a.card for a in parse_announcement("QS 7D", cards="fr")] == [11, 32]
    # "sans R" is "without king" at a French table
    assert parse_announcement("sans R", cards="fr")[0].rank == 13
    # an English table does not read the French letters
    with pytest.raises(ValueError):
        parse_announcement("RT")


def test_the_lindor_record_told_in_french():
    # deal A of the Lindor record: Colette lays QS and takes the queen's box, 9 (each of three
    # staked 3: fr-nainjaune §Mise des jetons); Colette is out and Anne, left with 8C 9C, pays her
    # their 17 points (regledujeu-nainjaune); Blaise still holds 10D and doubles the ten's box, 3
    rec = read_record(str(EXAMPLES / "lindor-deals.yaml"))
    replay = replay_record(rec)
    game = replay.deals[0].game
    narrator = Narrator(rec.players, replay.rules, "fr")
    lines = narrator.events(game.events)
    assert "Colette prend la case de la dame de pique : 9 (carte du tableau posée : DP)" in lines
    assert "Anne paie 17 à Colette (paiement de fin : 2 cartes restantes, 17 points)" in lines
    assert ("Blaise met 3 dans la cagnotte du dix de carreau (sa carte du tableau restée en main : "
            "la cagnotte double)") in lines
    assert any(line.startswith("Colette n'a plus de cartes : le coup est fini ; cartes restantes : Anne 2, Blaise 6")
               for line in lines)


def test_the_player_is_vous_at_a_french_table():
    # the second person: "Vous payez", "Blaise vous paie", "hoc pour vous"
    from hocdsl.engine.words import FR

    assert FR.verb("Vous", "pays") == "Vous payez" and FR.pays("Blaise", "Vous", 4) == "Blaise vous paie 4"
    assert FR.pays("Vous", "Blaise", 4) == "Vous payez 4 à Blaise" and FR.obj("Vous") == "vous"
    assert [FR.a_rank(r) for r in (1, 7, 11, 12, 13)] == ["un as", "un sept", "un valet", "une dame", "un roi"]


def test_a_french_hand_of_the_poque_prints_no_english():
    # the turnup and holding kinds, the vie on sets and the compartments named in French
    text, typed = play_in_french(["poque", "--seed", "3", "--hands", "1"])
    assert re.search(r"retourne \w+ : \w+ est l'atout", text), text[:3000]
    assert "Cagnottes" in text and "l'as" in text
    assert english_words(re.sub(r"\bpoque\b", " ", text), typed) == []
