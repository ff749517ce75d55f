"""A real PostgreSQL server for the card-room tests and benchmarks (issue 15): no mock.

The distribution's own binaries (``tools/install-system-deps.sh`` installs them: Debian's
``postgresql``) run ``initdb`` and ``pg_ctl`` on a folder of the run's own, listening on
127.0.0.1 only, on a free port. PostgreSQL refuses to run as root, so under root (CI, this
sandbox) both run as the ``postgres`` user in a folder it owns, through ``runuser``.

If PostgreSQL is not installed, ``PgServer`` raises with what to run: a card-room test never
passes by being skipped.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

SUPERUSER = "postgres"


class PgNotInstalled(RuntimeError):
    pass


def pg_bindir() -> Path:
    """The folder of ``initdb``/``pg_ctl``: Debian keeps them out of PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).resolve().parent
    raise PgNotInstalled("PostgreSQL's server is not installed (no initdb): run tools/install-system-deps.sh")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    """One throwaway cluster: ``start()``, ``stop()`` (as a crash or a network drop would look
    to its clients), ``url(user, password, db)``, ``admin(sql)``; ``destroy()`` at the end."""

    def __init__(self):
        self.bindir = pg_bindir()
        self.port = _free_port()
        self.password = "room-test-superuser"
        self.as_root = os.geteuid() == 0
        self.folder = Path(tempfile.mkdtemp(prefix="dealer-app-pg-"))
        self.data = self.folder / "data"
        if self.as_root:
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
        pwfile = self.folder / "pw"
        pwfile.write_text(self.password + "\n")
        if self.as_root:
            os.chown(pwfile, owner.pw_uid, owner.pw_gid)
        self._run(
            "initdb",
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=scram-sha-256",
            f"--pwfile={pwfile}",
            "-E",
            "UTF8",
            "--locale=C.UTF-8",
            "--no-sync",
        )
        pwfile.unlink()
        self.start()

    def _run(self, tool: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        command = [str(self.bindir / tool), *args]
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.folder)
        if check and done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")
        return done

    def start(self) -> None:
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories={self.folder} "
            "-c fsync=off -c max_connections=60 -c log_min_messages=warning"
        )
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.folder / "server.log"),
            "-w",
            "-t",
            "30",
            "start",
        )

    def stop(self) -> None:
        """The server goes away at once (clients' connections break, as in an outage)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)

    def url(self, user: str = SUPERUSER, password: str | None = None, db: str = "postgres") -> str:
        return f"postgresql://{user}:{password or self.password}@127.0.0.1:{self.port}/{db}"

    def admin(self, sql: str, db: str = "postgres") -> None:
        import psycopg

        with psycopg.connect(self.url(db=db), autocommit=True) as conn:
            conn.execute(sql)

    def create_database(self, name: str) -> str:
        self.admin(f'CREATE DATABASE "{name}"')
        return self.url(db=name)

    def wait_ready(self, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._run("pg_isready", "-h", "127.0.0.1", "-p", str(self.port), check=False).returncode == 0:
                return
            time.sleep(0.05)
        raise RuntimeError("the test PostgreSQL server did not come back")

    def destroy(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
