"""A record written by the code before the record had its own package and typed rows (see
tests/data/record-2026-12/README.md) still opens, proves itself, resumes at the step it was
left at and replays every hand: records kept at tables are never stranded by a new version."""

from __future__ import annotations

import itertools
import shutil
from typing import TYPE_CHECKING

import pytest

from dealer_app.live.controller import TableController
from dealer_app.record.hand_index import list_hands
from dealer_app.record.store import Store
from tests.support.data import DATA

if TYPE_CHECKING:
    from pathlib import Path

MADE = DATA / "record-2026-12"
SEALS = ["01QJ-QX6X", "C266-7JFR", "WXBK-2EGR", "EGXW-PDVX", "C31V-W65X", "MZS4-KNVA"]
OPEN_INPUTS = [
    ["deal", 1, ["6h"]],
    ["deal", 2, ["5d"]],
    ["deal", 3, ["6d"]],
    ["deal", 5, ["Ah"]],
    ["act", 2, "bring_in", 50],
    ["act", 3, "call", 50],
    ["act", 5, "complete", 100],
]
STACKS_AFTER_HAND_6 = {1: 2325, 2: 5200, 3: 900, 5: 2850}  # Eve (seat 6) left before hand 5


@pytest.fixture
def record(tmp_path, monkeypatch) -> Path:
    """A copy of the record with its key and anchors (resuming writes a row)."""
    shutil.copytree(MADE, tmp_path / "made")
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "made" / "config"))
    monkeypatch.setenv("DEALER_APP_ANCHORS", str(tmp_path / "made" / "config" / "anchors"))
    return tmp_path / "made" / "hands.sqlite3"


def test_it_opens_and_proves_itself(record):
    store = Store(record, create=False)
    try:
        assert store.format == 2
        assert store.check(anchors=store.anchors_path) == []
        assert [a.seal for a in store.seals(1)] == SEALS
        hands = list_hands(store)
        assert [h.hand for h in hands] == [7, 6, 5, 4, 3, 2, 1]
        assert all(h.failing is None for h in hands)
        assert hands[0].pot is None and hands[0].seal is None  # hand 7 is still open
        assert [h.seal for h in reversed(hands[1:])] == SEALS
        assert sum(h.undos for h in hands) == 1 and sum(h.irregularities for h in hands) == 1
        assert sum(h.rulings for h in hands) == 1
        assert hands[0].players == ["Ann", "Bob", "Cy", "Dee"]
    finally:
        store.close()


def test_it_resumes_the_open_hand_where_it_was_left(record):
    store = Store(record, create=False)
    try:
        c = TableController(store)
        [table] = c.resumable()
        assert (table.session_id, table.hand_no, table.stage) == (1, 7, "third street")
        c.resume(1)
        assert c.hand_no == 7
        assert [list(i) for i in c.inputs] == OPEN_INPUTS
        assert c.redo_stack == []
        assert {p.seat: p.start for p in c.hand.players} == STACKS_AFTER_HAND_6
        assert (c.prompt().kind, c.prompt().seat) == ("action", 1)
        c.act("fold")  # and the table deals on, recorded as before
        assert store.check(anchors=store.anchors_path) == []
    finally:
        store.close()


def test_every_hand_replays(record):
    store = Store.read_only(record)
    try:
        hands = list(TableController(store).logged_hands(1))
        assert [n for n, _h in hands] == [1, 2, 3, 4, 5, 6, 7]
        assert all(h.phase == "done" for _n, h in hands[:6])
        assert sum(sum(p["amount"] for p in h.pots_awarded) for _n, h in hands[:6]) > 0
        for (n, h), (_n2, after) in itertools.pairwise(hands):
            ended = {p.seat: p.start + h.net().get(p.seat, 0) for p in h.players}
            started = {p.seat: p.start for p in after.players}
            # each hand starts with the stacks the last left, bar the top-up, the leave and the ruling
            same = set(ended) & set(started) - ({3} if n == 2 else set()) - ({1, 2, 3, 5, 6} if n == 3 else set())
            assert {s: ended[s] for s in same} == {s: started[s] for s in same}, n
        from dealer_app.floor.timeline import load_hand

        timeline = load_hand(store, 1, 2)
        assert [s.kind for s in timeline.steps].count("undo") == 1
        open_hand = load_hand(store, 1, 7)
        assert [list(i) for i in open_hand.steps[-1].inputs] == OPEN_INPUTS
    finally:
        store.close()
