"""Where the app keeps things, and every setting it remembers: each declared once, here.

**Folders and files** (each environment variable is a contract, named in the README):

==================  =====================================  =============================================
what                environment variable                   default
==================  =====================================  =============================================
config folder       ``DEALER_APP_CONFIG``                  ``$XDG_CONFIG_HOME/dealer-app`` (``~/.config``)
 record key         (in the config folder)                 ``record.key``
 table signing key  (in the config folder)                 ``table-signing.key`` (Ed25519, mode 0600)
 anchors file       ``DEALER_APP_ANCHORS``                 ``anchors.txt`` in the config folder
 record service     ``DEALER_APP_RECORD_SOCKET``           installed: ``/run/dealer-app/record.sock``
                                                           (used if it exists); from source: none
 service's folder   (``record-service --dir``)             ``/var/lib/dealer-app`` (its record and keys)
 floor accounts     ``DEALER_APP_FLOOR_ACCOUNTS``          installed: ``/etc/dealer-app/floor-accounts``
                                                           (root's); from source: ``floor-accounts`` in
                                                           the config folder
 floor keys         ``DEALER_APP_FLOOR_KEYS``              ``floor-keys/`` in the config folder: a floor
                                                           person's own signing key per room login
                                                           (Ed25519, mode 0600, their own account's)
data folder         ``DEALER_APP_DATA``                    ``$XDG_DATA_HOME/dealer-app`` (``~/.local/share``)
 the record         (in the data folder)                   ``hands.sqlite3``
 the log            (in the data folder)                   ``dealer-app.log``
limit tables        ``DEALER_APP_LIMITS`` (or ``--limits``) the source tree's ``limits/``, else an installed
                                                           wheel's ``<prefix>/share/dealer-app/limits``
==================  =====================================  =============================================

The card room's server is ``--database``, else ``DEALER_APP_DATABASE``, else the Settings'
``room/database`` (``room/database.py``).

**Settings** the desktop app remembers between runs (Qt's ``QSettings``, organisation and
application ``dealer-app``): ``SETTINGS`` below, each with its key, type and default. The UI
reads and writes them through ``ui/settings_store.py``; nothing else names a key.

Standard library only: the lowest layer (the engine and the command line use the paths).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

APP = "dealer-app"  # the folder name under the XDG folders; Qt's organisation and application name

CONFIG_ENV = "DEALER_APP_CONFIG"
DATA_ENV = "DEALER_APP_DATA"
ANCHORS_ENV = "DEALER_APP_ANCHORS"
LIMITS_ENV = "DEALER_APP_LIMITS"
FLOOR_ACCOUNTS_ENV = "DEALER_APP_FLOOR_ACCOUNTS"
RECORD_SOCKET_ENV = "DEALER_APP_RECORD_SOCKET"  # the record service's socket (recordsvc/)
FLOOR_KEYS_ENV = "DEALER_APP_FLOOR_KEYS"  # a floor person's ruling keys (record/floor_keys.py)
ROOM_MEMORY_ENV = "DEALER_APP_ROOM_MEMORY"  # what this floor machine saw of the room (room/memory.py)

KEY_NAME = "record.key"
SETTINGS_NAME = f"{APP}.conf"  # (the name Qt gives its own file for the app: existing settings are kept)
SIGNING_KEY_NAME = "table-signing.key"
ANCHORS_NAME = "anchors.txt"
FLOOR_ACCOUNTS_NAME = "floor-accounts"
ROOM_MEMORY_NAME = "room-memory.json"
# the floor's accounts on an installed table: root's file, which the dealer's login can read
# but neither replace nor edit (record/floor_accounts.py)
SYSTEM_FLOOR_ACCOUNTS = Path("/etc") / APP / FLOOR_ACCOUNTS_NAME
SYSTEM_RECORD_SOCKET = Path("/run") / APP / "record.sock"  # the .deb's record service
SERVICE_DIR = Path("/var/lib") / APP  # the record service's own folder: the record and its keys
RECORD_NAME = "hands.sqlite3"
LOG_NAME = "dealer-app.log"

_SOURCE_LIMITS = Path(__file__).resolve().parents[1] / "limits"
_INSTALLED_LIMITS = Path(sys.prefix) / "share" / APP / "limits"


def config_dir() -> Path:
    """The app's config folder: ``DEALER_APP_CONFIG``, else ``$XDG_CONFIG_HOME/dealer-app``."""
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / APP


def data_dir() -> Path:
    """The app's data folder (the record, the log): ``DEALER_APP_DATA``, else
    ``$XDG_DATA_HOME/dealer-app``."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP


def settings_path() -> Path:
    """The desktop app's remembered settings (an INI file), in the config folder."""
    return config_dir() / SETTINGS_NAME


def key_path() -> Path:
    """This machine's record key."""
    return config_dir() / KEY_NAME


def signing_key_path() -> Path:
    """This table's private signing key (Ed25519), beside the record key. Run from source it is
    within the dealer account's reach, as ``record.key`` is (README: what that weakens)."""
    return config_dir() / SIGNING_KEY_NAME


def anchors_path() -> Path:
    """The anchors file of the record's seals: ``DEALER_APP_ANCHORS``, else the config folder's."""
    return Path(os.environ.get(ANCHORS_ENV) or config_dir() / ANCHORS_NAME)


def room_memory_path() -> Path:
    """What this floor machine saw of each room (room/memory.py): ``DEALER_APP_ROOM_MEMORY``,
    else ``room-memory.json`` in the data folder. Kept off the room's server: it is the witness
    against the server's owner."""
    return Path(os.environ.get(ROOM_MEMORY_ENV) or data_dir() / ROOM_MEMORY_NAME)


def floor_keys_dir() -> Path:
    """The floor person's own signing keys, one per room login (``<login>.key``, mode 0600):
    ``DEALER_APP_FLOOR_KEYS``, else ``floor-keys`` in the config folder of their own account —
    on their machine, never on the room's server (its owner must not be able to sign for them)."""
    return Path(os.environ.get(FLOOR_KEYS_ENV) or config_dir() / "floor-keys")


def floor_accounts_path() -> Path:
    """The floor's accounts (name and scrypt hash of the passphrase):
    ``DEALER_APP_FLOOR_ACCOUNTS``, else an installed package's ``/etc/dealer-app/floor-accounts``,
    else — run from a source checkout — ``floor-accounts`` in the config folder, which the
    dealer's own login can replace (the README says what that weakens)."""
    env = os.environ.get(FLOOR_ACCOUNTS_ENV)
    if env:
        return Path(env)
    return config_dir() / FLOOR_ACCOUNTS_NAME if running_from_source() else SYSTEM_FLOOR_ACCOUNTS


def record_socket() -> Path | None:
    """The record service's socket: ``DEALER_APP_RECORD_SOCKET``, else an installed package's
    ``/run/dealer-app/record.sock``; None run from a source checkout (the table writes its own
    record). The live table uses the service only if the socket exists."""
    env = os.environ.get(RECORD_SOCKET_ENV)
    if env:
        return Path(env)
    return None if running_from_source() else SYSTEM_RECORD_SOCKET


def running_from_source() -> bool:
    """A source checkout (its ``limits/`` beside the package), not an installed package."""
    return _SOURCE_LIMITS.is_dir() and (_SOURCE_LIMITS.parent / "pyproject.toml").is_file()


def limits_dir() -> Path:
    """``$DEALER_APP_LIMITS``, else the source tree's ``limits/``, else the copy an installed
    wheel puts in ``<prefix>/share/dealer-app/limits``. (``--limits`` is passed down as an
    argument instead: this is the default where none is given.)"""
    env = os.environ.get(LIMITS_ENV)
    if env:
        return Path(env)
    return _SOURCE_LIMITS if _SOURCE_LIMITS.is_dir() or not _INSTALLED_LIMITS.is_dir() else _INSTALLED_LIMITS


def build_name() -> str:
    """How this copy was built: "source" (a checkout or a wheel) or "bundle" (PyInstaller)."""
    return "bundle" if getattr(sys, "frozen", False) else "source"


# --- the desktop app's remembered settings ------------------------------------------------------
T = TypeVar("T")


@dataclass(frozen=True)
class Setting(Generic[T]):
    """One remembered setting: its ``QSettings`` key, its type and its value until it is set.
    ``kind`` ``bytes`` is a window's saved geometry (Qt's ``QByteArray``), None until saved."""

    key: str
    kind: type[T]
    default: T | None


LANGUAGE = Setting("language", str, "system")  # "system", "en" or "de" (Settings > Language)
FOUR_COLOUR = Setting("four_colour", bool, True)  # the four-colour deck (Settings)
PLAYERS_DISPLAY = Setting("players_display", bool, False)  # open at the last quit: opened again
GEOMETRY = Setting("geometry", bytes, None)  # the dealer window's place and size
PLAYERS_DISPLAY_GEOMETRY = Setting("players_display_geometry", bytes, None)  # the players' screen's
ROOM_DATABASE = Setting("room/database", str, "")  # the card room's server (Settings; DEALER_APP_DATABASE first)
ROOM_TABLE_NAME = Setting("room/table_name", str, "")  # this table's name in the room

SETTINGS: tuple[Setting[Any], ...] = (
    LANGUAGE,
    FOUR_COLOUR,
    PLAYERS_DISPLAY,
    GEOMETRY,
    PLAYERS_DISPLAY_GEOMETRY,
    ROOM_DATABASE,
    ROOM_TABLE_NAME,
)
