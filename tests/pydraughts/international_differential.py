#!/usr/bin/env python3
"""Differential test of Dama's International draughts move generator
(`dama moves --variant international`) against pydraughts (PyPI `pydraughts`, variant "standard"),
an independent implementation.

Positions, from one fixed seed: positions reached by random play from the start (played with
pydraughts), and random placements with many kings (flying kings, long majority captures; men
never on their own crowning row, at most 20 pieces a side, either side to move). Moves are
compared as sets of (from, to, frozenset(captured squares)). Dama prints full paths; the piece
taken on each leg is the one opposing piece on the diagonal between two landing squares, found
here from the position.

Usage: international_differential.py [--dama PATH] [--seed N] [--positions N]   (exit status 0
only when every position agrees and at least N positions were compared)
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
    row, k = (n - 1) // 5, (n - 1) % 5
    return row, 2 * k + (1 if row % 2 == 0 else 0)


def number(row, col):
    return row * 5 + (col - (1 if row % 2 == 0 else 0)) // 2 + 1


def parse_fen(fen):
    side, *parts = fen.split(":")
    pieces = {}
    for part in parts:
        colour = part[0]
        for item in filter(None, part[1:].split(",")):
            king = item.startswith("K")
            a, _, b = item.lstrip("K").partition("-")
            for n in range(int(a), int(b or a) + 1):
                pieces[n] = (colour, king)
    return side, pieces


def dama_triple(path, side, pieces):
    squares = [int(s) for s in path.replace("x", "-").split("-")]
    captured = set()
    if "x" in path:
        for a, b in zip(squares, squares[1:]):
            (ra, ca), (rb, cb) = coor(a), coor(b)
            dr, dc = (rb > ra) - (rb < ra), (cb > ca) - (cb < ca)
            r, c = ra + dr, ca + dc
            while (r, c) != (rb, cb):
                n = number(r, c)
                if n in pieces and pieces[n][0] != side:
                    captured.add(n)
                r, c = r + dr, c + dc
    return squares[0], squares[-1], frozenset(captured)


def random_placement(rng):
    return variant_common.random_placement(rng, 50, 5, 16, 20, 0.4)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dama", default=str(REPOSITORY / "target" / "release" / "dama"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fens = positions(played_positions("standard", rng, 20, 80), random_placement, rng, args.positions)
    try:
        paths = dama_moves(args.dama, "international", fens)
    except RuntimeError as e:
        print(f"FAIL: {e}")
        return 1
    dama = {}
    for fen, moves in paths.items():
        side, pieces = parse_fen(fen)
        dama[fen] = {dama_triple(m, side, pieces) for m in moves}
    mismatches, captures = compare(fens, dama, "standard")
    kings = sum("K" in fen for fen in fens)
    print(f"international: {len(fens)} positions compared ({captures} with captures, {kings} with kings), "
          f"{mismatches} mismatches")
    return 1 if mismatches or len(fens) < args.positions else 0


if __name__ == "__main__":
    sys.exit(main())
