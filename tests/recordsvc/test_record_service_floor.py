"""The record service and the floor: the floor console's rulings on an installed table go
through the service, which checks the floor's account itself; its refusals reach the window as
sentences, said in the dealer's language; the trainer keeps its progress on an installed table."""

from __future__ import annotations

import socket

import pytest
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QApplication

from dealer_app.engine.says import QT_TRANSLATE_NOOP, MoneyArg, says
from dealer_app.floor.ruling import Ruling
from dealer_app.floor.rulings import RulingRefused, record_ruling
from dealer_app.live.controller import TableController
from dealer_app.record.store import RecordError, Store
from dealer_app.recordsvc import protocol as p
from dealer_app.recordsvc.client import ServiceStore
from dealer_app.recordsvc.words import data_of, says_of
from dealer_app.settings import RECORD_NAME
from dealer_app.ui.words import error_words
from tests.record.test_record_proves_itself import play_hands
from tests.recordsvc.service import start_service
from tests.recordsvc.test_record_service import service_window
from tests.support.floor_accounts import MARIA, TOM
from tests.support.helpers import load_german

PLAYERS = [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)]


@pytest.fixture
def service(tmp_path, floor_accounts):
    running = start_service(tmp_path, floor_accounts)
    yield running
    running.stop()


def ruling(session: int, hand: int, remedy: str = "none", chips: dict | None = None) -> Ruling:
    return Ruling(
        session, hand, 1, "Seat 2 says seat 1 string-raised", ("I-3", "A-6"), "Seat 1 pays seat 2", remedy, chips or {}
    )


def rulings_in(folder, session: int) -> list[dict]:
    record = Store.read_only(folder / RECORD_NAME)
    try:
        return [pl for _, k, pl, _ in record.session_log(session) if k == "ruling"]
    finally:
        record.close()


def test_a_ruling_from_the_floor_console_is_written_by_the_service_with_the_floor_checked_there(tmp_path, service):
    table = TableController(ServiceStore.connect(service.socket))  # the dealer's window, dealing
    table.open_table("stud-1-2", None, PLAYERS)
    play_hands(table, 2)
    sid = table.session_id
    console = ServiceStore.connect(service.socket)  # the floor console: the record read, never written
    assert not console.writable
    recorded = record_ruling(console, ruling(sid, 2), MARIA)
    (row,) = rulings_in(service.folder, sid)
    assert row["by"] == {"role": "floor", "name": "Maria"} and row["case"] == recorded.case
    # chips do not move on a table another window deals (the client asks; the service refuses too)
    with pytest.raises(RulingRefused, match="being dealt in another window"):
        record_ruling(console, ruling(sid, 2, "adjust", {1: -100, 2: 100}), MARIA)
    raw = socket.socket(socket.AF_UNIX)
    raw.connect(str(service.socket))
    p.send(raw, p.ConfirmFloor(*TOM))
    assert isinstance(p.receive(raw), p.FloorConfirmed)
    signed = ruling(sid, 2, "adjust", {1: -100, 2: 100}).payload({"role": "floor", "name": "Tom"})
    p.send(raw, p.AppendFloorRows(sid, 2, [["ruling", signed]]))
    reply = p.receive(raw)
    assert isinstance(reply, p.Refused) and reply.what == p.LOCKED and "moves chips" in str(reply.says)
    # a ruling naming the floor whose passphrase the service did not check is refused
    p.send(raw, p.AppendFloorRows(sid, 2, [["ruling", ruling(sid, 2).payload({"role": "floor", "name": "Anna"})]]))
    reply = p.receive(raw)
    assert isinstance(reply, p.Refused) and "Anna whose passphrase the record service did not check" in str(reply.says)
    # and the console writes rulings only, not the table's inputs
    p.send(raw, p.AppendFloorRows(sid, 2, [["input", {"input": ["act", 1, "fold", 0]}]]))
    reply = p.receive(raw)
    assert isinstance(reply, p.Refused) and "not a input row" in str(reply.says)
    raw.close()
    assert len(rulings_in(service.folder, sid)) == 1
    # between hands on a table nobody deals, chips move
    table.store.close()
    record_ruling(console, ruling(sid, 2, "adjust", {1: -100, 2: 100}), MARIA)
    assert [r["chips"] for r in rulings_in(service.folder, sid)] == [{}, {"1": -100, "2": 100}]
    # a wrong passphrase: refused by the service, the try recorded in the table's record
    with pytest.raises(RulingRefused, match="wrong floor account name or passphrase"):
        record_ruling(console, ruling(sid, 2), ("Maria", "not her passphrase"))
    assert len(rulings_in(service.folder, sid)) == 2
    record = Store.read_only(service.folder / RECORD_NAME)
    refused = [pl for _, k, pl, _ in record.session_log(sid) if k == "floor_refused"]
    record.close()
    assert refused and refused[-1]["by"]["name"] == "Maria"
    console.close()


def test_a_sentence_crosses_the_socket_whole():
    template = QT_TRANSLATE_NOOP("Errors", "seat %1 has %2: it cannot give %3")
    sentence = says(template, 3, MoneyArg(150, "EUR"), says(QT_TRANSLATE_NOOP("Errors", "a part %1"), "x"))
    back = says_of(data_of(sentence))
    assert back == sentence and back.context == "Errors" and str(back) == str(sentence)
    counted = says(QT_TRANSLATE_NOOP("Errors", "the record counted %1 exam result(s): %2 are missing", None, 1), 3, 1)
    assert says_of(data_of(counted)).count == 3  # (German's numerus form is chosen by it)
    plain = says_of(data_of("50% of %1 is plain words"))
    assert str(plain) == "50% of %1 is plain words" and plain.context == ""


@pytest.fixture
def german(qapp):
    translator = QTranslator()
    assert load_german(translator)
    QApplication.installTranslator(translator)
    yield
    QApplication.removeTranslator(translator)


def test_a_refusal_of_the_service_is_shown_in_german(tmp_path, service, german):
    store = ServiceStore.connect(service.socket)
    c = TableController(store)
    c.open_table("stud-5-10", None, PLAYERS)
    other = ServiceStore.connect(service.socket)
    from dealer_app.record.rows import ResumeRow

    with pytest.raises(RecordError) as refused:
        other.append(c.session_id, 0, [ResumeRow(c.session_id)])
    shown = error_words(refused.value)
    assert shown.startswith(f"Tischsitzung {c.session_id} ist nicht in diesem Fenster geöffnet"), shown
    assert "held by this window" not in shown
    from dealer_app.record.floor_accounts import FloorRefused

    with pytest.raises(FloorRefused) as wrong:
        other.confirm_floor("Maria", "not her passphrase")
    shown = error_words(wrong.value)
    assert shown.startswith("Falsches Floor-Konto oder Passwort (protokolliert): Maria kann es in "), shown
    other.close()
    store.close()


def test_the_trainer_keeps_its_progress_in_the_logins_own_record_on_an_installed_table(
    qtbot, tmp_path, service, monkeypatch
):
    monkeypatch.setenv("DEALER_APP_DATA", str(tmp_path / "own"))
    w = service_window(qtbot, tmp_path, service.socket)
    trainer = w.trainer()
    qtbot.addWidget(trainer)
    assert trainer.progress is not None
    own = w._training_store
    assert own is not None and own.path.parent == (tmp_path / "own").resolve()
    assert own.path != w.controller.store.path  # not the service's record
    trainer.close()


def test_the_status_names_the_services_card_room_link(tmp_path, service, capsys):
    from dealer_app.cli import main

    assert main(["record-service", "--status", "--socket", str(service.socket)]) == 0
    assert "card room: none" in capsys.readouterr().out.splitlines()
