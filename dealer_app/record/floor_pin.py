"""The floor PIN: floor-only acts (a ruling, voiding a hand, a change to the house options of
an open table) need it, at the live table and at the floor console alike.

Beside the record's key (``chain.py``): both are this machine's secrets in the config folder
that vouch for what the record says, and both sit below the live table and the floor, which
use them.

Kept as a salted ``hashlib.scrypt`` hash in the config folder (``floor-pin``, mode 0600),
never the PIN itself; it is set the first time a floor act asks for it. Checking it takes a
fraction of a second on purpose (scrypt's cost), so guessing is slow.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from typing import TYPE_CHECKING

from dealer_app.engine.says import QT_TRANSLATE_NOOP, Says, says
from dealer_app.settings import pin_path

if TYPE_CHECKING:
    from pathlib import Path

# scrypt's cost: about 50 ms here, enough that trying every 4-digit PIN takes minutes
_N, _R, _P = 2**14, 8, 1
MIN_LENGTH = 4


class PinRefused(ValueError):
    """The PIN is wrong, missing or too short (``says``: the sentence as data)."""

    def __init__(self, message: Says):
        super().__init__(str(message))
        self.says = message


def _hash(pin: str, salt: bytes) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, n=_N, r=_R, p=_P, dklen=32)


def pin_is_set(path: Path | None = None) -> bool:
    return (path or pin_path()).is_file()


def set_pin(pin: str, path: Path | None = None) -> None:
    """Set the floor PIN (first use only: changing it needs the old one, ``change_pin``)."""
    path = path or pin_path()
    if not isinstance(pin, str) or len(pin.strip()) < MIN_LENGTH:
        raise PinRefused(says(QT_TRANSLATE_NOOP("Errors", "the floor PIN needs at least %1 characters"), MIN_LENGTH))
    salt = secrets.token_bytes(16)
    record = {"scrypt": {"n": _N, "r": _R, "p": _P}, "salt": salt.hex(), "hash": _hash(pin.strip(), salt).hex()}
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise PinRefused(says(QT_TRANSLATE_NOOP("Errors", "the floor PIN is already set"))) from None
    with os.fdopen(fd, "w", encoding="ascii") as f:
        json.dump(record, f)
        f.flush()
        os.fsync(f.fileno())


def check_pin(pin: str, path: Path | None = None) -> None:
    """Refuse (PinRefused) unless ``pin`` is the floor PIN."""
    path = path or pin_path()
    if not isinstance(pin, str) or not pin.strip():
        raise PinRefused(says(QT_TRANSLATE_NOOP("Errors", "a floor act needs the floor's name and PIN")))
    try:
        record = json.loads(path.read_text(encoding="ascii"))
        salt, want = bytes.fromhex(record["salt"]), bytes.fromhex(record["hash"])
    except FileNotFoundError:
        raise PinRefused(says(QT_TRANSLATE_NOOP("Errors", "no floor PIN is set yet: set one first"))) from None
    except (OSError, ValueError, KeyError, TypeError):
        raise PinRefused(says(QT_TRANSLATE_NOOP("Errors", "%1: the floor PIN file cannot be read"), path)) from None
    if not hmac.compare_digest(_hash(pin.strip(), salt), want):
        raise PinRefused(says(QT_TRANSLATE_NOOP("Errors", "wrong floor PIN")))


def confirm_floor(name: str, pin: str, path: Path | None = None) -> dict[str, str]:
    """A floor act's signature for the record: who confirmed it (the PIN checked, never kept)."""
    if not isinstance(name, str) or not name.strip() or not name.isprintable() or len(name) > 60:
        raise PinRefused(says(QT_TRANSLATE_NOOP("Errors", "a floor act needs the floor's name and PIN")))
    if not pin_is_set(path):
        try:
            set_pin(pin, path)  # first use: this PIN becomes the floor's
        except OSError as exc:
            raise PinRefused(
                says(
                    QT_TRANSLATE_NOOP("Errors", "the floor PIN cannot be saved in %1 (%2)"),
                    path or pin_path(),
                    exc.strerror or exc,
                )
            ) from None
    check_pin(pin, path)
    return {"role": "floor", "name": name.strip()}
