"""``dealer-app floor-key new|show --database URL``: a floor person's own ruling key.

Run by the floor person on their own machine, under their own account, with their own room
login (record/floor_keys.py, room/floor_key_enrollment.py):

- ``new`` makes this machine's key for the login (``settings.floor_keys_dir``, mode 0600) and
  enrolls its public half in the room — once: a login has one key. A key lost means a new login
  for the person (``db add-login``) and a key for it; the old login's rulings stay valid.
- ``show`` lists the keys the room holds under the login and how each stands; exit 1 when the
  room holds a key under it that this machine did not make.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from dealer_app.cli.common import ExitCode, UsageError, command

if TYPE_CHECKING:
    import argparse

    from dealer_app.record.floor_keys import FloorKeyRow, FloorKeys


def _key_words(row: FloorKeyRow, keys: FloorKeys, here: str | None) -> str:
    from dealer_app.record.signing import public_key_id

    refused = {r.id: why for r, why in keys.refused}
    stands = f"NOT VALID: {refused[row.id]}" if row.id in refused else "valid"
    whose = "this machine's" if row.public_key == here else "NOT MADE ON THIS MACHINE"
    return f"  key {public_key_id(row.public_key)} (enrolled by {row.enrolled_by}): {stands}; {whose}"


def cmd_floor_key(args: argparse.Namespace) -> ExitCode:
    import psycopg

    from dealer_app.cli.room import room_url_of
    from dealer_app.record.chain import KeyProblem
    from dealer_app.record.floor_keys import create_floor_signer, floor_keys_from, key_file, load_floor_signer
    from dealer_app.record.signing import public_key_id
    from dealer_app.room.database import RoomError, connect, shown_url, words
    from dealer_app.room.floor_key_enrollment import FOREIGN, enroll_floor_key, floor_key_rows, mine

    url = room_url_of(args)
    try:
        with connect(url, autocommit=True) as conn:
            login = str(conn.execute("SELECT session_user::text").fetchone()[0])

            def query(sql: str, params: tuple) -> list[tuple]:
                return conn.execute(sql, params).fetchall()

            signer = load_floor_signer(login)
            rows = floor_key_rows(query)
            if args.action == "new":
                if signer is not None and any(r.login == login and r.public_key == signer.public_key for r in rows):
                    print(
                        f"{shown_url(url)}: this machine's key {public_key_id(signer.public_key)} for {login} is "
                        f"enrolled already ({key_file(login)}; a login has one key: a lost key means a new login)"
                    )
                elif signer is None and any(r.login == login for r in rows):
                    print(
                        f"{shown_url(url)}: the room holds a key under {login} already, and this machine has none: "
                        "if you made it on another machine, use that one (a login has one key; a lost key means a "
                        "new login); if you did not, someone enrolled it in your name — tell the room's manager",
                        file=sys.stderr,
                    )
                else:
                    made = signer or create_floor_signer(login)  # (made here before, never enrolled: enrolled now)
                    enroll_floor_key(conn, made.public_key)
                    print(f"{shown_url(url)}: floor key {public_key_id(made.public_key)} of {login} enrolled")
                    print(f"  kept in {key_file(login)} (this account's only: never copy it to the room's server)")
                    signer = made
                    rows = floor_key_rows(query)
    except KeyProblem as exc:
        raise UsageError(str(exc)) from None
    except RoomError as exc:
        raise UsageError(str(exc)) from None
    except psycopg.Error as exc:
        raise UsageError(f"{shown_url(url)}: the floor key cannot be enrolled ({words(exc)})") from None
    keys = floor_keys_from(rows)
    here = signer.public_key if signer is not None else None
    standing = mine(rows, login, here)
    if args.action == "show":
        print(f"{shown_url(url)}: floor keys of {login}" + ("" if here else " (this machine holds none)"))
        if here:  # (named by its short id, as the lines below name each key; then in full)
            print(f"  this machine's key {public_key_id(here)} (public key {here})")
    for row in rows:
        if row.login == login and (args.action == "show" or row in standing.foreign):
            print(_key_words(row, keys, here))
    if standing.state == FOREIGN:
        print(
            f"the room holds {len(standing.foreign)} key(s) under {login} that this machine did not make: "
            "someone enrolled a key in your name (the database's owner can) — tell the room's manager; "
            "rulings signed with it are shown as not yours",
            file=sys.stderr,
        )
        return ExitCode.FAILED
    if here is not None and not keys.holds(login, here):
        print(f"this machine's key {public_key_id(here)} is not valid for {login}", file=sys.stderr)
        return ExitCode.FAILED
    if here is None:  # (no key, none under the login: the console cannot sign a ruling from here)
        print(f"this machine holds no floor key for {login}: make one with dealer-app floor-key new", file=sys.stderr)
        return ExitCode.FAILED
    return ExitCode.OK


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("floor-key", help="a floor person's own key, on their machine: rulings are signed with it")
    actions = p.add_subparsers(dest="action", required=True)
    database = "your own postgresql://floor_login:password@host/db (default: DEALER_APP_DATABASE)"
    q = actions.add_parser("new", help="make this machine's key for your room login and enroll it (once)")
    q.add_argument("--database", help=database)
    command(q, cmd_floor_key)
    q = actions.add_parser("show", help="the keys the room holds under your login; exit 1 if one is not yours")
    q.add_argument("--database", help=database)
    command(q, cmd_floor_key)
