"""What the Russian and Brazilian differential tests share: the two games' board (squares 1-32 by
rows from White's side, 1 = a1, as PDN and pydraughts number them; algebraic names a1-h8),
positions (random play with pydraughts from the start and from random placements, random
placements rich in kings, men about to reach the far row in the middle of a capture), one
`dama moves --variant V --fen-file` run, and the comparison with pydraughts of the move sets as
(from, to, frozenset(captured squares)).

Dama writes each move algebraically with one of its routes (`c3:e5:g7`); the pieces it takes are
recomputed here from the position: on each leg between two landing squares, the one opposing
piece on the diagonal (a leg that meets none, or two, is reported as a malformed move).
"""

import random
import sys
from pathlib import Path

import draughts

sys.path.insert(0, str(Path(__file__).resolve().parent))
from variant_common import compare, dama_moves, played_positions  # noqa: E402


def square_of(name):
    """The number (1-32) of a square written as a number or algebraically (a1-h8)."""
    if name[0].isdigit():
        return int(name)
    col, row = ord(name[0].lower()) - ord("a"), int(name[1]) - 1
    return row * 4 + col // 2 + 1


def coor(n):
    """(row from White's side 0-7, column from White's left 0-7) of square n."""
    row, k = (n - 1) // 4, (n - 1) % 4
    return row, 2 * k + (row % 2)


def number(row, col):
    return row * 4 + col // 2 + 1


def parse_fen(fen):
    """(side, {square: (colour, king)}) from a FEN in numbers or algebraic squares."""
    side, *parts = fen.split(":")
    pieces = {}
    for part in parts:
        colour = part[0]
        for item in filter(None, part[1:].split(",")):
            king = item.startswith("K")
            item = item.lstrip("K")
            if "-" in item:
                a, b = item.split("-")
                for n in range(int(a), int(b) + 1):
                    pieces[n] = (colour, king)
            else:
                pieces[square_of(item)] = (colour, king)
    return side, pieces


def dama_triple(path, side, pieces):
    """(from, to, frozenset(captured)) of a move Dama wrote as `c3-d4` or `c3:e5:g7`."""
    squares = [square_of(s) for s in path.replace(":", "-").split("-")]
    captured = set()
    if ":" in path:
        for a, b in zip(squares, squares[1:]):
            (ra, ca), (rb, cb) = coor(a), coor(b)
            dr, dc = (rb > ra) - (rb < ra), (cb > ca) - (cb < ca)
            if dr == 0 or abs(rb - ra) != abs(cb - ca):
                raise ValueError(f"{path}: the leg {a}-{b} is not diagonal")
            r, c, met = ra + dr, ca + dc, []
            while (r, c) != (rb, cb):
                n = number(r, c)
                if n in pieces and n != squares[0]:
                    met.append(n)
                r, c = r + dr, c + dc
            if len(met) != 1 or pieces[met[0]][0] == side:
                raise ValueError(f"{path}: the leg {a}-{b} does not jump one opposing piece")
            captured.add(met[0])
    return squares[0], squares[-1], frozenset(captured)


def fen_of(pieces, side):
    def part(colour):
        return ",".join(("K" if king else "") + str(n) for n, (c, king) in sorted(pieces.items()) if c == colour)
    return f"{side}:W{part('W')}:B{part('B')}"


def crowning(colour, n):
    """Whether square n is the far row of `colour`'s men (White's 29-32, Black's 1-4)."""
    return n >= 29 if colour == "W" else n <= 4


def random_placement(rng, most_pieces, king_share):
    """2 to `most_pieces` pieces, at most 12 a side, each a king with probability `king_share`
    (always on its far row), a random side to move."""
    while True:
        pieces = {}
        for n in rng.sample(range(1, 33), rng.randint(2, most_pieces)):
            colour = rng.choice("WB")
            pieces[n] = (colour, rng.random() < king_share or crowning(colour, n))
        counts = {c: sum(1 for v in pieces.values() if v[0] == c) for c in "WB"}
        if 1 <= counts["W"] <= 12 and 1 <= counts["B"] <= 12:
            return fen_of(pieces, rng.choice("WB"))


def far_row_motif(rng):
    """A man of the side to move two rows from its far row, an enemy piece between it and the far
    row and another on a diagonal from the landing square, among random pieces (a capture that
    passes the far row)."""
    while True:
        side = rng.choice("WB")
        _, pieces = parse_fen(random_placement(rng, 14, 0.15))
        row = 5 if side == "W" else 2
        step = 1 if side == "W" else -1
        col = rng.choice([c for c in range(8) if (row + c) % 2 == 0])
        dc = rng.choice([-1, 1])
        first, far = (row + step, col + dc), (row + 2 * step, col + 2 * dc)
        k = rng.randint(1, 3)
        second = (far[0] - step * k, far[1] + dc * k)
        cells = [(row, col), first, far, second]
        if not all(0 <= r < 8 and 0 <= c < 8 for r, c in cells):
            continue
        man, first, far, second = (number(r, c) for r, c in cells)
        for n in (man, first, far, second):
            pieces.pop(n, None)
        enemy = "B" if side == "W" else "W"
        pieces[man] = (side, False)
        pieces[first] = (enemy, rng.random() < 0.3)
        pieces[second] = (enemy, rng.random() < 0.3 or crowning(enemy, second))
        counts = {c: sum(1 for v in pieces.values() if v[0] == c) for c in "WB"}
        if counts["W"] <= 12 and counts["B"] <= 12:
            return fen_of(pieces, side)


def played_from(variant, fen, rng, plies):
    """The positions of a random game of `plies` plies from `fen`, played with pydraughts."""
    board = draughts.Board(variant=variant, fen=fen)
    fens = []
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
        fens.append(board.fen)
    return fens


def sample(variant, seed, count):
    """At least `count` distinct positions: random games from the start, random placements (king
    rich, or many pieces with few kings), far-row motifs, and random games from placements."""
    rng = random.Random(seed)
    fens = dict.fromkeys(played_positions(variant, rng, 30, 60))
    while len(fens) < count:
        kind = rng.randrange(4)
        if kind == 0:
            fen = random_placement(rng, 12, 0.5)
        elif kind == 1:
            fen = random_placement(rng, 24, 0.15)
        else:
            fen = far_row_motif(rng)
        fens[fen] = None
        if kind >= 2:
            fens.update(dict.fromkeys(played_from(variant, fen, rng, rng.randint(1, 6))))
    return list(fens)


def run(variant, dama, seed, count):
    """Compares Dama with pydraughts on `count` positions of `variant`; prints a summary and
    returns the exit status (0: every position agrees)."""
    fens = sample(variant, seed, count)
    try:
        paths = dama_moves(dama, variant, fens)
    except RuntimeError as e:
        print(f"FAIL: {e}")
        return 1
    dama_sets, malformed = {}, 0
    for fen, moves in paths.items():
        side, pieces = parse_fen(fen)
        try:
            triples = [dama_triple(m, side, pieces) for m in moves]
        except ValueError as e:
            malformed += 1
            print(f"MALFORMED {fen}: {e}")
            continue
        if len(set(triples)) != len(triples):
            malformed += 1
            print(f"DUPLICATE {fen}: {moves}")
        dama_sets[fen] = set(triples)
    mismatches, captures = compare(fens, dama_sets, variant)
    kings = sum("K" in fen for fen in fens)
    print(f"{variant}: {len(fens)} positions compared ({captures} with captures, {kings} with "
          f"kings), {mismatches} mismatches, {malformed} malformed")
    return 1 if mismatches or malformed or len(fens) < count else 0
