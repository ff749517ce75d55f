"""Walks with a fault, for the console's check in its own process (room/walk_process.py): a
spawned child imports its target by name, so a test's fault must live in a module it can import."""

from __future__ import annotations

from dealer_app.room.walk_process import walk_every_table


def walk_with_a_fault(url, tables, results, stop) -> None:
    """The real walk, its check of a table raising a fault of the code (said back as ``Failed``)."""
    from dealer_app.room import room_check

    def broken(*args, **kw):
        raise ZeroDivisionError("a fault in the walk")

    room_check.check_room_table = broken
    walk_every_table(url, tables, results, stop)


def walk_that_dies(url, tables, results, stop) -> None:
    """A walk whose process ends without a word (as a crash would end it)."""
    import os

    os._exit(3)
