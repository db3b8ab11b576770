"""The simulator's metrics: what is counted per hand, and what is reported.

Per hand the simulator adds integers to *quantities* (chips, counts, 0/1
events); a *metric* is a ratio of two quantity sums (or, for the standard
deviation, a function of three). Which metrics there are depends on the
ruleset (its vie stages, pools, claims, card game and settle stage) and on
the number of players. Names and meanings (also in the README):

Per seat position -- ``eldest`` (first to speak and play), then ``second``,
``third``, ... in the direction of play, and ``dealer`` (the last; with two
players the eldest and the dealer only):

- ``net_per_hand.<position>``: mean chips won (+) or lost (-) per hand by the
  seat in that position (every chip move of the hand: antes, raises, pools,
  payments, hocs, end payment). The positional advantage.
- ``card_win_rate.<position>``: share of hands whose card game that position
  wins (first out of cards).
- ``net_per_seat.<k>``: mean chips per hand of seat ``k`` (1 to players, counted as
  ``hoc play --seat`` counts them; the seats rotate
  through the positions; with different bots per seat, how each bot fares).

Per vie stage ``c``, by its stage id (``point``, ``sequence``, ``tricon`` in
Hoc Mazarin; the multiplier is that of the stage's pool):

- ``won_rate.c``: share of hands in which someone won stage ``c``.
- ``all_pass_rate.c``: share of hands in which nobody won it (all passed, or a
  bluff under ``bluff: pool-carries``): its pool stays and it goes double.
- ``double_rate.c`` / ``triple_rate.c``: share of hands in which ``c`` is bid
  at a multiplier of 2 or more / 3 or more (3 needs the triple-game extension).
- ``pool_when_won.c``: mean chips its winner takes from the pool (carried
  pool, antes and every raise and call), over the hands in which ``c`` is won.
- ``pays_when_won.c``: mean chips the other players pay its winner for the
  combination he shows (sequence and tricon tables, times the multiplier, from
  each other player; always 0 for the point), over the hands in which ``c``
  is won.

Per pool ``p``, by its pool id (``rules.pools``):

- ``pool_taken_rate.p``: share of hands in which a player takes chips from
  pool ``p`` (a vie stage's winner, a board card laid, going out at once;
  antes refunded are not taken).
- ``pool_take.p``: mean chips taken from it, over the hands in which it is
  taken.
- ``pool_left.p``: mean chips left in it at the end of a hand, carried to the
  next deal (a box nobody took; a pool passed by all).
- ``pool_doubled_rate.p`` / ``pool_doubled.p``: with ``board_held:
  doubles-pool`` and a board card, share of hands in which a player still
  held its card at the end and doubled the box, and the mean chips he put in,
  over those hands.

Hands and the card game:

- ``blank_hand_rate``: share of dealt hands (per player and hand) that are
  blank -- no king, queen or jack (002 §8). With a claims stage only, as
  ``blank_paid_rate``: share of hands in which a blank hand was paid.
- ``sequence_held_rate.<k>``: share of dealt hands holding a run of at least
  ``k`` (``k`` from the ruleset's shortest sequence to its ``counts_up_to``;
  with a vie stage on runs only).
- ``tricon_held_rate.3`` / ``.4``: share of dealt hands holding a brelan or
  better / a carré (with a vie stage on sets only).
- ``longest_suit_mean``: mean length of a dealt hand's longest suit.

With a stops stage (the card game):

- ``hocs_per_hand``: mean hocs per hand, of every kind.
- ``hocs_per_hand.<kind>``: mean hocs per hand of one kind: ``principal``
  (a principal hoc laid), ``permanent`` (a card that always ends a run),
  ``end-of-run`` (the top card of the order when it is no principal hoc: a
  king, where the kings are not all principal),
  ``accidental`` (the last card of a run nobody could follow).
- ``principal_hocs_per_hand``: mean principal hocs per hand (the same as
  ``hocs_per_hand.principal``).
- ``accidental_hocs_per_hand``: mean hocs per hand that are not principal --
  every other kind together (permanent, end-of-run and accidental): what the
  name meant before hocs had kinds, when the plain king counted as accidental.
- ``first_turn_out_rate``: share of hands in which the winner of the card game
  went out in his first turn, before anyone else had laid a card (the opéra of
  the Nain jaune, the grand opéra of the Lindor).
- ``cards_left``: mean cards left in a loser's hand when the card game ends
  (per loser: each player but the one who went out).
- ``cards_left_share.<k>``: share of losers left with exactly ``k`` cards (the
  distribution; JSON also gives the raw counts under ``distributions``).

With a settle stage:

- ``end_payment``: mean chips a loser pays the winner of the card game for
  the cards he has left, by ``rules.settle.losers_pay`` (the schedule,
  ``rules.settle.owed``; so much a card; or the points of his cards), before
  any doubling for going out at once and without the charges for cards held.
- ``first_turn_sweep``: with ``first_turn_out_pools``, mean chips a winner who
  went out at once took from the board by the sweep, over those hands.
- ``held_charges``: with ``held_charges``, mean chips per hand paid for named
  cards still held at the end (to each player and to the winner).
- ``board_held_charges``: with ``board_held: doubles-pool``, mean chips per
  hand paid into the boxes for board cards still held (every box together).

Always:

- ``turns_per_hand``: mean actions per hand (every announcement and card,
  forced ones included: a "without" with nothing to lay counts).
- ``decisions_per_hand``: mean actions per hand that were real choices.
- ``sd_net_per_hand``: standard deviation of one player's chips won or lost
  per hand (all seats pooled): how much of a gamble the variant is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.cardgame import HOC_KINDS

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.model import Ruleset

#: The names of the seats after the eldest, in the direction of play, up to
#: eight players; the last seat is always the dealer.
ORDINALS = ("eldest", "second", "third", "fourth", "fifth", "sixth", "seventh")


def positions(players: int) -> tuple[str, ...]:
    """The seat positions of a table of ``players``, eldest first, dealer last.

    >>> positions(2), positions(4)
    (('eldest', 'dealer'), ('eldest', 'second', 'third', 'dealer'))
    """
    if not 2 <= players <= len(ORDINALS) + 1:
        raise ValueError(f"{players} players: the simulator seats 2 to {len(ORDINALS) + 1}")
    return ORDINALS[:players - 1] + ("dealer",)


@dataclass(frozen=True)
class Metric:
    """A reported metric: ``kind`` ``ratio`` (``args = (num, den)``) or ``sd``
    (``args = (sum of squares, sum, den)``), over quantity indices."""

    name: str
    kind: str
    args: tuple[int, ...]


@dataclass(frozen=True)
class VieCounts:
    """The quantities of one vie stage, and the index of its pool."""

    id: str
    pool: int  # index in rules.pools
    won: int
    passed: int
    double: int
    triple: int
    pool_won: int
    pay_won: int


@dataclass(frozen=True)
class CardCounts:
    """The quantities of the card game (a stops stage): hocs, the winner by
    position, losers and their cards left; ``end_payment`` with a settle stage."""

    win_pos: tuple[int, ...]  # per position: card games won
    losers: int
    hocs: int
    principal: int
    accidental: int  # every hoc that is not principal
    kinds: dict[str, int]  # hoc kind -> its quantity
    first_turn_out: int
    cards_left: int
    left_k: tuple[int, ...]  # index k: losers left with k cards
    end_payment: int | None
    swept: int | None = None  # chips taken by going out at once (first_turn_out_pools)
    held: int | None = None  # chips paid for named cards held (held_charges)
    board_held: int | None = None  # chips paid into the boxes for board cards held


class Layout:
    """The quantities counted per hand for ``players`` under ``rules``, their
    indices, and the metrics made of them. A quantity the ruleset cannot have
    is absent: its index is None (no blank hand), its list empty (no vie stage on
    runs), ``cards`` None (no card game)."""

    def __init__(self, rules: Ruleset, players: int) -> None:
        self.players = players
        size = rules.hand_size(players)
        self.hand_size = size
        names: list[str] = []

        def q(name: str) -> int:
            names.append(name)
            return len(names) - 1

        self.HANDS = q("hands")
        self.PLAYER_HANDS = q("player_hands")
        pos = positions(players)
        self.positions = pos
        cards = rules.card_game is not None
        self.NET_POS = [q(f"net.{p}") for p in pos]
        self.NET_SEAT = [q(f"net.seat{s}") for s in range(players)]
        self.NET_SUM = q("net_sum")
        self.NET_SQ = q("net_sq")
        self.vie = tuple(
            VieCounts(v.id, rules.pool_index(v.pool), q(f"won.{v.id}"), q(f"passed.{v.id}"),
                      q(f"double.{v.id}"), q(f"triple.{v.id}"), q(f"pool_won.{v.id}"),
                      q(f"pay_won.{v.id}"))
            for v in rules.vie_stages)
        self.pool_ids = rules.pool_ids
        self.POOL_TAKEN = [q(f"pool_taken.{p}") for p in self.pool_ids]
        self.POOL_TAKE = [q(f"pool_take.{p}") for p in self.pool_ids]
        self.POOL_LEFT = [q(f"pool_left.{p}") for p in self.pool_ids]
        st0 = rules.settle if rules.card_game is not None else None
        doubling = st0 is not None and st0.board_held == "doubles-pool"
        #: (pool index, times doubled, chips paid in) for each pool with a board card
        self.POOL_DOUBLED = tuple((i, q(f"pool_doubled.{p.id}"), q(f"pool_doubled_chips.{p.id}"))
                                  for i, p in enumerate(rules.pools)
                                  if doubling and p.card is not None)
        bh = rules.blank_hand
        self.blank_all_paid = bh is not None and bh.ties == "all-paid"
        self.BLANK_DEALT = q("blank_dealt") if bh is not None else None
        self.BLANK_PAID = q("blank_paid") if bh is not None else None
        sr = rules.sequence
        self.seq_lengths = tuple(range(sr.min_length, sr.counts_up_to + 1)) if sr is not None else ()
        self.SEQ_HELD = [q(f"seq_held.{k}") for k in self.seq_lengths]
        self.TRI_HELD = [q("tri_held.3"), q("tri_held.4")] if rules.tricon is not None else []
        self.LONGEST = q("longest_suit")
        st = rules.settle if cards else None
        self.cards: CardCounts | None = None
        if cards:
            self.cards = CardCounts(
                win_pos=tuple(q(f"card_win.{p}") for p in pos), losers=q("losers"), hocs=q("hocs"),
                principal=q("principal_hocs"), accidental=q("accidental_hocs"),
                kinds={k: q(f"hocs.{k}") for k in HOC_KINDS}, first_turn_out=q("first_turn_out"),
                cards_left=q("cards_left"), left_k=tuple(q(f"left.{k}") for k in range(size + 1)),
                end_payment=q("end_payment") if st is not None else None,
                swept=q("swept") if st is not None and st.sweeps else None,
                held=q("held_paid") if st is not None and st.held_charges else None,
                board_held=q("board_held_paid") if self.POOL_DOUBLED else None)
        self.TURNS = q("turns")
        self.DECISIONS = q("decisions")
        self.names = tuple(names)
        self.size = len(names)
        # What a loser left with k cards pays, when the cards' number says it
        # (losers_pay: schedule or per-card); None when it is their points.
        self.owed: tuple[int, ...] | None = None
        if st is not None and st.losers_pay == "schedule":
            self.owed = tuple(st.owed(k) if k else 0 for k in range(size + 1))
        elif st is not None and st.losers_pay == "per-card":
            self.owed = tuple(st.per_card * k for k in range(size + 1))
        self.metrics = self._metrics()

    def _metrics(self) -> tuple[Metric, ...]:
        H, PH = self.HANDS, self.PLAYER_HANDS
        cg = self.cards
        ms: list[Metric] = []

        def ratio(name: str, num: int | None, den: int | None) -> None:
            if num is not None and den is not None:
                ms.append(Metric(name, "ratio", (num, den)))

        for p, i in zip(self.positions, self.NET_POS):
            ratio(f"net_per_hand.{p}", i, H)
        for p, i in zip(self.positions, cg.win_pos if cg else ()):
            ratio(f"card_win_rate.{p}", i, H)
        for s, i in enumerate(self.NET_SEAT):
            ratio(f"net_per_seat.{s + 1}", i, H)  # seats counted from 1, as `hoc play --seat`
        for v in self.vie:
            ratio(f"won_rate.{v.id}", v.won, H)
            ratio(f"all_pass_rate.{v.id}", v.passed, H)
            ratio(f"double_rate.{v.id}", v.double, H)
            ratio(f"triple_rate.{v.id}", v.triple, H)
            ratio(f"pool_when_won.{v.id}", v.pool_won, v.won)
            ratio(f"pays_when_won.{v.id}", v.pay_won, v.won)
        for p, taken, take in zip(self.pool_ids, self.POOL_TAKEN, self.POOL_TAKE):
            ratio(f"pool_taken_rate.{p}", taken, H)
            ratio(f"pool_take.{p}", take, taken)
        for p, left in zip(self.pool_ids, self.POOL_LEFT):
            ratio(f"pool_left.{p}", left, H)
        for i, times, chips in self.POOL_DOUBLED:
            ratio(f"pool_doubled_rate.{self.pool_ids[i]}", times, H)
            ratio(f"pool_doubled.{self.pool_ids[i]}", chips, times)
        ratio("blank_hand_rate", self.BLANK_DEALT, PH)
        ratio("blank_paid_rate", self.BLANK_PAID, H)
        for k, i in zip(self.seq_lengths, self.SEQ_HELD):
            ratio(f"sequence_held_rate.{k}", i, PH)
        if self.TRI_HELD:
            ratio("tricon_held_rate.3", self.TRI_HELD[0], PH)
            ratio("tricon_held_rate.4", self.TRI_HELD[1], PH)
        ratio("longest_suit_mean", self.LONGEST, PH)
        if cg is not None:
            L = cg.losers
            ratio("hocs_per_hand", cg.hocs, H)
            ratio("accidental_hocs_per_hand", cg.accidental, H)
            ratio("principal_hocs_per_hand", cg.principal, H)
            for kind, i in cg.kinds.items():
                ratio(f"hocs_per_hand.{kind}", i, H)
            ratio("first_turn_out_rate", cg.first_turn_out, H)
            ratio("cards_left", cg.cards_left, L)
            for k in range(1, len(cg.left_k)):
                ratio(f"cards_left_share.{k}", cg.left_k[k], L)
            ratio("end_payment", cg.end_payment, L)
            ratio("first_turn_sweep", cg.swept, cg.first_turn_out)
            ratio("held_charges", cg.held, H)
            ratio("board_held_charges", cg.board_held, H)
        ratio("turns_per_hand", self.TURNS, H)
        ratio("decisions_per_hand", self.DECISIONS, H)
        ms.append(Metric("sd_net_per_hand", "sd", (self.NET_SQ, self.NET_SUM, PH)))
        return tuple(ms)

    def pairs(self, offsets: tuple[int, ...] = (0,)) -> list[tuple[int, int]]:
        """The pair sums the metrics need; with ``offsets`` (0, size) for a paired
        comparison, the pairs within and across the two copies of each metric."""
        out = set()
        for m in self.metrics:
            idx = [o + a for o in offsets for a in m.args]
            for x in idx:
                for y in idx:
                    if x <= y:
                        out.add((x, y))
        return sorted(out)
