"""The ``hoc`` command: thin wrappers over the library, one function per command.

Every command that reads a ruleset reports a bad one as ``file:line:col: ...``
on stderr and exits with code 2, never with a traceback (see :func:`fail`).
To add a command, write one function here that parses options, calls the
library and renders; keep the work itself in a library module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Optional

import typer
from typer.core import TyperArgument, TyperGroup, TyperOption

from . import complete, screen

if TYPE_CHECKING:
    # What typer's classes take (typer.Context is a subclass): typer vendors click as typer._click
    from typer._click import Command as ClickCommand
    from typer._click import Context as ClickContext

    # the rules (the model, the loader, YAML) are imported by the commands that read a ruleset,
    # not at start: `hoc --help`, `--version`, `docs`, `schema` and tab completion need none
    from .rules import RulesetError
    from .rules.model import Ruleset
    from .tableview import Grid

#: A progress callback: ``progress(done, total)``.
Progress = Callable[[int, int], None]


class _PlainOption(TyperOption):
    """An option as ``--help`` shows it: by its metavar (``N``, ``EXT``, ``text|markdown``),
    by nothing for a flag; never typer's ``<bool>``, ``<list[str]>`` or ``<int range> [x>=0]``
    (a bound worth knowing is said in the option's help)."""

    def display_type_rich(self, ctx: ClickContext) -> str | None:
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

    def display_type_rich(self, ctx: ClickContext) -> str | None:
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

    def get_params(self, ctx: ClickContext) -> list[Any]:
        params = super().get_params(ctx)
        _plain_help(params)
        return params

    def get_command(self, ctx: ClickContext, cmd_name: str) -> ClickCommand | None:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            _plain_help(cmd.get_params(ctx))
        return cmd

    def invoke(self, ctx: ClickContext) -> Any:
        """Run the command; an output or a disk that fails it (:class:`OSError`, a closed pipe
        too) is one line on stderr and exit 1, never a traceback (:mod:`hocdsl.faults`)."""
        try:
            return super().invoke(ctx)
        except OSError as e:
            from .faults import EXIT_IO, give_up_output, io_failure, say

            say(io_failure(e))
            give_up_output()
            raise typer.Exit(EXIT_IO) from None


app = typer.Typer(
    name="hoc",
    cls=HocGroup,
    help="hocdsl: play and compare the rules of Hoc Mazarin and the Hoca, one ruleset file per reading.",
    no_args_is_help=True,
    add_completion=True,  # hoc --install-completion, hoc --show-completion
    pretty_exceptions_enable=False,
)

EXIT_BAD_INPUT = 2

RulesetArg = Annotated[str, typer.Argument(
    metavar="RULESET", autocompletion=complete.rulesets, help="A bundled ruleset name (see `hoc rulesets`) or the path of a ruleset file.")]
WithOpt = Annotated[Optional[list[str]], typer.Option(
    "--with", "-w", metavar="EXT", autocompletion=complete.extensions,
    help="An extension to lay over the ruleset: a bundled name (e.g. triple-game) or a path. Repeatable.")]


def fail(error: RulesetError) -> NoReturn:
    """Report ``error`` (and any others found with it) on stderr; exit 2."""
    typer.echo(error.render_all(), err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


def load_or_fail(ruleset: str, with_: list[str] | None = None) -> Ruleset:
    """:func:`load_ruleset`, with a bad ruleset reported and exit code 2."""
    from .rules import RulesetError, load_ruleset

    try:
        return load_ruleset(ruleset, with_=with_ or ())
    except RulesetError as e:
        fail(e)


def load_arg_or_fail(ruleset: str, with_: list[str] | None = None) -> Ruleset:
    """:func:`load_or_fail`, where ``-`` is a ruleset read from standard input (:mod:`hocdsl.stdin`)."""
    from .rules import RulesetError, load_ruleset
    from .stdin import as_stdin, looks_like_stdin, read_stdin, ruleset_file

    if not looks_like_stdin(ruleset):
        return load_or_fail(ruleset, with_)
    with ruleset_file(read_stdin()) as path:
        try:
            return load_ruleset(str(path), with_=with_ or ())
        except RulesetError as e:
            fail(as_stdin(e, path))


def expectations_or_fail(rules: Ruleset) -> None:
    """Exit 2 at the first expectation naming a metric the ruleset never reports (file:line:col)."""
    from .sim.expect import metric_errors

    wrong = metric_errors(rules)
    if wrong:
        wrong[0].more = tuple(wrong[1:])
        fail(wrong[0])


def bad_input(message: str) -> NoReturn:
    """Report ``error: message`` on stderr (a very long value in it cut); exit 2."""
    from .rules.errors import shorten

    typer.echo(f"error: {shorten(message)}", err=True)
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


class Format(str, Enum):
    """``--format`` of every command that prints a report (``hocdsl.tableview.FORMATS``)."""

    text = "text"
    markdown = "markdown"
    json = "json"
    csv = "csv"
    latex = "latex"


FormatOpt = Annotated[Optional[Format], typer.Option(
    "--format", "-f", metavar="text|markdown|json|csv|latex", show_default=False,
    help="text (default): tables on the terminal; markdown: tables for a paper or a wiki; json: one object "
         "for scripts; csv: one table for a spreadsheet; latex: a booktabs table for a paper.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="The same as --format json.")]

#: Worker processes of every simulation (`simulate`, `diff`, `readings`) when --jobs is not given;
#: the numbers never depend on it.
DEFAULT_JOBS = 2
JobsOpt = Annotated[int, typer.Option(
    "--jobs", "-j", help="Worker processes for the simulation, at least 1 (the numbers do not depend on it).")]


SeedOpt = Annotated[int, typer.Option("--seed", help="Seed of the deals: the same seed, the same numbers.")]
BotsOpt = Annotated[Optional[str], typer.Option(
    "--bots", help="Bots per seat, e.g. heuristic,heuristic,random (one name: every seat).")]


def jobs_or_fail(jobs: int) -> int:
    """``--jobs``, from one process to :data:`hocdsl.sim.MAX_JOBS`; exit 2 otherwise."""
    from .sim import MAX_JOBS

    if jobs < 1:
        bad_input(f"--jobs {jobs}: at least one process")
    if jobs > MAX_JOBS:
        bad_input(f"--jobs {jobs}: at most {MAX_JOBS} processes (more than the cores of one machine; "
                  "--cluster spreads the hands over several)")
    return jobs


#: The most hands a command plays (``--hands``): a billion take hours on one machine already.
MAX_HANDS = 1_000_000_000


def hands_or_fail(hands: int) -> int:
    """``--hands``, at most :data:`MAX_HANDS`; exit 2 otherwise (not a run that never ends)."""
    if hands > MAX_HANDS:
        bad_input(f"--hands {hands}: at most {MAX_HANDS:,} hands (a billion take hours on one machine; "
                  "--cluster spreads them over several)")
    return hands


ClusterOpt = Annotated[Optional[str], typer.Option(
    "--cluster", metavar="ADDRESS",
    # \\[ : rich would read [cluster] as markup and print pip install 'hocdsl'
    help="Play the hands on a Dask cluster: a running scheduler's address (tcp://host:8786), or `local` to "
         "start one here; needs pip install 'hocdsl\\[cluster]'. The same numbers as --jobs; not with --jobs "
         "above 1.")]


@contextmanager
def cluster_or_fail(ctx: typer.Context, address: str | None, jobs: int) -> Iterator[tuple[Any, int]]:
    """``--cluster``: ``(cluster, jobs)`` for the simulation, closed after it; ``(None, jobs)``
    without it. With a cluster the processes here are 1: ``--jobs`` above 1 given with it, Dask's
    scheduler not installed, or a scheduler not reached exit 2. A worker that failed in a way
    its own error cannot tell (:class:`hocdsl.sim.WorkerError`) or a cluster that broke during
    the run is reported and exits 1."""
    from .sim import WorkerError

    if address is None:
        try:
            yield None, jobs
        except WorkerError as e:
            typer.echo(f"error: the simulation failed: {e}", err=True)
            raise typer.Exit(1) from None
        return
    source = ctx.get_parameter_source("jobs")
    if jobs > 1 and source is not None and source.name != "DEFAULT":  # --jobs given, not its default
        bad_input(f"--cluster and --jobs {jobs} ask for two ways of playing the hands: give one "
                  "(the cluster's workers are its processes)")
    from .sim.cluster import ClusterError, connect, failure_words, quiet_logs

    quiet_logs()  # Dask's own warnings and tracebacks would bury the one line said here
    try:
        cluster = connect(address)
    except ClusterError as e:
        bad_input(str(e))
    try:
        with _noting_ctrl_c() as interrupted, cluster:
            yield cluster, 1
    except Exception as e:
        if not isinstance(e, (WorkerError, OSError)) and not type(e).__module__.startswith("distributed"):
            raise
        if interrupted:  # Ctrl-C, which Dask's workers saw first: the same exit as anywhere else
            raise typer.Exit(130) from None
        typer.echo(f"error: the simulation on --cluster {address} failed: {failure_words(e)}", err=True)
        raise typer.Exit(1) from None


@contextmanager
def _noting_ctrl_c() -> Iterator[list[int]]:
    """A list that gets an item when Ctrl-C is pressed within the block (SIGINT still raises
    KeyboardInterrupt): a cluster's workers may fail from it before this process sees it."""
    import signal

    seen: list[int] = []
    before = signal.getsignal(signal.SIGINT)
    if not callable(before):
        yield seen
        return

    def note(signum: int, frame: Any) -> None:
        seen.append(signum)
        before(signum, frame)

    try:
        signal.signal(signal.SIGINT, note)
    except ValueError:  # not the main thread
        yield seen
        return
    try:
        yield seen
    finally:
        signal.signal(signal.SIGINT, before)


def format_or_fail(format: Format | None, json_: bool) -> Format:
    """The format asked for: ``--json`` is ``--format json``; ``--json`` with another
    ``--format`` is an error (exit 2), not a silent choice."""
    if json_ and format not in (None, Format.json):
        bad_input(f"--json and --format {format.value} ask for two formats: give one")
    return Format.json if json_ else (format or Format.text)


def emit(fmt: Format, *, text: Callable[[Any], None], json_data: Callable[[], Any],
         markdown: Callable[[], str], grid: Callable[[], Any], piped_width: int = 120) -> None:
    """Print a report in ``fmt``: ``text`` draws it on a rich console (``piped_width`` wide
    when piped), ``json_data`` gives plain data, ``markdown`` the markdown text, ``grid``
    a :class:`hocdsl.tableview.Grid` for CSV. Each is called only for its format."""
    if fmt is Format.json:
        import json

        data = json_data()
        if isinstance(data, dict) and "hocdsl" not in data:  # which version made it, for a paper's record
            data = {"hocdsl": package_version(), **data}
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
    elif fmt is Format.markdown:
        typer.echo(markdown(), nl=False)
    elif fmt is Format.csv:
        from .tableview import grid_csv

        typer.echo(grid_csv(grid()), nl=False)
    elif fmt is Format.latex:
        from .tableview import grid_latex

        typer.echo(grid_latex(grid()), nl=False)
    else:
        text(_console(piped_width))


def _console(piped_width: int = 120) -> Any:
    """A rich console on stdout, as wide as the screen (:func:`hocdsl.screen.width`): ``COLUMNS``,
    the terminal, or ``piped_width`` when piped, so tables stay readable."""
    return screen.console(piped_width)


PlayersOpt = Annotated[Optional[int], typer.Option(
    "--players", "-p", show_default=False,
    help="Players at the table: a number the ruleset admits (deal.hand_size); default 3, or the fewest it admits.")]


def package_version() -> str:
    """The installed package's version (``(not installed)`` in a source tree never installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("hocdsl")
    except PackageNotFoundError:
        return "(not installed)"


def version_text() -> str:
    """``hoc (hocdsl) 0.1.0, pure Python``: the installed package's version, and whether the
    engine runs compiled or as pure Python."""
    from .compiled import running

    number = package_version()
    return f"hoc (hocdsl) {number}, {running()}"


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
def rulesets_cmd(format: FormatOpt = None, json_: JsonOpt = False) -> None:
    """List the bundled rulesets and extensions, with their titles."""
    from .rules.loader import bundled_summaries
    from .tableview import grid_markdown, rulesets_grid

    fmt = format_or_fail(format, json_)
    rows = bundled_summaries()

    def text(_console: Any) -> None:
        from rich.table import Table

        table = Table(title="Bundled rulesets and extensions", title_justify="left")
        table.add_column("name", style="bold", no_wrap=True)
        table.add_column("kind")
        table.add_column("extends")
        table.add_column("title")
        for row in rows:
            table.add_row(row.name, row.kind, row.extends or "", row.title)
        console = screen.console()
        screen.show(console, table)
        typer.echo(screen.fold("Show one with `hoc show NAME`; apply an extension with `hoc show NAME --with EXT`."))

    def grid() -> Grid:
        return rulesets_grid(rows)

    emit(fmt, text=text, grid=grid, markdown=lambda: grid_markdown(grid()),
         json_data=lambda: [{"name": r.name, "kind": r.kind, "extends": r.extends, "title": r.title} for r in rows])


class ShowFormat(str, Enum):
    text = "text"
    markdown = "markdown"
    json = "json"
    csv = "csv"
    yaml = "yaml"


@app.command("show")
def show_cmd(
    ruleset: Annotated[str, typer.Argument(
        metavar="RULESET", autocompletion=complete.rulesets,
        help="A bundled ruleset name (see `hoc rulesets`), the path of a ruleset file, "
                                "or - for a ruleset file on standard input.")],
    with_: WithOpt = None,
    format: Annotated[Optional[ShowFormat], typer.Option(
        "--format", "-f", metavar="text|markdown|json|csv|yaml", show_default=False,
        help="text (default): the rules by stage with their sources; markdown, json, csv: every knob with its "
             "path, value in words and provenance; yaml: the resolved ruleset file.")] = None,
    json_: JsonOpt = False,
) -> None:
    """Show the resolved rules of RULESET: every knob, its value in words and its provenance."""
    from .rules.render import ruleset_text, ruleset_yaml
    from .tableview import show_grid, show_json, show_markdown

    if format is ShowFormat.yaml:
        if json_:
            bad_input("--json and --format yaml ask for two formats: give one")
        fmt = None
    else:
        fmt = format_or_fail(Format(format.value) if format is not None else None, json_)
    rules = load_arg_or_fail(ruleset, with_)  # - : standard input
    if fmt is None:
        typer.echo(ruleset_yaml(rules), nl=False)
        return
    emit(fmt, text=lambda _c: typer.echo(screen.fold(ruleset_text(rules)), nl=False), json_data=lambda: show_json(rules),
         markdown=lambda: show_markdown(rules), grid=lambda: show_grid(rules))


@app.command("knobs")
def knobs_cmd(
    ruleset: Annotated[Optional[str], typer.Argument(
        metavar="RULESET", show_default=False, autocompletion=complete.rulesets,
        help="A bundled ruleset name or the path of a ruleset file; without it, every bundled ruleset "
             "side by side.")] = None,
    with_: WithOpt = None,
    format: FormatOpt = None,
    json_: Annotated[bool, typer.Option("--json", help=(
        "The same as --format json: a JSON list, one object per knob: path, stage, title, doc, type, choices, "
        "bounds, value, value_words, provenance (value, value_words and provenance by ruleset name without "
        "RULESET)."))
    ] = False,
) -> None:
    """Every knob: its path, stage, what it takes (each choice in words), its value and provenance.

    Without RULESET, a table of each knob's value in every bundled ruleset, the knobs on which they differ marked.
    """
    from . import knobsview
    from .tableview import grid_markdown

    fmt = format_or_fail(format, json_)
    if ruleset is not None:
        rules = load_or_fail(ruleset, with_)
        def grid() -> Grid:
            return knobsview.knobs_grid(rules)

        emit(fmt, text=lambda _c: typer.echo(screen.fold(knobsview.knobs_text(rules)), nl=False),
             json_data=lambda: knobsview.knobs_json(rules), markdown=lambda: grid_markdown(grid()), grid=grid)
        return
    from .rules.loader import bundled_rulesets

    rulesets = [load_or_fail(name, with_) for name in bundled_rulesets()]

    def text(_console: Any) -> None:
        if screen.known_width():  # a screen to fit: the rulesets in as many tables as it takes
            knobsview.print_across(rulesets, screen.console())
        else:  # piped: one line per knob, whole, for grep
            typer.echo(knobsview.across_text(rulesets), nl=False)

    def across() -> Grid:
        return knobsview.across_grid(rulesets)

    emit(fmt, text=text, json_data=lambda: knobsview.knobs_json_across(rulesets),
         markdown=lambda: grid_markdown(across()), grid=across)


@app.command("validate")
def validate_cmd(
    files: Annotated[list[str], typer.Argument(
        metavar="FILE...", autocompletion=complete.rulesets, help="Ruleset or extension files (or bundled names) to check; - reads one from "
                                "standard input, named <stdin> in the messages.")],
    format: FormatOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Check ruleset and extension files: each is OK, or its errors with file:line:column. Exit 2 if any is bad."""
    from .rules.loader import validate_file
    from .tableview import grid_markdown, validate_grid, validate_json

    fmt = format_or_fail(format, json_)

    if files.count("-") > 1:
        bad_input("- (standard input) is given more than once: it can be read once")

    def checked(f: str) -> list[Any]:
        from .stdin import as_stdin, looks_like_stdin, read_stdin, ruleset_file

        if looks_like_stdin(f):  # read as a file is, each error placed at <stdin>:line:col
            with ruleset_file(read_stdin()) as path:
                return [as_stdin(e, path) for e in checked(str(path))]
        errors = validate_file(f)
        if errors:
            return errors
        from .rules import load_ruleset
        from .rules.loader import find_ruleset, read_layer
        from .sim.expect import metric_errors

        if read_layer(find_ruleset(f)).kind == "extension":
            return []
        return list(metric_errors(load_ruleset(f)))  # what `hoc simulate` reports: its expectations' metrics

    results = [("<stdin>" if f == "-" else f, checked(f)) for f in files]
    bad = sum(1 for _, errors in results if errors)

    def text(_console: Any) -> None:
        for f, errors in results:
            for e in errors:
                typer.echo(e.render())
            if not errors:
                typer.echo(f"OK  {f}")

    emit(fmt, text=text, json_data=lambda: validate_json(results),
         markdown=lambda: grid_markdown(validate_grid(results)), grid=lambda: validate_grid(results))
    if bad:
        typer.echo(f"{bad} of {len(files)} file{'s' if len(files) != 1 else ''} with errors", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)


@app.command("docs")
def docs_cmd(
    name: Annotated[Optional[str], typer.Argument(
        metavar="NAME", show_default=False,
        help="A document: announcements, records, rulesets, interpretations. Without it, the list.")] = None,
) -> None:
    """Print one of the documents installed with hocdsl (those the commands point to), or list them."""
    from .docsview import doc_names, doc_path, doc_text

    if name is None:
        for n in doc_names():
            typer.echo(f"{n:<16} {doc_path(n)}")
        typer.echo(screen.fold("Print one with `hoc docs NAME`."))
        return
    try:
        typer.echo(doc_text(name), nl=False)
    except LookupError as e:
        bad_input(str(e))


@app.command("schema")
def schema_cmd(
    output: Annotated[Optional[str], typer.Option(
        "--output", "-o", metavar="PATH",
        help="Write the schema to PATH instead of printing it; a directory gets DIR/ruleset.schema.json, "
             "the file `hoc migrate`'s first line points at.")] = None,
) -> None:
    """Print the JSON Schema of ruleset files, or write it beside them (-o) for an editor.

    A ruleset file whose first line is `# yaml-language-server: $schema=ruleset.schema.json` (a path relative to the file) is then checked as you type, with each knob's description on hover and each choice's meaning in completion.
    """
    import os

    from .files import writable_problem, write_atomic
    from .rules.schema import LOCAL_NAME, modeline
    from .rules.validate import schema_text  # the schema shipped in the package

    text = schema_text()
    if output is None or output == "-":
        typer.echo(text, nl=False)
        return
    path = os.path.join(output, LOCAL_NAME) if os.path.isdir(output) else output
    problem = writable_problem(path)
    if problem:
        bad_input(f"cannot write {path}: {problem}")
    write_atomic(path, text)
    typer.echo(f"wrote {path}; a ruleset file beside it points an editor at it with its first line:\n"
               f"  {modeline(os.path.basename(path))}", err=True)


def _migrate_problem(file: str, error: Exception) -> str:
    """What is wrong with a file ``hoc migrate`` cannot convert, in one line."""
    import yaml

    from .rules import RulesetError

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
        metavar="FILE", help="A ruleset or extension file of hocdsl's first format; - for standard input.")],
) -> None:
    """Print FILE converted to ruleset format 2: every knob keeps its value, provenance and note.

    Save the output (`hoc migrate old.yaml > new.yaml`) and check it with `hoc validate new.yaml`. A file that is not a first-format ruleset exits 2 with what is wrong.
    """
    import yaml

    from .rules.migrate import migrate_file, migrate_text
    from .stdin import SHOWN, looks_like_stdin, read_stdin

    try:
        text = migrate_text(read_stdin(), SHOWN) if looks_like_stdin(file) else migrate_file(file)
    except (OSError, ValueError, yaml.YAMLError, KeyError, TypeError, AttributeError) as e:
        bad_input(_migrate_problem(SHOWN if looks_like_stdin(file) else file, e))
    typer.echo(text, nl=False)


class Lang(str, Enum):
    en = "en"
    fr = "fr"


@app.command("replay")
def replay_cmd(
    file: Annotated[str, typer.Argument(
        metavar="FILE", help="A game record (YAML; its format: `hoc docs records`); - for standard input (a "
                             "ruleset path in it is then relative to the working directory).")],
    ruleset: Annotated[Optional[str], typer.Option(
        "--ruleset", "-r", metavar="RULESET", autocompletion=complete.rulesets,
        help="Replay under this ruleset instead of the record's own (a bundled name or a path).")] = None,
    with_: WithOpt = None,
    json_: Annotated[bool, typer.Option(
        "--json", help="One JSON object: ruleset, with, players, deals (each with its net), balances.")] = False,
    lang: Annotated[Lang, typer.Option(
        "--lang", help="Language of the transcript's headings and narration: en or fr (what the record says "
                       "is quoted as written; the JSON is the same in both).")] = Lang.en,
) -> None:
    """Replay a game record through the engine: every announcement, every payment, each player's result.

    An announcement the rules refuse stops the replay with the record's file:line, the player, what was said and the rule it breaks (exit 2). Nets worked by hand in the record (`expect:`) are checked: exit 1 if one differs.
    """
    import json

    import os

    from .records import RecordError, read_record, replay_record, to_json, transcript
    from .records.reader import parse_record
    from .rules import RulesetError
    from .stdin import SHOWN, looks_like_stdin, read_stdin

    try:
        record = parse_record(read_stdin(), SHOWN, os.getcwd()) if looks_like_stdin(file) else read_record(file)
        result = replay_record(record, ruleset=ruleset, with_=with_ or ())
    except RulesetError as e:
        fail(e)
    except RecordError as e:
        if e.partial is not None and not json_:  # the transcript up to the refused announcement
            from .records import partial_transcript
            typer.echo(partial_transcript(e.partial, lang.value), nl=False)  # type: ignore[arg-type]
        typer.echo(e.render(), err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    if json_:
        typer.echo(json.dumps(to_json(result), indent=2, ensure_ascii=False))
    else:
        typer.echo(screen.fold(transcript(result, lang.value)), nl=False)
    differ = [d.record.number for d in result.deals if d.expect is not None and d.expect != d.net]
    if differ:
        typer.echo(f"{file}: the replay under {result.key} differs from the nets worked by hand in the "
                   f"record (`expect:`) for deal {', '.join(map(str, differ))}", err=True)
    points = [d.record.number for d in result.deals
              if d.expect_points is not None and d.expect_points != d.points]
    if points:
        typer.echo(f"{file}: the replay under {result.key} differs from the points worked by hand in the "
                   f"record (`points:`) for deal {', '.join(map(str, points))}", err=True)
    if differ or points:
        raise typer.Exit(1)


@app.command("odds")
def odds_cmd(
    ruleset: RulesetArg,
    with_: WithOpt = None,
    players: PlayersOpt = None,
    format: FormatOpt = None,
    json_: Annotated[bool, typer.Option("--json", help=(
        "The same as --format json: one JSON object: probabilities as floats, and under \"exact\" the same keys "
        "as fractions \"a/b\"."))] = False,
) -> None:
    """Exact odds of a dealt hand under RULESET, by counting every deal (not by simulation)."""
    from .odds import odds_report
    from .oddsview import odds_grid, odds_json, print_odds
    from .tableview import grid_markdown

    fmt = format_or_fail(format, json_)
    rules = load_or_fail(ruleset, with_)
    players = players_or_fail(players, rules)
    try:
        report = odds_report(rules, players)
    except ValueError as e:  # a deal the ruleset cannot make
        bad_input(str(e))
    def grid() -> Grid:
        return odds_grid(report, rules)

    emit(fmt, text=lambda _c: print_odds(report, rules), json_data=lambda: odds_json(report),
         markdown=lambda: grid_markdown(grid()), grid=grid)


#: `hoc diff`'s default number of simulated hands: both parts in well under a minute on 2 cores.
DIFF_HANDS = 20_000


def _bot_names(spec: str | None, seats: int, others: bool = False) -> list[str]:
    """``--bots`` as one bot name per seat (hocdsl.bots.parse_bots); a bad spec exits 2.
    ``others``: the seats are the bots' beside a human player (hoc play)."""
    from .bots import BOT_NAMES, parse_bots

    try:
        return list(parse_bots("heuristic" if spec is None else spec, seats))  # --bots '' is refused
    except ValueError as e:
        if others and spec and "," in spec:
            e = ValueError(f"--bots {spec}: give one bot name for every other seat, or one name per "
                           f"other seat ({seats}), from {', '.join(BOT_NAMES)}")
        bad_input(str(e))


def _progress_bar(label: str) -> AbstractContextManager[Progress | None]:
    """A rich progress bar on a terminal's stderr as a ``progress(done, total)`` callable; else None."""
    import contextlib
    import sys

    if not sys.stderr.isatty():
        return contextlib.nullcontext(None)

    @contextlib.contextmanager
    def bar() -> Iterator[Progress]:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=Console(stderr=True), transient=True) as p:
            task = p.add_task(label, total=None)
            yield lambda done, total: p.update(task, completed=done, total=total)
    return bar()


class DiffTable(str, Enum):
    """``hoc diff --table``: which of its two tidy tables CSV and LaTeX write."""

    outcomes = "outcomes"
    rules = "rules"


@app.command("diff")
def diff_cmd(
    ctx: typer.Context,
    a: Annotated[str, typer.Argument(metavar="A", autocompletion=complete.rulesets, help="The first ruleset (bundled name or path).")],
    b: Annotated[str, typer.Argument(metavar="B", autocompletion=complete.rulesets, help="The second ruleset (bundled name or path).")],
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
    bots: BotsOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = DEFAULT_JOBS,
    cluster: ClusterOpt = None,
    format: FormatOpt = None,
    json_: Annotated[bool, typer.Option(
        "--json", help="The same as --format json: one JSON object: {a, b, rules: [...], outcomes: {...}}.")
    ] = False,
    all_rows: Annotated[bool, typer.Option(
        "--all", help="Every outcome row, not only those that matter (text and markdown; json and csv have all).")
    ] = False,
    provenance: Annotated[bool, typer.Option(
        "--provenance", help="Also list the knobs whose values agree but whose provenance differs.")] = False,
    table: Annotated[Optional[DiffTable], typer.Option(
        "--table", metavar="outcomes|rules", show_default=False,
        help="Which table --format csv or latex writes: outcomes (the default when hands are played; CSV: one "
             "row per ruleset, metric and statistic, columns ruleset,metric,statistic,value) or rules (the "
             "default with --hands 0; CSV: one row per knob and ruleset, with its value, provenance and "
             "source; no hand is played for it). LaTeX lays the same out to read: a row per metric, or per knob.")
    ] = None,
) -> None:
    """Two readings side by side: the rules that differ (in words, with sources), then the outcomes on the same deals.

    The rules are printed at once, then the hands are played; the outcome table shows the key rows and the significant differences, with a legend (--all: every row).

    --format csv writes one tidy table, for pandas or R: the outcomes, or with --table rules the rules (hoc diff A B -f csv > outcomes.csv; hoc diff A B -f csv --table rules > rules.csv).
    """
    from .diff import (
        outcomes_grid, outcomes_markdown, outcomes_paper_grid, print_outcomes, print_rules, report_json, rules_grid,
        rules_markdown, rules_paper_grid, rules_report, with_outcomes,
    )

    fmt = format_or_fail(format, json_)
    if table is not None and fmt not in (Format.csv, Format.latex):
        bad_input(f"--table {table.value} chooses the table of --format csv or latex; "
                  f"--format {fmt.value} holds both (leave --table out)")
    if table is DiffTable.outcomes and hands == 0:
        bad_input("--table outcomes with --hands 0: no hand is played, so there are no outcomes "
                  "(give --hands N, or --table rules)")
    if table is DiffTable.rules:
        hands = 0  # the rules table needs no hand played
    jobs = jobs_or_fail(jobs)
    hands = hands_or_fail(hands)
    rules_a = load_or_fail(a, (with_ or []) + (with_a or []))
    rules_b = load_or_fail(b, (with_ or []) + (with_b or []))
    seats = DEFAULT_PLAYERS
    if hands > 0:  # the rules alone need no table
        seats = players_or_fail(players, rules_a, rules_b)
    names = _bot_names(bots, seats) if hands > 0 else None
    report = rules_report(rules_a, rules_b, provenance=provenance)
    console = _console(120)
    if fmt is Format.text:  # the rules first, at once; then the progress bar
        print_rules(report, console)
    elif fmt is Format.markdown:
        typer.echo(rules_markdown(report), nl=False)
    if hands > 0:
        with cluster_or_fail(ctx, cluster, jobs) as (on, jobs), \
                _progress_bar(f"{hands:,} hands × 2 rulesets") as progress:
            report = with_outcomes(report, rules_a, rules_b, hands=hands, players=seats, bots=names,
                                   seed=seed, jobs=jobs, progress=progress, cluster=on)
    def grid() -> Any:  # CSV: a tidy table; LaTeX: the same one, laid out to read in a paper
        if fmt is Format.latex:
            return outcomes_paper_grid(report) if hands > 0 else rules_paper_grid(report)
        return outcomes_grid(report) if hands > 0 else rules_grid(report)

    emit(fmt, text=lambda _c: print_outcomes(report, console, all_rows), json_data=lambda: report_json(report),
         markdown=lambda: outcomes_markdown(report, all_rows), grid=grid)


@app.command("report")
def report_cmd(
    a: Annotated[str, typer.Argument(metavar="A", autocompletion=complete.rulesets, help="The first ruleset (bundled name or path).")],
    b: Annotated[str, typer.Argument(metavar="B", autocompletion=complete.rulesets, help="The second ruleset (bundled name or path).")],
    with_: WithOpt = None,
    hands: Annotated[int, typer.Option(
        "--hands", "-n", min=1, help="Hands to simulate under each ruleset on the same deals.")] = 4000,
    players: PlayersOpt = None,
    bots: BotsOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = DEFAULT_JOBS,
    readings: Annotated[bool, typer.Option(
        "--readings", help="Also play each ruleset's alternative readings of lost or doubtful rules "
                           "(as `hoc readings`) and plot their effects; takes longer.")] = False,
    family: Annotated[bool, typer.Option(
        "--family", help="Also draw where A and B stand in the family: the tree of A, B and every bundled "
                         "ruleset by rules and outcomes (as `hoc family`), with their typology; takes longer.")
    ] = False,
    reconstruct: Annotated[bool, typer.Option(
        "--reconstruct", help="Also rank each ruleset's whole readings of its lost and doubtful rules (as "
                              "`hoc reconstruct`, at most --hands hands a reading); takes longer.")] = False,
    output: Annotated[Optional[str], typer.Option(
        "--output", "-o", metavar="FILE.html",
        help="Where to write the page (default: A-vs-B.html here; - for standard output).")] = None,
) -> None:
    """A self-contained HTML page to send to a colleague: the rules that differ with their sources, the outcomes with 95% intervals, and plots."""
    import re
    import sys

    from .diff import label
    from .files import writable_problem, write_atomic
    from .report import build_report, report_html

    hands = hands_or_fail(hands)
    jobs = jobs_or_fail(jobs)
    rules_a = load_or_fail(a, with_)
    rules_b = load_or_fail(b, with_)
    seats = players_or_fail(players, rules_a, rules_b)
    names = _bot_names(bots, seats)
    path = output or re.sub(r"[^\w.+-]", "_", f"{label(rules_a)}-vs-{label(rules_b)}".replace(" ", "")) + ".html"
    problem = writable_problem(path) if output != "-" else None
    if problem:  # said before the hands are played, not after
        bad_input(f"cannot write {path}: {problem}")
    phases = ((" + readings" if readings else "") + (" + the family" if family else "")
              + (" + reconstructions" if reconstruct else ""))
    try:
        with _progress_bar(f"{hands:,} hands × 2 rulesets{phases}") as progress:
            report = build_report(rules_a, rules_b, hands=hands, players=seats, bots=names, seed=seed,
                                  jobs=jobs, readings=readings, family=family, reconstruct=reconstruct,
                                  progress=progress)
    except ValueError as e:
        bad_input(str(e))
    page = report_html(report)
    if output == "-":
        sys.stdout.write(page)
        return
    try:
        write_atomic(path, page)  # whole or not at all: a full disk leaves no page cut short
    except OSError as e:
        typer.echo(f"error: cannot write {path}: {e.strerror or e}", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"wrote {path} ({len(page.encode('utf-8')) // 1024:,} KB)", err=True)


@app.command("play")
def play_cmd(
    ruleset: RulesetArg,
    with_: WithOpt = None,
    players: Annotated[Optional[int], typer.Option(
        "--players", "-p", min=2, max=8, help="Players: 2 to 8, as many as the ruleset admits (default: 3, "
        "or the one number the ruleset admits, 2 for Piquet).")] = None,
    seat: Annotated[int, typer.Option(
        "--seat", min=1, max=8, help="Your seat, 1..players, in the direction of play.")] = 1,
    bots: Annotated[Optional[str], typer.Option(
        "--bots", help="Bots for the other seats in seat order, e.g. heuristic,random (one name: all).")] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed of the deals and bots (default: a random one).")
                    ] = None,
    record: Annotated[Optional[str], typer.Option(
        "--record", metavar="FILE", help="Write the game as a record that `hoc replay FILE` plays back.")] = None,
    lang: Annotated[Lang, typer.Option("--lang", help="Language of the announcements: en or fr.")] = Lang.en,
    hands: Annotated[Optional[int], typer.Option(
        "--hands", "-n", min=1, help="Hands to play (default: the partie the ruleset sets, by "
        "table.partie_deals, table.partie_target or table.partie_points; one hand where it sets none).")] = None,
    name: Annotated[Optional[str], typer.Option(
        "--name", help="Your name at the table (and in the record); default You (Vous in French).")] = None,
) -> None:
    """Play one seat of RULESET against bots at the terminal; type `help` at any prompt."""
    import random as _random

    from .play import PlaySession, RecordKeeper
    from .play.record import closing_words, keep_each_hand
    from .play.signals import Ended, ending_signals

    if hands is not None:
        hands = hands_or_fail(hands)
    rules = load_or_fail(ruleset, with_)
    keeper = RecordKeeper(record, rules, ruleset=ruleset, with_=with_ or [], lang=lang.value) if record else None
    problem = keeper.problem() if keeper else None
    if problem:  # said before the first hand, not after the last
        bad_input(f"cannot write the record {record}: {problem}")
    if players is None:
        players = 3 if 3 in rules.players or len(rules.players) != 1 else rules.players[0]
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
                              hands=hands, name=name, output=lambda line: print(screen.fold(line)))
    except ValueError as e:  # a name the records cannot carry
        bad_input(str(e))
    if keeper:
        keep_each_hand(session, keeper)  # each finished hand on disk at once
    from .play.words import text as play_text

    typer.echo(play_text(lang.value, "banner", name=rules.name, seed=seed))
    try:
        with ending_signals():  # SIGHUP (the terminal closed), SIGTERM: Ended
            result = session.run()
    except Ended as e:
        from .faults import give_up_output, say

        if keeper:
            keeper.save(session.result_so_far())
        say(f"hoc play: ended by {e.name}" + (f"; the record {record} holds {keeper.saved} finished hand"
                                              f"{'s' if keeper.saved != 1 else ''}" if keeper else ""))
        give_up_output()  # the terminal may be gone
        raise typer.Exit(e.exit_code) from None
    if keeper:
        words, whole = closing_words(keeper, result)
        typer.echo(words, err=not whole)
        if not whole:
            raise typer.Exit(1)


@app.command("simulate")
def simulate_cmd(
    ctx: typer.Context,
    ruleset: RulesetArg,
    with_: WithOpt = None,
    hands: Annotated[int, typer.Option("--hands", "-n", help="Hands to play (in parties of 20).")] = 10_000,
    players: PlayersOpt = None,
    bots: Annotated[str, typer.Option(
        "--bots", help="Bots per seat, e.g. heuristic,heuristic,random (one name: every seat); "
                       "random, heuristic or montecarlo.")] = "heuristic",
    seed: Annotated[int, typer.Option("--seed", help="Seed: the same seed, the same numbers, whatever --jobs.")] = 0,
    jobs: JobsOpt = DEFAULT_JOBS,
    cluster: ClusterOpt = None,
    format: FormatOpt = None,
    json_: Annotated[bool, typer.Option(
        "--json", help='The same as --format json: one JSON object: {"hands", "chips_conserved", '
                       '"metrics": {name: {"mean", "ci95"}}, ...}.')
    ] = False,
    all_rows: Annotated[bool, typer.Option(
        "--all", help="Print every row, also those 0 in every hand played (the other formats always hold them).")
    ] = False,
    reading: Annotated[str | None, typer.Option(
        "--reading", metavar="ID", help="Play one of the ruleset's whole readings (its `readings:`), e.g. "
                                        "`hoc simulate piquet --reading rubicon`.")] = None,
) -> None:
    """Play many hands of RULESET with bots and report each metric with its 95% interval (names in the README)."""
    import sys
    import time

    from .bots import BotError, parse_bots
    from .sim import simulate
    from .sim.expect import contrasts, verdicts, verdicts_text
    from .sim.runner import BLOCK_HANDS
    from .tableview import grid_markdown, simulate_grid

    fmt = format_or_fail(format, json_)
    hands = hands_or_fail(hands)
    jobs = jobs_or_fail(jobs)
    rules = load_or_fail(ruleset, with_)
    if reading is not None:
        from .rules.model import Pick
        from .rules.variants import PickError, compose

        try:
            rules = compose(rules, [Pick(reading=reading)])
        except PickError as e:
            known = ", ".join(r.id for r in rules.readings) or "none"
            bad_input(f"--reading {reading}: {e} (its readings: {known})")
    expectations_or_fail(rules)
    players = players_or_fail(players, rules)
    try:
        if hands < 1:
            raise ValueError(f"--hands {hands}: play at least one hand")
        names = parse_bots(bots, players)
    except (ValueError, BotError) as e:
        bad_input(str(e))
    with cluster_or_fail(ctx, cluster, jobs) as (on, jobs):
        start = time.perf_counter()
        if sys.stderr.isatty() and fmt is Format.text:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

            with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), console=Console(stderr=True), transient=True) as bar:
                task = bar.add_task(f"{rules.name}: hands", total=hands)
                result = simulate(rules, hands=hands, players=players, bots=names, seed=seed, jobs=jobs,
                                  cluster=on, progress=lambda done, total: bar.update(task, completed=done),
                                  contrasts=contrasts(rules))
        else:
            result = simulate(rules, hands=hands, players=players, bots=names, seed=seed, jobs=jobs, cluster=on,
                              contrasts=contrasts(rules))
        elapsed = time.perf_counter() - start
    checked = verdicts(rules, result)
    if fmt is not Format.text:
        def grid() -> Grid:
            return simulate_grid(result, checked)


        def as_json() -> dict[str, Any]:
            out = result.to_json()
            if checked:
                out["expectations"] = [v.to_json() for v in checked]
            return out

        emit(fmt, text=lambda _c: None, json_data=as_json, markdown=lambda: grid_markdown(grid()), grid=grid)
        if not result.chips_conserved:
            raise typer.Exit(1)
        return
    from .rules.render import lost_words
    from .simulateview import print_result

    label = rules.name + "".join(f" --with {e}" for e in rules.extensions)
    if reading is not None:
        label += f" --reading {reading}"
    lost = lost_words(rules)
    if lost:
        typer.echo(screen.fold(lost))
    if result.hands != hands:
        typer.echo(screen.fold(
            f"{result.hands:,} hands played for the {hands:,} asked: each block of {BLOCK_HANDS} hands "
            "plays its last partie out, since a partie's points are settled in chips only at its end "
            "(table.points_per_chip)"))
    print_result(result, f"hoc simulate {label}: {result.hands} hands, {players} players, "
                         f"bots {','.join(names)}, seed {seed}", screen.console(), all_rows)
    dist = result.distributions.get("cards_left", {})
    if dist:
        typer.echo(screen.fold("cards left by losers: " + ", ".join(f"{k}: {v}" for k, v in dist.items())))
    if checked:
        typer.echo(screen.fold(verdicts_text(checked, players)))
    where = f"on --cluster {cluster}" if cluster else f"with {jobs} process{'es' if jobs > 1 else ''}"
    typer.echo(screen.fold(f"chips conserved: {'yes' if result.chips_conserved else 'NO'}; "
                           f"{result.hands / elapsed:,.0f} hands/s {where}"))
    if not result.chips_conserved:
        raise typer.Exit(1)


@app.command("readings")
def readings_cmd(
    ctx: typer.Context,
    ruleset: RulesetArg,
    with_: WithOpt = None,
    knob: Annotated[Optional[list[str]], typer.Option(
        "--knob", "-k", metavar="PATH=V1,V2",
        help="Also try these values of a knob (e.g. card_game.principal_wild=always); values as in a "
             "ruleset file, lists in brackets. Repeatable.")] = None,
    hands: Annotated[int, typer.Option(
        "--hands", "-n", min=1, help="Hands to play under each reading, all on the same deals.")] = DIFF_HANDS,
    players: PlayersOpt = None,
    bots: BotsOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = DEFAULT_JOBS,
    cluster: ClusterOpt = None,
    json_: Annotated[bool, typer.Option("--json", help=(
        "The same as --format json: one JSON object: per knob and alternative, per metric chosen, alternative, "
        "diff, ci95, significant (after Holm's control); then the ranking."))] = False,
    format: FormatOpt = None,
) -> None:
    """Which lost or doubtful rules change the game: every knob with alternatives, played on the same deals as the chosen value.

    Per alternative, the differences (alternative - chosen) in the positional advantage, the spread of a player's results and the hand's length, with 95% intervals; Holm's control across the table; the knobs ranked by their largest |difference| / standard error.
    """
    from .readings import KnobError, parse_knob, questions, readings_report
    from .readingsview import print_report, readings_grid, report_markdown

    fmt = format_or_fail(format, json_)
    jobs = jobs_or_fail(jobs)
    hands = hands_or_fail(hands)
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
        with cluster_or_fail(ctx, cluster, jobs) as (on, jobs), \
                _progress_bar(f"{hands:,} hands × {readings} readings") as progress:
            report = readings_report(rules, asked=asked, hands=hands, players=seats, bots=names,
                                     seed=seed, jobs=jobs, progress=progress, cluster=on)
    except ValueError as e:
        bad_input(str(e))
    from .readings import report_json as readings_json

    emit(fmt, text=lambda c: print_report(report, c), json_data=lambda: readings_json(report),
         markdown=lambda: report_markdown(report), grid=lambda: readings_grid(report), piped_width=160)
    if not report.chips_conserved:
        raise typer.Exit(1)


#: `hoc reconstruct`'s default: the most hands a reading plays (hocdsl.reconstruct; a test keeps them alike).
RECONSTRUCT_HANDS = 4000


@app.command("reconstruct")
def reconstruct_cmd(
    ctx: typer.Context,
    ruleset: RulesetArg,
    with_: WithOpt = None,
    hands: Annotated[int, typer.Option(
        "--hands", "-n", min=1, max=10_000_000,
        help="The most hands a reading plays (those still in at the end); the others stop earlier.")
    ] = RECONSTRUCT_HANDS,
    sample: Annotated[Optional[int], typer.Option(
        "--sample", min=1, max=100_000,
        help="How many whole readings to play when there are more (a balanced sample that always holds the "
             "ruleset as written). Default: every one when there are at most 512, else 256.")] = None,
    rule: Annotated[Optional[list[str]], typer.Option(
        "--rule", "-r", metavar="PATH",
        help="Vary only this rule (a knob path, or `reading ID`); the others stay as written. Repeatable.")
    ] = None,
    top: Annotated[int, typer.Option("--top", min=1, max=100_000, help="Readings shown in the text ranking.")] = 15,
    players: PlayersOpt = None,
    bots: BotsOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = DEFAULT_JOBS,
    cluster: ClusterOpt = None,
    json_: Annotated[bool, typer.Option("--json", help=(
        "The same as --format json: one JSON object: the settings, the rules and their options, every reading "
        "ranked with its score, measures and expectations (intervals), and the rules the ranking depends on."))
    ] = False,
    format: FormatOpt = None,
) -> None:
    """Rank the whole readings of RULESET's lost and doubtful rules: which completions make a game, and agree with its sources.

    Every combination of the alternatives (or a balanced sample), played on the same deals, scored by the ruleset's expectations (what its sources say about play) and by measures of a playable game (balance between positions, length of a hand, results decided by choices rather than by the deal, changes of lead), ranked with 95% intervals; readings clearly worse are dropped early. Says which lost rules the ranking depends on.
    """
    from .reconstruct import reconstruct
    from .reconstructview import report_grid, report_json, report_markdown, report_text

    fmt = format_or_fail(format, json_)
    jobs = jobs_or_fail(jobs)
    rules = load_or_fail(ruleset, with_)
    expectations_or_fail(rules)
    seats = players_or_fail(players, rules)
    names = _bot_names(bots, seats)
    try:
        with cluster_or_fail(ctx, cluster, jobs) as (on, jobs), \
                _progress_bar("hands (racing: most readings stop early)") as progress:
            report = reconstruct(rules, hands=hands, players=seats, bots=names, seed=seed, sample=sample,
                                 jobs=jobs, cluster=on, only=tuple(rule or ()), progress=progress)
    except ValueError as e:
        bad_input(str(e))
    emit(fmt, text=lambda _c: typer.echo(screen.fold(report_text(report, top)), nl=False), json_data=lambda: report_json(report),
         markdown=lambda: report_markdown(report, top), grid=lambda: report_grid(report))
    if not report.chips_conserved:
        raise typer.Exit(1)


#: `hoc sweep`'s default number of hands per cell.
SWEEP_HANDS = 20_000
#: `hoc family`'s default number of hands per ruleset: hocdsl.family.FAMILY_HANDS (a test keeps the two
#: alike; the library is not imported before the command runs).
FAMILY_HANDS = 4000


@app.command("sweep")
def sweep_cmd(
    ctx: typer.Context,
    ruleset: RulesetArg,
    with_: WithOpt = None,
    knob: Annotated[Optional[list[str]], typer.Option(
        "--knob", "-k", metavar="PATH=V1,V2",
        help="A knob to sweep and its values (e.g. bidding.raise_cap=5,10,20,40; paths as `hoc knobs` lists "
             "them; lists in brackets). Repeatable: the grid is every combination (at most 64 cells).")] = None,
    hands: Annotated[int, typer.Option(
        "--hands", "-n", min=1, help="Hands to play in each cell, all cells on the same deals.")] = SWEEP_HANDS,
    players: PlayersOpt = None,
    bots: BotsOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = DEFAULT_JOBS,
    cluster: ClusterOpt = None,
    all_metrics: Annotated[bool, typer.Option(
        "--all", help="Every metric, not only the key ones (net per hand by position, its spread, turns per hand); "
                      "--format csv and json always hold every metric.")
    ] = False,
    format: FormatOpt = None,
    json_: Annotated[bool, typer.Option("--json", help=(
        "The same as --format json: one JSON object: knobs, cells (per metric mean and ci95), effects "
        "(per metric the knobs ranked by main effect)."))] = False,
) -> None:
    """A grid of knob values, every cell played on the same deals: each outcome per cell with its 95% interval, and the knobs that move each outcome most.

    A knob's main effect on an outcome is the range of its marginal means (the cell means averaged over the other knobs' values), highest - lowest, with the paired 95% interval of that difference.
    """
    from .readings import KnobError
    from .sweep import SweepError, parse_grid, report_json, sweep
    from .sweepview import print_report, report_markdown, sweep_grid

    fmt = format_or_fail(format, json_)
    hands = hands_or_fail(hands)
    jobs = jobs_or_fail(jobs)
    rules = load_or_fail(ruleset, with_)
    seats = players_or_fail(players, rules)
    names = _bot_names(bots, seats)
    try:
        axes = parse_grid(rules, knob or ())
        cells = 1
        for a in axes:
            cells *= len(a.values)
        with cluster_or_fail(ctx, cluster, jobs) as (on, jobs), \
                _progress_bar(f"{hands:,} hands × {cells} cell{'s' if cells != 1 else ''}") as progress:
            # CSV and JSON are read by scripts: every metric, as --all (the same hands; the text
            # and markdown keep to the key metrics unless --all)
            every = all_metrics or fmt in (Format.csv, Format.json, Format.latex)
            report = sweep(rules, axes, hands=hands, players=seats, bots=names, seed=seed, jobs=jobs,
                           all_metrics=every, progress=progress, cluster=on)
    except (KnobError, SweepError, ValueError) as e:
        bad_input(str(e))
    emit(fmt, text=lambda c: print_report(report, c), json_data=lambda: report_json(report),
         markdown=lambda: report_markdown(report), grid=lambda: sweep_grid(report), piped_width=160)
    if not report.chips_conserved:
        raise typer.Exit(1)


@app.command("family")
def family_cmd(
    rulesets: Annotated[Optional[list[str]], typer.Argument(
        metavar="RULESET...", show_default=False, autocompletion=complete.rulesets,
        help="Two or more rulesets: bundled names or paths of ruleset files. None: every bundled ruleset "
             "of the hoc family (not Piquet, a neighbour).")] = None,
    by: Annotated[str, typer.Option(
        "--by", metavar="rules|outcomes|both",
        help="What the tree is drawn by: the rules (stage edits and knobs that differ; no hand played), the "
             "outcomes on common deals, or both, weighed equally.")] = "both",
    hands: Annotated[int, typer.Option(
        "--hands", "-n", help="Hands each ruleset plays, all on the same deals (with --by outcomes or both).")
    ] = FAMILY_HANDS,
    players: Annotated[Optional[int], typer.Option(
        "--players", "-p", show_default=False,
        help="Players at the table, 2 to 8 (default 3); a ruleset that does not admit that many plays at the "
             "nearest count it admits, and the report says so.")] = None,
    bots: BotsOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = DEFAULT_JOBS,
    format: FormatOpt = None,
    json_: Annotated[bool, typer.Option("--json", help=(
        "The same as --format json: one JSON object: rulesets, distance (the matrix the tree is drawn by), "
        "rules and outcomes (their own matrices and parts), merges, order, typology."))] = False,
) -> None:
    """The family tree of the rulesets: how far apart they are by their rules and by their outcomes on common deals, drawn as a tree, with each one's place in the Académie's typology.

    The distance between two rulesets by the rules counts the stage edits and the knobs that differ; by the outcomes, it compares the metrics every ruleset reports on the same deals, each standardised across the rulesets. The tree joins the nearest first (average linkage); the matrix and the typology (how the sequence runs, which kinds of hoc, how payments go) follow in the tree's order.
    """
    from .family import BY, family_report, report_json
    from .familyview import family_grid, print_report, report_markdown
    from .rules.loader import bundled_family

    fmt = format_or_fail(format, json_)
    jobs = jobs_or_fail(jobs)
    if by not in BY:
        bad_input(f"--by {by}: one of {', '.join(BY)}")
    if hands < 1:
        bad_input(f"--hands {hands}: play at least one hand (--by rules plays none whatever --hands says)")
    hands = hands_or_fail(hands)
    seats = DEFAULT_PLAYERS if players is None else players
    if not 2 <= seats <= 8:
        bad_input(f"--players {seats}: from 2 to 8 (a ruleset that does not admit that many plays at the "
                  "nearest count it admits)")
    names = list(rulesets or bundled_family())
    if len(names) < 2:
        bad_input(f"a tree needs two rulesets or more, not {len(names)}: name another (none: every bundled "
                  "ruleset)")
    loaded = [load_or_fail(name) for name in names]
    n = len(loaded)
    try:
        label = f"{hands:,} hands × {n} rulesets" if by != "rules" else "the rules"
        with _progress_bar(label) as progress:
            report = family_report(loaded, by=by, hands=hands, players=seats, seed=seed, jobs=jobs,
                                   bots="heuristic" if bots is None else bots, progress=progress)
    except ValueError as e:
        bad_input(str(e))
    emit(fmt, text=lambda c: print_report(report, c), json_data=lambda: report_json(report),
         markdown=lambda: report_markdown(report), grid=lambda: family_grid(report))
    if report.chips_conserved is False:
        raise typer.Exit(1)


def main() -> None:  # pragma: no cover - the console script calls hocdsl.__main__.main
    from .__main__ import main as run

    run()


if __name__ == "__main__":  # pragma: no cover
    main()
