"""The session cookie on replies: HttpOnly, SameSite=Lax, Secure when the request came over
HTTPS, and as long-lived as the session it carries. The sessions themselves, and the cookie
names, are in api/auth/sessions.py, which knows nothing of requests."""

from fastapi import Request, Response

from api.auth.sessions import COOKIE
from api.core.config import get_settings


def set_cookie(response: Response, request: Request, sid: str, name: str = COOKIE) -> None:
    response.set_cookie(
        name,
        sid,
        max_age=get_settings().session_hours * 3600,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
    )


def clear_cookie(response: Response, name: str = COOKIE) -> None:
    response.delete_cookie(name, path="/")
