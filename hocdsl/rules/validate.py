"""Validate a parsed ruleset file against the JSON Schema (placeholder: shape only)."""

from __future__ import annotations

from .yamldoc import YamlDoc


def validate_document(doc: YamlDoc) -> None:
    if not isinstance(doc.data, dict):
        raise doc.error((), "a document that is not a mapping", "a ruleset: name, title, summary, sections")
