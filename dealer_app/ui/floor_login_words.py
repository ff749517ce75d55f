"""How the floor's dialogs ask who authorises a floor act: alone, the floor's account and
passphrase (the local floor accounts); at a table in a room, the floor person's own room
login and its password (room/floor_login.py) — the same boxes, worded for the room."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def in_room(controller) -> bool:
    """Whether this table's floor acts are made under the floor's room login."""
    authority = getattr(controller, "floor_authority", None)
    return bool(getattr(authority, "in_room", False))


def room_login_labels() -> tuple[str, str]:
    """The two boxes' labels at a table in a room: the login, its password."""
    return (
        QCoreApplication.translate("FloorLogin", "Floor's room login"),
        QCoreApplication.translate("FloorLogin", "Room password"),
    )


def floor_labels(controller, account: str, passphrase: str) -> tuple[str, str]:
    """The labels for ``controller``'s table: the room's, or the local ones given (each
    dialog's own translated "Floor account" and "Floor passphrase")."""
    return room_login_labels() if in_room(controller) else (account, passphrase)


def table_floor_authority(url: str | None, store):
    """Who authorises the floor's acts at a table with ``store``: with a room named (``url``)
    and a record to name the table by, the floor's room login; else the local accounts."""
    from dealer_app.record.floor_signing import LOCAL_ACCOUNTS

    if url is None or store is None:
        return LOCAL_ACCOUNTS
    from dealer_app.room.floor_login import RoomFloorLogin

    return RoomFloorLogin(url, store.table_id())
