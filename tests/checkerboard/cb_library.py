"""A Dama CheckerBoard library loaded with ctypes the way CheckerBoard loads the DLL, and `dama
moves` as the referee of its game (Dama's move generator, in a separate process)."""

import ctypes
import subprocess
import sys
import tempfile
from pathlib import Path

from cb_games import Board
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import isolated_env  # noqa: E402,F401  (no tables but those a check names)

CB_EXACT_TIME = 2


class Coor(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int)]


class CBmove(ctypes.Structure):
    _fields_ = [
        ("jumps", ctypes.c_int),
        ("newpiece", ctypes.c_int),
        ("oldpiece", ctypes.c_int),
        ("frm", Coor),
        ("to", Coor),
        ("path", Coor * 12),
        ("dele", Coor * 12),
        ("delpiece", ctypes.c_int * 12),
    ]


class Library:
    def __init__(self, path):
        self.lib = ctypes.CDLL(str(path))
        self.lib.getmove.restype = ctypes.c_int
        self.lib.getmove.argtypes = [
            ctypes.POINTER(Board), ctypes.c_int, ctypes.c_double, ctypes.c_char_p,
            ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_int, ctypes.POINTER(CBmove),
        ]
        self.lib.enginecommand.restype = ctypes.c_int
        self.lib.enginecommand.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        self.lib.islegal.restype = ctypes.c_int
        self.lib.islegal.argtypes = [
            ctypes.POINTER(Board), ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.POINTER(CBmove),
        ]

    def command(self, text):
        reply = ctypes.create_string_buffer(1024)
        ok = self.lib.enginecommand(text.encode(), reply)
        return ok, reply.value.decode()

    def getmove(self, board, colour, seconds, info=CB_EXACT_TIME, playnow=None):
        status = ctypes.create_string_buffer(1024)
        move = CBmove()
        flag = playnow if playnow is not None else ctypes.c_int(0)
        verdict = self.lib.getmove(
            ctypes.byref(board), colour, seconds, status, ctypes.byref(flag), info, 0,
            ctypes.byref(move),
        )
        return verdict, move, status.value.decode()

    def islegal(self, board, colour, frm, to):
        move = CBmove()
        return self.lib.islegal(ctypes.byref(board), colour, frm, to, ctypes.byref(move)), move


class Referee:
    """`dama moves --variant GAME`: the legal moves of positions, in full-path notation of
    CheckerBoard's numbers. Russian and Brazilian positions are given to `dama` in PDN's numbers
    (1 = a1) and its moves, written algebraically, read back in CheckerBoard's."""

    def __init__(self, dama, game):
        self.dama = dama
        self.game = game

    def _fen(self, fen):
        if not self.game.flying:
            return fen
        side, *parts = fen.split(":")
        out = [side]
        for part in parts:
            items = []
            for item in filter(None, part[1:].split(",")):
                king = "K" if item.startswith("K") else ""
                items.append(king + str(self.game.pdn_number(int(item.lstrip("K")))))
            out.append(part[0] + ",".join(items))
        return ":".join(out)

    def _path(self, move):
        if not self.game.flying:
            return move
        capture = ":" in move
        squares = [self.game.from_algebraic(s) for s in move.replace(":", "-").split("-")]
        return ("x" if capture else "-").join(str(s) for s in squares)

    def moves_of_many(self, fens):
        asked = {self._fen(fen): fen for fen in fens}
        with tempfile.NamedTemporaryFile("w", suffix=".fen", delete=False) as f:
            f.write("\n".join(asked) + "\n")
            name = f.name
        out = subprocess.run([self.dama, "moves", "--variant", self.game.name, "--fen-file", name],
                             capture_output=True, text=True, check=True).stdout
        Path(name).unlink()
        result = {}
        for line in out.splitlines():
            fen, _, moves = line.partition("\t")
            result[asked[fen]] = [self._path(m) for m in moves.split()]
        return result

    def moves(self, fen):
        out = subprocess.run([self.dama, "moves", "--variant", self.game.name, "--fen",
                              self._fen(fen)], capture_output=True, text=True, check=True).stdout
        return [self._path(m) for m in out.split()]


CB_MAX_MOVES = 28  # CheckerBoard's move arrays (MAXMOVES, CB_movegen.h, 1.77)
CB_REPLY_MAX = 1023  # its reply buffer, less the NUL


def movelist_paths(reply, game, pieces):
    """The moves of a `movelist` reply as full paths (from, landings...), each captured square the
    piece the jump to its landing square takes on `game`'s board (`pieces`), and whether the list
    was cut: as CheckerBoard reads a reply (at most 28 moves, then nothing), a list that does not
    fit it counts the moves that fit and lets the others follow, the last perhaps cut at the
    buffer's end. Returns (paths of every whole entry, the count, cut)."""
    if len(reply) > CB_REPLY_MAX:
        raise ValueError(f"a reply of {len(reply)} bytes, more than CheckerBoard reads")
    head, _, rest = reply.partition(",")
    count = int(head.split()[1])
    if count > CB_MAX_MOVES:
        raise ValueError(f"a count of {count}, more than CheckerBoard's {CB_MAX_MOVES} moves")
    entries = rest.split(";") if count else []
    whole, tail = entries[:-1], entries[-1] if entries else ""
    if len(whole) < count or (count == 0 and reply != "movelist 0"):
        raise ValueError(f"malformed movelist: {reply}")
    cut = len(whole) > count or tail != ""
    if cut and count < CB_MAX_MOVES and len(reply) < CB_REPLY_MAX:
        raise ValueError(f"a list cut short of 28 moves and of the buffer: {reply}")
    paths = set()
    for entry in whole:
        v = [int(t) for t in entry.split(",")]
        jumps, _old, _new, frm, to = v[:5]
        if len(v) != 5 + 3 * jumps:
            raise ValueError(f"malformed entry {entry}")
        if jumps == 0:
            paths.add(f"{frm}-{to}")
            continue
        landings = [v[5 + 3 * j] for j in range(jumps)]
        captured = [v[6 + 3 * j] for j in range(jumps)]
        if landings[-1] != to:
            raise ValueError(f"entry {entry}: last landing is not the destination")
        board = {n: p for n, p in pieces.items() if n != frm}
        if captured != [game.jumped(board, a, b) for a, b in zip([frm] + landings, landings)]:
            raise ValueError(f"entry {entry}: a captured square is not the piece on the jump")
        paths.add("x".join(str(s) for s in [frm] + landings))
    return paths, count, cut
