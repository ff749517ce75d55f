"""``dealer-app floor-account add|list|remove``: the floor's own accounts (record/floor_accounts.py).

The file is ``settings.floor_accounts_path``: on an installed table root's
``/etc/dealer-app/floor-accounts`` (so ``sudo dealer-app floor-account add NAME``), run from
source the config folder's. A passphrase is read from standard input when it is not a terminal
(one line), else asked twice without echo; it is never printed, and never an argument (a
command line is visible to every user of the machine).
"""

from __future__ import annotations

import getpass
import sys
from typing import TYPE_CHECKING

from dealer_app.cli.common import ExitCode, UsageError, command

if TYPE_CHECKING:
    import argparse


def _passphrase() -> str:
    if not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\n")
    first = getpass.getpass("Passphrase: ")
    if getpass.getpass("The passphrase again: ") != first:
        raise UsageError("the two passphrases differ: nothing was changed")
    return first


def cmd_floor_account(args: argparse.Namespace) -> ExitCode:
    from dealer_app.record.floor_accounts import FloorRefused, add_account, read_accounts, remove_account
    from dealer_app.settings import floor_accounts_path

    path = floor_accounts_path()
    try:
        if args.action == "list":
            for account in read_accounts(path).values():
                print(account.name)
        elif args.action == "add":
            account = add_account(args.name, _passphrase(), path)
            print(f"{account.name}: floor account added to {path}")
        else:
            remove_account(args.name, path)
            print(f"{args.name}: floor account removed from {path}")
    except FloorRefused as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror or exc}") from None
    return ExitCode.OK


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("floor-account", help="the floor's own accounts (name and passphrase) for floor acts")
    actions = p.add_subparsers(dest="action", required=True)
    q = actions.add_parser("add", help="a new floor account; its passphrase from standard input or asked twice")
    q.add_argument("name", help="the floor person's name, as the record will show it")
    command(q, cmd_floor_account)
    q = actions.add_parser("list", help="the floor accounts' names")
    command(q, cmd_floor_account)
    q = actions.add_parser("remove", help="remove a floor account")
    q.add_argument("name")
    command(q, cmd_floor_account)
