"""A French table and a Polish table at play (issue 26 item 5), on a 390x844 phone.

* A family picks its language with the picker at the foot of the home page, starts a Sushi Go
  Party! game with the new-game form (My First Meal, tableaux at round end), and enters a whole
  round by taps: each player's tableau, card by card, then the round's scores on the
  scoreboard (the engine's points). On the way the phone counts the cards with the language's
  plural (French 1 carte, 2 cartes; Polish 1 karta, 2 karty, 5 kart), the engine refuses a
  one-card tableau on the phone in that language (Polish "1 kartę"), and api() brings back the
  same refusal for 2 and 5 cards, each with its plural.
* The game screen of each of the four titles, opened as host in each language.

Every screen's visible text (and its visible elements' aria-label, title and placeholder) must
hold none of the English words of ``ENGLISH``. The catalogues' translations use none of them
(``test_no_translation_uses_the_english_words`` checks it, placeholders left out) but for the
words that are the language's own too (``ALSO_OURS``: French "score", "points", "total";
Polish "Start" for the home page). Brand names and the card names an edition prints as they
are ("Tempura", "Sashimi", "Wasabi", "Maki", "Gyoza") are none of these words. The texts
asserted are read from ``companion/locale/<lang>/LC_MESSAGES/messages.po`` (their message ids
in comments).

Screenshots: ``test-output/screenshots/lang-*.png``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from companion.games import find_game
from companion.games.base import PlayerSpec
from tests.web.browser_support import PHONE, Screen, post_json
from tests.web.web_support import LiveServer

LANGS = ["fr", "pl"]
NAMES = ["Ola", "Jan"]
LOCALE = Path(__file__).resolve().parents[2] / "companion" / "locale"

#: English no translated screen may show: a word, or a phrase with its spaces ("Strawberry":
#: the Sushi Go! dessert's name beside "Dessert:" and in the scoreboard's note, which once
#: came through in English).
ENGLISH = [
    " the ", " and ", " of ", "round", "rounds", "player", "players", "card", "cards", "Confirm",
    "Undo", "Enter", "entered", "dealt", "Replace", "Remove", "Cancel", "Tap", "your", "game",
    "games", "tableaux", "Start", "Join", "score", "points", "total", "Strawberry",
]
#: Words of the language as well as of English, which its catalogue uses.
ALSO_OURS = {"fr": {"score", "points", "total"}, "pl": {"Start"}}


def english_words(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """The words of ``ENGLISH`` a ``lang`` screen must not show, each with its pattern."""
    return [(word, re.compile(re.escape(word) if word.startswith(" ")
                              else rf"\b{re.escape(word)}\b", re.IGNORECASE))
            for word in ENGLISH if word not in ALSO_OURS[lang]]


#: Each language's words, from its messages.po (msgid -> msgstr).
WORDS: dict[str, dict[str, Any]] = {
    "fr": {
        "new": "Nouvelle partie",  # New game
        "start": "Lancer la partie",  # Start the game
        "game": "Sushi Go Party! · partie",  # {title} · game {id}
        "game_word": "partie",
        "round": "manche 1 sur 3 · tables des joueurs",  # round {round} of {rounds} · {what}
        "enter": "Saisir les cartes de fin de manche",  # Enter the tableaux
        "entered": "{n} sur {total} saisis",  # {n} of {total} entered
        # " card" / " cards" beside the count
        "count": {1: "1 carte", 2: "2 cartes", 5: "5 cartes", 10: "10 cartes"},
        # Enter {player}'s tableau · {n} card(s)
        "send": {1: "Saisir les cartes · {player} · 1 carte",
                 10: "Saisir les cartes · {player} · 10 cartes"},
        # {who}'s tableau has {n} card(s); with {deal} cards dealt it holds {allowed}: {why}
        "refusal": {
            1: "Ola a 1 carte en fin de manche ; avec 10 cartes distribuées, il en faut de 6 à 10",
            2: "Ola a 2 cartes en fin de manche ; avec 10 cartes distribuées, il en faut de 6 à 10",
            5: "Ola a 5 cartes en fin de manche ; avec 10 cartes distribuées, il en faut de 6 à 10",
        },
        "why": "les Soupes miso défaussées (jusqu'à 4)",  # misos discarded (up to {n})
        "next": "Manche 2 : saisissez les cartes de chacun en fin de manche",  # Round {round}: ...
        "next_round": "manche 2 sur 3 · tables des joueurs",
        "scored": "1 manche comptée",  # {n} round scored
    },
    "pl": {
        "new": "Nowa gra",
        "start": "Zacznij grę",
        "game": "Sushi Go Party! · gra",
        "game_word": "gra",
        "round": "runda 1 z 3 · stoły graczy",
        "enter": "Wpisz karty z końca rundy",
        "entered": "wpisano {n} z {total}",
        "count": {1: "1 karta", 2: "2 karty", 5: "5 kart", 10: "10 kart"},
        "send": {1: "Wpisz karty gracza {player} · 1 karta",
                 10: "Wpisz karty gracza {player} · 10 kart"},
        "refusal": {
            1: "Ola ma na koniec rundy 1 kartę; przy 10 rozdanych kartach powinien mieć od 6 do 10",
            2: "Ola ma na koniec rundy 2 karty; przy 10 rozdanych kartach powinien mieć od 6 do 10",
            5: "Ola ma na koniec rundy 5 kart; przy 10 rozdanych kartach powinien mieć od 6 do 10",
        },
        "why": "odłożone zupy miso (do 4)",
        "next": "Runda 2: wpisz karty każdego gracza na koniec rundy",
        "next_round": "runda 2 z 3 · stoły graczy",
        "scored": "podliczono 1 rundę",
    },
}

#: One round of My First Meal for two (10 cards dealt), as the engine takes it.
ROUND = {
    "Ola": {"cards": ["tempura", "tempura", "sashimi", "sashimi", "sashimi", "maki_3", "maki_2",
                      "wasabi", "green_tea_ice_cream"], "on_wasabi": ["squid_nigiri"]},
    "Jan": {"cards": ["tempura", "sashimi", "maki_1", "maki_2", "egg_nigiri", "salmon_nigiri",
                      "miso_soup", "tea", "green_tea_ice_cream", "green_tea_ice_cream"],
            "on_wasabi": []},
}
#: The same round as the phone's taps: a nigiri on a wasabi is one tap for the pair.
TAPS = {
    "Ola": ["tempura", "tempura", "sashimi", "sashimi", "sashimi", "maki_3", "maki_2",
            "squid_nigiri@wasabi", "green_tea_ice_cream"],
    "Jan": ROUND["Jan"]["cards"],
}


#: Everything a screen shows in words: its visible text, and the aria-label, title and
#: placeholder of its visible elements.
VISIBLE_TEXT_JS = """() => {
  const out = [document.body.innerText];
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (!el.getClientRects().length) continue;
    for (const a of ["aria-label", "title", "placeholder"]) {
      const v = el.getAttribute(a);
      if (v) out.push(`[${a}] ${v}`);
    }
  }
  return out.join("\\n");
}"""

REFUSE_JS = """async ([id, token, cards]) => {
  const { api } = await import("/static/common.js");
  try {
    await api("POST", `/api/games/${id}/actions`,
      { kind: "enter_tableau", player: "Ola", cards, on_wasabi: [] }, token);
    return "accepted";
  } catch (err) { return err.message; }
}"""


def english_on(screen: Screen, lang: str) -> list[str]:
    """The lines of the screen that hold a word of ``ENGLISH``, each with the word."""
    words = english_words(lang)
    return [f"{word.strip()!r} in {line.strip()!r}"
            for line in screen.page.evaluate(VISIBLE_TEXT_JS).splitlines()
            for word, pattern in words if pattern.search(f" {line} ")]


def look(screen: Screen, label: str, lang: str) -> None:
    """A screenshot of the phone's screen, which must show no English and not scroll sideways."""
    screen.shot(f"lang-{label}")
    wide = screen.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"{label} scrolls sideways by {wide} px"
    english = english_on(screen, lang)
    assert not english, f"{label}: English on a {lang} screen: {english}"


def pick_language(screen: Screen, server: LiveServer, lang: str) -> None:
    page = screen.page
    page.goto(f"{server.url}/")
    assert english_on(screen, lang), "the check finds no English on the English home page"
    with page.expect_navigation():
        page.select_option("#lang-picker", lang)
    assert page.locator("html").get_attribute("lang") == lang


def engine_points() -> list[int]:
    engine = find_game("sushi-go-party")
    state = engine.setup([PlayerSpec(n) for n in NAMES], {"menu": "my_first_meal"})
    for name in NAMES:
        state, _ = engine.apply(state, engine.actions.from_json(
            {"kind": "enter_tableau", "player": name, **ROUND[name]}))
    return [p["round_points"][0] for p in engine.view(state, None)["players"]]


def create_with_the_form(screen: Screen, lang: str) -> int:
    """The new-game form, in ``lang``: Sushi Go Party!, Ola and Jan, My First Meal, tableaux."""
    page = screen.page
    words = WORDS[lang]
    page.locator(".tab[data-tab=new]").click()
    assert page.locator(".tab[data-tab=new]").inner_text() == words["new"]
    page.wait_for_selector("#title option[value=sushi-go-party]", state="attached")
    page.select_option("#title", "sushi-go-party")
    page.wait_for_selector("[data-menu=my_first_meal]")
    while page.locator(".player-row").count() > len(NAMES):
        page.locator(".player-row > button").last.click()
    while page.locator(".player-row").count() < len(NAMES):
        page.click("#add-player")
    for i, name in enumerate(NAMES):
        page.locator(".player-row input").nth(i).fill(name)
    page.click("[data-menu=my_first_meal]")
    page.click("[data-option=mode][data-value=scoring]")
    submit = page.locator("#new-game button[type=submit]")
    assert submit.inner_text() == words["start"]
    look(screen, f"01-new-game-{lang}", lang)
    submit.click()
    page.wait_for_url("**/games/*")
    page.wait_for_selector("[data-join-code]")
    return int(page.url.rsplit("/", 1)[1])


def tap_card(screen: Screen, card: str, count: int, lang: str) -> None:
    """Tap ``card`` in the panel and see the count, in words of ``lang``, reach ``count``."""
    screen.tap(f"#panel [data-add='{card}']")  # "...@wasabi": the nigiri and its wasabi
    screen.page.wait_for_selector(f"#panel [data-card-count='{count}']")
    shown = WORDS[lang]["count"].get(count)
    if shown:
        summary = screen.page.locator("#panel .sgp-summary").inner_text()
        assert shown in summary, (count, summary)


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
def test_a_family_plays_a_party_round_in_its_language(
    browser: Any, live_server: LiveServer, shots: Path, lang: str
) -> None:
    words = WORDS[lang]
    phone = Screen(browser, PHONE, "phone", shots)
    page = phone.page
    pick_language(phone, live_server, lang)
    game_id = create_with_the_form(phone, lang)
    token = phone.token(game_id)

    # no-break spaces keep the brand and "partie 12" whole (common.js: showGameTitle)
    assert page.locator("#game-title").inner_text().replace("\xa0", " ") == (
        f"{words['game']} {game_id}")
    assert page.locator("#round").inner_text() == words["round"]
    panel = page.locator("#panel")
    assert words["enter"] in panel.inner_text()
    assert words["entered"].format(n=0, total=2) in panel.inner_text()
    look(phone, f"02-round-start-{lang}", lang)

    # Ola's first card alone: the engine refuses a one-card tableau, in the family's language
    ola = "#panel [data-player='Ola']"
    if page.locator(f"{ola}[aria-pressed=true]").count() == 0:
        phone.tap(ola)
    tap_card(phone, "tempura", 1, lang)
    send = page.locator("#panel [data-do=enter-tableau]")
    assert send.inner_text() == words["send"][1].format(player="Ola")
    send.click()
    refusal = page.locator("#panel [data-refusal]")
    refusal.wait_for()
    assert words["refusal"][1] in refusal.inner_text(), refusal.inner_text()
    assert words["why"] in refusal.inner_text(), refusal.inner_text()
    look(phone, f"03-refused-tableau-{lang}", lang)

    # api() brings back the same refusal, its count's plural in the language
    for n in (2, 5):
        reason = page.evaluate(REFUSE_JS, [game_id, token, ["tempura"] * n])
        assert reason.startswith(words["refusal"][n]), reason

    # the rest of Ola's tableau, then Jan's, by taps
    for version, name in enumerate(NAMES, start=1):
        taps = TAPS[name][1:] if name == "Ola" else TAPS[name]  # Ola's first tempura is there
        tapped = 1 if name == "Ola" else 0
        who = f"#panel [data-player='{name}']"
        page.wait_for_selector(f"{who}[aria-pressed=true]")  # the panel moves on by itself
        for card in taps:
            tapped += 2 if card.endswith("@wasabi") else 1
            tap_card(phone, card, tapped, lang)
        assert tapped == 10
        assert send.inner_text() == words["send"][10].format(player=name)
        if name == "Ola":
            look(phone, f"04-tableau-{lang}", lang)
        send.click()
        phone.wait_version(version)
        if name == "Ola":
            entered = words["entered"].format(n=1, total=2)
            assert entered in page.locator("#turn").inner_text()

    # the round is scored: the engine's points on the scoreboard, and round 2 begins
    expected = engine_points()
    board = page.locator("[data-scoreboard]")
    board.wait_for()
    for name, points in zip(NAMES, expected, strict=True):
        row = board.locator(f"tr[data-player={name}]")
        assert row.locator("[data-round='1']").inner_text() == str(points), name
        assert row.locator("[data-total]").inner_text() == str(points), name
    assert words["scored"] in page.locator("#scoreboard").inner_text()
    assert words["next"] in page.locator("#turn").inner_text()
    assert page.locator("#round").inner_text() == words["next_round"]
    look(phone, f"05-scoreboard-{lang}", lang)
    assert not phone.errors, phone.errors
    phone.context.close()


#: Whether an element's text overflows its box (cut by ``overflow: hidden``, with or without an
#: ellipsis): its widths when it does, else null.
TRUNCATED_JS = """sel => {
  const el = document.querySelector(sel);
  return el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight
    ? `scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}` : null;
}"""

#: The four titles, by the brand names every edition prints.
BRANDS = {"sushi-express": "Sushi Express", "sushi-go-party": "Sushi Go Party!",
          "sushi-go": "Sushi Go!", "sushi-roll": "Sushi Roll"}


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("title", list(BRANDS))
def test_each_title_s_game_screen_speaks_the_language(
    browser: Any, live_server: LiveServer, shots: Path, title: str, lang: str
) -> None:
    game = post_json(live_server, "/api/games", {
        "game": title, "players": [{"name": n} for n in ["Ola", "Jan", "Ewa"]], "options": {}})
    phone = Screen(browser, PHONE, "phone", shots)
    pick_language(phone, live_server, lang)
    phone.open_as_host(live_server, game["id"], game["host_token"])
    page = phone.page
    assert page.locator("#lang-picker").input_value() == lang
    page.wait_for_selector("#panel > *")
    assert page.locator("#game-title").inner_text().replace("\xa0", " ") == (
        f"{BRANDS[title]} · {WORDS[lang]['game_word']} {game['id']}")
    # shown in full beside the host badge ("Gospodarz"), never cut with an ellipsis
    cut = page.evaluate(TRUNCATED_JS, "#game-title")
    assert not cut, f"{title} in {lang}: the game's title is cut: {cut}"
    look(phone, f"title-{title}-{lang}", lang)
    assert not phone.errors, phone.errors
    phone.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_no_translation_uses_the_english_words(lang: str) -> None:
    """The list is fair: a word of it on a screen is English, not the language's own word."""
    with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalogue = read_po(po)
    found = []
    for message in catalogue:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for string in strings:
            text = re.sub(r"\{[^}]*\}", "{}", str(string or ""))
            found += [f"{word.strip()!r} in {text!r}" for word, pattern in english_words(lang)
                      if pattern.search(f" {text} ")]
    assert not found, found
