"""The third attack pass on the room's floor acts (issue 30), each attack as it was made, on the
real PostgreSQL the tests start: a made-up room ruling applied at a table, a floor login ruling
as another, the room's owner filing a ruling under a floor person's name. Each is refused by the
server (migration 0014) or named by every reader that reads the room, with table, hand and row."""

from __future__ import annotations

import json
import time

import psycopg
import pytest

from dealer_app.__main__ import main
from dealer_app.floor.ruling import Ruling
from dealer_app.floor.rulings import rule_from_room
from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.room.floor_act_check import NAMES_ANOTHER, NO_RULING, NOT_FLOOR_LOGIN, check_floor_acts
from dealer_app.room.forwarder import Forwarder, PendingRuling
from tests.record.test_record_proves_itself import play_hands

PLAYERS = [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)]

pytestmark = pytest.mark.pg


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))  # the record key: this test's own


def wait_for(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def the_ruling(session: int, by_name: str) -> str:
    """The attack's ruling on hand 2: seat 3 pays seat 1 $25."""
    ruling = Ruling(
        session, 2, 1, "seat 3 string-raised", ("I-3",), "seat 3 pays seat 1", "adjust", {1: 2500, 3: -2500}
    )
    return json.dumps(ruling.payload({"role": "floor", "name": by_name}))


def sealed(room, login: str, table_id: str, session: int, by_name: str) -> str:
    """``the_ruling`` signed with ``login``'s own floor key (made on this machine and enrolled, as
    `dealer-app floor-key new` does), as that login's console files it (record/floor_keys.py)."""
    from dealer_app.record.floor_keys import load_floor_signer, seal_ruling

    room.make_floor_key(as_login(room, login))
    payload = json.loads(the_ruling(session, by_name))
    return json.dumps(seal_ruling(load_floor_signer(login), table_id, session, 2, login, payload))


@pytest.fixture
def table(room, tmp_path):
    """A table of two hands in the room (forwarded, enrolled), its forwarder running."""
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    c.open_table("stud-5-10", None, PLAYERS)
    play_hands(c, 2)
    fwd = Forwarder(c.store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    assert fwd.wait_until_sent(10), fwd.state
    room.enroll()
    yield c, fwd
    fwd.stop(wait=True)


def floor_login(room, who: str) -> str:
    login = f"{room.name}_{who}"
    room.pg.admin(f"CREATE ROLE {login} LOGIN PASSWORD 'pw-{login}' IN ROLE dealer_floor")
    return login


def as_login(room, login: str) -> str:
    return room.pg.url(login, f"pw-{login}", room.name)


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def floor_checks(room, table_id: str) -> list:
    with psycopg.connect(room.floor, autocommit=True) as conn:
        return [
            c for c in check_floor_acts(lambda sql, args: conn.execute(sql, args).fetchall(), table_id) if c.flagged
        ]


def test_a_made_up_room_ruling_applied_at_a_table_is_named_by_every_room_reader(room, table, tmp_path, capsys):
    c, fwd = table
    sid, table_id = c.session_id, c.store.table_id()
    made_up = PendingRuling(
        4242, sid, 2, the_ruling(sid, "floor_anna"), "floor_anna", "2026-12-05T10:00:00.000", "ab" * 32
    )
    rule_from_room(c, made_up)
    assert fwd.wait_until_sent(10), fwd.state
    (check,) = floor_checks(room, table_id)
    row = check.row
    assert check.verdict == NO_RULING and (check.session, check.hand) == (sid, 2)
    said = f"{table_id} hand {sid}-2: {NO_RULING}: row {row} applies room ruling 4242, which the room does not have"
    assert check.words() == said
    code, out, err = run(capsys, "verify", tmp_path / "hands.sqlite3", "--database", room.floor)
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
        f"{sid}-2",
        "--out",
        tmp_path / "r.pdf",
    )
    assert code == 1 and "row" in err and "applies room ruling 4242, which the room does not have" in err, err
    # without a room the row is said not checked against it, and the record stays whole
    code, out, err = run(capsys, "verify", tmp_path / "hands.sqlite3")
    assert code == 0, out + err
    assert f"hand {sid}-2" not in out  # (a table session and hand, in the record's words)
    assert f"table session {sid}, hand 2: row {row} applies room ruling 4242: not checked against the room" in out
    assert ": whole:" in out


def test_a_floor_login_cannot_rule_as_another_and_a_ruling_already_there_stands_as_its_filers(
    room, table, tmp_path, capsys
):
    c, fwd = table
    sid, table_id = c.session_id, c.store.table_id()
    anna, bob = floor_login(room, "anna"), floor_login(room, "bob")
    insert = "INSERT INTO room.rulings (table_id, session, hand_no, payload) VALUES (%s, %s, 2, %s)"
    with (
        psycopg.connect(as_login(room, bob), autocommit=True) as conn,
        pytest.raises(psycopg.errors.CheckViolation) as refused,
    ):
        conn.execute(insert, (table_id, sid, the_ruling(sid, anna)))
    assert f"a ruling filed by {bob} names {anna} as the floor who ruled" in str(refused.value)
    # a row filed before the server's check (the owner turned it off): shown and applied as bob's
    with psycopg.connect(room.owner, autocommit=True) as owner:
        owner.execute("ALTER TABLE room.rulings DISABLE TRIGGER ruling_under_its_login")
        with psycopg.connect(as_login(room, bob), autocommit=True) as conn:  # (signed with bob's own key)
            conn.execute(insert, (table_id, sid, sealed(room, bob, table_id, sid, anna)))
        owner.execute("ALTER TABLE room.rulings ENABLE TRIGGER ruling_under_its_login")
    code, out, err = run(capsys, "rulings", "--database", room.floor, "--json")
    assert code == 1, err
    (entry,) = [e for case in json.loads(out)["cases"] for e in case["rulings"]]
    assert entry["floor"] == bob
    assert f"{NAMES_ANOTHER}: room ruling" in err and f"was filed by {bob} but names {anna}" in err, err
    wait_for(lambda: fwd.state.rulings)
    (pending,) = fwd.state.rulings
    rule_from_room(c, pending)
    (row,) = [pl for _, k, pl, _ in c.store.session_log(sid) if k == "ruling"]
    assert row["by"] == {"role": "floor", "name": bob} and row["floor_login"] == bob


def test_the_rooms_owner_files_no_ruling_and_one_filed_with_the_check_off_is_flagged_and_not_applied(
    room, table, tmp_path, capsys
):
    c, fwd = table
    sid, table_id = c.session_id, c.store.table_id()
    anna = floor_login(room, "anna")
    insert = "INSERT INTO room.rulings (table_id, session, hand_no, payload) VALUES (%s, %s, 2, %s)"
    with psycopg.connect(room.owner, autocommit=True) as owner:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match=f"{room.name}_owner is not one"):
            owner.execute(insert, (table_id, sid, the_ruling(sid, anna)))
        owner.execute("ALTER TABLE room.rulings DISABLE TRIGGER ruling_under_its_login")
        owner.execute("ALTER TABLE room.rulings DISABLE TRIGGER ruling_with_a_floor_seal")
        owner.execute(insert, (table_id, sid, the_ruling(sid, anna)))
        owner.execute("ALTER TABLE room.rulings ENABLE TRIGGER ruling_under_its_login")
        owner.execute("ALTER TABLE room.rulings ENABLE TRIGGER ruling_with_a_floor_seal")
    checks = floor_checks(room, table_id)
    assert [c.verdict for c in checks] == [NOT_FLOOR_LOGIN]
    assert f"was filed by {room.name}_owner, which is not a floor login" in checks[0].words()
    code, out, err = run(capsys, "rulings", "--database", room.floor, "--json")
    assert code == 1 and NOT_FLOOR_LOGIN in err, err
    (entry,) = [e for case in json.loads(out)["cases"] for e in case["rulings"]]
    assert entry["floor"] == f"NOT FILED BY A FLOOR LOGIN (filed by {room.name}_owner)"
    code, out, err = run(capsys, "hands", "--database", room.floor)
    assert code == 1 and NOT_FLOOR_LOGIN in err
    # the table applies none of it: a floor's own ruling after it is offered, the owner's never
    with psycopg.connect(as_login(room, anna), autocommit=True) as conn:
        conn.execute(insert, (table_id, sid, sealed(room, anna, table_id, sid, anna)))
    wait_for(lambda: fwd.state.rulings)
    assert [r.floor_login for r in fwd.state.rulings] == [anna]


def test_a_floor_act_under_a_mis_cased_role_is_an_unsigned_floor_act_to_the_rooms_readers(room, table, capsys):
    """Run from source, the dealer writes a ruling "by" {"role": "Floor", "name": "Anna"}: the
    room's check named nothing (FloorSignature.from_dict read it as no floor act at all)."""
    from dealer_app.record.rows import RulingRow
    from dealer_app.room.floor_act_check import UNSIGNED

    c, fwd = table
    sid, table_id = c.session_id, c.store.table_id()
    c.store.append(sid, 2, [RulingRow(json.loads(the_ruling(sid, "Anna")) | {"by": {"role": "Floor", "name": "Anna"}})])
    assert fwd.wait_until_sent(10), fwd.state
    (check,) = floor_checks(room, table_id)
    assert check.verdict == UNSIGNED
    assert check.words() == (
        f"{table_id} hand {sid}-2: {UNSIGNED}: row {check.row} (ruling) claims a floor act as UNSIGNED floor act "
        f"(role 'Floor', name 'Anna' not checked): no floor person's passphrase or room login stands behind it"
    )
    code, out, err = run(capsys, "rulings", "--database", room.floor, "--json")
    assert code == 1 and UNSIGNED in err
    (entry,) = [e for case in json.loads(out)["cases"] for e in case["rulings"]]
    assert entry["floor"] == "UNSIGNED floor act (role 'Floor', name 'Anna' not checked)"
