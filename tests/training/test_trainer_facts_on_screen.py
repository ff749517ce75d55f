"""Issue 27: every drill's question answerable from what the trainee sees.

For each skill and 40 seeded drills, the facts the answer depends on are derived from what the
trainer shows — the hand so far under the table (read back as text and parsed here with plain
code), the seats as the table draws them, the status line — and the answer is found again from
them alone: the pot from the antes and actions listed, the side pots from those and the
starting stacks, who shows first from the last street's actions, the stub from the burns listed
and the cards on the table, the bring-in from the door cards, the shortage from the stub shown.
None of it calls the code that wrote the text; ``drill_oracle`` replays the PHH where a second
reading is needed. Then the leaks: the ALL-IN tag of a seat that wins stays, a seat only asked
about is never "TO ACT", and the keys: Alt+H for the whole hand, Enter answers a multi-line
answer, Shift+Enter is a new line."""

import re
import sqlite3

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from dealer_app.training.drills import SKILLS, make_drills
from dealer_app.training.progress import Progress
from dealer_app.ui.drill_facts import facts_of, working
from dealer_app.ui.trainer_window import TrainerWindow, moment_of
from tests.support.drill_oracle import board_value, rank, read, shortage_plan, stub_count, suit

N = 40
PROCEDURES = {"us-cardroom": "pool-burns", "casinos-austria": "casinos-austria", "tda-tournament": "tda"}
MONEY = r"[$€]\d[\d,]*(?:\.\d\d)?"
STREETS = {"Third street": 3, "Fourth street": 4, "Fifth street": 5, "Sixth street": 6, "Seventh street": 7}


def cents(text: str) -> int:
    number = text.lstrip("$€").replace(",", "")
    whole, _dot, part = number.partition(".")
    return int(whole) * 100 + int(part or 0)


class Shown:
    """The hand so far as the trainer's text says it, parsed line by line."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self.head: list[str] = []
        self.streets: dict[int, list[str]] = {}
        street = None
        for line in lines:
            title = line.split(" (")[0]
            if title in STREETS and not line.startswith(" "):
                street = STREETS[title]
                self.streets[street] = []
            elif street is None:
                self.head.append(line)
            else:
                assert line.startswith("  "), line
                self.streets[street].append(line.strip())

    def starts(self) -> dict[int, int]:
        """The starting stacks shown ({} where none are: nobody is all-in)."""
        line = next((x for x in self.head if x.startswith("Starting stacks: ")), "")
        if not line:
            assert not any("all-in" in x for lines in self.streets.values() for x in lines), self.lines
        return {int(s): cents(m) for s, m in re.findall(rf"seat (\d+) ({MONEY})", line)}

    def actions(self, street: int) -> list[tuple[int, str, int | None]]:
        out = []
        for line in self.streets.get(street, []):
            m = re.fullmatch(
                rf"Seat (\d+) (folds|checks|calls|bets|brings in for|completes to|raises to)"
                rf"(?: ({MONEY}))?( all-in)?",
                line,
            )
            if m:
                out.append((int(m[1]), m[2], cents(m[3]) if m[3] else None))
        return out

    def put(self, seats: list[int]) -> dict[int, int]:
        """Every seat's chips in the pot: its ante, each street's last amount (a call adds its
        amount to what the seat had in), less an uncalled part returned."""
        put = dict.fromkeys(seats, 0)
        for lines in self.streets.values():
            round_to = dict.fromkeys(seats, 0)
            for line in lines:  # in the order they happened
                if m := re.fullmatch(rf"Antes: ({MONEY}) from each of the (\d+) players \(({MONEY})\)", line):
                    assert int(m[2]) == len(seats) and cents(m[3]) == cents(m[1]) * len(seats)
                    for s in seats:
                        put[s] += cents(m[1])
                elif m := re.fullmatch(rf"Seat (\d+) antes ({MONEY})(?: and is all-in)?", line):
                    put[int(m[1])] += cents(m[2])
                elif m := re.fullmatch(rf"Uncalled ({MONEY}) returned to seat (\d+)", line):
                    round_to[int(m[2])] -= cents(m[1])
                elif m := re.fullmatch(
                    rf"Seat (\d+) (calls|bets|brings in for|completes to|raises to) ({MONEY})"
                    rf"( all-in)?",
                    line,
                ):
                    seat, amount = int(m[1]), cents(m[3])
                    round_to[seat] = round_to[seat] + amount if m[2] == "calls" else amount
            for s in seats:
                put[s] += round_to[s]
        return put

    def folded(self) -> set[int]:
        return {seat for street in self.streets for seat, verb, _a in self.actions(street) if verb == "folds"}

    def burns(self) -> int:
        """The burn pile: one a burn said; none once the burns are shuffled back into the stub."""
        burns = 0
        for street in sorted(self.streets):
            for line in self.streets[street]:
                if re.search(r"shuffle the \d+ burn cards|scramble the \d+ burn cards|scramble the stub", line):
                    burns = 0
                if re.search(r"\b[Bb]urn one\b", line):
                    burns += 1
        return burns


def side_pots_of(put: dict[int, int], all_in: set[int], folded: set[int]) -> list[dict]:
    """P-1 from the chips each seat put in: a pot at each all-in total."""
    live = [s for s in sorted(put) if s not in folded]
    levels = sorted({put[s] for s in all_in if s in live})
    top = max(put.values())
    if not levels or levels[-1] < top:
        levels.append(top)
    out, previous = [], 0
    for level in levels:
        amount = sum(min(p, level) - min(p, previous) for p in put.values())
        if amount:
            out.append({"amount": amount, "eligible": [s for s in live if put[s] >= level or s not in all_in]})
        previous = level
    return out


def on_the_table(d):
    """The drill as the trainee sees it: its moment (the seats and status drawn) and the hand so
    far, the whole hand and this street only."""
    m = moment_of(d)
    facts = facts_of(d.skill, d.hand)
    return m, Shown(facts.lines(True)), Shown(facts.lines(False))


@pytest.fixture(scope="module")
def drills():
    return {skill: make_drills(skill, N, seed=2027) for skill in SKILLS}


def test_bring_in_from_the_door_cards_and_the_antes_shown(qapp, drills):
    for d in drills["bring-in"]:
        m, _whole, now = on_the_table(d)
        views = [v for v in m.seats() if v.in_hand]
        assert not any(v.to_act for v in views)  # the answer is not marked
        all_in = {int(s) for line in now.streets[3] for s in re.findall(r"Seat (\d+) antes \S+ and is all-in", line)}
        low = min(views, key=lambda v: (rank(v.up[0]), suit(v.up[0])))  # B-2, from the door cards drawn
        seat = low.seat
        if seat in all_in:  # B-5: on, clockwise, past the all-in seat
            ring = views[views.index(low) + 1 :] + views[: views.index(low)]
            seat = next(v.seat for v in ring if v.seat not in all_in)
        assert d.answer == {"seat": seat}, "\n".join(now.lines)


def test_first_to_act_from_the_boards_shown(qapp, drills):
    for d in drills["first-to-act"]:
        m, whole, _now = on_the_table(d)
        live = [v for v in m.seats() if v.in_hand and not v.folded]
        assert not any(v.to_act for v in m.seats())
        if m.status()["common"] and m.status()["street"] == 7:  # D-8: sixth street's first actor, shown
            first = whole.actions(6)[0][0]
            assert d.answer["seat"] == first or first not in {v.seat for v in live if not v.all_in}
            continue
        best = max(board_value(v.up) for v in live)
        tied = [v for v in live if board_value(v.up) == best]
        if d.profile == "tda-tournament":
            high = max(tied, key=lambda v: max((rank(c), suit(c)) for c in v.up))
        else:
            high = tied[0]
        if high.all_in:  # the ALL-IN tag drawn says to pass it
            ring = live[live.index(high) + 1 :] + live[: live.index(high)]
            high = next(v for v in ring if not v.all_in)
        assert d.answer == {"seat": high.seat}, "\n".join(whole.lines)


def test_legal_action_this_streets_actions_and_the_bets_in_front_shown(qapp, drills):
    for d in drills["legal-action"]:
        m, _whole, now = on_the_table(d)
        sit = read(d.phh)
        assert [v.seat for v in m.seats() if v.to_act] == [d.answer["seat"]]  # the seat to act is marked
        for v in m.seats():
            assert (v.round_to, v.stack) == (sit.by_seat(v.seat).round_to, sit.by_seat(v.seat).stack)
        # this street's actions, without asking for the whole hand, in the order they were taken
        assert [seat for seat, _v, _a in now.actions(sit.street)] == [seat for seat, _v in sit.rounds[sit.street]]
        folds = [seat for seat, verb in sit.rounds[sit.street] if verb == "f"]
        assert [seat for seat, verb, _a in now.actions(sit.street) if verb == "folds"] == folds


def test_pot_from_the_antes_and_actions_shown(qapp, drills):
    for d in drills["pot"]:
        m, whole, _now = on_the_table(d)
        seats = [v.seat for v in m.seats() if v.in_hand]
        assert sum(whole.put(seats).values()) == d.answer["pot"] == read(d.phh).pot, "\n".join(whole.lines)
        assert m.pots() == [] and not any(v.in_pot_shown for v in m.seats())  # the sum is not drawn
        assert working("pot", d.hand, d.answer)[-1].endswith("= " + m.money(d.answer["pot"]))


def test_side_pots_from_the_actions_and_starting_stacks_shown(qapp, drills):
    for d in drills["side-pots"]:
        m, whole, _now = on_the_table(d)
        starts = whole.starts()
        assert set(starts) == {v.seat for v in m.seats() if v.in_hand}
        put = whole.put(list(starts))
        all_in = {s for s in put if put[s] == starts[s]}
        assert {v.seat for v in m.seats() if v.all_in} == all_in - whole.folded()  # and tagged ALL-IN
        assert side_pots_of(put, all_in, whole.folded()) == d.answer["pots"], "\n".join(whole.lines)


def test_shows_first_from_the_last_streets_actions_shown(qapp, drills):
    for d in drills["shows-first"]:
        _m, whole, now = on_the_table(d)
        last = max(s for s in whole.streets if whole.actions(s))
        acts = whole.actions(last)
        raises = [seat for seat, verb, _a in acts if verb in ("bets", "raises to", "completes to")]
        seat = raises[-1] if raises else acts[0][0]  # W-1
        assert d.answer == {"seat": seat}, "\n".join(whole.lines)
        if raises and last == 7:  # the river's actions are this street's: shown without asking
            assert now.actions(7) == acts
        said = working("shows-first", d.hand, d.answer)
        assert said[0].startswith("The last bet or raise on") == bool(raises) and f"seat {seat} " in said[0].lower()


def _dealt(m) -> int:
    return sum(len(v.up) + v.down_count for v in m.seats() if v.in_hand) + (1 if m.status()["common"] else 0)


def test_stub_from_the_burns_shown_and_the_cards_on_the_table(qapp, drills):
    for d in drills["stub"]:
        m, whole, now = on_the_table(d)
        assert m.status()["stub"] == "?"
        burns = whole.burns()
        assert d.answer["stub"] == 52 - _dealt(m) - burns, "\n".join(whole.lines)
        m.answered = True
        assert m.status()["stub"] == d.answer["stub"]  # what the table shows once answered agrees
        # the street asked about says its deal (and its burn) itself, without the whole hand
        assert any("to each" in x or "common card" in x for x in now.streets[max(now.streets)]), now.lines
        dealt, burned, stub = stub_count(read(d.phh))  # the explanation's count, as the oracle makes it
        assert working("stub", d.hand, d.answer)[0].startswith(f"52 − {dealt} dealt − {burned} burned = {stub}")
        assert (dealt, burned) == (_dealt(m), burns)


def test_shortage_from_the_stub_and_burns_shown(qapp, drills):
    for d in drills["shortage"]:
        m, whole, _now = on_the_table(d)
        line = next(x for x in whole.head if x.startswith("Before this round: "))
        stub, burns, live = map(
            int,
            re.fullmatch(
                r"Before this round: (\d+) cards? in the stub, (\d+) burn cards, "
                r"(\d+) players to deal to",
                line,
            ).groups(),
        )
        assert live == sum(1 for v in m.seats() if v.in_hand and not v.folded)
        assert (stub, burns) == (52 - _dealt(m) - whole.burns(), whole.burns())  # as the hand's lines add up
        assert shortage_plan(PROCEDURES[d.profile], live, stub, burns) == d.answer, line
        street = m.status()["street"]
        assert not any("to each" in x or "common card" in x for x in whole.streets.get(street, []))  # not told


def _pots_shown(whole: Shown) -> list[tuple[int, list[int]]]:
    line = next(x for x in whole.head if x.startswith("In the middle: "))
    return [
        (cents(a), [int(s) for s in seats.split(", ")])
        for a, seats in re.findall(rf"pot(?: \d+)? ({MONEY}) \(seats ([\d, ]+)\)", line)
    ]


def test_winners_from_the_pots_and_hands_shown(qapp, drills):
    for d in drills["winners"]:
        m, whole, _now = on_the_table(d)
        pots = _pots_shown(whole)
        assert [a for a, _s in pots] == [p["amount"] for p in d.answer["pots"]]
        starts = whole.starts()
        put = whole.put(list(starts))
        all_in = {s for s in put if put[s] == starts[s]}
        # the pots in the middle follow from the actions and starting stacks shown
        assert [(p["amount"], p["eligible"]) for p in side_pots_of(put, all_in, whole.folded())] == pots, "\n".join(
            whole.lines
        )
        views = {v.seat: v for v in m.seats()}
        for (_amount, eligible), pot in zip(pots, d.answer["pots"], strict=True):
            assert {int(s) for s in pot["winners"]} <= set(eligible)
            if len(eligible) > 1:  # a contested pot: its winners' hands are face up
                assert all(views[int(s)].shown for s in pot["winners"])
        assert m.awards() == [] and not any(v.note for v in views.values())


@pytest.mark.parametrize("skill", ["winners", "best-five"])
def test_the_all_in_tag_stays_on_a_seat_that_wins(qapp, drills, skill):
    """The issue's leak: the tag went from the all-in seat that won a pot (its stack no longer 0)."""
    tagged_winners = 0
    for d in drills[skill]:
        m, whole, _now = on_the_table(d)
        starts = whole.starts()
        put = whole.put([v.seat for v in m.seats() if v.in_hand])
        all_in = {s for s in starts if put[s] == starts[s]} - whole.folded()
        assert {v.seat for v in m.seats() if v.all_in} == all_in, "\n".join(whole.lines)
        won = {int(s) for p in d.hand.pots_awarded for s in p["winners"]}
        tagged_winners += len(all_in & won)
    assert tagged_winners > 0  # (the case the leak was about is among the drills)


def test_best_five_the_seats_cards_shown_and_the_seat_asked_not_to_act(qapp, drills):
    from dealer_app.ui.qt_bridge import ControllerBridge
    from dealer_app.ui.table_view import TableView

    for d in drills["best-five"]:
        m, _whole, _now = on_the_table(d)
        view = TableView(ControllerBridge(m))
        v = next(v for v in m.seats() if v.seat == d.answer["seat"])
        seen = set(v.shown) | set(v.up) | ({m.status()["common"]} if m.status()["common"] else set())
        assert set(d.answer["cards"]) <= seen
        assert view.seat_status(v) in ("ASKED", "ALL-IN") and not v.to_act
        view.deleteLater()


def test_every_skill_is_checked_here():
    names = {name[len("test_") :] for name in globals() if name.startswith("test_")}
    for skill in SKILLS:
        assert any(skill.replace("-", "_") in n for n in names), skill


# --- the issue's seeds -------------------------------------------------------------------------------
def test_the_issues_seeds_are_answerable_from_the_screen(qapp):
    """A session's drill i of seed S is ``make_drills(skill, 1, S * 1000 + i)``: 645365549005 is
    drill 5 (shows first), 291320032003 drill 3 (the pot) of an exam over every skill."""
    from dealer_app.training.session import TrainingSession

    s = TrainingSession("exam", list(SKILLS), 10, seed=645365549)
    for _ in range(6):
        s.next()
        s.answer({})
    assert s.current.skill == "shows-first" and s.current.answer == {"seat": 6}
    _m, whole, now = on_the_table(s.current)
    assert now.actions(7)[-1][0] != 6 and (6, "raises to", 8000) in now.actions(7)  # seat 6 capped the river
    assert "seat 6 made" not in " ".join(now.lines)  # (the answer itself is not written)
    d = make_drills("pot", 1, 291320032003)[0]
    m, whole, _now = on_the_table(d)
    assert d.table == "casinos-austria-5-10-20" and d.answer == {"pot": 17600}
    assert sum(whole.put([v.seat for v in m.seats() if v.in_hand]).values()) == 17600
    assert working("pot", d.hand, d.answer)[-1] == "The pot: €20 + €126 + €30 = €176"


# --- on the window, with the keys -------------------------------------------------------------------
@pytest.fixture
def trainer(qtbot, tmp_path):
    w = TrainerWindow(Progress(sqlite3.connect(tmp_path / "t.sqlite3")))
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    return w


def start(qtbot, w, mode: int, skill: str, count: int = 2):
    qtbot.mouseClick(w.trainee.lineEdit(), Qt.LeftButton)
    qtbot.keyClicks(w.trainee.lineEdit(), "Tina")
    w.mode.setCurrentIndex(mode)
    for i in range(w.skills.count()):
        item = w.skills.item(i)
        if (item.checkState() == Qt.Checked) != (item.data(Qt.UserRole) == skill):
            rect = w.skills.visualItemRect(item)
            qtbot.mouseClick(w.skills.viewport(), Qt.LeftButton, pos=QPoint(rect.x() + 8, rect.center().y()))
    w.count.setValue(count)
    qtbot.mouseClick(w.start_button, Qt.LeftButton)


def _panel(w) -> list[str]:
    return [line.strip() for line in w.facts.toPlainText().splitlines() if line.strip()]


def test_the_window_shows_this_street_and_alt_h_the_whole_hand(qtbot, trainer):
    w = trainer
    start(qtbot, w, 1, "pot")
    d = w.session.current
    assert w.facts.isVisible() and w.whole_hand.isVisible() and not w.whole_hand.isChecked()
    facts = facts_of(d.skill, d.hand)
    assert _panel(w) == [x.strip() for x in facts.lines(False)]
    assert QApplication.focusWidget() is w.entry
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_H, Qt.AltModifier)  # the whole hand, the focus where it was
    assert w.whole_hand.isChecked() and QApplication.focusWidget() is w.entry and w.entry.text() == ""
    assert _panel(w) == [x.strip() for x in facts.lines(True)]
    seats = [v.seat for v in w.bridge.controller.seats() if v.in_hand]
    assert sum(Shown(facts.lines(True)).put(seats).values()) == d.answer["pot"]
    # a right answer in practice gets the short working
    qtbot.keyClicks(QApplication.focusWidget(), f"{d.answer['pot'] / 100:.2f}")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    text = w.explanation.toPlainText()
    assert "Right" in text and "The pot: " in text and "P-1" not in text
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)  # the next drill: the choice is kept
    assert w.whole_hand.isChecked() and _panel(w) == [
        x.strip() for x in facts_of("pot", w.session.current.hand).lines(True)
    ]


def test_enter_answers_a_multi_line_answer_and_shift_enter_is_a_new_line(qtbot, trainer):
    w = trainer
    start(qtbot, w, 0, "side-pots", count=1)
    d = w.session.current
    assert "Shift+Enter starts a new line" in " ".join(
        label.text() for label in w.answer_box.findChildren(type(w.question)) if label.isVisible()
    )
    assert QApplication.focusWidget() is w.lines
    for i, pot in enumerate(d.answer["pots"]):
        if i:
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return, Qt.ShiftModifier)
        qtbot.keyClicks(QApplication.focusWidget(), f"{pot['amount'] / 100:.2f}: {' '.join(map(str, pot['eligible']))}")
    assert len(w.lines.toPlainText().splitlines()) == len(d.answer["pots"]) and not w.session.results
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    assert w.session.results and w.session.results[-1].right, w.explanation.toPlainText()
    text = w.explanation.toPlainText()
    assert "How it is found" in text and "In the pot from each seat" in text and "Main pot: " in text


def test_a_seat_asked_about_is_marked_as_the_answer_not_to_act(qtbot, trainer):
    w = trainer
    start(qtbot, w, 0, "shows-first", count=1)
    d = w.session.current
    seats = w.bridge.controller.seats()
    assert not any(v.to_act or v.note for v in seats)
    qtbot.keyClicks(QApplication.focusWidget(), str(d.answer["seat"]))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Return)
    seats = w.bridge.controller.seats()
    words = {v.seat: w.table_view.seat_status(v) for v in seats}
    assert "TO ACT" not in words.values() and words[d.answer["seat"]] in ("ANSWER", "ALL-IN")
    assert [v.seat for v in seats if v.note] == [d.answer["seat"]]
    assert "made the last bet or raise" in w.explanation.toPlainText() or "acted first" in w.explanation.toPlainText()


# --- issue 27's new skills: the low hand, the chips, the split pot ---------------------------------
def _said(d) -> list[str]:
    from dealer_app.ui.drill_facts import case_lines

    return case_lines(d.skill, d.hand, d.case)


def _chips_said(text: str) -> list[tuple[int, int]]:
    return [(int(n), cents(a)) for n, a in re.findall(rf"(\d+) × ({MONEY}) \w+", text)]


def test_low_hand_the_seats_cards_shown_and_the_seat_asked(qapp, drills):
    from tests.support.drill_oracle import best_low

    for d in drills["low-hand"]:
        m, _whole, _now = on_the_table(d)
        v = next(v for v in m.seats() if v.seat == d.answer["seat"])
        common = [m.status()["common"]] if m.status()["common"] else []
        seen = list(dict.fromkeys(list(v.shown) + list(v.up) + common))
        assert len(seen) == 7 and v.note == "ASKED" and not v.to_act and m.awards() == []
        low = best_low(seen)  # found again from the seven cards drawn
        assert (low is None) == (d.answer["cards"] == []) and set(d.answer["cards"]) <= set(seen)


def test_chip_count_the_stack_said_and_the_pot_not_drawn(qapp, drills):
    for d in drills["chip-count"]:
        m, _whole, _now = on_the_table(d)
        line = next(x for x in _said(d) if x.startswith("The pot, stacked: "))
        assert d.answer["amount"] == sum(n * a for n, a in _chips_said(line)), line
        assert m.pots() == [] and not any(v.in_pot_shown for v in m.seats())


def test_make_change_the_call_and_the_chip_said(qapp, drills):
    for d in drills["make-change"]:
        m, _whole, _now = on_the_table(d)
        said = _said(d)
        chips = [cents(a) for a in re.findall(MONEY, said[0])]
        seat, owes, chip = re.fullmatch(
            rf"Seat (\d+) calls ({MONEY}) and puts out one ({MONEY}) \w+ chip\.", said[1]
        ).groups()
        views = {v.seat: v for v in m.seats()}
        assert views[int(seat)].note == "ASKED"
        top = max(v.round_to for v in views.values())
        assert cents(owes) == top - views[int(seat)].round_to  # the call, from the bets drawn in front
        change = cents(chip) - cents(owes)
        paid = {int(c): n for c, n in d.answer["chips"].items()}
        assert d.answer["change"] == change == sum(c * n for c, n in paid.items()) and set(paid) <= set(chips)


def test_colour_up_the_stack_said_is_the_seats_stack_drawn(qapp, drills):
    for d in drills["colour-up"]:
        m, _whole, _now = on_the_table(d)
        seat, words = re.fullmatch(r"Seat (\d+) leaves the table with (.*)\.", _said(d)[1]).groups()
        stack = sum(n * a for n, a in _chips_said(words))
        assert stack == next(v.stack for v in m.seats() if v.seat == int(seat))
        assert sum(int(c) * n for c, n in d.answer["chips"].items()) == stack


def test_split_pot_the_pot_the_halves_winners_and_the_chip_shown(qapp, drills):
    for d in drills["split-pot"]:
        m, whole, _now = on_the_table(d)
        said = _said(d)
        pot = cents(re.search(rf"pot ({MONEY})", next(x for x in whole.head if x.startswith("In the middle"))).group(1))
        highs = [int(s) for s in re.findall(r"seat (\d+)", next(x for x in said if x.startswith("High: ")))]
        lows = [int(s) for s in re.findall(r"seat (\d+)", next(x for x in said if x.startswith("Low: ")))]
        chip = cents(re.search(MONEY, next(x for x in said if x.startswith("The smallest chip"))).group(0))
        views = {v.seat: v for v in m.seats()}
        shares: dict[int, int] = {}
        low_half = pot // 2 // chip * chip
        for seats, half in ((highs, pot - low_half), (lows, low_half)):  # H-3, W-4 from the cards drawn
            order = sorted(seats, key=lambda s: max((rank(c), suit(c)) for c in views[s].shown), reverse=True)
            each = half // (len(seats) * chip) * chip
            for i, s in enumerate(order):
                shares[s] = shares.get(s, 0) + each + (chip if i < (half - each * len(seats)) // chip else 0)
        assert {int(s): a for s, a in d.answer["shares"].items()} == shares, said


# --- the irregularity quiz: what the remedy turns on is on the screen -----------------------------
AGGRESSION = re.compile(r"\b(bets|raises to|completes to)\b")


def test_irregularity_what_the_remedy_turns_on_is_shown(qapp, drills):
    """The remedy and whether it applies now, found again from the said situation, the hand so far
    (who has acted since the bring-in; the actions between an action out of turn and its turn;
    the awards) and the table drawn."""
    from dealer_app.ui.drill_facts import irregularity_lines

    kinds = set()
    for d in drills["irregularity"]:
        m, whole, _now = on_the_table(d)
        said = irregularity_lines(d.hand, d.case)
        k = d.case["kind"]
        kinds.add(k)
        last = max(whole.streets)
        third = whole.actions(3)
        views = {v.seat: v for v in m.seats()}
        if k in ("exposed", "flashed", "both-exposed"):
            assert said[0].startswith("Dealing third street") and last == 3 and not third
            expected = ("I-6" if k == "both-exposed" else "I-8" if k == "flashed" else "I-1", True)
        elif k == "exposed-late":
            assert said[0].startswith("Dealing seventh street")
            expected = ("I-3", True)  # an exposed card on a later street: the floor
        elif k == "dealt-early":
            expected = ("I-2", True)
        elif k == "wrong-bring-in":
            seat, brought = re.fullmatch(
                r"Seat (\d+)'s door card was read as \S+: it is \S+\. Seat (\d+) brought "
                r"in\.",
                said[0],
            ).groups()
            assert last == 3 and third[0][0] == int(brought) and views[int(seat)].up
            expected = ("I-4", len(third) == 1)  # corrected while the next player has not acted
        elif k == "misdeal":
            expected = ("I-6", last == 3 and len(third) - 1 < 2)  # two after the bring-in: substantial action
        elif k == "out-of-turn":
            lines = whole.streets[last]
            at = max(i for i, x in enumerate(lines) if " out of turn; action goes back to seat " in x)
            if said[-1].endswith("out_of_turn: floor"):
                expected = ("I-3", True)
            else:
                assert said[-1].endswith("binding-unless-changed") and said[0].startswith("Now seat ")
                between = [*lines[at + 1 :], said[0].split(":")[0]]
                expected = ("I-5", not any(AGGRESSION.search(x) for x in between))
        else:
            assert k == "fouled-deck"
            awarded = (
                any(re.match(r"(Main pot|Pot|Side pot|Seat \d+ wins)", x) for x in whole.streets[last])
                or m.status().get("phase") == "done"
            )
            expected = ("I-3", True) if awarded else ("I-7", True)
        assert (d.answer["remedy"], d.answer["applies"]) == expected, (d.case, said, whole.lines)
        if k not in ("misdeal", "dealt-early", "fouled-deck"):
            assert views[d.case["seat"]].note == "ASKED" and str(d.case["seat"]) in said[0]
    assert len(kinds) >= 7, kinds
