"""Exams belong to the instructor (issue 27, "the trainee sets the exam"): a blueprint made and
locked by an instructor with their name and PIN, taken as it is; its result sealed with the
record's key; ``dealer-app certificate verify`` says whether a certificate is genuine."""

import json
import sqlite3
import subprocess
from datetime import UTC, datetime, timedelta

import pytest

from dealer_app.cli import main
from dealer_app.record.store import Store
from dealer_app.training.exam import (
    LOCKOUT,
    MAX_WRONG,
    Blueprint,
    ExamBook,
    ExamError,
    ExamSession,
    SkillCount,
    check_blueprint,
    plan,
)
from dealer_app.training.progress import Progress
from tests.support.floor_accounts import MARIA

KEY = bytes(range(32))
BASICS = Blueprint(
    "Basics",
    (SkillCount("stub", 2), SkillCount("bring-in", 2), SkillCount("shortage", 1)),
    ("stud-2-4", "stud-10-20", "casinos-austria-5-10-20"),
    (),
    600,
    80,
)


class Clock:
    def __init__(self):
        self.at = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

    def __call__(self):
        return self.at


@pytest.fixture
def book():
    b = ExamBook(sqlite3.connect(":memory:"), KEY, now=Clock())
    b.register_instructor("Ines", "471147", floor=MARIA)
    return b


def take(book, bp, wrong: int = 0, trainee="Tina", seed=7, clock=None):
    """An exam taken to its end: every answer right but the first ``wrong``."""
    session = ExamSession.of(bp, seed, clock=clock) if clock else ExamSession.of(bp, seed)
    started = book.start(session, trainee, None)
    while (d := session.next()) is not None:
        session.answer({"nothing": True} if len(session.results) < wrong else d.answer)
    return session, book.finish(started, session)


def test_a_locked_blueprint_is_taken_as_it_is_and_an_edit_in_sqlite_is_refused(book):
    bp = book.lock(BASICS, "Ines", "471147")
    assert bp.id.startswith("BP-") and bp.instructor == "Ines" and bp.seal and bp.seed
    assert book.blueprint(bp.id) == bp and book.blueprints() == [bp]
    # the plan is the blueprint's: its skills and counts, at its tables, the same for the same seeds
    drills = plan(bp, 99, key=KEY)
    assert sorted(p.skill for p in drills) == sorted(["stub"] * 2 + ["bring-in"] * 2 + ["shortage"])
    assert {p.table for p in drills} == set(bp.tables) and plan(bp, 99, key=KEY) == drills
    assert plan(bp, 100, key=KEY) != drills and plan(bp, 99, key=b"another") != drills  # (the key makes them)
    # every way of changing it in SQLite is found: the pass mark, a skill's count, the name, the instructor
    for sql in (
        "UPDATE training_blueprints SET spec = replace(spec, '\"pass_mark\":80', '\"pass_mark\":10')",
        "UPDATE training_blueprints SET spec = replace(spec, '[\"stub\",2]', '[\"stub\",1]')",
        "UPDATE training_blueprints SET name = 'Basics (easy)'",
        "UPDATE training_blueprints SET instructor = 'Tina'",
    ):
        saved = book.db.execute("SELECT name, spec, instructor FROM training_blueprints").fetchone()
        book.db.execute(sql)
        assert book.db.execute("SELECT name, spec, instructor FROM training_blueprints").fetchone() != saved, sql
        with pytest.raises(ExamError, match="changed after it was locked"):
            book.blueprint(bp.id)
        book.db.execute("UPDATE training_blueprints SET name = ?, spec = ?, instructor = ?", saved)
    assert book.blueprint(bp.id) == bp


def test_what_an_instructor_cannot_lock():
    said = [str(p) for p in check_blueprint(Blueprint("", (), (), (), 10, 0))]
    assert any("needs a name" in p for p in said) and any("at least one skill" in p for p in said)
    assert any("time limit" in p for p in said) and any("pass mark" in p for p in said)
    assert any("limit table" in p for p in said)
    said = [
        str(p)
        for p in check_blueprint(Blueprint("X", (SkillCount("juggling", 1), SkillCount("pot", 0)), ("no-such-table",)))
    ]
    assert any("juggling" in p for p in said) and any("pot: from 1 to" in p for p in said)
    assert any("no-such-table" in p for p in said)
    assert check_blueprint(BASICS) == []


def test_a_wrong_instructor_pin_is_refused_and_five_lock_the_name(book):
    clock = book.now
    with pytest.raises(ExamError, match="wrong PIN for Ines"):
        book.lock(BASICS, "Ines", "0000")
    with pytest.raises(ExamError, match="not an instructor"):
        book.lock(BASICS, "Tina", "471147")
    for _ in range(MAX_WRONG - 2):
        with pytest.raises(ExamError, match="wrong PIN"):
            book.check_instructor("Ines", "1234")
    with pytest.raises(ExamError, match="locked for 15 minutes"):
        book.check_instructor("Ines", "1234")  # the fifth wrong PIN in a row
    with pytest.raises(ExamError, match="is locked for"):
        book.lock(BASICS, "Ines", "471147")  # locked even to the right PIN
    assert book.blueprints() == []
    clock.at += LOCKOUT + timedelta(seconds=1)
    assert book.lock(BASICS, "Ines", "471147").instructor == "Ines"
    # the PIN is never stored: a salted scrypt hash
    stored = book.db.execute("SELECT pin FROM training_instructors").fetchone()[0]
    assert "471147" not in stored and set(json.loads(stored)) == {"scrypt", "salt", "hash"}


def test_only_an_instructor_registers_the_next_and_a_swapped_pin_hash_is_found(book):
    with pytest.raises(ExamError, match="registered by an instructor"):
        book.register_instructor("Tina", "9999", floor=MARIA)  # the trainee cannot make herself an instructor
    with pytest.raises(ExamError, match="wrong PIN"):
        book.register_instructor("Tina", "9999", by=("Ines", "0000"))
    assert book.register_instructor("Max", "246824", by=("Ines", "471147")) == "Max"
    # a PIN hash copied from another instructor's row (someone who knows Max's PIN posing as Ines)
    max_pin = book.db.execute("SELECT pin FROM training_instructors WHERE name = 'Max'").fetchone()[0]
    book.db.execute("UPDATE training_instructors SET pin = ? WHERE name = 'Ines'", (max_pin,))
    with pytest.raises(ExamError, match="changed outside the app"):
        book.lock(BASICS, "Ines", "246824")


def test_the_exam_is_scored_against_the_blueprints_pass_mark_and_unanswered_drills_count_wrong(book):
    bp = book.lock(BASICS, "Ines", "471147")
    session, result = take(book, bp, wrong=1)
    assert result.right == 4 and result.asked == 5 and result.score_percent == 80 and result.passed
    assert {s.skill: (s.right, s.asked) for s in result.skills}["stub"][1] == 2
    session, result = take(book, bp, wrong=2)
    assert result.score_percent == 60 and not result.passed
    # the time runs out after two answers: three drills unanswered, wrong
    now = [0.0]
    session = ExamSession.of(bp, 5, clock=lambda: now[0])
    started = book.start(session, "Tom", None)
    for _ in range(2):
        session.answer(session.next().answer)
    session.next()
    now[0] = 601.0
    assert session.time_up and session.answer(session.current.answer) is None  # too late: not kept
    assert session.next() is None
    result = book.finish(started, session)
    assert result.timed_out and result.right == 2 and result.asked == 5 and not result.passed
    assert result.seconds == 601


def test_each_attempt_has_its_own_seed_and_the_drills_come_again_from_it(book):
    bp = book.lock(BASICS, "Ines", "471147")
    a, ra = take(book, bp, seed=11)
    b, rb = take(book, bp, seed=11)
    c, rc = take(book, bp, seed=12)
    assert ra.seed == 11 and rc.seed == 12 and ra.id != rb.id
    assert [r.drill.phh for r in a.results] == [r.drill.phh for r in b.results]
    assert [r.drill.phh for r in a.results] != [r.drill.phh for r in c.results]


def test_a_result_edited_in_sqlite_is_not_genuine_and_says_what_changed(book):
    bp = book.lock(BASICS, "Ines", "471147")
    _s, result = take(book, bp, wrong=3)
    assert book.verify(result.id).genuine and book.verify(result.id.lower()).genuine
    book.db.execute("UPDATE training_exam_results SET right = 5, passed = 1 WHERE id = ?", (result.id,))
    verdict = book.verify(result.id)
    assert not verdict.genuine and "right, passed" in str(verdict.problems[0])
    assert not book.verify("EX-0000-0000-0000").genuine and book.verify("EX-0000-0000-0000").result is None


def record_with_an_exam(tmp_path, monkeypatch, wrong=0):
    """A record (its key in the config folder) with a trainee's exam on a locked blueprint."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "hands.sqlite3")
    progress = Progress(store.db)
    book = ExamBook(store.db, store.key)
    book.register_instructor("Ines", "471147", floor=MARIA)
    bp = book.lock(BASICS, "Ines", "471147")
    session = ExamSession.of(bp, 3, progress=progress, trainee_id=progress.trainee("Tina"))
    started = book.start(session, "Tina", progress.trainee("Tina"))
    while (d := session.next()) is not None:
        session.answer({"nothing": True} if len(session.results) < wrong else d.answer)
    result = book.finish(started, session)
    store.close()
    return tmp_path / "hands.sqlite3", result


def test_certificate_verify_genuine_edited_unknown_and_usage(tmp_path, monkeypatch, capsys):
    db, result = record_with_an_exam(tmp_path, monkeypatch)
    assert main(["certificate", "verify", result.id, "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "GENUINE" in out and "Tina" in out and "Ines" in out and result.blueprint_id in out
    assert main(["certificate", "verify", result.id, "--db", str(db), "--seal", result.seal_code]) == 0
    assert main(["certificate", "verify", result.id, "--db", str(db), "--seal", "AAAA-AAAA"]) == 1
    assert "is not the record's" in capsys.readouterr().out
    assert main(["certificate", "verify", "EX-0000-0000-0000", "--db", str(db)]) == 1
    assert "NOT FOUND" in capsys.readouterr().out
    for argv in (
        ["certificate"],
        ["certificate", "verify", result.id],
        ["certificate", "verify", "--db", str(db)],
        ["certificate", "check", result.id, "--db", str(db)],
    ):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2, argv
    assert main(["certificate", "verify", result.id, "--db", str(tmp_path / "none.sqlite3")]) == 2
    capsys.readouterr()
    with sqlite3.connect(db) as raw:  # the score made better behind the app's back
        raw.execute("UPDATE training_exam_results SET seconds = 100 WHERE id = ?", (result.id,))
    assert main(["certificate", "verify", result.id, "--db", str(db), "--json"]) == 1
    said = json.loads(capsys.readouterr().out)
    assert said["genuine"] is False and said["found"] is True and "seconds" in said["problems"][0]
    # another machine's key cannot vouch for it either
    other = tmp_path / "other.key"
    other.write_text("ab" * 32 + "\n")
    assert main(["certificate", "verify", result.id, "--db", str(db), "--key", str(other)]) == 1


def test_an_edited_blueprint_makes_its_certificates_not_genuine(tmp_path, monkeypatch, capsys):
    db, result = record_with_an_exam(tmp_path, monkeypatch)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE training_blueprints SET spec = replace(spec, '\"pass_mark\":80', '\"pass_mark\":10')")
    assert main(["certificate", "verify", result.id, "--db", str(db)]) == 1
    assert "changed after it was locked" in capsys.readouterr().out


def test_exams_appear_in_trainees_text_json_and_csv(tmp_path, monkeypatch, capsys):
    db, result = record_with_an_exam(tmp_path, monkeypatch, wrong=2)
    assert main(["trainees", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert f"exam Basics ({result.blueprint_id}, set by Ines)" in out and "NOT PASSED" in out and result.id in out
    assert main(["trainees", "--db", str(db), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["trainees"] and all("skill" in r and "due" in r for r in said["trainees"])  # (the keys kept)
    (exam,) = said["exams"]
    assert exam["verification_id"] == result.id and exam["instructor"] == "Ines" and exam["genuine"] is True
    assert exam["score_percent"] == 60 and exam["pass_mark"] == 80 and exam["passed"] is False
    assert exam["skills"]["stub"]["asked"] == 2 and exam["seed"] == 3
    csv_out = tmp_path / "group.csv"
    assert main(["trainees", "--db", str(db), "--csv", str(csv_out)]) == 0
    lines = csv_out.read_text().splitlines()
    assert lines[0].startswith("trainee,skill,answers,right,accuracy,mean_seconds,last,due,exam,blueprint")
    exam_lines = [line for line in lines if result.id in line]
    assert len(exam_lines) == 3 and all(line.startswith("Tina,") and ",Ines," in line for line in exam_lines)
    pdf_out = tmp_path / "group.pdf"
    assert main(["trainees", "--db", str(db), "--pdf", str(pdf_out)]) == 0
    text = subprocess.run(["pdftotext", str(pdf_out), "-"], capture_output=True, text=True, check=True).stdout
    assert "Exams" in text and result.id in text and "Ines" in text and "NOT PASSED" in text
    assert Store.read_only(db).check() == []  # the exam tables leave the hand record whole
