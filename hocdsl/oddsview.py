"""``hoc odds`` output: the exact odds of :func:`hocdsl.odds.odds_report` as JSON or a table.

JSON (``hoc odds RULESET --json``) keeps the issue's shape with every
probability as a float, and adds ``"exact"``: the same keys with each
probability as an exact fraction string ``"numerator/denominator"``::

    {"ruleset": "hoc-mazarin", "players": 3, "hand_size": 12, "pack": 52,
     "blank_hand": 0.02707...,
     "longest_suit": {"3": 0.0324..., ...},
     "sequence_at_least": {"3": 0.3358..., "4": 0.0618..., "5": 0.0095...},
     "tricon_at_least": {"3": 0.4012..., "4": 0.0237...},
     "set_at_least": {"2": 0.98..., "3": 0.4012..., "4": 0.0237...},
     "table": {"blank_at_least_one": 0.0807..., "blank_two_or_more": 0.00044...},
     "named_cards": {"KS": {"roles": ["principal hoc"], "in_hand": 0.2307..., "at_the_table": 0.6923...}, ...},
     "named_groups": {"principal hocs": {"cards": ["KS", ...], "at_least_one_in_hand": 0.82...}},
     "notes": [],
     "exact": {"blank_hand": "2527988/93384347", "longest_suit": {...}, ...}}

A statistic the ruleset does not play (sequences without a vie stage on
runs, blank hands without a blank-hand stage) is left out and ``notes`` say
so; for a stripped pack a note gives its order.

so a test compares the floats with a simulation's rates, and ``Fraction(s)``
of an ``exact`` string gives the number back without rounding.

>>> from hocdsl.rules import load_ruleset
>>> from hocdsl.odds import odds_report
>>> data = odds_json(odds_report(load_ruleset("hoc-mazarin"), 3))
>>> data["exact"]["blank_hand"], round(data["blank_hand"], 6)
('2527988/93384347', 0.027071)
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from . import screen
from .odds import render_odds

if TYPE_CHECKING:  # imported where used, as the views do
    from .tableview import Grid

__all__ = ["odds_json", "odds_rows", "print_odds"]


def _exact(report: dict[str, Any]) -> dict[str, Any]:
    """Only the probabilities of ``report``, as fraction strings, in the same nesting."""
    out: dict[str, Any] = {}
    for k, v in report.items():
        if isinstance(v, Fraction):
            out[k] = f"{v.numerator}/{v.denominator}"
        elif isinstance(v, dict):
            inner = _exact(v)
            if inner:
                out[k] = inner
    return out


def odds_json(report: dict[str, Any]) -> dict[str, Any]:
    """The report with probabilities as floats, plus ``"exact"`` (fraction strings)."""
    data = render_odds(report, "float")
    data["exact"] = _exact(report)
    return data


def _first_names(names: Any) -> dict[int, str]:
    return {int(k): (v[0] if isinstance(v, (list, tuple)) else v) for k, v in names.items()}


def _names(rules: Any) -> tuple[dict[int, str], dict[int, str]]:
    """The first name of each sequence length and each set size the ruleset names."""
    runs = None if rules is None else rules.sequence or (rules.declare.run_rules() if rules.declare else None)
    seq = _first_names(runs.names) if runs is not None else {}
    tri = _first_names(rules.tricon.names) if rules is not None and rules.tricon is not None else {}
    return seq, tri


#: The usual names of sets of one rank, where the ruleset has no tricon stage to name them.
SET_WORDS = {2: "pair", 3: "brelan", 4: "carré"}


def _set_rows(hand: str, report: dict[str, Any], tri_names: dict[int, str]) -> list[tuple[str, str, Fraction]]:
    """Sets of one rank, the smallest first: the tricon stage's sizes under its names,
    the others (pairs, and every size without a tricon stage) under their usual names."""
    sizes = {**report.get("set_at_least", {}), **report.get("tricon_at_least", {})}
    rows = []
    for k in sorted(sizes, key=int):
        name = tri_names.get(int(k)) or SET_WORDS.get(int(k))
        top = int(k) >= 4
        what = f"{k} of a rank" if top else f"{k} or more of a rank"
        rows.append((hand, what + (f" ({name}{'' if top else ' or better'})" if name else ""), sizes[k]))
    return rows


def _named_rows(report: dict[str, Any]) -> list[tuple[str, str, Fraction]]:
    """At least one of each group of named cards in a hand; then each named card, the cards
    alike in role and odds on one line."""
    rows = []
    players = report.get("players")
    for name, g in report.get("named_groups", {}).items():
        rows.append(("named cards", f"at least one of the {name} ({' '.join(g['cards'])}) in one hand",
                     g["at_least_one_in_hand"]))
    alike: dict[tuple[Any, ...], list[str]] = {}
    for card, c in report.get("named_cards", {}).items():
        alike.setdefault((tuple(c["roles"]), c["in_hand"], c["at_the_table"]), []).append(card)
    for (roles, in_hand, at_table), cards in alike.items():
        which = f"{cards[0]}" if len(cards) == 1 else f"each of {' '.join(cards)}"
        rows.append(("named cards", f"{which} ({', '.join(roles)}) in one hand", in_hand))
        rows.append(("named cards", f"{which} dealt to one of the {players} players (else out of play)",
                     at_table))
    return rows


def odds_rows(report: dict[str, Any], rules: Any = None) -> list[tuple[str, str, Fraction]]:
    """``(group, what, probability)`` for each line of the table, in reading order."""
    seq_names, tri_names = _names(rules)
    n = report["hand_size"]
    rows: list[tuple[str, str, Fraction]] = []
    hand = f"one hand of {n}"
    if "blank_hand" in report:
        rows.append((hand, "blank hand (no king, queen or jack)", report["blank_hand"]))
    for k, p in report["longest_suit"].items():
        rows.append((hand, f"longest suit exactly {k} cards", p))
    for k, p in report.get("sequence_at_least", {}).items():
        name = seq_names.get(int(k))
        rows.append((hand, f"a sequence of {k} or more" + (f" ({name} or better)" if name else ""), p))
    rows += _set_rows(hand, report, tri_names)
    table = report.get("table", {})
    players = report.get("players")
    at = f"the table ({players} hands)" if players else "the table"
    cancel = rules is None or rules.blank_hand is None or rules.blank_hand.ties == "cancel"
    if "blank_at_least_one" in table:
        rows.append((at, "at least one blank hand", table["blank_at_least_one"]))
    if "blank_two_or_more" in table:
        rows.append((at, "two or more blank hands" + (" (they cancel)" if cancel else ""),
                     table["blank_two_or_more"]))
    for ranks, p in report.get("trumps_held", {}).items():
        if ranks == "at_least_one":
            rows.append((hand, "at least one of those trumps (of the suit turned up)", p))
        else:
            words = " and ".join(_TRUMP_WORDS.get(r, r) for r in ranks.split())
            rows.append((hand, f"the {words} of trumps (the suit turned up)", p))
    for what, p in report.get("declarations", {}).items():
        rows.append(("declarations", what, p))
    return rows + _named_rows(report)


_TRUMP_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}


def _decimal(p: Fraction) -> str:
    """Six decimals, or three significant digits in scientific form for tiny odds."""
    return f"{float(p):.6f}" if p == 0 or p >= Fraction(1, 10_000) else f"{float(p):.3e}"


def _one_in(p: Fraction) -> str:
    if p <= 0:
        return "never"
    x = 1 / p
    return f"1 in {float(x):,.0f}" if x >= 10 else f"1 in {float(x):.2f}"


def odds_grid(report: dict[str, Any], rules: Any = None) -> Grid:
    """``hoc odds --format csv|markdown``: one row per line of the table: group, what, the exact
    fraction, its decimal value and "1 in N"."""
    from .tableview import Grid

    rows = [(group, what, f"{p.numerator}/{p.denominator}", float(p), _one_in(p))
            for group, what, p in odds_rows(report, rules)]
    return Grid(("group", "what", "exact", "probability", "about"), rows,
                title=f"Exact odds of the deal: {report.get('ruleset', '')}, {report.get('players')} players")


def print_odds(report: dict[str, Any], rules: Any = None, console: Any = None) -> None:
    """A rich table: each probability as an exact fraction, a decimal and "1 in N"."""
    from rich.table import Table

    if console is None:
        console = screen.console(140)  # piped: wide enough that the fractions are never cut
    title = (f"Exact odds of the deal: {report.get('ruleset', '')}, {report.get('players')} players, "
             f"{report['hand_size']} cards each from {report.get('pack', 52)}")
    t = Table(title=title, title_justify="left")
    t.add_column("what")
    t.add_column("exact", justify="right", no_wrap=True)
    t.add_column("decimal", justify="right", no_wrap=True)
    t.add_column("about", justify="right", no_wrap=True)
    last = None
    for group, what, p in odds_rows(report, rules):
        if group != last:
            if last is not None:
                t.add_section()
            t.add_row(f"[bold]{group}[/]", "", "", "")
            last = group
        t.add_row("  " + what, f"{p.numerator}/{p.denominator}", _decimal(p), _one_in(p))
    screen.show(console, t)
    for note in report.get("notes", ()):
        console.print(f"Note: {note}.", highlight=False)
    console.print("Counted exactly over every possible deal (hocdsl.odds), not simulated.")
