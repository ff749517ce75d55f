"""The desktop window. For now it shows the limit tables and house profiles the engine loads;
the live table (issue #4) builds on it."""

from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QApplication, QLabel, QMainWindow, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from dealer_app.engine.limits import load_folder
from dealer_app.engine.money import format_money


class TablesWindow(QMainWindow):
    def __init__(self, limits_dir=None):
        super().__init__()
        self.setWindowTitle(self.tr("Stud Dealer Assistant"))
        catalog = load_folder(limits_dir)
        central = QWidget()
        layout = QVBoxLayout(central)
        heading = QLabel(self.tr("Limit tables"))
        font = QFont()
        font.setPointSize(16)
        font.setBold(True)
        heading.setFont(font)
        layout.addWidget(heading)
        headers = [self.tr("Table"), self.tr("Game"), self.tr("Structure"), self.tr("Stakes"), self.tr("Ante"),
                   self.tr("Bring-in"), self.tr("Buy-in"), self.tr("Seats"), self.tr("House profile")]
        self.table = QTableWidget(len(catalog.tables), len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        for row, t in enumerate(catalog.tables.values()):
            cells = [t.title, t.game, t.structure, t.stakes, format_money(t.ante, t.currency),
                     format_money(t.bring_in, t.currency), format_money(t.buy_in, t.currency), str(t.seats), t.profile]
            for col, text in enumerate(cells):
                self.table.setItem(row, col, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        layout.addWidget(self.table)
        self.problems = QLabel("\n".join(catalog.problems))
        self.problems.setStyleSheet("color: #b00020;")
        self.problems.setVisible(bool(catalog.problems))
        layout.addWidget(self.problems)
        self.setCentralWidget(central)
        self.resize(1000, 520)


def run_app(argv=None) -> int:
    app = QApplication.instance() or QApplication(argv or sys.argv)
    QCoreApplication.setApplicationName("dealer-app")
    window = TablesWindow()
    window.show()
    return app.exec()
