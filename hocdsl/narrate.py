"""The one narrator of engine events, for ``hoc play`` and ``hoc replay``.

Both tell a hand the same way: each event the engine reports (a pool won,
a blank hand, a hoc, a false "without", the hand over, every chip moved and
why) becomes one line of words from :class:`Narrator`. The play loop prints
them as they happen (``  → ...``), the transcript of a replay under the
announcement that caused them (``      · ...``).

The narrator remembers what it has seen (the combinations shown, the last
card laid, the card wanted next) so that a payment can say what it pays for:

>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.engine.events import ChipMove, Pool
>>> n = Narrator(("You", "Blaise", "Colette"), load_ruleset("hoc-mazarin"))
>>> n.chip(ChipMove(1, 0, 2, "blank-hand", None))
'Blaise pays You 2 (blank hand)'
>>> n.verb("You", "wins"), n.verb("Anne", "wins")
('You win', 'Anne wins')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .engine.bidding import combination_words
from .engine.cardgame import CardWords
from .engine.events import ANTE, ChipMove, HandOver, Hoc, Scored
from .engine.kinds import KINDS
from .engine.stakes import REASON_WORDS as STAKES_WORDS
from .engine.words import MULTIPLIER_WORDS, Words, de, form, multiplier_words, tongue, verb
from .rules.model import Ruleset

__all__ = ["Narrator", "combination_words", "form", "verb", "multiplier_words", "MULTIPLIER_WORDS"]


class Narrator:
    """Engine events -> words, remembering what was shown for the payments that follow.

    ``names`` are the players by seat; a player named ``You`` gets the verbs of
    the second person (``You win``, ``You pay``). What every hand has (an ante) is
    told here; each other event, and each chip moved for a kind's reason, by the
    words of the kind that made it (:class:`~hocdsl.engine.words.Words`, registered
    with the kind in :data:`hocdsl.engine.kinds.KINDS`).
    """

    def __init__(self, names: Sequence[str], rules: Ruleset, lang: str = "en") -> None:
        self.names = tuple(names)
        self.rules = rules
        self.tongue = tongue(lang)
        #: each kind's words, made anew for this narrator (they remember what they saw)
        self.words: dict[str, Words] = {name: kind.words(self.names, rules, lang) for name, kind in KINDS.items()}
        self._tells: dict[type, Words] = {}
        self._hears: dict[type, list[Words]] = {}
        self._chips: dict[str, Words] = {}
        for w in self.words.values():
            for cls in w.events:
                self._tells[cls] = w
            for cls in w.heard:
                self._hears.setdefault(cls, []).append(w)
            for reason in w.reasons:
                self._chips[reason] = w

    # ------------------------------------------------------------ helpers --

    def verb(self, name: str, verb_s: str) -> str:
        return self.tongue.verb(name, verb_s)

    def party(self, p: Any) -> str:
        return self.names[p] if isinstance(p, int) else str(p)

    # ------------------------------------------------------------ chips --

    def chip(self, e: ChipMove) -> str:
        """One chip move, with what it pays for: ``Blaise pays Anne 12 (end payment: 11 cards left)``."""
        payer, payee = self.party(e.payer), self.party(e.payee)
        if e.reason == ANTE:
            if self.tongue.code == "fr":
                pool = de(self.rules.display_name(e.chance or "", "fr"))
                return f"{self.verb(payer, 'antes')} {e.amount} dans la cagnotte {pool} (mise)"
            return f"{verb(payer, 'antes')} {e.amount} to the {e.chance} pool (ante)"
        if e.reason in STAKES_WORDS:  # the partie's points settled in chips: the partie's, not a kind's
            what = STAKES_WORDS[e.reason][self.tongue.code == "fr"]
            return f"{self.tongue.pays(payer, payee, e.amount)} ({what})"
        w = self._chips.get(e.reason)
        if w is None:  # pragma: no cover - every reason is some kind's
            return f"{self.verb(payer, 'pays')} {payee} {e.amount} ({e.reason})"
        return w.chip(e, payer, payee)

    # ------------------------------------------------------------ points --

    def scored(self, e: Scored) -> str:
        """Points scored, in the words of the kind that owns the reason: ``Alice scores 4 for
        the point`` (:meth:`~hocdsl.engine.words.Words.scored`)."""
        w = self._chips.get(e.reason)
        if w is None:  # pragma: no cover - every reason is some kind's
            return f"{self.verb(self.names[e.seat], 'scores')} {e.points} ({e.reason})"
        return w.scored(e)

    # ------------------------------------------------------------ events --

    def events(self, events: Sequence[Any]) -> list[str]:
        """The words of each event in ``events`` that says something, in order."""
        out = []
        for i, e in enumerate(events):
            w = self.event(e, over=any(x.__class__ is HandOver for x in events[i + 1:]))
            if w:
                out.append(w)
        return out

    def event(self, e: Any, over: bool = False) -> str | None:
        """One event in words, or None for one that says nothing by itself (a card laid,
        a declaration: the announcement says it). ``over``: the hand ends in this turn
        (for a hoc, which then ends the hand rather than opening a new sequence)."""
        cls = e.__class__
        if cls is ChipMove:
            return self.chip(e)
        if cls is Scored:
            return self.scored(e)
        for heard in self._hears.get(cls, ()):
            heard.hear(e)
        w = self._tells.get(cls)
        return w.event(e, over) if w is not None else None

    def hoc(self, e: Hoc, over: bool = False) -> str:
        """A hoc in the card game's words (:meth:`hocdsl.engine.cardgame.CardWords.hoc`)."""
        w = self._tells.get(Hoc)
        assert isinstance(w, CardWords)  # the card game tells its hocs
        return w.hoc(e, over)
