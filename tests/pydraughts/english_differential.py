#!/usr/bin/env python3
"""Differential test of Dama's English draughts move generator (`dama moves --variant english`)
against pydraughts (PyPI `pydraughts`, variant "english"), an independent implementation.

Positions, from one fixed seed: positions reached by random play from the start (played with
pydraughts), and random placements with many kings (men never on their own crowning row, at most
12 pieces a side, either side to move). Both generators' moves are compared as sets of
(from, to, frozenset(captured squares)). Dama lists one move per such triple (a king that can take
the same pieces around a loop either way has one move, written by one of its routes): a triple
Dama lists twice is a failure of its own. pydraughts may list a capture once per route; its list
collapses in the set. Dama's captured squares are recomputed here from its full paths with English
geometry (short kings: each jump takes the square between two landing squares).

Usage: english_differential.py [--dama PATH] [--seed N] [--positions N]   (exit status 0 only when
every position agrees and at least N positions were compared)
"""

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import draughts  # noqa: E402
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


def loop_placement(rng):
    """A random placement where a king stands beside a loop: the four diagonal neighbours of an
    empty square hold enemy pieces and the king stands two squares straight up, down, left or right
    of it, so that it may take all four either way round (unless other pieces are in the way)."""
    while True:
        row, col = rng.randint(1, 6), rng.randint(1, 6)
        if (row + col) % 2 == 0:  # light square in the English numbering
            continue
        dr, dc = rng.choice([(2, 0), (-2, 0), (0, 2), (0, -2)])
        if not (0 <= row + dr < 8 and 0 <= col + dc < 8):
            continue
        king = number(row + dr, col + dc)
        ring = [number(row + a, col + b) for a in (-1, 1) for b in (-1, 1)]
        centre = number(row, col)
        side, other = rng.choice([("W", "B"), ("B", "W")])
        pieces = {}
        for n in rng.sample(range(1, 33), rng.randint(0, 8)):
            colour = rng.choice("WB")
            crowned = (colour == "W" and n <= 4) or (colour == "B" and n >= 29)
            pieces[n] = (colour, crowned or rng.random() < 0.5)
        for n in ring:
            crowned = (other == "W" and n <= 4) or (other == "B" and n >= 29)
            pieces[n] = (other, crowned or rng.random() < 0.3)
        pieces[king] = (side, True)
        pieces.pop(centre, None)
        counts = {c: sum(1 for v in pieces.values() if v[0] == c) for c in "WB"}
        if counts["W"] <= 12 and counts["B"] <= 12:
            return variant_common.fen_of(pieces, side)


def paths_of_pydraughts(fen):
    """pydraughts' moves of `fen`, every route listed."""
    return draughts.Board(variant="english", fen=fen).legal_moves()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dama", default=str(REPOSITORY / "target" / "release" / "dama"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fens = positions(played_positions("english", rng, 40, 60), random_placement, rng, args.positions)
    # Kings beside loops, where a capture may have two routes: Dama must list it once.
    seen = set(fens)
    fens += [f for f in dict.fromkeys(loop_placement(rng) for _ in range(200)) if f not in seen]
    try:
        paths = dama_moves(args.dama, "english", fens)
    except RuntimeError as e:
        print(f"FAIL: {e}")
        return 1
    dama, repeated = {}, 0
    for fen, moves in paths.items():
        triples = [dama_triple(m) for m in moves]
        dama[fen] = set(triples)
        if len(dama[fen]) != len(triples):
            repeated += 1
            if repeated <= 10:
                print(f"REPEATED {fen}: Dama lists a move twice: {' '.join(moves)}")
    mismatches, captures = compare(fens, dama, "english")
    loops = sum(1 for fen in fens if len(dama[fen]) < len(paths_of_pydraughts(fen)))
    print(f"english: {len(fens)} positions compared ({captures} with captures, {loops} where pydraughts "
          f"lists a capture by two routes), {mismatches} mismatches, {repeated} with a move listed twice")
    if loops == 0:
        print("FAIL: no position with a capture by two routes")
        return 1
    if len(fens) < args.positions:
        print(f"FAIL: only {len(fens)} positions")
        return 1
    return 1 if mismatches or repeated else 0


if __name__ == "__main__":
    sys.exit(main())
