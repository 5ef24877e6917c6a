"""A tiny OpenAI-compatible chat server on 127.0.0.1, run by uvicorn in a thread."""

import asyncio
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route


@dataclass
class FakeLlm:
    mode: str = "ok"  # ok | error | garbage | empty | slow
    answer: str = "Open Templates (/templates) and click Create Template."
    requests: list[dict[str, Any]] = field(default_factory=list)
    base_url: str = ""

    async def chat(self, request: Request):
        body = await request.json()
        self.requests.append({"body": body, "authorization": request.headers.get("authorization")})
        if self.mode == "error":
            return JSONResponse({"error": {"message": "model overloaded"}}, status_code=503)
        if self.mode == "garbage":
            return PlainTextResponse("<html>bad gateway</html>")
        if self.mode == "empty":
            return JSONResponse({"choices": [{"message": {"role": "assistant", "content": ""}}]})
        if self.mode == "slow":
            await asyncio.sleep(3)
        return JSONResponse(
            {
                "id": "chatcmpl-test",
                "object": "chat.completion",
                "model": body.get("model"),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": self.answer},
                        "finish_reason": "stop",
                    }
                ],
            }
        )


@contextmanager
def running_fake_llm() -> Iterator[FakeLlm]:
    fake = FakeLlm()
    app = Starlette(routes=[Route("/v1/chat/completions", fake.chat, methods=["POST"])])
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        threading.Event().wait(0.01)
    fake.base_url = f"http://127.0.0.1:{port}/v1"
    try:
        yield fake
    finally:
        server.should_exit = True
        thread.join(timeout=5)
        sock.close()
