"""The sixth attack pass on an installed table in a card room, findings 2 and 3, each as it was
made: the dealer's client sends the row applying the room's honest ruling itself, through the
record service. Mid-hand (replay moves a ruling's chips only between hands: its chips would
never move while every reader says it was applied), or with a confirmation nested past the
record's reader (every reader skips the row: the ruling was offered, and applied, again). The
service refuses both in words and writes nothing; the ruling stays offered and is applied once,
between hands, on the window's own path. A real PostgreSQL server and a service subprocess."""

from __future__ import annotations

import contextlib
import random

import pytest

from dealer_app.floor.rulings import room_floor_name, rule_from_room
from dealer_app.live.controller import InputError
from dealer_app.record.room_ruling_content import APPLYING_KEYS
from dealer_app.record.rows import RulingRow
from dealer_app.record.store import RecordError, Store
from dealer_app.settings import RECORD_NAME
from tests.record.test_record_proves_itself import play_hands, random_input
from tests.room.test_room_record_service import in_record, in_room, room_window
from tests.room.test_room_record_service import service as service  # (the fixture)
from tests.room.test_room_ruling_chips import PLAYERS, rule_in_room, stacks

pytestmark = pytest.mark.qt


def ruling_rows(folder, session: int) -> list[dict]:
    record = Store.read_only(folder / RECORD_NAME)
    try:
        return [pl for _, k, pl, _ in record.session_log(session) if k == "ruling"]
    finally:
        record.close()


def offered_ruling(qtbot, tmp_path, room, pg, service):
    """A window dealing two hands in the room, the room's floor's ruling on hand 2 offered to it
    (its dialog put away: the dealer applies it later, or sends the row some other way)."""
    w = room_window(qtbot, tmp_path, service, room.table_a, "first")
    c = w.controller
    c.open_table("stud-1-2", None, PLAYERS)
    play_hands(c, 2)
    tid = c.store.table_id()
    room.enroll_when_registered(tid)
    qtbot.waitUntil(lambda: in_room(pg, room, tid) == in_record(service.folder), timeout=20000)
    rule_in_room(room, tid, c.session_id, 2, {1: -150, 2: 150})
    qtbot.waitUntil(lambda: bool(w.room.rulings), timeout=15000)
    if w.room_ruling_dialog is not None:
        w.room_ruling_dialog.reject()
    return w, c, w.room.rulings[0]


def applying_row(pending, confirmed_by) -> RulingRow:
    """The row the window writes for the room's ruling (floor/rulings.rule_from_room), with
    ``confirmed_by`` as the attack sent it."""
    filed = {k: v for k, v in pending.data.items() if k not in APPLYING_KEYS}
    return RulingRow(
        dict(
            filed,
            hand=pending.hand,
            by={"role": "floor", "name": room_floor_name(pending)},
            room_ruling=pending.id,
            room_hash=pending.hash,
            floor_login=pending.floor_login,
            confirmed_by=confirmed_by,
        )
    )


def close(w, c) -> None:
    w.ask_before_closing = False
    w.close()
    c.store.close()


def test_a_room_ruling_sent_while_a_hand_is_dealt_is_refused_and_applied_between_hands(
    qtbot, tmp_path, room, pg, service
):
    w, c, pending = offered_ruling(qtbot, tmp_path, room, pg, service)
    c.start_hand()  # hand 3 dealt: the attack sends the ruling's row (of hand 2) now
    with pytest.raises(RecordError) as refused:
        c.store.append(pending.session, pending.hand, [applying_row(pending, {"role": "dealer"})])
    assert str(refused.value) == (
        f"table session {pending.session}: hand 3 is being dealt: the room's ruling {pending.id} is applied "
        "between hands (a ruling that moves chips is applied between hands): refused"
    )
    assert ruling_rows(service.folder, pending.session) == []
    assert [r.id for r in w.room.rulings] == [pending.id]  # still offered: nothing was applied
    # between hands, the window's own path applies it, and its chips move
    play_hands_rest(c)
    before = stacks(c)
    rule_from_room(c, pending)
    assert stacks(c) == {1: before[1] - 150, 2: before[2] + 150, 3: before[3]}
    (applied,) = ruling_rows(service.folder, pending.session)
    assert applied["room_ruling"] == pending.id and applied["confirmed_by"] == {"role": "dealer"}
    qtbot.waitUntil(lambda: w.room.rulings == (), timeout=15000)
    close(w, c)


def play_hands_rest(c) -> None:
    """The open hand dealt to its end and its awards confirmed (between hands again)."""
    rng = random.Random(3)
    for _step in range(500):
        if c.hand.phase == "done":
            break
        with contextlib.suppress(InputError):
            random_input(c, rng)
    c.finish_hand()


@pytest.mark.parametrize("how", ["nested 40 deep", "with a note"])
def test_a_room_ruling_confirmed_other_than_the_window_confirms_it_is_refused_and_applied_once(
    qtbot, tmp_path, room, pg, service, how
):
    w, c, pending = offered_ruling(qtbot, tmp_path, room, pg, service)
    if how == "nested 40 deep":
        deep: object = "x"
        for _ in range(40):
            deep = [deep]
        confirmed_by = {"role": "dealer", "note": deep}
        words = "a ruling row that the record's own reader cannot read (nested too deep, or not a JSON object): refused"
    else:
        confirmed_by = {"role": "dealer", "note": "the dealer's"}
        words = (
            f'the row applying the room\'s ruling {pending.id} is confirmed by the dealer as {{"role": "dealer"}}, '
            "nothing else: refused"
        )
    with pytest.raises(RecordError) as refused:
        c.store.append(pending.session, pending.hand, [applying_row(pending, confirmed_by)])
    assert str(refused.value) == words
    assert ruling_rows(service.folder, pending.session) == []
    # the ruling is applied once, as the window applies it, and then no more offered
    before = stacks(c)
    rule_from_room(c, pending)
    assert stacks(c) == {1: before[1] - 150, 2: before[2] + 150, 3: before[3]}
    qtbot.waitUntil(lambda: w.room.rulings == (), timeout=15000)
    assert len(ruling_rows(service.folder, pending.session)) == 1
    close(w, c)
