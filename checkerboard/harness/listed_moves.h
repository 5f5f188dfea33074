/* A legal move as the harness holds it (the fields of a `get movelist` entry), for cbharness.c:
 * reading a `movelist` reply, playing a move on a board, and comparing moves with each other and
 * with a CBmove. Included after CB_*, struct CBmove, coor_of and number_of. */

/* One legal move as `get movelist` gives it. */
struct listed {
    int jumps, oldpiece, newpiece, from, to;
    int landed[12], captured[12], cappiece[12];
};

/* Parses a `movelist` reply into `moves`; returns the count, or -1 when malformed. */
static int parse_movelist(const char *reply, struct listed *moves, int capacity) {
    int count, used;
    if (sscanf(reply, "movelist %d%n", &count, &used) != 1 || count < 0 || count > capacity)
        return -1;
    const char *p = reply + used;
    if (count > 0 && *p++ != ',') return -1;
    for (int i = 0; i < count; i++) {
        struct listed *m = &moves[i];
        if (sscanf(p, "%d,%d,%d,%d,%d%n", &m->jumps, &m->oldpiece, &m->newpiece, &m->from, &m->to,
                   &used) != 5 || m->jumps < 0 || m->jumps > 12)
            return -1;
        p += used;
        for (int j = 0; j < m->jumps; j++) {
            if (sscanf(p, ",%d,%d,%d%n", &m->landed[j], &m->captured[j], &m->cappiece[j], &used) != 3)
                return -1;
            p += used;
        }
        if (*p != ';') return -1;
        p++;
    }
    return *p == 0 ? count : -1;
}

/* The board after playing `m` on `board`. */
static void apply(int board[8][8], const struct listed *m, int after[8][8]) {
    memcpy(after, board, sizeof(int) * 64);
    struct coor f = coor_of(m->from), t = coor_of(m->to);
    after[f.x][f.y] = 0;
    for (int j = 0; j < m->jumps; j++) {
        struct coor c = coor_of(m->captured[j]);
        after[c.x][c.y] = 0;
    }
    after[t.x][t.y] = m->newpiece;
}

/* Whether CBmove describes listed move `m` (same squares, same captured set and pieces). */
static int describes(const struct CBmove *cb, const struct listed *m) {
    if (cb->jumps != m->jumps || cb->oldpiece != m->oldpiece || cb->newpiece != m->newpiece)
        return 0;
    if (number_of(cb->from) != m->from || number_of(cb->to) != m->to) return 0;
    for (int j = 0; j < m->jumps; j++) {
        int found = 0;
        for (int k = 0; k < m->jumps; k++)
            if (number_of(cb->del[k]) == m->captured[j] && cb->delpiece[k] == m->cappiece[j]) found = 1;
        if (!found) return 0;
    }
    return 1;
}

/* Whether two listed moves are one move (start, end, captured set), or the same route taking the
 * same pieces in the same order. */
static int same_move(const struct listed *a, const struct listed *b) {
    if (a->from != b->from || a->to != b->to || a->jumps != b->jumps) return 0;
    for (int j = 0; j < a->jumps; j++) {
        int found = 0;
        for (int k = 0; k < b->jumps; k++) found |= a->captured[j] == b->captured[k];
        if (!found) return 0;
    }
    return 1;
}
static int same_route(const struct listed *a, const struct listed *b) {
    if (!same_move(a, b) || a->oldpiece != b->oldpiece || a->newpiece != b->newpiece) return 0;
    size_t n = sizeof(int) * (size_t)a->jumps;
    return !memcmp(a->landed, b->landed, n) && !memcmp(a->captured, b->captured, n) &&
           !memcmp(a->cappiece, b->cappiece, n);
}
