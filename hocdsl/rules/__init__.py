"""Rulesets: the model of a variant, and the loader that reads ruleset files.

>>> from hocdsl.rules import load_ruleset
>>> load_ruleset("hoc-mazarin").sequence.counts_up_to
5
"""

from __future__ import annotations

from .errors import RulesetError
from .loader import bundled_extensions, bundled_rulesets, load_ruleset
from .model import Provenance, Ruleset, Source

__all__ = [
    "load_ruleset", "RulesetError", "bundled_rulesets", "bundled_extensions",
    "Ruleset", "Provenance", "Source",
]
