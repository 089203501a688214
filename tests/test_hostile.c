/* test_hostile.c -- the cdok program against hostile input.
 *
 * Every file of tests/data/corpus/invalid/, and a few hundred files made
 * here by mutating corpus specs with a fixed-seed generator (flipped
 * bits, deleted and duplicated runs, truncations, huge numbers, random
 * letters, very long lines, NUL bytes, CRLF line ends, ...), is given to
 * `cdok examine --timeout 5` (CDOK_BIN, as in test_cli.c).  Whatever the
 * input, the program must end normally, with a status that says what
 * happened and the message that goes with it:
 *
 *   0  "Solution is unique." -- and then `cdok solve` prints a grid that
 *      the library confirms is a solution of the puzzle;
 *   1  "puzzle has no solution", maybe with the reason;  2  "Solution is not unique.";
 *   3  an error naming the file, line and column;  6  "gave up ...".
 *
 * For grids up to 5 x 5 the tests' own count (ref.h, no code shared
 * with the solver) must agree with statuses 0, 1 and 2.  Nothing else
 * may appear on standard error, so a sanitizer report fails the test in
 * the sanitizer build whatever the exit status.
 */
#include <criterion/criterion.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cdok.h"
#include "formats.h"
#include "ref.h"

#ifndef CDOK_BIN
#define CDOK_BIN "build/cdok"
#endif

#define CORPUS "tests/data/corpus/"
#define MUTANTS 500
#define SEED UINT64_C(0x5eed0f7e57ab1e)

extern char **environ;

/* ---- buffers ---- */

struct buf {
	char *data;   /* NUL-terminated (the data may hold NULs too) */
	size_t len;
	size_t cap;   /* bytes allocated */
};

static void buf_free(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

/* Room for more bytes and a NUL.  The buffer doubles: under the
 * sanitizer every realloc copies, so growing by the byte is quadratic. */
static void buf_reserve(struct buf *b, size_t more)
{
	size_t need = b->len + more + 1, cap = b->cap ? b->cap : 256;
	char *p;

	if (need <= b->cap)
		return;
	while (cap < need)
		cap *= 2;
	p = realloc(b->data, cap);
	cr_assert(p, "out of memory");
	b->data = p;
	b->cap = cap;
}

static void buf_append(struct buf *b, const char *s, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static struct buf read_fd(int fd)
{
	struct buf b = { NULL, 0, 0 };
	char chunk[65536];
	ssize_t n;

	buf_append(&b, "", 0);
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		cr_assert(n > 0, "read: %s", strerror(errno));
		buf_append(&b, chunk, (size_t)n);
	}
	return b;
}

static struct buf read_path(const char *path)
{
	int fd = open(path, O_RDONLY);
	struct buf b;

	cr_assert(fd >= 0, "cannot open %s: %s", path, strerror(errno));
	b = read_fd(fd);
	close(fd);
	return b;
}

static void write_path(const char *path, const struct buf *b)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	cr_assert(fd >= 0, "cannot create %s: %s", path, strerror(errno));
	cr_assert(write(fd, b->data, b->len) == (ssize_t)b->len,
		  "cannot write %s", path);
	close(fd);
}

/* ---- running the program ---- */

struct run {
	bool exited;     /* ended by exit, not by a signal */
	int status;      /* exit status, or the signal's number */
	struct buf out, err;
};

static void run_free(struct run *r)
{
	buf_free(&r->out);
	buf_free(&r->err);
}

static int capture_fd(void)
{
	char path[] = "/tmp/cdok-test-hostile-out.XXXXXX";
	int fd = mkstemp(path);

	cr_assert(fd >= 0, "mkstemp: %s", strerror(errno));
	unlink(path);
	return fd;
}

static void run_cdok(struct run *r, const char *cmd, const char *path)
{
	const char *argv[] = { "cdok", cmd, "--timeout", "5", path, NULL };
	posix_spawn_file_actions_t fa;
	int out_fd = capture_fd(), err_fd = capture_fd();
	int rc, wstatus;
	pid_t pid;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
	rc = posix_spawn(&pid, CDOK_BIN, &fa, NULL, (char *const *)argv,
			 environ);
	posix_spawn_file_actions_destroy(&fa);
	cr_assert(rc == 0, "cannot run %s: %s", CDOK_BIN, strerror(rc));
	while (waitpid(pid, &wstatus, 0) < 0)
		cr_assert(errno == EINTR, "waitpid: %s", strerror(errno));

	r->exited = WIFEXITED(wstatus);
	r->status = r->exited ? WEXITSTATUS(wstatus) : WTERMSIG(wstatus);
	lseek(out_fd, 0, SEEK_SET);
	lseek(err_fd, 0, SEEK_SET);
	r->out = read_fd(out_fd);
	r->err = read_fd(err_fd);
	close(out_fd);
	close(err_fd);
}

static bool matches(const char *s, const char *pattern)
{
	regex_t re;
	bool ok;

	cr_assert(regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB) == 0,
		  "bad pattern %s", pattern);
	ok = regexec(&re, s, 0, NULL, 0) == 0;
	regfree(&re);
	return ok;
}

/* A path as an extended regular expression. */
static void regex_quote(char *dst, size_t cap, const char *s)
{
	size_t n = 0;

	for (; *s && n + 3 < cap; s++) {
		if (strchr(".[]()*+?{}|^$\\", *s))
			dst[n++] = '\\';
		dst[n++] = *s;
	}
	dst[n] = '\0';
}

/* ---- an independent count for small grids ---- */

/* 0, 1, or 2 for "two or more", by the tests' own counter (ref.h); -1
 * when it needs more than its budget (the verdict is then not
 * compared). */
static int brute_count(const cdok_puzzle *p)
{
	struct ref_count count;

	memset(&count, 0, sizeof(count));
	count.limit = 2;
	count.budget = 100000;
	ref_count(p, &count);
	return count.gave_up ? -1 : (int)count.count;
}

/* ---- the check ---- */

/* The puzzle as the library reads it, or NULL if it does not: in the
 * format the program takes it for (cdok_format_detect, else spec). */
static cdok_puzzle *load(const char *path)
{
	struct buf text = read_path(path);
	const cdok_format *f = test_detect(text.data, text.len);
	cdok_reader *r = cdok_reader_new(f ? f : test_format("spec"),
					 text.data, text.len);
	cdok_puzzle *p = NULL;

	cr_assert(r);
	if (cdok_reader_next(r, &p, NULL) != CDOK_OK ||
	    cdok_puzzle_validate(p, NULL) != CDOK_OK) {
		cdok_puzzle_free(p);
		p = NULL;
	}
	cdok_reader_free(r);
	buf_free(&text);
	return p;
}

/* The grid `cdok solve` printed first: N lines of N values. */
static bool parse_grid(const char *s, int n, int *values)
{
	for (int i = 0; i < n * n; i++) {
		char *end;
		long v;

		while (*s == ' ' || *s == '\t' || (*s == '\n' && i % n == 0))
			s++;
		v = strtol(s, &end, 10);
		if (end == s || v < 1 || v > n)
			return false;
		values[i] = (int)v;
		s = end;
	}
	return *s == '\n';
}

/* A status-0 verdict must come with a grid that solves the puzzle. */
static void check_unique(const char *path, const char *what)
{
	cdok_puzzle *p = load(path);
	struct run r;
	int *values;
	int n;

	cr_assert(p, "%s: status 0, but the library cannot read it", what);
	n = cdok_puzzle_size(p);
	values = calloc((size_t)n * (size_t)n, sizeof(*values));
	cr_assert(values);
	run_cdok(&r, "solve", path);
	cr_expect(r.exited && r.status == 0, "%s: examine said 0, solve %d",
		  what, r.status);
	cr_expect(parse_grid(r.out.data, n, values) &&
		  cdok_puzzle_is_solution(p, values),
		  "%s: solve printed no solution:\n%.2000s", what, r.out.data);
	if (n <= 5) {
		int count = brute_count(p);

		cr_expect(count == 1 || count < 0, "%s: status 0, but brute "
			  "force counts %d solutions", what, count);
	}
	run_free(&r);
	free(values);
	cdok_puzzle_free(p);
}

/* A verdict of none or several, checked by brute force when small. */
static void check_count(const char *path, const char *what, int status)
{
	cdok_puzzle *p = load(path);
	int count;

	cr_assert(p, "%s: status %d, but the library cannot read it", what,
		  status);
	if (cdok_puzzle_size(p) <= 5 && (count = brute_count(p)) >= 0) {
		cr_expect(status == 1 ? count == 0 : count == 2,
			  "%s: status %d, but brute force counts %d%s", what,
			  status, count, count == 2 ? " or more" : "");
	}
	cdok_puzzle_free(p);
}

/* Run examine on one file and check everything about the outcome. */
static int check_file(const char *path, const char *what)
{
	char quoted[1024], pattern[1200];
	struct run r;

	run_cdok(&r, "examine", path);
	regex_quote(quoted, sizeof(quoted), path);
	cr_assert(r.exited, "%s: killed by signal %d\n%.2000s", what,
		  r.status, r.err.data);
	switch (r.status) {
	case 0:
		cr_expect(matches(r.out.data, "^Solution is unique\\. "
				  "Difficulty: [0-9]+ \\([A-Za-z]+, score "
				  "[0-9]+\\)\n$") && !r.err.len,
			  "%s: status 0 with\n%s%s", what, r.out.data,
			  r.err.data);
		check_unique(path, what);
		break;
	case 1:
		snprintf(pattern, sizeof(pattern), "^cdok: %s: puzzle has no "
			 "solution(: [^\n]+)?\n$", quoted);
		cr_expect(!r.out.len && matches(r.err.data, pattern),
			  "%s: status 1 with\n%s%s", what, r.out.data,
			  r.err.data);
		check_count(path, what, 1);
		break;
	case 2:
		cr_expect(!strcmp(r.out.data, "Solution is not unique.\n") &&
			  !r.err.len, "%s: status 2 with\n%s%s", what,
			  r.out.data, r.err.data);
		check_count(path, what, 2);
		break;
	case 3:
		/* Bad input is always named by file, line and column. */
		snprintf(pattern, sizeof(pattern), "^cdok: %s:[1-9][0-9]*:"
			 "[1-9][0-9]*: [^\n]+\n$", quoted);
		cr_expect(!r.out.len && matches(r.err.data, pattern),
			  "%s: status 3 with\n%s%s", what, r.out.data,
			  r.err.data);
		break;
	case 6:
		snprintf(pattern, sizeof(pattern), "^cdok: %s: gave up after "
			 "[0-9]+ nodes \\([0-9]+\\.[0-9] seconds\\)\n$",
			 quoted);
		cr_expect(!r.out.len && matches(r.err.data, pattern),
			  "%s: status 6 with\n%s%s", what, r.out.data,
			  r.err.data);
		break;
	default:
		cr_expect(0, "%s: status %d\n%s%s", what, r.status,
			  r.out.data, r.err.data);
	}
	run_free(&r);
	return r.status;
}

/* ---- files ---- */

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files of dir whose names end in suffix ("" for all), sorted so
 * that the mutants do not depend on the order readdir gives. */
static int list_files(const char *dir, const char *suffix, char ***out)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	int n = 0;

	cr_assert(d, "opendir %s: %s", dir, strerror(errno));
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name), sl = strlen(suffix);
		char path[1024];

		if (e->d_name[0] == '.' || len < sl ||
		    strcmp(e->d_name + len - sl, suffix))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		names = realloc(names, (size_t)(n + 1) * sizeof(*names));
		cr_assert(names);
		names[n] = strdup(path);
		cr_assert(names[n]);
		n++;
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(*names), compare_names);
	*out = names;
	return n;
}

static void free_list(char **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

Test(hostile, invalid_corpus)
{
	char **files;
	int n = list_files(CORPUS "invalid", "", &files);
	int seen[7] = { 0 };

	cr_assert(n >= 40, "only %d files in the invalid corpus", n);
	for (int i = 0; i < n; i++) {
		int status = check_file(files[i], files[i]);

		if (status >= 0 && status < 7)
			seen[status]++;
	}
	/* The folder holds both kinds: unreadable and unsolvable. */
	cr_expect(seen[3] > 0 && seen[1] > 0, "statuses 1: %d, 3: %d",
		  seen[1], seen[3]);
	free_list(files, n);
}

/* ---- mutations ---- */

/* xorshift64*: small, and the same sequence on every machine. */
static uint64_t rng_state;

static uint64_t rng_next(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * UINT64_C(2685821657736338717);
}

/* A number in 0..n-1 (n >= 1). */
static size_t rng_below(size_t n)
{
	return (size_t)(rng_next() % n);
}

static void insert_at(struct buf *b, size_t at, const char *s, size_t n)
{
	buf_reserve(b, n);
	memmove(b->data + at + n, b->data + at, b->len - at);
	memcpy(b->data + at, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void delete_at(struct buf *b, size_t at, size_t n)
{
	if (at + n > b->len)
		n = b->len - at;
	memmove(b->data + at, b->data + at + n, b->len - at - n);
	b->len -= n;
	b->data[b->len] = '\0';
}

static const char *const huge_numbers[] = {
	"0", "00", "1", "63", "64", "65535", "2147483647", "2147483648",
	"4294967296", "9223372036854775807", "9223372036854775808",
	"18446744073709551615", "18446744073709551616",
	"99999999999999999999999999999999999999",
};

/* A mutation that breaks the text more often than not; returns its
 * name for messages. */
static const char *mutate_harsh(struct buf *b)
{
	size_t at = b->len ? rng_below(b->len) : 0;
	char tmp[64];

	switch (rng_below(12)) {
	case 0:
		if (b->len)
			b->data[at] ^= (char)(1u << rng_below(8));
		return "bit flip";
	case 1:
		delete_at(b, at, 1 + rng_below(16));
		return "deletion";
	case 2: {
		size_t n = 1 + rng_below(64);
		char *copy;

		if (at + n > b->len)
			n = b->len - at;
		copy = malloc(n + 1);
		cr_assert(copy);
		memcpy(copy, b->data + at, n);
		insert_at(b, rng_below(b->len + 1), copy, n);
		free(copy);
		return "duplication";
	}
	case 3:
		delete_at(b, at, b->len - at);
		return "truncation";
	case 4: {
		/* Over a number if one is here, else anywhere. */
		const char *num = huge_numbers[rng_below(
			sizeof(huge_numbers) / sizeof(huge_numbers[0]))];
		size_t end = at;

		while (end < b->len && b->data[end] >= '0' &&
		       b->data[end] <= '9')
			end++;
		delete_at(b, at, end - at);
		insert_at(b, at, num, strlen(num));
		return "huge number";
	}
	case 5:
		for (int i = 0; i < 4 && b->len; i++) {
			static const char letters[] =
				"ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				"abcdefghijklmnopqrstuvwxyz";

			b->data[rng_below(b->len)] = letters[rng_below(52)];
		}
		return "random letters";
	case 6: {
		/* A line of 20,000 to 200,000 cells or letters. */
		size_t n = 20000 + rng_below(180000);
		struct buf line = { NULL, 0, 0 };
		bool cells = rng_below(2);

		for (size_t i = 0; i < n; i++)
			buf_append(&line, cells ? "A\t" : "Q", cells ? 2 : 1);
		insert_at(b, at, line.data, line.len);
		buf_free(&line);
		return "very long line";
	}
	case 7:
		insert_at(b, at, "\0\0", 1 + rng_below(2));
		return "NUL";
	case 8: {
		/* Every line end as CRLF, or a lone CR. */
		if (rng_below(2)) {
			insert_at(b, at, "\r", 1);
			return "lone CR";
		}
		for (size_t i = 0; i < b->len; i++)
			if (b->data[i] == '\n') {
				insert_at(b, i, "\r", 1);
				i++;
			}
		return "CRLF";
	}
	case 9:
		/* Any byte at all. */
		if (b->len)
			b->data[at] = (char)rng_below(256);
		return "random byte";
	case 10: {
		static const char *const blanks[] = {
			"\n", "\n\n", "\t\t\t", "   ", "\v", "\f", "\t\n",
		};

		strcpy(tmp, blanks[rng_below(sizeof(blanks) /
					     sizeof(blanks[0]))]);
		insert_at(b, at, tmp, strlen(tmp));
		return "white space";
	}
	default: {
		/* A clue where there was none, or a second one. */
		static const char ops[] = "+-*/";

		snprintf(tmp, sizeof(tmp), "%c%d", ops[rng_below(4)],
			 (int)rng_below(200));
		insert_at(b, at, tmp, strlen(tmp));
		return "clue";
	}
	}
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The token (run of non-blank bytes) at or after at, wrapping around;
 * false if there is none. */
static bool find_token(const struct buf *b, size_t at, size_t *start,
		       size_t *end)
{
	for (size_t k = 0; k < b->len; k++) {
		size_t i = (at + k) % b->len;

		if (is_blank(b->data[i]) || (i > 0 && !is_blank(b->data[i - 1])))
			continue;
		*start = *end = i;
		while (*end < b->len && !is_blank(b->data[*end]))
			(*end)++;
		return true;
	}
	return false;
}

/* A mutation that keeps the text a spec, mostly: another target,
 * operator or given, two cells swapped, or DOS line ends.  These make
 * the puzzles that still read: unsolvable, ambiguous, or unique in
 * another way. */
static const char *mutate_gentle(struct buf *b)
{
	size_t s1, e1, s2, e2;

	if (!find_token(b, b->len ? rng_below(b->len) : 0, &s1, &e1))
		return "nothing (no token)";
	switch (rng_below(4)) {
	case 0: {
		/* The token's number, moved a little. */
		size_t i = s1, j;
		long v;
		char num[32];

		while (i < e1 && (b->data[i] < '0' || b->data[i] > '9'))
			i++;
		if (i == e1)
			return "nothing (no number)";
		for (j = i; j < e1 && b->data[j] >= '0' && b->data[j] <= '9';)
			j++;
		if (j - i > 9)
			return "nothing (long number)";
		v = strtol(b->data + i, NULL, 10) + (long)rng_below(7) - 3;
		snprintf(num, sizeof(num), "%ld", v < 1 ? 1 : v);
		delete_at(b, i, j - i);
		insert_at(b, i, num, strlen(num));
		return "other number";
	}
	case 1:
		for (size_t i = s1; i < e1; i++)
			if (strchr("+-*/", b->data[i])) {
				b->data[i] = "+-*/"[rng_below(4)];
				return "other operator";
			}
		return "nothing (no operator)";
	case 2: {
		/* Swap with another token. */
		struct buf t1 = { NULL, 0, 0 }, t2 = { NULL, 0, 0 };

		if (!find_token(b, rng_below(b->len), &s2, &e2) || s2 == s1)
			return "nothing (one token)";
		if (s2 < s1) {
			size_t ts = s1, te = e1;

			s1 = s2;
			e1 = e2;
			s2 = ts;
			e2 = te;
		}
		buf_append(&t1, b->data + s1, e1 - s1);
		buf_append(&t2, b->data + s2, e2 - s2);
		delete_at(b, s2, e2 - s2);
		insert_at(b, s2, t1.data, t1.len);
		delete_at(b, s1, e1 - s1);
		insert_at(b, s1, t2.data, t2.len);
		buf_free(&t1);
		buf_free(&t2);
		return "swapped cells";
	}
	default:
		for (size_t i = 0; i < b->len; i++)
			if (b->data[i] == '\n') {
				insert_at(b, i, "\r", 1);
				i++;
			}
		return "CRLF";
	}
}

/* Two mutations in three are gentle, so that many mutants still read. */
static const char *mutate(struct buf *b)
{
	return rng_below(3) ? mutate_gentle(b) : mutate_harsh(b);
}

/* The specs mutants are made from: every spec of these folders, and
 * the small Keen puzzles, which the brute force can check. */
static int seed_specs(char ***out)
{
	static const char *const dirs[] = {
		CORPUS "ambiguous", CORPUS "cdok", CORPUS "cdok-reference",
		CORPUS "invalid", CORPUS "keen",
	};
	char **all = NULL;
	int n = 0;

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char **files;
		int m = list_files(dirs[i], ".spec", &files);

		for (int j = 0; j < m; j++) {
			const char *base = strrchr(files[j], '/') + 1;

			/* Of Keen's 213, sizes 3 to 6, one of each class. */
			if (!strncmp(base, "keen_", 5) &&
			    (base[5] < '3' || base[5] > '6' ||
			     !strstr(base, "_01."))) {
				free(files[j]);
				continue;
			}
			all = realloc(all, (size_t)(n + 1) * sizeof(*all));
			cr_assert(all);
			all[n++] = files[j];
		}
		free(files);
	}
	*out = all;
	return n;
}

Test(hostile, mutated_specs)
{
	char dir[] = "/tmp/cdok-test-hostile.XXXXXX";
	char path[512], what[1024];
	char **seeds;
	int nseeds = seed_specs(&seeds);
	int seen[7] = { 0 };

	cr_assert(nseeds >= 30, "only %d seed specs", nseeds);
	cr_assert(mkdtemp(dir), "mkdtemp: %s", strerror(errno));
	snprintf(path, sizeof(path), "%s/mutant.spec", dir);
	rng_state = SEED;
	for (int i = 0; i < MUTANTS; i++) {
		const char *seed = seeds[rng_below((size_t)nseeds)];
		struct buf b = read_path(seed);
		/* One mutation mostly; two or three now and then. */
		int nmut = rng_below(10) < 6 ? 1 : 2 + (int)rng_below(2);
		int status;
		size_t used;

		used = (size_t)snprintf(what, sizeof(what), "mutant %d of %s:",
					i, seed);
		for (int j = 0; j < nmut; j++)
			used += (size_t)snprintf(what + used,
						 sizeof(what) - used, " %s",
						 mutate(&b));
		write_path(path, &b);
		status = check_file(path, what);
		if (status >= 0 && status < 7)
			seen[status]++;
		buf_free(&b);
	}
	unlink(path);
	rmdir(dir);
	free_list(seeds, nseeds);
	cr_log_info("%d mutants: statuses 0: %d, 1: %d, 2: %d, 3: %d, 6: %d",
		    MUTANTS, seen[0], seen[1], seen[2], seen[3], seen[6]);
	/* Mutants that still read must be among them, or the test would
	 * only ever see syntax errors. */
	cr_expect(seen[0] + seen[1] + seen[2] >= MUTANTS / 10,
		  "statuses 0: %d, 1: %d, 2: %d, 3: %d, 6: %d", seen[0],
		  seen[1], seen[2], seen[3], seen[6]);
}
