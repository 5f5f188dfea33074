/* English draughts (checkers) moves on CheckerBoard's board, for the harness: an independent
 * referee of the English library, as CheckerBoard itself checks English engines with its own move
 * generator. Written for this project from the rules (shared/variants.md): men step and capture
 * diagonally forward (Black towards y = 7, White towards y = 0), kings one square in any
 * direction; captures are compulsory, any capture may be chosen, a capture goes on while a jump is
 * available, a piece is taken once and stays on the board until the move ends, men take kings,
 * and a man reaching the far row is crowned and the move ends there.
 *
 * Included by cbharness.c after CB_* and struct listed; squares are numbered as CheckerBoard
 * numbers English squares (cb_interface.h, coorstonumber): n = 4 (y + 1) - x / 2. */

static int english_number(int x, int y) { return 4 * (y + 1) - x / 2; }

static int on_board(int x, int y) { return x >= 0 && x < 8 && y >= 0 && y < 8; }

/* The search for the jumps of one piece. */
struct english_jumps {
    int board[8][8]; /* the mover lifted off its start square */
    int taken[8][8];
    int color, startx, starty;
    struct listed *out;
    int count, capacity;
};

static void english_emit(struct english_jumps *s, const struct listed *m) {
    if (s->count < s->capacity) s->out[s->count++] = *m;
}

/* Jumps on from (x, y) with `piece`; `m` holds the capture so far. */
static void english_jump(struct english_jumps *s, int x, int y, int piece, struct listed *m) {
    static const int dirs[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
    int forward = s->color == CB_BLACK ? 1 : -1, jumped = 0;
    for (int d = 0; d < 4; d++) {
        int dx = dirs[d][0], dy = dirs[d][1];
        if ((piece & CB_MAN) && dy != forward) continue;
        int ox = x + dx, oy = y + dy, lx = x + 2 * dx, ly = y + 2 * dy;
        if (!on_board(lx, ly) || s->taken[ox][oy]) continue;
        int over = s->board[ox][oy];
        if (!over || (over & s->color) || s->board[lx][ly]) continue;
        jumped = 1;
        struct listed next = *m;
        next.landed[next.jumps] = english_number(lx, ly);
        next.captured[next.jumps] = english_number(ox, oy);
        next.cappiece[next.jumps] = over;
        next.jumps++;
        s->taken[ox][oy] = 1;
        int crowned = (piece & CB_MAN) && ly == (s->color == CB_BLACK ? 7 : 0);
        if (crowned || next.jumps == 12) {
            next.to = english_number(lx, ly);
            next.newpiece = crowned ? (s->color | CB_KING) : piece;
            english_emit(s, &next);
        } else {
            english_jump(s, lx, ly, piece, &next);
        }
        s->taken[ox][oy] = 0;
    }
    if (!jumped && m->jumps > 0) {
        struct listed done = *m;
        done.to = english_number(x, y);
        done.newpiece = piece;
        english_emit(s, &done);
    }
}

/* Every English move of `color` on `board`, capture routes each listed; returns the count. */
static int english_moves(int board[8][8], int color, struct listed *out, int capacity) {
    struct english_jumps s;
    memcpy(s.board, board, sizeof s.board);
    memset(s.taken, 0, sizeof s.taken);
    s.color = color;
    s.out = out;
    s.count = 0;
    s.capacity = capacity;
    for (int x = 0; x < 8; x++)
        for (int y = 0; y < 8; y++) {
            int piece = board[x][y];
            if (!piece || !(piece & color)) continue;
            struct listed m;
            memset(&m, 0, sizeof m);
            m.oldpiece = piece;
            m.from = english_number(x, y);
            s.board[x][y] = 0;
            english_jump(&s, x, y, piece, &m);
            s.board[x][y] = piece;
        }
    if (s.count > 0) return s.count;
    int forward = color == CB_BLACK ? 1 : -1;
    for (int x = 0; x < 8; x++)
        for (int y = 0; y < 8; y++) {
            int piece = board[x][y];
            if (!piece || !(piece & color)) continue;
            for (int dx = -1; dx <= 1; dx += 2)
                for (int dy = -1; dy <= 1; dy += 2) {
                    int tx = x + dx, ty = y + dy;
                    if (((piece & CB_MAN) && dy != forward) || !on_board(tx, ty) || board[tx][ty])
                        continue;
                    struct listed m;
                    memset(&m, 0, sizeof m);
                    m.oldpiece = piece;
                    m.from = english_number(x, y);
                    m.to = english_number(tx, ty);
                    int crowned = (piece & CB_MAN) && ty == (color == CB_BLACK ? 7 : 0);
                    m.newpiece = crowned ? (color | CB_KING) : piece;
                    english_emit(&s, &m);
                }
        }
    return s.count;
}
