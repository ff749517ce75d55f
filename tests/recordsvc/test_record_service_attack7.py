"""The seventh attack pass on the installed table, each attack as it was made: a stdlib client on
the record service's real socket, the dealer's login. Rows replay cannot play (a hand ended or
dealt out of turn, a top-up of -9000 or 1e308, a seat change mid-hand), rows only the store
writes, a close written as a row of a hand, a closed table written to, five floor acts under one
passphrase check, and a client that reads no reply: each is refused now, in words, nothing is
written, and the service goes on serving the others."""

from __future__ import annotations

import sqlite3
import struct

import pytest

from dealer_app.recordsvc import protocol as p
from dealer_app.settings import KEY_NAME, RECORD_NAME
from tests.recordsvc.test_record_service_attack3 import (
    call,
    dealer_socket,
    dealing_table,
    dealt_table,
    moving_ruling,
    rows_of,
)
from tests.recordsvc.test_record_service_attack3 import service as service  # (the fixture)
from tests.support.floor_accounts import MARIA

SEATS = [[1, "Ann", 10000], [2, "Bob", 10000], [3, "Cy", 10000]]

# between hands (hand 2 ended): each commit as the attack sent it, and what its refusal names
BETWEEN = {
    "a second hand_end for hand 2": (
        [[2, [["hand_end", {"pots": [], "net": {"1": 10000, "3": -10000}}]]]],
        "hand 2 is not being dealt",
    ),
    "a negative top-up": ([[2, [["top_up", {"seat": 3, "amount": -9000}]]]], "a top-up is whole cents above 0"),
    "a top-up of 1e308": ([[2, [["top_up", {"seat": 1, "amount": 1e308}]]]], "a top-up is whole cents above 0"),
    "hand 1 dealt again": ([[1, [["hand_start", {"hand": 1, "seats": SEATS}]]]], "the next hand is hand 3, not"),
    "a hand_start naming another hand": (
        [[3, [["hand_start", {"hand": 9, "seats": SEATS}]]]],
        "the row starting hand 3 names hand 9",
    ),
    "a hand_start naming its hand as text": (
        [[3, [["hand_start", {"hand": "3", "seats": "x"}]]]],
        "the row starting hand 3 names hand '3'",
    ),
    "a signing_started row": (
        [[2, [["signing_started", {"public_key": "00" * 32, "key_id": "EVIL", "rows_before": 0}]]]],
        "the signing_started row is written by the record itself",
    ),
    "a record_upgraded row": (
        [[2, [["record_upgraded", {"opened_at": None, "closed_at": None, "format1_head": "x"}]]]],
        "the record_upgraded row is written by the record itself",
    ),
    "an event row": (
        [[2, [["event", {"type": "award", "seat": 1, "amount": 50000}]]]],
        "the event row is written by the record itself",
    ),
    "a close_table row in a commit": (
        [[2, [["close_table", {"resumed": False, "failing": "dealer says so"}]]]],
        "a close_table row is written as the table is closed",
    ),
}
# hand 3 being dealt
MID_HAND = {
    "a top-up": ([[3, [["top_up", {"seat": 1, "amount": 50000}]]]], "hand 3 is being dealt: a top_up row"),
    "a player leaving": (
        [[3, [["leave", {"seat": 3, "name": "Cy", "cash_out": 9000}]]]],
        "hand 3 is being dealt: a leave row",
    ),
    "hand 4 dealt over it": (
        [[4, [["hand_start", {"hand": 4, "seats": SEATS}]]]],
        "hand 3 is being dealt: hand 4 is started after it ends",
    ),
}


def row_count(folder) -> int:
    with sqlite3.connect(folder / RECORD_NAME) as db:
        return int(db.execute("SELECT COUNT(*) FROM log").fetchone()[0])


def refused_with_nothing_written(service, session: int, parts: list, names: str) -> None:
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    before = row_count(service.folder)
    reply = call(raw, p.Commit(session, parts))
    assert isinstance(reply, p.Refused) and reply.what == p.RECORD, reply
    assert names in str(reply.says)
    assert row_count(service.folder) == before
    assert call(raw, p.Hello()) == p.Record(  # (and the service serves on)
        str((service.folder / RECORD_NAME).resolve()), str((service.folder / "anchors.txt").resolve())
    )
    raw.close()


@pytest.mark.parametrize("attack", sorted(BETWEEN))
def test_rows_replay_cannot_play_between_hands_are_refused(tmp_path, service, attack):
    parts, names = BETWEEN[attack]
    refused_with_nothing_written(service, dealt_table(service), parts, names)
    raw = dealer_socket(service)
    assert call(raw, p.Check()) == p.Failing([])  # (the record's check: the table as played, nothing else)
    raw.close()


@pytest.mark.parametrize("attack", sorted(MID_HAND))
def test_rows_replay_cannot_play_mid_hand_are_refused(tmp_path, service, attack):
    parts, names = MID_HAND[attack]
    refused_with_nothing_written(service, dealing_table(service), parts, names)


def test_the_hands_own_rows_still_follow_in_turn(tmp_path, service):
    """What the window writes goes on being taken: a top-up between hands, hand 3 dealt, ended."""
    session = dealt_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    start = rows_of(service.folder, session, "hand_start")[-1]["seats"]
    net = rows_of(service.folder, session, "hand_end")[-1]["net"]
    seats = [[seat, name, stack + net[str(seat)] + (5000 if seat == 1 else 0)] for seat, name, stack in start]
    parts = [
        [2, [["top_up", {"seat": 1, "amount": 5000}]]],
        [3, [["hand_start", {"hand": 3, "seats": seats}]]],
    ]
    assert isinstance(call(raw, p.Commit(session, parts)), p.Committed)
    assert [r["amount"] for r in rows_of(service.folder, session, "top_up")] == [5000]
    raw.close()


def test_a_close_not_as_the_window_writes_it_and_a_closed_table_are_refused(tmp_path, service):
    session = dealt_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    before = row_count(service.folder)
    forged = call(raw, p.CloseTable(session, 2, [["close_table", {"resumed": False, "failing": "dealer says so"}]]))
    assert isinstance(forged, p.Refused) and "one close_table row as the window writes it" in str(forged.says)
    two = call(raw, p.CloseTable(session, 2, [["close_table", {"hand_open": False}]] * 2))
    assert isinstance(two, p.Refused) and "one close_table row as the window writes it" in str(two.says)
    assert row_count(service.folder) == before
    assert isinstance(call(raw, p.CloseTable(session, 2, [["close_table", {"hand_open": False}]])), p.Committed)
    closed = call(raw, p.Hold(session))
    assert isinstance(closed, p.Refused) and f"table session {session} is closed" in str(closed.says)
    after_close = row_count(service.folder)
    written = call(raw, p.Commit(session, [[2, [["top_up", {"seat": 1, "amount": 5000}]]]]))
    assert isinstance(written, p.Refused) and "is not held by this window" in str(written.says)
    assert row_count(service.folder) == after_close
    raw.close()


def test_one_passphrase_check_confirms_one_floor_act(tmp_path, service):
    """The pass's Maria typed her passphrase once and the dealer's next commit wrote five
    chip-moving rulings under her name; now each check covers one row naming her."""
    session = dealt_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    by = {"role": "floor", "name": "Maria"}

    def rulings(count: int) -> list:
        return [["ruling", dict(moving_ruling(session, by), decision=f"seat 3 pays seat 1 #{i}")] for i in range(count)]

    assert isinstance(call(raw, p.ConfirmFloor(*MARIA)), p.FloorConfirmed)
    five = call(raw, p.Commit(session, [[2, rulings(5)]]))
    assert isinstance(five, p.Refused) and "one passphrase check of Maria confirms one floor act" in str(five.says)
    assert "2 rows name them" in str(five.says)
    assert rows_of(service.folder, session, "ruling") == []
    assert isinstance(call(raw, p.ConfirmFloor(*MARIA)), p.FloorConfirmed)  # (two checks now, the first unused)
    assert isinstance(call(raw, p.Commit(session, [[2, rulings(2)]])), p.Committed)
    again = call(raw, p.Commit(session, [[2, rulings(1)]]))
    assert isinstance(again, p.Refused) and "whose passphrase the record service did not check" in str(again.says)
    assert len(rows_of(service.folder, session, "ruling")) == 2
    raw.close()


def test_a_client_that_reads_no_reply_is_dropped_and_the_others_are_served(tmp_path, service):
    """The pass's client pipelined Hello requests until its socket was full and read none of the
    replies: the service, sending them blocking, stalled for everyone."""
    hog = dealer_socket(service)
    hog.setblocking(False)
    one = p.encode(p.Hello())
    sent = 0
    try:
        while sent < 200_000:
            hog.send(one)
            sent += 1
    except BlockingIOError:
        pass
    assert sent > 100  # (the socket's buffers are full of requests)
    other = dealer_socket(service)
    other.settimeout(60)
    assert isinstance(call(other, p.Hello()), p.Record)
    other.close()
    hog.settimeout(60)
    got = b""
    try:
        while chunk := hog.recv(1 << 16):  # (its replies sent before the service gave up, then the end)
            got += chunk
    except ConnectionResetError:
        pass  # (closed with its requests unread: the end as well)
    replies = 0
    while len(got) >= 4 and len(got) >= 4 + (length := struct.unpack(">I", got[:4])[0]):
        got, replies = got[4 + length :], replies + 1
    assert replies < sent  # (not every request answered: it was dropped)
    hog.close()
    late = dealer_socket(service)
    late.settimeout(60)
    assert isinstance(call(late, p.Hello()), p.Record)
    late.close()
    assert service.process.poll() is None


def test_export_names_a_second_end_of_a_hand_written_from_source(tmp_path, capsys, monkeypatch):
    """A record written from source (no service) can hold hand 2 ended twice: ``export --db``
    stopped on it with an AttributeError; it names the row that does not replay, exit 1."""
    from dealer_app.__main__ import main
    from dealer_app.live.controller import TableController
    from dealer_app.record.chain import load_or_create_key
    from dealer_app.record.rows import HandEndRow
    from dealer_app.record.store import Store
    from tests.record.test_record_proves_itself import play_hands
    from tests.recordsvc.test_record_service_attack3 import PLAYERS

    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path))  # (the record's key, beside it, is the one read)
    store = Store(tmp_path / RECORD_NAME, key=load_or_create_key(tmp_path / KEY_NAME))
    table = TableController(store)
    table.open_table("stud-5-10", None, PLAYERS)
    play_hands(table, 2)
    store.append(table.session_id, 2, [HandEndRow([], {"1": 10000, "3": -10000})])
    row = store.last_row_id(table.session_id)
    store.close()
    code = main(["export", "--db", str(tmp_path / RECORD_NAME)])
    said = capsys.readouterr()
    assert code == 1
    assert (
        f"session {table.session_id}: row {row} (hand_end) no longer replays: a hand_end row with no hand" in said.err
    )
    assert "Unexpected error" not in said.err and "Traceback" not in said.err
    assert "export: 2 hand(s) written, 1 refused" in said.err  # (hands 1 and 2, as played)
