"""hocdsl"""

from .compiled import pure_wanted, use_sources

if pure_wanted():  # HOCDSL_PURE=1: the Python sources of the compiled modules (hocdsl.compiled)
    use_sources()
