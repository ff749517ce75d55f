"""Issue 26 §3, the ruling report a regulator accepts: read back with pdftotext, every fact
checked against the record itself (not against the report's own code): the record's check at
the top; the case; table, game, date and time zone; every input with its time and what the
rules made of it (an action out of turn and its outcome); pots and who won them; stacks at the
start, at the moment, at the end and after the remedy; each ruling with its floor, witnesses and
camera; the seals of the hand and of the ruling; "page x of y", generated-at, signature lines.
On a hand of an ordinary session: a player short, an action out of turn, a ruling with chips."""

from __future__ import annotations

import itertools
import re
import sqlite3
import subprocess

import pytest

from dealer_app.cli import main
from dealer_app.engine.money import format_money
from dealer_app.floor.cases import record_entries
from dealer_app.record.chain import seal_code
from dealer_app.record.store import Store
from tests.support.session_record import ordinary_sessions


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
    rows = [
        (kind, json.loads(payload), at, digest)
        for kind, payload, at, digest in db.execute(
            "SELECT kind, payload, at, hash FROM log WHERE session_id = ? AND hand_no = ? ORDER BY id", (session, hand)
        )
    ]
    db.close()
    return rows


def _disputed_hand(path):
    """A hand with an action out of turn and a ruling that moved chips (the record has several)."""
    db = sqlite3.connect(path)
    found = db.execute(
        "SELECT DISTINCT r.session_id, r.hand_no FROM log r JOIN log i ON i.session_id = r.session_id "
        "AND i.hand_no = r.hand_no AND i.kind = 'irregularity' AND i.payload LIKE '%I-5%' "
        "WHERE r.kind = 'ruling' AND r.payload LIKE '%\"remedy\": \"adjust\"%' ORDER BY 1, 2"
    ).fetchall()
    db.close()
    assert found, "the ordinary session has a ruled hand with an action out of turn"
    return found[0]


def _report(path, hand_id, out, env=None):
    assert main(["report", "--db", str(path), "--hand", hand_id, "--out", str(out)]) == 0
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True).stdout
    pages = int(
        re.search(
            r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
        ).group(1)
    )
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
        assert re.findall(r"\$[\d,.]+", row)[0] == money(stack) and re.findall(r"\$[\d,.]+", row)[-2:] == [
            money(at_end),
            money(at_end + moved.get(seat, 0)),
        ], row
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
    pairs = itertools.pairwise(lines)
    assert not any(a == b and "→" not in a and not a.startswith("Page") for a, b in pairs), "a line written twice"


def test_the_report_reads_in_german(record, tmp_path, monkeypatch, qapp):
    from PySide6.QtCore import QTranslator

    from tests.support.helpers import load_german

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
    for words in (
        "Entscheidungsbericht",
        "Siegel",
        "Pots und ihre Gewinner",
        "Stack nach der Abhilfe",
        f"Seite 1 von {pages}",
        "Unterschrift",
        "Zeitzone",
        "Aktion außer der Reihe",
    ):
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


def _plain(text: str) -> str:
    """pdftotext -layout's text on one line: its ligatures (ﬁ, ﬂ) as letters, a word the page
    broke after its hyphen ("C-⏎7Q4M2X-3") whole again."""
    import unicodedata

    return " ".join(re.sub(r"(?<=\w)-\n\s*(?=\w)", "-", unicodedata.normalize("NFKC", text)).split())


def _void_hand(path, code):
    """A hand the floor declared void at the table (I-6 misdeal, I-7 fouled deck): (session, hand, step)."""
    db = sqlite3.connect(path)
    found = db.execute(
        "SELECT session_id, hand_no FROM log WHERE kind = 'irregularity' AND payload LIKE ? ORDER BY id LIMIT 1",
        (f'%"{code}"%',),
    ).fetchone()
    db.close()
    assert found, f"the ordinary session has a hand voided by {code}"
    return found


@pytest.mark.parametrize(("code", "words"), [("I-6", "misdeal"), ("I-7", "fouled deck")])
def test_a_void_hand_says_it_was_declared_void_with_the_chips_given_back(record, tmp_path, monkeypatch, code, words):
    """Issue: a misdeal's or a fouled deck's report said "none: the hand has not ended" under the
    result. It says the hand was declared void, by which rule, at which step and by whom; every
    ante and bet back to its player; the stacks after (each as the hand started); the redeal."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(record.parent / "config"))
    session, hand = _void_hand(record, code)
    text, _pages = _report(record, f"{session}-{hand}", tmp_path / "void.pdf")
    flat = _plain(text)
    rows = _rows(record, session, hand)
    start = next(p for k, p, _a, _d in rows if k == "hand_start")
    step = next(
        i
        for i, (k, p, _a, _d) in enumerate(r for r in rows if r[0] != "ruling")
        if k == "irregularity" and p["input"][1] == code
    )
    by = next(p["by"]["name"] for k, p, _a, _d in rows if k == "irregularity" and p["input"][1] == code)
    result = flat.split("Pots and who won them", 1)[1].split("Timeline", 1)[0]
    assert "has not ended" not in result
    assert f"The hand was declared void at step {step}: {words} ({code}), confirmed by the floor: {by}." in result
    back = re.search(r"every ante and bet went back to its player: (.*?)\.\s", result).group(1)
    given = dict(re.findall(r"seat (\d+) (\$[\d,.]+)", back))
    assert set(given) == {str(seat) for seat, _name, _stack in start["seats"]}  # every seat paid its ante at least
    after = re.search(r"Stacks after the void: (.*?)\.\s", result).group(1)
    assert after == ", ".join(f"seat {seat} {format_money(stack, 'USD')}" for seat, _name, stack in start["seats"])
    assert "The same players are dealt the hand again" in result
    assert "None: the hand was declared void." in flat.split("Legal options then", 1)[1]


def test_the_report_words_its_record_moment_seats_and_rules_plainly(record, tmp_path, monkeypatch):
    """The record's check is said once ("The record proves …", not "The record: The record …");
    the record is named by its full path; one seat is "seat 4", never "seats 4"; the rules of
    the moment are listed apart from those the ruling cites; the report says which moment it
    shows and why (the last ruling's, or the one asked for with --moment); and at a dealing
    moment the legal options say that no one is to act."""
    monkeypatch.setenv("DEALER_APP_CONFIG", str(record.parent / "config"))
    session, hand = _disputed_hand(record)
    rows = _rows(record, session, hand)
    ruling = next(p for k, p, _a, _d in rows if k == "ruling")
    text, _pages = _report(record, f"{session}-{hand}", tmp_path / "r.pdf")
    flat = _plain(text)
    assert flat.startswith("Ruling report The record proves itself") and "The record: The record" not in flat
    assert f"Record: {record.resolve()}" in flat
    assert not re.search(r"\bseats \d+\)", flat), "one seat is 'seat N'"
    single = [
        pot for p in (p for k, p, _a, _d in rows if k == "hand_end") for pot in p["pots"] if len(pot["eligible"]) == 1
    ]
    for pot in single:
        assert f"({'seat'} {pot['eligible'][0]}):" in flat
    moment = ruling["moment"]
    assert (
        f"The table at the disputed moment (step {moment}) This is the moment the last ruling "
        f"({ruling['case']}) is about." in flat
    )
    cited = flat.split("The rules cited", 1)[1]
    assert re.search(rf"At the moment \(step {moment}\): [A-Z]-\d", cited)
    assert f"The ruling cites: {', '.join(ruling['rules'])}" in cited
    assert cited.index("At the moment") < cited.index("The ruling cites")
    # --moment 0: the hand as dealt, asked for — not the ruling's moment, and a dealing moment
    out = tmp_path / "m0.pdf"
    assert main(["report", "--db", str(record), "--hand", f"{session}-{hand}", "--out", str(out), "--moment", "0"]) == 0
    flat = _plain(
        subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True).stdout
    )
    assert "The table at step 0 This is the moment asked for (report --moment" in flat
    assert f"the last ruling ({ruling['case']}) is about step {moment}." in flat
    options = flat.split("Legal options then", 1)[1].split("Rulings", 1)[0]
    assert options.startswith(" None: cards are being dealt, so no one is to act"), options
    assert "At the moment (step 0): D-" in flat


def test_report_asked_at_a_terminal_keeps_the_file_calmly_when_told_no(record, tmp_path):
    """At a terminal `report` asks before it replaces a filed report; "n" writes nothing, keeps
    the file and says so calmly (exit 0: the floor chose), not as an error."""
    import os
    import pty
    import sys

    session, hand = _disputed_hand(record)
    out = tmp_path / "filed.pdf"
    out.write_bytes(b"%PDF-1.4 the report filed yesterday")
    env = dict(os.environ, DEALER_APP_CONFIG=str(record.parent / "config"), QT_QPA_PLATFORM="offscreen")
    leader, follower = pty.openpty()
    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "dealer_app",
            "report",
            "--db",
            str(record),
            "--hand",
            f"{session}-{hand}",
            "--out",
            str(out),
        ],
        stdin=follower,
        stderr=follower,
        stdout=subprocess.PIPE,
        env=env,
    )
    os.close(follower)
    said = b""
    while b"Replace it? [y/N]" not in said:
        said += os.read(leader, 1024)
    os.write(leader, b"n\n")
    stdout, _ = run.communicate(timeout=120)
    try:
        while True:
            said += os.read(leader, 1024)
    except OSError:  # (the terminal closes with the program)
        pass
    os.close(leader)
    words = said.decode()
    assert run.returncode == 0, words
    assert f"Nothing was written: {out} is kept as it was" in words
    assert "dealer-app report:" not in words and "--force" not in words.split("Replace it?", 1)[1]
    assert stdout == b"" and out.read_bytes() == b"%PDF-1.4 the report filed yesterday"


def test_report_usage_messages_name_the_command_once_and_ask_for_the_record(record, tmp_path, capsys):
    assert main(["report", "--hand", "1-1", "--out", str(tmp_path / "r.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dealer-app report: ") and "--db RECORD" in err and "--database URL" in err
    assert (
        main(
            [
                "report",
                "--db",
                str(record),
                "--database",
                "postgresql://x@h/db",
                "--hand",
                "1-1",
                "--out",
                str(tmp_path / "r.pdf"),
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "report: report:" not in err and err.startswith("dealer-app report: --db RECORD or --database URL")
    assert main(["export", "--format", "phh"]) == 2
    assert "export: export:" not in capsys.readouterr().err
