"""The fourth attack pass, finding 3: a room ruling's chips applied twice, the second copy with
the dealer's wording. The attacker's script (/tmp/a4/work/dup2.py) as a test: a stdlib client
on the record service's real socket, the room a real PostgreSQL server. The service refuses a
commit applying one room ruling twice (in one commit, or one the record applied already) and a
row whose content is not the ruling as the room filed it; written from source, the room's
readers name the second application and the changed content, with table, hand and row."""

from __future__ import annotations

import json
import time

import psycopg
import pytest

from dealer_app.__main__ import main
from dealer_app.live.controller import TableController
from dealer_app.record.rows import RulingRow
from dealer_app.record.store import Store
from dealer_app.recordsvc import protocol as p
from dealer_app.recordsvc.client import ServiceStore
from dealer_app.room.floor_act_check import APPLIED_TWICE, DIFFERS, check_floor_acts
from dealer_app.room.forwarder import Forwarder
from dealer_app.room.service_link import ServiceForwarder
from tests.record.test_record_proves_itself import play_hands
from tests.recordsvc.service import start_service
from tests.recordsvc.test_record_service_attack3 import call, dealer_socket, rows_of
from tests.room.test_room_ruling_chips import PLAYERS, rule_in_room

pytestmark = pytest.mark.pg


@pytest.fixture
def service(tmp_path, floor_accounts):
    running = start_service(tmp_path, floor_accounts)
    yield running
    running.stop()


def wait_for_hand_in_room(room, table_id: str, session: int, hand: int, timeout: float = 30.0) -> None:
    """Until the service's forwarder has brought the hand's end to the room."""
    deadline = time.monotonic() + timeout
    with psycopg.connect(room.floor, autocommit=True) as conn:
        while not conn.execute(
            "SELECT 1 FROM room.log WHERE table_id = %s AND session = %s AND hand_no = %s AND kind = 'hand_end'",
            (table_id, session, hand),
        ).fetchone():
            assert time.monotonic() < deadline, f"hand {session}-{hand} never reached the room"
            time.sleep(0.1)


def pending_of(status) -> dict:
    """The pending ruling as the forwarder reports it to the dealer's window (dup2.py's ``pend``)."""
    (pend,) = [r for r in status.rulings if r["hand"] == 2]
    return pend


def applying_rows(pend: dict) -> tuple[dict, dict]:
    """dup2.py's two rows: the room's ruling as the forwarder brought it, and a copy of it with
    the dealer's decision and witnesses."""
    row = dict(
        json.loads(pend["payload"]),
        room_ruling=pend["id"],
        room_hash=pend["hash"],
        floor_login=pend["floor_login"],
        confirmed_by={"role": "dealer"},
    )
    return row, dict(row, decision="seat 2 pays seat 1 $3 (applied twice as the floor ordered)", witnesses="Maria")


def test_a_room_ruling_is_applied_once_and_as_the_room_filed_it(tmp_path, room, service):
    store = ServiceStore.connect(service.socket)
    table = TableController(store)
    forwarder = ServiceForwarder(store, room.table_a, "Stud 1").start()
    table.open_table("stud-1-2", None, PLAYERS)
    play_hands(table, 2)
    session, table_id = table.session_id, store.table_id()
    room.enroll_when_registered(table_id)
    wait_for_hand_in_room(room, table_id, session, 2)  # (the floor rules on a hand the room holds)
    rule_in_room(room, table_id, session, 2, {1: 150, 2: -150})
    deadline = time.monotonic() + 15
    while not forwarder.poll().rulings:
        assert time.monotonic() < deadline, forwarder.state
        time.sleep(0.1)
    raw = dealer_socket(service)
    pend = pending_of(call(raw, p.RoomStatus()))
    store.close()  # (the dealer's window let the table go; the raw client holds it)
    row, changed = applying_rows(pend)
    while call(raw, p.Hold(session)) != p.Answer(True):  # (until the service has seen the window go)
        assert time.monotonic() < deadline + 10
        time.sleep(0.05)
    # the attack: two copies in one commit, the second with the dealer's wording
    reply = call(raw, p.Commit(session, [[2, [["ruling", row], ["ruling", changed]]]]))
    assert isinstance(reply, p.Refused)
    assert str(reply.says) == f"the room's ruling {pend['id']} is applied twice in one commit: refused"
    # the changed copy alone: not the ruling as the room filed it
    reply = call(raw, p.Commit(session, [[2, [["ruling", changed]]]]))
    assert isinstance(reply, p.Refused)
    assert str(reply.says) == (
        f"the row applying the room's ruling {pend['id']} is not the ruling as the room filed it "
        f"(it differs in decision, witnesses): refused"
    )
    # the room's ruling on another hand than the room filed it on
    reply = call(raw, p.Commit(session, [[1, [["ruling", row]]]]))
    assert isinstance(reply, p.Refused) and "(it differs in table session and hand)" in str(reply.says)
    assert rows_of(service.folder, session, "ruling") == []
    # the ruling as filed is applied, once; a second application later is refused
    assert isinstance(call(raw, p.Commit(session, [[2, [["ruling", row]]]])), p.Committed)
    reply = call(raw, p.Commit(session, [[2, [["ruling", row]]]]))
    assert isinstance(reply, p.Refused)
    assert str(reply.says) == f"the room's ruling {pend['id']} is applied in this record already: refused"
    (applied,) = rows_of(service.folder, session, "ruling")
    assert applied["decision"] == "Seat 1 pays seat 2 one dollar" and applied["chips"] == {"1": 150, "2": -150}
    assert call(raw, p.Check()) == p.Failing([])
    raw.close()


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_a_room_ruling_applied_twice_from_source_is_named_by_the_rooms_readers(tmp_path, room, capsys, monkeypatch):
    """Run from source the dealer's login writes the record itself: both copies stand in the
    record, and every room reader names the changed content and the second application."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    table = TableController(Store(tmp_path / "hands.sqlite3"))
    table.open_table("stud-1-2", None, PLAYERS)
    play_hands(table, 2)
    session, table_id = table.session_id, table.store.table_id()
    forwarder = Forwarder(table.store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    try:
        assert forwarder.wait_until_sent(10), forwarder.state
        rule_in_room(room, table_id, session, 2, {1: 150, 2: -150})
        deadline = time.monotonic() + 15
        while not forwarder.state.rulings:
            assert time.monotonic() < deadline, forwarder.state
            time.sleep(0.1)
        (pending,) = forwarder.state.rulings
        from dataclasses import asdict

        row, changed = applying_rows(asdict(pending))
        table.store.append(session, 2, [RulingRow(row), RulingRow(changed)])
        assert forwarder.wait_until_sent(10), forwarder.state
    finally:
        forwarder.stop(wait=True)
    with psycopg.connect(room.floor, autocommit=True) as conn:
        flagged = [
            c for c in check_floor_acts(lambda sql, args: conn.execute(sql, args).fetchall(), table_id) if c.flagged
        ]
    # (the first copy is the room's ruling as filed: it stands; the second is named)
    ((twice_check),) = flagged
    assert twice_check.verdict == APPLIED_TWICE and (twice_check.session, twice_check.hand) == (session, 2)
    second = twice_check.row
    first = second - 1
    twice = (
        f"{table_id} hand {session}-2: {APPLIED_TWICE}: row {second} applies room ruling {pending.id} again: "
        f"{table_id} row {first} (hand {session}-2) applied it, so its chips moved twice"
    )
    assert twice in [c.words() for c in flagged]
    code, out, err = run(capsys, "verify", tmp_path / "hands.sqlite3", "--database", room.floor)
    assert code == 1 and twice in out + err, out + err
    code, out, err = run(capsys, "hands", "--database", room.floor)
    assert code == 1 and twice in err, err


def test_a_changed_copy_alone_written_from_source_is_said_to_differ(tmp_path, room, capsys, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    table = TableController(Store(tmp_path / "hands.sqlite3"))
    table.open_table("stud-1-2", None, PLAYERS)
    play_hands(table, 2)
    session, table_id = table.session_id, table.store.table_id()
    forwarder = Forwarder(table.store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    try:
        assert forwarder.wait_until_sent(10), forwarder.state
        rule_in_room(room, table_id, session, 2, {1: 150, 2: -150})
        deadline = time.monotonic() + 15
        while not forwarder.state.rulings:
            assert time.monotonic() < deadline, forwarder.state
            time.sleep(0.1)
        (pending,) = forwarder.state.rulings
        from dataclasses import asdict

        _row, changed = applying_rows(asdict(pending))
        table.store.append(session, 2, [RulingRow(changed)])
        assert forwarder.wait_until_sent(10), forwarder.state
    finally:
        forwarder.stop(wait=True)
    with psycopg.connect(room.floor, autocommit=True) as conn:
        (check,) = [
            c for c in check_floor_acts(lambda sql, args: conn.execute(sql, args).fetchall(), table_id) if c.flagged
        ]
    assert check.verdict == DIFFERS and (check.session, check.hand) == (session, 2)
    said = (
        f"{table_id} hand {session}-2: ruling by room login {pending.floor_login}, room act {pending.id}: "
        f"differs: row {check.row} applies room ruling {pending.id}, which differs in the room in decision, witnesses"
    )
    assert check.words() == said
    code, out, err = run(capsys, "verify", tmp_path / "hands.sqlite3", "--database", room.floor)
    assert code == 1 and said in out + err, out + err
    code, out, err = run(capsys, "rulings", "--database", room.floor)
    assert code == 1 and said in out + err, out + err
