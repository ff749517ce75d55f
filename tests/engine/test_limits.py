"""Limit tables and house profiles (T-1…T-4, L-1, catalog §10 and §11)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_app.cli import main
from dealer_app.engine.limits import OPTION_VALUES, load_folder, load_profile, load_table, parse_table
from tests.support.helpers import rules

LIMITS = Path(__file__).resolve().parents[2] / "limits"

# catalog §11: table, buy-in, ante, bring-in, small, big (dollars)
FIXED = [
    ("stud-1-2", 20, 0.25, 0.50, 1, 2),
    ("stud-2-4", 20, 0.25, 1, 2, 4),
    ("stud-3-6", 30, 0.25, 1, 3, 6),
    ("stud-4-8", 40, 0.50, 2, 4, 8),
    ("stud-5-10", 50, 0.50, 2, 5, 10),
    ("stud-6-12", 60, 0.50, 3, 6, 12),
    ("stud-8-16", 80, 1, 4, 8, 16),
    ("stud-10-20", 100, 1, 5, 10, 20),
    ("stud-15-30", 150, 2, 7, 15, 30),
    ("stud-20-40", 200, 2, 10, 20, 40),
]


def cents(x):
    return round(x * 100)


@pytest.mark.parametrize("name,buy_in,ante,bring_in,small,big", FIXED)
def test_L1_L2_fixed_tables_match_catalog(name, buy_in, ante, bring_in, small, big):
    t = load_table(name)
    assert (t.game, t.structure, t.seats, t.profile) == ("stud", "fixed", 8, "us-cardroom")
    assert (t.buy_in, t.ante, t.bring_in, t.small_bet, t.big_bet) == tuple(
        map(cents, (buy_in, ante, bring_in, small, big))
    )
    assert all(isinstance(x, int) for x in (t.buy_in, t.ante, t.bring_in, t.small_bet, t.big_bet, t.chip))


@pytest.mark.parametrize("name,top", [("stud-1-3-spread", 300), ("stud-1-5-spread", 500)])
def test_L1_L4_spread_tables(name, top):
    t = load_table(name)
    assert (t.structure, t.buy_in, t.ante, t.bring_in, t.small_bet, t.big_bet) == ("spread", 3000, 25, 100, 100, top)


def test_L1_L5_T1_casinos_austria_split_table():
    t = load_table("casinos-austria-5-10-20")
    assert (t.structure, t.currency, t.ante, t.small_bet, t.big_bet, t.seats, t.profile) == (
        "split",
        "EUR",
        500,
        1000,
        2000,
        7,
        "casinos-austria",
    )
    assert t.min_bet == t.ante  # S2: bets from the ante up to the lower limit


def test_stud8_table():
    t = load_table("stud8-10-20")
    assert (t.game, t.ante, t.bring_in, t.small_bet, t.big_bet) == ("stud8", 100, 500, 1000, 2000)


def test_every_table_and_profile_loads_without_problems():
    cat = load_folder(LIMITS)
    assert cat.problems == []
    assert len(cat.tables) == 26  # 12 stud (2 spread), Casinos Austria, Hi-Lo, 10 Razz, 2 mixed
    assert [n for n, t in cat.tables.items() if t.mixed] == ["horse-stud-4-8", "triple-stud-10-20"]
    assert (cat.tables["triple-stud-10-20"].mix_rotation, cat.tables["horse-stud-4-8"].mix_rotation) == (
        "hands 8",
        "orbit",
    )
    assert set(cat.profiles) == {"us-cardroom", "casinos-austria", "tda-tournament"}


# catalog §10, column by column
PROFILE_VALUES = {
    "us-cardroom": dict(
        burn_before_third=False,
        shortage_procedure="pool-burns",
        first_actor_tiebreak="position",
        max_raises=3,
        heads_up_uncapped="any-round",
        short_allin_reopen="half",
        odd_chip="all-cards",
        common_card_first_actor="sixth-street",
        top_up_to_buy_in=True,
    ),
    "casinos-austria": dict(
        burn_before_third=True,
        shortage_procedure="casinos-austria",
        first_actor_tiebreak="position",
        max_raises=3,
        heads_up_uncapped="last-round",
        short_allin_reopen="half",
        odd_chip="all-cards",
        open_pair_double=True,
        common_card_first_actor="sixth-street",
        top_up_to_buy_in=True,
    ),
    "tda-tournament": dict(
        burn_before_third=False,
        shortage_procedure="tda",
        first_actor_tiebreak="suit",
        max_raises=3,
        heads_up_uncapped="never",
        short_allin_reopen="half",
        odd_chip="best-five",
        open_pair_double=False,
        common_card_first_actor="sixth-street",
    ),
}


@pytest.mark.parametrize("name", PROFILE_VALUES)
def test_profiles_match_catalog_section_10(name):
    p = load_profile(name)
    for option, value in PROFILE_VALUES[name].items():
        assert p.option(option) == value, option
    assert set(p.options) == set(OPTION_VALUES)


def test_T1_profile_player_counts():
    assert (load_profile("us-cardroom").max_players, load_profile("casinos-austria").max_players) == (8, 7)
    assert rules("casinos-austria-5-10-20").max_players == 7


def test_L3_us_cardroom_open_pair_on_for_high_off_for_hilo():
    assert rules("stud-10-20").open_pair_double is True
    assert rules("stud8-10-20").open_pair_double is False


def test_table_may_override_single_options(tmp_path):
    shutil.copytree(LIMITS, tmp_path / "limits")
    p = tmp_path / "limits" / "stud-5-10.yaml"
    p.write_text(p.read_text() + "options:\n  max_raises: 4\n")
    t = parse_table(p)
    assert t.overrides == {"max_raises": 4}


def _broken(tmp_path, text, name="stud-9-18"):
    folder = tmp_path / "limits"
    if not folder.exists():
        shutil.copytree(LIMITS, folder)
    path = folder / f"{name}.yaml"
    path.write_text(text)
    return folder, path


GOOD = (LIMITS / "stud-5-10.yaml").read_text().replace("stud-5-10", "stud-9-18")


@pytest.mark.parametrize(
    "edit,field,problem",
    [
        (("ante: 0.50", "ante: 0.505"), "ante", "more than two decimals"),
        (("structure: fixed", "structure: pot"), "structure", "not one of"),
        (("seats: 8", "seats: 11"), "seats", "2 to 8"),
        (("seats: 8", "seats: true"), "seats", "expected int, got True"),
        (("game: stud", "game: 7"), "game", "expected str, got 7"),
        (("bring_in: 2", "bring_in: 7"), "bring_in", "must not exceed"),
        (("profile: us-cardroom", "profile: vegas"), "profile", "unknown house profile"),
        (("chip: 0.50", "chip: 0.40"), "ante", "multiple of the smallest chip"),
        (("small_bet: 5", "smal_bet: 5"), "smal_bet", "unknown field"),
    ],
)
def test_T2_bad_table_reports_file_line_field(tmp_path, edit, field, problem):
    assert edit[0] in GOOD
    folder, path = _broken(tmp_path, GOOD.replace(*edit))
    cat = load_folder(folder)
    assert "stud-9-18" not in cat.tables
    assert len(cat.tables) == len(list(LIMITS.glob("*.yaml")))  # the other tables still load
    line = [i + 1 for i, text in enumerate(GOOD.replace(*edit).splitlines()) if text.startswith(field + ":")]
    hits = [p for p in cat.problems if p.startswith(f"{path}:") and f": {field}: " in p and problem in p]
    assert hits, cat.problems
    if line:
        assert hits[0].startswith(f"{path}:{line[0]}:")


def test_yaml_syntax_error_names_the_line(tmp_path):
    folder, path = _broken(tmp_path, "name: stud-9-18\ngame: [stud\n")
    cat = load_folder(folder)
    assert any(p.startswith(f"{path}:") and "yaml" in p for p in cat.problems)


def test_bad_profile_option_is_reported(tmp_path):
    folder, _ = _broken(tmp_path, GOOD)
    prof = folder / "house" / "us-cardroom.yaml"
    prof.write_text(prof.read_text().replace("max_raises: 3", "max_raises: 9"))
    cat = load_folder(folder)
    assert any("options.max_raises" in p and "us-cardroom.yaml:" in p for p in cat.problems)


def test_check_limits_command_exit_codes(tmp_path, capsys):
    assert main(["check-limits", str(LIMITS)]) == 0
    assert main(["check-limits", str(LIMITS / "stud-1-2.yaml")]) == 0
    folder, path = _broken(tmp_path, GOOD.replace("seats: 8", "seats: 0"))
    capsys.readouterr()
    assert main(["check-limits", str(folder)]) == 1
    assert main(["check-limits", str(path)]) == 1
    assert f"{path}:" in capsys.readouterr().out


def test_tables_command_lists_every_table(capsys):
    assert main(["tables"]) == 0
    out = capsys.readouterr().out
    for name in ("stud-1-2", "stud-20-40", "stud-1-5-spread", "casinos-austria-5-10-20", "stud8-10-20"):
        assert name in out
    assert "split" in out and "spread" in out and "us-cardroom" in out


def test_console_script_is_installed():
    out = subprocess.run([sys.executable, "-m", "dealer_app", "tables"], capture_output=True, text=True)
    assert out.returncode == 0 and "stud-3-6" in out.stdout
