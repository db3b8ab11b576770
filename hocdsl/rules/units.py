"""Amounts written in the source's units: ``{fiche: 1, jeton: 9}`` -> chips.

A ruleset's ``table.units`` names the units its source pays in, each with its
worth in the smallest unit (worth 1): ``{jeton: 1, fiche: 10}``. Every amount
of chips -- a knob bounded by :data:`~hocdsl.rules.model.MAX_CHIPS` (antes,
payments, ``per_card``) and the amounts inside payment tables, end-payment
brackets, cards paid when laid and charges for cards held -- may then be
written as a mapping of units to counts. The loader converts each to the
smallest unit once the files are merged (the units may come from a parent),
so the engine counts in one unit only; the written form is kept on the knob's
provenance for ``hoc show``.

>>> to_chips({"fiche": 1, "jeton": 9}, {"jeton": 1, "fiche": 10})
19
>>> in_units(19, {"jeton": 1, "fiche": 10})
'1 fiche and 9 jetons'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .model import MAX_CHIPS

#: Fields inside a knob's value that are amounts of chips (brackets, payments, charges).
NESTED_AMOUNTS = frozenset({"fixed", "per_card", "plus", "each", "to_each", "to_winner", "plain", "major"})


class UnitError(ValueError):
    """An amount names a unit the ruleset does not have (``.unit``), or has no units at all;
    ``.unit`` empty: the amount is more than MAX_CHIPS."""

    def __init__(self, unit: str, known: tuple[str, ...]) -> None:
        super().__init__(unit)
        self.unit = unit
        self.known = known


def to_chips(amount: Mapping[str, int], units: Mapping[str, int] | None) -> int:
    """``{fiche: 1, jeton: 9}`` in the smallest unit."""
    known = tuple(units or ())
    total = 0
    for name, count in amount.items():
        if units is None or name not in units:
            raise UnitError(str(name), known)
        total += units[name] * int(count)
    return total


def plural(name: str, count: int) -> str:
    """``1 fiche``, ``9 jetons``."""
    return f"{count} {name}" + ("" if count == 1 or name.endswith(("s", "x")) else "s")


def in_units(chips: int, units: Mapping[str, int]) -> str:
    """An amount in the largest units first: ``1 fiche and 9 jetons``; ``0 jetons``."""
    parts: list[str] = []
    rest = chips
    for name, worth in sorted(units.items(), key=lambda kv: -kv[1]):
        if worth > 0 and rest >= worth:
            parts.append(plural(name, rest // worth))
            rest %= worth
    if not parts:
        smallest = min(units.items(), key=lambda kv: kv[1])[0]
        return plural(smallest, 0)
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def written_words(written: Mapping[str, int]) -> str:
    """An amount as the file wrote it: ``1 fiche and 9 jetons``."""
    parts = [plural(str(k), int(v)) for k, v in written.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def convert_value(value: Any, units: Mapping[str, int] | None, amount: bool,
                  where: tuple[Any, ...] = ()) -> tuple[Any, list[tuple[tuple[Any, ...], UnitError]], bool]:
    """``value`` with every amount in units converted to chips: (new value, the errors with
    the steps into ``value`` where each is, whether any unit form was met).

    ``amount``: the value itself is an amount (a knob bounded by MAX_CHIPS); otherwise only
    the fields named in :data:`NESTED_AMOUNTS` inside lists and mappings are."""
    errors: list[tuple[tuple[Any, ...], UnitError]] = []
    if amount and isinstance(value, Mapping):
        try:
            chips = to_chips(value, units)
        except UnitError as e:
            return 0, [(where + (e.unit,), e)], True
        if chips > MAX_CHIPS:
            return 0, [(where, UnitError("", ()))], True
        return chips, errors, True
    if isinstance(value, list):
        out_list: list[Any] = []
        met = False
        for i, item in enumerate(value):
            v, errs, m = convert_value(item, units, False, where + (i,))
            out_list.append(v)
            errors += errs
            met = met or m
        return out_list, errors, met
    if isinstance(value, Mapping):
        out: dict[Any, Any] = {}
        met = False
        for k, item in value.items():
            v, errs, m = convert_value(item, units, k in NESTED_AMOUNTS, where + (k,))
            out[k] = v
            errors += errs
            met = met or m
        return out, errors, met
    return value, errors, False
