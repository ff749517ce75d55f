"""The floor's acts on a live table: closing a table the record left open, switching a mixed
table's game between hands (M-2), and the words that tell the dealer why a floor ruling moved
chips (I-3).

Both are decided here and carried out by the controller: ``closing_row`` checks that a table
may be closed without resuming it and returns the row that closes it (the floor's, when its
record fails the check); ``ruling_chips_notice`` says which seats a ruling moved and by how much.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_app.engine.says import QT_TRANSLATE_NOOP, ListArg, MoneyArg, Says, says
from dealer_app.live.errors import InputError, guard
from dealer_app.live.game_outlook import check_switch
from dealer_app.live.record_writer import floor_confirms, record_refusal
from dealer_app.live.resume import failing
from dealer_app.record.floor_signing import LOCAL_ACCOUNTS, FloorAct
from dealer_app.record.inputs import SwitchGame
from dealer_app.record.rows import CloseTableRow, FloorRefusedRow, SwitchGameRow

if TYPE_CHECKING:
    from collections.abc import Callable

    from dealer_app.engine.session import TableSession
    from dealer_app.record.floor_signing import FloorAuthority
    from dealer_app.record.store import Store


def closing_row(
    store: Store | None,
    session_id: int,
    floor: tuple[str, str] | None,
    authority: FloorAuthority = LOCAL_ACCOUNTS,
) -> tuple[Store, CloseTableRow]:
    """The record and the row that close open table ``session_id`` without resuming it; refuses
    a table another window holds or that is not open. A table whose rows fail the record's
    check is closed by the floor only (``floor``: account name and passphrase), recorded as the
    floor's act (in a room, under the floor's room login: ``authority``); a refused try is
    recorded on that table, if its record takes it."""
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
        unsigned = CloseTableRow(resumed=False, failing=str(fails))
        act = FloorAct.of(unsigned.kind, unsigned.to_dict(), session_id, hand_no)
        by = floor_confirms(floor, lambda refused: record_refusal(store, session_id, hand_no, refused), act, authority)
        row = CloseTableRow(resumed=False, by=by, failing=str(fails))
    return store, row


def switch_game_row(
    session: TableSession,
    game: object,
    floor: tuple[str, str] | None,
    trace: Callable[[FloorRefusedRow], None],
    here: tuple[int, int],
    authority: FloorAuthority = LOCAL_ACCOUNTS,
) -> tuple[SwitchGame, SwitchGameRow]:
    """The floor's switch of a mixed table's game (M-1, M-2), as the input and the row that
    records it: checked first (a one-game table, a game not the table's, a hand open: refused
    in words, nothing asked of the floor), then confirmed by the floor exactly as a void is (its
    account, or in a room its room login: ``authority``; a refused try given to ``trace``).
    ``here``: the table's session and hand, as the act names them."""
    chosen = guard(check_switch, session, game)
    given = SwitchGame(chosen)
    unsigned = SwitchGameRow(given.to_json())
    act = FloorAct.of(unsigned.kind, unsigned.to_dict(), *here)
    by = floor_confirms(floor, trace, act, authority)
    return given, SwitchGameRow(given.to_json(), by)


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
