"""The table's own signing key (Ed25519) and the signed heads of its record.

Each table has a key pair of its own. The private key signs; the public key is kept in the
record's meta (with its id) and is what the room and the floor check heads with, so a reader
needs no secret to tell that the table wrote them.

A **head** is the record's state after one commit: how many rows the log holds, the last row's
id and chain hash (which covers every row before it), the table session and hand it is in, and
the time, signed with the table's private key. Every commit that adds rows moves the head; the
heads are kept in the record (``heads`` table) and appended to the anchors file. A row cut from
the end then leaves a head that covers more rows than the record holds.

The store is *given* a ``Signer`` (the seam for a system service that keeps the key out of the
dealer account's reach, issue 30 §1); ``FileSigner`` keeps the key in the config folder, mode
0600, made on first use (``table-signing.key``, 32 random bytes written as 64 hex digits).
``cryptography`` is the maintained library for Ed25519 (OpenSSL underneath).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Protocol

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from dealer_app.record.chain import KeyProblem, load_or_create_key
from dealer_app.settings import signing_key_path as default_signing_key_path

if TYPE_CHECKING:
    from pathlib import Path


class Signer(Protocol):
    """What signs a table's heads: a key pair's public half, and signing with the private one."""

    @property
    def public_key(self) -> str:
        """The public key, 64 hex digits (the raw Ed25519 key)."""
        ...

    def sign(self, message: bytes) -> str:
        """The Ed25519 signature of ``message``, 128 hex digits."""
        ...


def public_key_id(public_key: str) -> str:
    """A short name for a public key (the first 12 hex digits of its SHA-256)."""
    return hashlib.sha256(bytes.fromhex(public_key)).hexdigest()[:12]


class FileSigner:
    """The private key in a file of the config folder (mode 0600): a table run from source."""

    def __init__(self, private: Ed25519PrivateKey):
        self._private = private
        raw = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self._public = raw.hex()

    @classmethod
    def from_seed(cls, seed: bytes) -> FileSigner:
        """The key pair of a 32-byte Ed25519 seed (a key file's content)."""
        return cls(Ed25519PrivateKey.from_private_bytes(seed))

    @classmethod
    def load_or_create(cls, path: Path | None = None) -> FileSigner:
        """The key in ``path`` (default: ``settings.signing_key_path``), made on first use.
        A file that exists but is no key is never replaced (KeyProblem names it)."""
        seed = load_or_create_key(path or default_signing_key_path())  # (32 random bytes: an Ed25519 seed)
        return cls(Ed25519PrivateKey.from_private_bytes(seed))

    @property
    def public_key(self) -> str:
        return self._public

    def sign(self, message: bytes) -> str:
        return self._private.sign(message).hex()


@lru_cache(maxsize=8)
def _public(public_key: str) -> Ed25519PublicKey:
    """(a record has one public key: loaded once, not once a head)"""
    return Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_key))


def signature_holds(public_key: str, message: bytes, signature: str) -> bool:
    """Whether ``signature`` is ``public_key``'s over ``message`` (False for anything malformed)."""
    try:
        _public(public_key).verify(bytes.fromhex(signature), message)
    except (InvalidSignature, ValueError):
        return False
    return True


@dataclass(frozen=True, slots=True)
class Head:
    """The record after one commit, signed: ``rows`` in the log, the last row's id, hash, table
    session and hand, when, and which key signed it."""

    record_id: str
    rows: int
    row: int
    session: int
    hand: int
    hash: str
    at: str
    key_id: str
    signature: str = ""
    # the keyless digest chain's value at ``row`` (``chain.row_digest``), which any reader can
    # recompute from the rows alone; "" in heads signed before it existed (their message has none)
    digest: str = ""
    fsync: ClassVar[bool] = False  # (its anchors line is not waited for: chain.append_anchor)

    def message(self) -> bytes:
        """What the signature covers: everything but the signature (the digest only in heads
        that have one, so the heads signed before it keep verifying as they were signed)."""
        text = (
            f"dealer-app head|{self.record_id}|{self.rows}|{self.row}|{self.session}|{self.hand}|"
            f"{self.hash}|{self.at}|{self.key_id}"
        )
        return (f"{text}|digest={self.digest}" if self.digest else text).encode()

    def signed(self, signer: Signer) -> Head:
        return replace(self, signature=signer.sign(self.message()))

    def holds(self, public_key: str) -> bool:
        """Signed by ``public_key``'s private key, as it stands."""
        return signature_holds(public_key, self.message(), self.signature)

    @property
    def where(self) -> str:
        return f"log row {self.row} (table session {self.session}, hand {self.hand})"

    def line(self) -> str:
        """Its line in the anchors file."""
        return (
            f"{self.at} head record={self.record_id} rows={self.rows} row={self.row} session={self.session} "
            f"hand={self.hand} key={self.key_id} hash={self.hash}"
            + (f" digest={self.digest}" if self.digest else "")
            + f" sig={self.signature}\n"
        )

    @classmethod
    def from_fields(cls, at: str, fields: dict[str, str]) -> Head:
        """A head line's fields (``line``) back; KeyError/ValueError if one is missing or wrong."""
        return cls(
            fields["record"],
            int(fields["rows"]),
            int(fields["row"]),
            int(fields["session"]),
            int(fields["hand"]),
            fields["hash"],
            at,
            fields["key"],
            fields["sig"],
            fields.get("digest", ""),
        )


__all__ = ["FileSigner", "Head", "KeyProblem", "Signer", "public_key_id", "signature_holds"]
