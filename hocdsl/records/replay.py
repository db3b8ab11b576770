"""Replay a game record through the engine, announcement by announcement.

A :class:`~hocdsl.engine.Partie` is played with the record's players; each
deal is dealt as written (dealer and hands), pools and multipliers carried
from one deal to the next. Each announcement ``"Name: text"`` is parsed with
the ruleset's :class:`~hocdsl.announce.Vocabulary`, ``Name`` must be the
seat to act, and each action is applied; the first one the rules refuse
stops the replay with a :class:`RecordError` naming the record line, the
player, what was said and the rule (``IllegalAction.rule``).

Two things a record-writer leaves unsaid, as at the table:

- a player left alone on a chance who does not say "show" keeps his hand
  hidden (002 §5.1): when the next line is not his "show" (or "conceal"),
  ``Conceal`` is applied for him;
- a blank-hand holder who says nothing does not declare it (002 §8 "il peut
  le déclarer"): when the next line is not his "blank hand" (or "pass"),
  ``Pass`` is applied for him.

A ``hoc!`` written in a turn is checked: a hoc must have just happened
there -- after the card that made it (a principal hoc, a king), or at the
start of the turn of a player whose last card nobody could cover (002 §9.2:
the accidental hoc is announced when its player starts the new sequence).
Where the ruleset requires a claim (``must_claim``) and its player has
something to claim, ``hoc!`` is the claim (:class:`~hocdsl.actions.Claim`):
left unsaid before his next card or "without", what he earned is forfeited.

>>> from hocdsl.records import parse_record
>>> rec = parse_record('''
... ruleset: hoc-mazarin
... players: [Anne, Blaise]
... deals:
...   - dealer: Blaise
...     hands:
...       Anne: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H
...       Blaise: AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 3C
...     announcements:
...       - "Anne: pass"
...       - "Blaise: pass"
...       - "Anne: pass"
...       - "Blaise: pass"
...       - "Anne: pass"
...       - "Blaise: pass"
...       - "Anne: AH 2H 3S 4S 5S 6S 7S 8S 9S 10S JS QS hoc! KS hoc! AS 2S"
... ''', "x.yaml")
>>> r = replay_record(rec)
>>> r.deals[0].net, r.balances        # 6 chips of antes stay in the pools
({'Anne': 29, 'Blaise': -35}, {'Anne': 129, 'Blaise': 65})
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..actions import (
    CLAIM, CONCEAL, PASS, Action, Conceal, DeclareBlank, DeclarePoint, DeclareSequence, DeclareTricon,
    HocMark, Pass, Show,
)
from ..announce import AnnouncementError, Vocabulary, format_action, parse_announcement
from ..cards import a_rank, rank_letter
from ..engine import Game, IllegalAction, Partie
from ..engine.bidding import ChanceBidding, bidding_mode, put_in, stake
from ..engine.cardgame import card_winner, need
from ..engine.errors import Rule
from ..announce.parser import Said
from ..engine.events import BLANK_STAGE, CARDS_STAGE, ChanceWon, Event, Hoc
from ..rules import RulesetError, load_ruleset
from ..rules.loader import looks_like_path
from ..rules.model import Ruleset
from .errors import RecordError
from .model import Announcement, DealRecord, Mark, Record

# Cited as the loaded ruleset cites the knob (engine.errors.Rule), only when refusing.
RULE_TURN = Rule("deal.direction", "one speaks and plays in turn")
RULE_HOC = Rule("{stage}.accidental_hocs", "\"hoc!\" is said for a hoc, accidental or principal")
_DECLARATIONS = (DeclarePoint, DeclareSequence, DeclareTricon)


@dataclass
class Spoken:
    """One announcement as replayed: what was said and what it did.

    ``text`` is as written in the record (None for an announcement applied
    by default, ``implied``); ``actions`` the values it was read as, in order
    (``HocMark`` included; a ``hoc!`` that claims is the ``Claim``); ``events`` the engine events it produced (chip
    moves among them); ``notes`` anything the replay had to say about it.
    """

    player: str
    text: str | None
    actions: tuple[Said, ...]
    implied: bool
    at: Mark | None
    stage: str
    events: tuple[Event, ...] = ()
    notes: tuple[str, ...] = ()
    #: the ties lost on precedence the notes tell, as data (:class:`TieNote`: their words in French)
    ties: tuple[TieNote, ...] = ()


#: Why the holder of a tie had the precedence (:class:`TieNote`).
TIE_WHY = {
    "en": {"first": "the first to declare after the others passed", "eldest": "the eldest",
           "nearer": "nearer {start} (where the precedence starts) in the order of play"},
    "fr": {"first": "premier à annoncer après que les autres ont passé", "eldest": "premier en main",
           "nearer": "plus près de {start} (où commence la préséance) dans l'ordre du jeu"},
}


@dataclass(frozen=True)
class TieNote:
    """A declaration equal to the best so far that lost on precedence (002 §3.1-3.2, §5.2):
    who held the precedence (``holder``, with ``best``, the declaration that stands), why
    (``why``: a key of :data:`TIE_WHY`; ``start``, where the precedence starts), and the rule
    (``precedence``, the knob's value, ``cite``, its provenance)."""

    holder: str
    best: Any
    why: str
    start: str
    precedence: str
    cite: str

    def words(self, vocab: Vocabulary, lang: str = "en") -> str:
        """The note in ``lang``: ``equal to Blaise's 5 cards, 31: the tie goes to Blaise, ...``."""
        why = TIE_WHY[lang][self.why].format(start=self.start)
        if lang == "fr":
            of = "d'" if self.holder[:1].lower() in "aeiouyàâéèêîôû" else "de "  # d'Anne, de Blaise
            return (f"égal à l'annonce {of}{self.holder} ({format_action(self.best, vocab, 'fr')}) : "
                    f"l'égalité revient à {self.holder}, qui a la préséance comme {why} "
                    f"(bidding.precedence : {self.precedence}, {self.cite})")
        return (f"equal to {self.holder}'s {format_action(self.best, vocab)}: the tie goes to "
                f"{self.holder}, who has the precedence as {why} (bidding.precedence: "
                f"{self.precedence}, {self.cite})")


@dataclass
class DealReplay:
    """One deal replayed: the game (its events), what was said, each player's net."""

    record: DealRecord
    game: Game
    dealer: str
    eldest: str
    rotation_dealer: str | None  # who the ruleset's dealer rotation would have dealing
    setup_events: tuple[Event, ...]  # hand started, cards dealt, antes
    #: what the end of the partie did after the last announcement (its points settled in chips)
    end_events: tuple[Event, ...] = ()
    spoken: list[Spoken] = field(default_factory=list)
    net: dict[str, int] = field(default_factory=dict)
    balances: dict[str, int] = field(default_factory=dict)  # after this deal
    expect: dict[str, int] | None = None  # the record's hand-worked nets for this ruleset
    points: dict[str, int] = field(default_factory=dict)  # points each player scored in the deal
    expect_points: dict[str, int] | None = None  # the record's hand-worked points (``points:``)
    #: points each player kept apart in the deal (``card_points_when: apart``), for the settlement
    apart: dict[str, int] | None = None

    @property
    def matches_expect(self) -> bool | None:
        """Whether the replay gives what the record worked by hand: the nets (``expect:``) and
        the points (``points:``), each where the record states it (None: it states neither)."""
        if self.expect is None and self.expect_points is None:
            return None
        return ((self.expect is None or self.expect == self.net)
                and (self.expect_points is None or self.expect_points == self.points))


@dataclass
class Replay:
    """A whole record replayed under one ruleset."""

    record: Record
    rules: Ruleset
    key: str  # the ruleset name with its extensions: "hoc-mazarin+triple-game"
    stake: int
    deals: list[DealReplay]
    balances: dict[str, int]
    partie: Partie

    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players


def _cut(text: str, most: int = 60) -> str:
    """``text`` for a headline: a very long one cut short with "…"."""
    return text if len(text) <= most else text[: most - 1] + "…"


def ruleset_key(rules: Ruleset) -> str:
    """The key a record's ``expect:`` uses for ``rules``: its name, ``+`` each extension."""
    return "+".join((rules.name, *rules.extensions))


def load_record_ruleset(record: Record, ruleset: str | None = None, with_: Sequence[str] = ()) -> Ruleset:
    """The ruleset to replay ``record`` under: ``ruleset`` (overriding the
    record's) or the record's own, with the record's extensions and ``with_``.

    A ruleset path written in the record is relative to the record's file.
    A bundled name the record gets wrong is reported at its line in the record.
    """
    name = ruleset or record.ruleset
    if name is None:
        raise RecordError(record.file, 1, 1, "the record names no ruleset; expected `ruleset:` "
                                             "(a bundled name or a path) at the top level",
                          hint="or give one with --ruleset")
    exts = list(record.with_)
    exts += [e for e in with_ if e not in exts]

    def rel(ref: str) -> str:
        if record.directory and looks_like_path(ref) and not os.path.isabs(ref):
            return os.path.join(record.directory, ref)
        return ref

    target = name if ruleset else rel(name)
    ext_refs = [rel(e) if e in record.with_ else e for e in exts]
    try:
        return load_ruleset(target, ext_refs)
    except RulesetError as e:
        if ruleset is None and e.line is None and (e.file is None and e.path == "RULESET" or e.file == target):
            found = e.found if e.file is None else f"`{name}`, found {e.found}"
            raise RecordError(record.file, *record.ruleset_at, f"ruleset: {found}; expected {e.expected}",
                              hint=f"did you mean `{e.suggestion}`?" if e.suggestion else e.hint) from None
        own = [rel(x) for x in record.with_]
        if e.line is None and (e.file is None and e.path == "--with" and any(x in record.with_ for x in exts)
                               or e.file in own):
            written = next((x for x in record.with_ if rel(x) == e.file), e.file)
            found = e.found if e.file is None else f"`{written}`, found {e.found}"
            raise RecordError(record.file, *record.with_at, f"with: {found}; expected {e.expected}",
                              hint=f"did you mean `{e.suggestion}`?" if e.suggestion else e.hint) from None
        raise


# ------------------------------------------------------------- waiting --


def waiting_for(g: Game) -> str:
    """What the game waits for, in words: ``Blaise to lay a 7 or say "without 7"``."""
    if g.is_over:
        return "nothing: the hand is over"
    s = g.to_act
    assert s is not None  # the hand is on
    who = g.names[s]
    stage = g.stage
    if stage == BLANK_STAGE:
        return f"{who} (a blank hand) to declare it (\"blank hand\") or pass"
    if stage == CARDS_STAGE:
        wanted = need(g)
        if not wanted:
            return f"{who} to lead a card"
        r = rank_letter(wanted)
        return f"{who} to lay {a_rank(wanted)} or say \"without {r}\""
    mode = bidding_mode(g)
    if mode == "open":
        b = g.rules.bidding
        declare = ", or declare" if b is not None and b.declaring_closes_bidding else ""
        return f"{who} to speak on the {stage}: pass or raise{declare}"
    if mode == "raised":
        return (f"{who} to call, raise or pass on the {stage} (the stake is {stake(g)}, "
                f"{who} has put in {put_in(g, s)})")
    if mode == "declaring":
        return f"{who} to declare the {stage}, or say \"that's fine\" (or \"nothing\" if nobody has declared)"
    if mode == "lone":
        return f"{who}, left alone on the {stage}, to show or not"
    return f"{who} to act ({stage})"  # pragma: no cover - every stage is named above


# -------------------------------------------------------------- replay --


class _DealPlayer:
    """Applies one deal's announcements to a game."""

    def __init__(self, record: Record, deal: DealRecord, g: Game, rules: Ruleset,
                 vocab: Vocabulary, dr: DealReplay) -> None:
        self.record = record
        self.deal = deal
        self.g = g
        self.rules = rules
        self.vocab = vocab
        self.dr = dr
        self.pending_hoc: int | None = None  # seat whose hoc has just happened, not yet marked

    def error(self, ann: Announcement, message: str, *, detail: str | None = None,
              hint: str | None = None, rule: str | None = None, at_text: bool = False) -> RecordError:
        line, col = ann.text_at if at_text else ann.at
        return RecordError(self.record.file, line, col, message, detail=detail, hint=hint, rule=rule)

    def run(self) -> None:
        g = self.g
        for ann in self.deal.announcements:
            try:
                actions = parse_announcement(ann.text, self.vocab)
            except AnnouncementError as e:
                line, col = ann.text_at
                if e.line == 1 and ann.text_at != ann.at:
                    col += e.column - 1
                raise RecordError(self.record.file, line, col,
                                  f"{ann.player} said \"{_cut(ann.text)}\", which cannot be read "
                                  f"under {self.rules.name}", detail=str(e)) from None
            if g.is_over and not self.only_hoc_marks(ann, actions):
                raise self.error(ann, f"{ann.player} said \"{ann.text}\" after the hand was over "
                                      f"({self._over_words()})",
                                 hint="a deal ends when a player has laid his last card; start the "
                                      "next deal with `- dealer: ...`")
            self.defaults(ann, actions)
            self.say(ann, actions)
        self.defaults(None, ())
        if not g.is_over:
            line, col = self.deal.end_at or self.deal.at
            raise RecordError(self.record.file, line, col,
                              f"deal {self.deal.number}: the record ends before the hand is over: "
                              f"waiting for {waiting_for(g)}",
                              hint="a deal's announcements go on until a player lays his last card")

    def only_hoc_marks(self, ann: Announcement, actions: Sequence[Said]) -> bool:
        """True for a line that only says "hoc!" (a no-op): checked by :meth:`say`
        like any other "hoc!", so it is accepted after the last card made a hoc."""
        return bool(actions) and all(isinstance(a, HocMark) for a in actions)

    def _over_words(self) -> str:
        g = self.g
        out = card_winner(g)
        if out is not None:
            return f"{g.names[out]} went out"
        return "it is over"

    def defaults(self, ann: Announcement | None, actions: Sequence[Said]) -> None:
        """Apply what a record leaves unsaid before ``ann``: a lone winner's
        conceal, a blank-hand holder's pass."""
        g = self.g
        while not g.is_over:
            s = g.to_act
            assert s is not None  # the hand is on
            first = actions[0] if actions else None
            speaks = ann is not None and g.names[s] == ann.player
            if bidding_mode(g) == "lone":
                if speaks and isinstance(first, (Show, Conceal)):
                    return
                self.apply_implied(CONCEAL)
            elif g.stage == BLANK_STAGE:
                if speaks and isinstance(first, (DeclareBlank, Pass)):
                    return
                self.apply_implied(PASS)
            else:
                return

    def apply_implied(self, action: Action) -> None:
        g = self.g
        s = g.to_act
        assert s is not None  # called while the hand is on (defaults)
        stage = g.stage
        n0 = len(g.events)
        g.apply(action)  # Conceal (not must-show) and Pass (blank, optional) are always legal here
        self.pending_hoc = None
        self.dr.spoken.append(Spoken(g.names[s], None, (action,), True, None, stage,
                                     tuple(g.events[n0:])))

    def _cite(self, rule: Rule) -> str:
        """``rule`` as the loaded ruleset cites it."""
        cg = self.rules.card_game
        return rule.cite(self.rules, cg.id if cg is not None else "card_game")

    def say(self, ann: Announcement, actions: Sequence[Said]) -> None:
        g = self.g
        seat = self.record.seat(ann.player)
        stage = g.stage
        if self.only_hoc_marks(ann, actions) and self.dr.spoken:
            stage = self.dr.spoken[-1].stage  # "hoc!" alone belongs to the turn it follows
        n0 = len(g.events)
        notes: list[str] = []
        ties: list[TieNote] = []
        said: list[Said] = []  # the actions as read: a "hoc!" that claims is the Claim
        for k, a in enumerate(actions):
            if isinstance(a, HocMark) and not g.is_over and g.to_act == seat and CLAIM in g.legal_actions():
                a = CLAIM  # where a claim is owed, "hoc!" is the claim
            said.append(a)
            if isinstance(a, HocMark):
                if self.pending_hoc != seat:
                    where = ("at the start of the turn" if k == 0
                             else f"after {format_action(actions[k - 1], self.vocab)}")
                    rule = self._cite(RULE_HOC)
                    raise self.error(
                        ann, f"{ann.player} said \"{ann.text}\": \"hoc!\" {where}, but no hoc "
                             f"of {ann.player}'s has just happened there ({rule})",
                        rule=rule,
                        hint="write \"hoc!\" after a principal hoc (or a king), or at the start of "
                             "the turn in which a player whose last card nobody could cover leads anew")
                continue  # a no-op: saying it again for the same hoc is harmless
            if g.is_over:
                raise self.error(ann, f"{ann.player} said \"{ann.text}\": after "
                                      f"{format_action(actions[k - 1], self.vocab)} the hand is over "
                                      f"({self._over_words()}), so {format_action(a, self.vocab)} "
                                      "cannot be played")
            if g.to_act != seat:
                assert g.to_act is not None  # the hand is on (checked above)
                rule = self._cite(RULE_TURN)
                raise self.error(
                    ann, f"{ann.player} said \"{ann.text}\" out of turn: it is "
                         f"{g.names[g.to_act]}'s turn, waiting for {waiting_for(g)} ({rule})",
                    rule=rule)
            m0 = len(g.events)
            try:
                tie = apply_said(g, a, self.rules)
            except IllegalAction as e:
                at = f"at {format_action(a, self.vocab)}: " if len(actions) > 1 else ""
                raise self.error(ann, f"{ann.player} said \"{ann.text}\": {at}{e.message} ({e.rule})",
                                 rule=e.rule) from None
            if tie is not None:
                ties.append(tie)
                notes.append(tie.words(self.vocab))
            self.pending_hoc = seat if a is CLAIM else None  # "hoc!" again is harmless
            for ev in g.events[m0:]:
                if ev.__class__ is Hoc:
                    self.pending_hoc = ev.seat
        self.dr.spoken.append(Spoken(ann.player, ann.text, tuple(said), False, ann.at, stage,
                                     tuple(g.events[n0:]), tuple(notes), tuple(ties)))


def apply_said(g: Game, a: Any, rules: Ruleset) -> TieNote | None:
    """Apply what a player said (``a``) to ``g``; return a note when it was a
    declaration equal to the best so far that loses on precedence (see
    :func:`tie_note`), else None. Raises :class:`IllegalAction` as ``g.apply`` does.
    """
    seat = g.to_act
    note = tie_note(g, a, seat, rules) if seat is not None else None  # over: g.apply refuses
    n0 = len(g.events)
    g.apply(a)
    if note is None:
        return None
    ph = g.phase  # did the declaration take the lead?
    if isinstance(ph, ChanceBidding) and ph.best is not None:
        return note if ph.best[0] != seat else None
    won = [e for e in g.events[n0:] if e.__class__ is ChanceWon]
    return note if won and won[0].seat != seat else None


def tie_note(g: Game, a: Any, seat: int, rules: Ruleset) -> TieNote | None:
    """If ``a`` is a declaration exactly equal to the best one so far (same
    comparison key), the note saying who holds the precedence; else None.

    002 §5.1 has only a hand *below* a predecessor's say "c'est bon"; an
    equal one is declared, and the tie goes by precedence (002 §3.1-3.2,
    §5.2): the transcript says who held it. Reads the bidding phase
    (:class:`~hocdsl.engine.bidding.ChanceBidding`): its ``best``, ``best_cmp``,
    ``kind`` and ``prec_start`` (read only); the rule is ``rules.bidding.precedence``.
    """
    ph = g.phase
    bidding = rules.bidding
    if (bidding is None or not isinstance(ph, ChanceBidding) or bidding_mode(g) != "declaring"
            or not isinstance(a, _DECLARATIONS)):
        return None
    best, best_cmp = ph.best, ph.best_cmp
    if best is None or best_cmp is None:
        return None
    try:
        entry = ph.kind.resolve(a, g.hand(seat))
    except IllegalAction:
        return None
    if entry[1] != best_cmp[0]:
        return None
    holder = g.names[best[0]]
    p = rules.provenance.get("bidding.precedence")
    cite = p.where() if p is not None else "editorial"
    start = ph.prec_start
    if best[0] == start != g.eldest:
        why = "first"
    elif best[0] == g.eldest:
        why = "eldest"
    else:
        why = "nearer"
    return TieNote(holder, best[1], why, g.names[start], str(bidding.precedence), cite)


def _check_copies(record: Record, rules: Ruleset) -> None:
    """A record dealing packs shuffled together (``copies:``) replays only under a ruleset
    that shuffles as many (``pack.copies``): refused with the rule as the ruleset cites it."""
    have = rules.pack.copies
    if record.copies <= have:
        return
    p = rules.provenance.get("pack.copies")
    if p is not None:
        cite = f"pack.copies: {have}, {p.cite()}"
    else:  # not written: one pack, the default; its pack is cited by pack.cards
        cards = rules.provenance.get("pack.cards")
        cite = "pack.copies: 1, the default" + (f"; pack.cards: {cards.cite()}" if cards is not None else "")
    packs = "one pack, each card dealt once" if have == 1 else f"{have} packs shuffled together"
    line, col = record.copies_at or (1, 1)
    raise RecordError(record.file, line, col,
                      f"copies: found {record.copies} packs shuffled together; {rules.name} plays with "
                      f"{packs} ({cite})",
                      rule=cite, hint=f"replay it under a ruleset with pack.copies: {record.copies} or more")


def replay_record(record: Record, ruleset: str | None = None, with_: Sequence[str] = (),
                  rules: Ruleset | None = None) -> Replay:
    """Replay ``record`` under its ruleset, or ``ruleset`` (a name or path)
    instead, with extensions ``with_`` added to the record's. ``rules``, if
    given, is used as it is (the record's ruleset is then not loaded).

    Raises :class:`RecordError` for a record that does not fit the ruleset
    (player count, hand sizes) or an announcement it refuses, and
    :class:`~hocdsl.rules.RulesetError` for a bad ruleset file.
    """
    if rules is None:
        rules = load_record_ruleset(record, ruleset, with_)
    n = len(record.players)
    try:
        size = rules.hand_size(n)
    except ValueError as e:
        raise RecordError(record.file, *record.players_at, f"players: {e}",
                          hint="deal.hand_size of the ruleset lists the player counts it allows") from None
    _check_copies(record, rules)
    stake = record.stake if record.stake is not None else rules.table.starting_stake
    partie = Partie(rules, record.players, balances=[stake] * n,
                    strict=record.false_without == "error")
    vocab = Vocabulary.from_ruleset(rules)
    key = ruleset_key(rules)
    deals: list[DealReplay] = []
    for deal in record.deals:
        for p in record.players:
            k = deal.hands[p].bit_count()
            if k != size:
                raise RecordError(record.file, *deal.hand_at[p],
                                  f"deal {deal.number}, hand of {p}: found {k} cards; expected {size} "
                                  f"(each of {n} players is dealt {size} under {rules.name}, deal.hand_size)")
        if partie.is_over:
            why = partie.over_why()
            if why == "table.partie_deals":
                raise RecordError(record.file, *deal.at,
                                  f"deal {deal.number}: the partie is over before this deal: {rules.name} "
                                  f"plays a partie of {rules.table.partie_deals} deals (table.partie_deals)",
                                  hint="a record holds one partie: end it at that many deals")
            if why == "table.partie_points":
                raise RecordError(record.file, *deal.at,
                                  f"deal {deal.number}: the partie is over before this deal: a player has "
                                  f"scored {rules.table.partie_points} points, the score that ends a partie "
                                  f"under {rules.name} (table.partie_points)",
                                  hint="a record holds one partie: end it at the deal that reached the score")
            if why == "table.partie_target":
                raise RecordError(record.file, *deal.at,
                                  f"deal {deal.number}: the partie is over before this deal: a player has "
                                  f"won {rules.table.partie_target} chips, the score that ends a partie "
                                  f"under {rules.name} (table.partie_target)",
                                  hint="a record holds one partie: end it at the deal that reached the score")
            low = ", ".join(f"{p} ({b})" for p, b in zip(record.players, partie.balances) if b < 0)
            raise RecordError(record.file, *deal.at,
                              f"deal {deal.number}: the partie is over before this deal: {low} cannot "
                              f"pay, and {rules.name} stops the partie (table.insolvency: "
                              f"{rules.table.insolvency})",
                              hint="give the players a larger `stake:` at the top of the record")
        rotation = partie.next_dealer
        g = partie.deal(dealer=record.seat(deal.dealer),
                        hands=[deal.hands[p] for p in record.players])
        dr = DealReplay(
            record=deal, game=g, dealer=deal.dealer, eldest=g.names[g.eldest],
            rotation_dealer=record.players[rotation] if rotation is not None else None,
            setup_events=tuple(g.events),
        )
        try:
            _DealPlayer(record, deal, g, rules, vocab, dr).run()
        except RecordError as e:  # the transcript up to the error goes with it (hoc replay shows it)
            e.partial = Replay(record=record, rules=rules, key=key, stake=stake, deals=[*deals, dr],
                               balances=dict(zip(record.players, partie.balances)), partie=partie)
            raise
        n0 = len(g.events)
        partie.settle()  # the partie's points in chips, if this deal ends it (engine/stakes.py)
        dr.end_events = tuple(g.events[n0:])
        dr.net = dict(zip(record.players, g.net))
        dr.balances = dict(zip(record.players, partie.balances))
        dr.expect = dict(deal.expect[key]) if key in deal.expect else None
        dr.points = dict(zip(record.players, g.points))
        dr.apart = dict(zip(record.players, g.apart)) if g.apart is not None else None
        dr.expect_points = dict(deal.points[key]) if key in deal.points else None
        deals.append(dr)
    return Replay(record=record, rules=rules, key=key, stake=stake, deals=deals,
                  balances=dict(zip(record.players, partie.balances)), partie=partie)
