// sqlite-floor: what inserting Refine's trial rows costs SQLite itself, from C.
//
// refine-bench's lower bound for the store's writer (issue 16, goal 5). It reads
// every trial_row of SOURCE (the store's own database after a run: factor codes,
// plan keys as '', seeds, metric columns) into memory, then inserts them into
// TARGET (a copy of SOURCE's schema with trial_row emptied) the way the store
// does: prepared INSERTs of ROWS rows each (ids included: since schema v6 a row's
// id is its identity; the last rows of a transaction one at a time), each value
// bound with its type, BATCH rows per transaction, WAL with synchronous=NORMAL.
// Only the inserts and commits are timed. What favours this peer: its rows are
// already coded and laid out (the store's writer maps level ids and finds plan
// keys), and it has no error handling or progress, and only its two INSERTs
// prepared (ROWS rows and one row).
//
// Usage: sqlite-floor SOURCE TARGET BATCH [ROWS]   (ROWS a statement, default 1)
// Prints one line of JSON: trials, cpu_s (the inserting thread's CPU), wall_s,
// close_s (the final checkpoint).
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    int type;
    sqlite3_int64 i;
    double d;
    char *text;
    int bytes;
} Value;

static double seconds(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void fail(sqlite3 *db, const char *what) {
    fprintf(stderr, "sqlite-floor: %s: %s\n", what, db ? sqlite3_errmsg(db) : "out of memory");
    exit(1);
}

// Binds `count` rows from `row` as the statement's parameters, each `columns` wide.
static void bind_rows(sqlite3_stmt *insert, const Value *row, int count, int columns) {
    for (int p = 0; p < count * columns; p++) {
        switch (row[p].type) {
        case SQLITE_INTEGER: sqlite3_bind_int64(insert, p + 1, row[p].i); break;
        case SQLITE_FLOAT: sqlite3_bind_double(insert, p + 1, row[p].d); break;
        case SQLITE_TEXT: sqlite3_bind_text(insert, p + 1, row[p].text, row[p].bytes, SQLITE_STATIC); break;
        default: sqlite3_bind_null(insert, p + 1);
        }
    }
}

static void step(sqlite3 *db, sqlite3_stmt *insert) {
    if (sqlite3_step(insert) != SQLITE_DONE) fail(db, "inserting");
    sqlite3_reset(insert);
}

int main(int argc, char **argv) {
    if ((argc != 4 && argc != 5) || atoi(argv[3]) < 1 || (argc == 5 && atoi(argv[4]) < 1)) {
        fprintf(stderr, "usage: sqlite-floor SOURCE TARGET BATCH [ROWS] (see the comment at the top of main.c)\n");
        return 2;
    }
    const char *source = argv[1], *target = argv[2];
    int batch = atoi(argv[3]), per = argc == 5 ? atoi(argv[4]) : 1;

    sqlite3 *db;
    if (sqlite3_open_v2(source, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) fail(db, source);
    sqlite3_stmt *read;
    if (sqlite3_prepare_v2(db, "SELECT * FROM trial_row ORDER BY id", -1, &read, NULL) != SQLITE_OK) fail(db, "reading trial_row");
    int columns = sqlite3_column_count(read);  // the id too: the store binds each trial's identity (schema v6)
    char *sql = malloc(64 + (size_t)columns * 64), *marks = malloc((size_t)columns * 2 + 1);
    strcpy(sql, "INSERT INTO trial_row (");
    marks[0] = 0;
    for (int c = 0; c < columns; c++) {
        strcat(sql, c ? ", \"" : "\"");
        strcat(sql, sqlite3_column_name(read, c));  // metric columns are plain identifiers
        strcat(sql, "\"");
        strcat(marks, c ? ",?" : "?");
    }
    strcat(sql, ") VALUES (");
    strcat(sql, marks);
    strcat(sql, ")");
    char *many_sql = malloc(strlen(sql) + (size_t)per * (strlen(marks) + 4));
    strcpy(many_sql, sql);
    for (int k = 1; k < per; k++) { strcat(many_sql, ",("); strcat(many_sql, marks); strcat(many_sql, ")"); }

    size_t capacity = 1 << 16, rows = 0;
    Value *values = malloc(capacity * (size_t)columns * sizeof(Value));
    while (sqlite3_step(read) == SQLITE_ROW) {
        if (rows == capacity) {
            capacity *= 2;
            values = realloc(values, capacity * (size_t)columns * sizeof(Value));
            if (!values) fail(NULL, "reading trial_row");
        }
        for (int c = 0; c < columns; c++) {
            Value *v = &values[rows * (size_t)columns + (size_t)c];
            v->type = sqlite3_column_type(read, c);
            if (v->type == SQLITE_INTEGER) v->i = sqlite3_column_int64(read, c);
            else if (v->type == SQLITE_FLOAT) v->d = sqlite3_column_double(read, c);
            else if (v->type == SQLITE_TEXT) {
                v->bytes = sqlite3_column_bytes(read, c);
                v->text = malloc((size_t)v->bytes + 1);
                memcpy(v->text, sqlite3_column_text(read, c), (size_t)v->bytes + 1);
            }
        }
        rows++;
    }
    sqlite3_finalize(read);
    sqlite3_close(db);

    if (sqlite3_open_v2(target, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) fail(db, target);
    if (sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=OFF", NULL, NULL, NULL) != SQLITE_OK) fail(db, target);
    sqlite3_stmt *insert, *many;
    if (sqlite3_prepare_v2(db, sql, -1, &insert, NULL) != SQLITE_OK) fail(db, "preparing the insert");
    if (sqlite3_prepare_v2(db, many_sql, -1, &many, NULL) != SQLITE_OK) fail(db, "preparing the insert of ROWS rows");

    double wall0 = seconds(CLOCK_MONOTONIC), cpu0 = seconds(CLOCK_THREAD_CPUTIME_ID);
    for (size_t start = 0; start < rows; start += (size_t)batch) {
        if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) fail(db, "BEGIN");
        size_t end = start + (size_t)batch < rows ? start + (size_t)batch : rows;
        size_t r = start;
        for (; per > 1 && r + (size_t)per <= end; r += (size_t)per) {
            bind_rows(many, &values[r * (size_t)columns], per, columns);
            step(db, many);
        }
        for (; r < end; r++) {
            bind_rows(insert, &values[r * (size_t)columns], 1, columns);
            step(db, insert);
        }
        if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) fail(db, "COMMIT");
    }
    double cpu = seconds(CLOCK_THREAD_CPUTIME_ID) - cpu0, wall = seconds(CLOCK_MONOTONIC) - wall0;
    sqlite3_finalize(insert);
    sqlite3_finalize(many);
    double close0 = seconds(CLOCK_MONOTONIC);
    if (sqlite3_close(db) != SQLITE_OK) fail(db, "closing");
    printf("{\"trials\": %zu, \"cpu_s\": %.6f, \"wall_s\": %.6f, \"close_s\": %.6f}\n", rows, cpu, wall, seconds(CLOCK_MONOTONIC) - close0);
    return 0;
}
