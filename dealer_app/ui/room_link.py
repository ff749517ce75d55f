"""A table's link to the card room (issue 15): its forwarder, its state in the status bar, and
the Settings dialog that names the room's server.

The server is ``DEALER_APP_DATABASE`` if set, else the Settings' (``room/database``); the
table's name in the room is the Settings' (``room/table_name``), else the machine's name. The
forwarder runs in its own thread (room/forwarder.py): its state reaches this window through
a queued signal, and the dealer never waits on the network.

On an installed table the record service keeps the record and its keys, and runs the
forwarder itself (room/service_link.py says why): this window names the room to it, polls its
forwarder's state twice a second (a local request, never the network) and shows it here the
same way; the start check is the service's too.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QObject, QSettings, QTimer, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from dealer_app.record.store import StoreError
from dealer_app.recordsvc.client import ServiceStore
from dealer_app.room.database import ENV, RoomError, room_url, shown_url
from dealer_app.room.forwarder import (
    NOT_ALLOWED,
    OFFLINE,
    REFUSED,
    STOPPED,
    UP_TO_DATE,
    Forwarder,
    ForwardState,
    PendingRuling,
)
from dealer_app.settings import ROOM_DATABASE, ROOM_TABLE_NAME
from dealer_app.ui.screen_fit import keep_wrapped_lines
from dealer_app.ui.settings_store import read, write
from dealer_app.ui.table_name_words import table_name_refusal
from dealer_app.ui.words import error_words, fill

log = logging.getLogger(__name__)
SERVICE_POLL_MS = 500  # the record service's forwarder's state, asked this often (a local socket)


def ask_room_at_start(store, settings: QSettings) -> list[str]:
    """At the live table's start, with a room configured: the record against the room's last
    row and signed head of this table (room/start_check.py). What the dealer must be told: []
    when the room agrees or none is configured (no room: nothing asked, the start stays fast)."""
    url = room_url(None, read(settings, ROOM_DATABASE))
    if url is None or store is None:
        return []
    if isinstance(store, ServiceStore):  # (the service's record: the service asks, and witnesses)
        from dealer_app.room.service_link import ask_room_through

        try:
            answer = ask_room_through(store, url)
        except StoreError as exc:
            return [error_words(exc)]
        return [answer.note] if answer.note is not None else []
    if not store.writable:
        return []
    from dealer_app.room.start_check import ask_room

    answer = ask_room(store, url)
    return [answer.note] if answer.note is not None else []


class TableLink(QObject):
    """Owns the forwarder of the window's record and says its state in ``label``."""

    state = Signal(object, object)  # (the forwarder, its state): a stopped one's last words are dropped
    rulings_changed = Signal()  # the room's rulings that move chips here, not applied yet (``rulings``)

    def __init__(self, label: QLabel, settings: QSettings, parent=None):
        super().__init__(parent)
        self.label, self.settings = label, settings
        self.forwarder: Forwarder | None = None
        self.rulings: tuple[PendingRuling, ...] = ()  # as the forwarder last read them
        self.state.connect(self._show)
        self.poll = QTimer(self)  # the record service's forwarder: its state asked for (installed)
        self.poll.setInterval(SERVICE_POLL_MS)
        self.poll.timeout.connect(self._poll_service)
        label.hide()

    def url(self) -> str | None:
        return room_url(None, read(self.settings, ROOM_DATABASE))

    def table_name(self) -> str | None:
        return read(self.settings, ROOM_TABLE_NAME) or None

    def start(self, store) -> None:
        """Forward ``store`` to the room, if one is named (again after the Settings changed)."""
        self.stop()
        url = self.url()
        if url is not None and isinstance(store, ServiceStore):
            self._start_in_service(store, url)
            return
        if url is None or store is None or not store.writable:
            self.label.hide()
            return
        try:
            forwarder = Forwarder(store, url, self.table_name())
        except (RoomError, StoreError) as exc:  # (an older record, a record that cannot be written now)
            self._say(fill(self.tr("Room: not forwarded — %1"), str(exc)), problem=True)
            return
        forwarder.on_state = lambda s: self.state.emit(forwarder, s)
        try:
            self.forwarder = forwarder.start()
        except OSError as exc:  # (no process can be started: a deleted folder, a process limit)
            self._say(fill(self.tr("Room: not forwarded — %1"), str(exc)), problem=True)
            return
        self._say(fill(self.tr("Room: connecting to %1"), shown_url(url)), problem=False)

    def _start_in_service(self, store: ServiceStore, url: str) -> None:
        """The record service forwards its record (room/service_link.py); this window polls it."""
        from dealer_app.room.service_link import ServiceForwarder

        try:
            self.forwarder = ServiceForwarder(store, url, self.table_name()).start()  # type: ignore[assignment]
        except StoreError as exc:
            self._say(fill(self.tr("Room: not forwarded — %1"), error_words(exc)), problem=True)
            return
        self._say(fill(self.tr("Room: connecting to %1"), shown_url(url)), problem=False)
        self.poll.start()

    def _poll_service(self) -> None:
        forwarder = self.forwarder
        if forwarder is None:
            self.poll.stop()
            return
        try:
            state = forwarder.poll()  # type: ignore[attr-defined]
        except StoreError as exc:  # the service is gone: said, and asked again at the next tick
            state = ForwardState(STOPPED, forwarder.state.on_server, forwarder.state.waiting, error_words(exc))
        self._show(forwarder, state)

    def stop(self) -> None:
        self.poll.stop()
        if self.forwarder is not None:
            if isinstance(self.forwarder, Forwarder):
                # its last state ("stopped") comes from its thread after this link may be gone
                # (the window closed): a signal of a deleted object, logged as a listener's error
                self.forwarder.on_state = None
            self.forwarder.stop()
            self.forwarder = None
        if self.rulings:
            self.rulings = ()
            self.rulings_changed.emit()

    def _say(self, text: str, problem: bool, detail: str = "") -> None:
        # the widgets are touched only when what they say changes: the state comes after every
        # commit, and a style sheet set again re-polishes the status bar in the dealer's repaint
        shown = (text, problem, detail)
        if shown == getattr(self, "_shown", None):
            return
        self._shown = shown
        self.label.setText(text)
        self.label.setStyleSheet("color: #b00020; font-weight: bold;" if problem else "")
        self.label.setToolTip(detail)
        self.label.show()

    def _show(self, forwarder: Forwarder, s: ForwardState) -> None:
        if forwarder is not self.forwarder:
            return  # (a forwarder stopped since: the Settings named another server)
        if s.rulings != self.rulings:
            self.rulings = s.rulings
            self.rulings_changed.emit()
        if s.state == UP_TO_DATE:
            text, problem = self.tr("Room: up to date"), False
        elif s.state == OFFLINE:
            text = self.tr(
                "Room: offline, %n row(s) waiting (the table deals on; they go when the server is back)", "", s.waiting
            )
            problem = True
        elif s.state == REFUSED and s.lost:  # the record lost rows the room still keeps
            text = fill(
                self.tr(
                    "Room: the room still keeps rows this record has lost (%1; a damaged disk, or an "
                    "older copy) — tell the floor"
                ),
                s.lost,
            )
            problem = True
        elif s.state == REFUSED and s.differs:  # the connect check: the detail names each (table, hand, row)
            text = self.tr(
                "Room: the room's copy and this record DISAGREE (%n difference(s); the details name each) — "
                "nothing is sent; tell the floor",
                "",
                s.differs,
            )
            problem = True
        elif s.state == REFUSED:
            text, problem = self.tr("Room: the server REFUSED this table's rows — tell the floor"), True
        elif s.state == STOPPED:
            text, problem = self.tr("Room: forwarding stopped"), True
        elif s.state == NOT_ALLOWED:
            text, problem = (
                self.tr(
                    "Room: the server does not take this table's rows (its login) — see the "
                    "Settings, or ask whoever runs the server"
                ),
                True,
            )
        else:
            text = self.tr("Room: sending, %n row(s) waiting", "", s.waiting)
            problem = False
        self._say(text, problem, s.detail)
        if s.state in (REFUSED, STOPPED, NOT_ALLOWED):
            log.warning("room forwarder %s: %s", s.state, s.detail)


class RoomSettingsDialog(QDialog):
    """Settings → Card room…: the room's server and this table's name there."""

    def __init__(self, settings: QSettings, parent: QWidget | None = None):
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(self.tr("Card room"))
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "This table's record is forwarded to the card room's server, where the floor sees "
                "every table. The record on this machine stays the table's own: dealing goes on "
                "when the network drops, and the rows follow when it is back. Leave the server "
                "empty to keep the record on this machine only."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.url = QLineEdit(read(settings, ROOM_DATABASE))
        self.url.setPlaceholderText("postgresql://table_3:password@floor-server/room")
        self.url.setEchoMode(QLineEdit.EchoMode.PasswordEchoOnEdit)
        self.name = QLineEdit(read(settings, ROOM_TABLE_NAME))
        self.name.setPlaceholderText(self.tr("e.g. Stud 3 (default: this machine's name)"))
        self.name.setMaxLength(80)
        form.addRow(self.tr("Room server"), self.url)
        self.url_shown = QLabel()  # the server and login, the password hidden: what is set, at a glance
        self.url.textChanged.connect(lambda text: self.url_shown.setText(shown_url(text.strip())))
        self.url_shown.setText(shown_url(self.url.text().strip()))
        form.addRow("", self.url_shown)
        form.addRow(self.tr("This table's name in the room"), self.name)
        layout.addLayout(form)
        import os

        if os.environ.get(ENV):
            note = QLabel(
                fill(
                    self.tr("%1 is set on this machine, and names the server instead: %2"),
                    ENV,
                    shown_url(os.environ[ENV]),
                )
            )
            note.setWordWrap(True)
            layout.addWidget(note)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        keep_wrapped_lines(self)  # (the introduction wraps: never shorter than its lines)

    def save(self) -> None:
        url = self.url.text().strip()
        if url and not url.startswith(("postgresql://", "postgres://")):
            self.error.setText(self.tr("Not a PostgreSQL URL: postgresql://login:password@host/database"))
            return
        refused = table_name_refusal(self.name.text())  # (the room's rule, said here before the server would)
        if refused is not None:
            self.error.setText(refused)
            self.name.setFocus()
            return
        write(self.settings, ROOM_DATABASE, url)
        write(self.settings, ROOM_TABLE_NAME, self.name.text().strip())
        self.settings.sync()
        import os

        try:  # the URL holds the login's password: the settings file is the dealer's alone
            os.chmod(self.settings.fileName(), 0o600)
        except OSError:
            log.warning("the settings file %s cannot be made private", self.settings.fileName(), exc_info=True)
        self.accept()
