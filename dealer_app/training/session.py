"""A training session: its mode, its drills one at a time, each answer judged and timed, and
the explanation a trainee gets (the right answer, the rule IDs and texts, the seats it is about).

- **learn**: the rules are shown before answering, and every answer is explained;
- **practice**: right or wrong at once, explained when wrong; the mistakes come back at the end;
- **exam**: a fixed number of drills across the skills, timed, no feedback until the end, then
  the score against the pass mark (80% unless the trainer sets another).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dealer_app.training.answers import is_right
from dealer_app.training.drills import SKILLS, Drill, make_drills

if TYPE_CHECKING:
    from dealer_app.training.progress import Progress

MODES = ("learn", "practice", "exam")


@dataclass(frozen=True)
class Result:
    drill: Drill
    given: dict
    right: bool
    seconds: float


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
    _shown_at: float = 0.0
    _review: list[Drill] = field(default_factory=list)

    def __post_init__(self):
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r} (the modes: {', '.join(MODES)})")
        unknown = [s for s in self.skills if s not in SKILLS]
        if unknown or not self.skills:
            raise ValueError(f"unknown skill(s) {', '.join(unknown) or 'none given'} (the skills: {', '.join(SKILLS)})")
        if not 0 < self.pass_mark <= 1:
            raise ValueError(f"the pass mark is a share of the drills, 0 to 1, not {self.pass_mark}")

    # --- the next drill ---------------------------------------------------------------------------
    def next(self) -> Drill | None:
        """The next drill (None when the session is over)."""
        if self.reviewing:
            self.current = self._review.pop(0) if self._review else None
        elif len(self.results) >= self.count:
            mistakes = [r.drill for r in self.results if not r.right]
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
        right = is_right(self.current.skill, self.current.answer, given)
        result = Result(self.current, given, right, seconds)
        if not self.reviewing:
            self.results.append(result)
            if self.progress is not None and self.trainee_id is not None:
                self.progress.record(self.trainee_id, self.current.skill, self.mode, right, seconds,
                                     self.seed * 1000 + len(self.results) - 1)
        return None if self.mode == "exam" else result

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
