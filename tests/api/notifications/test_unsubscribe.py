"""The one-click unsubscribe link: no sign-in, the signed token is the proof."""

from typing import Any

import httpx

from api.notifications.unsubscribe import INVALID, make_token
from tests.api.notifications.support import add_account, delivery_of, sign_in_as
from tests.conftest import new_org


def at(org) -> dict[str, str]:
    return {"host": f"{org.subdomain}.localhost"}


async def test_the_link_turns_its_kind_off_once_and_says_so_when_used_again(
    client: httpx.AsyncClient, org
):
    user = await add_account(org)
    token = make_token(org.id, user.id, "review_due_soon")
    url = f"/api/notifications/unsubscribe?token={token}"
    r = await client.post(url, headers=at(org))
    assert r.status_code == 200, r.text
    assert r.json() == {
        "kind": "review_due_soon",
        "label": "Something of yours is due soon",
        "alreadyOff": False,
    }
    assert await delivery_of(org, user, "review_due_soon") == "off"
    assert await delivery_of(org, user, "review_assigned") is None
    again = await client.post(url, headers=at(org))
    assert again.status_code == 200 and again.json()["alreadyOff"] is True


async def test_an_altered_token_is_refused(client: httpx.AsyncClient, org):
    user = await add_account(org)
    token = make_token(org.id, user.id, "review_shared")
    forged = (
        make_token(org.id, user.id, "review_assigned").split(".")[0] + "." + token.split(".")[1]
    )
    for bad in (forged, token[:-2] + ("AA" if not token.endswith("AA") else "BB"), "", "x.y"):
        r = await client.post(f"/api/notifications/unsubscribe?token={bad}", headers=at(org))
        assert r.status_code == 400, (bad, r.text)
        assert r.json()["message"] == INVALID
    assert await delivery_of(org, user, "review_assigned") is None
    assert await delivery_of(org, user, "review_shared") is None


async def test_a_token_of_another_organisation_is_refused_on_this_ones_address(
    client: httpx.AsyncClient, org
):
    other = await new_org("b", "Beta Org")
    stranger = await add_account(other)
    token = make_token(other.id, stranger.id, "review_shared")
    r = await client.post(f"/api/notifications/unsubscribe?token={token}", headers=at(org))
    assert r.status_code == 400 and r.json()["message"] == INVALID
    assert await delivery_of(other, stranger, "review_shared") is None
    # On its own organisation's address it works.
    r = await client.post(f"/api/notifications/unsubscribe?token={token}", headers=at(other))
    assert r.status_code == 200
    assert await delivery_of(other, stranger, "review_shared") == "off"


async def test_the_digest_link_turns_off_every_kind_the_account_gets_by_digest(
    app: Any, client: httpx.AsyncClient, org
):
    user = await add_account(org)
    async with await sign_in_as(app, org, user) as c:
        await c.put(
            "/api/notifications/preferences",
            json=[
                {"kind": "review_due_soon", "delivery": "digest"},
                {"kind": "review_overdue", "delivery": "digest"},
            ],
        )
    token = make_token(org.id, user.id, "digest")
    r = await client.post(f"/api/notifications/unsubscribe?token={token}", headers=at(org))
    assert r.status_code == 200 and r.json()["alreadyOff"] is False
    assert await delivery_of(org, user, "review_due_soon") == "off"
    assert await delivery_of(org, user, "review_overdue") == "off"
    assert await delivery_of(org, user, "review_assigned") is None
