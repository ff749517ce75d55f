"""The record file's one numbered sequence of steps (record/migrations.py): the record's log (1, 2)
and the training tables (3, 4: the trainer's; 5: the exams'), each kept in ``schema_version``.
Files made by the code of before the sequence (the trainer's own ``training_schema``, exam tables
without their later columns, no training tables at all, a trainer's file with no record) open and
are upgraded exactly once."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from dealer_app.record.migrations import LATEST, Part, migrate, taken, version_of
from dealer_app.record.store import Store, StoreError
from dealer_app.training.exam import ExamBook
from dealer_app.training.progress import Progress
from tests.support.data import DATA

MADE = DATA / "record-2026-12"
KEY = b"k" * 32

# the trainer's tables as the code of before the sequence made them (training/progress.py's
# UPGRADES, recorded in its own training_schema table) ...
OLD_TRAINER_V1 = """
CREATE TABLE training_trainees (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL);
CREATE TABLE training_attempts (id INTEGER PRIMARY KEY AUTOINCREMENT,
    trainee_id INTEGER NOT NULL REFERENCES training_trainees(id), skill TEXT NOT NULL, mode TEXT NOT NULL,
    right INTEGER NOT NULL, seconds REAL NOT NULL, seed INTEGER, at TEXT NOT NULL);
CREATE INDEX training_attempts_trainee ON training_attempts(trainee_id, skill, at);
CREATE TABLE training_cards (trainee_id INTEGER NOT NULL REFERENCES training_trainees(id),
    skill TEXT NOT NULL, card TEXT NOT NULL, PRIMARY KEY (trainee_id, skill));
"""
OLD_TRAINER_V2 = """
ALTER TABLE training_attempts ADD COLUMN given TEXT;
ALTER TABLE training_attempts ADD COLUMN table_arg TEXT;
ALTER TABLE training_attempts ADD COLUMN profile_arg TEXT;
ALTER TABLE training_attempts ADD COLUMN drill_table TEXT;
ALTER TABLE training_attempts ADD COLUMN digest TEXT;
CREATE TABLE training_schema (version INTEGER NOT NULL, at TEXT NOT NULL);
INSERT INTO training_schema VALUES (1, '2026-11-01T10:00:00'), (2, '2026-11-01T10:00:00');
"""
# ... and the exam tables as first made (before their number, lock and serial columns)
OLD_EXAMS = """
CREATE TABLE training_instructors (name TEXT PRIMARY KEY, pin TEXT NOT NULL, created_at TEXT NOT NULL,
    seal TEXT NOT NULL, failures INTEGER NOT NULL DEFAULT 0, locked_until TEXT);
CREATE TABLE training_blueprints (id TEXT PRIMARY KEY, name TEXT NOT NULL, spec TEXT NOT NULL,
    instructor TEXT NOT NULL, locked_at TEXT NOT NULL, seal TEXT NOT NULL);
CREATE TABLE training_exam_results (id TEXT PRIMARY KEY, trainee_id INTEGER, trainee TEXT NOT NULL,
    blueprint_id TEXT NOT NULL, blueprint_seal TEXT NOT NULL, blueprint_name TEXT NOT NULL,
    instructor TEXT NOT NULL, seed INTEGER NOT NULL, started_at TEXT NOT NULL, finished_at TEXT NOT NULL,
    seconds INTEGER NOT NULL, time_limit_s INTEGER NOT NULL, timed_out INTEGER NOT NULL, right INTEGER NOT NULL,
    asked INTEGER NOT NULL, pass_mark INTEGER NOT NULL, passed INTEGER NOT NULL, skills TEXT NOT NULL,
    tables TEXT NOT NULL, seal TEXT NOT NULL, field_seals TEXT NOT NULL);
CREATE TABLE training_exam_marks (name TEXT PRIMARY KEY, value INTEGER NOT NULL, seal TEXT NOT NULL);
"""


def recorded(db: sqlite3.Connection) -> list[int]:
    return [v for (v,) in db.execute("SELECT version FROM schema_version ORDER BY version")]


def columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in db.execute(f"PRAGMA table_info({table})")]


def old_record(tmp_path, monkeypatch, *, trainer: bool, exams: bool):
    """The committed record of before (its config beside it), with the training tables of before."""
    shutil.copytree(MADE, tmp_path / "made")
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "made" / "config"))
    monkeypatch.setenv("DEALER_APP_ANCHORS", str(tmp_path / "made" / "config" / "anchors"))
    path = tmp_path / "made" / "hands.sqlite3"
    db = sqlite3.connect(path)
    if trainer:
        db.executescript(OLD_TRAINER_V1 + OLD_TRAINER_V2)
        db.execute("INSERT INTO training_trainees(name, created_at) VALUES ('Tina', '2026-11-01T10:00:00')")
        db.execute(
            "INSERT INTO training_attempts(trainee_id, skill, mode, right, seconds, seed, at, given) "
            "VALUES (1, 'pot', 'practice', 1, 5.0, 42, '2026-11-01T10:05:00+00:00', '{\"pot\": 300}')"
        )
    if exams:
        db.executescript(OLD_EXAMS)
    db.commit()
    db.close()
    return path


def test_a_record_of_before_with_the_trainers_old_steps_takes_only_the_steps_it_lacks(tmp_path, monkeypatch):
    path = old_record(tmp_path, monkeypatch, trainer=True, exams=True)
    before = sqlite3.connect(path)
    assert taken(before) == {1, 2, 3, 4}  # (the log's columns; training_schema 1, 2 are steps 3, 4)
    assert version_of(before) == 2 and version_of(before, Part.TRAINER) == 4 and version_of(before, Part.EXAMS) == 0
    before.close()
    store = Store(path, create=False)
    try:
        assert recorded(store.db) == [
            1,
            2,
            6,
            7,
        ]  # the record's steps kept (6: the signed heads, 7: their digest); the training's taken by the trainer
        progress = Progress(store.db)
        assert recorded(store.db) == [
            1,
            2,
            3,
            4,
            6,
            7,
        ]  # (kept as taken before: nothing run again; 6, 7 the record's signed heads)
        assert progress.attempts(1)[0].given == {"pot": 300}
        assert "number" not in columns(store.db, "training_instructors")
        book = ExamBook(store.db, store.key)
        assert recorded(store.db) == [1, 2, 3, 4, 5, 6, 7] and LATEST == 7
        assert columns(store.db, "training_instructors")[-2:] == ["number", "lock_seal"]
        assert columns(store.db, "training_exam_results")[-2:] == ["serial", "seed_mac"]
        assert book.record_problems() == []
        assert store.check(anchors=store.anchors_path) == []
    finally:
        store.close()
    again = Store(path, create=False)  # opened twice: no step taken again, nothing recorded twice
    try:
        assert migrate(again.db, again.key) == []
        assert migrate(again.db, b"", Part.TRAINER) == [] and migrate(again.db, again.key, Part.EXAMS) == []
        Progress(again.db)
        ExamBook(again.db, again.key)
        assert recorded(again.db) == [1, 2, 3, 4, 5, 6, 7]
    finally:
        again.close()


def test_a_record_of_before_without_training_tables_gets_them_when_the_trainer_opens_it(tmp_path, monkeypatch):
    path = old_record(tmp_path, monkeypatch, trainer=False, exams=False)
    store = Store(path, create=False)
    try:
        assert recorded(store.db) == [1, 2, 6, 7]
        assert "training_trainees" not in {r[0] for r in store.db.execute("SELECT name FROM sqlite_master")}
        progress = Progress(store.db)
        assert recorded(store.db) == [1, 2, 3, 4, 6, 7] and progress.version() == 4
        assert "digest" in columns(store.db, "training_attempts")
    finally:
        store.close()


def test_a_fresh_record_is_made_at_the_latest_steps_of_each_part(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("DEALER_APP_ANCHORS", str(tmp_path / "config" / "anchors.txt"))
    store = Store(tmp_path / "hands.sqlite3")
    try:
        assert recorded(store.db) == [1, 2, 6, 7] and version_of(store.db) == 7
        Progress(store.db)
        book = ExamBook(store.db, store.key)
        assert recorded(store.db) == [1, 2, 3, 4, 5, 6, 7]
        assert book.registers_freely()  # (its first exam tables: the sealed counts start at 0)
        Progress(store.db)
        ExamBook(store.db, store.key)
        assert recorded(store.db) == [1, 2, 3, 4, 5, 6, 7]
    finally:
        store.close()
    reopened = Store(tmp_path / "hands.sqlite3", create=False)
    try:
        assert recorded(reopened.db) == [1, 2, 3, 4, 5, 6, 7]
        assert reopened.check(anchors=reopened.anchors_path) == []
    finally:
        reopened.close()


def test_a_trainers_file_of_before_is_upgraded_once_and_is_still_no_record(tmp_path, monkeypatch):
    path = tmp_path / "trainer.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(OLD_TRAINER_V1)  # (version 1 of before: no training_schema yet)
    db.commit()
    assert taken(db) == {3} and Progress(db, create=False).version() == 3
    p = Progress(db)
    assert recorded(db) == [3, 4] and p.version() == 4 and version_of(db) == 0  # (no record in it)
    Progress(db)
    assert recorded(db) == [3, 4]
    db.close()
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("DEALER_APP_ANCHORS", str(tmp_path / "config" / "anchors.txt"))
    with pytest.raises(StoreError, match="not a hand record"):  # (as before: the trainer's file is no record)
        Store(path)
    assert recorded(sqlite3.connect(path)) == [3, 4]
