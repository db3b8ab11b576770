"""The one error the engine raises at the table: an action the rules forbid.

>>> e = IllegalAction("lalanne §5.1: the raise cap", "raise 25 is more than 20 over the last stake")
>>> e.rule
'lalanne §5.1: the raise cap'
>>> str(e)
'raise 25 is more than 20 over the last stake (lalanne §5.1: the raise cap)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset


class IllegalAction(ValueError):
    """An action refused by the engine.

    ``rule`` is a short citation of the rule it breaks (``"lalanne §9.1: one
    must play if one can"``), ``message`` says what was illegal and why.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message


def knob_rule(rules: Ruleset, knob: str, what: str) -> str:
    """A rule citation for a decision read from ``knob``: its source and section.

    Knobs settled editorially cite the ruleset and the knob path, since the
    editorial note is a paragraph, not a citation.
    """
    p = rules.provenance.get(knob)
    if p is not None and p.source is not None:
        where = f"{p.source} {p.section}".strip() if p.section else p.source
    else:
        where = f"{rules.name} {knob}"
    return f"{where}: {what}"
