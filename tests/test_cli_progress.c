/* test_cli_progress.c -- the progress line of long runs: shown when
 * standard error is a terminal (a pseudo-terminal here), absent in a pipe
 * or a file unless --progress asks for it, and never in the output; and
 * generation sharded by seed ranges through GNU parallel giving exactly
 * the output of one run (doc/SCALING.md).
 */
#include <pty.h>

#include "cli_run.h"

/* Run cdok with standard error on a new pseudo-terminal, standard output
 * captured apart; *tty gets everything written to the terminal. */
static void run_on_tty(struct run *r, struct text *tty,
		       const char *const *args)
{
	posix_spawn_file_actions_t fa;
	const char *argv[64];
	int master, slave, out_fd = capture_fd(), argc = 0, wstatus, rc;
	char buf[4096];
	ssize_t n;
	pid_t pid;

	argv[argc++] = "cdok";
	for (; *args; args++)
		argv[argc++] = *args;
	argv[argc] = NULL;
	cr_assert(openpty(&master, &slave, NULL, NULL, NULL) == 0,
		  "openpty: %s", strerror(errno));
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	posix_spawn_file_actions_adddup2(&fa, slave, 2);
	posix_spawn_file_actions_addclose(&fa, master);
	rc = posix_spawn(&pid, CDOK_BIN, &fa, NULL, (char *const *)argv,
			 environ);
	posix_spawn_file_actions_destroy(&fa);
	cr_assert(rc == 0, "cannot run %s: %s", CDOK_BIN, strerror(rc));
	close(slave);
	/* Read until the child's end closes the terminal (EIO). */
	tty->data = NULL;
	tty->len = 0;
	text_append(tty, "", 0);
	while ((n = read(master, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		text_append(tty, buf, (size_t)n);
	}
	close(master);
	while (waitpid(pid, &wstatus, 0) < 0)
		cr_assert(errno == EINTR, "waitpid: %s", strerror(errno));
	r->status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
	lseek(out_fd, 0, SEEK_SET);
	r->out = read_fd(out_fd);
	r->err.data = NULL;
	r->err.len = 0;
	close(out_fd);
}

#define CDOK_TTY(r, tty, ...) \
	run_on_tty((r), (tty), (const char *const[]){ __VA_ARGS__, NULL })

Test(cli_progress, generate_on_a_terminal)
{
	struct run plain, r;
	struct text tty;

	CDOK(&plain, "-s", "4", "--seed", "7", "--count", "5", "generate");
	cr_assert_eq(plain.status, 0);
	/* In a file (as in a pipe or a CI log): nothing. */
	expect_str(&plain.err, "", "stderr in a file");

	CDOK_TTY(&r, &tty, "-s", "4", "--seed", "7", "--count", "5",
		 "generate");
	cr_expect_eq(r.status, 0);
	/* The last count is always drawn, then the line is erased. */
	cr_expect(strstr(tty.data, "\rgenerate: 5/5 puzzles, ") != NULL,
		  "terminal: %s", tty.data);
	cr_expect(strstr(tty.data, " left\033[K") != NULL, "%s", tty.data);
	cr_expect(has_suffix(tty.data, "\r\033[K"), "not erased: %s",
		  tty.data);
	/* The output is untouched. */
	expect_str(&r.out, plain.out.data, "stdout on a terminal");
	run_free(&r);
	text_free(&tty);

	/* --no-progress: nothing on the terminal. */
	CDOK_TTY(&r, &tty, "-s", "4", "--seed", "7", "--count", "5",
		 "--no-progress", "generate");
	expect_str(&tty, "", "terminal with --no-progress");
	run_free(&r);
	text_free(&tty);

	/* --progress: the line even in a file. */
	CDOK(&r, "-s", "4", "--seed", "7", "--count", "5", "--progress",
	     "generate");
	cr_expect(strstr(r.err.data, "\rgenerate: 5/5 puzzles, ") != NULL,
		  "--progress: %s", r.err.data);
	expect_str(&r.out, plain.out.data, "stdout with --progress");
	run_free(&r);
	run_free(&plain);
}

/* The line that gives a drawn seed stays, before the progress line. */
Test(cli_progress, drawn_seed_stays)
{
	struct run r;
	struct text tty;

	CDOK_TTY(&r, &tty, "-s", "3", "--count", "2", "generate");
	cr_expect_eq(r.status, 0);
	expect_match(tty.data, "^cdok: seed [0-9]+ \\(--seed [0-9]+ makes the "
		     "same puzzles again\\)\r?\n", "seed line");
	cr_expect(strstr(tty.data, "generate: 2/2 puzzles") != NULL, "%s",
		  tty.data);
	run_free(&r);
	text_free(&tty);
}

/* solve and examine over many puzzles count them as they go. */
Test(cli_progress, examine_many)
{
	struct run gen, r;
	struct text tty;
	char *dir = make_tmpdir();
	char path[512];

	CDOK(&gen, "-s", "4", "--seed", "1", "--count", "4", "generate");
	snprintf(path, sizeof(path), "%s/four.txt", dir);
	write_file(path, gen.out.data);
	CDOK_TTY(&r, &tty, "examine", path, "examples/readme6.spec");
	cr_expect_eq(r.status, 0);
	cr_expect(strstr(tty.data, "examine: 5/5 puzzles") != NULL,
		  "terminal: %s", tty.data);
	run_free(&r);
	text_free(&tty);
	/* One puzzle: no line. */
	CDOK_TTY(&r, &tty, "examine", "examples/readme6.spec");
	expect_str(&tty, "", "one puzzle");
	run_free(&r);
	text_free(&tty);
	/* In a pipe: nothing. */
	CDOK(&r, "examine", path);
	expect_str(&r.err, "", "stderr in a file");
	run_free(&r);
	run_free(&gen);
	remove_tmpdir(dir);
}

/* Run a shell command line; its standard output is returned. */
static struct text shell_out(const char *cmd, int *status)
{
	posix_spawn_file_actions_t fa;
	const char *argv[] = { "sh", "-c", cmd, NULL };
	int out_fd = capture_fd(), wstatus;
	struct text t;
	pid_t pid;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	cr_assert_eq(posix_spawn(&pid, "/bin/sh", &fa, NULL,
				 (char *const *)argv, environ), 0);
	posix_spawn_file_actions_destroy(&fa);
	while (waitpid(pid, &wstatus, 0) < 0)
		cr_assert(errno == EINTR);
	*status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
	lseek(out_fd, 0, SEEK_SET);
	t = read_fd(out_fd);
	close(out_fd);
	return t;
}

/* Puzzle k of seed S is seed S+k: shards of seed ranges run by GNU
 * parallel, put together in order, are byte for byte one run
 * (doc/SCALING.md shows the same with ssh hosts and Slurm). */
Test(cli_progress, shards_through_gnu_parallel)
{
	char cmd[1024];
	struct run one;
	struct text shards;
	int status;

	/* The default output: puzzles separated by a blank line, so each
	 * shard after the first starts with one. */
	CDOK(&one, "-s", "5", "--seed", "100", "--count", "9", "generate");
	cr_assert_eq(one.status, 0);
	snprintf(cmd, sizeof(cmd), "parallel --will-cite -k -j 3 "
		 "'test {#} -gt 1 && echo; %s -s 5 --seed {} --count 3 "
		 "generate' ::: 100 103 106", CDOK_BIN);
	shards = shell_out(cmd, &status);
	cr_expect_eq(status, 0);
	expect_str(&shards, one.out.data, "three shards");
	text_free(&shards);
	run_free(&one);

	/* One puzzle per line (keen): the shards are simply joined. */
	CDOK(&one, "-s", "6", "--seed", "1", "--count", "8", "--to", "keen",
	     "generate");
	snprintf(cmd, sizeof(cmd), "seq 1 2 7 | parallel --will-cite -k "
		 "'%s -s 6 --seed {} --count 2 --to keen generate'", CDOK_BIN);
	shards = shell_out(cmd, &status);
	cr_expect_eq(status, 0);
	expect_str(&shards, one.out.data, "four keen shards");
	text_free(&shards);
	run_free(&one);
}
