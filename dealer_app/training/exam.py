"""Exams that belong to the instructor: blueprints, instructors' PINs, exam attempts and the
certificate's verification.

- An **instructor** has a name and a PIN of their own (6 or more characters), kept as a salted
  ``hashlib.scrypt`` hash keyed with the record's key (never the PIN). Only a record that has
  never had an instructor (its sealed count of instructors is 0) lets one register freely;
  every further one needs an instructor's name and PIN. Five wrong PINs in a row lock the name
  for 15 minutes; the count and the lock are sealed (one changed outside the app locks it).
- A **blueprint** names the skills and how many drills of each, the limit tables and house
  profiles they are played at, the time limit and the pass mark. It is stored only when an
  instructor locks it with their name and PIN, and is never changed after: the trainee picks
  one and takes it as it is. Its seal covers the instructor's own seal and registration time.
- An **exam attempt** has its own seed: a keyed hash of it is written when it starts, the seed
  itself when it ends. Each drill's seed is ``HMAC(key, blueprint id | attempt seed | i)``, so
  without the record's key the drills cannot be made again. Its result row is written when it
  starts (numbered among the record's results, whose count is sealed: a result deleted leaves
  a gap) and again when it ends.

Every row here (instructor, blueprint, result) carries a **seal**: ``HMAC-SHA256`` with the
record's key (``record/chain.py``: the key lives in the config folder, never in the record)
over the row's fields and the record's identity. A row edited in SQLite no longer matches its
seal, so an edited blueprint is refused before an exam starts and an edited result is refused
by ``dealer-app certificate verify``; each field has a short seal of its own too, so the check
can say *which* field was changed.

The tables are the trainer's, in the record's database beside ``progress.py``'s.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.record.chain import seal_code
from dealer_app.record.migrations import Part, migrate
from dealer_app.training.answers import is_right
from dealer_app.training.drills import SKILLS, Drill, DrillError, make_drills, skill_applies
from dealer_app.training.session import Result, TrainingSession

if TYPE_CHECKING:
    from collections.abc import Callable

# scrypt's cost, as the floor accounts' (record/floor_accounts.py): about 50 ms a check, so guessing is slow
_N, _R, _P = 2**14, 8, 1
MIN_PIN = 6  # a new instructor's (an instructor registered with 4 characters still logs in with them)
MAX_WRONG = 5  # wrong PINs in a row before the name is locked
LOCKOUT = timedelta(minutes=15)
MAX_PER_SKILL = 50
MAX_DRILLS = 200
MIN_TIME_S, MAX_TIME_S = 60, 4 * 3600
# Crockford's base 32 (as the seals): ids read aloud or copied by hand are not misread
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
RESULT_FIELDS = (
    "id",
    "trainee_id",
    "trainee",
    "blueprint_id",
    "blueprint_seal",
    "blueprint_name",
    "instructor",
    "seed",
    "started_at",
    "finished_at",
    "seconds",
    "time_limit_s",
    "timed_out",
    "right",
    "asked",
    "pass_mark",
    "passed",
    "skills",
    "tables",
    "serial",
    "seed_mac",
)


class ExamError(ValueError):
    """A blueprint, an instructor's PIN or an exam refused (``says``: the sentence as data)."""

    def __init__(self, message: Says):
        super().__init__(str(message))
        self.says = message


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _stamp(at: datetime) -> str:
    return at.astimezone(UTC).isoformat(timespec="seconds")


def _code(prefix: str, groups: int) -> str:
    letters = "".join(secrets.choice(_ALPHABET) for _ in range(4 * groups))
    return prefix + "-" + "-".join(letters[i : i + 4] for i in range(0, len(letters), 4))


def _plain_name(name: str) -> str | None:
    name = name.strip() if isinstance(name, str) else ""
    return name if name and len(name) <= 60 and name.isprintable() else None


# --- the typed seams ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class SkillCount:
    skill: str
    count: int


@dataclass(frozen=True)
class Blueprint:
    """An exam as the instructor sets it. ``id``, ``instructor``, ``locked_at`` and ``seal`` are
    given when it is locked (a blueprint being made has none)."""

    name: str
    skills: tuple[SkillCount, ...]
    tables: tuple[str, ...]
    profiles: tuple[str, ...] = ()  # none: each table's own house profile
    time_limit_s: int = 1800
    pass_mark: int = 80  # per cent of the drills
    seed: int = 0
    id: str = ""
    instructor: str = ""
    locked_at: str = ""
    seal: str = ""
    instructor_seal: str = ""  # the locking instructor's own seal and registration time, under the seal
    instructor_at: str = ""

    @property
    def drills(self) -> int:
        return sum(s.count for s in self.skills)

    @property
    def seal_code(self) -> str:
        return seal_code(self.seal) if self.seal else ""

    def spec(self) -> dict:
        """What the instructor set, as stored (and sealed)."""
        return {
            "skills": [[s.skill, s.count] for s in self.skills],
            "tables": list(self.tables),
            "profiles": list(self.profiles),
            "time_limit_s": self.time_limit_s,
            "pass_mark": self.pass_mark,
            "seed": self.seed,
        }

    def spec_text(self) -> str:
        return json.dumps(self.spec(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_row(
        cls,
        bp_id: str,
        name: str,
        spec_text: str,
        instructor: str,
        locked_at: str,
        seal: str,
        instructor_seal: str = "",
        instructor_at: str = "",
    ) -> Blueprint:
        """A stored blueprint as its row has it (ValueError: the spec cannot be read)."""
        spec = json.loads(spec_text)
        return cls(
            name,
            tuple(SkillCount(str(s), int(n)) for s, n in spec["skills"]),
            tuple(str(t) for t in spec["tables"]),
            tuple(str(p) for p in spec["profiles"]),
            int(spec["time_limit_s"]),
            int(spec["pass_mark"]),
            int(spec["seed"]),
            bp_id,
            instructor,
            locked_at,
            seal,
            str(instructor_seal or ""),
            str(instructor_at or ""),
        )

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "instructor": self.instructor,
            "locked_at": self.locked_at,
            "seal": self.seal_code,
            **self.spec(),
        }


@dataclass(frozen=True)
class PlannedDrill:
    """One drill of an exam attempt: the skill, where it is played and its seed."""

    skill: str
    table: str
    profile: str | None
    seed: int


@dataclass(frozen=True)
class SkillScore:
    skill: str
    right: int
    asked: int


@dataclass(frozen=True)
class ExamResult:
    """An exam attempt as its result row has it (``finished_at`` empty: never finished)."""

    id: str  # the verification ID on the certificate
    trainee_id: int | None
    trainee: str
    blueprint_id: str
    blueprint_seal: str
    blueprint_name: str
    instructor: str
    seed: int
    started_at: str
    finished_at: str
    seconds: int
    time_limit_s: int
    timed_out: bool
    right: int
    asked: int
    pass_mark: int
    passed: bool
    skills: tuple[SkillScore, ...]
    tables: tuple[str, ...]
    seal: str = ""
    serial: int = 0  # its number among the record's results (1, 2, …: a result deleted leaves a gap)
    seed_mac: str = ""  # the attempt's seed, keyed, written at the start (the seed itself only at the end)

    @property
    def finished(self) -> bool:
        return bool(self.finished_at)

    @property
    def score_percent(self) -> int:
        return self.right * 100 // self.asked if self.asked else 0

    @property
    def seal_code(self) -> str:
        return seal_code(self.seal) if self.seal else ""

    def values(self) -> dict[str, str]:
        """Each sealed field as the text the seal covers."""
        raw = {
            "id": self.id,
            "trainee_id": "" if self.trainee_id is None else str(self.trainee_id),
            "trainee": self.trainee,
            "blueprint_id": self.blueprint_id,
            "blueprint_seal": self.blueprint_seal,
            "blueprint_name": self.blueprint_name,
            "instructor": self.instructor,
            "seed": str(self.seed),
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "seconds": str(self.seconds),
            "time_limit_s": str(self.time_limit_s),
            "timed_out": str(int(self.timed_out)),
            "right": str(self.right),
            "asked": str(self.asked),
            "pass_mark": str(self.pass_mark),
            "passed": str(int(self.passed)),
            "skills": _skills_text(self.skills),
            "tables": json.dumps(list(self.tables), separators=(",", ":")),
            "serial": str(self.serial),
            "seed_mac": self.seed_mac,
        }
        return raw

    def to_dict(self) -> dict:
        return {
            "verification_id": self.id,
            "trainee": self.trainee,
            "blueprint": self.blueprint_name,
            "blueprint_id": self.blueprint_id,
            "instructor": self.instructor,
            "seed": self.seed if self.finished else None,  # (kept secret until the exam ends)
            "started": self.started_at,
            "finished": self.finished_at or None,
            "seconds": self.seconds,
            "time_limit_s": self.time_limit_s,
            "timed_out": self.timed_out,
            "right": self.right,
            "asked": self.asked,
            "score_percent": self.score_percent,
            "pass_mark": self.pass_mark,
            "passed": self.passed,
            "skills": {s.skill: {"right": s.right, "asked": s.asked} for s in self.skills},
            "tables": list(self.tables),
            "seal": self.seal_code,
        }


def _skills_text(skills: tuple[SkillScore, ...]) -> str:
    return json.dumps([[s.skill, s.right, s.asked] for s in skills], separators=(",", ":"))


@dataclass(frozen=True)
class Verdict:
    """What ``certificate verify`` finds: the result (None: not found), and what does not match."""

    verification_id: str
    result: ExamResult | None
    problems: tuple[Says, ...]

    @property
    def genuine(self) -> bool:
        return self.result is not None and not self.problems


@dataclass(frozen=True)
class ExamListing:
    """An attempt as the trainer's summary lists it: its result, and whether it is genuine
    (None: no record key to check it with)."""

    result: ExamResult
    genuine: bool | None

    def to_dict(self) -> dict:
        return {**self.result.to_dict(), "genuine": self.genuine}


# --- validating what an instructor sets ------------------------------------------------------------------
def check_blueprint(bp: Blueprint, limits_dir=None) -> list[Says]:
    """What is wrong with a blueprint, each in words (empty: it can be locked)."""
    from dealer_app.engine.limits import BettingRules, load_profile, load_table

    problems: list[Says] = []
    if _plain_name(bp.name) is None:
        problems.append(
            says(QT_TRANSLATE_NOOP("Errors", "the blueprint needs a name (plain text, 1 to 60 characters)"))
        )
    if not bp.skills:
        problems.append(says(QT_TRANSLATE_NOOP("Errors", "the blueprint needs at least one skill")))
    seen: set[str] = set()
    for s in bp.skills:
        if s.skill not in SKILLS or s.skill in seen:
            problems.append(
                says(QT_TRANSLATE_NOOP("Errors", "%1 is not a skill of the trainer, or named twice"), s.skill)
            )
        elif not 1 <= s.count <= MAX_PER_SKILL:
            problems.append(
                says(QT_TRANSLATE_NOOP("Errors", "%1: from 1 to %2 drills a skill"), s.skill, MAX_PER_SKILL)
            )
        seen.add(s.skill)
    if bp.drills > MAX_DRILLS:
        problems.append(
            says(QT_TRANSLATE_NOOP("Errors", "an exam has at most %1 drills, not %2"), MAX_DRILLS, bp.drills)
        )
    if not MIN_TIME_S <= bp.time_limit_s <= MAX_TIME_S:
        problems.append(
            says(
                QT_TRANSLATE_NOOP("Errors", "the time limit is from %1 to %2 minutes"),
                MIN_TIME_S // 60,
                MAX_TIME_S // 60,
            )
        )
    if not 1 <= bp.pass_mark <= 100:
        problems.append(says(QT_TRANSLATE_NOOP("Errors", "the pass mark is from 1% to 100%, not %1%"), bp.pass_mark))
    if not bp.tables:
        problems.append(says(QT_TRANSLATE_NOOP("Errors", "the blueprint needs at least one limit table")))
    most_players = 0
    games_of: list[str] = []  # the tables' games (a skill must be drilled at one of them)
    for table in bp.tables:
        try:
            t = load_table(table, limits_dir)
            games_of.append(t.game)
            for profile in bp.profiles or (t.profile,):
                most_players = max(most_players, BettingRules.build(t, load_profile(profile, limits_dir)).max_players)
        except (ValueError, OSError) as exc:
            problems.append(says(QT_TRANSLATE_NOOP("Errors", "%1 cannot be used: %2"), table, str(exc)))
    games = set(games_of)
    for skill in sorted(seen & set(SKILLS)):
        if games and not any(skill_applies(skill, g) for g in games):  # (a Hi-Lo skill, Razz tables only, …)
            problems.append(says(QT_TRANSLATE_NOOP("Errors", "%1 is drilled at none of the blueprint's tables"), skill))
    if "shortage" in seen and bp.tables and most_players and most_players < 7:
        problems.append(
            says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "the deck runs short only at a table of 7 or 8 players: add one for the deck shortage drills",
                )
            )
        )
    return problems


def plan(bp: Blueprint, attempt_seed: int, limits_dir=None, *, key: bytes) -> tuple[PlannedDrill, ...]:
    """Every drill of an attempt, from the record's ``key``, the blueprint's id and the attempt's
    seed: the skills mixed, each skill's drills spread over the blueprint's tables (a deck
    shortage only at a table of 7 or more) and profiles. The same key and seeds give the same
    drills; without the key they cannot be made again (each drill's seed is
    ``HMAC(key, blueprint id | attempt seed | i)``)."""
    from dealer_app.engine.limits import BettingRules, load_profile, load_table

    def keyed(text: str) -> int:
        return int(
            hmac.new(key, f"exam-drill|{bp.id}|{attempt_seed}|{text}".encode(), hashlib.sha256).hexdigest()[:16], 16
        )

    rng = random.Random(keyed("order"))
    full: list[str] = []
    game = {}
    for table in bp.tables:
        t = load_table(table, limits_dir)
        game[table] = t.game
        if BettingRules.build(t, load_profile((bp.profiles or (t.profile,))[0], limits_dir)).max_players >= 7:
            full.append(table)
    order = [s.skill for s in bp.skills for _ in range(s.count)]
    rng.shuffle(order)
    out: list[PlannedDrill] = []
    turn = {"any": rng.randrange(len(bp.tables)) if bp.tables else 0, "full": 0, "profile": 0}
    for i, skill in enumerate(order):
        kind = "full" if skill == "shortage" and full else "any"  # (the tables in turn, so that all are asked)
        where = full if kind == "full" else list(bp.tables)
        fits = [t for t in where if skill_applies(skill, game[t])]
        if fits and len(fits) < len(where):
            # a Razz or Hi-Lo table among others: the tables that drill the skill, in a turn of
            # their own (the other skills' turn moves on as before: their tables are unchanged)
            turn[kind] += 1
            kind, where = f"{kind}:{skill}", fits
            turn.setdefault(kind, 0)
        table = where[turn[kind] % len(where)]
        profile = bp.profiles[turn["profile"] % len(bp.profiles)] if bp.profiles else None
        turn[kind] += 1
        turn["profile"] += 1
        out.append(PlannedDrill(skill, table, profile, keyed(str(i)) % 10**12 * 1000 + i))
    return tuple(out)


def make_planned(p: PlannedDrill, limits_dir=None) -> tuple[Drill, int]:
    """The planned drill, and the seed it was made with (the next seeds are tried, in order, if a
    hand of the first gives no moment for the skill)."""
    for k in range(10):
        try:
            return make_drills(p.skill, 1, p.seed + k, p.profile, p.table, limits_dir)[0], p.seed + k
        except DrillError:
            continue
    raise ExamError(says(QT_TRANSLATE_NOOP("Errors", "no %1 drill could be made at %2"), p.skill, p.table))


def _planned(bp: Blueprint, attempt_seed: int, limits_dir, key: bytes) -> tuple[PlannedDrill, ...]:
    try:
        return plan(bp, attempt_seed, limits_dir, key=key)
    except (ValueError, OSError) as exc:  # a table or profile removed since the blueprint was locked
        raise ExamError(
            says(QT_TRANSLATE_NOOP("Errors", "the exam blueprint %1 cannot be played here: %2"), bp.id, str(exc))
        ) from None


# --- the exam as the trainee takes it --------------------------------------------------------------------
@dataclass
class ExamSession(TrainingSession):
    """A blueprint's exam: its planned drills in order, the time limit kept by ``clock``, no
    feedback until the end, the score against the blueprint's pass mark (an unanswered drill
    counts as wrong)."""

    blueprint: Blueprint | None = None
    drills_planned: tuple[PlannedDrill, ...] = ()
    attempt_seed: int = 0
    clock: Callable[[], float] = time.monotonic
    started: float = 0.0
    seeds_used: list[int] = field(default_factory=list)
    stopped: bool = False
    key: bytes = field(default=b"", repr=False)  # the record's (what makes the drills), or this session's own
    limits_dir: object = field(default=None, repr=False)

    @classmethod
    def of(
        cls,
        bp: Blueprint,
        attempt_seed: int,
        progress=None,
        trainee_id: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        limits_dir=None,
        key: bytes | None = None,
    ) -> ExamSession:
        """The exam of ``bp``; its drills made with the record's ``key`` (none given: a key of
        its own until ``ExamBook.start`` binds it to the record's)."""
        key = key or secrets.token_bytes(32)
        planned = _planned(bp, attempt_seed, limits_dir, key)
        skills = list(dict.fromkeys(s.skill for s in bp.skills))
        s = cls(
            "exam",
            skills,
            len(planned),
            seed=attempt_seed,
            progress=progress,
            trainee_id=trainee_id,
            pass_mark=bp.pass_mark / 100,
            blueprint=bp,
            drills_planned=planned,
            attempt_seed=attempt_seed,
            clock=clock,
            key=key,
            limits_dir=limits_dir,
        )
        s.started = clock()
        return s

    def bind(self, key: bytes) -> None:
        """The drills made with the record's key (before the first is asked)."""
        if key == self.key:
            return
        if self.results or self.current is not None:
            raise ValueError("an exam's drills are bound to the record's key before the first is asked")
        assert self.blueprint is not None
        self.drills_planned = _planned(self.blueprint, self.attempt_seed, self.limits_dir, key)
        self.key = key

    # time
    def elapsed(self) -> float:
        return max(0.0, self.clock() - self.started)

    def remaining(self) -> float:
        assert self.blueprint is not None
        return max(0.0, self.blueprint.time_limit_s - self.elapsed())

    @property
    def time_up(self) -> bool:
        return self.remaining() <= 0

    def stop(self) -> None:
        """The exam ends here (the time is up): no drill is asked or answered after."""
        self.stopped, self.current = True, None

    # drills
    def next(self) -> Drill | None:
        if self.stopped or self.time_up or len(self.results) >= self.count:
            self.stop()
            return None
        drill, seed = make_planned(self.drills_planned[len(self.results)])
        self.current = drill
        self.seeds_used.append(seed)
        self._shown_at = self.clock()
        return drill

    def answer(self, given: dict) -> Result | None:
        """Kept, never said (None); an answer after the time is up is not kept."""
        if self.current is None:
            raise ValueError("no drill is being asked")
        if self.stopped or self.time_up:
            self.stop()
            return None
        seconds = self.clock() - self._shown_at
        right = is_right(self.current.skill, self.current.answer, given, self.current.game)
        self.results.append(Result(self.current, given, right, seconds))
        if self.progress is not None and self.trainee_id is not None:
            # with what rebuilds the drill (the exam's own table and profile), in the same row
            self.progress.record(
                self.trainee_id,
                self.current.skill,
                "exam",
                right,
                seconds,
                self.seeds_used[-1],
                given=given,
                table_arg=self.current.table,
                profile_arg=self.current.profile,
                drill=self.current,
            )
        return None

    # the score
    def right(self) -> int:
        return sum(r.right for r in self.results)

    def score(self) -> float:
        """The share right, in whole per cent rounded down (as the certificate has it: a score
        shown as 80% is never one that fails a pass mark of 80%)."""
        return (self.right() * 100 // self.count) / 100 if self.count else 0.0

    def passed(self) -> bool:
        assert self.blueprint is not None
        return self.right() * 100 >= self.blueprint.pass_mark * self.count

    def by_skill(self) -> dict[str, tuple[int, int, float]]:
        """skill -> (right, drills the blueprint asks, mean seconds of those answered)."""
        out = {}
        for skill in self.skills:
            planned = sum(p.skill == skill for p in self.drills_planned)
            answered = [r for r in self.results if r.drill.skill == skill]
            seconds = sum(r.seconds for r in answered) / len(answered) if answered else 0.0
            out[skill] = (sum(r.right for r in answered), planned, seconds)
        return out

    def skill_scores(self) -> tuple[SkillScore, ...]:
        return tuple(SkillScore(s, right, asked) for s, (right, asked, _sec) in self.by_skill().items())

    def tables_covered(self) -> tuple[str, ...]:
        """The limit tables of the drills asked (all the blueprint's, if the time allowed)."""
        asked = [r.drill.table for r in self.results] + ([self.current.table] if self.current is not None else [])
        return tuple(dict.fromkeys(asked)) or tuple(dict.fromkeys(p.table for p in self.drills_planned))


# --- the book: instructors, blueprints and results, sealed -------------------------------------------------
class ExamBook:
    """The exam tables on the record's connection, sealed with the record's ``key``."""

    def __init__(self, db: sqlite3.Connection, key: bytes, create: bool = True, now: Callable[[], datetime] = _utc_now):
        self.db, self.key, self.now = db, key, now
        self._depth = 0
        self.record_id = self._record_id()
        if create:
            fresh = "training_instructors" not in self._tables()
            migrate(self.db, key, Part.EXAMS)  # (the record file's step 5: record/migrations.py)
            if fresh:  # a record's first exam tables: it has had no instructor and no result yet
                with self._writing():
                    self._set_mark("instructors", 0)
                    self._set_mark("results", 0)

    def _tables(self) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    @contextmanager
    def _writing(self):
        """One write transaction, begun at once (two apps counting the same results queue)."""
        if self._depth:  # (within one already)
            yield
            return
        self._depth += 1
        try:
            if self.db.in_transaction:  # (a transaction of the connection's own: committed with ours)
                with self.db:
                    yield
                return
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self.db.rollback()
                raise
            self.db.commit()
        finally:
            self._depth -= 1

    def _record_id(self) -> str:
        try:
            row = self.db.execute("SELECT value FROM meta WHERE name = 'record_id'").fetchone()
        except sqlite3.Error:
            return ""
        return str(row[0]) if row else ""

    def _mac(self, kind: str, text: str) -> str:
        return hmac.new(self.key, f"{kind}|{self.record_id}|{text}".encode(), hashlib.sha256).hexdigest()

    # --- the record's sealed counts (deleting rows cannot set them back without the key) -----------------
    def _mark(self, name: str) -> int | None:
        """A sealed count: of the instructors ever registered, of the results ever started (None:
        missing, or its seal does not match; without the key, as stored)."""
        if "training_exam_marks" not in self._tables():
            return None
        row = self.db.execute("SELECT value, seal FROM training_exam_marks WHERE name = ?", (name,)).fetchone()
        if row is None:
            return None
        value, seal = row
        if self.key and not hmac.compare_digest(str(seal), self._mac("mark", f"{name}={value}")):
            return None
        return int(value)

    def _set_mark(self, name: str, value: int) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO training_exam_marks(name, value, seal) VALUES (?,?,?)",
            (name, value, self._mac("mark", f"{name}={value}")),
        )

    def _has_training_rows(self) -> bool:
        tables = self._tables()
        return any(
            self.db.execute(f"SELECT 1 FROM {t} LIMIT 1").fetchone()
            for t in (
                "training_instructors",
                "training_blueprints",
                "training_exam_results",
                "training_trainees",
                "training_attempts",
            )
            if t in tables
        )

    # --- instructors ----------------------------------------------------------------------------------
    def instructors(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT name FROM training_instructors ORDER BY name")]

    def registers_freely(self) -> bool:
        """Whether a new instructor registers without an instructor: only on a record that has
        never had one (its sealed count is 0, or it has no training rows at all)."""
        count = self._mark("instructors")
        if count is None:
            return not self._has_training_rows()
        return count == 0 and not self.instructors()

    def register_instructor(
        self, name: str, pin: str, by: tuple[str, str] | None = None, floor: tuple[str, str] | None = None
    ) -> str:
        """A new instructor with their PIN. The record's first instructor (its sealed count of
        instructors is 0) is registered with a floor account's approval, ``floor``: its name and
        passphrase (issue 30 §4: no floor account, no first instructor; never "the first to try
        sets it"); any other needs ``by``: an instructor's name and PIN."""
        plain = _plain_name(name)
        if plain is None:
            raise ExamError(
                says(QT_TRANSLATE_NOOP("Errors", "an instructor needs a name (plain text, 1 to 60 characters)"))
            )
        count = self._mark("instructors")
        if self.registers_freely():
            self._floor_approves(floor)
        else:
            if by is None:
                if count is None:
                    raise ExamError(
                        says(
                            QT_TRANSLATE_NOOP(
                                "Errors",
                                "this record has no sealed count of its instructors (removed or changed outside "
                                "the app): a new instructor is registered by an instructor (their name and PIN)",
                            )
                        )
                    )
                if count and not self.instructors():
                    raise ExamError(
                        says(
                            QT_TRANSLATE_NOOP(
                                "Errors",
                                "this record has had %1 instructor(s) and their entries are gone (removed outside "
                                "the app): no one registers freely",
                                None,
                                1,
                            ),
                            count,
                        )
                    )
                raise ExamError(
                    says(
                        QT_TRANSLATE_NOOP(
                            "Errors", "a new instructor is registered by an instructor: give your name and PIN"
                        )
                    )
                )
            self.check_instructor(*by)
        if plain in self.instructors():
            raise ExamError(says(QT_TRANSLATE_NOOP("Errors", "%1 is an instructor already"), plain))
        if not isinstance(pin, str) or len(pin.strip()) < MIN_PIN:
            raise ExamError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "a new instructor's PIN needs at least %1 characters (letters, digits or both)"
                    ),
                    MIN_PIN,
                )
            )
        salt = secrets.token_bytes(16)
        stored = json.dumps(
            {"scrypt": [_N, _R, _P], "salt": salt.hex(), "hash": self._pin_mac(plain, _pin_hash(pin.strip(), salt))},
            sort_keys=True,
            separators=(",", ":"),
        )
        at = _stamp(self.now())
        with self._writing():
            numbers = [int(r[0] or 0) for r in self.db.execute("SELECT number FROM training_instructors")]
            number = max([self._mark("instructors") or 0, *numbers]) + 1
            seal = self._instructor_mac(plain, stored, at, number)
            self.db.execute(
                "INSERT INTO training_instructors(name, pin, created_at, seal, number, failures, "
                "locked_until, lock_seal) VALUES (?,?,?,?,?,0,NULL,?)",
                (plain, stored, at, seal, number, self._lock_mac(plain, seal, 0, None)),
            )
            self._set_mark("instructors", number)
        return plain

    @staticmethod
    def _floor_approves(floor: tuple[str, str] | None) -> None:
        """A floor account's name and passphrase approve the record's first instructor."""
        from dealer_app.record.floor_accounts import FloorRefused, confirm_floor

        if floor is None:
            raise ExamError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "the record's first instructor is registered with a floor account's approval: "
                        "the floor's account name and passphrase",
                    )
                )
            )
        try:
            confirm_floor(*floor)
        except FloorRefused as exc:
            raise ExamError(exc.says) from None

    def _pin_mac(self, name: str, scrypt_hash: bytes) -> str:
        """The PIN's scrypt hash keyed with the record's key: not guessed offline without it."""
        return self._mac("pin", f"{name}|{scrypt_hash.hex()}")

    def _instructor_mac(self, name: str, stored: str, at: str, number: int) -> str:
        return self._mac("instructor", f"{name}|{stored}|{at}|{number}")

    def _lock_mac(self, name: str, seal: str, failures: int, locked_until: str | None) -> str:
        return self._mac("instructor-lock", f"{name}|{seal}|{failures}|{locked_until or ''}")

    def check_instructor(self, name: str, pin: str) -> str:
        """The instructor's name if ``pin`` is theirs; else ExamError (a wrong PIN counted: after
        five in a row the name is locked for 15 minutes, even to the right PIN). The count and
        the lock are sealed: one changed outside the app locks the name for 15 minutes."""
        plain = _plain_name(name) or ""
        row = self.db.execute(
            "SELECT pin, created_at, seal, failures, locked_until, number, lock_seal "
            "FROM training_instructors WHERE name = ?",
            (plain,),
        ).fetchone()
        if row is None or not isinstance(pin, str) or not pin.strip():
            raise ExamError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1 is not an instructor: an instructor's name and PIN are needed"),
                    plain or "—",
                )
            )
        stored, created_at, seal, failures, locked_until, number, lock_seal = row
        now = self.now()
        if not hmac.compare_digest(str(seal), self._instructor_mac(plain, stored, created_at, int(number or 0))):
            raise ExamError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "%1's instructor entry was changed outside the app: it cannot be trusted"
                    ),
                    plain,
                )
            )
        failures = int(failures or 0)
        if not hmac.compare_digest(str(lock_seal), self._lock_mac(plain, seal, failures, locked_until)):
            until = _stamp(now + LOCKOUT)  # the count reset behind the app's back: a lockout, from now
            self._set_lock(plain, seal, 0, until)
            raise ExamError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "the wrong-PIN count of %1 was changed outside the app: %1 is locked for %2 minutes"
                    ),
                    plain,
                    int(LOCKOUT.total_seconds() // 60),
                )
            )
        if locked_until and datetime.fromisoformat(locked_until) > now:
            minutes = int((datetime.fromisoformat(locked_until) - now).total_seconds() // 60) + 1
            raise ExamError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "too many wrong PINs: %1 is locked for %2 more minute(s)", None, 2),
                    plain,
                    minutes,
                )
            )
        try:
            record = json.loads(stored)
            salt, want = bytes.fromhex(record["salt"]), str(record["hash"])
        except (ValueError, KeyError, TypeError):
            raise ExamError(says(QT_TRANSLATE_NOOP("Errors", "%1's PIN cannot be read"), plain)) from None
        if hmac.compare_digest(self._pin_mac(plain, _pin_hash(pin.strip(), salt)), want):
            self._set_lock(plain, seal, 0, None)
            return plain
        failures += 1
        locked = _stamp(now + LOCKOUT) if failures >= MAX_WRONG else None
        self._set_lock(plain, seal, 0 if locked else failures, locked)
        if locked:
            raise ExamError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "wrong PIN, %1 times: %2 is locked for %3 minutes"),
                    MAX_WRONG,
                    plain,
                    int(LOCKOUT.total_seconds() // 60),
                )
            )
        raise ExamError(
            says(
                QT_TRANSLATE_NOOP("Errors", "wrong PIN for %1 (%2 more tries before a lockout)"),
                plain,
                MAX_WRONG - failures,
            )
        )

    def _set_lock(self, name: str, seal: str, failures: int, locked_until: str | None) -> None:
        with self._writing():
            self.db.execute(
                "UPDATE training_instructors SET failures = ?, locked_until = ?, lock_seal = ? WHERE name = ?",
                (failures, locked_until, self._lock_mac(name, seal, failures, locked_until), name),
            )

    # --- blueprints ----------------------------------------------------------------------------------
    def lock(self, bp: Blueprint, instructor: str, pin: str, limits_dir=None) -> Blueprint:
        """The blueprint locked by the instructor (their PIN checked) and stored: from now on it is
        taken as it is. Its seal covers the instructor's own seal and registration time."""
        problems = check_blueprint(bp, limits_dir)
        if problems:
            raise ExamError(problems[0])
        who = self.check_instructor(instructor, pin)
        their_seal, their_at = self.db.execute(
            "SELECT seal, created_at FROM training_instructors WHERE name = ?", (who,)
        ).fetchone()
        locked = replace(
            bp,
            name=bp.name.strip(),
            seed=bp.seed or secrets.randbelow(10**12),
            id=_code("BP", 2),
            instructor=who,
            locked_at=_stamp(self.now()),
            instructor_seal=str(their_seal),
            instructor_at=str(their_at),
        )
        locked = replace(locked, seal=self._blueprint_mac(locked))
        with self._writing():
            self.db.execute(
                "INSERT INTO training_blueprints(id, name, spec, instructor, locked_at, seal, "
                "instructor_seal, instructor_at) VALUES (?,?,?,?,?,?,?,?)",
                (
                    locked.id,
                    locked.name,
                    locked.spec_text(),
                    locked.instructor,
                    locked.locked_at,
                    locked.seal,
                    locked.instructor_seal,
                    locked.instructor_at,
                ),
            )
        return locked

    def _blueprint_mac(self, bp: Blueprint) -> str:
        return self._mac(
            "blueprint",
            f"{bp.id}|{bp.name}|{bp.spec_text()}|{bp.instructor}|{bp.locked_at}|"
            f"{bp.instructor_seal}|{bp.instructor_at}",
        )

    _BP_COLUMNS = "id, name, spec, instructor, locked_at, seal, instructor_seal, instructor_at"

    def _blueprint_row(self, bp_id: str):
        return self.db.execute(f"SELECT {self._BP_COLUMNS} FROM training_blueprints WHERE id = ?", (bp_id,)).fetchone()

    def blueprints(self) -> list[Blueprint]:
        """Every locked blueprint, newest first (one whose row cannot be read is left out: its
        exam is refused by ``blueprint``)."""
        out = []
        for row in self.db.execute(f"SELECT {self._BP_COLUMNS} FROM training_blueprints ORDER BY locked_at DESC, id"):
            try:
                out.append(Blueprint.from_row(*row))
            except (ValueError, KeyError, TypeError):
                continue
        return out

    def blueprint(self, bp_id: str) -> Blueprint:
        """The locked blueprint, its seal checked and its instructor's entry the one that locked it
        (ExamError: unknown, changed since it was locked, or its instructor replaced)."""
        row = self._blueprint_row(bp_id)
        if row is None:
            raise ExamError(says(QT_TRANSLATE_NOOP("Errors", "no exam blueprint %1 in this record"), bp_id))
        problem = says(
            QT_TRANSLATE_NOOP("Errors", "the exam blueprint %1 was changed after it was locked: this exam is refused"),
            bp_id,
        )
        try:
            bp = Blueprint.from_row(*row)
        except (ValueError, KeyError, TypeError):
            raise ExamError(problem) from None
        # the stored text itself must be what was sealed (a reformatted spec is an edit too)
        if row[2] != bp.spec_text() or not hmac.compare_digest(row[5], self._blueprint_mac(bp)):
            raise ExamError(problem)
        problems = self._instructor_problems(bp)
        if problems:
            raise ExamError(problems[0])
        return bp

    def _instructor_problems(self, bp: Blueprint) -> list[Says]:
        """Whether the instructor who locked ``bp`` is in the record as they were then: their row,
        its seal, registered before the lock, and counted by the record's sealed count."""
        row = self.db.execute(
            "SELECT pin, created_at, seal, number FROM training_instructors WHERE name = ?", (bp.instructor,)
        ).fetchone()
        if row is None:
            return [
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "%1, who locked the exam blueprint %2, is not an instructor of this record any more"
                    ),
                    bp.instructor,
                    bp.id,
                )
            ]
        stored, created_at, seal, number = row
        number = int(number or 0)
        if not hmac.compare_digest(str(seal), self._instructor_mac(bp.instructor, stored, created_at, number)):
            return [
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "%1's instructor entry was changed outside the app: it cannot be trusted"
                    ),
                    bp.instructor,
                )
            ]
        if (
            not bp.instructor_seal
            or not hmac.compare_digest(str(seal), bp.instructor_seal)
            or created_at != bp.instructor_at
        ):
            return [
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "the exam blueprint %1 was locked by an instructor entry of %2 that has been replaced since",
                    ),
                    bp.id,
                    bp.instructor,
                )
            ]
        if created_at > bp.locked_at:
            return [
                says(
                    QT_TRANSLATE_NOOP("Errors", "the exam blueprint %1 was locked before %2 was registered"),
                    bp.id,
                    bp.instructor,
                )
            ]
        count = self._mark("instructors")
        holders = self.db.execute("SELECT COUNT(*) FROM training_instructors WHERE number = ?", (number,)).fetchone()[0]
        if count is None or not 1 <= number <= count or holders > 1:
            return [
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "the record's instructors were changed outside the app "
                        "(%1 is not among the instructors it counted): the exam "
                        "blueprint %2 cannot be trusted",
                    ),
                    bp.instructor,
                    bp.id,
                )
            ]
        return []

    # --- exam results ---------------------------------------------------------------------------------
    def start(self, session: ExamSession, trainee: str, trainee_id: int | None) -> ExamResult:
        """The attempt written as it starts (an attempt left unfinished is seen as such), numbered
        among the record's results; the attempt's seed kept only as a keyed hash until the end,
        and the session's drills made with the record's key."""
        bp = session.blueprint
        assert bp is not None
        session.bind(self.key)
        rid = _code("EX", 3)
        with self._writing():
            count = self._mark("results")
            if count is None:
                if self.db.execute("SELECT 1 FROM training_exam_results LIMIT 1").fetchone():
                    raise ExamError(
                        says(
                            QT_TRANSLATE_NOOP(
                                "Errors",
                                "the record's sealed count of exam results is missing or was changed outside the "
                                "app: no exam is started on it (dealer-app trainees names what is wrong)",
                            )
                        )
                    )
                count = 0
            result = ExamResult(
                rid,
                trainee_id,
                trainee,
                bp.id,
                bp.seal,
                bp.name,
                bp.instructor,
                0,
                _stamp(self.now()),
                "",
                0,
                bp.time_limit_s,
                False,
                0,
                session.count,
                bp.pass_mark,
                False,
                session.skill_scores(),
                session.tables_covered(),
                serial=count + 1,
                seed_mac=self._seed_mac(rid, session.attempt_seed),
            )
            written = self._write(result, insert=True)
            self._set_mark("results", count + 1)
        return written

    def _seed_mac(self, result_id: str, seed: int) -> str:
        return self._mac("exam-seed", f"{result_id}|{seed}")

    def finish(self, started: ExamResult, session: ExamSession) -> ExamResult:
        result = replace(
            started,
            seed=session.attempt_seed,
            finished_at=_stamp(self.now()),
            seconds=round(session.elapsed()),
            timed_out=session.time_up,
            right=session.right(),
            asked=session.count,
            passed=session.passed(),
            skills=session.skill_scores(),
            tables=session.tables_covered(),
        )
        return self._write(result, insert=False)

    def _write(self, result: ExamResult, insert: bool) -> ExamResult:
        values = result.values()
        sealed = replace(result, seal=self._result_mac(values))
        fields = json.dumps(self._field_macs(values), sort_keys=True, separators=(",", ":"))
        row: list[str | int | None] = [values[f] for f in RESULT_FIELDS]
        row[1] = result.trainee_id  # (the column keeps its integer)
        with self._writing():
            if insert:
                self.db.execute(
                    f"INSERT INTO training_exam_results({', '.join(RESULT_FIELDS)}, seal, field_seals) "
                    f"VALUES ({', '.join('?' * (len(RESULT_FIELDS) + 2))})",
                    (*row, sealed.seal, fields),
                )
            else:
                sets = ", ".join(f"{f} = ?" for f in RESULT_FIELDS[1:])
                self.db.execute(
                    f"UPDATE training_exam_results SET {sets}, seal = ?, field_seals = ? WHERE id = ?",
                    (*row[1:], sealed.seal, fields, result.id),
                )
        return sealed

    def _result_mac(self, values: dict[str, str]) -> str:
        return self._mac("exam-result", "|".join(f"{f}={values[f]}" for f in RESULT_FIELDS))

    def _field_macs(self, values: dict[str, str]) -> dict[str, str]:
        return {f: self._mac("exam-field", f"{values['id']}|{f}={values[f]}")[:16] for f in RESULT_FIELDS}

    def _rows(self, where: str = "", args: tuple = ()) -> list[tuple]:
        return self.db.execute(
            f"SELECT {', '.join(RESULT_FIELDS)}, seal, field_seals FROM training_exam_results "
            f"{where} ORDER BY started_at, id",
            args,
        ).fetchall()

    def results(self, trainee_id: int | None = None) -> list[ExamResult]:
        """The attempts (of one trainee), oldest first, as their rows have them."""
        rows = self._rows("WHERE trainee_id = ?", (trainee_id,)) if trainee_id is not None else self._rows()
        out = []
        for row in rows:
            result = _result_of(row)
            if result is not None:
                out.append(result)
        return out

    def listing(self, trainee_id: int | None = None) -> list[ExamListing]:
        """The attempts, each checked against its seals (when this book has the record's key);
        what is wrong with the record as a whole is ``record_problems``."""
        return [
            ExamListing(r, self.verify(r.id, record=False).genuine if self.key else None)
            for r in self.results(trainee_id)
        ]

    def record_problems(self) -> list[Says]:
        """What the record's results as a whole show: a result deleted (a gap in their numbers,
        or fewer than the record's sealed count), a result added or numbered twice."""
        rows = self.db.execute(
            "SELECT serial, id FROM training_exam_results ORDER BY serial, started_at, id"
        ).fetchall()
        count = self._mark("results")
        problems: list[Says] = []
        if count is None:
            if rows:
                problems.append(
                    says(
                        QT_TRANSLATE_NOOP(
                            "Errors",
                            "the record's sealed count of exam results is missing or was changed outside the app",
                        )
                    )
                )
            count = max((int(s or 0) for s, _id in rows), default=0)
        by_number: dict[int, list[str]] = {}
        for serial, rid in rows:
            by_number.setdefault(int(serial or 0), []).append(str(rid))
        for number, ids in by_number.items():
            if len(ids) > 1:
                problems.append(
                    says(
                        QT_TRANSLATE_NOOP(
                            "Errors", "the exam results %1 carry the same number %2: one was added outside the app"
                        ),
                        ", ".join(ids),
                        number,
                    )
                )
            if not 1 <= number <= count:
                problems.append(
                    says(
                        QT_TRANSLATE_NOOP(
                            "Errors", "the exam result %1 is not among the %2 results the record counted"
                        ),
                        ids[0],
                        count,
                    )
                )
        number = 1
        while number <= count:
            if number in by_number:
                number += 1
                continue
            gap = number
            while number <= count and number not in by_number:
                number += 1
            missing = number - gap
            before = by_number.get(gap - 1)
            if before:
                problems.append(
                    says(QT_TRANSLATE_NOOP("Errors", "a result is missing after %1"), before[-1])
                    if missing == 1
                    else says(QT_TRANSLATE_NOOP("Errors", "%1 results are missing after %2"), missing, before[-1])
                )
            elif number in by_number:
                problems.append(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "%1 result(s) missing before %2, the record's first", None, 1),
                        missing,
                        by_number[number][0],
                    )
                )
            else:
                problems.append(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "the record counted %1 exam result(s): %2 are missing", None, 1),
                        count,
                        missing,
                    )
                )
        return problems

    def verify(self, verification_id: str, record: bool = True) -> Verdict:
        """Whether a certificate's result is genuine: its row, each field against its seal, the
        attempt's seed the one committed at its start, the blueprint it was taken on unchanged
        and locked (by its instructor as registered) before the exam started; and (``record``)
        no result of the record deleted."""
        vid = verification_id.strip().upper()
        rows = self._rows("WHERE id = ?", (vid,))
        if not rows:
            return Verdict(
                vid,
                None,
                (
                    says(QT_TRANSLATE_NOOP("Errors", "no exam result %1 in this record"), vid),
                    *(self.record_problems() if record else ()),
                ),
            )
        row = rows[0]
        values = {f: "" if row[i] is None else str(row[i]) for i, f in enumerate(RESULT_FIELDS)}
        stored_seal, stored_fields = row[-2], row[-1]
        result = _result_of(row)
        problems: list[Says] = []
        try:
            field_seals = json.loads(stored_fields)
        except (ValueError, TypeError):
            field_seals = {}
        want = self._field_macs(values)
        changed = [f for f in RESULT_FIELDS if not hmac.compare_digest(str(field_seals.get(f, "")), want[f])]
        if len(changed) == len(RESULT_FIELDS):  # not one field: the seals were made with another key
            problems.append(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "the result row does not match its seal (its seals "
                        "were changed, or another record's key made them)",
                    )
                )
            )
        elif changed:
            problems.append(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "the result was changed after it was written: its seal does not match %1"
                    ),
                    ", ".join(changed),
                )
            )
        elif not hmac.compare_digest(str(stored_seal), self._result_mac(values)):
            problems.append(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "the result row does not match its seal (its seals "
                        "were changed, or another record's key made them)",
                    )
                )
            )
        if result is None:
            problems.append(says(QT_TRANSLATE_NOOP("Errors", "the result row cannot be read")))
            return Verdict(vid, None, tuple(problems))
        if not result.finished:
            problems.append(
                says(QT_TRANSLATE_NOOP("Errors", "this exam was started on %1 and never finished"), result.started_at)
            )
        elif not hmac.compare_digest(result.seed_mac, self._seed_mac(result.id, result.seed)):
            problems.append(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the attempt's seed is not the one committed to when the exam started")
                )
            )
        try:
            bp = self.blueprint(result.blueprint_id)
        except ExamError as exc:
            problems.append(exc.says)
        else:
            if (
                bp.seal != result.blueprint_seal
                or bp.instructor != result.instructor
                or bp.name != result.blueprint_name
            ):
                problems.append(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "the result names a blueprint other than %1 as it was locked"),
                        bp.id,
                    )
                )
            elif result.started_at < bp.locked_at:
                problems.append(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "this exam started on %1, before its blueprint %2 was locked (%3)"),
                        result.started_at,
                        bp.id,
                        bp.locked_at,
                    )
                )
        if record:
            problems.extend(self.record_problems())
        return Verdict(vid, result, tuple(problems))


def _result_of(row: tuple) -> ExamResult | None:
    """A result row as typed (None: a field cannot be read)."""
    v = dict(zip(RESULT_FIELDS, row, strict=False))
    try:
        skills = tuple(SkillScore(str(s), int(r), int(a)) for s, r, a in json.loads(v["skills"]))
        tables = tuple(str(t) for t in json.loads(v["tables"]))
        return ExamResult(
            str(v["id"]),
            None if v["trainee_id"] is None else int(v["trainee_id"]),
            str(v["trainee"]),
            str(v["blueprint_id"]),
            str(v["blueprint_seal"]),
            str(v["blueprint_name"]),
            str(v["instructor"]),
            int(v["seed"]),
            str(v["started_at"]),
            str(v["finished_at"]),
            int(v["seconds"]),
            int(v["time_limit_s"]),
            bool(int(v["timed_out"])),
            int(v["right"]),
            int(v["asked"]),
            int(v["pass_mark"]),
            bool(int(v["passed"])),
            skills,
            tables,
            str(row[len(RESULT_FIELDS)]),
            int(v["serial"] or 0),
            str(v["seed_mac"] or ""),
        )
    except (ValueError, TypeError, KeyError):
        return None


def _pin_hash(pin: str, salt: bytes) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, n=_N, r=_R, p=_P, dklen=32)


def has_exam_tables(db: sqlite3.Connection) -> bool:
    return "training_exam_results" in {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
