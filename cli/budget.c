/* budget.c -- how much work one puzzle may take: --timeout and
 * --max-nodes.
 *
 * The library never reads a clock; it calls back every few hundred
 * search nodes and gives up when the callback says so.  The clock is
 * read here, in that callback: CLOCK_MONOTONIC, so that a change of the
 * system time neither cuts a search short nor lets it run on.
 *
 * A few hundred nodes are quick for an ordinary puzzle, but a node of a
 * puzzle with huge cages can take a long time, and the work before the
 * first node is not counted at all.  So a timer backs the callback up:
 * if the search is still running a second after the deadline, the timer
 * ends the program with the same message and exit status.  Everything
 * printed before the search started has been flushed by then, and a
 * temporary -o file is removed, so the hard stop loses nothing that a
 * soft one would keep.
 */
#include <inttypes.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* How long past the deadline the timer waits for the callback. */
#define HARD_STOP_GRACE_NS UINT64_C(1000000000)

uint64_t cli_now_ns(void)
{
	struct timespec ts;

	/* CLOCK_MONOTONIC cannot fail on Linux; a zero reading would only
	 * make the search run on until the timer stops it. */
	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

double cli_seconds_since(uint64_t start_ns)
{
	return (double)(cli_now_ns() - start_ns) / 1e9;
}

/* ---- the hard stop ---- */

/* What the signal handler needs, prepared before the timer is armed:
 * the message up to the node count, the budget's start, and the nodes
 * seen so far (updated by the progress callback). */
static char hard_prefix[1024];
static size_t hard_prefix_len;
static uint64_t hard_start_ns;
static _Atomic uint64_t hard_nodes;

/* Append the decimal digits of v: snprintf is not safe in a handler. */
static size_t put_u64(char *buf, uint64_t v)
{
	char tmp[24];
	size_t n = 0, len = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		buf[len++] = tmp[--n];
	return len;
}

static size_t put_str(char *buf, const char *s)
{
	size_t n = strlen(s);

	memcpy(buf, s, n);
	return n;
}

static void hard_stop(int sig)
{
	char buf[sizeof(hard_prefix) + 96];
	uint64_t tenths = (cli_now_ns() - hard_start_ns) / 100000000u;
	size_t len = hard_prefix_len;

	(void)sig;
	memcpy(buf, hard_prefix, len);
	len += put_u64(buf + len, atomic_load(&hard_nodes));
	len += put_str(buf + len, " nodes (");
	len += put_u64(buf + len, tenths / 10);
	buf[len++] = '.';
	len += put_u64(buf + len, tenths % 10);
	len += put_str(buf + len, " seconds)\n");
	if (write(STDERR_FILENO, buf, len) < 0) {
		/* Nothing more can be said. */
	}
	out_signal_cleanup();
	_exit(CLI_EXIT_GAVEUP);
}

static void arm_hard_stop(const struct cli_budget *b)
{
	uint64_t ns = b->timeout_ns + HARD_STOP_GRACE_NS;
	struct itimerval it;
	struct sigaction sa;
	char line[sizeof(hard_prefix)];
	size_t len;

	/* "cdok: NAME: gave up after " without the newline. */
	len = cli_msg_format(line, sizeof(line), b->name, 0, 0,
			     "gave up after ");
	hard_prefix_len = len - 1;
	memcpy(hard_prefix, line, hard_prefix_len);
	hard_start_ns = b->start_ns;
	atomic_store(&hard_nodes, 0);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = hard_stop;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	memset(&it, 0, sizeof(it));
	it.it_value.tv_sec = (time_t)(ns / 1000000000u);
	it.it_value.tv_usec = (suseconds_t)(ns % 1000000000u / 1000u);
	setitimer(ITIMER_REAL, &it, NULL);
}

static void disarm_hard_stop(void)
{
	struct itimerval it;

	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
}

/* ---- the budget ---- */

void cli_budget_start(struct cli_budget *b, struct cli *cli,
		      const char *name)
{
	b->max_nodes = cli->opt.max_nodes;
	b->timeout_ns = cli->opt.timeout_ns;
	b->name = name;
	b->nodes = 0;
	if (b->timeout_ns) {
		/* What was printed before is not lost if the timer has to
		 * end the run. */
		out_flush(&cli->out);
		b->start_ns = cli_now_ns();
		arm_hard_stop(b);
	} else {
		b->start_ns = cli_now_ns();
	}
}

void cli_budget_stop(struct cli_budget *b)
{
	if (b->timeout_ns)
		disarm_hard_stop();
}

void cli_budget_hold(struct cli_budget *b, bool hold)
{
	sigset_t set;

	if (!b->timeout_ns)
		return;
	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	sigprocmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

static int on_progress(void *user, uint64_t nodes)
{
	struct cli_budget *b = user;

	atomic_store(&hard_nodes, b->nodes + nodes);
	return cli_now_ns() - b->start_ns >= b->timeout_ns;
}

bool cli_budget_params(struct cli_budget *b, cdok_solve_params *params)
{
	if (b->max_nodes) {
		if (b->nodes >= b->max_nodes)
			return false;
		params->max_nodes = b->max_nodes - b->nodes;
	}
	if (b->timeout_ns) {
		if (cli_now_ns() - b->start_ns >= b->timeout_ns)
			return false;
		params->on_progress = on_progress;
		params->progress_user = b;
	}
	return true;
}

void cli_budget_spent(struct cli_budget *b, const cdok_result *res)
{
	b->nodes += res->nodes;
	/* The solver counts the node it stopped at, which it did not
	 * search: the user asked for at most max_nodes. */
	if (res->gave_up && b->max_nodes && b->nodes > b->max_nodes)
		b->nodes = b->max_nodes;
	if (b->timeout_ns)
		atomic_store(&hard_nodes, b->nodes);
}

int cli_budget_gave_up(const struct cli_budget *b)
{
	double secs = (double)(cli_now_ns() - b->start_ns) / 1e9;

	cli_msg(b->name, 0, 0, "gave up after %" PRIu64 " node%s (%.1f "
		"seconds)", b->nodes, b->nodes == 1 ? "" : "s", secs);
	return CLI_EXIT_GAVEUP;
}
