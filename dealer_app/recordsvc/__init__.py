"""The record service: the one process that writes a table's record and holds its keys.

On a table installed from the package it runs as the system account ``dealer-app`` (a systemd
unit the ``.deb`` installs) and owns ``/var/lib/dealer-app``: the record (readable by the
dealers' group, written only by the service), the chain's key and the table's signing key
(mode 0600, the service's alone). The live table talks to it over a Unix socket
(``protocol``): it asks for a table to be opened, rows to be committed, floor passphrases to be
checked; it reads the record itself, read-only. ``client.ServiceStore`` is the live table's
``Store`` for it; run from source (no socket) the table writes its own record as before.
"""
