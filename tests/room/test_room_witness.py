"""The room as the table's witness (issue 30 §3), on a real PostgreSQL server: a record cut
back, replaced by an older copy or re-dealt, and a row edited in the room, are each caught by
the forwarder's whole comparison on connect and by the table's start asking the room; a room
that cannot be reached at start is said."""

import random
import shutil
import sqlite3
import time

import psycopg
import pytest

from dealer_app.live.controller import TableController
from dealer_app.live.errors import InputError
from dealer_app.record.store import Store
from dealer_app.room.forwarder import REFUSED, Forwarder
from dealer_app.room.reader import RoomReader
from dealer_app.room.start_check import ask_room
from tests.support.live_random import play, random_input


def opened(path, anchors) -> Store:
    return Store(path, anchors=anchors)


def deal(store: Store, seed: int, calls: int) -> None:
    play(TableController(store), seed, calls, lambda c: None)


def send_all(store: Store, url: str) -> None:
    fwd = Forwarder(store, url, "Stud 1", retry_max_s=0.2).start()
    assert fwd.wait_until_sent(15), fwd.state
    fwd.stop(wait=True)


def refused_on_connect(store: Store, url: str):
    """The forwarder's state once its connect check has stopped it (REFUSED)."""
    fwd = Forwarder(store, url, "Stud 1", retry_max_s=0.2).start()
    deadline = time.monotonic() + 15
    while fwd.state.state != REFUSED and time.monotonic() < deadline:
        time.sleep(0.05)
    state = fwd.state
    fwd.stop(wait=True)
    assert state.state == REFUSED, state
    return state


def mismatches(room, table_id: str) -> list[str]:
    reader = RoomReader(room.floor)
    try:
        reader.catch_up(hands=False)
        return [r.reason for r in reader.refusals if r.table_id == table_id and r.what == "mismatch"]
    finally:
        reader.close()


def refused_at_start(store: Store, words: str) -> None:
    """The live table will not play the record on: every open table says the room's words."""
    c = TableController(store)
    tables = c.open_tables()
    assert tables and all(t.failing and words in str(t.problem) for t in tables), [t.problem for t in tables]
    with pytest.raises(InputError, match="fails its check"):
        c.resume(tables[0].session_id)


def test_a_record_cut_back_is_caught_on_connect_and_at_start(room, tmp_path):
    path, anchors = tmp_path / "hands.sqlite3", tmp_path / "anchors.txt"
    store = opened(path, anchors)
    deal(store, 3, 160)
    send_all(store, room.table_a)
    room.enroll(store.table_id())
    table_id = store.table_id()
    store.close()
    # the last 7 rows deleted, their heads too, the counter reset and the anchors file gone
    raw = sqlite3.connect(path)
    end = raw.execute("SELECT max(id) FROM log").fetchone()[0]
    session, hand = raw.execute("SELECT session_id, hand_no FROM log WHERE id = ?", (end - 6,)).fetchone()
    raw.execute("DELETE FROM log WHERE id > ?", (end - 7,))
    raw.execute("DELETE FROM heads WHERE row > ?", (end - 7,))
    raw.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'log'", (end - 7,))
    raw.commit()
    raw.close()
    anchors.unlink()
    store = opened(path, anchors)
    answer = ask_room(store, room.table_a)
    words = (
        f"The card room holds 7 row(s) of table {table_id} beyond the end of this record (rows {end - 6}–{end}, "
        f"from session {session}, hand {hand}): the record was cut back or replaced by an older copy"
    )
    assert answer.checked and words in answer.note
    refused_at_start(store, words)
    state = refused_on_connect(store, room.table_a)
    assert "holds 7 acknowledged row(s)" in state.detail and state.lost == 7
    assert f"table {table_id}, session {session}, hand {hand}, rows {end - 6}–{end}: extra in the room" in state.detail
    said = mismatches(room, table_id)
    assert any(words in r for r in said) and any("acknowledged row(s)" in r for r in said)
    store.close()


def test_an_older_copy_is_caught_on_connect_and_at_start(room, tmp_path):
    path, anchors = tmp_path / "hands.sqlite3", tmp_path / "anchors.txt"
    store = opened(path, anchors)
    deal(store, 5, 80)
    send_all(store, room.table_a)
    store.close()
    shutil.copy(path, tmp_path / "older.sqlite3")
    store = opened(path, anchors)
    deal_on(store, 6, 40)
    send_all(store, room.table_a)
    room.enroll(store.table_id())
    table_id, newer = store.table_id(), store.db.execute("SELECT max(id) FROM log").fetchone()[0]
    store.close()
    older = opened(tmp_path / "older.sqlite3", tmp_path / "older-anchors.txt")
    end = older.db.execute("SELECT max(id) FROM log").fetchone()[0]
    answer = ask_room(older, room.table_a)
    words = f"holds {newer - end} row(s) of table {table_id} beyond the end of this record (rows {end + 1}–{newer}"
    assert answer.checked and words in answer.note
    refused_at_start(older, words)
    state = refused_on_connect(older, room.table_a)
    assert f"rows {end + 1}–{newer}" in state.detail and "extra in the room" in state.detail
    older.close()


def deal_on(store: Store, seed: int, calls: int) -> None:
    """The table the record left open, resumed and dealt on (``calls`` accepted inputs)."""
    rng = random.Random(seed)
    c = TableController(store)
    c.resume(c.open_tables()[0].session_id)
    for _ in range(calls):
        p = c.prompt()
        if p.kind == "award":
            c.finish_hand()
        elif p.kind == "between":
            c.start_hand()
        else:
            random_input(c, rng)


def test_a_hand_re_dealt_is_caught_on_connect_and_at_start(room, tmp_path):
    path, anchors = tmp_path / "hands.sqlite3", tmp_path / "anchors.txt"
    store = opened(path, anchors)
    deal(store, 7, 80)
    send_all(store, room.table_a)  # (the record takes its table identity)
    store.close()
    shutil.copy(path, tmp_path / "before.sqlite3")
    shutil.copy(anchors, tmp_path / "before-anchors.txt")
    store = opened(path, anchors)
    deal_on(store, 1, 30)  # dealt as it was: sent to the room
    send_all(store, room.table_a)
    room.enroll(store.table_id())
    table_id, room_end = store.table_id(), store.db.execute("SELECT max(id) FROM log").fetchone()[0]
    store.close()
    # the copies from before it are put back (record and anchors), and the table dealt on
    # again, otherwise and longer: the record proves itself, and only the room knows
    shutil.copy(tmp_path / "before.sqlite3", path)
    shutil.copy(tmp_path / "before-anchors.txt", anchors)
    store = opened(path, anchors)
    first = store.db.execute("SELECT max(id) FROM log").fetchone()[0] + 1
    deal_on(store, 2, 90)
    assert store.db.execute("SELECT max(id) FROM log").fetchone()[0] > room_end
    store.close()
    store = opened(path, anchors)
    assert store.check(anchors=anchors) == []
    session, hand = store.db.execute("SELECT session_id, hand_no FROM log WHERE id = ?", (room_end,)).fetchone()
    answer = ask_room(store, room.table_a)
    words = (
        f"This record's row {room_end} of table {table_id} (session {session}, hand {hand}) is not the row the "
        "card room holds for it: the record was re-dealt from there or replaced"
    )
    assert answer.checked and words in answer.note
    refused_at_start(store, words)
    state = refused_on_connect(store, room.table_a)
    assert f"the room holds a row {room_end} for table {table_id} that this record does not have" in state.detail
    at_first = store.db.execute("SELECT session_id, hand_no FROM log WHERE id = ?", (first,)).fetchone()
    assert f"table {table_id}, session {at_first[0]}, hand {at_first[1]}, row {first} (" in state.detail
    assert "the room's copy differs" in state.detail
    store.close()


def test_a_row_edited_in_the_room_is_caught_on_connect_and_its_last_row_at_start(room, pg, tmp_path):
    path, anchors = tmp_path / "hands.sqlite3", tmp_path / "anchors.txt"
    store = opened(path, anchors)
    deal(store, 11, 120)
    send_all(store, room.table_a)
    room.enroll(store.table_id())
    table_id = store.table_id()
    with psycopg.connect(pg.url(db=room.name), autocommit=True) as su:  # a superuser, the triggers off
        su.execute("ALTER TABLE room.log DISABLE TRIGGER append_only")
        row, session, hand = su.execute(
            "UPDATE room.log SET payload = replace(payload, 'Ann', 'Mallory') WHERE table_id = %s AND row_id = "
            "(SELECT min(row_id) FROM room.log WHERE table_id = %s AND payload LIKE '%%Ann%%') "
            "RETURNING row_id, session, hand_no",
            (table_id, table_id),
        ).fetchone()
    # the start asks for the last row and head only: this edit is the connect check's to find
    assert ask_room(store, room.table_a).problems == ()
    state = refused_on_connect(store, room.table_a)
    assert f"table {table_id}, session {session}, hand {hand}, row {row} (" in state.detail
    assert "the room's copy differs (payload: the record's" in state.detail and "Mallory" in state.detail
    assert any(f"row {row} (" in r for r in mismatches(room, table_id))
    # the room's last row edited: seen at the start too
    with psycopg.connect(pg.url(db=room.name), autocommit=True) as su:
        last, session, hand = su.execute(
            "UPDATE room.log SET at = '2001-01-01T00:00:00Z' WHERE table_id = %s AND row_id = "
            "(SELECT max(row_id) FROM room.log WHERE table_id = %s) RETURNING row_id, session, hand_no",
            (table_id, table_id),
        ).fetchone()
    answer = ask_room(store, room.table_a)
    assert f"This record's row {last} of table {table_id} (session {session}, hand {hand})" in answer.note
    assert "or the room's copy was changed" in answer.note
    store.close()


def test_a_head_deleted_in_the_room_is_a_difference_on_connect(room, pg, tmp_path):
    store = opened(tmp_path / "hands.sqlite3", tmp_path / "anchors.txt")
    deal(store, 13, 80)
    send_all(store, room.table_a)
    room.enroll(store.table_id())
    table_id = store.table_id()
    with psycopg.connect(pg.url(db=room.name), autocommit=True) as su:
        su.execute("ALTER TABLE room.heads DISABLE TRIGGER append_only")
        (row,) = su.execute(
            "DELETE FROM room.heads WHERE id = (SELECT min(id) FROM room.heads WHERE table_id = %s) RETURNING row_id",
            (table_id,),
        ).fetchone()
    state = refused_on_connect(store, room.table_a)
    assert f"the signed head for row {row} (" in state.detail and "missing in the room" in state.detail
    store.close()


def test_an_unreachable_room_at_start_is_said_and_the_table_plays_on(tmp_path):
    store = opened(tmp_path / "hands.sqlite3", tmp_path / "anchors.txt")
    deal(store, 17, 40)
    answer = ask_room(store, "postgresql://table:secret@127.0.0.1:9/room")
    assert not answer.checked and answer.problems == ()
    assert "The record was not checked against the card room at start" in answer.note
    assert "secret" not in answer.note
    assert "compares the room's copy with the record when the room can be reached" in answer.note
    c = TableController(store)
    c.resume(c.open_tables()[0].session_id)  # (nothing against the record: it is played on)
    store.close()


def test_the_start_asks_the_room_only_when_one_is_configured(tmp_path, monkeypatch, qapp):
    from PySide6.QtCore import QSettings

    from dealer_app.ui.room_link import ask_room_at_start

    monkeypatch.delenv("DEALER_APP_DATABASE", raising=False)
    store = opened(tmp_path / "hands.sqlite3", tmp_path / "anchors.txt")
    deal(store, 19, 20)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    assert ask_room_at_start(store, settings) == []  # no room: nothing asked, nothing said
    settings.setValue("room/database", "postgresql://table:secret@127.0.0.1:9/room")
    (note,) = ask_room_at_start(store, settings)
    assert "The record was not checked against the card room at start" in note and "secret" not in note
    store.close()
