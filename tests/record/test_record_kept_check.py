"""The record's check taken up where it ended (integrity.KeptCheck): a console beside a table
being dealt reads only the rows added since, and finds exactly what a whole walk finds.

The growing record is made honestly: an ordinary session's record is cut back to a prefix of
its rows (a record as it stood earlier: each row chained to the one before), walked, and then
its later rows are put back exactly as they were written — the record as it stands later."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from dealer_app.record.integrity import KeptCheck, check_record
from dealer_app.record.store import Store
from tests.support.session_record import ordinary_sessions


@pytest.fixture(scope="module")
def written_once(tmp_path_factory):
    folder = tmp_path_factory.mktemp("kept")
    config = folder / "config"
    config.mkdir()
    mp = pytest.MonkeyPatch()
    mp.setenv("DEALER_APP_CONFIG", str(config))
    try:
        path, anchors = folder / "hands.sqlite", folder / "anchors.txt"
        ordinary_sessions(path, anchors, hands=6, seed=7)
    finally:
        mp.undo()
    return path, anchors, config


@pytest.fixture
def written(written_once, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(written_once[2]))  # (the record's key is there)
    return written_once[:2]


def _copy(written, tmp_path):
    path, anchors = written
    for suffix in ("", "-wal", "-shm"):
        if path.with_name(path.name + suffix).exists():
            shutil.copy(path.with_name(path.name + suffix), tmp_path / f"hands.sqlite{suffix}")
    shutil.copy(anchors, tmp_path / "anchors.txt")
    return tmp_path / "hands.sqlite", tmp_path / "anchors.txt"


def _cut(path, keep: int) -> list[tuple]:
    """The record as it stood when it held ``keep`` rows; returns the rows cut off."""
    db = sqlite3.connect(path)
    cut = db.execute("SELECT * FROM log WHERE id > ? ORDER BY id", (keep,)).fetchall()
    db.execute("DELETE FROM log WHERE id > ?", (keep,))
    db.execute("UPDATE sqlite_sequence SET seq = ? WHERE name = 'log'", (keep,))
    db.commit()
    db.close()
    return cut


def _put_back(path, rows: list[tuple]) -> None:
    db = sqlite3.connect(path)
    marks = ",".join("?" * len(rows[0]))
    db.executemany(f"INSERT INTO log VALUES ({marks})", rows)
    db.execute("UPDATE sqlite_sequence SET seq = (SELECT MAX(id) FROM log) WHERE name = 'log'")
    db.commit()
    db.close()


def _texts(problems) -> list[str]:
    return [p.text for p in problems]


def _whole(path, anchors) -> list[str]:
    store = Store(path, create=False, anchors=anchors)
    try:
        return _texts(check_record(store, store._key, anchors))
    finally:
        store.close()


def _rows(path) -> int:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT COUNT(*) FROM log").fetchone()[0]
    finally:
        db.close()


@pytest.mark.parametrize("with_anchors", [True, False])
def test_a_walk_taken_up_after_the_record_grew_finds_what_a_whole_walk_finds(written, tmp_path, with_anchors):
    path, anchors = _copy(written, tmp_path)
    anchors_given = anchors if with_anchors else None
    total = _rows(path)
    cut = _cut(path, total // 2)
    store = Store(path, create=False, anchors=anchors)
    kept = KeptCheck()
    earlier = check_record(store, store._key, anchors_given, kept)
    if with_anchors:  # the seals of the hands not yet put back name rows the record lacks
        assert any(p.what == "tail" for p in earlier)
    _put_back(path, cut)
    later = check_record(store, store._key, anchors_given, kept)
    store.close()
    assert kept.taken_up == 1 and kept.rows_walked == total  # every row once: the later half only once
    assert _texts(later) == (_whole(path, anchors) if with_anchors else [])
    assert later == [] or with_anchors is False or not any(p.what == "tail" for p in later)


def test_a_row_edited_after_the_walk_among_the_new_rows_is_found(written, tmp_path):
    path, anchors = _copy(written, tmp_path)
    total = _rows(path)
    cut = _cut(path, total - 40)
    store = Store(path, create=False, anchors=anchors)
    kept = KeptCheck()
    check_record(store, store._key, anchors, kept)
    edited = list(cut[10])
    payload_at = next(i for i, v in enumerate(edited) if isinstance(v, str) and v.startswith("{"))
    edited[payload_at] = edited[payload_at].replace("}", ', "x": 1}', 1)
    _put_back(path, [*cut[:10], tuple(edited), *cut[11:]])
    later = check_record(store, store._key, anchors, kept)
    store.close()
    assert kept.taken_up == 1
    assert any(p.what == "edited" and p.row == edited[0] for p in later), _texts(later)
    assert _texts(later) == _whole(path, anchors)


@pytest.mark.parametrize("change", ["last row deleted", "middle row deleted", "anchors rewritten"])
def test_a_record_changed_before_the_walk_s_end_is_walked_again_whole(written, tmp_path, change):
    path, anchors = _copy(written, tmp_path)
    store = Store(path, create=False, anchors=anchors)
    kept = KeptCheck()
    assert check_record(store, store._key, anchors, kept) == []
    db = sqlite3.connect(path)
    last = db.execute("SELECT MAX(id) FROM log").fetchone()[0]
    if change == "last row deleted":
        db.execute("DELETE FROM log WHERE id = ?", (last,))
    elif change == "middle row deleted":
        db.execute("DELETE FROM log WHERE id = ?", (last // 2,))
    elif change == "last row edited":
        db.execute("UPDATE log SET at = at || '0' WHERE id = ?", (last,))
    db.commit()
    db.close()
    if change == "anchors rewritten":  # a seal of a row already walked, changed
        lines = anchors.read_text().splitlines()
        i = next(i for i, line in enumerate(lines) if " hash=" in line)
        h = lines[i].split(" hash=")[1].split()[0]
        lines[i] = lines[i].replace(h, ("0" if h[0] != "0" else "1") + h[1:])
        anchors.write_text("\n".join(lines) + "\n")
    later = check_record(store, store._key, anchors, kept)
    store.close()
    assert kept.taken_up == 0  # not taken up: walked again from row 1
    assert later and _texts(later) == _whole(path, anchors)


def test_the_kept_walk_is_walked_again_whole_once_it_is_old(written, tmp_path):
    """A row edited before the walk's end (its hash column left as it was) leaves the ids as
    they were; only a whole walk sees it, and one is made once the kept walk is
    ``full_every`` seconds old."""
    path, anchors = _copy(written, tmp_path)
    store = Store(path, create=False, anchors=anchors)
    kept = KeptCheck(full_every=0.0)
    assert check_record(store, store._key, anchors, kept) == []
    db = sqlite3.connect(path)
    db.execute("UPDATE log SET at = at || '0' WHERE id = 5")
    db.commit()
    db.close()
    later = check_record(store, store._key, anchors, kept)
    store.close()
    assert kept.taken_up == 0 and any(p.row == 5 for p in later), _texts(later)


def test_the_store_s_failing_reads_only_new_rows_and_finds_an_edit_in_them(written, tmp_path):
    path, anchors = _copy(written, tmp_path)
    total = _rows(path)
    cut = _cut(path, total - 60)
    store = Store(path, create=False, anchors=anchors)
    kept = KeptCheck()
    store.failing(kept)
    _put_back(path, cut[:30])
    store.failing(kept)
    assert kept.taken_up == 1
    edited = list(cut[40])
    edited[-2] = edited[-2] + "0"  # (its time, as an insider would change when it happened)
    assert isinstance(edited[-2], str) and edited[-2].startswith("20"), edited
    _put_back(path, [*cut[30:40], tuple(edited), *cut[41:]])
    failing = store.failing(kept)
    assert kept.taken_up == 2
    assert store.failing() == failing  # (a gate's whole walk: the same answer)
    store.close()
    assert failing and any(f"log row {edited[0]} " in text for text in failing.values()), failing
    assert _whole(path, anchors)


def test_a_gate_walks_the_whole_record_every_time(written, tmp_path):
    """Resume, dealing on, a report and verify call ``failing()`` with no kept walk: a row edited
    before the end of an earlier check is found at once."""
    path, anchors = _copy(written, tmp_path)
    store = Store(path, create=False, anchors=anchors)
    assert store.failing() == {}
    db = sqlite3.connect(path)
    db.execute("UPDATE log SET at = at || '0' WHERE id = 5")
    db.commit()
    db.close()
    failing = store.failing()
    store.close()
    assert failing and any("log row 5 " in text for text in failing.values()), failing
