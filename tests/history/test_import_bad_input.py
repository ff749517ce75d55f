"""Bad hand histories: each gets a clear message naming the file, the hand and the line."""

from dealer_app.history.importers import Refusal, import_file
from dealer_app.history.reading import replay_files
from dealer_app.history.verdict import verdict
from tests.support.data import FPDB

SRC = FPDB / "cash" / "Stars" / "Stud" / "7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt"
TEXT = SRC.read_text(encoding="utf-8-sig")


def write(tmp_path, text, name="hand.txt"):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def line_of(text, needle):
    return next(i + 1 for i, line in enumerate(text.splitlines()) if needle in line)


def test_truncated_file_says_where_the_hand_stops(tmp_path):
    cut = TEXT[: TEXT.index("*** 5th STREET ***")]
    f = write(tmp_path, cut)
    (imp,) = import_file(f)
    v = verdict(imp)
    assert not v["agrees"]
    last = cut.rstrip().count("\n") + 1
    assert any("ends before the hand does" in p and f"{f}#30506593746:{last}:" in p for p in v["problems"]), v[
        "problems"
    ]


def test_garbage_and_empty_files_are_refused(tmp_path):
    for text in ("this is not a hand history\n", ""):
        (r,) = import_file(write(tmp_path, text))
        assert isinstance(r, Refusal) and "not a hand history this app reads" in str(r)
    reports = replay_files([str(write(tmp_path, "garbage ]]] ["))])
    assert reports[0]["errors"]


def test_unknown_card_names_the_line(tmp_path):
    bad = TEXT.replace("Dealt to Player5 [Jd]", "Dealt to Player5 [Jx]")
    f = write(tmp_path, bad)
    (r,) = import_file(f)
    assert isinstance(r, Refusal)
    assert r.line == line_of(bad, "[Jx]") and "unknown card code 'Jx'" in str(r) and str(f) in str(r)


def test_two_players_with_the_same_card(tmp_path):
    bad = TEXT.replace("Dealt to Player5 [Jd]", "Dealt to Player5 [Jh]")  # Player7's door is Jh
    f = write(tmp_path, bad)
    (imp,) = import_file(f)
    v = verdict(imp)
    problem = next(p for p in v["problems"] if "already seen" in p)
    assert "card J♥ is already seen" in problem and f"{f}#30506593746:" in problem


def test_chips_that_do_not_add_up(tmp_path):
    bad = TEXT.replace("Player7: calls $0.02", "Player7: calls $0.03", 1)
    f = write(tmp_path, bad)
    (imp,) = import_file(f)
    v = verdict(imp)
    line = line_of(bad, "Player7: calls $0.03")
    assert any(p.startswith(f"line {line}: Player7 put in 3, the engine 2") for p in v["problems"]), v["problems"]


def test_wrong_total_pot_is_a_disagreement(tmp_path):
    bad = TEXT.replace("Total pot $0.56 | Rake $0.02", "Total pot $0.66 | Rake $0.02")
    (imp,) = import_file(write(tmp_path, bad))
    v = verdict(imp)
    assert any("total pot: server 66, engine 56" in p for p in v["problems"])


def test_check_command_prints_agrees_or_each_disagreement(tmp_path, capsys):
    from dealer_app.cli import main

    good = write(tmp_path, TEXT, "good.txt")
    bad = write(tmp_path, TEXT.replace("Player7: calls $0.02", "Player7: calls $0.03", 1), "bad.txt")
    assert main(["replay", "--check", str(good)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{good}#30506593746: agrees",
        "1 agree, 0 disagree, 0 not replayed",
    ]
    assert main(["replay", "--check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "1 disagreement(s)" in out and "put in 3, the engine 2" in out
