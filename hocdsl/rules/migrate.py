"""Convert a ruleset or extension of hocdsl's first format to format 2.

The first format had fixed sections (table, antes, bidding, double_game,
point, sequence, tricon, blank_hand, card_game); format 2 has a pack, a deal,
named pools and a list of stages. Every knob keeps its value, provenance and
note; the header comments are kept; a knob the first format did not have is
added with the behaviour hocdsl 0.1 had built in, marked editorial and saying
so. ``hoc migrate FILE`` prints the result.

>>> old = {"name": "x", "title": "X", "summary": "s", "extends": "hoc-mazarin",
...        "card_game": {"hoc_payment": {"value": 2, "source": "lalanne §9.2"}}}
>>> new = migrate_data(old)
>>> new["format"], sorted(new["stages"]["card_game"])
(2, ['accidental_pay', 'end_of_run_pay', 'principal_pay'])
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from .render import dump, flowed
from .yamldoc import file_problem, parse_yaml, read_text

CHANCE_ON = {"point": "point", "sequence": "run", "tricon": "set"}
_ADDED = ("added by hoc migrate: hocdsl 0.1 had no knob here and played it this way")


def _knob(spec: Any, value: Any = None, *, keep_value: bool = True) -> dict[str, Any]:
    """A knob's mapping in format 2 (value replaced if ``keep_value`` is false)."""
    if not isinstance(spec, dict):
        return {"value": flowed(spec if keep_value else value), "editorial": _ADDED}
    out: dict[str, Any] = {"value": flowed(spec.get("value") if keep_value else value)}
    for k in ("source", "inferred", "borrowed", "editorial", "note"):
        if k in spec:
            out[k] = " ".join(str(spec[k]).split())
    return out


def _added(value: Any) -> dict[str, Any]:
    return {"value": flowed(value), "editorial": _ADDED}


def migrate_data(old: dict[str, Any]) -> dict[str, Any]:
    """The format-2 data of a first-format ruleset or extension (plain YAML data)."""
    base = "extends" not in old and old.get("kind", "ruleset") != "extension"
    new: dict[str, Any] = {"format": 2}
    for k in ("kind", "name", "title", "summary", "extends", "sources"):
        if k in old:
            new[k] = old[k]
    table = old.get("table") or {}
    antes = old.get("antes") or {}
    bidding = dict(old.get("bidding") or {})
    double = old.get("double_game") or {}
    card_game = dict(old.get("card_game") or {})

    pack: dict[str, Any] = {}
    if "rank_order" in table:
        pack["cards"] = _knob(table["rank_order"], 52, keep_value=False)
        pack["order"] = _knob(table["rank_order"])
    for k in ("court_value", "ace_value"):
        if k in table:
            pack[k] = _knob(table[k])
    deal: dict[str, Any] = {}
    if "hand_size" in table:
        deal["hand_size"] = _knob(table["hand_size"])
        if base:
            deal["rest"] = _added("out-of-play")
    for k in ("direction", "first_dealer", "draw_ties", "dealer_rotation"):
        if k in table:
            deal[k] = _knob(table[k])
    tab = {k: _knob(table[k]) for k in ("starting_stake", "insolvency") if k in table}
    for name, sec in (("pack", pack), ("deal", deal), ("table", tab)):
        if sec:
            new[name] = sec

    chances_spec = bidding.pop("chances", None)
    chances = list(chances_spec["value"]) if isinstance(chances_spec, dict) else ["point", "sequence", "tricon"]
    pools: dict[str, Any] = {}
    for c in chances:
        pool: dict[str, Any] = {}
        if "per_chance" in antes:
            pool["ante"] = _knob(antes["per_chance"])
            if base:
                pool["ante_by"] = _knob(antes["per_chance"], "each", keep_value=False)
        if "on_carried_pool" in antes:
            pool["ante_when_carried"] = _knob(antes["on_carried_pool"])
        if "carry_pool" in double:
            spec = double["carry_pool"]
            pool["unclaimed"] = _knob(spec, "carries" if spec.get("value") else "refunded", keep_value=False)
        if base:
            pool["card"] = _added(None)
        if pool:
            pools[c] = pool
    if pools:
        new["pools"] = pools
    bid = {k: _knob(v) for k, v in bidding.items()}
    if base and chances:
        bid["double_when"] = _added("own-pool-passed")
    for k in ("max_multiplier", "past_cap"):
        if k in double:
            bid[k] = _knob(double[k])
    if bid:
        new["bidding"] = bid

    stages: dict[str, Any] = {}
    blank = dict(old.get("blank_hand") or {})
    timing = blank.pop("timing", None)
    blank_stage: dict[str, Any] = {}
    if blank or (base and "blank_hand" in old):
        if base:
            blank_stage = {"kind": "claims", "on": "blank-hand"}
        blank_stage.update({k: _knob(v) for k, v in blank.items()})
    before = isinstance(timing, dict) and timing.get("value") == "before-bidding"
    if before and blank_stage:
        stages["blank_hand"] = blank_stage
    for c in chances:
        chance_sec = old.get(c)
        if chance_sec is None and not base:
            continue
        st: dict[str, Any] = {"kind": "vie", "on": CHANCE_ON[c], "pool": c} if base else {}
        st.update({k: _knob(v) for k, v in (chance_sec or {}).items()})
        if st:
            stages[c] = st
    if blank_stage and not before:
        stages["blank_hand"] = blank_stage

    end_payment = card_game.pop("end_payment", None)
    hoc = card_game.pop("hoc_payment", None)
    cg: dict[str, Any] = {"kind": "stops"} if base else {}
    if base:
        cg["runs"] = _added("any-suit")
        cg["after_top"] = _added("new-run")
    for k, v in card_game.items():
        cg[k] = _knob(v)
    if hoc is not None:
        cg["end_of_run_pay"] = _knob(hoc)
        cg["accidental_pay"] = _knob(hoc)
        cg["principal_pay"] = _knob(hoc)
    if base:
        cg["accidental_restart"] = _added("any-card")
        cg["permanent_hocs"] = _added([])
        cg["permanent_pay"] = _added(0)
        cg["principal_after"] = _added("new-run")
        cg["paid_when_laid"] = _added([])
        cg["board_laid"] = _added("nothing")
    if len(cg) > (1 if base else 0):
        stages["card_game"] = cg
    settle: dict[str, Any] = {"kind": "settle", "losers_pay": _added("schedule")} if base else {}
    if end_payment is not None:
        settle["end_payment"] = _knob(end_payment)
    if settle:
        stages["settle"] = settle
    if stages:
        new["stages"] = stages
    return new



def _header(text: str) -> str:
    """The comment lines at the top of a file, the schema line updated."""
    lines = []
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            if "yaml-language-server" in line:
                continue
            lines.append(line)
        else:
            break
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines)


def migrate_text(text: str, file: str = "<text>") -> str:
    """A first-format file's text -> the same file in format 2 (comments at the top kept).

    Read as every ruleset is (:func:`parse_yaml`): aliases that expand too far,
    or nesting too deep, are a :class:`RulesetError` at ``file:line:col``."""
    old = parse_yaml(text, file).data
    if not isinstance(old, dict):
        raise ValueError("not a ruleset: the file is not a mapping")
    if old.get("format") == 2:
        raise ValueError("the file is already in format 2")
    head = _header(text)
    # the first format has no schema to check it against: migrate_data reads each
    # section as it goes (a .get with a default, an isinstance where it matters)
    body = dump(migrate_data(cast("dict[str, Any]", old)))
    from .schema import modeline

    out = modeline() + "\n"  # ruleset.schema.json beside the file: `hoc schema -o DIR` writes it
    if head:
        out += head + "\n#\n# Converted to ruleset format 2 by `hoc migrate`.\n\n"
    return out + body


def migrate_file(path: str | Path) -> str:
    problem = file_problem(path)  # before opening: a FIFO would block, /dev/zero never end
    if problem is not None and problem not in ("no such file", "a directory"):  # those, open() says
        raise ValueError(f"found {problem}; expected a ruleset file")
    return migrate_text(read_text(path), str(path))  # at most one character past the bound parse_yaml refuses
