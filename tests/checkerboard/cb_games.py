"""The two games of Dama's CheckerBoard libraries as the harness sees them: CheckerBoard's
coordinates of the squares (its cb_interface.h: numbertocoors / coorstonumber), the start
position and the side that moves first, the openings, and positions on the numbers of the game.

Positions are {square: code} dicts with CheckerBoard's piece codes; boards are board[x][y].
"""

import ctypes
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
CB_WHITE, CB_BLACK, CB_MAN, CB_KING = 1, 2, 4, 8

Board = (ctypes.c_int * 8) * 8  # board[x][y]


class Game:
    """One game: `italian` (game type 22, White first) or `english` (21, Black first)."""

    def __init__(self, name):
        if name not in ("italian", "english"):
            raise ValueError(f"unknown game {name}")
        self.name = name
        self.english = name == "english"
        self.gametype = 21 if self.english else 22
        self.engine_name = "Dama English" if self.english else "Dama"
        self.first = CB_BLACK if self.english else CB_WHITE
        self.start_fen = ("B" if self.english else "W") + ":W21-32:B1-12"
        # A position without moves, as CheckerBoard probes `get movelist` (none in either game).
        self.stuck_fen = "W:W29:B25,26,22"

    def coor(self, n):
        """CheckerBoard's (x, y) of square n: the same rows in both games, the English columns
        counted from the other edge."""
        y = (n - 1) // 4
        column = 3 - (n - 1) % 4 if self.english else (n - 1) % 4
        return 2 * column + y % 2, y

    def number(self, x, y):
        return 4 * (y + 1) - x // 2 if self.english else 1 + 4 * y + x // 2

    def openings(self):
        """The 174 three-move ballots (the ACF list), in the game's numbering."""
        column = 1 if self.english else 2
        tsv = REPOSITORY / "data" / "openings" / "italian-3move-ballots.tsv"
        return [
            line.split("\t")[column]
            for line in tsv.read_text().splitlines()
            if line and not line.startswith("#") and not line.startswith("acf_no")
        ]

    def repetition(self):
        """A lone white king against three, its moves so far, and the move that makes the
        position after it occur for the third time: (first FEN, moves, current FEN, the move).
        The English squares stand where the Italian ones do, mirrored left to right."""
        if self.english:
            return ("B:WK28:BK1,K13,K16", "1-5 28-32 5-1 32-28 1-5 28-32 5-1",
                    "W:WK32:BK1,K13,K16", "32-28")
        return ("B:WK25:BK4,K13,K16", "4-8 25-29 8-4 29-25 4-8 25-29 8-4",
                "W:WK29:BK4,K13,K16", "29-25")

    # ------------------------------------------------------------ positions on the numbers

    def to_board(self, pieces):
        board = Board()
        for n, v in pieces.items():
            x, y = self.coor(n)
            board[x][y] = v
        return board

    def from_board(self, board):
        pieces = {}
        for x in range(8):
            for y in range(8):
                if board[x][y]:
                    if (x + y) % 2:
                        raise ValueError(f"piece on light square {x},{y}")
                    pieces[self.number(x, y)] = board[x][y]
        return pieces

    def jumped(self, a, b):
        """The square between a and b, two diagonal steps apart."""
        (ax, ay), (bx, by) = self.coor(a), self.coor(b)
        return self.number((ax + bx) // 2, (ay + by) // 2)

    def apply_path(self, pieces, path):
        """The position after a move in full-path notation (`22-18`, `22x13x6`), applied here:
        (after, captured squares, the path's squares)."""
        squares = [int(s) for s in path.replace("x", "-").split("-")]
        after = dict(pieces)
        piece = after.pop(squares[0])
        captured = []
        if "x" in path:
            captured = [self.jumped(a, b) for a, b in zip(squares, squares[1:])]
            for c in captured:
                del after[c]
        to = squares[-1]
        _, y = self.coor(to)
        if piece & CB_MAN and ((piece & CB_WHITE and y == 0) or (piece & CB_BLACK and y == 7)):
            piece = (piece & 3) | CB_KING
        after[to] = piece
        return after, captured, squares

    def canonical(self, paths):
        """Moves as (from, to, captured set): Dama lists one path per such triple."""
        out = set()
        for p in paths:
            squares = [int(s) for s in p.replace("x", "-").split("-")]
            caps = frozenset(self.jumped(a, b) for a, b in zip(squares, squares[1:])) if "x" in p else frozenset()
            out.add((squares[0], squares[-1], caps))
        return out


def parse_fen(fen):
    side, *parts = fen.strip().split(":")
    pieces = {}
    for part in parts:
        colour = CB_WHITE if part[0] == "W" else CB_BLACK
        for item in filter(None, part[1:].split(",")):
            king = item.startswith("K")
            item = item.lstrip("K")
            lo, _, hi = item.partition("-")
            for n in range(int(lo), int(hi or lo) + 1):
                pieces[n] = colour | (CB_KING if king else CB_MAN)
    return pieces, CB_WHITE if side == "W" else CB_BLACK


def to_fen(pieces, colour):
    def side(c):
        return ",".join(
            ("K" if v & CB_KING else "") + str(n) for n, v in sorted(pieces.items()) if v & c
        )

    return f"{'W' if colour == CB_WHITE else 'B'}:W{side(CB_WHITE)}:B{side(CB_BLACK)}"


def random_positions(game, rng, count):
    """`count` random positions with both sides on the board and no man on its far row."""
    fens = set()
    while len(fens) < count:
        pieces = {}
        for n in rng.sample(range(1, 33), rng.randint(2, 12)):
            colour = rng.choice((CB_WHITE, CB_BLACK))
            y = game.coor(n)[1]
            king = rng.random() < 0.4 or (colour == CB_WHITE and y == 0) or (colour == CB_BLACK and y == 7)
            pieces[n] = colour | (CB_KING if king else CB_MAN)
        if any(v & CB_WHITE for v in pieces.values()) and any(v & CB_BLACK for v in pieces.values()):
            fens.add(to_fen(pieces, rng.choice((CB_WHITE, CB_BLACK))))
    return sorted(fens)
