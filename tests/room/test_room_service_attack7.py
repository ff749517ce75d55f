"""The seventh attack pass, finding 1: a room ruling applied through the record service with its
id written as a float (``"room_ruling": 2.0``). The room link vouched for it (``2.0 == 2``) while
every reader, taking an int only, saw no room ruling: it was applied three and five times, mid-hand,
confirmed by nobody. Now the row is refused in words, nothing is written, and the ruling is still
the room's to apply — once, as the window writes it."""

from __future__ import annotations

import pytest

from dealer_app.floor.rulings import room_floor_name
from dealer_app.record.room_ruling_content import APPLYING_KEYS
from dealer_app.record.rows import RulingRow
from dealer_app.record.store import StoreError
from tests.record.test_record_proves_itself import play_hands
from tests.recordsvc.test_record_service_attack3 import rows_of
from tests.room.test_room_record_service import in_record, in_room, room_window
from tests.room.test_room_record_service import service as service  # (the fixture)
from tests.room.test_room_ruling_chips import PLAYERS, rule_in_room

pytestmark = pytest.mark.qt


@pytest.mark.parametrize("mode", ["between hands", "five in one commit", "mid-hand, confirmed by nobody"])
def test_a_room_ruling_named_by_a_float_id_is_refused(qtbot, tmp_path, room, pg, service, mode):
    w = room_window(qtbot, tmp_path, service, room.table_a, "float-id")
    c = w.controller
    c.open_table("stud-1-2", None, PLAYERS)
    play_hands(c, 2)
    tid = c.store.table_id()
    room.enroll_when_registered(tid)
    qtbot.waitUntil(lambda: in_room(pg, room, tid) == in_record(service.folder), timeout=20000)
    rule_in_room(room, tid, c.session_id, 2, {1: -150, 2: 150})
    qtbot.waitUntil(lambda: bool(w.room.rulings), timeout=15000)
    pending = w.room.rulings[0]
    if w.room_ruling_dialog is not None:
        w.room_ruling_dialog.reject()
    filed = {k: v for k, v in pending.data.items() if k not in APPLYING_KEYS}

    def row(rid: object, confirmed: dict) -> RulingRow:
        return RulingRow(
            dict(
                filed,
                hand=pending.hand,
                by={"role": "floor", "name": room_floor_name(pending)},
                room_ruling=rid,
                room_hash=pending.hash,
                floor_login=pending.floor_login,
                confirmed_by=confirmed,
            )
        )

    rows = {
        "between hands": [row(float(pending.id), {"role": "dealer"})],
        "five in one commit": [row(float(pending.id), {"role": "dealer"}) for _ in range(5)],
        "mid-hand, confirmed by nobody": [row(float(pending.id), {"role": "nobody"})],
    }[mode]
    if mode.startswith("mid-hand"):
        c.start_hand()
    with pytest.raises(StoreError) as refused:
        c.store.append(pending.session, pending.hand, rows)
    said = f"names it by the room's id, a whole number, not {float(pending.id)!r}: refused"
    assert said in str(refused.value)
    assert rows_of(service.folder, c.session_id, "ruling") == []
    assert pending.id in [r.id for r in w.room.rulings]  # (still the room's to apply)
    if not mode.startswith("mid-hand"):  # the ruling as the window writes it: applied, once
        c.store.append(pending.session, pending.hand, [row(pending.id, {"role": "dealer"})])
        assert [r["room_ruling"] for r in rows_of(service.folder, c.session_id, "ruling")] == [pending.id]
        with pytest.raises(StoreError):
            c.store.append(pending.session, pending.hand, [row(pending.id, {"role": "dealer"})])
    w.ask_before_closing = False
    w.close()
    c.store.close()
