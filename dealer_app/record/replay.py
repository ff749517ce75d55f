"""A table session's rows replayed through the engine, one row at a time: the one replay every
reader of a record shares.

The live table resumes by it and the export rebuilds each hand by it (live/resume.py), the record
service replays every commit's rows by it before it writes them (recordsvc/session_order.py),
and the record's check replays every table by it (record/integrity.py). A row replays when the
engine can make it and, where the row states a result, the engine's result is the row's:

- a ``hand_end`` ends the hand being dealt, once its awards are confirmed, with the pots and nets
  the engine gives (a made-up result for a hand, signed by whoever holds the key, the seventh
  attack pass's, names the row);
- a ``leave`` names the player in the seat and cashes out the stack the seat holds (T-4: the
  player takes their stack), no more;
- a ``resume`` names its own table session.

A row that does not replay is EngineError (or the KeyError, TypeError … of a row not shaped as
written); each reader says it in its words with the table and the row.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from dealer_app.engine.errors import EngineError
from dealer_app.engine.limits import (
    HouseProfile,
    LimitTable,
    load_profile,
    load_table,
    profile_from_record,
    table_from_record,
)
from dealer_app.engine.money import MAX_CENTS
from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.engine.session import TableSession
from dealer_app.record.fold import InputFold
from dealer_app.record.inputs import DealerInput, SwitchGame, input_from_json
from dealer_app.record.rows import (
    GIVING_KINDS,
    ROW_KINDS,
    STORE_WRITES,
    CloseTableRow,
    FloorRefusedRow,
    HandEndRow,
    HandStartRow,
    LeaveRow,
    OpenTableRow,
    ResumeRow,
    RulingRow,
    SitInRow,
    SitOutRow,
    SitRow,
    SwitchGameRow,
    TopUpRow,
    UndoRow,
)

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping, Sequence
    from pathlib import Path

    from dealer_app.engine.hand import Hand

REPLAY = "replay"  # Problem.what of a row whole by its hash or signature that the engine cannot make
# Inputs in force in one hand, at most. A hand dealt by people holds a few hundred at the very most
# (eight players, five streets, capped raises); heads-up raising without a cap (L-7) is bounded only
# by the stacks, and each undo replays the hand from its start: a hand of thousands, each input
# undone, made every reader's replay quadratic (the review of the eighth pass: 2,000 undos, 12 s).
MAX_HAND_INPUTS = 1000

# an input as the record keeps it: its JSON list (record/inputs.py)
RecordedInput = list[Any]


@dataclass
class TableState:
    """A table as its rows so far make it: the engine's session and the record's fold (hand
    number, inputs in force, redo stack). The live table holds one and swaps it in whole on
    resume."""

    session: TableSession
    session_id: int | None
    fold: InputFold = field(default_factory=InputFold)

    @property
    def hand_no(self) -> int:
        return self.fold.hand_no

    @property
    def inputs(self) -> list[RecordedInput]:
        return self.fold.inputs

    @property
    def redo_stack(self) -> list[RecordedInput]:
        return self.fold.redo_stack


# what one replayed row yields: a hand it ended (its number and the hand), or the table at the end
Step = tuple[Literal["hand"], tuple[int, "Hand | None"]] | tuple[Literal["state"], TableState]


def rules_of(first: Mapping[str, Any], limits_dir: Path | None = None) -> tuple[LimitTable, HouseProfile]:
    """The limit table and profile of an ``open_table`` row as played (records keep them since
    they kept them); an older record names them only, and they are loaded by name."""
    if "limit_table" in first and "house_profile" in first:
        return table_from_record(first["limit_table"]), profile_from_record(first["house_profile"])
    return load_table(first["table"], limits_dir), load_profile(first["profile"], limits_dir)


def apply_input(hand: Hand, inp: RecordedInput | DealerInput) -> None:
    """One recorded dealer input, applied to the engine (the record's vocabulary: record/inputs.py)."""
    input_from_json(inp).apply_to(hand)


def replay_inputs(session: TableSession, inputs: Sequence[RecordedInput | DealerInput]) -> Hand:
    """The session's current hand as it was dealt, with ``inputs`` applied (undo, trial, resume)."""
    hand = session.fresh_copy_of_hand()
    for inp in inputs:
        apply_input(hand, inp)
    return hand


def apply_chips(session: TableSession, chips: Mapping[str, int]) -> None:
    """A ruling's chips, moved between the seats still at the table (between hands, I-3). A seat
    that has left keeps its claim in the record (the ruling names it), off the table."""
    for seat, delta in chips.items():
        player = session.seats.get(int(seat))
        if player is not None:
            player.stack += int(delta)


def hand_end_payload(hand: Hand) -> dict[str, Any]:
    """The awards as the engine confirms them: each pot (amount, eligible seats, winners) and
    every seat's net — the ``hand_end`` row's payload, as the record keeps it (JSON's shape)."""
    pots = [
        {"amount": p["amount"], "eligible": p["eligible"], "winners": {str(k): v for k, v in p["winners"].items()}}
        for p in hand.pots_awarded
    ]
    payload: dict[str, Any] = json.loads(
        json.dumps(HandEndRow(pots, {str(k): v for k, v in hand.net().items()}).to_dict())
    )
    return payload


def _check_hand_end(hand: Hand, payload: Mapping[str, Any]) -> None:
    """A hand_end states the engine's awards: EngineError naming the first difference."""
    given = json.loads(json.dumps({"pots": payload.get("pots"), "net": payload.get("net")}))
    made = hand_end_payload(hand)
    for key, words in (
        ("net", QT_TRANSLATE_NOOP("Errors", "the hand's end states the nets %1, the engine gives %2")),
        ("pots", QT_TRANSLATE_NOOP("Errors", "the hand's end states the pots %1, the engine gives %2")),
    ):
        if given[key] != made[key]:
            raise EngineError(
                says(
                    words,
                    json.dumps(given[key], sort_keys=True)[:200],
                    json.dumps(made[key], sort_keys=True)[:200],
                )
            )


def _check_leave(session: TableSession, payload: Mapping[str, Any]) -> None:
    """A leave names the seat's player and cashes out the seat's stack (records from before
    cash-outs were kept name neither)."""
    player = session.seats.get(payload["seat"]) if isinstance(payload["seat"], int) else None
    if player is None:
        return  # (the engine's leave names the empty seat)
    if "name" in payload and payload["name"] != player.name:
        raise EngineError(
            says(
                QT_TRANSLATE_NOOP("Errors", "the leave names %1, but %2 sits in seat %3"),
                str(payload["name"])[:60],
                player.name,
                player.seat,
            ),
            ("T-4",),
        )
    if "cash_out" in payload and payload["cash_out"] != player.stack:
        raise EngineError(
            says(
                QT_TRANSLATE_NOOP("Errors", "the leave cashes out %1 cents, but seat %2 holds %3 cents"),
                repr(payload["cash_out"])[:40],
                player.seat,
                player.stack,
            ),
            ("T-4",),
        )


def _check_chips(chips: object) -> None:
    """A ruling moves chips between seats (I-3): whole cents, by seat number, that add up to nothing."""
    if (
        not isinstance(chips, dict)
        or not all(isinstance(k, str) and k.isdigit() and len(k) <= 3 and _whole(v) for k, v in chips.items())
        or sum(chips.values()) != 0
    ):
        raise EngineError(
            says(
                QT_TRANSLATE_NOOP(
                    "Errors", "the ruling's chips %1 do not add up to nothing (a ruling moves chips between seats)"
                ),
                json.dumps(chips, default=repr)[:120],
            ),
            ("I-3",),
        )


def _whole(value: object) -> bool:
    return type(value) is int and abs(value) <= MAX_CENTS


def check_room_for_input(in_force: int) -> None:
    """Another input in a hand holding ``in_force``: at most ``MAX_HAND_INPUTS`` (I-3)."""
    if in_force >= MAX_HAND_INPUTS:
        raise EngineError(
            says(
                QT_TRANSLATE_NOOP("Errors", "a hand holds at most %1 inputs: the floor decides how it goes on"),
                MAX_HAND_INPUTS,
            ),
            ("I-3",),
        )


def _is(value: object, number: int) -> bool:
    """``value`` is the whole number ``number`` (not True for 1, not 1.0)."""
    return type(value) is int and value == number


def _check_next_hand(state: TableState, hand_no: int, payload: Mapping[str, Any]) -> None:
    """A hand is dealt as the next hand of its table, its row's number the one it names."""
    if hand_no != state.fold.hand_no + 1 or not _is(payload.get("hand", hand_no), hand_no):
        raise EngineError(
            says(
                QT_TRANSLATE_NOOP(
                    "Errors", "hand %1 is dealt after hand %2 (its row names hand %3): the next hand is %4"
                ),
                hand_no,
                state.fold.hand_no,
                repr(payload.get("hand", hand_no))[:40],
                state.fold.hand_no + 1,
            )
        )


def _check_hand_dealt(state: TableState, hand_no: int, kind: str) -> None:
    """An input, an undo or a hand's end is a row of the hand being dealt, by its number."""
    if hand_no != state.fold.hand_no:
        raise EngineError(
            says(
                QT_TRANSLATE_NOOP("Errors", "a %1 row of hand %2 while hand %3 is dealt"),
                kind,
                hand_no,
                state.fold.hand_no,
            )
        )


def replay_row(state: TableState, hand_no: int, kind: str, payload: dict[str, Any]) -> Iterator[Step]:
    """One recorded row applied to the table being rebuilt; yields a hand that it ends.
    The inputs in force are the record's fold; the seats and the hand are the table's."""
    s = state.session
    if kind == SitRow.kind and payload.get("confirmed_by"):  # stacks the floor confirmed: its count, no buy-in
        s.seat_as_played(payload["seat"], payload["name"], payload["buy_in"])
    elif kind == SitRow.kind:
        s.sit(payload["seat"], payload["name"], payload["buy_in"])
    elif kind == TopUpRow.kind:
        s.top_up(payload["seat"], payload["amount"])
    elif kind == LeaveRow.kind:
        _check_leave(s, payload)
        s.leave(payload["seat"])
    elif kind in (SitOutRow.kind, SitInRow.kind):
        s.set_sitting_out(payload["seat"], kind == SitOutRow.kind)
    elif kind == HandStartRow.kind:
        if s.hand is not None and s.hand.phase == "done":
            s.finish_hand()  # records before the awards were confirmed apart
        _check_next_hand(state, hand_no, payload)
        state.fold.take(kind, payload, hand_no)
        h = s.new_hand()
        dealt = [[p.seat, p.name, p.start] for p in h.players]
        if "seats" in payload and payload["seats"] != dealt:
            raise EngineError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the record dealt %1, the table deals %2"),
                    json.dumps(payload["seats"], default=repr)[:200],
                    json.dumps(dealt)[:200],
                )
            )
    elif kind in GIVING_KINDS:
        check_room_for_input(len(state.fold.inputs))
        if s.hand is None:
            raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "an input before the hand was dealt")))
        _check_hand_dealt(state, hand_no, kind)
        apply_input(s.hand, payload["input"])
        state.fold.take(kind, payload, hand_no)
    elif kind == SwitchGameRow.kind:  # M-2: the floor's switch, between hands (the rotation as it was)
        switch = input_from_json(payload["input"])
        if not isinstance(switch, SwitchGame):
            raise EngineError(
                says(QT_TRANSLATE_NOOP("Errors", "a switch_game row holds %1"), repr(payload["input"])[:80])
            )
        switch.apply_to_session(s)
    elif kind == RulingRow.kind and payload.get("chips"):
        _check_chips(payload["chips"])
        if s.hand is None:
            apply_chips(s, payload["chips"])  # I-3: the floor's compensating record
    elif kind == UndoRow.kind:
        _check_hand_dealt(state, hand_no, kind)
        state.fold.take(kind, payload, hand_no)
        s.replace_hand(replay_inputs(s, state.inputs))
    elif kind == HandEndRow.kind:
        if s.hand is None:  # (a second end of one hand: written from source, the seventh attack pass)
            raise EngineError(says(QT_TRANSLATE_NOOP("Errors", "a hand_end row with no hand being dealt")))
        _check_hand_dealt(state, hand_no, kind)
        s.check_finish()  # (the awards confirmed: a hand still being dealt has none)
        _check_hand_end(s.hand, payload)
        yield "hand", (state.hand_no, s.hand)
        s.finish_hand()
        state.fold.take(kind, payload, hand_no)
    elif kind not in ROW_KINDS:  # (the eighth attack pass signed rows of kinds nobody reads)
        raise EngineError(
            says(QT_TRANSLATE_NOOP("Errors", "a row of kind %1, which the record never writes"), kind[:40])
        )
    elif kind == ResumeRow.kind and state.session_id is not None and not _is(payload.get("session"), state.session_id):
        raise EngineError(
            says(
                QT_TRANSLATE_NOOP("Errors", "the resume row names table session %1, not its own (%2)"),
                repr(payload.get("session"))[:40],
                state.session_id,
            )
        )


# what a row that does not replay raises: the engine's refusal, or a row not shaped as written
# (a missing key, a string for a seat …, rules of a 0-cent chip dividing by zero); CardError and
# LimitsError are ValueErrors
REPLAY_ERRORS = (EngineError, LookupError, TypeError, AttributeError, ValueError, ArithmeticError)


def why_not(exc: Exception) -> Says | str:
    """A replay's refusal in words: the engine's sentence, or what the row held instead."""
    if isinstance(exc, EngineError):
        return exc.says or exc.message
    return f"{exc.__class__.__name__}: {str(exc)[:200]}"


def opened_table(first: Mapping[str, Any], session_id: int | None, limits_dir: Path | None = None) -> TableState:
    """The table an ``open_table`` row opens, before its seats (REPLAY_ERRORS: not readable)."""
    table, profile = rules_of(first, limits_dir)
    return TableState(TableSession(table, profile), session_id)


def replay_one(state: TableState, hand_no: int, kind: str, payload: dict[str, Any]) -> None:
    """``replay_row`` for a reader that wants the table, not the hands it ends."""
    for _step in replay_row(state, hand_no, kind, payload):
        pass


# what a closed table may still receive: the floor's rulings and refused tries, the store's own rows
AFTER_CLOSE = frozenset({RulingRow.kind, FloorRefusedRow.kind}) | STORE_WRITES


@dataclass
class SessionReplays:
    """Every table session of a stream of rows in row order, each replayed as its rows come:
    the record's check (record/integrity.py) and the room's readers (room/room_check.py).

    A row that does not replay is said, and every hand of its table after it is said too: what
    the record says after it — stacks, hand numbers, rows between hands — nothing proves (the
    ninth attack pass: one cheap bad row, then hands of made-up stacks, a hand dealt again, a huge
    cash-out between hands, each whole to the hand list). The table is taken up again at its next
    hand's start, numbered as the next hand, from the seats and stacks that row names
    (``_taken_up``), so each later hand's own inputs are still replayed. A row its reader cannot
    trust (an edit the reader names itself) stops the table's replay until then too. After a
    table's ``close_table`` row only the floor's rows and the store's own may follow."""

    tables: dict[int, TableState | None] = field(default_factory=dict)
    closed: set[int] = field(default_factory=set)
    # a table waiting for its next hand's start (its rules, to take it up from that row)
    waiting: dict[int, TableState] = field(default_factory=dict)
    # a table with a row that does not replay: that row's hand and kind (every later hand is said)
    failed: dict[int, tuple[int, str]] = field(default_factory=dict)
    # tables waiting after an edit their reader names: taken up at whatever hand comes next (the
    # edit may be of the hand's start itself; its number is not the key holder's doing)
    edited: set[int] = field(default_factory=set)

    def take(
        self, session: int, seq: int, hand: int, kind: str, payload: object, trusted: bool = True
    ) -> Says | str | None:
        """The row replayed onto its table: why it does not replay, or None. ``payload``: the
        row's content as read (a dict, or whatever else its JSON held: None if unreadable);
        ``trusted`` False: the reader names the row itself (an edit), so it is not replayed."""
        why = self._take(session, seq, hand, kind, payload, trusted)
        if why is not None:
            self.failed.setdefault(session, (hand, kind))
            return why
        if kind == HandStartRow.kind and session in self.failed:
            first_hand, first_kind = self.failed[session]
            return says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "hand %1 comes after the %2 row of hand %3, which does not replay: the stacks it starts "
                    "with are the record's word only",
                ),
                hand,
                first_kind[:40],
                first_hand,
            )
        return None

    def _take(self, session: int, seq: int, hand: int, kind: str, payload: object, trusted: bool) -> Says | str | None:
        if not trusted:  # (named by its reader as an edit: never blamed on the key's holder)
            self._stop_at(session)
            self.edited.add(session)
            return None
        if not isinstance(payload, dict):  # (the eighth pass: a signed ("input", []) switched the replay off)
            self._stop_at(session)
            return says(
                QT_TRANSLATE_NOOP("Errors", "the %1 row's content is not a record row (a JSON object)"), kind[:40]
            )
        if session in self.closed:
            if kind in AFTER_CLOSE:
                return None
            return says(QT_TRANSLATE_NOOP("Errors", "a %1 row after the table was closed"), kind[:40])
        if kind == CloseTableRow.kind:
            self.closed.add(session)
            self.tables.pop(session, None)
            self.waiting.pop(session, None)
            return None
        if seq == 1 and payload is not None:
            self.tables[session] = None
            if kind != OpenTableRow.kind:
                return says(
                    QT_TRANSLATE_NOOP("Errors", "the table's first row is a %1 row, not its open_table row"), kind[:40]
                )
            try:
                self.tables[session] = opened_table(payload, session)
            except REPLAY_ERRORS as exc:  # (the eighth pass: a table of unreadable rules was never replayed)
                return says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "the table's limit table or profile cannot be read (%1): its rows are not replayed"
                    ),
                    why_not(exc),
                )
            return None
        table = self.tables.get(session)
        if table is None:
            return self._taken_up(session, hand, kind, payload)
        try:
            replay_one(table, hand, kind, payload)
        except REPLAY_ERRORS as exc:
            self._wait(session, table)
            return why_not(exc)
        return None

    def copy(self) -> SessionReplays:
        """A copy to replay on, the original left as it was. What no replay changes is shared,
        not copied: the rules, and who left (a frozen record each; a long session's hundreds of
        departed players made each copy of the room console's walk 40 ms)."""
        shared: dict[int, object] = {}
        for table in (*self.tables.values(), *self.waiting.values()):
            if table is not None:
                session = table.session
                for kept in (session.table, session.profile, *session.departed.values()):
                    shared[id(kept)] = kept
        return copy.deepcopy(self, shared)

    def _stop_at(self, session: int) -> None:
        """The table's replay waits for its next hand (a row it cannot read)."""
        table = self.tables.get(session)
        if table is not None:
            self._wait(session, table)

    def _wait(self, session: int, table: TableState) -> None:
        self.tables[session] = None
        self.waiting[session] = table

    def _taken_up(self, session: int, hand: int, kind: str, payload: dict[str, Any] | None) -> Says | str | None:
        """A table waiting is taken up at a hand's start, seated as that row names it: the players
        it deals with the stacks it names; the others as they sat (a player dealt into the hand
        that did not replay, and not dealt now, with no chips); at a mixed table the rotation
        moved on past that hand, and the game the row names (M-2, M-3)."""
        was = self.waiting.get(session)
        if was is None or kind != HandStartRow.kind or payload is None or not isinstance(payload.get("seats"), list):
            return None  # (a hand_start of an old record names no seats: it waits on)
        old = was.session
        table = TableState(TableSession(old.table, old.profile), session)
        mix = old.mix
        if mix is not None and old.hand is not None and old.hand.voided is None:
            mix.hand_dealt(old.seats)  # (the hand that did not replay, as if its awards were confirmed)
        game = payload.get("game")
        if mix is not None and isinstance(game, str) and game in mix.rotation.games:
            mix.index = mix.rotation.games.index(game)
        table.session.mix, table.session.departed = mix, old.departed
        table.fold.hand_no = hand - 1
        in_last = {p.seat for p in old.hand.players} if old.hand is not None else set()
        try:
            if session not in self.edited:  # (the ninth pass dealt hand 1 again after a bad row)
                _check_next_hand(was, hand, payload)
            for seat, name, stack in payload["seats"]:
                table.session.seat_as_played(seat, name, stack)
            for seat, player in sorted(old.seats.items()):
                if seat not in table.session.seats:
                    table.session.seat_as_played(seat, player.name, 0 if seat in in_last else player.stack)
                    table.session.seats[seat].sitting_out = player.sitting_out
            replay_one(table, hand, kind, payload)
        except REPLAY_ERRORS as exc:
            return why_not(exc)
        self.tables[session] = table
        del self.waiting[session]
        self.edited.discard(session)
        return None


__all__ = [
    "MAX_HAND_INPUTS",
    "REPLAY",
    "REPLAY_ERRORS",
    "RecordedInput",
    "SessionReplays",
    "Step",
    "TableState",
    "apply_chips",
    "apply_input",
    "check_room_for_input",
    "hand_end_payload",
    "opened_table",
    "replay_inputs",
    "replay_one",
    "replay_row",
    "rules_of",
    "why_not",
]
