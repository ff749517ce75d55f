"""Trainees, their answers and each skill's spaced-repetition card, in the app's SQLite
database beside the hand record (its own tables: the hand record's chain does not cover them).

Each (trainee, skill) has an FSRS card (the ``fsrs`` package, the scheduler Anki uses): a wrong
answer rates it Again, a right one Good, a right one in under ten seconds Easy. The skills most
due come back first, so weak skills are drilled more often.

An answer keeps what rebuilds its drill (the seed, the table and profile the drill was asked
from, a digest of the hand) and the trainee's answer, for the review of each answer. The
instructor's reports: accuracy and mean time per ISO week and skill, and the weak skills (recent
accuracy under the pass mark, or the skill's FSRS card overdue).

The tables are made and upgraded by the record file's numbered steps (``record/migrations.py``,
the part ``Part.TRAINER``: steps 3 and 4); a file's older ``training_schema`` rows count as those steps.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import fsrs

from dealer_app.record.migrations import Part, migrate, version_of

if TYPE_CHECKING:
    import sqlite3

    from dealer_app.training.exam import ExamListing

FAST_SECONDS = 10.0
PASS_MARK = 0.8  # a skill is weak when its recent accuracy is under this (the trainer's default pass mark)
RECENT = 10  # the answers of a skill that make its recent accuracy
OVERDUE = timedelta(days=1)  # a card due longer ago than this is overdue (its review was missed)


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class SkillStats:
    skill: str
    attempts: int
    right: int
    mean_seconds: float

    @property
    def accuracy(self) -> float:
        return self.right / self.attempts if self.attempts else 0.0


@dataclass(frozen=True)
class Attempt:
    """One answer as kept: what rebuilds its drill (``make_drills(skill, 1, seed, profile_arg,
    table_arg)``, its hand's digest to check it), and the trainee's answer (None: kept before
    answers were, or not by the trainer's window)."""

    id: int
    trainee_id: int
    skill: str
    mode: str
    right: bool
    seconds: float
    seed: int | None
    at: str
    given: dict | None = None
    table_arg: str | None = None
    profile_arg: str | None = None
    drill_table: str | None = None
    digest: str | None = None


@dataclass(frozen=True)
class WeekStats:
    """A skill's answers in one ISO week (``2026-W48``)."""

    week: str
    skill: str
    answers: int
    right: int
    mean_seconds: float

    @property
    def accuracy(self) -> float:
        return self.right / self.answers if self.answers else 0.0


@dataclass(frozen=True)
class WeakSkill:
    """A skill to drill again: ``reasons`` are "accuracy" (the last answers under the pass mark)
    and/or "overdue" (the FSRS card was due more than a day ago)."""

    skill: str
    reasons: tuple[str, ...]
    recent_accuracy: float
    recent_answers: int
    due: datetime


def digest(phh: str) -> str:
    """A short fingerprint of a drill's hand: a rebuilt drill is the one answered if it matches."""
    return hashlib.sha256(phh.encode("utf-8")).hexdigest()[:16]


def iso_week(at: str) -> str:
    """``2026-W48`` for a stored time."""
    year, week, _day = datetime.fromisoformat(at).isocalendar()
    return f"{year}-W{week:02d}"


class Progress:
    """The training tables on a connection (the hand record's ``Store.db``, or any SQLite file)."""

    def __init__(self, db: sqlite3.Connection, create: bool = True):
        """``create``: make the tables if they are missing (False: read a database as it is)."""
        self.db = db
        if create:
            self.upgrade()
        self.scheduler = fsrs.Scheduler(enable_fuzzing=False)  # the same answers, the same schedule

    def version(self) -> int:
        """The last of the record file's steps the training tables have taken (0: no tables; 3:
        made before the review of each answer; 4: the latest)."""
        return version_of(self.db, Part.TRAINER)

    def upgrade(self) -> None:
        """Make the tables, or bring them up to the latest version one numbered step at a time."""
        migrate(self.db, b"", Part.TRAINER)

    def _columns(self) -> set[str]:
        return {r[1] for r in self.db.execute("PRAGMA table_info(training_attempts)")}

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
            cur = self.db.execute(
                "INSERT INTO training_trainees(name, created_at) VALUES (?, ?)",
                (name, _now().isoformat(timespec="seconds")),
            )
        assert cur.lastrowid is not None  # (an insert gives a row id)
        return int(cur.lastrowid)

    def trainees(self) -> list[tuple[int, str]]:
        return self.db.execute("SELECT id, name FROM training_trainees ORDER BY name").fetchall()

    # --- answers and the schedule -----------------------------------------------------------------
    def record(
        self,
        trainee_id: int,
        skill: str,
        mode: str,
        right: bool,
        seconds: float,
        seed: int | None = None,
        at: datetime | None = None,
        *,
        given: dict | None = None,
        table_arg: str | None = None,
        profile_arg: str | None = None,
        drill=None,
    ) -> fsrs.Card:
        """One answer: kept, and the skill's card rescheduled. Returns the card. ``given``, the
        table and profile the drill was asked from and the ``drill`` itself (its table and hand's
        digest) are what the review of the answer rebuilds it with."""
        at = at or _now()
        rating = fsrs.Rating.Again if not right else fsrs.Rating.Easy if seconds < FAST_SECONDS else fsrs.Rating.Good
        card, _log = self.scheduler.review_card(self.card(trainee_id, skill), rating, at)
        with self.db:
            self.db.execute(
                "INSERT INTO training_attempts(trainee_id, skill, mode, right, seconds, seed, at, given, table_arg, "
                "profile_arg, drill_table, digest) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    trainee_id,
                    skill,
                    mode,
                    int(right),
                    float(seconds),
                    seed,
                    at.isoformat(),
                    json.dumps(given) if given is not None else None,
                    table_arg,
                    profile_arg,
                    drill.table if drill is not None else None,
                    digest(drill.phh) if drill is not None else None,
                ),
            )
            self.db.execute(
                "INSERT OR REPLACE INTO training_cards(trainee_id, skill, card) VALUES (?,?,?)",
                (trainee_id, skill, json.dumps(card.to_dict())),
            )
        return card

    def attempts(self, trainee_id: int, skill: str | None = None) -> list[Attempt]:
        """The trainee's answers, the newest first."""
        extra = {"given", "table_arg", "profile_arg", "drill_table", "digest"} <= self._columns()
        cols = "id, trainee_id, skill, mode, right, seconds, seed, at" + (
            ", given, table_arg, profile_arg, drill_table, digest" if extra else ""
        )
        where, args = "trainee_id = ?", (trainee_id,) if skill is None else (trainee_id, skill)
        if skill is not None:
            where += " AND skill = ?"
        out = []
        for row in self.db.execute(
            f"SELECT {cols} FROM training_attempts WHERE {where} ORDER BY at DESC, id DESC", args
        ):
            rest = list(row[8:]) if extra else [None] * 5
            rest[0] = json.loads(rest[0]) if rest[0] else None
            out.append(Attempt(row[0], row[1], row[2], row[3], bool(row[4]), float(row[5]), row[6], row[7], *rest))
        return out

    def card(self, trainee_id: int, skill: str) -> fsrs.Card:
        row = self.db.execute(
            "SELECT card FROM training_cards WHERE trainee_id = ? AND skill = ?", (trainee_id, skill)
        ).fetchone()
        return fsrs.Card.from_dict(json.loads(row[0])) if row else fsrs.Card()

    def due_order(self, trainee_id: int, skills: list[str]) -> list[str]:
        """The skills, most due first (a skill never drilled is due now)."""
        return sorted(skills, key=lambda s: (self.card(trainee_id, s).due, skills.index(s)))

    # --- what the progress view and the trainer's summary show ------------------------------------
    def stats(self, trainee_id: int) -> list[SkillStats]:
        rows = self.db.execute(
            "SELECT skill, COUNT(*), SUM(right), AVG(seconds) FROM training_attempts "
            "WHERE trainee_id = ? GROUP BY skill ORDER BY skill",
            (trainee_id,),
        ).fetchall()
        return [SkillStats(skill, n, int(r or 0), float(sec or 0)) for skill, n, r, sec in rows]

    def by_day(self, trainee_id: int, skill: str) -> list[tuple[str, float, float]]:
        """(day, accuracy, mean seconds) per day the skill was drilled: the progress chart."""
        rows = self.db.execute(
            "SELECT substr(at, 1, 10), AVG(right), AVG(seconds) FROM training_attempts "
            "WHERE trainee_id = ? AND skill = ? GROUP BY substr(at, 1, 10) ORDER BY 1",
            (trainee_id, skill),
        ).fetchall()
        return [(day, float(acc), float(sec)) for day, acc, sec in rows]

    def weekly(self, trainee_id: int) -> list[WeekStats]:
        """Accuracy and mean time per ISO week and skill (the trend), by week then skill."""
        sums: dict[tuple[str, str], list] = {}
        for skill, right, seconds, at in self.db.execute(
            "SELECT skill, right, seconds, at FROM training_attempts WHERE trainee_id = ?", (trainee_id,)
        ):
            n = sums.setdefault((iso_week(at), skill), [0, 0, 0.0])
            n[0], n[1], n[2] = n[0] + 1, n[1] + int(right), n[2] + float(seconds)
        return [WeekStats(week, skill, n, r, sec / n) for (week, skill), (n, r, sec) in sorted(sums.items())]

    def weak_skills(
        self, trainee_id: int, now: datetime | None = None, pass_mark: float = PASS_MARK, recent: int = RECENT
    ) -> list[WeakSkill]:
        """The skills to drill again: the last ``recent`` answers under the pass mark, or the FSRS
        card overdue (due more than ``OVERDUE`` before ``now``), in the order of the skills."""
        now = now or _now()
        out = []
        for s in self.stats(trainee_id):
            last = [
                r
                for (r,) in self.db.execute(
                    "SELECT right FROM training_attempts WHERE trainee_id = ? AND skill = ? ORDER BY at DESC, id DESC "
                    "LIMIT ?",
                    (trainee_id, s.skill, recent),
                )
            ]
            accuracy = sum(last) / len(last) if last else 0.0
            due = self.card(trainee_id, s.skill).due
            reasons = (("accuracy",) if accuracy < pass_mark else ()) + (("overdue",) if due < now - OVERDUE else ())
            if reasons:
                out.append(WeakSkill(s.skill, reasons, accuracy, len(last), due))
        return out

    def group_summary(self, now: datetime | None = None) -> list[dict]:
        """The trainer's summary: one row per trainee and skill (answers, right, accuracy, mean
        seconds, last drilled, next due by the FSRS card, the recent accuracy and whether the
        skill is weak, and why)."""
        rows = []
        for trainee_id, name in self.trainees():
            weak = {w.skill: w for w in self.weak_skills(trainee_id, now)}
            for s in self.stats(trainee_id):
                last = self.db.execute(
                    "SELECT MAX(at) FROM training_attempts WHERE trainee_id = ? AND skill = ?", (trainee_id, s.skill)
                ).fetchone()[0]
                recent = [
                    r
                    for (r,) in self.db.execute(
                        "SELECT right FROM training_attempts WHERE trainee_id = ? AND skill = ? ORDER BY at DESC, id DESC "
                        "LIMIT ?",
                        (trainee_id, s.skill, RECENT),
                    )
                ]
                rows.append(
                    {
                        "trainee": name,
                        "skill": s.skill,
                        "answers": s.attempts,
                        "right": s.right,
                        "accuracy": round(s.accuracy, 3),
                        "mean_seconds": round(s.mean_seconds, 1),
                        "last": last,
                        "due": self.card(trainee_id, s.skill).due.strftime("%Y-%m-%d %H:%M"),
                        "recent_accuracy": round(sum(recent) / len(recent), 3) if recent else 0.0,
                        "weak": s.skill in weak,
                        "weak_reasons": list(weak[s.skill].reasons) if s.skill in weak else [],
                    }
                )
        return rows

    def group_weekly(self) -> list[dict]:
        """Every trainee's trend: one row per trainee, ISO week and skill."""
        return [
            {
                "trainee": name,
                "week": w.week,
                "skill": w.skill,
                "answers": w.answers,
                "right": w.right,
                "accuracy": round(w.accuracy, 3),
                "mean_seconds": round(w.mean_seconds, 1),
            }
            for trainee_id, name in self.trainees()
            for w in self.weekly(trainee_id)
        ]


EXAM_COLUMNS = ["exam", "blueprint", "blueprint_id", "instructor", "score_percent", "pass_mark", "passed", "genuine"]
TREND_COLUMNS = ["recent_accuracy", "weak", "weekly_accuracy", "weekly_mean_seconds"]


def write_csv(rows: list[dict], path, exams: list[ExamListing] | None = None, weekly: list[dict] | None = None) -> None:
    """The group summary as CSV: one row per trainee and skill (``weak``: empty, or why the skill
    is weak: "accuracy", "overdue"; ``weekly_accuracy`` and ``weekly_mean_seconds``: the trend,
    "2026-W41=0.667 2026-W42=1.0"), then one per exam and skill, whose ``exam`` column is the
    certificate's verification ID (empty on the summary's rows)."""
    import csv

    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(
            f,
            fieldnames=[
                "trainee",
                "skill",
                "answers",
                "right",
                "accuracy",
                "mean_seconds",
                "last",
                "due",
                *EXAM_COLUMNS,
                *TREND_COLUMNS,
            ],
        )
        w.writeheader()
        trend: dict[tuple[str, str], list[dict]] = {}
        for week in weekly or []:
            trend.setdefault((week["trainee"], week["skill"]), []).append(week)
        for row in rows:
            weeks = trend.get((row["trainee"], row["skill"]), [])
            w.writerow(
                {
                    **{k: v for k, v in row.items() if k != "weak_reasons"},
                    "weak": " ".join(row.get("weak_reasons") or []),
                    "weekly_accuracy": " ".join(f"{x['week']}={x['accuracy']}" for x in weeks),
                    "weekly_mean_seconds": " ".join(f"{x['week']}={x['mean_seconds']}" for x in weeks),
                }
            )
        for listed in exams or []:
            e = listed.result
            for s in e.skills:
                w.writerow(
                    {
                        "trainee": e.trainee,
                        "skill": s.skill,
                        "answers": s.asked,
                        "right": s.right,
                        "accuracy": round(s.right / s.asked, 3) if s.asked else 0.0,
                        "mean_seconds": "",
                        "last": e.finished_at or e.started_at,
                        "due": "",
                        "exam": e.id,
                        "blueprint": e.blueprint_name,
                        "blueprint_id": e.blueprint_id,
                        "instructor": e.instructor,
                        "score_percent": e.score_percent,
                        "pass_mark": e.pass_mark,
                        "passed": e.passed,
                        "genuine": listed.genuine,
                    }
                )


class RebuildError(ValueError):
    """An answer whose drill cannot be rebuilt: ``kind`` "no-seed" (none kept), "changed" (the
    drills have changed since) or "cannot" (it cannot be made here)."""

    def __init__(self, message: str, kind: str):
        super().__init__(message)
        self.kind = kind


def rebuild(attempt: Attempt):
    """The drill the attempt answered, made again from its seed and the table and profile it was
    asked from. RebuildError when none was kept, it cannot be made, or it is not the hand
    answered (its digest differs: the drills have changed since)."""
    from dealer_app.training.drills import SKILLS, DrillError, make_drills

    if attempt.seed is None or attempt.skill not in SKILLS:
        raise RebuildError(f"the {attempt.skill} answer of {attempt.at} kept no drill to rebuild", "no-seed")
    try:
        drill = make_drills(attempt.skill, 1, attempt.seed, attempt.profile_arg, attempt.table_arg)[0]
    except DrillError as exc:
        raise RebuildError(str(exc), "cannot") from None
    if attempt.digest is not None and digest(drill.phh) != attempt.digest:
        raise RebuildError(
            f"the {attempt.skill} drill of seed {attempt.seed} is no longer the hand answered "
            "(the drills have changed since)",
            "changed",
        )
    return drill
