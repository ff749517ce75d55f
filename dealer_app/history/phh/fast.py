"""A fast reader for the plain TOML that PHH files are written in, with tomllib behind it.

``tomllib`` reads any TOML but is pure Python and took half of ``replay``'s time. PHH hands use
a small part of TOML: ``key = value`` lines, one level of ``[table]`` headers, and values that
are integers, decimals, true/false, strings without escapes, and arrays of those (over several
lines). This module reads exactly that part and gives up (returns None) on anything else — an
escape, a comment after a value, an inline table, a date, a duplicate key, a leading zero —
so the caller falls back to tomllib, which then reads it or says precisely what is wrong.
What it accepts it reads exactly as tomllib does (a test compares the two on the corpus and
on fuzzed files). It also knows the line of every array element, for error messages.
"""

from __future__ import annotations

import re

_KEY = re.compile(r"[A-Za-z0-9_-]+")
_HEADER = re.compile(r"\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\][ \t]*$")
# one scalar at the start of the rest of a line; the float/int forms are TOML's, minus
# what tomllib also takes but is rare in PHH (underscores, exponents, +, inf, nan, hex)
_SCALAR = re.compile(
    r"""'([^'\n]*)'(?!')|"([^"\\\n]*)"(?!")|(true|false)(?![\w.-])"""
    r"""|(-?(?:0|[1-9][0-9]*)\.[0-9]+)(?![\w.:-])|(-?(?:0|[1-9][0-9]*))(?![\w.:-])"""
)
# the usual line, ``key = scalar`` and its end, read by one match (a line it does not fit is
# read piece by piece below)
_SCALAR_LINE = re.compile(r"([A-Za-z0-9_-]+)[ \t]*=[ \t]*(?:" + _SCALAR.pattern + r")[ \t]*(?:\r?\n|\Z)")
_SPACE = re.compile(r"[ \t]*")
_LINE_END = re.compile(r"[ \t]*(?:(\r?\n)|\Z)")
_ARRAY_KEY = re.compile(r"([A-Za-z0-9_-]+)[ \t]*=[ \t]*(?=\[)")
_BLANKS = re.compile(r"(?:[ \t]|\r?\n)*")  # inside an array
# the usual array, of plain double-quoted strings (the actions), read by one match
_BLANK = r"(?:[ \t]|\r?\n)*"
_PLAIN = r'"[^"\\\x00-\x08\x0a-\x1f\x7f]*"'
_STRING_ARRAY = re.compile(rf"\[(?:{_BLANK}{_PLAIN}{_BLANK},)*(?:{_BLANK}{_PLAIN})?{_BLANK}\]")
_PLAIN_STRING = re.compile(r'"([^"]*)"')
# and that array as ``write_phh`` lays it out, an element a line (most files a replay reads)
_ONE_PER_LINE = re.compile(rf"\[\n(?:  {_PLAIN},\n)*\]")
# and of whole numbers (antes, stacks, seats)
_WHOLE = r"-?(?:0|[1-9][0-9]*)"
_INT = _WHOLE + r"(?![\w.:-])"
_INT_ARRAY = re.compile(rf"\[(?:{_BLANK}{_INT}{_BLANK},)*(?:{_BLANK}{_INT})?{_BLANK}\]")
_INT_VALUE = re.compile(r"-?[0-9]+")
_INT_LINE = re.compile(rf"\[(?:{_WHOLE}(?:, {_WHOLE})*)?\]")  # as write_phh writes them
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")  # TOML allows none in a string or comment


class _GiveUp(Exception):
    pass


def read_plain_toml(text: str, first_line: int = 1) -> tuple[dict, dict] | None:
    """(data, {(table, key): [line of each element]}) for plain PHH TOML, else None."""
    if "\r" in text and text.count("\r") != text.count("\r\n"):
        return None  # a lone \r (TOML allows none): tomllib's to judge
    try:
        return _Reader(text, first_line).read()
    except (_GiveUp, ValueError):  # (ValueError: an integer too long for int(): tomllib says so)
        return None


def _scalar_value(literal, basic, boolean, decimal, integer):
    """The value of a ``_SCALAR`` match, from its groups."""
    if literal is not None or basic is not None:
        s = literal if literal is not None else basic
        if _CONTROL.search(s):
            raise _GiveUp
        return s
    if boolean is not None:
        return boolean == "true"
    if decimal is not None:
        return float(decimal)
    return int(integer)


class _Reader:
    def __init__(self, text: str, first_line: int):
        self.text, self.pos, self.line = text, 0, first_line

    def read(self) -> tuple[dict, dict]:
        data: dict = {}
        lines: dict = {}
        table, table_name = data, None
        text = self.text
        while self.pos < len(text):
            c = text[self.pos]
            if c == " " or c == "\t":  # (a line usually starts with its key)
                self._skip_space()
                if self.pos >= len(text):
                    break
                c = text[self.pos]
            if c == "\n" or c == "\r":
                self._newline()
                continue
            if c == "#":
                self._skip_comment()
                continue
            if c == "[":
                end = text.find("\n", self.pos)
                end = len(text) if end < 0 else end
                m = _HEADER.match(text[self.pos : end].rstrip("\r"))
                if not m or m.group(1) in data:
                    raise _GiveUp
                table_name = m.group(1)
                table = data[table_name] = {}
                self.pos = end
                continue
            line = _SCALAR_LINE.match(text, self.pos)
            if line:
                key = line.group(1)
                if key in table:
                    raise _GiveUp
                table[key] = _scalar_value(*line.groups()[1:])
                self.pos = line.end()
                self.line += text[self.pos - 1] == "\n"
                continue
            m = _ARRAY_KEY.match(text, self.pos)
            if m:  # ``key = [``, the usual other line: its array, then the end of its line
                key = m.group(1)
                if key in table:
                    raise _GiveUp
                self.pos = m.end()
                table[key], lines[(table_name, key)] = self._array()
                self._end_of_line()
                continue
            m = _KEY.match(text, self.pos)
            if not m:
                raise _GiveUp
            key = m.group(0)
            self.pos = m.end()
            self._skip_space()
            if text[self.pos : self.pos + 1] != "=" or key in table:
                raise _GiveUp
            self.pos += 1
            self._skip_space()
            if text[self.pos : self.pos + 1] == "[":
                table[key], lines[(table_name, key)] = self._array()
            else:
                table[key] = self._scalar()
            self._end_of_line()
        return data, lines

    # --- pieces ---------------------------------------------------------------------------
    def _skip_space(self):
        self.pos = _SPACE.match(self.text, self.pos).end()

    def _newline(self):
        if self.text.startswith("\r\n", self.pos):
            self.pos += 2
        elif self.text[self.pos] == "\n":
            self.pos += 1
        else:
            raise _GiveUp  # a lone \r: tomllib's to judge
        self.line += 1

    def _skip_comment(self):
        end = self.text.find("\n", self.pos)
        comment = self.text[self.pos : len(self.text) if end < 0 else end].rstrip("\r")
        if _CONTROL.search(comment):
            raise _GiveUp
        self.pos = len(self.text) if end < 0 else end

    def _end_of_line(self):
        end = _LINE_END.match(self.text, self.pos)
        if not end:
            raise _GiveUp  # a comment after a value, or something else
        self.pos = end.end()
        self.line += end.group(1) is not None

    def _scalar(self):
        m = _SCALAR.match(self.text, self.pos)
        if not m:
            raise _GiveUp
        self.pos = m.end()
        return _scalar_value(*m.groups())

    def _array(self) -> tuple[list, list]:
        whole = _ONE_PER_LINE.match(self.text, self.pos)
        if whole:  # the elements are on the lines after the key's, one each
            self.pos = whole.end()
            values = _PLAIN_STRING.findall(self.text, whole.start(), self.pos)
            lines = list(range(self.line + 1, self.line + 1 + len(values)))
            self.line += len(values) + 1
            return values, lines
        whole = _INT_LINE.match(self.text, self.pos)
        if whole:  # whole numbers on the key's line (antes, stacks, seats)
            self.pos = whole.end()
            values = list(map(int, _INT_VALUE.findall(self.text, whole.start(), self.pos)))
            return values, [self.line] * len(values)
        whole = _STRING_ARRAY.match(self.text, self.pos)
        if whole:
            return self._plain_array(whole, _PLAIN_STRING, str)
        whole = _INT_ARRAY.match(self.text, self.pos)
        if whole:
            return self._plain_array(whole, _INT_VALUE, int)
        self.pos += 1  # "["
        values = []
        lines = []
        while True:
            self._skip_blank()
            if self.text.startswith("]", self.pos):
                self.pos += 1
                return values, lines
            lines.append(self.line)
            values.append(self._scalar())
            self._skip_blank()
            if self.text.startswith(",", self.pos):
                self.pos += 1
            elif not self.text.startswith("]", self.pos):
                raise _GiveUp

    def _plain_array(self, whole: re.Match, element: re.Pattern, kind) -> tuple[list, list]:
        span = self.text[whole.start() : whole.end()]
        self.pos = whole.end()
        if "\n" not in span:  # the players, or other elements all on the line of their key
            values = element.findall(span)
            if kind is not str:
                values = list(map(kind, values))
            return values, [self.line] * len(values)
        # no element holds a newline, so the array's lines are read one by one
        found = [element.findall(piece) for piece in span.split("\n")]
        values = [kind(value) for on_line in found for value in on_line]
        lines = [self.line + offset for offset, on_line in enumerate(found) for _ in on_line]
        self.line += len(found) - 1
        return values, lines

    def _skip_blank(self):
        """Spaces and newlines inside an array (comments there: tomllib's to read)."""
        end = _BLANKS.match(self.text, self.pos).end()
        self.line += self.text.count("\n", self.pos, end)
        self.pos = end
        if end >= len(self.text):
            raise _GiveUp
