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
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import variant_common  # noqa: E402
from variant_common import compare, dama_moves, played_positions, positions  # noqa: E402

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


def random_placement(rng):
    return variant_common.random_placement(rng, 32, 4, 14, 12, 0.5)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dama", default=str(REPOSITORY / "target" / "release" / "dama"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fens = positions(played_positions("english", rng, 40, 60), random_placement, rng, args.positions)
    try:
        paths = dama_moves(args.dama, "english", fens)
    except RuntimeError as e:
        print(f"FAIL: {e}")
        return 1
    dama = {fen: {dama_triple(m) for m in moves} for fen, moves in paths.items()}
    mismatches, captures = compare(fens, dama, "english")
    print(f"english: {len(fens)} positions compared ({captures} with captures), {mismatches} mismatches")
    if len(fens) < args.positions:
        print(f"FAIL: only {len(fens)} positions")
        return 1
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
