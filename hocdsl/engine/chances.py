"""The three chances as the bidding sees them: what a hand may declare,
what a declaration is worth, what a winner shows and is paid.

One small class per chance; the bidding (:mod:`.bidding`) is the same for all
three (Lalanne 002 §5: "Leur déroulement est le même pour les trois chances").
Evaluation comes from :mod:`hocdsl.combos`; comparison keys are the ruleset's.

A declaration is checked against the hand: a player may declare less than he
holds, never more (he must show what he declared, 002 §5.1, and a sequence
or tricon above the declared one is worth nothing, 002 §7.2-7.3, so declaring
less is possible). Declarations given with ``None`` (``5 cards``, ``quinte``,
``brelan``) are completed with the best the hand holds of that form.

``natural(hand)`` lists each combination the hand holds *as a whole* (each
suit's whole point, each maximal run, each tricon), in canonical completed
form; those are the declarations :meth:`Game.legal_actions` offers. Lesser
declarations (a part of a suit, a run declared shorter, a brelan out of a
carré) are legal too and accepted by ``apply``, but never needed to win: a
whole combination is worth at least as much as any part of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union, cast

from .. import combos
from ..actions import Action, Declaration, DeclarePoint, DeclareSequence, DeclareTricon
from ..cards import RANK_MASKS, SUIT_MASK, Chips, Hand
from ..pack import pack_of
from .errors import IllegalAction, Rule, knob_rule

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Declare, Ruleset

#: A comparison key: bigger is better (the ruleset's keys, in order).
Key = tuple[int, ...]
#: A combination a winner shows and is paid for.
Combination = Union[combos.Point, combos.Run, combos.Trio]
# Each entry of natural(): (declaration action, comparison key, combination shown). The
# combination is a Point, Run or Trio by the chance; the point's natural() entries hold
# it as its (cards, value, suit) tuple until it is shown (see PointChance.claimed).
Entry = tuple[Declaration, Key, Any]

# The rules a refusal cites, each by the knob that decides it: the declaring rule of
# 002 §5.1 by the bidding's, the rest by a knob of the chance's stage ("{stage}" is
# its id). See errors.Rule: the citation is built only when refusing.
RULE_HELD = Rule("bidding.declaring_closes_bidding", "a player may declare less than he holds, never more")
RULE_POINT_SAID = Rule("{stage}.keys", "the point is declared by its number of cards and their value")
RULE_SEQUENCE_SAID = Rule("{stage}.names", "the sequence is declared by its name")
RULE_TRICON_SAID = Rule("{stage}.names", "the tricon is declared by its name")
#: The same rule at a declare stage (Piquet): its calls may be less than one holds, never more.
RULE_DECLARED_HELD = Rule("{stage}.answers", "nobody calls a combination he does not hold")


class ChanceKind:
    """The chance-specific part of bidding. Subclasses: point, sequence, tricon."""

    __slots__ = ("rules",)
    name = ""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules

    def _rule(self, rule: Rule | str, what: str = "") -> str:
        """``rule`` (a Rule, or a knob of the stage with ``what`` it says) as the
        loaded ruleset cites it; built only when refusing. The stage is the vie stage on
        this chance, or a declare stage, whose knobs on the combination are named for it
        (``sequence_min_length``)."""
        vie = getattr(self.rules, self.name)
        if vie is None:
            dc = self.rules.declare
            assert dc is not None  # a chance is made for a vie stage or a declare stage
            prefix = "set" if self.name == "tricon" else self.name
            if rule is RULE_HELD:
                return RULE_DECLARED_HELD.cite(self.rules, dc.id)
            if isinstance(rule, Rule):  # a knob of the stage, named for the combination there
                return Rule(rule.knob.replace("{stage}.", "{stage}." + prefix + "_"), rule.what).cite(
                    self.rules, dc.id)
            return knob_rule(self.rules, f"{dc.id}.{prefix}_{rule}", what)
        if isinstance(rule, Rule):
            return rule.cite(self.rules, vie.id)
        return knob_rule(self.rules, f"{vie.id}.{rule}", what)

    def natural(self, hand: Hand) -> list[Entry]:  # pragma: no cover - abstract
        raise NotImplementedError

    def resolve(self, decl: Action, hand: Hand) -> Entry:  # pragma: no cover - abstract
        raise NotImplementedError

    def best(self, hand: Hand) -> Combination | None:  # pragma: no cover - abstract
        """The combination a lone winner shows (his best), or None."""
        raise NotImplementedError

    def claimed(self, hand: Hand, combo: Any) -> tuple[Combination, ...]:
        """What a winner who shows ``combo`` shows and claims."""
        return (combo,)

    def payment(self, claimed: tuple[Combination, ...]) -> Chips:
        """What each other player pays for ``claimed``, single game."""
        return 0


class PointChance(ChanceKind):
    """The point (002 §3.1): most cards of one suit, then their value.

    No payment beyond the pool (002 §7.1). Keys follow ``rules.point.keys``
    (``cards``, ``value``), as :func:`hocdsl.combos.point_key` builds them.
    """

    __slots__ = ("values_desc", "suit_value", "key_fields", "_declared", "_entries", "_tops")
    name = "point"

    def __init__(self, rules: Ruleset) -> None:
        super().__init__(rules)
        t = rules.pack
        value = list(t.rank_values())  # value[rank]; index 0 unused
        # ranks by value, highest first: the best k cards of a suit for a point of k cards
        self.values_desc = tuple(sorted(((value[r], r) for r in range(1, 14)), reverse=True))
        sv = [0] * (1 << 13)
        for p in range(1, 1 << 13):
            low = p & -p
            sv[p] = sv[p ^ low] + value[low.bit_length()]
        self.suit_value = sv
        pt = rules.point or _declared(rules).point_rules()
        self.key_fields = tuple(k == "cards" for k in pt.keys)  # True: cards, False: value
        self._declared: dict[tuple[int, int], DeclarePoint] = {}
        # natural() entries per (suit << 13 | pattern), made on first use
        self._entries: list[Entry | None] = [None] * (4 << 13)
        # per pattern: the value of its best 1, 2, ... cards, made on first use
        self._tops: list[tuple[int, ...] | None] = [None] * (1 << 13)

    def _key(self, cards: int, value: int) -> Key:
        kf = self.key_fields
        if kf == (True, False):
            return (cards, value)
        return tuple(cards if f else value for f in kf)

    def _top_value(self, bits: int, k: int) -> int:
        """The value of the best ``k`` cards of one suit's pattern ``bits`` (k <= its size)."""
        tops = self._tops[bits]
        if tops is None:
            top_values = [0]
            total = 0
            for v, r in self.values_desc:
                if bits >> (r - 1) & 1:
                    total += v
                    top_values.append(total)
            tops = self._tops[bits] = tuple(top_values)
        return tops[k]

    def natural(self, hand: Hand) -> list[Entry]:
        out: list[Entry] = []
        entries = self._entries
        for s in range(4):
            bits = (hand >> (s * 13)) & SUIT_MASK
            if bits:
                e = entries[s << 13 | bits]
                if e is None:
                    e = entries[s << 13 | bits] = self._entry(s, bits)
                d = e[0]  # interned per (cards, value): one entry per distinct point
                for x in out:
                    if x[0] is d:
                        break
                else:
                    out.append(e)
        return out

    def _entry(self, s: int, bits: int) -> Entry:
        cv = (bits.bit_count(), self.suit_value[bits])
        d = self._declared.get(cv)
        if d is None:
            d = self._declared[cv] = DeclarePoint(*cv)
        return (d, self._key(*cv), (cv[0], cv[1], s))  # Point made if shown

    def resolve(self, decl: Any, hand: Hand) -> Entry:
        if type(decl) is not DeclarePoint:
            raise IllegalAction(self._rule(RULE_POINT_SAID),
                                f"{decl} is not a declaration of the point")
        k, v = decl.cards, decl.value
        best_v, best_s = -1, -1
        for s in range(4):
            bits = (hand >> (s * 13)) & SUIT_MASK
            if bits.bit_count() >= k >= 1:
                tv = self._top_value(bits, k)
                if tv > best_v:
                    best_v, best_s = tv, s
        if best_s < 0:
            raise IllegalAction(self._rule(RULE_HELD), f"{k} cards: no suit of the hand holds {k} cards")
        if v is None:
            v = best_v
            decl = DeclarePoint(k, v)
        elif v > best_v:
            raise IllegalAction(self._rule(RULE_HELD), f"{k} cards, {v}: the best {k} cards of one suit "
                                           f"in the hand are worth {best_v}")
        return decl, self._key(k, v), combos.point_of(k, v, best_s)

    def best(self, hand: Hand) -> Combination | None:
        return combos.best_point(hand, self.rules)

    def claimed(self, hand: Hand, combo: Any) -> tuple[Combination, ...]:
        if type(combo) is tuple:  # (cards, value, suit), as natural() keeps it
            cards, value, suit = combo
            return (combos.point_of(cards, value, suit),)
        return (combo,)


class SequenceChance(ChanceKind):
    """The sequence (002 §3.2; Hoca 003): runs in one suit, by length then height.

    A run longer than ``rules.sequence.counts_up_to`` is declared at that
    length unless ``longer_ranks_higher`` (the Hoca: the longer run wins).
    """

    __slots__ = ("_entries", "_declared", "_sr")
    name = "sequence"

    def __init__(self, rules: Ruleset) -> None:
        super().__init__(rules)
        # per (suit << 13 | pattern): its runs' entries
        self._entries: list[tuple[Entry, ...] | None] = [None] * (4 << 13)
        # the declarations made so far, one per (length, top): shared by the entries
        self._declared: dict[tuple[int, int], DeclareSequence] = {}
        #: the vie stage on runs (``rules.sequence``, a property that looks it up: read once),
        #: or the runs of a declare stage
        self._sr = rules.sequence or _declared(rules).run_rules()

    def _declared_length(self, length: int) -> int:
        sr = self._sr
        assert sr is not None  # a sequence chance is made for a ruleset's vie stage on run
        return length if sr.longer_ranks_higher or length < sr.counts_up_to else sr.counts_up_to

    def natural(self, hand: Hand) -> list[Entry]:
        found: list[Entry] = []
        entries = self._entries
        for s in range(4):
            bits = (hand >> (s * 13)) & SUIT_MASK
            e = entries[s << 13 | bits]
            if e is None:
                e = entries[s << 13 | bits] = self._suit_entries(s, bits)
            if e:
                found += e
        if len(found) <= 1:
            return found
        # best first, as combos.sequences orders the runs (stable: suit order, then rank)
        found.sort(key=_entry_key, reverse=True)
        out: list[Entry] = []
        seen = set()
        for x in found:
            d = cast(DeclareSequence, x[0])  # the sequence's entries declare sequences
            if (d.length, d.top) not in seen:
                seen.add((d.length, d.top))
                out.append(x)
        return out

    def _suit_entries(self, s: int, bits: int) -> tuple[Entry, ...]:
        """The entries of one suit's runs (pattern ``bits``), best first, one per
        (declared length, top)."""
        out: list[Entry] = []
        seen = set()
        for run in combos.sequences(bits << (s * 13), self.rules):
            length = self._declared_length(run.length)
            if (length, run.top) in seen:
                continue
            seen.add((length, run.top))
            r = run if length == run.length else combos.Run(run.suit, length, run.top, run.order)
            said = (length, run.top)
            d = self._declared.get(said)
            if d is None:
                d = self._declared[said] = DeclareSequence(length, run.top)
            out.append((d, combos.run_key(r, self.rules), r))
        return tuple(out)

    def resolve(self, decl: Any, hand: Hand) -> Entry:
        if type(decl) is not DeclareSequence:
            raise IllegalAction(self._rule(RULE_SEQUENCE_SAID),
                                f"{decl} is not a declaration of the sequence")
        sr = self._sr
        assert sr is not None
        length, top = decl.length, decl.top
        if length < sr.min_length:
            raise IllegalAction(self._rule("min_length", "the shortest sequence"),
                                f"a run of {length} is no sequence (at least {sr.min_length} cards)")
        if length > sr.counts_up_to and not sr.longer_ranks_higher:
            raise IllegalAction(
                self._rule("longer_ranks_higher", "a longer run counts no more"),
                f"a run of {length} counts as {sr.counts_up_to}; declare it as such")
        try:  # runs follow the pack's order (combos.held_run)
            run = combos.held_run(hand, length, top, self.rules)
        except ValueError as e:
            raise IllegalAction(self._rule(RULE_HELD), str(e)) from None
        if run is None:
            what = f"a run of {length}" + (f" to rank {top}" if top is not None else "")
            raise IllegalAction(self._rule(RULE_HELD), f"{what} is not in the hand")
        if top is None:
            decl = DeclareSequence(length, run.top)
        return decl, combos.run_key(run, self.rules), run

    def best(self, hand: Hand) -> Combination | None:
        run = combos.best_sequence(hand, self.rules)
        if run is None:
            return None
        length = self._declared_length(run.length)
        return run if length == run.length else combos.run_of(run.suit, length, run.top, run.order)

    def claimed(self, hand: Hand, combo: Any) -> tuple[Combination, ...]:
        # a hand with a single run claims just the one shown, whatever sequence.claim says
        entries = self._entries
        runs = 0
        for s in range(4):
            bits = (hand >> (s * 13)) & SUIT_MASK
            e = entries[s << 13 | bits]
            if e is None:
                e = entries[s << 13 | bits] = self._suit_entries(s, bits)
            runs += len(e)
        if runs <= 1:
            return (combo,)
        return combos.claimable_sequences(hand, combo, self.rules)

    def payment(self, claimed: tuple[Any, ...]) -> Chips:
        rules = self.rules
        return sum(combos.sequence_payment(r, rules) for r in claimed)


class TriconChance(ChanceKind):
    """The tricon (002 §3.3): three or four of a rank, by size then rank."""

    __slots__ = ("_entries", "_sizes")
    name = "tricon"

    def __init__(self, rules: Ruleset) -> None:
        super().__init__(rules)
        # per Trio (by rank and size: a Trio's own hash is a dataclass method, run as
        # Python even compiled): its entry
        self._entries: dict[int, Entry] = {}
        tr = rules.tricon or _declared(rules).set_rules()
        self._sizes = frozenset(tr.payments)  # the sizes a tricon may have

    def natural(self, hand: Hand) -> list[Entry]:
        entries = self._entries
        out = []
        for t in combos.tricons(hand, self.rules):
            key = t.rank << 3 | t.size
            e = entries.get(key)
            if e is None:
                e = entries[key] = (DeclareTricon(t.size, t.rank), combos.tricon_key(t, self.rules), t)
            out.append(e)
        return out

    def resolve(self, decl: Any, hand: Hand) -> Entry:
        if type(decl) is not DeclareTricon:
            raise IllegalAction(self._rule(RULE_TRICON_SAID),
                                f"{decl} is not a declaration of the tricon")
        size, rank = decl.size, decl.rank
        if size not in self._sizes:
            raise IllegalAction(self._rule("min_size", "a tricon is " + " or ".join(
                                    str(n) for n in sorted(self._sizes)) + " cards of a rank"),
                                f"a tricon of {size} cards does not exist")
        if rank is None:
            for r in reversed(pack_of(self.rules).order):  # the highest first, in the pack's order
                if (hand & RANK_MASKS[r - 1]).bit_count() >= size and combos.makes_sets(r, self.rules):
                    rank = r
                    break
            else:
                raise IllegalAction(self._rule(RULE_HELD), f"the hand holds no {size} cards of one rank")
            decl = DeclareTricon(size, rank)
        elif not 1 <= rank <= 13 or (hand & RANK_MASKS[rank - 1]).bit_count() < size:
            raise IllegalAction(self._rule(RULE_HELD), f"the hand does not hold {size} cards of rank {rank}")
        elif not combos.makes_sets(rank, self.rules):
            raise IllegalAction(self._rule("lowest_rank", "the lowest rank of a set"),
                                f"cards of rank {rank} make no set here")
        t = combos.trio_of(rank, size)
        return decl, combos.tricon_key(t, self.rules), t

    def best(self, hand: Hand) -> Combination | None:
        return combos.best_tricon(hand, self.rules)

    def claimed(self, hand: Hand, combo: Any) -> tuple[Combination, ...]:
        ranks = combos.set_ranks(hand, self.rules)  # ranks held min_size times or more
        if not ranks & (ranks - 1):  # a single tricon: just the one shown
            return (combo,)
        return combos.claimable_tricons(hand, combo, self.rules)

    def payment(self, claimed: tuple[Any, ...]) -> Chips:
        rules = self.rules
        return sum(combos.tricon_payment(t, rules) for t in claimed)


def _declared(rules: Ruleset) -> Declare:
    """The declare stage whose combinations a chance reads where no vie stage bids on it."""
    dc = rules.declare
    if dc is None:
        raise ValueError(f"{rules.name} has no vie or declare stage on this combination")
    return dc


def _entry_key(e: Entry) -> Key:
    return e[1]


CHANCE_KINDS: dict[str, type[ChanceKind]] = {
    "point": PointChance,
    "sequence": SequenceChance,
    "tricon": TriconChance,
}

# The chip-move reason of the payment each chance earns beyond its pool (002 §7.2-7.3).
PAYMENT_REASON: dict[str, str | None] = {"point": None, "sequence": "sequence", "tricon": "tricon"}
