"""An installed table in a card room (room/service_link.py): the record service keeps the record
and its keys and runs the table's forwarder; the dealer's window names the room and shows the
forwarder's state, its start check is made by the service, and the room's rulings are applied
through it. A real PostgreSQL server (the ``room`` fixture) and a service in a subprocess."""

from __future__ import annotations

import psycopg
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.recordsvc.client import ServiceStore
from dealer_app.room.service_link import ServiceForwarder
from dealer_app.settings import RECORD_NAME
from dealer_app.ui.main_window import MainWindow
from dealer_app.ui.room_link import ask_room_at_start
from tests.record.test_record_proves_itself import play_hands
from tests.recordsvc.service import start_service
from tests.room.test_room_ruling_chips import PLAYERS, dialog_shown, rule_in_room, stacks

pytestmark = pytest.mark.qt


@pytest.fixture
def service(tmp_path, floor_accounts):
    running = start_service(tmp_path, floor_accounts)
    yield running
    running.stop()


def room_window(qtbot, tmp_path, service, url: str, name: str) -> MainWindow:
    settings = QSettings(str(tmp_path / f"{name}.ini"), QSettings.IniFormat)
    settings.setValue("room/database", url)
    settings.setValue("room/table_name", "Stud 1")
    w = MainWindow(TableController(ServiceStore.connect(service.socket)), settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def in_room(pg, room, table_id: str) -> tuple[int, int]:
    """(the table's last row in the room, its last head's row), as a superuser reads them."""
    with psycopg.connect(pg.url(db=room.name), autocommit=True) as su:
        (rows,) = su.execute(
            "SELECT coalesce(max(row_id), 0) FROM room.log WHERE table_id = %s", (table_id,)
        ).fetchone()
        (heads,) = su.execute(
            "SELECT coalesce(max(row_id), 0) FROM room.heads WHERE table_id = %s", (table_id,)
        ).fetchone()
    return rows, heads


def in_record(folder) -> tuple[int, int]:
    record = Store.read_only(folder / RECORD_NAME)
    try:
        rows = record.db.execute("SELECT max(id) FROM log").fetchone()[0]
        heads = record.db.execute("SELECT max(row) FROM heads").fetchone()[0]
    finally:
        record.close()
    return rows, heads


def test_an_installed_table_in_a_room_forwards_takes_the_rooms_ruling_and_is_checked(
    qtbot, tmp_path, room, pg, service
):
    w = room_window(qtbot, tmp_path, service, room.table_a, "first")
    c = w.controller
    assert isinstance(w.room.forwarder, ServiceForwarder)  # the service forwards; this window asks it
    c.open_table("stud-1-2", None, PLAYERS)
    play_hands(c, 2)
    table_id = c.store.table_id()
    room.enroll_when_registered(table_id)
    # every row and signed head the service committed reaches the room, and the window says so
    qtbot.waitUntil(lambda: in_room(pg, room, table_id) == in_record(service.folder), timeout=15000)
    qtbot.waitUntil(lambda: w.room_label.text() == "Room: up to date", timeout=5000)
    rows, heads = in_record(service.folder)
    assert rows > 30 and heads == rows
    # the room's floor rules: the window is shown it between hands, Enter applies it, and the
    # service commits the ruling row the room's floor signed (no passphrase checked here)
    rule_in_room(room, table_id, c.session_id, 2, {1: -150, 2: 150})
    dialog_shown(qtbot, w)
    before = stacks(c)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    qtbot.waitUntil(lambda: w.room_ruling_dialog is None)
    assert stacks(c) == {1: before[1] - 150, 2: before[2] + 150, 3: before[3]}
    record = Store.read_only(service.folder / RECORD_NAME)
    (applied,) = [pl for _, k, pl, _ in record.session_log(c.session_id) if k == "ruling"]
    record.close()
    assert applied["by"] == {"role": "floor", "name": f"{room.name}_floor"} and isinstance(applied["room_ruling"], int)
    qtbot.waitUntil(lambda: w.room.rulings == (), timeout=10000)
    qtbot.waitUntil(lambda: in_room(pg, room, table_id) == in_record(service.folder), timeout=15000)
    # the start check, made by the service: the room agrees
    settings = w.settings
    assert ask_room_at_start(c.store, settings) == []
    sid = c.session_id
    w.ask_before_closing = False
    w.close()
    c.store.close()
    # the room's owner edits a row of the table's copy: the service's forwarder, joined again
    # at the next start, compares the whole copy on connect and the window says it disagrees
    with psycopg.connect(pg.url(db=room.name), autocommit=True) as su:
        su.execute("ALTER TABLE room.log DISABLE TRIGGER append_only")
        (edited,) = su.execute(
            "UPDATE room.log SET payload = replace(payload, 'Ann', 'Mallory') WHERE table_id = %s AND row_id = "
            "(SELECT min(row_id) FROM room.log WHERE table_id = %s AND payload LIKE '%%Ann%%') RETURNING row_id",
            (table_id, table_id),
        ).fetchone()
        (last,) = su.execute(
            "UPDATE room.log SET at = '2001-01-01T00:00:00Z' WHERE table_id = %s AND row_id = "
            "(SELECT max(row_id) FROM room.log WHERE table_id = %s) RETURNING row_id",
            (table_id, table_id),
        ).fetchone()
    w2 = room_window(qtbot, tmp_path, service, room.table_a, "second")
    qtbot.waitUntil(lambda: "DISAGREE" in w2.room_label.text(), timeout=15000)
    assert "2 difference(s)" in w2.room_label.text()
    assert f"row {edited} (" in w2.room_label.toolTip() and "Mallory" in w2.room_label.toolTip()
    # and its start check, made by the service on its record, finds the last row changed: the
    # record's check (the service's) then fails the table, and it is not played on
    (note,) = ask_room_at_start(w2.controller.store, settings)
    assert f"This record's row {last} of table {table_id}" in note and "the room's copy was changed" in note
    tables = w2.controller.open_tables()
    assert [t.session_id for t in tables] == [sid] and tables[0].failing
    w2.ask_before_closing = False
    w2.close()
    w2.controller.store.close()


def test_a_floor_act_at_an_installed_table_in_a_room_is_made_under_the_floors_room_login(tmp_path, room, service):
    from tests.room.test_room_floor_login import ANNA_PW, room_acts

    room.pg.admin(f"CREATE ROLE {room.name}_anna LOGIN PASSWORD '{ANNA_PW}' IN ROLE dealer_floor")
    anna = f"{room.name}_anna"
    store = ServiceStore.connect(service.socket)
    c = TableController(store)
    c.open_table("stud-1-2", None, PLAYERS)
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    settings.setValue("room/database", room.table_a)
    from dealer_app.ui.floor_login_words import table_floor_authority

    c.floor_authority = table_floor_authority(room.table_a, store)  # as the window sets it
    store.join_room(room.table_a, "Stud 1")  # (the window's TableLink does this at its start)
    c.start_hand()
    c.enter_card("Kc")
    c.report_irregularity("I-6", floor=(anna, ANNA_PW))  # the service tries the login against the room
    assert c.prompt().kind == "award"
    (row,) = [pl for _h, k, pl, _at in store.session_log(c.session_id) if k == "irregularity"]
    ((act_id, _table, kind, _s, _h, _digest, login),) = room_acts(room)
    assert row["by"] == {"role": "floor", "name": anna, "room_login": anna, "room_act": act_id}
    assert (kind, login) == ("void", anna)
    store.leave_room()
    store.close()
