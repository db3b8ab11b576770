"""AnnouncementError: text that says nothing the table understands.

The message shows the text, a caret under the problem, and what was
expected there, in words::

    raise lots
          ^
    expected a number of chips after "raise"
"""

from __future__ import annotations


#: The most characters of the announcement shown above the caret.
SHOWN = 72


class AnnouncementError(ValueError):
    """An announcement that cannot be read.

    ``text`` is the announcement as typed; ``position`` the 0-based index of
    the problem in it (``line`` and ``column`` are 1-based); ``expected``
    says in words what would have been understood there (None when the
    problem is not a missing word, e.g. a rank 14); ``found`` is the word
    found there (None at the end of the text); ``message`` is the last line
    of ``str(error)``.
    """

    def __init__(
        self,
        text: str,
        position: int,
        message: str,
        expected: str | None = None,
        found: str | None = None,
    ) -> None:
        from ..rules.errors import shorten  # a word of 10,000 characters is quoted cut, with its length

        self.text = text
        self.position = max(0, min(position, len(text)))
        self.message = shorten(message)
        self.expected = expected
        self.found = found
        before = text[: self.position]
        self.line = before.count("\n") + 1
        self.column = self.position - (before.rfind("\n") + 1) + 1
        super().__init__(str(self))

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str = "en") -> str:
        """The text (around the caret, if long), the caret under the problem, and the message in
        ``lang`` (``en`` or ``fr``: :func:`hocdsl.announce.french.in_french`)."""
        message = self.message
        if lang == "fr":
            from .french import in_french

            message = in_french(message)
        start = self.text.rfind("\n", 0, self.position) + 1
        end = self.text.find("\n", self.position)
        line = self.text[start:] if end < 0 else self.text[start:end]
        col = self.column - 1
        if len(line) > SHOWN:  # a very long line: the part around the caret, cut with "…"
            lo = max(0, col - SHOWN // 2)
            hi = min(len(line), lo + SHOWN)
            line, col = ("…" if lo else "") + line[lo:hi] + ("…" if hi < len(line) else ""), col - lo + bool(lo)
        # Keep tabs so the caret lines up under a tabbed line.
        pad = "".join("\t" if ch == "\t" else " " for ch in line[:col])
        return f"{line}\n{pad}^\n{message}"

    def __reduce__(self) -> tuple[type[AnnouncementError], tuple[str, int, str, str | None, str | None]]:
        # picklable (multiprocessing in the simulator)
        return (type(self), (self.text, self.position, self.message, self.expected, self.found))
