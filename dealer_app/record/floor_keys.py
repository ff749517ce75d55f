"""A floor person's own key pair, and the room rulings it signs (issue 30 §2 and §4).

A room ruling is filed under the floor person's room login, but the room's owner creates those
logins and sets their passwords, so a login alone does not show that the person ruled. Each
floor person therefore has an Ed25519 key pair of their own, made on their own machine
(``dealer-app floor-key new``, ``settings.floor_keys_dir``, mode 0600 in their own account),
whose public half is enrolled in the room (``room.floor_keys``). The console signs every ruling
with it: the signature (the **seal**, a ``floor_seal`` field of the ruling's payload: the public
key and the signature) covers the table, the table session, the hand, the filing login and
every other field of the ruling, so a table that applies the ruling carries the seal in its own
signed row, and any reader can check it with no secret.

Which keys are a login's (``FloorKeys``): the login's first enrolled key (trust on first use —
the person's console and ``floor-key`` say loudly when the room holds a key under their login
that their machine did not make), and each later one only if it is **endorsed**: signed by a key
already valid (their own earlier key, when they replace it; or a colleague's, when theirs is
lost). A key the owner enrolls under someone's login is therefore not valid, and a ruling signed
with it is shown as such by every reader and never applied by a table.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dealer_app.record.chain import KeyProblem, load_or_create_key, read_key
from dealer_app.record.signing import FileSigner, public_key_id, signature_holds
from dealer_app.settings import floor_keys_dir

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from pathlib import Path

SEAL = "floor_seal"  # the ruling payload's field holding the floor's key and signature
_RULING_DOMAIN = b"dealer-app room ruling v1\n"
_ENDORSE_DOMAIN = b"dealer-app floor key v1\n"
_LOGIN = re.compile(r"^[A-Za-z0-9_.-]{1,63}$")  # (a key file's name: a room login, nothing else)
_OLD_NAME = re.compile(r"^\.key\.[0-9a-f]{12}\.old$")
_HEX_KEY, _HEX_SIGNATURE = re.compile(r"^[0-9a-f]{64}$"), re.compile(r"^[0-9a-f]{128}$")

# why a ruling's seal does not show that its filing login's person ruled
UNSEALED = "not signed by the floor's own key"
BAD_SEAL = "floor signature does not verify"
KEY_NOT_VALID = "signed by a key not valid for its login"


def key_file(login: str, folder: Path | None = None) -> Path:
    """Where this machine keeps ``login``'s private key."""
    if not _LOGIN.match(login):
        raise KeyProblem(f"{login[:63]!r}: not a room login a floor key can be kept for")
    return (folder or floor_keys_dir()) / f"{login}.key"


def load_floor_signer(login: str, folder: Path | None = None) -> FileSigner | None:
    """``login``'s key on this machine, or None when this machine holds none. A file that is
    there but is no key is said (KeyProblem names it), never replaced."""
    path = key_file(login, folder)
    if not path.exists():
        return None
    return FileSigner.from_seed(read_key(path))


def create_floor_signer(login: str, folder: Path | None = None, replace: bool = False) -> FileSigner:
    """A new key for ``login`` on this machine (mode 0600). An existing key is kept unless
    ``replace`` (its file is then renamed ``<login>.key.<its id>.old``, never deleted: the caller
    signs the new key's endorsement with it, and ``earlier_floor_keys`` knows it as this machine's)."""
    path = key_file(login, folder)
    if path.exists():
        if not replace:
            raise KeyProblem(f"{path}: this machine already holds a floor key for {login}")
        old = FileSigner.from_seed(read_key(path))
        os.replace(path, path.with_name(f"{path.name}.{public_key_id(old.public_key)}.old"))
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    return FileSigner.from_seed(load_or_create_key(path))


def earlier_floor_keys(login: str, folder: Path | None = None) -> tuple[str, ...]:
    """The public keys of ``login``'s keys this machine replaced (``create_floor_signer``)."""
    path = key_file(login, folder)
    found = []
    for old in sorted(path.parent.glob(f"{login}.key.*.old")):
        if _OLD_NAME.match(old.name[len(login) :]):
            try:
                found.append(FileSigner.from_seed(read_key(old)).public_key)
            except KeyProblem:
                continue  # (not a key: nothing this machine made)
    return tuple(found)


def _canonical(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def ruling_message(table_id: str, session: int, hand: int, floor_login: str, payload: Mapping[str, Any]) -> bytes:
    """What a ruling's seal signs: where it was filed, by which login, and every field of the
    ruling but the seal (as parsed: the same however the JSON text is spaced)."""
    body = {k: v for k, v in payload.items() if k != SEAL}
    return _RULING_DOMAIN + _canonical(
        {"table": table_id, "session": session, "hand": hand, "floor_login": floor_login, "ruling": body}
    )


def seal_ruling(
    signer: FileSigner, table_id: str, session: int, hand: int, floor_login: str, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """``payload`` with its seal: the floor's public key and signature."""
    signature = signer.sign(ruling_message(table_id, session, hand, floor_login, payload))
    return dict(payload, **{SEAL: {"key": signer.public_key, "signature": signature}})


def seal_key(payload: Mapping[str, Any]) -> str | None:
    """The public key a ruling's seal names (None: no seal, or not a key)."""
    seal = payload.get(SEAL)
    key = seal.get("key") if isinstance(seal, dict) else None
    return key if isinstance(key, str) and _HEX_KEY.match(key) else None


def endorsement_message(login: str, public_key: str) -> bytes:
    """What an endorsement signs: this key is ``login``'s."""
    return _ENDORSE_DOMAIN + _canonical({"login": login, "key": public_key})


@dataclass(frozen=True)
class FloorKeyRow:
    """One enrollment of ``room.floor_keys``: a key for a login, endorsed or not."""

    id: int
    login: str
    public_key: str
    endorser_key: str = ""  # the key that signed the endorsement ("" for none)
    endorsement: str = ""
    enrolled_by: str = ""  # the login that enrolled it (the server's session_user)


@dataclass(frozen=True)
class FloorKeys:
    """The keys valid for each floor login, and the enrollments that are not (each with why)."""

    valid: Mapping[str, tuple[str, ...]]
    refused: tuple[tuple[FloorKeyRow, str], ...] = ()

    def holds(self, login: str, public_key: str) -> bool:
        return public_key in self.valid.get(login, ())


def floor_keys_from(rows: Iterable[FloorKeyRow]) -> FloorKeys:
    """Each login's valid keys, in the order they were enrolled: the login's first key, then each
    key endorsed by a key valid by then (any login's)."""
    valid: dict[str, list[str]] = {}
    valid_any: set[str] = set()
    refused: list[tuple[FloorKeyRow, str]] = []
    for row in sorted(rows, key=lambda r: r.id):
        if not _HEX_KEY.match(row.public_key):
            refused.append((row, "not a public key"))
            continue
        if row.public_key in valid.get(row.login, ()):
            continue  # (enrolled again: nothing new)
        if row.endorser_key or row.endorsement:
            if row.endorser_key not in valid_any:
                refused.append((row, "endorsed by a key that was not a floor's valid key"))
                continue
            if not signature_holds(row.endorser_key, endorsement_message(row.login, row.public_key), row.endorsement):
                refused.append((row, "its endorsement does not verify"))
                continue
        elif row.login in valid:
            refused.append((row, f"replaces {row.login}'s key without an endorsement by a valid floor key"))
            continue
        valid.setdefault(row.login, []).append(row.public_key)
        valid_any.add(row.public_key)
    return FloorKeys({login: tuple(keys) for login, keys in valid.items()}, tuple(refused))


def seal_problem(
    payload: Mapping[str, Any], table_id: str, session: int, hand: int, floor_login: str, keys: FloorKeys
) -> str | None:
    """Why a room ruling (its payload as filed) does not show that ``floor_login``'s person ruled
    it (UNSEALED, BAD_SEAL, KEY_NOT_VALID), or None when its seal holds."""
    seal = payload.get(SEAL)
    key = seal_key(payload)
    signature = seal.get("signature") if isinstance(seal, dict) else None
    if key is None or not isinstance(signature, str) or not _HEX_SIGNATURE.match(signature):
        return UNSEALED
    if not signature_holds(key, ruling_message(table_id, session, hand, floor_login, payload), signature):
        return BAD_SEAL
    if not keys.holds(floor_login, key):
        return KEY_NOT_VALID
    return None


__all__ = [
    "BAD_SEAL",
    "KEY_NOT_VALID",
    "SEAL",
    "UNSEALED",
    "FloorKeyRow",
    "FloorKeys",
    "create_floor_signer",
    "earlier_floor_keys",
    "endorsement_message",
    "floor_keys_from",
    "key_file",
    "load_floor_signer",
    "ruling_message",
    "seal_key",
    "seal_problem",
    "seal_ruling",
]
