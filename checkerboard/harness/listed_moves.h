/* A legal move as the harness holds it (the fields of a `get movelist` entry), for cbharness.c:
 * reading a `movelist` reply, playing a move on a board, and comparing moves with each other and
 * with a CBmove. Included after CB_*, struct CBmove, coor_of and number_of. */

/* One legal move as `get movelist` gives it. */
struct listed {
    int jumps, oldpiece, newpiece, from, to;
    int landed[12], captured[12], cappiece[12];
};

/* CheckerBoard's move arrays (MAXMOVES in its CB_movegen.h, 1.77). */
#define CB_MAXMOVES 28

/* Reads one entry at `p` into `m`; returns the characters read (the closing ';' included), or 0
 * when there is no complete entry there. */
static int parse_entry(const char *p, struct listed *m) {
    int used, total;
    if (sscanf(p, "%d,%d,%d,%d,%d%n", &m->jumps, &m->oldpiece, &m->newpiece, &m->from, &m->to,
               &used) != 5 || m->jumps < 0 || m->jumps > 12)
        return 0;
    total = used;
    for (int j = 0; j < m->jumps; j++) {
        if (sscanf(p + total, ",%d,%d,%d%n", &m->landed[j], &m->captured[j], &m->cappiece[j], &used) != 3)
            return 0;
        total += used;
    }
    return p[total] == ';' ? total + 1 : 0;
}

/* Parses a `movelist` reply as CheckerBoard reads it (get_movelist_from_engine, 1.77): the
 * count, at most CB_MAXMOVES (more would write past CheckerBoard's array), then that many
 * entries. *complete is 1 when nothing follows them (CheckerBoard takes the list as the
 * position's moves), 0 when text follows (CheckerBoard takes the list as invalid after the
 * engine's move and plays the engine's CBmove, and lets the user play the counted moves: the form
 * of a list that does not fit CheckerBoard). The whole entries that follow are read too, into
 * `moves` after the counted ones, their number in *extra. Returns the count, or -1 when
 * malformed. */
static int parse_movelist(const char *reply, struct listed *moves, int capacity, int *complete,
                          int *extra) {
    int count, used;
    *complete = 1;
    *extra = 0;
    if (sscanf(reply, "movelist %d%n", &count, &used) != 1 || count < 0 || count > CB_MAXMOVES ||
        count > capacity)
        return -1;
    const char *p = reply + used;
    if (count > 0 && *p++ != ',') return -1;
    for (int i = 0; i < count; i++) {
        int read = parse_entry(p, &moves[i]);
        if (!read) return -1;
        p += read;
    }
    if (*p == 0) return count;
    *complete = 0;
    if (count == 0) return -1; /* "movelist 0" must be exactly that */
    for (int read; count + *extra < capacity && (read = parse_entry(p, &moves[count + *extra])); p += read)
        (*extra)++;
    return count;
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
