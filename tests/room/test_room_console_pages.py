"""The room console's hand list a page at a time (room/hand_pages.py, issue 30: a first page flat
in the room's size), on a real PostgreSQL room holding an ordinary record (tests/support/
session_record.py: three tables' sessions, busts, top-ups, leaves and returns, undos, every §9
irregularity, rulings that move chips) and a ruling the floor made in the room on an old hand.

The pages, one after the other, are every hand the room has, in the console's order and summed up
as one full read sums them; every find the filter boxes make finds, among every hand, exactly the
hands the full read keeps; and in the console, with pages of five hands, the floor scrolls to the
oldest hand and opens it, finds a hand far beyond the first page by its player, its case or its
time, and sees a hand dealt meanwhile at once.
"""

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from dealer_app.live.controller import TableController
from dealer_app.record.hand_find import HandFind
from dealer_app.record.store import Store
from dealer_app.room import hand_pages
from dealer_app.room.forwarder import UP_TO_DATE, Forwarder
from dealer_app.room.hand_pages import HandPages, sort_key
from dealer_app.room.reader import RoomReader
from tests.support.live_random import PLAYERS
from tests.support.room import _ROOMS, Room
from tests.support.session_record import _play_hand, ordinary_sessions
from tests.ui.test_ui_floor import focus, open_row

LABEL = "Stud room 4"
PAGE = 5  # hands a page in the console here (66 hands: fourteen pages)


@pytest.fixture(scope="module")
def paged_room(tmp_path_factory, pg):
    """The record forwarded to a room of this module's own, and a floor's ruling on its second
    hand recorded in the room (a case the find looks for)."""
    folder = tmp_path_factory.mktemp("room-console-pages")
    mp = pytest.MonkeyPatch()
    try:
        mp.setenv("DEALER_APP_CONFIG", str(folder / "config"))
        path, anchors = folder / "hands.sqlite3", folder / "anchors.txt"
        made = ordinary_sessions(path, anchors)
        room = Room(pg, f"r{next(_ROOMS)}_console_pages")
        store = Store(path, anchors=anchors)
        fwd = Forwarder(store, room.table_a, LABEL, retry_max_s=0.2).start()
        try:
            assert fwd.wait_until_sent(30), fwd.state
            assert fwd.state.state == UP_TO_DATE, fwd.state
        finally:
            fwd.stop(wait=True)
        table_id = store.table_id()
        room.enroll(table_id)
        store.close()
        reader = RoomReader(room.floor)
        reader.catch_up()
        old = reader.hands()[-2]  # the second hand dealt: far beyond a first page
        ruling = {"category": "misdeal", "status": "open", "facts": "Zanzibar saw the deck fall", "case": "R-77"}
        reader.record_ruling(table_id, old.session, old.hand, ruling)
        reader.close()
        yield room, table_id, made, (old.session, old.hand)
    finally:
        mp.undo()


@pytest.fixture
def everything(paged_room):
    """Every hand, read whole as ``hands --database`` reads them."""
    r = RoomReader(paged_room[0].floor)
    r.catch_up()
    yield r
    r.close()


def all_pages(reader: RoomReader, find: HandFind, size: int) -> list:
    pages = HandPages(reader._query, {t: v.label for t, v in reader.tables.items()}, find, reader.rulings)
    out = []
    while not pages.done:
        page = pages.next_page(size)
        assert len(page) <= size
        out += page
    return out


def test_the_pages_are_every_hand_in_the_consoles_order_summed_up_as_one_read(paged_room, everything):
    whole = everything.hands()
    assert len(whole) == paged_room[2]["hands"]
    assert sum(h.rulings for h in whole) > paged_room[2]["rulings"]  # (the table's rulings and the room's)
    for size in (1, 7, 200):
        paged = all_pages(everything, HandFind(), size)
        assert [h.to_dict() for h in paged] == [h.to_dict() for h in whole], size
    assert [sort_key(h) for h in whole] == sorted((sort_key(h) for h in whole), reverse=True)


def test_every_find_finds_in_the_room_what_the_full_read_keeps(paged_room, everything):
    whole = everything.hands()
    old = next(h for h in whole if (h.session, h.hand) == paged_room[3])
    player = old.players[0].lower()
    finds = [
        HandFind(player=player),
        HandFind(player=player[1:3]),
        HandFind(player="3"),  # a seat's number
        HandFind(player="nobody at all"),
        HandFind(table="stud room 4"),
        HandFind(table=whole[0].table.lower()),
        HandFind(since=old.started[:16], until=old.started[:16]),
        HandFind(until=whole[len(whole) // 2].started),
        HandFind(pot=2000),
        HandFind(undo=True),
        HandFind(irregular=True),
        HandFind(case="r-77"),
        HandFind(case="zanzibar"),
        HandFind(status="open"),
        HandFind(case="maria"),  # a floor's name, on the table's own rulings
        HandFind(player=player, undo=True),
    ]
    for find in finds:
        wanted = [h.to_dict() for h in whole if find.keeps(h)]
        assert [h.to_dict() for h in all_pages(everything, find, 4)] == wanted, find
    found = [h for h in all_pages(everything, HandFind(case="zanzibar"), 4)]
    assert [(h.session, h.hand) for h in found] == [paged_room[3]]
    for find in (HandFind(pot=2000), HandFind(undo=True), HandFind(irregular=True), HandFind(case="maria")):
        assert 0 < sum(1 for h in whole if find.keeps(h)) < len(whole), find  # (each find narrows)


@pytest.fixture
def console(qtbot, paged_room, monkeypatch):
    from dealer_app.ui.room_window import RoomFloorWindow

    said = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a, **kw: said.append(text))
    monkeypatch.setattr(hand_pages, "PAGE_HANDS", PAGE)
    w = RoomFloorWindow(paged_room[0].floor)
    qtbot.addWidget(w)
    w.resize(1400, 860)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == PAGE, timeout=10000)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=3000)
    yield w
    assert said == []
    QApplication.processEvents()
    w.close()
    QApplication.processEvents()


def test_the_floor_scrolls_to_the_oldest_hand_and_opens_it(qtbot, console, everything):
    w = console
    whole = everything.hands()
    assert [h.id for h in w.shown] == [h.id for h in whole[:PAGE]]  # the newest first, one page
    assert w.more_button.isVisible() and "the room has more" in w.count.text()
    open_row(qtbot, w, 0)
    oldest = whole[-1]
    for row in range(1, len(whole)):  # Down, hand by hand: at the last row the list reads the next page
        qtbot.keyClick(focus(qtbot), Qt.Key_Down)
        qtbot.waitUntil(lambda r=row: w.hand_list.currentRow() == r and w.timeline.hand == w.shown[r].hand)
        assert w.hand_list.rowCount() >= min(len(whole), row + 1)
        if row < len(whole) - 1:
            qtbot.waitUntil(lambda r=row: w.hand_list.rowCount() > r + 1, timeout=3000)
    assert [h.id for h in w.shown] == [h.id for h in whole]
    assert not w.more_button.isVisible() and w.count.text() == f"{len(whole)} hand(s)"
    assert (w.timeline.session, w.timeline.hand) == (oldest.session, oldest.hand)
    open_row(qtbot, w, 0)
    qtbot.waitUntil(lambda: w.timeline.hand == whole[0].hand)
    w.hand_list.scrollToBottom()  # (the oldest, opened by a click too)
    open_row(qtbot, w, len(whole) - 1)
    qtbot.waitUntil(lambda: (w.timeline.session, w.timeline.hand) == (oldest.session, oldest.hand), timeout=3000)
    assert w.status.text().startswith(f"Hand {oldest.id}, step ")


def test_the_floor_finds_a_hand_far_beyond_the_first_page(qtbot, console, paged_room, everything):
    from tests.ui.test_ui_floor import type_into

    w = console
    whole = everything.hands()
    key = paged_room[3]
    assert key not in {(h.session, h.hand) for h in w.shown}  # not on the first page
    type_into(qtbot, w.filter_case, "Zanzibar")
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == 1, timeout=3000)
    assert (w.shown[0].session, w.shown[0].hand) == key and "R-77" in w.hand_list.item(0, 3).text()
    assert w.count.text() == "1 hand(s)"
    open_row(qtbot, w, 0)
    qtbot.waitUntil(lambda: (w.timeline.session, w.timeline.hand) == key, timeout=3000)
    w.filter_case.clear()
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == PAGE, timeout=3000)
    old = next(h for h in whole if (h.session, h.hand) == key)
    type_into(qtbot, w.filter_since, old.started[:19])
    type_into(qtbot, w.filter_until, old.started[:19])
    at_that_second = [h.id for h in whole if h.started[:19] == old.started[:19]]
    assert old.id in at_that_second and len(at_that_second) < len(whole)
    qtbot.waitUntil(lambda: [h.id for h in w.shown] == at_that_second[:PAGE], timeout=3000)
    w.filter_since.clear()
    w.filter_until.clear()
    name = old.players[-1]
    type_into(qtbot, w.filter_player, name)
    wanted = [h.id for h in whole if any(name.lower() in p.lower() for p in h.players)]
    assert len(wanted) > PAGE  # (more than a page: the list pages the find too)
    qtbot.waitUntil(lambda: [h.id for h in w.shown] == wanted[:PAGE], timeout=3000)
    while w.more_button.isVisible():
        listed = w.hand_list.rowCount()
        qtbot.mouseClick(w.more_button, Qt.LeftButton)
        qtbot.waitUntil(lambda n=listed: w.hand_list.rowCount() > n, timeout=5000)
    assert [h.id for h in w.shown] == wanted


def test_a_new_hand_appears_at_once_while_the_floor_is_paged(qtbot, tmp_path, room, monkeypatch):
    """A table dealing into a room while the floor looks at its third page: the new hand is listed
    at the top at once, the hand the floor opened stays chosen, and its end reaches the list."""
    from dealer_app.ui.room_window import RoomFloorWindow

    monkeypatch.setattr(hand_pages, "PAGE_HANDS", 2)
    store = Store(tmp_path / "hands.sqlite3")
    fwd = Forwarder(store, room.table_a, "Stud 5", retry_max_s=0.2).start()
    room.enroll_when_registered(store.table_id())
    c = TableController(store)
    c.open_table("stud-5-10", None, PLAYERS)
    rng, made = random.Random(30), {"undos": 0}
    for _ in range(7):  # seven hands played to their ends (undos and redos on the way)
        c.start_hand()
        _play_hand(c, rng, made, None)
        c.finish_hand()
    assert fwd.wait_until_sent(30), fwd.state
    w = RoomFloorWindow(room.floor)
    qtbot.addWidget(w)
    w.resize(1400, 860)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == 2, timeout=10000)
    qtbot.mouseClick(w.more_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == 4, timeout=5000)
    qtbot.mouseClick(w.more_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == 6, timeout=5000)
    assert [h.hand for h in w.shown] == [7, 6, 5, 4, 3, 2]
    open_row(qtbot, w, 4)  # hand 3, on the third page (hand 1 is the room's still: a page not read)
    c.start_hand()
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == 7, timeout=2000)
    assert [h.hand for h in w.shown] == [8, 7, 6, 5, 4, 3, 2] and w.hand_list.item(0, 2).text() == "open"
    assert w.hand_list.selectionModel().selectedRows()[0].row() == 5 and w.timeline.hand == 3
    assert w.more_button.isVisible()
    _play_hand(c, rng, made, None)
    c.finish_hand()
    qtbot.waitUntil(lambda: w.hand_list.item(0, 2).text() != "open", timeout=2000)  # its end, listed
    assert w.shown[0].pot is not None and w.shown[0].seal is not None
    fwd.stop(wait=True)
    w.close()


@pytest.mark.parametrize("walk", ["walk_with_a_fault", "walk_that_dies"])
def test_a_fault_in_the_walks_own_process_is_said_in_the_red_line(qtbot, tmp_path, room, monkeypatch, walk):
    """The walk of every table runs in a spawned process (room/walk_process.py): a fault in it, or
    the process ending without a word, stops the check and says so in the console's red line."""
    from dealer_app.room import walk_process
    from dealer_app.ui.room_window import RoomFloorWindow
    from tests.support import faulty_walk

    monkeypatch.setattr(walk_process, "walk_every_table", getattr(faulty_walk, walk))
    store = Store(tmp_path / "hands.sqlite3")
    fwd = Forwarder(store, room.table_a, "Stud 6", retry_max_s=0.2).start()
    room.enroll_when_registered(store.table_id())
    c = TableController(store)
    c.open_table("stud-5-10", None, PLAYERS)
    c.start_hand()
    assert fwd.wait_until_sent(30), fwd.state
    w = RoomFloorWindow(room.floor)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.hand_list.rowCount() == 1, timeout=10000)
    qtbot.waitUntil(lambda: w.problem_line.isVisible(), timeout=20000)
    assert "the console's own check of the room stopped on a fault (see the log): restart the console" in (
        w.problem_line.text()
    )
    assert "#b00020" in w.problem_line.styleSheet()
    fwd.stop(wait=True)
    w.close()


def test_typing_a_name_runs_one_find_when_the_floor_pauses(qtbot, console, everything, monkeypatch):
    """Keys typed into the focused find box one after another (no pause between them): one find
    runs in the room, for the whole name, and the list shows its hands; a name matching nothing
    lists none."""
    from dealer_app.ui import room_page_reader

    finds = []

    class CountedPages(HandPages):  # (the real pages, each find they are made for counted)
        def __init__(self, query, tables, find, *args, **kwargs):
            finds.append(find)
            super().__init__(query, tables, find, *args, **kwargs)

    monkeypatch.setattr(room_page_reader, "HandPages", CountedPages)
    w = console
    whole = everything.hands()
    name = whole[-1].players[-1]
    wanted = [h.id for h in whole if any(name.lower() in p.lower() for p in h.players)]
    qtbot.mouseClick(w.filter_player, Qt.LeftButton)
    box = focus(qtbot)
    assert box is w.filter_player
    for ch in name:
        qtbot.keyClick(box, ch)
    qtbot.waitUntil(lambda: [h.id for h in w.shown] == wanted[:PAGE], timeout=5000)
    assert [f.player for f in finds] == [name.lower()]
    for ch in "zzq":
        qtbot.keyClick(focus(qtbot), ch)
    qtbot.waitUntil(lambda: w.count.text() == "0 hand(s)", timeout=5000)
    assert w.hand_list.rowCount() == 0 and [f.player for f in finds] == [name.lower(), name.lower() + "zzq"]
    for _ in "zzq":
        qtbot.keyClick(focus(qtbot), Qt.Key_Backspace)
    qtbot.waitUntil(lambda: [h.id for h in w.shown] == wanted[:PAGE], timeout=5000)
    assert len(finds) == 3


def test_a_name_beyond_ascii_is_narrowed_by_the_room(tmp_path, room, monkeypatch):
    """Jürgen, JÜRGEN and a Kelvin-sign Kai: the room's regular expression finds every hand whose
    name lower-cases (as Python does) to what was typed, whatever the cluster's locale, and the
    console sums up only those hands (not the room chunk by chunk)."""
    store = Store(tmp_path / "hands.sqlite3")
    fwd = Forwarder(store, room.table_a, "Stud 9", retry_max_s=0.2).start()
    room.enroll_when_registered(store.table_id())
    c = TableController(store)
    c.open_table("stud-5-10", None, [(1, "Jürgen", 20000), (2, "Bob", 20000), (3, "\u212aai", 20000)])
    rng, made = random.Random(31), {"undos": 0}
    for _ in range(3):
        c.start_hand()
        _play_hand(c, rng, made, None)
        c.finish_hand()
    c.seat_player(4, "JÜRGEN Ölz", 20000)
    c.start_hand()
    _play_hand(c, rng, made, None)
    c.finish_hand()
    assert fwd.wait_until_sent(30), fwd.state
    fwd.stop(wait=True)
    reader = RoomReader(room.floor)
    reader.catch_up()
    whole = reader.hands()
    summed = []
    real = HandPages.summaries

    def counted(self, table_id, keys):
        summed.extend(keys)
        return real(self, table_id, keys)

    monkeypatch.setattr(HandPages, "summaries", counted)
    for typed, hands in (("jürgen", 4), ("ÜRGEN ö".lower(), 1), ("kai", 4), ("bob", 4), ("jürgen x", 0), ("²", 0)):
        summed.clear()
        find = HandFind(player=typed)
        kept = [h.to_dict() for h in whole if find.keeps(h)]
        assert len(kept) == hands, typed
        assert [h.to_dict() for h in all_pages(reader, find, 2)] == kept, typed
        assert len(summed) == hands, typed  # (the room narrowed: no other hand was read)
    reader.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_1280_by_720_every_column_of_the_list_is_in_view(qtbot, paged_room, monkeypatch, lang):
    """A floor on a 1280x720 screen sees each hand's table and number, its marks and its players
    without scrolling sideways (the list cut them off behind a scroll bar, in both languages):
    every column ends inside the list, the marks and the players have room for words, and a mark
    cut short is said whole when the floor points at it."""
    from PySide6.QtCore import QTranslator

    from dealer_app.ui.room_window import RoomFloorWindow
    from tests.support.helpers import load_german

    if lang == "de":
        translator = QTranslator()
        assert load_german(translator)
        QApplication.installTranslator(translator)
    try:
        monkeypatch.setattr(hand_pages, "PAGE_HANDS", 20)
        w = RoomFloorWindow(paged_room[0].floor)
        qtbot.addWidget(w)
        w.resize(1280, 720)
        w.show()
        qtbot.waitExposed(w)
        qtbot.waitUntil(lambda: w.hand_list.rowCount() == 20, timeout=10000)
        hl = w.hand_list
        qtbot.waitUntil(lambda: hl.horizontalScrollBar().maximum() == 0, timeout=3000)
        header, inside = hl.horizontalHeader(), hl.viewport().width()
        columns = range(hl.hand_model.columnCount())
        assert all(
            header.sectionViewportPosition(c) >= 0
            and header.sectionViewportPosition(c) + header.sectionSize(c) <= inside
            for c in columns
        ), [header.sectionSize(c) for c in columns]
        letters = hl.fontMetrics().horizontalAdvance("0")
        assert header.sectionSize(3) >= 6 * letters and header.sectionSize(5) >= 6 * letters  # marks, players
        assert header.sectionSize(0) >= hl.sizeHintForColumn(0) - 1  # the table's label and the hand whole
        row = next(r for r in range(hl.rowCount()) if "," in hl.item(r, 3).text())  # (several marks: cut)
        marks = hl.item(row, 3).text()
        assert hl.fontMetrics().horizontalAdvance(marks) > header.sectionSize(3)  # (cut in the list …)
        model = hl.hand_model
        assert model.data(model.index(row, 3), Qt.ItemDataRole.ToolTipRole) == marks  # (… and said whole)
        assert model.data(model.index(row, 5), Qt.ItemDataRole.ToolTipRole) == hl.item(row, 5).text()
        assert w.table_view.width() >= 640  # (the table beside it as wide as ever)
    finally:
        if lang == "de":
            QApplication.removeTranslator(translator)
