"""The review pages: a finished deal's review judged in the workers, stored, read back at once on a
second visit; a live deal refused; uploaded records reviewed (nothing stored) or refused clearly."""

from __future__ import annotations

import itertools
import json
import secrets
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.review import review
from cardavia.web import wire
from cardavia.web.live.table_info import hash_secret, new_secret
from review.helpers import deal  # type: ignore[import-not-found]  # tests/ is on the path

from .helpers import app_state, portal, start_table
from .wire_check import check

GAME, SEED = "paohuzi", 41
EXECUTOR = "process"  # "inline" makes the worker test fail, as it must


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return dict(deal(GAME, SEED, 0, "random"))


def store_finished(client: TestClient, record: dict[str, Any], table_id: str = "done1") -> str:
    """Store a finished deal as this client's table (seat 0); return its id."""
    store = app_state(client).store
    secret = new_secret()  # the owner's cookie
    deal_secret = secrets.token_hex(16)
    position = {k: v for k, v in record.items() if k != "actions"}

    async def put() -> None:
        await store.create_table(
            table_id, record["game"], 0, "normal", hash_secret(secret), position, deal_secret
        )
        for seq, line in enumerate(record["actions"]):
            await store.append(table_id, seq, line)
        await store.mark_finished(table_id)

    portal(client).call(put)
    client.cookies.set(f"cardavia_t_{table_id}", secret)
    return table_id


def until_ready(client: TestClient, table_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    seen = []
    for _ in range(600):
        body = client.get(f"/tables/{table_id}/review/data").json()
        seen.append(body)
        if body["status"] != "running":
            return body, seen
        time.sleep(0.05)
    raise AssertionError("the review never finished")


def test_a_review_is_stored_and_a_second_visit_judges_nothing(
    client: TestClient, record, monkeypatch
) -> None:
    table_id = store_finished(client, record)
    page = client.get(f"/tables/{table_id}/review")
    assert page.status_code == 200 and 'id="review"' in page.text
    body, seen = until_ready(client, table_id)
    assert body["status"] == "ready"
    assert body["review"] == review(record, 0)
    assert [s["status"] for s in seen[:-1]] == ["running"] * (len(seen) - 1)
    for answer in seen:  # the review's data has the wire's types, running and ready
        check(answer, wire.ReviewStatus)
    stored = portal(client).call(app_state(client).store.load_review, table_id, 0)
    assert stored == body["review"]

    async def no_judging(*args: Any) -> Any:
        raise AssertionError("a stored review was judged again")

    monkeypatch.setattr(app_state(client).ai, "review_slice", no_judging)
    start = time.perf_counter()
    again = client.get(f"/tables/{table_id}/review/data").json()
    assert again["status"] == "ready" and again["review"] == body["review"]
    assert time.perf_counter() - start < 1.0
    # the replay: one step before each of the seat's decisions, whose index is the action before it
    indices = {s["index"] for s in again["steps"]}
    assert all(d["index"] - 1 in indices for d in again["review"]["decisions"])
    assert all(all("hand" in seat for seat in s["full"]["seats"]) for s in again["steps"])


def test_the_review_survives_a_restart(client_for, record) -> None:
    first = client_for()
    table_id = store_finished(first, record, "keep1")
    until_ready(first, table_id)
    cookies = dict(first.cookies)
    first.__exit__(None, None, None)
    second = client_for()
    second.cookies.update(cookies)
    assert second.get(f"/tables/{table_id}/review/data").json()["status"] == "ready"


def test_the_game_page_lists_finished_deals_with_a_review_link(client: TestClient, record) -> None:
    table_id = store_finished(client, record, "listed1")
    page = client.get(f"/games/{GAME}")
    assert f'href="/tables/{table_id}/review"' in page.text
    assert f"/tables/{table_id}/review" not in client.get("/games/sisepai").text


def test_a_live_table_is_refused(client: TestClient) -> None:
    table_id = start_table(client, GAME)
    page = client.get(f"/tables/{table_id}/review")
    assert page.status_code == 409
    assert "still being played" in page.text and "hidden card" in page.text
    data = client.get(f"/tables/{table_id}/review/data")
    assert data.status_code == 409 and "still being played" in data.json()["error"]
    assert "steps" not in data.text and "review" not in data.json()


def test_someone_elses_table_is_refused(client: TestClient, record) -> None:
    table_id = store_finished(client, record, "theirs1")
    client.cookies.clear()
    assert client.get(f"/tables/{table_id}/review").status_code == 403
    assert client.get(f"/tables/{table_id}/review/data").status_code == 403


def test_an_uploaded_record_is_reviewed_and_nothing_is_stored(client: TestClient, record) -> None:
    assert client.get("/review").status_code == 200
    response = client.post("/review/upload", json={"record": record, "seat": 2})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["review"] == review(record, 2) and body["seat"] == 2
    assert body["messages"]["review.wins_now"]
    engine = app_state(client).store._engine

    async def count() -> int:
        async with engine.connect() as conn:
            from sqlalchemy import text

            return int((await conn.execute(text("SELECT count(*) FROM reviews"))).scalar())

    assert portal(client).call(count) == 0


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (b"not json at all", "not JSON"),
        (b'{"seat": 0}', "not a game record"),
        (
            json.dumps({"record": {"game": "chess", "actions": []}, "seat": 0}).encode(),
            "could not be reviewed",
        ),
    ],
)
def test_a_bad_upload_is_answered_clearly(client: TestClient, body: bytes, fragment: str) -> None:
    response = client.post("/review/upload", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert fragment in response.json()["error"]


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 15_000,
        b'{"record":' + b"[" * 12_000,
        b'{"seat": 0, "record": {"game": "x", "hands": ' + b"[" * 8_000 + b"]" * 8_000 + b"}}",
    ],
    ids=["bare", "record", "hands"],
)
def test_an_upload_nested_too_deep_is_answered_400_not_500(client: TestClient, body: bytes) -> None:
    """Python's parser recurses once per level: these bodies, all under 16 KB, once raised RecursionError."""
    assert len(body) < 16 * 1024
    response = client.post("/review/upload", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert "deeper than 64 levels" in response.json()["error"]


def test_an_unfinished_or_bad_seat_upload_is_refused(client: TestClient, record) -> None:
    half = {**record, "actions": record["actions"][: len(record["actions"]) // 2]}
    response = client.post("/review/upload", json={"record": half, "seat": 0})
    assert response.status_code == 400 and "not finished" in response.json()["error"]
    response = client.post("/review/upload", json={"record": record, "seat": 7})
    assert response.status_code == 400 and "has no seat 7 (its seats are 0 to 2)" in response.json()["error"]


def test_an_oversized_upload_is_refused(client: TestClient) -> None:
    response = client.post(
        "/review/upload", content=b"{" + b" " * 20_000 + b"}", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413


def test_the_review_is_judged_in_the_worker_processes(client_for, record, monkeypatch) -> None:
    import cardavia.review.worker as worker

    def here(*args: Any) -> Any:
        raise AssertionError("judged in the server's own process")

    monkeypatch.setattr(worker, "evaluate", here)  # only here: the spawned workers import their own
    client = client_for(ai_executor=EXECUTOR, ai_workers=2)
    table_id = store_finished(client, record, "pool1")
    client.get(f"/tables/{table_id}/review")
    body, _ = until_ready(client, table_id)
    assert body["status"] == "ready" and body["review"] == review(record, 0)


def test_the_parts_of_a_review_cover_the_deal_a_few_of_the_seats_actions_each() -> None:
    from cardavia.engine.notation import split_line
    from cardavia.web.storage.reviews import PART_ACTIONS, parts_of

    record = deal("sisepai", 41, 0, "random")
    parts = parts_of(record, 0)
    assert parts[0][0] == 0 and parts[-1][1] == len(record["actions"]) and len(parts) > 1
    assert all(a[1] == b[0] for a, b in itertools.pairwise(parts))
    for start, stop in parts:
        mine = [i for i in range(start, stop) if split_line(record["actions"][i], 4)[0] == 0]
        assert 1 <= len(mine) <= PART_ACTIONS


def test_uploads_share_the_limit_on_new_deals(client_for, record) -> None:
    client = client_for(start_rate_per_minute=1, start_burst=1)
    assert client.post("/review/upload", json={"record": record, "seat": 0}).status_code == 200
    refused = client.post("/review/upload", json={"record": record, "seat": 0})
    assert refused.status_code == 429 and "Wait a minute" in refused.json()["error"]


def test_a_failed_review_says_so_and_the_next_visit_tries_again(
    client: TestClient, record, monkeypatch
) -> None:
    ai = app_state(client).ai
    real = ai.review_slice

    async def broken(*args: Any) -> Any:
        raise RuntimeError("the worker fell over")

    monkeypatch.setattr(ai, "review_slice", broken)
    table_id = store_finished(client, record, "fails1")
    body, _ = until_ready(client, table_id)
    assert body == {"status": "failed", "error": "the worker fell over"}
    monkeypatch.setattr(ai, "review_slice", real)
    body, _ = until_ready(client, table_id)
    assert body["status"] == "ready" and body["review"] == review(record, 0)


def test_the_reviews_table_is_made_on_a_database_that_lacks_it(tmp_path) -> None:
    from sqlalchemy import text

    from cardavia.web.storage.store import SCHEMA_VERSION, Store

    from .helpers import run_async

    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"

    async def scenario() -> tuple[Any, Any, int]:
        store = await Store.open(url)
        async with store._engine.begin() as conn:  # a database from before reviews
            await conn.execute(text("DROP TABLE reviews"))
        await store.close()
        store = await Store.open(url)
        await store.save_review("t1", 0, {"accuracy": 90.0, "decisions": []})
        first = await store.load_review("t1", 0), await store.load_review("t1", 1)
        await store.close()
        store = await Store.open(url)  # opening again keeps it
        again = await store.load_review("t1", 0)
        async with store._engine.connect() as conn:
            version = int((await conn.execute(text("SELECT version FROM cardavia_schema"))).scalar())
        await store.close()
        return first, again, version

    (saved, other), again, version = run_async(scenario)
    assert saved == again == {"accuracy": 90.0, "decisions": []} and other is None
    assert version == SCHEMA_VERSION  # the table comes without a schema step of its own


def test_reviews_judged_before_the_accuracy_was_redefined_are_judged_again(tmp_path) -> None:
    """A schema-4 database keeps reviews with the old accuracy: opening it drops them (a deal's
    review is judged again when asked), and a second opening keeps the new ones."""
    from sqlalchemy import text

    from cardavia.web.storage.store import Store

    from .helpers import run_async

    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"

    async def scenario() -> tuple[Any, Any]:
        store = await Store.open(url)
        await store.save_review("t1", 0, {"accuracy": 81.0, "decisions": []})
        async with store._engine.begin() as conn:
            await conn.execute(text("UPDATE cardavia_schema SET version = 4"))
        await store.close()
        store = await Store.open(url)
        dropped = await store.load_review("t1", 0)
        await store.save_review("t1", 0, {"accuracy": 12.5, "decisions": []})
        await store.close()
        store = await Store.open(url)
        kept = await store.load_review("t1", 0)
        await store.close()
        return dropped, kept

    dropped, kept = run_async(scenario)
    assert dropped is None and kept == {"accuracy": 12.5, "decisions": []}
