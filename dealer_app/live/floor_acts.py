"""The floor's acts on a live table: closing a table the record left open, and the words that
tell the dealer why a floor ruling moved chips (I-3).

Both are decided here and carried out by the controller: ``closing_row`` checks that a table
may be closed without resuming it and returns the row that closes it (the floor's, when its
record fails the check); ``ruling_chips_notice`` says which seats a ruling moved and by how much.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_app.engine.says import QT_TRANSLATE_NOOP, ListArg, MoneyArg, Says, says
from dealer_app.live.errors import InputError
from dealer_app.live.record_writer import floor_confirms, record_refusal
from dealer_app.live.resume import failing
from dealer_app.record.rows import CloseTableRow

if TYPE_CHECKING:
    from dealer_app.record.store import Store


def closing_row(store: Store | None, session_id: int, floor: tuple[str, str] | None) -> tuple[Store, CloseTableRow]:
    """The record and the row that close open table ``session_id`` without resuming it; refuses
    a table another window holds or that is not open. A table whose rows fail the record's
    check is closed by the floor only (``floor``: account name and passphrase), recorded as the
    floor's act; a refused try is recorded on that table, if its record takes it."""
    if store is None:
        raise InputError(says(QT_TRANSLATE_NOOP("Errors", "there is no hand record")))
    if store.session_in_use(session_id):
        raise InputError(
            says(
                QT_TRANSLATE_NOOP("Errors", "this table (session %1) is open in another dealer-app window"),
                session_id,
            )
        )
    if session_id not in {row[0] for row in store.open_sessions()}:
        raise InputError(says(QT_TRANSLATE_NOOP("Errors", "session %1 is not an open table in the record"), session_id))
    row = CloseTableRow(resumed=False)
    fails = failing(store, session_id)
    if fails is not None and store.last_row_id(session_id) > 0:  # (no rows: a crash, nothing dealt)
        if floor is None:
            raise InputError(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors",
                        "a table whose record fails its check is closed by the floor: "
                        "the floor's account name and passphrase",
                    )
                ),
                ("I-3",),
            )
        hand_no = store.last_hand_no(session_id)
        by = floor_confirms(floor, lambda refused: record_refusal(store, session_id, hand_no, refused), store)
        row = CloseTableRow(resumed=False, by=by, failing=str(fails))
    return store, row


def ruling_chips_notice(chips: dict[int, int], currency: str, case: str) -> Says:
    """Why the stacks changed: the floor's ruling ``case`` and each seat's chips it moved (I-3)."""
    moved = tuple(
        says(
            QT_TRANSLATE_NOOP("Errors", "seat %1 %2%3"),
            seat,
            "+" if amount > 0 else "",
            MoneyArg(amount, currency),
        )
        for seat, amount in sorted(chips.items())
        if amount
    )
    return says(QT_TRANSLATE_NOOP("Errors", "The floor's ruling %1 moved chips: %2 (I-3)"), case or "—", ListArg(moved))
