/* cmd_generate.c -- gen-grid, harden and generate: new puzzles made by the
 * library's generator, printed as the original cdok prints them.
 *
 * Every puzzle is made from its own seed: puzzle k (from 0) of a run with
 * --seed S uses seed S+k.  So a run can be split by seed ranges (a
 * cluster, or -j threads) and the pieces give exactly the puzzles of one
 * long run, and -j never changes the output: the threads only decide who
 * makes which puzzle, and puzzles are printed in order.
 */
#include <ctype.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* A seed from the system when the user gave none.  The library never
 * draws randomness itself; the program may. */
static uint64_t draw_seed(void)
{
	uint64_t seed = 0;
	int fd = open("/dev/urandom", O_RDONLY);

	if (fd >= 0) {
		if (read(fd, &seed, sizeof(seed)) != (ssize_t)sizeof(seed))
			seed = 0;
		close(fd);
	}
	if (!seed)
		seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	/* Keep seeds short enough to retype. */
	return seed % 1000000000000ull;
}

static uint64_t base_seed(const struct cli *cli)
{
	uint64_t seed;

	if (cli->opt.seed_set)
		return cli->opt.seed;
	seed = draw_seed();
	cli_msg(NULL, 0, 0, "seed %llu (--seed %llu makes the same puzzles "
		"again)", (unsigned long long)seed, (unsigned long long)seed);
	return seed;
}

/* The box shape of a Killer grid of the given size: --boxes, or else
 * the library's choice (cdok_gen_boxes), asked here because gen-grid
 * needs it and so that a size no box tiles is a usage error before any
 * work.  False, after saying why (name: the input, or NULL), if there
 * is none. */
static bool killer_boxes(const struct cli *cli, const char *name, int size,
			 int *rows, int *cols)
{
	cdok_gen_params probe;

	*rows = *cols = 0;
	if (cli->opt.box_rows) {
		if (cli->opt.box_rows >= 2 && cli->opt.box_cols >= 2 &&
		    cli->opt.box_rows * cli->opt.box_cols == size) {
			*rows = cli->opt.box_rows;
			*cols = cli->opt.box_cols;
			return true;
		}
		if (cli->opt.box_rows * cli->opt.box_cols != size)
			cli_msg(name, 0, 0, "--boxes %dx%d does not tile a %d "
				"x %d grid: rows times columns must make %d "
				"(try cdok --help)", cli->opt.box_rows,
				cli->opt.box_cols, size, size, size);
		else
			cli_msg(name, 0, 0, "--boxes %dx%d: boxes one cell "
				"wide are whole rows or columns; a box needs "
				"at least 2 rows and 2 columns (try cdok "
				"--help)", cli->opt.box_rows,
				cli->opt.box_cols);
		return false;
	}
	cdok_gen_params_init(&probe);
	probe.size = size;
	probe.killer = 1;
	if (cdok_gen_boxes(&probe, rows, cols, NULL) == CDOK_OK)
		return true;
	cli_msg(name, 0, 0, "no box shape tiles a %d x %d %s grid: boxes "
		"need at least 2 rows and 2 columns, so the size must be a "
		"product of two numbers from 2 up (try -s 4, 6, 8 or 9)",
		size, size, cli->opt.sudoku ? "Sudoku" : "Killer");
	return false;
}

/* The largest grid generate makes without --timeout for the options'
 * kind and a level (-1: none): the library's cap (cdok_gen_max_size). */
static int gen_max(const struct cli *cli, int level)
{
	cdok_gen_params probe;

	cdok_gen_params_init(&probe);
	probe.killer = cli->opt.killer;
	probe.sudoku = cli->opt.sudoku;
	probe.hide_ops = cli->opt.hide_ops;
	probe.level = level;
	return cdok_gen_max_size(&probe);
}

/* Whether the Killer options suit a grid of this size; says why not. */
static bool killer_ok(const struct cli *cli, const char *name, int size)
{
	int rows, cols;

	if (!killer_boxes(cli, name, size, &rows, &cols))
		return false;
	if (cli->opt.max_cage == 1) {
		cli_msg(name, 0, 0, "--max-cage %d: Killer cages have at least "
			"2 cells (try cdok --help)", cli->opt.max_cage);
		return false;
	}
	return true;
}

/* The generator's parameters for puzzles of this size, as the options
 * ask for them and, with --to, narrowed to what that format can hold
 * (Keen's - and / cages have two cells).  False, after saying why (name:
 * the input, or NULL), when the format can hold none of them: a usage
 * error, found before any work. */
static bool gen_fit(const struct cli *cli, const char *name,
		    cdok_gen_params *par);

/* The options' part of gen_params. */
static void gen_options(const struct cli *cli, int size, cdok_gen_params *par)
{

	cdok_gen_params_init(par);
	par->size = size;
	par->ops = cli->opt.ops;
	par->two_cell = cli->opt.two_cell;
	par->hide_ops = cli->opt.hide_ops;
	par->max_cage = cli->opt.max_cage;
	par->max_score = cli->opt.max_diff;
	par->target_score = cli->opt.target_diff;
	if (cli->opt.nylimb)
		par->rules = CDOK_RULE_NYLIMB;
	if (cli->opt.killer || cli->opt.sudoku) {
		par->killer = cli->opt.killer;
		par->sudoku = cli->opt.sudoku;
		par->box_rows = cli->opt.box_rows;
		par->box_cols = cli->opt.box_cols;
	}
	/* The hardening rounds and the score come with the level
	 * (gen_level). */
}

static bool gen_params(const struct cli *cli, const char *name, int size,
		       cdok_gen_params *par)
{
	gen_options(cli, size, par);
	return gen_fit(cli, name, par);
}

/* The --to part of gen_params, for parameters set up already. */
static bool gen_fit(const struct cli *cli, const char *name,
		    cdok_gen_params *par)
{
	cdok_error err;
	unsigned ops;

	if (!cli->opt.to)
		return true;
	ops = par->ops;
	memset(&err, 0, sizeof(err));
	if (cdok_format_fit(cli->opt.to, par, &err) != CDOK_OK) {
		cli_msg(name, 0, 0, "--to %s: %s", cdok_format_name(cli->opt.to),
			err.message);
		return false;
	}
	/* A format may narrow the operators the defaults allow, but not
	 * those the user named. */
	if (cli->opt.ops_given && par->ops != ops) {
		cli_msg(name, 0, 0, "--to %s holds no puzzle with all the "
			"operators --ops names: use --ops with only those it "
			"has", cdok_format_name(cli->opt.to));
		return false;
	}
	return true;
}

/* ---- levels (doc/LEVELS.md) ---- */

/* -m and -t take the difficulty cdok prints, 10000 x (level + 1) +
 * score, whose smallest value is 10000 on a scale of levels: a number
 * below it (the original cdok's scale, or a guess) would make no puzzle
 * (-m) or change nothing (-t).  Nylimb puzzles have no levels; their
 * difficulty is the solver's number, and any value goes.  False after
 * saying so. */
static bool difficulty_on_scale(const struct cli *cli, const char *name,
				cdok_scale scale)
{
	const char *first, *second;
	char word[32];
	uint64_t v = cli->opt.max_diff ? cli->opt.max_diff
				       : cli->opt.target_diff;
	size_t i;

	if (scale == CDOK_SCALE_NONE || !v || v >= 10000)
		return true;
	first = cdok_level_name(scale, 0);
	second = cdok_level_name(scale, 1);
	/* --level takes the name in lower case. */
	for (i = 0; (cli->opt.max_diff ? first : second)[i] &&
		    i + 1 < sizeof(word); i++)
		word[i] = (char)tolower((unsigned char)
			(cli->opt.max_diff ? first : second)[i]);
	word[i] = '\0';
	if (cli->opt.max_diff)
		cli_msg(name, 0, 0, "-m %llu is below every difficulty: cdok's "
			"difficulty is 10000 x (level + 1) + score (a score of "
			"0 to 9999), so the %s puzzles are 10000 to 19999; "
			"give -m 19999 for %s puzzles only, or --level %s "
			"(doc/LEVELS.md)", (unsigned long long)v, first, first,
			word);
	else
		cli_msg(name, 0, 0, "-t %llu is below every difficulty: cdok's "
			"difficulty is 10000 x (level + 1) + score (a score of "
			"0 to 9999), so every puzzle reaches it; give -t 20000 "
			"to harden until %s, or --level %s (doc/LEVELS.md)",
			(unsigned long long)v, second, word);
	return false;
}

/* --level for puzzles made with par (the options' kind and size), into
 * *level (-1: none); false after saying why not. */
static bool level_for(const struct cli *cli, const char *name,
		      const cdok_gen_params *par, int *level)
{
	cdok_scale scale = cdok_gen_scale(par);
	cdok_gen_params probe = *par;
	cdok_error err;

	if (!cli_level(cli, name, scale, level))
		return false;
	if (!difficulty_on_scale(cli, name, scale))
		return false;
	if (*level < 0)
		return true;
	if (cli->opt.max_diff || cli->opt.target_diff) {
		cli_msg(name, 0, 0, "--level and %s both set the difficulty; "
			"give one of them (try cdok help generate)",
			cli->opt.max_diff ? "-m" : "-t");
		return false;
	}
	/* The levels that occur at the size: the library's. */
	memset(&err, 0, sizeof(err));
	if (cdok_gen_set_level(&probe, *level, -1, &err) != CDOK_OK) {
		cli_msg(name, 0, 0, "%s", err.message);
		return false;
	}
	/* Not a search of many minutes the user did not bound (Killer
	 * grids above their own cap need --timeout anyway). */
	if (scale == CDOK_SCALE_CALCUDOKU &&
	    par->size > gen_max(cli, *level) &&
	    !cli->opt.timeout_ns) {
		cli_msg(name, 0, 0, "--level: %s Calcudoku puzzles larger than "
			"%d x %d can take many minutes to make (a 32 x 32 Normal "
			"took a minute of CPU, a 63 x 63 Extreme was not done "
			"after 13 minutes): give --timeout SECONDS to try "
			"anyway",
			cdok_level_name(scale, *level), gen_max(cli, *level),
			gen_max(cli, *level));
		return false;
	}
	return true;
}

/* The difficulty is the grade's (cdok_grade_score): what -m and -t
 * steer, and with a level (>= 0) a band of it -- no puzzle above the
 * level, none below, hardening until it is reached; the library sets
 * it up, and the rounds -w does not give (cdok_gen_set_level).  Nylimb
 * puzzles have no levels and keep the solver's score.  The level was
 * checked by level_for. */
static void gen_level(const struct cli *cli, int level, cdok_gen_params *par)
{
	cdok_gen_set_level(par, level, cli->opt.iterations, NULL);
}

/* Append a library string to a growing text; false if memory ran out. */
static bool append(char **text, size_t *len, const char *s, size_t n)
{
	char *t = realloc(*text, *len + n + 1);

	if (!t)
		return false;
	memcpy(t + *len, s, n);
	*len += n;
	t[*len] = '\0';
	*text = t;
	return true;
}

/* One generated puzzle as the original prints it: the spec, a blank
 * line, the drawing, a blank line and "Difficulty: N".  Returns NULL if
 * memory ran out. */
static char *format_puzzle(const struct cli *cli, const cdok_puzzle *p,
			   uint64_t score)
{
	const char *formats[2] = {"spec", cli->opt.utf8 ? "utf8" : "ascii"};
	cdok_scale scale = cdok_puzzle_scale(p);
	char *text = NULL, line[128];
	size_t len = 0;

	for (int i = 0; i < 2; i++) {
		char *part;
		size_t n;

		if (cdok_write(cli_format(formats[i]), p, NULL, &part, &n,
			       NULL) != CDOK_OK)
			goto fail;
		if (!append(&text, &len, part, n) || !append(&text, &len, "\n", 1)) {
			cdok_free(part);
			goto fail;
		}
		cdok_free(part);
	}
	/* The score is the grade's difficulty (cdok_grade_score), which tells
	 * the level and the score within it. */
	memcpy(line, "Difficulty: ", 12);
	cdok_difficulty_describe(scale, score, line + 12, sizeof(line) - 13);
	strcat(line, "\n");
	if (append(&text, &len, line, strlen(line)))
		return text;
fail:
	free(text);
	return NULL;
}

/* ---- what was made, and writing it ---- */

/* One made puzzle, waiting to be printed in order. */
struct made {
	char *text;           /* without --to: the puzzle as printed */
	cdok_puzzle *puzzle;  /* with --to: the puzzle itself */
	uint64_t score;
	/* --to json: the generator's uniqueness proof and the solution,
	 * for the result document's verdict, nodes and solution. */
	cdok_result result;
	cdok_grading grading;
	int *solution;
	double gen_secs;
	char *error;          /* why it failed, when code says so */
	int code;
	bool ready;
};

static void made_clear(struct made *m)
{
	free(m->text);
	cdok_puzzle_free(m->puzzle);
	free(m->solution);
	free(m->error);
	memset(m, 0, sizeof(*m));
}

static cdok_status out_of_memory(cdok_error *err)
{
	err->status = CDOK_ERR_NOMEM;
	err->line = err->column = 0;
	snprintf(err->message, sizeof(err->message), "out of memory");
	return CDOK_ERR_NOMEM;
}

/* --timeout for one puzzle: the generator asks at every step.  reached
 * records whether it was ever told to stop, so that a run that failed
 * for another reason (no puzzle of the level) is not blamed on the
 * timeout. */
struct deadline {
	uint64_t start_ns, timeout_ns;
	bool reached;
};

static int past_deadline(void *user, uint64_t steps)
{
	struct deadline *d = user;

	(void)steps;
	if (cli_now_ns() - d->start_ns >= d->timeout_ns)
		d->reached = true;
	return d->reached;
}

/* Run the generator for one puzzle into m: the puzzle in the form the
 * output needs (the printed text, or the puzzle itself, with its proof
 * and solution for JSON).  Returns a library status (err filled; when
 * --timeout stopped it, CDOK_ERR_LIMIT says how long it tried, and
 * otherwise keeps the generator's own reason). */
static cdok_status made_make(const struct cli *cli, struct made *m,
			     const cdok_gen_params *given, const int *grid,
			     cdok_rng *rng, cdok_error *err)
{
	size_t n = (size_t)given->size;
	cdok_gen_params par = *given;
	struct deadline deadline;
	cdok_gen_result res;
	cdok_puzzle *p = NULL;
	cdok_status st;
	uint64_t start;

	memset(&res, 0, sizeof(res));
	if (cli_to_has(cli, CDOK_FORMAT_RESULTS)) {
		m->solution = calloc(n * n, sizeof(*m->solution));
		if (!m->solution)
			return out_of_memory(err);
		res.solution = m->solution;
	}
	start = cli_now_ns();
	memset(&deadline, 0, sizeof(deadline));
	if (cli->opt.timeout_ns) {
		deadline.start_ns = start;
		deadline.timeout_ns = cli->opt.timeout_ns;
		par.on_progress = past_deadline;
		par.progress_user = &deadline;
	}
	st = cdok_generate(&par, grid, rng, &p, &res, err);
	m->gen_secs = cli_seconds_since(start);
	if (st == CDOK_ERR_LIMIT && deadline.reached)
		snprintf(err->message, sizeof(err->message), "gave up after "
			 "%.3g seconds (--timeout)", m->gen_secs);
	if (st != CDOK_OK)
		return st;
	m->score = res.score;
	m->result = res.proof;
	if (!cli->opt.to) {
		m->text = format_puzzle(cli, p, res.score);
		cdok_puzzle_free(p);
		return m->text ? CDOK_OK : out_of_memory(err);
	}
	m->puzzle = p;
	if (cli_to_has(cli, CDOK_FORMAT_RESULTS)) {
		cdok_grade_params gp;

		/* The generator proved m->solution the only one. */
		cdok_grade_params_init(&gp);
		gp.solution = m->solution;
		return cdok_grade(p, &gp, &m->grading, err);
	}
	return CDOK_OK;
}

/* cli_put of a puzzle made from seed: "puzzle 3 (seed 7)" in messages
 * and the archive, "seed 7" in a booklet's caption. */
static int put_seeded(struct cli *cli, const char *name, const char *kind,
		      int index, uint64_t seed, const cdok_puzzle *p)
{
	char what[96], source[32];
	int code;

	snprintf(what, sizeof(what), "%s %d (seed %llu)", kind, index,
		 (unsigned long long)seed);
	snprintf(source, sizeof(source), "seed %llu",
		 (unsigned long long)seed);
	cli->source = source;
	code = cli_put(cli, name, what, p, NULL);
	cli->source = NULL;
	return code;
}

/* With --to: one made puzzle into the run's stream, or its result
 * document.  index counts from 1. */
static int put_made(struct cli *cli, const char *name, const char *command,
		    int index, uint64_t seed, const struct made *m)
{
	if (cli_to_has(cli, CDOK_FORMAT_RESULTS)) {
		const int *one[1] = { m->solution };
		cdok_json_timing timings[1] = {
			{ "generate", m->gen_secs },
		};
		cdok_json_info info;

		cdok_json_info_init(&info);
		info.command = command;
		info.source = name;
		info.index = index;
		info.result = &m->result;
		info.grading = &m->grading;
		if (m->result.count == 1) {
			info.solutions = one;
			info.nsolutions = 1;
		}
		info.has_seed = 1;
		info.seed = seed;
		info.timings = timings;
		info.ntimings = 1;
		return cli_put_result(cli, name, m->puzzle, &info);
	}
	return put_seeded(cli, name, "puzzle", index, seed, m->puzzle);
}

/* ---- generate ---- */

struct batch {
	struct cli *cli;
	uint64_t seed, count;
	int level;            /* --level, or -1 */
	pthread_mutex_t lock;
	pthread_cond_t done;
	uint64_t next;        /* next puzzle index to make */
	bool stop;            /* a puzzle failed: make no more */
	struct made *made;    /* by index */
};

/* Make puzzle i of the batch: what the output needs, or an error and
 * exit status. */
static void make_one(struct batch *b, uint64_t i)
{
	struct made m;
	cdok_gen_params par;
	cdok_error err;
	cdok_rng rng;
	cdok_status st;

	memset(&m, 0, sizeof(m));
	/* cmd_generate has checked these parameters already. */
	gen_params(b->cli, NULL, b->cli->opt.size, &par);
	gen_level(b->cli, b->level, &par);
	cdok_rng_seed(&rng, b->seed + i, 0);
	memset(&err, 0, sizeof(err));
	st = made_make(b->cli, &m, &par, NULL, &rng, &err);
	if (st != CDOK_OK) {
		made_clear(&m);
		m.code = st == CDOK_ERR_NOMEM ? CLI_EXIT_SYSTEM :
			 st == CDOK_ERR_LIMIT ? CLI_EXIT_GAVEUP :
			 CLI_EXIT_USAGE;
		m.error = strdup(st == CDOK_ERR_NOMEM ? "out of memory" :
				 err.message);
	}

	pthread_mutex_lock(&b->lock);
	m.ready = true;
	b->made[i] = m;
	if (m.code != CLI_EXIT_DONE)
		b->stop = true;
	pthread_cond_broadcast(&b->done);
	pthread_mutex_unlock(&b->lock);
}

static void *worker(void *arg)
{
	struct batch *b = arg;

	for (;;) {
		uint64_t i;

		pthread_mutex_lock(&b->lock);
		i = b->next;
		if (b->stop || i >= b->count) {
			pthread_mutex_unlock(&b->lock);
			return NULL;
		}
		b->next++;
		pthread_mutex_unlock(&b->lock);
		make_one(b, i);
	}
}

/* Print puzzle i of the batch.  Returns an exit status; a puzzle the
 * --to format cannot hold is reported, and the batch goes on. */
static int print_made(struct batch *b, uint64_t i)
{
	struct cli *cli = b->cli;
	struct made *m = &b->made[i];

	if (cli->opt.to)
		return put_made(cli, NULL, "generate", (int)(i + 1),
				b->seed + i, m);
	if (i > 0)
		out_puts(&cli->out, "\n");
	out_puts(&cli->out, m->text);
	return cli->out.failed ? CLI_EXIT_SYSTEM : CLI_EXIT_DONE;
}

int cmd_generate(struct cli *cli)
{
	struct batch b;
	struct cli_progress progress;
	cdok_gen_params par;
	pthread_t threads[256];
	int nthreads = 0, code = CLI_EXIT_DONE, max = gen_max(cli, -1);
	uint64_t count = cli->opt.count;

	/* An input is refused by main(): generate reads none. */
	if (cli->opt.killer && !killer_ok(cli, NULL, cli->opt.size))
		return CLI_EXIT_USAGE;
	if (cli->opt.sudoku && !killer_boxes(cli, NULL, cli->opt.size,
					     &(int){0}, &(int){0}))
		return CLI_EXIT_USAGE;
	/* Larger Killer grids take many minutes (their uniqueness checks
	 * search rather than reason; doc/GENERATOR.md "Large grids"): not
	 * without a deadline the user chose. */
	if (cli->opt.killer && cli->opt.size > max &&
	    !cli->opt.timeout_ns) {
		cli_msg(NULL, 0, 0, "Killer puzzles larger than %d x %d can "
			"take many minutes to make (a 30 x 30 was not done "
			"in 90 s): give --timeout SECONDS to try anyway, or a "
			"size up to %d", max, max, max);
		return CLI_EXIT_USAGE;
	}
	if (cli->opt.sudoku && cli->opt.size > max &&
	    !cli->opt.timeout_ns) {
		cli_msg(NULL, 0, 0, "Sudoku puzzles larger than %d x %d can "
			"take many minutes to make (a 36 x 36 was not done in "
			"120 s): give --timeout SECONDS to try anyway, or a "
			"size up to %d", max, max, max);
		return CLI_EXIT_USAGE;
	}
	if (cli->opt.hide_ops && cli->opt.size > max &&
	    !cli->opt.timeout_ns) {
		cli_msg(NULL, 0, 0, "puzzles with hidden operators larger "
			"than %d x %d can take many minutes to make (a 63 x 63 "
			"was not done in 90 s): give --timeout SECONDS to try "
			"anyway, or a size up to %d", max, max, max);
		return CLI_EXIT_USAGE;
	}
	if (!gen_params(cli, NULL, cli->opt.size, &par))
		return CLI_EXIT_USAGE;
	memset(&b, 0, sizeof(b));
	if (!level_for(cli, NULL, &par, &b.level))
		return CLI_EXIT_USAGE;
	/* No level, difficulty or rounds asked for: the library's default
	 * (Basic for Killer and Sudoku up to 9 x 9). */
	if (b.level < 0 && cli->opt.iterations < 0)
		b.level = cdok_gen_default_level(&par);
	b.cli = cli;
	b.seed = base_seed(cli);
	b.count = count;
	b.made = calloc(count, sizeof(*b.made));
	if (!b.made) {
		cli_msg(NULL, 0, 0, "out of memory");
		return CLI_EXIT_SYSTEM;
	}
	pthread_mutex_init(&b.lock, NULL);
	pthread_cond_init(&b.done, NULL);
	cli_progress_start(&progress, cli, "generate", "puzzles", count);
	if (cli->opt.jobs > 1)
		for (int t = 0; t < cli->opt.jobs && (uint64_t)t < count; t++)
			if (!pthread_create(&threads[nthreads], NULL, worker,
					    &b))
				nthreads++;

	/* Print in order as puzzles finish; with one job, make each one
	 * right here. */
	for (uint64_t i = 0; i < count; i++) {
		int status;

		if (!nthreads) {
			if (b.stop)
				break;
			make_one(&b, i);
		}
		pthread_mutex_lock(&b.lock);
		while (!b.made[i].ready && !(b.stop && b.next <= i))
			pthread_cond_wait(&b.done, &b.lock);
		pthread_mutex_unlock(&b.lock);
		if (!b.made[i].ready)
			break;
		cli_progress_output(&progress);
		if (b.made[i].code != CLI_EXIT_DONE) {
			cli_msg(NULL, 0, 0, "puzzle %llu (seed %llu): %s",
				(unsigned long long)i + 1,
				(unsigned long long)(b.seed + i),
				b.made[i].error);
			code = b.made[i].code;
			break;
		}
		status = print_made(&b, i);
		made_clear(&b.made[i]);
		cli_progress_step(&progress, 1);
		code = cli_worse(code, status);
		if (cli->out.failed) {
			code = CLI_EXIT_SYSTEM;
			break;
		}
	}
	cli_progress_end(&progress);
	pthread_mutex_lock(&b.lock);
	b.stop = true;
	pthread_mutex_unlock(&b.lock);
	for (int t = 0; t < nthreads; t++)
		pthread_join(threads[t], NULL);
	pthread_mutex_destroy(&b.lock);
	pthread_cond_destroy(&b.done);
	for (uint64_t i = 0; i < count; i++)
		made_clear(&b.made[i]);
	free(b.made);
	return code;
}

/* ---- gen-grid ---- */

/* With --to: the grid as a puzzle whose every cell is given, which is
 * what the spec of givens says in the other formats. */
static int put_grid(struct cli *cli, int index, uint64_t seed,
		    const int *grid, int box_rows, int box_cols)
{
	int n = cli->opt.size, code;
	cdok_puzzle *p = cdok_puzzle_new(n);

	if (!p) {
		cli_msg(NULL, 0, 0, "out of memory");
		return CLI_EXIT_SYSTEM;
	}
	if (cli->opt.nylimb)
		cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB);
	if (cli->opt.killer || cli->opt.sudoku)
		cdok_puzzle_set_boxes(p, box_rows, box_cols);
	for (int cell = 0; cell < n * n; cell++)
		cdok_puzzle_set_given(p, cell, grid[cell]);
	code = put_seeded(cli, NULL, "grid", index, seed, p);
	cdok_puzzle_free(p);
	return code;
}

int cmd_gen_grid(struct cli *cli)
{
	int n = cli->opt.size;
	int *grid = malloc(sizeof(int) * (size_t)(n * n));
	cdok_puzzle *p = cdok_puzzle_new(n);
	uint64_t seed = 0;
	int code = CLI_EXIT_DONE, box_rows = 0, box_cols = 0;
	cdok_gen_params par;

	if (!grid || !p) {
		cli_msg(NULL, 0, 0, "out of memory");
		code = CLI_EXIT_SYSTEM;
		goto out;
	}
	if (cli->opt.nylimb && n > 9) {
		cli_msg(NULL, 0, 0, "Nylimb grids are made up to 9 x 9 (each "
			"line holds one two-digit number, so n + 1 digits); "
			"-s %d is too large", n);
		code = CLI_EXIT_USAGE;
		goto out;
	}
	if (cli->opt.nylimb)
		cdok_puzzle_set_rules(p, CDOK_RULE_NYLIMB);
	/* --killer, --sudoku: a solved Sudoku grid, shown with its
	 * boxes. */
	if (cli->opt.killer || cli->opt.sudoku) {
		if (!killer_boxes(cli, NULL, n, &box_rows, &box_cols)) {
			code = CLI_EXIT_USAGE;
			goto out;
		}
		cdok_puzzle_set_boxes(p, box_rows, box_cols);
	}
	/* A grid is written as a puzzle of givens: the format must hold
	 * the size and the rules. */
	if (!gen_params(cli, NULL, n, &par)) {
		code = CLI_EXIT_USAGE;
		goto out;
	}
	seed = base_seed(cli);
	for (uint64_t k = 0; k < cli->opt.count && code == CLI_EXIT_DONE; k++) {
		cdok_rng rng;

		cdok_rng_seed(&rng, seed + k, 0);
		if ((cli->opt.nylimb ? cdok_generate_nylimb_grid(n, &rng, grid)
		     : box_rows ? cdok_generate_sudoku(n, box_rows,
							      box_cols, &rng,
							      grid)
				       : cdok_generate_grid(n, &rng, grid))
		    != CDOK_OK) {
			cli_msg(NULL, 0, 0, "out of memory");
			code = CLI_EXIT_SYSTEM;
			break;
		}
		if (cli->opt.to) {
			code = put_grid(cli, (int)k + 1, seed + k, grid,
					box_rows, box_cols);
			continue;
		}
		if (k > 0)
			out_puts(&cli->out, "\n");
		code = cli_show(cli, NULL, "spec", p, grid);
	}
out:
	free(grid);
	cdok_puzzle_free(p);
	return code;
}

/* ---- harden ---- */

/* The run's seed and how many puzzles it has hardened: puzzle k of the
 * input uses seed S+k, as generate does. */
struct harden_run {
	uint64_t seed;
	uint64_t index;   /* puzzles hardened so far */
};

/* Keeps the first solution the solver reports. */
struct first_solution {
	int *grid;
	size_t cells;
	bool seen;
};

static int keep_first(void *user, const int *values)
{
	struct first_solution *f = user;

	if (!f->seen)
		memcpy(f->grid, values, f->cells * sizeof(int));
	f->seen = true;
	return 0;
}

static struct harden_run harden_state;

static int harden_one(struct cli *cli, const char *name,
		      const cdok_puzzle *puzzle)
{
	int n = cdok_puzzle_size(puzzle);
	int *grid = malloc(sizeof(int) * (size_t)(n * n));
	struct first_solution first = {grid, (size_t)(n * n), false};
	cdok_solve_params params;
	cdok_result res;
	cdok_gen_params par;
	cdok_error err;
	cdok_rng rng;
	uint64_t seed;
	cdok_status st;
	struct made m;
	int code, level;

	memset(&m, 0, sizeof(m));
	if (!grid) {
		cli_msg(name, 0, 0, "out of memory");
		return CLI_EXIT_SYSTEM;
	}
	/* The input's solution: the first one found, with a warning when
	 * it is not the only one (as the original does). */
	cdok_solve_params_init(&params);
	params.on_solution = keep_first;
	params.user = &first;
	memset(&err, 0, sizeof(err));
	st = cdok_solve(puzzle, &params, NULL, &res, &err);
	if (st != CDOK_OK) {
		cli_report(name, &err);
		free(grid);
		return cli_status_exit(st);
	}
	if (!res.count) {
		char what[64];

		cli_msg(name, 0, 0, "%s has no solution%s%s",
			cli_puzzle_what(cli, what, sizeof(what)),
			res.reason[0] ? ": " : "", res.reason);
		free(grid);
		return CLI_EXIT_NOSOL;
	}
	if (res.count > 1)
		cli_msg(name, 0, 0, "warning: the input's solution is not "
			"unique; using the first one found");

	/* Fitted to --to once the puzzle's own mode is known, below. */
	gen_options(cli, n, &par);
	/* The puzzle's own mode carries over (an @nylimb spec needs no
	 * -N, a Killer puzzle no --killer, and keeps its boxes unless
	 * --boxes says otherwise). */
	par.rules |= cdok_puzzle_rules(puzzle);
	/* Hidden operators too: a puzzle with a hidden cage is hardened
	 * into one, and its two-cell rule is -T's. */
	if (par.rules & CDOK_RULE_TWO_CELL) {
		par.rules &= ~CDOK_RULE_TWO_CELL;
		par.two_cell = 1;
	}
	for (int k = 0; k < cdok_puzzle_cage_count(puzzle); k++)
		if (cdok_cage_op(puzzle, k) == CDOK_OP_ANY &&
		    cdok_cage_size(puzzle, k) > 1)
			par.hide_ops = 1;
	if (cli->opt.killer || cdok_puzzle_box_rows(puzzle)) {
		/* A plain Sudoku (boxes, no cages) stays one, unless
		 * --killer asks for cages. */
		par.killer = cli->opt.killer ||
			     cdok_puzzle_cage_count(puzzle) > 0;
		par.sudoku = !par.killer;
		if (!cli->opt.box_rows && cdok_puzzle_box_rows(puzzle)) {
			par.box_rows = cdok_puzzle_box_rows(puzzle);
			par.box_cols = cdok_puzzle_box_cols(puzzle);
		} else if (!killer_ok(cli, name, n)) {
			free(grid);
			return CLI_EXIT_USAGE;
		}
	}
	if (!gen_fit(cli, name, &par)) {
		free(grid);
		return CLI_EXIT_BADINPUT;
	}
	/* The level is told on the scale of the puzzle to make. */
	if (!level_for(cli, name, &par, &level)) {
		free(grid);
		return CLI_EXIT_USAGE;
	}
	gen_level(cli, level, &par);
	seed = harden_state.seed + harden_state.index++;
	cdok_rng_seed(&rng, seed, 0);
	memset(&err, 0, sizeof(err));
	st = made_make(cli, &m, &par, grid, &rng, &err);
	free(grid);
	if (st != CDOK_OK) {
		made_clear(&m);
		cli_msg(name, 0, 0, "%s", err.message);
		return st == CDOK_ERR_NOMEM ? CLI_EXIT_SYSTEM :
		       st == CDOK_ERR_LIMIT ? CLI_EXIT_GAVEUP : CLI_EXIT_USAGE;
	}
	if (cli->opt.to)
		code = put_made(cli, name, "harden", cli->index, seed, &m);
	else
		code = out_puts(&cli->out, m.text) ? CLI_EXIT_DONE
						   : CLI_EXIT_SYSTEM;
	made_clear(&m);
	return code;
}

int cmd_harden(struct cli *cli)
{
	harden_state.seed = base_seed(cli);
	harden_state.index = 0;
	return cli_each_puzzle(cli, harden_one);
}
