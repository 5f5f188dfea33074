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
    """`dama moves --variant GAME`: the legal moves of positions, in full-path notation."""

    def __init__(self, dama, variant):
        self.dama = dama
        self.variant = variant

    def moves_of_many(self, fens):
        with tempfile.NamedTemporaryFile("w", suffix=".fen", delete=False) as f:
            f.write("\n".join(fens) + "\n")
            name = f.name
        out = subprocess.run([self.dama, "moves", "--variant", self.variant, "--fen-file", name],
                             capture_output=True, text=True, check=True).stdout
        Path(name).unlink()
        result = {}
        for line in out.splitlines():
            fen, _, moves = line.partition("\t")
            result[fen] = moves.split()
        return result

    def moves(self, fen):
        out = subprocess.run([self.dama, "moves", "--variant", self.variant, "--fen", fen],
                             capture_output=True, text=True, check=True).stdout
        return out.split()


def movelist_paths(reply, game):
    """The moves of a `movelist` reply as full paths (from, landings...); each captured square
    must be the one the jump to its landing square passes over on `game`'s board."""
    head, _, rest = reply.partition(",")
    count = int(head.split()[1])
    entries = [e for e in rest.split(";") if e] if count else []
    if len(entries) != count or (count and not reply.endswith(";")):
        raise ValueError(f"malformed movelist: {reply}")
    paths = set()
    for entry in entries:
        v = [int(t) for t in entry.split(",")]
        jumps, _old, _new, frm, to = v[:5]
        if len(v) != 5 + 3 * jumps:
            raise ValueError(f"malformed entry {entry}")
        if jumps == 0:
            paths.add(f"{frm}-{to}")
        else:
            landings = [v[5 + 3 * j] for j in range(jumps)]
            captured = [v[6 + 3 * j] for j in range(jumps)]
            if landings[-1] != to:
                raise ValueError(f"entry {entry}: last landing is not the destination")
            if captured != [game.jumped(a, b) for a, b in zip([frm] + landings, landings)]:
                raise ValueError(f"entry {entry}: a captured square is not on the jump")
            paths.add("x".join(str(s) for s in [frm] + landings))
    return paths
