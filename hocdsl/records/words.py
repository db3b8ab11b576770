"""Words for what the engine reports: the kinds of hoc and the reasons chips move.

One table for the transcript of a replay (:mod:`.report`) and the narrator of
``hoc play`` (:mod:`hocdsl.play`), in English and French.

>>> hoc_kind_words("end-of-run"), hoc_kind_words("accidental", "fr")
('end-of-run hoc', 'hoc accidentel')
>>> reason_words("opera")
'out in the first turn'
"""

from __future__ import annotations

from ..engine.cardgame import HOC_KIND_WORDS, HOC_WHY
from ..engine.events import ANTE
from ..engine.kinds import KINDS
from ..engine.stakes import REASON_WORDS as STAKES_WORDS

#: Hoc kind (``Hoc.kind``) -> (English, French), and what makes each kind a hoc: the
#: card game's own words (:mod:`hocdsl.engine.cardgame`, which tells its hocs with them).
HOC_KINDS: dict[str, tuple[str, str]] = HOC_KIND_WORDS

#: Chip-move reason (``ChipMove.reason``) -> a few words (English, French): the antes, the
#: partie's settlement of points in chips, and each stage kind's own (its words' ``reason_words``, :data:`hocdsl.engine.kinds.KINDS`).
REASONS: dict[str, tuple[str, str]] = {ANTE: ("ante", "mise")}
for _kind in KINDS.values():
    REASONS.update(_kind.words.reason_words)
REASONS.update(STAKES_WORDS)  # the partie's points settled in chips (engine/stakes.py)


def _lang(lang: str) -> int:
    if lang not in ("en", "fr"):
        raise ValueError(f"no words in {lang!r}: use en or fr")
    return lang == "fr"


def hoc_kind_words(kind: str, lang: str = "en") -> str:
    """``principal hoc`` / ``hoc principal``; an unknown kind as ``<kind> hoc``."""
    pair = HOC_KINDS.get(kind)
    return pair[_lang(lang)] if pair else (f"hoc {kind}" if lang == "fr" else f"{kind} hoc")


def hoc_why(kind: str, lang: str = "en") -> str:
    """Why a card of ``kind`` is a hoc, in a few words ("" for an unknown kind)."""
    pair = HOC_WHY.get(kind)
    return pair[_lang(lang)] if pair else ""


def reason_words(reason: str, lang: str = "en") -> str:
    """A chip move's reason in a few words; an unknown reason as itself."""
    pair = REASONS.get(reason)
    return pair[_lang(lang)] if pair else reason
