"""The record of a session: the hands completed, as YAML that ``hoc replay`` plays back."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..rules.model import Ruleset


@dataclass
class DealLog:
    """One deal as a record keeps it: dealer, hands dealt, every action applied in order."""

    dealer: int
    hands: tuple[int, ...]
    actions: list[Any] = field(default_factory=list)
    net: tuple[int, ...] = ()
    complete: bool = False


@dataclass
class PlayResult:
    """What a session ends with."""

    names: tuple[str, ...]
    deals: list[DealLog]
    balances: tuple[int, ...]
    quit: bool
    record_path: str | None = None

    @property
    def hands_completed(self) -> int:
        return sum(1 for d in self.deals if d.complete)


def _reference(name_or_path: str) -> str:
    """How a record names a ruleset or extension: a bundled name as given, a file by its absolute path
    (a record resolves relative paths against its own directory, not the player's)."""
    return os.path.abspath(name_or_path) if os.path.exists(name_or_path) else name_or_path


def play_record_text(result: PlayResult, rules: Ruleset, ruleset: str | None = None,
                     with_: Sequence[str] | None = None, lang: str = "en") -> str:
    """The YAML of a record of the hands completed in ``result`` (:func:`hocdsl.records.write_record`).

    ``ruleset``/``with_`` are what the player named on the command line (default: the
    ruleset's name and extensions). An unfinished hand (the player quit) is left out."""
    from ..records import PlayedDeal, write_record

    deals = [PlayedDeal(d.dealer, list(d.hands), list(d.actions)) for d in result.deals if d.complete]
    ref = _reference(ruleset) if ruleset else rules.name
    exts = [_reference(e) for e in with_] if with_ is not None else list(rules.extensions)
    return write_record(list(result.names), ref, exts, deals, rules=rules, lang=lang,
                        title=f"hoc play {rules.name}", stake=None)


def write_play_record(result: PlayResult, rules: Ruleset, path: str, *, ruleset: str | None = None,
                      with_: Sequence[str] | None = None, lang: str = "en") -> None:
    """Write :func:`play_record_text` to ``path``."""
    text = play_record_text(result, rules, ruleset, with_, lang)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
