"""The card room (issue 15): each table's record forwarded to one PostgreSQL server, which
re-verifies every table's keyed chain; the floor reads every table from it, live.

The embedded SQLite record stays each table's source of truth: a table deals on with the
network down, and its rows reach the room when the server is back.
"""
