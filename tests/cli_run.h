/* cli_run.h -- what the tests of the cdok program share: buffers, files,
 * running the built binary (CDOK_BIN, set by the Makefile; the working
 * directory is the top of the tree) with its standard streams captured,
 * and comparing what it wrote with what is expected.
 *
 * Everything is static inline so that each test file takes what it uses
 * without unused-function warnings.
 */
#ifndef CDOK_TESTS_CLI_RUN_H
#define CDOK_TESTS_CLI_RUN_H

#include <criterion/criterion.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "formats.h"

/* What an error says when the format was told from the text rather than
 * named with --from: the format it was read as, and how to name another
 * (the note follows the message). */
#define GUESSED(format) " (read as " format ", the format told from the " \
	"text; --from FORMAT names another)"

#ifndef CDOK_BIN
#define CDOK_BIN "build/cdok"
#endif

extern char **environ;

/* ---- buffers and files ---- */

struct text {
	char *data;   /* NUL-terminated */
	size_t len;
};

static inline void text_free(struct text *t)
{
	free(t->data);
	t->data = NULL;
	t->len = 0;
}

static inline void text_append(struct text *t, const char *s, size_t n)
{
	char *p = realloc(t->data, t->len + n + 1);

	cr_assert(p, "out of memory");
	memcpy(p + t->len, s, n);
	t->data = p;
	t->len += n;
	t->data[t->len] = '\0';
}

static inline void text_puts(struct text *t, const char *s)
{
	text_append(t, s, strlen(s));
}

static inline struct text read_fd(int fd)
{
	struct text t = { NULL, 0 };
	char buf[65536];
	ssize_t n;

	text_append(&t, "", 0);
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		cr_assert(n > 0, "read: %s", strerror(errno));
		text_append(&t, buf, (size_t)n);
	}
	return t;
}

static inline struct text read_file(const char *path)
{
	struct text t;
	int fd = open(path, O_RDONLY);

	cr_assert(fd >= 0, "cannot open %s: %s", path, strerror(errno));
	t = read_fd(fd);
	close(fd);
	return t;
}

static inline void write_file(const char *path, const char *data)
{
	FILE *f = fopen(path, "w");

	cr_assert(f, "cannot create %s: %s", path, strerror(errno));
	cr_assert(fputs(data, f) >= 0 && fclose(f) == 0, "cannot write %s",
		  path);
}

static inline bool has_suffix(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

/* A fresh directory under /tmp for one test's files. */
static inline char *make_tmpdir(void)
{
	char *dir = strdup("/tmp/cdok-test-cli.XXXXXX");

	cr_assert(dir && mkdtemp(dir), "mkdtemp: %s", strerror(errno));
	return dir;
}

static inline void remove_tmpdir(char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096];

	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		unlink(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
	free(dir);
}

/* How many entries a directory holds, "." and ".." aside. */
static inline int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	cr_assert(d, "opendir %s: %s", dir, strerror(errno));
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

/* ---- running the program ---- */

struct run {
	int status;       /* exit status; -1 if it died of a signal */
	struct text out;
	struct text err;
};

static inline void run_free(struct run *r)
{
	text_free(&r->out);
	text_free(&r->err);
}

/* An unlinked temporary file to catch one of the child's streams. */
static inline int capture_fd(void)
{
	char path[] = "/tmp/cdok-test-cli-out.XXXXXX";
	int fd = mkstemp(path);

	cr_assert(fd >= 0, "mkstemp: %s", strerror(errno));
	unlink(path);
	return fd;
}

/* Run a program (found on PATH when it has no '/') with argv and, when
 * envp is not NULL, that environment.  Standard input comes from
 * stdin_path (NULL: /dev/null); standard output goes to stdout_path if
 * given (then r->out stays empty), else it is captured, and so is
 * standard error. */
static inline void run_program(struct run *r, const char *prog,
			       const char *const *argv, char *const *envp,
			       const char *stdin_path, const char *stdout_path)
{
	posix_spawn_file_actions_t fa;
	int out_fd = capture_fd(), err_fd = capture_fd();
	int wstatus, rc;
	pid_t pid;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, stdin_path ? stdin_path
						: "/dev/null", O_RDONLY, 0);
	if (stdout_path)
		posix_spawn_file_actions_addopen(&fa, 1, stdout_path,
						 O_WRONLY, 0);
	else
		posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
	rc = posix_spawnp(&pid, prog, &fa, NULL, (char *const *)argv,
			  envp ? envp : environ);
	posix_spawn_file_actions_destroy(&fa);
	cr_assert(rc == 0, "cannot run %s: %s", prog, strerror(rc));
	while (waitpid(pid, &wstatus, 0) < 0)
		cr_assert(errno == EINTR, "waitpid: %s", strerror(errno));

	r->status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
	lseek(out_fd, 0, SEEK_SET);
	lseek(err_fd, 0, SEEK_SET);
	r->out = read_fd(out_fd);
	r->err = read_fd(err_fd);
	close(out_fd);
	close(err_fd);
}

/* Run cdok with args (NULL-terminated), as run_program does. */
static inline void run_cdok_io(struct run *r, const char *stdin_path,
			       const char *stdout_path,
			       const char *const *args)
{
	const char *argv[64];
	int argc = 0;

	argv[argc++] = "cdok";
	for (; *args; args++) {
		cr_assert(argc < 63, "too many arguments");
		argv[argc++] = *args;
	}
	argv[argc] = NULL;
	run_program(r, CDOK_BIN, argv, NULL, stdin_path, stdout_path);
}

#define CDOK_IN(r, in, ...) \
	run_cdok_io((r), (in), NULL, (const char *const[]){ __VA_ARGS__, NULL })
#define CDOK(r, ...) CDOK_IN(r, NULL, __VA_ARGS__)

/* ---- expectations ---- */

static inline void expect_text(const struct text *got, const char *want,
			       size_t want_len, const char *what)
{
	cr_expect(got->len == want_len && !memcmp(got->data, want, want_len),
		  "%s differs:\n--- got (%zu bytes) ---\n%s\n"
		  "--- want (%zu bytes) ---\n%s", what, got->len, got->data,
		  want_len, want);
}

static inline void expect_str(const struct text *got, const char *want,
			      const char *what)
{
	expect_text(got, want, strlen(want), what);
}

static inline void expect_file(const struct text *got, const char *path,
			       const char *what)
{
	struct text want = read_file(path);

	expect_text(got, want.data, want.len, what);
	text_free(&want);
}

static inline void expect_match(const char *got, const char *pattern,
				const char *what)
{
	regex_t re;

	cr_assert(regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB) == 0,
		  "bad pattern %s", pattern);
	cr_expect(regexec(&re, got, 0, NULL, 0) == 0,
		  "%s: \"%s\" does not match /%s/", what, got, pattern);
	regfree(&re);
}

#endif /* CDOK_TESTS_CLI_RUN_H */
