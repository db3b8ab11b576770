"""The words of a combination declared in play (Bezique's marriage, bézique, sequence...), in
English and French: one table for the narration (``Blaise declares KH QH: forty for royal
marriage``) and the announcements a record or a prompt writes (``I score forty for royal
marriage: KH QH``, which the grammar reads back).

>>> points_words(40, "en"), points_words(40, "fr"), points_words(150, "en")
('forty', 'quarante', '150')
>>> meld_said(40, "bezique", "fr")
'quarante de bésigue'
"""

from __future__ import annotations

from typing import Final

#: the combinations declared in play, in English and French (004; the French names are the
#: table's usual ones: bésigue, mariage, séquence d'atout...); the grammar reads them back
MELD_WORDS: Final = {
    "trump-seven": ("the seven of trumps", "le sept d'atout"),
    "marriage": ("marriage", "mariage"),
    "royal-marriage": ("royal marriage", "mariage d'atout"),
    "trump-sequence": ("sequence in trumps", "séquence d'atout"),
    "plain-sequence": ("sequence", "séquence"),
    "bezique": ("bézique", "bésigue"),
    "double-bezique": ("double bézique", "double bésigue"),
    "triple-bezique": ("triple bézique", "triple bésigue"),
    "quadruple-bezique": ("quadruple bézique", "quadruple bésigue"),
    "carte-blanche-in-play": ("carte blanche", "carte blanche"),
    "four-aces": ("four aces", "quatre as"),
    "four-kings": ("four kings", "quatre rois"),
    "four-queens": ("four queens", "quatre dames"),
    "four-knaves": ("four knaves", "quatre valets"),
}
#: the French article before a combination's name (quarante de bésigue, vingt de mariage)
MELD_FR_OF: Final = {"trump-seven": "pour ", "four-aces": "pour ", "four-kings": "pour ",
                     "four-queens": "pour ", "four-knaves": "pour ",
                     "carte-blanche-in-play": "pour "}
_NUMBERS: Final = {
    "en": {10: "ten", 20: "twenty", 40: "forty", 50: "fifty", 60: "sixty", 80: "eighty", 100: "a hundred",
           250: "two hundred and fifty", 500: "five hundred"},
    "fr": {10: "dix", 20: "vingt", 40: "quarante", 50: "cinquante", 60: "soixante", 80: "quatre-vingts", 100: "cent",
           250: "deux cent cinquante", 500: "cinq cents"},
}


def points_words(points: int, lang: str) -> str:
    """A score said as at the table: ``forty``, ``quarante`` (digits for the others)."""
    return _NUMBERS["fr" if lang == "fr" else "en"].get(points, str(points))


def meld_said(points: int, name: str, lang: str) -> str:
    """A declaration's points and name as said: ``forty for bézique``, ``quarante de bésigue``."""
    what = MELD_WORDS[name][1 if lang == "fr" else 0]
    if lang == "fr":
        return f"{points_words(points, lang)} {MELD_FR_OF.get(name, 'de ')}{what}"
    return f"{points_words(points, lang)} for {what}"


def to_score_words(combinations: tuple[tuple[str, int], ...] | list[tuple[str, int]], lang: str) -> str:
    """The points of what a player has to score, as said after a declaration (004: "and 20 to
    score"): ``twenty``, ``forty and twenty``, ``quarante et vingt``."""
    return (" et " if lang == "fr" else " and ").join(points_words(p, lang) for _name, p in combinations)
