"""Which room server, and a connection to it, with every failure said in words.

The server is named by a PostgreSQL URL (``postgresql://login:password@host/db``): the
``--database`` option, else ``DEALER_APP_DATABASE``, else the table's Settings. A URL's
password is never shown: ``shown_url`` hides it.
"""

from __future__ import annotations

import os
import re
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

ENV = "DEALER_APP_DATABASE"
CONNECT_TIMEOUT_S = 3  # a table's forwarder and the floor retry; nobody waits long on one attempt
# a network that goes silent (a cable pulled, a switch gone) is found within seconds, not when
# TCP gives up a quarter of an hour later; a statement stuck on a lock ends too
LIVENESS: dict[str, Any] = {
    "keepalives": 1,
    "keepalives_idle": 5,
    "keepalives_interval": 2,
    "keepalives_count": 3,
    "tcp_user_timeout": 10000,
    "options": "-c statement_timeout=15000 -c lock_timeout=10000",
}


class RoomError(RuntimeError):
    """The room server cannot be reached or refused (the reason in words, the password hidden)."""


class LoginRefused(RoomError):
    """The server refused the login itself (a wrong password, no such login)."""


class WrongLogin(RoomError):
    """The login is not of the kind asked for (a table's login for the floor's console, …)."""


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
    """The URL with its password (in the user part or as ``?password=``) replaced by ***."""
    try:
        parts = urlsplit(url)
        netloc = parts.netloc
        if "@" in netloc:
            user, _, host = netloc.rpartition("@")
            netloc = f"{user.partition(':')[0]}:***@{host}" if ":" in user else f"{user}@{host}"
        query = urlencode([(k, "***" if k == "password" else v) for k, v in parse_qsl(parts.query)], safe="*")
        return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))
    except ValueError:
        return re.sub(r"(://[^:/]*:).*@", r"\1***@", url.split("?")[0])


def connect(url: str, autocommit: bool = False):
    """A psycopg connection to the room, or RoomError naming the server and why."""
    import psycopg

    check_url(url)
    try:
        return psycopg.connect(
            url, autocommit=autocommit, connect_timeout=CONNECT_TIMEOUT_S, application_name="dealer-app", **LIVENESS
        )
    except psycopg.Error as exc:
        said = words(exc)
        if "password authentication failed" in said or ("does not exist" in said and "role" in said):
            raise LoginRefused(f"{shown_url(url)}: the room server refused the login ({said})") from None
        raise RoomError(f"{shown_url(url)}: the room server cannot be reached ({said})") from None


def words(exc: BaseException) -> str:
    """A psycopg error's own message, on one line, without the password."""
    text = " ".join(str(exc).split()) or exc.__class__.__name__
    text = re.sub(r"postgres(ql)?://\S+", lambda m: shown_url(m.group(0)), text)
    return re.sub(r"password=\S+", "password=***", text)
