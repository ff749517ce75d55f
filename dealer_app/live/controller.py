"""The live table's controller: the dealer's inputs in, a snapshot of the table out.

Qt-free (the widgets observe it through ``listeners``). Three rules keep the chips right:

- **One owner.** The hand being played is ``session.hand``; ``controller.hand`` only reads it.
- **Record first.** An input is tried on a hand rebuilt from the committed inputs plus this
  one; its rows (the input and the events it caused) are committed; only then does that hand
  become the table's. A refused input or a failed write leaves the table as it was.
- **Rebuilt, never patched.** Undo and redo replay the remaining inputs into a fresh hand with
  the same seats and stacks, so the engine stays the only place where rules live and an undone
  input leaves no trace but its record row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from dealer_app.engine.cards import CardArg, CardError, format_card, parse_card, parse_cards
from dealer_app.engine.errors import EngineError
from dealer_app.engine.irregularities import IRREGULARITIES
from dealer_app.engine.limits import (
    LimitsError,
    as_played,
    load_profile,
    load_table,
    profile_from_record,
    table_from_record,
)
from dealer_app.engine.says import QT_TRANSLATE_NOOP, ActionArg, ListArg, MoneyArg, Says, says
from dealer_app.engine.session import TableSession, check_player_name
from dealer_app.live.presentation import (
    KEYS,
    SECOND_KEYS,
    ActionChoice,
    SeatView,
    StreetDeal,
    TablePresentation,
    decisions_of,
)
from dealer_app.live.prompts import Prompt
from dealer_app.record.fold import InputFold
from dealer_app.record.inputs import Act, Common, Deal, DealerInput, Irregularity, Muck, River, Show, input_from_json
from dealer_app.record.rows import (
    GIVING_KINDS,
    CloseTableRow,
    HandEndRow,
    HandStartRow,
    InputRow,
    IrregularityRow,
    LeaveRow,
    OpenTableRow,
    RecordRow,
    RedoRow,
    ResumeRow,
    RulingRow,
    SitInRow,
    SitOutRow,
    SitRow,
    TopUpRow,
    UndoRow,
)
from dealer_app.record.store import RecordError, SessionLocked, StoreError

if TYPE_CHECKING:
    from dealer_app.engine.hand import Hand
    from dealer_app.engine.showdown import PotListing

# what other modules import from here: the controller's views and its prompt
__all__ = [
    "KEYS",
    "SECOND_KEYS",
    "ActionChoice",
    "CardNotDue",
    "InputError",
    "OpenTable",
    "Prompt",
    "RecordFailure",
    "SeatView",
    "TableController",
    "apply_input",
    "replay_inputs",
]


class InputError(ValueError):
    """Bad input from the dealer: shown inline, nothing changes. ``message`` is the English;
    ``says`` the same sentence as data (engine/says.py), for the dealer's language."""

    def __init__(self, message: str | Says, rules=()):
        super().__init__(str(message))
        self.message, self.rules = str(message), tuple(rules)
        self.says = message if isinstance(message, Says) else None


class CardNotDue(InputError):
    """A card typed when none is due: ``street`` is the street the dealer's last card completed
    (so the card is one too many for it), or None when no card was just dealt."""

    def __init__(self, message: str | Says, card: str, street: int | None):
        super().__init__(message, ("D-2",) if street is not None else ())
        self.card, self.street = card, street


class RecordFailure(InputError):
    """The record could not be written, so the input was not applied (the reason in words)."""


class OpenTable(tuple):
    """A table the record left open: ``(session_id, table, profile, opened_at)`` as before,
    with what the dealer needs to recognise it (players, hand, street, last input) and, if
    it cannot be resumed, why (``problem``)."""

    players: list[str]
    hand_no: int
    stage: str  # "between hands", "third street", "awards" …
    last_at: str
    problem: str | None
    problem_says: Says | None
    in_use: bool
    last_input: list | None  # the hand's last input (the record's vocabulary), None between hands
    currency: str
    last_row: int  # the id of its last row: the largest is the table played last
    failing: bool  # its rows fail the record's check: only the floor closes it
    seats: list  # (seat, name, stack) as its record last says (for the floor to count against)
    limit_table: object  # the LimitTable it is played with (its title for the list), None if unreadable
    house: object  # its HouseProfile, likewise

    def __new__(cls, session_id: int, table: str, profile: str, opened_at: str, **info):
        self = super().__new__(cls, (session_id, table, profile, opened_at))
        self.players = info.get("players", [])
        self.hand_no = info.get("hand_no", 0)
        self.stage = info.get("stage", "")
        self.last_at = info.get("last_at") or opened_at
        self.problem = info.get("problem")
        self.in_use = info.get("in_use", False)
        self.last_input = info.get("last_input")
        self.currency = info.get("currency", "USD")
        self.problem_says = info.get("problem_says")  # the same, as data (the reader's language)
        self.last_row = info.get("last_row", 0)
        self.failing = bool(info.get("failing"))
        self.seats = info.get("seats", [])
        self.limit_table = info.get("limit_table")
        self.house = info.get("house")
        return self

    @property
    def session_id(self) -> int:
        return self[0]

    @property
    def table(self) -> str:
        return self[1]

    @property
    def profile(self) -> str:
        return self[2]

    @property
    def opened_at(self) -> str:
        return self[3]


STREET_NAMES = {3: "third street", 4: "fourth street", 5: "fifth street", 6: "sixth street", 7: "seventh street"}


def apply_input(hand: Hand, inp: list | DealerInput) -> None:
    """One recorded dealer input, applied to the engine (the record's vocabulary: record/inputs.py)."""
    input_from_json(inp).apply_to(hand)


def _apply_chips(session: TableSession, chips: dict) -> None:
    """A ruling's chips, moved between the seats still at the table (between hands). A seat
    that has left keeps its claim in the record (the ruling names it), off the table."""
    for seat, delta in chips.items():
        player = session.seats.get(int(seat))
        if player is not None:
            player.stack += int(delta)


# the remedies that void a hand: a floor-only act (the floor PIN), and never undone by the dealer
FLOOR_IRREGULARITIES = ("I-6", "I-7")


def replay_inputs(session: TableSession, inputs: list) -> Hand:
    """The session's current hand as it was dealt, with ``inputs`` applied (undo, trial, resume)."""
    hand = session.fresh_copy_of_hand()
    for inp in inputs:
        apply_input(hand, inp)
    return hand


def _as_input_error(exc: Exception) -> InputError:
    said = getattr(exc, "says", None)
    return InputError(said or getattr(exc, "message", None) or str(exc), getattr(exc, "rules", ()))


@dataclass
class _TableState:
    """Everything the controller holds about one table; swapped in whole on resume. Its hand
    number, inputs in force and redo stack are the record's fold (record/fold.py)."""

    session: TableSession
    session_id: int | None
    fold: InputFold = field(default_factory=InputFold)

    @property
    def hand_no(self) -> int:
        return self.fold.hand_no

    @property
    def inputs(self) -> list:
        return self.fold.inputs

    @property
    def redo_stack(self) -> list:
        return self.fold.redo_stack


class TableController:
    """The live table: a session with its hand, the dealer's inputs (each recorded before it
    is applied), undo and redo, seat changes between hands, and resuming from the record.
    What the screen reads (the prompt, the choices, the seats) is its ``presentation``'s, a
    ``TablePresentation`` of the table as it stands; the controller passes each read on."""

    def __init__(self, store=None, limits_dir=None):
        self.store = store
        self.limits_dir = limits_dir
        self.listeners: list = []
        self.session: TableSession | None = None
        self.session_id: int | None = None
        self.hand_no = 0
        self.inputs: list[list] = []
        self.redo_stack: list[list] = []
        self.ruling_events: list = []  # the hand's decisions with words and rule IDs, as events
        self.floor_notice: Says | None = None  # why the stacks last changed by a floor ruling
        self.undo_count = 0
        self._spare: Hand | None = None  # see _tried
        self._fresh_events: list = []  # what the latest input caused, for the dealer's next steps
        self._fresh_key: tuple = ()
        self._shown: TablePresentation | None = None  # see presentation
        self.last_seal = None  # the last finished hand's seal (record/chain.Anchor), once committed
        self.seal_problem: str | None = None  # why that seal is not in the anchors file, if it is not

    @classmethod
    def playing_on(cls, session: TableSession, hand_no: int, inputs: list[list]) -> TableController:
        """A controller with no record on a table whose hand has ``inputs`` applied: the
        floor's "what if" plays on from a recorded moment, and nothing of it is stored."""
        c = cls(store=None)
        c._install(_TableState(session, None, InputFold(hand_no, [list(i) for i in inputs])))
        return c

    # --- what the screen reads: the presentation's (live/presentation.py) ----------------------
    @property
    def hand(self) -> Hand | None:
        """The hand on the table: the session's, the only copy there is."""
        return self.session.hand if self.session is not None else None

    @property
    def presentation(self) -> TablePresentation:
        """The table as it stands, for the screen: kept until the session, the hand, the hand
        number, the inputs or the last seal change, then built again."""
        shown = self._shown
        if shown is None or not shown.shows(self.session, self.hand_no, self.inputs, self.last_seal):
            known = self._fresh_key == (id(self.hand), len(self.inputs))
            shown = self._shown = TablePresentation(
                self.session,
                self.hand_no,
                self.inputs,
                last_seal=self.last_seal,
                replay=self._replayed,
                last_events=self._fresh_events if known else None,
            )
        return shown

    def money(self, cents: int) -> str:
        return self.presentation.money(cents)

    def prompt(self) -> Prompt:
        return self.presentation.prompt()

    def choices(self) -> list[ActionChoice]:
        return self.presentation.choices()

    def seats(self) -> list[SeatView]:
        return self.presentation.seats()

    def street_deal(self) -> StreetDeal | None:
        return self.presentation.street_deal()

    def pots(self) -> list[tuple[int, list[int]]]:
        return self.presentation.pots()

    def status(self) -> dict:
        return self.presentation.status()

    def awards(self) -> list[PotListing]:
        return self.presentation.awards()

    def awarded_pots(self) -> list:
        return self.presentation.awarded_pots()

    def best_so_far(self) -> list[tuple[str, list[int], str]]:
        return self.presentation.best_so_far()

    def best_hands_so_far(self) -> list:
        return self.presentation.best_hands_so_far()

    def voided(self):
        return self.presentation.voided()

    def shortage_warning(self):
        return self.presentation.shortage_warning()

    def warning(self) -> str:
        return self.presentation.warning()

    def seen_cards(self) -> set[str]:
        return self.presentation.seen_cards()

    def hand_in_progress(self) -> bool:
        return self.presentation.hand_in_progress()

    # --- plumbing -----------------------------------------------------------------------------
    def _notify(self, change: str):
        for listener in list(self.listeners):
            listener(change)

    def _commit(self, rows, hand_no: int | None = None):
        """Write rows to the record, or refuse with the reason: nothing is applied before this."""
        if self.store is None or self.session_id is None or not rows:
            return
        try:
            self._sealed(self.store.append(self.session_id, self.hand_no if hand_no is None else hand_no, rows))
        except RecordError as exc:
            raise RecordFailure(exc.says or str(exc)) from exc

    def _sealed(self, seals):
        """A hand's end was committed: its seal is what the dealer is shown (and whether the
        anchors file has it)."""
        if seals:
            self.last_seal = seals[-1]
            self.seal_problem = getattr(self.store, "anchor_problem", None)

    @staticmethod
    def _guard(fn, *args):
        try:
            return fn(*args)
        except (EngineError, CardError) as exc:
            raise _as_input_error(exc) from None

    # --- table ----------------------------------------------------------------------------------
    def open_table(
        self, table: str, profile: str | None, players: list[tuple[int, str, int]], floor: tuple[str, str] | None = None
    ):
        """Seat players (seat, name, buy-in in cents). Refuses the whole table on a bad seat.
        ``floor`` (name, PIN): a table opened from stacks the floor confirms — after a table
        whose record failed its check was closed — the floor's act: the stacks are the floor's
        count, not buy-ins, so T-3 is not judged; the record says who confirmed them."""
        confirmed = self._floor_confirms(floor) if floor is not None else None
        if not isinstance(table, str) or not (profile is None or isinstance(profile, str)):
            raise InputError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "a limit table and a profile are named by text, not %1 / %2"),
                    repr(table),
                    repr(profile),
                )
            )
        if not isinstance(players, (list, tuple)):
            raise InputError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the players are a list of (seat, name, buy-in), not %1"), repr(players)
                ),
                ("T-1",),
            )
        try:
            t = load_table(table, self.limits_dir)
            p = load_profile(profile or t.profile, self.limits_dir)
        except LimitsError as exc:  # file:line: field: problem
            raise InputError(str(exc)) from None
        except OSError as exc:
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: the limit table cannot be read (%2)"), table, exc)
            ) from None
        session = TableSession(t, p)
        for entry in players:
            if not isinstance(entry, (tuple, list)) or len(entry) != 3:
                raise InputError(
                    says(QT_TRANSLATE_NOOP("Errors", "a player is (seat, name, buy-in in cents), not %1"), repr(entry)),
                    ("T-1",),
                )
            seat, name, buy_in = entry
            try:
                session.check_new_name(seat, name)
                if confirmed is not None and isinstance(name, str):
                    check_player_name(name)
                    session.seat_as_played(seat, name.strip() or f"Seat {seat}", buy_in)
                else:
                    session.sit(seat, name, buy_in)
            except EngineError as exc:
                shown = (
                    "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in name) if isinstance(name, str) else ""
                )
                if shown.strip():
                    who = says(QT_TRANSLATE_NOOP("Errors", "seat %1 (%2)"), seat, shown.strip())
                else:
                    who = says(QT_TRANSLATE_NOOP("Errors", "seat %1"), seat)
                raise InputError(says("%1: %2", who, exc.says or exc.message), exc.rules) from None
        if len(session.seats) < 2:
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "seat at least two players")), ("T-1",))
        rows: list[RecordRow] = [OpenTableRow(t.name, p.name, as_played(t), as_played(p), confirmed)]
        rows += [SitRow(s, session.seats[s].name, session.seats[s].stack, confirmed) for s in sorted(session.seats)]
        session_id = None
        if self.store is not None:
            try:
                session_id = self.store.open_session(t.name, p.name, rows)
                self.store.lock_session(session_id)
            except StoreError as exc:
                raise RecordFailure(exc.says or str(exc)) from exc
            if self.session_id is not None:
                self.store.unlock_session(self.session_id)
        self._install(_TableState(session, session_id))
        self.last_seal = None
        self._notify("table")

    def close_table(self):
        """Table → Close: the record marks the table closed; it is no longer offered to resume.
        A hand still open stays in the record as it was, unfinished."""
        if self.session is None:
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "no table is open")))
        if self.store is not None and self.session_id is not None:
            try:
                self.store.close_session(
                    self.session_id, [CloseTableRow(hand_open=self.hand is not None)], self.hand_no
                )
            except RecordError as exc:
                raise RecordFailure(exc.says or str(exc)) from exc
        self.session, self.session_id, self.hand_no = None, None, 0
        self.inputs, self.redo_stack, self.ruling_events = [], [], []
        self._notify("table")

    def close_open_table(self, session_id: int, floor: tuple[str, str] | None = None):
        """Close a table the record left open without resuming it (the resume list's Close).
        A table whose rows fail the record's check is closed by the floor only (``floor``:
        name and PIN), recorded as the floor's act."""
        if session_id == self.session_id:
            return self.close_table()
        if self.store is None:
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "there is no hand record")))
        if self.store.session_in_use(session_id):
            raise InputError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "this table (session %1) is open in another dealer-app window"),
                    session_id,
                )
            )
        if session_id not in {row[0] for row in self.store.open_sessions()}:
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "session %1 is not an open table in the record"), session_id)
            )
        row = CloseTableRow(resumed=False)
        failing = self._failing(session_id)
        if failing is not None and self.store.last_row_id(session_id) > 0:  # (no rows: a crash, nothing dealt)
            if floor is None:
                raise InputError(
                    says(
                        QT_TRANSLATE_NOOP(
                            "Errors",
                            "a table whose record fails its check is closed by the floor: the floor's name and PIN",
                        )
                    ),
                    ("I-3",),
                )
            row = CloseTableRow(resumed=False, by=self._floor_confirms(floor), failing=str(failing))
        try:
            self.store.close_session(session_id, [row], self.store.last_hand_no(session_id))
        except RecordError as exc:
            raise RecordFailure(exc.says or str(exc)) from exc

    def _install(self, state: _TableState):
        self._spare = None
        self.session, self.session_id, self.hand_no = state.session, state.session_id, state.hand_no
        self.inputs, self.redo_stack = state.inputs, state.redo_stack
        self._collect_rulings()

    def _open_session(self) -> TableSession:
        """The table's session, or the refusal to do anything before a table is open."""
        if self.session is None:
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "open a table first")))
        return self.session

    def _hand_now(self) -> Hand:
        """The hand being played, or the refusal to play before one is dealt."""
        session = self._open_session()
        if session.hand is None:
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "start a hand first")))
        return session.hand

    def _between_hands(self) -> TableSession:
        return self._open_session()

    def check_seat_change(self):
        """Refuses (T-4) while a hand or its award is open: seats change between hands."""
        session = self._between_hands()
        if session.hand is not None:
            self._guard(session.check_between_hands, says(QT_TRANSLATE_NOOP("Errors", "seats change")))

    def seat_player(self, seat: int, name: str, buy_in: int):
        session = self._between_hands()
        self._guard(session.check_sit, seat, name, buy_in)
        self._guard(session.check_new_name, seat, name)
        self._commit([SitRow(seat, name.strip() or f"Seat {seat}", buy_in)])
        session.sit(seat, name, buy_in)
        self._notify("seats")

    def top_up(self, seat: int, amount: int):
        session = self._between_hands()
        self._guard(session.check_top_up, seat, amount)
        self._commit([TopUpRow(seat, amount)])
        session.top_up(seat, amount)
        self._notify("seats")

    def set_sitting_out(self, seat: int, out: bool):
        session = self._between_hands()
        self._guard(session.check_sitting_out, seat)
        self._commit([SitOutRow(seat) if out else SitInRow(seat)])
        session.set_sitting_out(seat, out)
        self._notify("seats")

    def leave(self, seat: int) -> int:
        """The player leaves with their stack (recorded as the cash-out); returns it. They may
        come back this session with it (``least_buy_in``, §12 T-3)."""
        session = self._between_hands()
        self._guard(session.check_leave, seat)
        player = session.seats[seat]
        self._commit([LeaveRow(seat, player.name, player.stack)])
        session.leave(seat)
        self._notify("seats")
        return player.stack

    def least_top_up(self, seat: int) -> int:
        """The smallest amount seat ``seat`` may add now (a chip, or to the buy-in: T-4)."""
        return self._guard(self._open_session().least_top_up, seat)

    def least_buy_in(self, name: str) -> int:
        """The fewest chips a player of this name may sit down with now (T-3, §12)."""
        return self._open_session().least_buy_in(name)

    def departed(self) -> list[tuple[str, int]]:
        """The players who left this session and may come back: (name, chips they took)."""
        return [(d.name, d.stack) for d in self._open_session().departed.values()]

    def returning_stack(self, name: str) -> int | None:
        """The chips a player of this name left with this session, if they left."""
        back = self._open_session().returning(name)
        return back.stack if back is not None else None

    def why_not(self, action: str, second: bool = False) -> InputError:
        """Why ``action`` is not among the choices now (``second``: its second key, G or T, the
        big bet of a fourth-street open pair): in the dealer's words for the usual cases, else
        the engine's own refusal, tried on a copy of the hand (the table is not touched)."""
        h = self.hand
        if h is None or h.phase != "bet" or h.to_act is None:
            return InputError(says(QT_TRANSLATE_NOOP("Errors", "no action is due now (%1)"), self.prompt().subject))
        p = h.to_act
        offered = {a.action for a in h.legal_actions()}
        if second and action in offered:
            return InputError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "the second %1 is the big bet an open pair on fourth street allows; there is none here",
                    ),
                    ActionArg(action),
                ),
                ("L-3",),
            )
        bring_in_due = h.street == 3 and not h.round_started and p.seat == h.bring_in_seat
        # the usual reasons in the dealer's words; any other is the engine's own refusal
        if action == "call" and h.current_to <= p.round_to:
            return InputError(
                says(QT_TRANSLATE_NOOP("Errors", "there is no bet to call")), ("B-3",) if bring_in_due else ("A-6",)
            )
        if action == "check" and h.current_to > p.round_to:
            return InputError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "there is a bet to call: %1"),
                    MoneyArg(h.current_to - p.round_to, h.rules.currency),
                )
            )
        if action == "check" and bring_in_due:
            return InputError(
                says(QT_TRANSLATE_NOOP("Errors", "seat %1 brings in: bring in or complete"), p.seat), ("B-2", "B-3")
            )
        if action == "bring_in":
            return InputError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "the bring-in is only the first action of third street, by the lowest door card"
                    )
                ),
                ("B-2",),
            )
        if (
            action in ("bet", "raise", "complete")
            and action not in offered
            and any(a in offered for a in ("bet", "raise", "complete"))
        ):
            other = next(a for a in ("bet", "raise", "complete") if a in offered)
            return InputError(
                says(QT_TRANSLATE_NOOP("Errors", "it is %1 here, not %2"), ActionArg(other), ActionArg(action))
            )
        trial = self._replayed(self.inputs)
        try:
            trial.act(p.seat, action, None)
        except (EngineError, CardError) as exc:
            return _as_input_error(exc)
        return InputError(says(QT_TRANSLATE_NOOP("Errors", "%1 needs its amount"), ActionArg(action)))

    # --- the hand ------------------------------------------------------------------------------
    def start_hand(self):
        """Deal the next hand. At the award prompt this also confirms the awards: both are
        recorded in one step, so a refusal leaves the awards open, as they were."""
        self._between_hands()
        confirming = self.hand is not None and self.hand.phase == "done"
        hand = self._guard(self.session.next_hand, confirming)
        hand_no = self.hand_no + 1
        # the record keeps what the dealer did; what the engine made of it (its events) is
        # derived again by replaying the inputs, so it is not stored twice (issue 10: ≤ 8 KB
        # a hand). Records written before keep their "event" rows; readers skip them.
        rows: list[RecordRow] = [HandStartRow(hand_no, [[p.seat, p.name, p.start] for p in hand.players])]
        if confirming:
            parts = [(self.hand_no, self._hand_end_rows()), (hand_no, rows)]
            if self.store is not None and self.session_id is not None:
                try:
                    self._sealed(self.store.append_hands(self.session_id, parts))
                except RecordError as exc:
                    raise RecordFailure(exc.says or str(exc)) from exc
            self.session.finish_hand()
        else:
            self._commit(rows, hand_no)
        self.hand_no = hand_no
        self.session.begin(hand)
        self._spare = None
        self.inputs, self.redo_stack = [], []
        self._collect_rulings()
        self._notify("hand")

    def finish_hand(self):
        """The dealer confirmed the awards: stacks carry to the seats; between hands now."""
        if self.session is None:
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "open a table first")))
        self._guard(self.session.check_finish)
        self._commit(self._hand_end_rows())
        self.session.finish_hand()
        self._spare = None
        self.inputs, self.redo_stack, self.ruling_events = [], [], []
        self._notify("seats")

    def _hand_end_rows(self) -> list[RecordRow]:
        h = self._hand_now()
        pots = [
            {"amount": p["amount"], "eligible": p["eligible"], "winners": {str(k): v for k, v in p["winners"].items()}}
            for p in h.pots_awarded
        ]
        return [HandEndRow(pots, {str(k): v for k, v in h.net().items()})]

    def _replayed(self, inputs: list) -> Hand:
        """The current hand as it was dealt, with ``inputs`` applied (refusals as InputError)."""
        try:
            return replay_inputs(self._open_session(), inputs)
        except (EngineError, CardError) as exc:
            raise _as_input_error(exc) from None

    def _tried(self, inp: list) -> Hand:
        """A hand equal to the table's with ``inp`` applied; the table's hand is untouched.

        It starts from the spare (the table's hand as it was before the last input, brought up
        to date after that input was committed) or, when there is none, from a replay."""
        trial, self._spare = self._spare, None
        if trial is None:
            trial = self._replayed(self.inputs)
        try:
            apply_input(trial, inp)
        except (EngineError, CardError) as exc:
            raise _as_input_error(exc) from None
        return trial

    def _input(self, inp: list, redo: bool = False, confirmed_by: dict | None = None):
        """Apply one dealer input: try it, record it, and only then put it on the table."""
        if self.hand is None:
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "start a hand first"))
                if self.session is not None
                else says(QT_TRANSLATE_NOOP("Errors", "open a table first"))
            )
        trial = self._tried(inp)
        start = len(self.hand.events)
        row_class = RedoRow if redo else IrregularityRow if inp[0] == Irregularity.kind else InputRow
        if redo and inp[0] == Irregularity.kind:  # only the dealer's are ever undone (a void is not): the dealer's
            confirmed_by = {"role": "dealer"}
        self._commit([row_class(inp, confirmed_by)])
        previous = self.hand
        self._open_session().replace_hand(trial)
        self.inputs.append(inp)
        self._fresh_key, self._fresh_events = (id(trial), len(self.inputs)), trial.events[start:]
        # the hand it replaced, given the same committed input, is the next input's trial
        # (one engine step instead of a replay of the whole hand)
        try:
            apply_input(previous, inp)
            self._spare = previous
        except (EngineError, CardError):
            self._spare = None
        if redo:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()
        self._collect_rulings()
        self._notify("hand")

    # inputs the dealer makes
    def enter_card(self, text: str):
        """The next card in dealing order: a door card, an upcard or the common card (D-2)."""
        prompt = self.prompt()
        if not isinstance(text, str):
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "a card is typed as text (ah, td, 10d), not %1"), repr(text)), ("D-1",)
            )
        text = text.strip()
        try:
            card = parse_card(text)
        except CardError as exc:
            raise InputError(exc.says or str(exc), ("D-1",)) from None
        if card is None:
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "an upcard is always seen: enter its rank and suit")), ("D-4",)
            )
        if prompt.kind == "card":
            self._input(
                Deal(cast("int", prompt.seat), (format_card(card),)).to_json()
            )  # (a card prompt names its seat)
        elif prompt.kind == "common":
            self._input(Common(format_card(card)).to_json())
        else:
            h = self.hand
            just_dealt = (
                h is not None
                and h.phase == "bet"
                and bool(self.inputs)
                and self.inputs[-1][0] in (Deal.kind, Common.kind)
            )
            if just_dealt:
                assert h is not None
                raise CardNotDue(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "street %1 is complete: %2 is one card too many"),
                        h.street,
                        CardArg(card),
                    ),
                    format_card(card),
                    h.street,
                )
            raise CardNotDue(
                says(QT_TRANSLATE_NOOP("Errors", "no card is due now (%1)"), prompt.subject), format_card(card), None
            )

    def deal_river(self):
        if self.prompt().kind != "river":
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "the river is not due now")))
        self._input(River().to_json())

    def act(self, action: str, to: int | None = None):
        p = self.prompt()
        if p.kind != "action":
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "no action is due now (%1)"), p.subject))
        ranges = [
            (c, c.min_to, c.max_to)
            for c in self.choices()
            if c.action == action and c.min_to is not None and c.max_to is not None
        ]
        if ranges and isinstance(to, int) and not any(least <= to <= most for _c, least, most in ranges):
            c, least, most = ranges[0]
            currency = self.session.table.currency if self.session else "USD"
            raise InputError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1 %2–%3: %4 is outside that range"),
                    ActionArg(c.action, button=True),
                    MoneyArg(least, currency),
                    MoneyArg(most, currency),
                    MoneyArg(to, currency),
                ),
                self._hand_now().decision_rules,
            )
        self._input(Act(cast("int", p.seat), action, to).to_json())  # (an action prompt names its seat)

    def betting_unit(self) -> int:
        """The step of a spread or split amount: the smallest bet of the table (S0, S2: whole
        limits), never less than a chip."""
        if self.session is None:
            return 1
        r = self.session.rules
        unit = r.min_bet if r.structure == "split" else r.small_bet if r.structure == "spread" else r.chip
        return max(unit, r.chip)

    def show(self, seat: int, cards: str | None = None):
        if cards is not None and not isinstance(cards, str):
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "shown cards are typed as text (ah kd 7c), not %1"), repr(cards)),
                ("D-1",),
            )
        if cards:
            try:
                given = parse_cards(cards)
            except CardError as exc:
                raise InputError(exc.says or str(exc), ("D-1",)) from None
            h = self.hand
            p = h.by_seat.get(seat) if h is not None and isinstance(seat, int) else None
            if p is not None and len(given) < len(p.down) and not set(given) & set(p.up):
                missing = len(p.down) - len(given)
                raise InputError(
                    says(
                        QT_TRANSLATE_NOOP("Errors", "seat %1 has %2 downcards: %3 typed, %4 more to type"),
                        seat,
                        len(p.down),
                        len(given),
                        missing,
                    ),
                    ("W-3",),
                )
        self._input(Show(seat, cards).to_json())

    def muck(self, seat: int):
        self._input(Muck(seat).to_json())

    # --- irregularities (catalog §9) ------------------------------------------------------------
    def report_irregularity(
        self,
        code: str,
        seat: int | None = None,
        card: str | None = None,
        action: str | None = None,
        to: int | None = None,
        floor: tuple[str, str] | None = None,
    ):
        """The dealer reports an irregularity; its remedy is applied and recorded (who
        confirmed it with it). I-1 (exposed downcard: ``seat``, ``card``), I-2 (card dealt
        too early), I-4 (wrong bring-in: ``seat`` and its real door ``card``), I-5 (action out
        of turn: ``seat``, ``action``, ``to``), I-6 (misdeal), I-7 (fouled deck). Voiding a
        hand (I-6, I-7) is the floor's act: ``floor`` is (name, PIN)."""
        if code not in IRREGULARITIES:
            raise InputError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1 is not an irregularity the table reports (%2)"),
                    repr(code),
                    ", ".join(IRREGULARITIES),
                ),
                ("I-3",),
            )
        confirmed_by: dict = {"role": "dealer"}
        if code in FLOOR_IRREGULARITIES:
            confirmed_by = self._floor_confirms(floor)
        given = Irregularity(code, seat, card.strip() if isinstance(card, str) else card, action, to)
        self._input(given.to_json(), confirmed_by=confirmed_by)

    @staticmethod
    def _floor_confirms(floor: tuple[str, str] | None) -> dict:
        """The floor's name and PIN, checked (floor/pin.py); the PIN is never recorded."""
        from dealer_app.record.floor_pin import PinRefused, confirm_floor

        if not (isinstance(floor, tuple) and len(floor) == 2):
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "a floor act needs the floor's name and PIN")), ("I-3",))
        try:
            return confirm_floor(*floor)
        except PinRefused as exc:
            raise InputError(exc.says, ("I-3",)) from None

    def apply_ruling_chips(self, session_id: int, chips: dict[int, int], case: str = ""):
        """A floor ruling just recorded for this table moved chips (floor/rulings.py): they
        reach the seats now if the table is between hands (as a resume replays them), and the
        dealer is told why the stacks changed (``floor_notice``)."""
        if chips and self.session is not None and self.session_id == session_id and self.hand is None:
            _apply_chips(self.session, {str(k): v for k, v in chips.items()})
            currency = self.session.table.currency
            moved = tuple(
                says(
                    QT_TRANSLATE_NOOP("Errors", "seat %1 %2%3"),
                    seat,
                    "+" if amount > 0 else "",
                    MoneyArg(amount, currency),
                )
                for seat, amount in sorted(chips.items())
                if amount
            )
            self.floor_notice = says(
                QT_TRANSLATE_NOOP("Errors", "The floor's ruling %1 moved chips: %2 (I-3)"), case or "—", ListArg(moved)
            )
            self._notify("floor_ruling")
        self._notify("seats")

    def irregularities_now(self) -> list[str]:
        """The irregularities whose remedy applies at this moment (what the dealer's menu
        offers); each of the others is refused with its reason if reported."""
        h = self.hand
        if h is None:
            return []
        offered = []
        for code in IRREGULARITIES:
            if code in ("I-1",) and not (h.street == 3 and h.phase == "deal"):
                continue
            if code in ("I-2", "I-5") and h.phase != "bet":
                continue
            if code == "I-4" and not (h.street == 3 and h.phase == "bet"):
                continue
            if code in ("I-6", "I-7") and h.phase == "done":
                continue
            offered.append(code)
        return offered

    def undo(self) -> bool:
        """Undo the last input of this hand: the hand is rebuilt from the inputs before it."""
        if self.hand is None or not self.inputs:
            return False
        last = self.inputs[-1]
        if last[0] == Irregularity.kind and last[1] in FLOOR_IRREGULARITIES:
            raise InputError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "the floor voided this hand (%1): only a floor ruling changes that (I-3)"
                    ),
                    last[1],
                ),
                (last[1], "I-3"),
            )
        rebuilt = self._replayed(self.inputs[:-1])
        self._commit([UndoRow(last)])
        self._spare = None
        self._open_session().replace_hand(rebuilt)
        self.inputs.pop()
        self.redo_stack.append(last)
        self.undo_count += 1
        self._collect_rulings()
        self._notify("hand")
        return True

    def redo(self) -> bool:
        if self.hand is None or not self.redo_stack:
            return False
        self._input(self.redo_stack[-1], redo=True)
        return True

    def _collect_rulings(self):
        self.ruling_events = decisions_of(self.hand)  # the decisions with their rules, and the actions

    @property
    def rulings(self) -> list[tuple[str, tuple[str, ...]]]:
        """The hand's decisions as (English words, rule IDs), from ``ruling_events``."""
        return [(e.text, e.rules) for e in self.ruling_events]

    # --- resume after a crash -----------------------------------------------------------------
    def open_tables(self) -> list[OpenTable]:
        """Every table the record left open, newest first, each with what it stood at or why
        it cannot be resumed."""
        if self.store is None:
            return []
        out = []
        for sid, table, profile, opened in self.store.open_sessions():
            if sid == self.session_id:
                continue
            info: dict = {
                "last_at": self.store.last_row_at(sid),
                "in_use": self.store.session_in_use(sid),
                "last_row": self.store.last_row_id(sid),
            }
            failing = self._failing(sid)
            if failing is not None:  # (a replay's own problem, below, is the more precise words)
                info["problem"], info["problem_says"], info["failing"] = str(failing), failing, True
            try:
                state = self._replay_state(sid)
                info.update(
                    seats=[(seat, p.name, p.stack) for seat, p in sorted(state.session.seats.items())],
                    players=[p.name for _s, p in sorted(state.session.seats.items())],
                    hand_no=state.hand_no,
                    stage=self._stage(state.session),
                    last_input=state.inputs[-1] if state.inputs else None,
                    currency=state.session.table.currency,
                    limit_table=state.session.table,
                    house=state.session.profile,
                )
            except InputError as exc:
                info["problem"], info["problem_says"] = exc.message, exc.says
            if info["in_use"] and not info.get("problem"):
                info["problem"] = "open in another dealer-app window"
            out.append(OpenTable(sid, table, profile, opened, **info))
        out.sort(key=lambda t: t.last_row, reverse=True)  # the table played last first
        return out

    def _failing(self, session_id: int) -> Says | None:
        """Why this table may not be resumed or dealt on: its rows fail the record's check (an
        edited ruling's chips would otherwise reach the seats). The dealer calls the floor; the
        floor may close it, and open a fresh table from the stacks it confirms."""
        failing = self.store.failing() if self.store is not None else {}
        found = next((text for (sid, _hand), text in failing.items() if sid in (session_id, 0)), None)
        if found is None:
            return None
        return says(
            QT_TRANSLATE_NOOP(
                "Errors", "this table's record fails its check, so it is not resumed or dealt on — call the floor: %1"
            ),
            found,
        )

    def resumable(self) -> list[OpenTable]:
        """The open tables that can be resumed (``(session_id, table, profile, opened_at)``)."""
        return [t for t in self.open_tables() if t.problem is None]

    @staticmethod
    def _stage(session: TableSession) -> str:
        h = session.hand
        if h is None:
            return "between hands"
        if h.phase == "done":
            return "awards"
        if h.phase == "showdown":
            return "showdown"
        return STREET_NAMES.get(h.street, f"street {h.street}")

    def resume(self, session_id: int):
        """Rebuild the table exactly as the record left it; refuses (changing nothing) a
        table that cannot be rebuilt or that another window holds."""
        if self.store is None:
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "there is no hand record to resume from")))
        if isinstance(session_id, bool) or not isinstance(session_id, int) or not 0 < session_id < 2**62:
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "%1 is not a table in the record"), repr(session_id)))
        if not self.store.is_open(session_id):
            raise InputError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "session %1 is not an open table in the record (closed, or never opened)"
                    ),
                    session_id,
                )
            )
        failing = self._failing(session_id)
        if failing is not None:
            raise InputError(failing, ("I-3",))
        state = self._replay_state(session_id)
        try:
            self.store.lock_session(session_id)
        except SessionLocked as exc:
            raise InputError(str(exc)) from None
        except StoreError as exc:
            raise RecordFailure(exc.says or str(exc)) from exc
        previous = self.session_id
        try:
            self.store.append(session_id, state.hand_no, [ResumeRow(session_id)])
        except RecordError as exc:
            self.store.unlock_session(session_id)
            raise RecordFailure(exc.says or str(exc)) from exc
        if previous is not None and previous != session_id:
            self.store.unlock_session(previous)
        self._install(state)
        seals = self.store.seals(session_id)  # the last hand's seal, shown as before the restart
        self.last_seal = seals[-1] if seals and seals[-1].hand == state.hand_no else None
        self._notify("table")

    def logged_hands(self, session_id: int):
        """Every hand of a recorded session, rebuilt by the engine, one at a time as the
        record is read: (hand number, Hand). The last may still be open."""
        for kind, value in self._replay_steps(session_id, include_open=True):
            if kind == "hand":
                yield value

    def _rules_of(self, first: dict):
        """The table and profile as played (stored with the table since records kept them);
        an older record names them only, and they are loaded by name."""
        if "limit_table" in first and "house_profile" in first:
            return table_from_record(first["limit_table"]), profile_from_record(first["house_profile"])
        return load_table(first["table"], self.limits_dir), load_profile(first["profile"], self.limits_dir)

    def _replay_state(self, session_id: int) -> _TableState:
        """A session's record applied to a fresh table; raises InputError naming the session
        and the row when the record cannot be replayed. Changes nothing here."""
        state = None
        for kind, value in self._replay_steps(session_id):
            if kind == "state":
                state = value
        assert state is not None
        return state

    def _replay_steps(self, session_id: int, include_open: bool = False):
        """Replay a session's record row by row: yields ("hand", (number, Hand)) as each hand
        ends (and, with ``include_open``, the open one), then ("state", the table)."""
        where = f"{self.store.path}: session {session_id}"
        try:
            log = self.store.iter_session_log(session_id)
            first = next(log, None)
        except StoreError as exc:
            raise InputError(str(exc)) from None
        if first is None:
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: the table has no rows in the record (nothing to resume)"), where)
            )
        if first.kind != OpenTableRow.kind:
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "%1: the record does not start with the table"), where))
        try:
            table, profile = self._rules_of(first.payload)
        except LimitsError as exc:
            raise InputError(
                says(
                    QT_TRANSLATE_NOOP("Errors", "%1: the limit table it was played with cannot be loaded: %2"),
                    where,
                    exc,
                )
            ) from None
        except (TypeError, ValueError, KeyError) as exc:
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: the limit table in the record is not readable (%2)"), where, exc)
            ) from None
        state = _TableState(TableSession(table, profile), session_id)
        s = state.session
        row_no, kind = 1, OpenTableRow.kind
        try:
            for row_no, (hand_no, kind, payload, _at) in enumerate(log, 2):  # noqa: B007 - named if it fails
                yield from self._replay_row(state, hand_no, kind, payload)
        except StoreError as exc:
            raise InputError(str(exc)) from None
        except (EngineError, CardError, KeyError, IndexError, TypeError, AttributeError) as exc:
            detail = getattr(exc, "message", None) or f"{exc.__class__.__name__}: {exc}"
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "%1: row %2 (%3) no longer replays: %4"), where, row_no, kind, detail)
            ) from None
        if include_open and s.hand is not None:
            yield "hand", (state.hand_no, s.hand)
        yield "state", state

    @staticmethod
    def _replay_row(state: _TableState, hand_no: int, kind: str, payload: dict):
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
            s.leave(payload["seat"])
        elif kind in (SitOutRow.kind, SitInRow.kind):
            s.set_sitting_out(payload["seat"], kind == SitOutRow.kind)
        elif kind == HandStartRow.kind:
            if s.hand is not None and s.hand.phase == "done":
                s.finish_hand()  # records before the awards were confirmed apart
            state.fold.take(kind, payload, hand_no)
            h = s.new_hand()
            dealt = [[p.seat, p.name, p.start] for p in h.players]
            if "seats" in payload and payload["seats"] != dealt:
                raise EngineError(f"the record dealt {payload['seats']}, the table now deals {dealt}")
        elif kind in GIVING_KINDS:
            if s.hand is None:
                raise EngineError("an input before the hand was dealt")
            apply_input(s.hand, payload["input"])
            state.fold.take(kind, payload, hand_no)
        elif kind == RulingRow.kind and payload.get("chips") and s.hand is None:
            _apply_chips(s, payload["chips"])  # I-3: the floor's compensating record
        elif kind == UndoRow.kind:
            state.fold.take(kind, payload, hand_no)
            s.replace_hand(replay_inputs(s, state.inputs))
        elif kind == HandEndRow.kind:
            yield "hand", (state.hand_no, s.hand)
            s.finish_hand()
            state.fold.take(kind, payload, hand_no)
