"""What one ruleset's combinations are in another: the Hoc's chances beside Piquet's declarations.

``hoc diff`` pairs the stages of two rulesets by id, then by kind; a Hoc's ``vie`` stages
and Piquet's ``declare`` stage are of different kinds, so they would only be listed as
"only in A" and "only in B". Yet they play for the same combinations: the Hoc "borrows
its three combinations from Piquet" (Lalanne 002, opening). This module pairs them **by
the combination a stage plays for**: the vie stage on the point with a declare stage's
point knobs, the vie stage on runs with its sequence knobs, the one on sets with its set
knobs, and a blank-hand claims stage with its carte blanche. Each pair of knobs that
decides the same question is one row, each side in its own words and with its own
provenance, so the table says what was taken and what was changed, source by source.

No pairing is written in a ruleset: it follows from the model (:data:`PAIRS`), and a
question one side decides by a knob and the other by no knob at all says so in words of
the model, with no provenance (it is not a source's word).

>>> from hocdsl.rules import load_ruleset
>>> rows = combination_rows(load_ruleset("hoc-mazarin"), load_ruleset("piquet"))
>>> [(r.knob, r.knob_b) for r in rows][:2]
[('point.keys', 'declare.point_keys'), ('sequence.min_length', 'declare.sequence_min_length')]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .rules.build import yaml_value
from .rules.describe import knob_title, section_title
from .rules.render import value_words

if TYPE_CHECKING:  # pragma: no cover
    from .diff import KnobDiff, KnobSide
    from .rules.model import Ruleset

#: The row kind of a pair of knobs matched by the combination they decide (``hoc diff``).
COMBINATION: Final = "combination"

#: (the stage a Hoc plays the combination in, found by kind and ``on``; its knob; the declare
#: stage's knob deciding the same question, or None; the question; what the side without a
#: knob does, in the model's words)
PAIRS: Final[tuple[tuple[tuple[str, str | None], str | None, str | None, str, str], ...]] = (
    (("vie", "point"), "keys", "point_keys", "The point: how two compare", ""),
    (("vie", "run"), "min_length", "sequence_min_length", "The sequence: the shortest", ""),
    (("vie", "run"), "names", "sequence_names", "The sequence: the names", ""),
    (("vie", "run"), "counts_up_to", None, "The sequence: the longest counted",
     "no cap: every length counts, up to a whole suit (sequence_scores)"),
    (("vie", "run"), "payments", "sequence_scores", "The sequence: what it is worth", ""),
    (("vie", "run"), "claim", "sequence_claim", "The sequence: what its holder counts besides", ""),
    (("vie", "set"), "min_size", None, "The set: the fewest cards of a rank",
     "the smallest size set_scores lists"),
    (("vie", "set"), None, "set_lowest_rank", "The set: the ranks that make one",
     "every rank of the pack"),
    (("vie", "set"), "names", "set_names", "The set: the names", ""),
    (("vie", "set"), "payments", "set_scores", "The set: what it is worth", ""),
    (("vie", "set"), "claim", "set_claim", "The set: what its holder counts besides", ""),
    (("claims", "blank-hand"), "payment", "carte_blanche", "A hand dealt without a court", ""),
)


def _stage(rules: Ruleset, key: tuple[str, str | None]) -> Any:
    for st in rules.stages:
        if (st.kind, getattr(st, "on", None)) == key:
            return st
    return None


def _side(rules: Ruleset, path: str) -> KnobSide:
    from .diff import knob_side

    return knob_side(rules, path, getattr(rules.section_of(path), path.rpartition(".")[2]))


def _no_knob(words: str) -> KnobSide:
    from .diff import KnobSide

    return KnobSide(value=None, words=f"no such knob: {words}", provenance="")


def combination_rows(a: Ruleset, b: Ruleset) -> list[KnobDiff]:
    """One row per question both rulesets decide about a combination, where one plays it in a
    stage of its own (the Hoc's vie stages, its blank hand) and the other in a declare stage
    (Piquet): empty unless exactly one of them has a declare stage. Each row is grouped with
    the hoc side's stage (``stage``), and names the declare side's knob (``knob_b``)."""
    from .diff import KnobDiff

    da, db = a.declare, b.declare
    if (da is None) == (db is None):
        return []
    hoc, piquet = (b, a) if da is not None else (a, b)
    dc = piquet.declare
    assert dc is not None
    out = []
    for key, knob, declared, question, otherwise in PAIRS:
        st = _stage(hoc, key)
        if st is None:
            continue
        hoc_side = _side(hoc, f"{st.id}.{knob}") if knob is not None else _no_knob(otherwise)
        piq_side = _side(piquet, f"{dc.id}.{declared}") if declared is not None else _no_knob(otherwise)
        title = question + (f" ({knob_title(hoc, f'{st.id}.{knob}')})" if knob is not None else "")
        path = f"{st.id}.{knob}" if knob is not None else st.id
        path_b = f"{dc.id}.{declared}" if declared is not None else dc.id
        left, right = (hoc_side, piq_side) if hoc is a else (piq_side, hoc_side)
        out.append(KnobDiff(path if hoc is a else path_b, st.id if hoc is a else dc.id,
                            section_title(hoc, st.id) + f" beside {piquet.name}'s {dc.id}", title,
                            left, right, COMBINATION, knob_b=path_b if hoc is a else path))
    return out
