"""The engines' words in views and score sheets (issue 26): a :class:`Text` is its English text
(the CLI, the logs, ``json.dumps``) and the web layer renders it in each device's language."""

from __future__ import annotations

import copy
import json
import random

from companion.games.base import PlayerSpec
from companion.games.registry import find_game
from companion.i18n import Text, localize, ntmsg, tmsg


def test_a_text_is_its_english_and_renders_in_any_language() -> None:
    text = ntmsg("{n} tip", "{n} tips", 2)
    assert text == "2 tips" and json.dumps({"a": text}) == '{"a": "2 tips"}'
    assert localize({"a": [text]}, "pl") == {"a": ["2 napiwki"]}
    assert localize({"a": [text]}, "en")["a"][0] is text
    assert copy.deepcopy(text).render("fr") == "2 pourboires"
    assert isinstance(tmsg("Nobody"), Text)


def _played_express() -> tuple[list[Text], dict]:
    game = find_game("sushi-express")
    state = game.setup([PlayerSpec(n) for n in ("Ann", "Ben", "Cat")], {})
    rng, prompts = random.Random(1), []
    while not game.is_over(state):
        act = game.view(state, None)["to_act"]
        prompts.append(act["prompt"])
        action = game.chance_action(state, rng) or rng.choice(game.legal_actions(state))
        state, _ = game.apply(state, action)
    return prompts, game.view(state, None)["score"]


def test_sushi_express_prompts_and_score_lines_are_in_the_reader_s_language() -> None:
    prompts, score = _played_express()
    assert all(isinstance(p, Text) for p in prompts)
    assert "Ann places a guess" in prompts
    assert "Ann fait son pari" in localize(prompts, "fr")
    assert "Ann obstawia" in localize(prompts, "pl")
    lines = [line for p in score["players"] for line in p["breakdown"]]
    assert all(isinstance(line["detail"], Text) for line in lines)
    french = localize(score, "fr")["players"][0]
    assert french["tiebreak_label"] == "cartes action restantes (sans les cartes Pourboire)"
    assert any(line["detail"].startswith("premier client ") for line in french["breakdown"])
