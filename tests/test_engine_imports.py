"""The engine's modules import one another in one direction only: no cycle.

Every import counts, those under ``TYPE_CHECKING`` and those inside a function
too: a cycle hidden from the interpreter is still one for a reader and for
mypyc. The graph is read from the sources with :mod:`ast`, nothing imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "hocdsl" / "engine"
PACKAGE = "hocdsl.engine"


def _imports(path: Path) -> set[str]:
    """The engine modules that ``path`` imports (by module name, ``hocdsl.engine.x``)."""
    here = f"{PACKAGE}.{path.stem}" if path.stem != "__init__" else PACKAGE
    parent = PACKAGE.split(".")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = parent[: len(parent) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names = [module] + [f"{module}.{a.name}" for a in node.names]
        for name in names:
            if name.startswith(PACKAGE + ".") and name.count(".") == 2 and name != here:
                if (ENGINE / (name.rsplit(".", 1)[1] + ".py")).is_file():
                    found.add(name)
    return found


def _graph() -> dict[str, set[str]]:
    return {f"{PACKAGE}.{p.stem}": _imports(p) for p in sorted(ENGINE.glob("*.py"))
            if p.stem != "__init__"}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm),
    and any module that imports itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part: list[str] = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in graph.get(v, ()):
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_reader_sees_the_engine() -> None:
    graph = _graph()
    assert "hocdsl.engine.table" in graph["hocdsl.engine.game"]
    assert "hocdsl.engine.cardgame" in graph["hocdsl.engine.kinds"]


def test_the_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_the_engine() -> None:
    cycles = _cycles(_graph())
    assert not cycles, "the engine's modules import one another in a circle: " + "; ".join(
        " <-> ".join(c) for c in cycles)


def _kind_modules() -> set[str]:
    """The modules of the stage kinds, as :data:`hocdsl.engine.kinds.KINDS` registers them."""
    from hocdsl.engine.kinds import KINDS
    return {k.stage.__module__ for k in KINDS.values()}


def test_the_kind_modules_are_found() -> None:
    kinds = _kind_modules()
    assert {"hocdsl.engine.cardgame", "hocdsl.engine.bidding", "hocdsl.engine.blank",
            "hocdsl.engine.settle"} <= kinds
    assert kinds <= set(_graph())


def test_the_finder_sees_an_import_of_a_kind(tmp_path: Path) -> None:
    # the check below would pass on a reader that saw nothing: it sees every form of import
    for i, line in enumerate(("from .cardgame import CardsSeen", "from . import bidding",
                              "import hocdsl.engine.blank", "from hocdsl.engine.settle import Settled")):
        path = tmp_path / f"m{i}.py"
        path.write_text(f"from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    {line}\n",
                        encoding="utf-8")
        assert _imports(path) & _kind_modules(), line


def test_the_seat_view_names_no_kind() -> None:
    # what a seat may see of a stage is its kind's own to say (its Seen): the view a
    # bot plays from holds what every stage shares and delegates the rest
    found = _imports(ENGINE / "view.py") & _kind_modules()
    assert not found, f"view.py imports a stage kind's module: {sorted(found)}"


def _registered_modules(kinds: Path = ENGINE / "kinds.py") -> set[str]:
    """The modules of the kinds that ``kinds.py`` registers, read from its source: the
    class given as each ``Kind(...)``'s stage, and the module it is imported from."""
    tree = ast.parse(kinds.read_text(encoding="utf-8"))
    source: dict[str, str] = {}  # imported name -> its module
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            for a in node.names:
                source[a.asname or a.name] = f"{PACKAGE}.{node.module}"
    found: set[str] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Kind"
                and len(node.args) > 1 and isinstance(node.args[1], ast.Name)):
            found.add(source[node.args[1].id])
    return found


def test_the_registered_kinds_are_read_from_the_source() -> None:
    # the same modules as the registry holds when imported, and not the shared ones
    assert _registered_modules() == _kind_modules()
    assert not _registered_modules() & {"hocdsl.engine.table", "hocdsl.engine.tally", "hocdsl.engine.words"}


def _kinds_imported_by_game(game: Path) -> set[str]:
    return _imports(game) & _registered_modules()


def test_the_game_names_no_kind() -> None:
    # Game sequences the stages and holds what they share: each kind's look-ups (who won,
    # the hocs, the stake) and its part of the carry are its own module's
    found = _kinds_imported_by_game(ENGINE / "game.py")
    assert not found, f"game.py imports a stage kind's module: {sorted(found)}"


def test_the_game_check_catches_the_old_imports(tmp_path: Path) -> None:
    # game.py as it was before its look-ups moved to the kinds: the check above fails on it
    old = tmp_path / "game.py"
    old.write_text("from .bidding import PASSED, WON, ChanceBidding, ChanceResult\n"
                   "from .blank import BlankClaims\n"
                   "from .cardgame import HOC_KINDS, K_PRINCIPAL, CardGame, CardsResult\n"
                   "from .carry import Carry, next_multiplier\n"
                   "from .kinds import KINDS\n"
                   "from .settle import Settled\n"
                   "from .table import Result, Stage, Table\n", encoding="utf-8")
    assert _kinds_imported_by_game(old) == {"hocdsl.engine.bidding", "hocdsl.engine.blank",
                                            "hocdsl.engine.cardgame", "hocdsl.engine.settle"}
