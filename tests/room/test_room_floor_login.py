"""Issue 30 §4 in a room: every floor act at a room's table is made under the floor person's own
room login. The table connects AS that login (the server checks the password and that it is a
floor's), ``room.record_floor_act`` records the act, and the table's row names the login and the
room's id of the act; readers match the two. A wrong password, a table's login, a login of no
floor and an unreachable room are refused, recorded, and change nothing. A real PostgreSQL server
(tests/support/pg_server.py), as the other room tests."""

import psycopg
import pytest

from dealer_app.floor.ruling import Ruling
from dealer_app.floor.rulings import rule_at_table
from dealer_app.live.controller import InputError, TableController
from dealer_app.record.floor_signing import act_digest
from dealer_app.record.store import Store
from dealer_app.room.floor_act_check import DIFFERS, MATCHES, NO_ACT, check_floor_acts
from dealer_app.room.floor_login import RoomFloorLogin, with_login
from dealer_app.room.forwarder import Forwarder
from dealer_app.room.reader import RoomReader
from tests.record.test_record_proves_itself import play_hands

PLAYERS = [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)]
ANNA_PW = "anna-room-secret"


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))  # the record key: this test's own


@pytest.fixture
def floor_room(room):
    """The room with a floor person's own login (anna) and a login that is no floor's (visitor)."""
    room.pg.admin(f"CREATE ROLE {room.name}_anna LOGIN PASSWORD '{ANNA_PW}' IN ROLE dealer_floor")
    room.pg.admin(f"CREATE ROLE {room.name}_visitor LOGIN PASSWORD 'visitor-pw'")
    room.anna = f"{room.name}_anna"
    room.visitor = f"{room.name}_visitor"
    return room


def room_table(path, room) -> TableController:
    """A table in the room: its floor acts are authorised by the floor's room login."""
    c = TableController(Store(path))
    c.open_table("stud-1-2", None, PLAYERS)
    c.floor_authority = RoomFloorLogin(room.table_a, c.store.table_id())
    return c


def rows(c, kind):
    return [p for _h, k, p, _at in c.store.session_log(c.session_id) if k == kind]


def room_acts(room):
    with psycopg.connect(room.owner) as conn:
        return conn.execute(
            "SELECT id, table_id, kind, session, hand_no, digest, floor_login FROM room.floor_acts ORDER BY id"
        ).fetchall()


def forwarded_checks(room, c):
    """The table's rows sent to the room (enrolled), and the floor's check of its floor acts."""
    fwd = Forwarder(c.store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    try:
        room.enroll_when_registered(c.store.table_id())
        assert fwd.wait_until_sent(10), fwd.state
    finally:
        fwd.stop(wait=True)
    reader = RoomReader(room.floor)
    try:
        return check_floor_acts(reader._query, c.store.table_id())
    finally:
        reader.close()


def test_a_void_at_a_room_table_is_made_under_the_floor_login(floor_room, tmp_path):
    room = floor_room
    c = room_table(tmp_path / "hands.sqlite3", room)
    c.start_hand()
    c.enter_card("Kc")
    c.report_irregularity("I-6", floor=(room.anna, ANNA_PW))
    assert c.prompt().kind == "award" and "Misdeal" in c.prompt().text
    (row,) = rows(c, "irregularity")
    ((act_id, table_id, kind, session, hand, digest, login),) = room_acts(room)
    assert row["by"] == {"role": "floor", "name": room.anna, "room_login": room.anna, "room_act": act_id}
    assert (table_id, kind, session, hand, login) == (c.store.table_id(), "void", c.session_id, 1, room.anna)
    assert digest == act_digest("irregularity", row)  # the room's act is what the row does
    assert ANNA_PW not in str(c.store.session_log(c.session_id))
    (check,) = forwarded_checks(room, c)
    assert (check.verdict, check.login, check.room_act) == (MATCHES, room.anna, act_id)
    c.store.close()


def test_a_chip_moving_ruling_at_a_room_table_is_made_under_the_floor_login(floor_room, tmp_path):
    room = floor_room
    c = room_table(tmp_path / "hands.sqlite3", room)
    play_hands(c, 1)
    before = {s.seat: s.stack for s in c.seats()}
    facts, decision = "seat 3 says the bring-in was short", "seat 2 pays seat 3"
    ruling = Ruling(c.session_id, 1, 1, facts, ("I-3", "B-3"), decision, "adjust", {2: -100, 3: 100})
    rule_at_table(c, ruling, (room.anna, ANNA_PW))
    assert {s.seat: s.stack for s in c.seats()} == {**before, 2: before[2] - 100, 3: before[3] + 100}
    (row,) = rows(c, "ruling")
    ((act_id, _t, kind, session, hand, digest, login),) = room_acts(room)
    assert row["by"] == {"role": "floor", "name": room.anna, "room_login": room.anna, "room_act": act_id}
    assert (kind, session, hand, login, digest) == ("ruling", c.session_id, 1, room.anna, act_digest("ruling", row))
    (check,) = forwarded_checks(room, c)
    assert check.verdict == MATCHES and check.row_kind == "ruling"
    c.store.close()


@pytest.mark.parametrize("who", ["wrong password", "table login", "no floor login"])
def test_a_floor_act_is_refused_recorded_and_nothing_applied(floor_room, tmp_path, who):
    room = floor_room
    login, password, said, reason = {
        "wrong password": (room.anna, "not-annas", "refused the login", "room login refused"),
        "table login": (f"{room.name}_ta", f"pw-{room.name}_ta", "not a floor's room login", "not a floor's"),
        "no floor login": (room.visitor, "visitor-pw", "not a floor's room login", "not a floor's"),
    }[who]
    c = room_table(tmp_path / "hands.sqlite3", room)
    c.start_hand()
    c.enter_card("Kc")
    with pytest.raises(InputError, match=said):
        c.report_irregularity("I-6", floor=(login, password))
    assert c.hand.phase == "deal" and rows(c, "irregularity") == []  # nothing applied
    (refused,) = rows(c, "floor_refused")
    assert refused["by"] == {"role": "floor", "name": login, "room_login": login}
    assert refused["reason"].startswith(reason) and password not in str(refused)
    assert room_acts(room) == []
    with pytest.raises(InputError, match="too soon after a refused try"):  # it waits before its next try
        c.report_irregularity("I-6", floor=(login, password))
    c.store.close()


def test_a_table_login_cannot_call_the_function_itself(floor_room):
    with psycopg.connect(floor_room.table_a, autocommit=True) as conn, pytest.raises(psycopg.Error) as caught:
        conn.execute("SELECT room.record_floor_act('T-ABCD1234', 'void', 1, 1, %s)", ("0" * 64,))
    assert caught.value.sqlstate == "42501"  # insufficient privilege
    assert room_acts(floor_room) == []


def test_an_unreachable_room_is_refused_and_recorded(floor_room, tmp_path):
    room = floor_room
    c = room_table(tmp_path / "hands.sqlite3", room)
    c.floor_authority = RoomFloorLogin(room.table_a.replace(f":{room.pg.port}/", ":1/"), c.store.table_id())
    c.start_hand()
    c.enter_card("Kc")
    with pytest.raises(InputError, match="the room cannot be reached"):
        c.report_irregularity("I-7", floor=(room.anna, ANNA_PW))
    assert rows(c, "irregularity") == [] and rows(c, "floor_refused")[0]["reason"].startswith("the room could not")
    c.store.close()


def test_a_row_naming_a_floor_login_the_room_has_no_act_for_is_flagged(floor_room, tmp_path):
    """A dealer who writes a floor's login into a row (here: the act id of another act, and a
    made-up one) is caught by the reader: the room has no such act for it."""
    room = floor_room
    c = room_table(tmp_path / "hands.sqlite3", room)
    c.start_hand()
    c.enter_card("Kc")

    class Forger:  # the dealer's own "floor", naming anna without her password
        in_room = True

        def confirm(self, name, passphrase, act):
            return {"role": "floor", "name": room.anna, "room_login": room.anna, "room_act": 999}

    c.floor_authority = Forger()
    c.report_irregularity("I-6", floor=("x", "y"))
    (check,) = forwarded_checks(room, c)
    assert check.verdict == NO_ACT and check.flagged and "no floor act 999" in check.words()


def test_an_act_reused_for_another_row_differs(floor_room, tmp_path):
    room = floor_room
    c = room_table(tmp_path / "hands.sqlite3", room)
    c.start_hand()
    c.enter_card("Kc")
    c.report_irregularity("I-6", floor=(room.anna, ANNA_PW))
    ((act_id, *_rest),) = room_acts(room)
    c.finish_hand()
    c.start_hand()
    c.enter_card("Kc")

    class Replayer:  # anna's act of hand 1 named again for hand 2
        in_room = True

        def confirm(self, name, passphrase, act):
            return {"role": "floor", "name": room.anna, "room_login": room.anna, "room_act": act_id}

    c.floor_authority = Replayer()
    c.report_irregularity("I-7", floor=("x", "y"))
    first, second = forwarded_checks(room, c)
    assert first.verdict == MATCHES
    assert second.verdict == DIFFERS and "hand" in second.detail and "what it does" in second.detail


def test_with_login_replaces_the_tables_login():
    url = with_login("postgresql://table1:tpw@db.example:5432/room?sslmode=require&password=x", "anna", "p@ss:w/rd")
    assert url == "postgresql://anna:p%40ss%3Aw%2Frd@db.example:5432/room?sslmode=require"


def test_report_database_names_each_floor_act_and_flags_one_the_room_has_no_act_for(floor_room, tmp_path, capsys):
    from dealer_app.cli import main

    room = floor_room
    c = room_table(tmp_path / "hands.sqlite3", room)
    c.start_hand()
    c.enter_card("Kc")
    c.report_irregularity("I-6", floor=(room.anna, ANNA_PW))
    c.finish_hand()
    c.start_hand()
    c.enter_card("Kc")

    class Forger:
        in_room = True

        def confirm(self, name, passphrase, act):
            return {"role": "floor", "name": room.anna, "room_login": room.anna, "room_act": 999}

    c.floor_authority = Forger()
    c.report_irregularity("I-7", floor=("x", "y"))
    forwarded_checks(room, c)
    tid, sid = c.store.table_id(), c.session_id
    report = ["report", "--database", room.floor, "--table-id", tid, "--out"]
    capsys.readouterr()
    assert main([*report, str(tmp_path / "h1.pdf"), "--hand", f"{sid}-1"]) == 0
    said = capsys.readouterr()
    assert f"irregularity by room login {room.anna}, room act 1: matches" in said.out and said.err == ""
    assert main([*report, str(tmp_path / "h2.pdf"), "--hand", f"{sid}-2"]) == 1
    said = capsys.readouterr()
    assert "no act in the room: the room has no floor act 999" in said.err


def test_a_local_accounts_act_after_the_table_joined_the_room_is_flagged(floor_room, tmp_path, capsys):
    """The insider review: with the room unset for a moment, a dealer voided a hand as the floor
    under a local account they made themselves; the row reached the room and was not flagged."""
    from dealer_app.cli import main
    from dealer_app.room.floor_act_check import LOCAL, LOCAL_IN_ROOM
    from tests.support.floor_accounts import MARIA

    room = floor_room
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    c.open_table("stud-1-2", None, PLAYERS)
    c.start_hand()
    c.enter_card("Kc")
    c.report_irregularity("I-6", floor=MARIA)  # a table alone: its local accounts (before the room)
    assert [check.verdict for check in forwarded_checks(room, c)] == [LOCAL]  # (joins the room here)
    c.start_hand()
    c.enter_card("Kc")
    c.report_irregularity("I-6", floor=MARIA)  # the room unset, a local account: after it joined
    fwd = Forwarder(c.store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    try:
        assert fwd.wait_until_sent(10), fwd.state
    finally:
        fwd.stop(wait=True)
    reader = RoomReader(room.floor)
    try:
        checks = check_floor_acts(reader._query, c.store.table_id())
    finally:
        reader.close()
    assert [(check.verdict, check.flagged) for check in checks] == [(LOCAL, False), (LOCAL_IN_ROOM, True)]
    assert "local account, after the table joined the room" in checks[1].words()
    hand = f"{c.session_id}-{c.hand_no}"
    out = tmp_path / "r.pdf"
    args = ["report", "--database", room.floor, "--table-id", c.store.table_id(), "--hand", hand, "--out", str(out)]
    assert main(args) == 1
    assert "local account, after the table joined the room" in capsys.readouterr().err
    c.store.close()
