#!/usr/bin/env python3
"""How long a fixed move time takes as a client sees it: drives `dama hub` over pipes at
`level move-time=T` and times each move from writing `go think` to reading `done`, in games of
Dama against itself from random openings (pydraughts plays the openings and checks every move).

What it measures is what the engine's own clock cannot see: the pipe both ways, waking the
engine's threads and the client, writing `done`. With `--move-overhead 0` the engine stops at T
itself, so (client time - T) is that latency alone; with the default it shows how far inside T
the reserve keeps the move. `--hogs N` runs N busy processes meanwhile (`--hogs -1`: one per core).
Moves answered without a search (one legal move) are left out; moves whose search ended early (a
result proven inside the horizon: under 80 % of T) are counted apart.

Usage: hub_latency.py [--dama PATH] [--movetime S] [--moves N] [--hogs N] [--move-overhead MS]
This is a measuring tool (README "Hub protocol", Time), not a pass/fail check.
"""

import random
import subprocess
import sys
import time
from pathlib import Path

import draughts

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cpu_hog import CpuHog, load_average, quantile  # noqa: E402
from hub_common import dama_binary, dama_parser  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import isolated_env  # noqa: E402,F401  (no tables but those a check names)

REPOSITORY = Path(__file__).resolve().parents[2]
MAX_PLIES = 150


class PipeEngine:
    """`dama hub` on pipes, lines written and flushed one by one, as GUIs do."""

    def __init__(self, binary, params):
        self.process = subprocess.Popen([str(binary), "hub", "--no-book"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.send("hub")
        self.until("wait")
        for name, value in params.items():
            self.send(f"set-param name={name} value={value}")
        self.send("init")
        self.until("ready")

    def send(self, line):
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def until(self, word):
        """Lines up to the first starting with `word`: (that line, the lines before it)."""
        before = []
        while True:
            raw = self.process.stdout.readline()
            if not raw:
                raise EOFError(f"dama hub closed its output waiting for {word}")
            line = raw.decode().rstrip()
            if line.split(None, 1)[0:1] == [word]:
                return line, before
            if line.startswith("error"):
                raise RuntimeError(f"dama hub: {line}")
            before.append(line)

    def close(self):
        try:
            self.send("quit")
            self.process.wait(timeout=10)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            self.process.stdin.close()
            self.process.stdout.close()


def timed_move(engine, board, movetime):
    """(seconds from writing `go think` to reading `done`, info lines, the move)."""
    moves = " ".join(m.hub_move for m in board.move_stack)
    engine.send(f'pos pos={board._game.initial_hub_fen} moves="{moves}"')
    engine.send(f"level move-time={movetime}")
    started = time.perf_counter()
    engine.send("go think")
    done, infos = engine.until("done")
    elapsed = time.perf_counter() - started
    best = done.split()[1].split("=", 1)[1]
    return elapsed, len(infos), draughts.Move(board, hub_move=best)


def random_opening(rng):
    while True:
        board = draughts.Board("italian")
        for _ in range(rng.randint(2, 5)):
            board.push(rng.choice(board.legal_moves()))
        if not board.is_over():
            return board


def measure(engine, count, movetime, rng):
    """`count` searched moves: (their times, moves that ended early, moves with no search)."""
    times, early, forced = [], 0, 0
    while len(times) < count:
        engine.send("new-game")
        board = random_opening(rng)
        while not board.is_over() and len(board.move_stack) < MAX_PLIES and len(times) < count:
            try:
                elapsed, infos, move = timed_move(engine, board, movetime)
            except (KeyError, ValueError):
                break  # pydraughts refused the move (its rule-4 reading): next game
            if infos == 0:
                forced += 1
            elif elapsed < 0.8 * movetime:
                early += 1
            else:
                times.append(elapsed)
            board.push(move)
    return times, early, forced


def report(label, times, movetime, early, forced, loads):
    over = sorted(1000 * (t - movetime) for t in times)
    beyond = sum(1 for x in over if x > 0)
    print(f"{label}: {len(over)} moves; client time - move time (ms): median {quantile(over, 0.5):+.2f}"
          f", p90 {quantile(over, 0.9):+.2f}, p99 {quantile(over, 0.99):+.2f}, max {over[-1]:+.2f}"
          f", min {over[0]:+.2f}; over the move time {beyond}; early ends {early}, no search {forced}"
          f"; load average {loads[0]:.2f} before, {loads[1]:.2f} after")


def main():
    parser = dama_parser(__doc__)
    parser.add_argument("--movetime", type=float, default=0.1)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--hogs", type=int, default=0, help="busy processes (-1: one per core)")
    parser.add_argument("--move-overhead", type=int, default=None, help="ms (default: Dama's)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    binary = dama_binary(args)
    params = {"threads": 1, "tt-size": 16}
    if args.move_overhead is not None:
        params["move-overhead"] = args.move_overhead
    before = load_average()
    engine = PipeEngine(binary, params)
    try:
        with CpuHog(None if args.hogs < 0 else args.hogs) as hog:
            times, early, forced = measure(engine, args.moves, args.movetime,
                                           random.Random(args.seed))
            after = load_average()
    finally:
        engine.close()
    overhead = "default" if args.move_overhead is None else f"{args.move_overhead} ms"
    label = f"move-time {args.movetime} s, move-overhead {overhead}, {hog.count} hogs"
    report(label, times, args.movetime, early, forced, (before, after))


if __name__ == "__main__":
    main()
