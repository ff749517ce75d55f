"""Floor acts at a table in a room, made under the floor person's own room login.

The floor gives their room login and its password (the dialog the local accounts use, worded
for the room). The table connects to the room AS that login — the server checks the password —
and ``room.record_floor_act`` (migrations/0008) records the act, refusing any login that is not
a floor's (a table's login included), with ``session_user`` and the server's time. Its id and
the login go into the table's row (``FloorSignature``). Only then is the act applied.

A refused try — a wrong password or no such login, a login that is not a floor's, a room that
cannot be reached — changes nothing and is recorded in the table's record as the local accounts'
refusals are (``FloorRefusedRow``); a refused login waits before its next try (the same
``BACKOFF``). An unreachable room is no guess, so it sets no wait.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from dealer_app.engine.says import QT_TRANSLATE_NOOP, says
from dealer_app.record.floor_accounts import BACKOFF, FloorRefused
from dealer_app.record.floor_signing import FloorSignature
from dealer_app.record.rows import FloorRefusedRow
from dealer_app.room.database import LoginRefused, RoomError, connect, words

if TYPE_CHECKING:
    from dealer_app.record.floor_signing import FloorAct

MAX_LOGIN = 63  # PostgreSQL's longest name
# the reasons a refused try's row gives (data, as the record keeps them)
LOGIN_REFUSED = "room login refused (wrong password or no such login)"
NOT_FLOOR = "not a floor's room login"
UNREACHABLE = "the room could not be reached"
ACT_REFUSED = "the room refused the act"


def with_login(url: str, login: str, password: str) -> str:
    """The room's URL with ``login`` and ``password`` in place of the table's own."""
    parts = urlsplit(url)
    host = parts.netloc.rpartition("@")[2]
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k not in ("user", "password")])
    netloc = f"{quote(login, safe='')}:{quote(password, safe='')}@{host}"
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


class RoomFloorLogin:
    """The floor acts of table ``table_id`` in the room at ``url`` (the table's own URL: only
    its server and database are used; the login and password are the floor person's)."""

    in_room = True

    def __init__(self, url: str, table_id: str):
        self.url, self.table_id = url, table_id

    def confirm(self, name: str, passphrase: str, act: FloorAct | None) -> dict[str, Any]:
        login = name.strip() if isinstance(name, str) else ""
        if not login or not login.isprintable() or len(login) > MAX_LOGIN or not passphrase or act is None:
            raise FloorRefused(
                says(QT_TRANSLATE_NOOP("Errors", "a floor act in the room needs the floor's room login and password"))
            )
        wait = BACKOFF.wait_left(login)
        if wait > 0:
            raise FloorRefused(
                says(
                    QT_TRANSLATE_NOOP("Errors", "too soon after a refused try: %1 may try again in %2 s"),
                    login,
                    int(wait + 0.999),
                )
            )
        tried = FloorSignature(login, room_login=login).to_dict()
        try:
            conn = connect(with_login(self.url, login, passphrase), autocommit=True)
        except LoginRefused:
            raise self._refused(login, tried, LOGIN_REFUSED) from None
        except RoomError as exc:
            raise FloorRefused(
                says(
                    QT_TRANSLATE_NOOP(
                        "Errors", "the room cannot be reached, so no floor act can be made now (recorded): %1"
                    ),
                    str(exc),
                ),
                FloorRefusedRow(tried, UNREACHABLE),
            ) from None
        try:
            act_id, who = self._record(conn, act, tried)
        except _NotFloor:
            raise self._refused(login, tried, NOT_FLOOR) from None
        finally:
            with contextlib.suppress(Exception):
                conn.close()
        BACKOFF.accepted(login)
        return FloorSignature(who, room_login=who, room_act=act_id).to_dict()

    def _record(self, conn: Any, act: FloorAct, tried: dict[str, Any]) -> tuple[int, str]:
        """The act recorded by the server: its id and the login it names (``session_user``);
        _NotFloor for a login the server does not let make floor acts."""
        import psycopg

        try:
            row = conn.execute(
                "SELECT room.record_floor_act(%s, %s, %s, %s, %s), session_user::text",
                (self.table_id, act.kind, act.session, act.hand, act.digest),
            ).fetchone()
        except psycopg.errors.InsufficientPrivilege:
            raise _NotFloor from None
        except psycopg.Error as exc:
            raise FloorRefused(
                says(QT_TRANSLATE_NOOP("Errors", "the room refused the floor act (recorded): %1"), words(exc)),
                FloorRefusedRow(tried, ACT_REFUSED),
            ) from None
        assert row is not None
        return int(row[0]), str(row[1])

    @staticmethod
    def _refused(login: str, tried: dict[str, Any], reason: str) -> FloorRefused:
        """A login refused: it waits before its next try, and the try is recorded."""
        waits = int(BACKOFF.refused(login))
        if reason == NOT_FLOOR:
            message = says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "%1 is not a floor's room login: a floor act is made under the floor person's own "
                    "login (recorded); it may try again in %2 s",
                ),
                login,
                waits,
            )
        else:
            message = says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "the room refused the login %1: wrong password or no such login (recorded); "
                    "it may try again in %2 s",
                ),
                login,
                waits,
            )
        return FloorRefused(message, FloorRefusedRow(tried, reason))


class _NotFloor(Exception):
    """The server refused the login's floor act: it is not a floor's login."""
