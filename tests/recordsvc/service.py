"""A record service of the test's own: ``dealer-app record-service`` in a subprocess on a
temporary socket and folder, as the .deb's unit runs it (tests/recordsvc/)."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path


@dataclass
class RunningService:
    process: subprocess.Popen
    socket: Path
    folder: Path

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)


def start_service(tmp_path: Path, floor_accounts: Path | None = None) -> RunningService:
    folder = tmp_path / "service"
    folder.mkdir(exist_ok=True)
    socket = tmp_path / "record.sock"
    args = [sys.executable, "-m", "dealer_app", "record-service", "--socket", str(socket), "--dir", str(folder)]
    if floor_accounts is not None:
        args += ["--floor-accounts", str(floor_accounts)]
    with open(tmp_path / "service.log", "ab") as log:  # (the child keeps its own copy of the file)
        process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=log, text=True, env=dict(os.environ))
    ready = process.stdout.readline()  # (the service says so once it listens)
    assert ready.startswith("record service ready"), (ready, (tmp_path / "service.log").read_text())
    return RunningService(process, socket, folder)
