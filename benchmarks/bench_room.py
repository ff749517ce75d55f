"""The card room (issue 15), measured on a real PostgreSQL server started for the run
(tests/support/pg_server.py: Debian's binaries, 127.0.0.1, fsync on as a room's server has it).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_room.py [--quick] [--only=PART]

1. **Throughput**: eight tables (eight processes, eight records) forward at once.
   - *backlog*: each has dealt hands while the server was away; all start forwarding at the
     same moment: rows per second the server takes (each row checked against its table's
     keyed chain by the server's trigger).
   - *dealing*: eight tables dealing at once at machine speed with their forwarders on: rows
     per second, and how far behind the server was when each table stopped.
2. **End-to-end delay**: a dealer's input committed → the floor's room console shows it
   (forwarder → server → NOTIFY → console's feed → its window): a new hand in the hand list,
   and a card in the open hand's steps.
3. **Input → repaint, forwarder off vs on**: the keystroke benchmark's scripted hands typed
   into the real window (bench_keystrokes.py), with and without the room, alternated; once as
   they fall on this machine's two cores (the server competing with the window, which a room's
   table never has), and once *pinned*: the window on core 0, the server and the forwarder's
   process on the other, as a table with two cores and a server elsewhere would run.

Prints one JSON object. Figures are reported in the issue's note, never asserted.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]  # tests.support, sibling benchmarks
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("DEALER_APP_CONFIG", tempfile.mkdtemp(prefix="bench-room-config-"))


def _ms(values: list[float]) -> dict:
    values = sorted(values)
    return {
        "n": len(values),
        "median_ms": round(statistics.median(values), 2),
        "p95_ms": round(values[int(len(values) * 0.95)], 2),
        "max_ms": round(values[-1], 2),
    }


def _deal(c, rng, hands: int) -> None:
    from bench_live_input import one_input

    for _ in range(hands):
        c.start_hand()
        while c.prompt().kind != "award":
            one_input(c, rng)
        c.finish_hand()


def _table_process(n: int, url: str, folder: str, hands: int, mode: str, barrier, results) -> None:
    from dealer_app.live.controller import TableController
    from dealer_app.record.store import Store
    from dealer_app.room.forwarder import Forwarder

    store = Store(Path(folder) / f"table{n}" / "hands.sqlite3")
    c = TableController(store)
    c.open_table("stud-10-20", None, [(i, f"P{i}", 10_000_000) for i in range(1, 9)])
    rng = random.Random(n)
    if mode == "backlog":
        _deal(c, rng, hands)
        barrier.wait()
        t0 = time.perf_counter()
        fwd = Forwarder(store, url, f"Table {n}").start()
        assert fwd.wait_until_sent(600), fwd.state
        rows = store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
        results.put((n, rows, time.perf_counter() - t0, 0))
    else:
        fwd = Forwarder(store, url, f"Table {n}").start()
        barrier.wait()
        t0 = time.perf_counter()
        _deal(c, rng, hands)
        dealt = time.perf_counter() - t0
        behind = fwd.state.waiting
        assert fwd.wait_until_sent(600), fwd.state
        rows = store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
        results.put((n, rows, dealt, behind))
    fwd.stop()


def throughput(pg, mode: str, hands: int) -> dict:
    from dealer_app.room.schema import upgrade

    db = f"bench_{mode}"
    owner = pg.create_database(db)
    upgrade(owner)
    urls = []
    for n in range(8):
        pg.admin(f"CREATE ROLE {db}_t{n} LOGIN PASSWORD 'pw' IN ROLE dealer_table")
        urls.append(pg.url(f"{db}_t{n}", "pw", db))
    ctx = mp.get_context("spawn")
    barrier, results = ctx.Barrier(8), ctx.Queue()
    folder = tempfile.mkdtemp(prefix=f"bench-room-{mode}-")
    procs = [
        ctx.Process(target=_table_process, args=(n, urls[n], folder, hands, mode, barrier, results)) for n in range(8)
    ]
    for p in procs:
        p.start()
    got = [results.get(timeout=900) for _ in procs]
    for p in procs:
        p.join()
    import psycopg

    with psycopg.connect(owner) as conn:
        stored, first, last, refused = conn.execute(
            "SELECT count(*), min(received_at), max(received_at), (SELECT count(*) FROM room.refusals) FROM room.log"
        ).fetchone()
    span = (last - first).total_seconds()
    rows = sum(r[1] for r in got)
    out = {
        "tables": 8,
        "hands_per_table": hands,
        "rows": rows,
        "rows_on_server": stored,
        "refused": refused,
        "server_rows_per_s": round(stored / span) if span else None,
    }
    if mode == "dealing":
        out["dealing_s_per_table_median"] = round(statistics.median(r[2] for r in got), 2)
        out["rows_waiting_when_the_table_stopped_max"] = max(r[3] for r in got)
        out["dealt_rows_per_s_all_tables"] = round(rows / max(r[2] for r in got))
    else:
        out["forwarding_s_slowest_table"] = round(max(r[2] for r in got), 2)
    return out


def end_to_end(pg, samples: int) -> dict:
    from PySide6.QtWidgets import QApplication

    from dealer_app.live.controller import TableController
    from dealer_app.record.store import Store
    from dealer_app.room.forwarder import Forwarder
    from dealer_app.room.schema import upgrade
    from dealer_app.ui.room_window import RoomFloorWindow

    app = QApplication.instance() or QApplication([])
    owner = pg.create_database("bench_e2e")
    upgrade(owner)
    pg.admin(
        "CREATE ROLE bench_e2e_t LOGIN PASSWORD 'pw' IN ROLE dealer_table; "
        "CREATE ROLE bench_e2e_f LOGIN PASSWORD 'pw' IN ROLE dealer_floor"
    )
    store = Store(Path(tempfile.mkdtemp()) / "hands.sqlite3")
    fwd = Forwarder(store, pg.url("bench_e2e_t", "pw", "bench_e2e"), "E2E").start()
    c = TableController(store)
    c.open_table("stud-10-20", None, [(i, f"P{i}", 10_000_000) for i in range(1, 5)])
    w = RoomFloorWindow(pg.url("bench_e2e_f", "pw", "bench_e2e"))
    w.show()

    def until(condition, timeout=5.0) -> float:
        t0 = time.perf_counter()
        while not condition():
            app.processEvents()
            if time.perf_counter() - t0 > timeout:
                raise TimeoutError("the console did not see it")
            time.sleep(0.0005)
        return (time.perf_counter() - t0) * 1000

    until(lambda: w.feed_state[0] == "connected")
    rng = random.Random(3)
    new_hand, new_card = [], []
    from bench_live_input import one_input

    for n in range(samples):
        c.start_hand()
        new_hand.append(until(lambda n=n: w.hand_list.rowCount() == n + 1))
        if n == 0:
            w.hand_list.selectRow(0)
            until(lambda: w.timeline is not None)
        while c.prompt().kind != "award":
            before = w.last_id
            one_input(c, rng)
            new_card.append(until(lambda before=before: w.last_id > before))
        c.finish_hand()
        until(lambda: w.last_id >= store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0])
    fwd.stop()
    w.close()
    return {"new_hand_in_the_list": _ms(new_hand), "input_seen_by_the_console": _ms(new_card)}


def _pinned(pid: int, cpus: set[int]) -> None:
    """Pin a process and every thread of it (a postmaster's backends inherit it)."""
    for task in os.listdir(f"/proc/{pid}/task"):
        os.sched_setaffinity(int(task), cpus)


def repaint_on_off(pg, rounds: int, pin: bool = False) -> dict:
    from bench_keystrokes import HANDS, NAMES, KeyDealer
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from dealer_app.live.controller import TableController
    from dealer_app.record.store import Store
    from dealer_app.room.schema import upgrade
    from dealer_app.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    db = "bench_keys_pinned" if pin else "bench_keys"
    owner = pg.create_database(db)
    upgrade(owner)
    pg.admin(f"CREATE ROLE {db}_t LOGIN PASSWORD 'pw' IN ROLE dealer_table")
    url = pg.url(f"{db}_t", "pw", db)
    times: dict[str, list[float]] = {"off": [], "on": []}
    for _ in range(rounds):
        for room in ("off", "on"):
            for table, seats, streets, policy in HANDS.values():
                tmp = Path(tempfile.mkdtemp())
                settings = QSettings(str(tmp / "s.ini"), QSettings.IniFormat)
                settings.setValue("room/database", url if room == "on" else "")
                w = MainWindow(TableController(Store(tmp / "hands.sqlite3")), settings)
                w.ask_before_closing = False
                w.resize(1280, 800)
                w.show()
                for _ in range(20):
                    app.processEvents()
                if room == "on" and pin:  # the sender where a table's second core would run it
                    _pinned(w.room.forwarder._process.pid, {(os.cpu_count() or 1) - 1})
                c = w.controller
                c.open_table(table, None, [(i + 1, NAMES[i], 100000) for i in range(seats)])
                d = KeyDealer(app, w)
                d.enter()
                d.ms.clear()
                d.play(streets, policy)
                times[room] += d.ms
                if room == "on":
                    assert w.room.forwarder.wait_until_sent(10)
                w.close()
    return {"forwarder_off": _ms(times["off"]), "forwarder_on": _ms(times["on"])}


def _pin_and_run(pg, rounds: int) -> dict:
    """As a card room runs: the server on another machine (here: the last core, by itself but
    for the sender), the window on core 0 alone."""
    if (os.cpu_count() or 1) < 2:
        return {"skipped": "one core"}
    last = (os.cpu_count() or 1) - 1
    postmaster = int((pg.data / "postmaster.pid").read_text().split()[0])
    import subprocess

    for pid in subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split():
        _pinned(int(pid), {last})
    _pinned(postmaster, {last})
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {0})
    try:
        return repaint_on_off(pg, rounds, pin=True)
    finally:
        os.sched_setaffinity(0, before)


def connect_check(pg, hands: int, rounds: int = 5) -> dict:
    """The forwarder's connect check (room/copy_check.compare_copy: the room's whole copy of
    the table's rows and heads against the record, streamed) and the table's start check
    (room/start_check.ask_room: the last row and head), on a record of ``hands`` hands that
    the room holds whole: their time, and the compare's peak Python memory (tracemalloc)."""
    import random
    import tracemalloc

    from dealer_app.live.controller import TableController
    from dealer_app.live.errors import InputError
    from dealer_app.record.store import Store
    from dealer_app.room.copy_check import compare_copy
    from dealer_app.room.database import connect
    from dealer_app.room.forwarder import Forwarder
    from dealer_app.room.start_check import ask_room
    from tests.support.live_random import PLAYERS
    from tests.support.room import Room

    room = Room(pg, f"bench_check_{hands}")
    folder = Path(tempfile.mkdtemp())
    store = Store(folder / "hands.sqlite3", anchors=folder / "anchors.txt")
    c = TableController(store)
    c.open_table("stud-5-10", None, PLAYERS)
    started = time.perf_counter()
    rng = random.Random(1)
    for _ in range(hands):
        try:
            _deal(c, rng, 1)
        except InputError:  # (the chips are with one player: a new table, as a card room would)
            c.close_table()
            c.open_table("stud-5-10", None, PLAYERS)
            _deal(c, rng, 1)
    dealt_s = time.perf_counter() - started
    fwd = Forwarder(store, room.table_a, "Bench", retry_max_s=0.2).start()
    assert fwd.wait_until_sent(600), fwd.state
    fwd.stop(wait=True)
    room.enroll(store.table_id())
    rows = store.db.execute("SELECT max(id) FROM log").fetchone()[0]
    heads = store.db.execute("SELECT count(*) FROM heads").fetchone()[0]
    conn = connect(room.table_a)
    compare, start, peak = [], [], 0
    for n in range(rounds):
        if n == rounds - 1:
            tracemalloc.start()
        t = time.perf_counter()
        found = list(compare_copy(store.db, conn, store.table_id(), rows, rows))
        compare.append((time.perf_counter() - t) * 1000)
        conn.commit()
        if n == rounds - 1:
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        assert found == [], found[:3]
        t = time.perf_counter()
        assert ask_room(store, room.table_a).problems == ()
        start.append((time.perf_counter() - t) * 1000)
    conn.close()
    store.close()
    return {
        "hands": hands,
        "rows": rows,
        "heads": heads,
        "dealing_s": round(dealt_s, 1),
        "connect_compare": _ms(compare),
        "start_check": _ms(start),
        "compare_peak_python_kib": peak // 1024,
    }


def main(argv: list[str]) -> None:
    from tests.support.pg_server import PgServer

    quick = "--quick" in argv
    pg = PgServer()
    try:
        parts = {
            "throughput_backlog": lambda: throughput(pg, "backlog", 10 if quick else 60),
            "throughput_dealing": lambda: throughput(pg, "dealing", 5 if quick else 30),
            "end_to_end": lambda: end_to_end(pg, 5 if quick else 30),
            "input_to_repaint": lambda: repaint_on_off(pg, 1 if quick else 3),
            "input_to_repaint_pinned": lambda: _pin_and_run(pg, 1 if quick else 3),
            "connect_check_200": lambda: connect_check(pg, 200),
            "connect_check_2000": lambda: connect_check(pg, 200 if quick else 2000),
        }
        only = [a.split("=", 1)[1] for a in argv if a.startswith("--only=")]
        out = {"postgres": pg.bindir.parts[-2]}
        for name, run in parts.items():
            if not only or name in only:
                out[name] = run()
    finally:
        pg.destroy()
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
