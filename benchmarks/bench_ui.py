"""Live table speed (issue #4): dealer action → record written → table repainted, at eight
seats; and process start → first painted window.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui.py      (or under xvfb-run)

Targets: under 16 ms per action (one frame), under 1 s to the first window.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FIRST_PAINT = """
import time, sys
t0 = float(sys.argv[1])
from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtWidgets import QApplication
from dealer_app.record.store import Store
from dealer_app.live.controller import TableController
from dealer_app.ui.main_window import MainWindow
app = QApplication([])
class First(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Paint:
            print(time.time() - t0, flush=True)
            app.quit()
        return False
w = MainWindow(TableController(Store(sys.argv[2])), QSettings(sys.argv[3], QSettings.IniFormat))
f = First(); w.table_view.installEventFilter(f)
w.resize(1280, 800); w.show()
app.exec()
"""


def action_latency(hands: int = 20):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from dealer_app.engine.cards import format_card
    from dealer_app.live.controller import TableController
    from dealer_app.record.store import Store
    from dealer_app.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    tmp = Path(tempfile.mkdtemp())
    c = TableController(Store(tmp / "bench.sqlite3"))
    w = MainWindow(c, QSettings(str(tmp / "s.ini"), QSettings.IniFormat))
    w.resize(1280, 800)
    w.show()
    app.processEvents()
    c.open_table("stud-10-20", None, [(i + 1, f"P{i + 1}", 10**6) for i in range(8)])
    rng = random.Random(3)
    times = []
    for _ in range(hands):
        c.start_hand()
        deck = list(range(52))
        rng.shuffle(deck)
        while c.prompt().kind != "award":
            kind = c.prompt().kind
            start = time.perf_counter()
            if kind in ("card", "common"):
                seen = c.seen_cards()
                code = next(format_card(x) for x in deck if format_card(x) not in seen)
                c.enter_card(code)
            elif kind == "river":
                c.deal_river()
            elif kind == "action":
                choices = [x for x in c.choices() if x.action != "fold"]
                ch = choices[-1] if rng.random() < 0.15 else choices[0]
                c.act(ch.action, ch.to if ch.min_to is None else ch.min_to)
            else:
                seat = c.prompt().seat
                seen = c.seen_cards()
                n = len(c.hand.by_seat[seat].down)
                downs = [format_card(x) for x in deck if format_card(x) not in seen][:n]
                c.show(seat, " ".join(downs))
            w.table_view.repaint()  # synchronous paint of the whole table
            w.panel.repaint()
            times.append((time.perf_counter() - start) * 1000)
        c.finish_hand()
    times.sort()
    return {
        "steps": len(times),
        "median_ms": round(statistics.median(times), 2),
        "p95_ms": round(times[int(len(times) * 0.95)], 2),
        "max_ms": round(times[-1], 2),
    }


def first_paint(runs: int = 5):
    out = []
    child_env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}  # the same dealer_app
    for _ in range(runs):
        tmp = Path(tempfile.mkdtemp())
        t0 = time.time()
        res = subprocess.run(
            [sys.executable, "-c", FIRST_PAINT, str(t0), str(tmp / "h.sqlite3"), str(tmp / "s.ini")],
            capture_output=True,
            text=True,
            env=child_env,
        )
        out.append(float(res.stdout.strip().splitlines()[-1]))
    return {"runs": runs, "median_s": round(statistics.median(out), 3), "max_s": round(max(out), 3)}


if __name__ == "__main__":
    print(
        json.dumps(
            {
                "platform": os.environ.get("QT_QPA_PLATFORM", "xcb"),
                "action_to_repaint": action_latency(),
                "start_to_first_paint": first_paint(),
            },
            indent=1,
        )
    )
