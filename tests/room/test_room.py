"""The card room (issue 15) on a real PostgreSQL server (tests/support/pg_server.py): tables forward
their records, the server re-verifies every row against the table's keyed chain, the grants
hold, and the floor reads every table's hands."""

import json
import random
import sqlite3
import threading
import time

import psycopg
import pytest

from dealer_app.cli import main
from dealer_app.live.controller import TableController
from dealer_app.record.floor_keys import load_floor_signer
from dealer_app.record.store import Store
from dealer_app.room.forwarder import OFFLINE, REFUSED, UP_TO_DATE, Forwarder
from dealer_app.room.reader import RoomReader
from dealer_app.room.table_label import LABEL_RULE
from tests.support.live_random import PLAYERS, play, random_input


def local_rows(store: Store) -> list[tuple]:
    return store.db.execute("SELECT id, session_id, seq, hash FROM log ORDER BY id").fetchall()


def server_rows(room, table_id: str) -> list[tuple]:
    with psycopg.connect(room.owner) as conn:
        return conn.execute(
            "SELECT row_id, session, seq, hash FROM room.log WHERE table_id = %s ORDER BY id", (table_id,)
        ).fetchall()


def forwarder(store, url, label="Table", **kw) -> Forwarder:
    return Forwarder(store, url, label, retry_max_s=0.2, **kw).start()


def send_all(store, url, label="Table") -> None:
    """Forward the record's rows until the server has them all, then stop."""
    fwd = forwarder(store, url, label)
    assert fwd.wait_until_sent(10), fwd.state
    fwd.stop(wait=True)


def test_db_upgrade_applies_once_and_names_a_bad_server(pg, capsys):
    url = pg.create_database("upgrade_cli")
    assert main(["db", "upgrade", "--database", url]) == 0
    assert "applied 0001 room" in capsys.readouterr().out
    assert main(["db", "upgrade", "--database", url]) == 0
    out = capsys.readouterr().out
    assert "up to date" in out and "applied" not in out
    assert main(["db", "upgrade", "--database", "mysql://x@y/z"]) == 2
    assert "not a PostgreSQL URL" in capsys.readouterr().err
    assert main(["db", "upgrade", "--database", pg.url(password="wrong", db="upgrade_cli")]) == 2
    err = capsys.readouterr().err
    assert "refused the login" in err and "wrong" not in err  # (the password is never shown)


def test_two_tables_deal_at_once_into_one_server(room, tmp_path, capsys):
    results = {}

    def deal(name, url, seed):
        store = Store(tmp_path / name / "hands.sqlite3")
        fwd = forwarder(store, url, f"Stud {name}")
        c = TableController(store)
        play(c, seed, 400, lambda c: None)  # both play stud-5-10: they differ by their table_id
        assert fwd.wait_until_sent(30), fwd.state
        results[name] = (store.table_id(), local_rows(store), fwd.state)
        fwd.stop(wait=True)
        store.close()

    threads = [
        threading.Thread(target=deal, args=("a", room.table_a, 1)),
        threading.Thread(target=deal, args=("b", room.table_b, 2)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert set(results) == {"a", "b"}
    room.enroll()  # the floor enrolls both tables: until then the room shows neither
    (id_a, rows_a, state_a), (id_b, rows_b, state_b) = results["a"], results["b"]
    assert id_a != id_b and state_a.state == state_b.state == UP_TO_DATE
    assert server_rows(room, id_a) == rows_a and server_rows(room, id_b) == rows_b

    assert main(["hands", "--database", room.floor, "--json"]) == 0
    hands = json.loads(capsys.readouterr().out)["hands"]
    by_table = {h["table_id"] for h in hands}
    assert by_table == {id_a, id_b}
    local = Store.read_only(tmp_path / "a" / "hands.sqlite3")
    assert main(["hands", "--db", str(local.path), "--json"]) == 0
    local_hands = json.loads(capsys.readouterr().out)["hands"]
    assert set(local_hands[0]) | {"table_id", "table_label"} == set(hands[0])
    assert [h for h in hands if h["table_id"] == id_a] == [
        dict(h, table_id=id_a, table_label="Stud a") for h in local_hands
    ]


def test_the_server_stopped_mid_hand_loses_nothing_and_doubles_nothing(room, tmp_path):
    store = Store(tmp_path / "hands.sqlite3")
    fwd = forwarder(store, room.table_a)
    c = TableController(store)
    c.open_table("stud-5-10", None, PLAYERS)
    c.start_hand()
    import random

    rng = random.Random(5)
    for _ in range(6):
        random_input(c, rng)
    assert fwd.wait_until_sent(10)
    room.pg.stop()
    for _ in range(10):  # the dealer deals on: every input is recorded locally at once
        random_input(c, rng)
    # offline, and counting what waits: the forwarder may have said "offline" the moment the
    # server went, before the dealer's inputs were committed; its next try counts them
    deadline = time.monotonic() + 10
    while not (fwd.state.state == OFFLINE and fwd.state.waiting > 0) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert fwd.state.state == OFFLINE and fwd.state.waiting > 0, fwd.state
    assert "cannot be reached" in fwd.state.detail or "connection" in fwd.state.detail.lower()
    room.pg.start()
    while c.prompt().kind not in ("award", "between"):
        random_input(c, rng)
    assert fwd.wait_until_sent(20), fwd.state
    assert server_rows(room, store.table_id()) == local_rows(store)  # in order, each once
    # the same rows sent again (a batch whose commit was lost with the network) are kept once
    rows = store.db.execute(
        "SELECT session_id, seq, id, hand_no, kind, payload, at, hash FROM log ORDER BY id LIMIT 5"
    ).fetchall()
    with psycopg.connect(room.table_a) as conn:
        for row in rows:
            conn.execute(
                "INSERT INTO room.log (table_id, session, seq, row_id, hand_no, kind, payload, at, hash) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (table_id, session, seq) "
                "DO NOTHING",
                (store.table_id(), *row),
            )
    assert server_rows(room, store.table_id()) == local_rows(store)
    fwd.stop(wait=True)


def test_a_tampered_row_is_refused_and_the_floor_sees_why(room, tmp_path):
    store = Store(tmp_path / "hands.sqlite3")
    c = TableController(store)
    play(c, 3, 60, lambda c: None)
    edited = store.db.execute("SELECT id FROM log WHERE kind = 'input' ORDER BY id LIMIT 1 OFFSET 3").fetchone()[0]
    store.close()
    raw = sqlite3.connect(tmp_path / "hands.sqlite3")
    raw.execute("UPDATE log SET payload = payload || ' ' WHERE id = ?", (edited,))
    raw.commit()
    raw.close()
    store = Store(tmp_path / "hands.sqlite3")
    fwd = forwarder(store, room.table_a)
    deadline = time.monotonic() + 10
    while fwd.state.state != REFUSED and time.monotonic() < deadline:
        time.sleep(0.05)
    assert fwd.state.state == REFUSED
    assert f"row {edited}" in fwd.state.detail and "keyed hash" in fwd.state.detail
    assert [r[0] for r in server_rows(room, store.table_id())] == list(range(1, edited))  # the rows before it
    reader = RoomReader(room.floor)
    reader.catch_up()
    assert [(r.table_id, r.row_id) for r in reader.refusals] == [(store.table_id(), edited)]
    assert "changed after it was written" in reader.refusals[0].reason
    reader.close()
    fwd.stop(wait=True)


def test_a_forged_row_and_another_tables_row_are_refused(room, tmp_path):
    store = Store(tmp_path / "hands.sqlite3")
    c = TableController(store)
    c.open_table("stud-5-10", None, PLAYERS)
    send_all(store, room.table_a)
    tid, last = store.table_id(), local_rows(store)[-1]
    insert = (
        "INSERT INTO room.log (table_id, session, seq, row_id, hand_no, kind, payload, at, hash) "
        "VALUES (%s, %s, %s, %s, 0, 'input', '{}', 'now', %s)"
    )
    with psycopg.connect(room.table_a, autocommit=True) as conn:  # its own login, a hash made up
        conn.execute(insert, (tid, last[1], last[2] + 1, last[0] + 1, "0" * 64))
    assert len(server_rows(room, tid)) == len(local_rows(store))
    with psycopg.connect(room.table_b, autocommit=True) as conn:  # another table's login
        conn.execute("SELECT room.register_table('T-BBBBBBBB', '0123456789abcdef', 'B', %s)", (b"k" * 32,))
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="may not send the rows of table"):
            conn.execute(insert, (tid, last[1], last[2] + 1, last[0] + 1, "0" * 64))
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("SELECT * FROM room.table_head(%s)", (tid,))
        with pytest.raises(psycopg.errors.InsufficientPrivilege):  # nor take over its identity
            conn.execute("SELECT room.register_table(%s, %s, 'mine', %s)", (tid, store.record_id, b"k" * 32))
    with (
        psycopg.connect(room.table_a, autocommit=True) as conn,
        pytest.raises(psycopg.errors.InsufficientPrivilege),
    ):  # nor choose the room's order of arrival
        conn.execute(
            "INSERT INTO room.log (id, table_id, session, seq, row_id, hand_no, kind, payload, at, hash) "
            "VALUES (999999, %s, 1, 99, 99, 0, 'input', '{}', 'now', 'x')",
            (tid,),
        )
    reader = RoomReader(room.floor)
    reader.catch_up()
    assert [(r.row_id, "keyed hash" in r.reason) for r in reader.refusals] == [(last[0] + 1, True)]
    reader.close()
    # the made-up row does not lock the honest table out: its own next rows are taken
    c.start_hand()
    send_all(store, room.table_a)
    assert server_rows(room, tid) == local_rows(store)


@pytest.mark.parametrize("who", ["table", "floor", "owner"])
def test_nobody_updates_or_deletes(room, tmp_path, who):
    store = Store(tmp_path / "hands.sqlite3")
    c = TableController(store)
    play(c, 4, 40, lambda c: None)
    send_all(store, room.table_a)
    url = {"table": room.table_a, "floor": room.floor, "owner": room.owner}[who]
    with psycopg.connect(url, autocommit=True) as conn:
        for sql in (
            "UPDATE room.log SET payload = '{}' WHERE row_id = 3",
            "DELETE FROM room.log WHERE row_id = 3",
            "UPDATE room.tables SET login = current_user",
            "DELETE FROM room.tables",
            "TRUNCATE room.log CASCADE",
            "UPDATE room.table_keys SET key = key",
            "DELETE FROM room.rulings",
            "DELETE FROM room.refusals",
            "UPDATE room.table_names SET label = 'x'",
            "DELETE FROM room.table_names",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(sql)
        if who != "owner":
            with pytest.raises(psycopg.errors.InsufficientPrivilege):  # the chain keys: the server's check only
                conn.execute("SELECT key FROM room.table_keys")
    assert server_rows(room, store.table_id()) == local_rows(store)
    if who == "table":
        # a table reads its own rows whole (its forwarder compares them with its record: issue 30
        # §3, room/migrations/0007) and nobody else's
        with psycopg.connect(room.table_a, autocommit=True) as conn:
            assert conn.execute("SELECT DISTINCT table_id FROM room.log").fetchall() == [(store.table_id(),)]
        with psycopg.connect(room.table_b, autocommit=True) as conn:
            assert conn.execute("SELECT payload FROM room.log").fetchall() == []


def test_the_floor_records_a_ruling_in_the_room(room, tmp_path):
    store = Store(tmp_path / "hands.sqlite3")
    c = TableController(store)
    play(c, 6, 80, lambda c: None)
    send_all(store, room.table_a)
    room.enroll()
    reader = RoomReader(room.floor)
    reader.catch_up()
    hand = reader.hands()[-1]
    ruling = reader.record_ruling(hand.table_id, hand.session, hand.hand, {"decision": "the bet stands"})
    assert ruling.floor_login == f"{room.name}_floor" and len(ruling.hash) == 64
    with psycopg.connect(room.table_a, autocommit=True) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute(
            "INSERT INTO room.rulings (table_id, session, hand_no, payload) VALUES (%s, 1, 1, '{}')", (hand.table_id,)
        )
    rows = reader.hand_rows(hand.table_id, hand.session, hand.hand)
    # (shown under the login that filed it, whatever the payload gives: issue 30's third attack pass)
    by = {"role": "floor", "name": f"{room.name}_floor"}
    kind, shown = rows[-1][1:3]
    seal = shown.pop("floor_seal")  # (signed with the floor person's own key: record/floor_keys.py)
    assert (kind, shown) == ("ruling", {"decision": "the bet stands", "by": by})
    assert seal["key"] == load_floor_signer(f"{room.name}_floor").public_key and len(seal["signature"]) == 128
    again = RoomReader(room.floor)
    again.catch_up()
    assert [h.rulings for h in again.hands() if h.id == hand.id] == [1]
    reader.close()
    again.close()


def test_a_function_planted_in_public_is_never_called_by_the_servers_checks(room, tmp_path):
    """PostgreSQL 13 and 14 let any login create in public: the migration revokes that, and the
    checks never look a function up there anyway (their search path starts at pg_catalog)."""
    with psycopg.connect(room.table_a, autocommit=True) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute("CREATE FUNCTION public.hashtext(text) RETURNS int LANGUAGE sql AS 'SELECT 1'")
    room.pg.admin("GRANT CREATE ON SCHEMA public TO PUBLIC", db=room.name)  # as a careless admin might
    with psycopg.connect(room.table_a, autocommit=True) as conn:
        for planted in (
            "public.convert_to(text, text) RETURNS bytea",
            "public.encode(bytea, text) RETURNS text",
            "public.left(text, integer) RETURNS text",
            "public.coalesce_(text) RETURNS text",
        ):
            conn.execute(
                f"CREATE FUNCTION {planted} LANGUAGE plpgsql AS "
                "$$BEGIN RAISE EXCEPTION 'planted function called'; END$$"
            )
        conn.execute("CREATE FUNCTION public.text_eq(text, text) RETURNS boolean LANGUAGE sql AS 'SELECT true'")
        conn.execute("CREATE OPERATOR public.<> (LEFTARG = text, RIGHTARG = text, FUNCTION = public.text_eq)")
    store = Store(tmp_path / "hands.sqlite3")
    c = TableController(store)
    play(c, 7, 50, lambda c: None)
    send_all(store, room.table_a)  # (a planted function called would have raised)
    assert server_rows(room, store.table_id()) == local_rows(store)


def test_the_floor_misses_no_hand_whatever_order_the_tables_batches_commit_in(room, tmp_path):
    """Table A's batch is still open when table B's later rows commit: the floor, reading
    meanwhile, must still get A's hand once A commits."""
    a = Store(tmp_path / "a" / "hands.sqlite3")
    ca = TableController(a)
    ca.open_table("stud-5-10", None, PLAYERS)
    fa = forwarder(a, room.table_a, "Stud A")
    assert fa.wait_until_sent(10)
    fa.stop()
    ca.start_hand()  # A's hand_start: sent by hand below, in a transaction held open
    pending = a.db.execute(
        "SELECT session_id, seq, id, hand_no, kind, payload, at, hash FROM log WHERE id > ? ORDER BY id",
        (server_rows(room, a.table_id())[-1][0],),
    ).fetchall()
    held = psycopg.connect(room.table_a)
    for row in pending:
        held.execute(
            "INSERT INTO room.log (table_id, session, seq, row_id, hand_no, kind, payload, at, hash) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (a.table_id(), *row),
        )
    b = Store(tmp_path / "b" / "hands.sqlite3")
    cb = TableController(b)
    fb = forwarder(b, room.table_b, "Stud B")  # (a name is one table's)
    cb.open_table("stud-5-10", None, PLAYERS)
    cb.start_hand()
    assert fb.wait_until_sent(10)  # B's rows got later ids, and committed first
    room.enroll()
    reader = RoomReader(room.floor)
    reader.catch_up()
    assert {h.table_id for h in reader.hands()} == {b.table_id()}
    held.commit()
    held.close()
    reader.catch_up()
    assert {h.table_id for h in reader.hands()} == {a.table_id(), b.table_id()}
    fb.stop()
    reader.close()


def test_a_wrong_login_is_said_as_such_and_not_as_an_outage(room, tmp_path, capsys):
    from dealer_app.room.database import WrongLogin
    from dealer_app.room.forwarder import NOT_ALLOWED

    store = Store(tmp_path / "hands.sqlite3")
    TableController(store).open_table("stud-5-10", None, PLAYERS)
    fwd = forwarder(store, room.floor)  # the floor's login in a table's settings
    deadline = time.monotonic() + 10
    while fwd.state.state != NOT_ALLOWED and time.monotonic() < deadline:
        time.sleep(0.05)
    assert fwd.state.state == NOT_ALLOWED and "permission denied" in fwd.state.detail
    fwd.stop(wait=True)
    bad = room.table_a.replace("pw-", "wrong-")
    fwd = forwarder(store, bad)
    deadline = time.monotonic() + 10
    while fwd.state.state != NOT_ALLOWED and time.monotonic() < deadline:
        time.sleep(0.05)
    assert fwd.state.state == NOT_ALLOWED and "password authentication failed" in fwd.state.detail
    assert "wrong-" not in fwd.state.detail  # (the password is never shown)
    fwd.stop(wait=True)
    with pytest.raises(WrongLogin, match="not a floor's login"):
        RoomReader(room.table_a)
    assert main(["hands", "--database", room.table_a, "--json"]) == 2
    assert "not a floor's login" in capsys.readouterr().err


def test_the_record_identity_is_never_laundered_by_connecting(room, tmp_path):
    """A record whose identity was edited is not given a table identity (which would re-MAC it)."""
    from dealer_app.record.store import RecordError

    Store(tmp_path / "hands.sqlite3").close()
    raw = sqlite3.connect(tmp_path / "hands.sqlite3")
    raw.execute("INSERT INTO meta(name, value) VALUES ('upgraded_from', '1')")
    raw.commit()
    raw.close()
    store = Store(tmp_path / "hands.sqlite3")
    assert any(p.what == "meta" for p in store.check())
    with pytest.raises(RecordError, match="identity was changed"):
        store.table_id()
    assert any(p.what == "meta" for p in store.check())


def test_a_record_replaced_under_its_table_identity_is_refused_and_the_floor_sees_it(room, tmp_path):
    """The record restored from an older copy and dealt on differently: the room holds rows it
    does not have. The table stops forwarding, and the floor sees why."""
    import shutil

    from dealer_app.room.forwarder import REFUSED

    path = tmp_path / "hands.sqlite3"
    store = Store(path)
    c = TableController(store)
    c.open_table("stud-5-10", None, PLAYERS)
    send_all(store, room.table_a)  # (the record gets its table identity)
    store.close()
    shutil.copy(path, tmp_path / "backup.sqlite3")  # closed: no -wal beside it
    store = Store(path)
    c = TableController(store)
    c.resume(c.open_tables()[0].session_id)
    c.start_hand()
    send_all(store, room.table_a)
    table_id = store.table_id()
    store.close()
    backup = Store(tmp_path / "backup.sqlite3")
    assert backup.table_id() == table_id
    fwd = forwarder(backup, room.table_a)
    deadline = time.monotonic() + 10
    while fwd.state.state != REFUSED and time.monotonic() < deadline:
        time.sleep(0.05)
    assert fwd.state.state == REFUSED and "replaced or restored" in fwd.state.detail
    # how many acknowledged rows the room still has that the record lost (a damaged -wal, or
    # an older copy: issue 31), said at the table's start
    import sqlite3

    newer = sqlite3.connect(path).execute("SELECT max(id) FROM log").fetchone()[0]
    older = sqlite3.connect(tmp_path / "backup.sqlite3").execute("SELECT max(id) FROM log").fetchone()[0]
    assert newer > older and f"holds {newer - older} acknowledged row(s)" in fwd.state.detail
    assert f"rows {older + 1}–{newer}" in fwd.state.detail and fwd.state.lost == newer - older
    fwd.stop(wait=True)
    reader = RoomReader(room.floor)
    reader.catch_up()
    assert [(r.table_id, r.what) for r in reader.refusals] == [(table_id, "mismatch")]
    reader.close()


def test_a_copy_of_the_record_that_dealt_on_elsewhere_stops_the_real_table_loudly(room, tmp_path):
    """Two copies of one record (same identity, same key) deal on separately; the first to send
    is taken; the other is refused, and says so, never "up to date"."""
    import shutil

    from dealer_app.room.forwarder import REFUSED

    real = Store(tmp_path / "real" / "hands.sqlite3")
    c = TableController(real)
    c.open_table("stud-5-10", None, PLAYERS)
    fwd = forwarder(real, room.table_a)
    assert fwd.wait_until_sent(10)
    fwd.stop(wait=True)
    real.close()
    (tmp_path / "copy").mkdir()
    shutil.copy(tmp_path / "real" / "hands.sqlite3", tmp_path / "copy" / "hands.sqlite3")
    # elsewhere: another machine, with its own anchors file
    copy = Store(tmp_path / "copy" / "hands.sqlite3", anchors=tmp_path / "copy" / "anchors.txt")
    cc = TableController(copy)
    cc.resume(cc.open_tables()[0].session_id)
    play_some = random.Random(1)
    cc.start_hand()
    for _ in range(8):
        random_input(cc, play_some)
    fc = forwarder(copy, room.table_a)
    assert fc.wait_until_sent(10)  # the copy sends first: the room takes it
    fc.stop(wait=True)
    real = Store(tmp_path / "real" / "hands.sqlite3")
    c = TableController(real)
    c.resume(c.open_tables()[0].session_id)
    fwd = forwarder(real, room.table_a)
    c.start_hand()
    for _ in range(3):
        random_input(c, random.Random(2))
    deadline = time.monotonic() + 10
    while fwd.state.state != REFUSED and time.monotonic() < deadline:
        time.sleep(0.05)
    assert fwd.state.state == REFUSED, fwd.state
    fwd.stop(wait=True)


def test_a_room_hands_report_and_a_login_reset_from_the_command_line(room, tmp_path, capsys):
    store = Store(tmp_path / "hands.sqlite3")
    play(TableController(store), 9, 60, lambda c: None)
    send_all(store, room.table_a, "Stud 9")
    room.enroll()
    assert main(["hands", "--database", room.floor, "--json"]) == 0
    hand = json.loads(capsys.readouterr().out)["hands"][-1]
    out = tmp_path / "room-report.pdf"
    assert (
        main(
            [
                "report",
                "--database",
                room.floor,
                "--table-id",
                hand["table_id"],
                "--hand",
                hand["id"],
                "--out",
                str(out),
            ]
        )
        == 0
    )
    import subprocess

    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    assert "Ruling report" in text and hand["seal"] in text and "Stud 9" in text
    capsys.readouterr()
    assert (
        main(
            [
                "report",
                "--database",
                room.floor,
                "--table-id",
                hand["table_id"],
                "--hand",
                hand["id"],
                "--out",
                str(out),
            ]
        )
        == 2
    )
    said = capsys.readouterr().err
    assert "exists" in said and "--force" in said  # a report filed earlier is never overwritten unasked
    assert (
        main(
            [
                "report",
                "--database",
                room.floor,
                "--table-id",
                "T-NOSUCHTAB",
                "--hand",
                hand["id"],
                "--out",
                str(out),
                "--force",
            ]
        )
        == 2
    )
    assert "no such table in the room" in capsys.readouterr().err
    assert main(["report", "--database", room.floor, "--hand", hand["id"], "--out", str(out), "--force"]) == 2
    assert "--table-id" in capsys.readouterr().err
    # a lost password: a new one, and the old one no longer works
    login = f"{room.name}_tb"
    assert main(["db", "reset-login", login, "--database", room.owner]) == 0
    new_url = capsys.readouterr().out.strip()
    with psycopg.connect(new_url) as conn:
        assert conn.execute("SELECT current_user").fetchone()[0] == login
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(room.table_b)
    assert main(["db", "reset-login", f"{room.name}_owner", "--database", room.owner]) == 2
    assert "not a table's or a floor's login" in capsys.readouterr().err


def test_a_table_takes_its_settings_name_and_the_floor_renames_it(room, tmp_path, capsys):
    """Issue 26: a table first registered under the machine's name takes the name set later in
    its Settings; the floor renames a table (a floor act, with its login and time); a table's
    login renames no other table; a name that reads other than it is written is refused."""
    import socket

    store = Store(tmp_path / "hands.sqlite3")
    play(TableController(store), 3, 20, lambda c: None)
    send_all(store, room.table_a, None)  # no name in the Settings: the machine's
    room.enroll()

    def names():
        assert main(["hands", "--database", room.floor, "--json"]) == 0
        return {h["table_label"] for h in json.loads(capsys.readouterr().out)["hands"]}

    assert names() == {socket.gethostname()}
    send_all(store, room.table_a, "Stud 7")  # the dealer names the table in Settings → Card room
    assert names() == {"Stud 7"}
    tid = store.table_id()
    assert main(["db", "rename-table", tid, "Table 2 (window)", "--database", room.floor]) == 0
    assert "now named 'Table 2 (window)'" in capsys.readouterr().out
    assert names() == {"Table 2 (window)"}
    with psycopg.connect(room.owner, autocommit=True) as conn:
        history = conn.execute(
            "SELECT label, by_login FROM room.table_names WHERE table_id = %s ORDER BY id", (tid,)
        ).fetchall()
    assert history == [("Stud 7", f"{room.name}_ta"), ("Table 2 (window)", f"{room.name}_floor")]
    assert main(["db", "rename-table", tid, "Mine now", "--database", room.table_b]) == 2
    assert "not this login's to rename" in capsys.readouterr().err
    assert main(["db", "rename-table", tid, "Table \u202e2", "--database", room.floor]) == 2
    assert LABEL_RULE in capsys.readouterr().err  # (the room's rule, in its words: room/table_label.py)
    assert names() == {"Table 2 (window)"}
