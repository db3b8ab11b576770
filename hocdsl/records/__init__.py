"""Game records: a deal written down as dealt and said, replayed under any ruleset.

A record is a YAML file (docs/records.md): the ruleset, the players in the
direction of play, and for each deal the dealer, the hands and the
announcements in order (``"Name: text"``). Replaying it under another
ruleset (``hoc replay FILE --ruleset R``) shows what that reading changes.

>>> from hocdsl.records import read_record, replay_record, to_json
>>> r = replay_record(read_record("examples/readings.yaml"), ruleset="hoca-literal")
>>> to_json(r)["deals"][0]["net"]
{'Anne': 2, 'Blaise': -9, 'Colette': 7}

- :func:`read_record` / :func:`parse_record`: the file, its shape checked,
  errors at file:line:col (:class:`RecordError`);
- :func:`replay_record`: play it through the engine (:class:`Replay`);
- :func:`transcript` / :func:`to_json`: the result as text or data;
- :func:`write_record`: the YAML of a played deal, reading back the same.
"""

from __future__ import annotations

from .errors import RecordError
from .model import Announcement, DealRecord, Record
from .reader import parse_record, read_record
from .replay import DealReplay, Replay, Spoken, load_record_ruleset, replay_record, ruleset_key, waiting_for
from .report import partial_transcript, to_json, transcript
from .writer import PlayedDeal, played_deals, write_record

__all__ = [
    "RecordError", "Record", "DealRecord", "Announcement",
    "read_record", "parse_record", "replay_record", "load_record_ruleset", "ruleset_key", "waiting_for",
    "Replay", "DealReplay", "Spoken", "transcript", "partial_transcript", "to_json",
    "write_record", "PlayedDeal", "played_deals",
]
