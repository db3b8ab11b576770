"""The Académie's typology of a hoc game, read off a ruleset's knobs.

The games of the family differ, in the Académie des jeux oubliés' words ("Les jeux de hocs"
§3, notes in ``shared/sources/family/family.md``), first by the sequence — its order, and
whether a run keeps to one suit — and by which kinds of hoc are used (end-of-run,
accidental, permanent, principal, the principal ones perhaps wild); then by the gains and
payments. :func:`typology` says the three of one ruleset, each as short tags (for scripts and
tests) and in words, from the knobs alone — nothing here is written per game:

- **the sequence**: ``pack.order`` and ``pack.cards`` (from which card to which a run goes),
  the card game's ``runs`` (any suit, or the suit of its first card) and ``after_top``
  (whether the top card ends the run or the run wraps round);
- **the hocs**: end-of-run when the top card ends the run (``after_top: new-run``),
  accidental when ``accidental_hocs``, permanent when ``permanent_hocs`` names cards,
  principal when ``principal_hocs`` does (and ``principal_is_hoc``), wild when those may
  stand for another card (``principal_wild``);
- **the payments**: the stakes bid for (``vie`` stages), a blank hand paid (``claims``), a
  board of pools with their cards (``pools.*.card``, staked by ``ante_by``, taken by
  ``board_laid``, doubled by ``board_held``), the hocs and cards paid for in play (``*_pay``,
  ``paid_when_laid``), what the losers pay at the end (``settle.losers_pay``), the charges
  for cards held, and going out at once.

>>> from hocdsl.rules import load_ruleset
>>> t = typology(load_ruleset("nain-jaune-1760"))
>>> t.sequence.words, t.sequence.tags
('ace to king, in the suit of its first card', ('ace-to-king', 'same-suit', 'top-ends-run'))
>>> t.hocs.tags
('end-of-run', 'accidental', 'permanent')
>>> t.payments.tags
('board', 'end:per-card', 'first-turn-out')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card, rank_name
from .pack import pack_of
from .rules.describe import words_for
from .rules.model import Ruleset, Stops, knob_fields

__all__ = ["Trait", "Typology", "typology", "TRAITS"]

#: The three traits, in the Académie's order: the attribute, a table's heading, the question.
TRAITS = (("sequence", "the sequence", "how the sequence runs"), ("hocs", "the hocs", "which kinds of hoc"),
          ("payments", "the payments", "how payments go"))


@dataclass(frozen=True, slots=True)
class Trait:
    """One trait of a game: short tags (stable names, for scripts) and words (for readers)."""

    tags: tuple[str, ...]
    words: str

    def as_dict(self) -> dict[str, Any]:
        return {"tags": list(self.tags), "words": self.words}


@dataclass(frozen=True, slots=True)
class Typology:
    """The Académie's three traits of one ruleset."""

    ruleset: str
    sequence: Trait
    hocs: Trait
    payments: Trait

    def as_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "sequence": self.sequence.as_dict(), "hocs": self.hocs.as_dict(),
                "payments": self.payments.as_dict()}


#: The model's words for a set of named cards (``KS KH KD KC``): those of the permanent hocs.
_CARDS_SPEC = dict(knob_fields(Stops))["permanent_hocs"]


def _cards(cards: frozenset[Card]) -> str:
    """``QS JC 10D``: named cards as ``hoc show`` writes them, highest first."""
    return words_for(_CARDS_SPEC, cards)


_TIMES = {2: "double", 3: "triple", 4: "four times over"}


def _sequence(rules: Ruleset, stops: Stops | None) -> Trait:
    pack = pack_of(rules)
    span = f"{rank_name(pack.low)} to {rank_name(pack.top)}"
    tags = [f"{rank_name(pack.low)}-to-{rank_name(pack.top)}"]
    if stops is None:
        return Trait(tuple(tags), f"{span}; no card game")
    same = stops.runs == "same-suit"
    tags.append("same-suit" if same else "any-suit")
    words = span + (", in the suit of its first card" if same else ", any suit")
    if stops.after_top == "wraps":
        tags.append("wraps")
        words += f"; after the {rank_name(pack.top)} it goes on from the {rank_name(pack.low)}"
    else:
        tags.append("top-ends-run")
    return Trait(tuple(tags), words)


def _hocs(rules: Ruleset, stops: Stops | None) -> Trait:
    if stops is None:
        return Trait((), "none: no card game")
    tags: list[str] = []
    words: list[str] = []
    if stops.after_top == "new-run":
        tags.append("end-of-run")
        words.append(f"end-of-run (the {rank_name(pack_of(rules).top)})")
    if stops.accidental_hocs:
        tags.append("accidental")
        words.append("accidental")
    if stops.permanent_hocs:
        tags.append("permanent")
        words.append(f"permanent {_cards(stops.permanent_hocs)}")
    if stops.principal_hocs:
        cards = _cards(stops.principal_hocs)
        wild = stops.principal_wild != "never"
        when = "when its holder lacks the card" if stops.principal_wild == "when-missing" else "for any card"
        if stops.principal_is_hoc:
            tags.append("principal")
            words.append(f"principal {cards}" + (f", wild {when}" if wild else ""))
        elif wild:
            words.append(f"{cards} wild {when} (no hoc)")
        if wild:
            tags.append("wild")
    return Trait(tuple(tags), ", ".join(words) or "none")


_VIE_WORDS = {"point": "the point", "run": "the sequence", "set": "the tricon"}


def _payments(rules: Ruleset, stops: Stops | None) -> Trait:
    tags: list[str] = []
    words: list[str] = []
    vie = [_VIE_WORDS.get(str(getattr(s, "on", "")), s.id) for s in rules.vie_stages]
    if vie:
        tags.append("bidding")
        words.append("stakes bid on " + ", ".join(vie))
    blank = rules.blank_hand
    if blank is not None:
        tags.append("blank-hand")
        words.append("blank hand paid")
    board = [p for p in rules.pools if p.card is not None]
    if board:
        tags.append("board")
        who = {p.ante_by for p in board}
        staked = "by all" if who == {"each"} else "by the dealer" if who == {"dealer"} else "by some"
        cards = " ".join(_cards(frozenset({p.card})) for p in board if p.card is not None)
        text = f"a board of {len(board)} boxes ({cards}) staked {staked}"
        if stops is not None and stops.board_laid == "takes-pool":
            text += ", taken by laying its card"
        settle = rules.settle
        if settle is not None and settle.board_held == "doubles-pool":
            text += ", doubled by holding it to the end"
        words.append(text)
    if stops is not None:
        paid = [kind for kind, pay in (("end-of-run", stops.end_of_run_pay if stops.after_top == "new-run" else 0),
                                       ("accidental", stops.accidental_pay if stops.accidental_hocs else 0),
                                       ("permanent", stops.permanent_pay if stops.permanent_hocs else 0),
                                       ("principal", stops.principal_pay
                                        if stops.principal_hocs and stops.principal_is_hoc else 0))
                if pay > 0]
        if paid:
            tags.append("hocs-paid")
            words.append("hocs paid (" + ", ".join(paid) + ")")
        if stops.paid_when_laid:
            tags.append("cards-paid-when-laid")
            cards = " ".join(_cards(p.cards) for p in stops.paid_when_laid)
            words.append(f"{cards} paid when laid")
    settle = rules.settle
    if settle is not None:
        tags.append(f"end:{settle.losers_pay}")
        words.append({"schedule": "losers pay by a schedule of cards left",
                      "points": "losers pay the points of their cards",
                      "per-card": f"losers pay {settle.per_card} a card left"}[settle.losers_pay])
        if settle.held_charges:
            tags.append("held-charges")
            held = "; ".join(_cards(h.cards) for h in settle.held_charges)
            words.append(f"cards held charged ({held})")
        if settle.sweeps or settle.first_turn_factor > 1:
            tags.append("first-turn-out")
            factor = settle.first_turn_factor
            effects = (["takes every pool"] if settle.sweeps else []) + \
                ([f"is paid {_TIMES.get(factor, f'{factor} times as much')}"] if factor > 1 else [])
            words.append("going out at once " + " and ".join(effects))
    return Trait(tuple(tags), "; ".join(words) or "none")


def typology(rules: Ruleset) -> Typology:
    """The Académie's three traits of ``rules`` (see the module)."""
    stops = rules.card_game
    return Typology(rules.name + "".join(f" + {e}" for e in rules.extensions),
                    _sequence(rules, stops), _hocs(rules, stops), _payments(rules, stops))
