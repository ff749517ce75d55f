"""Every crash cause the hostile-input trials found, one test each, run as a floor supervisor
would: through ``dealer-app``'s commands. Each gets a clear message naming what and where, exit
1 for a problem in the input and 2 for a usage or environment mistake, and never a traceback
(an unexpected error would print "Unexpected error": that is asserted absent every time)."""

import shutil
import sqlite3
import tomllib

import pytest

from dealer_app.cli import main
from dealer_app.engine.errors import EngineError
from dealer_app.engine.limits import default_limits_dir, load_folder, load_profile, load_table
from dealer_app.engine.session import TableSession
from tests.support.data import FPDB, PHH_CORPUS, other_game_phh

STARS = FPDB / "cash" / "Stars" / "Stud" / "7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt"
FTP_UTF16 = FPDB / "cash" / "FTP" / "Mix" / "10Game-6max-USD-2.50-5.201104.Sample.txt"
PHH = PHH_CORPUS / "5.phh"


@pytest.fixture
def run(capsys):
    def run(*argv):
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        assert "Unexpected error" not in err and "Traceback" not in err + out, err
        return code, out, err

    return run


@pytest.fixture
def limits(tmp_path):
    folder = tmp_path / "limits"
    shutil.copytree(default_limits_dir(), folder)
    return folder


# --- encodings and amounts ------------------------------------------------------------------


def test_odd_length_utf16_is_read_up_to_its_last_whole_character(tmp_path, run):
    raw = FTP_UTF16.read_bytes()
    cut = tmp_path / "cut.txt"
    cut.write_bytes(raw[: len(raw) // 2 | 1])  # odd length: cut in the middle of a character
    code, out, _err = run("replay", "--check", cut)
    assert code in (0, 1) and "agree" in out.splitlines()[-1]


def test_utf16_that_does_not_decode_is_refused_by_name(tmp_path, run):
    bad = tmp_path / "bad16.txt"
    bad.write_bytes(b"\xff\xfe" + "Full Tilt".encode("utf-16-le") + b"\x00\xd8\x41\x00")  # a lone surrogate
    code, out, _err = run("replay", "--check", bad)
    assert code == 1 and f"{bad}: cannot be read" in out and "UTF-16" in out


def test_infinite_small_bet_in_a_phh_file(tmp_path, run):
    f = tmp_path / "inf.phh"
    f.write_text(PHH.read_text().replace("small_bet = ", "small_bet = inf\n_was = "))
    code, out, _err = run("replay", f)
    assert code == 1 and "small_bet: inf is not a finite amount" in out


def test_infinite_ante_in_a_limit_table(limits, run):
    path = limits / "stud-1-2.yaml"
    path.write_text(path.read_text().replace("ante: ", "ante: .inf\n#", 1))
    code, out, _err = run("check-limits", path)
    assert code == 1 and f"{path}:" in out and "ante: inf is not a finite amount" in out


def test_huge_buy_in_is_refused(limits, run):
    path = limits / "stud-1-2.yaml"
    path.write_text(path.read_text().replace("buy_in: ", "buy_in: 1e309\n#", 1))
    code, out, _err = run("check-limits", path)
    assert code == 1 and "buy_in: '1e309' is too large an amount" in out


def test_pokerstars_ante_of_a_tenth_of_a_cent(tmp_path, run):
    text = STARS.read_text(encoding="utf-8-sig")
    f = tmp_path / "milli.txt"
    f.write_text(text.replace("posts the ante $0.01", "posts the ante $0.001", 1))
    code, out, _err = run("replay", "--check", f)
    line = next(i + 1 for i, x in enumerate(f.read_text().splitlines()) if "$0.001" in x)
    assert code == 1 and f"line {line}: '0.001' has more than two decimals" in out


# --- export ---------------------------------------------------------------------------------


def test_export_of_a_broken_phh_file_names_it(tmp_path, run):
    f = tmp_path / "broken.phh"
    f.write_text("variant = 'F7S'\nactions = [\n")
    code, _out, err = run("export", f)
    assert code == 1 and f"{f}: not a PHH file" in err and "0 hand(s) written, 1 refused" in err


def test_export_of_a_missing_file_and_of_a_folder(tmp_path, run):
    code, _out, err = run("export", tmp_path / "nope.phh", tmp_path)
    assert code == 1 and f"{tmp_path / 'nope.phh'}: no such file" in err and f"{tmp_path}: is a folder" in err


def test_a_path_that_cannot_be_opened_is_one_unreadable_file_and_the_rest_go_on(tmp_path, run):
    """A name too long for the disk (or a folder that may not be searched) is named, counted
    unreadable, and the other files are still checked: one bad path never stops a day's record."""
    too_long = tmp_path / ("a" * 300 + ".phh")
    code, out, _err = run("replay", "--check", too_long, PHH)
    assert code == 1 and f"{too_long}: cannot be read: " in out and "File name too long" in out
    assert f"{PHH}: agrees" in out and out.rstrip().endswith("1 agree, 0 disagree, 0 not replayed, 1 unreadable")


def test_export_never_overwrites_an_existing_file(tmp_path, run):
    out = tmp_path / "out"
    assert run("export", PHH, "--out", out)[0] == 0
    (written,) = out.iterdir()
    written.write_text("keep me")
    code, _out, err = run("export", PHH, "--out", out)
    assert code == 2 and "already exists from before; nothing was overwritten" in err
    assert written.read_text() == "keep me"


def test_export_out_that_is_a_file(tmp_path, run):
    f = tmp_path / "file"
    f.write_text("x")
    code, _out, err = run("export", PHH, "--out", f)
    assert code == 2 and "exists and is not a folder" in err


def test_export_db_with_a_mistyped_path_creates_nothing(tmp_path, run):
    typo = tmp_path / "hands.sqlite"
    code, _out, err = run("export", "--db", typo)
    assert code == 2 and f"{typo}: no such hand record" in err and not typo.exists()


def test_export_db_that_is_not_a_record(tmp_path, run):
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 50)
    before = junk.read_bytes()
    code, _out, err = run("export", "--db", junk)
    assert code == 1 and "not a hand record" in err and junk.read_bytes() == before


def test_export_db_read_only_record_is_read(tmp_path, run):
    from dealer_app.live.controller import TableController
    from dealer_app.record.store import Store

    db = tmp_path / "rec" / "hands.sqlite3"
    c = TableController(Store(db))
    c.open_table("stud-1-2", None, [(1, "Ann", 10000), (2, "Bob", 10000)])
    c.start_hand()
    c.store.close()
    db.chmod(0o444)
    db.parent.chmod(0o555)
    try:
        code, out, err = run("export", "--db", db)
    finally:
        db.parent.chmod(0o755)
    assert code == 0, err
    assert 'players = ["Ann", "Bob"]' in out


def test_export_exits_1_when_every_hand_was_refused(tmp_path, run):
    code, _out, err = run("export", other_game_phh(tmp_path))
    assert code == 1 and "2-7 triple draw" in err and "0 hand(s) written, 1 refused" in err


def test_limits_folder_that_does_not_exist(tmp_path, run):
    code, _out, err = run("--limits", tmp_path / "nonexistent", "tables")
    assert code == 2 and "no such folder of limit tables" in err


def test_unknown_profile_is_a_usage_error(run):
    code, _out, err = run("replay", PHH, "--profile", "no-such-house")
    assert code == 2 and "unknown house profile 'no-such-house'" in err


# --- YAML the safe loader refuses, or that is no mapping -------------------------------------


@pytest.mark.parametrize(
    "name,text,needle",
    [
        ("unhashable-option", "name: x\noptions: {[a]: 1}\n", "options: found unhashable key"),
        ("complex-key", "? [a, b]\n: 1\n", "a field name must be a plain word"),
        ("recursive-anchor", "name: x\na: &x [*x]\n", "recursive"),
        ("python-object", "name: !!python/object:os.system x\n", "could not determine a constructor"),
        ("not-a-mapping", "- just\n- a list\n", "expected a mapping of fields"),
    ],
)
def test_one_broken_yaml_file_never_stops_the_others(limits, run, name, text, needle):
    (limits / f"{name}.yaml").write_text(text)
    (limits / "house" / f"{name}.yaml").write_text(text)
    catalog = load_folder(limits)
    assert "stud-1-2" in catalog.tables and "us-cardroom" in catalog.profiles
    assert any(f"{name}.yaml:" in p and needle in p for p in catalog.problems), catalog.problems
    code, out, err = run("--limits", limits, "tables")
    assert code == 1 and "stud-1-2" in out and needle in err
    code, out, _err = run("check-limits", limits)
    assert code == 1 and needle in out


def test_unknown_currency_is_refused(limits, run):
    path = limits / "stud-1-2.yaml"
    path.write_text(path.read_text().replace("currency: USD", "currency: GBP"))
    code, out, _err = run("check-limits", path)
    assert code == 1 and "currency: 'GBP' is not one of USD, EUR" in out


# --- player names ---------------------------------------------------------------------------


def test_a_name_with_a_newline_is_refused_at_the_table():
    s = TableSession(load_table("stud-1-2"), load_profile("us-cardroom"))
    with pytest.raises(EngineError, match="control character U\\+000A"):
        s.sit(1, "Mallory\nSeat 9: Mallory ($999 in chips)", 10000)
    with pytest.raises(EngineError, match="at most 32 characters"):
        s.sit(1, "M" * 33, 10000)
    s.sit(1, "Ann-Kathrin Müller", 10000)


def test_a_name_with_a_newline_in_a_file_cannot_forge_lines(tmp_path, run):
    forged = "Mallory\nSeat 9: Mallory ($999 in chips)"
    text = PHH.read_text()
    players = tomllib.loads(text)["players"]
    f = tmp_path / "forged.phh"
    f.write_text(text.replace(f"'{players[0]}'", '"Mallory\\nSeat 9: Mallory ($999 in chips)"', 1))
    assert forged in tomllib.loads(f.read_text())["players"]
    code, out, _err = run("export", "--format", "text", f)
    assert code == 0
    assert not any(line.startswith("Seat 9:") for line in out.splitlines())
    assert "Mallory\\x0aSeat 9" in out
    code, out, _err = run("export", f)  # PHH: the name is one readable TOML value again
    assert code == 0 and forged in tomllib.loads(out)["players"]


# --- what replay says ------------------------------------------------------------------------


def test_check_says_not_replayed_and_counts(tmp_path, run):
    other = other_game_phh(tmp_path)
    code, out, _err = run("replay", "--check", other, PHH_CORPUS / "20.phh", PHH)
    lines = out.splitlines()
    assert f"{other}: not replayed: " in lines[0] and "2-7 triple draw" in lines[0]
    assert lines[1] == f"{PHH_CORPUS / '20.phh'}: agrees"  # Razz is replayed (issue 29)
    assert lines[-1] == "2 agree, 0 disagree, 1 not replayed"
    assert code == 0  # a game this app does not deal is no disagreement


def test_a_hand_that_stops_reports_no_net(tmp_path, run):
    import json

    text = PHH.read_text()
    f = tmp_path / "stops.phh"
    assert "'p4 cc'" in text
    f.write_text(text.replace("'p4 cc'", "'p4 jumps'", 1))
    code, out, _err = run("replay", "--json", f)
    (report,) = json.loads(out)["hands"]
    assert code == 1 and report["net"] == {} and "unknown PHH action" in report["stopped"]
    code, out, _err = run("replay", f)
    assert "Stopped: " in out and "Net:" not in out


def test_a_record_that_is_locked_or_busy_is_still_exported(tmp_path, run):
    """The export reads: a table open in another window (locked, WAL) does not stop it."""
    from dealer_app.live.controller import TableController
    from dealer_app.record.store import Store

    db = tmp_path / "hands.sqlite3"
    c = TableController(Store(db))
    c.open_table("stud-1-2", None, [(1, "Ann", 10000), (2, "Bob", 10000)])
    c.start_hand()
    code, out, err = run("export", "--db", db)
    assert code == 0, err
    assert 'players = ["Ann", "Bob"]' in out
    assert sqlite3.connect(db).execute("SELECT COUNT(*) FROM sessions").fetchone() == (1,)
    c.store.close()


# --- what a hostile walkthrough found -------------------------------------------------------


def _recorded_hand(db):
    from dealer_app.live.controller import TableController
    from dealer_app.record.store import Store

    c = TableController(Store(db))
    c.open_table("stud-1-2", None, [(1, "Ann", 10000), (2, "Bob", 10000)])
    c.start_hand()
    for card in ("Kc", "2h"):
        c.enter_card(card)
    c.store.close()


def test_a_tampered_record_is_not_exported_as_if_nothing_happened(tmp_path, run):
    db = tmp_path / "hands.sqlite3"
    _recorded_hand(db)
    con = sqlite3.connect(db)
    (rid,) = con.execute("SELECT id FROM log WHERE payload LIKE '%Kc%'").fetchone()
    con.execute("UPDATE log SET payload = replace(payload, 'Kc', 'Ac') WHERE id = ?", (rid,))
    con.commit()
    con.close()
    code, out, err = run("export", "--db", db)
    assert code == 1 and f"log row {rid} (input" in err and "does not match its hash" in err
    assert "Ac" not in out and "is not exported" in err


def test_export_db_leaves_nothing_beside_the_record(tmp_path, run):
    db = tmp_path / "hands.sqlite3"
    _recorded_hand(db)
    before = sorted(p.name for p in tmp_path.iterdir())
    assert run("export", "--db", db)[0] == 0
    damaged = tmp_path / "trunc.sqlite3"
    damaged.write_bytes(db.read_bytes()[:3000])
    assert run("export", "--db", damaged)[0] == 1  # (a damaged record: the input's problem, named)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*before, "trunc.sqlite3"])


def test_two_players_may_not_share_a_name():
    from dealer_app.live.controller import InputError, TableController

    with pytest.raises(InputError, match="seat 1 is already called Bob"):
        TableController().open_table("stud-1-2", None, [(1, "Bob", 10000), (2, "bob ", 10000)])


def test_inputs_of_the_same_name_export_to_two_files(tmp_path, run):
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(PHH, other / PHH.name)
    code, _out, err = run("export", "--out", tmp_path / "out", PHH, other / PHH.name)
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [f"{PHH.stem}-2.phh", f"{PHH.stem}.phh"]


def test_replay_exit_code_counts_illegal_actions_not_refused_games(tmp_path, run):
    code, out, _err = run("replay", "--table", "stud-1-2", PHH)
    assert "ILLEGAL" in out and code == 1
    other = other_game_phh(tmp_path)
    assert run("replay", other)[0] == 0  # not replayed, as --check counts it
    code, out, _err = run("replay", other)
    assert "None" not in out and "refused:" in out


@pytest.mark.parametrize("jobs", ["0", "-1", "two"])
def test_jobs_must_be_a_number_of_processes(run, jobs, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["replay", "--jobs", jobs, str(PHH)])
    assert exit_.value.code == 2 and "is not a number of processes" in capsys.readouterr().err


def test_an_exponent_in_a_sites_stakes_is_no_amount(tmp_path, run):
    """ "$1e309" was read as $1 (and a date as the stakes): now the hand is refused by name."""
    f = tmp_path / "e309.txt"
    f.write_text(STARS.read_text(encoding="utf-8-sig").replace("($0.04/$0.08", "($0.04/$1e309", 1))
    code, out, _err = run("replay", "--check", f)
    assert code == 1 and "no stakes in the header" in out and "1 unreadable" in out


# --- what a review of the change found ------------------------------------------------------


def test_a_unicode_digit_in_an_amount_is_named(tmp_path, run):
    f = tmp_path / "sup.phh"
    f.write_text(PHH.read_text().replace("small_bet = ", "small_bet = '2²'\n_was = ", 1))
    code, out, _err = run("replay", "--check", f)
    assert code == 1 and "small_bet: '2²' is not an amount" in out


def test_an_options_table_of_a_phh_file_is_read_with_its_hand(tmp_path, run):
    f = tmp_path / "opt.phh"
    f.write_text(PHH.read_text() + "\n[_options]\nbogus_option = true\n")
    code, out, _err = run("replay", "--check", f)
    assert code == 1 and "unknown house option(s) bogus_option" in out


@pytest.mark.parametrize(
    "field,value,needle",
    [
        ("players", "5", "'players' must be list, not int"),
        ("variant", "['F7S']", "'variant' must be str"),
        ("_options", "'x'", "'_options' must be dict"),
        ("currency", "[1]", "'currency' must be str"),
        ("_profile", "[1]", "'_profile' must be str"),
        ("_table", "[1]", "'_table' must be str"),
        ("hand", "1" * 5000, "not a PHH file"),
    ],
)
def test_a_field_of_the_wrong_type_is_named(tmp_path, run, field, value, needle):
    lines = [line for line in PHH.read_text().splitlines() if not line.startswith(f"{field} =")]
    f = tmp_path / "typed.phh"
    f.write_text("\n".join(lines) + f"\n{field} = {value}\n")
    for command in (["replay", "--check"], ["export"]):
        code, out, err = run(*command, f)
        assert code == 1 and needle in out + err


def test_a_hand_twice_in_a_phhs_is_named(tmp_path, run):
    f = tmp_path / "twice.phhs"
    f.write_text(f"[1]\n{PHH.read_text()}\n[1]\n{PHH.read_text()}\n")
    code, out, _err = run("replay", "--check", f)
    assert code == 1 and "hand [1] appears twice" in out


def test_a_hand_id_never_leaves_the_output_folder(tmp_path, run):
    f = tmp_path / "x.phhs"
    f.write_text(f'["a/../../pwned"]\n{PHH.read_text()}\n["b/c"]\n{PHH.read_text()}\n')
    out = tmp_path / "deep" / "out"
    code, _out, err = run("export", "--out", out, f)
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir()) == ["x-a_.._.._pwned.phh", "x-b_c.phh"]
    assert not list(tmp_path.rglob("pwned.phh"))


def test_a_deleted_last_row_of_a_table_is_found(tmp_path, run):
    db = tmp_path / "hands.sqlite3"
    _recorded_hand(db)
    from dealer_app.live.controller import TableController
    from dealer_app.record.store import Store

    c = TableController(Store(db))
    c.open_table("stud-1-2", None, [(1, "Cy", 10000), (2, "Di", 10000)])
    c.store.close()
    con = sqlite3.connect(db)
    (last_of_first,) = con.execute("SELECT MAX(id) FROM log WHERE session_id = 1").fetchone()
    con.execute("DELETE FROM log WHERE id = ?", (last_of_first,))
    con.commit()
    con.close()
    code, _out, err = run("export", "--db", db)
    assert code == 1 and "table session 1 is not exported" in err
