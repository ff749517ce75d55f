"""The app's file dialogs: Qt's own (not the desktop's), so they look and type the same on
every machine, modal, and with the keyboard in them as they open."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

if TYPE_CHECKING:
    from collections.abc import Callable


def raise_dialog(dialog: QWidget) -> None:
    """Show a dialog with the keyboard in it (its first box has the focus)."""
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()


def _dialog(parent: QWidget, title: str) -> QFileDialog:
    dialog = QFileDialog(parent, title)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setModal(True)
    return dialog


def save_pdf_dialog(parent: QWidget, title: str, name: str, on_chosen: Callable[[str], object]) -> QFileDialog:
    """Where to save a PDF (``name`` proposed); ``on_chosen(path)`` once it is chosen."""
    dialog = _dialog(parent, title)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setNameFilter(QCoreApplication.translate("FileDialogs", "PDF (*.pdf)"))
    dialog.setDefaultSuffix("pdf")
    dialog.selectFile(name)
    dialog.fileSelected.connect(on_chosen)
    raise_dialog(dialog)
    return dialog


def open_files_dialog(parent: QWidget, title: str, on_chosen: Callable[[list[str]], object]) -> QFileDialog:
    """Files to open; ``on_chosen(paths)`` once they are chosen."""
    dialog = _dialog(parent, title)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
    dialog.filesSelected.connect(on_chosen)
    raise_dialog(dialog)
    return dialog
