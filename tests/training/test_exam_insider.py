"""An insider's attacks on the exams (issue 27): a trainee with a shell on the training machine's
account, editing the record's SQLite but never the record key. Each test is named after the
attack it refuses (A1, A5, A6, A8 and the minor ones)."""

import hashlib
import json
import re
import sqlite3
from datetime import timedelta

import pytest

from dealer_app.cli import main
from dealer_app.record.store import Store
from dealer_app.training import exam as exam_module
from dealer_app.training.exam import (
    LOCKOUT,
    MAX_WRONG,
    Blueprint,
    ExamBook,
    ExamError,
    ExamSession,
    SkillCount,
    make_planned,
    plan,
)
from dealer_app.training.progress import Progress
from tests.support.floor_accounts import MARIA
from tests.training.test_exam_blueprint import BASICS, KEY, Clock, take

PIN = "471147"


@pytest.fixture
def book():
    b = ExamBook(sqlite3.connect(":memory:"), KEY, now=Clock())
    b.register_instructor("Ines", PIN, floor=MARIA)
    return b


def test_a1_the_answers_cannot_be_computed_from_the_record_during_the_exam(book):
    bp = book.lock(BASICS, "Ines", PIN)
    session = ExamSession.of(bp, 4242)
    started = book.start(session, "Tina", None)
    seed, seed_mac = book.db.execute(
        "SELECT seed, seed_mac FROM training_exam_results WHERE id = ?", (started.id,)
    ).fetchone()
    # only a keyed hash of the seed while it runs (64 hex digits: a hash, never the number itself;
    # "4242" not in it was asserted before, and a random hash holds "4242" once in ~1,000 runs)
    assert seed == 0 and re.fullmatch("[0-9a-f]{64}", seed_mac) and seed_mac == book._seed_mac(started.id, 4242)
    assert started.to_dict()["seed"] is None
    asked = [session.next()]
    # the attacker knows the seed (read from the process, say) and the blueprint, but not the key:
    for guess in (b"", b"\0" * 32, hashlib.sha256(b"guess").digest()):
        assert [p.seed for p in plan(bp, 4242, key=guess)] != [p.seed for p in session.drills_planned]
    with pytest.raises(TypeError):
        plan(bp, 4242)  # (no plan without a key)
    session.answer(asked[0].answer)
    while (d := session.next()) is not None:
        session.answer(d.answer)
    result = book.finish(started, session)
    assert result.seed == 4242 and book.verify(result.id).genuine  # the seed written at the end …
    # … and with the key every drill is made again (the review, an instructor's check)
    again = [make_planned(p)[0].phh for p in plan(bp, result.seed, key=KEY)]
    assert [r.drill.phh for r in session.results] == again
    # a seed written afterwards other than the one committed to at the start is found
    book.db.execute("UPDATE training_exam_results SET seed = 1 WHERE id = ?", (result.id,))
    assert not book.verify(result.id).genuine


def record(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "hands.sqlite3")
    return store, Progress(store.db), ExamBook(store.db, store.key)


def sit(book, progress, bp, trainee, right=True, seed=3):
    session = ExamSession.of(bp, seed, progress=progress, trainee_id=progress.trainee(trainee))
    started = book.start(session, trainee, progress.trainee(trainee))
    while (d := session.next()) is not None:
        session.answer(d.answer if right else {"nothing": True})
    return book.finish(started, session)


def test_a5_deleting_the_instructors_makes_no_one_the_first_instructor(tmp_path, monkeypatch, capsys):
    store, progress, book = record(tmp_path, monkeypatch)
    assert book.registers_freely()
    book.register_instructor("Ines", PIN, floor=MARIA)
    bp = book.lock(BASICS, "Ines", PIN)
    sit(book, progress, bp, "Tina")
    saved = book.db.execute("SELECT * FROM training_instructors").fetchall()
    saved_mark = book.db.execute("SELECT * FROM training_exam_marks WHERE name = 'instructors'").fetchone()
    book.db.execute("DELETE FROM training_instructors")
    assert not book.registers_freely()
    with pytest.raises(ExamError, match=r"had 1 instructor.*entries are gone"):
        book.register_instructor("Ines", "111111", floor=MARIA)
    book.db.execute("DELETE FROM training_exam_marks WHERE name = 'instructors'")  # the count removed too
    with pytest.raises(ExamError, match="no sealed count of its instructors"):
        book.register_instructor("Ines", "111111", floor=MARIA)
    # a mark rewritten to 0 without the key does not match its seal: as missing
    book.db.execute("INSERT INTO training_exam_marks VALUES ('instructors', 0, ?)", (saved_mark[2],))
    with pytest.raises(ExamError, match="no sealed count of its instructors"):
        book.register_instructor("Ines", "111111", floor=MARIA)
    # every training row gone as well: the record looks new, and someone registers as "Ines" …
    rows = {
        t: book.db.execute(f"SELECT * FROM {t}").fetchall()
        for t in (
            "training_blueprints",
            "training_exam_results",
            "training_exam_marks",
            "training_trainees",
            "training_attempts",
            "training_cards",
        )
    }
    for t in rows:
        book.db.execute(f"DELETE FROM {t}")
    book.register_instructor("Ines", "111111", floor=MARIA)
    easy = book.lock(
        Blueprint("Final exam", (SkillCount("bring-in", 2),), ("stud-4-8",), (), 3600, 5), "Ines", "111111"
    )
    fake = sit(book, progress, easy, "Tom")
    assert fake.passed and book.verify(fake.id).genuine  # (on the emptied record, for now)
    # … then puts the real instructor and the record's rows back: the fake blueprint is not hers
    book.db.execute("DELETE FROM training_instructors")
    book.db.executemany(f"INSERT INTO training_instructors VALUES ({','.join('?' * len(saved[0]))})", saved)
    book.db.execute("DELETE FROM training_exam_marks")
    for t, kept in rows.items():
        for row in kept:
            book.db.execute(f"INSERT OR REPLACE INTO {t} VALUES ({','.join('?' * len(row))})", row)
    assert book.check_instructor("Ines", PIN) == "Ines"
    verdict = book.verify(fake.id)
    assert not verdict.genuine and "replaced since" in " ".join(map(str, verdict.problems))
    store.close()
    assert main(["certificate", "verify", fake.id, "--db", str(tmp_path / "hands.sqlite3")]) == 1
    assert "NOT GENUINE" in capsys.readouterr().out


def test_a5_a_blueprint_locked_before_its_instructor_registered_is_not_genuine(book):
    bp = book.lock(BASICS, "Ines", PIN)
    early = exam_module.replace(bp, locked_at="2000-01-01T00:00:00+00:00")
    early = exam_module.replace(early, seal=book._blueprint_mac(early))
    book.db.execute("UPDATE training_blueprints SET locked_at = ?, seal = ?", (early.locked_at, early.seal))
    with pytest.raises(ExamError, match="locked before Ines was registered"):
        book.blueprint(bp.id)


def test_a6_the_pin_lockout_reset_in_sqlite_keeps_the_name_locked(book):
    for _ in range(MAX_WRONG):
        with pytest.raises(ExamError):
            book.check_instructor("Ines", "000000")
    book.db.execute("UPDATE training_instructors SET failures = 0, locked_until = NULL")
    with pytest.raises(ExamError, match="wrong-PIN count of Ines was changed outside the app"):
        book.check_instructor("Ines", PIN)
    with pytest.raises(ExamError, match="is locked for"):
        book.check_instructor("Ines", PIN)  # locked from the reset on, the right PIN too
    book.now.at += LOCKOUT + timedelta(seconds=1)
    for _ in range(MAX_WRONG - 1):
        with pytest.raises(ExamError, match="wrong PIN for Ines"):
            book.check_instructor("Ines", "000000")
    book.db.execute("UPDATE training_instructors SET failures = 0")  # more guesses bought by a reset: none
    with pytest.raises(ExamError, match="changed outside the app"):
        book.check_instructor("Ines", PIN)
    book.now.at += LOCKOUT + timedelta(seconds=1)
    assert book.check_instructor("Ines", PIN) == "Ines"


def test_a6_the_pin_hash_cannot_be_guessed_offline_and_new_pins_have_six_characters(book, monkeypatch):
    stored = json.loads(book.db.execute("SELECT pin FROM training_instructors").fetchone()[0])
    salt = bytes.fromhex(stored["salt"])
    plain = hashlib.scrypt(PIN.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32).hex()
    assert stored["hash"] != plain  # the right PIN's scrypt hash does not match: keyed with the record key
    with pytest.raises(ExamError, match="at least 6 characters"):
        book.register_instructor("Max", "2468", by=("Ines", PIN))
    monkeypatch.setattr(exam_module, "MIN_PIN", 4)  # an instructor registered before PINs had 6 characters
    book.register_instructor("Max", "2468", by=("Ines", PIN))
    monkeypatch.undo()
    assert book.check_instructor("Max", "2468") == "Max"  # still logs in with it


def test_a8_a_failed_result_deleted_is_named_and_trainees_exits_1(tmp_path, monkeypatch, capsys):
    store, progress, book = record(tmp_path, monkeypatch)
    book.register_instructor("Ines", PIN, floor=MARIA)
    bp = book.lock(BASICS, "Ines", PIN)
    first = sit(book, progress, bp, "Tina", seed=1)
    failed = sit(book, progress, bp, "Tina", right=False, seed=2)
    last = sit(book, progress, bp, "Tina", seed=3)
    store.close()
    db = str(tmp_path / "hands.sqlite3")
    assert main(["trainees", "--db", db]) == 0 and main(["certificate", "verify", last.id, "--db", db]) == 0
    capsys.readouterr()
    with sqlite3.connect(db) as raw:
        raw.execute("DELETE FROM training_exam_results WHERE id = ?", (failed.id,))
    assert main(["certificate", "verify", last.id, "--db", db]) == 1
    assert f"a result is missing after {first.id}" in capsys.readouterr().out
    assert main(["trainees", "--db", db]) == 1
    assert f"a result is missing after {first.id}" in capsys.readouterr().err
    assert main(["trainees", "--db", db, "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["record_problems"] == [f"a result is missing after {first.id}"]
    with sqlite3.connect(db) as raw:  # the last one deleted as well
        raw.execute("DELETE FROM training_exam_results WHERE id = ?", (last.id,))
    assert main(["trainees", "--db", db]) == 1
    assert f"2 results are missing after {first.id}" in capsys.readouterr().err


def test_verify_refuses_another_trainees_name_and_an_exam_started_before_its_blueprint(
    book, tmp_path, monkeypatch, capsys
):
    bp = book.lock(BASICS, "Ines", PIN)
    book.now.at -= timedelta(hours=1)  # the machine's clock set back
    _s, result = take(book, bp)
    verdict = book.verify(result.id)
    assert not verdict.genuine and "before its blueprint" in str(verdict.problems[0])
    store, progress, rec = record(tmp_path, monkeypatch)
    rec.register_instructor("Ines", PIN, floor=MARIA)
    tina = sit(rec, progress, rec.lock(BASICS, "Ines", PIN), "Tina")
    store.close()
    db = str(tmp_path / "hands.sqlite3")
    assert main(["certificate", "verify", tina.id, "--db", db, "--trainee", "Tina"]) == 0
    assert main(["certificate", "verify", tina.id, "--db", db, "--trainee", "Tom"]) == 1
    assert "the result is Tina's, not Tom's" in capsys.readouterr().out


def test_the_records_first_instructor_needs_a_floor_accounts_approval(tmp_path, monkeypatch):
    """Issue 30 §4: never "the first to try sets it": a trainee who opens an empty record cannot
    make herself its first instructor without a floor account's name and passphrase."""
    book = ExamBook(sqlite3.connect(":memory:"), KEY, now=Clock())
    with pytest.raises(ExamError, match="floor account's approval"):
        book.register_instructor("Tina", "999999")
    with pytest.raises(ExamError, match="wrong floor account name or passphrase"):
        book.register_instructor("Tina", "999999", floor=(MARIA[0], "a guess"))
    monkeypatch.setenv("DEALER_APP_FLOOR_ACCOUNTS", str(tmp_path / "none"))
    with pytest.raises(ExamError, match="no floor account exists"):
        book.register_instructor("Tina", "999999", floor=MARIA)
    assert book.instructors() == []
    monkeypatch.undo()
    from dealer_app.record.floor_accounts import BACKOFF

    BACKOFF.not_before.clear()  # (Maria's wait after the refused guess)
    assert book.register_instructor("Ines", PIN, floor=MARIA) == "Ines"
