"""What replaying every table costs the record's check (issue 30: every reader replays).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_replay_check.py [--hands 10000]

A record of ``--hands`` hands (bench_record.build: ten played, then copied so that each copy
replays as played), then the whole check (``Store.check``: hashes, order, heads, undo claims,
and the replay of every table, record/replay.py) three times, and three times with the replay
left out (``SessionReplays.take`` answering None at once) — the check as it was before readers
replayed. Prints ms for each (best of three), rows, and the replay's µs per row; one JSON object
at the end. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def best_of(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=10000)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-replay-"))
    os.environ["DEALER_APP_CONFIG"] = str(folder / "config")
    from bench_record import build

    from dealer_app.record.replay import SessionReplays
    from dealer_app.record.store import Store

    path = folder / "hands.sqlite3"
    build(path, args.hands)
    store = Store(path, anchors=path.with_suffix(".anchors"))
    rows = store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
    problems = store.check(anchors=path.with_suffix(".anchors"))
    assert problems == [], [p.text for p in problems[:3]]  # (the copies replay: the figure is of a whole record)
    with_replay = best_of(lambda: store.check(anchors=path.with_suffix(".anchors")))
    taken = SessionReplays.take
    SessionReplays.take = lambda self, *a, **k: None  # type: ignore[method-assign]
    try:
        without = best_of(lambda: store.check(anchors=path.with_suffix(".anchors")))
    finally:
        SessionReplays.take = taken  # type: ignore[method-assign]
    store.close()
    out = {
        "hands": args.hands,
        "rows": rows,
        "check_ms": round(with_replay * 1000),
        "check_without_replay_ms": round(without * 1000),
        "replay_us_per_row": round((with_replay - without) / rows * 1e6, 1),
    }
    for key, value in out.items():
        print(f"{key:<28} {value}")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
