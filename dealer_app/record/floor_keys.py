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

Which key is a login's (``FloorKeys``): **one key per login, ever** — the one the login enrolled
itself (trust on first use: the person's console and ``floor-key`` say loudly when the room holds
a key under their login that their machine did not make). A room holding more than one key under
a login has had a key put there that is not the person's (the server enrolls one per login, by
that login only; only its owner, going around it, can add another), so none of that login's keys
is valid until the room's manager sorts it out. A floor person whose key is lost gets a new
login and makes a key for it; their old login's rulings stay valid under its key. (Endorsing a
new key with another key was tried and dropped: the owner can make floor logins, so any key
could be endorsed by a login the owner made — the fifth attack pass.)

Each seal carries a random nonce, so each ruling's signature is its own: a signed ruling filed
again (the same payload, seal and all) is a copy, named by every reader and never applied twice.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dealer_app.record.chain import KeyProblem, load_or_create_key, read_key
from dealer_app.record.signing import FileSigner, signature_holds
from dealer_app.settings import floor_keys_dir

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from pathlib import Path

SEAL = "floor_seal"  # the ruling payload's field holding the floor's key and signature
_RULING_DOMAIN = b"dealer-app room ruling v1\n"
_LOGIN = re.compile(r"^[A-Za-z0-9_.-]{1,63}$")  # (a key file's name: a room login, nothing else)
_HEX_KEY, _HEX_SIGNATURE = re.compile(r"^[0-9a-f]{64}$"), re.compile(r"^[0-9a-f]{128}$")
_NONCE = re.compile(r"^[0-9a-f]{32}$")

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


def create_floor_signer(login: str, folder: Path | None = None) -> FileSigner:
    """A new key for ``login`` on this machine (mode 0600, in a folder of mode 0700). One key per
    login: a key this machine holds already is never replaced (KeyProblem names it)."""
    path = key_file(login, folder)
    if path.exists():
        raise KeyProblem(f"{path}: this machine already holds a floor key for {login}")
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    return FileSigner.from_seed(load_or_create_key(path))


def _canonical(value: object) -> bytes:
    # (ASCII with escapes: any text a JSON parser accepts, a lone surrogate "\ud800" included,
    # makes a message — the fifth attack pass's made every reader stop)
    return json.dumps(value, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def ruling_message(
    table_id: str, session: int, hand: int, floor_login: str, payload: Mapping[str, Any], nonce: str
) -> bytes:
    """What a ruling's seal signs: where it was filed, by which login, every field of the ruling
    but the seal (as parsed: the same however the JSON text is spaced), and the seal's nonce."""
    body = {k: v for k, v in payload.items() if k != SEAL}
    return _RULING_DOMAIN + _canonical(
        {
            "table": table_id,
            "session": session,
            "hand": hand,
            "floor_login": floor_login,
            "ruling": body,
            "nonce": nonce,
        }
    )


def seal_ruling(
    signer: FileSigner, table_id: str, session: int, hand: int, floor_login: str, payload: Mapping[str, Any]
) -> dict[str, Any]:
    """``payload`` with its seal: the floor's public key, a nonce of its own, and the signature."""
    nonce = secrets.token_hex(16)
    signature = signer.sign(ruling_message(table_id, session, hand, floor_login, payload, nonce))
    return dict(payload, **{SEAL: {"key": signer.public_key, "nonce": nonce, "signature": signature}})


def seal_key(payload: Mapping[str, Any]) -> str | None:
    """The public key a ruling's seal names (None: no seal, or not a key)."""
    seal = payload.get(SEAL)
    key = seal.get("key") if isinstance(seal, dict) else None
    return key if isinstance(key, str) and _HEX_KEY.match(key) else None


@dataclass(frozen=True)
class FloorKeyRow:
    """One enrollment of ``room.floor_keys``: a key for a login."""

    id: int
    login: str
    public_key: str
    enrolled_by: str = ""  # the login that enrolled it (the server's session_user)


@dataclass(frozen=True)
class FloorKeys:
    """The key valid for each floor login, and the enrollments that are not (each with why)."""

    valid: Mapping[str, str]
    refused: tuple[tuple[FloorKeyRow, str], ...] = ()

    def holds(self, login: str, public_key: str) -> bool:
        return self.valid.get(login) == public_key


def floor_keys_from(rows: Iterable[FloorKeyRow]) -> FloorKeys:
    """Each login's one key: valid when the login enrolled it itself and the room holds no other
    under the login (more than one: none is valid, each refused with why)."""
    by_login: dict[str, list[FloorKeyRow]] = {}
    refused: list[tuple[FloorKeyRow, str]] = []
    for row in sorted(rows, key=lambda r: r.id):
        if not _HEX_KEY.match(row.public_key):
            refused.append((row, "not a public key"))
        elif row.enrolled_by and row.enrolled_by != row.login:
            refused.append((row, f"enrolled by {row.enrolled_by[:63]}, not by the login itself"))
        by_login.setdefault(row.login, []).append(row)
    valid: dict[str, str] = {}
    for login, found in by_login.items():
        if len({r.public_key for r in found}) == 1 and not any(r.login == login for r, _why in refused):
            valid[login] = found[0].public_key
            continue
        if len({r.public_key for r in found}) > 1:
            refused += [
                (
                    r,
                    f"the room holds {len({x.public_key for x in found})} keys under {login[:63]}: a floor login has "
                    "one key (one of them is not the person's: only the room's owner can put one there)",
                )
                for r in found
            ]
    return FloorKeys(valid, tuple(sorted(refused, key=lambda x: x[0].id)))


def seal_signature(payload: Mapping[str, Any]) -> str | None:
    """A ruling's seal's signature (None: none): a ruling's own, as each seal has a nonce of its
    own — a second ruling with the same one is a copy of the first."""
    seal = payload.get(SEAL)
    signature = seal.get("signature") if isinstance(seal, dict) else None
    return signature if isinstance(signature, str) and _HEX_SIGNATURE.match(signature) else None


def seal_problem(
    payload: Mapping[str, Any], table_id: str, session: int, hand: int, floor_login: str, keys: FloorKeys
) -> str | None:
    """Why a room ruling (its payload as filed) does not show that ``floor_login``'s person ruled
    it (UNSEALED, BAD_SEAL, KEY_NOT_VALID), or None when its seal holds."""
    seal = payload.get(SEAL)
    key, signature = seal_key(payload), seal_signature(payload)
    nonce = seal.get("nonce") if isinstance(seal, dict) else None
    if key is None or signature is None or not isinstance(nonce, str) or not _NONCE.match(nonce):
        return UNSEALED
    try:
        message = ruling_message(table_id, session, hand, floor_login, payload, nonce)
    except (TypeError, ValueError):  # (a payload no JSON writer takes back: not what was signed)
        return BAD_SEAL
    if not signature_holds(key, message, signature):
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
    "floor_keys_from",
    "key_file",
    "load_floor_signer",
    "ruling_message",
    "seal_key",
    "seal_problem",
    "seal_ruling",
    "seal_signature",
]
