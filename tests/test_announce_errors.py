"""Malformed announcements are refused with a caret and what was expected there."""

from __future__ import annotations

import pickle

import pytest

from hocdsl.announce import AnnouncementError, Vocabulary, parse_announcement


def error(text: str, vocab: Vocabulary | None = None) -> AnnouncementError:
    with pytest.raises(AnnouncementError) as e:
        parse_announcement(text, vocab)
    return e.value


def test_the_example_from_the_brief() -> None:
    e = error("raise lots")
    assert str(e) == 'raise lots\n      ^\nexpected a number of chips after "raise"'
    assert (e.line, e.column, e.position) == (1, 7, 6)
    assert e.expected == "a number of chips"
    assert e.found == "lots"


# text, caret column (1-based), last line of the message
REJECTED = [
    ("raise", 6, 'expected a number of chips after "raise"'),
    ("je renvie de beaucoup", 14, 'expected a number of chips after "je renvie de"'),
    ("raise 0", 7, "a raise is at least 1 chip, not 0"),
    ("raise 3 now", 9, 'expected nothing more after "raise 3"'),
    ("pass now", 6, 'expected nothing more after "pass"'),
    ("passer", 1, None),  # a word read only in part points at the whole word
    ("je lots", 4, 'expected "cache", "declare", "ecarte", "marque", "montre", "n\'ai", "ne", "passe", "pioche", "poque", '
                   '"prends", "renvie", "retourne" or "tiens" after "je"'),
    ("quinte au lots", 11,
     'expected a rank (A, 2..10, J, Q, K, or a word such as "king" or "roi") after "quinte au"'),
    ("Tierce À la xyz", 13,
     'expected a rank (A, 2..10, J, Q, K, or a word such as "king" or "roi") after "Tierce À la"'),
    ("quinte lots", 8,
     'expected a height ("to the king", "au roi", "à la dame"), "major" or "minor" or nothing more '
     'after "quinte"'),
    ("brelan de lots", 11,
     'expected a rank (A, 2..10, J, Q, K, or a word such as "king" or "roi") after "brelan de"'),
    ("brelan lots", 8,
     'expected a rank ("of jacks", "de valets", "d\'as"), "major" or "minor" or nothing more '
     'after "brelan"'),
    ("5 cards lots", 9, 'expected the value of the point (a number) or nothing more after "5 cards"'),
    ("5 cards, 23 points", 13, 'expected nothing more after "5 cards, 23"'),
    ("5", 2, 'expected "cards" or "cartes" or a chance raised ("au point", "à la séquence", "on the tricon") after "5"'),
    ("0 cards", 1, "a point is 1 to 13 cards of one suit, not 0"),
    ("14 cartes", 1, "a point is 1 to 13 cards of one suit, not 14"),
    ("sequence of 20", 13, "a run is 1 to 13 cards long, not 20"),
    ("sequence 6", 10, 'expected "de" or "of" after "sequence"'),
    ("tricon of 5 kings", 11, "a tricon is 1 to 4 cards of one rank, not 5"),
    ("tricon of kings", 11, 'expected how many cards (3 or 4) after "tricon of"'),
    ("quinte au trois", 11, "a quinte cannot be to the three: a run of 5 reaches at least the five"),
    ("tierce à l'as", 12, "a tierce cannot be to the ace: a run of 3 reaches at least the three"),
    ("quinte au roi mineure", 15,
     '"minor" means from the ace, to the five, but the height says to the king'),
    ("tierce to the queen major", 21, '"major" means to the king, but the height says to the queen'),
    ("brelan de rois mineur", 16, '"minor" means aces, but the rank says kings'),
    ("carré of aces major", 15, '"major" means kings, but the rank says aces'),
    ("without", 8,
     'expected a rank (A, 2..10, J, Q, K, or a word such as "king" or "roi") after "without"'),
    ("without 14", 9, "there is no rank 14: ranks run from 1 (ace) to 13 (king)"),
    ("sans 0", 6, "there is no rank 0: ranks run from 1 (ace) to 13 (king)"),
    ("2D 14 de pique", 4, "there is no rank 14: ranks run from 1 (ace) to 13 (king)"),
    ("0 of spades", 1, "there is no rank 0: ranks run from 1 (ace) to 13 (king)"),
    ("2D 3C without KC", 15, 'expected a rank after "without", not a card: "K" alone'),
    ("sans 10♦", 6, 'expected a rank after "sans", not a card: "10" alone'),
    ("2D 3C without 4 5D", 17, 'expected nothing more after "without 4"'),
    ("KC hoc! 8S 9S 10D zz", 19,
     'expected a card (such as "7H" or "seven of hearts"), "without <rank>" or "sans <rank>", '
     '"hoc!" or nothing more after "10D"'),
    ("hoc! hoc! 15H", 11,
     'expected a card (such as "7H" or "seven of hearts"), "without <rank>" or "sans <rank>", '
     '"hoc!" or nothing more after "hoc!"'),
    ("jack of swords", 1, None),
    # Lalanne's "7 sans 8" repeats the last card's rank: a bare rank is not a card.
    ("7 sans 8", 1,
     'expected a card, with its suit ("7H" or "sept de cœur"): a rank alone does not say which card'),
    ("7 without 8", 1,
     'expected a card, with its suit ("7H" or "seven of hearts"): a rank alone does not say which card'),
    ("queen without king", 1,
     'expected a card, with its suit ("QH" or "queen of hearts"): a rank alone does not say which card'),
    ("dame sans roi", 1,  # 002 §9.2
     'expected a card, with its suit ("QH" or "dame de cœur"): a rank alone does not say which card'),
    ("6H 7   sans 8", 4,
     'expected a card, with its suit ("7H" or "sept de cœur"): a rank alone does not say which card'),
    ("6H 7S 8 without 9", 7,
     'expected a card, with its suit ("8H" or "eight of hearts"): a rank alone does not say which card'),
    ("that's", 7, 'expected "fine" after "that\'s"'),
    ("c'est", 6, 'expected "bon" or "egal" after "c\'est"'),
    ("blank", 6, 'expected "hand" after "blank"'),
    ("je ne montre", 13, 'expected "pas" after "je ne montre"'),
]


@pytest.mark.parametrize("text,column,message", REJECTED)
def test_rejected(text: str, column: int, message: str | None) -> None:
    e = error(text)
    assert e.column == column, str(e)
    lines = str(e).split("\n")
    assert lines[0] == text
    assert lines[1] == " " * (column - 1) + "^"
    if message is not None:
        assert lines[2] == message


def test_unknown_first_word_lists_what_an_announcement_is() -> None:
    e = error("bonjour")
    assert e.column == 1
    assert e.message.startswith("expected an announcement: a bid (")
    assert '"7H 8S without 9"' in e.message


@pytest.mark.parametrize("text,suggestion", [
    ("pase", "passe"),
    ("passer", "passe"),
    ("tiesn", "tiens"),
    ("quinte au rio", "roi"),
    ("brelan majuer", "majeur"),
    ("quintte", "quinte"),
])
def test_near_misses_get_a_suggestion(text: str, suggestion: str) -> None:
    assert error(text).message.endswith(f'; did you mean "{suggestion}"?')


def test_empty_text() -> None:
    for text in ("", "   ", ", ,"):
        e = error(text)
        assert e.column == 1
        assert e.message.startswith("expected an announcement")


def test_caret_counts_characters_as_typed() -> None:
    # "œ" folds to two letters and "è" (decomposed) to one: the caret still
    # points at the word as typed.
    e = error("dame de cœur, roi de cœur sans xyz")
    assert e.column == 32 and e.found == "xyz"
    e = error("quatrie\u0300me au zz")
    assert e.position == len("quatrie\u0300me au ")
    e = error("Tierce À LA Zébulon")
    assert e.found == "Zébulon" and e.column == 13


def test_caret_under_a_tabbed_line() -> None:
    e = error("tierce\tà la x")
    assert str(e).split("\n")[1] == "      \t     ^"


def test_multi_line_text_shows_the_line_at_fault() -> None:
    e = error("2D 3C\nwithout zz")
    assert (e.line, e.column) == (2, 9)
    assert str(e).split("\n")[:2] == ["without zz", "        ^"]


def test_unknown_combination_names_point_to_the_rulesets_words() -> None:
    e = error("sixième au roi")
    assert str(e) == (
        "sixième au roi\n"
        "^\n"
        '"sixième" is not a sequence name under Lalanne\'s names: its sequences are "tierce" (3), '
        '"quatrième" or "quart" (4), "quinte" (5); any run can be declared as "sequence of N"'
    )
    no_fredon = Vocabulary.of({3: ["tierce"]}, {3: ["brelan"], 4: ["carré"]}, ruleset="no-fredon")
    e = error("FREDON", no_fredon)
    assert e.message == '"FREDON" is not a tricon name under no-fredon: its tricons are "brelan" (3), "carré" (4)'
    # a word the ruleset lacks, where no combination name could go, is just misplaced
    e = error("pass fredon", no_fredon)
    assert e.message == 'expected nothing more after "pass"'


def test_error_is_a_value_error_and_pickles() -> None:
    e = error("raise lots")
    assert isinstance(e, ValueError)
    again = pickle.loads(pickle.dumps(e))
    assert str(again) == str(e) and again.column == e.column


def test_no_lark_names_leak_into_messages() -> None:
    for text, _, _ in REJECTED:
        msg = error(text).message
        assert "__ANON" not in msg and "$END" not in msg and "_WORD_END" not in msg, msg
        for name in ("CHIPS", "RANK", "CARD_COUNT", "POINT_VALUE", "SEQUENCE_NAME", "TRICON_NAME"):
            assert name not in msg, msg


# ----------------------------------------------------- anything at all --

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_WORDS = ["pass", "raise", "je", "renvie", "de", "5", "cards", "23", "quinte", "au", "roi", "à",
          "la", "l'as", "brelan", "of", "kings", "tricon", "sequence", "hoc!", "KC", "10S", "J♦",
          "without", "sans", "K", "7", "c'est", "bon", "majeure", "mineur", "0", "14", ",", "dame",
          "de pique", "fredon", "sixième", "x", "'", "!", "œ", "\u0301", "\t", "\n"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), max_size=8).map(" ".join) | st.text(max_size=30))
def test_any_text_parses_or_raises_an_announcement_error(text: str) -> None:
    try:
        parse_announcement(text)
    except AnnouncementError as e:
        lines = str(e).split("\n")
        assert len(lines) >= 3 and lines[-1] == e.message
        assert 0 <= e.position <= len(text)
        assert e.message and "$END" not in e.message and "__ANON" not in e.message


@pytest.mark.parametrize("text", ["9" * 8800, "je renvie " + "9" * 6000 + " x"])
def test_a_word_of_thousands_of_characters_is_quoted_cut_in_the_message(text: str) -> None:
    # found by fuzz/run.py: "expected nothing more after \"999…\"" quoted the whole number
    with pytest.raises(AnnouncementError) as caught:
        parse_announcement(text)
    for lang in ("en", "fr"):
        shown = caught.value.render(lang)
        assert len(shown) < 600, shown[:300]
