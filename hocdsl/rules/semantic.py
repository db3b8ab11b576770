"""Checks a schema cannot express (placeholder)."""

from __future__ import annotations


def check_layer_sources(layer, sources) -> None:
    pass


def check_resolved(resolved) -> None:
    pass
