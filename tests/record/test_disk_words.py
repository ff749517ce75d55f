"""What a failing disk is called (issue 31, "the log on a full disk"): a full data disk is "disk
full" even where SQLite says only "disk I/O error"; an anchors file that cannot be written is
not "the record is read-only"; the log on a full disk says so in one line on stderr and keeps
the message there, never Python's "--- Logging error ---" traceback."""

import errno
import logging
import shutil
import sqlite3
from collections import namedtuple
from pathlib import Path

import dealer_app.record.store as store_module
from dealer_app.errorlog import _LogFile, log_problem
from dealer_app.live.controller import TableController
from dealer_app.record.store import Store, reason

Usage = namedtuple("Usage", "total used free")


def test_a_disk_io_error_on_a_full_disk_is_called_disk_full(tmp_path, monkeypatch):
    io_error = sqlite3.OperationalError("disk I/O error")
    assert reason(io_error) == "the disk reported an I/O error"  # (no file named: nothing to ask)
    monkeypatch.setattr(shutil, "disk_usage", lambda _p: Usage(10**9, 10**9, 4096))
    assert str(store_module.reason_says(io_error, tmp_path / "hands.sqlite3")) == "disk full"
    monkeypatch.setattr(shutil, "disk_usage", lambda _p: Usage(10**9, 10**8, 9 * 10**8))
    assert str(store_module.reason_says(io_error, tmp_path / "hands.sqlite3")) == "the disk reported an I/O error"
    assert reason(OSError(errno.ENOSPC, "No space left on device")) == "disk full"


def test_an_anchors_file_that_cannot_be_written_is_not_called_a_read_only_record(tmp_path, monkeypatch):
    c = TableController(Store(tmp_path / "hands.sqlite3", anchors=tmp_path / "anchors.txt"))

    def refuse(_path, _line):
        raise PermissionError(errno.EACCES, "Permission denied", str(tmp_path / "anchors.txt"))

    monkeypatch.setattr(store_module, "append_anchor", refuse)
    c.open_table("stud-1-2", None, [(1, "Ann", 4000), (2, "Bob", 4000)])  # (its row is anchored)
    c.start_hand()  # (and the hand's start)
    problem = str(c.store.anchor_problem)
    assert "anchors file" in problem and "the file is read-only" in problem
    assert "the record is read-only" not in problem


def test_the_log_on_a_full_disk_says_so_once_and_keeps_the_messages_on_stderr(capsys):
    full = Path("/dev/full")  # every write: ENOSPC, as a full disk answers
    handler = _LogFile(full, maxBytes=1_000_000, backupCount=5, encoding="utf-8")
    log = logging.getLogger("dealer_app")
    log.addHandler(handler)
    try:
        log.error("the first message")
        log.error("the second message")
    finally:
        log.removeHandler(handler)
        handler.close()
    err = capsys.readouterr().err
    assert "Logging error" not in err and "Traceback" not in err
    assert err.count("cannot be written (disk full)") == 1
    assert "the first message" in err and "the second message" in err
    assert handler.problem == "disk full" and log_problem() is None  # (the handler was taken off again)


def test_a_missing_or_folder_shaped_anchors_file_is_said_at_start(tmp_path, monkeypatch):
    from dealer_app.record.store import open_record

    anchors = tmp_path / "elsewhere" / "anchors.txt"
    anchors.parent.mkdir()
    monkeypatch.setenv("DEALER_APP_ANCHORS", str(anchors))
    data = tmp_path / "data"
    data.mkdir()
    from dealer_app.record.store import Store
    from tests.record.test_record_failing import PLAYERS, _fold_out_hand

    c = TableController(Store(data / "hands.sqlite3"))
    c.open_table("stud-1-2", None, PLAYERS)
    c.store.close()
    assert anchors.is_file()
    anchors.unlink()  # an open table, no hand sealed yet: its signed heads went there, so it is said
    store, notes = open_record(data)
    store.close()
    assert any("is missing" in str(n) and "signed heads" in str(n) and str(anchors) in str(n) for n in notes)
    anchors.mkdir()  # a folder where the file was
    store, notes = open_record(data)
    store.close()
    assert any("is not a file" in str(n) and str(anchors) in str(n) for n in notes)
    anchors.rmdir()
    c = TableController(Store(data / "hands.sqlite3"))
    c.resume(c.open_tables()[0].session_id)
    _fold_out_hand(c)  # a hand sealed (its seal goes to the anchors file, made again)
    c.store.close()
    anchors.unlink()  # then the anchors file is deleted
    store, notes = open_record(data)
    store.close()
    assert any("is missing, but the record holds sealed hands (1)" in str(n) for n in notes)
