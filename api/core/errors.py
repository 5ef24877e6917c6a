"""One error tree and one handler: every failure answers JSON {"message": ...}."""

import logging
import uuid
from collections.abc import Iterator

import asyncpg
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from api.core.schemas import ReadModel

log = logging.getLogger("merit.errors")


# What every failure answers: {"message": ...}. (A comment, not a docstring: a docstring would
# become the schema's description in the OpenAPI document.)
class ErrorBody(ReadModel):
    message: str


class AppError(Exception):
    status_code = 400

    def __init__(self, message: str, status_code: int | None = None):
        super().__init__(message)
        self.message = message
        if status_code is not None:
            self.status_code = status_code


class BadRequest(AppError):
    status_code = 400


class Unauthorized(AppError):
    status_code = 401


class Forbidden(AppError):
    status_code = 403


class NotFound(AppError):
    status_code = 404


class Conflict(AppError):
    status_code = 409


class TooLarge(AppError):
    status_code = 413


class TooManyRequests(AppError):
    status_code = 429


class Unavailable(AppError):
    status_code = 503


UNAVAILABLE = "The service is temporarily unavailable. Please try again in a moment."

# What a database that is down, restarting or unreachable looks like from asyncpg.
_CONNECTION_ERRORS = (
    ConnectionError,
    TimeoutError,
    FileNotFoundError,  # the unix socket is gone while Postgres is stopped
    asyncpg.PostgresConnectionError,
    asyncpg.CannotConnectNowError,
    asyncpg.InterfaceError,
    asyncpg.exceptions.AdminShutdownError,
    asyncpg.exceptions.CrashShutdownError,
    PoolTimeout,
)


UNSTORABLE_TEXT = "Text contains a character that is not allowed"


def _causes(exc: BaseException | None) -> Iterator[BaseException]:
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        yield exc
        orig = getattr(exc, "orig", None)
        exc = orig if isinstance(orig, BaseException) else (exc.__cause__ or exc.__context__)


def is_unstorable_text(exc: BaseException) -> bool:
    """Text Postgres refuses (a NUL character) or UTF-8 cannot encode (a lone surrogate),
    from an input no schema cleaned (api/core/schemas.py clean_text cleans request bodies)."""
    return any(
        isinstance(e, UnicodeEncodeError | asyncpg.exceptions.CharacterNotInRepertoireError)
        for e in _causes(exc)
    )


def is_database_unavailable(exc: BaseException) -> bool:
    if is_unstorable_text(exc):
        return False
    if isinstance(exc, DBAPIError):
        if exc.connection_invalidated:
            return True
        cause = exc.orig.__cause__ if exc.orig is not None else None
        return isinstance(exc.orig, _CONNECTION_ERRORS) or isinstance(cause, _CONNECTION_ERRORS)
    return isinstance(exc, _CONNECTION_ERRORS)


def _field_name(loc: tuple) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path")]
    return ".".join(parts)


def validation_message(errors: list[dict]) -> tuple[str, list[dict]]:
    """Turn pydantic errors into one readable message plus per-field details."""
    fields = []
    for err in errors:
        msg = str(err.get("msg", "Invalid value"))
        # Our own validators raise ValueError(message); pydantic prefixes it.
        msg = msg.removeprefix("Value error, ")
        fields.append({"field": _field_name(tuple(err.get("loc", ()))), "message": msg})
    if not fields:
        return "Invalid request", fields
    first = fields[0]
    text = first["message"]
    if first["field"] and err_is_generic(text):
        text = f"{first['field']}: {text}"
    return text, fields


def err_is_generic(text: str) -> bool:
    """Pydantic's own messages do not name the field; ours do."""
    return text[:1].islower() or text.startswith(
        ("Field required", "Input should", "String should")
    )


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(AppError)
    async def _app_error(_: Request, exc: AppError) -> JSONResponse:
        return JSONResponse({"message": exc.message}, status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        message, fields = validation_message(list(exc.errors()))
        return JSONResponse({"message": message, "errors": fields}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        message = exc.detail if isinstance(exc.detail, str) else "Request failed"
        return JSONResponse({"message": message}, status_code=exc.status_code)

    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        request_id = getattr(request.state, "request_id", None) or uuid.uuid4().hex
        if is_unstorable_text(exc):
            return JSONResponse({"message": UNSTORABLE_TEXT}, status_code=400)
        if is_database_unavailable(exc):
            log.warning("database unavailable (request %s): %r", request_id, exc)
            return JSONResponse({"message": UNAVAILABLE}, status_code=503)
        log.exception("unexpected error (request %s)", request_id, exc_info=exc)
        return JSONResponse(
            {"message": f"Something went wrong on our side (reference {request_id})"},
            status_code=500,
        )

    # Registered per class (not only for Exception) so Starlette's ExceptionMiddleware
    # answers them; the catch-all below is the last resort of ServerErrorMiddleware.
    for cls in (
        DBAPIError,
        OSError,
        asyncpg.PostgresError,
        asyncpg.InterfaceError,
        PoolTimeout,
        UnicodeEncodeError,
    ):
        app.add_exception_handler(cls, _unexpected)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, _unexpected)
