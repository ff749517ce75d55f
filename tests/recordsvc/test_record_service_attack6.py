"""The sixth attack pass on the installed table, findings 1, 4 and 5, each as it was made: a stdlib
client on the record service's real socket, the dealer's login. One request stopped the service
(a huge number, a lone surrogate); an undo sent under a made-up hand took the floor's void back;
fifty refused floor acts naming Maria were written by the dealer. Each is refused now, in words,
nothing is written, and the service goes on serving."""

from __future__ import annotations

import logging
import socket
import struct
import threading

import pytest

from dealer_app.recordsvc import protocol as p
from dealer_app.recordsvc.server import RecordService
from dealer_app.settings import RECORD_NAME
from dealer_app.ui.words import error_words
from tests.recordsvc.test_record_service_attack3 import call, dealer_socket, dealing_table, rows_of
from tests.recordsvc.test_record_service_attack3 import service as service  # (the fixture)
from tests.recordsvc.test_record_service_attack4 import german as german  # (the fixture)
from tests.support.floor_accounts import MARIA

VOID = ["irregularity", "I-7"]
FOLD = ["deal", 1, ["As", "Kd", "2c"]]  # (hand 3's first input as the window writes it)


def raw_call(raw: socket.socket, body: bytes) -> object:
    """A request whose JSON is written by hand (what ``p.send`` would never send)."""
    raw.sendall(struct.pack(">I", len(body)) + body)
    return p.receive(raw)


def row_count(folder) -> int:
    import sqlite3

    with sqlite3.connect(folder / RECORD_NAME) as db:
        return int(db.execute("SELECT COUNT(*) FROM log").fetchone()[0])


def commit(given: str) -> str:
    """A Commit of one input row under hand 3 (the hand being dealt) holding ``given``."""
    return '{"type": "Commit", "session": SESSION, "parts": [[3, [["input", {"input": ["act", 1, "bet", GIVEN]}]]]]}'.replace(
        "GIVEN", given
    )


# each request as the attack wrote it (SESSION: the table's), and what its refusal names
KILLERS = {
    "a huge session": (f'{{"type": "Hold", "session": {10**30}}}', "an integer beyond"),
    "a huge session asked about": (f'{{"type": "InUse", "session": {10**30}}}', "an integer beyond"),
    "a session past 2**31": (f'{{"type": "Hold", "session": {2**31}}}', "Hold: session is not a number 0"),
    "a negative session": ('{"type": "Hold", "session": -1}', "Hold: session is not a number 0"),
    "a hand past 2**31": (f'{{"type": "Commit", "session": SESSION, "parts": [[{2**31}, []]]}}', "a commit's part is"),
    "a huge hand": (f'{{"type": "Commit", "session": SESSION, "parts": [[{2**64}, []]]}}', "an integer beyond"),
    "a row holding a lone surrogate": (commit('"\\ud800"'), "text that is no UTF-8 text"),
    "a floor name holding one": (
        '{"type": "ConfirmFloor", "name": "Maria\\ud800", "passphrase": "wrong"}',
        "text that is no UTF-8 text",
    ),
    "NaN": (commit("NaN"), "a number that is not finite: NaN"),
    "1e400": (commit("1e400"), "a number that is not finite: 1e400"),
    "5000 digits": (commit("9" * 5000), "an integer beyond"),
    "nested 100,000 deep": ('{"type": "Hold", "session": ' + "[" * 100_000 + "}", "nested too deep"),
}


@pytest.mark.parametrize("what", list(KILLERS))
def test_one_request_no_longer_stops_the_service(tmp_path, service, what):
    session = dealing_table(service)
    before = row_count(service.folder)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    body, words = KILLERS[what]
    body = body.replace("SESSION", str(session))
    reply = raw_call(raw, body.encode())
    assert isinstance(reply, p.Refused) and reply.what == p.PROTOCOL, reply
    assert str(reply.says).startswith("not a record service request: ") and words in str(reply.says), reply
    raw.close()
    # the service serves on: another connection is answered, and nothing was written
    assert service.process.poll() is None
    other = dealer_socket(service)
    assert isinstance(call(other, p.Hello()), p.Record)
    assert call(other, p.Check()) == p.Failing([])
    other.close()
    assert row_count(service.folder) == before


def test_an_undo_under_another_hand_than_the_one_dealt_is_refused(tmp_path, service):
    """The attack: an input planted under hand 7, the floor voids hand 3 (the hand being dealt),
    then an undo 'of the fold' under hand 7. The service folded the undo by the hand number
    sent (it took the fold back); the readers fold in row order (it takes the floor's void back)."""
    session = dealing_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    before = row_count(service.folder)
    reply = call(raw, p.Commit(session, [[7, [["input", {"input": FOLD}]]]]))
    assert isinstance(reply, p.Refused)
    assert str(reply.says) == (
        f"table session {session}, hand 7: the input row is refused: hand 3 is being dealt "
        "(an input or an undo belongs to the hand being dealt)"
    )
    assert row_count(service.folder) == before
    # the hand being dealt takes its inputs; the floor voids it
    assert isinstance(call(raw, p.Commit(session, [[3, [["input", {"input": FOLD}]]]])), p.Committed)
    assert isinstance(call(raw, p.ConfirmFloor(*MARIA)), p.FloorConfirmed)
    signed = {"role": "floor", "name": "Maria"}
    assert isinstance(
        call(raw, p.Commit(session, [[3, [["irregularity", {"input": VOID, "by": signed}]]]])), p.Committed
    )
    before = row_count(service.folder)
    reply = call(raw, p.Commit(session, [[7, [["undo", {"input": FOLD}]]]]))
    assert isinstance(reply, p.Refused)
    assert str(reply.says) == (
        f"table session {session}, hand 7: the undo row is refused: hand 3 is being dealt "
        "(an input or an undo belongs to the hand being dealt)"
    )
    # under the hand being dealt, the undo's claim is compared with what the fold takes back
    reply = call(raw, p.Commit(session, [[3, [["undo", {"input": FOLD}]]]]))
    assert isinstance(reply, p.Refused) and "the hand's last input is the floor's void (I-7): refused" in str(
        reply.says
    )
    assert row_count(service.folder) == before and rows_of(service.folder, session, "undo") == []
    # between hands (a table whose last hand ended) no input at all is written
    assert call(raw, p.Check()) == p.Failing([])
    raw.close()


def test_an_input_between_hands_is_refused(tmp_path, service):
    from tests.recordsvc.test_record_service_attack3 import dealt_table

    session = dealt_table(service)  # (two hands dealt and ended: none is being dealt)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    before = row_count(service.folder)
    reply = call(raw, p.Commit(session, [[99, [["input", {"input": FOLD}]]]]))
    assert isinstance(reply, p.Refused)
    assert str(reply.says) == (
        f"table session {session}, hand 99: the input row is refused: no hand is being dealt "
        "(an input or an undo belongs to the hand being dealt)"
    )
    assert row_count(service.folder) == before
    raw.close()


def test_a_refused_floor_act_sent_by_a_window_is_refused(tmp_path, service):
    """The attack: fifty 'wrong passphrase' tries by Maria she never made, sent by the dealer
    (Commit, and the floor console's AppendFloorRows). The service records refused floor acts
    itself (it checks the passphrases)."""
    session = dealing_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    fake = ["floor_refused", {"by": {"role": "floor", "name": "Maria"}, "reason": "wrong passphrase"}]
    words = "a refused floor act is recorded by the record service itself, not sent to it: refused"
    for request in (p.Commit(session, [[3, [fake] * 50]]), p.AppendFloorRows(session, 3, [fake])):
        reply = call(raw, request)
        assert isinstance(reply, p.Refused) and str(reply.says) == words, reply
    assert rows_of(service.folder, session, "floor_refused") == []
    # a wrong passphrase tried here is recorded, by the service
    reply = call(raw, p.ConfirmFloor(MARIA[0], "not her passphrase"))
    assert isinstance(reply, p.Refused) and reply.floor_row is None
    (recorded,) = rows_of(service.folder, session, "floor_refused")
    assert recorded["by"]["name"] == "Maria"
    raw.close()


class _FaultyService(RecordService):
    """A service with a fault of its own on one request (the test's: ``Check`` divides by zero)."""

    def _answer(self, peer, request):
        if isinstance(request, p.Check):
            return 1 // 0
        return super()._answer(peer, request)


def test_a_fault_of_the_service_is_answered_logged_and_it_serves_on(tmp_path, caplog):
    path = tmp_path / "record.sock"
    served = _FaultyService(path, tmp_path)
    thread = threading.Thread(target=served.serve_forever)
    thread.start()
    try:
        raw = socket.socket(socket.AF_UNIX)
        raw.connect(str(path))
        with caplog.at_level(logging.ERROR, logger="dealer_app.recordsvc"):
            reply = call(raw, p.Check())
        assert isinstance(reply, p.Refused) and reply.what == p.RECORD
        assert (
            str(reply.says)
            == "the request could not be handled (ZeroDivisionError: integer division or modulo by zero)"
        )
        (logged,) = [r for r in caplog.records if "could not be handled" in r.getMessage()]
        assert logged.exc_info is not None and logged.exc_info[0] is ZeroDivisionError  # (its traceback)
        # the same connection, and the service, are served on
        assert isinstance(call(raw, p.Hello()), p.Record)
        raw.close()
    finally:
        served.stop()
        thread.join(timeout=10)
        served.close()


def test_the_new_refusals_are_said_in_german(tmp_path, service, german):
    session = dealing_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    reply = call(raw, p.Commit(session, [[7, [["undo", {"input": FOLD}]]]]))
    assert isinstance(reply, p.Refused)
    assert error_words(reply.says) == (
        f"Tischsitzung {session}, Spiel 7: die Zeile undo ist abgelehnt: gegeben wird Spiel 3 "
        "(eine Eingabe oder ein Rückgängigmachen gehört zum laufenden Spiel)"
    )
    fake = ["floor_refused", {"by": {"role": "floor", "name": "Maria"}, "reason": "wrong passphrase"}]
    reply = call(raw, p.Commit(session, [[3, [fake]]]))
    assert isinstance(reply, p.Refused)
    assert error_words(reply.says) == (
        "Eine abgelehnte Floor-Handlung trägt der Dienst des Spielprotokolls selbst ein, "
        "sie wird ihm nicht geschickt: abgelehnt"
    )
    raw.close()
