"""The worker's metrics server answers a scrape while another client holds a connection open
without finishing its request (compose serves it on the private network to anything there)."""

import socket
import time

import httpx

from api.core.observability import start_worker_metrics_server
from tests.ports import port_of, refused_port


def started_server():  # type: ignore[no-untyped-def]
    for _ in range(5):
        with refused_port() as sock:
            port = port_of(sock)
        server = start_worker_metrics_server("127.0.0.1", port)
        if server is not None:
            return server
    raise AssertionError("no free port for the worker's metrics")


def test_a_client_that_never_finishes_its_request_holds_up_no_scrape():
    server = started_server()
    port = server.server_address[1]
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(3)]
    try:
        for sock in idle:
            sock.sendall(b"GET /metrics HTTP/1.1\r\n")  # the headers never end
        time.sleep(0.2)
        started = time.monotonic()
        r = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=5)
        assert r.status_code == 200
        assert time.monotonic() - started < 2
    finally:
        for sock in idle:
            sock.close()
        server.shutdown()
        server.server_close()
