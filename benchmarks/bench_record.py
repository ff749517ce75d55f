"""How fast the floor reads a large record: listing its hands, and proving it whole; and how
long the floor console takes to open on it and show its first hand, on the record and on a
card room holding it (issue 26).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_record.py [--hands 10000] [--room]
        [--repeat N] [--profile] [--bulk auto|yes|no]

Plays ten hands through the live table's controller, then copies their rows (through the
store, so every row is chained with the key) until the record holds ``--hands`` hands. Then
times ``list_hands`` (the floor's browser and ``dealer-app hands``), ``Store.check`` (verify,
resume, export) and opening one hand for the step-through.

*Console open and first hand shown* (the figure issue 26 asks for): from opening the record as
``dealer-app floor RECORD`` does (``Store(path, create=False)``, a fresh connection: nothing is
cached from the lines above) and making the ``FloorWindow``, through showing it (exposed, the
hand list filled with every hand), to the floor's click on the first row: its hand loaded, the
table view and the step's details drawn (the status line says "Hand …, step …"). The line
"open the floor console (browser filled)" above it is the old figure: a ``FloorWindow`` on the
Store the lines before had already used, so the record's check (``Store.failing``, cached per
connection) is not in it.

``--room``: a PostgreSQL server of the run's own (tests/support/pg_server.py), a room made as the tests
make one (schema upgraded by its owner, a table's and a floor's login); the record is forwarded
to it by the table's own ``Forwarder`` (timed: rows per second; above 20000 hands, or with
``--bulk yes``, by ``bulk_send``: the forwarder's INSERTs of rows and signed heads from this
process, every row and head still checked by the server's triggers, see its note for why), the
table enrolled by the floor's login, then the room console
(``RoomFloorWindow``: its reader, its feed's ``catch_up`` of every table's hands, the list
filled) is opened and its first hand shown, as above. Also timed: ``RoomReader`` + ``catch_up``
+ ``hands()`` alone (``dealer-app hands --database``).

``--profile``: one more console open (local) under cProfile; the top functions are printed.
Figures, not assertions.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: tests.support


def build(path: Path, hands: int, per_commit: int = 200) -> None:
    """``hands`` hands in a record the store signs: ten played, then copied ``per_commit`` hands
    to a commit (each commit one signed head, as the store moves it: 200 keeps 100,000 hands to
    minutes; a live table moves it at every input). The copies replay as played (every reader
    replays the record, record/replay.py): before each ten, the players leave with their stacks
    and six new ones sit down with the first ten's buy-ins, so each copy of hand N starts from the
    stacks hand N started from; its hand_start names its number and players."""
    from dealer_app.live.controller import InputError, TableController
    from dealer_app.record.store import Store
    from tests.support.live_random import random_input

    store = Store(path, anchors=path.with_suffix(".anchors"))
    c = TableController(store)
    c.open_table("stud-10-20", None, [(s, f"Player {s}", 100000) for s in range(1, 7)])
    rng = random.Random(3)
    for _ in range(10):
        c.start_hand()
        while c.hand.phase != "done":
            with contextlib.suppress(InputError):
                random_input(c, rng)
        c.finish_hand()
    sid = c.session_id
    cash_out = {seat: p.stack for seat, p in c.session.seats.items()}
    template: dict[int, list] = {}
    for hand_no, kind, payload, _at in store.iter_session_log(sid):
        if hand_no:
            template.setdefault(hand_no, []).append((kind, payload))
    played, batch = 10, []
    while played < hands:
        played += 1
        n, cycle = played % 10 or 10, (played - 1) // 10
        names = {s: f"Player {s}" if cycle == 1 else f"Player {s}.{cycle - 1}" for s in range(1, 7)}
        rows = []
        for kind, payload in template[n]:
            if kind == "hand_start":
                payload = {
                    **payload,
                    "hand": played,
                    "seats": [[s, f"Player {s}.{cycle}", st] for s, _n, st in payload["seats"]],
                }
            rows.append((kind, payload))
        if n == 1:  # a new ten: the last ten's players leave with their stacks, six new ones sit down
            batch.append(
                (
                    played - 1,
                    [("leave", {"seat": s, "name": names[s], "cash_out": cash_out[s]}) for s in range(1, 7)]
                    + [("sit", {"seat": s, "name": f"Player {s}.{cycle}", "buy_in": 100000}) for s in range(1, 7)],
                )
            )
        batch.append((played, rows))
        if len(batch) >= per_commit or played == hands:
            store.append_hands(sid, batch)
            batch = []
    store.close()


_last_ms = 0.0  # the last timed() figure


def timed(label: str, fn, repeat: int = 3):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    print(f"{label:<40} {best * 1000:8.0f} ms")
    global _last_ms
    _last_ms = best * 1000
    return result


def _until(app, condition, timeout: float, what: str) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        app.processEvents()
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{what}: not within {timeout:.0f} s")
        time.sleep(0.0005)


def _settle(app) -> None:
    """Whatever the window has posted (its paints) done."""
    for _ in range(3):
        app.processEvents()


def _first_hand_shown(w) -> bool:
    return w.timeline is not None and w.status.text().startswith("Hand ")


def open_console(app, make, hands: int, timeout: float) -> dict:
    """``make()`` returns the console window (it may open its record first). Phases, in ms from
    the start: made (its constructor returned), listed (shown, exposed, every hand in the list),
    shown (the first row clicked: its hand drawn). The window is closed after."""
    from PySide6.QtTest import QTest

    t0 = time.perf_counter()
    w = make()
    made = time.perf_counter()
    w.resize(1400, 860)  # (FLOOR_WINDOW)
    w.show()
    QTest.qWaitForWindowExposed(w)
    _until(app, lambda: w.hand_list.rowCount() == hands, timeout, "the hand list")
    _settle(app)
    listed = time.perf_counter()
    w.hand_list.selectRow(0)  # the floor clicks the first (newest) hand
    _until(app, lambda: _first_hand_shown(w), timeout, "the first hand")
    _settle(app)
    shown = time.perf_counter()
    # the record's check runs beside the console (a room's console has none): until it has
    # marked the hands whose rows fail
    _until(app, lambda: getattr(w, "failing", {}) is not None, timeout, "the record's check")
    checked = time.perf_counter()
    out = {
        "made_ms": (made - t0) * 1000,
        "listed_ms": (listed - t0) * 1000,
        "shown_ms": (shown - t0) * 1000,
        "first_hand_ms": (shown - listed) * 1000,
        "steps": len(w.timeline.steps),
        "checked_ms": (checked - t0) * 1000,
    }
    w.close()
    _settle(app)
    if getattr(w, "store", None) is not None:
        w.store.close()  # (as the app does when it quits: a fresh connection for the next open)
    w.deleteLater()
    _settle(app)
    return out


def close_mid_check(app, path: Path, anchors: Path) -> float:
    """ms from the floor closing the console while its first check runs to the window gone (the
    check stops within a thousand rows)."""
    from PySide6.QtTest import QTest

    from dealer_app.record.store import Store
    from dealer_app.ui.floor_window import FloorWindow

    w = FloorWindow(Store(path, create=False, anchors=anchors))
    w.show()
    QTest.qWaitForWindowExposed(w)
    time.sleep(0.3)
    start = time.perf_counter()
    w.close()
    took = (time.perf_counter() - start) * 1000
    w.store.close()
    w.deleteLater()
    _settle(app)
    return took


def _line(label: str, r: dict) -> str:
    return (
        f"{label:<8}{r['made_ms']:>13.0f}{r['listed_ms']:>12.0f}{r['first_hand_ms']:>12.0f}"
        f"{r['shown_ms']:>9.0f}{r['checked_ms']:>10.0f}{r.get('closed_mid_check_ms', 0):>14.0f}"
    )


def enroll(floor_url: str, table_id: str) -> None:
    """The floor's login approves the table (``dealer-app db approve-table``): a table the floor
    has not enrolled is not the room's, and its rows are shown to no console."""
    from dealer_app.room.reader import RoomReader

    reader = RoomReader(floor_url)
    try:
        reader.approve_table(table_id)
    finally:
        reader.close()


def bulk_send(store, url: str, label: str, floor_url: str | None = None, batch: int = 5000) -> None:
    """The record's rows and signed heads to the room as the forwarder sends them (the table's
    login registering the table with its public key, the forwarder's INSERTs, every row and head
    checked by the server's triggers, in order; each batch's rows and the heads covering them in
    one transaction), from this process, in batches of ``batch`` rows: without the forwarder
    process's spawn, settling and per-batch state. ``floor_url``: the floor's login enrolls the
    table first (as ``dealer-app db approve-table`` does)."""
    import sqlite3

    from dealer_app.record.heads import head_columns
    from dealer_app.room.database import connect
    from dealer_app.room.forwarder import _HEAD, _ROW, INSERT, INSERT_HEADS, _public_key

    table_id = store.table_id()
    conn = connect(url)
    local = sqlite3.connect(f"{Path(store.path).resolve().as_uri()}?mode=ro", uri=True)
    try:
        public = _public_key(local)
        conn.execute(
            "SELECT room.register_table(%s, %s, %s, %s, %s)",
            (table_id, store.record_id, label, store.key, bytes.fromhex(public) if public else None),
        )
        conn.commit()
        if floor_url is not None:
            enroll(floor_url, table_id)
        columns = head_columns(local, empty="NULL")
        heads = iter(local.execute(f"SELECT {columns} FROM heads ORDER BY id").fetchall() if columns else ())
        pending = next(heads, None)
        head, last_hash = 0, ""
        while True:
            rows = local.execute(
                "SELECT id, session_id, seq, hand_no, kind, payload, at, hash FROM log WHERE id > ? "
                "ORDER BY id LIMIT ?",
                (head, batch),
            ).fetchall()
            if not rows:
                break
            values = [
                v
                for rid, sid, seq, hand, kind, payload, at, digest in rows
                for v in (table_id, sid, seq, rid, hand, kind, payload, at, digest)
            ]
            conn.execute(INSERT.format(", ".join([_ROW] * len(rows))).encode(), values)
            covering = []
            while pending is not None and pending[1] <= rows[-1][0]:
                covering.append(pending)
                pending = next(heads, None)
            for at in range(0, len(covering), 1000):
                part = covering[at : at + 1000]
                values = [v for h in part for v in (table_id, *h)]
                conn.execute(INSERT_HEADS.format(", ".join([_HEAD] * len(part))).encode(), values)
            conn.commit()
            head, last_hash = rows[-1][0], rows[-1][7]
        row_id, digest, refused_row, reason = conn.execute("SELECT * FROM room.table_head(%s)", (table_id,)).fetchone()
        conn.commit()
        assert (row_id, digest) == (head, last_hash), (row_id, head, refused_row, reason)
        assert pending is None, "heads past the record's last row"
    finally:
        local.close()
        conn.close()


def best_of(runs: list[dict]) -> dict:
    return min(runs, key=lambda r: r["shown_ms"])


def profile_console(app, path: Path, hands: int, top: int = 18) -> None:
    import cProfile
    import io
    import pstats

    from dealer_app.record.store import Store
    from dealer_app.ui.floor_window import FloorWindow

    anchors = path.with_suffix(".anchors")
    prof = cProfile.Profile()
    prof.enable()
    open_console(app, lambda: FloorWindow(Store(path, create=False, anchors=anchors)), hands, 600)
    prof.disable()
    for order in ("cumulative", "tottime"):
        out = io.StringIO()
        pstats.Stats(prof, stream=out).strip_dirs().sort_stats(order).print_stats(top)
        text = out.getvalue()
        print(f"--- cProfile of the local console open, by {order} ---")
        print(text[text.index("ncalls") - 3 :].rstrip() if "ncalls" in text else text)


def room_part(app, path: Path, hands: int, repeat: int, bulk: bool) -> dict:
    from dealer_app.floor.timeline import load_hand
    from dealer_app.record.store import Store
    from dealer_app.room.forwarder import Forwarder
    from dealer_app.room.hand_pages import PAGE_HANDS
    from dealer_app.room.reader import RoomReader
    from dealer_app.room.schema import upgrade
    from dealer_app.ui.room_window import RoomFloorWindow
    from tests.support.pg_server import PgServer

    pg = PgServer()
    try:
        name = "bench_record"  # as tests/conftest.py's Room: an owner (not a superuser), its logins
        pg.admin(f"CREATE ROLE {name}_owner LOGIN CREATEROLE PASSWORD 'pw'")
        pg.admin(f'CREATE DATABASE "{name}" OWNER {name}_owner')
        upgrade(pg.url(f"{name}_owner", "pw", name))
        pg.admin(f"CREATE ROLE {name}_table LOGIN PASSWORD 'pw' IN ROLE dealer_table")
        pg.admin(f"CREATE ROLE {name}_floor LOGIN PASSWORD 'pw' IN ROLE dealer_floor")
        table_url, floor_url = pg.url(f"{name}_table", "pw", name), pg.url(f"{name}_floor", "pw", name)
        store = Store(path, create=False, anchors=path.with_suffix(".anchors"))
        rows = store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
        start = time.perf_counter()
        if bulk:
            bulk_send(store, table_url, "Bench table", floor_url)
        else:
            fwd = Forwarder(store, table_url, "Bench table").start()
            sent = fwd.wait_until_sent(3600)
            fwd.stop(wait=True)
            assert sent, fwd.state
            enroll(floor_url, store.table_id())  # (the floor's approval: the console shows its hands)
        forward_s = time.perf_counter() - start
        store.close()
        out: dict = {"rows": rows, "forward_s": forward_s, "forward_rows_per_s": rows / forward_s}
        how = "bulk_send (the forwarder's INSERT, 5000-row batches, from this process)" if bulk else "the Forwarder"
        print(f"sent {rows} rows to the room in {forward_s:.1f} s ({rows / forward_s:.0f} rows/s) by {how}")

        def read_room():
            reader = RoomReader(floor_url)
            reader.catch_up()
            found = reader.hands()
            reader.close()
            return found

        room_hands = timed("room: RoomReader + catch_up + hands()", read_room)
        assert len(room_hands) == hands, len(room_hands)
        out["read_ms"] = _last_ms
        reader = RoomReader(floor_url)
        reader.catch_up(hands=False)
        first = room_hands[0]
        timed(
            "room: open one hand (load_hand)",
            lambda: load_hand(reader.table(first.table_id), first.session, first.hand),
        )
        out["load_hand_ms"] = _last_ms
        reader.close()
        out["console"] = best_of(
            [open_console(app, lambda: RoomFloorWindow(floor_url), min(hands, PAGE_HANDS), 1200) for _ in range(repeat)]
        )
        print(_line("room", out["console"]))
        return out
    finally:
        pg.destroy()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--room", action="store_true", help="also forward the record to a room and open its console")
    parser.add_argument("--repeat", type=int, default=1, help="console opens per figure (the best is reported)")
    parser.add_argument("--profile", action="store_true", help="one more local console open under cProfile")
    parser.add_argument(
        "--bulk",
        choices=("auto", "yes", "no"),
        default="auto",
        help="send the rows to the room by bulk_send, not the Forwarder (auto: above 20000 hands)",
    )
    args = parser.parse_args()
    import shutil

    made = []  # the run's own folders, removed after it (a 100k-hand record is 0.7 GB)
    if "DEALER_APP_CONFIG" not in os.environ:
        os.environ["DEALER_APP_CONFIG"] = tempfile.mkdtemp(prefix="bench-config-")
        made.append(os.environ["DEALER_APP_CONFIG"])
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    made.append(tempfile.mkdtemp(prefix="bench-record-"))
    try:
        run(args, Path(made[-1]) / "hands.sqlite3")
    finally:
        for folder in made:
            shutil.rmtree(folder, ignore_errors=True)


def run(args, path: Path) -> None:
    from dealer_app.record.hand_index import list_hands
    from dealer_app.record.store import Store

    start = time.perf_counter()
    build(path, args.hands)
    print(
        f"built {args.hands} hands in {time.perf_counter() - start:.1f} s, "
        f"{path.stat().st_size / args.hands / 1024:.1f} KB per hand"
    )
    store = Store.read_only(path)
    rows = store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
    print(f"{rows} rows")
    hands = timed("list_hands (the floor's browser)", lambda: list_hands(store))
    assert len(hands) == args.hands
    problems = timed("check (verify: every row's HMAC)", lambda: store.check(anchors=path.with_suffix(".anchors")))
    assert problems == [], problems[:3]
    from dealer_app.floor.timeline import load_hand

    timed(
        "open one hand for the step-through",
        lambda: load_hand(store, hands[len(hands) // 2].session, hands[len(hands) // 2].hand),
    )
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from dealer_app.ui.floor_window import FloorWindow

    window = timed("open the floor console (browser filled)", lambda: FloorWindow(store), repeat=1)
    window.close()
    store.close()

    anchors = path.with_suffix(".anchors")
    header = (
        f"{'':<8}{'window made':>13}{'list shown':>12}{'first hand':>12}{'total':>9}{'checked':>10}"
        f"{'closed mid-check':>17}"
    )
    print(f"console open and first hand shown, {args.hands} hands (best of {args.repeat}; ms from the start)")
    print(header)
    local = best_of(
        [
            open_console(app, lambda: FloorWindow(Store(path, create=False, anchors=anchors)), args.hands, 600)
            for _ in range(args.repeat)
        ]
    )
    local["closed_mid_check_ms"] = close_mid_check(app, path, anchors)
    print(_line("local", local))
    if args.profile:
        profile_console(app, path, args.hands)
    bulk = args.bulk == "yes" or (args.bulk == "auto" and args.hands > 20000)
    room = room_part(app, path, args.hands, args.repeat, bulk) if args.room else None

    print()
    print(f"console open and first hand shown, {args.hands} hands (best of {args.repeat}; ms from the start)")
    print(header)
    for label, r in (("local", local), ("room", room and room["console"])):
        if r is not None:
            print(_line(label, r))
    print(
        "(window made: the record opened and the FloorWindow built, its list filled, or, in the room, the "
        "reader connected; list shown: the window exposed with every hand in its list; first hand: the first "
        "row clicked until its hand is drawn; total: all of it; checked: the record's check, run beside the "
        "console, has marked the failing hands (none in the room: its server checked each row); closed "
        "mid-check: the console closed 0.3 s after it opened)"
    )


if __name__ == "__main__":
    main()
