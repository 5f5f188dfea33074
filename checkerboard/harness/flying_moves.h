/* Russian and Brazilian moves (CheckerBoard game types 25 and 26) for the harness: whether a
 * CBmove is a move of these games' kind on CheckerBoard's board, as CheckerBoard will play it
 * when it takes the engine's CBmove (after a move list that does not fit its arrays). Written
 * for this project from the rules (docs/russian.md): a man steps one square forward and captures
 * forward and backward, jumping two squares; a king flies along an empty diagonal and captures a
 * piece at any distance, landing on any empty square beyond; captured pieces stay on the board
 * until the move ends (none is jumped twice, none is passed); a man ending on the far row is
 * crowned, and in Russian a man reaching it during a capture goes on as a king.
 *
 * It does not check that the move is one the rules oblige (compulsory capture, Russian landing
 * squares, Brazilian majority): the Python harness referees every move with `dama moves`.
 * Included by cbharness.c after CB_*, struct CBmove and struct coor. */

static int flying_on_board(struct coor c) { return c.x >= 0 && c.x < 8 && c.y >= 0 && c.y < 8; }

/* NULL when `m` is a move of `color` of these games' kind on `board`, else what is wrong. */
static const char *flying_move_problem(int board[8][8], int color, const struct CBmove *m, int russian) {
    if (!flying_on_board(m->from) || !flying_on_board(m->to)) return "a square off the board";
    if (m->jumps < 0 || m->jumps > 11) return "jumps out of range";
    int piece = board[m->from.x][m->from.y];
    if (!piece || !(piece & color) || piece != m->oldpiece) return "oldpiece is not the side's piece on from";
    int forward = color == CB_BLACK ? 1 : -1, far_row = color == CB_BLACK ? 7 : 0;
    int king = (piece & CB_KING) != 0;
    int taken[8][8];
    memset(taken, 0, sizeof taken);
    struct coor at = m->from;
    int legs = m->jumps > 0 ? m->jumps : 1;
    for (int i = 0; i < legs; i++) {
        struct coor to = m->jumps > 0 ? m->path[i + 1] : m->to;
        if (!flying_on_board(to)) return "a landing square off the board";
        int dx = to.x - at.x, dy = to.y - at.y, n = dx < 0 ? -dx : dx;
        if (n == 0 || n != (dy < 0 ? -dy : dy)) return "a leg is no diagonal";
        int sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1, pieces = 0;
        struct coor over = {-1, -1};
        for (int k = 1; k < n; k++) {
            struct coor c = {at.x + k * sx, at.y + k * sy};
            if ((c.x == m->from.x && c.y == m->from.y) || !board[c.x][c.y]) continue;
            pieces++;
            over = c;
        }
        if (board[to.x][to.y] && !(to.x == m->from.x && to.y == m->from.y)) return "a landing square is taken";
        if (m->jumps == 0) {
            if (pieces) return "a quiet move passes a piece";
            if (!king && (n != 1 || dy != forward)) return "a man's quiet move is no step forward";
        } else {
            if (pieces != 1) return "a capture leg passes no piece or several";
            if (over.x != m->del[i].x || over.y != m->del[i].y) return "del is not the piece the leg passes";
            int enemy = board[over.x][over.y];
            if ((enemy & color) || taken[over.x][over.y]) return "a capture takes an own piece or one twice";
            if (enemy != m->delpiece[i]) return "delpiece is not the piece taken";
            if (!king && n != 2) return "a man's capture leg is not two squares long";
            taken[over.x][over.y] = 1;
            if (russian && !king && to.y == far_row) king = 1;
        }
        at = to;
    }
    if (at.x != m->to.x || at.y != m->to.y) return "the path does not end on to";
    int expected = (king || m->to.y == far_row) ? (color | CB_KING) : piece;
    if (m->newpiece != expected) return "newpiece is wrong";
    return NULL;
}
