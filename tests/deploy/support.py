"""Helpers of the deploy tests: the files of ``hardware/deploy/`` and small parsers for them."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "hardware" / "deploy"
UNIT = DEPLOY / "sushi-companion.service"
RULES = DEPLOY / "99-sushi-tower.rules"
ENV_FILE = DEPLOY / "companion.env"
INSTALL = DEPLOY / "install.sh"
UNINSTALL = DEPLOY / "uninstall.sh"
VENV_COMPANION = "/opt/sushi-companion/venv/bin/companion"


def unit_entries(text: str) -> dict[str, list[tuple[str, str]]]:
    """A systemd unit file as ``{section: [(key, value), ...]}`` (keys may repeat)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
            continue
        assert current is not None, f"a key outside any section: {line!r}"
        key, sep, value = line.partition("=")
        assert sep, f"not key=value: {line!r}"
        current.append((key.strip(), value.strip()))
    return sections


def values(entries: list[tuple[str, str]], key: str) -> list[str]:
    return [v for k, v in entries if k == key]


def env_lines(text: str) -> dict[str, str]:
    """``KEY=value`` lines of an environment file (comments and blank lines skipped)."""
    out = {}
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            out[key] = value
    return out


# -- udev rules --------------------------------------------------------------------------------

#: Keys that match (``==``/``!=``) and keys that assign (``=``, ``+=``, ``-=``, ``:=``), from
#: udev(7); ``{attr}`` forms take an attribute name.
MATCH_KEYS = {"ACTION", "DEVPATH", "KERNEL", "KERNELS", "NAME", "SYMLINK", "SUBSYSTEM",
              "SUBSYSTEMS", "DRIVER", "DRIVERS", "ATTR", "ATTRS", "SYSCTL", "ENV", "CONST",
              "TAG", "TAGS", "TEST", "PROGRAM", "RESULT"}
ASSIGN_KEYS = {"NAME", "SYMLINK", "OWNER", "GROUP", "MODE", "SECLABEL", "ATTR", "SYSCTL", "ENV",
               "TAG", "RUN", "LABEL", "GOTO", "IMPORT", "OPTIONS"}
TOKEN = re.compile(
    r'\s*(?P<key>[A-Z_]+)(?:\{(?P<attr>[^}]+)\})?\s*(?P<op>==|!=|\+=|-=|:=|=)\s*'
    r'"(?P<value>[^"]*)"\s*(?:,|$)')


def parse_udev_rule(line: str) -> list[tuple[str, str | None, str, str]]:
    """One rule line as ``[(key, attr, op, value)]``; ``ValueError`` where udev would refuse."""
    out = []
    pos = 0
    while pos < len(line):
        match = TOKEN.match(line, pos)
        if match is None:
            raise ValueError(f"cannot read the rule from column {pos}: {line[pos:]!r}")
        key, attr, op, value = match.group("key", "attr", "op", "value")
        matching = op in ("==", "!=")
        if matching and key not in MATCH_KEYS:
            raise ValueError(f"{key} cannot be matched")
        if not matching and key not in ASSIGN_KEYS:
            raise ValueError(f"{key} cannot be assigned")
        if key in ("ATTR", "ATTRS", "ENV", "SYSCTL") and not attr:
            raise ValueError(f"{key} needs {{name}}")
        out.append((key, attr, op, value))
        pos = match.end()
    return out


def udev_rules(text: str) -> list[list[tuple[str, str | None, str, str]]]:
    rules = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            rules.append(parse_udev_rule(line))
    return rules
