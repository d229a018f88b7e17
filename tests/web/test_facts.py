"""A deal's facts (the claims each seat made, who fed the win) followed as its actions are stored
equal those of the whole deal replayed, from whatever point the table started following them (a
new table, or one resumed with actions already played); and the store keeps them at the end."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from cardavia.engine import record as records
from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng
from cardavia.web.live.facts import deal_facts, facts_of
from cardavia.web.storage.store import player_deals

from .helpers import app_state, portal, start_table, table_socket


@pytest.mark.parametrize("game_name", game_names())
def test_facts_followed_from_any_point_equal_the_whole_deal_replayed(game_name: str) -> None:
    spec = get_spec(game_name)
    seats = range(spec.seats)
    claimed = fed = 0
    for seed in range(40):
        game, rng = spec.new_game(seed), Rng(seed)
        start = rng.below(30)  # the table follows from here (0: a new table)
        tracker = facts_of(game) if start == 0 else None
        played = 0
        while (decision := game.decision()) is not None:
            if played == start and tracker is None:
                tracker = facts_of(game)
            seat = next(s for s in decision.seats if game.legal_actions(s))
            legal = game.legal_actions(seat)
            events = game.apply(seat, "win" if "win" in legal else legal[rng.below(len(legal))])
            if tracker is not None:
                tracker.add(events)
            played += 1
        if tracker is None:
            tracker = facts_of(game)
        whole = deal_facts(game, seats)
        assert tracker.facts(seats) == whole, seed
        claimed += sum(f.claims for f in whole.values())
        fed += any(f.fed for f in whole.values())
    assert claimed > 0 and fed > 0


def test_the_store_keeps_each_players_facts_at_the_end(client: TestClient) -> None:
    for game_name, seed in (("sisepai", 1), ("paohuzi", 2)):
        table_id = start_table(client, game_name)
        with table_socket(client, table_id, seed) as player:
            player.play_to_end()
        whole = deal_facts(records.replay(client.get(f"/tables/{table_id}/record").json()), [0])[0]

        async def stored(table: str = table_id) -> tuple[int, bool]:
            query = select(player_deals.c.claims, player_deals.c.fed).where(player_deals.c.table_id == table)
            async with app_state(client).store.begin() as conn:
                row = (await conn.execute(query)).one()
            return int(row.claims), bool(row.fed)

        assert portal(client).call(stored) == (whole.claims, whole.fed)
