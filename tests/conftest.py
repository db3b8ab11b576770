"""Shared test settings."""

from __future__ import annotations

import pytest

from hocdsl.compiled import running

#: For a test that patches a class of the typed core or hands it a stand-in: compiled
#: code calls its own classes directly and checks its arguments' types, so the test
#: runs on the pure Python build only (``.ci/run`` runs the suite under both).
pure_only = pytest.mark.skipif(running() == "compiled (mypyc)",
                               reason="patches the typed core: runs under HOCDSL_PURE=1")
