"""Live table input latency with the record first: dealer input → row committed (SQLite,
synchronous=FULL) → hand replaced, through TableController, eight-handed $10-20, 40 hands.

    python benchmarks/bench_live_input.py [RECORD_FOLDER]

RECORD_FOLDER is where the record is written (default: a temporary folder); put it on the
disk the table's machine records to, since the commit's fsync is most of the time.
Prints one JSON object: inputs measured, median, p95 and max in milliseconds.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from dealer_app.engine import ENGINE_BUILD
from dealer_app.engine.cards import format_card
from dealer_app.live.controller import TableController
from dealer_app.record.store import Store

DECK = [format_card(c) for c in range(52)]


def one_input(c, rng):
    p = c.prompt()
    if p.kind in ("card", "common"):
        c.enter_card(rng.choice(sorted(set(DECK) - c.seen_cards())))
    elif p.kind == "river":
        c.deal_river()
    elif p.kind == "action":  # mostly check and call: most hands go to the river
        passive = [x for x in c.choices() if x.action in ("check", "call")]
        ch = passive[0] if passive and rng.random() < 0.85 else rng.choice(c.choices())
        c.act(ch.action, ch.to if ch.min_to is None else ch.min_to)
    elif p.kind == "show":
        n = len(c.hand.by_seat[p.seat].down)
        c.show(p.seat, " ".join(rng.sample(sorted(set(DECK) - c.seen_cards()), n)))


def main(folder: str | None = None) -> None:
    folder = folder or tempfile.mkdtemp()
    c = TableController(Store(Path(folder) / "bench-live.sqlite3"))
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
    print(
        json.dumps(
            {
                "engine_build": ENGINE_BUILD,
                "inputs": len(times),
                "median_ms": round(statistics.median(times), 3),
                "p95_ms": round(times[int(len(times) * 0.95)], 3),
                "max_ms": round(times[-1], 3),
            }
        )
    )


if __name__ == "__main__":
    main(*sys.argv[1:])
