"""The ``companion`` command.

```
companion [--data-dir DIR] [--json] COMMAND ...
  serve [--host H] [--port P] [--public-url URL] [--tower {auto,virtual,off}]
        [--camera SPEC] [--gpio {auto,mock,off}] [--allowed-hosts NAMES]
                                     run the service (companion.app.serve)
  score GAME FILE                    score a record's final state (or replay its actions)
  replay FILE                        check a whole recorded game, print the scores
  export GAME_ID | --all [-o FILE]   back up games from the data dir's log (stdout or FILE)
  import FILE                        restore games (one record or {"records": [...]})
  backup DIR                         write DIR/companion-backup-<time>.tar.gz: a consistent
                                     copy of the game log (safe while games run) and the
                                     calibration and card sets (companion/backup.py)
  restore FILE_OR_DIR                put a backup back (refused while the service runs on
                                     the data dir; the old log is kept aside, never deleted)
  owner-pin set [--pin PIN]          change the Pi's owner PIN (6-12 digits; asked twice when
                                     --pin is not given; companion/owner.py)
  hub serve [--db URL] [--host H] [--port P]
                                     run the cafe's hub on PostgreSQL (--db or
                                     $COMPANION_HUB_DB; companion/hub, docs/HUB.md)
  repair                             set a damaged game log aside (never deleted); the next
                                     start begins a fresh log (companion/storage_check.py)
  dice read IMAGE...                 read the dice in photos (value, box, confidence)
  dice eval DIR [--scale F] [--holdout]
                                     score the pip reader on a labelled folder
                                     (companion/vision/commands.py)
  calibrate [IMAGE] [--overlay FILE] the table's zones from ArUco markers (a photo, else a
                                     frame of the camera), saved as DATA_DIR/zones.json
  calibrate --sheets DIR             write the printable marker sheets
  cards enroll --set NAME DIR [--add] learn a card set from DIR/<label>.jpg or DIR/<label>/*.jpg
  cards read --set NAME IMAGE...     find and recognise the cards in photos
  cards eval --enroll-per-class K DIR
                                     score few-shot recognition on DIR/<class>/*.jpg
  cards export --set NAME FILE       write a card set as one file
  cards import FILE [--set NAME]     store an exported card set
  cards list                         the enrolled card sets
                                     (companion/vision/cards/commands.py)
```

``--data-dir`` (or ``COMPANION_DATA_DIR``) chooses the data directory (``settings.py``);
``--tower`` (or ``COMPANION_TOWER``) the dice tower: a real one if it answers (``auto``), the
virtual one on a pty (``virtual``), or none (``off``); ``--camera`` (or ``COMPANION_CAMERA``)
the camera over the table (``auto``, ``picamera``, ``0``, ``/dev/video0``, a URL, a file or
folder, ``demo`` or ``off``); ``--gpio`` (or ``COMPANION_GPIO``) the buttons and lights: the
Pi's header if there is one, else gpiozero's MockFactory (``auto``), always the mock (``mock``),
or none (``off``).
``--json`` (before or after the command) makes a command print one JSON object on the LAST line
of stdout, also on failure (``{"ok": false, "error", "reason"}``).

Exit status: 0 done; 1 an illegal game (a record whose actions break the rules, players the
title does not allow); 2 bad usage or unreadable input (a missing file, bad JSON, an unknown
format version or game id); 3 an unexpected internal error; 130 interrupted; 141 stdout
closed early (``| head``). Every error is ONE
line on stderr, never a traceback. ``FILE`` may be ``-`` for stdin.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TextIO

from companion import i18n
from companion.games import find_game
from companion.games.base import JSON, IllegalAction, ScoreSheet, UnreadableInput
from companion.games.registry import UnknownGame
from companion.session.errors import Forbidden, NotFound
from companion.session.records import (
    IllegalRecordAction,
    Record,
    load_bundle,
    load_record,
    replay_record,
)
from companion.settings import GPIO_MODES, TOWER_MODES, Settings, load_settings

EXIT_OK, EXIT_ILLEGAL, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 130, 141


class UsageError(Exception):
    """Bad command-line usage (exit 2)."""


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see companion --help)")


class Output:
    """Where a command writes: readable lines, and in ``--json`` mode one final JSON line."""

    def __init__(self, out: TextIO, err: TextIO, as_json: bool) -> None:
        self.out, self.err, self.as_json = out, err, as_json

    def line(self, text: str = "") -> None:
        print(text, file=self.out)

    def result(self, obj: JSON) -> None:
        """The command's JSON result (only in ``--json`` mode), as the last line of stdout."""
        if self.as_json:
            print(json.dumps(obj, separators=(",", ":"), ensure_ascii=False), file=self.out)

    def fail(self, code: int, error: str, reason: str, extra: JSON | None = None) -> int:
        print(f"companion: {reason}", file=self.err)
        self.result({"ok": False, "error": error, "reason": reason, **(extra or {})})
        return code


# -- the parser -------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="companion", description="Table companion for sushi board games.")
    parser.add_argument("--data-dir", metavar="DIR",
                        help="data directory (default: $COMPANION_DATA_DIR or "
                             "~/.local/share/sushi-companion)")
    parser.add_argument("--json", action="store_true", default=False,
                        help="print one JSON object on the last line of stdout")
    parser.add_argument("--lang", metavar="LANG", default=None,
                        help="language of refusals: " + ", ".join(i18n.LANGUAGES)
                             + " (default: from $LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def command(name: str, help: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help, description=help)
        sub.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                         help="print one JSON object on the last line of stdout")
        return sub

    serve = command("serve", "run the service until interrupted")
    # ``companion serve --data-dir D`` as well as ``companion --data-dir D serve`` (bin/serve
    # passes its arguments after ``serve``); SUPPRESS keeps the one given before ``serve``.
    serve.add_argument("--data-dir", dest="data_dir", metavar="DIR", default=argparse.SUPPRESS,
                       help="data directory (as before the command)")
    serve.add_argument("--host", help="address to listen on (default 0.0.0.0)")
    serve.add_argument("--port", type=int, help="port to listen on (default 8080)")
    serve.add_argument(
        "--public-url", help="base URL for the join link and QR code (default: the LAN address)"
    )
    serve.add_argument(
        "--allowed-hosts", metavar="NAMES",
        help="comma-separated host names to answer to besides the machine's own name, its .local "
             "name, localhost and IP addresses (default: $COMPANION_ALLOWED_HOSTS)",
    )
    serve.add_argument(
        "--tower", choices=TOWER_MODES,
        help="dice tower: auto (a real one if it answers; the default), virtual (a simulated "
             "tower on a pty), off (dice are tapped) (default: $COMPANION_TOWER or auto)",
    )
    serve.add_argument(
        "--camera", metavar="SPEC",
        help="camera over the table: auto (Pi camera, else webcam 0, else the demo camera; the "
             "default), picamera, a webcam index, /dev/videoN, a stream URL, a video file or "
             "folder, demo (a rendered tray, dice thrown from the tablet) or off "
             "(default: $COMPANION_CAMERA or auto)",
    )
    serve.add_argument(
        "--gpio", choices=GPIO_MODES,
        help="buttons and lights: auto (the Pi's GPIO header if there is one, else gpiozero's "
             "MockFactory; the default), mock (always the MockFactory), off (none) "
             "(default: $COMPANION_GPIO or auto)",
    )

    score = command("score", "score a game record's final state (or replay its actions)")
    score.add_argument("game", metavar="GAME", help="title id, e.g. sushi-express")
    score.add_argument("file", metavar="FILE", help="game record (JSON; - for stdin)")

    replay = command("replay", "check every action of a recorded game and print the scores")
    replay.add_argument("file", metavar="FILE", help="game record (JSON; - for stdin)")

    export = command("export", "write game records from the data directory's log")
    export.add_argument("game_id", metavar="GAME_ID", nargs="?", type=int,
                        help="the game's id (see /api/games)")
    export.add_argument("--all", action="store_true", help="every game, as one bundle")
    export.add_argument("-o", "--output", metavar="FILE",
                        help="write to FILE instead of stdout")

    restore = command("import", "store the games of a record or bundle as new games, all or "
                                "none; a record imported before is not stored again")
    restore.add_argument("file", metavar="FILE", help="record or bundle (JSON; - for stdin)")

    backup = command("backup", "write a consistent copy of the game log (safe while games "
                               "run) and the calibration and card sets into DIR")
    backup.add_argument("folder", metavar="DIR", help="where the backup file goes")
    restore_backup = command("restore", "put a backup back into the data directory (stop the "
                                        "service first; the current log is kept aside)")
    restore_backup.add_argument("source", metavar="FILE_OR_DIR",
                                help="a companion-backup-*.tar.gz, or a folder of its files")

    owner_pin = command("owner-pin", "the Pi's owner PIN (it alone changes card sets, "
                        "calibration and who may start games)")
    pin_actions = owner_pin.add_subparsers(dest="pin_command", metavar="ACTION", required=True)
    pin_set = pin_actions.add_parser("set", help="change the owner PIN (6-12 digits)")
    pin_set.add_argument("--pin", help="the new PIN (default: asked twice, not echoed)")
    pin_set.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                         help="print one JSON object on the last line of stdout")

    hub = command("hub", "the cafe's hub: many tables' games on one PostgreSQL (docs/HUB.md)")
    hub_actions = hub.add_subparsers(dest="hub_command", metavar="ACTION", required=True)
    hub_serve = hub_actions.add_parser("serve", help="run the hub until interrupted")
    hub_serve.add_argument("--db", metavar="URL",
                           help="postgresql://user@host:port/dbname (default: $COMPANION_HUB_DB)")
    hub_serve.add_argument("--host", default="0.0.0.0", help="address to listen on")
    hub_serve.add_argument("--port", type=int, default=8090, help="port (default 8090)")

    command("repair", "set a damaged game log aside (renamed to companion.sqlite3.bad-<time>, "
            "never deleted) so that the next start begins a fresh log")

    dice = command("dice", "the camera's pip reader on image files")
    dice_commands = dice.add_subparsers(dest="dice_command", metavar="ACTION", required=True)
    dice_read = dice_commands.add_parser("read", help="read the dice in images")
    dice_read.add_argument("images", metavar="IMAGE", nargs="+", help="image files")
    dice_eval = dice_commands.add_parser(
        "eval", help="score the reader on a folder laid out like byler_d6 (images/, labels/)")
    dice_eval.add_argument("folder", metavar="DIR", help="folder with images/ and labels/")
    dice_eval.add_argument("--scale", type=float, default=1.0,
                           help="resize every photo (and its labels) first, e.g. 2.5")
    dice_eval.add_argument("--holdout", action="store_true",
                           help="only the photos the shipped models never trained on")
    for sub in (dice_read, dice_eval):
        sub.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                         help="print one JSON object on the last line of stdout")
    _add_cards(command("cards", "the card reader: enroll a card set, read photos"))

    calib = command("calibrate", "find the table's zones from the ArUco marker sheets")
    calib.add_argument("image", metavar="IMAGE", nargs="?",
                       help="photo of the table (default: a frame of the camera)")
    calib.add_argument("--camera", metavar="SPEC",
                       help="camera to grab the frame from (default: $COMPANION_CAMERA or auto)")
    calib.add_argument("--overlay", metavar="FILE", help="also write the picture with the zones")
    calib.add_argument("--sheets", metavar="DIR",
                       help="write the printable marker sheets (SVG) into DIR and stop")
    return parser


def _add_cards(cards: argparse.ArgumentParser) -> None:
    actions = cards.add_subparsers(dest="cards_command", metavar="ACTION", required=True)
    enroll = actions.add_parser("enroll", help="learn a card set from DIR/<label>.jpg or "
                                "DIR/<label>/*.jpg (labels: catalogue card ids or any name)")
    enroll.add_argument("folder", metavar="DIR")
    enroll.add_argument("--add", action="store_true",
                        help="add to the set if it exists (default: replace it)")
    read = actions.add_parser("read", help="find and recognise the cards in photos")
    read.add_argument("images", metavar="IMAGE", nargs="+", help="image files")
    evaluate = actions.add_parser(
        "eval", help="enroll K crops per class of DIR/<class>/*.jpg, recognise the others")
    evaluate.add_argument("folder", metavar="DIR")
    evaluate.add_argument("--enroll-per-class", type=int, default=1, metavar="K")
    export = actions.add_parser("export", help="write a card set as one file")
    export.add_argument("file", metavar="FILE")
    restore = actions.add_parser("import", help="store an exported card set")
    restore.add_argument("file", metavar="FILE")
    listing = actions.add_parser("list", help="the enrolled card sets")
    for sub in (enroll, read, export):
        sub.add_argument("--set", dest="set_name", metavar="NAME", required=True,
                         help="the card set's name")
    restore.add_argument("--set", dest="set_name", metavar="NAME",
                         help="store it under this name (default: its own)")
    for sub in (enroll, read, evaluate, export, restore, listing):
        sub.add_argument("--data-dir", dest="cards_data_dir", metavar="DIR",
                         default=argparse.SUPPRESS, help="data directory")
        sub.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                         help="print one JSON object on the last line of stdout")


# -- main ---------------------------------------------------------------------------------------


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    args_list = list(sys.argv[1:] if argv is None else argv)
    output = Output(out, err, as_json="--json" in args_list)
    try:
        args = build_parser().parse_args(args_list)
    except UsageError as exc:
        return output.fail(EXIT_USAGE, "usage", str(exc))
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    output.as_json = bool(args.json)
    try:
        return _run(args, output)
    except KeyboardInterrupt:
        return output.fail(EXIT_INTERRUPTED, "interrupted", "interrupted")
    except BrokenPipeError:  # stdout closed early (``| head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except IllegalRecordAction as exc:
        extra = {"index": exc.index, "kind": exc.action.kind, "player": exc.player,
                 "rule": exc.rule}
        lang = i18n.normalize(args.lang) or i18n.from_environment()
        return output.fail(EXIT_ILLEGAL, "illegal", exc.in_language(lang), extra)
    except IllegalAction as exc:
        lang = i18n.normalize(args.lang) or i18n.from_environment()
        return output.fail(EXIT_ILLEGAL, "illegal", exc.in_language(lang))
    except (UnreadableInput, UnknownGame, NotFound, Forbidden, UsageError) as exc:
        return output.fail(EXIT_USAGE, "unreadable", str(getattr(exc, "reason", exc)))
    except Exception as exc:
        reason = f"internal error: {type(exc).__name__}: {exc}".splitlines()[0]
        return output.fail(EXIT_INTERNAL, "internal", reason)


def _run(args: argparse.Namespace, output: Output) -> int:
    if args.command == "serve":
        try:
            settings = load_settings(
                args.data_dir, args.host, args.port, public_url=args.public_url,
                tower=args.tower, camera=args.camera, gpio=args.gpio,
                allowed_hosts=args.allowed_hosts,
            )
        except ValueError as exc:  # COMPANION_TOWER or COMPANION_PORT mistyped
            raise UsageError(str(exc)) from None
        from companion.app import serve  # lazily: it imports Flask and the devices

        return serve(settings)
    if args.command == "score":
        return cmd_score(args.game, args.file, output)
    if args.command == "replay":
        return cmd_replay(args.file, output)
    if args.command == "calibrate":
        from companion.vision import calibrate_cmd

        if args.sheets:
            return calibrate_cmd.write_sheets(args.sheets, output)
        settings = load_settings(args.data_dir, camera=args.camera)
        return calibrate_cmd.cmd_calibrate(args.image, settings.camera, settings.data_dir,
                                           output, args.overlay)
    if args.command == "dice":
        from companion.vision import commands  # lazily: it loads OpenCV and the models

        if args.dice_command == "read":
            return commands.cmd_dice_read(args.images, output)
        return commands.cmd_dice_eval(args.folder, output, args.scale, args.holdout)
    if args.command == "cards":
        return _run_cards(args, output)
    if args.command == "hub":
        from companion.hub.service import database_url, serve_hub  # lazily: psycopg

        try:
            dsn = database_url(args.db)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        return serve_hub(dsn, args.host, args.port)
    settings = load_settings(args.data_dir)
    if args.command == "export":
        return cmd_export(settings, args.game_id, args.all, args.output, output)
    if args.command == "repair":
        return cmd_repair(settings, output)
    if args.command == "backup":
        return cmd_backup(settings, args.folder, output)
    if args.command == "restore":
        return cmd_restore(settings, args.source, output)
    if args.command == "owner-pin":
        return cmd_owner_pin_set(settings, args.pin, output)
    return cmd_import(settings, args.file, output)


def _run_cards(args: argparse.Namespace, output: Output) -> int:
    from companion.vision.cards import commands as cards  # lazily: OpenCV and the models

    data_dir = load_settings(getattr(args, "cards_data_dir", None) or args.data_dir).data_dir
    action = args.cards_command
    if action == "enroll":
        return cards.cmd_cards_enroll(data_dir, args.set_name, args.folder, output, args.add)
    if action == "read":
        return cards.cmd_cards_read(data_dir, args.set_name, args.images, output)
    if action == "eval":
        return cards.cmd_cards_eval(args.folder, args.enroll_per_class, output)
    if action == "export":
        return cards.cmd_cards_export(data_dir, args.set_name, args.file, output)
    if action == "import":
        return cards.cmd_cards_import(data_dir, args.file, args.set_name, output)
    return cards.cmd_cards_list(data_dir, output)


# -- commands -------------------------------------------------------------------------------


def read_json(file: str) -> Any:
    """The JSON in ``file`` (``-``: stdin); :class:`UnreadableInput` naming the fault."""
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise UnreadableInput(f"cannot read {file}: {reason}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnreadableInput(
            f"{file} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None


def read_record(file: str, data: Any = None) -> Record:
    """The record in ``file`` (or its already read JSON ``data``), errors naming the file."""
    try:
        return load_record(read_json(file) if data is None else data)
    except UnreadableInput as exc:
        if exc.reason.startswith(f"cannot read {file}") or exc.reason.startswith(file):
            raise
        raise UnreadableInput(f"{file}: {exc.reason}") from None


def cmd_score(game_id: str, file: str, output: Output) -> int:
    game = find_game(game_id)
    data = read_json(file)
    other = data.get("game") if isinstance(data, dict) else None
    if isinstance(other, str) and other != game.info.id:
        raise UnreadableInput(f"{file} is a {other} record, not {game.info.id}")
    record = read_record(file, data)
    if record.final is not None:
        sheet = game.score_final(record.players, record.options, record.final)
        source, over = "final", True
    else:
        replayed = replay_record(record)
        sheet, source, over = replayed.sheet, "replay", replayed.over
    title = f"{game.info.name}: {'final' if over else 'provisional'} scores"
    how = "the record's final state" if source == "final" else (
        f"replaying {len(record.actions)} actions")
    output.line(f"{title} (from {how})")
    print_sheet(sheet, output)
    output.result({**sheet.to_json(), "ok": True, "source": source, "over": over})
    return EXIT_OK


def cmd_replay(file: str, output: Output) -> int:
    record = read_record(file)
    replayed = replay_record(record)
    count = len(record.actions)
    status = "the game is over" if replayed.over else "the game is not over yet"
    output.line(f"{file}: all {count} actions are legal; {status}")
    output.line(f"{record.game.info.name}: {'final' if replayed.over else 'provisional'} scores")
    print_sheet(replayed.sheet, output)
    output.result({"ok": True, "game": record.game.info.id, "actions": count,
                   "over": replayed.over, "score": replayed.sheet.to_json()})
    return EXIT_OK


def print_sheet(sheet: ScoreSheet, output: Output) -> None:
    """The ranking, then each player's breakdown, one line per reason."""
    by_name = {p.player: p for p in sheet.players}
    for place in sheet.ranking():
        player = by_name[place["name"]]
        tiebreak = ""
        if player.tiebreak:
            label = player.tiebreak_label or "tie-break"
            tiebreak = f"  [tie-break: {label} = {', '.join(map(str, player.tiebreak))}]"
        output.line(f"{place['rank']}. {player.player}: {player.total} points{tiebreak}")
        for line in player.breakdown:
            what = line.detail or " ".join(x for x in (line.rule, line.card) if x)
            output.line(f"     {line.points:+4d}  {line.rule}: {what}" if line.detail
                        else f"     {line.points:+4d}  {what}")


def _open_log(settings: Settings, create: bool) -> Any:
    from companion.session.log import GameLog

    path = settings.db_path
    if not path.exists():
        if not create:
            raise UnreadableInput(f"there is no game log at {path} (see --data-dir)")
        path.parent.mkdir(parents=True, exist_ok=True)
    return GameLog(path)


def cmd_export(
    settings: Settings, game_id: int | None, every: bool, file: str | None, output: Output
) -> int:
    if (game_id is None) == (not every):
        raise UsageError("export needs a GAME_ID or --all (not both)")
    from companion.session.session import Session

    log = _open_log(settings, create=False)
    try:
        with Session(log) as session:
            ids: list[int] = (
                [g["id"] for g in reversed(session.list_games())] if every
                else [game_id] if game_id is not None else []
            )
            records = [session.export_record(pk) for pk in ids]
    finally:
        log.close()
    document: JSON = {"records": records} if every else records[0]
    if file is None:
        if output.as_json:
            output.result(document)
        else:
            output.line(json.dumps(document, indent=2, ensure_ascii=False))
        return EXIT_OK
    write_atomically(Path(file), json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    output.line(f"exported {len(records)} game{'s' if len(records) != 1 else ''} to {file}")
    output.result({"ok": True, "file": file, "games": ids})
    return EXIT_OK


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the whole new one."""
    temp = path.with_name(f".{path.name}.tmp")
    try:
        with open(temp, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except OSError as exc:
        raise UnreadableInput(f"cannot write {path}: {exc.strerror or exc}") from None


def cmd_import(settings: Settings, file: str, output: Output) -> int:
    """Store the games of the record or bundle ``file`` (docs/RECORD_FORMAT.md, Bundles).

    Every record is read and replayed before anything is stored, then all of them are stored in
    ONE transaction: an error, Ctrl-C or a kill before the commit leaves the log as it was, so
    running the command again is always safe. A record imported before (the same JSON,
    :func:`~companion.session.records.record_fingerprint`) is not stored again but reported
    as "already imported as game N". The host tokens are printed after the commit, one line
    per new game, and never before. Ctrl-C once the records are checked cannot stop a commit
    the session's writer has begun, so it waits until the outcome is printed
    (:func:`_interrupts_held`).
    """
    objects = load_bundle(read_json(file))
    for number, obj in enumerate(objects):
        where = file if len(objects) == 1 else f"{file} record {number}"
        try:
            replay_record(load_record(obj))
        except UnreadableInput as exc:
            raise UnreadableInput(f"{where}: {exc.reason}") from None
        except IllegalAction as exc:
            raise IllegalAction(f"{where}: {exc.reason}") from None
    from companion.session.session import Imported, Session

    with _interrupts_held() as interrupted:
        log = _open_log(settings, create=True)
        try:
            with Session(log) as session:
                results: list[Imported] = session.import_records(objects)
        finally:
            log.close()
        imported, already = [], []
        for item in results:  # committed: only now may a host token be shown
            if item.host_token is None:
                output.line(f"already imported as game {item.game_pk} ({item.game}, "
                            f"{item.actions} actions); not stored again")
                already.append({"id": item.game_pk, "game": item.game,
                                "actions": item.actions})
            else:
                output.line(f"imported game {item.game_pk} ({item.game}, {item.actions}"
                            f" actions); host token {item.host_token}")
                imported.append({"id": item.game_pk, "game": item.game,
                                 "actions": item.actions, "host_token": item.host_token})
        if interrupted:
            print("companion: interrupted too late to stop the import: the games above are "
                  "stored", file=output.err)
    output.result({"ok": True, "imported": imported, "already_imported": already})
    return EXIT_OK


@contextmanager
def _interrupts_held() -> Iterator[list[int]]:
    """Hold back SIGINT (Ctrl-C) while the block runs; the list it gives collects the signals
    held. Ctrl-C in the main thread cannot stop a transaction the session's writer thread is
    committing: raised there it would only lose the outcome (host tokens of stored games).
    Outside the main thread (no signals arrive there) it does nothing."""
    held: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield held
        return
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: held.append(signum))
    try:
        yield held
    finally:
        signal.signal(signal.SIGINT, previous)


def cmd_owner_pin_set(settings: Settings, pin: str | None, output: Output) -> int:
    """Store a new owner PIN in the data directory (``companion/owner.py``); a running service
    takes it at its next owner check, and the owner tokens given for the old PIN end."""
    from companion.owner import check_pin_text, set_owner_pin

    if pin is None:
        import getpass

        pin = getpass.getpass("new owner PIN (6-12 digits): ")
        if getpass.getpass("the same PIN again: ") != pin:
            raise UsageError("the two PINs differ; nothing changed")
    check_pin_text(pin)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    set_owner_pin(settings.data_dir, pin)
    output.line(f"the owner PIN of {settings.data_dir} is changed; devices that entered the "
                "old one must enter the new one")
    output.result({"ok": True})
    return EXIT_OK


def cmd_repair(settings: Settings, output: Output) -> int:
    """Set an unusable game log aside (``companion/storage_check.py``); refuse a sound one."""
    from companion.storage_check import check_log, set_aside

    check = check_log(settings.db_path)
    if check.problem is None:
        raise UsageError(f"the game log {settings.db_path} is fine (or absent): nothing to "
                         "repair, nothing moved")
    moved = set_aside(settings.db_path)
    output.line(f"found: {check.problem}")
    for path in moved:
        output.line(f"kept aside as {path} (not deleted)")
    output.line("the next start of the companion begins a fresh, empty game log")
    output.result({"ok": True, "problem": check.problem, "kept": [str(p) for p in moved]})
    return EXIT_OK


def cmd_backup(settings: Settings, folder: str, output: Output) -> int:
    """Write a backup of the data directory into ``folder`` (``companion/backup.py``)."""
    from companion.backup import write_backup

    try:
        made = write_backup(settings.data_dir, Path(folder))
    except OSError as exc:
        raise UnreadableInput(f"cannot write a backup into {folder}: "
                              f"{exc.strerror or exc}") from None
    log = made.manifest["log"]
    extras = ", ".join(made.manifest["files"]) or "no other files"
    output.line(f"backed up {log['games']} game{'s' if log['games'] != 1 else ''} "
                f"({log['entries']} log entries) and {extras} to {made.path}")
    output.result({"ok": True, "file": str(made.path), "manifest": made.manifest})
    return EXIT_OK


def cmd_restore(settings: Settings, source: str, output: Output) -> int:
    """Put the backup ``source`` back (``companion/backup.py``); refused while a service runs
    on the data directory."""
    from companion.backup import ServiceRunning, restore

    try:
        done = restore(Path(source), settings.data_dir)
    except ServiceRunning as exc:
        raise UsageError(str(exc)) from None
    log = done.manifest["log"]
    output.line(f"restored {log['games']} game{'s' if log['games'] != 1 else ''} from "
                f"{source} (backup of {done.manifest['created']}) into {settings.data_dir}")
    for path in done.kept:
        output.line(f"kept aside as {path} (not deleted)")
    output.result({"ok": True, "manifest": done.manifest, "kept": [str(p) for p in done.kept]})
    return EXIT_OK
