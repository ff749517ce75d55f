"""Screenshots of the live table's main moments, in a real window (run under Xvfb):

    xvfb-run -s "-screen 0 1280x800x24" python tools/screenshots.py docs/screenshots
    xvfb-run -s "-screen 0 1280x800x24" python tools/screenshots.py docs/screenshots/de de
    xvfb-run -s "-screen 0 1280x800x24" python tools/screenshots.py docs/screenshots en players-display  # (only)
    xvfb-run -a -s "-screen 0 1280x720x24" python tools/screenshots.py docs/screenshots/de de razz-drill  # (only)

Plays the hands through the same controller the dealer's keys drive.
"""

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


def main(out: str, language: str = "en"):
    import os

    os.environ["DEALER_APP_CONFIG"] = tempfile.mkdtemp()  # the shots' own keys
    # the floor's account that confirms the fouled deck below (no account: no floor act)
    from dealer_app.record.floor_accounts import add_account

    accounts = Path(os.environ["DEALER_APP_CONFIG"]) / "floor-accounts"
    add_account("Maria", "4711-maria", accounts)
    os.environ["DEALER_APP_FLOOR_ACCOUNTS"] = str(accounts)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv)
    tmp = Path(tempfile.mkdtemp())
    settings = QSettings(str(tmp / "s.ini"), QSettings.IniFormat)
    settings.setValue("language", language)
    install_translator(app, settings)
    c = TableController(Store(tmp / "hands.sqlite3"))
    w = MainWindow(c, settings)
    w.resize(1280, 800)
    w.show()

    def shot(name):
        for _ in range(5):
            app.processEvents()
        w.grab().save(str(out / f"{name}.png"))

    def act(kind, pick=0):
        ch = [x for x in c.choices() if x.action == kind][pick]
        c.act(ch.action, ch.to if ch.min_to is None else ch.min_to)

    # a four-handed $3-6 hand: bring-in, capped third street, open pair, a side pot at the river
    c.open_table("stud-3-6", None, [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000), (4, "Dee", 3000)])
    c.start_hand()
    shot("1-table-opened")
    for card in ["Kd", "7c", "As", "2c"]:
        c.enter_card(card)
    shot("2-bring-in")
    for kind in ("bring_in", "complete", "raise", "raise", "raise", "call", "call", "call"):  # capped
        act(kind)
    for card in ["Qh", "7d", "9h", "5c"]:
        c.enter_card(card)
    shot("3-fourth-street-open-pair")
    while c.prompt().kind == "action":
        act("check")
    for street in ("Jd 3d 8c 4h", "Tc Th 6s 6d", None):
        if street:
            for card in street.split():
                c.enter_card(card)
        else:
            c.deal_river()
        for kind in ("bet", "call", "call", "call"):
            act(kind)
    for seat, downs in ((2, "5d 6c 8s"), (3, "8d 9d Ks"), (4, "Ah Ac Ad"), (1, "2h 3c 4s")):
        c.show(seat, downs)
    shot("5-showdown-side-pots")
    c.finish_hand()

    # eight-handed to sixth street: the warning, then the common card
    c2 = TableController(Store(tmp / "eight.sqlite3"))
    w.bridge.controller = c2
    c2.listeners.append(w.bridge.changed.emit)
    c2.open_table("stud-10-20", None, [(i + 1, NAMES[i], 100000) for i in range(8)])
    c2.start_hand()
    for card in ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"]:
        c2.enter_card(card)
    c = c2
    act("bring_in")
    for _ in range(7):
        act("call")
    for street in ("2d 3d 4d 5d 6d 7d 8d 9d", "2h 3h 4h 5h 6h 7h 8h 9h", "2s 3s 4s 5s 6s 7s 8s 9s"):
        for card in street.split():
            c.enter_card(card)
        if street.startswith("2s"):
            shot("4-deck-shortage-warning")
        while c.prompt().kind == "action":
            act("check")
    shot("4b-common-card-due")
    c.enter_card("Ts")
    shot("4c-common-card")
    floor_shots(app, out, tmp)
    trainer_shots(app, out, tmp)
    exam_shots(app, out, tmp)
    players_display_shots(out, language)


def exam_shots(app, out: Path, tmp: Path):
    """The trainer's newer screens: a chip drill, an irregularity question, a timed exam under
    way with its clock, and the first page of its certificate."""
    import subprocess

    from PySide6.QtCore import Qt

    from dealer_app.training.exam import Blueprint, ExamBook, SkillCount
    from dealer_app.training.progress import Progress
    from dealer_app.ui.trainer_window import TrainerWindow

    def settle():
        for _ in range(5):
            app.processEvents()

    store = Store(tmp / "exam.sqlite3")
    book = ExamBook(store.db, store.key)
    book.register_instructor("Ines Lehrer", "471147", floor=("Maria", "4711-maria"))
    book.lock(
        Blueprint(
            "Stud dealer, module 1",
            (SkillCount("stub", 2), SkillCount("pot", 2), SkillCount("bring-in", 2)),
            ("stud-2-4", "stud8-10-20"),
            (),
            20 * 60,
            80,
        ),
        "Ines Lehrer",
        "471147",
    )
    w = TrainerWindow(Progress(store.db))
    w.resize(1280, 720)
    w.show()
    w.trainee.setEditText("Tina")
    w.mode.setCurrentIndex(1)  # practice: the newer skills, one at a time
    for skill, name in (("chip-count", "12-training-chip-count"), ("irregularity", "13-training-irregularity")):
        for i in range(w.skills.count()):
            item = w.skills.item(i)
            item.setCheckState(
                Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole) == skill else Qt.CheckState.Unchecked
            )
        w.count.setValue(1)
        w.start()
        settle()
        w.grab().save(str(out / f"{name}.png"))
        w._judge(w.session.current.answer)  # right: the working shown
        settle()
        w.grab().save(str(out / f"{name}-answered.png"))
        w.next_drill()
    w.mode.setCurrentIndex(w.mode.findData("exam"))
    settle()
    w.start()
    settle()
    w.grab().save(str(out / "14-training-exam-clock.png"))
    while w.session is not None and w.session.current is not None:
        w._judge(w.session.current.answer)
        w.next_drill()
    settle()
    w.grab().save(str(out / "14b-training-exam-result.png"))
    pdf = tmp / "certificate.pdf"
    w.write_certificate(pdf)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", str(pdf), str(out / "14c-certificate")], check=False
    )
    w.close()
    store.close()


def trainer_shots(app, out: Path, tmp: Path):
    """The trainer: a drill, a wrong answer explained, the progress view, spot the error."""
    import sqlite3

    from PySide6.QtCore import Qt

    from dealer_app.training.progress import Progress
    from dealer_app.ui.trainer_window import TrainerWindow

    progress = Progress(sqlite3.connect(tmp / "trainer.sqlite3"))
    w = TrainerWindow(progress)
    w.resize(1320, 820)
    w.show()
    w.trainee.setEditText("Tina")
    for i in range(w.skills.count()):
        item = w.skills.item(i)
        item.setCheckState(
            Qt.CheckState.Checked
            if item.data(Qt.ItemDataRole.UserRole) in ("first-to-act", "pot")
            else Qt.CheckState.Unchecked
        )
    w.mode.setCurrentIndex(1)
    w.start()
    for _ in range(5):
        app.processEvents()
    w.grab().save(str(out / "8-training-drill.png"))
    for n in range(8):  # some right, some wrong, for the progress view
        d = w.session.current
        if d is None:
            break
        w._judge(d.answer if n % 3 else {"seat": -1, "pot": -1})
        if n == 0:
            for _ in range(5):
                app.processEvents()
            w.grab().save(str(out / "9-training-wrong-answer.png"))
        w.next_drill()
    view = w.show_progress()
    for _ in range(5):
        app.processEvents()
    if view is not None:
        view.grab().save(str(out / "10-training-progress.png"))
    import dealer_app.ui.trainer_window as trainer_window
    from dealer_app.training.spot import make_spot

    seed = next(s for s in range(500) if make_spot(s).kind == "wrong-amount")  # a told amount on the felt
    trainer_window._seed = lambda: seed
    w.mode.setCurrentIndex(w.mode.findData("spot"))
    w.count.setValue(3)
    w.start()
    for _ in range(w.spot_panel.drill.error_step):
        w.spot_panel.step()
    for _ in range(5):
        app.processEvents()
    w.grab().save(str(out / "11-training-spot-the-error.png"))
    w.spot_panel.remedy.setCurrentIndex(w.spot_panel.remedy.findData("floor"))
    w.spot_panel.stop()  # the right step, the wrong remedy: the feedback says which part was right
    for _ in range(5):
        app.processEvents()
    w.grab().save(str(out / "11b-training-spot-feedback.png"))


def razz_drill_shots(out: Path, language: str = "en"):
    """A Razz drill at 1280x720 (issue 29): the trainer's Game box on a Razz table, a best-low
    question in learn mode (R-1 shown first), then the answer explained."""
    import os
    import sqlite3

    from PySide6.QtCore import Qt

    import dealer_app.ui.trainer_window as trainer_window
    from dealer_app.training.progress import Progress
    from dealer_app.ui.trainer_window import TrainerWindow

    os.environ["DEALER_APP_CONFIG"] = tempfile.mkdtemp()
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv)
    tmp = Path(tempfile.mkdtemp())
    settings = QSettings(str(tmp / "s.ini"), QSettings.IniFormat)
    settings.setValue("language", language)
    install_translator(app, settings)

    def settle():
        for _ in range(5):
            app.processEvents()

    trainer_window._seed = lambda: 29  # (the same hand in both languages)
    w = TrainerWindow(Progress(sqlite3.connect(tmp / "trainer.sqlite3")))
    w.resize(1280, 720)
    w.show()
    w.trainee.setEditText("Tina")
    w.game.setCurrentIndex(w.game.findData("razz-10-20"))
    for i in range(w.skills.count()):
        item = w.skills.item(i)
        wanted = item.data(Qt.ItemDataRole.UserRole) == "best-five"
        item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)
    w.start()  # learn mode: the rules first
    settle()
    w.grab().save(str(out / "20-training-razz-drill.png"))
    d = w.session.current
    for card in d.answer["cards"]:
        w.cards[card].setChecked(True)
    w.submit()
    settle()
    w.grab().save(str(out / "20b-training-razz-answered.png"))
    w.close()


def floor_shots(app, out: Path, tmp: Path):
    """The floor console at a disputed moment (an action out of turn, a slip undone, a ruling),
    and the first pages of its ruling report."""
    import shutil
    import subprocess

    from dealer_app.floor.ruling import Ruling
    from dealer_app.floor.rulings import rule_at_table
    from dealer_app.ui.floor_window import FloorWindow
    from dealer_app.ui.report_pdf import write_report

    store = Store(tmp / "floor.sqlite3", anchors=tmp / "anchors.txt")
    c = TableController(store)
    c.open_table("stud-5-10", None, [(i + 1, NAMES[i], 20000) for i in range(5)])
    c.start_hand()
    for card in ["Kc", "2c", "9h", "Qd", "8s"]:
        c.enter_card(card)
    c.act("bring_in")
    c.report_irregularity("I-5", seat=5, action="call")  # Eve calls before Cy and Dee act
    c.act("call")
    c.undo()  # the dealer's slip, undone
    for street in ("", "Ah 7d 3s 2d 5h", "4c Jh 6d Ts 9c"):
        for card in street.split():
            c.enter_card(card)
        while c.prompt().kind == "action":
            c.act("check" if any(x.action == "check" for x in c.choices()) else "call")
    c.report_irregularity("I-7", floor=("Maria", "4711-maria"))  # a card found twice: every chip back
    c.start_hand()
    rule_at_table(
        c,
        Ruling(
            c.session_id,
            1,
            7,
            "Seat 5 (Eve) called before seat 3 (Cy) acted; Cy then called",
            ("I-5", "I-3"),
            "Eve's call stands: the action to her did not change",
            witnesses="Dealer Jo",
            camera="cam 2 21:03",
        ),
        ("Maria", "4711-maria"),
    )
    w = FloorWindow(store)
    w.resize(1400, 860)
    w.show()
    w.open_hand(c.session_id, 1)
    for _ in range(5):
        app.processEvents()
    w.grab().save(str(out / "6-floor-disputed-moment.png"))
    pdf = tmp / "report.pdf"
    write_report(store, w.timeline, pdf, 7)
    if shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "2", str(pdf), str(out / "7-ruling-report")], check=True
        )
    w.close()  # (its record check stops with it, before the process ends)


def players_display_shots(out: Path, language: str = "en"):
    """The players' display (Window → Players' display) at 1280x800, eight-handed: a hand in
    progress on fifth street (bets in front, a seat to act, a short stack all-in, folded
    seats), then at the award (shown hands, main and side pot)."""
    import os

    os.environ["DEALER_APP_CONFIG"] = tempfile.mkdtemp()
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv)
    tmp = Path(tempfile.mkdtemp())
    settings = QSettings(str(tmp / "s.ini"), QSettings.IniFormat)
    settings.setValue("language", language)
    install_translator(app, settings)
    c = TableController(Store(tmp / "display.sqlite3"))
    w = MainWindow(c, settings)
    w.resize(1280, 800)
    w.show()
    w.players_display_action.trigger()  # Window → Players' display
    display = w.players_display
    display.resize(1280, 800)

    def shot(name):
        for _ in range(5):
            app.processEvents()
        display.grab().save(str(out / f"{name}.png"))

    def act(*kinds):
        for kind in kinds:
            ch = [x for x in c.choices() if x.action == kind]
            if ch:
                c.act(ch[0].action, ch[0].to if ch[0].min_to is None else ch[0].min_to)
                return
        raise AssertionError(f"none of {kinds} in {[x.action for x in c.choices()]}")

    stacks = [30000, 25000, 10000, 40000, 20000, 15000, 35000, 22000]
    c.open_table("stud-10-20", None, [(i + 1, NAMES[i], stacks[i]) for i in range(8)])
    c.start_hand()
    for card in ["Kd", "7c", "As", "2c", "Qh", "9s", "Jd", "5h"]:
        c.enter_card(card)
    act("bring_in")  # Dee (2c)
    act("complete")  # Eve
    act("fold")  # Fay
    act("call")  # Gus
    act("fold")  # Hal
    act("raise")  # Ann
    act("fold")  # Bob
    act("raise")  # Cy
    act("fold")  # Dee
    act("raise")  # Eve: capped
    for _ in range(3):  # Gus, Ann, Cy call
        act("call")
    for card in ["Kh", "8d", "Ac", "Js"]:  # Ann, Cy, Eve, Gus
        c.enter_card(card)
    while c.prompt().kind == "action":
        act("raise", "bet", "call")
    for card in ["3h", "Ad", "4s", "Tc"]:
        c.enter_card(card)
    act("bet")  # Cy: all-in for less than a bet
    act("raise", "complete", "bet")  # Eve
    shot("15-players-display")
    while c.prompt().kind == "action":
        act("call")
    for street in ("9d 2s 6h Qc", None):
        if street:
            for card in street.split():
                c.enter_card(card)
        else:
            c.deal_river()
        while c.prompt().kind == "action":
            act("bet", "call", "check")
    downs = {1: "Kc Ks 2h", 3: "Ah 8c 3c", 5: "6d 6c 7d", 7: "Jh Td 4h"}
    while c.prompt().kind == "show":
        seat = c.prompt().seat
        c.show(seat, downs[seat])
    shot("15b-players-display-award")
    w.ask_before_closing = False
    w.close()


if __name__ == "__main__":
    if len(sys.argv) > 3 and sys.argv[3] == "players-display":  # only these shots
        players_display_shots(Path(sys.argv[1]), sys.argv[2])
    elif len(sys.argv) > 3 and sys.argv[3] == "razz-drill":
        razz_drill_shots(Path(sys.argv[1]), sys.argv[2])
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots", sys.argv[2] if len(sys.argv) > 2 else "en")
