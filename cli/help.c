/* help.c -- everything the program says about itself, made from its
 * tables (the commands in cli.h, the options in main.c, the formats of
 * cli_formats_all(), the exit statuses of CLI_EXITS): --help, the help of
 * one command, the lists of the man page cdok(1) and the bash and zsh
 * completion scripts.  Since all of them come from the same rows, none
 * can name an option the program does not take, or miss one it does.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

static const struct {
	int code;
	const char *help;
} exit_codes[] = {
#define CLI_EXIT_ROW(name, code, help) { code, help },
	CLI_EXITS(CLI_EXIT_ROW)
#undef CLI_EXIT_ROW
};

#define NEXITS ((int)(sizeof(exit_codes) / sizeof(exit_codes[0])))

/* What the help of one command shows besides its row of CLI_COMMANDS:
 * its arguments and an example.  A command without a row here has
 * "[FILE...]" and no example (a test asks every command for one). */
static const struct {
	const char *name;
	const char *args;
	const char *example;
} command_extras[] = {
	{ "print", "[FILE...]", "cdok -u print puzzle.spec" },
	{ "solve", "[FILE...]", "cdok -s 6 --seed 1 generate | cdok solve" },
	{ "examine", "[FILE...]",
	  "cdok --seed 1 --count 20 generate | cdok examine" },
	{ "gen-grid", "", "cdok -s 9 --seed 5 gen-grid" },
	{ "harden", "[FILE...]", "cdok -w 50 --seed 2 harden puzzle.spec" },
	{ "generate", "",
	  "cdok -s 9 --seed 1 --count 100 --to keen generate > puzzles.keen" },
	{ "convert", "[FILE...]", "cdok --to json convert puzzle.spec" },
	{ "check", "PUZZLE SOLUTION", "cdok check puzzle.spec answer.txt" },
	{ "hint", "PUZZLE",
	  "cdok hint --apply --state game.txt puzzle.spec > next.txt" },
	{ "explain", "[FILE...]", "cdok explain --level hard puzzle.spec" },
	{ "help", "[COMMAND]", "cdok help generate" },
};

#define NEXTRAS ((int)(sizeof(command_extras) / sizeof(command_extras[0])))

static int extra_of(const char *name)
{
	for (int i = 0; i < NEXTRAS; i++)
		if (!strcmp(command_extras[i].name, name))
			return i;
	return -1;
}

const struct cli_command *cli_find_command(const char *name)
{
	for (int i = 0; i < cli_ncommands; i++)
		if (!strcasecmp(cli_commands[i].name, name))
			return &cli_commands[i];
	return NULL;
}

/* The edit distance between a and b (insertions, deletions,
 * substitutions and swaps of neighbours, case ignored), stopping at
 * 9: only small ones matter for a suggestion. */
static int distance(const char *a, const char *b)
{
	enum { MAX = 24 };
	int d[MAX + 1][MAX + 1];
	int n = (int)strlen(a), m = (int)strlen(b);

	if (n > MAX || m > MAX)
		return 9;
	for (int i = 0; i <= n; i++)
		d[i][0] = i;
	for (int j = 0; j <= m; j++)
		d[0][j] = j;
	for (int i = 1; i <= n; i++)
		for (int j = 1; j <= m; j++) {
			int ca = tolower((unsigned char)a[i - 1]);
			int cb = tolower((unsigned char)b[j - 1]);
			int v = d[i - 1][j - 1] + (ca != cb);

			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && ca == tolower((unsigned char)
							    b[j - 2]) &&
			    cb == tolower((unsigned char)a[i - 2]) &&
			    d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[n][m] < 9 ? d[n][m] : 9;
}

const struct cli_command *cli_suggest_command(const char *name)
{
	const struct cli_command *best = NULL;
	size_t len = strlen(name);
	int best_d = 9, ties = 0;

	/* A command the word starts (solver), or that starts the word
	 * (exam), is the likeliest; else the nearest within a third of
	 * the word, and at most 2 edits. */
	for (int i = 0; i < cli_ncommands; i++) {
		const char *c = cli_commands[i].name;
		size_t n = strlen(c);
		int d = distance(name, c);

		if (len >= 3 && (!strncasecmp(name, c, len < n ? len : n)))
			d = d < 1 ? d : 1;
		if (d < best_d) {
			best_d = d;
			best = &cli_commands[i];
			ties = 0;
		} else if (d == best_d) {
			ties++;
		}
	}
	/* Two as near ("gen": gen-grid, generate) are no suggestion. */
	if (!best || ties || best_d > 2 || (size_t)best_d * 3 > len)
		return NULL;
	return best;
}

int cli_unknown_command(const char *name)
{
	const struct cli_command *near = cli_suggest_command(name);

	if (near)
		cli_msg(NULL, 0, 0, "unknown command '%s': did you mean %s? "
			"(try cdok --help)", name, near->name);
	else
		cli_msg(NULL, 0, 0, "unknown command '%s' (try cdok --help)",
			name);
	return CLI_EXIT_USAGE;
}

static bool shown(const struct cli_option *o)
{
	return !(o->flags & CLI_OPTF_HIDDEN);
}

/* Whether the option's cmds names the command. */
static bool applies(const struct cli_option *o, const char *cmd)
{
	size_t n = strlen(cmd);

	if (!o->cmds)
		return !(o->flags & CLI_OPTF_GENERAL);
	for (const char *w = o->cmds; *w; w += strspn(w, " ")) {
		size_t k = strcspn(w, " ");

		if (k == n && !strncmp(w, cmd, n))
			return true;
		w += k;
	}
	return false;
}

/* "solve, examine: " for an option that applies to some commands. */
static void cmds_prefix(char *buf, size_t cap, const struct cli_option *o)
{
	size_t len = 0;

	buf[0] = '\0';
	if (!o->cmds)
		return;
	for (const char *w = o->cmds; *w && len < cap; w += strspn(w, " ")) {
		size_t k = strcspn(w, " ");

		len += (size_t)snprintf(buf + len, cap - len, "%.*s%s",
					(int)k, w, w[k] ? ", " : ": ");
		w += k;
	}
}

/* ---- help ---- */

#define HELP_WIDTH 79

/* Print text word-wrapped to HELP_WIDTH.  The first line continues
 * after `used` columns already printed; later lines are indented to
 * `indent`. */
static void put_wrapped(struct cli_out *out, const char *text, int used,
			int indent)
{
	int col = used;
	bool line_start = true;

	while (*text) {
		int len = (int)strcspn(text, " ");

		if (!line_start && col + 1 + len > HELP_WIDTH) {
			out_printf(out, "\n%*s", indent, "");
			col = indent;
			line_start = true;
		}
		if (!line_start) {
			out_puts(out, " ");
			col++;
		}
		out_write(out, text, (size_t)len);
		col += len;
		line_start = false;
		text += len;
		/* Two spaces after a full stop are one break point. */
		while (*text == ' ')
			text++;
	}
	out_puts(out, "\n");
}

/* "  -u, --utf8" or "      --limit N", without a newline.  Returns the
 * number of columns used. */
static int option_label(char *buf, size_t cap, const struct cli_option *o)
{
	int n;

	if (o->val < 256)
		n = snprintf(buf, cap, "  -%c, --%s", o->val, o->name);
	else
		n = snprintf(buf, cap, "      --%s", o->name);
	if (o->arg && n >= 0 && (size_t)n < cap)
		n += snprintf(buf + n, cap - (size_t)n, " %s", o->arg);
	return n;
}

static const char help_intro[] =
	"cdok reads Calcudoku (KenKen) puzzles -- in its own spec format, "
	"as UCF contest files, Cal Poly cage lists, Keen game IDs or JSON "
	"(see Formats) -- and prints, solves, examines or converts them, "
	"or checks a proposed solution; it also makes new puzzles with "
	"exactly one solution.  Inputs are the file given with -i, then "
	"every FILE in turn, or standard input when no file is named "
	"(\"-\" also means standard input).  Each input's format is told "
	"from its text unless --from names it.  An input may hold several "
	"puzzles (in the spec, separated by blank lines; drawings and "
	"summary lines between them are skipped, so the output of generate "
	"and solve reads back).  Output is the commands' own, or with --to "
	"the puzzles or answers in another format.  Options may come "
	"before or after the command.";

static const char help_inputs[] =
	"Without --to, when there is more than one input, the output of "
	"each starts with a line \"==> NAME <==\" (\"==> NAME #K <==\" for "
	"the K-th puzzle of an input that holds several) and outputs are "
	"separated by a blank line.  An input that fails does not stop the "
	"others.  Errors go to standard error as \"cdok: NAME:LINE:COLUMN: "
	"message\"; when the format was told from the text, they say which "
	"it was taken for.  Inputs larger than 64 MiB are refused.";

/* A format's line in the lists: its summary and what it is for. */
static void format_line(char *buf, size_t cap, const cdok_format *f)
{
	snprintf(buf, cap, "%s%s", cdok_format_summary(f),
		 !cdok_format_can_read(f) ? "; --to only" :
		 !cdok_format_can_write(f) ? "; --from only" : "");
}

static void general_help(struct cli_out *out)
{
	char label[64], prefix[128], text[1024];
	int width = 0;

	out_puts(out, "Usage: cdok [options] <command> [FILE...]\n\n");
	put_wrapped(out, help_intro, 0, 0);

	out_puts(out, "\nCommands:\n");
	for (int i = 0; i < cli_ncommands; i++) {
		int n = (int)strlen(cli_commands[i].name);

		if (n > width)
			width = n;
	}
	for (int i = 0; i < cli_ncommands; i++) {
		out_printf(out, "  %-*s  ", width, cli_commands[i].name);
		put_wrapped(out, cli_commands[i].help, width + 4, width + 4);
	}

	out_puts(out, "\nOptions:\n");
	width = 0;
	for (int i = 0; i < cli_noptions; i++) {
		int n = option_label(label, sizeof(label), &cli_options[i]);

		if (shown(&cli_options[i]) && n > width)
			width = n;
	}
	for (int i = 0; i < cli_noptions; i++) {
		const struct cli_option *o = &cli_options[i];

		if (!shown(o))
			continue;
		option_label(label, sizeof(label), o);
		cmds_prefix(prefix, sizeof(prefix), o);
		snprintf(text, sizeof(text), "%s%s", prefix, o->help);
		out_printf(out, "%-*s  ", width, label);
		put_wrapped(out, text, width + 2, width + 2);
	}

	/* From the program's set of formats, so that a format of an
	 * optional library shows up here by itself. */
	out_puts(out, "\nFormats (--from FORMAT, --to FORMAT):\n");
	width = 0;
	for (int i = 0; cdok_formats_at(cli_formats_all(), i); i++) {
		int n = (int)strlen(cdok_format_name(
				cdok_formats_at(cli_formats_all(), i)));

		if (n > width)
			width = n;
	}
	for (int i = 0; cdok_formats_at(cli_formats_all(), i); i++) {
		const cdok_format *f = cdok_formats_at(cli_formats_all(), i);

		format_line(text, sizeof(text), f);
		out_printf(out, "  %-*s  ", width, cdok_format_name(f));
		put_wrapped(out, text, width + 4, width + 4);
	}
	/* A list without the pictures says why they are not in it. */
	if (!cli_render()) {
		snprintf(text, sizeof(text), "(The picture formats of "
			 "libcdok-render are not available here: %s.)",
			 cli_render_why());
		out_puts(out, "  ");
		put_wrapped(out, text, 2, 2);
	}

	out_puts(out, "\n");
	put_wrapped(out, help_inputs, 0, 0);

	out_puts(out, "\nExit status (with several inputs, the most serious: "
		 "the last listed):\n");
	for (int i = 0; i < NEXITS; i++) {
		out_printf(out, "  %2d  ", exit_codes[i].code);
		put_wrapped(out, exit_codes[i].help, 6, 6);
	}
	out_puts(out, "\ncdok help COMMAND tells more about one command; the "
		 "manual is cdok(1).\n");
}

/* The text of a row without a lower-case start: options' texts begin
 * after "solve, examine: " in --help, and stand alone here. */
static void capitalized(char *buf, size_t cap, const char *text)
{
	snprintf(buf, cap, "%s", text);
	buf[0] = (char)toupper((unsigned char)buf[0]);
}

static void command_help(struct cli_out *out, const struct cli_command *cmd)
{
	int x = extra_of(cmd->name), width = 0;
	const char *args = x >= 0 ? command_extras[x].args : "[FILE...]";
	char label[64], text[1024];

	out_printf(out, "Usage: cdok %s%s%s%s\n\n", !strcmp(cmd->name, "help") ?
		   "" : "[options] ", cmd->name, *args ? " " : "", args);
	put_wrapped(out, cmd->help, 0, 0);
	for (int i = 0; i < cli_noptions; i++) {
		int n = option_label(label, sizeof(label), &cli_options[i]);

		if (shown(&cli_options[i]) &&
		    applies(&cli_options[i], cmd->name) && n > width)
			width = n;
	}
	if (width) {
		out_printf(out, "\nOptions for %s:\n", cmd->name);
		for (int i = 0; i < cli_noptions; i++) {
			const struct cli_option *o = &cli_options[i];

			if (!shown(o) || !applies(o, cmd->name))
				continue;
			option_label(label, sizeof(label), o);
			capitalized(text, sizeof(text), o->help);
			out_printf(out, "%-*s  ", width, label);
			put_wrapped(out, text, width + 2, width + 2);
		}
	}
	if (x >= 0 && command_extras[x].example[0])
		out_printf(out, "\nExample:\n  %s\n", command_extras[x].example);
	out_puts(out, "\ncdok --help lists the formats and exit statuses; "
		 "the manual is cdok(1).\n");
}

int cli_print_help(struct cli_out *to, const struct cli_command *cmd)
{
	struct cli_out own;
	struct cli_out *out = to ? to : &own;

	if (!to && !out_open(&own, NULL))
		return CLI_EXIT_SYSTEM;
	if (cmd)
		command_help(out, cmd);
	else
		general_help(out);
	if (to)
		return out->failed ? CLI_EXIT_SYSTEM : CLI_EXIT_DONE;
	return out_close(&own, true) ? CLI_EXIT_DONE : CLI_EXIT_SYSTEM;
}

int cmd_help(struct cli *cli)
{
	const struct cli_command *cmd = NULL;

	if (cli->nfiles > 1 || cli->opt.input) {
		cli_msg(NULL, 0, 0, "help takes one command at most (try cdok "
			"help)");
		return CLI_EXIT_USAGE;
	}
	if (cli->nfiles == 1) {
		cmd = cli_find_command(cli->files[0]);
		if (!cmd)
			return cli_unknown_command(cli->files[0]);
	}
	return cli_print_help(&cli->out, cmd);
}

/* ---- man page sections (scdoc) ---- */

/* Text for scdoc: its markup characters escaped. */
static void put_scdoc(struct cli_out *out, const char *text)
{
	for (; *text; text++) {
		if (*text == '*' || *text == '_' || *text == '\\')
			out_puts(out, "\\");
		out_write(out, text, 1);
	}
}

static void man_option(struct cli_out *out, const struct cli_option *o)
{
	char prefix[128];

	if (o->val < 256)
		out_printf(out, "*-%c*, ", o->val);
	out_printf(out, "*--%s*", o->name);
	if (o->arg) {
		out_puts(out, " _");
		put_scdoc(out, o->arg);
		out_puts(out, "_");
	}
	out_puts(out, "\n\t");
	cmds_prefix(prefix, sizeof(prefix), o);
	put_scdoc(out, prefix);
	put_scdoc(out, o->help);
	out_puts(out, "\n\n");
}

int cli_print_man_section(const char *name)
{
	struct cli_out out;
	char text[1024];

	if (strcmp(name, "commands") && strcmp(name, "options") &&
	    strcmp(name, "formats") && strcmp(name, "exit")) {
		cli_msg(NULL, 0, 0, "unknown man page section '%s': expected "
			"commands, options, formats or exit", name);
		return CLI_EXIT_USAGE;
	}
	if (!out_open(&out, NULL))
		return CLI_EXIT_SYSTEM;
	for (int i = 0; !strcmp(name, "commands") && i < cli_ncommands; i++) {
		const struct cli_command *c = &cli_commands[i];
		int x = extra_of(c->name);

		out_printf(&out, "*%s*", c->name);
		if (x >= 0 && command_extras[x].args[0]) {
			out_puts(&out, " ");
			put_scdoc(&out, command_extras[x].args);
		}
		out_puts(&out, "\n\t");
		put_scdoc(&out, c->help);
		if (x >= 0 && command_extras[x].example[0]) {
			out_puts(&out, "\n\n\tExample: *");
			put_scdoc(&out, command_extras[x].example);
			out_puts(&out, "*");
		}
		out_puts(&out, "\n\n");
	}
	for (int i = 0; !strcmp(name, "options") && i < cli_noptions; i++)
		if (shown(&cli_options[i]))
			man_option(&out, &cli_options[i]);
	for (int i = 0; !strcmp(name, "formats") &&
	     cdok_formats_at(cli_formats_all(), i); i++) {
		const cdok_format *f = cdok_formats_at(cli_formats_all(), i);

		format_line(text, sizeof(text), f);
		out_printf(&out, "*%s*\n\t", cdok_format_name(f));
		put_scdoc(&out, text);
		out_puts(&out, "\n\n");
	}
	for (int i = 0; !strcmp(name, "exit") && i < NEXITS; i++) {
		out_printf(&out, "*%d*\n\t", exit_codes[i].code);
		put_scdoc(&out, exit_codes[i].help);
		out_puts(&out, "\n\n");
	}
	return out_close(&out, true) ? CLI_EXIT_DONE : CLI_EXIT_SYSTEM;
}

/* ---- shell completions ---- */

/* The format names an option's argument takes: readable formats for
 * --from, writable ones for --to; results_only: only those that hold
 * results (the --to of a command that writes no puzzle, such as hint). */
static void format_names_of(struct cli_out *out, bool reading,
			    bool results_only)
{
	const char *sep = "";

	for (int i = 0; cdok_formats_at(cli_formats_all(), i); i++) {
		const cdok_format *f = cdok_formats_at(cli_formats_all(), i);

		if (reading ? !cdok_format_can_read(f)
			    : !cdok_format_can_write(f))
			continue;
		if (results_only &&
		    !(cdok_format_flags(f) & CDOK_FORMAT_RESULTS))
			continue;
		out_printf(out, "%s%s", sep, cdok_format_name(f));
		sep = " ";
	}
}

static void format_names(struct cli_out *out, bool reading)
{
	format_names_of(out, reading, false);
}

/* The --to words of a command that writes results (CLI_CMD_TO_JSON):
 * their formats, and the pictures it draws (hint: svg, png, pdf;
 * explain: pdf). */
static void to_words(struct cli_out *out, unsigned flags)
{
	const char *sep = "";

	for (int i = 0; cdok_formats_at(cli_formats_all(), i); i++) {
		const cdok_format *f = cdok_formats_at(cli_formats_all(), i);
		unsigned ff = cdok_format_flags(f);
		bool picture = cli_is_render_format(f);

		if (!cdok_format_can_write(f))
			continue;
		if (!(ff & CDOK_FORMAT_RESULTS) &&
		    !((flags & CLI_CMD_TO_PICTURE) && picture) &&
		    !((flags & CLI_CMD_TO_PAGES) && picture &&
		      !(ff & CDOK_FORMAT_SINGLE)))
			continue;
		out_printf(out, "%s%s", sep, cdok_format_name(f));
		sep = " ";
	}
}

/* The values an option's argument takes, separated by spaces, for the
 * completions; false for an option whose argument is not one of a few
 * words (a number, a file, a format: those are completed elsewhere).
 * With out NULL, only whether it has them. */
static bool option_values(struct cli_out *out, const char *name)
{
	static const cdok_scale scales[] = { CDOK_SCALE_CALCUDOKU,
					     CDOK_SCALE_KILLER };
	const char *sep = "";

	if (!out)
		return !strcmp(name, "paper") || !strcmp(name, "ops") ||
		       !strcmp(name, "level") || !strcmp(name, "sort");
	if (!strcmp(name, "sort")) {
		out_puts(out, "level");
		return true;
	}
	if (!strcmp(name, "paper")) {
		/* cdok_render_paper's names (a test checks each). */
		out_puts(out, "a4 a5 a3 letter legal");
		return true;
	}
	if (!strcmp(name, "ops")) {
		out_puts(out, "all mul add addsub");
		return true;
	}
	if (strcmp(name, "level"))
		return false;
	/* Both scales' names in lower case, each once (Keen and Solo
	 * share extreme and unreasonable). */
	for (size_t s = 0; s < sizeof(scales) / sizeof(scales[0]); s++)
		for (int i = 0; i < cdok_level_count(scales[s]); i++) {
			char word[32];
			const char *w = cdok_level_name(scales[s], i);
			size_t k;

			for (k = 0; w[k] && k + 1 < sizeof(word); k++)
				word[k] = (char)tolower((unsigned char)w[k]);
			word[k] = '\0';
			if (s > 0 && cdok_level_find(scales[0], word) >= 0)
				continue;
			out_printf(out, "%s%s", sep, word);
			sep = " ";
		}
	return true;
}

/* The option words of the options that apply to a command (cmd NULL:
 * every option shown), separated by spaces. */
static void option_words(struct cli_out *out, const char *cmd)
{
	const char *sep = "";

	for (int i = 0; i < cli_noptions; i++) {
		const struct cli_option *o = &cli_options[i];

		if (!shown(o) || (cmd && !applies(o, cmd) &&
				  !(o->flags & CLI_OPTF_GENERAL)))
			continue;
		if (o->val < 256)
			out_printf(out, "%s-%c", sep, o->val), sep = " ";
		out_printf(out, "%s--%s", sep, o->name);
		sep = " ";
	}
}

/* The words of a case pattern: "-i|--input" for every option whose
 * argument is named arg (NULL: any argument), or "" if none. */
static bool arg_pattern(struct cli_out *out, const char *arg, bool any)
{
	const char *sep = "";

	for (int i = 0; i < cli_noptions; i++) {
		const struct cli_option *o = &cli_options[i];

		if (!o->arg || (!any && strcmp(o->arg, arg)))
			continue;
		if (o->val < 256)
			out_printf(out, "%s-%c", sep, o->val), sep = "|";
		out_printf(out, "%s--%s", sep, o->name);
		sep = "|";
	}
	return *sep != '\0';
}

static void bash_completion(struct cli_out *out)
{
	out_puts(out,
		 "# bash completion for cdok(1).  Made by `cdok --completions "
		 "bash` from the\n# program's own tables: do not edit.\n\n"
		 "_cdok()\n{\n"
		 "\tlocal cur=${COMP_WORDS[COMP_CWORD]}\n"
		 "\tlocal prev=${COMP_WORDS[COMP_CWORD-1]}\n"
		 "\tlocal i w cmd= skip=\n\n"
		 "\tCOMPREPLY=()\n"
		 "\t# The command: the first word that is neither an option "
		 "nor an\n\t# option's argument.\n"
		 "\tfor ((i = 1; i < COMP_CWORD; i++)); do\n"
		 "\t\tw=${COMP_WORDS[i]}\n"
		 "\t\tif [[ -n $skip ]]; then skip=; continue; fi\n"
		 "\t\tcase $w in\n\t\t");
	arg_pattern(out, NULL, true);
	out_puts(out, ") skip=1 ;;\n\t\t-*) ;;\n"
		 "\t\t*) cmd=${w,,}; break ;;\n\t\tesac\n\tdone\n\n"
		 "\t# The argument of an option.\n"
		 "\tcase $prev in\n\t");
	arg_pattern(out, "FILE", false);
	out_puts(out, ")\n\t\tCOMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
		 "\t--from)\n\t\tCOMPREPLY=($(compgen -W \"");
	format_names(out, true);
	out_puts(out, "\" -- \"$cur\")); return ;;\n\t--to)\n"
		 "\t\t# A command that writes results takes their formats "
		 "(and\n\t\t# the pictures it draws).\n\t\tcase $cmd in\n");
	for (int i = 0; i < cli_ncommands; i++) {
		if (!(cli_commands[i].flags & CLI_CMD_TO_JSON))
			continue;
		out_printf(out, "\t\t%s) w=\"", cli_commands[i].name);
		to_words(out, cli_commands[i].flags);
		out_puts(out, "\" ;;\n");
	}
	out_puts(out, "\t\t*) w=\"");
	format_names(out, false);
	out_puts(out, "\" ;;\n\t\tesac\n\t\t"
		 "COMPREPLY=($(compgen -W \"$w\" -- \"$cur\")); return ;;\n\t");
	for (int i = 0; i < cli_noptions; i++) {
		const struct cli_option *o = &cli_options[i];

		if (!o->arg || !shown(o) || !option_values(NULL, o->name))
			continue;
		out_printf(out, "--%s)\n\t\tCOMPREPLY=($(compgen -W \"", o->name);
		option_values(out, o->name);
		out_puts(out, "\" -- \"$cur\")); return ;;\n\t");
	}
	arg_pattern(out, NULL, true);
	out_puts(out, ")\n\t\treturn ;;\n\tesac\n\n"
		 "\tif [[ $cur == -* ]]; then\n\t\tcase $cmd in\n");
	for (int i = 0; i < cli_ncommands; i++) {
		out_printf(out, "\t\t%s) w=\"", cli_commands[i].name);
		option_words(out, cli_commands[i].name);
		out_puts(out, "\" ;;\n");
	}
	out_puts(out, "\t\t*) w=\"");
	option_words(out, NULL);
	out_puts(out, "\" ;;\n\t\tesac\n"
		 "\t\tCOMPREPLY=($(compgen -W \"$w\" -- \"$cur\"))\n"
		 "\t\treturn\n\tfi\n"
		 "\tcase $cmd in\n\t'')\n\t\tCOMPREPLY=($(compgen -W \"");
	for (int i = 0; i < cli_ncommands; i++)
		out_printf(out, "%s%s", i ? " " : "", cli_commands[i].name);
	out_puts(out, "\" -- \"$cur\")) ;;\n\thelp)\n\t\tCOMPREPLY=($(compgen "
		 "-W \"");
	for (int i = 0; i < cli_ncommands; i++)
		out_printf(out, "%s%s", i ? " " : "", cli_commands[i].name);
	out_puts(out, "\" -- \"$cur\")) ;;\n");
	/* Commands that read no file. */
	for (int i = 0; i < cli_ncommands; i++) {
		int x = extra_of(cli_commands[i].name);

		if (x >= 0 && !command_extras[x].args[0])
			out_printf(out, "\t%s) ;;\n", cli_commands[i].name);
	}
	out_puts(out, "\t*)\n\t\tCOMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
		 "\tesac\n}\n\ncomplete -o filenames -F _cdok cdok\n");
}

/* Text for a zsh description inside single quotes: the first clause
 * of a help text (after a "name ARGS: " usage), whole words up to a
 * width, with no quote and none of the brackets and colons _arguments
 * gives a meaning. */
static void put_zsh_desc(struct cli_out *out, const char *text,
			 const char *usage)
{
	const char *colon = strstr(text, ": ");
	size_t n, cut = 0;

	if (usage && colon && !strncmp(text, usage, strlen(usage)))
		text = colon + 2;
	n = strcspn(text, ";(");
	for (const char *dot = strstr(text, ". "); dot; dot = NULL)
		if ((size_t)(dot - text) < n)
			n = (size_t)(dot - text);
	if (n && text[n - 1] == '.')
		n--;
	/* At most 60 columns, cut after a word. */
	for (size_t i = 0; i < n; i++)
		if (text[i] == ' ' && i <= 60)
			cut = i;
	if (n > 60)
		n = cut;
	while (n && (text[n - 1] == ' ' || text[n - 1] == ','))
		n--;
	for (size_t i = 0; i < n; i++) {
		char c = text[i];

		if (c == '\'' || c == '[' || c == ']')
			c = c == '\'' ? '"' : c == '[' ? '(' : ')';
		if (c == ':')
			out_puts(out, "\\");
		out_write(out, &c, 1);
	}
}

static void zsh_completion(struct cli_out *out)
{
	out_puts(out, "#compdef cdok\n# zsh completion for cdok(1).  Made by "
		 "`cdok --completions zsh` from the\n# program's own tables: "
		 "do not edit.\n\n_cdok() {\n\tlocal -a commands\n"
		 "\tcommands=(\n");
	for (int i = 0; i < cli_ncommands; i++) {
		out_printf(out, "\t\t'%s:", cli_commands[i].name);
		put_zsh_desc(out, cli_commands[i].help,
			     cli_commands[i].name);
		out_puts(out, "'\n");
	}
	out_puts(out, "\t)\n\t_arguments -s -S \\\n");
	for (int i = 0; i < cli_noptions; i++) {
		const struct cli_option *o = &cli_options[i];
		const char *action = "";

		if (!shown(o))
			continue;
		if (o->arg && !strcmp(o->arg, "FILE"))
			action = ":FILE:_files";
		else if (o->arg)
			action = NULL;
		out_puts(out, "\t\t'");
		if (o->val < 256)
			out_printf(out, "(-%c --%s)'{-%c%s,--%s%s}'", o->val,
				   o->name, o->val, o->arg ? "+" : "",
				   o->name, o->arg ? "=" : "");
		else
			out_printf(out, "--%s%s", o->name, o->arg ? "=" : "");
		out_puts(out, "[");
		put_zsh_desc(out, o->help, NULL);
		out_puts(out, "]");
		if (action) {
			out_puts(out, action);
		} else if (!strcmp(o->name, "to")) {
			/* A command that writes results only (hint,
			 * explain, check) takes their formats. */
			out_puts(out, ":FORMAT:{case ${(L)words[(r)[^-]*]} in ");
			for (int k = 0; k < cli_ncommands; k++) {
				if (!(cli_commands[k].flags & CLI_CMD_TO_JSON))
					continue;
				out_printf(out, "%s) compadd ",
					   cli_commands[k].name);
				to_words(out, cli_commands[k].flags);
				out_puts(out, " ;; ");
			}
			out_puts(out, "*) compadd ");
			format_names(out, false);
			out_puts(out, " ;; esac}");
		} else if (!strcmp(o->arg, "FORMAT")) {
			out_puts(out, ":FORMAT:(");
			format_names(out, !strcmp(o->name, "from"));
			out_puts(out, ")");
		} else if (option_values(NULL, o->name)) {
			out_printf(out, ":%s:(", o->arg);
			option_values(out, o->name);
			out_puts(out, ")");
		} else {
			out_printf(out, ":%s: ", o->arg);
		}
		out_puts(out, "' \\\n");
	}
	out_puts(out, "\t\t'1:command:->command' \\\n"
		 "\t\t'*:: :->args'\n"
		 "\tcase $state in\n"
		 "\tcommand) _describe -t commands command commands ;;\n"
		 "\targs)\n\t\tcase ${words[1]:l} in\n"
		 "\t\thelp) _describe -t commands command commands ;;\n");
	for (int i = 0; i < cli_ncommands; i++) {
		int x = extra_of(cli_commands[i].name);

		if (x >= 0 && !command_extras[x].args[0])
			out_printf(out, "\t\t%s) ;;\n", cli_commands[i].name);
	}
	out_puts(out, "\t\t*) _files ;;\n\t\tesac ;;\n\tesac\n}\n\n"
		 "_cdok \"$@\"\n");
}

int cli_print_completions(const char *shell)
{
	struct cli_out out;

	if (strcmp(shell, "bash") && strcmp(shell, "zsh")) {
		cli_msg(NULL, 0, 0, "no completions for '%s': expected bash or "
			"zsh", shell);
		return CLI_EXIT_USAGE;
	}
	if (!out_open(&out, NULL))
		return CLI_EXIT_SYSTEM;
	if (!strcmp(shell, "bash"))
		bash_completion(&out);
	else
		zsh_completion(&out);
	return out_close(&out, true) ? CLI_EXIT_DONE : CLI_EXIT_SYSTEM;
}
