"""Which room server, and a connection to it, with every failure said in words.

The server is named by a PostgreSQL URL (``postgresql://login:password@host/db``): the
``--database`` option, else ``DEALER_APP_DATABASE``, else the table's Settings. A URL's
password is never shown: ``shown_url`` hides it.
"""

from __future__ import annotations

import os
import re

ENV = "DEALER_APP_DATABASE"
CONNECT_TIMEOUT_S = 3  # a table's forwarder and the floor retry; nobody waits long on one attempt


class RoomError(RuntimeError):
    """The room server cannot be reached or refused (the reason in words, the password hidden)."""


def room_url(given: str | None = None, settings_value: str | None = None) -> str | None:
    """The room server's URL: ``given``, else the environment's, else the Settings', else None."""
    for value in (given, os.environ.get(ENV), settings_value):
        if value and value.strip():
            return value.strip()
    return None


def check_url(url: str) -> str:
    """A PostgreSQL URL, or RoomError saying what it should look like."""
    if not re.match(r"^postgres(ql)?://", url):
        raise RoomError(f"{shown_url(url)}: not a PostgreSQL URL (postgresql://login:password@host/database)")
    return url


def shown_url(url: str) -> str:
    """The URL with its password replaced by ***."""
    return re.sub(r"(://[^:/@]+:)[^@]*@", r"\1***@", url)


def connect(url: str, autocommit: bool = False):
    """A psycopg connection to the room, or RoomError naming the server and why."""
    import psycopg
    check_url(url)
    try:
        return psycopg.connect(url, autocommit=autocommit, connect_timeout=CONNECT_TIMEOUT_S,
                               application_name="dealer-app")
    except psycopg.Error as exc:
        raise RoomError(f"{shown_url(url)}: the room server cannot be reached ({words(exc)})") from None


def words(exc: BaseException) -> str:
    """A psycopg error's own message, on one line, without the password."""
    text = " ".join(str(exc).split()) or exc.__class__.__name__
    return re.sub(r"password=\S+", "password=***", shown_url(text))
