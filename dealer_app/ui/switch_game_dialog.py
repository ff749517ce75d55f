"""Table → Switch game: the floor switches a mixed table's game between hands (catalog §14,
M-1, M-2), confirmed with the floor's own account (in a room, the floor's room login) exactly as
a void is; the controller records it before it is applied."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout

from dealer_app.live.controller import InputError
from dealer_app.ui.floor_login_words import floor_labels
from dealer_app.ui.words import error_words, fill, game_words, rotation_words, said


class SwitchGameDialog(QDialog):
    """The game to deal from the next hand on, and the floor's account and passphrase."""

    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self.controller = controller
        session = controller.session
        self.setWindowTitle(self.tr("Switch the game"))
        layout = QVBoxLayout(self)
        shown = controller.game_shown()
        about = QLabel(
            fill(
                self.tr("Now: %1. The floor's switch starts a new round of the game chosen (%2; M-2)."),
                said(shown.outlook) if shown is not None else "",
                rotation_words(session.mix.rotation.rule) if session.mix is not None else "",
            )
        )
        about.setWordWrap(True)
        layout.addWidget(about)
        form = QFormLayout()
        self.game = QComboBox()
        for game in session.mix.rotation.games if session.mix is not None else ():
            self.game.addItem(game_words(game), game)
        if session.mix is not None:  # (offered first: the game that comes next)
            self.game.setCurrentIndex(self.game.findData(session.mix.next_game))
        self.floor_name = QLineEdit()
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        floor_label, passphrase_label = floor_labels(controller, self.tr("Floor account"), self.tr("Floor passphrase"))
        form.addRow(self.tr("Game"), self.game)
        form.addRow(floor_label, self.floor_name)
        form.addRow(passphrase_label, self.passphrase)
        layout.addLayout(form)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Switch the game"))
        buttons.accepted.connect(self.apply)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.game.setFocus()

    def apply(self):
        try:
            self.controller.switch_game(self.game.currentData(), (self.floor_name.text(), self.passphrase.text()))
        except InputError as exc:  # refused (a wrong passphrase is recorded): nothing changed
            self.error.setText(error_words(exc))
            self.passphrase.clear()
            return
        self.accept()
