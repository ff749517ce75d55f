"""Screenshots of a mixed stud table (catalog §14) at 8 seats, in a real window (run under Xvfb):

    xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python tools/mixed_screenshots.py /tmp/mixed
    xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python tools/mixed_screenshots.py /tmp/mixed/de de

triple-stud-10-20 (hands 8): the last stud hand at its awards, with the change to Razz shown
("1-game-change"); the first Razz hand's bring-in by the highest door card, R-2 ("2-razz-bring-in");
its fourth street, the lowest board first, R-3 ("3-razz-low-board"). Played through the same
controller the dealer's keys drive.
"""

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.ui.app import install_translator
from dealer_app.ui.main_window import MainWindow

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
DOORS = ["Kd", "7c", "As", "2c", "9h", "5d", "Qs", "4h"]


def main(out: str, language: str = "en") -> None:
    os.environ["DEALER_APP_CONFIG"] = tempfile.mkdtemp()  # the shots' own key
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv)
    tmp = Path(tempfile.mkdtemp())
    settings = QSettings(str(tmp / "s.ini"), QSettings.IniFormat)
    settings.setValue("language", language)
    install_translator(app, settings)
    c = TableController(Store(tmp / "hands.sqlite3"))
    w = MainWindow(c, settings)
    w.resize(1280, 720)
    w.show()

    def shot(name: str) -> None:
        for _ in range(5):
            app.processEvents()
        w.grab().save(str(folder / f"{name}.png"))

    c.open_table("triple-stud-10-20", None, [(i + 1, n, 100000) for i, n in enumerate(NAMES)])
    for _hand in range(8):  # eight stud hands: the bring-in, everyone else folds
        c.start_hand()
        for card in DOORS:
            c.enter_card(card)
        c.act("bring_in")
        while c.prompt().kind == "action":
            c.act("fold")
    shot("1-game-change")  # the last stud hand's awards: next Razz
    c.start_hand()  # hand 9: Razz
    for card in DOORS:
        c.enter_card(card)
    shot("2-razz-bring-in")
    c.act("bring_in")
    for _seat in range(7):  # everyone calls the bring-in
        c.act("call")
    for card in ["3h", "Jd", "6s", "8c", "Th", "2d", "Ks", "5s"]:
        c.enter_card(card)
    shot("3-razz-low-board")
    w.ask_before_closing = False  # (a hand is open: the shots end here)
    w.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
