"""Bad input gets a 400 ``unreadable`` with its reason, never a 500 (issue 28, item 12).

Each named test is one kind of input that used to reach past the parser and crash a request:
game ids beyond SQLite's 64 bits, numbers beyond Python's int-string limit, nesting beyond the
recursion limit, non-ASCII join codes, lone surrogates that cannot be stored. The fuzz test at
the end sends random bodies, paths and query strings to every route of the app and asserts
that no answer is a 5xx or carries a traceback.
"""

from __future__ import annotations

import copy
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from flask import Flask, got_request_exception
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.routing import Rule

from companion.games import find_game
from companion.games.base import JSON, PlayerSpec
from companion.games.simulate import random_game
from companion.scans import ScanDesk
from companion.session.session import Session
from companion.table.rolls import RollDesk
from tests.test_scans import ScriptedReader
from tests.web.web_support import (
    PLAYERS,
    TOKEN_HEADER,
    NewGame,
    claim,
    create_game,
    make_app,
    post,
    snapshot,
)

BEYOND_64_BITS = 2**63  # one more than SQLite's largest INTEGER


def unreadable(answer: Any) -> str:
    """The reason of a ``400 unreadable`` answer (asserting it is one)."""
    assert answer.status_code == 400, (answer.status_code, answer.data[:300])
    body = answer.get_json()
    assert body["error"] == "unreadable", body
    reason: str = body["reason"]
    return reason


def test_a_game_id_beyond_64_bits_is_refused_as_unreadable(client: FlaskClient) -> None:
    for answer in (
        client.get(f"/api/games/{BEYOND_64_BITS}"),
        client.get(f"/api/games/{BEYOND_64_BITS}/events"),
        client.post(f"/api/games/{BEYOND_64_BITS}/join", json={"code": "ABC", "seat": 0}),
        client.post(f"/api/games/{BEYOND_64_BITS}/actions", json={"kind": "roll"}),
    ):
        assert "game id" in unreadable(answer)
    assert "game id" in unreadable(client.get("/api/games/" + "9" * 5000))
    page = client.get(f"/games/{BEYOND_64_BITS}")
    assert page.status_code == 400 and b"game id" in page.data


def test_a_game_id_beyond_64_bits_in_the_query_is_refused_as_unreadable(
    client: FlaskClient,
) -> None:
    for path in ("/api/tower", "/api/camera", "/api/icon-dice"):
        assert "game id" in unreadable(client.get(f"{path}?game={BEYOND_64_BITS}"))


def test_a_game_id_in_the_query_is_written_in_ascii_digits(
    client: FlaskClient, game: NewGame
) -> None:
    arabic_indic_one = "\u0661"  # str.isdigit() and int() take it for 1
    assert game.id == 1
    assert "game id" in unreadable(client.get(f"/api/tower?game={arabic_indic_one}"))


def test_a_number_of_more_than_4300_digits_is_refused_as_unreadable(
    client: FlaskClient, game: NewGame
) -> None:
    body = f'{{"code": "{game.code}", "seat": {"9" * 5000}}}'
    reason = unreadable(post(client, f"/api/games/{game.id}/join", body))
    assert "number" in reason


def test_a_whole_number_beyond_64_bits_is_refused_as_unreadable(
    client: FlaskClient, game: NewGame
) -> None:
    body = {"index": BEYOND_64_BITS, "action": {"kind": "roll"}}
    reason = unreadable(post(client, f"/api/games/{game.id}/correct", body, game.host))
    assert "number" in reason and "64" in reason


def test_nan_and_infinity_are_not_json(client: FlaskClient, game: NewGame) -> None:
    for constant in ("NaN", "Infinity", "-Infinity", "1e999"):
        body = f'{{"index": {constant}, "action": {{}}}}'
        reason = unreadable(post(client, f"/api/games/{game.id}/correct", body, game.host))
        assert "not valid JSON" in reason


def test_nesting_deeper_than_the_limit_is_refused_as_unreadable(
    client: FlaskClient, game: NewGame
) -> None:
    for body in ("[" * 5000 + "]" * 5000, '{"a":' * 5000 + "1" + "}" * 5000,
                 '{"kind": ' + "[" * 100 + "]" * 100 + "}"):
        reason = unreadable(post(client, f"/api/games/{game.id}/actions", body, game.host))
        assert "nested" in reason
    assert snapshot(client, game)["version"] == 0


def test_a_join_code_with_non_ascii_letters_is_refused_as_unreadable(
    client: FlaskClient, game: NewGame
) -> None:
    for code in ("ÄBCDÉF", "€€€€€€", game.code[:5] + "ß"):
        reason = unreadable(post(client, f"/api/games/{game.id}/join", {"code": code, "seat": 0}))
        assert "join code" in reason


def test_a_lone_surrogate_in_a_name_is_refused_as_unreadable(client: FlaskClient) -> None:
    players = '[{"name": "\\ud800", "colour": "red"}, {"name": "Ben"}, {"name": "Cat"}]'
    body = f'{{"game": "sushi-express", "players": {players}}}'
    reason = unreadable(post(client, "/api/games", body))
    assert "surrogate" in reason
    assert client.get("/api/games").get_json()["games"] == []


def test_a_lone_surrogate_in_a_key_is_refused_as_unreadable(
    client: FlaskClient, game: NewGame
) -> None:
    body = '{"kind": "roll", "\\udfff": 1}'
    assert "surrogate" in unreadable(post(client, f"/api/games/{game.id}/actions", body,
                                          game.host))


def test_a_surrogate_pair_is_one_character_and_welcome(client: FlaskClient) -> None:
    players = [{"name": "\U0001f363 Ann", "colour": "red"}, *PLAYERS[1:]]
    answer = client.post("/api/games", json={"game": "sushi-express", "players": players})
    assert answer.status_code == 201, answer.get_json()  # sent as "\\ud83c\\udf63"


def test_a_json_body_over_a_megabyte_is_refused_as_too_large(
    client: FlaskClient, game: NewGame
) -> None:
    # 1.2 MB; Python takes about 27 bytes of memory per byte of this, 1.7 GB for 64 MB of it
    bomb = '{"kind": "roll", "dice": [' + ",".join(["[]"] * 400_000) + "]}"
    answer = post(client, f"/api/games/{game.id}/actions", bomb, game.host)
    assert answer.status_code == 413, answer.data[:300]
    assert answer.get_json()["error"] == "request_entity_too_large"
    assert "1 MB" in answer.get_json()["reason"]
    assert snapshot(client, game)["version"] == 0

def test_a_seat_in_a_form_or_query_is_a_whole_number_of_ascii_digits(
    session: Session, tmp_path: Path
) -> None:
    scans = ScanDesk(session, tmp_path, reader_factory=lambda card_set: ScriptedReader([]))
    client = make_app(session, scans=scans, TESTING=True).test_client()
    game = create_game(client)
    headers = {TOKEN_HEADER: game.host}
    for seat in ("9" * 5000, str(BEYOND_64_BITS), "\u0661", "1.5"):
        form = {"photo": (io.BytesIO(b"not a photo"), "cards.jpg"), "seat": seat}
        answers = (
            client.post(f"/api/games/{game.id}/scan/upload", data=form, headers=headers,
                        content_type="multipart/form-data"),
            client.post(f"/api/games/{game.id}/scan/upload", query_string={"seat": seat},
                        data=b"not a photo", headers=headers, content_type="image/jpeg"),
        )
        for answer in answers:
            assert "'seat'" in unreadable(answer), seat

# -- the fuzzer: every route, random paths, query strings, bodies and credentials -----------

#: Field names the endpoints read, so that random objects often look almost right.
FIELDS = ["game", "players", "options", "roll_source", "code", "seat", "index", "action",
          "kind", "roll", "values", "quality", "label", "from", "reading", "card", "ignore",
          "scan", "set", "extra", "name", "colour", "menu", "player", "cards", "value"]
WEIRD_TEXT = ["", " ", "\ud800", "\udfff", "a\ud83cb", "é€ß", "\U0001f363", "\x00", "tap",
              "camera", "tower", "sushi-express", "sushi-go-party", "sushi-roll", "sushi-go",
              "roll", "guess", "A29TPH", "../../etc/passwd", "%ff", "null", "NaN"]
HUGE = [2**63 - 1, 2**63, -(2**63) - 1, 2**64, 10**30, -1, 0, 1, 2, 9]

texts = st.one_of(st.sampled_from(WEIRD_TEXT), st.text(max_size=12))
#: A form travels as UTF-8, which has no lone surrogates (the client could not send one).
form_texts = texts.map(lambda t: t.encode("utf-8", "replace").decode("utf-8"))
whole_numbers = st.one_of(st.sampled_from(HUGE), st.integers())
scalars = st.one_of(st.none(), st.booleans(), whole_numbers,
                    st.floats(allow_nan=False, allow_infinity=False), texts)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(FIELDS), texts), inner, max_size=4),
    ),
    max_leaves=12,
)
#: Numbers as a query string or a form field carries them: small, huge, in other scripts.
number_texts = st.one_of(whole_numbers.map(str), st.integers(1, 6000).map(lambda n: "7" * n),
                         st.sampled_from(["\u0661", "-0", " 1", "1.5", "1e3", "0x10"]))
#: Objects with the endpoints' own fields, wrong types and missing keys among them.
almost_right = st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=5)
#: Texts that are no JSON Python's own parser could take whole.
hostile_json = st.one_of(
    st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 3000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.integers(1, 6000).map(lambda n: '{"seat": ' + "9" * n + ', "code": "A", "index": 1}'),
    st.sampled_from(['{"index": NaN}', '{"seat": Infinity}', "1e999", '"\\ud800"',
                     '{"game": "\\udfff", "players": ["\\ud800", "B", "C"]}', "[1,", "{", ""]),
)


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    query: str
    headers: dict[str, str]
    body: dict[str, Any]  # the test client's data/json/content_type keywords

    def __str__(self) -> str:
        shown = {k: (v[:200] if isinstance(v, str | bytes) else v) for k, v in self.body.items()}
        return f"{self.method} {self.path}?{self.query[:200]} {self.headers} {shown}"


def routes(app: Flask) -> list[tuple[Rule, str]]:
    """Every (rule, method) of ``app`` (HEAD and OPTIONS are Flask's own)."""
    return sorted(
        ((rule, method) for rule in app.url_map.iter_rules()
         for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})),
        key=lambda pair: (pair[0].rule, pair[1]),
    )


def segments(game_id: int, words: list[str]) -> st.SearchStrategy[str]:
    """One path segment: mostly what the route expects (a real game id, a word it knows), so
    that the request reaches the code behind it; else an id too large, or junk."""
    expected = st.sampled_from(words) if words else st.just(str(game_id))
    return st.integers(0, 3).flatmap(lambda k: expected if k else st.one_of(
        whole_numbers.map(lambda n: str(abs(n))),
        st.integers(1, 6000).map(lambda n: "9" * n),
        texts.map(lambda t: quote(t.encode("utf-8", "surrogatepass"), safe="")),
    ))


def path_for(draw: Any, rule: Rule, game_id: int) -> str:
    """``rule``'s path with every ``<converter:name>`` filled in."""
    def fill(match: re.Match[str]) -> str:
        words = re.findall(r"\w[\w-]*", match.group(1) or "")
        return str(draw(segments(game_id, [w for w in words if w not in ("any", "int")])))
    return re.sub(r"<(?:(\w+(?:\([^)]*\))?):)?\w+>", fill, rule.rule)


def bodies(draw: Any) -> dict[str, Any]:
    kind = draw(st.sampled_from(["none", "json", "almost", "hostile", "bytes", "form"]))
    if kind == "none":
        return {}
    if kind in ("json", "almost"):
        value = draw(json_values if kind == "json" else almost_right)
        return {"data": json.dumps(value), "content_type": "application/json"}
    if kind == "hostile":
        return {"data": draw(hostile_json), "content_type": "application/json"}
    if kind == "bytes":
        content_type = draw(st.sampled_from(
            ["application/json", "text/plain", "application/octet-stream", None]))
        return {"data": draw(st.binary(max_size=200)), "content_type": content_type}
    keys = st.sampled_from(["seat", "label", "reading"]) | st.sampled_from(FIELDS)
    form = draw(st.dictionaries(keys, form_texts | number_texts, max_size=4))
    if draw(st.integers(0, 3)):  # mostly with a file, so that the routes read the rest
        form["photo" if draw(st.booleans()) else "file"] = (
            io.BytesIO(draw(st.binary(max_size=200))), draw(form_texts) + ".jpg")
    return {"data": form, "content_type": "multipart/form-data"}


#: Every title, so that mutated actions reach every engine's parser.
TITLES = ("sushi-express", "sushi-go-party", "sushi-go", "sushi-roll")
THREE = [PlayerSpec(p["name"], p["colour"]) for p in PLAYERS]


@dataclass(frozen=True)
class Table:
    """The games the fuzzer plays on: one per title, each with actions of a random legal game
    of that title (what a real client would send, before the fuzzer spoils them)."""

    games: list[NewGame]
    actions: list[list[JSON]]
    tokens: list[str | None]

    @classmethod
    def laid(cls, client: FlaskClient) -> Table:
        games = [create_game(client, game=title) for title in TITLES]
        actions = [[a.to_json() for a in random_game(find_game(title), THREE, seed=28,
                                                       public_only=True, limit=40)[0]]
                   for title in TITLES]
        seat = claim(client, games[0], 0)
        return cls(games, actions, [None, *(g.host for g in games), seat, "not-a-token", "é"])


def spoiled(draw: Any, action: JSON) -> JSON:
    """``action`` with up to three of its fields (at any depth) replaced, dropped or added."""
    action = copy.deepcopy(action)
    for _ in range(draw(st.integers(0, 3))):
        node = action
        while draw(st.booleans()):
            inner = [c for c in (node.values() if isinstance(node, dict) else node)
                     if isinstance(c, dict | list) and c]
            if not inner:
                break
            node = draw(st.sampled_from(inner))
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node)))
            change = draw(st.sampled_from(["replace", "drop", "add"]))
            if change == "replace":
                node[key] = draw(json_values)
            elif change == "drop":
                del node[key]
            else:
                node[draw(st.sampled_from(FIELDS))] = draw(json_values)
        elif isinstance(node, list) and node:
            node[draw(st.integers(0, len(node) - 1))] = draw(json_values)
    return action


def action_request(draw: Any, table: Table) -> Request:
    """A (spoiled) action of a title's random game to that title's game, as its host."""
    i = draw(st.integers(0, len(TITLES) - 1))
    game, action = table.games[i], spoiled(draw, draw(st.sampled_from(table.actions[i])))
    if draw(st.booleans()):
        verb, body = "actions", action
    else:
        verb, body = "correct", {"index": draw(st.integers(-1, 3)), "action": action}
    return Request("POST", f"/api/games/{game.id}/{verb}", "", {TOKEN_HEADER: game.host},
                   {"data": json.dumps(body), "content_type": "application/json"})


@st.composite
def requests(draw: Any, app: Flask, table: Table) -> Request:
    if draw(st.integers(0, 3)) == 0:
        return action_request(draw, table)
    rule, method = draw(st.sampled_from(routes(app)))
    query = urlencode(draw(st.dictionaries(
        st.sampled_from(["game", "token", "seat", "code"]) | texts,
        texts | number_texts,
        max_size=3)), encoding="utf-8", errors="surrogatepass")
    if draw(st.booleans()):
        query += "&" + draw(st.sampled_from(["game=%ED%A0%80", "game=%ff", "game=%D9%A1",
                                             "token=%00", "seat=-1"]))
    game = draw(st.sampled_from(table.games))
    token = draw(st.sampled_from([game.host, game.host, *table.tokens]))  # often the right one
    headers = {TOKEN_HEADER: token} if token else {}
    body = bodies(draw) if method != "GET" else {}
    return Request(method, path_for(draw, rule, game.id), query, headers, body)


def test_no_request_to_any_endpoint_is_answered_with_a_server_error(
    session: Session, tmp_path: Path
) -> None:
    scans = ScanDesk(session, tmp_path, reader_factory=lambda card_set: ScriptedReader([]))
    app = make_app(session, rolls=RollDesk(session), scans=scans, SSE_HEARTBEAT=0.2)
    client = app.test_client()
    table = Table.laid(client)
    crashes: list[BaseException] = []
    got_request_exception.connect(lambda sender, exception, **extra: crashes.append(exception),
                                  app, weak=False)

    @settings(max_examples=500, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(requests(app, table))
    def answer_is_no_server_error(sent: Request) -> None:
        crashes.clear()
        answer = client.open(sent.path, method=sent.method, query_string=sent.query,
                             headers=sent.headers, **sent.body)
        try:
            streaming = answer.mimetype == "text/event-stream"
            data = b"" if streaming else answer.get_data()
        finally:
            answer.close()
        assert answer.status_code < 500, f"{sent} -> {answer.status_code} {crashes!r}"
        assert b"Traceback" not in data and b'File "' not in data, sent
        if sent.path.startswith("/api/") and answer.status_code >= 400:
            assert answer.is_json, f"{sent} -> {answer.status_code} {data[:200]!r}"
            # "code" is there only where a page acts on it (e.g. "owner_required")
            keys = set(answer.get_json())
            assert {"error", "reason"} <= keys <= {"error", "reason", "code"}, sent

    answer_is_no_server_error()
