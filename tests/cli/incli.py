"""Running ``cardavia`` in this process (``cli.main``), with a result shaped like a finished process."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys

from cardavia import cli


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``cardavia ARGS`` with ``stdin`` as standard input: its status, standard output and error."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO((stdin or "").encode()), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(list(args))
    finally:
        sys.stdin = saved
    return subprocess.CompletedProcess(["cardavia", *args], status, out.getvalue(), err.getvalue())
