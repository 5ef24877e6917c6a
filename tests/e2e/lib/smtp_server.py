"""The browser tests' local SMTP server: aiosmtpd's Mailbox handler writing every message to a
Maildir, on a port the system picks. The socket is bound here and kept, so no other process can
take the port between choosing it and listening on it; the port is printed as
"SMTP listening on <port>" for server.sh. Runs until SIGTERM or SIGINT.

    python tests/e2e/lib/smtp_server.py MAILDIR
"""

import signal
import sys
import threading

from aiosmtpd.handlers import Mailbox

from tests.ports import listening_socket, port_of, smtp_controller


def main(maildir: str) -> None:
    sock = listening_socket()
    controller = smtp_controller(Mailbox(maildir), sock)
    controller.start()
    print(f"SMTP listening on {port_of(sock)}", flush=True)
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    stop.wait()
    controller.stop()
    sock.close()


if __name__ == "__main__":
    main(sys.argv[1])
