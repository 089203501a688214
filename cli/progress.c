/* progress.c -- one line on standard error that says how far a long run
 * has got (cli.h, "progress on long work").
 *
 * The line is for a person watching a terminal: it rewrites itself with
 * a carriage return and is erased at the end, so nothing of it stays in
 * a scroll-back or a log.  By default it appears only when standard
 * error is a terminal; --progress forces it (a test, or a tool that
 * reads it), --no-progress forbids it.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* Redraw at most this often. */
#define REDRAW_NS 100000000ull

struct cli_progress *cli_progress_active;

void cli_progress_hide_active(void)
{
	cli_progress_hide(cli_progress_active);
}

/* "0:15", "12:03" or "3:25:09". */
static void clock_text(char *buf, size_t cap, double seconds)
{
	unsigned long s = seconds < 0 ? 0 : (unsigned long)(seconds + 0.5);

	if (s >= 3600)
		snprintf(buf, cap, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60,
			 s % 60);
	else
		snprintf(buf, cap, "%lu:%02lu", s / 60, s % 60);
}

static void draw(struct cli_progress *p, uint64_t now)
{
	double secs = (double)(now - p->start_ns) / 1e9;
	char line[160], left[32];
	int n;

	n = snprintf(line, sizeof(line), "%s: %llu/%llu %s", p->what,
		     (unsigned long long)p->done,
		     (unsigned long long)p->total, p->unit);
	if (p->done > 0 && secs > 0 && n > 0 && (size_t)n < sizeof(line)) {
		double rate = (double)p->done / secs;

		clock_text(left, sizeof(left),
			   (double)(p->total - p->done) / rate);
		snprintf(line + n, sizeof(line) - (size_t)n, ", %.*f/s, %s left",
			 rate < 10 ? 2 : rate < 100 ? 1 : 0, rate, left);
	}
	/* What the program printed so far goes out first, so that the
	 * line is drawn after it, not in the middle of it. */
	if (p->out)
		out_flush(p->out);
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
	p->shown = true;
	p->drawn_ns = now;
}

void cli_progress_start(struct cli_progress *p, struct cli *cli,
			const char *what, const char *unit, uint64_t total)
{
	memset(p, 0, sizeof(*p));
	p->on = cli->opt.progress > 0 ||
		(cli->opt.progress < 0 && isatty(STDERR_FILENO));
	p->what = what;
	p->unit = unit;
	p->total = total;
	p->out = &cli->out;
	p->start_ns = cli_now_ns();
	if (!p->on)
		return;
	cli_progress_active = p;
	if (total > 1)
		draw(p, p->start_ns);
}

void cli_progress_add_total(struct cli_progress *p, uint64_t n)
{
	p->total += n;
}

void cli_progress_step(struct cli_progress *p, uint64_t n)
{
	uint64_t now;

	if (!p)
		return;
	p->done += n;
	if (!p->on || p->total < 2)
		return;
	now = cli_now_ns();
	/* The last step is always drawn, so that a run's final count is
	 * seen whatever the clock said. */
	if (p->shown && p->done < p->total && now - p->drawn_ns < REDRAW_NS)
		return;
	draw(p, now);
}

void cli_progress_hide(struct cli_progress *p)
{
	if (!p || !p->shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	p->shown = false;
}

void cli_progress_output(struct cli_progress *p)
{
	if (p && p->shown && p->out && p->out->fp &&
	    isatty(fileno(p->out->fp)))
		cli_progress_hide(p);
}

void cli_progress_end(struct cli_progress *p)
{
	cli_progress_hide(p);
	if (cli_progress_active == p)
		cli_progress_active = NULL;
	p->on = false;
}
