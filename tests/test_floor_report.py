"""Issue 26 §3, the ruling report a regulator accepts: read back with pdftotext, every fact
checked against the record itself (not against the report's own code): the record's check at
the top; the case; table, game, date and time zone; every input with its time and what the
rules made of it (an action out of turn and its outcome); pots and who won them; stacks at the
start, at the moment, at the end and after the remedy; each ruling with its floor, witnesses and
camera; the seals of the hand and of the ruling; "page x of y", generated-at, signature lines.
On a hand of an ordinary session: a player short, an action out of turn, a ruling with chips."""

from __future__ import annotations

import re
import sqlite3
import subprocess

import pytest
from session_record import ordinary_sessions

from dealer_app.cli import main
from dealer_app.engine.money import format_money
from dealer_app.floor.cases import record_entries
from dealer_app.history.chain import seal_code
from dealer_app.history.store import Store


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    import os
    base = tmp_path_factory.mktemp("report")
    saved = os.environ.get("DEALER_APP_CONFIG")
    os.environ["DEALER_APP_CONFIG"] = str(base / "config")
    try:
        ordinary_sessions(base / "h.sqlite3", base / "anchors.txt", hands=22, seed=2026)
    finally:
        if saved is None:
            del os.environ["DEALER_APP_CONFIG"]
        else:
            os.environ["DEALER_APP_CONFIG"] = saved
    return base / "h.sqlite3"


def _rows(path, session, hand):
    import json
    db = sqlite3.connect(path)
    rows = [(kind, json.loads(payload), at, digest) for kind, payload, at, digest in db.execute(
        "SELECT kind, payload, at, hash FROM log WHERE session_id = ? AND hand_no = ? ORDER BY id", (session, hand))]
    db.close()
    return rows


def _disputed_hand(path):
    """A hand with an action out of turn and a ruling that moved chips (the record has several)."""
    db = sqlite3.connect(path)
    found = db.execute("SELECT DISTINCT r.session_id, r.hand_no FROM log r JOIN log i ON i.session_id = r.session_id "
                       "AND i.hand_no = r.hand_no AND i.kind = 'irregularity' AND i.payload LIKE '%I-5%' "
                       "WHERE r.kind = 'ruling' AND r.payload LIKE '%\"remedy\": \"adjust\"%' ORDER BY 1, 2").fetchall()
    db.close()
    assert found, "the ordinary session has a ruled hand with an action out of turn"
    return found[0]


def _report(path, hand_id, out, env=None):
    assert main(["report", "--db", str(path), "--hand", hand_id, "--out", str(out)]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True,
                                                             check=True).stdout).group(1))
    return text, pages


def test_the_report_holds_what_a_regulator_asks_read_back_from_the_pdf(record, tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(record.parent / "config"))
    session, hand = _disputed_hand(record)
    text, pages = _report(record, f"{session}-{hand}", tmp_path / "r.pdf")
    flat = " ".join(text.split())
    rows = _rows(record, session, hand)
    start = next(p for k, p, _a, _d in rows if k == "hand_start")
    end = next(p for k, p, _a, _d in rows if k == "hand_end")
    rulings = [(p, d) for k, p, _a, d in rows if k == "ruling"]
    currency = "USD"
    money = lambda cents: format_money(cents, currency)  # noqa: E731
    # the record's check comes first
    assert flat.index("The record proves itself") < flat.index("Seals")
    # the case, the table, the game, the date and time zone
    entry = next(e for e in record_entries(Store.read_only(record)) if (e.session, e.hand) == (session, hand))
    assert f"Case: {entry.case} — other, decided" in flat
    assert "Game: Seven Card Stud" in flat and "Time zone: every time in this report is UTC" in flat
    first_at = rows[0][2]
    assert f"Played: {first_at[:10]} {first_at[11:19]} UTC" in flat
    # every input with its time; the action out of turn with what the rules made of it
    for kind, _payload, at, _digest in rows:
        if kind in ("input", "irregularity", "undo", "redo"):
            assert f"{at[:10]} {at[11:23]} UTC" in flat, (kind, at)
    assert "Action out of turn (I-5)" in flat and "out of turn" in flat.split("Action out of turn (I-5)", 1)[1]
    assert re.search(r"(binding|void|is held)[^→]*\(I-5\)", flat)
    # pots and who won them: the record's hand_end
    for pot in end["pots"]:
        assert money(pot["amount"]) in flat
        for seat, won in pot["winners"].items():
            assert f"seat {seat} {money(won)}" in flat
    # stacks: start, end (start + net) and after the remedy (end + every ruling's chips)
    moved: dict[int, int] = {}
    for payload, _digest in rulings:
        for seat, amount in payload["chips"].items():
            moved[int(seat)] = moved.get(int(seat), 0) + amount
    for seat, name, stack in start["seats"]:
        at_end = stack + int(end["net"].get(str(seat), 0))
        row = next(line for line in text.splitlines() if re.match(rf"\s*{seat}\s+{re.escape(name)}\s", line))
        assert re.findall(r"\$[\d,.]+", row)[0] == money(stack) and re.findall(r"\$[\d,.]+", row)[-2:] == \
            [money(at_end), money(at_end + moved.get(seat, 0))], row
    # each ruling: its floor, witnesses and camera; its seal and the hand's
    for payload, digest in rulings:
        assert payload["by"]["name"] in flat and payload["witnesses"] in flat and payload["camera"] in flat
        assert f"{seal_code(digest)} — covers the hand and this ruling" in flat
    hand_seal = seal_code(next(d for k, _p, _a, d in rows if k == "hand_end"))
    assert f"The hand: {hand_seal}" in flat
    # page x of y on every page, generated-at, signature lines
    assert pages >= 2
    for n in range(1, pages + 1):
        assert f"Page {n} of {pages}" in flat
    assert len(re.findall(r"Generated \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC", flat)) == pages
    for who in ("Floor supervisor", "Witness", "Received by (regulator)"):
        assert who in flat
    assert flat.count("Signature:") == 3
    # nothing is written twice where a page breaks (a line cut across two pages)
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    pairs = zip(lines, lines[1:], strict=False)
    assert not any(a == b and "→" not in a and not a.startswith("Page") for a, b in pairs), "a line written twice"


def test_the_report_reads_in_german(record, tmp_path, monkeypatch, qapp):
    from helpers import load_german
    from PySide6.QtCore import QTranslator
    monkeypatch.setenv("DEALER_APP_CONFIG", str(record.parent / "config"))
    session, hand = _disputed_hand(record)
    translator = QTranslator()
    assert load_german(translator)
    qapp.installTranslator(translator)
    try:
        text, pages = _report(record, f"{session}-{hand}", tmp_path / "de.pdf")
    finally:
        qapp.removeTranslator(translator)
    flat = " ".join(text.split())
    for words in ("Entscheidungsbericht", "Siegel", "Pots und ihre Gewinner", "Stack nach der Abhilfe",
                  f"Seite 1 von {pages}", "Unterschrift", "Zeitzone", "Aktion außer der Reihe"):
        assert words in flat, words
    assert "Ruling report" not in flat and "Page 1 of" not in flat


def test_report_never_overwrites_a_filed_report_unasked(record, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(record.parent / "config"))
    session, hand = _disputed_hand(record)
    out = tmp_path / "filed.pdf"
    out.write_bytes(b"%PDF-1.4 the report filed yesterday")
    assert main(["report", "--db", str(record), "--hand", f"{session}-{hand}", "--out", str(out)]) == 2
    assert "exists" in capsys.readouterr().err and out.read_bytes() == b"%PDF-1.4 the report filed yesterday"
    assert main(["report", "--db", str(record), "--hand", f"{session}-{hand}", "--out", str(out), "--force"]) == 0
    assert out.read_bytes().startswith(b"%PDF") and b"filed yesterday" not in out.read_bytes()
