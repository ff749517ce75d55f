"""The app's own record: the live tables' rows in SQLite, keyed and chained, and what reads
them back. ``history/`` holds the hand-history files the app imports; this holds what the app
itself wrote.

- ``store``: the append-only SQLite log (``Store``), its named rows (``LogRow``), opening it
  whatever state its folder is in;
- ``migrations``: the record's numbered schema steps and the version each file is at;
- ``chain``: the keyed hash chain, the key, the seals and the anchors file;
- ``integrity``: does the record prove itself (every check the floor relies on);
- ``payload``: a row's text as data, whatever a damaged disk left in it;
- ``inputs`` / ``rows``: one frozen class per dealer input and per row kind, with its JSON;
- ``fold``: the rows of a hand folded into the inputs in force, the redo stack and the hand
  number (the controller, the floor, the index and export all read a hand so);
- ``hand_index``: one summary per hand, for the floor's browser and ``dealer-app hands``.
"""
