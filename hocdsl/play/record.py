"""The record of a session: the hands completed, as YAML that ``hoc replay`` plays back."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..rules.model import Ruleset

if TYPE_CHECKING:
    from .session import PlaySession


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
    """Write :func:`play_record_text` to ``path``, whole or not at all (:func:`hocdsl.files.write_atomic`)."""
    from ..files import write_atomic

    write_atomic(path, play_record_text(result, rules, ruleset, with_, lang))


class RecordKeeper:
    """The record of a session at ``path``, written as the game goes: after each finished hand,
    the record of every hand finished so far takes the file's place at once, so that however
    the session ends (a closed terminal, a kill, a crash) no finished hand is lost.

    :meth:`problem` says before the first hand why ``path`` cannot be written; :meth:`save`
    writes, and keeps the error of a write that failed (a full disk) for the caller to tell:
    the next hand tries again.
    """

    def __init__(self, path: str, rules: Ruleset, *, ruleset: str | None = None,
                 with_: Sequence[str] | None = None, lang: str = "en") -> None:
        self.path = path
        self.rules = rules
        self.ruleset = ruleset
        self.with_ = with_
        self.lang = lang
        #: hands on disk; the error of the last write, None if it succeeded
        self.saved = 0
        self.error: OSError | None = None

    def problem(self) -> str | None:
        """Why the record cannot be written at ``path`` (no such directory, read-only, ...), or None."""
        from ..files import writable_problem

        return writable_problem(self.path)

    def save(self, result: PlayResult) -> bool:
        """Write the hands finished in ``result``; False (and :attr:`error`) if the write failed."""
        if not result.hands_completed:
            return True
        try:
            write_play_record(result, self.rules, self.path, ruleset=self.ruleset, with_=self.with_,
                              lang=self.lang)
        except OSError as e:
            self.error = e
            return False
        self.error = None
        self.saved = result.hands_completed
        return True


def keep_each_hand(session: PlaySession, keeper: RecordKeeper) -> None:
    """Have ``session`` write its record through ``keeper`` after each finished hand; a write
    that fails is told at the table at once (the game goes on, and the next hand tries again)."""
    from .words import text

    def hand_done(result: PlayResult) -> None:
        if not keeper.save(result):
            why = keeper.error.strerror if keeper.error is not None else "?"
            session.say(text(session.lang, "record_failed", path=keeper.path, why=why, saved=keeper.saved))

    session.on_hand = hand_done


def closing_words(keeper: RecordKeeper, result: PlayResult) -> tuple[str, bool]:
    """What ``hoc play`` says of its record at the end, and whether the record holds every
    finished hand (a write that failed is tried once more first)."""
    from .words import text

    kept = result.hands_completed
    lang = keeper.lang
    if not kept:
        return text(lang, "no_record", path=keeper.path), True
    if keeper.saved != kept and not keeper.save(result):
        why = keeper.error.strerror if keeper.error is not None else "?"
        return text(lang, "record_error", path=keeper.path, why=why, saved=keeper.saved, kept=kept,
                    s="s" if kept != 1 else ""), False
    return text(lang, "record_written", path=keeper.path, kept=kept, s="s" if kept != 1 else ""), True
