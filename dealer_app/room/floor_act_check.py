"""Each floor act of a room's table, matched with the room's own record of it.

A table in a room writes each floor act's row under the floor person's room login, naming the
login and the room's id of the act (room/floor_login.py). A reader checks each such row against
``room.floor_acts``: the act must be there, made by that login, at that table, of that kind, on
that hand, and doing what the row does (its digest). A row naming a floor login the room has no
act for — a row a dealer wrote with a floor's name, or an act the room lost — is flagged.
A row signed by a local floor account after the table joined the room (its time is after the
table registered with the room) is flagged too: at a table in the room a floor act is made under
the floor's own room login (issue 30 §4), and a local account may be one the dealer's login made
itself (run from source: the insider review's finding). Acts from before the table joined (a
table alone, or older rows) are listed as made by a local account.

The row's time is the table's to write (run from source, any time, signed by the table's own
key), so "after the table joined" does not rest on it alone: the chain orders the rows, so an
act whose own time is before the join but which comes after a row whose time is after it was
made after the join whatever its time says (and the row-time check, record/row_times.py, names
the time that runs back). Times are compared as times, never as text: a row's time that is not a
time at all ("…+00:00Z") cannot say the act came before the join, so such an act counts as made
after it (and the row-time check names the time). The room's own times — when it received a row, when the floor
approved the table — are upper bounds on when a row was made, so they cannot show an act late.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from dealer_app.record.floor_keys import BAD_SEAL, KEY_NOT_VALID, UNSEALED, seal_problem, seal_signature
from dealer_app.record.floor_signing import SIGNED_IN, STACKS, act_of_row, floor_claim, shown_floor_name
from dealer_app.record.hand_index import payload_dict
from dealer_app.record.room_ruling_content import content_differs, room_ruling_id
from dealer_app.record.row_times import at_ms
from dealer_app.record.rows import InputRow, RedoRow, SitRow, UndoRow
from dealer_app.room.floor_key_enrollment import read_floor_keys
from dealer_app.room.table_label import skeleton

if TYPE_CHECKING:
    from collections.abc import Callable

    from dealer_app.record.floor_keys import FloorKeys
    from dealer_app.record.floor_signing import FloorAct, FloorSignature

# how a row stands against the room's acts
MATCHES, LOCAL, NO_ACT, DIFFERS = "matches", "local account", "no act in the room", "differs"
LOCAL_IN_ROOM = "local account in the room"  # a local account's act after the table joined the room
UNSIGNED = "unsigned floor act"  # a floor act's row whose role is not spelt "floor"
NO_RULING = "no such room ruling"  # a row applying a room ruling the room does not have (as the row says)
NOT_FLOOR_LOGIN = "not filed by a floor login"  # a room ruling filed by the owner, a table's login, …
NAMES_ANOTHER = "names another floor login"  # a room ruling whose payload names a login other than its filer's
APPLIED_TWICE = "room ruling applied twice"  # a second row applying the same room ruling
# a room ruling whose seal does not show that its filing login's person ruled it (record/floor_keys.py):
# no seal, a signature that does not verify, or a key not valid for the login (one the owner enrolled)
SEAL_VERDICTS = (UNSEALED, BAD_SEAL, KEY_NOT_VALID)
# a room ruling filed again with an earlier one's seal (each seal has a nonce of its own): a copy,
# whose chips would move twice
REPLAYED = "a copy of an earlier room ruling"
# a room ruling filed by a floor login a reader could take for another: a name `db add-login` does
# not make (a capital I for an l, a trailing space, a zero-width space) or one that looks like
# another floor login's (the sixth attack pass: the owner made "floor_fIoor" and its rulings were
# offered and shown as the real floor person's)
LOOK_ALIKE = "a floor login that looks like another"
LOGIN_AS_MADE = r"^[a-z][a-z0-9_]{0,40}$"  # what `db add-login` makes (cli/room.py)
FLAGGED = (
    NO_ACT,
    DIFFERS,
    LOCAL_IN_ROOM,
    UNSIGNED,
    NO_RULING,
    NOT_FLOOR_LOGIN,
    NAMES_ANOTHER,
    APPLIED_TWICE,
    REPLAYED,
    LOOK_ALIKE,
    *SEAL_VERDICTS,
)
# the logins with the floor's privileges (no superuser): read from the catalogue, not from any
# function of the room's schema (its owner could replace one)
FLOOR_LOGINS_SQL = "SELECT rolname::text FROM pg_roles WHERE rolcanlogin AND NOT rolsuper AND pg_has_role(oid, 'dealer_floor', 'USAGE')"
# a row's time exactly as a table's clock writes it (record/store.py: UTC, ISO 8601, milliseconds)
WRITTEN_AT = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$"
ALL_LOGINS_SQL = "SELECT rolname::text FROM pg_roles WHERE rolcanlogin"


@dataclass(frozen=True)
class FloorActCheck:
    table_id: str
    session: int
    hand: int
    row_kind: str
    login: str  # the room login the row names ("" for a local account's)
    name: str  # the floor person's name, as the row gives it
    room_act: int | None
    verdict: str  # MATCHES | LOCAL | NO_ACT | DIFFERS | LOCAL_IN_ROOM
    detail: str = ""  # what differs (English)
    row: int | None = None  # the act's row (the table's row number)

    @property
    def flagged(self) -> bool:
        return self.verdict in FLAGGED

    def words(self) -> str:
        """One line in English: the act, who made it, and how it stands against the room."""
        who = f"room login {self.login}, room act {self.room_act}" if self.login else f"local account {self.name}"
        if self.verdict in (
            UNSIGNED,
            NO_RULING,
            NOT_FLOOR_LOGIN,
            NAMES_ANOTHER,
            APPLIED_TWICE,
            REPLAYED,
            LOOK_ALIKE,
            *SEAL_VERDICTS,
        ):
            return f"{self.table_id} hand {self.session}-{self.hand}: {self.verdict}: {self.detail}"
        said = f"{self.verdict}: {self.detail}" if self.detail else self.verdict
        if self.verdict == LOCAL_IN_ROOM:
            said = (
                "local account, after the table joined the room: not made under a floor's room login, as every "
                "floor act at a table in the room is (a local account may be one the dealer's login made)"
            ) + (f"; {self.detail}" if self.detail else "")
        return f"{self.table_id} hand {self.session}-{self.hand}: {self.row_kind} by {who}: {said}"


# row kinds a table writes by the thousand that are a floor act only when they name one
BY_THE_THOUSAND = (InputRow.kind, RedoRow.kind, UndoRow.kind, SitRow.kind)


def check_floor_acts(
    query: Callable[[str, tuple], list[tuple]], table_id: str | None = None, hand: tuple[int, int] | None = None
) -> list[FloorActCheck]:
    """Every floor act's row the room holds (of one table, one hand), each matched with the
    room's act. ``query``: a floor login's read (``RoomReader._query``)."""
    sql = (
        "SELECT l.table_id, l.session, l.hand_no, l.kind, l.payload, "
        # (the join UTC to the millisecond; compared with the row's time here, parsed: as text, a
        # time that is not one — "…+00:00Z" — would read as whatever its first characters say)
        "l.row_id, l.at, j.joined "
        "FROM room.log l JOIN (SELECT table_id, to_char(registered_at AT TIME ZONE 'UTC', "
        "'YYYY-MM-DD\"T\"HH24:MI:SS.MS') AS joined FROM room.tables) j USING (table_id) WHERE l.kind = ANY(%s) "
        # a table writes inputs and seats by the thousand, a floor act among them only where the row
        # names one (by, confirmed_by, a void) — or hides a name behind a JSON escape: only those are
        # read (every input was, fetched whole: `verify --database` held 2.5 GB at 100,000 hands)
        "AND (l.kind <> ALL(%s) OR l.payload LIKE '%%\"by\"%%' OR l.payload LIKE '%%confirmed_by%%' "
        "OR l.payload LIKE '%%I-6%%' OR l.payload LIKE '%%I-7%%' OR position('\\' in l.payload) > 0)"
    )
    args: tuple = (list(SIGNED_IN), list(BY_THE_THOUSAND))
    if table_id is not None:
        sql, args = sql + " AND l.table_id = %s", (*args, table_id)
    if hand is not None:
        sql, args = sql + " AND l.session = %s AND l.hand_no = %s", (*args, *hand)
    checks: list[FloorActCheck] = []
    wanted: list[tuple[str, int, int, str, FloorAct, FloorSignature, int]] = []
    before_join: list[tuple[int, FloorActCheck, str, str]] = []  # local acts timed before the join
    rows = query(sql + " ORDER BY l.table_id, l.row_id", args)
    applying: list[tuple[str, int, int, str, dict, int]] = []  # rows that apply a room ruling
    for t_id, session, hand_no, kind, text, row, at, joined in rows:
        payload = payload_dict(text)
        if "room_ruling" in payload and floor_claim(kind, payload) is not None:
            applying.append((t_id, session, hand_no, kind, payload, row))
            continue
        found = act_of_row(kind, payload, session, hand_no)
        if found is None:
            continue
        act, signature = found
        if not signature.signed:
            claim = floor_claim(kind, payload)
            detail = (
                f"row {row} ({kind}) claims a floor act as {shown_floor_name(claim)}: no floor person's "
                f"passphrase or room login stands behind it"
            )
            checks.append(FloorActCheck(t_id, session, hand_no, kind, "", signature.name, None, UNSIGNED, detail, row))
            continue
        if signature.room_login is None:
            made, join = at_ms(at), at_ms(joined)
            in_room = made is None or join is None or made > join
            verdict = LOCAL_IN_ROOM if in_room else LOCAL
            unread = (
                f"its time {at!r} is not a time: it cannot show the act was made before the join"
                if made is None
                else ""
            )
            checks.append(
                FloorActCheck(t_id, session, hand_no, kind, "", signature.name, None, verdict, unread, row=row)
            )
            if not in_room:
                before_join.append((len(checks) - 1, checks[-1], at, joined))
            continue
        wanted.append((t_id, session, hand_no, kind, act, signature, row))
    last_of: dict[str, tuple[int, str]] = {}  # table -> its last such act's row, and the join
    for _i, check, _at, joined in before_join:
        last_of[check.table_id] = (max(check.row or 0, last_of.get(check.table_id, (0, ""))[0]), joined)
    # (one read a table: its first row timed after the join, before its last such act)
    first_after = {t: _after_join_before(query, t, row, joined) for t, (row, joined) in last_of.items()}
    for index, check, at, joined in before_join:
        later = first_after.get(check.table_id)
        if later is not None and later[0] < (check.row or 0):  # (made after the join, whatever its time says)
            row, row_at = later
            checks[index] = replace(
                check,
                verdict=LOCAL_IN_ROOM,
                detail=(
                    f"its time {at} is before the table joined the room ({joined}), but its row {check.row} comes "
                    f"after row {row}, whose time {row_at} is after the join: the act was made after the table "
                    f"joined and its time set back"
                ),
            )
    ids = [sig.room_act for *_rest, sig, _row in wanted if sig.room_act is not None]
    acts = {
        row[0]: row[1:]
        for row in (
            query(
                "SELECT id, table_id, kind, session, hand_no, digest, floor_login FROM room.floor_acts "
                "WHERE id = ANY(%s)",
                (ids,),
            )
            if ids
            else []
        )
    }
    for t_id, session, hand_no, kind, act, signature, row in wanted:
        act_id = signature.room_act
        room = acts.get(act_id) if act_id is not None else None
        if room is None:
            verdict, detail = NO_ACT, f"the room has no floor act {act_id} for this row"
        else:
            r_table, r_kind, r_session, r_hand, r_digest, r_login = room
            differs = [
                what
                for what, same in (
                    ("table", r_table == t_id),
                    ("kind", r_kind == act.kind),
                    # (stacks are confirmed before the table's session has its number)
                    ("hand", act.kind == STACKS or (r_session, r_hand) == (session, hand_no)),
                    ("what it does", r_digest == act.digest),
                    ("login", r_login == signature.room_login),
                )
                if not same
            ]
            verdict = DIFFERS if differs else MATCHES
            detail = f"the room's act {act_id} differs in {', '.join(differs)}" if differs else ""
        checks.append(
            FloorActCheck(
                t_id, session, hand_no, kind, signature.room_login or "", signature.name, act_id, verdict, detail, row
            )
        )
    checks += _room_rulings(query, applying, table_id, hand)
    return checks


def _room_rulings(
    query: Callable[[str, tuple], list[tuple]],
    applying: list[tuple[str, int, int, str, dict, int]],
    table_id: str | None,
    hand: tuple[int, int] | None,
) -> list[FloorActCheck]:
    """The rows that apply a room ruling, each matched with room.rulings (it must be there, with
    the hash, table, hand and filing login the row names, and the row must carry the ruling as
    the room filed it, every field: ``content_differs``; a second row applying the same ruling
    is APPLIED_TWICE, the first standing as it is checked); and the room's rulings themselves (of
    the table, the hand): each filed by a floor login, naming no other login as the floor."""
    floor_logins = {r[0] for r in query(FLOOR_LOGINS_SQL, ())}
    logins = {r[0] for r in query(ALL_LOGINS_SQL, ())}
    keys = read_floor_keys(query)  # (which keys are whose: decided here, from the enrollments)
    look_alike = look_alike_logins(floor_logins)
    sql = "SELECT id, table_id, session, hand_no, payload, floor_login::text, hash FROM room.rulings"
    args: tuple = ()
    if table_id is not None:
        sql, args = sql + " WHERE table_id = %s", (table_id,)
        if hand is not None:
            sql, args = sql + " AND session = %s AND hand_no = %s", (*args, *hand)
    rulings = {r[0]: r[1:] for r in query(sql, args)}
    named_ids = [p.get("room_ruling") for *_r, p, _row in applying]
    wanted = [i for i in named_ids if isinstance(i, int) and not isinstance(i, bool) and i not in rulings]
    if wanted:
        found = query(
            "SELECT id, table_id, session, hand_no, payload, floor_login::text, hash FROM room.rulings "
            "WHERE id = ANY(%s)",
            (wanted,),
        )
        rulings.update({r[0]: r[1:] for r in found})
    # (among the rulings whose seal holds, those a table applied counted first: the owner filing
    # an applied ruling's copy under a lower id made the honest one read as the copy — attack 6)
    applied_ids = {room_ruling_id(p) for *_r, p, _row in applying}
    seals = {rid: _seal_verdict(rid, r, keys) for rid, r in rulings.items()}  # (each checked once)
    sound = {rid: r[3] for rid, r in rulings.items() if not seals[rid][0]}
    copy_of = _copies(sound, applied_ids)
    checks: list[FloorActCheck] = []
    first_row: dict[int, tuple[str, int, int, int]] = {}  # room ruling -> the row that applied it first
    for t_id, session, hand_no, kind, payload, row in applying:
        rid, digest, login = room_ruling_id(payload), payload.get("room_hash"), payload.get("floor_login")
        if rid is None:
            rid = payload.get("room_ruling")  # (not an id: said as the row gives it)
        room = rulings.get(rid) if isinstance(rid, int) and not isinstance(rid, bool) else None
        earlier = first_row.get(rid) if isinstance(rid, int) and not isinstance(rid, bool) else None
        if earlier is not None:
            e_table, e_session, e_hand, e_row = earlier
            verdict = APPLIED_TWICE
            detail = (
                f"row {row} applies room ruling {rid} again: {e_table} row {e_row} (hand {e_session}-{e_hand}) "
                f"applied it, so its chips moved twice"
            )
        elif room is None:
            verdict, detail = NO_RULING, f"row {row} applies room ruling {rid}, which the room does not have"
        else:
            first_row[room_ruling_id(payload) or 0] = (t_id, session, hand_no, row)
            r_table, r_session, r_hand, text, r_login, r_hash = room
            differs = [
                what
                for what, same in (
                    ("table", r_table == t_id),
                    ("hand", (r_session, r_hand) == (session, hand_no)),
                    ("hash", r_hash == digest),
                    ("filing login", r_login == login),
                )
                if not same
            ]
            differs += [
                d for d in content_differs(payload, payload_dict(text), r_hand, str(r_login)) if d not in differs
            ]
            if differs:
                verdict = DIFFERS
                detail = f"row {row} applies room ruling {rid}, which differs in the room in {', '.join(differs)}"
            elif r_login not in floor_logins:
                verdict = NOT_FLOOR_LOGIN
                detail = f"row {row} applies room ruling {rid}, filed by {r_login}, which is not a floor login"
            elif r_login in look_alike:
                verdict = LOOK_ALIKE
                detail = f"row {row} applies room ruling {rid}, filed by {r_login!r}, which {look_alike[r_login]}"
            elif (seal := seals[rid])[0]:
                verdict, detail = seal[0], f"row {row} applies {seal[1]}"
            elif rid in copy_of:
                verdict = REPLAYED
                detail = (
                    f"row {row} applies room ruling {rid}, a copy of room ruling {copy_of[rid]} (the same floor "
                    "signature): its chips moved again"
                )
            else:
                verdict, detail = MATCHES, ""
        checks.append(
            FloorActCheck(
                t_id,
                session,
                hand_no,
                kind,
                str(login or ""),
                "",
                rid if isinstance(rid, int) else None,
                verdict,
                detail,
                row,
            )
        )
    return checks + _filed_rulings(rulings, table_id, hand, floor_logins, logins, look_alike, seals, copy_of)


_SEAL_WORDS = {
    UNSEALED: "not signed by the floor person's own key",
    BAD_SEAL: "its floor signature does not verify (changed after it was signed, or signed for another login)",
    KEY_NOT_VALID: (
        "signed by a key not valid for the login (not the login's one key: another was put under it, "
        "or the room no longer holds it)"
    ),
}


def _filed_rulings(
    rulings: dict,
    table_id: str | None,
    hand: tuple[int, int] | None,
    floor_logins: set[str],
    logins: set[str],
    look_alike: dict[str, str],
    seals: dict[int, tuple[str, str]],
    copy_of: dict[int, int],
) -> list[FloorActCheck]:
    """The room's rulings themselves (of the table, the hand): each filed by a floor login that
    looks like no other, naming no other login as the floor, sealed with its login's key, and
    no copy of an earlier one."""
    checks: list[FloorActCheck] = []
    for rid, (r_table, r_session, r_hand, text, r_login, _hash) in sorted(rulings.items()):
        if table_id is not None and r_table != table_id:
            continue
        if hand is not None and (r_session, r_hand) != hand:
            continue
        by = payload_dict(text).get("by")
        named = by.get("name") if isinstance(by, dict) else None
        if r_login not in floor_logins:
            verdict = NOT_FLOOR_LOGIN
            detail = (
                f"room ruling {rid} was filed by {r_login}, which is not a floor login: not applied, not a floor act"
            )
        elif r_login in look_alike:
            verdict = LOOK_ALIKE
            detail = f"room ruling {rid} was filed by {r_login!r}, which {look_alike[r_login]}: not applied by a table"
        elif isinstance(named, str) and named != r_login and named in logins:
            verdict = NAMES_ANOTHER
            detail = (
                f"room ruling {rid} was filed by {r_login} but names {named[:63]} as the floor who ruled: "
                f"it stands as {r_login}'s"
            )
        elif (seal := seals[rid])[0]:
            verdict, detail = seal[0], f"{seal[1]}: not shown to be {r_login}'s, not applied by a table"
        elif rid in copy_of:
            verdict = REPLAYED
            detail = (
                f"room ruling {rid} is a copy of room ruling {copy_of[rid]} (the same floor signature): filed "
                "again, not ruled again; not applied by a table"
            )
        else:
            continue
        checks.append(FloorActCheck(r_table, r_session, r_hand, "room ruling", r_login, "", rid, verdict, detail))
    return checks


def _seal_verdict(rid: int, ruling: tuple, keys: FloorKeys) -> tuple[str, str]:
    """Why a room ruling's seal does not hold (its verdict and words), or ("", "")."""
    r_table, r_session, r_hand, text, r_login, _hash = ruling
    problem = seal_problem(payload_dict(text), r_table, r_session, r_hand, str(r_login), keys)
    return (problem, f"room ruling {rid} filed by {r_login}: {_SEAL_WORDS[problem]}") if problem else ("", "")


def look_alike_logins(floor_logins: set[str]) -> dict[str, str]:
    """The floor logins a reader could take for another, each with why (LOOK_ALIKE): a name
    `db add-login` would not make, or one of two such names with one skeleton (``login_skeleton``)
    — both are named, as a reader cannot tell which is the person's (so a look-alike the owner
    makes puts the real floor person's rulings in red too, until it is dropped: seen, not silent)."""
    made = sorted(login for login in floor_logins if re.fullmatch(LOGIN_AS_MADE, login))
    by_skeleton: dict[str, list[str]] = {}
    for login in made:
        by_skeleton.setdefault(login_skeleton(login), []).append(login)
    found: dict[str, str] = {}
    for login in sorted(floor_logins):
        if login not in made:  # (a capital, a space, an invisible or another script's letter)
            found[login] = "is no name `db add-login` makes (lower-case letters, digits and _ only)"
        elif twins := [other for other in by_skeleton[login_skeleton(login)] if other != login]:
            found[login] = f"looks like the floor login {twins[0]!r}"
    return found


_LOGIN_DIGITS = str.maketrans("5823", "sbze")  # (digits read as letters in a login: te5t, fl0or)


def login_skeleton(login: str) -> str:
    """What a login looks like to a reader: a name's skeleton (0/o, 1/l/i, rn/m, vv/w), its digits
    that pass for letters, and no underscores (floor__anna, floor_anna_ read as floor_anna: the
    seventh attack pass)."""
    return skeleton(login).translate(_LOGIN_DIGITS).replace("_", "")


def _copies(payloads: dict[int, str], applied: set[int | None]) -> dict[int, int]:
    """Each room ruling (id -> payload) that carries another's seal, with that one's id: each seal
    has a nonce of its own, so two rulings with one seal are one ruling filed twice. The one a
    table applied is the ruling (else the earlier), the others its copies."""
    copy_of: dict[int, int] = {}
    first_sealed: dict[str, int] = {}
    for rid in sorted(payloads, key=lambda r: (r not in applied, r)):
        signature = seal_signature(payload_dict(payloads[rid]))
        if signature is None:
            continue
        if signature in first_sealed:
            copy_of[rid] = first_sealed[signature]
        else:
            first_sealed[signature] = rid
    return copy_of


def _after_join_before(
    query: Callable[[str, tuple], list[tuple]], table_id: str, row: int, joined: str
) -> tuple[int, str] | None:
    """The table's first row before ``row`` whose time is after it joined the room, or is not a
    time at all (its row and time), or None. Asked only of a table with a local account's act
    timed before the join (an old table's acts, or a backdated one): it reads the table's rows up
    to the act, by its index. A time as the table writes it (``WRITTEN_AT``) compares as text
    exactly; any other is read here, parsed."""
    join = at_ms(joined)
    after = 0
    while True:
        found = query(
            "SELECT row_id, at FROM room.log WHERE table_id = %s AND row_id > %s AND row_id < %s "
            "AND (at !~ %s OR at > %s) ORDER BY row_id LIMIT 100",
            (table_id, after, row, WRITTEN_AT, joined),
        )
        for row_id, at in found:
            made = at_ms(at)
            if made is None or join is None or made > join:
                return (row_id, at)
        if len(found) < 100:
            return None
        after = found[-1][0]
