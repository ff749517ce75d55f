"""Money is integer cents (T-2). Parsing from YAML/PHH text is exact: no float ever holds chips."""

from __future__ import annotations

import re
import reprlib
from decimal import Decimal, InvalidOperation

# The largest amount anything may hold: $10 billion. A file's "1e309" or ".inf" is refused
# here, by name, instead of overflowing (or filling memory) wherever it is used.
MAX_CENTS = 10**12

# The currencies amounts are shown in; a table in any other is refused (it would show raw cents).
CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€"}


_THOUSANDS = re.compile(r"[+-]?\d{1,3}(,\d{3})+(\.\d*)?")


def exact_amount(value: object) -> Decimal:
    """A finite, bounded number from YAML/PHH/text, exactly (never through a float's rounding:
    ``Decimal(str(0.1))`` is 0.1). ValueError names the value otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str, Decimal)):
        raise ValueError(f"{_short(value)} is not an amount")
    text = str(value).strip().lstrip("$€").strip()
    if "," in text:
        # a comma only groups thousands ("1,825.50"): "18,25" is not read as 1825 (a German
        # decimal comma is the UI's to translate, ui/words.typed_cents)
        if not _THOUSANDS.fullmatch(text):
            raise ValueError(f"{_short(value)} is not an amount (a comma only groups thousands: 1,825.50)")
        text = text.replace(",", "")
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise ValueError(f"{_short(value)} is not an amount") from None
    if not amount.is_finite():
        raise ValueError(f"{_short(value)} is not a finite amount")
    if abs(amount) > MAX_CENTS:
        raise ValueError(f"{_short(value)} is too large an amount")
    return amount


def to_cents(value: object) -> int:
    """``20`` → 2000, ``0.25`` / ``"0.25"`` / ``"$0.25"`` → 25. More than two decimals, an
    infinite, a huge or a non-number is a ValueError that names the value."""
    cents = exact_amount(value) * 100
    if cents != cents.to_integral_value():
        raise ValueError(f"{_short(value)} has more than two decimals")
    if abs(cents) > MAX_CENTS:
        raise ValueError(f"{_short(value)} is too large an amount")
    return int(cents)


def _short(value: object) -> str:
    """A value as an error message quotes it: never a megabyte of it."""
    return _SHORT.repr(value)


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 40
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict = 2, 4, 4


def units_currency(places: int) -> str:
    """The currency code of plain amounts with ``places`` decimals (a PHH file's own units,
    which the engine counts in whole 1/10**places)."""
    return f"units/{places}"


def format_money(cents: int, currency: str = "USD") -> str:
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    if currency.startswith("units/"):
        places = int(currency[6:])
        whole, frac = divmod(cents, 10**places)
        return f"{sign}{whole}" if frac == 0 else f"{sign}{whole}." + f"{frac:0{places}d}".rstrip("0")
    symbol = CURRENCY_SYMBOLS.get(currency, "")
    if symbol == "":
        return f"{sign}{cents}"
    whole, frac = divmod(cents, 100)
    text = f"{whole:,}" if frac == 0 else f"{whole:,}.{frac:02d}"
    return f"{sign}{symbol}{text}"
