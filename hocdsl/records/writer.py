"""Write a game record: what was dealt and said, as a YAML file that reads back the same.

:func:`write_record` takes the players, the ruleset and extensions, and for
each deal the dealer, the hands and the actions applied in order; it renders
every announcement with :func:`~hocdsl.announce.format_action` (a card-play
turn with :func:`~hocdsl.announce.format_turn`: one turn per line, the
player's consecutive cards and his "without", with ``hoc!`` after each hoc),
and leaves out what a reader supplies by default (a lone winner's conceal, a
blank-hand holder's pass). The deal is replayed through the engine to know
who speaks and where the hocs fall, so the actions must be the ones applied,
forced ones included.

>>> from hocdsl.actions import PASS, PLAY, WITHOUT
>>> from hocdsl.cards import parse_card
>>> text = write_record(["Anne", "Blaise"], "hoc-mazarin", deals=[PlayedDeal(
...     dealer="Blaise",
...     hands={"Anne": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H",
...            "Blaise": "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 3C"},
...     actions=[PASS] * 6 + [PLAY[parse_card(c)] for c in
...              "AH 2H 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S".split()])])
>>> print(text.split("announcements:")[1].strip().splitlines()[-1].strip())
- "Anne: AH 2H 3S 4S 5S 6S 7S 8S 9S 10S JS QS hoc! KS hoc! AS 2S"
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from ..actions import CLAIM, HOC_MARK, Claim, Conceal, HocMark, Pass, Play, Without
from ..announce import Vocabulary, format_action, format_turn
from ..cards import hand_str, parse_hand
from ..engine import Game
from ..engine.bidding import bidding_mode
from ..engine.events import BLANK_STAGE, Hoc, SaidWithout
from ..rules import load_ruleset
from ..rules.model import Ruleset
from .replay import Replay, apply_said


@dataclass(frozen=True)
class PlayedDeal:
    """One deal to write: ``dealer`` (a name or seat), ``hands`` (per player,
    a mapping by name or a sequence in seat order; bitsets or card text), and
    ``actions`` in the order applied -- plain actions, or ``(player, action)``
    pairs (the player is then checked against the seat to act). ``HocMark``
    values are ignored: the writer places ``hoc!`` itself. ``expect`` is
    written as the deal's ``expect:`` (hand-worked nets by ruleset key)."""

    dealer: str | int
    hands: Mapping[str, int | str] | Sequence[int | str]
    actions: Sequence[Any]
    notes: str | None = None
    expect: Mapping[str, Mapping[str, int]] | None = None
    #: the deal's ``points:`` (hand-worked points by ruleset key), for a game that scores points
    points: Mapping[str, Mapping[str, int]] | None = None


def played_deals(replay: Replay) -> list[PlayedDeal]:
    """The deals of a replayed record as :class:`PlayedDeal` values (what each
    player said, implied defaults included), e.g. to write the record again."""
    out = []
    for d in replay.deals:
        acts: list[tuple[str, Any]] = []
        for sp in d.spoken:
            acts.extend((sp.player, a) for a in sp.actions)
        out.append(PlayedDeal(d.dealer, dict(d.record.hands), acts, d.record.notes,
                              {k: dict(v) for k, v in d.record.expect.items()} or None,
                              {k: dict(v) for k, v in d.record.points.items()} or None))
    return out


# ------------------------------------------------------------- YAML --


def _scalar(s: str) -> str:
    """``s`` as a YAML scalar: plain where YAML reads it back as the same text, else quoted."""
    if s and s == s.strip() and not any(ch in s for ch in "#:,[]{}&*!|>'\"%@`?"):
        try:
            if yaml.safe_load(f"k: {s}") == {"k": s}:
                return s
        except yaml.YAMLError:
            pass
    return _quoted(s)


def _quoted(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def _lines(g: Game, actions: Sequence[Any], rules: Ruleset, vocab: Vocabulary, lang: str,
           names: tuple[str, ...]) -> tuple[list[str], bool]:
    """Replay ``actions`` on ``g``; return the announcement lines and whether a
    false "without" was charged."""
    lines: list[str] = []
    turn: list[Any] = []
    turn_seat: int | None = None
    owed_mark: set[int] = set()  # seats whose accidental hoc is announced at their next turn
    penalty = False

    def flush() -> None:
        nonlocal turn, turn_seat
        if turn:
            assert turn_seat is not None  # set with the turn's first action
            lines.append(f"{names[turn_seat]}: {format_turn(turn, vocab, lang)}")
        turn, turn_seat = [], None

    for item in actions:
        if isinstance(item, tuple):
            who, a = item
            seat = names.index(who) if isinstance(who, str) else who
            if not g.is_over and seat != g.to_act and not isinstance(a, HocMark):
                assert g.to_act is not None  # the hand is on
                raise ValueError(f"{names[seat]} is said to play {a!r}, but it is "
                                 f"{names[g.to_act]}'s turn")
        else:
            a = item
        if isinstance(a, HocMark):
            continue
        if g.is_over:
            raise ValueError(f"{a!r} comes after the end of the hand")
        s = g.to_act
        assert s is not None  # the hand is on
        implied = ((isinstance(a, Conceal) and bidding_mode(g) == "lone")
                   or (isinstance(a, Pass) and g.stage == BLANK_STAGE))
        n0 = len(g.events)
        apply_said(g, a, rules)
        new = g.events[n0:]
        penalty = penalty or any(isinstance(e, SaidWithout) and e.false for e in new)
        if isinstance(a, (Play, Without, Claim)):
            if turn_seat != s:
                flush()
                turn_seat = s
                if s in owed_mark and not isinstance(a, Claim):
                    turn.append(HOC_MARK)
                owed_mark.discard(s)
            turn.append(HOC_MARK if isinstance(a, Claim) else a)
            if not g.is_over and CLAIM in g.legal_actions():
                continue  # a hoc to claim: "hoc!" is written where (and if) it is claimed
            for e in new:
                if isinstance(e, Hoc):
                    if isinstance(a, Play) and e.seat == s and e.card == a.card:
                        turn.append(HOC_MARK)
                    else:
                        owed_mark.add(e.seat)
            if isinstance(a, Without):
                flush()
        else:
            flush()
            if not implied:
                lines.append(f"{names[s]}: {format_action(a, vocab, lang)}")
    flush()
    if not g.is_over:
        raise ValueError("the actions end before the hand is over")
    return lines, penalty


def write_record(
    players: Sequence[str],
    ruleset: str,
    extensions: Sequence[str] = (),
    deals: Sequence[PlayedDeal] = (),
    *,
    title: str | None = None,
    notes: str | None = None,
    stake: int | None = None,
    lang: str = "en",
    rules: Ruleset | None = None,
) -> str:
    """The YAML text of a record of ``deals`` played by ``players`` under
    ``ruleset`` (a bundled name or path, written as given) with ``extensions``.

    Announcements are written in ``lang`` ("en" or "fr"). ``rules`` may be
    given to skip loading the ruleset. Raises ValueError if the actions do
    not make a whole hand, or IllegalAction if one is refused.
    """
    if rules is None:
        rules = load_ruleset(ruleset, tuple(extensions))
    vocab = Vocabulary.from_ruleset(rules)
    names = tuple(players)
    strict = True
    blocks: list[str] = []
    carry = None
    for d in deals:
        dealer = names.index(d.dealer) if isinstance(d.dealer, str) else d.dealer
        if isinstance(d.hands, Mapping):
            given = [d.hands[p] for p in names]
        else:
            given = list(d.hands)
        if rules.pack.copies > 1:  # packs shuffled together: the game reads which copy is whose
            g = Game(rules, names, dealer=dealer, hands=given, carry=carry, strict=False)
            hands = list(g.dealt)
        else:
            hands = [parse_hand(h) if isinstance(h, str) else h for h in given]
            g = Game(rules, names, dealer=dealer, hands=hands, carry=carry, strict=False)
        lines, penalty = _lines(g, d.actions, rules, vocab, lang, names)
        strict = strict and not penalty
        carry = g.carry_out
        b = [f"  - dealer: {_scalar(names[dealer])}"]
        if d.notes:
            b.append(f"    notes: {_quoted(' '.join(d.notes.split()))}")
        b.append("    hands:")
        b += [f"      {_scalar(p)}: {hand_str(h)}" for p, h in zip(names, hands)]
        b.append("    announcements:")
        b += [f"      - {_quoted(line)}" for line in lines]
        for word, table in (("expect", d.expect), ("points", d.points)):
            if table:
                b.append(f"    {word}:")
                for key, nets in table.items():
                    row = ", ".join(f"{_scalar(p)}: {nets[p]}" for p in names)
                    b.append(f"      {_scalar(key)}: {{{row}}}")
        blocks.append("\n".join(b))
    head = ["# A hoc game record (see docs/records.md); written by hocdsl."]
    if title:
        head.append(f"title: {_quoted(title)}")
    if notes:
        head.append(f"notes: {_quoted(' '.join(notes.split()))}")
    head.append(f"ruleset: {_scalar(ruleset)}")
    head.append("with: [" + ", ".join(_scalar(e) for e in extensions) + "]")
    head.append("players: [" + ", ".join(_scalar(p) for p in names) + "]")
    if stake is not None:
        head.append(f"stake: {stake}")
    if rules.pack.copies > 1:
        head.append(f"copies: {rules.pack.copies}")
    if not strict:
        head.append("false_without: penalty")
    head.append("deals:")
    return "\n".join(head + blocks) + "\n"
