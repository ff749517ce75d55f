"""Export and round trips: PHH → engine → PHH, text → engine → PHH → engine, engine → text → engine."""

import tomllib

import pytest

from dealer_app.cli import main
from dealer_app.history.export import hand_to_phh, hand_to_text
from dealer_app.history.importers import Refusal, import_file, import_text
from dealer_app.history.phh import PHHHand, read_phh
from dealer_app.history.reading import replay_files
from dealer_app.history.replay import replay_with_engine
from dealer_app.history.verdict import site_rules, verdict
from tests.support.data import FPDB, PHH_CORPUS

PHH_STUD = [h for p in sorted(PHH_CORPUS.glob("*.phh")) for h in read_phh(p) if h.game]
IMPORTED = [i for p in sorted(FPDB.rglob("*.txt")) for i in import_file(p) if not isinstance(i, Refusal)]


def events(hand):
    return [e.as_dict() for e in hand.events]


def reread(text: str) -> PHHHand:
    fields = tomllib.loads(text)
    return PHHHand("exported", fields, fields["actions"], [0] * len(fields["actions"]))


@pytest.mark.parametrize("phh", PHH_STUD, ids=lambda h: h.source.split("/")[-1])
def test_phh_engine_phh_gives_the_same_record(phh):
    _r1, h1 = replay_with_engine(phh)
    text = hand_to_phh(h1)
    fields = tomllib.loads(text)
    assert fields["_profile"] == "us-cardroom" and "_table" not in fields  # no table: file amounts
    _r2, h2 = replay_with_engine(reread(text))
    assert events(h2) == events(h1)
    assert hand_to_phh(h2) == text


@pytest.mark.parametrize("imp", IMPORTED, ids=lambda i: f"{i.site}-{i.hand_id}")
def test_text_engine_phh_engine_and_text_again(imp):
    profile, options = site_rules(imp.site)
    _r1, h1 = replay_with_engine(imp.phh, profile, None, options)
    exported = reread(hand_to_phh(h1, imp.names))
    assert exported.fields.get("_options", {}) == options  # the site's rules travel with the hand
    _r2, h2 = replay_with_engine(exported)
    assert events(h2) == events(h1)
    (back,) = [
        i for i in import_text(hand_to_text(h1, imp.hand_id, names=imp.names), "exported") if not isinstance(i, Refusal)
    ]
    # our own text names its rules: read back, it is judged under them, not PokerStars'
    assert (back.site, back.hand_id) == ("Dealer App", imp.hand_id)
    back_profile, back_options = site_rules(back.site)
    _r3, h3 = replay_with_engine(back.phh, back_profile, None, back_options)
    assert events(h3) == events(h1)
    # (a hand the site dealt against its own rules stays one; a site that lists shown hands
    # in seat order, not showing order, recorded no order to keep)
    if verdict(imp)["agrees"] and (imp.expected.showdown or len(h1.showdown_order) < 2):
        assert verdict(back)["agrees"], verdict(back)["problems"]


def test_table_hand_exports_with_its_table(tmp_path):
    f = tmp_path / "t.phh"
    f.write_text(
        "variant = 'F7S'\nantes = [100, 100, 100]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n"
        "starting_stacks = [10000, 10000, 10000]\n_table = 'stud-1-5-spread'\n"
        "actions = ['d dh p1 ????Kd', 'd dh p2 ????7c', 'd dh p3 ????As', 'p2 cbr 300', 'p3 cbr 700', "
        "'p1 f', 'p2 f']\n"
    )
    r, h = replay_with_engine(read_phh(f)[0])
    assert r["errors"] == [] and r["table"] == "stud-1-5-spread"
    text = hand_to_phh(h)
    assert '_table = "stud-1-5-spread"' in text
    _r2, h2 = replay_with_engine(reread(text))
    assert events(h2) == events(h)


def test_export_command_writes_files_that_replay(tmp_path, capsys):
    src = FPDB / "cash" / "Stars" / "Stud" / "7-StudHL-USD-0.04-0.08-200911.txt"
    assert main(["export", str(src), "--out", str(tmp_path / "phh")]) == 0
    assert main(["export", str(src), "--format", "text", "--out", str(tmp_path / "txt")]) == 0
    phh_files = sorted((tmp_path / "phh").glob("*.phh"))
    assert len(phh_files) == 7 and len(list((tmp_path / "txt").glob("*.txt"))) == 7
    reports = replay_files([str(p) for p in phh_files])
    assert all(r["verdict"]["agrees"] for r in reports)
    capsys.readouterr()
    assert main(["replay", "--check", *map(str, (tmp_path / "txt").glob("*.txt"))]) == 0
    assert capsys.readouterr().out.count(": agrees") == 7


def test_live_table_record_exports(tmp_path):
    from dealer_app.live.controller import TableController
    from dealer_app.record.store import Store

    c = TableController(Store(tmp_path / "hands.sqlite3"))
    c.open_table("stud-5-10", None, [(1, "Ann", 5000), (2, "Bob", 5000), (4, "Dee", 5000)])
    c.start_hand()
    for card in ("Kd", "2c", "Th"):
        c.enter_card(card)
    c.act("bring_in", 200)  # seat 2
    c.act("complete", 500)  # seat 4
    c.act("fold")  # seat 1
    c.act("fold")  # seat 2
    c.finish_hand()
    assert main(["export", "--db", str(tmp_path / "hands.sqlite3"), "--out", str(tmp_path / "out")]) == 0
    (f,) = (tmp_path / "out").glob("*.phh")
    fields = tomllib.loads(f.read_text())
    assert fields["_table"] == "stud-5-10" and fields["seats"] == [1, 2, 4]
    assert fields["players"] == ["Ann", "Bob", "Dee"]
    report = replay_files([str(f)])[0]
    # the table's own seats 1, 2, 4 (the PHH's seats field); seat 4 wins antes 150 + the bring-in
    # 200 + its own 200
    assert report["verdict"]["agrees"] and report["net"] == {"1": -50, "2": -250, "4": 300}


def _written_value_by_value(fields: dict) -> str:
    """``write_phh`` as it is defined: every value, and every string in it, written on its own."""
    from dealer_app.history.phh import _quote

    def value(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v)
        if isinstance(v, str):
            return _quote(v)
        return "[" + ", ".join(map(value, v)) + "]"

    lines = []
    for key, v in fields.items():
        if v is None:
            continue
        if key == "actions":
            lines.append("actions = [\n" + "".join(f"  {_quote(a)},\n" for a in v) + "]")
        else:
            lines.append(f"{key} = {value(v)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "strings",
    [
        [],
        ["p1 cc"],
        ["d dh p1 AsKd7c", "p2 pb"],
        ['p1 sm "x"'],
        ["a\\b"],
        ["Mallory\nSeat 9"],
        ["tab\there"],
        ["ok", "bell\x07"],
        ["\x7f"],
        ["Zoë", "名前"],
        [""],
    ],
)
def test_write_phh_writes_what_each_value_written_alone_would(strings):
    import random

    from dealer_app.history.phh import write_phh

    fields = {
        "variant": "F7S",
        "flag": False,
        "small_bet": 0.5,
        "antes": [1, 1],
        "seats": [True, 2],
        "mixed": [1, "a", 2.5],
        "empty": [],
        "actions": strings,
        "players": strings,
        "skip": None,
        "name": strings[0] if strings else "x",
    }
    assert write_phh(fields) == _written_value_by_value(fields)
    rng = random.Random(len(strings))
    shuffled = rng.sample(strings, len(strings))
    fields["actions"] = fields["players"] = shuffled
    text = write_phh(fields)
    assert text == _written_value_by_value(fields)
    assert tomllib.loads(text)["actions"] == shuffled  # and it reads back as it was


def test_write_phh_writes_actions_given_as_any_sequence_or_iterator():
    from dealer_app.history.phh import write_phh

    lines = ["d dh p1 AsKd7c", "p1 cc"]
    for given in (lines, tuple(lines), iter(lines), (a for a in lines)):
        assert tomllib.loads(write_phh({"variant": "F7S", "actions": given}))["actions"] == lines, type(given)
