"""Ports for the servers the tests start, without a race.

Asking the system for a free port, closing the socket and passing the number on leaves a gap in
which any other process (another test run on this machine, a browser) may take that port. So
the test keeps the socket: it hands a listening one to the server process (`uvicorn --fd N`),
or holds a bound one that does not listen where it needs a port nothing answers on.
"""

import socket
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aiosmtpd.controller import Controller


def listening_socket(host: str = "127.0.0.1") -> socket.socket:
    """A socket listening on a port the system picked, inheritable by a child process (pass
    its fileno in Popen's pass_fds). The caller closes it once the child has it."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, 0))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def uvicorn_command(sock: socket.socket, *extra: str) -> list[str]:
    """`python -m uvicorn` serving the app on `sock` (Popen it with pass_fds=[sock.fileno()])."""
    import sys

    return [
        sys.executable, "-m", "uvicorn", "api.main:create_app", "--factory",
        "--fd", str(sock.fileno()), "--log-level", "warning", *extra,
    ]  # fmt: skip


def port_of(sock: socket.socket) -> int:
    return int(sock.getsockname()[1])


def refused_port() -> socket.socket:
    """A socket bound to a port but not listening: a connection to it is refused, and no other
    process can bind that port while the caller holds the socket (close it when done)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    return sock


def smtp_controller(handler: object, sock: socket.socket) -> "Controller":
    """aiosmtpd's threaded SMTP server on a socket the caller already holds (start() it)."""
    from aiosmtpd.controller import Controller

    class SocketController(Controller):
        def _create_server(self):  # type: ignore[no-untyped-def]
            return self.loop.create_server(self._factory_invoker, sock=sock, ssl=self.ssl_context)

    return SocketController(handler, hostname="127.0.0.1", port=port_of(sock))
