"""``--limits DIR`` is handed down to where tables and profiles load, worker processes
included: a table and a profile found only in DIR replay and export on two workers, and no
command puts anything in the environment to get them there."""

from __future__ import annotations

import json
import os
import random
import shutil

import pytest

from dealer_app.cli import main
from dealer_app.engine.limits import BettingRules, load_profile, load_table
from dealer_app.engine.simulate import play_random_hand
from dealer_app.history import batch, cutting
from dealer_app.history.export import hand_to_phh
from dealer_app.settings import limits_dir as default_limits_dir

HANDS = 12


class WatchedEnvironment(dict):
    """``os.environ`` for the length of a test: the same variables, and every change kept."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.changes: list[str] = []

    def __setitem__(self, key, value):
        self.changes.append(f"set {key}")
        super().__setitem__(key, value)

    def __delitem__(self, key):
        self.changes.append(f"del {key}")
        super().__delitem__(key)

    def pop(self, key, *default):
        self.changes.append(f"pop {key}")
        return super().pop(key, *default)

    def setdefault(self, key, default=None):
        if key not in self:
            self.changes.append(f"set {key}")
        return super().setdefault(key, default)

    def update(self, *args, **kwargs):
        self.changes.append("update")
        super().update(*args, **kwargs)

    def clear(self):
        self.changes.append("clear")
        super().clear()


@pytest.fixture
def watched_environment(monkeypatch):
    env = WatchedEnvironment(os.environ)
    monkeypatch.setattr(os, "environ", env)
    return env


@pytest.fixture
def only_here(tmp_path):
    """A limits folder with a table (``stud-only-here``) and a profile (``only-here``) that the
    default folder does not have, and a .phhs of hands played at that table."""
    folder = tmp_path / "limits"
    shutil.copytree(default_limits_dir(), folder)
    profile = (folder / "house" / "us-cardroom.yaml").read_text().replace("name: us-cardroom", "name: only-here")
    (folder / "house" / "only-here.yaml").write_text(profile)
    table = (folder / "stud-10-20.yaml").read_text()
    table = table.replace("name: stud-10-20", "name: stud-only-here").replace(
        "profile: us-cardroom", "profile: only-here"
    )
    (folder / "stud-only-here.yaml").write_text(table)
    assert not (default_limits_dir() / "stud-only-here.yaml").exists()
    t = load_table("stud-only-here", folder)
    rules = BettingRules.build(t, load_profile(t.profile, folder))
    rng = random.Random(28)
    texts = [
        hand_to_phh(play_random_hand(rules, [rng.choice((20000, 40000)) for _ in range(6)], rng), limits_dir=folder)
        for _ in range(HANDS)
    ]
    hands = tmp_path / "only-here.phhs"
    hands.write_text("".join(f"[{i}]\n{text}\n" for i, text in enumerate(texts, 1)))
    return folder, hands, texts


@pytest.fixture
def split(monkeypatch):
    """Units of three hands, and a file of any size cut into them: a small file is split."""
    monkeypatch.setattr(cutting, "HANDS_PER_UNIT", 3)
    monkeypatch.setattr(cutting, "SPLIT_FROM_BYTES", 0)


def test_replay_on_two_workers_reads_the_table_only_the_limits_folder_has(
    only_here, split, watched_environment, capsys
):
    folder, hands, _texts = only_here
    assert len(list(batch.work_units([hands]))) == HANDS // 3  # the file is split among the workers
    before = dict(os.environ)
    watched_environment.changes.clear()  # (pytest's own PYTEST_CURRENT_TEST, set as the test starts)

    assert main(["--limits", str(folder), "replay", "--check", "--jobs", "2", str(hands)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{hands}#{i}: agrees" for i in range(1, HANDS + 1)] + [f"{HANDS} agree, 0 disagree, 0 not replayed"]

    assert main(["--limits", str(folder), "replay", "--json", "--jobs", "2", str(hands)]) == 0
    reports = json.loads(capsys.readouterr().out)["hands"]
    assert [(r["table"], r["profile"], r["errors"]) for r in reports] == [("stud-only-here", "only-here", [])] * HANDS

    assert watched_environment.changes == []
    assert dict(os.environ) == before


def test_export_on_two_workers_writes_the_hands_as_they_were_played(only_here, split, watched_environment, capsys):
    """The export writes a hand's options as they differ from its profile's: the profile is
    read in the worker, from the folder it was handed (without it, every option differs)."""
    folder, hands, texts = only_here
    watched_environment.changes.clear()  # (pytest's own PYTEST_CURRENT_TEST, set as the test starts)
    assert main(["--limits", str(folder), "export", "--jobs", "2", str(hands)]) == 0
    assert capsys.readouterr().out == "".join(f"{text}\n" for text in texts)
    assert watched_environment.changes == []


def test_without_the_folder_the_table_is_unknown(only_here, split, capsys):
    _folder, hands, _texts = only_here
    assert main(["replay", "--check", "--jobs", "2", str(hands)]) == 1
    out = capsys.readouterr().out
    assert f"0 agree, {HANDS} disagree" in out and "unknown house profile 'only-here'" in out
