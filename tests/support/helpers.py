"""Small helpers to set up and drive hands in tests."""

from __future__ import annotations

from dealer_app.engine.cards import parse_cards
from dealer_app.engine.hand import Hand, SeatSpec
from dealer_app.engine.limits import BettingRules, load_profile, load_table


def rules(table: str = "stud-10-20", profile: str | None = None, **options) -> BettingRules:
    t = load_table(table)
    r = BettingRules.build(t, load_profile(profile or t.profile))
    return r.with_options(**options) if options else r


def fixed_rules(
    profile: str = "us-cardroom", game: str = "stud", ante=100, bring_in=500, small=1000, big=2000, chip=100, **options
) -> BettingRules:
    r = BettingRules.fixed(load_profile(profile), game, ante, bring_in, small, big, chip)
    return r.with_options(**options) if options else r


def new_hand(r: BettingRules, stacks, doors: str, downs: str | None = None) -> Hand:
    """Seats 1..n with ``stacks``; third street dealt with the given door cards."""
    h = Hand(r, [SeatSpec(i + 1, f"P{i + 1}", s) for i, s in enumerate(stacks)])
    doors = parse_cards(doors)
    downs = parse_cards(downs) if downs else [None] * (2 * len(doors))
    for i, door in enumerate(doors):
        h.deal(i + 1, [downs[2 * i], downs[2 * i + 1], door])
    return h


def deal_street(h: Hand, cards: str):
    """Deal one card to each live seat in order."""
    for c in parse_cards(cards):
        seat, _ = h.expected_deal()
        h.deal(seat, [c])


def legal(h: Hand) -> list[dict]:
    return [a.as_dict() for a in h.legal_actions()]


def kinds(h: Hand) -> list[str]:
    return [a.action for a in h.legal_actions()]


def play(h: Hand, script: str):
    """Apply 'seat:action[:to]' steps separated by spaces, e.g. '3:bring_in 4:complete:1000'."""
    for step in script.split():
        parts = step.split(":")
        seat, action = int(parts[0]), parts[1]
        to = int(parts[2]) if len(parts) > 2 else None
        h.act(seat, action, to)


def full_hand(r: BettingRules, stacks, cards: list[str], third: str | None = None, later: str = "check"):
    """Deal each seat seven known cards (``"d1 d2 door 4 5 6 river"``); on third street apply
    ``third`` (default: bring-in, everyone calls), later streets everyone ``later``s.
    Returns the hand at the showdown (or done)."""
    seven = [parse_cards(c) for c in cards]
    h = Hand(r, [SeatSpec(i + 1, f"P{i + 1}", s) for i, s in enumerate(stacks)])
    for i, cs in enumerate(seven):
        h.deal(i + 1, cs[:3])
    if third:
        play(h, third)
    else:
        h.act(h.to_act.seat, "bring_in", next(a for a in h.legal_actions() if a.action == "bring_in").to or r.bring_in)
        while h.phase == "bet":
            h.act(h.to_act.seat, "call")
    while h.phase in ("deal", "bet"):
        while h.phase == "deal":
            seat, _ = h.expected_deal()
            h.deal(seat, [seven[seat - 1][h.street - 1]])
        while h.phase == "bet":
            kinds_now = [a.action for a in h.legal_actions()]
            h.act(h.to_act.seat, later if later in kinds_now else ("check" if "check" in kinds_now else "call"))
    return h


def show_all(h: Hand):
    for seat in list(h.showdown_order):
        if h.phase == "showdown":
            h.show(seat)


def clone_by_replay(h: Hand) -> Hand:
    """A copy of ``h`` made the way the live table makes one: a new hand fed the same cards and
    actions, read back from the event record. (``copy.deepcopy`` would not prove that the
    record is enough to rebuild it.)"""
    c = Hand(h.rules, [SeatSpec(p.seat, p.name, p.start) for p in h.players], h.unknown_upcards)
    for ev in h.events[len(c.events) :]:
        if ev.kind == "deal":
            c.deal(ev.seat, parse_cards(" ".join(ev.data["cards"])))
        elif ev.kind == "common_card":
            c.deal_common(parse_cards(ev.data["card"])[0])
        elif ev.kind == "action":
            c.act(ev.seat, ev.data["action"], ev.data.get("to"))
        elif ev.kind in ("ruling", "show", "muck", "expose"):
            raise NotImplementedError(f"clone_by_replay does not replay {ev.kind!r} events")
    assert [e.as_dict() for e in c.events] == [e.as_dict() for e in h.events]
    return c


def mutate_text(text: str, rng, alphabet: str = "0123456789azKQJTscdh$.,[]:+ ") -> str:
    """One damage a download or an editor does to a hand history: cut at a line or anywhere,
    a line lost or doubled, or a few characters replaced from ``alphabet``."""
    lines = text.splitlines()
    kind = rng.randrange(5)
    if kind == 0:
        return "\n".join(lines[: rng.randrange(len(lines) + 1)])
    if kind == 1 and lines:
        del lines[rng.randrange(len(lines))]
    elif kind == 2 and lines:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif kind == 3:
        return text[: rng.randrange(len(text) + 1)]
    else:
        chars = list(text)
        for _ in range(rng.randrange(1, 4)):
            if chars:
                chars[rng.randrange(len(chars))] = rng.choice(alphabet)
        return "".join(chars)
    return "\n".join(lines)


_QM_BYTES: list[bytes] = []  # the bytes each German translator reads: kept as long as the run


def load_german(translator) -> bool:
    """Load the German translation into ``translator`` from a copy in memory, as the app does:
    Qt reads a .qm loaded by path in place, and a rebuild of the file while the tests run
    would be read halfway through (a crash inside translate())."""
    from pathlib import Path

    data = (Path(__file__).resolve().parents[2] / "dealer_app/ui/i18n/dealer_app_de.qm").read_bytes()
    _QM_BYTES.append(data)
    return translator.load(data)


def close_every_window() -> None:
    """Every window closed without its "the hand is not finished, quit anyway?" (a test that
    started the whole app ends it so)."""
    from PySide6.QtWidgets import QApplication

    for w in QApplication.topLevelWidgets():
        if hasattr(w, "ask_before_closing"):
            w.ask_before_closing = False
        w.close()


def pick_in_box(qtbot, combo, data) -> None:
    """A combo box's item picked as a person picks it: the box clicked open, Down or Up to the
    item, Enter."""
    from PySide6.QtCore import Qt

    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    target = combo.findData(data)
    for _ in range(combo.count() + 1):
        row = view.currentIndex().row()
        if row == target:
            qtbot.keyClick(view, Qt.Key.Key_Return)
            assert combo.currentData() == data
            return
        qtbot.keyClick(view, Qt.Key.Key_Down if row < target else Qt.Key.Key_Up)
    raise AssertionError(f"{data!r} not reached in the box")


def type_into(qtbot, box, text: str) -> None:
    """A box clicked, what it holds selected with Ctrl+A, and ``text`` typed over it."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(QApplication.focusWidget(), text)
