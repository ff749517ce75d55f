"""What keeps the room's checks flat while a table is live (issue 30 §2, §3), on a real
PostgreSQL server:

- a check resumed from the last head it judged finds in the new rows exactly what a walk from
  the first row finds there (and an edit of older rows is the full walk's to find);
- the console's checker threads walk new rows as they come and walk everything again on their
  cadence: an owner's edit of rows already checked turns up;
- the forwarder sends a batch's rows with their heads in one transaction: a reader checking after
  every commit never sees rows of the batch "not signed";
- the forwarder's connect check runs beside the sending: rows go while it walks, and the
  difference it finds is reported to the room and stops the sending.
"""

import threading
import time

import psycopg

from dealer_app.record.store import Store
from dealer_app.room import copy_witness, forwarder
from dealer_app.room.feed import RoomFeed
from dealer_app.room.forwarder import REFUSED, UP_TO_DATE, ForwardState, _Config, _Sender
from dealer_app.room.room_check import FORGED, UNSIGNED, check_room_table
from tests.room.test_room_witness import deal, deal_on, mismatches, send_all


def enrolled_table(room, tmp_path, hands_calls: int = 60) -> Store:
    store = Store(tmp_path / "hands.sqlite3", anchors=tmp_path / "anchors.txt")
    deal(store, 21, hands_calls)
    send_all(store, room.table_a)
    room.enroll(store.table_id())
    return store


def edit_row(pg, room, table_id: str, where: str) -> tuple[int, int, int]:
    """A superuser, the triggers off, renames a player in one row (``where``: which row id)."""
    with psycopg.connect(pg.url(db=room.name), autocommit=True) as su:
        su.execute("ALTER TABLE room.log DISABLE TRIGGER append_only")
        found = su.execute(
            "UPDATE room.log SET payload = payload || ' ' WHERE table_id = %s AND row_id = " + where + " "
            "RETURNING row_id, session, hand_no",
            (table_id, table_id),
        ).fetchone()
        su.execute("ALTER TABLE room.log ENABLE TRIGGER append_only")
    assert found is not None
    return found


def test_a_check_resumed_from_a_head_finds_what_a_whole_walk_finds(room, pg, tmp_path):
    store = enrolled_table(room, tmp_path)
    tid, name = store.table_id(), "Stud 1"
    with psycopg.connect(room.floor, autocommit=True) as conn:
        first = check_room_table(conn, tid, name)
        assert first.problems == [] and first.resume is not None
        resume = first.resume
        assert resume.row == first.last_row  # (the room's last row is a head's: nothing unsigned)
        deal_on(store, 22, 60)
        send_all(store, room.table_a)
        total = store.db.execute("SELECT max(id) FROM log").fetchone()[0]
        # an edit among the new rows: the resumed walk names it as the whole walk does
        row, *_ = edit_row(
            pg, room, tid, f"(SELECT min(row_id) FROM room.log WHERE table_id = %s AND row_id > {resume.row})"
        )
        tail = check_room_table(conn, tid, name, since=resume)
        whole = check_room_table(conn, tid, name)
        assert [p.text for p in tail.problems] == [p.text for p in whole.problems]
        assert any(p.what == FORGED and resume.row < p.row <= row for p in tail.problems)
        assert tail.rows == total - resume.row < whole.rows == total
        # an edit of a row before the point: no new row walks it, the whole walk finds it
        old, _, _ = edit_row(pg, room, tid, "(SELECT min(row_id) FROM room.log WHERE table_id = %s)")
        assert old <= resume.row
        again = check_room_table(conn, tid, name, since=resume)
        assert [p.text for p in again.problems] == [p.text for p in tail.problems]
        whole = check_room_table(conn, tid, name)
        assert len(whole.problems) == len(tail.problems) + 1 and whole.problems[0].row <= old
    store.close()


class Changes:
    """What a feed told its console (from the feed's thread)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.checked: list[list[str]] = []  # every change's problems, when it carried a check

    def __call__(self, change) -> None:
        if change.problems is not None:
            with self.lock:
                self.checked.append(list(change.problems))

    def last(self) -> list[str] | None:
        with self.lock:
            return self.checked[-1] if self.checked else None


def wait_until(test, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, "not within the time given"
        time.sleep(0.05)


def test_the_consoles_checks_walk_new_rows_and_find_an_old_rows_edit_on_their_cadence(room, pg, tmp_path):
    store = enrolled_table(room, tmp_path)
    tid = store.table_id()
    changes = Changes()
    feed = RoomFeed(room.floor, changes, lambda state, detail: None, retry_max_s=0.2, check_again_s=1.0).start()
    try:
        wait_until(lambda: changes.last() == [] and feed.checker.full_walks >= 1)
        # new rows, dealt while the console runs: walked from the last head, nothing said
        walks = feed.checker.tail_walks
        deal_on(store, 23, 40)
        send_all(store, room.table_a)
        last = store.db.execute("SELECT max(id) FROM log").fetchone()[0]
        wait_until(
            lambda: feed.checker.tail_walks > walks and feed.reader is not None and feed.reader.heads.get(tid) == last
        )
        wait_until(lambda: feed.checker.tail_walks > walks and changes.last() == [])
        # the owner edits a row checked long ago: no new row, and the next full walk names it
        row, *_ = edit_row(pg, room, tid, "(SELECT min(row_id) FROM room.log WHERE table_id = %s)")
        wait_until(
            lambda: any("FORGED" in p and (f"rows {row}–" in p or f"row {row}:" in p) for p in changes.last() or [])
        )
        # (a walk's results reach the console as each table is walked, before the walk is counted)
        wait_until(lambda: feed.checker.full_walks >= 2)
    finally:
        feed.stop()
    store.close()


class CheckingConnection:
    """A forwarder's connection that, after each of its commits, has the floor check the table
    (room/room_check.py) and keeps what the check found."""

    def __init__(self, conn, check):
        self._conn, self._check = conn, check

    def commit(self) -> None:
        self._conn.commit()
        self._check()

    def __getattr__(self, name):
        return getattr(self._conn, name)


def run_sender(store: Store, url: str) -> tuple[_Sender, list[ForwardState], threading.Thread]:
    states: list[ForwardState] = []
    config = _Config(url, str(store.path), store.table_id(), store.record_id, store.key, "Stud 1", 0.2)
    sender = _Sender(config, states.append)
    thread = threading.Thread(target=sender.run, daemon=True)
    thread.start()
    return sender, states, thread


def stop_sender(sender: _Sender, thread: threading.Thread) -> None:
    sender.stop_event.set()
    sender.wake_event.set()
    thread.join(10)
    assert not thread.is_alive()


def test_a_reader_never_sees_a_batchs_rows_unsigned_while_a_table_sends(room, tmp_path, monkeypatch):
    store = enrolled_table(room, tmp_path, 20)
    tid = store.table_id()
    deal_on(store, 24, 200)  # (dealt while the room was away: sent in many batches below)
    total = store.db.execute("SELECT max(id) FROM log").fetchone()[0]
    longest = store.db.execute(
        "SELECT max(rows - lag) FROM (SELECT rows, lag(rows) OVER (ORDER BY id) AS lag FROM heads)"
    ).fetchone()[0]
    monkeypatch.setattr(forwarder, "BATCH_ROWS", 25)
    assert longest < 25  # (every commit fits a batch: the batches end at heads)
    seen: list[tuple[int, list[str]]] = []
    floor = psycopg.connect(room.floor, autocommit=True)
    lock = threading.Lock()

    def check() -> None:
        with lock:  # (the sender's and its connect check's connections both commit)
            found = check_room_table(floor, tid, "Stud 1")
            seen.append((found.last_row, [p.text for p in found.problems if p.what == UNSIGNED]))

    real_connect = forwarder.connect
    monkeypatch.setattr(forwarder, "connect", lambda url, **kw: CheckingConnection(real_connect(url, **kw), check))
    sender, states, thread = run_sender(store, room.table_a)
    try:
        wait_until(lambda: any(s.state == UP_TO_DATE and s.on_server == total for s in list(states)))
    finally:
        stop_sender(sender, thread)
        floor.close()
    assert len({rows for rows, _ in seen if rows < total}) >= 5  # checked between many batches
    assert [said for _, said in seen if said] == []
    store.close()


def test_the_connect_check_runs_beside_the_sending_and_stops_it_when_the_copies_differ(room, pg, tmp_path, monkeypatch):
    store = enrolled_table(room, tmp_path)
    tid = store.table_id()
    row, session, hand = edit_row(
        pg, room, tid, "(SELECT min(row_id) FROM room.log WHERE table_id = %s AND payload LIKE '%%seat%%')"
    )
    sent_before = store.db.execute("SELECT max(id) FROM log").fetchone()[0]
    deal_on(store, 25, 60)
    total = store.db.execute("SELECT max(id) FROM log").fetchone()[0]
    assert total > sent_before
    gate, walking = threading.Event(), threading.Event()
    real_compare = copy_witness._compare

    def held(*args):
        walking.set()
        assert gate.wait(30)
        return real_compare(*args)

    monkeypatch.setattr(copy_witness, "_compare", held)
    sender, states, thread = run_sender(store, room.table_a)
    try:
        # the check is walking (held here), and every new row reaches the room meanwhile
        wait_until(lambda: walking.is_set() and any(s.on_server == total for s in list(states)))
        assert not any(s.state == REFUSED for s in list(states))
        gate.set()
        wait_until(lambda: any(s.state == REFUSED for s in list(states)))
    finally:
        gate.set()
        stop_sender(sender, thread)
    refused = next(s for s in states if s.state == REFUSED)
    assert refused.differs == 1
    assert f"table {tid}, session {session}, hand {hand}, row {row} (" in refused.detail
    assert "the room's copy differs (payload: the record's" in refused.detail
    assert any(f"row {row} (" in r for r in mismatches(room, tid))
    store.close()
