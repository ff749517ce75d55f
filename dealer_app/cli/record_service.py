"""``dealer-app record-service``: the process that keeps the table's record and keys (recordsvc/).

The ``.deb``'s systemd unit runs it as the ``dealer-app`` system account; run by hand it serves
any folder and socket (the tests do). It logs every connection with the peer's uid to standard
error (the journal, under systemd) and stops on SIGTERM or Ctrl+C.
"""

from __future__ import annotations

import logging
import signal
from pathlib import Path
from typing import TYPE_CHECKING

from dealer_app.cli.common import ExitCode, InputProblem, UsageError, command

if TYPE_CHECKING:
    import argparse


def cmd_record_service(args: argparse.Namespace) -> ExitCode:
    from dealer_app.record.store import StoreError
    from dealer_app.recordsvc.server import RecordService
    from dealer_app.settings import SERVICE_DIR, SYSTEM_RECORD_SOCKET, record_socket

    socket_path = Path(args.socket) if args.socket else (record_socket() or SYSTEM_RECORD_SOCKET)
    if args.status:
        return _status(socket_path)
    folder = Path(args.dir) if args.dir else SERVICE_DIR
    if not folder.is_dir():
        raise UsageError(f"{folder}: no such folder (--dir)")
    if not socket_path.parent.is_dir():
        raise UsageError(f"{socket_path.parent}: no such folder for the socket (--socket)")
    logging.basicConfig(level=logging.INFO, format="dealer-app record-service: %(message)s")
    try:
        service = RecordService(socket_path, folder, Path(args.floor_accounts) if args.floor_accounts else None)
    except (StoreError, OSError) as exc:
        raise InputProblem(f"{folder}: the record service cannot start: {exc}") from None

    def stop(_signum: int, _frame: object) -> None:
        service.stop()

    signal.signal(signal.SIGTERM, stop)
    print(f"record service ready: {socket_path}", flush=True)
    try:
        service.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        service.close()
        socket_path.unlink(missing_ok=True)
    return ExitCode.OK


def _status(socket_path: Path) -> ExitCode:
    """As the login running it: the service answers, and this login can read the record but
    neither write it nor read a key (exit 1 otherwise, saying which)."""
    import os

    from dealer_app.record.store import StoreError
    from dealer_app.recordsvc.client import ServiceStore
    from dealer_app.settings import KEY_NAME, SIGNING_KEY_NAME

    try:
        store = ServiceStore.connect(socket_path)
    except StoreError as exc:
        raise InputProblem(str(exc)) from None
    record = store.path
    sessions = len(store.all_sessions())
    store.close()
    print(f"record service {socket_path}: the record {record} ({sessions} tables), read by uid {os.getuid()}")
    exposed = [str(record)] if os.access(record, os.W_OK) else []
    exposed += [str(record.parent / k) for k in (KEY_NAME, SIGNING_KEY_NAME) if os.access(record.parent / k, os.R_OK)]
    if exposed and os.getuid() != 0:
        raise InputProblem(f"this login can write or read what only the service may: {', '.join(exposed)}")
    return ExitCode.OK


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("record-service", help="keep the table's record and keys for the live table (a system service)")
    p.add_argument("--socket", help="the Unix socket to serve on (default: /run/dealer-app/record.sock)")
    p.add_argument("--dir", help="the folder of the record and its keys (default: /var/lib/dealer-app)")
    p.add_argument("--floor-accounts", help="the floor accounts file (default: /etc/dealer-app/floor-accounts)")
    p.add_argument(
        "--status",
        action="store_true",
        help="as this login: ask the service, and check this login cannot reach the keys",
    )
    command(p, cmd_record_service)
