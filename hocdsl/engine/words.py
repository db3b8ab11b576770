"""How a stage kind's events are told: the :class:`Words` each kind brings to the narrator.

The narrator (:mod:`hocdsl.narrate`, shared by ``hoc play`` and ``hoc replay``)
tells what every hand has (an ante) itself; every other event, and every chip
moved for a kind's reason, it hands to the words of the kind that made it,
found through :data:`.kinds.KINDS`. So a new kind brings its own words, with no
edit to the narrator.

>>> verb("Blaise", "pays"), verb("You", "pays"), verb("You", "has")
('Blaise pays', 'You pay', 'You have')
>>> multiplier_words(2), multiplier_words(5)
('double', 'x5')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from .events import ChipMove

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

MULTIPLIER_WORDS: Final = {1: "single", 2: "double", 3: "triple", 4: "quadruple"}

#: Verbs that do not take a plain "-s" off for "You".
_IRREGULAR: Final = {"has": "have", "is": "are", "does": "do", "goes": "go"}


def multiplier_words(m: int) -> str:
    """``single``, ``double``, ``triple``, ``quadruple``, ``x5``."""
    return MULTIPLIER_WORDS.get(m, f"x{m}")


def form(name: str, verb_s: str) -> str:
    """The verb as ``name`` takes it: ``pays`` but, for ``You``, ``pay`` (``deals`` -> ``deal``)."""
    if name.lower() != "you":
        return verb_s
    if verb_s in _IRREGULAR:
        return _IRREGULAR[verb_s]
    if verb_s.endswith(("shes", "ches", "sses", "xes")):
        return verb_s[:-2]
    return verb_s[:-1] if verb_s.endswith("s") else verb_s


def verb(name: str, verb_s: str) -> str:
    """``Blaise pays`` but ``You pay``; ``Anne wins`` but ``You win``."""
    return f"{name} {form(name, verb_s)}"


class Words:
    """The words of one stage kind's events, for one hand's narration (made anew for each
    narrator: it may remember what it has seen, a combination shown, the last card laid).

    ``events``: the event classes it tells (:meth:`event`); ``heard``: event classes of
    other kinds it needs to know of without telling them (:meth:`hear`: the settle hears
    the card game's end for the cards left); ``reasons``: the reasons of the chip moves
    it tells (:meth:`chip`), and ``reason_words`` each of them in a few words. ``names``
    are the players by seat (``You`` takes the second person: :func:`verb`).
    """

    __slots__ = ("names", "rules")

    events: ClassVar[tuple[type, ...]] = ()
    heard: ClassVar[tuple[type, ...]] = ()
    reasons: ClassVar[tuple[str, ...]] = ()
    #: each of :attr:`reasons` in a few words (English, French): a payment's line in a
    #: replay's transcript, and the narrator's (:data:`hocdsl.records.words.REASONS`)
    reason_words: ClassVar[dict[str, tuple[str, str]]] = {}

    def __init__(self, names: Sequence[str], rules: Ruleset) -> None:
        self.names = tuple(names)
        self.rules = rules

    def event(self, e: object, over: bool) -> str | None:
        """``e`` (one of :attr:`events`) in words, or None when it says nothing by itself.
        ``over``: the hand ends in this turn."""
        return None

    def hear(self, e: object) -> None:
        """Take note of ``e`` (one of :attr:`heard`)."""

    def chip(self, e: ChipMove, payer: str, payee: str) -> str:
        """A chip move for one of :attr:`reasons`, with what it pays for (``payer`` and
        ``payee`` named: a player, or a pool)."""
        return f"{verb(payer, 'pays')} {payee} {e.amount} ({e.reason})"
