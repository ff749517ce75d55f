"""The floor's own accounts: every floor act (a ruling, voiding a hand, closing a table whose
record fails its check, stacks the floor counted) is made under one person's account — a name
and a passphrase — and recorded with that name (``{"role": "floor", "name": …}``).

The accounts are one file (``settings.floor_accounts_path``): each a name and the passphrase's
salted ``hashlib.scrypt`` hash with its parameters, never the passphrase. On an installed table
it is root's ``/etc/dealer-app/floor-accounts``, which the dealer's login reads but cannot
replace (a file there that is not root's, or that others may write, is not trusted); run from
source it is in the config folder, the dealer's own. No account means no floor act at all:
nobody becomes the floor by being the first to ask.

A wrong passphrase (or a name that is no account) is refused, and that name waits before its
next try: 1 s, then 2, 4, 8 … up to 5 minutes, until the right passphrase is given. The wait is
this process's (a restart forgets it); each refusal is also a row in the record (the caller
writes ``FloorRefused.row``), so guessing leaves a trace the floor sees.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import secrets
import stat
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.record.rows import FloorRefusedRow
from dealer_app.settings import SYSTEM_FLOOR_ACCOUNTS, floor_accounts_path

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

# scrypt's cost: about 50 ms and 16 MB a check, so every guess costs (online and off)
_N, _R, _P = 2**14, 8, 1
MIN_PASSPHRASE = 8
MAX_NAME = 60
FIRST_WAIT, LONGEST_WAIT = 1.0, 300.0  # seconds: the wait after a refusal doubles up to this
WRONG = "wrong name or passphrase"  # the reason a refused attempt's row gives (data, not shown as is)


class FloorRefused(ValueError):
    """A floor act refused (``says``: the sentence as data). ``row``: the attempt to record
    (a passphrase was tried and was wrong), None when nothing was tried."""

    def __init__(self, message: Says, row: FloorRefusedRow | None = None):
        super().__init__(str(message))
        self.says, self.row = message, row


@dataclass(frozen=True)
class FloorAccount:
    """One floor person: their name and the scrypt hash of their passphrase (with its salt and
    parameters, so a later cost still reads older accounts)."""

    name: str
    salt: bytes
    digest: bytes
    n: int = _N
    r: int = _R
    p: int = _P

    def matches(self, passphrase: str) -> bool:
        return hmac.compare_digest(_scrypt(passphrase, self.salt, self.n, self.r, self.p), self.digest)

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "scrypt": {"n": self.n, "r": self.r, "p": self.p},
            "salt": self.salt.hex(),
            "hash": self.digest.hex(),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> FloorAccount:
        cost = d["scrypt"]
        return cls(str(d["name"]), bytes.fromhex(d["salt"]), bytes.fromhex(d["hash"]), cost["n"], cost["r"], cost["p"])


def _scrypt(passphrase: str, salt: bytes, n: int = _N, r: int = _R, p: int = _P) -> bytes:
    return hashlib.scrypt(passphrase.encode(), salt=salt, n=n, r=r, p=p, maxmem=2**26, dklen=32)


def _key(name: str) -> str:
    return name.strip().casefold()


def new_account(name: str, passphrase: str) -> FloorAccount:
    """An account for ``name``, or FloorRefused saying what is wrong with the name or passphrase."""
    if not isinstance(name, str) or not name.strip() or not name.isprintable() or len(name.strip()) > MAX_NAME:
        raise FloorRefused(
            says(QT_TRANSLATE_NOOP("Errors", "a floor account's name is 1 to %1 printable characters"), MAX_NAME)
        )
    if not isinstance(passphrase, str) or len(passphrase) < MIN_PASSPHRASE:
        raise FloorRefused(
            says(QT_TRANSLATE_NOOP("Errors", "a floor passphrase needs at least %1 characters"), MIN_PASSPHRASE)
        )
    salt = secrets.token_bytes(16)
    return FloorAccount(name.strip(), salt, _scrypt(passphrase, salt))


# --- the accounts file ----------------------------------------------------------------------
def _unreadable(path: Path, why: object) -> FloorRefused:
    return FloorRefused(says(QT_TRANSLATE_NOOP("Errors", "%1: the floor accounts cannot be read (%2)"), path, why))


def read_accounts(path: Path | None = None) -> dict[str, FloorAccount]:
    """The accounts by their name's case-folded key; {} when the file does not exist."""
    path = path or floor_accounts_path()
    try:
        with path.open(encoding="utf-8") as f:
            if path == SYSTEM_FLOOR_ACCOUNTS:
                _trusted_or_refuse(path, os.fstat(f.fileno()))
            data = json.load(f)
        accounts = [FloorAccount.from_dict(d) for d in data["accounts"]]
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise _unreadable(path, exc.strerror or exc) from None
    except (ValueError, KeyError, TypeError) as exc:
        raise _unreadable(path, exc) from None
    return {_key(a.name): a for a in accounts}


def _trusted_or_refuse(path: Path, st: os.stat_result) -> None:
    """The system file vouches for the floor only if the dealer's login cannot change it."""
    if st.st_uid != 0 or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise FloorRefused(
            says(
                QT_TRANSLATE_NOOP(
                    "Errors", "%1 is not root's alone (others may change it): its floor accounts are not trusted"
                ),
                path,
            )
        )


def write_accounts(accounts: dict[str, FloorAccount], path: Path | None = None) -> None:
    """The file replaced whole (a new file renamed over it). Refused when it belongs to another
    user: the system file is root's, changed with ``sudo``."""
    path = path or floor_accounts_path()
    try:
        before: os.stat_result | None = path.stat()
    except FileNotFoundError:
        before = None
    owner = before.st_uid if before is not None else os.geteuid()
    if owner != os.geteuid():
        raise FloorRefused(
            says(QT_TRANSLATE_NOOP("Errors", "%1 is not yours: change the floor accounts as its owner (sudo)"), path)
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"accounts": [a.to_dict() for a in accounts.values()]}, indent=1, sort_keys=True)
    fresh = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    # readable by the dealer's login (the app checks passphrases as that user); written only by its owner
    # (an installed table's: root's, readable by the record service's group only, as the
    # package made it; the file replaced keeps its mode and group)
    fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        if before is not None:
            os.fchmod(fd, stat.S_IMODE(before.st_mode) & ~(stat.S_IWGRP | stat.S_IWOTH))
            if before.st_gid != os.getegid():
                os.fchown(fd, -1, before.st_gid)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(fresh, path)
    except BaseException:
        fresh.unlink(missing_ok=True)
        raise


def add_account(name: str, passphrase: str, path: Path | None = None) -> FloorAccount:
    """A new account (a name already there is refused: remove it first)."""
    accounts = read_accounts(path)
    account = new_account(name, passphrase)
    if _key(account.name) in accounts:
        raise FloorRefused(says(QT_TRANSLATE_NOOP("Errors", "%1 already has a floor account"), account.name))
    accounts[_key(account.name)] = account
    write_accounts(accounts, path)
    return account


def remove_account(name: str, path: Path | None = None) -> None:
    accounts = read_accounts(path)
    if accounts.pop(_key(name), None) is None:
        raise FloorRefused(says(QT_TRANSLATE_NOOP("Errors", "%1 has no floor account"), name))
    write_accounts(accounts, path)


# --- the wait after a refusal -----------------------------------------------------------------
@dataclass
class Backoff:
    """Each name's refusals in a row and when it may try again (``clock``: seconds)."""

    clock: Callable[[], float] = time.monotonic
    refusals: dict[str, int] = field(default_factory=dict)
    not_before: dict[str, float] = field(default_factory=dict)
    kept_in: Path | None = None  # a file the waits are kept in (the record service's state folder)

    def keep_in(self, path: Path | None) -> None:
        """Keep the waits in ``path`` from now on (None: in memory only), reading what it kept:
        a service restarted forgets no refused name's wait. Times there are the wall clock's
        (a restart resets the monotonic one); a file that is not readable keeps nothing."""
        self.kept_in = path
        self.refusals.clear()
        self.not_before.clear()
        self.clock = time.monotonic if path is None else time.time
        if path is None or not path.exists():
            return
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            for name, (count, until) in kept.items():
                self.refusals[str(name)], self.not_before[str(name)] = int(count), float(until)
        except (OSError, ValueError, TypeError, AttributeError) as exc:
            log.warning("%s: the floor's refusal waits are not readable (%s): none kept", path, exc)

    def _save(self) -> None:
        if self.kept_in is None:
            return
        kept = {name: [count, self.not_before.get(name, 0.0)] for name, count in self.refusals.items()}
        try:
            spare = self.kept_in.with_name(self.kept_in.name + ".new")
            spare.write_text(json.dumps(kept), encoding="utf-8")
            os.replace(spare, self.kept_in)
        except OSError as exc:
            log.warning("%s: the floor's refusal waits cannot be kept (%s)", self.kept_in, exc)

    def wait_left(self, name: str) -> float:
        return max(0.0, self.not_before.get(_key(name), 0.0) - self.clock())

    def refused(self, name: str) -> float:
        """One more refusal for ``name``: the seconds it now waits."""
        count = self.refusals.get(_key(name), 0) + 1
        wait = min(FIRST_WAIT * 2.0 ** (count - 1), LONGEST_WAIT)
        self.refusals[_key(name)], self.not_before[_key(name)] = count, self.clock() + wait
        self._save()
        return wait

    def accepted(self, name: str) -> None:
        self.refusals.pop(_key(name), None)
        self.not_before.pop(_key(name), None)
        self._save()


BACKOFF = Backoff()  # this process's (the live table and the floor console each have one)


def _needs_name_and_passphrase() -> FloorRefused:
    return FloorRefused(says(QT_TRANSLATE_NOOP("Errors", "a floor act needs the floor's account name and passphrase")))


def confirm_floor(name: str, passphrase: str, path: Path | None = None) -> dict[str, str]:
    """A floor act's signature for the record: the account that confirmed it (its passphrase
    checked, never kept). FloorRefused when there is no account at all, the name is waiting
    after a refusal, or the name and passphrase are not an account's (``row``: to record)."""
    if not isinstance(name, str) or not name.strip() or not name.isprintable() or len(name) > MAX_NAME:
        raise _needs_name_and_passphrase()
    if not isinstance(passphrase, str) or not passphrase:
        raise _needs_name_and_passphrase()
    path = path or floor_accounts_path()
    accounts = read_accounts(path)
    if not accounts:
        raise FloorRefused(
            says(
                QT_TRANSLATE_NOOP(
                    "Errors",
                    "no floor account exists (%1), so no floor act can be made: "
                    "create one with 'dealer-app floor-account add NAME'",
                ),
                path,
            )
        )
    wait = BACKOFF.wait_left(name)
    if wait > 0:
        raise FloorRefused(
            says(
                QT_TRANSLATE_NOOP("Errors", "too soon after a refused try: %1 may try again in %2 s"),
                name.strip(),
                int(wait + 0.999),
            )
        )
    account = accounts.get(_key(name))
    # (a name that is no account costs the same scrypt, so the time taken does not tell names apart)
    right = account.matches(passphrase) if account else (_scrypt(passphrase, b"\0" * 16) and False)
    if account is None or not right:
        waits = BACKOFF.refused(name)
        row = FloorRefusedRow({"role": "floor", "name": name.strip()}, WRONG)
        raise FloorRefused(
            says(
                QT_TRANSLATE_NOOP(
                    "Errors", "wrong floor account name or passphrase (recorded): %1 may try again in %2 s"
                ),
                name.strip(),
                int(waits),
            ),
            row,
        )
    BACKOFF.accepted(name)
    return {"role": "floor", "name": account.name}
