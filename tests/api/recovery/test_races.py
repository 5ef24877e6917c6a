"""A reset link redeemed twice at the same moment: exactly one redemption wins, and the
password that ends up set is the winner's."""

import asyncio
import uuid

import httpx

from api.core.db import public_session
from api.recovery import service
from tests.api.recovery.test_recovery import (
    CONFIRM,
    RESET,
    account_sign_in,
    add_user,
    link_token,
    sign_in,
)
from tests.conftest import BASE

ROUNDS = 6


async def redeem_together(app, requests: list[tuple[str, dict]]) -> list[httpx.Response]:
    """Each request on its own client, all sent at once."""
    clients = [
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) for _ in requests
    ]
    try:
        return list(
            await asyncio.gather(
                *(
                    c.post(path, json=body)
                    for c, (path, body) in zip(clients, requests, strict=True)
                )
            )
        )
    finally:
        for c in clients:
            await c.aclose()


def one_winner(replies: list[httpx.Response], passwords: list[str]) -> tuple[str, str]:
    """(winner's password, loser's password); exactly one reply is a success."""
    codes = [r.status_code for r in replies]
    assert sorted(codes) == [200, 400], [r.text for r in replies]
    loser = replies[codes.index(400)].json()["message"]
    assert loser in (service.TOKEN_USED, service.INVALID_TOKEN, service.INVALID_LINK)
    win = codes.index(200)
    return passwords[win], passwords[1 - win]


async def test_an_emailed_account_link_redeemed_twice_at_once_works_once(app, login, org):
    transport = httpx.ASGITransport(app=app)
    for n in range(ROUNDS):
        email = f"race-{n}-{uuid.uuid4().hex[:6]}@example.com"
        user = await add_user(login, org, email)
        async with public_session() as db:
            token = await service.create_account_token(
                db, organization_id=org.id, user_id=user["id"], email=email
            )
        passwords = [f"Left{n}2026!x", f"Right{n}2026!x"]
        replies = await redeem_together(
            app, [(CONFIRM, {"token": token, "newPassword": p}) for p in passwords]
        )
        winner, loser = one_winner(replies, passwords)
        assert await account_sign_in(transport, org, email, winner) == 200
        assert await account_sign_in(transport, org, email, loser) == 401


async def test_an_emailed_admin_link_redeemed_twice_at_once_works_once(app, org):
    transport = httpx.ASGITransport(app=app)
    for n in range(ROUNDS):
        token = await link_token(org, "admin", lifetime=service.EMAIL_LINK_LIFETIME)
        passwords = [f"Left{n}2026!x", f"Right{n}2026!x"]
        replies = await redeem_together(
            app, [(CONFIRM, {"token": token, "newPassword": p}) for p in passwords]
        )
        winner, loser = one_winner(replies, passwords)
        assert await sign_in(transport, org, "admin", winner) == 200
        assert await sign_in(transport, org, "admin", loser) == 401


async def test_a_super_admin_link_redeemed_twice_at_once_works_once(app, org):
    transport = httpx.ASGITransport(app=app)
    for n in range(ROUNDS):
        role = ("admin", "manager")[n % 2]
        token = await link_token(org, role)
        passwords = [f"Left{n}2026!x", f"Right{n}2026!x"]
        replies = await redeem_together(
            app,
            [(RESET, {"token": token, "role": role, "newPassword": p}) for p in passwords],
        )
        winner, loser = one_winner(replies, passwords)
        assert await sign_in(transport, org, role, winner) == 200
        assert await sign_in(transport, org, role, loser) == 401


async def test_a_super_admin_link_sent_to_both_reset_pages_at_once_works_once(app, org):
    """The same role token is accepted by both endpoints: together they still use it once."""
    transport = httpx.ASGITransport(app=app)
    for n in range(ROUNDS):
        token = await link_token(org, "manager")
        passwords = [f"Left{n}2026!x", f"Right{n}2026!x"]
        requests = [
            (RESET, {"token": token, "role": "manager", "newPassword": passwords[0]}),
            (CONFIRM, {"token": token, "newPassword": passwords[1]}),
        ]
        winner, loser = one_winner(await redeem_together(app, requests), passwords)
        assert await sign_in(transport, org, "manager", winner) == 200
        assert await sign_in(transport, org, "manager", loser) == 401
