"""The named reviewer of a review reads and fills it, inside their reporting line or not, under
both settings; others are refused as before; a reassigned review leaves its old reviewer."""

import pytest

from tests.api.feedback.factories import Org, account_id, make_org

NOTES = {"reviewerNotes": "On track"}


@pytest.fixture(params=["open", "need_to_know"])
async def org(request: pytest.FixtureRequest, app: object) -> Org:
    made = await make_org(app, request.param)
    yield made
    await made.close()


async def test_a_named_user_or_manager_fills_a_review_outside_their_line(org: Org) -> None:
    cycle = await org.cycle()
    # C (a user account) writes the review of B (A's report, not C's); M (a manager) that of
    # Z, who is outside M's reporting line.
    of_b = await org.review(cycle, "B", reviewer="C")
    of_z = await org.review(cycle, "Z", reviewer="M")
    c = await org.sign_in("C")
    m = await org.sign_in("M")
    for client, review in ((c, of_b), (m, of_z)):
        r = await client.get(f"/api/reviews/{review}")
        assert r.status_code == 200, r.text
        r = await client.put(f"/api/reviews/{review}", json=NOTES)
        assert r.status_code == 200, r.text
        assert r.json()["reviewerNotes"] == "On track"


async def test_an_account_not_named_is_refused_as_before(org: Org) -> None:
    review = await org.review(await org.cycle(), "B", reviewer="C")
    d = await org.sign_in("D")
    r = await d.put(f"/api/reviews/{review}", json=NOTES)
    # Under open a user reads every review but fills none it is not named on (403); under
    # need to know it does not see it at all (404).
    assert r.status_code == (403 if org.org.visibility == "open" else 404), r.text


async def test_after_reassignment_the_old_reviewer_loses_the_review(org: Org) -> None:
    review = await org.review(await org.cycle(), "B", reviewer="C")
    c = await org.sign_in("C")
    d = await org.sign_in("D")
    assert (await c.put(f"/api/reviews/{review}", json=NOTES)).status_code == 200
    await org.set_review(review, reviewer_user_id=account_id("D"))
    r = await c.put(f"/api/reviews/{review}", json=NOTES)
    assert r.status_code == (403 if org.org.visibility == "open" else 404), r.text
    if org.org.visibility == "need_to_know":
        assert (await c.get(f"/api/reviews/{review}")).status_code == 404
    assert (await d.put(f"/api/reviews/{review}", json=NOTES)).status_code == 200
    listed = (await d.get("/api/reviews")).json()
    assert review in {item["id"] for item in listed}
