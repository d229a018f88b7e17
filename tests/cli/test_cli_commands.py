"""The ``cardavia`` command line (run in this process): outputs, and every kind of bad input for the
commands both games share (exit status 2, exactly one ``error:`` line, never a traceback)."""

import json

import pytest

from cardavia.engine.registry import game_names

from .incli import run


def cards(text):
    return text.split()


FIXTURE_A = {
    "game": "sisepai",
    "dealer": 0,
    "hands": [
        cards("RH YC YH GS WS RA WE GC RG WA WA WA RE RE RE YE YE YE YE YG"),
        cards("WC WH YS WS GA GE RA YH GH GH GH F2 YG GN GN GN GN"),
        cards("RH RH YN YN GC WH RN GA GE GE GE YA YA YA WG GS GS"),
        cards("RC RN WC WH YC WA RG WS WS YS YS YS RE YA WG GH RA YC"),
    ],
    "melds": [[], ["RC RC RC"], ["WE WE WE"], ["F1", "YG"]],
    "stock": cards("RH RN"),
    "actions": [],
}


def write(tmp_path, name, doc):
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def assert_error(proc, *fragments):
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in proc.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


# --- normal outputs -----------------------------------------------------------------------------

def test_replay_prints_the_referee_document(tmp_path):
    proc = run("replay", write(tmp_path, "a.json", {**FIXTURE_A, "actions": ["S2 take RH RH RH"]}))
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["status"] == "ongoing"
    assert doc["to_act"] == [2]
    assert doc["public"] is None
    assert doc["seats"][2]["melds"] == ["WE WE WE", "RH RH RH"]
    assert doc["stock"] == 1
    assert doc["result"] is None


def test_replay_with_a_seat_hides_other_hands(tmp_path):
    path = write(tmp_path, "a.json", FIXTURE_A)
    doc = json.loads(run("replay", path, "--seat", "1").stdout)
    assert "hand" in doc["seats"][1]
    assert all("hand" not in doc["seats"][s] for s in (0, 2, 3))
    assert doc["to_act"] == []  # seat 1 is not asked for RH, and may not learn who is
    referee = json.loads(run("replay", path).stdout)
    assert referee["to_act"] == [2]
    assert referee["legal"] == {"2": ["pass", "take RH RH RH"]}


def test_replay_reads_standard_input():
    proc = run("replay", "-", stdin=json.dumps(FIXTURE_A))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["public"] == {"card": "RH", "owner": 0, "window": "W1"}


@pytest.mark.parametrize("game", game_names())
def test_selfplay_record_replays_to_the_same_result(tmp_path, game):
    proc = run("selfplay", game, "--seed", "5")
    assert proc.returncode == 0, proc.stderr
    record = json.loads(proc.stdout)
    assert record["game"] == game
    again = json.loads(run("selfplay", game, "--seed", "5").stdout)
    assert again == record
    doc = json.loads(run("replay", write(tmp_path, "r.json", record)).stdout)
    assert doc["status"] in ("win", "draw")
    assert doc["to_act"] == []


def test_analyze_sisepai_flags():
    proc = run("analyze", "sisepai", "--hand", "WH YG WG GG F1 GA GA GA RE RE RE RE YS GS WS YN YN",
               "--exposed", "RC RH RN", "--new", "WH")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["complete"] is True
    assert doc["score"] == 11
    assert "RC RH RN" in doc["groups"] and "WH WH" in doc["groups"]
    doc = json.loads(run("analyze", "sisepai", "--hand", "RA RA").stdout)
    assert doc == {"complete": False, "score": None, "groups": None}


def test_analyze_sisepai_batch_answers_every_line_and_flags_bad_ones(tmp_path):
    lines = [
        json.dumps({"hand": "RG WG YC YH YN WA WA WA GS RS YS WE WE RC RC RC RC GH GH F1", "new": "GH"}),
        json.dumps({"hand": "RH XX"}),
        "not json",
        json.dumps({"hand": "RS RS RG YG WG GG F1 F2 RC RH RN WA WA WA YE YE YE YE GH GH", "new": "YS"}),
    ]
    proc = run("analyze", "sisepai", "--batch", write(tmp_path, "q.jsonl", "\n".join(lines) + "\n"))
    assert proc.returncode == 2
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 4
    assert out[0]["score"] == 11
    assert "unknown card code 'XX'" in out[1]["error"]
    assert "error" in out[2]
    assert out[3]["complete"] is False
    assert len(proc.stderr.splitlines()) == 2  # one error line per bad line
    assert "Traceback" not in proc.stderr


def test_bench_prints_its_figures():
    proc = run("bench", "sisepai", "--deals", "30", "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["game"] == "sisepai" and doc["deals"] == 30
    for key in ("deals_per_s", "actions_per_s", "complete_check_us_median", "legal_actions_us_median"):
        assert doc[key] > 0


# --- bad input: the generic paths, for both games ------------------------------------------------

PAOHUZI_SEEDED = {"game": "paohuzi", "dealer": 2, "seed": 1, "actions": []}


def _paohuzi_first_seat():
    doc = json.loads(run("replay", "-", stdin=json.dumps(PAOHUZI_SEEDED)).stdout)
    return doc["to_act"][0]


def test_unreadable_json(tmp_path):
    assert_error(run("replay", write(tmp_path, "bad.json", "{not json")), "not valid JSON")
    assert_error(run("replay", write(tmp_path, "list.json", "[1, 2]")), "JSON object")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    assert_error(run("replay", str(binary)), "cannot read")


def test_unknown_game(tmp_path):
    path = write(tmp_path, "g.json", {**FIXTURE_A, "game": "chess"})
    assert_error(run("replay", path), "unknown game 'chess'")
    assert_error(run("analyze", "chess", "--hand", "RH"), "chess")
    assert_error(run("selfplay", "mahjong"), "mahjong")


@pytest.mark.parametrize(("game", "change", "fragment"), [
    ("sisepai", {"stock": ["RH", "XX"]}, "unknown card code 'XX'"),
    ("paohuzi", {"seed": None, "hands": [["s11"], [], []], "stock": []}, "s11"),
])
def test_unknown_card(tmp_path, game, change, fragment):
    base = FIXTURE_A if game == "sisepai" else PAOHUZI_SEEDED
    doc = {k: v for k, v in {**base, **change}.items() if v is not None}
    assert_error(run("replay", write(tmp_path, "c.json", doc)), fragment)


@pytest.mark.parametrize(("game", "change", "fragment"), [
    ("sisepai", {"stock": ["RH", "RH", "RH"]}, "copies of RH"),
    ("paohuzi", {"seed": None, "hands": [["s1"] * 3, ["s1"] * 2, []], "stock": []}, "copies of s1"),
])
def test_too_many_copies(tmp_path, game, change, fragment):
    base = FIXTURE_A if game == "sisepai" else PAOHUZI_SEEDED
    doc = {k: v for k, v in {**base, **change}.items() if v is not None}
    assert_error(run("replay", write(tmp_path, "c.json", doc)), fragment)


def test_illegal_and_out_of_turn_actions_name_their_index(tmp_path):
    bad = {**FIXTURE_A, "actions": ["S2 take RH RH RH", "S2 discard RG"]}
    assert_error(run("replay", write(tmp_path, "i.json", bad)), "action 1", "'S2 discard RG'", "never")
    late = {**FIXTURE_A, "actions": ["S2 pass", "S0 pass"]}
    assert_error(run("replay", write(tmp_path, "o.json", late)), "action 1", "'S0 pass'", "not asked")
    first = _paohuzi_first_seat()
    other = (first + 1) % 3
    wrong_turn = {**PAOHUZI_SEEDED, "actions": [f"S{other} pass"]}
    assert_error(run("replay", write(tmp_path, "p.json", wrong_turn)), "action 0", f"'S{other} pass'")
    nonsense = {**PAOHUZI_SEEDED, "actions": [f"S{first} fly s1"]}
    assert_error(run("replay", write(tmp_path, "q.json", nonsense)), "action 0")


def test_missing_file():
    assert_error(run("replay", "no/such/record.json"), "cannot read no/such/record.json")
    assert_error(run("analyze", "sisepai", "--batch", "no/such/queries.jsonl"), "cannot read")


@pytest.mark.parametrize("args", [
    ["replay"],
    ["replay", "x.json", "--seat", "two"],
    ["fly"],
    ["bench", "sisepai", "--deals", "0"],
    ["bench", "paohuzi", "--deals", "-3"],
    ["selfplay", "sisepai", "--seed", "x"],
    ["selfplay", "paohuzi", "--bogus"],
    ["analyze", "sisepai"],
    ["analyze", "paohuzi"],
    ["analyze", "sisepai", "--hand", "RH", "--meld", "peng s1 s1 s1"],
    ["analyze", "paohuzi", "--hand", "s1", "--exposed", "RC RC RC"],
    ["analyze", "paohuzi", "--hand", "s1", "--from", "nobody"],
])
def test_bad_flags(args):
    assert_error(run(*args))


def test_seat_out_of_range(tmp_path):
    path = write(tmp_path, "a.json", FIXTURE_A)
    assert_error(run("replay", path, "--seat", "4"), "--seat must be 0-3")
    pz = write(tmp_path, "p.json", PAOHUZI_SEEDED)
    assert_error(run("replay", pz, "--seat", "3"), "--seat must be 0-2")


def test_analyze_bad_cards_for_both_games():
    assert_error(run("analyze", "sisepai", "--hand", "RH ZZ"), "unknown card code 'ZZ'")
    assert_error(run("analyze", "sisepai", "--hand", "F1", "--new", "F1"), "copies of F1")
    assert_error(run("analyze", "sisepai", "--hand", "RH", "--exposed", "RH YH"), "not a legal group")
    assert_error(run("analyze", "paohuzi", "--hand", "s1 s99"), "s99")


def test_several_files_answer_every_file(tmp_path):
    good = write(tmp_path, "good.json", FIXTURE_A)
    bad = write(tmp_path, "bad.json", "{")
    pz = write(tmp_path, "pz.json", PAOHUZI_SEEDED)
    proc = run("replay", good, bad, pz)
    assert proc.returncode == 2
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 3
    assert out[0]["game"] == "sisepai" and out[2]["game"] == "paohuzi"
    assert "not valid JSON" in out[1]["error"]
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "bad.json" in lines[0]
