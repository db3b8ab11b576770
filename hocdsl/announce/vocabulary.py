"""The words a ruleset uses for its combinations.

Variants name things differently: Lalanne calls a four-card tricon a
*carré* and mentions the old *fredon*; Wikipedia calls a run of four a
*quart*. A :class:`Vocabulary` holds one ruleset's names, so that the
announcement parser hears exactly those words (and says which words it
would have understood when it hears another), and so that
:func:`~hocdsl.announce.format_action` writes the ruleset's first name back.

>>> v = Vocabulary.default()
>>> v.sequence_length("quatrième"), v.tricon_size("Fredon")
(4, 4)
>>> v.sequence_word(5), v.tricon_word(4)
('quinte', 'carré')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from hocdsl.cards import RANK_WORDS, fold

if TYPE_CHECKING:  # pragma: no cover
    from hocdsl.rules.model import Ruleset

#: Ordinal names for runs longer than a quinte, (French, English), used where
#: the ruleset lets longer runs count and gives them no name of its own.
ORDINALS: Mapping[int, tuple[str, str]] = {
    6: ("sixième", "sixth"),
    7: ("septième", "seventh"),
    8: ("huitième", "eighth"),
    9: ("neuvième", "ninth"),
    10: ("dixième", "tenth"),
    11: ("onzième", "eleventh"),
    12: ("douzième", "twelfth"),
    13: ("treizième", "thirteenth"),
}

#: Combination names some source or ruleset uses. A word from here that the
#: current vocabulary lacks gets a pointed error ("not a tricon name under
#: this ruleset") instead of a bare "unknown word".
KNOWN_SEQUENCE_WORDS = frozenset(
    {"tierce", "quatrieme", "quart", "quarte", "quinte", "quint"}
    | {fold(w) for pair in ORDINALS.values() for w in pair}
)
KNOWN_TRICON_WORDS = frozenset({"brelan", "carre", "fredon"})

_NAME_SHAPE = re.compile(r"^[a-z](?:[a-z' -]*[a-z])?$")
_GRAMMAR = Path(__file__).with_name("grammar.lark")


def reserved_words() -> frozenset[str]:
    """Every literal word of the grammar, plus the rank words: no combination
    may be named with one of these (``"pass"``, ``"roi"``...)."""
    return _reserved()


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a sequence or a tricon in announcements; None if it can.

    The ruleset loader reports these at the name's line in the file.

    >>> name_problem("quatrième") is None
    True
    >>> name_problem("roi")
    'it is already a word of the announcement language'
    >>> name_problem("5-card run")
    'letters, spaces, hyphens and apostrophes only'
    """
    key = fold(name).strip()
    if not _NAME_SHAPE.match(key):
        return "letters, spaces, hyphens and apostrophes only"
    if key in _reserved():
        return "it is already a word of the announcement language"
    return None


_RESERVED: frozenset[str] | None = None


def _reserved() -> frozenset[str]:
    global _RESERVED
    if _RESERVED is None:
        text = _GRAMMAR.read_text(encoding="utf-8")
        text = re.sub(r"//[^\n]*", "", text)  # comments quote words freely
        literals = set(re.findall(r'"([^"\\]+)"', text))
        _RESERVED = frozenset(literals | set(RANK_WORDS))
    return _RESERVED


def _table(names: Mapping[int, tuple[str, ...] | list[str]] | None) -> tuple[tuple[int, tuple[str, ...]], ...]:
    if not names:
        return ()
    return tuple(sorted((int(k), tuple(str(n) for n in v)) for k, v in names.items()))


@dataclass(frozen=True)
class Vocabulary:
    """One ruleset's names for sequences and tricons.

    ``sequences`` and ``tricons`` pair a length (or size) with its names,
    accents and all; the first name is the one written back. ``ordinals``
    lists the lengths also called by ordinal (``sixième`` / ``sixth``),
    for rulesets where runs longer than the named ones still count.
    ``ruleset`` names the vocabulary in error messages.

    Vocabularies are small frozen values: the parser is built once per
    vocabulary and cached.
    """

    sequences: tuple[tuple[int, tuple[str, ...]], ...]
    tricons: tuple[tuple[int, tuple[str, ...]], ...]
    ordinals: tuple[int, ...] = ()
    ruleset: str = "default"
    #: words said instead of "hoc!" (``<stops>.claim_words``), accents and all
    claims: tuple[str, ...] = ()
    #: the ranks of the pack in order, lowest first: where a sequence may reach, what "major"
    #: (to the top card) and "minor" (from the lowest) mean (king high, aces low by default)
    order: tuple[int, ...] = tuple(range(1, 14))
    #: combinations called as Piquet calls them, for points (a declare stage): "point of five",
    #: "quint major", "fourteen aces", "three kings"
    calls: bool = False

    def __post_init__(self) -> None:
        seen: dict[str, str] = {}
        for kind, table in (("sequence", self.sequences), ("tricon", self.tricons)):
            for size, names in table:
                if not names:
                    raise ValueError(f"{self.ruleset}: the {kind} of {size} has an empty list of names")
                if not 1 <= size <= (13 if kind == "sequence" else 4):
                    raise ValueError(f"{self.ruleset}: no {kind} has {size} cards")
                for name in names:
                    problem = name_problem(name)
                    if problem:
                        raise ValueError(f"{self.ruleset}: {name!r} cannot name a {kind}: {problem}")
                    key = fold(name).strip()
                    what = f"{kind} of {size}"
                    if seen.get(key, what) != what:
                        raise ValueError(f"{self.ruleset}: {name!r} names both the {seen[key]} "
                                         f"and the {what}")
                    seen[key] = what
        for n in self.ordinals:
            if n not in ORDINALS:
                raise ValueError(f"{self.ruleset}: no ordinal name for a run of {n}")
        for word in self.claims:
            problem = name_problem(word)
            if problem:
                raise ValueError(f"{self.ruleset}: {word!r} cannot be said as a claim: {problem}")
            if _key(word) in seen:
                raise ValueError(f"{self.ruleset}: {word!r} names both the {seen[_key(word)]} and a claim")

    # ------------------------------------------------------------ building --

    @classmethod
    def of(
        cls,
        sequences: Mapping[int, tuple[str, ...] | list[str]],
        tricons: Mapping[int, tuple[str, ...] | list[str]],
        ordinals: tuple[int, ...] = (),
        ruleset: str = "custom",
    ) -> Vocabulary:
        """A vocabulary from plain mappings: ``Vocabulary.of({3: ["tierce"]}, {3: ["brelan"]})``."""
        return cls(_table(sequences), _table(tricons), tuple(sorted(ordinals)), ruleset)

    @classmethod
    def default(cls) -> Vocabulary:
        """Lalanne's names (002 §3.2, §3.3): tierce, quatrième (quart), quinte;
        brelan, carré (formerly fredon). Runs past the quinte count as a quinte,
        so they have no names of their own."""
        return _DEFAULT

    @classmethod
    def from_ruleset(cls, rules: Ruleset) -> Vocabulary:
        """The names ``rules`` gives its vie stages on runs and on sets
        (``<stage>.names``); a game without such a stage has no such names.

        Where the ruleset lets runs longer than its longest named one count
        (``longer_ranks_higher``, or ``counts_up_to`` past the names), those
        lengths may also be called by ordinal: ``sixième``, ``sixth``...
        The words said instead of "hoc!" are the card game's ``claim_words``.
        """
        seq, sets = rules.sequence, rules.tricon
        dc = getattr(rules, "declare", None)  # a declare stage (Piquet) names them too
        if dc is not None:
            seq = seq or dc.run_rules()
            sets = sets or dc.set_rules()
        cg = getattr(rules, "card_game", None)  # a stand-in may have no card game
        ordinals: tuple[int, ...] = ()
        if seq is not None:
            named = set(seq.names)
            top = max(named, default=seq.min_length - 1)
            ordinals = tuple(
                n for n in ORDINALS
                if n > top and n not in named and (seq.longer_ranks_higher or n <= seq.counts_up_to)
            )
        order = _order(rules)
        return cls(_table(seq.names if seq is not None else None),
                   _table(sets.names if sets is not None else None), ordinals, rules.name,
                   tuple(cg.claim_words) if cg is not None else (), order, dc is not None)

    # ------------------------------------------------------------ reading --

    @cached_property
    def _lookup(self) -> dict[str, tuple[str, int]]:
        out: dict[str, tuple[str, int]] = {}
        for n in self.ordinals:
            for w in ORDINALS[n]:
                out[fold(w)] = ("sequence", n)
        for kind, table in (("sequence", self.sequences), ("tricon", self.tricons)):
            for size, names in table:
                for name in names:
                    out[_key(name)] = (kind, size)
        return out

    def sequence_words(self) -> list[str]:
        """Every word heard as a sequence name, folded (``quatrieme``)."""
        return [w for w, (k, _) in self._lookup.items() if k == "sequence"]

    def tricon_words(self) -> list[str]:
        """Every word heard as a tricon name, folded (``carre``)."""
        return [w for w, (k, _) in self._lookup.items() if k == "tricon"]

    def claim_words(self) -> list[str]:
        """Every word heard instead of "hoc!", folded (``comete``)."""
        return [_key(w) for w in self.claims]

    def describe_claims(self) -> str:
        """``"hoc!" or "comète!"`` for error messages."""
        return " or ".join(['"hoc!"', *(f'"{w}!"' for w in self.claims)])

    def sequence_length(self, word: str) -> int | None:
        """The length ``word`` names (``"Quinte"`` -> 5), or None."""
        hit = self._lookup.get(_key(word))
        return hit[1] if hit and hit[0] == "sequence" else None

    def tricon_size(self, word: str) -> int | None:
        """The size ``word`` names (``"carré"`` -> 4), or None."""
        hit = self._lookup.get(_key(word))
        return hit[1] if hit and hit[0] == "tricon" else None

    def sequence_word(self, length: int, lang: str = "en") -> str | None:
        """The name written for a run of ``length``: the ruleset's first name,
        else the ordinal in ``lang``, else None (say "sequence of N")."""
        for size, names in self.sequences:
            if size == length:
                return names[0]
        if length in self.ordinals:
            fr, en = ORDINALS[length]
            return fr if lang == "fr" else en
        return None

    def tricon_word(self, size: int, lang: str = "en") -> str | None:
        """The name written for a tricon of ``size``, or None (say "tricon of N")."""
        for n, names in self.tricons:
            if n == size:
                return names[0]
        return None

    def describe_sequences(self) -> str:
        """``"tierce" (3), "quatrième" or "quart" (4), "quinte" (5)`` for error messages."""
        parts = [f"{_or(names)} ({size})" for size, names in self.sequences]
        parts += [f'"{ORDINALS[n][0]}" or "{ORDINALS[n][1]}" ({n})' for n in self.ordinals]
        return ", ".join(parts) or "none"

    def describe_tricons(self) -> str:
        """``"brelan" (3), "carré" or "fredon" (4)`` for error messages."""
        return ", ".join(f"{_or(names)} ({size})" for size, names in self.tricons) or "none"


def _order(rules: Ruleset) -> tuple[int, ...]:
    """The ranks of ``rules``' pack in order, lowest first, where the ace is high (Piquet: 7 to the
    ace); else the king-high order of 13 ranks, as the words "major" and "minor" have always been
    read for the hoc games (a stand-in without a pack too)."""
    if getattr(rules, "pack", None) is None or rules.pack.order != "ace-high":
        return tuple(range(1, 14))
    from ..pack import pack_of

    return tuple(pack_of(rules).order)


def _key(word: str) -> str:
    return " ".join(fold(word).split())


def _or(names: tuple[str, ...]) -> str:
    quoted = [f'"{n}"' for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


_DEFAULT = Vocabulary.of(
    {3: ["tierce"], 4: ["quatrième", "quart"], 5: ["quinte"]},
    {3: ["brelan"], 4: ["carré", "fredon"]},
    ruleset="Lalanne's names",
)
