"""The replay report: what a replayed hand showed, decision by decision, as one typed record.

``replay.py`` fills it as the hand plays; the verdict (``verdict.py``) judges it; the command
line prints ``to_json()`` (the ``--json`` contract: the same keys, in the same order, as the
report has always had) or ``report.report_text``. A key the report does not have yet (a hand
refused before its rules were known has no ``currency``) is left out of ``to_dict()``, never
written as null.

For code written against the report as a dict, ``report["errors"]`` and ``report.get("notes")``
still read it (never write it); new code reads the attributes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

# the keys a report has from the start, then those set as the replay goes on (in that order)
_ALWAYS = (
    "source",
    "game",
    "profile",
    "table",
    "bring_in",
    "streets",
    "showdown_order",
    "pots",
    "net",
    "errors",
    "illegal",
)
_LATER = (
    "supported",
    "currency",
    "unit_places",
    "notes",
    "last_round_players",
    "complete",
    "stopped",
    "uncalled",
    "finishing_stacks_match",
    "events",
    "players",
    "seats",
    "site",
    "verdict",
    "unreadable",
)
# a report of a file or hand that was never replayed has always listed its keys in this order
_FAILED = (
    "source",
    "errors",
    "supported",
    "streets",
    "showdown_order",
    "pots",
    "net",
    "game",
    "profile",
    "table",
    "bring_in",
    "illegal",
    "verdict",
    "unreadable",
)


@dataclass
class ReplayReport:
    source: str
    game: str | None = None
    profile: str | None = None
    table: str | None = None
    bring_in: dict | None = None  # {"seat", "rules", "text"} (B-2)
    streets: list[dict] = field(default_factory=list)  # per street: deal, first to act, decisions
    showdown_order: list[int] = field(default_factory=list)
    pots: list[dict] = field(default_factory=list)
    net: dict[str, Any] = field(default_factory=dict)  # seat -> won or lost; {} when the hand stopped
    errors: list[str] = field(default_factory=list)
    illegal: list[str] = field(default_factory=list)
    # None below: not (yet) part of the report
    supported: bool | None = None  # False: a game (variant) this app does not replay
    currency: str | None = None
    unit_places: int | None = None  # the file's decimals; amounts are given back in them
    notes: list[str] | None = None
    last_round_players: list[int] | None = None
    complete: bool | None = None
    stopped: str | None = None  # where an error stopped the hand
    uncalled: dict[str, Any] | None = None  # seat -> amount returned (P-2)
    finishing_stacks_match: bool | None = None
    events: list[dict] | None = None  # with --events
    players: list[str] | None = None
    seats: list[int] | None = None  # PHH player i+1 sits in seats[i]
    site: str | None = None  # a site's history: whose
    verdict: dict | None = None  # {"agrees", "problems"}
    unreadable: bool | None = None  # the file or hand could not be read at all
    never_replayed: bool = field(default=False, repr=False)  # (a failed report keeps its own key order)

    def note(self, text: str) -> None:
        if self.notes is None:
            self.notes = []
        self.notes.append(text)

    def to_dict(self) -> dict[str, Any]:
        if self.never_replayed:
            keys: tuple[str, ...] = _FAILED
        else:
            keys = _ALWAYS + _LATER
        out: dict[str, Any] = {}
        for key in keys:
            value = getattr(self, key)
            if value is not None or key in _ALWAYS:
                out[key] = value
        return out

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    # --- read access by key, for code written against the report as a dict ----------------------
    def __getitem__(self, key: str) -> Any:
        if key in _ALWAYS or (key in _LATER and getattr(self, key) is not None):
            return getattr(self, key)
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and (key in _ALWAYS or (key in _LATER and getattr(self, key) is not None))

    def get(self, key: str, default: Any = None) -> Any:
        return self.get(key, default)
