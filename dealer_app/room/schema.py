"""The room server's schema: migrations kept in this package (``migrations/NNNN_name.sql``),
applied in order by ``dealer-app db upgrade --database URL``, each once, each in one
transaction, so a failed one leaves the server as it was."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources

from dealer_app.room.database import RoomError, connect, shown_url, words

# an upgrade run by two machines at once: one waits for the other, on a lock of a table only
# the database's owner may lock (room.upgrade_lock, no grant to anyone): a table's or a floor's
# login cannot take it, as any login can take an advisory lock, and so cannot hold an upgrade up
_LOCK_TABLE = "room.upgrade_lock"


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        """Which text of the migration a server ran: a migration is never changed once shipped."""
        return hashlib.sha256(self.sql.encode()).hexdigest()


def migrations() -> list[Migration]:
    found = []
    for item in resources.files("dealer_app.room").joinpath("migrations").iterdir():
        if item.name.endswith(".sql") and item.name[:4].isdigit():
            found.append(Migration(int(item.name[:4]), item.name[5:-4], item.read_text(encoding="utf-8")))
    return sorted(found, key=lambda m: m.version)


def latest_version() -> int:
    return migrations()[-1].version


def applied(conn) -> dict[int, str]:
    """The migrations the server has run: version -> checksum."""
    exists = conn.execute("SELECT to_regclass('room.schema_migrations')").fetchone()[0]
    if exists is None:
        return {}
    return dict(conn.execute("SELECT version, checksum FROM room.schema_migrations ORDER BY version").fetchall())


def applied_versions(conn) -> list[int]:
    return sorted(applied(conn))


def upgrade(url: str) -> list[Migration]:
    """Apply every migration the server lacks; returns those applied (none: it was up to date)."""
    import psycopg

    done: list[Migration] = []
    applying: Migration | None = None
    with connect(url, autocommit=True) as conn, connect(url) as holder:
        try:
            _hold_upgrade_lock(holder)
            have = applied(conn)
            for m in migrations():
                if m.version in have:
                    if have[m.version] != m.checksum:
                        raise RoomError(
                            f"{shown_url(url)}: the server ran another text of migration "
                            f"{m.version:04d} {m.name} than this program's: it is left as it is"
                        )
                    continue
                applying = m
                with conn.transaction():
                    conn.execute("CREATE SCHEMA IF NOT EXISTS room")
                    conn.execute(
                        "CREATE TABLE IF NOT EXISTS room.schema_migrations (version integer PRIMARY KEY, "
                        "name text NOT NULL, checksum text NOT NULL, "
                        "applied_at timestamptz NOT NULL DEFAULT now())"
                    )
                    conn.execute(m.sql.encode())
                    conn.execute(
                        "INSERT INTO room.schema_migrations (version, name, checksum) VALUES (%s, %s, %s)",
                        (m.version, m.name, m.checksum),
                    )
                done.append(m)
                applying = None
        except psycopg.Error as exc:
            where = f"migration {applying.version:04d} {applying.name}" if applying else "the upgrade"
            raise RoomError(f"{shown_url(url)}: {where} failed, nothing of it was applied ({words(exc)})") from None
        finally:
            if not holder.closed:  # (the lock ends with its transaction)
                holder.rollback()
    return done


def _hold_upgrade_lock(holder) -> None:
    """Lock room.upgrade_lock in ``holder``'s transaction, kept open for the whole upgrade
    (made first if the room has none yet: two first upgrades at once, one retries)."""
    import psycopg

    for attempt in (1, 2, 3):
        try:
            # (made only when missing: two upgrades revoking on the same table at once collide in
            # the catalogue, "tuple concurrently updated" — seen once in a whole-suite run)
            if holder.execute("SELECT to_regclass(%s)", (_LOCK_TABLE,)).fetchone()[0] is None:
                holder.execute("CREATE SCHEMA IF NOT EXISTS room")
                holder.execute(f"CREATE TABLE IF NOT EXISTS {_LOCK_TABLE} (id integer PRIMARY KEY CHECK (id = 1))")
                holder.execute(f"REVOKE ALL ON {_LOCK_TABLE} FROM PUBLIC")
            holder.commit()
            holder.execute(f"LOCK TABLE {_LOCK_TABLE} IN ACCESS EXCLUSIVE MODE")
            return
        except (
            psycopg.errors.UniqueViolation,
            psycopg.errors.DuplicateTable,
            psycopg.errors.DuplicateSchema,
            psycopg.errors.InternalError_,  # (tuple concurrently updated: the other made it at that moment)
        ):
            holder.rollback()  # (the other upgrade made it a moment before: lock it now)
            if attempt == 3:
                raise


def require_current(conn, url: str) -> None:
    """RoomError if the server's schema is older than this program's (say which command fixes it)."""
    have = applied(conn)
    if not have or max(have) < latest_version():
        raise RoomError(
            f"{shown_url(url)}: the room's schema is not up to date (version "
            f"{max(have) if have else 'none'}, this program needs {latest_version()}): run "
            f"'dealer-app db upgrade --database URL' as the database's owner"
        )
    for m in migrations():
        if have.get(m.version) != m.checksum:
            raise RoomError(
                f"{shown_url(url)}: the server ran another text of migration {m.version:04d} "
                f"{m.name} than this program's: ask whoever runs the server"
            )
