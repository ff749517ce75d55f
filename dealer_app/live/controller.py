"""The live table's controller: the dealer's inputs in, a snapshot of the table out.

Qt-free (the widgets observe it through ``listeners``). Three rules keep the chips right:

- **One owner.** The hand being played is ``session.hand``; ``controller.hand`` only reads it.
- **Record first.** An input is tried on a hand rebuilt from the committed inputs plus this
  one; its rows (the input and the events it caused) are committed; only then does that hand
  become the table's. A refused input or a failed write leaves the table as it was.
- **Rebuilt, never patched.** Undo and redo replay the remaining inputs into a fresh hand with
  the same seats and stacks, so the engine stays the only place where rules live and an undone
  input leaves no trace but its record row.

The controller wires the jobs, each in its own module: what the dealer typed, as a typed input
or a refusal (``dealer_inputs``), the inputs in force and undo/redo (``input_log``), the rows
written before anything is applied (``record_writer``), the seats (``seating``), the floor's acts
on a table (``floor_acts``), reading a table back from the record (``resume``) and what the
screen reads (``presentation``). The refusals are ``errors``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.live.dealer_inputs import DealerInputs, table_limits
from dealer_app.live.errors import CardNotDue, InputError, RecordFailure, guard
from dealer_app.live.floor_acts import closing_row, ruling_chips_notice, switch_game_row
from dealer_app.live.game_outlook import GameShown, check_switch, game_shown
from dealer_app.live.input_log import InputLog, replayed
from dealer_app.live.presentation import (
    KEYS,
    SECOND_KEYS,
    ActionChoice,
    SeatView,
    StreetDeal,
    TablePresentation,
    decisions_among,
    decisions_of,
)
from dealer_app.live.prompts import Prompt
from dealer_app.live.record_writer import (
    Confirmation,
    RecordWriter,
    floor_confirms,
    hand_end_row,
    hand_start_row,
    input_row,
    record_refusal,
)
from dealer_app.live.resume import OpenTable, TableState, check_resumable, logged_hands, open_tables, replay_state
from dealer_app.live.seating import Seating, seated_table
from dealer_app.record.floor_signing import LOCAL_ACCOUNTS, FloorAct
from dealer_app.record.fold import InputFold
from dealer_app.record.inputs import DealerInput, input_from_json
from dealer_app.record.replay import RecordedInput, apply_chips, apply_input, check_room_for_input, replay_inputs
from dealer_app.record.rows import FloorRefusedRow, RecordRow, UndoRow

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from dealer_app.engine.events import Event, HandVoided, PotAwarded, PotWonByFolds, ShortageAhead
    from dealer_app.engine.hand import Hand
    from dealer_app.engine.session import TableSession
    from dealer_app.engine.showdown import BestShown, PotListing
    from dealer_app.record.chain import Anchor
    from dealer_app.record.floor_signing import FloorAuthority
    from dealer_app.record.store import Store

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


class TableController:
    """The live table: a session with its hand, the dealer's inputs (each recorded before it
    is applied), undo and redo, seat changes between hands, and resuming from the record.
    What the screen reads (the prompt, the choices, the seats) is its ``presentation``'s, a
    ``TablePresentation`` of the table as it stands; the controller passes each read on."""

    def __init__(self, store: Store | None = None, limits_dir: Path | None = None) -> None:
        self.limits_dir = limits_dir
        self.listeners: list[Callable[[str], object]] = []
        self.session: TableSession | None = None
        self.ruling_events: list[Event] = []  # the hand's decisions with words and rule IDs, as events
        self._rulings_of: tuple[int, int] | None = None  # (the hand, its events) ruling_events were read from
        self.floor_notice: Says | None = None  # why the stacks last changed by a floor ruling
        self.writer = RecordWriter(store)  # the record: rows committed before anything is applied
        self.input_log = InputLog()  # the hand's inputs in force and the redo stack
        self.seating = Seating(self.writer)
        self._shown: TablePresentation | None = None  # see presentation
        # who authorises the floor's acts: the local floor accounts, or in a room the floor
        # person's own room login (room/floor_login.py, set by the window that joins the room)
        self.floor_authority: FloorAuthority = LOCAL_ACCOUNTS

    @classmethod
    def playing_on(cls, session: TableSession, hand_no: int, inputs: list[list[Any]]) -> TableController:
        """A controller with no record on a table whose hand has ``inputs`` applied: the
        floor's "what if" plays on from a recorded moment, and nothing of it is stored."""
        c = cls(store=None)
        c._install(TableState(session, None, InputFold(hand_no, [list(i) for i in inputs])))
        return c

    # --- the table's state, held by the jobs ----------------------------------------------------
    @property
    def store(self) -> Store | None:
        """The hand record (record/store.py), or None: nothing is recorded."""
        return self.writer.store

    @property
    def session_id(self) -> int | None:
        """The table's session in the record (None: no table, or no record)."""
        return self.writer.session_id

    @property
    def last_seal(self) -> Anchor | None:
        """The last finished hand's seal (record/chain.Anchor), once committed."""
        return self.writer.last_seal

    @property
    def seal_problem(self) -> str | None:
        """Why that seal is not in the anchors file, if it is not."""
        return self.writer.seal_problem

    @property
    def hand_no(self) -> int:
        return self.input_log.hand_no

    @property
    def inputs(self) -> list[RecordedInput]:
        """The hand's inputs in force, in the record's form: each the JSON list the record
        keeps of it (``["act", 4, "call", 800]``; record/inputs.py reads it as a typed input)."""
        return self.input_log.inputs

    @property
    def redo_stack(self) -> list[RecordedInput]:
        """The undone inputs a redo gives again (the last first), in the record's form."""
        return self.input_log.redo_stack

    @property
    def undo_count(self) -> int:
        return self.input_log.undo_count

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
            shown = self._shown = TablePresentation(
                self.session,
                self.hand_no,
                self.inputs,
                last_seal=self.last_seal,
                replay=self._replayed,
                last_events=self.input_log.fresh_events_of(self.hand),
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

    def status(self) -> dict[str, Any]:
        return self.presentation.status()

    def awards(self) -> list[PotListing]:
        return self.presentation.awards()

    def awarded_pots(self) -> list[PotAwarded | PotWonByFolds]:
        return self.presentation.awarded_pots()

    def best_so_far(self) -> list[tuple[str, list[int], str]]:
        return self.presentation.best_so_far()

    def best_hands_so_far(self) -> list[BestShown]:
        return self.presentation.best_hands_so_far()

    def game_shown(self) -> GameShown | None:
        """At a mixed table: this hand's game (the next, between hands), the hands of it left
        and the game that follows, in words (M-1, M-2); None at a one-game table."""
        return game_shown(self.session)

    # these two are the hand's own typed fields, read as the presentation reads them
    def voided(self) -> HandVoided | None:
        """The HandVoided event when a misdeal or a fouled deck voided the hand (I-6, I-7)."""
        return self.hand.voided if self.hand is not None else None

    def shortage_warning(self) -> ShortageAhead | None:
        """D-7: the event warning that the next street will be short, or None."""
        return self.hand.shortage_warning if self.hand is not None else None

    def warning(self) -> str:
        return self.presentation.warning()

    def seen_cards(self) -> set[str]:
        return self.presentation.seen_cards()

    def hand_in_progress(self) -> bool:
        return self.presentation.hand_in_progress()

    # --- plumbing -----------------------------------------------------------------------------
    def _notify(self, change: str) -> None:
        for listener in list(self.listeners):
            listener(change)

    def _commit(self, rows: list[RecordRow], hand_no: int | None = None) -> None:
        """Write rows to the record, or refuse with the reason: nothing is applied before this."""
        self.writer.commit(self.hand_no if hand_no is None else hand_no, rows)

    def _install(self, state: TableState) -> None:
        self.session = state.session
        self.writer.session_id = state.session_id
        self.input_log.install(state.fold)
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

    def _replayed(self, inputs: list[RecordedInput]) -> Hand:
        """The current hand as it was dealt, with ``inputs`` applied (refusals as InputError)."""
        return replayed(self._open_session(), inputs)

    def _typing(self) -> DealerInputs:
        """What the dealer types, read against the table as it stands (dealer_inputs.py)."""
        return DealerInputs(self.presentation)

    def _authority(self) -> FloorAuthority:
        """Who confirms a floor act here: the room's floor login in a room, else the record
        service on an installed table, else this table's floor accounts."""
        from dealer_app.recordsvc.client import authority_for

        return authority_for(self.store, self.floor_authority)

    def _here(self) -> tuple[int, int]:
        """This table's session and hand, as a floor act names them (0: none yet)."""
        return self.session_id or 0, self.hand_no

    def _refusal_recorded(self, row: FloorRefusedRow) -> None:
        """A refused floor act, written to this table's record (in the hand being dealt)."""
        record_refusal(self.store, self.writer.session_id, self.hand_no, row)

    def _collect_rulings(self, after: tuple[int, int] | None = None) -> None:
        """The hand's decisions with their rules, and the actions (``decisions_of``). ``after``:
        the hand and event count an input started from; when ``ruling_events`` were read from
        exactly that, only the events the input caused are read (filling every event's English
        again on every input cost a third of an input's time)."""
        hand = self.hand
        if after is not None and after == self._rulings_of and hand is not None:
            self.ruling_events = self.ruling_events + decisions_among(self.input_log.fresh_events)
        else:
            self.ruling_events = decisions_of(hand)
        self._rulings_of = (id(hand), len(hand.events)) if hand is not None else None

    # --- table ----------------------------------------------------------------------------------
    def open_table(
        self,
        table: str,
        profile: str | None,
        players: list[tuple[int, str, int]],
        floor: tuple[str, str] | None = None,
    ) -> None:
        """Seat players (seat, name, buy-in in cents). Refuses the whole table on a bad seat.
        ``floor`` (account name, passphrase): a table opened from stacks the floor confirms — after a table
        whose record failed its check was closed — the floor's act: the stacks are the floor's
        count, not buy-ins, so T-3 is not judged; the record says who confirmed them."""
        t, p = table_limits(table, profile, players, self.limits_dir)
        confirmed = None
        if floor is not None:  # (the act is the table as opened: its session is not numbered yet)
            _unsigned, opening = seated_table(t, p, players, {"role": "floor"})
            act = FloorAct.of(opening[0].kind, opening[0].to_dict(), 0, 0)
            confirmed = floor_confirms(floor, self._refusal_recorded, act, self._authority())
        session, rows = seated_table(t, p, players, confirmed)
        self.writer.open_table(t.name, p.name, rows)
        self._install(TableState(session, self.writer.session_id))
        self._notify("table")

    def close_table(self) -> None:
        """Table → Close: the record marks the table closed; it is no longer offered to resume.
        A hand still open stays in the record as it was, unfinished."""
        if self.session is None:
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "no table is open")))
        self.writer.close_table(self.hand_no, hand_open=self.hand is not None)
        self.session = None
        self.input_log.table_closed()
        self.ruling_events, self._rulings_of = [], None
        self._notify("table")

    def close_open_table(self, session_id: int, floor: tuple[str, str] | None = None) -> None:
        """Close a table the record left open without resuming it (the resume list's Close).
        A table whose rows fail the record's check is closed by the floor only (``floor``:
        account name and passphrase), recorded as the floor's act."""
        if session_id == self.session_id:
            return self.close_table()
        store, row = closing_row(self.store, session_id, floor, self._authority())
        self.writer.close_other(store, session_id, row)
        return None

    # --- seats, between hands (seating.py) ------------------------------------------------------
    def check_seat_change(self) -> None:
        """Refuses (T-4) while a hand or its award is open: seats change between hands."""
        self.seating.check_seat_change(self._open_session())

    def seat_player(self, seat: int, name: str, buy_in: int) -> None:
        self.seating.sit(self._open_session(), self.hand_no, seat, name, buy_in)
        self._notify("seats")

    def top_up(self, seat: int, amount: int) -> None:
        self.seating.top_up(self._open_session(), self.hand_no, seat, amount)
        self._notify("seats")

    def set_sitting_out(self, seat: int, out: bool) -> None:
        self.seating.set_sitting_out(self._open_session(), self.hand_no, seat, out)
        self._notify("seats")

    def leave(self, seat: int) -> int:
        """The player leaves with their stack (recorded as the cash-out); returns it. They may
        come back this session with it (``least_buy_in``, §12 T-3)."""
        stack = self.seating.leave(self._open_session(), self.hand_no, seat)
        self._notify("seats")
        return stack

    def least_top_up(self, seat: int) -> int:
        """The smallest amount seat ``seat`` may add now (a chip, or to the buy-in: T-4)."""
        return guard(self._open_session().least_top_up, seat)

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
        return self._typing().why_not(action, second)

    # --- the hand ------------------------------------------------------------------------------
    def start_hand(self) -> None:
        """Deal the next hand. At the award prompt this also confirms the awards: both are
        recorded in one step, so a refusal leaves the awards open, as they were."""
        session = self._open_session()
        confirming = self.hand is not None and self.hand.phase == "done"
        hand = guard(session.next_hand, confirming)
        hand_no = self.hand_no + 1
        # the record keeps what the dealer did; what the engine made of it (its events) is
        # derived again by replaying the inputs, so it is not stored twice (issue 10: ≤ 8 KB
        # a hand). Records written before keep their "event" rows; readers skip them.
        rows: list[RecordRow] = [hand_start_row(hand_no, hand, session.mix is not None)]
        if confirming:
            self.writer.commit_hands([(self.hand_no, [hand_end_row(self._hand_now())]), (hand_no, rows)])
            session.finish_hand()
        else:
            self._commit(rows, hand_no)
        session.begin(hand)
        self.input_log.new_hand(hand_no)
        self._collect_rulings()
        self._notify("hand")

    def finish_hand(self) -> None:
        """The dealer confirmed the awards: stacks carry to the seats; between hands now."""
        if self.session is None:
            raise InputError(says(QT_TRANSLATE_NOOP("Errors", "open a table first")))
        guard(self.session.check_finish)
        self._commit([hand_end_row(self._hand_now())])
        self.session.finish_hand()
        self.input_log.hand_ended()
        self.ruling_events, self._rulings_of = [], None
        self._notify("seats")

    def _input(
        self,
        inp: DealerInput,
        recorded: RecordedInput | None = None,
        redo: bool = False,
        confirmed_by: Confirmation | None = None,
    ) -> None:
        """Apply one dealer input: try it, record it, and only then put it on the table.
        ``recorded``: the record's list of it, when it is one the record already holds (a redo)."""
        if self.hand is None:
            raise InputError(
                says(QT_TRANSLATE_NOOP("Errors", "start a hand first"))
                if self.session is not None
                else says(QT_TRANSLATE_NOOP("Errors", "open a table first"))
            )
        session = self._open_session()
        guard(check_room_for_input, len(self.inputs))
        trial = self.input_log.tried(session, inp)
        kept = inp.to_json() if recorded is None else recorded
        self._commit([input_row(kept, redo, confirmed_by)])
        before = (id(self.hand), len(self.hand.events))
        self.input_log.given(session, trial, inp, kept, redo)
        self._collect_rulings(after=before)
        self._notify("hand")

    # inputs the dealer makes
    def enter_card(self, text: str) -> None:
        """The next card in dealing order: a door card, an upcard or the common card (D-2)."""
        self._input(self._typing().card(text))

    def deal_river(self) -> None:
        self._input(self._typing().river())

    def act(self, action: str, to: int | None = None) -> None:
        self._input(self._typing().act(action, to))

    def betting_unit(self) -> int:
        """The step of a spread or split amount: the smallest bet of the table (S0, S2: whole
        limits), never less than a chip."""
        return self._typing().betting_unit()

    def show(self, seat: int, cards: str | None = None) -> None:
        self._input(self._typing().show(seat, cards))

    def muck(self, seat: int) -> None:
        self._input(self._typing().muck(seat))

    # --- irregularities (catalog §9) ------------------------------------------------------------
    def report_irregularity(
        self,
        code: str,
        seat: int | None = None,
        card: str | None = None,
        action: str | None = None,
        to: int | None = None,
        floor: tuple[str, str] | None = None,
    ) -> None:
        """The dealer reports an irregularity; its remedy is applied and recorded (who
        confirmed it with it). I-1 (exposed downcard: ``seat``, ``card``), I-2 (card dealt
        too early), I-4 (wrong bring-in: ``seat`` and its real door ``card``), I-5 (action out
        of turn: ``seat``, ``action``, ``to``), I-6 (misdeal), I-7 (fouled deck). Voiding a
        hand (I-6, I-7) is the floor's act: ``floor`` is (account name, passphrase)."""
        given, confirmed_by = self._typing().irregularity(
            code, seat, card, action, to, floor, self._refusal_recorded, self._authority(), self._here()
        )
        self._input(given, confirmed_by=confirmed_by)

    def apply_ruling_chips(self, session_id: int, chips: dict[int, int], case: str = "") -> None:
        """A floor ruling just recorded for this table moved chips (floor/rulings.py): they
        reach the seats now if the table is between hands (as a resume replays them), and the
        dealer is told why the stacks changed (``floor_notice``)."""
        if chips and self.session is not None and self.session_id == session_id and self.hand is None:
            apply_chips(self.session, {str(k): v for k, v in chips.items()})
            self.floor_notice = ruling_chips_notice(chips, self.session.table.currency, case)
            self._notify("floor_ruling")
        self._notify("seats")

    def check_game_switch(self) -> None:
        """Refuses, in words, when the floor may not switch the game now: no table, a one-game
        table, or a hand open (M-1, M-2, T-4); the dealer's menu asks before the floor is called."""
        session = self._open_session()
        guard(check_switch, session, session.game)

    def switch_game(self, game: str, floor: tuple[str, str] | None = None) -> None:
        """The floor switches a mixed table's game between hands (M-1, M-2): the next hand is
        ``game`` and a new round of it starts. The floor's act, confirmed as a void is
        (``floor``: account name and passphrase), recorded before it is applied; refused in
        words at a one-game table, for a game not the table's, or with a hand open."""
        session = self._open_session()
        given, row = switch_game_row(session, game, floor, self._refusal_recorded, self._here(), self.floor_authority)
        self._commit([row])
        given.apply_to_session(session)
        self._notify("game")

    def irregularities_now(self) -> list[str]:
        """The irregularities whose remedy applies at this moment (what the dealer's menu
        offers); each of the others is refused with its reason if reported."""
        return self._typing().irregularities_now()

    def undo(self) -> bool:
        """Undo the last input of this hand: the hand is rebuilt from the inputs before it."""
        if self.hand is None or not self.inputs:
            return False
        last = self.input_log.last_undoable()
        rebuilt = self._replayed(self.inputs[:-1])
        self._commit([UndoRow(last)])
        self.input_log.undone(self._open_session(), rebuilt)
        self._collect_rulings()
        self._notify("hand")
        return True

    def redo(self) -> bool:
        if self.hand is None or not self.redo_stack:
            return False
        recorded = self.redo_stack[-1]
        self._input(guard(input_from_json, recorded), recorded, redo=True)
        return True

    @property
    def rulings(self) -> list[tuple[str, tuple[str, ...]]]:
        """The hand's decisions as (English words, rule IDs), from ``ruling_events``."""
        return [(e.text, e.rules) for e in self.ruling_events]

    # --- resume after a crash (resume.py) -------------------------------------------------------
    def open_tables(self) -> list[OpenTable]:
        """Every table the record left open, newest first, each with what it stood at or why
        it cannot be resumed."""
        return open_tables(self.store, self.session_id, self.limits_dir)

    def resumable(self) -> list[OpenTable]:
        """The open tables that can be resumed (``(session_id, table, profile, opened_at)``)."""
        return [t for t in self.open_tables() if t.problem is None]

    def resume(self, session_id: int) -> None:
        """Rebuild the table exactly as the record left it; refuses (changing nothing) a
        table that cannot be rebuilt or that another window holds."""
        store, session_id = check_resumable(self.store, session_id)
        state = replay_state(store, session_id, self.limits_dir)
        self.writer.take_over(store, session_id, state.hand_no)
        self._install(state)
        self.writer.seal_shown(store, session_id, state.hand_no)  # the last hand's seal, as before the restart
        self._notify("table")

    def logged_hands(self, session_id: int) -> Iterator[tuple[int, Hand | None]]:
        """Every hand of a recorded session, rebuilt by the engine, one at a time as the
        record is read: (hand number, Hand). The last may still be open."""
        return logged_hands(cast("Store", self.store), session_id, self.limits_dir)
