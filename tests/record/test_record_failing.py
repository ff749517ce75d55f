"""Which tables and hands a record's failing check covers (``Store.failing``): as an insider
with the file edits it, every table and hand whose rows can no longer prove themselves is
refused for resuming and marked in the hand list — not just the one holding the first bad row."""

from __future__ import annotations

import json
import secrets
import sqlite3

import pytest

from dealer_app.live.controller import InputError, TableController
from dealer_app.record.chain import row_hash
from dealer_app.record.hand_index import list_hands
from dealer_app.record.store import Store

PLAYERS = [(1, "Ann", 4000), (2, "Bob", 3500), (3, "Cy", 2800)]


def _fold_out_hand(c: TableController):
    """A hand dealt to its end: the bring-in, then everyone else folds."""
    c.start_hand()
    for card in ("kd", "2c", "9h"):
        c.enter_card(card)
    c.act("bring_in")
    c.act("fold")
    c.act("fold")
    c.finish_hand()


@pytest.fixture
def two_tables(tmp_path, monkeypatch):
    """Two open tables in one record, their hands interleaved: (path, anchors, [sid A, sid B])."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    path, anchors = tmp_path / "h.sqlite3", tmp_path / "anchors.txt"
    store = Store(path, anchors=anchors)
    a, b = TableController(store), TableController(store)
    a.open_table("stud-1-2", None, PLAYERS)
    b.open_table("stud-1-2", None, PLAYERS)
    for _ in range(3):
        _fold_out_hand(a)
        _fold_out_hand(b)
    sids = [a.session_id, b.session_id]
    store.close()
    return path, anchors, sids


def _refused(path, anchors, sid) -> bool:
    c = TableController(Store(path, anchors=anchors))
    try:
        c.resume(sid)
    except InputError as exc:
        assert "call the floor" in exc.message
        return True
    return False


def _rows(path, where: str, args=()):
    db = sqlite3.connect(path)
    rows = db.execute(
        f"SELECT id, session_id, seq, hand_no, kind, payload, at, hash FROM log WHERE {where} ORDER BY id", args
    ).fetchall()
    db.close()
    return rows


def _delete_last_hand(path, sid):
    """Table ``sid``'s hand 3 (its last) deleted and the row counter set back, as an insider would."""
    db = sqlite3.connect(path)
    last = db.execute("SELECT min(id) FROM log WHERE session_id = ? AND hand_no = 3", (sid,)).fetchone()[0]
    db.execute("DELETE FROM log WHERE id >= ?", (last,))
    db.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'log'", (last - 1,))
    db.commit()
    db.close()


def test_an_untouched_record_resumes_both_tables(two_tables):
    path, anchors, sids = two_tables
    assert Store(path, anchors=anchors).failing() == {}
    assert not any(_refused(path, anchors, sid) for sid in sids)


def test_a_gap_in_the_row_ids_fails_every_table(two_tables):
    """A deleted row of table A sits between rows of both tables: whose it was, nobody can tell
    from the rows left, so neither table is resumed."""
    path, anchors, (sid_a, sid_b) = two_tables
    rid = _rows(path, "session_id = ? AND hand_no = 2 AND kind = 'input'", (sid_a,))[0][0]
    db = sqlite3.connect(path)
    db.execute("DELETE FROM log WHERE id = ?", (rid,))
    db.commit()
    db.close()
    assert _refused(path, anchors, sid_a) and _refused(path, anchors, sid_b)
    assert all(h.failing for h in list_hands(Store.read_only(path)))


def test_a_rewritten_run_across_tables_fails_every_hand_it_covers(two_tables):
    """Table A's hand 2 edited, and every later hash recomputed with a key of the insider's own:
    the run of rows that no longer match crosses table B's hands 2 and 3, which fail too; the
    hands before the edit still prove themselves."""
    path, anchors, (sid_a, sid_b) = two_tables
    store = Store(path, anchors=anchors)
    record_id = store.record_id
    store.close()
    first = _rows(path, "session_id = ? AND hand_no = 2 AND kind = 'hand_end'", (sid_a,))[0][0]
    prev = _rows(path, "id = ?", (first - 1,))[0][7]
    forger = secrets.token_bytes(32)
    db = sqlite3.connect(path)
    for rid, sid, seq, hand, kind, payload, at, _hash in _rows(path, "id >= ?", (first,)):
        if rid == first:
            data = json.loads(payload)
            data["forged"] = True
            payload = json.dumps(data)
        prev = row_hash(forger, record_id, prev, rid, sid, seq, hand, kind, payload, at)
        db.execute("UPDATE log SET payload = ?, hash = ? WHERE id = ?", (payload, prev, rid))
    db.commit()
    db.close()
    assert _refused(path, anchors, sid_a) and _refused(path, anchors, sid_b)
    marked = {(h.session, h.hand): bool(h.failing) for h in list_hands(Store.read_only(path))}
    assert marked[(sid_a, 1)] is False and marked[(sid_b, 1)] is False
    assert marked[(sid_a, 2)] and marked[(sid_a, 3)] and marked[(sid_b, 2)] and marked[(sid_b, 3)]


def test_an_edited_opening_row_fails_every_hand_of_its_table_only(two_tables):
    """Table A's opening row (hand 0: its limits) edited, its bets doubled: every hand of A was
    dealt under it, so every hand of A fails; B's hands are untouched."""
    path, anchors, (sid_a, sid_b) = two_tables
    rid, payload = next((r[0], r[5]) for r in _rows(path, "session_id = ? AND hand_no = 0", (sid_a,)))
    db = sqlite3.connect(path)
    doubled = payload.replace('"small_bet": 100', '"small_bet": 200')
    db.execute("UPDATE log SET payload = ? WHERE id = ?", (doubled, rid))
    db.commit()
    db.close()
    assert '"small_bet": 100' in payload
    hands = list_hands(Store.read_only(path))
    assert all(h.failing for h in hands if h.session == sid_a)
    assert not any(h.failing for h in hands if h.session == sid_b)
    assert _refused(path, anchors, sid_a) and not _refused(path, anchors, sid_b)


def test_a_deleted_last_hand_fails_against_the_anchors_file(two_tables):
    """Table B's last hand deleted and the counter reset: the anchors file still names its seal,
    so table B is not resumed (without the anchors, issue 30: the record alone cannot tell)."""
    path, anchors, (_sid_a, sid_b) = two_tables
    _delete_last_hand(path, sid_b)
    assert _refused(path, anchors, sid_b)
    assert "no longer has" in next(iter(Store(path, anchors=anchors).failing().values()))


def test_a_copy_of_the_record_dealt_on_at_the_same_machine_stops_the_original(two_tables, tmp_path):
    """A copy of the record dealt on (same identity, the same anchors file): the original is
    now behind its own seals, and is not dealt on as if nothing happened."""
    import shutil

    path, anchors, (sid_a, _sid_b) = two_tables
    copy = tmp_path / "copy.sqlite3"
    shutil.copy(path, copy)
    c = TableController(Store(copy, anchors=anchors))
    c.resume(sid_a)
    _fold_out_hand(c)
    c.store.close()
    assert _refused(path, anchors, sid_a)


def test_an_edited_anchors_file_is_blamed_on_the_anchors_not_on_the_record(two_tables):
    """A seal line changed in the anchors file while the record's rows hold their keyed hashes:
    the check names the anchors file, and does not say the record's row was rewritten."""
    path, anchors, (sid_a, _sid_b) = two_tables
    lines = anchors.read_text().splitlines()
    store = Store.read_only(path)
    seal = next(a for a in store.seals(sid_a) if a.hand == 2)
    store.close()
    edited = [ln.replace(seal.hash, "0" * 64) if seal.hash in ln else ln for ln in lines]
    assert edited != lines
    anchors.write_text("\n".join(edited) + "\n")
    texts = [p.text for p in Store(path, anchors=anchors).check(anchors=anchors)]
    assert any("the anchors file was edited" in t and "keyed hash holds" in t for t in texts), texts
    assert not any("it was rewritten" in t for t in texts)


def test_a_missing_tail_says_which_hand_is_missing(two_tables):
    """The last hand deleted with the counter reset: the floor reads "hand 3 of table session 2
    is missing", not the number of a row that happens to be sealed first."""
    path, anchors, (_sid_a, sid_b) = two_tables
    _delete_last_hand(path, sid_b)
    texts = [p.text for p in Store(path, anchors=anchors).check(anchors=anchors)]
    assert any(f"hand 3 of table session {sid_b} is missing" in t for t in texts), texts


@pytest.fixture
def closed_table(tmp_path, monkeypatch):
    """Table B dealt three hands and closed (its sessions entry has its closing time), beside an open table A."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    path, anchors = tmp_path / "h.sqlite3", tmp_path / "anchors.txt"
    store = Store(path, anchors=anchors)
    a, b = TableController(store), TableController(store)
    a.open_table("stud-1-2", None, PLAYERS)
    _fold_out_hand(a)
    b.open_table("stud-1-2", None, PLAYERS)
    for _ in range(3):
        _fold_out_hand(b)
    sid_b = b.session_id
    b.close_table()
    store.close()
    return path, anchors, sid_b


def test_a_deleted_last_hand_is_not_blamed_on_the_sessions_table(closed_table, capsys):
    """The last hand of a closed table deleted with its closing row, the row counter set back:
    the sessions table still says when the table closed, which the rows left no longer say. The
    missing rows explain it: `verify` names the missing hand and does not accuse the sessions
    table, which nobody touched; without the anchors file, the one thing that shows the rows
    gone, it names both causes and accuses neither."""
    from dealer_app.cli import main

    path, anchors, sid_b = closed_table
    _delete_last_hand(path, sid_b)
    assert main(["verify", str(path), "--anchors", str(anchors)]) == 1
    out = capsys.readouterr().out
    assert f"hand 3 of table session {sid_b} is missing" in out and "the sessions table was edited:" not in out, out
    anchors.unlink()
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert "the sessions table was edited:" not in out, out  # (the accusation; both causes are named below)
    assert (
        f"table session {sid_b} (stud-1-2) was closed at" in out
        and "its last rows, its closing row with "
        "them, are missing (deleted from the record's end), or the sessions table was edited"
        in out
    ), out


def test_a_closing_time_the_rows_cannot_explain_is_still_an_edited_sessions_table(two_tables, capsys):
    """An open table given a closing time before its own last row: no missing rows explain that."""
    from dealer_app.cli import main

    path, anchors, (sid_a, _sid_b) = two_tables
    db = sqlite3.connect(path)
    db.execute("UPDATE sessions SET closed_at = '2000-01-01T00:00:00.000+00:00' WHERE id = ?", (sid_a,))
    db.commit()
    db.close()
    assert main(["verify", str(path), "--anchors", str(anchors)]) == 1
    out = capsys.readouterr().out
    assert f"the sessions table was edited: table session {sid_a}: its closing time is 2000-01-01" in out, out


def test_export_db_checks_the_record_against_the_anchors_file(two_tables, monkeypatch, tmp_path, capsys):
    """README: 'export --db checks it too' — the last hand deleted and the counter put back is
    found only against the anchors file; export --db names it and leaves that table out."""
    from dealer_app.cli import main

    path, anchors, (sid_a, sid_b) = two_tables
    monkeypatch.setenv("DEALER_APP_ANCHORS", str(anchors))
    _delete_last_hand(path, sid_b)
    code = main(["export", "--db", str(path), "--out", str(tmp_path / "out")])
    said = capsys.readouterr()
    assert code == 1 and "no longer has" in said.out + said.err
    written = {p.name for p in (tmp_path / "out").rglob("*") if p.is_file()}
    assert any(f"session{sid_a}" in str(p) for p in (tmp_path / "out").rglob("*")) and written
    assert not any(f"session{sid_b}" in str(p) for p in (tmp_path / "out").rglob("*"))
