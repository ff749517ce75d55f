"""How fast the floor reads a large record: listing its hands, and proving it whole.

    python benchmarks/bench_record.py [--hands 10000]

Plays ten hands through the live table's controller, then copies their rows (through the
store, so every row is chained with the key) until the record holds ``--hands`` hands. Then
times ``list_hands`` (the floor's browser and ``dealer-app hands``), ``Store.check`` (verify,
resume, export) and opening one hand for the step-through. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


def build(path: Path, hands: int) -> None:
    from live_random import random_input

    from dealer_app.history.store import Store
    from dealer_app.live.controller import InputError, TableController
    store = Store(path, anchors=path.with_suffix(".anchors"))
    c = TableController(store)
    c.open_table("stud-10-20", None, [(s, f"Player {s}", 100000) for s in range(1, 7)])
    rng = random.Random(3)
    for _ in range(10):
        c.start_hand()
        while c.hand.phase != "done":
            try:
                random_input(c, rng)
            except InputError:
                pass
        c.finish_hand()
    sid = c.session_id
    template: dict[int, list] = {}
    for hand_no, kind, payload, _at in store.iter_session_log(sid):
        if hand_no:
            template.setdefault(hand_no, []).append((kind, payload))
    played, batch = 10, []
    while played < hands:
        played += 1
        batch.append((played, template[played % 10 + 1]))
        if len(batch) == 200 or played == hands:
            store.append_hands(sid, batch)
            batch = []
    store.close()


def timed(label: str, fn, repeat: int = 3):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<40} {best * 1000:8.0f} ms")
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=10000)
    args = parser.parse_args()
    os.environ.setdefault("DEALER_APP_CONFIG", tempfile.mkdtemp(prefix="bench-config-"))
    from dealer_app.history.hand_index import list_hands
    from dealer_app.history.store import Store
    folder = Path(tempfile.mkdtemp(prefix="bench-record-"))
    path = folder / "hands.sqlite3"
    start = time.perf_counter()
    build(path, args.hands)
    print(f"built {args.hands} hands in {time.perf_counter() - start:.1f} s, "
          f"{path.stat().st_size / args.hands / 1024:.1f} KB per hand")
    store = Store.read_only(path)
    rows = store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
    print(f"{rows} rows")
    hands = timed("list_hands (the floor's browser)", lambda: list_hands(store))
    assert len(hands) == args.hands
    problems = timed("check (verify: every row's HMAC)", lambda: store.check(anchors=path.with_suffix(".anchors")))
    assert problems == [], problems[:3]
    from dealer_app.floor.timeline import load_hand
    timed("open one hand for the step-through", lambda: load_hand(store, hands[len(hands) // 2].session,
                                                                  hands[len(hands) // 2].hand))
    from PySide6.QtWidgets import QApplication
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication([])
    from dealer_app.ui.floor_window import FloorWindow
    window = timed("open the floor console (browser filled)", lambda: FloorWindow(store), repeat=1)
    window.close()
    del app
    store.close()


if __name__ == "__main__":
    main()
