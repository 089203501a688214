/* test_cli_lazy.c -- the program loads libcdok-render (and cairo) only
 * when a picture is asked for (cli/render.c, doc/PICTURES.md "How cdok
 * finds it").
 *
 * Whether a library is loaded is read from the running program's
 * /proc/PID/maps.  To look at a moment when the work that matters is
 * done, the program is given two inputs after the puzzle: a file that
 * cannot be read, whose error on standard error says the puzzle before
 * it was solved, printed or converted, and then standard input, a pipe
 * the test holds open so that the program waits there while its maps
 * are read.  No timing is involved: the test waits for the error line,
 * then for the end of the program after closing the pipe.
 */
#define _GNU_SOURCE 1 /* dladdr */
#include "cli_run.h"

#include <dlfcn.h>
#include <gnu/libc-version.h>
#include <limits.h>

#include "libdir.h"   /* CLI_ABI, made by mk/render.mk */

#define RENDER_SO "libcdok-render.so." CLI_ABI

#define PUZZLE "tests/data/corpus/keen/keen_4e_01.spec"
#define KILLER "tests/data/corpus/killer/killer_kt_01.json"

/* What the program had mapped while it waited, and how it ended. */
struct held {
	bool render;      /* libcdok-render.so was mapped */
	bool cairo;       /* libcairo.so was mapped */
	struct run run;
};

/* Read from fd until a newline has come (or the end), into t. */
static void read_line(int fd, struct text *t)
{
	char c;

	text_append(t, "", 0);
	for (;;) {
		ssize_t n = read(fd, &c, 1);

		if (n < 0 && errno == EINTR)
			continue;
		cr_assert(n >= 0, "read: %s", strerror(errno));
		if (n == 0)
			return;
		text_append(t, &c, 1);
		if (c == '\n')
			return;
	}
}

/* Run bin with args plus a bad input and standard input, look at its
 * maps once it has reported the bad input, then let it finish. */
static void run_held(const char *bin, struct held *h,
		     const char *const *args)
{
	posix_spawn_file_actions_t fa;
	const char *argv[64];
	int in[2], err[2], out_fd = capture_fd(), argc = 0, wstatus, rc;
	char path[64], line[PATH_MAX + 256];
	struct text rest;
	FILE *maps;
	pid_t pid;

	argv[argc++] = "cdok";
	for (; *args; args++)
		argv[argc++] = *args;
	argv[argc++] = "tests/data/corpus/invalid/malformed_two_ops.spec";
	argv[argc++] = "-";
	argv[argc] = NULL;
	cr_assert(pipe(in) == 0 && pipe(err) == 0, "pipe: %s",
		  strerror(errno));
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in[0], 0);
	posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
	posix_spawn_file_actions_adddup2(&fa, err[1], 2);
	posix_spawn_file_actions_addclose(&fa, in[1]);
	posix_spawn_file_actions_addclose(&fa, err[0]);
	rc = posix_spawn(&pid, bin, &fa, NULL, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	cr_assert(rc == 0, "cannot run %s: %s", bin, strerror(rc));
	close(in[0]);
	close(err[1]);

	memset(h, 0, sizeof(*h));
	read_line(err[0], &h->run.err);
	cr_assert(strstr(h->run.err.data, "malformed_two_ops.spec"), "no error about "
		  "the bad input first: %s", h->run.err.data);
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	maps = fopen(path, "r");
	cr_assert(maps, "cannot open %s: %s", path, strerror(errno));
	while (fgets(line, sizeof(line), maps)) {
		if (strstr(line, "/libcdok-render.so"))
			h->render = true;
		if (strstr(line, "/libcairo.so"))
			h->cairo = true;
	}
	fclose(maps);

	close(in[1]);   /* an empty standard input: the program ends */
	rest = read_fd(err[0]);
	text_puts(&h->run.err, rest.data);
	text_free(&rest);
	close(err[0]);
	while (waitpid(pid, &wstatus, 0) < 0)
		cr_assert(errno == EINTR, "waitpid: %s", strerror(errno));
	h->run.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
	lseek(out_fd, 0, SEEK_SET);
	h->run.out = read_fd(out_fd);
	close(out_fd);
}

#define HELD(h, ...) \
	run_held(CDOK_BIN, (h), (const char *const[]){ __VA_ARGS__, NULL })

/* The commands that read, write text and solve leave the pictures'
 * libraries unloaded. */
Test(lazy, text_commands_do_not_load_cairo)
{
	static const char *const cases[][4] = {
		{"solve", PUZZLE},
		{"print", PUZZLE},
		{"-u", "solve", KILLER},
		{"examine", KILLER},
		{"convert", "--to", "json", KILLER},
		{"print", "--to", "ascii", PUZZLE},
		{"solve", "--to", "utf8", PUZZLE},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *const *c = cases[i];
		struct held h;

		run_held(CDOK_BIN, &h, (const char *const[]){
			c[0], c[1], c[2], c[3], NULL});
		cr_expect(!h.render && !h.cairo, "%s %s: libcdok-render %s, "
			  "cairo %s", c[0], c[1], h.render ? "loaded" : "not",
			  h.cairo ? "loaded" : "not");
		/* The puzzle was done: the run ends on the bad input's
		 * status and an empty standard input. */
		cr_expect(h.run.out.len > 0, "%s %s: no output", c[0], c[1]);
		cr_expect_eq(h.run.status, 3, "%s %s: status %d: %s", c[0],
			     c[1], h.run.status, h.run.err.data);
		run_free(&h.run);
	}
}

/* The same look finds them loaded when a picture format is named: the
 * test above does see libraries in the maps. */
Test(lazy, picture_formats_load_them)
{
	struct held h;

	HELD(&h, "print", "--to", "svg", PUZZLE);
	cr_expect(h.render && h.cairo, "libcdok-render %s, cairo %s",
		  h.render ? "loaded" : "not", h.cairo ? "loaded" : "not");
	/* A run that fails writes no picture (doc/PICTURES.md). */
	cr_expect_eq(h.run.status, 3, "status %d: %s", h.run.status,
		     h.run.err.data);
	run_free(&h.run);
}

/* The program itself needs neither: they are no DT_NEEDED entry of its
 * own (readelf, as make install-check uses). */
Test(lazy, not_linked)
{
	char cmd[256];
	struct text t = { NULL, 0 };
	char buf[4096];
	size_t n;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "readelf -d %s", CDOK_BIN);
	p = popen(cmd, "r");
	cr_assert(p, "cannot run readelf");
	text_append(&t, "", 0);
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
		text_append(&t, buf, n);
	cr_assert_eq(pclose(p), 0, "readelf failed");
	cr_expect(strstr(t.data, "(NEEDED)"), "no NEEDED entry: %s", t.data);
	cr_expect(!strstr(t.data, "libcairo"), "cdok links cairo:\n%s",
		  t.data);
	cr_expect(!strstr(t.data, "libcdok-render"), "cdok links "
		  "libcdok-render:\n%s", t.data);
	text_free(&t);
}

/* ---- where the library is looked for ---- */

/* buf = a "/" b, which must fit. */
static void join(char *buf, size_t cap, const char *a, const char *b)
{
	int n = snprintf(buf, cap, "%s/%s", a, b);

	cr_assert(n > 0 && (size_t)n < cap, "path too long: %s/%s", a, b);
}

/* Copy the program to dir/NAME (mode 755). */
static void copy_program(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct text t = read_file(CDOK_BIN);
	FILE *f;

	join(path, sizeof(path), dir, name);
	f = fopen(path, "wb");
	cr_assert(f, "cannot create %s", path);
	cr_assert(fwrite(t.data, 1, t.len, f) == t.len && fclose(f) == 0,
		  "cannot write %s", path);
	cr_assert(chmod(path, 0755) == 0, "chmod %s", path);
	text_free(&t);
}

/* Run the program at bin (not CDOK_BIN) with args, through
 * run_program (cli_run.h). */
static void run_at(const char *bin, struct run *r, const char *const *args)
{
	const char *argv[16];
	int argc = 0;

	argv[argc++] = "cdok";
	for (; *args; args++)
		argv[argc++] = *args;
	argv[argc] = NULL;
	run_program(r, bin, argv, NULL, NULL, NULL);
}

#define AT(bin, r, ...) run_at((bin), (r), (const char *const[]){ \
	__VA_ARGS__, NULL })

/* The absolute path of the build's libcdok-render.so.ABI, beside the
 * program. */
static void built_library(char *buf, size_t cap)
{
	char dir[PATH_MAX];

	cr_assert(realpath(CDOK_BIN, dir), "realpath %s", CDOK_BIN);
	*strrchr(dir, '/') = '\0';
	join(buf, cap, dir, RENDER_SO);
}

/* An installed tree: bin/cdok finds lib/libcdok-render.so.ABI through
 * the path make install wrote into it ("../lib" for the usual
 * prefixes), wherever the tree is. */
Test(lazy, installed_tree_finds_its_library)
{
	char *dir = make_tmpdir(), sub[PATH_MAX], lib[PATH_MAX];
	char bin[PATH_MAX], so[PATH_MAX];
	struct run r;

	join(sub, sizeof(sub), dir, "bin");
	cr_assert(mkdir(sub, 0755) == 0);
	join(lib, sizeof(lib), dir, "lib");
	cr_assert(mkdir(lib, 0755) == 0);
	copy_program(sub, "cdok");
	built_library(so, sizeof(so));
	join(lib, sizeof(lib), dir, "lib/" RENDER_SO);
	cr_assert(symlink(so, lib) == 0, "symlink: %s", strerror(errno));
	join(bin, sizeof(bin), dir, "bin/cdok");

	AT(bin, &r, "print", "--to", "svg", PUZZLE);
	cr_expect_eq(r.status, 0, "status %d: %s", r.status, r.err.data);
	cr_expect(strstr(r.out.data, "<svg"), "no SVG");
	run_free(&r);

	remove(lib);
	join(lib, sizeof(lib), dir, "lib");
	rmdir(lib);
	remove(bin);
	rmdir(sub);
	remove_tmpdir(dir);
}

/* A library beside the program that cannot be loaded (here: not a
 * shared object at all), or a shared object that is not
 * libcdok-render: the pictures are unknown, with the reason; status 5;
 * everything else works. */
Test(lazy, unusable_library)
{
	static const char *const which[] = {"junk", "libc"};

	for (int k = 0; k < 2; k++) {
		char *dir = make_tmpdir(), bin[PATH_MAX], so[PATH_MAX];
		char src[PATH_MAX];
		struct run r;

		copy_program(dir, "cdok");
		join(bin, sizeof(bin), dir, "cdok");
		join(so, sizeof(so), dir, RENDER_SO);
		if (k == 0) {
			write_file(so, "not a library\n");
		} else {
			/* The C library: a shared object in every
			 * build, and not libcdok-render (found by a
			 * call no sanitizer intercepts). */
			Dl_info info;

			cr_assert(dladdr((void *)gnu_get_libc_version, &info) &&
				  info.dli_fname);
			snprintf(src, sizeof(src), "%s", info.dli_fname);
			cr_assert(symlink(src, so) == 0, "symlink: %s",
				  strerror(errno));
		}

		AT(bin, &r, "print", "--to", "png", PUZZLE);
		cr_expect_eq(r.status, 5, "%s: status %d", which[k],
			     r.status);
		expect_match(r.err.data, "^cdok: unknown format 'png' for "
			     "--to: expected spec, .*, or a picture format of "
			     "libcdok-render, which is not available here "
			     "\\(.*libcdok-render\\.so\\." CLI_ABI
			     ".*\\)\n$", which[k]);
		if (k == 1)
			cr_expect(strstr(r.err.data, "has no "
					 "cdok_render_version"), "%s",
				  r.err.data);
		run_free(&r);

		AT(bin, &r, "--paper", "a5", "print", "--to", "pdf", PUZZLE);
		cr_expect_eq(r.status, 5, "--paper: status %d", r.status);
		cr_expect(strstr(r.err.data, "option --paper goes with the "
				 "pages of libcdok-render, which is not "
				 "available here"), "%s", r.err.data);
		run_free(&r);

		AT(bin, &r, "--help");
		cr_expect_eq(r.status, 0);
		cr_expect(strstr(r.out.data, "(The picture formats of "
				 "libcdok-render are not available here:"),
			  "--help does not say why there are no pictures");
		cr_expect(!strstr(r.out.data, "\n  png "), "--help lists png");
		run_free(&r);

		AT(bin, &r, "solve", PUZZLE);
		cr_expect_eq(r.status, 0, "solve: status %d: %s", r.status,
			     r.err.data);
		cr_expect(strstr(r.out.data, "Solution is unique."));
		run_free(&r);

		remove(so);
		remove(bin);
		remove_tmpdir(dir);
	}
}
