"""Bad input of any kind gives exit status 2 and one ``error:`` line, never a traceback: a seeded fuzz
of malformed records, ``--batch`` lines and flags run in this process, and the input limits
(JSON nesting, integer length, input size, files that are not files)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any, BinaryIO

import pytest

from cardavia import cli
from cardavia.engine import record
from cardavia.engine.errors import RecordError
from cardavia.engine.playout import random_playout
from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng

HUGE = "7" * 5000  # over Python's 4,300-digit limit for int()
MIB, KIB = 1 << 20, 1 << 10


def call(argv: list[str], stdin: bytes | BinaryIO = b"") -> tuple[int, str, str]:
    """``cli.main(argv)`` in this process, standard input ``stdin``: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    raw = io.BytesIO(stdin) if isinstance(stdin, bytes) else stdin
    sys.stdin = io.TextIOWrapper(raw, encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(argv)
    except Exception as exc:  # a traceback: name the case that made it
        raise AssertionError(f"cardavia {argv!r} raised {exc!r}") from exc
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def assert_bad(result: tuple[int, str, str], *fragments: str, case: object = None) -> str:
    """Exit status 2, exactly one ``error:`` line on standard error holding ``fragments``."""
    status, out, err = result
    lines = err.splitlines()
    assert status == 2, (case, status, out[:300], err[:300])
    assert len(lines) == 1 and lines[0].startswith("error: "), (case, err[:600])
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in lines[0], (case, lines[0][:300])
    return lines[0]


def finished_record(game: str, seed: int) -> dict[str, Any]:
    played = get_spec(game).new_game(seed)
    random_playout(played, Rng(seed).fork(1))
    return played.record()


# --- the fuzz -----------------------------------------------------------------------------------

RAW = "@@raw@@"  # a JSON string replaced by raw text after dumping (deep nesting, huge literals)
BAD_ACTIONS = [
    "S0 pass", "S1 win", "S2 discard RH", "S9 pass", f"S{HUGE} pass", "S00 pass", "S٢ pass", "pass", "",
    "S0", "S0 fly s1", "S0 chi s1 s2 s3 / s3 s4", "S1 take RH RH RH", "S0 tianhu", "S0 discard XX",
]
NOT_A_SEAT = [-1, 4, 99, "0", 0.0, None, True, [0], {"seat": 0}]
NOT_AN_INT = ["1", 1.5, [], {}, True]
RAW_BAD = [
    lambda r: "[" * r.randint(65, 3000) + "]" * r.randint(0, 3000),
    lambda r: "{" + '"a":{' * r.randint(65, 2000),
    lambda r: "7" * r.randint(4301, 6000),
    lambda r: "-" + "1" * r.randint(4301, 6000),
    lambda r: "[" * 30 + "9" * 4400 + "]" * 30,
]


def _raw(rng: random.Random) -> str:
    return str(rng.choice(RAW_BAD)(rng))


def _bad_record(rng: random.Random) -> bytes:
    """A record text that is wrong in one to three ways, each of which alone makes it bad input."""
    game = rng.choice(["sisepai", "paohuzi"])
    doc: dict[str, Any] = finished_record(game, rng.randint(1, 3))
    raw: list[str] = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(10)
        if kind == 0:
            doc["game"] = rng.choice(["chess", "", "SISEPAI", 0, None, ["sisepai"]])
        elif kind == 1:
            doc["dealer"] = rng.choice(NOT_A_SEAT)
        elif kind == 2:
            doc["seed"] = rng.choice(NOT_AN_INT)
        elif kind == 3:
            doc.pop(rng.choice(["game", "dealer", "actions"]), None)
        elif kind == 4:
            doc[rng.choice(["zzz", "Game", "note"])] = rng.choice([1, "x", None])
        elif kind == 5:
            doc["actions"] = rng.choice(["S0 pass", None, 5, [1], [["S0 pass"]]])
        elif kind == 6 and isinstance(doc.get("actions"), list):
            doc["actions"] = [*doc["actions"], rng.choice(BAD_ACTIONS)]  # the deal is over: all illegal
        elif kind == 7:
            doc["hands"] = rng.choice([[["XX"]], [["RH"] * 5], "RH", [[1]]])
        else:
            doc[rng.choice(["dealer", "seed", "hands", "actions", "next"])] = RAW
            raw.append(_raw(rng))
    text = json.dumps(doc, ensure_ascii=False)
    for chunk in raw:
        text = text.replace(json.dumps(RAW), chunk, 1)
    if not raw and rng.random() < 0.3:  # not one JSON object, or cut short
        text = rng.choice(["[{}]", "5", '"x"', "NaN", f"[{text}]", text[: rng.randrange(1, len(text))]])
    data = text.encode("utf-8")
    if rng.random() < 0.15:
        at = rng.randrange(len(data))
        data = data[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80"]) + data[at:]
    return data


GOOD_LINES = {"sisepai": b'{"hand": "RH RH", "new": "RH"}', "paohuzi": b'{"hand": "s1 s2", "melds": []}'}


def _bad_line(rng: random.Random, game: str) -> bytes:
    """One ``--batch`` line that is bad input."""
    kind = rng.randrange(8)
    if kind == 0:
        return rng.choice([b"[]", b"5", b'"hand"', b"null", b"{", b"{'hand': 'RH'}", b"hand RH"])
    if kind == 1:
        return ('{"hand": ' + _raw(rng) + "}").encode()
    if kind == 2:
        return json.dumps({"hand": rng.choice([5, None, ["RH"], {"RH": 1}, 1.5])}).encode()
    if kind == 3:
        return json.dumps({"hand": "RH", rng.choice(["zz", "Hand", "waits!"]): 1}).encode()
    if kind == 4:
        return json.dumps({"hand": rng.choice(["XX", "RH s1", "F1 F1", "s1 s1 s1 s1 s1", "b11"])}).encode()
    if kind == 5:
        return GOOD_LINES[game][:-1] + b', "new": ' + rng.choice([b"5", b'"XX"', b"[]"]) + b"}"
    if kind == 6:
        line = GOOD_LINES[game]
        at = rng.randrange(len(line))
        return line[:at] + rng.choice([b"\xff", b"\xc3", b"\x80"]) + line[at:]
    return b'{"hand": "' + b"[" * rng.randint(65, 1000) + b'", "x": ' + b"{" * rng.randint(65, 1000) + b"}"


def _bad_flags(rng: random.Random, record_file: str) -> list[str]:
    """A command line with one bad flag value, bad word or unknown game."""
    game = rng.choice(["sisepai", "paohuzi"])
    bad_int = rng.choice(["x", "1.5", "", HUGE, "0x10", "--", "1e3"])
    match_ = ["arena", game, "--challenger", "random", "--reference", "random"]
    return rng.choice([
        ["replay", record_file, "--seat", rng.choice(["-1", "4", "99", "9" * 40, bad_int])],
        ["selfplay", game, "--seed", bad_int],
        ["selfplay", rng.choice(["chess", "Sisepai", "", HUGE])],
        ["bench", game, "--deals", rng.choice(["0", "-5", bad_int])],
        [*match_, "--decks", rng.choice(["0", "-1", "1000001", bad_int])],
        [*match_, "--decks", "1", "--workers", rng.choice(["0", "-2", "257", "100000", bad_int])],
        ["arena", game, "--challenger", rng.choice(["nobody", "", "Hard"]), "--reference", "random"],
        ["analyze", game, "--hand", rng.choice(["XX", "RH s1", "F1 F1", "s1 s1 s1 s1 s1", "b11 " * 3])],
        ["analyze", game, "--hand", "s1" if game == "paohuzi" else "F1", "--new", rng.choice(["XX", HUGE])],
        ["analyze", game, rng.choice(["--bogus", "--hand"])],
        ["serve", "--port", rng.choice(["70000", "-1", bad_int])],
        ["serve", "--ai-delay", rng.choice(["nan", "-1", "61", "inf", "x", "", HUGE, "1e3"])],
        [rng.choice(["fly", "--bogus", "replay"])],
    ])


def _forbid(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> None:
    def forbidden(*args: Any, **kwargs: Any) -> None:
        raise AssertionError(f"bad input reached {name}")

    monkeypatch.setattr(owner, name, forbidden)


def test_fuzz_bad_input_always_gives_one_error_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from cardavia.ai import arena

    _forbid(monkeypatch, uvicorn, "run")
    _forbid(monkeypatch, arena, "play_decks")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(finished_record("sisepai", 9)))
    rng = random.Random(20261313)
    started = time.perf_counter()
    for case in range(400):
        kind = rng.randrange(3)
        if kind == 0:
            data = _bad_record(rng)
            where = rng.randrange(3)
            if where == 0:
                result = call(["replay", "-"], data)
            else:
                bad = tmp_path / f"bad{case}.json"
                bad.write_bytes(data)
                result = call(["replay", str(bad)] if where == 1 else ["replay", str(good), str(bad)])
        elif kind == 1:
            game = rng.choice(["sisepai", "paohuzi"])
            lines = [GOOD_LINES[game]] * rng.randint(0, 3)
            lines.insert(rng.randint(0, len(lines)), _bad_line(rng, game))
            result = call(["analyze", game, "--batch", "-"], b"\n".join(lines) + b"\n")
            assert len(result[1].splitlines()) == len(lines), (case, result[1][:300])
        else:
            argv = _bad_flags(rng, str(good))
            result = call(argv)
        assert_bad(result, case=case)
    assert time.perf_counter() - started < 30


# --- nesting ------------------------------------------------------------------------------------


def test_json_nested_1000_deep_is_refused(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000 + "]" * 1000)  # 2 KB
    assert_bad(call(["replay", str(deep)]), "nested deeper than 64 levels")
    result = call(["analyze", "sisepai", "--batch", "-"], b'{"hand": "RH"}\n{"hand": ' + b"[" * 1000 + b"}\n")
    assert_bad(result, "line 2", "nested deeper than 64 levels")
    assert json.loads(result[1].splitlines()[0])["complete"] is False  # the other line is answered


def test_the_depth_limit_is_64_and_ignores_brackets_in_strings() -> None:
    assert record.load_json("[" * 64 + "]" * 64) is not None
    with pytest.raises(RecordError, match="deeper than 64"):
        record.load_json("[" * 65 + "]" * 65)
    text = json.dumps({"a": "[" * 500, "b": ["{\\\"" * 300]})
    assert record.load_json(text) == json.loads(text)


# --- integers -----------------------------------------------------------------------------------


@pytest.mark.parametrize("field", ["dealer", "seed"])
def test_a_5000_digit_integer_in_a_record(field: str) -> None:
    text = json.dumps({"game": "sisepai", "dealer": 0, "seed": 1, "actions": []}).replace(
        f'"{field}": {0 if field == "dealer" else 1}', f'"{field}": {HUGE}'
    )
    assert HUGE in text
    assert_bad(call(["replay", "-"], text.encode()), "an integer of more than 4300 digits")


def test_a_5000_digit_seat_in_an_action() -> None:
    doc = {"game": "paohuzi", "dealer": 0, "seed": 1, "actions": [f"S{HUGE} pass"]}
    assert_bad(call(["replay", "-"], json.dumps(doc).encode()), "action 0", "seats are 0-2")


def test_5000_digit_flags_and_batch_values(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "sisepai", "dealer": 0, "seed": 1, "actions": []}))
    assert_bad(call(["replay", str(path), "--seat", HUGE]), "--seat")
    assert_bad(call(["selfplay", "sisepai", "--seed", HUGE]), "--seed")
    assert_bad(call(["bench", "sisepai", "--deals", HUGE]), "--deals")
    line = b'{"hand": "RH", "new": ' + HUGE.encode() + b"}\n"
    assert_bad(call(["analyze", "sisepai", "--batch", "-"], line), "line 1", "more than 4300 digits")


def test_arena_bounds_decks_and_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardavia.ai import arena

    _forbid(monkeypatch, arena, "play_decks")
    match_ = ["arena", "sisepai", "--challenger", "random", "--reference", "random"]
    assert_bad(call([*match_, "--decks", "1000001"]), "--decks must be 1-1000000")
    assert_bad(call([*match_, "--decks", "1", "--workers", "257"]), "--workers must be 1-256")


# --- input size and kinds of file ---------------------------------------------------------------


def _peak_bytes(argv: list[str], stdin: bytes | BinaryIO = b"") -> tuple[tuple[int, str, str], int]:
    tracemalloc.start()
    try:
        result = call(argv, stdin)
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_endless_standard_input_is_read_to_the_limit_only() -> None:
    with open("/dev/zero", "rb") as zeros:
        result, peak = _peak_bytes(["replay", "-"], zeros)
    assert_bad(result, "cannot read -", "over 8 MiB")
    assert peak < 40 << 20
    with open("/dev/zero", "rb") as zeros:
        result, peak = _peak_bytes(["analyze", "paohuzi", "--batch", "-"], zeros)
    assert_bad(result, "line 1", "longer than 64 KiB")
    assert peak < 4 << 20


@pytest.mark.parametrize("argv", [["replay", "/dev/zero"], ["analyze", "sisepai", "--batch", "/dev/zero"]])
def test_a_device_is_refused(argv: list[str]) -> None:
    assert_bad(call(argv), "cannot read /dev/zero: not a regular file or a pipe")


def test_a_directory_is_refused(tmp_path: Path) -> None:
    assert_bad(call(["replay", str(tmp_path)]), f"cannot read {tmp_path}", "directory")
    assert_bad(call(["analyze", "paohuzi", "--batch", str(tmp_path)]), f"cannot read {tmp_path}", "directory")


def test_a_pipe_is_read() -> None:
    read_end, write_end = os.pipe()
    os.write(write_end, json.dumps({"game": "sisepai", "dealer": 0, "seed": 4, "actions": []}).encode())
    os.close(write_end)
    try:
        status, out, err = call(["replay", f"/dev/fd/{read_end}"])
    finally:
        os.close(read_end)
    assert status == 0, err
    assert json.loads(out)["status"] == "ongoing"


def test_an_oversized_file_is_refused_and_the_limit_itself_is_read(tmp_path: Path) -> None:
    text = json.dumps({"game": "sisepai", "dealer": 0, "seed": 4, "actions": []})
    at_limit = tmp_path / "limit.json"
    at_limit.write_text(text + " " * (8 * MIB - len(text)))
    status, _, err = call(["replay", str(at_limit)])
    assert status == 0, err
    over = tmp_path / "over.json"
    over.write_text(text + " " * (8 * MIB + 1 - len(text)))
    assert_bad(call(["replay", str(over)]), f"cannot read {over}: over 8 MiB")


def test_a_batch_line_over_64_kib_ends_the_batch() -> None:
    line = b'{"hand": "s1 s2"}'
    at_limit = line + b" " * (64 * KIB - len(line))
    over = at_limit + b" "
    batch = b"\n".join([at_limit, over, line]) + b"\n"
    status, out, err = call(["analyze", "paohuzi", "--batch", "-"], batch)
    assert status == 2
    answers = [json.loads(x) for x in out.splitlines()]
    assert len(answers) == 2  # the line after the long one is not read
    assert answers[0]["complete"] is False
    assert answers[1] == {"error": "line 2: longer than 64 KiB; the batch stops here"}
    assert err.splitlines() == ["error: line 2: longer than 64 KiB; the batch stops here"]


def test_a_batch_line_that_is_not_utf8_is_one_bad_line() -> None:
    status, out, err = call(["analyze", "paohuzi", "--batch", "-"], b'{"hand": "s1"}\n\xff\n{"hand": "s2"}\n')
    assert status == 2
    answers = [json.loads(x) for x in out.splitlines()]
    assert "error" not in answers[0] and "error" not in answers[2]
    assert answers[1] == {"error": "line 2: cannot read -: not UTF-8 text"}
    assert len(err.splitlines()) == 1


# --- rule options -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"no_such_rule": True}, ["'rules'", "unknown rule option 'no_such_rule'"]),
        (["own_wei_upgrade"], ["'rules'", "must be an object"]),
        (5, ["'rules'", "must be an object"]),
    ],
)
def test_a_rule_the_game_does_not_know_is_refused(game: str, rules: object, words: list[str]) -> None:
    doc = {**finished_record(game, 3), "rules": rules}
    assert_bad(call(["replay", "-"], json.dumps(doc).encode()), *words)
    with pytest.raises(RecordError, match="'rules'"):
        record.replay(doc)


@pytest.mark.parametrize("game", game_names())
def test_empty_rules_are_the_defaults_and_a_replay_writes_them_back(game: str) -> None:
    played = finished_record(game, 3)
    assert record.replay(played).record() == played
    assert record.replay({**played, "rules": {}}).record() == played
