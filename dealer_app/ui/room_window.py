"""The floor console on a card room (issue 15): every table of the room and their hands as they
happen, from the room's PostgreSQL server; any hand opens in the same step-through.

The feed (room/feed.py) runs in its own thread and hands over what changed through a queued
Qt signal, so the console never waits on the network; it reconnects by itself and then reads
on from the last row it had. What the server refused (a row that broke its table's chain) is
in red above the hands, and so is what the console's own check of every table's rows finds
(room/room_check.py: forged, missing, not signed — trusting no server check), its hands in red.

The hand list is paged (room/hand_pages.py): the newest hands first, read from the room a page
at a time as the floor scrolls to the end of the list (or clicks "More hands"), and what the
filter boxes ask for is looked for by the room among every hand. The feed reads only what
arrives after the console opened (and each table's last hand), so opening the console costs
the same in a room of 10,000 hands as in one of 100,000; a hand dealt meanwhile is listed at
once, however far the floor has paged.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton, QSplitter

from dealer_app.floor.timeline import TimelineError, load_hand
from dealer_app.record.hand_find import HandFind
from dealer_app.record.hand_index import mark_failing
from dealer_app.record.store import StoreError
from dealer_app.room import hand_pages, memory
from dealer_app.room.database import RoomError, shown_url
from dealer_app.room.feed import FeedChange, RoomFeed
from dealer_app.room.floor_act_check import check_floor_acts
from dealer_app.room.floor_key_enrollment import FOREIGN, NO_KEY_HERE, NOT_ENROLLED
from dealer_app.room.hand_pages import HandPages, sort_key
from dealer_app.room.reader import RoomReader
from dealer_app.room.watch import SILENT, UNCOVERED, TableFlag
from dealer_app.ui.floor_window import FloorWindow
from dealer_app.ui.room_page_reader import PageAnswer, PageReader, PageRequest
from dealer_app.ui.words import error_words, fill

if TYPE_CHECKING:
    from dealer_app.record.hand_index import HandSummary


KEY_READ_EVERY_S = 30.0  # this machine's floor key checked with the room again, at most this often
FIND_PAUSE_MS = 300  # the floor stopped typing: the room is asked (each key restarts the wait)
BROWSER_WIDTH = 560  # of a 1280-pixel window: the hand list, its filters and its lines


class _FeedBridge(QObject):
    """The feed's thread to the console's: queued signals."""

    changed = Signal(object)
    state = Signal(str, str)


class RoomFloorWindow(FloorWindow):
    def __init__(self, url: str, parent=None):
        reader = RoomReader(url)  # the console's own connection: a hand opened, a ruling (RoomError)
        super().__init__(None, parent)
        self.url, self.reader = url, reader
        self.room_hands: dict[tuple, HandSummary] = {}  # the hands the feed read: since the console opened
        self.paged: list[HandSummary] = []  # the hands read from the room a page at a time, newest first
        self.pages: HandPages | None = None  # (None until the feed has read the room's tables)
        self.room_failing: dict = {}  # table_id -> its failing hands, as the check last said
        self.room_rulings: list = []
        self._find = HandFind()
        self._wanted = HandFind()  # what the filter boxes say now (the find runs when typing pauses)
        self._generation = 0  # the latest find asked of the page reader: only its answer is shown
        self._reading = False  # a page is being read
        self.room_tables: dict = {}
        self.refused: list = []
        self.room_problems: list[str] = []  # what the console's own check found (forged, missing, not signed)
        self.room_notes: list[str] = []  # what it could not prove (a table that does not sign its rows)
        self.current_table: str | None = None
        self.heads: dict[str, int] = {}  # each table's last row seen
        self.feed_state = ("connecting", "")
        self.setWindowTitle(fill(self.tr("Floor — the room at %1"), shown_url(url)))
        self.files_button.hide()  # (a file's hands are read in the console on one record)
        self.hand_model.set_header(4, self.tr("Limits"))
        # at 1280x720 the floor sees each hand's table, number, marks and players without
        # scrolling sideways: the list is given more of the window (the moves list, beside the
        # table, less), and its marks and players share what the other columns leave, cut short
        self.hand_list.fit_columns(cut=(3, 5), widest=self.fontMetrics().horizontalAdvance("0") * 24)
        for split, sizes in (
            (self.centralWidget(), [BROWSER_WIDTH, 1280 - BROWSER_WIDTH]),
            (self.table_view.parentWidget(), [640, 1280 - BROWSER_WIDTH - 640]),  # (the table, its moves)
        ):
            if isinstance(split, QSplitter):
                split.setSizes(sizes)
        self.room_line = QLabel()
        self.room_line.setWordWrap(True)
        self.refusal_line = QLabel()
        self.refusal_line.setWordWrap(True)
        self.refusal_line.setStyleSheet("color: #b00020; font-weight: bold;")
        self.refusal_line.hide()
        self.browser_layout.insertWidget(0, self.refusal_line)
        # the tables the floor must look at (room/watch.py): one line each, in red
        self.flags: tuple[TableFlag, ...] = ()
        self.flag_line = QLabel()
        self.flag_line.setObjectName("table_flags")
        self.flag_line.setWordWrap(True)
        self.flag_line.setStyleSheet("color: #b00020; font-weight: bold;")
        self.flag_line.hide()
        self.browser_layout.insertWidget(0, self.flag_line)
        self.problem_line = QLabel()
        self.problem_line.setWordWrap(True)
        self.problem_line.setStyleSheet("color: #b00020; font-weight: bold;")
        self.problem_line.hide()
        self.browser_layout.insertWidget(0, self.problem_line)
        # this machine's floor key for the console's login (record/floor_keys.py): missing, not
        # enrolled, or a key in the room under the login that this machine did not make
        self.key_line = QLabel()
        self.key_line.setObjectName("floor_key")
        self.key_line.setWordWrap(True)
        self.key_line.setStyleSheet("color: #b00020; font-weight: bold;")
        self.key_line.hide()
        self.browser_layout.insertWidget(0, self.key_line)
        self._key_read_at = float("-inf")
        self._show_key()
        self.browser_layout.insertWidget(0, self.room_line)
        self.more_button = QPushButton(self.tr("More hands"))
        self.more_button.setObjectName("more_hands")
        self.more_button.clicked.connect(self.more_hands)
        self.more_button.hide()
        self.browser_layout.insertWidget(self.browser_layout.indexOf(self.count), self.more_button)
        # the floor scrolled to the end of the list: the next page (after the scroll is done)
        self.hand_list.verticalScrollBar().valueChanged.connect(self._scrolled)
        self.hand_list.itemSelectionChanged.connect(self._chose)  # (Down to the last row: the next page too)
        # the finds and pages, read in a thread of their own (a find matching nothing reads the
        # whole room); a find runs when the floor stops typing for FIND_PAUSE_MS
        self.page_reader = PageReader(url, self)
        self.page_reader.answered.connect(self._page_read)
        self.find_timer = QTimer(self)
        self.find_timer.setSingleShot(True)
        self.find_timer.setInterval(FIND_PAUSE_MS)
        self.find_timer.timeout.connect(self._find_now)
        self._show_room()
        self.bridge_feed = _FeedBridge(self)
        self.bridge_feed.changed.connect(self._feed_changed)
        self.bridge_feed.state.connect(self._feed_state)
        # (history=False: the hands from before are paged from the room, not read by the feed)
        self.feed = RoomFeed(url, self.bridge_feed.changed.emit, self.bridge_feed.state.emit, history=False).start()

    # --- what the floor window asks of its source --------------------------------------------------
    def reload(self):
        self._compose()

    def apply_filters(self):
        """The filter boxes changed: the room is asked again for the hands they keep, newest first."""
        if not hasattr(self, "find_timer"):  # (the floor window's own constructor: nothing read yet)
            return
        self._wanted = self.hand_find()  # (a box that holds no time or amount is marked at once)
        self.find_timer.start()  # (again: each key restarts the pause)

    def _find_now(self) -> None:
        if self._wanted != self._find or self.pages is None:
            self._new_pages()

    def _new_pages(self) -> None:
        """The first page of what the boxes ask for, read by the page reader; the list shows the
        last find's hands until it answers."""
        self.find_timer.stop()
        self._generation += 1
        labels = {tid: t.label for tid, t in self.room_tables.items()}
        if not labels:
            self._find, self.pages, self.paged = self._wanted, None, []
            self._compose()
            return
        self._reading = True
        self.page_reader.ask(
            PageRequest(
                self._generation,
                hand_pages.PAGE_HANDS,
                find=self._wanted,
                labels=labels,
                rulings=tuple(self.room_rulings),
                failing=dict(self.room_failing),
            )
        )
        self._say_count()

    def more_hands(self) -> None:
        """The next page of hands from the room (the floor scrolled to the end, or asked)."""
        if self.pages is not None and not self.pages.done and not self._reading:
            self._reading = True
            self.page_reader.ask(PageRequest(self._generation, hand_pages.PAGE_HANDS, pages=self.pages))
            self._say_count()

    def _page_read(self, answer: PageAnswer) -> None:
        """A page the reader read: shown if it answers the latest find."""
        if answer.generation != self._generation:
            return
        self._reading = False
        if answer.error is not None:
            self.status.setText(error_words(answer.error))
            self._say_count()
            return
        if answer.new_find:
            self._find, self.pages, self.paged = self._wanted, answer.pages, []
            for tid, failing in self.room_failing.items():  # (marks that arrived while it was read)
                if self.pages is not None:
                    self.pages.mark(tid, failing)
        for tid, failing in self.room_failing.items():  # (the check's marks as they are now)
            mark_failing([h for h in answer.hands if h.table_id == tid], failing)
        self.paged += answer.hands
        self._compose()

    def _scrolled(self, value: int) -> None:
        bar = self.hand_list.verticalScrollBar()
        if value >= bar.maximum() > 0 and self.pages is not None and not self.pages.done:
            QTimer.singleShot(0, self.more_hands)

    def _chose(self) -> None:
        rows = self.hand_list.selectionModel().selectedRows()
        if rows and rows[0].row() == self.hand_list.rowCount() - 1 and self.pages is not None and not self.pages.done:
            QTimer.singleShot(0, self.more_hands)

    def _compose(self) -> None:
        """The list: the pages read, and the hands the feed read since (each as it is now) that
        the filter keeps — those newer than the last page's end, or on a page already; the hand
        chosen stays chosen."""
        if not hasattr(self, "paged"):
            return
        find, live = self._find, self.room_hands
        more = self.pages is not None and not self.pages.done
        floor = sort_key(self.paged[-1]) if self.paged and more else None
        listed = {(h.table_id, h.session, h.hand): h for h in self.paged}
        shown = {k: h for k, h in listed.items() if k not in live}
        for k, h in live.items():
            if find.keeps(h) and (k in listed or floor is None or sort_key(h) >= floor):
                shown[k] = h
        selected = self._selected_key()
        self.hands = self.shown = sorted(shown.values(), key=sort_key, reverse=True)
        self.hand_model.set_hands(self.shown)  # (the list's header sizes its columns: fit_columns)
        self._select(selected)
        self.more_button.setVisible(more)
        self._say_count()

    def _say_count(self) -> None:
        """How many hands are listed, whether the room has more, and whether it is being asked."""
        if getattr(self, "_time_refused", False) or not hasattr(self, "shown"):
            return
        more = self.pages is not None and not self.pages.done
        self.more_button.setEnabled(not self._reading)
        if self._reading:
            self.count.setText(fill(self.tr("%1 hands listed; looking in the room…"), str(len(self.shown))))
        elif more:
            self.count.setText(
                fill(self.tr("%1 hands listed; the room has more: scroll down for them"), str(len(self.shown)))
            )
        else:
            self.count.setText(self.tr("%n hand(s)", "", len(self.shown)))

    def open_summary(self, h: HandSummary):
        self.current_table = h.table_id
        self.open_hand(h.session, h.hand)

    def record_of_hand(self):
        assert self.current_table is not None
        return self.reader.table(self.current_table)

    def open_hand(self, session: int, hand: int):
        try:
            self.reader.catch_up(hands=False)  # (the table's name, and the rulings on the hand, as they are now)
        except RoomError as exc:
            QMessageBox.warning(self, self.tr("Floor"), error_words(exc))
            return
        super().open_hand(session, hand)

    def verify(self):
        try:
            self.reader.catch_up(hands=False)
        except RoomError as exc:
            QMessageBox.warning(self, self.tr("Record"), error_words(exc))
            return
        refused = self.reader.refusals
        try:  # each floor act at a table: its login, and whether the room's own act matches it
            acts = check_floor_acts(self.reader._query)
        except RoomError as exc:
            QMessageBox.warning(self, self.tr("Record"), error_words(exc))
            return
        flagged = [a for a in acts if a.flagged]
        if self.room_problems or refused:
            said = [*self.room_problems[:20], *(self._refusal_words(r) for r in refused[:20])]
            QMessageBox.warning(self, self.tr("Record"), "\n".join(said))
        if flagged:
            QMessageBox.warning(
                self,
                self.tr("Record"),
                self.tr("%n floor act(s) do not match the room's record of them:", "", len(flagged))
                + "\n"
                + "\n".join(a.words() for a in flagged[:20]),
            )
        if not self.room_problems and not refused and not flagged:
            said = self.tr(
                "Every table's rows match the heads the table signed (checked here, with the key the floor "
                "enrolled), and the room refused none."
            )
            by_login = [a for a in acts if a.login]
            if by_login:
                said += " " + self.tr(
                    "%n floor act(s) made under a floor's room login match the room's record of them.",
                    "",
                    len(by_login),
                )
            self.status.setText(said)

    @property
    def last_id(self) -> int:
        """How much of the room the console has seen (it grows with every row, any table's)."""
        return sum(self.heads.values())

    # --- the feed ----------------------------------------------------------------------------------
    def _feed_changed(self, change: FeedChange):
        table = self.current_table
        open_hand_grew = table is not None and change.heads.get(table, 0) > self.heads.get(table, 0)
        self.heads = change.heads
        tables_changed = {t: r.label for t, r in change.tables.items()} != {
            t: r.label for t, r in self.room_tables.items()
        }
        self.room_tables = change.tables
        self.room_rulings = change.rulings
        if self.pages is not None:
            self.pages.rulings = list(change.rulings)
        for h in change.hands:
            self.room_hands[(h.table_id, h.session, h.hand)] = h
        for tid, failing in (change.failing or {}).items():  # the check's marks on the hands paged
            self.room_failing[tid] = failing
            if self.pages is not None:
                self.pages.mark(tid, failing)
            mark_failing([h for h in self.paged if h.table_id == tid], failing)
        if tables_changed:  # (the first read of the room, a table enrolled or renamed: its pages again)
            self._new_pages()
        elif change.failing:
            self.hand_model.hands_changed()
        if len(change.refusals) != len(self.refused):
            self.status.setText("")  # (a "none was refused" said before no longer holds)
        self.refused = change.refusals
        self.flags = change.flags
        self._show_key(at_most_every_s=KEY_READ_EVERY_S)
        if change.problems is not None:  # the console's own check of every table's rows
            self.room_problems, self.room_notes = change.problems, change.notes or []
        self._show_room()
        if change.hands and not tables_changed:
            self.reload()
        t = self.timeline
        if open_hand_grew and t is not None and t.session and self.current_table is not None:
            key = (self.current_table, t.session, t.hand)
            shown = self.room_hands.get(key)
            changed = any((h.table_id, h.session, h.hand) == key for h in change.hands)
            if shown is not None and (shown.ended is None or changed):  # dealt now, or just ended or ruled on
                self._reload_open_hand()

    def _reload_open_hand(self):
        """A hand being dealt, shown live: its new steps appear; the floor stays on the step it
        looks at unless it was at the end."""
        t = self.timeline
        assert t is not None
        at_end = self.index >= len(t.steps) - 1
        index = self.index
        try:
            fresh = load_hand(self.record_of_hand(), t.session, t.hand)
        except (TimelineError, StoreError) as exc:  # (a room that cannot be read says so as a record does)
            self.status.setText(error_words(exc))
            return
        self.timeline = fresh
        self._list_steps()
        self.go(len(fresh.steps) - 1 if at_end else min(index, len(fresh.steps) - 1))

    def _selected_key(self):
        rows = self.hand_list.selectionModel().selectedRows()
        if not rows or rows[0].row() >= len(self.shown):
            return None
        h = self.shown[rows[0].row()]
        return (h.table_id, h.session, h.hand)

    def _select(self, key) -> None:
        if key is None:
            return
        for row, h in enumerate(self.shown):
            if (h.table_id, h.session, h.hand) == key:
                self.hand_list.blockSignals(True)
                self.hand_list.selectRow(row)
                self.hand_list.blockSignals(False)
                return

    def _feed_state(self, state: str, detail: str):
        if state == "connected" and self.feed_state[0] != "connected":
            self.status.setText("")  # (what failed while the room was away no longer holds)
        self.feed_state = (state, detail)
        self._show_room()

    def _show_room(self):
        state, detail = self.feed_state
        words = {
            "connected": self.tr("live"),
            "offline": self.tr("offline, reconnecting"),
            "connecting": self.tr("connecting"),
            "stopped": self.tr("stopped"),
        }.get(state, state)
        names = ", ".join(f"{t.label} ({t.table_id})" for t in self.room_tables.values()) or self.tr("none yet")
        text = fill(self.tr("Room: %1 — %n table(s): %2", "", len(self.room_tables)), words, names)
        if detail:
            text += "\n" + detail
        self.room_line.setText(text)
        self.room_line.setStyleSheet("" if state == "connected" else "color: #b00020;")
        if self.room_problems:  # (the words are the check's, in English, as a record's check says them)
            self.problem_line.setText(
                fill(
                    self.tr(
                        "THE ROOM'S COPY FAILS THIS CONSOLE'S CHECK: %n problem(s), hands marked in red — %1",
                        "",
                        len(self.room_problems),
                    ),
                    self.room_problems[0],
                )
            )
            self.problem_line.setToolTip("\n".join([*self.room_problems[:50], *self.room_notes[:10]]))
            self.problem_line.show()
        elif self.room_notes:
            self.problem_line.setText(self.room_notes[0])
            self.problem_line.setToolTip("\n".join(self.room_notes[:50]))
            self.problem_line.show()
        else:
            self.problem_line.hide()
        if self.refused:
            self.refusal_line.setText(
                fill(
                    self.tr("The room refused %n row(s) — %1", "", len(self.refused)),
                    self._refusal_words(self.refused[-1]),
                )
            )
            self.refusal_line.setToolTip("\n".join(self._refusal_words(r) for r in self.refused[-50:]))
            self.refusal_line.show()
        self.flag_line.setText("\n".join(self._flag_words(f) for f in self.flags))
        self.flag_line.setVisible(bool(self.flags))

    def _show_key(self, at_most_every_s: float = 0.0) -> None:
        """Says how this machine's floor key stands in the room (read again at most every
        ``at_most_every_s``: the feed's changes ask, and the owner may enroll a key at any time)."""
        if time.monotonic() - self._key_read_at < at_most_every_s:
            return
        self._key_read_at = time.monotonic()
        try:
            login = self.reader.login()
            standing, valid = self.reader.floor_key_standing()
        except RoomError as exc:
            self.key_line.setText(
                fill(self.tr("This machine's floor key cannot be checked with the room — %1"), str(exc))
            )
            self.key_line.show()
            return
        if standing.state == FOREIGN:
            text = fill(
                self.tr(
                    "The room holds %n floor key(s) under your login %1 that this machine did not make: someone "
                    "enrolled them in your name (the room's owner can). Tell the room's manager; rulings signed "
                    "with them are shown as not yours.",
                    "",
                    len(standing.foreign),
                ),
                login,
            )
        elif standing.state == NO_KEY_HERE:
            text = fill(
                self.tr(
                    "This machine holds no floor key for %1: your rulings cannot be signed. Make one on this "
                    "machine with: dealer-app floor-key new"
                ),
                login,
            )
        elif standing.state == NOT_ENROLLED:
            text = fill(
                self.tr("This machine's floor key for %1 is not enrolled in the room: run dealer-app floor-key new"),
                login,
            )
        elif not valid:
            text = fill(
                self.tr("This machine's floor key for %1 is not valid in the room: see dealer-app floor-key show"),
                login,
            )
        else:
            self.key_line.hide()
            return
        self.key_line.setText(text)
        self.key_line.show()

    def _flag_words(self, f: TableFlag) -> str:
        table = self.room_tables.get(f.table_id)
        name = f"{table.label} ({f.table_id})" if table else f.table_id
        since = f.since[:19].replace("T", " ")
        if f.what == SILENT:
            return fill(
                self.tr(
                    "%1: its signed heads stopped arriving — the room has not heard from this open table since %2 UTC"
                ),
                name,
                since,
            )
        if f.what == memory.CUT:
            return fill(
                self.tr(
                    "%1: its signed heads in the room end at row %2, but this machine saw them reach row %3: "
                    "rows and heads were cut in the room"
                ),
                name,
                f.now,
                f.seen,
            )
        if f.what == memory.GONE:
            return fill(
                self.tr("%1: this machine saw it in the room (up to row %2); the room no longer has it"), name, f.seen
            )
        if f.what == memory.REKEYED:
            return fill(
                self.tr(
                    "%1: the key enrolled for it is %2…, not %3… as this machine first saw: if no floor approved "
                    "a changed key, the room's owner replaced it"
                ),
                name,
                f.now[:16],
                f.seen[:16],
            )
        if f.what == memory.FLOOR_KEY_GONE:
            return fill(
                self.tr(
                    "the floor login %1: its key %2… was valid when this machine saw it; the room no longer holds "
                    "it valid: the login's keys were rewritten"
                ),
                f.table_id,
                f.seen[:16],
            )
        if f.what == memory.RULING_GONE:
            return fill(self.tr("the room's ruling %1: this machine saw it; the room no longer has it"), f.seen)
        if f.what == memory.RULING_CHANGED:
            return fill(
                self.tr(
                    "the room's ruling %1: its copy now hashes to %2…, not as this machine saw it: it was rewritten"
                ),
                f.seen,
                f.now,
            )
        if f.what == UNCOVERED:
            return fill(
                self.tr("%1: %n row(s) on the server that no signed head covers, since %2 UTC", "", f.rows), name, since
            )
        return fill(
            self.tr("%1: its record and the room's copy disagree, since %2 UTC — %3"), name, since, f.reason[:300]
        )

    def _refusal_words(self, r) -> str:
        table = self.room_tables.get(r.table_id)
        name = f"{table.label} ({r.table_id})" if table else r.table_id
        words = {
            "hash": self.tr(
                "row %1 (table session %2, hand %3, %4) does not match its keyed hash: it was changed "
                "after it was written, or written with another key"
            ),
            "differs": self.tr(
                "row %1 (table session %2, hand %3, %4) differs from the row already received for that place"
            ),
            "early": self.tr("row %1 (table session %2, hand %3, %4) arrived before the rows before it"),
            "gap": self.tr("row %1 (table session %2, hand %3, %4) arrived with rows missing before it"),
            "numbered": self.tr("row %1 (table session %2, hand %3, %4) is numbered out of its table's order"),
        }.get(r.what)
        reason = r.reason if words is None else fill(words, r.row_id, r.session, r.hand, r.kind)
        # who sent it, and that nothing of the table's own is lost: a refusal is a row someone
        # sent that the room would not take, not a change to the table's record
        if r.what in ("differs", "hash"):
            reason += fill(
                self.tr(
                    " — sent by the login %1; the room keeps the genuine row it already had (or "
                    "waits for it), and the table's own record is not changed"
                ),
                r.login or "?",
            )
        elif r.login:
            reason += fill(self.tr(" — sent by the login %1"), r.login)
        return fill(self.tr("%1: %2"), name, reason)

    def closeEvent(self, event):
        self.find_timer.stop()
        self.page_reader.stop()
        self.feed.stop()
        self.reader.close()
        super().closeEvent(event)
