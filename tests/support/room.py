"""A card room's PostgreSQL database for one test (the ``room`` fixture in conftest.py)."""


class Room:
    """A room database with its schema, two table logins and a floor login."""

    def __init__(self, pg, name: str):
        self.pg, self.name = pg, name
        # the database's owner, as the README has it: not a superuser (CREATEROLE for the logins)
        pg.admin(f"CREATE ROLE {name}_owner LOGIN CREATEROLE PASSWORD 'pw-{name}_owner'")
        pg.admin(f'CREATE DATABASE "{name}" OWNER {name}_owner')
        self.owner = pg.url(f"{name}_owner", f"pw-{name}_owner", name)
        from dealer_app.room.schema import upgrade

        upgrade(self.owner)
        self.logins = {}
        for login, role in (
            (f"{name}_ta", "dealer_table"),
            (f"{name}_tb", "dealer_table"),
            (f"{name}_floor", "dealer_floor"),
        ):
            pg.admin(f"CREATE ROLE {login} LOGIN PASSWORD 'pw-{login}' IN ROLE {role}")
            self.logins[login] = pg.url(login, f"pw-{login}", name)
        self.table_a, self.table_b, self.floor = (
            self.logins[f"{name}_ta"],
            self.logins[f"{name}_tb"],
            self.logins[f"{name}_floor"],
        )
        self.make_floor_key(self.floor)

    @staticmethod
    def make_floor_key(url: str) -> str:
        """A floor login's own key on this (test) machine, enrolled, as `dealer-app floor-key new`
        does on the floor person's machine: the console signs their rulings with it. Its public key."""
        import psycopg

        from dealer_app.record.floor_keys import create_floor_signer, load_floor_signer
        from dealer_app.room.floor_key_enrollment import enroll_floor_key

        with psycopg.connect(url, autocommit=True) as conn:
            login = conn.execute("SELECT session_user::text").fetchone()[0]
            signer = load_floor_signer(login) or create_floor_signer(login)
            if not conn.execute("SELECT FROM room.floor_keys WHERE login = %s", (login,)).fetchall():
                enroll_floor_key(conn, signer.public_key)
        return signer.public_key

    def enroll(self, *table_ids: str) -> None:
        """The floor enrolls these tables (every table waiting, if none is named): as a floor
        does with `dealer-app db approve-table`, once a table has registered."""
        import psycopg

        with psycopg.connect(self.floor, autocommit=True) as conn:
            if not table_ids:
                table_ids = tuple(
                    t
                    for (t,) in conn.execute(
                        "SELECT DISTINCT e.table_id FROM room.enrollments e WHERE NOT EXISTS "
                        "(SELECT FROM room.approvals a WHERE a.enrollment_id = e.id)"
                    ).fetchall()
                )
            for table_id in table_ids:
                conn.execute(
                    "SELECT room.approve_request(%s, (SELECT max(e.id) FROM room.enrollments e WHERE e.table_id = %s))",
                    (table_id, table_id),
                )

    def enroll_when_registered(self, table_id: str, timeout: float = 10.0) -> None:
        """Wait until the table has registered (its forwarder connected), then enroll it."""
        import time

        import psycopg

        deadline = time.monotonic() + timeout
        with psycopg.connect(self.floor, autocommit=True) as conn:
            while not conn.execute("SELECT FROM room.tables WHERE table_id = %s", (table_id,)).fetchall():
                assert time.monotonic() < deadline, f"table {table_id} never registered"
                time.sleep(0.05)
        self.enroll(table_id)


_ROOMS = iter(range(1, 10**6))
