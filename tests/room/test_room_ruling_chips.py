"""Issue 26 §4: a room ruling that moves chips reaches the table. The floor rules in the room
(its console's path: ``record_ruling`` on the room's table); the table's forwarder reads it
(``room.rulings_for_table``, its own table's only); the dealer is shown it between hands and
applies it (record first, then the chips), once; declined, it stays pending. A real PostgreSQL
server (tests/support/pg_server.py), as the other room tests."""

import contextlib
import time

import psycopg
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from dealer_app.floor.ruling import Ruling
from dealer_app.floor.rulings import record_ruling, rule_from_room
from dealer_app.live.controller import InputError, TableController
from dealer_app.record.store import Store, applied_room_rulings
from dealer_app.room.forwarder import Forwarder
from dealer_app.room.reader import RoomReader
from dealer_app.ui.main_window import MainWindow
from tests.record.test_record_proves_itself import play_hands
from tests.support.floor_accounts import MARIA, TOM

FLOOR = MARIA
PLAYERS = [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)]


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))  # the record key: this test's own


def dealt_table(path, hands=2, seed=1) -> TableController:
    c = TableController(Store(path))
    c.open_table("stud-1-2", None, PLAYERS)
    play_hands(c, hands, seed)
    return c


def rule_in_room(room, table_id, session, hand, chips, decision="Seat 1 pays seat 2 one dollar"):
    """The floor's ruling as its room console records it (the ruling dialog's path)."""
    room.enroll()  # (a table not enrolled yet is enrolled first: the room shows no other)
    reader = RoomReader(room.floor)
    try:
        reader.catch_up()
        return record_ruling(
            reader.table(table_id),
            Ruling(session, hand, 1, "Seat 2 says seat 1 string-raised", ("I-3", "A-6"), decision, "adjust", chips),
            FLOOR,
        )
    finally:
        reader.close()


def wait_for(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def stacks(c) -> dict[int, int]:
    return {s.seat: s.stack for s in c.seats()}


def test_a_room_ruling_with_chips_reaches_the_table_and_is_applied_once(room, tmp_path):
    c = dealt_table(tmp_path / "hands.sqlite3")
    store, sid = c.store, c.session_id
    fwd = Forwarder(store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    try:
        assert fwd.wait_until_sent(10), fwd.state
        recorded = rule_in_room(room, store.table_id(), sid, 2, {1: -100, 2: 100})
        assert recorded.case.startswith("R-")
        wait_for(lambda: fwd.state.rulings)
        (pending,) = fwd.state.rulings
        assert (pending.session, pending.hand, pending.floor_login) == (sid, 2, f"{room.name}_floor")
        assert pending.data["chips"] == {"1": -100, "2": 100} and pending.data["by"]["name"] == f"{room.name}_floor"
        before = stacks(c)
        rule_from_room(c, pending)
        after = stacks(c)
        assert after == {1: before[1] - 100, 2: before[2] + 100, 3: before[3]}
        assert "R-" in str(c.floor_notice)
        rows = [p for _s, kind, p, _at in store.hand_rows(sid, 2) if kind == "ruling"]
        assert len(rows) == 1 and rows[0]["room_ruling"] == pending.id and rows[0]["room_hash"] == pending.hash
        assert (
            rows[0]["by"] == {"role": "floor", "name": pending.floor_login}
            and rows[0]["floor_login"] == pending.floor_login
        )
        assert rows[0]["confirmed_by"] == {"role": "dealer"}
        assert applied_room_rulings(store.db) == {(pending.id, pending.hash)}
        with pytest.raises(InputError, match="already"):  # once: a second confirmation moves nothing
            rule_from_room(c, pending)
        assert stacks(c) == after
        wait_for(lambda: not fwd.state.rulings)  # the next poll does not offer it again
        assert fwd.wait_until_sent(10), fwd.state  # and the room sees that it was applied
        with psycopg.connect(room.owner) as conn:
            applied = conn.execute(
                "SELECT payload::jsonb -> 'room_ruling' FROM room.log WHERE table_id = %s AND kind = 'ruling'",
                (store.table_id(),),
            ).fetchall()
        assert applied == [(pending.id,)]
    finally:
        fwd.stop(wait=True)
    assert store.check() == []
    store.close()
    again = TableController(Store(tmp_path / "hands.sqlite3"))  # a resumed table replays the chips
    again.resume(sid)
    assert stacks(again) == after
    again.store.close()


def test_a_hand_voided_in_the_room_gives_every_chip_back_at_the_table(room, tmp_path):
    c = dealt_table(tmp_path / "hands.sqlite3")
    store, sid = c.store, c.session_id
    net = next(p for _s, k, p, _a in store.hand_rows(sid, 1) if k == "hand_end")["net"]
    fwd = Forwarder(store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    try:
        assert fwd.wait_until_sent(10), fwd.state
        room.enroll(store.table_id())
        reader = RoomReader(room.floor)
        reader.catch_up()
        record_ruling(
            reader.table(store.table_id()),
            Ruling(sid, 1, 0, "fouled deck found after", ("I-7", "I-3"), "hand 1 void", "void"),
            FLOOR,
        )
        reader.close()
        wait_for(lambda: fwd.state.rulings)
        before = stacks(c)
        rule_from_room(c, fwd.state.rulings[0])
        assert stacks(c) == {seat: before[seat] - net.get(str(seat), 0) for seat in before}
    finally:
        fwd.stop(wait=True)
        store.close()


def test_a_ruling_the_seats_cannot_take_is_refused_and_moves_nothing(room, tmp_path):
    c = dealt_table(tmp_path / "hands.sqlite3")
    store, sid = c.store, c.session_id
    fwd = Forwarder(store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    try:
        assert fwd.wait_until_sent(10), fwd.state
        rule_in_room(room, store.table_id(), sid, 2, {1: -1_000_000, 2: 1_000_000}, "Seat 1 pays ten thousand")
        rule_in_room(room, store.table_id(), sid, 2, {3: -100, 1: 100}, "Seat 3 pays seat 1")
        wait_for(lambda: len(fwd.state.rulings) == 2)
        too_much, cy_pays = fwd.state.rulings
        c.leave(3)
        c.seat_player(3, "Zed", 10000)  # a new player in the seat Cy had in hand 2
        c.start_hand()
        with pytest.raises(InputError, match="between hands"):  # never mid-hand
            rule_from_room(c, too_much)
        play_hands_rest(c)
        rows = len(store.session_log(sid))
        before = stacks(c)
        with pytest.raises(InputError, match="cannot give"):
            rule_from_room(c, too_much)
        with pytest.raises(InputError, match=r"seat 3 \(Cy\) is no longer at the table"):
            rule_from_room(c, cy_pays)
        assert stacks(c) == before and len(store.session_log(sid)) == rows
    finally:
        fwd.stop(wait=True)
        store.close()


def play_hands_rest(c):
    """The open hand played to its end (as ``play_hands`` plays one)."""
    import random

    from tests.support.live_random import random_input

    rng = random.Random(5)
    for _ in range(500):
        if c.hand.phase == "done":
            break
        with contextlib.suppress(InputError):
            random_input(c, rng)
    c.finish_hand()


def test_a_table_reads_its_own_rulings_only(room, tmp_path):
    a = dealt_table(tmp_path / "a.sqlite3", hands=1)
    b = dealt_table(tmp_path / "b.sqlite3", hands=1, seed=2)
    fa = Forwarder(a.store, room.table_a, "Stud A", retry_max_s=0.2).start()
    fb = Forwarder(b.store, room.table_b, "Stud B", retry_max_s=0.2).start()
    try:
        assert fa.wait_until_sent(10) and fb.wait_until_sent(10)
        a_id, b_id = a.store.table_id(), b.store.table_id()
        rule_in_room(room, b_id, b.session_id, 1, {1: -100, 2: 100})
        reader = RoomReader(room.floor)
        reader.catch_up()
        reader.record_ruling(b_id, b.session_id, 1, {"decision": "the bet stands"})  # no chips: not sent
        reader.close()
        wait_for(lambda: fb.state.rulings)
        assert [r.data["decision"] for r in fb.state.rulings] == ["Seat 1 pays seat 2 one dollar"]
        time.sleep(2.2)  # (table A has read the room's rulings since: it reads them at least every 2 s)
        assert fa.state.rulings == ()
        with psycopg.connect(room.table_a, autocommit=True) as conn:
            assert conn.execute("SELECT * FROM room.rulings_for_table(%s)", (a_id,)).fetchall() == []
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="not this login"):
                conn.execute("SELECT * FROM room.rulings_for_table(%s)", (b_id,))
        with (
            psycopg.connect(room.floor, autocommit=True) as conn,
            pytest.raises(psycopg.errors.InsufficientPrivilege),
        ):  # the floor reads room.rulings itself
            conn.execute("SELECT * FROM room.rulings_for_table(%s)", (b_id,))
        with psycopg.connect(room.table_b, autocommit=True) as conn:
            assert len(conn.execute("SELECT * FROM room.rulings_for_table(%s)", (b_id,)).fetchall()) == 1
    finally:
        fa.stop(wait=True)
        fb.stop(wait=True)
        a.store.close()
        b.store.close()


# --- the dealer's window ------------------------------------------------------------------------
def dialog_shown(qtbot, w):
    qtbot.waitUntil(lambda: w.room_ruling_dialog is not None and w.room_ruling_dialog.isVisible(), timeout=10000)
    qtbot.waitUntil(
        lambda: QApplication.focusWidget() is not None and QApplication.focusWidget().window() is w.room_ruling_dialog,
        timeout=2000,
    )
    return w.room_ruling_dialog


def test_the_dealer_is_shown_the_room_ruling_between_hands_and_confirms_it_with_enter(qtbot, tmp_path, room):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.IniFormat)
    settings.setValue("room/database", room.table_a)
    settings.setValue("room/table_name", "Stud 1")
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    w = MainWindow(c, settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    c.open_table("stud-1-2", None, PLAYERS)
    play_hands(c, 2)
    fwd = w.room.forwarder
    assert fwd is not None and fwd.wait_until_sent(10), fwd.state
    rule_in_room(room, c.store.table_id(), c.session_id, 2, {1: -150, 2: 150})
    dialog = dialog_shown(qtbot, w)
    text = "\n".join(label.text() for label in dialog.findChildren(type(w.record_label)))
    assert f"The floor ({room.name}_floor) ruled on hand 1-2" in text and "Seat 1 pays seat 2 one dollar" in text
    assert "Seat 1 Ann: -$1.50" in text and "Seat 2 Bob: +$1.50" in text
    before = stacks(c)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Escape)  # not now
    qtbot.waitUntil(lambda: w.room_ruling_dialog is None)
    assert "not applied yet" in w.statusBar().currentMessage() and stacks(c) == before
    assert len(w.room.rulings) == 1  # still pending
    w._offer_room_ruling()
    assert w.room_ruling_dialog is None  # asked once after each hand: not again before the next one
    c.start_hand()
    w._offer_room_ruling()
    assert w.room_ruling_dialog is None  # never mid-hand
    play_hands_rest(c)  # the hand's end: asked again
    dialog = dialog_shown(qtbot, w)
    before = stacks(c)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)  # apply
    qtbot.waitUntil(lambda: w.room_ruling_dialog is None)
    assert dialog.applied is not None
    assert stacks(c) == {1: before[1] - 150, 2: before[2] + 150, 3: before[3]}
    assert "moved chips" in w.statusBar().currentMessage()  # the floor's notice, as a ruling at the table
    qtbot.waitUntil(lambda: w.room.rulings == (), timeout=10000)  # the forwarder offers it no more
    assert w.room_ruling_dialog is None
    w.ask_before_closing = False
    w.close()
    c.store.close()


# --- a room ruling applied at its table is one ruling in the room ---------------------------------
def _player_rows(html_text: str) -> list[str]:
    """The report's players table (seat, player, the stacks at the start, the moment, the end and
    after the remedy), a row a string."""
    import re

    table = html_text.split("<table", 2)[1]
    return [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in table.split("<tr>")[2:]]


def test_a_room_ruling_applied_at_its_table_is_one_ruling_in_the_room(room, tmp_path, capsys):
    import json
    import subprocess

    from dealer_app.cli import main
    from dealer_app.floor.cases import record_entries, room_entries
    from dealer_app.floor.timeline import load_hand
    from dealer_app.record.hand_index import list_hands
    from dealer_app.ui.app import report_application
    from dealer_app.ui.report_pdf import report_html

    c = dealt_table(tmp_path / "hands.sqlite3")
    store, sid, tid = c.store, c.session_id, c.store.table_id()
    fwd = Forwarder(store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    room.enroll_when_registered(tid)
    reader = RoomReader(room.floor)
    try:
        assert fwd.wait_until_sent(10), fwd.state
        reader.catch_up()  # (this reader has counted the room's ruling before the table applies it)
        recorded = rule_in_room(room, tid, sid, 2, {1: -100, 2: 100})
        reader.catch_up()
        assert next(h for h in reader.hands() if (h.session, h.hand) == (sid, 2)).rulings == 1
        wait_for(lambda: fwd.state.rulings)
        rule_from_room(c, fwd.state.rulings[0])
        assert fwd.wait_until_sent(10), fwd.state
        wait_for(
            lambda: (
                len(room_entries(reader)) == 1
                and reader.catch_up() is not None
                and reader.is_applied(reader.rulings[0])
            )
        )
    finally:
        fwd.stop(wait=True)
    # one ruling, as the table applied it (the table's row, its seal), in every view of the room
    (local,) = record_entries(store)
    (entry,) = room_entries(reader)
    assert (entry.case, entry.chips, entry.seal, entry.table_id) == (recorded.case, local.chips, local.seal, tid)
    assert next(h for h in reader.hands() if (h.session, h.hand) == (sid, 2)).rulings == 1  # counted once here
    fresh = RoomReader(room.floor)
    fresh.catch_up()
    assert next(h for h in fresh.hands() if (h.session, h.hand) == (sid, 2)).rulings == 1  # and read afresh
    rulings = [p for _s, kind, p, _at in fresh.hand_rows(tid, sid, 2) if kind == "ruling"]
    assert len(rulings) == 1 and rulings[0]["room_ruling"] == recorded_id(fresh, tid)
    assert main(["rulings", "--database", room.floor, "--json"]) == 0
    (case,) = json.loads(capsys.readouterr().out)["cases"]
    assert case["case"] == recorded.case and len(case["rulings"]) == 1
    assert case["rulings"][0]["seal"] == local.seal
    # the room's report: the chips once, its stacks the local record's, one seal for the ruling
    report_application()
    room_timeline = load_hand(fresh.table(tid), sid, 2)
    local_timeline = load_hand(store, sid, 2)
    assert len(room_timeline.rulings()) == len(local_timeline.rulings()) == 1
    moment = local_timeline.rulings()[0].moment
    in_room = report_html(fresh.table(tid), room_timeline, moment, "now")
    here = report_html(store, local_timeline, moment, "now")
    assert _player_rows(in_room) == _player_rows(here)
    assert in_room.count(f"{recorded.case} (") == 1  # (the seals' list: the ruling once)
    fresh.close()
    out = tmp_path / "room.pdf"
    assert main(["report", "--database", room.floor, "--table-id", tid, "--hand", f"{sid}-2", "--out", str(out)]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in text.splitlines() if line.split()[:2] in (["1", "Ann"], ["2", "Bob"])]
    assert [row[-4:] for row in rows] == [row.split()[-4:] for row in _player_rows(here)[:2]]  # as printed
    assert [round(float(row[-1].lstrip("$")) * 100) for row in rows] == [stacks(c)[1], stacks(c)[2]]  # the table's now
    assert text.count("covers the hand and this ruling") == 1
    assert [h.rulings for h in list_hands(store) if h.hand == 2] == [1]
    reader.close()
    store.close()


def recorded_id(reader, table_id) -> int:
    (r,) = [r for r in reader.rulings if r.table_id == table_id]
    return r.id


# --- `dealer-app rulings --database`: a room's cases for a shift report ----------------------------
RECORD_TIME = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00"  # (the record's one form: hand_index.record_time)


@pytest.fixture
def ruled_room(room, tmp_path):
    """A room with a table's own ruling (ruled at the table, forwarded) and a room's ruling
    (ruled in the room, moving no chips) on another hand: (room, table_id, session)."""
    from dealer_app.floor.rulings import rule_at_table
    from tests.support.session_record import FLOOR as TABLE_FLOOR

    c = dealt_table(tmp_path / "hands.sqlite3")
    store, sid, tid = c.store, c.session_id, c.store.table_id()
    rule_at_table(
        c,
        Ruling(
            sid,
            1,
            1,
            "seat 3 says the bring-in was short",
            ("I-3", "B-3"),
            "seat 2 pays seat 3",
            "adjust",
            {2: -100, 3: 100},
            "dealer Jo",
            "cam 1",
        ),
        TABLE_FLOOR,
    )
    fwd = Forwarder(store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    try:
        assert fwd.wait_until_sent(10), fwd.state
    finally:
        fwd.stop(wait=True)
    room.enroll(tid)
    reader = RoomReader(room.floor)
    reader.catch_up()
    record_ruling(
        reader.table(tid),
        Ruling(
            sid,
            2,
            0,
            "seat 1 asks whether the raise was a string raise",
            ("I-3",),
            "the raise stands",
            "none",
            witnesses="Zed",
        ),
        TOM,
    )
    reader.close()
    store.close()
    return room, tid, sid


def test_rulings_database_lists_the_rooms_cases_as_text(ruled_room, capsys):
    from dealer_app.cli import main

    room, tid, sid = ruled_room
    assert main(["rulings", "--database", room.floor]) == 0
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert len(lines) == 2 and out.err == ""
    at_table, in_room = lines
    assert at_table.startswith("C-") and f"hand {sid}-1" in at_table and "floor Maria" in at_table
    assert in_room.startswith("R-") and f"hand {sid}-2" in in_room and f"floor {room.name}_floor" in in_room
    assert f"Stud 1 ({tid})" in at_table and "the raise stands" in in_room
    assert all(line.count(" UTC ") == 2 for line in lines)
    assert at_table.index(" opened ") == in_room.index(" opened ")
    assert main(["rulings", "--database", room.floor, "--floor", f"{room.name}_floor"]) == 0
    assert [line.split()[0] for line in capsys.readouterr().out.splitlines()] == [in_room.split()[0]]
    assert main(["rulings", "--database", room.floor, "--since", "2999-01-01"]) == 0
    out = capsys.readouterr()
    assert out.out == "" and "no cases match" in out.err


def test_rulings_database_as_json_has_the_rooms_time_in_the_records_one_form(ruled_room, capsys):
    import json
    import re

    from dealer_app.cli import main

    room, tid, sid = ruled_room
    assert main(["rulings", "--database", room.floor, "--json"]) == 0
    cases = json.loads(capsys.readouterr().out)["cases"]
    assert [(c["hand_id"], c["table_id"], c["table"]) for c in cases] == [
        (f"{sid}-1", tid, "Stud 1"),
        (f"{sid}-2", tid, "Stud 1"),
    ]
    at_table, in_room = cases
    assert at_table["case"].startswith("C-") and in_room["case"].startswith("R-")
    assert [r["floor"] for c in cases for r in c["rulings"]] == ["Maria", f"{room.name}_floor"]
    assert at_table["rulings"][0]["chips"] in ({"2": -100, "3": 100}, {2: -100, 3: 100})
    for c in cases:  # the table's row's time and the room's own ruling's: one form, UTC
        for when in (c["opened"], c["updated"], *(r["at"] for r in c["rulings"])):
            assert re.fullmatch(RECORD_TIME, when), when
        assert c["rulings"][0]["seal"]


def test_rulings_database_as_csv_is_one_line_a_ruling(ruled_room, capsys):
    import csv
    import io
    import re

    from dealer_app.cli import main
    from dealer_app.floor.cases import CSV_COLUMNS

    room, tid, sid = ruled_room
    assert main(["rulings", "--database", room.floor, "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert list(rows[0]) == list(CSV_COLUMNS)
    assert [(r["hand_id"], r["table_id"], r["floor"]) for r in rows] == [
        (f"{sid}-1", tid, "Maria"),
        (f"{sid}-2", tid, f"{room.name}_floor"),  # (the room's: under the login that filed it)
    ]
    assert rows[0]["chips"] == "2:-100 3:100" and rows[1]["witnesses"] == "Zed" and rows[1]["case"].startswith("R-")
    assert all(re.fullmatch(RECORD_TIME, r["at"]) for r in rows)


def test_rulings_database_refuses_a_since_that_is_no_time(ruled_room, capsys):
    from dealer_app.cli import main

    room, _tid, _sid = ruled_room
    for flag, text in (("--since", "yesterday"), ("--since", "2026-13-01"), ("--until", "2026-02-30")):
        assert main(["rulings", "--database", room.floor, flag, text]) == 2
        out = capsys.readouterr()
        assert out.out == "" and out.err.startswith(f"dealer-app rulings: {flag} '{text}': "), out.err
        assert "Traceback" not in out.err and len(out.err.splitlines()) == 1
