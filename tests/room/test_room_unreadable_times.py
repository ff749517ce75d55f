"""A row time that is not a time (issue 30, the fourth attack pass, finding 4): run from source,
the record's clock wrote the void's time two hours back with a "Z" after the offset
("…04:00:31.600+00:00Z"). Nothing parsed it, so no reader named it, and the room's floor-act
check compared it with the join as text (it read as before the join). Now every reader names
the time (ROW TIME) and the act counts as made after the join (LOCAL_IN_ROOM). A real
PostgreSQL server, as the other room tests."""

from datetime import UTC, datetime, timedelta

from dealer_app.cli import main
from dealer_app.record import store as store_module
from dealer_app.room.floor_act_check import LOCAL, LOCAL_IN_ROOM, check_floor_acts
from dealer_app.room.reader import RoomReader
from dealer_app.room.room_check import ROW_TIME
from tests.room.test_room_row_times import a_table_with_history, config, forward, room_check  # noqa: F401
from tests.support.floor_accounts import TOM


def test_an_unreadable_backdated_time_is_named_and_the_act_flagged(room, tmp_path, monkeypatch, capsys):
    c = a_table_with_history(room, tmp_path)
    tid = c.store.table_id()
    bad = (datetime.now(UTC) - timedelta(hours=2)).isoformat(timespec="milliseconds") + "Z"
    monkeypatch.setattr(store_module, "_now", lambda: bad)
    c.report_irregularity("I-6", floor=TOM)
    monkeypatch.undo()
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    act_row = c.store.db.execute("SELECT max(id) FROM log WHERE kind = 'irregularity'").fetchone()[0]
    # the record's own check names the time
    found = [p for p in c.store.check() if p.what == ROW_TIME]
    assert [p.row for p in found] == [act_row]
    assert f"row {act_row}'s time {bad!r} is not a time" in found[0].text
    forward(room, c)
    reader = RoomReader(room.floor)
    try:
        checks = check_floor_acts(reader._query, tid)
    finally:
        reader.close()
    assert [(k.verdict, k.flagged) for k in checks] == [(LOCAL, False), (LOCAL_IN_ROOM, True)]
    assert checks[1].row == act_row and "is not a time" in checks[1].words()
    (named,) = [p for p in room_check(room, tid).problems if p.what == ROW_TIME]
    assert named.row == act_row and f"ROW TIME — row {act_row}'s time {bad!r} is not a time" in named.text
    record = str(c.store.path)
    assert main(["verify", record]) == 1
    assert "is not a time" in capsys.readouterr().out
    assert main(["verify", record, "--database", room.floor]) == 1
    out = capsys.readouterr().out
    assert "local account, after the table joined the room" in out and f"row {act_row}'s time" in out
    assert main(["hands", "--database", room.floor]) == 1
    assert f"ROW TIME — row {act_row}'s time {bad!r} is not a time" in capsys.readouterr().err
    args = ["report", "--database", room.floor, "--table-id", tid, "--hand", f"{c.session_id}-{c.hand_no}"]
    assert main([*args, "--out", str(tmp_path / "h.pdf")]) == 1
    assert "local account, after the table joined the room" in capsys.readouterr().err
    c.store.close()
