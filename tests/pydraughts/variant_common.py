"""What the English and International differential tests share: positions by random play with
pydraughts, random placements made unique, one `dama moves --variant V --fen-file` run, and the
comparison of move sets as (from, to, frozenset(captured squares)) with pydraughts."""

import subprocess
import sys
import tempfile
from pathlib import Path

import draughts
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import isolated_env  # noqa: E402,F401  (no tables but those a check names)


def fen_of(pieces, side):
    """A FEN from {square: (colour 'W'|'B', king)} and the side to move."""
    def part(colour):
        return ",".join(("K" if king else "") + str(n) for n, (c, king) in sorted(pieces.items()) if c == colour)
    return f"{side}:W{part('W')}:B{part('B')}"


def random_placement(rng, squares, per_row, most_pieces, per_side, king_share):
    """A random position of 2 to `most_pieces` pieces on a board of `squares` squares (`per_row`
    a row), at most `per_side` a side, each a king with probability `king_share` (always on its
    crowning row), and a random side to move."""
    last_row = squares // per_row - 1
    while True:
        pieces = {}
        for n in rng.sample(range(1, squares + 1), rng.randint(2, most_pieces)):
            colour = rng.choice("WB")
            row = (n - 1) // per_row
            king = rng.random() < king_share or (colour == "W" and row == 0) or (colour == "B" and row == last_row)
            pieces[n] = (colour, king)
        counts = {c: sum(1 for v in pieces.values() if v[0] == c) for c in "WB"}
        if 1 <= counts["W"] <= per_side and 1 <= counts["B"] <= per_side:
            return fen_of(pieces, rng.choice("WB"))


def played_positions(variant, rng, games, plies):
    """Positions met in `games` random games of `plies` plies, played with pydraughts."""
    fens = []
    for _ in range(games):
        board = draughts.Board(variant=variant)
        for _ in range(plies):
            moves = board.legal_moves()
            if not moves:
                break
            board.push(rng.choice(moves))
            fens.append(board.fen)
    return fens


def positions(played, placement, rng, count):
    """The played positions, then random placements, all distinct, at least `count` in all."""
    fens = list(dict.fromkeys(played))
    seen = set(fens)
    while len(fens) < count:
        fen = placement(rng)
        if fen not in seen:
            seen.add(fen)
            fens.append(fen)
    return fens


def dama_moves(dama, variant, fens):
    """{fen: [full paths]} from one `dama moves --variant VARIANT --fen-file` run, or an error."""
    with tempfile.NamedTemporaryFile("w", suffix=".fen", delete=False) as f:
        f.write("\n".join(fens) + "\n")
        name = f.name
    out = subprocess.run([dama, "moves", "--variant", variant, "--fen-file", name],
                         capture_output=True, text=True)
    Path(name).unlink()
    if out.returncode != 0:
        raise RuntimeError(f"dama moves: {out.stderr.strip()}")
    result = {}
    for line in out.stdout.splitlines():
        fen, _, moves = line.partition("\t")
        result[fen] = moves.split()
    return result


def pydraughts_triples(variant, fen):
    board = draughts.Board(variant=variant, fen=fen)
    return {(m.steps_move[0], m.steps_move[-1], frozenset(m.captures or [])) for m in board.legal_moves()}


def compare(fens, dama, pydraughts_variant):
    """Compares Dama's {fen: set of triples} with pydraughts on every position; prints the first
    mismatches and returns (mismatches, positions with a capture)."""
    mismatches, captures = 0, 0
    for fen in fens:
        expected = pydraughts_triples(pydraughts_variant, fen)
        got = dama.get(fen)
        captures += any(t[2] for t in expected)
        if got != expected:
            mismatches += 1
            if mismatches <= 10:
                only_dama = sorted((a, b, sorted(c)) for a, b, c in (got or set()) - expected)
                only_py = sorted((a, b, sorted(c)) for a, b, c in expected - (got or set()))
                print(f"MISMATCH {fen}: only Dama {only_dama}; only pydraughts {only_py}")
    return mismatches, captures
