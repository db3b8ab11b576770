"""How the heuristic bot plays a tricks stage with declarations in play (Bezique, source 004),
after 004's "Hints for play":

- keep the bézique cards, the sequence cards (the five best trumps), kings and queens; throw
  the sevens, eights, nines and the knaves of plain suits (but the bézique knave);
- unless a brisque is led or there is something to declare, let the trick go, or win it with
  a brisque; when a brisque is led, win it if that costs little;
- having won a trick, declare the combination that scores most;
- once the stock is out, make the brisques: lead a card nobody can beat, win a trick worth
  something with the lowest card that wins it, else throw the lowest.

Pure functions of what the seat sees (:class:`~hocdsl.engine.tricks.TricksSeen`), any copy of
the pack (``pack.copies``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action, Meld
from ..cards import Card, iter_cards
from ..engine.cardgame import PLAYS
from ..engine.tricks import TricksSeen, beats

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import SeatView

ACE, SEVEN, TEN, KNAVE, QUEEN, KING = 1, 7, 10, 11, 12, 13


def keep_value(c: Card, seen: TricksSeen) -> int:
    """How much the seat would rather keep ``c`` while the stock lasts: what it may still
    declare with it (004 §Hints), then its strength."""
    st = seen.rules
    r, s = c % 13 + 1, c // 13 & 3
    trumps = seen.trumps
    v = seen.power[r]
    if (c % 52) in {b % 52 for b in st.bezique_cards}:
        v += 50
    if s == trumps and r in (ACE, TEN, KING, QUEEN, KNAVE) and st.trump_sequence:
        v += 40
    if r in (KING, QUEEN):
        v += 25
    if r == SEVEN and s == trumps and st.trump_seven:
        v += 30
    if r in (ACE, TEN):
        v += 12  # a brisque: not thrown away
    if s == trumps:
        v += 10
    return v


def meld_trick(view: SeatView, seen: TricksSeen) -> Action:
    """The bot's action in a tricks stage with declarations in play."""
    legal = view.legal_actions()
    if seen.drawing:
        melds = [a for a in legal if type(a) is Meld]
        if melds:
            return max(melds, key=lambda m: m.points)
        return legal[0]
    if len(legal) == 1:
        return legal[0]
    power = seen.power
    trumps = seen.trumps
    pts = seen.rules.card_points or {}
    mine = list(iter_cards(seen.playable()))
    trick = seen.trick

    def worth(c: Card) -> int:
        return pts.get(c % 13 + 1, 0)

    if seen.stock_out:  # the last tricks: make the brisques
        def low(c: Card) -> tuple[int, int, int]:
            return (c // 13 & 3 == trumps, worth(c), power[c % 13 + 1])
        if not trick:
            unseen = view.unseen
            masters = [c for c in mine if not any(beats(u, c, power, trumps) for u in iter_cards(unseen))]
            if masters:
                return PLAYS[max(masters, key=worth)]
            return PLAYS[min(mine, key=low)]
        best, _ = seen.best
        winners = [c for c in mine if beats(c, best, power, trumps)]
        if winners and (seen.points_in(trick) + max(worth(c) for c in winners) > 0 or seen.tricks_left <= 1):
            return PLAYS[min(winners, key=low)]
        return PLAYS[min(mine, key=low)]

    def cheap(c: Card) -> tuple[int, int]:
        return (keep_value(c, seen), worth(c))

    if not trick:  # lead a card not worth keeping, not a brisque
        return PLAYS[min(mine, key=lambda c: (worth(c) > 0, keep_value(c, seen)))]
    best, _ = seen.best
    winners = [c for c in mine if beats(c, best, power, trumps)]
    if winners:
        led_brisque = seen.points_in(trick) > 0
        to_declare = bool(seen.held_melds())
        brisques = [c for c in winners if worth(c) > 0 and keep_value(c, seen) < 60]
        cheapest = min(winners, key=cheap)
        if to_declare or (led_brisque and keep_value(cheapest, seen) < 45) or seen.tricks_left <= 1:
            return PLAYS[cheapest]
        if brisques:  # 004 §Hints: pass the trick, or win it with a brisque
            return PLAYS[min(brisques, key=cheap)]
    return PLAYS[min(mine, key=lambda c: (worth(c) > 0, keep_value(c, seen)))]
