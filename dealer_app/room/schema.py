"""The room server's schema: migrations kept in this package (``migrations/NNNN_name.sql``),
applied in order by ``dealer-app db upgrade --database URL``, each once, each in one
transaction, so a failed one leaves the server as it was."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from dealer_app.room.database import RoomError, connect, shown_url, words

# an upgrade run by two machines at once: one waits for the other
_LOCK = 0x5EED_0015


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def migrations() -> list[Migration]:
    found = []
    for item in resources.files("dealer_app.room").joinpath("migrations").iterdir():
        if item.name.endswith(".sql") and item.name[:4].isdigit():
            found.append(Migration(int(item.name[:4]), item.name[5:-4], item.read_text(encoding="utf-8")))
    return sorted(found, key=lambda m: m.version)


def latest_version() -> int:
    return migrations()[-1].version


def applied_versions(conn) -> list[int]:
    exists = conn.execute("SELECT to_regclass('room.schema_migrations')").fetchone()[0]
    if exists is None:
        return []
    return [v for (v,) in conn.execute("SELECT version FROM room.schema_migrations ORDER BY version")]


def upgrade(url: str) -> list[Migration]:
    """Apply every migration the server lacks; returns those applied (none: it was up to date)."""
    import psycopg
    done: list[Migration] = []
    with connect(url, autocommit=True) as conn:
        try:
            conn.execute("SELECT pg_advisory_lock(%s)", (_LOCK,))
            have = set(applied_versions(conn))
            for m in migrations():
                if m.version in have:
                    continue
                with conn.transaction():
                    conn.execute("CREATE SCHEMA IF NOT EXISTS room")
                    conn.execute("CREATE TABLE IF NOT EXISTS room.schema_migrations (version integer PRIMARY KEY, "
                                 "name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())")
                    conn.execute(m.sql.encode())
                    conn.execute("INSERT INTO room.schema_migrations (version, name) VALUES (%s, %s)",
                                 (m.version, m.name))
                done.append(m)
        except psycopg.Error as exc:
            applying = next((m for m in migrations() if m not in done and m.version not in have), None) \
                if "have" in locals() else None
            where = f"migration {applying.version:04d} {applying.name}" if applying else "the upgrade"
            raise RoomError(f"{shown_url(url)}: {where} failed, nothing of it was applied ({words(exc)})") from None
        finally:
            if not conn.closed:
                conn.execute("SELECT pg_advisory_unlock_all()")
    return done


def require_current(conn, url: str) -> None:
    """RoomError if the server's schema is older than this program's (say which command fixes it)."""
    have = applied_versions(conn)
    if not have or have[-1] < latest_version():
        raise RoomError(f"{shown_url(url)}: the room's schema is not up to date (version "
                        f"{have[-1] if have else 'none'}, this program needs {latest_version()}): run "
                        f"'dealer-app db upgrade --database URL' as the database's owner")
