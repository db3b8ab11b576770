"""The ``hoc`` command: thin wrappers over the library, one function per command.

Every command that reads a ruleset reports a bad one as ``file:line:col: ...``
on stderr and exits with code 2, never with a traceback (see :func:`fail`).
To add a command, write one function here that parses options, calls the
library and renders; keep the work itself in a library module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum
from typing import Annotated, Any, NoReturn, Optional

import typer
from typer.core import TyperArgument, TyperGroup, TyperOption

from .rules import RulesetError, load_ruleset
from .rules.model import Ruleset


class _PlainOption(TyperOption):
    """An option as ``--help`` shows it: by its metavar (``N``, ``EXT``, ``text|markdown``),
    by nothing for a flag; never typer's ``<bool>``, ``<list[str]>`` or ``<int range> [x>=0]``
    (a bound worth knowing is said in the option's help)."""

    def display_type_rich(self, ctx: typer.Context) -> str | None:
        if self.is_flag or self.count:
            return None
        if self.metavar is not None:
            return self.metavar
        label = self.display_type(ctx).strip("<>")
        if self.type_descriptor.is_choice:
            return label.removeprefix("list[").removesuffix("]")
        return "N" if label.startswith(("int", "float")) else (self.name or "value").upper()

    def _get_number_range_help_str(self) -> str | None:
        return None


class _PlainArgument(TyperArgument):
    """An argument as ``--help`` shows it: by its metavar alone, without ``<str>``;
    ``A``, ``[RULESET]``, ``FILE...`` in the usage line (not typer's ``{A}``)."""

    def display_type_rich(self, ctx: typer.Context) -> str | None:
        return None

    def _usage_display_name(self) -> str:
        name = self.display_name_raw
        if self.nargs != 1 and not name.endswith("..."):
            name += "..."
        return name if self.required else f"[{name}]"

    def _get_number_range_help_str(self) -> str | None:
        return None


def _plain_help(params: Iterable[object]) -> None:
    """Show ``params`` in ``--help`` as :class:`_PlainOption` and :class:`_PlainArgument` do."""
    for p in params:
        if type(p) is TyperOption:
            p.__class__ = _PlainOption
        elif type(p) is TyperArgument:
            p.__class__ = _PlainArgument


class HocGroup(TyperGroup):
    """The ``hoc`` group: every command's options, and its own, shown plainly in ``--help``."""

    def get_params(self, ctx: typer.Context) -> list[Any]:
        params = super().get_params(ctx)
        _plain_help(params)
        return params

    def get_command(self, ctx: typer.Context, cmd_name: str) -> Any:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            _plain_help(cmd.get_params(ctx))
        return cmd


app = typer.Typer(
    name="hoc",
    cls=HocGroup,
    help="hocdsl: play and compare the rules of Hoc Mazarin and the Hoca, one ruleset file per reading.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_BAD_INPUT = 2

RulesetArg = Annotated[str, typer.Argument(
    metavar="RULESET", help="A bundled ruleset name (see `hoc rulesets`) or the path of a ruleset file.")]
WithOpt = Annotated[Optional[list[str]], typer.Option(
    "--with", "-w", metavar="EXT",
    help="An extension to lay over the ruleset: a bundled name (e.g. triple-game) or a path. Repeatable.")]


def fail(error: RulesetError) -> NoReturn:
    """Report ``error`` (and any others found with it) on stderr; exit 2."""
    typer.echo(error.render_all(), err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


def load_or_fail(ruleset: str, with_: list[str] | None = None) -> Ruleset:
    """:func:`load_ruleset`, with a bad ruleset reported and exit code 2."""
    try:
        return load_ruleset(ruleset, with_=with_ or ())
    except RulesetError as e:
        fail(e)


def bad_input(message: str) -> NoReturn:
    """Report ``error: message`` on stderr; exit 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


#: Players at the table when ``--players`` is not given, if the ruleset admits them.
DEFAULT_PLAYERS = 3


def players_or_fail(players: int | None, *rulesets: Ruleset) -> int:
    """``--players``, checked against what every ruleset admits (``rules.players``);
    when not given, 3 if all admit it, else the fewest players all admit. Exit 2 if none."""
    admitted = set.intersection(*(set(r.players) for r in rulesets))
    if players is None:
        if DEFAULT_PLAYERS in admitted:
            return DEFAULT_PLAYERS
        if admitted:
            return min(admitted)
        bad_input(" and ".join(f"{r.name} is played by {_counts(r)} players" for r in rulesets)
                  + ": no number of players fits both")
    for r in rulesets:
        if players not in r.players:
            bad_input(f"--players {players}: {r.name} is played by {_counts(r)} players")
    return players


def _counts(rules: Ruleset) -> str:
    """``2 or 3``, ``2, 3 or 4``: the numbers of players ``rules`` admits."""
    n = [str(k) for k in rules.players]
    return n[0] if len(n) == 1 else ", ".join(n[:-1]) + " or " + n[-1]


PlayersOpt = Annotated[Optional[int], typer.Option(
    "--players", "-p", show_default=False,
    help="Players at the table: a number the ruleset admits (deal.hand_size); default 3, or the fewest it admits.")]


def version_text() -> str:
    """``hoc (hocdsl) 0.1.0, pure Python``: the installed package's version, and whether the
    engine runs compiled or as pure Python."""
    from importlib.metadata import PackageNotFoundError, version
    from importlib.util import find_spec

    try:
        number = version("hocdsl")
    except PackageNotFoundError:  # run from a source tree that was never installed
        number = "(not installed)"
    spec = find_spec("hocdsl.engine.game")
    origin = spec.origin if spec is not None else None
    build = "compiled" if origin and not origin.endswith(".py") else "pure Python"
    return f"hoc (hocdsl) {number}, {build}"


def _print_version(value: bool) -> None:
    if value:
        typer.echo(version_text())
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[bool, typer.Option(
        "--version", is_eager=True, callback=_print_version,
        help="Print hocdsl's version (and whether it runs compiled or pure Python) and exit.")] = False,
) -> None:
    # The options of `hoc` itself, before any command; the group's help is the app's.
    pass


# ------------------------------------------------------------ commands ----


@app.command("rulesets")
def rulesets_cmd() -> None:
    """List the bundled rulesets and extensions, with their titles."""
    from rich.console import Console
    from rich.table import Table

    from .rules.loader import bundled_summaries

    table = Table(title="Bundled rulesets and extensions", title_justify="left")
    table.add_column("name", style="bold", no_wrap=True)
    table.add_column("kind")
    table.add_column("extends")
    table.add_column("title")
    for row in bundled_summaries():
        table.add_row(row.name, row.kind, row.extends or "", row.title)
    Console(soft_wrap=False).print(table)
    typer.echo("Show one with `hoc show NAME`; apply an extension with `hoc show NAME --with EXT`.")


class ShowFormat(str, Enum):
    text = "text"
    yaml = "yaml"


@app.command("show")
def show_cmd(
    ruleset: RulesetArg,
    with_: WithOpt = None,
    format: Annotated[ShowFormat, typer.Option(
        "--format", "-f", help="text: the rules by stage with their sources; yaml: the resolved ruleset file.")
    ] = ShowFormat.text,
) -> None:
    """Show the resolved rules of RULESET: every knob, its value in words and its provenance."""
    from .rules.render import ruleset_text, ruleset_yaml

    rules = load_or_fail(ruleset, with_)
    typer.echo(ruleset_yaml(rules) if format is ShowFormat.yaml else ruleset_text(rules), nl=False)


@app.command("knobs")
def knobs_cmd(
    ruleset: Annotated[Optional[str], typer.Argument(
        metavar="RULESET", show_default=False,
        help="A bundled ruleset name or the path of a ruleset file; without it, every bundled ruleset "
             "side by side.")] = None,
    with_: WithOpt = None,
    json_: Annotated[bool, typer.Option("--json", help=(
        "A JSON list, one object per knob: path, stage, title, doc, type, choices, bounds, value, "
        "value_words, provenance (value, value_words and provenance by ruleset name without RULESET)."))
    ] = False,
) -> None:
    """Every knob: its path, stage, what it takes (each choice in words), its value and provenance.

    Without RULESET, a table of each knob's value in every bundled ruleset, the knobs on which they differ marked.
    """
    import json

    from . import knobsview

    if ruleset is not None:
        rules = load_or_fail(ruleset, with_)
        if json_:
            typer.echo(json.dumps(knobsview.knobs_json(rules), indent=2, ensure_ascii=False))
        else:
            typer.echo(knobsview.knobs_text(rules), nl=False)
        return
    from .rules.loader import bundled_rulesets

    rulesets = [load_or_fail(name, with_) for name in bundled_rulesets()]
    if json_:
        typer.echo(json.dumps(knobsview.knobs_json_across(rulesets), indent=2, ensure_ascii=False))
        return
    from rich.console import Console

    console = Console(soft_wrap=False)
    if console.is_terminal:
        knobsview.print_across(rulesets, console)
    else:
        typer.echo(knobsview.across_text(rulesets), nl=False)


@app.command("validate")
def validate_cmd(
    files: Annotated[list[str], typer.Argument(
        metavar="FILE...", help="Ruleset or extension files (or bundled names) to check.")],
) -> None:
    """Check ruleset and extension files: each is OK, or its errors with file:line:column. Exit 2 if any is bad."""
    from .rules.loader import validate_file

    bad = 0
    for f in files:
        errors = validate_file(f)
        if errors:
            bad += 1
            for e in errors:
                typer.echo(e.render())
        else:
            typer.echo(f"OK  {f}")
    if bad:
        typer.echo(f"{bad} of {len(files)} file{'s' if len(files) != 1 else ''} with errors", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)


@app.command("schema")
def schema_cmd() -> None:
    """Print the JSON Schema of ruleset files (for editors: save it and point `$schema` at it)."""
    from .rules.schema import schema_text

    typer.echo(schema_text(), nl=False)


def _migrate_problem(file: str, error: Exception) -> str:
    """What is wrong with a file ``hoc migrate`` cannot convert, in one line."""
    import yaml

    if isinstance(error, RulesetError):  # read as rulesets are: placed at file:line:col
        if error.expected == "well-formed YAML":
            found = error.found.removeprefix("a YAML syntax error (").removesuffix(")")
            return f"{error.where}: not valid YAML: {found}"
        return error.render()
    if isinstance(error, yaml.MarkedYAMLError) and error.problem_mark is not None:
        mark = error.problem_mark
        return f"{file}:{mark.line + 1}:{mark.column + 1}: not valid YAML: {error.problem}"
    if isinstance(error, yaml.YAMLError):
        return f"{file}: not valid YAML: {error}"
    if isinstance(error, UnicodeDecodeError):
        return f"{file}: not a text file in UTF-8"
    if isinstance(error, OSError):
        return f"{file}: cannot read it: {error.strerror or error}"
    if isinstance(error, ValueError):
        return f"{file}: {error}"
    return f"{file}: not a ruleset of the first format hoc migrate can convert ({type(error).__name__}: {error})"


@app.command("migrate")
def migrate_cmd(
    file: Annotated[str, typer.Argument(
        metavar="FILE", help="A ruleset or extension file of hocdsl's first format.")],
) -> None:
    """Print FILE converted to ruleset format 2: every knob keeps its value, provenance and note.

    Save the output (`hoc migrate old.yaml > new.yaml`) and check it with `hoc validate new.yaml`. A file that is not a first-format ruleset exits 2 with what is wrong.
    """
    import yaml

    from .rules.migrate import migrate_file

    try:
        text = migrate_file(file)
    except (OSError, ValueError, yaml.YAMLError, KeyError, TypeError, AttributeError) as e:
        bad_input(_migrate_problem(file, e))
    typer.echo(text, nl=False)


@app.command("replay")
def replay_cmd(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A game record (YAML; see docs/records.md).")],
    ruleset: Annotated[Optional[str], typer.Option(
        "--ruleset", "-r", metavar="RULESET",
        help="Replay under this ruleset instead of the record's own (a bundled name or a path).")] = None,
    with_: WithOpt = None,
    json_: Annotated[bool, typer.Option(
        "--json", help="One JSON object: ruleset, with, players, deals (each with its net), balances.")] = False,
) -> None:
    """Replay a game record through the engine: every announcement, every payment, each player's result.

    An announcement the rules refuse stops the replay with the record's file:line, the player, what was said and the rule it breaks (exit 2). Nets worked by hand in the record (`expect:`) are checked: exit 1 if one differs.
    """
    import json

    from .records import RecordError, read_record, replay_record, to_json, transcript

    try:
        result = replay_record(read_record(file), ruleset=ruleset, with_=with_ or ())
    except RulesetError as e:
        fail(e)
    except RecordError as e:
        typer.echo(e.render(), err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    if json_:
        typer.echo(json.dumps(to_json(result), indent=2, ensure_ascii=False))
    else:
        typer.echo(transcript(result), nl=False)
    differ = [d.record.number for d in result.deals if d.matches_expect is False]
    if differ:
        typer.echo(f"{file}: the replay under {result.key} differs from the nets worked by hand in the "
                   f"record (`expect:`) for deal {', '.join(map(str, differ))}", err=True)
        raise typer.Exit(1)


@app.command("odds")
def odds_cmd(
    ruleset: RulesetArg,
    with_: WithOpt = None,
    players: PlayersOpt = None,
    json_: Annotated[bool, typer.Option("--json", help=(
        "One JSON object: probabilities as floats, and under \"exact\" the same keys as fractions \"a/b\"."))] = False,
) -> None:
    """Exact odds of a dealt hand under RULESET, by counting every deal (not by simulation)."""
    import json

    from .odds import odds_report
    from .oddsview import odds_json, print_odds

    rules = load_or_fail(ruleset, with_)
    players = players_or_fail(players, rules)
    try:
        report = odds_report(rules, players)
    except ValueError as e:  # a deal the ruleset cannot make
        bad_input(str(e))
    if json_:
        typer.echo(json.dumps(odds_json(report), indent=2))
    else:
        print_odds(report, rules)


class DiffFormat(str, Enum):
    text = "text"
    markdown = "markdown"


#: `hoc diff`'s default number of simulated hands: both parts in well under a minute on 2 cores.
DIFF_HANDS = 20_000


def _bot_names(spec: str | None, seats: int, others: bool = False) -> list[str]:
    """``--bots`` as one bot name per seat (hocdsl.bots.parse_bots); a bad spec exits 2.
    ``others``: the seats are the bots' beside a human player (hoc play)."""
    from .bots import BOT_NAMES, parse_bots

    try:
        return list(parse_bots(spec or "heuristic", seats))
    except ValueError as e:
        if others and spec and "," in spec:
            e = ValueError(f"--bots {spec}: give one bot name for every other seat, or one name per "
                           f"other seat ({seats}), from {', '.join(BOT_NAMES)}")
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)


def _progress_bar(label: str):
    """A rich progress bar on a terminal's stderr as a ``progress(done, total)`` callable; else None."""
    import contextlib
    import sys

    if not sys.stderr.isatty():
        return contextlib.nullcontext(None)

    @contextlib.contextmanager
    def bar():
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=Console(stderr=True), transient=True) as p:
            task = p.add_task(label, total=None)
            yield lambda done, total: p.update(task, completed=done, total=total)
    return bar()


@app.command("diff")
def diff_cmd(
    a: Annotated[str, typer.Argument(metavar="A", help="The first ruleset (bundled name or path).")],
    b: Annotated[str, typer.Argument(metavar="B", help="The second ruleset (bundled name or path).")],
    with_: WithOpt = None,
    with_a: Annotated[Optional[list[str]], typer.Option(
        "--with-a", metavar="EXT", help="An extension for A only (e.g. `hoc diff hoca hoca --with-b triple-game`).")
    ] = None,
    with_b: Annotated[Optional[list[str]], typer.Option("--with-b", metavar="EXT", help="An extension for B only.")
                      ] = None,
    hands: Annotated[int, typer.Option(
        "--hands", "-n", min=0, help="Hands to simulate under each ruleset on the same deals (0: the rules only).")
    ] = DIFF_HANDS,
    players: PlayersOpt = None,
    bots: Annotated[Optional[str], typer.Option(
        "--bots", help="Bots per seat, e.g. heuristic,heuristic,random (one name: every seat).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals: the same seed, the same numbers.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes for the simulation.")] = 2,
    json_: Annotated[bool, typer.Option("--json", help="One JSON object: {a, b, rules: [...], outcomes: {...}}.")
                     ] = False,
    format: Annotated[DiffFormat, typer.Option(
        "--format", "-f", help="text: tables on the terminal; markdown: GitHub tables for a paper or a wiki.")
    ] = DiffFormat.text,
    provenance: Annotated[bool, typer.Option(
        "--provenance", help="Also list the knobs whose values agree but whose provenance differs.")] = False,
) -> None:
    """Two readings side by side: the rules that differ (in words, with sources), then the outcomes on the same deals."""
    from .diff import diff_report, print_report, report_json, report_markdown

    rules_a = load_or_fail(a, (with_ or []) + (with_a or []))
    rules_b = load_or_fail(b, (with_ or []) + (with_b or []))
    seats = DEFAULT_PLAYERS
    if hands > 0 or players is not None:  # the rules alone need no table
        seats = players_or_fail(players, rules_a, rules_b)
    names = _bot_names(bots, seats) if hands > 0 else None
    with _progress_bar(f"{hands:,} hands × 2 rulesets") as progress:
        report = diff_report(rules_a, rules_b, hands=hands, players=seats, bots=names,
                             seed=seed, jobs=jobs, progress=progress, provenance=provenance)
    _emit(report, json_, format, report_json, report_markdown, print_report, piped_width=120)


def _emit(report: Any, json_: bool, format: DiffFormat, to_json: Callable[[Any], Any],
          to_markdown: Callable[[Any], str], to_console: Callable[[Any, Any], None],
          piped_width: int) -> None:
    """Print a report as JSON, markdown, or rich tables (``piped_width`` wide when piped)."""
    if json_:
        import json

        typer.echo(json.dumps(to_json(report), indent=2, ensure_ascii=False))
    elif format is DiffFormat.markdown:
        typer.echo(to_markdown(report), nl=False)
    else:
        from rich.console import Console

        console = Console()
        if not console.is_terminal:  # piped: wide enough to keep the tables readable
            console = Console(width=piped_width)
        to_console(report, console)


class Lang(str, Enum):
    en = "en"
    fr = "fr"


@app.command("play")
def play_cmd(
    ruleset: RulesetArg,
    with_: WithOpt = None,
    players: Annotated[int, typer.Option(
        "--players", "-p", min=2, max=8, help="Players: 2 to 8, as many as the ruleset admits.")] = 3,
    seat: Annotated[int, typer.Option(
        "--seat", min=1, max=8, help="Your seat, 1..players, in the direction of play.")] = 1,
    bots: Annotated[Optional[str], typer.Option(
        "--bots", help="Bots for the other seats in seat order, e.g. heuristic,random (one name: all).")] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed of the deals and bots (default: a random one).")
                    ] = None,
    record: Annotated[Optional[str], typer.Option(
        "--record", metavar="FILE", help="Write the game as a record that `hoc replay FILE` plays back.")] = None,
    lang: Annotated[Lang, typer.Option("--lang", help="Language of the announcements: en or fr.")] = Lang.en,
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, help="Hands to play.")] = 1,
    name: Annotated[str, typer.Option("--name", help="Your name at the table (and in the record).")] = "You",
) -> None:
    """Play one seat of RULESET against bots at the terminal; type `help` at any prompt."""
    import random as _random

    from .play import PlaySession, write_play_record

    rules = load_or_fail(ruleset, with_)
    if players not in rules.players:
        admitted = ", ".join(map(str, rules.players))
        typer.echo(f"error: {rules.name} is not played by {players} players (it admits {admitted})", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    if seat > players:
        typer.echo(f"error: --seat {seat}: there are only {players} seats", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    others = _bot_names(bots, players - 1, others=True)
    if seed is None:
        seed = _random.SystemRandom().randrange(1_000_000)
    try:
        session = PlaySession(rules, players=players, seat=seat - 1, bots=others, seed=seed, lang=lang.value,
                              hands=hands, name=name)
    except ValueError as e:  # a name the records cannot carry
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    typer.echo(f"hoc play {rules.name} — seed {seed} (replay this game with --seed {seed}); type `help` for help.")
    result = session.run()
    if record and not result.hands_completed:
        typer.echo(f"No hand was finished: no record written to {record}.")
    elif record:
        try:
            write_play_record(result, rules, record, ruleset=ruleset, with_=with_ or [], lang=lang.value)
        except OSError as e:
            typer.echo(f"error: cannot write the record {record}: {e.strerror}", err=True)
            raise typer.Exit(EXIT_BAD_INPUT)
        kept = result.hands_completed
        typer.echo(f"Record written to {record} ({kept} hand{'s' if kept != 1 else ''}); "
                   f"`hoc replay {record}` plays it back.")


@app.command("simulate")
def simulate_cmd(
    ruleset: RulesetArg,
    with_: WithOpt = None,
    hands: Annotated[int, typer.Option("--hands", "-n", help="Hands to play (in parties of 20).")] = 10_000,
    players: PlayersOpt = None,
    bots: Annotated[str, typer.Option(
        "--bots", help="Bots per seat, e.g. heuristic,heuristic,random (one name: every seat); "
                       "random, heuristic or montecarlo.")] = "heuristic",
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed, the same numbers, whatever --jobs.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.")] = 1,
    json_: Annotated[bool, typer.Option(
        "--json", help='One JSON object: {"hands", "chips_conserved", "metrics": {name: {"mean", "ci95"}}, ...}.')
    ] = False,
) -> None:
    """Play many hands of RULESET with bots and report each metric with its 95% interval (names in the README)."""
    import json
    import sys
    import time

    from .bots import BotError, parse_bots
    from .sim import simulate

    rules = load_or_fail(ruleset, with_)
    players = players_or_fail(players, rules)
    try:
        if hands < 1:
            raise ValueError(f"--hands {hands}: play at least one hand")
        if jobs < 1:
            raise ValueError(f"--jobs {jobs}: at least one process")
        names = parse_bots(bots, players)
    except (ValueError, BotError) as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    start = time.perf_counter()
    if sys.stderr.isatty() and not json_:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(f"{rules.name}: hands", total=hands)
            result = simulate(rules, hands=hands, players=players, bots=names, seed=seed, jobs=jobs,
                              progress=lambda done, total: bar.update(task, completed=done))
    else:
        result = simulate(rules, hands=hands, players=players, bots=names, seed=seed, jobs=jobs)
    elapsed = time.perf_counter() - start
    if json_:
        typer.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    label = rules.name + "".join(f" --with {e}" for e in rules.extensions)
    table = Table(title=f"hoc simulate {label}: {result.hands} hands, {players} players, "
                        f"bots {','.join(names)}, seed {seed}", title_justify="left")
    table.add_column("metric", no_wrap=True)
    table.add_column("mean", justify="right")
    table.add_column("95% interval", justify="right")
    for name, st in result.metrics.items():
        if st.mean != st.mean:
            table.add_row(name, "n/a", "")
            continue
        ci = "" if st.lo != st.lo else f"[{st.lo:.4f}, {st.hi:.4f}]"
        table.add_row(name, f"{st.mean:.4f}", ci)
    console = Console(soft_wrap=False)
    console.print(table)
    dist = result.distributions.get("cards_left", {})
    if dist:
        typer.echo("cards left by losers: " + ", ".join(f"{k}: {v}" for k, v in dist.items()))
    typer.echo(f"chips conserved: {'yes' if result.chips_conserved else 'NO'}; "
               f"{result.hands / elapsed:,.0f} hands/s with {jobs} process{'es' if jobs > 1 else ''}")
    if not result.chips_conserved:
        raise typer.Exit(1)


@app.command("readings")
def readings_cmd(
    ruleset: RulesetArg,
    with_: WithOpt = None,
    knob: Annotated[Optional[list[str]], typer.Option(
        "--knob", "-k", metavar="PATH=V1,V2",
        help="Also try these values of a knob (e.g. card_game.principal_wild=always); values as in a "
             "ruleset file, lists in brackets. Repeatable.")] = None,
    hands: Annotated[int, typer.Option(
        "--hands", "-n", min=1, help="Hands to play under each reading, all on the same deals.")] = DIFF_HANDS,
    players: PlayersOpt = None,
    bots: Annotated[Optional[str], typer.Option(
        "--bots", help="Bots per seat, e.g. heuristic,heuristic,random (one name: every seat).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals: the same seed, the same numbers.")] = 0,
    jobs: Annotated[int, typer.Option(
        "--jobs", "-j", min=1, help="Worker processes (the numbers do not depend on it).")] = 1,
    json_: Annotated[bool, typer.Option("--json", help=(
        "One JSON object: per knob and alternative, per metric chosen, alternative, diff, ci95, "
        "significant (after Holm's control); then the ranking."))] = False,
    format: Annotated[DiffFormat, typer.Option(
        "--format", "-f", metavar="text|markdown",
        help="text: tables on the terminal; markdown: a table to paste into a paper.")] = DiffFormat.text,
) -> None:
    """Which lost or doubtful rules change the game: every knob with alternatives, played on the same deals as the chosen value.

    Per alternative, the differences (alternative - chosen) in the positional advantage, the spread of a player's results and the hand's length, with 95% intervals; Holm's control across the table; the knobs ranked by their largest |difference| / standard error.
    """
    from .readings import KnobError, parse_knob, questions, readings_report
    from .readingsview import print_report, report_markdown

    rules = load_or_fail(ruleset, with_)
    asked: dict[str, list[object]] = {}
    try:
        for spec in knob or ():
            path, values = parse_knob(rules, spec)
            asked.setdefault(path, []).extend(values)
    except KnobError as e:
        bad_input(str(e))
    seats = players_or_fail(players, rules)
    names = _bot_names(bots, seats)
    try:
        readings = 1 + sum(len(q.readings) for q in questions(rules, asked))  # the chosen values too
        with _progress_bar(f"{hands:,} hands × {readings} readings") as progress:
            report = readings_report(rules, asked=asked, hands=hands, players=seats, bots=names,
                                     seed=seed, jobs=jobs, progress=progress)
    except ValueError as e:
        bad_input(str(e))
    from .readings import report_json as readings_json

    _emit(report, json_, format, readings_json, report_markdown, print_report, piped_width=160)
    if not report.chips_conserved:
        raise typer.Exit(1)


def main() -> None:  # pragma: no cover - the console script calls app()
    app()


if __name__ == "__main__":  # pragma: no cover
    app()
