"""The floor accounts every test has (``DEALER_APP_FLOOR_ACCOUNTS``, set in conftest): Maria
and Tom, each with a passphrase of their own. A test that needs no account points the variable
at a file that does not exist."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_app.record.floor_accounts import add_account

if TYPE_CHECKING:
    from pathlib import Path

MARIA = ("Maria", "maria-passphrase")
TOM = ("Tom", "tom-passphrase")


def make_accounts(path: Path) -> Path:
    """Maria's and Tom's accounts in ``path`` (made once a run: scrypt takes its time)."""
    if not path.exists():
        for name, passphrase in (MARIA, TOM):
            add_account(name, passphrase, path)
    return path
