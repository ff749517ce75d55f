"""The fast PHH reader reads exactly what tomllib reads, or gives the file to tomllib.

Compared on every PHH file of the corpus, on hands our export writes, and on a few hundred
seeded mutations of them (so a reading it accepts but tomllib would refuse, or reads
differently, fails here)."""

import random
import tomllib

from dealer_app.history.phh import iter_phh
from dealer_app.history.phh.fast import read_plain_toml
from tests.history.test_fuzz_files import mutate
from tests.support.data import PHH_CORPUS

CORPUS = [p.read_text(encoding="utf-8") for p in sorted(PHH_CORPUS.glob("*.phh"))]
EXPORTED = (
    'variant = "F7S"\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 0.5\nbig_bet = 10\n'
    "starting_stacks = [100, 100]\n"
    'actions = [\n  "d dh p1 AsKd7c",\n  "d dh p2 2c3d4h",\n  "p2 pb",\n]\nplayers = ["Ann", \'Bob\']\n'
    '_site = "x"\nflag = false\n'
)


def same_as_tomllib(text: str) -> bool:
    """False only if the fast reader accepted ``text`` and read it otherwise than tomllib."""
    fast = read_plain_toml(text)
    if fast is None:
        return True
    try:
        return repr(fast[0]) == repr(tomllib.loads(text))  # (repr: 1, 1.0 and True are not the same)
    except tomllib.TOMLDecodeError:
        return False


def test_the_corpus_is_read_fast_and_as_tomllib_reads_it():
    for text in [*CORPUS, EXPORTED]:
        fast = read_plain_toml(text)
        assert fast is not None  # the plain PHH of the corpus never needs the slow reader
        assert repr(fast[0]) == repr(tomllib.loads(text))


def test_mutations_are_read_as_tomllib_reads_them_or_given_to_it():
    rng = random.Random(5)
    accepted = 0
    for _ in range(600):
        text = mutate(rng.choice([*CORPUS, EXPORTED]).encode(), rng).decode("utf-8", "replace")
        assert same_as_tomllib(text), text
        accepted += read_plain_toml(text) is not None
    assert accepted > 50  # the comparison covered many accepted texts, not only refusals


def test_what_it_leaves_to_tomllib():
    for text in (
        'a = "x\\ty"\n',
        "a = 1 # comment\n",
        "a = {b = 1}\n",
        "a = 007\n",
        "a = 1e5\n",
        "a = 1\na = 2\n",
        "a.b = 1\n",
        'a = """x"""\n',
        "a = 12:30:00\n",
        "a = inf\n",
        "a = +1\n",
    ):
        assert read_plain_toml(text) is None, text


def test_action_lines_are_the_lines_they_stand_on():
    text = "[7]\n" + EXPORTED + "\n[8]\n" + EXPORTED
    hands = list(iter_phh(text, "f.phhs"))
    first = 1 + EXPORTED.splitlines().index('  "d dh p1 AsKd7c",') + 1
    assert hands[0].lines == [first, first + 1, first + 2]
    second = first + len(EXPORTED.splitlines()) + 2
    assert hands[1].lines == [second, second + 1, second + 2] and hands[1].source == "f.phhs#8"


def test_the_shortcuts_for_what_write_phh_writes_read_as_the_general_path(monkeypatch):
    """The layout ``write_phh`` writes has its own quick paths (an array of strings an element a
    line, whole numbers on one line, ``key = [``): they must give the same values and lines as
    the general path, which takes those texts when the quick paths are off."""
    import re

    import dealer_app.history.phh.fast as fast

    rng = random.Random(11)
    ours = [EXPORTED, "[3]\n" + EXPORTED + "\n[4]\n" + EXPORTED, "actions = [\n]\n"]
    texts = CORPUS + ours + [mutate(rng.choice(ours).encode(), rng).decode("utf-8", "replace") for _ in range(1000)]
    quick = [read_plain_toml(text, 5) for text in texts]
    took_it = sum(q is not None and fast._ONE_PER_LINE.search(t) is not None for q, t in zip(quick, texts, strict=True))
    took_it += sum(q is not None and fast._INT_LINE.search(t) is not None for q, t in zip(quick, texts, strict=True))
    for shortcut in ("_ONE_PER_LINE", "_INT_LINE", "_ARRAY_KEY"):
        monkeypatch.setattr(fast, shortcut, re.compile(r"(?!)"))  # matches nothing
    general = [read_plain_toml(text, 5) for text in texts]
    assert [repr(q) for q in quick] == [repr(g) for g in general]
    assert took_it > 160  # the quick paths were compared on many texts, not only the corpus's layout
