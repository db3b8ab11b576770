"""format_action writes actions back in English or French; parsing reads them again."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hocdsl.actions import (
    HOC_MARK, CALL, CONCEAL, CONCEDE, DECLARE_BLANK, NOTHING, PASS, SHOW, DeclarePoint,
    DeclareSequence, DeclareTricon, Play, Raise, Without,
)
from hocdsl.announce import Vocabulary, format_action, format_turn, parse_announcement

V = Vocabulary.default()

WRITTEN = [
    # action, English, French
    (PASS, "pass", "passe"),
    (CALL, "call", "tiens"),
    (Raise(3), "raise 3", "renvie 3"),
    (DeclarePoint(5, 23), "5 cards, 23", "5 cartes, 23"),
    (DeclarePoint(5), "5 cards", "5 cartes"),
    (DeclarePoint(1, 10), "1 card, 10", "1 carte, 10"),
    (DeclareSequence(5, 13), "quinte to the king", "quinte au roi"),
    (DeclareSequence(3, 12), "tierce to the queen", "tierce à la dame"),
    (DeclareSequence(4, 11), "quatrième to the jack", "quatrième au valet"),
    (DeclareSequence(3, 8), "tierce to the eight", "tierce au huit"),
    (DeclareSequence(3, 3), "tierce to the three", "tierce au trois"),
    (DeclareSequence(4), "quatrième", "quatrième"),
    (DeclareSequence(6, 13), "sequence of 6 to the king", "séquence de 6 au roi"),
    (DeclareSequence(2), "sequence of 2", "séquence de 2"),
    (DeclareTricon(3, 11), "brelan of jacks", "brelan de valets"),
    (DeclareTricon(4, 13), "carré of kings", "carré de rois"),
    (DeclareTricon(3, 1), "brelan of aces", "brelan d'as"),
    (DeclareTricon(3, 6), "brelan of sixes", "brelan de six"),
    (DeclareTricon(4), "carré", "carré"),
    (DeclareTricon(2, 12), "tricon of 2 queens", "tricon de 2 dames"),
    (DeclareTricon(1), "tricon of 1 card", "tricon de 1 carte"),
    (DeclareTricon(3), "brelan", "brelan"),
    (CONCEDE, "that's fine", "c'est bon"),
    (NOTHING, "nothing", "rien"),
    (SHOW, "show", "montre"),
    (CONCEAL, "conceal", "je ne montre pas"),
    (DECLARE_BLANK, "blank hand", "cartes blanches"),
    (Play(36), "JD", "JD"),
    (Play(9), "10S", "10S"),
    (Without(13), "without K", "sans roi"),
    (Without(5), "without 5", "sans 5"),
    (Without(1), "without A", "sans as"),
    (Without(12), "without Q", "sans dame"),
    (HOC_MARK, "hoc!", "hoc!"),
]


@pytest.mark.parametrize("action,en,fr", WRITTEN)
def test_written(action, en: str, fr: str) -> None:
    assert format_action(action, V) == en
    assert format_action(action, V, lang="fr") == fr
    assert parse_announcement(en, V) == [action]
    assert parse_announcement(fr, V) == [action]


def test_first_name_of_the_ruleset_is_written() -> None:
    wiki = Vocabulary.of({3: ["tierce"], 4: ["quart", "quatrième"], 5: ["quinte"]},
                         {3: ["brelan"], 4: ["fredon", "carré"]}, ruleset="wiki")
    assert format_action(DeclareSequence(4, 13), wiki) == "quart to the king"
    assert format_action(DeclareTricon(4, 13), wiki, "fr") == "fredon de rois"


def test_ordinals_by_language() -> None:
    v = Vocabulary.of({3: ["tierce"], 4: ["quatrième"], 5: ["quinte"]}, {3: ["brelan"]},
                      ordinals=(6, 7), ruleset="longer")
    assert format_action(DeclareSequence(6, 13), v) == "sixth to the king"
    assert format_action(DeclareSequence(7, 12), v, "fr") == "septième à la dame"
    assert format_action(DeclareSequence(8), v) == "sequence of 8"


def test_format_turn() -> None:
    turn = [Play(51), HOC_MARK, Play(7), Play(8), Play(35), Without(12)]
    assert format_turn(turn, V) == "KC hoc! 8S 9S 10D without Q"
    assert format_turn(turn, V, "fr") == "KC hoc! 8S 9S 10D sans dame"
    assert parse_announcement(format_turn(turn, V, "fr"), V) == turn
    with pytest.raises(ValueError, match="not part of a card-play turn"):
        format_turn([PASS], V)


def test_unknown_language() -> None:
    with pytest.raises(ValueError, match="'de'"):
        format_action(PASS, V, lang="de")


# ------------------------------------------------------------ round trip --

ranks = st.integers(1, 13)


@st.composite
def sequences(draw):
    length = draw(st.integers(1, 13))
    top = draw(st.none() | st.integers(length, 13))  # a run of n reaches at least rank n
    return DeclareSequence(length, top)


single = st.one_of(
    st.sampled_from([PASS, CALL, CONCEDE, NOTHING, SHOW, CONCEAL, DECLARE_BLANK]),
    st.integers(1, 10**6).map(Raise),
    st.builds(DeclarePoint, st.integers(1, 13), st.none() | st.integers(0, 200)),
    sequences(),
    st.builds(DeclareTricon, st.integers(1, 4), st.none() | ranks),
)
turn_part = st.one_of(st.integers(0, 51).map(Play), st.just(HOC_MARK))
turns = st.tuples(
    st.lists(turn_part, max_size=15),
    st.none() | ranks.map(Without),
).map(lambda t: t[0] + ([t[1]] if t[1] else [])).filter(bool)

VOCABS = [
    V,
    Vocabulary.of({3: ["tierce"], 4: ["quart", "quatrième"], 5: ["quinte"]},
                  {3: ["brelan"], 4: ["fredon", "carré"]}, ruleset="wiki"),
    Vocabulary.of({3: ["tierce"], 4: ["quatrième"], 5: ["quinte"]}, {3: ["brelan"], 4: ["carré"]},
                  ordinals=tuple(range(6, 14)), ruleset="longer"),
]

try:  # every bundled ruleset's own words too
    from hocdsl.rules import bundled_rulesets, load_ruleset
    VOCABS += [Vocabulary.from_ruleset(load_ruleset(n)) for n in bundled_rulesets()]
except ImportError:  # pragma: no cover
    pass


@settings(max_examples=400, deadline=None)
@given(action=single, lang=st.sampled_from(["en", "fr"]), vocab=st.sampled_from(VOCABS))
def test_round_trip_single(action, lang, vocab) -> None:
    said = format_action(action, vocab, lang)
    assert parse_announcement(said, vocab) == [action], said
    # case and accents never matter
    assert parse_announcement(said.upper(), vocab) == [action], said


@settings(max_examples=200, deadline=None)
@given(turn=turns, lang=st.sampled_from(["en", "fr"]))
def test_round_trip_turn(turn, lang) -> None:
    said = format_turn(turn, V, lang)
    assert parse_announcement(said, V) == turn, said


@pytest.mark.parametrize("said", ["sept, huit de cœur sans neuf", "seven, eight of hearts without nine"])
@pytest.mark.parametrize("lang,written", [("en", "7H 8H without 9"), ("fr", "7H 8H sans 9")])
def test_a_one_suit_run_is_written_back_compact(said: str, lang: str, written: str) -> None:
    from hocdsl.announce import parse_announcement

    turn = parse_announcement(said)
    assert format_turn(turn, lang=lang) == written
    assert parse_announcement(written) == turn
