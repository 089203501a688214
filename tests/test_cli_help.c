/* test_cli_help.c -- help that helps: cdok help COMMAND and cdok COMMAND
 * --help, and --help, the man page cdok(1) and the shell completions
 * agreeing with each other because they come from the same tables.
 */
#include "cli_run.h"

/* Run a shell command line, capturing its output. */
static void run_sh(struct run *r, const char *cmd)
{
	posix_spawn_file_actions_t fa;
	const char *argv[] = { "sh", "-c", cmd, NULL };
	int out_fd = capture_fd(), err_fd = capture_fd(), wstatus, rc;
	pid_t pid;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
	rc = posix_spawn(&pid, "/bin/sh", &fa, NULL, (char *const *)argv,
			 environ);
	posix_spawn_file_actions_destroy(&fa);
	cr_assert(rc == 0, "cannot run sh: %s", strerror(rc));
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

static const char *const commands[] = {
	"print", "solve", "examine", "gen-grid", "harden", "generate",
	"convert", "check", "hint", "explain", "help",
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

/* Every long option --help lists, in order, into names (at most cap). */
static int help_options(const char *help, char names[][32], int cap)
{
	const char *at = strstr(help, "\nOptions:\n");
	int n = 0;

	cr_assert_not_null(at);
	for (at = strchr(at + 1, '\n'); at && at[1] != '\n' && n < cap;
	     at = strchr(at + 1, '\n')) {
		const char *dash = strstr(at + 1, "--");
		size_t len;

		if (!dash || dash > strchr(at + 1, '\n') ||
		    (at[1] != ' ' || (at[3] != '-' && at[7] != '-')))
			continue;
		len = strspn(dash, "-abcdefghijklmnopqrstuvwxyz");
		cr_assert(len < 32);
		memcpy(names[n], dash, len);
		names[n++][len] = '\0';
	}
	return n;
}

Test(cli_help, command_help)
{
	struct run a, b;

	for (size_t i = 0; i < NCOMMANDS; i++) {
		char usage[128];

		CDOK(&a, "help", commands[i]);
		cr_expect_eq(a.status, 0, "help %s: %s", commands[i],
			     a.err.data);
		snprintf(usage, sizeof(usage), "Usage: cdok %s%s",
			 strcmp(commands[i], "help") ? "[options] " : "",
			 commands[i]);
		cr_expect(!strncmp(a.out.data, usage, strlen(usage)),
			  "help %s: %s", commands[i], a.out.data);
		/* Every command has an example. */
		cr_expect(strstr(a.out.data, "\nExample:\n  cdok ") != NULL,
			  "help %s has no example", commands[i]);
		/* cdok COMMAND --help says the same. */
		CDOK(&b, commands[i], "--help");
		cr_expect_eq(b.status, 0);
		expect_str(&b.out, a.out.data, commands[i]);
		run_free(&a);
		run_free(&b);
	}
	/* Options that apply, and only those. */
	CDOK(&a, "help", "solve");
	cr_expect(strstr(a.out.data, "--limit N") && strstr(a.out.data,
		  "--timeout SECONDS") && !strstr(a.out.data, "--seed S"),
		  "%s", a.out.data);
	run_free(&a);
	CDOK(&a, "GENERATE", "-h");
	cr_expect(strstr(a.out.data, "--seed S") && strstr(a.out.data,
		  "--count K") && !strstr(a.out.data, "--limit N"),
		  "%s", a.out.data);
	run_free(&a);
	/* cdok help alone is cdok --help. */
	CDOK(&a, "help");
	CDOK(&b, "--help");
	expect_str(&a.out, b.out.data, "cdok help");
	run_free(&a);
	run_free(&b);
	CDOK(&a, "help", "solver");
	cr_expect_eq(a.status, 4);
	expect_str(&a.err, "cdok: unknown command 'solver': did you mean "
		   "solve? (try cdok --help)\n", "help solver");
	run_free(&a);
}

/* The man page is made from doc/cdok.1.scd and the program's tables
 * (mk/man-splice.sh, scdoc): every command and option of --help is in
 * it as man(1) shows it, and so is every format and exit status. */
Test(cli_help, man_page_agrees_with_help)
{
	char names[64][32], want[64], cmd[1024], *dir = make_tmpdir();
	struct run help, page;
	int n;

	snprintf(cmd, sizeof(cmd), "sh mk/man-splice.sh %s < doc/cdok.1.scd "
		 "| scdoc > %s/cdok.1 && LC_ALL=C.UTF-8 MANWIDTH=250 man -l "
		 "%s/cdok.1", CDOK_BIN, dir, dir);
	run_sh(&page, cmd);
	cr_assert_eq(page.status, 0, "%s", page.err.data);
	CDOK(&help, "--help");
	n = help_options(help.out.data, names, 64);
	cr_expect(n >= 25, "only %d options in --help", n);
	for (int i = 0; i < n; i++)
		cr_expect(strstr(page.out.data, names[i]) != NULL,
			  "the man page lacks %s", names[i]);
	for (size_t i = 0; i < NCOMMANDS; i++) {
		snprintf(want, sizeof(want), "\n       %s", commands[i]);
		cr_expect(strstr(page.out.data, want) != NULL,
			  "the man page lacks the command %s", commands[i]);
	}
	for (int i = 0; test_format_at(i); i++) {
		snprintf(want, sizeof(want), "\n       %s\n",
			 cdok_format_name(test_format_at(i)));
		cr_expect(strstr(page.out.data, want) != NULL,
			  "the man page lacks the format %s",
			  cdok_format_name(test_format_at(i)));
	}
	for (const char *code = "01234567"; *code; code++) {
		snprintf(want, sizeof(want), "\n       %c\n", *code);
		cr_expect(strstr(page.out.data, want) != NULL,
			  "the man page lacks exit status %c", *code);
	}
	/* A help text, word for word (man joins the lines). */
	cr_expect(strstr(page.out.data, "give up likewise after N search "
			 "nodes.") != NULL, "%s", page.out.data);
	run_free(&help);
	run_free(&page);
	snprintf(cmd, sizeof(cmd), "rm -f %s/cdok.1", dir);
	run_sh(&page, cmd);
	run_free(&page);
	remove_tmpdir(dir);
}

/* The completions offer every option --help lists, and the commands;
 * bash's completes what a user would type. */
Test(cli_help, completions)
{
	char names[64][32], cmd[1024];
	struct run help, bash, zsh;
	int n;

	CDOK(&help, "--help");
	CDOK(&bash, "--completions", "bash");
	CDOK(&zsh, "--completions", "zsh");
	cr_assert_eq(bash.status, 0);
	cr_assert_eq(zsh.status, 0);
	n = help_options(help.out.data, names, 64);
	for (int i = 0; i < n; i++) {
		cr_expect(strstr(bash.out.data, names[i]) != NULL,
			  "bash lacks %s", names[i]);
		cr_expect(strstr(zsh.out.data, names[i]) != NULL,
			  "zsh lacks %s", names[i]);
	}
	for (size_t i = 0; i < NCOMMANDS; i++) {
		char want[64];

		snprintf(want, sizeof(want), "'%s:", commands[i]);
		cr_expect(strstr(zsh.out.data, want) != NULL, "zsh lacks %s",
			  commands[i]);
	}
	run_free(&help);
	run_free(&zsh);
	run_free(&bash);

	snprintf(cmd, sizeof(cmd),
		 "eval \"$(%s --completions bash)\"; "
		 "t() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); _cdok; "
		 "echo \"${COMPREPLY[*]}\"; }; "
		 "t cdok gen; t cdok --from ''; t cdok solve --li; "
		 "t cdok -s 9 generate --se; t cdok help ex; "
		 "t cdok hint --to ''; t cdok hint --ti", CDOK_BIN);
	{
		const char *argv[] = { "bash", "-c", cmd, NULL };
		posix_spawn_file_actions_t fa;
		int out_fd = capture_fd(), wstatus;
		pid_t pid;

		posix_spawn_file_actions_init(&fa);
		posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
		cr_assert_eq(posix_spawnp(&pid, "bash", &fa, NULL,
					  (char *const *)argv, environ), 0);
		posix_spawn_file_actions_destroy(&fa);
		while (waitpid(pid, &wstatus, 0) < 0)
			cr_assert(errno == EINTR);
		lseek(out_fd, 0, SEEK_SET);
		bash.out = read_fd(out_fd);
		close(out_fd);
	}
	expect_str(&bash.out, "gen-grid generate\n"
		   "spec ucf calpoly keen sudocue solo arrows sudoku killer json\n"
		   "--limit\n--seed\nexamine explain\njson svg pdf png\n--tier\n",
		   "bash completion");
	text_free(&bash.out);

	CDOK(&bash, "--completions", "fish");
	cr_expect_eq(bash.status, 4);
	run_free(&bash);
}
