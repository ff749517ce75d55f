"""Hands on every core give exactly what one process gives: the same lines, in the same
order, with the same file lines in every message — a large .phhs cut into units included."""

import pytest

from dealer_app.cli import main
from dealer_app.history import batch, cutting, sources
from tests.support.data import PHH_CORPUS

STUD = [p for p in sorted(PHH_CORPUS.glob("*.phh")) if "F7S" in p.read_text().split("\n", 1)[0]]


@pytest.fixture
def tiny_units(monkeypatch):
    """Units of three hands and files of any size cut, so a small input has many units."""
    monkeypatch.setattr(cutting, "HANDS_PER_UNIT", 3)
    monkeypatch.setattr(batch, "FILES_PER_UNIT", 2)
    monkeypatch.setattr(cutting, "SPLIT_FROM_BYTES", 0)


def phhs(tmp_path):
    """A .phhs of the corpus's stud hands, one of them broken near the end, plus Razz."""
    parts = [f"[{i}]\n{p.read_text()}\n" for i, p in enumerate([*STUD, PHH_CORPUS / "20.phh"], 1)]
    parts[-3] = parts[-3].replace("'p4 cc'", "'p4 jumps'", 1).replace("'p5 cc'", "'p5 jumps'", 1)
    f = tmp_path / "many.phhs"
    f.write_text("".join(parts))
    return f


@pytest.mark.parametrize(
    "command", [["replay", "--check"], ["replay", "--json"], ["replay"], ["export"], ["export", "--format", "text"]]
)
def test_two_jobs_print_what_one_job_prints(tmp_path, capsys, tiny_units, command):
    f = phhs(tmp_path)
    args = [*command, str(f), str(STUD[0]), str(STUD[1]), str(tmp_path / "missing.phh")]
    one = main([*args, "--jobs", "1"]), capsys.readouterr()
    two = main([*args, "--jobs", "2"]), capsys.readouterr()
    assert one == two
    assert one[0] == 1  # the broken hand and the missing file are named, in both


def test_units_cut_a_large_file_between_its_hands(tmp_path, tiny_units):
    f = phhs(tmp_path)
    units = list(batch.work_units([f]))
    assert len(units) == -(-(len(STUD) + 1) // 3) and all(u[0] == "range" for u in units)
    hands = [h for u in units for h in sources.unit_items(u)]
    assert [h.source for h in hands] == [f"{f}#{i}" for i in range(1, len(STUD) + 2)]
    whole = f.read_text().splitlines()
    for h in hands:  # every action's line is its line in the whole file
        for action, line in zip(h.actions, h.lines, strict=True):
            assert f"'{action}'" in whole[line - 1]


def test_two_jobs_write_the_files_one_job_writes(tmp_path, capsys, tiny_units):
    f = phhs(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    (other / STUD[0].name).write_text(STUD[0].read_text())  # a second input of the same name
    inputs = [str(f), str(STUD[0]), str(other / STUD[0].name)]
    for jobs in ("1", "2"):
        main(["export", "--out", str(tmp_path / f"out{jobs}"), "--jobs", jobs, *inputs])
    capsys.readouterr()
    one, two = ({p.name: p.read_text() for p in (tmp_path / f"out{j}").iterdir()} for j in ("1", "2"))
    assert one == two and f"{STUD[0].stem}-2.phh" in one and f"many-{len(STUD)}.phh" in one


def test_hand_starts_are_found_in_blocks_as_line_by_line(tmp_path):
    """The units' boundaries are searched a block at a time: every block size finds exactly the
    lines a line-by-line reading takes for hand headers, with their line numbers, whatever
    line endings, comments and near-headers the file has."""
    import re

    text = phhs(tmp_path).read_bytes()
    text = text.replace(b"\n[2]\n", b"\r\n[2]  # two\r\n").replace(b"\n[4]\n", b"\n[a.b]\n[ 4 ]\t\n")
    f = tmp_path / "odd.phhs"
    f.write_bytes(text + b"\n[99]")  # a header on the last line, with no newline
    header = re.compile(rb"\[[ \t]*[A-Za-z0-9_-]+[ \t]*\][ \t]*(?:#[^\n]*)?\r?\n?$")
    expected, offset = [], 0
    with open(f, "rb") as lines:  # (a binary file's lines end at \n only, as the search's do)
        numbered = list(enumerate(lines, 1))
    for number, line in numbered:
        if line[:1] == b"[" and header.match(line):
            expected.append((offset, number))
        offset += len(line)
    assert len(expected) >= 5
    for block_size in (1, 7, 100, 1 << 20):
        assert list(cutting._hand_starts(f, block_size)) == [*expected, (len(text) + 5, None)], block_size
