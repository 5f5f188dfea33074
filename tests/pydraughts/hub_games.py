"""The refereed games of hub_interop.py (check 5): games between two Dama processes under
pydraughts' referee, clocks kept as a GUI keeps them, pondering, and a RoundRobin as a user runs it.
"""

import os
import sys
import tempfile
import threading
import time
from pathlib import Path

import draughts
from draughts.engine import Limit
from draughts.tournament import RoundRobin

sys.path.insert(0, str(Path(__file__).resolve().parent))
import differential  # noqa: E402  (the rule-4 whitelist lives there)
from hub_common import close_engine, start_engine  # noqa: E402

MAX_PLIES = 300


def ponder_on_thread(engine, board, limit):
    outcome = {}

    def run():
        try:
            outcome["result"] = engine.play(board, limit, True)
        except Exception as error:  # noqa: BLE001 (reported by the caller)
            outcome["error"] = error
    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


# ---- 5: refereed games ---------------------------------------------------------------------------

class Clock:
    """A player's clock kept as pydraughts' RoundRobin keeps it; `moves` periods for `moves=`."""

    def __init__(self, control):
        self.control = control
        self.left = control.get("time")
        self.moves_left = control.get("moves")
        self.lowest = self.left

    def limit(self):
        c = self.control
        if "time" not in c:
            return Limit(movetime=c.get("movetime"), depth=c.get("depth"), nodes=c.get("nodes"))
        return Limit(time=self.left, inc=c.get("inc"))

    def spend(self, seconds):
        """Charges a move; False when the flag fell during it."""
        if self.left is None:
            return True
        flagged = seconds > self.left
        self.left -= seconds
        self.lowest = min(self.lowest, self.left)
        self.left += self.control.get("inc") or 0
        if self.moves_left is not None:
            self.moves_left -= 1
            if self.moves_left == 0:
                self.moves_left = self.control["moves"]
                self.left += self.control["time"]
        return not flagged


def engine_move(engine, board, clock):
    """The engine's move as pydraughts reads it: play(), or go() for the `moves=` clocks."""
    if clock.moves_left is not None:
        moves = " ".join(m.hub_move for m in board.move_stack)
        best, _ = engine.go(board._game.initial_hub_fen, moves=moves, my_time=clock.left,
                            inc=clock.control.get("inc"), moves_left=clock.moves_left)
        return draughts.Move(board, hub_move=best)
    return engine.play(board, clock.limit(), False).move


def judge_refusal(board, done):
    """pydraughts refused a `done` line: (whitelisted?, the best move if pydraughts takes it).
    Either the best move or the ponder move was refused; only the rule-4 deviation is excused."""
    fields = [field.split("=", 1)[1] for field in done.split()[1:]]
    if not fields:
        return False, None
    try:
        move = draughts.Move(board, hub_move=fields[0])
    except (KeyError, ValueError):
        return rule4_whitelisted(board, fields[0]), None
    if len(fields) < 2:
        return False, move
    after = board.copy()
    after.push(move)
    return rule4_whitelisted(after, fields[1]), move


def rule4_whitelisted(board, hub_text):
    """Whether pydraughts refused `hub_text` only because of its first-king reading of rule 4."""
    side, pieces = differential.from_hub(board._game.get_fen())
    parts = [int(s) for s in hub_text.replace("-", "x").split("x")]
    key = (parts[0], parts[1], frozenset(parts[2:]))
    sequences = list(zip(*board._game.get_moves()))
    fid = differential.precedence(sequences, pieces, "lexicographic")
    first_king = differential.precedence(sequences, pieces, "first-king")
    py_set = {differential.pydraughts_key(m) for m in board.legal_moves()}
    return key in fid and key not in py_set and py_set == first_king


def play_game(players, opening, controls, ponder_white, stats):
    """One game; returns (result text, plies) or None when stopped by the rule-4 whitelist."""
    board = draughts.Board("italian")
    for move in opening:
        board.push(move)
    clocks = [Clock(controls[0]), Clock(controls[1])]
    pondering = None  # (thread, outcome, expected reply) of White's ponder search
    while not board.is_over() and len(board.move_stack) < MAX_PLIES:
        side = 0 if board.turn == draughts.WHITE else 1
        engine, clock = players[side], clocks[side]
        started = time.perf_counter()
        try:
            if side == 0 and pondering:
                move = finish_ponder(engine, board, clock, pondering, stats)
            else:
                move = engine_move(engine, board, clock)
        except (KeyError, ValueError) as error:
            done = engine.last_done or ""
            whitelisted, move = judge_refusal(board, done)
            if not whitelisted:
                stats["illegal"] += 1
                print(f"  ILLEGAL from {engine.name}: {done!r} in {board.fen} ({error!r})")
                return "illegal", len(board.move_stack), None
            stats["whitelisted"] += 1
            print(f"  whitelisted rule-4 deviation in {done!r} at {board.fen}")
            if move is None:
                return None  # pydraughts cannot go on with that move: the game is replaced
        spent = engine.time_since(started)
        if side == 0:
            pondering = None
        if not clock.spend(spent):
            stats["time losses"] += 1
            print(f"  LOSS ON TIME by {engine.name}: {spent:.3f} s with {clock.left + spent:.3f} s left")
            return "time", len(board.move_stack), None
        board.push(move)
        if side == 0 and ponder_white and not board.is_over():
            pondering = start_ponder(engine, board, clock)
    if pondering:
        players[0].stop()
        pondering[0].join(10)
    lowest = min((c.lowest for c in clocks if c.lowest is not None), default=None)
    if lowest is not None:
        stats["lowest clock"] = min(stats["lowest clock"], lowest)
    winner = board.winner()
    result = {draughts.WHITE: "1-0", draughts.BLACK: "0-1", 0: "1/2-1/2"}.get(winner, "unfinished")
    return result, len(board.move_stack), lowest


def start_ponder(engine, board, clock):
    """White's ponder search on the reply its last search expects (from its last `done`)."""
    done = engine.last_done.split()
    if len(done) < 3:
        return None
    try:
        reply = draughts.Move(board, hub_move=done[2].split("=", 1)[1])
    except (KeyError, ValueError):
        return None  # a rule-4 deviation in the ponder move: judged when it is played
    expected = board.copy()
    expected.push(reply)
    if expected.is_over():
        return None
    thread, outcome = ponder_on_thread(engine, expected, clock.limit())
    return thread, outcome, reply.hub_move


def finish_ponder(engine, board, clock, pondering, stats):
    thread, outcome, expected = pondering
    if board.move_stack[-1].hub_move == expected:
        stats["ponder hits"] += 1
        engine.ponderhit()
        thread.join(30)
        if "error" in outcome:
            raise outcome["error"]
        return outcome["result"].move
    stats["ponder misses"] += 1
    engine.stop()
    thread.join(30)
    if "error" in outcome:
        raise outcome["error"]
    return engine_move(engine, board, clock)


def random_opening(rng):
    while True:
        board = draughts.Board("italian")
        moves = []
        for _ in range(rng.randint(2, 5)):
            move = rng.choice(board.legal_moves())
            board.push(move)
            moves.append(move)
        if not board.is_over():
            return moves


def play_games(binary, count, rng, failures):
    fast = [{"movetime": 0.02}, {"depth": 6}, {"nodes": 5000}]
    one_second = {"time": 1.0, "inc": 0.02}
    stats = {"illegal": 0, "time losses": 0, "whitelisted": 0, "ponder hits": 0, "ponder misses": 0,
             "lowest clock": float("inf")}
    schedule = []
    for index in range(count):
        if index % 5 == 3:
            schedule.append(((one_second, one_second), False, "1 s + 0.02 s"))
        elif index % 10 == 4:
            moves = {"time": 1.0, "moves": 20}
            schedule.append(((moves, moves), False, "20 moves in 1 s"))
        elif index % 10 == 9:
            clock = {"time": 2.0, "inc": 0.05}
            schedule.append(((clock, clock), True, "2 s + 0.05 s, White ponders"))
        else:
            control = fast[index % 3]
            schedule.append(((control, control), False, str(control)))
    results = {}
    protocol_errors = 0
    played = 0
    for number, (controls, ponder, label) in enumerate(schedule, start=1):
        while True:
            opening = random_opening(rng)
            # Two cores: the opponent of a pondering engine searches on one thread.
            white = start_engine(binary, "white", {"threads": 1, "tt-size": 16, "ponder": ponder})
            black = start_engine(binary, "black", {"threads": 1 if ponder else 2, "tt-size": 32})
            started = time.perf_counter()
            outcome = play_game((white, black), opening, controls, ponder, stats)
            protocol_errors += close_engine(white, failures) + close_engine(black, failures)
            if outcome is not None:
                break
        result, plies, lowest = outcome
        played += 1
        results[result] = results.get(result, 0) + 1
        opening_text = " ".join(m.pdn_move for m in opening)
        low = f", lowest clock {lowest:.3f} s" if lowest is not None else ""
        print(f"game {number:2}: {label:28} opening {opening_text:28} {result:8} {plies:3} plies "
              f"{time.perf_counter() - started:5.1f} s{low}")
    return played, results, protocol_errors, stats


def run_round_robin(binary, failures):
    with tempfile.TemporaryDirectory() as directory:
        pdn = os.path.join(directory, "games.pdn")
        players = [([str(binary), "hub"], "hub", {"variant": "italian", "threads": 1}, None),
                   ([str(binary), "hub"], "hub", {"variant": "italian", "tt-size": 8}, None)]
        started = time.perf_counter()
        tournament = RoundRobin(pdn, players, 2, 0.05, variant="italian", games_per_pair=2,
                                max_moves=MAX_PLIES)
        scores = tournament.play()
        text = Path(pdn).read_text()
    games = text.count("[Result ")
    failures.check(games == 2, f"RoundRobin wrote {games} games")
    failures.check(sum(scores) == 4, f"RoundRobin scores {scores}")
    print(f"RoundRobin: 2 games at 2 s + 0.05 s, scores {scores} "
          f"({time.perf_counter() - started:.1f} s)")
