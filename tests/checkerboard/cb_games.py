"""The games of Dama's CheckerBoard libraries as the harness sees them: CheckerBoard's
coordinates of the squares (its cb_interface.h: numbertocoors / coorstonumber, a case for
Italian, the default formula for English, Russian and Brazilian), the start position and the side
CheckerBoard starts with, the openings, and positions on CheckerBoard's numbers of the game.

Positions are {square: code} dicts with CheckerBoard's piece codes; boards are board[x][y].
"""

import ctypes
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
CB_WHITE, CB_BLACK, CB_MAN, CB_KING = 1, 2, 4, 8

Board = (ctypes.c_int * 8) * 8  # board[x][y]

GAMES = ("italian", "english", "russian", "brazilian")


class Game:
    """One game: `italian` (game type 22, White first), `english` (21, Black first), `russian`
    (25, White first) or `brazilian` (26: White first by the rules, Black first in CheckerBoard
    1.77, whose get_startcolor has no case for it; the harness plays both)."""

    def __init__(self, name):
        if name not in GAMES:
            raise ValueError(f"unknown game {name}")
        self.name = name
        self.english = name == "english"
        self.italian = name == "italian"
        self.flying = name in ("russian", "brazilian")
        self.gametype = {"english": 21, "italian": 22, "russian": 25, "brazilian": 26}[name]
        self.engine_name = {"italian": "Dama", "english": "Dama English",
                            "russian": "Dama Russian", "brazilian": "Dama Brazilian"}[name]
        self.has_book = self.italian
        self.first = CB_BLACK if name in ("english", "brazilian") else CB_WHITE
        self.start_fen = ("B" if self.first == CB_BLACK else "W") + ":W21-32:B1-12"
        # A position without moves, as CheckerBoard probes `get movelist` (none in any game).
        self.stuck_fen = "W:W29:B25,26,22"

    def coor(self, n):
        """CheckerBoard's (x, y) of square n: the same rows in every game; the columns of the
        default formula counted from the other edge than Italian's."""
        y = (n - 1) // 4
        column = (n - 1) % 4 if self.italian else 3 - (n - 1) % 4
        return 2 * column + y % 2, y

    def number(self, x, y):
        return 1 + 4 * y + x // 2 if self.italian else 4 * (y + 1) - x // 2

    def openings(self):
        """The 174 three-move ballots (the ACF list) in the game's numbering, for Italian and
        English; none for Russian and Brazilian (the harness plays random opening moves)."""
        if self.flying:
            return []
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
        The English squares stand where the Italian ones do, mirrored left to right; Russian and
        Brazilian are numbered as English, with a black king on the main road (f6, 11)."""
        if self.flying:
            return ("B:WK28:BK1,K13,K11", "1-5 28-32 5-1 32-28 1-5 28-32 5-1",
                    "W:WK32:BK1,K13,K11", "32-28")
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

    def jumped(self, pieces, a, b):
        """The square of the piece a jump from a to b takes: the one occupied square strictly
        between them on their diagonal (the mover's start square aside); None when there is not
        exactly one, or a and b share no diagonal, or a man's jump is not two squares long."""
        (ax, ay), (bx, by) = self.coor(a), self.coor(b)
        dx, dy = bx - ax, by - ay
        if dx == 0 or abs(dx) != abs(dy) or (not self.flying and abs(dx) != 2):
            return None
        sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
        between = [self.number(ax + i * sx, ay + i * sy) for i in range(1, abs(dx))]
        occupied = [s for s in between if s in pieces]
        return occupied[0] if len(occupied) == 1 else None

    def far_row(self, piece):
        return 0 if piece & CB_WHITE else 7

    def apply_path(self, pieces, path):
        """The position after a move in full-path notation (`22-18`, `22x13x6`), applied here:
        (after, captured squares, the path's squares). The captured pieces stay on the board until
        the move ends; a man ending on its far row is crowned, and in Russian one that reaches it
        during a capture too."""
        squares = [int(s) for s in path.replace("x", "-").split("-")]
        piece = pieces[squares[0]]
        board = {n: v for n, v in pieces.items() if n != squares[0]}
        captured = []
        if "x" in path:
            captured = [self.jumped(board, a, b) for a, b in zip(squares, squares[1:])]
            if None in captured:
                raise ValueError(f"{path}: a jump takes no piece, or several")
        after = {n: v for n, v in board.items() if n not in captured}
        crowning = squares[1:] if self.name == "russian" else squares[-1:]
        if piece & CB_MAN and any(self.coor(s)[1] == self.far_row(piece) for s in crowning):
            piece = (piece & 3) | CB_KING
        after[squares[-1]] = piece
        return after, captured, squares

    def canonical(self, pieces, paths):
        """Moves as (from, to, captured set): Dama lists one path per such triple."""
        out = set()
        for p in paths:
            _, captured, squares = self.apply_path(pieces, p)
            out.add((squares[0], squares[-1], frozenset(captured)))
        return out

    # ------------------------------------------------------------ the game's own numbers

    @staticmethod
    def pdn_number(n):
        """PDN's number of CheckerBoard's square n in Russian and Brazilian (the rows counted
        from the other side: CheckerBoard's 1 = b8 is PDN's 29, its 29 = a1 is PDN's 1)."""
        return 4 * (7 - (n - 1) // 4) + (n - 1) % 4 + 1

    def from_algebraic(self, name):
        """CheckerBoard's number of an algebraic square (board[x][y] = file h - x, rank 8 - y)."""
        x, y = 7 - (ord(name[0]) - ord("a")), 8 - int(name[1:])
        return self.number(x, y)


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


def random_positions(game, rng, count, kings=0.4, most=12):
    """`count` random positions of 2 to `most` pieces with both sides on the board and no man on
    its far row, each piece a king with the probability `kings`."""
    fens = set()
    while len(fens) < count:
        pieces = {}
        for n in rng.sample(range(1, 33), rng.randint(2, most)):
            colour = rng.choice((CB_WHITE, CB_BLACK))
            y = game.coor(n)[1]
            king = rng.random() < kings or (colour == CB_WHITE and y == 0) or (colour == CB_BLACK and y == 7)
            pieces[n] = colour | (CB_KING if king else CB_MAN)
        if any(v & CB_WHITE for v in pieces.values()) and any(v & CB_BLACK for v in pieces.values()):
            fens.add(to_fen(pieces, rng.choice((CB_WHITE, CB_BLACK))))
    return sorted(fens)
