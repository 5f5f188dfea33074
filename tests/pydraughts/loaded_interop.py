#!/usr/bin/env python3
"""No losses on time on a loaded machine: pydraughts (PyPI `pydraughts`, draughts.engine.HubEngine)
referees games of Dama against Dama at a fixed move time while every core is kept busy.

- One busy process per core (`os.cpu_count()` of `while True: pass`, cpu_hog.py) runs for the
  whole script and is killed at its end, however it ends.
- GAMES games (default 20) between two `dama hub` processes (one thread each, default settings:
  the default `move-overhead`) from random openings (2 to 5 plies from a fixed seed) at
  `Limit(movetime=MOVE_TIME)`, 0.1 s a move; a game still going after MAX_PLIES plies is
  adjudicated a draw. Every move is checked legal by pydraughts' own move generator (the one
  rule-4 reading where pydraughts differs, differential.py, is excused as in hub_interop.py).
- A move's time is the wall time from writing `go think` to reading `done`, as this client sees
  it (the time a referee charges: `dama match` times the same span). A move over MOVE_TIME +
  TIME_MARGIN is a loss on time; TIME_MARGIN is 0.05 s, the match runner's `--time-margin`
  default (README "Hub protocol", Time: the latency measured under this load is far below it).

Fails on any loss on time, illegal move or protocol error (an `error` line, any line that is not
a Hub response). Prints the games, the forfeits and the largest time over the move time (with the
median and 99th percentile of the searched moves' times over it) and the load average.

Usage: loaded_interop.py [--dama PATH] [--games N] [--seed N]   (exit status 0 only when all is well)
"""

import random
import sys
import time
from pathlib import Path

import draughts
from draughts.engine import Limit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cpu_hog import CpuHog, load_average, quantile  # noqa: E402
from hub_common import (CheckedHubEngine, Failures, close_engine, dama_binary,  # noqa: E402
                        dama_parser)
from hub_games import judge_refusal, random_opening  # noqa: E402

REPOSITORY = Path(__file__).resolve().parents[2]
MOVE_TIME = 0.1
TIME_MARGIN = 0.05  # seconds: `dama match --time-margin`'s default
MAX_PLIES = 60


class TimedHubEngine(CheckedHubEngine):
    """CheckedHubEngine that also notes when `go think` was written."""

    def __init__(self, command, name):
        self.go_at = None
        super().__init__(command, name)

    def send(self, line):
        if line == "go think":
            self.go_at = time.perf_counter()  # before the write: the engine may run first
        super().send(line)

    def move_time(self):
        """Seconds from writing the last `go think` to reading its `done`."""
        return self.done_at - self.go_at


def start_engine(binary, name):
    engine = TimedHubEngine([str(binary), "hub"], name)
    engine.setoption("variant", "italian")
    engine.configure({"threads": 1, "tt-size": 16})
    engine.init()
    return engine


def play_game(players, board, stats):
    """One game from `board`: (result, plies). A move is timed and checked before it is played."""
    while not board.is_over() and len(board.move_stack) < MAX_PLIES:
        engine = players[0 if board.turn == draughts.WHITE else 1]
        try:
            move = engine.play(board, Limit(movetime=MOVE_TIME), False).move
        except (KeyError, ValueError) as error:
            whitelisted, move = judge_refusal(board, engine.last_done or "")
            if not whitelisted:
                stats["illegal"] += 1
                print(f"  ILLEGAL from {engine.name}: {engine.last_done!r} in {board.fen} ({error!r})")
                return "illegal", len(board.move_stack)
            stats["whitelisted"] += 1
            if move is None:
                return "stopped (rule 4)", len(board.move_stack)
        spent = engine.move_time()
        if engine.info:  # `info` lines came: a search, not a book move or a forced one
            stats["searched"].append(spent - MOVE_TIME)
        stats["worst"] = max(stats["worst"], spent - MOVE_TIME)
        if spent > MOVE_TIME + TIME_MARGIN:
            stats["forfeits"] += 1
            print(f"  LOSS ON TIME by {engine.name}: {spent:.3f} s for a {MOVE_TIME} s move at ply {len(board.move_stack) + 1} (info lines {len(engine.info or [])})")
            return "time", len(board.move_stack)
        board.push(move)
    if board.is_over():
        winner = board.winner()
        return {draughts.WHITE: "1-0", draughts.BLACK: "0-1"}.get(winner, "1/2-1/2"), len(board.move_stack)
    return "1/2-1/2 (adjudicated)", len(board.move_stack)


def main():
    parser = dama_parser(__doc__)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    binary = dama_binary(args)
    failures = Failures()
    rng = random.Random(args.seed)
    stats = {"illegal": 0, "whitelisted": 0, "forfeits": 0, "worst": -MOVE_TIME, "searched": []}
    results = {}
    protocol_errors = 0
    quiet_load = load_average()
    started = time.perf_counter()
    with CpuHog() as hog:
        for number in range(1, args.games + 1):
            board = draughts.Board("italian")
            for move in random_opening(rng):
                board.push(move)
            opening = " ".join(m.pdn_move for m in board.move_stack)
            players = (start_engine(binary, "white"), start_engine(binary, "black"))
            game_started = time.perf_counter()
            try:
                result, plies = play_game(players, board, stats)
            finally:
                protocol_errors += sum(close_engine(engine, failures) for engine in players)
            results[result] = results.get(result, 0) + 1
            print(f"game {number:2}: opening {opening:28} {result:22} {plies:3} plies "
                  f"{time.perf_counter() - game_started:5.1f} s")
        loaded = load_average()
    searched = stats["searched"]
    failures.check(sum(results.values()) == args.games, f"{sum(results.values())} games played")
    failures.check(stats["illegal"] == 0, f"{stats['illegal']} illegal moves")
    failures.check(protocol_errors == 0, f"{protocol_errors} protocol errors")
    failures.check(stats["forfeits"] == 0, f"{stats['forfeits']} losses on time")
    failures.check(len(searched) > 0, "no move was searched")
    spread = (f"median {1000 * quantile(searched, 0.5):+.1f} ms, p99 {1000 * quantile(searched, 0.99):+.1f} ms"
              if searched else "none")
    print(f"loaded interop: {args.games} games {results}, {hog.count} busy processes, forfeits "
          f"{stats['forfeits']}, illegal moves {stats['illegal']}, protocol errors {protocol_errors}, "
          f"largest time over the move time {1000 * stats['worst']:+.1f} ms (margin "
          f"{1000 * TIME_MARGIN:.0f} ms); searched moves {len(searched)}: time over the move time "
          f"{spread}; load average {quiet_load:.2f} before, {loaded:.2f} loaded "
          f"[seed {args.seed}, {time.perf_counter() - started:.1f} s]")
    if failures.messages:
        sys.exit("FAILED: " + "; ".join(failures.messages))


if __name__ == "__main__":
    main()
