"""`dealer-app replay`: the 30 PHH hands of the shared corpus and the JSON contract."""

import json

import pytest

from dealer_app.cli import main
from dealer_app.history.phh import read_phh
from dealer_app.history.reading import replay_files
from dealer_app.history.replay import replay_with_engine
from tests.support.data import PHH_CORPUS, other_game_phh

PHH_DIR = PHH_CORPUS
PHH_FILES = sorted(PHH_DIR.glob("*.phh"), key=lambda p: int(p.stem))
STUD = [p for p in PHH_FILES if read_phh(p)[0].variant in ("F7S", "F7S/8")]


def test_corpus_is_present():
    assert len(PHH_FILES) == 30 and len(STUD) == 20


def _played(path):
    """What was played, read straight from the file: bring-in seat, first actor per street,
    order of shown hands."""
    actions = read_phh(path)[0].actions
    bring_in = next(int(a.split()[0][1:]) for a in actions if a.split()[1] == "pb")
    firsts, street, expect_first = {}, 3, False
    shows = []
    prev_deal = True
    for a in actions:
        parts = a.split()
        if parts[0] == "d":
            if not prev_deal and parts[1] == "dh" and len(parts[3]) in (2, 4):
                pass
            if len(parts[3]) <= 4 and parts[1] in ("dh", "db") and not prev_deal:
                street += 1
            prev_deal = True
            expect_first = True
            continue
        prev_deal = False
        if parts[1] == "sm":
            shows.append(int(parts[0][1:]))
            continue
        if expect_first:
            firsts[street] = int(parts[0][1:])
            expect_first = False
    return bring_in, firsts, shows


@pytest.mark.parametrize("path", STUD, ids=lambda p: p.name)
def test_corpus_hand_replays_legally_and_matches_play(path):
    report = replay_files([str(path)])[0]
    assert report["errors"] == [] and report["illegal"] == []
    assert report["complete"] and report["finishing_stacks_match"] is True
    assert all(d["legal_taken"] for st in report["streets"] for d in st["decisions"])
    bring_in, firsts, shows = _played(path)
    assert report["bring_in"]["seat"] == bring_in
    ours = {st["street"]: st["first_to_act"] for st in report["streets"] if st["decisions"]}
    assert ours == firsts
    if len(shows) >= 2:
        assert report["showdown_order"][: len(shows)] == shows


def test_a_game_not_dealt_here_is_refused_per_hand_with_clear_message(tmp_path):
    razz = [p for p in PHH_FILES if read_phh(p)[0].variant == "FR"]
    other = other_game_phh(tmp_path)
    reports = replay_files([str(other), str(razz[0]), str(STUD[0])])
    assert [r["supported"] for r in reports] == [False, True, True]  # Razz is replayed (issue 29)
    assert "2-7 triple draw" in reports[0]["errors"][0] and str(other) in reports[0]["errors"][0]
    assert reports[1]["errors"] == [] and reports[1]["game"] == "razz" and reports[2]["errors"] == []


CONTRACT_HAND = {"source", "game", "profile", "table", "bring_in", "streets", "showdown_order", "pots", "net"}
CONTRACT_STREET = {"street", "first_to_act", "rules", "deal", "decisions"}
CONTRACT_DEAL = {"burn", "reshuffle_burns", "common_card", "stub_after"}
CONTRACT_DECISION = {"seat", "legal", "taken", "legal_taken", "rules"}


def test_json_contract(capsys):
    path = PHH_DIR / "48.phh"
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (hand,) = data["hands"]
    assert set(hand) >= CONTRACT_HAND
    assert (hand["source"], hand["game"], hand["profile"], hand["table"]) == (str(path), "stud8", "us-cardroom", None)
    assert hand["bring_in"]["seat"] == 3 and hand["bring_in"]["rules"][0] == "B-2"
    streets = hand["streets"]
    assert [s["street"] for s in streets] == [3, 4, 5, 6, 7]
    for s in streets:
        assert set(s) >= CONTRACT_STREET and set(s["deal"]) >= CONTRACT_DEAL
        for d in s["decisions"]:
            assert set(d) >= CONTRACT_DECISION
    third = streets[0]
    assert (third["first_to_act"], third["rules"]) == (3, ["A-1"])
    assert third["deal"] == {"burn": False, "reshuffle_burns": False, "common_card": False, "stub_after": 37}
    first = third["decisions"][0]
    assert first["legal"] == [{"action": "bring_in", "to": 75000}, {"action": "complete", "to": 250000}]
    assert first["taken"] == {"action": "bring_in", "to": 75000} and first["legal_taken"] is True
    assert third["decisions"][2]["taken"] == {"action": "complete", "to": 250000}
    assert third["decisions"][3]["taken"] == {"action": "raise", "to": 500000}
    assert streets[1]["deal"]["stub_after"] == 34 and streets[1]["deal"]["burn"] is True
    assert hand["showdown_order"] == [1, 5]
    assert hand["pots"][0]["amount"] == 4825000 and hand["pots"][0]["eligible"] == [1, 5]
    assert hand["pots"][0]["winners"] == {"1": 2412500, "5": 2412500}
    assert hand["net"] == {"1": 112500, "2": -50000, "3": -125000, "4": -50000, "5": 112500}


def test_text_output_reads_like_a_dealer(capsys):
    assert main(["replay", str(PHH_DIR / "48.phh")]) == 0
    out = capsys.readouterr().out
    assert "Seat 3 brings in: lowest door card, 2♥ — B-2" in out
    assert "two pair, aces and tens" in out and "8-7-4-3-A low" in out


def test_profile_and_table_flags_and_fields(tmp_path):
    src = (PHH_DIR / "10.phh").read_text()
    f = tmp_path / "t.phh"
    f.write_text(src + "\n_profile = 'tda-tournament'\n")
    assert replay_files([str(f)])[0]["profile"] == "tda-tournament"
    assert replay_files([str(f)], profile="casinos-austria")[0]["profile"] == "casinos-austria"


def test_table_amounts_apply_with_table_flag(tmp_path):
    f = tmp_path / "t.phh"
    f.write_text(
        "variant = 'F7S'\nantes = [100, 100, 100]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n"
        "starting_stacks = [10000, 10000, 10000]\n"
        "actions = ['d dh p1 ????Kd', 'd dh p2 ????7c', 'd dh p3 ????As', 'p2 pb', 'p3 cbr 1000', "
        "'p1 f', 'p2 f']\n"
    )
    r = replay_files([str(f)], table="stud-10-20")[0]
    assert r["table"] == "stud-10-20" and r["errors"] == []
    assert r["streets"][0]["decisions"][0]["taken"] == {"action": "bring_in", "to": 500}
    assert r["net"] == {"1": -100, "2": -600, "3": 700}


def test_common_card_in_phh(tmp_path):
    doors = ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"]
    acts = [f"d dh p{i + 1} ????{d}" for i, d in enumerate(doors)] + ["p1 pb"] + [f"p{i} cc" for i in range(2, 9)]
    for street in ("d", "h", "s"):
        acts += [f"d dh p{i + 1} {r}{street}" for i, r in enumerate("23456789")]
        acts += [f"p{s} cc" for s in (8, 1, 2, 3, 4, 5, 6, 7)]
    acts += ["d db Ts"] + [f"p{s} cc" for s in (8, 1, 2, 3, 4, 5, 6, 7)]
    f = tmp_path / "cc.phh"
    f.write_text(
        "variant = 'F7S'\nantes = [1]*8\n".replace("[1]*8", "[" + ", ".join(["1"] * 8) + "]")
        + "bring_in = 2\nsmall_bet = 4\nbig_bet = 8\nstarting_stacks = ["
        + ", ".join(["1000"] * 8)
        + "]\n"
        "actions = " + json.dumps(acts).replace('"', "'") + "\n"
    )
    r = replay_files([str(f)])[0]
    assert r["errors"] == [], r["errors"]
    river = r["streets"][-1]
    assert river["deal"] == {"burn": False, "reshuffle_burns": True, "common_card": True, "stub_after": 3}
    assert river["first_to_act"] == 8 and "D-8" in river["rules"]
    assert "warning" in r["streets"][-2]["deal"]


@pytest.mark.parametrize(
    "content,needle",
    [
        ("this is not toml ][", "not a PHH file"),
        ("variant = 'F7S'\n", "missing field"),
        ("variant = 'F7S'\nantes=[1,1]\nbring_in=2\nsmall_bet=4\nbig_bet=8\n", "starting_stacks"),
        (
            "variant = 'F7S'\nantes=[1,1]\nbring_in=2\nsmall_bet=4\nbig_bet=8\nstarting_stacks=[100,100]\n"
            "actions=['d dh p1 ????Xx']\n",
            "unknown card code",
        ),
        (
            "variant = 'F7S'\nantes=[1,1]\nbring_in=2\nsmall_bet=4\nbig_bet=8\nstarting_stacks=[100,100]\n"
            "actions=['d dh p1 ????Ah', 'd dh p2 ????Ah']\n",
            "already seen",
        ),
        (
            "variant = 'F7S'\nantes=[1,1]\nbring_in=2\nsmall_bet=4\nbig_bet=8\nstarting_stacks=[100,100]\n"
            "actions=['d dh p1 ????Ah', 'd dh p2 ????Kh', 'p1 pb']\n",
            "out of turn",
        ),
        (
            "variant = 'F7S'\nantes=[1,1]\nbring_in=2\nsmall_bet=4\nbig_bet=8\nstarting_stacks=[100,100]\n"
            "actions=['d dh p1 ????Ah', 'd dh p2 ????Kh']\n",
            "ends before the hand does",
        ),
    ],
)
def test_bad_input_names_file_and_problem(tmp_path, content, needle):
    f = tmp_path / "bad.phh"
    f.write_text(content)
    r = replay_files([str(f)])[0]
    assert r["errors"] and needle in " ".join(r["errors"]) and str(f) in r["errors"][0]


def test_I3_illegal_action_reported_and_replay_goes_on(tmp_path):
    f = tmp_path / "ill.phh"
    f.write_text(
        "variant = 'F7S'\nantes=[1,1,1]\nbring_in=2\nsmall_bet=4\nbig_bet=8\nstarting_stacks=[100,100,100]\n"
        "actions=['d dh p1 ????Ah', 'd dh p2 ????2c', 'd dh p3 ????Kh', "
        "'p2 pb', 'p3 cbr 7', 'p1 f', 'p2 f']\n"
    )
    r = replay_files([str(f)])[0]
    assert len(r["illegal"]) == 1 and "7" in r["illegal"][0] and f"{f}:" in r["illegal"][0]
    d = r["streets"][0]["decisions"][1]
    assert d["legal_taken"] is False and d["taken"] == {"action": "complete", "to": 7}
    assert r["complete"] and r["net"] == {"1": -1, "2": -3, "3": 4}
    _report, h = replay_with_engine(read_phh(f)[0])
    ruling = next(e for e in h.events if e.kind == "ruling")
    assert ruling.rules[0] == "I-3" and "applied although refused" in ruling.text


DOLLARS = """variant = 'F7S'
antes = [0.25, 0.25, 0.25]
bring_in = 0.5
small_bet = 1
big_bet = 2
starting_stacks = [20, 20, 20.5]
actions = ['d dh p1 7s8s2c', 'd dh p2 8h9hKd', 'd dh p3 2d3dAh', 'p1 pb', 'p2 cbr 1', 'p3 cbr 2', 'p1 f', 'p2 cc',
 'd dh p2 Kc', 'd dh p3 4d', 'p2 cc', 'p3 cbr 1', 'p2 cc',
 'd dh p2 Qh', 'd dh p3 5d', 'p2 cbr 2', 'p3 cc',
 'd dh p2 Jh', 'd dh p3 Tc', 'p2 cc', 'p3 cc',
 'd dh p2 ??', 'd dh p3 ??', 'p2 cc', 'p3 cbr 2', 'p2 cc',
 'p3 sm 2d3dAh4d5d7dTc', 'p2 sm 8h9hKdKcQhJhTh']
finishing_stacks = [19.25, 28, 13.25]
"""


def test_T2_phh_amounts_with_decimals_are_counted_exactly_and_reported_in_the_files_units(tmp_path):
    # a file written in dollars: the engine counts whole cents (never a float for chips) and
    # the report gives the amounts back as the file wrote them
    path = tmp_path / "dollars.phh"
    path.write_text(DOLLARS)
    report, h = replay_with_engine(read_phh(path)[0])
    assert report["errors"] == [] and report["illegal"] == []
    assert all(type(p.stack) is int for p in h.players) and h.rules.bring_in == 50
    first = report["streets"][0]["decisions"][0]
    assert first["legal"] == [{"action": "bring_in", "to": 0.5}, {"action": "complete", "to": 1}]
    assert first["taken"] == {"action": "bring_in", "to": 0.5}
    assert report["streets"][0]["decisions"][1]["rules"] == ["L-2", "B-6"]  # completing the 0.5 force
    assert report["net"] == {"1": -0.75, "2": 8, "3": -7.25}
    assert report["pots"][0]["amount"] == 15.25 and report["finishing_stacks_match"] is True
    assert "Seat 1 brings in for 0.5" in [e.get("text") for e in report["events"]]


def test_T2_decimals_with_a_limit_table_are_refused_not_truncated(tmp_path):
    path = tmp_path / "dollars.phh"
    path.write_text(DOLLARS)
    report = replay_files([str(path)], table="stud-1-2")[0]
    assert any("20.5 is not a whole number of cents" in e for e in report["errors"])


def test_decimal_hand_exports_in_the_files_units_and_reads_back_the_same(tmp_path):
    from dealer_app.history.export import hand_to_phh

    path = tmp_path / "dollars.phh"
    path.write_text(DOLLARS)
    report, h = replay_with_engine(read_phh(path)[0])
    again = tmp_path / "again.phh"
    again.write_text(hand_to_phh(h))
    text = again.read_text()
    assert "antes = [0.25, 0.25, 0.25]" in text and "units/" not in text
    report2, _ = replay_with_engine(read_phh(again)[0])
    assert report2["net"] == report["net"] and report2["finishing_stacks_match"] is True


def test_decimal_dollars_with_a_currency_read_as_money(tmp_path, capsys):
    path = tmp_path / "dollars.phh"
    path.write_text(DOLLARS + "currency = 'USD'\n")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seat 1: bring in $0.50   [legal: bring in $0.50; complete $1] — B-3" in out
    assert "Net: seat 1 -$0.75, seat 2 +$8, seat 3 -$7.25" in out


def test_a_sites_seat_numbers_are_the_reports(capsys):
    """A floor supervisor compares the report with the history: seat 8 is seat 8 (PHH's
    ``seats`` field), not the fifth player."""
    from dealer_app.cli import main
    from tests.support.data import FPDB

    f = FPDB / "cash" / "Stars" / "Stud" / "7-Stud-USD-0.04-0.08-200911.txt"
    assert main(["replay", str(f)]) == 0
    out = capsys.readouterr().out
    assert "seat 8 (MasterTrini1)" in out and "seat 5 (MasterTrini1)" not in out
