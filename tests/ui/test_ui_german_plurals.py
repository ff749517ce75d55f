"""Plurals are Qt numerus forms, not "Zeile(n)": the German picks the singular or the plural
by the count (the .ts holds both forms), while the English keeps its source text."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTranslator

from dealer_app.ui.translations import qm_file


def test_the_german_says_one_row_or_rows_by_the_count(qapp):
    qm = qm_file("de")
    assert qm is not None
    data = qm.read_bytes()
    translator = QTranslator()
    assert translator.load(data)
    tr = QCoreApplication.translate
    assert tr("TableLink", "Room: sending, %n row(s) waiting", "", 1) == "Room: sending, 1 row(s) waiting"
    QCoreApplication.installTranslator(translator)
    try:
        assert tr("TableLink", "Room: sending, %n row(s) waiting", "", 1) == "Saal: sendet, 1 Zeile wartet"
        assert tr("TableLink", "Room: sending, %n row(s) waiting", "", 3) == "Saal: sendet, 3 Zeilen warten"
    finally:
        QCoreApplication.removeTranslator(translator)
