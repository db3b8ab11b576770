"""The end-of-hand payments of hoc play (hocdsl/play/summary.py) name the right card
(issue 23): each line is said when its move happens, and only moves whose words are the
same apart from the amount are summed. Worked from the golden records' transcripts."""

from __future__ import annotations

from pathlib import Path

from hocdsl.play.summary import payment_lines
from hocdsl.records.reader import read_record
from hocdsl.records.replay import replay_record

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _lines(record: str, deal: int, lang: str = "en") -> list[str]:
    rec = read_record(str(EXAMPLES / record))
    replay = replay_record(rec)
    return payment_lines(replay.deals[deal].game, list(rec.players), replay.rules, lang)


def test_each_box_taken_names_its_own_board_card() -> None:
    # every box taken read "(board card laid: <the last card played>)"; the Lindor's golden
    # record, deal 2, as its transcript says: the nain by the 7 of diamonds, the queen by the
    # queen of spades, the ten by the ten of diamonds, the jack by the jack of clubs
    boxes = [line for line in _lines("lindor-deals.yaml", 1) if "board card laid" in line]
    assert boxes == ["Blaise takes the nain pool: 30 (board card laid: 7D)",
                     "Blaise takes the queen pool: 9 (board card laid: QS)",
                     "Colette takes the ten pool: 9 (board card laid: 10D)",
                     "Anne takes the jack pool: 6 (board card laid: JC)"]


def test_two_hocs_on_two_cards_stay_two_lines() -> None:
    # the double game's record, deal 2: Blaise makes two hocs (the jack, then the king of
    # diamonds), 1 chip from each other player for each; they were summed as "pays Blaise 2
    # (hoc: KD)"
    hocs = [line for line in _lines("double-game.yaml", 1) if "(hoc:" in line]
    assert hocs == ["Anne pays Blaise 1 (hoc: JD)", "Colette pays Blaise 1 (hoc: JD)",
                    "Anne pays Blaise 1 (hoc: KD)", "Colette pays Blaise 1 (hoc: KD)"]


def test_the_lindor_antes_are_one_line_with_each_box_and_its_stake() -> None:
    # every player stakes 1 on the ten, 2 on the jack, 3 on the queen, 4 on the king, 5 on the
    # nain (fr-nainjaune §Mise des jetons): the record's deal A, three players; it took 15 lines
    lines = _lines("lindor-deals.yaml", 0)
    assert lines[0] == "each player puts in the pools (ante): ten 1, jack 2, queen 3, king 4, nain 5"
    assert not any("(ante)" in line for line in lines[1:])
    fr = _lines("lindor-deals.yaml", 0, "fr")
    assert fr[0] == ("chaque joueur met dans les cagnottes (mise) : le dix de carreau 1, le valet de trèfle 2, "
                     "la dame de pique 3, le roi de cœur 4, le nain jaune 5")


def test_the_dealer_alone_staking_the_board_is_one_line_of_his() -> None:
    # 1760: the dealer alone stakes the board (adjo-nainjaune §Préambule), 1 to 5 from the ten to
    # the nain, as the record's deal A works it: Colette deals
    lines = _lines("nain-jaune-1760-deals.yaml", 0)
    assert lines[0] == "Colette puts in the pools (ante): ten 1, jack 2, queen 3, king 4, nain 5"
    assert not any("(ante)" in line for line in lines[1:])


def test_the_ante_of_the_hoc_stays_one_line_as_before() -> None:
    # one chip in each of the three pools from each player (lalanne §4): the line of the README
    lines = _lines("readings.yaml", 0)
    assert lines[0] == "each player puts 1 chip in each of the point, sequence, tricon pools (ante)"
    assert _lines("readings.yaml", 0, "fr")[0] == ("chaque joueur met 1 jeton dans chacune des cagnottes "
                                                   "le point, la séquence, le tricon (mise)")


def test_a_payment_by_points_says_the_points() -> None:
    # deal A of the Lindor record: Anne is left with 8C 9C, 17 points, Blaise with AH 10H JH QH KH
    # 10D, 1 + 5 x 10 = 51 (regledujeu-nainjaune: ace 1, courts 10), as the record works them
    lines = _lines("lindor-deals.yaml", 0)
    assert "Anne pays Colette 17 (end payment: 2 cards left, 17 points)" in lines
    assert "Blaise pays Colette 51 (end payment: 6 cards left, 51 points)" in lines
    fr = _lines("lindor-deals.yaml", 0, "fr")
    assert "Anne paie 17 à Colette (paiement de fin : 2 cartes restantes, 17 points)" in fr
    # by the card (lindor-per-card, one a card) the count alone says it: no points
    rec = read_record(str(EXAMPLES / "lindor-deals.yaml"))
    replay = replay_record(rec, ruleset="lindor-per-card")
    per_card = payment_lines(replay.deals[0].game, list(rec.players), replay.rules)
    assert "Anne pays Colette 2 (end payment: 2 cards left)" in per_card
