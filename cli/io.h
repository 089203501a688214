/* io.h -- the cdok program's contact with the outside world: messages on
 * standard error, whole inputs read into memory, and an output that
 * replaces its file only when the run succeeds.
 */
#ifndef CDOK_CLI_IO_H
#define CDOK_CLI_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Largest input accepted (bytes).  A puzzle is a few kilobytes; the cap
 * only stops a mistaken `cdok solve /dev/zero` or a huge file from
 * eating memory. */
#define CLI_INPUT_MAX ((size_t)64 << 20)

/* Print "cdok: NAME:LINE:COL: message" on stderr.  name may be NULL
 * (then "cdok: message"); line and column 0 mean no position.  Control
 * characters are shown as \xNN so that a file name or a quoted piece of
 * binary input cannot garble the terminal or split the line. */
void cli_msg(const char *name, int line, int column, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Erase the run's progress line, if one is on the terminal, so that a
 * message does not land in the middle of it (progress.c). */
void cli_progress_hide_active(void);

/* The line cli_msg prints for text, newline included, into buf (cap
 * bytes, at least 2; cut short if need be, always NUL-terminated).
 * Returns its length. */
size_t cli_msg_format(char *buf, size_t cap, const char *name, int line,
		      int column, const char *text);

enum io_read {
	IO_READ_OK,
	IO_READ_TOO_BIG,  /* over CLI_INPUT_MAX: reported */
	IO_READ_FAILED    /* cannot open or read: reported */
};

/* Read a whole input into a new buffer (NUL-terminated, *len excludes
 * the NUL; release with free).  path NULL means standard input.  name is
 * used in messages. */
enum io_read io_read_input(const char *path, const char *name, char **text,
			   size_t *len);

/* Where a run writes its results: standard output, a regular file
 * written through a temporary file in the same directory and renamed
 * over it at the end, or a special file (a device, a pipe) written
 * directly since it cannot be replaced. */
struct cli_out {
	FILE *fp;
	const char *name;  /* for messages */
	char *path;        /* the file the temporary replaces, or NULL */
	char *tmp;         /* the temporary file, or NULL */
	bool failed;       /* a write failed (and was reported) */
	bool wrote;        /* something was written */
};

/* Open the output: path NULL or "-" means standard output.  Returns false
 * (after reporting why) if it cannot be set up. */
bool out_open(struct cli_out *out, const char *path);

/* Write bytes, a string or formatted text.  Return false if this or an
 * earlier write failed; the first failure is reported. */
bool out_write(struct cli_out *out, const char *data, size_t len);
bool out_puts(struct cli_out *out, const char *s);
bool out_printf(struct cli_out *out, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Push what has been written so far out of stdio's buffer.  Returns
 * false if this or an earlier write failed. */
bool out_flush(struct cli_out *out);

/* Remove the temporary output file, if one is being written.  Safe in a
 * signal handler: for a run that is about to end with _exit. */
void out_signal_cleanup(void);

/* Finish the output.  keep says whether the run succeeded: only then is
 * a temporary file renamed over its target; otherwise it is removed and
 * the target is left as it was.  Returns false (after reporting) if
 * flushing, closing or renaming failed. */
bool out_close(struct cli_out *out, bool keep);

#endif /* CDOK_CLI_IO_H */
