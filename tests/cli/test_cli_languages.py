"""The CLI's refusals follow ``--lang`` and ``LANG`` (issue 26 item 4), for every title: a record
whose action 1 repeats action 0 is refused in French (or Polish), the rule included; ``--json``'s
``rule`` stays the English one."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games import find_game
from companion.session.records import IllegalRecordAction, load_record, replay_record

from .records import DATA, last_json, load, run, write

TITLES = ("sushi-express", "sushi-go", "sushi-go-party", "sushi-roll")


def repeated(tmp_path: Path, title: str) -> str:
    """A recorded game of ``title`` with its first action entered twice."""
    name = f"{title}-short-game.json" if title == "sushi-express" else f"{title}-game.json"
    record = load(DATA / name)
    record["actions"].insert(1, record["actions"][0])
    return write(tmp_path / f"{title}.json", record)


def refusal(path: str, lang: str) -> str:
    record = load(Path(path))
    with pytest.raises(IllegalRecordAction) as caught:
        replay_record(load_record(record, find_game))
    return caught.value.in_language(lang)


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.mark.parametrize("title", TITLES)
def test_lang_fr_says_the_refusal_in_french(tmp_path: Path, title: str) -> None:
    path = repeated(tmp_path, title)
    code, _out, err = run("--lang", "fr", "replay", path)
    assert code == 1
    assert err.startswith("companion: l'action 1 (") and " est illégale : " in err
    assert err.strip() == f"companion: {refusal(path, 'fr')}"
    code, _out, english = run("replay", path)
    assert code == 1 and english.startswith("companion: action 1 (") and english != err


@pytest.mark.parametrize("title", TITLES)
def test_lang_from_the_environment(
    tmp_path: Path, title: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = repeated(tmp_path, title)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    code, _out, err = run("replay", path)
    assert code == 1
    assert err.strip() == f"companion: {refusal(path, 'pl')}"
    assert " jest niedozwolona: " in err


def test_the_words_of_sushi_express_and_sushi_go_in_french(tmp_path: Path) -> None:
    _code, _out, err = run("--lang", "fr", "replay", repeated(tmp_path, "sushi-express"))
    assert err.strip() == (
        "companion: l'action 1 (reveal_customers) est illégale : C'est la phase des paris ; "
        "on ne retourne pas de cartes clients maintenant")
    _code, _out, err = run("--lang", "fr", "replay", repeated(tmp_path, "sushi-go"))
    assert err.strip() == (
        "companion: l'action 1 (reveal par Ann) est illégale : Ann a déjà révélé ce tour "
        "(annulez pour changer)")


def test_json_keeps_the_english_rule(tmp_path: Path) -> None:
    code, out, _err = run("--lang", "fr", "replay", repeated(tmp_path, "sushi-express"), "--json")
    assert code == 1
    assert last_json(out)["rule"] == (
        "It is the guessing phase; no customer cards are turned up now")
