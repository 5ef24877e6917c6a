"""Who is asking and from where, for code far from the request (the audit trail).

The middleware opens a context for each request with the client's address and the request id;
once the request's sign-in is known, api/deps.py adds the signed-in person. Services read it
instead of taking those through every call. Outside a request (the worker, the command line)
there is none.
"""

from contextvars import ContextVar, Token
from dataclasses import dataclass
from typing import Any


@dataclass
class RequestContext:
    ip: str | None
    request_id: str | None
    # The signed-in person (api.auth.principal.Principal; api.core imports no domain). Set
    # on this shared object rather than in a context variable of its own, so it is seen
    # wherever the request's code runs, whichever task or copied context set it.
    principal: Any = None


_current: ContextVar[RequestContext | None] = ContextVar("merit_request_context", default=None)


def begin(ip: str | None, request_id: str | None) -> Token[RequestContext | None]:
    return _current.set(RequestContext(ip=ip, request_id=request_id))


def end(token: Token[RequestContext | None]) -> None:
    _current.reset(token)


def current() -> RequestContext | None:
    return _current.get()


def set_principal(principal: Any) -> None:
    """The request's signed-in person, from here on (nothing outside a request)."""
    context = _current.get()
    if context is not None:
        context.principal = principal
