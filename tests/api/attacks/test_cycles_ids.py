"""Every route of review cycles, feedback, stages and notifications with ids no organisation
has (beyond Postgres integers, negative, not numbers): a clear 4xx, never a 500."""

import pytest

from tests.api.feedback.factories import Org

ROUTES = [
    ("GET", "/api/cycles/{id}"),
    ("PUT", "/api/cycles/{id}"),
    ("DELETE", "/api/cycles/{id}"),
    ("GET", "/api/cycles/{id}/preview"),
    ("POST", "/api/cycles/{id}/launch"),
    ("POST", "/api/cycles/{id}/close"),
    ("GET", "/api/cycles/{id}/progress"),
    ("GET", "/api/cycles/{id}/reviews"),
    ("PUT", "/api/cycles/{id}/reviewers"),
    ("POST", "/api/cycles/{id}/nudge"),
    ("GET", "/api/cycles/{id}/export"),
    ("GET", "/api/analytics/cycles/{id}"),
    ("GET", "/api/analytics/cycles/compare?from={id}&to=1"),
    ("GET", "/api/reviews/{id}"),
    ("GET", "/api/reviews/{id}/self"),
    ("PUT", "/api/reviews/{id}/self"),
    ("POST", "/api/reviews/{id}/acknowledge"),
    ("POST", "/api/reviews/{id}/share"),
    ("POST", "/api/reviews/{id}/reopen"),
    ("POST", "/api/reviews/{id}/feedback-requests"),
    ("GET", "/api/reviews/{id}/feedback"),
    ("GET", "/api/feedback-requests/{id}"),
    ("POST", "/api/feedback-requests/{id}/answer"),
    ("POST", "/api/notifications/{id}/read"),
]
IDS = ["0", "-1", str(2**31), str(2**63), str(10**30), "abc", "1e3", "%00"]
BODIES = {
    "PUT /api/reviews/{id}/self": {"responses": {}},
    "POST /api/reviews/{id}/reopen": {"reason": "A reason"},
    "POST /api/reviews/{id}/feedback-requests": {"employeeIds": [1]},
    "POST /api/feedback-requests/{id}/answer": {"rating": 3},
    "PUT /api/cycles/{id}/reviewers": {"reviewIds": [1]},
}


@pytest.mark.parametrize("who", ["admin", "B"])
async def test_ids_no_one_has_answer_a_clear_refusal(ntk: Org, who: str) -> None:
    client = await ntk.sign_in(who)
    for method, route in ROUTES:
        for bad in IDS:
            body = BODIES.get(f"{method} {route}", {})
            r = await client.request(method, route.format(id=bad), json=body)
            assert 400 <= r.status_code < 500, (method, route, bad, r.status_code, r.text)
