"""The room's checks at a large room (issue 30's proof): the room console's first page, a full
``dealer-app verify RECORD --database URL``, and the console's full background check, at
10,000 and 100,000 hands.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_room_console.py [--sizes 10000,100000]
        [--per-commit 10]

For each size: a record of that many hands signed by the store itself (bench_record.build: ten
hands played through the live table's controller, then copied ``--per-commit`` hands to a
commit, each commit a signed head with its digest, so 100,000 hands build in minutes; a live
table signs a head at every input, which makes more heads: their cost is a signature check each,
bench_signing.py), sent to a room of the run's own PostgreSQL server (tests/support/pg_server.py)
by ``bench_record.bulk_send`` (the table's login: registered with its public key and enrolled by
the floor's login, as tests/room do it; rows and heads through the forwarder's INSERTs, checked by
the server's triggers). Then, each in a process of its own (its time, and its peak memory: the
child's maximum resident set):

- *console*: ``RoomFloorWindow`` made, shown, its first page of hands listed (``PAGE_HANDS``,
  read from the room a page at a time: room/hand_pages.py) and the first hand clicked and drawn
  (the first page); then, on a second window, the next page read, and the GUI's wait for a
  queued event (a zero-delay timer posted every 50 ms: what a click waits for before it is
  handled) while the console's own check walks every table (room/table_checks.py: the walk in a
  spawned process of its own, room/walk_process.py) and for 3 s after, idle;
- *verify*: ``dealer-app verify RECORD --database URL`` (the record against the room, row by row,
  and the room's copy checked by the reader itself);
- *full check*: the console's background walk (``TableChecks``: every table from its first row,
  in its process) on its own, until it has ended (``walk_process_peak_mb``: that process's peak).

Expected: the first page flat in the room's size, verify and the full check linear. Prints one
JSON object at the end; figures, not assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]  # tests.support, sibling benchmarks
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def child(args: list[str], env: dict | None = None) -> tuple[dict, float, float]:
    """Run a child; its JSON (last line of its output, if any), wall seconds, peak RSS in MB."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    out, err = proc.communicate()
    took = time.perf_counter() - start
    # (the child's own peak: RUSAGE_CHILDREN is the largest of the children waited for so far,
    # so each child reports its own in its JSON instead, when it can)
    lines = [line for line in out.splitlines() if line.startswith("{")]
    found = json.loads(lines[-1]) if lines else {}
    if proc.returncode not in (0, None) and not found:
        raise RuntimeError(f"{args[:4]}… exited {proc.returncode}: {err[-2000:]}")
    found.setdefault("exit", proc.returncode)
    return found, took, float(found.get("peak_mb", 0.0))


def peak_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def walk_peak_mb() -> float:
    """The largest peak of this process's children so far: the check's walk, in its own process."""
    import resource

    return round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1)


# --- the children --------------------------------------------------------------------------------
def console_child(url: str, hands: int) -> dict:
    from bench_record import _settle, _until, open_console
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from dealer_app.room.hand_pages import PAGE_HANDS
    from dealer_app.ui.room_window import RoomFloorWindow

    app = QApplication.instance() or QApplication([])
    page = min(hands, PAGE_HANDS)

    # (open_console closes the window when done: the check is timed on a second window below)
    first = open_console(app, lambda: RoomFloorWindow(url), page, 1200)
    t0 = time.perf_counter()
    w = RoomFloorWindow(url)
    w.show()
    _until(app, lambda: w.hand_list.rowCount() == page, 1200, "the hand list")
    listed = time.perf_counter()
    # the GUI's latency while the console's own check walks every table from its first row: a
    # zero-delay timer posted every 50 ms, the time until the GUI's loop ran it (what a click
    # waits for before it is handled)
    waits: list[float] = []

    def probe() -> None:
        posted = time.perf_counter()
        QTimer.singleShot(0, lambda: waits.append((time.perf_counter() - posted) * 1000))

    ticker = QTimer()
    ticker.setInterval(50)
    ticker.timeout.connect(probe)
    ticker.start()
    _until(app, lambda: w.feed.checks >= 1, 3600, "the console's check")
    checked = time.perf_counter()
    during, waits = waits, []
    idle_until = time.perf_counter() + 3  # (the same, with no walk running: the next is 300 s away)
    _until(app, lambda: time.perf_counter() > idle_until, 10, "the idle probes")
    ticker.stop()
    idle = waits
    # and the next page, the floor scrolling on
    t1 = time.perf_counter()
    w.more_hands()
    more_ms = (time.perf_counter() - t1) * 1000
    pages = w.hand_list.rowCount()
    failing = len(w.room_problems)
    w.close()
    _settle(app)

    def pct(values: list[float], p: float) -> float:
        return round(sorted(values)[min(len(values) - 1, int(len(values) * p))], 2) if values else 0.0

    return {
        "made_ms": round(first["made_ms"]),
        "listed_ms": round(first["listed_ms"]),
        "first_hand_ms": round(first["first_hand_ms"]),
        "first_page_ms": round(first["shown_ms"]),
        "page_hands": page,
        "next_page_ms": round(more_ms),
        "listed_after_next_page": pages,
        "second_open_listed_ms": round((listed - t0) * 1000),
        "check_reported_s": round(checked - t0, 2),
        "gui_wait_during_walk_ms": {"median": pct(during, 0.5), "p95": pct(during, 0.95), "max": pct(during, 1.0)},
        "gui_wait_idle_ms": {"median": pct(idle, 0.5), "p95": pct(idle, 0.95), "max": pct(idle, 1.0)},
        "problems": failing,
        "peak_mb": round(peak_mb(), 1),
        "walk_process_peak_mb": walk_peak_mb(),
    }


def full_check_child(url: str) -> dict:
    from dealer_app.room.reader import RoomReader
    from dealer_app.room.table_checks import TableChecks

    reader = RoomReader(url)
    reader.catch_up(hands=False)
    tables = {tid: f"{t.label} ({tid})" for tid, t in reader.tables.items()}
    reader.close()
    checks = TableChecks(url, full_every_s=3600).start()
    start = time.perf_counter()
    checks.nudge(tables, {})
    while checks.full_walks < 1:
        time.sleep(0.01)
    took = time.perf_counter() - start
    results = checks.take()
    checks.stop()
    # the new-rows walk's own cost at this size: from the last head judged (here the room's last
    # row: the queries, the enrollment and nothing to walk), what each commit adds to its rows
    from dealer_app.room.database import connect
    from dealer_app.room.room_check import check_room_table

    conn = connect(url, autocommit=True)
    tail_ms = []
    for tid, name in tables.items():
        whole = check_room_table(conn, tid, name)
        for _ in range(20):
            t0 = time.perf_counter()
            check_room_table(conn, tid, name, since=whole.resume)
            tail_ms.append((time.perf_counter() - t0) * 1000)
    conn.close()
    return {
        "full_check_s": round(took, 2),
        "walk_s": round(checks.full_walk_s, 2),
        "new_rows_walk_ms": round(sorted(tail_ms)[len(tail_ms) // 2], 2),
        "problems": sum(len(r.problems) for r in results),
        "peak_mb": round(peak_mb(), 1),
        "walk_process_peak_mb": walk_peak_mb(),
    }


def verify_child(record: str, url: str) -> dict:
    from dealer_app.cli import main

    start = time.perf_counter()
    anchors = str(Path(record).with_suffix(".anchors"))  # (bench_record.build keeps it beside the record)
    code = main(["verify", record, "--anchors", anchors, "--database", url])
    return {"verify_s": round(time.perf_counter() - start, 2), "exit": code, "peak_mb": round(peak_mb(), 1)}


# --- the run -------------------------------------------------------------------------------------
def one_size(pg, folder: Path, hands: int, per_commit: int) -> dict:
    from bench_record import build, bulk_send

    from dealer_app.record.store import Store
    from dealer_app.room.schema import upgrade

    path = folder / f"hands-{hands}.sqlite3"
    start = time.perf_counter()
    build(path, hands, per_commit)
    built_s = time.perf_counter() - start
    store = Store(path, create=False, anchors=path.with_suffix(".anchors"))
    rows = store.db.execute("SELECT count(*) FROM log").fetchone()[0]
    heads = store.db.execute("SELECT count(*) FROM heads").fetchone()[0]
    name = f"bench_console_{hands}"
    pg.admin(f"CREATE ROLE {name}_owner LOGIN CREATEROLE PASSWORD 'pw'")
    pg.admin(f'CREATE DATABASE "{name}" OWNER {name}_owner')
    upgrade(pg.url(f"{name}_owner", "pw", name))
    pg.admin(f"CREATE ROLE {name}_table LOGIN PASSWORD 'pw' IN ROLE dealer_table")
    pg.admin(f"CREATE ROLE {name}_floor LOGIN PASSWORD 'pw' IN ROLE dealer_floor")
    table_url, floor_url = pg.url(f"{name}_table", "pw", name), pg.url(f"{name}_floor", "pw", name)
    start = time.perf_counter()
    bulk_send(store, table_url, "Bench table", floor_url)
    sent_s = time.perf_counter() - start
    store.close()
    print(f"{hands} hands: {rows} rows, {heads} heads; built in {built_s:.0f} s, sent in {sent_s:.0f} s", flush=True)
    me = [sys.executable, str(Path(__file__).resolve())]
    out: dict = {"hands": hands, "rows": rows, "heads": heads, "built_s": round(built_s), "sent_s": round(sent_s)}
    out["console"], _, _ = child([*me, "--child", "console", "--url", floor_url, "--hands", str(hands)])
    print(f"  console: {out['console']}", flush=True)
    found, took, _ = child([*me, "--child", "verify", "--url", floor_url, "--record", str(path)])
    out["verify"] = {**found, "wall_s": round(took, 2)}
    print(f"  verify: {out['verify']}", flush=True)
    out["full_check"], _, _ = child([*me, "--child", "full_check", "--url", floor_url])
    print(f"  full check: {out['full_check']}", flush=True)
    path.unlink()
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10000,100000", help="hands per record, comma-separated")
    parser.add_argument("--per-commit", type=int, default=10, help="hands copied per commit (one signed head each)")
    parser.add_argument("--child", choices=("console", "verify", "full_check"))
    parser.add_argument("--url")
    parser.add_argument("--hands", type=int)
    parser.add_argument("--record")
    args = parser.parse_args()
    if args.child == "console":
        print(json.dumps(console_child(args.url, args.hands)))
        return
    if args.child == "verify":
        found = verify_child(args.record, args.url)
        print(json.dumps(found))
        if found["exit"] != 0:
            sys.exit(f"verify said the record or the room's copy fails (exit {found['exit']})")
        return
    if args.child == "full_check":
        print(json.dumps(full_check_child(args.url)))
        return
    from tests.support.pg_server import PgServer

    made = [tempfile.mkdtemp(prefix="bench-room-console-")]
    if "DEALER_APP_CONFIG" not in os.environ:
        os.environ["DEALER_APP_CONFIG"] = tempfile.mkdtemp(prefix="bench-config-")
        made.append(os.environ["DEALER_APP_CONFIG"])
    pg = PgServer()
    results = []
    try:
        for hands in (int(n) for n in args.sizes.split(",")):
            results.append(one_size(pg, Path(made[0]), hands, args.per_commit))
    finally:
        pg.destroy()
        for folder in made:
            shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps({"per_commit": args.per_commit, "sizes": results}, indent=1))


if __name__ == "__main__":
    main()
