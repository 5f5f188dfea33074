#!/usr/bin/env python3
"""Differential test of Dama's English draughts move generator (`dama moves --variant english`)
against pydraughts (PyPI `pydraughts`, variant "english"), an independent implementation.

Positions, from one fixed seed: positions reached by random play from the start (played with
pydraughts), and random placements with many kings (men never on their own crowning row, at most
12 pieces a side, either side to move). Both generators' moves are compared as sets of
(from, to, frozenset(captured squares)); pydraughts may list a capture once per route, Dama lists
every route too, and both collapse in the set. Dama's captured squares are recomputed here from
its full paths with English geometry (short kings: each jump takes the square between two landing
squares).

Usage: english_differential.py [--dama PATH] [--seed N] [--positions N]   (exit status 0 only when
every position agrees and at least N positions were compared)
"""

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import draughts

REPOSITORY = Path(__file__).resolve().parents[2]


def coor(n):
    row, k = (n - 1) // 4, (n - 1) % 4
    return row, 2 * k + (1 if row % 2 == 0 else 0)


def number(row, col):
    return row * 4 + (col - (1 if row % 2 == 0 else 0)) // 2 + 1


def dama_triple(path):
    squares = [int(s) for s in path.replace("x", "-").split("-")]
    captured = frozenset()
    if "x" in path:
        captured = frozenset(
            number((coor(a)[0] + coor(b)[0]) // 2, (coor(a)[1] + coor(b)[1]) // 2)
            for a, b in zip(squares, squares[1:])
        )
    return squares[0], squares[-1], captured


def fen_of(pieces, side):
    def part(colour):
        return ",".join(("K" if king else "") + str(n) for n, (c, king) in sorted(pieces.items()) if c == colour)
    return f"{side}:W{part('W')}:B{part('B')}"


def random_placement(rng):
    while True:
        pieces = {}
        for n in rng.sample(range(1, 33), rng.randint(2, 14)):
            colour = rng.choice("WB")
            row = (n - 1) // 4
            king = rng.random() < 0.5 or (colour == "W" and row == 0) or (colour == "B" and row == 7)
            pieces[n] = (colour, king)
        counts = {c: sum(1 for v in pieces.values() if v[0] == c) for c in "WB"}
        if 1 <= counts["W"] <= 12 and 1 <= counts["B"] <= 12:
            return fen_of(pieces, rng.choice("WB"))


def played_positions(rng, games, plies):
    fens = []
    for _ in range(games):
        board = draughts.Board(variant="english")
        for _ in range(plies):
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
            fens.append(board.fen)
    return fens


def pydraughts_triples(fen):
    board = draughts.Board(variant="english", fen=fen)
    return {(m.steps_move[0], m.steps_move[-1], frozenset(m.captures or [])) for m in board.legal_moves()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dama", default=str(REPOSITORY / "target" / "release" / "dama"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fens = list(dict.fromkeys(played_positions(rng, 40, 60)))
    seen = set(fens)
    while len(fens) < args.positions:
        fen = random_placement(rng)
        if fen not in seen:
            seen.add(fen)
            fens.append(fen)
    with tempfile.NamedTemporaryFile("w", suffix=".fen", delete=False) as f:
        f.write("\n".join(fens) + "\n")
        name = f.name
    out = subprocess.run([args.dama, "moves", "--variant", "english", "--fen-file", name],
                         capture_output=True, text=True)
    Path(name).unlink()
    if out.returncode != 0:
        print(f"FAIL: dama moves: {out.stderr.strip()}")
        return 1
    dama = {}
    for line in out.stdout.splitlines():
        fen, _, moves = line.partition("\t")
        dama[fen] = {dama_triple(m) for m in moves.split()}
    mismatches, captures = 0, 0
    for fen in fens:
        expected = pydraughts_triples(fen)
        got = dama.get(fen)
        captures += any(t[2] for t in expected)
        if got != expected:
            mismatches += 1
            if mismatches <= 10:
                only_dama = sorted((a, b, sorted(c)) for a, b, c in (got or set()) - expected)
                only_py = sorted((a, b, sorted(c)) for a, b, c in expected - (got or set()))
                print(f"MISMATCH {fen}: only Dama {only_dama}; only pydraughts {only_py}")
    print(f"english: {len(fens)} positions compared ({captures} with captures), {mismatches} mismatches")
    if len(fens) < args.positions:
        print(f"FAIL: only {len(fens)} positions")
        return 1
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
