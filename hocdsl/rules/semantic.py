"""Checks on a ruleset that a JSON Schema cannot express.

They run on the merged knobs (after ``extends:`` and extensions), and each
error is placed at the node of the file that set the offending knob. Where a
check needs a knob that is not set (an extension validated on its own), it
is skipped.

- every ``source:`` id is in the sources merged so far, with a suggestion;
- a deal no larger than the pack (hand size x players <= 52);
- raise_min <= raise_cap; sequence min_length <= counts_up_to;
- sequence payments for exactly the counted lengths min_length..counts_up_to,
  names for each of them, none below min_length;
- a combination name used once across sequences and tricons;
- principal hocs: each card once (``TS`` and ``10S`` are the same card);
- the end-payment schedule covers every count from 1 to the largest hand
  size exactly once, each bracket saying what it pays, never a negative sum;
- names, titles and summaries not blank.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..cards import NUM_CARDS, card_name, fold, parse_card
from .errors import RulesetError, suggest
from .yamldoc import YamlDoc

_MISSING = object()


class KnobView:
    """The merged knobs, and for each the file (document) that set it.

    ``get(path)`` is the knob's value or ``_MISSING``; ``at(path, *inner)``
    makes an error placed at the knob's value (``inner`` steps into it).
    """

    def __init__(self, values: Mapping[str, Any], docs: Mapping[str, YamlDoc]):
        self.values = values
        self.docs = docs

    def get(self, path: str) -> Any:
        return self.values.get(path, _MISSING)

    def has(self, *paths: str) -> bool:
        return all(p in self.values for p in paths)

    def where(self, path: str) -> str:
        """``"set in rulesets/hoc-mazarin.yaml:137"`` for a hint."""
        doc = self.docs[path]
        section, knob = path.split(".")
        return f"{doc.file}:{doc.where((section, knob), key=True)[0]}"

    def error(self, path: str, inner: tuple, found: str, expected: str, *, key: bool = False,
              suggestion: str | None = None, hint: str | None = None) -> RulesetError:
        section, knob = path.split(".")
        doc = self.docs[path]
        shown = ".".join([path, *(str(i) for i in inner)])
        return doc.error((section, knob, "value", *inner), found, expected, key=key,
                         suggestion=suggestion, hint=hint, shown_path=shown)


Check = Callable[[KnobView], list[RulesetError]]
CHECKS: list[Check] = []


def check(fn: Check) -> Check:
    CHECKS.append(fn)
    return fn


# ------------------------------------------------------------ checks ----


@check
def deal_fits_the_pack(k: KnobView) -> list[RulesetError]:
    sizes = k.get("table.hand_size")
    if sizes is _MISSING:
        return []
    out = []
    for players, size in sizes.items():
        dealt = int(players) * size
        if dealt > NUM_CARDS:
            out.append(k.error("table.hand_size", (players,),
                               f"a deal of {players} x {size} = {dealt} cards",
                               f"at most {NUM_CARDS} cards (a deal larger than the pack)",
                               hint=f"with {players} players, each may be dealt at most {NUM_CARDS // int(players)}"))
    return out


@check
def raise_bounds(k: KnobView) -> list[RulesetError]:
    if not k.has("bidding.raise_min", "bidding.raise_cap"):
        return []
    lo, hi = k.get("bidding.raise_min"), k.get("bidding.raise_cap")
    if lo <= hi:
        return []
    return [k.error("bidding.raise_min", (), f"a smallest raise of {lo}, above the cap of {hi}",
                    f"bidding.raise_min at most bidding.raise_cap ({hi})",
                    hint=f"bidding.raise_cap is set in {k.where('bidding.raise_cap')}")]


@check
def sequence_lengths(k: KnobView) -> list[RulesetError]:
    if not k.has("sequence.min_length", "sequence.counts_up_to"):
        return []
    lo, hi = k.get("sequence.min_length"), k.get("sequence.counts_up_to")
    if lo <= hi:
        return []
    return [k.error("sequence.counts_up_to", (), f"{hi}, shorter than the shortest sequence ({lo})",
                    f"sequence.counts_up_to at least sequence.min_length ({lo})")]


def _counted(k: KnobView) -> range | None:
    if not k.has("sequence.min_length", "sequence.counts_up_to"):
        return None
    lo, hi = k.get("sequence.min_length"), k.get("sequence.counts_up_to")
    return range(lo, hi + 1) if lo <= hi else None


@check
def sequence_payments(k: KnobView) -> list[RulesetError]:
    lengths = _counted(k)
    pay = k.get("sequence.payments")
    if lengths is None or pay is _MISSING:
        return []
    lo, hi = lengths.start, lengths.stop - 1
    out = []
    given = {int(n): n for n in pay}
    for n, raw in given.items():
        if n not in lengths:
            why = (f"sequence.counts_up_to is {hi}" if n > hi else f"sequence.min_length is {lo}")
            hint = (f"a run longer than {hi} cards is paid as a {hi}-card sequence; remove the payment for {n}, "
                    f"or raise sequence.counts_up_to" if n > hi else
                    f"a run shorter than {lo} cards is no sequence; remove the payment for {n}, "
                    f"or lower sequence.min_length")
            out.append(k.error("sequence.payments", (raw,), f"a payment for a {n}-card sequence",
                               f"lengths {lo}..{hi} ({why})", key=True, hint=hint))
    for n in lengths:
        if n not in given:
            out.append(k.error("sequence.payments", (), f"no payment for a {n}-card sequence",
                               f"a payment for every length {lo}..{hi}",
                               hint=f"add `{n}: {{plain: ..., major: ...}}`"))
    return out


@check
def sequence_names(k: KnobView) -> list[RulesetError]:
    lengths = _counted(k)
    names = k.get("sequence.names")
    if lengths is None or names is _MISSING:
        return []
    lo = lengths.start
    given = {int(n): n for n in names}
    out = []
    for n, raw in given.items():
        if n < lo:
            out.append(k.error("sequence.names", (raw,), f"a name for a {n}-card sequence",
                               f"lengths of at least {lo} (sequence.min_length is {lo})", key=True))
    for n in lengths:
        if n not in given:
            out.append(k.error("sequence.names", (), f"no name for a {n}-card sequence",
                               f"a name for every length {lo}..{lengths.stop - 1}"))
    return out


@check
def names_are_distinct(k: KnobView) -> list[RulesetError]:
    # The announcement language sits above the rules; imported here, not at the top,
    # so loading a ruleset does not build the grammar's tables.
    from ..announce.vocabulary import name_problem

    seen: dict[str, str] = {}
    out = []
    for chance, unit in (("sequence", "card sequence"), ("tricon", "card tricon")):
        names = k.get(f"{chance}.names")
        if names is _MISSING:
            continue
        for n, words in names.items():
            for i, w in enumerate(words):
                if not str(w).strip():
                    out.append(k.error(f"{chance}.names", (n, i), "a blank name", "a word such as tierce or brelan"))
                    continue
                problem = name_problem(str(w))
                if problem:
                    out.append(k.error(f"{chance}.names", (n, i), f"the name `{w}`",
                                       f"a name the announcements can use ({problem})",
                                       hint="players say these names at the table; see docs/announcements.md"))
                    continue
                key = fold(str(w).strip())
                mine = f"the {n}-{unit}"
                if key in seen and seen[key] != mine:
                    out.append(k.error(f"{chance}.names", (n, i), f"the name `{w}` for {mine}",
                                       f"a name not already used ({seen[key]} is called `{w}`)",
                                       hint="an announcement must name one combination only"))
                seen.setdefault(key, mine)
    return out


@check
def principal_hocs(k: KnobView) -> list[RulesetError]:
    cards = k.get("card_game.principal_hocs")
    if cards is _MISSING:
        return []
    out = []
    seen: dict[int, int] = {}
    for i, text in enumerate(cards):
        try:
            c = parse_card(str(text))
        except ValueError:
            out.append(k.error("card_game.principal_hocs", (i,), f"`{text}`, which is not a card",
                               "a card in compact notation (e.g. KS, JD, 10H)"))
            continue
        if c in seen:
            out.append(k.error("card_game.principal_hocs", (i,),
                               f"`{text}`, the same card as item {seen[c] + 1} ({card_name(c)})",
                               "each card at most once"))
        seen.setdefault(c, i)
    return out


@check
def end_payment(k: KnobView) -> list[RulesetError]:
    brackets = k.get("card_game.end_payment")
    if brackets is _MISSING:
        return []
    out = []
    path = "card_game.end_payment"
    for i, b in enumerate(brackets):
        lo, hi = b["min"], b.get("max")
        if hi is not None and hi < lo:
            out.append(k.error(path, (i, "max"), f"max {hi} below min {lo}", "max at least min"))
        if "fixed" in b:
            extra = [f for f in ("per_card", "above", "plus") if f in b]
            if extra:
                out.append(k.error(path, (i, extra[0]), f"`{extra[0]}` beside `fixed`",
                                   "either fixed (the whole amount) or per_card with above/plus",
                                   key=True))
        elif not any(f in b for f in ("per_card", "plus")):
            out.append(k.error(path, (i,), "a bracket that does not say what is paid",
                               "`fixed`, or `per_card` (with `above` and `plus` if needed)",
                               hint="write `fixed: 0` for a count that pays nothing"))
        else:
            top = hi if hi is not None else max(lo, _largest_hand(k) or lo)
            for n in range(lo, top + 1):
                owed = b.get("plus", 0) + b.get("per_card", 0) * (n - b.get("above", 0))
                if owed < 0:
                    out.append(k.error(path, (i,), f"a payment of {owed} for {n} cards left",
                                       "no negative payment (check `above`)"))
                    break
    largest = _largest_hand(k)
    if largest is None or out:
        return out
    cover: dict[int, list[int]] = {}
    for i, b in enumerate(brackets):
        hi = b.get("max")
        for n in range(b["min"], (hi if hi is not None else largest) + 1):
            if n <= largest:
                cover.setdefault(n, []).append(i)
    gaps = [n for n in range(1, largest + 1) if n not in cover]
    if gaps:
        out.append(k.error(path, (), f"no bracket for {_ranges(gaps)} card{'s' if gaps != [1] else ''} left",
                           f"every count from 1 to {largest} (the largest hand) covered exactly once",
                           hint="add a bracket, or widen a neighbour's min/max"))
    for n, idx in sorted(cover.items()):
        if len(idx) > 1:
            out.append(k.error(path, (idx[1],), f"{n} cards left covered twice (brackets {idx[0] + 1} and {idx[1] + 1})",
                               f"every count from 1 to {largest} covered exactly once"))
            break
    return out


def _largest_hand(k: KnobView) -> int | None:
    sizes = k.get("table.hand_size")
    if sizes is _MISSING or not sizes:
        return None
    return max(sizes.values())


def _ranges(ns: list[int]) -> str:
    """``[2, 3, 4, 7]`` -> ``"2..4, 7"``."""
    parts, start = [], ns[0]
    for a, b in zip(ns, ns[1:] + [None]):
        if b != a + 1:
            parts.append(str(start) if start == a else f"{start}..{a}")
            start = b
    return ", ".join(parts)


# ------------------------------------------------------ entry points ----


def check_knobs(values: Mapping[str, Any], docs: Mapping[str, YamlDoc]) -> list[RulesetError]:
    """Every semantic error in the merged knobs, sorted by file and place."""
    view = KnobView(values, docs)
    out: list[RulesetError] = []
    for fn in CHECKS:
        out += fn(view)
    out.sort(key=lambda e: (e.file or "", e.line or 0, e.column or 0))
    return out


def check_document(doc: YamlDoc) -> list[RulesetError]:
    """Checks on one file's own fields: name, title, summary not blank."""
    out = []
    for f in ("title", "summary"):
        v = doc.data.get(f)
        if isinstance(v, str) and not v.strip():
            out.append(doc.error((f,), "blank text", f"a {f}"))
    return out


def source_errors(doc: YamlDoc, sources: Mapping[str, Any], own_only: bool = False) -> list[RulesetError]:
    """Knobs in ``doc`` citing a source id that is not in ``sources``."""
    out = []
    for section, knobs in doc.data.items():
        if not isinstance(knobs, dict) or section == "sources":
            continue
        for knob, spec in knobs.items():
            if not isinstance(spec, dict) or not isinstance(spec.get("source"), str):
                continue
            sid = spec["source"].strip().partition(" ")[0]
            if sid in sources:
                continue
            known = ", ".join(sources) or "none"
            where = "this file's `sources:` block" if own_only else "the `sources:` of this file or the rulesets it extends"
            out.append(doc.error((section, knob, "source"), f"the source id `{sid}`, which is not in {where}",
                                 f"one of: {known}", suggestion=suggest(sid, list(sources)),
                                 hint=None if suggest(sid, list(sources)) else
                                 f"add `{sid}:` with its citation to the `sources:` block"))
    return out
