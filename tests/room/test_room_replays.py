"""A table run from source, whose dealer holds its key, signs a made-up result for a hand and the
forwarder takes it to the room (the seventh attack pass: the room's readers said whole). Every
reader of the room replays each table's sessions through the engine (room/room_check.py, as the
record's own check does): `verify --database`, `hands --database`, `report --database` and the
console's check name the row DOES NOT REPLAY with table, session, hand and row; an honest table
with its top-ups, leaves and undos replays whole. On the real PostgreSQL the tests start."""

from __future__ import annotations

import psycopg
import pytest

from dealer_app.live.controller import TableController
from dealer_app.live.resume import replay_state
from dealer_app.record.rows import HandEndRow, HandStartRow
from dealer_app.record.store import Store
from dealer_app.room.forwarder import Forwarder
from dealer_app.room.room_check import REPLAY, check_room_table
from tests.record.test_record_proves_itself import play_hands
from tests.room.test_room_floor_acts_proof import run

PLAYERS = [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)]

pytestmark = pytest.mark.pg


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))  # the record key: this test's own


def _checked(room, table_id: str, since=None):
    with psycopg.connect(room.floor, autocommit=True) as conn:
        return check_room_table(conn, table_id, f"table {table_id}", since)


def test_a_signed_made_up_result_is_named_by_every_room_reader(room, tmp_path, capsys):
    path = tmp_path / "hands.sqlite3"
    c = TableController(Store(path))
    c.open_table("stud-5-10", None, PLAYERS)
    play_hands(c, 2)
    c.top_up(2, 5000)
    play_hands(c, 1, seed=4)
    c.leave(3)
    sid, table_id = c.session_id, c.store.table_id()
    fwd = Forwarder(c.store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    try:
        assert fwd.wait_until_sent(10), fwd.state
        room.enroll()
        honest = _checked(room, table_id)
        assert [p for p in honest.problems if p.what == REPLAY] == [] and honest.resume is not None
        # hand 4 dealt and ended at once with the pot given to Bob, signed by the table's own code
        state = replay_state(c.store, sid)
        seats = [[s, p.name, p.stack] for s, p in sorted(state.session.seats.items())]
        forged = HandEndRow([{"amount": 4000, "eligible": [1, 2], "winners": {"2": 4000}}], {"2": 2000, "1": -2000})
        c.store.append(sid, 4, [HandStartRow(4, seats), forged])
        assert fwd.wait_until_sent(10), fwd.state
        # taken up from the honest walk (as the console checks new rows) and walked whole: both name it
        for found in (_checked(room, table_id, honest.resume), _checked(room, table_id)):
            (problem,) = [p for p in found.problems if p.what == REPLAY]
            assert (problem.session, problem.hand) == (sid, 4)
            assert f"session {sid}, hand 4, row {problem.row}: DOES NOT REPLAY" in problem.text
            assert "(hand_end: the hand has not ended)" in problem.text, problem.text
        said = f"session {sid}, hand 4, row {problem.row}: DOES NOT REPLAY"
        code, out, err = run(capsys, "verify", path, "--database", room.floor)
        assert code == 1 and said in out + err, out + err
        code, out, err = run(capsys, "hands", "--database", room.floor)
        assert code == 1 and said in err, err
        code, out, err = run(
            capsys,
            "report",
            "--database",
            room.floor,
            "--table-id",
            table_id,
            "--hand",
            f"{sid}-4",
            "--out",
            tmp_path / "r.pdf",
        )
        assert code == 1 and "DOES NOT REPLAY" in err, err
    finally:
        fwd.stop(wait=True)


def test_a_signed_row_that_is_no_record_row_is_named_in_the_room(room, tmp_path):
    """Attack pass 8b: a signed ("input", []) made the room's walk stop replaying the table until
    its next hand, and the made-up result after it went unseen by every room reader."""
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    c.open_table("stud-5-10", None, PLAYERS)
    play_hands(c, 2)
    sid, table_id = c.session_id, c.store.table_id()
    state = replay_state(c.store, sid)
    seats = [[s, p.name, p.stack] for s, p in sorted(state.session.seats.items())]
    c.store.append(sid, 3, [HandStartRow(3, seats), ("input", []), HandEndRow([], {"2": 4000})])
    fwd = Forwarder(c.store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    try:
        assert fwd.wait_until_sent(10), fwd.state
        room.enroll()
        found = _checked(room, table_id)
        (problem,) = [p for p in found.problems if p.what == REPLAY]
        assert (problem.session, problem.hand) == (sid, 3)
        assert "DOES NOT REPLAY" in problem.text and "the input row's content is not a record row" in problem.text
    finally:
        fwd.stop(wait=True)
