/* A stand-in for CheckerBoard: loads one of Dama's engine libraries (libdamacb.so,
 * libdamacb_english.so, libdamacb_russian.so or libdamacb_brazilian.so on Linux, damacb.dll or
 * damacb_<game>.dll on Windows or under Wine) the way CheckerBoard does, by name, asks its game
 * type as CheckerBoard does (21 English, 22 Italian, 25 Russian, 26 Brazilian), and plays complete
 * games through getmove alone, from CheckerBoard's start with the side CheckerBoard starts with
 * (Black in English and, in CheckerBoard 1.77, Brazilian; White in Italian and Russian).
 * Italian, Russian, Brazilian: every move is checked against the library's own `get movelist`
 * (Dama's move generator), read as CheckerBoard reads it (at most 28 moves), and the board
 * written back against the move reported in CBmove; after a list that does not fit CheckerBoard,
 * CheckerBoard plays the engine's CBmove, so the harness does too, and checks it (flying_moves.h).
 * English: as CheckerBoard does, against a move generator of its own (english_moves.h), with which
 * the library's `get movelist` must also agree. In all, islegal must accept exactly the legal
 * (from, to) pairs of the positions of each opening.
 *
 * Usage: cbharness LIBRARY [GAMES] [SECONDS_PER_MOVE] [GAME_TYPE]   (GAME_TYPE: the game type the
 * library must answer, when given). Exit status 0 only when every check passed. Written for this project's tests; plain C99. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef _WIN32
#include <windows.h>
#define CB_CALL __stdcall
typedef HMODULE Library;
static Library open_library(const char *path) { return LoadLibraryA(path); }
static void *symbol(Library lib, const char *name) { return (void *)GetProcAddress(lib, name); }
static double now(void) {
    LARGE_INTEGER f, c;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&c);
    return (double)c.QuadPart / (double)f.QuadPart;
}
#else
#include <dlfcn.h>
#define CB_CALL
typedef void *Library;
static Library open_library(const char *path) { return dlopen(path, RTLD_NOW); }
static void *symbol(Library lib, const char *name) { return dlsym(lib, name); }
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}
#endif

#define CB_WHITE 1
#define CB_BLACK 2
#define CB_MAN 4
#define CB_KING 8
#define CB_DRAW 0
#define CB_WIN 1
#define CB_LOSS 2
#define CB_UNKNOWN 3
#define CB_EXACT_TIME 2

struct coor { int x, y; };
struct CBmove {
    int jumps, newpiece, oldpiece;
    struct coor from, to;
    struct coor path[12];
    struct coor del[12];
    int delpiece[12];
};

typedef int(CB_CALL *getmove_fn)(int board[8][8], int color, double maxtime, char str[1024],
                                  int *playnow, int info, int moreinfo, struct CBmove *move);
typedef int(CB_CALL *enginecommand_fn)(char command[256], char reply[1024]);
typedef int(CB_CALL *islegal_fn)(int board[8][8], int color, int from, int to, struct CBmove *move);

static getmove_fn getmove;
static enginecommand_fn enginecommand;
static islegal_fn islegal;
static int failures = 0;

#define FAIL(...)                                                                                \
    do {                                                                                         \
        fprintf(stderr, "FAIL: " __VA_ARGS__);                                                   \
        fputc('\n', stderr);                                                                     \
        failures++;                                                                              \
    } while (0)

#define GT_ENGLISH 21
#define GT_ITALIAN 22
#define GT_RUSSIAN 25
#define GT_BRAZILIAN 26
static int gametype = GT_ITALIAN;
static int flying(void) { return gametype == GT_RUSSIAN || gametype == GT_BRAZILIAN; }
static const char *game_name(void) {
    switch (gametype) {
    case GT_ENGLISH: return "English";
    case GT_RUSSIAN: return "Russian";
    case GT_BRAZILIAN: return "Brazilian";
    default: return "Italian";
    }
}

/* Square n (1-32) to CheckerBoard's coordinates, and back (cb_interface.h): the same rows in
 * every game; Italian has a case of its own, the others take the default (English) formula,
 * whose columns are counted from the other edge. */
static struct coor coor_of(int n) {
    struct coor c;
    c.y = (n - 1) / 4;
    if (gametype != GT_ITALIAN)
        c.x = 2 * (3 - (n - 1) % 4) + (c.y % 2);
    else
        c.x = 2 * ((n - 1) % 4) + (c.y % 2);
    return c;
}
static int number_of(struct coor c) {
    return gametype != GT_ITALIAN ? 4 * (c.y + 1) - c.x / 2 : 1 + 4 * c.y + c.x / 2;
}
/* The side CheckerBoard starts with (its get_startcolor, 1.77): Black in English and, having no
 * case for it, Brazilian; White in Italian and Russian. */
static int first_color(void) {
    return gametype == GT_ENGLISH || gametype == GT_BRAZILIAN ? CB_BLACK : CB_WHITE;
}

#include "listed_moves.h"
#include "english_moves.h"
#include "flying_moves.h"

/* Positions whose move list did not fit CheckerBoard, and engine moves taken from CBmove. */
static int cut_lists = 0, cbmove_moves = 0;

static void start_board(int board[8][8]) {
    memset(board, 0, sizeof(int) * 64);
    for (int n = 1; n <= 12; n++) {
        struct coor c = coor_of(n);
        board[c.x][c.y] = CB_BLACK | CB_MAN;
    }
    for (int n = 21; n <= 32; n++) {
        struct coor c = coor_of(n);
        board[c.x][c.y] = CB_WHITE | CB_MAN;
    }
}

/* The board and side of a FEN in the game's numbers (`W:WK14,15:B4`, no ranges); the side. */
static int board_of_fen(const char *fen, int board[8][8]) {
    memset(board, 0, sizeof(int) * 64);
    int side = fen[0] == 'B' ? CB_BLACK : CB_WHITE, colour = 0;
    for (const char *p = fen + 1; *p; p++) {
        if (*p == ':' && (p[1] == 'W' || p[1] == 'B')) {
            colour = p[1] == 'W' ? CB_WHITE : CB_BLACK;
            p++;
            continue;
        }
        if (*p == ',') continue;
        int king = *p == 'K';
        if (king) p++;
        int n = (int)strtol(p, (char **)&p, 10);
        p--;
        struct coor c = coor_of(n);
        board[c.x][c.y] = colour | (king ? CB_KING : CB_MAN);
    }
    return side;
}

static void fen_of(int board[8][8], int color, char *out) {
    char white[256] = "", black[256] = "";
    for (int n = 1; n <= 32; n++) {
        struct coor c = coor_of(n);
        int v = board[c.x][c.y];
        char item[8];
        if (!v) continue;
        snprintf(item, sizeof item, "%s%d", (v & CB_KING) ? "K" : "", n);
        char *list = (v & CB_WHITE) ? white : black;
        if (*list) strcat(list, ",");
        strcat(list, item);
    }
    sprintf(out, "%c:W%s:B%s", color == CB_WHITE ? 'W' : 'B', white, black);
}

/* Sends `command`; the reply is left in `reply`. */
static int command(const char *text, char reply[1024]) {
    /* CheckerBoard's prototype says char[256]; `set gamehist` can be longer, so the buffer is. */
    static char buffer[8192];
    snprintf(buffer, sizeof buffer, "%s", text);
    reply[0] = 0;
    return enginecommand(buffer, reply);
}

/* The legal moves of `color` on `board` (FEN `fen`): the library's `get movelist` as CheckerBoard
 * reads it (*complete 0 when the list did not fit CheckerBoard: its first 28 moves, those that
 * follow in `moves` after them); in English the harness's own moves (*complete 1), with which the
 * library's list must agree (each of its moves one of their routes, each of theirs one of its
 * moves). The count, or -1 after a failure. */
static int legal_moves(int board[8][8], int color, const char *fen, struct listed *moves, int game,
                       int ply, int *complete) {
    static char text[600], reply[8192];
    static struct listed listed[256];
    int extra;
    snprintf(text, sizeof text, "get movelist %s", fen);
    if (!command(text, reply)) {
        FAIL("game %d ply %d: get movelist refused: %s", game, ply, reply);
        return -1;
    }
    if (strlen(reply) > 1023) FAIL("game %d ply %d: a reply longer than CheckerBoard's buffer", game, ply);
    int count = parse_movelist(reply, listed, 256, complete, &extra);
    if (count < 0) {
        FAIL("game %d ply %d: malformed movelist: %s", game, ply, reply);
        return -1;
    }
    if (!*complete) {
        cut_lists++;
        if (count != CB_MAXMOVES && strlen(reply) != 1023)
            FAIL("game %d ply %d: a list cut short of 28 moves and of the buffer: %s", game, ply, reply);
    }
    if (gametype != GT_ENGLISH) {
        memcpy(moves, listed, sizeof(struct listed) * (size_t)(count + extra));
        return count;
    }
    *complete = 1;
    int own = english_moves(board, color, moves, 256);
    for (int i = 0; i < count; i++) {
        int found = 0;
        for (int k = 0; k < own && !found; k++) found = same_route(&listed[i], &moves[k]);
        if (!found) FAIL("game %d ply %d: %s: movelist entry %d (%d-%d) is no English move", game, ply, fen, i, listed[i].from, listed[i].to);
    }
    for (int k = 0; k < own; k++) {
        int found = 0;
        for (int i = 0; i < count && !found; i++) found = same_move(&listed[i], &moves[k]);
        if (!found) FAIL("game %d ply %d: %s: the movelist lacks %d-%d (%d jumps)", game, ply, fen, moves[k].from, moves[k].to, moves[k].jumps);
    }
    return own;
}

/* islegal must accept exactly the (from, to) pairs of the legal moves, and describe one. */
static void check_islegal(int board[8][8], int color, const struct listed *moves, int count,
                          int game, int ply) {
    for (int from = 1; from <= 32; from++)
        for (int to = 1; to <= 32; to++) {
            int expected = 0;
            for (int i = 0; i < count; i++) expected |= moves[i].from == from && moves[i].to == to;
            struct CBmove cb;
            memset(&cb, 0, sizeof cb);
            int got = islegal(board, color, from, to, &cb);
            if (got != expected) {
                FAIL("game %d ply %d: islegal(%d, %d) answered %d", game, ply, from, to, got);
                return;
            }
            int described = !got;
            for (int i = 0; i < count && !described; i++) described = describes(&cb, &moves[i]);
            if (!described) FAIL("game %d ply %d: islegal's CBmove for %d-%d is no legal move", game, ply, from, to);
        }
}

static unsigned long long rng_state = 0x9E3779B97F4A7C15ull;
static unsigned next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 32);
}

/* Plays one game from CheckerBoard's start, to its end or a claim; or from `from_fen`, with no
 * random opening moves, for at most 40 plies whatever is claimed. Returns the plies played. */
static int play_game(int number, double seconds, int *verdicts, const char *from_fen) {
    int board[8][8], color = first_color(), plies = 0, complete;
    static struct listed moves[256];
    static char text[8192], history[7680];
    char fen[512], reply[1024], status[1024];
    int quiet_moves = 0; /* moves in `history` since its FEN */
    start_board(board);
    if (from_fen) color = board_of_fen(from_fen, board);
    fen_of(board, color, history);
    int random_plies = from_fen ? 0 : 2 + (int)(next_random() % 4);
    for (; plies < (from_fen ? 40 : 300); plies++) {
        fen_of(board, color, fen);
        int count = legal_moves(board, color, fen, moves, number, plies, &complete);
        if (count <= 0) break;
        int after[8][8];
        if (plies < random_plies) {
            /* The opening: random legal moves, so the games differ. */
            struct listed *m = &moves[next_random() % count];
            apply(board, m, after);
            if (complete) check_islegal(board, color, moves, count, number, plies);
            memcpy(board, after, sizeof after);
            color ^= 3;
            fen_of(board, color, history);
            continue;
        }
        /* As CheckerBoard: the position after the last irreversible move and the moves since. */
        snprintf(text, sizeof text, "set gamehist %s", history);
        if (!command(text, reply)) FAIL("game %d ply %d: set gamehist refused: %s", number, plies, reply);
        int returned[8][8], playnow = 0;
        struct CBmove cb;
        memset(&cb, 0, sizeof cb);
        memcpy(returned, board, sizeof returned);
        status[0] = 0;
        int verdict = getmove(returned, color, seconds, status, &playnow, CB_EXACT_TIME, 0, &cb);
        if (verdict < CB_DRAW || verdict > CB_UNKNOWN)
            FAIL("game %d ply %d: getmove returned %d", number, plies, verdict);
        else
            verdicts[verdict]++;
        int matched = -1;
        struct listed played;
        if (complete) {
            /* As CheckerBoard: the listed move whose result is the board written back. */
            for (int i = 0; i < count && matched < 0; i++) {
                apply(board, &moves[i], after);
                if (memcmp(after, returned, sizeof after) == 0 && describes(&cb, &moves[i])) matched = i;
            }
            if (matched < 0) {
                FAIL("game %d ply %d: %s: the board written back and CBmove (%d-%d, %d jumps) match no legal move (status: %s)",
                     number, plies, fen, number_of(cb.from), number_of(cb.to), cb.jumps, status);
                return plies;
            }
            played = moves[matched];
        } else {
            /* As CheckerBoard after a list that did not fit: the engine's CBmove, played on the
             * board before the move, must give the board written back. */
            const char *problem = flying() ? flying_move_problem(board, color, &cb, gametype == GT_RUSSIAN) : NULL;
            memset(&played, 0, sizeof played);
            played.jumps = cb.jumps;
            played.oldpiece = cb.oldpiece;
            played.newpiece = cb.newpiece;
            played.from = number_of(cb.from);
            played.to = number_of(cb.to);
            for (int j = 0; j < cb.jumps && j < 12; j++) {
                played.landed[j] = number_of(cb.path[j + 1]);
                played.captured[j] = number_of(cb.del[j]);
                played.cappiece[j] = cb.delpiece[j];
            }
            apply(board, &played, after);
            if (problem || memcmp(after, returned, sizeof after) != 0) {
                FAIL("game %d ply %d: %s: CBmove %d-%d (%d jumps): %s", number, plies, fen, played.from,
                     played.to, cb.jumps, problem ? problem : "the board written back is not CBmove played");
                return plies;
            }
            cbmove_moves++;
        }
        if (cb.jumps > 0 && number_of(cb.path[cb.jumps]) != played.to)
            FAIL("game %d ply %d: CBmove path does not end on the destination", number, plies);
        /* A flying king's landing squares are a choice of the route: CBmove's must be its
         * listed route's. */
        for (int j = 0; flying() && matched >= 0 && j < cb.jumps; j++)
            if (number_of(cb.path[j + 1]) != played.landed[j] || number_of(cb.del[j]) != played.captured[j])
                FAIL("game %d ply %d: CBmove's path is not the listed route of %d-%d", number, plies, played.from, played.to);
        memcpy(board, returned, sizeof returned);
        color ^= 3;
        const struct listed *m = &played;
        if (m->jumps > 0 || (m->oldpiece & CB_MAN) || quiet_moves > 200) {
            fen_of(board, color, history);
            quiet_moves = 0;
        } else {
            size_t len = strlen(history);
            snprintf(history + len, sizeof history - len, " %d-%d", m->from, m->to);
            quiet_moves++;
        }
        if (!from_fen && (verdict == CB_WIN || verdict == CB_LOSS || verdict == CB_DRAW)) {
            plies++;
            break;
        }
    }
    return plies;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s LIBRARY [GAMES] [SECONDS_PER_MOVE] [GAME_TYPE]\n", argv[0]);
        return 2;
    }
    int games = argc > 2 ? atoi(argv[2]) : 4;
    double seconds = argc > 3 ? atof(argv[3]) : 0.02;
    Library lib = open_library(argv[1]);
    if (!lib) {
        fprintf(stderr, "cannot load %s\n", argv[1]);
        return 2;
    }
    getmove = (getmove_fn)symbol(lib, "getmove");
    enginecommand = (enginecommand_fn)symbol(lib, "enginecommand");
    islegal = (islegal_fn)symbol(lib, "islegal");
    if (!getmove || !enginecommand || !islegal) {
        fprintf(stderr, "the library lacks getmove, enginecommand or islegal\n");
        return 2;
    }
    char reply[1024];
    command("name", reply);
    printf("engine: %s\n", reply);
    /* As CheckerBoard: the game is the one the engine names. */
    if (command("get gametype", reply) && (atoi(reply) == GT_ENGLISH || atoi(reply) == GT_ITALIAN ||
                                           atoi(reply) == GT_RUSSIAN || atoi(reply) == GT_BRAZILIAN))
        gametype = atoi(reply);
    else
        FAIL("get gametype: %s", reply);
    printf("game type %d (%s)\n", gametype, game_name());
    if (argc > 4 && atoi(argv[4]) != gametype) FAIL("the library plays game type %d, not %s", gametype, argv[4]);
    if (!command("get protocolversion", reply) || strcmp(reply, "2") != 0) FAIL("get protocolversion: %s", reply);
    /* CheckerBoard's start-up probe (its loadengine): it keeps the engine's move lists only if
     * this exact command answers exactly "movelist 0" (Black to move, without a piece). */
    if (!command("get movelist B:W1:B", reply) || strcmp(reply, "movelist 0") != 0)
        FAIL("CheckerBoard's probe get movelist B:W1:B: %s", reply);
    if (command("set hashsize 16", reply) != 1) FAIL("set hashsize: %s", reply);
    if (command("frobnicate", reply) != 0) FAIL("an unknown command was accepted");

    /* playnow already set: the move must come at once, not after the 30 s asked. */
    {
        int board[8][8], playnow = 1;
        char status[1024];
        struct CBmove cb;
        start_board(board);
        command("set book 0", reply);
        double t0 = now();
        getmove(board, first_color(), 30.0, status, &playnow, 0, 0, &cb);
        double took = now() - t0;
        printf("playnow set: move after %.3f s\n", took);
        if (took > 1.0) FAIL("playnow ignored: %.3f s", took);
        command("set book 2", reply);
    }

    int verdicts[4] = {0, 0, 0, 0}, total = 0, king_games = 0;
    double t0 = now();
    for (int g = 1; g <= games; g++) {
        int plies = play_game(g, seconds, verdicts, NULL);
        total += plies;
        printf("game %d: %d plies\n", g, plies);
    }
    if (flying()) {
        /* Three kings against one (White's f2 f4 c3 against e7, CheckerBoard's 27 19 22 and 7, and
         * the same turned round with Black to move): lists of more than 28 moves, which
         * CheckerBoard cannot hold, so it plays the engine's CBmove. */
        const char *kings[2] = {"W:WK27,K19,K22:BK7", "B:WK26:BK6,K14,K11"};
        for (int k = 0; k < 2; k++) {
            int before = cut_lists;
            king_games++;
            int plies = play_game(games + king_games, seconds, verdicts, kings[k]);
            total += plies;
            printf("game %d (from %s): %d plies, %d lists cut\n", games + king_games, kings[k], plies,
                   cut_lists - before);
            if (cut_lists == before) FAIL("the game from %s met no list longer than CheckerBoard holds", kings[k]);
        }
    }
    printf("%d games, and %d from three kings; %d plies in %.1f s; verdicts draw %d win %d loss %d unknown %d; lists cut %d, moves from CBmove %d; failures %d\n",
           games, king_games, total, now() - t0, verdicts[0], verdicts[1], verdicts[2], verdicts[3],
           cut_lists, cbmove_moves, failures);
    return failures == 0 ? 0 : 1;
}
