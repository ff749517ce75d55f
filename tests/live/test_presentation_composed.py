"""The table's presentation is read-only and composed: the controller has one of its current
hand and passes the screen's reads on to it; the floor's moments and the trainer's drills are
presentations over a replayed hand, not controllers (no undo, no record)."""

from __future__ import annotations

from dealer_app.engine.events import UncalledBetReturned
from dealer_app.floor.imported import timeline_of
from dealer_app.floor.timeline import Moment
from dealer_app.live.controller import TableController, replay_inputs
from dealer_app.live.presentation import TablePresentation
from dealer_app.record.store import Store

PLAYERS = [(1, "Ann", 5000), (2, "Bob", 5000), (3, "Cy", 5000)]


def won_by_folds(tmp_path) -> TableController:
    """Seat 3 completes, seat 1 folds: 300 of the completion is uncalled (P-2)."""
    c = TableController(Store(tmp_path / "hands.sqlite3"))
    c.open_table("stud-5-10", None, PLAYERS)
    c.start_hand()
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)
    c.act("fold")
    c.act("complete", 500)
    c.act("fold")
    return c


def reads(shown) -> tuple:
    return (shown.prompt(), [vars(v) for v in shown.seats()], shown.pots(), shown.status(), shown.awards())


def test_the_controller_is_not_a_presentation_but_reads_through_its_own(tmp_path):
    c = won_by_folds(tmp_path)
    assert not isinstance(c, TablePresentation)
    assert reads(c) == reads(c.presentation)
    kept = c.presentation
    assert c.presentation is kept  # kept while the table stands
    c.undo()
    assert c.presentation is not kept and c.prompt().kind == "action"  # built again once it changes
    assert reads(c) == reads(c.presentation)


def test_any_hand_reads_the_same_with_the_latest_input_replayed(tmp_path):
    """A presentation given only the table and a replay names what the latest input caused
    (the uncalled bet back, P-2) exactly as the controller that applied it; without a replay it
    cannot know, and says only the award."""
    c = won_by_folds(tmp_path)
    assert isinstance(c.prompt().note_subjects[0], UncalledBetReturned)
    replayed = TablePresentation(c.session, c.hand_no, c.inputs, replay=lambda given: replay_inputs(c.session, given))
    assert reads(replayed) == reads(c)
    blind = TablePresentation(c.session, c.hand_no, c.inputs)
    assert not any(isinstance(s, UncalledBetReturned) for s in blind.prompt().note_subjects)


def test_a_moment_is_a_presentation_and_what_if_a_controller_with_no_record(tmp_path):
    c = won_by_folds(tmp_path)
    timeline = timeline_of(c.hand, "a file", 1)
    last = len(timeline.steps) - 1
    m = timeline.moment(last)
    assert isinstance(m, Moment) and not isinstance(m, TableController)
    assert not any(hasattr(m, name) for name in ("undo", "redo", "store", "act", "enter_card"))
    assert reads(m) == reads(c)
    sandbox = timeline.what_if(last - 1)  # before the last fold: seat 1 is to act
    assert sandbox.store is None and sandbox.prompt().kind == "action"
    sandbox.act("call")
    assert sandbox.prompt().kind != "award"
    assert reads(timeline.moment(last)) == reads(c)  # the timeline's table is untouched
