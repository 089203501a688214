/* main.c -- the cdok program: parse the options, find the command in the
 * table, run it with the output set up, and exit with its status.
 *
 * Options and commands are tables (cli/options.c, here and cli.h);
 * --help is built from them, so it lists exactly what the program
 * accepts.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

const struct cli_command cli_commands[] = {
#define CLI_CMD_ROW(fn, name, flags, help) { name, flags, help, cmd_##fn },
	CLI_COMMANDS(CLI_CMD_ROW)
#undef CLI_CMD_ROW
};

const int cli_ncommands = (int)(sizeof(cli_commands) / sizeof(cli_commands[0]));

static int print_version(void)
{
	struct cli_out out;

	if (!out_open(&out, NULL))
		return CLI_EXIT_SYSTEM;
	/* The library is linked into the program (libcdok.a), so its
	 * version is the program's; the ABI is what a program linked to
	 * the shared library needs (libcdok.so.ABI). */
	out_printf(&out, "cdok %s\n", CDOK_VERSION);
	out_printf(&out, "libcdok %s, ABI %s (libcdok.so.%s, "
		   "libcdok-json.so.%s, libcdok-render.so.%s)\n",
		   cdok_version(), cli_abi(), cli_abi(), cli_abi(), cli_abi());
	if (cli_render())
		out_printf(&out, "libcdok-render %s (pictures)\n",
			   cli_render()->version());
	else
		out_printf(&out, "libcdok-render not loaded, no pictures: %s\n",
			   cli_render_why());
	out_puts(&out, "Free software under the ISC licence; there is NO "
		 "WARRANTY.\n");
	return out_close(&out, true) ? CLI_EXIT_DONE : CLI_EXIT_SYSTEM;
}

/* Whether --to (or its absence) suits the command; says why not. */
static bool to_applies(const struct cli_command *cmd,
		       const struct cli_options *opt)
{
	const cdok_format *to = opt->to;
	bool json = (cdok_format_flags(to) & CDOK_FORMAT_RESULTS) != 0;

	if (!to) {
		if (!(cmd->flags & CLI_CMD_NEEDS_TO))
			return true;
		cli_msg(NULL, 0, 0, "%s needs --to FORMAT, the format to "
			"write (try cdok --help)", cmd->name);
		return false;
	}
	if (!(cmd->flags & (CLI_CMD_TO | CLI_CMD_TO_GRID | CLI_CMD_TO_JSON))) {
		cli_msg(NULL, 0, 0, "option --to does not apply to %s "
			"(try cdok --help)", cmd->name);
		return false;
	}
	if ((cmd->flags & CLI_CMD_TO_JSON) && !json) {
		unsigned f = cdok_format_flags(to);
		bool picture = cli_is_render_format(to);
		bool pages = picture && !(f & CDOK_FORMAT_SINGLE);

		/* hint draws its state (svg, png, pdf), explain a booklet
		 * of its steps (pdf). */
		if (((cmd->flags & CLI_CMD_TO_PICTURE) && picture) ||
		    ((cmd->flags & CLI_CMD_TO_PAGES) && pages))
			return true;
		cli_msg(NULL, 0, 0, "%s writes no puzzle, only results: "
			"--to json is the one format it takes%s (try cdok "
			"--help)", cmd->name,
			(cmd->flags & CLI_CMD_TO_PICTURE) ?
			", or the pictures svg, png and pdf" :
			(cmd->flags & CLI_CMD_TO_PAGES) ?
			", or the booklet pdf" : "");
		return false;
	}
	if ((cmd->flags & CLI_CMD_TO_GRID) &&
	    !(cdok_format_flags(to) & CDOK_FORMAT_VALUES)) {
		cli_msg(NULL, 0, 0, "%s writes solutions, and a %s text "
			"holds none: use convert to write puzzles as %s "
			"(try cdok --help)", cmd->name, cdok_format_name(to),
			cdok_format_name(to));
		return false;
	}
	/* Counts and lists of solutions have a place only in a result
	 * document; the other formats hold one answer per puzzle. */
	if ((opt->limit || opt->all) && !json) {
		cli_msg(NULL, 0, 0, "option %s goes with --to json only "
			"(try cdok --help)", opt->limit ? "--limit" : "--all");
		return false;
	}
	return true;
}

/* Whether an option's cmds list names the command. */
static bool option_applies(const struct cli_option *o,
			   const struct cli_command *cmd)
{
	size_t n = strlen(cmd->name);

	for (const char *w = o->cmds; w && *w; w += strcspn(w, " "),
	     w += strspn(w, " "))
		if (strcspn(w, " ") == n && !strncmp(w, cmd->name, n))
			return true;
	return !o->cmds;
}

/* Whether the file at path (NULL: standard input) is the regular file
 * out names: the same device and inode, whatever the names. */
static bool same_file(const char *path, const struct stat *out)
{
	struct stat st;

	if (path ? stat(path, &st) != 0 : fstat(STDIN_FILENO, &st) != 0)
		return false;
	return S_ISREG(st.st_mode) && st.st_dev == out->st_dev &&
	       st.st_ino == out->st_ino;
}

/* -o FILE must not be one of the run's inputs (-i, a FILE argument,
 * --state, or standard input redirected from it) unless --force says
 * so: the run would replace the puzzles it reads with its answers.
 * Only an existing regular file can be one; a device such as /dev/null
 * may be both. */
static bool output_not_input(const struct cli *cli,
			     const struct cli_command *cmd, const char *path,
			     const char *option)
{
	const struct cli_options *opt = &cli->opt;
	const char *found = NULL;
	bool stdin_read = (cmd->flags & CLI_CMD_READS) && !opt->input &&
			  !cli->nfiles;
	struct stat out;

	if (opt->force || !path || !strcmp(path, "-") ||
	    (path == opt->output && cli->pictures.pattern) ||
	    stat(path, &out) != 0 || !S_ISREG(out.st_mode))
		return true;
	if (opt->input && same_file(opt->input, &out))
		found = opt->input;
	for (int i = 0; !found && i < cli->nfiles; i++) {
		if (!strcmp(cli->files[i], "-"))
			stdin_read = true;
		else if (same_file(cli->files[i], &out))
			found = cli->files[i];
	}
	if (!found && opt->state) {
		if (!strcmp(opt->state, "-"))
			stdin_read = true;
		else if (same_file(opt->state, &out))
			found = opt->state;
	}
	if (!found && stdin_read && same_file(NULL, &out))
		found = "standard input";
	if (!found)
		return true;
	cli_msg(NULL, 0, 0, "%s %s would replace an input (%s is the same "
		"file) with the output: write elsewhere, or give --force to "
		"replace it", option, path, found);
	return false;
}

/* --archive: with --to, a file of its own (not -o's). */
static bool archive_applies(const struct cli_options *opt)
{
	struct stat a, o;

	if (!opt->archive)
		return true;
	if (!opt->to || !strcmp(cdok_format_name(opt->to), "spec")) {
		cli_msg(NULL, 0, 0, "option --archive goes with --to (a format "
			"other than spec): without it the puzzles are written "
			"as specs already (try cdok --help)");
		return false;
	}
	if (opt->output && (!strcmp(opt->output, opt->archive) ||
			    (stat(opt->output, &o) == 0 &&
			     stat(opt->archive, &a) == 0 &&
			     o.st_dev == a.st_dev && o.st_ino == a.st_ino))) {
		cli_msg(NULL, 0, 0, "--archive %s is -o's file: the archive "
			"needs a file of its own", opt->archive);
		return false;
	}
	return true;
}

/* What a run that is not a command does (--help, --version, ...), or
 * -1 for a command to run. */
static int not_a_run(enum cli_parse r, int argc, char **argv,
		     const struct cli_options *opt)
{
	const struct cli_command *cmd;

	switch (r) {
	case CLI_PARSE_RUN:
		return -1;
	case CLI_PARSE_HELP:
		/* cdok COMMAND --help: that command's help. */
		if (optind < argc) {
			cmd = cli_find_command(argv[optind]);
			if (!cmd)
				return cli_unknown_command(argv[optind]);
			return cli_print_help(NULL, cmd);
		}
		return cli_print_help(NULL, NULL);
	case CLI_PARSE_VERSION:
		return print_version();
	case CLI_PARSE_COMPLETIONS:
		return cli_print_completions(opt->emit);
	case CLI_PARSE_MAN:
		return cli_print_man_section(opt->emit);
	case CLI_PARSE_ERROR:
		return CLI_EXIT_USAGE;
	case CLI_PARSE_MISSING:
		return CLI_EXIT_SYSTEM;
	}
	return CLI_EXIT_USAGE;
}

/* The rules between the command and the options that have messages of
 * their own; false after saying which is broken. */
static bool command_takes(const struct cli_command *cmd,
			  const struct cli_options *opt, bool has_input)
{
	/* generate and gen-grid make puzzles from nothing: an input given
	 * to them is a mistake, most likely for harden. */
	if (!(cmd->flags & CLI_CMD_READS) && cmd->run != cmd_help &&
	    has_input) {
		cli_msg(NULL, 0, 0, "%s reads no input (did you mean harden?)",
			cmd->name);
		return false;
	}
	if (!(cmd->flags & CLI_CMD_COUNTS) && (opt->limit || opt->all)) {
		cli_msg(NULL, 0, 0, "option %s does not apply to %s "
			"(try cdok --help)",
			opt->limit ? "--limit" : "--all", cmd->name);
		return false;
	}
	if (!(cmd->flags & CLI_CMD_BOUNDED) && opt->max_nodes) {
		cli_msg(NULL, 0, 0, "option --max-nodes does not apply to %s "
			"(try cdok help %s)", cmd->name, cmd->name);
		return false;
	}
	/* --benchmark adds a text line per puzzle, so it goes with the
	 * text answers of solve and examine only. */
	if (opt->benchmark && (!(cmd->flags & CLI_CMD_COUNTS) || opt->to)) {
		cli_msg(NULL, 0, 0, "option --benchmark %s (try cdok --help)",
			opt->to ? "prints text and cannot be used with --to"
				: "applies to solve and examine only");
		return false;
	}
	if (opt->killer && cmd->run != cmd_generate &&
	    cmd->run != cmd_gen_grid && cmd->run != cmd_harden) {
		cli_msg(NULL, 0, 0, "option --killer does not apply to %s "
			"(try cdok --help)", cmd->name);
		return false;
	}
	if (!(cmd->flags & CLI_CMD_READS) && opt->from) {
		cli_msg(NULL, 0, 0, "option --from does not apply to %s: it "
			"reads no puzzle (try cdok --help)", cmd->name);
		return false;
	}
	return to_applies(cmd, opt);
}

/* Whether the run may go ahead: every usage rule between the command,
 * the options and the files, said before any work. */
static bool usage_ok(struct cli *cli, const struct cli_command *cmd,
		     const bool *given)
{
	if (!command_takes(cmd, &cli->opt, cli->opt.input || cli->nfiles))
		return false;
	/* Every other option that has nothing to say to the command: an
	 * option the command would ignore is a mistake to point out, not
	 * to pass over. */
	for (int i = 0; i < cli_noptions; i++)
		if (given[i] && !option_applies(&cli_options[i], cmd)) {
			cli_msg(NULL, 0, 0, "option --%s does not apply to %s "
				"(try cdok help %s)", cli_options[i].name,
				cmd->name, cmd->name);
			return false;
		}
	if (!cli_pictures_check(cli))
		return false;
	/* A run that makes several pictures of one puzzle per file needs
	 * a name for each: said before the work, not after it. */
	if ((cmd->run == cmd_generate || cmd->run == cmd_gen_grid) &&
	    !cli_pictures_check_count(cli, cli->opt.count))
		return false;
	return output_not_input(cli, cmd, cli->opt.output, "-o") &&
	       output_not_input(cli, cmd, cli->opt.archive, "--archive") &&
	       archive_applies(&cli->opt);
}

/* Run the command with the output open, and end the run: the exit
 * status. */
static int run(struct cli *cli, const struct cli_command *cmd)
{
	int code;

	/* Usage is settled before the output is opened, so a mistyped
	 * command never touches the -o file.  An -o pattern names the
	 * pictures' files, written at the end. */
	if (!out_open(&cli->out, cli->pictures.pattern ? NULL
						       : cli->opt.output))
		return CLI_EXIT_SYSTEM;
	code = cmd->run(cli);
	/* A stream --to started is closed whatever the command, so that
	 * what was written is a whole text of its format. */
	if (cli->writer) {
		int end;

		code = cli_worse(code, cli_pictures_flush(cli));
		end = cli_finish(cli);
		code = cli_worse(code, end);
	}
	code = cli_pictures_finish(cli, code);
	/* "No solution", "several" and "wrong" are answers, and the
	 * output that says so is kept; the other failures are not.  An
	 * answer that could not be delivered is a system error. */
	code = cli_worse(code, cli_archive_finish(cli, code));
	if (!out_close(&cli->out, cli_keeps_output(code)))
		code = cli_worse(code, CLI_EXIT_SYSTEM);
	return code;
}

int main(int argc, char **argv)
{
	struct cli cli;
	const struct cli_command *cmd;
	bool given[CLI_MAX_OPTIONS] = { false };
	int code;

	memset(&cli, 0, sizeof(cli));
	if (!cli_formats()) {
		cli_msg(NULL, 0, 0, "out of memory");
		return CLI_EXIT_SYSTEM;
	}
	cli.opt.size = 0;   /* not given: see below */
	cli.opt.iterations = -1;
	cli.opt.count = 1;
	cli.opt.jobs = 1;
	cli.opt.ops = CDOK_GEN_ALL_OPS;
	cli.opt.max_cage = 0;   /* the library's default for the size */
	cli.opt.progress = -1;
	code = not_a_run(cli_parse_options(argc, argv, &cli.opt, given), argc,
			 argv, &cli.opt);
	if (code >= 0)
		return code;
	/* The default size depends on the kind of puzzle. */
	if (!cli.opt.size)
		cli.opt.size = cli.opt.killer || cli.opt.sudoku ? 9 : 6;

	if (optind >= argc) {
		cli_msg(NULL, 0, 0, "no command given (try cdok --help)");
		return CLI_EXIT_USAGE;
	}
	/* Commands match in any case, as in the original ("Solve"). */
	cmd = cli_find_command(argv[optind]);
	if (!cmd)
		return cli_unknown_command(argv[optind]);
	cli.files = argv + optind + 1;
	cli.nfiles = argc - optind - 1;
	if (!usage_ok(&cli, cmd, given))
		return CLI_EXIT_USAGE;
	return run(&cli, cmd);
}
