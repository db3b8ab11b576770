"""Read a game record file and check its shape, placing every error at file:line:col.

The YAML is read with the loader's line-keeping reader
(:func:`hocdsl.rules.yamldoc.parse_yaml`), so a wrong dealer, an unknown
player, a card dealt twice or a malformed announcement is reported at the
node where it was written. What depends on the ruleset (hand sizes, the
announcement vocabulary, the rules of play) is checked on replay.

>>> rec = parse_record('''
... ruleset: hoc-mazarin
... players: [Anne, Blaise]
... deals:
...   - dealer: Blaise
...     hands:
...       Anne: AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H
...       Blaise: AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 2C
...     announcements:
...       - "Anne: 13 cards"
...       - Blaise: that's fine
... ''', "x.yaml")
>>> rec.players, rec.deals[0].dealer, rec.deals[0].announcements[1].text
(('Anne', 'Blaise'), 'Blaise', "that's fine")
>>> rec.deals[0].announcements[0].at
(10, 9)
"""

from __future__ import annotations

import os
from pathlib import Path
from types import MappingProxyType
from ..cards import CardError, card_name, hand_of, iter_cards, parse_card, split_cards
from ..rules.errors import RulesetError, suggest
from ..rules.model import MAX_PLAYERS, MIN_PLAYERS, Table, knob_fields
from ..rules.yamldoc import Path as KeyPath
from ..rules.yamldoc import YamlDoc, YamlMapping, YamlValue, file_problem, parse_yaml, read_text
from .errors import RecordError
from .model import FALSE_WITHOUT, MAX_NAME, Announcement, DealRecord, Mark, Record

#: A record's ``stake:``, bounded as the ruleset's own ``table.starting_stake``.
MAX_STAKE = dict(knob_fields(Table))["starting_stake"].maximum or 0
#: The largest net an ``expect:`` may give, either way: far past what one hand moves (a
#: payment is at most 10,000 chips, doubled at most ten times, to each of seven others).
MAX_NET = 1_000_000_000

TOP_KEYS = ("ruleset", "with", "players", "stake", "title", "notes", "false_without", "deals")
DEAL_KEYS = ("dealer", "hands", "announcements", "expect", "points", "notes")


class _Reader:
    def __init__(self, doc: YamlDoc, text: str) -> None:
        self.doc = doc
        self.file = doc.file
        self.lines = text.splitlines()

    # ------------------------------------------------------------ errors --

    def err(self, path: KeyPath, message: str, *, key: bool = False, hint: str | None = None) -> RecordError:
        line, col = self.doc.where(path, key=key)
        return RecordError(self.file, line, col, message, hint=hint)

    def at(self, path: KeyPath, key: bool = False) -> Mark:
        return self.doc.where(path, key=key)

    def expect_mapping(self, value: YamlValue, path: KeyPath, what: str) -> YamlMapping:
        if not isinstance(value, dict):
            raise self.err(path, f"{what}: found {_describe(value)}; expected a mapping")
        return value

    def check_keys(self, mapping: YamlMapping, path: KeyPath, allowed: tuple[str, ...], what: str) -> None:
        for k in mapping:
            if k not in allowed:
                s = suggest(k, allowed)
                raise self.err(path + (k,), f"{what}: found an unknown key `{k!s}`; expected one of: "
                                            f"{', '.join(allowed)}", key=True,
                               hint=f"did you mean `{s}`?" if s else None)

    # ------------------------------------------------------------ record --

    def record(self, directory: str | None) -> Record:
        data = self.doc.data
        if data is None:
            raise RecordError(self.file, 1, 1, "found an empty file; expected a game record "
                                               "(ruleset, players, deals)")
        top = self.expect_mapping(data, (), "the record")
        self.check_keys(top, (), TOP_KEYS, "the record")
        for req in ("players", "deals"):
            if req not in top:
                raise RecordError(self.file, 1, 1, f"the record has no `{req}`; expected "
                                                   f"`{req}:` at the top level",
                                  hint="see docs/records.md for the format")
        ruleset = top.get("ruleset")
        if ruleset is not None and not (isinstance(ruleset, str) and ruleset.strip()):
            raise self.err(("ruleset",), f"ruleset: found {_describe(ruleset)}; expected a bundled "
                                         "ruleset name (e.g. hoc-mazarin) or the path of a ruleset file")
        ruleset_name = ruleset.strip() if isinstance(ruleset, str) else None
        with_ = self.extensions(top.get("with"))
        players = self.players(top["players"])
        stake = top.get("stake")
        if stake is not None and (not isinstance(stake, int) or isinstance(stake, bool)
                                  or not 0 <= stake <= MAX_STAKE):
            raise self.err(("stake",), f"stake: found {_describe(stake)}; expected a whole number "
                                       f"of chips from 0 to {MAX_STAKE:,} (each player's starting stake)")
        fw = top.get("false_without", "error")
        if not isinstance(fw, str) or fw not in FALSE_WITHOUT:
            raise self.err(("false_without",), f"false_without: found {_describe(fw)}; expected "
                                               "`error` (a false \"without\" stops the replay) or "
                                               "`penalty` (it is charged the ruleset's penalty)")
        title, notes = self.text(top, "title"), self.text(top, "notes")
        deals_raw = top["deals"]
        if not isinstance(deals_raw, list) or not deals_raw:
            raise self.err(("deals",), f"deals: found {_describe(deals_raw)}; expected a list of "
                                       "deals (each with dealer, hands, announcements)")
        deals = tuple(self.deal(d, i, players) for i, d in enumerate(deals_raw))
        return Record(
            file=self.file, ruleset=ruleset_name, with_=with_,
            players=players, deals=deals, stake=stake, title=title,
            notes=notes, false_without=fw,
            ruleset_at=self.at(("ruleset",)) if "ruleset" in top else (1, 1),
            players_at=self.at(("players",)), with_at=self.at(("with",)) if "with" in top else (1, 1),
            directory=directory,
        )

    def text(self, top: YamlMapping, key: str) -> str | None:
        """The text at top-level ``key``: None if the key is absent, an error if it is not text."""
        if key not in top:
            return None
        value = top[key]
        if not isinstance(value, str):
            raise self.err((key,), f"{key}: found {_describe(value)}; expected text")
        return value

    def extensions(self, value: YamlValue) -> tuple[str, ...]:
        if value is None:
            return ()
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise self.err(("with",), f"with: found {_describe(value)}; expected a list of "
                                      "extension names (e.g. [triple-game])")
        out = []
        for i, v in enumerate(value):
            if not isinstance(v, str) or not v.strip():
                raise self.err(("with", i), f"with: found {_describe(v)}; expected an extension "
                                            "name or path")
            out.append(v.strip())
        return tuple(out)

    def players(self, value: YamlValue) -> tuple[str, ...]:
        if not isinstance(value, list) or not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
            raise self.err(("players",), f"players: found {_describe(value)}; expected a list of "
                                         f"the players' names ({MIN_PLAYERS} to {MAX_PLAYERS}, as "
                                         "many as the ruleset admits), in the direction of play")
        out: list[str] = []
        for i, p in enumerate(value):
            if isinstance(p, bool) or not isinstance(p, (str, int)) or not str(p).strip():
                raise self.err(("players", i), f"players: found {_describe(p)}; expected a name")
            name = str(p).strip()
            if len(name) > MAX_NAME:
                raise self.err(("players", i), f"players: found a name of {len(name):,} characters; "
                                               f"expected a name of at most {MAX_NAME}")
            if ":" in name:
                raise self.err(("players", i), f"players: found `{name}`; expected a name without "
                                               "`:` (announcements are written \"Name: text\")")
            if name in out:
                raise self.err(("players", i), f"players: found `{name}` twice; expected each "
                                               "player once")
            out.append(name)
        return tuple(out)

    def player_ref(self, value: YamlValue, path: KeyPath, players: tuple[str, ...], what: str,
                   key: bool = False) -> str:
        name = str(value).strip() if isinstance(value, (str, int)) and not isinstance(value, bool) else None
        if name is None or name not in players:
            s = suggest(name, players) if name else None
            raise self.err(path, f"{what}: found {_describe(value) if name is None else f'`{name}`'}; "
                                 f"expected one of the players ({', '.join(players)})", key=key,
                           hint=f"did you mean `{s}`?" if s else None)
        return name

    # -------------------------------------------------------------- deals --

    def deal(self, raw: YamlValue, i: int, players: tuple[str, ...]) -> DealRecord:
        path = ("deals", i)
        what = f"deal {i + 1}"
        d = self.expect_mapping(raw, path, what)
        self.check_keys(d, path, DEAL_KEYS, what)
        for req in ("dealer", "hands", "announcements"):
            if req not in d:
                raise self.err(path, f"{what} has no `{req}`; expected dealer, hands and announcements")
        dealer = self.player_ref(d["dealer"], path + ("dealer",), players, f"{what}, dealer")
        hands, hand_at = self.hands(d["hands"], path + ("hands",), players, what)
        anns = self.announcements(d["announcements"], path + ("announcements",), players, what)
        expect, expect_at = self.expect(d.get("expect"), path + ("expect",), players, what)
        points, points_at = self.expect(d.get("points"), path + ("points",), players, what, points=True)
        notes = d.get("notes")
        if notes is not None and not isinstance(notes, str):
            raise self.err(path + ("notes",), f"{what}, notes: found {_describe(notes)}; expected text")
        end_at = self._end_of(path + ("announcements",), anns)
        return DealRecord(
            number=i + 1, dealer=dealer, hands=MappingProxyType(hands), announcements=anns,
            expect=MappingProxyType(expect), notes=notes, at=self.at(path),
            dealer_at=self.at(path + ("dealer",)), hands_at=self.at(path + ("hands",), key=True),
            hand_at=MappingProxyType(hand_at), expect_at=MappingProxyType(expect_at), end_at=end_at,
            points=MappingProxyType(points), points_at=MappingProxyType(points_at),
        )

    def _end_of(self, path: KeyPath, anns: tuple[Announcement, ...]) -> Mark:
        if anns:
            return anns[-1].at
        return self.at(path, key=True)

    def hands(self, raw: YamlValue, path: KeyPath, players: tuple[str, ...],
              what: str) -> tuple[dict[str, int], dict[str, Mark]]:
        m = self.expect_mapping(raw, path, f"{what}, hands")
        hands: dict[str, int] = {}
        hand_at: dict[str, Mark] = {}
        owner: dict[int, str] = {}
        for k, v in m.items():
            name = self.player_ref(k, path + (k,), players, f"{what}, hands", key=True)
            if name in hands:
                raise self.err(path + (k,), f"{what}, hands: found `{name}` twice; expected one hand "
                                            "per player", key=True)
            hpath = path + (k,)
            if isinstance(v, list):
                words = [str(x) for x in v]
            elif isinstance(v, str):
                words = split_cards(v)
            else:
                raise self.err(hpath, f"{what}, hand of {name}: found {_describe(v)}; expected the "
                                      "cards dealt, e.g. \"3H 4H 5H QH 2C JS ...\"")
            try:
                cards = [parse_card(w) for w in words]
                h = hand_of(cards)
            except CardError as e:
                raise self.err(hpath, f"{what}, hand of {name}: {e}") from None
            for c in iter_cards(h):
                if c in owner:
                    other = owner[c]
                    raise self.err(hpath, f"{what}, hand of {name}: found {card_name(c)}, which is "
                                          f"also in {other}'s hand (line {self.at(path + (other,))[0]}); "
                                          "expected each card dealt once")
                owner[c] = name
            hands[name] = h
            hand_at[name] = self.at(hpath)
        missing = [p for p in players if p not in hands]
        if missing:
            raise self.err(path, f"{what}, hands: found no hand for {', '.join(missing)}; expected "
                                 "one hand for each player", key=True)
        return hands, hand_at

    def announcements(self, raw: YamlValue, path: KeyPath, players: tuple[str, ...],
                      what: str) -> tuple[Announcement, ...]:
        if raw is None:
            raw = []
        if not isinstance(raw, list):
            raise self.err(path, f"{what}, announcements: found {_describe(raw)}; expected a list "
                                 "of \"Name: text\" lines, in the order they were said", key=True)
        out = []
        for j, item in enumerate(raw):
            ipath = path + (j,)
            at = self.at(ipath)
            if isinstance(item, dict) and len(item) == 1:
                # `- Anne: raise 2` without quotes: YAML reads a one-key mapping
                (k, v), = item.items()
                name = self.player_ref(k, ipath + (k,), players, f"{what}, announcement", key=True)
                if v is None or isinstance(v, (dict, list)):
                    raise self.err(ipath + (k,), f"{what}, announcement of {name}: found "
                                                 f"{_describe(v)}; expected what {name} said")
                text = str(v).strip()
                text_at = self.at(ipath + (k,))
                out.append(Announcement(name, text, at, text_at))
                continue
            if not isinstance(item, str):
                raise self.err(ipath, f"{what}, announcement: found {_describe(item)}; expected "
                                      "\"Name: text\"")
            head, sep, text = item.partition(":")
            if not sep:
                raise self.err(ipath, f"{what}, announcement: found \"{item}\"; expected "
                                      "\"Name: text\" (the player's name, a colon, what he said)")
            name = self.player_ref(head, ipath, players, f"{what}, announcement by")
            text = text.strip()
            if not text:
                raise self.err(ipath, f"{what}, announcement: found \"{item}\" with nothing said; "
                                      f"expected what {name} said after the colon")
            out.append(Announcement(name, text, at, self._text_at(at, item, text)))
        return tuple(out)

    def _text_at(self, at: Mark, item: str, text: str) -> Mark:
        """Where ``text`` (the part after "Name:") starts in the file, if the
        item is written on one line as it reads; else the item's start."""
        line, col = at
        if 1 <= line <= len(self.lines):
            src = self.lines[line - 1]
            k = src.find(item, col - 1)
            if k >= 0:
                return (line, k + 1 + item.index(text))
        return at

    def expect(self, raw: YamlValue, path: KeyPath, players: tuple[str, ...],
               what: str, points: bool = False) -> tuple[dict[str, dict[str, int]], dict[str, Mark]]:
        """A deal's ``expect:`` (per ruleset key, each player's net in chips) or, with
        ``points``, its ``points:`` (per ruleset key, the points each player scored in the deal)."""
        if raw is None:
            return {}, {}
        key_word = "points" if points else "expect"
        m = self.expect_mapping(raw, path, f"{what}, {key_word}")
        out: dict[str, dict[str, int]] = {}
        at: dict[str, Mark] = {}
        for key, nets in m.items():
            kpath = path + (key,)
            shown = str(key)
            nm = self.expect_mapping(nets, kpath, f"{what}, {key_word} for {shown}")
            row: dict[str, int] = {}
            for p, v in nm.items():
                name = self.player_ref(p, kpath + (p,), players, f"{what}, {key_word} for {shown}", key=True)
                if points:
                    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_NET:
                        raise self.err(kpath + (p,), f"{what}, points for {shown}: found {_describe(v)} for "
                                                     f"{name}; expected a whole number of points scored in "
                                                     f"the deal, from 0 to {MAX_NET:,}")
                elif not isinstance(v, int) or isinstance(v, bool) or not -MAX_NET <= v <= MAX_NET:
                    raise self.err(kpath + (p,), f"{what}, expect for {shown}: found {_describe(v)} for "
                                                 f"{name}; expected a whole number of chips won (+) or lost (-), "
                                                 f"at most {MAX_NET:,} either way")
                row[name] = v
            missing = [p for p in players if p not in row]
            if missing:
                unit = "points" if points else "net"
                raise self.err(kpath, f"{what}, {key_word} for {shown}: found no {unit} for "
                                      f"{', '.join(missing)}; expected every player's {unit}", key=True)
            out[shown] = row
            at[shown] = self.at(kpath, key=True)
        return out, at


def _describe(v: object) -> str:
    if v is None:
        return "nothing"
    if isinstance(v, bool):
        return f"`{str(v).lower()}`"
    if isinstance(v, str):
        return f"`{v}`" if v.strip() else "an empty text"
    if isinstance(v, int) and len(str(abs(v))) > 15:  # said by its size, not quoted whole
        return f"a number of {len(str(abs(v))):,} digits"
    if isinstance(v, (int, float)):
        return f"the number {v}"
    if isinstance(v, list):
        return f"a list of {len(v)}"
    if isinstance(v, dict):
        return "a mapping"
    return type(v).__name__


def parse_record(text: str, file: str = "<record>", directory: str | None = None) -> Record:
    """Parse the text of a record; a malformed one raises :class:`RecordError`."""
    try:
        doc = parse_yaml(text, file)
    except RulesetError as e:
        found = e.found.replace("found ", "")
        raise RecordError(file, e.line, e.column, f"found {found}; expected {e.expected or 'well-formed YAML'}",
                          hint=e.hint) from None
    return _Reader(doc, text).record(directory)


def read_record(path: str | os.PathLike[str]) -> Record:
    """Read the record file at ``path`` (see docs/records.md)."""
    from ..rules.loader import shown_path

    shown = shown_path(path)
    problem = file_problem(path)  # before opening: a FIFO would block, /dev/zero never end
    if problem is not None and problem != "no such file":
        raise RecordError(shown, None, None, f"found {problem}; expected a game record file")
    try:
        text = read_text(path)  # at most one character past the bound parse_yaml refuses
    except FileNotFoundError:
        raise RecordError(shown, None, None, "no such file; expected a game record (YAML)") from None
    except IsADirectoryError:
        raise RecordError(shown, None, None, "found a directory; expected a game record file") from None
    except UnicodeDecodeError as e:
        raise RecordError(shown, None, None, f"found bytes that are not UTF-8 text ({e.reason} at "
                                             f"byte {e.start}); expected a record in UTF-8") from None
    except OSError as e:
        raise RecordError(shown, None, None, f"the file cannot be read ({e.strerror})") from None
    return parse_record(text, shown, str(Path(path).parent))
