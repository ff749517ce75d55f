"""The third attack pass on the installed table (issue 30), each attack as it was made: a stdlib
client on the record service's real socket, the dealer's login. Each is refused by the service
in words, and what a run-from-source dealer can still write into the record is named by its
readers (``verify``, ``rulings``): an unsigned floor act, never a floor person's act."""

from __future__ import annotations

import json
import socket
import time

import pytest

from dealer_app.__main__ import main
from dealer_app.floor.ruling import Ruling
from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.recordsvc import protocol as p
from dealer_app.recordsvc.client import ServiceStore
from dealer_app.recordsvc.server import BACKOFF_NAME
from dealer_app.settings import RECORD_NAME
from tests.record.test_record_proves_itself import play_hands
from tests.recordsvc.service import start_service
from tests.support.floor_accounts import MARIA

PLAYERS = [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)]


@pytest.fixture
def service(tmp_path, floor_accounts):
    running = start_service(tmp_path, floor_accounts)
    yield running
    running.stop()


def dealt_table(service) -> int:
    """A table of two hands dealt through the service; its window closed (the table let go)."""
    store = ServiceStore.connect(service.socket)
    table = TableController(store)
    table.open_table("stud-5-10", None, PLAYERS)
    play_hands(table, 2)
    session = table.session_id
    store.close()
    return session


def dealing_table(service) -> int:
    """``dealt_table`` with its hand 3 dealt (open): the hand a window's inputs and undos are of."""
    store = ServiceStore.connect(service.socket)
    table = TableController(store)
    table.open_table("stud-5-10", None, PLAYERS)
    play_hands(table, 2)
    table.start_hand()
    session = table.session_id
    store.close()
    return session


def dealer_socket(service) -> socket.socket:
    raw = socket.socket(socket.AF_UNIX)
    raw.connect(str(service.socket))
    return raw


def call(raw: socket.socket, request) -> object:
    p.send(raw, request)
    return p.receive(raw)


def moving_ruling(session: int, by: dict) -> dict:
    """The attack's ruling: seat 3 pays seat 1 $25 on hand 2."""
    ruling = Ruling(
        session, 2, 1, "seat 3 string-raised", ("I-3",), "seat 3 pays seat 1", "adjust", {1: 2500, 3: -2500}
    )
    return ruling.payload(by)


def rows_of(folder, session: int, kind: str) -> list[dict]:
    record = Store.read_only(folder / RECORD_NAME)
    try:
        return [pl for _, k, pl, _ in record.session_log(session) if k == kind]
    finally:
        record.close()


@pytest.mark.parametrize("role", ["Floor", "FLOOR", " floor", "flor", "dealer"])
def test_a_ruling_by_anna_under_any_spelling_of_the_role_is_refused_without_her_passphrase(tmp_path, service, role):
    session = dealing_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    by = {"role": role, "name": "Anna"}
    reply = call(raw, p.Commit(session, [[2, [["ruling", moving_ruling(session, by)]]]]))
    assert isinstance(reply, p.Refused)
    assert str(reply.says) == "a floor act by Anna whose passphrase the record service did not check: refused"
    assert rows_of(service.folder, session, "ruling") == []
    assert call(raw, p.Check()) == p.Failing([])
    if role == "dealer":  # (a void or a close the dealer confirms is the dealer's act, not the floor's)
        return
    # a void (an irregularity the floor confirms) and a close by the floor, the same
    void = ["irregularity", {"input": ["irregularity", "I-6"], "by": by}]
    reply = call(raw, p.Commit(session, [[3, [void]]]))
    assert isinstance(reply, p.Refused) and "Anna whose passphrase" in str(reply.says)
    reply = call(raw, p.CloseTable(session, 2, [["close_table", {"resumed": False, "by": by}]]))
    assert isinstance(reply, p.Refused) and "Anna whose passphrase" in str(reply.says)
    assert call(raw, p.Check()) == p.Failing([])
    raw.close()


def test_the_service_writes_the_floors_name_from_the_account_it_checked_on_that_connection(tmp_path, service):
    session = dealt_table(service)
    raw, other = dealer_socket(service), dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    # a passphrase checked on another connection confirms nothing on this one
    assert isinstance(call(other, p.ConfirmFloor(*MARIA)), p.FloorConfirmed)
    reply = call(
        raw, p.Commit(session, [[2, [["ruling", moving_ruling(session, {"role": "floor", "name": "Maria"})]]]])
    )
    assert isinstance(reply, p.Refused) and "Maria whose passphrase" in str(reply.says)
    # checked here: the row is written as the account names her, whatever case the client gave
    assert isinstance(call(raw, p.ConfirmFloor(*MARIA)), p.FloorConfirmed)
    bent = {"role": "Floor", "name": "MARIA", "extra": "the dealer's"}
    assert isinstance(call(raw, p.Commit(session, [[2, [["ruling", moving_ruling(session, bent)]]]])), p.Committed)
    (written,) = rows_of(service.folder, session, "ruling")
    assert written["by"] == {"role": "floor", "name": "Maria"}
    raw.close()
    other.close()


def test_an_unsigned_floor_act_written_from_source_is_named_by_verify_and_rulings(tmp_path, capsys):
    """Run from source the dealer's login writes the record itself: the row stands, and every
    reader says it is an unsigned floor act, never a ruling by Anna."""
    folder = tmp_path / "record"
    folder.mkdir()
    store = Store(folder / RECORD_NAME)
    table = TableController(store)
    table.open_table("stud-5-10", None, PLAYERS)
    play_hands(table, 2)
    session = table.session_id
    from dealer_app.record.rows import RulingRow

    store.append(session, 2, [RulingRow(moving_ruling(session, {"role": "Floor", "name": "Anna"}))])
    store.close()
    code = main(["verify", str(folder / RECORD_NAME)])
    out, err = capsys.readouterr()
    assert code == 1, out + err
    assert "a ruling row claims a floor act under a signature that is not the floor's" in out
    assert "UNSIGNED floor act (role 'Floor', name 'Anna' not checked)" in out
    code = main(["rulings", "--db", str(folder / RECORD_NAME), "--json"])
    out, err = capsys.readouterr()
    shown = json.loads(out)
    floors = [e["floor"] for case in shown["cases"] for e in case["rulings"]]
    assert all("Anna" not in f or f.startswith("UNSIGNED floor act") for f in floors), floors
    assert any(f.startswith("UNSIGNED floor act") for f in floors), floors


def test_a_wrong_passphrase_is_recorded_by_the_service_itself_and_its_wait_survives_a_restart(
    tmp_path, service, floor_accounts
):
    session = dealt_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    reply = call(raw, p.ConfirmFloor("Maria", "not her passphrase"))
    assert isinstance(reply, p.Refused) and reply.what == p.FLOOR
    assert reply.floor_row is None  # (written by the service: a hostile client has nothing to leave out)
    (refused,) = rows_of(service.folder, session, "floor_refused")
    assert refused["by"]["name"] == "Maria" and "not her passphrase" not in json.dumps(refused)
    kept = json.loads((service.folder / BACKOFF_NAME).read_text())
    assert kept["maria"][0] == 1
    raw.close()
    # the service restarted with a long wait kept: her right passphrase is refused until it ends
    service.stop()
    kept["maria"] = [9, time.time() + 300]
    (service.folder / BACKOFF_NAME).write_text(json.dumps(kept))
    again = start_service(tmp_path, floor_accounts)
    try:
        raw = dealer_socket(again)
        reply = call(raw, p.ConfirmFloor(*MARIA))
        assert isinstance(reply, p.Refused) and "too soon after a refused try" in str(reply.says)
        raw.close()
    finally:
        again.stop()


def test_an_open_of_no_rows_or_of_a_limit_table_that_does_not_exist_is_refused(tmp_path, service):
    raw = dealer_socket(service)
    reply = call(raw, p.OpenTable("nope", "nope", []))
    assert isinstance(reply, p.Refused)
    assert str(reply.says) == "a table opens with its open_table row first (limit table, profile, stacks): refused"
    reply = call(raw, p.OpenTable("nope", "nope", [["open_table", {"table": "nope", "profile": "nope"}]]))
    assert isinstance(reply, p.Refused)
    assert str(reply.says) == "the limit table nope does not exist (or is not readable as played): refused"
    reply = call(raw, p.OpenTable("nope", "standard", [["open_table", {"table": "other", "profile": "standard"}]]))
    assert isinstance(reply, p.Refused) and "names limit table other and profile standard, not nope" in str(reply.says)
    reply = call(raw, p.OpenTable("stud-5-10", "nope", [["open_table", {"table": "stud-5-10", "profile": "nope"}]]))
    assert isinstance(reply, p.Refused) and str(reply.says).startswith("the profile nope does not exist")
    assert call(raw, p.Check()) == p.Failing([])
    raw.close()
    record = Store.read_only(service.folder / RECORD_NAME)
    try:
        assert record.all_sessions() == []
    finally:
        record.close()
