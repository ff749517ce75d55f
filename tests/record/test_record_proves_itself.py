"""The record proves itself (issue 12 §3): every way of changing it quietly is found by
``dealer-app verify``, with a message naming what and where; a whole record passes."""

import contextlib
import random
import shutil
import sqlite3

import pytest

from dealer_app.cli import main
from dealer_app.live.controller import InputError, TableController
from dealer_app.record.chain import Anchor, read_anchors, row_hash, seal_code
from dealer_app.record.store import Store
from tests.support.live_random import random_input


@pytest.fixture
def run(capsys):
    def run(*argv):
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err and "Unexpected error" not in err, err
        return code, out, err

    return run


def play_hands(c: TableController, hands: int, seed: int = 1):
    rng = random.Random(seed)
    for _ in range(hands):
        c.start_hand()
        for _step in range(500):
            if c.hand.phase == "done":
                break
            with contextlib.suppress(InputError):
                random_input(c, rng)
        assert c.hand.phase == "done"
        c.finish_hand()


@pytest.fixture
def record(tmp_path):
    """A record of two tables, three hands each, with its own anchors file."""
    db, anchors = tmp_path / "hands.sqlite3", tmp_path / "anchors.txt"
    store = Store(db, anchors=anchors)
    for table, seed in (("stud-1-2", 1), ("stud-2-4", 2)):
        c = TableController(store)
        c.open_table(table, None, [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000)])
        play_hands(c, 3, seed)
        c.close_table()
    store.close()
    return db, anchors


def sql(db, *statements):
    con = sqlite3.connect(db)
    for s in statements:
        con.execute(*s) if isinstance(s, tuple) else con.execute(s)
    con.commit()
    con.close()


def verify(run, db, anchors):
    return run("verify", db, "--anchors", anchors)


def test_a_whole_record_verifies(record, run):
    db, anchors = record
    code, out, _err = verify(run, db, anchors)
    assert code == 0 and "whole" in out and "6 hand(s) sealed" in out
    found, problems = read_anchors(anchors, Store.read_only(db).record_id)
    assert [a.kind for a in found].count("hand_end") == 6 and not problems
    assert {a.kind for a in found} == {"open_table", "hand_start", "hand_end", "close_table"}


def test_every_hand_has_a_seal_in_the_record_and_the_anchors(record, run):
    db, anchors = record
    code, out, _err = run("seals", db)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 6
    for line in anchors.read_text().splitlines():
        if "kind=hand_end" not in line:
            continue
        seal = line.split("seal=")[1].split()[0]
        assert any(line_.endswith(seal) for line_ in lines)
    assert all(len(line.split()[-1]) == 9 and line.split()[-1][4] == "-" for line in lines)


def test_an_edited_row_is_found(record, run):
    db, anchors = record
    sql(
        db,
        "UPDATE log SET payload = replace(payload, '\"call\"', '\"fold\"') WHERE id = "
        "(SELECT MIN(id) FROM log WHERE payload LIKE '%\"call\"%')",
    )
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "does not match its hash: it was changed after it was written" in out


def test_an_edited_time_is_found(record, run):
    db, anchors = record
    sql(db, "UPDATE log SET at = '2026-01-01T00:00:00.000+00:00' WHERE id = 10")
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "log row 10 " in out and "changed after it was written" in out


def test_a_deleted_middle_row_is_found(record, run):
    db, anchors = record
    sql(db, "DELETE FROM log WHERE id = 12")
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "log row 12 is missing before log row 13" in out


def test_reordered_rows_are_found(record, run):
    db, anchors = record
    # two rows of one table swap places (their ids swapped, everything else kept)
    sql(
        db,
        "UPDATE log SET id = -1 WHERE id = 14",
        "UPDATE log SET id = 14 WHERE id = 15",
        "UPDATE log SET id = 15 WHERE id = -1",
    )
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "rows were moved or copied in" in out


def test_an_inserted_row_is_found(record, run):
    db, anchors = record
    con = sqlite3.connect(db)
    last = con.execute("SELECT id, session_id, seq, hash FROM log ORDER BY id DESC LIMIT 1").fetchone()
    con.execute(
        "INSERT INTO log VALUES (?, ?, ?, 3, 'input', '{\"input\": [\"muck\", 1]}', 'now', ?)",
        (last[0] + 1, last[1], last[2] + 1, last[3]),
    )
    con.commit()
    con.close()
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and f"log row {last[0] + 1} (input" in out and "does not match its hash" in out


def test_deleted_last_rows_are_found_by_the_records_own_counter(record, run):
    db, _anchors = record
    sql(db, "DELETE FROM log WHERE id > (SELECT MAX(id) - 3 FROM log)")
    code, out, _err = run("verify", db)  # no anchors needed for this one
    assert code == 1 and "were deleted from its end" in out


def test_a_deleted_last_hand_with_the_counter_put_back_is_found_by_the_anchors(record, run):
    db, anchors = record
    con = sqlite3.connect(db)
    (start,) = con.execute("SELECT MAX(id) FROM log WHERE kind = 'hand_start'").fetchone()
    con.execute("DELETE FROM log WHERE id >= ?", (start,))
    con.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'log'", (start - 1,))
    con.commit()
    con.close()
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "which the record no longer has" in out and "hand 3" in out


def test_a_rewritten_hand_with_a_recomputed_chain_is_found(record, run, tmp_path):
    """The forger knows the format but not the key: they rewrite hand 2 of the first table
    (Bob's fold becomes a call) and recompute every hash after it with a key of their own."""
    db, anchors = record
    forged_key, record_id = b"\x01" * 32, Store.read_only(db).record_id
    con = sqlite3.connect(db)
    rows = con.execute("SELECT id, session_id, seq, hand_no, kind, payload, at, hash FROM log ORDER BY id").fetchall()
    first = next(r[0] for r in rows if r[1] == 1 and r[3] == 2 and r[4] == "input")
    prev = next(r[7] for r in rows if r[0] == first - 1)
    for rid, sid, seq, hand, kind, text, at, _h in rows:
        if rid < first:
            continue
        if rid == first:
            text = text.replace("Bob", "Bib")
        prev = row_hash(forged_key, record_id, prev, rid, sid, seq, hand, kind, text, at)
        con.execute("UPDATE log SET payload = ?, hash = ? WHERE id = ?", (text, prev, rid))
    con.commit()
    con.close()
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "chain recomputed without the record's key" in out
    assert "is not the row sealed" in out  # the anchors hold the true seals of the later hands


def test_the_wrong_key_is_named(record, run, tmp_path):
    db, anchors = record
    other = tmp_path / "other.key"
    other.write_text("ab" * 32 + "\n")
    code, out, _err = run("verify", db, "--key", other, "--anchors", anchors)
    assert code == 1 and "is not the one this record was written with" in out


def test_an_edited_sessions_table_is_found(record, run):
    db, anchors = record
    sql(db, "UPDATE sessions SET table_name = 'stud-20-40' WHERE id = 1")
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "the sessions table was edited: table session 1" in out and "stud-20-40" in out
    sql(db, "UPDATE sessions SET table_name = 'stud-1-2' WHERE id = 1", "UPDATE sessions SET closed_at = NULL")
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "its closing time is none (open)" in out


def test_a_deleted_session_entry_is_found(record, run):
    db, anchors = record
    sql(db, "DELETE FROM sessions WHERE id = 2")
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "which the sessions table does not have" in out


def test_a_copy_without_its_wal_file_is_found(tmp_path, run):
    """A table is still open (its -wal holds the newest rows): copying only the main file
    loses them; the anchors name the hand the copy lacks."""
    db, anchors = tmp_path / "hands.sqlite3", tmp_path / "anchors.txt"
    store = Store(db, anchors=anchors)
    c = TableController(store)
    c.open_table("stud-1-2", None, [(1, "Ann", 10000), (2, "Bob", 10000)])
    play_hands(c, 1)
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # hand 1 is in the main file
    store.db.execute("PRAGMA wal_autocheckpoint=0")  # hand 2 stays in the -wal
    play_hands(c, 1, seed=2)
    copy = tmp_path / "copy.sqlite3"
    shutil.copy(db, copy)
    assert (tmp_path / "hands.sqlite3-wal").exists()
    code, out, _err = verify(run, copy, anchors)
    assert code == 1 and ("which the record no longer has" in out or "were deleted from its end" in out)
    store.close()


def test_an_anchors_file_with_a_broken_line_is_named(record, run):
    db, anchors = record
    lines = len(anchors.read_text().splitlines())
    with open(anchors, "a") as f:
        f.write("garbage here\n")
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and f"anchors.txt:{lines + 1}: not an anchor line" in out


def test_verify_usage_errors(tmp_path, run):
    code, _out, err = run("verify", tmp_path / "nothing.sqlite3")
    assert code == 2 and "no such hand record" in err
    code, _out, err = run("verify", tmp_path / "nothing.sqlite3", "--key", tmp_path / "no.key")
    assert code == 2 and "no such key file" in err


def test_seal_codes_are_unambiguous():
    code = seal_code("f" * 64)
    assert code == "ZZZZ-ZZZZ" and not set(code) & set("ILOU")
    anchor = Anchor("r", 1, 2, 3, 4, "0" * 64, "t")
    assert anchor.seal == "0000-0000" and "seal=0000-0000" in anchor.line()


def test_the_key_file_is_private(tmp_path, monkeypatch):
    import stat

    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "cfg"))
    Store(tmp_path / "r.sqlite3").close()
    mode = stat.S_IMODE((tmp_path / "cfg" / "record.key").stat().st_mode)
    assert mode == 0o600


def test_a_record_of_another_key_is_never_written(tmp_path, monkeypatch):
    db = tmp_path / "r.sqlite3"
    Store(db).close()
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "elsewhere"))
    from dealer_app.record.store import StoreError

    with pytest.raises(StoreError, match="written with another key"):
        Store(db)


def _as_format1(source, target):
    """The same rows in a record of the old format (plain SHA-256 chain, no seq, no meta)."""
    from dealer_app.record.chain import legacy_row_hash

    old = sqlite3.connect(source)
    new = sqlite3.connect(target)
    new.executescript("""
        CREATE TABLE sessions (id INTEGER PRIMARY KEY, table_name TEXT NOT NULL, profile TEXT NOT NULL,
                               opened_at TEXT NOT NULL, closed_at TEXT);
        CREATE TABLE log (id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL REFERENCES sessions(id),
                          hand_no INTEGER NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL, at TEXT NOT NULL,
                          hash TEXT NOT NULL);
        CREATE INDEX log_session ON log(session_id, id);""")
    new.executemany("INSERT INTO sessions VALUES (?,?,?,?,?)", old.execute("SELECT * FROM sessions"))
    prev = ""
    for rid, sid, hand, kind, text, at in old.execute(
        "SELECT id, session_id, hand_no, kind, payload, at FROM log ORDER BY id"
    ):
        prev = legacy_row_hash(prev, sid, hand, kind, text, at)
        new.execute("INSERT INTO log VALUES (?,?,?,?,?,?,?)", (rid, sid, hand, kind, text, at, prev))
    new.commit()
    new.close()
    old.close()


def test_an_older_record_is_upgraded_and_resumes(tmp_path, run):
    source = tmp_path / "new.sqlite3"
    store = Store(source, anchors=tmp_path / "a.txt")
    c = TableController(store)
    c.open_table("stud-1-2", None, [(1, "Ann", 10000), (2, "Bob", 10000)])
    play_hands(c, 2)
    c.start_hand()
    c.enter_card("Kc")
    store.close()
    old = tmp_path / "old.sqlite3"
    _as_format1(source, old)
    code, out, _err = run("verify", old)  # read-only: checked as the old format, not upgraded
    assert code == 1 and "chained without a key: it cannot prove itself" in out
    from dealer_app.record.store import StoreError

    with pytest.raises(StoreError, match="where keyed records are already kept"):
        Store(old, anchors=tmp_path / "a.txt")  # a machine that keeps keyed records: a downgrade is refused
    upgraded = Store(old, anchors=tmp_path / "first-run.txt")  # the machine's first run of the keyed record
    assert upgraded.format == 2 and upgraded.check(anchors=tmp_path / "first-run.txt") == []
    resumed = TableController(upgraded)
    resumed.resume(1)
    assert resumed.hand_no == 3 and resumed.hand.by_seat[1].up  # the Kc is back
    upgraded.close()
    code, out, _err = run("verify", old, "--anchors", tmp_path / "first-run.txt")
    assert code == 0 and "2 hand(s) sealed" in out


def test_a_tampered_older_record_is_not_upgraded(tmp_path):
    source = tmp_path / "new.sqlite3"
    store = Store(source, anchors=tmp_path / "a.txt")
    c = TableController(store)
    c.open_table("stud-1-2", None, [(1, "Ann", 10000), (2, "Bob", 10000)])
    play_hands(c, 1)
    store.close()
    old = tmp_path / "hands.sqlite3"
    _as_format1(source, old)
    sql(old, "UPDATE log SET payload = replace(payload, 'Bob', 'Rob') WHERE id = 3")
    before = old.read_bytes()
    from dealer_app.record.store import StoreError, open_record

    with pytest.raises(StoreError, match="row 3 no longer matches its hash: it is not upgraded"):
        Store(old)
    assert old.read_bytes() == before
    fresh, notes = open_record(tmp_path)
    assert fresh.path != old and any("not upgraded" in n for n in notes)
    fresh.close()


def test_the_app_start_checks_the_record_and_says_so(record, monkeypatch):
    """Resume goes through the start: the check runs before any table is offered."""
    from dealer_app.record.store import open_record

    db, anchors = record
    monkeypatch.setenv("DEALER_APP_ANCHORS", str(anchors))
    store, notes = open_record(db.parent)
    assert notes == []
    store.close()
    sql(db, "UPDATE log SET at = 'x' WHERE id = 5")
    store, notes = open_record(db.parent)
    assert len(notes) == 1 and "does not prove itself (1 problem(s))" in notes[0] and "log row 5" in notes[0]
    store.close()


def test_hands_filters_and_report_usage(record, run, tmp_path, monkeypatch):
    db, anchors = record
    # (checked against its own anchors file: another one that does not know the record fails it, exit 1)
    monkeypatch.setenv("DEALER_APP_ANCHORS", str(anchors))
    code, out, _err = run("hands", "--db", db, "--player", "2")  # a seat number matches the seat
    assert code == 0 and len(out.splitlines()) == 6
    code, out, err = run("hands", "--db", db, "--player", "²")  # a digit to isdigit, not to int: no seat
    assert (code, out) == (0, "") and "no hands match" in err
    code, _out, err = run("report", "--db", db, "--hand", "1-²", "--out", tmp_path / "r.pdf")
    assert code == 2 and "'1-²' is not a hand id" in err
    code, _out, err = run("hands", "--db", db, "--since", "yesterday")
    assert code == 2 and "a UTC date and time" in err
    code, out, _err = run("hands", "--db", db, "--since", "2999-01-01")
    assert code == 0 and out == ""
    code, _out, err = run("report", "--db", db, "--hand", "1-1", "--out", tmp_path / "r.pdf", "--moment", "9999")
    assert code == 2 and "has the steps 0–" in err
    code, _out, err = run("report", "--db", db, "--hand", "1-1", "--out", tmp_path / "no" / "such" / "r.pdf")
    assert code == 2 and "no such folder" in err and not (tmp_path / "no").exists()


def test_an_edited_or_deleted_identity_is_found(record, run):
    db, anchors = record
    sql(db, "UPDATE meta SET value = 'feedfeedfeedfeed' WHERE name = 'record_id'")
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "identity (its meta table) was changed" in out
    sql(db, "DELETE FROM meta")
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "identity (its meta table) is gone" in out


def test_a_wiped_record_made_again_is_found_by_the_anchors(record, run, tmp_path):
    """Everything deleted and the record made again under a new identity, in the same file."""
    db, anchors = record
    sql(db, "DELETE FROM log", "DELETE FROM sessions", "DELETE FROM sqlite_sequence", "DELETE FROM meta")
    Store(db, anchors=tmp_path / "forger-anchors.txt").close()  # a new identity, made elsewhere
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "names another record made here" in out and "does not know this record" in out


def test_cutting_the_rows_after_the_last_seal_is_found(record, run):
    """The table's close_table row deleted, the counter lowered, closed_at emptied: the close
    was anchored as it was committed."""
    db, anchors = record
    con = sqlite3.connect(db)
    (last,) = con.execute("SELECT MAX(id) FROM log").fetchone()
    con.execute("DELETE FROM log WHERE id = ?", (last,))
    con.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'log'", (last - 1,))
    con.execute("UPDATE sessions SET closed_at = NULL WHERE id = 2")
    con.commit()
    con.close()
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "which the record no longer has" in out
    sql(db, "DELETE FROM sqlite_sequence WHERE name = 'log'")
    code, out, _err = run("verify", db)
    assert code == 1 and "row counter (sqlite_sequence) is gone" in out


def test_a_value_of_the_wrong_type_is_named_not_a_crash(record, run):
    db, anchors = record
    sql(db, "UPDATE log SET seq = 'x' WHERE id = 5")
    code, out, _err = verify(run, db, anchors)
    assert code == 1 and "log row 5 holds a value of the wrong type" in out


def test_a_record_of_another_key_is_left_byte_for_byte(tmp_path, monkeypatch):
    """Refused before SQLite may write to it (not even its journal mode changes)."""
    db = tmp_path / "r.sqlite3"
    Store(db, anchors=tmp_path / "a.txt").close()
    con = sqlite3.connect(db)
    con.execute("PRAGMA journal_mode=DELETE")  # as a copy made by another tool might be
    con.close()
    before = db.read_bytes()
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "other-machine"))
    from dealer_app.record.store import StoreError

    with pytest.raises(StoreError, match="written with another key"):
        Store(db)
    assert db.read_bytes() == before and not (tmp_path / "r.sqlite3-wal").exists()


def test_the_dealer_is_shown_each_hands_seal(tmp_path):
    from dealer_app.live.prompts import Sealed

    c = TableController(Store(tmp_path / "h.sqlite3", anchors=tmp_path / "a.txt"))
    c.open_table("stud-1-2", None, [(1, "Ann", 10000), (2, "Bob", 10000)])
    play_hands(c, 1)
    note = c.prompt().note_subjects[0]
    assert isinstance(note, Sealed) and note.hand == 1 and note.seal == c.store.seals()[-1].seal
    assert f"Hand 1 is sealed in the record: {note.seal}" in [text for text, _rules in c.prompt().notes]
