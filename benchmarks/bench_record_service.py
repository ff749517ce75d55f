"""Live table input latency through the record service vs in-process: the same 40 hands,
eight-handed $10-20, as ``bench_live_input.py``, dealt once with the table writing its own
record and once through ``dealer-app record-service`` (a subprocess on a Unix socket).

    python benchmarks/bench_record_service.py [RECORD_FOLDER]

Prints one JSON object per way: inputs measured, median, p95 and max in milliseconds (input →
committed → hand replaced). Both commit with synchronous=FULL on RECORD_FOLDER's disk.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_live_input import one_input

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.recordsvc.client import ServiceStore


def measure(store: Store) -> dict[str, float]:
    c = TableController(store)
    c.open_table("stud-10-20", None, [(i, f"P{i}", 1_000_000) for i in range(1, 9)])
    rng = random.Random(5)
    times = []
    for _ in range(40):
        c.start_hand()
        while c.prompt().kind != "award":
            t0 = time.perf_counter()
            one_input(c, rng)
            times.append((time.perf_counter() - t0) * 1000)
        c.finish_hand()
    times.sort()
    return {
        "inputs": len(times),
        "median_ms": round(statistics.median(times), 3),
        "p95_ms": round(times[int(len(times) * 0.95)], 3),
        "max_ms": round(times[-1], 3),
    }


def main(folder: str | None = None) -> None:
    root = Path(folder or tempfile.mkdtemp())
    (root / "own").mkdir(parents=True, exist_ok=True)
    print(json.dumps({"way": "in-process", **measure(Store(root / "own" / "bench.sqlite3"))}))
    (root / "service").mkdir(exist_ok=True)
    sock = root / "record.sock"
    args = ["record-service", "--socket", str(sock), "--dir", str(root / "service")]
    service = subprocess.Popen(
        [sys.executable, "-m", "dealer_app", *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        assert service.stdout is not None and service.stdout.readline().startswith("record service ready")
        print(json.dumps({"way": "record service", **measure(ServiceStore.connect(sock))}))
    finally:
        service.terminate()
        service.wait()


if __name__ == "__main__":
    main(*sys.argv[1:])
