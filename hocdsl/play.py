"""A person plays one seat against bots: the loop behind ``hoc play``.

The loop reads and writes only through the two functions it is given
(``input(prompt) -> str`` and ``output(text)``), so it runs the same at a
terminal and under a test feeding it lines. The engine is used in human mode
(``strict=False``): a false "without" is accepted and the ruleset's penalty
charged, and the player is told.

What the player sees: their hand grouped by suit, the pools and multipliers,
each bot's words in the announcement language (``--lang en|fr``), and a
prompt line that says what they may do now, ending in ``"> "``::

    Point — you may: pass, raise 1..20, declare (e.g. '5 cards, 31')
    >

What they type is an announcement in the grammar of :mod:`hocdsl.announce`,
or one of the commands ``help``, ``hand``, ``pools``, ``history``, ``legal``
(every legal announcement now) and ``quit``, which work at any prompt. A
malformed announcement gets the parser's caret message; an illegal one the
rule it breaks; then the prompt comes back and nothing is lost.

A card-play turn may be typed as one line (``6H 7S without 8``). The line is
checked whole before anything is applied: its actions are tried in order on a
copy of the hand (a fresh :class:`~hocdsl.engine.Game` from the same deal,
replayed through every action so far); if one is illegal, or comes after the
turn has passed to another player, it is reported and *nothing* of the line
is played. Only a line that goes through whole on the copy is applied to the
real hand, so the game state never holds half a line.

>>> import random
>>> from hocdsl.rules import load_ruleset
>>> lines = iter(["pass"] * 3 + ["quit"])
>>> out = []
>>> s = PlaySession(load_ruleset("hoc-mazarin"), seed=3, input=lambda p: next(lines), output=out.append)
>>> result = s.run()
>>> result.quit, result.hands_completed
(True, 0)
"""

from __future__ import annotations

import builtins
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import (
    WITHOUT, Call, Conceal, Concede, DeclareBlank, DeclarePoint, DeclareSequence,
    DeclareTricon, HocMark, Nothing, Pass, Play, Raise, Show, Without,
)
from .announce import AnnouncementError, Vocabulary, format_action, format_turn, parse_announcement
from .cards import SUIT_SYMBOLS, card_name, hand_by_suit, hand_str, rank_letter
from .engine import Game, IllegalAction, Partie
from .engine.errors import knob_rule
from .engine.events import (
    BlankHandDeclared, BlankHandsCancelled, Called, ChancePassed, ChanceWon, ChipMove, Conceded,
    Concealed, Declared, DeclaredNothing, HandOver, Hoc, Passed, Played, Raised,
    SaidWithout, Shown,
)
from .records.words import REASONS, hoc_kind_words, hoc_why, reason_words
from .rules.model import Ruleset

__all__ = ["PlaySession", "PlayResult", "DealLog", "COMMANDS", "PROMPT", "describe_legal",
           "chip_move_words", "make_bots", "play_record_text", "write_play_record"]

#: The prompt the player types after; every prompt line ends with it.
PROMPT = "> "

#: Commands that work at any prompt, with what they do.
COMMANDS = {
    "help": "this help: the commands and how to say things",
    "hand": "your cards, grouped by suit",
    "pools": "the pools, their multipliers, the stake and everyone's chips",
    "history": "everything said and done in this hand so far",
    "legal": "every announcement you may make now, written out",
    "quit": "leave the table (the hands finished so far are kept in --record)",
}

#: Chip-move reason -> the words the narrator puts after a payment (every reason of the engine).
REASON_WORDS = {reason: words[0] for reason, words in REASONS.items()}

STAGE_TITLES = {"point": "Point", "sequence": "Sequence", "tricon": "Tricon",
                "blank-hand": "Blank hand", "cards": "Cards"}

#: The bots' names by seat (one more than the most seats, for when the player takes one).
BOT_NAMES_AT_TABLE = ("Anne", "Blaise", "Colette", "Denise", "Edmond", "Firmin", "Gaston",
                      "Hortense", "Isidore")


def stage_title(stage: str) -> str:
    """``Point``, ``Blank hand``, ``Cards``; another stage id by itself (``triple_pool`` -> ``Triple pool``)."""
    return STAGE_TITLES.get(stage) or stage.replace("_", " ").replace("-", " ").capitalize()


def hoc_paid(rules: Ruleset, kind: str) -> int:
    """What each other player pays for a hoc of ``kind`` under ``rules`` (the stops stage's knob)."""
    cg = rules.card_game
    if cg is None:
        return 0
    return {"principal": cg.principal_pay, "permanent": cg.permanent_pay,
            "end-of-run": cg.end_of_run_pay, "accidental": cg.accidental_pay}.get(kind, 0)


def seat_names(name: str, seat: int, players: int) -> tuple[str, ...]:
    """The player's ``name`` at ``seat``; the bots are Anne, Blaise, Colette by seat
    (skipping the player's own name).

    >>> seat_names("You", 0, 3), seat_names("Blaise", 1, 3)
    (('You', 'Blaise', 'Colette'), ('Anne', 'Blaise', 'Colette'))
    >>> seat_names("Anne", 2, 3)
    ('Blaise', 'Colette', 'Anne')
    """
    used = {name.lower()}
    out = []
    for s in range(players):
        if s == seat:
            out.append(name)
            continue
        bot = BOT_NAMES_AT_TABLE[s]
        if bot.lower() in used:
            bot = next(n for n in BOT_NAMES_AT_TABLE if n.lower() not in used)
        used.add(bot.lower())
        out.append(bot)
    return tuple(out)

Input = Callable[[str], str]
Output = Callable[[str], None]


# ------------------------------------------------------------ bots ----


def make_bots(names: Sequence[str], rules: Ruleset, seats: Sequence[int], seed: int) -> dict[int, Any]:
    """One bot per seat in ``seats``, by name, each with its own seeded rng
    (``random.Random(f"{seed}:bot:{seat}")``: the same seed, the same bots)."""
    from .bots import make_bot

    return {seat: make_bot(name, rules, seat, random.Random(f"{seed}:bot:{seat}"))
            for name, seat in zip(names, seats)}


# ------------------------------------------------------------ words ----


def _form(name: str, verb: str) -> str:
    """The verb as ``name`` takes it: ``pays`` but, for ``You``, ``pay``."""
    if name.lower() == "you":
        return {"has": "have", "is": "are"}.get(verb, verb[:-1] if verb.endswith("s") else verb)
    return verb


def _verb(name: str, verb: str) -> str:
    """``Blaise pays`` but ``You pay``."""
    return f"{name} {_form(name, verb)}"


def _a(rank: int) -> str:
    """``a 7``, ``an 8``, ``an A``."""
    letter = rank_letter(rank)
    return f"{'an' if letter in ('A', '8') else 'a'} {letter}"


def chip_move_words(m: ChipMove, names: Sequence[str]) -> str:
    """A chip move in words: ``Blaise pays You 4 chips (cards left)``."""
    why = reason_words(m.reason)
    n = f"{m.amount} chip{'s' if m.amount != 1 else ''}"
    if isinstance(m.payer, int) and isinstance(m.payee, int):
        return f"{_verb(names[m.payer], 'pays')} {names[m.payee]} {n} ({why})"
    if isinstance(m.payer, int):
        return f"{_verb(names[m.payer], 'puts')} {n} in the {m.payee.chance} pool ({why})"
    if isinstance(m.payee, int):
        return f"{_verb(names[m.payee], 'takes')} {n} from the {m.payer.chance} pool ({why})"
    return f"{n} from the {m.payer.chance} pool to the {m.payee.chance} pool ({why})"


def _combo_words(c: Any, rules: Ruleset, vocab: Vocabulary, lang: str) -> str:
    """A shown combination (Point, Run or Trio) in words."""
    from .combos import Point, Run, Trio

    if isinstance(c, Point):
        return f"{format_action(DeclarePoint(c.cards, c.value), vocab, lang)} in {SUIT_SYMBOLS[c.suit]}"
    if isinstance(c, Run):
        length = c.length if vocab.sequence_word(c.length, lang) else min(c.length, rules.sequence.counts_up_to)
        return f"{format_action(DeclareSequence(length, c.top), vocab, lang)} ({hand_str(c.cards)})"
    if isinstance(c, Trio):
        return format_action(DeclareTricon(c.size, c.rank), vocab, lang)
    return str(c)


def _join_or(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def describe_legal(game: Game, vocab: Vocabulary, lang: str = "en") -> str:
    """What the seat to act may do now, in a short line:
    ``pass, raise 1..20, declare (e.g. '5 cards, 31')``."""
    legal = game.legal_actions()
    parts: list[str] = []
    raises = [a.amount for a in legal if isinstance(a, Raise)]
    decls = [a for a in legal if isinstance(a, (DeclarePoint, DeclareSequence, DeclareTricon))]
    plays = [a.card for a in legal if isinstance(a, Play)]
    said = lambda a: format_action(a, vocab, lang)  # noqa: E731
    for a in legal:
        if isinstance(a, Pass):
            parts.append(said(a) + (" (fold)" if game.bidding_mode == "raised" else ""))
        elif isinstance(a, Call):
            more = game.stake - game.put_in(game.to_act)
            parts.append(f"{said(a)} ({more} more)" if more > 0 else said(a))
        elif isinstance(a, (Concede, Nothing, Show, Conceal, DeclareBlank)):
            parts.append(said(a))
        elif isinstance(a, Without):
            parts.append(f"say '{said(a)}'")
    if raises:
        word = said(Raise(raises[0])).split()[0]
        parts.insert(1 if parts and game.bidding_mode == "open" else len(parts),
                     f"{word} {raises[0]}..{raises[-1]}" if len(raises) > 1 else said(Raise(raises[0])))
    if decls:
        examples = ", ".join(f"'{said(d)}'" for d in decls[:3])
        parts.append(f"declare (e.g. {examples})")
    if plays:
        cards = [card_name(c) for c in sorted(plays, key=lambda c: (c % 13, c // 13))]
        if game.need:
            parts.insert(0, "lay " + _join_or(cards))
        else:
            parts.insert(0, "lead " + (_join_or(cards) if len(cards) <= 4 else "any of " + " ".join(cards)))
    return ", ".join(parts)


# ------------------------------------------------------------ the log ----


@dataclass
class DealLog:
    """One deal as a record keeps it: dealer, hands dealt, every action applied in order."""

    dealer: int
    hands: tuple[int, ...]
    actions: list[Any] = field(default_factory=list)
    net: tuple[int, ...] = ()
    complete: bool = False


@dataclass
class PlayResult:
    """What a session ends with."""

    names: tuple[str, ...]
    deals: list[DealLog]
    balances: tuple[int, ...]
    quit: bool
    record_path: str | None = None

    @property
    def hands_completed(self) -> int:
        return sum(1 for d in self.deals if d.complete)


class _Quit(Exception):
    pass


# ------------------------------------------------------------ the session ----


class PlaySession:
    """One person at the table with bots, for ``hands`` hands of a partie.

    ``seat`` is the person's seat (0-based, in the direction of play); ``bots``
    the bot names for the other seats in seat order (one name: all of them).
    ``input``/``output`` default to :func:`input` and :func:`print`.
    """

    def __init__(
        self,
        rules: Ruleset,
        *,
        players: int = 3,
        seat: int = 0,
        bots: Sequence[str] = ("heuristic",),
        seed: int = 0,
        lang: str = "en",
        hands: int = 1,
        name: str = "You",
        input: Input | None = None,
        output: Output | None = None,
    ) -> None:
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat + 1} is not one of the {players} seats (1..{players})")
        if lang not in ("en", "fr"):
            raise ValueError(f"no announcements in {lang!r}: use en or fr")
        self.rules = rules
        self.players = players
        self.seat = seat
        self.seed = seed
        self.lang = lang
        self.hands = hands
        others = [s for s in range(players) if s != seat]
        bot_names = list(bots) if len(bots) != 1 else list(bots) * len(others)
        if len(bot_names) != len(others):
            raise ValueError(f"{len(bot_names)} bots for {len(others)} other seats")
        self.bot_names = dict(zip(others, bot_names))
        name = " ".join(name.split())
        if not name or ":" in name:
            raise ValueError(f"--name {name!r}: a name at the table is a word or two, without ':'")
        self.names = seat_names(name, seat, players)
        self.vocab = Vocabulary.from_ruleset(rules)
        self.input = input if input is not None else builtins.input
        self.output = output if output is not None else print
        self.partie = Partie(rules, self.names, rng=random.Random(seed), max_hands=hands, strict=False)
        self.bots = make_bots(bot_names, rules, others, seed)
        self.deals: list[DealLog] = []
        self.game: Game | None = None
        self._actions: list[Any] = []  # every action applied this hand, in order
        self._seen = 0  # events narrated so far
        self._turn: tuple[int, list[str]] | None = None  # a card turn being narrated
        self.history: list[str] = []

    # ------------------------------------------------------------ output ----

    def say(self, text: str = "") -> None:
        self.output(text)

    def _log(self, line: str) -> None:
        self.history.append(line)
        self.say(line)

    # ------------------------------------------------------------ run ----

    def run(self) -> PlayResult:
        """Play until ``hands`` hands are over or the player quits."""
        quit_ = False
        try:
            while not self.partie.is_over:
                self._play_hand()
        except _Quit:
            quit_ = True
            self.say("You leave the table.")
        balances = self.partie.balances
        if not quit_:
            self.say("The partie is over. Chips: " + self._balances_text(balances))
        return PlayResult(self.names, self.deals, balances, quit_)

    def _play_hand(self) -> None:
        g = self.partie.deal()
        self.game = g
        self._seen = 0
        self._turn = None
        self.history = []
        log = DealLog(g.dealer, tuple(g.dealt))
        self.deals.append(log)
        self._actions = log.actions
        number = self.partie.hands_played + 1
        total = f" of {self.hands}" if self.hands else ""
        self.say("")
        self.say(f"=== Hand {number}{total} ({self.rules.name}) — {_verb(self.names[g.dealer], 'deals')}; "
                 f"{_verb(self.names[g.eldest], 'is')} eldest (speaks and plays first) ===")
        self.show_hand()
        self.show_pools()
        while not g.is_over:
            s = g.to_act
            if s == self.seat:
                self._flush_turn()
                self._human_turn()
            else:
                a = self.bots[s].choose(g.view(s))
                self._apply(a)
        self._flush_turn()
        log.net = tuple(g.net)
        log.complete = True
        self._end_of_hand()

    # ------------------------------------------------------------ applying ----

    def _apply(self, a: Any) -> None:
        """Apply ``a`` for the seat to act, log it for the record, narrate the events."""
        g = self.game
        g.apply(a)
        self._actions.append(a)
        self._narrate()

    def replica(self) -> Game:
        """A fresh copy of the current hand: the same deal, every action so far replayed."""
        g = self.game
        copy = Game(self.rules, self.names, dealer=g.dealer, hands=g.dealt, carry=g.carry_in,
                    strict=False, record=True)
        for a in self._actions:
            copy.apply(a)
        return copy

    # ------------------------------------------------------------ narration ----

    def _flush_turn(self) -> None:
        if self._turn is not None:
            seat, tokens = self._turn
            self._turn = None
            self._log(f"{self.names[seat]}: {' '.join(tokens)}")

    def _card_token(self, seat: int, token: str) -> None:
        if self._turn is None or self._turn[0] != seat:
            self._flush_turn()
            self._turn = (seat, [])
        self._turn[1].append(token)

    def _narrate(self) -> None:
        g = self.game
        events = g.events
        names = self.names
        fa = lambda a: format_action(a, self.vocab, self.lang)  # noqa: E731
        for i, e in enumerate(events[self._seen:], self._seen):
            cls = e.__class__
            if cls in (Played, SaidWithout, Hoc):
                if cls is Played:
                    self._card_token(e.seat, card_name(e.card) + (" (wild)" if e.wild else ""))
                elif cls is SaidWithout:
                    self._card_token(e.seat, fa(WITHOUT[e.rank]))
                    if e.false:
                        self._flush_turn()
                        pen = self.rules.card_game.false_without_penalty
                        rule = knob_rule(self.rules, f"{self.rules.card_game.id}.false_without_penalty",
                                         "a false \"without\" is paid to each other player")
                        who = "You" if e.seat == self.seat else names[e.seat]
                        self._log(f"  ! {who} said \"without {rank_letter(e.rank)}\" while holding "
                                  f"{self._held_of_rank(e.seat, e.rank)}: a false \"without\". "
                                  f"{_verb(names[e.seat], 'pays')} {pen} chip{'s' if pen != 1 else ''} to each other "
                                  f"player ({rule}).")
                else:
                    self._card_token(e.seat, "hoc!")
                    self._flush_turn()
                    over = any(x.__class__ is HandOver for x in events[i + 1:])
                    self._log(self._hoc_words(e, over))
                continue
            self._flush_turn()
            if cls is Passed:
                self._log(f"{names[e.seat]}: {fa(Pass())}" + (" (folds)" if e.fold else ""))
            elif cls is Raised:
                self._log(f"{names[e.seat]}: {fa(Raise(e.amount))}   (stake now {e.level})")
            elif cls is Called:
                self._log(f"{names[e.seat]}: {fa(Call())}   (stake {e.level})")
            elif cls is Declared:
                self._log(f"{names[e.seat]}: {fa(e.declaration)}")
            elif cls is Conceded:
                self._log(f"{names[e.seat]}: {fa(Concede())}")
            elif cls is DeclaredNothing:
                self._log(f"{names[e.seat]}: {fa(Nothing())}")
            elif cls is Shown:
                combos = "; ".join(_combo_words(c, self.rules, self.vocab, self.lang)
                                   for c in e.combinations) or "nothing to show"
                self._log(f"{names[e.seat]}: {fa(Show())} — {combos}")
            elif cls is Concealed:
                self._log(f"{names[e.seat]}: {fa(Conceal())}")
            elif cls is ChanceWon:
                how = {"lone": "alone", "declaration": "on the declarations",
                       "bluff": "by precedence, nobody holding anything"}.get(e.how, e.how)
                mult = f", played ×{e.multiplier}" if e.multiplier > 1 else ""
                takes = _form(names[e.seat], "takes")
                self._log(f"  → {_verb(names[e.seat], 'wins')} the {e.chance} {how} and {takes} {e.pool} "
                          f"chip{'s' if e.pool != 1 else ''} from its pool{mult}")
            elif cls is ChancePassed:
                nxt = f"; next hand it is played ×{e.multiplier}" if e.multiplier > 1 else ""
                self._log(f"  → the {e.chance} is not won ({e.how}): {e.pool} chips stay in its pool{nxt}")
            elif cls is BlankHandDeclared:
                self._log(f"{names[e.seat]}: {fa(DeclareBlank())} — {hand_by_suit(e.hand)}")
            elif cls is BlankHandsCancelled:
                self._log("  → two or more blank hands: they cancel, nobody is paid")
            elif cls is HandOver:
                at_once = " in the first turn, before anyone else laid a card" if e.first_turn else ""
                self._log(f"  → {_verb(names[e.winner], 'is')} out of cards{at_once}: "
                          "the hand is over")
        self._seen = len(events)

    def _hoc_words(self, e: Hoc, over: bool) -> str:
        """``  end-of-run hoc for Anne (KS: nothing follows the top card): paid 1 by each
        other player; Anne leads a new sequence``."""
        who = self.names[e.seat]
        pay = hoc_paid(self.rules, e.kind)
        paid = f"paid {pay} by each other player" if e.paid else "not paid under this ruleset"
        why = hoc_why(e.kind)
        cg = self.rules.card_game
        if over:
            then = f"{_verb(who, 'is')} out"
        elif e.kind == "principal" and cg is not None and cg.principal_after == "continues":
            then = "the run goes on from the card it stood for"
        elif e.kind == "accidental" and cg is not None and cg.accidental_restart == "after-missing":
            then = f"{_verb(who, 'goes')} on with the card after the missing one"
        else:
            then = f"{_verb(who, 'leads')} a new sequence"
        return (f"  {hoc_kind_words(e.kind)} for {who} ({card_name(e.card)}"
                f"{': ' + why if why else ''}): {paid}; {then}")

    def _held_of_rank(self, seat: int, rank: int) -> str:
        from .cards import RANK_MASKS
        return hand_str(self.game.hands[seat] & RANK_MASKS[rank - 1]) or "it"

    # ------------------------------------------------------------ the human ----

    def prompt_line(self) -> str:
        """What the player may do now: ``Point — stake 3 — you may: pass, call, ...``."""
        g = self.game
        title = stage_title(g.stage)
        where = ""
        if g.bidding_mode is not None:
            pool = self._pool_of(g.stage)
            mult = g.multipliers.get(pool, 1)
            bits = [f"pool {g.pools.get(pool, 0)}"]
            if mult > 1:
                bits.append(f"×{mult}")
            if g.bidding_mode == "raised":
                bits.append(f"stake {g.stake}, you have put in {g.put_in(self.seat)}")
            elif g.bidding_mode == "declaring":
                bits.append("declare in turn")
            elif g.bidding_mode == "lone":
                bits.append("you are left alone")
            where = " (" + ", ".join(bits) + ")"
        elif g.stage == "cards":
            if g.need:
                where = f" (the card wanted is {_a(g.need)}; you hold {g.hands[self.seat].bit_count()})"
            else:
                where = f" (you lead a new sequence; you hold {g.hands[self.seat].bit_count()})"
        return f"{title}{where} — you may: {describe_legal(g, self.vocab, self.lang)}"

    def _pool_of(self, stage: str) -> str:
        """The pool a vie stage is played for (its id for any other stage)."""
        for st in self.rules.vie_stages:
            if st.id == stage:
                return st.pool
        return stage

    def _ask(self) -> str:
        self.say(self.prompt_line())
        try:
            return self.input(PROMPT)
        except (EOFError, KeyboardInterrupt):
            raise _Quit from None

    def _human_turn(self) -> None:
        """Read lines until one is applied (or the player quits)."""
        while True:
            text = self._ask().strip()
            if not text:
                continue
            if self._command(text):
                continue
            try:
                said = parse_announcement(text, self.vocab)
            except AnnouncementError as e:
                self.say(str(e))
                continue
            if self._try(said, text):
                return

    def _command(self, text: str) -> bool:
        word = text.lower()
        if word == "quit" or word == "exit":
            raise _Quit
        if word in ("help", "?"):
            self.show_help()
        elif word == "hand":
            self.show_hand()
        elif word == "pools":
            self.show_pools()
        elif word == "history":
            self.show_history()
        elif word in ("legal", "hint"):
            self.show_legal()
        else:
            return False
        return True

    def _try(self, said: list[Any], text: str) -> bool:
        """Check the whole line on a replica; apply it only if every part is legal."""
        g = self.game
        card_stage = g.stage == "cards"
        actions = list(said)
        if not card_stage:
            plain = [a for a in actions if not isinstance(a, HocMark)]
            if not plain:
                self.say("\"hoc!\": there is no hoc in the bidding; it is said in the card game, "
                         "after the card that makes one.")
                return False
            if len(actions) != 1 or len(plain) != 1:
                self.say(f"\"{text}\": say one thing at a time in the bidding "
                         "(a bid, a declaration, \"show\" or \"pass\").")
                return False
            try:
                g.check(actions[0])
            except IllegalAction as e:
                self._illegal(actions[0], e)
                return False
            self._apply(actions[0])
            return True
        # the card game: the whole line on a replica first
        copy = self.replica()
        hoc_ready = self._hoc_pending(copy)
        for i, a in enumerate(actions):
            if isinstance(a, HocMark):
                if not hoc_ready:
                    before = format_turn(actions[:i], self.vocab, self.lang) if i else ""
                    self.say(f"\"hoc!\"{' after ' + before if before else ''}: there is no hoc of yours there. "
                             "Nothing of that line was played.")
                    return False
                continue  # said again for the same hoc: a no-op
            if copy.is_over:
                before = format_turn(actions[:i], self.vocab, self.lang)
                self.say(f"after \"{before}\" the hand is over: \"{format_action(a, self.vocab, self.lang)}\" "
                         "comes too late. Nothing of that line was played.")
                return False
            if copy.to_act != self.seat:
                before = format_turn(actions[:i], self.vocab, self.lang)
                self.say(f"after \"{before}\" it is {self.names[copy.to_act]}'s turn, so "
                         f"\"{format_action(a, self.vocab, self.lang)}\" cannot be yours. "
                         "Nothing of that line was played.")
                return False
            seen = len(copy.events)
            try:
                copy.apply(a)
            except IllegalAction as e:
                self._illegal(a, e, i, len(actions))
                return False
            hoc_ready = any(e.__class__ is Hoc and e.seat == self.seat for e in copy.events[seen:])
        for a in actions:
            if not isinstance(a, HocMark):
                self._apply(a)
        return True

    def _hoc_pending(self, g: Game) -> bool:
        """True if the player's last hoc is the last thing that happened on the pile."""
        for e in reversed(g.events):
            if e.__class__ is Hoc:
                return e.seat == self.seat
            if e.__class__ is Played:
                return False
        return False

    def _illegal(self, a: Any, e: IllegalAction, i: int = 0, n: int = 1) -> None:
        if n > 1:
            what = format_action(a, self.vocab, self.lang)
            self.say(f"Not allowed: \"{what}\", part {i + 1} of {n} of your line: {e.message}. "
                     "Nothing of that line was played.")
        else:
            self.say(f"Not allowed: {e.message}")
        self.say(f"  rule: {e.rule}")

    # ------------------------------------------------------------ displays ----

    def show_hand(self) -> None:
        h = self.game.hands[self.seat]
        self.say(f"Your hand ({h.bit_count()} cards): {hand_by_suit(h)}")
        self.say(f"  to type: {hand_str(h)}")

    def show_pools(self) -> None:
        g = self.game
        parts = []
        for c in self.rules.pool_ids:
            m = g.multipliers.get(c, 1)
            parts.append(f"{c} {g.pools.get(c, 0)}" + (f" (×{m})" if m > 1 else ""))
        self.say("Pools: " + (", ".join(parts) or "none"))
        if g.bidding_mode is not None and g.stake:
            self.say(f"Stake on the {g.stage}: {g.stake}; you have put in {g.put_in(self.seat)}")
        if g.stage == "cards":
            left = ", ".join(f"{self.names[s]} {n}" for s, n in enumerate(g.cards_left))
            self.say(f"Cards left: {left}")
        self.say("Chips: " + self._balances_text(self.partie.balances, g.net))

    def _balances_text(self, balances: Sequence[int], net: Sequence[int] | None = None) -> str:
        parts = []
        for s, b in enumerate(balances):
            text = f"{self.names[s]} {b}"
            if net is not None and net[s]:
                text += f" ({net[s]:+d} this hand)"
            parts.append(text)
        return ", ".join(parts)

    def show_history(self) -> None:
        self.say("This hand so far:")
        for line in self.history or ["(nothing yet)"]:
            self.say("  " + line)
        if self._turn is not None:
            seat, tokens = self._turn
            self.say(f"  {self.names[seat]}: {' '.join(tokens)}")

    def show_legal(self) -> None:
        g = self.game
        said = [format_action(a, self.vocab, self.lang) for a in g.legal_actions()]
        self.say("legal: " + " | ".join(said))

    def show_help(self) -> None:
        self.say("Commands (at any prompt):")
        for k, v in COMMANDS.items():
            self.say(f"  {k:8} {v}")
        self.say("Announcements (English or French, any case):")
        self.say("  bidding: pass | call | raise 3 | 5 cards, 31 | quinte to the king | brelan of jacks")
        self.say("           that's fine | nothing | show | conceal | blank hand")
        self.say("  cards:   one or more cards then, when you cannot go on, 'without N':")
        self.say("           7H 8S without 9   (cards as 7H, 10S, QS, KD; also 'seven of hearts')")
        self.say("  A card line is checked whole: if any part is illegal, none of it is played.")
        self.say("  docs/announcements.md lists every form.")

    # ------------------------------------------------------------ end of hand ----

    def _end_of_hand(self) -> None:
        g = self.game
        self.say("")
        self.say("Payments this hand:")
        merged: dict[tuple, int] = {}
        antes: dict[tuple, int] = {}
        for e in g.events:
            if e.__class__ is ChipMove:
                key = (e.payer, e.payee, e.reason, e.chance)
                merged[key] = merged.get(key, 0) + e.amount
                if e.reason == "ante":
                    antes[key] = e.amount
        pools = {k[1] for k in antes}
        if antes and len(set(antes.values())) == 1 and len(antes) == self.players * len(pools):
            a = next(iter(antes.values()))
            self.say(f"  each player puts {a} chip{'s' if a != 1 else ''} in each of the "
                     f"{', '.join(p.chance for p in sorted(pools, key=lambda p: p.index))} pools (ante)")
            for k in antes:
                del merged[k]
        for (payer, payee, reason, chance), amount in merged.items():
            self.say("  " + chip_move_words(ChipMove(payer, payee, amount, reason, chance), self.names))
        self.say("Net this hand: " + ", ".join(f"{self.names[s]} {v:+d}" for s, v in enumerate(g.net)))
        self.say("Chips: " + self._balances_text(self.partie.balances))
        ids = self.rules.pool_ids
        carried = [f"{c} {p}" for c, p in zip(ids, g.carry_out.pools) if p]
        if carried:
            mult = [f"{c} ×{m}" for c, m in zip(ids, g.carry_out.multipliers) if m > 1]
            self.say("Carried to the next hand: " + ", ".join(carried)
                     + (f"; played {', '.join(mult)}" if mult else ""))


# ------------------------------------------------------------ the record ----


def _reference(name_or_path: str) -> str:
    """How a record names a ruleset or extension: a bundled name as given, a file by its absolute path
    (a record resolves relative paths against its own directory, not the player's)."""
    import os

    return os.path.abspath(name_or_path) if os.path.exists(name_or_path) else name_or_path


def play_record_text(result: PlayResult, rules: Ruleset, ruleset: str | None = None,
                     with_: Sequence[str] | None = None, lang: str = "en") -> str:
    """The YAML of a record of the hands completed in ``result`` (:func:`hocdsl.records.write_record`).

    ``ruleset``/``with_`` are what the player named on the command line (default: the
    ruleset's name and extensions). An unfinished hand (the player quit) is left out."""
    from .records import PlayedDeal, write_record

    deals = [PlayedDeal(d.dealer, list(d.hands), list(d.actions)) for d in result.deals if d.complete]
    ref = _reference(ruleset) if ruleset else rules.name
    exts = [_reference(e) for e in with_] if with_ is not None else list(rules.extensions)
    return write_record(list(result.names), ref, exts, deals, rules=rules, lang=lang,
                        title=f"hoc play {rules.name}", stake=None)


def write_play_record(result: PlayResult, rules: Ruleset, path: str, *, ruleset: str | None = None,
                      with_: Sequence[str] | None = None, lang: str = "en") -> None:
    """Write :func:`play_record_text` to ``path``."""
    text = play_record_text(result, rules, ruleset, with_, lang)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
