"""The one error the engine raises at the table: an action the rules forbid,
and the citation of the rule it breaks, as the loaded ruleset cites it.

>>> e = IllegalAction("hoc-mazarin bidding.raise_cap, lalanne §5.1: a raise is 1 to 20 over "
...                   "the last stake", "raise 25 is outside 1..20")
>>> str(e)
'raise 25 is outside 1..20 (hoc-mazarin bidding.raise_cap, lalanne §5.1: a raise is 1 to 20 over the last stake)'

A citation names the ruleset, the knob that decides the rule, and where that
ruleset's value comes from (see :func:`knob_rule`). Citations are built only
when an action is refused: the rule strings below are :class:`Rule` values,
resolved against the ruleset by :meth:`Rule.cite` at the moment of raising.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Provenance, Ruleset


class IllegalAction(ValueError):
    """An action refused by the engine.

    ``rule`` is a short citation of the rule it breaks, as :func:`knob_rule`
    writes it (``"hoca card_game.runs, hoca §Après les paris: the next card of
    the run is laid, any suit"``); ``message`` says what was illegal and why.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str]]:
        # Pickled with both arguments (the default pickles the one formatted string), so a
        # simulation's worker process can send it back to the parent.
        return (type(self), (self.rule, self.message))


def provenance_words(p: Provenance | None) -> str:
    """Where a knob's value comes from, in a few words for a citation:
    ``lalanne §9.1`` (stated), ``inferred from lalanne §9.2, §9.3``,
    ``borrowed from lalanne §5.1``, ``editorial``, or ``the model's default``
    for a knob the ruleset leaves to the model."""
    if p is None:
        return "the model's default"
    if p.kind == "source":
        return p.where()
    if p.kind == "editorial":
        return "editorial"
    return f"{p.kind} from {p.where()}"


def knob_rule(rules: Ruleset, knob: str, what: str) -> str:
    """A rule citation for a decision read from ``knob``: the ruleset's name,
    the knob's path and that knob's provenance in the ruleset, then ``what``
    the rule says.

    >>> from hocdsl.rules import load_ruleset
    >>> knob_rule(load_ruleset("hoca"), "bidding.raise_cap", "a raise is 1 to 20 over the last stake")
    'hoca bidding.raise_cap, borrowed from lalanne §5.1: a raise is 1 to 20 over the last stake'
    >>> knob_rule(load_ruleset("hoca"), "card_game.runs", "any suit")
    'hoca card_game.runs, hoca §Après les paris: any suit'
    """
    return f"{rules.name} {knob}, {provenance_words(rules.provenance.get(knob))}: {what}"


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule a refusal cites: the knob that decides it and what it says.

    ``knob`` is a knob path; ``{stage}`` in it stands for the id of the stage
    that refuses (``"{stage}.keys"``: the keys of the point, the sequence...).
    ``what`` is the rule in words, or the words by the knob's value where the
    value changes what the rule says.

    >>> from hocdsl.rules import load_ruleset
    >>> r = Rule("bidding.lone_winner_must_show",
    ...          {True: "a lone player must show", False: "a lone player may show or not"})
    >>> r.cite(load_ruleset("hoc-mazarin"))
    'hoc-mazarin bidding.lone_winner_must_show, lalanne §5.1: a lone player may show or not'
    """

    knob: str
    what: str | Mapping[Any, str]

    def cite(self, rules: Ruleset, stage: str = "") -> str:
        path = self.knob.replace("{stage}", stage)
        what = self.what
        if not isinstance(what, str):
            what = what[getattr(rules.section_of(path), path.rpartition(".")[2])]
        return knob_rule(rules, path, what)
