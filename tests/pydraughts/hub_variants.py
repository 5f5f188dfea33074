#!/usr/bin/env python3
"""Interoperability of `dama hub` with pydraughts (PyPI `pydraughts`, class draughts.engine.HubEngine)
in English draughts (pydraughts variant "english"), International draughts ("standard"), Russian
("russian") and Brazilian draughts ("brazilian").

For each game:
1. Handshake: the variant param offers the game; `set-param name=variant` with pydraughts' name
   for it; init.
2. Refereed games between two Dama processes from varied openings (random 1 to 4 plies from a
   fixed seed), under a move time, a depth, a node count and a one-second clock in turn. pydraughts
   sends the whole game (its own position string and every move) and reads each `done`; every
   move is also checked here against pydraughts' own legal moves, as (from, to, captured set).

Counted and required to be zero: illegal moves, protocol errors (any `error` line or any line that
is not a Hub response) and losses on time.

Usage: hub_variants.py [--dama PATH] [--seed N] [--games N]   (exit status 0 only when all is well)
"""

import random
import sys
import time
from pathlib import Path

import draughts
from draughts.engine import Limit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hub_common import CheckedHubEngine, Failures, close_engine, dama_binary, dama_parser  # noqa: E402

REPOSITORY = Path(__file__).resolve().parents[2]
MAX_PLIES = 200
# pydraughts' name for each game, and the name Dama declares.
GAMES = [("english", "english"), ("standard", "international"), ("russian", "russian"),
         ("brazilian", "brazilian")]
CONTROLS = [("move time 0.02 s", {"movetime": 0.02}), ("depth 5", {"depth": 5}),
            ("nodes 4000", {"nodes": 4000}), ("1 s + 0.02 s", {"time": 1.0, "inc": 0.02})]


def move_key(move):
    """A move as (from, to, captured set)."""
    return move.steps_move[0], move.steps_move[-1], frozenset(move.captures or [])


def start_engine(binary, name, variant, failures):
    engine = CheckedHubEngine([str(binary), "hub"], name)
    failures.check(variant in engine.variants, f"{name}: variants declared {engine.variants}")
    return engine


def handshake(binary, py_variant, dama_name, failures):
    engine = start_engine(binary, "handshake", dama_name, failures)
    engine.setoption("variant", py_variant)
    engine.configure({"threads": 1, "tt-size": 8})
    engine.init()
    engine.ping()
    return close_engine(engine, failures)


def random_opening(py_variant, rng):
    while True:
        board = draughts.Board(py_variant)
        for _ in range(rng.randint(1, 4)):
            board.push(rng.choice(board.legal_moves()))
        if not board.is_over():
            return board


def play_game(players, board, control, stats):
    """One game from `board`; returns (result, plies, the lowest clock after a move and before its
    increment, or None). A clock runs as a GUI's does: until the engine's `done` line arrives."""
    clocks = [control.get("time"), control.get("time")]
    lowest = None
    while not board.is_over() and len(board.move_stack) < MAX_PLIES:
        side = 0 if board.turn == draughts.WHITE else 1
        engine = players[side]
        if "time" in control:
            limit = Limit(time=clocks[side], inc=control["inc"])
        else:
            limit = Limit(movetime=control.get("movetime"), depth=control.get("depth"),
                          nodes=control.get("nodes"))
        legal = {move_key(m) for m in board.legal_moves()}
        started = time.perf_counter()
        try:
            move = engine.play(board, limit, False).move
        except (KeyError, ValueError, IndexError) as error:
            stats["illegal"] += 1
            print(f"  ILLEGAL from {engine.name}: {engine.last_done!r} in {board.fen} ({error!r})")
            return "illegal", len(board.move_stack), lowest
        spent = engine.time_since(started)
        if move_key(move) not in legal:
            stats["illegal"] += 1
            print(f"  ILLEGAL from {engine.name}: {engine.last_done!r} in {board.fen}")
            return "illegal", len(board.move_stack), lowest
        if clocks[side] is not None:
            if spent > clocks[side]:
                stats["time losses"] += 1
                print(f"  LOSS ON TIME by {engine.name}: {spent:.3f} s, {clocks[side]:.3f} s left")
                return "time", len(board.move_stack), lowest
            lowest = min(lowest if lowest is not None else clocks[side], clocks[side] - spent)
            stats["lowest clock"] = min(stats["lowest clock"], lowest)
            clocks[side] += control["inc"] - spent
        board.push(move)
        stats["moves"] += 1
    winner = board.winner()
    result = {draughts.WHITE: "white won", draughts.BLACK: "black won", 0: "draw"}.get(winner, "unfinished")
    return result, len(board.move_stack), lowest


def play_games(binary, py_variant, dama_name, count, rng, failures):
    stats = {"illegal": 0, "time losses": 0, "moves": 0, "lowest clock": float("inf")}
    results = {}
    errors = 0
    for number in range(1, count + 1):
        label, control = CONTROLS[(number - 1) % len(CONTROLS)]
        board = random_opening(py_variant, rng)
        opening = " ".join(m.pdn_move for m in board.move_stack)
        players = []
        for name, table in (("white", 16), ("black", 32)):
            engine = start_engine(binary, name, dama_name, failures)
            engine.setoption("variant", py_variant)
            engine.configure({"threads": 1, "tt-size": table})
            engine.init()
            players.append(engine)
        started = time.perf_counter()
        result, plies, lowest = play_game(players, board, control, stats)
        for engine in players:
            errors += close_engine(engine, failures)
        results[result] = results.get(result, 0) + 1
        print(f"{py_variant} game {number:2}: {label:17} opening {opening:24} {result:10} {plies:3} plies "
              f"{time.perf_counter() - started:5.1f} s"
              + (f", lowest clock {lowest:.3f} s" if lowest is not None else ""))
    return results, errors, stats


def main():
    parser = dama_parser(__doc__)
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    binary = dama_binary(args)
    failures = Failures()
    rng = random.Random(args.seed)
    started = time.perf_counter()
    for py_variant, dama_name in GAMES:
        errors = handshake(binary, py_variant, dama_name, failures)
        results, game_errors, stats = play_games(binary, py_variant, dama_name, args.games, rng,
                                                 failures)
        errors += game_errors
        played = sum(results.values())
        failures.check(played == args.games, f"{py_variant}: {played} games played")
        failures.check(stats["illegal"] == 0, f"{py_variant}: {stats['illegal']} illegal moves")
        failures.check(stats["time losses"] == 0, f"{py_variant}: {stats['time losses']} losses on time")
        print(f"{py_variant}: {played} games {results}, {stats['moves']} moves checked, illegal moves "
              f"{stats['illegal']}, protocol errors {errors}, losses on time {stats['time losses']}, "
              f"lowest clock {stats['lowest clock']:.3f} s")
    print(f"hub variants: {time.perf_counter() - started:.1f} s")
    if failures.messages:
        print(f"{len(failures.messages)} failures")
        sys.exit(1)


if __name__ == "__main__":
    main()
