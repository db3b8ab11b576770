"""Bézique's "… to score" (source 004, the ordinary game ¶9: the cards laid out may show two
combinations; one is scored, the other said "to score" and scored after a later trick won while
its cards are still on the table; Rubicon laws 44-48): said and read back in English and French,
checked by engine/melds.py (MeldTable.to_score), told by the narrator and the play prompt.

The points are worked by hand from the ruleset's values (rulesets/bezique.yaml, 004 ¶7): bézique
40, a marriage in a plain suit 20; the tricks below hold no ace nor ten (no brisque), and the
card turned up is the 9H (not a seven: the dealer scores nothing for it, ¶2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from hocdsl.actions import PLAY, Draw, Meld, ToScore, TurnUp
from hocdsl.announce import Vocabulary
from hocdsl.announce.format import format_action
from hocdsl.announce.parser import parse_announcement
from hocdsl.cards import parse_card, parse_hand, sorted_cards
from edited_records import replay_edited
from hocdsl.cli import app
from hocdsl.engine import Game
from hocdsl.engine.errors import IllegalAction
from hocdsl.narrate import Narrator
from hocdsl.play.prompt import describe_legal
from hocdsl.rules import load_ruleset

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "bezique-deals.yaml"
RULES = load_ruleset("bezique")
NAMES = ["Anne", "Blaise"]
VOCAB = Vocabulary.from_ruleset(RULES)


def c(text: str) -> int:
    return parse_card(text)


def cards(text: str) -> list[int]:
    return sorted_cards(parse_hand(text, copies=2))


def _anne_wins_trick_1() -> Game:
    """Hearts trumps (9H turned up); Anne's 9C wins trick 1 over Blaise's 7C (¶2's order: the
    nine above the seven). Anne holds KS QS JD: 004's own example of two combinations."""
    g = Game(RULES, NAMES, dealer=1, hands=["9C KS QS JD 8D 9S 7S 8S", "7C 7D 8C 9D 8H JC QC KC"],
             record=True)
    g.apply(TurnUp(c("9H")))
    g.apply(PLAY[c("9C")])
    g.apply(PLAY[c("7C")])
    assert g.to_act == 0
    return g


def _draws(g: Game) -> None:
    for _ in range(2):  # the winner first, then the other (¶4)
        g.apply([a for a in g.legal_actions() if type(a) is Draw][0])


def _anne_wins_trick_2(g: Game) -> None:
    _draws(g)
    g.apply(PLAY[c("8D")])
    g.apply(PLAY[c("7D")])  # the eight of diamonds above the seven: Anne's
    assert g.to_act == 0


@pytest.mark.parametrize("lang, said, later", [
    ("en", "I score forty for bézique: QS JD, and twenty to score: KS QS", "I score twenty for marriage: KS QS"),
    ("fr", "je marque quarante de bésigue : QS JD, et vingt à marquer : KS QS", "je marque vingt de mariage : KS QS"),
])
def test_bezique_and_twenty_to_score_then_the_marriage(lang: str, said: str, later: str) -> None:
    # 004 ¶9's example: KS QS JD laid out; bézique 40 scored, the marriage said to score; the next
    # trick won, the marriage KS QS scores 20 (QS was in the bézique: another kind, ¶10): 60.
    g = _anne_wins_trick_1()
    g.apply(parse_announcement(said)[0])
    assert g.points == [40, 0]
    seen = g.view(0).seen()
    assert seen.to_score() == (("marriage", 20),)  # type: ignore[attr-defined]
    _anne_wins_trick_2(g)
    prompt = describe_legal(g, VOCAB, lang)
    assert prompt.startswith("to score: twenty for marriage" if lang == "en" else "à marquer : vingt de mariage")
    g.apply(parse_announcement(later)[0])
    assert g.points == [60, 0]
    assert g.view(0).seen().to_score() == ()  # type: ignore[attr-defined]  # scored: nothing left
    text = "\n".join(Narrator(NAMES, RULES, lang).events(g.events))
    if lang == "en":
        assert "Anne declares JD QS: forty for bézique, and twenty to score" in text
        assert "Anne declares QS KS: twenty for marriage\n" in text
    else:
        assert "quarante de bésigue, et vingt à marquer" in text
        assert "vingt de mariage\n" in text


def test_cards_already_shown_need_not_be_named_again() -> None:
    # the marriage KS QS declared first (20); after the next trick the bézique QS JD (40): the
    # cards shown, KS QS JD, make nothing more to score (the marriage is scored), and "and twenty
    # to score" with no card to lay out is refused. Declared the other way round, the king laid
    # out with the bézique: the shown cards make the marriage, said without naming them.
    g = _anne_wins_trick_1()
    g.apply(parse_announcement("I score twenty for marriage: KS QS")[0])
    _anne_wins_trick_2(g)
    with pytest.raises(IllegalAction, match="cards shown make no 20"):
        g.apply(parse_announcement("I score forty for bézique: QS JD, and twenty to score")[0])
    assert g.points == [20, 0]  # nothing applied
    g.apply(parse_announcement("I score forty for bézique: QS JD")[0])
    assert g.points == [60, 0]


def test_rule_46_a_card_played_loses_the_score() -> None:
    # law 46 (and ¶9 "having retained the needful cards"): the king played to trick 2, the
    # marriage is no longer to score: derived from the cards shown, nothing to forget.
    g = _anne_wins_trick_1()
    g.apply(Meld.of(cards("QS JD"), "bezique", 40, ToScore(tuple(cards("KS QS")), "", 20)))
    assert g.view(0).seen().to_score() == (("marriage", 20),)  # type: ignore[attr-defined]
    _draws(g)
    g.apply(PLAY[c("KS")])
    g.apply(PLAY[c("7D")])  # a diamond on a spade led: the king wins, but it is played
    assert g.to_act == 0
    assert g.view(0).seen().to_score() == ()  # type: ignore[attr-defined]
    assert "to score" not in describe_legal(g, VOCAB, "en")


@pytest.mark.parametrize("said, why", [
    # the king is not laid out: the cards shown (QS JD) make no marriage
    ("I score forty for bézique: QS JD, and twenty to score", "cards shown make no 20"),
    # a marriage Anne does not hold
    ("I score forty for bézique: QS JD, and twenty to score: KC QC", "QC is not in the hand"),
    # the wrong points: a marriage in spades (not trumps) is 20
    ("I score forty for bézique: QS JD, and forty to score: KS QS", "marriage scores 20, not 40"),
    # the very combination just scored
    ("I score forty for bézique: QS JD, and forty to score: QS JD", "bezique already"),
    # French, the king not laid out
    ("je marque quarante de bésigue : QS JD, et vingt à marquer", "cards shown make no 20"),
])
def test_a_to_score_the_cards_do_not_make_is_refused(said: str, why: str) -> None:
    g = _anne_wins_trick_1()
    with pytest.raises(IllegalAction) as e:
        g.apply(parse_announcement(said)[0])
    assert why in str(e.value)
    assert "bezique play.declarations, hoyle-bez ¶9" in str(e.value)  # the rule, with its source
    assert g.points == [0, 0] and g.to_act == 0  # nothing lost: Anne may still declare
    assert [m.name for m in g.legal_actions() if type(m) is Meld][:1] == ["bezique"]


@pytest.mark.parametrize("meld", [
    Meld.of(cards("QS JD"), "bezique", 40, ToScore(tuple(cards("KS QS")), "", 20)),
    Meld.of(cards("QS JD"), "bezique", 40, ToScore((), "", 20)),
    Meld.of(cards("QS JD"), "bezique", 40, ToScore((), "marriage", 20)),
    Meld.of(cards("KH QH"), "royal-marriage", 40, ToScore(tuple(cards("AH 10H KH QH JH")), "trump-sequence", 250)),
])
def test_the_announcement_reads_back_what_it_writes(meld: Meld) -> None:
    for lang in ("en", "fr"):
        assert parse_announcement(format_action(meld, VOCAB, lang)) == [meld]
    assert format_action(Meld.of(cards("QS JD"), "bezique", 40, ToScore((), "", 20)), VOCAB, "en") == \
        "I score forty for bézique: QS JD, and twenty to score"
    assert parse_announcement("I score 40 for bezique: QS JD and 20 to score") == \
        [Meld.of(cards("QS JD"), "bezique", 40, ToScore((), "", 20))]


def test_the_golden_record_says_it_and_a_wrong_one_is_refused(tmp_path: Path) -> None:
    # examples/bezique-deals.yaml, trick 2: bézique QS JD "and forty to score: KH QH" (the royal
    # marriage, scored at trick 3); the points replay unchanged (Anne 1050, Blaise 50).
    r = CliRunner().invoke(app, ["replay", str(EXAMPLE)])
    assert r.exit_code == 0, r.output
    assert "Anne 1050, Blaise 50 — matches" in r.output
    assert "forty for bézique, and forty to score" in r.output
    r = replay_edited(EXAMPLE, "and forty to score: KH QH", "and twenty to score: KH QH", tmp_path)
    assert r.exit_code == 2, r.output
    assert "royal marriage scores 40, not 20" in r.output
    assert "bezique play.declarations, hoyle-bez ¶9" in r.output
    assert "Traceback" not in r.output


def test_rule_47_a_superior_combination_scored_with_its_cards_loses_the_inferior() -> None:
    # law 47 (and ¶10 of the ordinary game: no marriage of cards declared in a sequence): the
    # royal marriage KH QH said to score (hearts trumps: 40) with the bézique; after the next
    # trick the sequence AH 10H KH QH JH (250) is scored with them: the marriage is lost.
    g = Game(RULES, NAMES, dealer=1, hands=["9C QS JD KH QH AH 10H JH", "7C 7D 8C 9D 8H JC QC KC"],
             record=True)
    g.apply(TurnUp(c("9H")))
    g.apply(PLAY[c("9C")])
    g.apply(PLAY[c("7C")])
    g.apply(parse_announcement("I score forty for bézique: QS JD, and forty to score: KH QH")[0])
    assert g.view(0).seen().to_score() == (("royal-marriage", 40),)  # type: ignore[attr-defined]
    _draws(g)
    g.apply(PLAY[c("QS")])  # the queen of spades leads, a card of the bézique already scored
    g.apply(PLAY[c("7D")])  # a diamond on a spade: Anne's trick
    assert g.to_act == 0
    assert g.view(0).seen().to_score() == (("royal-marriage", 40),)  # type: ignore[attr-defined]
    g.apply(parse_announcement("I score two hundred and fifty for sequence in trumps: AH 10H KH QH JH")[0])
    assert g.points == [40 + 250, 0]
    assert g.view(0).seen().to_score() == ()  # type: ignore[attr-defined]
    text = "\n".join(Narrator(NAMES, RULES, "en").events(g.events))
    assert "two hundred and fifty for sequence in trumps\n" in text  # nothing left to score
