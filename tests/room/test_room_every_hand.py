"""The local proof of tests/floor/test_floor_every_hand.py, through the card room (issue 15): an ordinary
record (tests/support/session_record.py: three tables' sessions, busts, top-ups, leaves and returns, undos,
every §9 irregularity, rulings that move chips) is forwarded to a real PostgreSQL room the way the
dealer's window forwards it (room/forwarder.py), and the floor, reading the room, finds every hand
the table's own record lists, opens each one, steps it from its first input to its last to the
same table as the record's own timeline, prints reports from the command line, and opens every
hand in the room console."""

import subprocess
from collections import Counter

import psycopg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from dealer_app.floor.timeline import load_hand
from dealer_app.record.hand_index import list_hands
from dealer_app.record.store import Store
from dealer_app.room.forwarder import UP_TO_DATE, Forwarder
from dealer_app.room.reader import RoomReader
from tests.support.room import _ROOMS, Room
from tests.support.session_record import IRREGULARITIES, ordinary_sessions

LABEL = "Stud room 9"


@pytest.fixture(scope="module")
def forwarded(tmp_path_factory, pg):
    """The record written once (a config folder of its own for its key) and
    forwarded once, to a room database of this module's own: conftest's ``room`` makes one per
    test, and these tests only read theirs."""
    folder = tmp_path_factory.mktemp("room-every-hand")
    mp = pytest.MonkeyPatch()
    try:
        mp.setenv("DEALER_APP_CONFIG", str(folder / "config"))
        path, anchors = folder / "hands.sqlite3", folder / "anchors.txt"
        made = ordinary_sessions(path, anchors)
        room = Room(pg, f"r{next(_ROOMS)}_room_every_hand")
        store = Store(path, anchors=anchors)  # as the dealer's window opens it, and forwards it
        fwd = Forwarder(store, room.table_a, LABEL, retry_max_s=0.2).start()
        try:
            assert fwd.wait_until_sent(30), fwd.state
            assert fwd.state.state == UP_TO_DATE, fwd.state
        finally:
            fwd.stop(wait=True)
        table_id = store.table_id()
        room.enroll(table_id)  # the floor enrolls the table: until then the room shows none of it
        local_rows = store.db.execute("SELECT id, session_id, seq, hash FROM log ORDER BY id").fetchall()
        store.close()
        yield path, made, room, table_id, local_rows
    finally:
        mp.undo()


@pytest.fixture(scope="module")
def local(forwarded):
    """Every hand of the table's own record, by (session, hand): its summary and its timeline."""
    path = forwarded[0]
    store = Store.read_only(path)
    hands = list_hands(store)
    out = {(h.session, h.hand): (h, load_hand(store, h.session, h.hand)) for h in hands}
    assert len(out) == len(hands)  # (each hand listed once)
    store.close()
    return out


@pytest.fixture
def reader(forwarded):
    r = RoomReader(forwarded[2].floor)
    r.catch_up()
    yield r
    r.close()


def final_stacks(timeline) -> list[tuple[int, int]]:
    m = timeline.moment(len(timeline.steps) - 1)
    return [(p.seat, p.stack) for p in m.hand.players]


def test_the_record_is_an_ordinary_session_and_the_room_holds_every_row_of_it(forwarded):
    _path, made, room, table_id, local_rows = forwarded
    assert made["hands"] >= 60 and len(made["sessions"]) == 3
    assert all(made["irregularities"][code] >= 1 for code in IRREGULARITIES), made["irregularities"]
    assert made["rulings"] >= 5 and made["undos"] >= 10
    assert made["short_starts"] >= 30
    assert made["leaves"] and made["returns"] and made["top_ups"] and made["joins"]
    with psycopg.connect(room.owner) as conn:
        on_server = conn.execute(
            "SELECT row_id, session, seq, hash FROM room.log WHERE table_id = %s ORDER BY id", (table_id,)
        ).fetchall()
        refused = conn.execute("SELECT count(*) FROM room.refusals").fetchone()[0]
    assert on_server == [tuple(r) for r in local_rows]  # every row, in order, each once
    assert refused == 0


def test_the_room_lists_every_hand_the_record_lists(forwarded, local, reader):
    _path, made, _room, table_id, _rows = forwarded
    hands = reader.hands()
    assert len(hands) == len(local) == made["hands"]
    assert {(h.session, h.hand) for h in hands} == set(local)
    assert {h.table_id for h in hands} == {table_id} and set(reader.tables) == {table_id}
    assert {h.room_label for h in hands} == {LABEL}
    assert reader.refusals == []
    for h in hands:  # the same summary as the record's own: pot, players, undos, marks, seal …
        mine = local[(h.session, h.hand)][0].to_dict()
        assert h.to_dict() == dict(mine, table_id=table_id, table_label=LABEL), h.id


def test_the_room_read_a_page_at_a_time_lists_the_same_hands(forwarded, reader, monkeypatch):
    """The console reads a table's rows in pages (5,000 summary rows each); pages of seven rows
    list every hand exactly as one read does."""
    import dealer_app.room.reader as room_reader

    monkeypatch.setattr(room_reader, "ROWS_PER_PAGE", 7)
    paged = RoomReader(forwarded[2].floor)
    try:
        paged.catch_up()
        assert [h.to_dict() for h in paged.hands()] == [h.to_dict() for h in reader.hands()]
    finally:
        paged.close()


def test_every_room_hand_opens_and_steps_from_its_first_input_to_its_last(forwarded, local, reader):
    _path, made, _room, table_id, _rows = forwarded
    record = reader.table(table_id)
    short = ruled = moved = steps = 0
    irregular: Counter = Counter()
    for h in reader.hands():
        timeline = load_hand(record, h.session, h.hand)
        mine = local[(h.session, h.hand)][1]
        assert timeline.steps[0].kind == "hand_start", h.id
        assert timeline.seats == mine.seats, h.id
        assert [(s.kind, s.input, s.inputs) for s in timeline.steps] == [
            (s.kind, s.input, s.inputs) for s in mine.steps
        ], h.id
        for i in range(len(timeline.steps)):  # every step builds, from the seats as the hand started
            moment = timeline.moment(i)
            assert [p.start for p in moment.hand.players] == [stack for _s, _n, stack in timeline.seats], (h.id, i)
        steps += len(timeline.steps)
        end = final_stacks(timeline)
        assert end and end == final_stacks(mine), h.id
        moved += end != [(seat, stack) for seat, _n, stack in timeline.seats]
        assert timeline.rulings() == mine.rulings(), h.id
        ruled += sum(1 for r in timeline.rulings() if r.chips)
        irregular.update(s.input[1] for s in timeline.steps if s.kind == "irregularity")
        short += any(stack < timeline.limit_table.buy_in for _seat, _name, stack in timeline.seats)
    # the hands that make the record ordinary were all opened through the room
    assert short == made["short_starts"]
    assert ruled == made["rulings"]
    assert dict(irregular) == made["irregularities"]
    assert moved >= made["hands"] // 2  # (the stacks compared are the hands' outcomes, not their starts)
    assert steps > 10 * made["hands"]


def test_room_hands_print_their_reports_from_the_command_line(forwarded, local, reader, tmp_path):
    from dealer_app.cli import main

    _path, _made, room, table_id, _rows = forwarded
    hands = sorted(reader.hands(), key=lambda h: (h.session, h.hand))
    picks = {hands[0].id: hands[0], hands[-1].id: hands[-1]}
    for kind in (
        lambda h: h.rulings,
        lambda h: h.irregularities,
        lambda h: h.undos,
        lambda h: h.session == hands[-1].session and h.rulings,
    ):
        h = next(h for h in hands if kind(h) and h.id not in picks)
        picks[h.id] = h
    assert len(picks) >= 5
    for hand_id, h in sorted(picks.items()):
        out = tmp_path / f"{hand_id}.pdf"
        assert (
            main(["report", "--database", room.floor, "--table-id", table_id, "--hand", hand_id, "--out", str(out)])
            == 0
        ), hand_id
        text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
        assert "Ruling report" in text and h.seal in text and LABEL in text, hand_id
        for ruling in local[(h.session, h.hand)][1].rulings():  # the table's rulings, as the room holds them
            assert ruling.decision in text, hand_id


def test_every_room_hand_opens_in_the_room_console(qtbot, forwarded, local, monkeypatch):
    from dealer_app.ui.room_window import RoomFloorWindow

    _path, made, room, table_id, local_rows = forwarded
    said = []

    def warning(parent, title, text, *args, **kw):  # an error dialog (modal: it would hang the run)
        said.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", warning)
    monkeypatch.setattr(QMessageBox, "critical", warning)
    w = RoomFloorWindow(room.floor)
    qtbot.addWidget(w)
    w.resize(1400, 860)
    w.show()
    qtbot.waitExposed(w)
    last_row = local_rows[-1][0]
    qtbot.waitUntil(
        lambda: w.heads.get(table_id) == last_row and w.hand_list.rowCount() == made["hands"], timeout=10000
    )
    assert w.room_line.text().startswith("Room: live") and LABEL in w.room_line.text()
    assert not w.refusal_line.isVisible()
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=3000)
    rect = w.hand_list.visualItemRect(w.hand_list.item(0, 0))  # a click on the first hand …
    qtbot.mouseClick(w.hand_list.viewport(), Qt.LeftButton, pos=rect.center())
    opened = []
    for row in range(w.hand_list.rowCount()):
        if row:  # … then Down, from hand to hand
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Down)
        h = w.shown[row]
        qtbot.waitUntil(
            lambda r=row, h=h: (
                bool(said)
                or (
                    w.hand_list.currentRow() == r
                    and w.timeline is not None
                    and (w.timeline.session, w.timeline.hand) == (h.session, h.hand)
                )
            ),
            timeout=3000,
        )
        assert said == [], (h.id, said)  # (the error box's words, if one came up instead of the hand)
        assert QApplication.focusWidget() is w.hand_list, h.id
        mine = local[(h.session, h.hand)][1]
        assert len(w.timeline.steps) == len(mine.steps) and w.steps.count() == len(mine.steps), h.id
        assert f"Hand {h.id}, step {w.index} of {len(mine.steps) - 1}" == w.status.text(), h.id
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_End)  # to its last step: the hand's outcome
        assert w.index == len(mine.steps) - 1, h.id
        assert [(p.seat, p.stack) for p in w.bridge.controller.hand.players] == final_stacks(mine), h.id
        opened.append((h.session, h.hand))
    assert sorted(opened) == sorted(local) and said == []
    # the events still posted to the window go first: on the offscreen platform, one delivered
    # after the close makes the hidden window active again, and the next test's keys go to it
    QApplication.processEvents()
    w.close()
    QApplication.processEvents()
    assert QApplication.activeWindow() is not w
