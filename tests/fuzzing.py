"""What the fuzzers feed the program and what they check, in one place: the suite
(tests/test_fuzz.py, a few examples each) and the long run (fuzz/run.py, minutes)
draw from the same strategies and call the same checks.

Each ``check_*`` function takes one input, runs it through the library and returns a
short word for what happened (``"loaded"``, ``"replayed"``, or the error's message with
its particulars blanked, so that a run can count the distinct refusals). Anything that
breaks the project's promise for bad input raises :class:`FuzzFailure` (or lets the
unexpected exception through): an error that is not the project's own, or that has no
place in its file; a record the play loop wrote that replays to other balances.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent


class FuzzFailure(AssertionError):
    """An input the program handled against its promise (not a clean error, not a result)."""


def shape(message: str) -> str:
    """A message with its particulars blanked (quoted values, numbers, names of files), so that
    refusals of one kind count once: ``found `9999`; expected 0..20`` -> ``found `…`; expected N..N``."""
    first = message.strip().splitlines()[0] if message.strip() else ""
    first = re.sub(r"`[^`]*`|\"[^\"]*\"|'[^']*'", "…", first)
    first = re.sub(r"\d+", "N", first)
    first = re.sub(r"\S+\.yaml", "FILE", first)
    return first[:120]


# ------------------------------------------------------------------ texts ----


def _texts(folder: Path) -> dict[str, str]:
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.yaml"))}


#: Every bundled ruleset, by name, as its file reads.
RULESETS: dict[str, str] = _texts(ROOT / "rulesets")
#: Every golden record of examples/, by name.
RECORDS: dict[str, str] = _texts(ROOT / "examples")


def _block_lines(text: str, head: str) -> list[int]:
    """The 0-based numbers of the lines inside every block opened by a line ending in ``head``
    (``alternatives:``, ``readings:``): the lines indented deeper than the head, up to the next
    line that is not."""
    lines = text.splitlines()
    out: list[int] = []
    for i, line in enumerate(lines):
        if not line.rstrip().endswith(head):
            continue
        depth = len(line) - len(line.lstrip())
        for j in range(i + 1, len(lines)):
            inner = lines[j].lstrip()
            indent = len(lines[j]) - len(inner)
            if inner and (indent < depth or (indent == depth and not inner.startswith("- "))):
                break
            out.append(j)
    return out


#: For each bundled ruleset, the lines inside its ``alternatives:`` and ``readings:`` blocks
#: (where the earlier fuzz tests went least).
VARIANT_LINES: dict[str, list[int]] = {
    name: sorted(set(_block_lines(text, "alternatives:")) | set(_block_lines(text, "readings:")))
    for name, text in RULESETS.items()
}

#: Values a hostile or careless hand puts after a colon: huge and odd numbers, other types,
#: YAML's own tricks, formulas, control characters.
HOSTILE_VALUES: tuple[str, ...] = (
    "9" * 5000, "-" + "9" * 30, "99999999999999999999", "1e309", "-1", "0", "-0", "2.5", ".inf", ".nan",
    "0x1F", "0o17", "1_000", "[]", "{}", "[1, [2, [3]]]", "{a: 1}", "null", "~", "yes", "no", "on", "''",
    "\"\"", "&a 1", "*a", "*nowhere", "!!binary AAAA", "!!python/object/apply:os.system ['true']",
    "!!set {a, b}", "'=HYPERLINK(\"http://x\")'", "=1+1", "@SUM(A1)", "\t", "|", ">-", "{a: [", "[1, 2",
    "2026-02-30", "12:30:00", "KS", "ZZ", "1S", "10H", "any", "schedule", "hoc-schedule", "x" * 3000,
    "é" * 50, "\u202e", "\x00", "%YAML 1.1", "---", "...", "? x", "<<: *a", "- -", "#", "lalanne §99",
)

#: Whole lines to slip into a file.
HOSTILE_LINES: tuple[str, ...] = (
    "alternatives:", "  - value: 3", "readings:", "  x:", "    - reading: nope", "value:", "- reading:",
    "stages:", "extends: hoc-mazarin", "extends: /etc/passwd", "format: 99", "\t- a", "a: &a [*a]",
    "b: &b {c: *b}", "<<: {}", "? [a, b]\n: c", "deals: []", "players: [" + ", ".join(f"P{i}" for i in range(40)) + "]",
    "players: [" + "N" * 5000 + ", B]", "---", "...", "%TAG ! tag:x,2000:", "title: " + "t" * 20_000,
)


@st.composite
def line_edits(draw: Any, text: str, focus: Sequence[int] = ()) -> str:
    """``text`` with one to three lines deleted, duplicated, reindented, swapped, given a
    hostile value, or a hostile line slipped in, cut short; the first edit falls on a line
    of ``focus`` (0-based numbers) when there are any, half the time."""
    lines = text.splitlines(keepends=True) or ["\n"]
    for n in range(draw(st.integers(1, 3))):
        if n == 0 and focus and draw(st.booleans()):
            i = min(draw(st.sampled_from(list(focus))), len(lines) - 1)
        else:
            i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        body = line.rstrip("\n")
        kind = draw(st.sampled_from(("delete", "duplicate", "indent", "dedent", "tab", "value", "value",
                                     "swap", "insert", "chars", "cut")))
        if kind == "delete" and len(lines) > 1:
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, line)
        elif kind == "indent":
            lines[i] = " " * draw(st.integers(1, 6)) + line
        elif kind == "dedent":
            lines[i] = line[min(draw(st.integers(1, 6)), len(body) - len(body.lstrip())):]
        elif kind == "tab":
            lines[i] = "\t" + line.lstrip(" ")
        elif kind == "value":  # what follows the key's colon or the item's dash
            value = draw(st.sampled_from(HOSTILE_VALUES) | st.text(max_size=12))
            m = re.match(r"^(\s*(?:- )?[^:#]*:\s?)", body) or re.match(r"^(\s*- )", body)
            head = m.group(1) if m else body[: len(body) - len(body.lstrip())]
            lines[i] = head + value + "\n"
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "insert":
            extra = draw(st.sampled_from(HOSTILE_LINES))
            indent = body[: len(body) - len(body.lstrip())]
            lines.insert(i, indent + extra + "\n")
        elif kind == "chars":
            at = draw(st.integers(0, len(body)))
            cut = draw(st.integers(0, 8))
            lines[i] = body[:at] + draw(st.text(max_size=6)) + body[at + cut:] + "\n"
        elif kind == "cut":
            lines = lines[: i + 1]
            lines[i] = body[: draw(st.integers(0, len(body)))]
    return "".join(lines)


@st.composite
def mutated_rulesets(draw: Any) -> tuple[str, str]:
    """``(name, text)``: a bundled ruleset with a few lines edited, half the time first inside
    its alternatives or readings."""
    name = draw(st.sampled_from(sorted(RULESETS)))
    return name, draw(line_edits(RULESETS[name], VARIANT_LINES[name]))


@st.composite
def mutated_records(draw: Any) -> tuple[str, str]:
    """``(name, text)``: a golden record of examples/ with a few lines edited."""
    name = draw(st.sampled_from(sorted(RECORDS)))
    text = RECORDS[name]
    deal_lines = [i for i, line in enumerate(text.splitlines()) if re.match(r"\s*- \w+:", line)]
    return name, draw(line_edits(text, deal_lines))


# ------------------------------------------------------------------ checks ----


def _placed(error: Any) -> None:
    """A clean error at file:line:col: the project's class, its place in the file, words to read."""
    if not error.file:
        raise FuzzFailure(f"an error without its file: {error}")
    if error.line is None or error.column is None:
        raise FuzzFailure(f"an error without its line and column in {error.file}: {error}")
    if "Traceback" in str(error):
        raise FuzzFailure(f"a traceback in an error message: {error}")


def check_ruleset_text(name: str, text: str, folder: Path) -> str:
    """Write ``text`` as ``folder/name.yaml`` and load it as the user's commands do: every
    error a :class:`RulesetError` at its place; a file the validator accepts loads, and each
    of its alternatives and readings composes."""
    from hocdsl.rules import RulesetError, load_ruleset
    from hocdsl.rules.loader import validate_file
    from hocdsl.rules.model import Pick
    from hocdsl.rules.variants import compose

    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    errors = validate_file(str(path))
    for e in errors:
        if not isinstance(e, RulesetError):
            raise FuzzFailure(f"validate_file gave a {type(e).__name__}: {e}")
        _placed(e)
    if errors:
        return shape(errors[0].found)
    try:
        rules = load_ruleset(str(path))
    except RulesetError as e:
        raise FuzzFailure(f"validated, then refused by the loader: {e}") from e
    for knob, prov in rules.provenance.items():
        for i in range(len(prov.alternatives) if knob != "pools" else 0):
            compose(rules, [Pick(path=knob, index=i)])
    for reading in rules.readings:
        compose(rules, [Pick(reading=reading.id)])
    play_a_hand(rules, len(text))
    return "loaded"


#: Actions after which a hand played at random is said never to end: a hand of a bundled
#: ruleset takes at most some 140 (30 random hands of each, measured).
HAND_ACTIONS = 20_000


def play_a_hand(rules: Any, seed: int) -> None:
    """Deal a hand of ``rules`` (an edited ruleset the loader accepted) at the fewest players it
    admits and play it to its end with random legal actions: a rule the loader lets through
    must not crash the engine or keep a hand going for ever."""
    from hocdsl.engine import Game

    rng = random.Random(seed)
    names = ["Anne", "Blaise", "Colette", "Dan", "Eve", "Fanny", "Gaston", "Hugo"][: min(rules.players)]
    g = Game(rules, names, dealer=0, rng=rng, strict=False)
    for _ in range(HAND_ACTIONS):
        if g.is_over:
            return
        g.apply(rng.choice(g.legal_actions()))
    raise FuzzFailure(f"a hand of {rules.name} still going after {HAND_ACTIONS} actions")


def check_record_text(name: str, text: str, folder: Path) -> str:
    """Write ``text`` as ``folder/name.yaml``, read it and replay it: a :class:`RecordError`
    (or the ruleset's error) at its place, or a replay whose transcript and JSON can be made."""
    from hocdsl.records import RecordError, read_record, replay_record, to_json, transcript
    from hocdsl.rules import RulesetError

    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        replay = replay_record(read_record(path))
    except RecordError as e:
        _placed(e)
        return shape(e.message)
    except RulesetError as e:
        _placed(e)
        return shape(e.found)
    transcript(replay)
    to_json(replay)
    return "replayed"


# ------------------------------------------------------------ announcements ----


@lru_cache(maxsize=None)
def vocabularies() -> tuple[Any, ...]:
    """The vocabulary of every bundled ruleset."""
    from hocdsl.announce import Vocabulary
    from hocdsl.rules import load_ruleset

    return tuple(Vocabulary.from_ruleset(load_ruleset(n)) for n in sorted(RULESETS))


@lru_cache(maxsize=None)
def said_lines() -> tuple[str, ...]:
    """Announcements as players say them, English and French: every legal action met in one
    random hand of each bundled ruleset, in the words of its vocabulary."""
    from hocdsl.announce import Vocabulary, format_action
    from hocdsl.engine import Game
    from hocdsl.rules import load_ruleset

    out: set[str] = set()
    rng = random.Random(22)
    for name in sorted(RULESETS):
        rules = load_ruleset(name)
        vocab = Vocabulary.from_ruleset(rules)
        seats = 3 if 3 in rules.players else min(rules.players)  # Piquet is played by two
        g = Game(rules, ["Anne", "Blaise", "Colette"][:seats], dealer=0, rng=rng, strict=False)
        while not g.is_over:
            legal = g.legal_actions()
            for a in legal[:6]:
                for lang in ("en", "fr"):
                    out.add(format_action(a, vocab, lang))
            g.apply(rng.choice(legal))
    return tuple(sorted(out))


_PIECES = ("9" * 4400, "0", "-1", " ", "  ", "\t", "\n", "hoc!", "hoc", "!", ",", "'", "’", "de", "à", "KS",
           "10", "sans", "without", "raise", "je", "passe", "ø", "\u0301", "\u200b", "２", "²", "Ⅻ", "🂡", "x" * 600)


@st.composite
def announcement_texts(draw: Any) -> str:
    """Random text, or an announcement players say with its words and characters edited."""
    if draw(st.integers(0, 3)) == 0:
        return draw(st.text(max_size=40))
    words = draw(st.lists(st.sampled_from(said_lines()), min_size=1, max_size=3))
    text = " ".join(words)
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 4))
        text = text[:at] + draw(st.sampled_from(_PIECES) | st.text(max_size=3)) + text[at + cut:]
    return text


def check_announcement(text: str, vocab_index: int) -> str:
    """Parse ``text`` with a ruleset's vocabulary: actions, or an :class:`AnnouncementError`
    with its caret inside the text and a message in English and in French."""
    from hocdsl.announce import AnnouncementError, parse_announcement

    vocabs = vocabularies()
    try:
        said = parse_announcement(text, vocabs[vocab_index % len(vocabs)])
    except AnnouncementError as e:
        if not 0 <= e.position <= len(text) or not e.message:
            raise FuzzFailure(f"a caret outside the text or no message: {e.position} {e.message!r}") from e
        for lang in ("en", "fr"):
            shown = e.render(lang)
            if len(shown) > 2000:
                raise FuzzFailure(f"an error of {len(shown)} characters in {lang}")
        return shape(e.message)
    return "parsed" if said else "parsed (nothing)"


# --------------------------------------------------------------- the play loop ----

#: The rulesets the play loop is fuzzed under: a hoc, the Lindor, the old Nain jaune, the Manille.
#: the most prompts a fuzzed session may take (a few hands take a few hundred)
MAX_PROMPTS = 20_000

PLAY_RULESETS = ("hoc-mazarin", "lindor", "nain-jaune-1760", "manille")

_JUNK = ("", "   ", "help", "?", "aide", "hand", "main", "pools", "history", "legal", "permis", "HELP",
         "raise 999", "raise 0", "raise -3", "raise " + "9" * 5000, "je renvie de 9999", "hoc!", "KS hoc!",
         "without 3", "sans 7", "2C 3C 4C", "AS AS", "pass pass", "show", "conceal", "c'est bon", "5 cards",
         "quinte au roi", "brelan de dames", "fredon", "x" * 10_000, "raise 2 " * 500, "\x00", "\x1b[A",
         "Anne: pass", "quit now", ":", "é" * 300)


def junk_lines() -> st.SearchStrategy[str]:
    """Lines a player types that are not a legal move: random text, illegal announcements,
    commands, empty and very long lines."""
    return st.sampled_from(_JUNK) | st.text(max_size=30) | announcement_texts()


@dataclass
class PlayPlan:
    """One session: the ruleset, seed and language, and the junk to type: ``junk[k]`` is
    ``(gap, line)``, typed after ``gap`` legal moves since the last junk line."""

    ruleset: str
    seed: int
    lang: str
    hands: int
    junk: list[tuple[int, str]] = field(default_factory=list)
    quit_after: int | None = None  # prompts, then "quit" (None: play every hand)


def play_plans(rulesets: Sequence[str] = PLAY_RULESETS, max_junk: int = 12,
               max_hands: int = 2) -> st.SearchStrategy[PlayPlan]:
    """Sessions under one of ``rulesets``: a seed, a language, one hand or a few, junk lines
    between the legal ones, and a third of the time a "quit" after some prompts."""
    return st.builds(
        PlayPlan,
        ruleset=st.sampled_from(tuple(rulesets)),
        seed=st.integers(0, 2**31),
        lang=st.sampled_from(("en", "fr")),
        hands=st.integers(1, max_hands),
        junk=st.lists(st.tuples(st.integers(0, 8), junk_lines()), max_size=max_junk),
        quit_after=st.one_of(st.none(), st.none(), st.integers(5, 300)),
    )


@lru_cache(maxsize=None)
def _play_rules(name: str) -> Any:
    from hocdsl.rules import load_ruleset

    return load_ruleset(name)


def check_play(plan: PlayPlan, folder: Path, bots: Sequence[str] = ("random",)) -> str:
    """Play a session by the plan (legal moves chosen at random between the junk lines), its
    record kept in ``folder`` as ``hoc play --record`` keeps it (written after each finished
    hand), then replay the record: its balances and every hand's nets are the session's."""
    from hocdsl.announce import format_action
    from hocdsl.play import PlaySession, RecordKeeper
    from hocdsl.play.record import closing_words, keep_each_hand
    from hocdsl.play.refuse import turn_words
    from hocdsl.records import read_record, replay_record, to_json

    rules = _play_rules(plan.ruleset)
    rng = random.Random(plan.seed)
    junk = list(plan.junk)
    state = {"legal": 0, "prompts": 0}
    holder: list[Any] = []

    def typed(prompt: str) -> str:
        s = holder[0]
        state["prompts"] += 1
        if plan.quit_after is not None and state["prompts"] > plan.quit_after:
            return "quit"
        if junk and state["legal"] >= junk[0][0]:
            state["legal"] = 0
            line = junk.pop(0)[1]
            if line.strip().lower() not in ("quit", "exit", "quitter"):
                return line
        state["legal"] += 1
        if state["prompts"] > MAX_PROMPTS:  # a session that never ends is a failure, not a hang
            raise FuzzFailure(f"no end after {MAX_PROMPTS} prompts")
        action = rng.choice(s.game.legal_actions())
        words = rng.choice(("en", "fr"))
        if s.lang == "fr":  # a French table reads cards in its own letters (C is cœur there)
            return turn_words([action], s.vocab, "fr")
        return format_action(action, s.vocab, words)

    out: list[str] = []
    session = PlaySession(rules, seed=plan.seed, lang=plan.lang, hands=plan.hands, bots=tuple(bots),
                          input=typed, output=out.append)
    holder.append(session)
    path = folder / "session.yaml"
    keeper = RecordKeeper(str(path), rules, lang=plan.lang)
    keep_each_hand(session, keeper)
    result = session.run()
    words, kept = closing_words(keeper, result)
    if not kept:
        raise FuzzFailure(words)
    names = result.names
    if not result.hands_completed:  # no record: the chips are the stakes as dealt
        if path.exists() or set(result.balances) != {rules.table.starting_stake}:
            raise FuzzFailure(f"no hand finished, yet a record or balances {result.balances}")
        return "played no hand, quit"
    replay = to_json(replay_record(read_record(path)))
    finished = [d for d in result.deals if d.complete]
    if [d["net"] for d in replay["deals"]] != [dict(zip(names, d.net)) for d in finished]:
        raise FuzzFailure("the record replays to other nets than the session's hands")
    if replay["balances"] != dict(zip(names, result.balances)):
        raise FuzzFailure(f"the record replays to {replay['balances']}, the session said "
                          f"{dict(zip(names, result.balances))}")
    return f"played {result.hands_completed} hand(s)" + (", quit" if result.quit else "")


#: The fuzzers by name: a strategy of inputs and the check of one input (``folder`` is a
#: scratch directory for the files a check writes).
Fuzzer = tuple[st.SearchStrategy[Any], Callable[[Any, Path], str]]

FUZZERS: dict[str, Fuzzer] = {
    "ruleset": (mutated_rulesets(), lambda ex, folder: check_ruleset_text(ex[0], ex[1], folder)),
    "record": (mutated_records(), lambda ex, folder: check_record_text(ex[0], ex[1], folder)),
    "announcement": (st.tuples(announcement_texts(), st.integers(0, 100)),
                     lambda ex, folder: check_announcement(ex[0], ex[1])),
    "play": (play_plans(), check_play),
}
