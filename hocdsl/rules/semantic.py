"""Checks on a ruleset that a JSON Schema cannot express.

They run on the merged knobs (after ``extends:`` and extensions), and each
error is placed at the node of the file that set the offending knob. Where a
check needs a knob that is not set (an extension validated on its own), it
is skipped.

- a base ruleset sets every knob of every section, pool and stage it has;
- every citation's source id is in the sources merged so far, with a suggestion;
- a deal no larger than the pack; raise_min <= raise_cap;
- vie stages: at most one on each combination, each on a pool that exists,
  ``bidding:`` present; run lengths, payments and names agree, the shortest run
  fits a suit of the pack; set sizes (``min_size`` to 4), payments and names agree;
- a combination name used once across all vie stages;
- card lists: each card once and in the pack; board cards on one pool each;
- at most one stops and one settle stage, the settle after the stops;
- the end-payment schedule covers every count from 1 to the largest hand
  size exactly once, each bracket saying what it pays, never a negative sum;
- names, titles and summaries not blank.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..cards import card_name, fold, parse_card
from .errors import RulesetError, suggest
from .model import CITED_KINDS, PROVENANCE_KINDS, SECTIONS, PoolRules, knob_fields
from .yamldoc import YamlDoc, checked

if TYPE_CHECKING:  # pragma: no cover
    from .loader import Layer, Resolved

_MISSING = object()


class KnobView:
    """The merged knobs, and for each the file (document) and key path that set it.

    ``get(path)`` is the knob's value or ``_MISSING``; ``error(path, inner, ...)``
    makes an error placed at the knob's value (``inner`` steps into it).
    """

    def __init__(self, resolved: Resolved):
        self.r = resolved
        self.values = resolved.values()

    def get(self, path: str) -> Any:
        return self.values.get(path, _MISSING)

    def has(self, *paths: str) -> bool:
        return all(p in self.values for p in paths)

    def stages(self, kind: str, on: str | None = None) -> list[str]:
        """Ids of the stages of ``kind`` (and ``on``), in order."""
        return [sid for sid, st in self.r.stages.items()
                if st.get("kind") == kind and (on is None or st.get("on") == on)]

    def where(self, path: str) -> str:
        """``"rulesets/hoc-mazarin.yaml:137"`` for a hint."""
        layer, at = self.r.at[path]
        return f"{layer.doc.file}:{layer.doc.where(at, key=True)[0]}"

    def error(self, path: str, inner: tuple[Any, ...], found: str, expected: str, *, key: bool = False,
              suggestion: str | None = None, hint: str | None = None) -> RulesetError:
        layer, at = self.r.at[path]
        shown = ".".join([path, *(str(i) for i in inner)])
        return layer.doc.error(at + ("value", *inner), found, expected, key=key,
                               suggestion=suggestion, hint=hint, shown_path=shown)

    def stage_error(self, sid: str, found: str, expected: str, hint: str | None = None) -> RulesetError:
        layer, at = self.r.stage_at.get(sid) or next(
            (lay, a[:2]) for p, (lay, a) in self.r.at.items() if p.startswith(sid + "."))
        return layer.doc.error(at, found, expected, key=True, hint=hint, shown_path=f"stages.{sid}")


Check = Callable[[KnobView], list[RulesetError]]
CHECKS: list[Check] = []


def check(fn: Check) -> Check:
    CHECKS.append(fn)
    return fn


# ------------------------------------------------------------ checks ----


@check
def deal_fits_the_pack(k: KnobView) -> list[RulesetError]:
    sizes = k.get("deal.hand_size")
    if sizes is _MISSING:
        return []
    by = k.get("pack.cards_by_players")
    by = {} if by is _MISSING or by is None else {int(p): int(c) for p, c in by.items()}
    turnup = bool(k.stages("turnup"))
    out = []
    for players, size in sizes.items():
        dealt = int(players) * size
        cards = _cards_in_play(k, by.get(int(players)))
        room = cards - 1 if turnup else cards  # a card turned up needs one left over
        if dealt > room:
            which = (f"the pack at {players} players, pack.cards_by_players" if int(players) in by
                     else "the pack")
            what = (f"at most {room} cards (one of the {cards} left over for the turnup stage "
                    f"`{k.stages('turnup')[0]}` to turn up)") if turnup else \
                f"at most {cards} cards (a deal larger than {which})"
            out.append(k.error("deal.hand_size", (players,),
                               f"a deal of {players} x {size} = {dealt} cards", what,
                               hint=f"with {players} players, each may be dealt at most {room // int(players)}"))
    return out


#: The stage kinds that play a pack of copies (pack.copies above 1): the card game holds every
#: copy and the settlement counts them; a card turned up may be any copy; the tricks stage
#: plays, draws and declares any copy (of two identical cards the first played wins). The
#: others read one pack's 52 bits (a chance's combinations, a blank hand's courts, cards held
#: for a pool) and would miss the second pack's cards, so a ruleset may not shuffle packs
#: together with them yet.
COPIES_KINDS = ("stops", "settle", "turnup", "tricks")


@check
def copies_with_stage_kinds(k: KnobView) -> list[RulesetError]:
    copies = k.get("pack.copies")
    if copies is _MISSING or not isinstance(copies, int) or copies <= 1:
        return []
    out = []
    for sid, st in k.r.stages.items():
        kind = st.get("kind")
        if isinstance(kind, str) and kind not in COPIES_KINDS:
            out.append(k.error("pack.copies", (), f"{copies} packs shuffled together with the {kind} "
                                                  f"stage `{sid}`",
                               "one pack: only the " + ", ".join(COPIES_KINDS) + " stages play packs of copies yet",
                               hint=f"the {kind} stage reads one pack's cards and would miss the copies "
                                    "of the others"))
    return out


#: pack.cards -> the lowest pip it keeps (as hocdsl.pack has it; aces are always kept)
_LOWEST_PIP = {52: 2, 44: 4, 40: 5, 36: 6, 32: 7}


def _rank_no(v: Any) -> int | None:
    from .build import RANK_NAMES
    return RANK_NAMES.get(str(v).upper())


def _cards_in_play(k: KnobView, pack_cards: int | None = None) -> int:
    """The cards of the pack once ``pack.removed`` and ``pack.removed_ranks`` are taken out
    (of ``pack_cards`` when given: the pack at some number of players, else ``pack.cards``),
    times the packs shuffled together (``pack.copies``)."""
    pack = k.get("pack.cards") if pack_cards is None else pack_cards
    cards = 52 if pack is _MISSING else int(pack)
    lowest = _LOWEST_PIP.get(cards, 2)
    ranks = k.get("pack.removed_ranks")
    gone = {r for r in (_rank_no(v) for v in (ranks if isinstance(ranks, list) else ())) if r is not None}
    cards -= 4 * len([r for r in gone if r == 1 or r >= lowest])
    removed = k.get("pack.removed")
    for text in removed if isinstance(removed, list) else ():
        try:
            c = parse_card(str(text))
        except ValueError:
            continue
        r = c % 13 + 1
        if r not in gone and (r == 1 or r >= lowest):
            cards -= 1
    copies = k.get("pack.copies")
    return cards * (1 if copies is _MISSING or not isinstance(copies, int) else copies)


@check
def pack_removals(k: KnobView) -> list[RulesetError]:
    """``pack.removed``: cards of the pack, each once; ``pack.removed_ranks``: ranks of the
    pack that are neither its lowest nor its highest (nor the ace)."""
    out: list[RulesetError] = []
    pack = k.get("pack.cards")
    cards = 52 if pack is _MISSING else int(pack)
    lowest = _LOWEST_PIP.get(cards, 2)
    order = k.get("pack.order")
    top = 1 if order == "ace-high" else 13
    ranks = k.get("pack.removed_ranks")
    gone: set[int] = set()
    for i, v in enumerate(ranks if isinstance(ranks, list) else ()):
        r = _rank_no(v)
        if r is None:
            continue
        if r == 1 or r == top or r == lowest:
            out.append(k.error("pack.removed_ranks", (i,), f"`{v}`, the ace, the lowest or the highest rank",
                               "a rank inside the order (the ends of a run stay)",
                               hint=f"strip the pack with pack.cards (set in {k.where('pack.cards')}) "
                                    "to take out its lowest ranks"))
        elif r < lowest:
            out.append(k.error("pack.removed_ranks", (i,), f"`{v}`, a rank a pack of {cards} has not",
                               f"a rank of the pack ({lowest} to 10, J, Q)"))
        gone.add(r)
    removed = k.get("pack.removed")
    seen: dict[int, int] = {}
    for i, text in enumerate(removed if isinstance(removed, list) else ()):
        try:
            c = parse_card(str(text))
        except ValueError:
            out.append(k.error("pack.removed", (i,), f"`{text}`, which is not a card",
                               "a card in compact notation (e.g. 2C, JD, 10H)"))
            continue
        r = c % 13 + 1
        if c in seen:
            out.append(k.error("pack.removed", (i,), f"`{text}`, the same card as item {seen[c] + 1}",
                               "each card at most once"))
        elif r in gone or (r != 1 and r < lowest):
            out.append(k.error("pack.removed", (i,), f"{card_name(c)}, which is not in the pack",
                               f"a card of the pack of {cards}" + (" once removed_ranks is out" if gone else "")))
        seen.setdefault(c, i)
    return out


@check
def turnup_and_holding(k: KnobView) -> list[RulesetError]:
    """One turnup stage at most; pools marked by a rank of trumps, and holding claims on
    trumps, only after a turnup stage that names trumps; a pool marked by a card or by a
    rank of trumps, not both; holding claims on pools that exist, going out first only
    after the card game."""
    out: list[RulesetError] = []
    r = k.r
    order = list(r.stages)
    turnups = k.stages("turnup")
    if len(turnups) > 1:
        out.append(k.stage_error(turnups[1], "a second turnup stage", "at most one turnup stage"))
    names_trumps = bool(turnups) and k.get(f"{turnups[0]}.trumps") != "none"
    for pid in r.pools:
        tr = k.get(f"pools.{pid}.trump")
        if tr is _MISSING or tr is None:
            continue
        card = k.get(f"pools.{pid}.card")
        if card is not _MISSING and card is not None:
            out.append(k.error(f"pools.{pid}.trump", (), f"`trump: {tr}` beside `card: {card}`",
                               "a pool marked by a card or by a rank of trumps, not both"))
        if not names_trumps:
            out.append(k.error(f"pools.{pid}.trump", (), f"`trump: {tr}` in a game with no trump suit",
                               "a turnup stage whose card names trumps (`kind: turnup`, `trumps: suit-of-card`)",
                               hint="or mark the pool with a card (`card: AH`)"))
    stops = k.stages("stops")
    for sid in k.stages("holding"):
        claims = k.get(f"{sid}.claims")
        for i, c in enumerate(claims if isinstance(claims, list) else ()):
            if not isinstance(c, Mapping):
                continue
            pool = c.get("pool")
            if pool not in r.pools:
                sug = suggest(str(pool), list(r.pools))
                out.append(k.error(f"{sid}.claims", (i, "pool"), f"`pool: {pool}`, which is not a pool of this ruleset",
                                   "one of: " + (", ".join(r.pools) or "no pools defined"), suggestion=sug))
            if c.get("trumps") and not (names_trumps and order.index(turnups[0]) < order.index(sid)):
                out.append(k.error(f"{sid}.claims", (i, "trumps"), "ranks of trumps held, with no trump suit named before",
                                   "a turnup stage naming trumps before this stage"))
            if c.get("first_out") and not (stops and order.index(stops[0]) < order.index(sid)):
                out.append(k.error(f"{sid}.claims", (i, "first_out"),
                                   "a pool for going out first, claimed before the card game is over",
                                   "the holding stage after the stops stage (the card game)"))
            for j, text in enumerate(c.get("cards") or ()):
                try:
                    parse_card(str(text))
                except ValueError:
                    out.append(k.error(f"{sid}.claims", (i, "cards", j), f"`{text}`, which is not a card",
                                       "a card in compact notation (e.g. KS, QH)"))
    return out


@check
def exchange_and_declare(k: KnobView) -> list[RulesetError]:
    """An exchange or a declare stage (Piquet) at most once each, for two players only (the
    eldest and the other); an exchange needs a stock, the cards the deal leaves, as big as
    the eldest's share at least; the declarations come after the exchange."""
    out: list[RulesetError] = []
    players = k.get("deal.players")
    sizes = k.get("deal.hand_size")
    admitted = (set(players) if isinstance(players, list) else
                {int(n) for n in sizes} if isinstance(sizes, Mapping) else set())
    for kind in ("exchange", "declare"):
        ids = k.stages(kind)
        if len(ids) > 1:
            out.append(k.stage_error(ids[1], f"a second {kind} stage", f"at most one {kind} stage"))
        if ids and admitted and admitted != {2}:
            out.append(k.stage_error(ids[0], f"{'an' if kind == 'exchange' else 'a'} {kind} stage for "
                                     + ", ".join(str(n) for n in sorted(admitted)) + " players",
                                     "two players only (deal.players: [2]): the eldest and the other"))
    ex = k.stages("exchange")
    if ex and isinstance(sizes, Mapping) and 2 in {int(n) for n in sizes}:
        hand = int({int(n): v for n, v in sizes.items()}[2])
        stock = _cards_in_play(k) - 2 * hand
        most = k.get(f"{ex[0]}.elder_most")
        if isinstance(most, int) and stock < most:
            out.append(k.error(f"{ex[0]}.elder_most", (), f"the eldest's share of {most} cards, "
                               f"from a stock of {stock}", f"at most the {stock} cards the deal leaves"))
    dc = k.stages("declare")
    order = list(k.r.stages)
    if ex and dc and order.index(dc[0]) < order.index(ex[0]):
        out.append(k.stage_error(dc[0], "the declarations before the exchange",
                                 "the declare stage after the exchange stage (hoyle-piq part 14: one "
                                 "calls what one holds after taking in)"))
    return out


@check
def tricks_stages(k: KnobView) -> list[RulesetError]:
    """A tricks stage's ``order`` names every rank of the pack once and no other; its
    ``trumps: turnup`` needs a turnup stage naming trumps before it; points it keeps apart
    (``card_points_when: apart``) need a settlement to count them (``table.points_per_chip``)."""
    out: list[RulesetError] = []
    order = list(k.r.stages)
    turnups = k.stages("turnup")
    names_trumps = bool(turnups) and k.get(f"{turnups[0]}.trumps") != "none"
    pack = k.get("pack.cards")
    cards = 52 if pack is _MISSING else int(pack)
    lowest = _LOWEST_PIP.get(cards, 2)
    removed = k.get("pack.removed_ranks")
    gone = {r for r in (_rank_no(v) for v in (removed if isinstance(removed, list) else ())) if r is not None}
    ranks = [r for r in range(1, 14) if (r == 1 or r >= lowest) and r not in gone]
    settles = k.get("table.points_per_chip") not in (None, _MISSING)
    games = k.stages("stops")
    for sid in k.stages("tricks")[:1] if games else ():
        # both play the hands out: the second would start on hands (and a stock) the first spent
        out.append(k.stage_error(sid, f"a tricks stage beside the card game `{games[0]}` (kind: stops)",
                                 "one stage that plays the cards out: a card game (stops) or tricks, not both",
                                 hint=f"remove `{games[0]}` (`{games[0]}: null` in a ruleset that extends it) "
                                      "or this stage"))
    for sid in k.stages("tricks"):
        if k.get(f"{sid}.card_points_when") == "apart" and not settles and k.has("table.starting_stake"):
            out.append(k.error(f"{sid}.card_points_when", (), "the cards' points kept apart with no settlement to count them",
                               "table.points_per_chip set (the partie's points settled in chips), whose "
                               "reckoning alone counts them", hint="or `card_points_when: end`"))
        if k.get(f"{sid}.trumps") == "turnup" and not (names_trumps and order.index(turnups[0]) < order.index(sid)):
            out.append(k.error(f"{sid}.trumps", (), "`trumps: turnup` with no trump suit named before",
                               "a turnup stage whose card names trumps before this stage "
                               "(`kind: turnup`, `trumps: suit-of-card`)", hint="or `trumps: none`"))
        for knob_ in ("order", "order_after_stock"):
            said = k.get(f"{sid}.{knob_}")
            if not isinstance(said, list):
                continue
            seen: set[int] = set()
            for i, v in enumerate(said):
                r = _rank_no(v)
                if r is None or r not in ranks:
                    out.append(k.error(f"{sid}.{knob_}", (i,), f"`{v}`, not a rank of the pack",
                                       "one of the pack's ranks: " + ", ".join(_RANK_LETTERS[x] for x in ranks)))
                    continue
                if r in seen:
                    out.append(k.error(f"{sid}.{knob_}", (i,), f"`{v}` a second time", "each rank once"))
                seen.add(r)
            missing = [x for x in ranks if x not in seen]
            if missing:
                out.append(k.error(f"{sid}.{knob_}", (),
                                   f"an order without {', '.join(_RANK_LETTERS[x] for x in missing)}",
                                   "every rank of the pack, from the highest to the lowest"))
    return out


_RANK_LETTERS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


#: The packs a ruleset may play with (``pack.cards``; see :mod:`hocdsl.pack`).
PACK_SIZES = (52, 44, 40, 36, 32)


@check
def packs_by_players(k: KnobView) -> list[RulesetError]:
    """``pack.cards_by_players``: each pack one the engine knows, each number of players one
    the deal admits."""
    by = k.get("pack.cards_by_players")
    if by is _MISSING or by is None:
        return []
    sizes = k.get("deal.hand_size")
    admitted = sorted(int(p) for p in sizes) if sizes is not _MISSING else None
    out = []
    for players, cards in by.items():
        if int(cards) not in PACK_SIZES:
            near = min(PACK_SIZES, key=lambda c: (abs(c - int(cards)), c))
            out.append(k.error("pack.cards_by_players", (players,), f"a pack of {cards} cards",
                               "a pack of " + ", ".join(str(c) for c in PACK_SIZES) + " cards",
                               hint=f"packs are stripped of their lowest pips by rank; write {near}?"))
        if admitted is not None and int(players) not in admitted:
            out.append(k.error("pack.cards_by_players", (players,), f"a pack for {players} players",
                               "a number of players deal.hand_size lists (" +
                               ", ".join(str(p) for p in admitted) + ")",
                               hint=f"remove {players}, or deal to {players} players in deal.hand_size"))
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


def _runs(fn: Callable[[KnobView, str], list[RulesetError]]) -> Check:
    """A check of one vie-on-run stage, run for each with the stage's id."""
    def each(k: KnobView) -> list[RulesetError]:
        out: list[RulesetError] = []
        for sid in k.stages("vie", "run"):
            out += fn(k, sid)
        return out
    each.__name__ = fn.__name__
    return check(each)


@_runs
def sequence_lengths(k: KnobView, sid: str) -> list[RulesetError]:
    if not k.has(f"{sid}.min_length", f"{sid}.counts_up_to"):
        return []
    lo, hi = k.get(f"{sid}.min_length"), k.get(f"{sid}.counts_up_to")
    if lo <= hi:
        return []
    return [k.error(f"{sid}.counts_up_to", (), f"{hi}, shorter than the shortest sequence ({lo})",
                    f"{sid}.counts_up_to at least {sid}.min_length ({lo})")]


def _counted(k: KnobView, sid: str) -> range | None:
    if not k.has(f"{sid}.min_length", f"{sid}.counts_up_to"):
        return None
    lo, hi = k.get(f"{sid}.min_length"), k.get(f"{sid}.counts_up_to")
    return range(lo, hi + 1) if lo <= hi else None


@_runs
def sequence_payments(k: KnobView, sid: str) -> list[RulesetError]:
    lengths = _counted(k, sid)
    pay = k.get(f"{sid}.payments")
    if lengths is None or pay is _MISSING:
        return []
    lo, hi = lengths.start, lengths.stop - 1
    out = []
    given = {int(n): n for n in pay}
    for n, raw in given.items():
        if n not in lengths:
            why = (f"{sid}.counts_up_to is {hi}" if n > hi else f"{sid}.min_length is {lo}")
            hint = (f"a run longer than {hi} cards is paid as a {hi}-card sequence; remove the payment for {n}, "
                    f"or raise {sid}.counts_up_to" if n > hi else
                    f"a run shorter than {lo} cards is no sequence; remove the payment for {n}, "
                    f"or lower {sid}.min_length")
            out.append(k.error(f"{sid}.payments", (raw,), f"a payment for a {n}-card sequence",
                               f"lengths {lo}..{hi} ({why})", key=True, hint=hint))
    for n in lengths:
        if n not in given:
            out.append(k.error(f"{sid}.payments", (), f"no payment for a {n}-card sequence",
                               f"a payment for every length {lo}..{hi}",
                               hint=f"add `{n}: {{plain: ..., major: ...}}`"))
    return out


@_runs
def sequence_names(k: KnobView, sid: str) -> list[RulesetError]:
    lengths = _counted(k, sid)
    names = k.get(f"{sid}.names")
    if lengths is None or names is _MISSING:
        return []
    lo = lengths.start
    given = {int(n): n for n in names}
    out = []
    for n, raw in given.items():
        if n < lo:
            out.append(k.error(f"{sid}.names", (raw,), f"a name for a {n}-card sequence",
                               f"lengths of at least {lo} ({sid}.min_length is {lo})", key=True))
    for n in lengths:
        if n not in given:
            out.append(k.error(f"{sid}.names", (), f"no name for a {n}-card sequence",
                               f"a name for every length {lo}..{lengths.stop - 1}"))
    return out


@_runs
def sequence_fits_the_pack(k: KnobView, sid: str) -> list[RulesetError]:
    lo, cards = k.get(f"{sid}.min_length"), k.get("pack.cards")
    if lo is _MISSING or cards is _MISSING:
        return []
    ranks = int(cards) // 4
    if lo <= ranks:
        return []
    return [k.error(f"{sid}.min_length", (), f"a shortest sequence of {lo} cards",
                    f"at most {ranks} cards (a suit of the {cards}-card pack has {ranks} ranks)",
                    hint=f"no hand could hold a sequence; lower {sid}.min_length, or play with "
                         f"more cards (pack.cards, set in {k.where('pack.cards')})")]


#: The set size a vie on sets starts at when the ruleset does not say (VieOnSet.min_size).
DEFAULT_MIN_SET = 3


def _sets(fn: Callable[[KnobView, str, range], list[RulesetError]]) -> Check:
    """A check of one vie-on-set stage, run for each with the stage's id and the sizes
    that count (``min_size`` to 4)."""
    def each(k: KnobView) -> list[RulesetError]:
        out: list[RulesetError] = []
        for sid in k.stages("vie", "set"):
            least = k.get(f"{sid}.min_size")
            out += fn(k, sid, range(DEFAULT_MIN_SET if least is _MISSING else int(least), 5))
        return out
    each.__name__ = fn.__name__
    return check(each)


def _least_words(k: KnobView, sid: str, lo: int) -> str:
    said = "" if k.has(f"{sid}.min_size") else ", the default"
    return f"{sid}.min_size is {lo}{said}"


def _one_per_size(k: KnobView, sid: str, sizes: range, knob: str, what: str, drop: str,
                  add: str) -> list[RulesetError]:
    """``<sid>.<knob>`` (a mapping by set size) gives ``what`` for each size in
    ``sizes`` and for no other: an error per size missing or out of range."""
    given_map = k.get(f"{sid}.{knob}")
    if given_map is _MISSING:
        return []
    lo = sizes.start
    given = {int(n): n for n in given_map}
    out = []
    for n, raw in given.items():
        if n not in sizes:
            out.append(k.error(f"{sid}.{knob}", (raw,), f"{what} for a set of {n} cards",
                               f"sizes {lo}..4 ({_least_words(k, sid, lo)})", key=True,
                               hint=f"a set of fewer than {lo} cards counts for nothing; {drop.format(n=n)}, "
                                    f"or set `min_size: {{value: {n}, source: ...}}` on stage `{sid}`"))
    for n in sizes:
        if n not in given:
            out.append(k.error(f"{sid}.{knob}", (), f"no {what.split(' ', 1)[1]} for a set of {n} cards",
                               f"{what} for every size {lo}..4 ({_least_words(k, sid, lo)})",
                               hint=add.format(n=n)))
    return out


@_sets
def set_payments(k: KnobView, sid: str, sizes: range) -> list[RulesetError]:
    return _one_per_size(k, sid, sizes, "payments", "a payment", "remove the payment for {n}",
                         "add `{n}: {{plain: ..., major: ...}}`")


@_sets
def set_names(k: KnobView, sid: str, sizes: range) -> list[RulesetError]:
    return _one_per_size(k, sid, sizes, "names", "a name", "remove its name",
                         "add `{n}: [<name>]` (a pair, a brelan, a carré)")


@check
def names_are_distinct(k: KnobView) -> list[RulesetError]:
    # The announcement language sits above the rules; imported here, not at the top,
    # so loading a ruleset does not build the grammar's tables.
    from ..announce.vocabulary import name_problem

    seen: dict[str, str] = {}
    out = []
    named = [(sid, "card sequence") for sid in k.stages("vie", "run")]
    named += [(sid, "card set") for sid in k.stages("vie", "set")]
    for chance, unit in named:
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
                                       hint="players say these names at the table; see `hoc docs announcements`"))
                    continue
                key = fold(str(w).strip())
                mine = f"the {n}-{unit}"
                if key in seen and seen[key] != mine:
                    out.append(k.error(f"{chance}.names", (n, i), f"the name `{w}` for {mine}",
                                       f"a name not already used ({seen[key]} is called `{w}`)",
                                       hint="an announcement must name one combination only"))
                seen.setdefault(key, mine)
    for sid in k.stages("stops"):
        words = k.get(f"{sid}.claim_words")
        for i, w in enumerate(words if isinstance(words, list) else ()):
            problem = name_problem(str(w)) if str(w).strip() else "it is blank"
            if problem:
                out.append(k.error(f"{sid}.claim_words", (i,), f"the claim word `{w}`",
                                   f"a word the announcements can use ({problem})",
                                   hint='players say it as they would say "hoc!"; see `hoc docs announcements`'))
            elif fold(str(w).strip()) in seen:
                out.append(k.error(f"{sid}.claim_words", (i,), f"the claim word `{w}`",
                                   f"a word not already used ({seen[fold(str(w).strip())]} is called `{w}`)",
                                   hint="an announcement word must mean one thing only"))
    return out


@check
def card_lists(k: KnobView) -> list[RulesetError]:
    """Every list of cards: each card once (``TS`` and ``10S`` are the same card)."""
    out = []
    for path, cards in k.values.items():
        if not (path.endswith("_hocs") and isinstance(cards, list)):
            continue
        seen: dict[int, int] = {}
        for i, text in enumerate(cards):
            try:
                c = parse_card(str(text))
            except ValueError:
                out.append(k.error(path, (i,), f"`{text}`, which is not a card",
                                   "a card in compact notation (e.g. KS, JD, 10H)"))
                continue
            if c in seen:
                out.append(k.error(path, (i,), f"`{text}`, the same card as item {seen[c] + 1} ({card_name(c)})",
                                   "each card at most once"))
            seen.setdefault(c, i)
    return out


@check
def structure(k: KnobView) -> list[RulesetError]:
    """Vie stages on distinct combinations and existing pools; one stops, one settle after it."""
    out = []
    r = k.r
    seen_on: dict[str, str] = {}
    for sid in k.stages("vie"):
        st = r.stages[sid]
        on = st.get("on")
        if on in seen_on:
            out.append(k.stage_error(sid, f"a second vie stage on `{on}` (`{seen_on[on]}` is the first)",
                                     "at most one vie stage on each combination"))
        seen_on.setdefault(str(on), sid)
        pool = st.get("pool")
        if pool is None:
            out.append(k.stage_error(sid, f"the vie stage `{sid}` without `pool`",
                                     "`pool:` naming the pool it is played for"))
        elif pool not in r.pools:
            layer, at = r.at.get(f"{sid}.pool") or r.stage_at[sid]
            sug = suggest(pool, list(r.pools))
            out.append(layer.doc.error(at, f"`pool: {pool}`, which is not a pool of this ruleset",
                                       "one of: " + (", ".join(r.pools) or "no pools defined"),
                                       suggestion=sug, shown_path=f"{sid}.pool",
                                       hint=None if sug else f"add `{pool}:` under `pools:`"))
    if k.stages("vie") and "bidding" not in r.sections:
        sid = k.stages("vie")[0]
        out.append(k.stage_error(sid, "vie stages without a `bidding:` section",
                                 "a `bidding:` section with the knobs every vie stage shares"))
    for kind in ("stops", "settle"):
        ids = k.stages(kind)
        if len(ids) > 1:
            out.append(k.stage_error(ids[1], f"a second {kind} stage", f"at most one {kind} stage"))
    order = list(r.stages)
    stops, settle = k.stages("stops"), k.stages("settle")
    if settle and not stops:
        out.append(k.stage_error(settle[0], "a settle stage without a stops stage",
                                 "a stops stage (the card game) before the settle"))
    elif settle and stops and order.index(settle[0]) < order.index(stops[0]):
        out.append(k.stage_error(settle[0], "the settle stage before the card game",
                                 "the settle stage after the stops stage"))
    if stops and not settle:
        out.append(k.stage_error(stops[0], "a card game with no settle stage",
                                 "a `kind: settle` stage after it: what the losers pay"))
    boards: dict[Any, str] = {}
    for pid in r.pools:
        card = k.get(f"pools.{pid}.card")
        if card is _MISSING or card is None:
            continue
        try:
            c = parse_card(str(card))
        except ValueError:
            continue
        if c in boards:
            out.append(k.error(f"pools.{pid}.card", (), f"{card_name(c)}, already the card of pool `{boards[c]}`",
                               "each board card on one pool"))
        boards.setdefault(c, pid)
    for sid in settle:
        lp = k.get(f"{sid}.losers_pay")
        ep = k.get(f"{sid}.end_payment")
        if lp == "schedule" and (ep is _MISSING or ep is None):
            out.append(k.stage_error(sid, "losers pay by a schedule, but no `end_payment`",
                                     "an `end_payment:` schedule of brackets"))
    return out


def check_complete(r: Resolved, top: Layer) -> list[RulesetError]:
    """A base ruleset (the chain resolved) sets every knob without a default."""
    from .build import stage_class

    out: list[RulesetError] = []

    def missing(cls: type, prefix: str, have: Mapping[str, Any], at: tuple[Any, ...], layer: Layer) -> None:
        import dataclasses
        defaults = {f.name for f in dataclasses.fields(cls)
                    if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING}
        for name, spec in knob_fields(cls):
            if name not in have and name not in defaults and not spec.optional:
                out.append(layer.doc.error(at, f"no knob `{prefix}.{name}`",
                                           "every knob set in a ruleset without `extends:`", key=True,
                                           shown_path=f"{prefix}.{name}",
                                           hint=f"add `{name}: {{value: ..., source: \"<id> §<section>\"}}` "
                                                f"under `{'.'.join(str(a) for a in at)}:`, or `extends:` "
                                                "a ruleset that sets it"))

    for sec, cls in SECTIONS.items():
        if sec == "bidding" and sec not in r.sections:
            continue
        if sec not in r.sections:
            out.append(top.doc.error((), f"no `{sec}` section", "pack, deal, table, pools and stages "
                                     "in a ruleset without `extends:`", key=True, shown_path=sec,
                                     hint="a base ruleset sets every knob; add it, or `extends:` a ruleset that does"))
            continue
        lay = next((lay for p, (lay, _a) in r.at.items() if p.startswith(sec + ".")), top)
        missing(cls, sec, r.sections[sec], (sec,), lay)
    for pid, have in r.pools.items():
        lay = next((lay for p, (lay, _a) in r.at.items() if p.startswith(f"pools.{pid}.")), top)
        missing(PoolRules, f"pools.{pid}", have, ("pools", pid), lay)
    for sid, have in r.stages.items():
        stage_cls = stage_class(have["kind"], have.get("on"))
        if stage_cls is None:
            continue
        lay, at = r.stage_at.get(sid, (top, ("stages", sid)))
        missing(stage_cls, sid, have, at, lay)
    if not r.stages:
        out.append(top.doc.error((), "no `stages`", "the stages of the game, in order", key=True,
                                 shown_path="stages"))
    return out


@check
def players_and_hands(k: KnobView) -> list[RulesetError]:
    """``deal.players``, when set, are exactly the counts ``deal.hand_size`` deals for."""
    players, sizes = k.get("deal.players"), k.get("deal.hand_size")
    if players is _MISSING or players is None or sizes is _MISSING:
        return []
    want = sorted(int(n) for n in players)
    have = sorted(int(n) for n in sizes)
    if want == have:
        return []
    missing = [n for n in want if n not in have]
    extra = [n for n in have if n not in want]
    found = "; ".join(part for part in (
        f"no cards dealt for {_ranges(missing)} players" if missing else "",
        f"cards dealt for {_ranges(extra)} players, which deal.players does not admit" if extra else "") if part)
    return [k.error("deal.hand_size", (), found,
                    f"a hand size for each number of players in deal.players ({_ranges(want)}), and no other",
                    hint=f"deal.players is set at {k.where('deal.players')}")]


@check
def units(k: KnobView) -> list[RulesetError]:
    """``table.units``: the smallest unit is worth 1, and no two units are worth the same."""
    u = k.get("table.units")
    if u is _MISSING or u is None:
        return []
    worths = sorted(u.values())
    if worths[0] != 1:
        return [k.error("table.units", (), f"no unit worth 1 (the smallest is worth {worths[0]})",
                        "the smallest unit worth 1, the others counted in it",
                        hint="e.g. {jeton: 1, fiche: 10}")]
    same = [w for w in worths if worths.count(w) > 1]
    if same:
        names = [n for n, w in u.items() if w == same[0]]
        return [k.error("table.units", (names[1],), f"units {' and '.join(names)} both worth {same[0]}",
                        "each unit a different worth", key=True)]
    return []


#: The stage kinds that score points (``Kind.scores`` in hocdsl.engine.kinds: a test keeps the two
#: alike; the rules package does not import the engine's kinds).
SCORING_KINDS = ("declare", "tricks")
#: The knobs that settle a partie's points in chips (hocdsl.engine.stakes): set together with
#: table.points_per_chip; the rubicon's with table.rubicon.
_SETTLED = ("table.game_bonus", "table.points_rounding", "table.least_difference", "table.partie_ties")
_RUBICON = ("table.rubicon_bonus", "table.rubiconed_counts", "table.rubiconed_least")


@check
def points_settled(k: KnobView) -> list[RulesetError]:
    """``table.points_per_chip`` (points settled in chips at the end of a partie) comes with
    the other settlement knobs and the rubicon's with ``table.rubicon``; it needs a stage
    that scores points, a length of partie, two players, and every amount a whole number
    of chips (``points_per_chip`` divides the rounding, the bonuses and the least amounts)."""
    if not k.has("table.starting_stake"):  # an extension validated on its own: not the whole table
        return []
    per = k.get("table.points_per_chip")
    per = None if per is _MISSING else per  # absent: the default, none
    out: list[RulesetError] = []
    rubicon = k.get("table.rubicon")
    rubicon = None if rubicon is _MISSING else rubicon
    for path in _SETTLED + _RUBICON + ("table.rubicon",):
        v = k.get(path)
        wanted = per is not None and (path in _SETTLED or (path in _RUBICON and rubicon is not None))
        if wanted and v in (None, _MISSING):
            why = "table.rubicon is set" if path in _RUBICON else "table.points_per_chip is set"
            at = "table.rubicon" if path in _RUBICON else "table.points_per_chip"
            out.append(k.error(at, (), f"no {path}", f"{path} set too: {why}"))
        elif v is _MISSING:
            continue
        elif per is None and v is not None:
            out.append(k.error(path, (), f"{v} with table.points_per_chip absent",
                               "nothing (null): the points are not settled in chips",
                               hint="set table.points_per_chip, or leave this knob null"))
        elif path in _RUBICON and rubicon is None and v is not None:
            out.append(k.error(path, (), f"{v} with table.rubicon absent",
                               "nothing (null): nobody is rubiconed"))
    if per is None or out:
        return out
    if not any(st.get("kind") in SCORING_KINDS for st in k.r.stages.values()):
        out.append(k.error("table.points_per_chip", (), "points settled in chips with no stage that scores points",
                           "a stage of a kind that scores points (declare, tricks)"))
    if k.get("table.partie_deals") in (None, _MISSING) and k.get("table.partie_points") in (None, _MISSING):
        out.append(k.error("table.points_per_chip", (), "points settled at the end of a partie that never ends",
                           "table.partie_deals or table.partie_points set"))
    players = k.get("deal.players")
    sizes = k.get("deal.hand_size")
    admitted = (set(players) if isinstance(players, list) else
                {int(n) for n in sizes} if isinstance(sizes, Mapping) else set())
    if admitted and admitted != {2}:
        out.append(k.error("table.points_per_chip", (), "points settled in chips for "
                           + ", ".join(str(n) for n in sorted(admitted)) + " players",
                           "two players only (deal.players: [2]): the winner and the loser"))
    for path in ("table.points_rounding", "table.game_bonus", "table.least_difference",
                 "table.rubicon_bonus", "table.rubiconed_least"):
        v = k.get(path)
        if isinstance(v, int) and v % per:
            out.append(k.error(path, (), f"{v} points, not a whole number of chips at {per} points a chip",
                               f"a multiple of table.points_per_chip ({per})"))
    return out


@check
def settle_steps(k: KnobView) -> list[RulesetError]:
    """A settle stage's ``steps`` list each of its four steps once."""
    from .model import Settle
    from .build import field_type
    from typing import get_args

    every = get_args(get_args(field_type(Settle, "steps"))[0])
    out = []
    for sid in k.stages("settle"):
        steps = k.get(f"{sid}.steps")
        if steps is _MISSING:
            continue
        missing = [s for s in every if s not in steps]
        if missing:
            out.append(k.error(f"{sid}.steps", (), f"no step {', '.join(missing)}",
                               f"each of {', '.join(every)} once, in the order they are paid",
                               hint="a step that pays nothing in this game may stay in the list: it pays nothing"))
    return out


@check
def end_payment(k: KnobView) -> list[RulesetError]:
    out: list[RulesetError] = []
    for sid in k.stages("settle"):
        out += _end_payment(k, f"{sid}.end_payment")
    return out


def _end_payment(k: KnobView, path: str) -> list[RulesetError]:
    brackets = k.get(path)
    if brackets is _MISSING or brackets is None:
        return []
    out = []
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
        else:  # plus + per_card * (n - above) never falls as n grows: the least is at min
            owed = b.get("plus", 0) + b.get("per_card", 0) * (lo - b.get("above", 0))
            if owed < 0:
                out.append(k.error(path, (i,), f"a payment of {owed} for {lo} cards left",
                                   "no negative payment (check `above`)"))
    largest = _largest_hand(k)
    if largest is None or out:
        return out
    cover: dict[int, list[int]] = {}
    for i, b in enumerate(brackets):  # only the counts a hand can hold, however far max goes
        hi = b.get("max")
        for n in range(b["min"], min(hi if hi is not None else largest, largest) + 1):
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
    sizes = k.get("deal.hand_size")
    if sizes is _MISSING or not sizes:
        return None
    return int(max(sizes.values()))


def _ranges(ns: list[int]) -> str:
    """``[2, 3, 4, 7]`` -> ``"2..4, 7"``."""
    parts: list[str] = []
    start = ns[0]
    for a, b in zip(ns, [*ns[1:], 0]):
        if b != a + 1:
            parts.append(str(start) if start == a else f"{start}..{a}")
            start = b
    return ", ".join(parts)


@check
def refunded_pools(k: KnobView) -> list[RulesetError]:
    """``unclaimed: refunded`` only on a pool a vie stage is played for: its antes go back
    when all pass. A pool no vie stage bids on (a board's box, a game pool) is taken by a
    card laid, held or a sweep, never "passed", so nothing would give its antes back."""
    r = k.r
    bid = {st.get("pool") for sid, st in r.stages.items() if st.get("kind") == "vie"}
    out = []
    for pid in r.pools:
        if k.get(f"pools.{pid}.unclaimed") != "refunded" or pid in bid:
            continue
        card = k.get(f"pools.{pid}.card")
        what = "a board's box" if card is not _MISSING and card is not None else "a pool no vie stage is played for"
        out.append(k.error(f"pools.{pid}.unclaimed", (), f"`refunded` on pool `{pid}`, {what}",
                           "`carries`: only a pool a vie stage is played for gives its antes back, "
                           "when every player passes its chance",
                           suggestion="carries",
                           hint="what nobody takes from a board's box or a game pool stays for the next "
                                "deal; to give antes back, play the pool by a vie stage (`pool: "
                                f"{pid}`)"))
    return out


# ------------------------------------------------------ entry points ----


def check_knobs(resolved: Resolved) -> list[RulesetError]:
    """Every semantic error in the merged knobs, sorted by file and place."""
    view = KnobView(resolved)
    out: list[RulesetError] = []
    for fn in CHECKS:
        out += fn(view)
    out.sort(key=lambda e: (e.file or "", e.line or 0, e.column or 0))
    return out


def check_document(doc: YamlDoc) -> list[RulesetError]:
    """Checks on one file's own fields: name, title, summary not blank."""
    out = []
    for f in ("title", "summary"):
        v = checked(doc.data).get(f)  # the schema has found the file a mapping
        if isinstance(v, str) and not v.strip():
            out.append(doc.error((f,), "blank text", f"a {f}"))
    return out


def _knob_specs(data: Mapping[str, Any]) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Every knob mapping in a file's data with its key path (alternatives included)."""
    out: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    def add(at: tuple[Any, ...], knobs: Any) -> None:
        if not isinstance(knobs, dict):
            return
        for name, spec in knobs.items():
            if isinstance(spec, dict) and "value" in spec:
                out.append((at + (name,), spec))
                for i, alt in enumerate(spec.get("alternatives") or []):
                    if isinstance(alt, dict):
                        out.append((at + (name, "alternatives", i), alt))
                if isinstance(spec["value"], dict):  # entries with their own provenance (table.units)
                    add(at + (name, "value"), {k: v for k, v in spec["value"].items()
                                               if isinstance(v, dict) and "value" in v
                                               and any(p in v for p in PROVENANCE_KINDS)})

    def overlay(at: tuple[Any, ...], part: Mapping[str, Any]) -> None:
        for sec in SECTIONS:
            add(at + (sec,), part.get(sec))
        pools = part.get("pools")
        if isinstance(pools, dict) and "value" in pools:  # no pools, and why
            add(at, {"pools": pools})
        for group in ("pools", "stages"):
            for gid, knobs in (part.get(group) or {}).items():
                if group == "pools" and "value" in (part.get(group) or {}):
                    break
                add(at + (group, gid), knobs)

    overlay((), data)
    # whole readings (each an overlay with a provenance of its own) and expectations
    for gid, reading in (data.get("readings") or {}).items():
        if isinstance(reading, dict):
            out.append((("readings", gid), reading))
            overlay(("readings", gid), reading)
    for gid, expectation in (data.get("expectations") or {}).items():
        if isinstance(expectation, dict):
            out.append((("expectations", gid), expectation))
    return out


#: How a section may be cited: ``§5.2``, ``§Règle du jeu``, ``¶3``, ``p. 694``, ``pp. 694-695``.
SECTION_MARKS = ("§", "¶", "p. ", "pp. ")


def _no_sections(sources: Mapping[str, Any], sid: str) -> bool:
    entry = sources.get(sid)
    return isinstance(entry, Mapping) and entry.get("sections") == "none"


def _section_error(doc: YamlDoc, at: tuple[Any, ...], kind: str, text: str, head: str, sid: str,
                   section: str, sources: Mapping[str, Any]) -> RulesetError | None:
    """A citation whose section is not written as one (or is missing where the source has sections)."""
    if section:
        if section.startswith(SECTION_MARKS):
            return None
        return doc.error(at + (kind,), f"the {kind} `{head}`, whose section has no `§`",
                         'a source id and a section, such as "lalanne §5.2"',
                         suggestion=f"{sid} §{section}" + text[len(head):],
                         hint="the section is written after a `§` (or `¶3`, `p. 694` for a page without "
                              "numbered sections)")
    if _no_sections(sources, sid):
        return None
    return doc.error(at + (kind,), f"the {kind} `{head}`, without a section",
                     'a source id and a section, such as "lalanne §5.2", "enc-comete ¶3" or "enc-comete p. 695"',
                     hint=f"if the page of `{sid}` has no sections to cite, say so in its `sources:` entry "
                          "with `sections: none`; then the id alone is a citation")


def source_errors(doc: YamlDoc, sources: Mapping[str, Any], own_only: bool = False) -> list[RulesetError]:
    """Knobs in ``doc`` citing a source id that is not in ``sources``, or citing a section
    in a form that is none (``§5.2``, ``§name``, ``¶3``, ``p. 694``; the bare id for a
    source whose entry says ``sections: none``)."""
    out = []
    for at, spec in _knob_specs(checked(doc.data)):
        for kind in CITED_KINDS:
            if not isinstance(spec.get(kind), str):
                continue
            text = spec[kind].strip()
            head = text.split(":", 1)[0].strip()
            sid, _, section = head.partition(" ")
            if sid in sources:
                err = _section_error(doc, at, kind, text, head, sid, section.strip(), sources)
                if err is not None:
                    out.append(err)
                continue
            known = ", ".join(sources) or "none"
            where = "this file's `sources:` block" if own_only else "the `sources:` of this file or the rulesets it extends"
            out.append(doc.error(at + (kind,), f"the source id `{sid}`, which is not in {where}",
                                 f"one of: {known}", suggestion=suggest(sid, list(sources)),
                                 hint=None if suggest(sid, list(sources)) else
                                 f"add `{sid}:` with its citation to the `sources:` block"))
    return out
