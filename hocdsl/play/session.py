"""The loop of ``hoc play``: deal, let the bots and the player speak in turn, narrate, sum up.

The jobs are in their own modules: the words of the table (:mod:`.words`), the
prompt line (:mod:`.prompt`), the commands (:mod:`.commands`), refusals
(:mod:`.refuse`), the record (:mod:`.record`); the events are told by the one
narrator that ``hoc replay`` uses too (:class:`hocdsl.narrate.Narrator`).
"""

from __future__ import annotations

import builtins
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..actions import (
    CLAIM, WITHOUT, Action, Call, Conceal, Concede, DeclareBlank, Draw, HocMark, Nothing, Pass, Raise, Show,
)
from ..announce import AnnouncementError, Vocabulary, format_action, parse_announcement
from ..engine import Game, IllegalAction, Partie
from ..engine.events import (
    BlankHandDeclared, Called, ChipMove, Conceded, Concealed, Declared, DeclaredNothing, HandOver, Hoc,
    Passed, Played, Raised, SaidWithout, Shown,
)
from ..engine.stakes import GAME, RUBICON
from ..engine.words import tongue
from ..narrate import Narrator
from ..records.model import MAX_NAME  # the longest name at the table: a record of it reads back
from ..rules.model import Ruleset
from . import commands
from .prompt import describe_legal, prompt_line
from .record import DealLog, PlayResult
from .refuse import refusal, rule_words, turn_words
from .words import COMMAND_WORDS, PROMPT, seat_names, text

Input = Callable[[str], str]
Output = Callable[[str], None]


#: Chip moves told as they happen (the others come in the summary at the end of the hand).
_LIVE_REASONS = {"pool", "refund", "board", "opera", "penalty", "turnup", "holding", GAME, RUBICON}


def make_bots(names: Sequence[str], rules: Ruleset, seats: Sequence[int], seed: int) -> dict[int, Any]:
    """One bot per seat in ``seats``, by name, each with its own seeded rng
    (``random.Random(f"{seed}:bot:{seat}")``: the same seed, the same bots)."""
    from ..bots import make_bot

    return {seat: make_bot(name, rules, seat, random.Random(f"{seed}:bot:{seat}"))
            for name, seat in zip(names, seats)}


def line_editing() -> bool:
    """At a terminal, load :mod:`readline` so that :func:`input` edits the line with the arrow
    keys and recalls the lines typed before (history for this session only). False elsewhere."""
    if not sys.stdin.isatty():
        return False
    try:
        import readline  # noqa: F401  (importing it is what turns editing on)
    except ImportError:  # pragma: no cover - a Python built without it
        return False
    return True


class _Quit(Exception):
    pass


class PlaySession:
    """One person at the table with bots, for ``hands`` hands of a partie.

    ``seat`` is the person's seat (0-based, in the direction of play); ``bots``
    the bot names for the other seats in seat order (one name: all of them).
    ``input``/``output`` default to :func:`input` (with line editing at a
    terminal) and :func:`print`.
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
        hands: int | None = 1,
        name: str | None = None,
        input: Input | None = None,
        output: Output | None = None,
        on_hand: Callable[[PlayResult], None] | None = None,
    ) -> None:
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat + 1} is not one of the {players} seats (1..{players})")
        if lang not in ("en", "fr"):
            raise ValueError(f"no announcements in {lang!r}: use en or fr")
        self.tongue = tongue(lang)
        if name is None:
            name = self.tongue.you  # "You", "Vous": the second person at the table
        self.rules = rules
        self.players = players
        self.seat = seat
        self.seed = seed
        self.lang = lang
        t = rules.table
        if hands is None:  # the partie the ruleset sets (encyclopédie ¶7: agreed first), else one hand
            hands = t.partie_deals if t.partie_deals is not None else (
                None if t.partie_target is not None or t.partie_points is not None else 1)
        elif t.partie_deals is not None:
            hands = min(hands, t.partie_deals)
        #: the most hands this session plays (None: until the partie's target score)
        self.hands: int | None = hands
        others = [s for s in range(players) if s != seat]
        bot_names = list(bots) if len(bots) != 1 else list(bots) * len(others)
        if len(bot_names) != len(others):
            raise ValueError(f"{len(bot_names)} bots for {len(others)} other seats")
        self.bot_names = dict(zip(others, bot_names))
        name = " ".join(name.split())
        if not name or ":" in name or len(name) > MAX_NAME:
            raise ValueError(f"--name {name!r}: a name at the table is a word or two, without ':' "
                             f"(at most {MAX_NAME} characters)")
        self.names = seat_names(name, seat, players)
        self.vocab = Vocabulary.from_ruleset(rules)
        if input is None:
            line_editing()
        self.input = input if input is not None else builtins.input
        self.output = output if output is not None else print
        self.partie = Partie(rules, self.names, rng=random.Random(seed), max_hands=hands, strict=False)
        self.bots = make_bots(bot_names, rules, others, seed)
        self.deals: list[DealLog] = []
        self.game: Game | None = None
        self.narrator = Narrator(self.names, rules, lang)
        self._before: tuple[int, ...] = self.partie.balances  # the chips before this hand
        self._actions: list[Any] = []  # every action applied this hand, in order
        self._seen = 0  # events narrated so far
        self._turn: tuple[int, list[str]] | None = None  # a card turn being narrated
        self.history: list[str] = []
        #: called after each finished hand with the result so far (``hoc play --record`` writes it)
        self.on_hand = on_hand

    # ------------------------------------------------------------ output ----

    def say(self, line: str = "") -> None:
        self.output(line)

    def _log(self, line: str) -> None:
        self.history.append(line)
        self.say(line)

    def t(self, key: str, **values: object) -> str:
        return text(self.lang, key, **values)

    # ------------------------------------------------------------ run ----

    def run(self) -> PlayResult:
        """Play until ``hands`` hands are over or the player quits."""
        quit_ = False
        try:
            while not self.partie.is_over:
                self._play_hand()
                if self.on_hand is not None:
                    self.on_hand(self.result_so_far())
        except _Quit:
            quit_ = True
            self.say(self.t("leave"))
        balances = self.partie.balances
        if not quit_:
            self.say(self.t("partie_over", chips=commands.balances_text(self.names, balances, lang=self.lang)))
        return PlayResult(self.names, self.deals, balances, quit_)

    def result_so_far(self) -> PlayResult:
        """The session as it stands: the hands dealt (the finished ones marked), the balances."""
        return PlayResult(self.names, self.deals, self.partie.balances, quit=not self.partie.is_over)

    def _play_hand(self) -> None:
        self._before = self.partie.balances
        g = self.partie.deal()
        self.game = g
        self.narrator = Narrator(self.names, self.rules, self.lang)
        self._seen = 0
        self._turn = None
        self.history = []
        log = DealLog(g.dealer, tuple(g.dealt))
        self.deals.append(log)
        self._actions = log.actions
        number = self.partie.hands_played + 1
        total = self.t("of_total", n=self.hands) if self.hands else ""
        self.say("")
        self.say(self.t("hand_head", number=number, total=total, name=self.rules.name,
                        deals=self.tongue.verb(self.names[g.dealer], "deals"),
                        is_=self.tongue.verb(self.names[g.eldest], "is")))
        self.show_hand()
        self.show_pools()
        while not g.is_over:
            s = g.to_act
            assert s is not None  # the hand is on
            legal = g.legal_actions()
            if len(legal) == 1 and type(legal[0]) is Draw:  # the card chance gives: no choice
                self._apply(legal[0])
            elif s == self.seat:
                self._flush_turn()
                self._human_turn()
            else:
                self._apply(self.bots[s].choose(g.view(s)))
        self._flush_turn()
        if self.partie.settle() is not None:  # the partie's points settled in chips (engine/stakes.py)
            self._narrate()
        log.net = tuple(g.net)
        log.complete = True
        self._end_of_hand()

    # ------------------------------------------------------------ applying ----

    def _apply(self, a: Any) -> None:
        """Apply ``a`` for the seat to act, log it for the record, narrate the events."""
        a = self.hand.completed(a)  # (a discard names the cards it takes: the record replays)
        self.hand.apply(a)
        self._actions.append(a)
        self._narrate()

    @property
    def hand(self) -> Game:
        """The hand being played: set when it is dealt, so any command typed during it finds it."""
        if self.game is None:
            raise RuntimeError("no hand is being played")
        return self.game

    def replica(self) -> Game:
        """A fresh copy of the current hand: the same deal, every action so far replayed."""
        g = self.hand
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

    def _said(self, e: Any) -> str | None:
        """What a player said, as the event shows it (``Blaise: raise 3   (stake now 3)``)."""
        def fa(a: Action) -> str:
            return format_action(a, self.vocab, self.lang)

        who = self.names[e.seat] if hasattr(e, "seat") else ""
        cls = e.__class__
        if cls is Passed:
            return f"{who}: {fa(Pass())}" + (self.t("folds") if e.fold else "")
        if cls is Raised:
            return f"{who}: {fa(Raise(e.amount))}" + self.t("stake_now", level=e.level)
        if cls is Called:
            return f"{who}: {fa(Call())}" + self.t("stake_is", level=e.level)
        if cls is Declared:
            return f"{who}: {fa(e.declaration)}"
        if cls is Conceded:
            return f"{who}: {fa(Concede())}"
        if cls is DeclaredNothing:
            return f"{who}: {fa(Nothing())}"
        if cls is Shown:
            return f"{who}: {fa(Show())}"
        if cls is Concealed:
            return f"{who}: {fa(Conceal())}"
        if cls is BlankHandDeclared:
            return f"{who}: {fa(DeclareBlank())}"
        return None

    def _narrate(self) -> None:
        """Tell the new events: what was said (in the table's language), then what it did, in the
        narrator's words (``  → ...``)."""
        events = self.hand.events
        for i, e in enumerate(events[self._seen:], self._seen):
            cls = e.__class__
            if cls is Played:
                self._card_token(e.seat, self.tongue.card(e.card) + (self.t("wild") if e.wild else ""))
            elif cls is SaidWithout:
                self._card_token(e.seat, format_action(WITHOUT[e.rank], self.vocab, self.lang))
            elif cls is Hoc:
                self._card_token(e.seat, "hoc!")
            else:
                self._flush_turn()
                said = self._said(e)
                if said:
                    self._log(said)
            if cls is Passed or (cls is ChipMove and e.reason not in _LIVE_REASONS):
                continue
            words = self.narrator.event(e, over=any(x.__class__ is HandOver for x in events[i + 1:]))
            if words:
                self._flush_turn()
                self._log(f"  → {words}")
        self._seen = len(events)

    def _hoc_words(self, e: Hoc, over: bool) -> str:
        """A hoc in the narrator's words (the line told under the turn that made it)."""
        return "  " + Narrator(self.names, self.rules, self.lang).hoc(e, over)

    # ------------------------------------------------------------ the human ----

    def prompt_line(self) -> str:
        """What the player may do now: ``Point (pool 3) — you may: pass, raise 1..20, ...``."""
        return prompt_line(self.hand, self.seat, self.vocab, self.lang)

    def _ask(self) -> str:
        self.say(self.prompt_line())
        try:
            return self.input(PROMPT)
        except (EOFError, KeyboardInterrupt):
            raise _Quit from None

    def _human_turn(self) -> None:
        """Read lines until one is applied (or the player quits)."""
        while True:
            line = self._ask().strip()
            if not line:
                continue
            if self._command(line):
                continue
            try:
                said = parse_announcement(line, self.vocab, cards=self.lang)
            except AnnouncementError as e:
                self.say(e.render(self.lang))
                continue
            if self._try(said, line):
                return

    def _command(self, line: str) -> bool:
        command = COMMAND_WORDS.get(line.lower())
        if command is None:
            return False
        if command == "quit":
            raise _Quit
        if command == "help":
            commands.show_help(self.say, self.lang, self.rules, self.vocab)
        elif command == "hand":
            self.show_hand()
        elif command == "pools":
            self.show_pools()
        elif command == "history":
            self.show_history()
        elif command == "legal":
            self.show_legal()
        return True

    def _allowed_now(self) -> str:
        return self.t("allowed_now", now=self.t("now"), you_may=self.t("you_may"),
                      legal=describe_legal(self.hand, self.vocab, self.lang))

    def _try(self, said: list[Any], line: str) -> bool:
        """Check the whole line on a replica; apply it only if every part is legal."""
        g = self.hand
        actions = list(said)
        if g.stage != "cards":
            return self._try_bid(actions, line)
        copy = self.replica()
        hoc_ready = self._hoc_pending(copy)
        nothing = self.t("nothing_played")
        if all(isinstance(a, HocMark) for a in actions) and not self._claim_owed(copy):
            if hoc_ready:
                self.say(self.t("hoc_counted") + self._allowed_now())
            else:
                self.say(self.t("hoc_none", example=self.tongue.card(51)) + self._allowed_now())
            return False
        for i, a in enumerate(actions):
            if isinstance(a, HocMark) and self._claim_owed(copy):
                a = actions[i] = CLAIM  # where a claim is owed, "hoc!" is the claim
            if isinstance(a, HocMark):
                if not hoc_ready:
                    before = self._turn_words(actions[:i]) if i else ""
                    self.say(self.t("hoc_after", after=self.t("after", before=before) if before else "") + nothing)
                    return False
                continue  # said again for the same hoc: a no-op
            if copy.is_over:
                before = self._turn_words(actions[:i])
                self.say(self.t("too_late", before=before, what=self._turn_words([a])) + nothing)
                return False
            if copy.to_act != self.seat:
                assert copy.to_act is not None  # the hand is on (checked above)
                before = self._turn_words(actions[:i])
                self.say(self.t("not_yours", before=before, who=self.names[copy.to_act], what=self._turn_words([a]))
                         + nothing)
                return False
            seen = len(copy.events)
            try:
                copy.apply(a)
            except IllegalAction as e:
                self._illegal(a, e, copy, i, len(actions))
                return False
            hoc_ready = any(x.__class__ is Hoc and x.seat == self.seat for x in copy.events[seen:])
        for a in actions:
            if not isinstance(a, HocMark):
                self._apply(a)
        return True

    def _try_bid(self, actions: list[Any], line: str) -> bool:
        """One announcement of the bidding: checked, then applied."""
        plain = [a for a in actions if not isinstance(a, HocMark)]
        if not plain:
            self.say(self.t("hoc_bidding", example=self.tongue.card(51)) + self._allowed_now())
            return False
        if len(plain) != 1:
            self.say(self.t("one_at_a_time", line=line) + self._allowed_now())
            return False
        a = plain[0]
        if type(a) is Pass and self.hand.stage == "tricks":  # nothing to declare after a trick: the draw
            draws = [d for d in self.hand.legal_actions() if type(d) is Draw]
            if len(draws) == 1:
                a = draws[0]
        try:
            self.hand.check(a)
        except IllegalAction as e:
            self._illegal(a, e, self.hand)
            return False
        self._apply(a)
        return True

    def _claim_owed(self, g: Game) -> bool:
        """True if the player has something to claim now (the ruleset's must_claim)."""
        return not g.is_over and g.to_act == self.seat and CLAIM in g.legal_actions()

    def _hoc_pending(self, g: Game) -> bool:
        """True if the player's last hoc is the last thing that happened on the pile."""
        for e in reversed(g.events):
            if e.__class__ is Hoc:
                return e.seat == self.seat
            if e.__class__ is Played:
                return False
        return False

    def _illegal(self, a: Any, e: IllegalAction, g: Game, i: int = 0, n: int = 1) -> None:
        why = refusal(a, e.message, g, self.vocab, self.lang)
        if n > 1:
            what = self._turn_words([a])
            self.say(self.t("part_of", not_allowed=self.t("not_allowed"), what=what, i=i + 1, n=n, why=why)
                     + self.t("nothing_played"))
        else:
            self.say(self.t("refused", not_allowed=self.t("not_allowed"), why=why))
        self.say(self.t("rule_line", rule=self.t("rule"), cite=rule_words(e.rule, self.lang)))
        if n == 1 and why.startswith(("\"", "«")):
            self.say("  " + self._allowed_now())

    # ------------------------------------------------------------ displays ----

    def show_hand(self) -> None:
        commands.show_hand(self.say, self.hand, self.seat, self.lang)

    def show_pools(self) -> None:
        commands.show_pools(self.say, self.hand, self.seat, self.names, self._before, self.lang)

    def show_history(self) -> None:
        pending = None
        if self._turn is not None:
            seat, tokens = self._turn
            pending = f"{self.names[seat]}: {' '.join(tokens)}"
        commands.show_history(self.say, self.history, pending, self.lang)

    def show_legal(self) -> None:
        commands.show_legal(self.say, self.hand, self.vocab, self.lang)

    def show_help(self) -> None:
        commands.show_help(self.say, self.lang, self.rules, self.vocab)

    # ------------------------------------------------------------ end of hand ----

    def _end_of_hand(self) -> None:
        from .summary import end_of_hand

        end_of_hand(self.say, self.hand, self.names, self._before, self.rules, self.lang,
                    partie=self.partie.scores)

    def _turn_words(self, actions: Sequence[Any]) -> str:
        """Actions of a card turn as the table shows them (the session's card notation)."""
        return turn_words(actions, self.vocab, self.lang)
