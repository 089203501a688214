/* io.c -- messages, whole-input reading and the all-or-nothing output of
 * the cdok program.  Every system call's result is checked here, so the
 * commands can treat input and output as plain buffers and streams.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io.h"

/* ---- messages ---- */

/* Append s to buf (capacity cap, always NUL-terminated), writing control
 * characters as \xNN.  Bytes from 0x80 up are kept so UTF-8 names read
 * normally. */
static void append_escaped(char *buf, size_t cap, size_t *len, const char *s)
{
	static const char hex[] = "0123456789abcdef";

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		size_t need = (c < 0x20 || c == 0x7f) ? 4 : 1;

		if (*len + need >= cap)
			break;
		if (need == 1) {
			buf[(*len)++] = (char)c;
		} else {
			buf[(*len)++] = '\\';
			buf[(*len)++] = 'x';
			buf[(*len)++] = hex[c >> 4];
			buf[(*len)++] = hex[c & 15];
		}
	}
	buf[*len] = '\0';
}

size_t cli_msg_format(char *buf, size_t cap, const char *name, int line,
		      int column, const char *text)
{
	char pos[32];
	size_t len = 0;

	/* One byte is kept for the newline. */
	cap--;
	append_escaped(buf, cap, &len, "cdok: ");
	if (name) {
		append_escaped(buf, cap, &len, name);
		pos[0] = '\0';
		if (line > 0 && column > 0)
			snprintf(pos, sizeof(pos), ":%d:%d", line, column);
		else if (line > 0)
			snprintf(pos, sizeof(pos), ":%d", line);
		append_escaped(buf, cap, &len, pos);
		append_escaped(buf, cap, &len, ": ");
	}
	append_escaped(buf, cap, &len, text);
	buf[len++] = '\n';
	buf[len] = '\0';
	return len;
}

void cli_msg(const char *name, int line, int column, const char *fmt, ...)
{
	char text[1024], line_buf[4096];
	size_t len;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);

	/* Build the whole line first and write it with one call, so that
	 * messages from concurrent processes sharing a terminal do not
	 * interleave mid-line. */
	len = cli_msg_format(line_buf, sizeof(line_buf), name, line,
			     column, text);
	/* A progress line on the terminal makes way for the message. */
	cli_progress_hide_active();
	/* Nothing sensible can be done if stderr itself fails. */
	if (fwrite(line_buf, 1, len, stderr) != len)
		clearerr(stderr);
}

/* ---- input ---- */

enum io_read io_read_input(const char *path, const char *name, char **text,
			   size_t *len)
{
	enum io_read result = IO_READ_FAILED;
	struct stat st;
	char *buf = NULL;
	size_t used = 0, cap;
	int fd;

	*text = NULL;
	*len = 0;
	fd = path ? open(path, O_RDONLY | O_CLOEXEC) : STDIN_FILENO;
	if (fd < 0) {
		cli_msg(name, 0, 0, "cannot open: %s", strerror(errno));
		return IO_READ_FAILED;
	}
	/* A run without a file on a terminal would wait in silence. */
	if (!path && isatty(fd))
		cli_msg(NULL, 0, 0, "reading standard input, the terminal: "
			"type or paste the puzzle and end it with Ctrl-D, or "
			"name a FILE (try cdok --help)");

	/* A regular file tells its size: refuse a huge one before reading
	 * it, and read a normal one with a single allocation.  Pipes and
	 * terminals are read in growing chunks. */
	cap = 64 * 1024;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		if ((uintmax_t)st.st_size > CLI_INPUT_MAX)
			goto too_big;
		cap = (size_t)st.st_size + 1;
	}

	for (;;) {
		ssize_t got;

		/* Keep one byte spare for the NUL, and let the buffer reach
		 * one byte past the cap so an oversized input is noticed. */
		if (used + 1 >= cap) {
			size_t want = cap * 2;
			char *p;

			if (want > CLI_INPUT_MAX + 2)
				want = CLI_INPUT_MAX + 2;
			if (want <= cap)
				goto too_big;
			p = realloc(buf, want);
			if (!p) {
				cli_msg(name, 0, 0, "out of memory");
				goto out;
			}
			buf = p;
			cap = want;
		} else if (!buf) {
			buf = malloc(cap);
			if (!buf) {
				cli_msg(name, 0, 0, "out of memory");
				goto out;
			}
		}
		got = read(fd, buf + used, cap - 1 - used);
		if (got < 0) {
			if (errno == EINTR)
				continue;
			cli_msg(name, 0, 0, "cannot read: %s", strerror(errno));
			goto out;
		}
		if (got == 0)
			break;
		used += (size_t)got;
		if (used > CLI_INPUT_MAX)
			goto too_big;
	}
	buf[used] = '\0';
	*text = buf;
	*len = used;
	buf = NULL;
	result = IO_READ_OK;
	goto out;

too_big:
	cli_msg(name, 0, 0, "input is larger than %zu MiB", CLI_INPUT_MAX >> 20);
	result = IO_READ_TOO_BIG;
out:
	free(buf);
	if (fd != STDIN_FILENO)
		close(fd);
	return result;
}

/* ---- output ---- */

/* The temporary file, so that a signal that ends the run removes it
 * instead of leaving it behind.  unlink() is safe in a signal handler;
 * the name is copied into a static buffer before the handler is armed. */
static char signal_tmp[PATH_MAX];
static volatile sig_atomic_t signal_tmp_armed;

void out_signal_cleanup(void)
{
	if (signal_tmp_armed)
		unlink(signal_tmp);
}

static void remove_tmp_on_signal(int sig)
{
	out_signal_cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void arm_signal_cleanup(const char *tmp)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGTERM };
	struct sigaction sa;

	if (strlen(tmp) >= sizeof(signal_tmp))
		return;
	strcpy(signal_tmp, tmp);
	signal_tmp_armed = 1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = remove_tmp_on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
}

static void disarm_signal_cleanup(void)
{
	signal_tmp_armed = 0;
}

/* Set up writing to the regular (or not yet existing) file target via a
 * temporary file next to it: rename() within one directory is atomic, so
 * readers of target see the old file or the complete new one, and the
 * new file is a new inode (hard links to the old one keep the old
 * content).  The temporary file is named .NAME.cdok-tmp.XXXXXX after
 * the target's NAME, so that one left behind by a killed run (SIGKILL
 * cannot be caught) says what it was for. */
static bool open_via_tmp(struct cli_out *out, const char *target,
			 const struct stat *old)
{
	const char *slash = strrchr(target, '/');
	size_t dirlen = slash ? (size_t)(slash - target) + 1 : 0;
	const char *base = target + dirlen;
	/* Room in a file name (255 bytes) for the dot and the suffix. */
	size_t baselen = strlen(base) > 200 ? 200 : strlen(base);
	static const char suffix[] = ".cdok-tmp.XXXXXX";
	mode_t mode;
	int fd;

	out->path = strdup(target);
	out->tmp = malloc(dirlen + 1 + baselen + sizeof(suffix));
	if (!out->path || !out->tmp) {
		cli_msg(out->name, 0, 0, "out of memory");
		return false;
	}
	memcpy(out->tmp, target, dirlen);
	out->tmp[dirlen] = '.';
	memcpy(out->tmp + dirlen + 1, base, baselen);
	memcpy(out->tmp + dirlen + 1 + baselen, suffix, sizeof(suffix));
	fd = mkstemp(out->tmp);
	if (fd < 0) {
		cli_msg(out->name, 0, 0, "cannot create a temporary file "
			"beside it: %s", strerror(errno));
		return false;
	}
	arm_signal_cleanup(out->tmp);

	/* mkstemp makes the file private; give the result the permissions
	 * of the file it replaces, or those a new file would get. */
	if (old) {
		mode = old->st_mode & 07777;
	} else {
		mode_t mask = umask(0);

		umask(mask);
		mode = 0666 & ~mask;
	}
	if (fchmod(fd, mode) != 0 || !(out->fp = fdopen(fd, "w"))) {
		cli_msg(out->name, 0, 0, "cannot set up the output: %s",
			strerror(errno));
		close(fd);
		unlink(out->tmp);
		disarm_signal_cleanup();
		return false;
	}
	return true;
}

bool out_open(struct cli_out *out, const char *path)
{
	struct stat st;
	char *resolved = NULL;
	const char *target = path;
	bool ok;

	memset(out, 0, sizeof(*out));
	if (!path || !strcmp(path, "-")) {
		out->fp = stdout;
		out->name = "<stdout>";
		return true;
	}
	out->name = path;

	/* Replace what a symbolic link points to, not the link itself. */
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		resolved = realpath(path, NULL);
		if (resolved)
			target = resolved;
	}
	if (stat(target, &st) == 0) {
		if (S_ISREG(st.st_mode)) {
			ok = open_via_tmp(out, target, &st);
		} else if (S_ISDIR(st.st_mode)) {
			cli_msg(path, 0, 0, "cannot write: %s",
				strerror(EISDIR));
			ok = false;
		} else {
			/* A device or a pipe cannot be replaced by a
			 * rename; write to it directly. */
			out->fp = fopen(target, "w");
			if (!out->fp)
				cli_msg(path, 0, 0, "cannot open: %s",
					strerror(errno));
			ok = out->fp != NULL;
		}
	} else if (errno == ENOENT) {
		ok = open_via_tmp(out, target, NULL);
	} else {
		cli_msg(path, 0, 0, "cannot open: %s", strerror(errno));
		ok = false;
	}
	free(resolved);
	if (!ok) {
		free(out->path);
		free(out->tmp);
		out->path = out->tmp = NULL;
		out->fp = NULL;
	}
	return ok;
}

static void write_failed(struct cli_out *out, int err)
{
	if (!out->failed)
		cli_msg(out->name, 0, 0, "write error: %s", strerror(err));
	out->failed = true;
}

bool out_write(struct cli_out *out, const char *data, size_t len)
{
	if (out->failed)
		return false;
	if (len && fwrite(data, 1, len, out->fp) != len) {
		write_failed(out, errno);
		return false;
	}
	out->wrote |= len > 0;
	return true;
}

bool out_puts(struct cli_out *out, const char *s)
{
	return out_write(out, s, strlen(s));
}

bool out_printf(struct cli_out *out, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (out->failed)
		return false;
	va_start(ap, fmt);
	n = vfprintf(out->fp, fmt, ap);
	va_end(ap);
	if (n < 0) {
		write_failed(out, errno);
		return false;
	}
	out->wrote |= n > 0;
	return true;
}

bool out_flush(struct cli_out *out)
{
	if (out->failed)
		return false;
	if (fflush(out->fp) != 0) {
		write_failed(out, errno);
		return false;
	}
	return true;
}

bool out_close(struct cli_out *out, bool keep)
{
	bool ok = !out->failed;

	if (!out->fp)
		return true;

	if (out->fp == stdout) {
		/* Data may still sit in stdio's buffer: a full disk or a
		 * closed descriptor shows up only when it is flushed. */
		if (fflush(stdout) != 0 || ferror(stdout)) {
			write_failed(out, errno);
			ok = false;
		}
		/* A closed standard output is no error for a run that
		 * had nothing to say on it. */
		if (fclose(stdout) != 0 && ok &&
		    (out->wrote || errno != EBADF)) {
			write_failed(out, errno);
			ok = false;
		}
	} else if (out->tmp) {
		if (keep && ok) {
			/* Make the data durable before the rename makes it
			 * visible, or a crash could leave an empty file in
			 * place of the old one. */
			if (fflush(out->fp) != 0 || fsync(fileno(out->fp)) != 0) {
				write_failed(out, errno);
				ok = false;
			}
		}
		if (fclose(out->fp) != 0 && ok && keep) {
			write_failed(out, errno);
			ok = false;
		}
		if (keep && ok && rename(out->tmp, out->path) != 0) {
			cli_msg(out->name, 0, 0, "cannot replace: %s",
				strerror(errno));
			ok = false;
		}
		if (!keep || !ok)
			unlink(out->tmp);
		disarm_signal_cleanup();
	} else {
		if (fclose(out->fp) != 0 && ok) {
			write_failed(out, errno);
			ok = false;
		}
	}
	out->fp = NULL;
	free(out->path);
	free(out->tmp);
	out->path = out->tmp = NULL;
	return ok;
}
