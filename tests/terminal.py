"""Real processes started by tests as a terminal starts them."""

from __future__ import annotations

import signal


def foreground_signals() -> None:
    """In a child process before it runs: Ctrl-C's SIGINT handled as in a terminal's
    foreground job. A shell starts background jobs with SIGINT ignored and children
    inherit that, so a suite run in the background would otherwise test nothing."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
