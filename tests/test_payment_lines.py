"""The end-of-hand payments of hoc play (hocdsl/play/summary.py) name the right card
(issue 23): each line is said when its move happens, and only moves whose words are the
same apart from the amount are summed. Worked from the golden records' transcripts."""

from __future__ import annotations

from pathlib import Path

from hocdsl.play.summary import payment_lines
from hocdsl.records.reader import read_record
from hocdsl.records.replay import replay_record

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _lines(record: str, deal: int) -> list[str]:
    rec = read_record(str(EXAMPLES / record))
    replay = replay_record(rec)
    return payment_lines(replay.deals[deal].game, list(rec.players), replay.rules)


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
