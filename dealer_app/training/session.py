"""A training session: its mode, its drills one at a time, each answer judged and timed, and
the explanation a trainee gets (the right answer, the rule IDs and texts, the seats it is about).

- **learn**: the rules are shown before answering, and every answer is explained;
- **practice**: right or wrong at once, explained when wrong; the skills of the mistakes come back
  at the end, each as a fresh drill (the same hand again would test memory, not the skill), and
  these retries are kept too (mode ``review``);
- **exam**: a fixed number of drills across the skills, timed, no feedback until the end, then
  the score against the pass mark (80% unless the trainer sets another).

Every answer is timed and scored beside accuracy against its skill's speed target
(``speed.py``); a session may set a time limit per drill, past which the answer counts as wrong
(``late``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.training.answers import is_right
from dealer_app.training.drills import SKILLS, Drill, make_drills
from dealer_app.training.speed import on_pace

if TYPE_CHECKING:
    from dealer_app.training.progress import Progress

MODES = ("learn", "practice", "exam")


class SessionError(ValueError):
    """A session that cannot be made as asked; ``says`` words it in the reader's language."""

    def __init__(self, says: Says):
        super().__init__(str(says))
        self.says = says


@dataclass(frozen=True)
class Result:
    drill: Drill
    given: dict
    right: bool
    seconds: float
    late: bool = False  # past the session's time per drill: counted wrong whatever was answered

    @property
    def on_pace(self) -> bool:
        """Answered right within the skill's speed target (``speed.py``): a quick wrong answer
        is not on pace."""
        return self.right and not self.late and on_pace(self.drill.skill, self.seconds)


@dataclass
class TrainingSession:
    mode: str
    skills: list[str]
    count: int
    seed: int = 0
    progress: Progress | None = None  # to schedule by FSRS and keep the answers
    trainee_id: int | None = None
    pass_mark: float = 0.8
    profile: str | None = None
    table: str | None = None
    results: list[Result] = field(default_factory=list)
    current: Drill | None = None
    reviewing: bool = False  # practice: the pass over the mistakes
    seconds_per_drill: float | None = None  # a time limit per drill (None: none)
    reviews: list[Result] = field(default_factory=list)  # the retries of the mistakes' skills
    _shown_at: float = 0.0
    _review: list[str] = field(default_factory=list)  # the skills still to retry

    def __post_init__(self):
        if self.mode not in MODES:
            raise SessionError(
                says(QT_TRANSLATE_NOOP("Errors", "unknown mode %1 (the modes: %2)"), repr(self.mode), ", ".join(MODES))
            )
        unknown = [s for s in self.skills if s not in SKILLS]
        if unknown or not self.skills:
            raise SessionError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "not a skill: %1 (the skills: %2)"),
                    ", ".join(unknown) or "-",
                    ", ".join(SKILLS),
                )
            )
        if not 0 < self.pass_mark <= 1:
            raise SessionError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the pass mark is a share of the drills, 0 to 1, not %1"),
                    self.pass_mark,
                )
            )
        if self.seconds_per_drill is not None and not 0 < self.seconds_per_drill <= 3600:
            raise SessionError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the time per drill is 1 to 3600 seconds, not %1"),
                    self.seconds_per_drill,
                )
            )

    # --- the next drill ---------------------------------------------------------------------------
    def next(self) -> Drill | None:
        """The next drill (None when the session is over)."""
        if self.reviewing:
            # a fresh drill of the missed skill, from a seed of its own (kept with the retry)
            self.current = (
                make_drills(self._review.pop(0), 1, self._review_seed(), self.profile, self.table)[0]
                if self._review
                else None
            )
        elif len(self.results) >= self.count:
            mistakes = [r.drill.skill for r in self.results if not r.right]
            if self.mode == "practice" and mistakes and not self.reviewing:
                self.reviewing, self._review = True, mistakes  # "review my mistakes"
                return self.next()
            self.current = None
        else:
            skill = self._skill_now(len(self.results))
            self.current = make_drills(skill, 1, self.seed * 1000 + len(self.results), self.profile, self.table)[0]
        self._shown_at = time.monotonic()
        return self.current

    def _skill_now(self, i: int) -> str:
        if self.mode == "exam" or self.progress is None or self.trainee_id is None:
            return self.skills[i % len(self.skills)]  # round robin: every skill in the exam
        return self.progress.due_order(self.trainee_id, self.skills)[0]  # FSRS: the most due skill

    def _review_seed(self) -> int:
        """The seed of the next retry: after the session's own drills' seeds (seed * 1000 + i)."""
        return self.seed * 1000 + self.count + len(self.reviews)

    def hint(self) -> tuple[str, ...]:
        """Learn mode: the rules behind the drill, before the trainee answers."""
        return self.current.rules if self.mode == "learn" and self.current is not None else ()

    # --- an answer -------------------------------------------------------------------------------------
    def answer(self, given: dict) -> Result | None:
        """Judge and keep the answer; returns it with its verdict, or None in an exam (no
        feedback until the end)."""
        if self.current is None:
            raise ValueError("no drill is being asked")
        seconds = time.monotonic() - self._shown_at
        late = self.seconds_per_drill is not None and seconds > self.seconds_per_drill
        right = not late and is_right(self.current.skill, self.current.answer, given, self.current.game)
        result = Result(self.current, given, right, seconds, late)
        if self.reviewing:
            seed = self._review_seed()
            self.reviews.append(result)
        else:
            seed = self.seed * 1000 + len(self.results)
            self.results.append(result)
        if self.progress is not None and self.trainee_id is not None:
            # with the answer given and what rebuilds the drill, in the same row (Progress… reviews it)
            self.progress.record(
                self.trainee_id,
                self.current.skill,
                "review" if self.reviewing else self.mode,
                right,
                seconds,
                seed,
                given=given,
                table_arg=self.table,
                profile_arg=self.profile,
                drill=self.current,
            )
        return None if self.mode == "exam" else result

    def time_left(self) -> float | None:
        """Seconds left for the drill being asked (None: no time limit)."""
        if self.seconds_per_drill is None or self.current is None:
            return None
        return max(0.0, self.seconds_per_drill - (time.monotonic() - self._shown_at))

    # --- the end ---------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.current is None and (bool(self.results) or self.count == 0)

    def score(self) -> float:
        return sum(r.right for r in self.results) / len(self.results) if self.results else 0.0

    def passed(self) -> bool:
        return self.score() >= self.pass_mark

    def by_skill(self) -> dict[str, tuple[int, int, float]]:
        """skill -> (right, asked, mean seconds)."""
        out: dict[str, list] = {}
        for r in self.results:
            right, asked, seconds = out.get(r.drill.skill, [0, 0, 0.0])
            out[r.drill.skill] = [right + r.right, asked + 1, seconds + r.seconds]
        return {s: (right, asked, seconds / asked) for s, (right, asked, seconds) in out.items()}

    def pace_by_skill(self) -> dict[str, tuple[int, int]]:
        """skill -> (answers within its speed target, asked): the speed beside the accuracy."""
        out: dict[str, tuple[int, int]] = {}
        for r in self.results:
            fast, asked = out.get(r.drill.skill, (0, 0))
            out[r.drill.skill] = (fast + r.on_pace, asked + 1)
        return out
