"""Text Postgres cannot store (NUL) or UTF-8 cannot encode (a lone surrogate, JSON "\\ud800"):
never a 500. Request bodies drop both (api/core/schemas.py clean_text); anywhere else such
text answers 400 with a clear message. Nothing half-written either way."""

import json
from typing import Annotated

import httpx
import pytest
from fastapi import Body, FastAPI
from sqlalchemy import String, literal, select

from api.core.db import public_session
from api.core.errors import UNSTORABLE_TEXT, install_error_handlers

# JSON escapes, as a client would send them: httpx cannot encode a lone surrogate itself.
ODD = {"nul": "\\u0000", "surrogate": "\\ud800"}


def body(fields: dict, odd: str) -> bytes:
    return json.dumps(fields).replace("ODD", ODD[odd]).encode()


@pytest.mark.parametrize("odd", list(ODD))
async def test_odd_text_in_request_bodies_is_dropped(login, org, odd):
    client = await login(org)
    headers = {"content-type": "application/json"}
    made = await client.post(
        "/api/departments", content=body({"name": "Sales ODDTeam", "slug": "odd-sales"}, odd),
        headers=headers,
    )  # fmt: skip
    assert made.status_code == 201, made.text
    assert made.json()["name"] == "Sales Team"

    made = await client.post(
        "/api/employees",
        content=body({"firstName": "OlODDa", "lastName": "Lee", "email": "ola@example.com",
                      "startDate": "2024-01-02", "reviewSchedule": "annual"}, odd),
        headers=headers,
    )  # fmt: skip
    assert made.status_code == 201, made.text
    assert made.json()["firstName"] == "Ola"

    made = await client.post(
        "/api/users",
        content=body({"email": "hr@example.com", "password": "Password123", "role": "hr",
                      "firstName": "HODDR", "lastName": "Person"}, odd),
        headers=headers,
    )  # fmt: skip
    assert made.status_code == 201, made.text
    assert (made.json()["firstName"], made.json()["email"]) == ("HR", "hr@example.com")

    login_reply = await client.post(
        "/api/auth/org-login", content=body({"subdomain": f"ODD{org.subdomain}"}, odd),
        headers=headers,
    )  # fmt: skip
    assert login_reply.status_code == 200, login_reply.text


async def test_odd_text_reaching_the_database_answers_400_not_500_or_503():
    """An input no schema cleans (a plain JSON body, say) that reaches Postgres."""
    app = FastAPI()
    install_error_handlers(app)

    @app.post("/echo")
    async def echo(data: Annotated[dict, Body()]):
        async with public_session() as session:
            await session.execute(select(literal(data["text"], String)))
        return {"ok": True}

    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
        assert (await client.post("/echo", json={"text": "fine"})).status_code == 200
        for odd in ODD:
            content = body({"text": "aODDb"}, odd)
            reply = await client.post(
                "/echo", content=content, headers={"content-type": "application/json"}
            )
            assert reply.status_code == 400, reply.text
            assert reply.json() == {"message": UNSTORABLE_TEXT}
