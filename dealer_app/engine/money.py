"""Money is integer cents (T-2). Parsing from YAML/PHH text is exact: no float ever holds chips."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation


def to_cents(value) -> int:
    """``20`` → 2000, ``0.25`` / ``"0.25"`` / ``"$0.25"`` → 25. More than two decimals is an error."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not an amount")
    if isinstance(value, int):
        return value * 100
    text = str(value).strip().lstrip("$€").replace(",", "")
    try:
        amount = Decimal(text)
    except InvalidOperation:
        raise ValueError(f"{value!r} is not an amount") from None
    cents = amount * 100
    if cents != cents.to_integral_value():
        raise ValueError(f"{value!r} has more than two decimals")
    return int(cents)


def units_currency(places: int) -> str:
    """The currency code of plain amounts with ``places`` decimals (a PHH file's own units,
    which the engine counts in whole 1/10**places)."""
    return f"units/{places}"


def format_money(cents: int, currency: str = "USD") -> str:
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    if currency.startswith("units/"):
        places = int(currency[6:])
        whole, frac = divmod(cents, 10 ** places)
        return f"{sign}{whole}" if frac == 0 else f"{sign}{whole}." + f"{frac:0{places}d}".rstrip("0")
    symbol = {"USD": "$", "EUR": "€"}.get(currency, "")
    if symbol == "":
        return f"{sign}{cents}"
    whole, frac = divmod(cents, 100)
    text = f"{whole:,}" if frac == 0 else f"{whole:,}.{frac:02d}"
    return f"{sign}{symbol}{text}"
