"""What the sources say about play, as conditions on simulated metrics.

A ruleset's ``expectations:`` are statements its sources make or imply about how the
game plays ("the eldest has the advantage", "the dealer pays for the board"), each with
its provenance and a condition ``holds:`` on the metrics ``hoc simulate`` reports::

    expectations:
      dealer-pays:
        says: the dealer stakes the board, and the board is mostly won by others
        holds: net_per_hand.dealer < 0
        inferred: adjo-nainjaune §Préambule: the dealer puts the stakes on the board

The condition is one of ``METRIC > NUMBER``, ``METRIC < NUMBER``, ``METRIC > METRIC``,
``METRIC < METRIC`` or ``METRIC between LOW and HIGH``. Which metrics exist depends on
the ruleset and the number of players; :func:`hocdsl.sim.expect.metric_errors` checks
the names.

>>> parse_holds("net_per_hand.eldest > net_per_hand.dealer")
('net_per_hand.eldest', '>', 'net_per_hand.dealer', None)
>>> parse_holds("turns_per_hand between 20 and 150")
('turns_per_hand', 'between', 20.0, 150.0)
>>> parse_holds("net_per_hand.dealer <= 0")
Traceback (most recent call last):
ValueError: `METRIC > X`, `METRIC < X` or `METRIC between LOW and HIGH` (X a metric or a number)
"""

from __future__ import annotations

import math
import re
from typing import Any

from .errors import RulesetError
from .loader import Resolved, _raw, provenance_of
from .model import Expectation, ExpectOp

_METRIC = r"[a-z_][a-z0-9_]*(?:\.[a-z0-9_-]+)?"
_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)"
_COMPARE = re.compile(rf"^\s*({_METRIC})\s*([<>])\s*({_METRIC}|{_NUMBER})\s*$")
_BETWEEN = re.compile(rf"^\s*({_METRIC})\s+between\s+({_NUMBER})\s+and\s+({_NUMBER})\s*$")
#: The largest number a condition may name (a bound, as every number a file sets has).
MAX_BOUND = 1e9
SYNTAX = "`METRIC > X`, `METRIC < X` or `METRIC between LOW and HIGH` (X a metric or a number)"


def _number(text: str) -> float:
    x = float(text)
    if not math.isfinite(x) or abs(x) > MAX_BOUND:
        raise ValueError(f"a number between -{MAX_BOUND:.0e} and {MAX_BOUND:.0e}")
    return x


def parse_holds(text: str) -> tuple[str, ExpectOp, str | float, float | None]:
    """``(left, op, right, high)`` of a condition; ValueError saying what is expected."""
    m = _BETWEEN.match(text)
    if m:
        low, high = _number(m.group(2)), _number(m.group(3))
        if not low < high:
            raise ValueError(f"a low bound below the high one (found {m.group(2)} and {m.group(3)})")
        return m.group(1), "between", low, high
    m = _COMPARE.match(text)
    if not m:
        raise ValueError(SYNTAX)
    right: str | float
    try:
        right = _number(m.group(3))
    except ValueError:
        if re.fullmatch(_NUMBER, m.group(3)):
            raise
        right = m.group(3)
    if right == m.group(1):
        raise ValueError("two different metrics, or a metric and a number")
    op: ExpectOp = ">" if m.group(2) == ">" else "<"
    return m.group(1), op, right, None


def expectations_of(resolved: Resolved) -> tuple[tuple[Expectation, ...], list[RulesetError]]:
    """The resolved ruleset's expectations, and the errors in their conditions (at the
    ``holds:`` line)."""
    out: list[Expectation] = []
    errors: list[RulesetError] = []
    for eid, (layer, at) in resolved.expectations.items():
        spec: dict[str, Any] = _raw(layer.doc.data, at)
        try:
            left, op, right, high = parse_holds(str(spec["holds"]))
        except ValueError as e:
            errors.append(layer.doc.error(at + ("holds",), f"the condition `{spec['holds']}`", str(e)))
            continue
        line, column = layer.doc.where(at + ("holds",))
        out.append(Expectation(
            id=eid, says=" ".join(str(spec["says"]).split()), holds=" ".join(str(spec["holds"]).split()),
            left=left, op=op, right=right, high=high,
            provenance=provenance_of(spec, layer.name, layer.doc.where(at, key=True)[0], with_alternatives=False),
            players=tuple(sorted(spec.get("players") or ())), file=layer.doc.file, line=line, column=column))
    return tuple(out), errors


__all__ = ["parse_holds", "expectations_of", "SYNTAX"]
