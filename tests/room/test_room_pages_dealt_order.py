"""The paged hand list follows each table's dealt order (row_id), not (session, hand) (issue 30, the
fourth attack pass, finding 5): merged by start time it is exactly the full read's order."""

from dealer_app.live.controller import TableController
from dealer_app.record.hand_find import HandFind
from dealer_app.record.store import Store
from dealer_app.room.forwarder import Forwarder
from dealer_app.room.hand_pages import HandPages
from dealer_app.room.reader import RoomReader
from tests.record.test_record_proves_itself import play_hands
from tests.support.room import _ROOMS, Room

P = [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)]


def test_interleaved_sessions(tmp_path, pg, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "h.sqlite3", anchors=tmp_path / "a.txt")
    c1 = TableController(store)
    c1.open_table("stud-1-2", None, P)
    play_hands(c1, 2, 1)
    c2 = TableController(store)
    c2.open_table("stud-2-4", None, P)
    play_hands(c2, 6, 2)
    c2.close_table()
    play_hands(c1, 2, 3)  # session 1 deals on: the room's newest hands
    room = Room(pg, f"r{next(_ROOMS)}_a4")
    fwd = Forwarder(store, room.table_a, "T1", retry_max_s=0.2).start()
    assert fwd.wait_until_sent(30)
    fwd.stop(wait=True)
    room.enroll(store.table_id())
    r = RoomReader(room.floor)
    r.catch_up()
    whole = r.hands()
    print("FULL READ (newest first):", [(h.session, h.hand, h.started) for h in whole])
    pages = HandPages(r._query, {t: v.label for t, v in r.tables.items()}, HandFind(), r.rulings)
    first = pages.next_page(5)
    print("FIRST PAGE OF 5:", [(h.session, h.hand, h.started) for h in first])
    assert [(h.session, h.hand) for h in first] == [(h.session, h.hand) for h in whole[:5]]


def test_the_older_sessions_new_hands_are_on_the_first_page(tmp_path, pg, monkeypatch):
    """A full page (200 hands) dealt in a newer session, then the older session deals on: its new
    hands are the room's newest, first on the console's first page (they were read after every
    hand of the newer session by (session, hand) and left off every first page)."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "h.sqlite3", anchors=tmp_path / "a.txt")
    old = TableController(store)
    old.open_table("stud-1-2", None, P)
    play_hands(old, 1, 1)
    new = TableController(store)
    new.open_table("stud-2-4", None, P)
    play_hands(new, 200, 2)
    new.close_table()
    play_hands(old, 2, 3)
    room = Room(pg, f"r{next(_ROOMS)}_a4b")
    fwd = Forwarder(store, room.table_a, "T1", retry_max_s=0.2).start()
    assert fwd.wait_until_sent(60)
    fwd.stop(wait=True)
    room.enroll(store.table_id())
    r = RoomReader(room.floor)
    r.catch_up()
    whole = r.hands()
    pages = HandPages(r._query, {t: v.label for t, v in r.tables.items()}, HandFind(), r.rulings)
    first = pages.next_page()
    assert [(h.session, h.hand) for h in first[:2]] == [(old.session_id, 3), (old.session_id, 2)]
    assert [(h.session, h.hand) for h in first] == [(h.session, h.hand) for h in whole[:200]]
    rest = pages.next_page()
    assert [(h.session, h.hand) for h in first + rest] == [(h.session, h.hand) for h in whole]
    assert pages.done
