"""What a hot path derives from a ruleset, made once per ruleset object.

Rulesets are few and frozen, and the engine, the combinations and the bots
each read a handful of knobs or tables from one millions of times. Hashing a
whole :class:`~hocdsl.rules.model.Ruleset` at each call would cost more than
the look-up it saves, so the cache is keyed by the object's identity; it keeps
the ruleset alive, so an id is never reused for another ruleset while cached.

>>> from hocdsl.rules import load_ruleset
>>> calls = []
>>> @per_ruleset
... def cap(rules):
...     calls.append(rules.name)
...     return rules.bidding.raise_cap
>>> r = load_ruleset("hoc-mazarin")
>>> cap(r), cap(r), calls
(20, 20, ['hoc-mazarin'])
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final, TypeVar

T = TypeVar("T")

#: Enough for every ruleset a process uses; past it the cache starts over.
LIMIT = 256

#: No ruleset asked yet (not None, which a caller might pass).
_NONE: Final = object()


def per_ruleset(build: Callable[[Any], T]) -> Callable[[Any], T]:
    """Memoise ``build(rules)`` by the identity of ``rules`` (the last ruleset asked and its
    value kept apart: a simulation asks of one ruleset many times a hand, and a check of
    identity costs less than a look-up)."""
    cache: dict[int, tuple[Any, T]] = {}
    last: list[Any] = [_NONE, None]  # the last ruleset asked, and its value

    @functools.wraps(build)
    def get(rules: Any) -> T:
        if last[0] is rules:
            hit_last: T = last[1]
            return hit_last
        hit = cache.get(id(rules))
        if hit is not None and hit[0] is rules:
            last[0], last[1] = rules, hit[1]
            return hit[1]
        if len(cache) > LIMIT:
            cache.clear()
        value = build(rules)
        cache[id(rules)] = (rules, value)
        last[0], last[1] = rules, value
        return value

    return get
