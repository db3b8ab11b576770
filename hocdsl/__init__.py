"""hocdsl"""

from ._started import quiet_ctrl_c_while_starting

quiet_ctrl_c_while_starting()  # the `hoc` command only: until hocdsl.__main__.main is there to catch it

from .compiled import pure_wanted, use_sources  # noqa: E402

if pure_wanted():  # HOCDSL_PURE=1: the Python sources of the compiled modules (hocdsl.compiled)
    use_sources()
