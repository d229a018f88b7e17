"""The ``cardavia`` command line (records-and-cli.md section 5).

Every subcommand prints JSON on standard output. Bad input exits with status 2 and one line on
standard error starting with ``error:``; never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import logging
import os
import re
import stat
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from typing import Any, BinaryIO, NoReturn

from cardavia import bench
from cardavia.ai.agent import TIERS
from cardavia.engine import record
from cardavia.engine.errors import CardaviaError
from cardavia.engine.playout import random_playout
from cardavia.engine.registry import game_names, get_spec, registration
from cardavia.engine.rng import Rng

EXIT_BAD_INPUT = 2
MAX_INPUT_BYTES = 8 << 20
"""The largest record file (or standard input) read: a real record is a few KB."""
MAX_LINE_BYTES = 64 << 10
"""The longest ``--batch`` line read: a query is a few hundred bytes."""
MAX_DECKS = 1_000_000
"""The most ``arena --decks``: every deck's results are kept until the report."""
MAX_WORKERS = 256
"""The most ``arena --workers``: each is a process, all started at once."""
NODE_NAME = re.compile(r"[A-Za-z0-9._-]{1,48}")
"""A ``serve --node`` name (it goes into the owner id of the process's leases)."""


class UsageError(Exception):
    """Bad command-line usage."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _dump(doc: object) -> None:
    print(json.dumps(doc, ensure_ascii=False))


def _open(path: str) -> contextlib.AbstractContextManager[BinaryIO]:
    """Open an input file (``-``: standard input) for reading bytes.

    Only a regular file or a pipe is read: a directory or a device (``/dev/zero``) is refused.
    """
    if path == "-":
        if sys.stdin is None:
            raise CardaviaError("cannot read -: there is no standard input")
        return contextlib.nullcontext(sys.stdin.buffer)
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            raise CardaviaError(f"cannot read {path}: it is a directory")
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            raise CardaviaError(f"cannot read {path}: not a regular file or a pipe")
        return open(path, "rb")
    except OSError as exc:
        raise CardaviaError(f"cannot read {path}: {exc.strerror}") from None


def _decode(data: bytes, path: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CardaviaError(f"cannot read {path}: not UTF-8 text") from None


def _read(path: str) -> str:
    """The whole text of an input file (``-``: standard input), at most ``MAX_INPUT_BYTES``."""
    with _open(path) as f:
        try:
            data = f.read(MAX_INPUT_BYTES + 1)
        except OSError as exc:
            raise CardaviaError(f"cannot read {path}: {exc.strerror}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise CardaviaError(f"cannot read {path}: over {MAX_INPUT_BYTES >> 20} MiB (a record is a few KB)")
    return _decode(data, path)


def _lines(path: str) -> Iterator[bytes]:
    """The lines of an input file, one at a time, each cut after ``MAX_LINE_BYTES + 1`` bytes."""
    with _open(path) as f:
        try:
            yield from iter(lambda: f.readline(MAX_LINE_BYTES + 1), b"")
        except OSError as exc:
            raise CardaviaError(f"cannot read {path}: {exc.strerror}") from None


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
            doc: dict[str, Any] = dict(game.view(args.seat))
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
    game = registration(args.game)
    given = {"exposed": args.exposed, "melds": args.meld}
    option = {"exposed": "--exposed", "melds": "--meld"}
    for field, groups in given.items():
        if field == game.groups_field:
            query[field] = groups or []
        elif groups:
            uses = option[game.groups_field]
            raise CardaviaError(f"{option[field]} is not for {game.title}; it uses {uses}")
    if args.source is not None:
        query["from"] = args.source
    if args.new is not None:
        query["new"] = args.new
    if args.waits:
        query["waits"] = True
    return query


def cmd_analyze(args: argparse.Namespace) -> int:
    """Judge holdings: from flags, or one JSON object per line with ``--batch`` (answered as read;
    a line over ``MAX_LINE_BYTES`` ends the batch)."""
    spec = get_spec(args.game)
    if args.batch is None:
        if args.hand is None:
            raise CardaviaError("give --hand (or --batch FILE)")
        _dump(spec.analyze(_analyze_query(args)))
        return 0
    status = 0
    for n, raw in enumerate(_lines(args.batch), start=1):
        too_long = len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n")
        try:
            if too_long:
                raise CardaviaError(f"longer than {MAX_LINE_BYTES >> 10} KiB; the batch stops here")
            line = _decode(raw, args.batch)
            if not line.strip():
                continue
            query = record.load_json(line)
            if not isinstance(query, dict):
                raise CardaviaError("each line must be a JSON object")
            doc = spec.analyze(query)
        except CardaviaError as exc:
            message = f"line {n}: {exc}"
            _error(message)
            doc, status = {"error": message}, EXIT_BAD_INPUT
        _dump(doc)
        if too_long:
            break
    return status


def cmd_explain(args: argparse.Namespace) -> int:
    """Is an action legal for a seat where a record stands, and if not, why (section 7)."""
    game = record.replay_text(_read(args.file))
    decision = game.decision()
    seat = args.seat if args.seat is not None else (decision.seats[0] if decision is not None else 0)
    if not 0 <= seat < game.spec.seats:
        raise CardaviaError(f"--seat must be 0-{game.spec.seats - 1}, got {seat}")
    reason = game.explain(seat, args.action)
    _dump({"legal": True} if reason is None else reason.to_json())
    return 0


def cmd_puzzle(args: argparse.Namespace) -> int:
    """Check a puzzle file as CI does: one ``error:`` line per bad puzzle, exit 2 when any."""
    from cardavia.puzzles.puzzle import check

    good, errors = check(_read(args.check), args.game)
    for message in errors:
        _error(message)
    _dump({"puzzles": len(good), "bad": len(errors)})
    return EXIT_BAD_INPUT if errors else 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    """Play one deal (random-legal players, or the agents of ``--players``) and print its record."""
    spec = get_spec(args.game)
    game = spec.new_game(args.seed)
    if args.players is None:
        random_playout(game, Rng(args.seed).fork(1))
    else:
        from cardavia.ai import make_agent, observe

        tiers = args.players.split(",")
        if len(tiers) != spec.seats or any(t not in TIERS for t in tiers):
            raise CardaviaError(
                f"--players needs {spec.seats} agents, one per seat, each one of {', '.join(TIERS)}"
            )
        agents = [make_agent(args.game, t) for t in tiers]
        rng = Rng(args.seed).fork(1)
        while (decision := game.decision()) is not None:
            seat = decision.seats[0]
            game.apply(seat, agents[seat].act(observe(game, seat), rng.fork(len(game.actions()))))
    _dump(game.record())
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """Judge every decision of a seat in a finished deal (section 7)."""
    from cardavia.review import review

    data = record.parse_json(_read(args.file))
    _dump(review(data, args.seat, _progress_bar(sys.stderr.isatty())))
    return 0


def _review_help() -> str:
    from cardavia.review import BLUNDER, INACCURACY, MISTAKE
    from cardavia.review.core import judges

    even = ", ".join(f"{judge.even} in {name}" for name, judge in judges().items())
    text = (
        "Every decision of seat N with two or more legal actions, judged by the hard tier from what "
        "N could see then: each legal action's value is N's calibrated chance (0-1) to win the deal "
        "after it; best = the highest value; loss = value(best) - value(chosen).\n\n"
        "points: each action's value in the game's own points, N's expected result of the deal after it "
        "(chance x the mean result of a win + (1 - chance) x the mean result of a deal not won, both "
        "measured on self-play deals); points_loss = points(best) - points(chosen); points_lost = the "
        "sum over the counted decisions.\n\n"
        f"flag: inaccuracy when loss >= {INACCURACY}, mistake when loss >= {MISTAKE}, "
        f"blunder when loss >= {BLUNDER}, else null.\n\n"
        "counted: false when every option's value is the same within the judge's own error (the "
        f"values' spread at most {even}: the sampling error of the judge's worlds, or the printed "
        "precision); "
        "such decisions are left out of the accuracy and points_lost. counted (top level): how many "
        "decisions count.\n\n"
        "accuracy = 100 * sum(value(chosen) - mean) / sum(value(best) - mean) over the counted "
        "decisions, where mean is the mean value of the decision's legal actions (what picking at "
        "random keeps on average); kept within 0-100, one decimal; 100 when every choice is best or "
        "no decision counts, about 0 for random choices.\n\n"
        "kind: what a choice that was not the best did: missed_win, fed_win (a discard another seat "
        "won on at once), refused_claim, needless_claim, other_claim, missed_wait (the best left the "
        "hand one card from complete, the choice did not), broke_group (a discard that left more "
        "cards missing than the best), weaker_discard, other; null when the best was chosen."
    )
    return "\n".join(textwrap.fill(part, 100) for part in text.split("\n"))


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
    if not isinstance(spec, bench.Benchmarked):
        raise CardaviaError(f"{args.game} offers no benchmark")
    _dump(bench.run(spec, args.deals, args.seed, _progress_bar(sys.stderr.isatty())))
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    """Duplicate match on seeded decks: win share with a deck-clustered CI, latencies per agent."""
    from cardavia.ai import arena

    if not 1 <= args.decks <= MAX_DECKS:
        raise CardaviaError(f"--decks must be 1-{MAX_DECKS}, got {args.decks}")
    if not 1 <= args.workers <= MAX_WORKERS:
        raise CardaviaError(f"--workers must be 1-{MAX_WORKERS}, got {args.workers}")
    match = arena.Match(args.game, args.challenger, args.reference, args.seed)
    report = arena.run(match, args.decks, args.workers, _progress_bar(True))
    if args.json:
        _dump(report)
    else:
        print(arena.format_text(report))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """Start the web site (the database schema is created or migrated at start); refuse a SQLite
    file that another server has open."""
    import uvicorn

    from cardavia.web.app import create_app
    from cardavia.web.config import WebConfig, database_url
    from cardavia.web.storage import store

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
    if args.node is not None:
        if not NODE_NAME.fullmatch(args.node):
            raise CardaviaError(f"--node must be 1-48 letters, digits, '.', '_' or '-', got {args.node!r}")
        config = dataclasses.replace(config, node=args.node)
    if args.lease_ttl is not None:
        if not 1 <= args.lease_ttl <= 60:
            raise CardaviaError(f"--lease-ttl must be 1-60 seconds, got {args.lease_ttl}")
        config = dataclasses.replace(config, lease_ttl=args.lease_ttl)
    if args.ai_tier is not None:
        config = dataclasses.replace(config, ai_tier_override=args.ai_tier)
    if args.par_runs is not None:
        if not 0 <= args.par_runs <= 16:
            raise CardaviaError(f"--par-runs must be 0-16, got {args.par_runs}")
        config = dataclasses.replace(config, par_runs=args.par_runs)
    if args.ai_executor is not None:
        config = dataclasses.replace(config, ai_executor=args.ai_executor)
    try:
        lock = store.claim(config.db_url)  # held until the server's store takes it over
    except store.LockError as exc:
        raise CardaviaError(str(exc)) from None
    with lock:
        _log_to_stderr()
        print(f"Cardavia at http://{args.host}:{args.port}/", file=sys.stderr)
        app = create_app(config)
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_ping_interval=20)
    return 0


def _log_to_stderr() -> None:
    """The site's warnings, and which tables this process takes and lets go (on a shared
    database), on standard error with the time."""
    logger = logging.getLogger("cardavia")
    if logger.handlers:
        return
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    logging.getLogger("cardavia.web.live.ownership").setLevel(logging.INFO)


def _games_by(groups_field: str) -> str:
    """The titles of the games whose exposed groups an ``analyze`` query names ``groups_field``."""
    games = [registration(g) for g in game_names()]
    return ", ".join(game.title for game in games if game.groups_field == groups_field)


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
    p.add_argument("--node", help="this process's name among the servers of one PostgreSQL (logs, leases)")
    p.add_argument(
        "--lease-ttl",
        type=float,
        help="PostgreSQL: seconds a dead server's tables wait before another takes them (default 5)",
    )
    p.add_argument(
        "--ai-tier", choices=TIERS, help="every computer seat plays this tier (trials, benchmarks)"
    )
    p.add_argument(
        "--par-runs",
        type=int,
        help="plays of the hard tier that set a finished deal's par (default 4; 0: none)",
    )
    p.add_argument(
        "--ai-executor",
        choices=["process", "thread", "inline"],
        help="where computer players think (default process: a pool of worker processes)",
    )
    p.set_defaults(run=cmd_serve)

    p = sub.add_parser("replay", help="replay game records and print the final state")
    p.add_argument("files", nargs="+", metavar="FILE", help="record files, or - for stdin")
    p.add_argument("--seat", type=int, help="show the state as this seat may see it")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("analyze", help="is this holding complete, and what does it score?")
    p.add_argument("game", choices=game_names())
    p.add_argument("--hand", help="the concealed cards")
    exposed, melds = _games_by("exposed"), _games_by("melds")
    p.add_argument("--exposed", action="append", help=f"{exposed}: an exposed group (repeatable)")
    p.add_argument("--meld", action="append", help=f"{melds}: a meld, kind then cards (repeatable)")
    p.add_argument("--new", help="the public card being taken")
    p.add_argument(
        "--from", dest="source", choices=["own", "other"],
        help="who revealed --new, in a game that scores the two differently",
    )
    p.add_argument("--batch", metavar="FILE", help="one JSON query per line (FILE or -)")
    p.add_argument("--waits", action="store_true", help="list every card that would complete the holding")
    p.set_defaults(run=cmd_analyze)

    p = sub.add_parser("explain", help="is this action legal where the record stands, and if not, why?")
    p.add_argument("file", metavar="FILE", help="a record file, or - for stdin")
    p.add_argument("--seat", type=int, help="the seat trying it (default: the first seat asked)")
    p.add_argument("--action", required=True, help='the action without the seat, e.g. "take RH RH RH"')
    p.set_defaults(run=cmd_explain)

    p = sub.add_parser(
        "review", help="judge every decision of a seat in a finished deal", description=_review_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="a finished deal's record, or - for stdin")
    p.add_argument("--seat", type=int, required=True, help="the seat whose decisions are judged")
    p.set_defaults(run=cmd_review)

    p = sub.add_parser(
        "puzzle", help="check a puzzle file", description=(
            "Check a puzzle file (JSON Lines; the format is in cardavia.puzzles.puzzle): each line's fields, "
            "its record's position replays, the seat is asked there, the options are its legal actions "
            "and the answer one of them. Prints the counts; one error: line per bad puzzle, exit 2."
        ),
    )
    p.add_argument("game", choices=game_names())
    p.add_argument("--check", required=True, metavar="FILE", help="the puzzle file, or - for stdin")
    p.set_defaults(run=cmd_puzzle)

    p = sub.add_parser("selfplay", help="play one deal between computer players and print its record")
    p.add_argument("game", choices=game_names())
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", help="the agent of each seat in seat order, e.g. hard,random,random,random")
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
    p.add_argument(
        "--decks", type=int, default=100, help=f"seeded decks, each played once per seat (1-{MAX_DECKS:,})"
    )
    p.add_argument("--seed", type=int, default=1, help="deck i is dealt from seed + i")
    p.add_argument(
        "--workers", type=int, default=1, help=f"processes, 1-{MAX_WORKERS} (the same results for any number)"
    )
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
