"""A realistic trainer's record: a dealer school's group of three trainees over five weeks,
real drills (made from their seeds, as the trainer makes them), right and wrong answers with
their times, a practice's retries and an exam; and the ledger of what was recorded, so that a
test derives its expectations from the answers rather than from the code under test.

- Anna drills every week and gets better (a third wrong in week 1, all right from week 3);
- Ben drills every week and stays weak at the pot (2 of 5 right each evening), good at the stub;
- Cem drills only in the first two weeks, nearly all right: his cards fall overdue.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from dealer_app.training.drills import make_drills

if TYPE_CHECKING:
    from dealer_app.training.progress import Progress

WEEKS = 5
_today = datetime.now(UTC).replace(hour=18, minute=0, second=0, microsecond=0)
# the five weeks before this one (the reports of ``dealer-app trainees`` are as of now), from a Monday
START = _today - timedelta(days=_today.weekday(), weeks=WEEKS)
END = START + timedelta(weeks=WEEKS - 1, days=5)  # "now" for the reports made here: the last week's Saturday
WEEK = [f"{d.isocalendar()[0]}-W{d.isocalendar()[1]:02d}" for d in (START + timedelta(weeks=n) for n in range(WEEKS))]


@dataclass(frozen=True)
class Kept:
    trainee: str
    skill: str
    mode: str
    right: bool
    seconds: float
    seed: int
    at: datetime
    given: dict
    answer: dict
    table: str | None


def wrong_answer(skill: str, answer: dict) -> dict:
    if "seat" in answer:
        return {"seat": answer["seat"] % 8 + 1}
    if skill == "pot":
        return {"pot": answer["pot"] + 100}
    return {"stub": answer["stub"] + 1}


def _right(trainee: str, skill: str, week: int, i: int) -> bool:
    if trainee == "Anna":
        return week >= 2 or (week == 1 and i % 4 != 0) or (week == 0 and i % 3 != 0)
    if trainee == "Ben":
        return i % 5 in (1, 3) if skill == "pot" else (week, i) != (0, 0)
    return (week, i) != (0, 1)  # Cem: one wrong


def record_group(p: Progress) -> list[Kept]:
    """Record the group's answers on ``p`` (its FSRS cards too); the ledger of them, in order."""
    plan = {"Anna": ("bring-in", "pot", "stub"), "Ben": ("pot", "stub"), "Cem": ("stub", "bring-in")}
    kept: list[Kept] = []
    seed = 7000
    for week in range(WEEKS):
        for trainee, skills in plan.items():
            if trainee == "Cem" and week >= 2:
                continue  # Cem stopped coming
            t = p.trainee(trainee)
            for skill in skills:
                per_day = 5 if (trainee, skill) == ("Ben", "pot") else 3
                for n in range(2 * per_day):  # Monday and Wednesday evenings
                    day, i = (0, n) if n < per_day else (2, n - per_day)
                    at = START + timedelta(weeks=week, days=day, minutes=len(kept))
                    mode = "learn" if week == 0 else "practice"
                    table = "stud-10-20" if trainee == "Ben" else None
                    seed += 1
                    drill = make_drills(skill, 1, seed, None, table)[0]
                    right = _right(trainee, skill, week, n)
                    given = drill.answer if right else wrong_answer(skill, drill.answer)
                    seconds = 6.0 + 3 * (i % 3) + (4.0 if not right else 0.0) + max(0, 3 - week) * 2
                    p.record(t, skill, mode, right, seconds, seed, at, given=given, table_arg=table, drill=drill)
                    kept.append(Kept(trainee, skill, mode, right, seconds, seed, at, given, drill.answer, table))
    # an exam in the last week: Anna, 4 stub drills at the Casinos Austria table, 3 right
    t = p.trainee("Anna")
    for i in range(4):
        seed += 1
        drill = make_drills("stub", 1, seed, None, "casinos-austria-5-10-20")[0]
        right = i != 2
        given = drill.answer if right else wrong_answer("stub", drill.answer)
        at = START + timedelta(weeks=WEEKS - 1, days=4, minutes=i)
        p.record(
            t,
            "stub",
            "exam",
            right,
            9.0,
            seed,
            at,
            given=given,
            table_arg="casinos-austria-5-10-20",
            profile_arg=drill.profile,
            drill=drill,
        )
        kept.append(Kept("Anna", "stub", "exam", right, 9.0, seed, at, given, drill.answer, "casinos-austria-5-10-20"))
    return kept
