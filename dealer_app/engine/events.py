"""Events: the only record of what happened. GUI, history, replay, undo and training read them."""

from __future__ import annotations

from dataclasses import dataclass


class Event:
    """One thing that happened, with the rule IDs behind it and its words.

    ``data`` and ``text`` may be given as they are or, on the hot path (every action and
    deal), as a tuple ``(build, *args)`` that is turned into the dict or the words only when
    somebody reads them: a hand emits about 120 events, and while the engine runs (a replay,
    the benchmark) most are never read.
    """

    __slots__ = ("kind", "seat", "_data", "rules", "_text")

    def __init__(self, kind: str, seat: int | None = None, data: dict | tuple | None = None,
                 rules: tuple[str, ...] = (), text: str | tuple = ""):
        self.kind = kind
        self.seat = seat
        self._data = {} if data is None else data
        self.rules = rules
        self._text = text

    @property
    def data(self) -> dict:
        d = self._data
        if isinstance(d, tuple):
            built: dict = d[0](*d[1:])
            self._data = built
            return built
        return d

    @property
    def text(self) -> str:
        """The decision in words, as a dealer would say it."""
        t = self._text
        if isinstance(t, tuple):
            words: str = t[0](*t[1:])
            self._text = words
            return words
        return t

    def as_dict(self) -> dict:
        out: dict[str, object] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(self.data)
        if self.rules:
            out["rules"] = list(self.rules)
        text = self.text
        if text:
            out["text"] = text
        return out

    def __eq__(self, other):
        if other.__class__ is not Event:
            return NotImplemented
        return self.as_dict() == other.as_dict()

    def __repr__(self):
        return (f"Event(kind={self.kind!r}, seat={self.seat!r}, data={self.data!r}, "
                f"rules={self.rules!r}, text={self.text!r})")

    def __getstate__(self):
        return (self.kind, self.seat, self.data, self.rules, self.text)

    def __setstate__(self, state):
        self.kind, self.seat, self._data, self.rules, self._text = state


@dataclass(slots=True)
class LegalAction:
    """One legal choice: an exact ``to`` or a range ``min_to``…``max_to`` (round totals, cents)."""

    action: str
    to: int | None = None
    min_to: int | None = None
    max_to: int | None = None
    all_in: bool = False

    def allows(self, to: int | None) -> bool:
        if self.min_to is not None and self.max_to is not None:
            return to is not None and self.min_to <= to <= self.max_to
        return self.to is None or to is None or to == self.to

    def as_dict(self) -> dict:
        out: dict[str, object] = {"action": self.action}
        if self.to is not None:
            out["to"] = self.to
        if self.min_to is not None:
            out["min_to"], out["max_to"] = self.min_to, self.max_to
        if self.all_in:
            out["all_in"] = True
        return out
