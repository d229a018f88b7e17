"""The ``cardavia`` command line on Paohuzi: replay, analyze (flags and --batch), selfplay, bench,
and their error paths (exit status 2, exactly one ``error:`` line, never a traceback)."""

import json

import pytest

from .incli import run

# PZ-25: C2 reveals s4; Y and C1 can both win; Y is nearer to the revealer.
PZ25 = {
    "game": "paohuzi",
    "dealer": 2,
    "hands": [
        ["s4", "s4", "s1", "s2", "s3", "b2", "b7", "b10"],
        ["s3", "s5", "b1", "b1", "b1", "s7", "s7", "s7"],
        ["s6", "s8", "s10", "b8", "b8", "s2", "b10", "b4"],
    ],
    "melds": [
        ["chi b4 b5 b6", "wei b9 b9 b9", "chi s5 s6 s7", "chi s8 s9 s10"],
        ["chi b2 b7 b10", "chi s1 s2 s3", "peng b3 b3 b3", "chi b4 b5 b6"],
        ["chi s8 s9 s10", "chi b5 b6 b7", "chi b7 b8 b9", "chi s1 s2 s3"],
    ],
    "stock": ["s4"],
    "next": {"seat": 2, "step": "draw"},
    "actions": [],
}


def assert_bad_input(proc, *words):
    assert proc.returncode == 2
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    assert "Traceback" not in proc.stderr
    for word in words:
        assert word in lines[0]


def write(tmp_path, name, doc):
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return str(path)


def test_replay_window_referee_and_seat_views(tmp_path):
    path = write(tmp_path, "pz25.json", PZ25)
    proc = run("replay", path)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["status"] == "ongoing" and doc["to_act"] == [0, 1]
    assert doc["public"] == {"card": "s4", "owner": 2, "window": "reveal"}
    assert doc["legal"] == {"0": ["pass", "peng", "win"], "1": ["pass", "win"]}
    assert doc["seats"][0]["hand"] == ["s1", "s2", "s3", "s4", "s4", "b2", "b7", "b10"]
    seat1 = json.loads(run("replay", path, "--seat", "1").stdout)
    assert seat1["to_act"] == [1] and seat1["legal"] == {"1": ["pass", "win"]}
    assert seat1["seats"][0]["hand"] == 8 and seat1["seats"][2]["hand"] == 8
    seat2 = json.loads(run("replay", path, "--seat", "2").stdout)
    assert seat2["to_act"] == [] and seat2["legal"] == {}


def test_replay_to_the_end_with_actions_in_any_card_order(tmp_path):
    record = dict(PZ25, actions=["S1 win", "S0 win"])
    doc = json.loads(run("replay", write(tmp_path, "r.json", record)).stdout)
    assert doc["status"] == "win"
    result = doc["result"]
    assert (result["winner"], result["card"], result["score"], result["tun"]) == (0, "s4", 16, 1)
    assert result["payments"] == [2, -1, -1] and "peng s4 s4 s4" in result["groups"]


def test_replay_several_files_one_bad(tmp_path):
    good = write(tmp_path, "good.json", PZ25)
    bad = write(tmp_path, "bad.json", dict(PZ25, actions=["S2 peng"]))
    proc = run("replay", good, bad)
    assert proc.returncode == 2
    lines = proc.stdout.splitlines()
    assert json.loads(lines[0])["game"] == "paohuzi" and "error" in json.loads(lines[1])
    assert len(proc.stderr.splitlines()) == 1 and proc.stderr.startswith("error: ")


@pytest.mark.parametrize(
    ("record", "words"),
    [
        (dict(PZ25, actions=["S2 pass"]), ["action 0", "S2 pass", "not asked"]),
        (dict(PZ25, actions=["S0 chi s3 s4 s5"]), ["action 0", "not legal"]),
        (dict(PZ25, actions=["S0 smile"]), ["action 0", "unknown action"]),
        (dict(PZ25, actions=["S0 discard x9"]), ["unknown card code"]),
        (dict(PZ25, stock=["s4", "s4", "s4"]), ["5 copies of s4"]),
        (dict(PZ25, hands=[["s1"] * 4, [], []], melds=[[], [], []]), ["four s1"]),
        (dict(PZ25, melds=[["peng s1 s1"], [], []]), ["peng"]),
        (dict(PZ25, next={"seat": 5, "step": "draw"}), ["'next'"]),
        (dict(PZ25, hands=[[], []]), ["'hands'"]),
        (dict(PZ25, dealer=3), ["dealer"]),
        ("{not json", ["not valid JSON"]),
    ],
)
def test_replay_bad_input(tmp_path, record, words):
    assert_bad_input(run("replay", write(tmp_path, "bad.json", record)), *words)


def test_replay_bad_seat(tmp_path):
    assert_bad_input(run("replay", write(tmp_path, "r.json", PZ25), "--seat", "3"), "--seat")


def test_analyze_flags():
    proc = run(
        "analyze", "paohuzi", "--hand", "s7 s7 s7 s8 s9 s10 b7 b7",
        "--meld", "chi b1 b2 b3", "--meld", "peng b4 b4 b4",
        "--meld", "chi s4 s5 s6", "--meld", "chi s1 s2 s3",
        "--new", "s7", "--from", "other",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert (out["complete"], out["huxi"], out["win"], out["tun"]) == (True, 18, True, 2)
    own = run(
        "analyze", "paohuzi", "--hand", "s7 s7 s7 s8 s9 s10 b7 b7",
        "--meld", "chi b1 b2 b3", "--meld", "peng b4 b4 b4",
        "--meld", "chi s4 s5 s6", "--meld", "chi s1 s2 s3",
        "--new", "s7", "--from", "own",
    )  # fmt: skip
    assert json.loads(own.stdout)["huxi"] == 21


def test_analyze_holdings_without_new_card():
    out = json.loads(run("analyze", "paohuzi", "--hand", "s1 s2 s3").stdout)
    assert out == {"complete": False, "huxi": None, "win": False, "tun": 0, "groups": None}


def test_analyze_complete_under_15_still_gives_groups():
    proc = run(
        "analyze", "paohuzi", "--hand", "s1 s2 s3 s9 s9 b5 b6 b7",
        "--meld", "chi b1 b2 b3", "--meld", "wei s4 s4 s4",
        "--meld", "peng s8 s8 s8", "--meld", "chi s5 s6 s7",
        "--new", "s9", "--from", "other",
    )  # fmt: skip
    out = json.loads(proc.stdout)
    assert (out["complete"], out["huxi"], out["win"], out["tun"]) == (True, 14, False, 0)
    assert len(out["groups"]) == 7


def test_analyze_batch_answers_every_line_and_flags_bad_ones():
    lines = [
        {"hand": "b2", "melds": ["pao b5 b5 b5 b5", "chi b1 b2 b3", "chi s4 s5 s6", "peng s8 s8 s8",
                                 "chi s1 s2 s3", "chi b7 b8 b9"], "new": "b2", "from": "own"},
        {"hand": "s1 s1 s1 s1 s1"},
        {"hand": "s6 s6 s6 s1 s2 s3 b8", "melds": ["pao b5 b5 b5 b5", "chi b1 b2 b3", "chi s7 s8 s9",
                                                   "peng b10 b10 b10"], "new": "b9", "from": "other"},
    ]  # fmt: skip
    stdin = "\n".join(json.dumps(x) for x in lines) + "\nnot json\n"
    proc = run("analyze", "paohuzi", "--batch", "-", stdin=stdin)
    assert proc.returncode == 2
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(out) == 4
    assert (out[0]["huxi"], out[0]["tun"]) == (19, 2)
    assert "error" in out[1] and "5 copies of s1" in out[1]["error"]
    assert out[2]["complete"] is False
    assert "error" in out[3]
    assert all(line.startswith("error: line ") for line in proc.stderr.splitlines())
    assert len(proc.stderr.splitlines()) == 2


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--hand", "s1 s11"], ["unknown card code 's11'"]),
        (["--hand", "s1", "--meld", "chi s1 s3 s5"], ["not a chi-type group"]),
        (["--hand", "s1", "--meld", "kan s1 s1 s1"], ["must start with"]),
        (["--hand", "s1", "--new", "s2", "--from", "mine"], ["--from"]),
        (["--hand", "s1", "--from", "own"], ["'from' needs 'new'"]),
        (["--hand", "s1", "--exposed", "RC RC RC"], ["--exposed"]),
        (["--hand", "b1 b1 b1", "--meld", "pao b1 b1 b1 b1"], ["7 copies of b1"]),
        ([], ["--hand"]),
    ],
)
def test_analyze_bad_input(args, words):
    assert_bad_input(run("analyze", "paohuzi", *args), *words)


def test_selfplay_prints_a_record_that_replays():
    proc = run("selfplay", "paohuzi", "--seed", "11")
    assert proc.returncode == 0, proc.stderr
    record = json.loads(proc.stdout)
    assert record["game"] == "paohuzi" and record["actions"]
    assert sorted(len(h) for h in record["hands"]) == [20, 20, 21] and len(record["stock"]) == 19
    again = run("selfplay", "paohuzi", "--seed", "11")
    assert again.stdout == proc.stdout
    doc = json.loads(run("replay", "-", stdin=proc.stdout).stdout)
    assert doc["status"] in ("win", "draw") and sum(doc["result"]["payments"]) == 0


def test_seed_record_deals_the_same_cards():
    dealt = json.loads(run("selfplay", "paohuzi", "--seed", "3").stdout)
    by_seed = {"game": "paohuzi", "dealer": dealt["dealer"], "seed": 3, "actions": dealt["actions"]}
    a = run("replay", "-", stdin=json.dumps(by_seed))
    b = run("replay", "-", stdin=json.dumps(dealt))
    assert a.returncode == 0 and a.stdout == b.stdout


def test_bench_prints_the_figures():
    proc = run("bench", "paohuzi", "--deals", "20", "--seed", "2")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["game"] == "paohuzi" and out["deals"] == 20
    for key in (
        "deals_per_s",
        "actions_per_s",
        "complete_check_us_median",
        "legal_actions_us_median",
        "peak_rss_mb",
    ):
        assert out[key] > 0
    assert out["huxi_cache_entries"] <= out["huxi_cache_bound"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["bench", "paohuzi", "--deals", "0"], ["--deals"]),
        (["selfplay", "paohuzi", "--seed", "x"], ["--seed"]),
    ],
)
def test_bench_and_selfplay_bad_input(args, words):
    assert_bad_input(run(*args), *words)
