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
import subprocess
import sys
import tempfile
from pathlib import Path

import draughts

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


def fen_of(pieces, side):
    def part(colour):
        return ",".join(("K" if king else "") + str(n) for n, (c, king) in sorted(pieces.items()) if c == colour)
    return f"{side}:W{part('W')}:B{part('B')}"


def random_placement(rng):
    while True:
        pieces = {}
        for n in rng.sample(range(1, 51), rng.randint(2, 16)):
            colour = rng.choice("WB")
            row = (n - 1) // 5
            king = rng.random() < 0.4 or (colour == "W" and row == 0) or (colour == "B" and row == 9)
            pieces[n] = (colour, king)
        counts = {c: sum(1 for v in pieces.values() if v[0] == c) for c in "WB"}
        if 1 <= counts["W"] <= 20 and 1 <= counts["B"] <= 20:
            return fen_of(pieces, rng.choice("WB"))


def played_positions(rng, games, plies):
    fens = []
    for _ in range(games):
        board = draughts.Board(variant="standard")
        for _ in range(plies):
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
            fens.append(board.fen)
    return fens


def pydraughts_triples(fen):
    board = draughts.Board(variant="standard", fen=fen)
    return {(m.steps_move[0], m.steps_move[-1], frozenset(m.captures or [])) for m in board.legal_moves()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dama", default=str(REPOSITORY / "target" / "release" / "dama"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fens = list(dict.fromkeys(played_positions(rng, 20, 80)))
    seen = set(fens)
    while len(fens) < args.positions:
        fen = random_placement(rng)
        if fen not in seen:
            seen.add(fen)
            fens.append(fen)
    with tempfile.NamedTemporaryFile("w", suffix=".fen", delete=False) as f:
        f.write("\n".join(fens) + "\n")
        name = f.name
    out = subprocess.run([args.dama, "moves", "--variant", "international", "--fen-file", name],
                         capture_output=True, text=True)
    Path(name).unlink()
    if out.returncode != 0:
        print(f"FAIL: dama moves: {out.stderr.strip()}")
        return 1
    dama = {}
    for line in out.stdout.splitlines():
        fen, _, moves = line.partition("\t")
        side, pieces = parse_fen(fen)
        dama[fen] = {dama_triple(m, side, pieces) for m in moves.split()}
    mismatches, captures, kings = 0, 0, 0
    for fen in fens:
        expected = pydraughts_triples(fen)
        got = dama.get(fen)
        captures += any(t[2] for t in expected)
        kings += "K" in fen
        if got != expected:
            mismatches += 1
            if mismatches <= 10:
                only_dama = sorted((a, b, sorted(c)) for a, b, c in (got or set()) - expected)
                only_py = sorted((a, b, sorted(c)) for a, b, c in expected - (got or set()))
                print(f"MISMATCH {fen}: only Dama {only_dama}; only pydraughts {only_py}")
    print(f"international: {len(fens)} positions compared ({captures} with captures, {kings} with kings), "
          f"{mismatches} mismatches")
    return 1 if mismatches or len(fens) < args.positions else 0


if __name__ == "__main__":
    sys.exit(main())
