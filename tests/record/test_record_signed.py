"""Issue 30 §1, §3: each table signs every commit's head (row count, last hash) with its own
Ed25519 key, into the record and the anchors file, so that rows cut from the end show.

The tamper scenarios of the issue that concern a table's record, as a dishonest employee with a
shell on the table's machine does them: each is run against the default anchors file (beside
the key, within the attacker's reach) and against an off-machine copy of it (taken before the
tampering), and ``dealer-app verify`` (exit 1, naming table session, hand and row) and the app's
start check (``open_record``'s notes) are asked. Where the table alone cannot catch a scenario
(the attacker trims the anchors file too, or holds the keys and regenerates everything), the
test asserts what IS said: only an off-machine copy (or the room) tells.
"""

from __future__ import annotations

import shutil
import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest

from dealer_app.cli import main
from dealer_app.live.controller import TableController
from dealer_app.record.chain import load_or_create_key, row_hash
from dealer_app.record.heads import PUBLIC_KEY, SIGNING_KEY_ID
from dealer_app.record.signing import FileSigner, Head, public_key_id, signature_holds
from dealer_app.record.store import Store, open_record
from tests.record.test_record_failing import PLAYERS, _fold_out_hand

if TYPE_CHECKING:
    from pathlib import Path


@dataclass
class Table:
    data: Path  # the data folder (hands.sqlite3)
    record: Path
    anchors: Path  # the default anchors file (config folder)
    offsite: Path  # a copy of the anchors file taken off the machine before the tampering
    config: Path
    sid: int


def _three_cards_and_bets(c: TableController) -> None:
    c.start_hand()
    for card in ("kd", "2c", "9h"):
        c.enter_card(card)
    c.act("bring_in")
    c.act("call")


@pytest.fixture
def table(tmp_path, monkeypatch) -> Table:
    """Two hands sealed, a third being dealt (cards and two actions): a table's record as the
    app leaves it, the anchors file in the config folder, a copy of it off the machine."""
    config = tmp_path / "config"
    monkeypatch.setenv("DEALER_APP_CONFIG", str(config))
    monkeypatch.delenv("DEALER_APP_ANCHORS", raising=False)
    data = tmp_path / "data"
    store, notes = open_record(data)
    assert notes == []
    c = TableController(store)
    c.open_table("stud-1-2", None, PLAYERS)
    _fold_out_hand(c)
    _fold_out_hand(c)
    _three_cards_and_bets(c)
    sid = c.session_id
    store.close()
    anchors = config / "anchors.txt"
    offsite = tmp_path / "offsite-anchors.txt"
    shutil.copy(anchors, offsite)
    return Table(data, data / "hands.sqlite3", anchors, offsite, config, sid)


def _verify(t: Table, anchors: Path | None, capsys) -> tuple[int, str]:
    capsys.readouterr()
    args = ["verify", str(t.record)] + (["--anchors", str(anchors)] if anchors else [])
    code = main(args)
    return int(code), capsys.readouterr().out


def _start(t: Table) -> str:
    store, notes = open_record(t.data)
    store.close()
    return "\n".join(str(n) for n in notes)


def _sql(t: Table, *statements: str) -> None:
    db = sqlite3.connect(t.record)
    with db:
        for s in statements:
            db.execute(s)
    db.close()


def _last_input_ids(t: Table, n: int) -> list[int]:
    db = sqlite3.connect(t.record)
    ids = [r[0] for r in db.execute("SELECT id FROM log WHERE kind = 'input' ORDER BY id DESC LIMIT ?", (n,))]
    db.close()
    return ids


def _trim_anchors(path: Path, keep_rows: int) -> None:
    """The anchors file without the lines of rows past ``keep_rows`` (as an insider trims it)."""
    kept = []
    for line in path.read_text().splitlines(keepends=True):
        fields = dict(w.partition("=")[::2] for w in line.split())
        if int(fields.get("row", 0)) <= keep_rows:
            kept.append(line)
    path.write_text("".join(kept))


def _cut(t: Table, keep_rows: int, heads_too: bool) -> None:
    """The rows after ``keep_rows`` deleted, the row counter reset (and the heads that cover
    them, when the insider knows of them)."""
    statements = [
        f"DELETE FROM log WHERE id > {keep_rows}",
        f"UPDATE sqlite_sequence SET seq = {keep_rows} WHERE name = 'log'",
    ]
    if heads_too:
        statements.append(f"DELETE FROM heads WHERE row > {keep_rows}")
    _sql(t, *statements)


def _max_row(t: Table) -> int:
    db = sqlite3.connect(t.record)
    n = int(db.execute("SELECT MAX(id) FROM log").fetchone()[0])
    db.close()
    return n


# --- the key, the heads ---------------------------------------------------------------------
def test_the_table_key_is_made_once_mode_0600_beside_the_record_key(table):
    key = table.config / "table-signing.key"
    assert key.is_file() and key.stat().st_mode & 0o777 == 0o600
    assert (table.config / "record.key").is_file()
    signer = FileSigner.load_or_create(key)
    store = Store.read_only(table.record)
    try:
        assert store.public_key == signer.public_key and store.meta[PUBLIC_KEY] == signer.public_key
        assert store.signing_key_id == public_key_id(signer.public_key) == store.meta[SIGNING_KEY_ID]
        head = store.latest_head()
        assert head is not None and head.holds(signer.public_key)
        assert not head.holds(FileSigner.load_or_create(table.config / "other.key").public_key)
    finally:
        store.close()
    assert signature_holds(signer.public_key, b"x", signer.sign(b"x"))
    assert not signature_holds(signer.public_key, b"y", signer.sign(b"x"))
    assert not signature_holds(signer.public_key, b"x", "zz")


def test_every_commit_moves_a_signed_head_into_the_record_and_the_anchors_file(table):
    db = sqlite3.connect(table.record)
    heads = db.execute("SELECT rows, row, hash FROM heads ORDER BY id").fetchall()
    rows, last, digest = db.execute(
        "SELECT COUNT(*), MAX(id), (SELECT hash FROM log ORDER BY id DESC LIMIT 1) FROM log"
    ).fetchone()
    db.close()
    assert heads[-1] == (rows, last, digest)
    assert [h[0] for h in heads] == sorted(h[0] for h in heads) and len(heads) > 10
    lines = [line for line in table.anchors.read_text().splitlines() if " head " in line]
    assert len(lines) == len(heads)
    assert f"rows={rows} row={last} " in lines[-1]


def test_a_failed_write_signs_nothing(table):
    store = Store(table.record)
    before = store.latest_head()
    c = TableController(store)
    c.resume(table.sid)
    head_after_resume = store.latest_head()
    assert head_after_resume is not None and before is not None and head_after_resume.rows > before.rows

    def boom() -> None:
        store._insert_rows(table.sid, 3, [])
        store.db.execute("INSERT INTO nowhere VALUES (1)")

    with pytest.raises(Exception, match="cannot be written"):
        store._write(boom)
    assert store.latest_head() == head_after_resume
    store.close()


def test_a_whole_record_verifies_with_every_signature(table, capsys):
    code, out = _verify(table, None, capsys)
    assert code == 0 and "whole" in out
    assert _start(table) == ""


# --- the tamper scenarios --------------------------------------------------------------------
def test_1_the_last_three_inputs_deleted_and_the_counter_reset(table, capsys):
    last = _last_input_ids(table, 3)
    _sql(
        table,
        f"DELETE FROM log WHERE id >= {min(last)}",
        f"UPDATE sqlite_sequence SET seq = {min(last) - 1} WHERE name = 'log'",
    )
    for anchors in (None, table.offsite):
        code, out = _verify(table, anchors, capsys)
        assert code == 1
        assert "rows cut" in out and f"table session {table.sid}, hand 3" in out and "log row" in out
    assert "rows cut" in _start(table)


def test_2_the_last_three_inputs_and_their_heads_deleted(table, capsys):
    last = _last_input_ids(table, 3)
    _cut(table, min(last) - 1, heads_too=True)
    code, out = _verify(table, None, capsys)  # the anchors file still holds the heads
    assert code == 1 and "the anchors file's signed head" in out and "3 row(s) are gone" in out
    assert "hand 3" in out
    code, out = _verify(table, table.offsite, capsys)
    assert code == 1 and "rows cut" in out
    assert "rows cut" in _start(table)


def test_3_inputs_heads_and_the_anchors_lines_deleted_only_an_offsite_copy_tells(table, capsys):
    keep = min(_last_input_ids(table, 3)) - 1
    _cut(table, keep, heads_too=True)
    _trim_anchors(table.anchors, keep)
    # the record rolled back to an earlier state, with everything in reach trimmed to match: a
    # table alone cannot tell it from a record that stopped there (the README says so)
    code, out = _verify(table, None, capsys)
    assert code == 0 and "whole" in out
    assert _start(table) == ""
    code, out = _verify(table, table.offsite, capsys)
    assert code == 1 and "rows cut" in out and "3 row(s) are gone" in out and "hand 3" in out


def test_4_the_last_hand_deleted_counter_reset_anchors_trimmed(table, capsys):
    db = sqlite3.connect(table.record)
    start = db.execute("SELECT MIN(id) FROM log WHERE hand_no = 3").fetchone()[0]
    db.close()
    _cut(table, start - 1, heads_too=False)
    _trim_anchors(table.anchors, start - 1)
    for anchors in (None, table.offsite):
        code, out = _verify(table, anchors, capsys)
        assert code == 1 and "rows cut" in out and "hand 3" in out
    assert "rows cut" in _start(table)


def test_5_the_anchors_file_deleted(table, capsys):
    table.anchors.unlink()
    code, out = _verify(table, None, capsys)
    assert code == 1 and "no anchors file" in out and "with no anchors file" in out
    assert "is missing" in _start(table)
    code, out = _verify(table, table.offsite, capsys)
    assert code == 0  # (the copy proves the record whole)


def test_6_the_record_replaced_by_an_older_copy(table, tmp_path, capsys):
    older = tmp_path / "older.sqlite3"
    shutil.copy(table.record, older)  # (closed: no -wal)
    c = TableController(Store(table.record))
    c.resume(table.sid)  # (the resume row, signed) and the hand dealt on
    c.act("fold")
    c.store.close()
    offsite_later = tmp_path / "offsite-later.txt"  # a copy taken off the machine after those rows
    shutil.copy(table.anchors, offsite_later)
    shutil.copy(older, table.record)
    for anchors in (None, offsite_later):
        code, out = _verify(table, anchors, capsys)
        assert code == 1 and "rows cut" in out and "older copy" in out and "hand 3" in out
    assert "rows cut" in _start(table)


def test_7_a_row_edited(table, capsys):
    row = _last_input_ids(table, 3)[-1]
    _sql(table, f"UPDATE log SET at = '2030-01-01T00:00:00.000+00:00' WHERE id = {row}")
    for anchors in (None, table.offsite):
        code, out = _verify(table, anchors, capsys)
        assert code == 1 and f"log row {row}" in out and "hand 3" in out
    assert "does not prove itself" in _start(table)


def test_8_a_row_inserted_at_the_end_with_the_record_key(table, capsys):
    key = load_or_create_key(table.config / "record.key")
    db = sqlite3.connect(table.record)
    rid, digest = db.execute("SELECT id, hash FROM log ORDER BY id DESC").fetchone()
    record_id = db.execute("SELECT value FROM meta WHERE name = 'record_id'").fetchone()[0]
    seq = db.execute("SELECT MAX(seq) FROM log WHERE session_id = ?", (table.sid,)).fetchone()[0]
    text, at = '{"input": ["act", 3, "fold"]}', "2027-01-01T00:00:00.000+00:00"
    h = row_hash(key, record_id, digest, rid + 1, table.sid, seq + 1, 3, "input", text, at)
    with db:
        db.execute("INSERT INTO log VALUES (?,?,?,?,?,?,?,?)", (rid + 1, table.sid, seq + 1, 3, "input", text, at, h))
    db.close()
    code, out = _verify(table, None, capsys)
    assert code == 1 and f"log rows {rid + 1}–{rid + 1}" in out and "without the table's signature" in out
    assert "hand 3" in out
    assert "without the table's signature" in _start(table)


def test_9_a_row_inserted_in_the_middle(table, capsys):
    _sql(
        table,
        "UPDATE log SET id = id + 1000 WHERE id > 5",  # (moved up, one id left free)
        "INSERT INTO log SELECT 6, session_id, seq, hand_no, kind, payload, at, hash FROM log WHERE id = 1005",
    )
    code, out = _verify(table, None, capsys)
    assert code == 1 and "NOT whole" in out
    assert "does not prove itself" in _start(table)


def test_10_a_hand_re_dealt_after_cutting(table, capsys):
    db = sqlite3.connect(table.record)
    start = db.execute("SELECT MIN(id) FROM log WHERE hand_no = 2").fetchone()[0]
    db.close()
    _cut(table, start - 1, heads_too=True)
    _trim_anchors(table.anchors, start - 1)
    c = TableController(Store(table.record))
    c.resume(table.sid)
    _fold_out_hand(c)  # the hand dealt again: the app signs its rows itself
    _fold_out_hand(c)
    c.store.close()
    code, out = _verify(table, None, capsys)
    assert code == 0  # everything within the table's reach agrees: what a table alone cannot prove
    code, out = _verify(table, table.offsite, capsys)
    assert code == 1 and "is not the row this table signed" in out and "hand 2" in out


def test_11_the_heads_table_emptied(table, capsys):
    _sql(table, "DELETE FROM heads")
    code, out = _verify(table, None, capsys)
    assert code == 1 and "holds no signed head" in out
    assert "holds no signed head" in _start(table)


def test_12_a_head_forged_without_the_key(table, capsys):
    _sql(table, "UPDATE heads SET rows = rows - 3 WHERE id = (SELECT MAX(id) FROM heads)")
    code, out = _verify(table, None, capsys)
    assert code == 1 and "not signed by this table's key" in out and "hand 3" in out
    assert "not signed by this table's key" in _start(table)


def test_13_the_keys_held_everything_regenerated_only_an_offsite_copy_tells(table, capsys):
    """The dealer's account holds both keys (run from source): a hand rewritten, the chain and
    every head recomputed, the anchors file written anew. Only the off-machine copy tells."""
    key = load_or_create_key(table.config / "record.key")
    signer = FileSigner.load_or_create(table.config / "table-signing.key")
    db = sqlite3.connect(table.record)
    record_id = db.execute("SELECT value FROM meta WHERE name = 'record_id'").fetchone()[0]
    rows = db.execute("SELECT id, session_id, seq, hand_no, kind, payload, at FROM log ORDER BY id").fetchall()
    prev, hashes = "", {}
    with db:
        for rid, sid, seq, hand, kind, text, at in rows:
            text = text.replace('"Bob"', '"Mallory"')
            prev = row_hash(key, record_id, prev, rid, sid, seq, hand, kind, text, at)
            hashes[rid] = prev
            db.execute("UPDATE log SET payload = ?, hash = ? WHERE id = ?", (text, prev, rid))
        db.execute("UPDATE sessions SET table_name = table_name")
        lines = []
        for hid, n, row, sid, hand, at, kid in db.execute(
            "SELECT id, rows, row, session_id, hand_no, at, key_id FROM heads"
        ).fetchall():
            head = Head(record_id, n, row, sid, hand, hashes[row], at, kid).signed(signer)
            db.execute("UPDATE heads SET hash = ?, signature = ? WHERE id = ?", (head.hash, head.signature, hid))
            lines.append(head.line())
    db.close()
    kept = [line for line in table.anchors.read_text().splitlines(keepends=True) if " head " not in line]
    table.anchors.write_text("".join(kept) + "".join(lines))
    _sql(table, "SELECT 1")
    code, out = _verify(table, table.offsite, capsys)
    assert code == 1 and "is not the row this table signed" in out and "log row" in out


# --- older records -----------------------------------------------------------------------------
def test_an_older_record_moves_to_signing_at_its_next_session_recorded_as_such(tmp_path, monkeypatch, capsys):
    from tests.support.data import DATA

    shutil.copytree(DATA / "record-2026-12", tmp_path / "made")
    config = tmp_path / "made" / "config"
    monkeypatch.setenv("DEALER_APP_CONFIG", str(config))
    monkeypatch.setenv("DEALER_APP_ANCHORS", str(config / "anchors"))
    record = tmp_path / "made" / "hands.sqlite3"
    capsys.readouterr()
    assert main(["verify", str(record)]) == 0  # as before: read only, no heads, whole
    store = Store(record, create=False)
    assert store.public_key is None and store.latest_head() is None  # opened, not yet moved
    assert store.check(anchors=store.anchors_path) == []
    c = TableController(store)
    c.resume(1)  # the table's next session: its first write moves the record
    assert store.public_key is not None
    moved = [r for r in store.session_log(1) if r.kind == "signing_started"]
    assert len(moved) == 1 and moved[0].payload["public_key"] == store.public_key
    head = store.latest_head()
    assert head is not None and head.rows == store.db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
    c.act("fold")
    assert store.check(anchors=store.anchors_path, every_signature=True) == []
    store.close()
    capsys.readouterr()
    assert main(["verify", str(record)]) == 0 and "whole" in capsys.readouterr().out
