"""Notification preferences: every kind, immediately unless chosen; unknown values refused."""

from typing import Any

from api.notifications.models import NOTIFICATION_KINDS
from tests.api.notifications.support import add_account, delivery_of, sign_in_as


async def test_every_kind_is_listed_with_a_label_and_immediate_by_default(app: Any, org):
    user = await add_account(org)
    async with await sign_in_as(app, org, user) as c:
        r = await c.get("/api/notifications/preferences")
    assert r.status_code == 200, r.text
    assert [p["kind"] for p in r.json()] == list(NOTIFICATION_KINDS)
    assert all(p["delivery"] == "immediate" and p["label"] for p in r.json())


async def test_choices_are_saved_per_account_and_kept_for_kinds_not_sent(app: Any, org):
    user, other = await add_account(org), await add_account(org, first_name="Otto")
    async with await sign_in_as(app, org, user) as c:
        r = await c.put(
            "/api/notifications/preferences",
            json=[{"kind": "review_due_soon", "delivery": "digest"}],
        )
        assert r.status_code == 200, r.text
        r = await c.put(
            "/api/notifications/preferences",
            json=[{"kind": "certification_expiring", "delivery": "off"}],
        )
        chosen = {p["kind"]: p["delivery"] for p in r.json()}
    assert chosen["review_due_soon"] == "digest"
    assert chosen["certification_expiring"] == "off"
    assert chosen["review_assigned"] == "immediate"
    assert await delivery_of(org, other, "review_due_soon") is None


async def test_an_unknown_kind_or_delivery_is_refused_with_a_clear_message(app: Any, org):
    user = await add_account(org)
    async with await sign_in_as(app, org, user) as c:
        r = await c.put(
            "/api/notifications/preferences", json=[{"kind": "weather", "delivery": "off"}]
        )
        assert r.status_code == 422
        assert "Unknown notification kind 'weather'" in r.json()["message"]
        r = await c.put(
            "/api/notifications/preferences",
            json=[
                {"kind": "review_shared", "delivery": "off"},
                {"kind": "review_assigned", "delivery": "weekly"},
            ],
        )
        assert r.status_code == 422
        assert r.json()["message"] == (
            "Delivery for 'review_assigned' must be immediate, digest or off, not 'weekly'"
        )
    # Nothing of a refused request is saved.
    assert await delivery_of(org, user, "review_shared") is None
