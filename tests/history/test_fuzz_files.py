"""Hostile files, fuzzed: mutations of the real hand histories and limit tables through the
commands a floor supervisor runs. Whatever the bytes, the answer is a message and an exit
code (0, 1 or 2), never a traceback and never "Unexpected error" (the catch-all that would
hide one). Seeded, so a failure names the mutation that caused it and repeats."""

import random
import shutil

import pytest

from dealer_app.cli import main
from dealer_app.engine.limits import default_limits_dir
from tests.support.data import FPDB, PHH_CORPUS

HISTORIES = sorted(
    p for p in list(FPDB.rglob("*")) + list(PHH_CORPUS.glob("*.phh")) if p.is_file() and p.stat().st_size < 12_000
)
TABLES = sorted(default_limits_dir().glob("*.yaml")) + sorted((default_limits_dir() / "house").glob("*.yaml"))

NASTY = [
    b"inf",
    b".inf",
    b"nan",
    b"1e309",
    b"-5",
    b"$0.001",
    b"0.001",
    b"99999999999999999999",
    b"\n",
    b"\x00",
    b"\xff\xfe",
    b"[",
    b"]",
    b"{",
    b"'",
    b'"',
    b"*** RIVER ***",
    b"Seat 1:",
    b"??",
    b"!!python/object:x",
    b"&a [*a]",
    b"\xe2\x80\xa8",
    b"\r",
    b"#",
    b"p1 cbr 1e400",
    b"d dh p9 AsAs",
]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three mutations a damaged download, a bad editor or a hostile user makes."""
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(7)
        lines = data.split(b"\n")
        if kind == 0 and data:  # cut anywhere, even mid-character
            data = data[: rng.randrange(len(data))]
        elif kind == 1 and len(lines) > 1:  # a line lost
            del lines[rng.randrange(len(lines))]
            data = b"\n".join(lines)
        elif kind == 2 and lines:  # a line twice
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            data = b"\n".join(lines)
        elif kind == 3 and data:  # a nasty value in place of a few bytes
            i = rng.randrange(len(data))
            data = data[:i] + rng.choice(NASTY) + data[i + rng.randint(0, 6) :]
        elif kind == 4 and data:  # digits and letters changed
            b = bytearray(data)
            for _ in range(rng.randint(1, 8)):
                b[rng.randrange(len(b))] = rng.choice(b"0123456789AKQJTshdcx-.$ ")
            data = bytes(b)
        elif kind == 5 and len(lines) > 2:  # lines swapped
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif kind == 6:  # re-encoded as UTF-16, sometimes cut odd
            try:
                data = data.decode("utf-8").encode("utf-16")
            except UnicodeDecodeError:
                data = data[::-1]
            if rng.random() < 0.5:
                data = data[: len(data) - 1]
    return data


def run_quietly(capsys, argv) -> int:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (argv, code)
    assert "Unexpected error" not in err and "Traceback" not in out + err, (argv, err[-2000:])
    return code


@pytest.mark.parametrize("seed", range(6))
def test_mutated_hand_histories_never_crash(tmp_path, capsys, seed):
    rng = random.Random(seed)
    for n in range(50):
        source = rng.choice(HISTORIES)
        f = tmp_path / f"m{n}{source.suffix}"
        f.write_bytes(mutate(source.read_bytes(), rng))
        command = rng.choice(
            [["replay", "--check"], ["replay", "--json"], ["replay"], ["export"], ["export", "--format", "text"]]
        )
        run_quietly(capsys, [*command, f])


@pytest.mark.parametrize("seed", range(3))
def test_mutated_limit_tables_never_crash(tmp_path, capsys, seed):
    rng = random.Random(100 + seed)
    folder = tmp_path / "limits"
    shutil.copytree(default_limits_dir(), folder)
    for n in range(40):
        source = rng.choice(TABLES)
        target = folder / source.relative_to(default_limits_dir())
        target.write_bytes(mutate(source.read_bytes(), rng))
        run_quietly(capsys, ["check-limits", target])
        if n % 10 == 9:  # the whole damaged folder, as the app and `tables` load it
            run_quietly(capsys, ["--limits", folder, "tables"])
            run_quietly(capsys, ["check-limits", folder])
            phh = rng.choice(sorted(PHH_CORPUS.glob("*.phh")))
            run_quietly(capsys, ["--limits", folder, "replay", "--check", "--table", "stud-10-20", phh])
