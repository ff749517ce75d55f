"""A sentence (``engine/says.Says``) as JSON data, for the record service's replies.

The service speaks the record's and the room's sentences (a refusal, the room's note at start,
a witness's problem): they cross the socket as data — the English template, the context it is
marked in for translation, which value its words agree with, and each value typed — so that the
dealer's window says them in the dealer's language (``ui/words.said``), as it says the
engine's and the record's own. Before, only the English text and its values as English strings
crossed, and a German window showed the service's refusals in English.

A value is sent as what it is: text, a whole number, an amount (``MoneyArg``), a part of the
sentence (``Says``) or a quoted refusal (``RefusalArg``), nested at most ``MAX_DEPTH`` deep; any
other value as its English words. Reading back never runs anything the peer names: an unknown
shape is its English text, or a ``ProtocolError``.
"""

from __future__ import annotations

from typing import Any

from dealer_app.engine.says import MoneyArg, RefusalArg, Says, Template, english

MAX_DEPTH = 4  # a sentence in a sentence in a sentence … (the record's go two deep)
Data = dict[str, Any]


class WordsError(ValueError):
    """Data that is not a sentence as ``data_of`` writes one."""


def data_of(sentence: Says | str) -> Data:
    """``sentence`` as JSON data (a plain str: words with nothing to translate or fill, context "")."""
    if not isinstance(sentence, Says):
        return {"template": str(sentence), "context": "", "counted": 0, "args": []}
    template = sentence.template
    return {
        "template": str(template),
        "context": getattr(template, "context", "Errors"),
        "counted": int(getattr(template, "counted", 0)),
        "args": [_value(a, 1) for a in sentence.args],
    }


def _value(value: object, depth: int) -> Any:
    if isinstance(value, bool):
        return english(value)
    if isinstance(value, int | str) and type(value) in (int, str):
        return value
    if isinstance(value, MoneyArg):
        return {"money": value.cents, "currency": value.currency}
    if isinstance(value, Says) and depth < MAX_DEPTH:
        return {"says": _nested(value, depth)}
    if isinstance(value, RefusalArg) and depth < MAX_DEPTH:
        return {"refusal": _nested(value.says, depth)}
    said = getattr(value, "says", None)  # (a ``Said``: its sentence, not its English alone)
    if isinstance(said, Says) and depth < MAX_DEPTH:
        return {"says": _nested(said, depth)}
    return english(value)


def _nested(sentence: Says, depth: int) -> Data:
    data = data_of(sentence)
    data["args"] = [_value(a, depth + 1) for a in sentence.args]
    return data


def says_of(data: object, depth: int = 1) -> Says:
    """The sentence ``data_of`` wrote (WordsError: not one)."""
    if not isinstance(data, dict) or depth > MAX_DEPTH:
        raise WordsError("a sentence is an object of template, context, counted and args")
    template, context, counted, args = (data.get(k) for k in ("template", "context", "counted", "args"))
    if not (isinstance(template, str) and isinstance(context, str) and isinstance(args, list)):
        raise WordsError("a sentence's template and context are text and its args a list")
    if not isinstance(counted, int) or isinstance(counted, bool) or not 0 <= counted <= len(args):
        raise WordsError("a sentence's counted value is one of its args (or 0)")
    return Says(Template(template, context, counted), tuple(_arg(a, depth) for a in args))


def _arg(value: object, depth: int) -> object:
    if isinstance(value, bool):
        raise WordsError("a sentence's value is text, a number, an amount or a sentence")
    if isinstance(value, int | str):
        return value
    if isinstance(value, dict) and set(value) == {"money", "currency"}:
        cents, currency = value["money"], value["currency"]
        if isinstance(cents, int) and not isinstance(cents, bool) and isinstance(currency, str) and len(currency) <= 8:
            return MoneyArg(cents, currency)
    if isinstance(value, dict) and set(value) == {"says"}:
        return says_of(value["says"], depth + 1)
    if isinstance(value, dict) and set(value) == {"refusal"}:
        return RefusalArg(says_of(value["refusal"], depth + 1))
    raise WordsError("a sentence's value is text, a number, an amount or a sentence")
