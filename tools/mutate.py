"""Mutation testing of the rules: how many small faults planted in a title's scoring and legality
modules its tests notice. A dev-time tool behind ``bin/mutate``; never part of CI.

```
bin/mutate                                            # all four titles, scoring.py and legal.py
bin/mutate sushi_go_party                             # one title, both modules
bin/mutate companion/games/sushi_go_party/scoring.py  # one module (also: sushi_go_party/scoring)
bin/mutate --jobs 2 --diff sushi_go_party             # 2 workers; print each survivor's diff
```

How: for each title, the tree that matters is copied into a fresh temporary directory (the
``companion`` package, ``pyproject.toml``, and of ``tests/`` only the title's tests,
``tests/games/test_conformance.py`` and the helper modules and package files above them), the
``[tool.mutmut]`` section of the copy is narrowed to the chosen modules and those tests, and
mutmut (the ``mutate`` extra, pinned) runs there: it plants its mutants under ``mutants/`` in the
copy, learns which tests call which function, and runs, for each mutant, only the tests that
reach the mutated function. Nothing is written in the checkout; the copy is removed afterwards
unless ``--keep`` is given (then ``cd`` there and use ``mutmut show NAME`` / ``mutmut browse``).

Score: a mutant is *killed* when a test fails (a timeout or a crash counts too), *survived*
when every test passed, *no tests* when no selected test reaches its function (counted with the
survivors). Mutants no test can kill, because the mutated code behaves exactly as the original,
are listed by name, with the reason, in ``docs/mutants/<title>.md``; the report counts those
apart as *equivalent* and gives both the raw killed % and the explained % (killed + equivalent).
Mutant names (``companion.games.<title>.<module>.x_<function>__mutmut_<n>``) are numbered within
their function, so editing a function renumbers its mutants: re-check the list then.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TITLES = ("sushi_express", "sushi_go_party", "sushi_go", "sushi_roll")
MODULES = ("scoring", "legal")
DOCS = ROOT / "docs" / "mutants"

#: mutmut's exit codes (``mutmut.stats.status_by_exit_code`` of mutmut 3.8.1) sorted into the
#: three outcomes this report counts; any other code is reported as it is.
KILLED_CODES = {1, 3, 24, -24, 36, 37, 152, 255, -9, -11}
SURVIVED_CODES = {0}
NO_TESTS_CODES = {5, 33}
OTHER_NAMES = {None: "not checked", 2: "interrupted", 34: "skipped", 35: "suspicious"}

EQUIVALENT_NAME = re.compile(r"`(companion\.[\w.ǁ]+__mutmut_\d+)`")


@dataclass
class ModuleScore:
    """The outcome of one module's mutants."""

    path: str
    killed: list[str] = field(default_factory=list)
    survived: list[str] = field(default_factory=list)
    no_tests: list[str] = field(default_factory=list)
    other: dict[str, str] = field(default_factory=dict)
    equivalent: set[str] = field(default_factory=set)

    @property
    def total(self) -> int:
        return len(self.killed) + len(self.survived) + len(self.no_tests) + len(self.other)

    @property
    def alive(self) -> list[str]:
        return sorted(self.survived + self.no_tests)

    @property
    def explained(self) -> list[str]:
        """Living mutants listed as equivalent."""
        return [name for name in self.alive if name in self.equivalent]


def title_of(target: str) -> tuple[str, list[str]]:
    """``sushi_go_party`` / ``sushi-go-party`` -> its two modules; a module path
    (``companion/games/sushi_go_party/scoring.py``) or ``title/module`` -> that module."""
    text = target.strip().removesuffix("/").replace("-", "_")
    if text in TITLES:
        return text, [module_path(text, module) for module in MODULES]
    parts = text.removesuffix(".py").replace(".", "/").split("/")
    if len(parts) >= 2 and parts[-2] in TITLES and parts[-1] in MODULES:
        return parts[-2], [module_path(parts[-2], parts[-1])]
    raise SystemExit(
        f"mutate: {target!r} is neither a title ({', '.join(TITLES)}) nor one of their modules "
        f"(companion/games/<title>/{{{','.join(MODULES)}}}.py)"
    )


def module_path(title: str, module: str) -> str:
    return f"companion/games/{title}/{module}.py"


def chosen(targets: Sequence[str]) -> dict[str, list[str]]:
    """Title -> module paths, in the order asked (everything when nothing is named)."""
    by_title: dict[str, list[str]] = {}
    for target in targets or TITLES:
        title, paths = title_of(target)
        wanted = by_title.setdefault(title, [])
        wanted.extend(path for path in paths if path not in wanted)
    return by_title


def test_paths(title: str) -> list[str]:
    """The tests a title's mutants are run against: its own and the contract's."""
    return [f"tests/games/{title}", "tests/games/test_conformance.py"]


def test_selection(title: str, slow: bool) -> list[str]:
    """pytest's arguments selecting those tests (without the ``slow`` ones unless asked: a
    surviving mutant runs every selected test that reaches its function)."""
    return test_paths(title) + ([] if slow else ["-m", "not slow"])


def copy_tree(work: Path, title: str, paths: Sequence[str], slow: bool) -> None:
    """The part of the checkout one title's run needs, copied to ``work``, with its
    ``[tool.mutmut]`` section narrowed to ``paths``."""
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
    shutil.copytree(ROOT / "companion", work / "companion", ignore=skip)
    for test in test_paths(title):
        source = ROOT / test
        if source.is_dir():
            shutil.copytree(source, work / test, ignore=skip)
        else:
            (work / test).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, work / test)
    # Package files, conftest files and helper modules (table.py, ...) of every folder above.
    for folder in ("tests", "tests/games"):
        for source in sorted((ROOT / folder).glob("*.py")):
            if not source.name.startswith("test_"):
                (work / folder).mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, work / folder / source.name)
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    (work / "pyproject.toml").write_text(narrowed_pyproject(text, title, paths, slow), "utf-8")


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    raise TypeError(f"cannot write {value!r} to [tool.mutmut]")


def narrowed_pyproject(
    text: str, title: str, chosen_paths: Sequence[str], slow: bool = False
) -> str:
    """``pyproject.toml`` with its ``[tool.mutmut]`` section narrowed to ``chosen_paths`` (every
    module of ``title`` when empty) and the title's tests."""
    settings: dict[str, Any] = dict(tomllib.loads(text).get("tool", {}).get("mutmut", {}))
    settings["source_paths"] = ["companion"]
    settings["only_mutate"] = list(chosen_paths) or [module_path(title, m) for m in MODULES]
    settings["pytest_add_cli_args_test_selection"] = test_selection(title, slow)
    settings["use_git_change_detection"] = False
    kept: list[str] = []
    inside = False
    for line in text.splitlines():
        header = line.strip()
        if header.startswith("[") and not header.startswith("[["):
            inside = header == "[tool.mutmut]"
        elif header.startswith("[["):
            inside = False
        if not inside:
            kept.append(line)
    section = ["[tool.mutmut]"] + [
        f"{key} = {toml_value(value)}" for key, value in settings.items()
    ]
    return "\n".join(kept).rstrip("\n") + "\n\n" + "\n".join(section) + "\n"


def documented_equivalents(title: str) -> set[str]:
    """Mutant names written in backquotes in ``docs/mutants/<title>.md``."""
    doc = DOCS / f"{title}.md"
    return set(EQUIVALENT_NAME.findall(doc.read_text("utf-8"))) if doc.exists() else set()


def read_scores(work: Path, paths: Iterable[str], equivalent: set[str]) -> list[ModuleScore]:
    scores = []
    for path in paths:
        meta = json.loads((work / "mutants" / f"{path}.meta").read_text("utf-8"))
        score = ModuleScore(path=path, equivalent=equivalent)
        for name, code in sorted(meta["exit_code_by_key"].items()):
            if code in KILLED_CODES:
                score.killed.append(name)
            elif code in SURVIVED_CODES:
                score.survived.append(name)
            elif code in NO_TESTS_CODES:
                score.no_tests.append(name)
            else:
                score.other[name] = OTHER_NAMES.get(code, f"exit code {code}")
        scores.append(score)
    return scores


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def report(score: ModuleScore) -> list[str]:
    killed, total, explained = len(score.killed), score.total, len(score.explained)
    lines = [
        f"{score.path}: killed {killed} / {total} ({percent(killed, total)}), "
        f"survived {len(score.survived)}, no tests {len(score.no_tests)}, "
        f"equivalent {explained} -> explained {percent(killed + explained, total)}"
    ]
    for name in score.alive:
        why = " (no tests)" if name in score.no_tests else ""
        mark = "  equivalent" if name in score.equivalent else ""
        lines.append(f"    survived{why}: {name}{mark}")
    for name, status in sorted(score.other.items()):
        lines.append(f"    {status}: {name}")
    stale = sorted(
        name
        for name in score.equivalent
        if name.startswith(score.path.removesuffix(".py").replace("/", ".") + ".")
        and name not in score.alive
    )
    for name in stale:
        lines.append(f"    listed as equivalent but not alive (killed or renumbered): {name}")
    return lines


def run_title(title: str, paths: list[str], args: argparse.Namespace) -> list[ModuleScore]:
    mutmut = Path(sys.executable).parent / "mutmut"
    work = Path(tempfile.mkdtemp(prefix=f"mutate-{title}-"))
    started = time.monotonic()
    try:
        copy_tree(work, title, paths, args.slow)
        tests = " ".join(test_selection(title, args.slow))
        print(f"mutate: {title}: {', '.join(paths)} against {tests}")
        print(f"mutate: working in {work}", flush=True)
        run = subprocess.run(
            [str(mutmut), "run", "--max-children", str(args.jobs)],
            cwd=work,
            stdout=None if args.verbose else subprocess.DEVNULL,
            check=False,
        )
        if run.returncode != 0:
            raise SystemExit(
                f"mutate: mutmut failed for {title} (exit {run.returncode}); "
                f"rerun with --verbose --keep and look in {work}"
            )
        scores = read_scores(work, paths, documented_equivalents(title))
        elapsed = time.monotonic() - started
        for score in scores:
            print("\n".join(report(score)))
            if args.diff:
                for name in score.alive:
                    shown = subprocess.run(
                        [str(mutmut), "show", name],
                        cwd=work,
                        capture_output=True,
                        text=True,
                        check=False,
                    )
                    print(shown.stdout.rstrip())
        print(f"mutate: {title} took {elapsed / 60:.1f} min with {args.jobs} jobs", flush=True)
        return scores
    finally:
        if args.keep:
            print(f"mutate: kept {work} (cd there; mutmut show NAME, mutmut browse)")
        else:
            shutil.rmtree(work, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bin/mutate", description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument(
        "targets",
        nargs="*",
        metavar="TITLE|MODULE",
        help=f"titles ({', '.join(TITLES)}) or module paths; default: every title",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=None,
        help="parallel mutant workers (default: the number of CPUs)",
    )
    parser.add_argument("--diff", action="store_true", help="print each surviving mutant's diff")
    parser.add_argument(
        "--slow", action="store_true", help="also run the tests marked slow (property tests)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary copy")
    parser.add_argument("--verbose", "-v", action="store_true", help="show mutmut's own output")
    parser.add_argument(
        "--fail-under",
        type=float,
        default=None,
        metavar="PERCENT",
        help="exit 1 when a module's explained %% is below PERCENT",
    )
    args = parser.parse_args(argv)
    if args.jobs is None:
        args.jobs = os.cpu_count() or 1
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if not (Path(sys.executable).parent / "mutmut").exists():
        raise SystemExit("mutate: mutmut is missing; install it with bin/setup-env mutate")

    # A terminated run still removes its temporary copy (the finally clauses run).
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    started = time.monotonic()
    scores: list[ModuleScore] = []
    for title, paths in chosen(args.targets).items():
        scores += run_title(title, paths, args)
    killed = sum(len(s.killed) for s in scores)
    explained = sum(len(s.explained) for s in scores)
    total = sum(s.total for s in scores)
    print(
        f"overall: killed {killed} / {total} ({percent(killed, total)}), "
        f"equivalent {explained} -> explained {percent(killed + explained, total)}; "
        f"{(time.monotonic() - started) / 60:.1f} min with {args.jobs} jobs"
    )
    if args.fail_under is not None and any(
        s.total and 100 * (len(s.killed) + len(s.explained)) / s.total < args.fail_under
        for s in scores
    ):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
