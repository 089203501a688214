/* test_golden.c -- the cdok program pinned by golden files
 * (tests/cli/README.md).
 *
 * Every tests/cli/GROUP/NAME.sh is a case: a shell script run from the
 * top of the tree with the built program first on PATH (as `cdok`), an
 * empty directory of its own in $CASE_TMP and LC_ALL=C.  What it
 * writes to standard output and standard error, and its exit status,
 * must equal NAME.stdout, NAME.stderr and NAME.exit; a file that is
 * missing stands for empty output, or status 0.
 *
 * With CDOK_BLESS=1 in the environment the files are written from what
 * the cases do instead (an empty output or status 0 removes its file),
 * so that a deliberate change is one command and a reviewed diff:
 *
 *	CDOK_BLESS=1 build/cdok-tests --filter 'golden/cases'
 */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>

#include <limits.h>

#include "cli_run.h"
#include "testlib.h"

#define CASES "tests/cli"

struct golden_case {
	char script[256];   /* tests/cli/GROUP/NAME.sh */
};

static void free_cases(struct criterion_test_params *params)
{
	cr_free(params->params);
}

ParameterizedTestParameters(golden, cases)
{
	char **groups, **names;
	int ngroups, nnames, n = 0, cap = 64;
	struct golden_case *cases = cr_malloc(sizeof(*cases) * (size_t)cap);

	groups = tl_list(CASES, "", &ngroups);
	for (int g = 0; g < ngroups; g++) {
		char dir[128];

		snprintf(dir, sizeof(dir), CASES "/%.100s", groups[g]);
		if (!tl_is_dir(dir))
			continue;
		names = tl_list(dir, ".sh", &nnames);
		for (int i = 0; i < nnames; i++) {
			if (n == cap) {
				struct golden_case *more;

				cap *= 2;
				more = cr_malloc(sizeof(*cases) * (size_t)cap);
				memcpy(more, cases, sizeof(*cases) * (size_t)n);
				cr_free(cases);
				cases = more;
			}
			snprintf(cases[n++].script, sizeof(cases->script),
				 "%s/%.100s", dir, names[i]);
		}
		tl_free_names(names, nnames);
	}
	tl_free_names(groups, ngroups);
	return cr_make_param_array(struct golden_case, cases, (size_t)n,
				   free_cases);
}

/* Run one script; r gets its streams and status.  LeakSanitizer's
 * options reach it from the sanitizer build (make test-asan): their
 * suppressions name what fontconfig keeps for the pictures. */
static void run_script(const char *script, const char *tmp, struct run *r)
{
	char bin[PATH_MAX], path_env[PATH_MAX + 4096], tmp_env[PATH_MAX];
	char lsan_env[PATH_MAX + 64];
	const char *old_path = getenv("PATH"), *lsan = getenv("LSAN_OPTIONS");
	const char *argv[] = { "sh", script, NULL };
	char *envp[] = { path_env, tmp_env, "LC_ALL=C", "HOME=/nonexistent",
			 lsan ? lsan_env : NULL, NULL };

	cr_assert(realpath(CDOK_BIN, bin), "%s: %s", CDOK_BIN,
		  strerror(errno));
	*strrchr(bin, '/') = '\0';
	snprintf(path_env, sizeof(path_env), "PATH=%s:%s", bin,
		 old_path ? old_path : "/usr/bin:/bin");
	snprintf(tmp_env, sizeof(tmp_env), "CASE_TMP=%s", tmp);
	if (lsan)
		snprintf(lsan_env, sizeof(lsan_env), "LSAN_OPTIONS=%s", lsan);
	run_program(r, "sh", argv, envp, NULL, NULL);
}

/* The expected file next to the script: NAME.WHAT. */
static void expected_path(const char *script, const char *what, char *buf,
			  size_t len)
{
	size_t base = strlen(script) - strlen(".sh");

	snprintf(buf, len, "%.*s.%s", (int)base, script, what);
}

static struct text expected(const char *script, const char *what)
{
	char path[300];
	struct text t = { NULL, 0 };

	expected_path(script, what, path, sizeof(path));
	if (access(path, F_OK) == 0)
		return read_file(path);
	text_append(&t, "", 0);
	return t;
}

/* Write what a case did as its expected output; empty output and status
 * 0 are the defaults and have no file. */
static void bless(const char *script, const char *what, const char *data,
		  size_t len)
{
	char path[300];
	FILE *f;

	expected_path(script, what, path, sizeof(path));
	if (!len) {
		unlink(path);
		return;
	}
	f = fopen(path, "wb");
	cr_assert(f && fwrite(data, 1, len, f) == len && fclose(f) == 0,
		  "cannot write %s", path);
}

/* Built with AddressSanitizer: the sanitizer build of make check. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

ParameterizedTest(struct golden_case *c, golden, cases)
{
	char *tmp, plain[300];
	struct text want_out, want_err, want_exit;
	struct run r;
	char status[16], what[300];

	/* A case with a NAME.plain file runs in the plain build only; the
	 * file says why (tests/cli/README.md). */
	expected_path(c->script, "plain", plain, sizeof(plain));
	if (SANITIZED && access(plain, F_OK) == 0)
		cr_skip_test("%s runs in the plain build only (%s)", c->script,
			     plain);
	tmp = make_tmpdir();
	run_script(c->script, tmp, &r);
	remove_tmpdir(tmp);
	snprintf(status, sizeof(status), "%d\n", r.status);
	if (getenv("CDOK_BLESS") && *getenv("CDOK_BLESS")) {
		bless(c->script, "stdout", r.out.data, r.out.len);
		bless(c->script, "stderr", r.err.data, r.err.len);
		bless(c->script, "exit", status, r.status ? strlen(status) : 0);
		run_free(&r);
		return;
	}
	want_out = expected(c->script, "stdout");
	want_err = expected(c->script, "stderr");
	want_exit = expected(c->script, "exit");
	if (!want_exit.len)
		text_puts(&want_exit, "0\n");
	cr_expect(!strcmp(status, want_exit.data), "%s: exit status %d, "
		  "want %s", c->script, r.status, want_exit.data);
	snprintf(what, sizeof(what), "standard output of %s", c->script);
	expect_text(&r.out, want_out.data, want_out.len, what);
	snprintf(what, sizeof(what), "standard error of %s", c->script);
	expect_text(&r.err, want_err.data, want_err.len, what);
	text_free(&want_out);
	text_free(&want_err);
	text_free(&want_exit);
	run_free(&r);
}
