"""The announcement language accepts every form it documents, in both languages.

Expected values are written out by hand: a card is suit*13 + rank-1 with
suits S H D C = 0..3 (so KC = 3*13 + 12 = 51, 8S = 7, JD = 2*13 + 10 = 36).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from hocdsl.actions import (
    HocMark, Call, Conceal, Concede, DeclareBlank, DeclarePoint, DeclareSequence,
    DeclareTricon, Nothing, Pass, Play, Raise, Show, Without,
)
from hocdsl.announce import AnnouncementError, Vocabulary, parse_announcement

S, H, D, C = 0, 1, 2, 3


def card(rank: int, suit: int) -> Play:
    return Play(suit * 13 + rank - 1)


HOC = HocMark()

ACCEPTED = [
    # ------------------------------------------------------------ bidding
    ("pass", [Pass()]),
    ("passe", [Pass()]),
    ("je passe", [Pass()]),
    ("I pass", [Pass()]),
    ("PASS", [Pass()]),
    ("call", [Call()]),
    ("hold", [Call()]),
    ("tiens", [Call()]),
    ("Je tiens", [Call()]),
    ("raise 3", [Raise(3)]),
    ("Raise 20", [Raise(20)]),
    ("raise by 7", [Raise(7)]),
    ("renvie 2", [Raise(2)]),
    ("je renvie de 4", [Raise(4)]),
    ("Je Renvie 12", [Raise(12)]),
    # ------------------------------------------------------------- point
    ("5 cards", [DeclarePoint(5, None)]),
    ("5 cards, 23", [DeclarePoint(5, 23)]),
    ("5 cartes, 23", [DeclarePoint(5, 23)]),
    ("5 cartes 23", [DeclarePoint(5, 23)]),
    ("4 Cards, 26", [DeclarePoint(4, 26)]),  # J 8 7 A of spades, 002 §3.1
    ("1 card", [DeclarePoint(1, None)]),
    ("1 carte, 10", [DeclarePoint(1, 10)]),
    ("6 CARTES", [DeclarePoint(6, None)]),
    # ---------------------------------------------------------- sequence
    ("tierce", [DeclareSequence(3, None)]),
    ("quatrième", [DeclareSequence(4, None)]),
    ("quatrieme", [DeclareSequence(4, None)]),
    ("QUATRIÈME", [DeclareSequence(4, None)]),
    ("quart", [DeclareSequence(4, None)]),
    ("quinte", [DeclareSequence(5, None)]),
    ("quinte au roi", [DeclareSequence(5, 13)]),
    ("Quinte au Roi", [DeclareSequence(5, 13)]),
    ("tierce à la dame", [DeclareSequence(3, 12)]),  # 10 J Q of spades, 002 §3.2
    ("tierce a la dame", [DeclareSequence(3, 12)]),
    ("TIERCE À LA DAME", [DeclareSequence(3, 12)]),
    ("tierce to the queen", [DeclareSequence(3, 12)]),
    ("tierce to the Q", [DeclareSequence(3, 12)]),
    ("tierce to queen", [DeclareSequence(3, 12)]),
    ("quart to the 9", [DeclareSequence(4, 9)]),
    ("quatrième au valet", [DeclareSequence(4, 11)]),
    ("quatrième au 10", [DeclareSequence(4, 10)]),
    ("quinte au huit", [DeclareSequence(5, 8)]),
    ("tierce à l'as", None),  # impossible: see test_announce_errors
    ("quatrième majeure", [DeclareSequence(4, 13)]),
    ("quatrième major", [DeclareSequence(4, 13)]),
    ("tierce minor", [DeclareSequence(3, 3)]),
    ("quinte mineure", [DeclareSequence(5, 5)]),
    ("quinte to the king major", [DeclareSequence(5, 13)]),
    ("tierce au trois mineure", [DeclareSequence(3, 3)]),
    ("sequence of 6", [DeclareSequence(6, None)]),
    ("séquence de 6", [DeclareSequence(6, None)]),
    ("sequence of 7 cards to the king", [DeclareSequence(7, 13)]),
    ("séquence de 6 cartes au roi", [DeclareSequence(6, 13)]),
    ("sequence of 5 minor", [DeclareSequence(5, 5)]),
    # ------------------------------------------------------------ tricon
    ("brelan", [DeclareTricon(3, None)]),
    ("carré", [DeclareTricon(4, None)]),
    ("carre", [DeclareTricon(4, None)]),
    ("fredon", [DeclareTricon(4, None)]),
    ("brelan de valets", [DeclareTricon(3, 11)]),
    ("brelan de valet", [DeclareTricon(3, 11)]),
    ("Brelan of Jacks", [DeclareTricon(3, 11)]),
    ("carré of kings", [DeclareTricon(4, 13)]),
    ("carré de rois", [DeclareTricon(4, 13)]),
    ("carre de dames", [DeclareTricon(4, 12)]),
    ("brelan d'as", [DeclareTricon(3, 1)]),
    ("brelan d’as", [DeclareTricon(3, 1)]),
    ("brelan of aces", [DeclareTricon(3, 1)]),
    ("brelan of sixes", [DeclareTricon(3, 6)]),
    ("brelan de sept", [DeclareTricon(3, 7)]),
    ("fredon de dix", [DeclareTricon(4, 10)]),
    ("brelan majeur", [DeclareTricon(3, 13)]),
    ("brelan major", [DeclareTricon(3, 13)]),
    ("carré mineur", [DeclareTricon(4, 1)]),
    ("carré minor", [DeclareTricon(4, 1)]),
    ("tricon de 4 rois", [DeclareTricon(4, 13)]),  # 003: "Tricon de 4 rois"
    ("tricon de 3 cartes", [DeclareTricon(3, None)]),  # 003: "Tricon de 3 cartes"
    ("tricon of 3 jacks", [DeclareTricon(3, 11)]),
    ("tricon of 4", [DeclareTricon(4, None)]),
    # ------------------------------------------------ answers, lone winner
    ("that's fine", [Concede()]),
    ("thats fine", [Concede()]),
    ("That’s fine", [Concede()]),
    ("good", [Concede()]),
    ("it's good", [Concede()]),
    ("c'est bon", [Concede()]),
    ("C’EST BON", [Concede()]),
    ("nothing", [Nothing()]),
    ("rien", [Nothing()]),
    ("je n'ai rien", [Nothing()]),
    ("show", [Show()]),
    ("montre", [Show()]),
    ("je montre", [Show()]),
    ("conceal", [Conceal()]),
    ("hide", [Conceal()]),
    ("don't show", [Conceal()]),
    ("je ne montre pas", [Conceal()]),
    # ------------------------------------------------------- blank hand
    ("blank hand", [DeclareBlank()]),
    ("carte blanche", [DeclareBlank()]),
    ("cartes blanches", [DeclareBlank()]),
    ("Cartes Blanches", [DeclareBlank()]),
    # ----------------------------------------------------- the card game
    ("2D 3C 4C without 5", [card(2, D), card(3, C), card(4, C), Without(5)]),
    ("without K", [Without(13)]),
    ("sans roi", [Without(13)]),
    ("sans 8", [Without(8)]),
    ("without 10", [Without(10)]),
    ("without ten", [Without(10)]),
    ("sans dix", [Without(10)]),
    ("sans as", [Without(1)]),
    ("without ace", [Without(1)]),
    ("without A", [Without(1)]),
    ("without 1", [Without(1)]),
    ("without 12", [Without(12)]),
    ("sans dame", [Without(12)]),
    ("Sans Valet", [Without(11)]),
    ("hoc! 5H 6S without 7", [HOC, card(5, H), card(6, S), Without(7)]),
    ("hoc 5H 6S without 7", [HOC, card(5, H), card(6, S), Without(7)]),
    ("KC hoc! 8S 9S 10D JH QS hoc! 4H without 5",
     [Play(51), HOC, Play(7), Play(8), card(10, D), card(11, H), card(12, S), HOC, card(4, H),
      Without(5)]),
    ("6H 7S without 8", [card(6, H), card(7, S), Without(8)]),
    ("6h 7s sans 8", [card(6, H), card(7, S), Without(8)]),
    ("JD", [Play(36)]),  # went out: no "without"
    ("JD, 10S, TS", [Play(36), card(10, S), card(10, S)]),
    ("J♦ Q♠ K♥", [card(11, D), card(12, S), card(13, H)]),
    ("J♦️", [Play(36)]),  # emoji presentation selector
    ("11D 12S 13C", [card(11, D), card(12, S), card(13, C)]),
    ("1H 2H", [card(1, H), card(2, H)]),
    ("AS 2H sans as", [card(1, S), card(2, H), Without(1)]),  # AS: ace of spades
    ("jack of diamonds", [Play(36)]),
    ("valet de carreau", [Play(36)]),
    ("dame de pique, roi de cœur sans as", [card(12, S), card(13, H), Without(1)]),
    ("Dame de Pique Roi de Coeur", [card(12, S), card(13, H)]),
    ("as de trèfle", [card(1, C)]),
    ("seven of hearts eight of clubs without nine", [card(7, H), card(8, C), Without(9)]),
    ("7 of hearts", [card(7, H)]),
    ("QS hoc!", [card(12, S), HOC]),
    ("hoc ! 5H", [HOC, card(5, H)]),  # French typography, 002 §9.1
    ("KC Hoc ! 2D", [Play(51), HOC, card(2, D)]),
    ("hoc!", [HOC]),
]


@pytest.mark.parametrize("text,expected", [a for a in ACCEPTED if a[1] is not None])
def test_accepted(text: str, expected: list) -> None:
    assert parse_announcement(text) == expected
    assert parse_announcement(text, Vocabulary.default()) == expected


def test_spacing_is_free() -> None:
    assert parse_announcement("  je   renvie\tde  3 ") == [Raise(3)]
    assert parse_announcement("tierce  à   la  dame") == [DeclareSequence(3, 12)]
    assert parse_announcement("2D,3C,4C,without 5") == [card(2, D), card(3, C), card(4, C), Without(5)]


def test_decomposed_accents() -> None:
    # "è" typed as e + combining grave: folded the same way
    assert parse_announcement("quatrie\u0300me") == [DeclareSequence(4, None)]
    assert parse_announcement("carre\u0301 de rois") == [DeclareTricon(4, 13)]


def test_interned_values() -> None:
    from hocdsl.actions import PASS, PLAY, RAISE, WITHOUT
    assert parse_announcement("pass")[0] is PASS
    assert parse_announcement("raise 3")[0] is RAISE[3]
    played = parse_announcement("KC without 2")
    assert played[0] is PLAY[51] and played[1] is WITHOUT[2]


def test_big_raise_is_read() -> None:
    # the cap is a ruleset knob the engine checks, not a word of the language
    assert parse_announcement("raise 5000") == [Raise(5000)]


# ------------------------------------------------------------ vocabularies --


def _rules(name, seq_names, tricon_names, counts_up_to=5, longer=False):
    """The few fields of a Ruleset that Vocabulary.from_ruleset reads."""
    return SimpleNamespace(
        name=name,
        sequence=SimpleNamespace(names=seq_names, min_length=3, counts_up_to=counts_up_to,
                                 longer_ranks_higher=longer),
        tricon=SimpleNamespace(names=tricon_names),
    )


def test_ruleset_without_fredon_does_not_hear_it() -> None:
    v = Vocabulary.from_ruleset(_rules("strict", {3: ("tierce",), 4: ("quatrième",), 5: ("quinte",)},
                                       {3: ("brelan",), 4: ("carré",)}))
    assert parse_announcement("carré de rois", v) == [DeclareTricon(4, 13)]
    with pytest.raises(AnnouncementError) as e:
        parse_announcement("fredon de rois", v)
    assert str(e.value) == (
        "fredon de rois\n"
        "^\n"
        '"fredon" is not a tricon name under strict: its tricons are "brelan" (3), "carré" (4)'
    )
    with pytest.raises(AnnouncementError):
        parse_announcement("quart", v)


def test_ruleset_names_its_own_words() -> None:
    v = Vocabulary.from_ruleset(_rules("odd", {3: ("tierce",), 4: ("quarte",)}, {3: ("trio",)}))
    assert parse_announcement("Quarte au roi", v) == [DeclareSequence(4, 13)]
    assert parse_announcement("trio de dames", v) == [DeclareTricon(3, 12)]
    assert parse_announcement("tricon of 4 kings", v) == [DeclareTricon(4, 13)]
    with pytest.raises(AnnouncementError):
        parse_announcement("quinte", v)


def test_longer_runs_named_where_they_count() -> None:
    hoca_like = _rules("longer", {3: ("tierce",), 4: ("quatrième",), 5: ("quinte",)},
                       {3: ("brelan",), 4: ("carré",)}, longer=True)
    v = Vocabulary.from_ruleset(hoca_like)
    assert parse_announcement("sixième au roi", v) == [DeclareSequence(6, 13)]
    assert parse_announcement("sixth to the queen", v) == [DeclareSequence(6, 12)]
    assert parse_announcement("Septième", v) == [DeclareSequence(7, None)]
    assert parse_announcement("thirteenth major", v) == [DeclareSequence(13, 13)]
    # where a run past the quinte counts no more, the ordinals are unknown words
    lalanne_like = _rules("capped", {3: ("tierce",), 4: ("quatrième",), 5: ("quinte",)},
                          {3: ("brelan",), 4: ("carré",)}, longer=False)
    with pytest.raises(AnnouncementError):
        parse_announcement("sixième", Vocabulary.from_ruleset(lalanne_like))
    # ... but the generic form is always there
    assert parse_announcement("sequence of 6", Vocabulary.from_ruleset(lalanne_like)) == [
        DeclareSequence(6, None)]


def test_counts_up_to_names_the_counted_lengths() -> None:
    v = Vocabulary.from_ruleset(_rules("six", {3: ("tierce",), 4: ("quart",), 5: ("quinte",)},
                                       {3: ("brelan",)}, counts_up_to=6))
    assert parse_announcement("sixième", v) == [DeclareSequence(6, None)]
    with pytest.raises(AnnouncementError):
        parse_announcement("septième", v)


def test_vocabulary_rejects_names_that_clash() -> None:
    with pytest.raises(ValueError, match="already a word"):
        Vocabulary.of({3: ["pass"]}, {3: ["brelan"]})
    with pytest.raises(ValueError, match="already a word"):
        Vocabulary.of({3: ["tierce"]}, {3: ["roi"]})
    with pytest.raises(ValueError, match="names both"):
        Vocabulary.of({3: ["trio"]}, {3: ["trio"]})
    with pytest.raises(ValueError, match="no tricon has 5"):
        Vocabulary.of({3: ["tierce"]}, {5: ["quintuple"]})


def test_vocabulary_is_cached_by_value() -> None:
    from hocdsl.announce.parser import parser_for
    a = Vocabulary.of({3: ["tierce"]}, {3: ["brelan"]}, ruleset="x")
    b = Vocabulary.of({3: ["tierce"]}, {3: ["brelan"]}, ruleset="x")
    assert a == b and hash(a) == hash(b)
    assert parser_for(a) is parser_for(b)


# --------------------------------------------------------- bundled rulesets --

rules_mod = pytest.importorskip("hocdsl.rules")


@pytest.mark.parametrize("name", rules_mod.bundled_rulesets())
def test_every_bundled_ruleset(name: str) -> None:
    rules = rules_mod.load_ruleset(name)
    v = Vocabulary.from_ruleset(rules)
    assert v.ruleset == name
    if not rules.vie_stages:  # the family's card games: no combination is declared
        with pytest.raises(AnnouncementError, match=f'"fredon" is not a tricon name under {name}'):
            parse_announcement("fredon de rois", v)
        for text, expected in ACCEPTED:
            if expected is not None and all(isinstance(a, (Play, Without, HocMark)) for a in expected):
                assert parse_announcement(text, v) == expected, text
        return
    if rules.sequence is None:  # the Poque: a vie on sets alone, named doublet, brelan, carré
        assert parse_announcement("doublet de rois", v) == [DeclareTricon(2, 13)]
        assert parse_announcement("brelan de valets", v) == [DeclareTricon(3, 11)]
        assert parse_announcement("carré of kings", v) == [DeclareTricon(4, 13)]
        with pytest.raises(AnnouncementError, match=f'"fredon" is not a tricon name under {name}'):
            parse_announcement("fredon de rois", v)
        for text, expected in ACCEPTED:
            if expected is not None and all(type(a).__name__ in ("Pass", "Call", "Raise") for a in expected):
                assert parse_announcement(text, v) == expected, text
        return
    # fredon is the four-card tricon under every bundled ruleset with a bidding on runs
    assert parse_announcement("fredon de rois", v) == [DeclareTricon(4, 13)]
    assert parse_announcement("carré of kings", v) == [DeclareTricon(4, 13)]
    assert parse_announcement("brelan de valets", v) == [DeclareTricon(3, 11)]
    assert parse_announcement("tierce à la dame", v) == [DeclareSequence(3, 12)]
    assert parse_announcement("quart au roi", v) == [DeclareSequence(4, 13)]
    assert parse_announcement("quatrième majeure", v) == [DeclareSequence(4, 13)]
    assert parse_announcement("quinte", v) == [DeclareSequence(5, None)]
    for text, expected in ACCEPTED:
        if expected is not None:
            assert parse_announcement(text, v) == expected, text


def test_hoca_hears_sixieme_and_lalanne_does_not() -> None:
    names = rules_mod.bundled_rulesets()
    if "hoca" not in names:
        pytest.skip("no hoca ruleset")
    hoca = Vocabulary.from_ruleset(rules_mod.load_ruleset("hoca"))
    assert parse_announcement("sixième au roi", hoca) == [DeclareSequence(6, 13)]
    mazarin = Vocabulary.from_ruleset(rules_mod.load_ruleset("hoc-mazarin"))
    with pytest.raises(AnnouncementError) as e:
        parse_announcement("sixième au roi", mazarin)
    assert "not a sequence name under hoc-mazarin" in str(e.value)


# ------------------------------------------------------- one-suit runs, "hoc!" alone ----

ONE_SUIT = [
    # ranks in words, the last with its suit: the suit of them all
    ("sept, huit de cœur sans neuf", [card(7, H), card(8, H), Without(9)]),
    ("Sept huit de Coeur sans neuf", [card(7, H), card(8, H), Without(9)]),
    ("7H 8H without 9", [card(7, H), card(8, H), Without(9)]),
    ("seven, eight of hearts without nine", [card(7, H), card(8, H), Without(9)]),
    ("seven eight of hearts without 9", [card(7, H), card(8, H), Without(9)]),
    ("dix, valet, dame de pique sans roi", [card(10, S), card(11, S), card(12, S), Without(13)]),
    ("ten, jack, queen of spades", [card(10, S), card(11, S), card(12, S)]),
    # in a run of ranks "as" is the ace, of the run's suit; alone it is the ace of spades
    ("as, deux, trois de trèfle", [card(1, C), card(2, C), card(3, C)]),
    ("as 2C", [card(1, S), card(2, C)]),
    # mixed with compact cards and hocs in one turn
    ("6S sept, huit de carreau sans neuf", [card(6, S), card(7, D), card(8, D), Without(9)]),
    ("hoc! neuf, dix de trèfle KC hoc!", [HOC, card(9, C), card(10, C), card(13, C), HOC]),
    ("nine, ten of clubs hoc! without jack", [card(9, C), card(10, C), HOC, Without(11)]),
    # "hoc!" on its own: the mark alone (a replay or the table accepts it after a hoc)
    ("hoc!", [HOC]),
    ("Hoc", [HOC]),
    ("hoc! hoc!", [HOC, HOC]),
]


@pytest.mark.parametrize("text,expected", ONE_SUIT)
def test_one_suit_runs_and_hoc_alone(text: str, expected: list) -> None:
    assert parse_announcement(text) == expected


@pytest.mark.parametrize("text,first,message", [
    ("sept, huit sans neuf", 0, '("7H 8H", or "sept, huit de cœur": the last card\'s suit is the suit '
                                'of them all): ranks alone do not say which cards'),
    ("seven eight without 9", 0, '("7H 8H", or "seven, eight of hearts": the last card\'s suit is '
                                 'the suit of them all)'),
    ("6S sept huit sans neuf", 3, '"sept, huit de cœur"'),
])
def test_ranks_without_a_suit_point_to_the_one_suit_form(text: str, first: int, message: str) -> None:
    with pytest.raises(AnnouncementError) as e:
        parse_announcement(text)
    assert e.value.position == first
    assert message in str(e.value)


def test_a_ruleset_bidding_on_neither_runs_nor_sets_names_none() -> None:
    from dataclasses import replace

    from hocdsl.rules import load_ruleset

    rules = load_ruleset("hoc-mazarin")
    point_only = replace(rules, stages=tuple(s for s in rules.stages if s.id not in ("sequence", "tricon")))
    v = Vocabulary.from_ruleset(point_only)
    assert v.sequences == () and v.tricons == () and v.ordinals == ()
    assert parse_announcement("5 cards, 31", v) == [DeclarePoint(5, 31)]
    assert parse_announcement("sept, huit de cœur sans neuf", v) == [card(7, H), card(8, H), Without(9)]
    with pytest.raises(AnnouncementError, match="not a sequence name"):
        parse_announcement("quinte au roi", v)
