"""Each floor person signs their rulings with a key of their own (issue 30 §4; record/floor_keys.py,
room/migrations/0017). The room's owner creates the floor logins and sets their passwords: before
this, the owner could file a ruling as a floor login, and the table applied it and every reader
showed it as that floor person's. Each attack below is the owner's (or anyone's with a floor
login's password), on a real PostgreSQL server; each is caught by the server, the table, every
reader and the floor person's own console."""

import json
import secrets
import time

import psycopg
import pytest
from PySide6.QtWidgets import QLabel

from dealer_app.cli import main
from dealer_app.record.floor_keys import (
    BAD_SEAL,
    KEY_NOT_VALID,
    UNSEALED,
    create_floor_signer,
    load_floor_signer,
    seal_ruling,
)
from dealer_app.record.signing import FileSigner
from dealer_app.room.floor_act_check import LOOK_ALIKE, MATCHES, REPLAYED, check_floor_acts
from dealer_app.room.floor_key_enrollment import enroll_floor_key
from dealer_app.room.forwarder import Forwarder
from dealer_app.room.reader import RoomReader
from tests.room.test_room_ruling_chips import dealt_table, rule_in_room, wait_for

CHIPS = {"1": -100, "2": 100}


def ruling_payload(login: str, session: int, hand: int, decision: str) -> dict:
    return {
        "hand": hand,
        "moment": 1,
        "facts": "Seat 2 says seat 1 string-raised",
        "rules": ["I-3"],
        "decision": decision,
        "remedy": "adjust",
        "chips": CHIPS,
        "by": {"role": "floor", "name": login},
    }


def rule(room, table_id, session, hand, chips) -> int:
    """The floor rules in its console (the ruling dialog's path); the room's id of the ruling."""
    rule_in_room(room, table_id, session, hand, chips)
    with psycopg.connect(room.owner) as conn:
        return conn.execute("SELECT max(id) FROM room.rulings").fetchone()[0]


def login_of(room) -> str:
    return f"{room.name}_floor"


def checks(room, table_id):
    reader = RoomReader(room.floor)
    try:
        return check_floor_acts(reader._query, table_id)
    finally:
        reader.close()


def flagged(room, table_id) -> dict[int | None, str]:
    return {c.room_act: c.verdict for c in checks(room, table_id) if c.flagged}


@pytest.fixture
def table(room, tmp_path):
    """A table that dealt two hands, in the room, its forwarder running."""
    c = dealt_table(tmp_path / "hands.sqlite3")
    fwd = Forwarder(c.store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    assert fwd.wait_until_sent(10), fwd.state
    room.enroll()
    yield c, fwd
    fwd.stop(wait=True)


def offered(fwd) -> set[int]:
    return {p.id for p in fwd.state.rulings}


def test_an_honest_ruling_is_signed_offered_applied_and_matches(room, table):
    from dealer_app.floor.rulings import rule_from_room

    c, fwd = table
    ruled = rule(room, c.store.table_id(), c.session_id, 2, {1: -100, 2: 100})
    wait_for(lambda: fwd.state.rulings)
    (pending,) = fwd.state.rulings
    signer = load_floor_signer(login_of(room))
    assert pending.data["floor_seal"]["key"] == signer.public_key  # (signed on this machine)
    rule_from_room(c, pending)
    (applied,) = [p for _h, k, p, _at in c.store.session_log(c.session_id) if k == "ruling" and "room_ruling" in p]
    assert applied["floor_seal"] == pending.data["floor_seal"]  # the table's signed row carries the seal
    assert fwd.wait_until_sent(10)
    (check,) = [x for x in checks(room, c.store.table_id()) if x.room_act == ruled]
    assert check.verdict == MATCHES
    # the table's next reads of the room's rulings take the applied one for what it is, not for a
    # copy of itself (a new floor person saw "not offered: a copy …" after each ruling applied)
    held = held_back(room, c.store)
    assert held == set()


def held_back(room, store) -> set[int]:
    """The room rulings a table's forwarder would hold back now (its `_sealed`, as it reads them)."""
    import sqlite3

    from dealer_app.room.floor_key_enrollment import read_floor_keys
    from dealer_app.room.forwarder import _Config, _Sender

    sender = _Sender(
        _Config(room.table_a, str(store.path), store.table_id(), store.record_id, store.key, "Stud 1", 0.2),
        lambda _state: None,
    )
    local = sqlite3.connect(store.path)
    with psycopg.connect(room.table_a) as conn:
        found = conn.execute(
            "SELECT id, session, hand_no, payload, floor_login, at, hash FROM room.rulings_for_table(%s)",
            (store.table_id(),),
        ).fetchall()
        sender._sealed(found, read_floor_keys(lambda sql, args: conn.execute(sql, args).fetchall()), local)
    local.close()
    return sender._held_back


def test_a_ruling_without_the_floors_seal_is_refused_by_the_server(room, table):
    """The owner, who set the floor login's password, files a ruling under it."""
    c, _fwd = table
    payload = ruling_payload(login_of(room), c.session_id, 2, "The owner's ruling")
    with psycopg.connect(room.floor) as conn, pytest.raises(psycopg.Error, match="signed with a floor key enrolled"):
        conn.execute(
            "INSERT INTO room.rulings (table_id, session, hand_no, payload) VALUES (%s, %s, 2, %s)",
            (c.store.table_id(), c.session_id, json.dumps(payload)),
        )


def test_the_owner_with_the_servers_checks_off_files_an_unsealed_ruling_nobody_takes(room, table, capsys):
    c, fwd = table
    tid = c.store.table_id()
    payload = ruling_payload(login_of(room), c.session_id, 2, "The owner's ruling")
    with psycopg.connect(room.owner, autocommit=True) as owner:
        owner.execute("ALTER TABLE room.rulings DISABLE TRIGGER ruling_with_a_floor_seal")
        with psycopg.connect(room.floor) as conn:  # (the floor login's password: the owner set it)
            (forged,) = conn.execute(
                "INSERT INTO room.rulings (table_id, session, hand_no, payload) VALUES (%s, %s, 2, %s) RETURNING id",
                (tid, c.session_id, json.dumps(payload)),
            ).fetchone()
        owner.execute("ALTER TABLE room.rulings ENABLE TRIGGER ruling_with_a_floor_seal")
    honest = rule(room, tid, c.session_id, 2, {1: -50, 2: 50})
    wait_for(lambda: honest in offered(fwd))  # (the table read the room's rulings after both were filed)
    assert forged not in offered(fwd)
    assert flagged(room, tid) == {forged: UNSEALED}
    assert main(["hands", "--database", room.floor]) == 1
    out = capsys.readouterr()
    assert f"room ruling {forged} filed by {login_of(room)}: not signed by the floor person's own key" in (
        out.out + out.err
    )


def file_as_floor(room, table_id: str, session: int, payload: dict) -> int:
    """A ruling filed under the floor login (its password: the owner set it); its room id."""
    with psycopg.connect(room.floor) as conn:
        return conn.execute(
            "INSERT INTO room.rulings (table_id, session, hand_no, payload) VALUES (%s, %s, 2, %s) RETURNING id",
            (table_id, session, json.dumps(payload)),
        ).fetchone()[0]


def test_a_key_the_owner_puts_under_a_floor_login_signs_nothing_valid(qtbot, room, table, tmp_path, capsys):
    """The owner puts a key of their own under the floor login (the server enrolls one key per
    login, by the login itself: the owner drops the index and inserts it) and signs a ruling with
    it. No table offers it, every reader names it — and the floor person's own rulings too, until
    the room's manager sorts it out: a login with two keys has no valid one — and the floor
    person's console and `floor-key show` say a key they did not make is enrolled. (The fifth
    attack pass made such a key "valid" by endorsing it with a key of a login the owner made.)"""
    from dealer_app.ui.room_window import RoomFloorWindow

    c, fwd = table
    tid = c.store.table_id()
    login = login_of(room)
    honest = rule(room, tid, c.session_id, 2, {1: -50, 2: 50})
    wait_for(lambda: honest in offered(fwd))
    owners = create_floor_signer(login, tmp_path / "owners-keys")
    with (
        psycopg.connect(room.floor, autocommit=True) as conn,
        pytest.raises(psycopg.Error, match="has its key already"),
    ):
        conn.execute("SELECT room.enroll_floor_key(%s)", (bytes.fromhex(owners.public_key),))
    with psycopg.connect(room.owner) as conn:
        conn.execute("DROP INDEX room.floor_keys_one_per_login")
        conn.execute(  # (a low id, the floor login named as enrolling it: as first as the owner can make it)
            "INSERT INTO room.floor_keys (id, login, public_key, enrolled_by) VALUES (-1, %s, %s, %s)",
            (login, bytes.fromhex(owners.public_key), login),
        )
    forged = file_as_floor(
        room, tid, c.session_id, seal_ruling(owners, tid, c.session_id, 2, login, ruling_payload(login, 1, 2, "Own"))
    )
    time.sleep(2.5)  # (two reads of the room's rulings at least: RULINGS_EVERY_S)
    assert forged not in offered(fwd) and honest not in offered(fwd)
    assert flagged(room, tid) == {forged: KEY_NOT_VALID, honest: KEY_NOT_VALID}
    # the floor person, on their own machine
    assert main(["floor-key", "show", "--database", room.floor]) == 1
    said = capsys.readouterr()
    assert "NOT MADE ON THIS MACHINE" in said.out and "did not make" in said.err
    assert f"the room holds 2 keys under {login}: a floor login has one key" in said.out
    console = RoomFloorWindow(room.floor)
    qtbot.addWidget(console)
    console.show()
    qtbot.waitExposed(console)
    line = console.findChild(QLabel, "floor_key")
    assert line.isVisible() and f"under your login {login} that this machine did not make" in line.text()


def test_a_signed_ruling_filed_again_is_a_copy_never_applied_twice(room, table):
    """The fifth attack pass: the exact payload (seal and all) of a ruling the table had applied,
    filed again on the same hand, was offered and moved the chips a second time."""
    from dealer_app.floor.rulings import rule_from_room

    c, fwd = table
    tid = c.store.table_id()
    first = rule(room, tid, c.session_id, 2, {1: -100, 2: 100})
    wait_for(lambda: first in offered(fwd))
    rule_from_room(c, fwd.state.rulings[0])
    assert fwd.wait_until_sent(10)
    with psycopg.connect(room.owner) as conn:
        (text,) = conn.execute("SELECT payload FROM room.rulings WHERE id = %s", (first,)).fetchone()
    copy = file_as_floor(room, tid, c.session_id, json.loads(text))
    copy_again = file_as_floor(room, tid, c.session_id, json.loads(text))
    later = rule(room, tid, c.session_id, 2, {1: -5, 2: 5})
    wait_for(lambda: later in offered(fwd))
    assert offered(fwd) == {later}
    assert held_back(room, c.store) == {copy, copy_again}
    assert flagged(room, tid) == {copy: REPLAYED, copy_again: REPLAYED}
    (words,) = [x.words() for x in checks(room, tid) if x.room_act == copy]
    assert f"room ruling {copy} is a copy of room ruling {first} (the same floor signature)" in words


def test_a_ruling_no_json_writer_takes_back_is_named_and_stops_no_reader(room, table, capsys):
    """The fifth attack pass: a ruling whose text holds a lone surrogate ("\\ud800", taken by
    Python's JSON reader, refused by PostgreSQL's jsonb) made every room reader stop."""
    c, _fwd = table
    tid = c.store.table_id()
    login = login_of(room)
    payload = seal_ruling(load_floor_signer(login), tid, c.session_id, 2, login, ruling_payload(login, 1, 2, "Fine"))
    text = json.dumps(payload).replace('"Fine"', '"Fine\\ud800"')
    with psycopg.connect(room.owner, autocommit=True) as owner:
        owner.execute("ALTER TABLE room.rulings DISABLE TRIGGER ruling_with_a_floor_seal")
        owner.execute("ALTER TABLE room.rulings DISABLE TRIGGER ruling_under_its_login")
        with psycopg.connect(room.floor) as conn:
            (odd,) = conn.execute(
                "INSERT INTO room.rulings (table_id, session, hand_no, payload) VALUES (%s, %s, 2, %s) RETURNING id",
                (tid, c.session_id, text),
            ).fetchone()
        owner.execute("ALTER TABLE room.rulings ENABLE TRIGGER ruling_with_a_floor_seal")
        owner.execute("ALTER TABLE room.rulings ENABLE TRIGGER ruling_under_its_login")
    assert flagged(room, tid) == {odd: UNSEALED}  # (its text is no payload: read as none)
    for command in (["hands"], ["rulings"]):
        assert main([*command, "--database", room.floor]) == 1
        said = capsys.readouterr()
        assert "Unexpected error" not in said.err and f"room ruling {odd}" in said.err


def test_a_ruling_changed_after_it_was_signed_is_named(room, table):
    c, _fwd = table
    tid = c.store.table_id()
    login = login_of(room)
    signer = load_floor_signer(login)
    payload = seal_ruling(signer, tid, c.session_id, 2, login, ruling_payload(login, c.session_id, 2, "Seat 1 pays"))
    payload["chips"] = {"1": -5000, "2": 5000}  # (changed after signing: the owner, or anyone on the wire)
    with psycopg.connect(room.floor) as conn:
        (forged,) = conn.execute(
            "INSERT INTO room.rulings (table_id, session, hand_no, payload) VALUES (%s, %s, 2, %s) RETURNING id",
            (tid, c.session_id, json.dumps(payload)),
        ).fetchone()
    assert flagged(room, tid) == {forged: BAD_SEAL}


def test_the_owner_replacing_a_floor_logins_key_is_caught_by_the_table_that_applied_its_ruling(
    room, table, tmp_path, capsys
):
    """The owner turns the append-only trigger off, deletes the floor login's key and puts one of
    their own in its place: the table that applied the floor's earlier ruling (its signed row
    carries the floor's key) offers none of the new key's rulings, every reader names the
    earlier applied ruling as signed by a key no longer valid, and the floor machine that saw the
    key says it is gone."""
    from dealer_app.floor.rulings import rule_from_room

    c, fwd = table
    tid = c.store.table_id()
    login = login_of(room)
    first = rule(room, tid, c.session_id, 2, {1: -100, 2: 100})
    wait_for(lambda: first in offered(fwd))
    rule_from_room(c, fwd.state.rulings[0])
    assert fwd.wait_until_sent(10)
    assert main(["hands", "--database", room.floor]) == 0  # (the floor's machine looks: it remembers the key)
    capsys.readouterr()
    owners = create_floor_signer(login, tmp_path / "owners-keys")
    with psycopg.connect(room.owner) as conn:
        conn.execute("ALTER TABLE room.floor_keys DISABLE TRIGGER append_only")
        conn.execute("DELETE FROM room.floor_keys WHERE login = %s", (login,))
        conn.execute("ALTER TABLE room.floor_keys ENABLE TRIGGER append_only")
    with psycopg.connect(room.floor, autocommit=True) as conn:
        enroll_floor_key(conn, owners.public_key)
    forged = file_as_floor(
        room, tid, c.session_id, seal_ruling(owners, tid, c.session_id, 2, login, ruling_payload(login, 1, 2, "Own"))
    )
    time.sleep(2.5)  # (two reads of the room's rulings at least: RULINGS_EVERY_S)
    assert forged not in offered(fwd)
    found = flagged(room, tid)
    assert found.get(first) == KEY_NOT_VALID  # the room's copy of the floor's ruling, and the row applying it
    assert main(["hands", "--database", room.floor]) == 1
    said = capsys.readouterr().err
    assert f"the floor login {login}: its key {load_floor_signer(login).public_key[:16]}… was valid" in said
    assert "the login's keys were rewritten" in said


def test_a_login_has_one_key_and_a_lost_key_means_a_new_login(room, table, tmp_path, monkeypatch, capsys):
    c, _fwd = table
    tid = c.store.table_id()
    assert main(["floor-key", "new", "--database", room.floor]) == 0  # (this machine's is enrolled: said)
    assert "a login has one key: a lost key means a new login)" in capsys.readouterr().out
    assert main(["floor-key", "show", "--database", room.floor]) == 0
    assert "valid; this machine's" in capsys.readouterr().out
    # Bea's laptop, with her key, is lost: on her new machine her login's key is not there
    room.pg.admin(f"CREATE ROLE {room.name}_bea LOGIN PASSWORD 'pw-bea' IN ROLE dealer_floor")
    bea = room.pg.url(f"{room.name}_bea", "pw-bea", room.name)
    monkeypatch.setenv("DEALER_APP_FLOOR_KEYS", str(tmp_path / "lost-laptop"))
    lost = create_floor_signer(f"{room.name}_bea")
    with psycopg.connect(bea, autocommit=True) as conn:
        enroll_floor_key(conn, lost.public_key)
    reader = RoomReader(bea)
    reader.catch_up()
    before = reader.record_ruling(tid, c.session_id, 2, ruling_payload("x", c.session_id, 2, "Bea's ruling")).id
    reader.close()
    monkeypatch.setenv("DEALER_APP_FLOOR_KEYS", str(tmp_path / "beas-new-machine"))
    assert main(["floor-key", "new", "--database", bea]) == 1
    said = capsys.readouterr()
    assert "the room holds a key under" in said.err and "a lost key means a new login" in said.err
    # the owner gives her a new login; her key for it is valid, her old login's ruling stays valid
    room.pg.admin(f"CREATE ROLE {room.name}_bea2 LOGIN PASSWORD 'pw-bea2' IN ROLE dealer_floor")
    bea2 = room.pg.url(f"{room.name}_bea2", "pw-bea2", room.name)
    assert main(["floor-key", "new", "--database", bea2]) == 0
    reader = RoomReader(bea2)
    reader.catch_up()
    after = reader.record_ruling(tid, c.session_id, 2, ruling_payload("x", c.session_id, 2, "Bea's ruling")).id
    reader.close()
    assert after != before and flagged(room, tid) == {}


@pytest.mark.parametrize("looks_like", ["fIoor", "floor ", "fl\u200boor", "fl0or", "_floor", "floor_", "5"])
def test_a_floor_login_made_to_look_like_another_rules_nothing(room, table, looks_like):
    """The sixth attack pass: the owner made a login that reads as the floor login (a capital I
    for the l, a trailing space, a zero-width space, a zero for the o), with its own key, and its
    sealed ruling was offered to the table and shown by every reader as the floor person's."""
    from urllib.parse import quote

    c, fwd = table
    tid = c.store.table_id()
    # ("5": the floor login with its first s written 5, as te5t — the seventh attack pass's, with
    # floor__anna and floor_anna_)
    login = f"{room.name}_floor".replace("s", "5", 1) if looks_like == "5" else f"{room.name}_{looks_like}"
    room.pg.admin(f"CREATE ROLE \"{login}\" LOGIN PASSWORD 'pw-twin' IN ROLE dealer_floor")
    url = room.pg.url(quote(login, safe=""), "pw-twin", room.name)
    twins_key = FileSigner.from_seed(secrets.token_bytes(32))  # (the owner's, kept anywhere)
    payload = seal_ruling(twins_key, tid, c.session_id, 2, login, ruling_payload(login, 1, 2, "The twin's"))
    with psycopg.connect(url, autocommit=True) as conn:
        enroll_floor_key(conn, twins_key.public_key)
        (twin,) = conn.execute(
            "INSERT INTO room.rulings (table_id, session, hand_no, payload) VALUES (%s, %s, 2, %s) RETURNING id",
            (tid, c.session_id, json.dumps(payload)),
        ).fetchone()
    honest = rule(room, tid, c.session_id, 2, {1: -5, 2: 5})
    if looks_like in ("fl0or", "_floor", "floor_", "5"):  # (both as `db add-login` makes names: neither is sure)
        assert flagged(room, tid) == {twin: LOOK_ALIKE, honest: LOOK_ALIKE}
        return
    wait_for(lambda: honest in offered(fwd))
    assert twin not in offered(fwd)
    assert flagged(room, tid) == {twin: LOOK_ALIKE}
    (words,) = [x.words() for x in checks(room, tid) if x.room_act == twin]
    assert f"filed by {login!r}, which is no name `db add-login` makes" in words


def test_a_sealed_ruling_with_chips_of_1e400_stops_no_reader_and_is_applied_nowhere(room, table, capsys):
    """The sixth attack pass: a floor login's own sealed ruling with chips of 1e400 (jsonb takes it,
    Python reads infinity) stopped `rulings`/`report --database` and every later ruling on the hand."""
    c, fwd = table
    tid = c.store.table_id()
    login = login_of(room)
    payload = ruling_payload(login, c.session_id, 2, "Huge")
    sealed = seal_ruling(load_floor_signer(login), tid, c.session_id, 2, login, payload)
    text = json.dumps(sealed).replace('"chips": {"1": -100, "2": 100}', '"chips": {"1": -1e400, "2": 1e400}')
    assert "1e400" in text
    with psycopg.connect(room.floor) as conn:
        (huge,) = conn.execute(
            "INSERT INTO room.rulings (table_id, session, hand_no, payload) VALUES (%s, %s, 2, %s) RETURNING id",
            (tid, c.session_id, text),
        ).fetchone()
    later = rule(room, tid, c.session_id, 2, {1: -5, 2: 5})  # (the console rules on the hand after it)
    wait_for(lambda: later in offered(fwd))
    assert huge not in offered(fwd)
    assert flagged(room, tid) == {huge: UNSEALED}  # (its text is no payload the app reads)
    for command in (["rulings", "--database", room.floor], ["hands", "--database", room.floor]):
        assert main(command) == 1
        said = capsys.readouterr()
        assert "Unexpected error" not in said.err, said.err


def test_a_copy_filed_under_a_lower_id_does_not_make_the_applied_ruling_the_copy(room, table):
    """The sixth attack pass: the owner filed an applied ruling's exact copy with id -1; the
    readers then called the honest, applied ruling "a copy of room ruling -1"."""
    from dealer_app.floor.rulings import rule_from_room

    c, fwd = table
    tid = c.store.table_id()
    first = rule(room, tid, c.session_id, 2, {1: -100, 2: 100})
    wait_for(lambda: first in offered(fwd))
    rule_from_room(c, fwd.state.rulings[0])
    assert fwd.wait_until_sent(10)
    with psycopg.connect(room.owner) as conn:
        conn.execute("ALTER TABLE room.rulings DISABLE TRIGGER USER")
        conn.execute(
            "INSERT INTO room.rulings (id, table_id, session, hand_no, payload, floor_login, prev, hash) "
            "SELECT -1, table_id, session, hand_no, payload, floor_login, prev, hash FROM room.rulings WHERE id = %s",
            (first,),
        )
        conn.execute("ALTER TABLE room.rulings ENABLE TRIGGER USER")
    assert flagged(room, tid) == {-1: REPLAYED}


def test_a_floor_person_without_a_key_hears_of_it_before_any_passphrase(room, table, tmp_path, monkeypatch):
    """A new floor person's walkthrough: with no key on this machine the console first refused
    the floor account's passphrase, and only then said that a key was missing."""
    from dealer_app.floor.ruling import Ruling
    from dealer_app.floor.rulings import RulingRefused, record_ruling

    c, _fwd = table
    monkeypatch.setenv("DEALER_APP_FLOOR_KEYS", str(tmp_path / "a-new-machine"))
    reader = RoomReader(room.floor)
    reader.catch_up()
    ruling = Ruling(c.session_id, 2, 1, "seat 2 says", ("I-3",), "seat 1 pays", "adjust", {1: -100, 2: 100})
    with pytest.raises(RulingRefused, match="this machine holds no floor key for") as refused:
        record_ruling(reader.table(c.store.table_id()), ruling, ("Maria", "not her passphrase"))
    reader.close()
    assert "floor-key new" in str(refused.value)


def test_db_add_login_makes_no_floor_login_that_looks_like_another(room, capsys):
    """Two floor logins that look alike are both flagged by every reader: the room's manager is
    told before making one (the owner going around the command is what the readers flag)."""
    for twin in ("fl0or", "floor_", "_floor"):
        assert main(["db", "add-login", f"{room.name}_{twin}", "--role", "floor", "--database", room.owner]) == 2
        said = capsys.readouterr().err
        assert f"looks like the floor login '{room.name}_floor'" in said, said
    assert main(["db", "add-login", f"{room.name}_bea", "--role", "floor", "--database", room.owner]) == 0
    with psycopg.connect(room.owner) as conn:
        made = {
            r for (r,) in conn.execute("SELECT rolname::text FROM pg_roles WHERE rolname LIKE %s", (f"{room.name}%",))
        }
    assert made == {f"{room.name}_{x}" for x in ("ta", "tb", "floor", "owner", "bea")}
