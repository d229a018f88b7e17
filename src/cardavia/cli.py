"""The ``cardavia`` command line (records-and-cli.md section 5).

Every subcommand prints JSON on standard output. Bad input exits with status 2 and one line on
standard error starting with ``error:``; never a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from cardavia.ai.agent import TIERS
from cardavia.engine import bench, record
from cardavia.engine.errors import CardaviaError
from cardavia.engine.playout import random_playout
from cardavia.engine.registry import game_names, get_spec
from cardavia.engine.rng import Rng

EXIT_BAD_INPUT = 2


class UsageError(Exception):
    """Bad command-line usage."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _dump(doc: object) -> None:
    print(json.dumps(doc, ensure_ascii=False))


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as exc:
        raise CardaviaError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CardaviaError(f"cannot read {path}: not UTF-8 text") from None


def _error(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay one or several records and print the final state (as a seat may see it)."""
    status = 0
    for path in args.files:
        try:
            game = record.replay_text(_read(path))
            if args.seat is not None and not 0 <= args.seat < game.spec.seats:
                raise CardaviaError(f"--seat must be 0-{game.spec.seats - 1}, got {args.seat}")
            doc = game.view(args.seat)
        except CardaviaError as exc:
            message = f"{path}: {exc}" if len(args.files) > 1 else str(exc)
            _error(message)
            if len(args.files) == 1:
                return EXIT_BAD_INPUT
            doc, status = {"error": message}, EXIT_BAD_INPUT
        _dump(doc)
    return status


def _analyze_query(args: argparse.Namespace) -> dict[str, Any]:
    query: dict[str, Any] = {"hand": args.hand}
    if args.game == "sisepai":
        query["exposed"] = args.exposed or []
        if args.meld:
            raise CardaviaError("--meld is for paohuzi; Sì Sè Pái uses --exposed")
    else:
        query["melds"] = args.meld or []
        if args.exposed:
            raise CardaviaError("--exposed is for sisepai; Paohuzi uses --meld")
        if args.source is not None:
            query["from"] = args.source
    if args.new is not None:
        query["new"] = args.new
    return query


def cmd_analyze(args: argparse.Namespace) -> int:
    """Judge holdings: from flags, or one JSON object per line with ``--batch``."""
    spec = get_spec(args.game)
    if args.batch is None:
        if args.hand is None:
            raise CardaviaError("give --hand (or --batch FILE)")
        _dump(spec.analyze(_analyze_query(args)))
        return 0
    status = 0
    for n, line in enumerate(_read(args.batch).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            query = json.loads(line)
            if not isinstance(query, dict):
                raise CardaviaError("each line must be a JSON object")
            doc = spec.analyze(query)
        except (CardaviaError, json.JSONDecodeError) as exc:
            message = f"line {n}: {exc}"
            _error(message)
            doc, status = {"error": message}, EXIT_BAD_INPUT
        _dump(doc)
    return status


def cmd_selfplay(args: argparse.Namespace) -> int:
    """Play one deal between random-legal players and print its record."""
    spec = get_spec(args.game)
    game = spec.new_game(args.seed)
    random_playout(game, Rng(args.seed).fork(1))
    _dump(game.record())
    return 0


def _progress_bar(enabled: bool) -> Callable[[int, int], None] | None:
    if not enabled:
        return None

    def show(done: int, total: int) -> None:
        if done == total or done % max(1, total // 50) == 0:
            filled = 30 * done // total
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total}")
            if done == total:
                sys.stderr.write("\n")
            sys.stderr.flush()

    return show


def cmd_bench(args: argparse.Namespace) -> int:
    """Benchmark random play and the hot checks on one core."""
    if args.deals < 1:
        raise CardaviaError("--deals must be at least 1")
    spec = get_spec(args.game)
    _dump(bench.run(spec, args.deals, args.seed, _progress_bar(sys.stderr.isatty())))
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    """Duplicate match on seeded decks: win share with a deck-clustered CI, latencies per agent."""
    from cardavia.ai import arena

    match = arena.Match(args.game, args.challenger, args.reference, args.seed)
    report = arena.run(match, args.decks, args.workers, _progress_bar(True))
    if args.json:
        _dump(report)
    else:
        print(arena.format_text(report))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """Start the web site (the database schema is created or migrated at start)."""
    import uvicorn

    from cardavia.web.app import create_app
    from cardavia.web.config import WebConfig, database_url

    if not 0 <= args.port <= 65535:
        raise CardaviaError(f"--port must be 0-65535, got {args.port}")
    config = WebConfig(db_url=database_url(args.db))
    if args.ai_delay is not None:
        if not 0 <= args.ai_delay <= 60:
            raise CardaviaError(f"--ai-delay must be 0-60 seconds, got {args.ai_delay}")
        config = dataclasses.replace(config, ai_delay=args.ai_delay)
    if args.start_rate is not None:
        if args.start_rate < 0:
            raise CardaviaError(f"--start-rate must be 0 or more deals a minute, got {args.start_rate}")
        config = dataclasses.replace(config, start_rate_per_minute=args.start_rate)
    print(f"Cardavia at http://{args.host}:{args.port}/", file=sys.stderr)
    uvicorn.run(create_app(config), host=args.host, port=args.port, log_level="warning", ws_ping_interval=20)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = _Parser(prog="cardavia", description="Cardavia: Chinese card games.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("serve", help="start the web site (the default command)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--db", help="SQLite file or postgresql:// URL (default: cardavia.db here)")
    p.add_argument(
        "--ai-delay", type=float, help="seconds before each computer move (default 0.7)"
    )
    p.add_argument(
        "--start-rate", type=int, help="new deals one IP address may start a minute (default 10; 0: no limit)"
    )
    p.set_defaults(run=cmd_serve)

    p = sub.add_parser("replay", help="replay game records and print the final state")
    p.add_argument("files", nargs="+", metavar="FILE", help="record files, or - for stdin")
    p.add_argument("--seat", type=int, help="show the state as this seat may see it")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("analyze", help="is this holding complete, and what does it score?")
    p.add_argument("game", choices=game_names())
    p.add_argument("--hand", help="the concealed cards")
    p.add_argument("--exposed", action="append", help="Sì Sè Pái: an exposed group (repeatable)")
    p.add_argument("--meld", action="append", help="Paohuzi: a meld, kind then cards (repeatable)")
    p.add_argument("--new", help="the public card being taken")
    p.add_argument("--from", dest="source", choices=["own", "other"], help="Paohuzi: who revealed --new")
    p.add_argument("--batch", metavar="FILE", help="one JSON query per line (FILE or -)")
    p.set_defaults(run=cmd_analyze)

    p = sub.add_parser("selfplay", help="play one deal between random-legal players")
    p.add_argument("game", choices=game_names())
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=cmd_selfplay)

    p = sub.add_parser("bench", help="random-play throughput and hot-check timings")
    p.add_argument("game", choices=game_names())
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=cmd_bench)

    p = sub.add_parser("arena", help="duplicate match of a challenger agent against a reference agent")
    p.add_argument("game", choices=game_names())
    p.add_argument("--challenger", required=True, choices=TIERS, help="the agent rotated through the seats")
    p.add_argument("--reference", required=True, choices=TIERS, help="the agent in every other seat")
    p.add_argument("--decks", type=int, default=100, help="seeded decks, each played once per seat")
    p.add_argument("--seed", type=int, default=1, help="deck i is dealt from seed + i")
    p.add_argument("--workers", type=int, default=1, help="processes (results are the same for any number)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(run=cmd_arena)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    try:
        words = list(sys.argv[1:] if argv is None else argv)
        if not words or (words[0].startswith("-") and words[0] not in ("-h", "--help")):
            words.insert(0, "serve")  # ``cardavia [--port P ...]`` starts the site
        args = parser.parse_args(words)
        result: int = args.run(args)
        return result
    except (UsageError, CardaviaError) as exc:
        _error(str(exc))
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        _error("interrupted")
        return 130


def run() -> NoReturn:
    """Console-script entry point."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``cardavia replay f | head``): stop quietly, like other tools.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 1
    sys.exit(status)
