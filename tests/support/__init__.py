"""What the tests share: helpers, random sessions, oracles, the PostgreSQL server, data paths."""
