"""How fast a dealer should answer each skill: the speed target beside accuracy.

Dealer schools score timed performance as well as accuracy (a pot counted right but slowly
still holds up the game). The targets are the seconds a working dealer takes at the table for
the decision the drill asks: naming who brings in or acts first is a glance at the door cards
or the boards; a pot or the stub is a short count; side pots, the winners and the best five
take a careful look. They are this project's judgment from those practices (no source sets
numbers per stud decision), kept in one place so that a school can read and argue them.
"""

from __future__ import annotations

# seconds per answer, per skill (a skill not named here: DEFAULT_TARGET)
SPEED_TARGETS: dict[str, float] = {
    "bring-in": 5.0,
    "first-to-act": 5.0,
    "shows-first": 6.0,
    "legal-action": 12.0,
    "pot": 15.0,
    "stub": 10.0,
    "shortage": 15.0,
    "side-pots": 30.0,
    "winners": 20.0,
    "best-five": 20.0,
}
DEFAULT_TARGET = 20.0


def speed_target(skill: str) -> float:
    """The seconds a dealer should need for ``skill``."""
    return SPEED_TARGETS.get(skill, DEFAULT_TARGET)


def on_pace(skill: str, seconds: float) -> bool:
    return seconds <= speed_target(skill)
