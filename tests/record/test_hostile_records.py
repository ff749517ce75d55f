"""Hostile records (issue 31): a record the app wrote, then damaged in each way by name —
deeply nested JSON in each kind of row, bytes flipped inside TEXT cells, a truncated file,
damaged WAL files. For each: every record command says what is wrong in words (never
"Unexpected error", never a traceback) with its documented exit code (1: the record has a
problem; 2 is a usage mistake only), and the desktop app and the floor console, started
offscreen on it, show their window and name the problem.

Seeded: the record is the same every run (tests/support/session_record.py), and so is every damage."""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import sqlite3
import sys
from contextlib import redirect_stderr, redirect_stdout
from typing import TYPE_CHECKING

import pytest

from dealer_app.record.chain import read_key, row_hash
from dealer_app.record.store import RECORD_NAME
from tests.support.helpers import close_every_window
from tests.support.session_record import ordinary_sessions

if TYPE_CHECKING:
    from pathlib import Path

NESTED = "[" * 200000 + "]" * 200000
SEED = 31


# --- the record, made by the app ------------------------------------------------------------
@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """A record of three tables (tables opened, hands, undos, irregularities, rulings), in a
    config folder of its own (its key and anchors): (record, config)."""
    root = tmp_path_factory.mktemp("hostile")
    config = root / "config"
    config.mkdir()
    before = os.environ.get("DEALER_APP_CONFIG")
    os.environ["DEALER_APP_CONFIG"] = str(config)
    try:
        record = root / "base.sqlite3"
        ordinary_sessions(record, config / "anchors.txt", hands=4, seed=SEED)
    finally:
        if before is None:
            os.environ.pop("DEALER_APP_CONFIG", None)
        else:
            os.environ["DEALER_APP_CONFIG"] = before
    return record, config


def _rows(db: sqlite3.Connection, kind: str) -> list[tuple]:
    return db.execute("SELECT id, payload FROM log WHERE kind = ? ORDER BY id", (kind,)).fetchall()


def _rehash_from(db: sqlite3.Connection, key: bytes, first: int) -> None:
    """The chain recomputed with the record's key from row ``first`` on: as only the key's
    holder could — the row then proves itself, and only its content is hostile."""
    record_id = db.execute("SELECT value FROM meta WHERE name = 'record_id'").fetchone()[0]
    prev = (db.execute("SELECT hash FROM log WHERE id < ? ORDER BY id DESC LIMIT 1", (first,)).fetchone() or [""])[0]
    for rid, sid, seq, hand, kind, text, at in db.execute(
        "SELECT id, session_id, seq, hand_no, kind, payload, at FROM log WHERE id >= ? ORDER BY id", (first,)
    ).fetchall():
        prev = row_hash(key, record_id, prev, rid, sid, seq, hand, kind, text, at)
        db.execute("UPDATE log SET hash = ? WHERE id = ?", (prev, rid))


def _nested(where: str, rehash: bool = False):
    """Deeply nested JSON in one row: the whole payload of row 1, or one field of a row."""

    def damage(path: Path, key: bytes) -> str:
        db = sqlite3.connect(path)
        kind, _, field = where.partition(".")
        rid, text = _rows(db, kind)[0 if kind == "open_table" else 1]
        if field:
            payload = json.loads(text)
            payload[field] = "\x00"
            text = json.dumps(payload, sort_keys=True).replace('"\\u0000"', NESTED)
        else:
            text = NESTED
        db.execute("UPDATE log SET payload = ? WHERE id = ?", (text, rid))
        if rehash:
            _rehash_from(db, key, rid)
        db.commit()
        db.close()
        return f"log row {rid}"

    return damage


def _flip(table: str, column: str):
    """One byte inside a TEXT cell of the file flipped to a byte no UTF-8 text has (as a
    failing disk or a copy gone wrong leaves it): SQLite's pages stay sound."""

    def damage(path: Path, key: bytes) -> str:
        db = sqlite3.connect(path)
        rng = random.Random(f"{SEED}{table}{column}")
        values = [r[0] for r in db.execute(f"SELECT {column} FROM {table}") if isinstance(r[0], str)]
        db.close()
        data = bytearray(path.read_bytes())
        for value in rng.sample(values, min(3, len(values))):
            raw = value.encode()
            at = data.find(raw)
            if at >= 0:
                data[at + rng.randrange(len(raw))] = 0xFF
        path.write_bytes(bytes(data))
        return ""

    return damage


def _truncated(path: Path, key: bytes) -> str:
    with open(path, "r+b") as f:
        f.truncate(path.stat().st_size // 2)
    return "damaged"


def _garbage_tail(path: Path, key: bytes) -> str:
    data = bytearray(path.read_bytes())
    rng = random.Random(SEED)
    for i in range(len(data) // 2, len(data)):
        data[i] = rng.randrange(256)
    path.write_bytes(bytes(data))
    return ""


def _with_wal(spoil):
    """The record as a kill leaves it: the last rows in its -wal file, not yet checkpointed;
    then the -wal spoiled by ``spoil(bytes) -> bytes``."""

    def damage(path: Path, key: bytes) -> str:
        from dealer_app.live.controller import TableController
        from dealer_app.record.store import Store

        store = Store(path, anchors=path.with_name("anchors.txt"))
        store.db.execute("PRAGMA wal_autocheckpoint=0")
        c = TableController(store)
        c.open_table("stud-1-2", None, [(1, "Ann", 4000), (2, "Bob", 3500), (3, "Cy", 2800)])
        c.start_hand()
        for card in ("kd", "2c", "9h"):
            c.enter_card(card)
        c.act("bring_in")
        wal = path.with_name(path.name + "-wal")
        kept, held = wal.read_bytes(), path.read_bytes()
        store.close()  # (closing checkpoints: the file and its -wal are put back as the kill left them)
        path.write_bytes(held)
        wal.write_bytes(spoil(kept))
        path.with_name(path.name + "-shm").unlink(missing_ok=True)
        return ""

    return damage


def _wal_frame_flipped(wal: bytes) -> bytes:
    data = bytearray(wal)
    data[32 + 24 + 4096 + 24 + 100] ^= 0x40  # inside the second frame's page: its checksum fails
    return bytes(data)


DAMAGES = {
    "nested JSON as row 1 (open_table)": (_nested("open_table"), True),
    "nested JSON in open_table's players": (_nested("open_table.players"), True),
    "nested JSON in a hand_end": (_nested("hand_end.pots"), True),
    "nested JSON in an input": (_nested("input"), True),
    "nested JSON in a ruling": (_nested("ruling.facts"), True),
    "nested JSON in an input, rehashed with the key": (_nested("input", rehash=True), True),
    "nested JSON in a hand_end, rehashed with the key": (_nested("hand_end.pots", rehash=True), True),
    "bytes flipped in log.hash": (_flip("log", "hash"), True),
    "bytes flipped in log.payload": (_flip("log", "payload"), True),
    "bytes flipped in log.at": (_flip("log", "at"), True),
    "bytes flipped in log.kind": (_flip("log", "kind"), True),
    "bytes flipped in sessions.table_name": (_flip("sessions", "table_name"), True),
    "bytes flipped in meta.value": (_flip("meta", "value"), True),
    "truncated file": (_truncated, True),
    "random bytes over its second half": (_garbage_tail, True),
    "WAL cut short": (_with_wal(lambda w: w[: len(w) // 2 + 7]), None),
    "WAL frame flipped": (_with_wal(_wal_frame_flipped), None),
    "WAL of random bytes": (_with_wal(lambda w: random.Random(SEED).randbytes(len(w))), None),
}


# --- each damage, on a data folder of its own -----------------------------------------------
@pytest.fixture(params=list(DAMAGES), ids=lambda name: name.replace(" ", "-"))
def damaged(request, base, tmp_path, monkeypatch):
    """(name, record, says_a_problem, what the damage names): the record damaged, in a data
    folder and a config folder (the key, the anchors) of its own, both in the environment."""
    record, config = base
    mine = tmp_path / "config"
    shutil.copytree(config, mine)
    data = tmp_path / "data"
    data.mkdir()
    path = data / RECORD_NAME
    shutil.copy(record, path)
    monkeypatch.setenv("DEALER_APP_CONFIG", str(mine))
    monkeypatch.setenv("DEALER_APP_DATA", str(data))
    monkeypatch.delenv("DEALER_APP_DATABASE", raising=False)
    damage, says_a_problem = DAMAGES[request.param]
    named = damage(path, read_key(mine / "record.key"))
    return request.param, path, says_a_problem, named


def _run(argv: list[str]) -> tuple[int, str]:
    from dealer_app.cli import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    return code, err.getvalue()


def test_every_record_command_names_the_damage_with_exit_1(damaged, tmp_path):
    name, path, says_a_problem, named = damaged
    pdf = tmp_path / "report.pdf"
    commands = {
        "verify": ["verify", str(path)],
        "export --db": ["export", "--db", str(path)],
        "hands --db": ["hands", "--db", str(path)],
        "rulings --db": ["rulings", "--db", str(path)],
        "seals": ["seals", str(path)],
        "report": ["report", "--db", str(path), "--hand", "1-2", "--out", str(pdf), "--force"],
    }
    for command, argv in commands.items():
        code, said = _run(argv)
        assert "Unexpected error" not in said and "Traceback" not in said, (name, command, said)
        assert code in (0, 1), (name, command, code, said)  # (2 is a usage mistake: there is none)
        if says_a_problem and command in ("verify", "export --db", "hands --db", "rulings --db"):
            assert code == 1, (name, command, said)
        if code == 1 and command != "verify":
            assert said.strip(), (name, command)  # the problem is said, not only the exit code
    if says_a_problem:  # verify names it: the file, and the row or the damage
        from dealer_app.cli import main

        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            assert main(["verify", str(path)]) == 1
        words = out.getvalue() + err.getvalue()
        assert str(path) in words and (named in words or "damaged" in words or "hash" in words), (name, words)


def test_a_missing_record_is_a_usage_mistake(tmp_path):
    for argv in (
        ["seals", str(tmp_path / "none.sqlite3")],
        ["hands", "--db", str(tmp_path / "none.sqlite3")],
        ["export", "--db", str(tmp_path)],
    ):
        code, said = _run(argv)
        assert code == 2 and ("no such hand record" in said or "not a file" in said), (argv, said)


class _Started:
    """What a window started offscreen showed: its message boxes, whether it was shown."""

    def __init__(self, monkeypatch):
        from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

        self.said: list[str] = []
        self.shown: list[str] = []

        def box(kind):
            def show(parent, title, text, *args, **kwargs):
                self.said.append(f"{kind}: {text}")
                return QMessageBox.StandardButton.Ok

            return show

        for kind in ("critical", "warning", "information", "question"):
            monkeypatch.setattr(QMessageBox, kind, staticmethod(box(kind)))

        def exec_dialog(dialog, *args):
            self.said.append(f"dialog {type(dialog).__name__}")
            return 0

        monkeypatch.setattr(QDialog, "exec", exec_dialog)

        def exec_app(*args):
            QApplication.processEvents()
            self.shown = [type(w).__name__ for w in QApplication.topLevelWidgets() if w.isVisible()]
            close_every_window()
            return 0

        monkeypatch.setattr(QApplication, "exec", exec_app)
        monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # (run_app puts its own: given back)


def test_the_app_starts_on_the_damaged_record_and_names_it(damaged, qapp, monkeypatch):
    from dealer_app.ui.app import run_app
    from dealer_app.ui.main_window import MainWindow

    name, path, says_a_problem, _named = damaged
    monkeypatch.setattr(MainWindow, "open_table_dialog", lambda self: None)
    started = _Started(monkeypatch)
    assert run_app(["dealer-app"]) == 0, (name, started.said)
    assert "MainWindow" in started.shown, (name, started.said)
    words = "\n".join(started.said)
    assert "Unexpected error" not in words, (name, words)
    if says_a_problem:
        assert str(path) in words and any(w in words for w in ("prove itself", "damaged", "kept untouched")), (
            name,
            words,
        )


def test_the_floor_console_opens_the_damaged_record_and_names_it(damaged, qapp, monkeypatch):
    from dealer_app.ui.app import run_floor

    name, path, _says_a_problem, _named = damaged
    started = _Started(monkeypatch)
    code = run_floor(str(path))
    words = "\n".join(started.said)
    assert "Unexpected error" not in words, (name, words)
    if code == 1:  # a file no console can read: named in words, as the command line names it
        assert str(path) in words and "damaged" in words, (name, words)
    else:
        assert code == 0 and "FloorWindow" in started.shown, (name, words)
