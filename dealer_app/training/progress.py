"""Trainees, their answers and each skill's spaced-repetition card, in the app's SQLite
database beside the hand record (its own tables: the hand record's chain does not cover them).

Each (trainee, skill) has an FSRS card (the ``fsrs`` package, the scheduler Anki uses): a wrong
answer rates it Again, a right one Good, a right one in under ten seconds Easy. The skills most
due come back first, so weak skills are drilled more often.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING

import fsrs

if TYPE_CHECKING:
    from dealer_app.training.exam import ExamListing

SCHEMA = """
CREATE TABLE IF NOT EXISTS training_trainees (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS training_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    trainee_id INTEGER NOT NULL REFERENCES training_trainees(id),
    skill TEXT NOT NULL,
    mode TEXT NOT NULL,
    right INTEGER NOT NULL,
    seconds REAL NOT NULL,
    seed INTEGER,
    at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS training_attempts_trainee ON training_attempts(trainee_id, skill, at);
CREATE TABLE IF NOT EXISTS training_cards (
    trainee_id INTEGER NOT NULL REFERENCES training_trainees(id),
    skill TEXT NOT NULL,
    card TEXT NOT NULL,
    PRIMARY KEY (trainee_id, skill)
);
"""
FAST_SECONDS = 10.0


def _now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(frozen=True)
class SkillStats:
    skill: str
    attempts: int
    right: int
    mean_seconds: float

    @property
    def accuracy(self) -> float:
        return self.right / self.attempts if self.attempts else 0.0


class Progress:
    """The training tables on a connection (the hand record's ``Store.db``, or any SQLite file)."""

    def __init__(self, db: sqlite3.Connection, create: bool = True):
        """``create``: make the tables if they are missing (False: read a database as it is)."""
        self.db = db
        if create:
            self.db.executescript(SCHEMA)
        self.scheduler = fsrs.Scheduler(enable_fuzzing=False)  # the same answers, the same schedule

    # --- trainees -----------------------------------------------------------------------------------
    def trainee(self, name: str) -> int:
        """The trainee's id, the trainee made on first use (a name of plain text)."""
        name = name.strip()
        if not name or len(name) > 60 or not name.isprintable():
            raise ValueError(f"{name!r} is not a trainee's name (plain text, 1 to 60 characters)")
        row = self.db.execute("SELECT id FROM training_trainees WHERE name = ?", (name,)).fetchone()
        if row:
            return row[0]
        with self.db:
            cur = self.db.execute("INSERT INTO training_trainees(name, created_at) VALUES (?, ?)",
                                  (name, _now().isoformat(timespec="seconds")))
        assert cur.lastrowid is not None  # (an insert gives a row id)
        return int(cur.lastrowid)

    def trainees(self) -> list[tuple[int, str]]:
        return self.db.execute("SELECT id, name FROM training_trainees ORDER BY name").fetchall()

    # --- answers and the schedule -----------------------------------------------------------------
    def record(self, trainee_id: int, skill: str, mode: str, right: bool, seconds: float, seed: int | None = None,
               at: datetime | None = None) -> fsrs.Card:
        """One answer: kept, and the skill's card rescheduled. Returns the card."""
        at = at or _now()
        rating = fsrs.Rating.Again if not right else fsrs.Rating.Easy if seconds < FAST_SECONDS else fsrs.Rating.Good
        card, _log = self.scheduler.review_card(self.card(trainee_id, skill), rating, at)
        with self.db:
            self.db.execute("INSERT INTO training_attempts(trainee_id, skill, mode, right, seconds, seed, at) "
                            "VALUES (?,?,?,?,?,?,?)",
                            (trainee_id, skill, mode, int(right), float(seconds), seed, at.isoformat()))
            self.db.execute("INSERT OR REPLACE INTO training_cards(trainee_id, skill, card) VALUES (?,?,?)",
                            (trainee_id, skill, json.dumps(card.to_dict())))
        return card

    def card(self, trainee_id: int, skill: str) -> fsrs.Card:
        row = self.db.execute("SELECT card FROM training_cards WHERE trainee_id = ? AND skill = ?",
                              (trainee_id, skill)).fetchone()
        return fsrs.Card.from_dict(json.loads(row[0])) if row else fsrs.Card()

    def due_order(self, trainee_id: int, skills: list[str]) -> list[str]:
        """The skills, most due first (a skill never drilled is due now)."""
        return sorted(skills, key=lambda s: (self.card(trainee_id, s).due, skills.index(s)))

    # --- what the progress view and the trainer's summary show ------------------------------------
    def stats(self, trainee_id: int) -> list[SkillStats]:
        rows = self.db.execute("SELECT skill, COUNT(*), SUM(right), AVG(seconds) FROM training_attempts "
                               "WHERE trainee_id = ? GROUP BY skill ORDER BY skill", (trainee_id,)).fetchall()
        return [SkillStats(skill, n, int(r or 0), float(sec or 0)) for skill, n, r, sec in rows]

    def by_day(self, trainee_id: int, skill: str) -> list[tuple[str, float, float]]:
        """(day, accuracy, mean seconds) per day the skill was drilled: the progress chart."""
        rows = self.db.execute("SELECT substr(at, 1, 10), AVG(right), AVG(seconds) FROM training_attempts "
                               "WHERE trainee_id = ? AND skill = ? GROUP BY substr(at, 1, 10) ORDER BY 1",
                               (trainee_id, skill)).fetchall()
        return [(day, float(acc), float(sec)) for day, acc, sec in rows]

    def group_summary(self) -> list[dict]:
        """The trainer's summary: one row per trainee and skill (answers, right, accuracy, mean
        seconds, last drilled, next due by the FSRS card)."""
        rows = []
        for trainee_id, name in self.trainees():
            for s in self.stats(trainee_id):
                last = self.db.execute("SELECT MAX(at) FROM training_attempts WHERE trainee_id = ? AND skill = ?",
                                       (trainee_id, s.skill)).fetchone()[0]
                rows.append({"trainee": name, "skill": s.skill, "answers": s.attempts, "right": s.right,
                             "accuracy": round(s.accuracy, 3), "mean_seconds": round(s.mean_seconds, 1),
                             "last": last, "due": self.card(trainee_id, s.skill).due.strftime("%Y-%m-%d %H:%M")})
        return rows


EXAM_COLUMNS = ["exam", "blueprint", "blueprint_id", "instructor", "score_percent", "pass_mark", "passed", "genuine"]


def write_csv(rows: list[dict], path, exams: list[ExamListing] | None = None) -> None:
    """The group summary as CSV: one row per trainee and skill, then one per exam and skill,
    whose ``exam`` column is the certificate's verification ID (empty on the summary's rows)."""
    import csv
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=["trainee", "skill", "answers", "right", "accuracy", "mean_seconds", "last",
                                          "due", *EXAM_COLUMNS])
        w.writeheader()
        w.writerows(rows)
        for listed in exams or []:
            e = listed.result
            for s in e.skills:
                w.writerow({"trainee": e.trainee, "skill": s.skill, "answers": s.asked, "right": s.right,
                            "accuracy": round(s.right / s.asked, 3) if s.asked else 0.0, "mean_seconds": "",
                            "last": e.finished_at or e.started_at, "due": "", "exam": e.id,
                            "blueprint": e.blueprint_name, "blueprint_id": e.blueprint_id, "instructor": e.instructor,
                            "score_percent": e.score_percent, "pass_mark": e.pass_mark, "passed": e.passed,
                            "genuine": listed.genuine})

