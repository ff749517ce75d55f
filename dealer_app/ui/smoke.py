"""``dealer-app --smoke-test OUT.pdf``: the packaged app proves it runs. It opens the main
window offscreen (or on the display it is given), plays a canned hand through the controller
into a record of its own, writes that hand's ruling report, and exits 0; anything else exits
1 with the reason. The build script and CI run it on the bundle and on the installed .deb."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from dealer_app.errorlog import report, setup_logging
from dealer_app.exit_code import ExitCode

# a three-handed $1-2 hand with a bet on every street, played to its showdown
CANNED_CARDS = [("Kc", "2h", "9s"), ("7d", "7h", "Js"), ("Ac", "4d", "Qh"), ("8c", "3s", "Td")]
SHOWN = {1: "ahkd7c", 2: "2c5s6h", 3: "9c9dqc"}


def smoke_test(out: Path) -> ExitCode:
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    work = Path(tempfile.mkdtemp(prefix="dealer-app-smoke-"))
    os.environ["DEALER_APP_CONFIG"] = str(work / "config")  # its own key and anchors
    try:
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QApplication

        # (inside the try: a part missing from a bundle is said as the smoke test's failure)
        from dealer_app.floor.timeline import load_hand
        from dealer_app.live.controller import TableController
        from dealer_app.record.store import Store
        from dealer_app.ui.main_window import MainWindow
        from dealer_app.ui.report_pdf import write_report

        app = QApplication.instance() or QApplication(["dealer-app"])
        store = Store(work / "hands.sqlite3")
        c = TableController(store)
        window = MainWindow(c, QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat))
        window.ask_before_closing = False
        window.show()
        app.processEvents()
        shown_after = _since_process_start()
        c.open_table("stud-1-2", None, [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)])
        c.start_hand()
        for street in CANNED_CARDS:
            for card in street:
                c.enter_card(card)
            while c.prompt().kind == "action":
                kinds = [x.action for x in c.choices()]
                c.act(next(k for k in ("bring_in", "call", "check") if k in kinds))
            app.processEvents()
        c.deal_river()
        while c.prompt().kind == "action":
            c.act("check")
        while (due := c.prompt()).kind == "show" and due.seat is not None:
            c.show(due.seat, SHOWN[due.seat])
        c.start_hand()  # confirms the awards: the hand is sealed
        app.processEvents()
        assert c.session_id is not None  # (a table opened on a record)
        write_report(store, load_hand(store, c.session_id, 1), Path(out))
        window.close()
        # the card room's parts are in the bundle: psycopg with its libpq, and the schema's migrations
        import psycopg

        # (inside the try, as above: the room's parts in the bundle are part of the test)
        from dealer_app.room.forwarder import OFFLINE, Forwarder
        from dealer_app.room.schema import latest_version

        # the forwarder's process starts (in the bundle too) and says a server that is not there
        fwd = Forwarder(store, "postgresql://smoke:none@127.0.0.1:9/none", "smoke").start()
        deadline = time.monotonic() + 20
        while fwd.state.state != OFFLINE and time.monotonic() < deadline:
            time.sleep(0.05)
        said = fwd.state
        fwd.stop()
        if said.state != OFFLINE:
            raise RuntimeError(f"the room's forwarder did not start: {said}")
        room = f"; room schema {latest_version()}, libpq {psycopg.pq.version()}, forwarder process ok"
        started = room + (
            f"; first window {shown_after * 1000:.0f} ms after the process started" if shown_after else ""
        )
        print(f"smoke test passed: {out} (hand 1 sealed {store.seals()[-1].seal}{started})")
        return ExitCode.OK
    except Exception as exc:
        setup_logging(work)  # the traceback in the log beside its record; the reason said here
        print(f"smoke test failed: {report(exc, 'dealer-app --smoke-test')}", file=sys.stderr)
        return ExitCode.FAILED


def _since_process_start() -> float | None:
    """Seconds since this process started (Linux: /proc), for the start-up target; None elsewhere."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        start = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19]) / ticks
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return max(0.0, uptime - start)
    except (OSError, ValueError, IndexError):
        return None
