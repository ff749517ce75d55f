"""The room receives each table's signed heads and its public key, and `verify --database`
checks the room's copy for itself (issue 30 §2, §3), on a real PostgreSQL server: the
database's owner, or a superuser, who edits or deletes rows with the triggers off is named."""

import psycopg

from dealer_app.cli import main
from dealer_app.live.controller import TableController
from dealer_app.record.signing import Head
from dealer_app.record.store import Store
from dealer_app.room.forwarder import Forwarder
from tests.support.live_random import play


def dealt_and_enrolled(room, tmp_path, hands=3) -> Store:
    store = Store(tmp_path / "hands.sqlite3")
    play(TableController(store), 5, 40 * hands, lambda c: None)
    fwd = Forwarder(store, room.table_a, "Stud 1", retry_max_s=0.2).start()
    assert fwd.wait_until_sent(10), fwd.state
    fwd.stop(wait=True)
    room.enroll(store.table_id())
    return store


def test_the_public_key_is_enrolled_and_every_head_reaches_the_room(room, tmp_path):
    store = dealt_and_enrolled(room, tmp_path)
    tid = store.table_id()
    assert store.public_key
    with psycopg.connect(room.floor) as conn:
        (public,) = conn.execute(
            "SELECT e.public_key FROM room.enrollments e JOIN room.approvals a ON a.enrollment_id = e.id "
            "WHERE e.table_id = %s",
            (tid,),
        ).fetchone()
        heads = [
            Head(store.record_id, *r)
            for r in conn.execute(
                "SELECT rows, row_id, session, hand_no, hash, at, key_id, signature, coalesce(digest, '') FROM room.heads "
                "WHERE table_id = %s ORDER BY row_id",
                (tid,),
            ).fetchall()
        ]
    assert bytes(public).hex() == store.public_key  # the floor's approval covers the table's key
    local = store.db.execute("SELECT count(*) FROM heads").fetchone()[0]
    assert len(heads) == local > 1
    assert heads[-1] == store.latest_head()
    assert all(h.holds(store.public_key) for h in heads)
    # append-only for the table's login, and a head never comes before its row
    with psycopg.connect(room.table_a) as conn:
        try:
            conn.execute("DELETE FROM room.heads")
            raise AssertionError("a table's login deleted heads")
        except psycopg.Error:
            conn.rollback()
        last = heads[-1]
        try:
            conn.execute(
                "INSERT INTO room.heads (table_id, rows, row_id, session, hand_no, hash, at, key_id, signature) "
                "VALUES (%s, %s, %s, 1, 1, %s, 'now', %s, %s)",
                (tid, last.rows + 5, last.row + 5, last.hash, last.key_id, "ab" * 64),
            )
            raise AssertionError("a head of a row the room does not have was taken")
        except psycopg.Error as exc:
            assert "came before its row" in str(exc)


def test_verify_database_names_what_the_owner_edited_and_deleted(room, tmp_path, capsys, pg):
    store = dealt_and_enrolled(room, tmp_path)
    tid = store.table_id()
    record = str(store.path)
    store.close()
    assert main(["verify", record, "--database", room.floor]) == 0
    out = capsys.readouterr().out
    assert "matches the record" in out
    # a superuser turns the room's append-only triggers off, renames Ann and deletes hand 2
    su = pg.url(db=room.name)
    with psycopg.connect(su) as conn:
        conn.execute("ALTER TABLE room.log DISABLE TRIGGER append_only")
        edited = conn.execute(
            "UPDATE room.log SET payload = replace(payload, 'Ann', 'Mallory') WHERE table_id = %s "
            "AND payload LIKE '%%Ann%%' RETURNING row_id",
            (tid,),
        ).fetchall()
        session, hand = conn.execute(
            "SELECT session, hand_no FROM room.log WHERE table_id = %s AND hand_no = 2 LIMIT 1", (tid,)
        ).fetchone()
        gone = conn.execute(
            "DELETE FROM room.log WHERE table_id = %s AND session = %s AND hand_no = 2 RETURNING row_id",
            (tid, session),
        ).fetchall()
    assert edited and gone
    first_gone, last_gone = min(r for (r,) in gone), max(r for (r,) in gone)
    edited = [(r,) for (r,) in edited if (r,) not in gone]  # (rows edited, then deleted: deleted)
    assert edited
    assert main(["verify", record, "--database", room.floor]) == 1
    out = capsys.readouterr().out
    for (row,) in edited:  # each edited row: different from the record, and failing its chain
        assert f"row {row} (" in out
    assert "the record's '" in out and "Ann" in out and "Mallory" in out
    assert f"session {session}, hand {hand}, rows {first_gone}–{last_gone}: missing in the room" in out
    # the room's own check: the keyless digest its signed heads carry (no key), per edited row
    assert "FORGED — the room's rows do not give the digest the table signed" in out
    assert "the room's copy does not match its chain hash" not in out  # (the key is for old tables only)
    assert "row(s) deleted from the room's copy" in out or "deleted in the room" in out
    assert "differs:" in out
    # the JSON names each, too
    assert main(["verify", record, "--database", room.floor, "--json"]) == 1
    import json

    said = json.loads(capsys.readouterr().out)["room"]
    assert {d["row"] for d in said if d["what"] == "different"} >= {r for (r,) in edited}
    assert any(d["what"] == "missing in the room" and d["row"] == first_gone for d in said)
