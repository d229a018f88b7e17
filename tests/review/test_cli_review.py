"""``cardavia review FILE --seat N`` (run in this process): the review as JSON; bad input exits 2
with one ``error:`` line."""

from __future__ import annotations

import contextlib
import io
import json
import sys

import pytest

from cardavia import cli
from cardavia.review import review

from .helpers import deal


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        saved = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
        try:
            status = cli.main(list(args))
        finally:
            sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def finished():
    return deal("paohuzi", 71, 1, "random")


def test_review_prints_the_review(tmp_path, finished):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(finished), encoding="utf-8")
    status, out, err = run("review", str(path), "--seat", "1")
    assert status == 0, err
    assert json.loads(out) == review(finished, 1)
    assert run("review", "-", "--seat", "1", stdin=json.dumps(finished))[1] == out


def test_help_documents_the_thresholds_and_the_formula(capsys):
    with pytest.raises(SystemExit):
        cli.main(["review", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in ("inaccuracy when loss >= 0.02", "mistake when loss >= 0.05", "blunder when loss >= 0.1",
                  "accuracy = 100 * sum(value(chosen) - mean) / sum(value(best) - mean)",
                  "spread at most 0.001 in paohuzi, 0.01 in sisepai",
                  "points_loss = points(best) - points(chosen)", "fed_win"):
        assert words in text


@pytest.mark.parametrize(("change", "args", "fragment"), [
    (lambda r: {**r, "actions": r["actions"][:3]}, ["--seat", "0"], "not finished"),
    (lambda r: r, ["--seat", "3"], "--seat must be 0-2"),
    (lambda r: r, ["--seat", "x"], "invalid int"),
    (lambda r: r, [], "--seat"),
    (lambda r: {**r, "actions": [*r["actions"][:-1], "S0 discard b1 b2"]}, ["--seat", "0"], "illegal"),
    (lambda r: "[1, 2", ["--seat", "0"], "not valid JSON"),
])
def test_bad_input_exits_2_with_one_error_line(tmp_path, finished, change, args, fragment):
    doc = change(finished)
    path = tmp_path / "deal.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    status, out, err = run("review", str(path), *args)
    assert status == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("error: ") and fragment in err, err


def test_an_unreadable_file_exits_2(tmp_path):
    status, _, err = run("review", str(tmp_path / "missing.json"), "--seat", "0")
    assert status == 2 and err.startswith("error: cannot read")
    status, _, err = run("review", str(tmp_path), "--seat", "0")
    assert status == 2 and "directory" in err
