"""What a comparison says, in a few sentences: who gains under B, by how much and at whose
expense (points a deal in a game of points, chips a hand in a game of chips, both where both
move: :attr:`hocdsl.diff.DiffReport.played_for`); whether a hand is longer and more of a
gamble; the clearest other differences.

Only differences whose 95% interval excludes zero are stated; each figure is given
with its interval. The words exist in English and in French (``lang``).

>>> from hocdsl.diff import DiffReport, OutcomeRow
>>> rows = [OutcomeRow("net_per_hand.eldest", -1.0, 1.1, 2.1, (1.9, 2.3), True),
...         OutcomeRow("net_per_hand.second", 0.5, -0.25, -0.75, (-0.95, -0.55), True),
...         OutcomeRow("net_per_hand.dealer", 0.5, 0.4, -0.1, (-0.3, 0.1), False)]
>>> print(gist(DiffReport("hoc-mazarin", "hoca", [], rows, {"hands": 20000})))
Under hoca the eldest gains about 2.1 chips a hand more than under hoc-mazarin [1.9, 2.3], at the expense of the second (-0.75 [-0.95, -0.55]).
>>> print(gist(DiffReport("hoc-mazarin", "hoca", [], rows, {"hands": 20000}), lang="fr"))
Avec hoca, le premier en cartes gagne environ 2,1 jetons par coup de plus qu'avec hoc-mazarin [1,9 ; 2,3], aux dépens du deuxième (-0,75 [-0,95 ; -0,55]).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .diff import DiffReport, OutcomeRow

#: How many other differences the last sentence names, the clearest first.
OTHERS = 3

_SEATS = {
    "en": {"eldest": "the eldest", "second": "the second", "third": "the third", "fourth": "the fourth",
           "fifth": "the fifth", "sixth": "the sixth", "seventh": "the seventh", "dealer": "the dealer"},
    "fr": {"eldest": "le premier en cartes", "second": "le deuxième", "third": "le troisième",
           "fourth": "le quatrième", "fifth": "le cinquième", "sixth": "le sixième", "seventh": "le septième",
           "dealer": "le donneur"},
}

_OTHER_WORDS = {
    "en": {"accidental_hocs_per_hand": "hocs that are not principal per hand",
           "principal_hocs_per_hand": "principal hocs per hand", "hocs_per_hand": "hocs per hand",
           "cards_left": "cards a loser keeps", "end_payment": "a loser's end payment",
           "first_turn_out_rate": "hands won in the first turn", "decisions_per_hand": "choices per hand"},
    "fr": {"accidental_hocs_per_hand": "hocs non principaux par coup",
           "principal_hocs_per_hand": "hocs principaux par coup", "hocs_per_hand": "hocs par coup",
           "cards_left": "cartes gardées par un perdant", "end_payment": "paiement final d'un perdant",
           "first_turn_out_rate": "coups gagnés au premier tour", "decisions_per_hand": "choix par coup"},
}


def _n(x: float, lang: str, sign: bool = False) -> str:
    """A figure to two or three significant places (``2.1``, ``-0.75``), French with a comma."""
    text = f"{x:+.2g}" if sign else f"{x:.2g}"
    if abs(x) >= 10:
        text = f"{x:+.0f}" if sign else f"{x:.0f}"
    elif abs(x) >= 1:
        text = f"{x:+.1f}" if sign else f"{x:.1f}"
    return text.replace(".", ",") if lang == "fr" else text


def _pair(b: float, a: float, lang: str) -> tuple[str, str]:
    """``b`` and ``a`` to as many places as it takes for them to read differently (at most 3).

    >>> _pair(18.93, 18.56, "en"), _pair(57.1, 61.4, "en")
    (('18.9', '18.6'), ('57', '61'))
    """
    x, y = _n(b, lang), _n(a, lang)
    places = 0
    while x == y and places < 3:
        places += 1
        x, y = f"{b:.{places}f}", f"{a:.{places}f}"
        if lang == "fr":
            x, y = x.replace(".", ","), y.replace(".", ",")
    return x, y


def _ci(r: OutcomeRow, lang: str) -> str:
    lo, hi = r.ci95
    sep = " ; " if lang == "fr" else ", "
    return f"[{_n(lo, lang)}{sep}{_n(hi, lang)}]"


def _seat(metric: str, lang: str) -> str:
    pos = metric.partition(".")[2]
    return _SEATS[lang].get(pos, pos)


def _of(seat: str, lang: str) -> str:
    """``the dealer`` after "at the expense of"; in French ``du donneur`` (de + le)."""
    return "du " + seat[3:] if lang == "fr" and seat.startswith("le ") else seat


def _and(items: Sequence[str], lang: str) -> str:
    word = " et " if lang == "fr" else " and "
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + word + items[-1]


#: Per metric family of the positions (:attr:`hocdsl.keys.PlayedFor.families`), what is won
#: and per what, in each language; and what no place gains more of.
_UNITS = {
    "net_per_hand": {"en": ("chips a hand", ""), "fr": ("jetons par coup", "")},
    "points_per_hand": {"en": ("points a deal", " points"), "fr": ("points par donne", " de points")},
}


def _who_gains(report: DiffReport, lang: str, family: str = "net_per_hand") -> str:
    """Who gains ``family`` (chips a hand, points a deal) under B, at whose expense."""
    a, b = report.a, report.b
    rows = [r for r in report.outcomes or () if r.metric.startswith(family + ".")]
    if not rows:
        return ""
    unit, more = _UNITS.get(family, _UNITS["net_per_hand"])[lang]
    one_side = _one_side(rows, a, b, unit, lang)
    if one_side:
        return one_side
    gain = sorted((r for r in rows if r.significant and r.diff > 0), key=lambda r: -r.diff)
    lose = sorted((r for r in rows if r.significant and r.diff < 0), key=lambda r: r.diff)
    if not gain and not lose:
        hands = report.settings.get("hands", "these")
        if lang == "fr":
            return f"Sur {hands} coups, aucune place ne gagne ni ne perd nettement plus{more} avec {b} qu'avec {a}."
        return f"On {hands} hands no seat gains or loses clearly more{more} under {b} than under {a}."
    fr = lang == "fr"
    lead = gain or lose
    first = lead[0]
    if fr:
        verb = "gagne" if first.diff > 0 else "perd"
        head = (f"Avec {b}, {_seat(first.metric, lang)} {verb} environ {_n(abs(first.diff), lang)} {unit} "
                f"de plus qu'avec {a} {_ci(first, lang)}")
    else:
        verb = "gains" if first.diff > 0 else "loses"
        head = (f"Under {b} {_seat(first.metric, lang)} {verb} about {_n(abs(first.diff), lang)} {unit} "
                f"more than under {a} {_ci(first, lang)}")
    also = [f"{_seat(r.metric, lang)} ({_n(r.diff, lang, sign=True)} {_ci(r, lang)})" for r in lead[1:]]
    if also:
        head += (", ainsi que " if fr else ", as does " if len(also) == 1 else ", as do ") + _and(also, lang)
    if gain and lose:
        others = [f"{_of(_seat(r.metric, lang), lang)} ({_n(r.diff, lang, sign=True)} {_ci(r, lang)})"
                  for r in lose]
        head += (", aux dépens " if fr else ", at the expense of ") + _and(others, lang)
    return head + "."


def _one_side(rows: Sequence[OutcomeRow], a: str, b: str, unit: str, lang: str) -> str:
    """Where only one ruleset has the family (only Piquet scores points, beside the Hoc): what
    each place gets under it (empty when both have it)."""
    only_b = all(r.a != r.a and r.b == r.b for r in rows)
    only_a = all(r.b != r.b and r.a == r.a for r in rows)
    if not (only_a or only_b):
        return ""
    name = b if only_b else a
    each = [f"{_seat(r.metric, lang)} {_n(r.b if only_b else r.a, lang)}" for r in rows]
    if lang == "fr":
        return f"Seul {name} compte des points : {_and(each, lang)} {unit}."
    return f"Only {name} scores points: {_and(each, lang)} {unit}."


def _length_and_gamble(report: DiffReport, lang: str) -> str:
    rows = {r.metric: r for r in report.outcomes or ()}
    parts = []
    fr = lang == "fr"
    turns = rows.get("turns_per_hand")
    if turns is not None and turns.significant and turns.a:
        pct = 100 * turns.diff / turns.a
        if fr:
            x, y = _pair(turns.b, turns.a, lang)
            parts.append(f"un coup est {'plus long' if pct > 0 else 'plus court'} d'environ {_n(abs(pct), lang)} % "
                         f"({x} actions contre {y})")
        else:
            x, y = _pair(turns.b, turns.a, lang)
            parts.append(f"a hand is about {_n(abs(pct), lang)}% {'longer' if pct > 0 else 'shorter'} "
                         f"({x} actions against {y})")
    sd = rows.get("sd_net_per_hand")
    if sd is not None and sd.significant:
        x, y = _pair(sd.b, sd.a, lang)
        if fr:
            parts.append(f"le jeu est {'plus' if sd.diff > 0 else 'moins'} hasardeux (écart type du gain d'un "
                         f"joueur par coup {x} contre {y})")
        else:
            parts.append(f"it is {'more' if sd.diff > 0 else 'less'} of a gamble (the spread of a player's "
                         f"result per hand {x} against {y})")
    if not parts:
        return ""
    lead = f"Avec {report.b}, " if fr else f"Under {report.b} "
    return lead + _and(parts, lang) + "."


def _clearest_others(report: DiffReport, lang: str) -> str:
    words = _OTHER_WORDS[lang]
    rows = [r for r in report.outcomes or () if r.significant and r.metric in words]
    if not rows:
        return ""

    def t(r: OutcomeRow) -> float:
        lo, hi = r.ci95
        half = (hi - lo) / 2 or 1e-12
        return abs(r.diff) / half

    rows.sort(key=t, reverse=True)
    against = " contre " if lang == "fr" else " against "
    items = [f"{words[r.metric]} {against.join(_pair(r.b, r.a, lang))}" for r in rows[:OTHERS]]
    head = "Autres différences nettes : " if lang == "fr" else "The clearest other differences: "
    return head + "; ".join(items) + "."


def gist(report: DiffReport, lang: str = "en") -> str:
    """A few sentences that answer "who gains under B, and by how much" (empty without outcomes)."""
    if not report.outcomes:
        return ""
    if lang not in _SEATS:
        lang = "en"
    gains = [_who_gains(report, lang, family) for family in report.played_for.families]
    parts = [*gains, _length_and_gamble(report, lang), _clearest_others(report, lang)]
    return " ".join(p for p in parts if p)
