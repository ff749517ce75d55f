"""The record service (recordsvc/): the live table writes its record through it and never
opens the record or a key for writing itself. The service runs in a subprocess on a socket of
the test's own, as the .deb's unit runs it; the dealer's keys go to the focused widget."""

from __future__ import annotations

import os
import socket
import stat
import struct

import pytest
from PySide6.QtCore import QSettings, Qt

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.recordsvc import protocol as p
from dealer_app.recordsvc.client import ServiceStore
from dealer_app.settings import KEY_NAME, RECORD_NAME, SIGNING_KEY_NAME
from dealer_app.ui.main_window import MainWindow
from tests.recordsvc.service import start_service
from tests.support.floor_accounts import MARIA
from tests.ui.test_ui_dealer_keys import Keyboard, open_table_by_hand

pytestmark = pytest.mark.qt


@pytest.fixture
def service(tmp_path, floor_accounts):
    running = start_service(tmp_path, floor_accounts)
    yield running
    running.stop()


def service_window(qtbot, tmp_path, socket_path, name="settings.ini") -> MainWindow:
    settings = QSettings(str(tmp_path / name), QSettings.IniFormat)
    w = MainWindow(TableController(ServiceStore.connect(socket_path)), settings)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    w.activateWindow()
    qtbot.waitExposed(w)
    return w


def kinds(store: Store, session: int) -> list[str]:
    return [k for _, k, _, _ in store.session_log(session)]


def test_a_hand_dealt_through_the_service_with_undo_then_resumed_after_a_restart(qtbot, tmp_path, service):
    w = service_window(qtbot, tmp_path, service.socket)
    c, kb = w.controller, Keyboard(qtbot, w)
    open_table_by_hand(qtbot, kb, w, ["Ann", "Bob", "Cy"])
    kb.enter()  # hand 1
    for code in ("kd", "2c", "th"):
        kb.card(code)
    kb.action("b")
    kb.action("c")  # a slip…
    kb.key(Qt.Key_Z, Qt.ControlModifier)  # …undone
    assert c.prompt().seat == 3 and len(c.inputs) == 4
    kb.action("o")
    # what the table shows is what the service committed: the record read back has every input
    sid = c.session_id
    record = Store.read_only(service.folder / RECORD_NAME)
    log = kinds(record, sid)
    assert log.count("input") == 6 and log.count("undo") == 1 and log[-1] == "input"
    record.close()
    assert isinstance(c.store, ServiceStore) and c.store.path == (service.folder / RECORD_NAME).resolve()
    # the GUI process ends (its connection with it): the table is free, and a new one resumes it
    c.store.close()
    w.ask_before_closing = False  # (the process ends: nobody is asked)
    w.close()
    w2 = service_window(qtbot, tmp_path, service.socket, "s2.ini")
    tables = w2.controller.open_tables()
    assert [t.session_id for t in tables] == [sid] and not tables[0].in_use
    w2.controller.resume(sid)
    assert w2.controller.hand_no == 1 and len(w2.controller.inputs) == 5
    assert w2.controller.prompt().seat == 1  # after the completion, as before the restart
    kb2 = Keyboard(qtbot, w2)
    kb2.action("f")
    assert kinds(w2.controller.store, sid)[-1] == "input" and len(w2.controller.inputs) == 6


def test_the_gui_never_opens_the_record_or_a_key_for_writing(qtbot, tmp_path, service, monkeypatch):
    """With the service, the table's process writes nothing itself: every file open for
    writing under the service's folder would be a way around it."""
    import builtins
    import sqlite3

    opened_for_writing: list[str] = []
    real_open, real_os_open, real_connect = builtins.open, os.open, sqlite3.connect
    folder = str(service.folder.resolve())

    def watch_open(file, mode="r", *args, **kwargs):
        if str(file).startswith(folder) and any(m in mode for m in "wax+"):
            opened_for_writing.append(f"open {file} {mode}")
        return real_open(file, mode, *args, **kwargs)

    def watch_os_open(path, flags, *args, **kwargs):
        if str(path).startswith(folder) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            opened_for_writing.append(f"os.open {path}")
        return real_os_open(path, flags, *args, **kwargs)

    def watch_connect(database, *args, **kwargs):
        text = str(database)
        if folder in text and "mode=ro" not in text and "immutable=1" not in text:
            opened_for_writing.append(f"sqlite3.connect {text}")
        return real_connect(database, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", watch_open)
    monkeypatch.setattr(os, "open", watch_os_open)
    monkeypatch.setattr(sqlite3, "connect", watch_connect)
    w = service_window(qtbot, tmp_path, service.socket)
    c, kb = w.controller, Keyboard(qtbot, w)
    c.open_table("stud-5-10", None, [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)])
    kb.enter()
    for code in ("kd", "2c", "th"):
        kb.card(code)
    kb.action("b")
    assert c.hand_no == 1 and len(c.inputs) == 4
    assert opened_for_writing == []
    # and the keys were never the GUI's to read: they are the service's, in its folder only
    assert (service.folder / KEY_NAME).is_file() and (service.folder / SIGNING_KEY_NAME).is_file()
    assert stat.S_IMODE((service.folder / SIGNING_KEY_NAME).stat().st_mode) == 0o600


def test_the_service_gone_mid_hand_is_said_and_nothing_is_applied(qtbot, tmp_path, service):
    w = service_window(qtbot, tmp_path, service.socket)
    c, kb = w.controller, Keyboard(qtbot, w)
    c.open_table("stud-5-10", None, [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)])
    kb.enter()
    kb.card("kd")
    service.kill()
    kb.type("2c")
    kb.enter()
    assert "The record service" in w.panel.error.text() and "nothing was changed" in w.panel.error.text()
    assert c.prompt().seat == 2 and len(c.inputs) == 1  # the card was not applied
    record = Store.read_only(service.folder / RECORD_NAME)
    assert kinds(record, c.session_id).count("input") == 1
    record.close()


def test_a_floor_act_is_checked_by_the_service_and_a_forged_one_refused(tmp_path, service):
    store = ServiceStore.connect(service.socket)
    c = TableController(store)
    c.open_table("stud-5-10", None, [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)])
    c.start_hand()
    c.report_irregularity("I-6", floor=MARIA)  # a misdeal: the floor voids it
    rows = [pl for _, k, pl, _ in store.session_log(c.session_id) if k == "irregularity"]
    assert rows[-1]["by"] == {"role": "floor", "name": "Maria"}
    # a dealer who writes "the floor confirmed" to the socket without the passphrase is refused
    raw = socket.socket(socket.AF_UNIX)
    raw.connect(str(service.socket))
    p.send(raw, p.Hold(c.session_id + 1))
    p.receive(raw)
    forged = [["input", {"input": ["act", 1, "fold", 0], "by": {"role": "floor", "name": "Maria"}}]]
    p.send(raw, p.OpenTable("stud-5-10", "standard", forged))
    reply = p.receive(raw)
    assert isinstance(reply, p.Refused) and "did not check" in str(reply.says)
    raw.close()


def test_a_garbled_an_oversized_and_an_unknown_request_are_refused_and_the_service_goes_on(tmp_path, service):
    def raw_reply(data: bytes) -> p.Refused:
        s = socket.socket(socket.AF_UNIX)
        s.connect(str(service.socket))
        s.sendall(data)
        reply = p.receive(s)
        s.close()
        assert isinstance(reply, p.Refused) and reply.what == p.PROTOCOL
        return reply

    body = b"\x80not json"
    assert "not UTF-8 JSON" in str(raw_reply(struct.pack(">I", len(body)) + body).says)
    assert "longer than" in str(raw_reply(struct.pack(">I", p.MAX_MESSAGE + 1)).says)
    body = b'{"type": "Pickle", "data": "gASV"}'
    assert "unknown message type" in str(raw_reply(struct.pack(">I", len(body)) + body).says)
    body = b'{"type": "Commit", "session": "1", "parts": []}'
    assert "session is not a int" in str(raw_reply(struct.pack(">I", len(body)) + body).says)
    # the service still serves a well-formed client, and a row kind the record does not know is refused
    store = ServiceStore.connect(service.socket)
    with pytest.raises(Exception, match="not a 'nonsense' row"):
        store.service.call(p.OpenTable("stud-5-10", "standard", [["nonsense", {}]]))


def test_a_table_held_by_one_window_is_refused_to_another(tmp_path, service):
    first, second = ServiceStore.connect(service.socket), ServiceStore.connect(service.socket)
    c = TableController(first)
    c.open_table("stud-5-10", None, [(1, "Ann", 5000), (2, "Bob", 5000)])
    assert second.session_in_use(c.session_id) and not first.session_in_use(c.session_id)
    from dealer_app.record.rows import ResumeRow
    from dealer_app.record.store import RecordError, SessionLocked

    with pytest.raises(SessionLocked):
        second.lock_session(c.session_id)
    with pytest.raises(RecordError, match="not held by this window"):
        second.append(c.session_id, 0, [ResumeRow(c.session_id)])
