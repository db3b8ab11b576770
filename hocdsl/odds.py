"""Exact odds of a dealt hand, by counting (no simulation).

Under a ruleset's deal each player's hand is a uniform random set of
``n = rules.hand_size(players)`` cards out of the pack's ``N`` (52, or a
stripped pack of 44, 40, 36 or 32: :func:`hocdsl.pack.pack_of`), the players'
hands are disjoint, and the cards not dealt are out of play. Every
probability here is a :class:`fractions.Fraction`: the number of hands with
the property over ``C(N, n)``.

How the counts are made, for a pack of four suits of ``R`` ranks each:

- one suit's ``R`` cards take ``2**R`` patterns; for each, its size and its
  longest run, a run being ranks next to each other in the pack's order
  (``pack.order``: in a stripped pack that keeps the ace low, A-7 are next to
  each other; the top card is never followed by the lowest). A hand is four
  independent patterns whose sizes add up to ``n``, so the number of hands
  whose every suit passes a test is the ``x**n`` coefficient of the product of
  the four suits' polynomials ``sum(x**size)`` over the patterns that pass
  (polynomial convolution);
- sets of one rank (pairs, brelans, carrés) the same way over the ``R`` ranks:
  a rank contributes ``C(4, k) x**k`` for ``k`` cards of it held;
- the table by inclusion-exclusion over the players: any ``j`` given players'
  hands together are a uniform set of ``j * n`` cards, all blank exactly when
  that set avoids the courts (kings, queens and jacks: 12 in every pack);
- with a card turned up from the talon naming trumps (a turnup stage), the cards
  of the trump suit the ruleset names by rank (pools marked ``trump:``, holding
  claims on trumps): the card turned up is a uniform card of the pack and, given
  it, the hand a uniform ``n`` of the other ``N - 1``; so the trump of rank ``r``
  is in the hand with ``n / (N - 1)`` times the share of cards ``t`` whose suit's
  ``r`` is in the pack and is not ``t`` itself (turned up, it is in no hand), and
  ``k`` such cards are all (or any) in it by the same sum over ``t``;
- a named card (a board card, a principal or permanent hoc, a card paid for
  when laid or charged when held) is in one given hand with probability
  ``n / N`` and at the table with ``players * n / N``; at least one of ``k``
  such cards is in a hand with ``1 - C(N - k, n) / C(N, n)``.

What the ruleset does not play is not counted: sequences without a vie stage
on runs, the sizes of sets the tricon stage names without one, blank hands
without a blank-hand stage. Sets of one rank from pairs up are counted for
every ruleset. A pack of copies (``pack.copies``) is not counted: :func:`hand_odds`
refuses it (:func:`copies_not_counted` says why) rather than give a wrong number.

>>> from hocdsl.rules import load_ruleset
>>> report = odds_report(load_ruleset("hoc-mazarin"), 3)
>>> report["blank_hand"] == Fraction(comb(40, 12), comb(52, 12))
True
>>> render_odds(report, "fraction")["sequence_at_least"]["5"]
'196395315/20637940687'
>>> report["named_cards"]["KS"]["in_hand"], report["named_cards"]["KS"]["at_the_table"]
(Fraction(3, 13), Fraction(9, 13))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Any, Literal

from .cards import JACK, KING, QUEEN, RANK_MASKS, card_name, rank_of, sorted_cards, suit_of
from .pack import pack_of

if TYPE_CHECKING:  # pragma: no cover
    from .rules.model import Ruleset

__all__ = [
    "Odds", "hand_odds", "odds_report", "render_odds", "render_probability",
    "longest_suit_counts", "sequence_free_count", "tricon_free_count", "set_free_count",
    "blank_table_odds", "named_card_roles", "trump_ranks",
]

PACK = 52
SUIT_SIZE = 13  # ranks in a full pack's suit
SUITS = 4
COURTS = 12  # kings, queens and jacks: the cards a blank hand lacks (002 §8)
SET_SIZES = (2, 3, 4)  # a pair, a brelan, a carré


# ------------------------------------------------------- polynomials ----


def _mul(a: list[int], b: list[int], cap: int) -> list[int]:
    """Product of two polynomials (coefficient lists), truncated above degree ``cap``."""
    out = [0] * min(len(a) + len(b) - 1, cap + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if i + j > cap:
                    break
                out[i + j] += x * y
    return out


def _power_coeff(poly: list[int], k: int, n: int) -> int:
    """The ``x**n`` coefficient of ``poly ** k``."""
    result = [1]
    for _ in range(k):
        result = _mul(result, poly, n)
    return result[n] if n < len(result) else 0


@lru_cache(maxsize=None)
def _suit_table(ranks: int) -> tuple[tuple[int, int], ...]:
    """(size, longest run) for each of the ``2**ranks`` patterns of one suit, the
    ranks in the pack's order (no wrap from the top card to the lowest)."""
    out = []
    for p in range(1 << ranks):
        longest = run = 0
        for r in range(ranks):
            run = run + 1 if p >> r & 1 else 0
            longest = max(longest, run)
        out.append((p.bit_count(), longest))
    return tuple(out)


def _suit_poly(test: Callable[[int, int], bool], ranks: int, gap: int = 0) -> list[int]:
    """``sum(x**size)`` over the suit patterns passing ``test(size, longest_run)``; ``gap``:
    the positions (bits, in the pack's order) whose card is taken out of this suit
    (``pack.removed``): no pattern holds them, and a run stops there."""
    poly = [0] * (ranks + 1)
    for p, (size, longest) in enumerate(_suit_table(ranks)):
        if not p & gap and test(size, longest):
            poly[size] += 1
    return poly


def _product(polys: Iterable[list[int]], n: int) -> int:
    """The ``x**n`` coefficient of the product of ``polys``."""
    result = [1]
    for poly in polys:
        result = _mul(result, poly, n)
    return result[n] if n < len(result) else 0


# ---------------------------------------------------------- counts ----


@lru_cache(maxsize=None)
def longest_suit_counts(n: int, ranks: int = SUIT_SIZE, gaps: tuple[int, ...] = ()) -> tuple[int, ...]:
    """``counts[L]``: hands of ``n`` cards whose longest suit has exactly ``L`` cards,
    four suits of ``ranks`` cards each (``gaps``: per suit, the positions of cards taken
    out of it, as :func:`_suit_poly` has them).

    >>> sum(longest_suit_counts(12)) == comb(52, 12)
    True
    >>> sum(longest_suit_counts(8, 8)) == comb(32, 8)
    True
    >>> sum(longest_suit_counts(12, 13, (0, 0, 0, 1))) == comb(51, 12)
    True
    """
    at_most = []
    for cap in range(ranks + 1):
        if gaps:
            at_most.append(_product(([comb(ranks - g.bit_count(), k) for k in range(cap + 1)] for g in gaps), n))
            continue
        poly = [comb(ranks, k) for k in range(cap + 1)]
        at_most.append(_power_coeff(poly, SUITS, n))
    return tuple(at_most[0] if L == 0 else at_most[L] - at_most[L - 1]
                 for L in range(ranks + 1))


@lru_cache(maxsize=None)
def sequence_free_count(n: int, length: int, ranks: int = SUIT_SIZE, gaps: tuple[int, ...] = ()) -> int:
    """Hands of ``n`` cards holding no run of ``length`` or more in any suit (``gaps``: as
    :func:`longest_suit_counts`)."""
    if gaps:
        return _product((_suit_poly(lambda size, longest: longest < length, ranks, g) for g in gaps), n)
    return _power_coeff(_suit_poly(lambda size, longest: longest < length, ranks), SUITS, n)


@lru_cache(maxsize=None)
def set_free_count(n: int, size: int, ranks: int = SUIT_SIZE, per_rank: tuple[int, ...] = ()) -> int:
    """Hands of ``n`` cards holding no rank ``size`` or more times (``per_rank``: the cards
    of each rank in the pack, where some are taken out; else four of each).

    >>> set_free_count(2, 2) == comb(52, 2) - 13 * comb(4, 2)
    True
    >>> set_free_count(2, 2, 13, (4,) * 12 + (3,)) == comb(51, 2) - 12 * comb(4, 2) - comb(3, 2)
    True
    """
    if per_rank:
        return _product(([comb(k, j) for j in range(size)] for k in per_rank), n)
    poly = [comb(SUITS, k) for k in range(size)]
    return _power_coeff(poly, ranks, n)


def tricon_free_count(n: int, size: int, ranks: int = SUIT_SIZE) -> int:
    """Hands of ``n`` cards holding no rank ``size`` or more times (:func:`set_free_count`)."""
    return set_free_count(n, size, ranks)


def blank_table_odds(n: int, players: int, pack: int = PACK, courts: int = COURTS) -> tuple[Fraction, ...]:
    """``p[m]``: probability that exactly ``m`` of ``players`` hands of ``n`` cards from a
    pack of ``pack`` cards holding ``courts`` courts are blank.

    Inclusion-exclusion: with ``q[j] = C(pack - courts, j n) / C(pack, j n)`` the
    probability that ``j`` given players are all blank, ``P(exactly m) = sum over
    j >= m of (-1)**(j - m) C(j, m) C(players, j) q[j]``.
    """
    if players * n > pack:
        raise ValueError(f"{players} hands of {n} cards need more than {pack} cards")
    plain = pack - courts
    q = [Fraction(comb(plain, j * n), comb(pack, j * n)) for j in range(players + 1)]
    return tuple(
        sum((Fraction((-1) ** (j - m) * comb(j, m) * comb(players, j)) * q[j]
             for j in range(m, players + 1)), Fraction(0))
        for m in range(players + 1)
    )


# ------------------------------------------------------------ named cards ----


def _card_order(card: int) -> tuple[int, int]:
    return (-rank_of(card), suit_of(card))


def named_card_roles(rules: Ruleset) -> dict[int, list[str]]:
    """Every card the ruleset names, with what it is: ``{card: ["principal hoc", ...]}``,
    kings first. Board cards (a pool's ``card``), principal and permanent hocs, cards
    paid for when laid, cards charged when held at the end.

    >>> from hocdsl.rules import load_ruleset
    >>> roles = named_card_roles(load_ruleset("hoc-mazarin"))
    >>> [card_name(c) for c in roles], roles[36]
    (['KS', 'KH', 'KD', 'KC', 'QS', 'JD'], ['principal hoc'])
    """
    roles: dict[int, list[str]] = {}

    def add(cards: Iterable[int], role: str) -> None:
        for c in cards:
            if role not in roles.setdefault(c, []):
                roles[c].append(role)

    for pool in rules.pools:
        if pool.card is not None:
            add((pool.card,), f"board card of the {pool.id} pool")
    game = rules.card_game
    if game is not None:
        add(game.principal_hocs, "principal hoc" if game.principal_is_hoc else "wild card")
        add(game.permanent_hocs, "permanent hoc")
        for pay in game.paid_when_laid:
            add(pay.cards, "paid when laid")
    settle = rules.settle
    if settle is not None:
        for charge in settle.held_charges:
            add(charge.cards, "charged when held")
    return {c: roles[c] for c in sorted(roles, key=_card_order)}


def _named_groups(rules: Ruleset) -> dict[str, frozenset[int]]:
    """The named cards that make a group of more than one: ``principal hocs``, ``board cards``."""
    groups = {"board cards": frozenset(p.card for p in rules.pools if p.card is not None)}
    if rules.card_game is not None:
        groups["principal hocs"] = rules.card_game.principal_hocs
        groups["permanent hocs"] = rules.card_game.permanent_hocs
    return {k: v for k, v in groups.items() if len(v) > 1}


# ------------------------------------------------------------ report ----


@dataclass(frozen=True, slots=True)
class NamedCard:
    """One card the ruleset names: in one given hand, and anywhere at the table."""

    roles: tuple[str, ...]
    in_hand: Fraction
    at_the_table: Fraction  # 1 - this: out of play, seen by nobody


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact odds for one player's dealt hand, and for the table, under one ruleset.

    A statistic the ruleset does not play is ``None`` (an empty dict for the
    keyed ones) and left out of :meth:`as_dict`; ``notes`` say why.
    """

    ruleset: str
    players: int
    hand_size: int
    pack: int  # cards in the pack
    blank_hand: Fraction | None
    longest_suit: dict[int, Fraction]  # L -> P(longest suit has exactly L cards)
    sequence_at_least: dict[int, Fraction]  # k -> P(a run of k or more), min_length..counts_up_to
    tricon_at_least: dict[int, Fraction]  # the tricon stage's sizes -> P(a set of that size or more)
    set_at_least: dict[int, Fraction]  # 2 -> P(a pair or better), 3 -> brelan or better, 4 -> carré
    blank_at_least_one: Fraction | None  # at least one blank hand at the table
    blank_two_or_more: Fraction | None  # two or more (they cancel, 002 §8)
    named_cards: dict[int, NamedCard] = field(default_factory=dict)
    named_groups: dict[str, tuple[tuple[int, ...], Fraction]] = field(default_factory=dict)  # at least one in hand
    notes: tuple[str, ...] = ()
    #: with a card turned up naming trumps: ranks of trumps the ruleset names (highest first,
    #: ace above king) -> P(one hand holds all of them); one rank alone, or a holding claim's
    #: ranks together
    trumps_held: dict[tuple[int, ...], Fraction] = field(default_factory=dict)
    #: P(one hand holds at least one of the trump ranks the ruleset names)
    trumps_any: Fraction | None = None
    #: with a declare stage (Piquet): its combinations as it counts them, by name (see
    #: :func:`declaration_odds`)
    declarations: dict[str, Fraction] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The issue-4 JSON shape, probabilities as Fractions (see :func:`render_odds`);
        a statistic the ruleset does not play is left out."""
        out: dict[str, Any] = {
            "ruleset": self.ruleset,
            "players": self.players,
            "hand_size": self.hand_size,
            "pack": self.pack,
        }
        if self.blank_hand is not None:
            out["blank_hand"] = self.blank_hand
        out["longest_suit"] = {str(k): v for k, v in self.longest_suit.items()}
        if self.sequence_at_least:
            out["sequence_at_least"] = {str(k): v for k, v in self.sequence_at_least.items()}
        if self.tricon_at_least:
            out["tricon_at_least"] = {str(k): v for k, v in self.tricon_at_least.items()}
        out["set_at_least"] = {str(k): v for k, v in self.set_at_least.items()}
        if self.blank_at_least_one is not None:
            out["table"] = {"blank_at_least_one": self.blank_at_least_one,
                            "blank_two_or_more": self.blank_two_or_more}
        if self.named_cards:
            out["named_cards"] = {card_name(c): {"roles": list(nc.roles), "in_hand": nc.in_hand,
                                                 "at_the_table": nc.at_the_table}
                                  for c, nc in self.named_cards.items()}
        if self.named_groups:
            out["named_groups"] = {name: {"cards": [card_name(c) for c in cards], "at_least_one_in_hand": p}
                                   for name, (cards, p) in self.named_groups.items()}
        if self.trumps_held:
            trumps: dict[str, Fraction] = {" ".join(_rank_word(r) for r in ranks): p
                                           for ranks, p in self.trumps_held.items()}
            if self.trumps_any is not None:
                trumps["at_least_one"] = self.trumps_any
            out["trumps_held"] = trumps
        if self.declarations:
            out["declarations"] = dict(self.declarations)
        out["notes"] = list(self.notes)
        return out


#: Runs counted for a game with no vie stage on runs whose card game keeps runs to one suit.
CARD_GAME_RUNS: tuple[int, ...] = (3, 4, 5)


def _at_least(free: Callable[[int], int], sizes: Iterable[int], total: int) -> dict[int, Fraction]:
    return {k: 1 - Fraction(free(k), total) for k in sizes}


def _sequence_odds(rules: Ruleset, n: int, ranks: int, total: int, notes: list[str],
                   gaps: tuple[int, ...] = ()) -> dict[int, Fraction]:
    dc = rules.declare
    seq = rules.sequence or (dc.run_rules() if dc is not None else None)
    if seq is None:
        if rules.card_game is None or rules.card_game.runs != "same-suit":
            notes.append("no vie stage on runs: sequences are not counted")
            return {}
        # No vie on runs, but a card game whose runs keep to one suit: the runs a player
        # holds, to lay at a stretch.
        notes.append("no vie stage on runs: a sequence here is a run of the card game, consecutive "
                     f"cards in one suit, counted from {CARD_GAME_RUNS[0]} to {CARD_GAME_RUNS[-1]}")
        return _at_least(lambda k: sequence_free_count(n, k, ranks, gaps),
                         (k for k in CARD_GAME_RUNS if k <= min(ranks, n)), total)
    top = min(seq.counts_up_to, ranks)
    if top < seq.counts_up_to:
        notes.append(f"a suit of this pack has {ranks} cards: no sequence is longer")
    return _at_least(lambda k: sequence_free_count(n, k, ranks, gaps), range(seq.min_length, top + 1), total)


def _named_odds(rules: Ruleset, players: int, n: int, size: int, mask: int
                ) -> tuple[dict[int, NamedCard], dict[str, tuple[tuple[int, ...], Fraction]]]:
    cards: dict[int, NamedCard] = {}
    for c, roles in named_card_roles(rules).items():
        in_pack = bool(mask >> c & 1)
        cards[c] = NamedCard(tuple(roles), Fraction(n, size) if in_pack else Fraction(0),
                             Fraction(players * n, size) if in_pack else Fraction(0))
    groups: dict[str, tuple[tuple[int, ...], Fraction]] = {}
    for name, group in _named_groups(rules).items():
        k = sum(1 for c in group if mask >> c & 1)
        groups[name] = (tuple(sorted(group, key=_card_order)),
                        1 - Fraction(comb(size - k, n), comb(size, n)))
    return cards, groups


def trump_ranks(rules: Ruleset) -> tuple[tuple[int, ...], ...]:
    """The ranks of trumps the ruleset names, each alone (pools marked ``trump:``, holding
    claims) and each holding claim's ranks together, highest first (the ace above the king);
    empty without a turnup stage naming trumps.

    >>> from hocdsl.rules import load_ruleset
    >>> trump_ranks(load_ruleset("hoc-mazarin"))
    ()
    """
    turnup = rules.turnup
    if turnup is None or turnup.trumps == "none":
        return ()

    def key(r: int) -> int:
        return 14 if r == 1 else r

    singles = {p.trump for p in rules.pools if p.trump is not None}
    groups: list[tuple[int, ...]] = []
    for st in rules.stages:
        for claim in getattr(st, "claims", ()) if st.kind == "holding" else ():
            singles |= set(claim.trumps)
            if len(claim.trumps) > 1:
                groups.append(tuple(sorted(claim.trumps, key=key, reverse=True)))
    out = [(r,) for r in sorted(singles, key=key, reverse=True)]
    return tuple(out + [g for g in groups if g not in out])


def _trump_odds(rules: Ruleset, n: int, size: int, mask: int
                ) -> tuple[dict[tuple[int, ...], Fraction], Fraction | None]:
    """P(a hand holds all the trumps of each group of :func:`trump_ranks`), and P(at least one
    of the single ranks), the card turned up a uniform card of the pack (see the module)."""
    groups = trump_ranks(rules)
    if not groups:
        return {}, None
    cards = sorted_cards(mask)
    rest = comb(size - 1, n)  # hands from the N - 1 cards besides the one turned up

    def needed(ranks: tuple[int, ...], t: int) -> list[int] | None:
        """The cards of ``ranks`` in ``t``'s suit; None if one is out of the pack or is ``t``."""
        out = [(t // 13) * 13 + r - 1 for r in ranks]
        return None if any(not mask >> c & 1 or c == t for c in out) else out

    held: dict[tuple[int, ...], Fraction] = {}
    for ranks in groups:
        k = len(ranks)
        ways = sum(comb(size - 1 - k, n - k) for t in cards if needed(ranks, t) is not None)
        held[ranks] = Fraction(ways, size * rest)
    singles = [g[0] for g in groups if len(g) == 1]
    none = 0
    for t in cards:
        k = sum(1 for r in singles if needed((r,), t) is not None)
        none += comb(size - 1 - k, n)
    return held, 1 - Fraction(none, size * rest)


def copies_not_counted(rules: Ruleset) -> str:
    """Why ``hoc odds`` does not count a pack of copies (``pack.copies`` above 1)."""
    k = rules.pack.copies
    return (f"odds are not counted for packs shuffled together yet ({rules.name}: pack.copies {k}, "
            f"{k} x {pack_of(rules).size // k} cards): the counts here take each card of a suit as held "
            f"or not (2**R patterns a suit, C(4, k) ways to hold k cards of a rank); with {k} copies a "
            f"card is held 0 to {k} times and the copies are alike, so every count would be wrong")


def counted_set_free(n: int, size: int, counted: int, others: int) -> int:
    """Hands of ``n`` cards from four suits holding no rank that makes sets ``size`` or more
    times, ``counted`` ranks making sets and ``others`` not (Piquet: the tens and above
    make sets, the sevens, eights and nines do not).

    >>> counted_set_free(4, 4, 5, 3) == comb(32, 4) - 5   # the four cards of one counted rank
    True
    """
    free = [comb(SUITS, j) for j in range(size)]
    every = [comb(SUITS, j) for j in range(SUITS + 1)]
    return _product([free] * counted + [every] * others, n)


def declaration_odds(rules: Ruleset, players: int, notes: list[str]) -> dict[str, Fraction]:
    """With a declare stage (Piquet), its combinations in one hand as dealt, as the stage
    counts them: carte blanche (no court), a set of each size it scores (three of a rank that
    makes sets, or better; four), four aces; then, after the exchange, a quatorze of aces for
    the eldest and for the other when each keeps every ace he holds and exchanges all he may
    (``elder_most``; the other the rest of the stock). The point and the sequences are the
    longest suit and the runs counted above. After the exchange nothing else is counted: what
    a hand becomes depends on what its player keeps, a choice and not chance; a rule of
    keeping (every ace) makes it a count, and a note says so.

    >>> from hocdsl.rules import load_ruleset
    >>> d = declaration_odds(load_ruleset("piquet"), 2, [])
    >>> d["quatorze of aces"] == Fraction(comb(28, 8), comb(32, 12))
    True
    """
    dc = rules.declare
    if dc is None:
        return {}
    n = rules.hand_size(players)
    rules = rules.at_players(players)
    pack = pack_of(rules)
    size = pack.size
    total = comb(size, n)
    from .combos import makes_sets

    counted = sum(1 for r in pack.order if makes_sets(r, rules))
    others = len(pack.order) - counted
    courts = sum((pack.mask & RANK_MASKS[r - 1]).bit_count() for r in (JACK, QUEEN, KING))
    out: dict[str, Fraction] = {}
    if dc.carte_blanche:
        out["carte blanche (no court dealt)"] = Fraction(comb(size - courts, n), total)
    names = dict(dc.set_names)
    for k in sorted(dc.set_scores):
        name = names[k][0] if k in names else f"{k} of a rank"
        out[f"{name} or better (of a rank that makes sets)"] = 1 - Fraction(
            counted_set_free(n, k, counted, others), total)
    out["quatorze of aces"] = Fraction(comb(size - 4, n - 4), total)
    ex = rules.exchange
    if ex is not None and players == 2:
        unseen = size - n  # the cards a player has not seen: the other's hand and the stock
        stock = size - players * n
        first = min(ex.elder_most, stock)
        for who, draw in (("the eldest", first), ("the other", stock - first)):
            p = Fraction(0)
            for a in range(5):  # aces dealt
                need = 4 - a
                if need <= draw <= n - a:
                    p += Fraction(comb(4, a) * comb(size - 4, n - a), total) * Fraction(
                        comb(unseen - need, draw - need), comb(unseen, draw))
            out[f"quatorze of aces after the exchange, {who} keeping his aces and taking {draw}"] = p
        notes.append("after the exchange only a quatorze of aces is counted, for a player who keeps every "
                     "ace and exchanges all he may: the cards he takes are a uniform draw from the cards he "
                     "has not seen, so that is exact; any other figure depends on what he chooses to keep")
    return out


def hand_odds(rules: Ruleset, players: int) -> Odds:
    """Exact odds of a hand dealt under ``rules`` to one of ``players``.

    Sequences are counted as the ruleset counts them: "at least k" for each k
    from ``rules.sequence.min_length`` to ``rules.sequence.counts_up_to``; a
    longer run counts (a run of 7 is at least a quinte). The pack is the
    ruleset's at ``players`` (:func:`hocdsl.pack.pack_of`; ``pack.cards_by_players``).
    """
    n = rules.hand_size(players)
    rules = rules.at_players(players)
    pack = pack_of(rules)
    if pack.copies > 1:
        raise ValueError(copies_not_counted(rules))
    size, ranks = pack.size, len(pack.order)
    if players * n > size:
        raise ValueError(f"{players} hands of {n} cards need more than the {size} cards of the pack")
    courts = sum((pack.mask & RANK_MASKS[r - 1]).bit_count() for r in (JACK, QUEEN, KING))
    total = comb(size, n)
    # cards taken out one by one (pack.removed): per suit the positions they leave empty, and
    # per rank the cards left; () for a pack of whole suits, counted as before
    gaps: tuple[int, ...] = tuple(
        sum(1 << i for i, r in enumerate(pack.order) if not pack.mask >> (suit * 13 + r - 1) & 1)
        for suit in range(SUITS))
    per_rank: tuple[int, ...] = tuple((pack.mask & RANK_MASKS[r - 1]).bit_count() for r in pack.order)
    if not any(gaps):
        gaps, per_rank = (), ()
    notes: list[str] = []
    if size != PACK:
        notes.append(f"a pack of {size} cards, {ranks} to a suit, in the order "
                     + " ".join(_rank_word(r) for r in pack.order) + "; runs follow that order")
    blank = rules.blank_hand is not None
    if not blank and rules.declare is None:
        notes.append("no blank-hand stage: blank hands are not counted")
    counts = longest_suit_counts(n, ranks, gaps)
    tricon = rules.tricon
    if tricon is None and rules.declare is None:
        notes.append("no vie stage on sets: the tricon's sizes are not counted (sets of one rank are)")
    declarations = declaration_odds(rules, players, notes)
    table = blank_table_odds(n, players, size, courts) if blank else None
    named, groups = _named_odds(rules, players, n, size, pack.mask)
    trumps_held, trumps_any = _trump_odds(rules, n, size, pack.mask)
    return Odds(
        ruleset=rules.name,
        players=players,
        hand_size=n,
        pack=size,
        blank_hand=Fraction(comb(size - courts, n), total) if blank else None,
        longest_suit={L: Fraction(c, total) for L, c in enumerate(counts) if c},
        sequence_at_least=_sequence_odds(rules, n, ranks, total, notes, gaps),
        tricon_at_least=_at_least(lambda k: set_free_count(n, k, ranks, per_rank), sorted(tricon.names), total)
        if tricon is not None else {},
        set_at_least=_at_least(lambda k: set_free_count(n, k, ranks, per_rank), SET_SIZES, total),
        blank_at_least_one=1 - table[0] if table else None,
        blank_two_or_more=1 - table[0] - table[1] if table else None,
        named_cards=named,
        named_groups=groups,
        notes=tuple(notes),
        trumps_held=trumps_held,
        trumps_any=trumps_any,
        declarations=declarations,
    )


def _rank_word(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def odds_report(rules: Ruleset, players: int) -> dict[str, Any]:
    """:func:`hand_odds` as the issue-4 dict, probabilities as exact Fractions.

    ``{"hand_size": n, "pack": N, "blank_hand": p, "longest_suit": {"3": p, ...},
    "sequence_at_least": {"3": p, "4": p, "5": p}, "tricon_at_least": {"3": p, "4": p},
    "set_at_least": {"2": p, "3": p, "4": p},
    "table": {"blank_at_least_one": p, "blank_two_or_more": p},
    "named_cards": {"KS": {"roles": [...], "in_hand": p, "at_the_table": p}, ...},
    "named_groups": {"principal hocs": {"cards": [...], "at_least_one_in_hand": p}},
    "notes": [...]}`` plus ``ruleset`` and ``players``; what the ruleset does not
    play is left out (and a note says so). Pass it to :func:`render_odds` for JSON.
    """
    return hand_odds(rules, players).as_dict()


Mode = Literal["fraction", "float", "both"]


def render_probability(p: Fraction, mode: Mode = "both") -> Any:
    """One probability for output: ``"a/b"``, a float, or ``{"fraction": "a/b", "float": x}``.

    >>> render_probability(Fraction(1, 4))
    {'fraction': '1/4', 'float': 0.25}
    """
    if mode == "fraction":
        return f"{p.numerator}/{p.denominator}"
    if mode == "float":
        return float(p)
    if mode == "both":
        return {"fraction": f"{p.numerator}/{p.denominator}", "float": float(p)}
    raise ValueError(f"mode {mode!r}: expected 'fraction', 'float' or 'both'")


def render_odds(report: dict[str, Any], mode: Mode = "both") -> dict[str, Any]:
    """A copy of an :func:`odds_report` dict with every Fraction rendered by ``mode``.

    The result is plain JSON (``json.dumps`` takes it as is).

    >>> render_odds({"hand_size": 12, "blank_hand": Fraction(1, 3)}, "fraction")
    {'hand_size': 12, 'blank_hand': '1/3'}
    """
    def walk(v: Any) -> Any:
        if isinstance(v, Fraction):
            return render_probability(v, mode)
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        return v

    rendered: dict[str, Any] = {k: walk(v) for k, v in report.items()}
    return rendered
