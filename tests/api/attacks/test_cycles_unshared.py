"""Under need to know, an employee's own review in a cycle that shares reviews is the
reviewer's until it is shared: completed but unshared, nothing of it reaches the employee:
not the review, its lists, its rating on the dashboard nor the activity feed."""

from datetime import datetime

from tests.api.feedback.factories import Org


async def _completed_unshared(ntk: Org) -> int:
    cycle = await ntk.cycle()
    review = await ntk.review(cycle, "A", reviewer="M")
    await ntk.complete(review)  # rating 4, not shared
    return review


async def test_the_review_and_its_lists_hide_it(ntk: Org) -> None:
    review = await _completed_unshared(ntk)
    ann = await ntk.sign_in("A")
    assert (await ann.get(f"/api/reviews/{review}")).status_code == 404
    own = ntk.ids["A"]
    for path in ("/api/reviews/export", f"/api/employees/{own}/history"):
        assert (await ann.get(path)).status_code == 403, path
    work = (await ann.get("/api/my/work")).json()
    assert work["reviewsToAcknowledge"] == []
    for path in (
        "/api/reviews",
        "/api/reviews/all",
        "/api/reviews/upcoming",
        f"/api/reviews?employeeId={own}",
    ):
        r = await ann.get(path)
        assert r.status_code == 200, (path, r.text)
        assert review not in {item["id"] for item in r.json()}, path


async def test_the_dashboard_tells_neither_its_rating_nor_its_completion(ntk: Org) -> None:
    review = await _completed_unshared(ntk)
    ann = await ntk.sign_in("A")
    stats = (await ann.get("/api/dashboard/stats")).json()
    assert stats["completedReviews"] == 0
    assert stats["averageRating"] == 0
    assert stats["quarterAverageRating"] is None
    activity = (await ann.get("/api/dashboard/activity")).json()
    assert [a for a in activity if a["kind"] == "review_completed"] == []
    # Once shared, the employee reads it, there too.
    await ntk.set_review(review, shared_at=datetime.now().astimezone())
    stats = (await ann.get("/api/dashboard/stats")).json()
    assert stats["completedReviews"] == 1
    assert stats["averageRating"] == 4
    activity = (await ann.get("/api/dashboard/activity")).json()
    assert [a["text"] for a in activity if a["kind"] == "review_completed"] == [
        "Annual review completed (rating 4/5)"
    ]


async def test_named_reviewer_of_their_own_review_still_waits_for_it(ntk: Org) -> None:
    """An account linked afterwards to the employee it reviews (the admin relinked it): the
    review stays the reviewer's work, never the employee's to read or write before it is
    shared."""
    cycle = await ntk.cycle()
    review = await ntk.review(cycle, "A", reviewer="A")
    ann = await ntk.sign_in("A")
    assert (await ann.get(f"/api/reviews/{review}")).status_code == 404
    assert review not in {item["id"] for item in (await ann.get("/api/reviews")).json()}
    r = await ann.put(f"/api/reviews/{review}", json={"rating": 5})
    assert r.status_code in (403, 404), r.status_code
    work = (await ann.get("/api/my/work")).json()
    assert review not in {item["reviewId"] for item in work["reviewsToWrite"]}
