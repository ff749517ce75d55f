"""Hostile files (issue 31): endless input, FIFOs, devices, deep and huge YAML, input that is no
hand history, names with control characters, large streams. Each case by name: the command
ends (a timeout, never a hang), says no "Unexpected error" nor a traceback, exits with the
documented code, and its peak memory (``ru_maxrss`` of a child process) stays bounded."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.helpers import close_every_window

ROOT = Path(__file__).resolve().parents[2]
STARS = ROOT / "tests/data/fpdb-regression-test-files/cash/Stars/Stud/7-Stud-USD-0.04-0.08-200911.txt"
SEED = 31

# the command in a child of a child: its peak memory alone is read by the middle process
_MEASURE = (
    "import resource, subprocess, sys\n"
    "p = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, capture_output=True, timeout=60)\n"
    "sys.stdout.write(f'{p.returncode} {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\\n')\n"
    "sys.stdout.write(p.stderr.decode('utf-8', 'replace') + '\\n---\\n')\n"
    "sys.stdout.write(p.stdout.decode('utf-8', 'replace')[-4000:])\n"
)


def dealer(*args, limits: Path | None = None) -> tuple[int, int, str, str]:
    """(exit code, peak memory in MB, stderr, the end of stdout) of ``dealer-app ARGS``."""
    cmd = [sys.executable, "-c", _MEASURE, sys.executable, "-m", "dealer_app"]
    if limits is not None:
        cmd += ["--limits", str(limits)]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DEALER_APP_CONFIG=str(Path(args[-1]).parent / "config"))
    p = subprocess.run(cmd + [str(a) for a in args], capture_output=True, text=True, timeout=90, env=env, cwd=ROOT)
    first, _, rest = p.stdout.partition("\n")
    code, kb = map(int, first.split())
    err, _, out = rest.partition("\n---\n")
    assert "Unexpected error" not in err + out and "Traceback" not in err + out, err[-2000:]
    return code, kb // 1024, err, out


def dealer_here(*args) -> tuple[int, str, str]:
    """(exit code, stderr, stdout) of ``dealer-app ARGS`` run in this process: for the cases
    whose memory is not measured (a child process each costs a third of a second)."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    from dealer_app.cli import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(a) for a in args])
    said = err.getvalue() + out.getvalue()
    assert "Unexpected error" not in said and "Traceback" not in said, said[-2000:]
    return code, err.getvalue(), out.getvalue()


@pytest.fixture
def hostile(tmp_path):
    """A folder of hostile files; its FIFOs are removed afterwards."""
    made: list[Path] = []

    def fifo(name: str) -> Path:
        path = tmp_path / name
        os.mkfifo(path)
        made.append(path)
        return path

    yield tmp_path, fifo
    for path in made:
        path.unlink(missing_ok=True)


ENDLESS = ["/dev/zero", "/dev/urandom"]


@pytest.mark.parametrize("device", ENDLESS)
@pytest.mark.parametrize("command", ["replay", "replay --check", "export", "check-limits"])
def test_endless_input_is_refused_by_name(hostile, device, command):
    folder, _ = hostile
    link = folder / ("endless.yaml" if command == "check-limits" else "endless.txt")
    link.symlink_to(device)
    code, mb, err, out = dealer(*command.split(), link)
    assert code == 1 and f"{link}" in err + out and "is a device" in err + out
    assert mb < 150


@pytest.mark.parametrize("command", ["replay", "export"])
def test_endless_table_is_a_usage_error_said_once(hostile, command):
    folder, _ = hostile
    (folder / "zero.yaml").symlink_to("/dev/zero")
    hand = folder / "hand.txt"
    hand.write_bytes(STARS.read_bytes())
    code, mb, err, _ = dealer(command, "--table", folder / "zero.yaml", hand)
    assert code == 2 and "zero.yaml" in err and "is a device" in err and mb < 150


def test_endless_key_file_is_refused_by_name(hostile):
    folder, _ = hostile
    (folder / "zero.key").symlink_to("/dev/zero")
    code, mb, err, _ = dealer("verify", folder / "no-record.sqlite3", "--key", folder / "zero.key")
    assert code in (1, 2) and "zero.key" in err and "is a device" in err and mb < 150


@pytest.mark.parametrize("command", ["replay", "replay --check", "export"])
def test_fifo_as_input_is_refused_without_waiting(hostile, command):
    _folder, fifo = hostile
    pipe = fifo("hands.txt")
    code, _mb, err, out = dealer(*command.split(), pipe)  # (a hang would be the timeout's failure)
    assert code == 1 and f"{pipe}: is a named pipe (FIFO)" in err + out


def _limits_with(folder: Path, files: dict[str, str | None], fifo) -> Path:
    limits = folder / "limits"
    (limits / "house").mkdir(parents=True)
    for src in (ROOT / "limits").glob("*.yaml"):
        (limits / src.name).write_bytes(src.read_bytes())
    for src in (ROOT / "limits/house").glob("*.yaml"):
        (limits / "house" / src.name).write_bytes(src.read_bytes())
    for name, text in files.items():
        if text is None:
            fifo(f"limits/{name}")
        else:
            (limits / name).write_text(text)
    return limits


DEEP_YAML = {
    "deep-brackets.yaml": "name: x\nseats: " + "[" * 100_000 + "]" * 100_000 + "\n",
    "deep-braces.yaml": "name: x\nseats: " + "{" * 50_000 + "}" * 50_000 + "\n",
    "deep-dashes.yaml": "- " * 20_000 + "x\n",
    "deep-indent.yaml": "a:\n" + "".join(" " * i + "b:\n" for i in range(1, 600)),
    "many-keys.yaml": "".join(f"k{i}: {i}\n" for i in range(500_000)),  # 8 MB
    "fifo.yaml": None,
}


@pytest.mark.parametrize("command", ["check-limits", "tables"])
def test_hostile_limit_tables_are_each_named_and_the_rest_load(hostile, command):
    folder, fifo = hostile
    limits = _limits_with(folder, DEEP_YAML, fifo)
    args = ["check-limits", limits] if command == "check-limits" else ["tables"]
    code, mb, err, out = dealer(*args, limits=limits if command == "tables" else None)
    said = err + out
    assert code == 1
    for name in DEEP_YAML:
        assert f"{limits / name}:" in said, name
    assert said.count("nested more than 32 levels deep") == 4
    assert "many-keys.yaml:1: file: larger than 256 KB" in said and "is a named pipe (FIFO)" in said
    if command == "tables":
        assert "stud-1-2" in out and "house profiles: casinos-austria" in out  # the good tables load
    else:
        good = len(list((ROOT / "limits").glob("*.yaml"))) + len(list((ROOT / "limits/house").glob("*.yaml")))
        assert f"{good} of {good + len(DEEP_YAML)} file(s) valid" in out
    assert mb < 150


NOT_HANDS = {
    "random.txt": lambda rng: bytes(rng.getrandbits(8) for _ in range(200_000)),
    "empty.txt": lambda rng: b"",
    "nul.txt": lambda rng: b"\x00" * 5000,
    "utf32.txt": lambda rng: STARS.read_text(encoding="utf-8")[:2000].encode("utf-32"),
    "bom-only.txt": lambda rng: b"\xef\xbb\xbf",
}


@pytest.mark.parametrize("name", list(NOT_HANDS))
@pytest.mark.parametrize("command", ["replay", "replay --check", "replay --json", "export"])
def test_input_that_is_no_hand_history_exits_1(hostile, name, command):
    folder, _ = hostile
    path = folder / name
    path.write_bytes(NOT_HANDS[name](random.Random(SEED)))
    code, err, out = dealer_here(*command.split(), path)
    assert code == 1 and str(path) in err + out


def test_control_characters_in_a_name_are_escaped(hostile):
    folder, _ = hostile
    path = folder / "evil\x1b[2Jname\x07.txt"
    path.write_bytes(b"no hands here\n")
    for command in (["replay"], ["replay", "--check"], ["export"]):
        code, _mb, err, out = dealer(*command, path)
        assert code == 1 and "\x1b" not in err + out and "\x07" not in err + out
        assert "evil\\x1b[2Jname\\x07.txt" in err + out


def _stars_stream(path: Path, size: int, padding: int = 0) -> None:
    """PokerStars hands to ``size`` bytes, each followed by ``padding`` bytes of blank lines
    (a large stream whose hands are few: quick to replay, as heavy to read)."""
    hand = STARS.read_bytes()
    pad = (b" " * 999 + b"\n") * (padding // 1000)
    with open(path, "wb") as f:
        written = 0
        while written < size:
            f.write(hand + b"\n\n" + pad)
            written += len(hand) + 2 + len(pad)


@pytest.fixture(scope="module")
def streams(tmp_path_factory):
    """A 2 MB and a 20 MB stream of PokerStars hands (made once for the module)."""
    folder = tmp_path_factory.mktemp("streams")
    small, large = folder / "small.txt", folder / "large.txt"
    _stars_stream(small, 2 << 20, padding=1 << 20)
    _stars_stream(large, 20 << 20, padding=1 << 20)
    return small, large


@pytest.mark.parametrize("command", ["replay --check", "replay --json", "export"])
def test_a_large_stream_of_hands_takes_memory_of_a_few(streams, command):
    """Peak memory flat in the stream's size: a 20 MB stream within a few MB of a 2 MB one
    (before, 50 MB took 118 MB with --check, 579 MB with --json)."""
    peaks = []
    for stream in streams:
        code, mb, err, _out = dealer(*command.split(), stream)
        assert code == 0, err[-1000:]
        peaks.append(mb)
    assert peaks[1] < 150 and peaks[1] - peaks[0] < 15, f"{command}: {peaks[0]} MB for 2 MB, {peaks[1]} MB for 20 MB"


def test_a_hand_larger_than_any_hand_is_refused_and_the_rest_replayed(hostile):
    folder, _ = hostile
    big = folder / "one-huge-hand.txt"
    hand = STARS.read_bytes()
    big.write_bytes(hand + b"\n\n" + hand.split(b"\n\n\n")[0] + b"\n" + (b"x" * 999 + b"\n") * 6000 + b"\n\n" + hand)
    code, mb, _err, out = dealer("replay", "--check", big)
    assert code == 1 and "a hand of more than 4 MB" in out and mb < 150
    assert out.count("agrees") >= 2 * hand.count(b"PokerStars Game #") - 1


def test_a_one_line_phh_past_the_bound_is_refused_by_name(hostile):
    folder, _ = hostile
    phh = folder / "one-line.phh"
    with open(phh, "w") as f:  # 20 MB in one document (past the 4 MB bound); before, 50 MB took 1,121 MB
        f.write("variant = 'F7S'\nactions = [" + "'p1 cc', " * (20 << 20 >> 3) + "]\n")
    code, mb, _err, out = dealer("replay", "--check", phh)
    assert code == 1 and f"{phh}" in out and "larger than" in out
    assert mb < 150


@pytest.mark.parametrize("where", ["a folder", "under a file", "an unwritable folder"])
def test_a_group_pdf_that_cannot_be_written_is_named(hostile, monkeypatch, where):
    """``trainees --pdf`` where no PDF can be written (a folder; a path under a file, which
    stops root too; /proc, where even root cannot create a file): exit 1, the file named,
    nothing written — not exit 0 after Qt's "QPainter::begin(): Returned false"."""
    from dealer_app.record.store import Store
    from dealer_app.training.progress import Progress

    folder, _ = hostile
    monkeypatch.setenv("DEALER_APP_CONFIG", str(folder / "config"))
    store = Store(folder / "hands.sqlite3")
    Progress(store.db)
    store.close()
    (folder / "somefile").write_text("not a folder")
    (folder / "a-folder.pdf").mkdir()
    out = {
        "a folder": folder / "a-folder.pdf",
        "under a file": folder / "somefile/x.pdf",
        "an unwritable folder": Path("/proc/dealer-app-group.pdf"),
    }[where]
    code, _mb, err, _ = dealer("trainees", "--db", folder / "hands.sqlite3", "--pdf", out)
    assert code == 1 and f"{out}: the PDF cannot be written" in err, err
    assert not out.is_file() and (folder / "somefile").read_text() == "not a folder"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_export_out_of_a_file_of_repeated_hand_ids_writes_each_hand_once(hostile, jobs):
    """A hand id past a thousand times in one file (the same hand again and again): the export
    goes on to the end, writes each hand once, names the repeats and exits 1 — it stopped
    halfway with exit 2 ("a thousand hands of this name")."""
    folder, _ = hostile
    hands = ["PokerStars Game #" + h for h in STARS.read_text(encoding="utf-8").split("PokerStars Game #")[1:]]
    first, second = hands[0], hands[1]
    ids = [h.split("#", 1)[1].split(":", 1)[0] for h in (first, second)]
    stream = folder / "repeated.txt"
    stream.write_text(first * 1200 + second + first + second, encoding="utf-8")
    out = folder / "out"
    code, _mb, err, _ = dealer("export", "--jobs", jobs, "--out", out, stream)
    assert code == 1, err[-2000:]
    said = f"{stream}: hand {ids[0]} is in the file 1201 times (the same hand): written once, as repeated-{ids[0]}.phh"
    assert said in err
    assert f"hand {ids[1]} is in the file 2 times" in err
    assert "2 hand(s) written, 0 refused, 1201 repeat(s)" in err
    assert sorted(p.name for p in out.iterdir()) == [f"repeated-{i}.phh" for i in ids]


@pytest.fixture(scope="module")
def sealed_record(tmp_path_factory):
    """A small record the app wrote, its key and anchors in ``config`` beside it."""
    from tests.support.session_record import ordinary_sessions

    folder = tmp_path_factory.mktemp("anchors")
    config = folder / "config"
    config.mkdir()
    before = os.environ.get("DEALER_APP_CONFIG")
    os.environ["DEALER_APP_CONFIG"] = str(config)
    try:
        ordinary_sessions(folder / "record.sqlite3", config / "anchors.txt", hands=2, seed=SEED)
    finally:
        if before is None:
            os.environ.pop("DEALER_APP_CONFIG", None)
        else:
            os.environ["DEALER_APP_CONFIG"] = before
    return folder


def _anchors(folder: Path, kind: str, size: int) -> Path:
    """The record's own anchors file, then ``size`` bytes of ``kind``: this record's seals of
    rows it never had (one hand each), other records' seals and creations, lines that are no
    anchor line, one endless line."""
    real = (folder / "config/anchors.txt").read_text()
    record_id = real.split("record=")[1].split()[0]
    at, digest = "2026-12-04T21:45:07.362+00:00", "ab" * 32
    lines = {
        "seals of rows the record never had": lambda n: (
            f"{at} record={record_id} session={4 + n // 50} hand={n} "
            f"row={1000 + n} seq={n} kind=hand_end seal=G67S-GK64 "
            f"hash={digest}\n"
        ),
        "other records": lambda n: (
            f"{at} created record={n:016x} path=/elsewhere/{n}.sqlite3\n"
            if n % 2
            else f"{at} record={n:016x} session=1 hand={n} row={n} seq={n} kind=hand_end seal=G67S-GK64 hash={digest}\n"
        ),
        "no anchor lines": lambda n: f"x{n} not an anchor line at all\n",
    }
    path = folder / f"{kind.replace(' ', '-')}-{size >> 20}MB.txt"
    with open(path, "w") as f:
        f.write(real)
        if kind == "one endless line":
            f.write("y" * size)
            return path
        written, n = 0, 0
        while written < size:
            written += f.write(lines[kind](n))
            n += 1
    return path


@pytest.mark.parametrize(
    "kind", ["seals of rows the record never had", "other records", "no anchor lines", "one endless line"]
)
def test_a_large_anchors_file_takes_memory_of_the_record(sealed_record, kind):
    """``verify --anchors`` on a 20 MB anchors file (before: 50 MB took 243 MB of seals of rows
    the record never had, 704 MB of lines that are no anchor line): read line by line with a
    line bound, only this record's seals kept (those far past its end summed up), the first
    lines that are no anchor line named and the rest counted. Peak memory flat: a 1 MB and a
    20 MB file within a few MB."""
    small, large = (_anchors(sealed_record, kind, size) for size in (1 << 20, 20 << 20))
    peaks = []
    for anchors in (small, large):
        code, mb, err, out = dealer("verify", sealed_record / "record.sqlite3", "--anchors", anchors)
        said = err + out
        if kind == "other records":
            assert code == 0 and "whole: 177 rows" in said, said[-2000:]
        else:
            assert code == 1 and f"{anchors}" in said, said[-2000:]
        if kind == "seals of rows the record never had":
            assert "row 1000, which the record no longer has" in said
        if kind == "no anchor lines":
            assert said.count("not an anchor line") == 20 and "more line(s) that are no anchor line" in said
        if kind == "one endless line":  # (the line after the record's own: its seals and signed heads)
            endless = len((sealed_record / "config/anchors.txt").read_text().splitlines()) + 1
            assert f"{anchors}:{endless}: longer than 4096 bytes, so no anchor line; not read" in said
        peaks.append(mb)
    assert peaks[1] < 100 and peaks[1] - peaks[0] < 10, f"{kind}: {peaks[0]} MB for 1 MB, {peaks[1]} MB for 20 MB"


@pytest.mark.parametrize("what", ["fifo", "/dev/zero", "folder"])
def test_an_anchors_file_that_is_no_file_is_refused_by_name(sealed_record, hostile, what):
    folder, fifo = hostile
    anchors = {"fifo": lambda: fifo("anchors.fifo"), "/dev/zero": lambda: Path("/dev/zero"), "folder": lambda: folder}[
        what
    ]()
    code, _mb, err, _ = dealer(
        "verify", sealed_record / "record.sqlite3", "--anchors", anchors, "--key", sealed_record / "config/record.key"
    )
    assert code == 1 and f"{anchors}: the anchors file cannot be read (is a" in err, err


def test_the_app_starts_on_a_limits_folder_of_hostile_files_and_names_them(hostile, qapp, monkeypatch):
    """The desktop app started (offscreen) on a limits folder holding a FIFO and deeply nested
    YAML (and an 8 MB one): its window is shown, the New Table dialog opens and names each bad
    file, and every good table is offered. (A hang would end the run with a traceback.)"""
    import faulthandler

    from PySide6.QtWidgets import QApplication, QMessageBox

    from dealer_app.engine.limits import load_folder
    from dealer_app.ui.app import run_app
    from dealer_app.ui.new_table_dialog import NewTableDialog

    folder, fifo = hostile
    limits = _limits_with(folder, DEEP_YAML, fifo)
    (folder / "data").mkdir()
    monkeypatch.setenv("DEALER_APP_LIMITS", str(limits))
    monkeypatch.setenv("DEALER_APP_DATA", str(folder / "data"))
    monkeypatch.setenv("DEALER_APP_CONFIG", str(folder / "config"))
    monkeypatch.delenv("DEALER_APP_DATABASE", raising=False)
    said: list[str] = []
    for kind in ("critical", "warning", "information", "question"):
        monkeypatch.setattr(
            QMessageBox,
            kind,
            staticmethod(
                lambda parent, title, text, *a, _kind=kind, **k: (
                    said.append(f"{_kind}: {text}") or QMessageBox.StandardButton.Ok
                )
            ),
        )
    seen: dict = {}

    def exec_app(*args):
        QApplication.processEvents()
        shown = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
        seen["windows"] = [type(w).__name__ for w in shown]
        dialogs = [w for w in shown if isinstance(w, NewTableDialog)]
        if dialogs:
            seen["problems"] = dialogs[0].problems.text()
            seen["problems shown"] = dialogs[0].problems.isVisibleTo(dialogs[0])
            seen["tables"] = [dialogs[0].table_box.itemData(i) for i in range(dialogs[0].table_box.count())]
        close_every_window()
        return 0

    monkeypatch.setattr(QApplication, "exec", exec_app)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # (run_app puts its own: given back)
    faulthandler.dump_traceback_later(120, exit=True)
    try:
        assert run_app(["dealer-app"]) == 0, said
    finally:
        faulthandler.cancel_dump_traceback_later()
    assert "MainWindow" in seen["windows"] and "NewTableDialog" in seen["windows"], (seen, said)
    assert not any("Unexpected error" in s for s in said), said
    for name in DEEP_YAML:
        assert f"{limits / name}:" in seen["problems"], (name, seen["problems"])
    assert seen["problems shown"] and "named pipe" in seen["problems"]
    good = sorted(load_folder(ROOT / "limits").tables)
    assert sorted(seen["tables"]) == good and good
