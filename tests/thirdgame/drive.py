"""What the third game's tests run in a process of their own, with ``tests/thirdgame`` on the path
(so the rest of the suite never sees Trio registered):

    python tests/thirdgame/drive.py conformance N   # the kernel's suite and the tracker on N deals
    python tests/thirdgame/drive.py socket GAME     # a whole deal over a test app's WebSocket

Each prints one JSON line of what it found."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "thirdgame")]

from cardavia.engine.registry import game_names, get_spec  # noqa: E402
from cardavia.engine.rng import Rng  # noqa: E402
from cardavia.engine.testing import check_deal  # noqa: E402


def conformance(deals: int) -> dict[str, object]:
    """The conformance suite on ``deals`` deals, and every seat's tracker against its view at each
    decision."""
    spec = get_spec("trio")
    actions = sum(check_deal(spec, seed, 400) for seed in range(deals))
    compared = 0
    for seed in range(deals):
        game = spec.new_game(seed)
        trackers = [spec.tracker(game.record(), s) for s in range(spec.seats)]
        for event in game.opening_events():
            for s, tracker in enumerate(trackers):
                if event.audience is None or s in event.audience:
                    tracker.apply(event)
        rng = Rng(seed)
        while (decision := game.decision()) is not None:
            for s, tracker in enumerate(trackers):
                want = {**game.view(s), "to_act": [], "legal": {}}
                assert tracker.view() == want, (seed, s, tracker.view(), want)
                compared += 1
            seat = decision.seats[0]
            legal = game.legal_actions(seat)
            for event in game.apply(seat, legal[rng.below(len(legal))]):
                for s, tracker in enumerate(trackers):
                    if event.audience is None or s in event.audience:
                        tracker.apply(event)
    return {"games": game_names(), "deals": deals, "actions": actions, "tracker_views": compared}


def socket(game: str) -> dict[str, object]:
    """Deal ``game`` at a test app and play it to its end over the table's WebSocket."""
    from starlette.testclient import TestClient
    from tests.web.helpers import start_table, table_socket, web_config

    from cardavia.web.app import create_app

    with (
        tempfile.TemporaryDirectory() as folder,
        TestClient(create_app(web_config(Path(folder) / "t.db"))) as client,
    ):
        table = start_table(client, game)
        with table_socket(client, table) as player:
            last = player.play_to_end()
        record = client.get(f"/tables/{table}/record").json()
    return {"outcome": last["outcome"], "messages": len(player.received), "actions": len(record["actions"])}


if __name__ == "__main__":
    command, arg = sys.argv[1], sys.argv[2]
    print(json.dumps(conformance(int(arg)) if command == "conformance" else socket(arg)))
