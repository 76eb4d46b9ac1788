"""No code outside a title's own places names a title by its id (issue 25): a fifth title touches
only ``companion/games/<title>/``, its screens ``web/static/<prefix>-*.js`` and its tests.

What counts is a title id used as a value: a Python string literal that *is* an id
(``title == "sushi-go-party"``, a dict of ids), or a quoted id in a shared page script. Words
that mention a title (a docstring, a refusal's example) do not count, nor does a message context
(``tp("sushi-express", ...)``: the catalogue's contexts are the titles' names for their words)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from companion.games.registry import titles

ROOT = Path(__file__).resolve().parents[2]
IDS = {t.id for t in titles()}
#: A title's own scripts: ``web/static/<prefix>-*.js``.
OWN_SCRIPTS = tuple(f"{t.screens}-" for t in titles())
QUOTED_ID = re.compile(r"""(\btp\(\s*)?["'`](sushi-[a-z-]+)["'`]""")


def id_literals(path: Path) -> list[str]:
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if tok.type != tokenize.STRING:
            continue
        try:
            value = ast.literal_eval(tok.string)
        except (ValueError, SyntaxError):
            continue  # an f-string
        if value in IDS:
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
            found.append(f"{where}:{tok.start[0]}: {tok.string}")
    return found


def test_the_python_outside_the_engines_names_no_title() -> None:
    sources = [p for top in ("companion", "web") for p in (ROOT / top).rglob("*.py")
               if not p.is_relative_to(ROOT / "companion" / "games")]
    found = [hit for path in sources for hit in id_literals(path)]
    assert not found, "\n".join(found)


def test_the_shared_page_scripts_name_no_title() -> None:
    found = []
    for path in sorted((ROOT / "web" / "static").glob("*.js")):
        if path.name.startswith(OWN_SCRIPTS):
            continue
        code = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"),
                      path.read_text(encoding="utf-8"), flags=re.S)
        code = re.sub(r"//.*", "", code)  # comments may name a title
        for m in QUOTED_ID.finditer(code):
            if m.group(2) in IDS and not m.group(1):
                found.append(f"{path.name}:{code[:m.start()].count(chr(10)) + 1}: {m.group(0)}")
    assert not found, "\n".join(found)


def test_the_check_sees_an_id(tmp_path: Path) -> None:
    """The checks are not blind: the code they replaced would have failed them."""
    probe = tmp_path / "past.py"
    probe.write_text('"""sushi-go-party docs"""\n'
                     'menu = view.get("menu") if title == "sushi-go-party" else None\n')
    assert id_literals(probe) == ["past.py:2: \"sushi-go-party\""]
    old_home = 'const FORM_DEFAULTS = { "sushi-roll": { mode: "scoring" } };'
    assert [m.group(2) for m in QUOTED_ID.finditer(old_home) if not m.group(1)] == ["sushi-roll"]
    assert not [m for m in QUOTED_ID.finditer('tp("sushi-go", "Chopsticks")') if not m.group(1)]
