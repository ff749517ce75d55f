"""The fourth attack pass on the installed table (issue 30), findings 1, 2 and 6, each as it was
made: a stdlib client on the record service's real socket, the dealer's login. A void (however
it is sent), an undo of one, and a sit row whose stacks it says were confirmed are floor acts:
refused without the floor's passphrase checked on that connection; written from source, each is
named by the readers as an unsigned floor act, never as the floor's."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QApplication

from dealer_app.__main__ import main
from dealer_app.live.controller import TableController
from dealer_app.record.rows import IrregularityRow, SitRow, UndoRow
from dealer_app.record.store import Store
from dealer_app.recordsvc import protocol as p
from dealer_app.settings import RECORD_NAME
from dealer_app.ui.words import error_words
from tests.record.test_record_proves_itself import play_hands
from tests.recordsvc.test_record_service_attack3 import PLAYERS, call, dealer_socket, dealing_table, rows_of
from tests.recordsvc.test_record_service_attack3 import service as service  # (the fixture)
from tests.support.floor_accounts import MARIA
from tests.support.helpers import load_german

VOID = ["irregularity", "I-7"]
FOLD = ["deal", 1, ["As", "Kd", "2c"]]  # (hand 3's first input as the window writes it)
REFUSED = "a floor act by {} whose passphrase the record service did not check: refused"


@pytest.mark.parametrize("kind", ["irregularity", "input", "redo"])
@pytest.mark.parametrize("by", [{"role": "dealer", "name": "Maria"}, {"role": "dealer"}, None])
def test_a_void_by_the_dealer_is_refused_however_it_is_sent(tmp_path, service, kind, by):
    session = dealing_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    row = {"input": VOID, **({"by": by} if by is not None else {})}
    if kind == "redo":  # (a redo follows an undo: else replay refuses it before the floor's check)
        given = [["input", {"input": FOLD}], ["undo", {"input": FOLD}]]
        assert isinstance(call(raw, p.Commit(session, [[3, given]])), p.Committed)
    reply = call(raw, p.Commit(session, [[3, [[kind, row]]]]))
    assert isinstance(reply, p.Refused)
    assert str(reply.says) == REFUSED.format("Maria" if by and "name" in by else "?")
    assert [r for r in rows_of(service.folder, session, kind) if r["input"] == VOID] == []
    assert call(raw, p.Check()) == p.Failing([])
    raw.close()


def test_the_floors_void_is_undone_only_by_the_floor(tmp_path, service):
    session = dealing_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    assert isinstance(call(raw, p.ConfirmFloor(*MARIA)), p.FloorConfirmed)
    signed = {"role": "floor", "name": "Maria"}
    assert isinstance(
        call(raw, p.Commit(session, [[3, [["irregularity", {"input": VOID, "by": signed}]]]])), p.Committed
    )
    # the attack: the dealer takes the floor's void back
    reply = call(raw, p.Commit(session, [[3, [["undo", {"input": VOID}]]]]))
    assert isinstance(reply, p.Refused) and str(reply.says) == REFUSED.format("?")
    reply = call(raw, p.Commit(session, [[3, [["undo", {"input": VOID, "by": {"role": "dealer", "name": "Maria"}}]]]]))
    assert isinstance(reply, p.Refused) and str(reply.says) == REFUSED.format("Maria")
    assert rows_of(service.folder, session, "undo") == []
    # with Maria's passphrase checked here, the undo is hers, signed by the service
    assert isinstance(call(raw, p.ConfirmFloor(*MARIA)), p.FloorConfirmed)
    reply = call(raw, p.Commit(session, [[3, [["undo", {"input": VOID, "by": {"role": "Floor", "name": "MARIA"}}]]]]))
    assert isinstance(reply, p.Committed), reply
    (undo,) = rows_of(service.folder, session, "undo")
    assert undo["by"] == signed
    # an undo of an ordinary input stays the dealer's: the hand's last input is now the fold given
    assert isinstance(call(raw, p.Commit(session, [[3, [["input", {"input": FOLD}]]]])), p.Committed)
    assert isinstance(call(raw, p.Commit(session, [[3, [["undo", {"input": FOLD}]]]])), p.Committed)
    assert len(rows_of(service.folder, session, "undo")) == 2
    raw.close()


def test_an_undo_naming_a_fold_while_the_floors_void_is_in_force_is_refused(tmp_path, service):
    """The attack's variant: the undo claims an ordinary input, so no floor act by its claim,
    while the hand's last input (what replay takes back) is the floor's void."""
    session = dealing_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    assert isinstance(call(raw, p.ConfirmFloor(*MARIA)), p.FloorConfirmed)
    signed = {"role": "floor", "name": "Maria"}
    assert isinstance(
        call(raw, p.Commit(session, [[3, [["irregularity", {"input": VOID, "by": signed}]]]])), p.Committed
    )
    reply = call(raw, p.Commit(session, [[3, [["undo", {"input": FOLD}]]]]))
    assert isinstance(reply, p.Refused), reply
    assert str(reply.says) == (
        f'table session {session}, hand 3: the undo names ["deal", 1, ["As", "Kd", "2c"]] but the hand\'s last '
        "input is the floor's void (I-7): refused"
    )
    # nor in one commit after an input of its own (the undo of it truthful, the second undo naming
    # it again while it takes the void back): after the void no card is dealt, so the input itself
    # does not replay and nothing of the commit is written
    reply = call(
        raw,
        p.Commit(session, [[3, [["input", {"input": FOLD}], ["undo", {"input": FOLD}], ["undo", {"input": FOLD}]]]]),
    )
    assert isinstance(reply, p.Refused) and "the input row does not replay: no cards are being dealt now" in str(
        reply.says
    ), reply
    assert rows_of(service.folder, session, "undo") == []
    # the floor's passphrase does not make a false claim true
    assert isinstance(call(raw, p.ConfirmFloor(*MARIA)), p.FloorConfirmed)
    reply = call(raw, p.Commit(session, [[3, [["undo", {"input": FOLD, "by": signed}]]]]))
    assert isinstance(reply, p.Refused) and "the floor's void (I-7)" in str(reply.says), reply
    # an undo with nothing to undo is refused too (replay could not resume the table)
    # and an undo under another hand than the one being dealt (the sixth attack pass: the service
    # folded it by the hand number sent, the readers in row order)
    reply = call(raw, p.Commit(session, [[7, [["undo", {"input": FOLD}]]]]))
    assert isinstance(reply, p.Refused), reply
    assert str(reply.says) == (
        f"table session {session}, hand 7: the undo row is refused: hand 3 is being dealt "
        "(an input or an undo belongs to the hand being dealt)"
    )
    assert rows_of(service.folder, session, "undo") == []
    assert rows_of(service.folder, session, "input")[-1:] != [{"input": FOLD}]  # (nothing of the refused commit)
    assert isinstance(call(raw, p.Check()), p.Failing)
    raw.close()


@pytest.fixture
def german(qapp):
    translator = QTranslator()
    assert load_german(translator)
    QApplication.installTranslator(translator)
    yield
    QApplication.removeTranslator(translator)


def test_an_undos_refusal_is_said_in_german(tmp_path, service, german):
    """The refusal crosses the socket as a sentence (its parts too): the dealer's German window
    says it all in German, not English words inside a German frame."""
    session = dealing_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    # hand 3 dealt, no input given yet
    reply = call(raw, p.Commit(session, [[3, [["undo", {"input": VOID}]]]]))
    assert isinstance(reply, p.Refused), reply
    assert error_words(reply.says) == (
        f"Tischsitzung {session}, Spiel 3: das Rückgängigmachen nennt die Ungültigerklärung durch den Floor (I-7), "
        "aber in diesem Spiel gibt es keine Eingabe, die rückgängig gemacht werden kann: abgelehnt"
    )
    assert isinstance(call(raw, p.ConfirmFloor(*MARIA)), p.FloorConfirmed)
    signed = {"role": "floor", "name": "Maria"}
    assert isinstance(
        call(raw, p.Commit(session, [[3, [["irregularity", {"input": VOID, "by": signed}]]]])), p.Committed
    )
    reply = call(raw, p.Commit(session, [[3, [["undo", {"input": FOLD}]]]]))
    assert isinstance(reply, p.Refused), reply
    assert error_words(reply.says) == (
        f'Tischsitzung {session}, Spiel 3: das Rückgängigmachen nennt ["deal", 1, ["As", "Kd", "2c"]], aber die letzte '
        "Eingabe des Spiels ist die Ungültigerklärung durch den Floor (I-7): abgelehnt"
    )
    raw.close()


def test_an_undo_naming_another_input_written_from_source_is_named_by_verify(tmp_path, capsys):
    """Run from source the dealer's login writes the record itself: verify names the undo whose
    claimed input is not the one it took back, with its table session, hand and row."""
    folder = tmp_path / "record"
    folder.mkdir()
    store = Store(folder / RECORD_NAME)
    table = TableController(store)
    table.open_table("stud-5-10", None, PLAYERS)
    play_hands(table, 2)
    table.start_hand()
    session = table.session_id
    store.append(session, 3, [IrregularityRow(VOID, {"role": "floor", "name": "Maria"})])
    store.append(session, 3, [UndoRow(FOLD)])
    row = store.last_row_id(session)
    store.close()
    code = main(["verify", str(folder / RECORD_NAME)])
    out, err = capsys.readouterr()
    assert code == 1, out + err
    assert (
        f'table session {session}, hand 3: log row {row}: the undo names ["deal", 1, ["As", "Kd", "2c"]] but the hand\'s '
        "last input is the floor's void (I-7)"
    ) in out, out
    assert out.count("the undo names") == 1, out


def rows_of_store(folder, session: int) -> list[dict]:
    record = Store.read_only(folder / RECORD_NAME)
    try:
        return [pl for _, k, pl, _ in record.session_log(session) if k == "undo"]
    finally:
        record.close()


def test_a_truthful_undo_written_from_source_is_not_named(tmp_path, capsys):
    folder = tmp_path / "record"
    folder.mkdir()
    store = Store(folder / RECORD_NAME)
    table = TableController(store)
    table.open_table("stud-5-10", None, PLAYERS)
    play_hands(table, 2)
    table.start_hand()
    session = table.session_id
    table.enter_card("Kc")  # (the first door card: an input the dealer may take back)
    assert table.undo()  # (the table writes the undo naming its last input)
    store.close()
    assert len(rows_of_store(folder, session)) == 1
    code = main(["verify", str(folder / RECORD_NAME)])
    out, err = capsys.readouterr()
    assert "the undo names" not in out, out
    assert code == 0, out + err


def test_a_sit_with_stacks_confirmed_by_the_dealer_is_refused(tmp_path, service):
    session = dealing_table(service)
    raw = dealer_socket(service)
    assert call(raw, p.Hold(session)) == p.Answer(True)
    dee = {"seat": 4, "name": "Dee", "buy_in": 500000, "confirmed_by": {"role": "dealer", "name": "Maria"}}
    reply = call(raw, p.Commit(session, [[3, [["sit", dee]]]]))
    assert isinstance(reply, p.Refused) and str(reply.says) == REFUSED.format("Maria")
    assert rows_of(service.folder, session, "sit") == [{"seat": s, "name": n, "buy_in": b} for s, n, b in PLAYERS]
    raw.close()


def test_a_void_an_undo_and_confirmed_stacks_written_from_source_are_named_unsigned(tmp_path, capsys):
    """Run from source the dealer's login writes the record itself: verify names each row an
    unsigned floor act."""
    folder = tmp_path / "record"
    folder.mkdir()
    store = Store(folder / RECORD_NAME)
    table = TableController(store)
    table.open_table("stud-5-10", None, PLAYERS)
    play_hands(table, 2)
    table.start_hand()
    session = table.session_id
    store.append(session, 3, [IrregularityRow(VOID, {"role": "dealer", "name": "Maria"})])
    store.append(session, 3, [UndoRow(VOID), IrregularityRow(VOID, {"role": "dealer", "name": "Maria"})])
    store.append(session, 3, [SitRow(4, "Dee", 500000, {"role": "dealer", "name": "Maria"})])
    store.close()
    code = main(["verify", str(folder / RECORD_NAME)])
    out, err = capsys.readouterr()
    assert code == 1, out + err
    assert out.count("an irregularity row claims a floor act under a signature that is not the floor's") == 2, out
    assert "UNSIGNED floor act (role 'dealer', name 'Maria' not checked)" in out
    assert "an undo row claims a floor act" in out
    assert "UNSIGNED floor act (names no one)" in out
    assert "a sit row claims a floor act" in out


def test_an_unsigned_floor_act_that_names_no_one_is_said_so():
    from dealer_app.record.floor_signing import shown_floor_name

    assert shown_floor_name(None) == "UNSIGNED floor act (names no one)"
    assert shown_floor_name({}) == "UNSIGNED floor act (names no one)"
    assert shown_floor_name({"role": "dealer"}) == "UNSIGNED floor act (role 'dealer', no name)"
    assert shown_floor_name({"role": "dealer", "name": "Maria"}) == (
        "UNSIGNED floor act (role 'dealer', name 'Maria' not checked)"
    )
