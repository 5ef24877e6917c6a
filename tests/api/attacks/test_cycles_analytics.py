"""Cycle analytics on cycles with nothing to count (a draft, nobody rated, one review): a clear
answer, never a 500."""

from tests.api.cycles.conftest import World


async def test_analytics_of_cycles_with_nothing_to_count(world: World) -> None:
    draft = await world.create()
    launched = await world.launched()
    closed = await world.launched()
    assert (await world.admin.post(f"/api/cycles/{closed['id']}/close")).status_code == 200
    for cycle in (draft, launched, closed):
        r = await world.admin.get(f"/api/analytics/cycles/{cycle['id']}")
        assert r.status_code in (200, 404, 409, 422), (cycle["status"], r.status_code, r.text)
    for a, b in ((draft, launched), (launched, closed), (closed, launched), (draft, draft)):
        r = await world.admin.get(f"/api/analytics/cycles/compare?from={a['id']}&to={b['id']}")
        assert r.status_code in (200, 404, 409, 422), (a["status"], b["status"], r.text)
    for query in ("from=1", "to=1", "from=x&to=1", "from=1&to=99999999999", ""):
        r = await world.admin.get(f"/api/analytics/cycles/compare?{query}")
        assert 400 <= r.status_code < 500, (query, r.status_code)
