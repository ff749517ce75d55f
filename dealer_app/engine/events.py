"""Events: the only record of what happened. GUI, history, replay, undo and training read them."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Event:
    kind: str
    seat: int | None = None
    data: dict = field(default_factory=dict)
    rules: tuple[str, ...] = ()
    text: str = ""  # the decision in words, as a dealer would say it
    # not frozen: a frozen dataclass costs a third more to build, and events are built on
    # every action; nothing mutates them after _emit.

    def as_dict(self) -> dict:
        out = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(self.data)
        if self.rules:
            out["rules"] = list(self.rules)
        if self.text:
            out["text"] = self.text
        return out


@dataclass(slots=True)
class LegalAction:
    """One legal choice: an exact ``to`` or a range ``min_to``…``max_to`` (round totals, cents)."""

    action: str
    to: int | None = None
    min_to: int | None = None
    max_to: int | None = None
    all_in: bool = False

    def allows(self, to: int | None) -> bool:
        if self.min_to is not None:
            return to is not None and self.min_to <= to <= self.max_to
        return self.to is None or to is None or to == self.to

    def as_dict(self) -> dict:
        out = {"action": self.action}
        if self.to is not None:
            out["to"] = self.to
        if self.min_to is not None:
            out["min_to"], out["max_to"] = self.min_to, self.max_to
        if self.all_in:
            out["all_in"] = True
        return out
