"""Row times run forward, checked by every reader of the room (issue 30, the second attack pass):
run from source, a dealer unset the room, voided a hand under a local floor account and set the
row's time back before the table joined the room, so the local-account flag (an act after the
join) did not see it. The act's row comes after rows timed after the join, so it is flagged
whatever its own time says, and the time that runs back is named ROW TIME. A real PostgreSQL
server, as the other room tests."""

import contextlib
import random
from datetime import UTC, datetime, timedelta

import psycopg
import pytest

from dealer_app.cli import main
from dealer_app.floor.ruling import Ruling
from dealer_app.floor.rulings import rule_at_table
from dealer_app.live.controller import InputError, TableController
from dealer_app.record import store as store_module
from dealer_app.record.store import Store
from dealer_app.room.floor_act_check import LOCAL, LOCAL_IN_ROOM, check_floor_acts
from dealer_app.room.forwarder import Forwarder
from dealer_app.room.reader import RoomReader
from dealer_app.room.room_check import ROW_TIME, check_room_table
from dealer_app.ui.room_window import RoomFloorWindow
from tests.record.test_record_proves_itself import play_hands
from tests.support.floor_accounts import MARIA, TOM
from tests.support.live_random import random_input

PLAYERS = [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)]


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))


def forward(room, c, enroll=False):
    fwd = Forwarder(c.store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    try:
        if enroll:
            room.enroll_when_registered(c.store.table_id())
        assert fwd.wait_until_sent(10), fwd.state
    finally:
        fwd.stop(wait=True)


def joined_at(room, tid) -> datetime:
    with psycopg.connect(room.owner) as conn:
        return conn.execute("SELECT registered_at FROM room.tables WHERE table_id = %s", (tid,)).fetchone()[0]


def a_table_with_history(room, tmp_path) -> TableController:
    """A table that dealt alone (hands with chips lost, a top-up, an undo, a local account's
    void), then joined the room, and dealt on there (rows timed after the join)."""
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    c.open_table("stud-1-2", None, PLAYERS)
    play_hands(c, 2, seed=3)
    c.top_up(1, 2000)
    c.start_hand()
    c.enter_card("Kc")
    c.report_irregularity("I-6", floor=MARIA)  # a table alone: a local account's act (before the room)
    forward(room, c, enroll=True)  # the table joins the room here
    play_hands(c, 2, seed=4)
    c.start_hand()
    c.enter_card("Qd")
    c.enter_card("2s")
    assert c.undo()
    c.enter_card("3s")
    return c


def set_clock(monkeypatch, moment: datetime) -> None:
    """What an attacker with the source does: the record's clock says ``moment`` (the table's
    own key still signs the row, and its chain and heads are whole)."""
    monkeypatch.setattr(store_module, "_now", lambda: moment.astimezone(UTC).isoformat(timespec="milliseconds"))


def room_check(room, tid):
    with psycopg.connect(room.floor, autocommit=True) as conn:
        return check_room_table(conn, tid, f"Stud 1 ({tid})")


def test_a_backdated_local_act_after_the_join_is_flagged_by_every_reader(room, tmp_path, monkeypatch, capsys, qtbot):
    c = a_table_with_history(room, tmp_path)
    tid = c.store.table_id()
    before_join = joined_at(room, tid) - timedelta(minutes=3)
    # the room unset for a moment; the void made under a local account, its time set back
    set_clock(monkeypatch, before_join)
    c.report_irregularity("I-6", floor=TOM)
    monkeypatch.undo()
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    act_row = c.store.db.execute("SELECT max(id) FROM log WHERE kind = 'irregularity'").fetchone()[0]
    assert c.store.check() and all(p.what == ROW_TIME for p in c.store.check())  # the chain itself is whole
    forward(room, c)
    # the floor's check of floor acts (the console's Verify record, report --database)
    reader = RoomReader(room.floor)
    try:
        checks = check_floor_acts(reader._query, tid)
    finally:
        reader.close()
    assert [(k.verdict, k.flagged) for k in checks] == [(LOCAL, False), (LOCAL_IN_ROOM, True)]
    assert checks[1].row == act_row
    assert f"its row {act_row} comes after row" in checks[1].words()
    assert "the act was made after the table joined and its time set back" in checks[1].words()
    # the room's own check of the rows: the time that runs back, named with session, hand and row
    found = room_check(room, tid)
    (back,) = [p for p in found.problems if p.what == ROW_TIME]
    assert back.row == act_row and (back.session, back.hand) == (c.session_id, c.hand_no)
    assert f"ROW TIME — row {act_row}'s time {before_join.astimezone(UTC):%H:%M:%S} is earlier than row" in back.text
    assert "the record's times were changed or the table's clock went back" in back.text
    assert [p.what for p in found.problems] == [ROW_TIME]  # (nothing forged: the table signed it)
    # verify RECORD --database: exit 1, the act and the time both said
    record = str(c.store.path)
    assert main(["verify", record, "--database", room.floor]) == 1
    out = capsys.readouterr().out
    assert "local account, after the table joined the room" in out
    assert f"row {act_row}'s time" in out and "is earlier than row" in out
    # hands --database: the room's copy fails this reader's check, with the row time
    assert main(["hands", "--database", room.floor]) == 1
    assert f"ROW TIME — row {act_row}'s time" in capsys.readouterr().err
    # report --database of the hand: the floor act flagged, exit 1
    pdf = tmp_path / "h.pdf"
    args = ["report", "--database", room.floor, "--table-id", tid, "--hand", f"{c.session_id}-{c.hand_no}"]
    assert main([*args, "--out", str(pdf)]) == 1
    assert "local account, after the table joined the room" in capsys.readouterr().err
    # the console: in its red line (the row time), as its own check finds it
    w = RoomFloorWindow(room.floor)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.problem_line.isVisible(), timeout=10000)
    assert "THE ROOM'S COPY FAILS THIS CONSOLE'S CHECK" in w.problem_line.text()
    assert f"ROW TIME — row {act_row}'s time" in w.problem_line.text()
    w.close()
    c.store.close()


def test_a_clock_stepped_back_a_second_is_no_tampering(room, tmp_path, monkeypatch, capsys):
    c = a_table_with_history(room, tmp_path)
    tid = c.store.table_id()
    last = c.store.db.execute("SELECT at FROM log ORDER BY id DESC LIMIT 1").fetchone()[0]
    set_clock(monkeypatch, datetime.fromisoformat(last) - timedelta(seconds=1))
    c.enter_card("4s")  # (NTP stepped the clock back a second)
    monkeypatch.undo()
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    assert c.undo()  # (the next row, on time again)
    assert c.store.check() == []
    forward(room, c)
    assert room_check(room, tid).problems == []
    assert main(["verify", str(c.store.path), "--database", room.floor]) == 0
    assert "matches the record" in capsys.readouterr().out
    c.store.close()


def test_a_ruling_with_chips_timed_ahead_of_the_room_is_said(room, tmp_path, monkeypatch):
    """A row whose time is later than the room received it (the server's clock, which the
    table cannot set): the times were changed or the table's clock is ahead."""
    c = a_table_with_history(room, tmp_path)
    tid = c.store.table_id()
    rng = random.Random(5)
    while c.hand.phase != "done":  # the open hand dealt to its end: chips move between hands
        with contextlib.suppress(InputError):
            random_input(c, rng)
    c.finish_hand()
    forward(room, c)
    assert room_check(room, tid).problems == []
    set_clock(monkeypatch, datetime.now(UTC) + timedelta(hours=2))
    ruling = Ruling(
        c.session_id, 1, 1, "the bring-in was short", ("I-3", "B-3"), "seat 2 pays seat 3", "adjust", {2: -100, 3: 100}
    )
    rule_at_table(c, ruling, MARIA)
    monkeypatch.undo()
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    forward(room, c)
    ahead = [p for p in room_check(room, tid).problems if p.what == ROW_TIME]
    assert ahead and "is later than the room received it" in ahead[0].text
    assert "the table's clock is ahead" in ahead[0].text
