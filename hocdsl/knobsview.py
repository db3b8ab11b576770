"""``hoc knobs``: every knob of a ruleset with what it takes, its value and its provenance.

Everything here is read from the model: the knob's path and stage from
:meth:`Ruleset.sections`, its title, question, choices and bounds from its
:class:`~hocdsl.rules.model.KnobSpec`, the kind of value from its Python type,
the words of each value from :mod:`hocdsl.rules.describe`.

>>> from hocdsl.rules import load_ruleset
>>> rows = knob_rows(load_ruleset("hoc-mazarin"))
>>> row = next(r for r in rows if r.path == "card_game.principal_wild")
>>> row.stage, row.kind.type, [c.value for c in row.kind.choices]
('card_game', 'choice', ['never', 'when-missing', 'always'])
>>> row.value, row.provenance.kind
('never', 'inferred')
>>> raise_cap = next(r for r in rows if r.path == "bidding.raise_cap")
>>> raise_cap.kind.words, raise_cap.value_words
('a whole number from 1 to 1,000', 'a raise may add at most 20 chips over the last stake')
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin

from .rules import model
from .rules.build import yaml_value
from .rules.describe import bounds_words, section_title, words_for
from .rules.model import KnobSpec, Provenance, Ruleset, knob_fields
from .rules.render import value_words

if TYPE_CHECKING:  # imported where used, to keep `import hocdsl.knobsview` light
    from .tableview import Grid

# ------------------------------------------------------------ what a knob takes ----


@dataclass(frozen=True)
class Choice:
    """One value a knob may take, as written in a ruleset file, and its words."""

    value: Any
    words: str


@dataclass(frozen=True)
class KnobKind:
    """The kind of value a knob takes: a short ``type`` name, the same in words,
    its choices (each with its words) or its bounds."""

    type: str  # boolean, integer, choice, card, cards, keys, map, list
    words: str
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    key_minimum: int | None = None
    key_maximum: int | None = None
    optional: bool = False

    def bounds(self) -> dict[str, int] | None:
        """The bounds that are set, or None."""
        out = {k: v for k, v in (("minimum", self.minimum), ("maximum", self.maximum),
                                 ("key_minimum", self.key_minimum), ("key_maximum", self.key_maximum))
               if v is not None}
        return out or None


#: What the keys and the numbers of a mapping knob count, by the renderer its spec names.
MAP_PARTS: dict[str, tuple[str, str]] = {
    "hand_size": ("number of players", "cards each"),
    "names": ("length of run", "its names"),
    "set_names": ("size of set", "its names"),
    "sequence_payments": ("counted length", "payment: plain, major"),
    "tricon_payments": ("size of set", "payment: plain, major"),
}
#: What a list knob holds, by the type of its items.
LIST_ITEMS: dict[type, str] = {
    model.EndBracket: "brackets of cards left: min, max, fixed or plus + per_card past above",
    model.CardPayment: "groups of cards, each with what every other player pays: cards, each",
    model.HeldCharge: "groups of cards held at the end, each with to_each and to_winner",
    model.HoldingClaim: "pools, each with what takes it: trumps (ranks), cards, pair or first_out",
}


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(model))


def _unwrap_optional(tp: Any) -> tuple[Any, bool]:
    """``X | None`` -> ``(X, True)``; any other type -> ``(type, False)``."""
    if get_origin(tp) in (typing.Union, types.UnionType):
        inner = [a for a in get_args(tp) if a is not type(None)]
        return inner[0], len(inner) < len(get_args(tp))
    return tp, False


def _choices(spec: KnobSpec, values: Iterable[Any]) -> tuple[Choice, ...]:
    return tuple(Choice(v, words_for(spec, v)) for v in values)


def _key_choices(spec: KnobSpec, keys: Iterable[str]) -> tuple[Choice, ...]:
    """The keys of a keys knob, each with its words as the only key."""
    return tuple(Choice(k, words_for(spec, (k,))) for k in keys)


def knob_kind(cls: type, name: str, spec: KnobSpec) -> KnobKind:
    """What the knob ``name`` of the section class ``cls`` takes, read from its type and spec."""
    tp, nullable = _unwrap_optional(_hints(cls)[name])
    optional = nullable or spec.optional
    lo, hi = spec.minimum, spec.maximum
    if tp is bool:
        return KnobKind("boolean", "yes or no", _choices(spec, (True, False)), optional=optional)
    if get_origin(tp) is Literal:
        values = get_args(tp)
        return KnobKind("choice", "one of " + ", ".join(map(str, values)), _choices(spec, values),
                        optional=optional)
    if tp is int and spec.words == "card":
        return KnobKind("card", "a card" + (", or none" if nullable else ""), optional=optional)
    if tp is int and spec.words == "trump_rank":
        return KnobKind("rank", "a rank: A, 2..10, J, Q, K" + (", or none" if nullable else ""), optional=optional)
    if tp is int and isinstance(spec.words, Mapping):
        values = tuple(spec.words)
        return KnobKind("integer", "one of " + ", ".join(map(str, values)), _choices(spec, values),
                        minimum=lo, maximum=hi, optional=optional)
    if tp is int:
        return KnobKind("integer", f"a whole number {bounds_words(lo, hi)}", minimum=lo, maximum=hi, optional=optional)
    if tp == model.CardSet or get_origin(tp) is frozenset:
        return KnobKind("cards", "a set of cards (none: [])", optional=optional)
    if get_origin(tp) is tuple:
        return _tuple_kind(get_args(tp)[0], spec, optional)
    origin = get_origin(tp)
    if origin is not None and issubclass(origin, Mapping):
        return _map_kind(spec, optional)
    raise TypeError(f"{cls.__name__}.{name}: no words for a knob of type {tp!r}")  # pragma: no cover


def _tuple_kind(item: Any, spec: KnobSpec, optional: bool) -> KnobKind:
    """A knob whose value is a list: keys in order, or records (brackets, card groups)."""
    if get_origin(item) is Literal:
        keys = get_args(item)
        return KnobKind("keys", "keys compared in order, from " + ", ".join(keys),
                        _key_choices(spec, keys), optional=optional)
    what = LIST_ITEMS.get(item, getattr(item, "__name__", str(item)))
    if item is int and spec.words == "removed_ranks":
        what = "ranks: A, 2..10, J, Q, K (none: [])"
    elif item is int and spec.words in ("rank_order", "counting_ranks"):
        what = "ranks: A, 2..10, J, Q, K"
    return KnobKind("list", f"a list of {what}", minimum=spec.minimum, maximum=spec.maximum, optional=optional)


def _map_kind(spec: KnobSpec, optional: bool) -> KnobKind:
    """A knob whose value maps counts (players, lengths, sizes) to numbers, names or payments."""
    keys, values = MAP_PARTS.get(spec.words if isinstance(spec.words, str) else "", ("key", "value"))
    words = f"for each {keys} ({bounds_words(spec.key_min, spec.key_max)}): {values}"
    if spec.minimum is not None or spec.maximum is not None:
        words += f" ({bounds_words(spec.minimum, spec.maximum)})"
    return KnobKind("map", words, minimum=spec.minimum, maximum=spec.maximum,
                    key_minimum=spec.key_min, key_maximum=spec.key_max, optional=optional)


# ------------------------------------------------------------ one knob of a ruleset ----


@dataclass(frozen=True)
class KnobRow:
    """One knob of a resolved ruleset: where it is, what it takes, its value and provenance."""

    path: str
    stage: str  # the path prefix: pack, deal, pools.point, card_game, ...
    stage_title: str
    title: str
    doc: str
    kind: KnobKind
    value: Any  # as written in a ruleset file
    value_words: str
    provenance: Provenance | None


def knob_rows(rules: Ruleset) -> list[KnobRow]:
    """Every knob of ``rules``, in file order."""
    rows = []
    for prefix, obj in rules.sections():
        cls = obj.__class__
        stage = section_title(rules, prefix)
        for name, spec in knob_fields(cls):
            path = f"{prefix}.{name}"
            value = getattr(obj, name)
            rows.append(KnobRow(path=path, stage=prefix, stage_title=stage, title=spec.title, doc=spec.doc,
                                kind=knob_kind(cls, name, spec), value=yaml_value(cls, name, value),
                                value_words=value_words(rules, path, value),
                                provenance=rules.provenance.get(path)))
    return rows


# ------------------------------------------------------------ JSON ----


def _json_value(value: Any) -> Any:
    """A YAML value as JSON data: mapping keys as strings, tuples as lists."""
    if isinstance(value, Mapping):
        return {str(k): _json_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        return [_json_value(v) for v in value]
    return value


def _file_value(rules: Ruleset, path: str, value: Any) -> Any:
    """A model value of the knob at ``path`` as written in a file."""
    return yaml_value(rules.section_of(path).__class__, path.rpartition(".")[2], value)


def provenance_json(prov: Provenance | None, rules: Ruleset, path: str) -> dict[str, Any] | None:
    """The provenance of the knob at ``path`` as JSON: kind, text, cite, source, section, note,
    declared_in, and its alternatives, each with its value as written in a file."""
    if prov is None:
        return None
    out: dict[str, Any] = {"kind": prov.kind, "text": prov.text, "cite": prov.cite(),
                           "source": prov.source_id, "section": prov.section, "note": prov.note,
                           "declared_in": prov.declared_in}
    if prov.approximated:
        out["played"] = prov.played
    out["alternatives"] = [{"value": _json_value(_file_value(rules, path, a.value)),
                            "provenance": provenance_json(a.provenance, rules, path),
                            **({"reading": a.reading} if a.reading else {})}
                           for a in prov.alternatives]
    return out


def _kind_json(row: KnobRow) -> dict[str, Any]:
    k = row.kind
    choices = [{"value": _json_value(c.value), "words": c.words} for c in k.choices] or None
    return {"path": row.path, "stage": row.stage, "stage_title": row.stage_title, "title": row.title,
            "doc": row.doc, "type": k.type, "type_words": k.words, "choices": choices,
            "bounds": k.bounds(), "optional": k.optional}


def knobs_json(rules: Ruleset) -> list[dict[str, Any]]:
    """Every knob of ``rules`` as a JSON object: what it takes, ``value``, ``value_words``, ``provenance``."""
    return [{**_kind_json(row), "value": _json_value(row.value), "value_words": row.value_words,
             "provenance": provenance_json(row.provenance, rules, row.path)} for row in knob_rows(rules)]


def knobs_json_across(rulesets: Sequence[Ruleset]) -> list[dict[str, Any]]:
    """Every knob of any of ``rulesets``, with ``value``, ``value_words`` and ``provenance``
    as objects by ruleset name (a ruleset without the knob is left out of them)."""
    out: dict[str, dict[str, Any]] = {}
    for rules in rulesets:
        for row in knob_rows(rules):
            entry = out.setdefault(row.path, {**_kind_json(row), "value": {}, "value_words": {},
                                              "provenance": {}})
            entry["value"][rules.name] = _json_value(row.value)
            entry["value_words"][rules.name] = row.value_words
            entry["provenance"][rules.name] = provenance_json(row.provenance, rules, row.path)
    return list(out.values())


# ------------------------------------------------------------ text: one ruleset ----


def _plain(value: Any) -> str:
    """A file value in one line: ``yes``/``no``, ``none``, flow style for lists and maps."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_plain(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    return str(value)


def takes_lines(kind: KnobKind) -> list[str]:
    """What a knob takes: each choice with its words, or its type in words."""
    if kind.type == "keys":
        return [kind.words + ":"] + [f"{c.value}: {c.words}" for c in kind.choices]
    if kind.choices:
        return [f"{_plain(c.value)}: {c.words}" for c in kind.choices]
    return [kind.words]


def value_text(row: KnobRow) -> str:
    """``never — a principal hoc stands only for itself``; the words alone when they say no more."""
    plain = _plain(row.value)
    if row.value_words == plain or (row.value_words == "none" and plain in ("[]", "none")):
        return plain
    return f"{plain} — {row.value_words}"


def provenance_text(prov: Provenance | None, rules: Ruleset) -> str:
    """``source: lalanne §1``, ``inferred: lalanne §9.2: ...``, with where it was declared."""
    if prov is None:
        return "no provenance recorded: the model's default"
    text = f"{prov.kind}: {prov.text}"
    if prov.approximated and prov.played:
        text += f"; played instead: {prov.played}"
    if prov.declared_in and prov.declared_in != rules.name:
        text += f"  (from {prov.declared_in})"
    return text


def _label(rules: Ruleset) -> str:
    return rules.name + "".join(f" + {e}" for e in rules.extensions)


def knobs_text(rules: Ruleset, width: int = 100) -> str:
    """Every knob of ``rules``, by stage: path and title, what it takes, value, provenance."""
    import textwrap

    def wrap(text: str, head: str) -> list[str]:
        return textwrap.wrap(text, width=width, initial_indent=f"      {head:<8}", subsequent_indent=" " * 16,
                             break_on_hyphens=False, break_long_words=False) or [f"      {head}"]

    rows = knob_rows(rules)
    lines = [f"{rules.title}  [{_label(rules)}]: {len(rows)} knobs"]
    stage = None
    for row in rows:
        if row.stage != stage:
            stage = row.stage
            lines += ["", f"{row.stage_title}  ({row.stage})"]
        lines.append(f"  {row.path} — {row.title}")
        for i, take in enumerate(takes_lines(row.kind)):
            lines += wrap(take, "" if i else "takes")
        lines += wrap(value_text(row), "value")
        lines += wrap(provenance_text(row.provenance, rules), "from")
        for alt in row.provenance.alternatives if row.provenance else ():
            whole = f" (the whole reading {alt.reading}: see `hoc show`)" if alt.reading else ""
            lines += wrap(f"{_plain(_file_value(rules, row.path, alt.value))}{whole} — {alt.provenance.kind}: "
                          f"{alt.provenance.text}", "or")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------ text: every ruleset ----

#: The widest value a cell of the plain-text table across rulesets shows (piped); the tables on
#: a screen, CSV, markdown and ``--json`` give them whole.
CELL_WIDTH = 22
LEGEND = ("the rulesets differ on this knob (`hoc diff A B --hands 0` says how, in words). "
          "`hoc knobs RULESET`: one ruleset's knobs with their choices and provenance; "
          "--json: every value whole.")


def _cell(value: Any, present: bool) -> str:
    return _plain(value) if present else ""


def _clip(text: str) -> str:
    """A value cut to :data:`CELL_WIDTH` for the one-line-per-knob plain text."""
    return text if len(text) <= CELL_WIDTH else text[:CELL_WIDTH - 1] + "…"


@dataclass(frozen=True)
class AcrossRow:
    """One line of the table across rulesets: a knob and its value in each (blank: the ruleset has no such knob)."""

    path: str
    stage: str
    stage_title: str
    cells: tuple[str, ...]
    differ: bool


def across_rows(rulesets: Sequence[Ruleset]) -> list[AcrossRow]:
    """Every knob of any of ``rulesets`` with its value in each, in file order."""
    values: dict[str, dict[str, Any]] = {}
    heads: dict[str, KnobRow] = {}
    for rules in rulesets:
        for row in knob_rows(rules):
            heads.setdefault(row.path, row)
            values.setdefault(row.path, {})[rules.name] = row.value
    out = []
    for path, head in heads.items():
        got = values[path]
        cells = tuple(_cell(got.get(r.name), r.name in got) for r in rulesets)
        distinct = {repr(got[r.name]) if r.name in got else None for r in rulesets}
        out.append(AcrossRow(path, head.stage, head.stage_title, cells, len(distinct) > 1))
    return out


def across_text(rulesets: Sequence[Ruleset]) -> str:
    """The table across rulesets as aligned plain text; ``*`` marks a knob whose values differ."""
    rows = [AcrossRow(r.path, r.stage, r.stage_title, tuple(_clip(c) for c in r.cells), r.differ)
            for r in across_rows(rulesets)]
    names = [_label(r) for r in rulesets]
    path_w = max(len(r.path) for r in rows) + 2
    widths = [max([len(n)] + [len(r.cells[i]) for r in rows]) for i, n in enumerate(names)]

    def line(mark: str, first: str, cells: Sequence[str]) -> str:
        return (f"{mark} {first:<{path_w}}" + "  ".join(f"{c:<{w}}" for c, w in zip(cells, widths))).rstrip()

    lines = [line(" ", "knob", names)]
    stage = None
    for r in rows:
        if r.stage != stage:
            stage = r.stage
            lines.append(f"  -- {r.stage_title} ({r.stage})")
        lines.append(line("*" if r.differ else " ", r.path, r.cells))
    lines += ["", f"* {LEGEND}"]
    return "\n".join(lines) + "\n"


def print_across(rulesets: Sequence[Ruleset], console: Any) -> None:
    """The table across rulesets as rich tables (for a screen); knobs that differ marked and in
    bold; as many tables as it takes for the rulesets' columns to fit the screen, each
    with the knobs' column."""
    from rich.table import Table
    from rich.text import Text

    from . import screen

    rows = across_rows(rulesets)

    def across(cols: range) -> Any:
        table = Table(title="Knobs of the bundled rulesets" if len(rulesets) > 1 else None,
                      title_justify="left")
        table.add_column("knob", no_wrap=True)
        for i in cols:
            table.add_column(_label(rulesets[i]))
        stage = None
        for row in rows:
            if row.stage != stage:
                stage = row.stage
                table.add_row(Text(f"{row.stage_title} ({row.stage})", style="dim"))
            table.add_row(Text(("* " if row.differ else "  ") + row.path), *(Text(row.cells[i]) for i in cols),
                          style="bold" if row.differ else None)
        return table

    for cols in screen.column_groups(console, across, len(rulesets)):
        screen.show(console, across(cols))
    console.print(Text(screen.wrap(f"* {LEGEND}", console.width)))


# ------------------------------------------------------------ grids (csv, markdown) ----


def knobs_grid(rules: Ruleset) -> Grid:
    """``hoc knobs RULESET --format csv|markdown``: one row per knob: path, stage, title, type,
    choices, value, value in words, provenance kind and text."""
    from .tableview import Grid

    rows = []
    for r in knob_rows(rules):
        choices = "; ".join(takes_lines(r.kind)) if r.kind.choices else r.kind.words
        rows.append((r.path, r.stage, r.title, r.kind.type, choices, _plain(r.value), r.value_words,
                     r.provenance.kind if r.provenance is not None else None,
                     r.provenance.text if r.provenance is not None else None))
    return Grid(("path", "stage", "title", "type", "takes", "value", "value_words", "provenance", "cite"), rows,
                title=f"Knobs of {_label(rules)}")


def across_grid(rulesets: Sequence[Ruleset]) -> Grid:
    """``hoc knobs --format csv|markdown``: one row per knob, its value in every ruleset, and
    whether they differ."""
    from .tableview import Grid

    return Grid(("path", "stage", *(_label(r) for r in rulesets), "differ"),
                [(r.path, r.stage, *r.cells, r.differ) for r in across_rows(rulesets)],
                title="Knobs of the bundled rulesets")


__all__ = ["Choice", "KnobKind", "KnobRow", "AcrossRow", "knob_kind", "knob_rows", "knobs_json",
           "knobs_json_across", "knobs_text", "across_rows", "across_text", "print_across",
           "takes_lines", "value_text", "provenance_text", "knobs_grid", "across_grid"]
