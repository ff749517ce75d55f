"""Each floor person is themselves (issue 30, item 4, a table alone): floor acts are made under
a floor account (name + scrypt-hashed passphrase) from a file the package's root keeps; no
account means no floor act (never "the first to try sets it"); a wrong passphrase is refused,
recorded, and the name waits longer after each."""

import io
import json
import os

import pytest

from dealer_app.cli.commands import main
from dealer_app.exit_code import ExitCode
from dealer_app.live.controller import InputError, TableController
from dealer_app.record import floor_accounts
from dealer_app.record.floor_accounts import (
    BACKOFF,
    FloorRefused,
    add_account,
    confirm_floor,
    read_accounts,
    write_accounts,
)
from dealer_app.record.store import Store
from dealer_app.settings import SYSTEM_FLOOR_ACCOUNTS, floor_accounts_path
from tests.support.floor_accounts import MARIA


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("DEALER_APP_CONFIG", str(tmp_path / "config"))
    c = TableController(Store(tmp_path / "hands.sqlite3", anchors=tmp_path / "anchors.txt"))
    c.open_table("stud-1-2", None, [(1, "Ann", 10000), (2, "Bob", 10000), (3, "Cy", 10000), (4, "Di", 10000)])
    c.start_hand()
    for card in ("Kc", "2c", "9h", "Qd"):
        c.enter_card(card)
    return c


def logged(c, kind):
    return [p for _h, k, p, _at in c.store.session_log(c.session_id) if k == kind]


def test_an_account_keeps_a_salted_scrypt_hash_with_its_parameters_never_the_passphrase(tmp_path):
    path = tmp_path / "accounts"
    add_account("Anna Berg", "correct horse battery", path)
    add_account("Ben", "correct horse battery", path)
    text = path.read_text()
    assert "correct horse" not in text
    saved = json.loads(text)["accounts"]
    assert [a["name"] for a in saved] == ["Anna Berg", "Ben"]
    assert all(a["scrypt"] == {"n": 2**14, "r": 8, "p": 1} for a in saved)
    assert saved[0]["salt"] != saved[1]["salt"] and saved[0]["hash"] != saved[1]["hash"]  # (salted)
    assert confirm_floor("anna berg", "correct horse battery", path) == {"role": "floor", "name": "Anna Berg"}
    with pytest.raises(FloorRefused, match="at least 8 characters"):
        add_account("Cleo", "short", path)
    with pytest.raises(FloorRefused, match="already has a floor account"):
        add_account("ANNA BERG", "another passphrase", path)


def test_deleting_the_accounts_file_refuses_every_floor_act_and_sets_nothing(table, floor_accounts, monkeypatch):
    gone = floor_accounts.parent / "deleted-floor-accounts"
    monkeypatch.setenv("DEALER_APP_FLOOR_ACCOUNTS", str(gone))  # the file deleted
    for _ in range(2):  # (the first try once set the PIN: now the second is refused alike)
        with pytest.raises(InputError, match=r"no floor account exists .* floor-account add NAME"):
            table.report_irregularity("I-6", floor=("Mallory", "anything-at-all"))
    assert not gone.exists() and logged(table, "irregularity") == []
    with pytest.raises(InputError, match="no floor account exists"):
        table.report_irregularity("I-6", floor=MARIA)  # Maria too: her account was in the file
    assert table.hand.phase == "bet"


def test_a_wrong_passphrase_is_refused_recorded_and_the_wait_doubles(table, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(BACKOFF, "clock", lambda: now[0])
    waits = []
    for _ in range(4):
        with pytest.raises(InputError, match="wrong floor account name or passphrase") as refused:
            table.report_irregularity("I-6", floor=("Maria", "guess-number-x"))
        waits.append(BACKOFF.wait_left("Maria"))
        assert "recorded" in str(refused.value)
        with pytest.raises(InputError, match="too soon after a refused try: Maria may try again"):
            table.report_irregularity("I-6", floor=MARIA)  # even the right one, before the wait is out
        now[0] += waits[-1]
    assert waits == [1.0, 2.0, 4.0, 8.0]
    assert len(logged(table, "floor_refused")) == 4  # every refused try, none of the early ones
    assert all(
        r == {"by": {"role": "floor", "name": "Maria"}, "reason": "wrong name or passphrase"}
        for r in logged(table, "floor_refused")
    )
    table.report_irregularity("I-6", floor=MARIA)  # the right one: the act, under her name
    assert logged(table, "irregularity")[0]["by"] == {"role": "floor", "name": "Maria"}
    assert BACKOFF.wait_left("Maria") == 0 and "Maria" not in BACKOFF.refusals  # (a success starts over)
    assert "maria-passphrase" not in str(table.store.session_log(table.session_id))


def test_the_wait_is_capped_and_a_name_that_is_no_account_is_refused_alike(tmp_path, monkeypatch):
    now = [0.0]
    monkeypatch.setattr(BACKOFF, "clock", lambda: now[0])
    for _ in range(12):
        with pytest.raises(FloorRefused, match="wrong floor account name or passphrase") as refused:
            confirm_floor("Mallory", "guess-guess")
        assert refused.value.row is not None and refused.value.row.by["name"] == "Mallory"
        now[0] += BACKOFF.wait_left("Mallory")
    assert BACKOFF.refusals["mallory"] == 12 and max(0, BACKOFF.not_before["mallory"] - now[0]) == 0
    assert floor_accounts.LONGEST_WAIT == 300.0 and BACKOFF.refused("Mallory") == 300.0
    assert confirm_floor(*MARIA) == {"role": "floor", "name": "Maria"}  # another name does not wait


def test_the_installed_file_is_roots_and_trusted_only_so(tmp_path, monkeypatch):
    monkeypatch.delenv("DEALER_APP_FLOOR_ACCOUNTS")
    monkeypatch.setattr("dealer_app.settings.running_from_source", lambda: False)
    assert (
        floor_accounts_path() == SYSTEM_FLOOR_ACCOUNTS == type(SYSTEM_FLOOR_ACCOUNTS)("/etc/dealer-app/floor-accounts")
    )
    # a file at that path the dealer's login owns (or may write) vouches for nobody
    mine = tmp_path / "floor-accounts"
    add_account(*MARIA, mine)
    monkeypatch.setattr(floor_accounts, "SYSTEM_FLOOR_ACCOUNTS", mine)
    os.chmod(mine, 0o666)  # others may write it (whoever owns it)
    with pytest.raises(FloorRefused, match="not root's alone"):
        confirm_floor(*MARIA, mine)
    os.chmod(mine, 0o644)
    if os.geteuid() == 0:  # root's, written by root alone: trusted
        assert confirm_floor(*MARIA, mine) == {"role": "floor", "name": "Maria"}
    else:  # the dealer's own file at that path
        with pytest.raises(FloorRefused, match="not root's alone"):
            confirm_floor(*MARIA, mine)


def test_a_file_of_another_user_is_not_written(tmp_path, monkeypatch):
    path = tmp_path / "floor-accounts"
    add_account(*MARIA, path)
    monkeypatch.setattr(os, "geteuid", lambda: os.getuid() + 1)  # as another user than its owner
    with pytest.raises(FloorRefused, match="is not yours"):
        write_accounts(read_accounts(path), path)


def test_the_command_adds_lists_and_removes_accounts(tmp_path, monkeypatch, capsys):
    path = tmp_path / "accounts"
    monkeypatch.setenv("DEALER_APP_FLOOR_ACCOUNTS", str(path))
    monkeypatch.setattr("sys.stdin", io.StringIO("a long floor passphrase\n"))
    assert main(["floor-account", "add", "Anna"]) == ExitCode.OK
    assert confirm_floor("Anna", "a long floor passphrase") == {"role": "floor", "name": "Anna"}
    assert main(["floor-account", "list"]) == ExitCode.OK
    assert capsys.readouterr().out.splitlines()[-1] == "Anna"
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    assert main(["floor-account", "add", "Ben"]) == ExitCode.USAGE
    assert "at least 8 characters" in capsys.readouterr().err
    assert main(["floor-account", "remove", "Anna"]) == ExitCode.OK
    assert read_accounts(path) == {}
    with pytest.raises(FloorRefused, match="no floor account exists"):
        confirm_floor("Anna", "a long floor passphrase")
