"""The simulator's metrics: what is counted per hand, and what is reported.

Per hand the simulator adds integers to *quantities* (chips, counts, 0/1
events); a *metric* is a ratio of two quantity sums (or, for the standard
deviation, a function of three). Names and meanings (also in the README):

Per seat position -- ``eldest`` (first to speak and play), ``second`` (three
players only), ``dealer`` (the last):

- ``net_per_hand.<position>``: mean chips won (+) or lost (-) per hand by the
  seat in that position (every chip move of the hand: antes, raises, pools,
  payments, hocs, end payment). The positional advantage.
- ``card_win_rate.<position>``: share of hands whose card game that position
  wins (first out of cards).
- ``net_per_seat.<k>``: mean chips per hand of seat ``k`` (the seats rotate
  through the positions; with different bots per seat, how each bot fares).

Per chance ``c`` (``point``, ``sequence``, ``tricon``):

- ``won_rate.c``: share of hands in which someone won chance ``c``.
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

Hands and the card game:

- ``blank_hand_rate``: share of dealt hands (per player and hand) that are
  blank -- no king, queen or jack (002 §8).
- ``blank_paid_rate``: share of hands in which a blank hand was paid.
- ``sequence_held_rate.<k>``: share of dealt hands holding a run of at least
  ``k`` (``k`` from the ruleset's shortest sequence to its ``counts_up_to``).
- ``tricon_held_rate.3`` / ``.4``: share of dealt hands holding a brelan or
  better / a carré.
- ``longest_suit_mean``: mean length of a dealt hand's longest suit.
- ``hocs_per_hand``, ``accidental_hocs_per_hand``, ``principal_hocs_per_hand``:
  mean hocs per hand (all; the uncovered last card of a run, plain kings
  included; principal hocs laid).
- ``cards_left``: mean cards left in a loser's hand when the card game ends
  (per loser: each player but the one who went out).
- ``cards_left_share.<k>``: share of losers left with exactly ``k`` cards (the
  distribution; JSON also gives the raw counts under ``distributions``).
- ``end_payment``: mean chips a loser pays the winner of the card game by the
  end-payment schedule (``rules.settle.owed``).
- ``turns_per_hand``: mean actions per hand (every announcement and card,
  forced ones included: a "without" with nothing to lay counts).
- ``decisions_per_hand``: mean actions per hand that were real choices.
- ``sd_net_per_hand``: standard deviation of one player's chips won or lost
  per hand (all seats pooled): how much of a gamble the variant is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.model import CHANCES

POSITIONS = {2: ("eldest", "dealer"), 3: ("eldest", "second", "dealer")}


@dataclass(frozen=True)
class Metric:
    """A reported metric: ``kind`` ``ratio`` (``args = (num, den)``) or ``sd``
    (``args = (sum of squares, sum, den)``), over quantity indices."""

    name: str
    kind: str
    args: tuple[int, ...]


class Layout:
    """The quantities counted per hand for ``players`` under ``rules``, their
    indices, and the metrics made of them."""

    def __init__(self, rules, players: int) -> None:
        self.players = players
        size = rules.hand_size(players)
        self.hand_size = size
        names: list[str] = []

        def q(name: str) -> int:
            names.append(name)
            return len(names) - 1

        self.HANDS = q("hands")
        self.PLAYER_HANDS = q("player_hands")
        self.LOSERS = q("losers")
        pos = POSITIONS[players]
        self.positions = pos
        self.NET_POS = [q(f"net.{p}") for p in pos]
        self.CARD_WIN_POS = [q(f"card_win.{p}") for p in pos]
        self.NET_SEAT = [q(f"net.seat{s}") for s in range(players)]
        self.NET_SUM = q("net_sum")
        self.NET_SQ = q("net_sq")
        self.WON = [q(f"won.{c}") for c in CHANCES]
        self.PASSED = [q(f"passed.{c}") for c in CHANCES]
        self.DOUBLE = [q(f"double.{c}") for c in CHANCES]
        self.TRIPLE = [q(f"triple.{c}") for c in CHANCES]
        self.POOL_WON = [q(f"pool_won.{c}") for c in CHANCES]
        self.PAY_WON = [q(f"pay_won.{c}") for c in CHANCES]
        self.BLANK_DEALT = q("blank_dealt")
        self.BLANK_PAID = q("blank_paid")
        sr = rules.sequence
        self.seq_lengths = tuple(range(sr.min_length, sr.counts_up_to + 1))
        self.SEQ_HELD = [q(f"seq_held.{k}") for k in self.seq_lengths]
        self.TRI_HELD = [q("tri_held.3"), q("tri_held.4")]
        self.LONGEST = q("longest_suit")
        self.HOCS = q("hocs")
        self.PRINCIPAL = q("principal_hocs")
        self.ACCIDENTAL = q("accidental_hocs")
        self.CARDS_LEFT = q("cards_left")
        self.END_PAY = q("end_payment")
        self.LEFT_K = [q(f"left.{k}") for k in range(size + 1)]  # index k: k cards left
        self.TURNS = q("turns")
        self.DECISIONS = q("decisions")
        self.names = tuple(names)
        self.size = len(names)
        owed = rules.settle.owed
        self.owed = tuple(owed(k) if k else 0 for k in range(size + 1))

        H, PH, L = self.HANDS, self.PLAYER_HANDS, self.LOSERS
        ms: list[Metric] = []

        def ratio(name: str, num: int, den: int) -> None:
            ms.append(Metric(name, "ratio", (num, den)))

        for p, i in zip(pos, self.NET_POS):
            ratio(f"net_per_hand.{p}", i, H)
        for p, i in zip(pos, self.CARD_WIN_POS):
            ratio(f"card_win_rate.{p}", i, H)
        for s, i in enumerate(self.NET_SEAT):
            ratio(f"net_per_seat.{s}", i, H)
        for j, c in enumerate(CHANCES):
            ratio(f"won_rate.{c}", self.WON[j], H)
            ratio(f"all_pass_rate.{c}", self.PASSED[j], H)
            ratio(f"double_rate.{c}", self.DOUBLE[j], H)
            ratio(f"triple_rate.{c}", self.TRIPLE[j], H)
            ratio(f"pool_when_won.{c}", self.POOL_WON[j], self.WON[j])
            ratio(f"pays_when_won.{c}", self.PAY_WON[j], self.WON[j])
        ratio("blank_hand_rate", self.BLANK_DEALT, PH)
        ratio("blank_paid_rate", self.BLANK_PAID, H)
        for k, i in zip(self.seq_lengths, self.SEQ_HELD):
            ratio(f"sequence_held_rate.{k}", i, PH)
        ratio("tricon_held_rate.3", self.TRI_HELD[0], PH)
        ratio("tricon_held_rate.4", self.TRI_HELD[1], PH)
        ratio("longest_suit_mean", self.LONGEST, PH)
        ratio("hocs_per_hand", self.HOCS, H)
        ratio("accidental_hocs_per_hand", self.ACCIDENTAL, H)
        ratio("principal_hocs_per_hand", self.PRINCIPAL, H)
        ratio("cards_left", self.CARDS_LEFT, L)
        for k in range(1, size + 1):
            ratio(f"cards_left_share.{k}", self.LEFT_K[k], L)
        ratio("end_payment", self.END_PAY, L)
        ratio("turns_per_hand", self.TURNS, H)
        ratio("decisions_per_hand", self.DECISIONS, H)
        ms.append(Metric("sd_net_per_hand", "sd", (self.NET_SQ, self.NET_SUM, PH)))
        self.metrics = tuple(ms)

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
