"""The record's hands at a glance: one summary per hand, for the floor's browser and
``dealer-app hands``.

Read from the few rows that say it (a hand's start, its end, its undos, irregularities and
rulings) through the ``log_kind`` index, never by replaying: 10,000 hands list in well under a
second. A hand still open has no pot yet (``None``): its end has not been recorded.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from dealer_app.history.chain import seal_code

_KINDS = ("open_table", "hand_start", "hand_end", "undo", "irregularity", "ruling")


@dataclass
class HandSummary:
    session: int
    table: str
    hand: int
    started: str
    players: list[str] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    pot: int | None = None  # cents; None while the hand is open
    undos: int = 0
    irregularities: int = 0
    rulings: int = 0
    seal: str | None = None
    ended: str | None = None
    profile: str = ""
    currency: str = "USD"

    @property
    def id(self) -> str:
        """How the floor names a hand: ``SESSION-HAND``, e.g. ``3-12``."""
        return f"{self.session}-{self.hand}"

    def to_dict(self) -> dict:
        return {"session": self.session, "table": self.table, "hand": self.hand, "started": self.started,
                "players": self.players, "pot": self.pot, "undos": self.undos,
                "irregularities": self.irregularities, "rulings": self.rulings, "seal": self.seal,
                "id": self.id, "seats": self.seats, "ended": self.ended, "profile": self.profile}


def list_hands(store) -> list[HandSummary]:
    """Every hand of the record, newest first."""
    tables = {sid: (name, profile) for sid, name, profile, _opened in store.all_sessions()}
    hands: dict[tuple[int, int], HandSummary] = {}
    currencies: dict[int, str] = {}
    marks = ",".join("?" * len(_KINDS))
    for sid, hand_no, kind, text, at, digest in store.db.execute(
            f"SELECT session_id, hand_no, kind, payload, at, hash FROM log WHERE kind IN ({marks}) ORDER BY id",
            _KINDS):
        try:
            _take(hands, currencies, tables, sid, hand_no, kind, text, at, digest)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            continue  # a row edited out of shape: verify names it; the other hands are listed
    return sorted(hands.values(), key=lambda h: (str(h.started), h.session, h.hand), reverse=True)


def _take(hands, currencies, tables, sid, hand_no, kind, text, at, digest) -> None:
    """One row's part of its hand's summary."""
    if kind == "open_table":
        played = _payload(text).get("limit_table")
        currencies[sid] = str(played.get("currency", "USD")) if isinstance(played, dict) else "USD"
        return
    if kind == "hand_start":
        seats = _payload(text).get("seats") or []
        name, profile = tables.get(sid, ("?", "?"))
        hands[(sid, hand_no)] = HandSummary(sid, name, hand_no, at, [str(s[1]) for s in seats],
                                            [int(s[0]) for s in seats], profile=profile,
                                            currency=currencies.get(sid, "USD"))
        return
    summary = hands.get((sid, hand_no))
    if summary is None:
        return  # rows between hands (an undo never is; a ruling on the table may be)
    if kind == "hand_end":
        pots = _payload(text).get("pots") or []
        summary.pot = sum(int(p.get("amount", 0)) for p in pots if isinstance(p, dict))
        summary.seal, summary.ended = seal_code(digest), at
    elif kind == "undo":
        summary.undos += 1
    elif kind == "irregularity":
        summary.irregularities += 1
    elif kind == "ruling":
        summary.rulings += 1


def _payload(text: str) -> dict:
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
