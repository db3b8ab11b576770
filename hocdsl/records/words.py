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

#: Hoc kind (``Hoc.kind``) -> (English, French), and what makes each kind a hoc: the
#: card game's own words (:mod:`hocdsl.engine.cardgame`, which tells its hocs with them).
HOC_KINDS: dict[str, tuple[str, str]] = HOC_KIND_WORDS

#: Chip-move reason (``ChipMove.reason``) -> a few words (English, French).
REASONS: dict[str, tuple[str, str]] = {
    "ante": ("ante", "mise"),
    "raise": ("raise", "renvi"),
    "call": ("call", "tenu"),
    "pool": ("won", "gagné"),
    "refund": ("antes refunded", "mises rendues"),
    "sequence": ("sequence", "séquence"),
    "tricon": ("tricon", "tricon"),
    "blank-hand": ("blank hand", "cartes blanches"),
    "hoc": ("hoc", "hoc"),
    "end-payment": ("cards left", "cartes restantes"),
    "penalty": ("false \"without\"", "faux « sans »"),
    "board": ("board card laid", "carte du tableau jouée"),
    "laid": ("card paid when laid", "carte payée quand jouée"),
    "held": ("card still held", "carte restée en main"),
    "doubling": ("board card held: pool doubled", "carte du tableau gardée : cagnotte doublée"),
    "opera": ("out in the first turn", "sorti du premier coup (opéra)"),
    "turnup": ("card turned up", "carte retournée"),
    "holding": ("held", "tenu en main"),
}


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
