"""Keystrokes a dealer needs, and how fast each is answered, in the real window.

    xvfb-run -s "-screen 0 1280x800x24" python benchmarks/bench_keystrokes.py
    (or QT_QPA_PLATFORM=offscreen python benchmarks/bench_keystrokes.py)

Plays scripted hands by key events sent to whatever widget has the focus, as a dealer types:
a five-handed $3-6 hand capped on third street, the eight-handed $10-20 hand to a common card,
and a $1-5 spread hand. Counts every key from the first door card to the confirmed awards and
times each key from its press to the repainted window. Prints one JSON object.

Targets (issue 9): at most 2 keys per card and 1 per fixed-limit action.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen" if not os.environ.get("DISPLAY") else "xcb")

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from dealer_app.live.controller import TableController
from dealer_app.record.store import Store
from dealer_app.ui.main_window import MainWindow

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
ORDER = [r + s for r in "AKQJT98765432" for s in "shdc"]  # downcards shown: the first unseen


class KeyDealer:
    """Types into the focused widget and counts: cards, actions, the rest."""

    def __init__(self, app, window):
        self.app, self.w, self.c = app, window, window.controller
        self.keys = {"card": 0, "action": 0, "other": 0}
        self.cards = self.actions = 0
        self.ms: list[float] = []

    def press(self, key, what: str, modifier=Qt.NoModifier):
        target = QApplication.focusWidget() or self.w
        t0 = time.perf_counter()
        QTest.keyClick(target, key, modifier)
        self.w.repaint()  # what the dealer sees, drawn
        self.app.processEvents()
        self.ms.append((time.perf_counter() - t0) * 1000)
        self.keys[what] += 1

    def type(self, text: str, what: str):
        for ch in text:
            self.press(ch, what)

    def card(self, code: str):
        self.type(code.lower(), "card")
        self.cards += 1

    def action(self, action: str, amount_digits: str | None = None):
        choice = next(ch for ch in self.c.choices() if ch.action == action)
        self.type(choice.key.lower(), "action")
        if choice.min_to is not None:
            self.type(amount_digits or str(choice.min_to // 100), "action")
            self.press(Qt.Key_Return, "action")
        self.actions += 1

    def enter(self):
        self.press(Qt.Key_Return, "other")

    def play(self, streets: list[str], policy):
        """``streets``: the upcards in dealing order, one string per street (None: the river).
        ``policy(controller)`` answers (action, digits) for the seat to act."""
        hand = iter(streets)
        steps = 0
        while self.c.prompt().kind != "award":
            steps += 1
            before = (self.c.prompt(), len(self.c.inputs))
            if steps > 400:
                raise RuntimeError(f"stuck at {before[0]}: {self.w.panel.error.text()!r}")
            kind = self.c.prompt().kind
            if kind in ("card", "common"):
                street = next(hand)
                for code in street.split():
                    self.card(code)
            elif kind == "river":
                self.enter()
            elif kind == "action":
                self.action(*policy(self.c))
            elif kind == "show":  # the downcards the player turns up, typed without spaces
                seat = self.c.prompt().seat
                unseen = [code for code in ORDER if code not in self.c.seen_cards()]
                self.type("".join(unseen[: len(self.c.hand.by_seat[seat].down)]).lower(), "other")
            else:
                raise RuntimeError(f"unexpected prompt {self.c.prompt()}")
        self.enter()  # confirm the awards


def capped_policy(c):
    names = [ch.action for ch in c.choices()]
    for a in ("bring_in", "raise", "complete", "call", "check"):
        if a in names and not (a == "bring_in" and "complete" in names and c.hand.street != 3):
            if a == "raise" and c.hand.street != 3:
                continue
            return (a, None)
    return (names[0], None)


def passive_policy(c):
    names = [ch.action for ch in c.choices()]
    for a in ("bring_in", "check", "call"):
        if a in names:
            return (a, None)
    return (names[0], None)


def spread_policy(c):
    names = [ch.action for ch in c.choices()]
    if "bring_in" in names:
        return ("bring_in", "3")
    if c.hand.street == 5 and "bet" in names:
        return ("bet", "5")
    for a in ("call", "check"):
        if a in names:
            return (a, None)
    return (names[0], None)


HANDS = {
    "five_handed_capped": (
        "stud-3-6",
        5,
        ["Kd 7c As 2c 9h", "Qh 3d 9d 5c Jc", "Jd 7d 8c 4h Ks", "Tc Th 6s 6d 2s", None],
        capped_policy,
    ),
    "eight_handed_common_card": (
        "stud-10-20",
        8,
        [
            "2c 3c 4c 5c 6c 7c 8c 9c",
            "2d 3d 4d 5d 6d 7d 8d 9d",
            "2h 3h 4h 5h 6h 7h 8h 9h",
            "2s 3s 4s 5s 6s 7s 8s 9s",
            "Ts",
        ],
        passive_policy,
    ),
    "spread": ("stud-1-5-spread", 4, ["Kd 7c 9s 4h", "Qh 3d 8d 5c", "Jd 7d 8c Ah", "Tc Th 6s 6d", None], spread_policy),
}


def main():
    app = QApplication.instance() or QApplication(sys.argv)
    results = {"platform": QApplication.platformName()}
    for name, (table, seats, streets, policy) in HANDS.items():
        tmp = Path(tempfile.mkdtemp())
        settings = QSettings(str(tmp / "s.ini"), QSettings.IniFormat)
        w = MainWindow(TableController(Store(tmp / "hands.sqlite3")), settings)
        w.ask_before_closing = False
        w.resize(1280, 800)
        w.show()
        w.activateWindow()
        for _ in range(20):
            app.processEvents()
        c = w.controller
        c.open_table(table, None, [(i + 1, NAMES[i], 100000) for i in range(seats)])
        d = KeyDealer(app, w)
        d.enter()  # start the hand (not counted below)
        d.keys["other"] = 0
        d.ms.clear()
        d.play(streets, policy)
        total = sum(d.keys.values())
        results[name] = {
            "keys_per_hand": total,
            "cards": d.cards,
            "keys_per_card": round(d.keys["card"] / d.cards, 2),
            "actions": d.actions,
            "keys_per_action": round(d.keys["action"] / d.actions, 2),
            "other_keys": d.keys["other"],
            "ms_per_key_median": round(statistics.median(d.ms), 2),
            "ms_per_key_p95": round(sorted(d.ms)[int(len(d.ms) * 0.95)], 2),
        }
        w.close()
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
